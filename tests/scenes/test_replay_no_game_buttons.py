"""Play-test: the Tea Time replay showed greyed Take and Clear buttons. A replay has no use for
a game's action buttons: every game's replay shows none in the column."""

from __future__ import annotations

import pytest

from tests.scenes.driver import close_apps, frames, make_app
from tests.scenes.test_replay_scrub import open_replay, played

GAMES = ["diced-tomatoes", "potion-explosion", "off-the-rails", "tea-time", "shifting-stones"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_shows_no_game_action_buttons(app, game_id):
    match, _states = played(game_id, steps=40)
    table = open_replay(app, match)
    frames(app, 2)
    assert all(row.buttons == () for row in table.controls())
    assert table.column.buttons() == {}


@pytest.fixture
def small_app():
    from scenes.title import TitleScene

    a = make_app(size=(1024, 640))
    a.manager.push(TitleScene(a))
    yield a
    close_apps()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_gives_the_rows_of_buttons_room_to_the_log(small_app, game_id):
    """Play-test: at 1024 × 640 Off the Rails' replay log showed one line under three empty
    rows kept for the game's buttons. A replay keeps only the rows a game draws in."""
    from engine.match import Seat

    seats = [Seat("human", "Ana"), Seat("bot", "Bot", "easy"), Seat("bot", "Cy", "easy")]
    match, _states = played(game_id, steps=60, seats=seats if game_id != "tea-time" else None)
    table = open_replay(small_app, match)
    rows = table.controls()
    assert all(row.drawn for row in rows)
    assert len(table.column.rows) == len(rows)
    assert table.log.box.rect.y == table.column.log_top()
    if game_id == "off-the-rails":
        lay = table.game.layout()
        assert lay.control_rows == [] and lay.info.y == table.column.rows[0].y
        assert table.log.box.visible_rows >= 5
