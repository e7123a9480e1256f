"""Playing over a Matrix room (``matrix-nio``): any homeserver account, outbound HTTPS only.

The room's timeline is the log. Each entry is a custom *message* event of type
:data:`ENTRY_TYPE` (content ``{"entry": {...}, "next": [players]}``): servers relay and keep
any event type, across federation and in the history a new device reads, while people's
ordinary Matrix apps hide types they do not know and never ping for them. So that friends are
pinged, each turn also gets a plain ``m.text`` message naming the next player ("@ben:server:
Your turn in Potion Explosion.", with ``m.mentions``): ``m.notice`` would be quieter, but the
default push rules mute notices. The header is the room's state event :data:`GAME_TYPE`
(state_key ""): state is always at hand when joining, however long the history; only the
room's creator may change it (state needs power 50). The room is not end-to-end encrypted (no
native crypto library needed): the homeserver's operators can read the moves.

:class:`MatrixTransport` runs an ``AsyncClient`` in a thread: it joins the room (accepting an
invitation), reads the header, reads the whole timeline from the start (rejoining from another
computer needs nothing else), then follows the room with long-polling syncs. Sending retries
by itself; a rate limit (``M_LIMIT_EXCEEDED``) waits the ``retry_after_ms`` the server asks,
and each trouble is told to the session in plain words. Each entry's transaction id is its
hash, so an entry sent again (after a restart) is stored once by the server.

Account, sign-in, rooms and the list of games: :mod:`net.matrix_account`.
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from typing import Any

from nio import AsyncClient, AsyncClientConfig, ErrorResponse, RoomSendError, SyncError
from nio.api import MessageDirection

from net.log import canonical
from net.transport import Delivery, LoopThread, Received, Restored, Trouble
from translation import N_, _

ENTRY_TYPE = "org.tabletoptrio.entry"
GAME_TYPE = "org.tabletoptrio.game"
TOPIC_MARK = "tabletop-trio"
"""Starts the topic of a game's room ("tabletop-trio potion-explosion 9f2c…"): an invitation
shows the topic, not the room's state, so the game list recognises invitations by it."""
SYNC_MS = 30_000
RETRY_SECONDS = (1.0, 2.0, 5.0, 10.0, 30.0, 60.0)
UNREACHABLE = N_("Cannot reach {homeserver} ({reason}); trying again in {seconds} s.")
OPEN_REFUSED = N_("The homeserver refused to open the game ({error}); trying again in {seconds} s.")
SYNC_REFUSED = N_(
    "The homeserver refused to send the game's news ({error}); trying again in {seconds} s."
)
SEND_REFUSED = N_("The homeserver refused the move ({error}); trying again in {seconds} s.")
SLOW_DOWN = N_("The homeserver asks to send more slowly; the move goes out in {seconds} s.")


def client_for(account, request_timeout: float = 65.0) -> AsyncClient:
    """An ``AsyncClient`` signed in as ``account`` (a :class:`net.matrix_account.MatrixAccount`)
    that reports rate limits and timeouts to us instead of waiting in silence."""
    config = AsyncClientConfig(
        max_limit_exceeded=0, max_timeouts=0, request_timeout=request_timeout
    )
    client = AsyncClient(account.homeserver, account.user_id, config=config)
    client.restore_login(account.user_id, account.device_id, account.access_token)
    return client


def room_filter(room_id: str, limit: int = 100) -> dict:
    """A sync or messages filter: this room's entries only."""
    return {
        "room": {
            "rooms": [room_id],
            "timeline": {"limit": limit, "types": [ENTRY_TYPE]},
            "state": {"types": []},
            "ephemeral": {"not_types": ["*"]},
            "account_data": {"not_types": ["*"]},
        },
        "presence": {"not_types": ["*"]},
        "account_data": {"not_types": ["*"]},
    }


def refusal(response: ErrorResponse) -> str:
    """A homeserver's refusal in a few words (its code and message)."""
    return f"{response.status_code or ''} {response.message or ''}".strip()[:120]


class MatrixTransport:
    """The log in the Matrix room ``room_id``, for the signed-in ``account``."""

    echoes = True
    hand_carried = False

    def __init__(self, account, room_id: str, sync_ms: int = SYNC_MS):
        self.account = account
        self.room_id = room_id
        self.sync_ms = sync_ms
        self._lock = threading.Lock()
        self._inbox: list[Received] = []
        self._outbox: list[tuple[str, dict]] = []
        self._header: dict | None = None
        self.ready = threading.Event()
        """Set once the header and the whole timeline have been read."""
        self.trouble: Trouble | None = None
        """The latest trouble while it lasts (a screen opening the room shows it without
        taking it from :meth:`receive`)."""
        self._closing = False
        self._troubled = False
        self._loop = LoopThread("matrix")
        self._wake: asyncio.Event | None = None
        self._client: AsyncClient | None = None
        self._tasks: list[asyncio.Task] = []
        self._loop.call(self._start)

    # --- the session's side -----------------------------------------------------------------
    def publish(self, entry: dict) -> None:
        self._queue("entry", {"entry": entry})

    def announce(self, player: str, text: str) -> None:
        body = f"{player}: {text}"
        self._queue(
            "notice", {"msgtype": "m.text", "body": body, "m.mentions": {"user_ids": [player]}}
        )

    def receive(self) -> list[Received]:
        with self._lock:
            found, self._inbox = self._inbox, []
        return found

    def header(self) -> dict | None:
        return self._header

    def outbox_size(self) -> int:
        """Entries and messages not yet accepted by the homeserver."""
        with self._lock:
            return len(self._outbox)

    def close(self) -> None:
        self._closing = True

        async def shut() -> None:
            for task in self._tasks:
                task.cancel()
            if self._client is not None:
                await self._client.close()

        try:
            self._loop.run(shut(), timeout=10)
        except Exception:  # noqa: BLE001 - closing must never fail the caller
            pass
        self._loop.stop()

    # --- the thread's side ------------------------------------------------------------------
    def _queue(self, kind: str, content: dict) -> None:
        with self._lock:
            self._outbox.append((kind, content))
        self._loop.call(lambda: self._wake.set() if self._wake is not None else None)

    def _put(self, item: Received) -> None:
        with self._lock:
            self._inbox.append(item)

    def _trouble(self, message: str, wait: float | None) -> None:
        self._troubled = True
        self.trouble = Trouble(message, wait)
        self._put(self.trouble)

    def _fine(self) -> None:
        self.trouble = None
        if self._troubled:
            self._troubled = False
            self._put(Restored())

    def _start(self) -> None:
        self._wake = asyncio.Event()
        self._client = client_for(self.account)
        self._tasks = [asyncio.ensure_future(self._follow())]

    async def _retry(self, failures: int, message: str, **values: str) -> None:
        """Tell the session ``message`` (one of the module's sentences, with ``values``) and
        wait the next of :data:`RETRY_SECONDS`."""
        wait = RETRY_SECONDS[min(failures, len(RETRY_SECONDS) - 1)]
        self._trouble(_(message).format(seconds=int(wait), **values), wait)
        await asyncio.sleep(wait)

    async def _follow(self) -> None:
        client = self._client
        assert client is not None
        failures = 0
        while not self._closing:  # join, header, the whole timeline
            try:
                joined = await client.join(self.room_id)
                if isinstance(joined, ErrorResponse):
                    raise _Refused(joined)
                state = await client.room_get_state_event(self.room_id, GAME_TYPE)
                if isinstance(state, ErrorResponse):
                    raise _Refused(state)
                self._header = state.content
                first = await client.sync(timeout=0, sync_filter=room_filter(self.room_id, 1))
                if isinstance(first, SyncError):
                    raise _Refused(first)
                since = first.next_batch
                await self._read_all(client)
                break
            except _Refused as refused:
                await self._retry(failures, OPEN_REFUSED, error=refusal(refused.response))
            except Exception as err:  # noqa: BLE001 - any network failure: say so, go on
                await self._unreachable(failures, err)
            failures += 1
        self._fine()
        self.ready.set()
        self._tasks.append(asyncio.ensure_future(self._send()))
        failures = 0
        while not self._closing:
            try:
                response = await client.sync(
                    timeout=self.sync_ms, sync_filter=room_filter(self.room_id), since=since
                )
                if isinstance(response, SyncError):
                    raise _Refused(response)
                since = response.next_batch
                room = response.rooms.join.get(self.room_id)
                if room is not None:
                    if room.timeline.limited:  # a gap: read it all again (duplicates are fine)
                        await self._read_all(client)
                    else:
                        for event in room.timeline.events:
                            self._deliver(event.source)
                failures = 0
                self._fine()
            except _Refused as refused:
                await self._retry(failures, SYNC_REFUSED, error=refusal(refused.response))
                failures += 1
            except asyncio.CancelledError:
                raise
            except Exception as err:  # noqa: BLE001 - any network failure: say so, go on
                await self._unreachable(failures, err)
                failures += 1

    async def _unreachable(self, failures: int, err: BaseException) -> None:
        await self._retry(
            failures,
            UNREACHABLE,
            homeserver=self.account.homeserver,
            reason=(str(err) or type(err).__name__)[:80],
        )

    async def _read_all(self, client: AsyncClient) -> None:
        """Every entry of the room from its start, in the timeline's order."""
        token: str | None = None
        for _page in range(10_000):
            response = await client.room_messages(
                self.room_id,
                start=token,
                direction=MessageDirection.front,
                limit=500,
                message_filter=room_filter(self.room_id)["room"]["timeline"],
            )
            if isinstance(response, ErrorResponse):
                raise _Refused(response)
            for event in response.chunk:
                self._deliver(event.source)
            if not response.chunk or not response.end or response.end == token:
                return
            token = response.end

    def _deliver(self, source: Any) -> None:
        if not isinstance(source, dict) or source.get("type") != ENTRY_TYPE:
            return
        content = source.get("content")
        entry = content.get("entry") if isinstance(content, dict) else content
        sender = source.get("sender")
        stamp = source.get("origin_server_ts")
        self._put(
            Delivery(
                entry,
                sender if isinstance(sender, str) else "",
                stamp / 1000 if type(stamp) is int else None,
            )
        )

    async def _send(self) -> None:
        client = self._client
        assert client is not None and self._wake is not None
        failures = 0
        while not self._closing:
            with self._lock:
                item = self._outbox[0] if self._outbox else None
            if item is None:
                self._wake.clear()
                await self._wake.wait()
                continue
            kind, content = item
            event_type = ENTRY_TYPE if kind == "entry" else "m.room.message"
            txn = hashlib.sha256(canonical([kind, content])).hexdigest()[:32]
            try:
                response = await client.room_send(self.room_id, event_type, content, tx_id=txn)
            except asyncio.CancelledError:
                raise
            except Exception as err:  # noqa: BLE001 - any network failure: say so, go on
                await self._unreachable(failures, err)
                failures += 1
                continue
            if isinstance(response, RoomSendError):
                if response.status_code == "M_LIMIT_EXCEEDED":
                    wait = max(0.1, (response.retry_after_ms or 1000) / 1000)
                    self._trouble(_(SLOW_DOWN).format(seconds=max(1, round(wait))), wait)
                    await asyncio.sleep(wait)
                    continue
                await self._retry(failures, SEND_REFUSED, error=refusal(response))
                failures += 1
                continue
            failures = 0
            with self._lock:
                if self._outbox and self._outbox[0] is item:
                    self._outbox.pop(0)
            self._fine()


class _Refused(Exception):
    def __init__(self, response: ErrorResponse):
        super().__init__(str(response))
        self.response = response
