"""Issue 36, item 4: names with nothing to see, saves of 100,000 seats, fonts that are missing,
long load lists — each refused or drawn, never a crash."""

import json
import os

import pytest

from engine.match import NAME_LIMIT, Match, Seat, has_visible_character
from saves import format as fmt
from saves import store
from scenes import app as app_module
from scenes import fonts, kit, load_game
from scenes.load_game import LoadGameScene
from scenes.routes import open_match
from tests.dice_game import PIG
from tests.scenes.driver import click, find_button, frames

UNSEEN = ["\u200b", "\u00ad", "\u3164", " \u200b ", "\u0301", "\u2800", "\u200e\u200f"]
SEEN = ["Zoë", "李", "😀", "a\u200b", "-", "ア"]


@pytest.fixture
def app(pig_app):
    """The title with the test dice game registered (tests/scenes/conftest.py)."""
    return pig_app


@pytest.mark.parametrize("name", UNSEEN)
def test_a_name_with_nothing_to_see_is_refused_in_words(name):
    assert not has_visible_character(name)
    with pytest.raises(ValueError, match="one can see"):
        Seat("human", name)


@pytest.mark.parametrize("name", SEEN)
def test_a_name_with_something_to_see_is_a_name(name):
    assert has_visible_character(name) and Seat("human", name).name == name


def test_the_new_game_screen_refuses_a_name_of_a_zero_width_space(app):
    click(app, find_button(app, "New game"))
    scene = app.manager.top
    scene.choose_game([g.id for g in scene.games].index(PIG.id))
    frames(app, 1)
    scene.seat_widgets[0][1].set_text("\u200b\u00ad")
    click(app, find_button(app, "Start"))
    assert app.manager.top is scene and "one can see" in scene.error


def test_a_save_holding_such_a_name_loads_with_the_seats_default_name_and_its_table_draws(app):
    """Issue 36: a name of only invisible characters crashed the tables (scenes/kit.py)."""
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=2)
    path = store.save(match, "unseen")
    env = json.loads(path.read_text())
    env["seats"][1]["name"] = "\u200b\u3164"
    env["checksum"] = fmt.checksum(env)
    path.write_text(json.dumps(env))
    loaded = store.load(path)
    assert loaded.names == ["Ana", "Player 2"]
    open_match(app, loaded)
    frames(app, 3)
    assert kit.text("\u200b", 16).get_width() == 1  # drawn as nothing, never an error


@pytest.mark.long
def test_a_save_of_100000_seats_is_listed_as_damaged_and_refused(app):
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=2)
    path = store.save(match, "crowd")
    env = json.loads(path.read_text())
    env["seats"] = [{"kind": "human", "name": f"P{n}", "level": None} for n in range(100_000)]
    env["checksum"] = fmt.checksum(env)
    path.write_text(json.dumps(env))
    info = store.read_info(path)
    assert info.error and "100000 seats; a game has 1 to" in info.error and info.seats == ()
    click(app, find_button(app, "Load game"))
    scene = app.manager.top
    assert isinstance(scene, LoadGameScene) and scene.rows[0].error
    with pytest.raises(store.SaveError, match="100000 seats"):
        store.load(path)


def test_the_load_list_shows_the_newest_saves_up_to_its_limit(app, monkeypatch):
    monkeypatch.setattr(load_game, "LIST_LIMIT", 3)
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=2)
    for number in range(5):
        store.save(match, f"game {number}")
    click(app, find_button(app, "Load game"))
    scene = app.manager.top
    assert len(scene.rows) == 3 and scene.cut
    frames(app, 1)


def test_missing_fonts_fall_back_to_fonts_that_are_there(tmp_path, monkeypatch):
    """Issue 36, item 4: a pygame_gui packaged without its Noto Sans JP crashed the program."""
    missing = tmp_path / "NotoSansJP-Regular.otf"
    monkeypatch.setitem(kit.FONTS, "ja", (missing, tmp_path / "NotoSansJP-Bold.otf"))
    fonts.usable_font.cache_clear()
    assert kit.font_file(False, "ja") == kit.FONT_REGULAR
    assert kit.font_file(True, "ja") == kit.FONT_BOLD
    assert kit.font(18, language="ja").get_height() > 0
    monkeypatch.setattr(kit, "FONT_DIR", tmp_path)  # not a font file left at all
    monkeypatch.setattr(kit, "FONT_REGULAR", tmp_path / "NotoSans-Regular.ttf")
    monkeypatch.setattr(kit, "FONT_BOLD", tmp_path / "NotoSans-Bold.ttf")
    monkeypatch.setitem(kit.FONTS, "en", (kit.FONT_REGULAR, kit.FONT_BOLD))
    fonts.usable_font.cache_clear()
    kit.reset_caches()
    assert kit.font_file(False, "en") is None  # pygame's own font
    assert kit.text("Hello", 18).get_width() > 10
    theme = app_module.scaled_theme(1.0)
    paths = [
        entry[key]
        for block in theme.values()
        for entry in (block.get("font", []) if isinstance(block.get("font"), list) else [])
        for key in entry
        if key.endswith("_path")
    ]
    assert paths and all(os.path.isfile(path) for path in paths)
    fonts.usable_font.cache_clear()
    kit.reset_caches()


def test_names_are_cut_at_the_limit_everywhere_they_enter():
    assert len(Seat.from_dict({"kind": "human", "name": "x" * 500}, 1).name) == NAME_LIMIT
