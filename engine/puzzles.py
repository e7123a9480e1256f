"""Set-up puzzles: instructive positions with a goal, started from New game.

Each :class:`Puzzle` is a position in its game's notation (``GameSpec.notation``), a goal in plain
words and the test of that goal, ``check(start, state) -> bool`` over the starting state and a
later one. The person plays seat 0; a puzzle's goal must be reached within ``turns`` of that
seat's turns. The tests play every puzzle with the Hard bot in seat 0 and check it is solved.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from i18n import N_


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: ``id`` (unique), ``game`` (a game id), ``title`` and ``goal`` (English, marked
    with ``N_``; translate where shown), ``position`` (notation text), ``check(start, state)``
    and ``turns`` (seat 0's turns allowed)."""

    id: str
    game: str
    title: str
    goal: str
    position: str
    check: Callable[[Any, Any], bool]
    turns: int = 1


# --- Diced Tomatoes -------------------------------------------------------------------------
def _harvested(start, state) -> list:
    """Seat 0's harvests since ``start`` (values, slot order)."""
    return list(state.score[0][len(start.score[0]):])


PUZZLES = (
    Puzzle("dt-red-not-black", "diced-tomatoes", N_("Red, not black"),
           N_("Harvest a 5 into score slot 5 this turn."),
           "players=2 phase=turn active=0 last=1 karma=3,3 hand=3r,3b,6r "
           "vines=5r4r6r|-|-/2r|-|- score=1,2,3,4/2",
           lambda start, state: len(state.score[0]) >= 5 and state.score[0][4] == 5),
    Puzzle("dt-shift", "diced-tomatoes", N_("One step to a tomato"),
           N_("Harvest a tomato this turn: your karma can move a die by one."),
           "players=2 phase=turn active=0 last=1 karma=2,3 hand=6r "
           "vines=3r2r4r|-|-/-|-|- score=-/-",
           lambda start, state: len(_harvested(start, state)) >= 1),
    Puzzle("dt-roll-over", "diced-tomatoes", N_("From one to six"),
           N_("Harvest a 6 this turn."),
           "players=2 phase=turn active=0 last=1 karma=4,3 hand=1r "
           "vines=6r6r6r|-|-/-|-|- score=2/1",
           lambda start, state: 6 in _harvested(start, state)),
)


def puzzles_for(game_id: str) -> list[Puzzle]:
    """The puzzles of one game, in menu order."""
    return [puzzle for puzzle in PUZZLES if puzzle.game == game_id]


def get(puzzle_id: str) -> Puzzle:
    """The puzzle with this id; ``KeyError`` otherwise."""
    for puzzle in PUZZLES:
        if puzzle.id == puzzle_id:
            return puzzle
    raise KeyError(puzzle_id)
