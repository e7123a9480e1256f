"""The table kit's driver playing online, headless: two computers on an in-memory log
(issue 43; docs/DESIGN.md, "Playing at a distance").

A remote seat is waited for, its checked turn is played one step at a time, bots are the
clock-less online bot, a bad hash halts the table, a hidden choice is asked and answered.
"""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.match import BOT, HUMAN
from engine.off_the_rails.state import EndActions, PickPile, SplitLoad
from net.autoplay import random_chooser
from net.bots import online_bot
from net.log import OnlineSeat, make_header, state_hash
from net.outcomes import LocalTurnLost, SeatHandedOver, Stopped, TurnSent
from net.session import OnlineMatch
from net.transport import MemoryHub, MemoryTransport
from scenes.table.driver import (
    Halted,
    MatchDriver,
    NetworkNews,
    PersonToMove,
    SecretPick,
    Stepped,
    WaitingForRemote,
)
from scenes.table.thinking import InlineThinker, make_bot_for
from tests.net.test_secret import collision_header


class Recording(InlineThinker):
    """Answers inline and keeps every question."""

    def __init__(self):
        super().__init__()
        self.asked = []

    def ask(self, question):
        self.asked.append(question)
        return super().ask(question)


def computers(game_id="tea-time", seed=11, bots=0, clock=None):
    spec = registry.get(game_id)
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    seats += [OnlineSeat(BOT, f"Bot {n}", level="hard") for n in range(1, bots + 1)]
    header = make_header(spec, seats, seed=seed, clock=clock)
    hub = MemoryHub(header.data)
    sessions = [
        OnlineMatch(header, MemoryTransport(hub, "ana"), [0]),
        OnlineMatch(header, MemoryTransport(hub, "ben"), [1]),
    ]
    drivers = [MatchDriver(s.match, Recording(), online=s, timed=lambda: True) for s in sessions]
    return hub, sessions, drivers


def turn(driver, choose, seen):
    """One frame of a table: poll the log, then what the driver says happens next; a person
    here plays ``choose(legal)``. Records every outcome in ``seen``; True when it moved."""
    news = driver.poll_network()
    if news is not None:
        seen.append(news)
    outcome = driver.advance(0.0)
    seen.append(outcome)
    if isinstance(outcome, PersonToMove):
        stepped = driver.apply(choose(driver.legal()))
        assert isinstance(stepped, Stepped), stepped
        return True
    return isinstance(outcome, Stepped)


def play(drivers, seen, limit=5000):
    choosers = [random_chooser(n + 1) for n in range(len(drivers))]
    for _ in range(limit):
        moved = False
        for driver, choose, log in zip(drivers, choosers, seen):
            moved |= turn(driver, choose, log)
        if all(d.match.is_terminal() for d in drivers):
            for driver in drivers:
                driver.poll_network()
            return
        if not moved:
            for log in seen:
                assert not any(isinstance(o, Halted) for o in log), log[-3:]
    raise AssertionError("the game did not end")


def test_a_remote_seat_is_waited_for_and_its_checked_turn_played_step_by_step():
    """Each table waits for the other's person (WaitingForRemote) and plays that turn from
    the log one decision at a time (Stepped by "remote"); both end in the same position."""
    _hub, sessions, drivers = computers()
    seen: list[list] = [[], []]
    play(drivers, seen)
    ana, ben = sessions
    assert state_hash(ana.match.state) == state_hash(ben.match.state)
    for seat, outcomes in enumerate(seen):
        other = 1 - seat
        assert WaitingForRemote(other) in outcomes
        assert WaitingForRemote(seat) not in outcomes  # never waits for itself
        remote = [o for o in outcomes if isinstance(o, Stepped) and o.by == "remote"]
        assert remote and all(len(o.events) > 0 for o in remote)
        news = [n for o in outcomes if isinstance(o, NetworkNews) for n in o.outcomes]
        assert any(isinstance(n, TurnSent) and n.seat == seat for n in news)


def test_only_this_computers_people_are_the_tables_people():
    """The viewer and hot-seat rules see this computer's person only: Ben is no one to pass
    the screen to on Ana's computer, and a person elsewhere is never moved for."""
    _hub, (ana, ben), (on_ana, on_ben) = computers()
    assert on_ana.humans == (0,) and on_ben.humans == (1,)
    on_ana.match.advance_chance()
    on_ben.match.advance_chance()
    if ana.match.current_player() == 1:
        on_ana, on_ben = on_ben, on_ana
    assert not on_ben.person_to_move() and on_ben.legal() == []
    assert on_ben.advance(0.0) == WaitingForRemote(on_ben.match.current_player())


@pytest.mark.long
def test_an_online_tables_bots_are_the_clock_less_online_bot():
    """Every computer plays the bots: the table asks untimed questions marked online, whatever
    the thinking-time setting, and the thinker builds :func:`net.bots.online_bot` for them."""
    _hub, sessions, drivers = computers(bots=1, seed=4)
    seen: list[list] = [[], []]
    for _ in range(400):
        for driver, log in zip(drivers, seen):
            turn(driver, random_chooser(1), log)
        if drivers[0].thinker.asked and drivers[1].thinker.asked:
            break
    for driver in drivers:
        question = driver.thinker.asked[0]
        assert question.online and not question.timed and question.level == "hard"
        bot = make_bot_for(question)
        assert type(bot.bot) is type(online_bot(driver.match.spec, "hard").bot)
    assert drivers[0].thinker.asked[0].observation == drivers[1].thinker.asked[0].observation


def test_a_position_that_differs_halts_the_table_and_nothing_is_played():
    """A turn whose hash differs stops the game: the table is told (Stopped), the driver
    halts with the reason, no person may move and the match stays as it was."""
    hub, (ana, _ben), (on_ana, _on_ben) = computers()
    seen: list = []
    while not ana.log:
        turn(on_ana, random_chooser(1), seen)
        while on_ana.match.is_chance() or on_ana.match.current_player() == 0:
            turn(on_ana, random_chooser(1), seen)
    steps = len(ana.match.history)
    mover = ana.match.current_player()
    legal = ana.match.legal_actions()
    forged = {
        "kind": "turn",
        "turn": len(ana.log),
        "step": steps,
        "seat": mover,
        "actions": [legal[0].to_dict()],
        "hash": "0" * 64,
    }
    hub.inject(json.dumps(forged), "ben")
    news = on_ana.poll_network()
    assert news is not None and any(isinstance(o, Stopped) for o in news.outcomes)
    outcome = on_ana.advance(0.0)
    assert isinstance(outcome, Halted) and "different positions" in outcome.message
    assert not on_ana.person_to_move() and len(ana.match.history) == steps


def test_a_turn_taken_back_stops_the_search_for_the_old_position():
    """Ben hands Ana's seat (past its time) to a bot while Ana plays: Ana's turn is taken
    back (LocalTurnLost), her table drops what it was working out, and a bot plays her seat
    from then on, on both computers alike."""
    from tests.net.test_leaving import FakeClock

    clock = FakeClock()
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    header = make_header(spec, seats, seed=2, clock=60)
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0], clock=clock)
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1], clock=clock)
    on_ana = MatchDriver(ana.match, Recording(), online=ana)
    on_ben = MatchDriver(ben.match, Recording(), online=ben)
    for driver in (on_ana, on_ben):
        driver.advance(0.0)
        driver.poll_network()
    assert ana.match.current_player() == 0
    clock.now += 61
    ben.hand_over(0, "easy")
    assert isinstance(on_ana.advance(0.0), PersonToMove)
    on_ana.apply(on_ana.legal()[0])
    on_ana.ask_hint()
    news = []
    for _ in range(5):
        found = on_ana.poll_network()
        news += list(found.outcomes) if found else []
    assert any(isinstance(o, LocalTurnLost) for o in news)
    assert any(isinstance(o, SeatHandedOver) and o.seat == 0 for o in news)
    assert on_ana.hint_job is None and on_ana.humans == ()
    seen: list[list] = [[], []]
    play([on_ana, on_ben], seen)
    assert state_hash(ana.match.state) == state_hash(ben.match.state)
    assert not ana.counts_in_statistics and not ben.counts_in_statistics


def test_undo_works_until_the_turn_is_published():
    """A person takes a step back while their turn lasts; once the next seat is to move the
    turn is published and nothing can be taken back."""
    _hub, (ana, _ben), (on_ana, _on_ben) = computers("diced-tomatoes", seed=3)
    for _ in range(20):
        if on_ana.person_to_move():
            break
        turn(on_ana, random_chooser(1), [])
    assert on_ana.person_to_move() and ana.match.current_player() == 0
    while not on_ana.can_undo():
        assert on_ana.person_to_move(), "Ana's turn ended before a step could be undone"
        turn(on_ana, random_chooser(2), [])
    assert on_ana.undo().done
    for _ in range(200):
        if ana.log:
            break
        turn(on_ana, random_chooser(3), [])
    assert ana.log and ana.log[0].seat == 0
    assert not on_ana.can_undo() and on_ana.undo() is None


def test_or_d7_a_hidden_choice_is_asked_of_the_person_and_answered_through_the_log():
    """OR-D7 online: Ben's computer commits to his split; Ana's table asks her to pick
    (SecretPick, from a masked view), sends the pick, then plays Ben's revealed split and her
    pick from the log; both computers agree."""
    header = collision_header()
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0])
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1])
    on_ana = MatchDriver(ana.match, Recording(), online=ana)
    on_ben = MatchDriver(ben.match, Recording(), online=ben)
    split = SplitLoad((0, 1, 0, 0, 1))
    assert isinstance(on_ana.advance(0.0), PersonToMove)
    on_ana.apply(EndActions())
    picked = None
    for _ in range(40):
        for driver, choose in ((on_ana, None), (on_ben, lambda legal: split)):
            driver.poll_network()
            outcome = driver.advance(0.0)
            if isinstance(outcome, PersonToMove):
                driver.apply(choose(driver.legal()))
            if isinstance(outcome, SecretPick) and picked is None:
                assert outcome.choice.seat == 0
                assert outcome.choice.legal == [PickPile(0), PickPile(1)]
                assert on_ana.answer_secret(SplitLoad((1, 0, 0, 0, 0))) is not None  # refused
                assert on_ana.answer_secret(PickPile(1)) is None
                picked = outcome
        if picked is not None and PickPile(1) in [h.action for h in ben.match.history]:
            if PickPile(1) in [h.action for h in ana.match.history]:
                break
    assert picked is not None
    on_ana_steps = [h.action for h in ana.match.history]
    on_ben_steps = [h.action for h in ben.match.history]
    assert split in on_ana_steps
    upto = on_ana_steps.index(PickPile(1)) + 1
    assert on_ana_steps[:upto] == on_ben_steps[:upto]
