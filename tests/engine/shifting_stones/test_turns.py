"""A turn (docs/rules/shifting_stones.md, A turn; SS-D3, SS-D4, SS-D7): skip, or shift, flip
and score in any order while cards are held; end the turn and draw back up to 4."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.shifting_stones.state import EndTurn, Flip, Pay, Phase, Score, Shift, Skip, TurnSkipped
from tests.contract import is_player_sentence
from tests.engine.shifting_stones.helpers import (
    check_components,
    draw,
    event_types,
    flip,
    pos,
    shift,
)

# Seat 0 to play on S F B / H O E / T T O: card 8 (a sun top left) and card 41 (Horse–Boat)
# match; card 7 (Boat–Moon) and card 14 (Boat–Horse) do not.
START = "grid=SFB/HOE/TTO hands=8,41,7,14/5,6,9,10 first=0 active=0"


def refusal(state, action) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        state.apply_action(action)
    assert state.to_dict() == before, "a refused move changed the position"
    assert is_player_sentence(error.value.reason)
    return error.value.reason


def test_the_moves_of_a_turn_in_order():
    state = pos(START)
    assert state.legal_actions() == [
        Score(8),
        Score(41),
        Pay(8),
        Pay(41),
        Pay(7),
        Pay(14),
        Skip(),
        EndTurn(),
    ]


def test_a_shift_is_paid_by_a_card_then_swaps_two_neighbours():
    state = pos(START)
    assert "Discard a card" in refusal(state, Shift(0, 1))
    events = state.apply_action(Pay(7))
    assert event_types(events) == ["CardPaid"]
    assert state.hands[0] == [8, 41, 14] and state.discard == [7] and state.paid == 7
    assert len(state.legal_actions()) == 21  # 12 shifts, 9 flips, nothing else
    assert "never diagonally" in refusal(state, Shift(0, 4))
    assert "paid for a move" in refusal(state, EndTurn())
    assert "paid for a move" in refusal(state, Score(8))
    events = state.apply_action(Shift(1, 0))
    assert event_types(events) == ["StonesShifted"]
    assert state.grid_text() == "FSBHOETTO" and state.paid is None
    assert events[0].text(["Ana"]) == "Ana swapped the Sun at top left and the Fish at top."


def test_a_flip_is_paid_by_a_card_then_turns_a_stone_over():
    state = pos(START)
    events = flip(state, 14, 4)
    assert event_types(events) == ["CardPaid", "StoneFlipped"]
    assert state.grid_text() == "SFBHHETTO"
    assert events[1].text(["Ana"]) == "Ana flipped the stone at centre: Boat became Horse."
    state.apply_action(Pay(8))
    assert refusal(state, Flip(9)) == "The grid has nine squares: name one of them."


def test_only_a_card_in_hand_that_matches_now_scores():
    state = pos(START)
    assert refusal(state, Score(7)) == "The card “row: Boat, Moon” does not match the grid now."
    assert refusal(state, Score(5)) == "That card is not in your hand."
    assert refusal(state, Pay(5)) == "That card is not in your hand."
    events = state.apply_action(Score(41))
    assert event_types(events) == ["CardScored"]
    assert state.scored[0] == [41] and state.hands[0] == [8, 7, 14]
    assert events[0].text(["Ana"]) == "Ana scored “row: Horse, Boat” for 1 point."


def test_ss_d7_actions_interleave_and_scored_points_stay():
    """Score, shift, score again: the card scored first stays scored though the grid moves."""
    state = pos(START)
    state.apply_action(Score(8))
    shift(state, 14, 0, 1)  # the sun leaves the top left: card 8 no longer matches
    assert state.grid_text() == "FSBHOETTO"
    state.apply_action(Score(41))
    assert state.scored[0] == [8, 41] and state.points(0) == 3
    assert state.hands[0] == [7] and state.current_player() == 0


def test_a_skip_draws_two_cards_instead_of_any_action():
    state = pos(START)
    events = state.apply_action(Skip())
    assert event_types(events) == ["TurnSkipped"]
    assert events[0].text(["Ana"]) == "Ana skipped the turn and drew 2 cards."
    assert TurnSkipped(0, 0).text(["Ana"]) == "Ana skipped the turn."
    assert state.phase == Phase.DRAW and state.to_draw == 2
    draw(state, 1, 2)
    assert state.hands[0] == [8, 41, 7, 14, 1, 2]  # SS-D3: a hand of 6 is kept
    assert state.current_player() == 1 and state.skipped == [True, False]
    check_components(state)


def test_a_skip_never_comes_twice_in_a_row_nor_after_an_action():
    state = pos(START)
    state.apply_action(Score(8))
    assert refusal(state, Skip()) == (
        "A skip replaces the whole turn: you have already acted this turn."
    )
    again = pos(START + " skipped=0")
    assert Skip() not in again.legal_actions()
    assert "two turns in a row" in refusal(again, Skip())
    again.apply_action(EndTurn())  # a turn that is not a skip
    assert again.skipped == [False, False]


def test_ss_d4_a_turn_may_end_with_no_action_and_ss_d3_draws_only_up_to_four():
    state = pos(START)
    events = state.apply_action(EndTurn())
    assert event_types(events) == ["TurnEnded", "TurnStarted"]  # a hand of 4 draws nothing
    assert events[0].text(["Ana"]) == "Ana ended the turn."
    assert state.current_player() == 1 and state.hands[0] == [8, 41, 7, 14]
    six = pos("grid=SFB/HOE/TTO hands=8,41,7,14,1,2/5,6,9,10 first=0 active=0")
    six.apply_action(EndTurn())
    assert len(six.hands[0]) == 6 and six.current_player() == 1


def test_the_end_of_a_turn_draws_back_up_to_four():
    state = pos(START)
    state.apply_action(Score(8))
    state.apply_action(Score(41))
    events = state.apply_action(EndTurn())
    assert events[0].text(["Ana"]) == "Ana ended the turn and drew 2 cards."
    assert state.phase == Phase.DRAW and state.current_player() < 0
    events = draw(state, 30, 31)
    assert event_types(events) == ["CardDrawn", "CardDrawn", "TurnStarted"]
    assert state.hands[0] == [7, 14, 30, 31] and 30 not in state.deck


def test_an_empty_hand_must_end_the_turn():
    state = pos("grid=SFB/HOE/TTO hands=8/5,6,9,10 first=0 active=0")
    state.apply_action(Score(8))
    assert state.hands[0] == [] and state.legal_actions() == [EndTurn()]
