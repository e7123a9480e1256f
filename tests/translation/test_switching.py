"""The language setting (issue 23): applied at once without a restart, stored, and every menu
holds each language at 1024×640 (no label or button text wider than its widget)."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

import translation
from engine import registry
from engine.match import Match, Seat
from saves import store
from saves.settings import load_settings
from scenes.load_game import LoadGameScene
from scenes.new_game import NewGameScene
from scenes.rules_help import RulesScene, rules_summary
from scenes.settings import SettingsScene
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, find_button, frames, make_app
from tests.soak import quick_first


@pytest.fixture
def app():
    a = make_app(size=(1024, 640))
    a.manager.push(TitleScene(a))
    frames(a, 2)
    yield a
    close_apps()


def _texts(app) -> list:
    return [
        el.text
        for el in app.ui.get_sprite_group().sprites()
        if isinstance(el, (UIButton, UILabel)) and el.visible
    ]


def test_choosing_a_language_rebuilds_every_screen_at_once_and_is_stored(app):
    settings = SettingsScene(app)
    app.manager.push(settings)
    frames(app, 1)
    settings.change("language", translation.LANGUAGE_NAMES["ru"])
    frames(app, 1)
    assert translation.current_language() == "ru"
    assert load_settings().language == "ru"
    assert "Назад" in _texts(app) and "Back" not in _texts(app)
    app.manager.pop()
    frames(app, 1)
    assert find_button(app, "Новая игра")  # the title below was rebuilt too
    app.set_language("en")
    frames(app, 1)
    assert find_button(app, "New game")


def test_a_tables_log_reads_in_the_new_language(app):
    from scenes.routes import open_match

    spec = registry.get("potion-explosion")
    match = Match(spec, [Seat("bot", "Ana", "easy"), Seat("bot", "Ben", "easy")], seed=4)
    while match.is_chance():
        match.advance_chance()
    open_match(app, match)
    frames(app, 2)
    table = app.manager.top
    assert any("Ana" in line and "goes first" in line for line in table.log_lines)
    app.set_language("ja")
    frames(app, 1)
    assert any("Ana" in line and "から始めます" in line for line in table.log_lines)
    assert not any("goes first" in line for line in table.log_lines)


def test_default_names_given_in_japanese_read_in_english_after_switching(app):
    """Play-test: a Tea Time game begun in Japanese showed its 「プレイヤー1」 and
    「ボット1（ふつう）」 as boxes in the top bar, the players' panels and the log once the
    language was English. Default names follow the language; a typed Japanese name is drawn
    in a font that has it."""
    from scenes import kit
    from scenes.routes import open_match

    app.set_language("ja")
    spec = registry.get("tea-time")
    match = Match(
        spec, [Seat("human", "プレイヤー1"), Seat("bot", "ボット1（ふつう）", "medium")], seed=4
    )
    open_match(app, match)
    frames(app, 4)
    table = app.manager.top
    app.set_language("en")
    frames(app, 2)
    assert "Player 1" in table.status_text()
    assert any("Player 1" in line for line in table.log_lines)
    assert not any("プレイヤー" in line or "ボット" in line for line in table.log_lines)
    assert kit.script_language("アナ", "en") == "ja"
    japanese_font = kit.font(16, False, "ja")
    assert kit.text("アナ", 16).get_size() == japanese_font.size("アナ")
    assert all(japanese_font.metrics(letter)[0] is not None for letter in "アナ")


@pytest.mark.parametrize(
    "game_id", quick_first(["potion-explosion", "off-the-rails", "diced-tomatoes", "tea-time"])
)
def test_a_language_chosen_under_the_pause_menu_leaves_the_tables_buttons_as_they_were(
    app, game_id
):
    """A play tester's find: in Diced Tomatoes, Esc, Settings, 日本語, Esc, Esc left every karma
    button greyed (R still re-rolled): the buttons were rebuilt while the menu covered the
    table, which offers no move then. Uncovered, each table button is enabled as before."""
    from scenes.routes import open_match
    from tests.scenes.driver import key, wait_for_human

    spec = registry.get(game_id)
    open_match(app, Match(spec, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=12))
    table = app.manager.top
    wait_for_human(app, table)
    frames(app, 2)

    def enabled():
        return [
            button.is_enabled
            for button in table.container.elements
            if isinstance(button, UIButton) and button.visible
        ]

    before = enabled()
    assert any(before)
    key(app, pygame.K_ESCAPE)
    app.set_language("ja")
    frames(app, 1)
    key(app, pygame.K_ESCAPE)
    frames(app, 2)
    assert app.manager.top is table
    assert enabled() == before
    app.set_language("en")


def test_a_game_saved_in_one_language_loads_in_another(app):
    spec = registry.get("potion-explosion")
    match = Match(spec, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=4)
    while match.is_chance():
        match.advance_chance()
    path = store.save(match, "partie")
    app.set_language("es")
    loaded = store.load(path)
    assert loaded.history == match.history
    log = [event.text(loaded.names) for _index, event in loaded.events]
    assert any(line.startswith("Pociones en juego: ") for line in log)
    assert any(line.endswith(" empieza.") for line in log)


SCENES = {
    "title": lambda app: TitleScene(app),
    "new game": lambda app: NewGameScene(app),
    "settings": lambda app: SettingsScene(app),
    "load game": lambda app: LoadGameScene(app),
    "rules": lambda app: RulesScene(app),
}


@pytest.mark.parametrize("language", translation.LANGUAGES)
@pytest.mark.parametrize("scene", sorted(SCENES))
@pytest.mark.long
def test_menu_texts_fit_their_widgets_at_1024x640(app, language, scene):
    app.set_language(language)
    screen = SCENES[scene](app)
    app.manager.push(screen)
    frames(app, 2)
    games = len(getattr(screen, "games", ())) if scene == "new game" else 1
    for index in range(games):
        if scene == "new game":
            screen.choose_game(index)
            frames(app, 1)
        too_wide = []
        for element in app.ui.get_sprite_group().sprites():
            if isinstance(element, UIDropDownMenu) and element.visible:
                # every choice must fit the closed menu when it is the one chosen; a seat's
                # kind menu is laid out again for the kind chosen (new_game.seat_kind_width),
                # so the others need only fit its open list, which has no arrow
                shown = element.menu_states["closed"].selected_option_button
                if shown is None or shown.font is None:
                    continue
                ids = getattr(element, "object_ids", None) or [""]
                relaid = str(ids[-1]).startswith("#seat_kind_")
                chosen = element.selected_option
                chosen = chosen[0] if isinstance(chosen, tuple) else chosen
                for option in element.options_list:
                    text = option[0] if isinstance(option, tuple) else option
                    width = shown.font.get_rect(text).width
                    room = shown.rect.width - 4
                    if relaid and text != chosen:
                        room = element.rect.width - 8
                    if width > room:
                        too_wide.append((text, width, room))
            if not isinstance(element, (UIButton, UILabel)) or not element.visible:
                continue
            if not element.text or element.font is None:
                continue
            width = element.font.get_rect(element.text).width
            if width > element.rect.width - 4:
                too_wide.append((element.text, width, element.rect.width))
        assert too_wide == [], (language, scene, index)


@pytest.mark.parametrize("language", translation.LANGUAGES)
def test_every_game_has_rules_help_in_every_language(language):
    """Each language has its own rules file per game (the English summary is the source)."""
    for spec in registry.games():
        text = rules_summary(spec, language)
        assert text.lstrip().startswith("# ")
        if language != "en":
            assert text != spec.rules_summary, (language, spec.id)


def test_japanese_lines_never_start_with_closing_punctuation():
    """A player's find: log lines started with "、" when it followed a name or a number ("Bot
    1、…"); the comma stays with what it follows, and an opening bracket with what it opens."""

    from scenes import kit

    pygame.font.init()
    kit.reset_caches()
    sentence = "Bot 1、赤いビー玉を3個取り、「Bot 2」のつぼを満たした。" * 3
    for width in range(60, 400, 7):
        lines = kit.wrap(sentence, 14, width)
        assert "".join(lines).replace(" ", "") == sentence.replace(" ", "")
        for line in lines:
            assert line[0] not in "、。」）", (width, line)
            assert line[-1] not in "「（", (width, line)


@pytest.mark.parametrize("width", quick_first([560, 700]))
def test_japanese_rules_rows_fit_the_box_so_no_sentence_breaks_twice(width):
    """A player's find: a Japanese bullet broke mid-sentence around a blank line. Every row the
    rules help breaks, with the bullet and the continuation indent, fits the text box's width,
    so pygame_gui never breaks it again."""
    import html
    import re

    from scenes import kit
    from scenes.rules_help import summary_to_html

    pygame.font.init()
    kit.reset_caches()
    font = kit.font(16)
    for spec in registry.games():
        if spec.id == "stake-pig":
            continue
        markup = summary_to_html(rules_summary(spec, "ja"), (), width)
        for row in re.split(r"<br>", markup):
            plain = html.unescape(re.sub(r"<[^>]+>", "", row))
            if kit.has_cjk(plain) and plain.lstrip(" ").startswith(("•", "\u3000")):
                # 40 px of the box's width are the bullet's margin the text box keeps
                assert font.size(plain)[0] <= width - 40, (spec.id, plain)


@pytest.mark.parametrize("language", quick_first(["ru", "en", "es"]))
def test_a_bullets_later_rows_start_under_its_text_and_fit_the_box(language):
    """Play-test: the wrapped rows of a rules bullet went back to the left margin. Each row
    after a bullet's first starts with the hanging indent and fits the rows' width (the screen
    gives the box's, inside its scroll bar), so pygame_gui never breaks it again."""
    import html
    import re

    from scenes import kit
    from scenes.rules_help import BULLET, SPACE, summary_to_html

    pygame.font.init()
    kit.reset_caches()
    width, indented = 700, 0
    for spec in registry.games():
        if spec.id == "stake-pig":
            continue
        markup = summary_to_html(rules_summary(spec, language), (), width)
        for bullet in markup.split(BULLET)[1:]:
            rows = [html.unescape(re.sub(r"<[^>]+>", "", r)) for r in bullet.split("<br>")]
            rows = [row for row in rows if row]
            for row in rows[1:]:
                if row.startswith(SPACE):
                    indented += 1
                    assert kit.font(16).size(row)[0] <= width, (spec.id, row)
                else:  # the bullet has ended: a paragraph or heading follows
                    break
    assert indented > 50  # many bullets run over more than one row at this width


@pytest.mark.long
def test_japanese_rules_paragraphs_fit_the_text_box_on_screen(app):
    """The Tips' opening sentence in Japanese showed "2-" and "-人戦": the rules screen broke
    its paragraphs for a box 8 px wider than the text box inside the panel's edge, and
    pygame_gui broke the row again with hyphens. Every row the screen breaks fits the box."""
    import html
    import re

    from scenes import kit

    app.set_language("ja")
    for spec in registry.games():
        app.manager.push(RulesScene(app, spec.id))
        frames(app, 1)
        scene = app.manager.top
        width = scene.box.text_wrap_rect.width
        for row in re.split(r"<br>", scene.box.html_text):
            plain = html.unescape(re.sub(r"<[^>]+>", "", row))
            if kit.has_cjk(plain) and not plain.lstrip(" ").startswith(("•", "\u3000")):
                assert kit.font(16).size(plain)[0] <= width, (spec.id, plain)
        app.manager.pop()
        frames(app, 1)


def tooltip_rows(app, text: str) -> list[str]:
    """The rows pygame_gui lays ``text`` out in as a button's tooltip."""
    import pygame_gui

    button = pygame_gui.elements.UIButton(pygame.Rect(10, 10, 80, 30), "x", app.ui)
    tip = app.ui.create_tool_tip(text, (40, 40), (0, 10), button, None)
    return [
        "".join(getattr(item, "text", "") for item in row.items)
        for row in tip.text_block.text_box_layout.layout_rows
    ]


def test_a_japanese_tooltip_is_broken_into_rows_without_hyphens():
    """A player's find: pygame_gui cut Japanese tooltips with "-" (it breaks only at spaces);
    its text chunks now break between characters as Japanese is written
    (:mod:`scenes.line_breaks`): no hyphen, no row starting with 、。）ー nor ending with （."""

    from scenes import line_breaks
    from tests.scenes.driver import make_app

    translation.set_language("ja")
    try:
        app = make_app()
        text = "むずかしいコンピューターならここで何を取る？（H）そのカードに枠が付きます。" * 2
        rows = tooltip_rows(app, text)
        assert len(rows) >= 2
        assert "".join(rows) == text  # nothing added: no hyphen
        for row in rows:
            assert row[0] not in line_breaks.NO_LINE_START, row
            assert row[-1] not in line_breaks.NO_LINE_END, row
    finally:
        translation.set_language("en")
        close_apps()


def test_a_long_path_in_a_tooltip_breaks_after_its_separators_without_hyphens():
    """Play-test: the tooltip of a turn file (its whole path) was cut mid-name with "-". A
    path breaks after a separator or a hyphen of its names (:mod:`scenes.line_breaks`): the
    rows give the path back."""

    from tests.scenes.driver import make_app

    try:
        app = make_app()
        path = "/home/ana/Documents/Tabletop Trio/turn files/diced-tomatoes-ben-round-12.json"
        rows = tooltip_rows(app, path)
        assert len(rows) >= 2
        assert "".join(rows) == path  # nothing added: no hyphen
        assert all(row.endswith(("/", " ", "-")) for row in rows[:-1]), rows
    finally:
        close_apps()
