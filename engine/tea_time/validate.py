"""Is a Tea Time position one the rules can reach and play on? ``GameSpec.validator``.

:func:`validate` takes a position's plain data (``TeaTimeState.to_dict()`` output: a save's
start, a paste after its notation was read, a network message) and raises
:class:`engine.core.InvalidPosition` with one sentence for the first thing wrong. It checks
what the contract test and Tea Time's random-game test check between steps (TT-D1, TT-D2,
TT-D9): every field's type and range, the layout of the seat count, each card on the side its
place shows, the cards of each character conserved with cancelled cards in pairs, Alice in
exactly one place, no column holding both sides, and the phase agreeing with the rest (who is
to move, the turn, an empty table between rounds). Call it through
:func:`engine.validation.check_position`, which adds the checks every game shares.
"""

from __future__ import annotations

from engine.tea_time.rules import LAYOUTS, cards_per_character, rounds_for, side_at
from engine.tea_time.state import ALICE, CHARACTER_NAMES, CHARACTERS, Phase, Side
from engine.validation import Checker, refuse
from translation import _

FIELDS = (
    "num_players",
    "phase",
    "round",
    "turn",
    "first_player",
    "active",
    "table",
    "deck",
    "collections",
    "alice",
    "cancelled",
)


def validate(data: dict) -> None:
    """Raise :class:`engine.core.InvalidPosition` unless ``data`` is a Tea Time position the
    rules can reach between two steps (see the module docstring)."""
    check = Checker
    check.mapping(data, "position", FIELDS)
    players = check.integer(data["num_players"], "num_players", 2, 4)
    phase = check.choice(data["phase"], "phase", [str(p) for p in Phase])
    rounds = rounds_for(players)
    round_number = check.integer(data["round"], "round", 1, rounds)
    rows, places = LAYOUTS[players]
    turn = check.integer(data["turn"], "turn", 0, rows * places + 1)
    first = check.seat_or_none(data["first_player"], "first_player", players)
    active = check.seat_or_none(data["active"], "active", players)
    alice = check.seat_or_none(data["alice"], "alice", players)
    table = check.sequence(data["table"], "table", rows)
    total = cards_per_character(players)
    shown = {character: 0 for character in CHARACTERS}
    alice_on_table = 0
    cards_on_table = 0
    filled_after_empty = False
    seen_empty = False
    for row, places_of_row in enumerate(table):
        check.sequence(places_of_row, f"table[{row}]", places)
        for column, cell in enumerate(places_of_row):
            where = f"table[{row}][{column}]"
            if cell is None:
                seen_empty = True
                continue
            filled_after_empty = filled_after_empty or seen_empty
            cards_on_table += 1
            check.sequence(cell, where, 2)
            character = check.choice(cell[0], where, (*CHARACTERS, ALICE))
            if character == ALICE:
                check.choice(cell[1], where, ("",))
                alice_on_table += 1
                continue
            side = check.choice(cell[1], where, [str(s) for s in Side])
            if side != side_at(row, column):
                refuse(
                    _(
                        "The card at row {row}, place {column} shows the wrong side: the sides "
                        "alternate like a chessboard, the top left normal."
                    ).format(row=row + 1, column=column + 1)
                )
            shown[character] += 1
    deck = check.mapping(data["deck"], "deck", CHARACTERS)
    cancelled = check.mapping(data["cancelled"], "cancelled", CHARACTERS)
    collections = check.sequence(data["collections"], "collections", players)
    for seat, columns in enumerate(collections):
        check.mapping(columns, f"collections[{seat}]", CHARACTERS)
        for character in CHARACTERS:
            field = f"collections[{seat}].{character}"
            normal, mirror = check.integers(columns[character], field, 0, total, 2)
            if normal and mirror:
                refuse(
                    _(
                        "Seat {seat} holds both sides of the {character}, which would have "
                        "cancelled."
                    ).format(seat=seat + 1, character=_(CHARACTER_NAMES[character]))
                )
            shown[character] += normal + mirror
    for character in CHARACTERS:
        name = _(CHARACTER_NAMES[character])
        in_deck = check.integer(deck[character], f"deck.{character}", 0, total)
        gone = check.integer(cancelled[character], f"cancelled.{character}", 0, total)
        if gone % 2:
            refuse(
                _("{count} {character} cards are cancelled, but cards cancel in pairs.").format(
                    count=gone, character=name
                )
            )
        if shown[character] + in_deck + gone != total:
            refuse(
                _(
                    "The {character} cards add up to {count}, but a game of {players} players "
                    "has {total}."
                ).format(
                    character=name,
                    count=shown[character] + in_deck + gone,
                    players=players,
                    total=total,
                )
            )
    places_of_alice = alice_on_table + (alice is not None)
    if places_of_alice != (0 if phase == Phase.START else 1):
        refuse(
            _("Alice is in {count} places; once the first player is drawn she is in one.").format(
                count=places_of_alice
            )
            if phase != Phase.START
            else _("Nobody holds Alice before the first player is drawn.")
        )
    deck_size = sum(deck.values())
    if phase == Phase.START:
        fresh = (
            round_number == 1
            and turn == 0
            and first is None
            and active is None
            and cards_on_table == 0
            and deck_size == total * len(CHARACTERS)
        )
        if not fresh:
            refuse(_("Before the first player is drawn, the game is as it was set up."))
        return
    if first is None:
        refuse(_("Once the first player is drawn, a round has a first player."))
    if phase == Phase.DEAL:
        if active is not None or turn != 0:
            refuse(_("While the cards are laid out, nobody is to move."))
        if filled_after_empty or cards_on_table == rows * places or deck_size == 0:
            refuse(
                _(
                    "While the cards are laid out, they fill the places row by row from the "
                    "deck, and the laying out stops once the places are full or the deck is "
                    "empty."
                )
            )
        return
    if phase == Phase.PLAY:
        if active is None or turn == 0 or cards_on_table == 0:
            refuse(_("In play, a seat is to move on a turn from 1, with cards on the table."))
        if active != (first + turn - 1) % players:
            refuse(
                _(
                    "On turn {turn} of a round the seat after the first player's {count} turns "
                    "is to move, not seat {seat}."
                ).format(turn=turn, count=turn - 1, seat=active + 1)
            )
        if turn == 1 and alice_on_table:
            refuse(_("On turn 1 of a round Alice is still with her holder, not on the table."))
        return
    if active is not None or cards_on_table:  # over
        refuse(_("A finished game has nobody to move and no card on the table."))
