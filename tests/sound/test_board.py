"""The SoundBoard with a recording mixer: loading, volume, mute, variants, scheduled landings,
a rumble for as long as asked, and silence when the mixer cannot start."""

from __future__ import annotations

import shutil

import pytest

from saves.settings import Settings
from sound import board as sound_board
from sound import library
from sound.board import SoundBoard
from sound.cues import SoundCue
from tests.sound.fakes import FakeMixer


@pytest.fixture
def make_board(rendered):
    def make(settings=None, fail=False):
        mixer = FakeMixer(rendered, fail=fail)
        board = SoundBoard(settings or Settings(), folder=rendered, mixer=mixer)
        board.start()
        assert board.wait(30)
        return board, mixer

    return make


@pytest.mark.long
def test_loading_opens_the_mixer_and_reads_every_sound_from_the_cache(make_board):
    board, mixer = make_board()
    assert board.live and mixer.opened == (44100, -16, 2) and mixer.channels == 16
    assert board.rendered == 0  # all came from the session's cache
    assert sum(len(v) for v in board.sounds.values()) == len(library.keys())


def test_play_applies_volume_times_the_master_volume_squared(make_board):
    board, mixer = make_board(Settings(master_volume=50))
    board.play("marble_pick", volume=0.8)
    play = mixer.plays[-1]
    assert play.name == "marble_pick"
    expected = 0.8 * 0.5**2
    assert (
        expected * (1 - sound_board.VOLUME_JITTER)
        <= play.volume
        <= expected * (1 + sound_board.VOLUME_JITTER)
    )


def test_volume_changes_apply_to_the_next_play(make_board):
    settings = Settings(master_volume=100)
    board, mixer = make_board(settings)
    board.play("tile_placed")
    settings.master_volume = 0
    board.play("tile_placed")
    assert mixer.plays[0].volume > 0.9 and mixer.plays[1].volume == 0.0


def test_sound_effects_off_plays_nothing(make_board):
    settings = Settings(sound_effects=False)
    board, mixer = make_board(settings)
    board.play("collision")
    board.play("dice_roll", dice=3)
    board.update(2.0)
    assert mixer.plays == []
    settings.sound_effects = True
    board.play("collision")
    assert mixer.names() == ["collision"]


def test_unknown_names_are_refused_even_when_silent():
    board = SoundBoard(Settings(), folder=None, mixer=FakeMixer())  # never started
    with pytest.raises(KeyError):
        board.play("marble_pik")
    board.play("marble_pick")  # silent, no error


def test_repeats_change_variant(make_board):
    board, mixer = make_board()
    for _ in range(12):
        board.play("die_placed")
    variants = [play.key[2] for play in mixer.plays]
    assert all(a != b for a, b in zip(variants, variants[1:]))
    assert set(variants) == {0, 1, 2}


def test_explosions_play_their_chain_step(make_board):
    board, mixer = make_board()
    for chain in (0, 1, 3, 9):
        board.play("explosion", chain=chain)
    assert [play.key[1] for play in mixer.plays] == [1, 1, 3, library.MAX_CHAIN]


def test_a_dice_roll_rattles_then_lands_once_per_die(make_board):
    board, mixer = make_board()
    board.play_cue(SoundCue("dice_roll", dice=4), duration=1.0)
    assert mixer.names() == ["dice_rattle"]
    board.update(0.3)
    assert mixer.names() == ["dice_rattle"]  # landings fall after 0.36 of the roll
    board.update(0.7)
    assert mixer.names() == ["dice_rattle"] + ["die_land"] * 4


def test_a_rumble_loops_for_the_movement_and_fades_at_its_end(make_board):
    board, mixer = make_board()
    board.play("cart_rolling", duration=2.0)
    play = mixer.plays[-1]
    assert play.name == "cart_rolling" and play.loops == -1
    assert play.fade_ms == int(library.LOOP_FADE_IN * 1000)
    board.update(2.0 - library.LOOP_FADE_OUT - 0.02)
    assert play.channel.faded_ms is None
    board.update(0.04)
    assert play.channel.faded_ms == int(library.LOOP_FADE_OUT * 1000)


def test_cut_drops_pending_landings_and_fades_a_rumble_now(make_board):
    board, mixer = make_board()
    board.play("cart_rolling", duration=5.0)
    board.play("dice_roll", dice=2)
    board.cut()
    board.update(5.0)
    assert mixer.names() == ["cart_rolling", "dice_rattle"]
    assert mixer.plays[0].channel.faded_ms == 80


def test_silence_fades_everything(make_board):
    board, mixer = make_board()
    board.play("fanfare")
    board.silence()
    assert mixer.faded_all == 80


def test_a_mixer_that_cannot_start_leaves_a_silent_board(make_board):
    board, mixer = make_board(fail=True)
    assert not board.live and board.sounds == {}
    board.play("fanfare")
    board.play("dice_roll", dice=3)
    board.update(1.0)
    board.cut()
    board.close()
    assert mixer.plays == []


def test_the_dummy_audio_driver_starts_nothing(monkeypatch):
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    board = SoundBoard(Settings())
    board.start()
    assert board.ready.is_set() and board._thread is None and not board.live


def test_quiet_stderr_silences_descriptor_two(capfd):
    import os

    with sound_board._quiet_stderr():
        os.write(2, b"ALSA lib pcm.c: Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_sounds_missing_from_the_cache_are_rendered_by_a_render_process(tmp_path, rendered):
    """A cache that lacks sounds (a first start, an upgrade) is filled by another process:
    here three are missing (rendering the whole library there is a bench's job)."""
    folder = tmp_path / "sounds" / library.version()
    shutil.copytree(rendered, folder)
    missing = sorted(folder.glob("*.wav"))[:3]
    for path in missing:
        path.unlink()
    board = SoundBoard(Settings(), folder=folder, mixer=FakeMixer())
    board.start()
    assert board.wait(120)
    assert board.rendered_elsewhere and board.rendered == 0  # no synthesis in this process
    assert sum(len(v) for v in board.sounds.values()) == len(library.keys())
    assert len(list(folder.glob("*.wav"))) == len(library.keys())
    assert all(path.exists() for path in missing)


FEW = [("button_click", 1, 0), ("error", 1, 0)]


def test_a_failing_render_process_falls_back_to_the_loader_thread(tmp_path, monkeypatch):
    import sys

    monkeypatch.setattr(library, "keys", lambda: FEW)
    monkeypatch.setattr(
        sound_board, "render_command", lambda folder: [sys.executable, "-c", "raise SystemExit(1)"]
    )
    board = SoundBoard(Settings(), folder=tmp_path / library.version(), mixer=FakeMixer())
    board.start()
    assert board.wait(60)
    assert not board.rendered_elsewhere and board.rendered == len(FEW) and board.live
    assert set(board.sounds) == {("button_click", 1), ("error", 1)}


def test_closing_stops_a_render_process_that_is_still_working(tmp_path, monkeypatch):
    import sys
    import time

    monkeypatch.setattr(
        sound_board,
        "render_command",
        lambda folder: [sys.executable, "-c", "import time; time.sleep(60)"],
    )
    board = SoundBoard(Settings(), folder=tmp_path / library.version(), mixer=FakeMixer())
    board.start()
    time.sleep(0.3)
    started = time.monotonic()
    board.close()
    assert time.monotonic() - started < 2.0 and not board._thread.is_alive()
    assert board.sounds == {} and not board.live
