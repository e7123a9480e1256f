"""Play-test: the log said "Player 1 placed a red marble from the hand on potion 1". A placed
marble's line names the potion it went on, as the board and the completing line do."""

from __future__ import annotations

import random

import pytest

import translation
from engine import registry
from engine.match import Match, Seat
from engine.potion_explosion import state as pe


def test_a_placed_marbles_line_names_its_potion():
    match = Match(registry.get("potion-explosion"), [Seat("human", "Ana"), Seat("human", "Ben")])
    rng = random.Random(5)
    for _step in range(400):  # play on until a marble is placed
        if match.is_chance():
            match.resolve_chance()
            continue
        legal = match.legal_actions()
        places = [a for a in legal if isinstance(a, pe.PlaceMarble)]
        if places:
            state = match.state
            tile = state.desks[state.current_player()].slots[places[0].slot].tile
            events = match.apply(places[0])
            break
        match.apply(rng.choice(legal))
    else:
        raise AssertionError("no marble was placed")
    (placed,) = [e for e in events if isinstance(e, pe.MarblePlaced)]
    assert placed.tile == tile
    line = placed.text(["Ana", "Ben"])
    assert f" on {pe.potion_name(tile)}" in line and "potion 1" not in line, line


def test_a_wild_marbles_line_names_its_potion_and_hole():
    line = pe.MarblePlaced(0, "B", "pool", 0, "Y", "WIS4").text(["Ana", "Ben"])
    assert line == "Ana placed a blue marble from the pool on Potion of Wisdom (in a yellow hole)."


@pytest.mark.parametrize("language", ["ru", "es", "ja"])
def test_the_line_names_the_potion_in_every_language(language):
    previous = translation.current_language()
    translation.set_language(language)
    try:
        line = pe.MarblePlaced(0, "R", "hand", 0, "R", "WIS4").text(["Ana", "Ben"])
        assert pe.potion_name("WIS4") in line and "placed" not in line, line
    finally:
        translation.set_language(previous)
