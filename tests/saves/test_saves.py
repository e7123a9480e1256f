"""Saves: envelope, checksum, migrations, atomic write, backups, damaged files (docs/DESIGN.md)."""

import json
import os
import time

import pytest

from engine import registry
from engine.match import Match, Seat
from saves import files, store
from saves import format as fmt
from saves.format import SaveError
from tests.dice_game import PIG, Face, Roll, SetStake

pytestmark = pytest.mark.usefixtures("pig_registered")


def a_match():
    m = Match(PIG, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=4)
    m.apply(SetStake(2))
    m.apply(Roll())
    m.resolve_chance(Face(5))
    return m


def test_save_round_trip_restores_exact_position():
    m = a_match()
    path = store.save(m, "round trip")
    loaded = store.load(path)
    assert loaded.state.to_dict() == m.state.to_dict()
    assert loaded.history == m.history
    assert loaded.seats == m.seats and loaded.seed == 4


def test_envelope_fields_and_checksum():
    env = fmt.make_envelope(a_match())
    assert env["format"] == "tabletop-trio-save"
    assert env["schema_version"] == fmt.SCHEMA_VERSION == 4
    assert set(env) >= {
        "game",
        "options",
        "seats",
        "seed",
        "history",
        "snapshot",
        "checksum",
        "saved_at",
        "title",
    }
    assert env["checksum"] == fmt.checksum(env)


def test_second_write_keeps_previous_as_backup():
    m = a_match()
    path = store.save(m, "twice")
    first = path.read_text()
    m.apply(SetStake(3))
    store.save(m, "twice")
    assert store.backup_path(path).read_text() == first
    assert store.load_backup(path).state.stake == 2
    assert store.load(path).state.stake == 3


def test_a_named_save_is_listed_by_its_name_and_never_takes_an_autosave_slot():
    m = a_match()
    path = store.save(m, "  Autosave of mine ")
    assert path.name == "save-autosave-of-mine.json"
    info = store.read_info(path)
    assert (info.title, info.is_autosave) == ("Autosave of mine", False)
    unnamed = store.read_info(store.save(m, "   "))
    assert unnamed.title == fmt.match_title(m)


def test_a_finished_game_drops_only_its_own_autosave():
    m = a_match()
    slot = store.autosave(m)
    other = Match(PIG, [Seat("human", "Cy"), Seat("human", "Di")], seed=9)
    assert not store.drop_autosave_of(other)  # another game in the slot stays
    assert slot.exists()
    m.apply(SetStake(3))  # the game went on after the autosave
    assert store.drop_autosave_of(m)
    assert not slot.exists()


def test_a_new_game_keeps_the_unfinished_one_as_a_save():
    m = a_match()
    store.autosave(m)
    store.autosave(m)  # a second write leaves a backup
    kept = store.keep_unfinished(PIG.id)
    assert kept.name.startswith(f"unfinished-{PIG.id}-")
    assert not (store.saves_dir() / f"autosave-{PIG.id}.json").exists()
    assert store.backup_path(kept).exists()
    assert store.load(kept).history == m.history
    assert store.keep_unfinished(PIG.id) is None  # nothing left in the slot


def test_interrupted_write_leaves_old_save_loadable(monkeypatch):
    m = a_match()
    path = store.save(m, "crash")
    m.apply(SetStake(3))

    def power_cut(src, dst):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "replace", power_cut)
    with pytest.raises(SaveError, match="Could not write"):
        store.save(m, "crash")
    monkeypatch.undo()
    assert store.load(path).state.stake == 2
    assert not [p for p in path.parent.iterdir() if files.TEMP_MARK in p.name]


def test_stray_temp_files_cleaned_only_when_old_enough_to_be_abandoned():
    """A second copy of the program starting must not delete the temporary file of a write the
    first copy is making right now (issue 15, defect 12): of a running process, only files an
    hour old go (issue 36: of a process that ended, every one goes at once)."""
    folder = store.saves_dir()
    running = os.getppid()  # another copy of the program, still running
    old = folder / f".x.json.tmp-{running}-0"
    old.write_text("half")
    two_hours_ago = time.time() - 7200
    os.utime(old, (two_hours_ago, two_hours_ago))
    fresh = folder / f".y.json.tmp-{running}-1"
    fresh.write_text("being written by another copy")
    assert store.clean_stray_temps() == 1
    assert not old.exists() and fresh.exists()


def test_a_write_survives_another_copy_starting_meanwhile(monkeypatch):
    """The other copy's start-up cleaning runs between the temporary file's write and its
    rename: the save still lands."""
    m = a_match()
    real_replace = os.replace

    def other_copy_starts_then_replace(src, dst):
        store.clean_stray_temps()
        return real_replace(src, dst)

    monkeypatch.setattr(os, "replace", other_copy_starts_then_replace)
    path = store.save(m, "busy")
    store.save(m, "busy")  # the second write replaces (os.replace)
    assert store.load(path).history == m.history


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda text: text[: len(text) // 2], "it breaks off at line"),
        (lambda text: text.replace('"seed": 4', '"seed": 5'), "checksum does not match"),
        (lambda text: "not json at all {", "not a readable save"),
        (lambda text: json.dumps({"hello": 1}), "not a Tabletop Trio save"),
    ],
)
def test_damaged_files_give_their_own_save_error(mangle, message):
    path = store.save(a_match(), "damaged")
    path.write_text(mangle(path.read_text()))
    with pytest.raises(SaveError, match=message):
        store.load(path)
    assert path.exists()  # never deleted


def rewrite(path, change):
    env = json.loads(path.read_text())
    change(env)
    env["checksum"] = fmt.checksum(env)
    path.write_text(json.dumps(env))


def test_future_schema_refused():
    path = store.save(a_match(), "future")
    rewrite(path, lambda env: env.update(schema_version=fmt.SCHEMA_VERSION + 1))
    with pytest.raises(SaveError, match="newer version"):
        store.load(path)


def test_unknown_game_refused():
    path = store.save(a_match(), "unknown")
    rewrite(path, lambda env: env.update(game="chess"))
    with pytest.raises(SaveError, match="does not know"):
        store.load(path)


def test_history_that_does_not_replay_refused():
    path = store.save(a_match(), "tampered")
    rewrite(
        path, lambda env: env["history"].__setitem__(0, {"player": 0, "action": {"type": "Hold"}})
    )
    with pytest.raises(SaveError, match="cannot be replayed"):
        store.load(path)


def test_old_schema_migrated_one_step_at_a_time():
    path = store.save(a_match(), "old")

    def make_v0(env):
        env["schema_version"] = 0
        del env["title"]
        del env["turn"]

    rewrite(path, make_v0)
    loaded = store.load(path)
    assert loaded.state.turn_total == 10
    assert 0 in fmt.MIGRATIONS


def test_the_save_format_knows_no_game_and_each_game_upgrades_its_own_saves(monkeypatch):
    """Issue 37, item 4: a game's save migrations live with the game (``GameSpec.upgrade_save``,
    asked at every step of the format's upgrade); ``saves/format.py`` names no game."""
    import dataclasses
    from pathlib import Path

    text = Path(fmt.__file__).read_text(encoding="utf-8")
    for spec in registry.games():
        assert spec.id not in text and spec.title not in text, spec.id
    with_hooks = {spec.id for spec in registry.games() if spec.upgrade_save is not None}
    assert {"potion-explosion", "off-the-rails"} <= with_hooks
    asked = []

    def upgrade(envelope, version):
        asked.append(version)
        return dict(envelope, title=f"{envelope['title']} {version}")

    registry.unregister(PIG.id)
    registry.register(dataclasses.replace(PIG, upgrade_save=upgrade))
    path = store.save(a_match(), "old")
    rewrite(path, lambda env: env.update(schema_version=1))
    env = fmt.parse(path.read_text())
    assert asked == [1, 2, 3] and env["title"] == "old 1 2 3"


def test_damaged_save_listed_with_reason_and_does_not_stop_others():
    good = store.save(a_match(), "good")
    bad = store.save(a_match(), "bad")
    bad.write_text("{")
    infos = {i.path.name: i for i in store.list_saves()}
    assert infos[good.name].error is None and infos[good.name].game == "stake-pig"
    assert "not a readable save" in infos[bad.name].error
    assert infos[bad.name].has_backup is False


def test_bak_hint_in_error():
    m = a_match()
    path = store.save(m, "hint")
    store.save(m, "hint")
    path.write_text("{")
    with pytest.raises(SaveError, match="backup of the previous save exists"):
        store.load(path)


def test_autosave_slot_and_latest():
    m = a_match()
    path = store.autosave(m)
    assert path.name == "autosave-stake-pig.json"
    assert store.latest_autosave().path == path


def test_the_latest_autosave_is_found_without_reading_the_named_saves(monkeypatch):
    m = a_match()
    for number in range(5):
        store.save(m, f"kept {number}")
    older = store.autosave(m)
    read = []
    real_read_info = store.read_info
    monkeypatch.setattr(
        store, "read_info", lambda path: read.append(path.name) or real_read_info(path)
    )
    assert store.latest_autosave().path == older
    assert read == [older.name]


def test_delete_removes_save_and_backup():
    m = a_match()
    path = store.save(m, "gone")
    store.save(m, "gone")
    store.delete(path)
    assert not path.exists() and not store.backup_path(path).exists()


def test_settings_round_trip_and_damage(tmp_path):
    from saves.settings import Settings, load_settings, save_settings

    p = tmp_path / "settings.json"
    save_settings(Settings(animation_speed="fast", window_size=(1440, 900)), p)
    s = load_settings(p)
    assert s.animation_speed == "fast" and s.window_size == (1440, 900)
    p.write_text("{broken")
    s = load_settings(p)
    assert s == Settings() and "could not be read" in s.problem
    assert (tmp_path / "settings.json.damaged").exists()
