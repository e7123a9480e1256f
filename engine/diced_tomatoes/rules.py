"""The rules of Diced Tomatoes, as ``docs/rules/diced_tomatoes.md`` states them.

Read this module top to bottom to learn the game: setup, a turn, placement, harvest, karma,
clean-up, the end, scoring and the single-player mode, then how moves are listed and checked.

The game in one paragraph
-------------------------
Everybody shares a **bushel** of dice (11 red and 2 black per player, plus 1 gold per player with
Sunny Golden Hybrid). Each player has 3 **tomato tokens**. On your turn you draw 3 dice from the
bushel (plus any dice passed to you), roll them, and place every one you can: as a **seed** on an
empty *open* token of *any* player, or added to any player's **vine** so that the vine stays a
**set** (all the same face) or a **sequence** (distinct consecutive faces). Passing comes last:
only when no die in your hand has a legal spot are the rest **passed** to the next player (placing
one die can open a spot for another). A vine is complete with its 4th die; if its **value** (seed
face, −1 per black die, +1 per gold die) is 1–6 its owner **harvests** it at once: the seed moves
to the owner's next **score slot**, the other dice go back to the bushel. Completing an
*opponent's* vine earns you **karma**, which you spend during your turn to bend the dice (re-roll,
shift, roll over, set), clean one of your vines or flip a seed. At the end of the turn overripe
vines (worth more than 6) are cleared and the owners of vines worth 0 or less decide whether to
clear them. The first 6th harvest starts the final round; the highest score wins. Alone, you try
to harvest slot *n* with a vine worth exactly *n*.

How the rules change the state
------------------------------
The rules read the state to decide what happens, then :func:`emit` an event saying it; the
event's effect is written once, in :mod:`engine.diced_tomatoes.events`. So a step's events,
applied one by one, give the state after it, and the table scene animates them with the same code.
Every move is checked first (the ``_refusal`` functions return the reason a player would read)
and only then played, so a refused move changes nothing.

Where the sources are silent (numbered decisions of the rules file)
------------------------------------------------------------------
* DT-D1 ties in the first-player roll re-roll among the tied (:func:`_apply_start_roll`).
* DT-D2 draws are chance nodes weighted by the colours left (:func:`chance_outcomes`).
* DT-D3 a token is open while harvests + vines < 6; option "open = empty"
  (:func:`room_for_new_vine`). With that option a player whose score track is full takes no more
  dice at all.
* DT-D4 a complete vine worth ≤ 0 or ≥ 7 is not harvested and earns no karma
  (:func:`_complete_vine`); clean-up deals with it.
* DT-D5 the owner of a vine worth ≤ 0 decides at clean-up: the actions ``ClearVine`` /
  ``KeepVine`` are taken by that owner (``current_player()`` is the owner, the turn still
  belongs to the active player).
* DT-D6 karma bits: every die placed on an opponent's vine and every die passed to the next
  player (:func:`_gain_bit`). In solo there is no opponent to pass to: a die set aside comes
  back to you and earns no bit (rules, "Single-player mode").
* DT-D7 karma 0–6, excess lost; DT-D12 up to 12 inside your turn (:func:`karma_cap`).
* DT-D8 shift ±1 without wrap; DT-D9 clean your own vines (option: any);
  DT-D10 flip any seed whose vine stays a set or sequence (:func:`flip_keeps_vine`). A complete
  vine can never pass that test, so flips only touch growing vines.
* DT-D11 tied totals share the win (:func:`score_sheet`).
* Solo: the single player needs no first-player roll; they are first and last player. The game
  always ends: with an empty bushel and no held die that could ever be placed, it is lost at the
  end of that turn (:func:`_can_ever_be_placed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.core import CHANCE, IllegalAction, emitter
from engine.diced_tomatoes.events import play_event
from engine.diced_tomatoes.state import (
    CLEANUP,
    COLOURS,
    FACES,
    KARMA_COSTS,
    OPTION_NAMES,
    OVER,
    SLOTS,
    START,
    TOKENS,
    TURN,
    CleanVine,
    ClearReason,
    ClearVine,
    DecisionsPending,
    DicedTomatoesState,
    Die,
    DieChanged,
    DieDrawn,
    DiePassed,
    DiePlaced,
    DieRolled,
    DrawDie,
    Ending,
    EndTurn,
    FinalRound,
    FirstRollMade,
    FirstRollTied,
    FlipSeed,
    GameEnded,
    KarmaBitGained,
    KarmaBitsTraded,
    KarmaGained,
    KarmaLost,
    KarmaSpent,
    KeepVine,
    NextPlayer,
    PassDie,
    PlaceDie,
    Reroll,
    RerollStarted,
    RollDie,
    RollOver,
    SeedFlipped,
    SetDie,
    Shift,
    StartRoll,
    TurnEnded,
    TurnOrderChosen,
    TurnStarted,
    VineCleared,
    VineCompleted,
    VineHarvested,
    VineKept,
    colour_word,
    seat_name,
    the_die_words,
    token_word,
)
from translation import N_, _, ngettext

emit = emitter(play_event)


# ==========================================================================================
# Setup (rules, Setup; Players and variants)
# ==========================================================================================
RED_PER_PLAYER = 11
BLACK_PER_PLAYER = 2
GOLD_PER_PLAYER = 1  # only with Sunny Golden Hybrid
START_KARMA = 3
DICE_PER_TURN = 3


def dice_per_player(options: dict) -> int:
    """13 dice per player, 14 with Sunny Golden Hybrid (rules, Setup)."""
    return RED_PER_PLAYER + BLACK_PER_PLAYER + (GOLD_PER_PLAYER if options.get("golden") else 0)


def full_bushel(num_players: int, options: dict) -> dict:
    """The bushel at setup: ``{"r": 11n, "b": 2n, "g": n or 0}``."""
    return {
        "r": RED_PER_PLAYER * num_players,
        "b": BLACK_PER_PLAYER * num_players,
        "g": GOLD_PER_PLAYER * num_players if options.get("golden") else 0,
    }


def setup(state: DicedTomatoesState, num_players: int, options: dict) -> None:
    """Fill the new ``state`` with a game (rules, Setup); its fields are declared in the class.

    Each player gets 3 empty tokens, an empty score track, karma 3 and no bits; all dice go to the
    bushel. With 2+ players the first-player roll follows (a chance node, DT-D1). The single
    player simply starts: they are both first and last player. Raises ``ValueError`` for a bad
    player count or unknown option.
    """
    if not 1 <= num_players <= 6:
        raise ValueError(
            _("Diced Tomatoes is played by 1 to 6 players, not {count}.").format(count=num_players)
        )
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        raise ValueError(
            _("Diced Tomatoes has no option {name!r}.").format(name=sorted(unknown)[0])
        )
    state.num_players = num_players
    state.options = {name: bool(options.get(name, False)) for name in OPTION_NAMES}
    state.phase = START
    state.active = None
    state.last_player = None
    state.rollers = tuple(range(num_players))
    state.rolls = []
    state.karma = [START_KARMA] * num_players
    state.bits = [0] * num_players
    state.first_six = None
    state.final_round = False
    state.bushel = full_bushel(num_players, state.options)
    state.to_draw = 0
    state.hand = []
    state.passed = []
    state.vines = [[[] for _ in range(TOKENS)] for _ in range(num_players)]
    state.score = [[] for _ in range(num_players)]
    state.pending = []
    state.ended = None
    if num_players == 1:
        opening: list = []  # nobody reads these: the game starts here
        emit(state, opening, TurnOrderChosen(0, 0))
        _start_turn(state, 0, opening)


def _apply_start_roll(state: DicedTomatoesState, face: int, events: list) -> None:
    """One die of the first-player roll. When everyone has rolled, the lowest roller becomes the
    last player and the next seat starts; a tie for lowest re-rolls among the tied (DT-D1)."""
    emit(state, events, FirstRollMade(state.rollers[len(state.rolls)], face))
    if len(state.rolls) < len(state.rollers):
        return
    lowest = min(state.rolls)
    tied = tuple(
        seat for seat, rolled in zip(state.rollers, state.rolls, strict=True) if rolled == lowest
    )
    if len(tied) > 1:
        emit(state, events, FirstRollTied(tied, lowest))
        return
    last = tied[0]
    first = (last + 1) % state.num_players
    emit(state, events, TurnOrderChosen(last, first))
    _start_turn(state, first, events)


# ==========================================================================================
# A turn (rules, A turn)
# ==========================================================================================
def _start_turn(state: DicedTomatoesState, player: int, events: list) -> None:
    """Start ``player``'s turn: the passed dice join the hand and up to 3 dice are to be drawn
    (chance nodes), then everything is rolled (chance nodes).

    The game ends at once instead if the bushel is empty (rules, End of the game); in solo only
    when no passed die is waiting, or none of them could ever be placed (Single-player mode).
    """
    left = state.bushel_size()
    if left == 0 and (not state.solo or not state.passed):
        _end_game(state, Ending.BUSHEL, events)
        return
    if left == 0 and not _can_ever_be_placed(state, state.passed):
        _end_game(state, Ending.STUCK, events)
        return
    passed_by = (player - 1) % state.num_players  # the seat before (yourself in solo)
    emit(
        state,
        events,
        TurnStarted(
            player, min(DICE_PER_TURN, left), len(state.passed), passed_by if state.passed else -1
        ),
    )


def next_player(state: DicedTomatoesState) -> int:
    """The seat after the active one (yourself in solo)."""
    return (state.turn_owner() + 1) % state.num_players


def chance_outcomes(state: DicedTomatoesState) -> list:
    """``[(action, probability), ...]`` at a chance node: the first-player roll, a draw from the
    bushel (weighted by the colours left, DT-D2), or the roll of the first unrolled die."""
    if state.phase == START:
        return [(_act(StartRoll, face), 1 / 6) for face in FACES]
    if state.phase != TURN:
        return []
    if state.to_draw:
        left = state.bushel_size()
        return [
            (_act(DrawDie, colour), state.bushel[colour] / left)
            for colour in COLOURS
            if state.bushel[colour]
        ]
    slot = _first_unrolled(state)
    if slot is None:
        return []
    return [(_act(RollDie, slot, face), 1 / 6) for face in FACES]


def _first_unrolled(state: DicedTomatoesState) -> int | None:
    """The hand slot of the first die drawn (or picked up to re-roll) but not rolled yet."""
    for slot, die in enumerate(state.hand):
        if die is not None and die.face is None:
            return slot
    return None


def _chance_refusal(state: DicedTomatoesState, action) -> str | None:
    """Why a chance outcome cannot happen now (tests and replays pick outcomes by hand)."""
    if state.current_player() != CHANCE:
        return _("Nothing is left to chance right now.")
    if isinstance(action, StartRoll):
        if state.phase != START:
            return _("The turn order is already decided.")
        return None if is_face(action.face) else _("A die shows 1 to 6.")
    if isinstance(action, DrawDie):
        if not state.to_draw:
            return _("No die is being drawn now.")
        if action.colour not in COLOURS or state.bushel[action.colour] <= 0:
            return _("The bushel holds no die of that colour.")
        return None
    if state.to_draw:
        return _("The dice are still being drawn.")
    first = _first_unrolled(state)
    if first is None:
        return _("No die is waiting to be rolled; the turn order is rolled for first.")
    if action.die != first:
        return _("That die is not the one being rolled.")
    return None if is_face(action.face) else _("A die shows 1 to 6.")


def is_face(face: int) -> bool:
    """A die shows 1 to 6."""
    return 1 <= face <= 6


def _unplaced(state: DicedTomatoesState, slot: int) -> Die | None:
    """The rolled, unplaced die in hand slot ``slot``, or None."""
    if 0 <= slot < len(state.hand):
        die = state.hand[slot]
        if isinstance(die, Die):
            return die
    return None


def _pass_refusal(state: DicedTomatoesState, action: PassDie) -> str | None:
    """Passing comes last (A turn, step 3): a die may be passed only when no die in the hand
    has a legal spot; placing one die can open a spot for another, which then must be placed."""
    passed = _unplaced(state, action.die)
    if passed is None:
        return _("That die is not one of your rolled, unplaced dice.")
    table = spot_table(state)
    if any(spot.takes(passed.colour, passed.face) for spot in table):
        if state.solo:
            return _(
                "A die that has a legal spot must be placed; only a die with none is set aside."
            )
        return _("A die that has a legal spot must be placed; only a die with none is passed.")
    for slot in range(len(state.hand)):
        die = _unplaced(state, slot)
        if die is not None and any(spot.takes(die.colour, die.face) for spot in table):
            if state.solo:
                words = _(
                    "Place {die} first: dice are set aside only when none of your dice has a "
                    "legal spot."
                )
            else:
                words = _(
                    "Place {die} first: dice are passed only when none of your dice has a "
                    "legal spot."
                )
            return words.format(die=_hand_die(state, slot))
    return None


def _pass(state: DicedTomatoesState, action: PassDie, events: list) -> None:
    """The die goes to the next player, who rolls it with their own; with Karma Overload the
    passer earns a karma bit (DT-D6). In solo the die is set aside and comes back to the same
    player: no opponent is given a die, so no bit is earned (rules, "Single-player mode")."""
    player = state.turn_owner()
    die = _unplaced(state, action.die)
    assert die is not None, "checked by _pass_refusal"
    emit(state, events, DiePassed(player, action.die, die.colour, die.face, next_player(state)))
    if state.options["overload"] and not state.solo:
        _gain_bit(state, player, N_("passing a die"), events)


def end_turn_refusal(state: DicedTomatoesState) -> str | None:
    """None when the active player may end the turn now, else why not: every rolled die must be
    placed or passed first."""
    if state.phase != TURN or state.current_player() != state.active:
        if state.phase == CLEANUP:
            # the decision is the one asked now (a play-tester's Enter did nothing, unexplained)
            return _(
                "The turn is over: first choose, for each vine worth 0 or less, whether to "
                "clear it or keep it."
            )
        if state.phase == OVER:
            return _("The game is over.")
        return _("Wait for the dice to be drawn and rolled.")
    left = sum(1 for die in state.hand if die is not None)
    if left:
        if state.solo:
            words = ngettext(
                "Every rolled die must be placed or set aside before the turn ends ({count} left).",
                "Every rolled die must be placed or set aside before the turn ends ({count} left).",
                left,
            )
        else:
            words = ngettext(
                "Every rolled die must be placed or passed before the turn ends ({count} left).",
                "Every rolled die must be placed or passed before the turn ends ({count} left).",
                left,
            )
        return words.format(count=left)
    return None


# ==========================================================================================
# Placement (rules, Placement)
# ==========================================================================================
def vine_kind(vine: Sequence[Die]) -> str:
    """``"empty"``, ``"seed"`` (one die), ``"set"`` (all faces equal) or ``"sequence"``.

    ``vine`` is a list of :class:`Die`. A vine's second die fixes whether it is a set or a
    sequence for good.
    """
    if not vine:
        return "empty"
    if len(vine) == 1:
        return "seed"
    return "set" if vine[0].face == vine[1].face else "sequence"


def is_set_or_sequence(faces: Sequence[int]) -> bool:
    """True when ``faces`` are all equal (a set), or distinct and consecutive in some order (a
    sequence; no wrap from 6 to 1). The one test a vine must pass after every die."""
    distinct = set(faces)
    if len(distinct) == 1:
        return True
    return len(distinct) == len(faces) and max(faces) - min(faces) == len(faces) - 1


_ACCEPTED: dict = {}


def accepted_faces(vine: Sequence[Die]) -> tuple:
    """The faces a die may show to be *added* to ``vine`` (1–3 dice): those with which the vine
    is still a set or a sequence; ``()`` for an empty or complete vine.

    So a lone seed takes the same face (becoming a set) or one away (a sequence); a set takes
    only its face; a sequence one below its lowest or one above its highest face (the seed may
    end up in the middle), never a duplicate, never wrapping 6 → 1. Colours do not matter:
    black and gold dice fit by their face like any die. Kept per vine in a table (the answer
    never changes), because listing moves asks it for every token.
    """
    key = tuple(vine)
    faces = _ACCEPTED.get(key)
    if faces is None:
        if 1 <= len(vine) <= 3:
            grown = [die.face for die in vine]
            faces = tuple(face for face in FACES if is_set_or_sequence(grown + [face]))
        else:
            faces = ()
        _ACCEPTED[key] = faces
    return faces


def fits(vine: Sequence[Die], face: int) -> bool:
    """Can a die showing ``face`` be added to ``vine``? (see :func:`accepted_faces`)"""
    return face in accepted_faces(vine)


def can_seed(colour: str) -> bool:
    """Only red dice can be seeds; black and gold dice can only be added to vines."""
    return colour == "r"


def score_track_full(state: DicedTomatoesState, owner: int) -> bool:
    """A player with 6 harvests takes no more dice (only possible with "open = empty")."""
    return len(state.score[owner]) >= SLOTS


def room_for_new_vine(state: DicedTomatoesState, owner: int) -> bool:
    """May a new vine be seeded on ``owner``'s empty tokens? (DT-D3)

    Yes while the owner's harvested count plus active vines is below 6, so nobody holds more
    vines than free score slots. With the "open = empty" option every empty token is open, as
    long as the owner's score track still has a free slot.
    """
    harvested = len(state.score[owner])
    if state.options["open_empty"]:
        return harvested < SLOTS
    vines = TOKENS - state.vines[owner].count([])  # tokens that are not empty
    return harvested + vines < SLOTS


def token_open(state: DicedTomatoesState, owner: int, token: int) -> bool:
    """Is ``owner``'s token empty and open for a seed? (DT-D3, :func:`room_for_new_vine`)"""
    return not state.vines[owner][token] and room_for_new_vine(state, owner)


@dataclass(slots=True)
class Spot:
    """What one tomato token takes now: ``seed_open`` when it is empty and open (a red die of
    any face may seed it), ``faces`` the faces its vine takes (``()`` for none)."""

    owner: int
    token: int
    seed_open: bool
    faces: tuple

    def takes(self, colour: str, face: int) -> bool:
        """Can a die of ``colour`` showing ``face`` go here?"""
        return (self.seed_open and can_seed(colour)) or face in self.faces


def spot_table(state: DicedTomatoesState) -> list:
    """Every token that takes a die now, in seat then token order, as a :class:`Spot`: the
    placement rules computed once per position, so listing moves stays fast. A closed empty
    token, a complete vine and the vines of a player whose score track is full take nothing
    and are left out."""
    table = []
    for owner in range(state.num_players):
        room = room_for_new_vine(state, owner)
        full = score_track_full(state, owner)
        for token, vine in enumerate(state.vines[owner]):
            if not vine:
                if room:
                    table.append(Spot(owner, token, True, ()))
            elif not full:
                faces = accepted_faces(vine)
                if faces:
                    table.append(Spot(owner, token, False, faces))
    return table


def can_place(state: DicedTomatoesState, colour: str, face: int, owner: int, token: int) -> bool:
    """Can this die go on ``owner``'s token: as a seed (red, empty open token) or added to the
    vine there?"""
    return any(
        spot.owner == owner and spot.token == token and spot.takes(colour, face)
        for spot in spot_table(state)
    )


def die_targets(state: DicedTomatoesState, slot: int) -> list:
    """``[(owner, token), ...]`` where rolled hand die ``slot`` may go now, seat order then
    token order; ``[]`` for a placed, passed or unrolled die."""
    die = _unplaced(state, slot)
    if die is None:
        return []
    return [
        (spot.owner, spot.token) for spot in spot_table(state) if spot.takes(die.colour, die.face)
    ]


def _is_token(state: DicedTomatoesState, owner: int, token: int) -> bool:
    return 0 <= owner < state.num_players and 0 <= token < TOKENS


def _placement_refusal(state: DicedTomatoesState, action: PlaceDie) -> str | None:
    """Why the die cannot go there (rules, Placement), or None."""
    die = _unplaced(state, action.die)
    if die is None:
        return _("That die is not one of your rolled, unplaced dice.")
    if not _is_token(state, action.owner, action.token):
        return _("There is no such tomato token.")
    vine = state.vines[action.owner][action.token]
    if not vine:
        if not can_seed(die.colour):
            return _("A {colour} die can never be a seed; add it to a vine.").format(
                colour=colour_word(die.colour)
            )
        if not token_open(state, action.owner, action.token):
            return _(
                "That token is not open: a player may not hold more vines than free score slots."
            )
        return None
    if score_track_full(state, action.owner):
        return _("That player's score track is full; their vines take no more dice.")
    if len(vine) >= 4:
        return _("That vine is complete; it takes no more dice.")
    if not fits(vine, die.face):
        seed = vine[0].face
        kind = vine_kind(vine)
        if kind == "seed":
            return _(
                "A {face} does not fit a lone seed {seed}: it must be equal or one away."
            ).format(face=die.face, seed=seed)
        if kind == "set":
            return _("That vine is a set of {seed}s; it takes only another {seed}.").format(
                seed=seed
            )
        return _(
            "That vine is a sequence; it takes only one below its lowest or one above its "
            "highest face."
        )
    return None


def _place(state: DicedTomatoesState, action: PlaceDie, events: list) -> None:
    """Put the die on the token; Karma Overload gives a bit for a die placed on an opponent's
    vine (DT-D6); a 4th die completes the vine."""
    player = state.turn_owner()
    die = _unplaced(state, action.die)
    assert die is not None, "checked by _placement_refusal"
    vine = state.vines[action.owner][action.token]
    emit(
        state,
        events,
        DiePlaced(
            player,
            action.die,
            die.colour,
            die.face,
            action.owner,
            action.token,
            len(vine),
            not vine,
        ),
    )
    if state.options["overload"] and action.owner != player:
        _gain_bit(state, player, N_("a die on an opponent's vine"), events)
    if len(state.vines[action.owner][action.token]) == 4:
        _complete_vine(state, action.owner, action.token, events)


# ==========================================================================================
# Vine value and harvest (rules, Vine value and harvest)
# ==========================================================================================
def vine_value(vine: Sequence[Die]) -> int:
    """Seed face − 1 per black die + 1 per gold die (0 for an empty token)."""
    if not vine:
        return 0
    value = vine[0].face
    for die in vine:
        if die.colour == "b":
            value -= 1
        elif die.colour == "g":
            value += 1
    return value


def is_harvestable(value: int) -> bool:
    """A complete vine worth 1 to 6 is harvested at once."""
    return 1 <= value <= 6


def is_overripe(value: int) -> bool:
    """A vine worth more than 6 is overripe: cleared at the end of the turn (rules, Clearing)."""
    return value > 6


def is_worthless(value: int) -> bool:
    """A vine worth 0 or less is never harvested; its owner may clear it at clean-up (DT-D5)."""
    return value <= 0


def _complete_vine(state: DicedTomatoesState, owner: int, token: int, events: list) -> None:
    """The 4th die is on ``owner``'s vine: harvest it at once if worth 1–6 (the seed to the next
    score slot, the rest to the bushel), earning the active player karma for an opponent's vine
    by the value harvested, or in solo for their own vine by its seed value (the seed die's
    face, whatever black or gold dice did to the score: "based on the seed value"); the first
    6th harvest starts the final round (alone, it ends the game: DT-D13). Otherwise it stays
    until clean-up and earns nothing (DT-D4)."""
    vine = state.vines[owner][token]
    value = vine_value(vine)
    seed = vine[0].face
    harvested = is_harvestable(value)
    emit(state, events, VineCompleted(owner, token, value, harvested))
    if not harvested:
        return
    slot = len(state.score[owner]) + 1
    star = state.options["dicey"] and slot_matches(slot, value)
    returned = tuple(die.colour for die in vine[1:])
    emit(state, events, VineHarvested(owner, token, value, slot, returned, star))
    player = state.turn_owner()
    if owner != player or state.solo:
        _gain_karma(
            state,
            player,
            karma_for_harvest(seed if state.solo else value, state.options["overload"]),
            N_("completing a vine"),
            events,
            (owner, token),
        )
    if slot == SLOTS and state.solo:
        _end_game(state, Ending.HARVESTED, events)  # DT-D13: nothing left changes the result
        return
    if slot == SLOTS and not state.final_round:
        last = state.last_player
        assert last is not None, "the turn order is decided before any harvest"
        emit(state, events, FinalRound(owner, last))


# ==========================================================================================
# Karma (rules, Karma)
# ==========================================================================================
KARMA_MAX = 6  # DT-D7
KARMA_MAX_IN_TURN_2023 = 12  # DT-D12
BITS_PER_KARMA = 3  # Karma Overload


def karma_for_harvest(value: int, overload: bool) -> int:
    """Karma for completing a vine worth ``value`` (1–6; in solo the seed value): 1–2 → 1,
    3–4 → 2, 5–6 → 3; with Karma Overload the value itself."""
    if overload:
        return value
    return (value + 1) // 2


def karma_cap(state: DicedTomatoesState) -> int:
    """6 (DT-D7); with the 2023 update 12 during the player's own turn (DT-D12)."""
    if state.options["update_2023"] and state.phase == TURN:
        return KARMA_MAX_IN_TURN_2023
    return KARMA_MAX


def _gain_karma(
    state: DicedTomatoesState, player: int, amount: int, reason: str, events: list, vine: tuple = ()
) -> None:
    """Add karma up to the cap; the excess is lost at once (DT-D7). ``vine`` is ``(owner,
    token)`` of the completed vine that earned it, if one did."""
    if amount <= 0:
        return
    karma = min(karma_cap(state), state.karma[player] + amount)
    gained = karma - state.karma[player]
    emit(state, events, KarmaGained(player, gained, amount - gained, karma, reason, vine))


def _gain_bit(state: DicedTomatoesState, player: int, reason: str, events: list) -> None:
    """Karma Overload: one karma bit; 3 bits become 1 karma (DT-D6)."""
    bits = state.bits[player] + 1
    emit(state, events, KarmaBitGained(player, bits, reason))
    if bits >= BITS_PER_KARMA:
        emit(state, events, KarmaBitsTraded(player, bits - BITS_PER_KARMA))
        _gain_karma(state, player, 1, N_("three karma bits"), events)


def opposite_face(face: int) -> int:
    """The face on the other side of a die: 1↔6, 2↔5, 3↔4 (roll over, flip a seed)."""
    return 7 - face


def can_roll_over(face: int) -> bool:
    """Roll over (4 karma) turns only a 1 into a 6 or a 6 into a 1."""
    return face in (1, 6)


def flip_keeps_vine(vine: Sequence[Die]) -> bool:
    """Flip a seed (5 karma, DT-D10): allowed when the vine, its seed turned to the opposite
    face, is still a set or a sequence (in practice a lone seed, or a seed in the middle)."""
    faces = [opposite_face(vine[0].face)] + [die.face for die in vine[1:]]
    return is_set_or_sequence(faces)


def may_clean(state: DicedTomatoesState, owner: int) -> bool:
    """Clean a vine (3 karma) targets your own vines; option "clean any vine": anyone's (DT-D9)."""
    return owner == state.active or state.options["clean_any"]


def _karma_refusal(state: DicedTomatoesState, action) -> str | None:
    """Why this karma action is not allowed now (None if it is). Spending needs enough karma
    (DT-D7) and a target as the Karma table says."""
    cost = KARMA_COSTS[type(action)]
    karma = state.karma[state.turn_owner()]
    if karma < cost:
        return ngettext(
            "That costs {cost} karma and you have {count} (an action you cannot afford is "
            "illegal).",
            "That costs {cost} karma and you have {count} (an action you cannot afford is "
            "illegal).",
            karma,
        ).format(cost=cost, count=karma)
    kind = type(action)
    if kind in (Reroll, Shift, RollOver, SetDie):
        die = _unplaced(state, action.die)
        if die is None:
            return _("Karma can change only one of your rolled dice that is not placed yet.")
        if kind is Shift:
            if action.delta not in (1, -1):
                return _("A shift moves a die by exactly 1 up or down.")
            if not is_face(die.face + action.delta):
                return _(
                    "A shift stays within 1 to 6; roll over turns a 1 into a 6 or a 6 into a 1."
                )
        elif kind is RollOver:
            if not can_roll_over(die.face):
                return _("Roll over only turns a 1 into a 6 or a 6 into a 1.")
        elif kind is SetDie:
            if not is_face(action.face) or action.face == die.face:
                return _("Set turns a die to a different face from 1 to 6.")
        return None
    if not _is_token(state, action.owner, action.token):
        return _("There is no such tomato token.")
    vine = state.vines[action.owner][action.token]
    if not vine:
        return _("There is no vine on that token.")
    if kind is CleanVine:
        return (
            None
            if may_clean(state, action.owner)
            else _("You may clean only one of your own vines.")
        )
    if not flip_keeps_vine(vine):
        return _("Flipping that seed would break the vine's set or sequence.")
    return None


def _apply_karma(state: DicedTomatoesState, action, events: list) -> None:
    """Pay and do a karma action already checked by :func:`_karma_refusal`."""
    player = state.turn_owner()
    kind = type(action)
    cost = KARMA_COSTS[kind]
    left = state.karma[player] - cost
    if kind in (Reroll, Shift, RollOver, SetDie):
        die = _unplaced(state, action.die)
        assert die is not None, "checked by _karma_refusal"
        if kind is Reroll:
            emit(state, events, KarmaSpent(player, cost, N_("re-roll a die"), left))
            emit(state, events, RerollStarted(player, action.die, die.colour, die.face))
            return
        if kind is Shift:
            new, how, what = die.face + action.delta, N_("shift"), N_("shift a die")
        elif kind is RollOver:
            new, how, what = opposite_face(die.face), N_("roll over"), N_("roll a die over")
        else:
            new, how, what = action.face, N_("set"), N_("set a die")
        emit(state, events, KarmaSpent(player, cost, what, left))
        emit(state, events, DieChanged(player, action.die, die.colour, die.face, new, how))
        return
    if kind is CleanVine:
        emit(state, events, KarmaSpent(player, cost, N_("clean a vine"), left))
        _clear(state, action.owner, action.token, ClearReason.CLEANED, events)
        return
    seed = state.vines[action.owner][action.token][0].face
    emit(state, events, KarmaSpent(player, cost, N_("flip a seed"), left))
    emit(state, events, SeedFlipped(player, action.owner, action.token, seed, opposite_face(seed)))


# ==========================================================================================
# Clean-up (rules, Clearing: the end of the active player's turn)
# ==========================================================================================
def _end_turn(state: DicedTomatoesState, events: list) -> None:
    """End of turn: with the 2023 update karma above 6 is lost; overripe vines (worth more than
    6) are cleared; each vine worth 0 or less waits for its owner's decision (DT-D5), in seat
    order from the active player."""
    player = state.turn_owner()
    emit(state, events, TurnEnded(player))  # from here the karma cap is 6 again
    if state.karma[player] > KARMA_MAX:
        emit(state, events, KarmaLost(player, state.karma[player] - KARMA_MAX, KARMA_MAX))
    seats = state.num_players
    pending = []
    for offset in range(seats):
        owner = (player + offset) % seats
        for token in range(TOKENS):
            vine = state.vines[owner][token]
            if not vine:
                continue
            value = vine_value(vine)
            if is_overripe(value):
                _clear(state, owner, token, ClearReason.OVERRIPE, events)
            elif is_worthless(value):
                pending.append((owner, token))
    if pending:
        emit(state, events, DecisionsPending(tuple(pending)))
    else:
        _after_cleanup(state, events)


def _clear(
    state: DicedTomatoesState, owner: int, token: int, reason: ClearReason, events: list
) -> None:
    """All dice of the vine, seed included, back to the bushel."""
    vine = state.vines[owner][token]
    emit(
        state,
        events,
        VineCleared(owner, token, vine_value(vine), reason, tuple(die.colour for die in vine)),
    )


def _cleanup_refusal(state: DicedTomatoesState, action) -> str | None:
    """At clean-up only the owner of the first pending vine decides, about that vine (DT-D5)."""
    if (action.owner, action.token) != state.pending[0]:
        return _("That is not the vine whose owner decides now.")
    return None


def _decide(state: DicedTomatoesState, action, events: list) -> None:
    """The owner clears or keeps the vine worth 0 or less; after the last decision the turn
    passes on (DT-D5)."""
    if isinstance(action, ClearVine):
        _clear(state, action.owner, action.token, ClearReason.ZERO, events)
    else:
        value = vine_value(state.vines[action.owner][action.token])
        emit(state, events, VineKept(action.owner, action.token, value))
    if not state.pending:
        _after_cleanup(state, events)


def _after_cleanup(state: DicedTomatoesState, events: list) -> None:
    """After clean-up: the game ends once the last player has finished the final round;
    otherwise play moves on to the next player."""
    if state.final_round and state.active == state.last_player:
        _end_game(state, Ending.FINAL, events)
        return
    emit(state, events, NextPlayer(next_player(state)))
    _start_turn(state, state.turn_owner(), events)


# ==========================================================================================
# The end of the game (rules, End of the game)
# ==========================================================================================
def _end_game(state: DicedTomatoesState, reason: Ending, events: list) -> None:
    """The game is over: after the final round, on an empty bushel at the start of a turn, or
    (solo) when no held die can ever be placed or the sixth tomato is harvested."""
    sheet = score_sheet(state)
    totals = tuple(row[-1] for row in sheet["rows"])
    emit(state, events, GameEnded(reason, tuple(sheet["winners"]), totals))


# ==========================================================================================
# Scoring (rules, Scoring)
# ==========================================================================================
def slot_matches(slot: int, value: int) -> bool:
    """A harvest matches its score slot (1–6) when its value is the slot number: slot 1 worth
    1, slot 4 worth 4… A gold star under Dicey Tomato Rules, the goal of the single-player mode."""
    return value == slot


def matched_slots(track: Sequence[int]) -> list:
    """The numbers of the slots of a score ``track`` whose harvest matches the slot."""
    return [slot for slot, value in enumerate(track, start=1) if slot_matches(slot, value)]


def harvest_points(state: DicedTomatoesState, slot: int, value: int) -> int:
    """What a harvest in score slot ``slot`` (1–6) worth ``value`` scores: the value, or with
    Dicey Tomato Rules 6 in total when it matches its slot (7 with the 2023 update, DT-D12)."""
    if state.options["dicey"] and slot_matches(slot, value):
        return 7 if state.options["update_2023"] else 6
    return value


def running_score(state: DicedTomatoesState, player: int) -> dict:
    """What seat ``player`` has scored so far, for the table during the game (rules, Scoring;
    Single-player mode): ``{"tomatoes", "dicey_bonus", "first_six", "total", "slot_points",
    "missed"}``.

    With 2+ players the total is what is already certain: the harvested values, the Dicey
    Tomato Rules' extra points of matching slots (:func:`harvest_points`) and +2 for the first
    to harvest a 6th tomato; karma and the vines left on the tokens score only at the end
    (:func:`score_parts`). ``slot_points`` lists each filled slot's points. Solo: the total is
    the matching slots so far (1 point each), ``slot_points`` is 1 or 0 per filled slot and
    ``missed`` lists the numbers of the slots harvested with another value (their target is
    lost for good); it is ``[]`` with 2+ players.
    """
    track = state.score[player]
    if state.solo:
        points = [
            1 if slot_matches(slot, value) else 0 for slot, value in enumerate(track, start=1)
        ]
        return {
            "tomatoes": sum(track),
            "dicey_bonus": 0,
            "first_six": 0,
            "total": sum(points),
            "slot_points": points,
            "missed": [slot for slot, got in enumerate(points, start=1) if not got],
        }
    points = [harvest_points(state, slot, value) for slot, value in enumerate(track, start=1)]
    tomatoes = sum(track)
    first = 2 if state.first_six == player else 0
    return {
        "tomatoes": tomatoes,
        "dicey_bonus": sum(points) - tomatoes,
        "first_six": first,
        "total": sum(points) + first,
        "slot_points": points,
        "missed": [],
    }


def score_parts(state: DicedTomatoesState, player: int) -> dict:
    """One player's points by category: ``{"tomatoes", "dicey_bonus", "first_six", "karma",
    "vines", "red_dice", "total", "stars"}`` (rules, Scoring).

    Tomatoes: the harvested values. Dicey bonus: the extra points of matching slots. First six:
    +2 for the first player to harvest a 6th tomato. Karma: 1 per 2 unused. Regular rules: +1 per
    vine with exactly 3 dice; Dicey Tomato Rules: +1 per 3 red dice on the vines instead.
    """
    track = state.score[player]
    tomatoes = sum(track)
    stars = matched_slots(track) if state.options["dicey"] else []
    bonus = sum(
        harvest_points(state, slot, value) - value for slot, value in enumerate(track, start=1)
    )
    first = 2 if state.first_six == player else 0
    karma = karma_points(state.karma[player])
    vines = red = 0
    if state.options["dicey"]:
        red = sum(1 for vine in state.vines[player] for die in vine if die.colour == "r") // 3
    else:
        vines = three_dice_vines(state, player)
    total = tomatoes + bonus + first + karma + vines + red
    return {
        "tomatoes": tomatoes,
        "dicey_bonus": bonus,
        "first_six": first,
        "karma": karma,
        "vines": vines,
        "red_dice": red,
        "total": total,
        "stars": stars,
    }


def karma_points(karma: int) -> int:
    """Unused karma scores 1 point per 2 at the end (rounded down)."""
    return karma // 2


def three_dice_vines(state: DicedTomatoesState, player: int) -> int:
    """Regular rules: the end scores +1 per vine of ``player`` with exactly 3 dice."""
    return sum(1 for vine in state.vines[player] if len(vine) == 3)


THREE_DICE_VINES = N_("3-dice vines")
"""The score sheet's column for the +1 per vine of exactly 3 dice (regular rules)."""


def score_sheet(state: DicedTomatoesState) -> dict:
    """The score sheet (shape in engine/core.py): per seat tomatoes, Dicey bonus (with Dicey
    Tomato Rules), first to six, karma points, unfinished vines or red dice, total; winners
    are all seats with the highest total (DT-D11). Solo: see :func:`_solo_score_sheet`.

    Extra key ``"slots"``: each seat's score track values, and ``"stars"``: slot numbers with a
    gold star (Dicey Tomato Rules).
    """
    if state.solo:
        return _solo_score_sheet(state)
    dicey = state.options["dicey"]
    columns = [_("Tomatoes")] + ([_("Dicey bonus")] if dicey else [])
    columns += [_("First to six"), _("Karma"), _("Red dice") if dicey else _(THREE_DICE_VINES)]
    columns += [_("Total")]
    rows, stars = [], []
    for player in range(state.num_players):
        parts = score_parts(state, player)
        row = [parts["tomatoes"]] + ([parts["dicey_bonus"]] if dicey else [])
        row += [
            parts["first_six"],
            parts["karma"],
            parts["red_dice"] if dicey else parts["vines"],
            parts["total"],
        ]
        rows.append(row)
        stars.append(parts["stars"])
    best = max(row[-1] for row in rows)
    winners = [player for player, row in enumerate(rows) if row[-1] == best]
    # the column shows points, not the karma left (a play-tester read 4 karma as "2")
    notes = [_("Karma scores 1 point for every 2 left.")]
    if state.first_six is not None:
        notes.append(
            _("{name} was first to six tomatoes.").format(
                name=_("Player {number}").format(number=state.first_six + 1)
            )
        )
    if len(winners) > 1:
        notes.append(_("Tied players share the victory."))
    return {
        "columns": columns,
        "rows": rows,
        "winners": winners,
        "notes": notes,
        "slots": [list(track) for track in state.score],
        "stars": stars,
    }


# ==========================================================================================
# Single-player mode (rules, Single-player mode)
# ==========================================================================================
# Karma for completing your own vines is in _complete_vine; dice you cannot place come back to
# you because the next player is yourself (next_player); the first turn starts in setup.
def _can_ever_be_placed(state: DicedTomatoesState, colours: Sequence[str]) -> bool:
    """ "The game must always end": could any of the held dice (``colours``, rolled again every
    turn) ever be placed? Yes if a red die can seed an empty open token, or any vine of 1 to 3
    dice takes some face. Otherwise the same dice would only come back again and again, so with
    an empty bushel the game ends as a loss. Karma does not count: the rules name only the
    tokens and the dice."""
    seeds = any(can_seed(colour) for colour in colours)
    return any(spot.faces or (spot.seed_open and seeds) for spot in spot_table(state))


def _solo_score_sheet(state: DicedTomatoesState) -> dict:
    """Single player: a win with 6 harvests; 1 point per matched slot (0–6)."""
    track = state.score[0]
    matched = matched_slots(track)
    won = len(track) == SLOTS
    if state.phase == OVER and won:
        summary = _("Won: {count} of 6 slots matched").format(count=len(matched))
    elif state.phase == OVER:
        summary = _("Lost: {count} of 6 slots matched").format(count=len(matched))
    else:
        summary = _("{count} of 6 slots matched so far").format(count=len(matched))
    values = _(", ").join(map(str, track)) or _("empty")
    return {
        "columns": [_("Harvests"), _("Slots matched"), _("Total")],
        "rows": [[len(track), len(matched), len(matched)]],
        "winners": [0] if won else [],
        "notes": [_("Score track: {values}.").format(values=values)],
        "solo": {"won": won, "summary": summary},
        "slots": [list(track)],
        "stars": [matched],
    }


# ==========================================================================================
# Moves: listing, checking and applying them
# ==========================================================================================
_ACTIONS: dict = {}


def _act(cls, *args):
    """A shared instance of an (immutable) action: listing moves is the engine's hot loop."""
    key = (cls, args)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = cls(*args)
    return action


def legal_actions(state: DicedTomatoesState) -> list:
    """The current player's actions, in a stable order.

    During a turn: place each rolled die on each target (dice in slot order, seats, tokens);
    only when no die has a spot, pass each die (passing comes last); end the turn (only with no
    dice left); then the affordable karma actions (re-roll, shift, clean, roll over, flip, set).
    At clean-up: clear or keep the pending vine.
    """
    phase = state.phase
    if phase == CLEANUP:
        owner, token = state.pending[0]
        return [_act(ClearVine, owner, token), _act(KeepVine, owner, token)]
    if phase != TURN or state.to_draw:
        return []
    rolled = []
    for slot, die in enumerate(state.hand):
        if die is None:
            continue
        if not isinstance(die, Die):
            return []  # chance node: a die is still unrolled
        rolled.append((slot, die.colour, die.face))
    table = spot_table(state)
    actions = []
    for slot, colour, face in rolled:
        seeds = can_seed(colour)
        for spot in table:
            if (spot.seed_open and seeds) or face in spot.faces:
                actions.append(_act(PlaceDie, slot, spot.owner, spot.token))
    if not actions:
        actions.extend(_act(PassDie, slot) for slot, _, _ in rolled)
    if not rolled:
        actions.append(_act(EndTurn))
    karma = state.karma[state.turn_owner()]
    if karma >= KARMA_COSTS[Reroll]:
        actions.extend(_act(Reroll, slot) for slot, _, _ in rolled)
    if karma >= KARMA_COSTS[Shift]:
        for slot, _colour, face in rolled:
            actions.extend(_act(Shift, slot, delta) for delta in (-1, 1) if is_face(face + delta))
    if karma >= KARMA_COSTS[CleanVine]:
        actions.extend(
            _act(CleanVine, owner, token)
            for owner in range(state.num_players)
            if may_clean(state, owner)
            for token in range(TOKENS)
            if state.vines[owner][token]
        )
    if karma >= KARMA_COSTS[RollOver]:
        actions.extend(_act(RollOver, slot) for slot, _, face in rolled if can_roll_over(face))
    if karma >= KARMA_COSTS[FlipSeed]:
        actions.extend(
            _act(FlipSeed, owner, token)
            for owner in range(state.num_players)
            for token, vine in enumerate(state.vines[owner])
            if vine and flip_keeps_vine(vine)
        )
    if karma >= KARMA_COSTS[SetDie]:
        actions.extend(
            _act(SetDie, slot, new) for slot, _, face in rolled for new in FACES if new != face
        )
    return actions


def refusal(state: DicedTomatoesState, action) -> str | None:
    """Why ``action`` is illegal now, in plain words naming the rule, or None if it is legal."""
    kind = type(action)
    if kind in (StartRoll, DrawDie, RollDie):
        return _chance_refusal(state, action)
    if state.phase == OVER:
        return _("The game is over.")
    if state.phase == START or state.current_player() == CHANCE:
        return _("Wait for the dice: luck decides next.")
    if state.phase == CLEANUP:
        if kind in (ClearVine, KeepVine):
            return _cleanup_refusal(state, action)
        return (
            "The turn is over: only the owner of a vine worth 0 or less decides now "
            "whether to clear it."
        )
    if kind in (ClearVine, KeepVine):
        return (
            "Vines worth 0 or less are cleared only at the end of the turn; use karma to "
            "clean one now."
        )
    if kind is EndTurn:
        return end_turn_refusal(state)
    if kind is PlaceDie:
        return _placement_refusal(state, action)
    if kind is PassDie:
        return _pass_refusal(state, action)
    if kind in KARMA_COSTS:
        return _karma_refusal(state, action)
    return _("Diced Tomatoes has no such move.")


def apply_action(state: DicedTomatoesState, action) -> list:
    """Check ``action`` and apply it; return the events. Raises :class:`IllegalAction` (with the
    state unchanged) when :func:`refusal` gives a reason."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    events: list = []
    kind = type(action)
    if kind is StartRoll:
        _apply_start_roll(state, action.face, events)
    elif kind is DrawDie:
        emit(state, events, DieDrawn(state.turn_owner(), len(state.hand), action.colour))
    elif kind is RollDie:
        unrolled = state.hand[action.die]
        assert unrolled is not None, "checked by _chance_refusal"
        emit(state, events, DieRolled(state.turn_owner(), action.die, unrolled.colour, action.face))
    elif kind is PlaceDie:
        _place(state, action, events)
    elif kind is PassDie:
        _pass(state, action, events)
    elif kind is EndTurn:
        _end_turn(state, events)
    elif kind in (ClearVine, KeepVine):
        _decide(state, action, events)
    else:
        _apply_karma(state, action, events)
    return events


# ==========================================================================================
# Plain words
# ==========================================================================================
def _name(names: Sequence[str] | None, seat: int) -> str:
    return seat_name(names, seat)


def _hand_die(state: DicedTomatoesState, slot: int) -> str:
    die = state.hand[slot] if 0 <= slot < len(state.hand) else None
    if die is None:
        return _("die {number}").format(number=slot + 1)
    return the_die_words(die.colour, die.face)


def _with_cost(words: str, kind) -> str:
    """A karma action's words with its price: "Re-roll the red 4 (1 karma)"."""
    cost = KARMA_COSTS[kind]
    return ngettext("{action} ({count} karma)", "{action} ({count} karma)", cost).format(
        action=words, count=cost
    )


def describe_action(state: DicedTomatoesState, action, names: Sequence[str] | None = None) -> str:
    """``action`` in plain words for ``state``, e.g. "Place the red 4 as a seed on your top
    token" or "Place the black 2 on the middle vine of Ana"."""
    kind = type(action)
    if kind is StartRoll:
        return _("Roll {face} for the turn order").format(face=action.face)
    if kind is DrawDie:
        if action.colour not in COLOURS:
            return _("Draw a die")
        return _("Draw a {colour} die").format(colour=colour_word(action.colour))
    if kind is RollDie:
        return _("Roll a {face}").format(face=action.face)
    if kind is PlaceDie:
        die = _hand_die(state, action.die)
        if not _is_token(state, action.owner, action.token):
            return _("Place {die}").format(die=die)
        mine = action.owner == state.active
        if not state.vines[action.owner][action.token]:
            words = (
                _("Place {die} as a seed on your {token} token")
                if mine
                else _("Place {die} as a seed on the {token} token of {name}")
            )
        else:
            words = (
                _("Place {die} on your {token} vine")
                if mine
                else _("Place {die} on the {token} vine of {name}")
            )
        return words.format(
            die=die, token=token_word(action.token), name=_name(names, action.owner)
        )
    if kind is PassDie:
        if state.solo:
            return _("Set {die} aside for your next turn").format(die=_hand_die(state, action.die))
        return _("Pass {die} to {name}").format(
            die=_hand_die(state, action.die), name=_name(names, next_player(state))
        )
    if kind is EndTurn:
        return _("End the turn")
    if kind is Reroll:
        return _with_cost(_("Re-roll {die}").format(die=_hand_die(state, action.die)), kind)
    if kind is Shift:
        words = _("Shift {die} up by 1") if action.delta > 0 else _("Shift {die} down by 1")
        return _with_cost(words.format(die=_hand_die(state, action.die)), kind)
    if kind in (CleanVine, FlipSeed):
        mine = action.owner == state.active
        if kind is CleanVine:
            words = (
                _("Clean the vine on your {token} token")
                if mine
                else _("Clean the vine on the {token} token of {name}")
            )
        else:
            words = (
                _("Flip the seed on your {token} token")
                if mine
                else _("Flip the seed on the {token} token of {name}")
            )
        return _with_cost(
            words.format(token=token_word(action.token), name=_name(names, action.owner)), kind
        )
    if kind is RollOver:
        return _with_cost(_("Roll over {die}").format(die=_hand_die(state, action.die)), kind)
    if kind is SetDie:
        return _with_cost(
            _("Set {die} to {face}").format(die=_hand_die(state, action.die), face=action.face),
            kind,
        )
    if kind is ClearVine:
        return _("Clear the {token} vine worth 0 or less").format(token=token_word(action.token))
    if kind is KeepVine:
        return _("Keep the {token} vine worth 0 or less").format(token=token_word(action.token))
    return kind.__name__
