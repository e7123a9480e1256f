"""The flat Monte Carlo bot with greedy rollouts (engine/bots/rollout.py; Diced Tomatoes' Hard)."""

import random
import threading
import time

import pytest

from engine import registry
from engine.bots import rollout as rollout_module
from engine.bots.halving import (
    RACE_EVERY,
    RACE_FIRST,
    one_by_one,
    race_survivors,
    sequential_halving,
)
from engine.bots.rollout import RolloutBot
from engine.diced_tomatoes.bots import DicedTomatoesBots, position_key
from engine.diced_tomatoes.state import PlaceDie
from tests.clock import SteppingClock
from tests.engine.rollout_seeds import assert_common_random_numbers, rollout_seeds
from tests.engine.test_bots import random_positions

SPEC = registry.get("diced-tomatoes")


class SpyBots(DicedTomatoesBots):
    """Diced Tomatoes' bot knowledge, noting whose turn each valued position is in."""

    def __init__(self):
        self.owners: list[int] = []

    def evaluate(self, state, player):
        self.owners.append(state.turn_owner())
        return 0.0

    def leaf_value(self, state, player):
        return self.evaluate(state, player)


def test_a_rollout_ends_when_the_next_turn_is_over():
    """From seat 0's turn early in a 3-player game a rollout is valued as seat 2's turn begins:
    the rest of seat 0's turn and all of seat 1's were played (turns counted by TurnStarted)."""
    state = next(
        s
        for s in random_positions(SPEC, 40, seed=5, players=3)
        if s.current_player() == 0 and s.turn_owner() == 0
    )
    spy = SpyBots()
    rollout_module.rollout(spy, state, state.legal_actions()[0], 0, random.Random(3))
    assert spy.owners[-1] == 2  # the last valuation is the rollout's; the others chose moves


def test_a_solo_rollout_ends_after_the_next_turn(monkeypatch):
    """Solo: one seat, so the rollout stops when the turn after this one is over."""
    state = random_positions(SPEC, 1, seed=6, players=1)[0]
    starts = []
    play = rollout_module.play

    def counting(t, action, rng):
        begun = play(t, action, rng)
        starts.extend([t.turn_owner()] * begun)
        return begun

    monkeypatch.setattr(rollout_module, "play", counting)
    rollout_module.rollout(SPEC.bots, state, state.legal_actions()[0], 0, random.Random(3))
    assert starts == [0, 0]  # two TurnStarted events, both the solo player's


@pytest.mark.long
def test_rollout_bot_is_reproducible_with_a_fixed_seed():
    for state in random_positions(SPEC, 3, seed=8):
        obs, legal = state.observation(state.current_player()), state.legal_actions()
        first = RolloutBot(SPEC.bots, rollouts=24).choose(obs, legal, random.Random(2))
        again = RolloutBot(SPEC.bots, rollouts=24).choose(obs, legal, random.Random(2))
        assert first == again and first in legal


def test_rollout_bot_keeps_to_its_deadline_and_can_be_cancelled():
    """With a clock the search is counted in rollouts (its budget's work) and stops at its
    deadline: the first decision of a turn may use 70 % of the turn's 0.3 s."""
    state = next(s for s in random_positions(SPEC, 20, seed=4) if len(s.legal_actions()) > 2)
    obs, legal = state.observation(state.current_player()), state.legal_actions()
    clock = SteppingClock(0.01)
    bot = RolloutBot(SPEC.bots, budget=0.3, clock=clock, rate=10_000.0)
    assert bot.choose(obs, legal, random.Random(1)) in legal
    # each rollout step reads the clock: the search stops at its deadline, not beyond
    assert bot.last_rollouts >= 1 and clock.now <= 0.7 * 0.3 + 0.05
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
    best, made = sequential_halving(list(values), lambda pairs: [values[c] for c, _ in pairs], 24)
    assert best == "b" and made == 24  # b ties d on value and comes first
    with pytest.raises(ValueError):
        sequential_halving([], lambda pairs: [])


def test_candidates_are_compared_on_common_random_numbers(monkeypatch):
    """The k-th rollout of every candidate draws its luck from the same seed, so a comparison
    between candidates is not drowned by the luck of the draw."""
    state = random_positions(SPEC, 1, seed=8)[0]
    bot = RolloutBot(SPEC.bots, rollouts=48)
    seeds = rollout_seeds(monkeypatch, rollout_module)
    bot.choose(state.observation(state.current_player()), state.legal_actions(), random.Random(4))
    assert_common_random_numbers(seeds)


def two_red_fives_position():
    """Seat 0 to place black 1, red 5, red 2, red 5 with its three tokens empty; seat 1 has a
    vine of two red 4s on its bottom token (a position reached in a random game)."""
    state = next(
        s
        for s in random_positions(SPEC, 12, seed=11)
        if s.current_player() == 0 and len(s.legal_actions()) > 20
    )
    assert state.hand == [("b", 1), ("r", 5), ("r", 2), ("r", 5)]
    assert state.vines == [[[], [], []], [[], [], [("r", 4), ("r", 4)]]]
    return state


def test_position_key_makes_like_dice_and_like_empty_tokens_one_choice():
    """Either red 5, seeded on any of seat 0's three empty tokens, is one position; the red 2
    there, or a red 5 on the other seat's token, is another."""
    state = two_red_fives_position()

    def key_after(die, owner, token):
        after = state.clone()
        after.apply_action(PlaceDie(die, owner, token))
        return position_key(after)

    fives_at_home = {key_after(die, 0, token) for die in (1, 3) for token in (0, 1, 2)}
    assert len(fives_at_home) == 1
    assert key_after(2, 0, 0) not in fives_at_home
    assert key_after(1, 1, 0) not in fives_at_home
    assert key_after(1, 1, 0) == key_after(3, 1, 1)
    assert SPEC.bots.position_key(state) == position_key(state)


def test_rollout_candidates_are_one_move_per_distinct_position(monkeypatch):
    """Of 26 legal moves only 12 lead to positions the rules tell apart; the 8 candidates played
    out are 8 of those (before, the 8 best one-step values were 2 positions 8 times over), so
    seeds on the other seat's tokens are weighed too."""
    state = two_red_fives_position()
    bot = RolloutBot(SPEC.bots, rollouts=48)
    played = rollout_seeds(monkeypatch, rollout_module)
    legal = state.legal_actions()
    assert len(legal) == 26
    assert bot.choose(state.clone(), legal, random.Random(4)) in legal
    candidates = list(played)
    keys = set()
    for action in candidates:
        after = state.clone()
        after.apply_action(action)
        keys.add(position_key(after))
    assert len(candidates) == 8 and len(keys) == 8
    assert any(isinstance(a, PlaceDie) and a.owner == 1 for a in candidates)


def test_racing_drops_a_plainly_worse_candidate_and_an_alike_one_but_keeps_a_close_one():
    """Paired rollouts: "worse" is 1 below the leader every time, "alike" equals it every time,
    "close" is 0.5 above or below it in turn, 0.05 below on average (that cannot be told from
    0 in 16 pairs, so it races on)."""
    luck = random.Random(1)
    lead = [luck.gauss(0, 3) for _ in range(RACE_FIRST)]
    values = {
        "lead": lead,
        "worse": [v - 1 for v in lead],
        "alike": list(lead),
        "close": [v + (0.5 if k % 2 else -0.5) - 0.05 for k, v in enumerate(lead)],
    }
    order = list(values)

    def mean(c):
        return (sum(values[c]) / len(values[c]), -order.index(c))

    assert race_survivors(order, values, mean, 2.5, 0.2) == ["lead", "close"]
    # with fewer pairs than RACE_FIRST nobody is dropped
    short = {c: v[: RACE_FIRST - 1] for c, v in values.items()}
    values.update(short)
    assert race_survivors(order, values, mean, 2.5, 0.2) == order


def test_sequential_halving_with_racing_stops_when_one_candidate_is_plainly_best():
    """Four candidates 1 point apart with small paired noise: racing ends the search after
    RACE_FIRST-odd sweeps, not at the budget of 4000 rollouts; without racing it spends it."""
    own = random.Random(3)

    def rollout(candidate, luck):
        return candidate + luck.gauss(0, 1) + own.gauss(0, 0.1)

    best, count = sequential_halving(
        [1, 4, 3, 2], one_by_one(rollout, random.Random(4)), 4000, race=2.5
    )
    assert best == 4 and count <= 4 * (RACE_FIRST + RACE_EVERY)
    best, count = sequential_halving([1, 4, 3, 2], one_by_one(rollout, random.Random(4)), 4000)
    assert best == 4 and count > 3000


@pytest.mark.long
def test_rollout_bot_ends_a_plain_decision_long_before_its_budget():
    """Racing stops the search once the candidates are told apart: over a few random positions
    the bot makes far fewer rollouts than a budget of 600 allows, and all of them without
    racing (shown on the one with fewest candidates: each position spends the whole budget)."""
    states = [s for s in random_positions(SPEC, 30, seed=4) if len(s.legal_actions()) > 2][:3]
    assert states
    raced = 0
    for state in states:
        obs, legal = state.observation(state.current_player()), state.legal_actions()
        bot = RolloutBot(SPEC.bots, rollouts=600)
        bot.choose(obs, legal, random.Random(1))
        raced += bot.last_rollouts
    assert raced < len(states) * 300
    state = min(states, key=lambda state: len(state.legal_actions()))
    bot = RolloutBot(SPEC.bots, rollouts=600, race=None)
    bot.choose(state.observation(state.current_player()), state.legal_actions(), random.Random(1))
    assert bot.last_rollouts >= 560  # without racing the whole budget is spent
