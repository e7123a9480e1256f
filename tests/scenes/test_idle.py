"""The idle loop: the app draws while something moves and waits for events otherwise."""

import time

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from scenes import app as app_module
from scenes.routes import open_match
from scenes.title import BOB_SECONDS, TitleScene
from tests.scenes.driver import close_apps, frames, make_app, wait_for_human


@pytest.fixture
def app():
    application = make_app()
    yield application
    close_apps()


def quiet(app):
    """As if the last event came long ago."""
    app.last_input = time.monotonic() - 60


def test_title_bobs_then_waits_for_events(app):
    app.manager.push(TitleScene(app))
    quiet(app)
    assert app.manager.busy() and app.idle_wait() == 0.0
    frames(app, int(BOB_SECONDS * 10) + 2, dt=0.1)
    quiet(app)
    assert not app.manager.busy()
    assert app.idle_wait() == app_module.MAX_WAIT


def test_recent_input_keeps_frames_coming_for_hover_and_tooltips(app):
    app.manager.push(TitleScene(app))
    frames(
        app,
        int(BOB_SECONDS * 10) + 2,
        dt=0.1,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))],
    )
    app.step(
        0.0,
        events=[pygame.event.Event(pygame.MOUSEMOTION, pos=(6, 6), rel=(1, 1), buttons=(0, 0, 0))],
    )
    assert app.idle_wait() == 0.0
    app.last_input -= app_module.INPUT_GRACE + 0.1
    assert app.idle_wait() > 0.0


def test_a_toast_wakes_the_loop_when_it_goes(app):
    app.manager.push(TitleScene(app))
    frames(app, int(BOB_SECONDS * 10) + 2, dt=0.1)
    app.notify("Saved", seconds=2.0)
    quiet(app)
    assert 1.5 < app.idle_wait() <= 2.0


def test_a_table_waiting_for_a_person_is_idle_and_a_bots_turn_is_not(app):
    spec = registry.get("diced-tomatoes")
    match = Match(spec, [Seat("human", "Ann"), Seat("bot", "Bot", "easy")], {}, 3)
    open_match(app, match)
    table = app.manager.top
    wait_for_human(app, table)
    assert table.human_to_move()
    quiet(app)
    assert not table.busy() and app.idle_wait() > 0.0
    table.say("Hint: roll", seconds=3.0)
    assert 2.5 < app.idle_wait() <= 3.0
    table.clear_message()
    table.time = 7.0
    table.rest()  # pulses settle at the middle of their swing
    assert abs(table.time - 2 * 3.141592653589793) < 1e-9
    match.seats[0] = Seat("bot", "Ann", "easy")  # now a bot must move: the table plays on
    assert table.busy() and app.idle_wait() == 0.0


def test_an_event_wakes_an_idle_wait_and_is_handled(app, monkeypatch):
    app.manager.push(TitleScene(app))
    frames(app, int(BOB_SECONDS * 10) + 2, dt=0.1)
    quiet(app)
    assert app._wait_while_idle() is False  # first the settled frame
    seen = []
    monkeypatch.setattr(app.manager, "handle_event", lambda event: seen.append(event.type))
    pygame.event.clear()
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    )
    assert app._wait_while_idle() is True
    app.step(0.0)
    assert pygame.KEYDOWN in seen
    assert app.idle_wait() == 0.0  # input is recent again


def test_a_bar_fills_over_hards_thinking_time(app):
    spec = registry.get("diced-tomatoes")
    match = Match(spec, [Seat("bot", "Hal", "hard"), Seat("human", "Ann")], {}, 3)
    app.timed_bots = True
    app.settings.bot_budget = 2.0
    open_match(app, match)
    table = app.manager.top
    for _ in range(400):
        frames(app, 1, dt=0.05)
        if table.bot_thinking():
            break
    assert table.bot_thinking()
    table.driver.job_since = time.monotonic() - 1.0  # half of the 2 s budget
    assert 0.45 < table.thinking_progress() < 0.6
    surface = pygame.Surface(app.size)
    table.draw_top_bar(surface)
    bar_y = 8 + 32 - 6 + 1
    assert surface.get_at((20, bar_y))[:3] == (238, 196, 84)  # filled part: gold
    assert surface.get_at((table.board_rect().width - 30, bar_y))[:3] != (238, 196, 84)
    table.shutdown()
    assert table.thinking_progress() is None


def test_a_moving_frame_waits_for_its_moment_after_drawing_and_a_woken_one_shows_at_once(
    app, monkeypatch
):
    """A frame's drawing time varies: drawn first and flipped at the frame's moment, the
    intervals a player sees stay even. The frame answering an event after an idle wait is
    shown as soon as it is drawn."""
    app.manager.push(TitleScene(app))
    calls = []

    class Clock:
        def tick(self, framerate=0):
            calls.append(f"tick {framerate}")
            return 16

    app.clock = Clock()
    monkeypatch.setattr(app, "step", lambda dt, ui_dt=None: calls.append("step"))
    monkeypatch.setattr(pygame.display, "flip", lambda: calls.append("flip"))
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the fixture closes the window
    waits = iter([False, True, False])

    def wait_while_idle():
        slept = next(waits)
        app.running = calls.count("flip") < 2
        return slept

    monkeypatch.setattr(app, "_wait_while_idle", wait_while_idle)
    app.run()
    assert calls == [
        *("step", "tick 60", "flip"),  # moving: drawn, then shown at its moment
        *("tick 0", "step", "flip", "tick 0"),  # woken: shown at once, the next frame counts on
        *("step", "tick 60", "flip"),
    ]
