"""Never lose play: every step autosaved, closing asks, Ctrl+S saves; menus by keyboard."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

from engine import registry
from engine.match import Match, Seat
from saves import store
from scenes.leave import LeaveScene
from scenes.new_game import NewGameScene
from scenes.pause import PauseScene
from scenes.routes import open_match
from scenes.title import TitleScene
from tests.scenes.driver import find_button, frames, key, wait_for_human

ROOT = Path(__file__).resolve().parents[2]


def table_with_a_step(app):
    """A Diced Tomatoes table where the person has taken one step."""
    spec = registry.get("diced-tomatoes")
    open_match(app, Match(spec, [Seat("human", "Ann"), Seat("bot", "Bot", "easy")], {}, 3))
    table = app.manager.top
    wait_for_human(app, table)
    assert table.try_action(table.match.legal_actions()[0])
    frames(app, 2)
    return table


def close_window(app):
    frames(app, 1, events=[pygame.event.Event(pygame.QUIT)])


def test_every_completed_step_is_autosaved(app):
    table = table_with_a_step(app)
    saved = store.load(store.autosave_path("diced-tomatoes"))
    assert len(saved.history) == len(table.match.history)
    assert saved.state.to_dict() == table.match.state.to_dict()


def test_an_undone_step_is_undone_in_the_autosave_too(app):
    """Ctrl+Z then Continue (or a crash) must not bring the step back."""
    table = table_with_a_step(app)
    steps = len(table.match.history)
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert len(table.match.history) < steps
    saved = store.load(store.autosave_path("diced-tomatoes"))
    assert len(saved.history) == len(table.match.history)
    assert saved.state.to_dict() == table.match.state.to_dict()


def test_closing_an_unsaved_game_asks_and_cancel_goes_back(app):
    table = table_with_a_step(app)
    close_window(app)
    assert isinstance(app.manager.top, LeaveScene) and app.running
    key(app, pygame.K_ESCAPE)  # Cancel
    assert app.manager.top is table and app.running


def test_quit_in_the_question_quits_and_closing_twice_quits(app):
    table_with_a_step(app)
    close_window(app)
    frames(app, 1)
    find_button(app, "Quit").on_self_event(
        __import__("pygame_gui").UI_BUTTON_PRESSED, {"mouse_button": 1}
    )
    frames(app, 1)
    assert not app.running
    app.running = True
    close_window(app)
    close_window(app)  # the question is up: closing again quits
    assert not app.running


def test_save_and_quit_asks_a_name_the_first_time_then_saves_and_quits(app):
    table = table_with_a_step(app)
    close_window(app)
    key(app, pygame.K_RETURN)  # Save and quit
    naming = app.manager.top
    assert isinstance(naming, PauseScene) and naming.naming
    naming.name_entry.set_text("Evening game")
    naming.save()
    assert not app.running
    assert store.find_save("Evening game") is not None
    assert table.is_saved()


def test_ctrl_s_names_the_first_time_then_saves_silently(app):
    table = table_with_a_step(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    naming = app.manager.top
    assert isinstance(naming, PauseScene) and naming.naming
    naming.name_entry.set_text("Quick")
    naming.save()
    assert app.manager.top is table and table.saved_as == "Quick"
    path = store.find_save("Quick")
    first = json.loads(path.read_text())["history"]
    wait_for_human(app, table)
    table.try_action(table.match.legal_actions()[0])
    frames(app, 2)
    assert not table.is_saved()
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    assert app.manager.top is table  # no question the second time
    assert len(json.loads(path.read_text())["history"]) > len(first)
    assert table.is_saved()
    close_window(app)  # saved as it is: closing just quits
    assert not app.running


def test_a_save_deleted_meanwhile_no_longer_holds_the_game(app):
    """Play-test: the save of the game being played was deleted in Load game, and Quit to
    title then left without asking. A save that is gone holds nothing: leaving asks."""
    table = table_with_a_step(app)
    key(app, pygame.K_s, pygame.KMOD_CTRL)
    naming = app.manager.top
    naming.name_entry.set_text("Gone soon")
    naming.save()
    assert table.is_saved()
    store.delete(store.find_save("Gone soon"))
    assert not table.is_saved()


def test_quit_to_title_asks_for_an_unsaved_game(app):
    table = table_with_a_step(app)
    table.open_pause()
    frames(app, 1)
    app.manager.top.quit_to_title()
    assert isinstance(app.manager.top, LeaveScene)
    app.manager.top.leave()
    assert isinstance(app.manager.top, TitleScene)


def test_menus_work_from_the_keyboard(app):
    frames(app, 2)
    key(app, pygame.K_TAB)
    assert app.focus.focused().text == "New game"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert isinstance(app.manager.top, NewGameScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, TitleScene)
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert app.focus.focused().text == "Quit"


def start_program(tmp_path):
    """The program in its own process (own data folders): Diced Tomatoes, a bot then a person.
    Returns the process and the path of its autosave slot."""
    env = dict(
        os.environ,
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        XDG_DATA_HOME=str(tmp_path / "d"),
        XDG_CONFIG_HOME=str(tmp_path / "c"),
        XDG_CACHE_HOME=str(tmp_path / "k"),
    )
    child = subprocess.Popen(
        [sys.executable, "main.py", "--game", "diced-tomatoes", "--seats", "bot:easy,human"]
        + ["--seed", "4", "--instant"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    return child, tmp_path / "d" / "tabletop-trio" / "saves" / "autosave-diced-tomatoes.json"


def wait_for_the_persons_turn(slot, seconds=60.0) -> None:
    """Until the autosave at ``slot`` holds the bot's whole turn, step by step, and the person
    is to move (or ``seconds`` pass): the program is then waiting for its player."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        time.sleep(0.05)
        if slot.exists():
            try:
                if store.load(slot).is_human_turn():
                    return
            except Exception:  # caught between writes, or not written yet
                pass


@pytest.mark.long
def test_a_killed_program_continues_at_the_last_step(tmp_path):
    child, slot = start_program(tmp_path)
    try:
        wait_for_the_persons_turn(slot)
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    resumed = store.load(slot)
    assert resumed.is_human_turn() and len(resumed.history) > 0
    assert resumed.seats[1].name == "Player 2"


@pytest.mark.long
def test_sigterm_ends_an_unsaved_game_at_once_and_keeps_its_autosave(tmp_path):
    """A logout or ``kill`` sends SIGTERM: the program ends without asking (nobody is there to
    answer the leave question) and the game goes on from its autosave next time."""
    child, slot = start_program(tmp_path)
    try:
        wait_for_the_persons_turn(slot)
        child.send_signal(signal.SIGTERM)
        status = child.wait(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert status == 0
    assert len(store.load(slot).history) > 0


def test_a_dropdown_opens_and_chooses_from_the_keyboard(app):
    from scenes.settings import SettingsScene

    app.settings.animation_speed = "normal"
    app.manager.push(SettingsScene(app))
    frames(app, 2)
    for _ in range(6):  # to the animation speed's choice
        key(app, pygame.K_TAB)
        if app.focus.focused().text == "Normal":
            break
    assert app.focus.focused().text == "Normal"
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert [b.text for b in app.focus.buttons()] == ["Normal", "Fast", "Instant"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert app.settings.animation_speed == "fast"
    assert app.focus.focused().text == "Fast"  # the ring stays on the dropdown


def test_a_game_just_loaded_from_its_named_save_leaves_without_asking(app):
    """A player's find: Load "My game", then Quit to title at once asked "It is not saved
    under a name". The save it came from holds it as it is; after a step it asks again."""
    from scenes.load_game import LoadGameScene

    table = table_with_a_step(app)
    path = store.save(table.match, "My game")
    scene = LoadGameScene(app)
    app.manager.push(scene)
    scene.load(path)
    loaded = app.manager.top
    assert loaded is not table and loaded.saved_as == "My game" and loaded.is_saved()
    loaded.open_pause()
    frames(app, 1)
    app.manager.top.quit_to_title()
    assert isinstance(app.manager.top, TitleScene)
    scene = LoadGameScene(app)
    app.manager.push(scene)
    scene.load(path)
    loaded = app.manager.top
    wait_for_human(app, loaded)
    assert loaded.try_action(loaded.match.legal_actions()[0])
    frames(app, 2)
    assert not loaded.is_saved()
    loaded.open_pause()
    frames(app, 1)
    app.manager.top.quit_to_title()
    assert isinstance(app.manager.top, LeaveScene)
    assert "“My game”" in app.manager.top.message()  # not "not saved under a name"


def test_continue_right_after_saving_under_a_name_leaves_without_asking(app):
    """Play-test finding: saved as "Tomato", quit, Continue, Quit to title asked "It is not
    saved under a name". The named save holds the continued game as it is; one more step
    and it is not."""
    table = table_with_a_step(app)
    store.save(table.match, "Tomato")
    app.autosaver.flush()
    app.manager.reset(TitleScene(app))
    app.manager.top.continue_game()
    continued = app.manager.top
    assert continued is not table and continued.saved_as == "Tomato" and continued.is_saved()
    wait_for_human(app, continued)
    assert continued.try_action(continued.match.legal_actions()[0])
    frames(app, 2)
    assert not continued.is_saved()


def test_continue_resumes_a_game_loaded_from_a_named_save_and_left_at_once(app):
    """Play-test: Load "rails1" (a game whose autosave was gone: it had been played to its
    end), Quit to title at once: Continue stayed greyed. Leaving for the title writes the
    game's autosave slot when it does not hold the game as it is, so Continue resumes it."""
    from scenes.load_game import LoadGameScene

    table = table_with_a_step(app)
    path = store.save(table.match, "rails1")
    steps = len(table.match.history)
    table.open_pause()
    frames(app, 1)
    app.manager.top.quit_to_title()
    frames(app, 1)
    store.delete(store.autosave_path("diced-tomatoes"))  # as when the game went on to its end
    app.manager.reset(TitleScene(app))
    frames(app, 1)
    assert not app.manager.top.buttons["Continue"].is_enabled
    scene = LoadGameScene(app)
    app.manager.push(scene)
    scene.load(path)
    loaded = app.manager.top
    frames(app, 2)
    loaded.open_pause()
    frames(app, 1)
    app.manager.top.quit_to_title()
    frames(app, 1)
    title = app.manager.top
    assert isinstance(title, TitleScene)
    assert title.buttons["Continue"].is_enabled
    written = os.path.getmtime(store.autosave_path("diced-tomatoes"))
    title.continue_game()
    continued = app.manager.top
    assert continued.match.history == loaded.match.history and len(continued.match.history) >= steps
    assert continued.is_saved()  # "rails1" holds it: leaving asks nothing
    continued.open_pause()
    frames(app, 1)
    app.manager.top.quit_to_title()  # the slot holds it already: not written again
    assert os.path.getmtime(store.autosave_path("diced-tomatoes")) == written
    assert not os.path.exists(store.backup_path(store.autosave_path("diced-tomatoes")))


def test_closing_the_window_on_a_game_just_loaded_keeps_it_for_continue(app):
    from scenes.load_game import LoadGameScene

    table = table_with_a_step(app)
    path = store.save(table.match, "rails1")
    app.manager.reset(TitleScene(app))
    store.delete(store.autosave_path("diced-tomatoes"))
    scene = LoadGameScene(app)
    app.manager.push(scene)
    scene.load(path)
    frames(app, 2)
    for scene in app.manager.stack:  # the program ends (App.run's last steps)
        scene.end_program()
    app.autosaver.flush()
    kept = store.load(store.autosave_path("diced-tomatoes"))
    assert kept.history == app.manager.top.match.history
