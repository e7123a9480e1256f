"""What each Tea Time event does to a position: the one place an event's effect is written.

The rules (:mod:`engine.tea_time.rules`) decide what happens by reading the state, build the
event, and play it here (``rules.emit``); they never write the state themselves. So the events
of a step, applied one by one to the state before the step, give exactly the state after it, and
a table scene animates a step event by event with :func:`apply_event` instead of copying the
rules::

    after = functools.reduce(apply_event, events, before)   # before is left unchanged

Every effect also drops the state's cached legal actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.tea_time.state import (
    ALICE_CARD,
    EMPTY_COLUMN,
    AlicePlaced,
    Card,
    CardDealt,
    CardsCancelled,
    CardsTaken,
    Column,
    FirstPlayerChosen,
    GameEnded,
    Phase,
    RoundEnded,
    RoundStarted,
    Side,
    TeaTimeState,
    TurnStarted,
)


def apply_event(state: TeaTimeState, event: Event) -> TeaTimeState:
    """The state after ``event``: a changed copy; ``state`` itself is not changed.

    Raises ``TypeError`` for an event that is not one of Tea Time's (state.EVENT_CLASSES).
    """
    after = state.clone()
    play_event(after, event)
    return after


def play_event(state: TeaTimeState, event: Event) -> None:
    """Change ``state`` in place as ``event`` says (the rules call it through ``rules.emit``).

    Raises ``TypeError`` for an event that is not one of Tea Time's.
    """
    effect = _EFFECTS.get(type(event))
    if effect is None:
        raise TypeError(f"{type(event).__name__} is not a Tea Time event")
    state._legal = None
    effect(state, event)


# --- set-up and rounds (rules, Components and set-up; A round) ---------------------------------
def _first_player_chosen(state: TeaTimeState, event: FirstPlayerChosen) -> None:
    state.first_player = event.player
    state.alice = event.player


def _round_started(state: TeaTimeState, event: RoundStarted) -> None:
    """A new round: its first player lays out an empty table; no turn yet."""
    state.phase = Phase.DEAL
    state.round = event.round
    state.first_player = event.first_player
    state.active = None
    state.turn = 0
    state.table = [[None] * len(row) for row in state.table]


def _card_dealt(state: TeaTimeState, event: CardDealt) -> None:
    state.deck[event.character] -= 1
    state.table[event.row][event.column] = Card(event.character, Side(event.side))


def _turn_started(state: TeaTimeState, event: TurnStarted) -> None:
    state.phase = Phase.PLAY
    state.active = event.player
    state.turn = event.turn


# --- a turn ------------------------------------------------------------------------------------
def _cards_taken(state: TeaTimeState, event: CardsTaken) -> None:
    """The places empty; each character card joins its column on the side it showed (a column
    may hold both sides until the cancelling that follows); Alice goes to the taker."""
    columns = state.collections[event.player]
    for (row, column), (character, side) in zip(event.cells, event.cards):
        state.table[row][column] = None
        if character == ALICE_CARD.character:
            state.alice = event.player
        else:
            columns[character] = columns.get(character, EMPTY_COLUMN).plus(side)


def _alice_placed(state: TeaTimeState, event: AlicePlaced) -> None:
    state.table[event.row][event.column] = ALICE_CARD
    state.alice = None


def _cards_cancelled(state: TeaTimeState, event: CardsCancelled) -> None:
    columns = state.collections[event.player]
    normal, mirror = columns[event.character]
    columns[event.character] = Column(normal - event.pairs, mirror - event.pairs)
    state.cancelled[event.character] += 2 * event.pairs


def _round_ended(state: TeaTimeState, event: RoundEnded) -> None:
    """Nobody is to move until the next round is laid out (or the game is scored)."""
    state.active = None


def _game_ended(state: TeaTimeState, event: GameEnded) -> None:
    state.phase = Phase.OVER
    state.active = None


# each effect takes its own event class, so the table's value type takes any event
_EFFECTS: dict[type[Event], Callable[[TeaTimeState, Any], None]] = {
    FirstPlayerChosen: _first_player_chosen,
    RoundStarted: _round_started,
    CardDealt: _card_dealt,
    TurnStarted: _turn_started,
    CardsTaken: _cards_taken,
    AlicePlaced: _alice_placed,
    CardsCancelled: _cards_cancelled,
    RoundEnded: _round_ended,
    GameEnded: _game_ended,
}
