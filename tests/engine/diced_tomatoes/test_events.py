"""What each Diced Tomatoes event does (engine/diced_tomatoes/events.py, issue 16).

One case per event class: a position from the notation, one event, and exactly the fields of
``to_dict()`` that must change (every other field must stay as it was). A wrong or missing
effect in ``play_event`` fails here by name; the random-game test checks whole steps.
"""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.diced_tomatoes.events import apply_event, play_event
from engine.diced_tomatoes.state import (
    EVENT_CLASSES,
    DecisionsPending,
    DieChanged,
    DieDrawn,
    DiePassed,
    DiePlaced,
    DieRolled,
    FinalRound,
    FirstRollMade,
    FirstRollTied,
    GameEnded,
    KarmaBitGained,
    KarmaBitsTraded,
    KarmaGained,
    KarmaLost,
    KarmaSpent,
    NextPlayer,
    RerollStarted,
    SeedFlipped,
    TurnEnded,
    TurnOrderChosen,
    TurnStarted,
    VineCleared,
    VineCompleted,
    VineHarvested,
    VineKept,
)

from .helpers import pos

CASES = [
    # (position, event, the to_dict fields that change and their new values)
    ("players=3 phase=start start=0.1.2:4", FirstRollMade(1, 2), {"rolls": [4, 2]}),
    (
        "players=3 phase=start start=0.1.2:4.2.2",
        FirstRollTied((1, 2), 2),
        {"rollers": [1, 2], "rolls": []},
    ),
    (
        "players=3 phase=start start=0.1.2:4.2.5",
        TurnOrderChosen(1, 2),
        {"rollers": [], "rolls": [], "last_player": 1},
    ),
    (
        "players=3 phase=cleanup active=0 last=2 hand=-",
        NextPlayer(1),
        {"phase": "turn", "active": 1},
    ),
    (
        "players=2 phase=start last=1",
        TurnStarted(0, 3, 0),
        {"phase": "turn", "active": 0, "to_draw": 3},
    ),
    (
        "players=2 active=0 hand=x,x passed=b,r bushel=r2,b0,g0",
        TurnStarted(1, 2, 2),
        {"active": 1, "hand": [["b", None], ["r", None]], "passed": [], "to_draw": 2},
    ),
    (
        "players=2 draw=3 hand=- bushel=r5,b1,g0",
        DieDrawn(0, 0, "b"),
        {"bushel": {"r": 5, "b": 0, "g": 0}, "to_draw": 2, "hand": [["b", None]]},
    ),
    ("players=2 hand=4r,?r", DieRolled(0, 1, "r", 5), {"hand": [["r", 4], ["r", 5]]}),
    (
        "players=2 hand=4r,2b vines=3r|-|-/-|-|-",
        DiePlaced(0, 0, "r", 4, 0, 0, 1, False),
        {"hand": [None, ["b", 2]], "vines": [[[["r", 3], ["r", 4]], [], []], [[], [], []]]},
    ),
    (
        "players=2 hand=4r,2b",
        DiePlaced(0, 1, "b", 2, 1, 2, 0, True),
        {"hand": [["r", 4], None], "vines": [[[], [], []], [[], [], [["b", 2]]]]},
    ),
    (
        "players=2 hand=4r passed=b",
        DiePassed(0, 0, "r", 4, 1),
        {"hand": [None], "passed": ["b", "r"]},
    ),
    ("players=2 hand=x", TurnEnded(0), {"phase": "cleanup"}),
    ("players=2 vines=4r4r4r4r|-|-/-|-|-", VineCompleted(0, 0, 4, True), {}),
    (
        "players=2 options=g vines=4r4b4g4r|-|-/-|-|- score=2/- bushel=r10,b2,g1",
        VineHarvested(0, 0, 4, 2, ("b", "g", "r"), False),
        {
            "score": [[2, 4], []],
            "vines": [[[], [], []], [[], [], []]],
            "bushel": {"r": 11, "b": 3, "g": 2},
        },
    ),
    (
        "players=2 options=g vines=-|-|-/6r6g|-|- bushel=r0,b0,g0",
        VineCleared(1, 0, 7, "overripe", ("r", "g")),
        {"vines": [[[], [], []], [[], [], []]], "bushel": {"r": 1, "b": 0, "g": 1}},
    ),
    (
        "players=2 phase=cleanup pending=1.0,1.1 vines=-|-|-/1r1b|2r2b2b|- bushel=r0,b0,g0",
        VineCleared(1, 0, 0, "zero", ("r", "b")),
        {
            "vines": [[[], [], []], [[], [["r", 2], ["b", 2], ["b", 2]], []]],
            "bushel": {"r": 1, "b": 1, "g": 0},
            "pending": [[1, 1]],
        },
    ),
    (
        "players=2 phase=cleanup hand=-",
        DecisionsPending(((1, 0), (0, 2))),
        {"pending": [[1, 0], [0, 2]]},
    ),
    (
        "players=2 phase=cleanup pending=1.0,1.1 vines=-|-|-/1r1b|2r2b2b|-",
        VineKept(1, 0, 0),
        {"pending": [[1, 1]]},
    ),
    ("players=3 last=2", FinalRound(0, 2), {"final_round": True, "first_six": 0}),
    (
        "players=2 karma=3,3",
        KarmaGained(0, 2, 1, 5, "completing an opponent's vine"),
        {"karma": [5, 3]},
    ),
    ("players=2 options=o bits=1,0", KarmaBitGained(0, 2, "passing a die"), {"bits": [2, 0]}),
    ("players=2 options=o bits=3,0", KarmaBitsTraded(0, 0), {"bits": [0, 0]}),
    ("players=2 karma=6,3 hand=5r", KarmaSpent(0, 2, "shift a die", 4), {"karma": [4, 3]}),
    ("players=2 options=u karma=9,3 phase=cleanup", KarmaLost(0, 3, 6), {"karma": [6, 3]}),
    (
        "players=2 hand=5r,1b",
        DieChanged(0, 1, "b", 1, 6, "roll over"),
        {"hand": [["r", 5], ["b", 6]]},
    ),
    ("players=2 hand=5r", RerollStarted(0, 0, "r", 5), {"hand": [["r", None]]}),
    (
        "players=2 vines=-|-|-/2r|-|-",
        SeedFlipped(0, 1, 0, 2, 5),
        {"vines": [[[], [], []], [[["r", 5]], [], []]]},
    ),
    (
        "players=2 hand=x,x final=yes first6=0 score=1,2,3,4,5,6/-",
        GameEnded("final", (0,), (25, 0)),
        {"phase": "over", "ended": "final", "hand": []},
    ),
    (
        "players=2 draw=2 hand=3r bushel=r0,b0,g0",
        GameEnded("bushel", (1,), (0, 0)),
        {"phase": "over", "ended": "bushel", "to_draw": 0},
    ),
]


@pytest.mark.parametrize(
    "notation, event, changes",
    CASES,
    ids=[f"{type(case[1]).__name__}-{i}" for i, case in enumerate(CASES)],
)
def test_each_event_changes_exactly_its_fields(notation, event, changes):
    """events.apply_event: the event changes exactly these fields and leaves its input alone."""
    before = pos(notation)
    before_dict = before.to_dict()
    after = apply_event(before, event)
    after_dict = after.to_dict()
    changed = {key: value for key, value in after_dict.items() if before_dict[key] != value}
    assert changed == changes
    assert before.to_dict() == before_dict
    play_event(before, event)  # in place: the same effect
    assert before.to_dict() == after_dict


def test_every_event_class_has_a_case():
    """Each event the game emits (state.EVENT_CLASSES) is covered above."""
    assert {type(case[1]) for case in CASES} == set(EVENT_CLASSES)


def test_a_foreign_event_is_refused():
    """apply_event names an event that is not one of Diced Tomatoes'."""

    class Other(Event):
        pass

    with pytest.raises(TypeError, match="Other is not a Diced Tomatoes event"):
        apply_event(pos("players=2"), Other())
