"""Tea Time for Tabletop Trio: take lines of cards from a grid; a mirror image cancels its twin.

``GAME`` is the registry entry (engine/registry.py lists this package). The rules are in
:mod:`engine.tea_time.rules`, the data in :mod:`.state`, each event's effect in :mod:`.events`,
the position notation in :mod:`.notation`, the bots' heuristics in :mod:`.heuristics` and what
computer players know in :mod:`.bots`.
"""

from __future__ import annotations

from engine.core import GameSpec, Notation, RecordCodec
from engine.tea_time.bots import BOTS
from engine.tea_time.events import apply_event
from engine.tea_time.notation import format_position, parse_position
from engine.tea_time.state import ACTION_CLASSES, TeaTimeState
from engine.tea_time.validate import validate
from translation import N_

RULES_SUMMARY = """\
# Tea Time

A quick card game for 2 to 4 players at the Mad Hatter's tea party: take lines of cards from
the table to build big columns of characters, and beware of mirror images, which cancel them.

## Cards

- 60 character cards, 10 each of six characters: the Caterpillar, the White Rabbit, the Cheshire
  Cat, the Mad Hatter, the March Hare and the Dormouse. Each shows a normal side or a mirror side
  (with a gold frame) and keeps it once taken.
- One Alice card.
- With 3 players, 2 cards of each character are left out (48 cards).

## Set-up

- A random player goes first and receives Alice; the other cards are shuffled into a deck.
- The first player lays out the table: 3 rows of 4 cards with 2 players, 4 rows of 4 with 3, 4 rows
  of 5 with 4. Cards alternate normal and mirror sides like a chessboard, the top-left card normal.

## A round

- Turn 1: the first player takes exactly one character card and puts Alice in its place.
- Turn 2: the next player takes one or two cards.
- Turn 3 and on: take one, two or three cards.
- The cards you take must lie next to each other in a straight line: along a row, a column or a
  diagonal. An empty place between two cards breaks the line. Alice may be taken in a line like any
  card.
- Play goes round the table in seat order. Turns are counted afresh in each round.
- When the table is empty the round is over. Whoever took Alice goes first in the next round and
  lays out the new table.

## Your collection

- Your cards form one column per character, each keeping the side it showed on the table.
- You can never hold both sides of a character: a normal and a mirror card of the same character
  cancel each other and both leave the game. Holding three normal Cheshire Cats and taking a mirror
  one leaves you two normal ones. Several pairs may cancel in one turn.

## End and scoring

- The game lasts 5 rounds with 2 players, 3 rounds with 3 or 4.
- Each character column scores by its number of cards: none 5, one 1, two 3, three 6, four 10, five
  or more 15. An empty column is worth more than one or two cards!
- Alice is worth 4 points to whoever holds her at the end.
- The highest total wins. In a tie the tied player holding Alice wins; otherwise the tied players
  share the victory.

## At the table

- Point at a card: the cards it can be taken with glow, joined by gold lines, and your panel shows
  what the take would do to your columns and score.
- Click cards one by one, or drag across them. A line that cannot grow is taken at once; otherwise
  press Enter or Take. Backspace drops the last card chosen, Esc or a right-click drops them all.
- Under each column: its cards and what it is worth now. The strip at the bottom of the table
  repeats the scoring.
- The points beside each name are the total if the game ended now. Starting a column costs
  points at first (an empty one is worth 5, one card 1) and pays from the third card on (6).
- A take is your whole turn, so there is no undo.
- H asks for a hint: the cards the Hard player would take are framed in blue; Enter or Take takes
  them, or choose your own.

## Options

- None: the number of players sets the cards, the size of the table and the number of rounds.

## Tips

From how our Hard computer player wins (200 two-player games against Medium, 165 of them won):
- Build a few columns up to five cards or more: each is worth 15. At the end of its wins Hard holds
  1.4 such columns, its opponent 0.5.
- Leave the other characters empty rather than at one or two cards: an empty column is worth 5,
  one card 1 and two cards 3 (a card of the other side cancels a lone card). Hard ends its wins
  with 1.3 columns of one or two cards, its opponent with 2.7.
- Take Alice when you can: she is worth 4 points, wins a tie and makes you the first player of the
  next round. Hard holds her at the end of 68% of its wins; its opponent in those games, 32%.
"""


def new_state(num_players: int, options: dict | None = None) -> TeaTimeState:
    """A new game for 2–4 players (Tea Time has no options): round 1's first player is drawn
    first (a chance node)."""
    return TeaTimeState(num_players)


GAME = GameSpec(
    id="tea-time",
    title=N_("Tea Time"),
    min_players=2,
    max_players=4,
    description=N_("Take lines of Wonderland cards; a character's mirror image cancels it."),
    options=(),
    new_state=new_state,
    state_from_dict=TeaTimeState.from_dict,
    action_codec=RecordCodec(ACTION_CLASSES),
    notation=Notation(format_position, parse_position),
    rules_summary=RULES_SUMMARY,
    bots=BOTS,
    apply_event=apply_event,
    validator=validate,
)

__all__ = [
    "GAME",
    "RULES_SUMMARY",
    "TeaTimeState",
    "format_position",
    "parse_position",
    "new_state",
    "apply_event",
]
