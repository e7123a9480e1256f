"""Play-test: finished ``--autoplay --quit-at-end`` runs left empty ``.autosave-*.json.lock``
files in the saves folder. A lock let go deletes its file; a copy that opened the file just
before it was deleted never counts as holding the lock, so two copies still never hold one
save (tests/saves/test_two_copies.py keeps the rest of that guarantee)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from engine.match import Match, Seat
from saves import locks, store
from tests.dice_game import PIG, SetStake

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="POSIX deletes a file held open"),
    pytest.mark.usefixtures("pig_registered"),
]


def _lock_files(folder):
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(locks.LOCK_SUFFIX))


def test_a_table_left_leaves_no_lock_file():
    match = Match(PIG, [Seat("human", "Ana"), Seat("bot", "Bot", "easy")], seed=4)
    match.apply(SetStake(2))
    slot = store.autosave(match)
    assert locks.lock_path(slot).exists() and locks.held_here(slot)
    store.release(match)
    assert _lock_files(slot.parent) == []
    assert not locks.held_elsewhere(slot)
    assert _lock_files(slot.parent) == []  # asking leaves none either


def test_release_all_leaves_no_lock_file(tmp_path):
    for name in ("a.json", "b.json"):
        assert locks.claim(tmp_path / name)
    locks.release_all()
    assert _lock_files(tmp_path) == []


def test_a_lock_file_deleted_as_it_was_locked_is_not_a_lock(tmp_path):
    """Copy B opened the lock file, A let go (deleting it) and B locked the deleted file: B
    must not count as holding the lock, or copy C, making the file anew, would hold it too."""
    save = tmp_path / "race.json"
    key = str(locks.lock_path(save))
    stale = os.open(key, os.O_RDWR | os.O_CREAT)  # B opens the file A holds...
    os.unlink(key)  # ...A lets go...
    real_open = os.open
    handed = []

    def open_stale_first(path, flags, mode=0o777):
        if path == key and not handed:
            handed.append(stale)
            return stale  # ...and B's open was the one before the delete
        return real_open(path, flags, mode)

    os.open = open_stale_first
    try:
        assert locks.claim(save)
    finally:
        os.open = real_open
    assert handed == [stale]
    # the lock B holds is on the file now at the path, which another process cannot lock
    other = subprocess.run(
        [
            sys.executable,
            "-c",
            "import fcntl, os, sys\n"
            "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\n"
            "try:\n    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)\nexcept OSError:\n"
            "    print('refused')\nelse:\n    print('locked')\n",
            key,
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert other.stdout.strip() == "refused"


def test_a_copy_that_ends_normally_leaves_no_lock_file(tmp_path):
    """As ``--autoplay --quit-at-end`` ends: the locks still held are let go at exit."""
    script = (
        "import sys\nfrom pathlib import Path\nfrom saves import locks\n"
        "assert locks.claim(Path(sys.argv[1]))\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    subprocess.run(
        [sys.executable, "-c", script, str(tmp_path / "autosave-x.json")],
        check=True,
        cwd=root,
    )
    assert _lock_files(tmp_path) == []
