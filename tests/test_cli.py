"""The command line: plain errors with status 2, --quit-at-end JSON, --screenshot."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import registry

ROOT = Path(__file__).resolve().parents[1]


def run(*args, tmp):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               XDG_DATA_HOME=str(tmp / "data"), XDG_CONFIG_HOME=str(tmp / "config"))
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.mark.parametrize("args, words", [
    (["--game", "chess"], "Unknown game"),
    (["--frames", "x"], "invalid int"),
    (["--seed", "4"], "need --game"),
    (["--size", "big"], "--size"),
    (["--load", "/nonexistent/save.json"], "does not exist"),
])
def test_bad_arguments_print_one_plain_line_and_exit_2(tmp_path, args, words):
    result = run(*args, tmp=tmp_path)
    assert result.returncode == 2
    assert words in result.stderr
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_damaged_load_file_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{ not a save")
    result = run("--load", str(bad), tmp=tmp_path)
    assert result.returncode == 2 and "not a readable save" in result.stderr
    assert bad.exists()


def test_screenshot_of_title(tmp_path):
    shot = tmp_path / "title.png"
    result = run("--screenshot", str(shot), "--frames", "3", "--size", "1024x640", tmp=tmp_path)
    assert result.returncode == 0, result.stderr
    assert shot.stat().st_size > 10_000
    assert "Warning" not in result.stderr


@pytest.mark.parametrize("game, seats, seed", [
    ("diced-tomatoes", "bot:easy,bot:easy,bot:easy", 7),
    ("diced-tomatoes", "bot:easy", 7),
    ("potion-explosion", "bot:easy,bot:easy", 3),
    ("off-the-rails", "bot:easy,bot:easy", 5),
])
def test_autoplay_quit_at_end_prints_result(tmp_path, game, seats, seed):
    if game not in [g.id for g in registry.games()]:
        pytest.skip(f"{game} is not registered yet")
    result = run("--game", game, "--autoplay", "--seats", seats, "--seed", str(seed),
                 "--instant", "--quit-at-end", tmp=tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    line = json.loads(result.stdout.strip().splitlines()[-1])
    assert line["game"] == game and line["seed"] == seed
    assert len(line["scores"]) == len(seats.split(","))
    assert line["winners"] and line["turns"] > 0


def test_readme_option_example_works(tmp_path):
    """README's `--option overload=on` example starts the game."""
    shot = tmp_path / "dt.png"
    result = run("--game", "diced-tomatoes", "--seats", "human,bot:easy", "--option",
                 "overload=on", "--screenshot", str(shot), "--frames", "3", tmp=tmp_path)
    assert result.returncode == 0, result.stderr
    assert shot.exists()
