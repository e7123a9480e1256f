"""Match: seeded chance, history, undo limits, replay, save data (docs/DESIGN.md, Matches)."""

import pytest

from engine.bots import make_bot
from engine.core import CHANCE, IllegalAction, RecordCodec
from engine.match import Match, Seat, pick_outcome
from tests.dice_game import PIG, Face, Hold, Roll, SetStake

SEATS = [Seat("human", "Ana"), Seat("human", "Ben")]


def play_scripted(match, script):
    """Apply decisions from ``script``, resolving chance with the match's own generator."""
    for action in script:
        match.advance_chance()
        match.apply(action)
    match.advance_chance()


def test_same_seed_and_actions_give_same_history_and_state():
    script = [SetStake(2), Roll(), Roll(), Hold()] * 3
    a, b = Match(PIG, SEATS, seed=11), Match(PIG, SEATS, seed=11)
    for m in (a, b):
        try:
            play_scripted(m, script)
        except IllegalAction:
            pass
    assert a.history == b.history
    assert a.state.to_dict() == b.state.to_dict()


def test_different_seeds_give_different_rolls():
    rolls = set()
    for seed in range(8):
        m = Match(PIG, SEATS, seed=seed)
        m.apply(Roll())
        m.advance_chance()
        rolls.add(m.history[-1].action.value)
    assert len(rolls) > 1


def test_chance_outcome_recorded_in_history_as_chance():
    m = Match(PIG, SEATS, seed=1)
    m.apply(Roll())
    m.resolve_chance(Face(4))
    assert m.history[-1].player == CHANCE and m.history[-1].action == Face(4)
    assert m.state.turn_total == 4


def test_illegal_action_refused_with_reason_and_state_unchanged():
    m = Match(PIG, SEATS, seed=1)
    before = m.state.to_dict()
    with pytest.raises(IllegalAction) as err:
        m.apply(Hold())
    assert "Roll at least once" in err.value.reason
    assert m.state.to_dict() == before and m.history == []


def test_player_cannot_act_at_chance_node():
    m = Match(PIG, SEATS, seed=1)
    m.apply(Roll())
    with pytest.raises(IllegalAction, match="waiting for a roll"):
        m.apply(Hold())


def test_undo_one_action_within_turn():
    m = Match(PIG, SEATS, seed=1)
    m.apply(SetStake(2))
    m.apply(SetStake(3))
    assert m.undo()
    assert m.state.stake == 2 and len(m.history) == 1


def test_undo_never_crosses_chance_outcome():
    m = Match(PIG, SEATS, seed=1)
    m.apply(SetStake(3))
    m.apply(Roll())
    m.resolve_chance(Face(5))
    assert not m.can_undo() and not m.undo()
    m.apply(SetStake(1))
    assert m.undo_turn()
    assert m.state.stake == 3 and m.state.turn_total == 15 and len(m.history) == 3


def test_undo_never_crosses_another_players_decision():
    m = Match(PIG, SEATS, seed=1)
    m.apply(Roll())
    m.resolve_chance(Face(4))
    m.apply(Hold())  # Ana ends her turn
    assert m.current_player() == 1
    assert not m.undo()  # Ben may not take back Ana's hold
    m.apply(SetStake(2))
    m.apply(SetStake(3))
    assert m.undo_turn()
    assert m.state.stake == 1 and m.state.scores == [4, 0]


def test_replay_from_save_data_reproduces_state():
    m = Match(PIG, [Seat("bot", "A", "medium"), Seat("bot", "B", "easy")], seed=5)
    while not m.is_terminal():
        m.advance_chance() if m.is_chance() else m.play_bot_turn_now(make_bot)
    data = m.to_save()
    again = Match.from_save(PIG, data)
    assert again.state.to_dict() == m.state.to_dict()
    assert again.history == m.history
    assert again.is_terminal()


def test_from_save_rejects_wrong_snapshot():
    m = Match(PIG, SEATS, seed=2)
    m.apply(Roll())
    m.advance_chance()
    data = m.to_save()
    data["snapshot"]["turn_total"] = 999
    with pytest.raises(ValueError, match="does not match"):
        Match.from_save(PIG, data)


def test_bot_moves_replay_identically():
    def run():
        m = Match(PIG, [Seat("bot", "A", "easy"), Seat("bot", "B", "medium")], seed=9)
        while not m.is_terminal():
            m.advance_chance() if m.is_chance() else m.play_bot_turn_now(make_bot)
        return m.history

    assert run() == run()


def test_stale_bot_answer_refused():
    m = Match(PIG, [Seat("bot", "A", "easy"), Seat("human", "B")], seed=3)
    bot, obs, legal, rng, n = m.bot_request(make_bot)
    m.apply(SetStake(2))
    with pytest.raises(IllegalAction, match="changed"):
        m.apply_bot_move(bot.choose(obs, legal, rng), n)


def test_bad_seat_count_and_options_refused():
    with pytest.raises(ValueError, match="2 to 3 players"):
        Match(PIG, [Seat("human", "solo")])
    with pytest.raises(ValueError, match="must be one of"):
        Match(PIG, SEATS, {"target": 7})
    with pytest.raises(ValueError, match="no option"):
        Match(PIG, SEATS, {"colour": "red"})


def test_record_codec_round_trip_and_errors():
    codec = RecordCodec([SetStake, Face])
    assert codec.from_dict(SetStake(2).to_dict()) == SetStake(2)
    with pytest.raises(ValueError, match="unknown record type"):
        codec.from_dict({"type": "Teleport"})
    with pytest.raises(ValueError, match="expects fields"):
        codec.from_dict({"type": "SetStake"})


def test_pick_outcome_follows_probabilities():
    class FixedRng:
        def __init__(self, x):
            self.x = x

        def random(self):
            return self.x

    outcomes = [("a", 0.25), ("b", 0.75)]
    assert pick_outcome(outcomes, FixedRng(0.1)) == "a"
    assert pick_outcome(outcomes, FixedRng(0.3)) == "b"
    with pytest.raises(ValueError):
        pick_outcome([], FixedRng(0.5))


def test_dt_d5_every_bot_level_clears_its_vine_worth_zero_or_less():
    """docs/rules/diced_tomatoes.md DT-D5: a bot owner always clears (the game's bot policy)."""
    from engine import registry
    from engine.diced_tomatoes.state import ClearVine, KeepVine

    spec = registry.get("diced-tomatoes")
    legal = [KeepVine(0, 1), ClearVine(0, 1)]
    import random

    for level in ("easy", "medium", "hard"):
        bot = make_bot(spec, level)
        for seed in range(5):
            assert bot.choose(None, legal, random.Random(seed)) == ClearVine(0, 1)


def test_turn_count_uses_the_games_turn_start_event():
    from engine import registry

    spec = registry.get("diced-tomatoes")
    m = Match(spec, [Seat("bot", "Solo", "easy")], seed=3)
    while not m.is_terminal():
        m.advance_chance() if m.is_chance() else m.play_bot_turn_now(make_bot)
    from engine.diced_tomatoes.state import TurnStarted

    started = sum(isinstance(e, TurnStarted) for _, e in m.events)
    assert started > 1
    # solo play opens in the first turn, which no event announces: it counts too
    assert m.turn_count() == started + 1 and m.turns_by_seat() == [started + 1]


def test_a_solo_game_of_diced_tomatoes_counts_its_first_turn_from_the_start():
    """Play-test: the Load list said "turn 3" of a solo game the table showed in its fourth
    turn. Solo play opens in the player's first turn (no first-player roll)."""
    from engine import registry
    from engine.diced_tomatoes.state import TurnStarted

    spec = registry.get("diced-tomatoes")
    solo = Match(spec, [Seat("human", "Ana")], seed=3)
    assert solo.turn_count() == 1 and solo.turns_by_seat() == [1]
    while not any(isinstance(event, TurnStarted) for _, event in solo.events):
        solo.advance_chance() if solo.is_chance() else solo.apply(solo.legal_actions()[-1])
    assert solo.turns_by_seat() == [2]
    pair = Match(spec, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    assert pair.turn_count() == 0  # the first-player roll starts the first turn
    from_position = Match(spec, [Seat("human", "Ana")], seed=3)
    from_position.set_position(solo.state.clone())
    assert from_position.turn_count() == 0  # counted from the position


def test_record_codec_refuses_a_field_named_type():
    from dataclasses import dataclass

    from engine.core import Action

    @dataclass(frozen=True)
    class Brew(Action):
        type: str

    with pytest.raises(TypeError, match="named 'type'"):
        RecordCodec([Brew])


def test_set_position_starts_from_a_given_state_and_undo_stays_after_it():
    m = Match(PIG, SEATS, seed=1)
    start = PigState_with(scores=[7, 3])
    m.set_position(start)
    m.apply(SetStake(2))
    assert m.undo() and m.state.scores == [7, 3] and m.state.stake == 1
    m.apply(Roll())
    with pytest.raises(ValueError, match="before the first step"):
        m.set_position(start)


def PigState_with(scores):
    from tests.dice_game import PigState

    s = PigState(2)
    s.scores = list(scores)
    return s


def test_a_game_started_from_a_position_saves_and_loads_from_that_position():
    m = Match(PIG, SEATS, {"target": 30}, seed=1)
    m.set_position(PigState_with(scores=[7, 3]))
    m.apply(Roll())
    m.resolve_chance(Face(4))
    data = m.to_save()
    assert data["start"]["scores"] == [7, 3]
    loaded = Match.from_save(PIG, data)
    assert loaded.state.to_dict() == m.state.to_dict()
    assert loaded.start_state().scores == [7, 3]
    assert "start" not in Match(PIG, SEATS, seed=1).to_save()


def test_a_damaged_starting_position_is_refused_in_words():
    m = Match(PIG, SEATS, seed=1)
    m.set_position(PigState_with(scores=[7, 3]))
    data = m.to_save()
    data["start"] = {"nothing": 1}
    with pytest.raises(ValueError, match="starting position cannot be played"):
        Match.from_save(PIG, data)


def test_rewind_to_goes_back_and_forth_through_the_same_states():
    m = Match(PIG, SEATS, seed=3)
    states = [m.state.to_dict()]
    play_scripted(m, [Roll(), Roll(), Hold(), SetStake(2), Roll(), Hold()])
    full = list(m.history)
    probe = Match(PIG, SEATS, seed=3)
    for entry in full:
        if entry.player == CHANCE:
            probe.resolve_chance(entry.action)
        else:
            probe.apply(entry.action)
        states.append(probe.state.to_dict())
    for length in (len(full), 3, 0, 5, 1):
        if length <= len(m.history):
            m.rewind_to(length)
        for entry in full[len(m.history) : length]:  # forward again, step by step
            if entry.player == CHANCE:
                m.resolve_chance(entry.action)
            else:
                m.apply(entry.action)
        assert m.state.to_dict() == states[length]
        assert len(m.history) == length
        assert all(index < length for index, _ in m.events)
    with pytest.raises(ValueError, match="cannot go to step"):
        m.rewind_to(len(m.history) + 1)


def test_rewind_to_from_a_checkpoint_gives_the_same_state_as_from_the_start():
    m = Match(PIG, SEATS, seed=3)
    play_scripted(m, [Roll(), Hold()])
    checkpoint = (len(m.history), m.state.clone())
    play_scripted(m, [Roll(), Roll(), Hold(), SetStake(2), Roll()])
    full = list(m.history)
    target = checkpoint[0] + 2
    m.rewind_to(target, checkpoint)
    from_checkpoint = m.state.to_dict()
    replayed = Match(PIG, SEATS, seed=3)
    for entry in full[:target]:
        if entry.player == CHANCE:
            replayed.resolve_chance(entry.action)
        else:
            replayed.apply(entry.action)
    assert from_checkpoint == replayed.state.to_dict() and len(m.history) == target
    with pytest.raises(ValueError, match="past step"):
        m.rewind_to(1, checkpoint)


def test_record_codec_keeps_bools_inside_a_plain_tuple_field():
    """Off the Rails' TasksChanged carries tasks such as ["collision_end", 3, 2, true, false]."""
    from dataclasses import dataclass

    from engine.core import Event

    @dataclass(frozen=True)
    class Listed(Event):
        tasks: tuple
        count: int

    codec = RecordCodec([Listed])
    record = Listed((("collision_end", 3, 2, True, False),), 2)
    assert codec.from_dict(record.to_dict()) == record
    with pytest.raises(ValueError, match="count should be"):
        codec.from_dict({"type": "Listed", "tasks": [], "count": True})


def test_default_seat_names_read_in_the_language_in_use():
    """Play-test: a game begun in Japanese kept 「プレイヤー1」 and 「ボット1（ふつう）」 after
    switching to English (drawn as boxes in Noto Sans), and one begun in Russian kept «Игрок 1».
    A default name, in whichever language it was given, reads in the language in use; a name a
    person typed stays as typed."""
    import translation
    from engine.match import bot_name, shown_name

    previous = translation.current_language()
    try:
        translation.set_language("ja")
        seats = [
            Seat("human", "プレイヤー1"),
            Seat("bot", bot_name(2, "medium"), "medium"),
            Seat("bot", "Бот 3 (Средний)", "medium"),  # a Russian save from before lower case
            Seat("human", "Игрок 4"),
            Seat("human", "Ana"),
            Seat("human", "アナ"),
            Seat("bot", "Robo (Hard)", "hard"),  # typed: not a default name
        ]
        match = Match(PIG, seats[:2], seed=1)
        expected = {
            "en": ["Player 1", "Bot 2 (Medium)", "Bot 3 (Medium)", "Player 4"],
            "ru": ["Игрок 1", "Бот 2 (средний)", "Бот 3 (средний)", "Игрок 4"],
            "es": ["Jugador 1", "Bot 2 (Medio)", "Bot 3 (Medio)", "Jugador 4"],
            "ja": ["プレイヤー1", "ボット2（ふつう）", "ボット3（ふつう）", "プレイヤー4"],
        }
        for language, names in expected.items():
            translation.set_language(language)
            assert [shown_name(seat) for seat in seats] == [*names, "Ana", "アナ", "Robo (Hard)"]
            assert match.names == names[:2]
            assert [seat.name for seat in match.seats] == ["プレイヤー1", "ボット2（ふつう）"]
    finally:
        translation.set_language(previous)
