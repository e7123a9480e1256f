"""Computer players. ``make_bot(spec, level)`` returns a bot for a game at a level.

Every bot follows :class:`engine.match.Bot`: ``choose(observation, legal_actions, rng)``. Bots see
only the observation and draw luck only from ``rng`` (seeded by the match), so games replay.
"""
from __future__ import annotations

from engine.bots.greedy import GreedyBot
from engine.bots.random_bot import RandomBot

LEVELS = ("easy", "medium", "hard")


def make_bot(spec, level: str):
    """A bot for ``spec`` (a GameSpec) at ``level`` ("easy", "medium" or "hard").

    Easy plays random legal moves; Medium and Hard are greedy on the game's ``evaluate``
    (stand-ins until the training-mode bots land). Raises ``ValueError`` for an unknown level.
    """
    if level not in LEVELS:
        raise ValueError(f"A bot's level is easy, medium or hard, not {level!r}.")
    if level == "easy" or spec.evaluate is None:
        bot = RandomBot()
    else:
        bot = GreedyBot(spec.evaluate, samples=2 if level == "medium" else 4)
    return PolicyBot(spec.bot_policy, bot) if spec.bot_policy else bot


class PolicyBot:
    """Plays the game's forced bot move when there is one (``GameSpec.bot_policy``), else
    asks the wrapped bot."""

    def __init__(self, policy, bot):
        self.policy = policy
        self.bot = bot

    def choose(self, observation, legal_actions, rng):
        forced = self.policy(observation, legal_actions)
        return forced if forced is not None else self.bot.choose(observation, legal_actions, rng)


__all__ = ["GreedyBot", "PolicyBot", "RandomBot", "make_bot", "LEVELS"]
