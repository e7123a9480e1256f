"""The pieces on the Off the Rails board: gems and carts, drawn where they are (the board)
or where an animation puts them (:mod:`.animate`).

A deposit's gems lie in small stacks, one per kind, with a count badge when there are more than
one; gems lying under a cart lie on a pale strip along the square's bottom, the cart a little
smaller above it. A cart carries its load, its speed die and, with the colour-pattern setting,
its clan's emblem.
"""

from __future__ import annotations

import functools
import math

import pygame

from engine.off_the_rails import board as B
from engine.off_the_rails.data import GEMS
from scenes import kit
from scenes.tables.off_the_rails.layout import COUNT_FONT, Layout
from sprites import art
from sprites import off_the_rails_art as oa


# --- gems -----------------------------------------------------------------------------------------
def gem_stacks(counts) -> list:
    """``[(gem name, count)]`` of the kinds present, the most valuable first."""
    return [(GEMS[g], counts[g]) for g in (4, 3, 2, 1, 0) if counts[g]]


def stack_spots(kinds: int, cell: int) -> list:
    """Offsets from a square's centre for ``kinds`` gem stacks, keeping the top-left corner
    (a mine square's number) clear up to four kinds."""
    d = cell * 0.22
    return {
        1: [(d * 0.3, d * 0.3)],
        2: [(-d * 0.8, d * 0.7), (d, -d * 0.3)],
        3: [(d, -d), (-d, d * 0.8), (d, d * 0.8)],
        4: [(d, -d), (-d, d * 0.8), (d, d * 0.8), (0, 0)],
        5: [(-d, -d), (d, -d), (-d, d), (d, d), (0, 0)],
    }[min(5, max(1, kinds))]


def draw_gems(surface, lay: Layout, square, counts, offset=(0, 0)) -> None:
    """The gems on a square: one small stack per kind (up to three gems drawn, offset), with a
    count badge when the kind has more than one."""
    cx, cy = lay.centre(square)
    cx, cy = cx + offset[0], cy + offset[1]
    size = lay.gem_size
    stacks = gem_stacks(counts)
    for (dx, dy), (name, count) in zip(stack_spots(len(stacks), lay.cell), stacks, strict=False):
        draw_stack(surface, (cx + dx, cy + dy), name, count, size)


def draw_stack(surface, centre, name: str, count: int, size: int) -> None:
    """``count`` gems of kind ``name`` as a stack of at most 3 images of ``size``
    pixels at ``centre``, with a count badge above 1."""
    img = oa.gem(name, size)
    shown = min(3, count)
    for k in range(shown):
        shift = (shown - 1 - k) * 2
        surface.blit(img, img.get_rect(center=(centre[0] - shift, centre[1] - shift)))
    if count > 1:
        badge(surface, (centre[0] + size * 0.45, centre[1] + size * 0.4), str(count))


def badge(surface, centre, label: str, size: int = COUNT_FONT) -> None:
    """A small dark disc with a white count."""
    img = kit.text(label, size, (255, 255, 255), True)
    radius = max(img.get_width(), img.get_height()) // 2 + 1
    pos = (int(centre[0]), int(centre[1]))
    pygame.draw.circle(surface, (24, 20, 18), pos, radius)
    pygame.draw.circle(surface, (236, 226, 200), pos, radius, 1)
    surface.blit(img, img.get_rect(center=pos))


LEFTOVER_PLATE = (236, 226, 200)
"""The pale strip gems left under a cart lie on: it stands out on the dark floor, the track
and every mine's tint."""
LEFTOVER_RIM = (24, 20, 18)
LEFTOVER_INK = (40, 30, 22)
"""The counts written on the strip."""


LEFTOVER_TUCK = 3
"""How far the strip may lie over the foot of the cart above it (its shadow and wheels), in
pixels: the cart keeps more of its size."""


def leftover_strip(lay: Layout, square) -> pygame.Rect:
    """The pale strip along the bottom of a square where a cart stands on gems: the gems lie
    on it, in sight below the cart (:func:`standing_pose` lifts the cart above it). Inside the
    square, 1 pixel in from its sides and bottom; ``lay.leftover_gem_size`` + 2 pixels high."""
    rect = lay.square(square)
    height = lay.leftover_gem_size + 2
    return pygame.Rect(rect.x + 1, rect.bottom - 1 - height, rect.width - 2, height)


def leftover_items(lay: Layout, square, counts) -> list:
    """What the strip shows and where: ``[(names, count, x, step, count_x)]``: the gems
    ``names`` from centre ``x``, each ``step`` right of the one before (a heap), and
    ``count`` written from ``count_x`` after them (None for a single gem), in pixels. One or
    two kinds, each with its count, where that fits the strip; else one heap of the kinds
    (three at most, the most valuable first) with their total (the square's tooltip tells
    them apart). The items are centred, spread evenly."""
    strip = leftover_strip(lay, square)
    size = lay.leftover_gem_size
    room = strip.width - 4
    kinds = gem_stacks(counts)
    heap = (tuple(name for name, _c in kinds[:3]), sum(c for _n, c in kinds))
    choices = [[((name,), count) for name, count in kinds]] if len(kinds) <= 2 else []
    choices.append([heap])
    for choice in choices:
        labels = [
            kit.text_size(str(c), COUNT_FONT, True)[0] + 1 if c > 1 else 0 for _n, c in choice
        ]
        spare: float = room - sum(size + label for label in labels)
        overlaps = sum(len(names) - 1 for names, _c in choice)
        step = min(size * 0.75, max(size * 0.2, spare * 0.8 / overlaps)) if overlaps else 0.0
        spare -= step * overlaps
        if spare >= 0 or choice is choices[-1]:
            break
    gap = max(0.0, spare / (len(choice) + 1))
    x = strip.x + 2 + gap
    out = []
    for (names, count), label in zip(choice, labels, strict=True):
        width = size + step * (len(names) - 1)
        out.append((names, count, x + size / 2, step, x + width + 1 if label else None))
        x += width + label + gap
    return out


def draw_leftover_gems(surface, lay: Layout, square, counts) -> None:
    """Gems lying on a square under a cart, in sight: on a pale strip along the square's
    bottom (:func:`leftover_strip`), below the cart, with their counts in dark figures
    (:func:`leftover_items`)."""
    strip = leftover_strip(lay, square)
    radius = strip.height // 2
    pygame.draw.rect(surface, LEFTOVER_RIM, strip, border_radius=radius)
    pygame.draw.rect(surface, LEFTOVER_PLATE, strip.inflate(-2, -2), border_radius=radius)
    size = lay.leftover_gem_size
    for names, count, x, step, count_x in leftover_items(lay, square, counts):
        for k, name in reversed(list(enumerate(names))):
            img = oa.gem(name, size)
            surface.blit(img, img.get_rect(center=(round(x + k * step), strip.centery)))
        if count_x is not None:
            label = kit.text(str(count), COUNT_FONT, LEFTOVER_INK, True)
            surface.blit(label, label.get_rect(midleft=(round(count_x), strip.centery)))


@functools.lru_cache(maxsize=256)
def cart_extent(size: int, angle: float) -> tuple:
    """``(top, bottom)``: how far the picture of a cart ``size`` pixels long turned ``angle``
    degrees reaches above and below its centre (its shadow and wheels included), pixels."""
    img = oa.cart_sprite(size, (128, 128, 128), "white", None, angle)
    box = img.get_bounding_rect()
    half = img.get_height() / 2
    return box.top - half, box.bottom - half


def standing_pose(lay: Layout, square, angle: float, on_gems: bool) -> tuple:
    """``(centre, scale)`` of a cart standing on ``square`` turned ``angle`` degrees: the
    square's centre at full size; where gems lie under it (``on_gems``), as large as fits
    between the square's top and the gems' strip (:func:`leftover_strip`; the strip may
    cover its foot, :data:`LEFTOVER_TUCK`), centred in that room, so no gem is hidden under
    the cart and the cart stays on its square."""
    if not on_gems:
        return lay.centre(square), 1.0
    rect = lay.square(square)
    room = leftover_strip(lay, square).top + LEFTOVER_TUCK - rect.top
    size = lay.cart_size
    top, bottom = cart_extent(size, angle)
    while size > 8 and bottom - top > room:
        size -= 1
        top, bottom = cart_extent(size, angle)
    centre_y = rect.top + (room - (bottom - top)) // 2 - top
    return (lay.centre(square)[0], centre_y), (size + 0.5) / lay.cart_size


# --- carts ----------------------------------------------------------------------------------------
def cart_mark(cart, patterns: bool):
    """The clan emblem a cart carries with the colour-pattern setting (None without it)."""
    return cart.colour if patterns and cart.colour else None


def cart_angle(cart) -> float:
    """The sprite's rotation for a cart's facing (its back's opposite while it chooses)."""
    side = cart.facing or (cart.back and B.OPPOSITE[cart.back]) or "N"
    return float(oa.FACING_ANGLE.get(side, 0))


def draw_cart(
    surface,
    lay: Layout,
    cart,
    centre,
    angle: float,
    patterns: bool,
    alpha=255,
    scale: float = 1.0,
    load=None,
    speed=None,
    die: bool = True,
    load_size: int | None = None,
    die_centre=None,
) -> None:
    """A cart at ``centre`` turned ``angle`` degrees, ``scale`` times its full size, with its
    load (``load`` overrides it; its gems ``load_size`` pixels, else scaled with the cart) and
    its speed die (``speed`` overrides it) at the top right corner of the square round
    ``centre`` (or ``die_centre``, the cart's square's centre where the cart stands aside)."""
    size = max(8, int(lay.cart_size * scale))
    img = oa.cart_sprite(
        size, oa.clan(cart.colour), cart.marker, None, angle, cart_mark(cart, patterns)
    )
    if alpha < 255:
        img = img.copy()
        img.set_alpha(int(max(0, alpha)))
    surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))
    load = cart.load if load is None else load
    names = oa.gem_list(load)
    if names and scale > 0.4:
        g = load_size or max(6, int(lay.load_gem_size * scale))
        rows = (min(5, len(names)) + 1) // 2
        # a full cart's gems overlap a little rather than spill over its sides
        step = min(g * 0.85, (size * 0.8 - g) / max(1, rows - 1))
        lift = size * 0.1 if cart_mark(cart, patterns) else 0.0
        rad = math.radians(angle)
        for i, name in enumerate(names[:5]):
            col = i % 2 if len(names) > 1 else 0.5
            dx = (col - 0.5) * step
            dy = (i // 2 - (rows - 1) / 2) * step - lift
            x = centre[0] + dx * math.cos(rad) + dy * math.sin(rad)
            y = centre[1] - dx * math.sin(rad) + dy * math.cos(rad)
            gem = oa.gem(name, g)
            if alpha < 255:
                gem = gem.copy()
                gem.set_alpha(int(max(0, alpha)))
            surface.blit(gem, gem.get_rect(center=(x, y)))
    if die and alpha > 200 and scale > 0.6:
        ds = max(14, int(lay.cell * 0.4))
        face = art.die_face(ds, speed if speed is not None else cart.speed, "black")
        corner = centre if die_centre is None else die_centre
        surface.blit(face, (corner[0] + lay.cell * 0.5 - ds - 1, corner[1] - lay.cell * 0.5))


def draw_standing_cart(
    surface,
    lay: Layout,
    cart,
    patterns: bool,
    gems=None,
    angle: float | None = None,
    shake=(0.0, 0.0),
    alpha=255,
) -> None:
    """A cart standing on its square (turned ``angle`` degrees, else as it faces; moved by
    ``shake`` pixels, its die with it; faded to ``alpha``) with the gems lying there
    (``gems``: counts, or None) on their strip below it, both in sight
    (:func:`standing_pose`); its load's gems keep their full size."""
    angle = cart_angle(cart) if angle is None else angle
    on_gems = bool(gems and any(gems))
    (x, y), scale = standing_pose(lay, cart.square, angle, on_gems)
    square_x, square_y = lay.centre(cart.square)
    draw_cart(
        surface,
        lay,
        cart,
        (x + shake[0], y + shake[1]),
        angle,
        patterns,
        alpha=alpha,
        scale=scale,
        load_size=lay.load_gem_size,
        die_centre=(square_x + shake[0], square_y + shake[1]),
    )
    if on_gems:
        draw_leftover_gems(surface, lay, cart.square, gems)
