"""The save folder: atomic writes with a backup, autosaves, listing, loading, deleting.

Saves live in ``platformdirs.user_data_path("tabletop-trio") / "saves"`` as ``NAME.json``; the
previous version of each is kept as ``NAME.json.bak``. A write goes to a temporary file in the same
folder, is flushed and fsynced, then ``os.replace``-d over the old one, so a crash at any moment
leaves either the old save or the new one (docs/DESIGN.md, "Matches, undo, saves").
"""
from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from saves.format import SaveError, dumps, load_match, make_envelope, parse

APP = "tabletop-trio"
TEMP_MARK = ".tmp-"


def saves_dir() -> Path:
    """The folder of save files (created on demand)."""
    path = platformdirs.user_data_path(APP) / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


@dataclass(frozen=True)
class SaveInfo:
    """One line of the load list. ``error`` is set (a sentence) when the file cannot be loaded."""

    path: Path
    title: str
    game: str
    seats: tuple
    turn: int
    saved_at: str
    error: str | None = None
    has_backup: bool = False

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith("autosave-")


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` atomically; the previous file becomes ``path.bak``.

    Raises :class:`SaveError` when the disk refuses (full, read-only); the old file is untouched.
    """
    path = Path(path)
    tmp = path.with_name(f".{path.name}{TEMP_MARK}{os.getpid()}")
    bak_tmp = path.with_name(f".{path.name}.bak{TEMP_MARK}{os.getpid()}")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if path.exists():
            shutil.copyfile(path, bak_tmp)
            os.replace(bak_tmp, backup_path(path))
        os.replace(tmp, path)
        _fsync_dir(path.parent)
    except OSError as err:
        for leftover in (tmp, bak_tmp):
            try:
                leftover.unlink()
            except OSError:
                pass
        raise SaveError(f"Could not write {path.name}: {err.strerror or err}.") from None


def _fsync_dir(folder: Path) -> None:
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


def clean_stray_temps(folder: Path | None = None) -> int:
    """Delete temporary files left by an interrupted write; returns how many."""
    folder = folder or saves_dir()
    count = 0
    for p in folder.iterdir():
        if p.name.startswith(".") and TEMP_MARK in p.name:
            try:
                p.unlink()
                count += 1
            except OSError:
                pass
    return count


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:40] or "game"


def save_path(name: str, folder: Path | None = None) -> Path:
    """The file a save called ``name`` is written to: a slug of the name, never an autosave's."""
    slug = _slug(name)
    if slug.startswith("autosave"):
        slug = "save-" + slug         # the autosave slots are the program's, not the player's
    return (folder or saves_dir()) / f"{slug}.json"


def save(match, name: str | None = None, folder: Path | None = None) -> Path:
    """Write ``match`` as a save called ``name`` (default: game and time; the name is also the
    title in the list); returns the file's path. A save of the same name is replaced, and its
    last version kept as the backup. Raises :class:`SaveError` when the file can't be written."""
    title = name.strip() if name and name.strip() else None
    if title is None:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        name = f"{match.spec.id}-{stamp}"
    path = save_path(name, folder)
    write_atomic(path, dumps(make_envelope(match, title=title)))
    return path


def autosave(match, folder: Path | None = None) -> Path:
    """Write the game's autosave slot, ``autosave-GAME.json``."""
    folder = folder or saves_dir()
    path = folder / f"autosave-{match.spec.id}.json"
    write_atomic(path, dumps(make_envelope(match, title=None)))
    return path


def keep_unfinished(game_id: str, folder: Path | None = None) -> Path | None:
    """Before a new game of ``game_id`` takes the autosave slot, move the unfinished game in
    it (if any) to a save of its own, ``unfinished-GAME-TIME.json`` (its backup goes along);
    returns the new path, or None when the slot is empty. Raises ``SaveError`` when the disk
    refuses; then the slot is left as it was."""
    folder = folder or saves_dir()
    slot = folder / f"autosave-{game_id}.json"
    if not slot.exists():
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    kept = folder / f"unfinished-{game_id}-{stamp}.json"
    try:
        os.replace(slot, kept)
        if backup_path(slot).exists():
            os.replace(backup_path(slot), backup_path(kept))
    except OSError as err:
        raise SaveError(f"Could not keep the unfinished game: {err.strerror or err}.") from None
    return kept


def drop_autosave_of(match, folder: Path | None = None) -> bool:
    """Delete the game's autosave slot if it holds ``match`` (same game, seats, options and seed,
    its history a beginning of the match's): a finished game can't be continued, but another
    game in the slot (e.g. one loaded from a named save) stays. Returns True if deleted."""
    path = (folder or saves_dir()) / f"autosave-{match.spec.id}.json"
    try:
        env = parse(path.read_text(encoding="utf-8"), where=path.name)
    except (OSError, UnicodeDecodeError, SaveError):
        return False
    mine = match.to_save()
    same = all(env.get(k) == mine[k] for k in ("game", "options", "seats", "seed"))
    history = env.get("history", [])
    if same and history == mine["history"][:len(history)]:
        try:
            delete(path)
        except OSError:
            return False          # left in place; Continue then offers the finished game's start
        return True
    return False


def read_info(path: Path) -> SaveInfo:
    """The list entry for one file; a damaged file gives an entry with ``error`` set."""
    path = Path(path)
    has_backup = backup_path(path).exists()
    try:
        text = path.read_text(encoding="utf-8")
        env = parse(text, where=path.name)
        seats = tuple(s.get("name", "?") for s in env["seats"])
        return SaveInfo(path, env.get("title", path.stem), env["game"], seats,
                        int(env.get("turn", 0)), env.get("saved_at", ""), None, has_backup)
    except SaveError as err:
        return SaveInfo(path, path.stem, "?", (), 0, _mtime(path), str(err), has_backup)
    except (OSError, UnicodeDecodeError, AttributeError, TypeError, ValueError) as err:
        return SaveInfo(path, path.stem, "?", (), 0, _mtime(path),
                        f"{path.name} could not be read ({err}).", has_backup)


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.stat().st_mtime, timezone.utc).isoformat(
            timespec="seconds")
    except OSError:
        return ""


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first; damaged ones are listed with their reason."""
    folder = folder or saves_dir()
    infos = [read_info(p) for p in folder.glob("*.json") if not p.name.startswith(".")]
    return sorted(infos, key=lambda i: i.saved_at, reverse=True)


def latest_autosave(folder: Path | None = None) -> SaveInfo | None:
    """The newest loadable autosave, or None."""
    for info in list_saves(folder):
        if info.is_autosave and info.error is None:
            return info
    return None


def load(path: Path):
    """Load and verify a save; returns a :class:`engine.match.Match`.

    Raises :class:`SaveError` with the file's name, what is wrong and whether a backup exists.
    The file is never changed or deleted.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path.name} does not exist.") from None
    except (OSError, UnicodeDecodeError) as err:
        raise SaveError(f"{path.name} could not be read ({err}).{_bak_hint(path)}") from None
    try:
        return load_match(parse(text, where=path.name), where=path.name)
    except SaveError as err:
        raise SaveError(str(err) + _bak_hint(path)) from None


def _bak_hint(path: Path) -> str:
    if backup_path(path).exists() and not path.name.endswith(".bak"):
        return " A backup of the previous save exists and can be loaded instead."
    return " No backup exists."


def load_backup(path: Path):
    """Load ``path``'s ``.bak`` (the save before the last write)."""
    return load(backup_path(Path(path)))


def delete(path: Path) -> None:
    """Delete a save and its backup (after the player confirmed, or a finished game's autosave).
    Raises ``OSError`` when the disk refuses."""
    for p in (Path(path), backup_path(Path(path))):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
