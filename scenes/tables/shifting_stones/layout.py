"""The Shifting Stones table's geometry: pure, no drawing, no display needed.

Top left the **grid** of 3 × 3 stones, as large as the board allows. Right of it the **side
panel**: a line with the deck and the discard pile, then one row per player (the viewer's
first): a header (name, scored cards of the target, points) over a strip where the scored
cards lie side by side, or once they no longer fit, in one stack for each value with its count.
Along the bottom the viewer's **hand**: each card large, a line under it saying how far it is
from matching.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

import pygame

from scenes import kit
from sprites.shifting_stones_art import CARD_RATIO
from translation import ngettext

INFO_H = 34
"""The deck and discard line's height at 100 % (it grows with the UI scale, like the rest)."""
NOTICE_H = 28
"""The notice line under it: the last round, or solo's strikes."""
HEADER_H = 20
STATUS_H = 20
"""The line under each card of the hand."""
GAP = 10
SCORED_GAP = 4
"""Between two lines of a player's scored cards."""
CARD_GAP = 3
"""Between two scored cards side by side."""
STACK_GAP = 6
"""Between two stacks of scored cards (one a value)."""
STACK_FACE_W = 40
"""A stack's front card is at least this wide (at 100 %) where the line has room: on a small
card its points and count would be too small to read."""
MIN_TWO_LINES = 0.75
"""Two lines of scored cards when each card keeps this share of one line's height."""
MAX_HAND_SPACING = 1.0


class ScoredSpot(NamedTuple):
    """A place among a player's scored cards: ``rect``, the ``indices`` (in the order scored)
    of the cards it shows, and ``points`` — None for one card shown face up, else the value
    of the stack of cards it shows (:meth:`Layout.scored_spots`)."""

    rect: pygame.Rect
    indices: tuple[int, ...]
    points: int | None


def stack_depth(width: int) -> int:
    """How far each card behind the front one of a stack of scored cards shows, in pixels,
    for cards ``width`` wide (two at the most show)."""
    return max(2, width // 16)


def _flow(lines: list[pygame.Rect], count: int, width: int, gap: int) -> list[pygame.Rect] | None:
    """``count`` rects ``width`` wide, ``gap`` apart, filling ``lines`` one after the other;
    None when they do not all fit."""
    rects: list[pygame.Rect] = []
    for line in lines:
        fit = max(0, (line.width + gap) // (width + gap))
        for slot in range(min(fit, count - len(rects))):
            rects.append(pygame.Rect(line.x + slot * (width + gap), line.y, width, line.height))
    return rects if len(rects) == count else None


class Layout:
    """Every rect of the table for a window of ``size``, ``num_players`` seats and the
    ``viewer`` seat, leaving ``log_width`` on the right for the buttons and the log."""

    def __init__(self, size, num_players: int, viewer: int = 0, log_width: int = 300):
        self.size = tuple(size)
        self.num_players = num_players
        self.viewer = viewer
        w, h = self.size
        self.board = pygame.Rect(8, 50, w - log_width - 32, h - 58)
        board = self.board
        status_h = kit.px(STATUS_H)
        hand_h = int(min(max(board.height * 0.3, kit.px(130)), kit.px(260)))
        self.hand_area = pygame.Rect(board.x, board.bottom - hand_h, board.width, hand_h)
        top = pygame.Rect(board.x, board.y, board.width, board.height - hand_h - GAP)
        side = int(min(top.height, top.width * 0.55))
        self.grid = pygame.Rect(top.x, top.y + (top.height - side) // 2, side, side)
        self.side = pygame.Rect(
            self.grid.right + GAP * 2, top.y, top.right - self.grid.right - GAP * 2, top.height
        )
        self.card_h = hand_h - status_h - 6
        self.card_w = int(self.card_h / CARD_RATIO)
        self.status_h = status_h
        self._spots: dict[tuple, list[ScoredSpot]] = {}
        self._side_panel()

    # --- the grid ----------------------------------------------------------------------------
    def stone(self, square: int) -> pygame.Rect:
        """The rect of the stone on ``square`` (0–8, row by row)."""
        cell = self.grid.width // 3
        pad = max(3, cell // 22)
        row, column = divmod(square, 3)
        return pygame.Rect(
            self.grid.x + column * cell + pad,
            self.grid.y + row * cell + pad,
            cell - 2 * pad,
            cell - 2 * pad,
        )

    def square_at(self, pos) -> int | None:
        """The square under ``pos``, or None."""
        for square in range(9):
            if self.stone(square).collidepoint(pos):
                return square
        return None

    # --- the side panel ---------------------------------------------------------------------
    def _side_panel(self) -> None:
        side = self.side
        self.info = pygame.Rect(side.x, side.y, side.width, kit.px(INFO_H))
        self.notice = pygame.Rect(side.x, self.info.bottom, side.width, kit.px(NOTICE_H))
        room = side.bottom - self.notice.bottom - 4
        one_line = max(
            kit.px(HEADER_H) + 12, min(max(kit.px(96), room // 4), room // self.num_players - 4)
        )
        self.mini_h = max(10, one_line - kit.px(HEADER_H) - 8)
        # fewer seats leave room for a second line of scored cards (at 8 or more one line
        # overlapped them until no pattern could be read: a play-test), if the cards stay at
        # least MIN_TWO_LINES as tall
        two_lines = (room // self.num_players - 4 - kit.px(HEADER_H) - 8 - SCORED_GAP) // 2
        self.scored_lines = 2 if two_lines >= self.mini_h * MIN_TWO_LINES else 1
        self.row_h = one_line
        if self.scored_lines == 2:
            self.mini_h = min(self.mini_h, two_lines)
            self.row_h = max(one_line, kit.px(HEADER_H) + 8 + 2 * self.mini_h + SCORED_GAP)
        self.mini_w = max(8, int(self.mini_h / CARD_RATIO))

    def seat_order(self) -> list[int]:
        """The seats from the viewer on, in turn order (the viewer's row first)."""
        return [(self.viewer + k) % self.num_players for k in range(self.num_players)]

    def player_row(self, seat: int) -> pygame.Rect:
        """The rect of ``seat``'s row in the side panel."""
        index = self.seat_order().index(seat)
        y = self.notice.bottom + 4 + index * (self.row_h + 4)
        return pygame.Rect(self.side.x, y, self.side.width, self.row_h)

    def header(self, seat: int) -> pygame.Rect:
        row = self.player_row(seat)
        return pygame.Rect(row.x + 8, row.y + 3, row.width - 16, kit.px(HEADER_H))

    def scored_lines_of(self, seat: int) -> list[pygame.Rect]:
        """The lines ``seat``'s scored cards lie in, :attr:`mini_h` high: left of the hand's
        badge, then (:attr:`scored_lines` 2) a second under it the row's whole width."""
        row, badge = self.player_row(seat), self.hand_badge(seat)
        widths = [badge.x - row.x - 16, row.width - 16][: self.scored_lines]
        return [
            pygame.Rect(row.x + 8, badge.y + line * (self.mini_h + SCORED_GAP), width, self.mini_h)
            for line, width in enumerate(widths)
        ]

    def scored_spots(self, seat: int, points: Sequence[int], most: int = 0) -> list[ScoredSpot]:
        """Where ``seat``'s scored cards lie, given each one's ``points`` in the order scored,
        and ``most``, the most cards any seat has scored.

        Side by side, never overlapping, while every seat's cards fit (one :class:`ScoredSpot`
        a card); else one stack for each value scored, 1 before 2, 3 and 5, each with its
        count (a play-test: from 8 cards on the overlapped cards were slivers nobody could
        read or count). Every row turns to stacks together (a play-test: one seat's cards in
        stacks beside another's face up read as two different things). A stack narrows,
        never overlaps, where a line holds them only so."""
        key = (seat, tuple(points), max(most, len(points)))
        if key not in self._spots:
            if len(self._spots) > 64:  # a few games' worth, then start again
                self._spots.clear()
            self._spots[key] = self._work_out_spots(seat, key[1], key[2])
        return self._spots[key]

    def _work_out_spots(self, seat: int, points: tuple[int, ...], most: int) -> list[ScoredSpot]:
        lines = self.scored_lines_of(seat)
        if not points:
            return []
        if _flow(lines, most, self.mini_w, CARD_GAP) is not None:
            cards = _flow(lines, len(points), self.mini_w, CARD_GAP) or []
            return [ScoredSpot(rect, (index,), None) for index, rect in enumerate(cards)]
        values = sorted(set(points))
        groups = [tuple(i for i, p in enumerate(points) if p == value) for value in values]
        stacks = self._stacks(lines, len(groups))
        return [
            ScoredSpot(rect, group, value)
            for rect, group, value in zip(stacks, groups, values, strict=True)
        ]

    def _stacks(self, lines: list[pygame.Rect], count: int) -> list[pygame.Rect]:
        """``count`` stacks as wide as a card (:data:`STACK_FACE_W` at the least) and its
        depth, or narrower where a line holds them only so: all in the first line when they
        fit there, else half in each."""
        face = max(self.mini_w, kit.px(STACK_FACE_W))
        widest = face + 2 * stack_depth(face)
        if len(lines) == 1 or _flow(lines[:1], count, widest, STACK_GAP) is not None:
            shares = [count]
        else:
            shares = [(count + 1) // 2, count // 2]
        room = [(line.width + STACK_GAP) // share - STACK_GAP for line, share in zip(lines, shares)]
        width = max(4, min([widest, *room]))
        return [
            pygame.Rect(line.x + k * (width + STACK_GAP), line.y, width, line.height)
            for line, share in zip(lines, shares)
            for k in range(share)
        ]

    def hand_badge(self, seat: int) -> pygame.Rect:
        """Where ``seat``'s hand shows as a few card backs and a count, at its row's right."""
        row = self.player_row(seat)
        # the count beside the backs, never over them: as wide as "8 cards" in this language
        widest = max(
            kit.text_size(ngettext("{count} card", "{count} cards", n).format(count=n), 12)[0]
            for n in range(1, 12)  # each plural form: "4 карты" is wider than "8 карт"
        )
        width = self.mini_w + 12 + 6 + widest
        return pygame.Rect(row.right - 8 - width, self.header(seat).bottom + 3, width, self.mini_h)

    def deck(self) -> pygame.Rect:
        """The deck's small pile in the info line."""
        h = self.info.height - 6
        return pygame.Rect(self.info.x + 8, self.info.y + 3, int(h / CARD_RATIO), h)

    def discard(self) -> pygame.Rect:
        """The discard pile's top card in the info line (half way along)."""
        h = self.info.height - 6
        return pygame.Rect(self.info.centerx, self.info.y + 3, int(h / CARD_RATIO), h)

    # --- the hand ----------------------------------------------------------------------------
    def hand_card(self, index: int, count: int) -> pygame.Rect:
        """The rect of card ``index`` of a hand of ``count``: side by side, overlapping when
        many cards are held."""
        area = self.hand_area
        w, h = self.card_w, self.card_h
        step = w + GAP
        if count > 1 and (count - 1) * step + w > area.width:
            step = max(8, (area.width - w) // (count - 1))
        return pygame.Rect(area.x + index * step, area.y, w, h)

    def hand_status(self, index: int, count: int) -> pygame.Rect:
        """The line under card ``index``: "matches now" / "2 payments away"."""
        card = self.hand_card(index, count)
        step = self.hand_card(1, count).x - self.hand_card(0, count).x if count > 1 else card.width
        return pygame.Rect(card.x, card.bottom + 2, min(card.width, step - 2), self.status_h)

    def hand_index_at(self, pos, count: int) -> int | None:
        """The card of a hand of ``count`` under ``pos`` (the top one where they overlap)."""
        for index in reversed(range(count)):
            if self.hand_card(index, count).collidepoint(pos):
                return index
        return None

    def banner_rect(self) -> pygame.Rect:
        """Banners are centred over the grid and the side panel, clear of the hand."""
        return pygame.Rect(
            self.board.x, self.board.y, self.board.width, self.hand_area.y - self.board.y
        )
