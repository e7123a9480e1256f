"""Tea Time position notation: one line of ``key=value`` fields; parse and format round-trip.

Example (2 players, round 2, turn 3: seat 0 to take one to three cards; Alice is on the
table's top-left place)::

    players=2 phase=play round=2 turn=3 first=0 active=0 table=AhCr/d.cP/Cm.p
    deck=P7,R8,C4,H5,M6,D6 collections=H2,M2,D2/p1,r1,c3,M1,D1 cancelled=H2

(on one line, fields separated by spaces). Cards are letters: ``P`` Caterpillar, ``R`` White
Rabbit, ``C`` Cheshire Cat, ``H`` Mad Hatter, ``M`` March Hare, ``D`` Dormouse — upper case for
the normal side, lower case for the mirror side — and ``A`` for Alice. The fields:

* ``players`` — 2 to 4 (default 2).
* ``phase`` — ``start`` (round 1's first player is being drawn), ``deal`` (the cards are being
  laid out), ``play`` or ``over`` (default ``play``).
* ``round`` — the round being played, from 1 (default 1).
* ``turn`` — the turn within the round, from 1; 0 while the cards are laid out. Default: 1
  while Alice is off the table, else 3 (one to three cards).
* ``first`` — the seat (from 0) that laid out this round, ``-`` before round 1's is drawn
  (default 0, or ``-`` in the ``start`` phase).
* ``active`` — whose turn it is, ``-`` outside play (default: ``first`` in play, else ``-``).
* ``table`` — the rows top to bottom, separated by ``/``, one letter per place left to right,
  ``.`` for an empty place. Sides alternate like a chessboard, the top-left place normal, so a
  card's case must match its place. Default: an empty table.
* ``deck`` — cards left per character, ``P8,R9,...`` (characters with none may be left out),
  or ``-`` for an empty deck. Default: every card not shown elsewhere.
* ``collections`` — per seat, separated by ``/``, comma-separated columns: ``P2`` two normal
  Caterpillars, ``m1`` one mirror March Hare, ``A`` Alice; ``-`` for nothing. Default: nothing.
* ``cancelled`` — cards that cancelled out of the game per character, ``C2``, or ``-``.
  Default: none, or when the deck is given, every card not shown elsewhere (so a late
  position may give just ``deck=-``).

Alice is where her ``A`` is: on the table or in one collection. Written nowhere she is with the
round's first player (in the ``start`` phase nobody holds her yet).

:func:`parse_position` accepts any subset of the fields, so tests can write short positions::

    parse_position("players=2 table=PrCh/mDhC/PrCh collections=c3/-")

Every parse error is a ``ValueError`` naming the field (and row and place) and what is wrong.
"""

from __future__ import annotations

from engine.notation_fields import DIGITS_LIMIT, Fields, check_per_seat, read_int
from engine.tea_time.rules import LAYOUTS, cards_per_character, rounds_for, side_at
from engine.tea_time.state import (
    ALICE,
    ALICE_CARD,
    CHARACTER_NAMES,
    CHARACTERS,
    Card,
    Column,
    Phase,
    Side,
    TeaTimeState,
)
from translation import _

FIELDS = (
    "players",
    "phase",
    "round",
    "turn",
    "first",
    "active",
    "table",
    "deck",
    "collections",
    "cancelled",
)
EMPTY_PLACE = "."


def _letter(card: Card) -> str:
    if card.is_alice:
        return ALICE
    return card.character if card.side == Side.NORMAL else card.character.lower()


def _seat(value) -> str:
    return "-" if value is None else str(value)


def _counts(counts: dict) -> str:
    return (
        ",".join(f"{character}{counts[character]}" for character in CHARACTERS if counts[character])
        or "-"
    )


def _collection(state: TeaTimeState, seat: int) -> str:
    entries = []
    for character in CHARACTERS:
        column = state.collections[seat][character]
        if column.normal:
            entries.append(f"{character}{column.normal}")
        if column.mirror:
            entries.append(f"{character.lower()}{column.mirror}")
    if state.alice == seat:
        entries.append(ALICE)
    return ",".join(entries) or "-"


def format_position(state: TeaTimeState) -> str:
    """The one-line notation of ``state`` (see the module docstring)."""
    table = "/".join(
        "".join(EMPTY_PLACE if card is None else _letter(card) for card in row)
        for row in state.table
    )
    fields = {
        "players": str(state.num_players),
        "phase": str(state.phase),
        "round": str(state.round),
        "turn": str(state.turn),
        "first": _seat(state.first_player),
        "active": _seat(state.active),
        "table": table,
        "deck": _counts(state.deck),
        "collections": "/".join(_collection(state, seat) for seat in range(state.num_players)),
        "cancelled": _counts(state.cancelled),
    }
    return " ".join(f"{name}={fields[name]}" for name in FIELDS)


# --- parsing ---------------------------------------------------------------------------------
def _count_list(name: str, value: str, where: str = "") -> dict:
    """``"P3,R1"`` as ``{letter: count}``; the letters are returned as written."""
    counts: dict = {}
    if value == "-":
        return counts
    for entry in value.split(","):
        letter, number = entry[:1], entry[1:]
        if not letter or not number.isdigit() or len(number) > DIGITS_LIMIT or int(number) == 0:
            raise ValueError(
                _("{field}: {text!r} is not a letter and a count above 0, e.g. P3.").format(
                    field=name + where, text=entry
                )
            )
        if letter in counts:
            raise ValueError(
                _("{field}: {text!r} is given twice.").format(field=name + where, text=letter)
            )
        counts[letter] = read_int(number, name + where)
    return counts


def _parse_table(value: str | None, rows: int, places: int) -> list:
    table: list[list[Card | None]] = [[None] * places for _ in range(rows)]
    if value is None:
        return table
    lines = value.split("/")
    if len(lines) != rows:
        raise ValueError(
            _(
                "table: {count} rows given, but the layout has {rows} rows of {places} places."
            ).format(count=len(lines), rows=rows, places=places)
        )
    for row, line in enumerate(lines):
        if len(line) != places:
            raise ValueError(
                _("table, row {row}: {count} places given, but each row has {places}.").format(
                    row=row + 1, count=len(line), places=places
                )
            )
        for column, letter in enumerate(line):
            where = _("table, row {row}, place {column}").format(row=row + 1, column=column + 1)
            if letter == EMPTY_PLACE:
                continue
            if letter == ALICE:
                table[row][column] = ALICE_CARD
                continue
            if letter.upper() not in CHARACTERS:
                raise ValueError(
                    _(
                        "{place}: {text!r} is not a card (P R C H M D, lower case for the mirror "
                        "side, A for Alice, . for an empty place)."
                    ).format(place=where, text=letter)
                )
            side = Side.NORMAL if letter.isupper() else Side.MIRROR
            if side != side_at(row, column):
                if side_at(row, column) == Side.NORMAL:
                    words = _(
                        "{place}: the card there shows its normal side (sides alternate like a "
                        "chessboard, the top left normal), so write it in upper case."
                    )
                else:
                    words = _(
                        "{place}: the card there shows its mirror side (sides alternate like a "
                        "chessboard, the top left normal), so write it in lower case."
                    )
                raise ValueError(words.format(place=where))
            table[row][column] = Card(letter.upper(), side)
    return table


def _parse_collections(value: str | None, players: int) -> tuple:
    """``(collections, holder of Alice or None)``."""
    collections = [{character: Column(0, 0) for character in CHARACTERS} for _ in range(players)]
    holder = None
    if value is None:
        return collections, holder
    seats = value.split("/")
    check_per_seat("collections", len(seats), players)
    for seat, text in enumerate(seats):
        where = _(", seat {seat}").format(seat=seat)
        if ALICE in text.split(","):
            holder = seat if holder is None else _twice_alice()
            text = ",".join(entry for entry in text.split(",") if entry != ALICE) or "-"
        for letter, count in _count_list("collections", text, where).items():
            character = letter.upper()
            if character not in CHARACTERS:
                raise ValueError(
                    _(
                        "{field}: {text!r} is not a character (P R C H M D, lower case for the "
                        "mirror side, A for Alice)."
                    ).format(field="collections" + where, text=letter)
                )
            column = collections[seat][character]
            collections[seat][character] = (
                Column(count, column.mirror) if letter.isupper() else Column(column.normal, count)
            )
    return collections, holder


def _twice_alice():
    raise ValueError(_("collections: Alice is in more than one collection."))


def _character_counts(name: str, value: str | None) -> dict | None:
    if value is None:
        return None
    counts = _count_list(name, value)
    for letter in counts:
        if letter not in CHARACTERS:
            raise ValueError(
                _("{field}: {text!r} is not a character letter (upper case P R C H M D).").format(
                    field=name, text=letter
                )
            )
    return {character: counts.get(character, 0) for character in CHARACTERS}


def _miscount(
    character: str, shown: int, deck: dict | None, players: int, total: int
) -> ValueError:
    if deck is None:
        words = _(
            "{character} cards: {shown} on the table, in collections and cancelled, but a game "
            "of {players} players has {total}."
        )
    else:
        words = _(
            "{character} cards: {shown} on the table, in collections and cancelled and {deck} "
            "in the deck, but a game of {players} players has {total}."
        )
    return ValueError(
        words.format(
            character=_(CHARACTER_NAMES[character]),
            shown=shown,
            deck=deck[character] if deck else 0,
            players=players,
            total=total,
        )
    )


def parse_position(text: str) -> TeaTimeState:
    """A state from the notation (see the module docstring); missing fields take defaults.

    Raises ``ValueError`` saying which field is wrong and how, e.g. ``"table, row 2, place 3:
    'x' is not a card ..."`` or a count of cards that does not add up.
    """
    fields = Fields(text, FIELDS, "players=2")
    players = fields.number("players", 2, 2, 4)
    rows, places = LAYOUTS[players]
    phase = Phase(fields.choice("phase", "play", [str(p) for p in Phase]))
    round_number = fields.number("round", 1, 1, rounds_for(players))
    table = _parse_table(fields.get("table"), rows, places)
    collections, holder = _parse_collections(fields.get("collections"), players)
    on_table = sum(1 for row in table for card in row if card is not None and card.is_alice)
    if on_table > 1:
        raise ValueError(_("table: Alice is on the table more than once."))
    if on_table and holder is not None:
        raise ValueError(_("Alice is both on the table and in a collection."))
    first = fields.seat("first", None if phase == Phase.START else 0, players)
    active = fields.seat("active", first if phase == Phase.PLAY else None, players)
    if holder is None and not on_table and phase != Phase.START:
        holder = first
    default_turn = (1 if not on_table else 3) if phase == Phase.PLAY else 0
    turn = fields.number("turn", default_turn, 0, 999)
    if phase == Phase.PLAY:
        if active is None:
            raise ValueError(_("active: a seat must be to move in the play phase."))
        if turn == 0:
            raise ValueError(_("turn: turns count from 1 in the play phase."))
        if not any(card is not None for row in table for card in row):
            raise ValueError(_("table: a turn needs cards on the table."))
        if turn == 1 and on_table:
            raise ValueError(
                _("turn: on turn 1 Alice is still in her holder's hand, not on the table.")
            )
    total = cards_per_character(players)
    shown = {character: 0 for character in CHARACTERS}
    for row in table:
        for card in row:
            if card is not None and not card.is_alice:
                shown[card.character] += 1
    for columns in collections:
        for character in CHARACTERS:
            shown[character] += columns[character].count
    deck = _character_counts("deck", fields.get("deck"))
    cancelled = _character_counts("cancelled", fields.get("cancelled"))
    if cancelled is None and deck is not None:  # the cards shown nowhere else cancelled
        cancelled = {
            character: total - shown[character] - deck[character] for character in CHARACTERS
        }
        for character, count in cancelled.items():
            if count < 0:
                raise _miscount(character, shown[character], deck, players, total)
            if count % 2:
                raise ValueError(
                    _(
                        "cancelled: {count} {character} cards are on neither the table, a "
                        "collection nor the deck, so they would have cancelled, but cards cancel "
                        "in pairs; give cancelled= or change the deck."
                    ).format(count=count, character=_(CHARACTER_NAMES[character]))
                )
    cancelled = cancelled or {character: 0 for character in CHARACTERS}
    for character, count in cancelled.items():
        if count % 2:
            raise ValueError(
                _(
                    "cancelled: {count} {character} cards; cards cancel in pairs, so the count "
                    "is even."
                ).format(count=count, character=_(CHARACTER_NAMES[character]))
            )
        shown[character] += count
    for character in CHARACTERS:
        if (
            deck is None
            and shown[character] > total
            or deck is not None
            and shown[character] + deck[character] != total
        ):
            raise _miscount(character, shown[character], deck, players, total)
    if deck is None:
        deck = {character: total - shown[character] for character in CHARACTERS}

    state = object.__new__(TeaTimeState)
    state.num_players = players
    state.phase = phase
    state.round = round_number
    state.turn = turn
    state.first_player = first
    state.active = active
    state.table = table
    state.deck = deck
    state.collections = collections
    state.alice = holder
    state.cancelled = cancelled
    state._legal = None
    return state


__all__ = ["FIELDS", "format_position", "parse_position"]
