"""The real pygame mixer, through SDL's disk audio driver (it writes what would be heard to a
file): the board loads from the cache and its sounds reach the output."""

from __future__ import annotations

import array
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from sound import library

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import json, time
from saves.settings import Settings
from sound.board import SoundBoard
board = SoundBoard(Settings(master_volume=100))
board.start()
loader = board._thread.name if board._thread is not None else None
board.wait(30)
live = board.live
board.play("explosion", chain=3)
time.sleep(0.5)
board.close()
print(json.dumps({"live": live, "rendered": board.rendered,
                  "loaded": sum(map(len, board.sounds.values())),
                  "loader": loader}))
"""


@pytest.mark.long
def test_sounds_reach_the_disk_audio_driver(tmp_path, rendered):
    cache_home = tmp_path / "cache"
    shutil.copytree(rendered, cache_home / "tabletop-trio" / "sounds" / library.version())
    out = tmp_path / "audio.raw"
    env = dict(
        os.environ,
        SDL_AUDIODRIVER="disk",
        SDL_DISKAUDIOFILE=str(out),
        XDG_CACHE_HOME=str(cache_home),
        PYTHONPATH=str(ROOT),
    )
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["live"] is True
    assert report["rendered"] == 0  # everything came from the cache
    assert report["loaded"] == len(library.keys())
    assert report["loader"] == "sound-loader"  # the loading happens in a thread
    samples = array.array("h")
    samples.frombytes(out.read_bytes()[: len(out.read_bytes()) // 2 * 2])
    assert max(abs(s) for s in samples) > 32767 * 0.1  # the explosion was heard
