"""Two program processes play a whole game over a real local socket (issue 43, item 8).

``main.py --host`` opens the table of a new online game on 127.0.0.1 and prints the address;
``main.py --join ADDRESS --as Ben`` opens the same game on the other "computer" (its own data
and settings folders). ``--autoplay`` lets an Easy bot make each program's person's decisions
through the real table (driver, thinker, steps, autosave of the online game); both print the
final position's hash at the end (``--quit-at-end``), and they must be the same.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.soak import keep_first

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def program(folder, *args: str) -> subprocess.Popen:
    folder.mkdir()
    env = dict(
        os.environ,
        XDG_DATA_HOME=str(folder),
        XDG_CONFIG_HOME=str(folder),
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
    )
    return subprocess.Popen(
        [sys.executable, "main.py", *args, "--autoplay", "--instant", "--quit-at-end"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def result(process: subprocess.Popen, timeout: float = 240) -> dict:
    out, err = process.communicate(timeout=timeout)
    lines = [line for line in out.splitlines() if line.startswith('{"game"')]
    assert process.returncode == 0 and lines, err[-3000:]
    return json.loads(lines[-1])


@pytest.mark.parametrize(
    "game, seats, seed",
    keep_first(
        [
            ("diced-tomatoes", "human:Ana,online:Ben", 3),
            ("tea-time", "human:Ana,online:Ben,bot:medium", 5),
            ("off-the-rails", "human:Ana,online:Ben", 21),
            ("potion-explosion", "human:Ana,online:Ben", 8),
            ("shifting-stones", "human:Ana,online:Ben,bot:easy", 7),
        ]
    ),
)
@pytest.mark.long
def test_two_programs_play_a_whole_game_over_a_local_socket(tmp_path, game, seats, seed):
    host = program(
        tmp_path / "ana",
        *("--host", "--game", game, "--seats", seats, "--seed", str(seed)),
        *("--bind", "127.0.0.1"),
    )
    processes = [host]
    try:
        assert host.stdout is not None
        first = host.stdout.readline()
        assert first.startswith("{"), host.stderr.read() if host.stderr else first
        address = json.loads(first)["address"]
        assert address.startswith("ws://127.0.0.1:")
        guest = program(tmp_path / "ben", "--join", address, "--as", "Ben")
        processes.append(guest)
        ben = result(guest)
        ana = result(host)
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    assert ana["game"] == ben["game"] == game
    assert ana["hash"] == ben["hash"] and ana["scores"] == ben["scores"]
    assert ana["turns"] == ben["turns"] > 2
    assert [seat["name"] for seat in ana["seats"]][:2] == ["Ana", "Ben"]
    for name in ("ana", "ben"):  # each computer kept the game (Online games lists it)
        assert list((tmp_path / name / "tabletop-trio" / "online").glob("*.json"))


@pytest.mark.long
def test_joining_names_a_seat_the_host_does_not_have(tmp_path):
    """A guest whose name has no seat is refused by the host, in one plain line."""
    host = program(
        tmp_path / "ana",
        *("--host", "--game", "diced-tomatoes", "--seats", "human:Ana,online:Ben"),
        *("--bind", "127.0.0.1"),
    )
    try:
        assert host.stdout is not None
        address = json.loads(host.stdout.readline())["address"]
        guest = program(tmp_path / "cid", "--join", address, "--as", "Cid")
        _out, err = guest.communicate(timeout=60)
        assert guest.returncode == 2
        assert "This game has no seat for Cid. Join as Ben." in err
    finally:
        host.kill()
        host.communicate(timeout=30)
