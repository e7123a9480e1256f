"""Histories recorded under earlier Potion Explosion rules, brought up to today's rules.

Saves store a game's history of actions; loading replays it with today's rules. When a rule
stops asking a question, an old history holds an answer nobody asks any more. Two rules changed
in issue 17 (:func:`upgrade_history` handles both):

* The last turn of the game draws no tile (rules, "End of the game";
  :func:`rules.game_ends_after_turn`): a finished game's history may hold stack choices and the
  tile reveals after them that today's rules never ask.
* The Elixir of Blind Love takes an opponent's pool; it can no longer be stopped unused (rules,
  "Potion effects"). Stopping it while an opponent's pool was empty left the same position as
  taking that empty pool, so such a step becomes that; any other one cannot be replayed.
"""

from __future__ import annotations

from engine.core import CHANCE, IllegalAction
from engine.match import Match, Seat
from engine.potion_explosion.state import (
    ChooseStack,
    FinishEffect,
    RevealTile,
    TakePool,
)


def upgrade_save(envelope: dict, schema_version: int) -> dict:
    """``GameSpec.upgrade_save``: a save of format 1 whose history may hold steps today's
    rules no longer ask (the last turn's stack choices; a Blind Love stopped unused) gets the
    history :func:`upgrade_history` replays under today's rules; any other save is returned as
    it is. Raises ``ValueError`` (or ``KeyError``/``TypeError``) when the history does not
    replay: loading then goes on from the snapshot."""
    if schema_version != 1 or not needs_upgrade(envelope):
        return envelope
    from engine.potion_explosion import GAME

    return upgrade_history(GAME, envelope)


def needs_upgrade(envelope: dict) -> bool:
    """Whether a version-1 save's history may hold a step today's rules do not ask: the game
    is at its end, or some potion effect was stopped."""
    snapshot = envelope.get("snapshot")
    if isinstance(snapshot, dict) and snapshot.get("phase") in ("over", "tiebreak"):
        return True
    finish = FinishEffect().to_dict()
    return any(
        isinstance(item, dict) and item.get("action") == finish
        for item in envelope.get("history", ())
    )


def upgrade_history(spec, envelope: dict) -> dict:
    """``envelope`` (a save's dict, version 1) with its history replayed under today's rules
    (see the module docstring): unasked stack choices and reveals at the end are dropped and
    the snapshot replaced by the replayed position, whose score sheet must be the stored one;
    a Blind Love stopped unused while an opponent's pool was empty takes that pool instead.

    Raises ``ValueError`` in plain words for any other step that does not replay.
    """
    seats = [Seat.from_dict(seat) for seat in envelope["seats"]]
    match = Match(spec, seats, envelope["options"], envelope["seed"])
    kept, dropped = [], 0
    for number, item in enumerate(envelope["history"], 1):
        action = spec.action_codec.from_dict(item["action"])
        state = match.state
        if isinstance(action, (ChooseStack, RevealTile)) and state.phase in ("over", "tiebreak"):
            dropped += 1
            continue
        if (
            isinstance(action, FinishEffect)
            and state.effect is not None
            and state.effect.kind == "BLI"
        ):
            empty = [
                seat
                for seat in range(state.num_players)
                if seat != state.player and not sum(state.desks[seat].pool)
            ]
            if not empty:
                raise ValueError(
                    f"step {number} stops an Elixir of Blind Love without taking "
                    f"a pool, which today's rules do not allow"
                )
            action = TakePool(empty[0])
            item = dict(item, action=action.to_dict())
        try:
            if item["player"] == CHANCE:
                match.resolve_chance(action)
            elif item["player"] != match.current_player():
                raise ValueError(f"step {number} of the history is recorded for the wrong player")
            else:
                match.apply(action)
        except IllegalAction as err:
            raise ValueError(
                f"step {number} of the history cannot be replayed: {err.reason}"
            ) from None
        kept.append(item)
    upgraded = dict(envelope, history=kept)
    if dropped:
        stored = spec.state_from_dict(envelope["snapshot"])
        if stored.score_sheet() != match.state.score_sheet():
            raise ValueError("the replayed game does not end with the saved score")
        upgraded["snapshot"] = match.state.to_dict()
    return upgraded
