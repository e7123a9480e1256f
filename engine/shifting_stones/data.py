"""Shifting Stones' components: the eight faces, the nine stones and the 72 pattern cards.

The cards are read from ``cards.json`` beside this module, a copy of
``shared/data/shifting_stones_cards.json`` (points and pattern rows of the published cards,
checked three independent ways; the ids are ours). A pattern is a box of up to 3 × 3 squares,
top row first: a letter is a face that square must show, ``.`` a grey square that must hold a
stone of any face.

Faces are letters: ``S`` sun, ``M`` moon, ``F`` fish, ``B`` bird, ``H`` horse, ``O`` boat,
``E`` seed, ``T`` tree. A stone shows one face of a pair and flipping turns it to the other:
sun/moon (1 stone), fish/bird (2), horse/boat (3), seed/tree (3).

The grid's squares are numbered 0–8 row by row from the top left; "top" is the side of the grid
the deck lies on, the same for every player.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from translation import NP_, _, ngettext, pgettext

FACES = "SMFBHOET"
"""The eight faces by letter, paired by stone: S/M, F/B, H/O, E/T."""

FACE_NAMES = {
    "S": NP_("stone face", "Sun"),
    "M": NP_("stone face", "Moon"),
    "F": NP_("stone face", "Fish"),
    "B": NP_("stone face", "Bird"),
    "H": NP_("stone face", "Horse"),
    "O": NP_("stone face", "Boat"),
    "E": NP_("stone face", "Seed"),
    "T": NP_("stone face", "Tree"),
}
"""Each face's name in English; a player reads :func:`face_name`."""

OTHER_FACE = {"S": "M", "M": "S", "F": "B", "B": "F", "H": "O", "O": "H", "E": "T", "T": "E"}
"""The face on the other side of the stone: what a flip shows."""

STONES = (("S", "M", 1), ("F", "B", 2), ("H", "O", 3), ("E", "T", 3))
"""The stones as ``(face, other face, how many)``: 9 in all."""

STONE_COUNT = {face: count for first, second, count in STONES for face in (first, second)}
"""How many stones carry a face (on one side or the other)."""

SIDE = 3
"""The grid is SIDE × SIDE squares."""

SQUARES = SIDE * SIDE

ANY = "."
"""A grey square of a pattern: it must hold a stone, whatever its face."""

SOLO_DECK = {1: 8, 2: 4, 3: 3, 5: 1}
"""The solo deck: how many cards of each value (SS-D1: drawn at random from the 72)."""

SOLO_CARDS = sum(SOLO_DECK.values())

HAND_SIZE = 4
"""Cards dealt to each player, and what the end of a turn draws back up to (SS-D3)."""

SKIP_DRAW = 2
"""Cards a skip draws."""

SQUARE_NAMES = (
    NP_("grid square", "top left"),
    NP_("grid square", "top"),
    NP_("grid square", "top right"),
    NP_("grid square", "left"),
    NP_("grid square", "centre"),
    NP_("grid square", "right"),
    NP_("grid square", "bottom left"),
    NP_("grid square", "bottom"),
    NP_("grid square", "bottom right"),
)
"""Where each square of the grid is, in English; a player reads :func:`square_name`."""


@dataclass(frozen=True)
class PatternCard:
    """One pattern card: ``id`` (1–72, ours), ``points`` (1, 2, 3 or 5) and ``rows``, the
    pattern's box top row first (letters of :data:`FACES` and :data:`ANY`)."""

    id: int
    points: int
    rows: tuple[str, ...]

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return len(self.rows[0])

    @property
    def faces(self) -> tuple[tuple[int, int, str], ...]:
        """``(row, column, face)`` of each face square of the box, in reading order (grey
        squares left out)."""
        return tuple(
            (row, column, face)
            for row, line in enumerate(self.rows)
            for column, face in enumerate(line)
            if face != ANY
        )


CARDS_FILE = Path(__file__).with_name("cards.json")


def load_cards(path: Path = CARDS_FILE) -> dict[int, PatternCard]:
    """The pattern cards of ``path`` by id. Raises ``ValueError`` naming the first card that is
    not a box of 1–3 rows of equal length (1–3 squares) made of faces and grey squares, with at
    least one face and points of 1, 2, 3 or 5."""
    data = json.loads(path.read_text(encoding="utf-8"))
    cards: dict[int, PatternCard] = {}
    for entry in data["cards"]:
        card = PatternCard(int(entry["id"]), int(entry["points"]), tuple(entry["rows"]))
        shape_ok = 1 <= card.height <= SIDE and all(
            len(row) == card.width and 1 <= len(row) <= SIDE for row in card.rows
        )
        letters_ok = all(letter in FACES or letter == ANY for row in card.rows for letter in row)
        if not (shape_ok and letters_ok and card.faces and card.points in SOLO_DECK):
            raise ValueError(f"pattern card {card.id} is damaged: {entry}")
        if card.id in cards:
            raise ValueError(f"pattern card {card.id} is listed twice")
        cards[card.id] = card
    return cards


CARDS = load_cards()
"""The 72 pattern cards by id."""

CARD_IDS = tuple(sorted(CARDS))
"""Every card id, in order."""


def face_name(face: str) -> str:
    """The face's name in the current language ("Tree")."""
    return pgettext("stone face", FACE_NAMES[face])


def square_name(square: int) -> str:
    """Where ``square`` (0–8) is on the grid, in the current language ("top left")."""
    return pgettext("grid square", SQUARE_NAMES[square])


def points_words(points: int) -> str:
    """ "1 point", "3 points" in the current language."""
    return ngettext("{count} point", "{count} points", points).format(count=points)


def card_name(card_id: int) -> str:
    """A pattern card's name from its squares, in the current language, unique among the 72,
    in quotes (it reads as one name inside a sentence of the log or a hint).

    One way for every card, its shape first, then its squares in reading order, "any" for a
    grey square: a row left to right ("“row: Seed, any, Tree”"), a column top to bottom
    ("“column: Fish, any, Tree”"), a box of rows top row first ("“rows: any, Seed / Boat,
    any”"); a 3 × 3 card, which fits the grid only one way, says where each face must be
    ("“grid: Fish in the centre”", "“grid: Tree at top · Fish at left and right · Boat at
    bottom”"). A play-tester could not picture "any over any over Moon", and read "discarded
    Boat at top left, top right and bottom" as stones. ``"?"`` for a hidden card (id 0) or an
    unknown id.
    """
    card = CARDS.get(card_id)
    if card is None:
        return "?"
    if card.height == SIDE and card.width == SIDE:
        # TRANSLATORS: a 3 × 3 pattern card named by where its faces must be on the grid
        return _("“grid: {squares}”").format(squares=_whole_grid_name(card))

    def squares(row: str) -> str:
        # TRANSLATORS: between the squares of a pattern card's row or column: "Seed, any, Tree"
        return pgettext("pattern squares", ", ").join(
            pgettext("grey square", "any") if letter == ANY else face_name(letter) for letter in row
        )

    if card.height == 1:
        # TRANSLATORS: a pattern card of one row, its squares left to right
        return _("“row: {squares}”").format(squares=squares(card.rows[0]))
    if card.width == 1:
        # TRANSLATORS: a pattern card of one column, its squares top to bottom
        return _("“column: {squares}”").format(squares=squares("".join(card.rows)))
    # TRANSLATORS: a pattern card of several rows, top row first, rows split by " / "
    return _("“rows: {rows}”").format(rows=" / ".join(squares(row) for row in card.rows))


def _whole_grid_name(card: PatternCard) -> str:
    """Where each face of a 3 × 3 card must be: faces in the order they are first met."""
    squares: dict[str, list[str]] = {}
    for row, column, face in card.faces:
        squares.setdefault(face, []).append(square_name(row * SIDE + column))
    if len(squares) == 1 and len(next(iter(squares.values()))) == 1:
        ((face, (where,)),) = squares.items()
        if where == square_name(4):
            return _("{face} in the centre").format(face=face_name(face))
    return " · ".join(
        _("{face} at {squares}").format(face=face_name(face), squares=join_words(where))
        for face, where in squares.items()
    )


def card_words(card_id: int) -> str:
    """The card with its points: "“column: Tree, Bird” (1 point)"."""
    card = CARDS.get(card_id)
    if card is None:
        return "?"
    return _("{card} ({points})").format(card=card_name(card_id), points=points_words(card.points))


def join_words(words: Sequence[str]) -> str:
    """``"a, b and c"`` in the current language."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


__all__ = [
    "ANY",
    "CARDS",
    "CARD_IDS",
    "FACES",
    "FACE_NAMES",
    "HAND_SIZE",
    "OTHER_FACE",
    "PatternCard",
    "SIDE",
    "SKIP_DRAW",
    "SOLO_DECK",
    "SQUARES",
    "STONES",
    "card_name",
    "card_words",
    "face_name",
    "join_words",
    "points_words",
    "square_name",
]
