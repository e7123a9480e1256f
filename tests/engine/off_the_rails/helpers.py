"""Shared helpers for the Off the Rails tests: building positions and a track-laying random
policy."""

from __future__ import annotations

import random

from engine.core import CHANCE, TERMINAL
from engine.match import pick_outcome
from engine.off_the_rails import board, notation, rules
from engine.off_the_rails.state import (
    CartPlace,
    ChangeSpeed,
    EndActions,
    OTRState,
    PlaceCart,
    UpgradeTile,
)
from engine.off_the_rails.tasks import TaskKind, tasks_from_lists


def blank(num_players=2, **options) -> OTRState:
    """A 2-4 player state right at the start of seat 0's action phase on an empty board, with
    edges north/south(/east/west), no deposits and no missions (for hand-built positions)."""
    s = rules.new_state(num_players, options)
    s.tasks = tasks_from_lists(("actions",), ("movement",), ("deposit",), ("end_turn",))
    s.turn = 1
    s.player = 0
    order = ["north", "south", "east", "west"]
    for p in range(num_players):
        s.edges[p] = order[p] if num_players > 1 else None
        for ci in s.carts_of(p):
            if num_players > 1:
                s.carts[ci].colour = board.EDGE_COLOUR[order[p]]
    if num_players == 1:
        s.solo_pool = [0, 0, 0, 0, 0]
        s.bag = (12, 24, 15, 10, 5)
    s._legal = None
    return s


def put_cart(s, ci, square, facing, back=None, speed=3, load=(0, 0, 0, 0, 0)):
    """Put cart ``ci`` on ``square`` facing ``facing`` (gems taken out of the bag)."""
    k = s.carts[ci]
    k.where = CartPlace.BOARD
    k.square = tuple(square)
    k.facing = facing
    k.back = back or board.OPPOSITE[facing]
    k.speed = speed
    k.load = tuple(load)
    s.bag = tuple(in_bag - loaded for in_bag, loaded in zip(s.bag, load))
    s._legal = None


def put_gems(s, square, gems):
    s.gems[tuple(square)] = tuple(gems)
    s.bag = tuple(b - g for b, g in zip(s.bag, gems))
    s._legal = None


def lay(s, squares_exits):
    """Lay tiles: ``{(r, c): "NS", ...}``."""
    for sq, ex in squares_exits.items():
        s.tiles[tuple(sq)] = ex
    s._legal = None


def gem_total(s) -> int:
    """Every gem somewhere: bag + deposits + carts + stockpiles + lost + solo pool."""
    total = sum(s.bag) + sum(s.lost) + sum(s.solo_pool)
    total += sum(sum(g) for g in s.gems.values())
    total += sum(sum(k.load) for k in s.carts)
    total += sum(sum(st) for st in s.stockpiles)
    return total


def resolve(s, rng):
    """Resolve chance nodes with ``rng``; returns the outcomes applied."""
    applied = []
    while s.current_player() == CHANCE:
        a = pick_outcome(s.chance_outcomes(), rng)
        s.apply_action(a)
        applied.append(a)
    return applied


def track_policy(s, rng):
    """A random legal action biased to lay track in front of own carts and to put carts in, so
    random games see pick-ups, exits, collisions and missions."""
    acts = s.legal_actions()
    if s.tasks[0].kind == TaskKind.ACTIONS and s.actions_left > 0:
        good, slow = [], []
        for ci in s.carts_of(s.player):
            k = s.carts[ci]
            if k.where != "board" or not k.facing:
                continue
            sq, f, steps = k.square, k.facing, 0
            while steps < k.speed:
                nxt = board.step(sq, f)
                tile = s.tiles.get(nxt)
                if not board.on_grid(nxt) or nxt in s.chasm or s.cart_at(nxt) is not None:
                    break
                if tile is None:
                    side = board.OPPOSITE[f]
                    if nxt in rules._PLACE and nxt not in s.chasm:
                        good.extend(a for a in rules._PLACE[nxt] if side in a.exits)
                    break
                if board.OPPOSITE[f] not in tile:
                    break
                outs = [x for x in tile if x != board.OPPOSITE[f]]
                sq, f, steps = nxt, outs[int(rng.random() * len(outs))], steps + 1
            if steps < k.speed - 1 and k.speed > 1:
                slow.append(ChangeSpeed(ci, -1))
        x = rng.random()
        great = [a for a in good if any(board.step((a.row, a.col), o) in s.gems for o in a.exits)]
        if great and x < 0.6:
            return great[int(rng.random() * len(great))]
        if good and x < 0.75:
            return good[int(rng.random() * len(good))]
        if slow and x < 0.8:
            return slow[int(rng.random() * len(slow))]
        carts = [a for a in acts if isinstance(a, PlaceCart)]
        if carts and x < 0.88:
            return carts[int(rng.random() * len(carts))]
        if x < 0.92:
            other = [a for a in acts if isinstance(a, (UpgradeTile, ChangeSpeed))]
            if other:
                return other[int(rng.random() * len(other))]
        if x < 0.98:
            return EndActions()
    return acts[int(rng.random() * len(acts))]


def play(seed, num_players, options=None, on_step=None, max_steps=20000):
    """Play one seeded random game; ``on_step(state, action, events)`` after every step.
    Returns ``(state, history)`` where history is ``[(player, action), ...]``."""
    rng = random.Random(seed)
    s = rules.new_state(num_players, options or {})
    history = []
    while s.current_player() != TERMINAL:
        p = s.current_player()
        a = pick_outcome(s.chance_outcomes(), rng) if p == CHANCE else track_policy(s, rng)
        events = s.apply_action(a)
        history.append((p, a))
        if on_step:
            on_step(s, a, events)
        if len(history) > max_steps:
            raise AssertionError("the game did not end")
    return s, history


def with_rows(s, rows: dict) -> OTRState:
    """Rebuild ``s`` through the notation with some grid rows replaced: ``{3: ". . NS+rr ..."}``
    (12 cells per row, notation cells: tile exits or ``.``, ``#r`` chasm, ``+gems``)."""
    lines = notation.format(s).splitlines()
    for r, cells in rows.items():
        assert len(cells.split()) == 12, cells
        lines[2 + r] = f"{r} {cells}"
    out = notation.parse("\n".join(lines))
    # gems written in the grid come out of the bag so the 66 gems stay conserved
    placed = [0] * 5
    for g in out.gems.values():
        placed = [a + b for a, b in zip(placed, g)]
    before = [0] * 5
    for g in s.gems.values():
        before = [a + b for a, b in zip(before, g)]
    out.bag = tuple(b - (p - q) for b, p, q in zip(out.bag, placed, before))
    return out


def row(**cells) -> str:
    """A grid row of 12 cells, ``.`` except the given columns: ``row(c3="NS", c4="EW+rr")``."""
    out = ["."] * 12
    for k, v in cells.items():
        out[int(k[1:])] = v
    return " ".join(out)


def end_actions(s):
    """Apply EndActions and return the events."""
    return s.apply_action(EndActions())


def events_of(events, cls):
    return [e for e in events if isinstance(e, cls)]


def play_from(s, rng, on_step=None, max_steps=20000):
    """Continue a random game from ``s`` to the end; returns the history like :func:`play`."""
    history = []
    while s.current_player() != TERMINAL:
        p = s.current_player()
        a = pick_outcome(s.chance_outcomes(), rng) if p == CHANCE else track_policy(s, rng)
        events = s.apply_action(a)
        history.append((p, a))
        if on_step:
            on_step(s, a, events)
        if len(history) > max_steps:
            raise AssertionError("the game did not end")
    return history


RING = {
    **{(1, c): "EW" for c in range(2, 10)},
    **{(10, c): "EW" for c in range(2, 10)},
    **{(r, 1): "NS" for r in range(2, 10)},
    **{(r, 10): "NS" for r in range(2, 10)},
    (1, 1): "ES",
    (1, 10): "SW",
    (10, 10): "NW",
    (10, 1): "NE",
}


def ring_position(seed, num_players, **options):
    """A crowded position: a loop of track round the mine with every cart on it, loaded with
    gems from the bag, facing either way (for collisions with drops, splits and picks)."""
    rng = random.Random(seed)
    s = blank(num_players, **options)
    lay(s, RING)
    loop = []
    r, c, f = 1, 2, "E"
    for _ in range(36):
        loop.append(((r, c), f))
        dr, dc = board.DELTA[f]
        r, c = r + dr, c + dc
        tile = RING[(r, c)]
        f = [x for x in tile if x != board.OPPOSITE[f]][0]
    spots = rng.sample(range(len(loop)), len(s.carts))
    for ci, i in enumerate(spots):
        sq, f = loop[i]
        tile = RING[sq]
        facing = f if rng.random() < 0.5 else [x for x in tile if x != f][0]
        load = [0, 0, 0, 0, 0]
        for _ in range(int(rng.random() * 5) + 1):
            g = int(rng.random() * 5)
            if s.bag[g] - load[g] > 0:
                load[g] += 1
        put_cart(
            s,
            ci,
            sq,
            facing,
            back=[x for x in tile if x != facing][0],
            speed=1 + int(rng.random() * 6),
            load=load,
        )
    s.moved = []
    return s
