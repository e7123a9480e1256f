"""Shifting Stones art, drawn with pygame primitives (our own shapes, no images).

The eight faces differ by **shape** as well as colour, so they read without colour too: a sun
(a disc with rays), a moon (a crescent), a fish (an oval body and a forked tail), a bird (two
swept wings), a horse (a head with a mane), a boat (a hull under a sail), a seed (an almond
split by a line) and a tree (a round crown on a trunk). A **stone** is a rounded slab of grey
granite carrying one face; a **pattern card** is drawn by the table from these icons.

Every surface is cached per face and size (``functools.lru_cache``); callers must not draw on
what they get (copy it first).
"""

from __future__ import annotations

import functools
import math

import pygame

FACE_COLOURS = {
    "S": (246, 190, 52),  # sun: warm yellow
    "M": (170, 196, 240),  # moon: pale blue
    "F": (64, 186, 196),  # fish: teal
    "B": (226, 92, 84),  # bird: coral red
    "H": (176, 112, 62),  # horse: chestnut
    "O": (54, 92, 170),  # boat: navy
    "E": (196, 214, 96),  # seed: lime
    "T": (52, 140, 70),  # tree: green
}
"""Each face's colour (the shape tells them apart as well)."""

STONE = (112, 112, 118)
STONE_LIGHT = (150, 150, 156)
STONE_DARK = (70, 70, 76)
CARD_PAPER = (238, 228, 206)
CARD_BACK = (70, 58, 96)
GREY_SQUARE = (150, 146, 140)
CARD_RATIO = 1.4
"""A pattern card's height over its width."""


def _points(unit: list[tuple[float, float]], box: pygame.Rect) -> list[tuple[float, float]]:
    """Unit-square points (0–1) placed in ``box``."""
    return [(box.x + x * box.width, box.y + y * box.height) for x, y in unit]


def _outline(colour: tuple) -> tuple:
    return tuple(max(0, int(channel * 0.45)) for channel in colour)


def draw_face(surface: pygame.Surface, face: str, box: pygame.Rect) -> None:
    """Draw ``face``'s icon (a letter of ``FACES``) filling ``box``; an unknown letter draws
    nothing."""
    colour = FACE_COLOURS.get(face)
    if colour is None:
        return
    dark = _outline(colour)
    size = min(box.width, box.height)
    line = max(1, size // 18)
    cx, cy = box.center
    box = pygame.Rect(0, 0, size, size)
    box.center = (cx, cy)
    if face == "S":
        rays = []
        for k in range(8):
            angle = k * math.pi / 4
            for da, radius in ((-0.2, 0.3), (0.0, 0.48), (0.2, 0.3)):
                rays.append(
                    (
                        cx + math.cos(angle + da) * radius * size,
                        cy + math.sin(angle + da) * radius * size,
                    )
                )
            pygame.draw.polygon(surface, colour, rays[-3:])
            pygame.draw.polygon(surface, dark, rays[-3:], line)
        pygame.draw.circle(surface, colour, (cx, cy), int(size * 0.27))
        pygame.draw.circle(surface, dark, (cx, cy), int(size * 0.27), line)
    elif face == "M":
        moon = pygame.Surface(box.size, pygame.SRCALPHA)
        r = int(size * 0.42)
        centre = (size // 2, size // 2)
        pygame.draw.circle(moon, colour, centre, r)
        pygame.draw.circle(moon, dark, centre, r, line)
        bite = (centre[0] + int(size * 0.2), centre[1] - int(size * 0.12))
        pygame.draw.circle(moon, (0, 0, 0, 0), bite, int(r * 0.86))
        surface.blit(moon, box)
    elif face == "F":
        body = pygame.Rect(0, 0, int(size * 0.66), int(size * 0.4))
        body.midleft = (box.x + int(size * 0.06), cy)
        tail = _points([(0.62, 0.5), (0.95, 0.24), (0.88, 0.5), (0.95, 0.76)], box)
        pygame.draw.polygon(surface, colour, tail)
        pygame.draw.polygon(surface, dark, tail, line)
        pygame.draw.ellipse(surface, colour, body)
        pygame.draw.ellipse(surface, dark, body, line)
        eye = (body.x + int(body.width * 0.24), body.y + int(body.height * 0.38))
        pygame.draw.circle(surface, dark, eye, max(1, size // 16))
    elif face == "B":
        wings = [
            (0.04, 0.36),
            (0.24, 0.3),
            (0.44, 0.42),
            (0.5, 0.58),
            (0.56, 0.42),
            (0.76, 0.3),
            (0.96, 0.36),
            (0.76, 0.42),
            (0.58, 0.66),
            (0.5, 0.74),
            (0.42, 0.66),
            (0.24, 0.42),
        ]
        pts = _points(wings, box)
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, dark, pts, line)
    elif face == "H":
        head = [
            (0.3, 0.92),
            (0.36, 0.56),
            (0.16, 0.62),
            (0.1, 0.5),
            (0.34, 0.26),
            (0.4, 0.1),
            (0.5, 0.2),
            (0.72, 0.24),
            (0.86, 0.5),
            (0.8, 0.92),
        ]
        pts = _points(head, box)
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, dark, pts, line)
        mane = _points(
            [(0.5, 0.2), (0.72, 0.24), (0.86, 0.5), (0.8, 0.92), (0.7, 0.92), (0.72, 0.5)], box
        )
        pygame.draw.polygon(surface, dark, mane)
        eye = (box.x + int(size * 0.42), box.y + int(size * 0.38))
        pygame.draw.circle(surface, dark, eye, max(1, size // 18))
    elif face == "O":
        sail = _points([(0.5, 0.08), (0.5, 0.6), (0.16, 0.6)], box)
        sail2 = _points([(0.56, 0.2), (0.56, 0.6), (0.8, 0.6)], box)
        hull = _points([(0.06, 0.66), (0.94, 0.66), (0.76, 0.88), (0.24, 0.88)], box)
        for part, fill in ((sail, (236, 232, 220)), (sail2, (236, 232, 220)), (hull, colour)):
            pygame.draw.polygon(surface, fill, part)
            pygame.draw.polygon(surface, dark, part, line)
        pygame.draw.line(
            surface, dark, _points([(0.53, 0.06)], box)[0], _points([(0.53, 0.66)], box)[0], line
        )
    elif face == "E":
        almond = []
        for k in range(24):
            t = k / 24 * 2 * math.pi
            x = 0.5 + 0.26 * math.sin(t)
            y = 0.5 - 0.42 * math.cos(t)
            x = 0.5 + (x - 0.5) * (0.55 + 0.45 * (1 - abs(math.cos(t))) ** 0.5)
            almond.append((x, y))
        pts = _points(almond, box)
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, dark, pts, line)
        pygame.draw.line(
            surface, dark, _points([(0.5, 0.18)], box)[0], _points([(0.5, 0.82)], box)[0], line
        )
    elif face == "T":
        trunk = pygame.Rect(0, 0, max(2, int(size * 0.16)), int(size * 0.4))
        trunk.midbottom = (cx, box.y + int(size * 0.94))
        pygame.draw.rect(surface, (110, 76, 44), trunk)
        pygame.draw.rect(surface, (60, 40, 24), trunk, line)
        crown = (cx, box.y + int(size * 0.4))
        for dx, dy, spread in ((-0.16, 0.04, 0.22), (0.16, 0.04, 0.22), (0.0, -0.1, 0.26)):
            at = (crown[0] + int(dx * size), crown[1] + int(dy * size))
            pygame.draw.circle(surface, colour, at, int(spread * size))
            pygame.draw.circle(surface, dark, at, int(spread * size), line)
        for dx, dy, spread in ((-0.16, 0.04, 0.2), (0.16, 0.04, 0.2), (0.0, -0.1, 0.24)):
            at = (crown[0] + int(dx * size), crown[1] + int(dy * size))
            pygame.draw.circle(surface, colour, at, int(spread * size))


@functools.lru_cache(maxsize=64)
def face_icon(face: str, size: int) -> pygame.Surface:
    """``face``'s icon on a clear ``size`` × ``size`` surface (cached; do not draw on it)."""
    size = max(4, int(size))
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    draw_face(img, face, img.get_rect())
    return img


@functools.lru_cache(maxsize=64)
def stone(face: str, size: int) -> pygame.Surface:
    """A stone ``size`` pixels square showing ``face``: a granite slab with a lit top edge and
    the face's icon on a lighter inlay (cached; do not draw on it)."""
    size = max(8, int(size))
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = img.get_rect()
    radius = max(3, size // 6)
    pygame.draw.rect(img, STONE_DARK, rect, border_radius=radius)
    top = rect.inflate(-max(2, size // 24), -max(2, size // 24))
    top.height -= max(2, size // 20)
    top.y = rect.y + max(1, size // 48)
    pygame.draw.rect(img, STONE, top, border_radius=radius)
    pygame.draw.rect(img, STONE_LIGHT, top, max(1, size // 40), border_radius=radius)
    inlay = top.inflate(-size // 6, -size // 6)
    pygame.draw.ellipse(img, (196, 192, 182), inlay)
    pygame.draw.ellipse(img, STONE_DARK, inlay, max(1, size // 48))
    icon = inlay.inflate(-inlay.width // 7, -inlay.height // 7)
    draw_face(img, face, icon)
    return img


@functools.lru_cache(maxsize=16)
def stone_blank(size: int) -> pygame.Surface:
    """A stone seen edge-on half way through a flip, or with no face yet (cached)."""
    size = max(8, int(size))
    img = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(img, STONE_DARK, img.get_rect(), border_radius=max(3, size // 6))
    return img


@functools.lru_cache(maxsize=16)
def card_back(width: int, height: int) -> pygame.Surface:
    """A pattern card's back: violet with a ring of nine small stones (cached)."""
    width, height = max(6, int(width)), max(8, int(height))
    img = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = img.get_rect()
    radius = max(3, width // 10)
    pygame.draw.rect(img, CARD_BACK, rect, border_radius=radius)
    pygame.draw.rect(
        img, (150, 132, 190), rect.inflate(-4, -4), max(1, width // 30), border_radius=radius
    )
    cell = max(2, min(width, height) // 6)
    for row in range(3):
        for column in range(3):
            spot = pygame.Rect(0, 0, cell, cell)
            spot.center = (
                rect.centerx + (column - 1) * int(cell * 1.3),
                rect.centery + (row - 1) * int(cell * 1.3),
            )
            pygame.draw.rect(img, (120, 104, 160), spot, border_radius=max(1, cell // 4))
    return img
