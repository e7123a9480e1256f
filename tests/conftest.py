"""Every test process writes saves, records, settings and turn files in a temporary folder of
its own.

Without this the tests wrote autosaves and finished games into the user's real data folder,
and the test runner's processes raced on the same autosave slots. The sound cache stays the
user's: rendering the sounds again in every process would only cost time.
"""

from __future__ import annotations

import gc
import os
import shutil
import tempfile

_FOLDERS: list[str] = []
MEMORY_FOLDER = "/dev/shm"
"""Linux's folder in memory: the tests write a save at every step, and each save waits for
the disk (fsync) — in memory that wait is nil. Elsewhere, or where it is small (a container's
64 MB), the system's temporary folder."""
GC_THRESHOLD = (10_000, 10, 10)
"""Allocations between the cycle collector's youngest-generation runs (Python's default: 700).
The tests make millions of short-lived objects (states, events, widgets); at the default the
collector took ~10 of a run's ~200 CPU-seconds, at this 3 — and a worker's peak memory stayed
the same (measured over the whole suite)."""
MEMORY_NEEDED = 1 << 30
"""Free bytes the memory folder must have: a run leaves ~30 MB and pytest keeps three runs."""


def _roomy(folder: str) -> bool:
    try:
        stats = os.statvfs(folder)
    except (OSError, AttributeError):
        return False
    return os.access(folder, os.W_OK) and stats.f_bavail * stats.f_frsize >= MEMORY_NEEDED


def pytest_configure(config) -> None:
    gc.set_threshold(*GC_THRESHOLD)
    for variable in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER"):  # headless, as the README says
        os.environ.setdefault(variable, "dummy")
    if _roomy(MEMORY_FOLDER):
        tempfile.tempdir = MEMORY_FOLDER  # tmp_path and the folders below
    # Documents and Downloads: where turn files of games by e-mail go and are looked for
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_DOCUMENTS_DIR", "XDG_DOWNLOAD_DIR"):
        folder = tempfile.mkdtemp(prefix=f"trio-tests-{variable.split('_')[1].lower()}-")
        _FOLDERS.append(folder)
        os.environ[variable] = folder


def pytest_unconfigure(config) -> None:
    for folder in _FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
