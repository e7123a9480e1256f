"""Procedural art: dice, marbles, minecarts, drawn by code and cached per size.

No image files: every surface is built from shapes and gradients once per (kind, size, colour) and
reused (docs/DESIGN.md, "Scenes and sprites").
"""

from __future__ import annotations

import functools
import math

import pygame

DIE_COLOURS = {
    # body top-left light, body bottom-right dark, pip colour
    "red": ((236, 86, 72), (168, 34, 30), (255, 246, 236)),
    "black": ((84, 80, 86), (22, 20, 24), (236, 226, 200)),
    "gold": ((255, 220, 110), (206, 150, 30), (92, 52, 10)),
}
MARBLE_COLOURS = {
    "red": (212, 46, 48),
    "blue": (48, 108, 214),
    "yellow": (240, 200, 40),
    "black": (44, 44, 52),
}

_PIPS = {
    0: [],
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def ready_to_blit(layer: pygame.Surface) -> pygame.Surface:
    """``layer`` (with per-pixel alpha) in the window's pixel format, once there is a window:
    a cached layer blitted every frame then takes pygame's fast path (a 600 × 400 panel:
    100 µs, not 165)."""
    return layer.convert_alpha() if pygame.display.get_surface() else layer


def draw_panel(surface, rect, colour, radius: int = 12, border=None) -> None:
    """A translucent rounded panel: ``colour`` (RGBA) filling ``rect``, an optional 2-pixel
    ``border`` (RGB or RGBA). The layer is made once per size and look (a table draws a dozen
    panels every frame)."""
    rect = pygame.Rect(rect)
    layer = _panel(rect.size, tuple(colour), radius, tuple(border) if border else None)
    surface.blit(layer, rect.topleft)


@functools.lru_cache(maxsize=256)
def _panel(size, colour, radius, border) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, colour, layer.get_rect(), border_radius=radius)
    if border:
        pygame.draw.rect(layer, border, layer.get_rect(), width=2, border_radius=radius)
    return ready_to_blit(layer)


def _lerp(a, b, t):
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


@functools.lru_cache(maxsize=512)
def die_face(size: int, value: int, colour: str = "red", glow: bool = False) -> pygame.Surface:
    """A rounded, shaded die of ``size`` pixels showing ``value`` (1–6; 0 = blank) in ``colour``.

    ``colour`` is "red", "black" or "gold"; raises ``KeyError`` for another.
    """
    light, dark, pip = DIE_COLOURS[colour]
    pad = max(2, size // 12)
    surf = pygame.Surface((size + pad, size + pad), pygame.SRCALPHA)
    radius = max(3, size // 5)
    body = pygame.Rect(0, 0, size, size)
    # soft shadow
    pygame.draw.rect(surf, (0, 0, 0, 70), body.move(pad, pad), border_radius=radius)
    # diagonal gradient body, clipped to a rounded rectangle
    grad = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(size * 2):
        c = _lerp(light, dark, i / (size * 2))
        pygame.draw.line(grad, c, (i, 0), (0, i), 2)
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), body, border_radius=radius)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, (0, 0))
    # bevel highlight
    pygame.draw.rect(
        surf,
        (*_lerp(light, (255, 255, 255), 0.45), 150),
        body.inflate(-2, -2),
        width=max(1, size // 28),
        border_radius=radius,
    )
    if glow:
        pygame.draw.rect(
            surf, (255, 226, 110), body, width=max(2, size // 14), border_radius=radius
        )
    step = size * 0.26
    r = max(2, int(size * 0.085))
    cx = cy = size / 2
    for dx, dy in _PIPS[value]:
        x, y = int(cx + dx * step), int(cy + dy * step)
        pygame.draw.circle(surf, _lerp(dark, (0, 0, 0), 0.4), (x + 1, y + 1), r)
        pygame.draw.circle(surf, pip, (x, y), r)
    return surf


@functools.lru_cache(maxsize=256)
def marble(size: int, colour: str, pattern: bool = False) -> pygame.Surface:
    """A glossy sphere of diameter ``size`` in a marble colour, with highlight and shadow.

    ``pattern`` adds a small mark per colour for colour-blind players.
    """
    base = MARBLE_COLOURS[colour]
    surf = pygame.Surface((size + 4, size + 4), pygame.SRCALPHA)
    c = size / 2
    pygame.draw.circle(surf, (0, 0, 0, 60), (int(c + 3), int(c + 4)), int(c))
    steps = max(8, size // 2)
    for i in range(steps):
        t = i / steps
        rad = c * (1 - t)
        col = _lerp(_lerp(base, (0, 0, 0), 0.45), _lerp(base, (255, 255, 255), 0.25), t)
        off = c * 0.25 * t
        pygame.draw.circle(surf, col, (int(c - off), int(c - off)), max(1, int(rad)))
    if colour == "black":  # its edge, faint: a black marble vanished on the dark panels
        pygame.draw.circle(surf, (96, 100, 112), (int(c), int(c)), int(c), 1)
    hl = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(
        hl,
        (255, 255, 255, 150),
        pygame.Rect(int(size * 0.22), int(size * 0.14), int(size * 0.32), int(size * 0.2)),
    )
    surf.blit(hl, (0, 0))
    if pattern:
        mark = (255, 255, 255) if colour in ("black", "blue", "red") else (40, 40, 40)
        w = max(1, size // 12)
        if colour == "red":
            pygame.draw.circle(surf, mark, (int(c), int(c)), int(size * 0.16), w)
        elif colour == "blue":
            pygame.draw.line(surf, mark, (c - size * 0.18, c), (c + size * 0.18, c), w)
        elif colour == "yellow":
            pts = [
                (c, c - size * 0.18),
                (c + size * 0.17, c + size * 0.13),
                (c - size * 0.17, c + size * 0.13),
            ]
            pygame.draw.polygon(surf, mark, pts, w)
        else:
            arm = size * 0.14
            pygame.draw.line(surf, mark, (c - arm, c - arm), (c + arm, c + arm), w)
            pygame.draw.line(surf, mark, (c + arm, c - arm), (c - arm, c + arm), w)
    return surf


@functools.lru_cache(maxsize=64)
def minecart(size: int, colour: tuple) -> pygame.Surface:
    """A side view of a minecart ``size`` pixels wide in a seat colour."""
    h = int(size * 0.7)
    surf = pygame.Surface((size, h), pygame.SRCALPHA)
    body = [
        (size * 0.08, h * 0.15),
        (size * 0.92, h * 0.15),
        (size * 0.8, h * 0.7),
        (size * 0.2, h * 0.7),
    ]
    pygame.draw.polygon(surf, _lerp(colour, (0, 0, 0), 0.35), [(x + 2, y + 3) for x, y in body])
    pygame.draw.polygon(surf, colour, body)
    pygame.draw.polygon(
        surf,
        _lerp(colour, (255, 255, 255), 0.35),
        [
            (size * 0.08, h * 0.15),
            (size * 0.92, h * 0.15),
            (size * 0.88, h * 0.25),
            (size * 0.12, h * 0.25),
        ],
    )
    pygame.draw.polygon(surf, (40, 30, 24), body, max(1, size // 40))
    for x in (size * 0.3, size * 0.7):
        pygame.draw.circle(surf, (50, 46, 44), (int(x), int(h * 0.78)), int(size * 0.11))
        pygame.draw.circle(surf, (150, 146, 140), (int(x), int(h * 0.78)), int(size * 0.05))
    return surf


def glow_ring(size: int, colour=(255, 226, 110), width: int = 3) -> pygame.Surface:
    """A ring used to highlight a legal target (cached by the caller's size)."""
    return _glow_ring(size, colour, width)


@functools.lru_cache(maxsize=64)
def _glow_ring(size, colour, width):
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.circle(
            surf, (*colour, 60 - i * 12), (size // 2, size // 2), size // 2 - i, width + 2
        )
    pygame.draw.circle(surf, (*colour, 230), (size // 2, size // 2), size // 2 - 4, width)
    return surf


def star(radius: int, colour=(255, 214, 80)) -> pygame.Surface:
    """A five-pointed star of ``radius`` pixels."""
    return _star(radius, colour)


@functools.lru_cache(maxsize=32)
def _star(radius, colour):
    surf = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
    pts = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((radius + 1 + r * math.cos(a), radius + 1 + r * math.sin(a)))
    pygame.draw.polygon(surf, colour, pts)
    pygame.draw.polygon(surf, (120, 80, 10), pts, 1)
    return surf


FELT_TOP = (34, 78, 62)
FELT_BOTTOM = (18, 44, 36)
"""The felt's colours at the window's top and bottom."""
VIGNETTE_RINGS, VIGNETTE_STEP, VIGNETTE_WIDTH = 12, (16, 12), 8
"""The felt's vignette: rings drawn inward from the window's edge."""


@functools.lru_cache(maxsize=8)
def felt(size: tuple, top: tuple = FELT_TOP, bottom: tuple = FELT_BOTTOM) -> pygame.Surface:
    """The green felt every scene sits on, ``size`` (width, height) pixels: a gradient from
    ``top`` to ``bottom`` under a soft vignette, so the middle of the table reads as lit."""
    w, h = size
    # the gradient from top to bottom: two pixels stretched (a line per row cost 27 ms)
    ends = pygame.Surface((1, 2))
    ends.set_at((0, 0), top)
    ends.set_at((0, 1), bottom)
    surf = pygame.transform.smoothscale(ends, (w, h))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for i in range(VIGNETTE_RINGS):
        pygame.draw.rect(
            shade,
            (0, 0, 0, 10),
            shade.get_rect().inflate(-i * VIGNETTE_STEP[0], -i * VIGNETTE_STEP[1]),
            width=VIGNETTE_WIDTH,
            border_radius=40,
        )
    surf.blit(shade, (0, 0))
    return surf.convert() if pygame.display.get_surface() else surf
