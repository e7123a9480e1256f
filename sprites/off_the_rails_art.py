"""Procedural art for Off the Rails: the mine board, rail tiles, gems, top-down minecarts, chasm
pits and clan emblems. Everything is drawn by code and cached per size (docs/DESIGN.md, "Scenes and
sprites"); callers rotate the north-facing surfaces themselves.
"""

from __future__ import annotations

import functools
import math
import random

import pygame

from engine.off_the_rails.state import COLUMN_LABELS  # texts name squares by these labels
from sprites import art

CLAN_RGB = {
    "red": (206, 64, 52),
    "yellow": (232, 186, 52),
    "green": (76, 164, 84),
    "blue": (62, 112, 206),
}
"""Clan colours as RGB."""
GEM_RGB = {
    "rock": (158, 152, 144),
    "ruby": (214, 34, 62),
    "emerald": (40, 176, 98),
    "gold": (240, 190, 40),
    "diamond": (200, 236, 255),
}
ROCK_RIM = (226, 218, 204)
"""A rock's outline: pale, so a rock stands out from the dark floor it lies on."""
FACING_ANGLE = {"N": 0, "W": 90, "S": 180, "E": -90}
"""pygame rotation (counter-clockwise degrees) turning a north-facing sprite to each side."""

ROCK_DARK = (38, 32, 30)
ROCK_LIGHT = (62, 54, 48)
TILE_BED = (52, 46, 42)
"""A laid tile's ground: darker than the sleepers, so the wood and the steel stand out."""
TILE_EDGE = (112, 98, 80)
BALLAST = (74, 68, 62)
"""The gravel under the track, along the way the rails run only."""
SLEEPER = (150, 104, 62)
SLEEPER_DARK = (62, 40, 22)
RAIL = (238, 240, 246)
RAIL_DARK = (16, 16, 20)
"""Rails: bright steel outlined in near-black, drawn over the sleepers."""
GHOST_TINT = {"ok": (60, 200, 90), "bad": (220, 60, 60), "hint": (90, 200, 255)}
"""The see-through tiles' colours: a legal placement, an illegal one, the hint's."""


def _mix(a, b, t):
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def clan(colour) -> tuple:
    """RGB for a clan colour name (grey for None)."""
    return CLAN_RGB.get(colour, (150, 150, 150))


# --- gems ---------------------------------------------------------------------------------
@functools.lru_cache(maxsize=128)
def gem(kind: str, size: int) -> pygame.Surface:
    """A faceted gem of ``kind`` (rock, ruby, emerald, gold, diamond), ``size`` pixels across."""
    size = max(6, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    base = GEM_RGB[kind]
    light = _mix(base, (255, 255, 255), 0.5)
    dark = _mix(base, (0, 0, 0), 0.45)
    c = size / 2
    r = size * 0.46
    if kind == "rock":
        rng = random.Random(7)
        pts = [
            (
                c + math.cos(a) * r * rng.uniform(0.88, 1.04),
                c + math.sin(a) * r * rng.uniform(0.8, 1.0),
            )
            for a in (i * math.pi / 4 + 0.3 for i in range(8))
        ]
        # light stone with a pale rim and a dark shadow: it reads on the dark rock floor,
        # the mines' tints and the ballast alike, even at 12 pixels
        pygame.draw.polygon(surf, (14, 12, 10), [(x + 1, y + 1) for x, y in pts])
        pygame.draw.polygon(surf, base, pts)
        pygame.draw.polygon(surf, _mix(base, (255, 255, 255), 0.4), [pts[5], pts[6], (c, c)])
        pygame.draw.polygon(surf, _mix(base, (0, 0, 0), 0.3), [pts[1], pts[2], pts[3], (c, c)])
        pygame.draw.polygon(surf, ROCK_RIM, pts, 1)
        return surf
    if kind == "gold":
        # a nugget: lumpy, warm highlights
        pts = [
            (c - r, c + r * 0.2),
            (c - r * 0.6, c - r * 0.6),
            (c, c - r * 0.8),
            (c + r * 0.7, c - r * 0.5),
            (c + r, c + r * 0.2),
            (c + r * 0.4, c + r * 0.75),
            (c - r * 0.5, c + r * 0.7),
        ]
        pygame.draw.polygon(surf, dark, pts)
        inner = [(c + (x - c) * 0.86, c + (y - c) * 0.86 - 1) for x, y in pts]
        pygame.draw.polygon(surf, base, inner)
        pygame.draw.polygon(surf, light, [inner[1], inner[2], (c, c - r * 0.1), (c - r * 0.4, c)])
        pygame.draw.circle(
            surf, (255, 250, 220), (int(c - r * 0.2), int(c - r * 0.4)), max(1, size // 12)
        )
        return surf
    if kind == "emerald":
        # step cut: an octagon-cornered rectangle with an inner table
        w, h = r * 0.8, r
        k = r * 0.3
        outer = [
            (c - w + k, c - h),
            (c + w - k, c - h),
            (c + w, c - h + k),
            (c + w, c + h - k),
            (c + w - k, c + h),
            (c - w + k, c + h),
            (c - w, c + h - k),
            (c - w, c - h + k),
        ]
        pygame.draw.polygon(surf, dark, outer)
        inner = [(c + (x - c) * 0.55, c + (y - c) * 0.55) for x, y in outer]
        pygame.draw.polygon(surf, base, inner)
        for i in range(8):
            col = light if i in (0, 7, 1) else _mix(base, dark, 0.4 if i % 2 else 0.1)
            pygame.draw.polygon(
                surf, col, [outer[i], outer[(i + 1) % 8], inner[(i + 1) % 8], inner[i]]
            )
        pygame.draw.polygon(surf, _mix(base, (255, 255, 255), 0.2), inner)
        pygame.draw.polygon(surf, dark, outer, 1)
        return surf
    if kind == "ruby":
        # a round brilliant seen from above: eight kite facets round a table
        outer = [
            (c + math.cos(a) * r, c + math.sin(a) * r)
            for a in (i * math.pi / 4 + math.pi / 8 for i in range(8))
        ]
        inner = [
            (c + math.cos(a) * r * 0.5, c + math.sin(a) * r * 0.5)
            for a in (i * math.pi / 4 for i in range(8))
        ]
        pygame.draw.polygon(surf, dark, outer)
        for i in range(8):
            col = (
                _mix(base, (255, 255, 255), 0.35)
                if i in (4, 5)
                else _mix(base, dark, 0.55 if i in (0, 1, 2) else 0.15)
            )
            pygame.draw.polygon(surf, col, [inner[i], outer[i], inner[(i + 1) % 8]])
        pygame.draw.polygon(surf, base, inner)
        pygame.draw.polygon(surf, dark, outer, 1)
        pygame.draw.circle(
            surf, (255, 230, 236), (int(c - r * 0.22), int(c - r * 0.22)), max(1, size // 12)
        )
        return surf
    # diamond: a pointed brilliant in profile (crown and pavilion)
    top = c - r * 0.75
    girdle = c - r * 0.2
    pts_crown = [(c - r * 0.55, top), (c + r * 0.55, top), (c + r, girdle), (c - r, girdle)]
    tip = (c, c + r)
    pygame.draw.polygon(surf, (120, 150, 180), [(c - r, girdle), (c + r, girdle), tip])
    pygame.draw.polygon(surf, (170, 210, 240), [(c - r, girdle), (c - r * 0.3, girdle), tip])
    pygame.draw.polygon(surf, (235, 250, 255), [(c + r * 0.3, girdle), (c + r, girdle), tip])
    pygame.draw.polygon(surf, base, pts_crown)
    pygame.draw.polygon(
        surf,
        (255, 255, 255),
        [(c - r * 0.55, top), (c, top), (c - r * 0.3, girdle), (c - r, girdle)],
    )
    pygame.draw.line(surf, (120, 150, 180), (c - r * 0.3, girdle), tip, 1)
    pygame.draw.line(surf, (120, 150, 180), (c + r * 0.3, girdle), tip, 1)
    pygame.draw.polygon(surf, (90, 120, 150), pts_crown, 1)
    pygame.draw.line(surf, (90, 120, 150), (c - r, girdle), tip, 1)
    pygame.draw.line(surf, (90, 120, 150), (c + r, girdle), tip, 1)
    return surf


def gem_list(counts) -> list:
    """Gem names in a 5-tuple count (rock, ruby, emerald, gold, diamond), one per gem."""
    names = ("rock", "ruby", "emerald", "gold", "diamond")
    return [names[i] for i, n in enumerate(counts) for _ in range(n)]


def gem_spots(n: int, cell: int) -> list:
    """Offsets from a square's centre for ``n`` gems lying on it (a small heap)."""
    if n <= 0:
        return []
    if n == 1:
        return [(0, 0)]
    r = cell * (0.18 if n <= 3 else 0.24)
    out = []
    for i in range(n):
        a = -math.pi / 2 + i * 2 * math.pi / n
        out.append((math.cos(a) * r, math.sin(a) * r))
    return out


# --- track tiles ----------------------------------------------------------------------------
_SIDE_VEC = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
_OPP = {"N": "S", "S": "N", "E": "W", "W": "E"}
_CLOCKWISE = ("N", "E", "S", "W")


def _segments(exits: str) -> list:
    """Pieces of rail for a tile: ("straight", a, b) and ("curve", a, b)."""
    ex = set(exits)
    segs = []
    if {"N", "S"} <= ex:
        segs.append(("straight", "N", "S"))
    if {"E", "W"} <= ex:
        segs.append(("straight", "E", "W"))
    if len(ex) == 2 and not segs:
        a, b = sorted(ex, key=_CLOCKWISE.index)
        segs.append(("curve", a, b))
    if len(ex) == 3:
        # a T-junction: the through line plus a stub from the centre to the odd exit
        odd = next(x for x in ex if _OPP[x] not in ex)
        segs.append(("stub", odd, odd))
    return segs


def _curve_geometry(a: str, b: str, size: float):
    """The tile corner a curve joining sides ``a`` and ``b`` turns round."""
    corner_x = size if "E" in (a, b) else 0
    corner_y = size if "S" in (a, b) else 0
    return (corner_x, corner_y)


def _curve_points(a, b, size, radius, steps=14):
    cx, cy = _curve_geometry(a, b, size)
    # the arc runs round the shared corner between the two edge midpoints
    pts = []
    ax, ay = _edge_mid(a, size)
    bx, by = _edge_mid(b, size)
    sa = math.atan2(ay - cy, ax - cx)
    sb = math.atan2(by - cy, bx - cx)
    # take the short way round
    diff = (sb - sa + math.pi) % (2 * math.pi) - math.pi
    for i in range(steps + 1):
        t = sa + diff * i / steps
        pts.append((cx + math.cos(t) * radius, cy + math.sin(t) * radius, t))
    return pts


def _edge_mid(side, size):
    return {"N": (size / 2, 0), "S": (size / 2, size), "E": (size, size / 2), "W": (0, size / 2)}[
        side
    ]


def _route_points(kind: str, a: str, b: str, size: float, offset: float, steps: int = 14):
    """Points along one piece of track (``offset`` across it: a rail, or 0 for the middle)."""
    if kind == "curve":
        return [(x, y) for x, y, _t in _curve_points(a, b, size, size / 2 + offset, steps)]
    dx, dy = _SIDE_VEC[a if kind == "stub" else b]
    px, py = -dy * offset, dx * offset
    start = size * 0.5 + abs(offset) if kind == "stub" else 0.0  # a stub meets the through rail
    return [
        (size / 2 + dx * (t - size / 2) + px, size / 2 + dy * (t - size / 2) + py)
        for t in (start, size)
    ]


def _thick_line(surf, colour, points, width: int) -> None:
    """A polyline ``width`` pixels wide with round joints (curves stay smooth)."""
    if width <= 1:
        pygame.draw.lines(surf, colour, False, points, 1)
        return
    pygame.draw.lines(surf, colour, False, points, width)
    for x, y in points[1:-1]:
        pygame.draw.circle(surf, colour, (round(x), round(y)), width // 2)


def _sleepers(kind: str, a: str, b: str, size: float) -> list:
    """``[(centre, (across_x, across_y))]``: each sleeper's middle and the unit vector across
    the track."""
    if kind == "curve":
        return [
            ((x, y), (math.cos(t), math.sin(t)))
            for x, y, t in _curve_points(a, b, size, size / 2, steps=4)
        ]
    dx, dy = _SIDE_VEC[a if kind == "stub" else b]
    count, first = (3, 0.5) if kind == "stub" else (5, 0.0)
    out = []
    for i in range(count):
        t = first + (i + 0.5) / (count / (1 - first))
        out.append(
            ((size / 2 + dx * (t - 0.5) * size, size / 2 + dy * (t - 0.5) * size), (-dy, dx))
        )
    return out


@functools.lru_cache(maxsize=96)
def track_tile(exits: str, size: int, ghost: str | None = None) -> pygame.Surface:
    """A track tile for ``exits`` (e.g. ``"NE"``), ``size`` pixels square: a dark bed, gravel and
    wooden sleepers along the way the track runs, and two bright steel rails outlined in black
    over them, so the way the rails run shows at a glance (issue 18).

    ``ghost`` = "ok", "bad" or "hint" draws a see-through preview on a green, red or blue
    ground (:data:`GHOST_TINT`) with the same rails and sleepers.
    """
    size = max(8, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    base = pygame.Rect(1, 1, size - 2, size - 2)
    radius = max(2, size // 10)
    if ghost is None:
        pygame.draw.rect(surf, TILE_BED, base, border_radius=radius)
        pygame.draw.rect(surf, TILE_EDGE, base, 1, border_radius=radius)
    else:
        pygame.draw.rect(surf, (*GHOST_TINT[ghost], 120), base, border_radius=radius)
        pygame.draw.rect(surf, (*GHOST_TINT[ghost], 235), base, 2, border_radius=radius)
    gauge = size * 0.16  # half the distance between the rails
    sleeper_half = gauge * 1.75
    sleeper_w = max(3, round(size * 0.09))
    rail_w = max(2, round(size * 0.06))
    segs = _segments(exits)
    if ghost is None:
        for kind, a, b in segs:
            _thick_line(surf, BALLAST, _route_points(kind, a, b, size, 0), round(gauge * 3.2))
    for kind, a, b in segs:
        for (cx, cy), (ax, ay) in _sleepers(kind, a, b, size):
            one_end = (cx - ax * sleeper_half, cy - ay * sleeper_half)
            other_end = (cx + ax * sleeper_half, cy + ay * sleeper_half)
            pygame.draw.line(surf, SLEEPER_DARK, one_end, other_end, sleeper_w + 2)
            pygame.draw.line(surf, SLEEPER, one_end, other_end, sleeper_w)
    for kind, a, b in segs:
        for off in (-gauge, gauge):
            _thick_line(surf, RAIL_DARK, _route_points(kind, a, b, size, off), rail_w + 2)
    for kind, a, b in segs:
        for off in (-gauge, gauge):
            _thick_line(surf, RAIL, _route_points(kind, a, b, size, off), rail_w)
    if ghost is not None:
        surf.set_alpha(225)
    return surf


# --- carts ------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=96)
def cart_top(size: int, colour: tuple, marker: str, mark: str | None = None) -> pygame.Surface:
    """A minecart seen from above, facing north (up), ``size`` pixels long, in ``colour``.

    ``marker`` "white" / "black" paints the marker that tells a player's two carts apart; any
    other value (the solo carts) paints none. ``mark`` (a clan colour name) paints that clan's
    emblem on the cart's back (:func:`emblem`), so clans are told apart without colour.
    """
    size = max(10, int(size))
    w = int(size * 0.74)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    x0 = (size - w) // 2
    body = pygame.Rect(x0, int(size * 0.08), w, int(size * 0.84))
    # wheels peeking out at the sides
    wheel = (36, 34, 34)
    for wy in (0.22, 0.72):
        pygame.draw.rect(
            surf, wheel, (x0 - 3, int(size * wy), 5, int(size * 0.14)), border_radius=2
        )
        pygame.draw.rect(
            surf, wheel, (x0 + w - 2, int(size * wy), 5, int(size * 0.14)), border_radius=2
        )
    pygame.draw.rect(surf, (0, 0, 0, 90), body.move(2, 3), border_radius=max(3, size // 8))
    dark = _mix(colour, (0, 0, 0), 0.45)
    pygame.draw.rect(surf, dark, body, border_radius=max(3, size // 8))
    rim = body.inflate(-max(2, size // 14) * 2, -max(2, size // 14) * 2)
    pygame.draw.rect(surf, colour, body, max(2, size // 12), border_radius=max(3, size // 8))
    inner = rim.inflate(-size // 10, -size // 10)
    pygame.draw.rect(surf, _mix(colour, (0, 0, 0), 0.62), inner, border_radius=max(2, size // 12))
    # riveted front bumper shows which way it faces
    pygame.draw.rect(
        surf,
        _mix(colour, (255, 255, 255), 0.4),
        (body.x + 2, body.y, body.width - 4, max(3, size // 9)),
        border_radius=max(2, size // 16),
    )
    tip = [
        (size / 2, body.y - size * 0.07),
        (size / 2 - size * 0.09, body.y + 1),
        (size / 2 + size * 0.09, body.y + 1),
    ]
    pygame.draw.polygon(surf, (250, 240, 210), tip)
    centre = (size // 2, body.bottom - max(4, size // 7))
    radius = max(3, size // 10) if mark is None else max(6, size // 5)
    if mark is not None:
        centre = (size // 2, body.bottom - radius - 2)
    if marker in ("white", "black"):
        mc = (250, 250, 246) if marker == "white" else (18, 18, 20)
        edge = (30, 30, 30) if marker == "white" else (230, 230, 230)
        pygame.draw.circle(surf, mc, centre, radius)
        pygame.draw.circle(surf, edge, centre, radius, 1)
        if mark is not None:
            shade = (0, 0, 0) if marker == "white" else (255, 255, 255)
            emblem(surf, mark, centre, radius * 0.9, plain=True, ink=_mix(clan(mark), shade, 0.35))
    elif mark is not None:
        emblem(surf, mark, centre, radius, plain=True)
    pygame.draw.rect(surf, (24, 20, 18), body, 1, border_radius=max(3, size // 8))
    return surf


def cart_sprite(
    size: int,
    colour: tuple,
    marker: str,
    facing: str | None,
    angle: float | None = None,
    mark: str | None = None,
) -> pygame.Surface:
    """:func:`cart_top` turned to ``facing`` (or to ``angle`` degrees, for animations)."""
    img = cart_top(size, colour, marker, mark)
    a = FACING_ANGLE.get(facing or "N", 0) if angle is None else angle
    return _rotated(img, round(a) % 360) if a else img


@functools.lru_cache(maxsize=256)
def _rotated(img, angle):
    return pygame.transform.rotate(img, angle)


# --- chasm, emblems, board -----------------------------------------------------------------------
@functools.lru_cache(maxsize=24)
def chasm_pit(size: int, colour: tuple, mark: str | None = None) -> pygame.Surface:
    """A dark crumbling pit filling a square, rimmed in the token's colour; ``mark`` (a clan
    colour name) shows that colour's emblem faintly in the pit."""
    size = max(8, int(size))
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rng = random.Random(size)
    c = size / 2
    pts = []
    for i in range(14):
        a = i * 2 * math.pi / 14
        r = size * rng.uniform(0.40, 0.5)
        pts.append((c + math.cos(a) * r, c + math.sin(a) * r))
    pygame.draw.polygon(surf, _mix(colour, (40, 30, 24), 0.55), pts)
    for k in range(6):
        t = (k + 1) / 7
        shrink = [
            (c + (x - c) * (1 - t * 0.8), c + (y - c) * (1 - t * 0.8) + t * 2) for x, y in pts
        ]
        pygame.draw.polygon(surf, _mix((40, 30, 26), (4, 2, 2), t), shrink)
    # cracks running out of the rim
    for _crack in range(5):
        a = rng.uniform(0, 2 * math.pi)
        r1 = size * 0.38
        r2 = size * 0.5
        pygame.draw.line(
            surf,
            (20, 14, 12),
            (c + math.cos(a) * r1, c + math.sin(a) * r1),
            (c + math.cos(a + 0.15) * r2, c + math.sin(a + 0.15) * r2),
            2,
        )
    pygame.draw.polygon(surf, colour, pts, max(1, size // 22))
    if mark is not None:
        emblem(surf, mark, (c, c), size * 0.22, plain=True)
    return surf


def emblem(
    surface, colour: str, centre, r: float, plain: bool = False, ink: tuple | None = None
) -> None:
    """The clan emblem (on a mine centre, a cart, a player's panel): red pickaxe, yellow crown,
    green leaf, blue crystal. ``plain`` draws the shape alone, ``r`` pixels from its centre,
    without its disc, in ``ink`` (default: the clan colour, lightened)."""
    x, y = centre
    rgb = clan(colour)
    if not plain:
        pygame.draw.circle(surface, _mix(rgb, (0, 0, 0), 0.55), (int(x), int(y)), int(r))
        pygame.draw.circle(surface, rgb, (int(x), int(y)), int(r), max(2, int(r * 0.12)))
        ink = _mix(rgb, (255, 255, 255), 0.55)
    else:
        ink = ink or _mix(rgb, (255, 255, 255), 0.45)
        r = r / 0.8
    s = r * 0.62
    w = max(2, int(r * 0.14))
    if colour == "red":  # pickaxe
        pygame.draw.line(
            surface, (150, 110, 70), (x - s * 0.7, y + s * 0.8), (x + s * 0.5, y - s * 0.5), w
        )
        pygame.draw.arc(
            surface,
            ink,
            pygame.Rect(x - s * 0.6, y - s * 1.0, s * 1.8, s * 1.3),
            math.pi * 0.15,
            math.pi * 0.95,
            w,
        )
    elif colour == "yellow":  # crown
        pts = [
            (x - s, y + s * 0.5),
            (x - s, y - s * 0.4),
            (x - s * 0.5, y + s * 0.05),
            (x, y - s * 0.7),
            (x + s * 0.5, y + s * 0.05),
            (x + s, y - s * 0.4),
            (x + s, y + s * 0.5),
        ]
        pygame.draw.polygon(surface, ink, pts)
    elif colour == "green":  # leaf
        leaf = pygame.Rect(0, 0, s * 1.1, s * 1.9)
        leaf.center = (x, y)
        pygame.draw.ellipse(surface, ink, leaf)
        pygame.draw.line(
            surface, _mix(rgb, (0, 0, 0), 0.4), (x, y - s * 0.8), (x, y + s * 0.9), max(1, w // 2)
        )
    else:  # crystal
        pts = [
            (x, y - s),
            (x + s * 0.6, y - s * 0.2),
            (x + s * 0.35, y + s * 0.9),
            (x - s * 0.35, y + s * 0.9),
            (x - s * 0.6, y - s * 0.2),
        ]
        pygame.draw.polygon(surface, ink, pts)
        pygame.draw.line(surface, rgb, (x, y - s), (x, y + s * 0.9), 1)


@functools.lru_cache(maxsize=4)
def board_base(cell: int, mines: tuple, numbers: tuple, marks: bool = False) -> pygame.Surface:
    """The static board: surface strips, rock floor, mines with numbers and emblems.

    ``mines``: ((colour, (row, col) centre), ...); ``numbers``: ((row, col, colour, n), ...)
    (none: the table draws them over the track). ``marks`` puts each edge's clan emblem in every
    square of its surface strip (clans told apart without colour).
    The surface is (14 * cell) square; grid square (r, c) sits at ((c + 1) * cell, (r + 1) * cell).
    """
    size = 14 * cell
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rng = random.Random(11)
    # surface strips: grassy ground tinted with the edge's colour
    edges = {
        "north": ("red", pygame.Rect(cell, 0, 12 * cell, cell)),
        "south": ("green", pygame.Rect(cell, 13 * cell, 12 * cell, cell)),
        "west": ("blue", pygame.Rect(0, cell, cell, 12 * cell)),
        "east": ("yellow", pygame.Rect(13 * cell, cell, cell, 12 * cell)),
    }
    for colour, rect in edges.values():
        rgb = clan(colour)
        pygame.draw.rect(surf, _mix(rgb, (60, 50, 40), 0.35), rect, border_radius=cell // 4)
        pygame.draw.rect(surf, _mix(rgb, (255, 255, 255), 0.2), rect, 2, border_radius=cell // 4)
        horizontal = rect.width > rect.height
        for i in range(12):
            sq = (
                pygame.Rect(rect.x + i * cell, rect.y, cell, cell)
                if horizontal
                else pygame.Rect(rect.x, rect.y + i * cell, cell, cell)
            )
            pygame.draw.rect(
                surf,
                _mix(rgb, (30, 24, 20), 0.5),
                sq.inflate(-cell // 5, -cell // 5),
                1,
                border_radius=cell // 6,
            )
            if marks:  # each square of the strip carries its clan's emblem, left of its label
                emblem(
                    surf, colour, (sq.x + cell * 0.2, sq.y + cell * 0.24), cell * 0.15, plain=True
                )
    # row and column labels in the surface strips: letters over the columns (north and south),
    # numbers beside the rows (west and east); texts name squares the same way ("D4")
    label_font = pygame.font.Font(None, max(14, int(cell * 0.5)))
    for i in range(12):
        for text, centre in (
            (COLUMN_LABELS[i], ((i + 1.5) * cell, 0.5 * cell)),
            (COLUMN_LABELS[i], ((i + 1.5) * cell, 13.5 * cell)),
            (str(i + 1), (0.5 * cell, (i + 1.5) * cell)),
            (str(i + 1), (13.5 * cell, (i + 1.5) * cell)),
        ):
            img = label_font.render(text, True, (246, 240, 226))
            img.set_alpha(150)
            surf.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]) + 1)))
    # rock floor
    floor = pygame.Rect(cell, cell, 12 * cell, 12 * cell)
    pygame.draw.rect(surf, ROCK_DARK, floor)
    for r in range(12):
        for c in range(12):
            sq = pygame.Rect((c + 1) * cell, (r + 1) * cell, cell, cell)
            shade = _mix(ROCK_DARK, ROCK_LIGHT, rng.uniform(0.25, 0.7))
            pygame.draw.rect(surf, shade, sq.inflate(-2, -2), border_radius=max(2, cell // 8))
            for _ in range(3):
                px = sq.x + rng.uniform(0.15, 0.85) * cell
                py = sq.y + rng.uniform(0.15, 0.85) * cell
                pygame.draw.circle(
                    surf, _mix(shade, (0, 0, 0), 0.3), (int(px), int(py)), max(1, cell // 18)
                )
    # mines: tinted 3x3 blocks with numbered squares and the emblem in the middle
    for colour, (mr, mc) in mines:
        rgb = clan(colour)
        block = pygame.Rect(mc * cell, mr * cell, 3 * cell, 3 * cell)
        layer = pygame.Surface(block.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*rgb, 70), layer.get_rect(), border_radius=cell // 3)
        pygame.draw.rect(layer, (*rgb, 200), layer.get_rect(), 2, border_radius=cell // 3)
        surf.blit(layer, block)
        centre = ((mc + 1.5) * cell, (mr + 1.5) * cell)
        emblem(surf, colour, centre, cell * 0.42)
    font = pygame.font.Font(None, max(12, int(cell * 0.42)))
    for r, c, colour, n in numbers:
        rgb = _mix(clan(colour), (255, 255, 255), 0.35)
        img = font.render(str(n), True, rgb)
        surf.blit(img, ((c + 1) * cell + 3, (r + 1) * cell + 1))
    pygame.draw.rect(surf, (20, 16, 14), floor, 2)
    return art.ready_to_blit(surf)


def deposit_card(w: int, h: int, colour: str | None, number: int | None) -> pygame.Surface:
    """A deposit card: face up with its colour and number, or face down (``colour`` None)."""
    return _deposit_card(int(w), int(h), colour, number)


@functools.lru_cache(maxsize=32)
def _deposit_card(w, h, colour, number):
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, (0, 0, 0, 80), rect.move(2, 2), border_radius=6)
    if colour is None:
        pygame.draw.rect(surf, (70, 52, 40), rect.inflate(-2, -2), border_radius=6)
        pygame.draw.rect(surf, (160, 120, 70), rect.inflate(-6, -6), 2, border_radius=5)
        gem_img = gem("diamond", int(min(w, h) * 0.45))
        surf.blit(gem_img, gem_img.get_rect(center=rect.center))
        return surf
    if colour == "chasm":
        pygame.draw.rect(surf, (30, 24, 22), rect.inflate(-2, -2), border_radius=6)
        pit = chasm_pit(int(min(w, h) * 0.7), (140, 60, 40))
        surf.blit(pit, pit.get_rect(center=rect.center))
        pygame.draw.rect(surf, (200, 80, 50), rect.inflate(-4, -4), 2, border_radius=5)
        return surf
    rgb = clan(colour)
    pygame.draw.rect(surf, (238, 230, 210), rect.inflate(-2, -2), border_radius=6)
    pygame.draw.rect(surf, rgb, rect.inflate(-6, -6), 3, border_radius=5)
    font = pygame.font.Font(None, max(14, int(h * 0.5)))
    img = font.render(str(number), True, _mix(rgb, (0, 0, 0), 0.3))
    surf.blit(img, img.get_rect(center=rect.center))
    return surf
