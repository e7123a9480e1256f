"""Moving through a recorded game: by step, by turn, to any step (the replay you can scrub).

A :class:`ReplayCursor` drives a :class:`engine.match.Match` through a game's history. Forward it
applies the next recorded steps; backward it rewinds the match (the history prefix replayed from
the start position, no reverse rules), so every position it shows is the position the game had.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from engine.core import CHANCE, IllegalAction, TurnStarted
from engine.match import HistoryEntry, Match


def _turns_counted(state) -> int | None:
    """The turns ``state`` says have started (its optional ``turns_by_seat()``), or None
    when it does not count them."""
    counting = getattr(state, "turns_by_seat", None)
    return sum(counting()) if callable(counting) else None


class ReplayCursor:
    """Where a replay of ``history`` (a list of :class:`HistoryEntry`) stands on ``match``.

    ``match`` must be at its start position (no steps yet). The whole game is played through
    once to learn where its turns start, then rewound. Raises ``ValueError`` naming the step
    when the history cannot be replayed (a damaged record).

    Positions count steps: position 0 is the start, ``length`` the end. Turn numbers start at 1
    and are the game's own (its :class:`TurnStarted` events, as the match counts them and the
    log numbers them): turn *n* begins at the position just after the step that started it;
    steps before the first turn (the set-up's draws and decisions) belong to turn 1.
    """

    def __init__(self, match: Match, history: Sequence[HistoryEntry]):
        if match.history:
            raise ValueError("A replay starts from a game with no steps yet.")
        self.match = match
        self.history = list(history)
        started: set[int] = set()
        self.checkpoints: list[tuple[int, object]] = [(0, match.state.clone())]
        """``(steps, state after them)`` at the start of every turn: going back replays from
        the nearest one (a long game would replay hundreds of steps per key press)."""
        counted_before_first: int | None = None
        for entry in self.history:
            if not started:
                counted_before_first = _turns_counted(match.state)
            events = self._apply(entry)
            if any(isinstance(event, TurnStarted) for event in events):
                started.add(self.position)
                self.checkpoints.append((self.position, match.state.clone()))
        starts = sorted(started)
        self.turn_starts = ([0] if self._turn_before(starts, counted_before_first) else []) + starts
        """Positions where each turn begins, in order (turn 1 first)."""
        if not self.turn_starts:
            self.turn_starts = [0]
        self.match.rewind_to(0)

    def _turn_before(self, starts: list[int], counted: int | None) -> bool:
        """Whether the steps before the first :class:`TurnStarted` are a turn of their own:
        a seat decided something there, and the game does not call it set-up. A state that
        counts its turns (``turns_by_seat()``) says so (``counted``, its count just before
        the first turn began: 0 after Off the Rails' edge choice or Potion Explosion's
        starter draft, which are set-up, so the replay's turn numbers are the log's "Turn
        N"); a game without that count began a turn unannounced (Diced Tomatoes solo starts
        its first turn as it is set up: :meth:`Match.opening_turn`)."""
        if not starts or self.match.opening_turn() is not None:
            return True
        decided = any(entry.player >= 0 for entry in self.history[: starts[0] - 1])
        return decided and (counted is None or counted > 0)

    def _apply(self, entry: HistoryEntry) -> list:
        index = len(self.match.history) + 1
        try:
            if entry.player == CHANCE:
                return self.match.resolve_chance(entry.action)
            if entry.player != self.match.current_player():
                raise IllegalAction("it is recorded for the wrong player")
            return self.match.apply(entry.action)
        except IllegalAction as err:
            raise ValueError(f"step {index} cannot be replayed: {err.reason}") from None

    # --- where ------------------------------------------------------------------------------
    @property
    def position(self) -> int:
        """Steps shown so far (0 at the start)."""
        return len(self.match.history)

    @property
    def length(self) -> int:
        """Steps in the whole game."""
        return len(self.history)

    @property
    def at_end(self) -> bool:
        return self.position >= self.length

    @property
    def turn_total(self) -> int:
        """Turns in the whole game."""
        return len(self.turn_starts)

    def turn_at(self, position: int | None = None) -> int:
        """The turn (1-based) that ``position`` (default: the current one) is in."""
        position = self.position if position is None else position
        return max(1, bisect.bisect_right(self.turn_starts, position))

    def turn_position(self, turn: int) -> int:
        """Where turn ``turn`` begins as its player sees it (clamped to 1..:attr:`turn_total`):
        after the step that started it and the luck that opens it (the dice drawn and rolled,
        the cards dealt), never past the next turn's start. A play-tester jumped to a turn
        whose log said "drew 3 dice" while the hand was empty; the first turn's start showed
        an empty grid before the deal."""
        turn = max(1, min(self.turn_total, turn))
        position = self.turn_starts[turn - 1]
        end = self.turn_starts[turn] if turn < self.turn_total else self.length
        while position < end and self.history[position].player == CHANCE:
            position += 1
        return position

    # --- moving -----------------------------------------------------------------------------
    def step_forward(self) -> list | None:
        """Apply the next step; returns its events, or None at the end."""
        if self.at_end:
            return None
        return self._apply(self.history[self.position])

    @property
    def opening(self) -> int:
        """Where the game opens as players see it: after the set-up's luck (the tiles, cards
        or dice dealt), before its first decision (a play-tester's Home showed an empty grid
        before the deal)."""
        position = 0
        while position < self.length and self.history[position].player == CHANCE:
            position += 1
        return position

    def next_stop(self) -> int:
        """Where one step forward as a player counts it ends: after the next step and the luck
        that follows it (refills, draws, rolls, reveals), before the next decision or at the
        end. Stepping through the forty draws that fill Potion Explosion's dispenser one by one
        before the first move tired a play-tester."""
        position = min(self.length, self.position + 1)
        while position < self.length and self.history[position].player == CHANCE:
            position += 1
        return position

    def previous_stop(self) -> int:
        """Where one step back as a player counts it ends: just before the decision whose
        step (with its luck) led here, or the start when only luck came before."""
        position = self.position - 1
        while position > 0 and self.history[position].player == CHANCE:
            position -= 1
        return max(0, position)

    def go_to(self, position: int) -> None:
        """Show the game after ``position`` steps (clamped to 0..length)."""
        position = max(0, min(self.length, int(position)))
        if position < self.position:
            index = bisect.bisect_right([steps for steps, _ in self.checkpoints], position) - 1
            self.match.rewind_to(position, self.checkpoints[index])
        while self.position < position:
            self._apply(self.history[self.position])

    def next_turn(self) -> int:
        """The position where the next turn begins (the end after the last turn)."""
        turn = self.turn_at()
        return self.turn_position(turn + 1) if turn < self.turn_total else self.length

    def previous_turn(self) -> int:
        """The position where this turn began, or the turn before when already at its start
        (the start of the game before the first turn)."""
        turn = self.turn_at()
        if self.position > self.turn_position(turn):
            return self.turn_position(turn)
        return self.turn_position(turn - 1) if turn > 1 else 0
