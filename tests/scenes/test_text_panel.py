"""The rules' text box over a background made once per size (scenes/text_panel.py) looks and
works as pygame_gui's own rounded text box."""

import pygame
import pytest
from pygame_gui.elements import UITextBox

from scenes import text_panel
from scenes.rules_help import RulesScene
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app


@pytest.fixture
def rules_1024():
    """The rules screen at the smallest window (its box is the smallest the rules draw)."""
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    app.manager.push(RulesScene(app, "potion-explosion"))
    frames(app, 2)
    yield app, app.manager.top
    close_apps()


@pytest.mark.long
def test_the_background_is_pygame_guis_own_drawing_of_the_box(rules_1024):
    app, scene = rules_1024
    size = scene.box_rect.size
    standard = UITextBox("", pygame.Rect((0, 0), size), app.ui)
    expected = pygame.image.tobytes(standard.image, "RGBA")
    standard.kill()
    made = text_panel.background(app.ui, size)
    assert made.get_size() == size
    assert pygame.image.tobytes(made, "RGBA") == expected


def test_a_small_background_is_drawn_by_pygame_gui_whole(rules_1024):
    app, _scene = rules_1024
    size = (text_panel.PROBE, 90)
    standard = UITextBox("", pygame.Rect((0, 0), size), app.ui)
    expected = pygame.image.tobytes(standard.image, "RGBA")
    standard.kill()
    assert pygame.image.tobytes(text_panel.background(app.ui, size), "RGBA") == expected


@pytest.mark.long
def test_the_text_and_scroll_bar_sit_where_the_standard_box_puts_them(rules_1024):
    app, scene = rules_1024
    standard = UITextBox(scene.box.html_text, scene.box_rect, app.ui)
    try:
        assert scene.box.text_wrap_rect == standard.text_wrap_rect
        assert scene.box.scroll_bar is not None and standard.scroll_bar is not None
        assert scene.box.scroll_bar.rect == standard.scroll_bar.rect
        assert scene.box.text_box_layout.layout_rect == standard.text_box_layout.layout_rect
    finally:
        standard.kill()


def test_the_rules_box_scrolls_with_the_wheel(rules_1024):
    app, scene = rules_1024
    centre = scene.box.get_abs_rect().center
    pygame.mouse.set_pos(centre)  # pygame_gui reads hovering from the mouse itself
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
    frames(app, 2, events=[motion])
    assert scene.box.scroll_bar.start_percentage == 0
    wheel = pygame.event.Event(
        pygame.MOUSEWHEEL, x=0, y=-3, flipped=False, precise_x=0.0, precise_y=-3.0
    )
    try:
        frames(app, 4, events=[wheel])
    finally:
        pygame.mouse.set_pos((0, 0))  # where the next test's mouse starts
    assert scene.box.scroll_bar.start_percentage > 0
