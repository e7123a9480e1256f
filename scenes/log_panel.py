"""The game log: plain sentences, wrapped once, drawn from cached text; scrolls with the wheel.

A pygame_gui text box re-lays out its whole text on every append (over 100 ms once it is long),
so the table draws its own log: appending is O(new lines) and drawing blits only visible lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from scenes import kit
from translation import _

CAP = 300
FONT = 15


class LogPanel:
    """A capped, scrollable list of sentences in ``rect``; newest at the bottom."""

    def __init__(self, rect: pygame.Rect, lines=()):
        self.rect = pygame.Rect(rect)
        self.sentences: list[str] = []
        self.rows: list[tuple[str, bool]] = []  # (text, starts a sentence)
        self.scroll = 0  # rows hidden below the view (0 = newest shown)
        self.unseen = False
        """Lines came in while the player had scrolled up: the "new entries below" marker."""
        self.line_h = kit.px(FONT + 6)  # the font grows with the UI scale
        self.extend(lines)

    @property
    def rows_top(self) -> int:
        """The y of the first row, under the panel's title."""
        return self.rect.y + kit.px(28)

    @property
    def visible_rows(self) -> int:
        """How many rows the panel shows (what the wheel scrolls by and up to)."""
        return max(1, (self.rect.bottom - 8 - self.rows_top) // self.line_h)

    def _wrap(self, sentence: str) -> list:
        parts = kit.wrap(sentence, FONT, self.rect.width - 34) or [""]
        return [(p, i == 0) for i, p in enumerate(parts)]

    def extend(self, sentences) -> None:
        """Append sentences; past the cap the oldest go."""
        new = [s for s in sentences if s]
        if not new:
            return
        self.sentences.extend(new)
        for s in new:
            self.rows.extend(self._wrap(s))
        if len(self.sentences) > CAP + 50:
            self.sentences = self.sentences[-CAP:]
            self.rows = [r for s in self.sentences for r in self._wrap(s)]
        if self.scroll:  # scrolled up: the view stays on what the player reads
            self.scroll += sum(len(self._wrap(s)) for s in new)
            self.scroll = min(self.scroll, max(0, len(self.rows) - self.visible_rows))
            self.unseen = True

    def follow(self) -> None:
        """Show the newest lines again (the marker was clicked, or the player's own turn
        began): from now on the view follows new lines."""
        self.scroll, self.unseen = 0, False

    def marker_rect(self) -> pygame.Rect | None:
        """Where the "new entries below" marker is (at the panel's bottom), or None when
        the player has seen every line."""
        if not (self.unseen and self.scroll):
            return None
        words = kit.text(_("New entries below"), FONT, kit.INK)
        w = min(self.rect.width - kit.px(16), words.get_width() + kit.px(20))
        h = words.get_height() + kit.px(6)
        return pygame.Rect(self.rect.centerx - w // 2, self.rect.bottom - h - kit.px(8), w, h)

    def set(self, sentences) -> None:
        self.sentences, self.rows, self.scroll, self.unseen = [], [], 0, False
        self.extend(sentences)

    def resize(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.set(list(self.sentences))

    def handle_event(self, event) -> bool:
        """Mouse wheel over the panel scrolls it; a click on the "new entries below" marker
        goes to the newest lines."""
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            most = max(0, len(self.rows) - self.visible_rows)
            self.scroll = max(0, min(most, self.scroll + event.y * 3))
            self.unseen = self.unseen and self.scroll > 0
            return True
        marker = self.marker_rect()
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and marker is not None
            and marker.collidepoint(event.pos)
        ):
            self.follow()
            return True
        return False

    def draw(self, surface) -> None:
        """The panel, its title, the rows in view and the scroll bar (unless the table's
        backdrop holds them: :meth:`layer`)."""
        kit.draw_layer(surface, self.layer())

    def whole_entries(self, start: int, end: int) -> tuple[int, int]:
        """The rows ``start:end`` to show. Where the view is one row and that row ends a
        wrapped entry, the entry's first row instead: its last words alone ("H12.") read as
        nonsense (a play-test: a replay's one-line log). A taller view keeps its rows full
        (empty rows above read as a broken log, another play-test); its top row, when it
        continues an entry, is marked as cut (:attr:`LogLayer.cut`)."""
        if start == 0 or any(self.rows[i][1] for i in range(start, end)):
            return start, end
        begins = next(i for i in range(start, -1, -1) if self.rows[i][1] or i == 0)
        return begins, begins + (end - start)

    def layer(self) -> LogLayer:
        """What the panel shows now, as a layer a table's backdrop can hold: equal layers
        draw equal pixels (in one language and UI scale)."""
        top, n = self.rows_top, self.visible_rows
        last = len(self.rows) - self.scroll
        start, end = self.whole_entries(max(0, last - n), last)
        bar = None
        if len(self.rows) > n:  # a thin scroll indicator
            track = pygame.Rect(self.rect.right - 8, top, 4, n * self.line_h)
            frac = n / len(self.rows)
            h = max(16, int(track.height * frac))
            pos = (len(self.rows) - last) / max(1, len(self.rows) - n)
            thumb = pygame.Rect(track.x, track.bottom - h - int((track.height - h) * pos), 4, h)
            bar = (tuple(track), tuple(thumb))
        marker = self.marker_rect()
        return LogLayer(
            tuple(self.rect),
            _("Game log"),
            tuple(self.rows[start:end]),
            top,
            self.line_h,
            bar,
            (tuple(marker), _("New entries below")) if marker is not None else None,
            cut=start > 0 and not self.rows[start][1],
        )


@dataclass(frozen=True)
class LogLayer:
    """The log as drawn: the panel's ``rect``, its ``title``, the ``rows`` in view
    (``(text, starts a sentence)``) from ``top`` every ``line_h`` pixels, and the scroll bar's
    ``(track, thumb)`` rects (None when every row shows); ``marker`` is the "new entries
    below" marker's ``(rect, words)`` (None when the player has seen every line); ``cut``: the
    top row continues an entry whose beginning is above the view (drawn after an ellipsis)."""

    rect: tuple
    title: str
    rows: tuple
    top: int
    line_h: int
    bar: tuple | None
    marker: tuple | None = None
    cut: bool = False

    def draw(self, surface) -> None:
        rect = pygame.Rect(self.rect)
        kit.draw_panel(surface, rect, (28, 36, 40, 230), radius=10, border=(93, 116, 128))
        kit.blit_text(surface, self.title, 14, (rect.x + 12, rect.y + 6), kit.GOLD, True)
        y = self.top
        if self.cut:  # in the continued row's indent: the entry began above
            kit.blit_text(surface, "\u2026", FONT, (rect.x + 21, y), kit.INK_DIM, anchor="topright")
        for text, first in self.rows:
            x = rect.x + 12 if first else rect.x + 22
            kit.blit_text(surface, text, FONT, (x, y), kit.INK if first else kit.INK_DIM)
            y += self.line_h
        if self.bar is not None:
            track, thumb = self.bar
            pygame.draw.rect(surface, (50, 62, 68), track, border_radius=2)
            pygame.draw.rect(surface, (150, 170, 180), thumb, border_radius=2)
        if self.marker is not None:  # over the last rows, clickable (LogPanel.handle_event)
            box, words = self.marker
            kit.draw_panel(surface, pygame.Rect(box), (16, 20, 24, 245), radius=8, border=kit.GOLD)
            kit.blit_text(surface, words, FONT, pygame.Rect(box).center, kit.GOLD, anchor="center")
