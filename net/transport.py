"""How entries travel: the :class:`Transport` protocol, what it delivers, and an in-memory one.

A transport carries the same log whatever it is (a Matrix room, a local network, a file): it
publishes this computer's entries and delivers everyone's, its own included when it
``echoes``, in one order every computer sees (the room's timeline, the host's relay). The
session (:mod:`net.session`) checks everything it delivers; a transport never decides.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from net.log import MAX_ENTRY_BYTES


@dataclass(frozen=True)
class Delivery:
    """Something a transport received: ``data`` as it came (JSON text, bytes or plain data),
    ``sender`` the player the transport vouches sent it (a Matrix id, the host's name for a
    connection; None when it cannot tell, as in a file), ``sent_at`` when it was sent (seconds
    since the epoch, None if unknown)."""

    data: object
    sender: str | None = None
    sent_at: float | None = None


@dataclass(frozen=True)
class Trouble:
    """The connection is lost or refused: ``message`` for the player; the transport tries again
    in ``retry_in`` seconds (None: it will not, e.g. a sign-in that was refused)."""

    message: str
    retry_in: float | None = None


@dataclass(frozen=True)
class Restored:
    """The connection works again (after a :class:`Trouble`)."""


Received = Delivery | Trouble | Restored


class Transport(Protocol):
    """What carries the log. Methods never block for the network (a thread does that).

    * ``echoes``: True when this computer's own entries come back through :meth:`receive` in
      the shared order (then a different entry at the same turn that comes first wins).
    * ``hand_carried``: True when a person carries the entries (turn files): a damaged or
      edited file may change one, so a turn that does not give its position is refused and
      the game waits for the right one; on a line between programs it stops the game.
    * ``publish(entry)``: send an entry's plain data; kept and sent again until it is out.
    * ``announce(player, text)``: tell ``player`` it is their turn (a Matrix message that pings
      them); may do nothing.
    * ``receive()``: everything received since the last call.
    * ``header()``: the game's header as the transport found it (joining a game), or None.
    * ``close()``: stop; nothing is lost (the session keeps the log).
    """

    echoes: bool
    hand_carried: bool

    def publish(self, entry: dict) -> None: ...

    def announce(self, player: str, text: str) -> None: ...

    def receive(self) -> list[Received]: ...

    def header(self) -> dict | None: ...

    def close(self) -> None: ...


class MemoryHub:
    """A shared log in memory for tests: the order of :meth:`post` calls is the log's order.
    ``inject`` posts anything (hostile or damaged input) as if ``sender`` sent it."""

    def __init__(self, header: dict | None = None):
        self._lock = threading.Lock()
        self.items: list[tuple[object, str | None]] = []
        self.header = header
        self.announced: list[tuple[str, str]] = []

    def post(self, data: object, sender: str | None) -> None:
        with self._lock:
            self.items.append((data, sender))

    def inject(self, data: object, sender: str | None = None) -> None:
        """Post ``data`` as it is (text, bytes or plain data), as if from ``sender``."""
        self.post(data, sender)

    def since(self, index: int) -> list[tuple[object, str | None]]:
        with self._lock:
            return self.items[index:]


class MemoryTransport:
    """One computer's end of a :class:`MemoryHub`, sending as ``sender`` (JSON text, as on the
    wire). ``online`` False makes it behave as a lost connection: it publishes nothing and
    delivers a :class:`Trouble`, until set back (then :class:`Restored`)."""

    echoes = True
    hand_carried = False

    def __init__(self, hub: MemoryHub, sender: str | None):
        self.hub = hub
        self.sender = sender
        self._read = 0
        self._outbox: list[str] = []
        self.online = True
        self._told_offline = False

    def publish(self, entry: dict) -> None:
        text = json.dumps(entry)
        if len(text) > MAX_ENTRY_BYTES:
            raise ValueError("An entry is too large to send.")
        self._outbox.append(text)
        self._flush()

    def _flush(self) -> None:
        if self.online:
            for text in self._outbox:
                self.hub.post(text, self.sender)
            self._outbox.clear()

    def announce(self, player: str, text: str) -> None:
        self.hub.announced.append((player, text))

    def receive(self) -> list[Received]:
        if not self.online:
            if self._told_offline:
                return []
            self._told_offline = True
            return [Trouble("The connection is lost; trying again.", retry_in=1.0)]
        found: list[Received] = []
        if self._told_offline:
            self._told_offline = False
            found.append(Restored())
        self._flush()
        items = self.hub.since(self._read)
        self._read += len(items)
        found.extend(Delivery(data, sender) for data, sender in items)
        return found

    def header(self) -> dict | None:
        return self.hub.header

    def close(self) -> None:
        self.online = False


class LoopThread:
    """An asyncio loop in a daemon thread (the network transports' I/O): ``call(fn)`` runs
    ``fn`` in it, ``run(coroutine)`` waits for a coroutine's result, ``stop()`` ends it."""

    def __init__(self, name: str):
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, name=name, daemon=True)
        self.thread.start()

    def call(self, function: Callable[[], object]) -> None:
        self.loop.call_soon_threadsafe(function)

    def run(self, coroutine, timeout: float | None = None):
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=5)
