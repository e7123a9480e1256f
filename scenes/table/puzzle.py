"""A set-up puzzle watched at its table: said once when its goal is reached, or once when seat
0's turns for it are spent (or the game ended) without reaching it. Pure: no pygame."""

from __future__ import annotations

from typing import Any

from translation import _


class PuzzleWatch:
    """The puzzle (:class:`engine.puzzles.Puzzle`, or None) a ``match`` is played from.
    ``turns_at`` is seat 0's turns started when the puzzle was set: its allowance of
    ``puzzle.turns`` counts from there."""

    def __init__(self, match: Any, puzzle: Any = None):
        self.match = match
        self.solved = False
        self.failed = False
        self.turns_at = 0
        self.puzzle = puzzle

    @property
    def puzzle(self) -> Any:
        return self._puzzle

    @puzzle.setter
    def puzzle(self, puzzle: Any) -> None:
        self._puzzle = puzzle
        self.turns_at = self.match.turns_by_seat()[0] if self.match.seats else 0

    def check(self) -> str | None:
        """The sentence to say now (once), or None."""
        puzzle, match = self.puzzle, self.match
        if puzzle is None or self.solved or self.failed:
            return None
        events = [event for _step, event in match.events]
        if puzzle.check(match.start_state(), match.state, events):
            self.solved = True
            return _("Puzzle solved! {goal}").format(goal=_(puzzle.goal))
        spent = match.turns_by_seat()[0] - self.turns_at >= puzzle.turns
        if spent or match.is_terminal():
            self.failed = True
            return _(
                "Not solved this time: {goal} Start the puzzle again to try once more."
            ).format(goal=_(puzzle.goal))
        return None
