"""Procedural art for the Tea Time table: the six character cards (normal and mirror side),
Alice, the card back, all drawn by code and cached per size (docs/DESIGN.md, "Scenes and
sprites").

Each character has a silhouette that reads at a glance, on a colour of its own: the
Caterpillar curled on a red mushroom (blue), the White Rabbit with his pocket watch (red), the
Cheshire Cat's striped head and grin (purple), the Mad Hatter's tall hat (green), the March Hare
with a bent ear and a teacup (orange), the Dormouse asleep in a teapot (teal). A mirror side is
the same picture flipped, behind silvered glass, in a gold frame. Portraits are drawn once on a
200 × 200 canvas and scaled; a card of any size is built from them and cached.

Cards carry no text: the table writes a card's name on its name plate (:func:`name_plate`).
"""

from __future__ import annotations

import functools
import math

import pygame

from engine.tea_time.state import ALICE, Side

CANVAS = 200
"""Side of the square canvas every portrait is drawn on."""

CARD_RATIO = 0.7
"""A card's width over its height."""

CHARACTER_COLOURS = {
    "P": (52, 92, 160),  # the Caterpillar: blue
    "R": (176, 50, 58),  # the White Rabbit: red
    "C": (118, 62, 150),  # the Cheshire Cat: purple
    "H": (44, 120, 74),  # the Mad Hatter: green
    "M": (200, 120, 36),  # the March Hare: orange
    "D": (40, 128, 138),  # the Dormouse: teal
    ALICE: (96, 158, 214),  # Alice: sky blue
}
"""Each character's card colour (also its column's colour on the table)."""

GOLD_LIGHT = (255, 226, 128)
GOLD_DARK = (168, 112, 28)
CREAM = (246, 236, 212)
INK = (40, 30, 26)


def _lerp(a, b, t: float) -> tuple:
    return tuple(int(x + (y - x) * t) for x, y in zip(a, b, strict=False))


def _points(points, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> list:
    return [(x * scale + dx, y * scale + dy) for x, y in points]


def _outlined_polygon(surf, colour, points, outline=INK, width=3) -> None:
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, outline, points, width)


def _outlined_ellipse(surf, colour, rect, outline=INK, width=3) -> None:
    pygame.draw.ellipse(surf, colour, rect)
    pygame.draw.ellipse(surf, outline, rect, width)


def _outlined_circle(surf, colour, centre, radius, outline=INK, width=3) -> None:
    pygame.draw.circle(surf, colour, centre, radius)
    pygame.draw.circle(surf, outline, centre, radius, width)


def _rotated_ellipse(size, colour, angle, outline=INK, width=3) -> pygame.Surface:
    """An ellipse of ``size`` turned ``angle`` degrees (anticlockwise), on its own surface."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    rect = layer.get_rect()
    pygame.draw.ellipse(layer, colour, rect)
    pygame.draw.ellipse(layer, outline, rect, width)
    return pygame.transform.rotate(layer, angle)


def _blit_centred(surf, image, centre) -> None:
    surf.blit(image, image.get_rect(center=(int(centre[0]), int(centre[1]))))


# --- portraits (each on a 200 x 200 canvas, transparent) ------------------------------------
def _caterpillar(surf) -> None:
    """A blue caterpillar curled on a red, white-spotted mushroom, blowing smoke rings."""
    for x, y, r in ((138, 34, 11), (158, 18, 8), (120, 16, 6)):
        pygame.draw.circle(surf, (236, 236, 246), (x, y), r, 3)
    # the mushroom's stem and cap
    _outlined_polygon(surf, (236, 226, 198), [(84, 150), (116, 150), (122, 196), (78, 196)])
    pygame.draw.line(surf, (200, 186, 156), (108, 156), (112, 192), 4)
    _outlined_ellipse(surf, (214, 48, 48), pygame.Rect(22, 104, 156, 62))
    pygame.draw.ellipse(surf, (246, 226, 190), pygame.Rect(36, 142, 128, 20))
    pygame.draw.ellipse(surf, INK, pygame.Rect(36, 142, 128, 20), 2)
    for x, y, r in ((52, 126, 8), (86, 114, 7), (122, 118, 9), (152, 132, 6), (96, 136, 5)):
        pygame.draw.circle(surf, (250, 246, 236), (x, y), r)
    # the body: segments rising from the cap's left to the head
    body = (98, 204, 214)
    for k, (x, y) in enumerate(((46, 104), (64, 98), (82, 98), (98, 92), (110, 80), (116, 66))):
        _outlined_circle(surf, _lerp(body, (40, 96, 170), 0.12 * (k % 2)), (x, y), 13)
        pygame.draw.circle(surf, (40, 60, 120), (x - 3, y + 9), 3)  # little feet
    # the head, looking right, with antennae
    _outlined_circle(surf, (112, 214, 222), (124, 50), 16)
    pygame.draw.line(surf, INK, (120, 36), (112, 18), 3)
    pygame.draw.line(surf, INK, (130, 36), (140, 20), 3)
    pygame.draw.circle(surf, INK, (112, 18), 4)
    pygame.draw.circle(surf, INK, (140, 20), 4)
    pygame.draw.circle(surf, (255, 255, 255), (131, 47), 5)
    pygame.draw.circle(surf, INK, (133, 47), 2)
    pygame.draw.arc(surf, INK, pygame.Rect(124, 50, 14, 10), math.pi * 1.1, math.pi * 1.9, 2)


def _white_rabbit(surf) -> None:
    """A white rabbit standing tall: long ears, a red waistcoat and a gold pocket watch."""
    white, pink = (250, 248, 244), (240, 170, 180)
    # ears
    for x, angle in ((80, 8), (116, -8)):
        ear = _rotated_ellipse((30, 84), white, angle)
        _blit_centred(surf, ear, (x, 42))
        inner = _rotated_ellipse((14, 60), pink, angle, outline=pink, width=1)
        _blit_centred(surf, inner, (x, 46))
    # body and waistcoat
    _outlined_ellipse(surf, white, pygame.Rect(62, 100, 76, 96))
    _outlined_polygon(
        surf, (200, 40, 48), [(70, 116), (130, 116), (134, 168), (100, 186), (66, 168)]
    )
    pygame.draw.line(surf, INK, (100, 118), (100, 184), 2)
    for y in (132, 148, 164):
        pygame.draw.circle(surf, (255, 214, 90), (106, y), 3)
    # head
    _outlined_circle(surf, white, (98, 88), 28)
    pygame.draw.circle(surf, (220, 50, 70), (88, 84), 5)
    pygame.draw.circle(surf, (220, 50, 70), (110, 84), 5)
    pygame.draw.circle(surf, (255, 255, 255), (87, 82), 2)
    pygame.draw.circle(surf, (255, 255, 255), (109, 82), 2)
    pygame.draw.polygon(surf, (236, 120, 140), [(94, 96), (102, 96), (98, 101)])
    for side in (-1, 1):
        pygame.draw.line(surf, (150, 140, 140), (98 + side * 8, 100), (98 + side * 30, 96), 1)
    # the pocket watch on its chain
    pygame.draw.line(surf, (230, 190, 70), (106, 148), (146, 140), 3)
    _outlined_circle(surf, (236, 190, 60), (154, 146), 20)
    pygame.draw.circle(surf, (252, 248, 232), (154, 146), 14)
    pygame.draw.circle(surf, (236, 190, 60), (154, 124), 5)
    pygame.draw.line(surf, INK, (154, 146), (154, 136), 3)
    pygame.draw.line(surf, INK, (154, 146), (162, 150), 2)


def _cheshire_cat(surf) -> None:
    """The Cheshire Cat's striped head with its enormous grin and a curling tail."""
    pink, stripe = (226, 120, 200), (132, 50, 140)
    pygame.draw.arc(surf, stripe, pygame.Rect(118, 96, 80, 96), -math.pi * 0.6, math.pi * 0.6, 14)
    # ears
    _outlined_polygon(surf, pink, [(40, 62), (54, 12), (86, 44)])
    _outlined_polygon(surf, pink, [(114, 44), (146, 12), (160, 62)])
    pygame.draw.polygon(surf, (250, 190, 230), [(52, 52), (58, 28), (74, 44)])
    pygame.draw.polygon(surf, (250, 190, 230), [(126, 44), (142, 28), (148, 52)])
    # head with stripes (clipped to the head)
    head = pygame.Rect(26, 34, 148, 132)
    layer = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
    pygame.draw.ellipse(layer, pink, head)
    stripes = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
    for k in range(-2, 8):
        x = 30 + k * 24
        pygame.draw.polygon(
            stripes, (*stripe, 255), [(x, 30), (x + 12, 30), (x - 6, 170), (x - 18, 170)]
        )
    mask = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
    pygame.draw.ellipse(mask, (255, 255, 255, 255), head)
    stripes.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    stripes.set_alpha(150)
    layer.blit(stripes, (0, 0))
    surf.blit(layer, (0, 0))
    pygame.draw.ellipse(surf, INK, head, 3)
    # eyes: yellow with slit pupils
    for x in (72, 128):
        _outlined_ellipse(surf, (246, 226, 70), pygame.Rect(x - 16, 70, 32, 26))
        pygame.draw.ellipse(surf, INK, pygame.Rect(x - 3, 71, 6, 24))
    # the grin, from ear to ear, full of teeth
    grin = [
        (38, 108),
        (60, 116),
        (100, 120),
        (140, 116),
        (162, 108),
        (150, 132),
        (124, 150),
        (100, 154),
        (76, 150),
        (50, 132),
    ]
    _outlined_polygon(surf, (252, 250, 244), grin)
    pygame.draw.line(surf, INK, (44, 114), (156, 114), 2)
    for x in range(54, 150, 12):
        pygame.draw.line(surf, INK, (x, 114), (x + 2, 122 + (4 if 70 < x < 130 else 0)), 2)
    pygame.draw.polygon(surf, (236, 120, 160), [(94, 100), (106, 100), (100, 107)])


def _mad_hatter(surf) -> None:
    """The Mad Hatter: an enormous flared top hat with its price card, a wild grin and a
    polka-dot bow tie; a teacup in hand."""
    hat, band = (96, 70, 52), (200, 76, 110)
    # the crown, wider at the top
    _outlined_polygon(surf, hat, [(50, 12), (150, 12), (136, 96), (64, 96)])
    pygame.draw.polygon(
        surf, _lerp(hat, (255, 255, 255), 0.18), [(56, 16), (76, 16), (78, 92), (68, 92)]
    )
    _outlined_polygon(surf, band, [(62, 76), (138, 76), (136, 96), (64, 96)])
    # the price card tucked in the band: "10/6" as little strokes
    _outlined_polygon(surf, (250, 246, 230), [(108, 58), (134, 54), (138, 82), (112, 86)], width=2)
    for y in (64, 70, 76):
        pygame.draw.line(surf, INK, (114, y + 2), (132, y - 1), 2)
    # the brim
    _outlined_ellipse(surf, hat, pygame.Rect(26, 90, 148, 24))
    # the face under the brim
    _outlined_ellipse(surf, (244, 214, 186), pygame.Rect(68, 104, 64, 56))
    pygame.draw.ellipse(surf, (250, 140, 60), pygame.Rect(56, 106, 20, 36))  # orange hair
    pygame.draw.ellipse(surf, (250, 140, 60), pygame.Rect(124, 106, 20, 36))
    pygame.draw.circle(surf, INK, (88, 124), 4)
    pygame.draw.circle(surf, INK, (112, 124), 4)
    pygame.draw.arc(surf, INK, pygame.Rect(84, 126, 32, 20), math.pi * 1.05, math.pi * 1.95, 3)
    # the bow tie
    _outlined_polygon(surf, (250, 206, 60), [(100, 168), (70, 154), (70, 182)])
    _outlined_polygon(surf, (250, 206, 60), [(100, 168), (130, 154), (130, 182)])
    for x, y in ((80, 162), (80, 174), (120, 162), (120, 174)):
        pygame.draw.circle(surf, (200, 60, 60), (x, y), 3)
    _outlined_circle(surf, (230, 180, 40), (100, 168), 6, width=2)
    # the teacup
    _outlined_polygon(surf, (248, 248, 252), [(146, 150), (180, 150), (174, 176), (152, 176)])
    pygame.draw.arc(surf, INK, pygame.Rect(174, 154, 14, 14), -math.pi / 2, math.pi / 2, 3)
    _outlined_ellipse(surf, (248, 248, 252), pygame.Rect(138, 174, 50, 10), width=2)


def _march_hare(surf) -> None:
    """The March Hare: a brown hare with one ear bent over, wild tufts and a teacup."""
    brown, light = (176, 118, 70), (226, 186, 140)
    # ears: one straight, one bent over at the tip
    ear = _rotated_ellipse((26, 80), brown, 12)
    _blit_centred(surf, ear, (76, 44))
    inner = _rotated_ellipse((12, 56), (236, 170, 160), 12, outline=(236, 170, 160), width=1)
    _blit_centred(surf, inner, (76, 48))
    _outlined_polygon(
        surf, brown, [(112, 80), (118, 36), (132, 20), (168, 30), (140, 40), (128, 82)]
    )
    # head, a little lopsided, with tufts
    _outlined_ellipse(surf, brown, pygame.Rect(58, 70, 86, 76))
    for x, y in ((64, 74), (78, 66), (124, 66)):
        pygame.draw.polygon(surf, brown, [(x, y + 10), (x + 6, y - 6), (x + 12, y + 10)])
        pygame.draw.lines(surf, INK, False, [(x, y + 10), (x + 6, y - 6), (x + 12, y + 10)], 2)
    _outlined_ellipse(surf, light, pygame.Rect(78, 106, 46, 34), width=2)
    # wild eyes: one big, one small
    _outlined_circle(surf, (255, 255, 255), (84, 96), 10, width=2)
    pygame.draw.circle(surf, INK, (86, 98), 4)
    _outlined_circle(surf, (255, 255, 255), (118, 98), 7, width=2)
    pygame.draw.circle(surf, INK, (117, 99), 3)
    pygame.draw.polygon(surf, (140, 60, 60), [(96, 112), (106, 112), (101, 118)])
    pygame.draw.line(surf, (250, 250, 250), (98, 124), (98, 132), 4)  # buck teeth
    pygame.draw.line(surf, (250, 250, 250), (104, 124), (104, 132), 4)
    # body and a teacup held up
    _outlined_polygon(surf, (70, 110, 160), [(70, 146), (132, 146), (140, 196), (62, 196)])
    pygame.draw.polygon(surf, (250, 246, 236), [(92, 146), (110, 146), (101, 170)])
    _outlined_polygon(surf, (250, 250, 252), [(136, 132), (176, 132), (168, 160), (144, 160)])
    pygame.draw.arc(surf, INK, pygame.Rect(168, 136, 16, 16), -math.pi / 2, math.pi / 2, 3)
    pygame.draw.line(surf, (150, 90, 50), (140, 137), (172, 137), 4)  # tea
    for k in range(3):  # steam
        x = 146 + k * 10
        pygame.draw.arc(
            surf,
            (240, 240, 250),
            pygame.Rect(x, 104 - k * 4, 10, 22),
            math.pi / 2,
            math.pi * 1.5,
            2,
        )


def _dormouse(surf) -> None:
    """The Dormouse asleep in a teapot, peeking over the rim, with a trail of z's."""
    china, flower = (236, 240, 250), (226, 90, 120)
    # spout and handle
    _outlined_polygon(surf, china, [(148, 138), (186, 92), (194, 98), (160, 168)])
    pygame.draw.arc(surf, INK, pygame.Rect(8, 112, 44, 54), math.pi * 0.45, math.pi * 1.55, 14)
    pygame.draw.arc(surf, china, pygame.Rect(11, 115, 38, 48), math.pi * 0.45, math.pi * 1.55, 8)
    # the pot
    _outlined_ellipse(surf, china, pygame.Rect(30, 100, 136, 96))
    for x, y in ((62, 150), (100, 168), (136, 148)):
        for k in range(5):
            a = k * math.tau / 5
            pygame.draw.circle(
                surf, flower, (int(x + 7 * math.cos(a)), int(y + 7 * math.sin(a))), 5
            )
        pygame.draw.circle(surf, (250, 210, 80), (x, y), 4)
    _outlined_ellipse(surf, (200, 206, 222), pygame.Rect(52, 96, 92, 20), width=2)
    # the sleeping dormouse over the rim
    brown = (150, 112, 84)
    _outlined_circle(surf, brown, (70, 62), 16)
    _outlined_circle(surf, brown, (126, 62), 16)
    pygame.draw.circle(surf, (230, 160, 160), (70, 62), 8)
    pygame.draw.circle(surf, (230, 160, 160), (126, 62), 8)
    _outlined_ellipse(surf, brown, pygame.Rect(64, 60, 68, 48))
    pygame.draw.arc(surf, INK, pygame.Rect(78, 78, 16, 10), math.pi, math.tau, 3)  # shut eyes
    pygame.draw.arc(surf, INK, pygame.Rect(102, 78, 16, 10), math.pi, math.tau, 3)
    pygame.draw.circle(surf, (90, 50, 50), (98, 94), 4)
    _outlined_ellipse(surf, brown, pygame.Rect(70, 96, 22, 12), width=2)  # paws
    _outlined_ellipse(surf, brown, pygame.Rect(104, 96, 22, 12), width=2)
    # z z z
    for k, (x, y, s) in enumerate(((140, 44, 10), (156, 26, 13), (176, 6, 16))):
        pygame.draw.lines(
            surf, (250, 250, 255), False, [(x, y), (x + s, y), (x, y + s), (x + s, y + s)], 3
        )
        del k


def _alice(surf) -> None:
    """Alice: long fair hair with a black band, a blue dress and a white pinafore."""
    hair, dress = (250, 214, 110), (70, 130, 210)
    # hair behind
    _outlined_polygon(
        surf, hair, [(64, 40), (136, 40), (152, 126), (132, 138), (68, 138), (48, 126)]
    )
    # dress and pinafore
    _outlined_polygon(surf, dress, [(80, 116), (120, 116), (158, 196), (42, 196)])
    _outlined_polygon(surf, (250, 250, 252), [(86, 124), (114, 124), (134, 196), (66, 196)])
    pygame.draw.line(surf, INK, (86, 124), (70, 112), 3)
    pygame.draw.line(surf, INK, (114, 124), (130, 112), 3)
    # puffed sleeves and arms
    _outlined_circle(surf, dress, (74, 124), 14)
    _outlined_circle(surf, dress, (126, 124), 14)
    pygame.draw.line(surf, (244, 214, 190), (66, 134), (58, 170), 8)
    pygame.draw.line(surf, (244, 214, 190), (134, 134), (142, 170), 8)
    # face, band and fringe
    _outlined_ellipse(surf, (248, 222, 200), pygame.Rect(70, 48, 60, 66))
    pygame.draw.arc(surf, INK, pygame.Rect(66, 30, 68, 44), 0, math.pi, 7)
    pygame.draw.polygon(
        surf,
        hair,
        [(72, 66), (86, 46), (100, 60), (114, 46), (128, 66), (126, 50), (100, 40), (74, 50)],
    )
    pygame.draw.circle(surf, (60, 90, 160), (89, 82), 4)
    pygame.draw.circle(surf, (60, 90, 160), (111, 82), 4)
    pygame.draw.arc(
        surf, (180, 80, 90), pygame.Rect(90, 90, 20, 12), math.pi * 1.1, math.pi * 1.9, 2
    )
    pygame.draw.circle(surf, (246, 170, 170), (80, 96), 5)
    pygame.draw.circle(surf, (246, 170, 170), (120, 96), 5)


PORTRAITS = {
    "P": _caterpillar,
    "R": _white_rabbit,
    "C": _cheshire_cat,
    "H": _mad_hatter,
    "M": _march_hare,
    "D": _dormouse,
    ALICE: _alice,
}
"""Character letter (and Alice's) → the function drawing its portrait on a canvas."""


@functools.lru_cache(maxsize=16)
def portrait(character: str, mirrored: bool = False) -> pygame.Surface:
    """The ``character``'s portrait on a transparent 200 × 200 canvas (flipped left to right
    when ``mirrored``). Raises ``KeyError`` for a letter that is no character."""
    surf = pygame.Surface((CANVAS, CANVAS), pygame.SRCALPHA)
    PORTRAITS[character](surf)
    return pygame.transform.flip(surf, True, False) if mirrored else surf


# --- cards ----------------------------------------------------------------------------------
def card_size(height: int) -> tuple:
    """``(width, height)`` of a card ``height`` pixels tall."""
    return (max(6, round(height * CARD_RATIO)), max(8, int(height)))


def frame_width(w: int, side: str) -> int:
    """How thick the card's frame is: a mirror side's gold frame is thicker."""
    return max(2, int(w * (0.085 if side == Side.MIRROR else 0.05)))


def has_plate(w: int, h: int) -> bool:
    """Whether a card this size has a name plate (small cards are the picture alone)."""
    return h >= 84


def name_plate(w: int, h: int, side: str = Side.NORMAL) -> pygame.Rect:
    """Where the name goes on a ``w`` × ``h`` card (relative to its top-left); an empty rect
    when the card is too small for one (:func:`has_plate`)."""
    if not has_plate(w, h):
        return pygame.Rect(0, 0, 0, 0)
    inset = frame_width(w, Side.NORMAL)  # on a mirror side it covers the frame a little
    plate_h = max(12, int(h * 0.13))
    return pygame.Rect(inset + 2, h - 3 - inset - plate_h - 2, w - 2 - 2 * inset - 4, plate_h)


def _gradient(size, top, bottom) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(surf, _lerp(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    return surf


def _rounded(surf: pygame.Surface, radius: int) -> pygame.Surface:
    """``surf`` cut to a rounded rectangle."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    out = surf.copy()
    out.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    return out


@functools.lru_cache(maxsize=256)
def card_face(character: str, side: str, w: int, h: int) -> pygame.Surface:
    """A ``w`` × ``h`` card (a 2 × 3 pixel shadow included) showing ``character`` on ``side``.

    The normal side: a cream border round the character's colour. The mirror side: the picture
    flipped behind silvered glass, in a bevelled gold frame with beads and a crest. Alice
    (``character`` "A", side "") has a white and gold border and a star in each corner.
    """
    mirror = side == Side.MIRROR
    alice = character == ALICE
    colour = CHARACTER_COLOURS[character]
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w - 2, h - 3)
    radius = max(3, w // 10)
    pygame.draw.rect(surf, (0, 0, 0, 90), body.move(2, 3), border_radius=radius)
    inset = frame_width(w, side)
    # the frame
    if mirror:
        frame = _rounded(_gradient(body.size, GOLD_LIGHT, GOLD_DARK), radius)
        surf.blit(frame, body)
    else:
        pygame.draw.rect(surf, (250, 250, 255) if alice else CREAM, body, border_radius=radius)
    # the picture panel
    panel = body.inflate(-2 * inset, -2 * inset)
    if mirror:
        top = _lerp(colour, (214, 226, 240), 0.45)
        bottom = _lerp(colour, (40, 50, 70), 0.35)
    else:
        top, bottom = _lerp(colour, (255, 255, 255), 0.25), _lerp(colour, (0, 0, 0), 0.3)
    inner_radius = max(2, radius - inset // 2)
    surf.blit(_rounded(_gradient(panel.size, top, bottom), inner_radius), panel)
    # the portrait, scaled into the panel above the name plate
    plate = name_plate(w, h, side)
    area = panel.inflate(-max(2, panel.width // 14), -max(2, panel.width // 14))
    if plate.height:
        area.height = plate.y - 2 - area.y
    size = max(4, int(min(area.width * 1.08, area.height)))
    picture = pygame.transform.smoothscale(portrait(character, mirror), (size, size))
    if mirror:  # behind silvered glass
        picture.fill((226, 236, 255, 255), special_flags=pygame.BLEND_RGBA_MULT)
    clip = surf.get_clip()
    surf.set_clip(panel)
    surf.blit(picture, picture.get_rect(center=area.center))
    surf.set_clip(clip)
    if mirror:
        _glass(surf, panel)
    if plate.height:
        pygame.draw.rect(
            surf,
            (252, 246, 228) if not mirror else (255, 244, 206),
            plate,
            border_radius=max(2, plate.height // 3),
        )
        pygame.draw.rect(
            surf,
            _lerp(colour, INK, 0.4) if not mirror else GOLD_DARK,
            plate,
            max(1, w // 90),
            border_radius=max(2, plate.height // 3),
        )
    # borders
    if mirror:
        _gold_frame(surf, body, panel, radius, inset)
    else:
        pygame.draw.rect(
            surf, _lerp(colour, INK, 0.35), panel, max(1, w // 70), border_radius=inner_radius
        )
        pygame.draw.rect(surf, (120, 104, 84), body, max(1, w // 90), border_radius=radius)
    if alice:
        for x, y in ((body.x + inset, body.y + inset), (body.right - inset, body.y + inset)):
            _star(surf, (x, y), max(3, inset + 2))
        pygame.draw.rect(surf, GOLD_DARK, body, max(1, w // 60), border_radius=radius)
    return surf


def _glass(surf, panel: pygame.Rect) -> None:
    """Diagonal streaks of light across the silvered glass of a mirror side."""
    sheen = pygame.Surface(panel.size, pygame.SRCALPHA)
    w, h = panel.size
    for offset, width, alpha in ((0.15, 0.10, 70), (0.32, 0.04, 60), (0.72, 0.07, 45)):
        x0 = w * offset
        band = max(2, int(w * width))
        pygame.draw.polygon(
            sheen,
            (255, 255, 255, alpha),
            [(x0, 0), (x0 + band, 0), (x0 + band - h * 0.5, h), (x0 - h * 0.5, h)],
        )
    surf.blit(_rounded(sheen, max(2, w // 10)), panel)


def _gold_frame(surf, body: pygame.Rect, panel: pygame.Rect, radius: int, inset: int) -> None:
    """The mirror's gold frame: a dark outer edge, a light bevel, beads and a crest on top."""
    pygame.draw.rect(surf, (120, 76, 14), body, max(1, inset // 5), border_radius=radius)
    pygame.draw.rect(
        surf,
        (255, 240, 176),
        body.inflate(-inset // 2, -inset // 2),
        max(1, inset // 7),
        border_radius=radius,
    )
    pygame.draw.rect(
        surf,
        (128, 84, 16),
        panel.inflate(2, 2),
        max(1, inset // 4),
        border_radius=max(2, radius - inset // 2),
    )
    bead = max(1, inset // 4)
    if bead >= 2:
        step = max(6, inset * 2)
        for x in range(body.x + radius + step // 2, body.right - radius, step):
            for y in (body.y + inset // 2, body.bottom - inset // 2 - 1):
                pygame.draw.circle(surf, (255, 236, 160), (x, y), bead)
                pygame.draw.circle(surf, (150, 100, 20), (x, y), bead, 1)
        for y in range(body.y + radius + step // 2, body.bottom - radius, step):
            for x in (body.x + inset // 2, body.right - inset // 2 - 1):
                pygame.draw.circle(surf, (255, 236, 160), (x, y), bead)
                pygame.draw.circle(surf, (150, 100, 20), (x, y), bead, 1)
    crest = max(3, int(inset * 1.1))
    centre = (body.centerx, body.y + inset // 2)
    pygame.draw.circle(surf, GOLD_LIGHT, centre, crest)
    pygame.draw.circle(surf, (120, 76, 14), centre, crest, max(1, crest // 4))
    pygame.draw.circle(surf, (80, 170, 220), centre, max(1, crest // 2))


def _star(surf, centre, radius: int, colour=(255, 214, 80)) -> None:
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        a = -math.pi / 2 + i * math.pi / 5
        points.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, (140, 90, 10), points, 1)


def card(character: str, side: str, w: int, h: int, alpha: int = 255) -> pygame.Surface:
    """:func:`card_face`, faded to ``alpha`` (0–255) when below 255 (cached too)."""
    if alpha >= 255:
        return card_face(character, side, int(w), int(h))
    return _faded(character, side, int(w), int(h), int(alpha) // 8 * 8)


@functools.lru_cache(maxsize=128)
def _faded(character: str, side: str, w: int, h: int, alpha: int) -> pygame.Surface:
    out = card_face(character, side, w, h).copy()
    out.fill((255, 255, 255, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


@functools.lru_cache(maxsize=32)
def card_back(w: int, h: int) -> pygame.Surface:
    """The back of a card (the deck): deep blue with a gold lattice and a teacup."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, w - 2, h - 3)
    radius = max(3, w // 10)
    pygame.draw.rect(surf, (0, 0, 0, 90), body.move(2, 3), border_radius=radius)
    pygame.draw.rect(surf, CREAM, body, border_radius=radius)
    inset = max(2, w // 14)
    panel = body.inflate(-2 * inset, -2 * inset)
    pattern = _gradient(panel.size, (46, 56, 120), (24, 28, 70))
    step = max(6, panel.width // 5)
    for k in range(-panel.height // step - 1, panel.width // step + panel.height // step + 2):
        x = k * step
        pygame.draw.line(pattern, (200, 170, 90), (x, 0), (x + panel.height, panel.height), 1)
        pygame.draw.line(pattern, (200, 170, 90), (x, 0), (x - panel.height, panel.height), 1)
    surf.blit(_rounded(pattern, max(2, radius - 2)), panel)
    cup = max(4, panel.width // 3)
    cx, cy = panel.center
    pygame.draw.ellipse(surf, (30, 34, 80), pygame.Rect(cx - cup, cy - cup // 2, 2 * cup, cup + 4))
    pygame.draw.polygon(
        surf,
        (246, 236, 212),
        [
            (cx - cup * 0.7, cy - cup * 0.3),
            (cx + cup * 0.7, cy - cup * 0.3),
            (cx + cup * 0.5, cy + cup * 0.4),
            (cx - cup * 0.5, cy + cup * 0.4),
        ],
    )
    pygame.draw.circle(
        surf,
        (246, 236, 212),
        (int(cx + cup * 0.75), int(cy - cup * 0.05)),
        max(2, cup // 4),
        max(1, cup // 10),
    )
    pygame.draw.rect(surf, (120, 104, 84), body, max(1, w // 90), border_radius=radius)
    return surf
