"""A finished game: its record first, then its autosave gone — and what a kill left between.

The last step of a game is autosaved like any other, so the autosave slot holds the finished
game until it is recorded. :func:`record_and_clear` adds the record (once: its id is the
game's, :func:`saves.stats.record_id_of`) and only then deletes the slot; a record that must
wait (a busy, full or read-only statistics file) waits in the queue, and the slot goes too. A
kill between the two leaves a finished game in its slot, already recorded or not:
:func:`settle` (at start, and before a slot is reused) records it if it is not — adding it
again adds nothing — and then deletes it. So neither the record nor the game is lost, and no
game counts twice.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from saves import locks, stats, store
from saves.format import SaveError, load_match, parse

NO_DURATION = 0.0
"""The seconds recorded for a game settled after a kill (the sitting's time is not saved)."""


def record_and_clear(match, duration: float, people=None, clear: bool = True) -> list[str]:
    """The finished ``match``'s record, then its autosave slot deleted. Returns sentences for
    the player (a file repaired on the way, a record that waits to be added). The slot is
    kept when the record could neither be added nor queued: the next start adds it.
    ``people`` are the seats the record is of (:func:`saves.stats.record_of`: an online
    game's, this computer's); ``clear`` False leaves the slots alone (an online game has
    none: its session keeps it)."""
    record = stats.record_of(match, duration=duration, people=people)
    notes: list[str] = []
    safe = True
    if record is not None:
        from saves.stats_db import NotNow

        try:
            note = stats.add(record)
        except NotNow as waiting:
            notes.append(str(waiting))
        except stats.StatsError as err:
            notes.append(str(err))
            safe = False
        else:
            if note:
                notes.append(note)
    if safe and clear:
        store.drop_autosave_of(match)
    return notes


def settle_slot(slot: Path) -> bool:
    """If the autosave slot ``slot`` holds a finished game no other copy plays, make sure it
    is recorded, then delete it; True when it was deleted. Never raises."""
    try:
        if not slot.exists() or locks.held_elsewhere(slot):
            return False
        envelope = parse(store.read_text(slot), where=store.shown_name(slot))
        if not _finished(envelope):
            return False
        match = load_match(envelope, where=store.shown_name(slot))
    except (SaveError, OSError):
        return False
    if not match.is_terminal():
        return False
    record = stats.record_of(
        match, duration=NO_DURATION, finished_at=_when(envelope.get("saved_at", ""))
    )
    if record is not None:
        try:
            stats.add(record)
        except stats.StatsError as err:
            from saves.stats_db import NotNow

            if not isinstance(err, NotNow):
                return False  # not recorded, not queued: the slot stays for the next start
    try:
        store.delete(slot)
    except SaveError:
        return False
    return True


def settle(folder: Path | None = None) -> list[str]:
    """At start: the statistics checked (:func:`saves.stats.check_at_start`, the waiting
    records added), then every autosave slot holding a finished game settled
    (:func:`settle_slot`). Returns sentences for the player; never raises."""
    notes = []
    note = stats.check_at_start()
    if note:
        notes.append(note)
    try:
        folder = folder or store.saves_dir()
        slots = [p for p in folder.iterdir() if p.name.startswith("autosave-")]
    except (OSError, SaveError):
        return notes
    for slot in slots:
        if slot.name.endswith(".json"):
            settle_slot(slot)
    return notes


def _finished(envelope: dict) -> bool:
    """Whether a save's snapshot is a finished game (without replaying it)."""
    from engine import registry

    try:
        spec = registry.get(envelope["game"])
        return bool(spec.state_from_dict(envelope["snapshot"]).is_terminal())
    except Exception:  # noqa: BLE001 - a snapshot that cannot be read is not a finished game
        return False


def _when(saved_at: str):
    try:
        return datetime.fromisoformat(saved_at)
    except (TypeError, ValueError):
        return None
