"""Shifting Stones position notation: one line of ``key=value`` fields; parse and format round-trip.

Example (2 players, seat 0 to play, having paid nothing yet this turn; the deck, written in
full, holds the 61 cards shown nowhere else — 4, 11, 13, 14, 16 … 72)::

    players=2 phase=play grid=SFB/HOE/TTO first=1 active=0 hands=12,40,3,7/5,6,9,10
    deck=4,11,13,14,16,...,72 discard=33,2 scored=1/8,15 out=- paid=- acted=no
    scored_now=0 skipped=- last=no strikes=0 draw=0 viewer=-

(on one line, fields separated by spaces; ``deck`` may be left out for the same position).
Faces are letters: ``S`` sun, ``M`` moon, ``F`` fish, ``B`` bird, ``H`` horse, ``O`` boat,
``E`` seed, ``T`` tree; cards are their ids, 1–72 (``engine/shifting_stones/cards.json``). The
fields:

* ``players`` — 1 to 5 (default 2; 1 is the solo game).
* ``phase`` — ``setup`` (stones laid, solo deck chosen, cards dealt, first player drawn: chance
  nodes), ``play``, ``draw`` (the active player draws at the end of the turn) or ``over``
  (default ``play``).
* ``grid`` — the three rows top to bottom, separated by ``/``, three faces each from the left;
  ``.`` for a square still empty during set-up. Required but in the ``setup`` phase, where it
  defaults to an empty grid. Stones: 1 sun/moon, 2 fish/bird, 3 horse/boat, 3 seed/tree.
* ``first`` — the seat (from 0) that went first, ``-`` before it is drawn (default 0, or ``-`` in
  the ``setup`` phase of a game of several players).
* ``active`` — whose turn it is, ``-`` during set-up (default: ``first`` outside set-up).
* ``hands`` — per seat, separated by ``/``: card ids separated by commas in the hand's order,
  ``-`` for an empty hand, or ``?N`` for N cards the viewer may not see. Default: empty hands.
* ``deck`` — card ids separated by commas (in order of id: the deck has no order), ``-`` when
  empty, or ``?N``. Default: every card shown nowhere else (in solo: the deck must be given).
* ``discard`` — the discard pile, the last discarded last, or ``-`` (default ``-``).
* ``scored`` — per seat, separated by ``/``, in the order scored, or ``-`` (default: none).
* ``out`` — solo: the cards out of play, ids or ``?N`` (default: every card shown nowhere else);
  with several players always ``-``.
* ``paid`` — the card just discarded for a shift or flip not yet made (the top of the discard
  pile), or ``-`` (default ``-``).
* ``acted`` — ``yes`` when the active player has paid or scored this turn (no skip then), else
  ``no`` (default: ``yes`` when a card is paid or scored this turn).
* ``scored_now`` — cards the active player scored this turn (default 0).
* ``skipped`` — the seats whose last turn was a skip, separated by commas, or ``-``.
* ``last`` — ``yes`` once a player has scored the cards that end the game (default: whether
  someone has).
* ``strikes`` — solo strikes, 0 to 4 (default 0).
* ``draw`` — in the ``draw`` phase, the cards the active player still draws (default 0).
* ``viewer`` — ``-`` for a whole position, or the seat an observation is for (its ``?`` cards
  are the ones that seat may not see).

Every card is in exactly one place: a hand, the deck, the discard pile, the scored cards or (solo)
out of play; ``?N`` counts stand for as many of the cards not written elsewhere. A solo game
plays with 16 cards — 8 worth 1, 4 worth 2, 3 worth 3 and 1 worth 5 — once its deck is chosen.

:func:`parse_position` accepts any subset of the fields, so tests can write short positions::

    parse_position("grid=SFB/HOE/TTO hands=1,2,3,4/5,6,7,8")

Fields are read by :class:`engine.notation_fields.Fields`, the reader every game shares (the
text's size is checked first). Every parse error is a ``ValueError`` naming the field (and
seat) and what is wrong.
"""

from __future__ import annotations

from collections import Counter

from engine.notation_fields import DIGITS_LIMIT, Fields, check_per_seat
from engine.shifting_stones.data import (
    ANY,
    CARD_IDS,
    CARDS,
    FACES,
    SIDE,
    SOLO_DECK,
    SQUARES,
    STONES,
)
from engine.shifting_stones.rules import target_for
from engine.shifting_stones.state import HIDDEN, STRIKES_TO_LOSE, Phase, ShiftingStonesState
from translation import _

FIELDS = (
    "players",
    "phase",
    "grid",
    "first",
    "active",
    "hands",
    "deck",
    "discard",
    "scored",
    "out",
    "paid",
    "acted",
    "scored_now",
    "skipped",
    "last",
    "strikes",
    "draw",
    "viewer",
)


# --- formatting -------------------------------------------------------------------------------
def _seat(value) -> str:
    return "-" if value is None else str(value)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


def _pile(cards, hidden_as_count: bool = True) -> str:
    """``"3,17,40"``, ``"-"`` for none, ``"?4"`` for 4 hidden cards."""
    if not cards:
        return "-"
    if hidden_as_count and all(card == HIDDEN for card in cards):
        return f"?{len(cards)}"
    return ",".join(str(card) for card in cards)


def _grid(state: ShiftingStonesState) -> str:
    text = state.grid_text()
    return "/".join(text[row * SIDE : (row + 1) * SIDE] for row in range(SIDE))


def format_position(state: ShiftingStonesState) -> str:
    """The one-line notation of ``state`` (see the module docstring)."""
    fields = {
        "players": str(state.num_players),
        "phase": str(state.phase),
        "grid": _grid(state),
        "first": _seat(state.first_player),
        "active": _seat(state.active),
        "hands": "/".join(_pile(hand) for hand in state.hands),
        "deck": _pile(state.deck),
        "discard": _pile(state.discard),
        "scored": "/".join(_pile(cards) for cards in state.scored),
        "out": _pile(state.out_of_play),
        "paid": _seat(state.paid),
        "acted": _yes(state.acted),
        "scored_now": str(state.scored_now),
        "skipped": ",".join(str(seat) for seat, flag in enumerate(state.skipped) if flag) or "-",
        "last": _yes(state.last_round),
        "strikes": str(state.strikes),
        "draw": str(state.to_draw),
        "viewer": _seat(state.viewer),
    }
    return " ".join(f"{name}={fields[name]}" for name in FIELDS)


# --- parsing ---------------------------------------------------------------------------------
def _flag(fields: Fields, name: str, default: bool) -> bool:
    value = fields.get(name)
    if value is None:
        return default
    if value not in ("yes", "no"):
        raise ValueError(
            _("{field}: write yes or no, not {text!r}.").format(field=name, text=value[:20])
        )
    return value == "yes"


def _parse_pile(name: str, value: str) -> list:
    """Card ids (or :data:`HIDDEN` cards for ``?N``) from ``"3,17"``, ``"-"`` or ``"?4"``."""
    if value == "-":
        return []
    if value.startswith("?"):
        count = value[1:]
        if not count.isdigit() or len(count) > DIGITS_LIMIT:
            raise ValueError(
                _("{field}: {text!r} is not ? and a number of hidden cards, e.g. ?4.").format(
                    field=name, text=value
                )
            )
        return [HIDDEN] * int(count)
    cards = []
    for entry in value.split(","):
        if not entry.isdigit() or len(entry) > DIGITS_LIMIT or int(entry) not in CARDS:
            raise ValueError(
                _("{field}: {text!r} is not a card; cards are 1 to {last}.").format(
                    field=name, text=entry[:20], last=len(CARDS)
                )
            )
        cards.append(int(entry))
    return cards


def _per_seat(fields: Fields, name: str, players: int) -> list:
    value = fields.get(name)
    if value is None:
        return [[] for _ in range(players)]
    seats = value.split("/")
    check_per_seat(name, len(seats), players)
    return [
        _parse_pile(_("{field}, seat {seat}").format(field=name, seat=seat), text)
        for seat, text in enumerate(seats)
    ]


def _parse_grid(value: str | None, phase: Phase) -> list:
    if value is None:
        if phase != Phase.SETUP:
            raise ValueError(_("grid: give the three rows of faces, e.g. grid=SFB/HOE/TTO."))
        return [None] * SQUARES
    rows = value.split("/")
    if len(rows) != SIDE or any(len(row) != SIDE for row in rows):
        raise ValueError(
            _("grid: {text!r} is not three rows of three faces, e.g. SFB/HOE/TTO.").format(
                text=value
            )
        )
    grid: list[str | None] = []
    for letter in "".join(rows):
        if letter == ANY and phase == Phase.SETUP:
            grid.append(None)
        elif letter in FACES:
            grid.append(letter)
        else:
            raise ValueError(
                _(
                    "grid: {text!r} is not a face (S sun, M moon, F fish, B bird, H horse, "
                    "O boat, E seed, T tree)."
                ).format(text=letter)
            )
    stones: Counter = Counter()
    for face in grid:
        for first, second, _count in STONES:
            if face in (first, second):
                stones[first] += 1
    for first, second, count in STONES:
        if stones[first] > count:
            raise ValueError(
                _("grid: {count} stones show {one} or {other}, but the game has {most}.").format(
                    count=stones[first], one=first, other=second, most=count
                )
            )
    if phase != Phase.SETUP and None in grid:
        raise ValueError(_("grid: every square holds a stone once the game has begun."))
    return grid


def _check_cards(hands, deck, discard, scored, out, players: int, phase: Phase) -> None:
    """Every card in exactly one place; hidden cards stand for the ones written nowhere."""
    written = [card for pile in (*hands, deck, discard, *scored, out) for card in pile]
    shown = [card for card in written if card != HIDDEN]
    repeated = sorted(card for card, count in Counter(shown).items() if count > 1)
    if repeated:
        raise ValueError(_("card {card} is in more than one place.").format(card=repeated[0]))
    if len(written) != len(CARD_IDS):
        raise ValueError(
            _("{count} cards are placed, but the game has {total}: give deck= or out=.").format(
                count=len(written), total=len(CARD_IDS)
            )
        )
    if players != 1 or HIDDEN in written or phase == Phase.SETUP:
        return
    in_play = Counter(
        CARDS[card].points for pile in (*hands, deck, discard, *scored) for card in pile
    )
    if dict(in_play) != SOLO_DECK:
        raise ValueError(
            _(
                "a solo game plays with 16 cards: 8 worth 1, 4 worth 2, 3 worth 3 and 1 worth "
                "5 in the hand, deck, discard pile and scored cards."
            )
        )


def parse_position(text: str) -> ShiftingStonesState:
    """A state from the notation (see the module docstring); missing fields take defaults.

    Raises ``ValueError`` saying which field is wrong and how, e.g. ``"grid: 'X' is not a
    face ..."`` or a card placed twice.
    """
    fields = Fields(text, FIELDS, "players=2")
    players = fields.number("players", 2, 1, 5)
    phase = Phase(fields.choice("phase", "play", [str(p) for p in Phase]))
    solo = players == 1
    grid = _parse_grid(fields.get("grid"), phase)
    hands = _per_seat(fields, "hands", players)
    scored = _per_seat(fields, "scored", players)
    discard = _parse_pile("discard", fields.text("discard", "-"))
    if solo and "deck" not in fields and "out" not in fields and phase != Phase.SETUP:
        raise ValueError(_("deck: a solo position names the cards of its deck (deck=...)."))
    written = {card for pile in (*hands, discard, *scored) for card in pile}
    deck_text, out_text = fields.get("deck"), fields.get("out")
    if solo:
        deck = _parse_pile("deck", deck_text) if deck_text is not None else None
        out = _parse_pile("out", out_text) if out_text is not None else None
        if deck is None:
            deck = [] if out is None else _rest(written | set(out))
        if out is None:
            out = _rest(written | set(deck))
    else:
        out = _parse_pile("out", out_text or "-")
        if out:
            raise ValueError(_("out: only a solo game leaves cards out of play."))
        deck = _parse_pile("deck", deck_text) if deck_text is not None else _rest(written)
    if HIDDEN not in deck:
        deck = sorted(deck)
    if HIDDEN not in out:
        out = sorted(out)
    _check_cards(hands, deck, discard, scored, out, players, phase)

    first_default = 0 if solo or phase != Phase.SETUP else None
    first = fields.seat("first", first_default, players)
    active = fields.seat("active", None if phase == Phase.SETUP else first, players)
    if phase in (Phase.PLAY, Phase.DRAW) and active is None:
        raise ValueError(_("active: a seat must be to move outside the set-up."))
    paid = fields.text("paid", "-")
    paid_card = None
    if paid != "-":
        if (
            not paid.isdigit()
            or len(paid) > DIGITS_LIMIT
            or not discard
            or discard[-1] != int(paid)
        ):
            raise ValueError(
                _("paid: the card just paid is the top of the discard pile, or - for none.")
            )
        if phase != Phase.PLAY:
            raise ValueError(_("paid: a card is paid for a move only during a turn."))
        paid_card = int(paid)
    scored_now = fields.number("scored_now", 0, 0, len(CARD_IDS))
    if active is not None and scored_now > len(scored[active]):
        raise ValueError(_("scored_now: more cards than the active player has scored."))
    acted = _flag(fields, "acted", paid_card is not None or scored_now > 0)
    skipped_text = fields.text("skipped", "-")
    skipped = [False] * players
    if skipped_text != "-":
        for entry in skipped_text.split(","):
            if not entry.isdigit() or len(entry) > DIGITS_LIMIT or int(entry) >= players:
                raise ValueError(
                    _("skipped: {text!r} is not a seat; seats are 0 to {last}.").format(
                        text=entry[:20], last=players - 1
                    )
                )
            skipped[int(entry)] = True
    reached = not solo and any(len(cards) >= target_for(players) for cards in scored)
    last = _flag(fields, "last", reached)
    strikes = fields.number("strikes", 0, 0, STRIKES_TO_LOSE)
    to_draw = fields.number("draw", 0, 0, len(CARD_IDS))
    if phase == Phase.DRAW and to_draw == 0:
        raise ValueError(_("draw: the draw phase has cards still to draw."))
    if phase == Phase.DRAW and not deck:
        raise ValueError(_("deck: a card is drawn from the deck, and it is empty."))
    viewer = fields.seat("viewer", None, players)
    if viewer is None and (HIDDEN in deck or HIDDEN in out or any(HIDDEN in h for h in hands)):
        raise ValueError(_("viewer: hidden cards (?) belong to an observation: give viewer=."))
    if viewer is not None and HIDDEN in hands[viewer]:
        raise ValueError(_("hands: the viewer's own cards are never hidden."))

    state = object.__new__(ShiftingStonesState)
    state.num_players = players
    state.phase = phase
    state.grid = grid
    state.hands = hands
    state.deck = deck
    state.discard = discard
    state.scored = scored
    state.out_of_play = out
    state.first_player = first
    state.active = active
    state.acted = acted
    state.scored_now = scored_now
    state.paid = paid_card
    state.skipped = skipped
    state.last_round = last
    state.strikes = strikes
    state.to_draw = to_draw if phase == Phase.DRAW else 0
    state.viewer = viewer
    state._legal = None
    return state


def _rest(written: set) -> list:
    return [card for card in CARD_IDS if card not in written]


__all__ = ["FIELDS", "format_position", "parse_position"]
