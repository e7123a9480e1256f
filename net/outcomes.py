"""What an online match tells the table: typed outcomes of :meth:`net.session.OnlineMatch.poll`
and the hidden decision a local seat answers (docs/DESIGN.md, "Playing at a distance")."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action


# --- outcomes --------------------------------------------------------------------------------
@dataclass(frozen=True)
class RemoteReady:
    """A remote seat's turn is checked and waits in the queue: call :meth:`play_remote`."""

    seat: int
    turn: int


@dataclass(frozen=True)
class Waiting:
    """The game waits for ``seat``, played on another computer."""

    seat: int


@dataclass(frozen=True)
class TurnSent:
    """This computer's turn ``turn`` (seat ``seat``) was published."""

    seat: int
    turn: int


@dataclass(frozen=True)
class Refused:
    """Something arrived that cannot be used; nothing changed. ``message`` for the player."""

    message: str


@dataclass(frozen=True)
class LocalTurnLost:
    """Another entry for the same turn came first (the seat was handed to a bot, or the same
    player played on another computer): this computer's turn was taken back."""

    message: str


@dataclass(frozen=True)
class Stopped:
    """The game cannot go on here (positions differ, other rules); ``message`` says why. The
    match and the log stay as they were."""

    message: str


@dataclass(frozen=True)
class ConnectionLost:
    """The transport lost its connection; it tries again in ``retry_in`` seconds (None: not by
    itself)."""

    message: str
    retry_in: float | None


@dataclass(frozen=True)
class Reconnected:
    """The connection works again."""


@dataclass(frozen=True)
class SecretAsked:
    """Seat ``seat`` (on this computer) must choose without seeing the other seat's hidden
    choice: draw :meth:`OnlineMatch.secret_choice` and answer with
    :meth:`OnlineMatch.answer_secret`."""

    seat: int


@dataclass(frozen=True)
class SeatHandedOver:
    """Seat ``seat`` is now played by a bot of ``level`` on every computer; the game no longer
    counts in Statistics."""

    seat: int
    level: str


Outcome = (
    RemoteReady
    | Waiting
    | TurnSent
    | Refused
    | LocalTurnLost
    | Stopped
    | ConnectionLost
    | Reconnected
    | SecretAsked
    | SeatHandedOver
)


@dataclass(frozen=True)
class SecretChoice:
    """A decision a local ``seat`` makes without seeing another seat's hidden choice: ``view``
    is what that seat may see (an observation), ``legal`` its legal actions."""

    seat: int
    view: object
    legal: list[Action]
