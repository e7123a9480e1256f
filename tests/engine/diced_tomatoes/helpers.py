"""Small helpers for the Diced Tomatoes tests: positions from notation, moves by name."""

from __future__ import annotations

from engine.core import CHANCE
from engine.diced_tomatoes import parse_position
from engine.diced_tomatoes.state import (
    DicedTomatoesState,
    DrawDie,
    EndTurn,
    PassDie,
    PlaceDie,
    RollDie,
)


def pos(text: str) -> DicedTomatoesState:
    """A position from the notation (missing fields take their defaults)."""
    return parse_position(text)


def placements(state) -> set:
    """``{(die, owner, token), ...}`` of the legal placements."""
    return {(a.die, a.owner, a.token) for a in state.legal_actions() if isinstance(a, PlaceDie)}


def place(state, die: int, owner: int, token: int) -> list:
    return state.apply_action(PlaceDie(die, owner, token))


def event_types(events) -> list:
    return [type(e).__name__ for e in events]


def resolve(state, faces=(), colours=()) -> list:
    """Resolve chance nodes: draws take ``colours`` in order (else the first colour left), rolls
    take ``faces`` in order (else 6). Returns all events."""
    faces, colours = list(faces), list(colours)
    events = []
    while state.current_player() == CHANCE:
        outcomes = [a for a, _ in state.chance_outcomes()]
        first = outcomes[0]
        if isinstance(first, DrawDie):
            action = DrawDie(colours.pop(0)) if colours else first
        elif isinstance(first, RollDie):
            action = RollDie(first.die, faces.pop(0) if faces else 6)
        else:
            action = type(first)(faces.pop(0)) if faces else first
        events += state.apply_action(action)
    return events


def pass_or_place_all(state) -> None:
    """Finish the active player's dice: place each on its first target, or pass it."""
    while True:
        acts = [a for a in state.legal_actions() if isinstance(a, (PlaceDie, PassDie))]
        if not acts:
            return
        state.apply_action(acts[0])


def end_turn(state) -> list:
    return state.apply_action(EndTurn())
