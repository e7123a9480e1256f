"""Autosave off the drawing thread: every completed step is written without a long frame.

The table asks :meth:`Autosaver.request` after each step. The main thread only takes the
match's plain data (``Match.to_save()``, a few milliseconds at most); a worker thread builds the
checksummed envelope, spells it as JSON and writes the autosave slot atomically
(:func:`saves.store.write_atomic`). Spelling is the standard library's C encoder, line by line
(:func:`saves.format.dumps`): a 500-step save holds the GIL about a millisecond, far below a
frame.

Requests that come faster than the disk replace one another: only the newest position of each
game is written. Until :meth:`start` (the app's loop calls it) writes happen at once, on the
caller's thread, so tests that drive the app frame by frame see the file straight away.
"""

from __future__ import annotations

import threading
from pathlib import Path

from saves import store
from saves.format import (
    SaveError,
    SpelledSteps,
    dumps,
    envelope_of,
    match_progress,
    spelled_save_text,
)


def save_text(data: dict, title: str, turn: int, progress: dict | None = None) -> str:
    """The file text of a save of ``data`` (``Match.to_save()``, ``progress`` from
    ``format.match_progress``): the same as ``format.dumps(format.make_envelope(match))``."""
    return dumps(envelope_of(data, title, turn, progress=progress))


class Autosaver:
    """Writes autosave slots in a worker thread; the newest request per slot wins.

    ``error`` is the last write's failure (a sentence), or None once a write succeeds;
    ``written`` counts finished writes (tests and benches wait on :meth:`flush`)."""

    def __init__(self) -> None:
        self._pending: dict[Path, tuple] = {}
        self._lock = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False
        self._closing = False
        self.error: str | None = None
        self.written = 0
        self._spelled: dict[Path, SpelledSteps] = {}
        """Per slot, the steps spelled by its last write (each write spells only new ones)."""

    def start(self) -> None:
        """From now on, write in the background (the app's loop calls this)."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="autosave", daemon=True)
            self._thread.start()

    def request(self, match, folder: Path | None = None) -> None:
        """Autosave ``match`` (its slot, :func:`saves.store.slot_for`) as it is now. Raises
        :class:`SaveError` only when the saves folder cannot be made (said at once)."""
        path = store.slot_for(match, folder)
        job = (match.to_save(), store.slot_title(match), match.turn_count(), match_progress(match))
        if self._thread is None:
            self._write(path, job)
            return
        with self._lock:
            self._pending[path] = job
            self._lock.notify()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every request is written (before the program ends); True if it was."""
        with self._lock:
            return self._lock.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float = 5.0) -> bool:
        """Write what is pending, then stop the worker. True if everything was written."""
        done = self.flush(timeout)
        with self._lock:
            self._closing = True
            self._lock.notify_all()
        return done

    def _write(self, path: Path, job: tuple) -> None:
        spelled = self._spelled.setdefault(path, SpelledSteps())
        try:
            store.write_atomic(path, spelled_save_text(job, spelled))
        except SaveError as err:
            self.error = str(err)
        else:
            self.error = None
        self.written += 1

    def _work(self) -> None:
        while True:
            with self._lock:
                self._lock.wait_for(lambda: self._pending or self._closing)
                if not self._pending:
                    return
                path = next(iter(self._pending))
                job = self._pending.pop(path)
                self._busy = True
            try:
                self._write(path, job)
            finally:
                with self._lock:
                    self._busy = False
                    self._lock.notify_all()
