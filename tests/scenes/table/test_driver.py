"""The table kit's driver, headless: no pygame, no window, a fake clock (issue 37).

The driver says what happens next at a table as typed outcomes; the scene only shows them.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from engine import registry
from engine.match import Match, Seat
from scenes.table.driver import (
    GameOver,
    HintReady,
    HotSeat,
    Jumped,
    MatchDriver,
    PassScreen,
    PersonToMove,
    Refused,
    Stepped,
    Undone,
)
from scenes.table.thinking import DoneJob, InlineThinker, Question
from tests.dice_game import PIG, Face, Hold, Roll, SetStake


@pytest.fixture(autouse=True)
def pig():
    registry.register(PIG)
    yield
    registry.unregister(PIG.id)


def driver_for(seats, thinker=None, **kw) -> MatchDriver:
    return MatchDriver(Match(PIG, seats, {"target": 10}, seed=5), thinker, **kw)


def test_the_driver_and_the_thinkers_run_without_pygame():
    """A fresh interpreter imports the driver and its thinkers without loading pygame."""
    code = "import sys, scenes.table.driver, scenes.table.thinking; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_a_person_acts_and_a_rule_is_refused_in_plain_words():
    driver = driver_for([Seat("human", "Ana"), Seat("human", "Ben")])
    assert driver.advance(0.0) == PersonToMove(0, True)
    assert driver.advance(0.0) == PersonToMove(0, False)  # the chime once a turn
    refused = driver.apply(Hold())
    assert refused == Refused("Roll at least once before holding.")
    version = driver.version
    stepped = driver.apply(SetStake(2))
    assert isinstance(stepped, Stepped) and stepped.by == "person" and stepped.save
    assert stepped.before.stake == 1 and driver.match.state.stake == 2
    assert driver.version == version + 1


def test_luck_is_drawn_by_the_driver_and_undo_stops_at_it():
    driver = driver_for([Seat("human", "Ana"), Seat("human", "Ben")])
    driver.apply(SetStake(3))
    assert driver.undo() == Undone(True) and driver.match.state.stake == 1
    driver.apply(Roll())
    luck = driver.advance(0.0)
    assert isinstance(luck, Stepped) and luck.by == "chance"
    assert [type(e).__name__ for e in luck.events] == ["Rolled"]
    if driver.person_to_move() and driver.match.current_player() == 0:
        assert driver.undo() == Undone(False)  # never back across the roll


def test_a_bot_moves_through_the_thinker_then_pauses_before_the_next():
    asked: list[Question] = []

    class Recording(InlineThinker):
        def ask(self, question):
            asked.append(question)
            return super().ask(question)

    driver = driver_for(
        [Seat("bot", "Bo", "easy"), Seat("human", "Ana")], Recording(), pause=lambda: 0.35
    )
    first = driver.advance(0.016)
    assert isinstance(first, Stepped) and first.by == "bot"
    assert asked[0].seat == 0 and asked[0].level == "easy"
    assert asked[0].legal == tuple(first.before.legal_actions())
    if driver.match.is_bot_turn():
        assert driver.advance(0.1) is None  # a moment between two moves of a bot
        assert driver.bot_wait == pytest.approx(0.25)


def test_a_bots_answer_for_a_position_gone_is_dropped_and_asked_again():
    class Slow:
        def __init__(self):
            self.jobs = []

        def ask(self, question):
            job = SlowJob(question)
            self.jobs.append(job)
            return job

        def close(self):
            pass

    class SlowJob:
        def __init__(self, question):
            self.question, self.ready = question, False

        def done(self):
            return self.ready

        def result(self):
            return Roll()

        def cancel(self):
            pass

        def wait(self, timeout):
            return self.ready

    thinker = Slow()
    match = Match(PIG, [Seat("bot", "Bo", "easy"), Seat("human", "Ana")], {"target": 10}, 5)
    driver = MatchDriver(match, thinker)
    assert driver.advance(0.0) is None and driver.thinking() is not None
    match.apply(SetStake(2))  # the position moves on meanwhile (a load, an undo)
    thinker.jobs[0].ready = True
    assert driver.advance(0.0) is None  # the stale answer is not applied
    assert match.state.stake == 2 and len(match.history) == 1
    assert driver.advance(0.0) is None  # asked again, about the position now
    first, again = thinker.jobs
    assert again.question.legal != first.question.legal


def test_hot_seat_passes_the_screen_between_people_and_before_their_luck():
    seats = [Seat("human", "Ana"), Seat("human", "Ben")]
    driver = driver_for(seats, hot_seat=HotSeat(pass_screens=lambda: True, before_chance=True))
    assert driver.advance(0.0) == PersonToMove(0, True)
    driver.apply(Roll())
    rolled = driver.advance(0.0)
    while isinstance(rolled, Stepped) and driver.match.current_player() == 0:
        driver.apply(Hold() if driver.match.state.turn_total else Roll())
        rolled = driver.advance(0.0)
    # Ben's turn: the screen passes to him before his own luck or move
    outcome = rolled if isinstance(rolled, PassScreen) else driver.advance(0.0)
    assert outcome == PassScreen(1)
    assert isinstance(driver.advance(0.0), (PersonToMove, Stepped))
    assert driver.seated == 1


def test_a_hidden_decision_passes_the_screen_even_with_the_setting_off():
    seats = [Seat("human", "Ana"), Seat("human", "Ben")]
    hidden = HotSeat(pass_screens=lambda: False, hidden_decision=lambda: True)
    driver = driver_for(seats, hot_seat=hidden)
    driver.advance(0.0)
    driver.match.state.player = 1  # Ben must decide something Ana may not see
    assert driver.advance(0.0) == PassScreen(1)


def test_a_hint_comes_for_the_position_it_was_asked_at():
    driver = driver_for([Seat("human", "Ana"), Seat("bot", "Bo", "easy")])
    driver.advance(0.0)
    assert driver.ask_hint()
    ready = driver.poll_hint()
    assert isinstance(ready, HintReady) and ready.action in driver.match.legal_actions()
    assert driver.current_hint() == ready.action
    driver.apply(SetStake(3) if ready.action != SetStake(3) else SetStake(2))
    assert driver.current_hint() is None  # a hint is about the position before the step


class ChangingMind(InlineThinker):
    """A thinker whose answer differs at every question, as a timed search may."""

    def __init__(self):
        super().__init__()
        self.asked = 0

    def ask(self, question: Question):
        self.asked += 1
        answers = [a for a in question.legal if isinstance(a, SetStake)]
        return DoneJob(answers[self.asked % len(answers)])


def test_a_position_hinted_before_gets_the_same_hint_again_without_a_search():
    """Play-test: asked again where it was asked before (after an undo), a hint could advise
    another move, the table's search being timed."""
    thinker = ChangingMind()
    driver = driver_for([Seat("human", "Ana"), Seat("human", "Ben")], thinker)
    driver.advance(0.0)
    assert driver.ask_hint()
    first = driver.poll_hint().action
    driver.apply(first)
    assert driver.undo() == Undone(True)
    assert driver.ask_hint()
    assert driver.poll_hint() == HintReady(first) and driver.current_hint() == first
    assert thinker.asked == 1
    driver.apply(first)  # a new position: a new search
    assert driver.ask_hint() and driver.poll_hint() is not None and thinker.asked == 2


def test_the_end_and_a_replay_are_outcomes_too():
    match = Match(PIG, [Seat("human", "Ana"), Seat("human", "Ben")], {"target": 10}, seed=5)
    rng = random.Random(2)
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance(Face(rng.choice((5, 6))))
        else:
            legal = match.legal_actions()
            match.apply(Hold() if Hold() in legal else Roll())
    fresh = Match(PIG, match.seats, match.options, match.seed)
    replay = MatchDriver(fresh, replay=list(match.history))
    assert replay.advance(0.0) is None  # a replay waits for its controls
    step = replay.replay_step()
    assert isinstance(step, Stepped) and step.by == "replay" and not step.save
    assert replay.replay_go(len(match.history)) == Jumped(len(match.history))
    assert replay.advance(0.0) == GameOver()


def test_with_secret_hands_the_first_person_too_sits_behind_a_pass_screen():
    """A game whose hands are secret (Shifting Stones): the first person's hand must not show
    before they confirm they sit; without secret hands the first turn starts at once."""
    people = [Seat("human", "Ana"), Seat("human", "Ben")]
    secret = driver_for(people, hot_seat=HotSeat(pass_screens=lambda: False, secret_hands=True))
    assert secret.advance(0.0) == PassScreen(0)
    assert secret.advance(0.0) == PersonToMove(0, True)
    plain = driver_for(people, hot_seat=HotSeat(pass_screens=lambda: True))
    assert plain.advance(0.0) == PersonToMove(0, True)


def test_hints_followed_step_by_step_keep_to_the_plan_of_the_turns_first_hint():
    """Play-test: the Shifting Stones hint aimed at one card, and after its first move was
    made, at another. A timed hint names the person's seat and turn, so Hard keeps the plan
    its first hint chose (the seat's TurnClock) and every later hint is that plan's next step
    while the person follows it."""
    from engine.shifting_stones import GAME

    thinker = InlineThinker()
    match = Match(GAME, [Seat("human", "Ana"), Seat("bot", "Bo", "easy")], seed=2)
    driver = MatchDriver(match, thinker, timed=lambda: True, budget=lambda: 0.4)
    for _ in range(50):  # the deal, then who goes first
        if driver.person_to_move():
            break
        driver.advance(0.5)
    assert driver.ask_hint()
    first = driver.poll_hint().action
    expected, plan = thinker._turns[("shifting-stones", "hard", 0)].plan
    assert len(plan) >= 4  # pay, move, pay, move, …, score, end the turn
    hinted = [first]
    for step in plan:
        driver.apply(hinted[-1])
        assert driver.ask_hint()
        hinted.append(driver.poll_hint().action)
        assert hinted[-1] == step
    assert [type(action).__name__ for action in hinted][-1] == "EndTurn"
