"""pygame_gui's manager as the program uses it: one theme a process, fonts that draw every
script, and tooltips as wide as their words need."""

from __future__ import annotations

import json
import math

import pygame
import pygame_gui
from pygame_gui.core import UIAppearanceTheme

from scenes import fonts, line_breaks


class Theme(UIAppearanceTheme):
    """pygame_gui's theme, with a cheaper key for the theming ids of an element, and fonts
    that draw every script (:class:`scenes.fonts.ChainFont`).

    pygame_gui keys its cache of an element's combined ids ("container.button", "button") on a
    string made by nesting ``str.join`` over the four id lists: tens of kilobytes for a
    button in a scene's container and hundreds for a drop-down's parts, so building the key
    cost more than the button's drawing (a quarter of opening Settings). Here the key is the
    four lists as tuples; the ids themselves are still built by pygame_gui, once per key.

    Every font a widget gets — from its theme block, the text boxes' HTML or the default — is
    the language's font chained to the others: a Japanese name on a button of the Russian
    interface was boxes."""

    def __init__(self, resource_loader, locale: str):
        self._combined_ids: dict[tuple, list[str]] = {}
        self.loaded: str | None = None
        """The theme dictionary last loaded (as sorted JSON), or None."""
        super().__init__(resource_loader, locale)
        self.font_dict = fonts.ChainingFontDictionary(resource_loader, locale)

    def get_font(self, combined_element_ids):
        for combined_id in combined_element_ids:
            by_locale = self.ele_font_res.get(combined_id)
            if by_locale:
                return fonts.chained(by_locale.get(self._locale) or by_locale["en"])
        return self.font_dict.get_default_font()

    def load_theme(self, file_path) -> None:
        super().load_theme(file_path)
        self.loaded = json.dumps(file_path, sort_keys=True) if isinstance(file_path, dict) else None

    def build_all_combined_ids(self, element_base_ids, element_ids, class_ids, object_ids):
        key = tuple(
            None if ids is None else tuple(ids)
            for ids in (element_base_ids, element_ids, class_ids, object_ids)
        )
        found = self._combined_ids.get(key)
        if found is None:
            found = super().build_all_combined_ids(
                element_base_ids, element_ids, class_ids, object_ids
            )
            self._combined_ids[key] = found
        return found


_SHARED_THEME: list[Theme] = []
"""The process's theme (none, or one): every manager made from a theme dictionary takes it."""


class TooltipWrappingManager(pygame_gui.UIManager):
    """pygame_gui's manager, sharing one theme (below). Japanese text in its widgets — a
    tooltip, a text box — breaks between characters (:func:`scenes.line_breaks.install`).

    Its theme is a :class:`Theme`, one a process: a new manager takes the theme the one before
    made, loaded again only if the dictionary differs (another UI scale), in its own language.
    Parsing and checking a theme cost ~13 ms per manager, and a new theme starts with no fonts
    loaded, no glyphs and no shapes cached: opening Settings in a new App took 110 ms, 20 ms in
    one that had opened it before. The program runs one App at a time (tests make one after
    another); an App made after another speaks for the theme from then on. ``pygame.quit()``
    ends the fonts, so it drops the theme."""

    def create_new_theme(self, theme_path=None) -> Theme:
        language = self.get_locale()
        if _SHARED_THEME and isinstance(theme_path, dict):
            theme = _SHARED_THEME[0]
            if theme.loaded != json.dumps(theme_path, sort_keys=True):
                theme.load_theme(theme_path)
            theme.set_locale(language)
            theme.get_font_dictionary().set_locale(language)
            return theme
        theme = Theme(self.resource_loader, language)
        if theme_path is not None:
            theme.load_theme(theme_path)
        if isinstance(theme_path, dict):
            _SHARED_THEME[:] = [theme]
            pygame.register_quit(_SHARED_THEME.clear)
        return theme

    def create_tool_tip(self, text, position, hover_distance, parent_element, object_id, **kw):
        """pygame_gui's tooltip, as wide as its words need (:func:`tip_width`), unless the
        caller gave a width. The box's own width around its text (padding, border, shadow,
        rounded corners) is read from the first tooltip made, which is made again if it
        differed from the guess."""
        fit = kw.get("wrap_width") is None and "<" not in text
        if fit:
            kw["wrap_width"] = self._tip_width(text)
        tip = super().create_tool_tip(
            text, position, hover_distance, parent_element, object_id, **kw
        )
        block = getattr(tip, "text_block", None)
        if fit and block is not None:
            around = kw["wrap_width"] - block.text_wrap_rect.width
            if around != getattr(self, "_tip_around", None):
                self._tip_around = around
                tip.kill()
                kw["wrap_width"] = self._tip_width(text)
                tip = super().create_tool_tip(
                    text, position, hover_distance, parent_element, object_id, **kw
                )
        return tip

    def _around_guess(self) -> int:
        """Room around a tooltip's text before one was measured: padding and border, and
        more than enough for shadow and corners (too narrow a box made pygame_gui split a
        word that could not fit forever)."""
        padding = str(self.get_theme().get_misc_data("padding", ["tool_tip.text_box", "text_box"]))
        return 2 * int(padding.split(",")[0]) + 24

    def _tip_width(self, text: str) -> int:
        theme = self.get_theme()
        font = theme.get_font(["tool_tip.text_box", "text_box"])
        usual = int(str(theme.get_misc_data("rect_width", ["tool_tip"]) or 300))
        return tip_width(
            text,
            lambda line: font.size(line)[0],
            usual,
            getattr(self, "_tip_around", None) or self._around_guess(),
            self.window_resolution[0] - 16,
        )


WIDER = 1.5
"""A tooltip's words stay on one line up to this many times the theme's tooltip width."""
SLACK = 4
"""Pixels more than measured: pygame_gui measures a line by its chunks, a pixel or two wider."""


def tip_width(text: str, measure, usual: int, padding: int, room: int) -> int:
    """The width (pixels) of a tooltip showing ``text``, whose text a line measures
    ``measure(line)`` pixels wide: one line when it fits in :data:`WIDER` × ``usual`` (the
    theme's width), else the fewest lines that ``usual`` holds, balanced so the last is not a
    word or a character alone (a Japanese tooltip's last line was 「ド」 of 「ロード」);
    never over ``room``. ``padding`` is the box's own left and right space together."""
    whole = measure(text)
    if whole + padding + SLACK <= min(usual * WIDER, room):
        return whole + padding + SLACK
    widest = max((measure(unit.rstrip()) for unit in line_breaks.units(text)), default=0)
    limit = max(widest, min(usual, room) - padding - SLACK)
    count = len(_lines(text, measure, limit))
    low, high = max(widest, math.ceil(whole / count)), limit
    while low < high:  # the narrowest width that keeps as few lines
        middle = (low + high) // 2
        if len(_lines(text, measure, middle)) <= count:
            high = middle
        else:
            low = middle + 1
    # pygame_gui counts a line's trailing space and measures by chunks: a line filled to
    # the pixel came out one word short
    return min(limit, high + measure(" ") + SLACK) + padding + SLACK


def _lines(text: str, measure, width: int) -> list[str]:
    """``text`` filled greedily into lines ``width`` pixels wide at its break points."""
    lines: list[str] = []
    line = ""
    for unit in line_breaks.units(text):
        if line and measure((line + unit).rstrip()) > width:
            lines.append(line)
            line = unit
        else:
            line += unit
    return [*lines, line] if line else lines
