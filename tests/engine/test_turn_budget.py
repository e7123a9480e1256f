"""Hard's thinking at the table (issue 39): a whole turn within its seconds, and no decision
past its deadline by more than 100 ms, timed by a clock that advances with the work done
(:class:`tests.clock.WorkClock`), never by sleeping, so the test is fast and fails on a search
that works on without looking at its clock."""

from __future__ import annotations

import pytest

from engine import registry
from engine.bots import make_bot
from engine.bots.search import Search, TurnClock
from engine.match import Match, Seat
from tests.clock import WorkClock
from tests.soak import keep_first

OVERSHOOT = 0.1
"""How far past its deadline a decision may answer (seconds)."""
TURN_SECONDS = 1.0
"""The turn's budget in these tests: half the table's default, so a turn is a million calls."""
GAMES = ["potion-explosion", "off-the-rails", "diced-tomatoes", "tea-time", "shifting-stones"]


def hard_turns(game: str, seed: int, turns: int = 2):
    """Play a seeded Hard v Medium game and time ``turns`` of Hard's turns by the work clock:
    yields ``(decisions, deadlines)`` per turn, ``decisions`` the seconds each decision took,
    ``deadlines`` ``(seconds from the decision's start to its deadline, seconds it took)``."""
    spec = registry.get(game)
    match = Match(spec, [Seat("bot", "Hard", "hard"), Seat("bot", "Medium", "medium")], seed=seed)
    medium = make_bot(spec, "medium")
    clock, seat_clock = WorkClock(), TurnClock()
    allowances: list = []
    real_decision = Search.decision

    def noting(search, share=1.0):
        allowance = real_decision(search, share)
        allowances.append(allowance)
        return allowance

    timed: dict = {}
    Search.decision = noting
    try:
        while not match.is_terminal() and len(timed) <= turns:
            if match.is_chance():
                match.advance_chance()
                continue
            player = match.current_player()
            turn = (player, match.turn_count())
            if player == 1:
                _bot, observation, legal, rng, length = match.bot_request(lambda *_: medium)
                match.apply_bot_move(medium.choose(observation, legal, rng), length)
                continue
            # as the table asks: a new bot for each decision, the seat's TurnClock kept
            hard = make_bot(spec, "hard", budget=TURN_SECONDS, clock=clock, turns=seat_clock)
            if hard.search is not None:
                # as on a computer far slower than the reference: the deadline, not the
                # work, ends each search
                hard.search.rate *= 100
            _bot, observation, legal, rng, length = match.bot_request(lambda *_, bot=hard: bot)
            allowances.clear()
            start = clock()
            with clock:
                action = hard.choose(observation, legal, rng, turn=turn)
            took = clock() - start
            decisions, deadlines = timed.setdefault(turn, ([], []))
            decisions.append(took)
            deadlines += [(allowance.deadline - start, took) for allowance in allowances]
            match.apply_bot_move(action, length)
    finally:
        Search.decision = real_decision
    return [timed[turn] for turn in list(timed)[:turns]]


@pytest.mark.parametrize("game", keep_first(GAMES, 1))
@pytest.mark.long
def test_a_hard_turn_thinks_within_its_budget_and_no_decision_runs_past_its_deadline(game):
    """Issue 39: "Hard's whole turn takes at most 2 s of thinking (the first decision gets most
    of it; later ones reuse its search), and no single decision runs past its deadline by more
    than 100 ms" — here with a 1 s turn, on a clock that counts the work done."""
    turns = hard_turns(game, seed=3)
    assert turns
    searched = 0
    for decisions, deadlines in turns:
        assert sum(decisions) <= TURN_SECONDS
        for allowed, took in deadlines:
            assert took <= max(0.0, allowed) + OVERSHOOT
        searched += len(deadlines)
        # the first decision that searches gets the most time of the turn
        if deadlines:
            assert deadlines[0][0] == max(allowed for allowed, _took in deadlines)
    assert searched  # Hard did search, against its deadlines


@pytest.mark.parametrize("game", keep_first(["shifting-stones", "off-the-rails"], 1))
@pytest.mark.long
def test_the_later_decisions_of_a_hard_turn_reuse_the_first_search(game):
    """Issue 39: where Hard's first decision plans the whole turn (Shifting Stones' turn plan,
    Off the Rails' action phase), its later decisions play the plan on without searching
    again, though the table builds a new bot for each decision (the plan is kept in the seat's
    TurnClock)."""
    turns = hard_turns(game, seed=4)
    several = [(decisions, deadlines) for decisions, deadlines in turns if len(decisions) > 2]
    assert several
    for decisions, deadlines in several:
        assert len(deadlines) <= 1
        assert sum(decisions[1:]) < 0.25 * sum(decisions)
