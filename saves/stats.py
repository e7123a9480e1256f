"""The player's record: every finished game with a person seated, in a local SQLite database.

The database is ``platformdirs.user_data_path("tabletop-trio") / "statistics.sqlite3"`` (the
standard library's ``sqlite3``), one row per finished game: the game, its options, the seats and
their levels, every seat's score, the winners, the number of turns, how long it was played (the
seconds the table was on screen in the sitting that finished it), the seed and the date.

Nothing here may stop a game: every failure is a :class:`StatsError` in plain words. A locked
database (another copy of the program writing) gives up after :data:`LOCK_WAIT` seconds and the
game is simply not recorded. A damaged one is never deleted: when the next game is recorded it is
set aside as ``statistics-damaged-TIME.sqlite3`` and a new database starts.

Statistics are from the people's side of the table: a game is won when a person seated is among
the winners (solo games: when the solo goal was reached); the score is the best score of a person
seated. Games are grouped by opponents (:func:`opponents_of`): the bots' level when every bot
plays at one level, ``mixed`` for bots of several levels, ``people`` for hot-seat games without
bots, ``solo`` for one person alone.
"""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from translation import _

APP = "tabletop-trio"
FILE_NAME = "statistics.sqlite3"
SCHEMA_VERSION = 1
LOCK_WAIT = 0.5
"""Seconds to wait for a database another copy of the program is writing."""
OPPONENT_GROUPS = ("easy", "medium", "hard", "mixed", "people", "solo")
"""The groups of :func:`opponents_of`, in the order the statistics screen lists them."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
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
    finished_at TEXT NOT NULL
)
"""
_COLUMNS = (
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


class StatsError(Exception):
    """The statistics could not be read or written; ``str(err)`` is a sentence for the player."""


@dataclass(frozen=True)
class GameRecord:
    """One finished game as stored.

    ``options`` is the match's option dict; ``seats`` a tuple of ``{"kind", "name", "level"}``
    dicts; ``scores`` one total per seat (None where a game gives no number); ``winners`` seat
    indices; ``person_won`` whether a person seated won; ``person_score`` the best score of a
    person seated; ``turns`` the number of turns started; ``duration`` seconds played;
    ``finished_at`` an ISO 8601 UTC time ("2026-12-01T18:30:00+00:00").
    """

    game: str
    options: dict
    seats: tuple
    opponents: str
    scores: tuple
    winners: tuple
    person_won: bool
    person_score: float | None
    turns: int
    duration: float
    seed: int
    finished_at: str

    @property
    def date(self) -> str:
        """``"2026-12-01"``: the day it finished."""
        return self.finished_at[:10]


def opponents_of(seats) -> str:
    """The group a game's seats put it in: a bot level (every bot at that level), ``"mixed"``
    (bots of several levels), ``"people"`` (several people, no bot) or ``"solo"``.

    ``seats`` are :class:`engine.match.Seat` objects or their ``to_dict`` output."""

    def level(seat):
        return seat.get("level") if isinstance(seat, dict) else seat.level

    def is_bot(seat):
        return (seat.get("kind") if isinstance(seat, dict) else seat.kind) == "bot"

    levels = {level(seat) for seat in seats if is_bot(seat)}
    if not levels:
        return "solo" if len(seats) == 1 else "people"
    return levels.pop() if len(levels) == 1 else "mixed"


def _number(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def record_of(match, duration: float, finished_at: datetime | None = None) -> GameRecord | None:
    """The record of the finished ``match`` (an :class:`engine.match.Match`), or None when no
    person sat at the table (bots' games are not the player's record) or it is not over.

    ``duration`` is in seconds; ``finished_at`` defaults to now (UTC)."""
    if not match.is_terminal() or all(seat.is_bot for seat in match.seats):
        return None
    sheet = match.state.score_sheet()
    if "rows" in sheet:  # the protocol's sheet: the total is the last column
        scores = tuple(_number(row[-1]) if row else None for row in sheet["rows"])
    else:  # an older sheet shape: {"players": [{"total": …}, …]}
        scores = tuple(
            _number(p.get("total")) if isinstance(p, dict) else None
            for p in sheet.get("players", [])
        )
    winners = tuple(int(i) for i in sheet.get("winners", []))
    people = [i for i, seat in enumerate(match.seats) if not seat.is_bot]
    solo = sheet.get("solo")
    if solo is not None:
        won = bool(solo.get("won"))
    else:
        won = any(i in winners for i in people)
    person_scores: list[int] = [
        score for i in people if i < len(scores) and (score := scores[i]) is not None
    ]
    when = (finished_at or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    return GameRecord(
        match.spec.id,
        dict(match.options),
        tuple(s.to_dict() for s in match.seats),
        opponents_of(match.seats),
        scores,
        winners,
        won,
        max(person_scores) if person_scores else None,
        match.turn_count(),
        round(float(duration), 1),
        match.seed,
        when,
    )


# --- the database -----------------------------------------------------------------------------
def stats_path() -> Path:
    """Where the database is (the folder is made when a game is recorded)."""
    return platformdirs.user_data_path(APP) / FILE_NAME


def _is_locked(err: sqlite3.Error) -> bool:
    words = str(err).lower()
    return "locked" in words or "busy" in words


def _open(path: Path, create: bool) -> sqlite3.Connection:
    """A connection with the schema checked (and made when ``create``); raises sqlite3 errors,
    or :class:`StatsError` for a database from a newer version."""
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
    connection = sqlite3.connect(str(path), timeout=LOCK_WAIT)
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise StatsError(
                _(
                    "{file} was made by a newer version of Tabletop Trio; it is left as it is."
                ).format(file=path.name)
            )
        if create and version < SCHEMA_VERSION:
            with connection:
                connection.execute(_SCHEMA)
                connection.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        # a file of another program, or a table that lost columns, is as good as damaged
        connection.execute(f"SELECT {', '.join(_COLUMNS)} FROM games LIMIT 0")
    except BaseException:
        connection.close()
        raise
    return connection


def _set_aside(path: Path) -> Path:
    """Move a damaged database to a name of its own (never deleted); returns the new path."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
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
    return target


def _insert(connection: sqlite3.Connection, record: GameRecord) -> None:
    values = (
        record.game,
        json.dumps(record.options, sort_keys=True),
        json.dumps(list(record.seats), ensure_ascii=False),
        record.opponents,
        json.dumps(list(record.scores)),
        json.dumps(list(record.winners)),
        int(record.person_won),
        record.person_score,
        record.turns,
        record.duration,
        record.seed,
        record.finished_at,
    )
    with connection:
        connection.execute(
            f"INSERT INTO games ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
            values,
        )


def add(record: GameRecord, path: Path | None = None) -> str | None:
    """Store ``record``. Returns a sentence for the player when something had to be done on the
    way (a damaged database set aside), else None.

    Raises :class:`StatsError` when the game could not be recorded (a locked database, a folder
    that cannot be made, a full disk); the database is left as it was."""
    path = Path(path) if path else stats_path()
    note = None
    for attempt in range(2):
        try:
            with closing(_open(path, create=True)) as connection:
                _insert(connection, record)
            return note
        except sqlite3.Error as err:
            if _is_locked(err):
                raise StatsError(
                    _(
                        "This game was not added to your statistics: the "
                        "statistics file is busy (is another copy of Tabletop "
                        "Trio open?)."
                    )
                ) from None
            if attempt or not isinstance(err, sqlite3.DatabaseError):
                raise StatsError(
                    _("This game was not added to your statistics ({reason}).").format(reason=err)
                ) from None
            try:
                kept = _set_aside(path)
            except OSError as move_error:
                raise StatsError(
                    _(
                        "This game was not added to your statistics: {file} is "
                        "damaged and cannot be moved aside ({reason})."
                    ).format(file=path.name, reason=move_error.strerror or move_error)
                ) from None
            note = _(
                "Your statistics file was damaged; it is kept as {file} and a new one has started."
            ).format(file=kept.name)
    return note


def _record_from_row(row) -> GameRecord:
    (
        game,
        options,
        seats,
        opponents,
        scores,
        winners,
        person_won,
        person_score,
        turns,
        duration,
        seed,
        finished_at,
    ) = row
    options, seats = json.loads(options), json.loads(seats)
    scores, winners = json.loads(scores), json.loads(winners)
    if not (
        isinstance(game, str)
        and isinstance(options, dict)
        and isinstance(seats, list)
        and isinstance(scores, list)
        and isinstance(winners, list)
        and isinstance(finished_at, str)
        and opponents in OPPONENT_GROUPS
    ):
        raise ValueError("a damaged row")
    return GameRecord(
        game,
        options,
        tuple(seats),
        opponents,
        tuple(scores),
        tuple(winners),
        bool(person_won),
        person_score,
        int(turns),
        float(duration),
        int(seed),
        finished_at,
    )


def read_all(path: Path | None = None) -> tuple[list[GameRecord], int]:
    """Every recorded game, oldest first, and how many rows were unreadable (skipped).

    No file yet: no games. Raises :class:`StatsError` for a locked or damaged database (it is
    not changed)."""
    path = Path(path) if path else stats_path()
    if not path.exists():
        return [], 0
    try:
        with closing(_open(path, create=False)) as connection:
            rows = connection.execute(
                f"SELECT {', '.join(_COLUMNS)} FROM games ORDER BY finished_at, id"
            ).fetchall()
    except sqlite3.Error as err:
        if _is_locked(err):
            raise StatsError(
                _(
                    "Your statistics are busy (is another copy of Tabletop Trio "
                    "open?). Try again in a moment."
                )
            ) from None
        raise StatsError(
            _(
                "Your statistics file {file} is damaged; it is kept, and set "
                "aside when the next game is recorded."
            ).format(file=path.name)
        ) from None
    records, skipped = [], 0
    for row in rows:
        try:
            records.append(_record_from_row(row))
        except (TypeError, ValueError):
            skipped += 1
    return records, skipped


# --- summaries ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Summary:
    """Figures over some games, oldest first: ``games``, ``wins``, ``win_rate`` (0..1, None
    without games), ``average_score`` / ``best_score`` (over games with a score, else None),
    ``current_streak`` (wins in a row up to the latest game) and ``best_streak``."""

    games: int
    wins: int
    win_rate: float | None
    average_score: float | None
    best_score: float | None
    current_streak: int
    best_streak: int


def summarize(records) -> Summary:
    """The :class:`Summary` of ``records`` (taken in the order given: oldest first)."""
    records = list(records)
    wins = sum(1 for r in records if r.person_won)
    scores = [r.person_score for r in records if r.person_score is not None]
    run = best = 0
    for r in records:
        run = run + 1 if r.person_won else 0
        best = max(best, run)
    return Summary(
        len(records),
        wins,
        wins / len(records) if records else None,
        sum(scores) / len(scores) if scores else None,
        max(scores) if scores else None,
        run,
        best,
    )


def by_opponents(records) -> dict:
    """``{opponents group: Summary}`` for the groups that have games, in
    :data:`OPPONENT_GROUPS` order."""
    records = list(records)
    return {
        group: summarize(r for r in records if r.opponents == group)
        for group in OPPONENT_GROUPS
        if any(r.opponents == group for r in records)
    }


CSV_HEADER = (
    "date",
    "game",
    "opponents",
    "seats",
    "levels",
    "scores",
    "winners",
    "won",
    "your_score",
    "turns",
    "minutes",
    "seed",
    "options",
)


def export_csv(records, out_path: Path) -> Path:
    """Write ``records`` as CSV (one row per game, :data:`CSV_HEADER` first) to ``out_path``;
    returns it. Raises :class:`StatsError` when the file cannot be written."""
    out_path = Path(out_path)
    try:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        with open(out_path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(CSV_HEADER)
            for r in records:
                names = [str(seat.get("name", "")) for seat in r.seats]
                writer.writerow(
                    [
                        r.finished_at,
                        r.game,
                        r.opponents,
                        "; ".join(names),
                        "; ".join(str(seat.get("level") or "person") for seat in r.seats),
                        "; ".join("" if s is None else f"{s:g}" for s in r.scores),
                        "; ".join(names[i] for i in r.winners if 0 <= i < len(names)),
                        "yes" if r.person_won else "no",
                        "" if r.person_score is None else f"{r.person_score:g}",
                        r.turns,
                        f"{r.duration / 60:.1f}",
                        r.seed,
                        json.dumps(r.options, sort_keys=True),
                    ]
                )
    except OSError as err:
        raise StatsError(
            _("Could not write {file}: {reason}.").format(file=out_path, reason=err.strerror or err)
        ) from None
    return out_path


def export_path() -> Path:
    """Where Export CSV writes: ``statistics-DATE.csv`` beside the database."""
    stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S")
    return stats_path().with_name(f"statistics-{stamp}.csv")
