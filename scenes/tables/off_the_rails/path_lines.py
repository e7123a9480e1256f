"""The carts' previewed paths as the Off the Rails board draws them (:mod:`.draw` puts them on
the board): a line through the squares with a dot on each, dashes beyond a junction, an arrow
on the grid's border where a cart leaves the mine, a ring where it stops or chooses its way, a
red cross where it fails, and the tags (:class:`.paths.Tag`) that say so.
"""

from __future__ import annotations

import math

import pygame

from engine.off_the_rails import board as B
from scenes import kit
from scenes.tables.off_the_rails.layout import TAG_FONT, TAG_GEM, TAG_MARKER, Layout
from scenes.tables.off_the_rails.paths import BAD_ENDS, CHOICE_ENDS
from sprites import off_the_rails_art as oa

PATH_COLOURS = {"white": (250, 246, 228), "black": (34, 30, 30)}


def path_colour(cart) -> tuple:
    """The colour of a cart's path line: white or black for the markers, else (solo)
    its clan colour lightened."""
    if cart.marker in PATH_COLOURS:
        return PATH_COLOURS[cart.marker]
    return tuple(int(c + (255 - c) * 0.35) for c in oa.clan(cart.colour))


def _point_of(lay: Layout, square, index: int) -> tuple:
    """The centre of ``square`` on the line of the ``index``-th path (the first two are
    drawn a little apart, so two carts' paths along the same squares both show)."""
    shift = (index - 0.5) * 4 if index < 2 else 0
    x, y = lay.centre(square)
    return (x + shift, y + shift)


def _path_points(lay: Layout, path, index: int) -> list:
    return [_point_of(lay, square, index) for square in path.squares]


def dashed_lines(surface, colour, points, width: int, dash: int = 7, gap: int = 5) -> None:
    """A polyline drawn in dashes (a way the cart may take, not the one it will)."""
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        if not length:
            continue
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        for start in range(0, int(length), dash + gap):
            stop = min(length, start + dash)
            pygame.draw.line(
                surface,
                colour,
                (x0 + ux * start, y0 + uy * start),
                (x0 + ux * stop, y0 + uy * stop),
                width,
            )


def draw_path_line(surface, lay: Layout, state, path, index: int, branch: bool = False) -> None:
    """Where a cart would roll now: a line through the squares, a dot on each; beyond a
    junction each way on in dashes. A way out of the mine ends in an arrow on the grid's
    border, off the edge's label (play-test: its last dot hid the row's number)."""
    points = _path_points(lay, path, index)
    colour = path_colour(state.carts[path.cart])
    edge = (236, 230, 216) if sum(colour) < 200 else (0, 0, 0)  # a black path: a light edge
    out = path.end == "left" and len(points) >= 2
    if out:
        shift = _point_of(lay, path.squares[-1], index)[0] - lay.centre(path.squares[-1])[0]
        x, y = lay.anchor_point(path.squares[-1])
        points[-1] = (x + shift, y + shift)
    if len(points) >= 2:
        if branch:
            dashed_lines(surface, edge, points, 5)
            dashed_lines(surface, colour, points, 3)
        else:
            pygame.draw.lines(surface, edge, False, points, 6)
            pygame.draw.lines(surface, colour, False, points, 3)
    for x, y in points[1 : -1 if out else None]:
        pygame.draw.circle(surface, edge, (int(x), int(y)), 5 if branch else 6)
        pygame.draw.circle(surface, colour, (int(x), int(y)), 3 if branch else 4)
    if out:
        _draw_way_out(surface, lay, points[-2], points[-1], colour, edge, branch)
    for sub in path.branches:
        draw_path_line(surface, lay, state, sub, index, branch=True)


def _draw_way_out(surface, lay: Layout, before, tip, colour, edge, branch: bool) -> None:
    """An arrowhead with its tip at ``tip`` (on the grid's border), pointing away from
    ``before``: the cart leaves the mine there."""
    length = math.hypot(tip[0] - before[0], tip[1] - before[1]) or 1.0
    ux, uy = (tip[0] - before[0]) / length, (tip[1] - before[1]) / length
    back = lay.cell * (0.2 if branch else 0.26)
    wide = lay.cell * (0.12 if branch else 0.16)
    base = (tip[0] - ux * back, tip[1] - uy * back)
    head = [
        tip,
        (base[0] - uy * wide, base[1] + ux * wide),
        (base[0] + uy * wide, base[1] - ux * wide),
    ]
    pygame.draw.polygon(surface, colour, head)
    pygame.draw.polygon(surface, edge, head, 2)


def draw_path_end(surface, lay: Layout, path, index: int, branch: bool = False) -> None:
    """The end of a path, on its last square: a ring where the cart would stop or choose its
    way, a red cross where it would fail (derail, crash, fall): inside the last tile it stands
    on, on the side it leaves that tile by (after any turn there), towards the square it runs
    into (:attr:`.paths.Path.runs_off`)."""
    x, y = _path_points(lay, path, index)[-1]
    if path.end in ("stop", *CHOICE_ENDS):
        colour = kit.GOLD if path.end in CHOICE_ENDS else kit.HILITE
        radius = int(lay.cell * (0.3 if branch else 0.36))
        pygame.draw.circle(surface, (0, 0, 0), (int(x) + 1, int(y) + 1), radius, 3)
        pygame.draw.circle(surface, colour, (int(x), int(y)), radius, 2)
    elif path.end in BAD_ENDS:
        x, y = _point_of(lay, path.last_tile, index)
        dy, dx = B.DELTA[path.runs_off] if path.runs_off else (0, 0)
        cx, cy = x + dx * lay.cell * 0.32, y + dy * lay.cell * 0.32
        arm = max(4, lay.cell * (0.1 if branch else 0.13))
        for sign in (1, -1):
            ends = ((cx - arm, cy - sign * arm), (cx + arm, cy + sign * arm))
            pygame.draw.line(surface, (0, 0, 0), *ends, 6)
        for sign in (1, -1):
            ends = ((cx - arm, cy - sign * arm), (cx + arm, cy + sign * arm))
            pygame.draw.line(surface, kit.DANGER, *ends, 3)
    for sub in path.branches:
        draw_path_end(surface, lay, sub, index, branch=True)


TAG_TONES = {
    "good": kit.HILITE,
    "bad": kit.DANGER,
    "choice": kit.GOLD,
    "hint": oa.GHOST_TINT["hint"],
}


def draw_tag(surface, lay: Layout, tag) -> None:
    """A tag (:class:`.paths.Tag`): a leader line to its square when apart (to the border of
    an edge's square, :meth:`Layout.anchor_point`, whenever it does not touch it), a dark
    plate framed in its tone, its words and the gems it pictures."""
    colour = TAG_TONES[tag.tone]
    rect = tag.rect
    if tag.square is not None:
        x, y = lay.anchor_point(tag.square)
        near = (min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom))
        apart = math.hypot(near[0] - x, near[1] - y)
        # about an edge (a way out), even a near tag is tied to the border it means
        if apart > lay.cell * 0.6 or (apart > 2 and not B.on_grid(tag.square)):
            pygame.draw.line(surface, (0, 0, 0), (x, y), near, 3)
            pygame.draw.line(surface, colour, (x, y), near, 1)
    fill = (14, 10, 8, 225) if tag.tone != "hint" else (10, 30, 44, 235)
    kit.draw_panel(surface, rect, fill, radius=5, border=colour)
    size = TAG_FONT - (1 if tag.small else 0)
    img = kit.text(tag.words, size, colour, True)
    words_w = img.get_width() + 10
    gem_size = kit.px(TAG_GEM)
    chip = kit.px(TAG_MARKER) + 4 if tag.marker else 0
    left = rect.x + max(5, (rect.width - words_w - chip - len(tag.gems) * (gem_size + 2)) // 2 + 5)
    if tag.marker:  # whose path: the cart's marker, as painted on the cart
        radius = kit.px(TAG_MARKER) // 2
        centre = (left + radius, rect.centery)
        white = tag.marker == "white"
        pygame.draw.circle(surface, (250, 250, 246) if white else (18, 18, 20), centre, radius)
        pygame.draw.circle(surface, (30, 30, 30) if white else (230, 230, 230), centre, radius, 1)
        left += chip
    surface.blit(img, img.get_rect(midleft=(left, rect.centery)))
    x = left + img.get_width() + 3
    for name in tag.gems:
        gem = oa.gem(name, gem_size)
        surface.blit(gem, gem.get_rect(midleft=(x, rect.centery)))
        x += gem_size + 2
