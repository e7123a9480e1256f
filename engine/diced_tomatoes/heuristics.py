"""Position evaluation and move ordering for the Diced Tomatoes bots.

``evaluate(state, player)`` estimates how good ``state`` is for ``player`` (higher is better):
points already scored (rules.score_parts, karma at half a point per karma as the end scoring
does) plus a share of what the player's growing vines promise, minus the best opponent's same
estimate. In solo it counts matched slots first. A vine worth 0 or less, or more than 6, is a
burden (it blocks a token), so greedy play clears such vines at clean-up (DT-D5).
"""
from __future__ import annotations

from engine.diced_tomatoes import rules
from engine.diced_tomatoes.state import (CleanVine, ClearVine, EndTurn, FlipSeed, KeepVine,
                                         PassDie, PlaceDie, Reroll, RollOver, SetDie, Shift)


def _vine_promise(state, player: int) -> float:
    total = 0.0
    solo = state.solo
    next_slot = len(state.score[player]) + 1
    for vine in state.vines[player]:
        if not vine:
            continue
        value = rules.vine_value(vine)
        if value <= 0 or value > 6:
            total -= 1.5
            continue
        share = len(vine) / 4
        if solo:
            total += share * (3.0 if value == next_slot else 0.5)
        else:
            worth = rules.harvest_points(state, next_slot, value)
            total += share * share * worth * 0.8
    return total


def _estimate(state, player: int) -> float:
    if state.solo:
        return (state.matched_slots(0) * 10 + len(state.score[0]) * 1.0
                + state.karma[0] * 0.4 + _vine_promise(state, 0))
    parts = rules.score_parts(state, player)
    return parts["total"] - parts["karma"] + state.karma[player] * 0.5 + _vine_promise(state, player)


def evaluate(state, player: int) -> float:
    """Heuristic value of ``state`` for seat ``player`` (higher is better; terminal states give
    ±100 for a win or loss plus the margin)."""
    if state.is_terminal():
        sheet = state.score_sheet()
        win = 100.0 if player in sheet["winners"] else -100.0
        if state.solo:
            return win + state.matched_slots(0)
        totals = [r[-1] for r in sheet["rows"]]
        others = max(t for p, t in enumerate(totals) if p != player)
        return win + totals[player] - others
    mine = _estimate(state, player)
    if state.solo:
        return mine
    return mine - max(_estimate(state, p) for p in range(state.num_players) if p != player)


_KARMA = (Reroll, Shift, CleanVine, RollOver, FlipSeed, SetDie)


def order_moves(state, actions) -> list:
    """``actions`` sorted most promising first, for search bots: placements that complete one
    of the mover's own vines, then other placements on own vines, then placements elsewhere,
    clean-up clears, passes, ending the turn, and karma spending last. Stable within a group."""
    me = state.active

    def rank(a) -> int:
        kind = type(a)
        if kind is PlaceDie:
            vine = state.vines[a.owner][a.token]
            if a.owner == me:
                return 0 if len(vine) == 3 else 1
            return 2
        if kind is ClearVine:
            return 0
        if kind is KeepVine:
            return 5
        if kind is PassDie:
            return 3
        if kind is EndTurn:
            return 4
        if kind in _KARMA:
            return 6
        return 7

    return sorted(actions, key=rank)


def explain_move(state, action) -> str:
    """A one-line reason for a hint (GameSpec.explain_move), from what the move does.

    Seats are named "Player N" (the scene shows names). Example: "harvests your vine worth 4".
    """
    from engine.diced_tomatoes.state import KarmaGained, VineCleared, VineHarvested
    me = state.current_player()
    after = state.clone()
    events = after.apply_action(action)
    for e in events:
        if isinstance(e, VineHarvested):
            if e.owner == me:
                star = " and earns a gold star" if e.star else ""
                return f"harvests your vine worth {e.value} into slot {e.slot}{star}"
            gained = sum(k.amount for k in events if isinstance(k, KarmaGained))
            return (f"completes Player {e.owner + 1}'s vine worth only {e.value} "
                    f"and earns you {gained} karma")
        if isinstance(e, VineCleared):
            return f"clears a vine worth {e.value} so the token is free again"
    if isinstance(action, PlaceDie):
        vine = state.vines[action.owner][action.token]
        if not vine:
            return "starts a new vine" + (" on your token" if action.owner == me else
                                          f" on Player {action.owner + 1}'s token")
        if action.owner == me:
            return f"grows your vine to {len(vine) + 1} dice"
        return f"spends a die on Player {action.owner + 1}'s vine rather than spoil yours"
    if isinstance(action, EndTurn):
        return "nothing better is left this turn"
    if isinstance(action, PassDie):
        return "this die fits nowhere"
    if isinstance(action, _KARMA):
        return "karma well spent here"
    return ""
