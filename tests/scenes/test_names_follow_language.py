"""Default seat names follow the language in use wherever a seat's name shows (a play-test:
a game played in Russian, then English: the replay's log said "Бот 1 set their white cart's
speed…" while "Player 1" was translated, and the Load list said «Игрок 1, Бот 1 (сильный)»)."""

from __future__ import annotations

import pytest

import translation
from engine.match import Seat, bot_name
from tests.scenes.driver import close_apps, frames, make_app
from tests.scenes.test_replay_scrub import open_replay, played


@pytest.fixture
def russian_seats():
    """The default names a game begun in Russian gives its seats."""
    previous = translation.current_language()
    translation.set_language("ru")
    try:
        seats = [
            Seat("human", translation._("Player {number}").format(number=1)),
            Seat("bot", bot_name(1, "hard"), "hard"),
            Seat("bot", bot_name(2, "medium"), "medium"),
        ]
    finally:
        translation.set_language(previous)
    assert seats[1].name == "Бот 1 (сильный)"
    return seats


@pytest.fixture
def app():
    from scenes.title import TitleScene

    window = make_app()
    window.manager.push(TitleScene(window))
    frames(window, 2)
    yield window
    window.set_language("en")
    close_apps()


def test_off_the_rails_replay_log_names_the_seats_in_the_language_switched_to(app, russian_seats):
    match, _states = played("off-the-rails", seed=4, steps=90, seats=russian_seats)
    app.set_language("ru")
    table = open_replay(app, match)
    table.replay_panel.go(90)
    frames(app, 2)
    assert any("Бот 1" in line for line in table.log_lines)
    app.set_language("en")
    frames(app, 2)
    table = app.manager.top
    lines = table.log_lines
    assert any(line.startswith("Bot 1 ") for line in lines), lines[-10:]
    assert not any("Бот" in line or "Игрок" in line for line in lines), lines[-10:]
