"""The flat Monte Carlo bot with greedy rollouts (engine/bots/rollout.py; Diced Tomatoes' Hard)."""

import random
import threading
import time

import pytest

from engine import registry
from engine.bots.halving import sequential_halving
from engine.bots.rollout import RolloutBot
from engine.diced_tomatoes.bots import DicedTomatoesBots
from tests.clock import SteppingClock
from tests.engine.test_bots import random_positions

SPEC = registry.get("diced-tomatoes")


class SpyBots(DicedTomatoesBots):
    """Diced Tomatoes' bot knowledge, noting whose turn each valued position is in."""

    def __init__(self):
        self.owners: list[int] = []

    def evaluate(self, state, player):
        self.owners.append(state.turn_owner())
        return 0.0


def test_a_rollout_ends_when_the_next_turn_is_over():
    """From seat 0's turn early in a 3-player game a rollout is valued as seat 2's turn begins:
    the rest of seat 0's turn and all of seat 1's were played (turns counted by TurnStarted)."""
    state = next(
        s
        for s in random_positions(SPEC, 40, seed=5, players=3)
        if s.current_player() == 0 and s.turn_owner() == 0
    )
    spy = SpyBots()
    RolloutBot(spy)._rollout(state, state.legal_actions()[0], 0, random.Random(3))
    assert spy.owners[-1] == 2  # the last valuation is the rollout's; the others chose moves


def test_a_solo_rollout_ends_after_the_next_turn():
    """Solo: one seat, so the rollout stops when the turn after this one is over."""
    state = random_positions(SPEC, 1, seed=6, players=1)[0]
    bot = RolloutBot(SPEC.bots)
    starts = []
    play = bot._play

    def counting(t, action, rng):
        begun = play(t, action, rng)
        starts.extend([t.turn_owner()] * begun)
        return begun

    bot._play = counting
    bot._rollout(state, state.legal_actions()[0], 0, random.Random(3))
    assert starts == [0, 0]  # two TurnStarted events, both the solo player's


def test_rollout_bot_is_reproducible_with_a_fixed_seed():
    for state in random_positions(SPEC, 3, seed=8):
        obs, legal = state.observation(state.current_player()), state.legal_actions()
        first = RolloutBot(SPEC.bots, rollouts=24).choose(obs, legal, random.Random(2))
        again = RolloutBot(SPEC.bots, rollouts=24).choose(obs, legal, random.Random(2))
        assert first == again and first in legal


def test_rollout_bot_keeps_to_its_budget_and_can_be_cancelled():
    state = next(s for s in random_positions(SPEC, 20, seed=4) if len(s.legal_actions()) > 2)
    obs, legal = state.observation(state.current_player()), state.legal_actions()
    clock = SteppingClock(0.01)
    bot = RolloutBot(SPEC.bots, budget=0.3, clock=clock)
    assert bot.choose(obs, legal, random.Random(1)) in legal
    # each rollout reads the clock about once: the search stops near 30 reads, not far beyond
    assert bot.last_rollouts >= 3 and clock.now <= 0.3 + 0.05
    slow = RolloutBot(SPEC.bots, budget=30.0, clock=time.monotonic)
    result = {}
    worker = threading.Thread(
        target=lambda: result.setdefault("a", slow.choose(obs, legal, random.Random(1)))
    )
    worker.start()
    time.sleep(0.2)
    slow.cancel()
    worker.join(timeout=5)
    assert not worker.is_alive() and result["a"] in legal


def test_sequential_halving_keeps_the_best_mean_and_the_earlier_of_equals():
    values = {"a": 1.0, "b": 3.0, "c": 2.0, "d": 3.0}
    best, made = sequential_halving(list(values), values.get, rollouts=24)
    assert best == "b" and made == 24  # b ties d on value and comes first
    with pytest.raises(ValueError):
        sequential_halving([], values.get)


def test_candidates_are_compared_on_common_random_numbers():
    """The k-th rollout of every candidate draws its luck from the same seed, so a comparison
    between candidates is not drowned by the luck of the draw."""
    state = random_positions(SPEC, 1, seed=8)[0]
    bot = RolloutBot(SPEC.bots, rollouts=48)
    seeds: dict = {}
    real = bot._rollout

    def spying(s, action, me, rng):
        seeds.setdefault(action, []).append(rng.getstate())
        return real(s, action, me, rng)

    bot._rollout = spying
    bot.choose(state.observation(state.current_player()), state.legal_actions(), random.Random(4))
    assert len(seeds) > 1
    made = max(len(states) for states in seeds.values())
    for k in range(made):
        assert len({states[k] for states in seeds.values() if len(states) > k}) == 1
