"""Crash safety: a save killed at random moments of its write leaves a loadable save or .bak."""

import os
import random
import signal
import time

from saves import files, store
from saves.format import SaveError
from tests.saves import fresh_process


def test_killed_writes_always_leave_a_loadable_save(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    rng = random.Random(8)
    context = fresh_process.fork_context()
    path = folder / "crash.json"
    for _attempt in range(8):
        ready, ready_end = context.Pipe(duplex=False)
        writer = context.Process(target=fresh_process.save_forever, args=(folder, ready_end))
        writer.start()
        ready_end.close()  # the writer's end only: a writer that dies unready ends the wait
        assert ready.recv() == "ready"
        # a save takes ~5 ms in memory, ~15 ms on disk: the kill lands anywhere in a write
        time.sleep(0.01 + rng.random() * 0.05)
        os.kill(writer.pid, signal.SIGKILL)
        writer.join()
        ready.close()
        try:
            store.load(path)
        except SaveError:
            store.load_backup(path)  # the previous save must load when the main one does not
        store.clean_stray_temps(folder, min_age=0)  # the writer is dead: no write goes on
        assert not [p for p in folder.iterdir() if files.TEMP_MARK in p.name]
