"""What the Off the Rails board draws, on a surface without a window (issue 18, second look):
the hint's tile and frame are told apart from the player's own preview, and carry a label."""

import pygame
import pytest

from engine.off_the_rails import state as S
from scenes.tables.off_the_rails import draw
from scenes.tables.off_the_rails.input import Selection
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.marks import board_marks
from tests.engine.off_the_rails.helpers import blank, put_cart

SIZES = [(1280, 800), (1024, 640)]


pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def board(size, state, **marks) -> pygame.Surface:
    lay = Layout(size, state.num_players, state.num_players + 1)
    surface = pygame.Surface(size)
    draw.draw_board(surface, lay, state, draw.View(**marks))
    return surface


def tint_at(surface, lay, square) -> tuple:
    """The colour just inside the square's frame, halfway down its left side (off the rails
    of a north-south straight)."""
    rect = lay.square(square)
    return tuple(surface.get_at((rect.x + 3, rect.centery)))[:3]


@pytest.mark.parametrize("size", SIZES)
def test_the_hint_is_blue_with_a_label_and_the_own_preview_green(size):
    s = blank()
    put_cart(s, 0, (-1, 5), "S")
    lay = Layout(size, 2, 3)
    hint = S.PlaceTile(0, 5, "NS")
    legal = s.legal_actions()
    assert hint in legal
    marks = board_marks(lay, s, legal, Selection(), None, None, hint)
    assert marks["hint_ghost"] == ((0, 5), "NS")
    label = marks["hint_tag"]
    assert label.words == "Hint" and label.tone == "hint" and label.square == (0, 5)
    assert not label.rect.colliderect(lay.square((0, 5)))  # the label keeps off the tile
    assert lay.grid.contains(label.rect)  # and off the edge labels
    hinted = board(size, s, hint_ghost=marks["hint_ghost"], hint_rects=marks["hint_rects"])
    own = board(size, s, ghost=((0, 5), "NS", True))
    r, g, b = tint_at(hinted, lay, (0, 5))
    assert b > r + 40 and b > g  # blue: the hint
    r, g, b = tint_at(own, lay, (0, 5))
    assert g > r + 40 and g > b  # green: the player's own legal placement
    # the frame round the hint is the hint's blue too, in dashes just outside the square
    rect = lay.square((0, 5))
    side = [tuple(hinted.get_at((rect.x - 3, y)))[:3] for y in range(rect.y, rect.bottom)]
    assert any(b > r + 60 for r, _g, b in side)


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_missions_title_stands_clear_of_the_first_mission(language):
    """Play-test: in Japanese 「ミッション・各4点」 touched the first mission's card (Noto Sans
    JP's line sits lower). The title is centred by its letters."""
    import translation

    previous = translation.current_language()
    translation.set_language(language)
    try:
        s = blank()
        s.dealt = [1, 2, 3]
        lay = Layout((1280, 800), 2, 3)
        surface = pygame.Surface((1280, 800))
        draw.draw_missions(surface, lay, s, draw.View(names=("Ana", "Ben")))
        title, first = lay.mission_title(), lay.mission_rect(0)
        inked = [  # rows holding the title's light letters, above the first card
            y
            for y in range(title.top - 4, first.top)
            if any(sum(surface.get_at((x, y))[:3]) > 450 for x in range(title.x, title.right))
        ]
        assert inked and max(inked) <= first.top - 4
    finally:
        translation.set_language(previous)
