"""Opening an online game on this computer, for the screens: a new one (hosted on the local
network, joined there, in a new Matrix room, by file) or one kept in :mod:`net.store`, each
with its transport and stored after every change of its log.

No pygame. What waits for the network does not happen here: a guest's welcome
(:class:`net.lan.LanGuest` ``welcomed``) and a room read to its end
(:class:`net.matrix.MatrixTransport` ``ready``) are polled by the screen; a call to the
homeserver (sign-in, a new room, the list) runs in an :class:`Errand`'s thread. Every failure
is an exception whose text is a sentence for the player: :class:`net.log.BadEntry`,
``OSError`` (a port), :class:`saves.store.SaveError`, ``net.matrix_account.MatrixError``.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.match import BOT, HUMAN, NAME_LIMIT, bot_name
from net import store
from net.files import FileTransport, TurnFile
from net.log import BadEntry, Header, OnlineSeat, parse_header
from net.session import OnlineMatch
from saves import locks
from saves.store import OPEN_ELSEWHERE, SaveError
from translation import _


@dataclass
class OnlinePlay:
    """An online game ready for its table: the ``session``, how to reopen its ``transport``
    (:mod:`net.store`'s plain data), the LAN host's ``address`` guests type (else None), and
    a ``notice`` to show when the table opens ("" when none)."""

    session: OnlineMatch
    transport: dict
    address: str | None = None
    notice: str = ""

    @property
    def kind(self) -> str:
        """How it travels: "matrix", "lan-host", "lan-guest" or "file"."""
        return str(self.transport.get("kind"))


class Keeper:
    """The session's ``on_change``: stores it with ``transport`` (:func:`net.store.save_game`)
    so a secret's nonce and every entry survive the program; a disk that refuses is kept in
    ``problem`` (said by the table), never raised into the session."""

    def __init__(self, transport: dict):
        self.transport = transport
        self.problem: str | None = None

    def __call__(self, session: OnlineMatch) -> None:
        try:
            path = store.save_game(session, self.transport)
            locks.claim(path)  # this copy plays it: another copy opening it is told so
            self.problem = None
        except (SaveError, OSError) as err:
            self.problem = str(err)


def local_seats(header: Header, player: str) -> list[int]:
    """The seats of ``header`` that ``player`` plays (a Matrix id or a name)."""
    return [n for n, seat in enumerate(header.seats) if seat.player == player]


def _stored(game_id: str) -> Path | None:
    try:
        path = store.game_path(game_id)
    except SaveError:
        return None
    return path if path.exists() else None


def _start(header: Header, transport: Any, info: dict, local: list[int], **kw) -> OnlinePlay:
    """A session for ``header`` on ``transport`` (going on from this computer's stored copy
    of the same game when there is one), stored at once so the title lists it."""
    keeper = Keeper(info)
    path = _stored(header.game_id)
    if path is not None:
        data, _info = store.load_game(path)
        session = OnlineMatch.restore(data, transport, on_change=keeper)
    else:
        if not local:
            raise BadEntry(_("This game has no seat for you."))
        session = OnlineMatch(header, transport, local, on_change=keeper)
    keeper(session)
    return OnlinePlay(session, info, **kw)


MATRIX_ID = re.compile(r"@[^:\s]+:\S+")
"""What a Matrix id looks like: ``@ben:matrix.org``."""


def online_seats(kinds_and_names, way: str, account=None) -> list[OnlineSeat]:
    """The online game's seats from New game's ``(kind, name)`` per seat ("human" is the
    person here, "online" a friend elsewhere, else a bot level); ``way`` is "matrix", "lan"
    or "file". Raises ``ValueError`` in plain words: one person here, a friend at least, a
    Matrix id for each friend through Matrix (and a sign-in), names that tell the seats
    apart."""
    here = [name for kind, name in kinds_and_names if kind == HUMAN]
    friends = [name for kind, name in kinds_and_names if kind == "online"]
    if len(here) != 1 or not friends:
        raise ValueError(
            _(
                "An online game has one Human seat, the person at this computer, and at "
                "least one Online friend."
            )
        )
    if way == "matrix" and account is None:
        raise ValueError(_("Sign in to Matrix first (the Sign in button here, or Settings)."))
    seats, bots, players = [], 0, set()
    for kind, name in kinds_and_names:
        name = name.strip()
        if kind == HUMAN:
            player = account.user_id if way == "matrix" else name[:NAME_LIMIT]
            seats.append(OnlineSeat(HUMAN, name[:NAME_LIMIT], player=player))
        elif kind == "online":
            if way == "matrix":
                if not MATRIX_ID.fullmatch(name):
                    raise ValueError(
                        _(
                            "A friend through Matrix is a Matrix id like @ben:matrix.org, "
                            "not “{name}”."
                        ).format(name=name)
                    )
                shown = name[1:].split(":")[0][:NAME_LIMIT]
                seats.append(OnlineSeat(HUMAN, shown, player=name))
            else:
                if not name or len(name) > NAME_LIMIT:
                    raise ValueError(
                        _(
                            "A friend's name is 1 to {count} characters: they type it to join."
                        ).format(count=NAME_LIMIT)
                    )
                seats.append(OnlineSeat(HUMAN, name, player=name))
        else:
            bots += 1
            seats.append(OnlineSeat(BOT, bot_name(bots, kind), level=kind))
        player = seats[-1].player
        if player is not None:
            if player in players:
                raise ValueError(
                    _("Two seats are “{name}”: give each person a name of their own.").format(
                        name=player
                    )
                )
            players.add(player)
    return seats


# --- a local network --------------------------------------------------------------------------
def host_lan(header: Header, player: str, port: int = 0, bind: str = "0.0.0.0") -> OnlinePlay:
    """Host the game of ``header`` on this computer's ``port`` (0: any free one), ``player``
    being this computer's person. Raises ``OSError`` when the port cannot be opened."""
    from net.lan import LanHost

    host = LanHost(header.data, player, port, bind)
    info = {"kind": "lan-host", "player": player, "port": host.port, "bind": bind}
    shown = "127.0.0.1" if bind.startswith("127.") else None
    return _start(header, host, info, local_seats(header, player), address=host.address(shown))


def join_lan(address: str, player: str):
    """Start joining the game hosted at ``address`` as ``player``: the guest's transport. The
    screen waits for its ``welcomed`` (or a :class:`net.transport.Trouble` from ``receive``)
    and then calls :func:`joined`."""
    from net.lan import LanGuest

    return LanGuest(address, player, first_join=True)


def joined(guest) -> OnlinePlay:
    """The game a welcomed guest joined (its header from the host). Raises
    :class:`net.log.BadEntry` for a header this program cannot play."""
    header = parse_header(guest.header())
    info = {"kind": "lan-guest", "address": guest.address, "player": guest.player}
    return _start(header, guest, info, local_seats(header, guest.player))


# --- a Matrix room ----------------------------------------------------------------------------
def new_matrix_game(account, header: Header) -> OnlinePlay:
    """Make the game's room with the friends invited, and its session (blocks: run it in an
    :class:`Errand`). Raises ``MatrixError``."""
    from net.matrix import MatrixTransport
    from net.matrix_account import create_game_room

    friends = [player for player in header.players() if player and player != account.user_id]
    room = create_game_room(account, header.data, friends)
    transport = MatrixTransport(account, room)
    info = {"kind": "matrix", "room_id": room}
    return _start(header, transport, info, local_seats(header, account.user_id))


def open_room(account, room_id: str):
    """Start reading the game's room (joining it when invited): its transport. The screen
    waits for its ``ready`` and then calls :func:`room_opened`."""
    from net.matrix import MatrixTransport

    return MatrixTransport(account, room_id)


def room_opened(transport, account) -> OnlinePlay:
    """The game of a room read to its end. Raises :class:`net.log.BadEntry` when the room
    holds no game this program can play."""
    header = parse_header(transport.header())
    info = {"kind": "matrix", "room_id": transport.room_id}
    return _start(header, transport, info, local_seats(header, account.user_id))


# --- by file ----------------------------------------------------------------------------------
def new_file_game(header: Header, seat: int) -> OnlinePlay:
    """A game played by turn files, ``seat`` being this computer's person."""
    return _start(header, FileTransport(header.data), {"kind": "file"}, [seat])


def is_known(header: Header) -> bool:
    """Whether this computer keeps the game of ``header`` already."""
    return _stored(header.game_id) is not None


def open_turn_file(turn_file: TurnFile, seat: int | None = None) -> OnlinePlay:
    """Read ``turn_file`` into its game: the kept one, or a new one where ``seat`` is this
    computer's person (ask which when :func:`is_known` is False). Its entries are checked
    when the table polls. Raises :class:`net.log.BadEntry`."""
    header = turn_file.header
    transport = FileTransport(header.data)
    play = _start(header, transport, {"kind": "file"}, [] if seat is None else [seat])
    if play.session.stopped is None:
        transport.load(turn_file)
    return play


# --- a kept game ------------------------------------------------------------------------------
def reopen(path: Path, account=None) -> OnlinePlay:
    """Open the game kept in ``path`` (:mod:`net.store`) with a transport like the one it had;
    ``account`` is the Matrix sign-in a room needs. This copy holds the file's lock from then
    on (:mod:`saves.locks`): the game open in another window is refused, never hosted twice.
    Raises :class:`saves.store.SaveError`,
    :class:`net.log.BadEntry` or ``OSError`` in plain words."""
    if locks.held_elsewhere(path):  # a second host or guest would fight the first
        raise SaveError(_(OPEN_ELSEWHERE).format(file=path.name))
    data, info = store.load_game(path)
    locks.claim(path)
    header = parse_header(data.get("header"))
    kind = info.get("kind")
    notice = ""
    address = None
    transport: Any
    if kind == "matrix":
        if account is None:
            raise BadEntry(_("Sign in to Matrix first: Settings, Online."))
        transport = open_room(account, str(info.get("room_id")))
    elif kind == "lan-host":
        transport, notice = _host_again(header, data, info)
        info = dict(info, port=transport.port)
        bind = str(info.get("bind", "0.0.0.0"))
        address = transport.address("127.0.0.1" if bind.startswith("127.") else None)
    elif kind == "lan-guest":
        from net.lan import LanGuest

        transport = LanGuest(str(info.get("address")), str(info.get("player")))
    elif kind == "file":
        transport = FileTransport(header.data)
    else:
        raise BadEntry(_("{file} is not an online game.").format(file=path.name))
    keeper = Keeper(info)
    try:
        session = OnlineMatch.restore(data, transport, on_change=keeper)
    except (ValueError, KeyError, TypeError) as err:
        transport.close()
        raise BadEntry(_("{file} is damaged.").format(file=path.name)) from err
    keeper(session)
    return OnlinePlay(session, info, address, notice)


def _host_again(header: Header, data: dict, info: dict):
    """The host's relay again, on its old port when it is free (guests reconnect by
    themselves), else on a new one (the notice says so)."""
    from net.lan import LanHost

    players = header.players()
    relay = [(entry, players[entry["seat"]] or "") for entry in data.get("log", [])]
    player, bind = str(info.get("player")), str(info.get("bind", "0.0.0.0"))
    try:
        return LanHost(header.data, player, int(info.get("port", 0)), bind, relay), ""
    except OSError:
        host = LanHost(header.data, player, 0, bind, relay)
    return host, _("The game's old port is taken: friends join at {address} now.").format(
        address=host.address()
    )


# --- a call that blocks -----------------------------------------------------------------------
class Errand:
    """``function(*args)`` run in a daemon thread (a homeserver's answer takes seconds):
    poll :meth:`done`, then take :meth:`result`, which raises what the function raised."""

    def __init__(self, function: Callable[..., Any], *args: Any):
        self._value: Any = None
        self._error: BaseException | None = None
        self._done = threading.Event()

        def run() -> None:
            try:
                self._value = function(*args)
            except BaseException as err:  # noqa: BLE001 - handed to the caller as it is
                self._error = err
            finally:
                self._done.set()

        threading.Thread(target=run, name="errand", daemon=True).start()

    def done(self) -> bool:
        return self._done.is_set()

    def wait(self, timeout: float) -> bool:
        """Block up to ``timeout`` seconds (tests); True once done."""
        return self._done.wait(timeout)

    def result(self) -> Any:
        if self._error is not None:
            raise self._error
        return self._value
