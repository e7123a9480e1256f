"""Sequential halving: share a search budget between candidate moves valued by noisy rollouts.

Every round each surviving candidate gets the same number of rollouts and the worse half is
dropped; with one candidate left the search stops early. Used by the Hard bots that average
sampled rollouts (engine/bots/rollout.py, engine/potion_explosion/bots.py).
"""

from __future__ import annotations


def sequential_halving(
    candidates: list,
    rollout,
    clock=None,
    budget: float = 1.5,
    rollouts: int = 48,
    stopped=lambda: False,
) -> tuple:
    """``(best candidate, rollouts made)``.

    ``candidates`` are in order of preference (ties go to the earlier one); ``rollout(c)`` gives
    one sampled value (higher is better). With ``clock`` (e.g. ``time.monotonic``) the search
    lasts about ``budget`` seconds: one rollout each first measures their cost, then the rounds
    share the time left. Without a clock it makes about ``rollouts`` in all. ``stopped()``
    returning True (a cancelled bot) ends it with the best mean so far. Raises ``ValueError``
    for no candidates.
    """
    if not candidates:
        raise ValueError("No candidate to choose from.")
    start = clock() if clock else 0.0
    deadline = start + budget if clock else None

    def out_of_time() -> bool:
        return stopped() or deadline is not None and clock() >= deadline

    order = {c: i for i, c in enumerate(candidates)}
    totals = {c: 0.0 for c in candidates}
    counts = {c: 0 for c in candidates}

    def mean(c) -> tuple:
        return (totals[c] / max(1, counts[c]), -order[c])

    def play(c) -> None:
        totals[c] += rollout(c)
        counts[c] += 1

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
            per = (clock() - start) / max(1, sum(counts.values()))
            each = max(1, int((deadline - clock()) / (rounds - r) / per / len(alive)))
        else:
            each = max(1, rollouts // rounds // len(alive))
        for _ in range(each):
            for c in alive:
                if out_of_time():
                    break
                play(c)
            if out_of_time():
                break
        alive = sorted(alive, key=mean, reverse=True)[: max(1, len(alive) // 2)]
    return max(alive, key=mean), sum(counts.values())
