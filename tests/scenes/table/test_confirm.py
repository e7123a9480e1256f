"""A table may ask before a step (issue 42: ending Off the Rails' action phase with actions
left or a cart about to derail asks first)."""

from __future__ import annotations

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from scenes.confirm import ConfirmScene
from scenes.routes import open_match
from scenes.table.protocol import Act, Confirm
from scenes.title import TitleScene
from tests.dice_game import PIG, Roll
from tests.scenes.driver import close_apps, frames, key, make_app


@pytest.fixture
def table():
    registry.register(PIG)
    app = make_app()
    app.manager.push(TitleScene(app))
    table = open_match(app, Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3))
    frames(app, 2)
    yield app, table
    close_apps()
    registry.unregister(PIG.id)


def test_yes_carries_out_the_step_asked_about(table):
    app, scene = table
    scene.carry_out(Confirm("Roll now?", Act(Roll()), "Roll"))
    assert isinstance(app.manager.top, ConfirmScene) and not scene.match.history
    key(app, pygame.K_RETURN)
    assert app.manager.top is scene and scene.match.history[0].action == Roll()


def test_no_leaves_the_table_as_it_was(table):
    app, scene = table
    scene.carry_out(Confirm("Roll now?", Act(Roll())))
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is scene and not scene.match.history


def test_the_table_does_not_show_through_the_questions_panel(table):
    """A play-tester's find: a stone seen faintly through the question's panel looked stuck
    half-way through its move. The panel is drawn over a white table and stays dark."""
    app, scene = table
    scene.carry_out(Confirm("Roll now?", Act(Roll()), "Roll"))
    question = app.manager.top
    surface = pygame.Surface(app.size)
    surface.fill((255, 255, 255))
    question.draw(surface)
    inside = question.panel().inflate(-40, -40)
    r, g, b, _a = surface.get_at((inside.x, inside.y))
    assert max(r, g, b) < 40  # white under it shows as at most a trace
