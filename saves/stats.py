"""The player's record: every finished game with a person seated, in a local SQLite database.

The database is ``platformdirs.user_data_path("tabletop-trio") / "statistics.sqlite3"`` (the
standard library's ``sqlite3``), one row per finished game: the game, its options, the seats and
their levels, every seat's score, the winners, the number of turns, how long it was played (the
seconds the table was on screen in the sitting that finished it), the seed and the date.

Nothing here may stop a game: every failure is a :class:`StatsError` in plain words. The
database is treated as one (:mod:`saves.stats_db`): checked when the program starts, damaged
rows set aside one by one and the rest kept, every read typed and tolerant, and a database
that cannot be written now (another copy writing, a full or read-only disk) never counted as
damage — the record waits in a queue and is added later. Each record has an id
(:func:`record_id_of`, from the game itself) so adding it again adds nothing.

Statistics are from the people's side of the table: a game is won when a person seated is among
the winners (solo games: when the solo goal was reached); the score is the best score of a person
seated. Games are grouped by opponents (:func:`opponents_of`): the bots' level when every bot
plays at one level, ``mixed`` for bots of several levels, ``people`` for hot-seat games without
bots, ``solo`` for one person alone.
"""

from __future__ import annotations

import csv
import hashlib
import json
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import platformdirs

from translation import _

APP = "tabletop-trio"
FILE_NAME = "statistics.sqlite3"
LOCK_WAIT = 0.5
"""Seconds to wait for a database another copy of the program is writing."""
OPPONENT_GROUPS = ("easy", "medium", "hard", "mixed", "people", "solo")
"""The groups of :func:`opponents_of`, in the order the statistics screen lists them."""


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
    record_id: str = ""
    """The game's own id (:func:`record_id_of`): "" for a game recorded before ids existed."""

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


def record_of(
    match, duration: float, finished_at: datetime | None = None, people=None
) -> GameRecord | None:
    """The record of the finished ``match`` (an :class:`engine.match.Match`), or None when no
    person sat at the table (bots' games are not the player's record) or it is not over.

    ``duration`` is in seconds; ``finished_at`` defaults to now (UTC). ``people`` are the
    seats whose side the record takes (won, score): every person seated by default; in an
    online game this computer's, the friends elsewhere being opponents."""
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
    if people is None:
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
        record_id_of(match.to_save()),
    )


def record_id_of(save_data: dict) -> str:
    """The id of the game in ``save_data`` (``Match.to_save()``, or a save's envelope): the
    SHA-256 of what makes it this game — game, options, seats, seed, start and every step. A
    finished game and its autosave give the same id, so a record added again (a retry after a
    kill) is added once."""
    keys = ("game", "options", "seats", "seed", "start", "history")
    body = {key: save_data.get(key) for key in keys}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:40]


# --- the database (saves/stats_db.py) -----------------------------------------------------
def stats_path() -> Path:
    """Where the database is (the folder is made when a game is recorded)."""
    return platformdirs.user_data_path(APP) / FILE_NAME


def add(record: GameRecord, path: Path | None = None) -> str | None:
    """Store ``record`` once (:func:`saves.stats_db.add`): returns a sentence for the player
    when something was done on the way, else None; raises :class:`StatsError` (its
    ``NotNow`` when the record waits in the queue to be added later)."""
    from saves import stats_db

    return stats_db.add(record, Path(path) if path else stats_path())


def read_all(path: Path | None = None) -> tuple[list[GameRecord], int]:
    """Every readable recorded game, oldest first, and how many damaged rows were skipped
    (:func:`saves.stats_db.read_all`); raises :class:`StatsError` for a busy database or a
    file that cannot be read at all."""
    from saves import stats_db

    return stats_db.read_all(Path(path) if path else stats_path())


def check_at_start(path: Path | None = None) -> str | None:
    """Check the database when the program starts (:func:`saves.stats_db.check_at_start`);
    a sentence for the player when something was set aside, else None. Never raises."""
    from saves import stats_db

    return stats_db.check_at_start(Path(path) if path else stats_path())


# --- summaries ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Summary:
    """Figures over some games, oldest first: ``games``, ``wins``, ``win_rate`` (0..1, None
    without games), ``average_score`` / ``best_score`` (over games with a score, else None),
    ``current_streak`` (wins in a row up to the latest game), ``best_streak`` and ``shared``
    (the wins whose victory a bot shared, tied on the score: :func:`shared_with_a_bot`)."""

    games: int
    wins: int
    win_rate: float | None
    average_score: float | None
    best_score: float | None
    current_streak: int
    best_streak: int
    shared: int = 0


def shared_with_a_bot(record) -> bool:
    """Whether ``record`` is a win a bot shared: a person seated and a bot are both among the
    winners (the games' rules let tied players share the victory)."""
    seats = record.seats
    return record.person_won and any(
        0 <= i < len(seats) and seats[i].get("kind") == "bot" for i in record.winners
    )


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
        sum(1 for r in records if shared_with_a_bot(r)),
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


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as the start of a formula in a cell of text."""


def as_text_cell(value):
    """``value`` for a CSV cell: a number as it is; text starting as a formula would
    (``= + - @``, a tab or a carriage return: a name like ``=HYPERLINK(...)``) behind a ``'``,
    so a spreadsheet shows it as text and never runs it."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = str(value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(records, out_path: Path) -> Path:
    """Write ``records`` as CSV (one row per game, :data:`CSV_HEADER` first) to ``out_path``;
    returns it. ``won`` is empty for a game among friends only (a person always wins it: not
    counted, as the statistics screen says). Text cells that a spreadsheet would run as a
    formula are written as text (:func:`as_text_cell`). Raises :class:`StatsError` when the
    file cannot be written."""
    out_path = Path(out_path)
    try:
        out_path.parent.mkdir(parents=True, exist_ok=True)
        with open(out_path, "w", newline="", encoding="utf-8") as handle:
            writer = csv.writer(handle)
            writer.writerow(CSV_HEADER)
            for r in records:
                names = [str(seat.get("name", "")) for seat in r.seats]
                writer.writerow(
                    as_text_cell(cell)
                    for cell in [
                        r.finished_at,
                        r.game,
                        r.opponents,
                        "; ".join(names),
                        "; ".join(str(seat.get("level") or "person") for seat in r.seats),
                        "; ".join("" if s is None else f"{s:g}" for s in r.scores),
                        "; ".join(names[i] for i in r.winners if 0 <= i < len(names)),
                        "" if r.opponents == "people" else "yes" if r.person_won else "no",
                        "" if r.person_score is None else f"{r.person_score:g}",
                        r.turns,
                        f"{r.duration / 60:.1f}",
                        r.seed,
                        json.dumps(r.options, sort_keys=True, ensure_ascii=False),
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
