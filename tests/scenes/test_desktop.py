"""Looks like an application: the icon, the X11 window class, the desktop entry."""

import os

import pygame

from scenes import desktop
from sprites.icon import icon
from tests.scenes.driver import close_apps, make_app


def test_the_icon_is_drawn_square_with_clear_corners():
    surface = icon(64)
    assert surface.get_size() == (64, 64)
    assert surface.get_at((0, 0)).a == 0  # rounded tile: corners clear
    assert surface.get_at((32, 32)).a == 255


def test_the_window_class_is_the_programs_name():
    make_app()
    try:
        assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "tabletop-trio"
    finally:
        close_apps()


def test_on_linux_the_picture_goes_by_shared_memory_unless_the_player_chose():
    """Software OpenGL (no graphics driver) cost half a core at 60 fps for the texture path."""
    linux: dict[str, str] = {}
    desktop.use_plain_framebuffer(linux, "linux")
    assert linux == {"SDL_FRAMEBUFFER_ACCELERATION": "0"}
    chosen = {"SDL_FRAMEBUFFER_ACCELERATION": "opengl"}
    desktop.use_plain_framebuffer(chosen, "linux")
    assert chosen == {"SDL_FRAMEBUFFER_ACCELERATION": "opengl"}
    for platform in ("win32", "darwin"):
        elsewhere: dict[str, str] = {}
        desktop.use_plain_framebuffer(elsewhere, platform)
        assert elsewhere == {}


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


def test_the_first_window_fits_the_desktop():
    assert desktop.fit_to_desktop((1280, 800), (1920, 1080), (1024, 640)) == (1280, 800)
    assert desktop.fit_to_desktop((1280, 800), (1280, 800), (1024, 640)) == (1280, 800)
    # a 1366x768 laptop: 90 % of its height, the table's shape kept
    assert desktop.fit_to_desktop((1280, 800), (1366, 768), (1024, 640)) == (1105, 691)
    assert desktop.fit_to_desktop((1600, 1000), (1024, 600), (1024, 640)) == (1024, 640)
    assert desktop.fit_to_desktop((1280, 800), None, (1024, 640)) == (1280, 800)


def test_a_resized_or_maximised_window_is_remembered(monkeypatch):
    import time

    from saves.settings import load_settings

    app = make_app()
    try:
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=700, size=(1100, 700)))
        app._window_changed_at = time.monotonic() - 1
        app.step(0.0, events=[])
        assert load_settings().window_size == (1100, 700)
        assert not load_settings().window_maximized
        app.process(pygame.event.Event(pygame.WINDOWMAXIMIZED))
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=1400, h=860, size=(1400, 860)))
        app._window_changed_at = time.monotonic() - 1
        app.step(0.0, events=[])
        stored = load_settings()
        assert stored.window_maximized and stored.window_size == (1100, 700)
    finally:
        close_apps()


def test_the_window_sizes_offered_fit_the_desktop_smallest_first():
    """Play-test: the list was unsorted (1024 × 640 last) and offered sizes bigger than the
    screen."""
    sizes = ((1280, 800), (1440, 900), (1600, 1000), (1024, 640))
    laptop = (1366, 768)
    assert desktop.sizes_to_offer(sizes, laptop, (1024, 640), (1024, 640)) == [(1024, 640)]
    assert desktop.sizes_to_offer(sizes, (1920, 1080), (1280, 800), (1024, 640)) == [
        (1024, 640),
        (1280, 800),
        (1440, 900),
        (1600, 1000),
    ]
    # the size in use stays in the list even when it does not fit (a window dragged larger)
    assert desktop.sizes_to_offer(sizes, laptop, (1440, 900), (1024, 640)) == [
        (1024, 640),
        (1440, 900),
    ]
    assert desktop.sizes_to_offer(sizes, (1440, 900), (1100, 700), (1024, 640)) == [
        (1024, 640),
        (1100, 700),
        (1280, 800),
        (1440, 900),
    ]
    assert desktop.sizes_to_offer(sizes, None, (1280, 800), (1024, 640))[-1] == (1600, 1000)


def test_a_window_shrunk_to_fit_a_small_desktop_leaves_the_size_setting_alone(monkeypatch):
    """Play-test: one start on a small screen stored the shrunk window as the window size, so
    the next start on a large screen opened small. The size the program fits the window to is not
    the player's choice; a size the player then drags the window to is."""
    import time

    from saves.settings import Settings, load_settings
    from scenes.app import App

    monkeypatch.setattr(App, "desktop_size", lambda self: (1366, 768))
    app = App(Settings(window_size=(1280, 800)))
    try:
        assert app.screen.get_size() == (1105, 691)
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=1105, h=691, size=(1105, 691)))
        app._window_changed_at = time.monotonic() - 1
        app.step(0.0, events=[])
        assert load_settings().window_size == (1280, 800)
        app.process(pygame.event.Event(pygame.VIDEORESIZE, w=1200, h=700, size=(1200, 700)))
        app._window_changed_at = time.monotonic() - 1
        app.step(0.0, events=[])
        assert load_settings().window_size == (1200, 700)
    finally:
        app.sound.close()
        app.autosaver.close()
