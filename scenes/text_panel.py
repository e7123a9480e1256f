"""A long text box over a background drawn once per size (the rules screen).

pygame_gui draws a rounded text box by painting the whole box four times larger and shrinking it
(anti-aliased corners): 250 ms for the rules box at 1280 × 800, at every opening, and it keeps
in its cache only shapes under 200 × 200 pixels. The box's background is the same at every
opening, so here it is made once per size from pygame_gui's own drawing of a small box of the
same theme: its corners, one column and one row of its edges stretched, and its middle colour
(9-slice). Away from the corners pygame_gui's drawing is the same all along an edge, so this
gives the very pixels pygame_gui would (``tests/scenes/test_text_panel.py``). The text itself is
a UITextBox of the theme block :data:`OBJECT_ID`: a plain rectangle without border or
background, inset by the standard box's border and shadow, so its text, scroll bar and links
sit where the standard box puts them.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UITextBox

OBJECT_ID = "#panel_text"
"""The theme block (made by :func:`theme_block`) of the text box drawn over the background."""

PROBE = 200
"""The side of the box pygame_gui draws to slice from, in pixels. pygame_gui's inner shape is
its border's shape shrunk by nearest-neighbour scaling, which drops a column every eighth of
the width: the probe must be wide enough that none falls in a corner (wider than 8 corners)."""
CORNER = 20
"""The side of a corner slice: the rounded corner (radius 10), border and shadow fit in it."""

_slices: dict = {}
"""``{"corners": ..., "edge": ...}``: the probe's slices and edge width, made once a process."""
_backgrounds: dict[tuple, pygame.Surface] = {}
"""Backgrounds by size (a few sizes: the window's, before and after a resize)."""


def theme_block() -> dict:
    """The theme block for :data:`OBJECT_ID`: a rectangle with no border, shadow or
    background. The rest comes from the ``text_box`` block: its padding, and its corner radius,
    by which pygame_gui keeps text in from rounded corners whatever the shape."""
    return {
        "colours": {"dark_bg": "#00000000", "normal_border": "#00000000"},
        "misc": {"shape": "rectangle", "border_width": "0", "shadow_width": "0"},
    }


def _probe(ui) -> dict:
    if not _slices:
        box = UITextBox("", pygame.Rect(0, 0, PROBE, PROBE), ui)
        image = box.image.copy()
        _slices["edge"] = box.border_width["left"] + box.shadow_width
        box.kill()
        far, middle = PROBE - CORNER, PROBE // 2
        _slices["pieces"] = [
            (image.subsurface(area).copy(), area.topleft)
            for area in (
                pygame.Rect(0, 0, CORNER, CORNER),
                pygame.Rect(far, 0, CORNER, CORNER),
                pygame.Rect(0, far, CORNER, CORNER),
                pygame.Rect(far, far, CORNER, CORNER),
                pygame.Rect(middle, 0, 1, CORNER),
                pygame.Rect(middle, far, 1, CORNER),
                pygame.Rect(0, middle, CORNER, 1),
                pygame.Rect(far, middle, CORNER, 1),
                pygame.Rect(middle, middle, 1, 1),
            )
        ]
    return _slices


def edge(ui) -> int:
    """The standard text box's border and shadow, in pixels: how far the text box of
    :data:`OBJECT_ID` is inset from the background."""
    return _probe(ui)["edge"]


def background(ui, size) -> pygame.Surface:
    """The standard text box's background (border, shadow, rounded corners) at ``size``
    (width, height), alpha premultiplied as pygame_gui draws it; made once per size."""
    size = (int(size[0]), int(size[1]))
    found = _backgrounds.get(size)
    if found is not None:
        return found
    width, height = size
    if width <= PROBE or height <= PROBE:  # small: pygame_gui draws it quickly itself
        box = UITextBox("", pygame.Rect((0, 0), size), ui)
        surface = box.image.copy()
        box.kill()
    else:
        surface = pygame.Surface(size, pygame.SRCALPHA, 32)
        surface.fill((0, 0, 0, 0))
        far_x, far_y, long_x, long_y = (
            width - CORNER,
            height - CORNER,
            width - 2 * CORNER,
            height - 2 * CORNER,
        )
        places = [
            ((0, 0), None),
            ((far_x, 0), None),
            ((0, far_y), None),
            ((far_x, far_y), None),
            ((CORNER, 0), (long_x, CORNER)),
            ((CORNER, far_y), (long_x, CORNER)),
            ((0, CORNER), (CORNER, long_y)),
            ((far_x, CORNER), (CORNER, long_y)),
            ((CORNER, CORNER), (long_x, long_y)),
        ]
        for (piece, _origin), (place, stretch) in zip(_probe(ui)["pieces"], places):
            if stretch is not None:
                piece = pygame.transform.scale(piece, stretch)
            # onto transparent pixels, the maximum is an exact copy (a blend would round)
            surface.blit(piece, place, special_flags=pygame.BLEND_RGBA_MAX)
    if len(_backgrounds) >= 8:
        _backgrounds.clear()
    _backgrounds[size] = surface
    return surface
