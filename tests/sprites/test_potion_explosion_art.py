"""Potion Explosion's tiles as drawn (sprites/potion_explosion_art.py)."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame
import pytest

from sprites import potion_explosion_art as pa

BADGE_GOLD = (238, 196, 84)


def gold_pixels(surface) -> int:
    width, height = surface.get_size()
    return sum(
        1
        for x in range(width)
        for y in range(height)
        if tuple(surface.get_at((x, y)))[:3] == BADGE_GOLD
    )


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield
    pa.potion_card.cache_clear()


def test_a_tile_too_narrow_for_its_victory_points_badge_shows_none():
    """Play-test: on a compact desk's small completed potions the badge hung off the tile and a
    cut "10" read "0". A tile too narrow to hold the badge whole shows none (hovering the desk
    shows its potions large, badges and all)."""
    code = next(iter(pa.TILES))
    assert gold_pixels(pa.potion_card(40, 54, code)) > 20
    assert gold_pixels(pa.potion_card(15, 20, code)) == 0
