"""Diced Tomatoes property test: seeded random games with 1–6 players and random options.

The engine contract (legal and refused actions, clones, round trips, notation, events applied one
by one, replay from the saved history) is checked by :func:`tests.contract.contract_check`; this
test adds what Diced Tomatoes itself promises after every step: dice are conserved (bushel + hand
+ passed + vines + score tracks = 13 or 14 per player, colour by colour), karma and bits stay in
range, vines are legal sets or sequences, each rolled die's targets are exactly where
``rules.can_place`` allows it, and the finished game's score sheet names its winners.
"""

from __future__ import annotations

import random

import pytest

from engine.diced_tomatoes import GAME, rules
from engine.diced_tomatoes.state import KARMA_COSTS, OPTION_NAMES, DicedTomatoesState
from tests.contract import contract_check
from tests.soak import keep_first

CHUNKS, GAMES_PER_CHUNK = 2, 30


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


def check_targets(s: DicedTomatoesState) -> None:
    """Each rolled die lists exactly the vines ``rules.can_place`` accepts it on."""
    for index, colour, face in s.rolled_dice():
        assert s.targets_for_die(index) == [
            (player, vine)
            for player in range(s.num_players)
            for vine in range(3)
            if rules.can_place(s, colour, face, player, vine)
        ]


def check_end(s: DicedTomatoesState) -> None:
    """The finished game's score sheet: one row per player, a total, winners that match
    ``returns()``."""
    sheet = s.score_sheet()
    assert len(sheet["rows"]) == s.num_players and sheet["columns"][-1] == "Total"
    assert s.returns() == [1.0 if p in sheet["winners"] else 0.0 for p in range(s.num_players)]
    if s.num_players > 1:
        assert sheet["winners"]


def invariants(s: DicedTomatoesState, step: int) -> None:
    check_invariants(s, vines_too=step % 4 == 0)
    if step % 10 == 0 and s.current_player() >= 0:
        check_targets(s)
    if s.is_terminal():
        check_end(s)


def mostly_dice_moves(spec, s, legal, rng: random.Random):
    """Mostly dice moves (placements, passes, end turn, clean-up) so games stay short; karma
    actions a quarter of the time when affordable."""
    plain = [a for a in legal if type(a) not in KARMA_COSTS]
    pool = plain if plain and rng.random() < 0.75 else legal
    return pool[int(rng.random() * len(pool))]


def random_options(rng: random.Random, num_players: int) -> dict:
    return {name: rng.random() < 0.4 for name in OPTION_NAMES}


def play_random_games(seeds) -> None:
    """One random game per seed: 1–6 players (drawn from the seed) and random options."""
    for seed in seeds:
        players = random.Random(seed).randint(1, 6)
        contract_check(
            GAME,
            seeds=[seed],
            players=[players],
            options_for=random_options,
            deep_every=6,
            choose=mostly_dice_moves,
            invariants=invariants,
        )


@pytest.mark.parametrize("chunk", keep_first(range(CHUNKS)))
@pytest.mark.long
def test_random_games_conserve_dice_and_keep_the_contract(chunk):
    """Seeded random games with 1–6 players and random options, 30 a chunk: the first in every
    run, the second with ``-m soak`` (``python -m bench.random_games`` plays thousands)."""
    play_random_games(range(chunk * GAMES_PER_CHUNK, (chunk + 1) * GAMES_PER_CHUNK))
