"""Each Shifting Stones event's effect (engine/shifting_stones/events.py), one at a time: the
exact fields it changes, and the state it was given left unchanged."""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.shifting_stones import apply_event, format_position
from engine.shifting_stones.state import (
    BonusAwarded,
    CardDrawn,
    CardPaid,
    CardScored,
    DeckReshuffled,
    FirstPlayerChosen,
    GameEnded,
    LastRound,
    NothingToDraw,
    Phase,
    SoloCardChosen,
    SoloGameEnded,
    StoneFlipped,
    StonePlaced,
    StonesShifted,
    StrikeGiven,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)
from tests.engine.shifting_stones.helpers import pos

NAMES = ["Ana", "Bob"]
PLAY = "grid=SFB/HOE/TTO hands=8,41,7,14/5,6,9,10 first=0 active=0 discard=1,2"


def applied(state, event):
    before = format_position(state)
    after = apply_event(state, event)
    assert format_position(state) == before, "apply_event changed the state it was given"
    assert isinstance(event.text(NAMES), str)
    return after


def test_set_up_events():
    state = pos("players=2 phase=setup")
    after = applied(state, StonePlaced(0, "M"))
    assert after.grid[0] == "M"
    after = applied(after, CardDrawn(0, 30))
    assert after.hands[0] == [30] and 30 not in after.deck
    after = applied(after, FirstPlayerChosen(1))
    assert after.first_player == 1
    assert FirstPlayerChosen(1).text(NAMES) == "Bob was drawn to go first."
    solo = applied(pos("players=1 phase=setup"), SoloCardChosen(20))
    assert solo.deck == [20] and 20 not in solo.out_of_play
    assert SoloCardChosen(20).text(NAMES) == "" and CardDrawn(0, 30).text(NAMES) == ""


def test_turn_events():
    state = pos(PLAY)
    paid = applied(state, CardPaid(0, 7))
    assert (paid.hands[0], paid.discard, paid.paid, paid.acted) == ([8, 41, 14], [1, 2, 7], 7, True)
    shifted = applied(paid, StonesShifted(0, 0, 1, "S", "F"))
    assert shifted.grid_text() == "FSBHOETTO" and shifted.paid is None
    flipped = applied(paid, StoneFlipped(0, 4, "O", "H"))
    assert flipped.grid_text() == "SFBHHETTO" and flipped.paid is None
    scored = applied(state, CardScored(0, 8, 2, 1))
    assert scored.scored[0] == [8] and scored.scored_now == 1 and scored.acted
    assert applied(state, LastRound(0, 10, 10)).last_round
    ended = applied(state, TurnEnded(0, 2))
    assert (ended.phase, ended.to_draw, ended.skipped) == (Phase.DRAW, 2, [False, False])
    skipped = applied(state, TurnSkipped(0, 2))
    assert (skipped.phase, skipped.to_draw, skipped.skipped) == (Phase.DRAW, 2, [True, False])
    started = applied(ended, TurnStarted(1))
    assert (started.phase, started.active, started.acted, started.scored_now) == (
        Phase.PLAY,
        1,
        False,
        0,
    )


def test_drawing_and_end_events():
    state = pos(PLAY)
    drawing = applied(state, TurnEnded(0, 1))
    reshuffled = applied(drawing, DeckReshuffled(2))
    assert reshuffled.discard == [] and 1 in reshuffled.deck and 2 in reshuffled.deck
    drawn = applied(drawing, CardDrawn(0, 30))
    assert drawn.to_draw == 0 and drawn.hands[0][-1] == 30
    assert applied(drawing, NothingToDraw(0, 1)).to_draw == 0
    assert applied(state, StrikeGiven(2)).strikes == 2
    assert applied(state, BonusAwarded((1,), 4)).to_dict() == state.to_dict()
    assert applied(state, GameEnded((0,), (20, 12))).phase == Phase.OVER
    assert applied(state, SoloGameEnded(True, 16, 1)).phase == Phase.OVER


def test_an_event_of_another_game_is_refused():
    class Stranger(Event):
        pass

    with pytest.raises(TypeError, match="is not a Shifting Stones event"):
        apply_event(pos(PLAY), Stranger())
