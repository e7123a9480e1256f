"""Histories recorded under earlier Off the Rails rules, brought up to today's rules.

Saves store a game's history of actions; loading replays it with today's rules. Two rules changed
in issue 18 (:func:`upgrade_history` handles both):

* OR-D12: the action phase no longer ends by itself after the fourth action; the player ends it
  (``EndActions``). An old history goes straight from the fourth action to what came next, so
  the upgrade puts the ``EndActions`` in between, in the player's name.
* OR-D13: a cart that takes every gem on its square anyway takes them without asking which
  jewel comes first. An old history holds the answer to that question (a ``TakeGem``); the
  upgrade drops it, as the cart ends with the same load either way.
"""

from __future__ import annotations

from engine.core import CHANCE, IllegalAction
from engine.match import Match, Seat
from engine.off_the_rails.data import JEWELS
from engine.off_the_rails.events import apply_event
from engine.off_the_rails.state import EndActions, GemTaken, Pending, TakeGem
from translation import _


def upgrade_save(envelope: dict, schema_version: int) -> dict:
    """``GameSpec.upgrade_save``: a save of format 3 recorded under rules version 2 or earlier
    (before OR-D12/OR-D13) gets the history :func:`upgrade_history` replays under today's
    rules, and rules version 3, so undo and replay keep working. A game set up from a position,
    or any other save, is returned as it is. Raises ``ValueError`` (or ``KeyError``/
    ``TypeError``/``AttributeError``) when the history does not replay: loading then goes on
    from the snapshot."""
    if schema_version != 3 or envelope.get("rules_version", 1) >= 3 or "start" in envelope:
        return envelope
    from engine.off_the_rails import GAME

    return dict(upgrade_history(GAME, envelope), rules_version=3)


def _unasked_questions(before, events, answered: bool = False) -> int:
    """How many jewel questions the earlier rules asked during ``events`` (applied to
    ``before``) that today's rules answered themselves (OR-D13): a gem taken by itself from a
    square holding no rock and jewels of two or more kinds. ``answered``: the step was a
    ``TakeGem``, whose own gem (the first taken) was the player's answer."""
    count = 0
    state = before
    for event in events:
        if isinstance(event, GemTaken):
            here = state.gems.get((event.row, event.col), (0,) * 5)
            if answered:
                answered = False
            elif not here[0] and sum(1 for gem in JEWELS if here[gem]) > 1:
                count += 1
        state = apply_event(state, event)
    return count


def upgrade_history(spec, envelope: dict) -> dict:
    """``envelope`` (a save's dict) with its history replayed under today's rules: an
    ``EndActions`` after every fourth action that ended the action phase by itself (OR-D12), and
    no ``TakeGem`` for a question today's rules do not ask (OR-D13). When the save was made at
    such a question, the snapshot becomes the replayed position (which has gone past it).

    Raises ``ValueError`` in plain words for a step that does not replay.
    """
    seats = [Seat.from_dict(seat) for seat in envelope["seats"]]
    match = Match(spec, seats, envelope["options"], envelope["seed"])
    kept, unasked, changed = [], 0, False
    for number, item in enumerate(envelope["history"], 1):
        action = spec.action_codec.from_dict(item["action"])
        if item["player"] != CHANCE and isinstance(action, TakeGem) and unasked:
            unasked -= 1  # the answer to a question asked no more
            changed = True
            continue
        if _waits_for_end(match.state) and action != EndActions():
            unasked += _apply(match, EndActions(), number)
            kept.append({"player": match.state.player, "action": EndActions().to_dict()})
            changed = True
        if item["player"] == CHANCE:
            before = match.state.clone()
            try:
                events = match.resolve_chance(action)
            except IllegalAction as err:
                raise ValueError(
                    _("step {number} of the history cannot be replayed: {reason}").format(
                        number=number, reason=err.reason
                    )
                ) from None
            unasked += _unasked_questions(before, events)
        else:
            if item["player"] != match.current_player():
                raise ValueError(
                    _("step {number} of the history cannot be replayed: {reason}").format(
                        number=number, reason=_("it is recorded for the wrong player")
                    )
                )
            unasked += _apply(match, action, number)
        kept.append(item)
    snapshot = envelope["snapshot"]
    if (
        _waits_for_end(match.state)
        and isinstance(snapshot, dict)
        and match.state.to_dict() != snapshot
    ):
        # saved right after a fourth action: the earlier rules had already moved on
        unasked += _apply(match, EndActions(), len(kept) + 1)
        kept.append({"player": match.state.player, "action": EndActions().to_dict()})
        changed = True
    if not changed:
        return envelope
    upgraded = dict(envelope, history=kept)
    if unasked:
        upgraded["snapshot"] = match.state.to_dict()  # it waited for a question not asked now
    return upgraded


def _waits_for_end(state) -> bool:
    """True when ``state`` is an action phase with no action left (OR-D12)."""
    return state.pending() == Pending.ACTIONS and state.actions_left <= 0


def _apply(match: Match, action, number: int) -> int:
    """Apply a player's ``action``; returns the questions it no longer asks (OR-D13)."""
    before = match.state.clone()
    try:
        events = match.apply(action)
    except IllegalAction as err:
        raise ValueError(
            _("step {number} of the history cannot be replayed: {reason}").format(
                number=number, reason=err.reason
            )
        ) from None
    return _unasked_questions(before, events, answered=isinstance(action, TakeGem))


__all__ = ["upgrade_history"]
