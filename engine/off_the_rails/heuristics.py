"""Heuristics for Off the Rails bots: route finding along track, gems in reach, danger.

``evaluate(state, player) -> float`` (higher is better for ``player``) and
``order_moves(state, actions) -> list`` (promising actions first) are what the bots use.
"""
from __future__ import annotations

from collections import deque

from engine.off_the_rails import board
from engine.off_the_rails.board import OPPOSITE
from engine.off_the_rails.data import GEM_INDEX, GEM_VALUES, MISSION_POINTS, value
from engine.off_the_rails.state import (ChooseExit, EndActions, PlaceCart, PlaceTile, TakeGem,
                                        UpgradeTile)


def next_step(state, square, facing):
    """What one step from ``square`` towards ``facing`` meets: ``("exit", edge)``, ``("chasm",
    sq)``, ``("cart", cart_id)``, ``("derail", sq)`` or ``("track", sq, exits)``."""
    nxt = board.step(square, facing)
    if not board.on_grid(nxt):
        return ("exit", board.SURFACE_EDGE.get(nxt))
    if nxt in state.chasm:
        return ("chasm", nxt)
    ci = state.cart_at(nxt)
    if ci is not None:
        return ("cart", ci)
    tile = state.tiles.get(nxt)
    if tile is None or OPPOSITE[facing] not in tile or nxt in board.CENTRE_SQUARES:
        return ("derail", nxt)
    return ("track", nxt, tile)


def shortest_exit(state, square, facing, limit: int = 40):
    """Fewest steps from a cart on ``square`` facing ``facing`` to leave the mine along existing
    track (junction exits all considered), or None when no track leads out within ``limit``."""
    seen = {(square, facing)}
    queue = deque([(square, facing, 0)])
    while queue:
        sq, f, d = queue.popleft()
        if d >= limit:
            continue
        what = next_step(state, sq, f)
        if what[0] == "exit":
            return d + 1
        if what[0] != "track":
            continue
        _, nxt, tile = what
        back = OPPOSITE[f]
        for out in tile:
            if out != back and (nxt, out) not in seen:
                seen.add((nxt, out))
                queue.append((nxt, out, d + 1))
    return None


def gems_in_reach(state, cart_id) -> int:
    """Point value of the deposits a cart can reach this turn along existing track (any branch)."""
    cart = state.carts[cart_id]
    if cart.where != "board" or cart.facing is None:
        return 0
    total, seen = 0, set()
    frontier = [(cart.square, cart.facing)]
    for _ in range(cart.speed):
        nxt_frontier = []
        for sq, f in frontier:
            what = next_step(state, sq, f)
            if what[0] != "track":
                continue
            _, nxt, tile = what
            if nxt not in seen and nxt in state.gems:
                seen.add(nxt)
                total += value(state.gems[nxt])
            nxt_frontier.extend((nxt, o) for o in tile if o != OPPOSITE[f])
        frontier = nxt_frontier[:12]
    return total


def runway(state, cart_id, limit: int) -> int:
    """Steps of track a cart can roll before it derails or collides (best branch), up to
    ``limit``; for a loaded cart a way off the grid within reach counts as the full ``limit``
    (an empty cart gains nothing by leaving)."""
    cart = state.carts[cart_id]
    if cart.where != "board" or cart.facing is None:
        return 0
    best, nodes = 0, 0
    stack = [(cart.square, cart.facing, 0)]
    while stack and nodes < 80:
        nodes += 1
        sq, f, d = stack.pop()
        if d >= limit:
            return limit
        what = next_step(state, sq, f)
        if what[0] == "exit":
            if sum(cart.load):
                return limit
            continue  # an empty cart gains nothing by leaving
        if what[0] != "track":
            best = max(best, d)
            continue
        _, nxt, tile = what
        stack.extend((nxt, o, d + 1) for o in tile if o != OPPOSITE[f])
    return best


def danger(state, cart_id) -> float:
    """0..1: how likely the cart's next step goes wrong (derail, chasm, collision)."""
    cart = state.carts[cart_id]
    if cart.where != "board" or cart.facing is None:
        return 0.0
    kind = next_step(state, cart.square, cart.facing)[0]
    return {"exit": 0.0, "track": 0.0, "cart": 0.5, "derail": 1.0, "chasm": 1.0}[kind]


def _points(state, p) -> float:
    st = state.stockpiles[p]
    pts = value(st) + MISSION_POINTS * len(state.taken[p])
    pts += 3 * sum(1 for k in state.carts if k.owner == p and k.where != "lost")
    most = max(s[1] for s in state.stockpiles)
    if st[1] and st[1] == most:
        pts += 5
    for ci, cart in enumerate(state.carts):
        if cart.owner != p or cart.where != "board":
            continue
        load = value(cart.load)
        pts += 1.0  # a cart in the mine can earn; one in the supply cannot
        if cart.facing is None:
            continue
        run = runway(state, ci, cart.speed)
        pts += 0.4 * run
        if run < cart.speed:
            pts -= 0.5  # it will not complete its move: a derail or a bump is coming
        pts += 0.4 * gems_in_reach(state, ci)
        if board.on_grid(cart.square):
            way_out = shortest_exit(state, cart.square, cart.facing, limit=24)
            pts += load * (0.9 if way_out is not None else 0.5)
        pts -= danger(state, ci) * 0.6 * load
        if board.on_grid(cart.square) and state.gems and sum(cart.load) < 3:
            # head for the nearest deposit while the cart has room
            r, c = cart.square
            near = min(abs(r - a) + abs(c - b) for a, b in state.gems)
            pts -= 0.1 * near
    return pts


def evaluate(state, player: int) -> float:
    """Heuristic value for ``player``: own points (stockpile, missions, carts, loads weighted by a
    way out) minus the best opponent's; solo: the high score plus loads and carts in play."""
    if state.solo:
        from engine.off_the_rails.rules import solo_result
        r = solo_result(state)
        extra = sum(value(k.load) for k in state.carts if k.where == "board")
        return r["high_score"] + 0.8 * extra + 2 * sum(1 for k in state.carts if k.where != "lost")
    mine = _points(state, player)
    others = [_points(state, q) for q in range(state.num_players) if q != player]
    return mine - (max(others) if others else 0.0)


def order_moves(state, actions) -> list:
    """Actions sorted with the promising ones first (for search bots): valuable jewels, track in
    front of own carts, cart placements, then the rest; the input order breaks ties."""
    fronts = set()
    for cart in state.carts:
        if cart.where == "board" and cart.owner == state.player and cart.facing:
            fronts.add(board.step(cart.square, cart.facing))

    def key(item):
        i, a = item
        if isinstance(a, TakeGem):
            return (0, -GEM_VALUES[GEM_INDEX[a.gem]], i)
        if isinstance(a, (PlaceTile, UpgradeTile)) and (a.row, a.col) in fronts:
            return (1, 0, i)
        if isinstance(a, PlaceCart):
            return (2, 0, i)
        if isinstance(a, (ChooseExit, EndActions)):
            return (3, 0, i)
        return (4, 0, i)

    return [a for _, a in sorted(enumerate(actions), key=key)]


__all__ = ["evaluate", "order_moves", "shortest_exit", "gems_in_reach", "danger", "next_step",
           "runway"]
