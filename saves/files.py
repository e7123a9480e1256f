"""Files the program keeps, written and read defensively: a folder made or a reason in words, a
file replaced atomically with its previous version kept as ``NAME.bak``, and a bounded read of a
regular file only. Every failure is a :class:`SaveError` whose message a player understands.

The settings read and write through this module before the first frame, so it imports nothing of
the save format or the save folder (:mod:`saves.store` builds on it; docs/DESIGN.md, "Matches,
undo, saves").
"""

from __future__ import annotations

import errno
import itertools
import os
import shutil
import stat
import unicodedata
from pathlib import Path

from translation import N_, _

TEMP_MARK = ".tmp-"
MAX_SAVE_BYTES = 8 * 1024 * 1024
"""A save is read only up to this size (a long 4-player game is about 300 KB)."""
TITLE_LIMIT = 120
"""Characters of a save's title: a longer one is cut, in the list and when saving."""

_temp_counter = itertools.count()


class SaveError(Exception):
    """A save that cannot be written or loaded; ``str(err)`` is a sentence for the player."""


def clean_title(value) -> str:
    """A save's title as the list shows it: control characters dropped, cut to
    :data:`TITLE_LIMIT` characters."""
    text = "".join(ch for ch in str(value) if unicodedata.category(ch) not in ("Cc", "Cs"))
    text = " ".join(text.split())
    return text if len(text) <= TITLE_LIMIT else text[: TITLE_LIMIT - 1] + "\u2026"


def folder_problem(path: Path, err: OSError) -> str:
    """Why the folder ``path`` cannot be created, in words: the part of the path in the way (a
    file, a dangling link), or the system's reason (permission, read-only or full disk)."""
    for part in (path, *path.parents):
        try:
            if part.is_symlink() and not part.exists():
                return _("{path} is a link to a place that does not exist").format(path=part)
            if part.exists():
                if not part.is_dir():
                    return _("{path} is a file where a folder should be").format(path=part)
                break
        except OSError:
            break
    if err.errno in (errno.EACCES, errno.EPERM):
        return _("{path} may not be created (permission denied)").format(path=path)
    if err.errno == errno.EROFS:
        return _("{path} cannot be created on a read-only disk").format(path=path)
    if err.errno == errno.ENOSPC:
        return _("{path} cannot be created on a full disk").format(path=path)
    return _("{path} cannot be created ({reason})").format(path=path, reason=err.strerror or err)


def make_folder(path: Path, consequence: str) -> Path:
    """Create ``path`` (and its parents) if needed and return it; raises :class:`SaveError`
    "``consequence``: what is wrong and where." when it cannot be made."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise SaveError(
            _("{consequence}: {problem}.").format(
                consequence=consequence, problem=folder_problem(path, err)
            )
        ) from None
    return path


def shown_name(path: Path) -> str:
    """``path``'s file name cleaned for messages and the list."""
    return clean_title(Path(path).name)


def backup_path(path: Path) -> Path:
    """Where :func:`write_atomic` keeps the previous version of ``path`` (``NAME.bak``)."""
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically; the previous file becomes ``path.bak``.

    Raises :class:`SaveError` when the disk refuses (full, read-only); the old file is untouched.
    """
    path = Path(path)
    tmp = _temp_path(path)
    bak_tmp = _temp_path(backup_path(path))
    try:
        _write_synced(tmp, text)
        if _is_regular(path):  # never copy from a pipe or a device named like a save
            shutil.copyfile(path, bak_tmp)
            os.replace(bak_tmp, backup_path(path))
        os.replace(tmp, path)
        sync_folder(path.parent)
    except OSError as err:
        _remove_quietly(tmp, bak_tmp)
        raise SaveError(
            _("Could not write {file}: {reason}.").format(
                file=shown_name(path), reason=err.strerror or err
            )
        ) from None


def _is_regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}-{next(_temp_counter)}")


def _write_synced(path: Path, text: str) -> None:
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())


def _remove_quietly(*paths: Path) -> None:
    for leftover in paths:
        try:
            leftover.unlink()
        except OSError:
            pass


def sync_folder(folder: Path) -> None:
    """Flush ``folder``'s entries to the disk, so a file just renamed into it survives a power
    cut; quietly nothing where the system cannot (no folder handles on Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def read_text(path: Path, limit: int = MAX_SAVE_BYTES, kind: str = "save") -> str:
    """The text of the file at ``path``, read defensively: only a regular file (never a pipe,
    a device or a folder, even through a link), at most ``limit`` bytes, UTF-8. ``kind`` names
    what the file should be in messages ("save", "settings").

    Raises :class:`SaveError` naming the file and what is wrong with it.
    """
    path = Path(path)
    where = shown_name(path)
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(_text(kind, "not_file_is").format(file=where, what=_kind(info.st_mode)))
        if info.st_size > limit:
            raise SaveError(
                _text(kind, "too_large_kb").format(file=where, size=info.st_size // 1024)
            )
        flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
        fd = os.open(path, flags)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the check above
                raise SaveError(_text(kind, "not_file").format(file=where))
            chunks, size = [], 0
            while size <= limit:
                chunk = os.read(fd, min(1 << 20, limit + 1 - size))
                if not chunk:
                    break
                chunks.append(chunk)
                size += len(chunk)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise SaveError(_("{file} does not exist.").format(file=where)) from None
    except OSError as err:
        raise SaveError(
            _("{file} could not be read ({reason}).").format(file=where, reason=err.strerror or err)
        ) from None
    if size > limit:
        raise SaveError(_text(kind, "too_large").format(file=where))
    try:
        return b"".join(chunks).decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(_text(kind, "not_text").format(file=where)) from None


_TEXTS = {
    "save": {
        "not_file_is": N_("{file} is not a save file (it is {what})."),
        "too_large_kb": N_("{file} is too large to be a save file ({size} KB)."),
        "not_file": N_("{file} is not a save file."),
        "too_large": N_("{file} is too large to be a save file."),
        "not_text": N_("{file} is not a readable save file (it is not text)."),
    },
    "settings": {
        "not_file_is": N_("{file} is not a settings file (it is {what})."),
        "too_large_kb": N_("{file} is too large to be a settings file ({size} KB)."),
        "not_file": N_("{file} is not a settings file."),
        "too_large": N_("{file} is too large to be a settings file."),
        "not_text": N_("{file} is not a readable settings file (it is not text)."),
    },
}
""":func:`read_text`'s refusals by the kind of file it reads, whole sentences (English)."""


def _text(kind: str, what: str) -> str:
    return _(_TEXTS.get(kind, _TEXTS["save"])[what])


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("a folder")
    if stat.S_ISFIFO(mode):
        return _("a pipe")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("a device")
    if stat.S_ISSOCK(mode):
        return _("a socket")
    return _("not a regular file")


def write_new(folder: Path, stem: str, text: str) -> Path:
    """Write ``text`` as a new file ``STEM.json`` in ``folder`` (``STEM-2.json``… when taken):
    never replaces a file, even one another copy of the program makes at the same moment.
    Returns its path; raises :class:`SaveError` when the disk refuses."""
    tmp = _temp_path(Path(folder) / f"{stem}.json")
    try:
        _write_synced(tmp, text)
        path = give_new_name(tmp, Path(folder), stem)
        sync_folder(Path(folder))
    except OSError as err:
        _remove_quietly(tmp)
        raise SaveError(
            _("Could not write the save: {reason}.").format(reason=err.strerror or err)
        ) from None
    return path


def give_new_name(src: Path, folder: Path, stem: str) -> Path:
    """Move ``src`` to the first free name of ``STEM.json``, ``STEM-2.json``…, never over a
    file: a hard link fails if the name is taken (another copy of the program may be choosing
    at the same moment). Where the disk has no hard links, a checked rename instead."""
    for number in itertools.count(1):
        target = folder / (f"{stem}.json" if number == 1 else f"{stem}-{number}.json")
        if os.path.lexists(target) or os.path.lexists(backup_path(target)):
            continue  # a left-over backup would pass for this save's previous version
        try:
            os.link(src, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except OSError:
            os.replace(src, target)
            return target
        os.unlink(src)
        return target
    raise AssertionError("unreachable")
