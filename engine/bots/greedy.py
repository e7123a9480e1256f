"""One-step greedy play on a game's heuristic evaluation."""

from __future__ import annotations

from engine.core import CHANCE
from engine.match import pick_outcome


class GreedyBot:
    """Tries each legal action on a clone of the observation and keeps the best-valued one.

    ``evaluate(state, player) -> float`` is the game's heuristic (higher is better for ``player``).
    When an action leads to chance nodes, ``samples`` outcomes are drawn with ``rng`` and averaged.
    ``noise`` adds a uniform error of up to that many points to every value (Easy's mistakes).
    Ties are broken by ``rng`` so equal moves vary between games but replay exactly.
    """

    def __init__(self, evaluate, samples: int = 2, noise: float = 0.0):
        self.evaluate = evaluate
        self.samples = samples
        self.noise = noise

    def _value(self, state, action, me, rng) -> float:
        after = state.clone()
        after.apply_action(action)
        if after.current_player() != CHANCE:
            return self.evaluate(after, me)
        total = 0.0
        for _ in range(self.samples):
            sample = after.clone()
            steps = 0
            while sample.current_player() == CHANCE and steps < 50:
                sample.apply_action(pick_outcome(sample.chance_outcomes(), rng))
                steps += 1
            total += self.evaluate(sample, me)
        return total / self.samples

    def choose(self, observation, legal_actions, rng):
        """Return the legal action with the highest (sampled) evaluation for the mover."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        me = observation.current_player()
        best, best_value = None, None
        for action in legal_actions:
            value = self._value(observation, action, me, rng) + rng.random() * 1e-6
            if self.noise:
                value += (rng.random() * 2 - 1) * self.noise
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best
