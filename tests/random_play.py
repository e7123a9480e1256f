"""Games of random legal moves, for tests that need positions from anywhere in a game."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.match import Match


def play_randomly(
    match: Match,
    rng: random.Random,
    steps: int,
    after_step: Callable[[Match], None] | None = None,
) -> Match:
    """Play up to ``steps`` steps of ``match`` (fewer if it ends): the match's own chance, and
    a legal move picked by ``rng`` for whoever is to move; ``after_step(match)`` after each.
    Returns ``match``."""
    for _ in range(steps):
        if match.is_terminal():
            break
        if match.is_chance():
            match.resolve_chance()
        else:
            match.apply(rng.choice(match.legal_actions()))
        if after_step is not None:
            after_step(match)
    return match
