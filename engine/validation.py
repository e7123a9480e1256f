"""The door every position from outside goes through before it is played.

A position comes from a save's start, a save from older rules going on from its snapshot, a
paste, a puzzle, a game record, and later a network message. None of them is trusted: each is
checked by :func:`check_position` (a state) or :func:`position_from_data` (its plain
``to_dict`` data), which

1. refuse data too large before anything is built (:data:`DATA_LIMIT` characters of JSON);
2. run the game's own validator, ``GameSpec.validator(data)`` — one per game, in
   ``engine/<game>/validate.py``: every invariant the contract test and the game's
   random-game test check (counts conserved, indices in range, the phase consistent with the
   rest, known codes, players within the limits);
3. rebuild the state from the checked data, which must give the same data back;
4. probe it as play would: whose turn it is, the chance outcomes (each applied to a copy) or
   the legal moves (each applied to a copy), the score sheet of a finished game.

Every refusal is :class:`engine.core.InvalidPosition` whose ``reason`` is one sentence. The
state returned is the rebuilt one, never the object given: what is played is what was checked.

:class:`Checker` holds the few checks of plain data every validator uses, so a damaged field
is said the same way in every game ("karma[2] is damaged: it should be a whole number from 0
to 6, not 9.").
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from engine.core import CHANCE, TERMINAL, GameSpec, IllegalAction, InvalidPosition
from translation import _

DATA_LIMIT = 1_000_000
"""The most characters of a position's plain data as JSON (the largest real one, Off the
Rails with four players late in the game, is about 20,000)."""
PROBE_LIMIT = 2_000
"""The most moves of one position the probe tries (each on a copy)."""


def refuse(reason: str) -> NoReturn:
    """Raise :class:`InvalidPosition` with ``reason`` (one sentence)."""
    raise InvalidPosition(reason)


def _value(value: Any) -> str:
    return str(value)[:20] if not isinstance(value, str) else repr(value[:20])


class Checker:
    """Checks of plain data (``to_dict`` output) that raise :class:`InvalidPosition` saying
    which field is damaged and what it should be. ``field`` names are the data's own
    (``"desks[1].pool"``), as a save or a network message holds them."""

    @staticmethod
    def integer(value: Any, field: str, low: int, high: int) -> int:
        """``value`` when it is an int (not a bool) from ``low`` to ``high``."""
        if type(value) is not int or not low <= value <= high:
            refuse(
                _(
                    "The field {field} is damaged: it should be a whole number from {low} to "
                    "{high}, not {value}."
                ).format(field=field, low=low, high=high, value=_value(value))
            )
        return value

    @staticmethod
    def boolean(value: Any, field: str) -> bool:
        """``value`` when it is ``True`` or ``False``."""
        if type(value) is not bool:
            refuse(
                _("The field {field} is damaged: it should be true or false, not {value}.").format(
                    field=field, value=_value(value)
                )
            )
        return value

    @staticmethod
    def choice(value: Any, field: str, choices: Iterable) -> Any:
        """``value`` when it is one of ``choices`` (of the same type: ``1`` is not ``True``)."""
        choices = list(choices)
        if not any(type(value) is type(choice) and value == choice for choice in choices):
            refuse(
                _(
                    "The field {field} is damaged: it should be one of {choices}, not {value}."
                ).format(
                    field=field,
                    choices=", ".join("-" if c is None else str(c) for c in choices[:12]),
                    value=_value(value),
                )
            )
        return value

    @staticmethod
    def seat_or_none(value: Any, field: str, players: int) -> int | None:
        """``value`` when it is None or a seat from 0 to ``players - 1``."""
        if value is None:
            return None
        return Checker.integer(value, field, 0, players - 1)

    @staticmethod
    def sequence(value: Any, field: str, length: int | None = None, most: int = 10_000) -> list:
        """``value`` when it is a list (of exactly ``length`` items when given, else at most
        ``most``)."""
        if not isinstance(value, list):
            refuse(
                _("The field {field} is damaged: it should be a list, not {value}.").format(
                    field=field, value=_value(value)
                )
            )
        if length is not None and len(value) != length:
            refuse(
                _(
                    "The field {field} is damaged: it should hold {count} items, not {given}."
                ).format(field=field, count=length, given=len(value))
            )
        if len(value) > most:
            refuse(
                _(
                    "The field {field} is damaged: it should hold at most {count} items, not "
                    "{given}."
                ).format(field=field, count=most, given=len(value))
            )
        return value

    @staticmethod
    def mapping(value: Any, field: str, keys: Iterable[str] | None = None) -> dict:
        """``value`` when it is a dict with text keys (exactly ``keys`` when given)."""
        if not isinstance(value, dict) or not all(isinstance(key, str) for key in value):
            refuse(
                _("The field {field} is damaged: it should be a set of named fields.").format(
                    field=field
                )
            )
        if keys is not None and set(value) != set(keys):
            refuse(
                _("The field {field} is damaged: it should hold the fields {fields}.").format(
                    field=field, fields=", ".join(sorted(keys))
                )
            )
        return value

    @staticmethod
    def integers(
        value: Any, field: str, low: int, high: int, length: int | None = None, most: int = 10_000
    ) -> list[int]:
        """A list of whole numbers from ``low`` to ``high`` (see :meth:`sequence`)."""
        items = Checker.sequence(value, field, length, most)
        for index, item in enumerate(items):
            Checker.integer(item, f"{field}[{index}]", low, high)
        return items


def check_players(count: Any, spec: GameSpec, field: str = "num_players") -> int:
    """``count`` when it is a whole number of players the game allows; checked first, before
    anything per seat is looked at."""
    if type(count) is not int or not spec.min_players <= count <= spec.max_players:
        refuse(
            _("{game} is played by {fewest} to {most} players, not {count}.").format(
                game=_(spec.title),
                fewest=spec.min_players,
                most=spec.max_players,
                count=_value(count),
            )
        )
    return count


def plain_data(state: Any) -> dict:
    """``state.to_dict()`` checked to be plain JSON of at most :data:`DATA_LIMIT` characters;
    :class:`InvalidPosition` otherwise."""
    try:
        data = state.to_dict()
        text = json.dumps(data, allow_nan=False)
    except InvalidPosition:
        raise
    except Exception:  # noqa: BLE001 - an object that cannot even be written is damaged
        refuse(_("This position is damaged: it cannot be written down."))
    if len(text) > DATA_LIMIT:
        refuse(_("This position is too large to be a position of the game."))
    return json.loads(text)


def position_from_data(spec: GameSpec, data: Any) -> Any:
    """The state of ``spec`` whose plain data is ``data`` (``to_dict`` output: a save's
    ``start`` or ``snapshot``, a network message), checked as the module docstring says.

    Raises :class:`InvalidPosition` with one sentence; returns a new state."""
    if not isinstance(data, dict):
        refuse(_("This position is damaged: it is not a set of named fields."))
    try:
        text = json.dumps(data, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        refuse(_("This position is damaged: it cannot be written down."))
    if len(text) > DATA_LIMIT:
        refuse(_("This position is too large to be a position of the game."))
    data = json.loads(text)  # a copy the validator and the state cannot share with the caller
    if spec.validator is not None:
        spec.validator(data)
    try:
        state = spec.state_from_dict(json.loads(text))
        same = state.to_dict() == data
    except InvalidPosition:
        raise
    except Exception:  # noqa: BLE001 - the validator should have said why; never a traceback
        refuse(_("This position is damaged: the game cannot be set up from it."))
    if not same:
        refuse(_("This position is damaged: some of its fields are not as the game writes them."))
    probe(spec, state)
    return state


def check_position(spec: GameSpec, state: Any) -> Any:
    """A new state equal to ``state`` (from a notation, a puzzle, a record) once it passed
    :func:`position_from_data`; raises :class:`InvalidPosition` with one sentence."""
    return position_from_data(spec, plain_data(state))


def probe(spec: GameSpec, state: Any) -> None:
    """Ask ``state`` what play asks and try each move it offers on a copy; raises
    :class:`InvalidPosition` when anything fails (the validator let through a position the
    rules cannot play)."""
    players = getattr(state, "num_players", None)
    try:
        player = state.current_player()
        if player == TERMINAL:
            sheet = state.score_sheet()
            returns = state.returns()
            if isinstance(players, int) and len(returns) != players:
                refuse(_("This position cannot be played: its result names other players."))
            if not set(sheet.get("winners", [])) <= set(range(len(returns))):
                refuse(_("This position cannot be played: its result names other players."))
        elif player == CHANCE:
            outcomes = state.chance_outcomes()
            chances = [chance for _action, chance in outcomes]
            if (
                not outcomes
                or not all(
                    isinstance(c, (int, float)) and math.isfinite(c) and c > 0 for c in chances
                )
                or abs(sum(chances) - 1) > 1e-6
            ):
                refuse(_("This position cannot be played: its luck is not a fair draw."))
            _try_each(state, [action for action, _chance in outcomes])
        elif type(player) is int and player >= 0 and (players is None or player < players):
            legal = state.legal_actions()
            if not legal:
                refuse(_("This position cannot be played: the player to move has no move."))
            _try_each(state, legal)
            state.observation(player)
            owner = state.turn_owner()
            if type(owner) is not int or players is not None and not 0 <= owner < players:
                refuse(_("This position cannot be played: it is nobody's turn."))
        else:
            refuse(_("This position cannot be played: it is nobody's turn."))
        text = spec.notation.format(state)
        if spec.notation.format(spec.notation.parse(text)) != text:
            refuse(_("This position is damaged: its notation does not read back."))
    except InvalidPosition:
        raise
    except IllegalAction:
        refuse(_("This position cannot be played: the rules refuse a move they offer."))
    except Exception:  # noqa: BLE001 - a position the rules trip over is refused, not played
        refuse(_("This position cannot be played: the rules cannot go on from it."))


def _try_each(state: Any, actions: Sequence) -> None:
    step = max(1, len(actions) // PROBE_LIMIT + (len(actions) % PROBE_LIMIT > 0))
    for action in actions[::step]:
        state.clone().apply_action(action)


__all__ = [
    "DATA_LIMIT",
    "Checker",
    "check_players",
    "check_position",
    "plain_data",
    "position_from_data",
    "probe",
    "refuse",
]
