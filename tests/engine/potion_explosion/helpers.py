"""Shared helpers for the Potion Explosion tests: positions come from the notation."""

from __future__ import annotations

from engine.core import CHANCE
from engine.potion_explosion.notation import parse_position
from engine.potion_explosion.state import Exploded, MarbleRollsIn, RevealTile

FULL = "RBYKRBYK"
"""An 8-marble track in which no two neighbours match."""

DESK = "-,-/-/-/-/0.0.-.0.0.0"
"""An empty desk in notation."""


def pos(text: str):
    """parse_position with the helper defaults (2 players unless ``n=`` given)."""
    if "n=" not in text.split()[0] and not any(t.startswith("n=") for t in text.split()):
        text = "n=2 " + text
    return parse_position(text)


def roll(state, *colours):
    """Resolve marble chance nodes with the given colours, in order; returns all events."""
    events = []
    for c in colours:
        assert state.current_player() == CHANCE, "no marble is waiting to roll in"
        outcomes = [a for a, _ in state.chance_outcomes()]
        track = outcomes[0].track
        events += state.apply_action(MarbleRollsIn(track, c))
    return events


def reveal(state, *tiles):
    events = []
    for t in tiles:
        stack = [a for a, _ in state.chance_outcomes()][0].stack
        events += state.apply_action(RevealTile(stack, t))
    return events


def of_type(events, cls):
    return [e for e in events if isinstance(e, cls)]


def exploded_places(track, pick, events) -> list:
    """The original places of every exploded marble: each Exploded event's positions index the
    track as it is then, so replay the removals on the list of original places (refill marbles,
    always above them, count as None and are left out)."""
    where = [q for q in range(len(track)) if q != pick] + [None] * 40
    out = []
    for e in of_type(events, Exploded):
        out += [where[i] for i in e.positions]
        for i in sorted(e.positions, reverse=True):
            del where[i]
    return sorted(q for q in out if q is not None)
