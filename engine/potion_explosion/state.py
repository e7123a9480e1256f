"""Potion Explosion: the state, its actions and events (rules/potion_explosion.md).

The rules themselves live in :mod:`engine.potion_explosion.rules`; this module holds the data
(who has what, where every marble is) and the engine-contract plumbing (clone, to_dict, helpers for
the table scene). Tracks are lists of colour letters, **bottom first** (index 0 is the bottom
marble, the one nearest the players). Colours are ``"R"``, ``"B"``, ``"Y"``, ``"K"``.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Event, RecordCodec
from engine.core import TurnStarted as BaseTurnStarted
from engine.potion_explosion.data import (BREWING_SLOTS, COLOUR_NAMES, COLOURS, NUM_STACKS,
                                          NUM_TRACKS, TILES, TYPE_BY_CODE)


def _n(count: int, noun: str) -> str:
    """"1 marble", "3 marbles"."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


CI = {c: i for i, c in enumerate(COLOURS)}


def _cn(c: str) -> str:
    return COLOUR_NAMES[c]


def _tile_name(code) -> str:
    if code is None:
        return "no tile"
    t = TILES[code]
    return f"{t.name} ({t.holes} holes, {t.vp} VP)"


def _who(names, p) -> str:
    return names[p] if 0 <= p < len(names) else f"Player {p + 1}"


# ---------------------------------------------------------------------------------------------
# Actions
# ---------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class ChooseTypes(Action):
    """Chance: the 6 potion types in play (option "random")."""
    types: tuple


@dataclass(frozen=True)
class ChoosePotionType(Action):
    """Seat 1 picks one potion type for the game (option "chosen"), six times."""
    potion: str


@dataclass(frozen=True)
class ChooseFirstPlayer(Action):
    """Chance: the first player (option "random")."""
    seat: int


@dataclass(frozen=True)
class RevealStarter(Action):
    """Chance: one starter tile revealed for the draft."""
    tile: str


@dataclass(frozen=True)
class DraftStarter(Action):
    """Take one of the revealed starters into your first empty brewing slot."""
    tile: str


@dataclass(frozen=True)
class RevealTile(Action):
    """Chance: the tile that becomes the visible top of a stack."""
    stack: int
    tile: str


@dataclass(frozen=True)
class MarbleRollsIn(Action):
    """Chance: a marble of ``colour`` rolls from the tank onto the top of ``track``."""
    track: int
    colour: str


@dataclass(frozen=True)
class RegularPick(Action):
    """Take the marble at ``position`` (0 = bottom) of ``track``; explosions follow."""
    track: int
    position: int


@dataclass(frozen=True)
class LittleHelp(Action):
    """Take a Little Help token (-2 VP) and any one marble; no explosion."""
    track: int
    position: int


@dataclass(frozen=True)
class PlaceMarble(Action):
    """Put a ``colour`` marble from ``source`` ("hand" or "pool") into an empty ``hole``
    (a colour) of the potion in brewing ``slot``."""
    source: str
    colour: str
    slot: int
    hole: str


@dataclass(frozen=True)
class MoveToPool(Action):
    """Move a marble of ``colour`` from your hand to your ingredient pool."""
    colour: str


@dataclass(frozen=True)
class MoveToHand(Action):
    """Move a marble of ``colour`` from your ingredient pool to your hand."""
    colour: str


@dataclass(frozen=True)
class Drink(Action):
    """Drink your completed potion number ``index`` (in your completed list)."""
    index: int


@dataclass(frozen=True)
class TakeMarble(Action):
    """Potion of Wisdom: take any 1 marble."""
    track: int
    position: int


@dataclass(frozen=True)
class TakePair(Action):
    """Magnetical Attraction: take the marbles at ``position`` and ``position + 1``."""
    track: int
    position: int


@dataclass(frozen=True)
class TakeBottom(Action):
    """Abyssal Draft: take the bottom marble of ``track``."""
    track: int


@dataclass(frozen=True)
class TakeRun(Action):
    """Balm of Uttermost Stickiness: take ``length`` (>= 2) same-coloured marbles from ``start``."""
    track: int
    start: int
    length: int


@dataclass(frozen=True)
class TakePool(Action):
    """Elixir of Blind Love: take all marbles of ``opponent``'s pool into your hand."""
    opponent: int


@dataclass(frozen=True)
class FilterMarbles(Action):
    """Filter of Lavamancing: return the ``colour`` marbles at ``positions`` of ``track``."""
    track: int
    colour: str
    positions: tuple


@dataclass(frozen=True)
class CopyPotion(Action):
    """Sands of Time: use again the effect of your drunk completed potion ``index``."""
    index: int


@dataclass(frozen=True)
class FinishEffect(Action):
    """Stop using the current potion effect (take nothing more)."""


@dataclass(frozen=True)
class EndTurn(Action):
    """End your turn (refused while a hand or pool marble fits an empty hole of its colour, or
    the hand holds marbles and the pool has room)."""


@dataclass(frozen=True)
class ChooseStack(Action):
    """Refill an empty brewing slot with the top tile of ``stack``."""
    stack: int


@dataclass(frozen=True)
class TieBreakPick(Action):
    """Tie-break: take one marble with the normal explosion rules (PE-D12)."""
    track: int
    position: int


ACTION_CLASSES = (ChooseTypes, ChoosePotionType, ChooseFirstPlayer, RevealStarter, DraftStarter,
                  RevealTile, MarbleRollsIn, RegularPick, LittleHelp, PlaceMarble, MoveToPool,
                  MoveToHand, Drink, TakeMarble, TakePair, TakeBottom, TakeRun, TakePool,
                  FilterMarbles, CopyPotion, FinishEffect, EndTurn, ChooseStack, TieBreakPick)
ACTION_CODEC = RecordCodec(ACTION_CLASSES)

# ---------------------------------------------------------------------------------------------
# Events
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TypesChosen(Event):
    types: tuple

    def text(self, names):
        return "Potions in play: " + ", ".join(TYPE_BY_CODE[t].name for t in self.types) + "."


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    seat: int

    def text(self, names):
        return f"{_who(names, self.seat)} goes first."


@dataclass(frozen=True)
class StarterRevealed(Event):
    tile: str

    def text(self, names):
        return f"Starter revealed: {_tile_name(self.tile)}."


@dataclass(frozen=True)
class StarterDrafted(Event):
    player: int
    tile: str
    slot: int

    def text(self, names):
        return f"{_who(names, self.player)} drafted {_tile_name(self.tile)}."


@dataclass(frozen=True)
class TileRevealed(Event):
    stack: int
    tile: str

    def text(self, names):
        return f"Stack {self.stack + 1} now shows {_tile_name(self.tile)}."


@dataclass(frozen=True)
class MarbleRefilled(Event):
    """A marble rolled from the tank to ``position`` (the top) of ``track``."""
    track: int
    position: int
    colour: str

    def text(self, names):
        return f"A {_cn(self.colour)} marble rolls into track {self.track + 1}."


@dataclass(frozen=True)
class MarbleTaken(Event):
    """``player`` took the marble at ``position`` of ``track``; ``reason`` is "pick",
    "little help", "potion" or "tie-break"; ``to`` is "hand"."""
    player: int
    track: int
    position: int
    colour: str
    reason: str

    def text(self, names):
        verb, how = {"pick": ("picked", ""), "little help": ("took", " with a Little Help"),
                     "potion": ("took", " with a potion"),
                     "tie-break": ("picked", " in the tie-break")}[self.reason]
        return f"{_who(names, self.player)} {verb} a {_cn(self.colour)} marble from track " \
               f"{self.track + 1}{how}."


@dataclass(frozen=True)
class MarblesSlid(Event):
    """The marbles of ``track`` from ``start`` upward slid down ``distance`` places."""
    track: int
    start: int
    distance: int

    def text(self, names):
        return f"Marbles in track {self.track + 1} slide down."


@dataclass(frozen=True)
class SeamCollision(Event):
    """The marbles at ``position - 1`` and ``position`` of ``track`` met; ``explodes`` if equal."""
    track: int
    position: int
    below: str
    above: str
    explodes: bool

    def text(self, names):
        if self.explodes:
            return f"Two {_cn(self.below)} marbles collide in track {self.track + 1}!"
        return f"A {_cn(self.below)} and a {_cn(self.above)} marble meet; nothing explodes."


@dataclass(frozen=True)
class Exploded(Event):
    """``positions`` of ``track`` (``colour``) exploded into ``player``'s hand; ``chain_step``
    is 1 for the first explosion of a pick, 2+ for chain reactions."""
    player: int
    track: int
    positions: tuple
    colour: str
    chain_step: int

    def text(self, names):
        chain = "" if self.chain_step == 1 else f" (chain reaction {self.chain_step})"
        return f"{len(self.positions)} {_cn(self.colour)} marbles explode into " \
               f"{_who(names, self.player)}'s hand{chain}!"


@dataclass(frozen=True)
class MarbleMoved(Event):
    """A marble went from ``source`` to ``dest`` ("hand", "pool")."""
    player: int
    colour: str
    source: str
    dest: str

    def text(self, names):
        return f"{_who(names, self.player)} moved a {_cn(self.colour)} marble from " \
               f"{self.source} to {self.dest}."


@dataclass(frozen=True)
class MarblePlaced(Event):
    player: int
    colour: str
    source: str
    slot: int
    hole: str

    def text(self, names):
        extra = "" if self.hole == self.colour else f" (in a {_cn(self.hole)} hole)"
        return f"{_who(names, self.player)} placed a {_cn(self.colour)} marble from the " \
               f"{self.source} on potion {self.slot + 1}{extra}."


@dataclass(frozen=True)
class PotionCompleted(Event):
    """The potion in ``slot`` is complete; its ``returned`` marbles went to the tank."""
    player: int
    slot: int
    tile: str
    returned: tuple

    def text(self, names):
        return f"{_who(names, self.player)} completed {_tile_name(self.tile)}!"


@dataclass(frozen=True)
class SkillTokenEarned(Event):
    """``reason``: "mastery", "variety" or "tenth"; ``source``: "countdown" or "supply"."""
    player: int
    reason: str
    source: str

    def text(self, names):
        why = {"mastery": "Mastery (3 potions of one type)",
               "variety": "Variety (5 different types)", "tenth": "a 10th potion"}[self.reason]
        return f"{_who(names, self.player)} earned a skill token for {why}."


@dataclass(frozen=True)
class PotionDrunk(Event):
    player: int
    index: int
    tile: str
    effect: str

    def text(self, names):
        return f"{_who(names, self.player)} drank {TILES[self.tile].name}: {self.effect}"


@dataclass(frozen=True)
class EffectCopied(Event):
    player: int
    tile: str

    def text(self, names):
        return f"{_who(names, self.player)} used Sands of Time to copy {TILES[self.tile].name}."


@dataclass(frozen=True)
class PoolStolen(Event):
    player: int
    opponent: int
    colours: tuple

    def text(self, names):
        return f"{_who(names, self.player)} took {_n(len(self.colours), 'marble')} from " \
               f"{_who(names, self.opponent)}'s pool."


@dataclass(frozen=True)
class PoolMadeWild(Event):
    player: int
    colours: tuple

    def text(self, names):
        return f"{_who(names, self.player)}'s pool marbles may fill any hole this turn."


@dataclass(frozen=True)
class MarblesReturned(Event):
    """Marbles went back to the tank: ``source`` "hand", "track" (with ``track``,
    ``positions``) or "potion"."""
    player: int
    colours: tuple
    source: str
    track: int
    positions: tuple

    def text(self, names):
        if not self.colours:
            return f"{_who(names, self.player)} returned nothing."
        return f"{_n(len(self.colours), 'marble')} return{'s' if len(self.colours) == 1 else ''} to the tank from " \
               f"{_who(names, self.player)}'s {self.source}."


@dataclass(frozen=True)
class LittleHelpTaken(Event):
    player: int

    def text(self, names):
        return f"{_who(names, self.player)} took a Little Help token (-2 VP)."


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    """``player``'s turn begins (``GameSpec.turn_started`` counts these)."""
    player: int

    def text(self, names):
        return f"{_who(names, self.player)}'s turn."


@dataclass(frozen=True)
class TurnEnded(Event):
    player: int

    def text(self, names):
        return f"{_who(names, self.player)} ended the turn."


@dataclass(frozen=True)
class TileDrawn(Event):
    player: int
    stack: int
    slot: int
    tile: str

    def text(self, names):
        return f"{_who(names, self.player)} took {_tile_name(self.tile)} from stack " \
               f"{self.stack + 1}."


@dataclass(frozen=True)
class NoTileLeft(Event):
    player: int
    slot: int

    def text(self, names):
        return f"No potion tile is left for {_who(names, self.player)}'s empty brewing slot."


@dataclass(frozen=True)
class GameEndTriggered(Event):
    reason: str

    def text(self, names):
        return f"The game will end after this round: {self.reason}."


@dataclass(frozen=True)
class TieBreakStarted(Event):
    players: tuple

    def text(self, names):
        return "Tie! " + ", ".join(_who(names, p) for p in self.players) + \
            " each make one pick; most marbles wins."


@dataclass(frozen=True)
class TieBreakResult(Event):
    player: int
    marbles: int

    def text(self, names):
        return f"{_who(names, self.player)} took {_n(self.marbles, 'marble')} in the tie-break."


@dataclass(frozen=True)
class GameOver(Event):
    winners: tuple
    totals: tuple

    def text(self, names):
        who = " and ".join(_who(names, p) for p in self.winners)
        return f"Game over. {who} win{'s' if len(self.winners) == 1 else ''}!"


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class Desk:
    """One player's desk and belongings.

    * ``slots``: 2 brewing slots, each ``None`` or ``[tile code, placed]`` where ``placed`` is a
      list of 2-letter strings, hole colour then marble colour (``"RR"``; ``"RK"`` = a black
      marble in a red hole, only for a wild Prismatic Joy marble).
    * ``pool`` / ``wild``: marble counts per colour (``COLOURS`` order); ``wild[c] <= pool[c]``.
    * ``hand``: counts per colour of marbles just taken.
    * ``completed``: list of ``[tile code, drunk]``.
    * ``tokens`` (skill tokens), ``helps`` (Little Help tokens), ``mastery`` (type codes already
      rewarded), ``variety``/``tenth`` (rewarded once), ``turns`` (turns taken).
    """

    __slots__ = ("slots", "pool", "wild", "hand", "completed", "tokens", "helps", "mastery",
                 "variety", "tenth", "turns")

    def __init__(self):
        self.slots = [None] * BREWING_SLOTS
        self.pool = [0, 0, 0, 0]
        self.wild = [0, 0, 0, 0]
        self.hand = [0, 0, 0, 0]
        self.completed = []
        self.tokens = 0
        self.helps = 0
        self.mastery = []
        self.variety = False
        self.tenth = False
        self.turns = 0

    def clone(self) -> "Desk":
        d = Desk.__new__(Desk)
        d.slots = [None if s is None else [s[0], s[1][:]] for s in self.slots]
        d.pool = self.pool[:]
        d.wild = self.wild[:]
        d.hand = self.hand[:]
        d.completed = [list(c) for c in self.completed]
        d.tokens = self.tokens
        d.helps = self.helps
        d.mastery = self.mastery[:]
        d.variety = self.variety
        d.tenth = self.tenth
        d.turns = self.turns
        return d

    def to_dict(self) -> dict:
        return {"slots": [None if s is None else [s[0], s[1][:]]
                          for s in self.slots],
                "pool": self.pool[:], "wild": self.wild[:], "hand": self.hand[:],
                "completed": [list(c) for c in self.completed], "tokens": self.tokens,
                "helps": self.helps, "mastery": self.mastery[:], "variety": self.variety,
                "tenth": self.tenth, "turns": self.turns}

    @classmethod
    def from_dict(cls, data: dict) -> "Desk":
        d = cls.__new__(cls)
        d.slots = [None if s is None else [s[0], list(s[1])]
                   for s in data["slots"]]
        d.pool = list(data["pool"])
        d.wild = list(data["wild"])
        d.hand = list(data["hand"])
        d.completed = [list(c) for c in data["completed"]]
        d.tokens = data["tokens"]
        d.helps = data["helps"]
        d.mastery = list(data["mastery"])
        d.variety = data["variety"]
        d.tenth = data["tenth"]
        d.turns = data["turns"]
        return d

    def marbles_held(self) -> int:
        """Marbles in hand, pool and on brewing potions."""
        return sum(self.hand) + sum(self.pool) + sum(len(s[1]) for s in self.slots if s)

    def potion_vp(self) -> int:
        return sum(TILES[c[0]].vp for c in self.completed)

    def score(self) -> int:
        """Potion VP + 4 per skill token - 2 per Little Help (rules, "End of the game")."""
        return self.potion_vp() + 4 * self.tokens - 2 * self.helps


class PotionExplosionState:
    """A Potion Explosion position (rules/potion_explosion.md); see module docstring.

    Phases: ``"types"`` (choose the 6 potion types), ``"first"`` (first player), ``"starters"``
    (reveal 2 x players starters), ``"draft"``, ``"play"`` (a player's turn), ``"end"`` (after
    "end turn": drawing tiles), ``"tiebreak"``, ``"over"``.

    Pending work that chance must resolve first: stack tops to reveal (``stacks[i] == [None, n]``
    with ``n > 0``) and tracks shorter than 8 while the tank has marbles (PE-D1). ``seam`` is
    ``[track, position, chain step]`` while a regular pick's explosions are being resolved.
    """

    def __init__(self, num_players: int, types_mode: str = "random", first_mode: str = "random"):
        self.n = num_players
        self.types_mode = types_mode
        self.first_mode = first_mode
        self.types = []
        self.first = 0
        self.phase = "types"
        self.revealed = []          # starter codes revealed for the draft, sorted
        self.draft_index = 0
        self.player = 0
        self.tracks = [[] for _ in range(NUM_TRACKS)]
        self.tank = [20, 20, 20, 20]
        self.stacks = [[None, 0] for _ in range(NUM_STACKS)]
        self.countdown = 0
        self.supply = 0
        self.desks = [Desk() for _ in range(num_players)]
        self.picked = False
        self.help_used = False
        self.to_pool = [0, 0, 0, 0]  # marbles moved hand -> pool this turn, per colour
        self.effect = None          # dict: kind, tracks (used), colours (taken), source
        self.seam = None            # [track, position, chain step]
        self.seam_taker = None      # "pick" or "tiebreak": who gets exploded marbles
        self.ending = False
        self.tiebreak = None        # {"order": [...], "index": i, "taken": [...]}
        self.winners = []
        self.turn_taken = 0         # marbles taken by the current tie-break pick

    # --- engine contract ---------------------------------------------------------------------
    def current_player(self) -> int:
        """A seat index, ``CHANCE`` or ``TERMINAL`` (see class docstring for the order)."""
        return _rules.current_player(self)

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def legal_actions(self) -> list:
        """The current player's actions in a stable order (empty at chance / terminal)."""
        return _rules.legal_actions(self)

    def chance_outcomes(self) -> list:
        """``[(action, probability)]`` at a chance node, else ``[]``."""
        return _rules.chance_outcomes(self)

    def apply_action(self, action) -> list:
        """Apply ``action``; returns events. Raises ``IllegalAction`` (state unchanged)."""
        return _rules.apply_action(self, action)

    def returns(self) -> list:
        if self.phase != "over":
            return [0.0] * self.n
        return [1.0 if p in self.winners else 0.0 for p in range(self.n)]

    def score_sheet(self) -> dict:
        return _rules.score_sheet(self)

    def observation(self, player: int) -> "PotionExplosionState":
        """Everything in Potion Explosion is public: the tank's counts follow from what is
        visible and the stacks hold no order (unseen tiles are a multiset), so this is a clone."""
        return self.clone()

    def action_to_string(self, action) -> str:
        return _rules.action_to_string(self, action)

    # --- copying -----------------------------------------------------------------------------
    def clone(self) -> "PotionExplosionState":
        s = PotionExplosionState.__new__(PotionExplosionState)
        s.n = self.n
        s.types_mode = self.types_mode
        s.first_mode = self.first_mode
        s.types = self.types[:]
        s.first = self.first
        s.phase = self.phase
        s.revealed = self.revealed[:]
        s.draft_index = self.draft_index
        s.player = self.player
        s.tracks = [t[:] for t in self.tracks]
        s.tank = self.tank[:]
        s.stacks = [st[:] for st in self.stacks]
        s.countdown = self.countdown
        s.supply = self.supply
        s.desks = [d.clone() for d in self.desks]
        s.picked = self.picked
        s.help_used = self.help_used
        s.to_pool = self.to_pool[:]
        s.effect = None if self.effect is None else {
            "kind": self.effect["kind"], "tracks": self.effect["tracks"][:],
            "colours": self.effect["colours"][:], "source": self.effect["source"]}
        s.seam = None if self.seam is None else self.seam[:]
        s.seam_taker = self.seam_taker
        s.ending = self.ending
        s.tiebreak = None if self.tiebreak is None else {
            "order": self.tiebreak["order"][:], "index": self.tiebreak["index"],
            "taken": self.tiebreak["taken"][:]}
        s.winners = self.winners[:]
        s.turn_taken = self.turn_taken
        return s

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it."""
        return {
            "n": self.n, "types_mode": self.types_mode, "first_mode": self.first_mode,
            "types": self.types[:], "first": self.first, "phase": self.phase,
            "revealed": self.revealed[:], "draft_index": self.draft_index, "player": self.player,
            "tracks": ["".join(t) for t in self.tracks], "tank": self.tank[:],
            "stacks": [st[:] for st in self.stacks], "countdown": self.countdown,
            "supply": self.supply, "desks": [d.to_dict() for d in self.desks],
            "picked": self.picked, "help_used": self.help_used,
            "to_pool": self.to_pool[:],
            "effect": None if self.effect is None else {
                "kind": self.effect["kind"], "tracks": self.effect["tracks"][:],
                "colours": self.effect["colours"][:], "source": self.effect["source"]},
            "seam": None if self.seam is None else self.seam[:],
            "seam_taker": self.seam_taker, "ending": self.ending,
            "tiebreak": None if self.tiebreak is None else {
                "order": self.tiebreak["order"][:], "index": self.tiebreak["index"],
                "taken": self.tiebreak["taken"][:]},
            "winners": self.winners[:], "turn_taken": self.turn_taken,
        }

    @classmethod
    def from_dict(cls, data: dict) -> "PotionExplosionState":
        s = cls.__new__(cls)
        s.n = data["n"]
        s.types_mode = data["types_mode"]
        s.first_mode = data["first_mode"]
        s.types = list(data["types"])
        s.first = data["first"]
        s.phase = data["phase"]
        s.revealed = list(data["revealed"])
        s.draft_index = data["draft_index"]
        s.player = data["player"]
        s.tracks = [list(t) for t in data["tracks"]]
        s.tank = list(data["tank"])
        s.stacks = [list(st) for st in data["stacks"]]
        s.countdown = data["countdown"]
        s.supply = data["supply"]
        s.desks = [Desk.from_dict(d) for d in data["desks"]]
        s.picked = data["picked"]
        s.help_used = data["help_used"]
        s.to_pool = list(data["to_pool"])
        e = data["effect"]
        s.effect = None if e is None else {"kind": e["kind"], "tracks": list(e["tracks"]),
                                           "colours": list(e["colours"]), "source": e["source"]}
        s.seam = None if data["seam"] is None else list(data["seam"])
        s.seam_taker = data["seam_taker"]
        s.ending = data["ending"]
        tb = data["tiebreak"]
        s.tiebreak = None if tb is None else {"order": list(tb["order"]), "index": tb["index"],
                                              "taken": list(tb["taken"])}
        s.winners = list(data["winners"])
        s.turn_taken = data["turn_taken"]
        return s

    def __eq__(self, other) -> bool:
        return isinstance(other, PotionExplosionState) and self.to_dict() == other.to_dict()

    __hash__ = None

    def __repr__(self) -> str:
        from engine.potion_explosion.notation import format_position
        return f"PotionExplosionState({format_position(self)!r})"

    # --- counting ----------------------------------------------------------------------------
    def marble_count(self) -> int:
        """All marbles: tracks + tank + hands + pools + brewing potions (always 80)."""
        return (sum(len(t) for t in self.tracks) + sum(self.tank)
                + sum(d.marbles_held() for d in self.desks))

    # --- helpers for the table scene (all derived from the rules) ----------------------------
    def chain_preview(self, track: int, position: int) -> tuple:
        """``(positions, more)``: every position of ``track`` that a regular pick at ``position``
        explodes through the whole chain reaction as far as the visible marbles decide it, and
        whether a marble still to roll in could add more (see :func:`rules.chain_preview`)."""
        return _rules.chain_preview(self.tracks[track], position)

    def legal_holes(self, source: str, colour: str) -> list:
        """``[(slot, hole colour)]`` where a ``colour`` marble from ``source`` ("hand"/"pool")
        may be placed now (derived from :meth:`legal_actions`)."""
        return [(a.slot, a.hole) for a in self.legal_actions()
                if isinstance(a, PlaceMarble) and a.source == source and a.colour == colour]

    def empty_holes(self, player: int, slot: int) -> dict:
        """``{colour: count}`` of the empty holes of ``player``'s potion in ``slot`` (``{}`` for
        an empty slot)."""
        sl = self.desks[player].slots[slot]
        if sl is None:
            return {}
        return dict(zip(COLOURS, _rules._empty_holes(sl)))

    def pickable(self) -> list:
        """``[(track, position)]`` a regular pick may take now (empty once the pick is made)."""
        return [(a.track, a.position) for a in self.legal_actions()
                if isinstance(a, (RegularPick, TieBreakPick))]

    def end_turn_refusal(self):
        """Why "end turn" is refused now, as a sentence, or ``None`` when it is allowed."""
        return _rules.end_turn_refusal(self)

    def effect_choices(self) -> list:
        """The follow-up actions the pending potion effect asks for (incl. ``FinishEffect``),
        ``[]`` when no effect is pending."""
        if self.effect is None or self.current_player() < 0:
            return []
        return self.legal_actions()

    def effect_prompt(self):
        """A sentence saying what the pending effect asks for, or ``None``."""
        return _rules.effect_prompt(self)

    def prompt(self) -> str:
        """What the game waits for now, as one sentence (status line of the table scene)."""
        return _rules.prompt(self)

    def drinkable(self) -> list:
        """Indices of your completed potions you may drink now."""
        return [a.index for a in self.legal_actions() if isinstance(a, Drink)]

    def scores(self) -> list:
        """Current total of each seat (potion VP + tokens - Little Help)."""
        return [d.score() for d in self.desks]

    def turn_owner(self) -> int:
        """The seat whose turn (or draft pick) this is; chance nodes belong to it too."""
        return _rules.turn_owner(self)


from engine.potion_explosion import rules as _rules  # noqa: E402  (rules import this module)
