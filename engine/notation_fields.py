"""The one reader of ``key=value`` notation, with the same messages for every game.

A position's notation (docs/DESIGN.md, "Position notation") is fields separated by blank
space, ``players=3 phase=turn karma=3,3,4``. :class:`Fields` splits such a text once and reads
its values: whole numbers in a range, seats, one of some words, one number per seat. Every
refusal is a ``ValueError`` starting with the field's name, in the same words for every game
("karma: 2 given, one per player (3) needed.").

Size comes first: a text longer than :data:`POSITION_TEXT_LIMIT` characters, or a line with
more than :data:`FIELDS_LIMIT` fields, is refused before anything else is read, and a number
is read only when it has at most :data:`DIGITS_LIMIT` digits — so ``n=10000000`` or a pasted
megabyte never builds a state.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from translation import _

POSITION_TEXT_LIMIT = 20_000
"""The most characters of a position's text (Off the Rails' board of 12 lines and every
other field is about 2,000; the other games' lines a few hundred)."""
FIELDS_LIMIT = 64
"""The most ``key=value`` fields one line of notation may hold."""
DIGITS_LIMIT = 6
"""The most digits of a number in a position (no count in any game reaches 100,000)."""


class ForeignField(ValueError):
    """Text that is not this game's notation at all — a field it does not have, a word that
    is not a field, more fields than a line holds, another game's heading: it may be another
    game's position (``scenes.position.detect`` then reports the reason of a game whose
    notation it is written in)."""


def check_length(text: str, limit: int = POSITION_TEXT_LIMIT) -> None:
    """Raise ``ValueError`` when ``text`` is longer than ``limit`` characters."""
    if len(text) > limit:
        raise ValueError(
            _("the text is {count} characters long, but a position has at most {limit}.").format(
                count=len(text), limit=limit
            )
        )


def read_int(text: str, field: str) -> int:
    """``text`` as a whole number of at most :data:`DIGITS_LIMIT` digits (a leading ``-``
    allowed); ``ValueError`` "{field}: '…' is not a number." otherwise."""
    digits = text[1:] if text.startswith("-") else text
    if not digits.isdigit() or not digits.isascii() or len(digits) > DIGITS_LIMIT:
        raise ValueError(
            _("{field}: {text!r} is not a number.").format(field=field, text=text[:20])
        )
    return int(text)


def in_range(number: int, field: str, low: int, high: int) -> int:
    """``number`` when ``low <= number <= high``; else ``ValueError`` naming the range."""
    if not low <= number <= high:
        raise ValueError(
            _("{field}: {number} is outside {low} to {high}.").format(
                field=field, number=number, low=low, high=high
            )
        )
    return number


class Fields:
    """The fields of one line of notation.

    ``Fields(text, names, example)`` splits ``text`` on blank space into ``name=value`` pairs;
    ``names`` are the fields the game knows and ``example`` a field to show in the message for
    a word without ``=`` ("players=2"). Raises ``ValueError`` for a text too long, a word that
    is not a field, an unknown field or one given twice. Reading a value that is wrong raises
    ``ValueError`` naming the field; a field left out gives the default passed.
    """

    def __init__(self, text: str, names: Collection[str], example: str):
        check_length(text)
        words = text.split()
        if len(words) > FIELDS_LIMIT:
            raise ForeignField(
                _("the text has {count} fields, but a position has at most {limit}.").format(
                    count=len(words), limit=FIELDS_LIMIT
                )
            )
        self.names = tuple(names)
        self.values: dict[str, str] = {}
        for word in words:
            name, equals, value = word.partition("=")
            if not equals:
                raise ForeignField(
                    _("{text!r} is not a field: write name=value, e.g. {example}.").format(
                        text=word[:40], example=example
                    )
                )
            if name not in names:
                raise ForeignField(
                    _("unknown field {field!r}; the fields are {fields}.").format(
                        field=name[:40], fields=", ".join(self.names)
                    )
                )
            if name in self.values:
                raise ValueError(_("the field {field!r} is given twice.").format(field=name))
            self.values[name] = value

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def get(self, name: str, default: str | None = None) -> str | None:
        """The text of field ``name``, or ``default`` when it is left out."""
        return self.values.get(name, default)

    def text(self, name: str, default: str) -> str:
        """The text of field ``name``, or ``default`` when it is left out."""
        return self.values.get(name, default)

    def number(self, name: str, default: int, low: int, high: int) -> int:
        """Field ``name`` as a whole number from ``low`` to ``high`` (``default`` when left
        out, not checked)."""
        value = self.values.get(name)
        if value is None:
            return default
        return in_range(read_int(value, name), name, low, high)

    def seat(self, name: str, default: int | None, players: int) -> int | None:
        """Field ``name`` as a seat from 0 to ``players - 1``, or None for ``-``
        (``default`` when left out)."""
        value = self.values.get(name)
        if value is None:
            return default
        if value == "-":
            return None
        if (
            not value.isdigit()
            or not value.isascii()
            or len(value) > DIGITS_LIMIT
            or int(value) >= players
        ):
            raise ValueError(
                _("{field}: {text!r} is not a seat; seats are 0 to {last} (or - for none).").format(
                    field=name, text=value[:20], last=players - 1
                )
            )
        return int(value)

    def choice(self, name: str, default: str, choices: Iterable[str]) -> str:
        """Field ``name`` as one of ``choices`` (``default`` when left out)."""
        value = self.values.get(name)
        if value is None:
            return default
        allowed = [str(choice) for choice in choices]
        if value not in allowed:
            raise ValueError(
                _("{field}: {text!r} is not one of {choices}.").format(
                    field=name, text=value[:20], choices=", ".join(allowed)
                )
            )
        return value

    def per_seat(
        self, name: str, default: int, players: int, low: int, high: int, sep: str = ","
    ) -> list[int]:
        """Field ``name`` as one whole number from ``low`` to ``high`` per seat, separated by
        ``sep`` (``default`` for every seat when left out)."""
        value = self.values.get(name)
        if value is None:
            return [default] * players
        items = [] if value == "-" else value.split(sep)
        check_per_seat(name, len(items), players)
        return [in_range(read_int(item, name), name, low, high) for item in items]


def check_per_seat(field: str, count: int, players: int) -> None:
    """Raise ``ValueError`` unless ``count`` (the values given in ``field``) is ``players``."""
    if count != players:
        raise ValueError(
            _("{field}: {count} given, one per player ({players}) needed.").format(
                field=field, count=count, players=players
            )
        )


__all__ = [
    "DIGITS_LIMIT",
    "FIELDS_LIMIT",
    "POSITION_TEXT_LIMIT",
    "Fields",
    "check_length",
    "check_per_seat",
    "in_range",
    "read_int",
]
