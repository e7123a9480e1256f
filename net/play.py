"""A headless online player for tests and trials: hosts or joins a game on the local network
and plays random legal decisions for its own seats until the game ends.

    python -m net.play --host --game tea-time --seats human:Ana,human:Ben,bot:easy \\
        --seed 5 --as Ana --bind 127.0.0.1
    python -m net.play --join ws://127.0.0.1:PORT --as Ben

Or through a Matrix room (the host makes the room and invites the seats' players):

    python -m net.play --matrix http://127.0.0.1:8008 --host --as ana --password PW \
        --game potion-explosion --seats human:@ana:localhost,human:@ben:localhost,bot:easy
    python -m net.play --matrix http://127.0.0.1:8008 --join - --as ben --password PW \
        --room ROOM_ID

The host prints ``{"address": "ws://..."}`` (or ``{"room": ...}``) first; both print one JSON
line at the end: ``{"game", "hash", "steps", "turns"}`` (the final position's hash, the
history's length, the log's length). ``--store FILE`` keeps the game in FILE after every change
and resumes from it (a computer killed in the middle); ``--crash-after N`` ends the process
abruptly once the log holds N entries (for that test). Exit status 0 when the game ended, 1
when it stopped or timed out, 2 for a bad argument.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from engine import registry
from engine.match import BOT, HUMAN
from net.autoplay import random_chooser, step
from net.lan import LanGuest, LanHost
from net.log import BadEntry, OnlineSeat, make_header, parse_header, state_hash
from net.session import OnlineMatch
from saves.store import write_atomic


def parse_seats(text: str) -> list[OnlineSeat]:
    """``human:Ana,human:Ben,bot:easy`` as online seats (a person's name is its player)."""
    seats = []
    bots = 0
    for item in text.split(","):
        kind, _sep, value = item.strip().partition(":")
        if kind == HUMAN and value:
            seats.append(OnlineSeat(HUMAN, value, player=value))
        elif kind == BOT and value:
            bots += 1
            seats.append(OnlineSeat(BOT, f"Bot {bots}", level=value))
        else:
            raise ValueError(f"A seat is human:NAME or bot:LEVEL, not {item!r}.")
    return seats


def _print(data: dict) -> None:
    print(json.dumps(data), flush=True)


def main(argv: list[str] | None = None) -> int:
    """Host (``--host``) or join (``--join``/``--room``) one online game and play random
    decisions for the seats of ``--as``; returns the exit status (0 ended, 1 stopped or timed
    out, 2 bad argument)."""
    parser = argparse.ArgumentParser(prog="python -m net.play", description=__doc__)
    role = parser.add_mutually_exclusive_group(required=True)
    role.add_argument("--host", action="store_true")
    role.add_argument("--join", metavar="ADDRESS")
    parser.add_argument("--game", default="tea-time")
    parser.add_argument("--seats", default="human:Ana,human:Ben")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--as", dest="player", required=True)
    parser.add_argument("--bind", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--moves", type=int, default=0, help="seed of the random decisions")
    parser.add_argument("--store", type=Path)
    parser.add_argument("--crash-after", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--matrix", metavar="HOMESERVER", help="play through a Matrix room")
    parser.add_argument("--password", default="")
    parser.add_argument("--room", help="the game's room (joining, or going on from --store)")
    args = parser.parse_args(argv)
    if args.matrix:
        return play_matrix(args)

    stored = None
    if args.store is not None and args.store.exists():
        stored = json.loads(args.store.read_text("utf-8"))

    def keep(session: OnlineMatch) -> None:
        if args.store is not None:
            write_atomic(args.store, json.dumps(session.to_dict()))

    try:
        if args.host:
            if stored is not None:
                header = parse_header(stored["header"])
                players = header.players()
                relay = [(entry, players[entry["seat"]] or "") for entry in stored["log"]]
            else:
                spec = registry.get(args.game)
                header = make_header(spec, parse_seats(args.seats), seed=args.seed)
                relay = []
            host = LanHost(header.data, args.player, args.port, args.bind, relay)
            transport: LanHost | LanGuest = host
            _print({"address": host.address(args.bind)})
        else:
            transport = LanGuest(args.join, args.player)
            if not transport.welcomed.wait(args.timeout):
                print("The host did not answer.", file=sys.stderr)
                return 1
            header = parse_header(transport.header())
    except (ValueError, KeyError, OSError, BadEntry) as err:
        print(err, file=sys.stderr)
        return 2
    local = [n for n, player in enumerate(header.players()) if player == args.player]
    if stored is not None:
        session = OnlineMatch.restore(stored, transport, on_change=keep)
    else:
        session = OnlineMatch(header, transport, local, on_change=keep)
    code = play_out(session, args)
    if isinstance(transport, LanHost):  # serve until the guests have it all and leave
        deadline = time.monotonic() + 30
        while len(transport.connected()) > 1 and time.monotonic() < deadline:
            session.poll()
            time.sleep(0.05)
    session.close()
    return code


def play_out(session: OnlineMatch, args) -> int:
    """Play random decisions for the local seats until the end; print the result line."""
    choose = random_chooser(args.moves)
    deadline = time.monotonic() + args.timeout
    while time.monotonic() < deadline:
        moved, outcomes = step(session, choose)
        for outcome in outcomes:
            print(type(outcome).__name__, getattr(outcome, "message", ""), file=sys.stderr)
        if args.crash_after and len(session.log) >= args.crash_after:
            os._exit(3)  # as if the computer were switched off
        if session.stopped is not None:
            break
        if session.match.is_terminal():
            break
        if not moved:
            time.sleep(0.01)
    outbox = getattr(session.transport, "outbox_size", lambda: 0)
    until = time.monotonic() + 15
    for _ in range(20):  # the last entries go out
        session.poll()
        time.sleep(0.01)
    while outbox() and time.monotonic() < until:
        session.poll()
        time.sleep(0.05)
    _print(
        {
            "game": session.spec.id,
            "hash": state_hash(session.match.state),
            "steps": len(session.match.history),
            "turns": len(session.log),
            "stopped": session.stopped,
        }
    )
    return 0 if session.match.is_terminal() and session.stopped is None else 1


def play_matrix(args) -> int:
    """``--matrix``: sign in as ``--as`` (a user name or Matrix id) with ``--password``; the
    host makes the room (printing ``{"room": ...}``) and invites the seats' players (seats
    are ``human:@ana:server``); a guest joins ``--room``. With ``--store`` and ``--room`` a
    stopped player goes on, reading the room again."""
    from net.matrix import MatrixTransport
    from net.matrix_account import MatrixError, create_game_room, sign_in

    try:
        account = sign_in(args.matrix, args.player, args.password)
        stored = None
        if args.store is not None and args.store.exists():
            stored = json.loads(args.store.read_text("utf-8"))
        room = args.room
        if args.host and stored is None:
            seats = [
                OnlineSeat(HUMAN, seat.player.lstrip("@").split(":")[0][:24], player=seat.player)
                if seat.kind == HUMAN and seat.player
                else seat
                for seat in parse_seats(args.seats)
            ]
            header = make_header(registry.get(args.game), seats, seed=args.seed)
            players = [p for p in header.players() if p]
            room = create_game_room(account, header.data, players)
        if not room:
            raise ValueError("--room names the game's room.")
        _print({"room": room})
        transport = MatrixTransport(account, room, sync_ms=5000)
        if not transport.ready.wait(args.timeout):
            print("The room could not be read.", file=sys.stderr)
            return 1
        header = parse_header(transport.header())
    except (ValueError, KeyError, BadEntry, MatrixError) as err:
        print(err, file=sys.stderr)
        return 2

    def keep(session: OnlineMatch) -> None:
        if args.store is not None:
            write_atomic(args.store, json.dumps(session.to_dict()))

    if stored is not None:
        session = OnlineMatch.restore(stored, transport, on_change=keep)
    else:
        local = [n for n, player in enumerate(header.players()) if player == account.user_id]
        session = OnlineMatch(header, transport, local, on_change=keep)
    code = play_out(session, args)
    session.close()
    return code


if __name__ == "__main__":
    sys.exit(main())
