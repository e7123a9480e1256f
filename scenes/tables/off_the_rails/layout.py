"""Where everything sits on the Off the Rails table: pure geometry, no drawing, no state.

A :class:`Layout` is built from the window size, the number of seats, whether the game is solo and
how many missions are dealt. The board is the 14×14 frame: the 12×12 underground grid with the
surface strips round it (rows and columns -1 and 12, corners empty). Beside it go the players'
panels, the deposit deck and the missions (the *info*): between the board and the buttons when
the window is wide enough for both (``mode == "side"``), else in the right-hand column under the
action buttons, where the game log gives up the room it needs (``mode == "column"``), so the board
always gets the window's height.

:meth:`Layout.labelled_rects` names every rect that shows text or can be clicked; the tests check
that no two of them overlap and that all lie in the window, at every size and seat count.
"""

from __future__ import annotations

import pygame

from engine.off_the_rails import board as B
from scenes import kit
from translation import _

SIDE_MIN = 240
"""The narrowest side panel (players, deck, missions) beside the board, at 100 % (the info's
sizes below are at 100 % too: the layout grows them with the UI scale, :func:`scenes.kit.px`)."""
TOP = 44
"""The top bar's height: the board starts under it (at every UI scale)."""
ROW_H = 36
ROW_GAP = 6
CONTROL_ROWS = 3
"""The action buttons' rows under the top buttons (as :class:`scenes.table.chrome.Column` lays
them out: from ``controls_top``, under the top buttons, each row's height plus 6); a replay has
none."""
PLAYER_H = 42
PLAYER_GAP = 4
DECK_H = 52
MISSION_ROW = 20
MISSION_TITLE = 20
SOLO_HEAD = 46
SOLO_GRID = 136
PANEL_GAP = 6
NAME_FONT = 14
SCORE_FONT = 14
COUNT_FONT = 12
DECK_FONT = 12
MISSION_FONT = 12
TAG_FONT = 13
TAG_GEM = 14
TAG_MARKER = 9
"""The cart's marker (white or black) on a tag when two carts' paths show."""
"""A tag's text size and the size of the jewels it pictures (the words on a cart's path)."""
STOCK_GEM = 13
"""A gem in a player panel's stockpile; its count starts :data:`STOCK_COUNT_X` after it."""
STOCK_COUNT_X = 15
SUPPLY_CART = 18
"""A cart in a player panel's supply row (20 in the solo panel), 2 pixels apart."""
SOLO_CART = 20
WORST_POINTS = 188
"""More points than a player scores: the score's room is measured with it."""


def score_text(points: int) -> str:
    """A player panel's score ("12 pts")."""
    return _("{points} pts").format(points=points)


def tag_size(words: str, gems: tuple = (), small: bool = False, marker: bool = False) -> tuple:
    """``(w, h)`` of a tag's plate with ``words`` and ``gems`` pictured after them, and the
    cart's marker before them when ``marker`` (growing with the UI scale, as its text does)."""
    width = kit.font(TAG_FONT - (1 if small else 0), True).size(words)[0] + 10
    if marker:
        width += kit.px(TAG_MARKER) + 4
    if gems:
        width += len(gems) * (kit.px(TAG_GEM) + 2) + 2
    return (width, kit.px(16 if small else 18))


def prompt_label_span(button: pygame.Rect, keyed: bool) -> pygame.Rect:
    """Where an answer's words go on its ``button``: off its ends, and off its key (1–9, at
    the top right) when it has one."""
    if not keyed:
        return button.inflate(-16, 0)
    return pygame.Rect(button.x + 6, button.y, button.width - 22, button.height)


def widest_deck_lines() -> tuple:
    """The widest lines the deck panel shows (its room is measured with them)."""
    return (
        _("Deposit deck: {count}").format(count=25),
        _("Chasm card: not yet"),
        _("Turns till chasm: {count}").format(count=4),
    )


def _overlap(first: pygame.Rect, second: pygame.Rect) -> int:
    """The area two rects share, in square pixels."""
    clipped = first.clip(second)
    return clipped.width * clipped.height


PROMPT_MARGIN = 3
"""How far a question's drawn panel reaches beyond its rect, all round (:meth:`Layout.
prompt_rect`)."""
MINE_NUMBER_OFFSET = (3, 1)
"""Where a mine square's number is drawn, in pixels from the square's top left corner."""


class Layout:
    """Every named rect of the table for a window of ``size`` (w, h) pixels with ``players``
    seats (1 is solo) and ``missions`` face-up mission cards; ``log_width`` is the right-hand
    column's width (buttons and log), ``control_rows`` how many rows of buttons it starts
    with at ``controls_top`` (none in a replay: the info follows the replay's controls).

    Squares are ``(row, col)`` with rows and columns -1..12 (the surface strips are -1 and 12).
    """

    def __init__(
        self,
        size,
        players: int,
        missions: int = 0,
        log_width: int = 300,
        controls_top: int = 48,
        control_rows: int = CONTROL_ROWS,
    ):
        width, height = size
        self.size = (width, height)
        self.players = players
        self.solo = players == 1
        self.missions = 0 if self.solo else missions
        self.log_width = log_width
        self.board = pygame.Rect(0, TOP, width - log_width - 16, height - TOP)
        board = self.board
        column_x = width - log_width - 8
        self.control_rows = [
            pygame.Rect(
                column_x,
                controls_top + i * (kit.px(ROW_H) + ROW_GAP),
                log_width,
                kit.px(ROW_H),
            )  # the rows grow with the UI scale, as control_row makes them
            for i in range(control_rows)
        ]
        by_height = (board.height - 12) // 14
        beside = (board.width - 26 - kit.px(SIDE_MIN)) // 14
        if beside >= by_height * 0.9:
            self.mode = "side"
            self.cell = max(18, min(by_height, beside))
        else:
            self.mode = "column"
            self.cell = max(18, min(by_height, (board.width - 16) // 14))
        cell = self.cell
        total = 14 * cell
        if self.mode == "side":
            x = board.x + 8
        else:
            x = board.x + (board.width - total) // 2
        self.frame = pygame.Rect(x, board.y + (board.height - total) // 2, total, total)
        self.grid = pygame.Rect(self.frame.x + cell, self.frame.y + cell, 12 * cell, 12 * cell)
        if self.mode == "side":
            left = self.frame.right + 10
            self.info = pygame.Rect(left, board.y + 6, board.right - 8 - left, board.height - 12)
        else:
            top = self.control_rows[-1].bottom + ROW_GAP if self.control_rows else controls_top
            self.info = pygame.Rect(column_x, top, log_width, self.info_height())

    # --- the board ---------------------------------------------------------------------------
    def square(self, square) -> pygame.Rect:
        """The rect of a grid or surface square ``(row, col)``."""
        row, col = square
        return pygame.Rect(
            self.frame.x + (col + 1) * self.cell,
            self.frame.y + (row + 1) * self.cell,
            self.cell,
            self.cell,
        )

    def centre(self, square) -> tuple:
        """The centre of a square; fractional rows and columns give the points in between."""
        row, col = square
        return (self.frame.x + (col + 1.5) * self.cell, self.frame.y + (row + 1.5) * self.cell)

    def anchor_point(self, square) -> tuple:
        """Where a word about ``square`` points: its centre, or for a surface square (an edge's
        strip, where its label is) the middle of its side on the grid's border, where a cart
        crosses it."""
        if B.on_grid(square) or square not in B.SURFACE_EDGE:
            return self.centre(square)
        dr, dc = B.DELTA[B.INWARD[B.SURFACE_EDGE[square]]]
        return self.centre((square[0] + dr / 2, square[1] + dc / 2))

    def square_at(self, pos):
        """The grid or surface square under ``pos`` (the frame's corners are none), or None."""
        if not self.frame.collidepoint(pos):
            return None
        col = (pos[0] - self.frame.x) // self.cell - 1
        row = (pos[1] - self.frame.y) // self.cell - 1
        square = (int(row), int(col))
        return square if B.on_grid(square) or square in B.SURFACE_EDGE else None

    @property
    def gem_size(self) -> int:
        """A gem lying on a square: 16 pixels or more (its picture 12 or more each way)."""
        return max(16, round(self.cell * 0.34))

    @property
    def load_gem_size(self) -> int:
        """A gem in a cart: 12 pixels or more (its picture 12 along its longer side)."""
        return max(12, round(self.cell * 0.26))

    @property
    def leftover_gem_size(self) -> int:
        """A gem left on a square under a cart, at the square's corner."""
        return max(13, round(self.cell * 0.28))

    @property
    def number_size(self) -> int:
        """The font size of a mine square's number (never under 12)."""
        return max(12, round(self.cell * 0.3))

    def mine_numbers(self) -> list:
        """Where the mine squares' numbers are drawn (:data:`MINE_NUMBER_OFFSET` from each
        square's top left): a word on the board keeps off them, as a deposit card names them."""
        width, height = kit.text("8", self.number_size, bold=True).get_size()
        dx, dy = MINE_NUMBER_OFFSET
        return [
            pygame.Rect(rect.x + dx, rect.y + dy, width + 2, height)
            for rect in (self.square(square) for square in B.MINE_SQUARES.values())
        ]

    @property
    def cart_size(self) -> int:
        return max(10, round(self.cell * 0.84))

    def exit_arrow(self, square, side: str) -> pygame.Rect:
        """The arrow beside a cart on ``square`` for leaving by ``side`` (a junction's choice)."""
        dr, dc = B.DELTA[side]
        x, y = self.centre((square[0] + dr * 0.78, square[1] + dc * 0.78))
        size = max(18, int(self.cell * 0.62))
        return pygame.Rect(int(x - size / 2), int(y - size / 2), size, size)

    def tag_rect(self, size, anchor, keep_clear=(), avoid=(), never=(), spare=()) -> pygame.Rect:
        """Where a tag (a word on a plate) of ``size`` (w, h) pixels about square ``anchor``
        goes: inside the grid, so never over the edge labels (A–L, 1–12 in the surface
        strips); off the ``never`` rects (the mine centres, the other tags), then clear of the
        ``keep_clear`` rects (the cart's path, the square it runs off towards) wherever there
        is room, then as little as may be over the ``avoid`` rects (other paths, the carts,
        the deposits' gems, the mine numbers); then as near :meth:`anchor_point` as may be,
        each pixel of width over a ``spare`` rect (the track) counting as a pixel further
        (play-test: a tag three rows down over another cart's track). Near the anchor it is
        tried every quarter square down and up, so it may sit under a mine square's number."""
        area = self.grid.inflate(-4, -4)
        width, height = min(size[0], area.width), min(size[1], area.height)
        point = self.anchor_point(anchor)
        rects = (never, keep_clear, avoid, spare)
        best = self._best_tag(width, height, point, rects, 6, None, 4)
        if best[0][0] or best[0][1]:  # no room near the square: anywhere on the grid
            best = self._best_tag(width, height, point, rects, 26, best, 2)
        return best[1]

    def mine_centres(self) -> list:
        """The mine centres' squares (each mine's emblem): a word on the board keeps off them."""
        return [self.square(square) for square in sorted(B.CENTRE_SQUARES)]

    def _best_tag(self, width, height, anchor, rects, reach: int, best, rows: int) -> tuple:
        """``(score, rect)``: the best of ``best`` and the tags centred within ``reach``
        half-cells of ``anchor`` across, ``reach * rows / 2`` steps of a ``rows``-th of a
        cell up and down (see :meth:`tag_rect`; ``rects``: the never, keep-clear, avoid and
        spare rects)."""
        area = self.grid.inflate(-4, -4)
        cx, cy = anchor
        half, step = self.cell / 2, self.cell / rows
        never, keep_clear, avoid, spare = rects
        for dy in range(-reach * rows // 2, reach * rows // 2 + 1):
            for dx in range(-reach, reach + 1):
                rect = pygame.Rect(0, 0, width, height)
                rect.center = (round(cx + dx * half), round(cy + dy * step))
                rect.clamp_ip(area)
                near_x = min(max(cx, rect.left), rect.right)
                near_y = min(max(cy, rect.top), rect.bottom)
                over_track = sum(_overlap(rect, spare[i]) for i in rect.collidelistall(spare))
                score = (
                    *(
                        sum(_overlap(rect, kind[i]) for i in rect.collidelistall(kind))
                        for kind in (never, keep_clear, avoid)
                    ),
                    round(abs(near_x - cx) + abs(near_y - cy) + over_track / height / 2),
                    abs(rect.centerx - cx) + abs(rect.centery - cy),
                )
                if best is None or score < best[0]:
                    best = (score, rect)
        return best

    def banner_rect(self) -> pygame.Rect:
        """Where banners show: across the middle of the grid."""
        return pygame.Rect(self.grid.x, self.grid.centery - 30, self.grid.width, 60)

    def prompt_rect(self, width: int, height: int, focus, margin: int = 0) -> pygame.Rect:
        """Where a choice panel of ``width`` × ``height`` goes (drawn ``margin`` pixels larger
        all round): over the grid, never over the ``focus`` squares (the carts and squares the
        choice is about) where there is room, then as little as may be over the squares next to
        them; as near the middle of the grid as that allows."""
        width = min(width, self.grid.width - 2 * margin - 8)
        squares = [self.square(sq) for sq in focus]
        near = [rect.inflate(self.cell * 2, self.cell * 2) for rect in squares]
        area = self.grid.inflate(-2 * margin, -2 * margin)
        best = None
        step = max(8, self.cell // 2)
        ys = list(range(area.top, area.bottom - height + 1, step)) + [area.bottom - height]
        xs = list(range(area.left, area.right - width + 1, step)) + [area.right - width]
        for y in ys:
            for x in xs:
                rect = pygame.Rect(x, y, width, height)
                drawn = rect.inflate(2 * margin, 2 * margin)
                score = (
                    sum(_overlap(drawn, squares[i]) for i in drawn.collidelistall(squares)),
                    sum(_overlap(drawn, near[i]) for i in drawn.collidelistall(near)),
                    abs(rect.centerx - area.centerx) + abs(rect.centery - area.centery),
                )
                if best is None or score < best[0]:
                    best = (score, rect)
        if best is None or height > area.height:
            rect = pygame.Rect(0, 0, width, height)
            rect.center = self.grid.center
            return rect
        return best[1]

    # --- the info: players, deck, missions ---------------------------------------------------
    # Every size here is at 100 % and grows with the UI scale (kit.px), as the text in it does.
    def info_height(self) -> int:
        """How tall the info is (players or the solo panel, the deck, the missions)."""
        px = kit.px
        if self.solo:
            return px(SOLO_HEAD) + px(PANEL_GAP) + px(SOLO_GRID) + px(PANEL_GAP) + px(DECK_H)
        players = self.players * px(PLAYER_H) + (self.players - 1) * px(PLAYER_GAP)
        missions = px(MISSION_TITLE) + self.missions * px(MISSION_ROW) + px(6)
        deck = px(PANEL_GAP) + px(DECK_H)
        return players + deck + (px(PANEL_GAP) + missions if self.missions else 0)

    def player_rect(self, seat: int) -> pygame.Rect:
        """Seat ``seat``'s panel (name, score, stockpile, carts in supply)."""
        height = kit.px(PLAYER_H)
        top = self.info.y + seat * (height + kit.px(PLAYER_GAP))
        return pygame.Rect(self.info.x, top, self.info.width, height)

    def player_parts(self, seat: int) -> dict:
        """A player panel's parts: ``mark`` (the clan's emblem), ``name`` and ``score`` on the
        first line; ``stock`` (the five gem counts), ``carts`` (in the supply) and
        ``missions`` (taken) on the second. Worked out once per layout (asked a dozen times
        a frame; a new language or scale makes a new layout): the rects are shared, read
        them only."""
        parts = self.__dict__.setdefault("_player_parts_made", {})
        if seat not in parts:
            parts[seat] = self._player_parts(seat)
        return parts[seat]

    def _player_parts(self, seat: int) -> dict:
        px = kit.px
        rect = self.player_rect(seat)
        score_w = kit.text_size(score_text(WORST_POINTS), SCORE_FONT, True)[0] + 2
        line1 = pygame.Rect(rect.x + px(6), rect.y + px(2), rect.width - px(12), px(19))
        mark = pygame.Rect(line1.x, line1.y, px(18), px(18))
        score = pygame.Rect(line1.right - score_w, line1.y, score_w, line1.height)
        name_x = mark.right + px(5)
        name = pygame.Rect(name_x, line1.y, score.x - px(6) - name_x, line1.height)
        line2 = pygame.Rect(rect.x + px(8), line1.bottom + px(1), rect.width - px(16), px(18))
        missions_w = px(13) + kit.text_size("×4", COUNT_FONT, True)[0] + 2
        missions = pygame.Rect(line2.right - missions_w, line2.y, missions_w, line2.height)
        carts_w = 2 * (px(SUPPLY_CART) + 2)
        carts = pygame.Rect(missions.x - px(4) - carts_w, line2.y, carts_w, line2.height)
        stock = pygame.Rect(line2.x, line2.y, carts.x - px(6) - line2.x, line2.height)
        return {
            "mark": mark,
            "name": name,
            "score": score,
            "stock": stock,
            "carts": carts,
            "missions": missions,
        }

    def stock_slot(self, seat: int, gem: int) -> pygame.Rect:
        """Where gem kind ``gem`` (0 rock .. 4 diamond) and its count sit in a panel."""
        stock = self.player_parts(seat)["stock"] if not self.solo else self.solo_parts()["carts"]
        width = stock.width // 5
        return pygame.Rect(stock.x + gem * width, stock.y, width, stock.height)

    def solo_rect(self) -> pygame.Rect:
        """The solo player's panel (name and the four carts)."""
        return pygame.Rect(self.info.x, self.info.y, self.info.width, kit.px(SOLO_HEAD))

    def solo_parts(self) -> dict:
        """The solo panel's ``name`` line and its ``carts`` line (the four carts, then the
        words "carts in supply" from :meth:`solo_carts_words_x` on)."""
        px = kit.px
        rect = self.solo_rect()
        carts = pygame.Rect(rect.x + px(10), rect.y + px(24), rect.width - px(20), px(20))
        return {
            "name": pygame.Rect(rect.x + px(10), rect.y + px(2), rect.width - px(20), px(20)),
            "carts": carts,
        }

    def solo_carts_words_x(self) -> int:
        """Where the words after the solo player's four carts start."""
        return self.solo_parts()["carts"].x + 4 * (kit.px(SOLO_CART) + 2) + kit.px(4)

    def delivered_rect(self) -> pygame.Rect:
        """Solo: the jewels delivered to each edge (edges down, jewels across)."""
        top = self.solo_rect().bottom + kit.px(PANEL_GAP)
        return pygame.Rect(self.info.x, top, self.info.width, kit.px(SOLO_GRID))

    def delivered_title(self) -> pygame.Rect:
        """Solo: the words over the jewels delivered."""
        box, px = self.delivered_rect(), kit.px
        return pygame.Rect(box.x + px(10), box.y + px(2), box.width - px(20), px(20))

    def delivered_jewel_y(self) -> int:
        """Solo: the centre line of the jewels heading the delivered columns."""
        return self.delivered_rect().y + kit.px(30)

    def delivered_cell(self, edge_index: int, jewel_index: int) -> pygame.Rect:
        """The count of jewel ``jewel_index`` (0 ruby .. 3 diamond) delivered by edge
        ``edge_index`` (north, east, south, west)."""
        box, px = self.delivered_rect(), kit.px
        col_w = (box.width - px(70)) // 4
        return pygame.Rect(
            box.x + px(66) + jewel_index * col_w,
            box.y + px(40) + edge_index * px(18),
            col_w - px(4),
            px(16),
        )

    def delivered_edge(self, edge_index: int) -> pygame.Rect:
        """The edge's emblem and name heading its row of delivered jewels."""
        box, px = self.delivered_rect(), kit.px
        return pygame.Rect(box.x + px(8), box.y + px(40) + edge_index * px(18), px(54), px(16))

    def delivered_tally(self) -> pygame.Rect:
        box, px = self.delivered_rect(), kit.px
        return pygame.Rect(box.x + px(10), box.bottom - px(21), box.width - px(20), px(18))

    def deck_rect(self) -> pygame.Rect:
        """The deposit deck, the last card revealed and the deck's counts."""
        if self.solo:
            top = self.delivered_rect().bottom + kit.px(PANEL_GAP)
        else:
            top = self.player_rect(self.players - 1).bottom + kit.px(PANEL_GAP)
        return pygame.Rect(self.info.x, top, self.info.width, kit.px(DECK_H))

    def deck_card(self) -> pygame.Rect:
        rect, px = self.deck_rect(), kit.px
        return pygame.Rect(rect.x + px(8), rect.y + px(5), px(29), px(42))

    def last_card(self) -> pygame.Rect:
        """The last deposit card revealed, beside the deck."""
        return self.deck_card().move(kit.px(35), 0)

    def deck_lines(self) -> list:
        """The deck panel's three text lines."""
        rect, px = self.deck_rect(), kit.px
        x = self.last_card().right + px(8)
        return [
            pygame.Rect(x, rect.y + px(2) + i * px(16), rect.right - px(6) - x, px(16))
            for i in range(3)
        ]

    def missions_rect(self) -> pygame.Rect:
        """The face-up missions' panel (none in solo)."""
        px = kit.px
        top = self.deck_rect().bottom + px(PANEL_GAP)
        height = px(MISSION_TITLE) + self.missions * px(MISSION_ROW) + px(6)
        return pygame.Rect(self.info.x, top, self.info.width, height)

    def mission_title(self) -> pygame.Rect:
        box, px = self.missions_rect(), kit.px
        return pygame.Rect(box.x + px(10), box.y + px(1), box.width - px(20), px(MISSION_TITLE - 2))

    def mission_rect(self, index: int) -> pygame.Rect:
        """The ``index``-th dealt mission's card."""
        box, px = self.missions_rect(), kit.px
        return pygame.Rect(
            box.x + px(5),
            box.y + px(MISSION_TITLE) + index * px(MISSION_ROW),
            box.width - px(10),
            px(MISSION_ROW) - px(3),
        )

    # --- checks ------------------------------------------------------------------------------
    def labelled_rects(self) -> dict:
        """``{label: rect}`` of everything that shows text or can be clicked; none may overlap
        another, and all lie in the window."""
        out = {"grid": self.grid}
        for edge in B.EDGES:
            squares = B.surface_squares(edge)
            out[f"surface.{edge}"] = self.square(squares[0]).union(self.square(squares[-1]))
        for index, row in enumerate(self.control_rows):
            out[f"controls.{index}"] = row
        if self.solo:
            out.update({f"solo.{name}": rect for name, rect in self.solo_parts().items()})
            for edge_index in range(4):
                out[f"delivered.edge.{edge_index}"] = self.delivered_edge(edge_index)
                for jewel in range(4):
                    out[f"delivered.{edge_index}.{jewel}"] = self.delivered_cell(edge_index, jewel)
            out["delivered.title"] = self.delivered_title()
            out["delivered.tally"] = self.delivered_tally()
        else:
            for seat in range(self.players):
                out.update(
                    {f"seat{seat}.{name}": rect for name, rect in self.player_parts(seat).items()}
                )
            if self.missions:
                out["missions.title"] = self.mission_title()
                for index in range(self.missions):
                    out[f"mission.{index}"] = self.mission_rect(index)
        out["deck.card"] = self.deck_card()
        out["deck.last"] = self.last_card()
        for index, rect in enumerate(self.deck_lines()):
            out[f"deck.line.{index}"] = rect
        return out
