"""Heuristics for Potion Explosion bots: a position evaluation and a move ordering.

``evaluate(state, player)`` values a position for ``player`` (higher is better): the score so
far, plus progress on brewing potions (their VP weighted by the share of holes filled), plus pool
marbles that fit an empty hole, minus half the best opponent's value. ``order_moves`` puts the
promising moves first for later search bots: big explosions, placements, drinks, then the rest.
"""
from __future__ import annotations

from engine.potion_explosion.data import COLOURS, TILES
from engine.potion_explosion.rules import _empty_holes, explosion_preview
from engine.potion_explosion.state import (Drink, EndTurn, LittleHelp, PlaceMarble,
                                           RegularPick, TieBreakPick)


def _desk_value(d) -> float:
    value = float(d.score())
    frees = []
    for sl in d.slots:
        if sl is None:
            continue
        tile = TILES[sl[0]]
        share = len(sl[1]) / tile.holes
        value += 0.8 * tile.vp * share * share
        frees.append(_empty_holes(sl))
    for k in range(len(COLOURS)):
        if d.pool[k]:
            fits = sum(f[k] for f in frees)
            value += 0.3 * min(fits, d.pool[k]) + 0.05 * d.pool[k]
    value += 0.3 * sum(1 for c in d.completed if not c[1])     # an undrunk potion is an option
    return value


def evaluate(state, player: int) -> float:
    """Value of ``state`` for ``player``; winners of a finished game get +1000."""
    if state.phase == "over":
        return 1000.0 if player in state.winners else -1000.0 + state.desks[player].score()
    mine = _desk_value(state.desks[player])
    others = [_desk_value(d) for p, d in enumerate(state.desks) if p != player]
    value = mine - 0.5 * max(others)
    if state.phase == "play" and state.player == player and state.picked:
        value -= 0.05            # nothing better to do: prefer ending the turn
    return value


def order_moves(state, actions) -> list:
    """``actions`` sorted with the promising ones first (stable within a kind)."""
    def key(a):
        if isinstance(a, (RegularPick, TieBreakPick)):
            return -10 - len(explosion_preview(state.tracks[a.track], a.position))
        if isinstance(a, PlaceMarble):
            return -5
        if isinstance(a, Drink):
            return -4
        if isinstance(a, EndTurn):
            return 0
        if isinstance(a, LittleHelp):
            return 5
        return 1
    return sorted(actions, key=key)
