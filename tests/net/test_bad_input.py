"""Bad input from the network gets a plain message and changes nothing (issue 43, item 7)."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.match import HUMAN
from net.autoplay import random_chooser, step
from net.log import BadEntry, OnlineSeat, make_header, parse_header, state_hash
from net.outcomes import ConnectionLost, Reconnected, Refused, Stopped, TurnSent
from net.session import OnlineMatch
from net.transport import MemoryHub, MemoryTransport

SPEC = registry.get("tea-time")
SEED = 2


def table(on_change=None):
    """Ana's computer and Ben's; Ana moves first (seat 0 with this seed)."""
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    header = make_header(SPEC, seats, seed=SEED)
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0])
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1], on_change=on_change)
    ben.match.advance_chance()  # as Ben's table does at once
    return hub, ana, ben


def ana_plays_a_turn(ana):
    """Ana's computer plays her first turn (and publishes it)."""
    choose = random_chooser(1)
    for _ in range(200):
        step(ana, choose)
        if ana.log:
            return json.loads(json.dumps(ana.log[0].to_dict()))
    raise AssertionError("Ana's turn was not published")


def snapshot(session):
    return (state_hash(session.match.state), len(session.match.history), len(session.log))


@pytest.fixture
def tables():
    changes = []
    hub, ana, ben = table(on_change=changes.append)
    return hub, ana, ben, changes


def refused_alone(session, hub, data, sender):
    """Inject ``data`` as the only thing that arrives; the refusal's message."""
    before = snapshot(session)
    hub.inject(data, sender)
    outcomes = session.poll()
    assert snapshot(session) == before
    refusals = [o for o in outcomes if isinstance(o, Refused)]
    assert len(refusals) == 1, outcomes
    return refusals[0].message


def test_malformed_json_is_refused(tables):
    hub, _ana, ben, changes = tables
    ben.poll()
    message = refused_alone(ben, hub, '{"kind": "turn", "turn": ', "ana")
    assert "damaged JSON" in message and not changes


def test_wrong_types_are_refused(tables):
    hub, ana, ben, changes = tables
    entry = ana_plays_a_turn(ana)
    hub.items.clear()
    for field, value in (("turn", "0"), ("seat", True), ("step", -1), ("hash", 7)):
        bad = dict(entry, **{field: value})
        assert refused_alone(ben, hub, json.dumps(bad), "ana")
    bad = dict(entry, actions=[{"type": "NoSuchMove"}])
    assert "damaged decision" in refused_alone(ben, hub, json.dumps(bad), "ana")
    bad = dict(entry, extra=1)
    assert "missing or unknown" in refused_alone(ben, hub, json.dumps(bad), "ana")
    assert not changes


def test_huge_entry_is_refused(tables):
    hub, _ana, ben, _changes = tables
    message = refused_alone(ben, hub, '{"kind": "turn", "pad": "' + "x" * 70_000 + '"}', "ana")
    assert "too large" in message


def test_illegal_action_is_refused_and_the_right_one_still_plays(tables):
    hub, ana, ben, changes = tables
    entry = ana_plays_a_turn(ana)
    hub.items.clear()
    illegal = dict(entry, actions=[{"type": "TakeCards", "cells": [[99, 99]]}])
    message = refused_alone(ben, hub, json.dumps(illegal), "ana")
    assert "Ana" in message and "not allowed" in message and not changes
    hub.inject(json.dumps(entry), "ana")
    ben.poll()
    assert ben.remote_ready() and changes  # the honest entry is still taken


def test_out_of_turn_and_wrong_sender_are_refused(tables):
    hub, ana, ben, _changes = tables
    entry = ana_plays_a_turn(ana)
    hub.items.clear()
    assert "mallory" in refused_alone(ben, hub, json.dumps(entry), "mallory")
    wrong_seat = dict(entry, seat=1)
    assert "does not fit" in refused_alone(ben, hub, json.dumps(wrong_seat), "ben")
    wrong_step = dict(entry, step=5)
    assert "does not fit" in refused_alone(ben, hub, json.dumps(wrong_step), "ana")
    far = dict(entry, turn=500)
    assert "far ahead" in refused_alone(ben, hub, json.dumps(far), "ana")


def test_duplicates_are_harmless_and_a_second_version_is_ignored(tables):
    hub, ana, ben, _changes = tables
    entry = ana_plays_a_turn(ana)
    for _ in range(5):
        ben.poll()
        while ben.play_remote() is not None:
            pass
    after = snapshot(ben)
    hub.inject(json.dumps(entry), "ana")  # a duplicate: nothing, not even a message
    assert ben.poll() == [] and snapshot(ben) == after
    other = dict(entry, hash="f" * 64)
    assert "first one counts" in refused_alone(ben, hub, json.dumps(other), "ana")


def test_hash_mismatch_stops_and_keeps_the_game(tables):
    hub, ana, ben, changes = tables
    entry = ana_plays_a_turn(ana)
    hub.items.clear()
    hub.inject(json.dumps(dict(entry, hash="0" * 64)), "ana")
    before = snapshot(ben)
    outcomes = ben.poll()
    stops = [o for o in outcomes if isinstance(o, Stopped)]
    assert stops and "different positions" in stops[0].message
    assert snapshot(ben) == before and ben.stopped
    hub.inject(json.dumps(entry), "ana")  # nothing more is played once stopped
    assert ben.poll() == [] and snapshot(ben) == before


def test_other_rules_version_stops_with_a_plain_message():
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    header = make_header(SPEC, seats)
    data = dict(header.data, rules_version=SPEC.rules_version + 1)
    with pytest.raises(BadEntry) as caught:
        parse_header(data)
    assert caught.value.stop and "other rules" in str(caught.value)
    with pytest.raises(BadEntry):
        parse_header(dict(header.data, seats=[]))
    with pytest.raises(BadEntry):
        parse_header("not json")


def test_a_dropped_connection_loses_nothing():
    hub, ana, ben = table()
    ana.transport.online = False
    choose = random_chooser(1)
    outcomes = []
    for _ in range(200):
        outcomes += step(ana, choose)[1]
        if ana.log:
            break
    outcomes += ana.poll()
    assert any(isinstance(o, ConnectionLost) for o in outcomes)
    assert any(isinstance(o, TurnSent) for o in outcomes)
    assert hub.items == []  # nothing went out
    ben.poll()
    assert not ben.remote_ready()
    ana.transport.online = True
    assert any(isinstance(o, Reconnected) for o in ana.poll())
    ben.poll()
    assert ben.remote_ready()


def test_ana_moves_first_with_this_seed():
    _hub, ana, _ben = table()
    ana.match.advance_chance()
    assert ana.match.current_player() == 0


@pytest.mark.long  # a socket, a 1 s wait and matrix-nio's import (~1 CPU-s)
def test_a_sign_in_to_a_server_that_never_answers_gives_up_in_words(monkeypatch):
    """Play-test: with no connection, "Signing in to https://matrix.org…" stayed for over a
    minute with no word. A homeserver silent past SIGN_IN_SECONDS is said so."""
    import socket
    import time

    from net import matrix_account

    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(1)  # takes the connection, never answers
    monkeypatch.setattr(matrix_account, "SIGN_IN_SECONDS", 1)
    started = time.monotonic()
    try:
        with pytest.raises(matrix_account.MatrixError, match="did not answer in 1 s"):
            matrix_account.sign_in(f"http://127.0.0.1:{silent.getsockname()[1]}", "ana", "pw")
    finally:
        silent.close()
    assert time.monotonic() - started < 15
