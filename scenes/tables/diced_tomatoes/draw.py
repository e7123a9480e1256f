"""Drawing the Diced Tomatoes table: pure functions of (surface, layout, shown state, view).

They never change a state and never decide a rule: what glows (the spots a chosen die may go
to, the targets of a karma action), what is selected or hidden (a die in flight) arrive in the
:class:`View`, which the scene fills from the engine's legal actions; values, points and open
tokens come from the engine's rules (:mod:`engine.diced_tomatoes.rules`). The art (dice,
tomatoes, the heart) is :mod:`sprites.diced_tomatoes_art`.

Drawing is in two layers: :func:`draw_board` under the animations, :func:`draw_titles` (every
panel's title bar) over them, so a flying die never hides a title.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from engine.diced_tomatoes import rules
from engine.diced_tomatoes.state import COLOURS
from scenes import kit
from scenes.tables.diced_tomatoes.layout import (
    COUNTS_SIZE,
    INFO_FONT,
    NAME_FONT,
    SCORE_FONT,
    SLOTS,
    TOKENS,
    TRAY_FONT,
    Layout,
)
from scenes.tables.diced_tomatoes.words import bushel_counts, header_name, name_of_seat
from sprites import diced_tomatoes_art as da
from translation import _, ngettext

PANEL = (20, 28, 30, 215)
HEADER = (32, 44, 48)
WOOD = (60, 40, 26, 225)
WOOD_EDGE = (140, 100, 60)
GLOW = (255, 226, 110)
HINT = (120, 230, 255)


@dataclass(frozen=True)
class View:
    """Everything the board shows besides the state.

    ``names``: the seats' names; ``viewer``: the seat whose words say "your" (when a person
    plays it: ``humans``); ``hidden``: pieces in flight (``("hand", slot)``, ``("vine", seat,
    token)``, ``("slot", seat, slot)``, ``("karma", seat)``, ``("passed",)``); ``selected``:
    the hand slot picked up; ``spots``: ``(seat, token)`` where it may go; ``karma_dice`` and
    ``karma_vines``: what the chosen karma action may target; ``hint``: rects to frame;
    ``dragging``: the hand slot being dragged (drawn at the mouse by the scene); ``mine``: a
    person is to move now. (The variant badges' words come with the layout.)
    """

    time: float = 0.0
    names: tuple = ()
    viewer: int = 0
    humans: tuple = ()
    hidden: frozenset = frozenset()
    busy: bool = False
    selected: int | None = None
    spots: frozenset = frozenset()
    karma_dice: frozenset = frozenset()
    karma_vines: frozenset = frozenset()
    hint: tuple = ()
    dragging: int | None = None
    mine: bool = False


def pulse(view: View, speed: float = 6.0) -> float:
    """A glow's strength, 0 to 1, rising and falling ``speed`` radians a second with the
    view's clock."""
    return 0.5 + 0.5 * math.sin(view.time * speed)


def name_of(view: View, seat: int) -> str:
    """The name of ``seat`` (0-based) as the board shows it."""
    return name_of_seat(view.names, seat)


def is_you(view: View, seat: int) -> bool:
    """Whether the words for ``seat`` are "you"/"your": the viewer, played by a person."""
    return seat == view.viewer and seat in view.humans


# --- vines ---------------------------------------------------------------------------------------
def vine_places(lay: Layout, seat: int, token: int, vine) -> list:
    """``[(index in the vine, centre)]`` in drawing order: a set as a stack (the seed at the
    bottom), a sequence (or a lone seed) in order of value, left to right."""
    if rules.vine_kind(vine) == "set":
        return [(k, lay.stack_point(seat, token, k)) for k in range(len(vine))]
    order = sorted(range(len(vine)), key=lambda k: vine[k].face)
    return [(k, lay.die_rect(seat, token, place).center) for place, k in enumerate(order)]


def token_look(state, seat: int, token: int) -> tuple:
    """``(tomato state, value or None)`` of a token: ``"ripe"`` (open, or a vine that can be
    harvested at its value), ``"closed"`` (empty and not open, DT-D3) or ``"spoilt"`` (worth
    0 or less, or more than 6)."""
    vine = state.vines[seat][token]
    if not vine:
        return ("ripe" if state.token_open(seat, token) else "closed"), None
    value = rules.vine_value(vine)
    return ("ripe" if rules.is_harvestable(value) else "spoilt"), value


def draw_vine_dice(surface, lay: Layout, seat: int, token: int, vine, places=None) -> None:
    """The vine's dice where :func:`vine_places` puts them (or at ``places``), the seed
    crowned with its calyx."""
    d = lay.m.d
    rect = seed = None
    for k, centre in places or vine_places(lay, seat, token, vine):
        colour, face = vine[k]
        rect = da.blit_die(surface, centre, d, colour, face)
        if k == 0:
            seed = rect
    if seed is not None:
        # on the seed's top-left corner, off its pip (a play-test: it hid the pip), over the
        # dice stacked on it (a set's fan half covered it)
        mark = da.calyx(int(d * 0.38))
        surface.blit(mark, mark.get_rect(center=(seed.x + d * 0.08, seed.y + d * 0.08)))
    if places is None and rect is not None and len(vine) > 1 and rules.vine_kind(vine) == "set":
        # a stack hides the dice under it: say how many there are
        kit.blit_text(
            surface,
            _("×{count}").format(count=len(vine)),
            max(11, d // 3),
            (rect.right + 4, rect.centery),
            kit.INK_DIM,
            True,
            "midleft",
        )


def draw_token(surface, lay: Layout, state, seat: int, token: int, view: View) -> None:
    """One token's row: its glow when a die or karma action may target it, the tomato
    (ripe, closed or spoilt) with the vine's value, then the vine's dice unless in flight."""
    row = lay.vine_row(seat, token)
    look, value = token_look(state, seat, token)
    tok = lay.token_rect(seat, token)
    target = (seat, token) in view.spots or (seat, token) in view.karma_vines
    if target:
        glow = pygame.Surface(row.inflate(8, 6).size, pygame.SRCALPHA)
        alpha = 110 + int(110 * pulse(view))
        pygame.draw.rect(glow, (*GLOW, 46), glow.get_rect(), border_radius=8)
        pygame.draw.rect(glow, (*GLOW, alpha), glow.get_rect(), 3, border_radius=8)
        surface.blit(glow, row.inflate(8, 6))
    da.blit_tomato(surface, tok.center, tok.width // 2, look)
    vine = state.vines[seat][token]
    if value is not None:
        colour = kit.INK if look == "ripe" else (255, 200, 190)  # the brown tomato says spoilt
        size = max(10, int(tok.width * 0.52))
        kit.blit_text(
            surface, str(value), size, (tok.centerx, tok.centery + 2), (30, 10, 8), True, "center"
        )
        kit.blit_text(
            surface, str(value), size, (tok.centerx - 1, tok.centery + 1), colour, True, "center"
        )
    elif look == "ripe":
        seed = lay.die_rect(seat, token, 0)
        pygame.draw.rect(surface, (96, 120, 110), seed, 1, border_radius=max(3, seed.width // 5))
    if ("vine", seat, token) in view.hidden or not vine:
        return
    draw_vine_dice(surface, lay, seat, token, vine)


# --- a seat's area -------------------------------------------------------------------------------
def area_panel(lay: Layout, state, seat: int) -> kit.Panel:
    """A seat's panel, framed in gold while the seat plays."""
    active = state.active == seat and not state.is_terminal()
    return kit.Panel(tuple(lay.areas[seat]), PANEL, border=kit.GOLD if active else (60, 76, 80))


def draw_area(surface, lay: Layout, state, seat: int, view: View) -> None:
    """A seat's panel: vines, score slots and karma (its header is :func:`draw_header`)."""
    kit.draw_layer(surface, area_panel(lay, state, seat))
    for token in range(TOKENS):
        draw_token(surface, lay, state, seat, token, view)
    draw_slots(surface, lay, state, seat, view)
    draw_karma(surface, lay, state, seat, view)


def draw_slots(surface, lay: Layout, state, seat: int, view: View) -> None:
    """The score track: each harvested seed with its points (a Dicey match's badge and star);
    in solo a star on a slot that matches its number and a cross on one that missed."""
    track = state.score[seat]
    score = rules.running_score(state, seat)
    stars = state.slot_stars(seat)
    for slot in range(SLOTS):
        rect = lay.slot_rect(seat, slot)
        if slot < len(track) and ("slot", seat, slot) not in view.hidden:
            da.blit_die(surface, rect.center, rect.width, "r", track[slot])
            if stars[slot]:  # on its own die's top edge: at the corner it sat between two
                star = da.star(max(5, rect.width // 5))
                surface.blit(star, star.get_rect(center=rect.midtop))
            points = score["slot_points"][slot]
            if not state.solo and points != track[slot]:
                draw_points_badge(surface, rect, points)
            if slot + 1 in score["missed"]:
                da.draw_cross(surface, rect)
        else:
            pygame.draw.rect(surface, (14, 18, 20), rect, border_radius=6)
            pygame.draw.rect(surface, (70, 86, 90), rect, 1, border_radius=6)
            kit.blit_text(
                surface,
                str(slot + 1),
                max(10, rect.width // 2),
                rect.center,
                (90, 104, 108),
                True,
                "center",
            )


def draw_points_badge(surface, rect: pygame.Rect, points: int) -> None:
    """A gold disc at the slot's lower right with the points the slot scores."""
    radius = max(7, rect.width // 4)
    centre = (rect.right - radius + 3, rect.bottom - radius + 3)
    pygame.draw.circle(surface, kit.GOLD, centre, radius)
    pygame.draw.circle(surface, (120, 80, 10), centre, radius, 1)
    kit.blit_text(
        surface, str(points), max(9, int(radius * 1.3)), centre, kit.INK_DARK, True, "center"
    )


def draw_karma(surface, lay: Layout, state, seat: int, view: View) -> None:
    """The karma track: a numbered cell per value, the current one a heart with its number."""
    cap = lay.cap
    karma = min(state.karma[seat], cap)
    size = max(9, lay.m.kc - 5)
    for value in range(cap + 1):
        cell = lay.karma_cell(seat, value)
        if value == karma and ("karma", seat) not in view.hidden:
            draw_heart_cell(surface, cell, value)
            continue
        above = value > 6
        pygame.draw.rect(surface, (60, 40, 50) if above else (40, 34, 40), cell, border_radius=3)
        kit.blit_text(surface, str(value), size, cell.center, (150, 130, 138), anchor="center")


def draw_heart_cell(surface, cell: pygame.Rect, value: int, scale: float = 1.0) -> None:
    """The karma heart on ``cell`` with ``value`` on it (a karma move ends here)."""
    da.draw_heart(surface, (cell.centerx, cell.centery - 1), cell.width * 1.05 * scale)
    kit.blit_text(
        surface,
        str(value),
        max(9, cell.width - 5),
        (cell.centerx, cell.centery - 1),
        (255, 255, 255),
        True,
        "center",
    )


def score_words(state, seat: int) -> str:
    """The header's running score: points so far, or in solo the matched slots of 6; once the
    game is over, the final total (karma and vines counted), as the score sheet says."""
    over = state.is_terminal() and not state.solo
    total = (rules.score_parts if over else rules.running_score)(state, seat)["total"]
    if state.solo:
        return _("{count} of 6").format(count=total)
    return ngettext("{count} pt", "{count} pts", total).format(count=total)


def draw_header(surface, lay: Layout, state, seat: int, view: View) -> None:
    """The area's title bar: seat colour, name, the last-player marker, karma bits, the
    running score."""
    head = lay.header(seat)
    parts = lay.header_parts(seat)
    pygame.draw.rect(surface, HEADER, head, border_top_left_radius=10, border_top_right_radius=10)
    colour = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
    pygame.draw.circle(surface, colour, parts["dot"].center, 6)
    active = state.active == seat and not state.is_terminal()
    name = header_name(view.names, seat, view.viewer, view.humans)
    text, size = kit.fit_label(name, NAME_FONT, parts["name"].width, bold=True, min_size=11)
    kit.blit_text(
        surface,
        text,
        size,
        parts["name"].midleft,
        kit.HILITE if active else kit.INK,
        True,
        "midleft",
    )
    if state.last_player == seat:
        marker = parts["marker"]
        da.draw_splatter(surface, marker.center, max(5, marker.height // 3))
    if "bits" in parts:
        for index in range(3):
            x, y = lay.bit_point(seat, index)
            da.draw_bit(surface, (x, y), 5, index < state.bits[seat])
    words = score_words(state, seat)
    kit.blit_text(surface, words, SCORE_FONT, parts["score"].midright, kit.GOLD, True, "midright")


# --- the tray and the bushel ---------------------------------------------------------------------
def wood_panel(rect: pygame.Rect) -> kit.Panel:
    """The tray's or the bushel's wooden panel."""
    return kit.Panel(tuple(rect), WOOD, border=WOOD_EDGE)


def draw_tray(surface, lay: Layout, state, view: View) -> None:
    """The dice in hand (a picked-up die lifted and glowing) and the dice passed on."""
    kit.draw_layer(surface, wood_panel(lay.tray))
    for slot, die in enumerate(state.hand):
        if die is None or ("hand", slot) in view.hidden or slot == view.dragging:
            continue
        rect = lay.hand_die_of(state.hand, slot)
        glow = slot == view.selected or slot in view.karma_dice
        if slot == view.selected:
            rect = rect.move(0, -5)
        da.blit_die(surface, rect.center, lay.die_big, die.colour, die.face, glow)
    draw_passed(surface, lay, state, view)


def passed_words(state, view: View) -> str:
    """The passed zone's label: who the dice go to, or (solo) that they are set aside."""
    if state.solo:
        return _("Set aside for next turn")
    if state.active is None:
        return _("Passed dice")
    to = rules.next_player(state)
    if not state.passed:  # nothing is passed yet: say where dice that fit nowhere would go
        return _("For you") if is_you(view, to) else _("For {name}").format(name=name_of(view, to))
    return (
        _("Passed to you")
        if is_you(view, to)
        else _("Passed to {name}").format(name=name_of(view, to))
    )


def draw_passed(surface, lay: Layout, state, view: View) -> None:
    """The passed dice's zone: its label (who they go to, or set aside in solo) and the
    dice, unrolled, unless they are in flight."""
    if state.active is None and not state.passed:
        return
    label = lay.passed_label()
    text, size = kit.fit_label(passed_words(state, view), 12, label.width, bold=True, min_size=9)
    kit.blit_text(
        surface,
        text,
        size,
        label.midleft,
        kit.INK_DIM if not state.passed else kit.INK,
        True,
        "midleft",
    )
    if ("passed",) in view.hidden:
        return
    count = len(state.passed)
    for index, colour in enumerate(state.passed):
        da.blit_die(surface, lay.passed_point(index, count), lay.passed_die, colour, None)


def draw_bushel(surface, lay: Layout, state) -> None:
    """The bushel: a basket of little dice coloured by what is left, and the counts."""
    kit.draw_layer(surface, wood_panel(lay.bushel))
    basket = lay.basket()
    da.draw_basket(surface, basket)
    colours = [c for c in COLOURS for _count in range(state.bushel[c])]
    shown = colours[:: max(1, math.ceil(len(colours) / 18))][:18]
    size = max(10, min(20, basket.height // 2))
    cx, cy = basket.center
    rx = basket.width / 2 - size * 0.8
    ry = max(0.0, basket.height / 2 - size * 0.6)
    for i, colour in enumerate(shown):  # a heap inside the basket's rim
        angle = i * 2.399
        reach = (i / max(1, len(shown))) ** 0.5
        centre = (cx + math.cos(angle) * reach * rx, cy + math.sin(angle) * reach * ry)
        da.blit_die(surface, centre, size, colour, 1 + i % 6)
    line = bushel_counts(state)
    text, size = kit.fit_label(line, COUNTS_SIZE, lay.bushel_counts().width, min_size=9)
    kit.blit_text(surface, text, size, lay.bushel_counts().center, kit.INK_DIM, anchor="center")


def tray_title(state, view: View) -> str:
    """The tray's title: "Your dice", "Dice of Ana", or "Dice" between turns and at the
    end."""
    who = state.active
    if who is None or state.is_terminal():
        return _("Dice")
    return (
        _("Your dice") if is_you(view, who) else _("Dice of {name}").format(name=name_of(view, who))
    )


# --- the info line -------------------------------------------------------------------------------
def note_words(state, view: View) -> str:
    """The info line's note: the final round, or the solo goal."""
    if state.final_round and not state.is_terminal() and state.last_player is not None:
        last = state.last_player
        if is_you(view, last):
            return _("Final round: the game ends after your turn.")
        return _("Final round: the game ends after the turn of {name}.").format(
            name=name_of(view, last)
        )
    if state.solo:
        # no closing "…": read as cut off (a play-tester)
        return _("Goal: harvest n worth exactly n (slot 1 worth 1, slot 2 worth 2, and so on)")
    return ""


def badge_panel(rect: pygame.Rect) -> kit.Panel:
    """A variant badge's plate."""
    return kit.Panel(tuple(rect), (70, 56, 22, 230), 9, (200, 160, 70))


def draw_info(surface, lay: Layout, state, view: View) -> None:
    """The info line: the note (the final round in bold, or the solo goal) and the
    variant badges."""
    note = note_words(state, view)
    if note:
        rect = lay.note_rect()
        text, size = kit.fit_label(
            note, INFO_FONT + 1, rect.width, bold=state.final_round, min_size=10
        )
        kit.blit_text(
            surface,
            text,
            size,
            rect.midleft,
            kit.HILITE if state.final_round else kit.INK_DIM,
            state.final_round,
            "midleft",
        )
    for label, rect in zip(lay.badge_texts, lay.badge_rects(), strict=True):
        kit.draw_layer(surface, badge_panel(rect))
        kit.blit_text(surface, label, lay.badge_size, rect.center, kit.INK, True, "center")


# --- the whole board -----------------------------------------------------------------------------
def board_backdrop(lay: Layout, state) -> tuple:
    """The panels :func:`draw_board` draws straight on the felt, in its order (the table's
    backdrop holds them): the variant badges, every seat's area, the tray and the bushel.
    Nothing drawn before one of them reaches under it."""
    return (
        *(badge_panel(rect) for rect in lay.badge_rects()),
        *(area_panel(lay, state, seat) for seat in range(state.num_players)),
        wood_panel(lay.tray),
        wood_panel(lay.bushel),
    )


def draw_board(surface, lay: Layout, state, view: View) -> None:
    """The table under the animations: the info line, every seat's area, the tray, the
    bushel, and the hint's frames."""
    draw_info(surface, lay, state, view)
    for seat in range(state.num_players):
        draw_area(surface, lay, state, seat, view)
    draw_tray(surface, lay, state, view)
    draw_bushel(surface, lay, state)
    if view.hint:
        alpha = 150 + int(100 * pulse(view, 7))
        for rect in view.hint:
            frame = pygame.Surface(rect.inflate(10, 10).size, pygame.SRCALPHA)
            pygame.draw.rect(frame, (*HINT, alpha), frame.get_rect(), 3, border_radius=10)
            surface.blit(frame, rect.inflate(10, 10))


def draw_titles(surface, lay: Layout, state, view: View) -> None:
    """Over the animations: every area's header, the tray's and the bushel's titles."""
    for seat in range(state.num_players):
        draw_header(surface, lay, state, seat, view)
    title = lay.tray_title()
    text, size = kit.fit_label(tray_title(state, view), TRAY_FONT, title.width, bold=True)
    kit.blit_text(surface, text, size, title.midleft, kit.INK, True, "midleft")
    title = lay.bushel_title()
    words = _("Bushel · {count}").format(count=state.bushel_size())
    kit.blit_text(surface, words, TRAY_FONT, title.midleft, kit.INK, True, "midleft")


# --- the score sheet -----------------------------------------------------------------------------
def summary_grid(rect: pygame.Rect, players: int, name_w: int) -> tuple:
    """How the score sheet's tracks fit ``rect``: ``(columns, rows, die size, column width)``,
    the arrangement (1 to 3 columns of seats) that gives the biggest dice (at most 40 pixels);
    each column is a name ``name_w`` wide and 6 dice."""
    best: tuple[int, int, int, int] | None = None
    for columns in (1, 2, 3):
        rows = math.ceil(players / columns)
        row_h = rect.height // rows
        width = (rect.width - (columns - 1) * 24) // columns
        size = min(40, row_h - 8, (width - name_w - 8) // 6 - 6)
        if best is None or size > best[2]:
            best = (columns, rows, size, name_w + 8 + 6 * (size + 6))
        if columns >= players:
            break
    assert best is not None  # one column at least was tried
    return best


def draw_summary(surface, rect: pygame.Rect, state, names) -> None:
    """Under the score sheet's numbers: each player's score track as dice, with the stars
    (and points) of matching slots, and in solo a cross on a slot that missed. The seats sit
    in 1 to 3 columns, whichever shows the dice biggest in ``rect``."""
    n = state.num_players
    font_size = 16
    name_w = min(200, max(kit.text_size(names[seat], font_size, True)[0] for seat in range(n)) + 12)
    columns, rows, size, column_w = summary_grid(rect, n, name_w)
    size = max(12, size)
    row_h = min(size + 12, rect.height // rows)
    total_w = columns * column_w + (columns - 1) * 24
    x_start = rect.centerx - total_w // 2
    for seat in range(n):
        column, row = divmod(seat, rows)
        x0 = x_start + column * (column_w + 24)
        y = rect.y + row * row_h
        text, fitted = kit.fit_label(names[seat], font_size, name_w - 8, bold=True, min_size=11)
        kit.blit_text(surface, text, fitted, (x0, y + size // 2), kit.INK, True, "midleft")
        score = rules.running_score(state, seat)
        stars = state.slot_stars(seat)
        for slot in range(SLOTS):
            r = pygame.Rect(x0 + name_w + 8 + slot * (size + 6), y, size, size)
            if slot < len(state.score[seat]):
                value = state.score[seat][slot]
                da.blit_die(surface, r.center, size, "r", value)
                if stars[slot]:
                    star = da.star(max(5, size // 5))
                    surface.blit(star, star.get_rect(center=r.midtop))
                if not state.solo and score["slot_points"][slot] != value:
                    draw_points_badge(surface, r, score["slot_points"][slot])
                if slot + 1 in score["missed"]:
                    da.draw_cross(surface, r)
            else:
                pygame.draw.rect(surface, (30, 36, 40), r, border_radius=6)
                kit.blit_text(
                    surface,
                    str(slot + 1),
                    max(9, size // 2),
                    r.center,
                    (80, 90, 96),
                    True,
                    "center",
                )
