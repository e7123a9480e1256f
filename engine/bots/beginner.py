"""Easy: a beginner who makes sensible moves but misjudges which of the good ones is best.

A beginner looks one step ahead only (no plan for the rest of the turn), never considers the
self-harming moves the game's :meth:`engine.bots.GameBots.sensible_moves` leaves out (a Little
Help that completes nothing, karma spent on a die for nothing, an empty action phase...), and
among the few moves that look best picks by a softmax of their values: the best one most often,
a nearly-as-good one often, a clearly worse one never.
"""

from __future__ import annotations

import math

from engine.core import CHANCE
from engine.match import pick_outcome

MAX_CHANCE_STEPS = 200
"""A safety bound on the chance nodes sampled after one move."""


def softmax_pick(values: list, rng, temperature: float) -> int:
    """Index of one of ``values`` drawn with weight ``exp((value - best) / temperature)`` using
    only ``rng.random()`` (games replay); ``temperature`` 0 gives the first best."""
    best = max(values)
    if temperature <= 0:
        return values.index(best)
    weights = [math.exp((value - best) / temperature) for value in values]
    x = rng.random() * sum(weights)
    for index, weight in enumerate(weights):
        x -= weight
        if x < 0:
            return index
    return len(values) - 1


class BeginnerBot:
    """``choose(observation, legal_actions, rng)``: a beginner's move among ``legal_actions``.

    ``knowledge`` is the game's :class:`engine.bots.GameBots`: its ``sensible_moves`` are
    valued one step ahead by its ``evaluate`` (chance after a move sampled once with ``rng``);
    of the ``top`` best that are within ``margin`` of the best value (the game's evaluation
    units, about victory points), one is drawn by :func:`softmax_pick` at ``temperature``. A
    move the game marks :meth:`engine.bots.GameBots.only_when_best` (a costly one) is played
    only when it is valued best. Raises ``ValueError`` when there is no legal action.
    """

    def __init__(self, knowledge, temperature: float = 1.0, top: int = 3, margin: float = 2.0):
        self.knowledge = knowledge
        self.temperature = temperature
        self.top = top
        self.margin = margin

    def _value(self, observation, action, me, rng) -> float:
        after = observation.clone()
        after.apply_action(action)
        steps = 0
        while after.current_player() == CHANCE and steps < MAX_CHANCE_STEPS:
            after.apply_action(pick_outcome(after.chance_outcomes(), rng))
            steps += 1
        return self.knowledge.evaluate(after, me)

    def ranked(self, observation, legal_actions, rng) -> list:
        """``[(value, action)]`` of the sensible moves, best first (ties in legal order)."""
        moves = self.knowledge.sensible_moves(observation, legal_actions) or list(legal_actions)
        me = observation.current_player()
        valued = [
            (self._value(observation, action, me, rng), -index, action)
            for index, action in enumerate(moves)
        ]
        valued.sort(key=lambda item: item[:2], reverse=True)
        return [(value, action) for value, _, action in valued]

    def choose(self, observation, legal_actions, rng):
        """A sensible move, the better ones more likely (see the class docstring)."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        if len(legal_actions) == 1:
            return legal_actions[0]
        ranked = self.ranked(observation, legal_actions, rng)
        best = ranked[0][0]
        near = [
            (value, action)
            for rank, (value, action) in enumerate(ranked[: self.top])
            if value >= best - self.margin
            and (rank == 0 or not self.knowledge.only_when_best(observation, action))
        ]
        return near[softmax_pick([value for value, _ in near], rng, self.temperature)][1]
