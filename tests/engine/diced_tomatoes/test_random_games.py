"""Diced Tomatoes property test: 500 seeded random games with 1–6 players and random options.

After every action: dice are conserved (bushel + hand + passed + vines + score tracks = 13 or 14
per player, colour by colour), karma and bits stay in range, vines are legal sets or sequences,
the state round-trips through ``to_dict`` (and JSON) and the notation, a clone is independent of
the original, and every listed action is accepted while a sample of unlisted ones is refused with
the state unchanged; and the step's events, applied one by one with ``events.apply_event`` to the
state before it, give exactly the state after it, leaving the state before unchanged (issue 16).
At the end the saved history replays through engine.match.Match to the same state.
"""
from __future__ import annotations

import functools
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import CHANCE, IllegalAction
from engine.diced_tomatoes import GAME, format_position, parse_position, rules
from engine.diced_tomatoes.events import apply_event
from engine.diced_tomatoes.state import (
    KARMA_COSTS,
    OPTION_NAMES,
    CleanVine,
    DicedTomatoesState,
    FlipSeed,
    PassDie,
    PlaceDie,
    SetDie,
)
from engine.match import Match, Seat, pick_outcome

MAX_STEPS = 5000


def check_invariants(s: DicedTomatoesState, vines_too: bool = True) -> None:
    """Dice conserved colour by colour, karma/bits/tracks in range; with ``vines_too`` also
    every vine a legal set or sequence of at most 4 dice (never a harvestable complete vine)."""
    n = s.num_players
    options = s.options
    # Dice are conserved, colour by colour.
    counts = dict(s.bushel)
    assert min(counts.values()) >= 0
    for d in s.hand:
        if d is not None:
            counts[d[0]] += 1
    for c in s.passed:
        counts[c] += 1
    cap = 12 if options["update_2023"] and s.phase == "turn" else 6
    for p in range(n):
        score = s.score[p]
        counts["r"] += len(score)
        assert len(score) <= 6 and all(1 <= v <= 6 for v in score)
        active = 0
        for vine in s.vines[p]:
            if not vine:
                continue
            active += 1
            for c, _ in vine:
                counts[c] += 1
            if not vines_too:
                continue
            assert len(vine) <= 4 and vine[0][0] == "r"
            assert rules.is_set_or_sequence([f for _, f in vine])
            if len(vine) == 4:
                assert not 1 <= rules.vine_value(vine) <= 6
        if not options["open_empty"]:
            assert len(score) + active <= 6
        # Karma and bits stay within the rules.
        assert 0 <= s.karma[p] <= cap and 0 <= s.bits[p] < 3
    assert counts == rules.full_bushel(n, options)
    assert sum(counts.values()) == rules.dice_per_player(options) * n
    assert s.final_round == (s.first_six is not None)


def round_trips(s: DicedTomatoesState, through_json: bool = False) -> None:
    d = s.to_dict()
    if through_json:
        d = json.loads(json.dumps(d))
        assert d == s.to_dict()
    assert DicedTomatoesState.from_dict(d).to_dict() == d
    # format is a function of to_dict, so equal dicts also give back the same text
    assert parse_position(format_position(s)).to_dict() == d


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
    """Play one seeded random game on a bare state, checking as it goes, then replay its
    history through engine.match.Match (Match.from_save) and compare the final state."""
    rng = random.Random(seed)
    n = rng.randint(1, 6)
    options = GAME.resolve_options({k: rng.random() < 0.4 for k in OPTION_NAMES}, n)
    s = GAME.new_state(n, dict(options))
    history = []
    check_invariants(s)
    step = 0
    while not s.is_terminal():
        step += 1
        assert step < MAX_STEPS, "game too long"
        player = s.current_player()
        if player == CHANCE:
            outcomes = s.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = pick_outcome(outcomes, rng)
        else:
            legal = s.legal_actions()
            assert legal, "a player with no legal action"
            if step % 10 == 0:
                assert len(set(legal)) == len(legal)
                # every listed action applies on a clone; the original does not change
                before = s.to_dict()
                for a in legal:
                    s.clone().apply_action(a)
                assert s.to_dict() == before
                refused_sample(s, legal, rng)
                for i, colour, face in s.rolled_dice():
                    assert s.targets_for_die(i) == [
                        (p, t) for p in range(n) for t in range(3)
                        if rules.can_place(s, colour, face, p, t)]
            # Mostly dice moves (placements, passes, end turn, clean-up) so games stay short;
            # karma actions a quarter of the time when affordable.
            plain = [a for a in legal if type(a) not in KARMA_COSTS]
            pool = plain if plain and rng.random() < 0.75 else legal
            action = pool[int(rng.random() * len(pool))]
        before = s.clone()
        before_dict = before.to_dict()
        events = s.apply_action(action)
        replayed = functools.reduce(apply_event, events, before)
        assert replayed.to_dict() == s.to_dict(), (step, action, events)
        assert before.to_dict() == before_dict      # apply_event changes copies only
        history.append({"player": player, "action": action.to_dict()})
        check_invariants(s, vines_too=step % 4 == 0)
        if step % 2 == 0:
            d = s.to_dict()
            assert DicedTomatoesState.from_dict(d).to_dict() == d
        if step % 6 == 0:
            round_trips(s, through_json=step % 60 == 0)
            c = s.clone()
            if c.current_player() >= 0:
                c.apply_action(c.legal_actions()[0])
            elif c.current_player() == CHANCE:
                c.apply_action(c.chance_outcomes()[0][0])
            assert s.to_dict() == d
    round_trips(s, through_json=True)
    sheet = s.score_sheet()
    assert len(sheet["rows"]) == n and sheet["columns"][-1] == "Total"
    assert s.returns() == [1.0 if p in sheet["winners"] else 0.0 for p in range(n)]
    if n > 1:
        assert sheet["winners"]
    save = {"game": GAME.id, "options": options, "seed": seed, "history": history,
            "seats": [Seat("human", f"P{i + 1}").to_dict() for i in range(n)],
            "snapshot": s.to_dict()}
    replayed = Match.from_save(GAME, json.loads(json.dumps(save)))
    assert replayed.state == s and replayed.is_terminal()


@settings(max_examples=500, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
@given(st.integers(min_value=0, max_value=2**31))
def test_500_random_games_conserve_dice_and_round_trip(seed):
    """Hypothesis: 500 seeded random games with 1–6 players and random options."""
    play_one(seed)
