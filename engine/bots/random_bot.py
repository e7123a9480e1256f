"""The simplest opponent: any legal move, uniformly."""

from __future__ import annotations


class RandomBot:
    """Picks uniformly among the legal actions with the match-seeded ``rng``."""

    def choose(self, observation, legal_actions, rng):
        """Return one of ``legal_actions``; ``ValueError`` if there are none."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        return legal_actions[int(rng.random() * len(legal_actions))]
