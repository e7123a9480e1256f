"""The pieces on the Off the Rails board: gems and carts, drawn where they are (the board)
or where an animation puts them (:mod:`.animate`).

A deposit's gems lie in small stacks, one per kind, with a count badge when there are more than
one; gems left under a cart lie at the square's bottom corners, beside the cart. A cart carries
its load, its speed die and, with the colour-pattern setting, its clan's emblem.
"""

from __future__ import annotations

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


def leftover_spots(lay: Layout, square, kinds: int) -> list:
    """Where the gems left on a square under a cart go (``kinds`` stacks, at most two): its
    bottom corners, clear of the cart (which fills the square's middle, its speed die the top
    right corner, the mine square's number the top left), overhanging the square by a few
    pixels. Centres in pixels."""
    rect = lay.square(square)
    half = lay.leftover_gem_size / 2
    out, down = round(lay.cell * 0.1), round(lay.cell * 0.05)  # past the wheels
    y = rect.bottom - half + down
    corners = [(rect.x + half - out, y), (rect.right - half + out, y)]
    return corners[: min(2, kinds)]


def leftover_stacks(counts) -> list:
    """``[(gem names, count)]`` for :func:`leftover_spots`: the most valuable kind at the
    bottom left with its count; the rest at the bottom right (one kind: its count; several:
    a small heap of one gem each, with their total)."""
    stacks = gem_stacks(counts)
    if len(stacks) <= 2:
        return [((name,), count) for name, count in stacks]
    rest = stacks[1:]
    return [((stacks[0][0],), stacks[0][1]), (tuple(n for n, _c in rest), sum(c for _n, c in rest))]


def draw_leftover_gems(surface, lay: Layout, square, counts) -> None:
    """Gems lying under a cart: at the square's bottom corners, beside the cart, never under
    it (:func:`leftover_spots`), each with its count badge on the outer side."""
    size = lay.leftover_gem_size
    stacks = leftover_stacks(counts)
    for index, ((x, y), (names, count)) in enumerate(
        zip(leftover_spots(lay, square, len(stacks)), stacks, strict=False)
    ):
        side = -1 if index == 0 else 1  # outwards: away from the cart
        shown = names[:3]
        for k, name in reversed(list(enumerate(shown))):  # a heap spreads outwards
            img = oa.gem(name, size)
            surface.blit(img, img.get_rect(center=(x + side * k * size * 0.4, y)))
        if count > 1:  # above and outside the gem: off the numbers of the squares below
            badge(surface, (x + side * size * 0.55, y - size * 0.45), str(count), COUNT_FONT - 1)


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
) -> None:
    """A cart at ``centre`` turned ``angle`` degrees, with its load (``load`` overrides it) and
    its speed die (``speed`` overrides it) at the square's corner."""
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
        g = max(6, int(lay.load_gem_size * scale))
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
        surface.blit(face, (centre[0] + lay.cell * 0.5 - ds - 1, centre[1] - lay.cell * 0.5))
