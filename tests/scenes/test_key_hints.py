"""Every button that has a keyboard shortcut names its key in its tooltip (issue 22, item 5):
the four tables' buttons, walked one by one, and the menus' Back, Start and Resume. The keys
come from the tables' own bindings (their ``input`` modules), so a changed key must change its
tooltip too."""

import pygame
import pytest
from pygame_gui.elements import UIButton

from engine import registry
from engine.match import Match, Seat
from scenes import kit
from scenes.game_over import GameOverScene
from scenes.load_game import LoadGameScene
from scenes.new_game import NewGameScene
from scenes.pause import PauseScene
from scenes.routes import open_match
from scenes.rules_help import RulesScene
from scenes.settings import SettingsScene
from scenes.statistics import StatisticsScene
from scenes.tables.diced_tomatoes import input as dt_input
from scenes.tables.off_the_rails import input as or_input
from scenes.tables.potion_explosion import input as pe_input
from scenes.tables.tea_time import input as tt_input
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app

KEY_WORDS = {
    pygame.K_RETURN: "Enter",
    pygame.K_KP_ENTER: "Enter",
    pygame.K_ESCAPE: "Esc",
    pygame.K_MINUS: "−",
    pygame.K_EQUALS: "+",
    pygame.K_BACKSPACE: "Backspace",
}


def key_word(key: int) -> str:
    """How a tooltip names ``key``: "E", "Enter", "Esc", "−", "+"."""
    return KEY_WORDS.get(key, pygame.key.name(key).upper())


def tooltip(table, button) -> str:
    """The button's tooltip: the table's own (drawn beside the button) or pygame_gui's."""
    lines = table.tip_lines(button) if table is not None else ()
    return " ".join(lines) if lines else (button.tool_tip_text or "")


def base_keys(table) -> dict:
    """The buttons every table shares and their keys (the table kit handles these keys)."""
    return {
        table.top_buttons["menu"]: "Esc",
        table.top_buttons["undo"]: "Ctrl+Z",
        table.top_buttons["restart"]: "Ctrl+Shift+Z",
        table.top_buttons["hint"]: "H",
    }


def potion_explosion_keys(table) -> dict:
    return {
        table.column.button("help"): key_word(pe_input.HELP_KEY),
        table.column.button("end"): key_word(pe_input.END_TURN_KEY),
        table.column.button("place"): key_word(pe_input.PLACE_ALL_KEY),
    }


def diced_tomatoes_keys(table) -> dict:
    keys = {
        table.column.button("karma:" + karma.kind): key_word(karma.key) for karma in dt_input.KARMA
    }
    by_label = {
        dt_input.end_turn_label(): key_word(dt_input.END_TURN_KEY),
        "Pass dice": key_word(dt_input.PASS_KEY),
        "Set aside": key_word(dt_input.PASS_KEY),
    }
    for name, button in table.column.buttons().items():
        if name.startswith("choice:"):
            keys[button] = by_label[button.text]
    return keys


def off_the_rails_keys(table) -> dict:
    keys = {table.column.buttons()[tool]: key_word(key) for key, tool in or_input.TOOL_KEYS.items()}
    keys[table.column.buttons()["slower"]] = key_word(or_input.SLOWER_KEYS[0])
    keys[table.column.buttons()["faster"]] = key_word(or_input.FASTER_KEYS[0])
    keys[table.column.buttons()["move"]] = key_word(or_input.MOVE_KEYS[0])
    return keys


def tea_time_keys(table) -> dict:
    return {
        table.column.button("take"): key_word(tt_input.TAKE_KEYS[0]),
        table.column.button("clear"): "Esc",  # Esc drops the chosen cards (cancel_selection)
    }


TABLE_KEYS = {
    "potion-explosion": potion_explosion_keys,
    "diced-tomatoes": diced_tomatoes_keys,
    "off-the-rails": off_the_rails_keys,
    "tea-time": tea_time_keys,
}


@pytest.fixture
def app():
    application = make_app(size=(1280, 800))
    yield application
    close_apps()


def table_buttons(table) -> list:
    return [
        element
        for element in table.container.elements
        if isinstance(element, UIButton) and element.visible
    ]


@pytest.mark.parametrize("game", sorted(TABLE_KEYS))
@pytest.mark.parametrize("seed", [5, 11])
def test_every_table_button_names_its_key_in_its_tooltip(app, game, seed):
    spec = registry.get(game)
    match = Match(spec, [Seat("human", "Anna"), Seat("bot", "Bot", "easy")], {}, seed)
    open_match(app, match)
    frames(app, 6)
    table = app.manager.top
    keys = base_keys(table) | TABLE_KEYS[game](table)
    buttons = table_buttons(table)
    assert len(buttons) >= 6
    unknown = [button.text for button in buttons if button not in keys]
    assert unknown == [], "a table button without a known key (add its key, or say why none)"
    missing = [
        (button.text, key, tooltip(table, button))
        for button, key in keys.items()
        if key not in tooltip(table, button)
    ]
    assert missing == []


def test_a_refused_end_turn_still_names_its_key():
    assert kit.with_key("Place your marbles first.", "E") == "Place your marbles first. (E)"
    assert kit.with_key("End turn (E)", "E") == "End turn (E)"  # never twice


def test_potion_explosions_end_turn_keeps_its_key_while_refused(app):
    """PE: with marbles still to place, End turn is refused; its tooltip gives the reason and
    the key."""
    from engine.potion_explosion.state import Phase

    spec = registry.get("potion-explosion")
    match = Match(spec, [Seat("human", "Anna"), Seat("bot", "Bot", "easy")], {}, 5)
    open_match(app, match)
    frames(app, 6)
    table = app.manager.top

    def picks():
        return [a for a in match.legal_actions() if type(a).__name__ == "RegularPick"]

    for _ in range(200):  # the draft (the first starter each time), then the first pick
        if match.state.phase == Phase.PLAY and match.is_human_turn() and picks():
            break
        if match.is_human_turn():
            table.try_action(match.legal_actions()[0])
        frames(app, 2)
    table.try_action(picks()[0])
    frames(app, 3)
    refusal = match.state.end_turn_refusal()
    assert refusal  # marbles in hand that have a hole to go to
    table.refresh_controls()
    assert table.tip_lines(table.column.button("end")) == ("End turn", f"{refusal} (E)")
    assert not table.column.button("end").tool_tip_text  # pygame_gui's own tip would show it twice


@pytest.mark.long
def test_menu_buttons_name_their_keys(app):
    app.manager.push(TitleScene(app))
    frames(app, 2)
    assert "(Esc)" in find(app, "Quit").tool_tip_text
    for scene_class in (
        SettingsScene,
        NewGameScene,
        LoadGameScene,
        StatisticsScene,
        RulesScene,
    ):
        app.manager.push(scene_class(app))
        frames(app, 2)
        assert "(Esc)" in find(app, "Back").tool_tip_text, scene_class.__name__
        if scene_class is NewGameScene:
            assert "(Enter)" in find(app, "Start").tool_tip_text
        app.manager.pop()
    spec = registry.get("tea-time")
    match = Match(spec, [Seat("human", "Anna"), Seat("bot", "Bot", "easy")], {}, 5)
    open_match(app, match)
    frames(app, 2)
    app.manager.push(PauseScene(app, app.manager.top))
    frames(app, 2)
    assert "(Esc)" in find(app, "Resume").tool_tip_text
    app.manager.replace(PauseScene(app, app.manager.stack[-2], naming=True))
    frames(app, 2)
    assert "(Enter)" in find(app, "Save").tool_tip_text
    assert "(Esc)" in find(app, "Cancel").tool_tip_text
    app.manager.replace(GameOverScene(app, match))
    frames(app, 2)
    assert "(Esc)" in find(app, "Title").tool_tip_text


def find(app, text) -> UIButton:
    top = app.manager.top.container
    return next(
        element
        for element in top.elements
        if isinstance(element, UIButton) and element.text == text and element.visible
    )


@pytest.mark.parametrize("game_id", sorted(TABLE_KEYS))
@pytest.mark.long
def test_a_buttons_tooltip_covers_no_other_button_of_the_table_nor_the_log(monkeypatch, game_id):
    """A play tester's find: in Diced Tomatoes Shift's tip covered Re-roll and Clean vine, and
    pygame_gui's tips, dropped below a button, covered the next row on the other tables. Every
    table button's tip (:class:`scenes.table.chrome.Column`), the top row's too, lies off the other
    buttons and the log."""
    from tests.scenes.driver import wait_for_human

    app = make_app(size=(1280, 800))
    try:
        app.manager.push(TitleScene(app))
        spec = registry.get(game_id)
        open_match(app, Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], seed=12))
        table = app.manager.top
        wait_for_human(app, table)
        frames(app, 2)
        shown = []
        monkeypatch.setattr(kit, "draw_tooltip", lambda _s, rect, _lines: shown.append(rect))
        tipped = [b for b, lines in table.button_tips.items() if lines and b.visible]
        assert {
            table.top_buttons["menu"],
            table.top_buttons["undo"],
            table.top_buttons["hint"],
        } <= set(tipped)
        assert not [b.text for b in tipped if b.tool_tip_text]  # never two tips at once
        for button in tipped:
            shown.clear()
            centre = button.get_abs_rect().center
            motion = pygame.event.Event(
                pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)
            )
            pygame.mouse.set_pos(centre)
            frames(app, 1, events=[motion])
            frames(app, 4, dt=0.2)
            assert shown, button.text
            others = [b.get_abs_rect() for b in tipped if b is not button]
            assert not shown[-1].colliderect(table.log_box.rect), button.text
            assert not any(shown[-1].colliderect(rect) for rect in others), button.text
    finally:
        close_apps()


def test_a_buttons_tip_stays_on_the_still_frame_drawn_before_the_app_rests(monkeypatch):
    """Under a real window a resting pointer's tip never showed: before it sleeps the app draws
    one settled frame, and settling the table's clock (pulses at their middle) could move it
    back past the tip's half-second wait. The wait now moves with the clock."""
    from tests.scenes.driver import wait_for_human

    app = make_app(size=(1280, 800))
    try:
        spec = registry.get("diced-tomatoes")
        open_match(app, Match(spec, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=12))
        table = app.manager.top
        wait_for_human(app, table)
        shown = []
        monkeypatch.setattr(kit, "draw_tooltip", lambda _s, rect, _lines: shown.append(rect))
        centre = table.column.button("karma:shift").get_abs_rect().center
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
        table.time = 6.35  # the tip starts its wait at 6.35
        frames(app, 1, dt=0.0, events=[motion])
        frames(app, 1, dt=0.55)  # 6.9: settling takes the clock back to 2π (6.28)
        assert shown
        shown.clear()
        table.rest()
        app.draw()  # the settled frame (tips are drawn over the widgets)
        assert shown, "the settled frame lost the tip"
    finally:
        close_apps()


def test_a_button_just_clicked_shows_no_tip_until_the_pointer_leaves_it(monkeypatch):
    """Play-test: after a click the tip came back over the board while the pointer rested on
    the button (End turn's, made anew in the place of Shift's "−1", hid the vine the die was
    going to). A tip waits until the pointer has left the place clicked."""
    from tests.scenes.driver import click, wait_for_human

    app = make_app(size=(1280, 800))
    try:
        spec = registry.get("diced-tomatoes")
        open_match(app, Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], seed=12))
        table = app.manager.top
        wait_for_human(app, table)
        shown = []
        monkeypatch.setattr(kit, "draw_tooltip", lambda _s, rect, lines: shown.append(lines))
        button = table.top_buttons["hint"]
        click(app, button)
        frames(app, 6, dt=0.2)
        assert not [lines for lines in shown if lines[0] == "Hint"]
        away = pygame.event.Event(pygame.MOUSEMOTION, pos=(400, 400), rel=(0, 0), buttons=(0, 0, 0))
        back = pygame.event.Event(
            pygame.MOUSEMOTION, pos=button.get_abs_rect().center, rel=(0, 0), buttons=(0, 0, 0)
        )
        frames(app, 1, events=[away])
        frames(app, 1, events=[back])
        frames(app, 4, dt=0.2)
        assert [lines for lines in shown if lines[0] == "Hint"]
    finally:
        close_apps()


def test_a_disabled_buttons_tip_rests_while_no_person_may_act(monkeypatch):
    """Play-test: End turn's tip stayed over the discard counter through a whole bot turn and
    after the game ended, the pointer resting on the disabled button."""
    app = make_app(size=(1280, 800))
    try:
        spec = registry.get("diced-tomatoes")
        open_match(app, Match(spec, [Seat("human", "Ana"), Seat("bot", "Ben", "easy")], seed=12))
        table = app.manager.top
        shown = []
        monkeypatch.setattr(kit, "draw_tooltip", lambda _s, rect, _lines: shown.append(rect))
        monkeypatch.setattr(type(table), "human_to_move", lambda self: False)
        button = table.column.button("karma:shift")
        button.disable()
        centre = button.get_abs_rect().center
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))
        frames(app, 1, dt=0.0, events=[motion])
        frames(app, 3, dt=0.4)
        assert not shown
    finally:
        close_apps()
