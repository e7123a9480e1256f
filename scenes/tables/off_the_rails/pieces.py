"""The pieces on the Off the Rails board: gems and carts, drawn where they are (the board)
or where an animation puts them (:mod:`.animate`).

A deposit's gems lie in small stacks, one per kind, with a count badge when there are more than
one; gems under a cart show as a chip at the square's corner. A cart carries its load, its
speed die and, with the colour-pattern setting, its clan's emblem.
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


def draw_gem_chip(surface, lay: Layout, square, counts) -> None:
    """Gems lying under a cart: a chip at the square's lower-left corner, above the cart, with
    each kind's gem and the number of gems."""
    rect = lay.square(square)
    size = max(12, lay.gem_size - 2)
    stacks = gem_stacks(counts)[:3]
    width = 4 + len(stacks) * (size - 3) + 3
    chip = pygame.Rect(rect.x + 1, rect.bottom - size - 3, width, size + 2)
    kit.draw_panel(surface, chip, (18, 14, 12, 220), radius=5, border=(200, 180, 140))
    for k, (name, _count) in enumerate(stacks):
        img = oa.gem(name, size)
        surface.blit(
            img, img.get_rect(center=(chip.x + 2 + size // 2 + k * (size - 3), chip.centery))
        )
    total = sum(counts)
    if total > 1 or len(stacks) < len(gem_stacks(counts)):
        badge(surface, (chip.right + 2, chip.y + 1), str(total))


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
        step = g * 0.85
        rows = (len(names) + 1) // 2
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
