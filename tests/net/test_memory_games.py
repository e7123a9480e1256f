"""Whole games through the in-memory log: two computers, each with one scripted person and
the bots, end with the same position (docs/DESIGN.md, "Playing at a distance")."""

from __future__ import annotations

import pytest

from engine import registry
from engine.match import BOT, HUMAN
from net.autoplay import random_chooser, step
from net.log import OnlineSeat, make_header, state_hash
from net.session import OnlineMatch
from net.transport import MemoryHub, MemoryTransport


def two_computers(game_id: str, seed: int, bots: int = 1, level: str = "easy", options=None):
    spec = registry.get(game_id)
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    seats += [OnlineSeat(BOT, f"Bot {n}", level=level) for n in range(1, bots + 1)]
    header = make_header(spec, seats, options, seed=seed)
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0])
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1])
    return hub, ana, ben


def play_out(sessions, seed: int, limit: int = 20000) -> None:
    choosers = [random_chooser(seed * 10 + n) for n in range(len(sessions))]
    for _round in range(limit):
        moved = False
        for session, choose in zip(sessions, choosers):
            for _ in range(50):
                did, outcomes = step(session, choose)
                assert session.stopped is None, session.stopped
                if not did:
                    break
                moved = True
        if not moved and all(s.match.is_terminal() for s in sessions):
            for session in sessions:
                session.poll()
            return
        assert moved, "both computers wait for each other"
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id", [spec.id for spec in registry.games()])
@pytest.mark.long
def test_whole_game_two_computers_agree(game_id):
    spec = registry.get(game_id)
    bots = 1 if spec.max_players >= 3 else 0
    hub, ana, ben = two_computers(game_id, seed=11, bots=bots)
    play_out([ana, ben], seed=3)
    assert ana.match.is_terminal() and ben.match.is_terminal()
    assert state_hash(ana.match.state) == state_hash(ben.match.state)
    assert [h.action for h in ana.match.history] == [h.action for h in ben.match.history]
    assert [e.to_dict() for e in ana.log] == [e.to_dict() for e in ben.log]
    assert len(ana.log) > 3
