"""Tea Time: the position, the actions players (and chance) take, and the events they cause.

The rules themselves live in :mod:`engine.tea_time.rules`; each event's effect on the position is
written once, in :mod:`engine.tea_time.events`. This module holds the data.

Terms follow ``docs/rules/tea_time.md``: 60 **character cards** (6 characters × 10, TT-D1) and
**Alice**; each character card shows its **normal side** or its **mirror side**; the **table** is
the grid of cards in the middle; a **line** is 1–3 adjacent cards in a row, column or diagonal;
each player's **collection** keeps one column per character; a normal and a mirror card of one
character **cancel** each other. The **deck** is a multiset (counts per character): which card
comes next is a chance node, never a hidden order.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.core import CHANCE, TERMINAL, Action, Event, StrEnum
from engine.core import TurnStarted as BaseTurnStarted
from translation import N_, _, ngettext

# ------------------------------------------------------------------------------------------
# Components (rules, Components and set-up; TT-D1)
# ------------------------------------------------------------------------------------------
CHARACTERS = ("P", "R", "C", "H", "M", "D")
"""The six characters by letter, in the order of a collection's columns (TT-D1): the
Caterpillar, the White Rabbit, the Cheshire Cat, the Mad Hatter, the March Hare, the Dormouse."""

CHARACTER_NAMES = {
    "P": N_("Caterpillar"),
    "R": N_("White Rabbit"),
    "C": N_("Cheshire Cat"),
    "H": N_("Mad Hatter"),
    "M": N_("March Hare"),
    "D": N_("Dormouse"),
}
"""The characters' names in English; a player reads :func:`character_name`."""
CHARACTER_PLURALS = {
    "P": N_("Caterpillars"),
    "R": N_("White Rabbits"),
    "C": N_("Cheshire Cats"),
    "H": N_("Mad Hatters"),
    "M": N_("March Hares"),
    "D": N_("Dormice"),
}

ALICE = "A"
"""Alice's letter; she is one card with a single face."""


class Side(StrEnum):
    """The side a character card shows: it keeps it from the table to the collection."""

    NORMAL = "normal"
    MIRROR = "mirror"


class Phase(StrEnum):
    """Where the game is: choosing the first player, laying out a round, playing it, over."""

    START = "start"  # chance: a random first player for round 1 receives Alice
    DEAL = "deal"  # chance: the first player lays out the round's cards, row by row
    PLAY = "play"  # a player's turn: take a line of cards
    OVER = "over"  # the last round has ended and the game is scored


class Card(NamedTuple):
    """A card on the table or taken: ``character`` is a letter of :data:`CHARACTERS` and
    ``side`` a :class:`Side`; Alice is :data:`ALICE_CARD` (her side is "")."""

    character: str
    side: str

    @property
    def is_alice(self) -> bool:
        return self.character == ALICE


ALICE_CARD = Card(ALICE, "")


@dataclass(frozen=True, slots=True)
class Column:
    """One character's column in a collection: how many ``normal`` and ``mirror`` cards.

    Between turns one of the two is always 0 (a player never holds both sides); both are
    non-zero only between a take and the cancelling that follows it in the same step.
    It unpacks as ``normal, mirror = column``. (Not a NamedTuple: ``count`` would hide
    ``tuple.count``.)
    """

    normal: int
    mirror: int

    def __iter__(self) -> Iterator[int]:
        return iter((self.normal, self.mirror))

    @property
    def count(self) -> int:
        """Cards in the column (what scoring counts)."""
        return self.normal + self.mirror

    @property
    def side(self) -> str | None:
        """The side the column holds, or None when it is empty."""
        if self.normal:
            return Side.NORMAL
        if self.mirror:
            return Side.MIRROR
        return None

    def plus(self, side: str, count: int = 1) -> Column:
        """This column with ``count`` cards of ``side`` added."""
        if side == Side.NORMAL:
            return Column(self.normal + count, self.mirror)
        return Column(self.normal, self.mirror + count)


EMPTY_COLUMN = Column(0, 0)


def character_name(character: str) -> str:
    """The character's name in the current language ("Cheshire Cat")."""
    return _(CHARACTER_NAMES[character])


def card_name(card: Card, count: int = 1) -> str:
    """A card (or ``count`` equal cards) with its side said plainly: "a mirror Cheshire Cat",
    "a normal Dormouse", "2 mirror Mad Hatters", "Alice"; in the current language."""
    if card.is_alice:
        return _("Alice")
    if card.side == Side.MIRROR:
        words = ngettext("a mirror {character}", "{count} mirror {characters}", count)
    else:
        words = ngettext("a normal {character}", "{count} normal {characters}", count)
    return words.format(
        count=count,
        character=character_name(card.character),
        characters=_(CHARACTER_PLURALS[card.character]),
    )


def cards_words(cards: Sequence[Card]) -> str:
    """The cards of a take in words, equal ones together in the order they first come:
    "a normal Caterpillar, 2 mirror Mad Hatters and Alice"."""
    counts: dict = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return join_words([card_name(card, count) for card, count in counts.items()])


def join_words(words: Sequence[str]) -> str:
    """``"a, b and c"`` in the current language."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


def seat_name(names: Sequence[str] | None, seat: int | None) -> str:
    """The seat's name from ``names``, "Player N" beyond them, "Nobody" for no seat."""
    if seat is None or seat < 0:
        return _("Nobody")
    if names and seat < len(names):
        return names[seat]
    return _("Player {number}").format(number=seat + 1)


_who = seat_name


# ------------------------------------------------------------------------------------------
# Chance outcomes (listed by ``chance_outcomes``)
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PickFirstPlayer(Action):
    """Chance: seat ``player`` is the random first player of round 1 and receives Alice."""

    player: int


@dataclass(frozen=True)
class DealCard(Action):
    """Chance: the next card laid out is a ``character`` card (its side comes from its place,
    TT-D2); each character is as likely as its share of the deck."""

    character: str


# ------------------------------------------------------------------------------------------
# The player's decision
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeCards(Action):
    """Take the cards at ``cells``, a tuple of ``(row, column)`` places counted from 0 at the
    top left: 1 to 3 adjacent places in a straight line (rules, A round).

    The places are kept sorted top to bottom, left to right, so a line is one action whichever
    end it is given from: ``TakeCards(((1, 1), (0, 0))) == TakeCards(((0, 0), (1, 1)))``.
    """

    cells: tuple

    def __post_init__(self):
        try:
            ordered = tuple(sorted(tuple(cell) for cell in self.cells))
        except TypeError:
            return  # not places at all: the rules refuse it with a reason
        object.__setattr__(self, "cells", ordered)


ACTION_CLASSES = (PickFirstPlayer, DealCard, TakeCards)


# ------------------------------------------------------------------------------------------
# Events
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """Seat ``player`` goes first in round 1 and receives Alice."""

    player: int

    def text(self, names):
        return _("{name} was drawn to go first and received Alice.").format(
            name=_who(names, self.player)
        )


@dataclass(frozen=True)
class RoundStarted(Event):
    """Round ``round`` (of ``rounds``) begins: ``first_player`` lays out the table."""

    round: int
    rounds: int
    first_player: int

    def text(self, names):
        return _("Round {round} of {rounds}: {name} laid out the cards.").format(
            round=self.round, rounds=self.rounds, name=_who(names, self.first_player)
        )


@dataclass(frozen=True)
class CardDealt(Event):
    """A ``character`` card came from the deck to place ``(row, column)``, showing ``side``."""

    row: int
    column: int
    character: str
    side: str

    def text(self, names):
        return ""  # twelve to twenty of these each round: the table shows them


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    """``player`` starts turn ``turn`` of the round and may take up to ``most`` cards. The log
    says the limit only on the round's first two turns (TT-D6), where it differs from the
    usual 1 to 3: said at every turn it nearly doubled the log (a play-test)."""

    player: int
    turn: int
    most: int

    def text(self, names):
        who = _who(names, self.player)
        if self.turn == 1:
            return _("{name} plays: take one card and put Alice in its place.").format(name=who)
        if self.most == 1:
            return _("{name} plays: take 1 card.").format(name=who)
        if self.most < 3:
            return _("{name} plays: take 1 to {count} cards in a line.").format(
                name=who, count=self.most
            )
        return _("{name} plays.").format(name=who)


@dataclass(frozen=True)
class CardsTaken(Event):
    """``player`` took the cards at ``cells`` (``(row, column)`` pairs), which were ``cards``
    (``(character, side)`` pairs in the same order; Alice is ``("A", "")``)."""

    player: int
    cells: tuple
    cards: tuple

    def text(self, names):
        taken = cards_words([Card(*card) for card in self.cards])
        return _("{name} took {cards}.").format(name=_who(names, self.player), cards=taken)


@dataclass(frozen=True)
class AlicePlaced(Event):
    """On the first turn of a round, ``player`` put Alice at ``(row, column)``, the place of
    the card just taken."""

    player: int
    row: int
    column: int

    def text(self, names):
        return _("{name} put Alice in its place.").format(name=_who(names, self.player))


@dataclass(frozen=True)
class CardsCancelled(Event):
    """``pairs`` normal and mirror ``character`` cards of ``player`` cancelled each other and
    left the game; ``left`` cards of side ``side_left`` remain ("" when none)."""

    player: int
    character: str
    pairs: int
    left: int
    side_left: str

    def text(self, names):
        who = _who(names, self.player)
        pairs = ngettext(
            "{name} discarded {count} normal and {count} mirror {character}, which cancelled "
            "each other",
            "{name} discarded {count} normal and {count} mirror {characters}, which cancelled "
            "each other",
            self.pairs,
        ).format(
            name=who,
            count=self.pairs,
            character=character_name(self.character),
            characters=_(CHARACTER_PLURALS[self.character]),
        )
        if not self.left:
            return _("{pairs}; none remain.").format(pairs=pairs)
        if self.side_left == Side.MIRROR:
            remain = ngettext(
                "{pairs}; {count} mirror card remains.",
                "{pairs}; {count} mirror cards remain.",
                self.left,
            )
        else:
            remain = ngettext(
                "{pairs}; {count} normal card remains.",
                "{pairs}; {count} normal cards remain.",
                self.left,
            )
        return remain.format(pairs=pairs, count=self.left)


@dataclass(frozen=True)
class RoundEnded(Event):
    """The table is empty: round ``round`` is over; ``alice_holder`` took Alice and goes first
    next round (TT-D3)."""

    round: int
    alice_holder: int

    def text(self, names):
        return _("Round {round} is over: the table is empty. {name} holds Alice.").format(
            round=self.round, name=_who(names, self.alice_holder)
        )


@dataclass(frozen=True)
class GameEnded(Event):
    """The last round is over: ``totals`` per seat, ``winners`` the seats who won."""

    winners: tuple
    totals: tuple

    def text(self, names):
        who = join_words([_who(names, seat) for seat in self.winners])
        best = max(self.totals) if self.totals else 0
        if len(self.winners) == 1:
            words = ngettext(
                "Game over: {names} wins with {count} point.",
                "Game over: {names} wins with {count} points.",
                best,
            )
        else:
            words = ngettext(
                "Game over: {names} share the victory with {count} point.",
                "Game over: {names} share the victory with {count} points.",
                best,
            )
        return words.format(names=who, count=best)


EVENT_CLASSES = (
    FirstPlayerChosen,
    RoundStarted,
    CardDealt,
    TurnStarted,
    CardsTaken,
    AlicePlaced,
    CardsCancelled,
    RoundEnded,
    GameEnded,
)


# ------------------------------------------------------------------------------------------
# The state
# ------------------------------------------------------------------------------------------
class TeaTimeState:
    """A Tea Time position, on the engine contract (engine/core.py, GameState).

    Fields (all public, plain data; change them only through events):

    * ``num_players`` (2–4);
    * ``phase``: a :class:`Phase`;
    * ``round``: the round being played (1-based); ``turn``: the turn within the round
      (TT-D6; 0 while the cards are laid out);
    * ``first_player``: who laid out this round (``None`` before round 1's is drawn);
    * ``active``: whose turn it is (``None`` outside play);
    * ``table``: rows of places, each a :class:`Card` or ``None`` when empty;
    * ``deck``: ``{character: cards left}``, a multiset with no order;
    * ``collections``: per seat ``{character: Column}``;
    * ``alice``: the seat holding Alice, or ``None`` while she is on the table (or before
      round 1's first player is drawn);
    * ``cancelled``: ``{character: cards}`` that left the game by cancelling.

    Build one with :func:`engine.tea_time.rules.new_game` or the notation.
    """

    __slots__ = (
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
        "_legal",
    )
    num_players: int
    phase: Phase
    round: int
    turn: int
    first_player: int | None
    active: int | None
    table: list[list[Card | None]]
    deck: dict[str, int]
    collections: list[dict[str, Column]]
    alice: int | None
    cancelled: dict[str, int]
    _legal: list[Action] | None

    def __init__(self, num_players: int):
        rules.setup(self, num_players)

    # --- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to take cards, CHANCE (first player, dealing) or TERMINAL."""
        phase = self.phase
        if phase == Phase.PLAY:
            assert self.active is not None, "a turn always has a player (rules._start_turn)"
            return self.active
        if phase == Phase.OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        return self.phase == Phase.OVER

    def legal_actions(self) -> list:
        """The current player's lines, in a stable order (rules.legal_actions); cached until
        the next event."""
        if self._legal is None:
            self._legal = rules.legal_actions(self)
        return list(self._legal)

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node, else ``[]``."""
        return rules.chance_outcomes(self)

    def apply_action(self, action: Action) -> list:
        """Apply ``action`` and return the events; raises IllegalAction (state unchanged)."""
        return rules.apply_action(self, action)

    def returns(self) -> list:
        """1.0 for each winner, 0.0 for the others."""
        winners = set(self.score_sheet()["winners"])
        return [1.0 if seat in winners else 0.0 for seat in range(self.num_players)]

    def score_sheet(self) -> dict:
        """The score sheet (engine/core.py GameState docstring), see rules.score_sheet."""
        return rules.score_sheet(self)

    def observation(self, player: int) -> TeaTimeState:
        """Tea Time hides nothing: the deck is a public multiset whose order does not exist
        until a card is dealt. A copy of the state."""
        return self.clone()

    def action_to_string(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The action in plain words, e.g. "Take the March Hare (row 1, column 2)"."""
        return rules.describe_action(self, action, names)

    def round_of_rounds(self) -> tuple[int, int]:
        """``(round, rounds)``: the round being played (1 before the first is laid out) and
        how many the game has (the load list says "round 2 of 5", as the table does)."""
        return max(self.round, 1), self.rounds

    def turn_owner(self) -> int:
        """Whose turn this is; while cards are laid out, the round's first player."""
        if self.active is not None:
            return self.active
        return self.first_player if self.first_player is not None else 0

    # --- copies and plain data -----------------------------------------------------------
    def clone(self) -> TeaTimeState:
        copy = object.__new__(TeaTimeState)
        copy.num_players = self.num_players
        copy.phase = self.phase
        copy.round = self.round
        copy.turn = self.turn
        copy.first_player = self.first_player
        copy.active = self.active
        copy.table = [row[:] for row in self.table]
        copy.deck = dict(self.deck)
        copy.collections = [dict(columns) for columns in self.collections]
        copy.alice = self.alice
        copy.cancelled = dict(self.cancelled)
        copy._legal = self._legal  # never changed in place: play_event replaces it
        return copy

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it."""
        return {
            "num_players": self.num_players,
            "phase": str(self.phase),
            "round": self.round,
            "turn": self.turn,
            "first_player": self.first_player,
            "active": self.active,
            "table": [
                [None if card is None else [card.character, str(card.side)] for card in row]
                for row in self.table
            ],
            "deck": {character: self.deck[character] for character in CHARACTERS},
            "collections": [
                {
                    character: [columns[character].normal, columns[character].mirror]
                    for character in CHARACTERS
                }
                for columns in self.collections
            ],
            "alice": self.alice,
            "cancelled": {character: self.cancelled[character] for character in CHARACTERS},
        }

    @classmethod
    def from_dict(cls, data: dict) -> TeaTimeState:
        """Rebuild a state from :meth:`to_dict` output; ``KeyError``/``ValueError``/
        ``TypeError`` if damaged."""
        state = object.__new__(cls)
        state.num_players = int(data["num_players"])
        state.phase = Phase(data["phase"])
        state.round = int(data["round"])
        state.turn = int(data["turn"])
        state.first_player = data["first_player"]
        state.active = data["active"]
        state.table = [
            [None if cell is None else Card(cell[0], _side(cell[1])) for cell in row]
            for row in data["table"]
        ]
        state.deck = {character: int(data["deck"][character]) for character in CHARACTERS}
        state.collections = [
            {
                character: Column(int(columns[character][0]), int(columns[character][1]))
                for character in CHARACTERS
            }
            for columns in data["collections"]
        ]
        state.alice = data["alice"]
        state.cancelled = {character: int(data["cancelled"][character]) for character in CHARACTERS}
        state._legal = None
        if len(state.collections) != state.num_players:
            raise ValueError(_("the collections do not match the number of players"))
        return state

    def __eq__(self, other) -> bool:
        if not isinstance(other, TeaTimeState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # unhashable: mutable; mypy wants a method

    def __repr__(self) -> str:
        from engine.tea_time.notation import format_position

        return f"<TeaTimeState {format_position(self)}>"

    # --- helpers for scenes and bots (all derived from the rules) -------------------------
    @property
    def rows(self) -> int:
        """Rows of the layout."""
        return len(self.table)

    @property
    def columns(self) -> int:
        """Places in each row of the layout."""
        return len(self.table[0]) if self.table else 0

    @property
    def rounds(self) -> int:
        """How many rounds this game lasts (5 with 2 players, else 3)."""
        return rules.rounds_for(self.num_players)

    def cards_on_table(self) -> int:
        """Cards (Alice included) on the table."""
        return sum(1 for row in self.table for card in row if card is not None)

    def most_cards(self) -> int:
        """How many cards the player to move may take this turn (TT-D6)."""
        return rules.most_cards(self.turn)

    def lines_through(self, row: int, column: int) -> list:
        """The legal :class:`TakeCards` that include the place ``(row, column)``."""
        return [action for action in self.legal_actions() if (row, column) in action.cells]

    def column_points(self, player: int) -> dict:
        """``{character: points}`` the seat's columns are worth now (rules, End and score)."""
        return {
            character: rules.column_points(self.collections[player][character].count)
            for character in CHARACTERS
        }

    def total_points(self, player: int) -> int:
        """The seat's score if the game ended now: its columns, plus 4 if it holds Alice."""
        return rules.total_points(self, player)


def _side(text: str) -> str:
    if text == "":
        return ""
    return Side(text)


from engine.tea_time import rules  # noqa: E402  (rules imports this module)
