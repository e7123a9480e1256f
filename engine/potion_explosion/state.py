"""Potion Explosion: the state, its records, actions and events (docs/rules/potion_explosion.md).

The rules live in :mod:`engine.potion_explosion.rules`; what each event does to the state lives
in :mod:`engine.potion_explosion.events` (the rules change the state only by playing events).
This module holds the data (who has what, where every marble is) and the engine-contract
plumbing (clone, to_dict, helpers for the table scene). Tracks are lists of colour letters,
**bottom first** (index 0 is the bottom marble, the one nearest the players). Colours are
``"R"``, ``"B"``, ``"Y"``, ``"K"``.

The small records of the state (:class:`Brewing`, :class:`CompletedPotion`, :class:`Stack`,
:class:`PendingEffect`, :class:`Seam`, :class:`TieBreak`) are frozen: an event replaces them, so
a clone may share them. Their ``to_dict`` shapes are the lists and dicts older saves hold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.core import Action, Event, RecordCodec, StrEnum
from engine.core import TurnStarted as BaseTurnStarted
from engine.potion_explosion.data import (
    BREWING_SLOTS,
    COLOUR_NAMES,
    COLOURS,
    FIRST_GAME_REMOVED,
    NUM_STACKS,
    NUM_TRACKS,
    SKILL_TOKENS,
    TILES,
    TYPE_BY_CODE,
    TYPE_CODES,
)
from translation import _, ngettext, pgettext

COLOUR_INDEX = {colour: index for index, colour in enumerate(COLOURS)}
"""``{"R": 0, "B": 1, "Y": 2, "K": 3}``: a colour's place in the per-colour count lists."""


class Phase(StrEnum):
    """The part of the game (``state.phase``); the text is what ``to_dict`` and notation hold."""

    TYPES = "types"  # choosing the six potion types
    FIRST = "first"  # choosing the first player
    STARTERS = "starters"  # revealing 2 x players starters
    DRAFT = "draft"  # drafting the starters
    PLAY = "play"  # a player's turn
    END = "end"  # after "end turn": drawing tiles for empty slots
    TIEBREAK = "tiebreak"  # the tie-break picks (PE-D12)
    OVER = "over"  # the game is over


_OVER = Phase.OVER  # read once: an Enum member lookup is slow in Python 3.11's hot paths
SETUP_PHASES = (Phase.TYPES, Phase.FIRST, Phase.STARTERS, Phase.DRAFT)
TURN_PHASES = (Phase.PLAY, Phase.END, Phase.TIEBREAK)
"""Phases in which tracks refill and stack tops are revealed (chance inside the turns)."""


class Source(StrEnum):
    """Where a marble of a desk is: ``PlaceMarble.source``, ``MarbleMoved.source``/``dest``."""

    HAND = "hand"
    POOL = "pool"


class HowTaken(StrEnum):
    """How a marble left the dispenser (``MarbleTaken.reason``)."""

    PICK = "pick"  # the regular pick: explosions follow
    LITTLE_HELP = "little help"  # no explosion
    POTION = "potion"  # a potion effect: no explosion
    TIE_BREAK = "tie-break"  # a tie-break pick (PE-D12): explosions follow


class SeamTaker(StrEnum):
    """Whose pick's explosions are being resolved (``state.seam_taker``)."""

    PICK = "pick"
    TIEBREAK = "tiebreak"


def _marbles(count: int) -> str:
    """ "1 marble", "3 marbles" (in the language in use)."""
    return ngettext("{count} marble", "{count} marbles", count).format(count=count)


def _colour_name(colour: str) -> str:
    """The colour's word beside one marble ("a red marble"; Russian "красный")."""
    return pgettext("a marble", COLOUR_NAMES[colour])


def _colours_name(colour: str) -> str:
    """The colour's word beside several marbles ("5 red marbles"; Russian "красных")."""
    return pgettext("marbles", COLOUR_NAMES[colour])


def colours_for(colour: str, count: int) -> str:
    """The colour's word beside ``count`` marbles: one marble's word for 1 (Russian «1 красный
    шарик», Spanish «1 canica roja»), else the word beside several («3 красных», «3 rojas»).
    A count here never reaches 21, where Russian takes one marble's word again."""
    return _colour_name(colour) if count == 1 else _colours_name(colour)


def potion_name(code: str) -> str:
    """The name of the potion type of tile ``code``, or of type code ``code``, in the language
    in use ("Potion of Wisdom"; Russian "Зелье мудрости")."""
    kind = TILES[code].type if code in TILES else code
    return _(TYPE_BY_CODE[kind].name)


def _tile_name(code) -> str:
    if code is None:
        return _("no tile")
    tile = TILES[code]
    return ngettext(
        "{potion} ({holes} hole, {vp} VP)", "{potion} ({holes} holes, {vp} VP)", tile.holes
    ).format(potion=potion_name(code), holes=tile.holes, vp=tile.vp)


def _who(names, player: int) -> str:
    return (
        names[player]
        if 0 <= player < len(names)
        else _("Player {number}").format(number=player + 1)
    )


def _and(words) -> str:
    """``words`` joined as a list is read: "Ana", "Ana and Ben", "Ana, Ben and Cleo"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


# ---------------------------------------------------------------------------------------------
# Records of the state
# ---------------------------------------------------------------------------------------------
@lru_cache(maxsize=8192)
def _free_holes(tile: str, placed: tuple) -> tuple:
    """:attr:`Brewing.free` of a tile with ``placed`` marbles: a pure function, worked out once
    for each (a game meets a few hundred) rather than for each record made."""
    free = list(TILES[tile].recipe)
    for marble in placed:
        free[COLOUR_INDEX[marble[0]]] -= 1
    return tuple(free)


@dataclass(frozen=True, slots=True)
class Brewing:
    """A potion tile on a brewing slot: ``tile`` code and the ``placed`` marbles, each a 2-letter
    string, hole colour then marble colour (``"RR"``; ``"RK"`` = a black marble in a red hole,
    only for a wild Prismatic Joy marble). ``to_dict``: ``[tile, [placed...]]``.

    ``free`` (worked out from the two, not compared nor saved): the empty holes per colour,
    ``COLOURS`` order; the rules and the bots ask for them at every step."""

    tile: str
    placed: tuple = ()
    free: tuple = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "free", _free_holes(self.tile, self.placed))

    def to_dict(self) -> list:
        return [self.tile, list(self.placed)]

    @classmethod
    def from_dict(cls, data) -> Brewing:
        return cls(data[0], tuple(data[1]))


@dataclass(frozen=True, slots=True)
class CompletedPotion:
    """A completed potion of a desk: ``tile`` code, ``drunk`` once its effect was used (PE-D7).
    ``to_dict``: ``[tile, drunk]``."""

    tile: str
    drunk: bool = False

    def to_dict(self) -> list:
        return [self.tile, self.drunk]

    @classmethod
    def from_dict(cls, data) -> CompletedPotion:
        return cls(data[0], data[1])


@dataclass(frozen=True, slots=True)
class Stack:
    """One of the 5 potion-tile stacks: the visible ``top`` code (None while it waits to be
    revealed, or when the stack is empty) and the ``face_down`` tiles below it.
    ``to_dict``: ``[top, face_down]``."""

    top: str | None = None
    face_down: int = 0

    def to_dict(self) -> list:
        return [self.top, self.face_down]

    @classmethod
    def from_dict(cls, data) -> Stack:
        return cls(data[0], data[1])


@dataclass(frozen=True, slots=True)
class PendingEffect:
    """A drunk potion's effect waiting for its choices: ``kind`` (potion type code), the
    ``tracks`` taken from and ``colours`` taken so far, ``source`` (index of the completed potion
    drunk or copied). ``to_dict``: ``{"kind", "tracks", "colours", "source"}``."""

    kind: str
    tracks: tuple = ()
    colours: tuple = ()
    source: int | None = None

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "tracks": list(self.tracks),
            "colours": list(self.colours),
            "source": self.source,
        }

    @classmethod
    def from_dict(cls, data) -> PendingEffect:
        return cls(data["kind"], tuple(data["tracks"]), tuple(data["colours"]), data["source"])


@dataclass(frozen=True, slots=True)
class Seam:
    """Where a pick's explosions are checked next: the gap at ``position`` of ``track``; ``step``
    is 1 for the first explosion, 2+ for chain reactions. ``to_dict``: ``[track, position,
    step]``."""

    track: int
    position: int
    step: int = 1

    def to_dict(self) -> list:
        return [self.track, self.position, self.step]

    @classmethod
    def from_dict(cls, data) -> Seam:
        return cls(data[0], data[1], data[2])


@dataclass(frozen=True, slots=True)
class TieBreak:
    """The tie-break (PE-D12): the tied seats in picking ``order``, the ``index`` of the one to
    pick, the marbles each has ``taken`` so far. ``to_dict``: ``{"order", "index", "taken"}``."""

    order: tuple
    index: int = 0
    taken: tuple = ()

    def to_dict(self) -> dict:
        return {"order": list(self.order), "index": self.index, "taken": list(self.taken)}

    @classmethod
    def from_dict(cls, data) -> TieBreak:
        return cls(tuple(data["order"]), data["index"], tuple(data["taken"]))


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


ACTION_CLASSES = (
    ChooseTypes,
    ChoosePotionType,
    ChooseFirstPlayer,
    RevealStarter,
    DraftStarter,
    RevealTile,
    MarbleRollsIn,
    RegularPick,
    LittleHelp,
    PlaceMarble,
    MoveToPool,
    MoveToHand,
    Drink,
    TakeMarble,
    TakePair,
    TakeBottom,
    TakeRun,
    TakePool,
    FilterMarbles,
    CopyPotion,
    FinishEffect,
    EndTurn,
    ChooseStack,
    TieBreakPick,
)
ACTION_CODEC = RecordCodec(ACTION_CLASSES)

# ---------------------------------------------------------------------------------------------
# Events: what happened. Each docstring says what the event changes; events.play_event does it.
# Events whose text() is "" are bookkeeping the log leaves out.
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PotionTypeChosen(Event):
    """Seat 1 chose ``potion`` (a type code) for the game (option "chosen"): added to the types
    in play."""

    potion: str

    def text(self, names):
        return ""


@dataclass(frozen=True)
class TypesChosen(Event):
    """The six potion types in play are ``types`` (type codes in their fixed order)."""

    types: tuple

    def text(self, names):
        return _("Potions in play: {potions}.").format(
            potions=_(", ").join(potion_name(t) for t in self.types)
        )


@dataclass(frozen=True)
class PhaseChanged(Event):
    """The game moves on to ``phase`` (a :class:`Phase` text) during the setup."""

    phase: str

    def text(self, names):
        return ""


@dataclass(frozen=True)
class FirstPlayerChosen(Event):
    """``seat`` is the first player."""

    seat: int

    def text(self, names):
        return _("{name} goes first.").format(name=_who(names, self.seat))


@dataclass(frozen=True)
class StarterRevealed(Event):
    """Starter ``tile`` is revealed for the draft (the revealed list stays sorted)."""

    tile: str

    def text(self, names):
        return _("Starter revealed: {tile}.").format(tile=_tile_name(self.tile))


@dataclass(frozen=True)
class StarterDrafted(Event):
    """``player`` drafted the revealed starter ``tile`` into brewing ``slot``; the draft moves
    on one pick."""

    player: int
    tile: str
    slot: int

    def text(self, names):
        return _("{name} drafted {tile}.").format(
            name=_who(names, self.player), tile=_tile_name(self.tile)
        )


@dataclass(frozen=True)
class StacksFormed(Event):
    """The tiles left after the draft form the 5 stacks, ``sizes`` face-down tiles each (their
    tops are revealed by chance next)."""

    sizes: tuple

    def text(self, names):
        return ""


@dataclass(frozen=True)
class TileRevealed(Event):
    """``tile`` becomes the visible top of ``stack``: one face-down tile fewer."""

    stack: int
    tile: str

    def text(self, names):
        return _("Stack {stack} now shows {tile}.").format(
            stack=self.stack + 1, tile=_tile_name(self.tile)
        )


@dataclass(frozen=True)
class MarbleRefilled(Event):
    """A ``colour`` marble rolled from the tank to ``position`` (the top) of ``track``."""

    track: int
    position: int
    colour: str

    def text(self, names):
        return _("A {colour} marble rolls into track {track}.").format(
            colour=_colour_name(self.colour), track=self.track + 1
        )


@dataclass(frozen=True)
class MarbleTaken(Event):
    """``player`` took the ``colour`` marble at ``position`` of ``track`` into the hand; the
    marbles above close the gap. ``reason`` (:class:`HowTaken`): "pick" also marks the regular
    pick made and opens the seam there for explosions; "tie-break" opens the seam for the
    tie-break count; "potion" records the track and colour in the pending effect; "little help"
    nothing more."""

    player: int
    track: int
    position: int
    colour: str
    reason: str

    def text(self, names):
        sentence = {
            "pick": _("{name} picked a {colour} marble from track {track}."),
            "little help": _(
                "{name} took a {colour} marble from track {track} with a Little Help."
            ),
            "potion": _("{name} took a {colour} marble from track {track} with a potion."),
            "tie-break": _("{name} picked a {colour} marble from track {track} in the tie-break."),
        }[self.reason]
        return sentence.format(
            name=_who(names, self.player), colour=_colour_name(self.colour), track=self.track + 1
        )


@dataclass(frozen=True)
class MarblesSlid(Event):
    """The marbles of ``track`` from ``start`` upward slid down ``distance`` places (for the
    animation: the event that removed the marbles already closed the gap)."""

    track: int
    start: int
    distance: int

    def text(self, names):
        return _("Marbles in track {track} slide down.").format(track=self.track + 1)


@dataclass(frozen=True)
class SeamCollision(Event):
    """The marbles at ``position - 1`` and ``position`` of ``track`` met; ``explodes`` if equal
    (for the animation and the log; :class:`Exploded` or :class:`ChainEnded` follows)."""

    track: int
    position: int
    below: str
    above: str
    explodes: bool

    def text(self, names):
        if self.explodes:
            return _("Two {colour} marbles collide in track {track}!").format(
                colour=_colours_name(self.below), track=self.track + 1
            )
        return _("A {colour} and a {other} marble meet; nothing explodes.").format(
            colour=_colour_name(self.below), other=_colour_name(self.above)
        )


@dataclass(frozen=True)
class Exploded(Event):
    """``positions`` (one unbroken run) of ``track``, all ``colour``, exploded into ``player``'s
    hand; ``chain_step`` is 1 for the first explosion of a pick, 2+ for chain reactions. The
    seam moves to the lowest exploded place, for the next step of the chain; a tie-break pick
    counts the marbles."""

    player: int
    track: int
    positions: tuple
    colour: str
    chain_step: int

    def text(self, names):
        count = len(self.positions)
        if self.chain_step == 1:
            sentence = ngettext(
                "{count} {colour} marble explodes into the hand of {name}!",
                "{count} {colour} marbles explode into the hand of {name}!",
                count,
            )
        else:
            sentence = ngettext(
                "{count} {colour} marble explodes into the hand of {name} (chain reaction {step})!",
                "{count} {colour} marbles explode into the hand of {name} (chain reaction {step})!",
                count,
            )
        return sentence.format(
            count=count,
            colour=colours_for(self.colour, count),
            name=_who(names, self.player),
            step=self.chain_step,
        )


@dataclass(frozen=True)
class ChainEnded(Event):
    """No more explosions in ``track`` for this pick: the seam is closed."""

    track: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class MarbleMoved(Event):
    """``player`` moved a ``colour`` marble from ``source`` to ``dest`` ("hand" or "pool"). Out of
    the pool, an ordinary marble goes before a wild one; the marbles moved into the pool this
    turn are counted (bots never move those back)."""

    player: int
    colour: str
    source: str
    dest: str

    def text(self, names):
        if self.dest == "pool":
            sentence = _("{name} moved a {colour} marble from the hand to the pool.")
        else:
            sentence = _("{name} moved a {colour} marble from the pool to the hand.")
        return sentence.format(name=_who(names, self.player), colour=_colour_name(self.colour))


@dataclass(frozen=True)
class MarblePlaced(Event):
    """``player`` put a ``colour`` marble from ``source`` into an empty ``hole`` (a colour) of
    the potion ``tile`` in brewing ``slot``; from the pool into another colour's hole it was a
    wild marble (PE-D10). ``tile`` only names the potion in the log ("" in events made before
    it was kept: then the slot's number)."""

    player: int
    colour: str
    source: str
    slot: int
    hole: str
    tile: str = ""

    def text(self, names):
        pool = self.source == "pool"
        if self.hole == self.colour:
            sentence = (
                _("{name} placed a {colour} marble from the pool on {potion}.")
                if pool
                else _("{name} placed a {colour} marble from the hand on {potion}.")
            )
        else:
            sentence = (
                _("{name} placed a {colour} marble from the pool on {potion} (in a {hole} hole).")
                if pool
                else _(
                    "{name} placed a {colour} marble from the hand on {potion} (in a {hole} hole)."
                )
            )
        potion = (
            potion_name(self.tile)
            if self.tile
            # TRANSLATORS: a brewing slot's potion by its number, "potion 2"
            else _("potion {slot}").format(slot=self.slot + 1)
        )
        return sentence.format(
            name=_who(names, self.player),
            colour=_colour_name(self.colour),
            potion=potion,
            hole=pgettext("a hole", COLOUR_NAMES[self.hole]),
        )


@dataclass(frozen=True)
class PotionCompleted(Event):
    """The potion ``tile`` in ``player``'s ``slot`` is complete: the slot empties, its
    ``returned`` marbles go to the tank (PE-D3), the tile joins the completed potions, undrunk."""

    player: int
    slot: int
    tile: str
    returned: tuple

    def text(self, names):
        return _("{name} completed {tile}!").format(
            name=_who(names, self.player), tile=_tile_name(self.tile)
        )


@dataclass(frozen=True)
class SkillTokenEarned(Event):
    """``player`` earned a skill token for ``reason`` ("mastery" of ``potion_type``, "variety"
    or "tenth"; ``potion_type`` is "" for the last two), taken from ``source``: "countdown",
    "supply", or "none" when no token is left (the skill still counts as earned)."""

    player: int
    reason: str
    source: str
    potion_type: str

    def text(self, names):
        if self.source == "none":
            sentence = {
                "mastery": _(
                    "{name} earned Mastery (every 3 potions of one type), but no skill token "
                    "is left."
                ),
                "variety": _(
                    "{name} earned Variety (5 different types), but no skill token is left."
                ),
                "tenth": _("{name} earned a skill token for a 10th potion, but none is left."),
            }[self.reason]
        else:
            sentence = {
                "mastery": _(
                    "{name} earned a skill token for Mastery (every 3 potions of one type)."
                ),
                "variety": _("{name} earned a skill token for Variety (5 different types)."),
                "tenth": _("{name} earned a skill token for a 10th potion."),
            }[self.reason]
        return sentence.format(name=_who(names, self.player))


@dataclass(frozen=True)
class PotionDrunk(Event):
    """``player`` drank completed potion ``index`` (``tile``); ``effect`` is its effect text.
    The potion is turned over (PE-D7); :class:`EffectStarted` or :class:`PoolMadeWild` follows."""

    player: int
    index: int
    tile: str
    effect: str

    def text(self, names):
        # the effect's card text speaks to the one who drinks ("your pool"): the log tells
        # what it did in the events that follow
        return _("{name} drank {potion}.").format(
            name=_who(names, self.player), potion=potion_name(self.tile)
        )


@dataclass(frozen=True)
class EffectStarted(Event):
    """The effect of a ``kind`` potion (type code) waits for ``player``'s choices; ``source`` is
    the completed potion drunk or copied."""

    player: int
    kind: str
    source: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class EffectCopied(Event):
    """``player``'s Sands of Time copies the effect of ``tile`` (PE-D8): its own choice is made;
    the copied effect starts next."""

    player: int
    tile: str

    def text(self, names):
        return _("{name} used Sands of Time to copy {potion}.").format(
            name=_who(names, self.player), potion=potion_name(self.tile)
        )


@dataclass(frozen=True)
class EffectEnded(Event):
    """``player``'s pending potion effect is over (used up, or the player stopped)."""

    player: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class PoolStolen(Event):
    """Elixir of Blind Love: ``player`` took all ``colours`` of ``opponent``'s pool into the
    hand; the opponent's pool (and its wildness) is empty."""

    player: int
    opponent: int
    colours: tuple

    def text(self, names):
        if not self.colours:
            return _("The pool of {opponent} was empty: {name} took nothing.").format(
                opponent=_who(names, self.opponent), name=_who(names, self.player)
            )
        return ngettext(
            "{name} took {count} marble from the pool of {opponent}.",
            "{name} took {count} marbles from the pool of {opponent}.",
            len(self.colours),
        ).format(
            name=_who(names, self.player),
            count=len(self.colours),
            opponent=_who(names, self.opponent),
        )


@dataclass(frozen=True)
class PoolMadeWild(Event):
    """Prismatic Joy (PE-D10): the ``colours`` in ``player``'s pool become wild this turn."""

    player: int
    colours: tuple

    def text(self, names):
        return _("The pool marbles of {name} may fill any hole this turn.").format(
            name=_who(names, self.player)
        )


@dataclass(frozen=True)
class MarblesReturned(Event):
    """Marbles of ``colours`` went back to the tank from ``player``'s hand (``source`` "hand"),
    or from ``positions`` of ``track`` (``source`` "track", the Filter of Lavamancing)."""

    player: int
    colours: tuple
    source: str
    track: int
    positions: tuple

    def text(self, names):
        if not self.colours:
            return _("{name} returned nothing.").format(name=_who(names, self.player))
        count = len(self.colours)
        if self.source == "track":  # the Filter of Lavamancing: one colour, one track
            return ngettext(
                "{count} {colour} marble returns to the tank from track {track}.",
                "{count} {colour} marbles return to the tank from track {track}.",
                count,
            ).format(count=count, colour=colours_for(self.colours[0], count), track=self.track + 1)
        return ngettext(
            "{count} marble returns to the tank from the hand of {name}.",
            "{count} marbles return to the tank from the hand of {name}.",
            count,
        ).format(count=count, name=_who(names, self.player))


@dataclass(frozen=True)
class LittleHelpTaken(Event):
    """``player`` took a Little Help token (-2 VP): its one use this turn."""

    player: int

    def text(self, names):
        return _("{name} took a Little Help token (-2 VP).").format(name=_who(names, self.player))


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    """``player``'s turn begins: the regular pick and the Little Help are to come, no marble was
    moved into the pool yet (the match counts these events for the turn number)."""

    player: int

    def text(self, names):
        return _("{name} plays.").format(name=_who(names, self.player))


@dataclass(frozen=True)
class TurnEnded(Event):
    """``player`` ended the turn: the pool's wildness ends (PE-D10); tiles are drawn next."""

    player: int

    def text(self, names):
        return _("{name} ended the turn.").format(name=_who(names, self.player))


@dataclass(frozen=True)
class TileDrawn(Event):
    """``player`` took ``tile``, the top of ``stack``, into empty brewing ``slot``."""

    player: int
    stack: int
    slot: int
    tile: str

    def text(self, names):
        return _("{name} took {tile} from stack {stack}.").format(
            name=_who(names, self.player), tile=_tile_name(self.tile), stack=self.stack + 1
        )


@dataclass(frozen=True)
class NoTileLeft(Event):
    """No tile was left for ``player``'s empty ``slot`` (it stays empty)."""

    player: int
    slot: int

    def text(self, names):
        return _("No potion tile is left for the empty brewing slot of {name}.").format(
            name=_who(names, self.player)
        )


@dataclass(frozen=True)
class TurnCounted(Event):
    """``player``'s turn is over, tiles drawn: one more turn taken."""

    player: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class LastRoundBegun(Event):
    """``player`` took the last token of the skill-token countdown stack: the game ends when
    this round is over (rules, "End of the game"). Announces it at once; the state is already
    what it says (:class:`GameEndTriggered` follows at the end of the turn)."""

    player: int

    def text(self, names):
        return _("The countdown stack is empty: this is the last round.")


@dataclass(frozen=True)
class GameEndTriggered(Event):
    """The end of the game is triggered (``reason`` in words): the round is finished.
    ``round_over``: the turn that triggered it was the round's last, so the game ends now."""

    reason: str
    round_over: bool = False

    def text(self, names):
        if self.round_over:
            return _("The round is over, and with it the game: {reason}.").format(
                reason=_(self.reason)
            )
        return _("The game will end after this round: {reason}.").format(reason=_(self.reason))


@dataclass(frozen=True)
class TieBreakStarted(Event):
    """The tied ``players`` make one pick each, in this order (PE-D12)."""

    players: tuple

    def text(self, names):
        return _("Tie! {names} each make one pick; most marbles wins.").format(
            names=_and(_who(names, p) for p in self.players)
        )


@dataclass(frozen=True)
class TieBreakTurn(Event):
    """``player`` makes the next tie-break pick."""

    player: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class TieBreakResult(Event):
    """``player``'s tie-break pick took ``marbles`` (0 when the dispenser was empty)."""

    player: int
    marbles: int

    def text(self, names):
        return ngettext(
            "{name} took {count} marble in the tie-break.",
            "{name} took {count} marbles in the tie-break.",
            self.marbles,
        ).format(name=_who(names, self.player), count=self.marbles)


@dataclass(frozen=True)
class GameOver(Event):
    """The game is over: ``winners`` (seats), ``totals`` (every seat's score)."""

    winners: tuple
    totals: tuple

    def text(self, names):
        who = _and(_who(names, p) for p in self.winners)
        if len(self.winners) == 1:
            return _("Game over. {names} wins!").format(names=who)
        return _("Game over. {names} win!").format(names=who)


EVENT_CLASSES = (
    PotionTypeChosen,
    TypesChosen,
    PhaseChanged,
    FirstPlayerChosen,
    StarterRevealed,
    StarterDrafted,
    StacksFormed,
    TileRevealed,
    MarbleRefilled,
    MarbleTaken,
    MarblesSlid,
    SeamCollision,
    Exploded,
    ChainEnded,
    MarbleMoved,
    MarblePlaced,
    PotionCompleted,
    SkillTokenEarned,
    PotionDrunk,
    EffectStarted,
    EffectCopied,
    EffectEnded,
    PoolStolen,
    PoolMadeWild,
    MarblesReturned,
    LittleHelpTaken,
    TurnStarted,
    TurnEnded,
    TileDrawn,
    NoTileLeft,
    TurnCounted,
    LastRoundBegun,
    GameEndTriggered,
    TieBreakStarted,
    TieBreakTurn,
    TieBreakResult,
    GameOver,
)
"""Every event class of the game (``events.play_event`` knows each one)."""

BOOKKEEPING_EVENTS = (
    PotionTypeChosen,
    PhaseChanged,
    StacksFormed,
    ChainEnded,
    EffectStarted,
    EffectEnded,
    TurnCounted,
    TieBreakTurn,
)
"""Events a player need not read (their ``text()`` is ""; the log leaves them out)."""


# ---------------------------------------------------------------------------------------------
# State
# ---------------------------------------------------------------------------------------------
class Desk:
    """One player's desk and belongings.

    * ``slots``: 2 brewing slots, each ``None`` or a :class:`Brewing`.
    * ``pool`` / ``wild``: marble counts per colour (``COLOURS`` order); ``wild[c] <= pool[c]``
      counts the pool marbles Prismatic Joy made wild this turn (PE-D10).
    * ``hand``: counts per colour of marbles just taken.
    * ``completed``: list of :class:`CompletedPotion`, in the order completed.
    * ``tokens`` (skill tokens), ``helps`` (Little Help tokens), ``mastery`` (the type code of
      each Mastery token earned: one per 3 completed potions of that type), ``variety``/``tenth``
      (rewarded once), ``turns`` (turns taken).
    """

    __slots__ = (
        "slots",
        "pool",
        "wild",
        "hand",
        "completed",
        "tokens",
        "helps",
        "mastery",
        "variety",
        "tenth",
        "turns",
    )

    def __init__(self) -> None:
        self.slots: list = [None] * BREWING_SLOTS
        self.pool: list = [0, 0, 0, 0]
        self.wild: list = [0, 0, 0, 0]
        self.hand: list = [0, 0, 0, 0]
        self.completed: list = []
        self.tokens = 0
        self.helps = 0
        self.mastery: list = []
        self.variety = False
        self.tenth = False
        self.turns = 0

    def clone(self) -> Desk:
        desk = Desk.__new__(Desk)
        desk.slots = self.slots[:]  # Brewing and CompletedPotion records are frozen
        desk.pool = self.pool[:]
        desk.wild = self.wild[:]
        desk.hand = self.hand[:]
        desk.completed = self.completed[:]
        desk.tokens = self.tokens
        desk.helps = self.helps
        desk.mastery = self.mastery[:]
        desk.variety = self.variety
        desk.tenth = self.tenth
        desk.turns = self.turns
        return desk

    def to_dict(self) -> dict:
        return {
            "slots": [None if brewing is None else brewing.to_dict() for brewing in self.slots],
            "pool": self.pool[:],
            "wild": self.wild[:],
            "hand": self.hand[:],
            "completed": [potion.to_dict() for potion in self.completed],
            "tokens": self.tokens,
            "helps": self.helps,
            "mastery": self.mastery[:],
            "variety": self.variety,
            "tenth": self.tenth,
            "turns": self.turns,
        }

    @classmethod
    def from_dict(cls, data: dict) -> Desk:
        desk = cls.__new__(cls)
        desk.slots = [
            None if brewing is None else Brewing.from_dict(brewing) for brewing in data["slots"]
        ]
        desk.pool = list(data["pool"])
        desk.wild = list(data["wild"])
        desk.hand = list(data["hand"])
        desk.completed = [CompletedPotion.from_dict(potion) for potion in data["completed"]]
        desk.tokens = data["tokens"]
        desk.helps = data["helps"]
        desk.mastery = list(data["mastery"])
        desk.variety = data["variety"]
        desk.tenth = data["tenth"]
        desk.turns = data["turns"]
        return desk

    def marbles_held(self) -> int:
        """Marbles in hand, pool and on brewing potions."""
        return (
            sum(self.hand)
            + sum(self.pool)
            + sum(len(brewing.placed) for brewing in self.slots if brewing)
        )


class PotionExplosionState:
    """A Potion Explosion position (docs/rules/potion_explosion.md); see the module docstring.

    ``phase`` is a :class:`Phase`. Pending work that chance must resolve first: stack tops to
    reveal (a :class:`Stack` with no ``top`` and ``face_down > 0``) and tracks shorter than 8
    while the tank has marbles (PE-D1). ``seam`` (a :class:`Seam`) is set while a pick's
    explosions are being resolved, ``seam_taker`` (a :class:`SeamTaker`) says whose pick.

    A new state has the skill tokens laid out (a countdown stack of players + 2, PE-D11) and,
    with the "first game" option, its six potion types; :func:`rules.new_state` starts the setup.
    """

    _player: int | None
    """The player to move, once worked out (:meth:`changed` forgets it)."""
    _legal: tuple | None
    """The legal actions, once worked out (:meth:`changed` forgets them)."""
    _chance: tuple | None
    """The chance the turn waits for (:func:`rules.pending_chance`), once worked out."""

    def __init__(self, num_players: int, types_mode: str = "random", first_mode: str = "random"):
        self.num_players = num_players
        self.types_mode = types_mode
        self.first_mode = first_mode
        self.types: list = (
            [code for code in TYPE_CODES if code not in FIRST_GAME_REMOVED]
            if types_mode == "first_game"
            else []
        )
        self.first = 0
        self.phase = Phase.TYPES
        self.revealed: list = []  # starter codes revealed for the draft, sorted
        self.draft_index = 0
        self.player = 0
        self.tracks: list = [[] for _ in range(NUM_TRACKS)]
        self.tank: list = [20, 20, 20, 20]
        self.stacks: list = [Stack() for _ in range(NUM_STACKS)]
        self.countdown = num_players + 2
        self.supply = SKILL_TOKENS - self.countdown
        self.desks: list = [Desk() for _ in range(num_players)]
        self.picked = False
        self.help_used = False
        self.to_pool: list = [0, 0, 0, 0]  # marbles moved hand -> pool this turn, per colour
        self.effect: PendingEffect | None = None
        self.seam: Seam | None = None
        self.seam_taker: str | None = None
        self.ending = False
        self.tiebreak: TieBreak | None = None
        self.winners: list = []
        self.turn_taken = 0  # marbles taken by the current tie-break pick
        self.changed()

    # --- engine contract ---------------------------------------------------------------------
    def current_player(self) -> int:
        """A seat index, ``CHANCE`` or ``TERMINAL`` (see class docstring for the order)."""
        player = self._player
        if player is None:
            player = self._player = _rules.find_current_player(self)
        return player

    def is_terminal(self) -> bool:
        return self.phase == _OVER

    def legal_actions(self) -> list:
        """The current player's actions in a stable order (empty at chance / terminal)."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(_rules.find_legal_actions(self))
        return list(legal)

    def changed(self) -> None:
        """Forget the player to move, the legal actions and the pending chance worked out for
        the position.

        Both are kept until the position changes (the rules and bots ask for them several
        times a step), and every change the engine makes is an event, so
        :func:`engine.potion_explosion.events.play_event` calls this after each one. Code that
        changes a state by hand (the notation reader, a test setting a track) calls it too."""
        self._player = None
        self._legal = None
        self._chance = None

    def chance_outcomes(self) -> list:
        """``[(action, probability)]`` at a chance node, else ``[]``."""
        return _rules.chance_outcomes(self)

    def apply_action(self, action) -> list:
        """Apply ``action``; returns events. Raises ``IllegalAction`` (state unchanged)."""
        return _rules.apply_action(self, action)

    def returns(self) -> list:
        if self.phase != _OVER:
            return [0.0] * self.num_players
        return [1.0 if seat in self.winners else 0.0 for seat in range(self.num_players)]

    def score_sheet(self) -> dict:
        return _rules.score_sheet(self)

    def observation(self, player: int) -> PotionExplosionState:
        """Everything in Potion Explosion is public: the tank's counts follow from what is
        visible and the stacks hold no order (unseen tiles are a multiset), so this is a clone."""
        return self.clone()

    def action_to_string(self, action, names=None) -> str:
        """``action`` in plain words; seats named by ``names`` when given (else "Player N")."""
        return _rules.action_to_string(self, action, names)

    # --- copying -----------------------------------------------------------------------------
    def clone(self) -> PotionExplosionState:
        state = PotionExplosionState.__new__(PotionExplosionState)
        state.num_players = self.num_players
        state.types_mode = self.types_mode
        state.first_mode = self.first_mode
        state.types = self.types[:]
        state.first = self.first
        state.phase = self.phase
        state.revealed = self.revealed[:]
        state.draft_index = self.draft_index
        state.player = self.player
        state.tracks = [track[:] for track in self.tracks]
        state.tank = self.tank[:]
        state.stacks = self.stacks[:]  # the records are frozen: shared
        state.countdown = self.countdown
        state.supply = self.supply
        state.desks = [desk.clone() for desk in self.desks]
        state.picked = self.picked
        state.help_used = self.help_used
        state.to_pool = self.to_pool[:]
        state.effect = self.effect
        state.seam = self.seam
        state.seam_taker = self.seam_taker
        state.ending = self.ending
        state.tiebreak = self.tiebreak
        state.winners = self.winners[:]
        state.turn_taken = self.turn_taken
        state._player = self._player  # the same position: the same player and moves
        state._legal = self._legal
        state._chance = self._chance
        return state

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it."""
        return {
            "n": self.num_players,
            "types_mode": self.types_mode,
            "first_mode": self.first_mode,
            "types": self.types[:],
            "first": self.first,
            "phase": self.phase.value,
            "revealed": self.revealed[:],
            "draft_index": self.draft_index,
            "player": self.player,
            "tracks": ["".join(track) for track in self.tracks],
            "tank": self.tank[:],
            "stacks": [stack.to_dict() for stack in self.stacks],
            "countdown": self.countdown,
            "supply": self.supply,
            "desks": [desk.to_dict() for desk in self.desks],
            "picked": self.picked,
            "help_used": self.help_used,
            "to_pool": self.to_pool[:],
            "effect": None if self.effect is None else self.effect.to_dict(),
            "seam": None if self.seam is None else self.seam.to_dict(),
            "seam_taker": None if self.seam_taker is None else str(self.seam_taker),
            "ending": self.ending,
            "tiebreak": None if self.tiebreak is None else self.tiebreak.to_dict(),
            "winners": self.winners[:],
            "turn_taken": self.turn_taken,
        }

    @classmethod
    def from_dict(cls, data: dict) -> PotionExplosionState:
        state = cls.__new__(cls)
        state.num_players = data["n"]
        state.types_mode = data["types_mode"]
        state.first_mode = data["first_mode"]
        state.types = list(data["types"])
        state.first = data["first"]
        state.phase = Phase(data["phase"])
        state.revealed = list(data["revealed"])
        state.draft_index = data["draft_index"]
        state.player = data["player"]
        state.tracks = [list(track) for track in data["tracks"]]
        state.tank = list(data["tank"])
        state.stacks = [Stack.from_dict(stack) for stack in data["stacks"]]
        state.countdown = data["countdown"]
        state.supply = data["supply"]
        state.desks = [Desk.from_dict(desk) for desk in data["desks"]]
        state.picked = data["picked"]
        state.help_used = data["help_used"]
        state.to_pool = list(data["to_pool"])
        effect = data["effect"]
        state.effect = None if effect is None else PendingEffect.from_dict(effect)
        state.seam = None if data["seam"] is None else Seam.from_dict(data["seam"])
        taker = data["seam_taker"]
        state.seam_taker = None if taker is None else SeamTaker(taker)
        state.ending = data["ending"]
        tiebreak = data["tiebreak"]
        state.tiebreak = None if tiebreak is None else TieBreak.from_dict(tiebreak)
        state.winners = list(data["winners"])
        state.turn_taken = data["turn_taken"]
        state.changed()
        return state

    def __eq__(self, other) -> bool:
        return isinstance(other, PotionExplosionState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # unhashable: mutable; mypy wants a method

    def __repr__(self) -> str:
        from engine.potion_explosion.notation import format_position

        return f"PotionExplosionState({format_position(self)!r})"

    # --- counting ----------------------------------------------------------------------------
    def marble_count(self) -> int:
        """All marbles: tracks + tank + hands + pools + brewing potions (always 80)."""
        return (
            sum(len(track) for track in self.tracks)
            + sum(self.tank)
            + sum(desk.marbles_held() for desk in self.desks)
        )

    # --- helpers for the table scene (all derived from the rules) ----------------------------
    def chain_preview(self, track: int, position: int) -> tuple:
        """``(positions, more)``: every position of ``track`` that a regular pick at ``position``
        explodes through the whole chain reaction as far as the visible marbles decide it, and
        whether a marble still to roll in could add more (see :func:`rules.chain_preview`)."""
        return _rules.chain_preview(self.tracks[track], position)

    def legal_holes(self, source: str, colour: str) -> list:
        """``[(slot, hole colour)]`` where a ``colour`` marble from ``source`` ("hand"/"pool")
        may be placed now (derived from :meth:`legal_actions`)."""
        return [
            (action.slot, action.hole)
            for action in self.legal_actions()
            if isinstance(action, PlaceMarble)
            and action.source == source
            and action.colour == colour
        ]

    def empty_holes(self, player: int, slot: int) -> dict:
        """``{colour: count}`` of the empty holes of ``player``'s potion in ``slot`` (``{}`` for
        an empty slot)."""
        brewing = self.desks[player].slots[slot]
        if brewing is None:
            return {}
        return dict(zip(COLOURS, _rules.empty_holes(brewing), strict=True))

    def pickable(self) -> list:
        """``[(track, position)]`` a regular pick may take now (empty once the pick is made)."""
        return [
            (action.track, action.position)
            for action in self.legal_actions()
            if isinstance(action, (RegularPick, TieBreakPick))
        ]

    def end_turn_refusal(self):
        """Why "end turn" is refused now, as a sentence, or ``None`` when it is allowed."""
        return _rules.end_turn_refusal(self)

    def effect_choices(self) -> list:
        """The follow-up actions the pending potion effect asks for, with ``FinishEffect`` when
        it may be stopped (:func:`rules.effect_may_stop`); ``[]`` when no effect is pending."""
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
        return [action.index for action in self.legal_actions() if isinstance(action, Drink)]

    def scores(self) -> list:
        """Current total of each seat (:func:`rules.score`)."""
        return [_rules.score(desk) for desk in self.desks]

    def turns_by_seat(self) -> list[int]:
        """How many turns each seat has started, in seat order: the turns its desk has counted
        (at each turn's end), and the turn being played (its play and its end steps). The load
        list goes on counting from a shared position's own turns."""
        playing = self.phase in (Phase.PLAY, Phase.END)
        return [
            desk.turns + (1 if playing and seat == self.player else 0)
            for seat, desk in enumerate(self.desks)
        ]

    def turn_owner(self) -> int:
        """The seat whose turn (or draft pick) this is; chance nodes belong to it too."""
        return _rules.turn_owner(self)


from engine.potion_explosion import rules as _rules  # noqa: E402  (rules import this module)
