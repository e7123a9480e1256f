"""One pygame_gui theme a process (scenes.app.TooltipWrappingManager): an App made after another
takes its theme, set to its own UI scale and language; pygame.quit() drops it."""

import i18n
import pygame
import pytest
from pygame_gui.elements import UIButton

from saves.settings import Settings
from scenes.app import App
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app


@pytest.fixture
def closing():
    yield
    close_apps()


def title_button(app) -> UIButton:
    app.manager.push(TitleScene(app))
    frames(app, 2)
    return next(
        element
        for element in app.ui.get_sprite_group().sprites()
        if isinstance(element, UIButton) and element.visible and element.text
    )


def test_an_app_made_after_another_takes_its_theme_at_its_own_scale_and_language(closing):
    first = make_app()
    normal = title_button(first).font.get_rect("Hg").height
    theme = first.ui.get_theme()
    large = App(
        Settings(animation_speed="instant", ui_scale=150, language="ja"),
        size=(1600, 1000),
        instant=True,
    )
    assert large.ui.get_theme() is theme
    button = title_button(large)
    assert button.text == "新しいゲーム"
    assert button.font.get_rect("Hg").height >= normal * 1.4
    assert theme.get_font_dictionary().get_default_font() is not None
    again = make_app()
    assert again.ui.get_theme() is theme
    assert title_button(again).font.get_rect("Hg").height == normal


def test_pygame_gui_s_translations_folder_is_searched_once_however_many_apps(closing):
    for _ in range(3):
        make_app()
    assert len(i18n.load_path) == len(set(i18n.load_path))


def test_after_pygame_quit_a_new_app_makes_a_new_theme(closing):
    theme = make_app().ui.get_theme()
    close_apps()
    pygame.quit()
    app = make_app()
    assert app.ui.get_theme() is not theme
    assert title_button(app).font.get_rect("Hg").height > 0
