"""Small helpers for the Shifting Stones tests: positions from the notation, moves by name."""

from __future__ import annotations

from collections import Counter

from engine.core import CHANCE
from engine.shifting_stones import parse_position
from engine.shifting_stones.data import CARD_IDS, OTHER_FACE, STONES
from engine.shifting_stones.rules import ADJACENT, matches
from engine.shifting_stones.state import DrawCard, Flip, Pay, Shift, ShiftingStonesState

GRID = "SFB/HOE/TTO"
"""A legal grid: sun; fish, bird; horse, boat, boat; seed, tree, tree."""


def pos(text: str) -> ShiftingStonesState:
    """A position from the notation (missing fields take their defaults)."""
    return parse_position(text)


def shift(state: ShiftingStonesState, card: int, first: int, second: int) -> list:
    """Pay ``card`` and swap the stones on ``first`` and ``second``; returns the events."""
    return state.apply_action(Pay(card)) + state.apply_action(Shift(first, second))


def flip(state: ShiftingStonesState, card: int, square: int) -> list:
    """Pay ``card`` and flip the stone on ``square``; returns the events."""
    return state.apply_action(Pay(card)) + state.apply_action(Flip(square))


def draw(state: ShiftingStonesState, *cards: int) -> list:
    """Resolve chance nodes: draw ``cards`` in order, then the first card of the deck."""
    wanted = list(cards)
    events = []
    while state.current_player() == CHANCE:
        outcomes = [action for action, _ in state.chance_outcomes()]
        action = DrawCard(wanted.pop(0)) if wanted else outcomes[0]
        events += state.apply_action(action)
    return events


def event_types(events) -> list:
    return [type(event).__name__ for event in events]


def check_components(state: ShiftingStonesState) -> None:
    """The game's own invariants: 9 stones (1 sun/moon, 2 fish/bird, 3 horse/boat, 3 seed/tree)
    once the grid is laid; each of the 72 cards in exactly one place (hands, deck, discard pile,
    scored cards, and in solo out of play: the 16-card deck's cards in play, 56 out)."""
    faces = [face for face in state.grid if face is not None]
    if len(faces) == 9:
        stones = Counter()
        for face in faces:
            for first, second, _count in STONES:
                if face in (first, second):
                    stones[first] += 1
        assert stones == {first: count for first, _second, count in STONES}
    places = [*state.hands, state.deck, state.discard, *state.scored, state.out_of_play]
    cards = [card for pile in places for card in pile]
    assert sorted(cards) == list(CARD_IDS), "a card is lost or doubled"
    if state.solo:
        in_play = len(cards) - len(state.out_of_play)
        if state.phase != "setup":
            assert (in_play, len(state.out_of_play)) == (16, 56)


def brute_distance(grid: str, card: int, limit: int = 3) -> int | None:
    """Payments ``card`` is from matching ``grid`` (9 letters), by a search over grids as
    text written for the tests alone (not the bots' coded search)."""
    frontier, seen = [grid], {grid}
    for moves in range(limit + 1):
        if any(matches(card, g) for g in frontier):
            return moves
        following = []
        for g in frontier:
            nexts = []
            for first, second in ADJACENT:
                letters = list(g)
                letters[first], letters[second] = letters[second], letters[first]
                nexts.append("".join(letters))
            for square in range(9):
                letters = list(g)
                letters[square] = OTHER_FACE[letters[square]]
                nexts.append("".join(letters))
            for n in nexts:
                if n not in seen:
                    seen.add(n)
                    following.append(n)
        frontier = following
    return None
