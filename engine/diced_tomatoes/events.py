"""What each Diced Tomatoes event does to a position: the one place an event's effect is written.

The rules (:mod:`engine.diced_tomatoes.rules`) decide what happens by reading the state, build
the event, and play it here (``rules.emit``); they never write the state themselves. So the
events of a step, applied one by one to the state before the step, give exactly the state after
it, and the table scene animates a step event by event with :func:`apply_event` instead of
copying the rules::

    after = functools.reduce(apply_event, events, before)   # before is left unchanged

Each effect below names the fields it changes; an event that changes nothing (a
:class:`~engine.diced_tomatoes.state.VineCompleted` only tells the log) has an empty effect.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.core import Event
from engine.diced_tomatoes.state import (
    CLEANUP,
    OVER,
    TURN,
    DecisionsPending,
    DicedTomatoesState,
    DieChanged,
    DieDrawn,
    DiePassed,
    DiePlaced,
    DieRolled,
    Ending,
    FinalRound,
    FirstRollMade,
    FirstRollTied,
    GameEnded,
    KarmaBitGained,
    KarmaBitsTraded,
    KarmaGained,
    KarmaLost,
    KarmaSpent,
    NextPlayer,
    RerollStarted,
    SeedFlipped,
    TurnEnded,
    TurnOrderChosen,
    TurnStarted,
    VineCleared,
    VineCompleted,
    VineHarvested,
    VineKept,
    rolled,
    unrolled,
)


def apply_event(state: DicedTomatoesState, event: Event) -> DicedTomatoesState:
    """The state after ``event``: a changed copy; ``state`` itself is not changed.

    Raises ``TypeError`` for an event that is not one of Diced Tomatoes' (state.EVENT_CLASSES).
    """
    after = state.clone()
    play_event(after, event)
    return after


def play_event(state: DicedTomatoesState, event: Event) -> None:
    """Change ``state`` in place as ``event`` says (used by the rules through ``rules.emit``).

    Raises ``TypeError`` for an event that is not one of Diced Tomatoes'.
    """
    effect = _EFFECTS.get(type(event))
    if effect is None:
        raise TypeError(f"{type(event).__name__} is not a Diced Tomatoes event")
    effect(state, event)


# --- the first-player roll (rules, Setup; DT-D1) ----------------------------------------------
def _first_roll_made(state, event: FirstRollMade) -> None:
    state.rolls.append(event.face)


def _first_roll_tied(state, event: FirstRollTied) -> None:
    state.rollers = tuple(event.players)
    state.rolls = []


def _turn_order_chosen(state, event: TurnOrderChosen) -> None:
    state.rollers = ()
    state.rolls = []
    state.last_player = event.last_player


# --- a turn ----------------------------------------------------------------------------------
def _next_player(state, event: NextPlayer) -> None:
    state.phase = TURN
    state.active = event.player


def _turn_started(state, event: TurnStarted) -> None:
    state.phase = TURN
    state.active = event.player
    state.hand = [unrolled(colour) for colour in state.passed]
    state.passed = []
    state.to_draw = event.draws


def _die_drawn(state, event: DieDrawn) -> None:
    state.bushel[event.colour] -= 1
    state.to_draw -= 1
    state.hand.append(unrolled(event.colour))


def _die_rolled(state, event: DieRolled) -> None:
    state.hand[event.die] = rolled(event.colour, event.face)


def _die_placed(state, event: DiePlaced) -> None:
    state.hand[event.die] = None
    state.vines[event.owner][event.token].append(rolled(event.colour, event.face))


def _die_passed(state, event: DiePassed) -> None:
    state.hand[event.die] = None
    state.passed.append(event.colour)


def _turn_ended(state, event: TurnEnded) -> None:
    state.phase = CLEANUP


# --- vines: harvest, clearing, clean-up decisions ---------------------------------------------
def _vine_completed(state, event: VineCompleted) -> None:
    """Tells the log the vine is complete; the harvest (or not) is its own event."""


def _vine_harvested(state, event: VineHarvested) -> None:
    state.score[event.owner].append(event.value)
    for colour in event.returned:
        state.bushel[colour] += 1
    state.vines[event.owner][event.token] = []


def _vine_cleared(state, event: VineCleared) -> None:
    for colour in event.returned:
        state.bushel[colour] += 1
    state.vines[event.owner][event.token] = []
    _decided(state, event.owner, event.token)


def _decisions_pending(state, event: DecisionsPending) -> None:
    state.pending = [(owner, token) for owner, token in event.vines]


def _vine_kept(state, event: VineKept) -> None:
    _decided(state, event.owner, event.token)


def _decided(state, owner: int, token: int) -> None:
    """A vine cleared or kept needs no clean-up decision any more."""
    if (owner, token) in state.pending:
        state.pending.remove((owner, token))


def _final_round(state, event: FinalRound) -> None:
    state.final_round = True
    if state.first_six is None:
        state.first_six = event.player


# --- karma ----------------------------------------------------------------------------------
def _karma_gained(state, event: KarmaGained) -> None:
    state.karma[event.player] = event.karma


def _karma_bit_gained(state, event: KarmaBitGained) -> None:
    state.bits[event.player] = event.bits


def _karma_bits_traded(state, event: KarmaBitsTraded) -> None:
    state.bits[event.player] = event.bits


def _karma_spent(state, event: KarmaSpent) -> None:
    state.karma[event.player] = event.karma


def _karma_lost(state, event: KarmaLost) -> None:
    state.karma[event.player] = event.karma


def _reroll_started(state, event: RerollStarted) -> None:
    state.hand[event.die] = unrolled(event.colour)  # a chance node rolls it again


def _die_changed(state, event: DieChanged) -> None:
    state.hand[event.die] = rolled(event.colour, event.new)


def _seed_flipped(state, event: SeedFlipped) -> None:
    vine = state.vines[event.owner][event.token]
    vine[0] = rolled(vine[0].colour, event.new)


# --- the end --------------------------------------------------------------------------------
def _game_ended(state, event: GameEnded) -> None:
    state.phase = OVER
    state.ended = Ending(event.reason)
    state.to_draw = 0
    if not any(state.hand):
        state.hand = []  # the last turn's dice are all placed or passed


_EFFECTS: dict[type, Callable] = {
    FirstRollMade: _first_roll_made,
    FirstRollTied: _first_roll_tied,
    TurnOrderChosen: _turn_order_chosen,
    NextPlayer: _next_player,
    TurnStarted: _turn_started,
    DieDrawn: _die_drawn,
    DieRolled: _die_rolled,
    DiePlaced: _die_placed,
    DiePassed: _die_passed,
    TurnEnded: _turn_ended,
    VineCompleted: _vine_completed,
    VineHarvested: _vine_harvested,
    VineCleared: _vine_cleared,
    DecisionsPending: _decisions_pending,
    VineKept: _vine_kept,
    FinalRound: _final_round,
    KarmaGained: _karma_gained,
    KarmaBitGained: _karma_bit_gained,
    KarmaBitsTraded: _karma_bits_traded,
    KarmaSpent: _karma_spent,
    KarmaLost: _karma_lost,
    RerollStarted: _reroll_started,
    DieChanged: _die_changed,
    SeedFlipped: _seed_flipped,
    GameEnded: _game_ended,
}
