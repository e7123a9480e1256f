"""Where everything sits on the Potion Explosion table: pure geometry, no drawing, no state.

A :class:`Layout` is built from the window size, the number of seats and the viewer (the seat
whose desk is drawn big, :meth:`scenes.table.scene.TableScene.viewer_seat`). Left: the dispenser
(the tank on top, five tracks in perspective). Right, top to bottom: the other players' compact
desks in seat order after the viewer, the five potion stacks with the skill-token pile, and the
viewer's big desk (two brewing potions with their names under them, the pool and the hand, the
completed potions in one row that shrinks rather than overlaps).

:meth:`Layout.labelled_rects` names every rect that shows text or can be clicked; the tests check
that no two of them overlap and that all lie on the board, at every window size and seat count.
"""

from __future__ import annotations

import math

import pygame

from engine.potion_explosion.data import (
    COLOURS,
    NUM_STACKS,
    NUM_TRACKS,
    POOL_SIZE,
    TRACK_LENGTH,
)
from scenes import kit
from translation import _

HEADER_FONT = 16
"""Font size of the big desk's header (name, tokens, score)."""
MINI_FONT = 13
"""Font size of a compact desk's header."""
CAPTION_FONT = 12
"""Font size of a potion's name under its tile."""
PILE_FONT = 12
"""Font size of the skill-token pile's lines."""
HEADER_H = 20
"""A big desk's header row, the pile's lines and the pool's and hand's labels (``LABEL_H``)
and a potion's caption (``CAPTION_H``), in pixels at 100 %: rows of text, grown with the UI
scale (:func:`scenes.kit.px`) as their fonts are."""
LABEL_H = 16
CAPTION_H = 16
MINI_HEADER_H = 18
"""A compact desk's header row, at 100 % (grown with the UI scale)."""


def pile_lines() -> tuple:
    """The widest lines the pile shows (the countdown holds up to 8 tokens), in the language in
    use."""
    return (
        _("Skill tokens"),
        _("Countdown {count}").format(count=8),
        _("Supply {count}").format(count=12),
    )


def worst_score() -> str:
    """The widest score a header shows, in the language in use."""
    return _("{points} VP").format(points=188)


WORST_TOKENS = 2
"""A header leaves room for this score and for both token counts."""


def clamp(value, low, high):
    """``value`` kept within ``low`` to ``high``."""
    return max(low, min(high, value))


class Layout:
    """Every named rect and point of the table for a window of ``size`` (w, h) pixels,
    ``players`` seats (2–6) and ``viewer`` (the seat drawn big). ``log_width`` is the right
    column's width (buttons and log), which the board leaves free."""

    def __init__(self, size, players: int, viewer: int, log_width: int = 300):
        width, height = size
        self.size = (width, height)
        self.players = players
        self.viewer = viewer
        self.others = [(viewer + k) % players for k in range(1, players)]
        board = pygame.Rect(0, 44, width - log_width - 16, height - 44)
        self.board = board
        self._dispenser(board)
        rx = self.disp.right + 10
        rw = board.right - 8 - rx
        self.right = pygame.Rect(rx, board.y + 4, rw, board.height - 8)
        self._stacks_and_desk(board, rx, rw)
        self._others(rx, rw)

    # --- building ------------------------------------------------------------------------------
    def _dispenser(self, board) -> None:
        dw = int(min(board.width * 0.37, board.height * 0.58))
        self.disp = pygame.Rect(board.x + 8, board.y + 4, dw, board.height - 8)
        self.tank_h = max(50, int(self.disp.height * 0.11))
        self.tank = pygame.Rect(
            self.disp.x + int(dw * 0.1), self.disp.y + 8, int(dw * 0.8) - 4, self.tank_h - 8
        )
        self.track_top = self.disp.y + self.tank_h + 30
        self.track_bottom = self.disp.bottom - 52
        spacing = (self.track_bottom - self.track_top) / (TRACK_LENGTH - 1)
        self.dx = (dw - 30) / NUM_TRACKS
        self.d = int(min(52, self.dx * 0.84, spacing * 0.92))

    def _stacks_and_desk(self, board, rx, rw) -> None:
        k = len(self.others)
        # the stacks: five cards and the skill-token pile
        pile_w = max(kit.text_size(line, PILE_FONT, True)[0] for line in pile_lines())
        pile_w += kit.px(34)  # the token icon and the gaps
        sh = clamp(board.height * 0.13, 64, 104)
        sw = min(sh * 0.74, (rw - 20 - pile_w - 4 * 8) / NUM_STACKS)
        self.sw, self.sh = int(sw), int(min(sh, sw / 0.74))
        stacks_h = self.sh + self.stacks_label_height() + 12
        # the big desk: header, two cards with captions, the completed row
        self.md = int(clamp(board.height * 0.042, 24, 34))  # a desk marble
        pool_w = POOL_SIZE * (self.md + 8) + 14
        hand_w = 2 * (self.md + 44) + 12
        self.column_w = max(pool_w, hand_w)
        cw_max = (rw - 46 - self.column_w) / 2
        rows = k if k <= 2 else math.ceil(k / 2)
        least_box = 96 if k == 1 else int(clamp(board.height * 0.14, 78, 106))
        fixed = kit.px(HEADER_H) + 8 + kit.px(CAPTION_H) + 2 + 16  # header, captions, gaps
        comp_h = int(clamp(board.height * 0.075, 40, 60))
        room = board.height - 8 - stacks_h - 12 - (rows * least_box + (rows - 1) * 6)
        ch = min(230, cw_max / 0.74, room - fixed - comp_h)
        self.ch = int(max(80, ch))
        self.cw = int(self.ch * 0.74)
        self.comp_h = comp_h
        desk_h = fixed + self.ch + comp_h
        self.desk = pygame.Rect(rx, board.bottom - 4 - desk_h, rw, desk_h)
        self.stacks = pygame.Rect(rx, self.desk.y - 6 - stacks_h, rw, stacks_h)
        self.pile = pygame.Rect(
            self.stacks.right - 6 - pile_w, self.stacks.y + 6, pile_w, stacks_h - 12
        )

    def _others(self, rx, rw) -> None:
        k = len(self.others)
        region = pygame.Rect(rx, self.right.y, rw, self.stacks.y - 6 - self.right.y)
        self.others_region = region
        cols = 1 if k <= 2 else 2
        rows = max(1, math.ceil(k / cols))
        bh = int(min(140, (region.height - (rows - 1) * 6) / rows))
        bw = (rw - (cols - 1) * 8) // cols
        self.boxes = {}
        for index, seat in enumerate(self.others):
            row, col = divmod(index, cols)
            self.boxes[seat] = pygame.Rect(rx + col * (bw + 8), region.y + row * (bh + 6), bw, bh)
        # inside a compact desk: the header; two rows, each a brewing potion as a chip (its
        # holes in a row: what it still needs) beside the pool (row 1) or the completed
        # potions (row 2); the last turn's strip along the bottom
        self.chip_h = int(clamp((bh - kit.px(MINI_HEADER_H) - 20 - 12) / 2, 16, 44))
        self.ms = int(clamp(self.chip_h * 0.55, 9, 18))  # a compact desk's marble
        self.right_w = POOL_SIZE * (self.ms + 3) + 8
        if bw >= 380:  # a wide desk: its completed potions get a third of it
            self.right_w = max(self.right_w, int(bw * 0.34))

    # --- the dispenser -------------------------------------------------------------------------
    def marble_centre(self, track: int, place: float) -> tuple:
        """Centre of ``place`` (0 = bottom; may be fractional or above the top) of ``track``."""
        fy = place / (TRACK_LENGTH - 1)
        y = self.track_bottom - fy * (self.track_bottom - self.track_top)
        x = self.disp.centerx - 2 + (track - 2) * self.dx * (1 - 0.2 * fy)
        return (x, y)

    def marble_size(self, place: float) -> int:
        """A marble's diameter at ``place`` (smaller further up: perspective)."""
        return max(6, int(self.d * (1 - 0.14 * min(1.2, place / (TRACK_LENGTH - 1)))))

    def marble_rect(self, track: int, place: int) -> pygame.Rect:
        size = self.marble_size(place)
        rect = pygame.Rect(0, 0, size, size)
        x, y = self.marble_centre(track, place)
        rect.center = (int(x), int(y))
        return rect

    def tracks_rect(self) -> pygame.Rect:
        """The tracks with their numbers (under the tank)."""
        top = int(self.track_top - self.d // 2 - 4)
        return pygame.Rect(self.disp.x + 6, top, self.disp.width - 12, self.disp.bottom - 4 - top)

    def track_label(self, track: int) -> tuple:
        """Where track ``track``'s number goes (its midtop)."""
        x, y = self.marble_centre(track, 0)
        return (x, y + self.d * 0.5 + 4)

    def tank_point(self, track: int = 2) -> tuple:
        """Where a marble enters or leaves the tank above ``track``."""
        return (self.tank.x + self.tank.width * (0.18 + 0.16 * track), self.tank.centery + 4)

    # --- the big desk --------------------------------------------------------------------------
    def header(self) -> pygame.Rect:
        return pygame.Rect(self.desk.x + 8, self.desk.y + 4, self.desk.width - 16, kit.px(HEADER_H))

    def card(self, slot: int) -> pygame.Rect:
        top = self.header().bottom + 4
        return pygame.Rect(self.desk.x + 10 + slot * (self.cw + 10), top, self.cw, self.ch)

    def caption(self, slot: int) -> pygame.Rect:
        """The potion's name under the card in ``slot``."""
        card = self.card(slot)
        return pygame.Rect(card.x - 2, card.bottom + 2, card.width + 4, kit.px(CAPTION_H))

    def column_x(self) -> int:
        return self.card(1).right + 16

    def pool_zone(self) -> pygame.Rect:
        """The pool: its label (:meth:`zone_label`) over a row of ``POOL_SIZE`` marbles."""
        x = self.column_x()
        height = kit.px(LABEL_H) + self.md + 8
        return pygame.Rect(x - 6, self.card(0).y, self.desk.right - 8 - (x - 6), height)

    def zone_label(self, zone: pygame.Rect) -> pygame.Rect:
        """The label row at the top of the pool's or the hand's ``zone``, above its marbles."""
        return pygame.Rect(zone.x + 6, zone.y + 1, zone.width - 12, kit.px(LABEL_H))

    def pool_point(self, index: int) -> tuple:
        zone = self.pool_zone()
        top = self.zone_label(zone).bottom + 1
        return (zone.x + 10 + self.md / 2 + index * (self.md + 8), top + self.md / 2)

    def hand_zone(self) -> pygame.Rect:
        top = self.pool_zone().bottom + 6
        x = self.column_x()
        return pygame.Rect(x - 6, top, self.desk.right - 8 - (x - 6), self.caption(0).bottom - top)

    def hand_group(self, colour_index: int) -> pygame.Rect:
        """The hand's place for colour ``colour_index`` (a 2 × 2 grid)."""
        zone = self.hand_zone()
        gw = (zone.width - 10) // 2
        top = self.zone_label(zone).bottom
        gh = min(self.md + 4, (zone.bottom - 4 - top) // 2)
        col, row = colour_index % 2, colour_index // 2
        return pygame.Rect(zone.x + 4 + col * (gw + 2), top + row * (gh + 2), gw, gh)

    def completed_row(self) -> pygame.Rect:
        top = self.caption(0).bottom + 6
        # inset past the glow of a drinkable potion: the last one touched the desk's frame
        return pygame.Rect(self.desk.x + 14, top, self.desk.width - 28, self.comp_h)

    def completed_rect(self, index: int, count: int) -> pygame.Rect:
        """Completed potion ``index`` of ``count`` on the big desk: one row, never overlapping
        (the tiles shrink when many), :meth:`completed_gap` apart."""
        return tile_row(self.completed_row(), index, count, gap=self.completed_gap(count))

    def completed_gap(self, count: int) -> int:
        """Pixels between ``count`` completed potions: 6, or up to 18 while the row has room, so
        a drinkable one's "Drink" label may be wider than its small tile ("Выпить" did not fit
        a 32-pixel tile at 1024 × 640)."""
        row = self.completed_row()
        tile = int(row.height * 0.74)
        spare = (row.width - count * tile) // max(1, count - 1)  # one tile: room beside it
        return max(6, min(18, spare))

    # --- any seat --------------------------------------------------------------------------------
    def is_big(self, seat: int) -> bool:
        return seat == self.viewer

    def slot_rect(self, seat: int, slot: int) -> pygame.Rect:
        return self.card(slot) if self.is_big(seat) else self.mini_card(seat, slot)

    def seat_pool_point(self, seat: int, index: int) -> tuple:
        if self.is_big(seat):
            return self.pool_point(index)
        return self.mini_pool_point(seat, index)

    def seat_marble_size(self, seat: int) -> int:
        return self.md if self.is_big(seat) else self.ms

    def hand_point(self, seat: int, colour: str) -> tuple:
        """Where a marble of ``colour`` lands in ``seat``'s hand."""
        if self.is_big(seat):
            group = self.hand_group(COLOURS.index(colour))
            return (group.x + self.md / 2 + 4, group.centery)
        strip = self.last_turn_strip(seat)
        return (strip.x + self.ms, strip.centery)

    def seat_completed(self, seat: int, index: int, count: int) -> pygame.Rect:
        if self.is_big(seat):
            return self.completed_rect(index, count)
        return self.mini_completed(seat, index, count) or self.mini_completed_area(seat)

    def token_point(self, seat: int) -> tuple:
        """Where a seat's skill and Little Help tokens are shown (its header's right part)."""
        if self.is_big(seat):
            header = self.header()
        else:
            header = self.mini_header(seat)
        return (header.right - 80, header.centery)

    # --- compact desks -------------------------------------------------------------------------
    def mini_header(self, seat: int) -> pygame.Rect:
        box = self.boxes[seat]
        return pygame.Rect(box.x + 6, box.y + 2, box.width - 12, kit.px(MINI_HEADER_H))

    def chip(self, seat: int, slot: int) -> pygame.Rect:
        """A compact desk's brewing potion ``slot``: a chip with its holes in a row."""
        box = self.boxes[seat]
        width = min(box.width - 12 - 8 - self.right_w, self.chip_h * 9 + 110)
        top = self.mini_header(seat).bottom + 2 + slot * (self.chip_h + 4)
        return pygame.Rect(box.x + 6, top, width, self.chip_h)

    mini_card = chip

    def mini_pool(self, seat: int) -> pygame.Rect:
        chip = self.chip(seat, 0)
        return pygame.Rect(chip.right + 8, chip.y, self.right_w, chip.height)

    def mini_pool_point(self, seat: int, index: int) -> tuple:
        pool = self.mini_pool(seat)
        return (pool.x + 4 + self.ms / 2 + index * (self.ms + 3), pool.centery)

    def mini_completed_area(self, seat: int) -> pygame.Rect:
        chip = self.chip(seat, 1)
        return pygame.Rect(chip.right + 8, chip.y, self.right_w, chip.height)

    def mini_completed(self, seat: int, index: int, count: int) -> pygame.Rect | None:
        """A compact desk's completed potion ``index`` of ``count``: small tiles in rows that
        shrink to fit, never overlapping; None when they would be too small to see (the desk
        then shows how many)."""
        return _tile_grid(self.mini_completed_area(seat), index, count)

    def last_turn_strip(self, seat: int) -> pygame.Rect:
        """Along the bottom of a compact desk: what the seat took in its last turn."""
        box = self.boxes[seat]
        top = self.chip(seat, 1).bottom + 3
        # 18 px: its marbles (14 px) and words stay readable at 1024x640
        return pygame.Rect(box.x + 8, top, box.width - 16, min(18, box.bottom - 2 - top))

    # --- the stacks ----------------------------------------------------------------------------
    @staticmethod
    def stacks_label_height() -> int:
        """The stacks panel's title row: its 13 px bold font's height in the language in use
        (Japanese glyphs stand taller than LABEL_H), at least LABEL_H."""
        return max(kit.px(LABEL_H), kit.font(13, True).get_height())

    def stacks_label(self) -> pygame.Rect:
        x = self.stacks.x + 10
        return pygame.Rect(x, self.stacks.y + 3, self.pile.x - 8 - x, self.stacks_label_height())

    def stack_card(self, index: int) -> pygame.Rect:
        top = self.stacks_label().bottom + 3
        return pygame.Rect(self.stacks.x + 10 + index * (self.sw + 8), top, self.sw, self.sh)

    def pile_lines(self) -> list:
        """The pile's three text rects: its title, the countdown stack, the supply."""
        x = self.pile.x + kit.px(30)
        line = kit.px(LABEL_H)
        top = self.pile.y + max(0, (self.pile.height - 3 * line) // 2)
        return [pygame.Rect(x, top + i * line, self.pile.right - x, line) for i in range(3)]

    def pile_icon(self) -> pygame.Rect:
        size = kit.px(24)
        return pygame.Rect(self.pile.x + 2, self.pile.centery - size // 2, size, size)

    # --- setup --------------------------------------------------------------------------------
    def offer_cards(self, count: int) -> list:
        """Rects of ``count`` cards laid out over the dispenser (the draft or the type
        choice), each with room for its name under it."""
        if count <= 0:
            return []
        area = self.disp.inflate(-24, -24)
        title, gap, label = kit.px(40), kit.px(24), kit.px(18)  # a name row grows with its font
        area.y += title
        area.height -= title
        best: tuple[float, int, int] | None = None
        for cols in (2, 3, 4):
            rows = math.ceil(count / cols)
            w = (area.width - (cols - 1) * 10) / cols
            h = (area.height - (rows - 1) * gap) / rows - label
            w = min(w, h * 0.74)
            if best is None or w > best[0]:
                best = (w, cols, rows)
        assert best is not None  # three layouts were tried
        w, cols, _rows = best
        w = int(min(w, kit.px(120)))
        h = int(w / 0.74)
        total_w = cols * w + (cols - 1) * 10
        x0 = area.x + (area.width - total_w) // 2
        out = []
        for i in range(count):
            row, col = divmod(i, cols)
            out.append(pygame.Rect(x0 + col * (w + 10), area.y + row * (h + gap), w, h))
        return out

    def banner_rect(self) -> pygame.Rect:
        """Where banners show: across the middle of the dispenser and the stacks."""
        return pygame.Rect(
            self.board.x, self.disp.y + int(self.disp.height * 0.42) - 30, self.board.width, 60
        )

    # --- checks ------------------------------------------------------------------------------
    def labelled_rects(self, completed: int = 12) -> dict:
        """``{label: rect}`` of everything that shows text or can be clicked, each player
        having ``completed`` completed potions; none of them may overlap another."""
        out = {"tank": self.tank, "tracks": self.tracks_rect(), "stacks.label": self.stacks_label()}
        for index in range(NUM_STACKS):
            out[f"stack.{index}"] = self.stack_card(index)
        out["pile.icon"] = self.pile_icon()
        for index, rect in enumerate(self.pile_lines()):
            out[f"pile.line.{index}"] = rect
        out.update(
            {
                f"desk.{name}": rect
                for name, rect in self.header_parts(self.header(), HEADER_FONT).items()
            }
        )
        for slot in range(2):
            out[f"desk.card.{slot}"] = self.card(slot)
            out[f"desk.caption.{slot}"] = self.caption(slot)
        out["desk.pool"] = self.pool_zone()
        out["desk.hand"] = self.hand_zone()
        for index in range(completed):
            out[f"desk.completed.{index}"] = self.completed_rect(index, completed)
        for seat in self.others:
            out.update(
                {
                    f"seat{seat}.{name}": rect
                    for name, rect in self.header_parts(self.mini_header(seat), MINI_FONT).items()
                }
            )
            for slot in range(2):
                out[f"seat{seat}.chip.{slot}"] = self.chip(seat, slot)
            out[f"seat{seat}.pool"] = self.mini_pool(seat)
            out[f"seat{seat}.last"] = self.last_turn_strip(seat)
            if self.mini_completed(seat, 0, completed) is None:
                out[f"seat{seat}.completed"] = self.mini_completed_area(seat)
            for index in range(completed):
                tile = self.mini_completed(seat, index, completed)
                if tile is not None:
                    out[f"seat{seat}.completed.{index}"] = tile
        return out

    def header_parts(self, header: pygame.Rect, size: int) -> dict:
        """A desk header's parts: ``name`` (left, what is left over), ``tokens``, ``score``
        (right), sized for the widest score and two token counts."""
        score_w = kit.text_size(worst_score(), size, True)[0] + 2
        tokens_w = WORST_TOKENS * (size + 4 + kit.text_size("×9", size - 2, True)[0] + 8)
        score = pygame.Rect(header.right - score_w, header.y, score_w, header.height)
        tokens = pygame.Rect(score.x - 8 - tokens_w, header.y, tokens_w, header.height)
        name = pygame.Rect(header.x + 16, header.y, tokens.x - 6 - (header.x + 16), header.height)
        return {"name": name, "tokens": tokens, "score": score}


def tile_row(area: pygame.Rect, index: int, count: int, gap: int) -> pygame.Rect:
    """Tile ``index`` of ``count`` in one row of ``area``: full height while they fit, else
    narrower (and shorter) tiles, never overlapping."""
    h = area.height
    w = int(h * 0.74)
    if count * w + (count - 1) * gap > area.width:
        w = int((area.width - (count - 1) * gap) / count)
        h = min(area.height, int(w / 0.74))
    return pygame.Rect(area.x + index * (w + gap), area.bottom - h, w, h)


def _tile_grid(area: pygame.Rect, index: int, count: int, gap: int = 3) -> pygame.Rect | None:
    """Tile ``index`` of ``count`` in rows filling ``area``: the largest tile size at which
    all fit, never overlapping; None when that is under 6 pixels wide."""
    best: tuple[float, int] | None = None
    for rows in range(1, max(1, count) + 1):
        per_row = math.ceil(count / rows)
        w = (area.width - (per_row - 1) * gap) / per_row
        h = (area.height - (rows - 1) * gap) / rows
        w = min(w, h * 0.74)
        if best is None or w > best[0]:
            best = (w, per_row)
    assert best is not None  # one row at least was tried
    w, per_row = best
    if w < 6:
        return None
    w = int(w)
    h = int(w / 0.74)
    row, col = divmod(index, per_row)
    return pygame.Rect(area.x + col * (w + gap), area.y + row * (h + gap), w, h)
