"""Shifting Stones over seeded random games: the engine contract (tests/contract.py) and the
game's own invariants after every step.

* 9 stones on the grid once laid: 1 sun/moon, 2 fish/bird, 3 horse/boat, 3 seed/tree;
* each of the 72 cards in exactly one place: a hand, the deck, the discard pile, the scored
  cards, or in solo out of play (16 in play, 56 out once the deck is chosen);
* a shift swaps two neighbours and a flip turns one stone over, nothing else changes on the grid;
* scored cards never leave and a score sheet adds up.
"""

from __future__ import annotations

import pytest

from engine.shifting_stones import GAME
from engine.shifting_stones.data import CARDS, OTHER_FACE
from engine.shifting_stones.rules import ADJACENT
from tests.contract import contract_check
from tests.engine.shifting_stones.helpers import check_components

_previous: dict = {}


def invariants(state, step: int) -> None:
    check_components(state)
    before = _previous.get("state") if step else None
    if before is not None and None not in before.grid and None not in state.grid:
        changed = [i for i in range(9) if before.grid[i] != state.grid[i]]
        if len(changed) == 1:
            (square,) = changed
            assert state.grid[square] == OTHER_FACE[before.grid[square]], "not a flip"
        elif changed:
            assert tuple(changed) in ADJACENT, "not a swap of neighbours"
            first, second = changed
            assert (state.grid[first], state.grid[second]) == (
                before.grid[second],
                before.grid[first],
            )
        for seat, cards in enumerate(before.scored):
            assert state.scored[seat][: len(cards)] == cards, "a scored card left"
    if state.is_terminal():
        sheet = state.score_sheet()
        for row, cards in zip(sheet["rows"], state.scored):
            if state.solo:
                assert row == [sum(CARDS[c].points for c in cards), state.strikes, len(cards)]
            else:
                assert row[0] == len(cards) and row[1] + row[2] == row[3]
    _previous["state"] = state.clone()


def play_random_games(seeds) -> list[str]:
    """Random games of the given seeds under the contract and the invariants (bench/random_games
    plays thousands); returns the refusals met."""
    return contract_check(GAME, seeds=list(seeds), deep_every=2, invariants=invariants)


@pytest.mark.long
def test_shifting_stones_keeps_the_engine_contract_and_its_invariants():
    refusals = play_random_games(range(10))
    assert refusals
    assert any("not in your hand" in reason or "Discard a card" in reason for reason in refusals)
