"""Default seat names follow the language in use wherever a seat's name shows (a play-test:
a game played in Russian, then English: the replay's log said "Бот 1 set their white cart's
speed…" while "Player 1" was translated, and the Load list said «Игрок 1, Бот 1 (сильный)»)."""

from __future__ import annotations

import pytest

import translation
from engine.match import Match, Seat, bot_name
from saves import store
from scenes.load_game import what_it_is
from tests.scenes.driver import frames
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


def russian_game(russian_seats) -> Match:
    """An Off the Rails game begun in Russian, a few steps in."""
    match, _states = played("off-the-rails", seed=4, steps=40, seats=russian_seats)
    return match


def saved_in(language: str, match: Match, folder, title: str | None = None):
    previous = translation.current_language()
    translation.set_language(language)
    try:
        return store.read_info(store.save(match, title, folder))
    finally:
        translation.set_language(previous)


def test_the_save_list_names_default_seats_in_the_language_in_use(tmp_path, russian_seats):
    """The Load list's second line and "… to play" show default names in the language in use;
    a name a person typed stays as typed."""
    seats = [Seat("human", "Аня"), *russian_seats[1:]]
    match, _states = played("off-the-rails", seed=4, steps=40, seats=seats)
    info = saved_in("ru", match, tmp_path, "rails1")
    assert info.seats == ("Аня", "Бот 1 (сильный)", "Бот 2 (средний)")  # as saved
    assert info.shown_seats == ("Аня", "Bot 1 (Hard)", "Bot 2 (Medium)")
    assert what_it_is(info) == "Off the Rails · Аня, Bot 1 (Hard), Bot 2 (Medium)"
    assert info.to_move_name in info.shown_seats
    assert not info.has_default_title and info.shown_title == "rails1"  # typed: as typed


@pytest.mark.parametrize("saved_language", ["ru", "en", "ja"])
def test_a_title_the_program_gave_follows_the_language_a_typed_one_stays(
    tmp_path, russian_seats, saved_language
):
    """Saved with the title offered (the game and its seats) in any language, the title is
    the program's: shown in the language in use. A game begun in Russian and saved in
    English names its seats in English in that title, and is known as the program's too."""
    match = russian_game(russian_seats)
    info = saved_in(saved_language, match, tmp_path)
    assert info.has_default_title
    assert info.shown_title == "Off the Rails — Player 1, Bot 1 (Hard), Bot 2 (Medium)"
    translation.set_language("ru")
    try:
        assert info.shown_title == "Сойти с рельсов — Игрок 1, Бот 1 (сильный), Бот 2 (средний)"
        translation.set_language("ja")  # the names joined as Japanese lists them
        seats = "プレイヤー1、ボット1（むずかしい）、ボット2（ふつう）"
        assert info.shown_title == f"Off the Rails — {seats}"
    finally:
        translation.set_language("en")
    typed = saved_in(saved_language, match, tmp_path, "Off the Rails — with Bot 1 (Hard)")
    assert not typed.has_default_title
    assert typed.shown_title == "Off the Rails — with Bot 1 (Hard)"


def test_the_load_list_and_continue_show_a_russian_game_in_english(app, russian_seats):
    """The play-test's Load list said «Игрок 1, Бот 1 (сильный)» in English; loading the
    save showed "Bot 1 (Hard)"."""
    from pygame_gui.elements import UILabel

    from scenes import routes

    match = russian_game(russian_seats)
    saved_in("ru", match, None, "rails1")
    saved_in("ru", match, None)  # the title offered: «Сойти с рельсов — Игрок 1, …»
    routes.push(app, "load_game")
    frames(app, 2)
    texts = [
        element.text
        for element in app.ui.get_sprite_group().sprites()
        if isinstance(element, UILabel)
    ]
    joined = "\n".join(texts)
    assert "Бот" not in joined and "Игрок" not in joined, joined
    assert "Off the Rails · Player 1, Bot 1 (Hard), Bot 2 (Medium)" in texts  # under "rails1"
    assert "Player 1, Bot 1 (Hard), Bot 2 (Medium)" in texts  # under the game's title
    previous = translation.current_language()
    translation.set_language("ru")
    try:
        store.autosave(match)  # «Сойти с рельсов — Игрок 1, Бот 1 (сильный), …»
    finally:
        translation.set_language(previous)
    app.manager.pop()
    app.manager.relayout()  # the title reads the autosave slots again
    frames(app, 2)
    title = app.manager.top
    assert title._continue_tip(store.autosaves()) == (
        "Resume Off the Rails — Player 1, Bot 1 (Hard), Bot 2 (Medium)"
    )


def test_a_game_saved_in_russian_offers_its_title_in_english_and_saves_over_it(app, russian_seats):
    """Play-test: a game begun and saved in Russian, played on in English, offered its Russian
    title («Сойти с рельсов — Игрок 1, …») as the save's name. It offers the program's title in
    English, and saving under it replaces that save: one save, not two the list names alike."""
    import pygame

    from scenes import routes
    from tests.scenes.driver import click, find_button, key

    russian_info = saved_in("ru", russian_game(russian_seats), None)
    path = russian_info.path
    assert russian_info.title == "Сойти с рельсов — Игрок 1, Бот 1 (сильный), Бот 2 (средний)"
    loaded = store.load(path)
    routes.open_match(app, loaded, saved_as=loaded.save_title)
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    pause = app.manager.top
    click(app, find_button(app, "Save"))
    offered = "Off the Rails — Player 1, Bot 1 (Hard), Bot 2 (Medium)"
    assert pause.name_entry.get_text() == offered
    click(app, find_button(app, "Save"))  # the name row's Save: "Replace save?"
    frames(app, 1)
    click(app, find_button(app, "Replace"))
    frames(app, 2)
    saves = [info for info in store.list_saves() if not info.is_autosave]
    assert [(info.path, info.title) for info in saves] == [(path, offered)]
