"""What each Shifting Stones event does to a position: the one place an event's effect is written.

The rules (:mod:`engine.shifting_stones.rules`) decide what happens by reading the state, build
the event, and play it here (``rules.emit``); they never write the state themselves. So the events
of a step, applied one by one to the state before the step, give exactly the state after it, and
a table animates a step event by event with :func:`apply_event` instead of copying the rules::

    after = functools.reduce(apply_event, events, before)   # before is left unchanged

A table shows the whole position only to the players it belongs to: a :class:`CardDrawn` names
the card drawn, which only its drawer may see. Every effect also drops the state's cached legal
actions.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.shifting_stones.state import (
    BonusAwarded,
    CardDrawn,
    CardPaid,
    CardScored,
    DeckReshuffled,
    FirstPlayerChosen,
    GameEnded,
    LastRound,
    NothingToDraw,
    Phase,
    ShiftingStonesState,
    SoloCardChosen,
    SoloGameEnded,
    StoneFlipped,
    StonePlaced,
    StonesShifted,
    StrikeGiven,
    TurnEnded,
    TurnSkipped,
    TurnStarted,
)


def apply_event(state: ShiftingStonesState, event: Event) -> ShiftingStonesState:
    """The state after ``event``: a changed copy; ``state`` itself is not changed.

    Raises ``TypeError`` for an event that is not one of Shifting Stones' (state.EVENT_CLASSES).
    """
    after = state.clone()
    play_event(after, event)
    return after


def play_event(state: ShiftingStonesState, event: Event) -> None:
    """Change ``state`` in place as ``event`` says (the rules call it through ``rules.emit``).

    Raises ``TypeError`` for an event that is not one of Shifting Stones'.
    """
    effect = _EFFECTS.get(type(event))
    if effect is None:
        raise TypeError(f"{type(event).__name__} is not a Shifting Stones event")
    state._legal = None
    effect(state, event)


# --- set-up (rules, Components and set-up) -------------------------------------------------------
def _stone_placed(state: ShiftingStonesState, event: StonePlaced) -> None:
    state.grid[event.square] = event.face


def _solo_card_chosen(state: ShiftingStonesState, event: SoloCardChosen) -> None:
    state.out_of_play.remove(event.card)
    state.deck.append(event.card)
    state.deck.sort()


def _card_drawn(state: ShiftingStonesState, event: CardDrawn) -> None:
    """The card leaves the deck for the player's hand (added at its end); while a turn's draws
    are under way, one fewer is still to draw."""
    state.deck.remove(event.card)
    state.hands[event.player].append(event.card)
    if state.phase == Phase.DRAW:
        state.to_draw -= 1


def _first_player_chosen(state: ShiftingStonesState, event: FirstPlayerChosen) -> None:
    state.first_player = event.player


def _turn_started(state: ShiftingStonesState, event: TurnStarted) -> None:
    state.phase = Phase.PLAY
    state.active = event.player
    state.acted = False
    state.scored_now = 0
    state.paid = None
    state.to_draw = 0


# --- a turn (rules, A turn) ----------------------------------------------------------------------
def _turn_skipped(state: ShiftingStonesState, event: TurnSkipped) -> None:
    state.skipped[event.player] = True
    state.phase = Phase.DRAW
    state.to_draw = event.draws


def _card_paid(state: ShiftingStonesState, event: CardPaid) -> None:
    state.hands[event.player].remove(event.card)
    state.discard.append(event.card)
    state.paid = event.card
    state.acted = True


def _stones_shifted(state: ShiftingStonesState, event: StonesShifted) -> None:
    state.grid[event.first] = event.second_face
    state.grid[event.second] = event.first_face
    state.paid = None


def _stone_flipped(state: ShiftingStonesState, event: StoneFlipped) -> None:
    state.grid[event.square] = event.face
    state.paid = None


def _card_scored(state: ShiftingStonesState, event: CardScored) -> None:
    state.hands[event.player].remove(event.card)
    state.scored[event.player].append(event.card)
    state.acted = True
    state.scored_now += 1


def _last_round(state: ShiftingStonesState, event: LastRound) -> None:
    state.last_round = True


def _turn_ended(state: ShiftingStonesState, event: TurnEnded) -> None:
    state.skipped[event.player] = False
    state.phase = Phase.DRAW
    state.to_draw = event.draws


# --- drawing (rules, A turn; SS-D6) --------------------------------------------------------------
def _deck_reshuffled(state: ShiftingStonesState, event: DeckReshuffled) -> None:
    state.deck = sorted(state.deck + state.discard)
    state.discard = []


def _nothing_to_draw(state: ShiftingStonesState, event: NothingToDraw) -> None:
    state.to_draw = 0


# --- the end (rules, End and score; Solo) --------------------------------------------------------
def _strike_given(state: ShiftingStonesState, event: StrikeGiven) -> None:
    state.strikes = event.strikes


def _bonus_awarded(state: ShiftingStonesState, event: BonusAwarded) -> None:
    """The bonus is counted by the score sheet from the scored cards: nothing to change."""


def _game_ended(state: ShiftingStonesState, event: Event) -> None:
    state.phase = Phase.OVER
    state.to_draw = 0
    state.paid = None


# each effect takes its own event class, so the table's value type takes any event
_EFFECTS: dict[type[Event], Callable[[ShiftingStonesState, Any], None]] = {
    StonePlaced: _stone_placed,
    SoloCardChosen: _solo_card_chosen,
    CardDrawn: _card_drawn,
    FirstPlayerChosen: _first_player_chosen,
    TurnStarted: _turn_started,
    TurnSkipped: _turn_skipped,
    CardPaid: _card_paid,
    StonesShifted: _stones_shifted,
    StoneFlipped: _stone_flipped,
    CardScored: _card_scored,
    LastRound: _last_round,
    TurnEnded: _turn_ended,
    DeckReshuffled: _deck_reshuffled,
    NothingToDraw: _nothing_to_draw,
    StrikeGiven: _strike_given,
    BonusAwarded: _bonus_awarded,
    GameEnded: _game_ended,
    SoloGameEnded: _game_ended,
}
