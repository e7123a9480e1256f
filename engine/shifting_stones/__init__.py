"""Shifting Stones for Tabletop Trio: shift and flip nine stones to match the pattern cards in
your secret hand.

``GAME`` is the registry entry (engine/registry.py lists this package). The rules are in
:mod:`engine.shifting_stones.rules`, the cards in :mod:`.data`, the position in :mod:`.state`,
each event's effect in :mod:`.events`, the position notation in :mod:`.notation`, the bots'
search in :mod:`.heuristics`, what computer players know in :mod:`.bots` and the check of a
position from outside in :mod:`.validate`.
"""

from __future__ import annotations

from engine.core import GameSpec, Notation, RecordCodec
from engine.shifting_stones.bots import BOTS
from engine.shifting_stones.events import apply_event
from engine.shifting_stones.notation import format_position, parse_position
from engine.shifting_stones.state import ACTION_CLASSES, ShiftingStonesState
from engine.shifting_stones.validate import validate
from translation import N_

RULES_SUMMARY = """\
# Shifting Stones

A game of patterns for 1 to 5 players: nine stones lie in a 3 × 3 grid, and you pay cards from
your secret hand to swap and flip them until the grid matches the patterns on your cards.

## Components

- 9 double-sided stones: 1 Sun/Moon, 2 Fish/Bird, 3 Horse/Boat and 3 Seed/Tree. Each shows one
  face.
- 72 pattern cards worth 1, 2, 3 or 5 points. Each shows a pattern of up to 3 × 3 squares: a
  square with a face, or a grey square.

## Set-up

- The stones are laid in the grid at random, each showing a random face. The deck lies above
  the grid, so "top" is the same for everyone.
- Each player is dealt 4 cards. Your hand is secret: only you see it. A random player goes
  first.

## A turn

On your turn, either skip or act:

- Skip: take no action and draw 2 cards. You may not skip two turns in a row.
- Act: take any number of the actions below, in any order, while you hold cards.

The actions:

- Shift: discard a card from your hand face up, then swap two stones side by side or one above
  the other (never diagonally).
- Flip: discard a card from your hand face up, then turn one stone over.
- Score: place a card from your hand that matches the grid now among your scored cards. It costs
  nothing else, and its points stay yours whatever the grid does later.

Then:

- End your turn when you like; you must end it when your hand is empty. Then draw back up to 4
  cards. There is no hand limit: a hand of 4 or more draws nothing.
- When the deck runs out, the discard pile is shuffled into a new deck. With both empty you
  draw what there is.

## Matching a card

- Place the card's whole pattern anywhere it fits inside the grid, the same way up: never turned,
  never mirrored. Every face square must show that face; a grey square must hold a stone of any
  face, so grey squares fix where the pattern may sit (a 3 × 3 card fits only one way).
- A card scores once, even if its pattern appears in several places.
- Hints and the log name a card by its shape and its squares, "any" for a grey square: a row
  left to right ("row: Horse, Bird, Seed"), a column top to bottom ("column: Tree, Bird"),
  several rows top row first ("rows: any, Boat / Boat, Moon"), and a 3 × 3 card by where its
  faces must be ("grid: Fish in the centre").

## End and score

- Once a player has scored 10 cards (2 players), 9 (3 players), 8 (4 players) or 7 (5 players),
  the round is finished so that everyone has had the same number of turns, and the game ends.
- Your score is the points on your scored cards, plus 3 points for the player with the most
  1-point cards; every player tied for the most gets the 3 (with none scored, nobody does).
- The highest score wins; equal scores share the victory.

## Solo

- You play with 16 cards drawn at random: 8 worth 1, 4 worth 2, 3 worth 3 and 1 worth 5. Hand,
  skip, shift, flip and score work as above.
- Ending a turn without scoring a card gives you a strike; a skip is such a turn too.
- Score all 16 cards to win; the fourth strike loses. The result shows the cards scored and the
  strikes.

## At the table

- Drag a stone onto its neighbour to swap them, or click a stone to flip it; then click the
  card in your hand that pays for it (or click the card first). Click a card that matches to
  score it. Skip and End turn are buttons.
- Under each card of your hand: "Matches now" or how many payments it is from matching;
  pointing at it outlines where it fits on the grid.
- Only your own hand is shown; the others show how many cards they hold and what they scored.
  In hot-seat a pass screen comes before every person's turn and hides the hand until the next
  person confirms.
- H asks for a hint: it names the cards and the moves for the rest of your turn, and how many
  payments a card you keep is then from matching.

## Tips

- The 3 points for the most 1-point cards are worth chasing: two 1-point cards can be worth more
  than one 2-point card.
- Learn the 5-point cards, and watch for a grid that comes within a few moves of one — for you,
  or for the player after you.
- Skipping is rarely best. Better to score a card and spend all but one of your other cards on
  moves that bring that last card closer: the end of your turn draws back up to 4 anyway.

## Options

- None: the number of players sets the cards that end the game.
"""


def new_state(num_players: int, options: dict | None = None) -> ShiftingStonesState:
    """A new game for 1–5 players (Shifting Stones has no options): the grid, the solo deck,
    the deal and the first player are chance nodes."""
    return ShiftingStonesState(num_players)


GAME = GameSpec(
    id="shifting-stones",
    title=N_("Shifting Stones"),
    min_players=1,
    max_players=5,
    description=N_("Pay cards to swap and flip nine stones into your patterns."),
    options=(),
    new_state=new_state,
    state_from_dict=ShiftingStonesState.from_dict,
    action_codec=RecordCodec(ACTION_CLASSES),
    notation=Notation(format_position, parse_position),
    rules_summary=RULES_SUMMARY,
    bots=BOTS,
    solo=True,
    apply_event=apply_event,
    validator=validate,
)

__all__ = [
    "GAME",
    "RULES_SUMMARY",
    "ShiftingStonesState",
    "apply_event",
    "format_position",
    "new_state",
    "parse_position",
]
