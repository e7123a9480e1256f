"""Shifting Stones' components and set-up (docs/rules/shifting_stones.md, Components and
set-up; SS-D1, SS-D8)."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.core import CHANCE
from engine.shifting_stones import GAME, new_state
from engine.shifting_stones.data import CARDS, SOLO_DECK, STONES
from engine.shifting_stones.state import (
    ChooseSoloCard,
    DrawCard,
    Phase,
    PickFirstPlayer,
    PlaceStone,
)
from tests.engine.shifting_stones.helpers import check_components, event_types


def test_seventy_two_cards_with_their_points():
    """28 cards worth 1, 26 worth 2, 13 worth 3 and 5 worth 5: 144 points in all."""
    points = Counter(card.points for card in CARDS.values())
    assert points == {1: 28, 2: 26, 3: 13, 5: 5}
    assert sum(card.points for card in CARDS.values()) == 144
    assert sorted(CARDS) == list(range(1, 73))
    assert CARDS[1].rows == ("T", "B") and CARDS[20].rows == (".T.", "F.F", ".O.")


def test_nine_stones_with_two_faces_each():
    assert STONES == (("S", "M", 1), ("F", "B", 2), ("H", "O", 3), ("E", "T", 3))
    assert sum(count for _first, _second, count in STONES) == 9


@pytest.mark.parametrize("players", [0, 6])
def test_one_to_five_players(players):
    with pytest.raises(ValueError, match="1 to 5 players"):
        new_state(players)
    with pytest.raises(ValueError):
        GAME.check_players(players)


def test_ss_d8_the_grid_is_laid_stone_by_stone_each_a_chance_node():
    """Each square in turn gets one of the stones left, each stone alike, either face alike."""
    state = new_state(2)
    assert state.current_player() == CHANCE and state.phase == Phase.SETUP
    first = dict(state.chance_outcomes())
    assert first[PlaceStone("S")] == pytest.approx(1 / 9 / 2)
    assert first[PlaceStone("O")] == pytest.approx(3 / 9 / 2)
    assert sum(first.values()) == pytest.approx(1)
    state.apply_action(PlaceStone("M"))
    assert state.grid[0] == "M"
    left = dict(state.chance_outcomes())
    assert PlaceStone("S") not in left and PlaceStone("M") not in left  # the one sun/moon is laid
    assert left[PlaceStone("F")] == pytest.approx(2 / 8 / 2)


def test_set_up_deals_four_cards_each_then_draws_the_first_player():
    state = new_state(3)
    for face in "SFBHOOETT":
        state.apply_action(PlaceStone(face))
    assert state.grid_text() == "SFBHOOETT"
    draws = dict(state.chance_outcomes())
    assert len(draws) == 72 and draws[DrawCard(5)] == pytest.approx(1 / 72)
    for card in range(1, 13):
        state.apply_action(DrawCard(card))
    assert state.hands == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]
    assert len(state.deck) == 60
    assert dict(state.chance_outcomes()) == {
        PickFirstPlayer(seat): pytest.approx(1 / 3) for seat in range(3)
    }
    events = state.apply_action(PickFirstPlayer(2))
    assert event_types(events) == ["FirstPlayerChosen", "TurnStarted"]
    assert state.current_player() == 2 and state.first_player == 2
    check_components(state)


def test_ss_d1_the_solo_deck_takes_random_cards_of_each_value():
    """Solo: 8 cards worth 1, 4 worth 2, 3 worth 3, 1 worth 5, each chosen at random among
    the cards of its value; the 56 others are out of play. Then 4 are dealt and seat 0 plays."""
    state = new_state(1)
    for face in "SFBHOOETT":
        state.apply_action(PlaceStone(face))
    chosen = []
    while isinstance(state.chance_outcomes()[0][0], ChooseSoloCard):
        outcomes = state.chance_outcomes()
        value = CARDS[outcomes[0][0].card].points
        assert all(CARDS[action.card].points == value for action, _ in outcomes)
        assert outcomes[0][1] == pytest.approx(1 / len(outcomes))
        chosen.append(outcomes[-1][0].card)
        state.apply_action(outcomes[-1][0])
    assert Counter(CARDS[card].points for card in chosen) == SOLO_DECK
    assert sorted(state.deck) == sorted(chosen) and len(state.out_of_play) == 56
    for card in chosen[:4]:
        state.apply_action(DrawCard(card))
    assert state.current_player() == 0 and state.hands == [chosen[:4]]
    check_components(state)
