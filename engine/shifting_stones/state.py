"""Shifting Stones: the position, the actions players (and chance) take, and the events they cause.

The rules themselves live in :mod:`engine.shifting_stones.rules`; each event's effect on the
position is written once, in :mod:`engine.shifting_stones.events`. This module holds the data.

Terms follow the rules (``docs/rules/shifting_stones.md``): 9 **stones** in a 3 × 3 **grid**,
each showing one **face**; 72 **pattern cards**; each player's secret **hand**; the **deck** (a
multiset of card ids: which card comes next is a chance node, never a hidden order); the face-up
**discard pile**; each player's **scored cards**. In solo the 56 cards left out of the 16-card
deck are **out of play**.

Cards are their ids (1–72, :data:`engine.shifting_stones.data.CARDS`). An observation
(:meth:`ShiftingStonesState.observation`) writes each card its viewer may not see as
:data:`HIDDEN` (0): the other hands, the deck and the cards out of play keep their sizes only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import CHANCE, TERMINAL, Action, Event, StrEnum
from engine.core import TurnStarted as BaseTurnStarted
from engine.shifting_stones.data import (
    CARD_IDS,
    CARDS,
    SQUARES,
    card_name,
    card_words,
    face_name,
    join_words,
    points_words,
    square_name,
)
from translation import _, ngettext

HIDDEN = 0
"""A card its viewer may not see (in an observation): another player's, or one in the deck."""

STRIKES_TO_LOSE = 4
"""Solo: the fourth strike loses the game."""

TARGETS = {2: 10, 3: 9, 4: 8, 5: 7}
"""Scored cards that end the game, by number of players (the round is finished first)."""

ONE_POINT_BONUS = 3
"""Points for the most 1-point cards (every player tied for the most gets them, SS-D5)."""


class Phase(StrEnum):
    """Where the game is: being set up, a player's turn, drawing at a turn's end, over."""

    SETUP = "setup"  # chance: the grid, the solo deck, the deal, the first player
    PLAY = "play"  # the active player's turn
    DRAW = "draw"  # chance: the active player draws at the end of the turn
    OVER = "over"


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
class PlaceStone(Action):
    """Chance, set-up (SS-D8): the next empty square, row by row, gets a stone showing
    ``face``; each stone left is as likely as the others, and each of its faces alike."""

    face: str


@dataclass(frozen=True)
class ChooseSoloCard(Action):
    """Chance, solo set-up (SS-D1): ``card`` joins the 16-card deck. The 1-point cards are
    chosen first, then the 2-, 3- and 5-point ones, each card of that value alike."""

    card: int


@dataclass(frozen=True)
class DrawCard(Action):
    """Chance: ``card`` is the card drawn from the deck (dealt at set-up, or drawn at a turn's
    end); every card in the deck alike."""

    card: int


@dataclass(frozen=True)
class PickFirstPlayer(Action):
    """Chance: seat ``player`` is the random first player."""

    player: int


# ------------------------------------------------------------------------------------------
# The player's decisions
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Skip(Action):
    """Take no action this turn and draw 2 cards (never two turns in a row)."""


@dataclass(frozen=True)
class Pay(Action):
    """Discard ``card`` from your hand, face up, to pay for the shift or flip that follows."""

    card: int


@dataclass(frozen=True)
class Shift(Action):
    """Swap the stones on squares ``first`` and ``second`` (0–8, row by row), which must be
    side by side or one above the other; paid for by the card just discarded.

    The squares are kept in order, so a swap is one action whichever stone is named first:
    ``Shift(4, 1) == Shift(1, 4)``."""

    first: int
    second: int

    def __post_init__(self):
        try:
            low, high = sorted((self.first, self.second))
        except TypeError:
            return  # not squares at all: the rules refuse it with a reason
        object.__setattr__(self, "first", low)
        object.__setattr__(self, "second", high)


@dataclass(frozen=True)
class Flip(Action):
    """Turn the stone on ``square`` (0–8) over; paid for by the card just discarded."""

    square: int


@dataclass(frozen=True)
class Score(Action):
    """Reveal ``card`` from your hand, which matches the grid now, and place it among your
    scored cards."""

    card: int


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn and draw back up to 4 cards."""


ACTION_CLASSES = (
    PlaceStone,
    ChooseSoloCard,
    DrawCard,
    PickFirstPlayer,
    Skip,
    Pay,
    Shift,
    Flip,
    Score,
    EndTurn,
)
CHANCE_CLASSES = (PlaceStone, ChooseSoloCard, DrawCard, PickFirstPlayer)


# ------------------------------------------------------------------------------------------
# Events
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StonePlaced(Event):
    """Set-up: a stone showing ``face`` was put on ``square``."""

    square: int
    face: str

    def text(self, names):
        return ""  # nine of these at the start: the grid shows them


@dataclass(frozen=True)
class SoloCardChosen(Event):
    """Solo set-up: ``card`` went into the 16-card deck (face down: nobody sees which)."""

    card: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class CardDrawn(Event):
    """``player`` drew ``card`` from the deck into their hand (only they may see which)."""

    player: int
    card: int

    def text(self, names):
        return ""  # a turn's end says how many are drawn; nobody else may read which


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """Seat ``player`` was drawn to go first."""

    player: int

    def text(self, names):
        return _("{name} was drawn to go first.").format(name=_who(names, self.player))


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    """``player``'s turn begins."""

    player: int


@dataclass(frozen=True)
class TurnSkipped(Event):
    """``player`` skipped the turn, taking no action, and drew ``draws`` cards (2; fewer when
    the deck and the discard pile hold fewer, 0 when the game ends with this turn)."""

    player: int
    draws: int

    def text(self, names):
        who = _who(names, self.player)
        if not self.draws:
            return _("{name} skipped the turn.").format(name=who)
        return ngettext(
            "{name} skipped the turn and drew {count} card.",
            "{name} skipped the turn and drew {count} cards.",
            self.draws,
        ).format(name=who, count=self.draws)


@dataclass(frozen=True)
class CardPaid(Event):
    """``player`` discarded ``card`` face up to pay for a shift or a flip."""

    player: int
    card: int

    def text(self, names):
        return _("{name} discarded {card} to pay for a move.").format(
            name=_who(names, self.player), card=card_name(self.card)
        )


@dataclass(frozen=True)
class StonesShifted(Event):
    """``player`` swapped the stones on squares ``first`` and ``second``, which showed
    ``first_face`` and ``second_face`` before the swap."""

    player: int
    first: int
    second: int
    first_face: str
    second_face: str

    def text(self, names):
        return _(
            "{name} swapped the {first_face} at {first} and the {second_face} at {second}."
        ).format(
            name=_who(names, self.player),
            first_face=face_name(self.first_face),
            first=square_name(self.first),
            second_face=face_name(self.second_face),
            second=square_name(self.second),
        )


@dataclass(frozen=True)
class StoneFlipped(Event):
    """``player`` turned the stone on ``square`` over: it showed ``was`` and shows ``face``."""

    player: int
    square: int
    was: str
    face: str

    def text(self, names):
        return _("{name} flipped the stone at {square}: {was} became {face}.").format(
            name=_who(names, self.player),
            square=square_name(self.square),
            was=face_name(self.was),
            face=face_name(self.face),
        )


@dataclass(frozen=True)
class CardScored(Event):
    """``player`` scored ``card``, worth ``points``; it is their ``count``-th scored card."""

    player: int
    card: int
    points: int
    count: int

    def text(self, names):
        return _("{name} scored {card} for {points}.").format(
            name=_who(names, self.player),
            card=card_name(self.card),
            points=points_words(self.points),
        )


@dataclass(frozen=True)
class LastRound(Event):
    """``player`` has scored ``count`` cards, at least ``target``: the round is finished, then
    the game ends."""

    player: int
    count: int
    target: int

    def text(self, names):
        return _("{name} has scored {count} of {target} cards: this round is the last.").format(
            name=_who(names, self.player), count=self.count, target=self.target
        )


@dataclass(frozen=True)
class TurnEnded(Event):
    """``player`` ended the turn and drew ``draws`` cards back up to 4 (0 with a hand of 4 or
    more, SS-D3, or when the game ends with this turn)."""

    player: int
    draws: int

    def text(self, names):
        who = _who(names, self.player)
        if not self.draws:
            return _("{name} ended the turn.").format(name=who)
        return ngettext(
            "{name} ended the turn and drew {count} card.",
            "{name} ended the turn and drew {count} cards.",
            self.draws,
        ).format(name=who, count=self.draws)


@dataclass(frozen=True)
class DeckReshuffled(Event):
    """The deck ran out: the ``count`` cards of the discard pile were shuffled into a new deck
    (SS-D6)."""

    count: int

    def text(self, names):
        return ngettext(
            "The deck ran out: the discard pile's {count} card became the new deck.",
            "The deck ran out: the discard pile's {count} cards were shuffled into a new deck.",
            self.count,
        ).format(count=self.count)


@dataclass(frozen=True)
class NothingToDraw(Event):
    """SS-D6: deck and discard pile are both empty, so ``player`` draws ``missed`` cards
    fewer; the game goes on."""

    player: int
    missed: int

    def text(self, names):
        return ngettext(
            "The deck and the discard pile are empty: {name} draws {count} card fewer.",
            "The deck and the discard pile are empty: {name} draws {count} cards fewer.",
            self.missed,
        ).format(name=_who(names, self.player), count=self.missed)


@dataclass(frozen=True)
class StrikeGiven(Event):
    """Solo: a turn ended without a card scored (a skip too, SS-D2, SS-D4): strike
    ``strikes`` of 4."""

    strikes: int

    def text(self, names):
        return _("No card was scored this turn: strike {count} of {most}.").format(
            count=self.strikes, most=STRIKES_TO_LOSE
        )


@dataclass(frozen=True)
class BonusAwarded(Event):
    """``players`` have the most 1-point cards (``cards`` each) and get 3 points each (SS-D5:
    ties all get them)."""

    players: tuple[int, ...]
    cards: int

    def text(self, names):
        who = join_words([_who(names, seat) for seat in self.players])
        return ngettext(
            "{names} gets 3 points for the most 1-point cards ({count}).",
            "{names} get 3 points for the most 1-point cards ({count} each).",
            len(self.players),
        ).format(names=who, count=self.cards)


@dataclass(frozen=True)
class GameEnded(Event):
    """The last round is over: ``totals`` per seat, ``winners`` the seats with the highest
    total (ties share the victory)."""

    winners: tuple[int, ...]
    totals: tuple[int, ...]

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


@dataclass(frozen=True)
class SoloGameEnded(Event):
    """Solo: ``won`` (all 16 cards scored) or lost (the 4th strike), with ``scored`` cards and
    ``strikes``."""

    won: bool
    scored: int
    strikes: int

    def text(self, names):
        if self.won:
            return ngettext(
                "You won: all 16 cards scored with {count} strike.",
                "You won: all 16 cards scored with {count} strikes.",
                self.strikes,
            ).format(count=self.strikes)
        return ngettext(
            "Game over: the fourth strike, with {count} card of 16 scored.",
            "Game over: the fourth strike, with {count} cards of 16 scored.",
            self.scored,
        ).format(count=self.scored)


EVENT_CLASSES = (
    StonePlaced,
    SoloCardChosen,
    CardDrawn,
    FirstPlayerChosen,
    TurnStarted,
    TurnSkipped,
    CardPaid,
    StonesShifted,
    StoneFlipped,
    CardScored,
    LastRound,
    TurnEnded,
    DeckReshuffled,
    NothingToDraw,
    StrikeGiven,
    BonusAwarded,
    GameEnded,
    SoloGameEnded,
)


# ------------------------------------------------------------------------------------------
# The state
# ------------------------------------------------------------------------------------------
class ShiftingStonesState:
    """A Shifting Stones position, on the engine contract (engine/core.py, GameState).

    Fields (all public, plain data; change them only through events):

    * ``num_players`` (1–5; 1 is the solo game);
    * ``phase``: a :class:`Phase`;
    * ``grid``: 9 squares row by row from the top left, each the face its stone shows (a
      letter of ``FACES``), or None while the grid is set up;
    * ``hands``: per seat, the card ids held, in order (:data:`HIDDEN` for a card the viewer
      of an observation may not see);
    * ``deck``: the card ids in the deck, in order: a set, not a pile — which comes next is a
      chance node;
    * ``discard``: the discard pile, face up, the last discarded last;
    * ``scored``: per seat, the scored cards in the order scored;
    * ``out_of_play``: solo only, the 56 cards not in the 16-card deck (empty otherwise);
    * ``first_player``: the seat that went first (None before it is drawn);
    * ``active``: whose turn it is (also while they draw at its end; None during set-up);
    * ``acted``: whether the active player has paid or scored this turn (no skip then);
    * ``scored_now``: cards the active player scored this turn (solo: none is a strike);
    * ``paid``: the card just discarded for a move not yet made, else None;
    * ``skipped``: per seat, whether its last turn was a skip (never two in a row);
    * ``last_round``: a player has reached the scored cards that end the game;
    * ``strikes``: solo strikes so far;
    * ``to_draw``: cards the active player still draws (the ``draw`` phase);
    * ``viewer``: None for the whole position, or the seat an observation is for.

    Build one with :func:`engine.shifting_stones.rules.new_game` or the notation.
    """

    __slots__ = (
        "num_players",
        "phase",
        "grid",
        "hands",
        "deck",
        "discard",
        "scored",
        "out_of_play",
        "first_player",
        "active",
        "acted",
        "scored_now",
        "paid",
        "skipped",
        "last_round",
        "strikes",
        "to_draw",
        "viewer",
        "_legal",
    )
    num_players: int
    phase: Phase
    grid: list[str | None]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    scored: list[list[int]]
    out_of_play: list[int]
    first_player: int | None
    active: int | None
    acted: bool
    scored_now: int
    paid: int | None
    skipped: list[bool]
    last_round: bool
    strikes: int
    to_draw: int
    viewer: int | None
    _legal: list[Action] | None

    def __init__(self, num_players: int):
        rules.setup(self, num_players)

    # --- contract ------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, CHANCE (set-up, drawing) or TERMINAL."""
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
        """The current player's moves, in a stable order (rules.legal_actions); cached until
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
        """1.0 for each winner (solo: for a won game), 0.0 for the others."""
        winners = set(self.score_sheet()["winners"])
        return [1.0 if seat in winners else 0.0 for seat in range(self.num_players)]

    def score_sheet(self) -> dict:
        """The score sheet (engine/core.py GameState docstring), see rules.score_sheet."""
        return rules.score_sheet(self)

    def observation(self, player: int) -> ShiftingStonesState:
        """The position as seat ``player`` may see it: the other hands, the deck and the cards
        out of play become :data:`HIDDEN` cards (their counts stay); the grid, the discard pile,
        the scored cards and ``player``'s own hand stay. Whose turn it is and the legal moves
        are the same (they depend only on what the mover sees)."""
        return rules.observation(self, player)

    def action_to_string(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The action in plain words, e.g. "Flip the stone at centre (Horse to Boat)"."""
        return rules.describe_action(self, action, names)

    def turn_owner(self) -> int:
        """Whose turn this is (while they draw at its end too); during set-up, the first
        player, or seat 0 before one is drawn."""
        if self.active is not None:
            return self.active
        return self.first_player if self.first_player is not None else 0

    # --- copies and plain data -----------------------------------------------------------
    def clone(self) -> ShiftingStonesState:
        copy = object.__new__(ShiftingStonesState)
        copy.num_players = self.num_players
        copy.phase = self.phase
        copy.grid = list(self.grid)
        copy.hands = [list(hand) for hand in self.hands]
        copy.deck = list(self.deck)
        copy.discard = list(self.discard)
        copy.scored = [list(cards) for cards in self.scored]
        copy.out_of_play = list(self.out_of_play)
        copy.first_player = self.first_player
        copy.active = self.active
        copy.acted = self.acted
        copy.scored_now = self.scored_now
        copy.paid = self.paid
        copy.skipped = list(self.skipped)
        copy.last_round = self.last_round
        copy.strikes = self.strikes
        copy.to_draw = self.to_draw
        copy.viewer = self.viewer
        copy._legal = self._legal  # never changed in place: play_event replaces it
        return copy

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it."""
        return {
            "num_players": self.num_players,
            "phase": str(self.phase),
            "grid": "".join(face or "." for face in self.grid),
            "hands": [list(hand) for hand in self.hands],
            "deck": list(self.deck),
            "discard": list(self.discard),
            "scored": [list(cards) for cards in self.scored],
            "out_of_play": list(self.out_of_play),
            "first_player": self.first_player,
            "active": self.active,
            "acted": self.acted,
            "scored_now": self.scored_now,
            "paid": self.paid,
            "skipped": list(self.skipped),
            "last_round": self.last_round,
            "strikes": self.strikes,
            "to_draw": self.to_draw,
            "viewer": self.viewer,
        }

    @classmethod
    def from_dict(cls, data: dict) -> ShiftingStonesState:
        """Rebuild a state from :meth:`to_dict` output; ``KeyError``/``ValueError``/
        ``TypeError`` if damaged."""
        state = object.__new__(cls)
        state.num_players = _int(data["num_players"])
        state.phase = Phase(data["phase"])
        grid = data["grid"]
        if not isinstance(grid, str) or len(grid) != SQUARES:
            raise ValueError("the grid is damaged")
        state.grid = [None if face == "." else face for face in grid]
        state.hands = [_cards(hand) for hand in data["hands"]]
        state.deck = _cards(data["deck"])
        state.discard = _cards(data["discard"])
        state.scored = [_cards(cards) for cards in data["scored"]]
        state.out_of_play = _cards(data["out_of_play"])
        state.first_player = _seat(data["first_player"])
        state.active = _seat(data["active"])
        state.acted = bool(data["acted"])
        state.scored_now = _int(data["scored_now"])
        state.paid = None if data["paid"] is None else _int(data["paid"])
        state.skipped = [bool(flag) for flag in data["skipped"]]
        state.last_round = bool(data["last_round"])
        state.strikes = _int(data["strikes"])
        state.to_draw = _int(data["to_draw"])
        state.viewer = _seat(data["viewer"])
        state._legal = None
        seats = state.num_players
        if not (
            len(state.hands) == len(state.scored) == len(state.skipped) == seats and 1 <= seats <= 5
        ):
            raise ValueError("the hands, scored cards or seats do not match the players")
        return state

    def __eq__(self, other) -> bool:
        if not isinstance(other, ShiftingStonesState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # unhashable: mutable; mypy wants a method

    def __repr__(self) -> str:
        from engine.shifting_stones.notation import format_position

        return f"<ShiftingStonesState {format_position(self)}>"

    # --- helpers for scenes and bots (all derived from the rules) -------------------------
    @property
    def solo(self) -> bool:
        """One player: the solo game."""
        return self.num_players == 1

    @property
    def target(self) -> int | None:
        """Scored cards that end the game (10/9/8/7 for 2/3/4/5 players); solo: all 16."""
        return rules.target_for(self.num_players)

    def grid_text(self) -> str:
        """The grid as 9 face letters, row by row (``.`` for a square still empty)."""
        return "".join(face or "." for face in self.grid)

    def matching_cards(self, player: int) -> list[int]:
        """The cards of ``player``'s hand that match the grid now (they may be scored)."""
        return [card for card in self.hands[player] if rules.matches(card, self.grid_text())]

    def payments_away(self, card: int, limit: int = 3) -> int | None:
        """How many card payments (shifts or flips) ``card`` is from matching the grid: 0 when
        it matches now, None when more than ``limit`` are needed — the hand display's "matches
        now" / "N payments away" (see :func:`engine.shifting_stones.heuristics.payments_away`)."""
        from engine.shifting_stones.heuristics import payments_away

        return payments_away(self.grid_text(), card, limit)

    def points(self, player: int) -> int:
        """The points on ``player``'s scored cards (the bonus for 1-point cards left out)."""
        return sum(CARDS[card].points for card in self.scored[player])

    def hidden_cards(self) -> list[int]:
        """The cards this position's viewer may not see, in order: every card in play that is
        in nobody's view (the deck, the others' hands and, in solo, the cards out of play).
        Empty for a whole position."""
        if self.viewer is None:
            return []
        seen = set(self.hands[self.viewer]) | set(self.discard)
        for cards in self.scored:
            seen.update(cards)
        return [card for card in CARD_IDS if card not in seen]


def _int(value) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError(f"{value!r} is not a whole number")
    return value


def _seat(value) -> int | None:
    return None if value is None else _int(value)


def _cards(values) -> list[int]:
    if not isinstance(values, list):
        raise TypeError("a pile of cards is not a list")
    cards = [_int(card) for card in values]
    if any(card != HIDDEN and card not in CARDS for card in cards):
        raise ValueError("a pile holds an unknown card")
    return cards


from engine.shifting_stones import rules  # noqa: E402  (rules imports this module)

__all__ = [
    "ACTION_CLASSES",
    "EVENT_CLASSES",
    "HIDDEN",
    "Phase",
    "ShiftingStonesState",
    "card_words",
]
