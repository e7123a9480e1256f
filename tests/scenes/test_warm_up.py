"""Work ahead while nothing moves (issue 38: a table's opening cost ~190 ms in its first
frames): the idle loop does it one piece a frame, and every piece really loads something."""

from __future__ import annotations

import gc
import sys

import pytest

from engine import registry
from scenes import memory
from scenes.app import FONT_SIZES, warm_up_work
from scenes.tables import TABLES
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, make_app


@pytest.mark.long
def test_every_piece_loads_what_a_table_needs(fonts):
    pieces = warm_up_work()
    engines = len(registry.GAME_PACKAGES)
    fonts_ahead = 2 * 2 * len(FONT_SIZES)  # en, ja fonts, plain and bold
    assert len(pieces) == engines + 1 + len(TABLES) + 1 + fonts_ahead + 1
    *loading, last = pieces
    for piece in loading:
        assert piece()  # each returns what it loaded
    assert last is memory.settle  # then start-up's objects are frozen (scenes.memory)
    last()
    assert gc.get_freeze_count() > 0
    for game in TABLES.values():
        assert game.split(":")[0] in sys.modules
    for package in registry.GAME_PACKAGES:
        assert package + ".rules" in sys.modules
    from sound import cues

    assert cues._merged  # every game's sounds by event
    assert "scenes.table.scene" in sys.modules


def test_the_idle_loop_does_one_piece_instead_of_sleeping():
    app = make_app()
    try:
        app.manager.push(TitleScene(app))
        done = []
        app.warm_ups.extend([lambda: done.append(1), lambda: done.append(2)])
        app.last_input = 0.0  # long ago: the app would wait for events now
        app._rested = True
        app.manager.top.time = 100.0  # the title's props have settled
        assert app._wait_while_idle() is False and done == [1]
        assert app._wait_while_idle() is False and done == [1, 2]
    finally:
        close_apps()


def test_the_frame_that_builds_a_table_keeps_the_picture_and_the_next_draws_the_table():
    """Building a table and drawing it first took ~56 ms in one frame (goal: ≤ 50 ms)."""
    from engine.match import Match, Seat
    from scenes.routes import open_match
    from tests.scenes.driver import frames

    app = make_app()
    try:
        app.manager.push(TitleScene(app))
        frames(app, 2)
        title = app.screen.copy()
        spec = registry.get("tea-time")
        open_match(app, Match(spec, [Seat("human", "Ana"), Seat("human", "Bo")], seed=3))
        frames(app)
        assert app.screen.get_view("2").raw == title.get_view("2").raw
        frames(app)
        assert app.screen.get_view("2").raw != title.get_view("2").raw
    finally:
        close_apps()
