"""A question or a notice over a table (or a menu) for online play: a game that stopped, a seat
to hand to a bot, a hidden choice to make, a turn file written.

One panel, centred: a title, the message wrapped (a file path breaks after its folders), and a
row of buttons as wide as their labels need. Esc closes it unless the question must be
answered; Tab, the arrows and Enter work as in every menu.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame
from pygame_gui.elements import UIButton

from scenes import kit
from scenes.manager import Scene

TEXT = 17
"""The message's text size (pixels at 100 %)."""


def message_lines(message: str, width: int, size: int = TEXT) -> list[str]:
    """``message`` in lines of at most ``width`` pixels: words wrap; a word still too wide (a
    file's path) breaks after its folder separators, and a piece still too wide is cut in
    the middle."""
    lines: list[str] = []
    for paragraph in message.split("\n"):
        for line in kit.wrap(paragraph, size, width) or [""]:
            if kit.text_size(line, size)[0] <= width:
                lines.append(line)
                continue
            current = ""
            for piece in _pieces(line):
                if current and kit.text_size(current + piece, size)[0] > width:
                    lines.append(current)
                    current = ""
                current += piece
            lines.append(kit.ellipsize(current, width, size=size))
    return lines


def _pieces(line: str) -> list[str]:
    pieces, current = [], ""
    for char in line:
        current += char
        if char in "/\\ ":
            pieces.append(current)
            current = ""
    return pieces + ([current] if current else [])


class OnlineDialog(Scene):
    """``title`` and ``message`` over the scene below, with ``buttons``: ``(label, command,
    tip)`` each (the command closes the dialog itself when it should). ``escape`` False: Esc
    does not close it (a question the game waits for)."""

    overlay = True

    def __init__(
        self,
        app,
        title: str,
        message: str,
        buttons: Sequence[tuple[str, Callable[[], None], str]],
        escape: bool = True,
    ):
        super().__init__(app)
        self.title = title
        self.message = message
        self.choices = list(buttons)
        self.escape = escape
        self.buttons: list[UIButton] = []

    def _widths(self) -> list[int]:
        labels = [label for label, _command, _tip in self.choices]
        return [max(kit.px(110), need + kit.px(16)) for need in kit.button_needs(labels)]

    def panel(self) -> pygame.Rect:
        """The panel, centred: as wide as the buttons need (at least 560 pixels at 100 %,
        at most the window less a margin), as tall as the wrapped message."""
        w, h = self.app.size
        px = kit.px
        row = sum(self._widths()) + px(12) * (len(self.choices) - 1) + px(48)
        width = min(w - 40, max(px(560), row))
        lines = message_lines(self.message, width - px(56))
        step = kit.font(TEXT).get_linesize()
        height = px(66) + len(lines) * step + px(20 + 44 + 22)
        rect = pygame.Rect(0, 0, width, min(h - 20, height))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        rect = self.panel()
        px = kit.px
        widths = self._widths()
        gap, height = px(12), px(44)
        room = rect.width - px(48) - gap * (len(widths) - 1)
        if sum(widths) > room:  # shrink alike: the labels' font still holds them (checked)
            widths = [width * room // sum(widths) for width in widths]
        x = rect.centerx - (sum(widths) + gap * (len(widths) - 1)) // 2
        y = rect.bottom - height - px(22)
        self.buttons = []
        for (label, command, tip), width in zip(self.choices, widths):
            button = UIButton(
                pygame.Rect(x, y, width, height),
                label,
                self.app.ui,
                container=self.container,
                command=command,
                tool_tip_text=tip or None,
            )
            self.buttons.append(button)
            x += width + gap

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.escape:
                self.app.manager.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN)

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        rect = self.panel()
        kit.draw_panel(surface, rect, (20, 26, 30, 240), border=(93, 116, 128))
        kit.blit_text(
            surface,
            self.title,
            kit.fit_text(self.title, 26, rect.width - kit.px(40), bold=True),
            (rect.centerx, rect.y + kit.px(16)),
            kit.GOLD,
            True,
            "midtop",
        )
        step = kit.font(TEXT).get_linesize()
        for i, line in enumerate(message_lines(self.message, rect.width - kit.px(56))):
            kit.blit_text(
                surface,
                line,
                TEXT,
                (rect.centerx, rect.y + kit.px(66) + i * step),
                kit.INK,
                anchor="midtop",
            )
