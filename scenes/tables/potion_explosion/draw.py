"""Drawing the Potion Explosion table: pure functions of (surface, layout, shown state, view).

They never change a state and never decide a rule: what may be clicked, what glows, what a
hovered pick would explode all arrive in the :class:`View`, which the scene fills from the
engine's legal actions and helpers. The score sheet is :mod:`.sheet`; the art itself (tiles,
marbles, tokens, the dispenser) is :mod:`sprites.potion_explosion_art`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from engine.potion_explosion.data import (
    COLOUR_NAMES,
    COLOURS,
    NUM_STACKS,
    NUM_TRACKS,
    POOL_SIZE,
    STARTER_OF,
    TILES,
    TRACK_LENGTH,
    TYPE_CODES,
)
from engine.potion_explosion.state import (
    SETUP_PHASES,
    Phase,
    potion_name,
)
from scenes import kit
from scenes.tables.potion_explosion.chips import draw_named_chip
from scenes.tables.potion_explosion.layout import (
    CAPTION_FONT,
    HEADER_FONT,
    MINI_FONT,
    PILE_FONT,
    Layout,
)
from sprites import potion_explosion_art as pa
from translation import _, ngettext, pgettext


@dataclass
class View:
    """Everything the board shows besides the state.

    ``pickable``: marbles ``(track, place)`` a click may take (``ring_pickable``: ring them, as
    during a potion's effect); ``outlined``: marbles an effect
    choice would take (the hovered pair or run, the Filter's chosen marbles); ``preview`` and
    ``preview_more``: what the hovered regular pick explodes; ``holes``: ``(slot, hole colour)``
    where the picked-up marble may go; ``selected``: ``(source, colour)`` picked up;
    ``drinkable``/``copyable``: completed potions of the viewer that glow; ``blind``: seats whose
    pool may be taken; ``stacks``: stacks that may be chosen; ``hint``: rects to frame;
    ``last_turns``: ``{seat: .last_turn.LastTurn}``; ``zoom``: the seat whose desk is shown large.
    """

    time: float = 0.0
    names: tuple = ()
    patterns: bool = False
    hidden: frozenset = frozenset()
    busy: bool = False
    mouse: tuple = (0, 0)
    pickable: frozenset = frozenset()
    ring_pickable: bool = False
    outlined: frozenset = frozenset()
    preview: frozenset = frozenset()
    preview_more: bool = False
    hovered: tuple | None = None
    holes: frozenset = frozenset()
    selected: tuple | None = None
    dragging: bool = False
    pool_target: bool = False
    hand_target: bool = False
    drinkable: frozenset = frozenset()
    copyable: frozenset = frozenset()
    blind: frozenset = frozenset()
    stacks: frozenset = frozenset()
    hover_key: tuple | None = None
    hint: tuple = ()
    last_turns: dict = field(default_factory=dict)
    zoom: int | None = None


def pool_list(desk) -> list:
    """The pool's marbles as colour letters in a fixed order (how the pool is drawn)."""
    return [c for k, c in enumerate(COLOURS) for _ in range(desk.pool[k])]


def pulse(view: View, speed: float = 6.0) -> float:
    """A glow's strength, 0 to 1, pulsing ``speed`` radians a second with the view's clock."""
    return 0.5 + 0.5 * math.sin(view.time * speed)


# --- the whole board ----------------------------------------------------------------------------
def board_backdrop(lay: Layout, state, view: View) -> tuple:
    """What :func:`draw_board` lays straight on the felt, in its order (the table's backdrop
    holds it): the dispenser's cabinet, the stacks' panel, the other desks' and the viewer's
    desk's panels, the pool's and the hand's, and a setup overlay's veil. Nothing drawn before
    one of them reaches under it."""
    layers = [dispenser_sprite(lay), stacks_panel(lay)]
    layers += [compact_panel(lay, state, seat, view) for seat in lay.others]
    layers += [
        desk_panel(lay, state),
        zone_panel(lay.pool_zone(), view.pool_target),
        zone_panel(lay.hand_zone(), view.hand_target),
    ]
    if state.phase == Phase.TYPES or (
        state.phase in (Phase.STARTERS, Phase.DRAFT) and state.revealed
    ):
        layers.append(veil_panel(lay))
    return tuple(layers)


def draw_board(surface, lay: Layout, state, view: View) -> None:
    """The table: dispenser, stacks, the other desks, the viewer's desk, setup overlays and
    banners, the hint's frame, and over it the hovered pick's badge."""
    draw_dispenser(surface, lay, state, view)
    draw_stacks(surface, lay, state, view)
    for seat in lay.others:
        draw_compact_desk(surface, lay, state, seat, view)
    draw_desk(surface, lay, state, view)
    if state.phase == Phase.TYPES:
        draw_type_choice(surface, lay, state, view)
    elif state.phase in (Phase.STARTERS, Phase.DRAFT) and state.revealed:
        draw_offer(surface, lay, state, view)
    if not view.busy:
        for rect in view.hint:
            frame = rect.inflate(8, 8)
            layer = pygame.Surface(frame.size, pygame.SRCALPHA)
            pygame.draw.rect(
                layer,
                (90, 230, 255, int(120 + 120 * pulse(view))),
                layer.get_rect(),
                3,
                border_radius=hint_radius(frame),
            )
            surface.blit(layer, frame)
    if view.hovered is not None and (view.preview or view.preview_more):
        # over the hint's frame: a play-tester read "6+" half hidden under it
        draw_preview_badge(surface, lay, view)


# --- the dispenser --------------------------------------------------------------------------
def dispenser_sprite(lay: Layout) -> kit.Sprite:
    """The dispenser's cabinet, as drawn under its marbles."""
    disp = lay.disp
    return kit.Sprite(pa.dispenser_back(disp.width, disp.height, lay.tank_h), disp.topleft)


def draw_dispenser(surface, lay: Layout, state, view: View) -> None:
    """The dispenser: tank, five tracks and their marbles with hover, preview and pick marks
    (the hovered pick's badge is drawn over the hint's frame, :func:`draw_board`)."""
    kit.draw_layer(surface, dispenser_sprite(lay))
    if state.phase in (Phase.TYPES, Phase.FIRST, Phase.STARTERS) or (
        state.phase == Phase.DRAFT and state.revealed
    ):
        return  # the setup overlay covers the dispenser
    draw_tank(surface, lay, state, view)
    for track in range(NUM_TRACKS):
        a = lay.marble_centre(track, -0.3)
        b = lay.marble_centre(track, TRACK_LENGTH - 0.6)
        pygame.draw.line(surface, (18, 12, 20), a, b, max(3, lay.d // 2))
        pygame.draw.line(
            surface, (70, 56, 66), (a[0] - lay.d // 4, a[1]), (b[0] - lay.d // 5, b[1]), 1
        )
        kit.blit_text(
            surface, str(track + 1), 13, lay.track_label(track), kit.INK_DIM, anchor="midtop"
        )
    glow = pulse(view)
    for track, marbles in enumerate(state.tracks):
        for place, colour in enumerate(marbles):
            if ("track", track, place) in view.hidden:
                continue
            x, y = lay.marble_centre(track, place)
            size = lay.marble_size(place)
            lift = 0
            spot = (track, place)
            if spot == view.hovered and spot in view.pickable:
                lift = 3
                pa.glow_disc(surface, (x, y), size * 0.75, (255, 240, 170), 90)
            pa.blit_marble(surface, (x, y - lift), size, colour, view.patterns)
            if spot in view.preview:
                pygame.draw.circle(
                    surface, (255, 120, 60), (int(x), int(y)), size // 2 + 3, 2 + int(glow * 2)
                )
            elif spot in view.outlined:
                pa.glow_disc(surface, (x, y), size * 0.7, (255, 244, 200), 70)
                pygame.draw.circle(surface, (255, 250, 230), (int(x), int(y)), size // 2 + 3, 3)
            elif view.ring_pickable and spot in view.pickable:
                pygame.draw.circle(surface, (200, 176, 90), (int(x), int(y)), size // 2 + 2, 1)


def hint_radius(frame: pygame.Rect) -> int:
    """The corner radius of a hint's frame: round around a marble (a square), a card's
    rounded corners around a potion tile (a pill around the draft's tiles spilled past
    them, a play-test)."""
    if max(frame.size) <= min(frame.size) * 1.15:
        return min(frame.size) // 2
    return 12


def preview_label(exploded: int, more: bool) -> str:
    """The hover badge's words: the picked marble and the ``exploded`` ones, "+" when ``more``
    may explode once the refills roll in."""
    taken = exploded + 1
    return f"{taken}+" if more else str(taken)


def draw_preview_badge(surface, lay: Layout, view: View) -> None:
    """Beside the hovered marble, how many marbles the pick takes: the marble and those it
    explodes ("4", "4+" when a marble still to roll in could add more), as the hint counts
    them (a play-test: the badge said 5 where the hint said 6), kept inside the tracks."""
    hovered = view.hovered
    if hovered is None:
        return
    label = preview_label(len(view.preview), view.preview_more)
    x, y = lay.marble_centre(*hovered)
    img = kit.text(label, 16, (20, 8, 4), True)  # 13 px read small at 1024 (play-test)
    radius = max(img.get_width(), img.get_height()) // 2 + 4
    area = lay.tracks_rect().inflate(-2 * radius - 2, -2 * radius - 2)
    side = 1 if hovered[0] < NUM_TRACKS - 1 else -1
    # on the hovered marble's upper corner, not over the neighbouring track's marble
    reach = max(0.0, lay.d / 2 - radius)
    centre = (int(x + side * reach), int(y - lay.d * 0.45))
    centre = (
        min(max(centre[0], area.left), area.right),
        min(max(centre[1], area.top), area.bottom),
    )
    pygame.draw.circle(surface, (255, 150, 80), centre, radius)
    pygame.draw.circle(surface, (255, 230, 190), centre, radius, 2)
    surface.blit(img, img.get_rect(center=centre))


def draw_tank(surface, lay: Layout, state, view: View) -> None:
    """A heap of marbles as many as the tank holds (up to what fits), colours mixed, under its
    label "Tank · N" (no marble drawn under the label: a long label, as in Japanese, hid the top
    of a full heap)."""
    total = sum(state.tank)
    tank = lay.tank
    label = _("Tank · {count}").format(count=total)
    text, size = kit.fit_label(label, 13, tank.width - 16, bold=True, min_size=10)
    words = kit.text(text, size, kit.INK, True)
    place = words.get_rect(topright=(tank.right - 8, tank.y + 4))
    label_panel = place.inflate(10, 2)
    ms = int(min(15, max(8, tank.height / 3.2)))
    step_x, step_y = ms - 1, int(ms * 0.72)
    per_row = max(1, min((tank.width - 16) // step_x, int(math.sqrt(total) * 2) + 2))
    half = ms // 2
    slots: list = []
    row = 0
    while len(slots) < total and tank.bottom - 5 - ms // 2 - row * step_y > tank.y + ms // 2:
        n_row = per_row - row
        if n_row <= 0:
            break
        x0 = tank.centerx - (n_row - 1) * step_x / 2
        y = tank.bottom - 5 - ms // 2 - row * step_y
        slots += [
            (x, y)
            for x in (x0 + i * step_x for i in range(n_row))
            if not label_panel.colliderect(pygame.Rect(x - half, y - half, ms, ms))
        ]
        row += 1
    colours = [c for k, c in enumerate(COLOURS) for _ in range(state.tank[k])]
    if colours:
        order = sorted(range(len(colours)), key=lambda i: (i * 7919) % 97)
        heap = [colours[i] for i in order]
        if len(heap) > len(slots):
            heap = heap[:: max(1, math.ceil(len(heap) / max(1, len(slots))))]
        filled = sorted(slots, key=lambda pt: (-pt[1], abs(pt[0] - tank.centerx)))
        for (x, y), colour in zip(filled, heap):
            pa.blit_marble(surface, (x, y), ms, colour, view.patterns)
    kit.draw_panel(surface, label_panel, (16, 20, 24, 190), radius=6)
    surface.blit(words, place)


# --- the stacks -------------------------------------------------------------------------------
def stacks_panel(lay: Layout) -> kit.Panel:
    """The plate behind the potion stacks."""
    return kit.Panel(tuple(lay.stacks), (20, 26, 30, 190))


def draw_stacks(surface, lay: Layout, state, view: View) -> None:
    """The potion stacks (top card, face-down count; in setup a note) and the token pile."""
    kit.draw_layer(surface, stacks_panel(lay))
    label, colour = stacks_label(state, view)
    text, size = kit.fit_label(label, 13, lay.stacks_label().width, bold=True)
    kit.blit_text(surface, text, size, lay.stacks_label().topleft, colour, True)
    if state.phase in SETUP_PHASES:
        room = pygame.Rect(
            lay.stacks.x + 14, lay.stacks.y, lay.pile.x - lay.stacks.x - 24, lay.stacks.height
        )  # left of the skill-token pile
        lines = kit.wrap(_("The stacks are formed after the starter draft"), 13, room.width)
        step = kit.font(13).get_linesize()
        top = room.centery - step * len(lines[:2]) // 2
        for index, line in enumerate(lines[:2]):
            text, size = kit.fit_label(line, 13, room.width)
            kit.blit_text(surface, text, size, (room.x, top + index * step), kit.INK_DIM)
    else:
        for index in range(NUM_STACKS):
            rect = lay.stack_card(index)
            top, count = state.stacks[index].top, state.stacks[index].face_down
            if count > 0:
                surface.blit(pa.card_back(rect.width, rect.height), rect.move(3, -3))
            if top is not None:
                glow = (0.6 + 0.4 * math.sin(view.time * 5)) if index in view.stacks else 0
                pa.draw_potion(surface, rect, top, [], view.patterns, glow=glow)
            elif count == 0:
                pygame.draw.rect(surface, (60, 70, 74), rect, 1, border_radius=6)
                kit.blit_text(surface, _("empty"), 12, rect.center, kit.INK_DIM, anchor="center")
            badge = kit.text(f"+{count}", 11, kit.INK, True)
            plate = badge.get_rect(topleft=(rect.x + 5, rect.y + 4)).inflate(6, 2)
            pygame.draw.rect(surface, (20, 16, 24), plate, border_radius=4)
            surface.blit(badge, badge.get_rect(center=plate.center))
    draw_pile(surface, lay, state)


def stacks_label(state, view: View) -> tuple:
    """The stacks panel's title and its colour: the stack choice, the last round and the
    tie-break are said there."""
    if view.stacks:
        return _("Potion stacks: choose one for your empty slot"), kit.HILITE
    if state.phase == Phase.TIEBREAK:
        return _("Tie-break: one pick each, most marbles wins"), kit.HILITE
    if state.ending and state.phase in (Phase.PLAY, Phase.END):
        return _("Last round: the game ends after this round"), kit.HILITE
    return _("Potion stacks"), kit.INK_DIM


def draw_pile(surface, lay: Layout, state) -> None:
    """The skill tokens left: the countdown stack (its emptying ends the game) and the
    general supply."""
    icon = lay.pile_icon()
    img = pa.skill_token(icon.width)
    for i in range(min(3, state.countdown)):
        surface.blit(img, img.get_rect(center=(icon.centerx, icon.centery - 3 * i)))
    if not state.countdown:
        pygame.draw.circle(surface, (60, 70, 74), icon.center, icon.width // 2, 1)
    lines = (
        _("Skill tokens"),
        _("Countdown {count}").format(count=state.countdown),
        _("Supply {count}").format(count=state.supply),
    )
    colours = (kit.INK_DIM, kit.HILITE if state.countdown <= 2 else kit.INK, kit.INK_DIM)
    for rect, line, colour in zip(lay.pile_lines(), lines, colours):
        text, size = kit.fit_label(line, PILE_FONT, rect.width, bold=True)
        kit.blit_text(surface, text, size, (rect.x, rect.centery), colour, True, "midleft")


# --- desks --------------------------------------------------------------------------------------
def draw_header(
    surface, lay: Layout, header: pygame.Rect, state, seat: int, size: int, names
) -> None:
    """Seat colour, name, tokens and score in a desk's header."""
    parts = lay.header_parts(header, size)
    colour = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
    pygame.draw.circle(surface, colour, (header.x + 6, header.centery), 6)
    desk = state.desks[seat]
    score = _("{points} VP").format(points=state.scores()[seat])
    kit.blit_text(surface, score, size, parts["score"].midright, kit.GOLD, True, "midright")
    x = parts["tokens"].right
    token = size + 2
    for count, img in ((desk.helps, pa.help_token(token)), (desk.tokens, pa.skill_token(token))):
        if count:
            t = kit.blit_text(
                surface, f"×{count}", size - 2, (x, header.centery), kit.INK, True, "midright"
            )
            r = img.get_rect(midright=(t.x - 1, header.centery))
            surface.blit(img, r)
            x = r.x - 8
    name = names[seat] if seat < len(names) else _("Player {number}").format(number=seat + 1)
    room = min(x - 6, parts["score"].x - 8) - parts["name"].x  # the tokens drawn, if any
    text, fitted = kit.fit_label(name, size, room, bold=True, min_size=size - 2)
    kit.blit_text(surface, text, fitted, parts["name"].midleft, kit.INK, True, "midleft")


def desk_panel(lay: Layout, state) -> kit.Panel:
    """The viewer's desk's panel, framed in gold while the viewer plays."""
    border = kit.GOLD if _active(state) == lay.viewer else (70, 86, 90)
    return kit.Panel(tuple(lay.desk), (24, 32, 36, 215), border=border)


def draw_desk(surface, lay: Layout, state, view: View) -> None:
    """The viewer's big desk."""
    seat = lay.viewer
    desk = state.desks[seat]
    kit.draw_layer(surface, desk_panel(lay, state))
    draw_header(surface, lay, lay.header(), state, seat, HEADER_FONT, view.names)
    for slot in range(2):
        rect = lay.card(slot)
        brewing = desk.slots[slot]
        if brewing is None or ("slot", seat, slot) in view.hidden:
            pygame.draw.rect(surface, (50, 60, 64), rect, 2, border_radius=10)
            kit.blit_text(surface, _("empty slot"), 12, rect.center, kit.INK_DIM, anchor="center")
            continue
        holes, _hole_size = pa.hole_layout(rect.width - 2, rect.height - 3, brewing.tile)
        highlight = set()
        if view.holes:
            counts: dict[str, int] = {}
            for hole, _marble in brewing.placed:
                counts[hole] = counts.get(hole, 0) + 1
            seen: dict[str, int] = {}
            for i, (_x, _y, colour) in enumerate(holes):
                seen[colour] = seen.get(colour, 0) + 1
                if seen[colour] > counts.get(colour, 0) and (slot, colour) in view.holes:
                    highlight.add(i)
        pa.draw_potion(
            surface, rect, brewing.tile, brewing.placed, view.patterns, highlight=highlight
        )
        caption = lay.caption(slot)
        name = pa.short_name(TILES[brewing.tile].type)
        text, size = kit.fit_label(name, CAPTION_FONT, caption.width, min_size=9)
        kit.blit_text(surface, text, size, caption.center, kit.INK, anchor="center")
    draw_pool(surface, lay, desk, seat, view)
    draw_hand(surface, lay, desk, view)
    draw_completed_row(surface, lay, desk, seat, view)


def zone_panel(rect: pygame.Rect, target: bool) -> kit.Panel:
    """The pool's or the hand's panel, lit when a marble may go there."""
    colour = (40, 48, 40, 200) if not target else (70, 64, 30, 220)
    return kit.Panel(tuple(rect), colour, 8, kit.HILITE if target else (70, 86, 90))


def draw_zone(surface, lay: Layout, rect, label: str, target: bool) -> None:
    """The pool's or the hand's panel, lit when a marble may go there, with its label."""
    kit.draw_layer(surface, zone_panel(rect, target))
    row = lay.zone_label(rect)
    text, size = kit.fit_label(label, 12, row.width, bold=True)
    kit.blit_text(surface, text, size, row.midleft, kit.INK_DIM, True, "midleft")


def draw_pool(surface, lay: Layout, desk, seat: int, view: View) -> None:
    """``seat``'s pool: up to 3 marbles (wild ones on a rainbow), the chosen one ringed."""
    zone = lay.pool_zone()
    draw_zone(surface, lay, zone, _("Pool"), view.pool_target)
    pool = pool_list(desk)
    wild = [c for k, c in enumerate(COLOURS) for _ in range(desk.wild[k])]
    for index in range(POOL_SIZE):
        x, y = lay.pool_point(index)
        if index >= len(pool) or ("pool", seat, index) in view.hidden:
            empty_slot(surface, (x, y), lay.md // 2 + 2)
            continue
        pygame.draw.circle(surface, (14, 12, 16), (int(x), int(y)), lay.md // 2 + 2)
        colour = pool[index]
        if colour in wild:
            wild.remove(colour)
            rainbow(surface, (x, y), lay.md * 0.62, view.time)
        if view.dragging and view.selected == ("pool", colour):
            continue
        pa.blit_marble(surface, (x, y), lay.md, colour, view.patterns)
        if view.selected == ("pool", colour):
            pygame.draw.circle(surface, kit.HILITE, (int(x), int(y)), lay.md // 2 + 3, 2)


EMPTY_SLOT, EMPTY_RIM = (30, 36, 40), (84, 98, 104)
"""An empty pool slot: a hole lighter than a black marble, with a rim (play-test: dark discs
read as black marbles)."""


def empty_slot(surface, centre, radius: int) -> None:
    """An empty pool slot of ``radius`` pixels at ``centre``."""
    point = (int(centre[0]), int(centre[1]))
    pygame.draw.circle(surface, EMPTY_SLOT, point, radius)
    pygame.draw.circle(surface, EMPTY_RIM, point, radius, 1)


def draw_hand(surface, lay: Layout, desk, view: View) -> None:
    """The hand: one marble per colour held, with its count; the chosen colour framed."""
    zone = lay.hand_zone()
    hand = _("Hand · {count}").format(count=sum(desk.hand))
    draw_zone(surface, lay, zone, hand, view.hand_target)
    if not sum(desk.hand):
        return
    for k, colour in enumerate(COLOURS):
        count = desk.hand[k]
        if not count:
            continue
        group = lay.hand_group(k)
        chosen = view.selected == ("hand", colour)
        if chosen:
            pygame.draw.rect(surface, (90, 80, 40), group, border_radius=8)
            pygame.draw.rect(surface, kit.HILITE, group, 2, border_radius=8)
        cx = group.x + lay.md / 2 + 4
        if not (chosen and view.dragging and count == 1):
            pa.blit_marble(surface, (cx, group.centery), lay.md, colour, view.patterns)
        kit.blit_text(
            surface,
            f"×{count}",
            15,
            (group.x + lay.md + 10, group.centery),
            kit.INK,
            True,
            "midleft",
        )


def draw_completed_row(surface, lay: Layout, desk, seat: int, view: View) -> None:
    """The completed potions (drunk ones face down); those to drink or copy glow."""
    count = len(desk.completed)
    if not count:
        row = lay.completed_row()
        kit.blit_text(
            surface,
            _("Completed potions appear here"),
            12,
            (row.x, row.centery),
            kit.INK_DIM,
            anchor="midleft",
        )
        return
    for index, potion in enumerate(desk.completed):
        if ("completed", seat, index) in view.hidden:
            continue
        rect = lay.completed_rect(index, count)
        lit = index in view.drinkable or index in view.copyable
        pa.draw_potion(
            surface,
            rect,
            potion.tile,
            [],
            view.patterns,
            back=potion.drunk,
            glow=pulse(view, 4) if lit else 0,
        )
        if lit:
            word = _("Drink") if index in view.drinkable else _("Again")
            # the badge may reach into the gaps beside the tile: "Beber" was 8 pixels tall
            room = rect.width + lay.completed_gap(count) - 6
            text, size = kit.fit_label(word, 11, room, bold=True, min_size=9)
            colour = (60, 140, 80) if index in view.drinkable else (150, 110, 40)
            if kit.text_size(text, size, True)[0] <= room and "…" not in text:
                badge = pygame.Rect(0, 0, room + 4, size + 5)
                badge.midbottom = (rect.centerx, rect.bottom - 2)
                pygame.draw.rect(surface, colour, badge, border_radius=5)
                kit.blit_text(surface, text, size, badge.center, kit.INK, True, "center")
            else:  # too many potions for the word: its colour alone, the tooltip says it
                badge = pygame.Rect(0, 0, max(8, rect.width - 4), 6)
                badge.midbottom = (rect.centerx, rect.bottom - 2)
                pygame.draw.rect(surface, colour, badge, border_radius=3)
                pygame.draw.rect(surface, kit.INK, badge, 1, border_radius=3)


def rainbow(surface, centre, radius: float, time: float) -> None:
    """The Prismatic Joy mark of a wild pool marble."""
    for i, colour in enumerate(((232, 80, 72), (250, 214, 70), (80, 200, 120), (80, 140, 240))):
        a = time * 3 + i * math.pi / 2
        rect = pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)
        pygame.draw.arc(surface, colour, rect, a, a + math.pi / 2, 3)


def _active(state) -> int:
    if state.phase in (Phase.PLAY, Phase.END, Phase.TIEBREAK, Phase.DRAFT):
        return state.turn_owner()
    return -1


def compact_panel(lay: Layout, state, seat: int, view: View) -> kit.Panel:
    """Another seat's compact desk's panel: lit when its pool may be taken, gold while it
    plays."""
    active = _active(state) == seat
    border = kit.HILITE if seat in view.blind else (kit.GOLD if active else (60, 76, 80))
    return kit.Panel(tuple(lay.boxes[seat]), (20, 28, 30, 200), border=border)


def draw_compact_desk(surface, lay: Layout, state, seat: int, view: View) -> None:
    """Another player's desk: its brewing potions as chips whose empty holes show what they
    still need, the pool, the completed potions, and what it took in its last turn."""
    box = lay.boxes[seat]
    desk = state.desks[seat]
    blind = seat in view.blind
    kit.draw_layer(surface, compact_panel(lay, state, seat, view))
    if view.hover_key == ("desk", seat) and not blind:
        pygame.draw.rect(surface, (120, 140, 146), box, 1, border_radius=12)
    draw_header(surface, lay, lay.mini_header(seat), state, seat, MINI_FONT, view.names)
    for slot in range(2):
        rect = lay.chip(seat, slot)
        brewing = desk.slots[slot]
        if brewing is None or ("slot", seat, slot) in view.hidden:
            pygame.draw.rect(surface, (50, 60, 64), rect, 1, border_radius=6)
            continue
        draw_named_chip(surface, rect, brewing.tile, brewing.placed, view.patterns)
    pool = pool_list(desk)
    for index in range(POOL_SIZE):
        x, y = lay.mini_pool_point(seat, index)
        if index < len(pool) and ("pool", seat, index) not in view.hidden:
            pygame.draw.circle(surface, (14, 12, 16), (int(x), int(y)), lay.ms // 2 + 1)
            pa.blit_marble(surface, (x, y), lay.ms, pool[index], view.patterns)
        else:
            empty_slot(surface, (x, y), lay.ms // 2 + 1)
    count = len(desk.completed)
    if count and lay.mini_completed(seat, 0, count) is None:
        drunk = sum(potion.drunk for potion in desk.completed)
        area = lay.mini_completed_area(seat)
        done = _("{done}, {drunk}").format(
            # TRANSLATORS: "5 potions done" and "2 drunk" of a compact desk: "5 done, 2 drunk"
            done=ngettext("{count} done", "{count} done", count).format(count=count),
            drunk=ngettext("{count} drunk", "{count} drunk", drunk).format(count=drunk),
        )
        text, size = kit.fit_label(done, 12, area.width, min_size=9)
        kit.blit_text(surface, text, size, (area.x, area.centery), kit.INK, anchor="midleft")
    else:
        for index, potion in enumerate(desk.completed):
            if ("completed", seat, index) not in view.hidden:
                pa.draw_potion(
                    surface,
                    lay.mini_completed(seat, index, count),
                    potion.tile,
                    [],
                    view.patterns,
                    back=potion.drunk,
                )
    if blind:  # the invitation takes the strip: no stars under it
        strip = lay.last_turn_strip(seat)
        kit.blit_text(
            surface, _("click: take this pool"), 12, strip.midright, kit.HILITE, True, "midright"
        )
    else:
        draw_last_turn(surface, lay, seat, desk, view)


def draw_last_turn(surface, lay: Layout, seat: int, desk, view: View) -> None:
    """The compact desk's bottom strip: the marbles in its hand now (its turn), or what it
    took in its last turn."""
    strip = lay.last_turn_strip(seat)
    if strip.height < 8:
        return
    held = [c for k, c in enumerate(COLOURS) for _ in range(desk.hand[k])]
    last = view.last_turns.get(seat)
    if held:
        label, colours, done = _("hand"), held, []
    elif last is not None and (last.colours or last.completed):
        label, colours, done = _("last turn"), last.colours, last.completed
    else:
        return
    r = kit.blit_text(surface, label, 12, (strip.x, strip.centery), kit.INK_DIM, anchor="midleft")
    size = max(6, strip.height - 4)
    x = r.right + 4 + size / 2
    limit = strip.right - 4 - (len(done) * 16)
    for colour in colours:
        if x + size / 2 > limit:
            kit.blit_text(
                surface, "…", 11, (x - size / 2, strip.centery), kit.INK_DIM, anchor="midleft"
            )
            break
        pa.blit_marble(surface, (x, strip.centery), size, colour, view.patterns)
        x += size - 1
    x = strip.right - 16 * len(done)
    for _code in done:
        star = pa.art.star(6)
        surface.blit(star, star.get_rect(center=(x + 8, strip.centery)))
        x += 16


def draw_zoom(
    surface, lay: Layout, state, seat: int, view: View, anchor: pygame.Rect, avoid=()
) -> None:
    """Another seat's desk drawn large beside ``anchor`` (hovering its compact desk): its
    potions with their holes and names, pool, hand and every completed potion."""
    desk = state.desks[seat]
    card_h = 150
    card_w = int(card_h * 0.74)
    count = len(desk.completed)
    thumb_h = 56
    thumb_w = int(thumb_h * 0.74)
    per_row = 8
    rows = max(1, math.ceil(count / per_row))
    width = max(2 * card_w + 30 + 120, per_row * (thumb_w + 6) + 24)
    height = 32 + card_h + 22 + rows * (thumb_h + 6) + 14
    w, h = lay.size
    rect = kit.place_tip((width, height), anchor, pygame.Rect(0, 44, w, h - 44), avoid)
    kit.draw_panel(surface, rect, (14, 18, 20, 245), radius=12, border=kit.GOLD)
    header = pygame.Rect(rect.x + 10, rect.y + 6, rect.width - 20, 20)
    draw_header(surface, lay, header, state, seat, HEADER_FONT, view.names)
    for slot in range(2):
        card = pygame.Rect(rect.x + 10 + slot * (card_w + 10), rect.y + 32, card_w, card_h)
        brewing = desk.slots[slot]
        if brewing is None:
            pygame.draw.rect(surface, (50, 60, 64), card, 2, border_radius=10)
            continue
        pa.draw_potion(surface, card, brewing.tile, brewing.placed, view.patterns)
        name = potion_name(brewing.tile)
        if kit.text_size(name, 10)[0] > card_w + 8:
            name = pa.short_name(TILES[brewing.tile].type)
        text, size = kit.fit_label(name, 12, card_w + 8, min_size=10)
        kit.blit_text(
            surface, text, size, (card.centerx, card.bottom + 3), kit.INK, anchor="midtop"
        )
    x = rect.x + 20 + 2 * (card_w + 10)
    y = rect.y + 36
    kit.blit_text(surface, _("Pool"), 12, (x, y), kit.INK_DIM, True)
    for index, colour in enumerate(pool_list(desk)):
        pa.blit_marble(surface, (x + 12 + index * 28, y + 32), 24, colour, view.patterns)
    held = [c for k, c in enumerate(COLOURS) for _ in range(desk.hand[k])]
    if held:
        kit.blit_text(surface, _("Hand"), 12, (x, y + 56), kit.INK_DIM, True)
        for index, colour in enumerate(held[:8]):
            pa.blit_marble(
                surface,
                (x + 10 + (index % 4) * 24, y + 84 + (index // 4) * 24),
                20,
                colour,
                view.patterns,
            )
    top = rect.y + 32 + card_h + 22
    if not count:
        kit.blit_text(
            surface, _("No completed potion yet"), 12, (rect.x + 12, top + 8), kit.INK_DIM
        )
    for index, potion in enumerate(desk.completed):
        row, col = divmod(index, per_row)
        tile = pygame.Rect(
            rect.x + 12 + col * (thumb_w + 6), top + row * (thumb_h + 6), thumb_w, thumb_h
        )
        pa.draw_potion(surface, tile, potion.tile, [], view.patterns, back=potion.drunk)


# --- setup overlays -----------------------------------------------------------------------------
def veil_panel(lay: Layout) -> kit.Panel:
    """The setup overlays' panel over the dispenser (opaque: the tank's glass showed through
    as a faint box behind the title)."""
    return kit.Panel(tuple(lay.disp.inflate(-12, -12)), (16, 20, 24, 255), border=kit.GOLD)


def draw_offer(surface, lay: Layout, state, view: View) -> None:
    """The starter draft over the dispenser: the revealed starters with their names."""
    veil = lay.disp.inflate(-12, -12)
    kit.draw_layer(surface, veil_panel(lay))
    title = _("Starter draft")
    size = kit.fit_text(title, 18, veil.width - 12, bold=True, min_size=12)
    kit.blit_text(surface, title, size, (veil.centerx, veil.y + 8), kit.GOLD, True, "midtop")
    for code, rect in zip(state.revealed, lay.offer_cards(len(state.revealed))):
        glow = 1.0 if view.hover_key == ("offer", code) else 0
        pa.draw_potion(surface, rect, code, [], view.patterns, glow=glow)
        name = pa.short_name(TILES[code].type)
        text, size = kit.fit_label(name, 12, rect.width + 8, min_size=9)
        kit.blit_text(
            surface, text, size, (rect.centerx, rect.bottom + 3), kit.INK, anchor="midtop"
        )


def draw_type_choice(surface, lay: Layout, state, view: View) -> None:
    """Choosing the 6 potion types over the dispenser: each type's starter, chosen lit."""
    veil = lay.disp.inflate(-12, -12)
    kit.draw_layer(surface, veil_panel(lay))
    title = _("Choose 6 potion types ({count}/6)").format(count=len(state.types))
    kit.blit_text(
        surface,
        title,
        kit.fit_text(title, 16, veil.width - 12, bold=True, min_size=11),
        (veil.centerx, veil.y + 8),
        kit.GOLD,
        True,
        "midtop",
    )
    for code, rect in zip(TYPE_CODES, lay.offer_cards(len(TYPE_CODES))):
        chosen = code in state.types
        pa.draw_potion(
            surface,
            rect,
            STARTER_OF[code],
            [],
            view.patterns,
            glow=1.0 if chosen or view.hover_key == ("type", code) else 0,
        )
        text, size = kit.fit_label(pa.short_name(code), 12, rect.width + 8, min_size=9)
        kit.blit_text(
            surface,
            text,
            size,
            (rect.centerx, rect.bottom + 3),
            kit.HILITE if chosen else kit.INK,
            chosen,
            "midtop",
        )


def colour_words(colours) -> str:
    """ "2 red, 1 blue" for a list of colour letters."""
    parts = []
    for colour in COLOURS:
        n = list(colours).count(colour)
        if n:
            parts.append(
                _("{count} {colour}").format(
                    count=n,
                    colour=pgettext("marbles", COLOUR_NAMES[colour])
                    if n > 1
                    else pgettext("a marble", COLOUR_NAMES[colour]),
                )
            )
    return _(", ").join(parts)
