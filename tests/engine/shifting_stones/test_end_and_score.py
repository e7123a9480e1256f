"""End and score (docs/rules/shifting_stones.md, End and score; SS-D5): 10 / 9 / 8 / 7 cards
start the last round, which is finished; card points plus 3 for the most 1-point cards; equal
totals share the victory."""

from __future__ import annotations

import pytest

from engine.shifting_stones.rules import one_point_bonus, target_for, totals, winners
from engine.shifting_stones.state import EndTurn, GameEnded, Phase, Score
from tests.engine.shifting_stones.helpers import draw, event_types, pos

NAMES = ["Ana", "Bob"]
# Seat 0 (first) has 9 cards (17 points, four worth 1); seat 1 has 7 (9 points, six worth 1).
NINE = (
    "grid=SFB/HOE/TTO first=0 active=0 hands=8,41,7,14/5,6,12,18 "
    "scored=1,9,10,11,2,3,4,17,22/13,15,16,21,23,25,26"
)


@pytest.mark.parametrize("players, cards", [(2, 10), (3, 9), (4, 8), (5, 7)])
def test_the_cards_that_end_the_game(players, cards):
    assert target_for(players) == cards


def test_reaching_the_target_finishes_the_round_then_the_game_ends():
    state = pos(NINE)
    events = state.apply_action(Score(8))
    assert event_types(events) == ["CardScored", "LastRound"]
    assert events[1].text(NAMES) == "Ana has scored 10 of 10 cards: this round is the last."
    assert state.last_round
    state.apply_action(Score(41))
    state.apply_action(EndTurn())
    draw(state)
    assert state.current_player() == 1  # the round is finished: Bob plays too
    events = state.apply_action(EndTurn())
    assert event_types(events) == ["TurnEnded", "BonusAwarded", "GameEnded"]
    assert events[0].draws == 0  # nothing is drawn after the last turn
    assert events[1].text(NAMES) == "Bob gets 3 points for the most 1-point cards (6)."
    assert state.phase == Phase.OVER and state.is_terminal()
    sheet = state.score_sheet()
    assert sheet["rows"] == [[11, 20, 0, 20], [7, 9, 3, 12]]
    assert sheet["winners"] == [0] and state.returns() == [1.0, 0.0]
    assert events[2].text(NAMES) == "Game over: Ana wins with 20 points."


def test_the_last_seat_of_the_round_reaching_the_target_ends_the_game_at_once():
    state = pos(NINE.replace("active=0", "active=1").replace("first=0", "first=0"))
    state.scored = [state.scored[1], state.scored[0]]  # Bob now has the nine cards
    state.hands = [state.hands[1], state.hands[0]]
    state.apply_action(Score(8))
    events = state.apply_action(EndTurn())
    assert "GameEnded" in event_types(events) and state.is_terminal()


def test_ss_d5_every_seat_tied_for_the_most_one_point_cards_gets_three():
    state = pos("grid=SFB/HOE/TTO scored=1,9,2/10,11,3 hands=-/-")
    assert one_point_bonus(state) == [0, 1]
    assert totals(state) == [2 + 3 + 3, 2 + 3 + 3]
    assert winners(state) == [0, 1]
    assert GameEnded((0, 1), (8, 8)).text(NAMES) == (
        "Game over: Ana and Bob share the victory with 8 points."
    )


def test_ss_d5_without_any_one_point_card_nobody_gets_the_bonus():
    state = pos("grid=SFB/HOE/TTO scored=2,3/4,17 hands=-/-")
    assert one_point_bonus(state) == []
    assert totals(state) == [6, 5] and winners(state) == [0]


def test_who_could_end_the_game_before_the_active_players_next_turn():
    """End and score: the game ends once the round that reached the target is finished, so
    only an opponent later in this round who holds enough cards to reach the target could end
    it before the active player's next turn."""
    from engine.shifting_stones.rules import could_end_first

    three = (
        "players=3 grid=SFB/HOE/TTO hands=8,41/5,6,12/7,14 "
        "scored=-/13,15,16,21,23,25/1,9,10,11,2,3,4"
    )
    # 3 players: 9 cards; seat 1 holds 6 + 3 = 9, seat 2 holds 7 + 2 = 9
    assert could_end_first(pos(f"{three} first=0 active=0")) == [1, 2]
    assert could_end_first(pos(f"{three} first=1 active=0")) == []  # seat 0 ends the round
    assert could_end_first(pos(f"{three} first=2 active=0")) == [1]  # seat 2 began it
    assert could_end_first(pos(f"{three} first=1 active=2")) == []  # seat 0 holds 2 cards
    state = pos(f"{three} first=0 active=0")
    state.last_round = True  # the active player's turn is the last anyway
    assert could_end_first(state) == []
