"""Flat Monte Carlo with greedy rollouts: each candidate move is played on to the end of the next
player's turn by the greedy heuristic policy, many times with fresh luck, and the best average
wins (:func:`sequential_halving` shares the budget between the candidates). Where a rollout ends
the position is valued by the game's :meth:`GameBots.leaf_value` (by default its evaluation).

Where a game's luck decides most turns, averaging whole sampled turns judges a move better than
a tree whose leaves are valued mid-turn. The candidates are compared on common random numbers:
the k-th rollout of each meets the same luck (measured on Diced Tomatoes with bench/bots.py
--fixed, 300 games against Medium: 69% instead of 57%). Moves leading to positions the game
cannot tell apart (:meth:`GameBots.position_key`) are one candidate, and the paired rollouts
let the candidates race, so a plain choice ends early. Each rollout depends only on the
position, its move and its seed (:func:`rollout_value`), so the rollouts of a batch run on as
many processes as the search has (:class:`engine.bots.search.Search`). Needs the game's
:class:`engine.bots.GameBots` (its evaluation, leaf value, forced and allowed moves), the state's
``turn_owner()`` and the game's :class:`engine.core.TurnStarted` events.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.bots.halving import PairedSeeds, sequential_halving
from engine.bots.search import Parallel, Search, never
from engine.core import CHANCE, Action, GameState, TurnStarted
from engine.match import pick_outcome

MAX_STEPS = 200
"""A safety bound on the decisions of one rollout."""
RACE = 2.5
"""Standard errors of the paired differences by which racing drops a candidate
(:func:`engine.bots.halving.race_survivors`)."""
TOLERANCE = 0.2
"""A difference of rollout values (about victory points) too small to search further for."""


def settle(state, rng) -> None:
    """Sample every pending chance node of ``state`` with ``rng``."""
    steps = 0
    while state.current_player() == CHANCE and steps < 200:
        state.apply_action(pick_outcome(state.chance_outcomes(), rng))
        steps += 1


def valued(knowledge, state, legal, me, rng) -> list:
    """``[(one-step value for me, -index, action)]`` of ``legal`` in ``state``, one move for
    each position the game's :meth:`GameBots.position_key` tells apart (the first in order): two
    like dice are one choice, not two candidates crowding out a third."""
    seen = set()
    result = []
    for index, action in enumerate(legal):
        after = state.clone()
        after.apply_action(action)
        key = knowledge.position_key(after)
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        settle(after, rng)
        result.append((knowledge.evaluate(after, me), -index, action))
    return result


def greedy_move(knowledge, state, rng):
    """The greedy policy's move: the game's forced bot move, else the best one-step value."""
    legal = state.legal_actions()
    forced = knowledge.forced_move(state, legal)
    if forced is not None:
        return forced
    legal = knowledge.allowed_moves(state, legal) or legal
    if len(legal) == 1:
        return legal[0]
    return max(valued(knowledge, state, legal, state.current_player(), rng), key=lambda x: x[:2])[2]


def play(state, action, rng) -> int:
    """Play ``action`` and the chance after it on ``state``; how many turns began."""
    events = state.apply_action(action)
    while state.current_player() == CHANCE and len(events) < 10_000:
        events += state.apply_action(pick_outcome(state.chance_outcomes(), rng))
    return sum(1 for event in events if isinstance(event, TurnStarted))


def rollout(knowledge, state, action, me, rng, stopped=never) -> float | None:
    """Play ``action``, then greedily until two more turns have begun (the end of this turn
    and of the next one: the next player's, or one's own again in a solo game); the value
    for ``me`` (``knowledge.leaf_value``), or None when ``stopped()`` ended it midway."""
    # the luck of the game and the policy's own samples come from separate generators, so
    # rollouts seeded alike meet the same dice whatever the policy sampled meanwhile
    luck, policy = random.Random(rng.random()), random.Random(rng.random())
    t = state.clone()
    begun = play(t, action, luck)
    for _ in range(MAX_STEPS):
        if begun >= 2 or t.current_player() < 0:
            break
        if stopped():
            return None
        begun += play(t, greedy_move(knowledge, t, policy), luck)
    return knowledge.leaf_value(t, me)


def rollout_value(shared: tuple, item: tuple, stopped=never) -> float | None:
    """One rollout as a search's unit of work (:meth:`engine.bots.search.Allowance.run`):
    ``shared`` is ``(knowledge, state, me)``, ``item`` ``(action, seed)``."""
    knowledge, state, me = shared
    action, seed = item
    return rollout(knowledge, state, action, me, random.Random(seed), stopped)


class RolloutBot:
    """``choose(observation, legal_actions, rng)``: the candidate with the best mean rollout
    value for the mover. ``rollouts`` in all without a clock; with ``clock``, ``budget`` seconds
    of thinking per turn at ``rate`` rollouts per CPU-second (:class:`Search`), the rollouts
    run by ``parallel``. ``candidates`` moves (best one-step values, one per position the game
    tells apart) are played out. The candidates race (``race`` standard errors, ``tolerance``
    value; ``None``: no racing), so a plain choice stops early. ``cancel()`` stops it."""

    def __init__(
        self,
        knowledge,
        budget: float = 2.0,
        clock=None,
        rollouts: int = 48,
        candidates: int = 8,
        race: float | None = RACE,
        tolerance: float = TOLERANCE,
        rate: float = 100.0,
        parallel: Parallel | None = None,
    ):
        self.knowledge = knowledge
        self.race = race
        self.tolerance = tolerance
        self.candidates = candidates
        self.search = Search(rollouts, rate, budget, clock, parallel)
        self.last_rollouts = 0

    def cancel(self) -> None:
        """Stop searching as soon as possible (undo, load, quit)."""
        self.search.cancel()

    def choose(
        self, observation: GameState, legal_actions: Sequence[Action], rng: random.Random
    ) -> Action:
        """The action to play for ``observation.current_player()``; ``ValueError`` if none."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        if len(legal_actions) == 1:
            return legal_actions[0]
        s, me = observation, observation.current_player()
        ranked = sorted(
            valued(self.knowledge, s, legal_actions, me, rng), key=lambda x: x[:2], reverse=True
        )
        if len(ranked) == 1:  # every legal move leads to the same position
            return ranked[0][2]
        allowance = self.search.decision()
        seeds = PairedSeeds(rng)  # the k-th rollout of every candidate meets the same dice
        shared = (self.knowledge, s, me)
        best, self.last_rollouts = sequential_halving(
            [a for _, _, a in ranked[: self.candidates]],
            lambda pairs: allowance.run(rollout_value, shared, [(c, seeds[k]) for c, k in pairs]),
            allowance.work,
            allowance.stopped,
            self.race,
            self.tolerance,
        )
        self.search.finished(allowance, self.last_rollouts)
        return best
