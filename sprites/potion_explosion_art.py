"""Procedural art for the Potion Explosion table: potion tiles drawn as flasks with holes, the
dispenser's tank, skill and Little Help tokens, explosion sparks.

Everything is drawn by code and cached per size (docs/DESIGN.md, "Scenes and sprites"). Marbles
themselves come from :func:`sprites.art.marble`; this module maps the game's colour letters to it.
"""

from __future__ import annotations

import functools
import math

import pygame

from engine.potion_explosion.data import COLOURS, TILES
from sprites import art
from translation import NP_, pgettext

COLOUR_KEY = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
"""Engine colour letter → :data:`sprites.art.MARBLE_COLOURS` key."""

TYPE_STYLE = {
    # liquid colour, card tint
    "SAN": ((224, 178, 92), (92, 70, 44)),
    "MAG": ((120, 200, 230), (40, 70, 92)),
    "WIS": ((150, 120, 230), (62, 48, 100)),
    "BAL": ((130, 200, 90), (46, 82, 40)),
    "PRI": ((240, 120, 200), (98, 44, 84)),
    "BLI": ((236, 80, 110), (100, 34, 48)),
    "ABY": ((60, 120, 170), (24, 44, 70)),
    "FIL": ((244, 120, 50), (104, 48, 24)),
}
SHORT_NAMES = {
    "SAN": NP_("short potion name", "Sands of Time"),
    "MAG": NP_("short potion name", "Magnetism"),
    "WIS": NP_("short potion name", "Wisdom"),
    "BAL": NP_("short potion name", "Stickiness"),
    "PRI": NP_("short potion name", "Prismatic Joy"),
    "BLI": NP_("short potion name", "Blind Love"),
    "ABY": NP_("short potion name", "Abyssal Draft"),
    "FIL": NP_("short potion name", "Lavamancing"),
}
"""Names short enough for a small tile (English; :func:`short_name` translates); the log and
tooltips use the full names."""


def short_name(kind: str) -> str:
    """The short name of potion type ``kind`` in the language in use."""
    return pgettext("short potion name", SHORT_NAMES[kind])


HOLE_RING = {"R": (232, 80, 72), "B": (80, 140, 240), "Y": (250, 214, 70), "K": (150, 150, 166)}


def _lerp(a, b, t):
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b))


def marble(size: int, colour: str, patterns: bool = False) -> pygame.Surface:
    """A glossy marble of diameter ``size`` for engine colour letter ``colour``."""
    return art.marble(max(4, int(size)), COLOUR_KEY[colour], patterns)


def blit_marble(
    surface, centre, size: int, colour: str, patterns: bool = False, alpha: int = 255
) -> None:
    """Draw a marble centred at ``centre`` (the sprite has a shadow margin on its right)."""
    img = marble(size, colour, patterns)
    if alpha < 255:
        img = img.copy()
        img.set_alpha(alpha)
    surface.blit(img, (int(centre[0] - size / 2), int(centre[1] - size / 2)))


# --- potion tiles ------------------------------------------------------------------------------
def flask_geometry(w: int, h: int) -> tuple:
    """``(body centre, body radius, neck rect)`` of the flask drawn on a ``w``×``h`` tile."""
    r = min(w * 0.44, h * 0.34)
    cy = h - r - h * 0.07
    neck_w = max(4, w * 0.24)
    neck = pygame.Rect(int(w / 2 - neck_w / 2), int(h * 0.13), int(neck_w), int(cy - h * 0.13))
    return (w / 2, cy), r, neck


_ROWS = {1: (1,), 2: (2,), 3: (1, 2), 4: (2, 2), 5: (2, 3), 6: (3, 3), 7: (2, 3, 2), 8: (3, 2, 3)}


@functools.lru_cache(maxsize=512)
def hole_layout(w: int, h: int, code: str) -> tuple:
    """Holes of tile ``code`` drawn ``w``×``h``: ``((x, y, hole colour), ...)`` relative to the
    tile's top-left, colours grouped in :data:`COLOURS` order, and the hole diameter last."""
    recipe = TILES[code].recipe
    colours = [c for k, c in enumerate(COLOURS) for _ in range(recipe[k])]
    (cx, cy), r, _ = flask_geometry(w, h)
    rows = _ROWS[len(colours)]
    widest = max(rows)
    size = min(r * 1.7 / widest, r * 1.6 / len(rows)) * 0.9
    step = size * 1.08
    out = []
    i = 0
    top = cy - (len(rows) - 1) * step * 0.9 / 2 + r * 0.08
    for row_i, count in enumerate(rows):
        y = top + row_i * step * 0.9
        for j in range(count):
            x = cx + (j - (count - 1) / 2) * step
            out.append((x, y, colours[i]))
            i += 1
    return tuple(out), size


@functools.lru_cache(maxsize=256)
def potion_card(w: int, h: int, code: str, back: bool = False) -> pygame.Surface:
    """A potion tile ``w``×``h``: tinted card, glass flask with liquid, VP badge, short name.

    ``back`` draws the side turned over after drinking: the same tint darkened, an empty
    flask, the victory points still shown, and a check mark — which potion it was stays clear.
    """
    tile = TILES[code]
    liquid, tint = TYPE_STYLE[tile.type]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(4, w // 9)
    pygame.draw.rect(surf, (0, 0, 0, 80), pygame.Rect(2, 3, w - 2, h - 3), border_radius=radius)
    body = pygame.Rect(0, 0, w - 2, h - 3)
    top = _lerp(tint, (255, 255, 255), 0.18) if not back else _lerp(tint, (0, 0, 0), 0.45)
    bottom = _lerp(tint, (0, 0, 0), 0.35) if not back else _lerp(tint, (0, 0, 0), 0.7)
    grad = pygame.Surface(body.size, pygame.SRCALPHA)
    for y in range(body.height):
        pygame.draw.line(
            grad, _lerp(top, bottom, y / max(1, body.height - 1)), (0, y), (body.width, y)
        )
    mask = pygame.Surface(body.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), body, border_radius=radius)
    grad.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(grad, (0, 0))
    pygame.draw.rect(
        surf,
        _lerp(liquid, (255, 255, 255), 0.3) if not back else (90, 84, 80),
        body,
        max(1, w // 40),
        border_radius=radius,
    )
    (cx, cy), r, neck = flask_geometry(w - 2, h - 3)
    glass = (220, 236, 240)
    if back:
        # the drunk side: the potion's own colours, its flask emptied, a check mark
        pygame.draw.rect(surf, _lerp(liquid, (40, 40, 46), 0.6), neck, border_radius=2)
        pygame.draw.circle(surf, _lerp(liquid, (20, 20, 24), 0.75), (int(cx), int(cy)), int(r))
        pygame.draw.circle(
            surf, _lerp(liquid, (200, 200, 200), 0.3), (int(cx), int(cy)), int(r), max(1, w // 36)
        )
        pygame.draw.ellipse(
            surf,
            _lerp(liquid, (20, 20, 24), 0.35),
            pygame.Rect(cx - r * 0.7, cy + r * 0.55, r * 1.4, r * 0.3),
        )
        tick = max(2, w // 14)
        points = [(cx - r * 0.45, cy), (cx - r * 0.1, cy + r * 0.35), (cx + r * 0.5, cy - r * 0.4)]
        pygame.draw.lines(surf, (235, 235, 225), False, points, tick)
        _vp_badge(surf, w, h, tile.vp, dim=True)
        return surf
    # neck with cork
    pygame.draw.rect(surf, (*glass, 120), neck, border_radius=2)
    cork = pygame.Rect(neck.x - 1, neck.y - max(3, h // 22), neck.width + 2, max(4, h // 18))
    pygame.draw.rect(surf, (150, 104, 60), cork, border_radius=2)
    # body: glass with liquid filling its lower part
    pygame.draw.circle(surf, (*glass, 70), (int(cx), int(cy)), int(r))
    liquid_layer = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.circle(
        liquid_layer, (*_lerp(liquid, (0, 0, 0), 0.1), 210), (int(cx), int(cy)), int(r - 1)
    )
    pygame.draw.rect(liquid_layer, (0, 0, 0, 0), pygame.Rect(0, 0, w, int(cy - r * 0.55)))
    surf.blit(liquid_layer, (0, 0))
    pygame.draw.ellipse(
        surf,
        (*_lerp(liquid, (255, 255, 255), 0.45), 200),
        pygame.Rect(cx - r * 0.8, cy - r * 0.62, r * 1.6, r * 0.22),
    )
    pygame.draw.circle(surf, (*glass, 220), (int(cx), int(cy)), int(r), max(1, w // 36))
    pygame.draw.arc(
        surf,
        (255, 255, 255, 170),
        pygame.Rect(cx - r * 0.8, cy - r * 0.8, r * 1.6, r * 1.6),
        1.9,
        2.9,
        max(1, w // 30),
    )
    _vp_badge(surf, w, h, tile.vp)
    return surf


def _vp_badge(surf, w: int, h: int, vp: int, dim: bool = False) -> None:
    """The victory points badge in a tile's top right corner; none on a tile too narrow to
    hold it whole (play-test: on a small completed potion a cut "10" read "0"; hovering the
    desk shows it large)."""
    br = max(9, int(min(w, h) * 0.13))  # readable on the small stack cards too
    if 2 * br + 6 > w:
        return
    bx, by = w - 2 - br - 3, br + 3
    gold = (238, 196, 84) if not dim else (196, 168, 100)
    pygame.draw.circle(surf, (60, 40, 10), (bx + 1, by + 2), br)
    pygame.draw.circle(surf, gold, (bx, by), br)
    pygame.draw.circle(surf, (255, 236, 160), (bx, by), br, 1)
    font = _badge_font(max(16, int(br * 1.7)))
    # bold and near-black: on a small drunk tile a thin "5" read as a "6" (a play tester's find)
    txt = font.render(str(vp), True, (40, 24, 4))
    surf.blit(txt, txt.get_rect(center=(bx, by + 1)))


def _badge_font(size: int) -> pygame.font.Font:
    """pygame's default font at ``size`` pixels, kept per size: a card flying to a slot
    changes size every frame, and loading the font again for each cost a millisecond. A font
    made before a ``pygame.quit()`` is dead; it is made again."""
    font = _badge_fonts.get(size)
    if font is not None:
        try:
            font.get_height()
            return font
        except pygame.error:
            _badge_fonts.clear()
    font = _badge_fonts[size] = pygame.font.Font(None, size)
    font.bold = True
    return font


_badge_fonts: dict = {}


def draw_chip(
    surface, rect, code: str, placed, patterns: bool = False, highlight: bool = False, area=None
) -> int:
    """A brewing potion drawn small and wide (a compact desk): the tile's tint, its victory
    points, and its holes in a row — filled ones hold their marbles, empty ones are rings of
    the colour still needed. The row fills ``area`` (default: the chip right of the victory
    points), each hole at most ``area``'s height. Returns the x where the holes end."""
    rect = pygame.Rect(rect)
    badge = rect.height
    if area is None:
        area = pygame.Rect(rect.x + badge + 2, rect.y, rect.width - badge - 6, rect.height)
    area = pygame.Rect(area)
    tile = TILES[code]
    liquid, tint = TYPE_STYLE[tile.type]
    surface.blit(_chip_back(rect.width, rect.height, code), rect)
    if highlight:
        pygame.draw.rect(surface, (255, 226, 110), rect, 2, border_radius=max(3, rect.height // 4))
    holes = [c for k, c in enumerate(COLOURS) for _ in range(tile.recipe[k])]
    filled: dict[str, list[str]] = {}
    for hole, marble_colour in placed:
        filled.setdefault(hole, []).append(marble_colour)
    step = min(area.height - 2, area.width / max(1, len(holes)))
    d = max(4, int(step - 2))
    x = area.x + step / 2
    seen: dict[str, int] = {}
    for colour in holes:
        k = seen.get(colour, 0)
        seen[colour] = k + 1
        centre = (int(x), area.centery)
        pygame.draw.circle(surface, (18, 14, 20), centre, d // 2 + 1)
        marbles = filled.get(colour, [])
        if k < len(marbles):
            blit_marble(surface, centre, d, marbles[k], patterns)
        else:
            pygame.draw.circle(surface, HOLE_RING[colour], centre, d // 2, max(2, d // 5))
            if patterns:
                _hole_pattern(surface, centre, d, colour)
        x += step
    return int(x - step / 2 + d / 2)


@functools.lru_cache(maxsize=256)
def _chip_back(w: int, h: int, code: str) -> pygame.Surface:
    tile = TILES[code]
    liquid, tint = TYPE_STYLE[tile.type]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    radius = max(3, h // 4)
    pygame.draw.rect(surf, _lerp(tint, (0, 0, 0), 0.15), surf.get_rect(), border_radius=radius)
    pygame.draw.rect(
        surf, _lerp(liquid, (255, 255, 255), 0.2), surf.get_rect(), 1, border_radius=radius
    )
    c = h // 2
    pygame.draw.circle(surf, (238, 196, 84), (c, c), max(4, c - 2))
    font = _badge_font(max(12, int(h * 0.8)))
    txt = font.render(str(tile.vp), True, (60, 36, 8))
    surf.blit(txt, txt.get_rect(center=(c, c + 1)))
    return surf


def draw_potion(
    surface,
    rect,
    code: str,
    placed,
    patterns: bool = False,
    back: bool = False,
    glow: float = 0.0,
    highlight=(),
) -> list:
    """Draw tile ``code`` in ``rect`` with the marbles ``placed`` (``[[hole, marble], ...]``).

    ``highlight`` holds indices of holes to ring (legal targets); ``glow`` (0..1) adds a golden
    aura (a completed potion). Returns the holes as ``[(centre, diameter, hole colour, filled)]``
    in screen coordinates, in the order of :func:`hole_layout`.
    """
    rect = pygame.Rect(rect)
    if glow > 0:
        aura = pygame.Surface((rect.width + 20, rect.height + 20), pygame.SRCALPHA)
        radius = max(4, rect.width // 9)
        for i in range(4):
            pygame.draw.rect(
                aura,
                (255, 226, 110, int(glow * (200 - i * 50))),
                aura.get_rect().inflate(-12 + i * 4 - 8, -12 + i * 4 - 8).move(0, 0),
                2,
                border_radius=radius + 2 + i * 2,
            )
        surface.blit(aura, (rect.x - 10, rect.y - 10))
    surface.blit(potion_card(rect.width, rect.height, code, back), rect)
    if back:
        return []
    holes, size = hole_layout(rect.width - 2, rect.height - 3, code)
    fill: dict[str, list[str]] = {}
    for hole, m in placed:
        fill.setdefault(hole, []).append(m)
    seen: dict[str, int] = {}
    out = []
    d = max(4, int(size))
    for i, (x, y, c) in enumerate(holes):
        centre = (rect.x + x, rect.y + y)
        k = seen.get(c, 0)
        seen[c] = k + 1
        marbles = fill.get(c, [])
        filled = k < len(marbles)
        pygame.draw.circle(surface, (18, 14, 20), (int(centre[0]), int(centre[1])), d // 2 + 1)
        if filled:
            blit_marble(surface, centre, d, marbles[k], patterns)
        else:
            pygame.draw.circle(
                surface, HOLE_RING[c], (int(centre[0]), int(centre[1])), d // 2, max(2, d // 6)
            )
            if patterns:
                _hole_pattern(surface, centre, d, c)
        if i in highlight:
            glow_disc(surface, centre, d * 0.85, (255, 244, 180), 110)
            pygame.draw.circle(
                surface, (255, 255, 235), (int(centre[0]), int(centre[1])), d // 2 + 3, 3
            )
        out.append((centre, d, c, filled))
    return out


def _hole_pattern(surface, centre, d, c) -> None:
    """The colour-blind mark of an empty hole: the same shapes as the marbles' patterns."""
    x, y = centre
    col = HOLE_RING[c]
    s = d * 0.2
    if c == "R":
        pygame.draw.circle(surface, col, (int(x), int(y)), max(2, int(s)), 1)
    elif c == "B":
        pygame.draw.line(surface, col, (x - s, y), (x + s, y), 2)
    elif c == "Y":
        pygame.draw.polygon(
            surface, col, [(x, y - s), (x + s, y + s * 0.8), (x - s, y + s * 0.8)], 1
        )
    else:
        pygame.draw.line(surface, col, (x - s, y - s), (x + s, y + s), 2)
        pygame.draw.line(surface, col, (x + s, y - s), (x - s, y + s), 2)


@functools.lru_cache(maxsize=64)
def card_back(w: int, h: int) -> pygame.Surface:
    """The face-down side of a stack (shown under the top tile)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    r = max(4, w // 9)
    pygame.draw.rect(surf, (50, 36, 60), surf.get_rect(), border_radius=r)
    pygame.draw.rect(surf, (150, 120, 170), surf.get_rect(), 2, border_radius=r)
    for i in range(1, 4):
        pygame.draw.circle(surf, (90, 70, 110), (w // 2, h // 2), int(min(w, h) * 0.12 * i), 1)
    return surf


# --- tokens ------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=32)
def skill_token(size: int) -> pygame.Surface:
    """A gold skill token worth 4 VP."""
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, (60, 40, 10, 140), (c + 2, c + 2), c)
    pygame.draw.circle(surf, (214, 160, 50), (c, c), c)
    pygame.draw.circle(surf, (255, 222, 120), (c, c), int(c * 0.78))
    pygame.draw.circle(surf, (180, 120, 30), (c, c), int(c * 0.78), 1)
    st = art.star(max(3, int(c * 0.55)), (200, 130, 30))
    surf.blit(st, st.get_rect(center=(c, c)))
    return surf


@functools.lru_cache(maxsize=32)
def help_token(size: int) -> pygame.Surface:
    """A Little Help token (-2 VP): a violet disc with a helping hand's mark."""
    surf = pygame.Surface((size + 2, size + 2), pygame.SRCALPHA)
    c = size // 2
    pygame.draw.circle(surf, (20, 10, 30, 140), (c + 2, c + 2), c)
    pygame.draw.circle(surf, (120, 70, 170), (c, c), c)
    pygame.draw.circle(surf, (170, 120, 220), (c, c), c, max(1, size // 10))
    font = pygame.font.Font(None, max(10, int(size * 0.7)))
    txt = font.render("-2", True, (250, 240, 255))
    surf.blit(txt, txt.get_rect(center=(c, c + 1)))
    return surf


# --- dispenser -----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def dispenser_back(w: int, h: int, tank_h: int) -> pygame.Surface:
    """The dispenser cabinet: a wooden frame, a glass tank on top and a slope under the tracks."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    wood_l, wood_d = (128, 84, 50), (70, 44, 26)
    pygame.draw.rect(surf, (0, 0, 0, 90), pygame.Rect(4, 6, w - 4, h - 6), border_radius=16)
    frame = pygame.Rect(0, 0, w - 4, h - 6)
    for y in range(frame.height):
        pygame.draw.line(surf, _lerp(wood_l, wood_d, y / frame.height), (0, y), (frame.width, y))
    mask = pygame.Surface(frame.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), frame, border_radius=16)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    # the slope: a dark felt trapezoid, narrower at the back (perspective)
    slope = [(w * 0.13, tank_h + 6), (w * 0.87 - 4, tank_h + 6), (w - 14, h - 18), (10, h - 18)]
    pygame.draw.polygon(surf, (34, 26, 36), slope)
    pygame.draw.polygon(surf, (150, 110, 70), slope, 2)
    # tank: glass box
    tank = pygame.Rect(w * 0.1, 8, w * 0.8 - 4, tank_h - 8)
    glass = pygame.Surface(tank.size, pygame.SRCALPHA)
    pygame.draw.rect(glass, (200, 230, 240, 60), glass.get_rect(), border_radius=10)
    pygame.draw.rect(glass, (220, 240, 250, 160), glass.get_rect(), 2, border_radius=10)
    pygame.draw.line(glass, (255, 255, 255, 120), (8, 6), (tank.width // 3, 6), 2)
    surf.blit(glass, tank)
    return surf


def sparks(surface, centre, p: float, colour, seed: int, radius: float, count: int = 10) -> None:
    """An explosion burst at progress ``p``: sparks flying out and fading, a flash ring."""
    x, y = centre
    if p < 0.35:
        q = p / 0.35
        ring = pygame.Surface((int(radius * 3), int(radius * 3)), pygame.SRCALPHA)
        c = ring.get_width() // 2
        pygame.draw.circle(
            ring,
            (255, 250, 220, int(220 * (1 - q))),
            (c, c),
            max(2, int(radius * (0.4 + 1.1 * q))),
            max(2, int(radius * 0.25)),
        )
        surface.blit(ring, (x - c, y - c))
    light = _lerp(colour, (255, 255, 255), 0.5)
    for i in range(count):
        a = (seed * 2.399 + i * (2 * math.pi / count)) % (2 * math.pi)
        speed = 0.7 + ((seed * 7 + i * 13) % 10) / 14
        dist = radius * (0.3 + 1.8 * p * speed)
        px, py = x + math.cos(a) * dist, y + math.sin(a) * dist + 20 * p * p
        r = max(1, int(radius * 0.22 * (1 - p)))
        pygame.draw.circle(surface, light if i % 2 else colour, (int(px), int(py)), r)


def glow_disc(surface, centre, radius: float, colour=(255, 240, 170), alpha: int = 120) -> None:
    """A soft round glow (seam flash, wild pool marbles, highlights)."""
    r = max(2, int(radius))
    layer = pygame.Surface((r * 2 + 2, r * 2 + 2), pygame.SRCALPHA)
    for i in range(4):
        pygame.draw.circle(
            layer, (*colour, int(alpha * (i + 1) / 4)), (r + 1, r + 1), int(r * (1 - i * 0.22))
        )
    surface.blit(layer, (centre[0] - r - 1, centre[1] - r - 1))
