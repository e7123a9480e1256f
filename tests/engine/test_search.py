"""Hard's search budget (engine/bots/search.py, issue 39): counted in work, shared by a turn's
decisions, and the same move whatever the number of processes its work runs on."""

from __future__ import annotations

import pickle
import random

import pytest

from engine import registry
from engine.bots import make_bot
from engine.bots.search import (
    FIRST_SHARE,
    LATER_SHARE,
    TURN_RESERVE,
    Parallel,
    Search,
    TurnClock,
)
from engine.off_the_rails.bots import PlannerBot
from engine.off_the_rails.state import Pending
from engine.potion_explosion.bots import TurnPlannerBot
from engine.potion_explosion.state import Phase
from engine.tea_time.bots import RoundSearchBot
from tests.clock import SteppingClock
from tests.engine.test_bots import random_positions


def scrambled_map(function, items) -> list:
    """A stand-in for a pool of processes: every chunk crosses a pickle (as to another process)
    and the chunks run last first, as workers may finish in any order."""
    items = [pickle.loads(pickle.dumps(item)) for item in items]
    done = {index: function(item) for index, item in reversed(list(enumerate(items)))}
    return [done[index] for index in range(len(items))]


def searching_position(game: str, wanted) -> object:
    spec = registry.get(game)
    for seed in range(20):
        for state in random_positions(spec, 30, seed=seed):
            if wanted(state) and len(state.legal_actions()) > 2:
                return state
    raise AssertionError("no position found")


HARD = {
    # game: (a position where the search runs, a Hard bot with a small fixed budget)
    "potion-explosion": (
        lambda s: s.phase == Phase.PLAY and not s.picked and s.effect is None,
        lambda parallel: TurnPlannerBot(rollouts=16, parallel=parallel),
    ),
    "off-the-rails": (
        lambda s: s.pending() == Pending.ACTIONS and s.actions_left == 4,
        lambda parallel: PlannerBot("hard", futures=8, parallel=parallel),
    ),
    "diced-tomatoes": (
        lambda s: True,
        lambda parallel: registry.get("diced-tomatoes").bots.make("hard", parallel=parallel),
    ),
    "tea-time": (
        lambda s: s.cards_on_table() <= 4 * s.num_players,
        lambda parallel: RoundSearchBot(samples=8, parallel=parallel),
    ),
}


@pytest.mark.parametrize("game", list(HARD))
@pytest.mark.long
def test_a_fixed_budget_chooses_the_same_move_on_any_number_of_processes(game):
    """Issue 39: with a fixed budget (tests, benchmarks, online games) Hard's move does not
    depend on how many processes its work runs on, nor on the order they finish in."""
    wanted, make = HARD[game]
    state = searching_position(game, wanted)
    legal = state.legal_actions()
    observation = state.observation(state.current_player())
    choices = [
        make(parallel).choose(observation.clone(), legal, random.Random(7))
        for parallel in (None, Parallel(scrambled_map, 2), Parallel(scrambled_map, 5))
    ]
    assert choices[0] in legal
    assert choices[1] == choices[0] and choices[2] == choices[0]


def test_a_timed_search_does_more_work_on_more_processes():
    """At the table the turn's work is its seconds at the game's rate, times the processes the
    search runs on: four cores search four times as much in the same time."""
    one = Search(48, 40.0, 2.0, clock=lambda: 0.0).decision()
    four = Search(48, 40.0, 2.0, clock=lambda: 0.0, parallel=Parallel(scrambled_map, 4)).decision()
    assert one.work == round(2.0 * 40 * FIRST_SHARE)
    assert four.work == 4 * one.work
    fixed = Search(48, 40.0, parallel=Parallel(scrambled_map, 4)).decision()
    assert fixed.work == 48 and fixed.deadline is None  # no clock: the same on any computer


def test_a_turn_gives_its_first_decision_most_of_its_time_and_later_ones_what_is_left():
    """Issue 39: Hard's whole turn thinks at most its budget; of its seconds less the reserve
    (TURN_RESERVE, for the work past each deadline), the first decision may use 70 %, each
    later one 60 % of what is left (work and seconds alike); another turn starts afresh."""
    clock = SteppingClock(0.0)
    turns = TurnClock()
    search = Search(48, 100.0, 2.0, clock=clock, turns=turns)
    search.turn = ("game", 1)
    first = search.decision()
    assert first.deadline == pytest.approx(2.0 * (1 - TURN_RESERVE) * FIRST_SHARE)
    assert first.work == round(200 * FIRST_SHARE)
    clock.now = 1.0  # the first decision took a second and all its work
    search.finished(first)
    second = search.decision()
    assert second.deadline == pytest.approx(1.0 + (2.0 * (1 - TURN_RESERVE) - 1.0) * LATER_SHARE)
    assert second.work == round(200 * (1 - FIRST_SHARE) * LATER_SHARE)
    search.finished(second, made=0)  # a plain decision: its work stays with the turn
    clock.now = 1.5
    third = search.decision()
    assert third.work == round(200 * (1 - FIRST_SHARE) * LATER_SHARE)
    search.turn = ("game", 2)
    assert search.decision().work == round(200 * FIRST_SHARE)  # the next turn: afresh


def test_a_plan_is_recalled_in_its_own_turn_only_and_only_by_a_timed_search():
    """Issue 39: a timed Hard's later decisions of a turn reuse the plan of its first one,
    kept in the seat's TurnClock (the table builds a new bot for each decision); a new turn, a
    hint (a turn of its own) and a fixed search (the same on every computer, and after a save
    is loaded mid-turn) remember nothing."""
    turns = TurnClock()
    first = Search(8, 10.0, 2.0, clock=lambda: 0.0, turns=turns)
    first.turn = ("game", 1)
    first.decision()
    first.remember("the rest of the plan")
    again = Search(8, 10.0, 2.0, clock=lambda: 0.0, turns=turns)  # the next question's bot
    again.turn = ("game", 1)
    assert again.recall() == "the rest of the plan"
    assert again.recall() is None  # given once
    again.remember("more")
    again.turn = ("game", 2)
    assert again.recall() is None
    again.decision()
    assert turns.plan is None  # a new turn forgets the last one's plan
    hint = Search(8, 10.0, 2.0, clock=lambda: 0.0, turns=turns)
    hint.remember("a hint's plan")
    assert hint.recall() is None
    fixed = Search(8, 10.0, turns=turns)
    fixed.turn = ("game", 2)
    fixed.remember("a fixed plan")
    assert fixed.recall() is None and turns.plan is None
    plain = Search(8, 10.0, 2.0, clock=lambda: 0.0, turns=turns)
    plain.turn = ("game", 3)
    plain.remember("a plan made without searching")  # a new turn's first decision
    assert plain.recall() == "a plan made without searching"
    assert plain.decision().work == round(2.0 * 10 * FIRST_SHARE)  # still the turn's first search


def test_work_not_begun_before_the_deadline_is_not_made():
    clock = SteppingClock(0.1)
    allowance = Search(10, 10.0, 1.0, clock=clock).decision()  # deadline at 0.1 + 0.7
    made = allowance.run(lambda shared, item, stopped: item, None, list(range(20)))
    assert made[:3] == [0, 1, 2] and made[-1] is None and len(made) == 20


def test_make_bot_hands_the_parallel_map_and_the_turn_clock_to_hard():
    spec = registry.get("potion-explosion")
    parallel, turns = Parallel(scrambled_map, 3), TurnClock()
    bot = make_bot(spec, "hard", budget=1.0, clock=lambda: 0.0, parallel=parallel, turns=turns)
    assert bot.search is not None
    assert bot.search.parallel is parallel and bot.search.turns is turns
    assert make_bot(spec, "medium").search is None
