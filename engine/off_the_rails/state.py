"""Off the Rails: the state, its actions and its events (docs/rules/off_the_rails.md).

The rules themselves live in :mod:`engine.off_the_rails.rules`; what each event does to a state is
written once, in :mod:`engine.off_the_rails.events`. This module holds the data and the plain-data
records. Squares are ``(row, col)``; gem counts are 5-tuples ``(rock, ruby, emerald, gold,
diamond)``; sides are ``"N"/"E"/"S"/"W"``; tiles are exit strings such as ``"NE"``.

Carts are numbered: in a 2-4 player game seat ``p`` owns cart ``2p`` (white) and ``2p+1`` (black);
in the solo game carts 0-3 are the red, yellow, green and blue carts.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.core import Action, Event, StrEnum
from engine.core import TurnStarted as BaseTurnStarted
from engine.off_the_rails import board
from engine.off_the_rails.data import (
    NO_FACTS,
    START_SPEED,
    MoveFacts,
    gems_text,
    mission_name,
    zero,
)
from engine.off_the_rails.tasks import TaskKind, task_from_list, task_to_list
from engine.off_the_rails.words import (  # noqa: F401 - square_name, tile_words: public here too
    COLUMN_LABELS,
    a_gem,
    capitalised,
    cart_phrase,
    colour_word,
    join_and,
    player_name,
    square_name,
    tile_kind_words,
    tile_words,
)
from translation import N_, _, ngettext


class CartPlace(StrEnum):
    """Where a cart is: on the board (grid or surface), in its owner's supply, or lost (fallen
    into the chasm; in solo also derailed)."""

    BOARD = "board"
    SUPPLY = "supply"
    LOST = "lost"


class Pending(StrEnum):
    """What the game waits for (:meth:`OTRState.pending`)."""

    EDGE = "edge"  # the first player chooses an edge
    ACTIONS = "actions"  # the action phase
    MOVE_CART = "move_cart"  # which cart moves next
    EXIT = "exit"  # a junction's exit
    GEM = "gem"  # which jewel the cart takes
    SPLIT = "split"  # the hit cart's owner splits its load
    DROP = "drop"  # "Drop the larger half": the owner chooses the gems
    PICK = "pick"  # the mover picks a pile
    MISSION = "mission"  # which of two missions fulfilled at once (OR-D11)
    CHASM_TOKEN = "chasm_token"  # where the drawn chasm token goes
    CHANCE = "chance"  # a draw or a roll
    OVER = "over"  # the game is over
    RUNNING = "running"  # between two events: the game runs its own steps (shown animating)


class CollisionKind(StrEnum):
    """Rules, "Collisions": a bump (the hit cart's tile has no exit towards the mover), a rear
    collision or a head-on collision (the hit cart was heading towards the mover)."""

    BUMP = "bump"
    REAR = "rear"
    HEAD_ON = "head-on"


class DerailCause(StrEnum):
    """Why a cart derailed (rules, "Derail", "Collisions", "End of the game"), in the words the
    log shows."""

    MINE_CENTRE = "a mine centre"
    NO_TRACK = "no track ahead"
    NO_EXIT = "the track ahead has no exit towards it"
    COLLISION = "collision"
    GAME_END = "the game ended"


def _who(names, player):
    return player_name(names, player)


def article(noun: str) -> str:
    """ "a ruby", "an emerald": one gem (``noun`` a gem kind), translated."""
    return a_gem(noun)


def _cart(names, player, label, role="subject"):
    """ "Ana's white cart", or "the red cart" in the solo game, for its ``role``."""
    return cart_phrase(names, player, label, role)


def _cap(text):
    return capitalised(text)


_DERAIL_CAUSES = {
    "a mine centre": N_("a mine centre"),
    "no track ahead": N_("no track ahead"),
    "the track ahead has no exit towards it": N_("the track ahead has no exit towards it"),
    "collision": N_("collision"),
    "the game ended": N_("the game ended"),
}
"""The words of each :class:`DerailCause` (the enum's values are saved: they stay English)."""

_EDGE_TAKEN = {
    ("chose", "north"): N_("{name} chose the north edge (red clan)."),
    ("chose", "east"): N_("{name} chose the east edge (yellow clan)."),
    ("chose", "south"): N_("{name} chose the south edge (green clan)."),
    ("chose", "west"): N_("{name} chose the west edge (blue clan)."),
    ("took", "north"): N_("{name} took the north edge (red clan)."),
    ("took", "east"): N_("{name} took the east edge (yellow clan)."),
    ("took", "south"): N_("{name} took the south edge (green clan)."),
    ("took", "west"): N_("{name} took the west edge (blue clan)."),
    ("drew", "north"): N_("{name} drew the north edge (red clan)."),
    ("drew", "east"): N_("{name} drew the east edge (yellow clan)."),
    ("drew", "south"): N_("{name} drew the south edge (green clan)."),
    ("drew", "west"): N_("{name} drew the west edge (blue clan)."),
}
_WILL_GO = {
    "N": N_("{cart} will go north at {square}."),
    "E": N_("{cart} will go east at {square}."),
    "S": N_("{cart} will go south at {square}."),
    "W": N_("{cart} will go west at {square}."),
}
_TURNED = {
    "N": N_("{cart} turned round to face north."),
    "E": N_("{cart} turned round to face east."),
    "S": N_("{cart} turned round to face south."),
    "W": N_("{cart} turned round to face west."),
}
_HEADED_AWAY = {
    "N": N_("{cart} on {square} turned away from the chasm and headed north."),
    "E": N_("{cart} on {square} turned away from the chasm and headed east."),
    "S": N_("{cart} on {square} turned away from the chasm and headed south."),
    "W": N_("{cart} on {square} turned away from the chasm and headed west."),
}
_LEFT_MINE = {
    "north": N_("{cart} left the mine by the north edge and stockpiled {gems}."),
    "east": N_("{cart} left the mine by the east edge and stockpiled {gems}."),
    "south": N_("{cart} left the mine by the south edge and stockpiled {gems}."),
    "west": N_("{cart} left the mine by the west edge and stockpiled {gems}."),
}
_COLLIDED = {
    "bump": (N_("{cart} bumped into {other}."), N_("{cart} bumped into their own {colour} cart.")),
    "rear": (N_("{cart} ran into {other}."), N_("{cart} ran into their own {colour} cart.")),
    "head-on": (
        N_("{cart} crashed head-on into {other}."),
        N_("{cart} crashed head-on into their own {colour} cart."),
    ),
}


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


DECISIONS = (
    ChooseEdge,
    PlaceTile,
    UpgradeTile,
    PlaceCart,
    ChangeSpeed,
    EndActions,
    MoveCart,
    ChooseExit,
    TakeGem,
    SplitLoad,
    DropGems,
    PickPile,
    ClaimMission,
    PlaceChasmToken,
)
CHANCE_OUTCOMES = (DrawEdge, DealMission, RevealCard, DrawGem, DrawChasmToken, RollChasmDie)
ACTIONS = DECISIONS + CHANCE_OUTCOMES


# --- events ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class EdgeTaken(Event):
    """Seat ``player`` took ``edge`` ("north"…) for their clan, of ``colour``; ``how`` is
    "chose" (the first player), "took" (the opposite edge) or "drew" (the third player's, at
    random) (rules, "Setup")."""

    player: int
    edge: str
    colour: str
    how: str  # "chose", "took", "drew"

    def text(self, names):
        return _(_EDGE_TAKEN[(self.how, self.edge)]).format(name=_who(names, self.player))


@dataclass(frozen=True)
class MissionDealt(Event):
    """A mission card (``mission``, 1-11) was dealt face up at setup."""

    mission: int

    def text(self, names):
        return _("Mission dealt: {mission}.").format(mission=mission_name(self.mission))


@dataclass(frozen=True)
class CardRevealed(Event):
    """A deposit card: gems will be placed on (row, col); at setup it comes from the colour's
    own cards, later from the top pile of the deposit deck (``from_deposit_deck``)."""

    colour: str
    number: int
    row: int
    col: int
    from_deposit_deck: bool

    def text(self, names):
        return _("Deposit card revealed: {colour} {number} ({square}).").format(
            colour=colour_word(self.colour, "card"),
            number=self.number,
            square=square_name(self.row, self.col),
        )


@dataclass(frozen=True)
class GemPlaced(Event):
    """One gem (``gem``, a gem kind) was drawn and placed on the deposit at (row, col)."""

    row: int
    col: int
    gem: str

    def text(self, names):
        return _cap(
            _("{gem} was placed on {square}.").format(
                gem=article(self.gem), square=square_name(self.row, self.col)
            )
        )


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    """Seat ``player`` starts turn ``turn`` (counted from 1 over all seats)."""

    player: int
    turn: int

    def text(self, names):
        return _("Turn {turn}: {name} to play.").format(
            turn=self.turn, name=_who(names, self.player)
        )


@dataclass(frozen=True)
class TilePlaced(Event):
    """Seat ``player`` placed a straight or curve with exits ``exits`` on the empty square
    (row, col)."""

    player: int
    row: int
    col: int
    exits: str

    def text(self, names):
        return _("{name} placed {tile} on {square}.").format(
            name=_who(names, self.player),
            tile=tile_words(self.exits),
            square=square_name(self.row, self.col),
        )


@dataclass(frozen=True)
class TileUpgraded(Event):
    """Seat ``player`` upgraded the tile ``old`` on (row, col) to ``new`` (exit strings;
    ``new`` keeps every exit of ``old``)."""

    player: int
    row: int
    col: int
    old: str
    new: str

    def text(self, names):
        return _("{name} upgraded {old} on {square} to {tile}.").format(
            name=_who(names, self.player),
            old=tile_kind_words(self.old),
            square=square_name(self.row, self.col),
            tile=tile_words(self.new),
        )


@dataclass(frozen=True)
class CartPlaced(Event):
    """Seat ``player`` put ``cart`` (``label``: white/black, solo its colour) from the supply on
    surface square (row, col), facing ``facing`` into the board, at speed 3."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    facing: str

    def text(self, names):
        sentence = (
            _("{name} put the {colour} cart in at {square}.")
            if len(names) <= 1
            else _("{name} put their {colour} cart in at {square}.")
        )
        return sentence.format(
            name=_who(names, self.player),
            colour=colour_word(self.label, "cart (object)"),
            square=square_name(self.row, self.col),
        )


@dataclass(frozen=True)
class SpeedChanged(Event):
    """Seat ``player`` changed ``cart``'s speed from ``old`` to ``new`` (1-6, OR-D5)."""

    player: int
    cart: int
    label: str
    old: int
    new: int

    def text(self, names):
        sentence = (
            _("{name} set the {colour} cart's speed from {old} to {new}.")
            if len(names) <= 1
            else _("{name} set their {colour} cart's speed from {old} to {new}.")
        )
        return sentence.format(
            name=_who(names, self.player),
            colour=colour_word(self.label, "cart (of)"),
            old=self.old,
            new=self.new,
        )


@dataclass(frozen=True)
class ActionsEnded(Event):
    """Seat ``player`` ended the action phase; the movement phase follows (OR-D12)."""

    player: int

    def text(self, names):
        return _("{name} ended the action phase.").format(name=_who(names, self.player))


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
        count = len(self.path) - 1
        return _cap(
            ngettext(
                "{cart} rolled {count} square to {square}.",
                "{cart} rolled {count} squares to {square}.",
                count,
            ).format(
                cart=_cart(names, self.player, self.label), count=count, square=square_name(r, c)
            )
        )


@dataclass(frozen=True)
class ExitChosen(Event):
    """At the junction on (row, col) the owner chose ``side`` as the exit ``cart`` will leave by
    (OR-D6)."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    side: str

    def text(self, names):
        return _cap(
            _(_WILL_GO[self.side]).format(
                cart=_cart(names, self.player, self.label), square=square_name(self.row, self.col)
            )
        )


@dataclass(frozen=True)
class CartTurnedFromChasm(Event):
    """The Chasm, "no cart may move onto a chasm square by choice": as its move starts, the cart
    on the junction (row, col) does not leave by ``away_from``, the exit its owner chose, which
    now leads into the chasm; it leaves by ``facing``, the one way still open, or (None) its
    owner chooses again among those left. Tells only: :class:`CartStarted` sets the facing."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    away_from: str
    facing: str | None

    def text(self, names):
        cart = _cart(names, self.player, self.label)
        square = square_name(self.row, self.col)
        if self.facing is None:
            sentence = _(
                "{cart} on {square} turned away from the chasm; {name} chooses another way on."
            ).format(cart=cart, square=square, name=_who(names, self.player))
        else:
            sentence = _(_HEADED_AWAY[self.facing]).format(cart=cart, square=square)
        return _cap(sentence)


@dataclass(frozen=True)
class GemTaken(Event):
    """``cart`` took one ``gem`` (a gem kind) from the deposit on (row, col)."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    gem: str

    def text(self, names):
        return _cap(
            _("{cart} took {gem} at {square}.").format(
                cart=_cart(names, self.player, self.label),
                gem=article(self.gem),
                square=square_name(self.row, self.col),
            )
        )


@dataclass(frozen=True)
class Collided(Event):
    """``kind`` is a :class:`CollisionKind`; the mover is on (row, col), the other on
    (other_row, other_col)."""

    player: int
    cart: int
    other: int
    other_player: int
    kind: CollisionKind
    row: int
    col: int
    other_row: int
    other_col: int
    label: str
    other_label: str

    def text(self, names):
        other_cart, own_cart = _COLLIDED[str(self.kind)]
        if self.other_player == self.player and len(names) > 1:
            sentence = _(own_cart).format(
                cart=_cart(names, self.player, self.label),
                colour=colour_word(self.other_label, "cart (object)"),
            )
        else:
            sentence = _(other_cart).format(
                cart=_cart(names, self.player, self.label),
                other=_cart(names, self.other_player, self.other_label, "object"),
            )
        return _cap(sentence)


@dataclass(frozen=True)
class CartTurned(Event):
    """The cart turned round on (row, col): its back and front swap; it now faces ``facing``."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    facing: str

    def text(self, names):
        return _cap(_(_TURNED[self.facing]).format(cart=_cart(names, self.player, self.label)))


@dataclass(frozen=True)
class LoadSplit(Event):
    """The owner split a load into ``piles`` (two gem counts) of these ``sizes``; the text tells
    the sizes only, as the mover picks without seeing the piles."""

    player: int
    cart: int
    sizes: tuple
    piles: tuple

    def text(self, names):
        return _("{name} split the load into piles of {first} and {second}.").format(
            name=_who(names, self.player), first=self.sizes[0], second=self.sizes[1]
        )


@dataclass(frozen=True)
class GemsDropped(Event):
    """The hit cart dropped ``gems`` on its square (row, col), where they make a deposit."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    gems: tuple

    def text(self, names):
        return _cap(
            _("{cart} dropped {gems} at {square}.").format(
                cart=_cart(names, self.player, self.label),
                gems=gems_text(self.gems),
                square=square_name(self.row, self.col),
            )
        )


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
    cause: DerailCause
    removed: bool

    def text(self, names):
        cause = _(_DERAIL_CAUSES.get(str(self.cause), str(self.cause)))
        if sum(self.gems):
            sentence = (
                _("{cart} derailed ({cause}) and left the game; {gems} went back to the bag.")
                if self.removed
                else _(
                    "{cart} derailed ({cause}) and went back to the supply; "
                    "{gems} went back to the bag."
                )
            )
        else:
            sentence = (
                _("{cart} derailed ({cause}) and left the game.")
                if self.removed
                else _("{cart} derailed ({cause}) and went back to the supply.")
            )
        return _cap(
            sentence.format(
                cart=_cart(names, self.player, self.label),
                cause=cause,
                gems=gems_text(self.gems),
            )
        )


@dataclass(frozen=True)
class CartFell(Event):
    """``cart`` fell into the chasm on (row, col): it and its ``gems`` (counts) leave the game."""

    player: int
    cart: int
    label: str
    row: int
    col: int
    gems: tuple

    def text(self, names):
        sentence = (
            _("{cart} fell into the chasm at {square} with {gems}.")
            if sum(self.gems)
            else _("{cart} fell into the chasm at {square}.")
        )
        return _cap(
            sentence.format(
                cart=_cart(names, self.player, self.label),
                square=square_name(self.row, self.col),
                gems=gems_text(self.gems),
            )
        )


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
        return _cap(
            _(_LEFT_MINE[self.edge]).format(
                cart=_cart(names, self.player, self.label), gems=gems_text(self.gems)
            )
        )


@dataclass(frozen=True)
class CartReturned(Event):
    """OR-D10: a cart stopped on the surface goes back to the supply."""

    player: int
    cart: int
    label: str
    row: int
    col: int

    def text(self, names):
        return _cap(
            _("{cart} stayed on the surface and went back to the supply.").format(
                cart=_cart(names, self.player, self.label)
            )
        )


@dataclass(frozen=True)
class MissionClaimed(Event):
    """Seat ``player`` took mission ``mission`` (1-11), at most one a turn (OR-D11); Dirty
    Goblins is claimed at the game's end."""

    player: int
    mission: int

    def text(self, names):
        return _("{name} completed the mission {mission}.").format(
            name=_who(names, self.player), mission=mission_name(self.mission)
        )


@dataclass(frozen=True)
class ChasmCardRevealed(Event):
    """Seat ``player`` revealed the Chasm card: everyone has one more turn, that player
    last (rules, "The Chasm")."""

    player: int

    def text(self, names):
        return _(
            "{name} revealed the Chasm card: everyone has one more turn, {name} last; then the "
            "chasm opens and the chasm phase begins."
        ).format(name=_who(names, self.player))


@dataclass(frozen=True)
class ChasmTokenDrawn(Event):
    """Chasm phase: a chasm token of ``colour`` was drawn from the supply."""

    colour: str

    def text(self, names):
        return _("A {colour} chasm token was drawn.").format(
            colour=colour_word(self.colour, "chasm token")
        )


@dataclass(frozen=True)
class ChasmDieRolled(Event):
    """Chasm Die option: the die named square ``number`` (1-8) of the ``colour`` mine
    (OR-D8)."""

    colour: str
    number: int

    def text(self, names):
        return _("The Chasm Die chose {colour} mine square {number}.").format(
            colour=colour_word(self.colour, "mine (of)"), number=self.number
        )


@dataclass(frozen=True)
class ChasmOpened(Event):
    """A chasm token on (row, col); ``tile``/``gems``/``cart`` say what fell in (cart -1: none;
    the cart's own fall is the :class:`CartFell` that follows). ``card`` is the number of the
    chasm deck card (solo: the deck card) that named the square, 0 for a token drawn in the
    chasm phase."""

    colour: str
    row: int
    col: int
    tile: str
    gems: tuple
    cart: int
    card: int

    def text(self, names):
        if self.tile and sum(self.gems):
            sentence = _("A {colour} chasm opened on {square} (a tile and {gems} fell in).")
        elif self.tile:
            sentence = _("A {colour} chasm opened on {square} (a tile fell in).")
        elif sum(self.gems):
            sentence = _("A {colour} chasm opened on {square} ({gems} fell in).")
        else:
            sentence = _("A {colour} chasm opened on {square}.")
        return sentence.format(
            colour=colour_word(self.colour, "chasm"),
            square=square_name(self.row, self.col),
            gems=gems_text(self.gems),
        )


@dataclass(frozen=True)
class CardSkipped(Event):
    """Solo: a card naming a chasm square (or a colour without tokens) is skipped."""

    colour: str
    number: int

    def text(self, names):
        return _("The {colour} {number} card was skipped.").format(
            colour=colour_word(self.colour, "card"), number=self.number
        )


@dataclass(frozen=True)
class ChasmCardShuffledBack(Event):
    """Solo: the Chasm card came up; no token is placed and it goes back into the
    deck."""

    def text(self, names):
        return _("The Chasm card came up: no chasm this time; it was shuffled back.")


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over: ``winners`` (seats), ``totals`` (per seat), ``summary`` and, in solo,
    ``result`` ("major victory", "victory", "partial victory" or "loss"; None otherwise)."""

    winners: tuple
    totals: tuple
    summary: str
    result: str | None

    def text(self, names):
        if self.winners and len(self.totals) > 1:
            who = join_and(_who(names, winner) for winner in self.winners)
            return ngettext(
                "The game is over. {names} wins.",
                "The game is over. {names} win.",
                len(self.winners),
            ).format(names=who)
        summary = self.summary.rstrip(".")
        if self.result is not None and self.totals:
            from engine.off_the_rails.rules import solo_summary

            summary = solo_summary({"result": self.result, "high_score": self.totals[0]})
        return _("The game is over. {summary}.").format(summary=summary)


# --- bookkeeping events: what changes that a player need not read (text "") -----------------
@dataclass(frozen=True)
class TasksChanged(Event):
    """The to-do list changed: its first ``replace`` tasks are replaced by ``tasks`` (records of
    :mod:`.tasks`; in ``to_dict`` their plain lists, e.g. ``["run", 2, 3]``, which the record
    codec turns back into records)."""

    replace: int
    tasks: tuple

    def __post_init__(self):
        if self.tasks and isinstance(self.tasks[0], (tuple, list)):  # from plain data
            object.__setattr__(
                self,
                "tasks",
                tuple(
                    task_from_list(task) if isinstance(task, (tuple, list)) else task
                    for task in self.tasks
                ),
            )

    def to_dict(self) -> dict:
        return {
            "type": "TasksChanged",
            "replace": self.replace,
            "tasks": [task_to_list(task) for task in self.tasks],
        }

    def text(self, names):
        return ""


@dataclass(frozen=True)
class CartStarted(Event):
    """A cart's movement begins, leaving by ``facing`` (None: its owner chooses the exit of the
    junction it stands on first)."""

    player: int
    cart: int
    label: str
    facing: str | None

    def text(self, names):
        return ""


@dataclass(frozen=True)
class MissionsChecked(Event):
    """The missions were checked after a move: what the carts did is forgotten."""

    def text(self, names):
        return ""


@dataclass(frozen=True)
class ChasmTurnBegan(Event):
    """This turn's deposit phase is a chasm phase (the game may end at the end of the turn)."""

    player: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class FinalTurnPlayed(Event):
    """After the Chasm card: a player's last normal turn is over; ``turns_left`` remain."""

    player: int
    turns_left: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class ChasmPhaseBegan(Event):
    """From now on the deposit phase is the chasm phase."""

    def text(self, names):
        return _("The chasm phase begins: each turn a chasm token is drawn instead of a deposit.")


@dataclass(frozen=True)
class GameEndReached(Event):
    """Why the game ends now (rules, "The chasm"): ``reason`` "no carts" (in the chasm phase no
    cart is on the board at the end of a turn; solo: every cart is lost) or "tokens" (all the
    chasm tokens are placed)."""

    reason: str

    def text(self, names):
        if self.reason == "tokens":
            return _("Every chasm token is placed: the game ends.")
        return _("No cart is left on the board: the game ends.")


BOOKKEEPING_EVENTS = (TasksChanged, CartStarted, MissionsChecked, ChasmTurnBegan, FinalTurnPlayed)
"""Events a player need not read: their text is "" and the log skips them."""

EVENTS = (
    EdgeTaken,
    MissionDealt,
    CardRevealed,
    GemPlaced,
    TurnStarted,
    TilePlaced,
    TileUpgraded,
    CartPlaced,
    SpeedChanged,
    ActionsEnded,
    CartMoved,
    ExitChosen,
    CartTurnedFromChasm,
    GemTaken,
    Collided,
    CartTurned,
    LoadSplit,
    GemsDropped,
    CartDerailed,
    CartFell,
    CartLeftMine,
    CartReturned,
    MissionClaimed,
    ChasmCardRevealed,
    ChasmTokenDrawn,
    ChasmDieRolled,
    ChasmOpened,
    CardSkipped,
    ChasmCardShuffledBack,
    GameEnded,
    TasksChanged,
    CartStarted,
    MissionsChecked,
    ChasmTurnBegan,
    FinalTurnPlayed,
    ChasmPhaseBegan,
    GameEndReached,
)


# --- carts ----------------------------------------------------------------------------------
class Cart:
    """One minecart: ``owner`` seat, ``colour``, ``marker`` ("white"/"black", or the colour in
    solo), ``where`` (a :class:`CartPlace`), ``square``, ``back`` (the side it entered by),
    ``facing`` (the side it will leave by; None while its owner still chooses at a junction),
    ``speed`` and ``load`` (a gem count)."""

    __slots__ = ("owner", "colour", "marker", "where", "square", "back", "facing", "speed", "load")

    def __init__(
        self,
        owner,
        colour,
        marker,
        where=CartPlace.SUPPLY,
        square=None,
        back=None,
        facing=None,
        speed=START_SPEED,
        load=(0, 0, 0, 0, 0),
    ):
        self.owner = owner
        self.colour = colour
        self.marker = marker
        self.where = where
        self.square = square
        self.back = back
        self.facing = facing
        self.speed = speed
        self.load = load

    def clone(self) -> Cart:
        return Cart(
            self.owner,
            self.colour,
            self.marker,
            self.where,
            self.square,
            self.back,
            self.facing,
            self.speed,
            self.load,
        )

    @property
    def label(self) -> str:
        """ "white"/"black" (or the colour in solo) for texts."""
        return self.marker

    @property
    def on_board(self) -> bool:
        """True for a cart on the grid or on a surface square."""
        return self.where == CartPlace.BOARD

    def to_dict(self) -> dict:
        return {
            "owner": self.owner,
            "colour": self.colour,
            "marker": self.marker,
            "where": str(self.where),
            "square": list(self.square) if self.square else None,
            "back": self.back,
            "facing": self.facing,
            "speed": self.speed,
            "load": list(self.load),
        }

    @classmethod
    def from_dict(cls, data) -> Cart:
        return cls(
            data["owner"],
            data["colour"],
            data["marker"],
            CartPlace(data["where"]),
            tuple(data["square"]) if data["square"] else None,
            data["back"],
            data["facing"],
            data["speed"],
            tuple(data["load"]),
        )


def _rules():
    """The rules module (imported on first use: it imports this one)."""
    global _RULES
    if _RULES is None:
        from engine.off_the_rails import rules

        _RULES = rules
    return _RULES


_RULES = None


def _square_key(square) -> str:
    return f"{square[0]},{square[1]}"


def _key_square(key) -> tuple:
    row, col = key.split(",")
    return (int(row), int(col))


class OTRState:
    """A position of Off the Rails (1 player = the solo rules; 2-4 players = the clan game).

    Options: ``num_players``, ``solo``, ``bumper``, ``chasm_die``, ``length``, ``split_rule``.
    The board: ``tiles`` {square: exits}, ``gems`` {square: gem count} (the deposits), ``chasm``
    {square: colour}, ``carts`` (list of :class:`Cart`). Gems elsewhere: ``bag``, ``lost`` (fallen
    into the chasm), ``stockpiles`` (per seat), ``solo_pool`` (solo start gems), ``delivered``
    {edge: gem count} (solo). Seats: ``edges`` (None in solo). Missions: ``missions`` (face up),
    ``dealt``, ``taken`` (per seat), ``claimed`` (one taken this turn), ``facts``
    (:class:`data.MoveFacts`). Decks as multisets: ``unseen`` {colour: numbers not seen yet},
    ``piles`` (the deposit deck, top pile first, each ``(red, yellow, green, blue, chasm)``
    counts), ``solo_deck`` (``(colour, number)`` cards left), ``token_supply`` {colour: count}.
    The Chasm card: ``chasm_card_seen``, ``final_turns_left``, ``revealed_chasm_now``,
    ``chasm_phase``, ``chasm_turn``. The turn: ``player``, ``turn``, ``actions_left``, ``moved``
    (carts moved this turn), ``taken_here`` (gems the moving cart took on its square),
    ``piles_split`` (a split waiting for the mover's pick). ``tasks``: what happens next, head
    first (:mod:`.tasks`). ``over``, ``result`` (solo).

    Only :mod:`.events` changes a state once it is set up; the rules are in :mod:`.rules`.
    """

    # fields copied as they are by clone (immutable values, or containers only ever replaced)
    _SHARED = (
        "num_players",
        "solo",
        "bumper",
        "chasm_die",
        "length",
        "split_rule",
        "bag",
        "lost",
        "facts",
        "solo_pool",
        "claimed",
        "chasm_card_seen",
        "final_turns_left",
        "chasm_phase",
        "chasm_turn",
        "revealed_chasm_now",
        "player",
        "turn",
        "actions_left",
        "taken_here",
        "piles_split",
        "over",
        "result",
        "_legal",
    )

    def __init__(self) -> None:
        # Filled by rules.new_state(); declared here for the reader and for type checkers.
        self.num_players: int = 2
        self.solo: bool = False
        self.bumper: bool = False
        self.chasm_die: bool = False
        self.length: int = 21
        self.split_rule: str = "choose"
        self.tiles: dict[tuple, str] = {}
        self.gems: dict[tuple, tuple] = {}
        self.chasm: dict[tuple, str] = {}
        self.carts: list[Cart] = []
        self.bag: tuple = zero()
        self.lost: tuple = zero()
        self.stockpiles: list[tuple] = []
        self.edges: list[str | None] = []
        self.missions: list[int] = []
        self.dealt: list[int] = []
        self.taken: list[list[int]] = []
        self.claimed: bool = False
        self.facts: MoveFacts | None = NO_FACTS
        self.unseen: dict[str, tuple] = {}
        self.piles: list[tuple] = []
        self.solo_deck: list[tuple] = []
        self.solo_pool: tuple = zero()
        self.token_supply: dict[str, int] = {}
        self.delivered: dict[str, tuple] = {}
        self.chasm_card_seen: bool = False
        self.final_turns_left: int = -1
        self.chasm_phase: bool = False
        self.chasm_turn: bool = False
        self.revealed_chasm_now: bool = False
        self.player: int = 0
        self.turn: int = 0
        self.actions_left: int = 4
        self.moved: list[int] = []
        self.taken_here: int = 0
        self.piles_split: tuple | None = None
        self.tasks: list = []
        self.over: bool = False
        self.result: str | None = None
        self._legal: tuple | None = None

    # --- copying --------------------------------------------------------------------------
    def clone(self) -> OTRState:
        """A fast independent copy (no deepcopy)."""
        copy = OTRState.__new__(OTRState)
        for name in self._SHARED:
            setattr(copy, name, getattr(self, name))
        copy.tiles = dict(self.tiles)
        copy.gems = dict(self.gems)
        copy.chasm = dict(self.chasm)
        copy.carts = [cart.clone() for cart in self.carts]
        copy.stockpiles = list(self.stockpiles)
        copy.edges = list(self.edges)
        copy.missions = list(self.missions)
        copy.dealt = list(self.dealt)
        copy.taken = [list(taken) for taken in self.taken]
        copy.unseen = dict(self.unseen)
        copy.piles = list(self.piles)
        copy.solo_deck = list(self.solo_deck)
        copy.token_supply = dict(self.token_supply)
        copy.delivered = dict(self.delivered)
        copy.moved = list(self.moved)
        copy.tasks = list(self.tasks)
        return copy

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it exactly."""
        return {
            "num_players": self.num_players,
            "solo": self.solo,
            "bumper": self.bumper,
            "chasm_die": self.chasm_die,
            "length": self.length,
            "split_rule": self.split_rule,
            "tiles": {_square_key(sq): v for sq, v in sorted(self.tiles.items())},
            "gems": {_square_key(sq): list(v) for sq, v in sorted(self.gems.items())},
            "chasm": {_square_key(sq): v for sq, v in sorted(self.chasm.items())},
            "carts": [cart.to_dict() for cart in self.carts],
            "bag": list(self.bag),
            "lost": list(self.lost),
            "stockpiles": [list(stock) for stock in self.stockpiles],
            "edges": list(self.edges),
            "missions": list(self.missions),
            "dealt": list(self.dealt),
            "taken": [list(taken) for taken in self.taken],
            "claimed": self.claimed,
            "facts": self.facts.to_dict() if self.facts else {},
            "unseen": {colour: list(numbers) for colour, numbers in self.unseen.items()},
            "piles": [list(pile) for pile in self.piles],
            "solo_deck": [list(card) for card in self.solo_deck],
            "solo_pool": list(self.solo_pool),
            "token_supply": dict(self.token_supply),
            "delivered": {edge: list(gems) for edge, gems in self.delivered.items()},
            "chasm_card_seen": self.chasm_card_seen,
            "final_turns_left": self.final_turns_left,
            "chasm_phase": self.chasm_phase,
            "chasm_turn": self.chasm_turn,
            "revealed_chasm_now": self.revealed_chasm_now,
            "player": self.player,
            "turn": self.turn,
            "actions_left": self.actions_left,
            "moved": list(self.moved),
            "taken_here": self.taken_here,
            "piles_split": [list(pile) for pile in self.piles_split] if self.piles_split else None,
            "tasks": [task_to_list(task) for task in self.tasks],
            "over": self.over,
            "result": self.result,
        }

    @classmethod
    def from_dict(cls, data: dict) -> OTRState:
        """Rebuild a state from :meth:`to_dict` output; ``KeyError``/``ValueError`` if damaged."""
        state = cls()
        for name in (
            "num_players",
            "solo",
            "bumper",
            "chasm_die",
            "length",
            "split_rule",
            "claimed",
            "chasm_card_seen",
            "final_turns_left",
            "chasm_phase",
            "chasm_turn",
            "revealed_chasm_now",
            "player",
            "turn",
            "actions_left",
            "taken_here",
            "over",
            "result",
        ):
            setattr(state, name, data[name])
        state.tiles = {_key_square(key): exits for key, exits in data["tiles"].items()}
        state.gems = {_key_square(key): tuple(gems) for key, gems in data["gems"].items()}
        state.chasm = {_key_square(key): colour for key, colour in data["chasm"].items()}
        state.carts = [Cart.from_dict(cart) for cart in data["carts"]]
        state.bag = tuple(data["bag"])
        state.lost = tuple(data["lost"])
        state.stockpiles = [tuple(stock) for stock in data["stockpiles"]]
        state.edges = list(data["edges"])
        state.missions = list(data["missions"])
        state.dealt = list(data["dealt"])
        state.taken = [list(taken) for taken in data["taken"]]
        state.facts = MoveFacts.from_dict(data["facts"]) if data["facts"] else None
        state.unseen = {colour: tuple(numbers) for colour, numbers in data["unseen"].items()}
        state.piles = [tuple(pile) for pile in data["piles"]]
        state.solo_deck = [tuple(card) for card in data["solo_deck"]]
        state.solo_pool = tuple(data["solo_pool"])
        state.token_supply = dict(data["token_supply"])
        state.delivered = {edge: tuple(gems) for edge, gems in data["delivered"].items()}
        state.moved = list(data["moved"])
        state.piles_split = (
            tuple(tuple(pile) for pile in data["piles_split"]) if data["piles_split"] else None
        )
        try:
            state.tasks = [task_from_list(task) for task in data["tasks"]]
        except TypeError as err:
            raise ValueError(
                _("a task of the to-do list is damaged: {error}").format(error=err)
            ) from None
        return state

    def __eq__(self, other):
        return isinstance(other, OTRState) and self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]  # unhashable: mutable; mypy wants a method

    def __repr__(self):
        return f"<OTRState turn {self.turn} player {self.player} task {self.tasks[:1]}>"

    # --- the contract, implemented in rules.py -------------------------------------------
    def current_player(self) -> int:
        """A seat, ``CHANCE`` or ``TERMINAL``."""
        return _rules().current_player(self)

    def turn_owner(self) -> int:
        """Whose turn this is (``self.player``), also while an opponent splits a hit cart's gems."""
        return self.player

    def turns_by_seat(self) -> list[int]:
        """How many turns each seat has started, in seat order, from the turn number and whose
        turn it is (turns pass to the next seat in order): the load list goes on counting from a
        shared position's own turn. Their sum is ``self.turn``."""
        seats = self.num_players
        counts = []
        for seat in range(seats):
            back = (self.player - seat) % seats  # turns since this seat's last one began
            counts.append(max(0, (self.turn - back + seats - 1) // seats))
        return counts

    def is_terminal(self) -> bool:
        return self.over

    def legal_actions(self) -> list:
        """The current player's actions in a stable order ([] at chance nodes and at the end)."""
        if self._legal is None:
            self._legal = tuple(_rules().legal_actions(self))
        return list(self._legal)

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node, else []."""
        return _rules().chance_outcomes(self)

    def apply_action(self, action) -> list:
        """Apply a decision or chance outcome; returns the events. Raises ``IllegalAction`` (state
        unchanged) for anything the rules forbid."""
        return _rules().apply_action(self, action)

    def returns(self) -> list:
        return _rules().returns(self)

    def score_sheet(self) -> dict:
        return _rules().score_sheet(self)

    def observation(self, player: int) -> OTRState:
        """The state as ``player`` sees it: a split load waiting for the mover's pick is shown
        with both piles replaced by an even, made-up split, unless ``player`` made the split."""
        return _rules().observation(self, player)

    def action_to_string(self, action, names=None) -> str:
        """``action`` in plain words (rules.action_to_string); ``names`` (one per seat) as the
        other games take them; Off the Rails' action words name no seat."""
        return _rules().action_to_string(self, action, names)

    # --- helpers for the table scene (all derived from the tasks and legal_actions) -------
    def pending(self) -> Pending:
        """What the game waits for (a :class:`Pending`)."""
        return _rules().pending(self)

    def legal_by_square(self) -> dict:
        """``{(row, col): [PlaceTile/UpgradeTile/PlaceCart/PlaceChasmToken, ...]}`` for the legal
        actions that name a square (cached until the state changes; cheap for hover checks)."""
        legal = self.legal_actions()
        cache = getattr(self, "_by_square", None)
        if cache is not None and cache[0] is self._legal:
            return cache[1]
        index: dict = {}
        for action in legal:
            if isinstance(action, (PlaceTile, UpgradeTile, PlaceCart, PlaceChasmToken)):
                index.setdefault((action.row, action.col), []).append(action)
        self._by_square = (self._legal, index)
        return index

    def placements_at(self, row: int, col: int) -> list:
        """Legal :class:`PlaceTile` actions on that square (empty list if none)."""
        return [a for a in self.legal_by_square().get((row, col), ()) if isinstance(a, PlaceTile)]

    def joining_placements(self, row: int, col: int) -> list:
        """The legal :class:`PlaceTile` actions on that square whose track would meet what is
        next to it, best first (empty when none does; a tile need not connect, rules "A
        turn"): each exit towards a neighbour's track open this way counts 1, towards a cart
        on a neighbouring square (grid or surface) that faces this square 2 more (it carries
        the cart's line on). Among shapes that score alike, fewer other exits that are a
        :meth:`dead_end` come first (play-test: a curve joining D7's south end started
        turned into the blue mine's centre); then :data:`board.PLACEABLE`'s order."""
        square = (row, col)
        weight = self._joining_weights(square)
        scored = []
        for action in self.placements_at(row, col):
            score = sum(weight[side] for side in action.exits)
            dead = sum(
                1 for side in action.exits if not weight[side] and self.dead_end(square, side)
            )
            scored.append((-score, dead, action))
        ranked = sorted(scored, key=lambda entry: entry[:2])
        return [action for minus_score, _dead, action in ranked if minus_score < 0]

    def dead_end(self, square, side: str) -> bool:
        """Whether track on ``square`` (row, col) leaving by ``side`` leads nowhere a cart
        could roll on underground: off the grid, onto a mine centre or a chasm square, or onto
        a tile with no exit back towards ``square`` (rules "Derail", "The Chasm"). An empty
        square leads on (track may be laid there)."""
        near = board.step(square, side)
        if not board.on_grid(near) or near in board.CENTRE_SQUARES or near in self.chasm:
            return True
        tile = self.tiles.get(near)
        return tile is not None and board.OPPOSITE[side] not in tile

    def open_placements(self, row: int, col: int) -> list:
        """The legal :class:`PlaceTile` actions on that square none of whose exits is a
        :meth:`dead_end`, in :data:`board.PLACEABLE`'s order (empty when none): the shapes
        the table's tile tools turn to where nothing joins."""
        square = (row, col)
        return [
            action
            for action in self.placements_at(row, col)
            if not any(self.dead_end(square, side) for side in action.exits)
        ]

    def upgrades_at(self, row: int, col: int) -> list:
        """Legal :class:`UpgradeTile` actions on that square."""
        return [a for a in self.legal_by_square().get((row, col), ()) if isinstance(a, UpgradeTile)]

    def joining_upgrades(self, row: int, col: int) -> list:
        """The legal :class:`UpgradeTile` actions on that square whose added exits meet what is
        next to it, best first (empty when no upgrade there adds an exit that does; rules "A
        turn": an upgrade keeps every exit and adds exits). Only the exits the upgrade adds
        count, as in :meth:`joining_placements`: 1 towards a neighbour's track open this way,
        2 more towards a cart on a neighbouring square (grid or surface) that faces this
        square. Ties keep :meth:`upgrades_at`'s order."""
        old = self.tiles.get((row, col)) or ""
        weight = self._joining_weights((row, col))
        scored = [
            (sum(weight[s] for s in a.exits if s not in old), a) for a in self.upgrades_at(row, col)
        ]
        return [a for score, a in sorted(scored, key=lambda pair: -pair[0]) if score > 0]

    def _joining_weights(self, square) -> dict:
        """``{side: weight}``: what an exit of a tile on ``square`` towards ``side`` would
        meet: 1 for a neighbour's track open towards it, 2 more for a cart there facing it."""
        weight = dict.fromkeys(board.SIDES, 0)
        for side in board.SIDES:
            near = board.step(square, side)
            back = board.OPPOSITE[side]
            if board.open_towards(self.tiles.get(near), back):
                weight[side] += 1
            cart = self.cart_at(near)
            if cart is not None and self.carts[cart].facing == back:
                weight[side] += 2
        return weight

    def cart_placements(self, cart: int | None = None) -> list:
        """Legal :class:`PlaceCart` actions (for one cart if given)."""
        return [
            a
            for a in self.legal_actions()
            if isinstance(a, PlaceCart) and (cart is None or a.cart == cart)
        ]

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

    def mission_claims(self) -> list:
        """Missions the player may take now (:class:`ClaimMission`)."""
        return [a.mission for a in self.legal_actions() if isinstance(a, ClaimMission)]

    def refusal(self, action) -> str | None:
        """Why ``action`` is illegal now, as a sentence; None when it is legal."""
        return _rules().refusal(self, action)

    def end_actions_refusal(self) -> str | None:
        """Why the action phase cannot be ended now; None when :class:`EndActions` is legal."""
        return self.refusal(EndActions())

    def cart_at(self, square) -> int | None:
        """Id of the cart on ``square`` (grid or surface), or None."""
        square = tuple(square)
        on_board = CartPlace.BOARD
        for index, cart in enumerate(self.carts):
            if cart.square == square and cart.where == on_board:
                return index
        return None

    def occupied_squares(self) -> set:
        """The squares (grid or surface) holding a cart."""
        on_board = CartPlace.BOARD
        return {cart.square for cart in self.carts if cart.where == on_board}

    def carts_of(self, player: int) -> list:
        """Cart ids owned by ``player`` (all four in solo)."""
        return [index for index, cart in enumerate(self.carts) if cart.owner == player]

    def moving_cart(self) -> int | None:
        """The cart whose movement is in progress, or None."""
        return _rules().moving_cart(self)

    def hit_cart(self) -> int | None:
        """The cart hit in a collision whose load is being split, picked from or dropped."""
        head = self.tasks[0] if self.tasks else None
        if head is not None and head.kind in (TaskKind.SPLIT, TaskKind.PICK, TaskKind.DROP):
            return head.hit
        return None

    def drawn_token(self) -> str | None:
        """The colour of the chasm token waiting to be placed, or None."""
        head = self.tasks[0] if self.tasks else None
        if head is not None and head.kind in (TaskKind.CHASM_PLACE, TaskKind.CHASM_DIE):
            return head.colour
        return None

    def split_piles(self):
        """The two piles of a split waiting for the mover's pick, as seen in this state, or None."""
        return self.piles_split
