"""The save folder: atomic writes with a backup, autosaves, listing, loading, deleting.

Saves live in ``platformdirs.user_data_path("tabletop-trio", appauthor=False) / "saves"``
(:mod:`saves.folders`). A player's save is
``SLUG.json`` (``SLUG-2.json``… when that name is taken): a short slug of its title, which is kept
inside the save, so every save has a file of its own whatever its name (Cyrillic, Japanese,
emoji). The game's autosave slot is ``autosave-GAME.json``. The previous version of each file is
kept as ``NAME.json.bak``. A write goes to a temporary file in the same folder, is flushed and
fsynced, then ``os.replace``-d over the old one (or linked to a new name, never replacing one), so
a crash at any moment leaves either the old save or the new one (docs/DESIGN.md, "Matches, undo,
saves").

Reading is defensive: only regular files are opened, at most :data:`MAX_SAVE_BYTES` are read,
and any failure is a :class:`SaveError` in plain words (a damaged entry in the list).
"""

from __future__ import annotations

import itertools
import os
import re
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from saves import folders, locks, shown
from saves.files import (
    SaveError,
    backup_path,
    clean_title,
    give_new_name,
    make_folder,
    read_text,
    shown_name,
    sync_folder,
    write_atomic,
    write_new,
)
from saves.format import (
    dumps,
    load_match,
    make_envelope,
    match_title,
    parse,
)
from translation import N_, _

APP = "tabletop-trio"
STALE_TEMP_SECONDS = 3600
"""A temporary file this old was left by a crash (a write takes milliseconds); younger ones may
belong to another copy of the program writing right now."""
SLUG_LIMIT = 40
WINDOWS_RESERVED = frozenset(
    ["con", "prn", "aux", "nul", "conin$", "conout$", "clock$"]
    + [f"{port}{n}" for port in ("com", "lpt") for n in "123456789¹²³"]
)
"""Names Windows refuses for a file, with any extension (``con.json`` included)."""

OPEN_ELSEWHERE = N_("This game is open in another window ({file}).")
"""The refusal of a save another copy of the program holds (:mod:`saves.locks`)."""


def saves_dir() -> Path:
    """The folder of save files (created on demand); :class:`SaveError` when it cannot be."""
    return make_folder(folders.adopt(folders.data_path(), "saves"), _("Games will not be saved"))


def storage_problem() -> str | None:
    """The sentence saying why games cannot be saved, or None when the folder is usable."""
    try:
        saves_dir()
    except SaveError as err:
        return str(err)
    return None


@dataclass(frozen=True)
class SaveInfo:
    """One line of the load list. ``error`` is set (a sentence) when the file cannot be loaded.
    ``title`` and the seats' names are cleaned for showing (no control characters, cut)."""

    path: Path
    title: str
    game: str
    seats: tuple
    turn: int
    """Turns started in the game; in a game set up from a position, counted on from the
    position's own (:func:`position_turns`), or from it when it does not count them."""
    saved_at: str
    error: str | None = None
    has_backup: bool = False
    to_move: int | None = None
    """The seat whose turn it is, or None when unknown."""
    turns_by_seat: tuple = ()
    """Turns each seat has started (empty when unknown), counted as :attr:`turn` is."""
    round_of_rounds: tuple = ()
    """``(round, rounds)`` of a game played in rounds of its own (Tea Time), else empty."""
    since_position: bool = False
    """True for a game set up from a position that does not count the turns before it
    (Diced Tomatoes, Shifting Stones): :attr:`turn` and :attr:`turns_by_seat` count only the
    turns played from it."""
    seat_kinds: tuple = ()
    """``(kind, level)`` of each seat, as :attr:`seats` names them (empty when unknown)."""

    @property
    def shown_seats(self) -> tuple:
        """The seats' names as a player reads them now (:func:`saves.shown.shown_seats`)."""
        return shown.shown_seats(self)

    @property
    def has_default_title(self) -> bool:
        """Whether the program gave the title (:func:`saves.shown.has_default_title`)."""
        return shown.has_default_title(self)

    @property
    def shown_title(self) -> str:
        """The title as a player reads it now (:func:`saves.shown.shown_title`)."""
        return shown.shown_title(self)

    @property
    def round(self) -> int:
        """The turn the players are in, counted per player (each seat's turns, the most of
        them): "round 7" rather than the 14 turns of two players. At least 1."""
        return max(max(self.turns_by_seat, default=0), 1)

    @property
    def to_move_name(self) -> str | None:
        """The name of the seat whose turn it is, or None."""
        if self.to_move is not None and 0 <= self.to_move < len(self.seats):
            return self.shown_seats[self.to_move]
        return None

    @property
    def is_autosave(self) -> bool:
        return self.path.name.startswith("autosave-")

    @property
    def file_name(self) -> str:
        """The file's name as text a font can draw (a name in a broken encoding is cleaned)."""
        return shown_name(self.path)


def clean_stray_temps(folder: Path | None = None, min_age: float = STALE_TEMP_SECONDS) -> int:
    """Delete the files a crash left (:func:`saves.cleanup.clean_stray_files`) in ``folder``,
    default every folder the program writes; returns how many temporary files went."""
    from saves import cleanup

    if folder is not None:
        return cleanup.clean_folder(Path(folder), min_age)
    places = []
    try:
        places.append(saves_dir())
    except SaveError:
        pass
    return cleanup.clean_stray_files(places, min_age)


def file_stem(title: str) -> str:
    """A short, readable file name (without ``.json``) for a save called ``title``.

    Letters and digits of any script are kept (lower case), everything else becomes "-"; at
    most :data:`SLUG_LIMIT` characters, cut between words where it can (a play-tester read
    "…-bot-2-ha"); "game" when nothing is left (emoji, punctuation). Never
    an autosave slot's name, nor a name Windows reserves (``con``, ``nul``, ``com1``…).
    Different titles may give the same stem: :func:`write_new` adds ``-2``, ``-3``….
    """
    text = unicodedata.normalize("NFKC", title).casefold()
    slug = re.sub(r"[\W_]+", "-", text).strip("-")
    if len(slug) > SLUG_LIMIT:  # cut between words where one ends within the limit
        cut = slug[: SLUG_LIMIT + 1]
        slug = cut[: cut.rfind("-")] if "-" in cut else slug[:SLUG_LIMIT]
    slug = slug.strip("-") or "game"
    if slug.startswith("autosave") or slug in WINDOWS_RESERVED:
        slug = "save-" + slug  # the autosave slots are the program's, not the player's
    return slug


def find_save(name: str, folder: Path | None = None) -> Path | None:
    """The player's save called ``name`` (its title as saved, or as the list shows it now: a
    title the program gave, saved in another language), or None. Autosave slots are not the
    player's saves and are never found."""
    title = clean_title(name.strip())
    infos = [info for info in list_saves(folder) if info.error is None and not info.is_autosave]
    for info in infos:
        if info.title == title:
            return info.path
    for info in infos:
        if info.shown_title == title:
            return info.path
    return None


def save(match, name: str | None = None, folder: Path | None = None) -> Path:
    """Write ``match`` as a save called ``name``; returns the file's path.

    The name is the title in the list (default: the game and its seats). A save of the same
    name is replaced, its last version kept as the backup (the pause menu asks first); any
    other name gets a file of its own. Raises :class:`SaveError` when it can't be written."""
    folder = folder or saves_dir()
    title = clean_title(name) if name and name.strip() else None
    text = dumps(make_envelope(match, title=title))
    existing = find_save(title, folder) if title else None
    if existing is not None:
        if locks.held_elsewhere(existing):
            raise SaveError(_(OPEN_ELSEWHERE).format(file=shown_name(existing)))
        write_atomic(existing, text)
        path = existing
    elif title is None:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
        path = write_new(folder, f"{match.spec.id}-{stamp}", text)
    else:
        path = write_new(folder, file_stem(title), text)
    locks.hold_for(match, path)
    return path


def autosave_path(game_id: str, folder: Path | None = None) -> Path:
    """The game's first autosave slot, ``autosave-GAME.json`` (a second copy of the program
    playing the same game writes ``autosave-GAME-2.json``…: :func:`slot_for`)."""
    return (folder or saves_dir()) / f"autosave-{game_id}.json"


def slot_for(match, folder: Path | None = None) -> Path:
    """The autosave slot ``match`` writes, its lock held by this copy of the program: the slot
    it was loaded from, else the game's first slot ``autosave-GAME.json``, else — while
    another copy plays there — the first of ``autosave-GAME-2.json``, ``-3``… no other copy
    holds. Two copies never write one slot."""
    folder = folder or saves_dir()
    claims = locks.claims_of(match)
    slot = claims.slot
    if slot is not None and slot.parent == folder and locks.claim(slot):
        return slot
    for number in itertools.count(1):
        suffix = "" if number == 1 else f"-{number}"
        slot = folder / f"autosave-{match.spec.id}{suffix}.json"
        if locks.claim(slot):
            claims.slot = slot
            return slot
    raise AssertionError("unreachable")


def give_own_slot(match, stem: str, title: str, folder: Path | None = None) -> None:
    """``match`` — a puzzle's or a pasted position's game — keeps itself in a save of its own,
    ``STEM.json`` titled ``title`` in the Load list, never in its game's autosave slot: the
    player's unfinished game there stays where it is, and a puzzle is resumed from its own
    entry. ``stem`` starts with one of :data:`saves.locks.OWN_SLOT_PREFIXES`. Raises
    ``SaveError`` when the saves folder cannot be made."""
    assert stem.startswith(locks.OWN_SLOT_PREFIXES), stem
    claims = locks.claims_of(match)
    claims.slot = (folder or saves_dir()) / f"{stem}.json"
    claims.title = clean_title(title)


def has_own_slot(match) -> bool:
    """True when ``match`` keeps itself in a save of its own (:func:`give_own_slot`)."""
    slot = locks.claims_of(match).slot
    return slot is not None and slot.name.startswith(locks.OWN_SLOT_PREFIXES)


def puzzle_id_of(match) -> str | None:
    """The id of the puzzle ``match`` is played from, when it keeps itself in the puzzle's
    own save (``puzzle-ID.json``), else None."""
    slot = locks.claims_of(match).slot
    if slot is None or not slot.name.startswith("puzzle-"):
        return None
    return slot.stem[len("puzzle-") :]


def slot_title(match) -> str:
    """The title ``match``'s autosaves carry: its own slot's, else the game and its seats."""
    return locks.claims_of(match).title or match_title(match)


def release(match) -> None:
    """The table of ``match`` is left: let go of the locks of its files, so another copy of
    the program may open them."""
    locks.release_match(match)


def autosave(match, folder: Path | None = None) -> Path:
    """Write the match's autosave slot (:func:`slot_for`)."""
    path = slot_for(match, folder)
    write_atomic(path, dumps(make_envelope(match, title=slot_title(match))))
    return path


def keep_unfinished(
    game_id: str, folder: Path | None = None, *, slot: Path | None = None
) -> Path | None:
    """Move the unfinished game in ``game_id``'s autosave slot (``slot``, default the first)
    to a save of its own, ``unfinished-GAME-TIME.json`` (``…-2.json`` when two are kept in one
    second); its backup goes along. Returns the new path, or None when the slot is empty.
    Raises ``SaveError`` when the disk refuses; then the slot is left as it was."""
    folder = folder or saves_dir()
    slot = slot or autosave_path(game_id, folder)
    if not os.path.lexists(slot):
        return None
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    try:
        kept = give_new_name(slot, folder, f"unfinished-{game_id}-{stamp}")
        if os.path.lexists(backup_path(slot)):
            os.replace(backup_path(slot), backup_path(kept))
        sync_folder(folder)
    except OSError as err:
        raise SaveError(
            _("Could not keep the unfinished game: {reason}.").format(reason=err.strerror or err)
        ) from None
    return kept


def holds(path: Path, match, exactly: bool = False) -> bool:
    """True when the save at ``path`` is ``match`` at this point or earlier: same game, seats,
    options and seed, its history a beginning of the match's (``exactly``: all of it)."""
    try:
        env = parse(read_text(path), where=shown_name(path))
    except SaveError:
        return False
    mine = match.to_save()
    same = all(env.get(k) == mine[k] for k in ("game", "options", "seats", "seed"))
    history = env["history"]
    if exactly and len(history) != len(mine["history"]):
        return False
    return same and history == mine["history"][: len(history)]


def named_save_holding(match, folder: Path | None = None) -> str | None:
    """The title of a save under a name that holds ``match`` exactly as it is now (the same
    game, seats, options, seed and history), or None: a game continued from its autosave
    right after it was saved under a name is saved, and leaving it need not ask."""
    mine = match.to_save()
    for info in list_saves(folder):
        if info.error or info.is_autosave or info.game != match.spec.id:
            continue
        try:
            env = parse(read_text(info.path), where=shown_name(info.path))
        except SaveError:
            continue
        if all(env.get(k) == mine[k] for k in ("game", "options", "seats", "seed", "history")):
            return info.title
    return None


def keep_unfinished_for(match, folder: Path | None = None) -> Path | None:
    """Before ``match`` is played, move the unfinished game in its autosave slot to a save of its
    own, unless the slot holds ``match`` itself (Continue) or ``match`` will never autosave (only
    bots play). Returns the kept file's path, or None. Raises ``SaveError`` when the disk
    refuses (then the slot is untouched and ``match`` must not autosave over it)."""
    if all(seat.is_bot for seat in match.seats) or has_own_slot(match):
        return None
    try:
        folder = folder or saves_dir()
    except SaveError:
        return None  # no folder, no slot: nothing to keep
    slot = slot_for(match, folder)
    if not os.path.lexists(slot) or holds(slot, match):
        return None
    return keep_unfinished(match.spec.id, folder, slot=slot)


def drop_autosave_of(match, folder: Path | None = None) -> bool:
    """Delete the game's autosave slot if it holds ``match`` (same game, seats, options and seed,
    its history a beginning of the match's): a finished game can't be continued, but another
    game in the slot (e.g. one loaded from a named save) stays. Returns True if deleted."""
    try:
        path = slot_for(match, folder)
    except SaveError:
        return False
    if not holds(path, match):
        return False
    try:
        delete(path)
    except SaveError:
        return False  # left in place; the next start settles it (saves.finish)
    return True


def read_info(path: Path) -> SaveInfo:
    """The list entry for one file; a file that cannot be read or loaded, for any reason, gives
    an entry with ``error`` set (never an exception)."""
    path = Path(path)
    try:
        has_backup = os.path.lexists(backup_path(path))
    except (OSError, ValueError):
        has_backup = False
    try:
        env = parse(read_text(path), where=shown_name(path))
        seats = tuple(clean_title(seat["name"]) for seat in env["seats"])
        kinds = tuple(
            (str(seat.get("kind")), level if isinstance(level := seat.get("level"), str) else None)
            for seat in env["seats"]
        )
        to_move, by_seat = env.get("to_move"), env.get("turns_by_seat")
        if to_move is None or by_seat is None:
            to_move, by_seat = _whose_turn(env, path)
        turn, before = env.get("turn", 0), None
        if "start" in env:  # the save counts the turns played from its position
            before = position_turns(env["game"], env["start"], len(seats))
            if before is not None:
                turn += sum(before)
                if len(by_seat) == len(before):
                    by_seat = [n + earlier for n, earlier in zip(by_seat, before, strict=True)]
        return SaveInfo(
            path,
            clean_title(env.get("title", path.stem)),
            clean_title(env["game"]),
            seats,
            turn,
            env.get("saved_at", ""),
            None,
            has_backup,
            to_move,
            tuple(by_seat),
            tuple(env.get("round_of_rounds", ())),
            "start" in env and before is None,
            kinds,
        )
    except SaveError as err:
        error = str(err)
    except Exception as err:  # noqa: BLE001 - one bad file must never stop the list
        error = _("{file} could not be read ({reason}).").format(
            file=shown_name(path), reason=type(err).__name__
        )
    return SaveInfo(path, clean_title(path.stem), "?", (), 0, _mtime(path), error, has_backup)


def position_turns(game: str, start, seats: int) -> list[int] | None:
    """The turns each of ``seats`` seats had started before the position ``start`` (a save's
    plain data) set ``game`` up, as its state counts them (the optional ``turns_by_seat()``:
    Off the Rails' turn number, Potion Explosion's desks); None when its state does not count
    them or the position cannot be read (loading the save says why)."""
    from engine import registry
    from engine.validation import position_from_data

    try:
        state = position_from_data(registry.get(game), start)
    except Exception:  # noqa: BLE001 - the list never fails on one file
        return None
    counting = getattr(state, "turns_by_seat", None)
    counts = list(counting()) if counting is not None else []
    return counts if len(counts) == seats else None


def _whose_turn(envelope: dict, path: Path) -> tuple:
    """``(to_move, turns_by_seat)`` of a save from before those fields, by replaying it;
    ``(None, ())`` when it cannot be replayed (loading it will say why)."""
    try:
        match = load_match(envelope, where=shown_name(path))
    except Exception:  # noqa: BLE001 - the list never fails on one file
        return None, ()
    return match.turn_owner(), match.turns_by_seat()


def _mtime(path: Path) -> str:
    try:
        return datetime.fromtimestamp(path.lstat().st_mtime, timezone.utc).isoformat(
            timespec="seconds"
        )
    except (OSError, ValueError, OverflowError):
        return ""


def list_saves(folder: Path | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first; damaged ones are listed with their reason.
    An empty list when the folder cannot be made or read (see :func:`storage_problem`)."""
    try:
        folder = folder or saves_dir()
        names = [
            p for p in folder.iterdir() if p.name.endswith(".json") and not p.name.startswith(".")
        ]
    except (OSError, SaveError):
        return []
    infos = [read_info(p) for p in names]
    return sorted(infos, key=lambda i: i.saved_at, reverse=True)


def autosaves(folder: Path | None = None) -> list[SaveInfo]:
    """The autosave slots (``autosave-*.json``, one per game), newest first, damaged ones with
    their ``error``; empty when the folder cannot be read. Named saves are not read: the title
    asks at every opening, and they can be many."""
    try:
        folder = folder or saves_dir()
        slots = [
            p
            for p in folder.iterdir()
            if p.name.startswith("autosave-") and p.name.endswith(".json")
        ]
    except (OSError, SaveError):
        return []
    return sorted((read_info(p) for p in slots), key=lambda i: i.saved_at, reverse=True)


def latest_autosave(folder: Path | None = None) -> SaveInfo | None:
    """The newest loadable autosave (:func:`autosaves`), or None."""
    return next((info for info in autosaves(folder) if info.error is None), None)


def load(path: Path):
    """Load and verify a save; returns a :class:`engine.match.Match`, which holds the file's
    lock (:mod:`saves.locks`) until :func:`release`.

    Raises :class:`SaveError` with the file's name, what is wrong and whether a backup exists,
    or :data:`OPEN_ELSEWHERE` when another copy of the program plays it. The file is never
    changed or deleted; only a regular file of at most :data:`MAX_SAVE_BYTES` is read.
    """
    path = Path(path)
    if not os.path.lexists(path):
        raise SaveError(_("{file} does not exist.").format(file=shown_name(path)))
    try:
        envelope = parse(read_text(path), where=shown_name(path))
        match = load_match(envelope, where=shown_name(path))
    except SaveError as err:
        raise SaveError(
            _bak_hint(path).format(problem=str(err), backup=shown_name(backup_path(path)))
        ) from None
    if _in_saves_folder(path) and not path.name.endswith(".bak"):
        # the program writes only there, and never over a backup: a file elsewhere (--load)
        # or a backup is a copy nobody plays in place
        if locks.held_elsewhere(path):
            raise SaveError(_(OPEN_ELSEWHERE).format(file=shown_name(path)))
        locks.hold_for(match, path)
        if has_own_slot(match):  # a puzzle goes on under its own name
            locks.claims_of(match).title = clean_title(str(envelope.get("title", "")))
    return match


def _in_saves_folder(path: Path) -> bool:
    """True for a file of the saves folder (found without making it)."""
    root = folders.data_path()
    try:
        parent = path.resolve().parent
        return parent in ((root / "saves").resolve(), (root / APP / "saves").resolve())
    except (OSError, RuntimeError):
        return False


def _bak_hint(path: Path) -> str:
    """The message of a save that cannot be loaded: ``{problem}`` and whether and where a
    backup (``{backup}``) may be loaded instead."""
    if os.path.lexists(backup_path(path)) and not path.name.endswith(".bak"):
        if _in_saves_folder(path):  # Load game lists it, with a Backup button
            return _(
                "{problem} A backup of the previous save exists: Backup in Load game loads it."
            )
        return _("{problem} A backup of the previous save exists beside it: {backup}.")
    return _("{problem} No backup exists.")


def load_backup(path: Path):
    """Load ``path``'s ``.bak`` (the save before the last write)."""
    return load(backup_path(Path(path)))


def delete(path: Path) -> None:
    """Delete a save and its backup (after the player confirmed, or a finished game's autosave).
    Raises :class:`SaveError` in plain words when the disk refuses (a read-only folder) or
    another copy of the program plays it."""
    if locks.held_elsewhere(Path(path)):
        raise SaveError(_(OPEN_ELSEWHERE).format(file=shown_name(Path(path))))
    for p in (Path(path), backup_path(Path(path))):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as err:
            raise SaveError(
                _("Could not delete {file}: {reason}.").format(
                    file=shown_name(p), reason=err.strerror or err
                )
            ) from None
