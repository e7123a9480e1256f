"""Matching a card (docs/rules/shifting_stones.md, Matching a card): the whole box anywhere it
fits, grey squares need a stone, never rotated nor mirrored; a card scores once."""

from __future__ import annotations

import random

import pytest

from engine.shifting_stones.data import CARDS, card_name
from engine.shifting_stones.heuristics import encode, matches_code
from engine.shifting_stones.rules import matches, placements


def grid(text: str) -> str:
    return text.replace("/", "")


def test_a_pattern_fits_anywhere_inside_the_grid():
    """Card 24, Tree–Horse (a row of two), fits in any row, at either of two places."""
    assert placements(24, grid("THB/OOE/FTS")) == [(0, 0)]
    assert placements(24, grid("BTH/OES/FTH")) == [(0, 1), (2, 1)]
    assert not matches(24, grid("HTB/OOE/FES"))


def test_never_rotated_nor_mirrored():
    """Tree above Horse is not Tree–Horse (rotated), Horse–Tree is not either (mirrored)."""
    column = grid("TBF/HOE/OSE")
    assert not matches(24, column) and matches(39, column)  # card 39: Tree over Horse
    assert card_name(39) == "“column: Tree, Horse”" and card_name(24) == "“row: Tree, Horse”"
    assert not matches(24, grid("HTB/OOE/FES"))


def test_grey_squares_fix_where_the_box_may_sit():
    """Card 12, a 3 × 3 box of grey squares with a fish in the centre, matches only with a
    fish in the grid's centre; card 6, a row of two grey squares and a sun, only with the
    sun in the right column."""
    assert CARDS[12].rows == ("...", ".F.", "...")
    assert matches(12, grid("SBH/OFE/TTO"))
    assert not matches(12, grid("FBH/OSE/TTO"))
    assert CARDS[6].rows == ("..S",)
    assert placements(6, grid("FBS/HOE/TTO")) == [(0, 0)]
    assert not matches(6, grid("SFB/HOE/TTO"))
    assert card_name(6) == "“row: any, any, Sun”"
    assert card_name(12) == "“grid: Fish in the centre”"


def test_a_card_is_named_in_words_and_every_name_is_its_own():
    """Hints and the log name a card one way, in quotes: its shape, then its squares in
    reading order with "any" for a grey square — a row, a column top to bottom, rows top row
    first — and a 3 × 3 card by where its faces must be (a play-tester could not picture "any
    over any over Moon", and read "discarded Boat at top left, top right and bottom" as
    stones)."""
    assert card_name(23) == "“rows: any, Seed / Boat, any”"
    assert card_name(3) == "“column: Fish, any, Fish”"
    assert card_name(50) == "“column: any, any, Moon”"
    assert card_name(60) == "“row: Seed, any, Tree”"
    assert card_name(20) == "“grid: Tree at top · Fish at left and right · Boat at bottom”"
    assert card_name(53) == "“grid: Boat at top left, top right and bottom”"
    assert len({card_name(card) for card in CARDS}) == len(CARDS) == 72


def test_a_card_matching_in_several_places_scores_once():
    """Card 21, Tree–Tree, twice in the grid is still one card (one Score action)."""
    from tests.engine.shifting_stones.helpers import pos

    state = pos("grid=TTT/BFH/OOS hands=21,2,3,4/- active=0")
    assert placements(21, state.grid_text()) == [(0, 0), (0, 1)]
    scores = [a for a in state.legal_actions() if type(a).__name__ == "Score"]
    assert [a.card for a in scores] == [21]


@pytest.mark.parametrize("seed", range(3))
def test_the_bots_masks_agree_with_the_rules(seed):
    """Every card against random grids: the coded search matches exactly when the rules do."""
    rng = random.Random(seed)
    stones = list("SFFHHHEEE")
    for _ in range(60):
        rng.shuffle(stones)
        faces = "".join(
            face if rng.random() < 0.5 else {"S": "M", "F": "B", "H": "O", "E": "T"}[face]
            for face in stones
        )
        for card in CARDS:
            assert matches_code(encode(faces), card) == matches(card, faces), (faces, card)
