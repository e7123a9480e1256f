"""The garbage collector never walks start-up's objects in a table's frame (issue 38 item 1:
smooth frames): a pass of its oldest generation over them took 33–71 ms."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

OPEN_A_TABLE = """
import gc, time
from engine import registry
from engine.match import Match, Seat
from scenes import memory
from scenes.routes import open_match
from tests.scenes.driver import frames, make_app

app = make_app()
frames(app, 2)
before = gc.get_freeze_count()
spec = registry.get("off-the-rails")
open_match(app, Match(spec, [Seat("human", "Ana"), Seat("bot", "Bo", "medium")], seed=3))
frames(app, 30)
frozen = gc.get_freeze_count()
memory.settle()  # once only: a later call freezes nothing more
start = time.perf_counter()
gc.collect()
print(before, frozen, gc.get_freeze_count(), len(gc.get_objects()), time.perf_counter() - start)
"""


def test_opening_a_table_freezes_start_up_objects_once_so_a_full_collection_is_quick():
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYTHONPATH=str(ROOT))
    out = subprocess.run(
        [sys.executable, "-c", OPEN_A_TABLE], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    before, frozen, again, walked, seconds = out.stdout.split()[-5:]
    assert int(before) == 0
    assert int(frozen) > 20_000  # modules, classes, fonts, catalogues: out of the walks
    assert int(again) == int(frozen)
    assert int(walked) < int(frozen) // 4  # what the full collection still walks
    assert float(seconds) < 0.03
