"""Computer players. ``make_bot(spec, level)`` returns a bot for a game at a level.

Every bot follows :class:`engine.match.Bot`: ``choose(observation, legal_actions, rng)``. Bots see
only the observation and draw luck only from ``rng`` (seeded by the match), so games replay.
"""
from __future__ import annotations

from engine.bots.greedy import GreedyBot
from engine.bots.mcts import MCTSBot
from engine.bots.random_bot import RandomBot
from engine.bots.rollout import RolloutBot

LEVELS = ("easy", "medium", "hard")


def make_bot(spec, level: str, budget: float = 1.5, clock=None):
    """A bot for ``spec`` (a GameSpec) at ``level`` ("easy", "medium" or "hard").

    * Easy: greedy on a noisy evaluation (sensible-looking moves with mistakes).
    * Medium: greedy one-step lookahead, chance sampled three times.
    * Hard: :class:`MCTSBot` guided by the game's heuristics; with ``clock`` (e.g.
      ``time.monotonic``) it thinks ``budget`` seconds, without it a fixed number of iterations.
      A game may bring its own bot instead (``GameSpec.make_bot``): Diced Tomatoes' Hard is a
      :class:`RolloutBot`, Potion Explosion and Off the Rails plan whole turns.

    A game without ``evaluate`` gets random play. Raises ``ValueError`` for an unknown level.
    """
    if level not in LEVELS:
        raise ValueError(f"A bot's level is easy, medium or hard, not {level!r}.")
    own = spec.make_bot(level, budget, clock) if spec.make_bot else None
    if own is not None:
        bot = own
    elif spec.evaluate is None:
        bot = RandomBot()
    elif level == "easy":
        bot = GreedyBot(spec.evaluate, samples=1, noise=4.0)
    elif level == "medium":
        bot = GreedyBot(spec.evaluate, samples=3)
    else:
        bot = MCTSBot(spec.evaluate, spec.order_moves, budget=budget, clock=clock)
    if spec.bot_policy or spec.bot_moves:
        return PolicyBot(spec.bot_policy, bot, spec.bot_moves)
    return bot


class PolicyBot:
    """Plays the game's forced bot move when there is one (``GameSpec.bot_policy``), else asks
    the wrapped bot to choose among the moves the game allows bots (``GameSpec.bot_moves``)."""

    def __init__(self, policy, bot, moves=None):
        self.policy = policy
        self.bot = bot
        self.moves = moves

    def cancel(self) -> None:
        if hasattr(self.bot, "cancel"):
            self.bot.cancel()

    def choose(self, observation, legal_actions, rng):
        forced = self.policy(observation, legal_actions) if self.policy else None
        if forced is not None:
            return forced
        allowed = self.moves(observation, legal_actions) if self.moves else legal_actions
        return self.bot.choose(observation, allowed or legal_actions, rng)


__all__ = ["GreedyBot", "MCTSBot", "PolicyBot", "RandomBot", "RolloutBot", "make_bot", "LEVELS"]
