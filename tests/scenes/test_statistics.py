"""The statistics screen and the table recording finished games (issue 24)."""

import dataclasses
import random
import sqlite3

import pygame
import pytest

import translation
from engine import registry
from engine.match import Match, Seat
from saves import stats
from scenes.game_over import GameOverScene
from scenes.statistics import (
    GROUP_NAMES,
    LEGEND_DOT_RADIUS,
    LEGEND_DOT_X,
    LEGEND_GAP,
    StatisticsScene,
    draw_score_chart,
    draw_win_rate_chart,
    table_columns,
)
from scenes.title import TitleScene
from tests.dice_game import PIG
from tests.scenes.driver import click, close_apps, find_button, frames, key, make_app
from tests.soak import WINDOW_SIZES


@pytest.fixture
def app(pig_app):
    return pig_app


def played_to_the_end(seats, seed=4) -> Match:
    match = Match(PIG, seats, {"target": 10}, seed)
    rng = random.Random(seed)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
    return match


def finish_at_table(app, match):
    from scenes.routes import open_match

    open_match(app, match)
    for _ in range(200):
        frames(app, 1, dt=0.2)
        if isinstance(app.manager.top, GameOverScene):
            return
    raise AssertionError("the game over screen never came")


def test_a_finished_game_with_a_person_is_recorded_once(app):
    match = played_to_the_end([Seat("human", "Ana"), Seat("bot", "Bot", "hard")])
    finish_at_table(app, match)
    frames(app, 5)
    records, _ = stats.read_all()
    assert len(records) == 1
    record = records[0]
    assert record.game == PIG.id and record.seed == 4 and record.opponents == "hard"
    assert record.turns == match.turn_count()
    table = app.manager.stack[-2]
    assert record.duration == round(table.played, 1)  # the seconds the table was on screen


def test_a_game_of_bots_only_is_not_recorded(app):
    finish_at_table(app, played_to_the_end([Seat("bot", "A", "easy"), Seat("bot", "B", "easy")]))
    assert stats.read_all() == ([], 0)


def test_a_damaged_database_is_said_and_the_game_still_ends(app):
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage" * 500)
    finish_at_table(app, played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", "easy")]))
    assert any("damaged" in message for message in app.messages)
    assert isinstance(app.manager.top, GameOverScene)
    assert len(stats.read_all()[0]) == 1
    assert list(path.parent.glob("statistics-damaged-*.sqlite3"))


def test_a_locked_database_is_said_and_the_game_still_ends(app, monkeypatch):
    monkeypatch.setattr(stats, "LOCK_WAIT", 0.05)  # the wait is the same, only shorter
    path = stats.stats_path()
    stats.add(
        stats.record_of(played_to_the_end([Seat("human", "A"), Seat("bot", "B", "easy")]), 5), path
    )
    holder = sqlite3.connect(path)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        finish_at_table(
            app, played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=9)
        )
    finally:
        holder.rollback()
        holder.close()
    assert any("busy" in message for message in app.messages)
    assert isinstance(app.manager.top, GameOverScene)


def fill(count=6):
    for seed in range(count):
        level = ("easy", "hard")[seed % 2]
        stats.add(
            stats.record_of(
                played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", level)], seed), 60
            )
        )


def test_title_opens_statistics_with_a_row_per_opponent_level(app):
    fill()
    click(app, find_button(app, "Statistics"))
    scene = app.manager.top
    assert isinstance(scene, StatisticsScene)
    assert scene.game == PIG.id and list(scene.tabs) == [PIG.id]
    groups = stats.by_opponents(scene.chosen_records())
    assert list(groups) == ["easy", "hard"] and groups["easy"].games == 3
    frames(app, 2)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.manager.top, TitleScene)


def test_export_csv_writes_every_game_beside_the_database(app):
    fill(3)
    click(app, find_button(app, "Statistics"))
    click(app, find_button(app, "Export CSV"))
    files = list(stats.stats_path().parent.glob("statistics-*.csv"))
    assert len(files) == 1
    assert len(files[0].read_text(encoding="utf-8").splitlines()) == 4
    assert any("Exported 3 games" in message for message in app.messages)
    # play-test: the toast covered Export CSV and Back; it stands above them
    buttons = [find_button(app, "Export CSV").get_abs_rect(), find_button(app, "Back").rect]
    toasts = [rect for _lines, rect in app.toast_rects()]
    assert toasts and not any(toast.colliderect(b) for toast in toasts for b in buttons)


def test_a_toast_names_a_folder_under_home_with_a_tilde(monkeypatch, tmp_path):
    """Play-test: a record's folder took five lines of a toast over the score screen's
    winner; under the home folder it reads "~/…"."""
    from pathlib import Path

    from scenes.toasts import shown_path

    monkeypatch.setattr(Path, "home", classmethod(lambda cls: tmp_path))
    assert shown_path(tmp_path / ".local" / "share" / "records") == str(
        Path("~", ".local", "share", "records")
    )
    assert shown_path(Path("/elsewhere/records")) == str(Path("/elsewhere/records"))


def test_statistics_screen_says_when_the_database_is_damaged(app):
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage" * 500)
    click(app, find_button(app, "Statistics"))
    scene = app.manager.top
    assert "damaged" in scene.problem and scene.game is None
    assert not find_button(app, "Export CSV").is_enabled
    frames(app, 2)


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_statistics_screen_draws_at_both_window_sizes(size):
    registry.register(PIG)
    try:
        fill()
        a = make_app(size=size)
        a.manager.push(StatisticsScene(a))
        frames(a, 2)
        table_rect = pygame.Rect(40, a.manager.top.top + 48, size[0] - 80, 100)
        assert table_rect.bottom < size[1] - 76
    finally:
        registry.unregister(PIG.id)
        close_apps()


def test_charts_draw_without_games_and_with_one():
    from scenes import kit

    pygame.font.init()
    kit.reset_caches()
    surface = pygame.Surface((600, 300))
    draw_score_chart(surface, pygame.Rect(0, 0, 400, 300), [])
    draw_win_rate_chart(surface, pygame.Rect(400, 0, 200, 300), {})
    record = stats.GameRecord(
        "pig",
        {},
        ({"kind": "human", "name": "A"},),
        "easy",
        (5,),
        (0,),
        True,
        5,
        3,
        10.0,
        1,
        "2026-12-01T10:00:00+00:00",
    )
    draw_score_chart(surface, pygame.Rect(0, 0, 400, 300), [record])
    draw_win_rate_chart(surface, pygame.Rect(400, 0, 200, 300), stats.by_opponents([record]))
    # the single win's dot is drawn filled in the easy colour at the centre of the plot
    assert surface.get_at((54 + (400 - 72) // 2, 40))[:3] == (110, 190, 110)


def test_the_score_sheet_saves_a_game_record_that_reads_back(app):
    from saves import record

    match = played_to_the_end([Seat("human", "Ana"), Seat("bot", "Bot", "easy")])
    finish_at_table(app, match)
    click(app, find_button(app, "Save record"))
    files = list(record.records_dir().glob("stake-pig-*.txt"))
    assert len(files) == 1
    assert record.load_record(files[0]).history == match.history
    assert any("Game record saved" in message for message in app.messages)


def test_games_among_friends_say_their_wins_are_not_counted():
    from scenes.statistics import against_bots_or_solo, summary_cells

    friends = stats.record_of(played_to_the_end([Seat("human", "Ana"), Seat("human", "Ben")]), 30)
    against = stats.record_of(
        played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=6), 30
    )
    cells = summary_cells("people", stats.summarize([friends]))
    assert cells[1] == "1"
    assert cells[2:4] == ["not counted", ""] and cells[6:] == ["not counted", ""]
    assert against_bots_or_solo([friends, against]) == [against]


@pytest.mark.parametrize("language", ["en", "ru"])
@pytest.mark.parametrize("width", [1280, 1024])
def test_the_colour_dots_keep_clear_of_the_group_names(width, language):
    """A legend dot once touched "Medium bots": the first column starts after the dot and a
    gap, and every group's name still fits it at 14 px or more."""
    from scenes import kit

    pygame.font.init()
    translation.set_language(language)
    kit.reset_caches()
    try:
        rect = pygame.Rect(40, 150, width - 80, 180)
        xs, widths = table_columns(rect)
        dot_right = rect.x + LEGEND_DOT_X + LEGEND_DOT_RADIUS
        assert xs[0] - dot_right >= LEGEND_GAP >= 8
        assert rect.x + LEGEND_DOT_X - LEGEND_DOT_RADIUS >= rect.x + 8  # inside the panel
        assert all(a + w <= b for a, w, b in zip(xs, widths, xs[1:], strict=False))
        for name in GROUP_NAMES.values():
            assert kit.fit_text(translation._(name), 16, widths[0]) >= 14, name
        # each heading whole at its size: equal columns shrank «Лучшая серия» (a play-tester)
        from scenes.statistics import COLUMNS

        for index, title in enumerate(COLUMNS[1:], start=1):
            assert kit.fit_text(translation._(title), 15, widths[index], bold=True) == 15, title
    finally:
        translation.set_language("en")
        kit.reset_caches()


def test_the_score_axis_says_whole_points(monkeypatch):
    """A player's find: scores from 0 to 15 labelled the middle line "7.5"; it has no label."""
    from scenes import kit

    pygame.font.init()
    kit.reset_caches()
    said = []
    real = kit.blit_text
    monkeypatch.setattr(
        kit, "blit_text", lambda s, text, *a, **k: said.append(text) or real(s, text, *a, **k)
    )
    records = [
        stats.GameRecord(
            "pig",
            {},
            ({"kind": "human", "name": "A"},),
            "easy",
            (score,),
            (0,),
            True,
            score,
            3,
            10.0,
            1,
            f"2026-12-0{day}T10:00:00+00:00",
        )
        for day, score in ((1, 0), (2, 15))
    ]
    draw_score_chart(pygame.Surface((600, 300)), pygame.Rect(0, 0, 400, 300), records)
    assert {"0", "15"} <= set(said) and "7.5" not in said


def test_a_game_among_friends_is_never_counted_or_drawn_as_a_win(app):
    """Play-test, after a hot-seat game: the header said "2 games finished, 1 won (100%)", the
    All opponents row counted the game with no average, and the chart drew it as a win. Among
    friends a person always wins: those games are told apart, their scores still count."""
    from scenes.statistics import counts_as_a_win, total_cells

    friends = stats.record_of(played_to_the_end([Seat("human", "Ana"), Seat("human", "Ben")]), 30)
    assert friends.person_won and not counts_as_a_win(friends)
    only_friends = total_cells([friends])
    assert only_friends[:4] == ["All opponents", "1", "not counted", ""]
    assert only_friends[4] == only_friends[5] == str(friends.person_score)
    against = stats.record_of(
        played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=6), 30
    )
    both = total_cells([friends, against])
    wins = 1 if against.person_won else 0
    assert both[:4] == ["All opponents", "2", str(wins), f"{wins * 100}%"]
    assert both[4] == f"{(friends.person_score + against.person_score) / 2:.1f}".rstrip("0").rstrip(
        "."
    )
    scene = StatisticsScene(app)
    scene.records = [friends, against]
    assert scene.subtitle() == (
        f"1 game finished, {wins} won ({wins * 100}%) · 1 game with friends"
    )
    scene.records = [friends]
    assert scene.subtitle() == "1 game with friends"


def test_the_line_under_the_heading_speaks_of_the_chosen_games_tab(app):
    """Play-test: each game's tab showed the same line, "1 game finished, 0 won (0%) · 1 game
    with friends", of every game recorded; it now counts the chosen game's."""
    friends = stats.record_of(played_to_the_end([Seat("human", "Ana"), Seat("human", "Ben")]), 30)
    against = stats.record_of(
        played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=6), 30
    )
    other = dataclasses.replace(against, game="other-game")
    scene = StatisticsScene(app)
    scene.records = [friends, other]
    scene.game = "stake-pig"
    assert scene.subtitle() == "1 game with friends"
    scene.game = "other-game"
    won = 1 if other.person_won else 0
    assert scene.subtitle() == f"1 game finished, {won} won ({won * 100}%)"


def a_record(opponents, score, won, day):
    seats = ({"kind": "human", "name": "A"},) + (
        () if opponents == "solo" else ({"kind": "bot", "name": "B", "level": opponents},)
    )
    return stats.GameRecord(
        "pig",
        {},
        seats,
        opponents,
        (score,),
        (0,) if won else (),
        won,
        score,
        3,
        60.0,
        1,
        f"2026-12-0{day}T10:00:00+00:00",
    )


def test_solo_results_have_their_own_row_and_chart(app):
    """Play-test: "All opponents" averaged 24 points with 2 matched solo slots to 13, and the
    score chart drew one line from 24 down to 2. Solo figures stand apart."""
    from scenes.statistics import total_cells

    records = [a_record("easy", 24, True, 1), a_record("solo", 2, False, 2)]
    assert total_cells(records)[:2] == ["All opponents", "1"]
    assert total_cells(records)[4] == "24"
    scene = StatisticsScene(app)
    scene.records, scene.game, scene.top = records, "pig", 92
    drawn = []
    import scenes.statistics as statistics

    real = statistics.draw_score_chart
    statistics.draw_score_chart = lambda s, r, rs, title=None, legend=None: (
        drawn.append((title, [x.person_score for x in rs])) or real(s, r, rs, title, legend)
    )
    try:
        scene.draw(pygame.Surface(app.size))
    finally:
        statistics.draw_score_chart = real
    assert drawn == [(None, [24]), ("Solo results over time", [2])]
    charts = [rect for rect, _ in scene.charts(pygame.Rect(40, 400, 944, 160))]
    assert len(charts) == 3 and all(a.right < b.x for a, b in zip(charts, charts[1:]))
    assert charts[-1].right == 984


def test_only_solo_games_show_no_total_against_opponents(app):
    scene = StatisticsScene(app)
    scene.records, scene.game, scene.top = [a_record("solo", 5, True, 1)], "pig", 92
    rows = []
    import scenes.statistics as statistics

    real = statistics.summary_cells
    statistics.summary_cells = lambda group, summary: rows.append(group) or real(group, summary)
    try:
        scene.draw(pygame.Surface(app.size))
    finally:
        statistics.summary_cells = real
    assert rows == ["solo"]
    assert len(scene.charts(pygame.Rect(40, 400, 944, 160))) == 2


def test_the_line_under_the_heading_says_how_many_wins_a_bot_shared(app):
    """Play-test: a tie with a bot counted as a win with nothing said. The rules share the
    victory, so it stays a win, and the line says how many were shared."""
    against = stats.record_of(
        played_to_the_end([Seat("human", "Ana"), Seat("bot", "B", "easy")], seed=6), 30
    )
    tied = dataclasses.replace(against, winners=(0, 1), person_won=True)
    scene = StatisticsScene(app)
    scene.records = [tied]
    assert scene.subtitle() == ("1 game finished, 1 won (100%), 1 of them shared with a bot")


def test_a_long_line_under_the_heading_shrinks_to_fit_the_window(app):
    """Play-test: Statistics' line in Russian («… в том числе 2 общие победы с ботами · 1
    партия с друзьями») filled 1024 pixels; with more games it ran off both sides. It shrinks
    to fit, with room at the edges."""
    import pygame

    from scenes import kit

    surface = pygame.Surface((1024, 640))
    line = "1234 партии сыграны, из них выиграно 1000 (81%), в том числе 12 общих побед " * 2
    bottom = kit.draw_heading(surface, "Статистика", line)
    band = surface.subsurface(pygame.Rect(0, 60, 1024, bottom - 60))
    ink = pygame.mask.from_threshold(band, (0, 0, 0, 255), (1, 1, 1, 255))
    ink.invert()  # the letters are what is not black
    rects = ink.get_bounding_rects()
    inked = rects[0].unionall(rects[1:])
    assert inked.width > 600 and inked.left >= 12 and inked.right <= 1024 - 12
