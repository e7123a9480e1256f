"""Play-test: an open drop-down list in Settings was narrower than its box (pygame_gui leaves
out the arrow button's width). The open list is as wide as the box it hangs from."""

from __future__ import annotations

import pytest
from pygame_gui.elements import UIDropDownMenu

from scenes.settings import SettingsScene
from scenes.title import TitleScene
from tests.scenes.driver import click, close_apps, frames, make_app
from tests.soak import WINDOW_SIZES


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.long
def test_an_open_settings_list_is_as_wide_as_its_box(size):
    app = make_app(size=size)
    try:
        app.manager.push(TitleScene(app))
        app.manager.push(SettingsScene(app))
        frames(app, 2)
        menus = [e for e in app.ui.get_sprite_group().sprites() if isinstance(e, UIDropDownMenu)]
        assert len(menus) >= 5
        for menu in menus:
            click(app, menu.current_state.selected_option_button)
            listed = menu.current_state.options_selection_list
            assert listed.rect.width == menu.rect.width, (menu.object_ids, listed.rect, menu.rect)
            assert listed.rect.left == menu.rect.left
            click(app, menu.current_state.selected_option_button)  # closed again
    finally:
        close_apps()
