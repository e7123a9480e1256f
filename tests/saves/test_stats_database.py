"""Issue 36, items 3 and 5: the statistics are a database, treated as one.

An integrity check at start; damaged rows set aside one by one and the rest kept; every read
typed and tolerant (text in a score cell, bad bytes); a full or read-only disk means "not
recorded now, retried later", never "the whole record set aside"; a finished game's record
and its autosave's removal ordered so a kill between them loses neither, and counts it once.
"""

import csv
import sqlite3
from datetime import timedelta

import pytest

from engine.match import Match, Seat
from saves import finish, stats, stats_db, store
from tests.dice_game import PIG
from tests.saves.test_stats import START, finished_match, rec

pytestmark = pytest.mark.usefixtures("pig_registered")


def a_database(tmp_path, count=4):
    path = tmp_path / "statistics.sqlite3"
    for hour in range(count):
        stats.add(rec(hour % 2 == 0, 10 + hour, hour=hour), path)
    return path


def rows(path, table="games"):
    with sqlite3.connect(path) as connection:
        return connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]


def test_text_in_a_score_cell_is_one_damaged_row_set_aside_and_the_rest_kept(tmp_path):
    path = a_database(tmp_path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE games SET person_score = 'twelve' WHERE id = 2")
    records, skipped = stats.read_all(path)
    assert len(records) == 3 and skipped == 1  # read: skipped, never an exception
    note = stats.check_at_start(path)
    assert note == "1 damaged game of your statistics was set aside; the others are kept."
    assert rows(path) == 3 and rows(path, "set_aside") == 1
    assert stats.read_all(path) == (records, 0)


def test_bad_bytes_in_a_text_cell_never_raise_unicode_decode_error(tmp_path):
    """Issue 36: one damaged byte made sqlite3 raise UnicodeDecodeError out of the
    statistics, which crashed every game's end and lost the finished game."""
    path = a_database(tmp_path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE games SET seats = CAST(x'5bff22' AS TEXT) WHERE id = 1")
        connection.execute("UPDATE games SET game = CAST(x'c3' AS TEXT) WHERE id = 3")
    records, skipped = stats.read_all(path)
    assert len(records) == 2 and skipped == 2
    stats.add(rec(True, 30, hour=9), path)  # the next game's record goes in as ever
    assert stats.check_at_start(path).startswith("2 damaged games")
    assert [r.person_score for r in stats.read_all(path)[0]] == [11, 13, 30]


def test_a_silently_changed_record_is_found_by_its_checksum(tmp_path):
    """600 damaged databases had changed 71 records without a word: each row carries the
    checksum of its values."""
    path = a_database(tmp_path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE games SET person_score = 99, scores = '[99]' WHERE id = 4")
    records, skipped = stats.read_all(path)
    assert 99 not in [r.person_score for r in records] and skipped == 1


@pytest.mark.parametrize(
    "problem",
    ["database or disk is full", "attempt to write a readonly database", "disk I/O error"],
)
def test_a_full_or_read_only_disk_queues_the_record_and_sets_nothing_aside(
    tmp_path, monkeypatch, problem
):
    """Issue 36: any error but "locked" counted as damage, and the whole record (30 games)
    was set aside, never read again."""
    path = a_database(tmp_path)
    real_insert = stats_db.insert

    def refused(connection, record):
        raise sqlite3.OperationalError(problem)

    monkeypatch.setattr(stats_db, "insert", refused)
    with pytest.raises(stats_db.NotNow, match="will be added to your statistics later"):
        stats.add(rec(True, 50, hour=8), path)
    assert rows(path) == 4 and not list(tmp_path.glob("statistics-damaged-*"))
    assert len(stats_db.pending(path)) == 1
    monkeypatch.setattr(stats_db, "insert", real_insert)
    assert stats.check_at_start(path) is None  # at the next start: added
    assert not stats_db.pending(path)
    assert [r.person_score for r in stats.read_all(path)[0]][-1] == 50


def test_a_read_only_database_file_is_read_and_waits_to_be_written(tmp_path, monkeypatch):
    path = a_database(tmp_path, count=2)
    real_connect = stats_db._connect

    def read_only(where):
        connection = sqlite3.connect(f"file:{where}?mode=ro", uri=True)
        connection.text_factory = bytes
        return connection

    monkeypatch.setattr(stats_db, "_connect", read_only)
    assert len(stats.read_all(path)[0]) == 2
    with pytest.raises(stats_db.NotNow):
        stats.add(rec(False, 1, hour=5), path)
    assert stats.check_at_start(path) is None and rows(path) == 2
    monkeypatch.setattr(stats_db, "_connect", real_connect)
    stats.add(rec(False, 2, hour=6), path)  # the waiting record goes in with the next
    assert rows(path) == 4 and not stats_db.pending(path)


def test_a_malformed_file_is_rebuilt_from_the_rows_it_still_gives(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    for hour in range(300):
        stats.add(rec(True, hour, hour=hour), path)
    data = bytearray(path.read_bytes())
    page = 4096
    middle = len(data) // page // 2 * page
    data[middle : middle + page] = b"\x17" * page  # one page of rows destroyed
    path.write_bytes(bytes(data))
    note = stats.check_at_start(path)
    assert note and "was damaged" in note and "statistics-damaged-" in note
    kept = list(tmp_path.glob("statistics-damaged-*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes() == bytes(data)  # the damaged file kept
    records, skipped = stats.read_all(path)
    assert 200 <= len(records) < 300 and skipped == 0
    scores = [r.person_score for r in records]
    assert len(set(scores)) == len(scores) and set(scores) <= set(range(300))


def test_a_file_that_is_no_database_is_kept_aside_and_a_new_one_starts(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"SQLite format 3\x00" + b"\x00garbage" * 500)
    note = stats.check_at_start(path)
    assert note and "statistics-damaged-" in note
    assert stats.read_all(path) == ([], 0)


def test_a_record_added_twice_counts_once(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    match = finished_match([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=4)
    record = stats.record_of(match, 60)
    assert record.record_id == stats.record_id_of(match.to_save())
    stats.add(record, path)
    stats.add(record, path)
    assert len(stats.read_all(path)[0]) == 1


def finished_in_its_slot(seed=4):
    """A finished game whose last step is in its autosave slot (as the table leaves it)."""
    match = finished_match([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=seed)
    return match, store.autosave(match)


def test_the_record_comes_first_then_the_autosave_goes():
    match, slot = finished_in_its_slot()
    assert finish.record_and_clear(match, 42.0) == []
    assert not slot.exists()
    assert [r.record_id for r in stats.read_all()[0]] == [stats.record_id_of(match.to_save())]


def test_a_kill_between_record_and_removal_loses_nothing_and_counts_once(monkeypatch):
    """Issue 36: two finished games were lost when the kill landed right after the last move."""
    match, slot = finished_in_its_slot()
    with monkeypatch.context() as killed:
        killed.setattr(store, "drop_autosave_of", lambda m, folder=None: False)
        finish.record_and_clear(match, 42.0)
    assert slot.exists() and len(stats.read_all()[0]) == 1
    finish.settle()  # the next start
    assert not slot.exists() and len(stats.read_all()[0]) == 1


def test_a_kill_before_the_record_is_settled_at_the_next_start():
    match, slot = finished_in_its_slot(seed=7)
    assert stats.read_all() == ([], 0)  # killed before anything was recorded
    finish.settle()
    records = stats.read_all()[0]
    assert not slot.exists() and len(records) == 1
    assert records[0].record_id == stats.record_id_of(match.to_save())


def test_an_unfinished_game_in_its_slot_is_left_alone_at_start():
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], seed=2)
    slot = store.autosave(match)
    finish.settle()
    assert slot.exists() and stats.read_all() == ([], 0)


def test_csv_cells_that_would_run_as_formulas_are_written_as_text(tmp_path):
    """Issue 36, item 4: names beginning with = + - @ became spreadsheet formulas."""
    names = ['=HYPERLINK("x")', "+1", "-2", "@SUM(A1)", "\tTab", "\rCR", "Ana"]
    records = [_named(name, hour) for hour, name in enumerate(names)]
    out = stats.export_csv(records, tmp_path / "stats.csv")
    read = list(csv.reader(out.open(encoding="utf-8", newline="")))
    cells = [row[3] for row in read[1:]]
    assert cells == ["'" + name for name in names[:-1]] + ["Ana"]
    assert read[1][9] == "5" and read[1][11] == "1"  # numbers stay numbers


def _named(name, hour):
    record = rec(True, 5, hour=hour)
    seats = ({"kind": "human", "name": name, "level": None},)
    return stats.GameRecord(**{**record.__dict__, "seats": seats})


def test_odd_cells_never_crash_the_export(tmp_path):
    odd = stats.GameRecord(
        "pig",
        {"x": "ü\u200b"},
        ({"kind": "human", "name": "Zoë \u202e", "level": None},),
        "solo",
        (None, 2.5),
        (7,),
        False,
        None,
        0,
        0.0,
        -1,
        (START + timedelta(days=1)).isoformat(),
    )
    out = stats.export_csv([odd], tmp_path / "odd.csv")
    assert len(list(csv.reader(out.open(encoding="utf-8", newline="")))) == 2


def test_a_damaged_schema_page_loses_no_row_still_whole_in_its_page(tmp_path):
    """SQLite finds no table once its first page (the schema) is damaged; the rows are read
    from their own pages (saves/sqlite_pages.py), each kept only if its checksum holds."""
    path = tmp_path / "statistics.sqlite3"
    for hour in range(40):
        stats.add(rec(hour % 3 == 0, hour, hour=hour), path)
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\x00" * (4096 - 100)  # the schema gone, the header kept
    path.write_bytes(bytes(data))
    with pytest.raises(stats.StatsError, match="damaged"):
        stats.read_all(path)
    note = stats.check_at_start(path)
    assert note.startswith("Your statistics file was damaged: 40 games were kept")
    assert sorted(r.person_score for r in stats.read_all(path)[0]) == list(range(40))
