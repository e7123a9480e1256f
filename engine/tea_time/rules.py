"""The rules of Tea Time, as ``docs/rules/tea_time.md`` states them.

Read this module top to bottom to learn the game: the components and set-up, the layout, a turn
and its lines, cancelling, the end of a round, scoring; then how moves are listed, checked and
applied, and how they read in plain words.

The game in one paragraph
-------------------------
Sixty **character cards** — ten each of the Caterpillar, the White Rabbit, the Cheshire Cat, the
Mad Hatter, the March Hare and the Dormouse — and **Alice**. Each round the first player lays out
a grid of cards (3 × 4 with 2 players, 4 × 4 with 3, 4 × 5 with 4) alternating **normal** and
**mirror** sides like a chessboard. On the first turn of a round the first player takes exactly
one card and puts Alice in its place; the next player takes one or two cards; from then on each
player takes one, two or three cards that lie **adjacent in a straight line** (row, column or
diagonal; an empty place breaks a line). Taken cards go to the taker's **collection**, one column
per character, keeping their side — but a player never holds both sides of a character: each
normal card meets a mirror card of its character and both **cancel** out of the game. When the
table is empty the round ends, and whoever took Alice lays out the next round. After 5 rounds
(2 players) or 3 (3–4 players) each column scores by its size — 0 → 5, 1 → 1, 2 → 3, 3 → 6,
4 → 10, 5 or more → 15 — and Alice is worth 4 to her holder, who also wins any tie.

How the rules change the state
------------------------------
The rules read the state to decide what happens, then :func:`emit` an event saying it; the
event's effect is written once, in :mod:`engine.tea_time.events`. So a step's events, applied
one by one, give the state after it. Every move is checked first (:func:`refusal` returns the
reason a player would read) and only then played, so a refused move changes nothing.

Decisions where the rules page is silent (docs/rules/tea_time.md)
------------------------------------------------------------
* TT-D1 the six characters (:data:`~engine.tea_time.state.CHARACTERS`).
* TT-D2 the layout's sides: a place at row r, column c shows its normal side when r + c is even
  (:func:`side_at`); each dealt card is a chance node weighted by the deck, dealt row by row.
* TT-D3 Alice stays on the table until taken; her holder at the end of a round goes first next
  round; her holder at the end of the game scores 4.
* TT-D4 a deck too small for the layout fills what it can (:func:`_deal_next`).
* TT-D5 tied players without Alice share the victory (:func:`winners`).
* TT-D6 turns are counted per round (:func:`most_cards`).
* TT-D7 with no card left to lay out when a round should start, the game ends there (never
  happens with the card counts of the rules) (:func:`_start_round`).
* TT-D8 a layout is rows × places per row: 3 rows of 4 with 2 players, 4 of 5 with 4
  (:data:`LAYOUTS`).
* TT-D9 cancelling is counted once the whole take has joined the collection: the smaller of
  the normal and mirror counts leaves in pairs (:func:`_cancel`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from engine.core import CHANCE, IllegalAction, emitter
from engine.tea_time.events import play_event
from engine.tea_time.state import (
    ALICE,
    CHARACTERS,
    EMPTY_COLUMN,
    AlicePlaced,
    Card,
    CardDealt,
    CardsCancelled,
    CardsTaken,
    DealCard,
    FirstPlayerChosen,
    GameEnded,
    Phase,
    PickFirstPlayer,
    RoundEnded,
    RoundStarted,
    Side,
    TakeCards,
    TeaTimeState,
    TurnStarted,
    cards_words,
    character_name,
    seat_name,
)
from translation import N_, _, ngettext

emit = emitter(play_event)


# ==========================================================================================
# Components and set-up (rules, Components and set-up; TT-D1)
# ==========================================================================================
CARDS_PER_CHARACTER = 10
REMOVED_WITH_THREE = 2
"""With 3 players, 2 cards of each character stay in the box (48 cards in play)."""

LAYOUTS = {2: (3, 4), 3: (4, 4), 4: (4, 5)}
"""Rows and places per row of the table, by number of players (TT-D8)."""

ROUNDS = {2: 5, 3: 3, 4: 3}
"""How many rounds a game lasts, by number of players."""


def cards_per_character(num_players: int) -> int:
    """Character cards of each character in play: 10, or 8 with 3 players."""
    return CARDS_PER_CHARACTER - (REMOVED_WITH_THREE if num_players == 3 else 0)


def rounds_for(num_players: int) -> int:
    """5 rounds with 2 players, 3 with 3 or 4."""
    return ROUNDS[num_players]


def full_deck(num_players: int) -> dict:
    """The deck at set-up: ``{character: 10}`` (8 each with 3 players); Alice is not in it."""
    return {character: cards_per_character(num_players) for character in CHARACTERS}


def setup(state: TeaTimeState, num_players: int) -> None:
    """Fill the new ``state`` with a game for ``num_players`` (2–4): the deck full, the table
    empty, no collections; a chance node picks round 1's first player, who receives Alice.
    Raises ``ValueError`` for another player count."""
    if num_players not in LAYOUTS:
        raise ValueError(
            _("Tea Time is played by 2 to 4 players, not {count}.").format(count=num_players)
        )
    rows, places = LAYOUTS[num_players]
    state.num_players = num_players
    state.phase = Phase.START
    state.round = 1
    state.turn = 0
    state.first_player = None
    state.active = None
    state.table = [[None] * places for _ in range(rows)]
    state.deck = full_deck(num_players)
    state.collections = [
        {character: EMPTY_COLUMN for character in CHARACTERS} for _ in range(num_players)
    ]
    state.alice = None
    state.cancelled = {character: 0 for character in CHARACTERS}
    state._legal = None


def _pick_first_player(state: TeaTimeState, player: int, events: list) -> None:
    """Round 1's random first player receives Alice and lays out the first round."""
    emit(state, events, FirstPlayerChosen(player))
    _start_round(state, 1, player, events)


# ==========================================================================================
# The layout (rules, Components and set-up; TT-D2, TT-D4, TT-D7)
# ==========================================================================================
def side_at(row: int, column: int) -> str:
    """TT-D2: the layout alternates sides like a chessboard, the top-left place normal: a card
    at ``(row, column)`` shows its normal side when row + column is even."""
    return Side.NORMAL if (row + column) % 2 == 0 else Side.MIRROR


def deck_size(state: TeaTimeState) -> int:
    """Cards left in the deck."""
    return sum(state.deck.values())


def _start_round(state: TeaTimeState, round_number: int, first_player: int, events: list) -> None:
    """The first player lays out round ``round_number``: the table is dealt card by card
    (chance nodes) from the deck. TT-D7: with no card left the game ends instead."""
    if deck_size(state) == 0:
        _end_game(state, events)
        return
    emit(state, events, RoundStarted(round_number, rounds_for(state.num_players), first_player))


def next_place(state: TeaTimeState) -> tuple | None:
    """Where the next card is laid out: the first empty place row by row, or None when the
    layout is full."""
    for row, places in enumerate(state.table):
        for column, card in enumerate(places):
            if card is None:
                return (row, column)
    return None


def chance_outcomes(state: TeaTimeState) -> list:
    """``[(action, probability), ...]``: round 1's first player (each seat alike), or the next
    card laid out (each character by its share of the deck, TT-D2); ``[]`` otherwise."""
    if state.phase == Phase.START:
        return [(PickFirstPlayer(seat), 1 / state.num_players) for seat in range(state.num_players)]
    if state.phase != Phase.DEAL:
        return []
    left = deck_size(state)
    return [
        (DealCard(character), state.deck[character] / left)
        for character in CHARACTERS
        if state.deck[character]
    ]


def _deal_next(state: TeaTimeState, character: str, events: list) -> None:
    """Lay a ``character`` card at the next place, on the side the place shows (TT-D2). When
    the layout is full — or TT-D4 the deck runs out first — the first player takes turn 1."""
    place, first_player = next_place(state), state.first_player
    assert place is not None and first_player is not None, "dealing is into a round's layout"
    row, column = place
    emit(state, events, CardDealt(row, column, character, side_at(row, column)))
    if next_place(state) is None or deck_size(state) == 0:
        _start_turn(state, first_player, 1, events)


# ==========================================================================================
# A turn and its lines (rules, A round; TT-D6)
# ==========================================================================================
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
"""The four straight directions a line may run in: along a row, down a column, and the two
diagonals. Each goes forward in reading order, so a line's places listed top to bottom, left to
right follow one of them."""


def most_cards(turn: int) -> int:
    """How many cards turn ``turn`` of a round may take (TT-D6: counted per round): exactly
    one on turn 1, one or two on turn 2, one to three from turn 3 on."""
    return min(turn, 3)


def _start_turn(state: TeaTimeState, player: int, turn: int, events: list) -> None:
    emit(state, events, TurnStarted(player, turn, most_cards(turn)))


def line_direction(cells: Sequence[tuple]) -> tuple | None:
    """The direction of ``cells`` (sorted places) if they lie in a straight line with no place
    between them, whatever lies there; ``(0, 0)`` for a single place; else None."""
    if len(cells) == 1:
        return (0, 0)
    (row, column), (next_row, next_column) = cells[0], cells[1]
    step = (next_row - row, next_column - column)
    if step not in DIRECTIONS:
        return None
    for (row, column), (next_row, next_column) in zip(cells, cells[1:]):
        if (next_row - row, next_column - column) != step:
            return None
    return step


def _in_one_line(cells: Sequence[tuple]) -> bool:
    """Whether sorted ``cells`` lie on one row, column or diagonal (gaps allowed)."""
    rows = {row for row, _ in cells}
    columns = {column for _, column in cells}
    return (
        len(rows) == 1
        or len(columns) == 1
        or len({row - column for row, column in cells}) == 1
        or len({row + column for row, column in cells}) == 1
    )


def lines(state: TeaTimeState, most: int) -> list:
    """Every line of 1 to ``most`` cards on the table, as sorted place tuples: single cards in
    reading order, then pairs, then threes (each by its first place, then direction). Places
    must all hold a card (Alice included): an empty place breaks a line."""
    table = state.table
    rows, places = len(table), len(table[0]) if table else 0
    occupied = [
        (row, column)
        for row in range(rows)
        for column in range(places)
        if table[row][column] is not None
    ]
    found: list[tuple[tuple[int, int], ...]] = [(cell,) for cell in occupied]
    for length in range(2, most + 1):
        for row, column in occupied:
            for step_row, step_column in DIRECTIONS:
                end_row = row + step_row * (length - 1)
                end_column = column + step_column * (length - 1)
                if not (0 <= end_row < rows and 0 <= end_column < places):
                    continue
                cells = tuple((row + step_row * k, column + step_column * k) for k in range(length))
                if all(table[r][c] is not None for r, c in cells):
                    found.append(cells)
    return found


def _take_refusal(state: TeaTimeState, action: TakeCards) -> str | None:
    """Why the current player may not take ``action.cells`` now, or None."""
    cells = action.cells
    if not isinstance(cells, tuple) or not all(
        isinstance(cell, tuple)
        and len(cell) == 2
        and all(isinstance(x, int) and not isinstance(x, bool) for x in cell)
        for cell in cells
    ):
        return _("Name each card by its row and column on the table.")
    if not cells:
        return _("Every turn takes at least one card.")
    most = most_cards(state.turn)
    if len(cells) > most:
        if state.turn == 1:
            return _("The first turn of a round takes exactly one card; Alice goes in its place.")
        if state.turn == 2:
            return _("The second turn of a round takes one or two cards.")
        return _("A turn takes at most three cards.")
    if len(set(cells)) != len(cells):
        return _("Each card can be taken only once.")
    for row, column in cells:
        if not (0 <= row < state.rows and 0 <= column < state.columns):
            return _("The table has no place at row {row}, column {column}.").format(
                row=row + 1, column=column + 1
            )
        if state.table[row][column] is None:
            return _("The place at row {row}, column {column} is empty.").format(
                row=row + 1, column=column + 1
            )
    if line_direction(cells) is None:
        if _in_one_line(cells):
            return _(
                "The cards must be next to each other: two cards with a place between "
                "them are not adjacent."
            )
        return _("The cards must lie in a straight line: along a row, a column or a diagonal.")
    if state.turn == 1 and state.table[cells[0][0]][cells[0][1]].is_alice:
        return _("The first turn takes a character card, and Alice goes in its place.")
    return None


def _take(state: TeaTimeState, cells: tuple, events: list) -> None:
    """The active player takes the cards at ``cells`` into their collection; on turn 1 Alice
    goes in the taken card's place; then cancelling; then the next turn or the round's end."""
    player = state.active
    assert player is not None, "a take is in a player's turn"
    cards = tuple(state.table[row][column] for row, column in cells)
    emit(
        state,
        events,
        CardsTaken(player, cells, tuple((card.character, str(card.side)) for card in cards)),
    )
    if state.turn == 1:
        row, column = cells[0]
        emit(state, events, AlicePlaced(player, row, column))
    _cancel(state, player, events)
    if state.cards_on_table() == 0:
        _end_round(state, events)
    else:
        _start_turn(state, (player + 1) % state.num_players, state.turn + 1, events)


# ==========================================================================================
# Cancelling (rules, A round)
# ==========================================================================================
def _cancel(state: TeaTimeState, player: int, events: list) -> None:
    """A player never holds both sides of a character: each normal card cancels one mirror card
    of the same character and both leave the game, as many pairs as there are (so with three
    normal Cheshire Cats, taking a mirror one leaves two normal). TT-D9: counted once the whole
    take has joined the collection, the pairs are the smaller of the two counts, whatever order
    the cards came in."""
    for character in CHARACTERS:
        normal, mirror = state.collections[player][character]
        pairs = min(normal, mirror)
        if pairs:
            left = normal + mirror - 2 * pairs
            side = Side.NORMAL if normal > mirror else Side.MIRROR if mirror > normal else ""
            emit(state, events, CardsCancelled(player, character, pairs, left, str(side)))


# ==========================================================================================
# The end of a round (rules, A round; TT-D3)
# ==========================================================================================
def _end_round(state: TeaTimeState, events: list) -> None:
    """The table is empty: the round is over. Whoever took Alice goes first next round and lays
    it out (TT-D3); after the last round the game is scored."""
    holder = state.alice if state.alice is not None else state.first_player
    assert holder is not None, "a round that ends has a first player"
    emit(state, events, RoundEnded(state.round, holder))
    if state.round >= rounds_for(state.num_players):
        _end_game(state, events)
    else:
        _start_round(state, state.round + 1, holder, events)


# ==========================================================================================
# Scoring (rules, End and score; TT-D5)
# ==========================================================================================
COLUMN_POINTS = (5, 1, 3, 6, 10, 15)
"""Points of a column by its number of cards: 0 → 5, 1 → 1, 2 → 3, 3 → 6, 4 → 10, 5+ → 15."""

ALICE_POINTS = 4


def column_points(count: int) -> int:
    """What a character column of ``count`` cards scores (an empty one beats 1 or 2 cards)."""
    return COLUMN_POINTS[min(count, len(COLUMN_POINTS) - 1)]


def total_points(state: TeaTimeState, player: int) -> int:
    """The seat's score if the game ended now: every column, plus 4 for holding Alice."""
    columns = state.collections[player]
    total = sum(column_points(columns[character].count) for character in CHARACTERS)
    return total + (ALICE_POINTS if state.alice == player else 0)


class HoldsAlice(Protocol):
    """What :func:`winners` reads of a position: the seat holding Alice, or None."""

    @property
    def alice(self) -> int | None: ...


def winners(state: HoldsAlice, totals: Sequence[int]) -> list:
    """The seats with the highest total; among tied seats the one holding Alice wins alone,
    else the tie is shared (TT-D5)."""
    best = max(totals)
    tied = [seat for seat, total in enumerate(totals) if total == best]
    if len(tied) > 1 and state.alice in tied:
        return [state.alice]
    return tied


def score_sheet(state: TeaTimeState) -> dict:
    """The score sheet (shape in engine/core.py): per seat the points of each character column,
    Alice, and the total; the winners (TT-D5). Before the end it shows the score if the game
    ended now. Extra key ``"cards"``: each seat's cards per column, in character order."""
    names = [character_name(character) for character in CHARACTERS]
    rows, cards = [], []
    for player in range(state.num_players):
        columns = state.collections[player]
        points = [column_points(columns[character].count) for character in CHARACTERS]
        alice = ALICE_POINTS if state.alice == player else 0
        rows.append(points + [alice, sum(points) + alice])
        cards.append([columns[character].count for character in CHARACTERS])
    totals = [row[-1] for row in rows]
    best = winners(state, totals)
    notes = []
    tied = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if len(tied) > 1:
        if len(best) == 1:
            notes.append(
                _("{name} holds Alice and wins the tie.").format(
                    name=_("Player {number}").format(number=best[0] + 1)
                )
            )
        else:
            notes.append(_("Tied players share the victory."))
    return {
        "columns": names + [_("Alice"), _("Total")],
        "rows": rows,
        "winners": best,
        "notes": notes,
        "cards": cards,
    }


def _end_game(state: TeaTimeState, events: list) -> None:
    totals = tuple(total_points(state, player) for player in range(state.num_players))
    emit(state, events, GameEnded(tuple(winners(state, totals)), totals))


# ==========================================================================================
# Moves: listing, checking and applying them
# ==========================================================================================
def legal_actions(state: TeaTimeState) -> list:
    """The current player's lines of 1 to :func:`most_cards` cards (see :func:`lines`), as
    :class:`TakeCards`; on turn 1 only single character cards. ``[]`` when nobody is to move."""
    if state.phase != Phase.PLAY:
        return []
    if state.turn == 1:
        return [
            TakeCards(cells)
            for cells in lines(state, 1)
            if not state.table[cells[0][0]][cells[0][1]].is_alice
        ]
    return [TakeCards(cells) for cells in lines(state, most_cards(state.turn))]


def _chance_refusal(state: TeaTimeState, action) -> str | None:
    """Why a chance outcome cannot happen now (tests and replays pick outcomes by hand)."""
    if state.current_player() != CHANCE:
        return _("Nothing is left to chance right now.")
    if isinstance(action, PickFirstPlayer):
        if state.phase != Phase.START:
            return _("The first player is already chosen.")
        if action.player not in range(state.num_players):
            return _("There is no player {number}.").format(number=action.player + 1)
        return None
    if state.phase != Phase.DEAL:
        return _("No card is being laid out now.")
    if action.character not in CHARACTERS or state.deck[action.character] <= 0:
        return _("The deck holds no such card.")
    return None


def refusal(state: TeaTimeState, action) -> str | None:
    """Why ``action`` is illegal now, in plain words naming the rule, or None if it is legal."""
    if isinstance(action, (PickFirstPlayer, DealCard)):
        return _chance_refusal(state, action)
    if state.phase == Phase.OVER:
        return _("The game is over.")
    if state.phase != Phase.PLAY:
        return _("Wait for the cards to be laid out.")
    if isinstance(action, TakeCards):
        return _take_refusal(state, action)
    return _("Tea Time has no such move.")


def apply_action(state: TeaTimeState, action) -> list:
    """Check ``action`` and apply it; return the events. Raises :class:`IllegalAction` (with the
    state unchanged) when :func:`refusal` gives a reason."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    events: list = []
    if isinstance(action, PickFirstPlayer):
        _pick_first_player(state, action.player, events)
    elif isinstance(action, DealCard):
        _deal_next(state, action.character, events)
    else:
        _take(state, action.cells, events)
    return events


# ==========================================================================================
# Plain words
# ==========================================================================================
def describe_line(cells: Sequence[tuple]) -> str:
    """Where a line lies, counted from 1: "row 2, column 3", "row 1, columns 2–4",
    "column 2, rows 1–2", "diagonal from row 1, column 1 to row 3, column 3"."""
    (first_row, first_column), (last_row, last_column) = cells[0], cells[-1]
    if len(cells) == 1:
        return _("row {row}, column {column}").format(row=first_row + 1, column=first_column + 1)
    if first_row == last_row:
        return _("row {row}, columns {first}–{last}").format(
            row=first_row + 1, first=first_column + 1, last=last_column + 1
        )
    if first_column == last_column:
        return _("column {column}, rows {first}–{last}").format(
            column=first_column + 1, first=first_row + 1, last=last_row + 1
        )
    return _(
        "diagonal from row {row}, column {column} to row {last_row}, column {last_column}"
    ).format(
        row=first_row + 1,
        column=first_column + 1,
        last_row=last_row + 1,
        last_column=last_column + 1,
    )


LAY_OUT = {
    "P": N_("Lay out a Caterpillar"),
    "R": N_("Lay out a White Rabbit"),
    "C": N_("Lay out a Cheshire Cat"),
    "H": N_("Lay out a Mad Hatter"),
    "M": N_("Lay out a March Hare"),
    "D": N_("Lay out a Dormouse"),
}
"""Laying out each character's card, a whole sentence each: the article agrees with the name
(Spanish «una Oruga», «un Lirón»)."""


def describe_action(state: TeaTimeState, action, names: Sequence[str] | None = None) -> str:
    """``action`` in plain words, e.g. "Take a normal March Hare and a mirror Dormouse (row 1,
    columns 2–3)" or, on a round's first turn, "Take a normal Dormouse (row 2, column 1) and
    put Alice in its place"."""
    if isinstance(action, PickFirstPlayer):
        return _("{name} goes first").format(name=seat_name(names, action.player))
    if isinstance(action, DealCard):
        if action.character not in LAY_OUT:
            return _("Lay out a card")
        return _(LAY_OUT[action.character])
    if not isinstance(action, TakeCards) or not _names_cards(state, action.cells):
        return _("Take cards")
    cards = [state.table[row][column] for row, column in action.cells]
    # the count chooses the form where a language says "card" or "cards" (Russian)
    if state.turn == 1:
        words = ngettext(
            "Take {cards} ({line}) and put Alice in its place",
            "Take {cards} ({line}) and put Alice in its place",
            len(cards),
        )
    else:
        words = ngettext("Take {cards} ({line})", "Take {cards} ({line})", len(cards))
    return words.format(cards=cards_words(cards), line=describe_line(action.cells))


def _names_cards(state: TeaTimeState, cells) -> bool:
    """Whether every one of ``cells`` is a place of the table holding a card."""
    try:
        return bool(cells) and all(
            0 <= row < state.rows
            and 0 <= column < state.columns
            and state.table[row][column] is not None
            for row, column in cells
        )
    except (TypeError, ValueError):
        return False


__all__ = [
    "ALICE",
    "Card",
    "cards_per_character",
    "column_points",
    "describe_action",
    "legal_actions",
    "lines",
    "most_cards",
    "rounds_for",
    "side_at",
    "total_points",
    "winners",
]
