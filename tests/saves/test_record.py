"""Game records (issue 24): a readable text record of a game that --replay opens."""

import random

import pytest

from engine import registry
from engine.match import Match, Seat
from engine.replay import ReplayCursor
from saves import record
from tests.dice_game import PIG, Face, Hold, PigState, Roll, SetStake
from tests.random_play import play_randomly

GAMES = [spec.id for spec in registry.games()]


def played(spec, seats, seed, steps=400):
    return play_randomly(Match(spec, seats, {}, seed), random.Random(seed), steps)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_record_reads_back_to_the_same_game_for_every_game(game_id):
    spec = registry.get(game_id)
    match = played(spec, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Hard)", "hard")], seed=7)
    text = record.format_record(match)
    assert text.startswith("Tabletop Trio game record 1\n")
    assert f"Game: {game_id} ({spec.title})" in text
    assert "Seat 2: bot hard Bot 1 (Hard)" in text
    back = record.parse_record(text)
    assert back.spec is spec and back.seats == match.seats and back.seed == 7
    assert back.options == match.options
    assert back.history == match.history
    replay = back.fresh_match()
    cursor = ReplayCursor(replay, back.history)
    cursor.go_to(cursor.length)
    assert replay.state.to_dict() == match.state.to_dict()


def test_every_step_is_a_readable_line_with_its_plain_words():
    registry.register(PIG)
    try:
        match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 2)
        match.apply(SetStake(2))
        match.apply(Roll())
        match.resolve_chance(Face(5))
        match.apply(Hold())
        lines = record.format_record(match).splitlines()
        assert lines[-4:] == [
            "1. Ana: SetStake stake=2  ; SetStake",
            "2. Ana: Roll  ; Roll",
            "3. chance: Face value=5  ; Face",
            "4. Ana: Hold  ; Hold",
        ]
    finally:
        registry.unregister(PIG.id)


def test_a_game_from_a_position_records_its_start_in_the_games_notation():
    registry.register(PIG)
    try:
        match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 2)
        start = PigState(2)
        start.scores = [12, 4]
        match.set_position(start)
        match.apply(Roll())
        match.resolve_chance(Face(3))
        text = record.format_record(match)
        assert "Start: 12/4 p0 t0" in text
        back = record.parse_record(text)
        assert back.start.scores == [12, 4]
        replay = back.fresh_match()
        ReplayCursor(replay, back.history).go_to(2)
        assert replay.state.to_dict() == match.state.to_dict()
    finally:
        registry.unregister(PIG.id)


def test_text_values_with_spaces_and_semicolons_survive():
    fields = record.parse_action_fields(' name="a; b c" path=[1,[2,3]] none=null yes=true')
    assert fields == {"name": "a; b c", "path": [1, [2, 3]], "none": None, "yes": True}
    assert record._split_comment('Move name="a; b"  ; words; more') == 'Move name="a; b"  '


@pytest.fixture
def pig_text():
    registry.register(PIG)
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 2)
    match.apply(Roll())
    match.resolve_chance(Face(4))
    match.apply(Hold())
    yield record.format_record(match)
    registry.unregister(PIG.id)


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda t: "Hello\n" + t, "not a Tabletop Trio game record"),
        (lambda t: t.replace("Game: stake-pig", "Game: chess"), "does not know the game"),
        (lambda t: t.replace("Seed: 2", "Seed: two"), "seed must be a whole number"),
        (lambda t: t.replace('"target": 20', '"target": 25'), "Target must be one of"),
        (lambda t: t.replace("2. chance:", "3. chance:"), "step 3 where step 2 should be"),
        (lambda t: t.replace("3. Ana: Hold", "3. Ben: Hold"), "should be played by Ana"),
        (lambda t: t.replace("Face value=4", "Face value=9"), "cannot be played"),
        (lambda t: t.replace("Face value=4", "Face value=four"), "cannot be read"),
        (lambda t: t.replace("Seat 2: human Ben", "Seat 2: robot Ben"), "Line 4"),
    ],
)
def test_a_bad_record_is_refused_naming_the_line(pig_text, change, message):
    with pytest.raises(record.RecordError, match=message):
        record.parse_record(change(pig_text))


def test_export_writes_a_file_in_the_records_folder(pig_text, private_user_folders):
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], {}, 2)
    first = record.export_record(match)
    second = record.export_record(match)
    assert first.parent == private_user_folders / "data" / "tabletop-trio" / "records"
    assert first != second and first.read_text(encoding="utf-8") == record.format_record(
        match,
        record.datetime.fromisoformat(
            first.read_text(encoding="utf-8").split("Date: ")[1].split("\n")[0]
        ),
    )
    assert record.load_record(first).seed == 2


def test_a_missing_file_is_a_record_error(tmp_path):
    with pytest.raises(record.RecordError, match="does not exist"):
        record.load_record(tmp_path / "none.txt")


@pytest.mark.parametrize("language", ["ru", "ja"])
def test_a_record_with_default_bot_names_replays_in_another_language(language):
    """Play-test: a record written in English ("Bot 1 (Hard)") was refused in Russian, "this
    step should be played by Бот 1 (сильный)": a default name is shown translated but
    written as the record has it."""
    import translation

    spec = registry.get("tea-time")
    match = played(spec, [Seat("human", "Ana"), Seat("bot", "Bot 1 (Hard)", "hard")], seed=7)
    text = record.format_record(match)
    before = translation.current_language()
    translation.set_language(language)
    try:
        back = record.parse_record(text)
    finally:
        translation.set_language(before)
    assert back.history == match.history
