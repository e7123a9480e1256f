"""Crash safety: a save killed at random moments of its write leaves a loadable save or .bak."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from saves import store
from saves.format import SaveError

ROOT = Path(__file__).resolve().parents[2]

WRITER = r"""
import sys
sys.path.insert(0, {root!r})
from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat
from saves import store
spec = registry.get("diced-tomatoes")
m = Match(spec, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=4)
while not m.is_terminal():
    m.advance_chance() if m.is_chance() else m.play_bot_turn_now(make_bot)
folder = __import__("pathlib").Path({folder!r})
store.save(m, "crash", folder=folder)  # one whole save first: a slow machine kills it later
print("ready", flush=True)
while True:
    store.save(m, "crash", folder=folder)
"""


def test_killed_writes_always_leave_a_loadable_save(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    rng = random.Random(8)
    path = folder / "crash.json"
    for _attempt in range(8):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER.format(root=str(ROOT), folder=str(folder))],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout.readline().strip() == "ready"
        time.sleep(0.05 + rng.random() * 0.3)
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        try:
            store.load(path)
        except SaveError:
            store.load_backup(path)  # the previous save must load when the main one does not
        store.clean_stray_temps(folder, min_age=0)  # the writer is dead: no write goes on
        assert not [p for p in folder.iterdir() if store.TEMP_MARK in p.name]
