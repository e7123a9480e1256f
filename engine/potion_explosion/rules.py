"""The rules of Potion Explosion, as docs/rules/potion_explosion.md states them.

Read this module top to bottom to understand the game:

1. **Setup** — the 6 potion types, the first player, the starter draft, the 5 stacks, the
   dispenser (sections "Players, setup", PE-D1, PE-D11).
2. **Chance** — every random thing is a chance node: a marble rolling from the tank into a track
   (outcome = colour, weighted by the tank's counts), a tile becoming the visible top of a stack
   (drawn from all unseen tiles), the starters revealed, the types and first player.
3. **A turn** — regular pick with explosions, Little Help, placing and moving marbles, drinking
   potions (each effect asks for its own follow-up action), end of turn, drawing tiles. "End
   turn" is refused while an empty hole of a brewing potion could take a marble of its colour
   from the hand *or the pool* (placement comes before the pool: moving a fitting marble into
   the pool does not excuse it; a wild Prismatic Joy marble, PE-D10, must fill only its own
   colour), and while the hand holds marbles and the pool has room (:func:`end_turn_refusal`).
4. **Explosions** — the seam algorithm of the section "Explosions" (:func:`exploding_run`).
5. **Skill tokens, end of the game, tie-break.** The end is triggered at the end of a turn in
   which the countdown stack became empty, or after which no potion tile is left in the stacks
   (the turn that drew the last tile, or one whose empty slot could not be refilled); the round
   is finished so every player has had the same number of turns; the last turn of the game
   draws no tiles (:func:`game_ends_after_turn`). Score: :func:`score`.

Functions here take the state (:class:`engine.potion_explosion.state.PotionExplosionState`) and
read it; they change it only by playing events (:func:`_emit`, which calls
:func:`engine.potion_explosion.events.play_event`), then read it again to decide what follows.
``apply_action`` validates first and emits only then, so an ``IllegalAction`` leaves the state
untouched.
"""

from __future__ import annotations

from itertools import combinations

from engine.core import CHANCE, TERMINAL, Action, IllegalAction, emitter
from engine.potion_explosion.data import (
    BREWING_SLOTS,
    COLOUR_NAMES,
    COLOURS,
    FILTER_MAX,
    LITTLE_HELP_VP,
    NUM_STACKS,
    NUM_TRACKS,
    POOL_SIZE,
    SKILL_TOKEN_VP,
    STARTER_OF,
    TILE_CODES,
    TILES,
    TRACK_LENGTH,
    TYPE_BY_CODE,
    TYPE_CODES,
    TYPES_IN_PLAY,
    tiles_of_types,
)
from engine.potion_explosion.events import play_event
from engine.potion_explosion.state import (
    COLOUR_INDEX,
    SETUP_PHASES,
    TURN_PHASES,
    ChainEnded,
    ChooseFirstPlayer,
    ChoosePotionType,
    ChooseStack,
    ChooseTypes,
    CopyPotion,
    DraftStarter,
    Drink,
    EffectCopied,
    EffectEnded,
    EffectStarted,
    EndTurn,
    Exploded,
    FilterMarbles,
    FinishEffect,
    FirstPlayerChosen,
    GameEndTriggered,
    GameOver,
    HowTaken,
    LastRoundBegun,
    LittleHelp,
    LittleHelpTaken,
    MarbleMoved,
    MarblePlaced,
    MarbleRefilled,
    MarbleRollsIn,
    MarblesReturned,
    MarblesSlid,
    MarbleTaken,
    MoveToHand,
    MoveToPool,
    NoTileLeft,
    Phase,
    PhaseChanged,
    PlaceMarble,
    PoolMadeWild,
    PoolStolen,
    PotionCompleted,
    PotionDrunk,
    PotionExplosionState,
    PotionTypeChosen,
    RegularPick,
    RevealStarter,
    RevealTile,
    SeamCollision,
    SeamTaker,
    SkillTokenEarned,
    Source,
    StacksFormed,
    StarterDrafted,
    StarterRevealed,
    TakeBottom,
    TakeMarble,
    TakePair,
    TakePool,
    TakeRun,
    TieBreakPick,
    TieBreakResult,
    TieBreakStarted,
    TieBreakTurn,
    TileDrawn,
    TileRevealed,
    TurnCounted,
    TurnEnded,
    TurnStarted,
    TypesChosen,
    potion_name,
)
from translation import N_, _, ngettext, pgettext

# Enum members read once: looking one up on its class costs about 0.2 µs in Python 3.11, too
# much in the paths bots run millions of times (current_player, legal_actions, play_event).
TYPES, FIRST, STARTERS, DRAFT, PLAY, END, TIEBREAK, OVER = Phase
HAND, POOL = Source
BY_PICK, BY_LITTLE_HELP, BY_POTION, BY_TIE_BREAK = HowTaken
PICK_CHAIN, TIEBREAK_CHAIN = SeamTaker


_emit = emitter(play_event)


# =============================================================================================
# 1. Setup
# =============================================================================================


def new_state(num_players: int, options: dict):
    """A new game before any chance: ``options`` has ``types`` ("random", "chosen",
    "first_game") and ``first_player`` ("random", "seat1"). Rules, "Players, setup".

    Raises ``ValueError`` for a number of players outside 2–6.
    """
    if not 2 <= num_players <= 6:
        raise ValueError(
            _("Potion Explosion is played by 2 to 6 players, not {count}.").format(
                count=num_players
            )
        )
    state = PotionExplosionState(
        num_players, options.get("types", "random"), options.get("first_player", "random")
    )
    _advance_setup(state, [])  # the "first game" types are known: on to the first player
    return state


def draft_order(state) -> list:
    """Seats in draft order: seating order from the first player, then back in reverse, so the
    last player takes two in a row (rules, "Players, setup")."""
    seats = [(state.first + offset) % state.num_players for offset in range(state.num_players)]
    return seats + seats[::-1]


def _drafting_seat(state) -> int:
    """The seat whose draft pick it is; once every pick is made (the moment before the turns
    begin), the first player."""
    order = draft_order(state)
    return order[state.draft_index] if state.draft_index < len(order) else state.first


def _advance_setup(state, events) -> None:
    """Move through the setup phases whose work is done."""
    if state.phase in TURN_PHASES:
        return  # set up long ago (the usual case: a marble rolled in)
    players = state.num_players
    if state.phase == TYPES and len(state.types) == TYPES_IN_PLAY:
        _emit(state, events, PhaseChanged(FIRST))
    if state.phase == FIRST and state.first_mode == "seat1":
        _emit(state, events, FirstPlayerChosen(0))
        _emit(state, events, PhaseChanged(STARTERS))
    if state.phase == STARTERS and len(state.revealed) == 2 * players:
        _emit(state, events, PhaseChanged(DRAFT))
    if state.phase == DRAFT and state.draft_index == 2 * players:
        # Undrafted starters are shuffled with all other tiles into 5 stacks, as even as
        # possible; each stack's top is revealed by chance (a stack = top + face-down count).
        remaining = sum(unseen_tiles(state).values())
        _emit(state, events, PhaseChanged(PLAY))
        _emit(
            state,
            events,
            StacksFormed(
                tuple(
                    remaining // NUM_STACKS + (1 if stack < remaining % NUM_STACKS else 0)
                    for stack in range(NUM_STACKS)
                )
            ),
        )
        _emit(state, events, TurnStarted(state.first))


def unseen_tiles(state) -> dict:
    """``{tile code: count}`` of the tiles of the chosen types nobody can see (inside stacks)."""
    counts = tiles_of_types(state.types)
    seen = list(state.revealed)
    seen += [stack.top for stack in state.stacks if stack.top is not None]
    for desk in state.desks:
        seen += [brewing.tile for brewing in desk.slots if brewing is not None]
        seen += [potion.tile for potion in desk.completed]
    for code in seen:
        counts[code] -= 1
    return {code: counts[code] for code in TILE_CODES if counts.get(code, 0) > 0}


def _starters_left(state) -> dict:
    """Starter tiles of the chosen types not yet revealed: ``{code: count}``."""
    left = {}
    for potion_type in TYPE_CODES:
        if potion_type in state.types:
            count = 2 - state.revealed.count(STARTER_OF[potion_type])
            if count:
                left[STARTER_OF[potion_type]] = count
    return left


# =============================================================================================
# 2. Whose move, chance
# =============================================================================================


def pending_chance(state) -> tuple:
    """What chance the turn waits for: ``("reveal", stack)`` (a stack top to reveal, the first
    such stack), else ``("refill", track)`` (the first track shorter than 8 while the tank has
    marbles, PE-D1), else ``()``. Kept by the state until its next event (asked at every step
    of every simulated turn)."""
    pending = state._chance
    if pending is None:
        pending = state._chance = _find_pending_chance(state)
    return pending


def _find_pending_chance(state) -> tuple:
    """:func:`pending_chance` worked out from the position."""
    for index, stack in enumerate(state.stacks):
        if stack.top is None and stack.face_down > 0:
            return ("reveal", index)
    tank = state.tank
    if tank[0] or tank[1] or tank[2] or tank[3]:
        for index, track in enumerate(state.tracks):
            if len(track) < TRACK_LENGTH:
                return ("refill", index)
    return ()


def current_player(state) -> int:
    """A seat, ``CHANCE`` (types and first player drawn, starters revealed, a stack top to
    reveal, a track to refill) or ``TERMINAL``: :func:`find_current_player`, kept by the state
    until its next event (:meth:`PotionExplosionState.current_player`)."""
    return state.current_player()


def find_current_player(state) -> int:
    """:func:`current_player` worked out from the position (the state keeps the answer)."""
    phase = state.phase
    if phase == OVER:
        return TERMINAL
    if phase == TYPES:
        return CHANCE if state.types_mode == "random" else 0
    if phase == FIRST or phase == STARTERS:
        return CHANCE
    if phase == DRAFT:
        return _drafting_seat(state)
    if pending_chance(state):
        return CHANCE
    return state.player


def turn_owner(state) -> int:
    """The seat whose turn or draft pick it is (chance nodes inside a turn belong to it)."""
    if state.phase == DRAFT:
        return _drafting_seat(state)
    if state.phase in SETUP_PHASES:
        return 0
    return state.player


def chance_outcomes(state) -> list:
    """``[(action, probability)]``; see the module docstring, section 2."""
    phase = state.phase
    if phase == TYPES and state.types_mode == "random":
        combos = list(combinations(TYPE_CODES, TYPES_IN_PLAY))
        return [(ChooseTypes(combo), 1 / len(combos)) for combo in combos]
    if phase == FIRST:
        return [
            (ChooseFirstPlayer(seat), 1 / state.num_players) for seat in range(state.num_players)
        ]
    if phase == STARTERS:
        left = _starters_left(state)
        total = sum(left.values())
        return [(RevealStarter(code), count / total) for code, count in left.items()]
    if phase not in TURN_PHASES:
        return []
    pending = pending_chance(state)
    if pending and pending[0] == "reveal":
        unseen = unseen_tiles(state)
        total = sum(unseen.values())
        return [(RevealTile(pending[1], code), count / total) for code, count in unseen.items()]
    if pending:
        track = pending[1]
        tank = state.tank
        total = sum(tank)
        rolls = _ROLLS_IN[track]
        outcomes = []
        for index in (0, 1, 2, 3):
            if tank[index]:
                outcomes.append((rolls[index], tank[index] / total))
        return outcomes
    return []


def _refilled(track: int, position: int, colour_index: int) -> MarbleRefilled:
    """``MarbleRefilled(track, position, colour)``, made once for every place of the dispenser
    and colour (a marble rolls in after most picks, in every simulated turn of a search)."""
    if position < TRACK_LENGTH:
        return _REFILLED[track][position][colour_index]
    return MarbleRefilled(track, position, COLOURS[colour_index])


_REFILLED = tuple(
    tuple(
        tuple(MarbleRefilled(track, position, colour) for colour in COLOURS)
        for position in range(TRACK_LENGTH)
    )
    for track in range(NUM_TRACKS)
)

_ROLLS_IN = tuple(
    tuple(MarbleRollsIn(track, colour) for colour in COLOURS) for track in range(NUM_TRACKS)
)
"""``MarbleRollsIn`` for each track and colour, made once (a refill is the commonest chance)."""


def _apply_chance(state, action) -> list:
    events: list = []
    phase = state.phase
    if isinstance(action, MarbleRollsIn):  # the commonest chance: first
        if phase not in TURN_PHASES or pending_chance(state) != ("refill", action.track):
            raise IllegalAction(_("No track is waiting for a marble there."))
        colour_index = COLOUR_INDEX.get(action.colour)
        if colour_index is None or state.tank[colour_index] == 0:
            raise IllegalAction(_("The tank holds no marble of that colour."))
        _emit(state, events, _refilled(action.track, len(state.tracks[action.track]), colour_index))
    elif isinstance(action, ChooseTypes):
        if phase != TYPES or state.types_mode != "random":
            raise IllegalAction(_("The potion types are not being drawn now."))
        types = action.types
        if (
            not isinstance(types, tuple)
            or len(types) != TYPES_IN_PLAY
            or len(set(types)) != TYPES_IN_PLAY
            or any(t not in TYPE_CODES for t in types)
        ):
            raise IllegalAction(_("Six different potion types are played."))
        _emit(state, events, TypesChosen(tuple(code for code in TYPE_CODES if code in types)))
    elif isinstance(action, ChooseFirstPlayer):
        if phase != FIRST:
            raise IllegalAction(_("The first player is not being chosen now."))
        if not isinstance(action.seat, int) or not 0 <= action.seat < state.num_players:
            raise IllegalAction(_("There is no such seat."))
        _emit(state, events, FirstPlayerChosen(action.seat))
        _emit(state, events, PhaseChanged(STARTERS))
    elif isinstance(action, RevealStarter):
        if phase != STARTERS or _starters_left(state).get(action.tile, 0) == 0:
            raise IllegalAction(_("That starter cannot be revealed now."))
        _emit(state, events, StarterRevealed(action.tile))
    elif isinstance(action, RevealTile):
        if phase not in TURN_PHASES or pending_chance(state) != ("reveal", action.stack):
            raise IllegalAction(_("No stack is waiting for that tile."))
        if unseen_tiles(state).get(action.tile, 0) == 0:
            raise IllegalAction(_("That tile is not among the unseen tiles."))
        _emit(state, events, TileRevealed(action.stack, action.tile))
    else:
        raise IllegalAction(_("That is not a chance outcome."))
    _advance_setup(state, events)
    _settle(state, events)
    return events


# =============================================================================================
# 3. A turn: what may be done
# =============================================================================================


def empty_holes(brewing) -> tuple:
    """Empty holes of a brewing potion (a :class:`Brewing`): counts per colour in COLOURS
    order (the record keeps them: ``brewing.free``)."""
    return brewing.free


def marble_fits(desk, source: str, colour_index: int, hole_index: int) -> bool:
    """Whether a marble of colour ``colour_index`` from ``source`` ("hand"/"pool") may fill a
    hole of colour ``hole_index`` (the hole being empty is checked apart): a marble fills a hole
    of its own colour; a pool marble made wild by Prismatic Joy, any hole (PE-D10)."""
    return hole_index == colour_index or (source == POOL and desk.wild[colour_index] > 0)


def _copyable(desk) -> list:
    """Indices of drunk completed potions Sands of Time may copy (PE-D8: not Sands of Time)."""
    return [
        index
        for index, potion in enumerate(desk.completed)
        if potion.drunk and TILES[potion.tile].type != "SAN"
    ]


def effect_gains_nothing(state, player: int, kind: str) -> bool:
    """Whether the effect of a potion of type ``kind`` (a type code) would do nothing for
    ``player`` now (rules, "Potion effects"): the Elixir of Blind Love while every opponent's
    pool is empty; Prismatic Joy when no marble of the pool could go into a hole of another
    colour on a brewing potion (PE-D10: wildness is all it gives); Sands of Time when every
    potion it may copy (PE-D8) would do nothing; any other effect that leaves no choice (no
    pair of different colours for Magnetical Attraction, no run for the Balm)."""
    desk = state.desks[player]
    if kind == "BLI":
        return not any(sum(other.pool) for seat, other in enumerate(state.desks) if seat != player)
    if kind == "PRI":
        free = [0, 0, 0, 0]
        for brewing in desk.slots:
            if brewing is not None:
                free = [have + more for have, more in zip(free, empty_holes(brewing), strict=True)]
        return not any(
            desk.pool[colour] and sum(free) - free[colour] for colour in range(len(COLOURS))
        )
    if kind == "SAN":
        return all(
            effect_gains_nothing(state, player, TILES[desk.completed[index].tile].type)
            for index in _copyable(desk)
        )
    neighbours = [
        (marbles[position], marbles[position + 1])
        for marbles in state.tracks
        for position in range(len(marbles) - 1)
    ]
    if kind == "MAG":
        return not any(low != high for low, high in neighbours)
    if kind == "BAL":
        return not any(low == high for low, high in neighbours)
    return not any(state.tracks)  # Wisdom, Abyssal Draft, Filter: any marble


def drink_gains_nothing(state, index: int) -> bool:
    """Whether drinking the current player's completed potion ``index`` now would be wasted:
    its effect does nothing (:func:`effect_gains_nothing`). The drink stays legal (a player
    may drink for nothing); computer players leave it (rules, "Potion effects")."""
    player = state.current_player()
    tile = state.desks[player].completed[index].tile
    return effect_gains_nothing(state, player, TILES[tile].type)


def _first_empty_slot(desk) -> int:
    return desk.slots.index(None)


def legal_actions(state) -> list:
    """All actions of the current player, in a stable order (rules, "A turn"):
    :func:`find_legal_actions`, kept by the state until its next event
    (:meth:`PotionExplosionState.legal_actions`)."""
    return state.legal_actions()


def _actions_by_place(kind) -> tuple:
    """``kind(track, position)`` for every place of the dispenser: ``[track][position]``."""
    return tuple(
        tuple(kind(track, position) for position in range(TRACK_LENGTH))
        for track in range(NUM_TRACKS)
    )


# The actions a turn offers again and again, made once: an action is a frozen value, so one
# object serves every position (making ~80 of them at each step was most of legal_actions).
_REGULAR_PICKS = _actions_by_place(RegularPick)
_LITTLE_HELPS = _actions_by_place(LittleHelp)
_TIE_BREAK_PICKS = _actions_by_place(TieBreakPick)
_MOVES_TO_POOL = tuple(MoveToPool(colour) for colour in COLOURS)
_MOVES_TO_HAND = tuple(MoveToHand(colour) for colour in COLOURS)
_PLACE_FROM_HAND = tuple(
    tuple(PlaceMarble(HAND, colour, slot, colour) for slot in range(BREWING_SLOTS))
    for colour in COLOURS
)
_PLACE_FROM_POOL = tuple(
    tuple(
        tuple(PlaceMarble(POOL, colour, slot, hole) for hole in COLOURS)
        for slot in range(BREWING_SLOTS)
    )
    for colour in COLOURS
)
_CHOOSE_STACKS = tuple(ChooseStack(index) for index in range(NUM_STACKS))
_DRINKS = tuple(Drink(index) for index in range(len(TILES)))
_END_TURN = EndTurn()
_FINISH_EFFECT = FinishEffect()


def _every_place(table) -> tuple:
    """The actions of ``table`` at every place of a full dispenser (the usual case)."""
    return tuple(action for track in table for action in track)


_EVERY_REGULAR_PICK = _every_place(_REGULAR_PICKS)
_EVERY_LITTLE_HELP = _every_place(_LITTLE_HELPS)
_EVERY_TIE_BREAK_PICK = _every_place(_TIE_BREAK_PICKS)


def _places(table, every, tracks) -> list:
    """The actions of ``table`` (:func:`_actions_by_place`) at every marble of ``tracks``;
    ``every`` is :func:`_every_place` of it, for a full dispenser."""
    for marbles in tracks:
        if len(marbles) != TRACK_LENGTH:
            break
    else:
        return list(every)
    actions: list = []
    for track, marbles in enumerate(tracks):
        length = len(marbles)
        if length <= TRACK_LENGTH:
            actions += table[track][:length]
        else:  # a position set up by hand with a longer track
            actions += [type(table[0][0])(track, position) for position in range(length)]
    return actions


def find_legal_actions(state) -> list:
    """:func:`legal_actions` worked out from the position (the state keeps the answer)."""
    player = state.current_player()
    if player < 0:
        return []
    phase = state.phase
    if phase != PLAY:
        if phase == TYPES:
            return [ChoosePotionType(code) for code in TYPE_CODES if code not in state.types]
        if phase == DRAFT:
            return [
                DraftStarter(code) for code in sorted(set(state.revealed), key=TILE_CODES.index)
            ]
        if phase == TIEBREAK:
            return _places(_TIE_BREAK_PICKS, _EVERY_TIE_BREAK_PICK, state.tracks)
        # END: choose a stack for the empty brewing slot
        return [
            _CHOOSE_STACKS[index]
            for index, stack in enumerate(state.stacks)
            if stack.top is not None
        ]
    desk = state.desks[player]
    if state.effect is not None:
        choices = _effect_actions(state, desk)
        if not effect_may_stop(state, choices):
            return choices  # no "take nothing": see effect_may_stop
        return choices + [_FINISH_EFFECT]
    actions: list[Action] = []
    if not state.picked:
        actions += _places(_REGULAR_PICKS, _EVERY_REGULAR_PICK, state.tracks)
    if not state.help_used:
        actions += _places(_LITTLE_HELPS, _EVERY_LITTLE_HELP, state.tracks)
    slot0, slot1 = desk.slots  # BREWING_SLOTS
    frees = (None if slot0 is None else slot0.free, None if slot1 is None else slot1.free)
    hand, pool = desk.hand, desk.pool
    in_hand, in_pool = [], []
    for colour in (0, 1, 2, 3):
        if hand[colour]:
            in_hand.append(colour)
        if pool[colour]:
            in_pool.append(colour)
    for colour in in_hand:
        places = _PLACE_FROM_HAND[colour]
        for slot, free in enumerate(frees):
            if free and free[colour]:
                actions.append(places[slot])
    for colour in in_pool:
        wild = desk.wild[colour] > 0  # PE-D10: any hole (marble_fits)
        for slot, free in enumerate(frees):
            if not free:
                continue
            holes = _PLACE_FROM_POOL[colour][slot]
            if wild:
                actions += [holes[hole] for hole in (0, 1, 2, 3) if free[hole]]
            elif free[colour]:
                actions.append(holes[colour])
    if in_hand and sum(pool) < POOL_SIZE:
        for colour in in_hand:
            actions.append(_MOVES_TO_POOL[colour])
    for colour in in_pool:
        actions.append(_MOVES_TO_HAND[colour])
    if desk.completed:
        copy_ok = None
        for index, potion in enumerate(desk.completed):
            if not potion.drunk:
                if TILES[potion.tile].type == "SAN":
                    if copy_ok is None:
                        copy_ok = bool(_copyable(desk))
                    if not copy_ok:
                        continue
                actions.append(_DRINKS[index] if index < len(_DRINKS) else Drink(index))
    if _turn_end_blocked(state, desk) is None:
        actions.append(_END_TURN)
    return actions


def effect_may_stop(state, choices) -> bool:
    """Whether the pending effect may be stopped now (:class:`FinishEffect`), given its
    ``choices`` (:func:`_effect_actions`). Every effect may but two (rules, "Potion effects";
    PE-D14): the Elixir of Blind Love takes "all marbles from one opponent's pool", so only
    whose pool is chosen (with one opponent there is one choice; an empty pool gives nothing);
    the Abyssal Draft takes one marble of each colour showing at the bottom of the tracks, one
    per track («возьмите по 1 ингредиенту каждого цвета с нижнего ряда»), so it goes on while a
    track it has not taken from shows a colour it has not taken, and ends by itself after. An
    Abyssal Draft with nothing to take (every track empty) may be stopped: it has no choice."""
    kind = state.effect.kind
    if kind == "BLI":
        return False
    if kind == "ABY":
        return not choices
    return True


def _effect_actions(state, desk, like=None) -> list:
    """The follow-up choices of the pending potion effect (rules, "Potion effects"); whether it
    may also be stopped is :func:`effect_may_stop`.

    With ``like`` (an action), only the choices that could equal it: those on its track (and
    of its colour for the Filter) - enough to tell whether it is a choice, without listing the
    Filter's hundreds."""
    kind = state.effect.kind
    tracks = list(enumerate(state.tracks))
    colours: tuple[str, ...] = COLOURS
    if like is not None:
        track_wanted = getattr(like, "track", None)
        tracks = [(track, marbles) for track, marbles in tracks if track == track_wanted]
        colour_wanted = getattr(like, "colour", None)
        colours = tuple(colour for colour in COLOURS if colour == colour_wanted)
    if kind == "WIS":
        return [
            TakeMarble(track, position)
            for track, marbles in tracks
            for position in range(len(marbles))
        ]
    if kind == "MAG":
        return [
            TakePair(track, position)
            for track, marbles in tracks
            for position in range(len(marbles) - 1)
            if marbles[position] != marbles[position + 1]
        ]
    if kind == "BAL":
        runs = []
        for track, marbles in tracks:
            for start in range(len(marbles) - 1):
                length = 1
                while start + length < len(marbles) and marbles[start + length] == marbles[start]:
                    length += 1
                    runs.append(TakeRun(track, start, length))
        return runs
    if kind == "ABY":
        return [
            TakeBottom(track)
            for track, marbles in tracks
            if marbles
            and track not in state.effect.tracks
            and marbles[0] not in state.effect.colours
        ]
    if kind == "BLI":
        return [TakePool(seat) for seat in range(state.num_players) if seat != state.player]
    if kind == "FIL":
        choices = []
        for track, marbles in tracks:
            for colour in colours:
                where = [position for position, marble in enumerate(marbles) if marble == colour]
                for size in range(1, min(FILTER_MAX, len(where)) + 1):
                    choices += [
                        FilterMarbles(track, colour, combo) for combo in combinations(where, size)
                    ]
        return choices
    if kind == "SAN":
        return [CopyPotion(index) for index in _copyable(desk)]
    return []


def unplaced_marble(desk):
    """``(slot, colour, source)`` of a marble that must still be placed before the turn may end,
    or None: an empty hole of a brewing potion whose colour is in the hand or the pool (rules,
    "A turn": placement comes before the pool, so moving a fitting marble from the hand into the
    pool does not excuse it). A wild pool marble (PE-D10) counts for its own colour only: it
    *may* fill another colour's hole but never has to. Slots, then colours, then the hand first.
    """
    for slot, brewing in enumerate(desk.slots):
        if brewing is None:
            continue
        free = brewing.free
        for colour_index, colour in enumerate(COLOURS):
            if free[colour_index]:
                if desk.hand[colour_index]:
                    return slot, colour, HAND
                if desk.pool[colour_index]:
                    return slot, colour, POOL
    return None


def _slot_name(desk, slot: int) -> str:
    """The potion in ``slot`` as a player names it: its type, and which slot when the desk brews
    two potions of the same type."""
    name = potion_name(desk.slots[slot].tile)
    other = desk.slots[1 - slot]
    if other is not None and TILES[other.tile].type == TILES[desk.slots[slot].tile].type:
        return (
            _("{potion} in your first brewing slot")
            if slot == 0
            else _("{potion} in your second brewing slot")
        ).format(potion=name)
    return name


def _end_turn_blocked(state, desk):
    """What keeps the current player (``desk``) from ending the turn (rules, "A turn", PE-D4),
    or None: ``("moment",)``, ``("effect",)``, or what :func:`_turn_end_blocked` says."""
    if state.phase != PLAY or state.current_player() != state.player:
        return ("moment",)
    if state.effect is not None:
        return ("effect",)
    return _turn_end_blocked(state, desk)


def _turn_end_blocked(state, desk):
    """:func:`_end_turn_blocked` for the player whose turn it is, with no effect pending:
    ``("pick",)``, ``("unplaced", slot, colour, source)`` (:func:`unplaced_marble`),
    ``("room",)`` or None."""
    if not state.picked and any(state.tracks):
        return ("pick",)
    hand, pool = desk.hand, desk.pool
    for brewing in desk.slots:
        if brewing is not None:
            free = brewing.free
            if (
                free[0]
                and (hand[0] or pool[0])
                or free[1]
                and (hand[1] or pool[1])
                or free[2]
                and (hand[2] or pool[2])
                or free[3]
                and (hand[3] or pool[3])
            ):
                return ("unplaced", *unplaced_marble(desk))
    if (hand[0] or hand[1] or hand[2] or hand[3]) and sum(pool) < POOL_SIZE:
        return ("room",)
    return None


def end_turn_refusal(state):
    """Why "end turn" is refused now (a sentence), or None (rules, "A turn", PE-D4). The one
    test (:func:`_end_turn_blocked`) for both :func:`legal_actions` and :func:`apply_action`."""
    blocked = _end_turn_blocked(state, state.desks[state.player])
    if blocked is None:
        return None
    if blocked[0] == "moment":
        return _("It is not the moment to end a turn.")
    desk = state.desks[state.player]
    if blocked[0] == "effect":
        return _("Finish the effect of your {potion} first.").format(
            potion=potion_name(state.effect.kind)
        )
    if blocked[0] == "pick":
        return _("You must make your regular pick before ending your turn.")
    if blocked[0] == "unplaced":
        _unplaced, slot, colour, source = blocked
        sentence = (
            _(
                "Your {potion} still has an empty {hole} hole and your pool holds a "
                "{colour} marble: place it there before ending your turn."
            )
            if source == POOL
            else _(
                "Your {potion} still has an empty {hole} hole and your hand holds a "
                "{colour} marble: place it there before ending your turn."
            )
        )
        return sentence.format(
            potion=_slot_name(desk, slot),
            hole=pgettext("a hole", COLOUR_NAMES[colour]),
            colour=pgettext("a marble", COLOUR_NAMES[colour]),
        )
    return _(
        "Your ingredient pool still has room: move marbles from your hand into it "
        "before ending your turn."
    )


def prompt(state):
    """What the game waits for now, as a sentence for the table scene's status line."""
    player = state.current_player()
    if player == TERMINAL:
        return _("The game is over.")
    if player == CHANCE:
        return _("Waiting for the dispenser and the stacks.")
    if state.phase == TYPES:
        return _("Choose a potion type for this game ({count} of 6 chosen).").format(
            count=len(state.types)
        )
    if state.phase == DRAFT:
        return _("Draft one of the revealed starter potions.")
    if state.phase == END:
        return _("Choose a stack to refill your empty brewing slot.")
    if state.phase == TIEBREAK:
        return _("Tie-break: pick one marble; explosions count.")
    if state.effect is not None:
        return effect_prompt(state)
    if not state.picked and any(state.tracks):
        return _("Make your regular pick: take any marble from the dispenser.")
    why = end_turn_refusal(state)
    if why:
        return why
    return _("Place marbles, drink potions, or end your turn.")


EFFECT_PROMPTS = {
    "WIS": N_("Potion of Wisdom: take any 1 marble from the dispenser."),
    "MAG": N_("Magnetical Attraction: take 2 adjacent marbles of different colours."),
    "BAL": N_("Balm of Uttermost Stickiness: take 2 or more adjacent marbles of one colour."),
    "ABY": N_(
        "Abyssal Draft: take one bottom marble of each colour, one per track, until every "
        "colour at the bottom is taken."
    ),
    "BLI": N_("Elixir of Blind Love: choose an opponent whose pool you take."),
    "FIL": N_(
        "Filter of Lavamancing: choose a track, a colour and up to 5 of its marbles to "
        "return to the tank."
    ),
    "SAN": N_("Sands of Time: choose a drunk potion whose effect you use again."),
}
"""What each pending effect asks for, by potion type code (a sentence for the status line,
English: translate with ``_``)."""


def effect_prompt(state):
    """A sentence for the pending effect's choice, or None."""
    if state.effect is None:
        return None
    prompt_text = EFFECT_PROMPTS.get(state.effect.kind)
    return _(prompt_text) if prompt_text else None


# =============================================================================================
# 3b. A turn: applying actions
# =============================================================================================


def apply_action(state, action) -> list:
    """Validate ``action`` for the current position, then play it; returns the events.
    Raises ``IllegalAction`` (with the rule in plain words) and then changes nothing."""
    player = state.current_player()
    if player == TERMINAL:
        raise IllegalAction(_("The game is over."))
    if player == CHANCE:
        return _apply_chance(state, action)
    phase = state.phase
    events: list = []
    if phase == PLAY and state.effect is None:  # the usual case: a move of the turn
        handler = _TURN_ACTIONS.get(type(action))
        if handler is None:
            if isinstance(action, FinishEffect):
                raise IllegalAction(_("No potion effect is waiting for a choice."))
            if isinstance(action, _EFFECT_CHOICES):
                raise IllegalAction(_("Drink the matching potion before using its effect."))
            raise IllegalAction(_("That is not a move of this part of the game."))
        handler(state, player, state.desks[player], action, events)
        if handler is _move_to_pool or handler is _move_to_hand:
            # a marble between hand and pool changes nothing chance or the turn waits for
            state._player = player
            return events
    elif phase == TYPES:
        _choose_type(state, action, events)
    elif phase == DRAFT:
        _draft(state, player, action, events)
    elif phase == TIEBREAK:
        if not isinstance(action, TieBreakPick):
            raise IllegalAction(_("Make your tie-break pick from the dispenser."))
        _check_marble(state, action.track, action.position)
        _take(state, player, action.track, action.position, BY_TIE_BREAK, events)
    elif phase == END:
        _choose_stack(state, player, action, events)
    else:  # PLAY with a potion effect pending
        _apply_effect(state, player, state.desks[player], action, events)
    _settle(state, events)
    return events


def _choose_type(state, action, events) -> None:
    """Option "chosen": seat 1 picks the six potion types one at a time."""
    if not isinstance(action, ChoosePotionType):
        raise IllegalAction(_("First choose the six potion types for this game."))
    if action.potion not in TYPE_CODES or action.potion in state.types:
        raise IllegalAction(_("Choose a potion type that is not chosen yet."))
    _emit(state, events, PotionTypeChosen(action.potion))
    if len(state.types) == TYPES_IN_PLAY:
        _emit(state, events, TypesChosen(tuple(state.types)))
    _advance_setup(state, events)


def _draft(state, player, action, events) -> None:
    """The starter draft: the starter goes to the first empty brewing slot."""
    if not isinstance(action, DraftStarter):
        raise IllegalAction(_("Draft one of the revealed starter potions first."))
    if not isinstance(action.tile, str) or action.tile not in state.revealed:
        raise IllegalAction(_("That starter is not among the revealed ones."))
    slot = _first_empty_slot(state.desks[player])
    _emit(state, events, StarterDrafted(player, action.tile, slot))
    _advance_setup(state, events)


def _choose_stack(state, player, action, events) -> None:
    """End of turn step 2: fill an empty brewing slot from a stack of the player's choice
    (PE-D5)."""
    if not isinstance(action, ChooseStack):
        raise IllegalAction(_("Choose a stack to refill your empty brewing slot."))
    if (
        not isinstance(action.stack, int)
        or not 0 <= action.stack < NUM_STACKS
        or state.stacks[action.stack].top is None
    ):
        raise IllegalAction(_("That stack has no tile left."))
    slot = _first_empty_slot(state.desks[player])
    _emit(state, events, TileDrawn(player, action.stack, slot, state.stacks[action.stack].top))


def _regular_pick(state, player, desk, action, events) -> None:
    """The regular pick (once per turn); its explosions follow in :func:`_settle`."""
    if state.picked:
        raise IllegalAction(_("You have already made your regular pick this turn."))
    _check_marble(state, action.track, action.position)
    _take(state, player, action.track, action.position, BY_PICK, events)


def _little_help(state, player, desk, action, events) -> None:
    """Little Help: once per turn, a -2 VP token and any one marble, no explosion."""
    if state.help_used:
        raise IllegalAction(_("You may ask for a Little Help only once per turn."))
    _check_marble(state, action.track, action.position)
    _emit(state, events, LittleHelpTaken(player))
    _take(state, player, action.track, action.position, BY_LITTLE_HELP, events)


def _move_to_pool(state, player, desk, action, events) -> None:
    colour_index = COLOUR_INDEX.get(action.colour)
    if colour_index is None or not desk.hand[colour_index]:
        raise IllegalAction(_("You have no marble of that colour in your hand."))
    if sum(desk.pool) >= POOL_SIZE:
        raise IllegalAction(_("The ingredient pool holds at most 3 marbles."))
    _emit(state, events, _MOVED_TO_POOL[player][colour_index])


def _move_to_hand(state, player, desk, action, events) -> None:
    colour_index = COLOUR_INDEX.get(action.colour)
    if colour_index is None or not desk.pool[colour_index]:
        raise IllegalAction(_("Your pool has no marble of that colour."))
    _emit(state, events, _MOVED_TO_HAND[player][colour_index])


# The commonest events, made once per seat and colour (events are frozen values)
_MOVED_TO_POOL = tuple(
    tuple(MarbleMoved(seat, colour, HAND, POOL) for colour in COLOURS) for seat in range(6)
)
_MOVED_TO_HAND = tuple(
    tuple(MarbleMoved(seat, colour, POOL, HAND) for colour in COLOURS) for seat in range(6)
)


def _end_turn(state, player, desk, action, events) -> None:
    """End of turn step 1: hand marbles return to the tank; then tiles are drawn (phase
    "end")."""
    why = end_turn_refusal(state)
    if why:
        raise IllegalAction(why)
    returned = tuple(
        colour for index, colour in enumerate(COLOURS) for _ in range(desk.hand[index])
    )
    _emit(state, events, TurnEnded(player))
    if returned:
        _emit(state, events, MarblesReturned(player, returned, HAND, -1, ()))


def _check_marble(state, track, position) -> None:
    if not (isinstance(track, int) and 0 <= track < len(state.tracks)):
        raise IllegalAction(_("There are only 5 tracks in the dispenser."))
    if not (isinstance(position, int) and 0 <= position < len(state.tracks[track])):
        raise IllegalAction(_("There is no marble at that place of the track."))


def _take(state, player, track, position, reason, events) -> str:
    """The marble at ``position`` of ``track`` goes to ``player``'s hand; marbles above slide
    down. Returns its colour."""
    colour = state.tracks[track][position]
    _emit(state, events, MarbleTaken(player, track, position, colour, reason))
    if position < len(state.tracks[track]):
        _emit(state, events, MarblesSlid(track, position, 1))
    return colour


def _place(state, player, desk, action, events) -> None:
    """Place a marble into an empty hole (rules, "A turn"; PE-D10 for wild pool marbles); a
    full potion is completed at once."""
    slot = action.slot
    if not isinstance(slot, int) or not 0 <= slot < BREWING_SLOTS or desk.slots[slot] is None:
        raise IllegalAction(_("That brewing slot holds no potion."))
    colour_index, hole_index = COLOUR_INDEX.get(action.colour), COLOUR_INDEX.get(action.hole)
    if colour_index is None or hole_index is None:
        raise IllegalAction(_("Marbles are red, blue, yellow or black."))
    brewing = desk.slots[slot]
    if not empty_holes(brewing)[hole_index]:
        raise IllegalAction(
            _("Your {potion} has no empty {hole} hole.").format(
                potion=potion_name(brewing.tile), hole=pgettext("a hole", COLOUR_NAMES[action.hole])
            )
        )
    if action.source == HAND:
        if not desk.hand[colour_index]:
            raise IllegalAction(
                _("You have no {colour} marble in your hand.").format(
                    colour=pgettext("a marble", COLOUR_NAMES[action.colour])
                )
            )
    elif action.source == POOL:
        if not desk.pool[colour_index]:
            raise IllegalAction(
                _("Your pool has no {colour} marble.").format(
                    colour=pgettext("a marble", COLOUR_NAMES[action.colour])
                )
            )
    else:
        raise IllegalAction(_("Marbles are placed from your hand or your pool."))
    if not marble_fits(desk, action.source, colour_index, hole_index):
        if action.source == HAND:
            raise IllegalAction(_("A marble fills only a hole of its own colour."))
        raise IllegalAction(
            _(
                "A marble fills only a hole of its own colour (unless a Potion of "
                "Prismatic Joy made your pool marbles wild)."
            )
        )
    tile = desk.slots[slot].tile
    _emit(
        state, events, MarblePlaced(player, action.colour, action.source, slot, action.hole, tile)
    )
    brewing = desk.slots[slot]
    if len(brewing.placed) == TILES[brewing.tile].holes:
        _complete(state, player, desk, slot, events)


def _complete(state, player, desk, slot, events) -> None:
    """A full potion is completed at once: marbles to the tank (PE-D3), tile to the completed
    potions, skill tokens checked (rules, "A turn", "Skill tokens")."""
    brewing = desk.slots[slot]
    returned = tuple(placed[1] for placed in brewing.placed)
    _emit(state, events, PotionCompleted(player, slot, brewing.tile, returned))
    _check_skill_tokens(state, player, desk, TILES[brewing.tile].type, events)


def _drink(state, player, desk, action, events) -> None:
    """Drink a completed potion (once per game, PE-D7) and start its effect."""
    index = action.index
    if not (isinstance(index, int) and 0 <= index < len(desk.completed)):
        raise IllegalAction(_("You have no such completed potion."))
    potion = desk.completed[index]
    if potion.drunk:
        raise IllegalAction(_("That potion has already been drunk; each potion is drunk once."))
    kind = TILES[potion.tile].type
    if kind == "SAN" and not _copyable(desk):
        raise IllegalAction(
            _(
                "Sands of Time needs a potion you have already drunk (other than "
                "a Sands of Time) to copy."
            )
        )
    _emit(state, events, PotionDrunk(player, index, potion.tile, TYPE_BY_CODE[kind].effect))
    _start_effect(state, player, desk, kind, index, events)


def _start_effect(state, player, desk, kind, source, events) -> None:
    if kind == "PRI":
        # PE-D10: the marbles now in the pool become wild for this turn.
        _emit(
            state,
            events,
            PoolMadeWild(
                player,
                tuple(
                    colour for index, colour in enumerate(COLOURS) for _ in range(desk.pool[index])
                ),
            ),
        )
        return
    _emit(state, events, EffectStarted(player, kind, source))


_TURN_ACTIONS = {
    RegularPick: _regular_pick,
    LittleHelp: _little_help,
    PlaceMarble: _place,
    MoveToPool: _move_to_pool,
    MoveToHand: _move_to_hand,
    Drink: _drink,
    EndTurn: _end_turn,
}
"""The actions of a turn with no effect pending, and who applies each."""

_EFFECT_CHOICES = (TakeMarble, TakePair, TakeBottom, TakeRun, TakePool, FilterMarbles, CopyPotion)


def _apply_effect(state, player, desk, action, events) -> None:
    """Resolve the pending effect's choice; potions never cause explosions."""
    kind = state.effect.kind
    if isinstance(action, FinishEffect):
        choices = _effect_actions(state, desk)
        if not effect_may_stop(state, choices):
            raise IllegalAction(_stop_refusal(state, choices))
        _emit(state, events, EffectEnded(player))
        return
    if action not in _effect_actions(state, desk, like=action):
        raise IllegalAction(_effect_refusal(kind, action))
    if isinstance(action, TakeMarble):
        _take(state, player, action.track, action.position, BY_POTION, events)
    elif isinstance(action, TakePair):
        _take(state, player, action.track, action.position + 1, BY_POTION, events)
        _take(state, player, action.track, action.position, BY_POTION, events)
    elif isinstance(action, TakeRun):
        for position in range(action.start + action.length - 1, action.start - 1, -1):
            _take(state, player, action.track, position, BY_POTION, events)
    elif isinstance(action, TakeBottom):
        _take(state, player, action.track, 0, BY_POTION, events)
        if _effect_actions(state, desk):
            return  # more bottoms to take: the effect goes on
    elif isinstance(action, TakePool):
        victim = state.desks[action.opponent]
        taken = tuple(
            colour for index, colour in enumerate(COLOURS) for _ in range(victim.pool[index])
        )
        _emit(state, events, PoolStolen(player, action.opponent, taken))
    elif isinstance(action, FilterMarbles):
        _filter(state, player, action, events)
    elif isinstance(action, CopyPotion):
        code = desk.completed[action.index].tile
        _emit(state, events, EffectCopied(player, code))
        _start_effect(state, player, desk, TILES[code].type, action.index, events)
        return
    _emit(state, events, EffectEnded(player))


def _stop_refusal(state, choices) -> str:
    """Why the pending effect may not be stopped now (:func:`effect_may_stop` said so)."""
    if state.effect.kind == "BLI":
        return _("The Elixir of Blind Love takes the pool of an opponent: choose whose.")
    colour = state.tracks[choices[0].track][0]
    return _(
        "The Abyssal Draft takes one marble of each colour at the bottom of the tracks: a "
        "{colour} marble is still there to take."
    ).format(colour=pgettext("a marble", COLOUR_NAMES[colour]))


def _filter(state, player, action, events) -> None:
    """Filter of Lavamancing: the chosen marbles return to the tank (they need not be adjacent);
    the marbles above slide down over each gap, top gap first, so positions stay meaningful."""
    track = state.tracks[action.track]
    positions = sorted(action.positions)
    colours = tuple(track[position] for position in positions)
    blocks: list = []
    for position in positions:
        if blocks and blocks[-1][1] == position - 1:
            blocks[-1][1] = position
        else:
            blocks.append([position, position])
    length = len(track)
    _emit(
        state,
        events,
        MarblesReturned(player, colours, "track", action.track, tuple(action.positions)),
    )
    for low, high in reversed(blocks):
        length -= high - low + 1
        if low < length:
            _emit(state, events, MarblesSlid(action.track, low, high - low + 1))


def _effect_refusal(kind, action) -> str:
    name = potion_name(kind)
    wanted = {
        "WIS": TakeMarble,
        "MAG": TakePair,
        "BAL": TakeRun,
        "ABY": TakeBottom,
        "BLI": TakePool,
        "FIL": FilterMarbles,
        "SAN": CopyPotion,
    }[kind]
    if not isinstance(action, wanted):
        return _("Finish the effect of your {potion} first (or stop using it).").format(potion=name)
    return {
        "WIS": _("There is no marble there."),
        "MAG": _("Magnetical Attraction takes 2 adjacent marbles of different colours."),
        "BAL": _("The Balm takes 2 or more adjacent marbles of one colour."),
        "ABY": _(
            "The Abyssal Draft takes a bottom marble of a colour not taken yet, from a track "
            "not taken from yet."
        ),
        "BLI": _("Choose an opponent's pool."),
        "FIL": _("The Filter returns 1 to 5 marbles of one colour from one track."),
        "SAN": _(
            "Sands of Time copies a potion you have already drunk, other than a Sands of Time."
        ),
    }[kind]


def tiles_left(state) -> bool:
    """Whether any potion tile is left in the stacks, face up or face down."""
    return any(stack.top is not None or stack.face_down for stack in state.stacks)


def game_ends_after_turn(state) -> bool:
    """Whether the game ends after the current turn whatever is drawn: the end is triggered (or
    the countdown stack is empty, which triggers it now) and the next player would be the first
    player, so the round is complete (rules, "End of the game"). Then step 2 of the end of the
    turn is skipped: a tile drawn now could never be brewed, so no stack is chosen (PE-D13)."""
    following = (state.player + 1) % state.num_players
    return following == state.first and (state.ending or state.countdown == 0)


def _advance_end(state, events) -> None:
    """End of turn steps 2–3: once no slot can be filled, check the end and pass the turn."""
    player = state.player
    desk = state.desks[player]
    empty = [slot for slot, brewing in enumerate(desk.slots) if brewing is None]
    last_turn = game_ends_after_turn(state)
    if empty and not last_turn and any(stack.top is not None for stack in state.stacks):
        return  # the player chooses a stack (PE-D5)
    if not last_turn:
        for slot in empty:
            _emit(state, events, NoTileLeft(player, slot))
    following = (player + 1) % state.num_players
    round_over = following == state.first
    if not state.ending and not tiles_left(state):
        # rules, "End of the game": after any turn that leaves the stacks empty, including the
        # turn that drew the last tile
        _emit(
            state,
            events,
            GameEndTriggered(N_("no potion tile is left in the stacks"), round_over),
        )
    _emit(state, events, TurnCounted(player))
    if state.countdown == 0 and not state.ending:
        _emit(
            state,
            events,
            GameEndTriggered(N_("the skill-token countdown stack is empty"), round_over),
        )
    if not state.ending and not any(state.tracks) and not any(state.tank):
        # PE-D15: every marble is in the players' pools and potions; none can be taken
        _emit(
            state,
            events,
            GameEndTriggered(N_("no marble is left in the dispenser or the tank"), round_over),
        )
    if state.ending and following == state.first:
        _finish_game(state, events)  # the round is complete: everyone had the same number of turns
        return
    _emit(state, events, TurnStarted(following))


# =============================================================================================
# 4. Explosions
# =============================================================================================


def exploding_run(colours, seam: int):
    """``(low, high)``: the places of ``colours`` (a track, bottom first) that explode when the
    marbles at ``seam - 1`` and ``seam`` meet, or None. They explode when both exist and match,
    together with every marble of that colour touching them in an unbroken run (rules,
    "Explosions", steps 2–3)."""
    if seam <= 0 or seam >= len(colours):
        return None  # the bottom was taken, or nothing slid down
    colour = colours[seam]
    if colours[seam - 1] != colour:
        return None
    low, high = seam - 1, seam
    while low > 0 and colours[low - 1] == colour:
        low -= 1
    while high + 1 < len(colours) and colours[high + 1] == colour:
        high += 1
    return low, high


def _settle(state, events) -> None:
    """Resolve everything that needs no decision: explosions of a pick after its track refilled,
    the end-of-turn steps, the tie-break bookkeeping. Stops at a chance node."""
    while state.phase in TURN_PHASES:
        if pending_chance(state):
            state._player = CHANCE  # what find_current_player would say: keep it
            return
        if state.seam is not None:
            _seam_step(state, events)
            continue
        if state.phase == END:
            _advance_end(state, events)
            if state.phase == END:
                state._player = state.player  # to choose a stack
                return
            continue
        state._player = state.player  # nothing pending: the turn's player decides
        return


def _seam_step(state, events) -> None:
    """One step of rules, "Explosions": check the seam; explode the whole run or stop."""
    seam = state.seam
    marbles = state.tracks[seam.track]
    position = seam.position
    run = exploding_run(marbles, position)
    if run is None:
        if 0 < position < len(marbles):
            _emit(
                state,
                events,
                SeamCollision(
                    seam.track, position, marbles[position - 1], marbles[position], False
                ),
            )
        _seam_done(state, events)
        return
    low, high = run
    colour = marbles[position]
    _emit(state, events, SeamCollision(seam.track, position, colour, colour, True))
    _emit(
        state,
        events,
        Exploded(state.player, seam.track, tuple(range(low, high + 1)), colour, seam.step),
    )
    if low < len(state.tracks[seam.track]):
        _emit(state, events, MarblesSlid(seam.track, low, high - low + 1))
    # the chain reaction: the new seam (set by Exploded) is checked after the track refills


def _seam_done(state, events) -> None:
    tie_break = state.seam_taker == TIEBREAK_CHAIN
    _emit(state, events, ChainEnded(state.seam.track))
    if tie_break:
        _emit(state, events, TieBreakResult(state.player, state.turn_taken))
        _next_tiebreaker(state, events)


def chain_preview(track: list, position: int) -> tuple:
    """``(positions, more)`` for a regular pick at ``position``: every position (in ``track`` as
    it is) that explodes, step after step of the chain reaction, as far as the marbles already
    in the track decide it; ``more`` is True when a marble still to roll in from the tank could
    join or continue the chain (the seam or a run reaches the top). Rules, "Explosions".
    Raises ``IndexError`` for an empty place."""
    if not 0 <= position < len(track):
        raise IndexError("no marble at that place of the track")
    where = [place for place in range(len(track)) if place != position]  # original places
    colours = [track[place] for place in where]
    seam = position
    exploded: list[int] = []
    while True:
        if seam <= 0:
            return sorted(exploded), False  # nothing below the gap
        if seam >= len(colours):
            return sorted(exploded), True  # an unknown refill marble meets the seam
        run = exploding_run(colours, seam)
        if run is None:
            return sorted(exploded), False
        low, high = run
        exploded += where[low : high + 1]
        if high + 1 == len(colours):
            return sorted(exploded), True  # the run reaches the top: refills may join
        del where[low : high + 1]
        del colours[low : high + 1]
        seam = low


# =============================================================================================
# 5. Skill tokens, end of the game, tie-break
# =============================================================================================


MASTERY_EVERY = 3
"""Mastery: a skill token for every 3 completed potions of one type («каждые 3 одинаковых
приготовленных зелья»): the 3rd, the 6th, ..."""


def mastery_due(desk, potion_type: str) -> bool:
    """Whether ``desk``'s completed potions of ``potion_type`` have earned a Mastery token they
    do not hold yet: one per full 3 of them (rules, "Skill tokens"; ``desk.mastery`` lists the
    type of each Mastery token earned)."""
    done = sum(1 for potion in desk.completed if TILES[potion.tile].type == potion_type)
    return done // MASTERY_EVERY > desk.mastery.count(potion_type)


def _check_skill_tokens(state, player, desk, potion_type, events) -> None:
    """Mastery (every 3rd potion of a type: the 3rd, the 6th, ...), Variety (5th type), 10th
    potion with 5–6 players (PE-D11); one completion can earn several (rules, "Skill
    tokens")."""
    types = [TILES[potion.tile].type for potion in desk.completed]
    if mastery_due(desk, potion_type):
        _award(state, player, "mastery", potion_type, events)
    if len(set(types)) >= 5 and not desk.variety:
        _award(state, player, "variety", "", events)
    if state.num_players >= 5 and len(types) >= 10 and not desk.tenth:
        _award(state, player, "tenth", "", events)


def _award(state, player, reason, potion_type, events) -> None:
    """A token from the countdown stack while it has any, then from the general supply."""
    source = "countdown" if state.countdown else "supply" if state.supply else "none"
    _emit(state, events, SkillTokenEarned(player, reason, source, potion_type))
    if source == "countdown" and not state.countdown and not state.ending:
        _emit(state, events, LastRoundBegun(player))


def score_parts(desk) -> tuple:
    """``(potion VP, skill-token VP, Little Help VP)`` of a desk: the completed potions' VP,
    4 per skill token, -2 per Little Help token (rules, "End of the game": Score)."""
    return (
        sum([TILES[potion.tile].vp for potion in desk.completed]),
        SKILL_TOKEN_VP * desk.tokens,
        LITTLE_HELP_VP * desk.helps,
    )


def score(desk) -> int:
    """A desk's total: the sum of :func:`score_parts`. The score sheet, the end of the game and
    the bots' heuristics all count with this."""
    return sum(score_parts(desk))


def _finish_game(state, events) -> None:
    """Score; a tie for the best total goes to the tie-break picks (PE-D12)."""
    totals = [score(desk) for desk in state.desks]
    best = max(totals)
    tied = [seat for seat in range(state.num_players) if totals[seat] == best]
    if len(tied) == 1:
        _game_over(state, tied, events)
        return
    order = sorted(tied, key=lambda seat: (seat - state.first) % state.num_players)
    _emit(state, events, TieBreakStarted(tuple(order)))
    _next_tiebreaker(state, events)


def _next_tiebreaker(state, events) -> None:
    """The next tied player picks; with an empty dispenser they take nothing; after the last,
    most marbles wins."""
    while state.tiebreak.index < len(state.tiebreak.order) and not any(state.tracks):
        _emit(state, events, TieBreakResult(state.tiebreak.order[state.tiebreak.index], 0))
    tiebreak = state.tiebreak
    if tiebreak.index < len(tiebreak.order):
        _emit(state, events, TieBreakTurn(tiebreak.order[tiebreak.index]))
        return
    most = max(tiebreak.taken)
    picks = zip(tiebreak.order, tiebreak.taken, strict=True)
    _game_over(state, sorted(seat for seat, taken in picks if taken == most), events)


def _game_over(state, winners, events) -> None:
    _emit(state, events, GameOver(tuple(winners), tuple(score(desk) for desk in state.desks)))


def score_sheet(state) -> dict:
    """Potion VP, skill tokens, Little Help, total per seat; winners; tie-break notes."""
    rows = [[*score_parts(desk), score(desk)] for desk in state.desks]
    totals = [row[-1] for row in rows]
    winners = (
        list(state.winners)
        if state.phase == OVER
        else [seat for seat in range(state.num_players) if totals[seat] == max(totals)]
    )
    notes = []
    if state.tiebreak is not None:
        # the picks made so far (``taken`` is shorter while the tie-break goes on)
        for seat, taken in zip(state.tiebreak.order, state.tiebreak.taken, strict=False):
            notes.append(
                ngettext(
                    "Tie-break: {name} took {count} marble.",
                    "Tie-break: {name} took {count} marbles.",
                    taken,
                ).format(name=_("Player {number}").format(number=seat + 1), count=taken)
            )
        if len(winners) > 1 and state.phase == OVER:
            notes.append(_("Still tied after the tie-break: the victory is shared."))
    return {
        "columns": [_("Potion VP"), _("Skill token VP"), _("Little Help"), _("Total")],
        "rows": rows,
        "winners": winners,
        "notes": notes,
    }


# =============================================================================================
# Words
# =============================================================================================


def _tile_words(code) -> str:
    tile = TILES[code]
    return ngettext(
        "{potion} ({holes} hole, {vp} VP)", "{potion} ({holes} holes, {vp} VP)", tile.holes
    ).format(potion=potion_name(code), holes=tile.holes, vp=tile.vp)


def _seat_name(names, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return _("Player {number}").format(number=seat + 1)


def places_words(positions) -> str:
    """Places (0-based ``positions`` of a track) as a player counts them: "1, 3 and 5"."""
    places = [str(position + 1) for position in sorted(positions)]
    if len(places) == 1:
        return places[0]
    return _("{first} and {last}").format(first=_(", ").join(places[:-1]), last=places[-1])


def action_to_string(state, action, names=None) -> str:
    """The action in plain words, e.g. "Pick the red marble at place 3 of track 2"; seats are
    named by ``names`` (one per seat) when given, else "Player N"."""

    def marble(track, position):
        if (
            isinstance(track, int)
            and 0 <= track < NUM_TRACKS
            and isinstance(position, int)
            and 0 <= position < len(state.tracks[track])
        ):
            return _("the {colour} marble at place {place} of track {track}").format(
                colour=pgettext("a marble", COLOUR_NAMES[state.tracks[track][position]]),
                place=position + 1,
                track=track + 1,
            )
        return _("the marble at place {place} of track {track}").format(
            place=position + 1 if isinstance(position, int) else position,
            track=track + 1 if isinstance(track, int) else track,
        )

    def completed(index):
        desk = state.desks[owner]
        if isinstance(index, int) and 0 <= index < len(desk.completed):
            return potion_name(desk.completed[index].tile)
        return None

    def colour_word(colour):
        return pgettext("a marble", COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else "?"

    owner = turn_owner(state)
    if isinstance(action, ChooseTypes):
        return _("Play with {potions}").format(
            potions=_(", ").join(potion_name(t) for t in action.types)
        )
    if isinstance(action, ChoosePotionType):
        return _("Choose {potion}").format(potion=potion_name(action.potion))
    if isinstance(action, ChooseFirstPlayer):
        return _("{name} goes first").format(name=_seat_name(names, action.seat))
    if isinstance(action, RevealStarter):
        return _("Reveal starter {tile}").format(tile=_tile_words(action.tile))
    if isinstance(action, DraftStarter):
        return _("Draft {tile}").format(tile=_tile_words(action.tile))
    if isinstance(action, RevealTile):
        return _("Stack {stack} shows {tile}").format(
            stack=action.stack + 1, tile=_tile_words(action.tile)
        )
    if isinstance(action, MarbleRollsIn):
        return _("A {colour} marble rolls into track {track}").format(
            colour=colour_word(action.colour), track=action.track + 1
        )
    if isinstance(action, RegularPick):
        return _("Pick {marble}").format(marble=marble(action.track, action.position))
    if isinstance(action, LittleHelp):
        return _("Take a Little Help (-2 VP) and {marble}").format(
            marble=marble(action.track, action.position)
        )
    if isinstance(action, PlaceMarble):
        name = "?"
        if (
            0 <= owner < state.num_players
            and 0 <= action.slot < BREWING_SLOTS
            and state.desks[owner].slots[action.slot]
        ):
            name = potion_name(state.desks[owner].slots[action.slot].tile)
        pool = action.source == POOL
        if action.hole == action.colour:
            sentence = (
                _("Place a {colour} marble from your pool on your {potion}")
                if pool
                else _("Place a {colour} marble from your hand on your {potion}")
            )
        else:
            sentence = (
                _("Place a {colour} marble from your pool on your {potion} (in a {hole} hole)")
                if pool
                else _("Place a {colour} marble from your hand on your {potion} (in a {hole} hole)")
            )
        return sentence.format(
            colour=colour_word(action.colour),
            potion=name,
            hole=pgettext("a hole", COLOUR_NAMES.get(action.hole, "?")),
        )
    if isinstance(action, MoveToPool):
        return _("Move a {colour} marble from your hand to your pool").format(
            colour=colour_word(action.colour)
        )
    if isinstance(action, MoveToHand):
        return _("Move a {colour} marble from your pool to your hand").format(
            colour=colour_word(action.colour)
        )
    if isinstance(action, Drink):
        name = completed(action.index)
        return _("Drink your {potion}").format(potion=name) if name else _("Drink a potion")
    if isinstance(action, TakeMarble):
        return _("Take {marble}").format(marble=marble(action.track, action.position))
    if isinstance(action, TakePair):
        return _("Take the marbles at places {place} and {next} of track {track}").format(
            place=action.position + 1, next=action.position + 2, track=action.track + 1
        )
    if isinstance(action, TakeRun):
        return ngettext(
            "Take {count} marble from place {place} of track {track}",
            "Take {count} marbles from place {place} of track {track}",
            action.length,
        ).format(count=action.length, place=action.start + 1, track=action.track + 1)
    if isinstance(action, TakeBottom):
        return _("Take the bottom marble of track {track}").format(track=action.track + 1)
    if isinstance(action, TakePool):
        return _("Take the pool of {name}").format(name=_seat_name(names, action.opponent))
    if isinstance(action, FilterMarbles):
        if len(action.positions) == 1:
            return _(
                "Return the {colour} marble at place {place} of track {track} to the tank"
            ).format(
                colour=colour_word(action.colour),
                place=action.positions[0] + 1,
                track=action.track + 1,
            )
        return _(
            "Return the {colour} marbles at places {places} of track {track} to the tank"
        ).format(
            colour=pgettext("marbles", COLOUR_NAMES.get(action.colour, "?")),
            places=places_words(action.positions),
            track=action.track + 1,
        )
    if isinstance(action, CopyPotion):
        name = completed(action.index)
        return (
            _("Use again your {potion}").format(potion=name) if name else _("Copy a drunk potion")
        )
    if isinstance(action, FinishEffect):
        return _("Stop using this potion's effect")
    if isinstance(action, EndTurn):
        return _("End your turn")
    if isinstance(action, ChooseStack):
        top = state.stacks[action.stack].top if 0 <= action.stack < NUM_STACKS else None
        if top:
            return _("Take {tile} from stack {stack}").format(
                tile=_tile_words(top), stack=action.stack + 1
            )
        return _("Take the top tile from stack {stack}").format(stack=action.stack + 1)
    if isinstance(action, TieBreakPick):
        return _("Tie-break: pick {marble}").format(marble=marble(action.track, action.position))
    return type(action).__name__
