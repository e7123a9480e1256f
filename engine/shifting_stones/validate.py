"""Is a Shifting Stones position one the rules can reach and play on? ``GameSpec.validator``.

:func:`validate` takes a position's plain data (``ShiftingStonesState.to_dict()`` output: a
save's start, a paste after its notation was read, a network message) and raises
:class:`engine.core.InvalidPosition` with one sentence for the first thing wrong. It checks what
the contract test and the game's random-game test check between steps: every field's type and
range; the grid's faces and its stones (1 sun/moon, 2 fish/bird, 3 horse/boat, 3 seed/tree),
laid row by row during set-up and full after; each of the 72 cards in exactly one place (a hand,
the deck, the discard pile, the scored cards, in solo out of play), a solo game's cards in play
8 / 4 / 3 / 1 by value (SS-D1); the deal in seat order; and the phase agreeing with the rest
(who is to move, a card paid for a move, cards still to draw, the last round, the end). An
observation (hidden cards, a viewer) is what one seat sees, not a position to play from: it is
refused. Call it through :func:`engine.validation.check_position`, which adds the checks every
game shares.
"""

from __future__ import annotations

from collections import Counter

from engine.shifting_stones.data import (
    CARD_IDS,
    CARDS,
    FACES,
    HAND_SIZE,
    SOLO_DECK,
    SQUARES,
    STONES,
    face_name,
)
from engine.shifting_stones.rules import target_for
from engine.shifting_stones.state import STRIKES_TO_LOSE, Phase, ShiftingStonesState
from engine.validation import Checker, refuse
from translation import _, ngettext

FIELDS = tuple(name for name in ShiftingStonesState.__slots__ if not name.startswith("_"))
"""The fields a whole position names: the state's own (its cache of legal moves aside)."""

TOTAL = len(CARD_IDS)


def validate(data: dict) -> None:
    """Raise :class:`engine.core.InvalidPosition` unless ``data`` is a Shifting Stones position
    the rules can reach between two steps (see the module docstring)."""
    check = Checker
    check.mapping(data, "position", FIELDS)
    players = check.integer(data["num_players"], "num_players", 1, 5)
    solo = players == 1
    phase = check.choice(data["phase"], "phase", [str(p) for p in Phase])
    if data["viewer"] is not None:
        refuse(
            _(
                "This is one player's view, with the others' cards hidden: a game goes on only "
                "from the whole position."
            )
        )
    grid = _check_grid(data["grid"], phase)
    hands = check.sequence(data["hands"], "hands", players)
    scored = check.sequence(data["scored"], "scored", players)
    piles = {"deck": data["deck"], "discard": data["discard"], "out_of_play": data["out_of_play"]}
    for seat in range(players):
        piles[f"hands[{seat}]"] = hands[seat]
        piles[f"scored[{seat}]"] = scored[seat]
    places: Counter = Counter()
    for field, pile in piles.items():
        for card in check.integers(pile, field, 1, TOTAL, most=TOTAL):
            places[card] += 1
    doubled = sorted(card for card, count in places.items() if count > 1)
    if doubled:
        refuse(_("Card {card} is in more than one place.").format(card=doubled[0]))
    if len(places) != TOTAL:
        refuse(
            ngettext(
                "{count} of the 72 cards is in the game; every card is somewhere.",
                "{count} of the 72 cards are in the game; every card is somewhere.",
                len(places),
            ).format(count=len(places))
        )
    out = data["out_of_play"]
    in_play = [card for card in CARD_IDS if card not in set(out)]
    if not solo and out:
        refuse(_("Only a solo game leaves cards out of play."))
    chosen = Counter(CARDS[card].points for card in in_play)
    if solo and any(chosen[points] > count for points, count in SOLO_DECK.items()):
        refuse(_("A solo game plays with 8 cards worth 1, 4 worth 2, 3 worth 3 and 1 worth 5."))
    first = check.seat_or_none(data["first_player"], "first_player", players)
    active = check.seat_or_none(data["active"], "active", players)
    acted = check.boolean(data["acted"], "acted")
    scored_now = check.integer(data["scored_now"], "scored_now", 0, TOTAL)
    paid = data["paid"]
    if paid is not None:
        check.integer(paid, "paid", 1, TOTAL)
    skipped = check.sequence(data["skipped"], "skipped", players)
    for seat, flag in enumerate(skipped):
        check.boolean(flag, f"skipped[{seat}]")
    last_round = check.boolean(data["last_round"], "last_round")
    strikes = check.integer(data["strikes"], "strikes", 0, STRIKES_TO_LOSE if solo else 0)
    to_draw = check.integer(data["to_draw"], "to_draw", 0, TOTAL)
    setting_up = phase == Phase.SETUP
    if setting_up:
        _check_setup(data, players, grid, hands, scored, chosen, first, active)
        return
    if solo and dict(chosen) != SOLO_DECK:
        refuse(_("A solo game plays with 8 cards worth 1, 4 worth 2, 3 worth 3 and 1 worth 5."))
    if first is None or (solo and first != 0):
        refuse(_("Once the game has begun, it has a first player."))
    if active is None:
        refuse(_("Once the game has begun, someone's turn is on."))
    on_top = bool(data["discard"]) and data["discard"][-1] == paid
    if paid is not None and (phase != Phase.PLAY or not on_top):
        refuse(_("A card paid for a move is the top of the discard pile, during a turn."))
    if paid is not None and not acted:
        refuse(_("A player who paid for a move has acted this turn."))
    if scored_now > len(scored[active]) or (scored_now and not acted):
        refuse(_("The cards scored this turn are among the player's scored cards."))
    if (phase == Phase.DRAW) != (to_draw > 0):
        refuse(_("Cards are still to draw exactly while a turn's end draws them."))
    if phase == Phase.DRAW and not data["deck"]:
        refuse(_("A card is drawn from the deck, and the deck is empty."))
    reached = [seat for seat in range(players) if len(scored[seat]) >= target_for(players)]
    if not solo and reached and not last_round:
        refuse(_("A player has scored the cards that end the game, so the last round is on."))
    if solo and last_round:
        refuse(_("A solo game has no last round."))
    won = solo and len(scored[0]) >= target_for(1)
    if phase == Phase.OVER:
        if solo and not (won or strikes >= STRIKES_TO_LOSE):
            refuse(_("A solo game ends with all 16 cards scored or with the fourth strike."))
        if not solo and not last_round:
            refuse(_("The game ends only once a player has scored the cards that end it."))
    elif won or strikes >= STRIKES_TO_LOSE:
        refuse(_("A solo game with all 16 cards scored or four strikes is over."))


def _check_grid(grid, phase: str) -> list:
    """The grid's squares (None for an empty one): 9 faces, at most as many stones of each
    pair of faces as the game has, laid row by row during set-up, full after it."""
    if not isinstance(grid, str) or len(grid) != SQUARES:
        refuse(_("The field grid is damaged: it should be 9 faces, row by row."))
    squares = [None if face == "." else face for face in grid]
    if any(face is not None and face not in FACES for face in squares):
        refuse(_("The field grid is damaged: it should be 9 faces, row by row."))
    for first, second, count in STONES:
        laid = sum(1 for face in squares if face in (first, second))
        if laid > count:
            refuse(
                _("{count} stones show {one} or {other}, but the game has {most}.").format(
                    count=laid, one=face_name(first), other=face_name(second), most=count
                )
            )
    if None in squares:
        if phase != Phase.SETUP:
            refuse(_("Once the game has begun, every square holds a stone."))
        if any(face is not None for face in squares[squares.index(None) :]):
            refuse(_("The stones are laid row by row: no square is filled after an empty one."))
    return squares


def _check_setup(data, players, grid, hands, scored, chosen, first, active) -> None:
    """During set-up: no turn yet, nothing discarded or scored; the solo deck is chosen after
    the stones, the cards are dealt after both, seat by seat, and the first player is drawn
    last."""
    solo = players == 1
    if active is not None or data["paid"] is not None or data["acted"] or data["to_draw"]:
        refuse(_("During the set-up nobody is to move."))
    if data["discard"] or any(scored) or any(data["skipped"]) or data["last_round"]:
        refuse(_("During the set-up nothing is discarded or scored yet."))
    if data["scored_now"] or data["strikes"]:
        refuse(_("During the set-up nothing is discarded or scored yet."))
    deck_chosen = not solo or dict(chosen) == SOLO_DECK
    dealt = sum(len(hand) for hand in hands)
    if (None in grid or not deck_chosen) and (dealt or (solo and None in grid and chosen)):
        refuse(_("The stones are laid first, then the solo deck is chosen, then cards dealt."))
    short = False
    for hand in hands:
        if len(hand) > HAND_SIZE or (short and hand):
            refuse(_("The cards are dealt seat by seat, 4 to each player."))
        short = short or len(hand) < HAND_SIZE
    if solo and first != 0:
        refuse(_("Alone, you are the first player."))
    if not solo and first is not None:
        refuse(_("The first player is drawn once the set-up is done, and then a turn begins."))
