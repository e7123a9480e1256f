"""Tea Time over seeded random games: the engine contract (tests/contract.py) and the game's own
invariants after every step.

* Every character card is on the table, in the deck, in a collection or cancelled: per
  character they add up to 10 (8 with 3 players), and cancelled cards come in pairs.
* Alice is in exactly one place (the table or one holder) once round 1's first player is drawn.
* Sides never change once taken: the table always shows the chessboard of sides (TT-D2), a take
  adds each card to its column on the side it showed and changes nothing else, and between steps
  no column holds both sides.
* A step's events applied one by one give the state after it (engine/tea_time/events.py).
"""

from __future__ import annotations

import functools
import random

import pytest

from engine.core import CHANCE
from engine.match import pick_outcome
from engine.tea_time import GAME, apply_event, new_state
from engine.tea_time.rules import cards_per_character, side_at
from engine.tea_time.state import CHARACTERS, CardsCancelled, CardsTaken, Phase
from tests.contract import contract_check


def check_cards_are_conserved(state) -> None:
    total = cards_per_character(state.num_players)
    for character in CHARACTERS:
        on_table = sum(
            1
            for row in state.table
            for card in row
            if card is not None and card.character == character
        )
        held = sum(columns[character].count for columns in state.collections)
        assert state.deck[character] >= 0
        assert state.cancelled[character] % 2 == 0
        assert on_table + held + state.deck[character] + state.cancelled[character] == total
    alice_on_table = sum(
        1 for row in state.table for card in row if card is not None and card.is_alice
    )
    places = alice_on_table + (state.alice is not None)
    assert places == (0 if state.phase == Phase.START else 1)


def check_sides(state) -> None:
    for row, places in enumerate(state.table):
        for column, card in enumerate(places):
            if card is not None and not card.is_alice:
                assert card.side == side_at(row, column)
    for columns in state.collections:
        for character in CHARACTERS:
            assert min(columns[character]) == 0, "a column holds both sides"


def check_take(before, events, after) -> None:
    """Each taken card joined its column on the side it showed; cancelling removed the same
    number of each side; nobody else's collection changed."""
    taken = [event for event in events if isinstance(event, CardsTaken)]
    if not taken:
        assert after.collections == before.collections
        return
    mover = taken[0].player
    for (row, column), (character, side) in zip(taken[0].cells, taken[0].cards):
        card = before.table[row][column]
        assert (card.character, str(card.side)) == (character, side)
    for seat in range(before.num_players):
        if seat != mover:
            assert after.collections[seat] == before.collections[seat]
    pairs = {event.character: event.pairs for event in events if isinstance(event, CardsCancelled)}
    for character in CHARACTERS:
        added_normal = sum(1 for c, side in taken[0].cards if c == character and side == "normal")
        added_mirror = sum(1 for c, side in taken[0].cards if c == character and side == "mirror")
        old, new = before.collections[mover][character], after.collections[mover][character]
        assert new.normal - old.normal == added_normal - pairs.get(character, 0)
        assert new.mirror - old.mirror == added_mirror - pairs.get(character, 0)


def play_random_game(seed: int, players: int) -> int:
    rng = random.Random(seed)
    state = new_state(players)
    steps = 0
    while not state.is_terminal():
        before = state.clone()
        if state.current_player() == CHANCE:
            action = pick_outcome(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[int(rng.random() * len(legal))]
        events = state.apply_action(action)
        replayed = functools.reduce(apply_event, events, before.clone())
        assert replayed.to_dict() == state.to_dict()
        check_cards_are_conserved(state)
        check_sides(state)
        check_take(before, events, state)
        steps += 1
        assert steps < 2000
    return steps


@pytest.mark.long
def test_invariants_hold_in_random_games_of_every_size():
    for seed in range(60):
        play_random_game(seed, 2 + seed % 3)


@pytest.mark.long
def test_tea_time_keeps_the_engine_contract():
    refusals = contract_check(GAME, seeds=range(20))
    assert refusals
    assert any("empty" in reason for reason in refusals)
