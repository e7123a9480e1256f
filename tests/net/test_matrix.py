"""The Matrix path against a real homeserver on 127.0.0.1 (tests/net/homeserver.py): sign-in,
a game's room and invitation, a whole game between two clients with a restart and hostile
events in the room, a rate limit and a refusal (issue 43, items 2, 7 and 8)."""

from __future__ import annotations

import json
import os
import stat
import time
import urllib.parse

import pytest

from engine import registry
from engine.match import BOT, HUMAN
from net.autoplay import random_chooser, step
from net.log import OnlineSeat, make_header, state_hash
from net.outcomes import Refused
from net.session import OnlineMatch
from net.transport import Delivery, Trouble


def wait_until(done, seconds=60.0, every=0.05):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if done():
            return
        time.sleep(every)
    raise AssertionError("timed out")


def post_raw(server, token, room_id, event_type, content, txn):
    room = urllib.parse.quote(room_id)
    server.request(
        "PUT", f"/_matrix/client/v3/rooms/{room}/send/{event_type}/{txn}", content, token=token
    )


@pytest.mark.long
def test_a_whole_game_through_a_room(homeserver):
    # matrix-nio costs ~1 CPU-s to import: only where a test runs, not in every collection
    from net import matrix_account
    from net.matrix import ENTRY_TYPE, MatrixTransport

    server = homeserver
    for user in ("ana", "ben", "carol"):
        server.register(user, f"{user}-password")
    mallory_token = server.register("mallory", "mallory-password")
    for user in ("ana", "ben"):
        server.lift_rate_limit(f"@{user}:localhost")

    # Settings -> Online -> sign in: the token is kept, never the password
    ana = matrix_account.sign_in(server.url, "ana", "ana-password")
    kept = matrix_account.account_path().read_text()
    assert "ana-password" not in kept and ana.access_token in kept
    assert stat.S_IMODE(os.stat(matrix_account.account_path()).st_mode) == 0o600
    assert matrix_account.load_account() == ana
    ben = matrix_account.sign_in(server.url, "@ben:localhost", "ben-password")
    try:
        matrix_account.sign_in(server.url, "ben", "wrong")
        raise AssertionError("a wrong password was taken")
    except matrix_account.MatrixError as err:
        assert "refused the sign-in" in str(err)

    # New game: seats "Online: @ben:localhost"; the room is made and the friends invited
    spec = registry.get("tea-time")
    seats = [
        OnlineSeat(HUMAN, "Ana", player="@ana:localhost"),
        OnlineSeat(HUMAN, "Ben", player="@ben:localhost"),
        OnlineSeat(BOT, "Bot 1", level="easy"),
    ]
    header = make_header(spec, seats, seed=3)
    room_id = matrix_account.create_game_room(
        ana, header.data, ["@ben:localhost", "@mallory:localhost"]
    )
    invitations = [g for g in matrix_account.list_games(ben) if g.invited]
    assert [(g.room_id, g.inviter) for g in invitations] == [(room_id, "@ana:localhost")]
    server.request(
        "POST", f"/_matrix/client/v3/join/{urllib.parse.quote(room_id)}", {}, token=mallory_token
    )

    a_transport = MatrixTransport(ana, room_id, sync_ms=2000)
    b_transport = MatrixTransport(ben, room_id, sync_ms=2000)
    wait_until(lambda: a_transport.ready.is_set() and b_transport.ready.is_set())
    assert b_transport.header() == header.data  # read from the room's state
    a = OnlineMatch(header, a_transport, [0])
    b = OnlineMatch(header, b_transport, [1])
    choosers = {id(a): random_chooser(1), id(b): random_chooser(2)}
    refusals = []

    def play(sessions, until):
        deadline = time.monotonic() + 120
        while not until() and time.monotonic() < deadline:
            moved = False
            for session in sessions:
                did, outcomes = step(session, choosers[id(session)])
                assert session.stopped is None, session.stopped
                refusals.extend(o for o in outcomes if isinstance(o, Refused))
                moved |= did
            if not moved:
                time.sleep(0.02)
        assert until()

    play([a, b], lambda: len(a.log) >= 4 and len(b.log) >= 4)
    # hostile events in the room: a move for Ana from Mallory, damaged content, junk
    forged = dict(a.log[0].to_dict(), turn=len(a.log))
    post_raw(server, mallory_token, room_id, ENTRY_TYPE, {"entry": forged}, "m1")
    post_raw(server, mallory_token, room_id, ENTRY_TYPE, {"entry": "{not json"}, "m2")
    post_raw(server, mallory_token, room_id, ENTRY_TYPE, {"nothing": 1}, "m3")
    # Ben's computer is switched off and the game opened again: the room is read again
    stored = json.loads(json.dumps(b.to_dict()))
    b.close()
    b = OnlineMatch.restore(stored, MatrixTransport(ben, room_id, sync_ms=2000))
    choosers[id(b)] = random_chooser(3)
    play([a, b], lambda: a.match.is_terminal() and b.match.is_terminal())
    for _ in range(20):
        a.poll(), b.poll()
        time.sleep(0.02)
    assert state_hash(a.match.state) == state_hash(b.match.state)
    assert [e.to_dict() for e in a.log] == [e.to_dict() for e in b.log]
    assert any("mallory" in r.message for r in refusals)
    assert len(refusals) >= 3

    # friends' ordinary apps are pinged: "@ben:localhost: Your turn in Tea Time."
    room = urllib.parse.quote(room_id)
    messages = server.request(
        "GET", f"/_matrix/client/v3/rooms/{room}/messages?dir=b&limit=200", token=ana.access_token
    )["chunk"]
    pings = [m["content"] for m in messages if m["type"] == "m.room.message"]
    assert any(p["body"] == "@ben:localhost: Your turn in Tea Time." for p in pings)
    assert all(p["m.mentions"]["user_ids"][0] in p["body"] for p in pings)
    mine = [g for g in matrix_account.list_games(ana) if g.room_id == room_id]
    assert mine and mine[0].header == header.data and not mine[0].invited
    a.close()
    b.close()

    # a homeserver that rate-limits, then one that refuses
    carol = matrix_account.sign_in(server.url, "carol", "carol-password")
    carol_room = matrix_account.create_game_room(carol, header.data, [])
    transport = MatrixTransport(carol, carol_room, sync_ms=1000)
    wait_until(transport.ready.is_set)
    for number in range(6):
        transport.publish({"n": number})
    got: list = []

    def all_six():
        got.extend(transport.receive())
        return len([g for g in got if isinstance(g, Delivery)]) >= 6

    wait_until(all_six, seconds=60)
    slow = [g for g in got if isinstance(g, Trouble)]
    assert slow and "more slowly" in slow[0].message and slow[0].retry_in
    assert [g.data for g in got if isinstance(g, Delivery)] == [{"n": n} for n in range(6)]
    transport.close()
    refused = MatrixTransport(carol, room_id, sync_ms=1000)  # Carol was never invited
    found: list = []
    wait_until(lambda: found.extend(refused.receive()) or bool(found), seconds=30)
    assert isinstance(found[0], Trouble) and "refused to open the game" in found[0].message
    refused.close()
