"""Small helpers for the Tea Time tests: positions from the notation, takes by place."""

from __future__ import annotations

from engine.core import CHANCE
from engine.tea_time import parse_position
from engine.tea_time.state import DealCard, PickFirstPlayer, TakeCards, TeaTimeState


def pos(text: str) -> TeaTimeState:
    """A position from the notation (missing fields take their defaults)."""
    return parse_position(text)


def take(state: TeaTimeState, *cells) -> list:
    """Take the cards at ``cells`` (``(row, column)`` from 0); returns the events."""
    return state.apply_action(TakeCards(tuple(cells)))


def lines(state: TeaTimeState) -> set:
    """The legal takes as a set of place tuples."""
    return {action.cells for action in state.legal_actions()}


def deal(state: TeaTimeState, characters: str = "", first_player: int = 0) -> list:
    """Resolve chance nodes: round 1's first player is ``first_player``; cards are dealt from
    ``characters`` in order (letters), then the first character left in the deck."""
    letters = list(characters)
    events = []
    while state.current_player() == CHANCE:
        outcomes = [action for action, _ in state.chance_outcomes()]
        if isinstance(outcomes[0], PickFirstPlayer):
            action = PickFirstPlayer(first_player)
        else:
            action = DealCard(letters.pop(0)) if letters else outcomes[0]
        events += state.apply_action(action)
    return events


def event_types(events) -> list:
    return [type(event).__name__ for event in events]


def column(state: TeaTimeState, seat: int, character: str) -> tuple:
    """``(normal, mirror)`` of a seat's column."""
    return tuple(state.collections[seat][character])
