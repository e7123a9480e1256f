"""What each Potion Explosion seat did in its last turn, read from the match's events: the
strip under each opponent's desk shows it, and its tooltip says it."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.potion_explosion.state import (
    Exploded,
    MarbleTaken,
    PoolStolen,
    PotionCompleted,
    TurnStarted,
)


@dataclass
class LastTurn:
    """What a seat did in its last turn: the ``colours`` of the marbles it took (in order) and
    the ``completed`` potion tiles."""

    colours: list = field(default_factory=list)
    completed: list = field(default_factory=list)


def last_turns(events, players: int) -> dict:
    """``{seat: LastTurn}``: what each seat took (marbles, by colour, in order) and completed in
    its latest turn, read from the match's ``events`` (``(history index, event)`` pairs).

    Read from the end, stopping once every seat's latest turn is found: the table asks after
    every step, and a whole game's events are thousands."""
    out: dict[int, LastTurn] = {}
    since_start: list = []  # the events after the turn start being looked for, newest first
    for _index, event in reversed(events):
        if not isinstance(event, TurnStarted):
            since_start.append(event)
            continue
        if event.player < players and event.player not in out:
            out[event.player] = _turn_of(reversed(since_start))
            if len(out) == players:
                break
        since_start = []
    return out


def _turn_of(events) -> LastTurn:
    """What one turn's ``events`` (oldest first, after its TurnStarted) took and completed."""
    turn = LastTurn()
    for event in events:
        if isinstance(event, MarbleTaken):
            turn.colours.append(event.colour)
        elif isinstance(event, Exploded):
            turn.colours += [event.colour] * len(event.positions)
        elif isinstance(event, PoolStolen):
            turn.colours += list(event.colours)
        elif isinstance(event, PotionCompleted):
            turn.completed.append(event.tile)
    return turn
