"""Component data of Off the Rails and the 11 missions as code (docs/rules/off_the_rails.md).

Gem counts are 5-tuples in :data:`GEMS` order ``(rock, ruby, emerald, gold, diamond)``.
"""

from __future__ import annotations

from dataclasses import dataclass

from translation import N_, _

GEMS = ("rock", "ruby", "emerald", "gold", "diamond")
GEM_INDEX = {gem: index for index, gem in enumerate(GEMS)}
GEM_VALUES = (0, 1, 2, 3, 4)
"""Points per gem (rules, "End of the game and scoring")."""
GEM_LETTERS = ("k", "r", "e", "g", "d")
"""One letter per gem for the notation (k = rock)."""
JEWELS = (1, 2, 3, 4)

BAG = (12, 24, 15, 10, 5)
"""The bag at the start: 24 rubies, 15 emeralds, 10 gold, 5 diamonds and 12 rocks (OR-D2)."""
TOTAL_GEMS = sum(BAG)
SOLO_MINE_GEMS = (0, 10, 9, 8, 5)
"""Solo start: one of these 32 gems on each of the 32 mine squares (rules, "Solo rules")."""

DEPOSIT_GEMS = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3}
"""OR-D3: gems a deposit card places, by its number."""

JEWEL_EDGE = {1: "north", 2: "south", 3: "east", 4: "west"}
"""Solo: the edge each jewel counts at, the edge of its colour (ruby red north, emerald green
south, gold yellow east, diamond blue west; rules, "Solo rules")."""

TOKENS_PER_COLOUR = 5
TOTAL_TOKENS = 20
CART_CAPACITY = 5
ACTIONS_PER_TURN = 4
MIN_SPEED, MAX_SPEED, START_SPEED = 1, 6, 3
"""OR-D5: speed stays within 1-6; a placed cart starts at 3."""
LENGTHS = (13, 17, 21, 25)
LENGTH_LABELS = (
    N_("Very short (13 cards)"),
    N_("Short (17 cards)"),
    N_("Medium (21 cards)"),
    N_("Long (25 cards)"),
)
CHASM = "chasm"
"""The colour name used for the Chasm card in a reveal."""


def lengths_for(num_players: int) -> tuple:
    """The game lengths (deposit cards used in all) that exist for ``num_players`` seats.

    Rules, "Setup": each colour has 8 deposit cards; one opens a deposit at setup, one goes to the
    chasm deck and one goes into each pile of 4 of the deposit deck. One card of each colour is
    always removed, and with 2-3 players one more, so they have at most 4 piles (21 cards):
    ``(13, 17, 21)``; 4 players also have 25. The solo game uses all 33 cards: ``()``.
    """
    if num_players <= 1:
        return ()
    return LENGTHS if num_players >= 4 else LENGTHS[:-1]


def default_length(num_players: int) -> int:
    """The default game length: 25 cards with 4 players, 21 with 2-3 (rules, "Setup")."""
    return 25 if num_players >= 4 else 21


def length_refusal(num_players: int, length) -> str | None:
    """Why ``length`` is no game length for ``num_players`` seats (a sentence), or None."""
    allowed = lengths_for(num_players)
    if not allowed or length in allowed:
        return None
    from engine.off_the_rails.words import join_or

    return _("With {count} players the game length is {lengths} cards, not {length}.").format(
        count=num_players, lengths=join_or([str(n) for n in allowed]), length=length
    )


def larger_half(count: int) -> int:
    """The larger half of ``count`` gems, rounded up: what a hit cart drops (OR-D7)."""
    return (count + 1) // 2


def piles_for_length(length: int) -> int:
    """Piles of 4 in the deposit deck for a game length (4 cards open at setup + piles + Chasm).

    13 -> 2, 17 -> 3, 21 -> 4, 25 -> 5 (rules, "Setup": each step removes one more pile of 4).
    """
    return (length - 5) // 4


def zero() -> tuple:
    """An empty gem count."""
    return (0, 0, 0, 0, 0)


def add(counts, more) -> tuple:
    """Gem counts ``counts + more``."""
    return tuple(x + y for x, y in zip(counts, more))


def sub(counts, less) -> tuple:
    """Gem counts ``counts - less`` (callers make sure nothing goes below 0)."""
    return tuple(x - y for x, y in zip(counts, less))


_ONE = ((1, 0, 0, 0, 0), (0, 1, 0, 0, 0), (0, 0, 1, 0, 0), (0, 0, 0, 1, 0), (0, 0, 0, 0, 1))


def one(gem: int) -> tuple:
    """The gem count of a single gem of index ``gem``."""
    return _ONE[gem]


def jewels(counts) -> int:
    """Number of jewels (rocks not counted) in a gem count."""
    return counts[1] + counts[2] + counts[3] + counts[4]


def value(counts) -> int:
    """Points of a gem count: rock 0, ruby 1, emerald 2, gold 3, diamond 4."""
    return sum(n * v for n, v in zip(counts, GEM_VALUES))


def gems_text(counts) -> str:
    """Plain words for a gem count in the language in use: ``"2 rubies and a diamond"``;
    ``"nothing"`` when empty."""
    from engine.off_the_rails.words import gem_count, join_and

    parts = [gem_count(GEMS[gem], count) for gem, count in enumerate(counts) if count]
    return join_and(parts) if parts else _("nothing")


def sub_multisets(counts, size: int) -> list:
    """Every distinct gem count of ``size`` gems taken from ``counts``, in a stable order."""
    out = []

    def rec(gem, left, taken):
        if gem == len(counts):
            if left == 0:
                out.append(tuple(taken))
            return
        for count in range(min(counts[gem], left), -1, -1):
            rec(gem + 1, left - count, taken + [count])

    rec(0, size, [])
    return out


# --- missions -------------------------------------------------------------------------------
MISSIONS = {
    1: (
        N_("Behind Enemy Lines"),
        N_("Stockpile at least 1 jewel from a cart that left by an opponent's edge."),
    ),
    2: (N_("Bumper Carts"), N_("Derail an opponent's cart in a collision.")),
    3: (N_("Diamonds aren't Forever"), N_("Stockpile a diamond from a single cart in one turn.")),
    4: (
        N_("Dirty Goblins"),
        N_("Have the most rocks in your stockpile at the end (ties: nobody)."),
    ),
    5: (N_("Gem Collector"), N_("Have a cart holding 5 jewels (no rocks).")),
    6: (N_("Green Fingers"), N_("Stockpile 2 emeralds from a single cart in one turn.")),
    7: (N_("Head to Head"), N_("Cause a head-on collision.")),
    8: (N_("Jewel Heist"), N_("Make an opponent's cart drop at least 1 jewel.")),
    9: (N_("Red Leader"), N_("Stockpile 4 rubies from a single cart in one turn.")),
    10: (
        N_("The Spice of Life"),
        N_("Have at least 1 ruby, emerald, gold and diamond in your stockpile."),
    ),
    11: (N_("There's Gold in Them Hills"), N_("Stockpile 2 gold from a single cart in one turn.")),
}
"""Mission number -> (name, condition) (rules, "Missions"); each is worth 4 points. Both are
marked English source strings: translate where shown (:func:`mission_name`)."""


def mission_name(mission: int) -> str:
    """The name of mission ``mission`` in the language in use."""
    return _(MISSIONS[mission][0])


def mission_goal(mission: int) -> str:
    """The condition of mission ``mission`` in the language in use."""
    return _(MISSIONS[mission][1])


BUMPER_CARTS = 2
"""The Bumper Carts mission (derail an opponent's cart), not dealt with the option of that name
(OR-D14)."""
MISSION_POINTS = 4
CART_POINTS = 3
"""Each cart in the supply at the end (rules, "End of the game and scoring")."""
RUBY_BONUS = 5
"""For the player or players with the most rubies, at least 1."""


def has_most_rubies(stockpiles, player) -> bool:
    """True when ``player``'s stockpile holds the most rubies (at least 1; ties share)."""
    rubies = stockpiles[player][1]
    return rubies >= 1 and rubies == max(stock[1] for stock in stockpiles)


DIRTY_GOBLINS = 4
"""Scored only at the end of the game, never claimed during play."""


@dataclass(frozen=True, slots=True)
class CartExit:
    """A cart of the active player left the mine with ``load`` (a gem count), by an opponent's
    edge or not (Behind Enemy Lines)."""

    load: tuple
    by_opponent_edge: bool


@dataclass(frozen=True, slots=True)
class MoveFacts:
    """What the active player's carts did since the last mission check, for the missions that
    need a deed: ``exits`` (a :class:`CartExit` per cart that left the mine), ``head_on`` (Head
    to Head), ``derailed_opponent`` (Bumper Carts), ``heist`` (Jewel Heist), ``collector`` (a
    cart held 5 jewels and no rock: Gem Collector)."""

    exits: tuple = ()
    head_on: bool = False
    derailed_opponent: bool = False
    heist: bool = False
    collector: bool = False

    def to_dict(self) -> dict:
        """The saved shape: ``{"exits": [[load, by_opponent_edge], ...], "head_on": ...}``."""
        return {
            "exits": [[list(e.load), e.by_opponent_edge] for e in self.exits],
            "head_on": self.head_on,
            "derailed_opponent": self.derailed_opponent,
            "heist": self.heist,
            "collector": self.collector,
        }

    @classmethod
    def from_dict(cls, data: dict) -> MoveFacts:
        return cls(
            tuple(CartExit(tuple(load), by_opponent) for load, by_opponent in data["exits"]),
            data["head_on"],
            data["derailed_opponent"],
            data["heist"],
            data["collector"],
        )


NO_FACTS = MoveFacts()
"""Nothing done yet (the facts after each mission check)."""


HOLDING_MISSIONS = frozenset({5, 10})
"""Missions fulfilled by what a player holds (a cart's load, the stockpile): Gem Collector and The
Spice of Life. They may be taken at any point of the player's turn once they hold."""


def fulfilled_by_holding(mission: int, stockpile, loads) -> bool:
    """True when ``mission`` holds for a player with this ``stockpile`` (gem count) and these
    ``loads`` (gem counts of the player's carts on the board): Gem Collector (a cart holding 5
    jewels and no rock) and The Spice of Life (a ruby, an emerald, a gold and a diamond in the
    stockpile); False for every other mission."""
    if mission == 5:
        return any(jewels(load) == CART_CAPACITY and load[0] == 0 for load in loads)
    if mission == 10:
        return all(stockpile[gem] >= 1 for gem in JEWELS)
    return False


def mission_fulfilled(mission: int, facts: MoveFacts, stockpile, loads) -> bool:
    """True when ``mission`` is fulfilled by the active player right now (rules, "Missions").

    ``facts`` (:class:`MoveFacts`, this cart's movement), ``stockpile`` the player's gem count,
    ``loads`` the gem counts of the player's carts on the board. Dirty Goblins is never fulfilled
    during play (it is decided at the end).
    """
    if mission in HOLDING_MISSIONS:
        return (mission == 5 and facts.collector) or fulfilled_by_holding(mission, stockpile, loads)
    if mission == 1:
        return any(e.by_opponent_edge and jewels(e.load) >= 1 for e in facts.exits)
    if mission == 2:
        return facts.derailed_opponent
    if mission == 3:
        return any(e.load[4] >= 1 for e in facts.exits)
    if mission == 6:
        return any(e.load[2] >= 2 for e in facts.exits)
    if mission == 7:
        return facts.head_on
    if mission == 8:
        return facts.heist
    if mission == 9:
        return any(e.load[1] >= 4 for e in facts.exits)
    if mission == 11:
        return any(e.load[3] >= 2 for e in facts.exits)
    return False
