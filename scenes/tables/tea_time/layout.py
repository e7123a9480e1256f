"""The Tea Time table's geometry: pure, no drawing, no display needed.

Left of the board the **table**: an information strip (round, turn, the deck) over the grid of
cards, and under it the scoring legend (what a column of each size is worth). Right of the
board one **panel** per player, opponents above in turn order and the viewer's at the bottom:
a header (name, Alice, score) and six columns, one per character, where taken cards stack.
With room enough every panel is *big* (two label lines under each column, the cards fanned);
otherwise the opponents' panels are *compact* (one line, a count badge on the card).

:meth:`Layout.labelled_rects` lists everything that shows text or can be clicked, for the
overlap tests (tests/scenes/tea_time/test_layout.py).
"""

from __future__ import annotations

import pygame

from engine.tea_time.rules import LAYOUTS
from engine.tea_time.state import CHARACTERS
from scenes import kit
from sprites.tea_time_art import CARD_RATIO

INFO_FONT = 15
HEADER_FONT = 15
MINI_HEADER_FONT = 13
LABEL_FONT = 12
MINI_LABEL_FONT = 11
LEGEND_FONT = 12

INFO_H = 30
LEGEND_H = 40
HEADER_H = 20
"""A panel header's height; like :data:`INFO_H` and :data:`LEGEND_H` (and a column label's row,
its font size plus 4) it is pixels at 100 % and grows with the UI scale (:func:`kit.px`)."""
PANEL_GAP = 6
COLUMN_GAP = 3
STACK_DEPTH = 2.6
"""A big panel's stack area, in card heights: room to fan about eight cards."""
FAN_STEP = 0.3
"""How far down each card of a column lies below the one before, in card heights, when the
stack area has room (the top of each card shows: its character and, mirror side, the gold)."""
VIEWER_MIN = 200


def clamp(value, low, high):
    """``value`` kept within ``low`` to ``high``."""
    return max(low, min(high, value))


class Layout:
    """Every rect of the Tea Time table for a window of ``size``, ``num_players`` seats and
    the ``viewer`` seat (whose panel is at the bottom), leaving ``log_width`` on the right for
    the buttons and the log."""

    def __init__(self, size, num_players: int, viewer: int = 0, log_width: int = 300):
        self.size = tuple(size)
        self.num_players = num_players
        self.viewer = viewer
        self.rows, self.columns = LAYOUTS[num_players]
        w, h = self.size
        self.board = pygame.Rect(8, 50, w - log_width - 16 - 16, h - 58)
        share = {2: 0.48, 3: 0.46}.get(num_players, 0.44)
        panel_w = int(clamp(self.board.width * share, kit.px(300), kit.px(480)))
        self.table_area = pygame.Rect(
            self.board.x,
            self.board.y,
            self.board.width - panel_w - 12,
            self.board.height,
        )
        self.panel_area = pygame.Rect(
            self.table_area.right + 12, self.board.y, panel_w, self.board.height
        )
        self._table()
        self._panels()

    # --- the table ---------------------------------------------------------------------------
    def _table(self) -> None:
        area = self.table_area
        info_h, legend_h = kit.px(INFO_H), kit.px(LEGEND_H)  # rows of text: scaled
        self.info = pygame.Rect(area.x, area.y, area.width, info_h)
        self.legend = pygame.Rect(area.x, area.bottom - legend_h, area.width, legend_h)
        room = pygame.Rect(
            area.x,
            self.info.bottom + 10,
            area.width,
            self.legend.y - 10 - (self.info.bottom + 10),
        )
        rows, columns = self.rows, self.columns
        gap_guess = 8
        card_h = min(
            (room.height - (rows - 1) * gap_guess) / rows,
            (room.width - (columns - 1) * gap_guess) / columns / CARD_RATIO,
        )
        self.card_h = int(card_h)
        self.card_w = int(card_h * CARD_RATIO)
        self.gap = max(6, int(self.card_w * 0.09))
        grid_w = columns * self.card_w + (columns - 1) * self.gap
        grid_h = rows * self.card_h + (rows - 1) * self.gap
        while grid_w > room.width or grid_h > room.height:  # the gap grew: shrink a bit
            self.card_h -= 1
            self.card_w = int(self.card_h * CARD_RATIO)
            grid_w = columns * self.card_w + (columns - 1) * self.gap
            grid_h = rows * self.card_h + (rows - 1) * self.gap
        self.grid = pygame.Rect(
            room.x + (room.width - grid_w) // 2,
            room.y + (room.height - grid_h) // 2,
            grid_w,
            grid_h,
        )

    def cell(self, row: int, column: int) -> pygame.Rect:
        """The place at ``(row, column)`` of the table (a card's rect)."""
        return pygame.Rect(
            self.grid.x + column * (self.card_w + self.gap),
            self.grid.y + row * (self.card_h + self.gap),
            self.card_w,
            self.card_h,
        )

    def cell_at(self, pos) -> tuple | None:
        """The place ``(row, column)`` under ``pos``, or None (the gaps belong to no place)."""
        for row in range(self.rows):
            for column in range(self.columns):
                if self.cell(row, column).collidepoint(pos):
                    return (row, column)
        return None

    def info_parts(self) -> dict:
        """The information strip: ``round`` (left), ``turn`` (middle), ``deck`` (the deck's
        picture) and ``deck_count`` (right)."""
        info = self.info
        deck_h = info.height - 2
        deck = pygame.Rect(0, 0, int(deck_h * CARD_RATIO), deck_h)
        count_w = kit.px(60)
        deck.midright = (info.right - count_w - 4, info.centery)
        count = pygame.Rect(deck.right + 4, info.y, count_w, info.height)
        round_w = kit.px(108)
        turn_x = info.x + round_w + 8
        return {
            "round": pygame.Rect(info.x + 8, info.y, round_w - 8, info.height),
            "turn": pygame.Rect(turn_x, info.y, deck.x - 8 - turn_x, info.height),
            "deck": deck,
            "deck_count": count,
        }

    def legend_parts(self) -> dict:
        """The scoring legend: ``title.cards``/``title.points`` (row names), then for each
        column size ``k`` (0 … 5, 5 meaning five or more) ``cards.k`` over ``points.k``, and
        ``alice``/``alice.points`` last."""
        area = self.legend.inflate(-12, -8)
        line = area.height // 2
        title_w = kit.px(48)
        cells = 7
        cell_w = (area.width - title_w - 8) // cells
        out = {
            "title.cards": pygame.Rect(area.x, area.y, title_w, line),
            "title.points": pygame.Rect(area.x, area.y + line, title_w, line),
        }
        x = area.x + title_w + 8
        for k in range(cells):
            name = "alice" if k == cells - 1 else f"cards.{k}"
            points = "alice.points" if k == cells - 1 else f"points.{k}"
            out[name] = pygame.Rect(x + k * cell_w, area.y, cell_w - 2, line)
            out[points] = pygame.Rect(x + k * cell_w, area.y + line, cell_w - 2, line)
        return out

    def banner_rect(self) -> pygame.Rect:
        """Where banners show: across the middle of the grid."""
        return pygame.Rect(self.table_area.x, self.grid.centery - 30, self.table_area.width, 60)

    # --- the panels --------------------------------------------------------------------------
    @property
    def others(self) -> list:
        """The other seats in turn order after the viewer (their panels top to bottom)."""
        return [(self.viewer + k) % self.num_players for k in range(1, self.num_players)]

    def _panels(self) -> None:
        area = self.panel_area
        count = self.num_players
        self.column_w = (area.width - 12 - 5 * COLUMN_GAP) // 6
        card_h = int((self.column_w - 4) / CARD_RATIO)
        top = kit.px(HEADER_H) + 6  # the header, and the gap under it
        labels_h = kit.px(LABEL_FONT + 4)
        big_h = top + int(card_h * STACK_DEPTH) + 2 * labels_h + 8
        compact_h = top + int(card_h * 1.15) + kit.px(MINI_LABEL_FONT + 4) + 8
        gaps = (count - 1) * PANEL_GAP
        self.compact = count * big_h + gaps > area.height
        if not self.compact:
            other_h = viewer_h = big_h
        elif (count - 1) * compact_h + big_h + gaps <= area.height:
            other_h, viewer_h = compact_h, big_h
        else:  # squeezed: the viewer keeps at least VIEWER_MIN
            other_h = min(compact_h, (area.height - VIEWER_MIN - gaps) // (count - 1))
            viewer_h = area.height - gaps - (count - 1) * other_h
        self.panels = {}
        y = area.y
        for seat in self.others:
            self.panels[seat] = pygame.Rect(area.x, y, area.width, other_h)
            y += other_h + PANEL_GAP
        self.panels[self.viewer] = pygame.Rect(area.x, area.bottom - viewer_h, area.width, viewer_h)

    def is_big(self, seat: int) -> bool:
        """Whether ``seat``'s panel has two label lines and fanned cards."""
        return seat == self.viewer or not self.compact

    def header(self, seat: int) -> pygame.Rect:
        panel = self.panels[seat]
        return pygame.Rect(panel.x + 8, panel.y + 3, panel.width - 16, kit.px(HEADER_H))

    def header_font(self, seat: int) -> int:
        return HEADER_FONT if self.is_big(seat) else MINI_HEADER_FONT

    def header_parts(self, seat: int) -> dict:
        """A panel header's parts: ``name`` (after the seat's colour dot), ``alice`` (her card
        when the seat holds her) and ``score`` (right)."""
        header = self.header(seat)
        score_w = kit.px(70)
        alice_h = header.height
        alice_w = int(alice_h * CARD_RATIO) + 2
        score = pygame.Rect(header.right - score_w, header.y, score_w, header.height)
        alice = pygame.Rect(score.x - 8 - alice_w, header.y, alice_w, alice_h)
        name = pygame.Rect(header.x + 16, header.y, alice.x - 6 - (header.x + 16), header.height)
        return {"name": name, "alice": alice, "score": score}

    def label_font(self, seat: int) -> int:
        """The column labels' size: a narrow column (a small window) takes a smaller one."""
        if not self.is_big(seat) or self.column_w < kit.px(52):
            return MINI_LABEL_FONT
        return LABEL_FONT

    def column(self, seat: int, index: int) -> pygame.Rect:
        """Column ``index`` (in :data:`CHARACTERS` order) of ``seat``'s panel: its cards and
        the labels under them."""
        panel = self.panels[seat]
        top = self.header(seat).bottom + 4
        return pygame.Rect(
            panel.x + 6 + index * (self.column_w + COLUMN_GAP),
            top,
            self.column_w,
            panel.bottom - 4 - top,
        )

    def column_labels(self, seat: int, index: int) -> list:
        """The text rects under a column: two lines (cards, points) on a big panel, one
        (points) on a compact one."""
        column = self.column(seat, index)
        line = kit.px(self.label_font(seat) + 4)
        lines = 2 if self.is_big(seat) else 1
        top = column.bottom - lines * line
        return [pygame.Rect(column.x, top + k * line, column.width, line) for k in range(lines)]

    def stack_area(self, seat: int, index: int) -> pygame.Rect:
        """Where a column's cards lie (above its labels, a few pixels apart from them)."""
        column = self.column(seat, index)
        labels = self.column_labels(seat, index)
        return pygame.Rect(column.x, column.y, column.width, labels[0].y - 4 - column.y)

    def column_card_size(self, seat: int) -> tuple:
        """``(width, height)`` of a card in ``seat``'s columns."""
        area = self.stack_area(seat, 0)
        card_w = area.width - 4
        card_h = min(
            int(card_w / CARD_RATIO),
            int(area.height / (1.9 if self.is_big(seat) else 1.1)),
        )
        return (int(card_h * CARD_RATIO), card_h)

    def stack_card(self, seat: int, index: int, position: int, count: int) -> pygame.Rect:
        """Card ``position`` (0 the first taken) of a column of ``count`` cards: fanned
        downwards, closer together the more there are, never past the stack area."""
        area = self.stack_area(seat, index)
        w, h = self.column_card_size(seat)
        step = 0
        if count > 1:
            step = min(h * FAN_STEP, (area.height - h) / (count - 1))
        return pygame.Rect(area.centerx - w // 2, area.y + int(step * position), w, h)

    def count_badge(self, seat: int, index: int, count: int) -> tuple:
        """Centre and radius of a compact column's count badge (on its last card)."""
        card = self.stack_card(seat, index, max(0, count - 1), max(1, count))
        radius = max(7, min(10, card.width // 4))
        return ((card.right - radius + 3, card.bottom - radius + 2), radius)

    def alice_spot(self, seat: int) -> pygame.Rect:
        """Where Alice's card shows in ``seat``'s header."""
        return self.header_parts(seat)["alice"]

    # --- checks ------------------------------------------------------------------------------
    def labelled_rects(self) -> dict:
        """``{label: rect}`` of everything that shows text or can be clicked; none of them may
        overlap another."""
        out = {f"info.{name}": rect for name, rect in self.info_parts().items()}
        out.update({f"legend.{name}": rect for name, rect in self.legend_parts().items()})
        for row in range(self.rows):
            for column in range(self.columns):
                out[f"cell.{row}.{column}"] = self.cell(row, column)
        for seat in range(self.num_players):
            out.update(
                {f"seat{seat}.{name}": rect for name, rect in self.header_parts(seat).items()}
            )
            for index in range(len(CHARACTERS)):
                out[f"seat{seat}.stack.{index}"] = self.stack_area(seat, index)
                for k, rect in enumerate(self.column_labels(seat, index)):
                    out[f"seat{seat}.label.{index}.{k}"] = rect
        return out
