"""Diced Tomatoes (Arkadiusz Greniuk, Agrypelago Games 2018) for Tabletop Trio.

``GAME`` is the registry entry (engine/registry.py lists this package). The rules are in
:mod:`engine.diced_tomatoes.rules`, the data in :mod:`.state`, the position notation in
:mod:`.notation`, the bots' heuristics in :mod:`.heuristics`.
"""

from __future__ import annotations

from engine.core import GameSpec, Notation, OptionSpec, RecordCodec
from engine.diced_tomatoes.bots import BOTS
from engine.diced_tomatoes.events import apply_event
from engine.diced_tomatoes.heuristics import evaluate
from engine.diced_tomatoes.notation import format_position, parse_position
from engine.diced_tomatoes.state import ACTION_CLASSES, DicedTomatoesState
from engine.diced_tomatoes.validate import validate
from translation import N_

RULES_SUMMARY = """\
# Diced Tomatoes

Grow tomato vines out of dice, harvest them onto your score track, and hand your opponents the
dice you do not want. 1 to 6 players; with one player it is a solitaire puzzle.

## Setup

- The bushel holds 11 red and 2 black dice per player (plus 1 gold die per player with Sunny Golden
  Hybrid).
- Everyone has 3 empty tomato tokens, an empty score track of 6 slots and 3 karma.
- Everyone rolls a die: the lowest roller takes the last player marker (ties roll again) and the
  next player in seat order starts.

## A turn

- Draw 3 dice from the bushel (fewer if fewer are left), add any dice passed to you, and roll them
  all.
- Place your dice one at a time, in any order, on any player's tokens: yours or an opponent's.
- A red die may start a vine as a seed on an empty, open token. A token is open while its owner's
  harvests plus vines are fewer than 6.
- A die may join a vine of 1 to 3 dice if the vine stays a set (all the same face) or a sequence
  (distinct faces in a row, no wrap from 6 to 1). A lone seed takes the same face or one away; the
  second die decides set or sequence.
- Black and gold dice are never seeds; they join vines by their face like any die.
- Every die that has a legal spot must be placed. Passing comes last: only when none of your dice
  can be placed are the rest passed to the next player, who rolls them with their own dice. Placing
  one die can open a spot for another, which must then be placed.
- When every die is placed or passed, end your turn.

## Harvest

- A vine is worth its seed's face, minus 1 for each black die, plus 1 for each gold die.
- The 4th die completes a vine. If it is worth 1 to 6, its owner harvests it at once: the seed goes
  to their next score slot and the token is free again.
- A complete vine worth 0 or less, or 7 or more, is not harvested.

## Karma

- Complete an opponent's vine and you earn karma from its value: 1-2 gives 1, 3-4 gives 2, 5-6 gives
  3. Karma stops at 6.
- Spend karma during your own turn: 1 re-roll a die; 2 shift a die by one; 3 clean one of your vines
  (all its dice back to the bushel); 4 roll over a 1 into a 6 or a 6 into a 1; 5 flip a seed on
  anyone's token to its opposite face (1-6, 2-5, 3-4) if its vine stays a set or sequence; 6 set a
  die to any face.

## End of the turn

- Every vine worth more than 6 is overripe and is cleared.
- The owner of each vine worth 0 or less chooses whether to clear it. Cleared dice go back to the
  bushel.

## End of the game

- When anyone harvests a 6th tomato, the round finishes with the last player's turn.
- If the bushel is empty when a turn starts, the game ends at once.

## Scoring

- Your harvested values, plus 2 for the first player to harvest six tomatoes, plus 1 for every 2
  unused karma, plus 1 for every vine of exactly 3 dice.
- The highest total wins; tied players share the victory.

## Playing alone

- Harvest 6 tomatoes so that harvest number n is worth exactly n. You earn karma for completing your
  own vines, by the same table from the seed's face (black or gold dice do not change it); dice you
  cannot place are set aside and come back to you, and the game goes on while you still hold dice.
- With Karma Overload you earn karma equal to the seed's face, and no karma bits: there is no
  opponent to place or pass dice to.
- You win with 6 harvests; you score 1 per matching slot. You lose if the bushel and your hand run
  dry first.
- The game always ends: once the bushel is empty, if none of the dice you hold could ever be placed
  (every token is closed or holds a complete vine), you lose at the end of that turn.

## Options

- Sunny Golden Hybrid: adds a gold die per player. Gold dice are never seeds and add 1 to a vine's
  value, so they can make an opponent's vine overripe.
- Dicey Tomato Rules: a harvest whose value equals its slot number scores 6 in total and earns a
  gold star; instead of 1 per 3-dice vine, score 1 per 3 red dice left on your vines.
- Karma Overload: completing an opponent's vine earns karma equal to its value. You also earn a
  karma bit for every die you place on an opponent's vine and for every die you pass; 3 bits make 1
  karma.
- 2023 update: karma may rise to 12 during your turn (anything over 6 is lost when the turn ends),
  and a Dicey Tomato match scores 7 in total.
- Open = empty: any empty token is open, however many vines you already have.
- Clean any vine: the clean karma action may target any player's vine, not only yours.

## Tips

From how our Hard computer player wins (120 two-player games against Medium, 74 of them won):
- Race to your sixth harvest: the first player to harvest six tomatoes scores 2 more, and the game
  ends with that round. Hard was first in 77% of its wins and in 11% of its losses.
- A seed's face is its vine's value: seed your own tokens with high dice, and when a die must go on
  an opponent's empty token, give them a low one. In its wins Hard's own seeds average 4.2 and the
  seeds it gives 1.4; its opponent's given seeds average 2.8.
- Spend karma during the game rather than keep it: two unused karma are worth only 1 point at the
  end. Hard spends about 5.6 karma a game, a third of it shifting a die by one to complete a vine
  or make a better seed; Medium did not shift once in those games and ended with more karma unused.
"""

OPTIONS = (
    OptionSpec(
        "golden",
        N_("Sunny Golden Hybrid"),
        "bool",
        False,
        N_("Adds one gold die per player; gold dice add 1 to a vine's value."),
    ),
    OptionSpec(
        "dicey",
        N_("Dicey Tomato Rules"),
        "bool",
        False,
        N_("A harvest matching its slot number scores 6; red dice left on vines score."),
    ),
    OptionSpec(
        "overload",
        N_("Karma Overload"),
        "bool",
        False,
        N_("Karma equal to the value you complete, plus karma bits for generous dice."),
    ),
    OptionSpec(
        "update_2023",
        N_("2023 update"),
        "bool",
        False,
        N_("Karma up to 12 during your turn; a Dicey match scores 7."),
    ),
    OptionSpec(
        "open_empty",
        N_("Open = empty"),
        "bool",
        False,
        N_("Every empty token is open for a seed, however many vines you have."),
    ),
    OptionSpec(
        "clean_any",
        N_("Clean any vine"),
        "bool",
        False,
        N_("The clean karma action may target any player's vine."),
    ),
)


def new_state(num_players: int, options: dict | None = None) -> DicedTomatoesState:
    """A new game for 1–6 players with ``options`` (names of :data:`OPTIONS`)."""
    return DicedTomatoesState(num_players, options or {})


GAME = GameSpec(
    id="diced-tomatoes",
    title=N_("Diced Tomatoes"),
    min_players=1,
    max_players=6,
    description=N_("Grow dice vines into tomatoes; give rivals the dice you don't want."),
    options=OPTIONS,
    new_state=new_state,
    state_from_dict=DicedTomatoesState.from_dict,
    action_codec=RecordCodec(ACTION_CLASSES),
    notation=Notation(format_position, parse_position),
    rules_summary=RULES_SUMMARY,
    bots=BOTS,
    solo=True,
    apply_event=apply_event,
    validator=validate,
    # 2: a player places their dice before passing (issue 14); 3: solo karma by the seed's
    # face, no karma bit for a die set aside in solo (issue 35)
    rules_version=4,
)

__all__ = [
    "GAME",
    "RULES_SUMMARY",
    "OPTIONS",
    "DicedTomatoesState",
    "evaluate",
    "format_position",
    "parse_position",
    "new_state",
]
