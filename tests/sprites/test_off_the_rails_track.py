"""Track tiles show which way their rails run (issue 18, second look): bright steel rails over
wooden sleepers on a dark bed, in the board's tiles and in the see-through previews alike."""

import os

import pygame
import pytest

from sprites import off_the_rails_art as oa

SIZE = 48
GAUGE = round(SIZE * 0.16)
MIDDLE = SIZE // 2


@pytest.fixture(autouse=True)
def display():
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.init()
    yield
    oa.track_tile.cache_clear()


def luminance(rgb) -> float:
    """WCAG relative luminance of an sRGB colour."""

    def channel(value):
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(first, second) -> float:
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_rails_sleepers_and_bed_contrast_so_the_track_reads_at_a_glance():
    assert contrast(oa.RAIL, oa.SLEEPER) >= 4.0
    assert contrast(oa.RAIL, oa.RAIL_DARK) >= 10.0  # the outline that sets a rail off
    assert contrast(oa.SLEEPER, oa.TILE_BED) >= 2.5


@pytest.mark.parametrize("ghost", [None, "ok", "bad", "hint"])
def test_a_straight_runs_its_rails_edge_to_edge_over_the_sleepers(ghost):
    """North-south: both rails are steel from the top edge to the bottom one, over the
    sleeper in the middle; across the tile the rails are not continuous."""
    north_south = oa.track_tile("NS", SIZE, ghost)
    for x in (MIDDLE - GAUGE, MIDDLE + GAUGE):
        column = [tuple(north_south.get_at((x, y)))[:3] for y in range(2, SIZE - 2)]
        assert column == [oa.RAIL] * len(column), (x, ghost)
    assert tuple(north_south.get_at((MIDDLE, MIDDLE)))[:3] == oa.SLEEPER
    row = [tuple(north_south.get_at((x, MIDDLE - GAUGE)))[:3] for x in range(2, SIZE - 2)]
    assert row.count(oa.RAIL) < len(row) // 3
    east_west = oa.track_tile("EW", SIZE, ghost)
    for y in (MIDDLE - GAUGE, MIDDLE + GAUGE):
        row = [tuple(east_west.get_at((x, y)))[:3] for x in range(2, SIZE - 2)]
        assert row == [oa.RAIL] * len(row), (y, ghost)


def test_the_previews_and_the_hint_are_told_apart_by_their_ground():
    corner = (4, SIZE // 2)  # inside the tile's frame, off the track
    grounds = {g: tuple(oa.track_tile("NS", SIZE, g).get_at(corner))[:3] for g in ("ok", "bad")}
    hint = tuple(oa.track_tile("NS", SIZE, "hint").get_at(corner))[:3]
    assert grounds["ok"] == oa.GHOST_TINT["ok"] and grounds["bad"] == oa.GHOST_TINT["bad"]
    assert hint == oa.GHOST_TINT["hint"] and hint not in grounds.values()
