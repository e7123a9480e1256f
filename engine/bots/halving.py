"""Sequential halving: share a search budget between candidate moves valued by noisy rollouts.

Every round each surviving candidate gets the same number of rollouts and the worse half is
dropped; with one candidate left the search stops early. Used by the Hard bots that average
sampled rollouts (engine/bots/rollout.py, engine/potion_explosion/bots.py).

With ``race`` the rounds also *race* the candidates: when the rollouts are paired (the k-th
rollout of every candidate meets the same luck, as :class:`engine.bots.RolloutBot`'s common
random numbers make them), a candidate whose paired differences from the leader show it worse
(or no better or worse than ``tolerance``) with ``race`` standard errors to spare is dropped at
once. A decision whose best move is plain then ends long before its budget.
"""

from __future__ import annotations

import math
import random

RACE_FIRST = 16
"""Paired rollouts a candidate has before racing may drop it: fewer give a poor spread."""
RACE_EVERY = 4
"""Racing looks at the candidates after every this many sweeps of rollouts."""


def sequential_halving(
    candidates: list,
    rollout,
    clock=None,
    budget: float = 1.5,
    rollouts: int = 48,
    stopped=lambda: False,
    race: float | None = None,
    tolerance: float = 0.0,
) -> tuple:
    """``(best candidate, rollouts made)``.

    ``candidates`` are in order of preference (ties go to the earlier one); ``rollout(c)`` gives
    one sampled value (higher is better). With ``clock`` (e.g. ``time.monotonic``) the search
    lasts about ``budget`` seconds: one rollout each first measures their cost, then the rounds
    share the time left. Without a clock it makes about ``rollouts`` in all. ``stopped()``
    returning True (a cancelled bot) ends it with the best mean so far. ``race`` (a number of
    standard errors, e.g. 2.5) drops candidates early by :func:`race_survivors`: only for paired
    rollouts; ``tolerance`` is the difference in value (the evaluation's units) not worth
    searching for. Raises ``ValueError`` for no candidates.
    """
    if not candidates:
        raise ValueError("No candidate to choose from.")
    start = clock() if clock else 0.0
    deadline = start + budget if clock else None

    def out_of_time() -> bool:
        return stopped() or deadline is not None and clock() >= deadline

    order = {c: i for i, c in enumerate(candidates)}
    values: dict = {c: [] for c in candidates}
    totals = {c: 0.0 for c in candidates}

    def mean(c) -> tuple:
        return (totals[c] / max(1, len(values[c])), -order[c])

    def play(c) -> None:
        value = rollout(c)
        values[c].append(value)
        totals[c] += value

    def made() -> int:
        return sum(len(v) for v in values.values())

    alive = list(candidates)
    if clock:
        for c in alive:
            if out_of_time():
                break
            play(c)
    rounds = max(1, (len(alive) - 1).bit_length())
    for r in range(rounds):
        if len(alive) == 1 or out_of_time():
            break
        if clock:
            per = (clock() - start) / max(1, made())
            each = max(1, int((deadline - clock()) / (rounds - r) / per / len(alive)))
        else:
            each = max(1, rollouts // rounds // len(alive))
        for sweep in range(each):
            for c in alive:
                if out_of_time():
                    break
                play(c)
            if out_of_time():
                break
            if race is not None and sweep % RACE_EVERY == RACE_EVERY - 1:
                alive = race_survivors(alive, values, mean, race, tolerance)
                if len(alive) == 1:
                    break
        alive = sorted(alive, key=mean, reverse=True)[: max(1, len(alive) // 2)]
    return max(alive, key=mean), made()


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


def common_random_numbers(rollout, rng: random.Random):
    """``rollout(candidate, luck)`` made a ``rollout(candidate)`` for
    :func:`sequential_halving` on common random numbers: the k-th call for every candidate gets
    ``luck``, a ``random.Random`` of the same k-th seed drawn from ``rng``, so candidates are
    compared on the same luck, not on their own (and ``race`` may pair their rollouts)."""
    seeds: list = []
    made: dict = {}

    def paired(candidate):
        k = made.get(candidate, 0)
        made[candidate] = k + 1
        while len(seeds) <= k:
            seeds.append(rng.random())
        return rollout(candidate, random.Random(seeds[k]))

    return paired
