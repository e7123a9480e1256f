"""Fuzz the statistics database: damaged files, then the program's start, reads, a new game's
record and the CSV export.

    python -m bench.fuzz_stats [--cases 300] [--games 30] [--seed 0] [--show 3]

Each case writes a database of ``--games`` records, then damages it one way: bytes flipped at
random, a page overwritten, the file cut short, or cells edited with SQL (text in a number's
place, bytes that are not UTF-8, NULLs, huge numbers). Then it runs what the program runs:
the check at start (``saves.stats.check_at_start``), reading every record, adding the record
of a new game, reading again and exporting CSV. Prints the count of cases, tracebacks,
changed records (a record read back that differs from the one written: a change that went
unseen), rows set aside (damaged, kept in the ``set_aside`` table), records lost (neither
read back nor set aside: in a page SQLite can no longer read, kept only in the damaged file
beside) and files rebuilt (a file SQLite cannot read whole, its readable rows kept).
"""

from __future__ import annotations

import argparse
import collections
import random
import sqlite3
import tempfile
import time
import traceback
from dataclasses import replace
from datetime import datetime, timedelta, timezone
from pathlib import Path

from saves import stats

START = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)


def a_record(rng: random.Random, number: int) -> stats.GameRecord:
    seats = ({"kind": "human", "name": f"Ana {number}", "level": None},) + tuple(
        {"kind": "bot", "name": f"Bot {n}", "level": "easy"} for n in range(rng.randint(1, 3))
    )
    scores = tuple(rng.randint(0, 60) for _seat in seats)
    return stats.GameRecord(
        rng.choice(
            ["potion-explosion", "off-the-rails", "diced-tomatoes", "tea-time", "shifting-stones"]
        ),
        {"option": rng.random() < 0.5},
        seats,
        "easy",
        scores,
        (scores.index(max(scores)),),
        scores.index(max(scores)) == 0,
        scores[0],
        rng.randint(1, 60),
        round(rng.uniform(10, 4000), 1),
        rng.randint(0, 10**9),
        (START + timedelta(minutes=number)).isoformat(),
        f"{number:040x}",
    )


SQL_EDITS = (
    "UPDATE games SET person_score = 'twelve' WHERE id = {row}",
    "UPDATE games SET scores = CAST(x'5bff5d' AS TEXT) WHERE id = {row}",
    "UPDATE games SET seats = CAST(x'c3' AS TEXT) WHERE id = {row}",
    "UPDATE games SET turns = NULL WHERE id = {row}",
    "UPDATE games SET duration = 1e400 WHERE id = {row}",
    "UPDATE games SET seed = 'seed' WHERE id = {row}",
    "UPDATE games SET finished_at = x'00ff' WHERE id = {row}",
    "UPDATE games SET person_score = person_score + 1 WHERE id = {row}",
    "UPDATE games SET winners = '[99]' WHERE id = {row}",
    "UPDATE games SET checksum = NULL WHERE id = {row}",
    "UPDATE games SET opponents = 'gods' WHERE id = {row}",
)


def damage(path: Path, rng: random.Random, games: int) -> str:
    """Damage the database at ``path`` one way; returns how."""
    how = rng.choice(["bytes", "page", "cut", "sql", "sql"])
    if how == "sql":
        with sqlite3.connect(path) as connection:
            for _edit in range(rng.randint(1, 3)):
                edit = rng.choice(SQL_EDITS)
                try:
                    connection.execute(edit.format(row=rng.randint(1, games)))
                except sqlite3.IntegrityError:
                    pass  # the schema refuses it (a NULL where none may be)
        return how
    data = bytearray(path.read_bytes())
    if how == "bytes":
        for _flip in range(rng.randint(1, 12)):
            at = rng.randrange(len(data))
            data[at] = rng.randrange(256)
    elif how == "page":
        page = 4096
        at = rng.randrange(len(data) // page) * page
        data[at : at + page] = bytes(rng.randrange(256) for _ in range(page))
    else:
        data = data[: rng.randrange(len(data))]
    path.write_bytes(bytes(data))
    return how


def run_case(folder: Path, rng: random.Random, games: int) -> collections.Counter:
    counts: collections.Counter = collections.Counter()
    path = folder / "statistics.sqlite3"
    written = [a_record(rng, number) for number in range(games)]
    for record in written:
        stats.add(record, path)
    damage(path, rng, games)
    try:
        stats.check_at_start(path)
        try:
            records, _skipped = stats.read_all(path)
        except stats.StatsError:
            records = []
        newest = a_record(rng, games + 1)
        try:
            stats.add(newest, path)
        except stats.StatsError:
            pass
        try:
            records, _skipped = stats.read_all(path)
        except stats.StatsError:
            records = []
        stats.export_csv(records, folder / "export.csv")
    except Exception:  # noqa: BLE001 - what the fuzzer counts
        counts["traceback"] += 1
        run_case.last = traceback.format_exc()[-1500:]  # type: ignore[attr-defined]
        return counts
    by_id = {record.record_id: record for record in [*written, newest]}
    for record in records:
        original = by_id.get(record.record_id)
        if original is None or _differs(record, original):
            counts["changed"] += 1
    set_aside = _set_aside_count(path)
    if list(folder.glob("statistics-damaged-*.sqlite3")):
        counts["rebuilt"] += 1  # the damaged file kept beside, its readable rows in the new
    found = {record.record_id for record in records}
    missing = [r for r in written if r.record_id not in found]
    counts["lost"] += max(0, len(missing) - set_aside)
    counts["set aside"] += set_aside
    return counts


def _differs(read: stats.GameRecord, written: stats.GameRecord) -> bool:
    return replace(read, person_score=float(read.person_score or 0)) != replace(
        written, person_score=float(written.person_score or 0), duration=float(written.duration)
    )


def _set_aside_count(path: Path) -> int:
    try:
        with sqlite3.connect(path) as connection:
            return connection.execute("SELECT COUNT(*) FROM set_aside").fetchone()[0]
    except sqlite3.Error:
        return 0


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300)
    parser.add_argument("--games", type=int, default=30, help="records in each database")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="tracebacks shown in full")
    args = parser.parse_args(argv)
    began = time.perf_counter()
    totals: collections.Counter = collections.Counter()
    shown = 0
    for case in range(args.cases):
        rng = random.Random(args.seed * 100_000 + case)
        with tempfile.TemporaryDirectory() as folder:
            counts = run_case(Path(folder), rng, args.games)
        totals.update(counts)
        if counts["traceback"] and shown < args.show:
            shown += 1
            print(run_case.last)  # type: ignore[attr-defined]
    print(
        f"cases {args.cases}  tracebacks {totals['traceback']}  changed records "
        f"{totals['changed']}  rows set aside {totals['set aside']}  records lost "
        f"{totals['lost']}  files rebuilt {totals['rebuilt']}  "
        f"({time.perf_counter() - began:.1f} s)"
    )


if __name__ == "__main__":
    main()
