"""The column's button labels (issue 41, item 2): a label that does not fit its button takes the
small font for its row, then two lines, and is cut with "…" only when nothing else fits — so
Russian «Убрать стебель» / «Оставить стебель» are never «Убрать стебе…»."""

from __future__ import annotations

import pygame
import pytest

from scenes import fonts as chain
from scenes import kit
from scenes.table import chrome
from scenes.table.protocol import Button

pytestmark = pytest.mark.usefixtures("fonts")

ROW = 36
"""A row's height in pixels at 100 %."""


def _width(label: str, small: bool) -> int:
    return kit.button_needs([label], small)[0]


def test_labels_that_fit_stay_in_one_line_in_the_rows_font():
    buttons = (Button("a", "Clear vine"), Button("b", "Keep vine"))
    small, widths, labels = chrome.row_labels(buttons, pygame.Rect(0, 0, 300, ROW), 6, False)
    assert not small and labels == ["Clear vine", "Keep vine"] and widths == [147, 147]


def test_a_row_whose_labels_are_too_long_takes_the_small_font_before_two_lines():
    buttons = (Button("a", "Убрать стебель"), Button("b", "Оставить стебель"))
    room = _width("Убрать стебель", True) + _width("Оставить стебель", True) + 6
    assert room < _width("Убрать стебель", False) + _width("Оставить стебель", False) + 6
    small, _widths, labels = chrome.row_labels(buttons, pygame.Rect(0, 0, room, ROW), 6, False)
    assert small and labels == ["Убрать стебель", "Оставить стебель"]


def test_then_a_label_takes_two_lines_broken_where_a_line_may_break():
    buttons = (Button("a", "Убрать стебель"), Button("b", "Оставить стебель"))
    room = _width("Оставить", True) * 2 + 6
    small, widths, labels = chrome.row_labels(buttons, pygame.Rect(0, 0, room, ROW), 6, False)
    assert small and labels == ["Убрать\nстебель", "Оставить\nстебель"]
    for label, width in zip(labels, widths, strict=True):
        assert max(kit.button_needs(label.split("\n"), small)) <= width
    label = "つるを綺麗にする（カルマ3）"
    japanese = chrome.two_lines(label, _width("つるを綺麗にする", True), True, ROW)
    assert japanese is not None
    first, second = japanese.split("\n")
    assert first[-1] != "（" and second[0] not in "）」、。"


def test_two_lines_fit_the_buttons_height_and_are_drawn_both():
    font = kit.font(kit.SMALL_BUTTON_FONT, True)
    assert chain.lines_height(font.get_height(), 2) <= ROW
    assert chrome.two_lines("Убрать стебель", 10**6, False, 20) is None  # too low for two


def test_a_shorter_label_comes_after_two_lines_and_a_cut_last():
    button = Button("a", "Оставить стебель", shorter=("Оставить",))
    width = _width("Оставить", True)
    assert chrome.fitting_label(button, width, True, ROW) == "Оставить\nстебель"
    assert chrome.fitting_label(button, width, True, None) == "Оставить"  # one line only
    cut = chrome.fitting_label(button, 40, True, ROW)
    assert cut.endswith("…") and "\n" not in cut


def test_a_cut_keeps_the_cost_in_brackets_at_the_end_whole():
    """Diced Tomatoes' karma buttons: «Перебросить… (1)», never «Перебросить ку…»."""
    button = Button("a", "Перебросить кубик (1)")
    width = _width("Перебросить (1)", True)
    label = chrome.fitting_label(button, width, True, 20)  # too low for two lines
    assert label.endswith("… (1)") and _width(label, True) <= width


class _Button:
    """What :class:`chrome.ButtonTips` asks of a button."""

    visible = True

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def alive(self) -> bool:
        return True

    def get_abs_rect(self) -> pygame.Rect:
        return self.rect


def test_a_hushed_tip_stays_away_until_the_pointer_moves():
    """Play-test: a pointer left on End turn through a bot's turn brought the tip back over the
    discard pile for whole turns. A hushed tip shows again only after the pointer moves and
    rests for the delay."""
    end_turn = _Button(pygame.Rect(100, 50, 80, 30))
    tips = {end_turn: ("End turn", "End your turn")}
    shown = chrome.ButtonTips()
    assert shown.hovered(tips, (120, 60), 0.0) is None  # not yet: the delay
    assert shown.hovered(tips, (120, 60), chrome.TIP_DELAY + 0.1) is end_turn
    shown.hush((120, 60))
    assert shown.hovered(tips, (120, 60), 30.0) is None  # rested there through a whole turn
    assert shown.hovered(tips, (121, 60), 30.1) is None  # moved: the delay starts again
    assert shown.hovered(tips, (121, 60), 30.2 + chrome.TIP_DELAY) is end_turn


@pytest.mark.parametrize("language", ["en", "ja"])
@pytest.mark.parametrize("count", [2, 3])
def test_a_wrapped_top_bar_message_keeps_clear_of_the_bars_edges(language, count):
    """A play-test: a hint's second line touched the bottom of the top bar."""
    import translation

    translation.set_language(language)
    word = "karma, gypsy, quay" if language == "en" else "種を蒔く、つるを育てる"
    message = " ".join([word] * (9 if count == 2 else 14))
    shown = chrome.top_bar(1024 - 300, message, "")
    bar, _message, _size, lines = shown
    assert len(lines) == count
    surface = pygame.Surface((1024, 120))
    surface.fill((0, 0, 0))
    chrome.draw_top_bar(surface, shown, None)
    ink = [
        y
        for y in range(bar.top, bar.bottom)
        for x in range(bar.x + 10, bar.right - 10)
        if surface.get_at((x, y)).r > 150  # the message's gold, not the panel's dark
    ]
    margin = 3 if count == 2 else 2  # three lines fit above the board only a little closer
    assert min(ink) - bar.top >= margin, (bar, min(ink))
    assert bar.bottom - 1 - max(ink) >= margin, (bar, max(ink))
