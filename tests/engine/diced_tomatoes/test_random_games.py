"""Diced Tomatoes property test: 500 seeded random games with 1–6 players and random options.

After every action: dice are conserved (bushel + hand + passed + vines + score tracks = 13 or 14
per player, colour by colour), karma and bits stay in range, vines are legal sets or sequences,
the state round-trips through ``to_dict`` (and JSON) and the notation, a clone is independent of
the original, and every listed action is accepted while a sample of unlisted ones is refused with
the state unchanged. At the end the saved history replays through engine.match.Match to the same
state.
"""
from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.diced_tomatoes import GAME, format_position, parse_position
from engine.diced_tomatoes import rules
from engine.diced_tomatoes.state import (OPTION_NAMES, PassDie, PlaceDie, DicedTomatoesState,
                                         FlipSeed, CleanVine, SetDie)
from engine.match import Match, Seat, pick_outcome

MAX_STEPS = 5000


def check_invariants(s: DicedTomatoesState) -> None:
    n = s.num_players
    # Dice are conserved, colour by colour.
    counts = dict(s.bushel)
    for d in s.hand:
        if d is not None:
            counts[d[0]] += 1
    for c in s.passed:
        counts[c] += 1
    for seat in s.vines:
        for vine in seat:
            for c, _ in vine:
                counts[c] += 1
    counts["r"] += sum(len(x) for x in s.score)
    assert counts == rules.full_bushel(n, s.options)
    assert sum(counts.values()) == rules.dice_per_player(s.options) * n
    assert min(s.bushel.values()) >= 0
    # Karma, bits, tracks and vines stay within the rules.
    cap = 12 if s.options["update_2023"] and s.phase == "turn" else 6
    assert all(0 <= k <= cap for k in s.karma), s.karma
    assert all(0 <= b < 3 for b in s.bits)
    for p in range(n):
        assert len(s.score[p]) <= 6 and all(1 <= v <= 6 for v in s.score[p])
        active = sum(1 for v in s.vines[p] if v)
        if not s.options["open_empty"]:
            assert len(s.score[p]) + active <= 6
        for vine in s.vines[p]:
            if vine:
                assert len(vine) <= 4 and vine[0][0] == "r"
                assert rules.is_set_or_sequence([f for _, f in vine])
                if len(vine) == 4:
                    assert not 1 <= rules.vine_value(vine) <= 6
    assert (s.first_six is None) == (not s.final_round) or s.final_round


def round_trips(s: DicedTomatoesState) -> None:
    d = s.to_dict()
    again = DicedTomatoesState.from_dict(json.loads(json.dumps(d)))
    assert again.to_dict() == d
    text = format_position(s)
    assert format_position(parse_position(text)) == text
    assert parse_position(text) == s


def refused_sample(s: DicedTomatoesState, legal: list, rng: random.Random) -> None:
    """A few actions that are not listed must be refused, leaving the state unchanged."""
    n = s.num_players
    candidates = [PlaceDie(rng.randrange(len(s.hand) + 1), rng.randrange(n), rng.randrange(3)),
                  PassDie(rng.randrange(len(s.hand) + 1)),
                  FlipSeed(rng.randrange(n), rng.randrange(3)),
                  CleanVine(rng.randrange(n), rng.randrange(3)),
                  SetDie(rng.randrange(len(s.hand) + 1), rng.randrange(1, 7))]
    before = s.to_dict()
    for a in candidates:
        if a in legal:
            continue
        try:
            s.apply_action(a)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"{a} was applied but is not listed as legal")
        assert s.to_dict() == before


def play_one(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.randint(1, 6)
    options = {k: rng.random() < 0.4 for k in OPTION_NAMES}
    match = Match(GAME, [Seat("human", f"P{i + 1}") for i in range(n)], options, seed=seed)
    s = match.state
    check_invariants(s)
    step = 0
    while match.current_player() != TERMINAL:
        step += 1
        assert step < MAX_STEPS, "game too long"
        s = match.state
        if s.current_player() == CHANCE:
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            match.resolve_chance(pick_outcome(outcomes, rng))
        else:
            legal = s.legal_actions()
            assert legal, "a player with no legal action"
            assert len(set(legal)) == len(legal)
            if step % 7 == 0:
                # every listed action applies on a clone; the original does not change
                before = s.to_dict()
                for a in legal:
                    s.clone().apply_action(a)
                assert s.to_dict() == before
                refused_sample(s, legal, rng)
            # prefer placements so games stay short, but use everything
            action = legal[int(rng.random() * len(legal))]
            match.apply(action)
        s = match.state
        check_invariants(s)
        if step % 3 == 0:
            round_trips(s)
            c = s.clone()
            if c.current_player() >= 0:
                c.apply_action(c.legal_actions()[0])
            elif c.current_player() == CHANCE:
                c.apply_action(c.chance_outcomes()[0][0])
            assert match.state.to_dict() == s.to_dict()
    round_trips(match.state)
    sheet = match.state.score_sheet()
    assert len(sheet["rows"]) == n and sheet["columns"][-1] == "Total"
    assert match.state.returns() == [1.0 if p in sheet["winners"] else 0.0 for p in range(n)]
    if n > 1:
        assert sheet["winners"]
    replayed = Match.from_save(GAME, json.loads(json.dumps(match.to_save())))
    assert replayed.state == match.state


@settings(max_examples=500, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.integers(min_value=0, max_value=2**31))
def test_500_random_games_conserve_dice_and_round_trip(seed):
    """Hypothesis: 500 seeded random games with 1–6 players and random options."""
    play_one(seed)
