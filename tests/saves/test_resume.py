"""A game resumed from a save plays on exactly as the game played straight through (issue 15,
defect 9): a bot's decision depends only on its observation, the legal actions and its rng, never
on what the process remembers from earlier moves. Each resumed game runs in a fresh process, as
when a player saves, quits and comes back."""

import json

import pytest

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat
from saves.format import dumps, make_envelope
from tests.saves import fresh_process

LEVELS = ("easy", "medium")


def play(match, stop_at=None):
    """Bots play ``match`` until it ends (or its history reaches ``stop_at`` steps)."""
    while not match.is_terminal() and (stop_at is None or len(match.history) < stop_at):
        if match.is_chance():
            match.resolve_chance()
        else:
            match.play_bot_turn_now(make_bot)
    return match


def resumed_in_a_fresh_process(match) -> list:
    """The history of ``match`` saved, loaded by a new process that has played nothing before
    (forked from a fork server that only imported the engine) and played to the end."""
    return fresh_process.resumed_in_a_fresh_process(dumps(make_envelope(match)))


@pytest.mark.parametrize("game_id", [spec.id for spec in registry.games()])
@pytest.mark.long
def test_bot_games_resumed_from_a_save_match_the_game_played_through(game_id):
    spec = registry.get(game_id)
    seats = [
        Seat("bot", f"Bot {i + 1}", LEVELS[i % len(LEVELS)])
        for i in range(max(2, spec.min_players))
    ]
    through = play(Match(spec, seats, seed=23))
    expected = json.loads(json.dumps(through.to_save()["history"]))
    assert through.is_terminal() and len(expected) > 20
    for fraction in (0.3, 0.75):  # early and late: each resumption is a fresh process
        stop_at = int(len(expected) * fraction)
        first_part = play(Match(spec, seats, seed=23), stop_at=stop_at)
        assert resumed_in_a_fresh_process(first_part) == expected, f"resumed at step {stop_at}"


@pytest.mark.long
def test_off_the_rails_easy_bots_resume_as_played_through():
    """The case from the report: seed 23, two Easy bots, resumed at step 59."""
    spec = registry.get("off-the-rails")
    seats = [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")]
    through = play(Match(spec, seats, seed=23))
    expected = json.loads(json.dumps(through.to_save()["history"]))
    first_part = play(Match(spec, seats, seed=23), stop_at=59)
    assert resumed_in_a_fresh_process(first_part) == expected
