"""Sound in the app: button clicks, M mutes (and is stored), refusals, a person's turn, hints,
the fanfare, table cues at animation speed only, settings, and a mixer that cannot start."""

from __future__ import annotations

import os

import pygame
import pytest
from pygame_gui.elements import UITextEntryBox, UITextEntryLine

from engine import registry
from engine.match import Match, Seat
from engine.off_the_rails import state as otr
from saves.settings import Settings, load_settings, save_settings
from scenes.game_over import GameOverScene
from scenes.routes import open_match
from scenes.settings import SettingsScene
from scenes.table.steps import Step
from scenes.title import TitleScene
from sound.board import SoundBoard
from sound.cues import SoundCue
from sprites.tween import Animation
from tests.dice_game import PIG, Hold, Roll, SetStake
from tests.scenes.driver import (
    click,
    close_apps,
    find_button,
    frames,
    key,
    make_app,
    wait_for_human,
)
from tests.sound.fakes import FakeMixer


class RecordingBoard(SoundBoard):
    """A live board that records what it would start instead of loading sounds."""

    def __init__(self, settings):
        super().__init__(settings, folder=None, mixer=FakeMixer())
        self.live = True
        self.heard: list[tuple] = []

    def _start(self, name, step, volume, duration):
        self.heard.append((name, step, round(volume, 3), duration))

    def names(self):
        return [entry[0] for entry in self.heard]


def with_recorder(app) -> RecordingBoard:
    app.sound = RecordingBoard(app.settings)
    return app.sound


@pytest.fixture
def app():
    registry.register(PIG)
    a = make_app()
    with_recorder(a)
    a.manager.push(TitleScene(a))
    frames(a, 2)
    yield a
    registry.unregister(PIG.id)
    close_apps()


def test_a_button_press_clicks(app):
    click(app, find_button(app, "Settings"))
    assert isinstance(app.manager.top, SettingsScene)
    assert app.sound.names() == ["button_click"]


def test_m_mutes_and_unmutes_with_a_toast_and_is_stored(app):
    key(app, pygame.K_m)
    assert app.settings.sound_effects is False
    assert app.messages[-1] == "Sound off. M turns it back on."
    assert load_settings().sound_effects is False
    assert app.sound.mixer.faded_all == 80  # what was playing stops
    click(app, find_button(app, "Settings"))
    assert app.sound.names() == []  # muted: no click
    key(app, pygame.K_m)
    assert app.settings.sound_effects is True and load_settings().sound_effects is True
    assert app.messages[-1] == "Sound on. M mutes it."


@pytest.mark.parametrize("box", [UITextEntryLine, UITextEntryBox])
def test_m_types_in_a_text_box_instead_of_muting(app, box):
    """Play-test: typing "karma" into the position box (many lines) turned the sound off."""
    entry = box(pygame.Rect(20, 20, 200, 60), manager=app.ui)
    app.ui.set_focus_set(entry)
    key(app, pygame.K_m)
    assert app.settings.sound_effects is True


def test_ctrl_m_does_not_mute(app):
    key(app, pygame.K_m, pygame.KMOD_CTRL)
    assert app.settings.sound_effects is True


def test_the_settings_scene_follows_m(app):
    click(app, find_button(app, "Settings"))
    key(app, pygame.K_m)
    frames(app, 1)
    scene = app.manager.top
    assert scene.shown_effects is False
    from pygame_gui.elements import UIDropDownMenu

    labels = [
        b.selected_option
        for b in app.ui.get_sprite_group().sprites()
        if isinstance(b, UIDropDownMenu)
        and b.most_specific_combined_id.endswith("#set_sound_effects")
    ]
    assert len(labels) == 1 and labels[0][0] == "Off"


def open_pig(app, seats, **options):
    match = Match(PIG, seats, options or None, seed=8)
    open_match(app, match)
    frames(app, 2)
    return app.manager.top


def test_a_refused_move_sounds_the_error_tone(app):
    table = open_pig(app, [Seat("human", "Ana"), Seat("human", "Ben")])
    app.sound.heard.clear()
    assert not table.try_action(SetStake(9))
    assert app.sound.names() == ["error"]
    assert table.current_message()


def test_nothing_to_undo_is_a_refusal_too(app):
    table = open_pig(app, [Seat("human", "Ana"), Seat("human", "Ben")])
    app.sound.heard.clear()
    table.take_back(False)
    assert app.sound.names() == ["error"]


def test_a_persons_turn_chimes_once_per_turn(app):
    table = open_pig(app, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    assert app.sound.names().count("turn_start") == 1
    table.try_action(SetStake(2))  # another decision in the same turn
    frames(app, 5)
    assert app.sound.names().count("turn_start") == 1
    while table.match.current_player() == 0 or table.match.is_chance():
        legal = table.match.legal_actions()
        if table.match.is_chance():
            frames(app, 1)
        else:
            table.try_action(Hold() if Hold() in legal else Roll())
            frames(app, 1)
    wait_for_human(app, table)  # the bot plays its turn
    frames(app, 2)
    assert not table.match.is_terminal() and table.match.current_player() == 0
    assert app.sound.names().count("turn_start") == 2


def test_a_hint_arriving_chimes(app):
    table = open_pig(app, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    app.sound.heard.clear()
    table.ask_hint()
    for _ in range(400):
        frames(app, 1, dt=0.05)
        if table.current_hint() is not None:
            break
    assert table.current_hint() is not None
    assert app.sound.names() == ["hint"]


def test_the_end_of_a_game_plays_the_fanfare_once(app):
    match = Match(
        PIG, [Seat("bot", "A", "easy"), Seat("bot", "B", "medium")], {"target": 10}, seed=3
    )
    open_match(app, match)
    for _ in range(600):
        frames(app, 1, dt=0.2)
        if isinstance(app.manager.top, GameOverScene):
            break
    assert isinstance(app.manager.top, GameOverScene)
    assert app.sound.names().count("fanfare") == 1
    click(app, find_button(app, "See the table"))
    key(app, pygame.K_RETURN)
    assert isinstance(app.manager.top, GameOverScene)
    assert app.sound.names().count("fanfare") == 1


def collided():
    return otr.Collided(0, 0, 1, 1, "bump", 0, 0, 0, 1, "w", "b")


def test_instant_speed_plays_no_table_sounds(app):
    table = open_pig(app, [Seat("human", "Ana"), Seat("human", "Ben")])
    assert app.speed_factor == 0
    app.sound.heard.clear()
    table.play_sound(collided())
    table.play_sound("collision")
    assert app.sound.heard == []


def test_a_step_plays_its_cues_when_it_starts_with_scaled_durations():
    registry.register(PIG)
    try:
        app = make_app(instant=False)
        app.settings.animation_speed = "fast"
        board = with_recorder(app)
        table = open_pig(app, [Seat("human", "Ana"), Seat("human", "Ben")])
        path = ((0, 0), (0, 1), (0, 2))
        move = otr.CartMoved(0, 0, "w", path, "E")
        board.heard.clear()
        steps = [Step((move, collided()), [Animation(0.5, None)], table.match.state)]
        table.player.queue.add([Animation(0.5, None)], None)  # a step before it plays first
        table.player.play(steps, table.match.state, steps[0].events)
        assert board.heard == []  # queued, not begun
        table.player.update(0.6)
        assert board.names() == ["cart_rolling", "collision"]
        assert board.heard[0][3] == pytest.approx((0.2 * 2 + 0.05) * 0.45)
        board.heard.clear()
        table.play_sound(SoundCue("cart_rolling"), duration=1.25)
        assert board.heard[0][3] == 1.25  # a given duration is already scaled
        board.heard.clear()
        table.play_sound(otr.ActionsEnded(0))
        assert board.heard == []  # a quiet event
    finally:
        registry.unregister(PIG.id)
        close_apps()


def test_skipping_animations_cuts_long_sounds(app):
    table = open_pig(app, [Seat("human", "Ana"), Seat("human", "Ben")])
    cut = []
    app.sound.cut = lambda: cut.append(True)
    table.player.queue.on_skip = app.sound.cut
    table.player.queue.add([], None)
    table.player.skip()
    assert cut == [True]


def test_volume_and_effects_persist():
    save_settings(Settings(master_volume=35, sound_effects=False))
    loaded = load_settings()
    assert (loaded.master_volume, loaded.sound_effects, loaded.problem) == (35, False, None)


@pytest.mark.parametrize("volume", [101, -1, 50.5, "80", True, None])
def test_a_damaged_volume_is_reported_and_the_default_used(volume):
    import json

    from saves.settings import config_path

    config_path().write_text(json.dumps({"master_volume": volume}))
    loaded = load_settings()
    assert loaded.master_volume == Settings().master_volume
    assert loaded.problem and "volume" in loaded.problem.lower()


def test_the_volume_slider_applies_at_once_and_is_stored_when_it_rests(app):
    click(app, find_button(app, "Settings"))
    scene = app.manager.top
    app.sound.heard.clear()
    scene.volume_slider.set_current_value(30)
    pygame.event.post(
        pygame.event.Event(
            __import__("pygame_gui").UI_HORIZONTAL_SLIDER_MOVED,
            ui_element=scene.volume_slider,
            value=30,
        )
    )
    frames(app, 1)
    assert app.settings.master_volume == 30 and scene.volume_label.text == "30 %"
    assert load_settings().master_volume == 80  # not yet: the slider may still move
    scene.volume_changed_at -= 1.0
    frames(app, 1)
    assert load_settings().master_volume == 30
    assert app.sound.names() == ["die_land"]  # a sample at the new level


def test_sound_effects_off_in_the_settings_scene(app):
    click(app, find_button(app, "Settings"))
    app.manager.top.change("sound_effects", "Off")
    assert load_settings().sound_effects is False and app.sound.mixer.faded_all == 80


def test_a_mixer_that_fails_to_start_leaves_a_silent_working_game(monkeypatch, capfd):
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")  # not dummy: the board really tries

    def no_device(*args, **kwargs):  # ALSA writes its complaints to descriptor 2 in C
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
        raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    registry.register(PIG)
    try:
        app = make_app()
        open_match(
            app,
            Match(
                PIG, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], {"target": 10}, seed=3
            ),
        )
        board = app.sound
        status = app.run(frames=40)
        assert status == 0 and app.frame_count == 40
        assert board.ready.is_set() and not board.live
        board.play("fanfare")
        board.play("dice_roll", dice=2)
        out = capfd.readouterr()
        assert "ALSA" not in out.err and "Traceback" not in out.err
    finally:
        registry.unregister(PIG.id)
