"""Potion Explosion components: colours, the 64 potion tiles, constants.

docs/rules/potion_explosion.md, "Terms" and "Components". A tile is named by a short code: the
three-letter potion type code plus its number of holes, e.g. ``"WIS4"`` (the Potion of Wisdom
starter, recipe R2 Y2, 5 VP). Each code stands for 2 identical physical tiles.
"""

from __future__ import annotations

from dataclasses import dataclass

from translation import N_, NP_

COLOURS = ("R", "B", "Y", "K")
"""Ingredient colours in a fixed order: red, blue, yellow, black."""

COLOUR_NAMES = {"R": "red", "B": "blue", "Y": "yellow", "K": "black"}
"""English colour words; shown through ``pgettext`` in one of the contexts below (Russian and
Spanish adjectives agree with "marble", "marbles" and "hole")."""
COLOUR_WORDS = tuple(
    (
        NP_("a marble", "red"),
        NP_("a marble", "blue"),
        NP_("a marble", "yellow"),
        NP_("a marble", "black"),
        NP_("marbles", "red"),
        NP_("marbles", "blue"),
        NP_("marbles", "yellow"),
        NP_("marbles", "black"),
        NP_("a hole", "red"),
        NP_("a hole", "blue"),
        NP_("a hole", "yellow"),
        NP_("a hole", "black"),
    )
)
INGREDIENT_NAMES = {
    "R": "Dragon Smoke",
    "B": "Unicorn Tears",
    "Y": "Fairy Dandruff",
    "K": "Ogre Mucus",
}
MARBLES_PER_COLOUR = 20
TOTAL_MARBLES = 80
NUM_TRACKS = 5
TRACK_LENGTH = 8  # PE-D1: each track shows 8 marbles
POOL_SIZE = 3
BREWING_SLOTS = 2
NUM_STACKS = 5
SKILL_TOKENS = 15
SKILL_TOKEN_VP = 4
LITTLE_HELP_VP = -2
TYPES_IN_PLAY = 6
COPIES_PER_RECIPE = 2
FILTER_MAX = 5


@dataclass(frozen=True)
class PotionType:
    """One of the 8 potion types: ``code`` (3 letters), ``name``, and its drink ``effect`` text."""

    code: str
    name: str
    effect: str


POTION_TYPES = (
    PotionType(
        "SAN",
        N_("Sands of Time"),
        N_("Use again the effect of one potion you have already drunk (not a Sands of Time)."),
    ),
    PotionType(
        "MAG",
        N_("Potion of Magnetical Attraction"),
        N_("Take 2 adjacent marbles of different colours from one track."),
    ),
    PotionType("WIS", N_("Potion of Wisdom"), N_("Take any 1 marble from the dispenser.")),
    PotionType(
        "BAL",
        N_("Balm of Uttermost Stickiness"),
        N_("Take 2 or more adjacent marbles of one colour from one track."),
    ),
    PotionType(
        "PRI",
        N_("Potion of Prismatic Joy"),
        N_("The marbles in your pool may fill holes of any colour this turn."),
    ),
    PotionType(
        "BLI",
        N_("Elixir of Blind Love"),
        N_("Take all marbles from one opponent's ingredient pool into your hand."),
    ),
    PotionType(
        "ABY",
        N_("Abyssal Draft"),
        N_("Take one marble of each colour at the bottom of the tracks, one per track."),
    ),
    PotionType(
        "FIL",
        N_("Filter of Lavamancing"),
        N_("Return up to 5 marbles of one colour from one track to the tank."),
    ),
)
TYPE_BY_CODE = {t.code: t for t in POTION_TYPES}
TYPE_CODES = tuple(t.code for t in POTION_TYPES)
FIRST_GAME_REMOVED = ("BAL", "FIL")


@dataclass(frozen=True)
class PotionTile:
    """A potion recipe: ``code`` e.g. ``"WIS4"``, ``type`` code, ``recipe`` counts in
    :data:`COLOURS` order, ``vp``, ``starter`` (True for the 4-hole tiles)."""

    code: str
    type: str
    recipe: tuple
    vp: int
    starter: bool

    @property
    def holes(self) -> int:
        return sum(self.recipe)

    @property
    def name(self) -> str:
        return TYPE_BY_CODE[self.type].name


def _recipe(text: str) -> tuple:
    counts = dict.fromkeys(COLOURS, 0)
    for part in text.split():
        counts[part[0]] = int(part[1:])
    return tuple(counts[c] for c in COLOURS)


# The table of docs/rules/potion_explosion.md, "Components": (starter, 5, 6, 7 holes) as
# (recipe, VP).
_TABLE = {
    "SAN": (("K2 Y2", 3), ("R1 B2 Y2", 4), ("B2 K4", 6), ("R4 B1 Y2", 9)),
    "MAG": (("B2 K2", 4), ("R2 K2 Y1", 6), ("R2 B4", 8), ("R1 K2 Y4", 10)),
    "WIS": (("R2 Y2", 5), ("R2 B1 K2", 6), ("K2 Y4", 8), ("R2 B4 K1", 11)),
    "BAL": (("R1 B1 K2", 4), ("K2 Y3", 5), ("R2 K1 Y3", 7), ("R3 B4", 10)),
    "PRI": (("R2 B1 Y1", 3), ("R2 K3", 5), ("R1 B2 K3", 7), ("B3 Y4", 9)),
    "BLI": (("R1 K1 Y2", 4), ("B3 Y2", 5), ("B3 K2 Y1", 7), ("R4 K3", 10)),
    "ABY": (("R2 B2", 4), ("B2 K1 Y2", 6), ("R4 Y2", 8), ("B2 K4 Y1", 10)),
    "FIL": (("B2 K1 Y1", 5), ("R3 B2", 7), ("R3 B1 Y2", 9), ("K4 Y3", 11)),
}

TILES: dict = {}
"""Every distinct recipe by code (32 codes, 2 physical tiles each = 64 tiles)."""
for _type, _rows in _TABLE.items():
    for _i, (_text, _vp) in enumerate(_rows):
        _rec = _recipe(_text)
        _code = f"{_type}{sum(_rec)}"
        TILES[_code] = PotionTile(_code, _type, _rec, _vp, _i == 0)

TILE_CODES = tuple(TILES)
STARTER_OF = {t: f"{t}4" for t in TYPE_CODES}


def tiles_of_types(types) -> dict:
    """``{tile code: 2}`` for every recipe of the given potion type codes."""
    return {c: COPIES_PER_RECIPE for c, t in TILES.items() if t.type in types}
