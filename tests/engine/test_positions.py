"""Shareable positions (issue 24): the text read back is the same position, for every game."""

import random

import pytest

from engine import registry
from engine.match import Match, Seat
from engine.positions import match_from_position, players_in, position_text, read_position
from tests.random_play import play_randomly

GAMES = [spec.id for spec in registry.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_random_positions_read_back_to_the_same_state(game_id):
    spec = registry.get(game_id)
    rng = random.Random(game_id)
    for seed in range(10):
        seats = [Seat("human", f"P{i}") for i in range(rng.choice((2, spec.max_players)))]
        match = play_randomly(Match(spec, seats, {}, seed), rng, rng.randrange(0, 250))
        text = position_text(spec, match.state)
        back = read_position(spec, "\n  " + text + "  \n")  # pasted with blank space
        assert back.to_dict() == match.state.to_dict()
        assert players_in(back) == len(seats)
        started = match_from_position(spec, seats, {}, 1, back)
        assert started.state.to_dict() == match.state.to_dict()
        assert started.legal_actions() == match.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_an_empty_or_foreign_text_is_refused_in_words(game_id):
    spec = registry.get(game_id)
    with pytest.raises(ValueError, match="cannot be read: there is no text"):
        read_position(spec, "   ")
    with pytest.raises(ValueError, match="^This position cannot be read: "):
        read_position(spec, "hello world")


def test_a_position_for_more_players_than_seats_is_refused():
    spec = registry.get("diced-tomatoes")
    state = read_position(spec, "players=3 phase=turn hand=4r")
    with pytest.raises(ValueError, match="for 3 players, not 2"):
        match_from_position(spec, [Seat("human", "A"), Seat("human", "B")], {}, 1, state)


def test_the_positions_own_options_win_over_the_forms():
    spec = registry.get("diced-tomatoes")
    state = read_position(spec, "players=2 options=d phase=turn hand=4r")
    match = match_from_position(
        spec, [Seat("human", "A"), Seat("human", "B")], {"dicey": False}, 1, state
    )
    assert match.options["dicey"] is True and match.from_position


def test_a_reason_ending_in_a_japanese_full_stop_gets_no_second_one():
    """Play-test: Japanese refusals ended "。." — the reason's own stop is kept alone."""
    import translation
    from engine import registry
    from engine.positions import read_position

    before = translation.current_language()
    translation.set_language("ja")
    try:
        with pytest.raises(ValueError) as refused:
            read_position(registry.get("diced-tomatoes"), "players=2 karma=x,3")
    finally:
        translation.set_language(before)
    said = str(refused.value)
    assert said.endswith("。") and not said.endswith("。."), said
