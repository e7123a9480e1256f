"""The replay you can scrub (issue 24): buttons, keys, slider, jump to a turn; the log follows."""

import random

import pygame
import pygame_gui
import pytest

from engine import registry
from engine.match import Match, Seat
from scenes.routes import table_for as make_table
from tests.random_play import play_randomly
from tests.scenes.driver import click, click_at, find_button, frames, key
from tests.soak import quick_first


def played(game_id, seed=3, steps=160, seats=None):
    spec = registry.get(game_id)
    seats = seats or [Seat("human", "Ana"), Seat("bot", "Bot", "easy")]
    match = Match(spec, seats, {}, seed)
    states = [match.state.to_dict()]
    play_randomly(match, random.Random(seed), steps, lambda m: states.append(m.state.to_dict()))
    return match, states


def open_replay(app, match):
    fresh = Match(match.spec, match.seats, match.options, match.seed)
    table = make_table(app, fresh, replay=match.history)
    table.replay_panel.playing = False  # looked at step by step from the start
    app.manager.push(table)
    frames(app, 2)
    return table


@pytest.mark.parametrize(
    "game_id", quick_first(["diced-tomatoes", "potion-explosion", "off-the-rails", "tea-time"])
)
def test_keys_move_by_step_and_turn_and_reach_the_games_states(app, game_id):
    match, states = played(game_id)
    table = open_replay(app, match)
    cursor = table.cursor
    key(app, pygame.K_END)
    assert cursor.position == cursor.length
    assert table.match.state.to_dict() == states[-1]
    assert table.shown.to_dict() == states[-1]  # the board shows it at once
    key(app, pygame.K_HOME)  # the first turn, the set-up dealt (play-test: an empty grid)
    first = cursor.opening
    assert cursor.position == first and table.match.state.to_dict() == states[first]
    assert all(entry.player < 0 for entry in match.history[:first])
    assert first == len(match.history) or match.history[first].player >= 0
    key(app, pygame.K_PAGEDOWN)
    key(app, pygame.K_PAGEDOWN)
    assert cursor.position == cursor.turn_position(3) > 0
    assert cursor.turn_at() == 3
    at = cursor.position
    decisions = [i for i, entry in enumerate(match.history) if entry.player >= 0]
    before = max([0] + [i for i in decisions if i < at])  # back to the decision before
    key(app, pygame.K_LEFT)
    assert cursor.position == before and table.match.state.to_dict() == states[before]
    after = min([i for i in decisions if i > before] + [len(match.history)])
    key(app, pygame.K_RIGHT)  # the decision and the luck after it: up to the next decision
    frames(app, 3)
    assert cursor.position == after >= at and table.shown.to_dict() == states[after]
    if after > at:  # inside turn 3: the first Page Up goes to its start
        key(app, pygame.K_PAGEUP)
        assert cursor.position == at
    key(app, pygame.K_PAGEUP)
    assert cursor.position == cursor.turn_position(2)


@pytest.mark.long
def test_the_log_follows_a_jump_as_the_log_of_a_game_stepped_there(app):
    """A jump shows the log a table rebuilds for that position (as after an undo or a load);
    the table's live log may group a step's lines differently while it animates."""
    match, _ = played("diced-tomatoes")
    stepped = open_replay(app, match)
    while stepped.cursor.position < 70:
        stepped.replay_panel.step()
        frames(app, 1)
    at = stepped.cursor.position
    stepped.rebuild_log()
    expected = list(stepped.log_lines)
    app.manager.pop()
    jumped = open_replay(app, match)
    jumped.replay_panel.go(jumped.cursor.length)
    at_end = list(jumped.log_lines)
    jumped.replay_panel.go(at)
    assert jumped.log_lines == expected and len(expected) > 10
    assert at_end != expected
    assert jumped.log_box.sentences[-1] == [line for line in expected if line][-1]


def test_buttons_slider_and_turn_box(app):
    match, states = played("diced-tomatoes")
    table = open_replay(app, match)
    click(app, find_button(app, ">|"))
    assert table.cursor.at_end and not find_button(app, ">").is_enabled
    click(app, find_button(app, "|<"))  # the game as it opens: the first dice rolled
    assert table.cursor.position == table.cursor.opening > 0
    click(app, find_button(app, "<"))
    assert table.cursor.position == 0 and not find_button(app, "<").is_enabled
    click(app, find_button(app, ">>"))
    assert table.cursor.position == table.cursor.turn_position(2)
    click(app, find_button(app, "<<"))
    assert table.cursor.position == table.cursor.turn_position(1)
    # the slider: a drag posts its value; the table jumps there on the next frame
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
            {"value": 40, "ui_element": table.replay_panel.slider, "ui_object_id": ""},
        )
    )
    frames(app, 2)
    assert table.cursor.position == 40 and table.match.state.to_dict() == states[40]
    # the turn box: type a turn, Enter
    table.replay_panel.turn_entry.set_text("5")
    pygame.event.post(
        pygame.event.Event(
            pygame_gui.UI_TEXT_ENTRY_FINISHED,
            {"text": "5", "ui_element": table.replay_panel.turn_entry, "ui_object_id": ""},
        )
    )
    frames(app, 2)
    assert table.cursor.position == table.cursor.turn_position(5) and table.cursor.turn_at() == 5
    assert int(table.replay_panel.slider.get_current_value()) == table.cursor.position


def test_a_replay_paused_at_the_end_stays_and_enter_shows_the_score_sheet(app):
    from scenes.game_over import GameOverScene

    match, _ = played("diced-tomatoes", steps=2000)
    assert match.is_terminal()
    table = open_replay(app, match)
    key(app, pygame.K_END)
    frames(app, 30, dt=0.2)
    assert app.manager.top is table  # looked at step by step: no sheet pops up
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, GameOverScene)


def test_replay_and_play_again_of_a_game_from_a_position_start_there(app):
    from engine.positions import match_from_position, read_position
    from engine.puzzles import puzzles_for
    from scenes.game_over import GameOverScene
    from scenes.routes import open_match

    spec = registry.get("diced-tomatoes")
    puzzle = puzzles_for("diced-tomatoes")[0]
    match = match_from_position(
        spec,
        [Seat("human", "Ana"), Seat("bot", "Bot", "easy")],
        {},
        5,
        read_position(spec, puzzle.position),
    )
    rng = random.Random(5)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    open_match(app, match)
    for _ in range(100):
        frames(app, 1, dt=0.2)
        if isinstance(app.manager.top, GameOverScene):
            break
    click(app, find_button(app, "Replay"))
    replay = app.manager.top
    assert replay.cursor.length == len(match.history)
    assert replay.match.start_state().to_dict() == match.start_state().to_dict()
    key(app, pygame.K_END)
    assert replay.match.state.to_dict() == match.state.to_dict()
    key(app, pygame.K_RETURN)
    click(app, find_button(app, "Play again"))
    again = app.manager.top.match
    assert again.from_position and again.start_state().to_dict() == match.start_state().to_dict()


def test_a_replay_offers_no_save_so_a_finished_game_is_not_played_to_its_end_twice(app):
    """A play tester's find: Save in a replay's pause menu wrote the game as it stood at the
    step shown; loaded and played on, it finished again and the statistics counted it twice.
    In a replay Save writes nothing (Ctrl+S already did nothing) and says why; Copy still gives
    the position to play on from."""
    from scenes.pause import PauseScene

    match, _states = played("diced-tomatoes")
    table = open_replay(app, match)
    key(app, pygame.K_ESCAPE)
    pause = app.manager.top
    assert isinstance(pause, PauseScene)
    save = pause.buttons["Save"]
    assert not save.tool_tip_text  # a tip as well as the toast would say it twice, overlapping
    click(app, save)  # says why (a disabled button would show no tooltip), asks no name
    assert not pause.naming and app.manager.top is pause
    assert app.messages[-1] == "A replay is not saved: Copy its position to play on from here"
    assert pause.copy_button.is_enabled
    key(app, pygame.K_ESCAPE)
    assert app.manager.top is table
    table.driver.replay = None  # the same menu over a game being played asks the save's name
    table.saves.replaying = False
    key(app, pygame.K_ESCAPE)
    click(app, app.manager.top.buttons["Save"])
    assert app.manager.top.naming


def test_a_click_on_the_sliders_track_jumps_there(app):
    """Issue 42: only dragging the slider's button moved the replay; a click on its track did
    nothing. Near the right end the replay jumps near the end, near the left near the start."""
    match, states = played("diced-tomatoes")
    table = open_replay(app, match)
    slider = table.replay_panel.slider
    track = slider.rect
    click_at(app, (track.right - slider.arrow_button_width - 6, track.centery))
    frames(app, 2)
    near_end = table.cursor.position
    assert near_end > table.cursor.length * 0.85
    assert table.match.state.to_dict() == states[near_end]
    click_at(app, (track.x + slider.arrow_button_width + 10, track.centery))
    frames(app, 2)
    assert table.cursor.position < table.cursor.length * 0.15


def test_a_replay_of_bots_keeps_its_panels_in_place_where_nothing_is_secret(app):
    """Play-test: replaying a Tea Time game between two bots, the players' panels swapped
    places as the turn passed (the seat to move was drawn as the big one)."""
    bots = [Seat("bot", "Bo", "easy"), Seat("bot", "Cy", "easy")]
    match, _states = played("tea-time", seed=4, steps=80, seats=bots)
    table = open_replay(app, match)
    owners, seen = set(), set()
    for _ in range(6):
        key(app, pygame.K_PAGEDOWN)  # a turn at a time
        owners.add(table.shown.turn_owner())
        seen.add(table.viewer_seat())
    assert owners == {0, 1} and seen == {0}
