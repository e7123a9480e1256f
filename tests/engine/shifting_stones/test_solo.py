"""Solo (docs/rules/shifting_stones.md, Solo; SS-D2, SS-D4): a 16-card deck, a strike for every
turn without a card scored, 4 strikes lose, all 16 cards scored win."""

from __future__ import annotations

from engine.shifting_stones.state import EndTurn, Score, Skip
from tests.engine.shifting_stones.helpers import check_components, draw, event_types, pos

# 8 one-point, 4 two-point, 3 three-point cards and a five: card 8 matches the grid.
SOLO = "players=1 grid=SFB/HOE/TTO hands=8,7,9,10 deck=1,11,12,13,14,15,6,17,2,3,4,20"


def test_a_turn_without_a_card_scored_is_a_strike():
    state = pos(SOLO)
    check_components(state)
    events = state.apply_action(EndTurn())
    assert event_types(events) == ["TurnEnded", "StrikeGiven", "TurnStarted"]  # SS-D4
    assert events[1].text([]) == "No card was scored this turn: strike 1 of 4."
    assert state.strikes == 1 and state.current_player() == 0


def test_ss_d2_a_skip_is_a_strike_too():
    state = pos(SOLO)
    events = state.apply_action(Skip())
    assert event_types(events) == ["TurnSkipped", "StrikeGiven"]
    draw(state)
    assert state.strikes == 1 and len(state.hands[0]) == 6


def test_a_turn_that_scores_gives_no_strike():
    state = pos(SOLO)
    state.apply_action(Score(8))
    events = state.apply_action(EndTurn())
    assert "StrikeGiven" not in event_types(events) and state.strikes == 0


def test_the_fourth_strike_loses():
    state = pos(SOLO + " strikes=3")
    events = state.apply_action(EndTurn())
    assert event_types(events) == ["TurnEnded", "StrikeGiven", "SoloGameEnded"]
    assert events[2].text([]) == "Game over: the fourth strike, with 0 cards of 16 scored."
    sheet = state.score_sheet()
    assert state.is_terminal() and sheet["winners"] == [] and state.returns() == [0.0]
    assert sheet["solo"] == {"won": False, "summary": "Lost: 0 of 16 cards scored"}
    assert sheet["rows"] == [[0, 4, 0]]


def test_scoring_all_sixteen_cards_wins_at_once():
    state = pos(
        "players=1 grid=SFB/HOE/TTO hands=8 deck=- strikes=2 "
        "scored=1,9,10,11,12,13,14,15,6,7,17,2,3,4,20"
    )
    events = state.apply_action(Score(8))
    assert event_types(events) == ["CardScored", "SoloGameEnded"]
    assert events[1].text([]) == "You won: all 16 cards scored with 2 strikes."
    sheet = state.score_sheet()
    assert sheet["winners"] == [0] and state.returns() == [1.0]
    assert sheet["rows"] == [[30, 2, 16]]
    assert sheet["solo"]["summary"] == "Won: 16 of 16 cards scored, 2 of 4 strikes"
