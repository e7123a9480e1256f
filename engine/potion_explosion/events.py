"""What each Potion Explosion event does to the state: the one place it is written.

The rules (:mod:`engine.potion_explosion.rules`) decide what happens by reading the state, build
the event and play it here (``rules._emit``), then read the changed state to decide what comes
next (chain reactions, completions, the end of the turn). So applying a step's events one by one
to the state before the step gives exactly the state after it, by construction::

    functools.reduce(apply_event, events, before).to_dict() == after.to_dict()

The table scene uses :func:`apply_event` to draw the board between the animations of one step.
Each event class's docstring (in :mod:`engine.potion_explosion.state`) says what it changes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core import Event
from engine.potion_explosion.data import TYPE_CODES
from engine.potion_explosion.state import (
    COLOUR_INDEX,
    Brewing,
    ChainEnded,
    CompletedPotion,
    EffectCopied,
    EffectEnded,
    EffectStarted,
    Exploded,
    FirstPlayerChosen,
    GameEndTriggered,
    GameOver,
    HowTaken,
    LastRoundBegun,
    LittleHelpTaken,
    MarbleMoved,
    MarblePlaced,
    MarbleRefilled,
    MarblesReturned,
    MarblesSlid,
    MarbleTaken,
    NoTileLeft,
    PendingEffect,
    Phase,
    PhaseChanged,
    PoolMadeWild,
    PoolStolen,
    PotionCompleted,
    PotionDrunk,
    PotionExplosionState,
    PotionTypeChosen,
    Seam,
    SeamCollision,
    SeamTaker,
    SkillTokenEarned,
    Source,
    Stack,
    StacksFormed,
    StarterDrafted,
    StarterRevealed,
    TieBreak,
    TieBreakResult,
    TieBreakStarted,
    TieBreakTurn,
    TileDrawn,
    TileRevealed,
    TurnCounted,
    TurnEnded,
    TurnStarted,
    TypesChosen,
)

# Enum members read once: looking one up on its class costs about 0.2 µs in Python 3.11, too
# much in the paths bots run millions of times (current_player, legal_actions, play_event).
TYPES, FIRST, STARTERS, DRAFT, PLAY, END, TIEBREAK, OVER = Phase
HAND, POOL = Source
BY_PICK, BY_LITTLE_HELP, BY_POTION, BY_TIE_BREAK = HowTaken
PICK_CHAIN, TIEBREAK_CHAIN = SeamTaker


def apply_event(state, event):
    """The state after ``event``: a new state; ``state`` is not changed.

    Raises ``TypeError`` for an event that is not one of this game's.
    """
    after = state.clone()
    play_event(after, event)
    return after


def play_event(state, event) -> None:
    """Change ``state`` in place as ``event`` says (see each event class's docstring), and make
    it forget the player to move and the legal actions worked out before
    (:meth:`PotionExplosionState.changed`).

    Raises ``TypeError`` for an event that is not one of this game's.
    """
    effect = _EFFECTS.get(type(event))
    if effect is None:
        raise TypeError(f"{type(event).__name__} is not a Potion Explosion event")
    effect(state, event)
    state._player = None  # PotionExplosionState.changed(), inlined: it runs at every event
    state._legal = None
    state._chance = None


# --- setup -----------------------------------------------------------------------------------
def _potion_type_chosen(state, event: PotionTypeChosen) -> None:
    state.types.append(event.potion)
    state.types.sort(key=TYPE_CODES.index)


def _types_chosen(state, event: TypesChosen) -> None:
    state.types = list(event.types)


def _phase_changed(state, event: PhaseChanged) -> None:
    state.phase = Phase(event.phase)


def _first_player_chosen(state, event: FirstPlayerChosen) -> None:
    state.first = event.seat


def _starter_revealed(state, event: StarterRevealed) -> None:
    state.revealed.append(event.tile)
    state.revealed.sort()


def _starter_drafted(state, event: StarterDrafted) -> None:
    state.revealed.remove(event.tile)
    state.desks[event.player].slots[event.slot] = Brewing(event.tile)
    state.draft_index += 1


def _stacks_formed(state, event: StacksFormed) -> None:
    state.stacks = [Stack(None, size) for size in event.sizes]


# --- chance ----------------------------------------------------------------------------------
def _tile_revealed(state, event: TileRevealed) -> None:
    state.stacks[event.stack] = Stack(event.tile, state.stacks[event.stack].face_down - 1)


def _marble_refilled(state, event: MarbleRefilled) -> None:
    state.tank[COLOUR_INDEX[event.colour]] -= 1
    state.tracks[event.track].append(event.colour)


# --- the dispenser ---------------------------------------------------------------------------
def _marble_taken(state, event: MarbleTaken) -> None:
    state.tracks[event.track].pop(event.position)
    state.desks[event.player].hand[COLOUR_INDEX[event.colour]] += 1
    reason = event.reason
    if reason == BY_PICK:
        state.picked = True
        state.seam = Seam(event.track, event.position, 1)
        state.seam_taker = PICK_CHAIN
    elif reason == BY_TIE_BREAK:
        state.seam = Seam(event.track, event.position, 1)
        state.seam_taker = TIEBREAK_CHAIN
        state.turn_taken = 1
    elif reason == BY_POTION and state.effect is not None:
        effect = state.effect
        state.effect = PendingEffect(
            effect.kind,
            effect.tracks + (event.track,),
            effect.colours + (event.colour,),
            effect.source,
        )


def _nothing(state, event) -> None:
    """Events for the animation and the log only (the state is already as they show)."""


def _exploded(state, event: Exploded) -> None:
    lowest = min(event.positions)
    del state.tracks[event.track][lowest : max(event.positions) + 1]
    count = len(event.positions)
    state.desks[event.player].hand[COLOUR_INDEX[event.colour]] += count
    if state.seam_taker == TIEBREAK_CHAIN:
        state.turn_taken += count
    state.seam = Seam(event.track, lowest, event.chain_step + 1)


def _chain_ended(state, event: ChainEnded) -> None:
    state.seam = None
    state.seam_taker = None


# --- the desk --------------------------------------------------------------------------------
def _take_from_pool(desk, colour_index: int, wild_first: bool = False) -> None:
    """One marble of a colour leaves the pool: an ordinary one before a wild one, unless it is
    placed in another colour's hole (then it was wild)."""
    desk.pool[colour_index] -= 1
    if wild_first or desk.wild[colour_index] > desk.pool[colour_index]:
        desk.wild[colour_index] -= 1


def _marble_moved(state, event: MarbleMoved) -> None:
    desk = state.desks[event.player]
    colour_index = COLOUR_INDEX[event.colour]
    if event.dest == POOL:
        desk.hand[colour_index] -= 1
        desk.pool[colour_index] += 1
        state.to_pool[colour_index] += 1
    else:
        _take_from_pool(desk, colour_index)
        state.to_pool[colour_index] = min(state.to_pool[colour_index], desk.pool[colour_index])
        desk.hand[colour_index] += 1


def _marble_placed(state, event: MarblePlaced) -> None:
    desk = state.desks[event.player]
    colour_index = COLOUR_INDEX[event.colour]
    if event.source == HAND:
        desk.hand[colour_index] -= 1
    else:
        _take_from_pool(desk, colour_index, wild_first=event.hole != event.colour)
    brewing = desk.slots[event.slot]
    desk.slots[event.slot] = Brewing(brewing.tile, brewing.placed + (event.hole + event.colour,))


def _potion_completed(state, event: PotionCompleted) -> None:
    desk = state.desks[event.player]
    desk.slots[event.slot] = None
    desk.completed.append(CompletedPotion(event.tile))
    for colour in event.returned:
        state.tank[COLOUR_INDEX[colour]] += 1


def _skill_token_earned(state, event: SkillTokenEarned) -> None:
    desk = state.desks[event.player]
    if event.reason == "mastery":
        desk.mastery.append(event.potion_type)
    elif event.reason == "variety":
        desk.variety = True
    else:
        desk.tenth = True
    if event.source == "countdown":
        state.countdown -= 1
    elif event.source == "supply":
        state.supply -= 1
    else:
        return  # no token left to take
    desk.tokens += 1


def _little_help_taken(state, event: LittleHelpTaken) -> None:
    state.desks[event.player].helps += 1
    state.help_used = True


# --- potions ---------------------------------------------------------------------------------
def _potion_drunk(state, event: PotionDrunk) -> None:
    state.desks[event.player].completed[event.index] = CompletedPotion(event.tile, True)


def _effect_started(state, event: EffectStarted) -> None:
    state.effect = PendingEffect(event.kind, (), (), event.source)


def _effect_over(state, event) -> None:
    state.effect = None


def _pool_stolen(state, event: PoolStolen) -> None:
    thief = state.desks[event.player]
    for colour in event.colours:
        thief.hand[COLOUR_INDEX[colour]] += 1
    victim = state.desks[event.opponent]
    victim.pool = [0, 0, 0, 0]
    victim.wild = [0, 0, 0, 0]


def _pool_made_wild(state, event: PoolMadeWild) -> None:
    desk = state.desks[event.player]
    desk.wild = desk.pool[:]


def _marbles_returned(state, event: MarblesReturned) -> None:
    if event.source == HAND:
        hand = state.desks[event.player].hand
        for colour in event.colours:
            hand[COLOUR_INDEX[colour]] -= 1
    else:
        track = state.tracks[event.track]
        for position in sorted(event.positions, reverse=True):
            del track[position]
    for colour in event.colours:
        state.tank[COLOUR_INDEX[colour]] += 1


# --- turns -----------------------------------------------------------------------------------
def _turn_started(state, event: TurnStarted) -> None:
    state.phase = PLAY
    state.player = event.player
    state.picked = False
    state.help_used = False
    state.to_pool = [0, 0, 0, 0]


def _turn_ended(state, event: TurnEnded) -> None:
    state.desks[event.player].wild = [0, 0, 0, 0]  # PE-D10: wild until the end of the turn
    state.phase = END


def _tile_drawn(state, event: TileDrawn) -> None:
    state.stacks[event.stack] = Stack(None, state.stacks[event.stack].face_down)
    state.desks[event.player].slots[event.slot] = Brewing(event.tile)


def _turn_counted(state, event: TurnCounted) -> None:
    state.desks[event.player].turns += 1


def _game_end_triggered(state, event: GameEndTriggered) -> None:
    state.ending = True


def _tie_break_started(state, event: TieBreakStarted) -> None:
    state.tiebreak = TieBreak(tuple(event.players))
    state.phase = TIEBREAK
    state.picked = False
    state.help_used = False


def _tie_break_turn(state, event: TieBreakTurn) -> None:
    state.player = event.player


def _tie_break_result(state, event: TieBreakResult) -> None:
    tiebreak = state.tiebreak
    state.tiebreak = TieBreak(tiebreak.order, tiebreak.index + 1, tiebreak.taken + (event.marbles,))
    state.turn_taken = 0


def _game_over(state, event: GameOver) -> None:
    state.phase = OVER
    state.winners = list(event.winners)


# each effect takes its own event class, so the table's value type takes any event
_EFFECTS: dict[type[Event], Callable[[PotionExplosionState, Any], None]] = {
    PotionTypeChosen: _potion_type_chosen,
    TypesChosen: _types_chosen,
    PhaseChanged: _phase_changed,
    FirstPlayerChosen: _first_player_chosen,
    StarterRevealed: _starter_revealed,
    StarterDrafted: _starter_drafted,
    StacksFormed: _stacks_formed,
    TileRevealed: _tile_revealed,
    MarbleRefilled: _marble_refilled,
    MarbleTaken: _marble_taken,
    MarblesSlid: _nothing,
    SeamCollision: _nothing,
    Exploded: _exploded,
    ChainEnded: _chain_ended,
    MarbleMoved: _marble_moved,
    MarblePlaced: _marble_placed,
    PotionCompleted: _potion_completed,
    SkillTokenEarned: _skill_token_earned,
    LittleHelpTaken: _little_help_taken,
    PotionDrunk: _potion_drunk,
    EffectStarted: _effect_started,
    EffectCopied: _effect_over,
    EffectEnded: _effect_over,
    PoolStolen: _pool_stolen,
    PoolMadeWild: _pool_made_wild,
    MarblesReturned: _marbles_returned,
    TurnStarted: _turn_started,
    TurnEnded: _turn_ended,
    TileDrawn: _tile_drawn,
    NoTileLeft: _nothing,
    TurnCounted: _turn_counted,
    LastRoundBegun: _nothing,
    GameEndTriggered: _game_end_triggered,
    TieBreakStarted: _tie_break_started,
    TieBreakTurn: _tie_break_turn,
    TieBreakResult: _tie_break_result,
    GameOver: _game_over,
}
"""Each event class and the function that plays it."""

__all__ = ["apply_event", "play_event"]
