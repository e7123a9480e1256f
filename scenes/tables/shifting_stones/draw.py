"""Drawing the Shifting Stones table from a position and a :class:`View` (pure of input).

Everything drawn comes from ``View.seen``, the position as the seat in front of the screen may
see it (its observation): the other hands are card backs, the deck a count. While a screen
covers the table in hot-seat (``View.covered``) even the viewer's hand is drawn face down.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from engine.shifting_stones import rules
from engine.shifting_stones.data import ANY, CARDS
from engine.shifting_stones.state import HIDDEN, ShiftingStonesState
from scenes import kit
from scenes.tables.shifting_stones.layout import Layout, stack_depth
from sprites import shifting_stones_art as art
from translation import _, ngettext

HINT = (90, 230, 255)
MATCH = (120, 220, 120)
GRID_PANEL = (44, 48, 56, 235)
INK_ON_PAPER = (70, 54, 40)
"""The points disc's colour, and text's on a card's paper."""


@dataclass
class View:
    """What the drawing shows besides the position, per frame."""

    seen: ShiftingStonesState
    names: tuple
    viewer: int
    time: float = 0.0
    hidden: frozenset = frozenset()
    covered: bool = False
    selection: Any = None
    hovered_square: int | None = None
    hovered_card: int | None = None
    drag: tuple | None = None  # (square, mouse position) while a stone is dragged
    drop: int | None = None  # the square a dragged stone would swap with
    hint_squares: tuple = ()
    hint_card: int | None = None
    away: dict = field(default_factory=dict)  # card -> payments away (None: more than 3)


def points_label(points: int) -> str:
    """Points, short: "1 pt", "15 pts"."""
    return ngettext("{points} pt", "{points} pts", points).format(points=points)


def away_label(away: int | None) -> str:
    """How far a card of the hand is from matching, as the line under it says."""
    if away == 0:
        return _("Matches now")
    if away is None:
        return _("4+ payments away")
    return ngettext("{count} payment away", "{count} payments away", away).format(count=away)


# --- cards -----------------------------------------------------------------------------------
def card_layout(rect: pygame.Rect, card: int) -> tuple:
    """Where a pattern card in ``rect`` draws its parts: ``(frame, spots, badge, cell)`` with
    ``frame`` the faint 3 × 3 cells (empty on a small card), ``spots`` ``[(rect, face)]`` of
    its pattern, ``badge`` the points disc's diameter — on a small card the height of the band
    at its top that says the points — and ``cell`` in pixels. On the frame the pattern sits
    on its cells (a play-tester saw a two-row pattern centred half a cell off them), centred
    when the frame has an odd number of cells to spare."""
    pattern = CARDS[card]
    pad = max(2, rect.width // 12)
    badge = max(10, rect.width // 4)
    cell = max(2, min((rect.width - 2 * pad) // 3, (rect.height - badge - 2 * pad) // 3))
    box = pygame.Rect(0, 0, cell * 3, cell * 3)
    box.midbottom = (rect.centerx, rect.bottom - pad)
    frame: list = []
    if cell < 8:  # a small card (a scored one beside a name): its points, its pattern under
        badge = max(9, rect.height // 4)  # them filling the rest, no frame
        below = pygame.Rect(rect.x + 1, rect.y + badge, rect.width - 2, rect.height - badge - 1)
        cell = max(2, min(below.width // pattern.width, below.height // 3))
        box = pygame.Rect(0, 0, cell * pattern.width, cell * pattern.height)
        box.center = below.center
        left, top = box.topleft
    else:
        frame = [
            pygame.Rect(box.x + column * cell, box.y + row * cell, cell, cell)
            for row in range(3)
            for column in range(3)
        ]
        left = box.x + (3 - pattern.width) // 2 * cell
        top = box.y + (3 - pattern.height) // 2 * cell
    spots = [
        (pygame.Rect(left + column * cell, top + row * cell, cell, cell), face)
        for row, line in enumerate(pattern.rows)
        for column, face in enumerate(line)
    ]
    return frame, spots, badge, cell


def draw_card(surface, rect: pygame.Rect, card: int, border=None, width: int = 3) -> None:
    """A pattern card in ``rect``: paper, its points in the top left corner (in a disc; on a
    small card bare) and its pattern (faces as icons, grey squares grey) on a 3 × 3 frame
    (:func:`card_layout`); a hidden card is its back."""
    if card == HIDDEN or card not in CARDS:
        surface.blit(art.card_back(rect.width, rect.height), rect)
        return
    pattern = CARDS[card]
    radius = max(2, rect.width // 10)
    pygame.draw.rect(surface, art.CARD_PAPER, rect, border_radius=radius)
    pygame.draw.rect(surface, (120, 104, 80), rect, max(1, rect.width // 50), border_radius=radius)
    frame, spots, badge, cell = card_layout(rect, card)
    pad = max(2, rect.width // 12)
    for spot in frame:
        pygame.draw.rect(surface, (222, 210, 186), spot.inflate(-2, -2), 1)
    for spot, face in spots:
        spot = spot.inflate(-1, -1)
        if face == ANY:
            pygame.draw.rect(surface, art.GREY_SQUARE, spot, border_radius=max(1, cell // 6))
        else:
            pygame.draw.rect(surface, (250, 246, 236), spot, border_radius=max(1, cell // 6))
            surface.blit(art.face_icon(face, spot.width - 2), spot.move(1, 1))
    scale = kit.ui_scale()  # text sizes are at 100 %: a size in pixels is divided by it
    if frame:
        centre = (rect.x + pad + badge // 2, rect.y + pad + badge // 2)
        pygame.draw.circle(surface, INK_ON_PAPER, centre, badge // 2)
        size = max(1, round(badge * 3 / 4 / scale))
        kit.blit_text(surface, str(pattern.points), size, centre, kit.GOLD, True, "center")
    else:
        size = max(1, round(badge / scale))
        corner = (rect.x + pad, rect.y + badge // 2)
        kit.blit_text(surface, str(pattern.points), size, corner, INK_ON_PAPER, True, "midleft")
    if border is not None:
        pygame.draw.rect(surface, border, rect.inflate(4, 4), width, border_radius=radius + 2)


# --- the grid --------------------------------------------------------------------------------
def draw_grid(surface, lay: Layout, view: View) -> None:
    """The 3 × 3 grid of stones (faces as seen; a stone in flight or dragged left out),
    with the chosen stones, the hint, the drop square or hovered stone framed, and where the
    hovered card matches now."""
    seen = view.seen
    kit.draw_panel(surface, lay.grid.inflate(16, 16), GRID_PANEL, 16)
    for square in range(9):
        rect = lay.stone(square)
        face = seen.grid[square]
        pygame.draw.rect(surface, (30, 32, 38), rect, border_radius=max(3, rect.width // 6))
        if face is None or ("stone", square) in view.hidden:
            continue
        if view.drag is not None and view.drag[0] == square:
            continue  # it follows the mouse (draw_dragged)
        surface.blit(art.stone(face, rect.width), rect)
    move = getattr(view.selection, "move", None)
    chosen = (
        ()
        if move is None
        else ((move.square,) if hasattr(move, "square") else (move.first, move.second))
    )
    for square in chosen:
        pulse = 2 + int(2 * abs(((view.time * 2) % 2) - 1))
        pygame.draw.rect(
            surface, kit.GOLD, lay.stone(square).inflate(6, 6), 3 + pulse // 2, border_radius=14
        )
    for square in view.hint_squares:
        pygame.draw.rect(surface, HINT, lay.stone(square).inflate(10, 10), 3, border_radius=16)
    if view.drop is not None:
        pygame.draw.rect(
            surface, kit.HILITE, lay.stone(view.drop).inflate(6, 6), 4, border_radius=14
        )
    elif view.hovered_square is not None and view.drag is None:
        pygame.draw.rect(
            surface,
            (255, 255, 255),
            lay.stone(view.hovered_square).inflate(4, 4),
            2,
            border_radius=14,
        )
    if view.hovered_card is not None and view.hovered_card in CARDS:
        pattern = CARDS[view.hovered_card]
        cell = lay.grid.width // 3
        for top, left in rules.placements(view.hovered_card, seen.grid_text()):
            box = pygame.Rect(
                lay.grid.x + left * cell,
                lay.grid.y + top * cell,
                pattern.width * cell,
                pattern.height * cell,
            )
            pygame.draw.rect(surface, MATCH, box.inflate(-2, -2), 4, border_radius=14)


def draw_dragged(surface, lay: Layout, view: View) -> None:
    """The stone a drag carries, under the mouse."""
    if view.drag is None:
        return
    square, pos = view.drag
    face = view.seen.grid[square]
    if face is None:
        return
    size = lay.stone(square).width
    img = art.stone(face, size)
    surface.blit(img, img.get_rect(center=pos))


# --- the side panel --------------------------------------------------------------------------
def draw_side(surface, lay: Layout, view: View) -> None:
    """The side panel: deck and discard with their counts, the notice (the last round,
    or solo's strikes) and every player's row."""
    seen = view.seen
    kit.draw_panel(surface, lay.side)
    deck, discard = lay.deck(), lay.discard()
    surface.blit(art.card_back(deck.width, deck.height), deck)
    font = 14
    kit.blit_text(
        surface,
        _("Deck: {count}").format(count=len(seen.deck)),
        font,
        (deck.right + 8, deck.centery),
        kit.INK,
        anchor="midleft",
    )
    if seen.discard and ("discard",) not in view.hidden:
        draw_card(surface, discard, seen.discard[-1])
    else:
        pygame.draw.rect(surface, (60, 60, 60), discard, 1, border_radius=4)
    kit.blit_text(
        surface,
        _("Discard: {count}").format(count=len(seen.discard)),
        font,
        (discard.right + 8, discard.centery),
        kit.INK,
        anchor="midleft",
    )
    notice = notice_text(seen, view.names)
    if notice:
        colour = kit.DANGER if seen.solo and seen.strikes >= 3 else kit.GOLD
        draw_notice(surface, lay.notice.inflate(-16, 0), notice, colour)
    for seat in lay.seat_order():
        draw_player(surface, lay, view, seat)


def draw_notice(surface, rect: pygame.Rect, words: str, colour) -> None:
    """``words`` on one line in ``rect`` (shrunk to 11 px at the least), else on two."""
    size = kit.fit_text(words, 14, rect.width, bold=True, min_size=11)
    lines = [words]
    if kit.text_size(words, size, True)[0] > rect.width:
        size = 11
        lines = kit.wrap(words, size, rect.width, bold=True)[:2]
    step = kit.font(size, True).get_linesize()
    top = rect.centery - step * len(lines) // 2
    for index, line in enumerate(lines):
        kit.blit_text(surface, line, size, (rect.x, top + index * step), colour, True)


def notice_text(seen, names) -> str:
    """The side panel's notice: the last round and who brought it, or solo's strikes."""
    if seen.solo:
        return _("Strikes: {count} of 4 · {scored} of 16 cards scored").format(
            count=seen.strikes, scored=len(seen.scored[0])
        )
    target = seen.target
    if seen.last_round and target and not seen.is_terminal():  # over: the status says so
        leader = max(range(seen.num_players), key=lambda seat: len(seen.scored[seat]))
        return last_round_words(names[leader], len(seen.scored[leader]), target)
    return ""


def last_round_words(name: str, count: int, target: int) -> str:
    """ "Ana has 8 of 8 cards: last round"; past the number that ends the game (a turn may
    score several cards) the count and the number are said apart, never "11 of 10"."""
    if count > target:
        return _("{name} has {count} cards ({target} end the game): last round").format(
            name=name, count=count, target=target
        )
    return _("{name} has {count} of {target} cards: last round").format(
        name=name, count=count, target=target
    )


def scored_count(count: int, target: int) -> str:
    """A player's scored cards beside their name: "7 of 10" on the way to the number that ends
    the game, "11 cards" past it (a turn may score several), never "11 of 10"."""
    if target and count <= target:
        return _("{count} of {target}").format(count=count, target=target)
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def scored_points(cards) -> list[int]:
    """Each of ``cards``' points, in their order (0 for an unknown card)."""
    return [CARDS[card].points if card in CARDS else 0 for card in cards]


def stack_count(count: int) -> str:
    """How many cards a stack of scored cards holds, under its points: "×5"."""
    # TRANSLATORS: how many scored cards a stack of one value holds, beside or under the value
    return _("×{count}").format(count=count)


def draw_stack(surface, rect: pygame.Rect, points: int, count: int) -> None:
    """A stack of ``count`` scored cards worth ``points`` each in ``rect``: up to two cards'
    edges behind the front one, which shows the points in their disc and the count under it
    (:func:`stack_count`)."""
    depth = stack_depth(rect.width)
    front = pygame.Rect(rect.x, rect.y + 2 * depth, rect.width - 2 * depth, rect.height - 2 * depth)
    radius = max(2, front.width // 10)
    edge = (120, 104, 80)
    for behind in range(min(2, count - 1), 0, -1):
        back = front.move(behind * depth, -behind * depth)
        pygame.draw.rect(surface, (212, 198, 170), back, border_radius=radius)
        pygame.draw.rect(surface, edge, back, 1, border_radius=radius)
    pygame.draw.rect(surface, art.CARD_PAPER, front, border_radius=radius)
    pygame.draw.rect(surface, edge, front, max(1, front.width // 50), border_radius=radius)
    pad = max(2, min(front.size) // 10)
    scale = kit.ui_scale()  # text sizes are at 100 %: a size in pixels is divided by it
    words = stack_count(count)
    if front.width >= front.height:  # a short stack: the count beside the points
        disc = max(8, min(front.height - 2 * pad, front.width * 9 // 20))
        centre = (front.x + pad + disc // 2, front.centery)
        room = pygame.Rect(centre[0] + disc // 2, front.y, 0, front.height)
        room.width = front.right - room.x
    else:
        disc = max(8, min(front.width - 2 * pad, (front.height - 2 * pad) * 11 // 20))
        centre = (front.centerx, front.y + pad + disc // 2)
        room = pygame.Rect(front.x, centre[1] + disc // 2, front.width, 0)
        room.height = front.bottom - pad - room.y
    pygame.draw.circle(surface, INK_ON_PAPER, centre, disc // 2)
    size = max(1, round(disc * 0.7 / scale))
    kit.blit_text(surface, str(points), size, centre, kit.GOLD, True, "center")
    size = kit.fit_text(words, max(1, round(room.height * 0.8 / scale)), room.width - 3, True, 4)
    kit.blit_text(surface, words, size, room.center, INK_ON_PAPER, True, "center")


def draw_player(surface, lay: Layout, view: View, seat: int) -> None:
    """The row of ``seat``: name (gold when active), cards scored and points, the
    scored cards face up or in stacks (:meth:`Layout.scored_spots`), and how many cards the
    hand holds (backs only)."""
    seen = view.seen
    row = lay.player_row(seat)
    active = seen.active == seat
    colour = (52, 62, 58, 220) if active else (34, 40, 42, 200)
    kit.draw_panel(surface, row, colour, 8, kit.GOLD if active else None)
    header = lay.header(seat)
    scored = seen.scored[seat]
    target = seen.target or 0
    right = f"{scored_count(len(scored), target)} · {points_label(seen.points(seat))}"
    right_rect = kit.blit_text(  # bright: what a player looks for in an opponent's row
        surface, right, 13, (header.right, header.centery), kit.INK, anchor="midright"
    )
    name = view.names[seat] if seat < len(view.names) else "?"
    dot = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
    pygame.draw.circle(surface, dot, (header.x + 5, header.centery), 5)
    name = kit.ellipsize(name, right_rect.x - header.x - 24, size=14, bold=True)
    kit.blit_text(
        surface,
        name,
        14,
        (header.x + 14, header.centery),
        kit.GOLD if active else kit.INK,
        True,
        "midleft",
    )
    most = max(len(cards) for cards in seen.scored)
    for spot in lay.scored_spots(seat, scored_points(scored), most):
        shown = [index for index in spot.indices if ("scored", seat, index) not in view.hidden]
        if not shown:
            continue
        if spot.points is None:
            draw_card(surface, spot.rect, scored[shown[0]])
        else:
            draw_stack(surface, spot.rect, spot.points, len(shown))
    badge = lay.hand_badge(seat)
    hand = seen.hands[seat]
    for k in range(min(len(hand), 4)):
        back = pygame.Rect(0, 0, lay.mini_w, lay.mini_h)
        back.bottomleft = (badge.x + k * 4, badge.bottom - (min(len(hand), 4) - 1 - k) * 2)
        surface.blit(art.card_back(back.width, back.height), back)
    label = ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand))
    kit.blit_text(
        surface, label, 12, (badge.right, badge.bottom), kit.INK, anchor="bottomright", shadow=True
    )


# --- the hand --------------------------------------------------------------------------------
def draw_hand(surface, lay: Layout, view: View) -> None:
    """The viewer's hand (backs when ``view.covered``): each card with how many payments
    away it is; the chosen, hinted and matching cards framed."""
    seen = view.seen
    hand = seen.hands[view.viewer] if 0 <= view.viewer < len(seen.hands) else []
    count = len(hand)
    chosen = getattr(view.selection, "card", None)
    # a crowded hand overlaps its cards: the chosen one and the one pointed at come to the front
    order = sorted(
        enumerate(hand), key=lambda item: (item[1] == view.hovered_card, item[1] == chosen)
    )
    for index, card in order:
        if ("hand", card) in view.hidden:
            continue
        rect = lay.hand_card(index, count)
        if view.covered:
            surface.blit(art.card_back(rect.width, rect.height), rect)
            continue
        border = None
        if card == chosen:
            rect = rect.move(0, -10)
            border = kit.GOLD
        elif card == view.hint_card:
            border = HINT
        elif view.away.get(card) == 0:
            border = MATCH
        if card == view.hovered_card and card != chosen:
            rect = rect.move(0, -4)
        draw_card(surface, rect, card, border)
        status = lay.hand_status(index, count)
        words = away_label(view.away.get(card, None))
        size = kit.fit_text(words, 13, status.width, bold=True, min_size=9)
        tone = MATCH if view.away.get(card) == 0 else kit.INK_DIM
        kit.blit_text(
            surface,
            kit.ellipsize(words, status.width, size=size, bold=True),
            size,
            status.midtop,
            tone,
            True,
            "midtop",
        )


def draw_board(surface, lay: Layout, view: View) -> None:
    """The whole table for ``view``."""
    draw_grid(surface, lay, view)
    draw_side(surface, lay, view)
    draw_hand(surface, lay, view)


def draw_scored_summary(surface, rect: pygame.Rect, state, names) -> list:
    """Under the score sheet: each player's scored cards in a row, in the order scored; the
    players (three or more) in two columns when that shows the cards clearly larger (four
    players at 1024 × 640 left them too small to read in one). Returns ``[(rect, card)]`` in
    the order drawn (:func:`draw_zoomed_card`)."""
    seats = state.num_players
    gap = kit.px(24)
    one, two = (_card_size(rect, state, names, n, gap) for n in (1, 2))
    columns = 2 if seats >= 3 and two > 1.15 * one else 1
    per_column = -(-seats // columns)
    column_w = (rect.width - gap * (columns - 1)) // columns
    drawn: list = []
    for column in range(columns):
        first = column * per_column
        area = pygame.Rect(rect.x + column * (column_w + gap), rect.y, column_w, rect.height)
        seats_here = range(first, min(seats, first + per_column))
        drawn += _scored_rows(surface, area, state, names, seats_here)
    return drawn


def draw_zoomed_card(surface, cards: list, pointer: tuple) -> None:
    """The scored card under ``pointer`` (of ``cards``, ``[(rect, card)]`` as drawn, the last
    on top) drawn large beside it: a play-tester could not read the small ones under the
    score sheet."""
    hovered = next((item for item in reversed(cards) if item[0].collidepoint(pointer)), None)
    if hovered is None:
        return
    small, card = hovered
    height = min(kit.px(200), max(small.height * 2, kit.px(120)))
    big = pygame.Rect(0, 0, int(height / art.CARD_RATIO), height)
    big.midbottom = (small.centerx, small.top - 6)
    if big.top < 0:
        big.midtop = (small.centerx, small.bottom + 6)
    big.clamp_ip(surface.get_rect())
    pygame.draw.rect(surface, (0, 0, 0), big.inflate(8, 8), border_radius=10)
    draw_card(surface, big, card, border=kit.GOLD)


def _card_size(rect: pygame.Rect, state, names, columns: int, gap: int) -> float:
    """How large the scored cards read with the players in ``columns`` columns: their height,
    shrunk by how much a long row must overlap them to fit (a long name cut counts too)."""
    width = (rect.width - gap * (columns - 1)) // columns
    rows = -(-state.num_players // columns)
    area = pygame.Rect(0, 0, width, rect.height)
    _row_h, card_h, card_w, name_w, most = _row_metrics(
        area, state, names, seats_shown=None, rows=rows
    )
    needed = name_w + most * (card_w + 4)
    cut_names = 0.8 if name_w >= width // 3 else 1.0
    return card_h * min(1.0, width / max(1.0, needed)) * cut_names


def _row_metrics(rect: pygame.Rect, state, names, seats_shown, rows: int) -> tuple:
    """``(row height, card height, card width, names' width, most cards)`` of ``rows`` rows
    of scored cards in ``rect``, for the seats ``seats_shown`` (None: every seat). The names'
    column is as wide as the longest name needs, up to a third of the room (a Japanese bot
    name was cut)."""
    seats = range(state.num_players) if seats_shown is None else seats_shown
    row_h = min(kit.px(124), rect.height // max(1, rows))  # as tall as fits: stones readable
    card_h = row_h - 8
    widest = max((kit.text_size(names[seat], 15, True)[0] for seat in seats), default=0)
    most = max((len(state.scored[seat]) for seat in seats), default=0)
    name_w = min(widest + kit.px(16), rect.width // 3)
    return row_h, card_h, int(card_h / art.CARD_RATIO), name_w, most


def _scored_rows(surface, rect: pygame.Rect, state, names, seats: range) -> list:
    """``seats``' names and scored cards, a row each, from the top of ``rect``; returns the
    cards' ``[(rect, card)]``."""
    row_h, card_h, card_w, name_w, most = _row_metrics(rect, state, names, seats, len(seats))
    if card_h < 24:
        return []
    drawn = []
    block = min(rect.width, name_w + most * (card_w + 4))
    left = rect.centerx - block // 2  # centred under the sheet
    # one step for every row, the longest row's: the cards stand in columns (a play-test: 11
    # cards touching above 10 spaced apart)
    room = block - name_w - card_w
    step = card_w + 4
    if most > 1 and (most - 1) * step > room:
        step = max(4, room // (most - 1))
    for row, seat in enumerate(seats):
        y = rect.y + row * row_h
        name = kit.ellipsize(names[seat], name_w - 10, size=15, bold=True)
        kit.blit_text(surface, name, 15, (left, y + row_h // 2), kit.INK, True, "midleft")
        cards = state.scored[seat]
        for index, card in enumerate(cards):
            spot = pygame.Rect(left + name_w + index * step, y + 4, card_w, card_h)
            draw_card(surface, spot, card)
            drawn.append((spot, card))
    return drawn
