"""Random play: seeded games with invariants after every action, round trips, exact replay
through engine.match.Match, a proven bound on the number of turns, and bot autoplay."""

import functools
import random
import re

import pytest

from engine.bots import make_bot
from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.match import Match, Seat
from engine.off_the_rails import GAME, notation, rules
from engine.off_the_rails.data import TOTAL_GEMS, lengths_for, piles_for_length
from engine.off_the_rails.events import apply_event
from engine.off_the_rails.state import (
    BOOKKEEPING_EVENTS,
    ChangeSpeed,
    ChasmCardShuffledBack,
    OTRState,
    PlaceCart,
    PlaceTile,
    UpgradeTile,
)
from tests.contract import contract_check
from tests.engine.off_the_rails.helpers import gem_total, play, track_policy
from tests.soak import keep_first

CHUNKS, GAMES_PER_CHUNK = 2, 12

MAX_DECISIONS_PER_TURN = 80
"""A turn has at most 5 action-phase decisions and, per cart (at most 4 in solo, 2 otherwise),
a choice of cart, 6 steps each with 1 exit and 2 gem choices, one split and one pick, plus one
mission choice and one chasm token: 5 + 4 * (1 + 6 * 3 + 2) + 1 + 1 < 92; random play stays
well under 80 (checked)."""


def options_for(seed):
    r = random.Random(seed)
    n = r.randint(1, 4)
    options = {
        "bumper_carts": r.random() < 0.3,
        "chasm_die": r.random() < 0.5,
        "split_rule": r.choice(["choose", "larger"]),
        "game_length": r.choice(lengths_for(n) or (21,)),
    }  # solo: not used
    return n, options


def probe_actions(s, rng):
    """A few actions that may or may not be legal, to check that exactly the legal ones apply."""
    r, c = int(rng.random() * 14) - 1, int(rng.random() * 14) - 1
    return [
        PlaceTile(r, c, "NS"),
        PlaceTile(r, c, "NES"),
        UpgradeTile(r, c, "NESW"),
        PlaceCart(int(rng.random() * len(s.carts)), r, c),
        ChangeSpeed(int(rng.random() * len(s.carts)), 1),
    ]


def check_state(s: OTRState, rng, deep: bool):
    assert gem_total(s) == TOTAL_GEMS
    assert all(
        min(x) >= 0
        for x in [s.bag, s.lost, *s.stockpiles, *s.gems.values(), *(k.load for k in s.carts)]
    )
    assert all(sum(k.load) <= 5 for k in s.carts)
    assert len(s.chasm) <= 20 and not (set(s.chasm) & set(s.tiles))
    assert all(
        k.square in s.tiles
        for k in s.carts
        if k.where == "board" and 0 <= k.square[0] < 12 and 0 <= k.square[1] < 12
    )
    if not deep:
        return
    d = s.to_dict()
    assert OTRState.from_dict(d).to_dict() == d
    assert s.clone() == s
    assert notation.parse(notation.format(s)) == s
    p = s.current_player()
    if p >= 0:
        legal = s.legal_actions()
        assert legal
        a = legal[int(rng.random() * len(legal))]
        s.clone().apply_action(a)  # every listed action applies
        assert s.observation(p).legal_actions() == legal
        for probe in probe_actions(s, rng):
            c = s.clone()
            if probe in legal:
                c.apply_action(probe)
            else:
                try:
                    c.apply_action(probe)
                except IllegalAction:
                    assert c == s  # refused and unchanged
                else:
                    raise AssertionError(f"{probe} applied but is not listed as legal")
    elif p == CHANCE:
        total = sum(pr for _, pr in s.chance_outcomes())
        assert abs(total - 1) < 1e-9


def check_events(before: OTRState, events, after: OTRState):
    """Issue 16: the engine owns its events: applying a step's events one by one to the state
    before the step gives exactly the state after it, and leaves ``before`` unchanged."""
    snapshot = before.to_dict()
    assert functools.reduce(apply_event, events, before).to_dict() == after.to_dict()
    assert before.to_dict() == snapshot


def check_end(s: OTRState) -> None:
    """The finished game: terminal, one score row per player, totals that add up."""
    assert s.current_player() == TERMINAL
    sheet = s.score_sheet()
    assert len(sheet["rows"]) == s.num_players and sheet["columns"][-1] == "Total"
    if s.num_players > 1:
        assert sheet["winners"] and all(r[-1] == sum(r[:-1]) for r in sheet["rows"])


def play_random_games(seeds) -> None:
    """One random game per seed (1-4 players and options drawn from the seed), through
    :func:`tests.contract.contract_check` with Off the Rails' own invariants: after every step
    the 66 gems are conserved, loads and the chasm stay in range; every 11th step probes of
    tiles, carts and speeds at random squares apply exactly when listed; the end adds up."""
    for seed in seeds:
        num_players, options = options_for(seed)
        rng = random.Random(seed ^ 0x5EED)

        def invariants(s, step, rng=rng):
            check_state(s, rng, deep=step % 11 == 0)
            if s.is_terminal():
                check_end(s)

        contract_check(
            GAME,
            seeds=[seed],
            players=[num_players],
            options_for=lambda _rng, _n, options=options: dict(options),
            choose=lambda spec, s, legal, game_rng: track_policy(s, game_rng),
            deep_every=11,
            invariants=invariants,
        )


@pytest.mark.parametrize("chunk", keep_first(range(CHUNKS)))
@pytest.mark.long
def test_random_games_conserve_gems_and_keep_the_contract(chunk):
    """Seeded random games, 12 a chunk: the first in every run, the second with ``-m soak``
    (``python -m bench.random_games`` plays thousands)."""
    play_random_games(range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK))


@pytest.mark.long
def test_random_games_end_within_a_proven_number_of_turns():
    """Turn bound. Clan game: every turn before the Chasm card reveals one deposit card (at most
    4 * piles + 1 turns), then every player has one more turn (n), then each chasm-phase turn
    places one of the 16 tokens left in the supply, so at most 4 * piles + 1 + n + 16 turns.
    Solo: every deposit phase places a chasm token or reveals the Chasm card, and the number cards
    run out only after all 20 tokens are placed, so turns <= tokens placed + Chasm card reveals.
    Each turn has a bounded number of decisions (MAX_DECISIONS_PER_TURN)."""
    for seed in range(80):
        n, options = options_for(seed)
        shuffled = [0]
        per_turn = {}
        state_ref = {}

        def on_step(s, action, events, shuffled=shuffled, state_ref=state_ref):
            shuffled[0] += sum(isinstance(e, ChasmCardShuffledBack) for e in events)
            state_ref["s"] = s

        s, history = play(seed, n, options, on_step)
        if n == 1:
            assert s.turn <= len(s.chasm) + shuffled[0]
        else:
            assert s.turn <= 4 * piles_for_length(options["game_length"]) + 1 + n + 16
        # decisions per turn, replayed from the history
        r = rules.new_state(n, options)
        for player, action in history:
            if player >= 0:
                per_turn[r.turn] = per_turn.get(r.turn, 0) + 1
            r.apply_action(action)
        assert max(per_turn.values()) <= MAX_DECISIONS_PER_TURN


@pytest.mark.parametrize("players", keep_first([1, 2, 3, 4], 2))
@pytest.mark.long
def test_bot_autoplay_reaches_the_end_for_each_player_count(players):
    """A Match with bot seats (engine.bots.make_bot) plays to TERMINAL for 1-4 players (3 and
    4 with ``-m soak``)."""
    seats = [Seat("bot", f"Bot {i + 1}", "easy") for i in range(players)]
    match = Match(GAME, seats, {}, seed=5 + players)
    for _ in range(20000):
        if match.is_terminal():
            break
        if match.is_chance():
            match.advance_chance()
        else:
            match.play_bot_turn_now(make_bot)
    assert match.is_terminal()
    assert len(match.state.score_sheet()["rows"]) == players
    assert match.state.returns() == [
        1.0 if p in match.state.score_sheet()["winners"] else 0.0 for p in range(players)
    ]


def test_medium_bot_picks_a_legal_move():
    match = Match(GAME, [Seat("bot", "A", "medium"), Seat("bot", "B", "medium")], {}, seed=3)
    match.advance_chance()
    match.play_bot_turn_now(make_bot)  # the edge choice
    match.advance_chance()
    legal = match.legal_actions()
    match.play_bot_turn_now(make_bot)
    assert match.history[-1].action in legal


def test_event_texts_are_sentences():
    names = ["Ana", "Ben", "Cy", "Di"]
    seen = set()

    def on_step(s, action, events):
        for e in events:
            if type(e) not in seen:
                seen.add(type(e))
                text = e.text(names[: s.num_players])
                if isinstance(e, BOOKKEEPING_EVENTS):
                    assert text == ""  # the log skips it
                    continue
                assert text and text[0].isupper() and text.endswith("."), text
                assert type(e).text is not type(e).__mro__[1].text
                # no grid coordinates (the board labels squares A1-L12), "an" before vowels
                assert not re.search(r"\(-?\d+, ?-?\d+\)| a [aeiou]", text), text
        assert s.action_to_string(action)
        assert not re.search(r"\(-?\d+, ?-?\d+\)| a [aeiou]", s.action_to_string(action))

    for seed in range(12):
        n, options = options_for(seed)
        play(seed, n, options, on_step)
    assert len(seen - set(BOOKKEEPING_EVENTS)) >= 20


@pytest.mark.parametrize("first_seed", keep_first([0, 20]))
@pytest.mark.long
def test_crowded_ring_games_split_pick_drop_and_conserve_gems(first_seed):
    """Random play from crowded positions (every cart loaded on one loop of track), 20 seeds a
    case (the second with ``-m soak``): collisions with drops, owner splits and mover picks,
    under both split rules and Bumper Carts; gems are conserved and the state round-trips after
    every action."""
    from engine.off_the_rails.state import DropGems, GemsDropped, PickPile
    from tests.engine.off_the_rails.helpers import play_from, ring_position

    seen = {"drop": 0, "split": 0, "larger": 0}
    for seed in range(first_seed, first_seed + 20):
        n = 2 + seed % 3
        options = {
            "split_rule": "larger" if seed % 4 == 3 else "choose",
            "bumper_carts": seed % 7 == 6,
        }
        s = ring_position(seed, n, **options)
        rng = random.Random(seed)
        start = gem_total(s)
        previous = [s.clone()]

        def on_step(st, action, events, start=start, previous=previous):
            assert gem_total(st) == start
            check_events(previous[0], events, st)
            previous[0] = st.clone()
            seen["drop"] += sum(isinstance(e, GemsDropped) for e in events)
            seen["split"] += isinstance(action, PickPile)
            seen["larger"] += isinstance(action, DropGems)
            if isinstance(action, PickPile):
                assert OTRState.from_dict(st.to_dict()) == st

        play_from(s, rng, on_step)
    assert seen["drop"] > 10 and seen["split"] > 3 and seen["larger"] > 0, seen


def test_records_round_trip_and_every_event_has_text():
    """Actions and events are plain frozen records: to_dict/RecordCodec round-trip; every Event
    subclass overrides text(names)."""
    from engine.core import RecordCodec
    from engine.off_the_rails.state import EVENTS

    assert all("text" in cls.__dict__ for cls in EVENTS)
    event_codec = RecordCodec(EVENTS)
    kinds = set()

    def on_step(s, action, events):
        kinds.add(type(action))
        assert GAME.action_codec.from_dict(action.to_dict()) == action
        for e in events:
            assert event_codec.from_dict(e.to_dict()) == e

    for seed in range(6):
        n, options = options_for(seed)
        play(seed, n, options, on_step)
    assert len(kinds) >= 12


def test_rules_summary_shape():
    """RULES_SUMMARY: headings "# "/"## ", bullets "- ", every option explained."""
    from engine.off_the_rails import RULES_SUMMARY

    lines = RULES_SUMMARY.splitlines()
    assert lines[0] == "# Off the Rails"
    for heading in ("## Setup", "## A turn", "## Scoring", "## Options", "## Solo game"):
        assert heading in lines
    for option in GAME.options:
        assert option.label.split()[0] in RULES_SUMMARY
