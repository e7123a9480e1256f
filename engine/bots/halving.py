"""Sequential halving: share a search budget between candidate moves valued by noisy rollouts.

Every round each surviving candidate gets the same number of rollouts and the worse half is
dropped; with one candidate left the search stops early. Used by the Hard bots that average
sampled rollouts (engine/bots/rollout.py, engine/potion_explosion/bots.py, engine/tea_time).

The rollouts are asked for in batches (a few sweeps over the surviving candidates at a time),
each rollout named by its candidate and its number ``k``: the k-th rollout of every candidate
meets the same luck (:class:`PairedSeeds`), and a batch may run on several processes
(:meth:`engine.bots.search.Allowance.run`) without changing a result.

With ``race`` the rounds also *race* the candidates: as the rollouts are paired, a candidate
whose paired differences from the leader show it worse (or no better or worse than
``tolerance``) with ``race`` standard errors to spare is dropped at once. A decision whose best
move is plain then ends long before its budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

RACE_FIRST = 16
"""Paired rollouts a candidate has before racing may drop it: fewer give a poor spread."""
RACE_EVERY = 4
"""Racing looks at the candidates after every this many sweeps of rollouts (one batch)."""

Batch = Callable[[list], Sequence]
"""``batch([(candidate, k), ...])`` gives the value of each candidate's k-th rollout (higher is
better), in order; ``None`` for one not made (the search ran out of time or was stopped)."""


def sequential_halving(
    candidates: list,
    batch: Batch,
    work: int = 48,
    stopped: Callable[[], bool] = lambda: False,
    race: float | None = None,
    tolerance: float = 0.0,
) -> tuple:
    """``(best candidate, rollouts made)``.

    ``candidates`` are in order of preference (ties go to the earlier one); ``batch`` values
    rollouts (:data:`Batch`); about ``work`` rollouts are made in all. ``stopped()`` returning
    True (a cancelled bot), or a rollout not made, ends the search with the best mean so far.
    ``race`` (a number of standard errors, e.g. 2.5) drops candidates early by
    :func:`race_survivors`; ``tolerance`` is the difference in value (the evaluation's units)
    not worth searching for. Raises ``ValueError`` for no candidates.
    """
    if not candidates:
        raise ValueError("No candidate to choose from.")
    order = {c: i for i, c in enumerate(candidates)}
    values: dict = {c: [] for c in candidates}

    def mean(c) -> tuple:
        return (sum(values[c]) / max(1, len(values[c])), -order[c])

    alive = list(candidates)
    rounds = max(1, (len(alive) - 1).bit_length())
    ended = False
    for _round in range(rounds):
        if len(alive) == 1 or ended or stopped():
            break
        each = max(1, work // rounds // len(alive))
        done = 0
        while done < each and not ended:
            sweeps = min(each - done, RACE_EVERY)
            pairs = [(c, len(values[c]) + sweep) for sweep in range(sweeps) for c in alive]
            gaps = set()
            for (c, _k), value in zip(pairs, batch(pairs), strict=True):
                if value is None or c in gaps:
                    gaps.add(c)  # keep each candidate's rollouts numbered 0, 1, 2 ... (paired)
                    continue
                values[c].append(value)
            done += sweeps
            ended = bool(gaps) or stopped()
            if race is not None and not ended:
                alive = race_survivors(alive, values, mean, race, tolerance)
                if len(alive) == 1:
                    break
        alive = sorted(alive, key=mean, reverse=True)[: max(1, len(alive) // 2)]
    return max(alive, key=mean), sum(len(v) for v in values.values())


def race_survivors(alive: list, values: dict, mean, race: float, tolerance: float) -> list:
    """The candidates of ``alive`` still in the race: the leader (best ``mean``) and every other
    one whose paired differences from the leader (``values[c][k]`` against the leader's k-th,
    for the first :data:`RACE_FIRST` or more pairs) do not show, with ``race`` standard errors
    to spare, that it is worse, or that it differs by less than ``tolerance`` either way."""
    leader = max(alive, key=mean)
    kept = []
    for c in alive:
        pairs = min(len(values[leader]), len(values[c]))
        if c == leader or pairs < RACE_FIRST:
            kept.append(c)
            continue
        lead, other = values[leader], values[c]
        differences = [lead[k] - other[k] for k in range(pairs)]
        average = sum(differences) / pairs
        spread = sum((d - average) ** 2 for d in differences) / (pairs - 1)
        margin = race * math.sqrt(spread / pairs)
        worse = average - margin > 0
        alike = abs(average) + margin < tolerance
        if not (worse or alike):
            kept.append(c)
    return kept


class PairedSeeds:
    """The seed of each rollout number: ``seeds[k]`` is the k-th number drawn from ``rng``
    (drawn in order, however the rollouts are batched), so the k-th rollout of every candidate
    meets the same luck (common random numbers)."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.seeds: list[float] = []

    def __getitem__(self, k: int) -> float:
        while len(self.seeds) <= k:
            self.seeds.append(self.rng.random())
        return self.seeds[k]


def one_by_one(rollout: Callable, rng: random.Random) -> Batch:
    """A :data:`Batch` from ``rollout(candidate, luck)`` (one value, ``luck`` a
    ``random.Random`` of the rollout's :class:`PairedSeeds` seed), made on this thread."""
    seeds = PairedSeeds(rng)
    return lambda pairs: [rollout(c, random.Random(seeds[k])) for c, k in pairs]


__all__ = [
    "RACE_EVERY",
    "RACE_FIRST",
    "Batch",
    "PairedSeeds",
    "one_by_one",
    "race_survivors",
    "sequential_halving",
]
