"""Tea Time position notation (engine/tea_time/notation.py): round trips, defaults, and parse
errors that say what is wrong and where."""

from __future__ import annotations

import json

import pytest

from engine.tea_time import format_position, new_state, parse_position
from engine.tea_time.state import ALICE_CARD, Card, Phase, Side, TeaTimeState
from tests.engine.tea_time.helpers import deal

EXAMPLE = (
    "players=2 phase=play round=2 turn=3 first=0 active=0 table=AhCr/d.cP/Cm.p "
    "deck=P7,R8,C4,H5,M6,D6 collections=H2,M2,D2/p1,r1,c3,M1,D1 cancelled=H2"
)


def test_the_docstring_example_round_trips_and_reads_as_documented():
    state = parse_position(EXAMPLE)
    assert format_position(state) == EXAMPLE
    assert state.table[0][0] == ALICE_CARD and state.alice is None
    assert state.table[0][1] == Card("H", Side.MIRROR) and state.table[1][1] is None
    assert tuple(state.collections[1]["C"]) == (0, 3)
    assert (state.round, state.turn, state.active) == (2, 3, 0)


def test_states_round_trip_through_notation_and_json():
    state = new_state(4)
    deal(state, first_player=3)
    text = format_position(state)
    assert format_position(parse_position(text)) == text
    data = json.loads(json.dumps(state.to_dict()))
    assert TeaTimeState.from_dict(data).to_dict() == state.to_dict()


def test_missing_fields_take_their_defaults():
    state = parse_position("table=PrCh/mDhC/PrCh")
    assert state.num_players == 2 and state.phase == Phase.PLAY
    assert (state.round, state.turn, state.first_player, state.active, state.alice) == (
        1,
        1,
        0,
        0,
        0,
    )  # Alice off the table: turn 1, she is with the first player
    assert state.deck["P"] == 10 - 2 and sum(state.cancelled.values()) == 0
    state = parse_position("table=PrCh/mAhC/PrCh")
    assert state.turn == 3 and state.alice is None


def test_a_late_position_needs_only_an_empty_deck():
    state = parse_position("round=5 turn=4 table=..../.A../.... deck=- collections=P6/-")
    assert state.cancelled["P"] == 4 and state.cancelled["R"] == 10


@pytest.mark.parametrize(
    "text, words",
    [
        ("players=5", "players: 5 is outside 2 to 4."),
        ("phase=lunch", "phase: 'lunch' is not one of start, deal, play, over."),
        ("table=PrCh/mDhC", "table: 2 rows given, but the layout has 3 rows of 4 places."),
        ("table=PrCh/mDhCx/PrCh", "table, row 2: 5 places given, but each row has 4."),
        ("table=PrCx/mDhC/PrCh", "table, row 1, place 4: 'x' is not a card"),
        ("table=PRCh/mDhC/PrCh", "table, row 1, place 2: the card there shows its mirror side"),
        ("foo=1", "unknown field 'foo'"),
        ("players", "'players' is not a field"),
        ("players=2 players=3", "the field 'players' is given twice."),
        ("table=PrCh/mDhC/PrCh collections=c3", "collections: 1 given, one per player (2) needed."),
        ("table=PrCh/mDhC/PrCh collections=Z2/-", "collections, seat 0: 'Z' is not a character"),
        ("table=PrCh/mDhC/PrCh collections=A/A", "Alice is in more than one collection."),
        ("table=ArCh/mDhC/PrCh collections=A/-", "Alice is both on the table and in a collection."),
        (
            "table=PrCh/mDhC/PrCh deck=P11",
            "Caterpillar cards: 2 on the table, in collections and "
            "cancelled and 11 in the deck, but a game of 2 players "
            "has 10.",
        ),
        ("table=PrCh/mDhC/PrCh cancelled=C3", "cancelled: 3 Cheshire Cat cards"),
        ("table=PrCh/mDhC/PrCh active=7", "active: '7' is not a seat"),
        ("turn=1 table=ArCh/mDhC/PrCh", "turn: on turn 1 Alice is still in her holder's hand"),
        ("table=..../..../....", "table: a turn needs cards on the table."),
    ],
)
def test_parse_errors_say_what_is_wrong_and_where(text, words):
    with pytest.raises(ValueError) as error:
        parse_position(text)
    assert words in str(error.value)
