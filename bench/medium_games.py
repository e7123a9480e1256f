"""Two-player games of Medium against Medium, watched turn by turn: what the value-fitting
tools (``bench/dt_value.py``, ``bench/otr_value.py``, ``bench/ss_value.py``) learn from."""

from __future__ import annotations

from collections.abc import Iterator

from engine import registry
from engine.bots import make_bot
from engine.core import TurnStarted
from engine.match import Match, Seat


class Stalled(Exception):
    """A game went on past its step limit (two Mediums that never end it)."""


def medium_game(game_id: str, seed: int) -> Match:
    """A new two-player match of ``game_id`` between two Medium bots, its luck from ``seed``."""
    spec = registry.get(game_id)
    return Match(spec, [Seat("bot", f"medium-{s}", "medium") for s in range(2)], seed=seed)


def turn_starts(match: Match, stall: int | None = None) -> Iterator[list]:
    """Play ``match`` to its end by its seats' bots, yielding the turn's :class:`TurnStarted`
    events each time a turn starts with the game not over (``match.state`` is then that
    position). Raises :class:`Stalled` after ``stall`` steps (None: no limit)."""
    bots: dict = {}

    def bot_for(spec, level):
        if level not in bots:
            bots[level] = make_bot(spec, level)
        return bots[level]

    steps = 0
    while not match.is_terminal():
        steps += 1
        if stall is not None and steps > stall:
            raise Stalled(f"no end after {stall} steps")
        if match.is_chance():
            events = match.advance_chance()
        else:
            bot, observation, legal, rng, length = match.bot_request(bot_for)
            events = match.apply_bot_move(bot.choose(observation, legal, rng), length)
        started = [event for event in events if isinstance(event, TurnStarted)]
        if started and not match.state.is_terminal():
            yield started
