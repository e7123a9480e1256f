"""The command line: plain errors with status 2, --quit-at-end JSON, --screenshot.

Each test runs ``main.py`` in the test process (:func:`tests.program.run_main`): what it prints,
its exit status and the files it leaves are what ``python main.py ARGS`` gives, without the cost
of a new Python process. The data and config folders are the test's own (the root conftest)."""

import functools
import json
import os
import sys
from pathlib import Path

import pytest

from engine import registry
from tests.program import run_main


@pytest.fixture
def run(capfd, monkeypatch):
    """``run(*args)``: ``python main.py *args`` in this process, as :func:`run_main`."""
    return functools.partial(run_main, capfd=capfd, monkeypatch=monkeypatch)


@pytest.mark.parametrize(
    "args, words",
    [
        (["--game", "chess"], "Unknown game"),
        (["--frames", "x"], "invalid int"),
        (["--seed", "4"], "need --game"),
        (["--size", "big"], "--size"),
        (["--load", "/nonexistent/save.json"], "does not exist"),
    ],
)
def test_bad_arguments_print_one_plain_line_and_exit_2(run, tmp_path, args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_damaged_load_file_exits_2(run, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not a save")
    result = run("--load", str(bad))
    assert result.returncode == 2 and "not a readable save" in result.stderr
    assert bad.exists()


def test_screenshot_of_title(run, tmp_path):
    shot = tmp_path / "title.png"
    result = run("--screenshot", str(shot), "--frames", "3", "--size", "1024x640")
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
    assert "Warning" not in result.stderr


@pytest.mark.parametrize(
    "game, seats, seed",
    [
        ("diced-tomatoes", "bot:easy,bot:easy,bot:easy", 7),
        ("diced-tomatoes", "bot:easy", 7),
        ("potion-explosion", "bot:easy,bot:easy", 3),
        ("off-the-rails", "bot:easy,bot:easy", 33),
        ("shifting-stones", "bot:easy,bot:easy,bot:easy,bot:easy,bot:medium", 7),
    ],
)
@pytest.mark.long
def test_autoplay_quit_at_end_prints_result(run, tmp_path, game, seats, seed):
    if game not in [g.id for g in registry.games()]:
        pytest.skip(f"{game} is not registered yet")
    result = run(
        "--game",
        game,
        "--autoplay",
        "--seats",
        seats,
        "--seed",
        str(seed),
        "--instant",
        "--quit-at-end",
    )
    assert result.returncode == 0, result.stderr[-2000:]
    line = json.loads(result.stdout.strip().splitlines()[-1])
    assert line["game"] == game and line["seed"] == seed
    assert len(line["scores"]) == len(seats.split(","))
    assert line["winners"] and line["turns"] > 0


def test_readme_option_example_works(run, tmp_path):
    """README's `--option overload=on` example starts the game."""
    shot = tmp_path / "dt.png"
    result = run(
        "--game",
        "diced-tomatoes",
        "--seats",
        "human,bot:easy",
        "--option",
        "overload=on",
        "--screenshot",
        str(shot),
        "--frames",
        "3",
    )
    assert result.returncode == 0, result.stderr
    assert shot.exists()


# --- issue 15 -------------------------------------------------------------------------------
def one_plain_line(result, words):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert words in result.stderr, result.stderr


@pytest.mark.parametrize(
    "args, words",
    [
        (["--size", "99999x99999"], "at most 7680x4320"),
        (["--size", "7681x800"], "at most 7680x4320"),
        (["--size", "1280x4321"], "at most 7680x4320"),
        (["--size", "1280x800x2"], "--size must look like 1280x800"),
        (
            ["--screenshot", "/nonexistent/folder/x.png"],
            "the folder /nonexistent/folder does not exist",
        ),
        (["--screenshot", "/tmp"], "needs a file name"),
        (["--load", "/dev/zero"], "is not a save file (it is a device)"),
        (["--game", ""], "--game needs a value"),
        (["--game", " "], "--game needs a value"),
        (["--game", "diced-tomatoes", "--seats", ""], "--seats needs a value"),
        (["--load", ""], "--load needs a value"),
        (["--screenshot", ""], "--screenshot needs a value"),
        (["--size", ""], "--size needs a value"),
        (["--game", "diced-tomatoes", "--option", ""], "--option needs NAME=VALUE"),
        (
            ["--game", "diced-tomatoes", "--seats", "human:" + "N" * 25 + ",bot:easy"],
            "at most 24 characters",
        ),
        (["--game", "diced-tomatoes", "--seats", "human,bot:godlike"], "easy, medium or hard"),
    ],
)
def test_each_bad_input_gets_one_plain_line_and_status_2(run, tmp_path, args, words):
    one_plain_line(run(*args), words)


def test_load_of_a_pipe_does_not_hang(run, tmp_path):
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)
    one_plain_line(run("--load", str(pipe)), "is not a save file (it is a pipe)")


def _save_file(tmp_path, change=None):
    """A real Diced Tomatoes save, edited by ``change(envelope)`` with its checksum fixed."""
    from engine.match import Match, Seat
    from saves import format as fmt

    m = Match(
        registry.get("diced-tomatoes"), [Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=3
    )
    m.advance_chance()
    env = fmt.make_envelope(m)
    if change:
        change(env)
        env["checksum"] = fmt.checksum(env)
    path = tmp_path / "game.json"
    path.write_text(fmt.dumps(env))
    return path, m


def test_load_autoplay_with_an_unknown_level_is_one_plain_line(run, tmp_path):
    path, _ = _save_file(tmp_path, lambda env: env["seats"][0].update(level="godlike"))
    one_plain_line(
        run("--load", str(path), "--autoplay"),
        "its level is not easy, medium or hard",
    )


@pytest.mark.long
def test_the_program_starts_without_a_data_or_config_folder(run, tmp_path, monkeypatch):
    """Defect 5: files where the data and config folders should be; the title is reached (and
    says why saving is off); a game is played to its end without saving."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data-file"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config-file"))
    (tmp_path / "data-file").write_text("")
    (tmp_path / "config-file").write_text("")
    shot = tmp_path / "title.png"
    for args in (
        ["--screenshot", str(shot), "--frames", "3"],
        [
            "--game",
            "diced-tomatoes",
            "--seats",
            "human,bot:easy",
            "--screenshot",
            str(shot),
            "--frames",
            "3",
        ],
        [
            "--game",
            "diced-tomatoes",
            "--autoplay",
            "--seats",
            "bot:easy,bot:easy",
            "--instant",
            "--quit-at-end",
            "--seed",
            "2",
        ],
    ):
        result = run(*args)
        assert result.returncode == 0, result.stderr
        assert "Traceback" not in result.stderr


@pytest.mark.long
def test_hostile_files_in_the_saves_folder_never_stop_the_program(run, tmp_path):
    """Defect 4: a pipe, a link to /dev/zero, deep nesting and a huge integer named like saves:
    the title, --load of another file and --game --autoplay all run."""
    folder = tmp_path / "data" / "tabletop-trio" / "saves"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "autosave-diced-tomatoes.json")
    os.symlink("/dev/zero", folder / "zero.json")
    (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (folder / "int.json").write_text('{"turn": ' + "9" * 5000 + "}")
    good, _ = _save_file(tmp_path)
    shot = tmp_path / "x.png"
    for args in (
        ["--screenshot", str(shot), "--frames", "3"],
        ["--scene", "load", "--screenshot", str(shot), "--frames", "3"],
        ["--load", str(good), "--screenshot", str(shot), "--frames", "3"],
        [
            "--game",
            "diced-tomatoes",
            "--autoplay",
            "--seats",
            "bot:easy,bot:easy",
            "--instant",
            "--quit-at-end",
            "--seed",
            "2",
        ],
    ):
        result = run(*args)
        assert result.returncode == 0, (args, result.stderr)
        assert "Traceback" not in result.stderr


@pytest.mark.parametrize("how", ["load", "game"])
@pytest.mark.long
def test_load_and_game_keep_the_unfinished_game_of_the_same_kind(run, tmp_path, how):
    """Defect 1: ``--load`` and ``--game`` move the unfinished game out of the autosave slot
    to a save of its own before the new one can autosave."""
    from saves import store

    path, unfinished = _save_file(tmp_path)
    unfinished.apply(unfinished.legal_actions()[0])
    store.autosave(unfinished)
    args = (
        ["--load", str(path)]
        if how == "load"
        else ["--game", "diced-tomatoes", "--seats", "human,bot:easy", "--seed", "9"]
    )
    result = run(*args, "--frames", "3")
    assert result.returncode == 0, result.stderr
    kept = [i for i in store.list_saves() if i.path.name.startswith("unfinished-diced-tomatoes")]
    assert len(kept) == 1 and store.load(kept[0].path).history == unfinished.history


def test_a_screenshot_leaves_the_players_saves_as_they_are(run, tmp_path):
    """Play-test: a ``--screenshot`` run with a person seated autosaved and pushed the
    player's own unfinished game out of its slot. A screenshot shows; it plays for nobody."""
    from saves import store

    _path, unfinished = _save_file(tmp_path)
    unfinished.apply(unfinished.legal_actions()[0])
    slot = store.autosave(unfinished)
    before = slot.read_bytes()
    store.release(unfinished)
    args = ["--game", "diced-tomatoes", "--seats", "human,bot:easy", "--seed", "9"]
    result = run(*args, "--screenshot", str(tmp_path / "x.png"), "--frames", "3")
    assert result.returncode == 0, result.stderr
    assert [i.path.name for i in store.list_saves()] == [slot.name]
    assert slot.read_bytes() == before


def _record_file(tmp_path) -> Path:
    import random

    from engine.match import Match, Seat
    from saves.record import format_record

    match = Match(
        registry.get("diced-tomatoes"), [Seat("human", "Ana"), Seat("bot", "Bot", "easy")], {}, 4
    )
    rng = random.Random(4)
    for _ in range(30):
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    path = tmp_path / "game.txt"
    path.write_text(format_record(match), encoding="utf-8")
    return path


def test_replay_opens_a_game_record(run, tmp_path):
    shot = tmp_path / "replay.png"
    result = run(
        "--replay", str(_record_file(tmp_path)), "--screenshot", str(shot), "--frames", "5"
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000


def test_a_bad_game_record_is_one_plain_line(run, tmp_path):
    path = _record_file(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace("Seed: 4", "Seed: four"), encoding="utf-8"
    )
    result = run("--replay", str(path))
    assert result.returncode == 2
    assert "Line 6: the seed must be a whole number" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_position_starts_a_game_from_a_shared_position(run, tmp_path):
    from engine.puzzles import puzzles_for

    shot = tmp_path / "position.png"
    result = run(
        "--position",
        puzzles_for("diced-tomatoes")[0].position,
        "--screenshot",
        str(shot),
        "--frames",
        "3",
    )
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000


def test_a_bad_position_is_refused_saying_what_and_where(run, tmp_path):
    result = run("--game", "diced-tomatoes", "--position", "players=2 phase=banana")
    assert result.returncode == 2
    assert "This position cannot be read: phase: 'banana' is not one of" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    result = run(
        "--game", "diced-tomatoes", "--seats", "human", "--position", "players=2 phase=turn"
    )
    assert result.returncode == 2 and "for 2 players, not 1" in result.stderr


def test_without_a_screen_the_program_says_so_and_exits_2(run, monkeypatch):
    """Play-test: started where no display is named, SDL drew off-screen and the program ran
    on with no window and no word; now it says why it cannot start."""
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    if not sys.platform.startswith("linux"):
        pytest.skip("only Linux names its display in the environment")
    result = run()
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "main.py: there is no screen to open the window on (no display is set)"
    )


def test_a_screen_is_missing_only_on_linux_with_no_display_and_no_driver():
    import main

    assert main.no_screen({}, "linux")
    assert not main.no_screen({"DISPLAY": ":0"}, "linux")
    assert not main.no_screen({"WAYLAND_DISPLAY": "wayland-0"}, "linux")
    assert not main.no_screen({"SDL_VIDEODRIVER": "dummy"}, "linux")
    assert not main.no_screen({}, "darwin") and not main.no_screen({}, "win32")


def test_a_name_with_nothing_to_see_is_refused_on_the_command_line(run):
    """Issue 36, item 4: names are refused when they have no visible character."""
    result = run("--game", "tea-time", "--seats", "human:\u200b\u00ad,bot:easy", "--quit-at-end")
    assert result.returncode == 2
    assert "one can see" in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("language", ["ru", "ja"])
@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
def test_help_survives_an_output_that_cannot_write_the_language(monkeypatch, language, encoding):
    """Issue 36, item 4: ``--help`` in Russian or Japanese to a non-UTF-8 output crashed
    (``PYTHONIOENCODING=ascii``, ``LANG=C``): the command line then speaks English."""
    import io

    import main as program

    out = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    err = io.TextIOWrapper(io.BytesIO(), encoding=encoding)
    monkeypatch.setattr("sys.stdout", out)
    monkeypatch.setattr("sys.stderr", err)
    with pytest.raises(SystemExit) as ended:
        program.main(["--help", "--language", language])
    assert ended.value.code == 0
    out.flush()
    text = out.buffer.getvalue().decode(encoding)
    assert "usage:" in text and "start this game directly" in text
    with pytest.raises(SystemExit) as refused:
        program.main(["--language", language, "--frames", "x"])
    assert refused.value.code == 2
    err.flush()
    assert "invalid int" in err.buffer.getvalue().decode(encoding)
