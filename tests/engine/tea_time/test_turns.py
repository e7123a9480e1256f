"""A turn and its lines (docs/rules/tea_time.md, A round; TT-D6)."""

from __future__ import annotations

import pytest

from engine.core import IllegalAction
from engine.tea_time.state import (
    ALICE_CARD,
    Card,
    DealCard,
    Phase,
    PickFirstPlayer,
    Side,
    TakeCards,
)
from tests.contract import is_player_sentence
from tests.engine.tea_time.helpers import column, event_types, lines, pos, take

# 2 players, round 1: seat 0 laid out and holds Alice.
FULL = "players=2 round=1 turn=1 first=0 active=0 table=PrCh/mDpR/HcMd collections=A/-"


def refusal(state, *cells) -> str:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        take(state, *cells)
    assert state.to_dict() == before, "a refused take changed the position"
    assert is_player_sentence(error.value.reason)
    return error.value.reason


def test_turn_1_takes_exactly_one_card_and_alice_goes_in_its_place():
    state = pos(FULL)
    assert lines(state) == {((r, c),) for r in range(3) for c in range(4)}
    assert "exactly one card" in refusal(state, (0, 0), (0, 1))
    events = take(state, (1, 1))
    assert event_types(events) == ["CardsTaken", "AlicePlaced", "TurnStarted"]
    assert state.table[1][1] == ALICE_CARD and state.alice is None
    assert column(state, 0, "D") == (1, 0)  # the Dormouse at (1, 1) shows its normal side
    assert state.active == 1 and state.turn == 2


def test_turn_2_takes_one_or_two_cards():
    state = pos(FULL)
    take(state, (1, 1))
    assert {len(cells) for cells in lines(state)} == {1, 2}
    assert (
        refusal(state, (0, 0), (0, 1), (0, 2))
        == "The second turn of a round takes one or two cards."
    )
    take(state, (0, 0), (0, 1))
    assert state.turn == 3 and state.active == 0


def test_turn_3_and_on_take_one_to_three_cards():
    state = pos(FULL)
    take(state, (1, 1))
    take(state, (2, 3))
    assert {len(cells) for cells in lines(state)} == {1, 2, 3}
    assert refusal(state, (0, 0), (0, 1), (0, 2), (0, 3)) == "A turn takes at most three cards."
    take(state, (0, 0), (0, 1), (0, 2))
    assert [card is None for card in state.table[0]] == [True, True, True, False]


def test_every_turn_takes_at_least_one_card():
    state = pos(FULL.replace("turn=1", "turn=3").replace("pR", "AR").replace("A/-", "-/-"))
    assert refusal(state) == "Every turn takes at least one card."


def test_lines_run_along_rows_columns_and_both_diagonals():
    state = pos("players=2 turn=3 table=PrCh/mAhR/HcMd")
    for cells in [
        ((0, 0), (0, 1), (0, 2)),
        ((0, 1), (1, 1), (2, 1)),
        ((0, 0), (1, 1), (2, 2)),
        ((0, 3), (1, 2), (2, 1)),
    ]:
        assert cells in lines(state)
    assert "straight line" in refusal(state, (0, 0), (1, 2))
    assert "straight line" in refusal(state, (0, 0), (0, 1), (1, 2))


def test_cards_must_be_adjacent_and_a_gap_breaks_the_line():
    """Two cards with an empty place between them are not adjacent."""
    state = pos("players=2 turn=3 table=P.Ch/mAhR/HcMd")
    assert ((0, 0), (0, 2)) not in lines(state)
    assert "next to each other" in refusal(state, (0, 0), (0, 2))
    assert "empty" in refusal(state, (0, 0), (0, 1), (0, 2))
    # cards far apart on one row are not adjacent either, even with cards between them
    assert "next to each other" in refusal(state, (1, 0), (1, 2))


def test_alice_may_be_taken_in_a_line():
    state = pos("players=2 turn=3 active=1 table=PrCh/mAhR/HcMd collections=-/-")
    assert ((1, 0), (1, 1), (1, 2)) in lines(state)
    events = take(state, (1, 0), (1, 1), (1, 2))
    assert events[0].cards == (("M", "mirror"), ("A", ""), ("H", "mirror"))
    assert state.alice == 1
    assert column(state, 1, "M") == (0, 1) and column(state, 1, "H") == (0, 1)


def test_a_line_is_the_same_take_from_either_end():
    assert TakeCards(((2, 2), (1, 1), (0, 0))) == TakeCards(((0, 0), (1, 1), (2, 2)))
    assert TakeCards(((1, 0), (0, 1))).cells == ((0, 1), (1, 0))


def test_places_off_the_table_or_empty_are_refused():
    state = pos("players=2 turn=3 table=P.Ch/mAhR/HcMd")
    assert refusal(state, (3, 0)) == "The table has no place at row 4, column 1."
    assert refusal(state, (0, 1)) == "The place at row 1, column 2 is empty."
    assert refusal(state, (0, 0), (0, 0)) == "Each card can be taken only once."


def test_taken_cards_keep_the_side_they_showed_on_the_table():
    state = pos("players=2 turn=3 table=PrCh/mAhR/HcMd")
    take(state, (0, 0), (0, 1))  # a normal Caterpillar, a mirror White Rabbit
    assert column(state, 0, "P") == (1, 0) and column(state, 0, "R") == (0, 1)


def test_play_goes_round_the_table_in_seat_order():
    state = pos(
        "players=4 turn=3 active=2 first=1 table=PrCmD/hMdPr/CmHdM/rPcHd collections=-/-/-/-"
    )
    seen = []
    for _ in range(5):
        seen.append(state.active)
        take(state, *state.legal_actions()[0].cells)
    assert seen == [2, 3, 0, 1, 2]


def test_tt_d6_turns_are_counted_per_round():
    """The second round starts again at turn 1 (exactly one card), then turn 2 (one or two)."""
    state = pos("players=2 round=1 turn=7 active=1 table=..../.A../.... collections=-/-")
    events = take(state, (1, 1))
    assert event_types(events)[:3] == ["CardsTaken", "RoundEnded", "RoundStarted"]
    from tests.engine.tea_time.helpers import deal

    deal(state)
    assert state.round == 2 and state.turn == 1 and state.active == 1
    assert {len(cells) for cells in lines(state)} == {1}
    take(state, (0, 0))
    assert state.turn == 2
    assert {len(cells) for cells in lines(state)} == {1, 2}


def test_only_the_player_to_move_acts_and_never_while_cards_are_laid_out():
    state = pos("players=2 phase=deal")
    with pytest.raises(IllegalAction, match="Wait for the cards to be laid out."):
        take(state, (0, 0))


def test_describe_action_names_cards_and_places():
    state = pos(FULL)
    assert (
        state.action_to_string(TakeCards(((1, 1),)))
        == "Take a normal Dormouse (row 2, column 2) and put Alice in its place"
    )
    state = pos("players=2 turn=3 table=PrCh/mAhR/HcMd")
    assert (
        state.action_to_string(TakeCards(((0, 0), (0, 1))))
        == "Take a normal Caterpillar and a mirror White Rabbit (row 1, columns 1–2)"
    )
    assert (
        state.action_to_string(TakeCards(((0, 1), (1, 1), (2, 1))))
        == "Take a mirror White Rabbit, Alice and a mirror Cheshire Cat (column 2, rows 1–3)"
    )
    assert (
        state.action_to_string(TakeCards(((0, 3), (1, 2))))
        == "Take 2 mirror Mad Hatters (diagonal from row 1, column 4 to row 2, column 3)"
    )


def test_cards_on_the_table_are_cards_with_a_side():
    state = pos(FULL)
    assert state.table[0][1] == Card("R", Side.MIRROR)
    assert state.phase == Phase.PLAY


@pytest.mark.parametrize(
    "text, action, reason",
    [
        (
            "players=2 phase=over round=5 turn=6 active=- table=..../..../.... deck=-",
            TakeCards(((0, 0),)),
            "The game is over.",
        ),
        (FULL, TakeCards(((0, 0.5),)), "Name each card by its row and column on the table."),
        (FULL, TakeCards("ab"), "Name each card by its row and column on the table."),
        (FULL, PickFirstPlayer(0), "Nothing is left to chance right now."),
        ("players=2 phase=deal", PickFirstPlayer(0), "The first player is already chosen."),
        ("players=3 phase=start", PickFirstPlayer(3), "There is no player 4."),
        ("players=3 phase=start", DealCard("P"), "No card is being laid out now."),
        ("players=2 phase=deal", DealCard("X"), "The deck holds no such card."),
    ],
)
def test_every_refusal_is_a_plain_sentence(text, action, reason):
    state = pos(text)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as error:
        state.apply_action(action)
    assert error.value.reason == reason and is_player_sentence(reason)
    assert state.to_dict() == before
