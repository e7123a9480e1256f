"""UI fuzz: random mouse and keyboard events to every scene for a bounded number of frames."""

import random

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from scenes.load_game import LoadGameScene
from scenes.new_game import NewGameScene
from scenes.routes import open_match
from scenes.rules_help import RulesScene
from scenes.settings import SettingsScene
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, make_app

KEYS = [
    pygame.K_ESCAPE,
    pygame.K_SPACE,
    pygame.K_RETURN,
    pygame.K_z,
    pygame.K_h,
    pygame.K_r,
    pygame.K_a,
    pygame.K_1,
    pygame.K_TAB,
    pygame.K_LEFT,
    pygame.K_BACKSPACE,
]


def random_events(rng, size):
    w, h = size
    events = []
    for _ in range(rng.randrange(0, 4)):
        pos = (rng.randrange(w), rng.randrange(h))
        kind = rng.random()
        if kind < 0.35:
            events.append(
                pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            )
        elif kind < 0.7:
            button = rng.choice([1, 1, 1, 3])
            events.append(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        elif kind < 0.8:
            events.append(
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=rng.choice([-1, 1]),
                    flipped=False,
                    precise_x=0.0,
                    precise_y=1.0,
                )
            )
        else:
            mod = rng.choice([0, 0, pygame.KMOD_CTRL, pygame.KMOD_SHIFT | pygame.KMOD_CTRL])
            events.append(
                pygame.event.Event(
                    pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="a", scancode=0
                )
            )
    return events


def fuzz(app, rng, frames=150):
    for _ in range(frames):
        if not app.running:
            app.running = True
            app.manager.reset(TitleScene(app))
        app.step(0.05, events=random_events(rng, app.size))


@pytest.mark.parametrize(
    "scene", [TitleScene, NewGameScene, LoadGameScene, SettingsScene, RulesScene]
)
@pytest.mark.long
def test_menu_scenes_survive_random_input(scene):
    app = make_app()
    app.manager.push(TitleScene(app))
    if scene is not TitleScene:
        app.manager.push(scene(app))
    fuzz(app, random.Random(scene.__name__))
    close_apps()


@pytest.mark.parametrize("game", [g.id for g in registry.games()])
@pytest.mark.long
def test_table_scenes_survive_random_input(game):
    spec = registry.get(game)
    app = make_app(size=(1024, 640))
    app.manager.push(TitleScene(app))
    n = max(2, spec.min_players)
    seats = [Seat("human", "Ana")] + [Seat("bot", f"Bot {i}", "easy") for i in range(1, n)]
    open_match(app, Match(spec, seats, seed=5))
    fuzz(app, random.Random(game), frames=250)
    close_apps()
