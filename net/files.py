"""Play by e-mail: "Send turn" writes the log since the friend's last turn to a file; opening
that file on the friend's computer replays it and lets the friend play.

A turn file (UTF-8 JSON, at most :data:`MAX_TURN_FILE` bytes)::

    {"format": "tabletop-trio-turns", "header": {...}, "from": 12, "entries": [{...}, ...]}

``entries`` are the log from index ``from`` on: what the friends who play elsewhere have not
seen since their last turn (the whole log when one has not played yet). Each computer keeps its
own copy of the log (:mod:`net.store`); opening a file merges it: entries already known are
duplicates (ignored), new ones are checked like any others. A file cannot say who wrote it, so
only the checks of the entries themselves apply (sender unknown).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from net.log import BadEntry, Header, parse_header
from net.transport import Delivery, Received
from saves.store import SaveError, read_text, write_atomic
from translation import _

FORMAT = "tabletop-trio-turns"
MAX_TURN_FILE = 8 * 1024 * 1024
MAX_ENTRIES = 20_000


@dataclass(frozen=True)
class TurnFile:
    """A read turn file: its checked ``header`` and its entries (plain data, unchecked)."""

    header: Header
    first: int
    entries: list


class FileTransport:
    """The transport of a game played by files: nothing travels by itself; :meth:`load`
    queues a file's entries for the session, and :func:`write_turn_file` writes the log."""

    echoes = False
    hand_carried = True  # a file may be damaged or edited on the way

    def __init__(self, header: dict):
        self._header = header
        self._inbox: list[Received] = []
        self.unsent = 0
        """Entries of this computer published since the last turn file was written."""

    def publish(self, entry: dict) -> None:
        self.unsent += 1

    def announce(self, player: str, text: str) -> None:
        """Nothing: the friend learns it is their turn from the file."""

    def load(self, turn_file: TurnFile) -> None:
        """Queue ``turn_file``'s entries for the session. Raises :class:`net.log.BadEntry`
        when the file belongs to another game."""
        if turn_file.header.game_id != self._header.get("game_id"):
            raise BadEntry(_("This turn file belongs to another game."))
        self._inbox.extend(Delivery(entry) for entry in turn_file.entries)

    def receive(self) -> list[Received]:
        found, self._inbox = self._inbox, []
        return found

    def header(self) -> dict | None:
        return self._header

    def close(self) -> None:
        """Nothing to close."""


def since_friends_last_turn(session) -> int:
    """The log index the friends elsewhere have not all seen: after the earliest of their
    last entries (0 when one of them has not played yet)."""
    remote = [seat for seat in range(len(session.header.seats)) if session.is_remote(seat)]
    first = len(session.log)
    for seat in remote:
        last = max((e.turn for e in session.log if e.seat == seat), default=-1)
        first = min(first, last + 1)
    return first


def write_turn_file(session, path: Path) -> int:
    """ "Send turn": write the log since the friends' last turn to ``path``; returns how many
    entries it holds. Raises :class:`saves.store.SaveError` when the disk refuses."""
    first = since_friends_last_turn(session)
    entries = [entry.to_dict() for entry in session.log[first:]]
    data = {"format": FORMAT, "header": session.header.data, "from": first, "entries": entries}
    write_atomic(Path(path), json.dumps(data, ensure_ascii=False))
    if isinstance(session.transport, FileTransport):
        session.transport.unsent = 0
    return len(entries)


def read_turn_file(path: Path) -> TurnFile:
    """Read a turn file; raises :class:`net.log.BadEntry` (``stop`` for another program's
    rules) or :class:`saves.store.SaveError` naming what is wrong."""
    try:
        text = read_text(Path(path), MAX_TURN_FILE)
    except SaveError as err:
        raise BadEntry(str(err)) from None
    try:
        data = json.loads(text)
    except ValueError:
        raise BadEntry(_("This is not a turn file (damaged JSON).")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadEntry(_("This is not a Tabletop Trio turn file."))
    header = parse_header(data.get("header"))
    entries, first = data.get("entries"), data.get("from")
    if not isinstance(entries, list) or len(entries) > MAX_ENTRIES:
        raise BadEntry(_("The turn file's moves are damaged."))
    if type(first) is not int or first < 0:
        raise BadEntry(_("The turn file's moves are damaged."))
    return TurnFile(header, first, entries)
