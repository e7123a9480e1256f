"""The game-state protocol, actions, events and errors shared by every game.

Vocabulary from OpenSpiel (docs/DESIGN.md, "The engine contract"):

* ``current_player()`` returns a seat index (0-based), :data:`CHANCE` when luck decides next, or
  :data:`TERMINAL` when the game is over.
* ``legal_actions()`` lists the current player's actions in a stable order.
* ``chance_outcomes()`` lists ``(action, probability)`` pairs at a chance node; the probabilities
  sum to 1. Chance outcomes are ordinary :class:`Action` objects, recorded in the history.
* ``apply_action(action)`` changes the state and returns the :class:`Event` list of what happened;
  it raises :class:`IllegalAction` with a plain sentence for anything the rules forbid.

Actions and events are frozen dataclasses whose fields are JSON-able primitives or tuples of them,
so ``to_dict``/``from_dict`` are generic: ``{"type": ClassName, **fields}``.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, runtime_checkable

from translation import _

CHANCE = -1
"""``current_player()`` at a chance node: the match (or a test, or a bot) picks an outcome."""

TERMINAL = -2
"""``current_player()`` once the game is over."""


class StrEnum(str, enum.Enum):
    """A set of named text values shared by engine and scenes (phases, tasks, cart places).

    Members compare equal to their text and print as it, so states keep plain strings in
    ``to_dict`` and old saves load unchanged: ``Phase.PLACE == "place"``, ``str(Phase.PLACE)`` is
    ``"place"``. (Python 3.11's ``enum.StrEnum`` does the same; this one also runs on 3.10.)
    """

    def __str__(self) -> str:
        return str(self.value)

    def __format__(self, format_spec: str) -> str:
        return format(str(self.value), format_spec)


class IllegalAction(ValueError):
    """An action the rules forbid; ``reason`` is a sentence a player understands.

    Example: ``IllegalAction("The pool holds at most 3 marbles.")``.
    """

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class InvalidPosition(ValueError):
    """A position no game of the rules can reach, or that cannot be played on; ``reason`` is
    one sentence a player understands ("The tracks and the tank hold 81 marbles; the game has
    80."). Raised by a game's validator (``GameSpec.validator``) and by
    :mod:`engine.validation`, the door every position from outside goes through."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


StateT = TypeVar("StateT")
EventT = TypeVar("EventT")


def emitter(
    play_event: Callable[[StateT, EventT], object],
) -> Callable[[StateT, list, EventT], None]:
    """The rules' one way to change a state: ``emit(state, events, event)`` plays ``event`` on
    ``state`` with the game's ``play_event`` (where each event's effect is written once) and
    adds it to the step's ``events``. Each game's rules make theirs with
    ``emit = emitter(play_event)``."""

    def emit(state: StateT, events: list, event: EventT) -> None:
        play_event(state, event)
        events.append(event)

    emit.__doc__ = (
        "Play ``event`` on ``state`` (its effect is written once, in the game's play_event) "
        "and add it to the step's ``events``: the only way the rules change the state."
    )
    return emit


def _to_plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_to_plain(v) for v in value]
    if isinstance(value, frozenset):
        return sorted(_to_plain(v) for v in value)
    return value


def _to_frozen(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_to_frozen(v) for v in value)
    return value


_FIELD_NAMES: dict[type, tuple[str, ...]] = {}


def _field_names(record_class: type) -> tuple[str, ...]:
    """The field names of a record class in declaration order (looked up once per class:
    every save spells every step's record)."""
    names = _FIELD_NAMES.get(record_class)
    if names is None:
        names = _FIELD_NAMES[record_class] = tuple(
            field.name for field in dataclasses.fields(record_class)
        )
    return names


@dataclass(frozen=True)
class Record:
    """Base of :class:`Action` and :class:`Event`: a frozen dataclass of plain fields.

    Fields hold ``int``, ``str``, ``bool``, ``None`` or (nested) tuples of those; lists from JSON
    come back as tuples, so a round-tripped record is equal and hashable.
    """

    def to_dict(self) -> dict:
        """Return ``{"type": class name, field: plain value, ...}``, JSON-able."""
        data = {"type": type(self).__name__}
        for name in _field_names(type(self)):
            data[name] = _to_plain(getattr(self, name))
        return data


@dataclass(frozen=True)
class Action(Record):
    """Something a player (or chance) does; subclasses are a game's moves and chance outcomes."""


@dataclass(frozen=True)
class Event(Record):
    """Something that happened, for the scene to animate and the log to print.

    Subclasses override :meth:`text` with a plain sentence; ``names`` gives the players' names.
    """

    def text(self, names: Sequence[str]) -> str:
        """A sentence for the game log, e.g. ``"Ana rolled 1, 4, 6."``."""
        return type(self).__name__


@dataclass(frozen=True)
class TurnStarted(Event):
    """A player's turn begins; every game's own ``TurnStarted`` extends this one.

    The match counts these for the turn number (saves, statistics, the score sheet), so a game
    emits exactly one when each turn starts, solo turns included.
    """

    player: int

    def text(self, names: Sequence[str]) -> str:
        return (
            _("{name} plays.").format(name=names[self.player])
            if 0 <= self.player < len(names)
            else ""
        )


RecordT = TypeVar("RecordT", bound=Record)


class RecordCodec(Generic[RecordT]):
    """Turns ``to_dict`` output back into the records of one game.

    ``RecordCodec([PlaceSeed, EndTurn]).from_dict({"type": "EndTurn"})`` returns ``EndTurn()``.
    Raises ``ValueError`` for an unknown type or wrong fields (a damaged save, say). Each field's
    value must have its declared type exactly, not merely compare equal: ``5.0`` is not an
    ``int``, nor is ``true``; a bare ``tuple`` holds ints, texts or tuples of them, and
    ``tuple[X, ...]`` / ``tuple[X, Y]`` / ``X | None`` are checked item by item.
    """

    def __init__(self, classes: Iterable[type[RecordT]]):
        self._classes = {cls.__name__: cls for cls in classes}
        self._hints: dict[str, dict] = {}
        for name, cls in self._classes.items():
            if "type" in {f.name for f in dataclasses.fields(cls)}:
                raise TypeError(
                    f"{cls.__name__} has a field named 'type', which to_dict uses "
                    f"for the class name; rename the field."
                )
            self._hints[name] = typing.get_type_hints(cls)

    def from_dict(self, data: dict) -> RecordT:
        """Rebuild one record; ``ValueError`` names the problem."""
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise ValueError("a step is not a move")
        cls = self._classes.get(data["type"])
        if cls is None:
            raise ValueError(f"unknown record type {data['type'][:40]!r}")
        names = _field_names(cls)
        if len(data) != len(names) + 1 or not all(name in data for name in names):
            given = set(data) - {"type"}
            raise ValueError(
                f"{data['type']} expects fields {sorted(names)}, got {sorted(map(str, given))[:8]}"
            )
        hints = self._hints[data["type"]]
        values = {}
        for name in names:
            value = _to_frozen(data[name])
            hint = hints.get(name, Any)
            if not _has_type(value, hint):
                raise ValueError(
                    f"its {name} should be {_describe(hint)}, not {str(data[name])[:20]}"
                )
            values[name] = value
        return cls(**values)


def _describe(hint: Any) -> str:
    """A field's declared type in words, for a damaged save's message."""
    words = {
        int: "a whole number",
        str: "text",
        bool: "true or false",
        float: "a number",
        tuple: "a list",
    }
    if hint in words:
        return words[hint]
    if typing.get_origin(hint) is tuple:
        return "a list"
    return "another kind of value"


_PLAIN = (int, str, type(None))


def _has_type(value: Any, hint: Any) -> bool:
    """True when ``value`` (plain data, lists already made tuples) has the type ``hint`` exactly:
    a bool is not an int, an int is not a bool, a float is never a save's number unless
    declared. Enum annotations take their members' values."""
    if hint is Any:
        return isinstance(value, bool) or _is_plain(value)
    if hint is type(None) or hint is None:
        return value is None
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if hint is str:
        return isinstance(value, str)
    if hint is tuple:
        return isinstance(value, tuple) and all(_is_plain(v) for v in value)
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return isinstance(value, hint) or any(
            type(value) is type(member.value) and value == member.value for member in hint
        )
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is tuple:
        if not isinstance(value, tuple):
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_has_type(v, args[0]) for v in value)
        return len(args) == len(value) and all(map(_has_type, value, args))
    if origin in (typing.Union, types.UnionType):
        return any(_has_type(value, a) for a in args)
    if origin is typing.Literal:
        return any(type(value) is type(a) and value == a for a in args)
    if isinstance(hint, type):
        return isinstance(value, hint)
    return _is_plain(value)


def _is_plain(value: Any) -> bool:
    """An int (not a bool), a text, None, or a tuple of those and of bools (a record's plain
    list, e.g. Off the Rails' tasks): what an undeclared field holds."""
    if isinstance(value, tuple):
        return all(isinstance(v, bool) or _is_plain(v) for v in value)
    return isinstance(value, _PLAIN) and not isinstance(value, bool)


@dataclass(frozen=True)
class OptionSpec:
    """One game option for the new-game scene, the command line and the match.

    ``kind`` is ``"bool"`` or ``"choice"`` (then ``choices`` lists the values, by id); ``default``
    is the value used when the player changes nothing; ``labels`` gives display names for choices;
    ``min_players`` is the fewest seats it matters for (the new-game scene hides it below that,
    e.g. an option of the clan game in a solo game).

    Where the seat count changes what exists, ``by_players`` maps a seat count to
    ``(choices, default)`` for that count, e.g. Off the Rails' game length:
    ``((2, ((13, 17, 21), 21)), (3, ((13, 17, 21), 21)), (4, ((13, 17, 21, 25), 25)))``.
    """

    name: str
    label: str
    kind: str
    default: Any
    description: str
    choices: tuple = ()
    labels: tuple = ()
    min_players: int = 1
    by_players: tuple = ()

    def applies(self, num_players: int) -> bool:
        """Whether the option matters in a game of ``num_players`` seats."""
        return num_players >= self.min_players

    def choices_for(self, num_players: int | None) -> tuple:
        """The values that exist with ``num_players`` seats (all of them when unknown)."""
        for count, (choices, _default) in self.by_players:
            if count == num_players:
                return tuple(choices)
        return self.choices

    def default_for(self, num_players: int | None) -> Any:
        """The default with ``num_players`` seats."""
        for count, (_choices, default) in self.by_players:
            if count == num_players:
                return default
        return self.default

    def label_of(self, value: Any) -> str:
        """The display name of ``value`` (a choice's label, or the value itself) in the language
        in use (labels are marked with ``N_`` where the game declares them)."""
        if self.kind == "bool":
            return _("on") if value else _("off")
        if self.labels and value in self.choices:
            return _(str(self.labels[list(self.choices).index(value)]))
        return str(value)

    def validate(self, value: Any, num_players: int | None = None) -> Any:
        """Return ``value`` if allowed (with ``num_players`` seats, when given), else raise
        ``ValueError`` with a sentence naming the values allowed."""
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(
                    _("{option} must be on or off, not {value!r}.").format(
                        option=_(self.label), value=value
                    )
                )
            return value
        allowed = self.choices_for(num_players)
        # the type must match too: True == 1 and 21.0 == 21, but neither is the choice 21
        if not any(value == choice and type(value) is type(choice) for choice in allowed):
            names = ", ".join(self.label_of(choice) for choice in allowed)
            if self.by_players and num_players:
                raise ValueError(
                    _(
                        "{option} must be one of {names} with {count} players, not {value!r}."
                    ).format(option=_(self.label), names=names, count=num_players, value=value)
                )
            raise ValueError(
                _("{option} must be one of {names}, not {value!r}.").format(
                    option=_(self.label), names=names, value=value
                )
            )
        return value


@dataclass(frozen=True)
class Notation:
    """A game's short text for a position (like chess FEN), documented in its notation module.

    ``format(state) -> str`` and ``parse(text) -> state`` round-trip:
    ``format(parse(format(state))) == format(state)``. ``parse`` raises ``ValueError`` saying
    what is wrong and where.
    """

    format: Callable[[Any], str]
    parse: Callable[[str], Any]


@runtime_checkable
class GameState(Protocol):
    """The protocol each game's state implements (docs/DESIGN.md, "The engine contract").

    ``score_sheet()`` returns plain data the game-over scene shows as a table::

        {"columns": ["Harvests", "Karma", ..., "Total"],   # category labels, "Total" last
         "rows": [[12, 1, ..., 15], ...],                  # one row per seat, same order
         "winners": [0],                                   # seat indices; ties share
         "notes": ["Ana was first to six tomatoes."],      # optional plain lines
         "solo": {"won": True, "summary": "5 of 6 slots matched"}}  # only in a solo game

    ``returns()`` gives one float per seat (1 for a winner, 0 otherwise, or a finer margin).
    """

    def current_player(self) -> int: ...
    def legal_actions(self) -> list: ...
    def chance_outcomes(self) -> list: ...
    def apply_action(self, action: Action) -> list: ...
    def is_terminal(self) -> bool: ...
    def returns(self) -> list: ...
    def score_sheet(self) -> dict: ...
    def clone(self) -> GameState: ...
    def to_dict(self) -> dict: ...
    def observation(self, player: int) -> GameState: ...
    def action_to_string(self, action: Action, names: Sequence[str] | None = None) -> str: ...
    def turn_owner(self) -> int: ...


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of a game: static data the match, saves and scenes need.

    * ``new_state(num_players, options) -> GameState`` builds the initial state (often a chance
      node); ``options`` is a complete dict validated by :meth:`resolve_options`.
    * ``state_from_dict`` inverts ``state.to_dict()``; ``action_codec`` rebuilds actions.
    * ``notation`` formats and parses positions.
    * ``apply_event(state, event) -> state`` is the state after one event (the input unchanged):
      the engine's own effect of each event, which scenes use to draw a step event by event.
    * ``rules_summary`` is player-facing text: lines starting with ``# `` or ``## `` are headings.
    * ``solo`` is True when one seat is a real single-player mode.
    * ``numbered_turns`` is True when the game numbers its turns across the seats ("Turn 23"
      in Off the Rails): lists of saves say that turn rather than a round per seat.
    * ``rules_version`` counts rule changes that can make an older save's history no longer
      replay (a step it recorded is now illegal or means something else); saves record it, and
      a save from older rules whose history fails continues from its saved position instead.
    * ``bots`` is what computer players and hints know of the game: an
      :class:`engine.bots.GameBots` from the game's ``bots`` module.
    * ``validator(state) -> None`` checks a position from outside (a save's start, a paste, a
      puzzle, a network message) against every invariant of the game — counts conserved,
      indices in range, the phase consistent with the rest, known codes, players within the
      limits — and raises :class:`InvalidPosition` with one sentence otherwise. Call it
      through :func:`engine.validation.check_position`, which adds the checks every game
      shares. ``None``: only those shared checks.
    * ``upgrade_save(envelope, schema_version) -> envelope`` brings a save's plain data
      (``saves.format``'s envelope, a dict) of save format ``schema_version`` to the next
      format where the game itself changed what it records (its own history rewritten for
      rules that no longer ask a question); ``None`` when it never did. It raises
      ``ValueError`` (or ``KeyError``/``TypeError``) when it cannot: loading then goes on from
      the save's position.

    Whose turn a state belongs to is the state's own ``turn_owner()``; a turn begins with a
    :class:`TurnStarted` event.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    description: str
    options: tuple
    new_state: Callable[[int, dict], Any]
    state_from_dict: Callable[[dict], Any]
    action_codec: RecordCodec[Action]
    notation: Notation
    rules_summary: str
    bots: Any
    solo: bool = False
    numbered_turns: bool = False
    apply_event: Callable[[Any, Any], Any] | None = None
    rules_version: int = 1
    validator: Callable[[Any], None] | None = None
    upgrade_save: Callable[[dict, int], dict] | None = None

    def default_options(self, num_players: int | None = None) -> dict:
        """Every option at its default for ``num_players`` seats, as ``{name: value}``."""
        return {option.name: option.default_for(num_players) for option in self.options}

    def resolve_options(self, given: dict | None, num_players: int | None = None) -> dict:
        """Fill defaults and validate; raises ``ValueError`` for unknown or bad options."""
        values = self.default_options(num_players)
        known = {option.name: option for option in self.options}
        for name, value in (given or {}).items():
            if name not in known:
                raise ValueError(
                    _("{game} has no option {name!r}.").format(game=_(self.title), name=name)
                )
            values[name] = known[name].validate(value, num_players)
        return values

    def check_players(self, num_players: int) -> None:
        """Raise ``ValueError`` unless ``num_players`` is within the game's range."""
        if not self.min_players <= num_players <= self.max_players:
            raise ValueError(
                _("{game} is played by {fewest} to {most} players, not {count}.").format(
                    game=_(self.title),
                    fewest=self.min_players,
                    most=self.max_players,
                    count=num_players,
                )
            )
