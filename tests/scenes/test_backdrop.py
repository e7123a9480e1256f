"""The tables' cached backdrop (felt and panels in one opaque surface) never shows a stale look:
a frame drawn from it equals the frame drawn the old way, every panel on the felt in turn."""

from __future__ import annotations

import random

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from scenes import kit
from scenes.routes import open_match
from scenes.tables import TABLES
from tests.scenes.driver import close_apps, frames, make_app, past_pass_screens
from tests.soak import quick_first

GAMES = [spec.id for spec in registry.games() if spec.id in TABLES]


def old_way(app, table) -> bytes:
    """The window drawn with an empty backdrop: the felt, then every panel where the table
    draws it (as before the backdrop)."""
    table.backdrop_layers = lambda window_width: []
    try:
        app.draw()
    finally:
        del table.backdrop_layers
    return pygame.image.tobytes(app.screen, "RGB")


def from_backdrop(app) -> bytes:
    app.draw()
    return pygame.image.tobytes(app.screen, "RGB")


def assert_same_as_old_way(app, table, what: str) -> None:
    cached = from_backdrop(app)
    assert table.backdrop._made, "the table drew no backdrop"
    assert cached == old_way(app, table), f"{what}: the backdrop's frame differs"


def open_table(game: str, instant: bool = True, size=(1280, 800)):
    app = make_app(size=size, instant=instant)
    spec = registry.get(game)
    players = max(2, spec.min_players)
    seats = [Seat("human", f"Player {chr(65 + seat)}") for seat in range(players)]
    open_match(app, Match(spec, seats, seed=7))
    table = app.manager.top
    frames(app, 3)
    past_pass_screens(app)  # Shifting Stones' secret hands: the first person sits down first
    return app, table


def take_steps(app, table, count: int, rng: random.Random) -> None:
    """``count`` random legal steps of the person to move, each shown to its end."""
    for _step in range(count):
        legal = table.legal()
        if not legal or table.match.is_terminal():
            return
        table.try_action(rng.choice(legal))
        frames(app, 3, draw=False)
        past_pass_screens(app)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.long
def test_a_frame_from_the_backdrop_equals_the_old_way_as_the_game_goes_on(game):
    """New log lines, another seat to play (its panel lit), a hover, a smaller window and
    another language: each frame equals the one drawn panel by panel."""
    app, table = open_table(game)
    rng = random.Random(5)
    try:
        assert_same_as_old_way(app, table, "the first frame")
        for turn in range(6):
            lines, player = len(table.log_box.rows), table.match.current_player()
            take_steps(app, table, 1, rng)
            assert (len(table.log_box.rows), table.match.current_player()) != (lines, player)
            assert_same_as_old_way(app, table, f"after step {turn}")
            pos = (rng.randrange(app.size[0]), rng.randrange(app.size[1]))
            motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
            frames(app, 1, events=[motion], draw=False)
            assert_same_as_old_way(app, table, f"hovering {pos} after step {turn}")
        app.resize((1024, 640))
        frames(app, 1, draw=False)
        table = app.manager.top
        assert app.screen.get_size() == (1024, 640)
        assert_same_as_old_way(app, table, "in a smaller window")
        app.set_language("ru")
        frames(app, 1, draw=False)
        table = app.manager.top
        assert_same_as_old_way(app, table, "in Russian")
    finally:
        app.set_language("en")
        close_apps()


@pytest.mark.parametrize("game", quick_first(GAMES, 2))
def test_while_a_step_animates_the_top_bar_and_log_are_drawn_over_it(game):
    """A flying piece passes under the top bar and the log: while one flies they are not in
    the backdrop, and the frame still equals the old way."""
    app, table = open_table(game, instant=False)
    try:
        rng = random.Random(9)
        for _step in range(3):
            frames(app, 240, draw=False)
            legal = table.legal()
            if not legal:
                continue
            table.try_action(rng.choice(legal))
            frames(app, 2, draw=False)
            if table.player.busy:
                layers = table.backdrop_layers(app.size[0])
                assert table.log_box.layer() not in layers
                assert_same_as_old_way(app, table, "while a step animates")
    finally:
        close_apps()


def test_an_unchanged_look_is_composed_once(monkeypatch):
    """Frames that show the same panels blit the kept backdrop: none is composed again."""
    app, table = open_table("diced-tomatoes")
    try:
        composed = []
        real = kit.Backdrop._compose
        monkeypatch.setattr(
            kit.Backdrop, "_compose", lambda self, *args: composed.append(1) or real(self, *args)
        )
        frames(app, 5)
        assert composed == []
        take_steps(app, table, 1, random.Random(1))
        frames(app, 5)
        assert composed == [1]  # the new log line: one new look, kept for the next frames
    finally:
        close_apps()


def test_a_backdrop_layer_the_frame_does_not_draw_is_an_error():
    """The list of a table's backdrop layers and its drawing must agree: a listed panel the
    frame never draws (or draws out of order) is reported, not shown twice or left over."""
    surface = pygame.Surface((200, 100))
    first = kit.Panel((10, 10, 50, 30), (20, 30, 40, 200))
    second = kit.Panel((70, 10, 50, 30), (20, 30, 40, 200), 8, (90, 90, 90))
    backdrop = kit.Backdrop()
    backdrop.begin(surface, [first, second])
    kit.draw_layer(surface, first)
    kit.draw_layer(surface, second)
    backdrop.end()  # both met, in order
    backdrop.begin(surface, [first, second])
    kit.draw_layer(surface, second)
    kit.draw_layer(surface, first)
    with pytest.raises(kit.BackdropMismatch):
        backdrop.end()


def test_a_panel_drawn_on_another_surface_is_drawn():
    """Only the window the backdrop was blitted on skips its layers (a card drawn on its own
    surface keeps its panel)."""
    window, card = pygame.Surface((200, 100)), pygame.Surface((200, 100))
    card.fill((0, 0, 0))
    panel = kit.Panel((10, 10, 50, 30), (200, 30, 40, 255))
    backdrop = kit.Backdrop()
    backdrop.begin(window, [panel])
    kit.draw_layer(card, panel)
    kit.draw_layer(window, panel)
    backdrop.end()
    assert card.get_at((30, 25))[:3] == (200, 30, 40)
    assert window.get_at((30, 25))[:3] == (200, 30, 40)  # from the backdrop
