"""What Diced Tomatoes' computer players and hints know (``GAME.bots``).

Easy and Medium are the generic greedy bots on :func:`heuristics.evaluate`. Hard is a
:class:`engine.bots.RolloutBot`, flat Monte Carlo over whole sampled turns: the dice decide most
turns, and measured with bench/bots.py a tree search was only level with Medium (43-55%) while
rollouts beat it 42-3-16.
"""
from __future__ import annotations

from engine.bots import GameBots, as_sentence
from engine.diced_tomatoes import heuristics
from engine.diced_tomatoes.state import ClearVine


class DicedTomatoesBots(GameBots):
    """Evaluation, hint reasons and the rules' forced bot move for Diced Tomatoes."""

    def evaluate(self, state, player: int) -> float:
        return heuristics.evaluate(state, player)

    def explain(self, state, action, names) -> str:
        return as_sentence(heuristics.explain_move(state, action), names)

    def forced_move(self, observation, legal_actions):
        """DT-D5: a computer player always clears its own vine worth 0 or less at clean-up."""
        for action in legal_actions:
            if isinstance(action, ClearVine):
                return action
        return None


BOTS = DicedTomatoesBots()
"""The game's :class:`engine.bots.GameBots`."""

__all__ = ["BOTS", "DicedTomatoesBots"]
