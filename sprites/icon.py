"""The program's icon, drawn by code: a red die and a blue marble on a felt tile.

Used as the window icon (:func:`window_icon`) and exported as a PNG for a Linux desktop entry
(``tabletop-trio --install-desktop-entry``, :mod:`scenes.desktop`). Needs no display: only
surfaces are drawn (no ``convert``).
"""

from __future__ import annotations

import pygame

from sprites import art

FELT_LIGHT = (46, 112, 82)
FELT_DARK = (18, 58, 42)
RIM = (238, 196, 84)


def icon(size: int) -> pygame.Surface:
    """The icon, ``size`` x ``size`` pixels (16 and up), transparent outside a rounded tile."""
    tile = pygame.Surface((size, size), pygame.SRCALPHA)
    radius = max(2, size // 6)
    for y in range(size):  # felt lit from the top left
        t = y / max(1, size - 1)
        colour = tuple(int(a + (b - a) * t) for a, b in zip(FELT_LIGHT, FELT_DARK))
        pygame.draw.line(tile, colour, (0, y), (size - 1, y))
    mask = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(tile, RIM, tile.get_rect(), width=max(1, size // 24), border_radius=radius)
    die = art.die_face(int(size * 0.58), 5, "red")
    tile.blit(die, die.get_rect(center=(int(size * 0.40), int(size * 0.42))))
    marble = art.marble(int(size * 0.40), "blue")
    tile.blit(marble, marble.get_rect(center=(int(size * 0.70), int(size * 0.70))))
    return tile


def window_icon() -> pygame.Surface:
    """The window's icon (64 px: window managers scale it down for title bars and task bars)."""
    return icon(64)


def save_png(path, size: int = 256) -> None:
    """Write the icon as a PNG of ``size`` pixels; raises ``pygame.error`` or OSError."""
    pygame.image.save(icon(size), str(path))
