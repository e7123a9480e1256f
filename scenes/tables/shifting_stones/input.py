"""What a click or drag means at the Shifting Stones table: pure, no display.

A move takes at most two gestures. Drag a stone onto its neighbour (a swap) or click a stone (a
flip), then click the card that pays for it; or click the card first, then the stone. A card
that matches the grid is scored by clicking it (while no move waits for a payment). The half
made choice is a :class:`Selection`; whether the move may be made is always asked of the engine
(``refusal`` on the position once the card is paid), never decided here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import IllegalAction
from engine.shifting_stones import rules
from engine.shifting_stones.data import card_name, card_words
from engine.shifting_stones.state import HIDDEN, EndTurn, Flip, Pay, Score, Shift, Skip
from scenes.table.protocol import Act, ActAll, Confirm, Refuse, Select
from translation import _

Move = Shift | Flip


@dataclass(frozen=True)
class Selection:
    """The half-made move: ``card`` chosen to pay (None if not yet), ``move`` the swap or
    flip chosen (None if not yet)."""

    card: int | None = None
    move: Move | None = None

    @property
    def empty(self) -> bool:
        return self.card is None and self.move is None


def describe_move(state, move: Move) -> str:
    """The move in the engine's words ("Flip the stone at centre (Horse to Boat)")."""
    return rules.describe_action(state, move)


def move_refusal(state, move: Move, card: int | None = None) -> str | None:
    """Why ``move`` could not follow a payment now (the engine's reason), or None. With a card
    already paid the engine answers as it is; otherwise it is asked on a copy of the position
    where ``card`` (or, with none chosen, any card of the hand) was paid first."""
    if state.paid is not None:
        return rules.refusal(state, move)
    hand = (
        [held for held in state.hands[state.active] if held != HIDDEN]
        if state.active is not None
        else []
    )
    payer = card if card is not None else (hand[0] if hand else None)
    if payer is None:
        return rules.refusal(state, move)  # "Discard a card first": nothing to pay with
    paid = state.clone()
    try:
        paid.apply_action(Pay(payer))
    except IllegalAction as error:  # the engine's own reason for the payment
        return str(error)
    return rules.refusal(paid, move)


def make(state, legal: list, card: int, move: Move):
    """The intent paying ``card`` for ``move`` (both chosen): the two actions in turn, or the
    engine's reason why not."""
    pay = Pay(card)
    if pay not in legal:
        return Refuse(rules.refusal(state, pay) or _("That card cannot pay now."), Selection())
    reason = move_refusal(state, move, card)
    if reason is not None:
        return Refuse(reason, Selection(card=card))
    return ActAll((pay, move))


def choose_move(state, legal: list, selection: Selection, move: Move):
    """A stone was clicked (a flip) or dragged onto another (a swap)."""
    if state.paid is not None:  # a card is paid already: the move is made at once
        reason = rules.refusal(state, move)
        return Refuse(reason) if reason else Act(move)
    reason = move_refusal(state, move, selection.card)
    if reason is not None:
        return Refuse(reason, Selection(card=selection.card))
    if selection.card is not None:
        return make(state, legal, selection.card, move)
    if selection.move == move:
        return Select(Selection())  # clicked again: dropped
    return Select(
        Selection(move=move),
        _("{move}: now click the card from your hand that pays for it.").format(
            move=describe_move(state, move)
        ),
    )


def choose_card(state, legal: list, selection: Selection, card: int):
    """A card of the hand was clicked."""
    if selection.move is not None:
        return make(state, legal, card, selection.move)
    if Score(card) in legal:
        return Act(Score(card))
    if state.paid is not None or Pay(card) not in legal:
        return Refuse(rules.refusal(state, Pay(card)) or _("That card cannot pay now."))
    if selection.card == card:
        return Select(Selection())
    return Select(
        Selection(card=card),
        # the next step, not a fault (a play-tester read "does not match" as an error)
        _("{card} pays for the next move: swap or flip a stone.").format(card=card_name(card)),
    )


def skip_refusal(state) -> str | None:
    """Why the turn may not be skipped now (the engine's reason), or None."""
    return rules.refusal(state, Skip())


def end_turn(state, legal: list):
    """End the turn (with a question first when a card of the hand matches now)."""
    if EndTurn() not in legal:
        return Refuse(rules.refusal(state, EndTurn()) or _("You cannot end the turn now."))
    matching = [action.card for action in legal if isinstance(action, Score)]
    if matching:
        question = _("End the turn without scoring {card}? It matches the grid now.").format(
            card=card_words(matching[0])
        )
        return Confirm(question, Act(EndTurn()), _("End the turn"))
    return Act(EndTurn())


def skip(state, legal: list):
    """Skip the turn (with a question first when a card of the hand matches now: skipping
    scores nothing)."""
    if Skip() not in legal:
        return Refuse(rules.refusal(state, Skip()) or _("You cannot skip now."))
    matching = [action.card for action in legal if isinstance(action, Score)]
    if matching:
        question = _("Skip without scoring {card}? It matches the grid now.").format(
            card=card_words(matching[0])
        )
        return Confirm(question, Act(Skip()), _("Skip"))
    return Act(Skip())


def act_or_refuse(state, legal: list, action):
    """``action`` if legal now, else the engine's reason."""
    if action in legal:
        return Act(action)
    return Refuse(rules.refusal(state, action) or _("Not now."))


def status(state, legal: list, selection: Selection) -> str:
    """What to do now, for the top bar (after the player's name)."""
    if not legal:
        return _("wait")
    if state.paid is not None:
        return _("the card is paid: swap two neighbouring stones or flip one")
    if selection.move is not None:
        return _("click the card from your hand that pays for the move")
    if selection.card is not None:
        return _("swap or flip a stone to pay with {card}").format(card=card_name(selection.card))
    scorable = [action.card for action in legal if isinstance(action, Score)]
    if scorable:
        return _("click {card} to score it, or make a move").format(card=card_name(scorable[0]))
    if not any(isinstance(action, Pay) for action in legal):
        return _("no cards to pay with: end the turn")
    return _(
        "drag a stone onto its neighbour to swap, or click one to flip; then the card that pays"
    )
