"""Off the Rails: the state, its actions and its events (rules/off_the_rails.md).

The rules themselves live in :mod:`engine.off_the_rails.rules`; this module holds the data and the
plain-data records. Squares are ``(row, col)``; gem counts are 5-tuples ``(rock, ruby, emerald,
gold, diamond)``; sides are ``"N"/"E"/"S"/"W"``; tiles are exit strings such as ``"NE"``.

Carts are numbered: in a 2-4 player game seat ``p`` owns cart ``2p`` (white) and ``2p+1`` (black);
in the solo game carts 0-3 are the red, yellow, green and blue carts.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Event
from engine.core import TurnStarted as BaseTurnStarted
from engine.off_the_rails import board
from engine.off_the_rails.data import MISSIONS, gems_text


def _n(count: int, noun: str) -> str:
    """"1 marble", "3 marbles"."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _who(names, p):
    return names[p] if 0 <= p < len(names) else f"Player {p + 1}"


COLUMN_LABELS = "ABCDEFGHIJKL"
"""The letters drawn over the grid's columns (left to right); rows are numbered 1-12 from the
top. The board draws these round the grid, so texts name squares the way the board shows them."""


def square_name(row: int, col: int) -> str:
    """Words a player can find on the board for a square: ``"D4"`` for a grid square (column
    letter, row number, as labelled round the grid; mine numbers can hide under track, the
    labels never do), ``"the red mine centre"``, ``"the north edge, column F"`` for a surface
    square."""
    sq = (row, col)
    for colour, centre in board.MINE_CENTRES.items():
        if centre == sq:
            return f"the {colour} mine centre"
    if board.on_grid(sq):
        return f"{COLUMN_LABELS[col]}{row + 1}"
    edge = board.SURFACE_EDGE.get(sq)
    if edge in ("north", "south"):
        return f"the {edge} edge, column {COLUMN_LABELS[col]}"
    if edge in ("east", "west"):
        return f"the {edge} edge, row {row + 1}"
    return "off the board"


def article(noun: str) -> str:
    """"a ruby", "an emerald"."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def tile_words(exits: str) -> str:
    """A tile in words, with its article, naming the sides it is open to: "a north-south
    straight", "a south-east curve", "a T-junction open north, east and south", "a cross"."""
    kind = board.tile_kind(exits)
    if kind == "cross":
        return "a cross"
    sides = [board.SIDE_NAMES[x] for x in exits]
    if kind == "T-junction":
        return f"a T-junction open {sides[0]}, {sides[1]} and {sides[2]}"
    sides.sort(key=("north", "south", "east", "west").index)  # "south-east", as on a compass
    return article(f"{sides[0]}-{sides[1]} {kind}")


def _cart(names, player, label):
    """"Ana's white cart", or "the red cart" in the solo game."""
    if len(names) <= 1:
        return f"the {label} cart"
    return f"{_who(names, player)}'s {label} cart"


def _their_cart(names, label):
    """The cart of the sentence's subject: "their white cart", or "the red cart" in solo."""
    if len(names) <= 1:
        return f"the {label} cart"
    return f"their {label} cart"


def _cap(text):
    return text[0].upper() + text[1:]


# --- actions: decisions ---------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseEdge(Action):
    """The first player picks the edge (north/east/south/west) their clan starts from."""
    edge: str


@dataclass(frozen=True)
class PlaceTile(Action):
    """Place a straight or curve with exits ``exits`` (e.g. ``"NE"``) on an empty square."""
    row: int
    col: int
    exits: str


@dataclass(frozen=True)
class UpgradeTile(Action):
    """Upgrade the tile on a square to ``exits`` (a T-junction or cross keeping its exits)."""
    row: int
    col: int
    exits: str


@dataclass(frozen=True)
class PlaceCart(Action):
    """Put cart ``cart`` from the supply on a surface square of its edge."""
    cart: int
    row: int
    col: int


@dataclass(frozen=True)
class ChangeSpeed(Action):
    """Change a cart's speed by ``delta`` (+1 or -1)."""
    cart: int
    delta: int


@dataclass(frozen=True)
class EndActions(Action):
    """End the action phase and start moving."""


@dataclass(frozen=True)
class MoveCart(Action):
    """Choose which of your carts moves next."""
    cart: int


@dataclass(frozen=True)
class ChooseExit(Action):
    """At a junction, choose the side the moving cart will leave by."""
    side: str


@dataclass(frozen=True)
class TakeGem(Action):
    """Choose which jewel the moving cart takes from the deposit it is on."""
    gem: str


@dataclass(frozen=True)
class SplitLoad(Action):
    """The owner of a hit cart splits its load: ``pile`` is the first (larger) pile as counts."""
    pile: tuple


@dataclass(frozen=True)
class DropGems(Action):
    """'Drop the larger half' rule: the owner of a hit cart chooses the gems it drops."""
    gems: tuple


@dataclass(frozen=True)
class PickPile(Action):
    """The mover picks pile 0 (the larger) or pile 1 of the hit cart's load, without seeing them."""
    pile: int


@dataclass(frozen=True)
class ClaimMission(Action):
    """Take one of several missions fulfilled at once (OR-D11)."""
    mission: int


@dataclass(frozen=True)
class PlaceChasmToken(Action):
    """Place the drawn chasm token on a square next to a token of its colour."""
    row: int
    col: int


# --- actions: chance outcomes ---------------------------------------------------------------
@dataclass(frozen=True)
class DrawEdge(Action):
    """Chance: the third player's edge, drawn among the two left."""
    edge: str


@dataclass(frozen=True)
class DealMission(Action):
    """Chance: a mission card dealt face up."""
    mission: int


@dataclass(frozen=True)
class RevealCard(Action):
    """Chance: a deposit card revealed; ``colour == "chasm"`` (number 0) is the Chasm card."""
    colour: str
    number: int


@dataclass(frozen=True)
class DrawGem(Action):
    """Chance: one gem drawn from the bag (or from the solo start pool)."""
    gem: str


@dataclass(frozen=True)
class DrawChasmToken(Action):
    """Chance: a chasm token drawn from the supply in the chasm phase."""
    colour: str


@dataclass(frozen=True)
class RollChasmDie(Action):
    """Chance (Chasm Die option): the mine square the token goes on (free squares only, OR-D8)."""
    number: int


DECISIONS = (ChooseEdge, PlaceTile, UpgradeTile, PlaceCart, ChangeSpeed, EndActions, MoveCart,
             ChooseExit, TakeGem, SplitLoad, DropGems, PickPile, ClaimMission, PlaceChasmToken)
CHANCE_OUTCOMES = (DrawEdge, DealMission, RevealCard, DrawGem, DrawChasmToken, RollChasmDie)
ACTIONS = DECISIONS + CHANCE_OUTCOMES


# --- events ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class EdgeTaken(Event):
    player: int
    edge: str
    colour: str
    how: str  # "chose", "took", "drew"

    def text(self, names):
        return f"{_who(names, self.player)} {self.how} the {self.edge} edge ({self.colour} clan)."


@dataclass(frozen=True)
class MissionDealt(Event):
    mission: int

    def text(self, names):
        return f"Mission dealt: {MISSIONS[self.mission][0]}."


@dataclass(frozen=True)
class CardRevealed(Event):
    """A deposit card: gems will be placed on (row, col)."""
    colour: str
    number: int
    row: int
    col: int

    def text(self, names):
        return f"Deposit card revealed: {self.colour} {self.number} ({square_name(self.row, self.col)})."


@dataclass(frozen=True)
class GemPlaced(Event):
    row: int
    col: int
    gem: str

    def text(self, names):
        return f"{_cap(article(self.gem))} was placed on {square_name(self.row, self.col)}."


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    player: int
    turn: int

    def text(self, names):
        return f"Turn {self.turn}: {_who(names, self.player)} to play."


@dataclass(frozen=True)
class TilePlaced(Event):
    player: int
    row: int
    col: int
    exits: str

    def text(self, names):
        return (f"{_who(names, self.player)} placed {tile_words(self.exits)} on "
                f"{square_name(self.row, self.col)}.")


@dataclass(frozen=True)
class TileUpgraded(Event):
    player: int
    row: int
    col: int
    old: str
    new: str

    def text(self, names):
        return (f"{_who(names, self.player)} upgraded the {board.tile_kind(self.old)} on "
                f"{square_name(self.row, self.col)} to {tile_words(self.new)}.")


@dataclass(frozen=True)
class CartPlaced(Event):
    player: int
    cart: int
    label: str
    row: int
    col: int
    facing: str

    def text(self, names):
        return (f"{_who(names, self.player)} put {_their_cart(names, self.label)} in at "
                f"{square_name(self.row, self.col)}.")


@dataclass(frozen=True)
class SpeedChanged(Event):
    player: int
    cart: int
    label: str
    old: int
    new: int

    def text(self, names):
        return (f"{_who(names, self.player)} set {_their_cart(names, self.label)}'s speed from "
                f"{self.old} to {self.new}.")


@dataclass(frozen=True)
class ActionsEnded(Event):
    player: int

    def text(self, names):
        return f"{_who(names, self.player)} ended the action phase."


@dataclass(frozen=True)
class CartMoved(Event):
    """A cart rolled along ``path`` (squares, the start first); ``facing`` at the end."""
    player: int
    cart: int
    label: str
    path: tuple
    facing: str | None

    def text(self, names):
        (r, c) = self.path[-1]
        return _cap(_cart(names, self.player, self.label)) + f" rolled {_n(len(self.path) - 1, 'square')} to {square_name(r, c)}."


@dataclass(frozen=True)
class ExitChosen(Event):
    player: int
    cart: int
    label: str
    row: int
    col: int
    side: str

    def text(self, names):
        return (_cap(_cart(names, self.player, self.label))
                + f" will go {board.SIDE_NAMES[self.side]} at {square_name(self.row, self.col)}.")


@dataclass(frozen=True)
class GemTaken(Event):
    player: int
    cart: int
    label: str
    row: int
    col: int
    gem: str

    def text(self, names):
        return (_cap(_cart(names, self.player, self.label))
                + f" took {article(self.gem)} at {square_name(self.row, self.col)}.")


@dataclass(frozen=True)
class Collided(Event):
    """``kind`` is "bump", "rear" or "head-on"; the mover is on (row, col), the other on
    (other_row, other_col)."""
    player: int
    cart: int
    other: int
    other_player: int
    kind: str
    row: int
    col: int
    other_row: int
    other_col: int
    label: str
    other_label: str

    def text(self, names):
        what = {"bump": "bumped into", "rear": "ran into", "head-on": "crashed head-on into"}[self.kind]
        other = (f"their own {self.other_label} cart"
                 if self.other_player == self.player and len(names) > 1
                 else _cart(names, self.other_player, self.other_label))
        return _cap(_cart(names, self.player, self.label)) + f" {what} {other}."


@dataclass(frozen=True)
class CartTurned(Event):
    player: int
    cart: int
    label: str
    row: int
    col: int
    facing: str

    def text(self, names):
        return _cap(_cart(names, self.player, self.label)) + f" turned round to face {board.SIDE_NAMES[self.facing]}."


@dataclass(frozen=True)
class LoadSplit(Event):
    """The owner split a load into piles of these sizes (contents hidden)."""
    player: int
    cart: int
    sizes: tuple

    def text(self, names):
        return f"{_who(names, self.player)} split the load into piles of {self.sizes[0]} and {self.sizes[1]}."


@dataclass(frozen=True)
class GemsDropped(Event):
    player: int
    cart: int
    label: str
    row: int
    col: int
    gems: tuple

    def text(self, names):
        return _cap(_cart(names, self.player, self.label)) + f" dropped {gems_text(self.gems)} at {square_name(self.row, self.col)}."


@dataclass(frozen=True)
class CartDerailed(Event):
    """``toward`` is the square it could not enter (or its own square after a collision)."""
    player: int
    cart: int
    label: str
    row: int
    col: int
    toward_row: int
    toward_col: int
    gems: tuple
    cause: str
    removed: bool

    def text(self, names):
        back = "left the game" if self.removed else "went back to the supply"
        lost = f"; {gems_text(self.gems)} went back to the bag" if sum(self.gems) else ""
        return _cap(_cart(names, self.player, self.label)) + f" derailed ({self.cause}) and {back}{lost}."


@dataclass(frozen=True)
class CartFell(Event):
    player: int
    cart: int
    label: str
    row: int
    col: int
    gems: tuple

    def text(self, names):
        lost = f" with {gems_text(self.gems)}" if sum(self.gems) else ""
        return _cap(_cart(names, self.player, self.label)) + f" fell into the chasm at {square_name(self.row, self.col)}{lost}."


@dataclass(frozen=True)
class CartLeftMine(Event):
    """The cart left the grid by ``edge`` onto surface square (row, col) with ``gems``."""
    player: int
    cart: int
    label: str
    edge: str
    row: int
    col: int
    gems: tuple

    def text(self, names):
        return (_cap(_cart(names, self.player, self.label)) + f" left the mine by the {self.edge} edge and stockpiled "
                f"{gems_text(self.gems)}.")


@dataclass(frozen=True)
class CartReturned(Event):
    """OR-D10: a cart stopped on the surface goes back to the supply."""
    player: int
    cart: int
    label: str
    row: int
    col: int

    def text(self, names):
        return _cap(_cart(names, self.player, self.label)) + " stayed on the surface and went back to the supply."


@dataclass(frozen=True)
class MissionClaimed(Event):
    player: int
    mission: int

    def text(self, names):
        return f"{_who(names, self.player)} completed the mission {MISSIONS[self.mission][0]}."


@dataclass(frozen=True)
class ChasmCardRevealed(Event):
    player: int

    def text(self, names):
        return (f"{_who(names, self.player)} revealed the Chasm card: everyone has one more turn, "
                f"{_who(names, self.player)} last.")


@dataclass(frozen=True)
class ChasmTokenDrawn(Event):
    colour: str

    def text(self, names):
        return f"{_cap(article(self.colour))} chasm token was drawn."


@dataclass(frozen=True)
class ChasmDieRolled(Event):
    colour: str
    number: int

    def text(self, names):
        return f"The Chasm Die chose {self.colour} mine square {self.number}."


@dataclass(frozen=True)
class ChasmOpened(Event):
    """A chasm token on (row, col); ``tile``/``gems``/``cart`` say what fell in (cart -1: none)."""
    colour: str
    row: int
    col: int
    tile: str
    gems: tuple
    cart: int

    def text(self, names):
        lost = []
        if self.tile:
            lost.append("a tile")
        if sum(self.gems):
            lost.append(gems_text(self.gems))
        extra = f" ({', '.join(lost)} fell in)" if lost else ""
        return f"{_cap(article(self.colour))} chasm opened on {square_name(self.row, self.col)}{extra}."


@dataclass(frozen=True)
class CardSkipped(Event):
    """Solo: a card naming a chasm square (or a colour without tokens) is skipped."""
    colour: str
    number: int

    def text(self, names):
        return f"The {self.colour} {self.number} card was skipped."


@dataclass(frozen=True)
class ChasmCardShuffledBack(Event):
    def text(self, names):
        return "The Chasm card came up: no chasm this time; it was shuffled back."


@dataclass(frozen=True)
class GameEnded(Event):
    winners: tuple
    totals: tuple
    summary: str

    def text(self, names):
        if self.winners and len(self.totals) > 1:
            who = " and ".join(names[w] if w < len(names) else f"Player {w + 1}"
                               for w in self.winners)
            return f"The game is over. {who} win{'s' if len(self.winners) == 1 else ''}."
        return f"The game is over. {self.summary.rstrip('.')}."


EVENTS = (EdgeTaken, MissionDealt, CardRevealed, GemPlaced, TurnStarted, TilePlaced, TileUpgraded,
          CartPlaced, SpeedChanged, ActionsEnded, CartMoved, ExitChosen, GemTaken, Collided,
          CartTurned, LoadSplit, GemsDropped, CartDerailed, CartFell, CartLeftMine, CartReturned,
          MissionClaimed, ChasmCardRevealed, ChasmTokenDrawn, ChasmDieRolled, ChasmOpened,
          CardSkipped, ChasmCardShuffledBack, GameEnded)


# --- carts ----------------------------------------------------------------------------------
class Cart:
    """One minecart: owner seat, colour, marker ("white"/"black", or the colour in solo), where
    ("supply", "board" or "lost"), square, ``back`` (side it entered by), ``facing`` (side it will
    leave by; None while its owner still chooses at a junction), speed and load (gem counts)."""

    __slots__ = ("owner", "colour", "marker", "where", "square", "back", "facing", "speed", "load")

    def __init__(self, owner, colour, marker, where="supply", square=None, back=None, facing=None,
                 speed=3, load=(0, 0, 0, 0, 0)):
        self.owner = owner
        self.colour = colour
        self.marker = marker
        self.where = where
        self.square = square
        self.back = back
        self.facing = facing
        self.speed = speed
        self.load = load

    def clone(self) -> "Cart":
        return Cart(self.owner, self.colour, self.marker, self.where, self.square, self.back,
                    self.facing, self.speed, self.load)

    @property
    def label(self) -> str:
        """"white"/"black" (or the colour in solo) for texts."""
        return self.marker

    def to_dict(self) -> dict:
        return {"owner": self.owner, "colour": self.colour, "marker": self.marker,
                "where": self.where, "square": list(self.square) if self.square else None,
                "back": self.back, "facing": self.facing, "speed": self.speed,
                "load": list(self.load)}

    @classmethod
    def from_dict(cls, d) -> "Cart":
        return cls(d["owner"], d["colour"], d["marker"], d["where"],
                   tuple(d["square"]) if d["square"] else None, d["back"], d["facing"],
                   d["speed"], tuple(d["load"]))


def _sqkey(sq):
    return f"{sq[0]},{sq[1]}"


def _unkey(k):
    r, c = k.split(",")
    return (int(r), int(c))


class OTRState:
    """A position of Off the Rails (1 player = the solo rules; 2-4 players = the clan game).

    Fields (plain data): ``options``; ``tiles`` {square: exits}; ``gems`` {square: counts} (the
    deposits); ``chasm`` {square: colour}; ``carts`` (list of :class:`Cart`); ``bag``, ``lost``
    (gems fallen into the chasm), ``stockpiles`` (per seat); ``edges`` (per seat, None in solo);
    ``missions`` (face-up mission numbers), ``taken`` (missions per seat); decks as multisets:
    ``unseen`` {colour: numbers not yet seen}, ``piles`` (deposit deck, top pile first, each
    ``[red, yellow, green, blue, chasm]`` counts), ``solo_deck`` (cards left, ``[colour, number]``);
    ``token_supply`` {colour: count}; the turn: ``player``, ``turn``, ``actions_left``, ``moved``;
    ``tasks``: what happens next, head first (see rules.py). Rules are in :mod:`.rules`.
    """

    # fields copied as they are by clone (immutable values)
    _SCALARS = ("num_players", "solo", "bumper", "chasm_die", "length", "split_rule", "player",
                "turn", "actions_left", "claimed", "chasm_card_seen", "final_turns_left",
                "chasm_phase", "chasm_turn", "revealed_chasm_now", "over", "bag", "lost", "piles_split",
                "result")

    def __init__(self):
        # Filled by rules.new_state(); kept here for the reader.
        self.num_players = 2
        self.solo = False
        self.bumper = False
        self.chasm_die = False
        self.length = 21
        self.split_rule = "choose"
        self.tiles: dict = {}
        self.gems: dict = {}
        self.chasm: dict = {}
        self.carts: list = []
        self.bag = (0, 0, 0, 0, 0)
        self.lost = (0, 0, 0, 0, 0)
        self.stockpiles: list = []
        self.edges: list = []
        self.missions: list = []
        self.dealt: list = []
        self.taken: list = []
        self.claimed = False
        self.facts: dict = {}
        self.unseen: dict = {}
        self.piles: list = []
        self.solo_deck: list = []
        self.solo_pool: list = [0, 0, 0, 0, 0]
        self.token_supply: dict = {}
        self.delivered: dict = {}
        self.chasm_card_seen = False
        self.final_turns_left = -1
        self.chasm_phase = False
        self.chasm_turn = False
        self.revealed_chasm_now = False
        self.player = 0
        self.turn = 0
        self.actions_left = 4
        self.moved: list = []
        self.taken_here = 0
        self.piles_split = None
        self.tasks: list = []
        self.over = False
        self.result = None
        self._legal = None

    # --- copying --------------------------------------------------------------------------
    def clone(self) -> "OTRState":
        """A fast independent copy (no deepcopy)."""
        c = OTRState.__new__(OTRState)
        for name in self._SCALARS:
            setattr(c, name, getattr(self, name))
        c.taken_here = self.taken_here
        c.tiles = dict(self.tiles)
        c.gems = dict(self.gems)
        c.chasm = dict(self.chasm)
        c.carts = [k.clone() for k in self.carts]
        c.stockpiles = list(self.stockpiles)
        c.edges = list(self.edges)
        c.missions = list(self.missions)
        c.dealt = list(self.dealt)
        c.taken = [list(t) for t in self.taken]
        c.facts = {"exits": list(self.facts["exits"]), **{k: v for k, v in self.facts.items() if k != "exits"}} if self.facts else {}
        c.unseen = {k: list(v) for k, v in self.unseen.items()}
        c.piles = [list(p) for p in self.piles]
        c.solo_deck = list(self.solo_deck)
        c.solo_pool = list(self.solo_pool)
        c.token_supply = dict(self.token_supply)
        c.delivered = {k: list(v) for k, v in self.delivered.items()}
        c.moved = list(self.moved)
        c.tasks = list(self.tasks)
        c._legal = self._legal
        return c

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it exactly."""
        return {
            "num_players": self.num_players, "solo": self.solo, "bumper": self.bumper,
            "chasm_die": self.chasm_die, "length": self.length, "split_rule": self.split_rule,
            "tiles": {_sqkey(k): v for k, v in sorted(self.tiles.items())},
            "gems": {_sqkey(k): list(v) for k, v in sorted(self.gems.items())},
            "chasm": {_sqkey(k): v for k, v in sorted(self.chasm.items())},
            "carts": [k.to_dict() for k in self.carts],
            "bag": list(self.bag), "lost": list(self.lost),
            "stockpiles": [list(s) for s in self.stockpiles],
            "edges": list(self.edges), "missions": list(self.missions), "dealt": list(self.dealt),
            "taken": [list(t) for t in self.taken], "claimed": self.claimed,
            "facts": {"exits": [[list(l), e] for l, e in self.facts["exits"]],
                      **{k: v for k, v in self.facts.items() if k != "exits"}} if self.facts else {},
            "unseen": {k: list(v) for k, v in self.unseen.items()},
            "piles": [list(p) for p in self.piles],
            "solo_deck": [list(c) for c in self.solo_deck], "solo_pool": list(self.solo_pool),
            "token_supply": dict(self.token_supply),
            "delivered": {k: list(v) for k, v in self.delivered.items()},
            "chasm_card_seen": self.chasm_card_seen, "final_turns_left": self.final_turns_left,
            "chasm_phase": self.chasm_phase, "chasm_turn": self.chasm_turn,
            "revealed_chasm_now": self.revealed_chasm_now,
            "player": self.player, "turn": self.turn, "actions_left": self.actions_left,
            "moved": list(self.moved), "taken_here": self.taken_here,
            "piles_split": [list(p) for p in self.piles_split] if self.piles_split else None,
            "tasks": [list(t) for t in self.tasks], "over": self.over,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, d: dict) -> "OTRState":
        """Rebuild a state from :meth:`to_dict` output; ``KeyError``/``ValueError`` if damaged."""
        s = cls()
        for name in ("num_players", "solo", "bumper", "chasm_die", "length", "split_rule",
                     "claimed", "chasm_card_seen", "final_turns_left", "chasm_phase",
                     "chasm_turn", "revealed_chasm_now", "player", "turn", "actions_left",
                     "taken_here", "over", "result"):
            setattr(s, name, d[name])
        s.tiles = {_unkey(k): v for k, v in d["tiles"].items()}
        s.gems = {_unkey(k): tuple(v) for k, v in d["gems"].items()}
        s.chasm = {_unkey(k): v for k, v in d["chasm"].items()}
        s.carts = [Cart.from_dict(c) for c in d["carts"]]
        s.bag = tuple(d["bag"])
        s.lost = tuple(d["lost"])
        s.stockpiles = [tuple(x) for x in d["stockpiles"]]
        s.edges = list(d["edges"])
        s.missions = list(d["missions"])
        s.dealt = list(d["dealt"])
        s.taken = [list(t) for t in d["taken"]]
        f = d["facts"]
        s.facts = ({"exits": [(tuple(l), e) for l, e in f["exits"]],
                    **{k: v for k, v in f.items() if k != "exits"}} if f else {})
        s.unseen = {k: list(v) for k, v in d["unseen"].items()}
        s.piles = [list(p) for p in d["piles"]]
        s.solo_deck = [tuple(c) for c in d["solo_deck"]]
        s.solo_pool = list(d["solo_pool"])
        s.token_supply = dict(d["token_supply"])
        s.delivered = {k: list(v) for k, v in d["delivered"].items()}
        s.moved = list(d["moved"])
        s.piles_split = tuple(tuple(p) for p in d["piles_split"]) if d["piles_split"] else None
        s.tasks = [tuple(t) for t in d["tasks"]]
        return s

    def __eq__(self, other):
        return isinstance(other, OTRState) and self.to_dict() == other.to_dict()

    __hash__ = None

    def __repr__(self):
        return f"<OTRState turn {self.turn} player {self.player} task {self.tasks[:1]}>"

    # --- the contract, implemented in rules.py -------------------------------------------
    def current_player(self) -> int:
        """A seat, ``CHANCE`` or ``TERMINAL``."""
        from engine.off_the_rails import rules
        return rules.current_player(self)

    def turn_owner(self) -> int:
        """Whose turn this is (``self.player``), also while an opponent splits a hit cart's gems."""
        return self.player

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list:
        """The current player's actions in a stable order ([] at chance nodes and at the end)."""
        from engine.off_the_rails import rules
        if self._legal is None:
            self._legal = tuple(rules.legal_actions(self))
        return list(self._legal)

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node, else []."""
        from engine.off_the_rails import rules
        return rules.chance_outcomes(self)

    def apply_action(self, action) -> list:
        """Apply a decision or chance outcome; returns the events. Raises ``IllegalAction`` (state
        unchanged) for anything the rules forbid."""
        from engine.off_the_rails import rules
        return rules.apply_action(self, action)

    def returns(self) -> list:
        from engine.off_the_rails import rules
        return rules.returns(self)

    def score_sheet(self) -> dict:
        from engine.off_the_rails import rules
        return rules.score_sheet(self)

    def observation(self, player: int) -> "OTRState":
        """The state as ``player`` sees it: a split load waiting for the mover's pick is shown
        with both piles replaced by an even, made-up split, unless ``player`` made the split."""
        from engine.off_the_rails import rules
        return rules.observation(self, player)

    def action_to_string(self, action) -> str:
        from engine.off_the_rails import rules
        return rules.action_to_string(self, action)

    # --- helpers for the table scene (all derived from legal_actions) --------------------
    def pending(self) -> str:
        """What the game waits for: "edge", "actions", "move_cart", "exit", "gem", "split",
        "drop", "pick", "mission", "chasm_token", "chance" or "over"."""
        from engine.off_the_rails import rules
        return rules.pending(self)

    def legal_by_square(self) -> dict:
        """``{(row, col): [PlaceTile/UpgradeTile/PlaceCart/PlaceChasmToken, ...]}`` for the legal
        actions that name a square (cached until the state changes; cheap for hover checks)."""
        legal = self.legal_actions()
        cache = getattr(self, "_by_square", None)
        if cache is not None and cache[0] is self._legal:
            return cache[1]
        index: dict = {}
        for a in legal:
            if isinstance(a, (PlaceTile, UpgradeTile, PlaceCart, PlaceChasmToken)):
                index.setdefault((a.row, a.col), []).append(a)
        self._by_square = (self._legal, index)
        return index

    def placements_at(self, row: int, col: int) -> list:
        """Legal :class:`PlaceTile` actions on that square (empty list if none)."""
        return [a for a in self.legal_by_square().get((row, col), ()) if isinstance(a, PlaceTile)]

    def upgrades_at(self, row: int, col: int) -> list:
        """Legal :class:`UpgradeTile` actions on that square."""
        return [a for a in self.legal_by_square().get((row, col), ()) if isinstance(a, UpgradeTile)]

    def cart_placements(self, cart: int | None = None) -> list:
        """Legal :class:`PlaceCart` actions (for one cart if given)."""
        return [a for a in self.legal_actions()
                if isinstance(a, PlaceCart) and (cart is None or a.cart == cart)]

    def speed_changes(self, cart: int) -> list:
        """Legal :class:`ChangeSpeed` actions for a cart."""
        return [a for a in self.legal_actions() if isinstance(a, ChangeSpeed) and a.cart == cart]

    def carts_to_move(self) -> list:
        """Cart ids the player may choose to move next (:class:`MoveCart`)."""
        return [a.cart for a in self.legal_actions() if isinstance(a, MoveCart)]

    def exit_choices(self) -> list:
        """Sides the moving cart may leave its junction by."""
        return [a.side for a in self.legal_actions() if isinstance(a, ChooseExit)]

    def gem_choices(self) -> list:
        """Jewel names the moving cart may take now."""
        return [a.gem for a in self.legal_actions() if isinstance(a, TakeGem)]

    def chasm_token_squares(self) -> list:
        """Squares where the drawn chasm token may go now."""
        return [(a.row, a.col) for a in self.legal_actions() if isinstance(a, PlaceChasmToken)]

    def refusal(self, action) -> str | None:
        """Why ``action`` is illegal now, as a sentence; None when it is legal."""
        from engine.off_the_rails import rules
        return rules.refusal(self, action)

    def end_actions_refusal(self) -> str | None:
        """Why the action phase cannot be ended now; None when :class:`EndActions` is legal."""
        return self.refusal(EndActions())

    def cart_at(self, square) -> int | None:
        """Id of the cart on ``square`` (grid or surface), or None."""
        for i, k in enumerate(self.carts):
            if k.where == "board" and k.square == tuple(square):
                return i
        return None

    def carts_of(self, player: int) -> list:
        """Cart ids owned by ``player`` (all four in solo)."""
        return [i for i, k in enumerate(self.carts) if k.owner == player]

    def moving_cart(self) -> int | None:
        """The cart whose movement is in progress, or None."""
        from engine.off_the_rails import rules
        return rules.moving_cart(self)

    def split_piles(self):
        """The two piles of a split waiting for the mover's pick, as seen in this state, or None."""
        return self.piles_split
