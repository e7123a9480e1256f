"""Playing on a local network, no account: one computer hosts, the others join by address.

The host runs a websocket server (the ``websockets`` library) on a port of its own in a
thread, and relays the log: every entry it receives, from a guest or from its own session,
goes to every connection in the one order the host saw them (its own session included, as an
echo), so every computer judges the same entries in the same order. The host vouches for the
sender: the player a connection said it plays when it joined (among friends on one network).

Messages are JSON text, at most :data:`MAX_MESSAGE` bytes:

* guest → host: ``{"type": "hello", "player": "Ben", "relay": ID, "from": N}`` — who it plays,
  and how much of this host's relay it already has (``relay`` names the host's run: after a
  host restart a guest starts again from 0; duplicates are harmless);
  ``{"type": "entry", "entry": {...}}`` — an entry to relay.
* host → guest: ``{"type": "welcome", "header": {...}, "relay": ID}``, then
  ``{"type": "entry", "entry": {...}, "sender": "Ana"}`` for each relayed entry;
  ``{"type": "refused", "message": "...", "seats": [names]}`` before closing when the hello is
  not acceptable (``seats``: the names a guest may join as, for the guest to say in its words).

A guest reconnects by itself after a lost connection (half a second, then 1, 2, 4… up to
10 seconds apart), saying how much it has, and sends again whatever of its own has not come
back; to a host started again (a new relay), everything of its own (the host's stored log may
lack one it had echoed; a duplicate is harmless).
"""

from __future__ import annotations

import asyncio
import json
import secrets
import socket
import threading

from websockets.asyncio.client import ClientConnection, connect
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import WebSocketException

from net.transport import Delivery, LoopThread, Received, Restored, Trouble
from translation import _

MAX_MESSAGE = 256 * 1024
"""The largest message either side accepts (an entry is at most 64 KB)."""
HELLO_SECONDS = 10.0
RETRY_SECONDS = (0.5, 1.0, 2.0, 4.0, 8.0, 10.0)


def lan_address() -> str:
    """This computer's address on the local network as others would type it (an IPv4 address:
    the one its outgoing traffic would leave from, else one of the host name's), or 127.0.0.1
    when it has none. Many systems map the host name to 127.0.x.1, which no friend can use."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:  # a UDP "connection" sends nothing: it only picks the way out
        probe.connect(("192.0.2.1", 9))
        address = str(probe.getsockname()[0])
        if not address.startswith(("127.", "0.")):
            return address
    except OSError:
        pass
    finally:
        probe.close()
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        infos = []
    for info in infos:
        address = str(info[4][0])
        if not address.startswith("127."):
            return address
    return "127.0.0.1"


class LanHost:
    """The hosting computer's transport: serves ``header`` (plain data) on ``port`` (0: any
    free one) of ``bind``; ``player`` is the host's own player (its entries' sender).
    ``relay`` is ``[(entry, sender), ...]`` to start from (a restarted host's log).

    Raises ``OSError`` in plain words when the port cannot be opened."""

    echoes = True
    hand_carried = False

    def __init__(
        self,
        header: dict,
        player: str,
        port: int = 0,
        bind: str = "0.0.0.0",
        relay: list[tuple[dict, str]] | None = None,
    ):
        self._header = header
        self.player = player
        self._players = {
            seat.get("player") for seat in header["seats"] if seat.get("kind") == "human"
        }
        self._relay: list[tuple[dict, str]] = list(relay or [])
        self._relay_id = secrets.token_hex(8)
        self._read = 0
        self._lock = threading.Lock()
        self._guests: dict[str, ServerConnection] = {}
        self._loop = LoopThread("lan-host")
        try:
            self._server = self._loop.run(self._start(bind, port), timeout=10)
        except OSError as err:
            self._loop.stop()
            raise OSError(
                _("Cannot open port {port} for the game: {reason}").format(
                    port=port, reason=err.strerror or err
                )
            ) from None
        self.port = int(self._server.sockets[0].getsockname()[1])

    async def _start(self, bind: str, port: int):
        return await serve(self._serve, bind, port, max_size=MAX_MESSAGE, compression=None)

    def address(self, host: str | None = None) -> str:
        """What guests type to join: ``ws://ADDRESS:PORT``."""
        return f"ws://{host or lan_address()}:{self.port}"

    def connected(self) -> set[str]:
        """The players connected now (the host's own included)."""
        return {self.player, *self._guests}

    async def _serve(self, connection: ServerConnection) -> None:
        try:
            hello = json.loads(await asyncio.wait_for(connection.recv(), HELLO_SECONDS))
            player = hello.get("player") if isinstance(hello, dict) else None
            if not isinstance(player, str) or player not in self._players or player == self.player:
                open_seats = sorted(set(self._players) - {self.player})
                await connection.send(
                    json.dumps(
                        {
                            "type": "refused",
                            "message": _("This game has no seat for that player."),
                            "seats": open_seats,
                        }
                    )
                )
                return
            start = hello.get("from") if hello.get("relay") == self._relay_id else 0
            start = start if type(start) is int and start >= 0 else 0
            await connection.send(
                json.dumps({"type": "welcome", "header": self._header, "relay": self._relay_id})
            )
            old = self._guests.get(player)
            self._guests[player] = connection
            if old is not None:
                await old.close()
            with self._lock:
                backlog = self._relay[start:]
            for entry, sender in backlog:
                await connection.send(
                    json.dumps({"type": "entry", "entry": entry, "sender": sender})
                )
            async for message in connection:
                try:
                    item = json.loads(message)
                except ValueError:
                    continue
                if isinstance(item, dict) and item.get("type") == "entry":
                    await self._relay_entry(item.get("entry"), player)
        except (asyncio.TimeoutError, ValueError, WebSocketException, OSError):
            return
        finally:
            for name, known in list(self._guests.items()):
                if known is connection:
                    del self._guests[name]

    async def _relay_entry(self, entry: object, sender: str) -> None:
        with self._lock:
            self._relay.append((entry, sender))  # type: ignore[arg-type]
        text = json.dumps({"type": "entry", "entry": entry, "sender": sender})
        for connection in list(self._guests.values()):
            try:
                await connection.send(text)
            except (WebSocketException, OSError):
                pass  # it reconnects and asks again from where it was

    def publish(self, entry: dict) -> None:
        self._loop.call(lambda: asyncio.ensure_future(self._relay_entry(entry, self.player)))

    def announce(self, player: str, text: str) -> None:
        """Nothing: the guests' tables show whose turn it is."""

    def receive(self) -> list[Received]:
        with self._lock:
            items = self._relay[self._read :]
            self._read += len(items)
        return [Delivery(entry, sender) for entry, sender in items]

    def header(self) -> dict | None:
        return self._header

    def close(self) -> None:
        async def shut() -> None:
            self._server.close()
            await self._server.wait_closed()

        try:
            self._loop.run(shut(), timeout=5)
        except Exception:  # noqa: BLE001 - closing must never fail the caller
            pass
        self._loop.stop()


FIRST_TRIES = 3
"""Attempts (about 4 s with the waits between) before a guest that was never welcomed gives
up: a wrong address is said, not tried for ever. Once welcomed, it tries again for good."""


def check_address(address: str) -> None:
    """Raise ``ValueError`` in words when ``address`` cannot be a host's (``ws://HOST:PORT``)."""
    from websockets.uri import parse_uri

    try:
        uri = parse_uri(address)
    except Exception:  # noqa: BLE001 - any malformed text, in words
        uri = None
    if uri is None or not uri.host or " " in address or uri.secure:
        raise ValueError(
            _("“{text}” is not an address: type it as the host shows it, e.g. {example}.").format(
                text=address[:60], example="ws://192.168.1.20:8765"
            )
        )


class LanGuest:
    """A joining computer's transport: connects to ``address`` (``ws://HOST:PORT``) as
    ``player``, and reconnects by itself. :meth:`header` is None until the host welcomed it.
    Raises ``ValueError`` in words when ``address`` is not an address."""

    echoes = True
    hand_carried = False

    def __init__(self, address: str, player: str, first_join: bool = False):
        self.first_join = first_join
        """Joining for the first time: a host not reached in :data:`FIRST_TRIES` is a wrong
        address, said once (a game rejoined waits for its host for good)."""
        self.address = address.strip()
        if "://" not in self.address:
            self.address = "ws://" + self.address
        check_address(self.address)
        self.player = player
        self._lock = threading.Lock()
        self._inbox: list[Received] = []
        self._outbox: list[dict] = []
        self._mine: list[dict] = []
        """Every entry this guest published in this run: a host started again relays only
        its stored log, which may lack one it had received and echoed."""
        self._header: dict | None = None
        self._relay_id: str | None = None
        self._received = 0
        self._closing = False
        self._connection: ClientConnection | None = None
        self.welcomed = threading.Event()
        self.trouble: Trouble | None = None
        """The latest trouble while there is one (a screen waiting to join shows it without
        taking it from :meth:`receive`); None once welcomed."""
        self._loop = LoopThread("lan-guest")
        self._loop.call(lambda: asyncio.ensure_future(self._run()))

    async def _run(self) -> None:
        failures = 0
        troubled = False
        while not self._closing:
            try:
                async with connect(
                    self.address, max_size=MAX_MESSAGE, proxy=None, compression=None, open_timeout=5
                ) as connection:
                    self._connection = connection
                    await connection.send(
                        json.dumps(
                            {
                                "type": "hello",
                                "player": self.player,
                                "relay": self._relay_id,
                                "from": self._received,
                            }
                        )
                    )
                    async for message in connection:
                        kind = self._take(message)
                        if kind == "refused":
                            return
                        if kind == "welcome":
                            if troubled:
                                self._put(Restored())
                            failures, troubled = 0, False
                            await self._send_outbox(connection)
            except (OSError, WebSocketException, asyncio.TimeoutError, ValueError) as err:
                reason = str(err) or type(err).__name__
            else:
                reason = _("the host closed the connection")
            self._connection = None
            if self._closing:
                return
            wait = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
            failures += 1
            troubled = True
            if self.first_join and self._header is None and failures >= FIRST_TRIES:
                self._put(
                    Trouble(
                        _(
                            "Cannot reach a game at {address}: check the address the host "
                            "shows and that both computers are on the same network."
                        ).format(address=self.address),
                        None,
                    )
                )
                self._closing = True
                return
            self._put(
                Trouble(
                    _(
                        "Cannot reach the host at {address} ({reason}); trying again in "
                        "{seconds} s."
                    ).format(address=self.address, reason=reason[:80], seconds=int(wait)),
                    wait,
                )
            )
            await asyncio.sleep(wait)

    def _take(self, message) -> str | None:
        """Handle one message from the host; its type ("welcome", "entry", "refused")."""
        try:
            item = json.loads(message)
        except ValueError:
            return None
        if not isinstance(item, dict):
            return None
        kind = item.get("type")
        if kind == "refused":
            seats = item.get("seats")
            if isinstance(seats, list) and seats and all(isinstance(n, str) for n in seats):
                # said here, in this computer's language, with the names one may join as
                words = _("This game has no seat for {name}. Join as {names}.").format(
                    name=self.player, names=", ".join(name[:40] for name in seats[:12])
                )
            else:
                words = str(item.get("message"))[:200]
            self._put(Trouble(words, None))
            self._closing = True
            return "refused"
        if kind == "welcome" and isinstance(item.get("header"), dict):
            if item.get("relay") != self._relay_id:
                if self._relay_id is not None:  # the host started again: ours go again
                    with self._lock:
                        self._outbox = [*self._mine]
                self._relay_id, self._received = item.get("relay"), 0
            self._header = item["header"]
            self.trouble = None
            self.welcomed.set()
            return "welcome"
        elif kind == "entry":
            self._received += 1
            entry, sender = item.get("entry"), item.get("sender")
            with self._lock:
                self._outbox = [mine for mine in self._outbox if mine != entry]
            self._put(Delivery(entry, sender if isinstance(sender, str) else None))
        return kind if isinstance(kind, str) else None

    async def _send_outbox(self, connection) -> None:
        with self._lock:
            waiting = list(self._outbox)
        for entry in waiting:
            await connection.send(json.dumps({"type": "entry", "entry": entry}))

    def _put(self, item: Received) -> None:
        with self._lock:
            self._inbox.append(item)
            if isinstance(item, Trouble):
                self.trouble = item

    def publish(self, entry: dict) -> None:
        with self._lock:
            self._outbox.append(entry)
            self._mine.append(entry)

        async def send() -> None:
            if self._connection is not None and self.welcomed.is_set():
                try:
                    await self._connection.send(json.dumps({"type": "entry", "entry": entry}))
                except (WebSocketException, OSError):
                    pass  # sent again after reconnecting

        self._loop.call(lambda: asyncio.ensure_future(send()))

    def announce(self, player: str, text: str) -> None:
        """Nothing: every table shows whose turn it is."""

    def receive(self) -> list[Received]:
        with self._lock:
            found, self._inbox = self._inbox, []
        return found

    def header(self) -> dict | None:
        return self._header

    def outbox_size(self) -> int:
        """This guest's entries that have not come back from the host yet."""
        with self._lock:
            return len(self._outbox)

    def close(self) -> None:
        self._closing = True

        async def shut() -> None:
            if self._connection is not None:
                await self._connection.close()

        try:
            self._loop.run(shut(), timeout=5)
        except Exception:  # noqa: BLE001 - closing must never fail the caller
            pass
        self._loop.stop()
