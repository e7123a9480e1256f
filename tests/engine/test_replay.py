"""The replay you can scrub (issue 24): back and forward reach the same states as the game."""

import random

import pytest

from engine import registry
from engine.core import TurnStarted
from engine.match import Match, Seat
from engine.replay import ReplayCursor
from tests.dice_game import PIG, Face, Hold, Roll
from tests.random_play import play_randomly

GAMES = [spec.id for spec in registry.games()]


def played(spec, seed: int, steps: int):
    """A game of random legal moves, with the state after every step."""
    match = Match(spec, [Seat("human", "A"), Seat("human", "B")], {}, seed)
    states = [match.state.to_dict()]
    play_randomly(match, random.Random(seed), steps, lambda m: states.append(m.state.to_dict()))
    return match, states


@pytest.mark.parametrize("game_id", GAMES)
def test_scrubbing_back_and_forward_reaches_the_states_of_the_game(game_id):
    spec = registry.get(game_id)
    match, states = played(spec, seed=11, steps=120)
    fresh = Match(spec, match.seats, match.options, match.seed)
    cursor = ReplayCursor(fresh, match.history)
    assert cursor.position == 0 and fresh.state.to_dict() == states[0]
    rng = random.Random(4)
    targets = [cursor.length, 0] + [rng.randrange(cursor.length + 1) for _ in range(12)]
    for target in targets:
        cursor.go_to(target)
        assert cursor.position == target
        assert fresh.state.to_dict() == states[target], target
    cursor.go_to(cursor.length - 5)
    for offset in range(4, -1, -1):
        cursor.step_forward()
        assert fresh.state.to_dict() == states[cursor.length - offset]
    assert cursor.step_forward() is None and cursor.at_end


@pytest.mark.parametrize("game_id", GAMES)
def test_every_turn_start_is_where_a_turn_started_event_came(game_id):
    spec = registry.get(game_id)
    match, _ = played(spec, seed=5, steps=150)
    cursor = ReplayCursor(Match(spec, match.seats, match.options, match.seed), match.history)
    started = {index + 1 for index, event in match.events if isinstance(event, TurnStarted)}
    assert set(cursor.turn_starts) - {0} == started - {0}
    assert cursor.turn_total >= 2
    for turn in range(1, cursor.turn_total + 1):
        assert cursor.turn_at(cursor.turn_position(turn)) == turn


def pig_game():
    match = Match(PIG, [Seat("human", "A"), Seat("human", "B")], {}, 1)
    for face in (3, 4, 5):
        match.apply(Roll())
        match.resolve_chance(Face(face))
        match.apply(Hold())
    return match


def test_turn_steps_go_to_the_start_of_the_next_and_previous_turn():
    match = pig_game()  # three turns of three steps: Roll, the face, Hold
    cursor = ReplayCursor(Match(PIG, match.seats, {}, 1), match.history)
    assert cursor.turn_starts == [0, 3, 6, 9] and cursor.turn_total == 4
    cursor.go_to(4)
    assert cursor.turn_at() == 2
    assert cursor.next_turn() == 6 and cursor.previous_turn() == 3
    cursor.go_to(3)
    assert cursor.previous_turn() == 0  # at a turn's start: the turn before
    cursor.go_to(9)
    assert cursor.next_turn() == 9 == cursor.length
    assert cursor.turn_position(99) == 9 and cursor.turn_position(0) == 0


def test_a_history_that_does_not_replay_is_refused_naming_the_step():
    match = pig_game()
    history = list(match.history)
    history[4] = history[3]  # a chance outcome where B must decide
    with pytest.raises(ValueError, match="step 5 cannot be replayed"):
        ReplayCursor(Match(PIG, match.seats, {}, 1), history)


def test_a_replay_starts_from_a_game_with_no_steps():
    match = pig_game()
    with pytest.raises(ValueError, match="no steps yet"):
        ReplayCursor(match, match.history)


def seated_game(game_id: str, seats: int, seed: int, steps: int):
    spec = registry.get(game_id)
    people = [Seat("human", name) for name in "ABC"[:seats]]
    return play_randomly(Match(spec, people, {}, seed), random.Random(seed), steps)


@pytest.mark.parametrize(
    ("game_id", "seats"), [("off-the-rails", 3), ("potion-explosion", 2), ("potion-explosion", 3)]
)
def test_a_set_up_decision_is_no_turn_the_replay_counts_the_games_turns(game_id, seats):
    """Play-test: a replay of Off the Rails said "turn 12 of 22" where the log said "Turn 11":
    the edge chosen before the first turn (Potion Explosion's starter draft alike) counted as
    a turn. The replay's turns are the game's own: the match's count, the log's numbers."""
    match = seated_game(game_id, seats, seed=7, steps=160)
    started = [
        (index + 1, event) for index, event in match.events if isinstance(event, TurnStarted)
    ]
    first = started[0][0] - 1  # the step that started turn 1
    assert any(entry.player >= 0 for entry in match.history[:first])  # a set-up decision
    cursor = ReplayCursor(Match(match.spec, match.seats, match.options, match.seed), match.history)
    assert cursor.turn_total == match.turn_count()
    for number, (position, event) in enumerate(started, start=1):
        assert cursor.turn_at(position) == number
        assert getattr(event, "turn", number) == number  # Off the Rails says "Turn N: …"
        opened = position  # the turn as its player sees it: after the luck that opens it
        while opened < cursor.length and match.history[opened].player < 0:
            opened += 1
        assert cursor.turn_position(number) == opened and cursor.turn_at(opened) == number
    assert cursor.turn_at(0) == 1


def test_diced_tomatoes_solo_begins_its_first_turn_unannounced_and_it_counts():
    """Diced Tomatoes alone starts its first turn as the game is set up (no TurnStarted
    reaches the match): the steps before the first announced turn are turn 1."""
    match = seated_game("diced-tomatoes", 1, seed=5, steps=80)
    cursor = ReplayCursor(Match(match.spec, match.seats, match.options, match.seed), match.history)
    assert cursor.turn_starts[0] == 0
    assert cursor.turn_total == match.turn_count()  # the match counts it too


def test_a_step_as_a_player_counts_it_takes_the_luck_after_a_decision_with_it():
    """Play-test: a Potion Explosion replay stepped through the forty draws that fill the
    dispenser, one by one, before the first move ("step 24 of 569"). A step forward goes to
    the next decision (or the end), a step back to the decision before."""
    spec = registry.get("potion-explosion")
    match, _states = played(spec, seed=11, steps=120)
    cursor = ReplayCursor(Match(spec, match.seats, match.options, match.seed), match.history)
    decisions = [i for i, entry in enumerate(match.history) if entry.player >= 0]
    luck = [i for i, entry in enumerate(match.history) if entry.player < 0]
    assert len(luck) > 40 and luck[0] == 0  # the set-up's draws come first
    stops = [0]
    while not cursor.at_end:
        cursor.go_to(cursor.next_stop())
        stops.append(cursor.position)
    assert stops == [0, *[i for i in decisions if i > 0], cursor.length]
    for earlier, later in zip(stops, stops[1:], strict=False):
        cursor.go_to(later)
        assert cursor.previous_stop() == earlier
