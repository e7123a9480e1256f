"""One copy of the program per save file: a lock on each save and autosave slot in play.

Two copies of Tabletop Trio may run at once (two windows, two users of one folder). Each game
in play holds the lock of the file it came from and of the autosave slot it writes, so a
second copy never writes over it: loading a save another copy holds says "This game is open
in another window.", and a new game of the same kind autosaves to a slot of its own
(``autosave-GAME-2.json``…, :func:`saves.store.slot_for`).

A lock is the operating system's advisory lock (``fcntl.flock`` where there is one,
``msvcrt.locking`` on Windows) on a small file beside the save, ``.NAME.json.lock``; the
system drops it when the copy ends, however it ends (a kill, a power cut), so a lock never
outlives its copy. A copy that lets go of a lock deletes its file first (where the system lets
an open file be deleted), so a finished run leaves none behind; a lock counts only once the
locked file is still the one at the lock's path (:func:`claim`), so a copy that opened the
file just before it was deleted never holds a lock nobody else can see. Within one copy a
lock is held once (:data:`_held`) and taken again freely.
Where the folder cannot hold a lock file (read-only, full) every file counts as free: the
program then behaves as before locks existed.
"""

from __future__ import annotations

import atexit
import os
import threading
import weakref
from pathlib import Path

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"
_held: dict[str, int] = {}
"""Lock file path -> the open descriptor holding its lock, in this copy."""
_guard = threading.Lock()


def lock_path(path: Path) -> Path:
    """The lock file of the save at ``path``: ``.NAME.lock`` in the same folder (hidden, and
    never listed: the list reads ``*.json`` not starting with a dot)."""
    path = Path(path)
    return path.with_name(f".{path.name}{LOCK_SUFFIX}")


def _try_lock(fd: int) -> bool:
    if fcntl is not None:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True
    if msvcrt is not None:  # pragma: no cover - Windows
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    return True  # pragma: no cover - no locks on this system: every file is free


def claim(path: Path) -> bool:
    """Hold the lock of the save at ``path`` for this copy. True when this copy holds it (now
    or already), False when another copy does. A lock file that cannot be made counts as
    held here (the folder is read-only: nothing can be written over anyway)."""
    key = str(lock_path(path))
    with _guard:
        if key in _held:
            return True
        for _attempt in range(_ATTEMPTS):
            try:
                fd = os.open(key, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
            except OSError:
                return True
            if not _try_lock(fd):
                os.close(fd)
                return False
            if _still_at(fd, key):
                _held[key] = fd
                return True
            os.close(fd)  # its holder deleted it as it let go: lock the file there now
        return False


_ATTEMPTS = 20
"""How often :func:`claim` opens a lock file again that was deleted as it was locked (each
time another copy took and let go of the lock in between: a few at most)."""


def _still_at(fd: int, key: str) -> bool:
    """True when the file open as ``fd`` is still the one at path ``key``."""
    try:
        opened, there = os.fstat(fd), os.stat(key)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (there.st_dev, there.st_ino)


def _let_go_of(key: str, fd: int) -> None:
    """Delete the lock file while still holding its lock (no other copy holds it then; one
    that opened it meanwhile finds it gone, :func:`_still_at`), then drop the lock. Windows
    cannot delete an open file: there the file stays, as it always did."""
    if fcntl is not None:
        try:
            os.unlink(key)
        except OSError:
            pass
    os.close(fd)  # closing the descriptor drops the lock


def release(path: Path) -> None:
    """Let go of the lock of the save at ``path`` and delete its lock file (nothing when this
    copy does not hold it)."""
    key = str(lock_path(path))
    with _guard:
        fd = _held.pop(key, None)
        if fd is not None:
            _let_go_of(key, fd)


def held_here(path: Path) -> bool:
    """True when this copy holds the lock of the save at ``path``."""
    return str(lock_path(path)) in _held


def held_elsewhere(path: Path) -> bool:
    """True when another copy of the program holds the lock of the save at ``path``."""
    if held_here(path):
        return False
    if not claim(path):
        return True
    release(path)
    return False


def release_all() -> None:
    """Let go of every lock this copy holds, deleting their files (tests, and a copy that
    ends normally; the system drops the locks however a copy ends)."""
    with _guard:
        held = list(_held.items())
        _held.clear()
        for key, fd in held:
            _let_go_of(key, fd)


def _at_exit(owner: int = os.getpid()) -> None:
    """A copy that ends normally lets go of its locks, deleting their files (a process forked
    from it shares its locks and must not)."""
    if os.getpid() == owner:
        release_all()


atexit.register(_at_exit)


class Claims:
    """The files a match in play holds the locks of: the autosave slot it writes
    (:func:`saves.store.slot_for`) and the saves it was loaded from or saved as. Let go by
    :func:`release_match` (the table is left) or when the match is no longer used."""

    def __init__(self) -> None:
        self.slot: Path | None = None
        self.files: list[Path] = []
        self.title: str | None = None
        """The title the slot's saves carry when the match has a slot of its own (a puzzle's,
        a pasted position's: :func:`saves.store.give_own_slot`); None: the game's and seats'."""

    def paths(self) -> list[Path]:
        return [*self.files, *([self.slot] if self.slot else [])]


_claims: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""Match -> its :class:`Claims`."""


def claims_of(match) -> Claims:
    """The :class:`Claims` of ``match`` (new and empty at first)."""
    claims = _claims.get(match)
    if claims is None:
        claims = _claims[match] = Claims()
        weakref.finalize(match, _let_go, claims)
    return claims


OWN_SLOT_PREFIXES = ("puzzle-", "position-")
"""File names of the saves a game keeps itself in instead of its game's autosave slot: a
puzzle's (``puzzle-ID.json``) and a pasted position's (``position-GAME-TIME.json``)."""


def hold_for(match, path: Path) -> None:
    """``match`` was loaded from (or saved as) ``path``: this copy holds its lock while the
    match is played; an autosave slot of its game, or a puzzle's or position's own save, is the
    slot it goes on writing."""
    path = Path(path)
    claims = claims_of(match)
    if claim(path) and path not in claims.files:
        claims.files.append(path)
    own = path.name.startswith(OWN_SLOT_PREFIXES)
    if (path.name.startswith(f"autosave-{match.spec.id}") or own) and claims.slot is None:
        claims.slot = path


def release_match(match) -> None:
    """Let go of the locks ``match`` holds (its table is left)."""
    claims = _claims.get(match)
    if claims is not None:
        _let_go(claims)


def _let_go(claims: Claims) -> None:
    mine = claims.paths()
    claims.slot, claims.files = None, []
    still = {path for other in list(_claims.values()) for path in other.paths()}
    for path in mine:
        if path not in still:  # another match of this copy plays there now (Play again)
            release(path)


def clean_stale(folder: Path) -> int:
    """Delete the lock files in ``folder`` whose save is gone and that no copy holds; returns
    how many. A lock file of an existing save stays (deleting one another copy is about to
    take would let two copies hold "the same" lock)."""
    count = 0
    try:
        entries = list(Path(folder).iterdir())
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(".") and name.endswith(LOCK_SUFFIX)):
            continue
        save = entry.with_name(name[1 : -len(LOCK_SUFFIX)])
        if os.path.lexists(save) or held_here(save) or not claim(save):
            continue
        try:  # deleted while this copy holds it: a copy opening it now cannot lock it
            entry.unlink()
            count += 1
        except OSError:
            pass
        finally:
            release(save)
    return count
