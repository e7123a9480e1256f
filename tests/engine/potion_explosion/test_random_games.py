"""Random play (issue 5, "Tests"): seeded random legal games and bot autoplay to the end for
every player count.

The engine contract (legal and refused actions, clones, round trips, notation, events applied one
by one, replay from the saved history) is checked by :func:`tests.contract.contract_check`; this
file adds what Potion Explosion itself promises: 80 marbles conserved, tracks of at most 8, pools
of at most 3, the stacks' face-down tiles exactly the unseen ones, a position whose notation parses
back to an equal state, nothing hidden by the observation, every state between a step's events
naming a seat whose turn it is, and a finished game with equal turns and a summed score sheet.

To keep the folder fast, the 120 random games stop after 250 steps (set-up, draft and the
first turns); separate full games play every player count to the end.
"""

import random

import pytest

from engine.bots import make_bot
from engine.match import Match, Seat
from engine.potion_explosion import GAME
from engine.potion_explosion.notation import format_position, parse_position
from engine.potion_explosion.rules import unseen_tiles
from engine.potion_explosion.state import (
    BOOKKEEPING_EVENTS,
    Drink,
    EndTurn,
    LittleHelp,
    PlaceMarble,
)
from tests.contract import contract_check
from tests.soak import keep_first

CHUNKS, GAMES_PER_CHUNK = 2, 24


def check_nothing_hidden(s) -> None:
    """The notation gives back an equal state, and the observation is the whole state (Potion
    Explosion hides nothing but the bag's order, which is a chance node)."""
    assert parse_position(format_position(s)) == s
    assert s.observation(0) == s


def check_end(s) -> None:
    """Equal turns for everyone, winners, and each score row's total is the sum of its parts."""
    turns = [d.turns for d in s.desks]
    assert len(set(turns)) == 1, turns
    sheet = s.score_sheet()
    assert sheet["winners"] and len(sheet["rows"]) == s.num_players
    assert all(r[-1] == sum(r[:-1]) for r in sheet["rows"])
    assert sorted(s.returns()) == sorted(
        [1.0] * len(s.winners) + [0.0] * (s.num_players - len(s.winners))
    )


def invariants(s, step: int) -> None:
    check_invariants(s)
    assert 0 <= s.turn_owner() < s.num_players
    if step % 50 == 0:
        check_nothing_hidden(s)
    if s.is_terminal():
        check_end(s)


def check_invariants(s) -> None:
    assert s.marble_count() == 80
    assert all(len(t) <= 8 for t in s.tracks)
    assert all(
        sum(d.pool) <= 3 and all(w <= p for w, p in zip(d.wild, d.pool, strict=True))
        for d in s.desks
    )
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


def moving_on(spec, s, legal, rng):
    return choose(s, legal, rng)


def random_options(rng: random.Random, num_players: int) -> dict:
    return {
        "types": rng.choice(["random", "chosen", "first_game"]),
        "first_player": rng.choice(["random", "seat1"]),
    }


def play_random_games(seeds, steps_cap: int | None = 250) -> None:
    """One random game per seed, 2–6 players, the first ``steps_cap`` steps of each."""
    for seed in seeds:
        contract_check(
            GAME,
            seeds=[seed],
            players=[2 + seed % 5],
            options_for=random_options,
            choose=moving_on,
            deep_every=10,
            invariants=invariants,
            steps_cap=steps_cap,
        )


@pytest.mark.parametrize("chunk", keep_first(range(CHUNKS)))
@pytest.mark.long
def test_random_games_conserve_marbles_and_keep_the_contract(chunk):
    """Seeded random games, 2–6 players, the first 250 steps of each, 24 a chunk: the first in
    every run, the second with ``-m soak`` (``python -m bench.random_games`` plays thousands)."""
    play_random_games(range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK))


@pytest.mark.long
def test_random_full_games_to_the_end():
    """Full random games for every player count reach the end with equal turns and a score."""
    contract_check(
        GAME,
        seeds=range(5),
        players=[2, 3, 4, 5, 6],
        options_for=random_options,
        choose=moving_on,
        deep_every=20,
        invariants=invariants,
    )


@pytest.mark.long
def test_autoplay_with_bots_reaches_terminal_for_each_player_count():
    """Autoplay without main.py: a Match of bot seats plays to TERMINAL for 2–6 players."""
    for n in range(2, 7):
        levels = ["easy"] * n if n > 2 else ["easy", "medium"]
        match = Match(
            GAME, [Seat("bot", f"Bot {i}", lv) for i, lv in enumerate(levels)], {}, seed=n
        )
        while not match.is_terminal():
            if match.is_chance():
                match.advance_chance()
            else:
                match.play_bot_turn_now(make_bot)
        assert match.state.is_terminal()
        assert match.state.score_sheet()["winners"]
        names = match.names
        assert all(
            bool(e.text(names)) != isinstance(e, BOOKKEEPING_EVENTS) for _, e in match.events
        )
