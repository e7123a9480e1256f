"""Drawing the Off the Rails table: pure functions of (surface, layout, shown state, view).

They never change a state and never decide a rule: what glows, the ghost tile and whether it is
legal, the carts' paths, the arrows and the question's buttons all arrive in the :class:`View`,
which the scene fills from the engine's legal actions (:mod:`.marks`, :mod:`.paths`). The gems
and carts on the board are :mod:`.pieces`, what goes under the score sheet :mod:`.sheet`; the
art itself (tiles, carts, gems, pits, emblems) is :mod:`sprites.off_the_rails_art`.

Every gem shows (the square's tooltip lists them all). With the colour-pattern setting each
clan's carts, surface strip and chasm pits carry its emblem (pickaxe, crown, leaf, crystal), so
clans are told apart without colour.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

import translation
from engine.off_the_rails import board as B
from engine.off_the_rails import rules as R
from engine.off_the_rails.data import (
    GEMS,
    JEWEL_EDGE,
    MISSION_POINTS,
    START_SPEED,
    mission_name,
)
from engine.off_the_rails.state import CartPlace
from scenes import kit
from scenes.tables.off_the_rails.layout import (
    COUNT_FONT,
    DECK_FONT,
    MINE_NUMBER_OFFSET,
    MISSION_FONT,
    NAME_FONT,
    PROMPT_MARGIN,
    SCORE_FONT,
    SOLO_CART,
    STOCK_COUNT_X,
    STOCK_GEM,
    SUPPLY_CART,
    Layout,
    prompt_label_span,
    score_text,
)
from scenes.tables.off_the_rails.path_lines import (
    dashed_lines,
    draw_path_end,
    draw_path_line,
    draw_tag,
)
from scenes.tables.off_the_rails.paths import Path, Tag
from scenes.tables.off_the_rails.pieces import (
    cart_mark,
    draw_cart,
    draw_gems,
    draw_standing_cart,
)
from scenes.tables.off_the_rails.prompts import pile_caption, pile_caption_width
from sprites import art
from sprites import off_the_rails_art as oa
from translation import N_, _, ngettext

if TYPE_CHECKING:
    from scenes.tables.off_the_rails.prompts import Prompt

JEWEL_NAMES = ("ruby", "emerald", "gold", "diamond")
EDGE_WORDS = {"north": N_("north"), "east": N_("east"), "south": N_("south"), "west": N_("west")}
PANEL = (20, 26, 28, 215)


@dataclass
class View:
    """Everything the board shows besides the state.

    ``glow``: squares a click may use (in ``glow_colour``; ``glow_strong``: in the strong
    style on every square, not only on the strips and in the mines); ``ghost``: ``(square,
    exits, ok)`` for the tile under the mouse; ``ghost_cart``: ``(cart, square)`` a
    see-through cart where it would be put in; ``chosen``: the cart the speed buttons
    change; ``paths``: the :class:`.paths.Path` of each cart to draw; ``arrows``:
    ``[(side, rect)]`` at a junction; ``hint_rects``, ``hint_ghost`` (``(square, exits)``)
    and ``hint_tag``: the hint; ``tags``: the words on the paths (:class:`.paths.Tag`);
    ``prompt`` with ``prompt_boxes`` (``(panel, rects)``) and ``prompt_hover``: the
    question's buttons; ``last_card``: ``(colour, number)`` of the last deposit card;
    ``takeable``: missions a click takes; ``hover``: the square under the mouse."""

    time: float = 0.0
    names: tuple = ()
    patterns: bool = False
    hidden: frozenset = frozenset()
    busy: bool = False
    hover: tuple | None = None
    glow: frozenset = frozenset()
    glow_colour: tuple = kit.HILITE
    glow_strong: bool = False
    ghost: tuple | None = None
    ghost_cart: tuple | None = None
    chosen: int | None = None
    paths: tuple[Path, ...] = ()
    arrows: tuple = ()
    hint_rects: tuple = ()
    hint_ghost: tuple | None = None
    hint_tag: Tag | None = None
    tags: tuple[Tag, ...] = ()
    prompt: Prompt | None = None
    prompt_boxes: tuple[pygame.Rect, tuple[pygame.Rect, ...]] | None = None
    prompt_hover: int | None = None
    last_card: tuple | None = None
    takeable: frozenset = frozenset()
    scores: tuple = field(default_factory=tuple)


def pulse(view: View, speed: float = 6.0) -> float:
    """A glow's strength, 0 to 1, rising and falling ``speed`` radians a second with the
    view's clock."""
    return 0.5 + 0.5 * math.sin(view.time * speed)


# --- the whole board ------------------------------------------------------------------------------
def board_backdrop(lay: Layout, state, view: View) -> tuple:
    """What :func:`draw_board` lays straight on the felt, in its order (the table's backdrop
    holds it): the ground, then the info column's panels — the players' (solo: the player's
    and the jewels delivered), the missions' once dealt, the deck's. Nothing drawn before
    one of them reaches under it (the board's pieces, tags and arrows stay on the board)."""
    layers: list[kit.Sprite | kit.Panel] = [ground_sprite(lay, state, view)]
    if state.solo:
        layers.append(kit.Panel(tuple(lay.solo_rect()), PANEL, 9, kit.GOLD))
        layers.append(kit.Panel(tuple(lay.delivered_rect()), PANEL, 9))
    else:
        layers += [player_panel(lay, state, seat) for seat in range(state.num_players)]
        if state.dealt:
            layers.append(kit.Panel(tuple(lay.missions_rect()), PANEL, 9))
    layers.append(kit.Panel(tuple(lay.deck_rect()), PANEL, 9))
    return tuple(layers)


def draw_board(surface, lay: Layout, state, view: View) -> None:
    """The table: the board with its track, gems, carts and chasm, what glows and the paths;
    the players, the deck and the missions; the question's panel; the hint's frames on top."""
    draw_ground(surface, lay, state, view)
    for square in sorted(view.glow):
        draw_glow(surface, lay, square, view)
    if view.hint_ghost is not None and not view.busy:
        square, exits = view.hint_ghost
        surface.blit(oa.track_tile(exits, lay.cell, "hint"), lay.square(square))
    if view.ghost is not None:
        square, exits, ok = view.ghost
        surface.blit(oa.track_tile(exits, lay.cell, "ok" if ok else "bad"), lay.square(square))
    for index, path in enumerate(view.paths):
        draw_path_line(surface, lay, state, path, index)
    for square, counts in sorted(state.gems.items()):
        cart_id = state.cart_at(square)  # gems under a cart show with it, unless it is moving
        if ("gems", square) not in view.hidden and (
            cart_id is None or ("cart", cart_id) in view.hidden
        ):
            draw_gems(surface, lay, square, counts)
    if view.chosen is not None:
        cart = state.carts[view.chosen]
        if cart.where == CartPlace.BOARD and ("cart", view.chosen) not in view.hidden:
            ring = art.glow_ring(int(lay.cell * 1.25))
            surface.blit(ring, ring.get_rect(center=lay.centre(cart.square)))
    for cart_id, cart in enumerate(state.carts):
        if cart.where == CartPlace.BOARD and ("cart", cart_id) not in view.hidden:
            gems = state.gems.get(cart.square)
            shown = gems if ("gems", cart.square) not in view.hidden else None
            draw_standing_cart(surface, lay, cart, view.patterns, shown)
    for index, path in enumerate(view.paths):
        draw_path_end(surface, lay, path, index)
    if view.ghost_cart is not None:
        cart_id, square = view.ghost_cart
        cart = state.carts[cart_id]
        facing = B.INWARD[B.SURFACE_EDGE[square]]
        draw_cart(
            surface,
            lay,
            cart,
            lay.centre(square),
            float(oa.FACING_ANGLE[facing]),
            view.patterns,
            alpha=150,
            load=(0, 0, 0, 0, 0),
            speed=START_SPEED,
        )
    for tag in view.tags:
        draw_tag(surface, lay, tag)
    for side, rect in view.arrows:
        draw_arrow(surface, rect, side, view)
    draw_info(surface, lay, state, view)
    if view.prompt is not None and view.prompt_boxes is not None and not view.busy:
        draw_prompt(surface, view)
    if not view.busy:  # last: a hinted answer, arrow or mission is framed over its panel
        for rect in view.hint_rects:
            draw_hint_frame(surface, rect, view)
        if view.hint_tag is not None:
            draw_tag(surface, lay, view.hint_tag)


def draw_hint_frame(surface, rect, view: View) -> None:
    """The hint's frame: a pulsing dashed outline in the hint's blue, unlike the player's own
    green or red preview (its label is a tag, :func:`.marks.hint_tag`)."""
    frame = rect.inflate(8, 8)
    colour = (*oa.GHOST_TINT["hint"], int(140 + 115 * pulse(view)))
    layer = pygame.Surface(frame.size, pygame.SRCALPHA)
    box = layer.get_rect().inflate(-2, -2)
    corners = [box.topleft, box.topright, box.bottomright, box.bottomleft, box.topleft]
    dashed_lines(layer, colour, corners, 3, dash=8, gap=5)
    surface.blit(layer, frame)


def draw_ground(surface, lay: Layout, state, view: View) -> None:
    """The board without pieces: surface strips, floor, mines, chasm pits, track tiles and the
    mine squares' numbers (over the track: a deposit card names them)."""
    kit.draw_layer(surface, ground_sprite(lay, state, view))


def ground_sprite(lay: Layout, state, view: View) -> kit.Sprite:
    """The ground (:func:`draw_ground`) as one cached layer at the board's frame."""
    chasm = tuple(
        sorted(
            (square, colour)
            for square, colour in state.chasm.items()
            if ("chasm", square) not in view.hidden
        )
    )
    tiles = tuple(
        sorted(
            (square, exits)
            for square, exits in state.tiles.items()
            if ("tile", square) not in view.hidden
        )
    )
    layer = _ground(
        lay.cell,
        lay.number_size,
        view.patterns,
        chasm,
        tiles,
        frozenset(state.chasm),
        (kit.ui_scale(), translation.current_language()),
    )
    return kit.Sprite(layer, tuple(lay.frame.topleft))


@functools.lru_cache(maxsize=8)
def _ground(cell, number_size, patterns, chasm, tiles, covered, text_look) -> pygame.Surface:
    """The ground as one layer the size of the board's frame, made again only when a tile,
    a chasm token or the look changes (it was some sixty blits every frame). ``covered``: the
    mine squares a chasm token hides the number of; ``text_look``: the scale and language the
    numbers are drawn in."""

    def at(square) -> pygame.Rect:
        row, col = square
        return pygame.Rect((col + 1) * cell, (row + 1) * cell, cell, cell)

    mines = tuple(sorted(B.MINE_CENTRES.items()))
    layer = oa.board_base(cell, mines, (), patterns).copy()
    for square, colour in chasm:
        layer.blit(oa.chasm_pit(cell, oa.clan(colour), colour if patterns else None), at(square))
    for square, exits in tiles:
        layer.blit(oa.track_tile(exits, cell), at(square))
    for (colour, number), square in B.MINE_SQUARES.items():
        if square in covered:
            continue
        rect = at(square)
        ink = tuple(int(c + (255 - c) * 0.45) for c in oa.clan(colour))
        kit.blit_text(
            layer,
            str(number),
            number_size,
            (rect.x + MINE_NUMBER_OFFSET[0], rect.y + MINE_NUMBER_OFFSET[1]),
            ink,
            True,
            shadow=True,
        )
    return art.ready_to_blit(layer)


def draw_glow(surface, lay: Layout, square, view: View) -> None:
    """A pulsing frame in ``view.glow_colour`` on ``square`` ``(row, col)``: a click may
    use it. On an edge's clan strip (a square off the grid) the light label boxes swallowed the
    board's faint fill and thin frame (a play-tester saw nothing glow), and a mine's tinted
    floor did the same (a chasm token's squares in the red mine): there, and on every square
    with ``view.glow_strong`` (the chasm token's squares look alike in and out of a mine),
    the fill is stronger and the frame, thicker, never fades below clearly visible, with a
    dark line inside it on the grid that parts it from a mine's own border."""
    rect = lay.square(square)
    colour = view.glow_colour
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    wave = math.sin(view.time * 6)
    strong = view.glow_strong or not B.on_grid(square) or square in B.SQUARE_OF_MINE
    fill = 95 + int(45 * wave) if strong else 45
    frame = 215 + int(40 * wave) if strong else 120 + int(90 * wave)
    pygame.draw.rect(layer, (*colour, fill), layer.get_rect(), border_radius=6)
    pygame.draw.rect(layer, (*colour, frame), layer.get_rect(), 4 if strong else 3, border_radius=6)
    if strong and B.on_grid(square):
        pygame.draw.rect(
            layer, (0, 0, 0, 150), layer.get_rect().inflate(-8, -8), 1, border_radius=4
        )
    surface.blit(layer, rect)


def draw_arrow(surface, rect, side: str, view: View) -> None:
    """An arrow to click for a junction's way on."""
    r = rect.width / 2 * (0.85 + 0.15 * math.sin(view.time * 7))
    cx, cy = rect.center
    points = [
        (0, -r),
        (r * 0.8, r * 0.2),
        (r * 0.3, r * 0.2),
        (r * 0.3, r),
        (-r * 0.3, r),
        (-r * 0.3, r * 0.2),
        (-r * 0.8, r * 0.2),
    ]
    angle = math.radians(-oa.FACING_ANGLE[side])
    turned = [
        (
            cx + x * math.cos(angle) - y * math.sin(angle),
            cy + x * math.sin(angle) + y * math.cos(angle),
        )
        for x, y in points
    ]
    pygame.draw.polygon(surface, (30, 20, 10), [(x + 2, y + 2) for x, y in turned])
    pygame.draw.polygon(surface, kit.HILITE, turned)
    pygame.draw.polygon(surface, (120, 80, 10), turned, 2)


# --- the question's panel -------------------------------------------------------------------------
def draw_prompt(surface, view: View) -> None:
    """The question's panel: its title and one button per answer (words, or gem pictures)."""
    ask, boxes = view.prompt, view.prompt_boxes
    if ask is None or boxes is None:
        return
    panel, rects = boxes
    drawn = panel.inflate(2 * PROMPT_MARGIN, 2 * PROMPT_MARGIN)
    kit.draw_panel(surface, drawn, (16, 20, 24, 240), border=kit.GOLD)
    title, size = kit.fit_label(ask.title, 15, panel.width - 20, bold=True)
    kit.blit_text(
        surface, title, size, (panel.centerx, panel.y + kit.px(9)), kit.GOLD, True, "midtop"
    )
    if ask.note:
        note, note_size = kit.fit_label(ask.note, 13, panel.width - 20)
        top = panel.y + kit.px(11) + kit.text_size(ask.title, 15, True)[1]
        kit.blit_text(surface, note, note_size, (panel.centerx, top), kit.INK, False, "midtop")
    for index, (option, rect) in enumerate(zip(ask.options, rects, strict=False)):
        hovered = index == view.prompt_hover
        kit.draw_panel(
            surface,
            rect,
            (61, 85, 96, 255) if hovered else (44, 58, 64, 255),
            radius=8,
            border=(232, 196, 90) if hovered else (93, 116, 128),
        )
        if ask.pictures:
            draw_piles(surface, rect, option)
        elif option.left is not None:
            img = oa.gem(oa.gem_list(option.left)[0], 20)
            surface.blit(img, img.get_rect(midleft=(rect.x + 10, rect.centery)))
            words, size = kit.fit_label(option.label, 16, rect.width - 46, bold=True)
            kit.blit_text(
                surface, words, size, (rect.x + 36, rect.centery), kit.INK, True, "midleft"
            )
        else:
            span = prompt_label_span(rect, len(ask.options) > 1)
            words, size = kit.fit_label(option.label, 16, span.width, bold=True)
            kit.blit_text(surface, words, size, span.center, kit.INK, True, "center")
        if len(ask.options) > 1:
            kit.blit_text(
                surface,
                str(index + 1),
                11,
                (rect.right - 5, rect.y + 2),
                kit.INK_DIM,
                anchor="topright",
            )


def draw_piles(surface, rect, option) -> None:
    """A split's two piles, each after its caption ("Pile 1", "Pile 2": the mover picks one
    by its place, OR-D7), or the gems dropped, as gem pictures."""
    halves = [option.left] if option.right is None else [option.left, option.right]
    span = rect.width / len(halves)
    caption = pile_caption_width() if option.right is not None else 0
    for h, counts in enumerate(halves):
        if caption:
            words, size = kit.fit_label(pile_caption(h + 1), 11, caption - 4, bold=True)
            left = (rect.x + h * span + 8, rect.centery)
            kit.blit_text(surface, words, size, left, kit.GOLD, True, "midleft")
        names = oa.gem_list(counts)
        size = 20
        room = span - caption
        step = min(size + 2, (room - 16) / max(1, len(names)))
        x0 = rect.x + h * span + caption + (room - step * len(names)) / 2 + step / 2
        for j, name in enumerate(names):
            img = oa.gem(name, size)
            surface.blit(img, img.get_rect(center=(x0 + j * step, rect.centery)))
    if option.right is not None:
        pygame.draw.line(
            surface, kit.GOLD, (rect.centerx, rect.y + 6), (rect.centerx, rect.bottom - 6), 2
        )


# --- players, deck, missions ----------------------------------------------------------------------
def clan_of(state, seat: int):
    """The clan colour of ``seat``'s edge ("red"...), or None before edges are chosen."""
    edge = state.edges[seat] if seat < len(state.edges) else None
    return B.EDGE_COLOUR[edge] if edge else None


def draw_info(surface, lay: Layout, state, view: View) -> None:
    """The side panel: each player's row and the missions (solo: the solo panel), then
    the deck."""
    if state.solo:
        draw_solo(surface, lay, state, view)
    else:
        scores = view.scores or tuple(row["total"] for row in R.scores(state))
        for seat in range(state.num_players):
            draw_player(surface, lay, state, seat, scores[seat], view)
        draw_missions(surface, lay, state, view)
    draw_deck(surface, lay, state, view)


def player_panel(lay: Layout, state, seat: int) -> kit.Panel:
    """A player's panel, framed in gold while the player plays."""
    active = state.player == seat and not state.over
    border = kit.GOLD if active else (70, 80, 84)
    return kit.Panel(tuple(lay.player_rect(seat)), PANEL, 9, border)


def draw_player(surface, lay: Layout, state, seat: int, score: int, view: View) -> None:
    """A player's panel: clan emblem, name, carts in supply and points; the stockpile and the
    missions taken."""
    parts = lay.player_parts(seat)
    kit.draw_layer(surface, player_panel(lay, state, seat))
    colour = clan_of(state, seat)
    mark = parts["mark"]
    if colour:
        oa.emblem(surface, colour, mark.center, mark.width / 2)
    else:
        pygame.draw.circle(surface, (150, 150, 150), mark.center, mark.width // 2, 2)
    name = (
        view.names[seat] if seat < len(view.names) else _("Player {number}").format(number=seat + 1)
    )
    words, size = kit.fit_label(name, NAME_FONT, parts["name"].width, bold=True)
    kit.blit_text(surface, words, size, parts["name"].midleft, kit.INK, True, "midleft")
    kit.blit_text(
        surface, score_text(score), SCORE_FONT, parts["score"].midright, kit.GOLD, True, "midright"
    )
    draw_supply(
        surface, parts["carts"], state, state.carts_of(seat), kit.px(SUPPLY_CART), view.patterns
    )
    for gem in range(5):
        slot = lay.stock_slot(seat, gem)
        img = oa.gem(GEMS[gem], kit.px(STOCK_GEM))
        surface.blit(img, img.get_rect(midleft=(slot.x, slot.centery)))
        count = state.stockpiles[seat][gem]
        kit.blit_text(
            surface,
            str(count),
            COUNT_FONT,
            (slot.x + kit.px(STOCK_COUNT_X), slot.centery),
            kit.INK if count else kit.INK_DIM,
            bool(count),
            "midleft",
        )
    taken = len(state.taken[seat])
    if taken:
        box = parts["missions"]
        card = pygame.Rect(0, 0, kit.px(10), kit.px(14))
        card.midleft = (box.x, box.centery)
        pygame.draw.rect(surface, (226, 212, 170), card, border_radius=2)
        pygame.draw.rect(surface, (140, 110, 60), card, 1, border_radius=2)
        kit.blit_text(
            surface,
            f"×{taken}",
            COUNT_FONT,
            (card.right + 3, box.centery),
            kit.HILITE,
            True,
            "midleft",
        )


def draw_supply(surface, area, state, carts, size: int, patterns: bool) -> None:
    """The carts of a player in a row: bright in the supply, dim on the board, struck out when
    lost."""
    x = area.x
    for cart_id in carts:
        cart = state.carts[cart_id]
        img = oa.cart_sprite(
            size, oa.clan(cart.colour), cart.marker, "E", None, cart_mark(cart, patterns)
        )
        if cart.where != CartPlace.SUPPLY:
            img = img.copy()
            img.set_alpha(70)
        surface.blit(img, img.get_rect(midleft=(x, area.centery)))
        if cart.where == CartPlace.LOST:
            half = size * 7 // 18
            pygame.draw.line(
                surface,
                kit.DANGER,
                (x, area.centery - half),
                (x + size - 2, area.centery + half),
                2,
            )
        x += size + 2


def draw_solo(surface, lay: Layout, state, view: View) -> None:
    """Solo: the player's four carts, and the jewels delivered to each edge (the own-colour
    cells framed), with the result so far."""
    parts = lay.solo_parts()
    kit.draw_layer(surface, kit.Panel(tuple(lay.solo_rect()), PANEL, 9, kit.GOLD))
    name = view.names[0] if view.names else _("You")
    words, size = kit.fit_label(name, NAME_FONT, parts["name"].width, bold=True)
    kit.blit_text(surface, words, size, parts["name"].midleft, kit.INK, True, "midleft")
    draw_supply(
        surface, parts["carts"], state, range(len(state.carts)), kit.px(SOLO_CART), view.patterns
    )
    left = lay.solo_carts_words_x()
    words, size = kit.fit_label(_("carts in supply"), COUNT_FONT, parts["carts"].right - left)
    kit.blit_text(
        surface, words, size, (left, parts["carts"].centery), kit.INK_DIM, anchor="midleft"
    )
    kit.draw_layer(surface, kit.Panel(tuple(lay.delivered_rect()), PANEL, 9))
    title = lay.delivered_title()
    words, size = kit.fit_label(_("Jewels delivered"), NAME_FONT, title.width, bold=True)
    kit.blit_text(surface, words, size, title.midleft, kit.INK, True, "midleft")
    for j, name in enumerate(JEWEL_NAMES):
        cell = lay.delivered_cell(0, j)
        img = oa.gem(name, kit.px(15))
        surface.blit(img, img.get_rect(center=(cell.centerx, lay.delivered_jewel_y())))
    for e, edge in enumerate(B.EDGES):
        colour = B.EDGE_COLOUR[edge]
        label = lay.delivered_edge(e)
        oa.emblem(surface, colour, (label.x + kit.px(7), label.centery), kit.px(7))
        words_x = label.x + kit.px(17)
        words, size = kit.fit_label(_(EDGE_WORDS[edge]), COUNT_FONT, label.right - words_x)
        kit.blit_text(surface, words, size, (words_x, label.centery), kit.INK_DIM, anchor="midleft")
        got = state.delivered.get(edge, (0,) * 5)
        for j, name in enumerate(JEWEL_NAMES):
            cell = lay.delivered_cell(e, j)
            gem = GEMS.index(name)
            if JEWEL_EDGE[gem] == edge:
                pygame.draw.rect(surface, oa.clan(colour), cell, 2, border_radius=4)
            count = got[gem]
            kit.blit_text(
                surface,
                str(count),
                COUNT_FONT + 1,
                cell.center,
                kit.INK if count else kit.INK_DIM,
                count > 0,
                "center",
            )
    line = R.solo_tally(R.solo_result(state))
    words, size = kit.fit_label(line, COUNT_FONT + 1, lay.delivered_tally().width)
    kit.blit_text(surface, words, size, lay.delivered_tally().midleft, kit.HILITE, anchor="midleft")


def draw_deck(surface, lay: Layout, state, view: View) -> None:
    """The deposit deck (face down), the last card revealed beside it, and the deck's state:
    cards left, the Chasm card, the bag or the chasm tokens."""
    kit.draw_layer(surface, kit.Panel(tuple(lay.deck_rect()), PANEL, 9))
    card = lay.deck_card()
    left = len(state.solo_deck) if state.solo else sum(sum(pile) for pile in state.piles)
    if left:
        if left > 1:
            surface.blit(oa.deposit_card(card.width, card.height, None, None), card.move(2, -2))
        surface.blit(oa.deposit_card(card.width, card.height, None, None), card)
    else:
        pygame.draw.rect(surface, (70, 70, 70), card, 1, border_radius=6)
    if view.last_card is not None:
        colour, number = view.last_card
        surface.blit(oa.deposit_card(card.width, card.height, colour, number), lay.last_card())
    else:
        pygame.draw.rect(surface, (60, 64, 60), lay.last_card(), 1, border_radius=6)
    lines = zip(lay.deck_lines(), deck_lines(state), strict=True)
    for index, (line, (words, colour)) in enumerate(lines):
        text, size = kit.fit_label(words, DECK_FONT, line.width, bold=index == 0)
        kit.blit_text(surface, text, size, line.midleft, colour, index == 0, "midleft")


def bag_words(state) -> str:
    """ "Bag: 12 gems"."""
    count = sum(state.bag)
    return ngettext("Bag: {count} gem", "Bag: {count} gems", count).format(count=count)


def deck_lines(state) -> list:
    """The deck panel's three lines ``[(words, colour)]``."""
    if state.solo:
        left = len(state.solo_deck)
        return [
            (
                ngettext("Deck: {count} card", "Deck: {count} cards", left).format(count=left),
                kit.INK,
            ),
            (_("Chasm: {placed}/20 tokens").format(placed=len(state.chasm)), kit.DANGER),
            (bag_words(state), kit.INK_DIM),
        ]
    left = sum(sum(pile) for pile in state.piles)
    third = (bag_words(state), kit.INK_DIM)
    if state.chasm_phase:
        second = (_("Chasm: {placed}/20 tokens").format(placed=len(state.chasm)), kit.DANGER)
    elif state.chasm_card_seen:
        second = (_("Chasm card is out!"), kit.DANGER)
        if state.final_turns_left > 0:
            third = (
                _("Turns till chasm: {count}").format(count=state.final_turns_left),
                kit.DANGER,
            )
    else:
        second = (_("Chasm card: not yet"), kit.INK_DIM)
    return [(_("Deposit deck: {count}").format(count=left), kit.INK), second, third]


def draw_missions(surface, lay: Layout, state, view: View) -> None:
    """The face-up missions (a glowing frame on one the person may take now) and the taken
    ones, with their taker's emblem."""
    if not state.dealt:
        return
    kit.draw_layer(surface, kit.Panel(tuple(lay.missions_rect()), PANEL, 9))
    title = _("Missions · {points} points each").format(points=MISSION_POINTS)
    words, size = kit.fit_label(title, MISSION_FONT + 1, lay.mission_title().width, bold=True)
    # centred by its letters, not its line: Noto Sans JP's line sits lower and touched the first
    # mission (play-test)
    image = kit.text(words, size, kit.INK, True)
    row = lay.mission_title()
    surface.blit(image, (row.x, row.centery - image.get_bounding_rect().centery))
    owners = {m: p for p, taken in enumerate(state.taken) for m in taken}
    for index, mission in enumerate(state.dealt):
        rect = lay.mission_rect(index)
        name = mission_name(mission)
        if mission in owners:
            seat = owners[mission]
            pygame.draw.rect(surface, (40, 40, 40), rect, border_radius=5)
            colour = clan_of(state, seat)
            if colour:
                oa.emblem(surface, colour, (rect.x + kit.px(9), rect.centery), kit.px(7))
            who = view.names[seat] if seat < len(view.names) else ""
            words_x = rect.x + kit.px(20)
            words, size = kit.fit_label(
                _("{mission} — {name}").format(mission=name, name=who),
                MISSION_FONT,
                rect.right - kit.px(4) - words_x,
            )
            kit.blit_text(
                surface, words, size, (words_x, rect.centery), kit.INK_DIM, anchor="midleft"
            )
            continue
        takeable = mission in view.takeable
        pygame.draw.rect(surface, (226, 212, 170), rect, border_radius=5)
        pygame.draw.rect(
            surface,
            kit.HILITE if takeable else (140, 110, 60),
            rect,
            3 if takeable else 1,
            border_radius=5,
        )
        words, size = kit.fit_label(name, MISSION_FONT, rect.width - 14, bold=True)
        kit.blit_text(
            surface, words, size, (rect.x + 7, rect.centery), kit.INK_DARK, True, "midleft"
        )
