"""The words of Off the Rails a player reads, in the language in use (issue 23).

Every phrase is translated when it is made (``translation._`` looks the message up at call time),
so a log rebuilt after the language changed reads in the new language. Colour and gem words come
with a context (:func:`translation.pgettext`) naming the noun they go with and its role in the
sentence, so Russian and Spanish can agree them ("белая вагонетка", "белую вагонетку", "красный
клан"; "la vagoneta blanca"); directions and edges are whole messages, one per side ("Go north",
"the north edge, column F"), never a direction word glued into a sentence.

Cart phrases have three roles: ``"subject"`` (the cart does something), ``"object"`` (something
is done to it) and ``"of"`` (something of the cart: its speed, its load).
"""

from __future__ import annotations

from engine.off_the_rails import board
from translation import N_, NP_, _, ngettext, pgettext

COLUMN_LABELS = "ABCDEFGHIJKL"
"""The letters drawn over the grid's columns (left to right); rows are numbered 1-12 from the
top. The board draws these round the grid, so texts name squares the way the board shows them."""

CART_CONTEXTS = {"subject": "cart", "object": "cart (object)", "of": "cart (of)"}
"""The role of a cart in a sentence -> the context of its colour word and phrase."""

COLOUR_CONTEXTS = ("clan", "mine (of)", "chasm", "chasm token", "card") + tuple(
    CART_CONTEXTS.values()
)
"""Every context a colour word is translated in (the tests check each has every colour)."""

_COLOURS_MARKED = (
    # a cart's colour: white and black carts in the clan game, the four colours in solo
    NP_("cart", "white"),
    NP_("cart", "black"),
    NP_("cart", "red"),
    NP_("cart", "yellow"),
    NP_("cart", "green"),
    NP_("cart", "blue"),
    NP_("cart (object)", "white"),
    NP_("cart (object)", "black"),
    NP_("cart (object)", "red"),
    NP_("cart (object)", "yellow"),
    NP_("cart (object)", "green"),
    NP_("cart (object)", "blue"),
    NP_("cart (of)", "white"),
    NP_("cart (of)", "black"),
    NP_("cart (of)", "red"),
    NP_("cart (of)", "yellow"),
    NP_("cart (of)", "green"),
    NP_("cart (of)", "blue"),
    NP_("clan", "red"),
    NP_("clan", "yellow"),
    NP_("clan", "green"),
    NP_("clan", "blue"),
    NP_("mine (of)", "red"),
    NP_("mine (of)", "yellow"),
    NP_("mine (of)", "green"),
    NP_("mine (of)", "blue"),
    NP_("chasm", "red"),
    NP_("chasm", "yellow"),
    NP_("chasm", "green"),
    NP_("chasm", "blue"),
    NP_("chasm token", "red"),
    NP_("chasm token", "yellow"),
    NP_("chasm token", "green"),
    NP_("chasm token", "blue"),
    NP_("card", "red"),
    NP_("card", "yellow"),
    NP_("card", "green"),
    NP_("card", "blue"),
)


def colour_word(colour: str, context: str) -> str:
    """``colour`` ("red", "white"…) as an adjective for the noun ``context`` names (one of
    :data:`COLOUR_CONTEXTS`): ``colour_word("red", "clan")`` is "красный" in Russian,
    ``colour_word("red", "card")`` "красная"."""
    return pgettext(context, colour)


def cart_colour(label: str, role: str = "subject") -> str:
    """A cart's colour word (``label`` "white", "black" or a solo colour) for its ``role`` in the
    sentence ("subject", "object" or "of")."""
    return pgettext(CART_CONTEXTS[role], label)


def player_name(names, player: int) -> str:
    """The seat's name, or "Player N" (translated) for a seat ``names`` does not cover."""
    if names and 0 <= player < len(names):
        return names[player]
    return _("Player {number}").format(number=player + 1)


def capitalised(text: str) -> str:
    """``text`` with its first letter upper case (a sentence that starts with a phrase)."""
    return text[:1].upper() + text[1:]


def join_and(words) -> str:
    """ "a, b and c" in the language in use ("" for none)."""
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


def join_or(words) -> str:
    """ "a, b or c" in the language in use ("" for none)."""
    words = list(words)
    if not words:
        return ""
    if len(words) == 1:
        return words[0]
    return _("{first} or {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


# --- carts ------------------------------------------------------------------------------------
_CART = {
    "subject": (NP_("cart", "the {colour} cart"), NP_("cart", "{name}'s {colour} cart")),
    "object": (
        NP_("cart (object)", "the {colour} cart"),
        NP_("cart (object)", "{name}'s {colour} cart"),
    ),
    "of": (NP_("cart (of)", "the {colour} cart"), NP_("cart (of)", "{name}'s {colour} cart")),
}
_YOUR_CART = {
    "subject": NP_("cart", "your {colour} cart"),
    "object": NP_("cart (object)", "your {colour} cart"),
    "of": NP_("cart (of)", "your {colour} cart"),
}


def cart_phrase(names, player: int, label: str, role: str = "subject") -> str:
    """A cart in words for its ``role``: "Ana's white cart", or "the red cart" in the solo game
    (``names`` has one seat or none)."""
    context = CART_CONTEXTS[role]
    solo, owned = _CART[role]
    colour = cart_colour(label, role)
    if len(names or ()) <= 1:
        return pgettext(context, solo).format(colour=colour)
    return pgettext(context, owned).format(name=player_name(names, player), colour=colour)


def the_cart(label: str, role: str = "subject") -> str:
    """ "the white cart" (no owner named) for its ``role``."""
    return pgettext(CART_CONTEXTS[role], _CART[role][0]).format(colour=cart_colour(label, role))


def your_cart(label: str, role: str = "subject") -> str:
    """ "your white cart" for its ``role``, as a hint speaks to the player to move."""
    return pgettext(CART_CONTEXTS[role], _YOUR_CART[role]).format(colour=cart_colour(label, role))


# --- squares, sides, edges --------------------------------------------------------------------
_EDGE_COLUMN = {
    "north": N_("the north edge, column {column}"),
    "south": N_("the south edge, column {column}"),
}
_EDGE_ROW = {
    "east": N_("the east edge, row {row}"),
    "west": N_("the west edge, row {row}"),
}


def square_name(row: int, col: int) -> str:
    """Words a player can find on the board for a square: ``"D4"`` for a grid square (column
    letter, row number, as labelled round the grid; mine numbers can hide under track, the
    labels never do), ``"the red mine centre"``, ``"the north edge, column F"`` for a surface
    square."""
    square = (row, col)
    for colour, centre in board.MINE_CENTRES.items():
        if centre == square:
            return _("the {colour} mine centre").format(colour=colour_word(colour, "mine (of)"))
    if board.on_grid(square):
        return f"{COLUMN_LABELS[col]}{row + 1}"
    edge = board.SURFACE_EDGE.get(square)
    if edge in _EDGE_COLUMN:
        return _(_EDGE_COLUMN[edge]).format(column=COLUMN_LABELS[col])
    if edge in _EDGE_ROW:
        return _(_EDGE_ROW[edge]).format(row=row + 1)
    return _("off the board")


SIDE_WORDS = {"N": N_("north"), "E": N_("east"), "S": N_("south"), "W": N_("west")}
"""A side or an edge on its own, as a label ("north"); in sentences use whole messages."""


def side_word(side: str) -> str:
    """ "north" for ``"N"`` (or for ``"north"``), translated: a label, not for sentences."""
    return _(SIDE_WORDS[side[:1].upper()])


GO_WAY = {"N": N_("Go north"), "E": N_("Go east"), "S": N_("Go south"), "W": N_("Go west")}
"""The button or tip of an exit arrow."""

FACING = {
    "N": N_("facing north"),
    "E": N_("facing east"),
    "S": N_("facing south"),
    "W": N_("facing west"),
}
"""Which way a cart faces, as a label."""

EDGE_CLAN = {
    "north": N_("north edge (red clan)"),
    "east": N_("east edge (yellow clan)"),
    "south": N_("south edge (green clan)"),
    "west": N_("west edge (blue clan)"),
}
"""An edge and its clan, as a button says it."""


def edge_clan(edge: str) -> str:
    """ "north edge (red clan)", translated."""
    return _(EDGE_CLAN[edge])


# --- gems -------------------------------------------------------------------------------------
A_GEM = {
    "rock": NP_("a gem", "a rock"),
    "ruby": NP_("a gem", "a ruby"),
    "emerald": NP_("a gem", "an emerald"),
    "gold": NP_("a gem", "a gold"),
    "diamond": NP_("a gem", "a diamond"),
}
"""One gem of a kind, with its article where the language has one."""

GEM_NAMES = {
    "rock": NP_("gem", "rock"),
    "ruby": NP_("gem", "ruby"),
    "emerald": NP_("gem", "emerald"),
    "gold": NP_("gem", "gold"),
    "diamond": NP_("gem", "diamond"),
}
"""A gem kind as a label ("Ruby: 1 point")."""


def a_gem(gem: str) -> str:
    """ "a ruby", "an emerald" (one gem, in the language in use)."""
    return pgettext("a gem", A_GEM[gem])


def gem_name(gem: str) -> str:
    """ "ruby": the kind as a label."""
    return pgettext("gem", GEM_NAMES[gem])


def gem_count(gem: str, count: int) -> str:
    """ "a ruby" for 1, "3 rubies" for more, in the language's plural form."""
    if count == 1:
        return a_gem(gem)
    if gem == "rock":
        return ngettext("{count} rock", "{count} rocks", count).format(count=count)
    if gem == "ruby":
        return ngettext("{count} ruby", "{count} rubies", count).format(count=count)
    if gem == "emerald":
        return ngettext("{count} emerald", "{count} emeralds", count).format(count=count)
    if gem == "gold":
        return ngettext("{count} gold", "{count} gold", count).format(count=count)
    return ngettext("{count} diamond", "{count} diamonds", count).format(count=count)


JEWELS_PLURAL = {
    "ruby": NP_("jewels", "rubies"),
    "emerald": NP_("jewels", "emeralds"),
    "gold": NP_("jewels", "gold"),
    "diamond": NP_("jewels", "diamonds"),
}
"""A jewel kind in general ("no rubies reached the surface")."""


def jewels_plural(gem: str) -> str:
    """ "rubies": the kind in general, in the language in use."""
    return pgettext("jewels", JEWELS_PLURAL[gem])


# --- tiles ------------------------------------------------------------------------------------
TILE_WORDS = {
    "NS": N_("a north-south straight"),
    "EW": N_("an east-west straight"),
    "NE": N_("a north-east curve"),
    "ES": N_("a south-east curve"),
    "SW": N_("a south-west curve"),
    "NW": N_("a north-west curve"),
    "NES": N_("a T-junction open north, east and south"),
    "ESW": N_("a T-junction open east, south and west"),
    "NSW": N_("a T-junction open north, south and west"),
    "NEW": N_("a T-junction open north, east and west"),
    "NESW": N_("a cross"),
}


def tile_words(exits: str) -> str:
    """A tile in words, with its article, naming the sides it is open to: "a north-south
    straight", "a south-east curve", "a T-junction open north, east and south", "a cross"
    (as the object of a sentence). Raises ``KeyError`` for a string that is no tile."""
    return _(TILE_WORDS[exits])


TILE_KINDS = {
    "straight": N_("the straight"),
    "curve": N_("the curve"),
    "T-junction": N_("the T-junction"),
    "cross": N_("the cross"),
}
"""A tile's kind with its article, as the object of a sentence."""


def tile_kind_words(exits: str) -> str:
    """ "the straight", "the T-junction"… for a tile's exits."""
    return _(TILE_KINDS[board.tile_kind(exits)])
