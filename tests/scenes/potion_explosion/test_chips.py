"""An opponent's brewing potions on its compact desk (a play-tester's find: a 6-hole potion
showed no name there while the others did): every potion names itself, whole, in every
language, with its holes still readable."""

import pygame
import pytest

import translation
from engine.potion_explosion.data import TILES
from scenes import kit
from scenes.tables.potion_explosion.draw import View, draw_compact_desk
from scenes.tables.potion_explosion.layout import Layout
from sprites.potion_explosion_art import short_name
from tests.engine.potion_explosion.helpers import pos
from tests.scenes.fit import Recorder
from tests.soak import WINDOW_SIZES, quick_first

BREWING = [code for code, tile in TILES.items() if tile.holes >= 4]
"""Every potion tile but the starters' (4 to 7 holes)."""


@pytest.fixture(params=translation.LANGUAGES)
def language(request):
    """Run the test in ``request.param``, English again after."""
    pygame.font.init()
    translation.set_language(request.param)
    kit.reset_caches()
    yield request.param
    translation.set_language("en")
    kit.reset_caches()


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", quick_first([2, 6, 3, 4, 5], count=2, one_argument=True))
def test_every_potion_on_a_compact_desk_has_its_whole_name_beside_readable_holes(
    size, players, language
):
    """Each potion tile on a chip of every table size: its holes' row and its name's room lie
    inside the chip, right of the victory points, apart; its name fits whole at 9 pixels or
    more; its holes are 10 pixels apart or more. A chip too thin for words has none."""
    from scenes.tables.potion_explosion.chips import THIN, chip_parts, name_fit

    lay = Layout(size, players, 0)
    chip = lay.chip(lay.others[0], 0)
    badge = pygame.Rect(chip.x, chip.y, chip.height, chip.height)
    for code in BREWING:
        tile = TILES[code]
        name = short_name(tile.type)
        row, room = chip_parts(chip, tile.holes, name)
        assert chip.contains(row) and not row.colliderect(badge), (code, row)
        assert min(row.height - 2, row.width / tile.holes) >= 10, (code, row)
        if chip.height < THIN:
            assert room is None
            continue
        assert chip.contains(room) and not room.colliderect(row), (code, room, row)
        assert not room.colliderect(badge)
        text, font_size = name_fit(name, room)
        assert text == name and font_size >= 9, (code, text, font_size)
        assert kit.text_size(name, font_size)[0] <= room.width


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [2, 4])
def test_an_opponents_six_hole_potions_are_named_on_its_desk(size, players, language):
    """Drawn: each opponent's two potions, 6 and 7 holes, have their names written on the
    compact desk (before, a 6-hole potion's name was left out where it did not fit)."""
    desks = ["SAN6:,WIS6:", "PRI7:,BLI6:", "MAG6:,BAL7:"]
    text = " ".join(f"p{seat}={desks[seat - 1]}/-/-/-/0.0.-.0.0.0" for seat in range(1, players))
    state = pos(f"n={players} {text}")
    lay = Layout(size, players, 0)
    surface = pygame.Surface(size)
    with Recorder() as recorder:
        for seat in lay.others:
            draw_compact_desk(surface, lay, state, seat, View(names=("Ana", "Ben", "Cy", "Di")))
    drawn = {content for content, _size, _bold, _language in recorder.drawn}
    for seat in lay.others:
        for brewing in state.desks[seat].slots:
            assert short_name(TILES[brewing.tile].type) in drawn, brewing.tile
    assert recorder.findings("compact desks") == []
