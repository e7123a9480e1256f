"""Each Tea Time event's effect (engine/tea_time/events.py), one event at a time.

Each test applies one event with ``apply_event`` to a position from the notation and checks the
exact fields it changes, and that the state it was given is unchanged.
"""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.tea_time import GAME, apply_event, format_position
from engine.tea_time.state import (
    ALICE_CARD,
    AlicePlaced,
    Card,
    CardDealt,
    CardsCancelled,
    CardsTaken,
    FirstPlayerChosen,
    GameEnded,
    Phase,
    RoundEnded,
    RoundStarted,
    Side,
    TurnStarted,
)
from tests.engine.tea_time.helpers import column, pos

NAMES = ["Ana", "Bob", "Cy"]


def applied(state, event):
    before = format_position(state)
    after = apply_event(state, event)
    assert format_position(state) == before, "apply_event changed the state it was given"
    assert isinstance(event.text(NAMES), str)
    return after


def test_first_player_chosen_gives_alice():
    after = applied(pos("players=3 phase=start"), FirstPlayerChosen(1))
    assert (after.first_player, after.alice) == (1, 1)
    assert FirstPlayerChosen(1).text(NAMES) == "Bob was drawn to go first and received Alice."


def test_round_started_begins_laying_out():
    state = pos("players=2 round=1 turn=5 active=1 table=..../.A../....")
    after = applied(state, RoundStarted(2, 5, 1))
    assert (after.phase, after.round, after.turn, after.first_player, after.active) == (
        Phase.DEAL,
        2,
        0,
        1,
        None,
    )
    assert all(card is None for row in after.table for card in row)
    assert RoundStarted(2, 5, 1).text(NAMES) == "Round 2 of 5: Bob laid out the cards."


def test_card_dealt_leaves_the_deck_for_its_place():
    state = pos("players=2 phase=deal")
    after = applied(state, CardDealt(0, 1, "D", "mirror"))
    assert after.table[0][1] == Card("D", Side.MIRROR)
    assert after.deck["D"] == state.deck["D"] - 1
    assert CardDealt(0, 1, "D", "mirror").text(NAMES) == ""  # the table shows it


def test_turn_started_sets_the_player_and_the_turn():
    state = pos("players=2 phase=deal table=PrCh/mDhC/PrCh")
    after = applied(state, TurnStarted(1, 4, 3))
    assert (after.phase, after.active, after.turn) == (Phase.PLAY, 1, 4)
    # the usual limit is not repeated in the log at every turn (a play-test), the first two are
    assert TurnStarted(1, 4, 3).text(NAMES) == "Bob plays."
    assert TurnStarted(1, 2, 2).text(NAMES) == "Bob plays: take 1 to 2 cards in a line."
    assert (
        TurnStarted(0, 1, 1).text(NAMES) == "Ana plays: take one card and put Alice in its place."
    )


def test_cards_taken_empty_their_places_and_join_the_collection():
    state = pos("players=2 turn=3 table=PrCh/mAhC/PrCh collections=-/-")
    event = CardsTaken(0, ((1, 0), (1, 1), (1, 2)), (("M", "mirror"), ("A", ""), ("H", "mirror")))
    after = applied(state, event)
    assert [card is None for card in after.table[1]] == [True, True, True, False]
    assert column(after, 0, "M") == (0, 1) and column(after, 0, "H") == (0, 1)
    assert after.alice == 0
    assert event.text(NAMES) == "Ana took a mirror March Hare, Alice and a mirror Mad Hatter."


def test_alice_placed_sits_where_the_card_was():
    state = pos("players=2 turn=1 table=PrCh/m.hC/PrCh collections=A,D1/-")
    after = applied(state, AlicePlaced(0, 1, 1))
    assert after.table[1][1] == ALICE_CARD and after.alice is None


def test_cards_cancelled_leave_the_game_in_pairs():
    state = pos("players=2 turn=3 table=PrCh/mDhC/PrCh collections=C3/- cancelled=C2")
    # between a take and its cancelling a column may hold both sides
    both = apply_event(state, CardsTaken(0, ((0, 1),), (("C", "mirror"),)))
    assert column(both, 0, "C") == (3, 1)
    after = applied(both, CardsCancelled(0, "C", 1, 2, "normal"))
    assert column(after, 0, "C") == (2, 0) and after.cancelled["C"] == 4


def test_round_ended_leaves_nobody_to_move():
    state = pos("players=2 turn=6 active=1 table=..../..p./....")
    after = applied(state, RoundEnded(1, 1))
    assert after.active is None
    assert RoundEnded(1, 1).text(NAMES) == "Round 1 is over: the table is empty. Bob holds Alice."


def test_game_ended_is_over():
    state = pos("players=2 round=5 turn=6 active=1 table=..../..p./.... deck=- collections=P1/-")
    after = applied(state, GameEnded((0, 1), (40, 40)))
    assert after.phase == Phase.OVER and after.is_terminal() and after.active is None
    assert (
        GameEnded((0, 1), (40, 40)).text(NAMES)
        == "Game over: Ana and Bob share the victory with 40 points."
    )


def test_apply_event_refuses_another_games_event():
    class Foreign(Event):
        pass

    with pytest.raises(TypeError, match="not a Tea Time event"):
        apply_event(pos("players=2 phase=deal"), Foreign())


def test_the_spec_uses_this_apply_event():
    assert GAME.apply_event is apply_event
