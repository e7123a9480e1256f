"""Board geometry of Off the Rails as data (docs/rules/off_the_rails.md, "Board", decision OR-D1).

The underground grid is 12x12, squares are ``(row, col)`` tuples with rows 0-11 top to bottom and
columns 0-11 left to right. The four mines are 3x3 blocks whose centres are listed in
:data:`MINE_CENTRES`; mine squares are numbered 1-8 clockwise from the top-left
(:data:`MINE_OFFSETS`). The surface is one strip of 12 squares outside each edge (corners
excluded): north row -1, east column 12, south row 12, west column -1.

Sides are ``"N"``, ``"E"``, ``"S"``, ``"W"``. A track tile is the string of its open sides in
N-E-S-W order: straights ``"NS"``/``"EW"``, curves ``"NE"``/``"ES"``/``"SW"``/``"NW"``,
T-junctions ``"NES"``/``"ESW"``/``"NSW"``/``"NEW"`` and the cross ``"NESW"``.
All geometry lives here so a corrected layout changes one table.
"""

from __future__ import annotations

GRID = 12
"""Rows and columns of the underground grid."""

SIDES = ("N", "E", "S", "W")
DELTA = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
SIDE_NAMES = {"N": "north", "E": "east", "S": "south", "W": "west"}

COLOURS = ("red", "yellow", "green", "blue")
"""Clan colours, in the order used for per-colour data."""

MINE_CENTRES = {"red": (4, 4), "yellow": (4, 7), "green": (7, 7), "blue": (7, 4)}
"""OR-D1: the centre square of each colour's mine."""

MINE_OFFSETS = {
    1: (-1, -1),
    2: (-1, 0),
    3: (-1, 1),
    4: (0, 1),
    5: (1, 1),
    6: (1, 0),
    7: (1, -1),
    8: (0, -1),
}
"""OR-D1: mine square number -> offset from the mine centre (clockwise from the top-left)."""

EDGES = ("north", "east", "south", "west")
EDGE_COLOUR = {"north": "red", "east": "yellow", "south": "green", "west": "blue"}
COLOUR_EDGE = {c: e for e, c in EDGE_COLOUR.items()}
OPPOSITE_EDGE = {"north": "south", "south": "north", "east": "west", "west": "east"}
EDGE_OF_SIDE = {"N": "north", "E": "east", "S": "south", "W": "west"}
"""A cart that steps off the grid towards side X leaves by this edge."""
INWARD = {"north": "S", "east": "W", "south": "N", "west": "E"}
"""The side a cart placed on an edge's surface faces (into the board)."""

STRAIGHTS = ("NS", "EW")
CURVES = ("NE", "ES", "SW", "NW")
T_JUNCTIONS = ("NES", "ESW", "NSW", "NEW")
CROSS = ("NESW",)
PLACEABLE = STRAIGHTS + CURVES
"""Tiles a player may place (rules, "A turn": a straight or a curve in any orientation)."""
ALL_TILES = PLACEABLE + T_JUNCTIONS + CROSS

_ORDER = {s: i for i, s in enumerate(SIDES)}


def canonical(exits) -> str:
    """The exits as a string in N-E-S-W order; ``canonical("SN") == "NS"``."""
    return "".join(sorted(set(exits), key=_ORDER.__getitem__))


def tile_kind(exits: str) -> str:
    """``"straight"``, ``"curve"``, ``"T-junction"`` or ``"cross"`` for a tile's exits.

    Raises ``ValueError`` for a string that is no tile.
    """
    if exits in STRAIGHTS:
        return "straight"
    if exits in CURVES:
        return "curve"
    if exits in T_JUNCTIONS:
        return "T-junction"
    if exits in CROSS:
        return "cross"
    raise ValueError(f"{exits!r} is not a track tile")


def upgrades(exits: str) -> tuple:
    """Tiles an upgrade may turn ``exits`` into (OR-D4, rules "A turn": upgrade).

    Straight or curve -> the T-junctions that keep both its exits; T-junction -> cross; a cross
    cannot be upgraded (empty tuple). Exits are only ever added.
    """
    if len(exits) == 2:
        return tuple(t for t in T_JUNCTIONS if set(exits) <= set(t))
    if len(exits) == 3:
        return CROSS
    return ()


def mine_square(colour: str, number: int) -> tuple:
    """The grid square of mine square ``number`` (1-8) of ``colour``'s mine."""
    r, c = MINE_CENTRES[colour]
    dr, dc = MINE_OFFSETS[number]
    return (r + dr, c + dc)


MINE_SQUARES = {(colour, n): mine_square(colour, n) for colour in COLOURS for n in range(1, 9)}
SQUARE_OF_MINE = {sq: key for key, sq in MINE_SQUARES.items()}
"""Grid square -> (colour, number) for the 32 mine squares."""
CENTRE_SQUARES = frozenset(MINE_CENTRES.values())


def on_grid(square) -> bool:
    """True for a square of the underground grid."""
    r, c = square
    return 0 <= r < GRID and 0 <= c < GRID


def step(square, side: str) -> tuple:
    """The square next to ``square`` towards ``side``."""
    dr, dc = DELTA[side]
    return (square[0] + dr, square[1] + dc)


def open_towards(exits: str | None, side: str) -> bool:
    """True when a tile with ``exits`` has an exit on ``side`` (None = no tile)."""
    return exits is not None and side in exits


def neighbours(square) -> list:
    """The orthogonal neighbours of ``square`` that are on the grid, in N-E-S-W order."""
    return [n for n in (step(square, s) for s in SIDES) if on_grid(n)]


def surface_squares(edge: str) -> tuple:
    """The 12 surface squares outside ``edge`` (corners excluded), in reading order."""
    if edge == "north":
        return tuple((-1, c) for c in range(GRID))
    if edge == "south":
        return tuple((GRID, c) for c in range(GRID))
    if edge == "west":
        return tuple((r, -1) for r in range(GRID))
    if edge == "east":
        return tuple((r, GRID) for r in range(GRID))
    raise ValueError(f"no edge {edge!r}")


SURFACE_EDGE = {sq: e for e in EDGES for sq in surface_squares(e)}
"""Surface square -> its edge."""

BUILDABLE = tuple((r, c) for r in range(GRID) for c in range(GRID) if (r, c) not in CENTRE_SQUARES)
"""Grid squares where track may ever go (all but the mine centres); chasm is checked by the
state."""

ALL_SQUARES = tuple((r, c) for r in range(GRID) for c in range(GRID))
