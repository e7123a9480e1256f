"""Issue 36, item 2: two copies of the program never destroy each other's data.

"Another copy" is a real second process holding a save's lock the way the program does
(``saves/locks.py``: ``flock`` on ``.NAME.json.lock``), for as long as the test says.
"""

import json
import os
import subprocess
import sys
from contextlib import contextmanager

import pytest

from engine.match import Match, Seat
from saves import files, locks, store
from saves.format import SaveError
from tests.dice_game import PIG, Face, Roll, SetStake

pytestmark = [
    pytest.mark.skipif(os.name != "posix", reason="the second copy locks with flock"),
    pytest.mark.usefixtures("pig_registered"),
]

HOLD = (
    "import fcntl, os, sys\n"
    "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT)\n"
    "fcntl.flock(fd, fcntl.LOCK_EX)\n"
    "print('held', flush=True)\n"
    "sys.stdin.read()\n"
)


@contextmanager
def another_copy_playing(path):
    """A second process holding the lock of the save at ``path`` until the block ends (then
    it ends, and the system drops its lock, as when a copy of the program is closed)."""
    copy = subprocess.Popen(
        [sys.executable, "-c", HOLD, str(locks.lock_path(path))],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert copy.stdout.readline().strip() == "held"
        yield copy
    finally:
        copy.stdin.close()
        copy.wait(10)


def a_match(seed=4):
    m = Match(PIG, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Easy)", "easy")], seed=seed)
    m.apply(SetStake(2))
    m.apply(Roll())
    m.resolve_chance(Face(5))
    return m


def test_a_game_open_in_another_window_is_refused_in_words_then_opens_once_it_is_closed():
    path = store.save(a_match(), "Ana's game")
    locks.release_all()  # as if this copy had just started
    with another_copy_playing(path):
        with pytest.raises(SaveError, match=r"This game is open in another window \(ana-s-game"):
            store.load(path)
        with pytest.raises(SaveError, match="open in another window"):
            store.delete(path)
    assert store.load(path).history == a_match().history
    store.delete(path)  # this copy plays it now: it may delete it
    assert not path.exists()


def test_two_copies_playing_one_game_kind_autosave_to_slots_of_their_own():
    """Issue 36: the second copy's game was lost 4 times in 4 — both wrote one autosave slot
    per game, each write pushing the other's into the backup (saves/store.py)."""
    first_slot = store.autosave_path(PIG.id)
    theirs = a_match(seed=1)
    store.write_atomic(first_slot, json.dumps({"theirs": True}))  # the other copy's game
    before = first_slot.read_bytes()
    with another_copy_playing(first_slot):
        mine = a_match(seed=2)
        assert store.keep_unfinished_for(mine) is None  # their game is not "unfinished"
        path = store.autosave(mine)
        assert path.name == f"autosave-{PIG.id}-2.json"
        store.autosave(mine)
        assert first_slot.read_bytes() == before
        assert not store.backup_path(first_slot).exists()
        assert store.load(path).history == mine.history
        assert {info.path.name for info in store.list_saves()} >= {first_slot.name, path.name}
    del theirs


def test_a_named_save_another_copy_plays_is_never_written_over():
    path = store.save(a_match(seed=3), "Shared name")
    locks.release_all()
    before = path.read_bytes()
    with another_copy_playing(path):
        with pytest.raises(SaveError, match="open in another window"):
            store.save(a_match(seed=5), "Shared name")
    assert path.read_bytes() == before
    assert store.save(a_match(seed=5), "Shared name") == path  # once it is closed


def test_a_table_left_lets_another_copy_open_its_files(tmp_path):
    path = store.save(a_match(), "Left")
    locks.release_all()
    match = store.load(path)
    slot = store.autosave(match)
    assert locks.held_here(path) and locks.held_here(slot)
    store.release(match)
    assert not locks.held_here(path) and not locks.held_here(slot)
    assert not locks.held_elsewhere(path)


def test_lock_files_of_saves_gone_are_cleaned_at_start_and_others_kept():
    folder = store.saves_dir()
    kept = store.save(a_match(), "Kept")
    gone = folder / "gone.json"
    locks.release_all()
    for save in (kept, gone):  # what a copy that crashed leaves (one let go deletes them)
        locks.lock_path(save).touch()
    store.clean_stray_temps(folder)
    assert not locks.lock_path(gone).exists() and locks.lock_path(kept).exists()


def test_temporary_files_of_ended_processes_are_cleaned_at_start_whatever_their_age(tmp_path):
    """Issue 36, item 4: 66 temporary files lingered for an hour; a file names the process
    that wrote it, so one whose process is gone is left by a crash."""
    ended = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead = int(ended.stdout)
    fresh_of_dead = tmp_path / f".game.json{files.TEMP_MARK}{dead}-3"
    sound = tmp_path / f".index.json.tmp-{dead}"
    mine = tmp_path / f".mine.json{files.TEMP_MARK}{os.getpid()}-1"
    for path in (fresh_of_dead, sound, mine):
        path.write_text("{}", encoding="utf-8")
    assert store.clean_stray_temps(tmp_path) == 2
    assert mine.exists() and not fresh_of_dead.exists() and not sound.exists()
