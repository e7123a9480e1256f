"""Procedural art for the Diced Tomatoes table: dice in the game's colours, tomato tokens (with
their vine's value), the karma heart, karma bits, the seed's calyx, the last-player splatter and
the bushel basket.

Everything is drawn by code and cached per size (docs/DESIGN.md, "Scenes and sprites"). The dice
themselves come from :func:`sprites.art.die_face`; this module maps the engine's colour letters
to it.
"""

from __future__ import annotations

import functools
import math

import pygame

from sprites import art

COLOUR_KEYS = {"r": "red", "b": "black", "g": "gold"}
"""Engine colour letter → :data:`sprites.art.DIE_COLOURS` key."""

HEART = (232, 56, 84)
KARMA_INK = (240, 150, 170)
TOMATO = (210, 48, 40)
TOMATO_DIM = (96, 64, 62)
TOMATO_SPOILT = (126, 92, 60)
LEAF = (64, 156, 64)


def die(size: int, colour: str, face: int | None, glow: bool = False) -> pygame.Surface:
    """A die of ``size`` pixels for colour letter ``colour`` (``"r"``, ``"b"``, ``"g"``);
    ``face`` None is a die not rolled yet (no pips). Raises ``KeyError`` for another colour."""
    return art.die_face(max(4, int(size)), face or 0, COLOUR_KEYS[colour], glow)


def blit_die(
    surface,
    centre,
    size: int,
    colour: str,
    face: int | None,
    glow: bool = False,
    angle: float = 0.0,
) -> pygame.Rect:
    """Draw a die centred at ``centre`` (turned by ``angle`` degrees); returns its rect."""
    img = die(size, colour, face, glow)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
    rect = img.get_rect(center=(int(centre[0]), int(centre[1])))
    surface.blit(img, rect)
    return rect


def blit_die_scaled(surface, centre, size: float, colour: str, face: int | None, base: int) -> None:
    """A die resized from the cached ``base``-pixel one (for a frame of a flight that grows
    or shrinks: no new gradient per size)."""
    img = die(base, colour, face)
    side = max(2, int(size))
    img = pygame.transform.smoothscale(img, (side, side))
    surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))


def blit_die_squashed(
    surface,
    centre,
    size: int,
    colour: str,
    face: int,
    squash: float,
    vertical: bool = False,
    glow: bool = True,
) -> None:
    """A die turning over: squeezed to ``squash`` (0–1) of its width (or height)."""
    img = die(size, colour, face, glow)
    w, h = img.get_size()
    new = (w, max(2, int(h * squash))) if vertical else (max(2, int(w * squash)), h)
    img = pygame.transform.smoothscale(img, new)
    surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))


def calyx(size: int) -> pygame.Surface:
    """The green leaf crown marking a vine's seed die (the tomato's stem end), ``size`` pixels
    square, its five leaves turned so none points down and right: on the die's top-left corner
    no leaf lies on the pip there."""
    return _calyx(max(6, int(size)))


@functools.lru_cache(maxsize=32)
def _calyx(size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    for i in range(5):
        a = -math.pi / 2 + math.pi / 5 + i * 2 * math.pi / 5  # leaves at 18°, 90°, 162°…
        tip = (c + math.cos(a) * c * 0.95, c + math.sin(a) * c * 0.95)
        left = (c + math.cos(a - 0.55) * c * 0.3, c + math.sin(a - 0.55) * c * 0.3)
        right = (c + math.cos(a + 0.55) * c * 0.3, c + math.sin(a + 0.55) * c * 0.3)
        pygame.draw.polygon(surf, LEAF, [left, tip, right])
        pygame.draw.polygon(surf, (30, 90, 30), [left, tip, right], 1)
    pygame.draw.circle(surf, (90, 180, 70), (int(c), int(c)), max(2, int(size * 0.14)))
    return surf


def tomato(radius: int, state: str = "ripe") -> pygame.Surface:
    """A tomato token of ``radius`` pixels: ``state`` ``"ripe"`` (open or growing),
    ``"closed"`` (an empty token that is not open, DT-D3) or ``"spoilt"`` (a vine worth 0 or
    less, or more than 6, which cannot be harvested at that value)."""
    return _tomato(max(4, int(radius)), state)


@functools.lru_cache(maxsize=48)
def _tomato(r: int, state: str) -> pygame.Surface:
    size = r * 2 + 6
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    x = y = size // 2 - 1
    body = {"ripe": TOMATO, "closed": TOMATO_DIM, "spoilt": TOMATO_SPOILT}[state]
    pygame.draw.circle(surf, (0, 0, 0, 80), (x + 2, y + 3), r)
    pygame.draw.circle(surf, body, (x, y), r)
    shine = tuple(min(255, c + 60) for c in body)
    pygame.draw.circle(surf, shine, (int(x - r * 0.4), int(y - r * 0.4)), max(2, int(r * 0.22)))
    leaf = LEAF if state == "ripe" else (70, 90, 66)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pygame.draw.line(
            surf,
            leaf,
            (x, y - r * 0.8),
            (x + math.cos(a) * r * 0.45, y - r * 0.8 + math.sin(a) * r * 0.3),
            max(2, r // 6),
        )
    return surf


def blit_tomato(surface, centre, radius: int, state: str = "ripe") -> pygame.Rect:
    """Draw a :func:`tomato` of ``radius`` pixels and ``state`` centred on ``centre``
    (pixels) on ``surface``; returns the rect it covers."""
    img = tomato(radius, state)
    rect = img.get_rect(center=(int(centre[0]) + 1, int(centre[1]) + 1))
    surface.blit(img, rect)
    return rect


def draw_heart(surface, centre, size: float, colour=HEART) -> None:
    """The karma heart, about ``size`` pixels wide."""
    x, y = centre
    r = max(2.0, size / 3.6)
    pygame.draw.circle(surface, colour, (int(x - r * 0.9), int(y - r * 0.4)), int(r))
    pygame.draw.circle(surface, colour, (int(x + r * 0.9), int(y - r * 0.4)), int(r))
    pygame.draw.polygon(
        surface,
        colour,
        [(x - r * 1.85, y - r * 0.1), (x + r * 1.85, y - r * 0.1), (x, y + r * 2.0)],
    )
    pygame.draw.circle(
        surface, (255, 170, 180), (int(x - r * 1.0), int(y - r * 0.7)), max(1, int(r * 0.35))
    )


def draw_bit(surface, centre, radius: int, filled: bool) -> None:
    """One karma bit (Karma Overload): a small diamond, filled when earned."""
    x, y = centre
    points = [(x, y - radius), (x + radius, y), (x, y + radius), (x - radius, y)]
    pygame.draw.polygon(surface, (232, 90, 110) if filled else (70, 60, 64), points)
    pygame.draw.polygon(surface, (250, 180, 190) if filled else (110, 96, 100), points, 1)


def draw_splatter(surface, centre, radius: int) -> None:
    """The last-player marker: a ketchup splatter."""
    x, y = int(centre[0]), int(centre[1])
    red = (196, 30, 36)
    pygame.draw.circle(surface, red, (x, y), radius)
    for i in range(6):
        a = i * math.pi / 3 + 0.4
        pygame.draw.circle(
            surface,
            red,
            (int(x + math.cos(a) * radius * 1.1), int(y + math.sin(a) * radius * 1.1)),
            max(2, radius // 3),
        )


def draw_cross(surface, rect: pygame.Rect, colour=(236, 90, 80), width: int = 3) -> None:
    """A cross on the middle of ``rect``'s top edge, between a die's corner pips: a solo score
    slot that missed its target (over the corner it hid a pip, and a 4 read as a 3)."""
    size = max(6, rect.width // 4)
    mark = pygame.Rect(0, 0, size, size)
    mark.center = (rect.centerx, rect.top)
    pygame.draw.circle(surface, (24, 18, 18), mark.center, size // 2 + 3)
    pygame.draw.line(surface, colour, mark.topleft, mark.bottomright, width)
    pygame.draw.line(surface, colour, mark.topright, mark.bottomleft, width)


def draw_basket(surface, rect: pygame.Rect) -> None:
    """The bushel basket (an ellipse with a rim) filling ``rect``."""
    pygame.draw.ellipse(surface, (120, 78, 40), rect)
    pygame.draw.ellipse(surface, (96, 60, 30), rect.inflate(-10, -8))
    pygame.draw.arc(surface, (150, 100, 56), rect, math.pi, 2 * math.pi, 5)


def star(radius: int) -> pygame.Surface:
    """The gold star of a matching score slot."""
    return art.star(max(4, int(radius)))
