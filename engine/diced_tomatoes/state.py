"""Diced Tomatoes: the position, the actions players (and chance) take, and the events they cause.

The rules themselves live in :mod:`engine.diced_tomatoes.rules`; what each event changes is
written once, in :mod:`engine.diced_tomatoes.events`; this module holds the data. A die is a
:class:`Die` ``(colour, face)``: colour ``"r"`` (red), ``"b"`` (black, "rotten") or ``"g"`` (gold,
"Sunny Golden Hybrid"); face 1–6, or ``None`` for a die drawn but not rolled yet.

Terms follow ``docs/rules/diced_tomatoes.md``: the **bushel** (dice not in play, kept as colour
counts, never as an ordered list), each player's 3 **tomato tokens** holding **vines** (seed
first, then the dice added, in the order they were placed), the **score track** (harvested
values, slot 1 first), **karma** and **karma bits**, the **last player** (ketchup splatter)
marker.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from engine.core import CHANCE, TERMINAL, Action, Event, StrEnum
from engine.core import TurnStarted as BaseTurnStarted
from translation import NP_, _, ngettext, pgettext

COLOURS = ("r", "b", "g")
"""Die colours in a stable order: red, black (rotten), gold (Sunny Golden Hybrid)."""

COLOUR_NAMES = {"r": "red", "b": "black", "g": "gold"}
"""Die colours as codes for tests and notation; a player reads :func:`colour_word`."""
TOKEN_NAMES = ("top", "middle", "bottom")
"""Each player's 3 tomato tokens by index, as the table draws them: stacked top to bottom (a
player reads :func:`token_word`)."""
COLOUR_WORDS = {
    "r": NP_("die colour", "red"),
    "b": NP_("die colour", "black"),
    "g": NP_("die colour", "gold"),
}
"""A die's colour in the context "die colour", so a language agrees it with its word for a die
("красный кубик", "un 4 rojo")."""
TOKEN_WORDS = (
    NP_("tomato token", "top"),
    NP_("tomato token", "middle"),
    NP_("tomato token", "bottom"),
)
"""The tokens' positions in the context "tomato token" ("верхний жетон", "la ficha de arriba")."""
TOKENS = 3
SLOTS = 6
FACES = (1, 2, 3, 4, 5, 6)

OPTION_NAMES = ("golden", "dicey", "overload", "update_2023", "open_empty", "clean_any")
"""The game options, all off by default (docs/rules/diced_tomatoes.md, Players and variants)."""


class Phase(StrEnum):
    """The phases of play; their values are what ``to_dict`` and the notation write."""

    START = "start"  # the first-player roll (chance only)
    TURN = "turn"  # a player's turn: draws and rolls (chance), placements and karma
    CLEANUP = "cleanup"  # end of turn: owners decide about vines worth 0 or less (DT-D5)
    OVER = "over"  # the game has ended


START, TURN, CLEANUP, OVER = Phase.START, Phase.TURN, Phase.CLEANUP, Phase.OVER
"""The phases under short names for the engine's hot loop: on Python 3.11 ``Phase.TURN`` is an
enum look-up costing several times a comparison."""
_PHASES = {phase.value: phase for phase in Phase}


class Ending(StrEnum):
    """Why the game ended (``state.ended``)."""

    FINAL = "final"  # the final round has been played out
    BUSHEL = "bushel"  # the bushel was empty at the start of a turn
    STUCK = "stuck"  # solo: the bushel is empty and no die held can ever be placed
    HARVESTED = "harvested"  # solo: the sixth tomato is harvested (DT-D13)


_ENDINGS = {ending.value: ending for ending in Ending}


class ClearReason(StrEnum):
    """Why a vine's dice went back to the bushel (:class:`VineCleared`)."""

    OVERRIPE = "overripe"  # worth more than 6 at the end of the turn (rules, Clearing)
    ZERO = "zero"  # worth 0 or less, cleared by its owner at clean-up (DT-D5)
    CLEANED = "cleaned"  # karma: clean a vine (DT-D9)


class Die(NamedTuple):
    """A rolled die: ``colour`` (``"r"``, ``"b"`` or ``"g"``) and ``face`` (1–6). A tuple, so
    ``to_dict`` writes ``[colour, face]`` and ``Die("r", 4) == ("r", 4)``."""

    colour: str
    face: int


class UnrolledDie(NamedTuple):
    """A die in the hand, drawn (or picked up to re-roll) but not rolled yet: ``face`` is
    ``None``, so ``to_dict`` writes ``[colour, null]``."""

    colour: str
    face: None = None


_ROLLED = {(colour, face): Die(colour, face) for colour in COLOURS for face in FACES}
_UNROLLED = {colour: UnrolledDie(colour) for colour in COLOURS}


def rolled(colour: str, face: int) -> Die:
    """The die of ``colour`` showing ``face``. Dice are values, so one instance of each is
    shared: finding it is much cheaper than building a named tuple."""
    return _ROLLED.get((colour, face)) or Die(colour, face)


def unrolled(colour: str) -> UnrolledDie:
    """A die of ``colour`` not rolled yet (shared like :func:`rolled`)."""
    return _UNROLLED.get(colour) or UnrolledDie(colour)


def _unknown(what: str, value):
    raise ValueError(_("unknown {field} {text!r}").format(field=what, text=value))


def die_from_list(data: list) -> Die | UnrolledDie:
    """The die ``to_dict`` wrote as ``[colour, face]`` (face ``None`` while unrolled)."""
    colour, face = data
    return unrolled(colour) if face is None else rolled(colour, face)


def colour_word(colour: str) -> str:
    """ "red", "black" or "gold" in the current language, agreeing with a die."""
    return pgettext("die colour", COLOUR_WORDS[colour])


def token_word(token: int) -> str:
    """ "top", "middle" or "bottom" (token 0, 1, 2) in the current language, for a token or a
    vine."""
    return pgettext("tomato token", TOKEN_WORDS[token])


def seat_name(names: Sequence[str] | None, seat: int | None) -> str:
    """The seat's name from ``names``, "Player N" beyond them, "Nobody" for no seat."""
    if seat is None or seat < 0:
        return _("Nobody")
    if names and seat < len(names):
        return names[seat]
    return _("Player {number}").format(number=seat + 1)


_who = seat_name


def die_words(colour: str, face: int | None) -> str:
    """ "a red 4", or "a red die" while it is not rolled."""
    if face is None:
        return _("a {colour} die").format(colour=colour_word(colour))
    return _("a {colour} {face}").format(colour=colour_word(colour), face=face)


def the_die_words(colour: str, face: int | None) -> str:
    """ "the red 4", or "the red die" while it is not rolled."""
    if face is None:
        return _("the {colour} die").format(colour=colour_word(colour))
    return _("the {colour} {face}").format(colour=colour_word(colour), face=face)


def list_words(words: Sequence[str]) -> str:
    """ "Ana", "Ana and Bo", "Ana, Bo and Cleo" in the current language."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


def _die(colour: str, face: int | None) -> str:
    return die_words(colour, face)


# ------------------------------------------------------------------------------------------
# Chance outcomes (actions chosen by luck, listed by ``chance_outcomes``)
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class StartRoll(Action):
    """Chance: the next player in the first-player roll rolls ``face`` (rules, Setup; DT-D1)."""

    face: int


@dataclass(frozen=True)
class DrawDie(Action):
    """Chance: one die of ``colour`` comes out of the bushel (rules, A turn, step 1; DT-D2)."""

    colour: str


@dataclass(frozen=True)
class RollDie(Action):
    """Chance: the unrolled die in hand slot ``die`` shows ``face`` (a roll or a karma re-roll)."""

    die: int
    face: int


# ------------------------------------------------------------------------------------------
# Player decisions
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class PlaceDie(Action):
    """Place rolled die ``die`` (hand slot) on ``owner``'s token ``token`` (0–2): as a seed on an
    empty open token, or added to the vine there (rules, Placement)."""

    die: int
    owner: int
    token: int


@dataclass(frozen=True)
class PassDie(Action):
    """Pass rolled die ``die`` to the next player; allowed only when it has no legal spot."""

    die: int


@dataclass(frozen=True)
class EndTurn(Action):
    """End the turn (every rolled die placed or passed); clean-up follows (rules, Clearing)."""


@dataclass(frozen=True)
class Reroll(Action):
    """Karma 1: re-roll one rolled, unplaced die."""

    die: int


@dataclass(frozen=True)
class Shift(Action):
    """Karma 2: move one rolled, unplaced die by ``delta`` (+1 or -1), staying in 1–6 (DT-D8)."""

    die: int
    delta: int


@dataclass(frozen=True)
class CleanVine(Action):
    """Karma 3: clean a vine: all its dice back to the bushel (own vines only unless the
    "clean any vine" option is on, DT-D9)."""

    owner: int
    token: int


@dataclass(frozen=True)
class RollOver(Action):
    """Karma 4: turn one rolled, unplaced 1 into a 6 or 6 into a 1."""

    die: int


@dataclass(frozen=True)
class FlipSeed(Action):
    """Karma 5: flip the seed die on ``owner``'s token to its opposite face (DT-D10)."""

    owner: int
    token: int


@dataclass(frozen=True)
class SetDie(Action):
    """Karma 6: turn one rolled, unplaced die to any other ``face``."""

    die: int
    face: int


@dataclass(frozen=True)
class ClearVine(Action):
    """Clean-up: the owner clears their vine worth 0 or less (DT-D5)."""

    owner: int
    token: int


@dataclass(frozen=True)
class KeepVine(Action):
    """Clean-up: the owner keeps their vine worth 0 or less (DT-D5)."""

    owner: int
    token: int


KARMA_COSTS = {Reroll: 1, Shift: 2, CleanVine: 3, RollOver: 4, FlipSeed: 5, SetDie: 6}
"""What each karma action costs (rules, Karma)."""

ACTION_CLASSES = (
    StartRoll,
    DrawDie,
    RollDie,
    PlaceDie,
    PassDie,
    EndTurn,
    Reroll,
    Shift,
    CleanVine,
    RollOver,
    FlipSeed,
    SetDie,
    ClearVine,
    KeepVine,
)


# ------------------------------------------------------------------------------------------
# Events
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FirstRollMade(Event):
    """A player rolled ``face`` in the first-player roll."""

    player: int
    face: int

    def text(self, names):
        return _("{name} rolled {face} for the turn order.").format(
            name=_who(names, self.player), face=self.face
        )


@dataclass(frozen=True)
class FirstRollTied(Event):
    """``players`` tied for the lowest roll ``face`` and roll again (DT-D1)."""

    players: tuple
    face: int

    def text(self, names):
        who = list_words([_who(names, p) for p in self.players])
        return _("{names} tied with {face} and roll again.").format(names=who, face=self.face)


@dataclass(frozen=True)
class TurnOrderChosen(Event):
    """``last_player`` takes the last player marker; ``first_player`` begins."""

    last_player: int
    first_player: int

    def text(self, names):
        return _(
            "{last} rolled lowest and takes the last player marker; {first} goes first."
        ).format(last=_who(names, self.last_player), first=_who(names, self.first_player))


@dataclass(frozen=True)
class NextPlayer(Event):
    """Bookkeeping: after clean-up, play moves on to ``player`` (the log shows the
    :class:`TurnStarted` or :class:`GameEnded` that follows instead)."""

    player: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class TurnStarted(BaseTurnStarted):
    """``player`` starts a turn: ``draws`` dice are to come from the bushel, and the ``passed``
    dice passed on last turn by ``passed_by`` (the seat before; ``player`` itself in solo, who
    set them aside) join the hand, unrolled."""

    player: int
    draws: int
    passed: int
    passed_by: int = -1

    def text(self, names):
        name = _who(names, self.player)
        if self.draws == 0 and self.passed:
            # not "drew no dice, plus 3 set aside": the passed dice are the whole hand
            return self._from_passed_only(name, names)
        if self.draws == 0:
            drawn = _("{name} started a turn and drew no dice from the bushel").format(name=name)
        else:
            drawn = ngettext(
                "{name} started a turn and drew {count} die from the bushel",
                "{name} started a turn and drew {count} dice from the bushel",
                self.draws,
            ).format(name=name, count=self.draws)
        if self.passed and self.passed_by == self.player:
            extra = ngettext(
                "{drawn}, plus {count} set aside last turn.",
                "{drawn}, plus {count} set aside last turn.",
                self.passed,
            )
        elif self.passed and self.passed_by >= 0:
            extra = ngettext(
                "{drawn}, plus {count} passed by {giver}.",
                "{drawn}, plus {count} passed by {giver}.",
                self.passed,
            )
        elif self.passed:
            extra = ngettext(
                "{drawn}, plus {count} passed.", "{drawn}, plus {count} passed.", self.passed
            )
        else:
            return _("{drawn}.").format(drawn=drawn)
        return extra.format(drawn=drawn, count=self.passed, giver=_who(names, self.passed_by))

    def _from_passed_only(self, name: str, names) -> str:
        """A turn whose dice are only the passed ones (the bushel gave none)."""
        if self.passed_by == self.player:
            words = ngettext(
                "{name} started a turn with the {count} die set aside last turn; the bushel "
                "gave none.",
                "{name} started a turn with the {count} dice set aside last turn; the bushel "
                "gave none.",
                self.passed,
            )
        elif self.passed_by >= 0:
            words = ngettext(
                "{name} started a turn with the {count} die passed by {giver}; the bushel gave "
                "none.",
                "{name} started a turn with the {count} dice passed by {giver}; the bushel "
                "gave none.",
                self.passed,
            )
        else:
            words = ngettext(
                "{name} started a turn with the {count} die passed; the bushel gave none.",
                "{name} started a turn with the {count} dice passed; the bushel gave none.",
                self.passed,
            )
        return words.format(name=name, count=self.passed, giver=_who(names, self.passed_by))


@dataclass(frozen=True)
class DieDrawn(Event):
    """A die of ``colour`` came out of the bushel into hand slot ``die``."""

    player: int
    die: int
    colour: str

    def text(self, names):
        return _("{name} drew {die}.").format(
            name=_who(names, self.player), die=die_words(self.colour, None)
        )


@dataclass(frozen=True)
class DieRolled(Event):
    """The die in hand slot ``die`` shows ``face``."""

    player: int
    die: int
    colour: str
    face: int

    def text(self, names):
        return _("{name} rolled {die}.").format(
            name=_who(names, self.player), die=die_words(self.colour, self.face)
        )


@dataclass(frozen=True)
class DiePlaced(Event):
    """Hand slot ``die`` went to ``owner``'s token ``token`` at vine position ``position``
    (0 = seed); ``as_seed`` when it started a vine."""

    player: int
    die: int
    colour: str
    face: int
    owner: int
    token: int
    position: int
    as_seed: bool

    def text(self, names):
        words = {
            (True, True): _("{name} placed {die} as a seed on their own {token} token."),
            (True, False): _("{name} placed {die} as a seed on the {token} token of {owner}."),
            (False, True): _("{name} placed {die} on their own {token} vine."),
            (False, False): _("{name} placed {die} on the {token} vine of {owner}."),
        }[(self.as_seed, self.owner == self.player)]
        return words.format(
            name=_who(names, self.player),
            die=die_words(self.colour, self.face),
            token=token_word(self.token),
            owner=_who(names, self.owner),
        )


@dataclass(frozen=True)
class DiePassed(Event):
    """Hand slot ``die`` had no legal spot and goes to ``to_player``."""

    player: int
    die: int
    colour: str
    face: int
    to_player: int

    def text(self, names):
        if self.to_player == self.player:  # solo: it comes back next turn
            words = _("{name} set aside {die} for the next turn: it had no legal spot.")
        else:
            words = _("{name} passed {die} to {receiver}: it had no legal spot.")
        return words.format(
            name=_who(names, self.player),
            die=die_words(self.colour, self.face),
            receiver=_who(names, self.to_player),
        )


@dataclass(frozen=True)
class VineCompleted(Event):
    """A 4th die completed ``owner``'s vine on ``token``; ``harvested`` is False when its
    ``value`` is outside 1–6 (DT-D4)."""

    owner: int
    token: int
    value: int
    harvested: bool

    def text(self, names):
        if self.harvested:
            words = _("The {token} vine of {name} is complete, worth {value}.")
        else:
            words = _(
                "The {token} vine of {name} is complete but worth {value}: it is not harvested."
            )
        return words.format(
            token=token_word(self.token), name=_who(names, self.owner), value=self.value
        )


@dataclass(frozen=True)
class VineHarvested(Event):
    """The seed of ``owner``'s vine on ``token`` moved to score slot ``slot`` (1–6) worth
    ``value``; ``returned`` are the colours of the dice back to the bushel; ``star`` marks a
    Dicey Tomato match."""

    owner: int
    token: int
    value: int
    slot: int
    returned: tuple
    star: bool

    def text(self, names):
        if self.star:
            words = _(
                "{name} harvested a tomato worth {value} into score slot {slot} with a gold star."
            )
        else:
            words = _("{name} harvested a tomato worth {value} into score slot {slot}.")
        return words.format(name=_who(names, self.owner), value=self.value, slot=self.slot)


@dataclass(frozen=True)
class VineCleared(Event):
    """All dice of ``owner``'s vine on ``token`` (colours ``returned``) went back to the bushel;
    ``reason`` is a :class:`ClearReason`: ``"overripe"``, ``"zero"`` (its owner chose at clean-up)
    or ``"cleaned"`` (karma)."""

    owner: int
    token: int
    value: int
    reason: str
    returned: tuple

    def text(self, names):
        if self.reason == ClearReason.OVERRIPE:
            words = _("The {token} vine of {name} was overripe (worth {value}) and was cleared.")
        elif self.reason == ClearReason.ZERO:
            words = _("The {token} vine of {name} was worth {value} and was cleared by its owner.")
        else:
            words = _("The {token} vine of {name} was cleaned with karma.")
        return words.format(
            token=token_word(self.token), name=_who(names, self.owner), value=self.value
        )


@dataclass(frozen=True)
class DecisionsPending(Event):
    """Bookkeeping: at clean-up the owners of ``vines`` (``((owner, token), ...)``, each worth
    0 or less) decide in this order whether to clear them (DT-D5); the table asks them."""

    vines: tuple

    def text(self, names):
        return ""


@dataclass(frozen=True)
class VineKept(Event):
    """The owner kept their vine worth 0 or less (DT-D5)."""

    owner: int
    token: int
    value: int

    def text(self, names):
        return _("{name} kept the {token} vine worth {value}.").format(
            name=_who(names, self.owner), token=token_word(self.token), value=self.value
        )


@dataclass(frozen=True)
class KarmaGained(Event):
    """``player`` gained ``amount`` karma (``lost`` more went over the cap); ``karma`` after.
    ``vine`` is ``(owner, token)`` of the vine whose completion earned it (an opponent's, or
    in solo one's own), ``()`` for another ``reason`` (three karma bits)."""

    player: int
    amount: int
    lost: int
    karma: int
    reason: str
    vine: tuple = ()

    def text(self, names):
        if self.vine:
            owner, token = self.vine
            if owner == self.player:
                reason = _("completing their own {token} vine").format(token=token_word(token))
            else:
                reason = _("completing the {token} vine of {owner}").format(
                    token=token_word(token), owner=_who(names, owner)
                )
        else:
            reason = _(self.reason)
        if self.lost:
            words = ngettext(
                "{name} gained {count} karma for {reason} ({lost} lost over the cap); "
                "karma now {karma}.",
                "{name} gained {count} karma for {reason} ({lost} lost over the cap); "
                "karma now {karma}.",
                self.amount,
            )
        else:
            words = ngettext(
                "{name} gained {count} karma for {reason}; karma now {karma}.",
                "{name} gained {count} karma for {reason}; karma now {karma}.",
                self.amount,
            )
        return words.format(
            name=_who(names, self.player),
            count=self.amount,
            reason=reason,
            lost=self.lost,
            karma=self.karma,
        )


@dataclass(frozen=True)
class KarmaBitGained(Event):
    """``player`` gained a karma bit (now ``bits``) for ``reason``."""

    player: int
    bits: int
    reason: str

    def text(self, names):
        return _("{name} gained a karma bit for {reason} ({bits} of 3).").format(
            name=_who(names, self.player), reason=_(self.reason), bits=self.bits
        )


@dataclass(frozen=True)
class KarmaBitsTraded(Event):
    """Karma Overload: three of ``player``'s karma bits became 1 karma (the
    :class:`KarmaGained` that follows adds it); ``bits`` are left."""

    player: int
    bits: int

    def text(self, names):
        return ""


@dataclass(frozen=True)
class KarmaSpent(Event):
    """``player`` paid ``amount`` karma for ``what`` (now ``karma``)."""

    player: int
    amount: int
    what: str
    karma: int

    def text(self, names):
        return ngettext(
            "{name} spent {count} karma to {what}; karma now {karma}.",
            "{name} spent {count} karma to {what}; karma now {karma}.",
            self.amount,
        ).format(
            name=_who(names, self.player), count=self.amount, what=_(self.what), karma=self.karma
        )


@dataclass(frozen=True)
class KarmaLost(Event):
    """``amount`` karma over the cap of 6 was lost at the end of the turn (DT-D12)."""

    player: int
    amount: int
    karma: int

    def text(self, names):
        return ngettext(
            "{name} lost {count} karma above 6 at the end of the turn; karma now {karma}.",
            "{name} lost {count} karma above 6 at the end of the turn; karma now {karma}.",
            self.amount,
        ).format(name=_who(names, self.player), count=self.amount, karma=self.karma)


@dataclass(frozen=True)
class DieChanged(Event):
    """Karma changed hand slot ``die`` from ``old`` to ``new`` by ``how``."""

    player: int
    die: int
    colour: str
    old: int
    new: int
    how: str

    def text(self, names):
        return _("{name} turned {die} into a {face} ({how}).").format(
            name=_who(names, self.player),
            die=die_words(self.colour, self.old),
            face=self.new,
            how=_(self.how),
        )


@dataclass(frozen=True)
class RerollStarted(Event):
    """Karma: hand slot ``die`` is picked up to be rolled again."""

    player: int
    die: int
    colour: str
    old: int

    def text(self, names):
        return _("{name} re-rolled {die}.").format(
            name=_who(names, self.player), die=die_words(self.colour, self.old)
        )


@dataclass(frozen=True)
class SeedFlipped(Event):
    """The seed on ``owner``'s token flipped from ``old`` to ``new``."""

    player: int
    owner: int
    token: int
    old: int
    new: int

    def text(self, names):
        if self.owner == self.player:
            words = _("{name} flipped the seed on their own {token} token from {old} to {new}.")
        else:
            words = _(
                "{name} flipped the seed on the {token} token of {owner} from {old} to {new}."
            )
        return words.format(
            name=_who(names, self.player),
            token=token_word(self.token),
            owner=_who(names, self.owner),
            old=self.old,
            new=self.new,
        )


@dataclass(frozen=True)
class TurnEnded(Event):
    """``player`` ended the turn; clean-up follows."""

    player: int

    def text(self, names):
        return _("{name} ended the turn.").format(name=_who(names, self.player))


@dataclass(frozen=True)
class FinalRound(Event):
    """``player`` harvested a 6th tomato: the round is the last one."""

    player: int
    last_player: int

    def text(self, names):
        return _(
            "{name} harvested a 6th tomato: final round, ending after the turn of {last}."
        ).format(name=_who(names, self.player), last=_who(names, self.last_player))


@dataclass(frozen=True)
class GameEnded(Event):
    """The game is over; ``reason`` is an :class:`Ending` (``"final"``, ``"bushel"`` or, solo,
    ``"stuck"``); ``winners`` are seats, ``totals`` the score per seat (solo: matched slots)."""

    reason: str
    winners: tuple
    totals: tuple

    def text(self, names):
        if self.reason == Ending.FINAL:
            why = _("Game over: the final round is over.")
        elif self.reason == Ending.STUCK:
            why = _("Game over: the bushel is empty and no die held can ever be placed.")
        elif self.reason == Ending.HARVESTED:
            why = _("Game over: all six tomatoes are harvested.")
        else:
            why = _("Game over: the bushel is empty.")
        if len(self.totals) == 1:
            result = (
                ngettext(
                    "{name} won, {count} slot matched.",
                    "{name} won, {count} slots matched.",
                    self.totals[0],
                )
                if self.winners
                else ngettext(
                    "{name} lost, {count} slot matched.",
                    "{name} lost, {count} slots matched.",
                    self.totals[0],
                )
            )
            return _("{why} {result}").format(
                why=why, result=result.format(name=_who(names, 0), count=self.totals[0])
            )
        who = list_words([_who(names, p) for p in self.winners])
        result = ngettext("{names} wins.", "{names} win.", len(self.winners)).format(names=who)
        return _("{why} {result}").format(why=why, result=result)


EVENT_CLASSES = (
    FirstRollMade,
    FirstRollTied,
    TurnOrderChosen,
    NextPlayer,
    TurnStarted,
    DieDrawn,
    DieRolled,
    DiePlaced,
    DiePassed,
    VineCompleted,
    VineHarvested,
    VineCleared,
    DecisionsPending,
    VineKept,
    KarmaGained,
    KarmaBitGained,
    KarmaBitsTraded,
    KarmaSpent,
    KarmaLost,
    DieChanged,
    RerollStarted,
    SeedFlipped,
    TurnEnded,
    FinalRound,
    GameEnded,
)
"""Every event Diced Tomatoes emits; :mod:`engine.diced_tomatoes.events` plays each one."""


# ------------------------------------------------------------------------------------------
# The state
# ------------------------------------------------------------------------------------------
class DicedTomatoesState:
    """A Diced Tomatoes position, on the engine contract (engine/core.py, GameState).

    The fields below are plain data. :func:`engine.diced_tomatoes.rules.setup` fills a new game;
    from then on only events change them (:func:`engine.diced_tomatoes.events.play_event`).
    Build one with ``GAME.new_state`` (engine/diced_tomatoes/__init__.py) or the notation.
    """

    num_players: int
    """1 to 6 (1 is the single-player mode)."""
    options: dict[str, bool]
    """``{name: on}`` for every name of :data:`OPTION_NAMES`; never changed after set-up."""
    phase: Phase
    active: int | None
    """The seat whose turn it is (``None`` during the first-player roll)."""
    last_player: int | None
    """The last player marker's seat (``None`` until the first-player roll is decided)."""
    rollers: tuple[int, ...]
    """Seats rolling for the turn order (DT-D1); ``()`` once it is decided."""
    rolls: list[int]
    """What the rollers rolled so far, in seat order."""
    karma: list[int]
    bits: list[int]
    """Karma and karma bits (Karma Overload) per seat."""
    first_six: int | None
    """The first seat to harvest a 6th tomato (+2 points), or ``None``."""
    final_round: bool
    """True once any player harvested a 6th tomato."""
    bushel: dict[str, int]
    """Dice left by colour, ``{"r": n, "b": n, "g": n}``."""
    to_draw: int
    """Dice still to draw from the bushel this turn (each draw is a chance node)."""
    hand: list[Die | UnrolledDie | None]
    """The active player's dice this turn by slot: a rolled :class:`Die`, an
    :class:`UnrolledDie` while chance rolls it, or ``None`` once placed or passed."""
    passed: list[str]
    """Colours of the dice passed on, rolled by the next player."""
    vines: list[list[list[Die]]]
    """``vines[seat][token]``: the dice on that tomato token, seed first, in placement order."""
    score: list[list[int]]
    """``score[seat]``: harvested values, slot 1 first (each slot holds that vine's red seed)."""
    pending: list[tuple[int, int]]
    """Clean-up decisions still to take, ``[(owner, token), ...]`` (DT-D5)."""
    ended: Ending | None
    """Why the game ended, or ``None`` while it goes on."""

    __slots__ = (
        "num_players",
        "options",
        "phase",
        "active",
        "last_player",
        "rollers",
        "rolls",
        "karma",
        "bits",
        "first_six",
        "final_round",
        "bushel",
        "to_draw",
        "hand",
        "passed",
        "vines",
        "score",
        "pending",
        "ended",
    )

    def __init__(self, num_players: int, options: dict | None = None):
        """A new game (rules, Setup); ``ValueError`` for a bad player count or option."""
        _rules.setup(self, num_players, options or {})

    # --- contract ------------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        """True in the single-player mode."""
        return self.num_players == 1

    def current_player(self) -> int:
        """A seat, CHANCE (draws, rolls, re-rolls, first-player roll) or TERMINAL."""
        phase = self.phase
        if phase == TURN:
            if self.to_draw:
                return CHANCE
            for die in self.hand:
                if die is not None and die.face is None:
                    return CHANCE
            return self.turn_owner()
        if phase == CLEANUP:
            return self.pending[0][0]
        if phase == START:
            return CHANCE
        return TERMINAL

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list:
        """The current player's actions in a stable order (rules.legal_actions)."""
        return _rules.legal_actions(self)

    def chance_outcomes(self) -> list:
        """``[(action, probability), ...]`` at a chance node, else ``[]``."""
        return _rules.chance_outcomes(self)

    def apply_action(self, action: Action) -> list:
        """Apply ``action`` and return the events; raises IllegalAction (state unchanged)."""
        return _rules.apply_action(self, action)

    def returns(self) -> list:
        """1.0 for each winner, 0.0 for the others (solo: 1.0 for a win)."""
        winners = set(self.score_sheet()["winners"])
        return [1.0 if p in winners else 0.0 for p in range(self.num_players)]

    def score_sheet(self) -> dict:
        """The score sheet (engine/core.py GameState docstring), see rules.score_sheet."""
        return _rules.score_sheet(self)

    def observation(self, player: int) -> DicedTomatoesState:
        """Diced Tomatoes hides nothing (the bushel is a public count): a copy of the state."""
        return self.clone()

    def action_to_string(self, action: Action, names: Sequence[str] | None = None) -> str:
        """The action in plain words, e.g. "Place the red 4 as a seed on your top token"."""
        return _rules.describe_action(self, action, names)

    def turn_owner(self) -> int:
        """Whose turn this is, even while an owner decides at clean-up (GameSpec.turn_owner)."""
        return self.active if self.active is not None else 0

    def opening_turn(self) -> int | None:
        """Asked of the state the game is set up in: the seat whose turn the set-up itself
        opens, which no :class:`TurnStarted` announces (solo play begins in the player's first
        turn, rules "Single-player mode"), or None (the first-player roll starts the first
        turn). :meth:`engine.match.Match.turns_by_seat` counts it."""
        return self.active if self.phase == TURN else None

    # --- copies and plain data -----------------------------------------------------------
    def clone(self) -> DicedTomatoesState:
        copy = object.__new__(DicedTomatoesState)
        copy.num_players = self.num_players
        copy.options = self.options  # never mutated after set-up
        copy.phase = self.phase
        copy.active = self.active
        copy.last_player = self.last_player
        copy.rollers = self.rollers
        copy.rolls = list(self.rolls)
        copy.karma = list(self.karma)
        copy.bits = list(self.bits)
        copy.first_six = self.first_six
        copy.final_round = self.final_round
        copy.bushel = dict(self.bushel)
        copy.to_draw = self.to_draw
        copy.hand = list(self.hand)
        copy.passed = list(self.passed)
        copy.vines = [[list(vine) for vine in seat] for seat in self.vines]
        copy.score = [list(track) for track in self.score]
        copy.pending = list(self.pending)
        copy.ended = self.ended
        return copy

    def to_dict(self) -> dict:
        """Plain JSON-able data; :meth:`from_dict` inverts it. Its shape is the save format:
        keep it unchanged (old saves replay their history and compare with it)."""
        return {
            "num_players": self.num_players,
            "options": {k: self.options[k] for k in OPTION_NAMES},
            "phase": self.phase._value_,  # the plain text (.value is slow on 3.11)
            "active": self.active,
            "last_player": self.last_player,
            "rollers": list(self.rollers),
            "rolls": list(self.rolls),
            "karma": list(self.karma),
            "bits": list(self.bits),
            "first_six": self.first_six,
            "final_round": self.final_round,
            "bushel": {c: self.bushel[c] for c in COLOURS},
            "to_draw": self.to_draw,
            "hand": [None if die is None else list(die) for die in self.hand],
            "passed": list(self.passed),
            "vines": [[[list(die) for die in vine] for vine in seat] for seat in self.vines],
            "score": [list(track) for track in self.score],
            "pending": [list(spot) for spot in self.pending],
            "ended": None if self.ended is None else self.ended._value_,
        }

    @classmethod
    def from_dict(cls, data: dict) -> DicedTomatoesState:
        """Rebuild a state from :meth:`to_dict` output; ``KeyError``/``ValueError`` if damaged."""
        state = object.__new__(cls)
        state.num_players = int(data["num_players"])
        state.options = {k: bool(data["options"].get(k, False)) for k in OPTION_NAMES}
        state.phase = _PHASES.get(data["phase"]) or _unknown("phase", data["phase"])
        state.active = data["active"]
        state.last_player = data["last_player"]
        state.rollers = tuple(data["rollers"])
        state.rolls = list(data["rolls"])
        state.karma = list(data["karma"])
        state.bits = list(data["bits"])
        state.first_six = data["first_six"]
        state.final_round = bool(data["final_round"])
        state.bushel = {c: int(data["bushel"].get(c, 0)) for c in COLOURS}
        state.to_draw = int(data["to_draw"])
        state.hand = [None if die is None else die_from_list(die) for die in data["hand"]]
        state.passed = list(data["passed"])
        shared = _ROLLED.get  # :func:`rolled`, inlined: saves hold many dice
        state.vines = [
            [
                [shared((colour, face)) or Die(colour, face) for colour, face in vine]
                for vine in seat
            ]
            for seat in data["vines"]
        ]
        state.score = [list(track) for track in data["score"]]
        state.pending = [(owner, token) for owner, token in data["pending"]]
        ended = data["ended"]
        state.ended = None if ended is None else _ENDINGS.get(ended) or _unknown("ending", ended)
        if len(state.vines) != state.num_players or len(state.score) != state.num_players:
            raise ValueError(_("the vines and score tracks do not match the number of players"))
        return state

    def __eq__(self, other) -> bool:
        if not isinstance(other, DicedTomatoesState):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        from engine.diced_tomatoes.notation import format_position

        return f"<DicedTomatoesState {format_position(self)}>"

    # --- helpers for the table scene (all derived from the rules) ------------------------
    def rolled_dice(self) -> list:
        """``[(slot, colour, face), ...]`` for the active player's rolled, unplaced dice."""
        return [
            (slot, die.colour, die.face)
            for slot, die in enumerate(self.hand)
            if isinstance(die, Die)
        ]

    def targets_for_die(self, die: int) -> list:
        """``[(owner, token), ...]`` where hand slot ``die`` may be placed now (empty if none,
        or if it is not a player's placement moment)."""
        if self.current_player() != self.active or self.phase != TURN:
            return []
        return _rules.die_targets(self, die)

    def must_pass(self, die: int) -> bool:
        """True when hand slot ``die`` may be passed now: it is rolled and unplaced, and no die
        in the hand has a legal spot (passing comes last)."""
        return PassDie(die) in self.legal_actions()

    def dice_to_pass(self) -> list:
        """Hand slots of the rolled dice that may be passed now (all of them once no die has a
        legal spot, else none)."""
        return [a.die for a in self.legal_actions() if isinstance(a, PassDie)]

    def placeable_dice(self) -> list:
        """Hand slots of rolled dice that have at least one legal spot."""
        return sorted({a.die for a in self.legal_actions() if isinstance(a, PlaceDie)})

    def karma_actions(self) -> dict:
        """Karma actions available now, by kind: ``{"reroll": [Reroll(..)], "shift": [...],
        "clean": [...], "roll_over": [...], "flip": [...], "set": [...]}`` (only affordable,
        legal ones; empty lists otherwise)."""
        kinds = {
            Reroll: "reroll",
            Shift: "shift",
            CleanVine: "clean",
            RollOver: "roll_over",
            FlipSeed: "flip",
            SetDie: "set",
        }
        out: dict[str, list] = {name: [] for name in kinds.values()}
        for action in self.legal_actions():
            kind = kinds.get(type(action))
            if kind:
                out[kind].append(action)
        return out

    def karma_actions_for_die(self, die: int) -> list:
        """Legal karma actions that target hand slot ``die``."""
        return [
            action
            for action in self.legal_actions()
            if type(action) in (Reroll, Shift, RollOver, SetDie) and action.die == die
        ]

    def karma_actions_for_vine(self, owner: int, token: int) -> list:
        """Legal karma actions (clean, flip) that target ``owner``'s token ``token``."""
        return [
            action
            for action in self.legal_actions()
            if type(action) in (CleanVine, FlipSeed)
            and action.owner == owner
            and action.token == token
        ]

    def end_turn_refusal(self) -> str | None:
        """``None`` when End turn is allowed now, else the reason in plain words."""
        return _rules.end_turn_refusal(self)

    def pending_cleanup(self) -> tuple | None:
        """``(owner, token)`` of the vine worth 0 or less whose owner decides now, else None."""
        return self.pending[0] if self.phase == CLEANUP and self.pending else None

    def vine_value(self, owner: int, token: int) -> int:
        """The vine's value: seed face − blacks + golds (0 for an empty token)."""
        return _rules.vine_value(self.vines[owner][token])

    def vine_kind(self, owner: int, token: int) -> str:
        """``"empty"``, ``"seed"``, ``"set"`` or ``"sequence"``."""
        return _rules.vine_kind(self.vines[owner][token])

    def token_open(self, owner: int, token: int) -> bool:
        """True when ``owner``'s token is empty and open for a seed (DT-D3)."""
        return _rules.token_open(self, owner, token)

    def karma_cap(self) -> int:
        """The karma ceiling right now: 6, or 12 during a turn with the 2023 update."""
        return _rules.karma_cap(self)

    def bushel_size(self) -> int:
        """Dice left in the bushel."""
        return sum(self.bushel.values())

    def slot_stars(self, player: int) -> list:
        """Per filled score slot, True when it shows a gold star: a matched slot (its value is
        its number) under Dicey Tomato Rules, or in the single-player mode, whose goal it is."""
        shown = self.options["dicey"] or self.solo
        matched = _rules.matched_slots(self.score[player])
        return [shown and slot in matched for slot in range(1, len(self.score[player]) + 1)]

    def matched_slots(self, player: int) -> int:
        """How many score slots hold a value equal to their number (stars / solo goal)."""
        return len(_rules.matched_slots(self.score[player]))


from engine.diced_tomatoes import rules as _rules  # noqa: E402  (rules imports this module)
