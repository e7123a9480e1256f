"""Looks like an application: the icon, the X11 window class, the desktop entry."""
import os

import pygame

from scenes import desktop
from sprites.icon import icon
from tests.scenes.driver import make_app


def test_the_icon_is_drawn_square_with_clear_corners():
    surface = icon(64)
    assert surface.get_size() == (64, 64)
    assert surface.get_at((0, 0)).a == 0                  # rounded tile: corners clear
    assert surface.get_at((32, 32)).a == 255


def test_the_window_class_is_the_programs_name():
    app = make_app()
    try:
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "tabletop-trio"
    finally:
        pygame.quit()


def test_the_desktop_entry_and_icons_are_written(tmp_path):
    written = desktop.install_entry(tmp_path)
    entry = tmp_path / "applications" / "tabletop-trio.desktop"
    assert entry in written
    text = entry.read_text()
    assert "Icon=tabletop-trio\n" in text and "StartupWMClass=tabletop-trio\n" in text
    assert text.startswith("[Desktop Entry]\nType=Application\n")
    png = tmp_path / "icons" / "hicolor" / "256x256" / "apps" / "tabletop-trio.png"
    assert pygame.image.load(str(png)).get_size() == (256, 256)


def test_exec_arguments_with_spaces_are_quoted():
    assert desktop.quote("/home/ann/my games/main.py") == '"/home/ann/my games/main.py"'
    assert desktop.quote("/usr/bin/tabletop-trio") == "/usr/bin/tabletop-trio"
    assert desktop.quote('a"b') == '"a\\"b"'
