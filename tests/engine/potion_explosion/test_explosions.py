"""docs/rules/potion_explosion.md, "Explosions" (with PE-D1), and its three worked examples."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core import CHANCE
from engine.potion_explosion.state import (
    Drink,
    Exploded,
    LittleHelp,
    MarbleTaken,
    RegularPick,
    SeamCollision,
    TakeMarble,
)
from tests.engine.potion_explosion.helpers import FULL, exploded_places, of_type, pos, roll


def hand(s, p=0):
    return dict(zip("RBYK", s.desks[p].hand))


def test_explosions_example_red_blue_red():
    """Worked example 1: red, blue, red — take blue → the 2 reds explode."""
    s = pos("tracks=RBR////")
    ev = s.apply_action(RegularPick(0, 1))
    exp = of_type(ev, Exploded)
    assert [(e.track, e.positions, e.colour, e.chain_step) for e in exp] == [(0, (0, 1), "R", 1)]
    assert s.tracks[0] == []
    assert hand(s) == {"R": 2, "B": 1, "Y": 0, "K": 0}


def test_explosions_example_chain_yellow_red_blue_red_yellow():
    """Worked example 2: Y R B R Y, take blue → reds explode, then the yellows collide and
    explode (a chain reaction): 4 marbles + the blue in hand."""
    s = pos("tracks=YRBRY////")
    ev = s.apply_action(RegularPick(0, 2))
    exp = of_type(ev, Exploded)
    assert [(e.positions, e.colour, e.chain_step) for e in exp] == [
        ((1, 2), "R", 1),
        ((0, 1), "Y", 2),
    ]
    assert s.tracks[0] == []
    assert hand(s) == {"R": 2, "B": 1, "Y": 2, "K": 0}
    assert sum(s.desks[0].hand) == 5


def test_explosions_example_yellow_red_blue_red_black():
    """Worked example 3: Y R B R K, take blue → only the 2 reds explode."""
    s = pos("tracks=YRBRK////")
    ev = s.apply_action(RegularPick(0, 2))
    assert [(e.positions, e.colour) for e in of_type(ev, Exploded)] == [((1, 2), "R")]
    collisions = of_type(ev, SeamCollision)
    assert [(c.below, c.above, c.explodes) for c in collisions] == [
        ("R", "R", True),
        ("Y", "K", False),
    ]
    assert s.tracks[0] == ["Y", "K"]
    assert hand(s) == {"R": 2, "B": 1, "Y": 0, "K": 0}


def test_explosions_taking_the_bottom_marble_never_explodes():
    """Explosions, step 2: the bottom marble was taken → nothing below the gap, no explosion."""
    s = pos("tracks=BRR////")
    ev = s.apply_action(RegularPick(0, 0))
    assert not of_type(ev, Exploded) and not of_type(ev, SeamCollision)
    assert s.tracks[0] == ["R", "R"]


def test_explosions_colour_of_taken_marble_is_irrelevant():
    """Explosions, step 2: only the seam marbles matter, the taken colour does not."""
    s = pos("tracks=RRR////")  # taking a red between two reds: the two reds still explode
    ev = s.apply_action(RegularPick(0, 1))
    assert [(e.positions, e.colour) for e in of_type(ev, Exploded)] == [((0, 1), "R")]
    s = pos("tracks=YKRY////")  # taking red next to different colours explodes nothing
    ev = s.apply_action(RegularPick(0, 2))
    assert not of_type(ev, Exploded)


def test_explosions_whole_run_above_and_below():
    """Explosions, step 3: every touching marble of the colour explodes, above and below."""
    s = pos("tracks=KBBBYBBK////")
    ev = s.apply_action(RegularPick(0, 4))
    assert [(e.positions, e.colour, e.chain_step) for e in of_type(ev, Exploded)] == [
        ((1, 2, 3, 4, 5), "B", 1),
        ((0, 1), "K", 2),
    ]
    # K and K met after the blue explosion: a chain reaction took them too.
    assert s.tracks[0] == []
    assert hand(s) == {"R": 0, "B": 5, "Y": 1, "K": 2}


def test_pe_d1_top_pick_refill_marble_slides_into_the_seam():
    """PE-D1: the marble rolling in from the tank is what slides into a gap at the top."""
    s = pos(f"tracks=RBYRBYKR/{FULL}/{FULL}/{FULL}/{FULL} tank=R0B0Y0K1")
    ev = s.apply_action(RegularPick(0, 7))
    assert not of_type(ev, Exploded) and s.current_player() == CHANCE
    ev = roll(s, "K")  # the new black meets the black below
    assert [(e.positions, e.colour) for e in of_type(ev, Exploded)] == [((6, 7), "K")]
    assert len(s.tracks[0]) == 6 and s.current_player() == 0


def test_pe_d1_top_pick_with_empty_tank_nothing_slides():
    """Explosions, step 2: nothing slid down (top taken, empty tank) → no explosion."""
    s = pos("tracks=RR////")
    ev = s.apply_action(RegularPick(0, 1))
    assert not of_type(ev, Exploded) and s.tracks[0] == ["R"]


def test_explosions_chain_continues_after_a_refill_marble_arrives():
    """Explosions, step 4: the track refills between steps; the refilled marble joins a chain."""
    s = pos(f"tracks=BYRKRRRR/{FULL}/{FULL}/{FULL}/{FULL} tank=R0B3Y2K2")
    s.apply_action(RegularPick(0, 3))  # take the black
    assert s.current_player() == CHANCE  # the seam waits for the refill
    ev = roll(s, "Y")  # Y rolls in on top: B Y R R R R R Y
    assert [(e.positions, e.colour, e.chain_step) for e in of_type(ev, Exploded)] == [
        ((2, 3, 4, 5, 6), "R", 1)
    ]
    ev = roll(s, "K", "B", "K", "B", "Y")  # B Y Y K B K B Y: the refilled Y meets Y
    assert [(e.positions, e.colour, e.chain_step) for e in of_type(ev, Exploded)] == [
        ((1, 2), "Y", 2)
    ]
    ev = roll(s, "B")  # B K B K B Y B: blue and black differ
    assert not of_type(ev, Exploded)
    assert s.tracks[0] == list("BKBKBYB")
    assert hand(s) == {"R": 5, "B": 0, "Y": 2, "K": 1}
    assert s.current_player() == 0


def test_explosions_only_the_picked_track_explodes():
    """Explosions: only the track picked from can explode."""
    s = pos("tracks=RBR/RR///")
    s.apply_action(RegularPick(0, 1))
    assert s.tracks[1] == ["R", "R"]


def test_explosions_little_help_never_explodes():
    """Explosions / A turn: marbles taken by a Little Help never explode; they may join later."""
    s = pos("tracks=RBR////")
    ev = s.apply_action(LittleHelp(0, 1))
    assert not of_type(ev, Exploded) and s.tracks[0] == ["R", "R"]
    assert of_type(ev, MarbleTaken)[0].reason == "little help"
    # The touching reds stay and join a later explosion.
    s.tracks[0] = ["R", "R", "K", "R"]
    s.changed()  # set by hand, not by an event
    ev = s.apply_action(RegularPick(0, 2))
    assert [(e.positions, e.colour) for e in of_type(ev, Exploded)] == [((0, 1, 2), "R")]


def test_explosions_potions_never_explode():
    """Explosions: marbles taken by potions never explode (Potion of Wisdom here)."""
    s = pos("tracks=RBR//// p0=-,-/-/-/WIS4/0.0.-.0.0.0 turn=p")
    s.apply_action(Drink(0))
    ev = s.apply_action(TakeMarble(0, 1))
    assert not of_type(ev, Exploded) and s.tracks[0] == ["R", "R"]


def test_explosions_chain_preview_reads_without_changing_the_state():
    """Explosions: the preview of a chain changes nothing, says "maybe more" when the chain
    reaches the top of a track, and refuses an empty place."""
    s = pos("tracks=YRBRY/RBR/RR/KBBBYBBK/")
    before = s.to_dict()
    assert s.chain_preview(0, 2) == ([0, 1, 3, 4], True)  # the reds, then the yellows
    assert s.chain_preview(1, 1) == ([0, 2], True)
    assert s.chain_preview(2, 0) == ([], False)  # bottom
    assert s.chain_preview(2, 1) == ([], True)  # top: a refill marble meets it
    assert s.chain_preview(3, 4) == ([0, 1, 2, 3, 5, 6, 7], True)
    assert s.to_dict() == before
    with pytest.raises(IndexError):
        s.chain_preview(4, 0)


@pytest.mark.parametrize(
    "track, pick, exploding, more",
    [
        ("RBR", 1, [0, 2], True),  # worked example 1: the reds reach the top
        ("YRBRYK", 2, [0, 1, 3, 4], False),  # worked example 2 with a black on top: the chain
        ("YRBRKK", 2, [1, 3], False),  # worked example 3: only the reds
        ("KBBBYBBKY", 4, [0, 1, 2, 3, 5, 6, 7], False),
        ("BRR", 0, [], False),  # the bottom marble: nothing below the gap
        ("RBYKRBYK", 7, [], True),  # the top marble: a refill meets the K below
        ("RBYKRBYK", 3, [], False),
    ],
)
def test_explosions_chain_preview_matches_the_chain_the_pick_sets_off(track, pick, exploding, more):
    """Explosions, steps 2-4: the preview names every marble of the chain reaction the visible
    marbles decide, and says when a marble still in the tank could join; with an empty tank
    (no refill) the engine explodes exactly those."""
    s = pos(f"tracks={track}//// tank=R0B0Y0K0")
    assert s.chain_preview(0, pick) == (exploding, more)
    ev = s.apply_action(RegularPick(0, pick))
    assert exploded_places(track, pick, ev) == exploding


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from("RBYK"), min_size=8, max_size=8), st.data())
@pytest.mark.long
def test_explosions_a_closed_chain_preview_holds_whatever_rolls_in(track, data):
    """Explosions: when the preview says no refill marble can matter, the pick explodes exactly
    the previewed marbles, whatever colours roll in from the tank (PE-D1)."""
    track = "".join(track)
    pick = data.draw(st.integers(0, len(track) - 1))
    s = pos(f"tracks={track}/{FULL}/{FULL}/{FULL}/{FULL} tank=R5B5Y5K5")  # PE-D1: full tracks
    exploding, more = s.chain_preview(0, pick)
    ev = s.apply_action(RegularPick(0, pick))
    while s.current_player() == CHANCE:
        outcomes = [a for a, _ in s.chance_outcomes()]
        ev += s.apply_action(data.draw(st.sampled_from(outcomes)))
    places = exploded_places(track, pick, ev)
    if more:
        assert set(exploding) <= set(places)
    else:
        assert places == exploding
