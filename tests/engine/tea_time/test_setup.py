"""Tea Time components, set-up and the layout (docs/rules/tea_time.md, Components and set-up)."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction
from engine.tea_time import GAME, new_state
from engine.tea_time.rules import side_at
from engine.tea_time.state import (
    CHARACTER_NAMES,
    CHARACTERS,
    DealCard,
    Phase,
    PickFirstPlayer,
    Side,
)
from tests.engine.tea_time.helpers import deal, event_types, pos


def test_tt_d1_six_characters_ten_cards_each_and_alice():
    assert [CHARACTER_NAMES[c] for c in CHARACTERS] == [
        "Caterpillar",
        "White Rabbit",
        "Cheshire Cat",
        "Mad Hatter",
        "March Hare",
        "Dormouse",
    ]
    state = new_state(2)
    assert state.deck == {c: 10 for c in CHARACTERS}
    assert sum(state.deck.values()) + 1 == 61  # and Alice, who is not in the deck


@pytest.mark.parametrize(
    "players, rows, places, rounds, per_character",
    [
        (2, 3, 4, 5, 10),
        (3, 4, 4, 3, 8),
        (4, 4, 5, 3, 10),
    ],
)
def test_player_counts_give_layout_rounds_and_cards(players, rows, places, rounds, per_character):
    """2 players: 60 cards, 5 rounds, 3 × 4; 3 players: 2 of each character removed (48
    cards), 3 rounds, 4 × 4; 4 players: 60 cards, 3 rounds, 4 × 5 (TT-D8: rows × places)."""
    state = new_state(players)
    assert (state.rows, state.columns, state.rounds) == (rows, places, rounds)
    assert state.deck == {c: per_character for c in CHARACTERS}
    assert sum(state.deck.values()) == rows * places * rounds  # the deck fills every round


@pytest.mark.parametrize("players", [1, 5])
def test_other_player_counts_are_refused(players):
    with pytest.raises(ValueError, match="2 to 4 players"):
        new_state(players)
    with pytest.raises(ValueError):
        GAME.check_players(players)


def test_a_random_first_player_receives_alice():
    """Round 1's first player is a chance node, every seat alike; they receive Alice."""
    state = new_state(3)
    assert state.current_player() == CHANCE and state.phase == Phase.START
    outcomes = state.chance_outcomes()
    assert outcomes == [(PickFirstPlayer(seat), pytest.approx(1 / 3)) for seat in range(3)]
    events = state.apply_action(PickFirstPlayer(2))
    assert event_types(events) == ["FirstPlayerChosen", "RoundStarted"]
    assert state.alice == 2 and state.first_player == 2
    assert state.phase == Phase.DEAL and state.round == 1


def test_tt_d2_dealing_is_a_chance_node_weighted_by_the_deck():
    state = pos("players=2 phase=deal deck=P10,R10,C10,H10,M10,D10")
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {DealCard(c): pytest.approx(1 / 6) for c in CHARACTERS}
    state = pos("players=2 phase=deal deck=P3,R1 cancelled=P6,R8,C10,H10,M10,D10 collections=P1/R1")
    assert dict(state.chance_outcomes()) == {
        DealCard("P"): pytest.approx(0.75),
        DealCard("R"): pytest.approx(0.25),
    }


def test_tt_d2_the_layout_alternates_sides_like_a_chessboard_top_left_normal():
    state = new_state(4)
    deal(state)
    for row in range(4):
        for place in range(5):
            expected = Side.NORMAL if (row + place) % 2 == 0 else Side.MIRROR
            assert state.table[row][place].side == expected == side_at(row, place)
    assert state.table[0][0].side == Side.NORMAL and state.table[0][1].side == Side.MIRROR


def test_tt_d2_cards_are_dealt_row_by_row_from_the_deck():
    state = new_state(2)
    events = deal(state, "PRCHMDPRCHMD")
    dealt = [(e.row, e.column, e.character) for e in events if type(e).__name__ == "CardDealt"]
    assert [(r, c) for r, c, _ in dealt] == [(r, c) for r in range(3) for c in range(4)]
    assert "".join(ch for _, _, ch in dealt) == "PRCHMDPRCHMD"
    assert state.deck == {c: 8 for c in CHARACTERS}
    assert event_types(events)[-1] == "TurnStarted"
    assert state.phase == Phase.PLAY and state.active == 0 and state.turn == 1


def test_a_card_not_in_the_deck_cannot_be_dealt():
    state = pos("players=2 phase=deal deck=P3,R1 cancelled=P6,R8,C10,H10,M10,D10 collections=P1/R1")
    with pytest.raises(IllegalAction, match="The deck holds no such card."):
        state.apply_action(DealCard("C"))


def test_tt_d4_a_short_deck_lays_out_what_it_can():
    """TT-D4: the round uses the cards left; the rest of the layout stays empty."""
    state = pos("players=2 phase=deal round=5 deck=P2 cancelled=P8,R10,C10,H10,M10,D10")
    deal(state)
    assert [[card is not None for card in row] for row in state.table] == [
        [True, True, False, False],
        [False] * 4,
        [False] * 4,
    ]
    assert state.phase == Phase.PLAY and state.turn == 1


def test_tt_d7_no_card_left_to_lay_out_ends_the_game():
    """TT-D7: the last take of a round when the deck is empty and rounds remain: game over."""
    state = pos(
        "players=2 round=1 turn=3 table=P.../..../.... deck=- "
        "cancelled=P8,R10,C10,H10,M10,D10 collections=P1,A/-"
    )
    events = state.apply_action(state.legal_actions()[0])
    assert event_types(events)[-2:] == ["RoundEnded", "GameEnded"]
    assert state.is_terminal()


def test_observation_hides_nothing():
    """Only the deck's order is secret, and the state holds none."""
    state = new_state(3)
    deal(state)
    assert state.observation(1).to_dict() == state.to_dict()
