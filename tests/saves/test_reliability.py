"""Issue 15, "no game is ever lost, and the program always starts": one test (or more) per
numbered defect of the save folder, the save format and the settings file."""

import json
import os
from datetime import datetime, timezone
from pathlib import Path

import pytest

from engine import registry
from engine.core import RecordCodec
from engine.match import NAME_LIMIT, Match, Seat
from saves import files, store
from saves import format as fmt
from saves import settings as settings_module
from saves.format import SaveError
from saves.settings import Settings, load_settings, save_settings
from tests.dice_game import PIG, Face, Roll, SetStake

pytestmark = pytest.mark.usefixtures("pig_registered")


def a_match(seed=4, names=("Ana", "Bot 1 (Easy)")):
    m = Match(PIG, [Seat("human", names[0]), Seat("bot", names[1], "easy")], seed=seed)
    m.apply(SetStake(2))
    m.apply(Roll())
    m.resolve_chance(Face(5))
    return m


def rewrite(path, change):
    """Edit a save as a determined hand would: change it, then recompute its checksum."""
    env = json.loads(path.read_text())
    change(env)
    env["checksum"] = fmt.checksum(env)
    path.write_text(json.dumps(env))


# --- 1. Opening another game of the same kind keeps the unfinished one -------------------------
def test_opening_another_game_of_the_same_kind_keeps_the_unfinished_one():
    unfinished = a_match(seed=4)
    store.autosave(unfinished)
    other = a_match(seed=9)
    kept = store.keep_unfinished_for(other)
    assert kept is not None and kept.name.startswith(f"unfinished-{PIG.id}-")
    assert store.load(kept).history == unfinished.history
    assert not store.autosave_path(PIG.id).exists()


def test_continue_and_bot_games_leave_the_slot_alone():
    """The slot's own game (Continue, or an earlier point of it) is not copied aside, and a
    game of bots only never autosaves, so it leaves the player's game where it is."""
    m = a_match()
    store.autosave(m)
    assert store.keep_unfinished_for(store.load(store.autosave_path(PIG.id))) is None
    m.apply(SetStake(3))
    assert store.keep_unfinished_for(m) is None  # the same game, further on
    bots = Match(PIG, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=2)
    assert store.keep_unfinished_for(bots) is None
    assert [i.path.name for i in store.list_saves()] == [f"autosave-{PIG.id}.json"]


def test_loading_an_earlier_save_of_the_same_game_keeps_the_later_autosave():
    """A named save from turn 1 opened while the slot holds turn 2 of the same game: the
    slot's later position is not a beginning of the opened game, so it is kept."""
    m = a_match()
    early = store.save(m, "early")
    m.apply(SetStake(3))
    store.autosave(m)
    kept = store.keep_unfinished_for(store.load(early))
    assert kept is not None and store.load(kept).history == m.history


def test_a_damaged_slot_is_kept_aside_too_never_overwritten():
    slot = store.autosave(a_match())
    slot.write_text("{ cut short")
    kept = store.keep_unfinished_for(a_match(seed=5))
    assert kept.read_text() == "{ cut short"


# --- 2. Different save names never share a file -------------------------------------------
NAMES = [
    "游戏",
    "ゲーム",
    "😀",
    "..",
    "-",
    "Партия 1",
    "1",
    "Ana's game",
    "ana s game",
    "Ana's game!",
    "Partida de María",
    "  spaced  ",
    "a/b\\c:d*e?f",
    "autosave-dice",
]


def test_every_name_gets_its_own_file_and_comes_back_as_its_title():
    m = a_match()
    paths = [store.save(m, name) for name in NAMES]
    assert len(set(paths)) == len(NAMES)
    assert all(p.parent == store.saves_dir() for p in paths)
    titles = {i.path: i.title for i in store.list_saves()}
    assert [titles[p] for p in paths] == [name.strip() for name in NAMES]
    assert not any(p.name.startswith("autosave") for p in paths)
    assert store.load(paths[5]).history == m.history


def test_readable_file_names_keep_letters_of_any_script():
    m = a_match()
    assert store.save(m, "Партия 1").name == "партия-1.json"
    assert store.save(m, "ゲーム").name == "ゲーム.json"
    assert store.save(m, "😀").name == "game.json"
    assert store.save(m, "🎲").name == "game-2.json"


def test_saving_again_under_the_same_name_replaces_that_save_only():
    m = a_match()
    first = store.save(m, "Friday")
    other = store.save(m, "friday")  # another name: another file
    m.apply(SetStake(3))
    assert store.find_save("Friday") == first
    assert store.save(m, "Friday") == first
    assert store.load(first).state.stake == 3 and store.load_backup(first).state.stake == 2
    assert store.load(other).state.stake == 2


@pytest.mark.parametrize(
    "name",
    [
        "con",
        "CON",
        "nul",
        "Aux",
        "prn",
        "com1",
        "COM9",
        "lpt1",
        "lpt9",
        "con.txt",
        "nul.json",
        "com²",
        "Con  ",
    ],
)
def test_windows_reserved_names_never_become_file_names(name):
    path = store.save(a_match(), name)
    stem = path.name.split(".")[0].lower()
    assert stem not in store.WINDOWS_RESERVED
    assert store.read_info(path).title == name.strip()


@pytest.mark.parametrize(
    "title, stem",
    [
        (
            "Diced Tomatoes — Ana, Bot 1 (Medium), Bot 2 (Hard)",
            "diced-tomatoes-ana-bot-1-medium-bot-2",
        ),
        ("a" * 50, "a" * 40),
        ("Ana's game", "ana-s-game"),
    ],
)
def test_a_long_title_is_cut_between_words_for_its_file_name(title, stem):
    """A play-tester read a save's file name cut mid-word: "…-bot-2-ha"."""
    assert store.file_stem(title) == stem
    assert len(store.file_stem(title)) <= store.SLUG_LIMIT


def test_saves_in_the_old_naming_still_list_and_load():
    """Before issue 15 a save was ``SLUG.json`` with no suffix rule: such files list by their
    title and load, and saving under their title replaces them."""
    m = a_match()
    env = fmt.make_envelope(m, title="Ana's game")
    old = store.saves_dir() / "ana-s-game.json"
    old.write_text(fmt.dumps(env))
    infos = store.list_saves()
    assert [(i.path, i.title, i.error) for i in infos] == [(old, "Ana's game", None)]
    assert store.load(old).history == m.history
    assert store.save(m, "Ana's game") == old


# --- 3. Two unfinished games kept in the same second both survive -----------------------------
def test_two_unfinished_games_kept_in_one_second_both_survive(monkeypatch):
    class FrozenClock(datetime):
        @classmethod
        def now(cls, tz=None):
            return datetime(2026, 11, 29, 15, 0, 0, tzinfo=timezone.utc)

    monkeypatch.setattr(store, "datetime", FrozenClock)
    first, second = a_match(seed=1), a_match(seed=2)
    store.autosave(first)
    kept_first = store.keep_unfinished(PIG.id)
    store.autosave(second)
    kept_second = store.keep_unfinished(PIG.id)
    assert kept_first != kept_second
    assert store.load(kept_first).seed == 1 and store.load(kept_second).seed == 2


# --- 4. One bad file never stops the list, Continue or a load ---------------------------------
def hostile_files(folder: Path, good: Path) -> dict:
    """Every kind of bad file from the report, by name."""
    text = good.read_text()
    made = {}

    def edited(name, change):
        path = folder / name
        path.write_text(text)
        rewrite(path, change)
        made[name] = path

    edited("saved-at-not-text.json", lambda env: env.update(saved_at={"when": 1}))
    edited("title-not-text.json", lambda env: env.update(title=["x"]))
    edited("turn-text.json", lambda env: env.update(turn="12"))
    edited("seats-not-text.json", lambda env: env["seats"][0].update(name=7))
    raw = {
        "turn-infinity.json": text.replace('"turn": ', '"turn": Infinity, "was": '),
        "turn-nan.json": text.replace('"turn": ', '"turn": NaN, "was": '),
        "turn-1e400.json": text.replace('"turn": ', '"turn": 1e400, "was": '),
        "deep.json": '{"format": "tabletop-trio-save", "x": ' + "[" * 1000 + "]" * 1000 + "}",
        "deeper.json": "[" * 100_000 + "]" * 100_000,
        "huge-int.json": '{"format": "tabletop-trio-save", "seed": ' + "9" * 5000 + "}",
        "not-utf8.json": None,
        "empty.json": "",
    }
    for name, content in raw.items():
        path = folder / name
        if content is None:
            path.write_bytes(b"\xff\xfe\x00garbage")
        else:
            path.write_text(content)
        made[name] = path
    big = folder / "too-big.json"
    with open(big, "wb") as f:
        f.truncate(files.MAX_SAVE_BYTES + 1)
    made["too-big.json"] = big
    os.mkfifo(folder / "pipe.json")
    made["pipe.json"] = folder / "pipe.json"
    os.symlink("/dev/zero", folder / "zero.json")
    made["zero.json"] = folder / "zero.json"
    os.symlink(folder / "nowhere", folder / "dangling.json")
    made["dangling.json"] = folder / "dangling.json"
    (folder / "a-folder.json").mkdir()
    made["a-folder.json"] = folder / "a-folder.json"
    return made


def test_one_bad_file_of_each_kind_is_listed_as_damaged_and_the_rest_still_list():
    m = a_match()
    good = store.save(m, "good")
    slot = store.autosave(m)
    made = hostile_files(store.saves_dir(), good)
    infos = {i.path.name: i for i in store.list_saves()}
    assert infos["good.json"].error is None and infos[slot.name].error is None
    for name in made:
        info = infos[name]
        assert info.error and "Traceback" not in info.error, name
        assert len(info.error) < 300, name
    assert store.latest_autosave().path == slot


@pytest.mark.parametrize(
    "name, words",
    [
        ("pipe.json", "it is a pipe"),
        ("zero.json", "it is a device"),
        ("too-big.json", "too large"),
        ("deep.json", "nested too deeply"),
        ("deeper.json", "nested too deeply"),
        ("huge-int.json", "number too long"),
        ("turn-infinity.json", "Infinity"),
        ("turn-nan.json", "NaN"),
        ("turn-1e400.json", "too large"),
        ("not-utf8.json", "not text"),
        ("saved-at-not-text.json", "saved_at"),
        ("title-not-text.json", "title"),
        ("turn-text.json", "turn"),
        ("seats-not-text.json", "seat 1"),
        ("a-folder.json", "a folder"),
        ("dangling.json", "does not exist"),
    ],
)
def test_each_bad_file_loads_as_a_save_error_in_plain_words(name, words):
    good = store.save(a_match(), "good")
    path = hostile_files(store.saves_dir(), good)[name]
    with pytest.raises(SaveError, match=words):
        store.load(path)


def test_listing_survives_any_failure_to_read_one_file(monkeypatch):
    """Whatever goes wrong reading one file (here a MemoryError), that file is damaged."""
    good = store.save(a_match(), "good")
    bad = store.save(a_match(seed=5), "bad")
    real = store.read_text

    def failing(path, *args, **kwargs):
        if Path(path) == bad:
            raise MemoryError()
        return real(path, *args, **kwargs)

    monkeypatch.setattr(store, "read_text", failing)
    infos = {i.path: i for i in store.list_saves()}
    assert infos[good].error is None
    assert infos[bad].error == "bad.json could not be read (MemoryError)."


# --- 5. A folder that cannot be created ---------------------------------------------------------
def test_a_file_where_the_data_folder_should_be_turns_saving_off_with_one_sentence(
    tmp_path, monkeypatch
):
    blocker = tmp_path / "blocked-data"
    blocker.write_text("not a folder")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))
    problem = store.storage_problem()
    assert problem == f"Games will not be saved: {blocker} is a file where a folder should be."
    assert store.list_saves() == [] and store.latest_autosave() is None
    with pytest.raises(SaveError, match="Games will not be saved"):
        store.save(a_match(), "x")
    with pytest.raises(SaveError, match="Games will not be saved"):
        store.autosave(a_match())
    assert store.keep_unfinished_for(a_match()) is None
    assert store.clean_stray_temps() == 0


def test_a_file_where_the_saves_folder_should_be(tmp_path):
    (tmp_path / "data" / "tabletop-trio").mkdir(parents=True)
    (tmp_path / "data" / "tabletop-trio" / "saves").write_text("")
    assert "tabletop-trio/saves is a file where a folder should be" in store.storage_problem()


def test_a_dangling_link_where_the_data_folder_should_be(tmp_path):
    (tmp_path / "data").mkdir()
    os.symlink(tmp_path / "gone", tmp_path / "data" / "tabletop-trio")
    assert store.storage_problem() == (
        f"Games will not be saved: {tmp_path / 'data' / 'tabletop-trio'} is a link to a place "
        f"that does not exist."
    )


@pytest.mark.parametrize(
    "err, words",
    [
        (PermissionError(13, "Permission denied"), "may not be created (permission denied)"),
        (OSError(30, "Read-only file system"), "on a read-only disk"),
        (OSError(28, "No space left on device"), "on a full disk"),
    ],
)
def test_a_folder_the_system_refuses_is_said_in_plain_words(monkeypatch, err, words):
    def refuse(self, *args, **kwargs):
        raise err

    monkeypatch.setattr(Path, "mkdir", refuse)
    assert words in store.storage_problem()
    settings = load_settings()
    assert settings == Settings() and "Settings will not be kept" in settings.problem
    assert words in settings.problem


def test_a_file_where_the_config_folder_should_be_gives_default_settings(tmp_path, monkeypatch):
    blocker = tmp_path / "blocked-config"
    blocker.write_text("")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(blocker))
    settings = load_settings()
    assert settings == Settings()
    assert settings.problem == (
        f"Settings will not be kept: {blocker} is a file where a folder should be."
    )
    with pytest.raises(SaveError, match="Settings will not be kept"):
        save_settings(settings)


# --- 6. Delete in a read-only folder -----------------------------------------------------------
def test_delete_the_disk_refuses_is_a_save_error_and_the_save_stays(monkeypatch):
    path = store.save(a_match(), "keep me")

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(Path, "unlink", refuse)
    with pytest.raises(SaveError, match="Could not delete keep-me.json: Permission denied"):
        store.delete(path)
    monkeypatch.undo()
    assert store.load(path).seed == 4


# --- 7. Settings validated field by field ------------------------------------------------------
GOOD = {
    "animation_speed": "fast",
    "fullscreen": False,
    "window_size": [1440, 900],
    "pass_screen": False,
    "colorblind_patterns": True,
    "bot_budget": 2.5,
    "master_volume": 35,
    "sound_effects": False,
}


@pytest.mark.parametrize(
    "field, bad",
    [
        ("bot_budget", "fast"),
        ("bot_budget", None),
        ("bot_budget", float("nan")),
        ("bot_budget", 1e9),
        ("bot_budget", 0),
        ("bot_budget", -1),
        ("bot_budget", True),
        ("bot_budget", float("inf")),
        ("window_size", [99999, 99999]),
        ("window_size", [1e309, 800]),
        ("window_size", [[1], 2]),
        ("window_size", [1280]),
        ("window_size", "1280x800"),
        ("window_size", [1280.0, 800]),
        ("window_size", [True, 800]),
        ("window_size", [100, 100]),
        ("fullscreen", "no"),
        ("fullscreen", 1),
        ("fullscreen", None),
        ("pass_screen", "yes"),
        ("colorblind_patterns", 0),
        ("animation_speed", "warp"),
        ("animation_speed", ["fast"]),
        ("master_volume", 50.0),
        ("master_volume", 101),
        ("master_volume", True),
        ("sound_effects", "off"),
    ],
)
def test_a_damaged_setting_falls_back_to_its_default_alone(tmp_path, field, bad):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps(dict(GOOD, **{field: bad})))
    settings = load_settings(path)
    expected = {k: tuple(v) if k == "window_size" else v for k, v in GOOD.items()}
    expected[field] = getattr(Settings(), field)
    assert {k: getattr(settings, k) for k in GOOD} == expected
    label = settings_module.LABELS[field]
    assert settings.problem == (
        f"Some settings were damaged ({label}); defaults are used for "
        f"them and the old file was kept as settings.json.damaged."
    )
    assert json.loads((tmp_path / "settings.json.damaged").read_text())[field] == bad or field in (
        "bot_budget",
        "window_size",
    )  # NaN and inf don't compare equal
    repaired = load_settings(path)  # the repaired file reads cleanly
    assert repaired == settings and repaired.problem is None


def test_settings_out_of_range_are_refused_in_range_kept(tmp_path):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"bot_budget": 10, "window_size": [7680, 4320]}))
    settings = load_settings(path)
    assert (settings.bot_budget, settings.window_size, settings.problem) == (
        10.0,
        (7680, 4320),
        None,
    )


@pytest.mark.parametrize("content", ["[1, 2]", "null", "[" * 100_000, '"text"', "{"])
def test_a_settings_file_that_holds_no_settings_gives_defaults(tmp_path, content):
    path = tmp_path / "settings.json"
    path.write_text(content)
    settings = load_settings(path)
    assert settings == Settings() and "could not be read" in settings.problem
    assert (tmp_path / "settings.json.damaged").exists()


def test_a_settings_file_that_is_a_pipe_is_not_opened(tmp_path):
    path = tmp_path / "settings.json"
    os.mkfifo(path)
    settings = load_settings(path)
    assert settings == Settings() and "it is a pipe" in settings.problem


# --- 8. A loaded save must be a valid game -----------------------------------------------------
@pytest.mark.parametrize(
    "change, words",
    [
        (lambda env: env["seats"][0].update(name=5), "seat 1: its name is not plain text"),
        (lambda env: env["seats"][0].update(name=None), "seat 1"),
        (lambda env: env["seats"][0].update(name="A\x00na"), "seat 1: its name is not plain text"),
        (lambda env: env["seats"][0].update(name="   "), "seat 1"),
        (lambda env: env["seats"][1].update(level="godlike"), "seat 2: its level"),
        (lambda env: env["seats"][1].update(kind="ghost"), "seat 2"),
        (lambda env: env.update(title=5), "damaged fields: title"),
        (lambda env: env.update(title=None), "damaged fields: title"),
        (lambda env: env.update(turn=True), "damaged fields: turn"),
        (lambda env: env.update(seed=4.0), "damaged fields: seed"),
        (lambda env: env.update(seed=True), "damaged fields: seed"),
        (lambda env: env["options"].update(target=20.0), "damaged option"),
        (
            lambda env: env["history"][0]["action"].update(stake=2.0),
            "step 1 of the history is damaged \\(its stake should be a whole number, not 2.0\\)",
        ),
        (lambda env: env["history"][0]["action"].update(stake=True), "step 1 .*whole number"),
        (lambda env: env["history"][0]["action"].update(stake="2"), "step 1 .*whole number"),
        (lambda env: env["history"][2]["action"].update(value=5.0), "step 3 .*whole number"),
        (lambda env: env["history"][0].update(player=False), "step 1"),
        (lambda env: env["history"][0].update(player=0.0), "step 1"),
        (lambda env: env["history"][0].update(extra=1), "step 1"),
    ],
)
def test_edited_saves_with_a_recomputed_checksum_are_refused_in_plain_words(change, words):
    path = store.save(a_match(), "edited")
    rewrite(path, change)
    with pytest.raises(SaveError, match=words):
        store.load(path)
    info = store.read_info(path)  # the list checks the envelope, a load the game too
    assert info.error is not None or "step" in words or "option" in words


def test_off_the_rails_action_field_5_0_is_refused_before_it_crashes_play():
    """The report's case: an int field written as 5.0 passed the == replay check."""
    spec = registry.get("off-the-rails")
    from engine.bots import make_bot

    m = Match(spec, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=3)
    while len(m.history) < 30:
        m.advance_chance() if m.is_chance() else m.play_bot_turn_now(make_bot)
    path = store.save(m, "rails")
    env = json.loads(path.read_text())
    step = next(
        i
        for i, item in enumerate(env["history"])
        if any(type(v) is int for k, v in item["action"].items() if k != "type")
    )
    field = next(
        k for k, v in env["history"][step]["action"].items() if k != "type" and type(v) is int
    )
    rewrite(
        path,
        lambda e: e["history"][step]["action"].update(
            {field: float(e["history"][step]["action"][field])}
        ),
    )
    with pytest.raises(SaveError, match=f"step {step + 1} .*its {field} should be a whole number"):
        store.load(path)


def test_record_codec_compares_types_not_only_values():
    from dataclasses import dataclass

    from engine.core import Action

    @dataclass(frozen=True)
    class Sample(Action):
        count: int
        label: str
        flag: bool
        cells: tuple
        pairs: tuple[tuple[int, int], ...]
        maybe: int | None = None

    codec = RecordCodec([Sample])
    good = {
        "type": "Sample",
        "count": 2,
        "label": "x",
        "flag": True,
        "cells": [1, "a", [2]],
        "pairs": [[1, 2], [3, 4]],
        "maybe": None,
    }
    assert codec.from_dict(good) == Sample(2, "x", True, (1, "a", (2,)), ((1, 2), (3, 4)))
    for field, bad in [
        ("count", 2.0),
        ("count", True),
        ("count", "2"),
        ("label", 1),
        ("flag", 1),
        ("cells", [1.5]),
        ("cells", [True]),
        ("cells", 3),
        ("pairs", [[1, 2.0]]),
        ("pairs", [[1, 2, 3]]),
        ("maybe", 1.0),
        ("pairs", [[1, True]]),
    ]:
        with pytest.raises(ValueError, match=f"its {field} should be"):
            codec.from_dict(dict(good, **{field: bad}))
    assert codec.from_dict(dict(good, maybe=3)).maybe == 3
    with pytest.raises(ValueError):
        codec.from_dict({"type": ["Sample"]})


def test_record_codec_takes_an_enum_field_by_its_text():
    from dataclasses import dataclass

    from engine.core import Event, StrEnum

    class Cause(StrEnum):
        NO_TRACK = "no track ahead"

    @dataclass(frozen=True)
    class Derailed(Event):
        cause: Cause

    codec = RecordCodec([Derailed])
    assert codec.from_dict({"type": "Derailed", "cause": "no track ahead"}).cause == Cause.NO_TRACK
    assert codec.from_dict(Derailed(Cause.NO_TRACK).to_dict()) == Derailed(Cause.NO_TRACK)
    for bad in ("no track", 1, None):
        with pytest.raises(ValueError, match="its cause should be"):
            codec.from_dict({"type": "Derailed", "cause": bad})


# --- 10. Names of a sensible length ------------------------------------------------------------
def test_seat_names_are_limited_where_they_enter():
    with pytest.raises(ValueError, match=f"at most {NAME_LIMIT} characters"):
        Seat("human", "N" * (NAME_LIMIT + 1))
    with pytest.raises(ValueError, match="control characters"):
        Seat("human", "A\x00")
    assert Seat("human", "Мария 😀 ゲーム").name == "Мария 😀 ゲーム"


def test_a_save_with_a_very_long_name_loads_with_the_name_cut():
    path = store.save(a_match(), "long")
    rewrite(path, lambda env: env["seats"][0].update(name="N" * 40_000))
    loaded = store.load(path)
    assert loaded.seats[0].name == "N" * NAME_LIMIT
    assert len(store.read_info(path).seats[0]) <= files.TITLE_LIMIT


def test_a_very_long_title_is_cut_in_the_list():
    path = store.save(a_match(), "x")
    rewrite(path, lambda env: env.update(title="T" * 40_000))
    assert len(store.read_info(path).title) == files.TITLE_LIMIT


def test_writing_over_a_pipe_or_a_device_link_never_reads_it():
    """A slot that is a pipe or a link to /dev/zero is replaced, not copied to the backup
    (copying would hang or fill the disk)."""
    folder = store.saves_dir()
    os.mkfifo(folder / f"autosave-{PIG.id}.json")
    store.autosave(a_match())
    assert store.load(store.autosave_path(PIG.id)).seed == 4
    os.symlink("/dev/zero", folder / "zero.json")
    store.write_atomic(folder / "zero.json", "{}")
    assert (folder / "zero.json").read_text() == "{}"
    assert not store.backup_path(folder / "zero.json").exists()


def test_a_second_copy_starting_leaves_the_first_copys_write_in_progress_alone(tmp_path):
    """Issue 15.12: cleaning stray temporary files removes only abandoned ones; a fresh one of
    a running process may be another copy's write (older than STALE_TEMP_SECONDS it is old
    enough to go)."""
    running = os.getppid()
    fresh = tmp_path / f".game.json{files.TEMP_MARK}{running}-1"
    old = tmp_path / f".other.json{files.TEMP_MARK}{running}-2"
    fresh.write_text("{}", encoding="utf-8")
    old.write_text("{}", encoding="utf-8")
    long_ago = old.stat().st_mtime - store.STALE_TEMP_SECONDS - 60
    os.utime(old, (long_ago, long_ago))
    assert store.clean_stray_temps(tmp_path) == 1
    assert fresh.exists() and not old.exists()
