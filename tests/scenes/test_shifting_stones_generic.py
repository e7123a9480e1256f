"""Shifting Stones at the generic table (scenes/tables/generic.py) until it has its own: the hands
are secret, so the table draws the position as the person at the keyboard may see it, and in
hot-seat the pass screen always comes between two people's turns with nothing drawn under it."""

from __future__ import annotations

import pytest

from engine import registry
from engine.match import Match, Seat
from engine.positions import match_from_position, read_position
from scenes import kit
from scenes.game_over import GameOverScene
from scenes.pass_screen import PassScreen
from scenes.routes import open_match
from scenes.table.scene import TableScene
from scenes.tables import game_table_class
from scenes.tables.generic import GenericTable
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app

SPEC = registry.get("shifting-stones")
POSITION = "grid=SFB/HOE/TTO first=0 active=0 hands=8,41,7,14/5,6,9,10"


@pytest.fixture
def app():
    a = make_app(size=(1024, 640))  # the pass screen setting is off
    a.manager.push(TitleScene(a))
    frames(a, 1)
    yield a
    close_apps()


def drawn_texts(app, monkeypatch) -> list:
    texts: list = []
    real = kit.blit_text

    def spy(surface, text, *args, **kwargs):
        texts.append(text)
        return real(surface, text, *args, **kwargs)

    monkeypatch.setattr(kit, "blit_text", spy)
    frames(app, 1)
    monkeypatch.setattr(kit, "blit_text", real)
    return texts


def test_shifting_stones_plays_at_the_generic_table():
    assert game_table_class("shifting-stones") is GenericTable


def test_hot_seat_shows_each_person_only_their_own_hand(app, monkeypatch):
    state = read_position(SPEC, POSITION)
    seats = [Seat("human", "Ana"), Seat("human", "Bob")]
    match = match_from_position(SPEC, seats, {}, 1, state)
    open_match(app, match)
    frames(app, 2)
    table = app.manager.top
    assert isinstance(table, TableScene) and isinstance(table.game, GenericTable)
    assert table.viewer_seat() == 0
    board = "".join(drawn_texts(app, monkeypatch))
    assert "hands=8,41,7,14/?4" in board and "deck=?64" in board
    assert "5,6,9,10" not in board
    table.act(SPEC.action_codec.from_dict({"type": "EndTurn"}))
    for _ in range(10):
        frames(app, 1, dt=0.2)
        if isinstance(app.manager.top, PassScreen):
            break
    assert isinstance(app.manager.top, PassScreen)  # though the setting leaves it out
    under = "".join(drawn_texts(app, monkeypatch))
    assert "hands=" not in under  # nothing of the position under the pass screen
    app.manager.pop()
    frames(app, 2)
    assert table.viewer_seat() == 1
    board = "".join(drawn_texts(app, monkeypatch))
    assert "hands=?4/5,6,9,10" in board and "8,41,7,14" not in board


def test_an_autoplayed_game_reaches_the_score_sheet():
    """Two Easy bots through the generic table, as ``--autoplay --instant`` runs them."""
    app = make_app(size=(1024, 640), autoplay=True, quit_at_end=True, background_saves=True)
    app.manager.push(TitleScene(app))
    match = Match(SPEC, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=4)
    open_match(app, match)
    for _ in range(3000):
        frames(app, 1, dt=0.25, draw=False)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert isinstance(app.manager.top, GameOverScene) and match.is_terminal()
    assert app.manager.top.sheet == match.state.score_sheet()
    close_apps()
