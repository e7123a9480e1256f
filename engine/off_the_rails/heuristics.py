"""Heuristics for Off the Rails bots: route costs along (future) track, loads, deposits, danger.

The central tool is a route cost over *departure states* ``(square, side)``: a cart standing on
``square`` about to leave it by ``side``. Moving to the next square costs 1 unit (one step of
movement); making that square's tile let the cart through costs :data:`TILE_UNITS` per action
(placing a straight or curve on an empty square, or each upgrade that adds a missing exit).
Mine centres, chasm squares and upgrades under a cart are impassable.

* :func:`exit_costs` - units from every departure state to leaving the grid (any edge).
* :func:`reach_costs` - units from a player's carts (and their edge, if a cart can be placed) to
  every departure state, with the predecessor links to rebuild the route.
* :func:`routes` - concrete routes (the tiles to place, the cart to put in) towards the best
  deposits and out of the mine; the bots plan their action phase from these.

``evaluate(state, player) -> float`` (higher is better for ``player``) and
``explain_move(state, action, names) -> str`` are what :mod:`engine.off_the_rails.bots` uses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import Action
from engine.off_the_rails import board
from engine.off_the_rails.board import OPPOSITE
from engine.off_the_rails.data import (
    CART_CAPACITY,
    CART_POINTS,
    GEM_VALUES,
    JEWEL_EDGE,
    MISSION_POINTS,
    RUBY_BONUS,
    TOKENS_PER_COLOUR,
    CartExit,
    MoveFacts,
    add,
    gems_text,
    has_most_rubies,
    jewels,
    mission_fulfilled,
    mission_name,
    piles_for_length,
    value,
)
from engine.off_the_rails.data import GEMS as GEM_NAMES
from engine.off_the_rails.rules import (
    cart_edge,
    cart_place_refusal,
    collision_kind,
    derail_cause,
    possible_splits,
    token_squares,
    ways_on,
)
from engine.off_the_rails.state import (
    CartDerailed,
    CartFell,
    CartLeftMine,
    CartMoved,
    CartPlace,
    ChangeSpeed,
    ChooseEdge,
    ChooseExit,
    ClaimMission,
    Collided,
    CollisionKind,
    DropGems,
    EndActions,
    MoveCart,
    Pending,
    PickPile,
    PlaceCart,
    PlaceChasmToken,
    PlaceTile,
    SplitLoad,
    TakeGem,
    UpgradeTile,
)
from engine.off_the_rails.words import (
    cart_phrase,
    gem_count,
    gem_name,
    jewels_plural,
    player_name,
    square_name,
    tile_words,
    your_cart,
)
from translation import N_, _, decimal, ngettext

TILE_UNITS = 3
"""One action (a tile or an upgrade) costs as much as 3 steps of movement in a route."""
HORIZON = 60.0
"""Route units at which a deposit is worth nothing any more (about five turns of work)."""
_SIDES = board.SIDES
_INF = 10**9


# =============================================================================================
# Single steps
# =============================================================================================
def next_step(state, square, facing, moving: int | None = None):
    """What one step from ``square`` towards ``facing`` meets: ``("exit", edge)``, ``("chasm",
    sq)``, ``("cart", cart_id)``, ``("derail", sq)`` or ``("track", sq, exits)``. The cart
    ``moving`` (when given) is the one rolling: it has left its square, so a loop of track
    back to it meets no cart there (rules, "Collisions")."""
    nxt = board.step(square, facing)
    if not board.on_grid(nxt):
        return ("exit", board.SURFACE_EDGE.get(nxt))
    if nxt in state.chasm:
        return ("chasm", nxt)
    cart_id = state.cart_at(nxt)
    if cart_id is not None and cart_id != moving:
        return ("cart", cart_id)
    if derail_cause(state, nxt, facing):
        return ("derail", nxt)
    return ("track", nxt, state.tiles[nxt])


def _blocked(state) -> set:
    return set(board.CENTRE_SQUARES) | set(state.chasm)


# =============================================================================================
# Route costs
# =============================================================================================
# Departure states are numbered i * 4 + side (i = row * 12 + col, side in N-E-S-W order) and the
# searches run on flat lists with a bucket queue: the evaluation calls them thousands of times.
_G = board.GRID
_SIDE_I = {x: i for i, x in enumerate(_SIDES)}
_OPP_I = (2, 3, 0, 1)
_EDGE_SIDE_I = {edge: index for index, edge in enumerate(board.EDGES)}
"""The side index (0-3: N-E-S-W) a cart leaves the grid by to reach each edge."""
_NEXT = []
for _i in range(_G * _G):
    for _x in _SIDES:
        _n = board.step((_i // _G, _i % _G), _x)
        _NEXT.append(_n[0] * _G + _n[1] if board.on_grid(_n) else -1)
_MASK = {t: sum(1 << _SIDE_I[x] for x in t) for t in board.ALL_TILES}
_NEED = [
    [[((t >> s) & 1 == 0) + ((t >> g) & 1 == 0) for g in range(4)] for s in range(4)]
    for t in range(16)
]
_CENTRE_I = [r * _G + c for r, c in board.CENTRE_SQUARES]


def _tiles_needed(tile: int, enter: int, leave: int, occupied: bool):
    """Tiles to lay (an empty square: 1) or upgrades (0–2) so a cart entering a square by side
    ``enter`` can leave by ``leave``; None when that means changing a tile a cart stands on."""
    if not tile:
        return 1
    need = _NEED[tile][enter][leave]
    return None if need and occupied else need


def _step_table(occupied: bool) -> list:
    """``[tile][enter]`` -> ``((leave, units), ...)``: the ways on through a square and their
    route units (:func:`_tiles_needed` precomputed, so the searches make no call per edge)."""
    table = []
    for tile in range(16):
        rows = []
        for enter in range(4):
            ways = []
            for leave in range(4):
                if leave == enter:
                    continue
                need = _tiles_needed(tile, enter, leave, occupied)
                if need is not None:
                    ways.append((leave, TILE_UNITS * need + 1))
            rows.append(tuple(ways))
        table.append(rows)
    return table


def _back_table(forward: list) -> list:
    """``[tile][leave]`` -> ``((enter, units), ...)``, enter in side order: the same ways as
    ``forward`` (a :func:`_step_table`) looked up by the side left."""
    return [
        [
            tuple(
                (enter, units)
                for enter in range(4)
                for way, units in forward[tile][enter]
                if way == leave
            )
            for leave in range(4)
        ]
        for tile in range(16)
    ]


_WAYS = (_step_table(False), _step_table(True))
"""``_WAYS[occupied][tile][enter]``: see :func:`_step_table`."""
_WAYS_BACK = (_back_table(_WAYS[0]), _back_table(_WAYS[1]))
"""``_WAYS_BACK[occupied][tile][leave]``: see :func:`_back_table`."""


class _Table:
    """Read-only ``{(square, side): value}`` view of a flat list (None / -1 = absent)."""

    __slots__ = ("data", "absent")

    def __init__(self, data, absent):
        self.data = data
        self.absent = absent

    @staticmethod
    def index(key):
        (r, c), x = key
        if not (0 <= r < _G and 0 <= c < _G):
            return None
        return (r * _G + c) * 4 + _SIDE_I[x]

    def get(self, key, default=None):
        i = self.index(key)
        if i is None:
            return default
        v = self.data[i]
        return default if v == self.absent else v

    def __contains__(self, key):
        return self.get(key) is not None

    def __getitem__(self, key):
        v = self.get(key)
        if v is None:
            raise KeyError(key)
        return v


def _key_of(key):
    i, x = divmod(key, 4)
    return ((i // _G, i % _G), _SIDES[x])


class _Links(_Table):
    """``{(square, side): previous/next (square, side) or None}`` view of a flat list of ints
    (-1 = none, -2 = absent); surface starts are kept as tuples."""

    def get(self, key, default=None):
        i = self.index(key)
        if i is None:
            return default
        v = self.data[i]
        if v == -2:
            return default
        if v == -1:
            return None
        return v if isinstance(v, tuple) else _key_of(v)


def _grid(state):
    tiles = [0] * (_G * _G)
    for (r, c), ex in state.tiles.items():
        tiles[r * _G + c] = _MASK[ex]
    blocked = [False] * (_G * _G)
    for i in _CENTRE_I:
        blocked[i] = True
    for r, c in state.chasm:
        if 0 <= r < _G and 0 <= c < _G:
            blocked[r * _G + c] = True
    occ = [False] * (_G * _G)
    for k in state.carts:
        if k.where == CartPlace.BOARD and k.square and board.on_grid(k.square):
            occ[k.square[0] * _G + k.square[1]] = True
    return tiles, blocked, occ


def _run(cost, link, buckets, tiles, blocked, occupied, forward):
    """Bucket-queue Dijkstra over departure states (in place on ``cost``/``link``)."""
    ways_free, ways_taken = _WAYS
    back_free, back_taken = _WAYS_BACK
    step, opposite = _NEXT, _OPP_I  # locals: this loop is the bots' hottest
    d = 0
    while d < len(buckets):
        bucket = buckets[d]
        while bucket:
            k = bucket.pop()
            if cost[k] != d:
                continue
            if forward:
                j = step[k]
                if j < 0 or blocked[j]:
                    continue
                base = j * 4
                ways = (ways_taken if occupied[j] else ways_free)[tiles[j]][opposite[k & 3]]
                for h, units in ways:
                    nd = d + units
                    nk = base + h
                    if nd < cost[nk]:
                        cost[nk] = nd
                        link[nk] = k
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(nk)
            else:
                j = k >> 2
                base = j * 4
                ways = (back_taken if occupied[j] else back_free)[tiles[j]][k & 3]
                for s, units in ways:
                    p = step[base + s]
                    if p < 0 or blocked[p]:
                        continue
                    nd = d + units
                    nk = p * 4 + opposite[s]
                    if nd < cost[nk]:
                        cost[nk] = nd
                        link[nk] = k
                        while len(buckets) <= nd:
                            buckets.append([])
                        buckets[nd].append(nk)
        d += 1


def exit_costs(state, grid=None, edge: str | None = None) -> tuple:
    """``(cost, succ)``: ``cost[(square, side)]`` is the fewest route units from that departure
    state to off the grid (any edge, or only by ``edge``: "north", ...); ``succ`` links each
    state to the next one on that route (None when the next step leaves the grid). Both are
    read-only mappings."""
    tiles, blocked, occ = grid or _grid(state)
    n = _G * _G * 4
    cost = [_INF] * n
    link = [-2] * n
    buckets: list[list[int]] = [[], []]
    only = None if edge is None else _EDGE_SIDE_I[edge]
    for k in range(n):
        if _NEXT[k] < 0 and not blocked[k // 4] and (only is None or k & 3 == only):
            cost[k] = 1
            link[k] = -1
            buckets[1].append(k)
    _run(cost, link, buckets, tiles, blocked, occ, False)
    return _Table(cost, _INF), _Links(link, -2)


def reach_costs(state, player, starts=None, grid=None) -> tuple:
    """``(cost, pred)``: fewest route units from ``player``'s sources (see :func:`sources`) to
    each departure state; ``pred`` links each state to the one before it (None at a source;
    a surface square's start is given as its ``(square, side)``)."""
    tiles, blocked, occ = grid or _grid(state)
    starts = sources(state, player) if starts is None else starts
    n = _G * _G * 4
    cost = [_INF] * n
    link = [-2] * n
    buckets: list[list[int]] = [[]]

    def push(key, units, via):
        if units < cost[key]:
            cost[key] = units
            link[key] = via
            while len(buckets) <= units:
                buckets.append([])
            buckets[units].append(key)

    for key, (units, _kind, _cart) in starts.items():
        (r, c), x = key
        if board.on_grid((r, c)):
            push((r * _G + c) * 4 + _SIDE_I[x], units, -1)
            continue
        # a cart on the surface: its first step enters the grid
        j_sq = board.step((r, c), x)
        if not board.on_grid(j_sq):
            continue
        j = j_sq[0] * _G + j_sq[1]
        if blocked[j]:
            continue
        s = _OPP_I[_SIDE_I[x]]
        t = tiles[j]
        for h in range(4):
            if h == s:
                continue
            cc = _tiles_needed(t, s, h, occ[j])
            if cc is None:
                continue
            push(j * 4 + h, units + TILE_UNITS * cc + 1, key)
    _run(cost, link, buckets, tiles, blocked, occ, True)
    return _Table(cost, _INF), _Links(link, -2)


# =============================================================================================
# Route costs without routes (the evaluation)
# =============================================================================================
# The evaluation needs only costs, at a few squares (deposits, carts), thousands of times per
# decision. These searches give exactly the costs of exit_costs/reach_costs (the cheapest route's
# cost does not depend on the order of the search) but settle all departure states of one cost
# at once: a set of squares is a Python int with bit ``row * 12 + col``, a set of departure
# states one with bit ``side * 144 + row * 12 + col``.
_SQUARES = _G * _G
_ALL_SQUARES = (1 << _SQUARES) - 1
_EVERY_SIDE = sum(1 << (side * _SQUARES) for side in range(4))
"""Multiplying a set of squares by this gives the departure states of those squares by every
side."""
_ROW = (1 << _G) - 1
_WEST_COLUMN = sum(1 << (row * _G) for row in range(_G))
_EAST_COLUMN = _WEST_COLUMN << (_G - 1)
_BORDER = (_ROW, _EAST_COLUMN, _ROW << (_G * (_G - 1)), _WEST_COLUMN)
"""Per side (0-3: N-E-S-W): the squares from which a step that way leaves the grid."""
_STEP = (-_G, 1, _G, -1)
"""Per side: the change of ``row * 12 + col`` one step that way."""
_STEP_SHIFTS = ((0, _G), (1, 0), (_G, 0), (0, 1))
"""Per side: ``(left, right)`` bit shifts taking a set of squares one step that way."""
_LONGEST_CROSSING = 1 + 2 * TILE_UNITS
"""Route units of the dearest crossing of a square (two upgrades)."""
_TILE_SIDES = {exits: tuple(_SIDE_I[side] for side in exits) for exits in board.ALL_TILES}
_CENTRE_BITS = sum(1 << i for i in _CENTRE_I)


def _beside(squares: int, side: int) -> int:
    """The squares next to ``squares`` (a set of squares) towards ``side`` (0-3: N-E-S-W),
    those off the grid left out."""
    left, right = _STEP_SHIFTS[side]
    return ((squares & ~_BORDER[side]) << left) >> right


@dataclass(frozen=True)
class Crossings:
    """What crossing each square costs on a position's grid, as sets of squares and states.

    ``open``: the squares a route may enter (not a mine centre or a chasm).
    ``leaving[enter]``: ``((units, states), ...)`` for a cart entering a square by side
    ``enter`` (0-3: N-E-S-W): ``states`` are the departure states it can reach on that square
    at ``units`` route units (1 through track that allows it, +:data:`TILE_UNITS` per tile or
    upgrade still needed, never an upgrade under a cart). ``moves``: per side a cart may leave
    by, ``(block, stays, left, right, leaving)``: the bit offset of that side's departure
    states, the squares from which the step stays on the grid, the shifts of that step and the
    crossings of the square entered. Depends only on the tiles, the chasm and the squares holding
    a cart.
    """

    open: int
    leaving: tuple
    moves: tuple

    @classmethod
    def of(cls, state) -> Crossings:
        """The crossings of ``state``'s grid."""
        blocked = _CENTRE_BITS
        for row, col in state.chasm:
            if 0 <= row < _G and 0 <= col < _G:
                blocked |= 1 << (row * _G + col)
        open_squares = _ALL_SQUARES & ~blocked
        towards = [0, 0, 0, 0]  # per side: the squares whose tile opens that way
        tiled = 0
        for (row, col), exits in state.tiles.items():
            bit = 1 << (row * _G + col)
            tiled |= bit
            for side in _TILE_SIDES[exits]:
                towards[side] |= bit
        occupied = 0
        for cart in state.carts:
            if cart.where == CartPlace.BOARD and cart.square and board.on_grid(cart.square):
                occupied |= 1 << (cart.square[0] * _G + cart.square[1])
        empty = open_squares & ~tiled
        upgradable = open_squares & tiled & ~occupied
        leaving = []
        for enter in range(4):
            by_units = {1: 0, 1 + TILE_UNITS: 0, 1 + 2 * TILE_UNITS: 0}
            for leave in range(4):
                if leave == enter:
                    continue
                block = leave * _SQUARES
                by_units[1] |= (open_squares & towards[enter] & towards[leave]) << block
                one_missing = upgradable & (towards[enter] ^ towards[leave])
                by_units[1 + TILE_UNITS] |= (one_missing | empty) << block
                both_missing = upgradable & ~(towards[enter] | towards[leave])
                by_units[1 + 2 * TILE_UNITS] |= both_missing << block
            leaving.append(tuple((units, states) for units, states in by_units.items() if states))
        moves = tuple(
            (
                side * _SQUARES,
                _ALL_SQUARES & ~_BORDER[side],
                *_STEP_SHIFTS[side],
                leaving[_OPP_I[side]],
            )
            for side in range(4)
        )
        return cls(open_squares, tuple(leaving), moves)


def _cheapest(crossings: Crossings, queued: list, wanted: int) -> list:
    """Dijkstra over departure states, a whole cost at a time.

    ``queued[units]``: the departure states (a set of states) routes start from at ``units``
    (extended in place). Returns ``[(units, states)]``: the ``wanted`` states first reached at
    ``units``, in increasing units.
    """
    moves = crossings.moves
    every_side = _EVERY_SIDE
    done = 0
    found = []
    missing = wanted
    units = 0
    while missing:
        if len(queued) <= units + _LONGEST_CROSSING:
            queued.extend([0] * (_LONGEST_CROSSING + 1))
        fresh = queued[units] & ~done
        if fresh:
            done |= fresh
            if fresh & missing:
                found.append((units, fresh & missing))
                missing &= ~fresh
            for block, stays, left, right, leaving in moves:
                departing = (fresh >> block) & stays
                if departing:
                    entered = ((departing << left) >> right) * every_side
                    for crossing, states in leaving:
                        reached = entered & states
                        if reached:
                            queued[units + crossing] |= reached
        elif not any(queued[units + 1 :]):
            break  # nothing left to reach
        units += 1
    return found


def exit_units(crossings: Crossings, wanted: int, sides: tuple = (0, 1, 2, 3)) -> list:
    """:func:`exit_costs`' costs at the ``wanted`` squares (a set of squares): a flat list,
    index ``(row * 12 + col) * 4 + side`` (sides 0-3: N-E-S-W); ``_INF`` where no way out exists
    or the square is not wanted. ``sides``: the sides of the grid a route may leave by (the
    edges in the same order), all by default.

    A crossing costs the same both ways, so a route out from ``(square, side)`` is, reversed, a
    route in from the edge that leaves the neighbour towards ``side`` by the opposite side: one
    forward search from every edge gives them all.
    """
    wanted &= crossings.open
    cost = [_INF] * (_SQUARES * 4)
    queued: list[int] = []
    neighbours_wanted = 0
    for side in range(4):
        if side in sides:
            for square in _bits(wanted & _BORDER[side]):
                cost[square * 4 + side] = 1  # one step leaves the grid
            # coming in over the border by ``side``: the crossing of the first square
            entered = _BORDER[side] * _EVERY_SIDE
            for crossing, states in crossings.leaving[side]:
                _queue(queued, 1 + crossing, entered & states)
        neighbours_wanted |= _beside(wanted, side) << (_OPP_I[side] * _SQUARES)
    for units, states in _cheapest(crossings, queued, neighbours_wanted):
        for state_bit in _bits(states):
            side, square = divmod(state_bit, _SQUARES)
            cost[(square + _STEP[side]) * 4 + _OPP_I[side]] = units
    return cost


def reach_units(state, player: int, crossings: Crossings, wanted: int) -> list:
    """:func:`reach_costs`' costs at the ``wanted`` squares (a set of squares), in the flat
    layout of :func:`exit_units`; ``_INF`` where ``player`` cannot get to or the square is not
    wanted."""
    queued: list[int] = []
    entering: dict[tuple[int, int], int] = {}  # (side, units) -> squares entered from outside
    for ((row, col), side_name), (start_units, _kind, _cart) in sources(state, player).items():
        side = _SIDE_I[side_name]
        if 0 <= row < _G and 0 <= col < _G:
            _queue(queued, start_units, 1 << (side * _SQUARES + row * _G + col))
            continue
        # a cart on the surface: its first step enters the grid, crossing a square
        square = board.step((row, col), side_name)
        if board.on_grid(square):
            key = (_OPP_I[side], start_units)
            entering[key] = entering.get(key, 0) | 1 << (square[0] * _G + square[1])
    for (enter, start_units), squares in entering.items():
        for crossing, states in crossings.leaving[enter]:
            _queue(queued, start_units + crossing, squares * _EVERY_SIDE & states)
    cost = [_INF] * (_SQUARES * 4)
    for units, states in _cheapest(crossings, queued, wanted * _EVERY_SIDE):
        for state_bit in _bits(states):
            side, square = divmod(state_bit, _SQUARES)
            cost[square * 4 + side] = units
    return cost


def _square_set(squares) -> int:
    """The set of squares (bit ``row * 12 + col``) of the grid squares among ``squares``."""
    bit_set = 0
    for row, col in squares:
        if 0 <= row < _G and 0 <= col < _G:
            bit_set |= 1 << (row * _G + col)
    return bit_set


def _cart_squares(state) -> int:
    """The set of grid squares holding a cart."""
    return _square_set(
        cart.square for cart in state.carts if cart.where == CartPlace.BOARD and cart.square
    )


def _state_index(square, side: str) -> int:
    """The index of the departure state ``(square, side)`` (on the grid) in a flat cost list."""
    return (square[0] * _G + square[1]) * 4 + _SIDE_I[side]


def _queue(queued: list, units: int, states: int) -> None:
    """Add ``states`` (a set of departure states) to ``queued[units]``."""
    while len(queued) <= units:
        queued.append(0)
    queued[units] |= states


def _bits(bit_set: int):
    """The positions of the 1 bits of ``bit_set``, lowest first."""
    while bit_set:
        lowest = bit_set & -bit_set
        yield lowest.bit_length() - 1
        bit_set ^= lowest


def sources(state, player) -> dict:
    """Start points of ``player``'s routes: ``{(square, side): (units, cart on board or None,
    cart to put in or None)}`` - their carts on the board (0 units) and, when a cart can be
    placed, each free square of its surface edge (one action)."""
    out: dict[tuple, tuple[int, int | None, int | None]] = {}
    for cart_id, cart in enumerate(state.carts):
        if cart.owner != player or cart.where != CartPlace.BOARD:
            continue
        if cart.facing is not None:
            out[(cart.square, cart.facing)] = (0, cart_id, None)
        elif cart.square in state.tiles:
            for side in ways_on(state, cart.square, cart.back):
                out[(cart.square, side)] = (0, cart_id, None)
    occupied = state.occupied_squares()
    for cart_id, edge in _placeable(state, player):
        inward = board.INWARD[edge]
        for square in board.surface_squares(edge):
            if square not in occupied:
                out.setdefault((square, inward), (TILE_UNITS, None, cart_id))
    return out


def gem_sources(state, player) -> dict:
    """:func:`sources` that can still take gems: a full cart (rules, "Gems": a cart holds at
    most :data:`CART_CAPACITY`) starts no route to a deposit, only its way out (a tester's
    hints laid track for a full cart "toward" gems it rolled past)."""
    return {
        key: start
        for key, start in sources(state, player).items()
        if start[1] is None or sum(state.carts[start[1]].load) < CART_CAPACITY
    }


def _placeable(state, player) -> list:
    """``[(cart, edge)]``: the carts ``player`` may put in now (rules.cart_place_refusal) and
    the edge each enters by (the own edge; in solo each cart's colour edge)."""
    if not state.solo and state.edges[player] is None:
        return []  # no edge yet (setup)
    return [
        (cart_id, cart_edge(state, cart_id))
        for cart_id in state.carts_of(player)
        if cart_place_refusal(state, cart_id) is None
    ]


def deposit_value(gems) -> float:
    """What a deposit is worth to one visit or two: rocks come first (rules, "Gems"), so the
    first two gems taken count fully and the rest half. ``gems``: counts per gem, rock first."""
    first_two = 0  # points of the first two gems taken: the rocks, then the dearest gems
    left = max(0, 2 - gems[0])
    for gem in (4, 3, 2, 1):
        if not left:
            break
        taken = min(left, gems[gem])
        first_two += taken * GEM_VALUES[gem]
        left -= taken
    return first_two + 0.5 * (value(gems) - first_two)


def _through(cost_in, cost_out, square):
    """Best (units, side) of a route that passes ``square`` (in from the sources, out to an
    edge)."""
    best, side = _INF, None
    for g in _SIDES:
        a = cost_in.get((square, g))
        b = cost_out.get((square, g))
        if a is not None and b is not None and a + b < best:
            best, side = a + b, g
    return best, side


# =============================================================================================
# Routes as actions (for planning)
# =============================================================================================
@dataclass
class Route:
    """A concrete plan: ``actions`` (tile placements/upgrades in path order, then nothing else),
    ``entry`` (a :class:`PlaceCart` when the route starts from the edge), ``cart`` (the cart id
    when it starts from a cart on the board), ``target`` (deposit square or None for a way
    out), ``units`` and ``score`` (deposit or load value discounted by units); ``out_edge`` is
    the edge the route leaves the grid by (None if it stays in the mine)."""

    actions: list
    entry: object
    cart: object
    target: object
    units: float
    score: float
    squares: list = field(default_factory=list)
    out_edge: object = None


def _chain_back(pred, key):
    chain = []
    while key is not None:
        chain.append(key)
        key = pred.get(key)
    chain.reverse()
    return chain


def _chain_fwd(succ, key):
    chain = []
    key = succ.get(key)
    while key is not None:
        chain.append(key)
        key = succ.get(key)
    return chain


def _placements(state, passes) -> list:
    """Actions making every ``(square, in_side, out_side)`` pass possible, in path order."""
    need: dict = {}
    order = []
    for sq, s, h in passes:
        if sq not in need:
            need[sq] = []
            order.append(sq)
        for x in (s, h):
            if x and x not in need[sq]:
                need[sq].append(x)
    acts: list[Action] = []
    for sq in order:
        want = need[sq]
        cur = state.tiles.get(sq)
        if cur is None:
            if len(want) < 2:
                continue
            cur = board.canonical(want[:2])
            acts.append(PlaceTile(sq[0], sq[1], cur))
        for x in want:
            if x not in cur:
                cur = board.canonical(cur + x)
                acts.append(UpgradeTile(sq[0], sq[1], cur))
    return acts


def _passes(chain):
    """``(square, in_side, out_side)`` for each departure state after the first of a chain."""
    out = []
    for prev, cur in zip(chain, chain[1:]):
        out.append((cur[0], OPPOSITE[prev[1]], cur[1]))
    return out


def routes(state, player, limit: int = 4, tables=None) -> list:
    """The most promising :class:`Route` s for ``player``, best first: ways out for loaded carts
    and ways through the richest deposits (one route per deposit, from the cheapest source that
    can take gems, :func:`gem_sources`). ``tables``: ``(exit_costs(state), reach_costs(state,
    player, gem_sources(state, player)))`` when the caller has them."""
    cost_out, succ = tables[0] if tables else exit_costs(state)
    srcs = sources(state, player)
    cost_in, pred = tables[1] if tables else reach_costs(state, player, gem_sources(state, player))
    found = []

    def build(chain, target, units, score):
        first = chain[0]
        _units, ci, put = srcs[first]
        entry = None
        passes = _passes(chain)
        if put is not None:  # starts at the edge: the cart goes onto the surface square
            entry = PlaceCart(put, first[0][0], first[0][1])
        acts = _placements(state, [p for p in passes if board.on_grid(p[0])])
        last_sq, last_side = chain[-1]
        out = (
            board.EDGE_OF_SIDE[last_side]
            if not board.on_grid(board.step(last_sq, last_side))
            else None
        )
        found.append(Route(acts, entry, ci, target, units, score, [p[0] for p in passes], out))

    by_edge: dict = {}
    for key, (_units, ci, _rest) in srcs.items():
        if ci is None:
            continue
        cart_load = state.carts[ci].load
        load = value(cart_load)
        if load and key in cost_out:
            u = cost_out[key]
            score = load * _discount(u)
            if state.solo:
                out = _leaves_by(key, succ)
                score = solo_load_value(state, cart_load, out) * _discount(u) if out else 0.0
            build([key] + _chain_fwd(succ, key), None, u, score)
        if state.solo and jewels(cart_load):
            # solo: a way out by the edge of each jewel it holds, where the jewel counts
            for gem in (1, 2, 3, 4):
                edge = JEWEL_EDGE[gem]
                if not cart_load[gem]:
                    continue
                if edge not in by_edge:
                    by_edge[edge] = exit_costs(state, edge=edge)
                edge_cost, edge_succ = by_edge[edge]
                if key in edge_cost:
                    u = edge_cost[key]
                    score = solo_load_value(state, cart_load, edge) * _discount(u)
                    build([key] + _chain_fwd(edge_succ, key), None, u, score)
    for sq, gems in state.gems.items():
        if sq in state.chasm:
            continue
        units, g = _through(cost_in, cost_out, sq)
        if g is None:
            continue
        v = deposit_value(gems)
        if v <= 0:
            continue
        chain = _chain_back(pred, (sq, g)) + _chain_fwd(succ, (sq, g))
        build(chain, sq, units, v * _discount(units))
    found.sort(key=lambda route: -route.score)
    return found[:limit]


def _leaves_by(key, succ):
    """The edge the route from departure state ``key`` along ``succ`` leaves the grid by."""
    last = key
    step = succ.get(key)
    while step is not None:
        last, step = step, succ.get(step)
    square, side = last
    return board.EDGE_OF_SIDE[side] if not board.on_grid(board.step(square, side)) else None


def _discount(units) -> float:
    return max(0.0, 1.0 - units / HORIZON)


# =============================================================================================
# Evaluation
# =============================================================================================
def points(state, player) -> float:
    """Points ``player`` would score if the game ended now with every cart back (rules,
    "Scoring")."""
    pts = value(state.stockpiles[player]) + MISSION_POINTS * len(state.taken[player])
    pts += CART_POINTS * sum(
        1 for cart in state.carts if cart.owner == player and cart.where != CartPlace.LOST
    )
    if has_most_rubies(state.stockpiles, player):
        pts += RUBY_BONUS
    return pts


def _mission_bonus(state, player, load) -> float:
    """Points a face-up mission would add if ``load`` were stockpiled now by its own edge
    (data.mission_fulfilled on that made-up exit)."""
    facts = MoveFacts(exits=(CartExit(load, False),))
    stockpile = add(state.stockpiles[player], load)
    if any(mission_fulfilled(mission, facts, stockpile, ()) for mission in state.missions):
        return MISSION_POINTS
    return 0.0


def _ruby_edge(state, player, load) -> float:
    """Half the +5 ruby bonus for the rubies a load would add, when they change the lead."""
    if not load[1]:
        return 0.0
    mine = state.stockpiles[player][1]
    best_other = max((s[1] for q, s in enumerate(state.stockpiles) if q != player), default=0)
    return 2.5 if mine < best_other + 1 <= mine + load[1] else 0.0


SOLO_FIRST_RIGHT = 10.0
"""Solo: the first jewel of a kind delivered to its own edge (towards a victory: one of each
to the edge of its colour; rules, "Solo rules"), beyond the 1 point every jewel scores."""
SOLO_SECOND_RIGHT = 5.0
"""Solo: the second of a kind to its own edge (towards a major victory: two of each)."""


def _solo_right_bonus(right: int) -> float:
    """Solo: what one more jewel of a kind delivered to its own edge adds to the progress of
    :func:`solo_progress`, when ``right`` of that kind are there already."""
    return SOLO_FIRST_RIGHT if right == 0 else SOLO_SECOND_RIGHT if right == 1 else 0.0


def solo_progress(state) -> float:
    """Solo: the progress towards a victory and a major victory of the jewels delivered to their
    own edges (the result counts whole sets only; this counts each kind on its way)."""
    total = 0.0
    for gem in (1, 2, 3, 4):
        right = state.delivered.get(JEWEL_EDGE[gem], (0,) * 5)[gem]
        total += sum(_solo_right_bonus(count) for count in range(min(right, 2)))
    return total


def solo_load_value(state, load, edge: str) -> float:
    """Solo: what ``load`` would add taken out by ``edge``: 1 for each jewel (rocks score
    nothing), and for each jewel counting there its step towards a victory
    (:func:`solo_progress`: the first of a kind at its edge counts most)."""
    total = 0.0
    for gem in (1, 2, 3, 4):
        count = load[gem]
        if not count:
            continue
        total += count
        if JEWEL_EDGE[gem] == edge:
            right = state.delivered.get(edge, (0,) * 5)[gem]
            total += sum(_solo_right_bonus(right + extra) for extra in range(count))
    return total


def _solo_carried(state, cart, costs_by_edge) -> float:
    """Solo: the load of ``cart`` on its best way out, each jewel valued by the edge it would
    leave by (:func:`solo_load_value`), discounted by the route units to that edge."""
    best = 0.0
    for side, edge in enumerate(board.EDGES):
        cost = costs_by_edge[side]
        if cart.facing is not None:
            units = cost[_state_index(cart.square, cart.facing)]
        else:
            units = min(
                (cost[_state_index(cart.square, g)] for g in _SIDES if g != cart.back),
                default=_INF,
            )
        if units < _INF:
            best = max(
                best, solo_load_value(state, cart.load, edge) * max(0.25, 0.97 - units / 50.0)
            )
    return best


def _potential(
    state,
    player,
    cost_out,
    crossings,
    chasm_risk,
    opening=None,
    reach: float | None = None,
    cost_in: list | None = None,
    contested: frozenset = frozenset(),
    terms: dict | None = None,
) -> float:
    """Route-based value of what ``player`` can still do: loads on the way out, deposits in
    reach. ``cost_out``: :func:`exit_units` at the deposits and carts; ``crossings``: the
    state's :class:`Crossings`; ``chasm_risk``: :func:`_chasm_risk` in a chasm phase, else
    ``{}``; ``opening``: :func:`opening_risk` (or None), the chance the chasm deck opens under
    each square before ``player`` moves again; ``reach`` (or None): the route units ``player``
    can still cover before the game ends (:func:`units_left`): a load further from a way out
    and a deposit further away are worth nothing; ``cost_in``: :func:`reach_units` of
    ``player`` at the deposits (None: worked out here); ``contested``: the deposits another
    player gets to first (:func:`first_to`), each worth :data:`CONTESTED` of itself. Solo:
    each jewel of a load counts most on a way out by its own edge. ``terms`` (a dict of
    :data:`TERMS` at 0, or None): each term of the value is added up there too, unweighted
    (:func:`value_features`)."""
    if cost_in is None:
        cost_in = reach_units(state, player, crossings, _square_set(state.gems))
    costs_by_edge = None
    if state.solo:
        wanted = _square_set(state.gems) | _cart_squares(state)
        costs_by_edge = [exit_units(crossings, wanted, (side,)) for side in range(4)]
    pts = 0.0
    hits = _in_reach_of_others(state, player)
    t = terms if terms is not None else {}
    for k in state.carts:
        if k.owner != player or k.where != CartPlace.BOARD:
            continue
        pts += 0.3  # a cart in the mine is a head start
        lv = (
            value(k.load)
            + _mission_bonus(state, player, k.load)
            + _ruby_edge(state, player, k.load)
        )
        if forced_into_chasm(state, k):
            # it rolls into the chasm on its next move unless its tile is upgraded: as good as
            # lost with its load, but never worse than a cart lost now (which threw carts in)
            pts -= CART_POINTS
            if terms is not None:
                t["forced"] += 1
            continue
        if terms is not None:
            t["carts"] += 1
            t["load"] += lv
        if k.square in hits:
            # an opponent's cart can run into it next turn: half the load dropped, or a derail
            # when it holds no jewel (rules, "Collisions")
            hit = 0.25 * lv if jewels(k.load) else 0.6 + 0.5 * lv
            pts -= hit
            if terms is not None:
                t["hit"] += hit
        carried = 0.0
        if costs_by_edge is not None and jewels(k.load):
            carried = _solo_carried(state, k, costs_by_edge)
            pts += carried
        elif lv:
            if not board.on_grid(k.square):
                u = 0
            elif k.facing is not None:
                u = cost_out[_state_index(k.square, k.facing)]
            else:
                u = min(
                    (cost_out[_state_index(k.square, g)] for g in _SIDES if g != k.back),
                    default=_INF,
                )
            carried = lv * max(0.25, 0.97 - u / 50.0)
            if reach is not None and u > reach:
                carried = 0.0  # still on the board when the last token ends the game
                if terms is not None:
                    t["stranded"] += lv
            pts += carried
            room = 5 - sum(k.load)
            if room <= 0:
                pts -= 0.5  # a full cart should go home
                if terms is not None:
                    t["full"] += 1
        if terms is not None:
            t["carried"] += carried
        if chasm_risk:
            ahead = board.step(k.square, k.facing) if k.facing else k.square
            risk = max(chasm_risk.get(k.square, 0.0), chasm_risk.get(ahead, 0.0))
            if risk:
                # the next chasm token may open under it or in front: the cart and its load
                pts -= risk * (CART_POINTS + carried)
                if terms is not None:
                    t["chasm"] += risk * (CART_POINTS + carried)
        if opening and k.square in opening:
            # the chasm deck opens before this cart moves again: cart and load fall in
            pts -= opening[k.square] * (CART_POINTS + carried)
            if terms is not None:
                t["opening"] += opening[k.square] * (CART_POINTS + carried)
    gains = []
    for (row, col), gems in state.gems.items():
        first = (row * _G + col) * 4
        # the cheapest route through the deposit, in and out by the same side (_through)
        units = min(cost_in[first + side] + cost_out[first + side] for side in range(4))
        if units >= _INF or (reach is not None and units > reach):
            continue  # no route through it (in time)
        share = CONTESTED if (row, col) in contested else 1.0
        gains.append(deposit_value(gems) * _discount(units) * share)
    gains.sort(reverse=True)
    pts += 0.6 * sum(gains[:1]) + 0.25 * sum(gains[1:3])
    if terms is not None:
        t["best_deposit"] += sum(gains[:1])
        t["next_deposits"] += sum(gains[1:3])
        t["more_deposits"] += sum(gains[3:6])
    return pts


CONTESTED = 0.5
"""What a deposit another player gets to first is worth to a player (Hard's foresight at 3-4
players, :func:`first_to`): their cart takes a gem passing it, two stopping on it, before
this player's arrives. Measured over the plans of 3-player games (2026-12-07, seeds
3040-3069): a deposit a plan heads for that an opponent reaches in fewer route units was
reached first by an opponent half the time and by the planner a fifth; one the planner reaches
first, by the planner nearly three times in four."""


def first_to(state, cost_in: list) -> list:
    """``[frozenset of deposits]`` per player: the deposits another player reaches in fewer
    route units (``cost_in[q]``: :func:`reach_units` of player ``q`` at the deposits; a player
    gets to a square by its cheapest side). Such a deposit is likely emptied by that player's
    cart before this player's arrives (:data:`CONTESTED`)."""
    arrival = []
    for costs in cost_in:
        arrival.append(
            {
                square: min(costs[(square[0] * _G + square[1]) * 4 + side] for side in range(4))
                for square in state.gems
            }
        )
    out = []
    for q, mine in enumerate(arrival):
        out.append(
            frozenset(
                square
                for square, units in mine.items()
                if any(other[square] < units for r, other in enumerate(arrival) if r != q)
            )
        )
    return out


def forced_into_chasm(state, cart) -> bool:
    """True when ``cart``'s next move starts into a chasm square and no other way is open (a
    cart on a junction chooses again, rules.ways_on)."""
    if cart.facing is None or board.step(cart.square, cart.facing) not in state.chasm:
        return False
    return cart.square not in state.tiles or cart.facing in ways_on(state, cart.square, cart.back)


def _in_reach_of_others(state, player) -> set:
    """Squares other players' carts could run into on their next move (existing track only,
    any junction branch, up to 6 steps): a cart there risks a collision."""
    out = set()
    cart_squares = state.occupied_squares()
    for k in state.carts:
        if k.owner == player or k.where != CartPlace.BOARD or k.facing is None:
            continue
        frontier = [(k.square, k.facing)]
        for _step in range(6):
            nxt: list[tuple[tuple[int, int], str]] = []
            for square, facing in frontier:
                # next_step, without building its answer: only a cart or track matters here
                ahead = board.step(square, facing)
                if not board.on_grid(ahead) or ahead in state.chasm:
                    continue
                if ahead in cart_squares:
                    out.add(ahead)
                elif not derail_cause(state, ahead, facing):
                    nxt.extend((ahead, side) for side in ways_on(state, ahead, OPPOSITE[facing]))
            frontier = nxt[:16]
    return out


def _chasm_risk(state) -> dict:
    """Chance that the next chasm token opens on each square (chasm phase): the token's colour
    is drawn by the supply, then the placing player picks among the squares the rules allow for
    that colour (rules.token_squares; assume the worst square is picked: each one counts fully
    for its colour's share)."""
    total = sum(state.token_supply.values())
    if not total:
        return {}
    risk: dict = {}
    for colour, count in state.token_supply.items():
        if not count:
            continue
        for square in token_squares(state, colour):
            risk[square] = max(risk.get(square, 0.0), count / total)
    return risk


def opening_risk(state) -> dict:
    """``{square: chance}`` that the chasm deck opens a chasm on the square, while the Chasm
    card's final turns are played (rules, "The Chasm"; empty otherwise and in solo): the chasm
    deck holds one card of each colour, its number one of that colour's cards not seen yet
    (``state.unseen``: the removed cards, the chasm deck and the deposit deck are face down), so
    each mine square of an unseen number opens with chance 1 / that count. A cart there after
    its owner's final turn falls in with its load unless another cart moves it."""
    if state.solo or not state.chasm_card_seen or state.chasm_phase:
        return {}
    risk = {}
    for colour, numbers in state.unseen.items():
        for number in numbers:
            risk[board.mine_square(colour, number)] = 1.0 / len(numbers)
    return risk


UNITS_PER_TURN = 12
"""Route units a player covers in a turn of their own (:func:`units_left`): a cart's few steps
and a tile or two."""


def units_left(state, player) -> float | None:
    """In the chasm phase, the route units ``player`` can still cover before the last chasm
    token ends the game (rules, "End of the game and scoring": carts still on the board then
    derail, their gems lost): :data:`UNITS_PER_TURN` for each turn of theirs still to come, the
    tokens left being the turns left, one for each turn (this one's included). None before the
    chasm phase and in solo."""
    if state.solo or not state.chasm_phase:
        return None
    tokens = sum(state.token_supply.values())
    # the turn ``ahead`` turns from now is played while a token is left after this one's
    ahead = (player - state.player) % state.num_players or state.num_players
    turns = (tokens - 1 - ahead) // state.num_players + 1 if tokens - 1 >= ahead else 0
    return float(UNITS_PER_TURN * turns)


def _seat_inputs(state, foresight: bool) -> tuple:
    """What :func:`evaluate` and :func:`value_features` read of the position for every seat:
    ``(crossings, cost_out, chasm_risk, opening, reach, cost_in, contested)`` — the ways out,
    one chasm token's risk (chasm phase), the deck's opening (``foresight``), each seat's route
    units left before the last token (``foresight``, else None), its reach to the deposits,
    and the deposits another player gets to first (``foresight`` at 3-4 players)."""
    crossings = Crossings.of(state)
    cost_out = exit_units(crossings, _square_set(state.gems) | _cart_squares(state))
    chasm_risk = _chasm_risk(state) if state.chasm_phase else {}
    opening = opening_risk(state) if foresight else None
    seats = range(state.num_players)
    reach = [units_left(state, q) if foresight else None for q in seats]
    deposits = _square_set(state.gems)
    cost_in = [reach_units(state, q, crossings, deposits) for q in seats]
    contested: list[frozenset] = [frozenset()] * state.num_players
    if foresight and state.num_players > 2:
        # many players race for the same deposits: the one that gets there first takes them
        contested = first_to(state, cost_in)
    return crossings, cost_out, chasm_risk, opening, reach, cost_in, contested


def evaluate(state, player: int, foresight: bool = False) -> float:
    """Heuristic value for ``player`` (higher is better): points now (stockpile, ruby bonus,
    missions, carts not lost) plus loads weighted by the route units to a way out, plus the
    richest deposits weighted by the units of a route through them from the player's carts or
    edge; minus the best opponent's same value. Solo: the high score plus loads and carts. At the
    end of the game: the exact point difference (plus a win bonus). With ``foresight`` (Hard)
    ``player``'s carts also count the chance the chasm deck opens under them
    (:func:`opening_risk`), and in the chasm phase the tokens of every opponent's turn before
    they move again (:func:`_chasm_risk` is one token's), what no cart can bring out before
    the last token ends the game is worth nothing (:func:`units_left`), and at 3-4 players a
    deposit another player gets to first is worth :data:`CONTESTED` of itself to each player
    (:func:`first_to`)."""
    if state.solo:
        from engine.off_the_rails.rules import solo_result

        r = solo_result(state)
        carts = sum(1 for k in state.carts if k.where != CartPlace.LOST)
        if state.over:
            return r["high_score"] + solo_progress(state) + 2 * carts
        crossings = Crossings.of(state)
        cost_out = exit_units(crossings, _square_set(state.gems) | _cart_squares(state))
        chasm_risk = _chasm_risk(state) if state.chasm_phase else {}
        return (
            r["high_score"]
            + solo_progress(state)
            + 2 * carts
            + _potential(state, 0, cost_out, crossings, chasm_risk)
        )
    if state.over:
        from engine.off_the_rails.rules import scores, winners

        sc = scores(state)
        mine = sc[player]["total"]
        best = max(x["total"] for q, x in enumerate(sc) if q != player)
        return mine - best + (5.0 if player in winners(state) else -5.0)
    crossings, cost_out, chasm_risk, opening, reach, cost_in, contested = _seat_inputs(
        state, foresight
    )
    own_risk = chasm_risk
    if foresight and chasm_risk and state.num_players > 2:
        # every opponent places a token before player's carts move again, not one
        draws = state.num_players - 1
        own_risk = {square: 1.0 - (1.0 - risk) ** draws for square, risk in chasm_risk.items()}
    vals = [
        points(state, q)
        + (
            _potential(
                state,
                q,
                cost_out,
                crossings,
                own_risk if q == player else chasm_risk,
                opening if q == player else None,
                reach[q],
                cost_in[q],
                contested[q],
            )
        )
        for q in range(state.num_players)
    ]
    others = [v for q, v in enumerate(vals) if q != player]
    return vals[player] - (max(others) if others else 0.0)


TERMS = (
    "carts",
    "load",
    "carried",
    "hit",
    "forced",
    "full",
    "stranded",
    "chasm",
    "opening",
    "best_deposit",
    "next_deposits",
    "more_deposits",
    "supply",
)
"""The terms of a seat's position beyond its points (:func:`value_features`): its carts in the
mine and their loads' worth, the loads weighted by the route units to a way out, the loads an
opponent's cart may ram, carts rolling into the chasm, full carts, loads the last token leaves
behind, the chasm's threat (next token, the deck's opening), the deposits in reach (the best
one, the next two, the three after) and the carts still in the supply. ``bench/otr_value.py``
fits them to how Medium's games end."""


def game_phase(state) -> float:
    """The share of the game left: the deposit deck's cards and the chasm tokens still to come
    over all there are at the start (1 then, 0 when the last token is placed)."""
    full = 4 * piles_for_length(state.length) + 1 + 4 * (TOKENS_PER_COLOUR - 1)
    left = sum(sum(pile) for pile in state.piles) + sum(state.token_supply.values())
    return min(1.0, left / full)


def value_features(state) -> list:
    """``[{term: value}]`` per seat: the unweighted :data:`TERMS` of :func:`_potential` as
    Hard's foresight sees them (every seat's carts alike), plus the carts still in the supply
    (an ongoing game, not solo)."""
    crossings, cost_out, chasm_risk, opening, reach, cost_in, contested = _seat_inputs(state, True)
    out = []
    for q in range(state.num_players):
        terms = dict.fromkeys(TERMS, 0.0)
        _potential(
            state,
            q,
            cost_out,
            crossings,
            chasm_risk,
            opening,
            reach[q],
            cost_in[q],
            contested[q],
            terms,
        )
        terms["supply"] = sum(
            1 for k in state.carts if k.owner == q and k.where == CartPlace.SUPPLY
        )
        out.append(terms)
    return out


# =============================================================================================
# Move ordering and hints
# =============================================================================================
def _who(player, names=None) -> str:
    return player_name(names, player)


def _deposit_words(gems) -> str:
    """A deposit in a few words, so a hint stays short: "a ruby and a diamond", or for more
    than two gems of several kinds their number and the best one ("4 gems with a diamond"; a
    play-test read "3 gems with a ruby" of 3 rubies as one ruby among them)."""
    if sum(gems) <= 2 or sum(1 for count in gems if count) == 1:
        return gems_text(gems)
    best = max((g for g in range(5) if gems[g]), key=lambda gem: GEM_VALUES[gem])
    # as many of the best as there are ("3 gems with a ruby" of a rock and 2 rubies misled)
    return ngettext("{count} gem with {gem}", "{count} gems with {gem}", sum(gems)).format(
        count=sum(gems), gem=gem_count(GEM_NAMES[best], gems[best])
    )


def _your(state, cart_id, role="subject") -> str:
    return your_cart(state.carts[cart_id].label, role)


def _distance(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def _route_for(state, player, action):
    """The route (of the six best, as Hard plans over five) that ``action`` serves, the one
    whose goal (its deposit, else where it leaves the mine) is nearest the action's square;
    None when no route has it."""
    square = (action.row, action.col)
    found = [
        route
        for route in routes(state, player, limit=6)
        if action in route.actions or action == route.entry
    ]
    if not found:
        return None

    def goal(route):
        if route.target is not None:
            return route.target
        return route.squares[-1] if route.squares else square

    return min(found, key=lambda route: _distance(square, goal(route)))


_UPGRADES_TO = {
    "T-junction": N_("Upgrades {square} to a T-junction"),
    "cross": N_("Upgrades {square} to a cross"),
}
_BRING_OUT = {
    "north": N_("{move} to bring {cart}'s {jewel} out north."),
    "east": N_("{move} to bring {cart}'s {jewel} out east."),
    "south": N_("{move} to bring {cart}'s {jewel} out south."),
    "west": N_("{move} to bring {cart}'s {jewel} out west."),
}
_GET_OUT = {
    "north": N_("{move} so {cart} can get out north."),
    "east": N_("{move} so {cart} can get out east."),
    "south": N_("{move} so {cart} can get out south."),
    "west": N_("{move} so {cart} can get out west."),
}


def _move_words(state, action, cart_id) -> str:
    """What a tile, an upgrade or putting a cart in does, as a clause: "Lays a north-south
    straight on D5"."""
    square = square_name(action.row, action.col)
    if isinstance(action, PlaceCart):
        return _("Puts {cart} in at {square}").format(
            cart=_your(state, cart_id, "object"), square=square
        )
    if isinstance(action, PlaceTile):
        return _("Lays {tile} on {square}").format(tile=tile_words(action.exits), square=square)
    return _(_UPGRADES_TO[board.tile_kind(action.exits)]).format(square=square)


def _because(move: str, reason: str) -> str:
    """A hint's reason: the move, then what it is for ("Lays … on D5: track for …")."""
    return _("{move}: {reason}.").format(move=move, reason=reason)


def _route_reason(state, action, route) -> str:
    """Why a tile, an upgrade or putting a cart in helps ``route``: the square, the cart and
    what the route reaches."""
    ci = (
        route.cart
        if route.cart is not None
        else (route.entry.cart if route.entry is not None else None)
    )
    what = _move_words(state, action, ci)
    if route.target is None:  # a way out for a loaded cart
        k = state.carts[ci]
        if state.solo and route.out_edge:
            counted = [g for g in (1, 2, 3, 4) if k.load[g] and JEWEL_EDGE[g] == route.out_edge]
            if counted:
                g = counted[0]
                jewel = gem_name(GEM_NAMES[g]) if k.load[g] == 1 else jewels_plural(GEM_NAMES[g])
                return _(_BRING_OUT[route.out_edge]).format(
                    move=what, cart=_your(state, ci, "of"), jewel=jewel
                )
            return _(_GET_OUT[route.out_edge]).format(move=what, cart=_your(state, ci))
        return _("{move} so {cart} can get its load out of the mine.").format(
            move=what, cart=_your(state, ci)
        )
    where = square_name(*route.target)
    gems = _deposit_words(state.gems[route.target])
    if isinstance(action, PlaceCart):
        return _("Puts {cart} in at {square}, to fetch {gems} on {target}.").format(
            cart=_your(state, ci, "object"),
            square=square_name(action.row, action.col),
            gems=gems,
            target=where,
        )
    upgrade = isinstance(action, UpgradeTile)  # a new exit: a way to turn, not track laid
    here = ci is not None and state.carts[ci].square == route.target  # it stands on the gems
    if (
        here
        or _past_target(route, (action.row, action.col))
        or route.target in _rolls_to(state, ci)
    ):
        # the way out after the deposit, or track on a way the cart already has to the gems
        # (not "to turn toward" gems on the square the cart stands on: a play-tester)
        words = (
            _("a way for {cart} to carry off {gems} from {square}")
            if upgrade
            else _("track for {cart} to carry off {gems} from {square}")
        )
        return _because(what, words.format(cart=_your(state, ci, "of"), gems=gems, square=where))
    steps = _steps_to(route)
    under = not upgrade and (action.row, action.col) == route.target  # laid on the gems' square
    if ci is not None and route.cart is not None and steps > state.carts[ci].speed:
        # the gems are beyond this turn's roll: "to reach" them would promise too much
        if under:  # not "toward" the square it is laid on (a play-tester)
            words = _("track under {gems} on {square}; at speed {speed}, {cart} gets there later")
        else:
            words = (
                _("a way toward {gems} on {square}; at speed {speed}, {cart} gets there later")
                if upgrade
                else _("track toward {gems} on {square}; at speed {speed}, {cart} gets there later")
            )
        speed = state.carts[ci].speed
        return _because(
            what,
            words.format(cart=_your(state, ci), gems=gems, square=where, speed=speed),
        )
    if under:
        words = _("track under {gems} on {square}, for {cart} to reach them")
    else:
        words = (
            _("a way for {cart} to turn toward {gems} on {square}")
            if upgrade
            else _("track for {cart} to reach {gems} on {square}")
        )
    return _because(what, words.format(cart=_your(state, ci, "of"), gems=gems, square=where))


def _steps_to(route) -> int:
    """The squares a route's cart rolls to its deposit (``route.squares`` start with the
    square after the cart's); 0 when the route does not list it."""
    if route.target not in route.squares:
        return 0
    return route.squares.index(route.target) + 1


def _rolls_to(state, cart_id) -> set:
    """The squares cart ``cart_id`` rolls over on the track laid now, from where it stands
    until its owner has a way to choose (a T or a cross, OR-D6: :func:`rules.ways_on`), a gap,
    a cart or the edge (:func:`ways_ahead`); empty for a cart not on the board. A hint never
    says track is laid "to reach" gems on one of them."""
    return {square for kind, square, _ways in ways_ahead(state, cart_id) if kind == "track"}


def ways_ahead(state, cart_id, limit: int | None = None):
    """Each step cart ``cart_id`` would roll from where it stands on the track laid now, as
    ``(kind, where, ways)``: ``kind`` and ``where`` as :func:`next_step` says them ("track"
    and the square entered, or what ends the roll: "exit", "chasm", "cart", "derail") and, on
    track, the exits the cart may leave that square by (:func:`rules.ways_on`). It stops after
    a step that is not track, on a square with other than one way on (a junction is its
    owner's choice, OR-D6), on a square met twice, or after ``limit`` steps. Nothing for a
    cart not on the board or waiting at a junction."""
    cart = state.carts[cart_id]
    if cart.where != CartPlace.BOARD or cart.facing is None or cart.square is None:
        return
    square, facing = cart.square, cart.facing
    seen: set[tuple[int, int]] = set()
    steps = 0
    while limit is None or steps < limit:
        steps += 1
        what = next_step(state, square, facing, cart_id)
        if what[0] != "track":
            yield what[0], what[1], ()
            return
        square = what[1]
        if square in seen:
            return
        seen.add(square)
        ways = tuple(ways_on(state, square, board.OPPOSITE[facing]))
        yield "track", square, ways
        if len(ways) != 1:
            return
        facing = ways[0]


def _past_target(route, square) -> bool:
    """True when ``square`` comes after the route's deposit on its way: track to leave the
    mine with the gems, not to reach them (a cart may already reach them)."""
    squares = route.squares
    if route.target not in squares or square not in squares:
        return False
    return squares.index(square) > squares.index(route.target)


def _nearest_cart(state, player, square):
    """``player``'s cart on the board nearest ``square`` (None if none)."""
    mine = [
        ci
        for ci in state.carts_of(player)
        if state.carts[ci].where == CartPlace.BOARD and state.carts[ci].square is not None
    ]
    return min(mine, key=lambda ci: _distance(state.carts[ci].square, square), default=None)


_OUT_WITH_LOAD = {
    "N": N_("Takes {cart} out of the mine north with its load."),
    "E": N_("Takes {cart} out of the mine east with its load."),
    "S": N_("Takes {cart} out of the mine south with its load."),
    "W": N_("Takes {cart} out of the mine west with its load."),
}
_LOAD_OUT_BY = {
    "north": N_("Takes {cart}'s load out by the north edge."),
    "east": N_("Takes {cart}'s load out by the east edge."),
    "south": N_("Takes {cart}'s load out by the south edge."),
    "west": N_("Takes {cart}'s load out by the west edge."),
}
_KEEPS_GOING = {
    "N": N_("Keeps {cart} on the track going north, to {square}."),
    "E": N_("Keeps {cart} on the track going east, to {square}."),
    "S": N_("Keeps {cart} on the track going south, to {square}."),
    "W": N_("Keeps {cart} on the track going west, to {square}."),
}
_STEERS = {
    "N": N_("Steers {cart} north from {square}"),
    "E": N_("Steers {cart} east from {square}"),
    "S": N_("Steers {cart} south from {square}"),
    "W": N_("Steers {cart} west from {square}"),
}
_LEAVES_GOING = {
    "N": N_("Leaves the junction going north."),
    "E": N_("Leaves the junction going east."),
    "S": N_("Leaves the junction going south."),
    "W": N_("Leaves the junction going west."),
}
_TAKES_SOLO = {
    "ruby": N_("Takes the ruby into {cart}: rubies count at the north edge."),
    "emerald": N_("Takes the emerald into {cart}: emeralds count at the south edge."),
    "gold": N_("Takes the gold into {cart}: gold counts at the east edge."),
    "diamond": N_("Takes the diamond into {cart}: diamonds count at the west edge."),
}
_TAKES_SOLO_HERE = {
    "ruby": N_("Takes the ruby: rubies count at the north edge."),
    "emerald": N_("Takes the emerald: emeralds count at the south edge."),
    "gold": N_("Takes the gold: gold counts at the east edge."),
    "diamond": N_("Takes the diamond: diamonds count at the west edge."),
}
_TAKES_WORTH_HERE = {
    "rock": N_("Takes the rock, worth nothing."),
    "ruby": N_("Takes the ruby, worth 1 point."),
    "emerald": N_("Takes the emerald, worth 2 points."),
    "gold": N_("Takes the gold, worth 3 points."),
    "diamond": N_("Takes the diamond, worth 4 points."),
}
_TAKES_WORTH = {
    "rock": N_("Takes the rock into {cart}, worth nothing."),
    "ruby": N_("Takes the ruby into {cart}, worth 1 point."),
    "emerald": N_("Takes the emerald into {cart}, worth 2 points."),
    "gold": N_("Takes the gold into {cart}, worth 3 points."),
    "diamond": N_("Takes the diamond into {cart}, worth 4 points."),
}
_STARTS_FROM = {
    "north": N_("Starts from the north edge, close to rich deposits."),
    "east": N_("Starts from the east edge, close to rich deposits."),
    "south": N_("Starts from the south edge, close to rich deposits."),
    "west": N_("Starts from the west edge, close to rich deposits."),
}


def explain_move(state, action, names=None) -> str:
    """A reason for a hint (the top bar's second sentence), spoken to the player to move, in
    the language in use: what the move does to the board, naming the cart ("your white cart"),
    the squares as the board labels them and other seats by ``names`` (one per seat; "Player
    N" without), e.g. "Lays a north-south straight on D5: track for your white cart to reach
    a ruby and a diamond on D4."."""
    p = state.current_player()
    if isinstance(action, (PlaceTile, UpgradeTile, PlaceCart)):
        route = _route_for(state, p, action)
        if route is not None:
            return _route_reason(state, action, route)
        square = (action.row, action.col)
        if isinstance(action, PlaceCart):
            return _("Puts {cart} in at {square}, ready for the next route.").format(
                cart=_your(state, action.cart, "object"), square=square_name(*square)
            )
        what = _move_words(state, action, None)
        ci = _nearest_cart(state, p, square)
        if ci is None:
            return _because(what, _("track for your next cart's route"))
        return _because(
            what, _("track for {cart}'s next route").format(cart=_your(state, ci, "of"))
        )
    if isinstance(action, ChangeSpeed):
        k = state.carts[action.cart]
        new = k.speed + action.delta
        return _("At speed {speed}, {outcome}.").format(
            speed=new, outcome=_roll(state, action.cart, new, onward=True)
        )
    if isinstance(action, EndActions):
        if not any(state.carts[ci].where == CartPlace.BOARD for ci in state.carts_of(p)):
            # a play-tester read "your carts roll now" with none on the board
            return _("Ends your actions: none of your carts is on the board to roll.")
        rolling = [ci for ci in state.carts_of(p) if state.carts[ci].where == CartPlace.BOARD]
        # what each roll does (a play-tester missed that a cart's derail was the point)
        outcomes = [_roll(state, ci, state.carts[ci].speed) for ci in rolling]
        if len(outcomes) == 1:
            return _("Ends your actions: {outcome}.").format(outcome=outcomes[0])
        return _("Ends your actions: {first}; {second}.").format(
            first=outcomes[0], second=outcomes[1]
        )
    if isinstance(action, MoveCart):
        k = state.carts[action.cart]
        return _("Goes first: {outcome}.").format(
            outcome=_roll(state, action.cart, k.speed, first=True)
        )
    if isinstance(action, ChooseExit):
        ci = state.moving_cart()
        if ci is not None:
            k = state.carts[ci]
            what = next_step(state, k.square, action.side)
            if what[0] == "exit":
                if state.solo:
                    return _(_LOAD_OUT_BY[what[1]]).format(cart=_your(state, ci, "of"))
                return _(_OUT_WITH_LOAD[action.side]).format(cart=_your(state, ci, "object"))
            return _explain_steer(state, action, ci, names)
        return _(_LEAVES_GOING[action.side])
    if isinstance(action, TakeGem):
        ci = state.moving_cart()
        if ci is None:  # no cart named: the gem alone
            if state.solo and action.gem in _TAKES_SOLO_HERE:
                return _(_TAKES_SOLO_HERE[action.gem])
            return _(_TAKES_WORTH_HERE[action.gem])
        cart = _your(state, ci, "object")
        if state.solo and action.gem in _TAKES_SOLO:
            return _(_TAKES_SOLO[action.gem]).format(cart=cart)
        return _(_TAKES_WORTH[action.gem]).format(cart=cart)
    if isinstance(action, SplitLoad):
        return _explain_split(state, action)
    if isinstance(action, DropGems):
        return _("Drops {gems}, the cheapest gems, and keeps the valuable ones.").format(
            gems=gems_text(action.gems)
        )
    if isinstance(action, PickPile):
        return _explain_pick(state, action, names)
    if isinstance(action, ClaimMission):
        others = [a for a in state.legal_actions() if isinstance(a, ClaimMission) and a != action]
        if len(others) == 1:  # two fulfilled at once (OR-D11): one is taken, one stays
            return ngettext(
                "Takes the mission {mission}; {other} is worth {points} point too and stays "
                "face up for a later turn.",
                "Takes the mission {mission}; {other} is worth {points} points too and stays "
                "face up for a later turn.",
                MISSION_POINTS,
            ).format(
                mission=mission_name(action.mission),
                other=mission_name(others[0].mission),
                points=MISSION_POINTS,
            )
        return ngettext(
            "Takes the mission {mission} for {points} point.",
            "Takes the mission {mission} for {points} points.",
            MISSION_POINTS,
        ).format(mission=mission_name(action.mission), points=MISSION_POINTS)
    if isinstance(action, PlaceChasmToken):
        return _explain_chasm(state, action, p, names)
    if isinstance(action, ChooseEdge):
        return _(_STARTS_FROM[action.edge])
    return ""


def _explain_chasm(state, action, p: int, names) -> str:
    """A chasm token's reason: whose cart it opens under, whose way on the track it cuts (the
    first cart that rolls over it now), or that it harms the player least; and the gems on the
    square, which fall in with it (a play-tester saw a deposit go unmentioned)."""
    sentence = _chasm_square(state, action, p, names)
    gems = state.gems.get((action.row, action.col))
    if not gems or not sum(gems):
        return sentence
    return ngettext(
        "{sentence} The gem there falls in too.",
        "{sentence} The {count} gems there fall in too.",
        sum(gems),
    ).format(sentence=sentence, count=sum(gems))


def _chasm_square(state, action, p: int, names) -> str:
    """What a chasm token on its square does to the carts (see :func:`_explain_chasm`)."""
    sq = (action.row, action.col)
    ci = state.cart_at(sq)
    if ci is not None and state.carts[ci].owner != p:
        seats = [_who(seat, names) for seat in range(state.num_players)]
        cart = cart_phrase(seats, state.carts[ci].owner, state.carts[ci].label)
        return _("Opens the chasm on {square} under {cart}.").format(
            square=square_name(*sq), cart=cart
        )
    if sq in state.tiles:
        # whose way it cuts (a play-tester asked): the first cart that rolls over it now
        cut = [ci for ci in range(len(state.carts)) if sq in _rolls_to(state, ci)]
        if not cut:
            return _("Opens the chasm on the track at {square}: no cart rolls over it now.").format(
                square=square_name(*sq)
            )
        seats = [_who(seat, names) for seat in range(state.num_players)]
        k = state.carts[cut[0]]
        cart = (
            _your(state, cut[0], "of")
            if k.owner == p
            else cart_phrase(seats, k.owner, k.label, "of")
        )
        return _("Opens the chasm on the track at {square}, in the way of {cart}.").format(
            square=square_name(*sq), cart=cart
        )
    return _("Opens the chasm on {square}: the least harm to you.").format(square=square_name(*sq))


def _explain_steer(state, action, cart_id, names) -> str:
    """A junction choice's reason (OR-D6) when the next step is not plain track or a deposit:
    what the exit leads to, found by playing it on a copy up to the next decision — a crash
    (the hit cart drops gems, or a cart with no jewels derails), a bump, leaving the mine, a
    derail, the next junction or where the cart stops; for a cart whose move is over, what it
    faces next turn. "Steers your white cart east from F4: your white cart crashes into Ben's
    white cart on G4, which must drop some of its gems there."."""
    k = state.carts[cart_id]
    move = _(_STEERS[action.side]).format(
        cart=_your(state, cart_id, "object"), square=square_name(*k.square)
    )
    after = state.clone()
    events = after.apply_action(action)
    mine = [e for e in events if getattr(e, "cart", None) == cart_id]
    what = next_step(state, k.square, action.side)
    if not any(isinstance(e, _ROLLING) for e in mine) and what[0] == "track":
        # its move is over: where the exit takes it next turn
        if what[1] in state.gems:  # not now: a play-tester read that the cart moved on
            return _("Turns {cart} to the gems on {square}, for its next move.").format(
                cart=_your(state, cart_id, "object"), square=square_name(*what[1])
            )
        return _(_KEEPS_GOING[action.side]).format(
            cart=_your(state, cart_id, "object"), square=square_name(*what[1])
        )
    return _because(move, _steer_outcome(state, after, cart_id, mine, names, action.side))


_ROLLING = (CartMoved, Collided, CartLeftMine, CartFell, CartDerailed)
"""The events of a cart that rolls on after its exit is chosen."""


def _other_cart(state, cart_id, names) -> str:
    """Another cart as an object: "your black cart" or "Ben's white cart"."""
    k = state.carts[cart_id]
    if k.owner == state.current_player():
        return _your(state, cart_id, "object")
    seats = [_who(seat, names) for seat in range(state.num_players)]
    return cart_phrase(seats, k.owner, k.label, "object")


def _steer_outcome(state, after, cart_id, mine, names, side) -> str:
    """The clause :func:`_explain_steer` gives, the cart as "it": ``mine`` are the events of
    cart ``cart_id`` when the exit is played (``after`` the position then)."""
    k = state.carts[cart_id]
    for event in mine:
        if isinstance(event, Collided):
            other = _other_cart(state, event.other, names)
            square = square_name(event.other_row, event.other_col)
            hit = state.carts[event.other]
            if event.kind == CollisionKind.BUMP or state.bumper:
                text = _("it bumps into {other} on {square} and turns round")
            elif not jewels(k.load):
                text = _("it crashes into {other} on {square} and derails, holding no jewels")
            elif not jewels(hit.load):
                text = _("it crashes into {other} on {square}, which derails, holding no jewels")
            else:
                text = _("it crashes into {other} on {square}, which drops gems there")
            return text.format(other=other, square=square)
        if isinstance(event, CartLeftMine):
            if sum(event.gems):
                return _("it leaves the mine with its load")
            return _("it rolls out of the mine")
        if isinstance(event, CartFell):
            return _("it falls into the chasm on {square}").format(
                square=square_name(event.row, event.col)
            )
        if isinstance(event, CartDerailed):
            return _("it runs off the track at {square}").format(
                square=square_name(event.toward_row, event.toward_col)
            )
    now = after.carts[cart_id]
    if not any(isinstance(event, CartMoved) for event in mine):  # it leaves by it next turn
        ahead = next_step(state, k.square, side)
        if ahead[0] == "cart":
            return _("next turn it heads into {other} on {square}").format(
                other=_other_cart(state, ahead[1], names),
                square=square_name(*state.carts[ahead[1]].square),
            )
        return _("next turn it runs off the track at {square} unless track is laid there").format(
            square=square_name(*board.step(k.square, side))
        )
    square = square_name(*now.square)
    if after.moving_cart() == cart_id and after.pending() == Pending.EXIT:
        return _("it rolls on to the junction on {square}").format(square=square)
    if after.moving_cart() == cart_id and after.pending() == Pending.GEM:
        return _("it reaches the gems on {square}").format(square=square)
    if sum(now.load) > sum(k.load):
        return _("it picks up gems on the way and stops on {square}").format(square=square)
    return _("it stops on {square}").format(square=square)


def _points(count: int) -> str:
    """ "1 point", "3 points"."""
    return ngettext("{count} point", "{count} points", count).format(count=count)


def _explain_split(state, action) -> str:
    """A split's reason (OR-D7): the two piles and what each is worth; the mover picks one
    without seeing them, so what matters is the most the pick can cost."""
    load = state.carts[state.hit_cart()].load
    rest = tuple(held - put for held, put in zip(load, action.pile, strict=True))
    first, second = value(action.pile), value(rest)
    if not sum(rest):
        return _("Puts {gems} in the first pile; the second is empty.").format(
            gems=gems_text(action.pile)
        )
    if first == second:
        return _(
            "Puts {gems} in the first pile and {rest} in the second, {points} each: the pick "
            "costs you the same whichever it is."
        ).format(gems=gems_text(action.pile), rest=gems_text(rest), points=_points(first))
    return _(
        "Puts {gems} in the first pile ({first}) and {rest} in the second ({second}): at "
        "worst the pick costs you {worst}."
    ).format(
        gems=gems_text(action.pile),
        first=_points(first),
        rest=gems_text(rest),
        second=_points(second),
        worst=_points(max(first, second)),
    )


def split_pick_values(state) -> tuple:
    """``(gems in pile 1, gems in pile 2, mean points of pile 1, of pile 2)`` of a split
    waiting for the mover's pick, from what the mover may know: the hit cart's load and every
    split its owner may have made (:func:`rules.possible_splits`: a split and its mirror both,
    the owner choosing the piles' order), each equally likely; never the split itself. Piles of
    as many gems are then always worth the same on average; the larger pile of an odd load is
    never worth less."""
    piles = state.split_piles()
    load = tuple(a + b for a, b in zip(piles[0], piles[1], strict=True))
    splits = possible_splits(load)
    first = sum(value(pile) for pile in splits) / len(splits)
    return sum(piles[0]), sum(piles[1]), first, value(load) - first


def _explain_pick(state, action, names) -> str:
    """A pick's reason (OR-D7: the split is hidden): the piles' sizes and what each is worth
    on average over the splits the owner may have made (:func:`split_pick_values`); the
    picked pile's gems drop from the hit cart, so the more it is worth the better."""
    big, small, first, second = split_pick_values(state)
    owner = _who(state.carts[state.hit_cart()].owner, names)
    number = action.pile + 1
    mine, other = (first, second) if action.pile == 0 else (second, first)
    if big == small:
        return ngettext(
            "Picks pile {number}: both piles hold {count} gem and are worth the same on "
            "average over the splits {name} could have made.",
            "Picks pile {number}: both piles hold {count} gems and are worth the same on "
            "average over the splits {name} could have made.",
            big,
        ).format(number=number, count=big, name=owner)
    count = big if action.pile == 0 else small
    words = {"count": count, "total": big + small, "name": owner}
    if abs(mine - other) < 0.05:
        return (
            ngettext(
                "Picks pile 1, the larger one: {count} of the {total} gems drops from {name}'s "
                "cart; over the splits {name} could have made, both piles are worth {points} "
                "points on average.",
                "Picks pile 1, the larger one: {count} of the {total} gems drop from {name}'s "
                "cart; over the splits {name} could have made, both piles are worth {points} "
                "points on average.",
                count,
            )
            if action.pile == 0
            else ngettext(
                "Picks pile 2, the smaller one: {count} of the {total} gems drops from "
                "{name}'s cart; over the splits {name} could have made, both piles are worth "
                "{points} points on average.",
                "Picks pile 2, the smaller one: {count} of the {total} gems drop from {name}'s "
                "cart; over the splits {name} could have made, both piles are worth {points} "
                "points on average.",
                count,
            )
        ).format(points=decimal(mine), **words)
    return (
        ngettext(
            "Picks pile 1, the larger one: {count} of the {total} gems drops from {name}'s "
            "cart, worth {mine} points on average over the splits {name} could have made (the "
            "other pile {other}).",
            "Picks pile 1, the larger one: {count} of the {total} gems drop from {name}'s "
            "cart, worth {mine} points on average over the splits {name} could have made (the "
            "other pile {other}).",
            count,
        )
        if action.pile == 0
        else ngettext(
            "Picks pile 2, the smaller one: {count} of the {total} gems drops from {name}'s "
            "cart, worth {mine} points on average over the splits {name} could have made (the "
            "other pile {other}).",
            "Picks pile 2, the smaller one: {count} of the {total} gems drop from {name}'s "
            "cart, worth {mine} points on average over the splits {name} could have made (the "
            "other pile {other}).",
            count,
        )
    ).format(mine=decimal(mine), other=decimal(other), **words)


def _meeting(state, cart, facing: str, other: int, square: tuple, first: bool) -> str:
    """What a rolling ``cart`` (moving towards ``facing``) does on meeting cart ``other`` on
    ``square``, as the engine decides it (:func:`rules.collision_kind`): a bump, or a crash (a
    tester's hint said "bump" of a head-on collision that made the hit cart drop its gems).
    The player's own other cart may move away first, unless ``first`` (this one moves first)."""
    you = your_cart(cart.label)
    crash = not state.bumper and collision_kind(state, facing, other) != CollisionKind.BUMP
    if state.carts[other].owner != cart.owner:
        words = (
            _("{cart} would crash into the cart on {square}")
            if crash
            else _("{cart} would bump into the cart on {square}")
        )
        return words.format(cart=you, square=square_name(*square))
    # the player chooses which of their carts moves first (a play-tester's hint named a bump
    # its other cart would have rolled away from)
    if first:
        words = (
            _("{cart} would crash into {other} on {square}")
            if crash
            else _("{cart} would bump into {other} on {square}")
        )
    elif crash:
        words = _("{cart} would crash into {other} on {square}, unless that one moves first")
    else:
        words = _("{cart} would bump into {other} on {square}, unless that one moves first")
    return words.format(cart=you, other=_your(state, other, "object"), square=square_name(*square))


def _roll(state, cart_id, speed, first: bool = False, onward: bool = False) -> str:
    """Where a cart at ``speed`` would end up on the present track, as a clause with the cart
    as its subject: "your white cart stops on the gems on D4", "your white cart leaves the
    mine with its load". As the engine rolls it (:func:`rules.ways_on`): a cart whose way
    ahead leads into the chasm turns to the way still open, and a junction met on the way is
    its owner's choice, said as such (a play-tester's cart turned away from a chasm a hint
    said it would fall into, and took another exit than the one a hint had followed). A bump
    into the player's own other cart holds only if that one has not moved away first, which
    the player decides, unless ``first`` (this cart moves first). ``onward`` (a speed
    change's reason): a junction on the way says how many squares the cart still rolls."""
    k = state.carts[cart_id]
    cart = _your(state, cart_id)
    sq, f = k.square, k.facing
    if sq in state.tiles and f is not None and k.back is not None:
        ways = ways_on(state, sq, k.back)
        if f not in ways:  # its exit leads into the chasm now: another way, or the owner's
            f = ways[0] if len(ways) == 1 else None
    if f is None:
        return _("{cart} waits at the junction on {square}").format(
            cart=cart, square=square_name(*sq)
        )
    gained = 0
    for step in range(speed):
        what = next_step(state, sq, f, cart_id)
        if what[0] == "exit":
            if sum(k.load) or gained:
                return _("{cart} leaves the mine with its load").format(cart=cart)
            return _("{cart} rolls out of the mine").format(cart=cart)
        if what[0] == "chasm":
            return _("{cart} would fall into the chasm on {square}").format(
                cart=cart, square=square_name(*what[1])
            )
        if what[0] == "cart":
            return _meeting(state, k, f, what[1], board.step(sq, f), first)
        if what[0] == "derail":  # the cart goes back to its supply, its gems to the bag
            words = (
                _("{cart} would derail at {square}, its gems going back to the bag")
                if sum(k.load) or gained
                else _("{cart} would derail at {square} and go back to your supply")
            )
            return words.format(cart=cart, square=square_name(*what[1]))
        _kind, sq, _tile = what
        if sq in state.gems:
            gained += 1
        ways = ways_on(state, sq, OPPOSITE[f])
        if len(ways) > 1 and step < speed - 1:
            if not onward:
                return _(
                    "{cart} reaches the junction on {square}, where you choose the way"
                ).format(cart=cart, square=square_name(*sq))
            # what the speed buys beyond it: two testers read a speed change "to reach" the
            # next square, which any speed reaches
            left = speed - step - 1
            return ngettext(
                "{cart} reaches the junction on {square}, where you choose the way, with "
                "{count} square still to roll",
                "{cart} reaches the junction on {square}, where you choose the way, with "
                "{count} squares still to roll",
                left,
            ).format(cart=cart, square=square_name(*sq), count=left)
        f = ways[0]
    if sq in state.gems:
        if state.gems[sq][0] and sum(state.gems[sq]) > state.gems[sq][0]:  # rocks come first
            return _("{cart} stops on the gems on {square}, taking rocks first").format(
                cart=cart, square=square_name(*sq)
            )
        return _("{cart} stops on the gems on {square}").format(cart=cart, square=square_name(*sq))
    if gained:
        return _("{cart} picks up gems on the way and stops on {square}").format(
            cart=cart, square=square_name(*sq)
        )
    return _("{cart} stops on {square}").format(cart=cart, square=square_name(*sq))


__all__ = [
    "evaluate",
    "explain_move",
    "exit_costs",
    "reach_costs",
    "routes",
    "sources",
    "points",
    "deposit_value",
    "next_step",
    "ways_ahead",
    "Route",
    "TILE_UNITS",
]
