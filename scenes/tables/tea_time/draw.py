"""Drawing the Tea Time table: pure functions of (surface, layout, shown state, view).

They never change a state and never decide a rule: what glows, what a take would do and what is
in flight arrive in the :class:`View`, which the scene fills from the engine's legal actions
(:mod:`.input`). Points come from the engine's scoring (``rules.column_points``,
``state.total_points``). The cards themselves are :mod:`sprites.tea_time_art`.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from engine.tea_time.rules import COLUMN_POINTS, column_points
from engine.tea_time.state import (
    ALICE,
    ALICE_CARD,
    CHARACTERS,
    Card,
    Phase,
    Side,
)
from scenes import kit
from scenes.tables.tea_time.layout import INFO_FONT, LEGEND_FONT, Layout
from scenes.tables.tea_time.words import title
from sprites import art
from sprites import tea_time_art as ta
from translation import N_, _, ngettext

if TYPE_CHECKING:
    from scenes.tables.tea_time.input import Preview

HINT = (90, 230, 255)
SHORT_NAMES = {
    "P": N_("Caterpillar"),
    "R": N_("Rabbit"),
    "C": N_("Cheshire"),
    "H": N_("Hatter"),
    "M": N_("Hare"),
    "D": N_("Dormouse"),
}
"""Names for a card too small for the full one (the tooltip and the log say it in full)."""


def cards_label(count: int) -> str:
    """A column's size in words: "none", "1 card", "4 cards"."""
    if not count:
        return _("none")
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def points_label(points: int) -> str:
    """Points, short: "1 pt", "15 pts"."""
    return ngettext("{points} pt", "{points} pts", points).format(points=points)


GAIN = (150, 230, 120)
LOSS = (250, 120, 100)


@dataclass
class View:
    """Everything the board shows besides the state.

    ``hidden``: pieces in flight (``("cell", row, column)``, ``("column", seat, index)`` —
    its animation draws the column —, ``("alice", seat)``, ``("score", seat)`` — its
    animation draws the total of the cards it shows —); ``selected``: chosen places in
    order; ``joinable``: places that may join the selection (or the hovered card's partners);
    ``hovered``: the place under the mouse; ``links``: pairs of places joined by a line;
    ``dimmed``: cards the hovered one cannot be taken with; ``hint``: places of the hinted take;
    ``preview``: what the previewed take does (:class:`.input.Preview`) to the ``viewer``;
    ``last_take``: ``(seat, places)`` of the latest take, while those places stay empty;
    ``you``: the viewer is a person (their panel says "You").
    """

    time: float = 0.0
    names: tuple = ()
    viewer: int = 0
    you: bool = True
    hidden: frozenset = frozenset()
    busy: bool = False
    selected: tuple = ()
    joinable: frozenset = frozenset()
    hovered: tuple | None = None
    links: tuple = ()
    dimmed: frozenset = frozenset()
    hint: tuple = ()
    preview: Preview | None = None
    last_take: tuple | None = None
    extra: dict = field(default_factory=dict)


def pulse(view: View, speed: float = 5.0) -> float:
    """A glow's strength, 0 to 1, rising and falling ``speed`` radians a second with the
    view's clock."""
    return 0.5 + 0.5 * math.sin(view.time * speed)


def seat_colour(seat: int) -> tuple:
    """The colour of ``seat``'s dot (the seat colours, repeated past the last)."""
    return kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]


# --- the whole board -------------------------------------------------------------------------
def board_backdrop(lay: Layout, state) -> tuple:
    """The panels :func:`draw_board` lays straight on the felt, in its order (the table's
    backdrop holds them): the information strip, the legend and every player's panel.
    Nothing drawn before one of them reaches under it (the grid keeps to its own place)."""
    return (
        info_panel(lay),
        legend_panel(lay),
        *(seat_panel(lay, state, seat) for seat in range(state.num_players)),
    )


def draw_board(surface, lay: Layout, state, view: View) -> None:
    """The information strip, the grid, the legend and every player's panel."""
    draw_info(surface, lay, state)
    draw_grid(surface, lay, state, view)
    draw_legend(surface, lay)
    for seat in range(state.num_players):
        draw_panel(surface, lay, state, seat, view)


def draw_card(surface, rect: pygame.Rect, card: Card, alpha: int = 255, named: bool = True) -> None:
    """A card in ``rect`` (its name on the plate when it has one and ``named``): the full name,
    on a small card the short one ("Hatter"), in bold, else in the regular weight, shrunk to
    8 px at the least, cut only when even that is too wide."""
    img = ta.card(card.character, str(card.side), rect.width, rect.height, alpha)
    surface.blit(img, rect.topleft)
    plate = ta.name_plate(rect.width, rect.height, str(card.side))
    if named and plate.height and alpha >= 200:
        name = title(card.character)
        largest = max(9, int(plate.height * 0.72))
        room = plate.width - max(8, plate.width // 10)  # the name keeps off the plate's ends
        if kit.fit_text(name, largest, room, bold=True, min_size=9) < 10:
            name = _(SHORT_NAMES.get(card.character, name))  # a small card: "Hatter"
        smallest = kit.fit_text(name, largest, room, bold=True, min_size=8)
        bold = kit.text_size(name, smallest, True)[0] <= room  # else the narrower regular weight
        text, size = kit.fit_label(name, largest, room, bold=bold, min_size=8)
        kit.blit_text(
            surface,
            text,
            size,
            plate.move(rect.x, rect.y).center,
            ta.INK,
            bold,
            "center",
        )


@functools.lru_cache(maxsize=32)
def _shade(size: tuple, alpha: int, radius: int) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (8, 12, 14, alpha), layer.get_rect(), border_radius=radius)
    return layer


def _frame(surface, rect: pygame.Rect, colour, width: int, alpha: int = 255) -> None:
    surface.blit(_frame_layer(tuple(rect.size), tuple(colour[:3]), width, alpha), rect)


@functools.lru_cache(maxsize=256)
def _frame_layer(size: tuple, colour: tuple, width: int, alpha: int) -> pygame.Surface:
    # kept: the grid frames its empty places every frame (a pulsing frame: a few alphas)
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(
        layer, (*colour, alpha), layer.get_rect(), width, border_radius=max(4, size[0] // 9)
    )
    return layer


# --- the information strip and the legend ----------------------------------------------------
def info_panel(lay: Layout) -> kit.Panel:
    """The plate behind the info strip."""
    return kit.Panel(tuple(lay.info), (14, 20, 22, 190), 8)


def legend_panel(lay: Layout) -> kit.Panel:
    """The plate behind the legend."""
    return kit.Panel(tuple(lay.legend), (14, 20, 22, 170), 8)


def draw_info(surface, lay: Layout, state) -> None:
    """The info strip: the round, the turn with how many cards it may take (or the
    layout, or the game's end) and the deck with its count."""
    parts = lay.info_parts()
    kit.draw_layer(surface, info_panel(lay))
    words = _("Round {round} of {rounds}").format(round=state.round, rounds=state.rounds)
    text, size = kit.fit_label(words, INFO_FONT, parts["round"].width, bold=True)
    kit.blit_text(surface, text, size, parts["round"].midleft, kit.GOLD, True, "midleft")
    if state.phase == Phase.PLAY and state.turn:
        most = state.most_cards()
        if most == 1:
            words = _("Turn {turn}: 1 card").format(turn=state.turn)
        else:
            words = _("Turn {turn}: 1–{most} cards").format(turn=state.turn, most=most)
    elif state.phase == Phase.DEAL:
        words = _("Laying out…")
    elif state.phase == Phase.OVER:
        words = _("Game over")
    else:
        words = ""
    if words:
        text, size = kit.fit_label(words, INFO_FONT - 1, parts["turn"].width)
        kit.blit_text(surface, text, size, parts["turn"].midleft, kit.INK, anchor="midleft")
    deck = parts["deck"]
    left = sum(state.deck.values())
    if left:
        surface.blit(ta.card_back(deck.width, deck.height), deck.topleft)
    else:
        pygame.draw.rect(surface, (70, 80, 80), deck, 1, border_radius=3)
    words = _("Deck {count}").format(count=left)
    text, size = kit.fit_label(words, INFO_FONT - 1, parts["deck_count"].width)
    kit.blit_text(surface, text, size, parts["deck_count"].midleft, kit.INK_DIM, anchor="midleft")


def draw_legend(surface, lay: Layout) -> None:
    """What a column of each size scores, and Alice."""
    kit.draw_layer(surface, legend_panel(lay))
    parts = lay.legend_parts()
    for name, words in (("title.cards", _("Cards")), ("title.points", _("Points"))):
        text, size = kit.fit_label(words, LEGEND_FONT, parts[name].width, min_size=9)
        kit.blit_text(
            surface,
            text,
            size,
            parts[name].midleft,
            kit.INK_DIM,
            anchor="midleft",
        )
    for count, points in enumerate(COLUMN_POINTS):
        label = f"{count}+" if count == len(COLUMN_POINTS) - 1 else str(count)
        kit.blit_text(
            surface,
            label,
            LEGEND_FONT,
            parts[f"cards.{count}"].center,
            kit.INK,
            anchor="center",
        )
        kit.blit_text(
            surface,
            str(points),
            LEGEND_FONT + 1,
            parts[f"points.{count}"].center,
            kit.GOLD,
            True,
            "center",
        )
    text, size = kit.fit_label(title(ALICE), LEGEND_FONT, parts["alice"].width, min_size=9)
    kit.blit_text(surface, text, size, parts["alice"].center, kit.INK, anchor="center")
    kit.blit_text(
        surface,
        "4",
        LEGEND_FONT + 1,
        parts["alice.points"].center,
        kit.GOLD,
        True,
        "center",
    )


# --- the grid --------------------------------------------------------------------------------
def draw_grid(surface, lay: Layout, state, view: View) -> None:
    """Every place: its card (lifted when hovered, framed when chosen or joinable, dimmed when
    it cannot join), an empty place's outline, the lines the hovered card can join and the
    hint."""
    glow = pulse(view)
    last_seat, last_cells = view.last_take or (None, ())
    for row, places in enumerate(state.table):
        for column, card in enumerate(places):
            cell = (row, column)
            rect = lay.cell(row, column)
            if card is None or ("cell", row, column) in view.hidden:
                if cell in last_cells:  # where the latest take came from
                    _frame(surface, rect.inflate(-6, -6), seat_colour(last_seat), 3, 200)
                else:
                    _frame(surface, rect.inflate(-6, -6), (10, 16, 14), 2, 90)
                continue
            lift = (
                5
                if cell == view.hovered
                and not view.busy
                and (cell in view.joinable or view.dimmed or view.selected or cell in view.selected)
                and cell not in view.dimmed
                else 0
            )
            if cell in view.selected:
                lift = max(lift, 3)
            shown = rect.move(0, -lift)
            if lift:
                pygame.draw.rect(
                    surface,
                    (255, 236, 170),
                    shown.inflate(8, 8),
                    border_radius=max(4, rect.width // 9),
                )
            draw_card(surface, shown, card)
            if cell in view.dimmed:
                surface.blit(_shade(rect.size, 120, max(4, rect.width // 10)), rect.topleft)
            if cell in view.selected:
                _frame(surface, shown.inflate(6, 6), kit.HILITE, 4)
                _number(surface, shown, view.selected.index(cell) + 1)
            elif cell in view.joinable:
                _frame(surface, shown.inflate(4, 4), kit.HILITE, 3, int(140 + 110 * glow))
    if view.links and not view.busy:
        _draw_links(surface, lay, view.links)
    if not view.busy:
        for row, column in view.hint:
            frame = lay.cell(row, column).inflate(10, 10)
            _frame(surface, frame, HINT, 4, int(130 + 120 * glow))


def _number(surface, rect: pygame.Rect, number: int) -> None:
    """The order a card was chosen in, on a gold disc at its top-left corner."""
    radius = max(8, min(12, rect.width // 7))
    centre = (rect.x + radius + 2, rect.y + radius + 2)
    pygame.draw.circle(surface, kit.HILITE, centre, radius)
    pygame.draw.circle(surface, kit.INK_DARK, centre, radius, 2)
    kit.blit_text(surface, str(number), radius + 4, centre, kit.INK_DARK, True, "center")


def _draw_links(surface, lay: Layout, links) -> None:
    """A gold line through the places of each line the hovered card can join."""
    if not links:
        return
    width = max(4, lay.card_w // 12)
    ends = [(lay.cell(*a).center, lay.cell(*b).center) for a, b in links]
    # a layer around the lines only, not the whole window (a 4 MB layer every hovered frame)
    points = [point for pair in ends for point in pair]
    left = min(x for x, _y in points) - width - 2
    top = min(y for _x, y in points) - width - 2
    right = max(x for x, _y in points) + width + 2
    bottom = max(y for _x, y in points) + width + 2
    layer = pygame.Surface((right - left, bottom - top), pygame.SRCALPHA)
    for start, end in ends:
        start, end = (start[0] - left, start[1] - top), (end[0] - left, end[1] - top)
        pygame.draw.line(layer, (255, 226, 110, 170), start, end, width)
        for point in (start, end):
            pygame.draw.circle(layer, (255, 236, 150, 210), point, width)
    surface.blit(layer, (left, top))


# --- the panels --------------------------------------------------------------------------------
def seat_panel(lay: Layout, state, seat: int) -> kit.Panel:
    """A player's panel, framed in gold while the player plays."""
    active = state.active == seat and state.phase == Phase.PLAY
    return kit.Panel(tuple(lay.panels[seat]), (14, 20, 22, 205), 10, kit.GOLD if active else None)


def draw_panel(surface, lay: Layout, state, seat: int, view: View) -> None:
    """A player's panel: the header (name, Alice, score) and the six columns."""
    kit.draw_layer(surface, seat_panel(lay, state, seat))
    preview = view.preview if seat == view.viewer else None
    draw_header(surface, lay, state, seat, view, preview)
    for index, character in enumerate(CHARACTERS):
        if ("column", seat, index) in view.hidden:
            continue
        column = state.collections[seat][character]
        change = preview.columns.get(character) if preview is not None else None
        draw_column(
            surface,
            lay,
            seat,
            index,
            column.normal,
            column.mirror,
            change,
            character in (preview.cancelled if preview is not None else {}),
        )


def draw_header(surface, lay: Layout, state, seat: int, view: View, preview=None) -> None:
    """A seat's header: its dot, name ("(you)" for the viewer), Alice if it holds her,
    and its score, or the score's change under ``preview`` (the viewer's previewed take)."""
    parts = lay.header_parts(seat)
    size = lay.header_font(seat)
    header = lay.header(seat)
    pygame.draw.circle(surface, seat_colour(seat), (header.x + 6, header.centery), 6)
    if seat < len(view.names):
        name = view.names[seat]
    else:
        name = _("Player {number}").format(number=seat + 1)
    if seat == view.viewer and view.you:
        name = _("{name} (you)").format(name=name)
    text, fitted = kit.fit_label(name, size, parts["name"].width, bold=True, min_size=10)
    kit.blit_text(
        surface,
        text,
        fitted,
        parts["name"].midleft,
        kit.HILITE if state.active == seat else kit.INK,
        True,
        "midleft",
    )
    if state.alice == seat and ("alice", seat) not in view.hidden:
        spot = parts["alice"]
        surface.blit(ta.card(ALICE, "", spot.width, spot.height), spot.topleft)
    score = parts["score"]
    if preview is not None and preview.score[1] != preview.score[0]:
        before, after = preview.score
        draw_change(
            surface,
            score,
            str(before),
            str(after),
            size,
            GAIN if after > before else LOSS,
            anchor="midright",
        )
    elif ("score", seat) not in view.hidden:
        draw_score(surface, lay, seat, state.total_points(seat))


def draw_score(surface, lay: Layout, seat: int, points: int) -> None:
    """The seat's ``points`` at the right of its panel's header."""
    score = lay.header_parts(seat)["score"]
    words = points_label(points)
    text, fitted = kit.fit_label(words, lay.header_font(seat), score.width, bold=True, min_size=9)
    kit.blit_text(surface, text, fitted, score.midright, kit.INK, True, "midright")


def draw_change(
    surface, rect: pygame.Rect, before: str, after: str, size: int, colour, anchor: str = "center"
) -> None:
    """``before`` → ``after`` in ``rect`` (the arrow is drawn: the font has none), shrunk to
    fit; ``anchor`` "center" or "midright"."""
    while True:
        left = kit.text(before, size, colour, True)
        right = kit.text(after, size, colour, True)
        arrow = max(7, int(size * 0.8))
        width = left.get_width() + arrow + 6 + right.get_width()
        if width <= rect.width or size <= 8:
            break
        size -= 1
    x = rect.right - width if anchor == "midright" else rect.centerx - width // 2
    y = rect.centery
    surface.blit(left, left.get_rect(midleft=(x, y)))
    x += left.get_width() + 3
    thick = max(2, size // 7)
    pygame.draw.line(surface, colour, (x, y), (x + arrow - 3, y), thick)
    pygame.draw.polygon(
        surface,
        colour,
        [
            (x + arrow, y),
            (x + arrow - size // 3, y - size // 4),
            (x + arrow - size // 3, y + size // 4),
        ],
    )
    surface.blit(right, right.get_rect(midleft=(x + arrow + 3, y)))


def draw_column(
    surface,
    lay: Layout,
    seat: int,
    index: int,
    normal: int,
    mirror: int,
    change=None,
    cancels: bool = False,
    labels: bool = True,
) -> None:
    """A character column of ``normal`` and ``mirror`` cards (both only between a take and its
    cancelling), its count and worth; ``change`` ``(count before, count after)`` previews a
    take (``cancels``: the take cancels cards here)."""
    character = CHARACTERS[index]
    count = normal + mirror
    cards = [Side.NORMAL] * normal + [Side.MIRROR] * mirror
    if not cards:
        rect = lay.stack_card(seat, index, 0, 1)
        draw_card(surface, rect, Card(character, Side.NORMAL), alpha=64, named=False)
    for position, side in enumerate(cards):
        rect = lay.stack_card(seat, index, position, count)
        draw_card(surface, rect, Card(character, side), named=False)
    if labels:
        draw_column_labels(surface, lay, seat, index, count, change, cancels)


def draw_column_labels(
    surface,
    lay: Layout,
    seat: int,
    index: int,
    count: int,
    change=None,
    cancels: bool = False,
) -> None:
    """A column's count and worth under it (compact: the count on a badge);
    with ``change`` ``(count before, count after)`` both as before → after (``cancels``: the
    count in the loss colour)."""
    rects = lay.column_labels(seat, index)
    size = lay.label_font(seat)
    points = column_points(count)
    if len(rects) == 1 and count and change is None:  # compact: the count on a badge
        centre, radius = lay.count_badge(seat, index, count)
        pygame.draw.circle(surface, (20, 24, 26), centre, radius)
        pygame.draw.circle(surface, kit.GOLD, centre, radius, 1)
        kit.blit_text(surface, str(count), radius + 3, centre, kit.INK, True, "center")
    if change is not None:
        before, after = change
        gain = column_points(after) - column_points(before)
        colour = GAIN if gain > 0 else LOSS if gain < 0 else kit.HILITE
        changes = [
            (str(before), str(after), LOSS if cancels else kit.HILITE),
            (str(column_points(before)), str(column_points(after)), colour),
        ]
        for rect, (old, new, tint) in zip(rects, changes[-len(rects) :], strict=True):
            draw_change(surface, rect, old, new, size, tint)
        return
    lines = [
        (cards_label(count), kit.INK_DIM),
        (points_label(points), kit.INK),
    ]
    for rect, (line, colour) in zip(rects, lines[-len(rects) :], strict=True):
        bold = colour is not kit.INK_DIM
        text, fitted = kit.fit_label(line, size, rect.width, bold=bold, min_size=8)
        kit.blit_text(surface, text, fitted, rect.center, colour, bold, "center")


# --- the score sheet --------------------------------------------------------------------------
SHEET_PAD = 10
"""Pixels between the sheet's panel and the rows it holds."""
SHEET_GAP = 6
"""Pixels between the header and each row."""
SHEET_NAME_FONT = 18
SHEET_LABEL_FONT = 13
SHEET_NOTE_H = 24
SHEET_FAN_ROW_H = 180
"""The tallest a row grows (with 2–3 players): from :data:`SHEET_FAN_FROM` on, a row shows the
cards each count is made of, fanned above it (a play-test: two rows left half the screen
empty)."""
SHEET_FAN_FROM = 110


@dataclass(frozen=True)
class SheetLayout:
    """Where the score sheet's parts go: ``panel`` holds everything; ``head`` the cards and
    their names, ``rows`` one rect per player, ``notes`` a rect per note; ``name_w``,
    ``cell_w`` and ``total_w`` the widths of the name, each of the seven columns (six
    characters and Alice) and the total, in pixels."""

    panel: pygame.Rect
    head: pygame.Rect
    rows: tuple
    notes: tuple
    name_w: int
    cell_w: int
    total_w: int

    def cell_x(self, index: int) -> int:
        """The centre x of column ``index`` (0–5 the characters, 6 Alice)."""
        return self.head.x + self.name_w + index * self.cell_w + self.cell_w // 2


def sheet_layout(area: pygame.Rect, middle: pygame.Rect, names, notes: int) -> SheetLayout:
    """The score sheet inside ``area`` (the room the game-over screen gives it) and within the
    felt's lit middle ``middle`` (:func:`scenes.kit.felt_middle`), sized to its content: the
    longest of ``names`` decides the name column, the seven columns share the rest (72–130
    pixels each), and the panel is no wider than they need, centred."""
    cells = len(CHARACTERS) + 1
    room = min(area.width, middle.width) - 2 * SHEET_PAD
    total_w = 90 if room >= 900 else 64
    longest = max((kit.text_size(name, SHEET_NAME_FONT, True)[0] for name in names), default=0)
    # the seat's dot, the name and a winner's star; the name shrinks to fit when it must
    name_need = max(120, min(240, room // 5, longest + 52))
    cell_w = max(72, min(130, (room - total_w - name_need) // cells))
    name_w = max(100, min(name_need, room - total_w - cells * cell_w))
    width = name_w + cells * cell_w + total_w
    players = len(names)
    notes_h = SHEET_NOTE_H * notes
    inner_h = area.height - 2 * SHEET_PAD - notes_h
    head_h = min(104, max(62, inner_h // 4))
    tallest = SHEET_FAN_ROW_H if players <= 3 else 84  # few players: room for their cards
    row_h = max(40, min(tallest, (inner_h - head_h - SHEET_GAP * players) // max(1, players)))
    height = head_h + players * (row_h + SHEET_GAP) + notes_h + 2 * SHEET_PAD
    panel = pygame.Rect(0, area.y, width + 2 * SHEET_PAD, min(area.height, height))
    panel.centerx = area.centerx
    head = pygame.Rect(panel.x + SHEET_PAD, panel.y + SHEET_PAD, width, head_h)
    rows = tuple(
        pygame.Rect(head.x, head.bottom + SHEET_GAP + seat * (row_h + SHEET_GAP), width, row_h)
        for seat in range(players)
    )
    below = rows[-1].bottom if rows else head.bottom
    note_rects = tuple(
        pygame.Rect(head.x, below + 2 + k * SHEET_NOTE_H, width, SHEET_NOTE_H) for k in range(notes)
    )
    return SheetLayout(panel, head, rows, note_rects, name_w, cell_w, total_w)


def draw_fan(surface, area: pygame.Rect, card: Card, count: int) -> None:
    """``count`` copies of ``card`` fanned left to right in ``area``, centred, as tall as it
    is and never wider (the cards close up when many)."""
    height = area.height
    width = int(height * ta.CARD_RATIO)
    if width > area.width:
        width, height = area.width, int(area.width / ta.CARD_RATIO)
    step = min(width // 3, (area.width - width) // max(1, count - 1))
    left = area.centerx - (width + step * (count - 1)) // 2
    for index in range(count):
        rect = pygame.Rect(left + index * step, area.bottom - height, width, height)
        draw_card(surface, rect, card, named=False)


def sheet_label(character: str, width: int) -> tuple:
    """``(lines, size)``: a character's name under its card in a column ``width`` pixels wide,
    on one line, else on two ("Мартовский / Заяц"), shrunk only as far as needed."""
    name = title(character)
    for size in range(SHEET_LABEL_FONT, 11, -1):
        if kit.text_size(name, size, True)[0] <= width:
            return [name], size
    for size in range(SHEET_LABEL_FONT, 9, -1):
        lines = kit.wrap(name, size, width, bold=True)
        if len(lines) <= 2 and all(kit.text_size(line, size, True)[0] <= width for line in lines):
            return lines, size
    return [kit.ellipsize(name, width, size=10, bold=True)], 10


def draw_score_sheet(surface, area: pygame.Rect, state, names, sheet: dict) -> None:
    """The score sheet in ``area``, on a panel that holds it inside the felt's lit middle
    (:func:`sheet_layout`): a header of the six characters (their cards) and Alice; one row
    per player with, per column, its points and how many cards made them; the total (a star
    and a gold frame for the winners); then the sheet's notes."""
    notes = [kit.with_names(note, names) for note in sheet.get("notes", [])][:3]
    rows = sheet.get("rows", [])
    cards = sheet.get("cards", [])
    winners = set(sheet.get("winners", []))
    lay = sheet_layout(area, kit.felt_middle(surface.get_size()), names, len(notes))
    kit.draw_panel(surface, lay.panel)
    head = lay.head
    kit.draw_panel(surface, head, (14, 20, 22, 200), radius=10)
    cells = len(CHARACTERS) + 1
    labels = [
        sheet_label(CHARACTERS[k] if k < len(CHARACTERS) else ALICE, lay.cell_w - 4)
        for k in range(cells)
    ]
    label_lines = max(len(lines) for lines, _size in labels)
    label_h = 15 * label_lines
    card_h = head.height - label_h - 12
    card_w = int(card_h * ta.CARD_RATIO)
    for k, (lines, size) in enumerate(labels):
        x = lay.cell_x(k)
        character = CHARACTERS[k] if k < len(CHARACTERS) else ALICE
        card = Card(character, Side.NORMAL) if character != ALICE else ALICE_CARD
        draw_card(
            surface,
            pygame.Rect(x - card_w // 2, head.y + 4, card_w, card_h),
            card,
            named=False,
        )
        top = head.bottom - 4 - 15 * len(lines)
        for n, line in enumerate(lines):
            kit.blit_text(surface, line, size, (x, top + 15 * n), kit.GOLD, True, "midtop")
    text, size = kit.fit_label(_("Total"), 15, lay.total_w - 6, bold=True, min_size=10)
    total_x = head.right - lay.total_w // 2
    kit.blit_text(surface, text, size, (total_x, head.centery), kit.GOLD, True, "center")
    for seat, points in enumerate(rows):
        row = lay.rows[seat]
        kit.draw_panel(
            surface,
            row,
            (14, 20, 22, 200),
            radius=10,
            border=kit.GOLD if seat in winners else None,
        )
        pygame.draw.circle(surface, seat_colour(seat), (row.x + 14, row.centery), 7)
        text, size = kit.fit_label(
            names[seat], SHEET_NAME_FONT, lay.name_w - 50, bold=True, min_size=11
        )
        r = kit.blit_text(
            surface,
            text,
            size,
            (row.x + 28, row.centery),
            kit.HILITE if seat in winners else kit.INK,
            True,
            "midleft",
        )
        if seat in winners:
            star = art.star(9)
            surface.blit(star, star.get_rect(center=(r.right + 14, r.centery)))
        fans = row.height >= SHEET_FAN_FROM
        middle = row.bottom - 34 if fans else row.centery
        for k in range(cells):
            x = lay.cell_x(k)
            value = points[k]
            if k < len(CHARACTERS):
                count = cards[seat][k] if seat < len(cards) else 0
                detail = cards_label(count)
                card = Card(CHARACTERS[k], Side.NORMAL)
            else:
                count = 1 if value else 0
                detail = _("holds her") if value else "—"
                card = ALICE_CARD
            if fans and count:
                fan = pygame.Rect(0, row.y + 8, lay.cell_w - 12, middle - 20 - row.y - 8)
                fan.centerx = x
                draw_fan(surface, fan, card, count)
            kit.blit_text(surface, str(value), 22, (x, middle - 8), kit.INK, True, "center")
            text, size = kit.fit_label(detail, 12, lay.cell_w - 4, min_size=9)
            kit.blit_text(surface, text, size, (x, middle + 14), kit.INK_DIM, anchor="center")
        kit.blit_text(
            surface,
            str(points[-1]),
            30 if lay.total_w >= 90 else 26,
            (row.right - lay.total_w // 2, row.centery),
            kit.HILITE if seat in winners else kit.INK,
            True,
            "center",
        )
    for note, rect in zip(notes, lay.notes, strict=True):
        kit.blit_text(
            surface,
            note,
            kit.fit_text(note, 16, rect.width - 8),
            (rect.centerx, rect.y + 2),
            kit.INK_DIM,
            anchor="midtop",
        )
