"""Fonts that are there, and text that draws: what the program does when fonts are missing or
a text has no width.

* pygame_gui ships Noto Sans and Noto Sans JP; a pygame_gui packaged without one of them (Noto
  Sans JP is large, some distributions leave it out) made the program crash at its first text.
  :func:`usable_font` gives a file that is there: the one asked for, else Noto Sans (bold for a
  bold file), else None — pygame's own font, which every pygame has
  (:func:`pygame_font_file`).
* ``pygame.font`` refuses a text of zero width ("Text has zero width": a name or a title of
  only a zero-width space or a soft hyphen, from a hand-edited save), and every pygame_gui
  label, button and text box crashed on it. :func:`draw_zero_width_text` teaches pygame_gui's
  font class to measure such a text as nothing and draw it as nothing; ``kit.text`` does the
  same for the text the scenes draw.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

FONT_DIR = Path(pygame_gui.__file__).parent / "data"
REGULAR = FONT_DIR / "NotoSans-Regular.ttf"
BOLD = FONT_DIR / "NotoSans-Bold.ttf"


@functools.lru_cache(maxsize=16)
def usable_font(path: Path, regular: Path = REGULAR, bold: Path = BOLD) -> Path | None:
    """``path``, or Noto Sans (``bold`` for a bold file, else ``regular``) where ``path`` is
    missing, or None: pygame's own font."""
    for candidate in (path, bold if "Bold" in path.name else regular, regular):
        if candidate.is_file():
            return candidate
    return None


def pygame_font_file() -> str:
    """The font file every pygame ships (its default font)."""
    return str(Path(pygame.__file__).with_name(pygame.font.get_default_font()))


def draw_zero_width_text() -> None:
    """Make pygame_gui's font class (``GUIFontPygame``) measure and draw a text of zero width
    as nothing instead of raising; done once, at the app's import."""
    from pygame_gui.core.gui_font_pygame import GUIFontPygame

    if getattr(GUIFontPygame, "zero_width_safe", False):
        return
    get_rect, render, render_to = (
        GUIFontPygame.get_rect,
        GUIFontPygame.render_premul,
        GUIFontPygame.render_premul_to,
    )

    def height(font: Any) -> int:
        return int(font._GUIFontPygame__internal_font.get_height())  # its pygame.font.Font

    def safe_rect(self: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return get_rect(self, text, *args, **kwargs)
        except pygame.error:
            return pygame.Rect(0, 0, 0, height(self))

    def safe_render(self: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return render(self, text, *args, **kwargs)
        except pygame.error:
            return pygame.Surface((1, height(self)), pygame.SRCALPHA)

    def safe_render_to(self: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return render_to(self, text, *args, **kwargs)
        except pygame.error:
            size = kwargs.get("surf_size", args[1] if len(args) > 1 else (1, height(self)))
            return pygame.Surface(size, pygame.SRCALPHA)

    setattr(GUIFontPygame, "get_rect", safe_rect)  # noqa: B010 - a class of pygame_gui's
    setattr(GUIFontPygame, "render_premul", safe_render)  # noqa: B010
    setattr(GUIFontPygame, "render_premul_to", safe_render_to)  # noqa: B010
    setattr(GUIFontPygame, "zero_width_safe", True)  # noqa: B010
