"""How fast a computer player's turn plays at a table: its first moves at double speed, then
faster, so that a whole turn of a bot takes about :data:`BOT_TURN_SECONDS` at normal speed
(Potion Explosion's took 14 s, up to 26 s); a person's steps play at the speed set. No pygame.
"""

from __future__ import annotations

from typing import Any

BOT_TURN_SECONDS = 5.0
"""About how long a computer player's whole turn plays at normal speed."""
BOT_PACES = ((2.5, 0.5), (4.0, 0.25), (BOT_TURN_SECONDS, 0.1))
"""``(seconds of the bot's turn played so far, pace)``: its first moves at double speed, then
faster, so a long turn still ends in about :data:`BOT_TURN_SECONDS`."""
BOT_PAUSE = 0.35
"""Seconds (at normal speed) between two moves of a computer player."""


class BotPace:
    """The pace of the bot turns of ``match``: ``turn`` is ``(turn, seat)`` of the bot turn
    being played, ``spent`` its seconds played so far at normal speed."""

    def __init__(self, match: Any):
        self.match = match
        self.turn: tuple | None = None
        self.spent = 0.0

    def _bot_owns(self, state=None) -> int | None:
        owner = self.match.turn_owner(state)
        seats = self.match.seats
        return owner if 0 <= owner < len(seats) and seats[owner].is_bot else None

    def for_step(self, before: Any) -> float:
        """How fast the step from ``before`` plays: 1 for a person's, less (faster) for a
        bot's turn (its luck included) the longer it has played."""
        owner = self._bot_owns(before)
        if owner is None:
            return 1.0
        turn = (self.match.turn_count(), owner)
        if turn != self.turn:
            self.turn, self.spent = turn, 0.0
        return self.now(owner)

    def now(self, owner: int | None = -1) -> float:
        """The pace of the bot turn playing now (1 when none does)."""
        if owner == -1:
            owner = self._bot_owns()
        if owner is None:
            return 1.0
        return next((pace for spent, pace in BOT_PACES if self.spent < spent), BOT_PACES[-1][1])
