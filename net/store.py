"""This computer's online games: each kept in ``online/GAME_ID.json`` in the player's data
folder after every change of its log, so Continue finds it and the title screen lists it.

A file (UTF-8 JSON)::

    {"format": "tabletop-trio-online-game", "transport": {"kind": "matrix", "room_id": ...},
     "summary": {"game", "names", "to_move", "your_turn", "finished", "stopped"},
     "session": {...}}                    # net.session.OnlineMatch.to_dict()

``transport`` says how to reopen it: ``{"kind": "matrix", "room_id"}``, ``{"kind":
"lan-host", "player", "port"}``, ``{"kind": "lan-guest", "address", "player"}`` or
``{"kind": "file"}``. The summary lets the list say whose turn it is without replaying.
Writes are atomic with a backup (:func:`saves.store.write_atomic`); a damaged file is listed
as damaged, never deleted.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from engine import registry
from engine.core import TERMINAL
from saves import folders
from saves.store import SaveError, make_folder, read_text, write_atomic
from translation import _

FORMAT = "tabletop-trio-online-game"


def online_dir() -> Path:
    """The folder of online games (created on demand); :class:`SaveError` when it cannot be."""
    return make_folder(folders.data_path() / "online", _("Online games will not be kept"))


def game_path(game_id: str) -> Path:
    """The file that keeps online game ``game_id``; raises :class:`SaveError` when the
    folder cannot be made."""
    return online_dir() / f"{game_id}.json"


def summary(session) -> dict:
    """What the list shows of ``session`` (an :class:`net.session.OnlineMatch`)."""
    mover = session.next_mover()
    choice = session.secret_choice()
    names = [seat.name for seat in session.header.seats]
    return {
        "game": session.spec.id,
        "names": names,
        "to_move": names[mover] if mover >= 0 else None,
        "your_turn": mover in session.local or choice is not None,
        "finished": mover == TERMINAL,
        "stopped": session.stopped,
    }


def save_game(session, transport: dict) -> Path:
    """Keep ``session`` with how to reopen its ``transport``; returns the file. Raises
    :class:`saves.store.SaveError` when the disk refuses."""
    path = game_path(session.header.game_id)
    data = {
        "format": FORMAT,
        "transport": transport,
        "summary": summary(session),
        "session": session.to_dict(),
    }
    write_atomic(path, json.dumps(data, ensure_ascii=False))
    return path


def load_game(path: Path) -> tuple[dict, dict]:
    """``(session data, transport)`` of a kept game, for
    :meth:`net.session.OnlineMatch.restore`. Raises :class:`saves.store.SaveError`."""
    data = _read(path)
    return data["session"], data["transport"]


def _read(path: Path) -> dict:
    try:
        data = json.loads(read_text(path))
    except ValueError:
        raise SaveError(_("{file} is damaged.").format(file=path.name)) from None
    if (
        not isinstance(data, dict)
        or data.get("format") != FORMAT
        or not isinstance(data.get("session"), dict)
        or not isinstance(data.get("transport"), dict)
        or not isinstance(data.get("summary"), dict)
    ):
        raise SaveError(_("{file} is not an online game.").format(file=path.name))
    return data


@dataclass(frozen=True)
class OnlineGameInfo:
    """One line of the title screen's "Online games": the game's title (in the language in
    use), the seats' names, whose turn it is (None at the end), whether it is this computer's,
    how it travels; ``problem`` says why a damaged file cannot be opened ("" when it can)."""

    path: Path
    title: str
    names: tuple[str, ...]
    to_move: str | None
    your_turn: bool
    finished: bool
    stopped: str | None
    transport: str
    updated: float
    problem: str = ""


def list_games() -> list[OnlineGameInfo]:
    """This computer's online games, the ones waiting for this computer first, then the
    latest first. A damaged file is listed with its problem."""
    try:
        files = sorted(online_dir().glob("*.json"))
    except (OSError, SaveError):
        return []
    found = []
    for path in files:
        try:
            updated = os.stat(path).st_mtime
            data = _read(path)
            info = data["summary"]
            try:
                title = _(registry.get(str(info["game"])).title)
            except KeyError:
                title = str(info["game"])
            found.append(
                OnlineGameInfo(
                    path,
                    title,
                    tuple(str(name) for name in info["names"]),
                    info["to_move"],
                    bool(info["your_turn"]),
                    bool(info["finished"]),
                    info["stopped"],
                    str(data["transport"].get("kind")),
                    updated,
                )
            )
        except (OSError, SaveError, KeyError, TypeError) as err:
            found.append(
                OnlineGameInfo(path, path.stem, (), None, False, False, None, "", 0.0, str(err))
            )
    return sorted(found, key=lambda info: (not info.your_turn, info.finished, -info.updated))
