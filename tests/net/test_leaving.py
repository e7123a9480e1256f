"""Leaving and clocks: a seat past its time is handed to a bot by the others; stored games
resume; bots decide alike on every computer (issue 43, items 1 and 6)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from engine import registry
from engine.match import BOT, HUMAN
from net.autoplay import random_chooser, step
from net.log import OnlineSeat, make_header, state_hash
from net.outcomes import LocalTurnLost, SeatHandedOver
from net.session import OnlineMatch
from net.transport import Delivery, MemoryHub, MemoryTransport
from tests.net.test_memory_games import play_out

SPEC = registry.get("tea-time")


class FakeClock:
    def __init__(self):
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def clocked_table(clock_seconds):
    clock = FakeClock()
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    header = make_header(SPEC, seats, seed=2, clock=clock_seconds)
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0], clock=clock)
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1], clock=clock)
    return clock, hub, ana, ben


def test_clock_is_off_by_default():
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    header = make_header(SPEC, seats)
    assert header.clock is None
    session = OnlineMatch(header, MemoryTransport(MemoryHub(), "ana"), [0])
    assert session.time_left() is None


def test_a_seat_past_its_time_is_handed_to_a_bot_everywhere():
    """A seat past its per-move clock may be handed to a bot by the others; every computer
    plays that bot from then on, and the game no longer counts in Statistics."""
    clock, hub, ana, ben = clocked_table(60)
    for session in (ana, ben):
        session.match.advance_chance()
        session.poll()
    assert ana.match.current_player() == 0
    assert not ben.can_hand_over(0)  # Ana still has time
    clock.now += 30
    assert ben.time_left() == pytest.approx(30)
    assert not ben.can_hand_over(0)
    clock.now += 31
    assert ben.can_hand_over(0) and not ben.can_hand_over(1)
    ben.hand_over(0, "easy")
    assert ben.match.seats[0].kind == BOT and not ben.counts_in_statistics
    ana.match.apply(ana.match.legal_actions()[0])  # Ana plays: too late
    outcomes = ana.poll()
    assert any(isinstance(o, SeatHandedOver) and o.seat == 0 for o in outcomes)
    assert ana.match.seats[0].kind == BOT and 0 not in ana.local
    assert not ana.counts_in_statistics
    play_out([ana, ben], seed=4)
    assert state_hash(ana.match.state) == state_hash(ben.match.state)


def test_a_turn_published_after_the_handover_is_taken_back():
    """The first entry for a turn wins: Ana's own turn, sent after Ben handed her seat over,
    is taken back on her computer and the bot plays it."""
    clock, hub, ana, ben = clocked_table(60)
    for session in (ana, ben):
        session.match.advance_chance()
        session.poll()
    clock.now += 61
    ben.hand_over(0, "easy")
    choose = random_chooser(1)
    ana.match.apply(choose(ana.match.legal_actions()))
    while ana.match.is_chance():
        ana.match.advance_chance()
    outcomes = []
    for _ in range(5):
        outcomes += ana.poll()
    assert any(isinstance(o, LocalTurnLost) for o in outcomes)
    assert ana.match.seats[0].kind == BOT
    play_out([ana, ben], seed=5)
    assert state_hash(ana.match.state) == state_hash(ben.match.state)


@pytest.mark.long
def test_a_stored_game_resumes_and_ends_alike():
    """A computer stopped in the middle (kill and restart) resumes from its stored data."""
    hub, ana, ben = _pair("potion-explosion", seed=21)
    chooser_a, chooser_b = random_chooser(1), random_chooser(2)
    for _ in range(200):
        step(ana, chooser_a)
        step(ben, chooser_b)
    stored = json.loads(json.dumps(ben.to_dict()))
    ben.close()
    again = OnlineMatch.restore(stored, MemoryTransport(hub, "ben"))
    assert state_hash(again.match.state) == state_hash(ben.match.state)
    play_out([ana, again], seed=6)
    assert state_hash(ana.match.state) == state_hash(again.match.state)


def _pair(game_id, seed, level="easy"):
    spec = registry.get(game_id)
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    seats.append(OnlineSeat(BOT, "Bot 1", level=level))
    header = make_header(spec, seats, seed=seed)
    hub = MemoryHub(header.data)
    return (
        hub,
        OnlineMatch(header, MemoryTransport(hub, "ana"), [0]),
        OnlineMatch(header, MemoryTransport(hub, "ben"), [1]),
    )


REPLAY = """
import json, sys
from engine import registry
from engine.match import Match, Seat
from net.bots import online_bot
spec = registry.get(sys.argv[1])
seats = [Seat("bot", "Bot 1", "hard"), Seat("bot", "Bot 2", "medium")]
match = Match(spec, seats, {}, int(sys.argv[2]))
while not match.is_terminal() and len(match.history) < 60:
    if match.is_chance():
        match.advance_chance()
    else:
        match.play_bot_turn_now(online_bot)
print(json.dumps([h.action.to_dict() for h in match.history]))
"""


@pytest.mark.long
def test_hard_bots_replay_alike_in_two_processes():
    """Bots online have no clock: two independent processes (different hash seeds, so no set
    order can leak into a decision) play the same steps from the same seed (the first 60
    steps of a Tea Time game of a Hard and a Medium bot)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    runs = []
    for hash_seed in ("1", "2"):
        env = dict(os.environ, PYTHONHASHSEED=hash_seed, PYTHONPATH=root)
        done = subprocess.run(
            [sys.executable, "-c", REPLAY, "tea-time", "7"],
            capture_output=True,
            text=True,
            env=env,
            cwd=root,
            timeout=240,
        )
        assert done.returncode == 0, done.stderr[-2000:]
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1] and len(runs[0]) == 60


def test_the_clock_counts_from_when_the_turn_was_handed_over():
    """A turn handed over while this computer was off began when the entry was sent (its
    transport's time), not when the game was opened again."""
    clock, hub, ana, ben = clocked_table(43_200)
    for session in (ana, ben):
        session.match.advance_chance()
        session.poll()
    choose = random_chooser(1)
    while not ana.log:
        step(ana, choose)
    sent = json.loads(hub.items[0][0])
    clock.now += 40_000  # Ben's computer reads the room eleven hours later
    sent_at = clock.now - 40_000
    ben.transport.receive = lambda: [Delivery(json.dumps(sent), "ana", sent_at)]
    for _ in range(5):
        ben.poll()
        while ben.play_remote() is not None:
            pass
    assert ben.mover() == 1
    assert ben.time_left() == pytest.approx(43_200 - 40_000)


def test_without_a_clock_a_seat_is_handed_over_only_after_a_long_wait():
    """Play-test: with no clock, 15 s into the game the guest could hand the host's seat,
    connected and thinking, to a bot. Without a clock the others wait PATIENCE seconds."""
    from net.session import PATIENCE

    clock, hub, ana, ben = clocked_table(None)
    for session in (ana, ben):
        session.match.advance_chance()
        session.poll()
    assert ana.match.current_player() == 0 and ben.time_left() is None
    clock.now += 15
    assert not ben.can_hand_over(0)
    clock.now += PATIENCE
    assert ben.can_hand_over(0) and not ben.can_hand_over(1)
