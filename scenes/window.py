"""The window: opening it at a size that fits the desktop, the UI scale it holds, and its
first frame.

The first frame is drawn before pygame_gui, the scenes and the catalogues load (they take about
as long again as opening a bare window): the felt and the program's name where the title shows
them, so the window is never an empty rectangle and the title's menu appears on the same felt a
moment later. This module imports only pygame and the art, never pygame_gui.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from scenes.desktop import fit_to_desktop, set_window_class
from scenes.font_files import FONTS, usable_font
from sprites import art

TITLE = "Tabletop Trio"
"""The program's name (a name: the same in every language)."""
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (1024, 640)
MIN_LAYOUT = (1024, 640)
"""The smallest window the layouts are made for, in pixels at 100 % UI scale."""
GOLD = (238, 196, 84)
"""The name's colour on the title (``scenes.kit.GOLD``)."""


def fitting_scale(percent: int, size) -> float:
    """The UI scale to use for the setting ``percent`` (100–200) in a window of ``size``
    (width, height): the setting, or the largest whole percent the window holds when it is too
    small — a scale S needs a window of :data:`MIN_LAYOUT` times S (1280 × 800 holds 125 %,
    1024 × 640 only 100 %). Never below 1.0."""
    width, height = size
    room = min(width / MIN_LAYOUT[0], height / MIN_LAYOUT[1])
    fits = max(100, int(room * 100 + 1e-6))
    return max(100, min(int(percent), fits)) / 100


def desktop_size() -> tuple | None:
    """``(width, height)`` of the desktop the window opens on, or None when unknown (no
    display, or the dummy driver of tests and screenshots, whose made-up desktop would hide
    every size). The video system must be started."""
    if pygame.display.get_driver() == "dummy":
        return None
    desktops = pygame.display.get_desktop_sizes()
    return tuple(desktops[0]) if desktops else None


def set_minimum_size() -> None:
    """Keep the player from shrinking the window under :data:`MIN_SIZE`."""
    # from_display_module warns that it prefers Window-only rendering; we only set a size.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        try:
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass


@dataclass
class OpenedWindow:
    """The window :func:`open_window` opened: its ``screen`` surface, and ``fitted_start``,
    the size the first window was shrunk to so it fits a desktop smaller than the setting
    (None when it was not): the program's choice, not the player's, so never stored as the
    setting (play-test: one start on a small screen made every later start small)."""

    screen: pygame.Surface
    fitted_start: tuple | None


def open_window(
    settings,
    size: tuple | None = None,
    desktop: Callable[[], tuple | None] = desktop_size,
) -> OpenedWindow:
    """Start the video system and open the program's window: ``size`` (width, height) when
    given (tests, ``--size``), else the ``settings``' window size (``saves.settings.Settings``)
    shrunk to fit ``desktop()``, full screen or maximised as the settings say."""
    set_window_class()
    pygame.display.init()  # the mixer opens later, off the main thread (SoundBoard.start)
    pygame.font.init()
    from sprites.icon import window_icon

    pygame.display.set_icon(window_icon())  # before the window opens
    pygame.display.set_caption(TITLE)
    start = tuple(size or settings.window_size or DEFAULT_SIZE)
    fitted_start = None
    if size is None:  # the first window fits the desktop it opens on
        fitted = fit_to_desktop(start, desktop(), MIN_SIZE)
        fitted_start = fitted if fitted != start else None
        start = fitted
    flags = pygame.RESIZABLE
    if settings.fullscreen and size is None:
        flags |= pygame.FULLSCREEN
        start = (0, 0)
    screen = pygame.display.set_mode(start, flags)
    set_minimum_size()
    if size is None and settings.window_maximized and not settings.fullscreen:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().maximize()
    return OpenedWindow(screen, fitted_start)


def name_size(height: int, scale: float) -> int:
    """The title's font size for the program's name at 100 % (pixels; the UI ``scale``
    enlarges it): smaller in a window under 760 pixels high at that scale."""
    return 72 if height >= round(760 * scale) else 58


def name_top(height: int) -> int:
    """The y of the top of the program's name on the title (pixels)."""
    return int(height * 0.08)


@functools.lru_cache(maxsize=4)
def _name_font(path: str | None, pixels: int) -> pygame.font.Font:
    return pygame.font.Font(path, pixels)


def draw_first_frame(screen: pygame.Surface, scale: float, language: str) -> None:
    """The window's first frame, drawn and shown before the rest of the program loads: the
    felt and the program's name, as the title draws them (``scenes.title``) for the UI
    ``scale`` and interface ``language``."""
    width, height = screen.get_size()
    found = usable_font(FONTS.get(language, FONTS["en"])[1])
    pixels = max(8, int(round(name_size(height, scale) * scale)))
    font = _name_font(str(found) if found else None, pixels)
    screen.blit(art.felt((width, height)), (0, 0))
    for colour, offset in (((0, 0, 0), 2), (GOLD, 0)):
        image = font.render(TITLE, True, colour)
        rect = image.get_rect(midtop=(width // 2, name_top(height)))
        screen.blit(image, rect.move(offset, offset))
    pygame.display.flip()
