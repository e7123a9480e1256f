"""Position notation (docs/DESIGN.md, "Position notation") and plain-words output."""

import dataclasses
import json

import pytest

from engine.potion_explosion import GAME
from engine.potion_explosion.notation import format_position, parse_position
from engine.potion_explosion.state import (
    ACTION_CLASSES,
    Brewing,
    CompletedPotion,
    PendingEffect,
    Phase,
    PotionExplosionState,
    Stack,
)
from tests.engine.potion_explosion.helpers import pos

EXAMPLE = (
    "n=3 opt=random,seat1 types=SAN,MAG,WIS,BAL,PRI,FIL phase=play first=1 player=2 "
    "draft=6:- tracks=RBYKRBYK/KKYRBRBK/RRRRBBBB/YKYKYKYK/BYRKRYBK tank=R5B6Y7K2 "
    "stacks=WIS6+3/-+0/FIL7+2/BAL5+4/SAN5+1 skill=3/10 turn=ph/BK effect=BAL:-:-:2 seam=- "
    "end=0 tb=- win=- tt=0 p0=WIS4:RRY,MAG5:/Rb/RRY/SAN4!,WIS4/1.0.-.0.0.3 "
    "p1=-,PRI4:R=K/-/-/-/0.2.-.0.0.3 p2=FIL4:B,SAN6:/YYY/K/BAL4!,BAL5,BAL6/1.1.BAL.0.0.2"
)


def test_notation_round_trip_of_a_full_example():
    """Notation: format(parse(text)) == text for a complete position."""
    s = parse_position(EXAMPLE)
    assert format_position(s) == EXAMPLE
    d = s.desks[0]
    assert d.slots[0] == Brewing("WIS4", ("RR", "RR", "YY"))
    assert d.pool == [1, 1, 0, 0] and d.wild == [0, 1, 0, 0]
    assert d.completed == [CompletedPotion("SAN4", True), CompletedPotion("WIS4", False)]
    assert s.desks[1].slots[1] == Brewing("PRI4", ("RK",))
    assert s.tracks[1][0] == "K" and s.tank == [5, 6, 7, 2]
    assert s.effect == PendingEffect("BAL", (), (), 2)
    assert s.to_dict()["effect"] == {"kind": "BAL", "tracks": [], "colours": [], "source": 2}
    assert PotionExplosionState.from_dict(json.loads(json.dumps(s.to_dict()))) == s
    assert s.clone() == s and s.clone() is not s


def test_notation_defaults_and_errors():
    """Notation: left-out fields take defaults; malformed text raises ValueError."""
    s = pos("tracks=RBR////")
    assert s.num_players == 2 and s.phase == Phase.PLAY and s.tank == [0, 0, 0, 0]
    assert s.countdown == 4 and s.supply == 11
    assert GAME.notation.parse(GAME.notation.format(s)) == s
    for bad in (
        "tracks=RBR////",
        "n=2 tracks=RBR",
        "n=2 junk",
        "n=2 tracks=RXR////",
        "n=2 p0=WIS4:/-/-",
    ):
        with pytest.raises(ValueError):
            parse_position(bad)


def test_notation_clone_is_independent():
    """Contract: clone() is deep for everything mutable; the frozen records (brewing potions,
    completed potions, stacks, the pending effect) are shared and cannot be changed."""
    s = parse_position(EXAMPLE)
    c = s.clone()
    c.tracks[0].pop()
    c.desks[0].pool[0] += 1
    c.desks[0].slots[0] = Brewing("WIS4", ("RR", "RR", "YY", "YY"))
    c.desks[0].completed[1] = CompletedPotion("WIS4", True)
    c.stacks[0] = Stack(None, 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        c.effect.tracks = (1,)
    assert format_position(s) == EXAMPLE


def test_action_codec_and_strings():
    """Actions round-trip through the codec and read as plain words."""
    s = parse_position(EXAMPLE)
    s.effect = None
    for a in s.legal_actions():
        assert GAME.action_codec.from_dict(json.loads(json.dumps(a.to_dict()))) == a
        text = s.action_to_string(a)
        assert text and "(" not in text.split()[0]
    assert {c.__name__ for c in ACTION_CLASSES} >= {"RegularPick", "EndTurn", "FilterMarbles"}
