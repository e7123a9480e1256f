"""An opponent's brewing potion on its compact desk: a chip with its victory points, its holes
and its name. Every potion names itself, whatever its number of holes (a 6-hole potion's name
used to be left out where it did not fit): the holes make room for the name, in one row where
they still read, else in a row above it."""

from __future__ import annotations

import pygame

from engine.potion_explosion.data import TILES
from scenes import kit
from sprites import potion_explosion_art as pa

NAME_SIZE = 12
"""A chip's name, where the holes beside it can stay as large as in a row of their own."""
NAME_MAX = 14
"""The largest size a chip's name is drawn at, where the chip is tall enough."""
TWO_ROWS = 26
"""A chip this high or higher may put its holes above its name (two rows of 12 pixels)."""
THIN = 18
"""A chip thinner than this has no room for a name (the desk's enlarged view names it)."""


def chip_parts(rect: pygame.Rect, holes: int, name: str) -> tuple:
    """``(holes_area, name_rect)`` of a chip ``rect`` for a potion with ``holes`` holes named
    ``name``: the holes' row and where the name goes (None on a chip thinner than
    :data:`THIN`), right of the victory-point badge (as wide as the chip is high). The name
    goes beside the holes, at :data:`NAME_SIZE` where they can stay as large as in a row of
    their own above it (on a chip :data:`TWO_ROWS` high or more), else there; beside them,
    the holes as large as leaves the name its size, and on a thinner chip no smaller than
    half the chip's height, the name shrinking (and at worst cut) to the room left. Pixels."""
    left = rect.x + rect.height + 2
    inner = pygame.Rect(left, rect.y, rect.right - 4 - left, rect.height)
    if rect.height < THIN:
        return inner, None
    full, gap = rect.height - 2, 8
    line = max(13, round(rect.height * 0.38))
    under = min(rect.height - line - 3, inner.width / holes)
    wanted = kit.text_size(name, min(NAME_SIZE, rect.height - 6))[0]
    beside = min(full, (inner.width - gap - wanted) / holes)
    if rect.height >= TWO_ROWS and under > beside:
        row = pygame.Rect(inner.x, rect.y + 1, round(holes * under), rect.height - line - 1)
        return row, pygame.Rect(inner.x, row.bottom, inner.width, line)
    step = max(beside, full * 0.5)
    row = pygame.Rect(inner.x, rect.y, round(holes * step), rect.height)
    return row, pygame.Rect(row.right + gap, rect.y, inner.right - row.right - gap, rect.height)


def name_fit(name: str, name_rect: pygame.Rect) -> tuple:
    """``(text, size)`` of ``name`` in ``name_rect``: :func:`kit.fit_label` from the largest
    size whose letters stay inside the rect's height down to 9, cut with "…" only below
    that."""
    size = max(9, min(NAME_MAX, round(name_rect.height * 0.75)))
    return kit.fit_label(name, size, name_rect.width, min_size=9)


def draw_named_chip(surface, rect, code: str, placed, patterns: bool = False) -> None:
    """Potion tile ``code`` (``placed``: its marbles) as a chip in ``rect`` with its name where
    :func:`chip_parts` puts it, right-aligned beside the holes or under them."""
    rect = pygame.Rect(rect)
    name = pa.short_name(TILES[code].type)
    row, name_rect = chip_parts(rect, TILES[code].holes, name)
    pa.draw_chip(surface, rect, code, placed, patterns, area=row)
    if name_rect is None or name_rect.width < 12:
        return
    text, size = name_fit(name, name_rect)
    if name_rect.top > rect.top:  # under the holes, from where they start
        kit.blit_text(
            surface, text, size, (row.x, name_rect.centery - 1), kit.INK, anchor="midleft"
        )
    else:
        kit.blit_text(surface, text, size, name_rect.midright, kit.INK, anchor="midright")
