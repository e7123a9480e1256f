"""Banners ("Bot 1's turn", the last round, "Chain ×3!") stay on the table they belong to: in
all four tables, at 1280×800 and 1024×640, the banner's band lies on the board, clear of the
log column, and its plate never leaves the band, whatever the language or the banner's scale."""

import pygame
import pytest

import translation
from engine import registry
from engine.match import Match, Seat, bot_name
from scenes import kit
from scenes.routes import open_match
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app
from tests.soak import quick_first

TABLES = [
    ("potion-explosion", 2),
    ("potion-explosion", 4),
    ("off-the-rails", 2),
    ("off-the-rails", 4),
    ("diced-tomatoes", 2),
    ("diced-tomatoes", 6),
    ("tea-time", 2),
    ("tea-time", 4),
]
LONG = (
    "Последний раунд: Бот 3 (средний) ходит последним, и партия кончается после него",
    "Карта обвала! У каждого последний ход",
    "Бот 6 (средний) ходит",
)
"""Banner texts longer than any the tables show, in a language a third longer than English."""


@pytest.mark.parametrize("size", quick_first([(1024, 640), (1280, 800)], one_argument=True))
@pytest.mark.parametrize(("game", "players"), TABLES)
def test_a_banner_stays_inside_its_table(game, players, size):
    app = make_app(size=size)
    app.manager.push(TitleScene(app))
    try:
        seats = [Seat("human", "Ana")]
        seats += [Seat("bot", bot_name(seat, "medium"), "medium") for seat in range(1, players)]
        open_match(app, Match(registry.get(game), seats, {}, 3))
        frames(app, 2)
        table = app.manager.top
        band, board = table.banner_rect(), table.board_rect()
        assert board.contains(band), (band, board)
        assert not band.colliderect(table.log_box.rect)
        assert band.right <= size[0] - table.log_width - 16  # the controls' column
        if game == "tea-time":  # the card grid, never the players' panels beside it
            assert table.game.layout().table_area.contains(band)
            for panel in table.game.layout().panels.values():
                assert not band.colliderect(panel), (band, panel)
        translation.set_language("ru")
        kit.reset_caches()
        surface = pygame.Surface(size)
        for message in LONG:
            for scale in (0.85, 1.0, 1.3, 1.72):
                plate = kit.draw_banner(surface, band, message, scale=scale)
                assert band.contains(plate), (message, scale, plate, band)
    finally:
        translation.set_language("en")
        kit.reset_caches()
        close_apps()


def test_a_long_banner_takes_two_lines_before_it_gets_small():
    pygame.font.init()
    kit.reset_caches()
    lines, size = kit.banner_lines(LONG[0], 340, 22)
    assert len(lines) == 2 and size >= 12
    assert " ".join(lines) == LONG[0]
    assert kit.banner_lines("Your turn", 340, 22) == (["Your turn"], 22)
