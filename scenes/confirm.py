"""A question before a step that cannot be taken back easily: "End the action phase with 2
actions left?" — Yes does it, No goes back to the table. Enter answers Yes, Esc No.

A table asks it with the :class:`scenes.table.protocol.Confirm` intent; the scene is drawn over
the table, which stays in sight.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pygame
from pygame_gui.elements import UIButton

from scenes import kit, line_breaks
from scenes.manager import Scene
from translation import _


def balanced_lines(text: str, size: int, width: int) -> list[str]:
    """``text`` wrapped in at most ``width`` pixels at ``size``, in as few lines as that needs
    but each as short as those lines allow, so no word or few letters stand alone on the last
    (a play-tester saw 「ます。」 alone under a Japanese question)."""
    lines = kit.wrap(text, size, width)
    if len(lines) < 2:
        return lines
    low, high = width // 2, width
    while low < high:  # the narrowest width that still needs no more lines
        middle = (low + high) // 2
        if len(kit.wrap(text, size, middle)) <= len(lines):
            high = middle
        else:
            low = middle + 1
    for room in range(high, width + 1, 2):  # CJK wraps anywhere: rather after a 。 or ？
        tried = kit.wrap(text, size, room)
        if len(tried) == len(lines) and all(_ends_a_phrase(line) for line in tried[:-1]):
            last, longest = (kit.font(size).size(line)[0] for line in (tried[-1], tried[0]))
            if last >= 0.4 * longest:
                return tried
    return kit.wrap(text, size, high)


def _ends_a_phrase(line: str) -> bool:
    """Whether a wrapped line ends where a reader pauses: a space's break in Latin, Cyrillic
    or Greek text, or after punctuation in Chinese or Japanese (:data:`line_breaks.CJK`)."""
    last = line.rstrip()[-1:]
    return not re.fullmatch(f"[{line_breaks.CJK}]", last) or last in "。、？！：；」』）】"


class ConfirmScene(Scene):
    """``question`` (a whole sentence) over the table; ``yes()`` runs when it is answered Yes
    (the scene is gone by then), with ``yes_label`` on its button."""

    overlay = True

    def __init__(self, app, question: str, yes: Callable[[], None], yes_label: str = ""):
        super().__init__(app)
        self.question = question
        self.yes = yes
        self.yes_label = yes_label or _("Yes")
        self._lines: dict[int, list[str]] = {}  # the question wrapped, by width in pixels

    def lines(self, width: int) -> list[str]:
        """The question in lines of at most ``width`` pixels (:func:`balanced_lines`), worked
        out once per width: every frame draws them."""
        if width not in self._lines:
            self._lines[width] = balanced_lines(self.question, 17, width)
        return self._lines[width]

    def panel(self) -> pygame.Rect:
        """The question's panel, centred: as wide as the text needs within the window, as
        tall as the wrapped question and the buttons."""
        w, h = self.app.size
        px = kit.px
        width = min(w - 60, px(560))
        lines = self.lines(width - px(56))
        height = px(40) + len(lines) * kit.font(17).get_linesize() + px(18 + 44 + 22)
        rect = pygame.Rect(0, 0, width, min(h - 40, height))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        panel, px = self.panel(), kit.px
        labels = [self.yes_label, _("No")]
        needs = max(kit.button_needs(labels))
        width = max(px(150), needs)
        y = panel.bottom - px(22) - px(44)
        commands = [self.answer_yes, self.app.manager.pop]
        for index, (label, command) in enumerate(zip(labels, commands)):
            x = panel.centerx - width - px(8) if index == 0 else panel.centerx + px(8)
            UIButton(
                pygame.Rect(x, y, width, px(44)),
                label,
                self.app.ui,
                container=self.container,
                command=command,
            )

    def answer_yes(self) -> None:
        self.app.manager.pop()
        self.yes()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.answer_yes()
            elif event.key == pygame.K_ESCAPE:
                self.app.manager.pop()
            return True
        return event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((8, 12, 14, 150))
        surface.blit(veil, (0, 0))
        panel = self.panel()
        # nearly opaque: a stone or card seen through the question looked stuck mid-move
        kit.draw_panel(surface, panel, (20, 26, 30, 248), border=kit.GOLD)
        px = kit.px
        y = panel.y + px(24)
        for line in self.lines(panel.width - px(56)):
            kit.blit_text(surface, line, 17, (panel.centerx, y), kit.INK, anchor="midtop")
            y += kit.font(17).get_linesize()
