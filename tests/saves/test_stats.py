"""The player's record (issue 24): finished games stored in SQLite, read back, summarized,
exported; a damaged or locked database is reported and never stops play."""

import csv
import random
import sqlite3
from datetime import datetime, timedelta, timezone

import pytest

from engine import registry
from engine.match import Match, Seat
from engine.shifting_stones.data import CARDS
from saves import stats
from tests.dice_game import PIG

START = datetime(2026, 12, 1, 12, 0, tzinfo=timezone.utc)


def finished_match(seats, seed: int) -> Match:
    """A Stake Pig game played to the end with seeded random moves (bots too, for speed)."""
    match = Match(PIG, seats, {}, seed)
    rng = random.Random(seed)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def person_and(level):
    return [Seat("human", "Ana"), Seat("bot", f"Bot ({level})", level)]


def test_record_of_a_finished_game_names_everything_the_statistics_need():
    match = finished_match(person_and("hard"), seed=3)
    record = stats.record_of(match, duration=93.46, finished_at=START)
    sheet = match.state.score_sheet()
    assert record.game == PIG.id and record.seed == 3
    assert record.seats == (
        {"kind": "human", "name": "Ana", "level": None},
        {"kind": "bot", "name": "Bot (hard)", "level": "hard"},
    )
    assert record.opponents == "hard"
    assert record.scores == tuple(p["total"] for p in sheet["players"])
    assert record.winners == tuple(sheet["winners"])
    assert record.person_won == (0 in sheet["winners"])
    assert record.person_score == sheet["players"][0]["total"]
    assert record.turns == match.turn_count() and record.turns > 0
    assert record.duration == 93.5 and record.finished_at == "2026-12-01T12:00:00+00:00"


def random_finished(spec, seats, seed: int) -> Match:
    match = Match(spec, seats, {}, seed)
    rng = random.Random(seed)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def test_shifting_stones_records_points_and_bonus_and_a_solo_game_its_cards():
    """SS-D5: a player's score is their cards' points and the most-1-point-cards bonus; alone
    (SS-D1), the record is won or lost and the cards scored of 16."""
    spec = registry.get("shifting-stones")
    match = random_finished(spec, person_and("easy"), seed=5)
    record = stats.record_of(match, duration=10, finished_at=START)
    points = [sum(CARDS[card].points for card in cards) for cards in match.state.scored]
    bonus = [row[2] for row in match.state.score_sheet()["rows"]]
    assert record.scores == tuple(p + b for p, b in zip(points, bonus))
    assert sorted(bonus) == [0, 3]  # one player, not both, had the most 1-point cards here
    assert record.winners == tuple(match.state.score_sheet()["winners"])
    assert record.person_won == (0 in record.winners) and record.person_score == record.scores[0]
    alone = random_finished(spec, [Seat("human", "Ana")], seed=5)
    record = stats.record_of(alone, duration=10, finished_at=START)
    assert record.opponents == "solo" and record.winners == ()
    assert record.person_won is alone.state.score_sheet()["solo"]["won"]
    assert record.person_score == len(alone.state.scored[0]) and alone.state.strikes == 4


def test_bots_only_and_unfinished_games_are_not_the_players_record():
    bots = finished_match([Seat("bot", "A", "easy"), Seat("bot", "B", "hard")], seed=1)
    assert stats.record_of(bots, 10) is None
    unfinished = Match(PIG, person_and("easy"), {}, 1)
    assert stats.record_of(unfinished, 10) is None


def test_opponent_groups():
    assert stats.opponents_of(person_and("easy")) == "easy"
    assert (
        stats.opponents_of([Seat("human", "A"), Seat("bot", "B", "easy"), Seat("bot", "C", "hard")])
        == "mixed"
    )
    assert stats.opponents_of([Seat("human", "A"), Seat("human", "B")]) == "people"
    assert stats.opponents_of([Seat("human", "A")]) == "solo"


def test_records_written_and_read_back_in_order(tmp_path):
    path = tmp_path / "stats.sqlite3"
    written = []
    for i in range(6):
        record = stats.record_of(
            finished_match(person_and(("easy", "hard")[i % 2]), seed=i),
            duration=60 + i,
            finished_at=START + timedelta(hours=i),
        )
        assert stats.add(record, path) is None
        written.append(record)
    records, skipped = stats.read_all(path)
    assert skipped == 0
    assert records == written


def test_no_database_yet_means_no_games(tmp_path):
    assert stats.read_all(tmp_path / "none.sqlite3") == ([], 0)


def test_the_default_database_lives_in_the_user_data_folder(private_user_folders):
    assert (
        stats.stats_path() == private_user_folders / "data" / "tabletop-trio" / "statistics.sqlite3"
    )


def rec(won: bool, score, opponents="medium", hour=0):
    return stats.GameRecord(
        "pig",
        {},
        ({"kind": "human", "name": "A", "level": None},),
        opponents,
        (score,),
        (0,) if won else (1,),
        won,
        score,
        5,
        30.0,
        1,
        (START + timedelta(hours=hour)).isoformat(),
    )


def test_summary_counts_wins_scores_and_streaks():
    history = [
        rec(True, 10),
        rec(True, 14),
        rec(False, 8),
        rec(True, 20),
        rec(True, 12),
        rec(True, 9),
        rec(False, 7),
        rec(True, 11),
    ]
    summary = stats.summarize(history)
    assert (summary.games, summary.wins) == (8, 6)
    assert summary.win_rate == pytest.approx(0.75)
    assert summary.average_score == pytest.approx(91 / 8)
    assert summary.best_score == 20
    assert (summary.current_streak, summary.best_streak) == (1, 3)


def test_a_win_a_bot_shared_is_a_win_counted_as_shared():
    """Rules (Tea Time TT-D5, Diced Tomatoes, Shifting Stones): tied players share the
    victory. A person tied with a bot has won, and the summary counts it among the shared."""
    seats = (
        {"kind": "human", "name": "A", "level": None},
        {"kind": "bot", "name": "B", "level": "easy"},
    )
    tied = stats.GameRecord("pig", {}, seats, "easy", (9, 9), (0, 1), True, 9, 5, 30.0, 1, "x")
    alone = stats.GameRecord("pig", {}, seats, "easy", (9, 7), (0,), True, 9, 5, 30.0, 1, "y")
    lost = stats.GameRecord("pig", {}, seats, "easy", (7, 9), (1,), False, 7, 5, 30.0, 1, "z")
    assert [stats.shared_with_a_bot(r) for r in (tied, alone, lost)] == [True, False, False]
    summary = stats.summarize([tied, alone, lost])
    assert (summary.wins, summary.shared) == (2, 1)


def test_summary_of_no_games_has_no_rates():
    summary = stats.summarize([])
    assert summary == stats.Summary(0, 0, None, None, None, 0, 0)


def test_by_opponents_groups_in_menu_order():
    groups = stats.by_opponents([rec(True, 5, "hard"), rec(False, 3, "easy"), rec(True, 4, "easy")])
    assert list(groups) == ["easy", "hard"]
    assert (groups["easy"].games, groups["easy"].wins) == (2, 1)


def test_a_damaged_database_is_reported_kept_and_set_aside_when_the_next_game_is_recorded(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    path.write_bytes(b"this is not a database, just some text" * 100)
    with pytest.raises(stats.StatsError, match="damaged"):
        stats.read_all(path)
    assert path.read_bytes().startswith(b"this is not")  # reading changes nothing
    note = stats.add(rec(True, 5), path)
    assert "damaged" in note and "statistics-damaged-" in note
    kept = list(tmp_path.glob("statistics-damaged-*.sqlite3"))
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"this is not")
    records, _ = stats.read_all(path)
    assert records == [rec(True, 5)]


def test_a_database_of_another_shape_counts_as_damaged(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.execute("CREATE TABLE games (id INTEGER)")
    with pytest.raises(stats.StatsError, match="damaged"):
        stats.read_all(path)


def test_a_locked_database_is_reported_and_nothing_is_lost(tmp_path, monkeypatch):
    monkeypatch.setattr(stats, "LOCK_WAIT", 0.05)  # the wait is the same, only shorter
    path = tmp_path / "statistics.sqlite3"
    stats.add(rec(True, 5), path)
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(stats.StatsError, match="busy"):
            stats.add(rec(False, 2), path)
        with pytest.raises(stats.StatsError, match="busy"):
            stats.read_all(path)
    finally:
        holder.rollback()
        holder.close()
    assert stats.read_all(path) == ([rec(True, 5)], 0)


def test_a_newer_database_is_left_alone(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    stats.add(rec(True, 5), path)
    with sqlite3.connect(path) as connection:
        connection.execute("PRAGMA user_version = 99")
    with pytest.raises(stats.StatsError, match="newer version"):
        stats.add(rec(True, 6), path)
    with sqlite3.connect(path) as connection:
        assert connection.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 1


def test_an_unreadable_row_is_skipped_and_counted(tmp_path):
    path = tmp_path / "statistics.sqlite3"
    stats.add(rec(True, 5), path)
    stats.add(rec(False, 2, hour=1), path)
    with sqlite3.connect(path) as connection:
        connection.execute("UPDATE games SET seats = 'not json' WHERE id = 1")
    records, skipped = stats.read_all(path)
    assert records == [rec(False, 2, hour=1)] and skipped == 1


def test_a_folder_that_cannot_be_made_is_reported(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(stats.StatsError, match="not added"):
        stats.add(rec(True, 5), blocker / "statistics.sqlite3")


def test_csv_export_has_one_row_per_game(tmp_path):
    records = [rec(True, 10, "easy"), rec(False, 7.5, "hard", hour=2), rec(True, 9, "people")]
    out = stats.export_csv(records, tmp_path / "out" / "stats.csv")
    rows = list(csv.reader(out.open(encoding="utf-8")))
    assert rows[0] == list(stats.CSV_HEADER)
    assert rows[1][:3] == ["2026-12-01T12:00:00+00:00", "pig", "easy"]
    assert rows[1][7:9] == ["yes", "10"]
    assert rows[2][7:9] == ["no", "7.5"]
    # play-test: the screen said a hot-seat game's wins are not counted, the file said "yes"
    assert rows[3][7:9] == ["", "9"]
    assert len(rows) == 4
