"""What the rollout bots' common random numbers are checked with (tests only)."""

from __future__ import annotations


def rollout_seeds(monkeypatch, module) -> dict:
    """Replace ``module.rollout_value`` (a search's unit of work: ``item`` is ``(action, seed)``)
    with a spy; returns ``{candidate action: [seed of each of its rollouts, in order]}``, filled
    as the bot searches."""
    seeds: dict = {}
    real = module.rollout_value

    def spying(shared, item, *stopped):
        action, seed = item
        seeds.setdefault(action, []).append(seed)
        return real(shared, item, *stopped)

    monkeypatch.setattr(module, "rollout_value", spying)
    return seeds


def assert_common_random_numbers(seeds: dict) -> None:
    """The k-th rollout of every candidate had the same seed, for each k (and more than one
    candidate was searched)."""
    assert len(seeds) > 1
    for k in range(max(len(numbers) for numbers in seeds.values())):
        assert len({numbers[k] for numbers in seeds.values() if len(numbers) > k}) == 1
