"""What each Off the Rails event does to a state: the one place where an event's effect is written.

The rules (:mod:`.rules`) decide what happens by reading the state, build an event that says
everything that changes, and play it here; the next decision reads the changed state. So the
events of a step, played one by one on the state before it, give exactly the state after it::

    functools.reduce(apply_event, events, before.clone()).to_dict() == after.to_dict()

and a table scene draws the state between two events with :func:`apply_event` instead of its own
copy of the effects. :func:`play_event` changes a state in place; :func:`apply_event` returns a
changed copy. Containers a clone shares (``unseen`` values, ``piles``, ``delivered`` values, gem
counts, ``facts``) are replaced, never changed in place. Every play resets the legal-action cache.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from engine.core import Event
from engine.off_the_rails import board
from engine.off_the_rails.board import COLOURS, OPPOSITE
from engine.off_the_rails.data import (
    DIRTY_GOBLINS,
    GEM_INDEX,
    NO_FACTS,
    START_SPEED,
    CartExit,
    add,
    jewels,
    one,
    sub,
    zero,
)
from engine.off_the_rails.state import (
    ActionsEnded,
    CardRevealed,
    CardSkipped,
    CartDerailed,
    CartFell,
    CartLeftMine,
    CartMoved,
    CartPlace,
    CartPlaced,
    CartReturned,
    CartStarted,
    CartTurned,
    CartTurnedFromChasm,
    ChasmCardRevealed,
    ChasmCardShuffledBack,
    ChasmDieRolled,
    ChasmOpened,
    ChasmPhaseBegan,
    ChasmTokenDrawn,
    ChasmTurnBegan,
    Collided,
    CollisionKind,
    DerailCause,
    EdgeTaken,
    ExitChosen,
    FinalTurnPlayed,
    GameEnded,
    GameEndReached,
    GemPlaced,
    GemsDropped,
    GemTaken,
    LoadSplit,
    MissionClaimed,
    MissionDealt,
    MissionsChecked,
    OTRState,
    SpeedChanged,
    TasksChanged,
    TilePlaced,
    TileUpgraded,
    TurnStarted,
)

__all__ = ["apply_event", "play_event"]


def apply_event(state: OTRState, event) -> OTRState:
    """The state after ``event``: a changed clone; ``state`` itself is not changed.

    Raises ``KeyError`` for an event of another game; an event that does not fit ``state`` (not
    one its rules emitted there) gives an undefined result.
    """
    after = state.clone()
    play_event(after, event)
    return after


def play_event(state: OTRState, event) -> None:
    """Change ``state`` in place as ``event`` says (and drop its legal-action cache)."""
    _PLAY[type(event)](state, event)
    state._legal = None


# --- setup -----------------------------------------------------------------------------------
def _edge_taken(state, event: EdgeTaken):
    state.edges[event.player] = event.edge
    for index in state.carts_of(event.player):
        state.carts[index].colour = event.colour


def _mission_dealt(state, event: MissionDealt):
    state.dealt.append(event.mission)
    state.missions.append(event.mission)


def _card_revealed(state, event: CardRevealed):
    """A numbered deposit card leaves its colour's unseen cards (and the top pile of the deck)."""
    if event.from_deposit_deck:
        _take_from_top_pile(state, COLOURS.index(event.colour))
    _forget_card(state, event.colour, event.number)


def _chasm_card_revealed(state, event: ChasmCardRevealed):
    """The Chasm card: every player has one more turn, the revealer last."""
    _take_from_top_pile(state, 4)
    state.chasm_card_seen = True
    state.revealed_chasm_now = True
    state.final_turns_left = state.num_players


def _take_from_top_pile(state, index):
    pile = list(state.piles[0])
    pile[index] -= 1
    if sum(pile):
        state.piles[0] = tuple(pile)
    else:
        state.piles.pop(0)


def _forget_card(state, colour, number):
    state.unseen[colour] = tuple(n for n in state.unseen[colour] if n != number)


def _gem_placed(state, event: GemPlaced):
    """A gem from the bag (solo: from the start pool) onto a square."""
    square = (event.row, event.col)
    gem = one(GEM_INDEX[event.gem])
    state.gems[square] = add(state.gems.get(square, zero()), gem)
    if state.solo:
        state.solo_pool = sub(state.solo_pool, gem)
    else:
        state.bag = sub(state.bag, gem)


# --- the turn --------------------------------------------------------------------------------
def _turn_started(state, event: TurnStarted):
    state.player = event.player
    state.turn = event.turn
    state.actions_left = 4
    state.moved = []
    state.claimed = False
    state.facts = NO_FACTS
    state.chasm_turn = False
    state.revealed_chasm_now = False


def _tile_placed(state, event: TilePlaced):
    state.tiles[(event.row, event.col)] = event.exits
    state.actions_left -= 1


def _tile_upgraded(state, event: TileUpgraded):
    state.tiles[(event.row, event.col)] = event.new
    state.actions_left -= 1


def _cart_placed(state, event: CartPlaced):
    cart = state.carts[event.cart]
    cart.where = CartPlace.BOARD
    cart.square = (event.row, event.col)
    cart.facing = event.facing
    cart.back = OPPOSITE[event.facing]
    cart.speed = START_SPEED
    cart.load = zero()
    state.actions_left -= 1


def _speed_changed(state, event: SpeedChanged):
    state.carts[event.cart].speed = event.new
    state.actions_left -= 1


def _nothing(state, event):
    """Events that only tell (the log, the animation): the state does not change."""


def _tasks_changed(state, event: TasksChanged):
    state.tasks[0 : event.replace] = event.tasks


# --- movement --------------------------------------------------------------------------------
def _cart_started(state, event: CartStarted):
    state.moved.append(event.cart)
    state.taken_here = 0
    state.carts[event.cart].facing = event.facing


def _cart_moved(state, event: CartMoved):
    """The cart rolled along ``path``: it stands on the last square, its back towards the one
    before. Each step onto a grid square starts a new count of gems taken there; the last step
    onto the surface or into a chasm does not (the cart leaves the board there)."""
    cart = state.carts[event.cart]
    path = event.path
    last, before = path[-1], path[-2]
    step = (last[0] - before[0], last[1] - before[1])
    cart.back = OPPOSITE[_SIDE_OF_STEP[step]]
    cart.square = tuple(last)
    cart.facing = event.facing
    onto_board = board.on_grid(last) and tuple(last) not in state.chasm
    if onto_board or len(path) > 2:
        state.taken_here = 0


_SIDE_OF_STEP = {delta: side for side, delta in board.DELTA.items()}


def _exit_chosen(state, event: ExitChosen):
    state.carts[event.cart].facing = event.side


def _gem_taken(state, event: GemTaken):
    """The cart takes one gem from the deposit it is on; a cart of the active player holding 5
    jewels and no rock is noted for Gem Collector."""
    cart = state.carts[event.cart]
    square = (event.row, event.col)
    gem = one(GEM_INDEX[event.gem])
    cart.load = add(cart.load, gem)
    left = sub(state.gems[square], gem)
    if sum(left):
        state.gems[square] = left
    else:
        del state.gems[square]
    state.taken_here += 1
    if jewels(cart.load) == 5 and cart.load[0] == 0 and cart.owner == state.player:
        state.facts = replace(state.facts, collector=True)


def _to_supply(cart, where):
    cart.where = where
    cart.square = None
    cart.back = None
    cart.facing = None
    cart.load = zero()
    cart.speed = START_SPEED


def _cart_left_mine(state, event: CartLeftMine):
    """Leaving the mine: the load goes to the owner's stockpile (solo: delivered at that edge),
    the cart back to the supply."""
    cart = state.carts[event.cart]
    owner = cart.owner
    state.stockpiles[owner] = add(state.stockpiles[owner], event.gems)
    by_opponent = any(edge == event.edge for seat, edge in enumerate(state.edges) if seat != owner)
    state.facts = replace(
        state.facts, exits=state.facts.exits + (CartExit(event.gems, by_opponent),)
    )
    if state.solo:
        state.delivered[event.edge] = add(state.delivered[event.edge], event.gems)
    _to_supply(cart, CartPlace.SUPPLY)


def _cart_fell(state, event: CartFell):
    """Into the chasm: cart and gems leave the game."""
    cart = state.carts[event.cart]
    state.lost = add(state.lost, event.gems)
    _to_supply(cart, CartPlace.LOST)


def _cart_derailed(state, event: CartDerailed):
    """Gems back to the bag, the cart to its owner's supply (solo: out of the game). An
    opponent's cart derailed in a collision in the active player's turn counts for Bumper
    Carts."""
    cart = state.carts[event.cart]
    state.bag = add(state.bag, event.gems)
    _to_supply(cart, CartPlace.LOST if event.removed else CartPlace.SUPPLY)
    if event.cause == DerailCause.COLLISION and event.player != state.player:
        state.facts = replace(state.facts, derailed_opponent=True)


def _cart_returned(state, event: CartReturned):
    _to_supply(state.carts[event.cart], CartPlace.SUPPLY)


# --- collisions ------------------------------------------------------------------------------
def _collided(state, event: Collided):
    if event.kind == CollisionKind.HEAD_ON:
        state.facts = replace(state.facts, head_on=True)


def _cart_turned(state, event: CartTurned):
    """Turning round: the side the cart came from becomes its front."""
    cart = state.carts[event.cart]
    cart.back, cart.facing = cart.facing, cart.back


def _load_split(state, event: LoadSplit):
    state.piles_split = event.piles


def _gems_dropped(state, event: GemsDropped):
    """The hit cart's gems stay on its square as a deposit; an opponent's jewels dropped in the
    active player's turn count for Jewel Heist. A split waiting for the pick is over."""
    cart = state.carts[event.cart]
    cart.load = sub(cart.load, event.gems)
    square = (event.row, event.col)
    state.gems[square] = add(state.gems.get(square, zero()), event.gems)
    state.piles_split = None
    if jewels(event.gems) and event.player != state.player:
        state.facts = replace(state.facts, heist=True)


# --- missions --------------------------------------------------------------------------------
def _mission_claimed(state, event: MissionClaimed):
    """A mission taken; during play it is the active player's one mission this turn (Dirty
    Goblins is only awarded at the end)."""
    state.missions.remove(event.mission)
    state.taken[event.player].append(event.mission)
    if event.mission != DIRTY_GOBLINS:
        state.claimed = True


def _missions_checked(state, event: MissionsChecked):
    state.facts = NO_FACTS


# --- the chasm -------------------------------------------------------------------------------
def _chasm_opened(state, event: ChasmOpened):
    """A chasm token on a square: its tile goes and its gems fall in (a cart there falls with the
    :class:`CartFell` that follows). The card that named the square leaves its deck; in solo a
    token leaves the supply with it."""
    square = (event.row, event.col)
    state.tiles.pop(square, None)
    state.gems.pop(square, None)
    state.lost = add(state.lost, event.gems)
    state.chasm[square] = event.colour
    if event.card:
        if state.solo:
            state.solo_deck.remove((event.colour, event.card))
            state.token_supply[event.colour] -= 1
        else:
            _forget_card(state, event.colour, event.card)


def _chasm_token_drawn(state, event: ChasmTokenDrawn):
    state.token_supply[event.colour] -= 1


def _card_skipped(state, event: CardSkipped):
    state.solo_deck.remove((event.colour, event.number))


def _chasm_turn_began(state, event: ChasmTurnBegan):
    state.chasm_turn = True


def _final_turn_played(state, event: FinalTurnPlayed):
    state.final_turns_left = event.turns_left


def _chasm_phase_began(state, event: ChasmPhaseBegan):
    state.chasm_phase = True


def _game_ended(state, event: GameEnded):
    state.over = True
    state.result = event.result


# each effect takes its own event class, so the table's value type takes any event
_PLAY: dict[type[Event], Callable[[OTRState, Any], None]] = {
    EdgeTaken: _edge_taken,
    MissionDealt: _mission_dealt,
    CardRevealed: _card_revealed,
    GemPlaced: _gem_placed,
    TurnStarted: _turn_started,
    TilePlaced: _tile_placed,
    TileUpgraded: _tile_upgraded,
    CartPlaced: _cart_placed,
    SpeedChanged: _speed_changed,
    ActionsEnded: _nothing,
    CartMoved: _cart_moved,
    ExitChosen: _exit_chosen,
    CartTurnedFromChasm: _nothing,
    GemTaken: _gem_taken,
    Collided: _collided,
    CartTurned: _cart_turned,
    LoadSplit: _load_split,
    GemsDropped: _gems_dropped,
    CartDerailed: _cart_derailed,
    CartFell: _cart_fell,
    CartLeftMine: _cart_left_mine,
    CartReturned: _cart_returned,
    MissionClaimed: _mission_claimed,
    ChasmCardRevealed: _chasm_card_revealed,
    ChasmTokenDrawn: _chasm_token_drawn,
    ChasmDieRolled: _nothing,
    ChasmOpened: _chasm_opened,
    CardSkipped: _card_skipped,
    ChasmCardShuffledBack: _nothing,
    GameEnded: _game_ended,
    TasksChanged: _tasks_changed,
    CartStarted: _cart_started,
    MissionsChecked: _missions_checked,
    ChasmTurnBegan: _chasm_turn_began,
    FinalTurnPlayed: _final_turn_played,
    ChasmPhaseBegan: _chasm_phase_began,
    GameEndReached: _nothing,
}
"""Event class -> its effect; every class in ``state.EVENTS`` has one."""
