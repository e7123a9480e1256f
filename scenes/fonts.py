"""Fonts that have the glyphs: a name typed in any script shows in every interface language.

The program speaks English, Russian, Spanish and Japanese, but a player may type a name in any
script, and a save made in Japanese lists Japanese names in a Russian interface. No one font
pygame_gui ships has every script: Noto Sans has Latin, Cyrillic and Greek but no Japanese and
no arrows; Noto Sans JP has Japanese, Latin, Cyrillic and the symbols, but not the simplified
Chinese hanzi (们) nor Hangul; Noto Sans SC and KR have those. The fonts are a **chain** in that
order (:data:`CHAIN`), and a character is drawn by the first font of the chain that has it.

* Text the scenes draw themselves (:mod:`scenes.kit`) is set in one font per line:
  :func:`script_language` names the font that has every glyph of it (the language's own when it
  can).
* pygame_gui's widgets — buttons, labels, text entries, lists, text boxes — get a
  :class:`ChainFont` from the theme (:func:`chained`; ``scenes.app.Theme``): each run of
  characters is drawn by the first font of the chain that has them, on one baseline.

A font "has" a glyph when pygame.freetype finds it (:func:`has_glyph`): pygame.font's
``metrics()`` reports a glyph the font lacks as present (the .notdef box's metrics).

Fonts that are there, and text that draws:

* A pygame_gui packaged without one of its fonts (Noto Sans JP is large, some distributions
  leave it out) made the program crash at its first text. :func:`usable_font` gives a file that
  is there: the one asked for, else Noto Sans (bold for a bold file), else None — pygame's own
  font, which every pygame has (:func:`pygame_font_file`); the chain holds only the files that
  are there (:func:`chain_codes`).
* ``pygame.font`` refuses a text of zero width ("Text has zero width": a name or a title of
  only a zero-width space or a soft hyphen, from a hand-edited save), and every pygame_gui
  label, button and text box crashed on it. :func:`draw_zero_width_text` teaches pygame_gui's
  font class to measure such a text as nothing and draw it as nothing; ``kit.text`` does the
  same for the text the scenes draw.
"""

from __future__ import annotations

import functools
import unicodedata
import weakref
from pathlib import Path
from typing import Any

import pygame
import pygame.freetype
import pygame_gui
from pygame_gui.core.gui_font_pygame import GUIFontPygame
from pygame_gui.core.interfaces.gui_font_interface import IGUIFontInterface
from pygame_gui.core.package_resource import PackageResource
from pygame_gui.core.ui_font_dictionary import UIFontDictionary

# the files themselves are named where the first frame finds them without pygame_gui
from scenes.font_files import (  # noqa: F401
    FONT_BOLD,
    FONT_DIR,
    FONT_REGULAR,
    FONTS,
    font_file,
    usable_font,
)

CHAIN = ("en", "ja", "zh", "ko")
"""The fonts in the order a character looks for its glyph (by their :data:`FONTS` code)."""


# --- glyph coverage ------------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def _face(path: str) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path if Path(path).is_file() else None, 16)  # missing: pygame's


_glyphs: dict[tuple[str, str], bool] = {}
"""``(font path, character) -> has it``: what a font file holds never changes."""


def neutral(ch: str) -> bool:
    """Whether ``ch`` needs no glyph of its own (spaces, line breaks, zero-width marks): it
    goes with the characters around it."""
    return ch.isspace() or unicodedata.category(ch) in ("Cc", "Cf")


_had: dict[str, set[str]] = {}
"""Font path -> the characters found in it so far (a text of them all needs no other look)."""


def has_glyph(path: str | Path, ch: str) -> bool:
    """Whether the font file at ``path`` has a glyph for the character ``ch`` (a neutral one
    counts as had)."""
    key = (str(path), ch)
    found = _glyphs.get(key)
    if found is None:
        if neutral(ch):
            found = True
        else:
            try:
                found = _face(key[0]).get_metrics(ch)[0] is not None
            except pygame.error:  # freetype was ended (pygame.quit): start it again
                _face.cache_clear()
                found = _face(key[0]).get_metrics(ch)[0] is not None
        _glyphs[key] = found
        if found:
            _had.setdefault(key[0], set()).add(ch)
    return found


def missing(path: str | Path, text: str) -> list[str]:
    """The characters of ``text`` (each once, in order) the font file at ``path`` has no glyph
    for."""
    return list(dict.fromkeys(ch for ch in text if not has_glyph(path, ch)))


def covers(path: str | Path, text: str) -> bool:
    """Whether the font file at ``path`` has every glyph of ``text``."""
    chars = set(text)
    if chars <= _had.get(str(path), set()):
        return True  # the usual case, without a look per character
    return all(has_glyph(path, ch) for ch in chars)


@functools.lru_cache(maxsize=4096)
def script_language(content: str, language: str) -> str:
    """The code (:data:`FONTS`) whose font draws all of ``content``: ``language``'s when it has
    every glyph, else the first of the :data:`CHAIN` that does — Japanese for a name typed in
    Japanese or an arrow (Noto Sans has neither), Chinese for 们, Korean for Hangul; when no
    one font has them all, the one that has the most."""
    if covers(font_file(False, language), content):
        return language
    for code in CHAIN:
        if covers(font_file(False, code), content):
            return code
    return max(CHAIN, key=lambda code: sum(has_glyph(font_file(False, code), ch) for ch in content))


def chain_codes(bold: bool) -> list[str]:
    """The codes of :data:`CHAIN` whose font file (regular or ``bold``) is there."""
    return [code for code in CHAIN if font_file(bold, code).is_file()]


def chain_files(bold: bool, first: str | Path | None = None) -> list[str]:
    """The chain's font files (regular or ``bold``) that are there, in order, ``first`` (a font
    file, the widget's own) before them and not again."""
    files = [str(font_file(bold, code)) for code in chain_codes(bold)]
    if first is None:
        return files
    first = str(first)
    return [first] + [path for path in files if Path(path).name != Path(first).name]


def runs(text: str, paths: list[str]) -> list[tuple[int, str]]:
    """``text`` cut into ``(index, piece)``: each piece drawn by ``paths[index]``, the first of
    ``paths`` that has its characters (the first path for a glyph none has). A neutral
    character stays in the piece it is in."""
    if covers(paths[0], text):
        return [(0, text)] if text else []
    out: list[tuple[int, str]] = []
    for ch in text:
        if neutral(ch) and out:
            index = out[-1][0]
        else:
            index = next((i for i, path in enumerate(paths) if has_glyph(path, ch)), 0)
        if out and out[-1][0] == index:
            out[-1] = (index, out[-1][1] + ch)
        else:
            out.append((index, ch))
    return out


# --- pygame_gui's widgets ------------------------------------------------------------------------
LINE_STEP = 0.75
"""The lines of a widget's text in several lines (a button's label in two) are this many line
heights apart: two lines of the small button font fit a 36-pixel button."""


def measure_in(font) -> Any:
    """``measure(text) -> pixels`` in a pygame_gui element's ``font`` (a label's, or the theme's
    for an element not built yet)."""
    return lambda words: font.get_rect(words).width


def lines_height(line_height: int, lines: int) -> int:
    """The height in pixels of ``lines`` lines of a widget's text whose one line is
    ``line_height`` pixels high (:data:`LINE_STEP`)."""
    return round(LINE_STEP * line_height) * (lines - 1) + line_height


class ChainFont(IGUIFontInterface):
    """A pygame_gui font that draws each run of characters in the first font of a chain that
    has their glyphs, on one baseline: ``primary`` (the font the theme gives a widget, from the
    file ``primary_file``), then the rest of :data:`CHAIN` at the same ``size`` (points) and
    weight (``style``, pygame_gui's style dictionary). A text the primary font draws whole is
    measured and drawn by it alone, pixel for pixel as before."""

    def __init__(self, primary: Any, primary_file: str, size: int, style: dict):
        self.primary = primary
        self.size_points = int(size)
        self.style = {key: value for key, value in style.items() if key != "script"}
        self.paths = chain_files(bool(style.get("bold")), primary_file)
        self._fonts: dict[int, Any] = {0: primary}
        self._runs: dict[str, list[tuple[Any, str]]] = {}

    def _font(self, index: int) -> Any:
        font = self._fonts.get(index)
        if font is None:
            font = GUIFontPygame(self.paths[index], self.size_points, False, dict(self.style))
            font.underline = self.primary.underline
            self._fonts[index] = font
        return font

    def runs(self, text: str) -> list[tuple[Any, str]]:
        """``text`` as ``(font, piece)`` runs (:func:`runs`)."""
        found = self._runs.get(text)
        if found is None:
            found = [(self._font(index), piece) for index, piece in runs(text, self.paths)]
            if len(self._runs) > 512:  # a text entry asks for every prefix typed
                self._runs.clear()
            self._runs[text] = found
        return found

    def _single(self, text: str) -> Any:
        """The one font that draws ``text`` whole, or None when it takes several."""
        if covers(self.paths[0], text):
            return self.primary  # the usual case: no runs to cut
        pieces = self.runs(text)
        if not pieces:
            return self.primary
        return pieces[0][0] if len(pieces) == 1 else None

    def size(self, text: str) -> tuple[int, int]:
        return self.get_rect(text).size

    def get_rect(self, text: str) -> pygame.Rect:
        """The text's size; its ``y`` is the baseline's distance from the top (as
        pygame_gui's own font gives it). A text of several lines (a button's label in two,
        :data:`LINE_STEP`) has the ``y`` that centres the block where pygame_gui centres a
        button's line by its baseline."""
        if "\n" in text:
            lines = [self.get_rect(line or " ") for line in text.split("\n")]
            height = max(rect.height for rect in lines)
            total = lines_height(height, len(lines))
            width = max(rect.width for rect in lines)
            return pygame.Rect(0, total - self.get_padding_height(), width, total)
        single = self._single(text)
        if single is not None:
            return single.get_rect(text)
        rects = [font.get_rect(piece) for font, piece in self.runs(text)]
        ascent = max(rect.y for rect in rects)
        descent = max(rect.height - rect.y for rect in rects)
        return pygame.Rect(0, ascent, sum(rect.width for rect in rects), ascent + descent)

    def get_metrics(self, text: str):
        return [metric for font, piece in self.runs(text) for metric in font.get_metrics(piece)]

    def render_premul(self, text: str, text_color) -> pygame.Surface:
        if "\n" in text:  # lines centred under each other
            whole = self.get_rect(text)
            surface = pygame.Surface(whole.size, pygame.SRCALPHA, 32)
            lines = text.split("\n")
            step = round(LINE_STEP * max(self.get_rect(line or " ").height for line in lines))
            for index, line in enumerate(lines):
                if line:
                    image = self.render_premul(line, text_color)
                    at = ((whole.width - image.get_width()) // 2, index * step)
                    surface.blit(image, at, special_flags=pygame.BLEND_PREMULTIPLIED)
            return surface
        single = self._single(text)
        if single is not None:
            return single.render_premul(text, text_color)
        whole = self.get_rect(text)
        surface = pygame.Surface(whole.size, pygame.SRCALPHA, 32)
        x = 0
        for font, piece in self.runs(text):
            image = font.render_premul(piece, text_color)
            rect = font.get_rect(piece)
            surface.blit(image, (x, whole.y - rect.y), special_flags=pygame.BLEND_PREMULTIPLIED)
            x += rect.width
        return surface

    def render_premul_to(self, text: str, text_colour, surf_size, surf_position):
        single = None if "\n" in text else self._single(text)
        if single is not None:
            return single.render_premul_to(text, text_colour, surf_size, surf_position)
        target = pygame.Surface(surf_size, pygame.SRCALPHA, 32)
        target.fill((0, 0, 0, 0))
        target.blit(
            self.render_premul(text, text_colour),
            (surf_position[0], surf_position[1] - self.get_rect(text).y),
            special_flags=pygame.BLEND_PREMULTIPLIED,
        )
        return target

    def get_point_size(self) -> int:
        return self.primary.get_point_size()

    def get_padding_height(self) -> int:
        return self.primary.get_padding_height()

    @property
    def underline(self) -> bool:
        return self.primary.underline

    @underline.setter
    def underline(self, value: bool) -> None:
        for font in self._fonts.values():
            font.underline = value

    @property
    def underline_adjustment(self) -> float:
        return self.primary.underline_adjustment

    @underline_adjustment.setter
    def underline_adjustment(self, value: float) -> None:
        for font in self._fonts.values():
            font.underline_adjustment = value

    def get_direction(self) -> int:
        return self.primary.get_direction()


_chains: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""pygame_gui's loaded font -> its :class:`ChainFont` (one per font: text chunks of the same
font are compared by identity)."""


def resource_file(location: Any) -> str | None:
    """The font file a pygame_gui ``FontResource.location`` names (a path or one of
    pygame_gui's packaged fonts), or None (a font given as bytes)."""
    if isinstance(location, PackageResource):
        return str(Path(pygame_gui.__file__).parent / "data" / location.resource)
    if isinstance(location, (str, Path)):
        return str(location)
    return None


def chained(resource: Any) -> Any:
    """The :class:`ChainFont` of a loaded pygame_gui ``FontResource`` (the same object for the
    same font), or its own font when the file is not known."""
    font = resource.loaded_font
    if font is None or isinstance(font, ChainFont):
        return font
    found = _chains.get(font)
    if found is None:
        path = resource_file(resource.location)
        if path is None:
            return font
        found = ChainFont(font, path, resource.size, dict(resource.style))
        _chains[font] = found
    return found


class ChainingFontDictionary(UIFontDictionary):
    """pygame_gui's font dictionary, handing out :class:`ChainFont` s: the text boxes' HTML and
    the default font ask it for their fonts."""

    def find_font(self, font_size, font_name, bold=False, italic=False, antialiased=True, **kw):
        resource = self.find_font_resource(font_size, font_name, bold, italic, antialiased, **kw)
        found = chained(resource)
        if found is None:
            raise RuntimeError(f"Font named: {font_name} not loaded")
        return found


# --- fonts that are missing, texts of no width -------------------------------------------------
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
