"""Where everything sits on the Diced Tomatoes table: pure geometry, no drawing, no state.

A :class:`Layout` is built from the window size, the number of seats, how many dice the tray
must hold, the karma track's length (7 cells, 13 with the 2023 update), whether karma bits show
(Karma Overload) and the variant badges' labels. The board, top to bottom:

* the info line: a note on the left (the solo goal, the final round), the variant badges on
  the right;
* one area per seat, in seat order, in the grid that gives the biggest dice with no empty
  cell to spare (3 players sit side by side): a header bar (seat colour, name, the last-player
  marker, the running score), the 3 tomato tokens stacked top to bottom, each with its vine,
  the 6 score slots and the karma track (beside the vines in a wide area, under them in a
  narrow one; the slots beside and the track under both where the width holds the dice back,
  as 4 players' 2 × 2 areas: no empty band above and below them);
* the strip: the tray with the dice in hand and the dice passed on (or set aside, solo), and
  the bushel.

:meth:`Layout.labelled_rects` names every rect that shows text or can be clicked; the tests check
that no two of them overlap and that all lie on the board, at every window size and seat count.
"""

from __future__ import annotations

import math

import pygame

from scenes import kit
from translation import _, ngettext

NAME_FONT = 16
"""Largest font size of a seat's name in its header (it shrinks to fit, down to 11)."""
SCORE_FONT = 15
"""Font size of the running score in a header."""
WORST_SCORE = 88
"""The widest running score a header leaves room for (6 Dicey matches at 7, +2: 44; two
digits either way): measured as :func:`.draw.score_words` writes it."""
TRAY_FONT = 15
"""Font size of the tray's and the bushel's titles."""
COUNTS_SIZE = 13
"""Font size of the bushel's counts line (pixels at 100 %)."""
INFO_FONT = 13
"""Font size of the info line and the badges."""
INFO_H = 22
NOTE_MIN = 160
"""The info line keeps this much room for its note (the badges shrink, then cut, to leave it)."""
TOKENS = 3
SLOTS = 6
MIN_DIE = 20
MIN_CELL = 14
BITS_W = 34
"""The narrowest karma cell: its number (up to 12) still reads at 9 pixels."""
AREA_GAP = 8


def worst_score_words() -> str:
    """The header's running score at its widest (:data:`WORST_SCORE` points), translated."""
    return ngettext("{count} pt", "{count} pts", WORST_SCORE).format(count=WORST_SCORE)


def clamp(value, low, high):
    """``value`` kept within ``low`` to ``high``."""
    return max(low, min(high, value))


class Metrics:
    """The sizes inside a seat's area for vine dice of ``d`` pixels: header height, gaps, the
    tomato token, score slots (``s``), karma cells (``kc``, ``per_row`` a row) and the widths
    and heights of the blocks, for the ``arrangement`` ``"side"`` (score slots 3 × 2 and karma
    beside the vines), ``"across"`` (slots 3 × 2 beside the vines, karma under both, across
    the area: a wide area not quite tall enough for "below"), ``"below"`` (6 slots in a row
    under them) or ``"tall"`` (slots 3 × 2 as big as the vine dice, under them: a narrow,
    tall area). The karma track keeps one row while its cells stay at least
    :data:`MIN_CELL` pixels wide (their numbers stay readable), else wraps at 7."""

    def __init__(self, d: int, arrangement: str, cells: int, room: int = 10_000):
        self.d = d
        self.arrangement = arrangement
        self.pad = 6
        self.head = int(clamp(round(d * 0.45), 22, 26))
        self.vgap = max(4, d // 8)
        self.tok = int(round(d * 0.78))
        self.step = d + 3
        self.vine_w = self.tok + 6 + 4 * self.step - 3
        self.s = d if arrangement == "tall" else int(clamp(round(d * 0.72), 22, 42))
        kc = int(clamp(round(d * 0.42), 16, 22))
        slots_w = 6 * (self.s + 4) - 4 if arrangement == "below" else 3 * (self.s + 4) - 4
        if arrangement == "side":
            block_w = max(slots_w, 7 * (kc + 2) - 2)
        elif arrangement == "across":  # the karma track runs under the vines and the slots
            block_w = self.vine_w + 14 + slots_w
        else:
            block_w = max(self.vine_w, slots_w)
        # the karma track may be as wide as the area's room (``room``: its content width)
        track_room = max(block_w, room - (self.vine_w + 14 if arrangement == "side" else 0))
        self.cells = cells
        if cells * (kc + 2) - 2 <= block_w:
            self.kc, self.per_row = kc, cells
        elif cells * (MIN_CELL + 2) - 2 <= track_room:
            self.kc = min(kc, (track_room + 2) // cells - 2)
            self.per_row = cells
        else:
            self.kc, self.per_row = kc, 7
        self.karma_rows = math.ceil(cells / self.per_row)
        self.karma_w = self.per_row * (self.kc + 2) - 2
        self.karma_h = self.karma_rows * (self.kc + 2) - 2
        vines_h = TOKENS * (d + self.vgap) - self.vgap
        if arrangement == "below":
            self.content_w = max(block_w, self.karma_w)
            body = vines_h + 8 + self.s + 8 + self.karma_h
        elif arrangement == "tall":
            self.content_w = max(block_w, self.karma_w)
            body = vines_h + 8 + 2 * (self.s + 4) - 4 + 8 + self.karma_h
        elif arrangement == "across":
            self.content_w = max(block_w, self.karma_w)
            body = max(vines_h, 2 * (self.s + 4) - 4) + 8 + self.karma_h
        else:
            self.right_w = max(block_w, self.karma_w)
            self.content_w = self.vine_w + 14 + self.right_w
            body = max(vines_h, 2 * (self.s + 4) - 4 + 8 + self.karma_h)
        self.width = self.content_w + 2 * self.pad
        self.height = self.head + 8 + body + self.pad


def hand_place(hand, slot: int) -> int:
    """Where hand slot ``slot``'s die lies in the tray, counted from the left: the dice in
    ``hand`` (the engine's slots, ``None`` where a die was placed or passed) lie together.
    The slots stay the engine's (actions name them); only the tray packs them, where a placed
    die had left a gap (a play-test)."""
    return sum(1 for die in hand[:slot] if die is not None)


class Layout:
    """Every named rect and point of the table for a window of ``size`` (w, h) pixels and
    ``players`` seats (1–6). ``hand_slots``: dice the tray must hold (3, more with passed
    dice); ``karma_cap``: the karma track's top value (6, or 12 with the 2023 update);
    ``bits``: karma bits show (Karma Overload); ``badges``: the labels of the variant badges.
    ``log_width`` is the right column's width (buttons and log), which the board leaves
    free."""

    def __init__(
        self,
        size,
        players: int,
        hand_slots: int = 3,
        karma_cap: int = 6,
        bits: bool = False,
        badges: tuple = (),
        log_width: int = 300,
    ):
        width, height = size
        self.size = (width, height)
        self.players = players
        self.hand_slots = max(3, hand_slots)
        self.cap = karma_cap
        self.bits = bits
        self.badge_labels = tuple(badges)
        board = pygame.Rect(0, 44, width - log_width - 16, height - 44)
        self.board = board
        self.info = pygame.Rect(board.x + 8, board.y + 4, board.width - 16, INFO_H)
        strip_h = int(clamp(board.height * 0.19, 100, 140))
        self.strip = pygame.Rect(board.x + 8, board.bottom - 6 - strip_h, board.width - 16, strip_h)
        top = self.info.bottom + 6
        self.region = pygame.Rect(board.x + 8, top, board.width - 16, self.strip.y - 8 - top)
        self._areas()
        self._strip()
        self._badges()

    # --- building ------------------------------------------------------------------------------
    def _areas(self) -> None:
        n = self.players
        region = self.region
        cells = self.cap + 1
        cap = 72 if n <= 2 else 64  # solo-sized dice for two; more stop at the tray's largest
        best: tuple[float, int, int, Metrics, float, float] | None = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            if cols * rows - n >= cols:  # a whole empty row
                continue
            cell_w = (region.width - (cols - 1) * AREA_GAP) / cols
            cell_h = (region.height - (rows - 1) * AREA_GAP) / rows
            for arrangement in ("side", "below", "tall", "across"):
                d = cap
                room = int(cell_w) - 12
                while d > MIN_DIE:
                    m = Metrics(d, arrangement, cells, room)
                    if m.width <= cell_w and m.height <= cell_h:
                        break
                    d -= 1
                m = Metrics(d, arrangement, cells, room)
                empty = cols * rows - n
                # the biggest dice with no empty cell; then the area that fills its cell most
                score = d - 8 * empty + 2 * min(1.0, m.height / cell_h)
                if best is None or score > best[0]:
                    best = (score, cols, rows, m, cell_w, cell_h)
        assert best is not None  # every area in one row is never skipped
        _score, cols, rows, m, cell_w, cell_h = best
        self.cols, self.rows, self.m = cols, rows, m
        self.d = m.d
        # areas as wide as their cell (up to a comfortable width), as tall as their content
        area_w = int(min(cell_w, max(m.width, min(cell_w, m.width * 1.25))))
        area_h = int(min(cell_h, m.height))
        total_w = cols * area_w + (cols - 1) * AREA_GAP
        total_h = rows * area_h + (rows - 1) * AREA_GAP
        x0 = region.x + (region.width - total_w) // 2
        y0 = region.y + max(0, (region.height - total_h) // 2)
        self.areas = []
        for seat in range(n):
            row, col = divmod(seat, cols)
            in_row = min(cols, n - row * cols)
            shift = (cols - in_row) * (area_w + AREA_GAP) // 2  # a short last row is centred
            self.areas.append(
                pygame.Rect(
                    x0 + shift + col * (area_w + AREA_GAP),
                    y0 + row * (area_h + AREA_GAP),
                    area_w,
                    area_h,
                )
            )

    def _strip(self) -> None:
        strip = self.strip
        bushel_w = int(clamp(strip.width * 0.3, 170, 260))
        self.tray = pygame.Rect(strip.x, strip.y, strip.width - bushel_w - 10, strip.height)
        self.bushel = pygame.Rect(self.tray.right + 10, strip.y, bushel_w, strip.height)
        die = int(min(64, strip.height - 44))
        self.passed_die = max(18, int(die * 0.5))
        label_w = kit.text_size(_("Set aside for next turn"), 12, True)[0] + 4
        self.passed_zone = pygame.Rect(
            0, self.tray.y + 8, max(label_w, 3 * (self.passed_die + 4)), self.tray.height - 16
        )
        self.passed_zone.right = self.tray.right - 10
        room = self.passed_zone.x - 12 - (self.tray.x + 14)
        step = min(die + 16, room // self.hand_slots)
        self.die_big = int(min(die, step - 6))
        self.tray_step = step

    def _badges(self) -> None:
        """The badges' font size (``badge_size``) and words (``badge_texts``): as big as
        :data:`INFO_FONT` while they leave the note :data:`NOTE_MIN` pixels, smaller down to
        10, then each cut to an equal share."""
        labels = self.badge_labels
        room = self.info.width - NOTE_MIN - 6 * max(0, len(labels) - 1)
        for size in range(INFO_FONT, 9, -1):
            widths = [kit.text_size(label, size, True)[0] + 16 for label in labels]
            if sum(widths) <= room:
                break
        else:
            share = room // max(1, len(labels))
            widths = [min(width, share) for width in widths]
        self.badge_size = size
        self.badge_texts = tuple(
            kit.ellipsize(label, width - 16, size=size, bold=True)
            for label, width in zip(labels, widths, strict=True)
        )
        self._badge_widths = widths

    # --- the info line -------------------------------------------------------------------------
    def badge_rects(self) -> list:
        """The variant badges, right-aligned on the info line, in the order of ``badges``."""
        out = []
        x = self.info.right
        for width in reversed(self._badge_widths):
            x -= width
            out.append(pygame.Rect(x, self.info.y + 1, width, self.info.height - 2))
            x -= 6
        return out[::-1]

    def note_rect(self) -> pygame.Rect:
        """The info line's left part (the solo goal, the final round): what the badges leave."""
        badges = self.badge_rects()
        right = (badges[0].x - 10) if badges else self.info.right
        return pygame.Rect(self.info.x, self.info.y, max(10, right - self.info.x), self.info.height)

    # --- a seat's area -------------------------------------------------------------------------
    def header(self, seat: int) -> pygame.Rect:
        """The area's header bar (drawn over flying dice, so they never hide a title)."""
        area = self.areas[seat]
        return pygame.Rect(area.x + 2, area.y + 2, area.width - 4, self.m.head)

    def header_parts(self, seat: int) -> dict:
        """``dot`` (seat colour), ``name``, ``marker`` (the last-player splatter) and ``score``
        (the running score), left to right in the header."""
        head = self.header(seat)
        score_w = kit.text_size(worst_score_words(), SCORE_FONT, True)[0] + 4
        score = pygame.Rect(head.right - 6 - score_w, head.y, score_w, head.height)
        right = score.x - 4
        parts = {"score": score}
        if self.bits:
            parts["bits"] = pygame.Rect(right - BITS_W, head.y, BITS_W, head.height)
            right -= BITS_W + 4
        parts["marker"] = pygame.Rect(right - head.height, head.y, head.height, head.height)
        parts["dot"] = pygame.Rect(head.x + 6, head.y, 12, head.height)
        parts["name"] = pygame.Rect(
            head.x + 24, head.y, parts["marker"].x - 4 - (head.x + 24), head.height
        )
        return parts

    def bit_point(self, seat: int, index: int) -> tuple:
        """Centre of karma bit ``index`` (0–2) in the header (Karma Overload)."""
        rect = self.header_parts(seat)["bits"]
        return (rect.x + 6 + index * 12, rect.centery)

    def vines_top(self, seat: int) -> int:
        return self.areas[seat].y + self.m.head + 8

    def vine_row(self, seat: int, token: int) -> pygame.Rect:
        """The token and its vine (the click target for placing a die there)."""
        m = self.m
        area = self.areas[seat]
        y = self.vines_top(seat) + token * (m.d + m.vgap)
        return pygame.Rect(area.x + m.pad, y, m.vine_w, m.d)

    def token_rect(self, seat: int, token: int) -> pygame.Rect:
        """The tomato token at the start of the vine row (it shows the vine's value)."""
        row = self.vine_row(seat, token)
        tok = self.m.tok
        return pygame.Rect(row.x, row.centery - tok // 2, tok, tok)

    def die_rect(self, seat: int, token: int, index: int) -> pygame.Rect:
        """Place ``index`` (0–3, left to right) of a vine drawn in a row (a sequence in order
        of value)."""
        row = self.vine_row(seat, token)
        return pygame.Rect(row.x + self.m.tok + 6 + index * self.m.step, row.y, self.m.d, self.m.d)

    def stack_point(self, seat: int, token: int, height: int) -> tuple:
        """Centre of the ``height``-th die (0 = the seed, at the bottom) of a set drawn as a
        stack: each die a little right of and above the one under it."""
        first = self.die_rect(seat, token, 0)
        rise = max(1, (self.m.vgap - 1) // 3)  # the pile stays inside the gap between vines
        return (first.centerx + height * self.m.d * 0.32, first.centery - height * rise)

    def _right_x(self, seat: int) -> int:
        return self.vine_row(seat, 0).right + 14

    def slot_rect(self, seat: int, slot: int) -> pygame.Rect:
        """Score slot ``slot`` (0-based): 6 in a row under the vines, or 3 × 2 under or
        beside them (``"side"``, ``"across"``)."""
        m = self.m
        area = self.areas[seat]
        if m.arrangement == "below":
            y = self.vine_row(seat, TOKENS - 1).bottom + 8
            return pygame.Rect(area.x + m.pad + slot * (m.s + 4), y, m.s, m.s)
        col, row = slot % 3, slot // 3
        if m.arrangement == "tall":  # centred under the vines
            y = self.vine_row(seat, TOKENS - 1).bottom + 8
            x = area.centerx - (3 * (m.s + 4) - 4) // 2
            return pygame.Rect(x + col * (m.s + 4), y + row * (m.s + 4), m.s, m.s)
        return pygame.Rect(
            self._right_x(seat) + col * (m.s + 4), self.vines_top(seat) + row * (m.s + 4), m.s, m.s
        )

    def karma_top(self, seat: int) -> int:
        if self.m.arrangement == "across":  # under the vines and the slots
            return (
                max(self.vine_row(seat, TOKENS - 1).bottom, self.slot_rect(seat, SLOTS - 1).bottom)
                + 8
            )
        return self.slot_rect(seat, SLOTS - 1).bottom + 8

    def karma_left(self, seat: int) -> int:
        if self.m.arrangement == "tall":  # centred under the score slots
            return self.areas[seat].centerx - self.m.karma_w // 2
        if self.m.arrangement in ("below", "across"):
            return self.areas[seat].x + self.m.pad
        return self._right_x(seat)

    def karma_cell(self, seat: int, value: int) -> pygame.Rect:
        """The karma track's cell for ``value`` (0 to the cap), ``per_row`` cells a row; the
        current value's cell shows the heart with the number on it."""
        m = self.m
        row, col = divmod(value, m.per_row)
        x = self.karma_left(seat) + col * (m.kc + 2)
        return pygame.Rect(x, self.karma_top(seat) + row * (m.kc + 2), m.kc, m.kc)

    def karma_track(self, seat: int) -> pygame.Rect:
        """Every cell of the karma track."""
        rect = self.karma_cell(seat, 0)
        for value in range(self.cap + 1):
            rect = rect.union(self.karma_cell(seat, value))
        return rect

    # --- the strip -----------------------------------------------------------------------------
    def tray_title(self) -> pygame.Rect:
        return pygame.Rect(
            self.tray.x + 12, self.tray.y + 6, self.passed_zone.x - 12 - (self.tray.x + 12), 20
        )

    def dice_zone(self) -> pygame.Rect:
        """The tray's floor under its title, where the dice roll and wait (never over it)."""
        top = self.tray_title().bottom + 4
        return pygame.Rect(
            self.tray.x + 8,
            top,
            self.passed_zone.x - 8 - (self.tray.x + 8),
            self.tray.bottom - 6 - top,
        )

    def hand_die(self, place: int) -> pygame.Rect:
        """The tray's ``place``-th die from the left (:func:`hand_place` gives a hand slot's)."""
        zone = self.dice_zone()
        size = self.die_big
        return pygame.Rect(
            zone.x + 6 + place * self.tray_step + (self.tray_step - 6 - size) // 2,
            zone.centery - size // 2,
            size,
            size,
        )

    def hand_die_of(self, hand, slot: int) -> pygame.Rect:
        """Where hand slot ``slot``'s die lies in the tray while the hand is ``hand``."""
        return self.hand_die(hand_place(hand, slot))

    def passed_label(self) -> pygame.Rect:
        zone = self.passed_zone
        return pygame.Rect(zone.x, zone.y, zone.width, 16)

    def passed_point(self, index: int, count: int) -> tuple:
        """Centre of passed die ``index`` of ``count`` in the passed zone (rows of 3, closer
        together when there are many)."""
        zone = self.passed_zone
        size = self.passed_die
        per_row = 3 if count <= 6 else math.ceil(count / 2)
        step = min(size + 4, (zone.width - size) / max(1, per_row - 1)) if per_row > 1 else 0
        row, col = divmod(index, per_row)
        top = self.passed_label().bottom + 4
        return (zone.x + size / 2 + col * step, top + size / 2 + row * (size + 3))

    def bushel_title(self) -> pygame.Rect:
        return pygame.Rect(self.bushel.x + 10, self.bushel.y + 6, self.bushel.width - 20, 20)

    def bushel_counts(self) -> pygame.Rect:
        """The counts' line at the bushel's foot, as tall as its 13 px font at the UI scale
        (a fixed 18 px let the line touch the panel's edge at 150 %)."""
        height = max(18, kit.font(COUNTS_SIZE).get_height())
        return pygame.Rect(
            self.bushel.x + 8, self.bushel.bottom - height - 5, self.bushel.width - 16, height
        )

    def basket(self) -> pygame.Rect:
        top = self.bushel_title().bottom + 4
        bottom = self.bushel_counts().y - 4
        rect = pygame.Rect(0, 0, min(self.bushel.width - 30, 170), max(20, bottom - top))
        rect.center = (self.bushel.centerx, (top + bottom) // 2)
        return rect

    def bushel_centre(self) -> tuple:
        return self.basket().center

    # --- banners -------------------------------------------------------------------------------
    def banner_rect(self) -> pygame.Rect:
        """Across the middle of the first row of areas, under its headers (the headers are drawn
        over flying dice; a banner never meets one)."""
        area = self.areas[0]
        centre = area.y + self.m.head + (area.height - self.m.head) // 2
        return pygame.Rect(self.region.x, centre - 28, self.region.width, 56)

    # --- checks --------------------------------------------------------------------------------
    def labelled_rects(self, passed: int = 3) -> dict:
        """``{label: rect}`` of everything that shows text or can be clicked (with ``passed``
        dice in the passed zone); none of them may overlap another."""
        out = {"info.note": self.note_rect()}
        for index, rect in enumerate(self.badge_rects()):
            out[f"badge.{index}"] = rect
        for seat in range(self.players):
            for name, rect in self.header_parts(seat).items():
                out[f"seat{seat}.{name}"] = rect
            for token in range(TOKENS):
                out[f"seat{seat}.vine.{token}"] = self.vine_row(seat, token)
            for slot in range(SLOTS):
                out[f"seat{seat}.slot.{slot}"] = self.slot_rect(seat, slot)
            out[f"seat{seat}.karma"] = self.karma_track(seat)
        out["tray.title"] = self.tray_title()
        for slot in range(self.hand_slots):
            out[f"tray.die.{slot}"] = self.hand_die(slot)
        out["passed.label"] = self.passed_label()
        for index in range(passed):
            x, y = self.passed_point(index, passed)
            size = self.passed_die
            out[f"passed.{index}"] = pygame.Rect(int(x - size / 2), int(y - size / 2), size, size)
        out["bushel.title"] = self.bushel_title()
        out["bushel.basket"] = self.basket()
        out["bushel.counts"] = self.bushel_counts()
        return out

    def area_of(self, name: str) -> pygame.Rect | None:
        """The panel a labelled rect belongs to (for the tests: it must lie inside it)."""
        if name.startswith("seat"):
            return self.areas[int(name[4 : name.index(".")])]
        if name.startswith(("tray.", "passed.")):
            return self.tray
        if name.startswith("bushel."):
            return self.bushel
        return self.info
