"""engine/potion_explosion/events.py: what each event does to the state (issue 16, item 1).

One case per event class (and per variant of it): a position from the notation, one event, and
the position expected after it, written as the notation fields that change. A wrong effect in
``play_event`` breaks its case. The random-game tests check the whole chain (every step's events
give the next state); these pin each effect down on its own.
"""

from __future__ import annotations

import pytest

from engine.core import Event
from engine.core import TurnStarted as BaseTurnStarted
from engine.potion_explosion import state as pe
from engine.potion_explosion.events import apply_event, play_event
from engine.potion_explosion.notation import format_position, parse_position

BASE = {
    "n": "2",
    "phase": "play",
    "first": "0",
    "player": "0",
    "types": "SAN,MAG,WIS,PRI,BLI,ABY",
    "draft": "0:-",
    "tracks": "RBYKRBYK/RBYK/YY/K/",
    "tank": "R1B1Y1K1",
    "stacks": "WIS5+2/-+1/-+0/-+0/-+0",
    "skill": "4/11",
    "turn": "-",
    "effect": "-",
    "seam": "-",
    "end": "0",
    "tb": "-",
    "win": "-",
    "tt": "0",
    "p0": "WIS4:R,-/BY/R/SAN4/0.0.-.0.0.0",
    "p1": "-,MAG4:/K/-/-/0.0.-.0.0.0",
}
"""Seat 0 is to play: a Potion of Wisdom with one red placed, a blue and a yellow in the pool,
a red in hand, a Sands of Time completed; seat 1 has a black in the pool."""


def at(**fields) -> str:
    """The notation of BASE with ``fields`` changed."""
    return " ".join(f"{key}={value}" for key, value in {**BASE, **fields}.items())


CASES = [
    # setup
    (
        "PotionTypeChosen",
        at(phase="types", types="SAN,WIS"),
        pe.PotionTypeChosen("MAG"),
        {"types": "SAN,MAG,WIS"},
    ),
    (
        "TypesChosen",
        at(phase="types", types="-"),
        pe.TypesChosen(("SAN", "MAG", "WIS", "BAL", "PRI", "BLI")),
        {"types": "SAN,MAG,WIS,BAL,PRI,BLI"},
    ),
    ("PhaseChanged", at(phase="starters"), pe.PhaseChanged("draft"), {"phase": "draft"}),
    ("FirstPlayerChosen", at(phase="first"), pe.FirstPlayerChosen(1), {"first": "1"}),
    (
        "StarterRevealed",
        at(phase="starters", draft="0:WIS4"),
        pe.StarterRevealed("MAG4"),
        {"draft": "0:MAG4,WIS4"},
    ),
    (
        "StarterDrafted",
        at(phase="draft", draft="1:MAG4,WIS4"),
        pe.StarterDrafted(1, "WIS4", 0),
        {"draft": "2:MAG4", "p1": "WIS4:,MAG4:/K/-/-/0.0.-.0.0.0"},
    ),
    (
        "StacksFormed",
        at(phase="draft", stacks="-+0/-+0/-+0/-+0/-+0"),
        pe.StacksFormed((9, 9, 8, 8, 8)),
        {"stacks": "-+9/-+9/-+8/-+8/-+8"},
    ),
    # chance
    ("TileRevealed", at(), pe.TileRevealed(1, "ABY7"), {"stacks": "WIS5+2/ABY7+0/-+0/-+0/-+0"}),
    (
        "MarbleRefilled",
        at(),
        pe.MarbleRefilled(4, 0, "R"),
        {"tracks": "RBYKRBYK/RBYK/YY/K/R", "tank": "R0B1Y1K1"},
    ),
    # the dispenser
    (
        "MarbleTaken",
        at(),
        pe.MarbleTaken(0, 0, 2, "Y", "pick"),
        {
            "tracks": "RBKRBYK/RBYK/YY/K/",
            "p0": "WIS4:R,-/BY/RY/SAN4/0.0.-.0.0.0",
            "turn": "p",
            "seam": "0.2.1.pick",
        },
    ),
    (
        "MarbleTaken-tie-break",
        at(phase="tiebreak", tb="0.1:0:-"),
        pe.MarbleTaken(0, 1, 1, "B", "tie-break"),
        {
            "tracks": "RBYKRBYK/RYK/YY/K/",
            "p0": "WIS4:R,-/BY/RB/SAN4/0.0.-.0.0.0",
            "seam": "1.1.1.tiebreak",
            "tt": "1",
        },
    ),
    (
        "MarbleTaken-potion",
        at(turn="p", effect="ABY:3:K:0"),
        pe.MarbleTaken(0, 2, 0, "Y", "potion"),
        {
            "tracks": "RBYKRBYK/RBYK/Y/K/",
            "p0": "WIS4:R,-/BY/RY/SAN4/0.0.-.0.0.0",
            "effect": "ABY:3.2:KY:0",
        },
    ),
    (
        "MarbleTaken-little-help",
        at(turn="p"),
        pe.MarbleTaken(0, 3, 0, "K", "little help"),
        {"tracks": "RBYKRBYK/RBYK/YY//", "p0": "WIS4:R,-/BY/RK/SAN4/0.0.-.0.0.0"},
    ),
    ("MarblesSlid", at(), pe.MarblesSlid(0, 2, 1), {}),
    ("SeamCollision", at(seam="2.1.1.pick"), pe.SeamCollision(2, 1, "Y", "Y", True), {}),
    (
        "Exploded",
        at(turn="p", seam="2.1.1.pick"),
        pe.Exploded(0, 2, (0, 1), "Y", 1),
        {
            "tracks": "RBYKRBYK/RBYK//K/",
            "p0": "WIS4:R,-/BY/RYY/SAN4/0.0.-.0.0.0",
            "seam": "2.0.2.pick",
        },
    ),
    (
        "Exploded-tie-break",
        at(phase="tiebreak", tb="0.1:0:-", seam="2.1.1.tiebreak", tt="1"),
        pe.Exploded(0, 2, (0, 1), "Y", 1),
        {
            "tracks": "RBYKRBYK/RBYK//K/",
            "p0": "WIS4:R,-/BY/RYY/SAN4/0.0.-.0.0.0",
            "seam": "2.0.2.tiebreak",
            "tt": "3",
        },
    ),
    ("ChainEnded", at(turn="p", seam="2.0.2.pick"), pe.ChainEnded(2), {"seam": "-"}),
    # the desk
    (
        "MarbleMoved",
        at(turn="p"),
        pe.MarbleMoved(0, "R", "hand", "pool"),
        {"p0": "WIS4:R,-/RBY/-/SAN4/0.0.-.0.0.0", "turn": "p/R"},
    ),
    (
        "MarbleMoved-to-hand",
        at(turn="p/BB", p0="WIS4:R,-/Bb/R/SAN4/0.0.-.0.0.0"),
        pe.MarbleMoved(0, "B", "pool", "hand"),
        {"p0": "WIS4:R,-/b/RB/SAN4/0.0.-.0.0.0", "turn": "p/B"},
    ),
    (
        "MarblePlaced",
        at(turn="p"),
        pe.MarblePlaced(0, "R", "hand", 0, "R"),
        {"p0": "WIS4:RR,-/BY/-/SAN4/0.0.-.0.0.0"},
    ),
    (
        "MarblePlaced-wild",
        at(turn="p", p0="WIS4:R,-/BbY/R/SAN4/0.0.-.0.0.0"),
        pe.MarblePlaced(0, "B", "pool", 0, "Y"),
        {"p0": "WIS4:RY=B,-/BY/R/SAN4/0.0.-.0.0.0"},
    ),
    (
        "PotionCompleted",
        at(turn="p", p0="WIS4:RRYY,-/BY/R/SAN4/0.0.-.0.0.0"),
        pe.PotionCompleted(0, 0, "WIS4", ("R", "R", "Y", "Y")),
        {"p0": "-,-/BY/R/SAN4,WIS4/0.0.-.0.0.0", "tank": "R3B1Y3K1"},
    ),
    (
        "SkillTokenEarned",
        at(),
        pe.SkillTokenEarned(0, "mastery", "countdown", "WIS"),
        {"skill": "3/11", "p0": "WIS4:R,-/BY/R/SAN4/1.0.WIS.0.0.0"},
    ),
    (
        "SkillTokenEarned-supply",
        at(skill="0/11"),
        pe.SkillTokenEarned(0, "variety", "supply", ""),
        {"skill": "0/10", "p0": "WIS4:R,-/BY/R/SAN4/1.0.-.1.0.0"},
    ),
    (
        "SkillTokenEarned-none-left",
        at(skill="0/0"),
        pe.SkillTokenEarned(0, "tenth", "none", ""),
        {"p0": "WIS4:R,-/BY/R/SAN4/0.0.-.0.1.0"},
    ),
    (
        "LittleHelpTaken",
        at(turn="p"),
        pe.LittleHelpTaken(0),
        {"turn": "ph", "p0": "WIS4:R,-/BY/R/SAN4/0.1.-.0.0.0"},
    ),
    # potions
    (
        "PotionDrunk",
        at(turn="p"),
        pe.PotionDrunk(0, 0, "SAN4", "Use again."),
        {"p0": "WIS4:R,-/BY/R/SAN4!/0.0.-.0.0.0"},
    ),
    ("EffectStarted", at(turn="p"), pe.EffectStarted(0, "WIS", 0), {"effect": "WIS:-:-:0"}),
    ("EffectCopied", at(turn="p", effect="SAN:-:-:1"), pe.EffectCopied(0, "WIS4"), {"effect": "-"}),
    ("EffectEnded", at(turn="p", effect="ABY:2:Y:0"), pe.EffectEnded(0), {"effect": "-"}),
    (
        "PoolStolen",
        at(turn="p", p1="-,MAG4:/k/-/-/0.0.-.0.0.0"),
        pe.PoolStolen(0, 1, ("K",)),
        {"p0": "WIS4:R,-/BY/RK/SAN4/0.0.-.0.0.0", "p1": "-,MAG4:/-/-/-/0.0.-.0.0.0"},
    ),
    (
        "PoolMadeWild",
        at(turn="p"),
        pe.PoolMadeWild(0, ("B", "Y")),
        {"p0": "WIS4:R,-/by/R/SAN4/0.0.-.0.0.0"},
    ),
    (
        "MarblesReturned",
        at(turn="p"),
        pe.MarblesReturned(0, ("R",), "hand", -1, ()),
        {"p0": "WIS4:R,-/BY/-/SAN4/0.0.-.0.0.0", "tank": "R2B1Y1K1"},
    ),
    (
        "MarblesReturned-track",
        at(turn="p"),
        pe.MarblesReturned(0, ("R", "R"), "track", 0, (0, 4)),
        {"tracks": "BYKBYK/RBYK/YY/K/", "tank": "R3B1Y1K1"},
    ),
    # turns and the end
    (
        "TurnStarted",
        at(phase="end", turn="ph/B"),
        pe.TurnStarted(1),
        {"phase": "play", "player": "1", "turn": "-"},
    ),
    (
        "TurnEnded",
        at(turn="p", p0="WIS4:R,-/by/R/SAN4/0.0.-.0.0.0"),
        pe.TurnEnded(0),
        {"phase": "end", "p0": "WIS4:R,-/BY/R/SAN4/0.0.-.0.0.0"},
    ),
    (
        "TileDrawn",
        at(phase="end"),
        pe.TileDrawn(0, 0, 1, "WIS5"),
        {"stacks": "-+2/-+1/-+0/-+0/-+0", "p0": "WIS4:R,WIS5:/BY/R/SAN4/0.0.-.0.0.0"},
    ),
    ("NoTileLeft", at(phase="end"), pe.NoTileLeft(0, 1), {}),
    ("TurnCounted", at(phase="end"), pe.TurnCounted(0), {"p0": "WIS4:R,-/BY/R/SAN4/0.0.-.0.0.1"}),
    ("LastRoundBegun", at(turn="p"), pe.LastRoundBegun(0), {}),
    ("GameEndTriggered", at(phase="end"), pe.GameEndTriggered("because"), {"end": "1"}),
    (
        "TieBreakStarted",
        at(phase="end", turn="ph", end="1"),
        pe.TieBreakStarted((1, 0)),
        {"phase": "tiebreak", "tb": "1.0:0:-", "turn": "-"},
    ),
    ("TieBreakTurn", at(phase="tiebreak", tb="1.0:0:-"), pe.TieBreakTurn(1), {"player": "1"}),
    (
        "TieBreakResult",
        at(phase="tiebreak", tb="1.0:0:-", player="1", tt="3"),
        pe.TieBreakResult(1, 3),
        {"tb": "1.0:1:3", "tt": "0"},
    ),
    (
        "GameOver",
        at(phase="end", end="1"),
        pe.GameOver((0,), (5, 0)),
        {"phase": "over", "win": "0"},
    ),
]


@pytest.mark.parametrize(
    "before, event, changes", [case[1:] for case in CASES], ids=[case[0] for case in CASES]
)
def test_event_changes_exactly_these_fields(before, event, changes):
    """events.play_event: the position after one event is the one before with ``changes``;
    apply_event returns it and leaves its input unchanged."""
    state = parse_position(before)
    after = apply_event(state, event)
    assert format_position(after) == format_position(
        parse_position(at(**{**dict(field.split("=", 1) for field in before.split()), **changes}))
    )
    assert format_position(state) == format_position(parse_position(before))
    play_event(state, event)
    assert state == after


def test_every_event_class_has_a_case():
    """Each event class of the game is pinned down above."""
    covered = {type(case[2]) for case in CASES}
    assert covered == set(pe.EVENT_CLASSES)


def test_apply_event_refuses_another_games_event():
    """apply_event raises TypeError for an event that is not a Potion Explosion event."""
    state = parse_position(at())
    with pytest.raises(TypeError, match="not a Potion Explosion event"):
        apply_event(state, BaseTurnStarted(0))
    with pytest.raises(TypeError):
        apply_event(state, Event())
