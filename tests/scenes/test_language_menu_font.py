"""The language menu shows 日本語 in a font that has it, closed and open (boxes were seen)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu

THEME = Path(__file__).resolve().parents[2] / "scenes" / "theme.json"


def test_every_language_name_is_drawn_with_the_japanese_capable_font():
    pygame.init()
    try:
        pygame.display.set_mode((400, 300))
        ui = pygame_gui.UIManager((400, 300), str(THEME))
        menu = UIDropDownMenu(
            ["English", "Русский", "Español", "日本語"],
            "日本語",
            pygame.Rect(10, 10, 240, 36),
            ui,
            object_id="#set_language",
        )
        japanese_capable = ui.get_theme().get_font(["#set_language"])
        assert menu.current_state.selected_option_button.font is japanese_capable
        menu.current_state.finish()
        menu.current_state = menu.menu_states["expanded"]
        menu.current_state.start(should_rebuild=True)
        ui.update(0.01)
        items = menu.current_state.options_selection_list.item_list_container.elements
        assert len(items) == 4
        assert all(item.font is japanese_capable for item in items)
    finally:
        pygame.quit()


def test_the_language_menu_reads_at_the_size_of_the_other_menus():
    """Play-test: in Russian the language menu's name and arrow looked larger than every other
    menu's on the settings page; its own font (for 日本語) keeps the menus' size."""
    import json

    theme = json.loads(THEME.read_text(encoding="utf-8"))
    menu_sizes = {font["size"] for font in theme["drop_down_menu"]["font"]}
    for element in ("#set_language", "#set_language.button", "#set_language.selection_list.button"):
        assert {font["size"] for font in theme[element]["font"]} == menu_sizes, element
    arrow = {int(font["size"]) for font in theme["#set_language.#expand_button"]["font"]}
    assert max(arrow) < min(int(size) for size in menu_sizes) * 0.7  # its ▼ is a larger glyph
