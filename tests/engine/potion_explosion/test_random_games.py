"""Random play (issue 5, "Tests"): seeded random legal games with invariants after every action,
round trips through to_dict / notation / clone, exact replay through engine.match.Match, and
bot autoplay to the end for every player count. After every step (chance included) the step's
events, applied one by one with events.apply_event, give exactly the next state (issue 16).

To keep the folder fast, the 500 hypothesis games are played through the Match up to 120
player decisions each (setup, draft and the first turns); cheap invariants (80 marbles, tracks
of at most 8, a listed action applies) are checked after every action and the round trips after
every few actions and at the end. Separate full games play every player count to the end.
"""
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.core import CHANCE, IllegalAction
from engine.match import Match, Seat
from engine.potion_explosion import GAME
from engine.potion_explosion.events import apply_event
from engine.potion_explosion.notation import format_position, parse_position
from engine.potion_explosion.rules import unseen_tiles
from engine.potion_explosion.state import (
    BOOKKEEPING_EVENTS,
    Drink,
    EndTurn,
    LittleHelp,
    PlaceMarble,
    PotionExplosionState,
)


def check_round_trips(s) -> None:
    data = s.to_dict()
    assert PotionExplosionState.from_dict(json.loads(json.dumps(data))).to_dict() == data
    text = format_position(s)
    assert format_position(parse_position(text)) == text
    assert parse_position(text) == s
    assert s.clone() == s
    assert s.observation(0) == s


def check_events_give_the_next_state(before, events, after) -> None:
    """Issue 16 / EVENTS.md: the step's events applied one by one to the state before it give
    exactly the state after it, and apply_event leaves its input unchanged. The table scene
    draws the states in between, so each must say whose turn it is."""
    start = before.to_dict()
    between = before
    for event in events:           # functools.reduce(apply_event, events, before), step by step
        between = apply_event(between, event)
        assert 0 <= between.turn_owner() < between.num_players
        assert between.current_player() < between.num_players
    assert between.to_dict() == after.to_dict(), events
    assert before.to_dict() == start


def check_invariants(s) -> None:
    assert s.marble_count() == 80
    assert all(len(t) <= 8 for t in s.tracks)
    assert all(sum(d.pool) <= 3 and all(w <= p for w, p in zip(d.wild, d.pool, strict=True))
               for d in s.desks)
    if s.phase not in ("types", "first", "starters", "draft"):
        # tiles: the face-down tiles of the stacks are exactly the unseen ones
        assert sum(stack.face_down for stack in s.stacks) == sum(unseen_tiles(s).values())
    assert s.countdown >= 0 and s.supply >= 0


def choose(s, legal, rng):
    """A random player that places, drinks and ends its turn often, so games move on."""
    r = rng.random()
    places = [a for a in legal if isinstance(a, PlaceMarble)]
    if places and r < 0.7:
        return rng.choice(places)
    drinks = [a for a in legal if isinstance(a, Drink)]
    if drinks and r < 0.8:
        return rng.choice(drinks)
    if EndTurn() in legal and r < 0.9:
        return EndTurn()
    others = [a for a in legal if not isinstance(a, LittleHelp)]
    if others and rng.random() < 0.9:
        legal = others
    return rng.choice(legal)


def play(seed: int, decisions_cap: int, check_every: int) -> Match:
    rng = random.Random(seed)
    n = 2 + seed % 5
    options = {"types": rng.choice(["random", "chosen", "first_game"]),
               "first_player": rng.choice(["random", "seat1"])}
    match = Match(GAME, [Seat("human", f"P{i}") for i in range(n)], options, seed)
    decisions = steps = 0
    seen = []
    while not match.is_terminal() and decisions < decisions_cap:
        s = match.state
        state_before = s.clone()
        if s.current_player() == CHANCE:
            events = match.resolve_chance()
        else:
            legal = s.legal_actions()
            assert legal, "a player with no legal action"
            action = choose(s, legal, rng)
            if len(seen) < 400:
                seen.extend(legal[:8])
            if decisions % 97 == 0:
                # every listed action applies; unlisted ones (seen in other positions) are
                # refused with the state unchanged — the Match trusts the game for that
                for a in legal:
                    s.clone().apply_action(a)
                for a in [EndTurn()] + rng.sample(seen, min(25, len(seen))):
                    if a in legal:
                        continue
                    c = s.clone()
                    before = c.to_dict()
                    try:
                        c.apply_action(a)
                        raise AssertionError(f"an unlisted action was accepted: {a}")
                    except IllegalAction:
                        pass
                    assert c.to_dict() == before
            events = match.apply(action)
            decisions += 1
        check_events_give_the_next_state(state_before, events, match.state)
        steps += 1
        check_invariants(match.state)
        if steps % check_every == 0:
            check_round_trips(match.state)
    check_round_trips(match.state)
    # Exact replay: a fresh Match replays the history and compares with the snapshot.
    replay = Match.from_save(GAME, json.loads(json.dumps(match.to_save())))
    assert replay.state == match.state
    return match


@settings(max_examples=500, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(min_value=0, max_value=2 ** 31))
def test_random_games_invariants_round_trips_and_replay(seed):
    """500 seeded random games, 2–6 players: marbles conserved (tracks + tank + hands + pools +
    brewing potions = 80), tracks <= 8, to_dict / notation / clone round trips, exact replay."""
    play(seed, decisions_cap=120, check_every=50)


def test_random_full_games_to_the_end():
    """Full random games for every player count reach the end with equal turns and a score."""
    for seed in range(5):
        match = play(seed, decisions_cap=10 ** 6, check_every=200)
        s = match.state
        assert s.is_terminal()
        turns = [d.turns for d in s.desks]
        assert len(set(turns)) == 1, turns
        sheet = s.score_sheet()
        assert sheet["winners"] and len(sheet["rows"]) == s.num_players
        assert all(r[-1] == sum(r[:-1]) for r in sheet["rows"])
        assert sorted(s.returns()) == sorted([1.0] * len(s.winners)
                                             + [0.0] * (s.num_players - len(s.winners)))


def test_autoplay_with_bots_reaches_terminal_for_each_player_count():
    """Autoplay without main.py: a Match of bot seats plays to TERMINAL for 2–6 players."""
    for n in range(2, 7):
        levels = ["easy"] * n if n > 2 else ["easy", "medium"]
        match = Match(GAME, [Seat("bot", f"Bot {i}", lv) for i, lv in enumerate(levels)],
                      {}, seed=n)
        while not match.is_terminal():
            if match.is_chance():
                match.advance_chance()
            else:
                match.play_bot_turn_now(make_bot)
        assert match.state.is_terminal()
        assert match.state.score_sheet()["winners"]
        names = match.names
        assert all(bool(e.text(names)) != isinstance(e, BOOKKEEPING_EVENTS)
                   for _, e in match.events)
