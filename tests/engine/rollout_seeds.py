"""What the rollout bots' common random numbers are checked with (tests only)."""

from __future__ import annotations


def rollout_seeds(bot) -> dict:
    """Replace ``bot._rollout`` with a spy; returns ``{candidate action: [generator state at
    the start of each of its rollouts, in order]}``, filled as the bot searches."""
    seeds: dict = {}
    real = bot._rollout

    def spying(state, action, me, rng):
        seeds.setdefault(action, []).append(rng.getstate())
        return real(state, action, me, rng)

    bot._rollout = spying
    return seeds


def assert_common_random_numbers(seeds: dict) -> None:
    """The k-th rollout of every candidate started from the same generator state, for each k
    (and more than one candidate was searched)."""
    assert len(seeds) > 1
    for k in range(max(len(states) for states in seeds.values())):
        assert len({states[k] for states in seeds.values() if len(states) > k}) == 1
