"""The statistics database, treated as one: checked at start, read with care, written or queued.

The player's record (:mod:`saves.stats`) lives in ``statistics.sqlite3`` (the standard
library's ``sqlite3``), one row per finished game. What can go wrong is told apart:

* **Damage** (the file is not a database, a page is malformed, a row's cell is garbled) is
  found at start by :func:`check_at_start`: SQLite's ``quick_check``, then every row's own
  checksum (a changed score is damage, not a record). A damaged row is moved to the
  ``set_aside`` table, one by one, the rest kept; a file SQLite cannot read whole is rebuilt
  from the rows it still gives, the damaged file kept beside it
  (``statistics-damaged-TIME.sqlite3``), never deleted.
* **Not now** (another copy writing: locked or busy; a full or read-only disk; a file that
  cannot be opened) is never damage: the record waits in the pending queue
  (``statistics-pending/ID.json`` beside the database) and is added at the next record or the
  next start (:func:`retry_pending`).

Every read is typed and tolerant: cells are read as bytes and decoded here, each row checked
(types, ranges, its checksum) before it becomes a :class:`saves.stats.GameRecord`; a row that
fails is skipped and counted, never an exception (bad bytes no longer raise
``UnicodeDecodeError`` out of sqlite3). A record carries an id (:func:`saves.stats.record_id_of`)
that makes adding it twice add it once, so a retry after a kill never counts a game twice.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import sqlite3
import uuid
from contextlib import closing
from dataclasses import asdict
from datetime import datetime, timezone
from pathlib import Path

from saves import stats
from saves.sqlite_pages import leaf_rows
from saves.stats import OPPONENT_GROUPS, GameRecord, StatsError
from translation import _, ngettext

SCHEMA_VERSION = 2
COLUMNS = (
    "game",
    "options",
    "seats",
    "opponents",
    "scores",
    "winners",
    "person_won",
    "person_score",
    "turns",
    "duration",
    "seed",
    "finished_at",
)
_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    opponents TEXT NOT NULL,
    scores TEXT NOT NULL,
    winners TEXT NOT NULL,
    person_won INTEGER NOT NULL,
    person_score REAL,
    turns INTEGER NOT NULL,
    duration REAL NOT NULL,
    seed INTEGER NOT NULL,
    finished_at TEXT NOT NULL,
    record_id TEXT,
    checksum TEXT
)""",
    "CREATE UNIQUE INDEX IF NOT EXISTS games_record_id ON games(record_id)",
    """CREATE TABLE IF NOT EXISTS set_aside (
    id INTEGER PRIMARY KEY,
    row_id INTEGER,
    reason TEXT NOT NULL,
    data TEXT NOT NULL,
    at TEXT NOT NULL
)""",
)
PENDING_FOLDER = "statistics-pending"
MAX_PENDING = 1000
"""The most records the queue keeps (a disk that stays full for a thousand games...)."""


class NotNow(StatsError):
    """The record could not be added now and waits in the pending queue; ``str(err)`` says so
    to the player."""


class _Unwritable(Exception):
    """A database that cannot be written now (busy, locked, full, read-only): not damage."""


# --- telling errors apart -------------------------------------------------------------------
def _words(err: BaseException) -> str:
    return f"{getattr(err, 'sqlite_errorname', '')} {err}".lower()


def is_busy(err: BaseException) -> bool:
    """Another copy of the program holds the database (locked or busy)."""
    words = _words(err)
    return "locked" in words or "busy" in words


def is_damage(err: BaseException) -> bool:
    """The file itself is damaged (not a database, malformed, another program's table); a
    full or read-only disk, a lock or a file that cannot be opened is not."""
    words = _words(err)
    if is_busy(err) or any(
        word in words
        for word in ("full", "readonly", "read-only", "i/o", "ioerr", "unable to open", "perm")
    ):
        return False
    return isinstance(err, sqlite3.DatabaseError)


# --- one row --------------------------------------------------------------------------------
def row_checksum(values: tuple) -> str:
    """SHA-256 hex of a row's values (:data:`COLUMNS` then the record id) as canonical JSON."""
    text = json.dumps(list(values), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def row_values(record: GameRecord) -> tuple:
    """The cells of ``record`` in :data:`COLUMNS` order, then its record id (or None)."""
    return (
        record.game,
        json.dumps(record.options, sort_keys=True),
        json.dumps(list(record.seats), ensure_ascii=False),
        record.opponents,
        json.dumps(list(record.scores)),
        json.dumps(list(record.winners)),
        int(record.person_won),
        None if record.person_score is None else float(record.person_score),
        record.turns,
        float(record.duration),
        record.seed,
        record.finished_at,
        record.record_id or None,
    )


def _text(cell) -> str:
    if isinstance(cell, bytes):
        return cell.decode("utf-8")  # UnicodeDecodeError: a damaged row (a ValueError)
    if isinstance(cell, str):
        return cell
    raise ValueError("not text")


def _number(cell, whole: bool = False):
    if whole:
        if type(cell) is not int:
            raise ValueError("not a whole number")
        return cell
    if type(cell) not in (int, float) or not math.isfinite(cell):
        raise ValueError("not a number")
    return float(cell)


def record_from_row(row, checked: bool = True) -> GameRecord:
    """The record of one row (its cells read as bytes, :data:`COLUMNS` then the record id and
    the checksum); ``ValueError`` (a ``UnicodeDecodeError`` too) for a damaged one. With
    ``checked`` the row must carry its checksum (every row of a version-2 database does)."""
    if len(row) != len(COLUMNS) + 2:
        raise ValueError("a row of another shape")
    if checked and row[13] is None:
        raise ValueError("it has no checksum")
    cells = list(row)
    game, options, seats, opponents, scores, winners = (_text(cell) for cell in cells[:6])
    person_won = _number(cells[6], whole=True)
    person_score = None if cells[7] is None else _number(cells[7])
    turns, duration = _number(cells[8], whole=True), _number(cells[9])
    seed, finished_at = _number(cells[10], whole=True), _text(cells[11])
    record_id = None if cells[12] is None else _text(cells[12])
    values: tuple = (game, options, seats, opponents, scores, winners, person_won, person_score)
    values += (turns, duration, seed, finished_at, record_id)
    if cells[13] is not None and _text(cells[13]) != row_checksum(values):
        raise ValueError("its checksum does not match")
    options_, seats_ = json.loads(options), json.loads(seats)
    scores_, winners_ = json.loads(scores), json.loads(winners)
    plain = (
        isinstance(options_, dict)
        and isinstance(seats_, list)
        and 0 < len(seats_) <= 16
        and all(isinstance(seat, dict) and isinstance(seat.get("name"), str) for seat in seats_)
        and isinstance(scores_, list)
        and all(s is None or type(s) in (int, float) for s in scores_)
        and isinstance(winners_, list)
        and all(type(w) is int and 0 <= w < 16 for w in winners_)
        and opponents in OPPONENT_GROUPS
        and person_won in (0, 1)
        and 0 <= turns <= 1_000_000
        and 0 <= duration < 1e9
        and _is_time(finished_at)
    )
    if not plain:
        raise ValueError("a damaged row")
    return GameRecord(
        game,
        options_,
        tuple(seats_),
        opponents,
        tuple(scores_),
        tuple(winners_),
        bool(person_won),
        person_score,
        turns,
        duration,
        seed,
        finished_at,
        record_id or "",
    )


def _is_time(text: str) -> bool:
    try:
        datetime.fromisoformat(text)
    except ValueError:
        return False
    return True


# --- the file -------------------------------------------------------------------------------
def _connect(path: Path) -> sqlite3.Connection:
    connection = sqlite3.connect(str(path), timeout=stats.LOCK_WAIT)
    connection.text_factory = bytes  # decoded here, row by row (bad bytes are one bad row)
    return connection


def _version(connection: sqlite3.Connection) -> int:
    version = connection.execute("PRAGMA user_version").fetchone()[0]
    if type(version) is not int:
        raise sqlite3.DatabaseError("not a database of ours")
    if version > SCHEMA_VERSION:
        raise StatsError(
            _("{file} was made by a newer version of Tabletop Trio; it is left as it is.").format(
                file="statistics.sqlite3"
            )
        )
    return version


def open_database(path: Path, create: bool) -> sqlite3.Connection:
    """A connection with the schema checked (made or brought up to date when ``create``);
    raises sqlite3 errors, or :class:`StatsError` for a database of a newer version."""
    if create:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StatsError(
                _(
                    "This game was not added to your statistics: the folder "
                    "{folder} cannot be made ({reason})."
                ).format(folder=path.parent, reason=err.strerror or err)
            ) from None
    connection = _connect(path)
    try:
        version = _version(connection)
        if create and version < SCHEMA_VERSION:
            _upgrade(connection, version)
        columns = "record_id, checksum" if version >= SCHEMA_VERSION or create else "NULL, NULL"
        connection.execute(f"SELECT {', '.join(COLUMNS)}, {columns} FROM games LIMIT 0")
    except BaseException:
        connection.close()
        raise
    return connection


def _upgrade(connection: sqlite3.Connection, version: int) -> None:
    """Make the schema, or bring a version-1 database to version 2: a record id and a
    checksum per row (its rows as they are, damaged ones set aside)."""
    with connection:
        names = {row[1] for row in connection.execute("PRAGMA table_info(games)")}
        if names and b"record_id" not in names and "record_id" not in names:
            connection.execute("ALTER TABLE games ADD COLUMN record_id TEXT")
            connection.execute("ALTER TABLE games ADD COLUMN checksum TEXT")
        for statement in _SCHEMA:
            connection.execute(statement)
        rows = connection.execute(
            f"SELECT id, {', '.join(COLUMNS)}, record_id FROM games WHERE checksum IS NULL"
        ).fetchall()
        for row_id, *cells in rows:
            try:
                record = record_from_row((*cells, None), checked=False)
            except ValueError as err:
                _set_row_aside(connection, row_id, cells, str(err))
                continue
            connection.execute(
                "UPDATE games SET checksum = ? WHERE id = ?",
                (row_checksum(row_values(record)), row_id),
            )
        connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")


def _set_row_aside(connection, row_id: int, cells, reason: str) -> None:
    """Move one damaged row into ``set_aside`` (its cells as text a person can read)."""
    data = json.dumps([repr(cell) for cell in cells], ensure_ascii=False)
    at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    connection.execute(
        "INSERT INTO set_aside (row_id, reason, data, at) VALUES (?, ?, ?, ?)",
        (row_id, reason[:200], data, at),
    )
    connection.execute("DELETE FROM games WHERE id = ?", (row_id,))


def insert(connection: sqlite3.Connection, record: GameRecord) -> None:
    """Add ``record`` (once: a record id already there adds nothing)."""
    values = row_values(record)
    with connection:
        connection.execute(
            f"INSERT OR IGNORE INTO games ({', '.join(COLUMNS)}, record_id, checksum) "
            f"VALUES ({', '.join('?' * (len(COLUMNS) + 2))})",
            (*values, row_checksum(values)),
        )


def _read_rows(connection: sqlite3.Connection, version: int) -> list:
    extra = "record_id, checksum" if version >= SCHEMA_VERSION else "NULL, NULL"
    return connection.execute(
        f"SELECT id, {', '.join(COLUMNS)}, {extra} FROM games ORDER BY finished_at, id"
    ).fetchall()


# --- reading --------------------------------------------------------------------------------
def read_all(path: Path) -> tuple[list[GameRecord], int]:
    """Every readable recorded game, oldest first, and how many rows were damaged (skipped).
    Changes nothing. Raises :class:`StatsError` for a busy database or a file SQLite cannot
    read at all (the next start rebuilds it)."""
    if not path.exists():
        return [], 0
    try:
        with closing(open_database(path, create=False)) as connection:
            version = _version(connection)
            rows = _read_rows(connection, version)
    except sqlite3.Error as err:
        if is_busy(err):
            raise StatsError(
                _(
                    "Your statistics are busy (is another copy of Tabletop Trio "
                    "open?). Try again in a moment."
                )
            ) from None
        raise StatsError(
            _(
                "Your statistics file {file} is damaged; it is kept, and repaired when "
                "Tabletop Trio starts again."
            ).format(file=path.name)
        ) from None
    records, skipped = [], 0
    for _row_id, *cells in rows:
        try:
            records.append(record_from_row(cells, checked=version >= SCHEMA_VERSION))
        except (ValueError, TypeError, RecursionError):
            skipped += 1
    records.sort(key=lambda record: record.finished_at)
    return records, skipped


# --- writing --------------------------------------------------------------------------------
def add(record: GameRecord, path: Path) -> str | None:
    """Store ``record`` (once, by its record id). Returns a sentence for the player when
    something was done on the way (a damaged file rebuilt), else None. A database that
    cannot be written now keeps the record in the pending queue and raises :class:`NotNow`
    (a :class:`StatsError`); only when even the queue cannot be written does it raise
    :class:`StatsError`."""
    try:
        note = _store(record, path)
    except _Unwritable as err:
        try:
            queue(record, path)
        except OSError as queue_error:
            raise StatsError(
                _(
                    "This game could not be added to your statistics now ({reason}); it is "
                    "added when Tabletop Trio starts again."
                ).format(reason=queue_error.strerror or queue_error)
            ) from None
        raise NotNow(
            _(
                "This game will be added to your statistics later: they cannot be written "
                "now ({reason})."
            ).format(reason=err)
        ) from None
    retry_pending(path)
    return note


def _store(record: GameRecord, path: Path) -> str | None:
    note = None
    for attempt in range(2):
        try:
            with closing(open_database(path, create=True)) as connection:
                insert(connection, record)
            return note
        except sqlite3.Error as err:
            if not is_damage(err):
                reason = _("the statistics file is busy") if is_busy(err) else str(err)
                raise _Unwritable(reason) from None
            if attempt:
                raise StatsError(
                    _("This game was not added to your statistics ({reason}).").format(reason=err)
                ) from None
            note = rebuild(path)
    return note


# --- the pending queue ----------------------------------------------------------------------
def pending_folder(path: Path) -> Path:
    """The pending queue's folder, beside the statistics file ``path``."""
    return path.with_name(PENDING_FOLDER)


def queue(record: GameRecord, path: Path) -> Path:
    """Keep ``record`` in the pending queue (one small JSON file, written whole); raises
    ``OSError`` when even that cannot be written."""
    folder = pending_folder(path)
    folder.mkdir(parents=True, exist_ok=True)
    if len(list(folder.glob("*.json"))) >= MAX_PENDING:
        raise OSError(_("too many games are waiting"))
    name = record.record_id or uuid.uuid4().hex
    target = folder / f"{name[:64]}.json"
    temp = folder / f".{target.name}.tmp-{os.getpid()}-0"
    with open(temp, "w", encoding="utf-8") as out:
        json.dump(asdict(record), out)
        out.flush()
        os.fsync(out.fileno())
    os.replace(temp, target)
    return target


def pending(path: Path) -> list[Path]:
    """The records waiting in the queue (their files)."""
    try:
        return sorted(pending_folder(path).glob("*.json"))
    except OSError:
        return []


def retry_pending(path: Path) -> int:
    """Add the records of the pending queue now; returns how many were added. A file of the
    queue that is not a record is left where it is (never deleted, never counted)."""
    added = 0
    for item in pending(path):
        try:
            data = json.loads(item.read_text(encoding="utf-8"))
            for name in ("seats", "scores", "winners"):
                data[name] = tuple(data[name])
            record = GameRecord(**data)
            record_from_row(row_values(record) + (None,), checked=False)  # a row's checks
        except (OSError, ValueError, TypeError, KeyError, RecursionError):
            continue
        try:
            _store(record, path)
        except (_Unwritable, StatsError):
            return added
        try:
            item.unlink()
        except OSError:
            pass
        added += 1
    return added


# --- checking and repairing -----------------------------------------------------------------
def check_at_start(path: Path) -> str | None:
    """At start: SQLite's ``quick_check``, then every row checked, damaged rows moved to
    ``set_aside`` one by one; a file SQLite cannot read whole is rebuilt (:func:`rebuild`);
    then the pending queue is added. Returns a sentence for the player when something was set
    aside, else None; never raises (a busy or read-only database is checked next time)."""
    note = None
    if path.exists():
        try:
            note = _check(path)
        except sqlite3.Error as err:
            if is_damage(err):
                note = _safely(rebuild, path)
        except (StatsError, OSError):
            pass
    try:
        retry_pending(path)
    except (StatsError, OSError):
        pass
    return note


def _safely(action, path: Path) -> str | None:
    try:
        return action(path)
    except (sqlite3.Error, OSError, StatsError):
        return None


def _check(path: Path) -> str | None:
    with closing(open_database(path, create=True)) as connection:
        verdict = connection.execute("PRAGMA quick_check").fetchall()
        if [tuple(row) for row in verdict] not in ([(b"ok",)], [("ok",)]):
            raise sqlite3.DatabaseError("database disk image is malformed")
        damaged = []
        for row_id, *cells in _read_rows(connection, SCHEMA_VERSION):
            try:
                record_from_row(cells)
            except (ValueError, TypeError, RecursionError) as err:
                damaged.append((row_id, cells, str(err)))
        if damaged:
            with connection:
                for row_id, cells, reason in damaged:
                    _set_row_aside(connection, row_id, cells, reason)
    if not damaged:
        return None
    return ngettext(
        "{count} damaged game of your statistics was set aside; the others are kept.",
        "{count} damaged games of your statistics were set aside; the others are kept.",
        len(damaged),
    ).format(count=len(damaged))


def rebuild(path: Path) -> str:
    """A database SQLite cannot read whole: a new one is made from every row it still gives
    (each checked; the damaged ones set aside in it), the damaged file is kept beside it as
    ``statistics-damaged-TIME.sqlite3``. Returns a sentence for the player."""
    rows, lost = salvage(path)
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    fresh = path.with_name(f".{path.name}.tmp-{os.getpid()}-0")
    for leftover in (fresh, fresh.with_name(fresh.name + "-journal")):
        if leftover.exists():
            leftover.unlink()
    kept = set_aside_count = 0
    with closing(open_database(fresh, create=True)) as connection:
        with connection:
            for row_id, *cells in rows:
                try:
                    record = record_from_row(cells, checked=False)
                except (ValueError, TypeError, RecursionError) as err:
                    _set_row_aside(connection, row_id, cells, str(err))
                    set_aside_count += 1
                    continue
                values = row_values(record)
                connection.execute(
                    f"INSERT OR IGNORE INTO games ({', '.join(COLUMNS)}, record_id, checksum) "
                    f"VALUES ({', '.join('?' * (len(COLUMNS) + 2))})",
                    (*values, row_checksum(values)),
                )
                kept += 1
    target = path.with_name(f"statistics-damaged-{stamp}.sqlite3")
    number = 2
    while target.exists():
        target = path.with_name(f"statistics-damaged-{stamp}-{number}.sqlite3")
        number += 1
    os.replace(path, target)
    for suffix in ("-journal", "-wal", "-shm"):
        leftover = path.with_name(path.name + suffix)
        if leftover.exists():
            os.replace(leftover, target.with_name(target.name + suffix))
    os.replace(fresh, path)
    return ngettext(
        "Your statistics file was damaged: {kept} game was kept and {lost} set aside; the "
        "damaged file is kept as {file}.",
        "Your statistics file was damaged: {kept} games were kept and {lost} set aside; the "
        "damaged file is kept as {file}.",
        kept,
    ).format(kept=kept, lost=lost + set_aside_count, file=target.name)


def salvage(path: Path) -> tuple[list, int]:
    """``(rows, lost)``: every row of ``games`` a damaged file still gives (``id`` then the
    cells) — asked of SQLite one by one, then read from the file's pages where SQLite cannot
    find them (:mod:`saves.sqlite_pages`: a damaged schema or inner page hides whole leaves),
    each of those kept only when it passes a row's checks — and how many rows SQLite listed
    that neither way could read."""
    rows: dict = {}
    unread: set = set()
    try:
        connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=stats.LOCK_WAIT)
    except sqlite3.Error:
        connection = None
    if connection is not None:
        connection.text_factory = bytes
        with closing(connection):
            try:
                ids = [row[0] for row in connection.execute("SELECT id FROM games")]
            except sqlite3.Error:
                ids = _ids_one_by_one(connection)
            try:
                connection.execute("SELECT record_id, checksum FROM games LIMIT 0")
                extra = "record_id, checksum"
            except sqlite3.Error:
                extra = "NULL, NULL"
            query = f"SELECT id, {', '.join(COLUMNS)}, {extra} FROM games WHERE id = ?"
            for row_id in ids:
                try:
                    row = connection.execute(query, (row_id,)).fetchone()
                except sqlite3.Error:
                    row = None
                if row is None:
                    unread.add(row_id)
                else:
                    rows[row_id] = row
    try:
        data = path.read_bytes()
    except OSError:
        data = b""
    for width, padding in ((len(COLUMNS) + 3, ()), (len(COLUMNS) + 1, (None, None))):
        for row_id, values in leaf_rows(data, width):
            if row_id in rows or values[0] is not None:
                continue
            row = (row_id, *values[1:], *padding)
            try:
                record_from_row(row[1:], checked=not padding)
            except (ValueError, TypeError, RecursionError):
                continue  # garbage, or a row beyond telling: it stays in the file kept
            rows[row_id] = row
            unread.discard(row_id)
    return [rows[row_id] for row_id in sorted(rows)], len(unread)


def _ids_one_by_one(connection, most: int = 100_000) -> list:
    """The row ids a damaged table still answers for, asked one at a time (a scan stops at
    the first damaged page)."""
    found, misses = [], 0
    for row_id in range(1, most):
        try:
            hit = connection.execute("SELECT 1 FROM games WHERE id = ?", (row_id,)).fetchone()
        except sqlite3.Error:
            hit = None
        if hit:
            found.append(row_id)
            misses = 0
        else:
            misses += 1
            if misses > 1000:
                break
    return found
