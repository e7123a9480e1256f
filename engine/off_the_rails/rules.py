"""The rules of Off the Rails, as the engine plays them (docs/rules/off_the_rails.md).

How the game runs
-----------------
The state keeps a short to-do list, ``state.tasks``, head first (records of :mod:`.tasks`, such
as ``Run(cart=2, steps=3)``). :func:`_advance` carries out every task that needs nobody's input
(a cart rolling on, a forced pick-up, the end of a turn) and stops at the first task that needs a
player's decision or a chance outcome; that head task decides ``current_player()``.

The rules change a state only through events: they read the state to decide what happens, build
the event that says so and play it with :func:`events.play_event` (``_emit``), then read the
changed state to decide what comes next. Changes of the to-do list are events too
(:class:`state.TasksChanged`). So the events of a step, played one by one, give its result.

Tasks and the rule each one implements:

* setup: ``setup_card`` (4 open deposits), ``draw_gems`` (gems from the bag), ``deal_mission``,
  ``choose_edge`` / ``draw_edge`` (Setup); solo: ``solo_gem`` (one gem per mine square).
* a turn: ``start_turn`` -> ``actions`` (Action phase, ended by the player: OR-D12) ->
  ``movement`` (Movement phase) ->
  ``deposit`` (Deposit phase, or the chasm phase / solo chasm reveals) -> ``end_turn``; the end
  of ``movement`` becomes a ``mission`` check for missions the player holds.
* movement of one cart: ``run`` (the cart rolls on until something happens: a deposit to take
  from, a junction, a collision, the end of its move), ``pickup`` (1 gem when entering, 2 in all
  when stopping), ``exit`` (junction choice, OR-D6), ``stop``, collisions (``split``, ``pick``,
  ``drop``, ``collision_end``), ``cart_done`` -> ``mission`` (missions claimed at once, OR-D11).
* the chasm: ``chasm_deck`` (the chasm deck revealed), ``begin_chasm``, ``chasm_draw``,
  ``chasm_die`` (OR-D8), ``chasm_place``; ``solo_reveal``; ``game_end``.

Luck is explicit: decks and the bag are multisets. A deposit card's colour is drawn from the
colours left in the top pile of the deposit deck, its number uniformly from that colour's numbers
not seen yet (the removed cards, the chasm deck and the deck are all face down, so this is the
same distribution as a shuffled deck).

Engine decisions beyond the rules file (documented here and in the report):

* A cart whose movement ends, also when a collision stops it, takes gems until it has taken 2 from
  that square during this movement ("2 in all").
* A collision that stops a cart still on its surface square sends it back to the supply (OR-D10).
* A chasm token with no free square next to its colour goes next to any chasm, else anywhere.
* "Drop the larger half" split rule: the owner chooses which ceil(n/2) gems the cart drops.
* Solo: the game ends at the end of a turn when no cart is left (board or supply) or all 20 chasm
  tokens are placed; the result is graded on what was delivered.
* The game length option gives the number of piles of 4 in the deposit deck (13: 2 ... 25: 5); the
  cards removed per colour are what is left over. With 2-3 players one more card of each colour is
  always removed, so only 13, 17 and 21 exist for them (``data.lengths_for``); ``new_state``
  refuses another length with the lengths allowed.
* No cart moves onto a chasm square by choice (:func:`ways_on`): at a junction the exits into
  chasm squares are not offered while another exit exists; a single way left is taken without
  asking; only when every way on leads into the chasm is the cart forced in. A cart resting on a
  junction whose chosen exit has become chasm chooses again when its movement starts.
* Missions are taken at once: after each cart's movement (all missions), and once more when the
  movement phase ends. Missions fulfilled by what the player holds (Gem Collector, The Spice of
  Life: ``data.HOLDING_MISSIONS``) may also be taken in the action phase (``ClaimMission``, no
  action spent). Still one per turn; two at once: the player chooses (OR-D11).
* OR-D12: the action phase ends only when the player ends it (``EndActions``), also after the
  fourth action: a last look at the board before the carts roll, and every action stays
  undoable until then. With no action left, ending the phase (or taking a held mission) is all
  that is legal.
* With an even load a split and its mirror are the same choice: one is listed; the mirror is
  refused with a sentence naming the listed one (legal moves are exactly the listed ones).
"""

from __future__ import annotations

from engine.core import CHANCE, TERMINAL, Action, IllegalAction, emitter
from engine.off_the_rails import board
from engine.off_the_rails.board import COLOURS, EDGES, OPPOSITE
from engine.off_the_rails.data import (
    BAG,
    BUMPER_CARTS,
    CART_CAPACITY,
    CART_POINTS,
    CHASM,
    DEPOSIT_GEMS,
    DIRTY_GOBLINS,
    GEM_INDEX,
    GEMS,
    HOLDING_MISSIONS,
    JEWEL_EDGE,
    JEWELS,
    MAX_SPEED,
    MIN_SPEED,
    MISSION_POINTS,
    MISSIONS,
    NO_FACTS,
    RUBY_BONUS,
    SOLO_MINE_GEMS,
    TOKENS_PER_COLOUR,
    TOTAL_TOKENS,
    add,
    default_length,
    fulfilled_by_holding,
    gems_text,
    has_most_rubies,
    jewels,
    larger_half,
    length_refusal,
    mission_fulfilled,
    mission_name,
    piles_for_length,
    sub,
    sub_multisets,
    value,
    zero,
)
from engine.off_the_rails.events import play_event
from engine.off_the_rails.state import (
    ActionsEnded,
    CardRevealed,
    CardSkipped,
    Cart,
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
    ChangeSpeed,
    ChasmCardRevealed,
    ChasmCardShuffledBack,
    ChasmDieRolled,
    ChasmOpened,
    ChasmPhaseBegan,
    ChasmTokenDrawn,
    ChasmTurnBegan,
    ChooseEdge,
    ChooseExit,
    ClaimMission,
    Collided,
    CollisionKind,
    DealMission,
    DerailCause,
    DrawChasmToken,
    DrawEdge,
    DrawGem,
    DropGems,
    EdgeTaken,
    EndActions,
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
    MoveCart,
    OTRState,
    Pending,
    PickPile,
    PlaceCart,
    PlaceChasmToken,
    PlaceTile,
    RevealCard,
    RollChasmDie,
    SpeedChanged,
    SplitLoad,
    TakeGem,
    TasksChanged,
    TilePlaced,
    TileUpgraded,
    TurnStarted,
    UpgradeTile,
    article,
    square_name,
    tile_words,
)
from engine.off_the_rails.tasks import (
    MISSION,
    TURN,
    CartStep,
    CollisionEnd,
    ColourStep,
    DrawGems,
    HitStep,
    Pickup,
    Run,
    SoloGem,
    SoloReveal,
    StartTurn,
    Step,
    TaskKind,
)
from engine.off_the_rails.words import (
    colour_word,
    jewels_plural,
    join_and,
    join_or,
    player_name,
    the_cart,
)
from translation import N_, _, ngettext, sentences

CHANCE_TASKS = frozenset(
    {
        TaskKind.SETUP_CARD,
        TaskKind.DRAW_GEMS,
        TaskKind.DEAL_MISSION,
        TaskKind.DRAW_EDGE,
        TaskKind.DEPOSIT,
        TaskKind.CHASM_DRAW,
        TaskKind.CHASM_DIE,
        TaskKind.CHASM_DECK,
        TaskKind.SOLO_GEM,
        TaskKind.SOLO_REVEAL,
    }
)
OWNER_TASKS = frozenset({TaskKind.SPLIT, TaskKind.DROP})
"""Decisions taken by the owner of the hit cart, not by the active player."""
FIRST_PLAYER_TASKS = frozenset({TaskKind.CHOOSE_EDGE})
"""Setup: the first player picks the edge."""
MOVING_CART_TASKS = frozenset({TaskKind.EXIT, TaskKind.PICKUP})
HIT_TASKS = frozenset({TaskKind.SPLIT, TaskKind.DROP, TaskKind.PICK})
CHANCE_OUTCOMES = (DrawEdge, DealMission, RevealCard, DrawGem, DrawChasmToken, RollChasmDie)
ACTION_PHASE_MOVES = (PlaceTile, UpgradeTile, PlaceCart, ChangeSpeed, EndActions)

_PENDING = {
    TaskKind.CHOOSE_EDGE: Pending.EDGE,
    TaskKind.ACTIONS: Pending.ACTIONS,
    TaskKind.MOVEMENT: Pending.MOVE_CART,
    TaskKind.EXIT: Pending.EXIT,
    TaskKind.PICKUP: Pending.GEM,
    TaskKind.SPLIT: Pending.SPLIT,
    TaskKind.DROP: Pending.DROP,
    TaskKind.PICK: Pending.PICK,
    TaskKind.MISSION: Pending.MISSION,
    TaskKind.CHASM_PLACE: Pending.CHASM_TOKEN,
}

# Pre-built action tuples so legal_actions stays cheap (it is called after every step).
_PLACE = {
    square: tuple(PlaceTile(square[0], square[1], exits) for exits in board.PLACEABLE)
    for square in board.BUILDABLE
}
_UPGRADE = {
    (square, old): tuple(UpgradeTile(square[0], square[1], new) for new in board.upgrades(old))
    for square in board.BUILDABLE
    for old in board.ALL_TILES
}


_emit = emitter(play_event)


def _replace_head(state, events, *tasks) -> None:
    """The head task is done and ``tasks`` (maybe none) come first instead."""
    _emit(state, events, TasksChanged(1, tasks))


def _queue_first(state, events, *tasks) -> None:
    """``tasks`` go before the head task."""
    _emit(state, events, TasksChanged(0, tasks))


def _replace_all(state, events, *tasks) -> None:
    """Every task is dropped for ``tasks`` (the end of the game)."""
    _emit(state, events, TasksChanged(len(state.tasks), tasks))


def _task_done(state, events) -> None:
    _replace_head(state, events)


# =============================================================================================
# Setup (rules: "Setup", "Solo rules")
# =============================================================================================
def new_state(num_players: int, options: dict) -> OTRState:
    """The position before setup: a chance node (the first open deposit, or the solo gems).

    ``options``: ``bumper_carts`` (bool), ``chasm_die`` (bool), ``game_length`` (13/17/21/25),
    ``split_rule`` ("choose" or "larger"). Raises ``ValueError`` for 0 or more than 4 players
    and for a game length that does not exist for the seat count (:func:`data.lengths_for`).
    """
    if not 1 <= num_players <= 4:
        raise ValueError(_("Off the Rails is played by 1 to 4 players."))
    length = options.get("game_length", default_length(num_players))
    reason = length_refusal(num_players, length)
    if reason:
        raise ValueError(reason)
    state = OTRState()
    state.num_players = num_players
    state.solo = num_players == 1
    state.bumper = bool(options.get("bumper_carts", False))
    state.chasm_die = bool(options.get("chasm_die", False))
    state.length = int(length)
    state.split_rule = options.get("split_rule", "choose")
    state.bag = BAG
    state.lost = zero()
    state.stockpiles = [zero() for _ in range(num_players)]
    state.taken = [[] for _ in range(num_players)]
    state.facts = NO_FACTS
    state.unseen = {colour: tuple(range(1, 9)) for colour in COLOURS}
    if state.solo:
        state.carts = [Cart(0, colour, colour) for colour in COLOURS]
        state.edges = [None]
        state.solo_pool = SOLO_MINE_GEMS
        state.bag = sub(BAG, SOLO_MINE_GEMS)
        state.solo_deck = [(c, n) for c in COLOURS for n in range(1, 9)] + [(CHASM, 0)]
        state.token_supply = {colour: TOKENS_PER_COLOUR for colour in COLOURS}
        state.delivered = {edge: zero() for edge in EDGES}
        state.tasks = [SoloGem(colour, number) for colour in COLOURS for number in range(1, 9)] + [
            StartTurn(0)
        ]
    else:
        state.carts = [
            Cart(p, None, marker) for p in range(num_players) for marker in ("white", "black")
        ]
        state.edges = [None] * num_players
        # one token of each colour waits on the chasm deck
        state.token_supply = {colour: TOKENS_PER_COLOUR - 1 for colour in COLOURS}
        piles = piles_for_length(state.length)
        state.piles = [(1, 1, 1, 1, 0)] * piles
        # the Chasm card is shuffled among the 5th-8th cards from the bottom
        state.piles[piles - 2] = (1, 1, 1, 1, 1)
        state.tasks = (
            [ColourStep(TaskKind.SETUP_CARD, colour) for colour in COLOURS]
            + [Step(TaskKind.DEAL_MISSION)] * (num_players + 1)
            + [Step(TaskKind.CHOOSE_EDGE)]
            + ([Step(TaskKind.DRAW_EDGE)] if num_players >= 3 else [])
            + [StartTurn(0)]
        )
    _advance(state, [])
    return state


# =============================================================================================
# The contract
# =============================================================================================
def current_player(state: OTRState) -> int:
    """The seat to decide (the owner of a hit cart splits its load), CHANCE or TERMINAL."""
    if state.over or not state.tasks:
        return TERMINAL
    head = state.tasks[0]
    kind = head.kind
    if kind in CHANCE_TASKS:
        return CHANCE
    if kind in OWNER_TASKS:
        return state.carts[head.hit].owner
    if kind in FIRST_PLAYER_TASKS:
        return 0
    return state.player


def pending(state: OTRState) -> Pending:
    """What the game waits for (see :meth:`OTRState.pending`)."""
    if state.over:
        return Pending.OVER
    if not state.tasks:  # between two events: the next task is not queued yet
        return Pending.RUNNING
    kind = state.tasks[0].kind
    if kind in CHANCE_TASKS:
        return Pending.CHANCE
    # a state between two events (a table shows them while it animates) may stop at a task
    # the game runs by itself: a turn starting, a cart rolling
    return _PENDING.get(kind, Pending.RUNNING)


def moving_cart(state: OTRState):
    """The cart whose movement waits for a decision (exit, gem, split, pick), or None."""
    head = state.tasks[0] if state.tasks else None
    if head is None:
        return None
    if head.kind in MOVING_CART_TASKS and state.moved:
        return head.cart
    if head.kind in HIT_TASKS:
        return head.mover
    return None


def legal_actions(state: OTRState) -> list:
    """The current player's actions in a stable order."""
    if state.over or not state.tasks:
        return []
    head = state.tasks[0]
    decide = _DECISIONS.get(head.kind)
    return decide(state, head) if decide else []


def _exit_choices(state, task) -> list:
    cart = state.carts[task.cart]
    return [ChooseExit(side) for side in ways_on(state, cart.square, cart.back)]


def _jewel_choices(state, task) -> list:
    here = state.gems.get(state.carts[task.cart].square, zero())
    return [TakeGem(GEMS[gem]) for gem in JEWELS if here[gem] > 0]


def _drop_choices(state, task) -> list:
    load = state.carts[task.hit].load
    return [DropGems(gems) for gems in sub_multisets(load, larger_half(sum(load)))]


_DECISIONS = {
    TaskKind.ACTIONS: lambda state, task: _action_phase_actions(state),
    TaskKind.CHOOSE_EDGE: lambda state, task: [ChooseEdge(edge) for edge in EDGES],
    TaskKind.MOVEMENT: lambda state, task: [MoveCart(cart_id) for cart_id in _carts_to_move(state)],
    TaskKind.EXIT: _exit_choices,
    TaskKind.PICKUP: _jewel_choices,
    TaskKind.SPLIT: lambda state, task: [
        SplitLoad(pile) for pile in _splits(state.carts[task.hit].load)
    ],
    TaskKind.DROP: _drop_choices,
    TaskKind.PICK: lambda state, task: [PickPile(0), PickPile(1)],
    TaskKind.MISSION: lambda state, task: [ClaimMission(mission) for mission in _claimable(state)],
    TaskKind.CHASM_PLACE: lambda state, task: [
        PlaceChasmToken(row, col) for (row, col) in token_squares(state, task.colour)
    ],
}
"""The decision each task asks for: its legal actions (a task not listed is automatic or a
chance node)."""


def _action_phase_actions(state: OTRState) -> list:
    actions: list[Action] = []
    player = state.player
    if state.actions_left > 0:
        occupied = state.occupied_squares()
        tiles, chasm = state.tiles, state.chasm
        for square in board.BUILDABLE:
            exits = tiles.get(square)
            if exits is None:
                if square not in chasm:
                    actions.extend(_PLACE[square])
            elif square not in occupied:
                actions.extend(_UPGRADE[(square, exits)])
        for cart_id in state.carts_of(player):
            if cart_place_refusal(state, cart_id) is None:
                for square in board.surface_squares(cart_edge(state, cart_id)):
                    if square not in occupied:
                        actions.append(PlaceCart(cart_id, square[0], square[1]))
        for cart_id in state.carts_of(player):
            cart = state.carts[cart_id]
            if cart.where == CartPlace.BOARD:
                if cart.speed > MIN_SPEED:
                    actions.append(ChangeSpeed(cart_id, -1))
                if cart.speed < MAX_SPEED:
                    actions.append(ChangeSpeed(cart_id, 1))
    actions.extend(ClaimMission(mission) for mission in _claimable(state, holding_only=True))
    actions.append(EndActions())
    return actions


def chance_outcomes(state: OTRState) -> list:
    """``[(action, probability)]`` at a chance node (probabilities sum to 1), else []."""
    if state.over or not state.tasks:
        return []
    head = state.tasks[0]
    outcomes = _CHANCES.get(head.kind)
    return outcomes(state, head) if outcomes else []


def _card_outcomes(state, task) -> list:
    """A colour's card: its number uniformly among the numbers not seen yet."""
    numbers = state.unseen[task.colour]
    return [(RevealCard(task.colour, number), 1 / len(numbers)) for number in numbers]


def _mission_outcomes(state, task) -> list:
    """The missions still in the deck, equally likely; with the Bumper Carts option the
    Bumper Carts mission is not among them: nobody derails, so it could never be met (OR-D14)."""
    left = [
        mission
        for mission in MISSIONS
        if mission not in state.dealt and not (state.bumper and mission == BUMPER_CARTS)
    ]
    return [(DealMission(mission), 1 / len(left)) for mission in left]


def _edge_outcomes(state, task) -> list:
    left = [edge for edge in EDGES if edge not in state.edges]
    return [(DrawEdge(edge), 1 / len(left)) for edge in left]


def _deposit_outcomes(state, task) -> list:
    """The top card of the deposit deck: a colour left in the top pile (or the Chasm card),
    then a number not seen yet of that colour."""
    pile = state.piles[0]
    size = sum(pile)
    outcomes: list[tuple[Action, float]] = []
    for index, colour in enumerate(COLOURS):
        if pile[index]:
            numbers = state.unseen[colour]
            outcomes.extend(
                (RevealCard(colour, number), pile[index] / size / len(numbers))
                for number in numbers
            )
    if pile[4]:
        outcomes.append((RevealCard(CHASM, 0), pile[4] / size))
    return outcomes


def _token_outcomes(state, task) -> list:
    total = sum(state.token_supply.values())
    return [
        (DrawChasmToken(colour), state.token_supply[colour] / total)
        for colour in COLOURS
        if state.token_supply[colour]
    ]


def _die_outcomes(state, task) -> list:
    free = _free_die_numbers(state, task.colour)
    return [(RollChasmDie(number), 1 / len(free)) for number in free]


def _solo_card_outcomes(state, task) -> list:
    return [
        (RevealCard(colour, number), 1 / len(state.solo_deck))
        for (colour, number) in state.solo_deck
    ]


_CHANCES = {
    TaskKind.SETUP_CARD: _card_outcomes,
    TaskKind.CHASM_DECK: _card_outcomes,
    TaskKind.DRAW_GEMS: lambda state, task: _gem_outcomes(state.bag),
    TaskKind.SOLO_GEM: lambda state, task: _gem_outcomes(state.solo_pool),
    TaskKind.DEAL_MISSION: _mission_outcomes,
    TaskKind.DRAW_EDGE: _edge_outcomes,
    TaskKind.DEPOSIT: _deposit_outcomes,
    TaskKind.CHASM_DRAW: _token_outcomes,
    TaskKind.CHASM_DIE: _die_outcomes,
    TaskKind.SOLO_REVEAL: _solo_card_outcomes,
}
"""The chance outcomes of each chance task."""
assert set(_CHANCES) == CHANCE_TASKS


def _gem_outcomes(pool) -> list:
    total = sum(pool)
    return [(DrawGem(GEMS[gem]), pool[gem] / total) for gem in range(5) if pool[gem]]


# =============================================================================================
# Refusals: why an action is illegal, in plain words
# =============================================================================================
def refusal(state: OTRState, action) -> str | None:
    """Why ``action`` cannot be applied now (a sentence naming the rule), or None if it is legal."""
    if state.over:
        return _("The game is over.")
    head = state.tasks[0]
    kind = head.kind
    if kind in CHANCE_TASKS:
        if isinstance(action, CHANCE_OUTCOMES):
            if action in [outcome for outcome, _ in chance_outcomes(state)]:
                return None
            return _("That outcome cannot happen here.")
        return _("The game is waiting for a draw or a roll.")
    if isinstance(action, CHANCE_OUTCOMES):
        return _("Nothing is left to chance right now.")
    if isinstance(action, ACTION_PHASE_MOVES):
        if kind != TaskKind.ACTIONS:
            return sentences(_("That can only be done in the action phase."), _(_EXPECTED[kind]))
        return _action_refusal(state, action)
    if action in legal_actions(state):
        return None
    return _decision_refusal(state, action, kind)


def _action_refusal(state: OTRState, action) -> str | None:
    if isinstance(action, EndActions):
        return None
    if state.actions_left <= 0:
        return _("You have already used your 4 actions this turn.")
    if isinstance(action, PlaceTile):
        square = (action.row, action.col)
        if action.exits not in board.PLACEABLE:
            return _(
                "You may place only a straight or a curve; T-junctions and crosses come from "
                "upgrades."
            )
        if not board.on_grid(square):
            return _("Track goes only on the underground grid, never on the surface.")
        if square in board.CENTRE_SQUARES:
            return _("No track may be placed on a mine centre.")
        if square in state.chasm:
            return _("No track may be placed on a chasm square.")
        if square in state.tiles:
            return _("That square already holds a tile; you may upgrade it instead.")
        return None
    if isinstance(action, UpgradeTile):
        square = (action.row, action.col)
        old = state.tiles.get(square)
        if old is None:
            return _("There is no tile on that square to upgrade.")
        if square in state.occupied_squares():
            return _("A tile with a cart on it cannot be upgraded.")
        if old == "NESW":
            return _("A cross is the last upgrade; it cannot be upgraded.")
        if action.exits not in board.upgrades(old):
            return _(
                "An upgrade keeps every exit of the old tile and goes one step: a straight or "
                "curve becomes a T-junction, a T-junction becomes a cross."
            )
        return None
    if isinstance(action, PlaceCart):
        if not _own_cart(state, action.cart):
            return _("That is not one of your carts.")
        reason = cart_place_refusal(state, action.cart)
        if reason:
            return reason
        square = (action.row, action.col)
        edge = cart_edge(state, action.cart)
        if square not in board.surface_squares(edge):
            if state.solo:
                return _(_SOLO_START[edge])
            return _("A cart starts on a square of your own surface edge.")
        if square in state.occupied_squares():
            return _("That surface square already holds a cart.")
        return None
    if isinstance(action, ChangeSpeed):
        if not _own_cart(state, action.cart):
            return _("That is not one of your carts.")
        cart = state.carts[action.cart]
        if cart.where != CartPlace.BOARD:
            return _("Only a cart on the board can change speed.")
        if action.delta not in (1, -1):
            return _("One action changes a cart's speed by exactly 1.")
        if not MIN_SPEED <= cart.speed + action.delta <= MAX_SPEED:
            return _("A cart's speed stays between 1 and 6.")  # OR-D5
        return None
    return _("Off the Rails has no such move.")


def _own_cart(state, cart_id) -> bool:
    return (
        isinstance(cart_id, int)
        and 0 <= cart_id < len(state.carts)
        and state.carts[cart_id].owner == state.player
    )


_EXPECTED = {
    TaskKind.CHOOSE_EDGE: N_("The game starts once the first player has chosen a starting edge."),
    TaskKind.ACTIONS: N_("Finish your action phase first."),
    TaskKind.MOVEMENT: N_("Now choose which of your carts moves next."),
    TaskKind.EXIT: N_("Now choose the exit your cart leaves the junction by."),
    TaskKind.PICKUP: N_("Now choose the jewel your cart takes from this deposit."),
    TaskKind.SPLIT: N_("Now split the hit cart's load into two piles as equal as possible."),
    TaskKind.DROP: N_("Now choose the gems the hit cart drops: the larger half of its load."),
    TaskKind.PICK: N_("Now pick one of the two piles."),
    TaskKind.MISSION: N_("Now choose the mission you take."),
    TaskKind.CHASM_PLACE: N_("Now place the drawn chasm token."),
}
"""What each pending decision asks for, as a sentence (refusals of a move of another kind)."""

_SOLO_START = {
    "north": N_("The red cart starts only on the north edge, its colour."),
    "east": N_("The yellow cart starts only on the east edge, its colour."),
    "south": N_("The green cart starts only on the south edge, its colour."),
    "west": N_("The blue cart starts only on the west edge, its colour."),
}
"""Solo: each cart enters only from the edge of its colour (rules, "Solo rules")."""

_NO_GEM_HERE = {
    "rock": N_("There is no rock on this deposit."),
    "ruby": N_("There is no ruby on this deposit."),
    "emerald": N_("There is no emerald on this deposit."),
    "gold": N_("There is no gold on this deposit."),
    "diamond": N_("There is no diamond on this deposit."),
}


def _expected(kind) -> str:
    """What the pending decision ``kind`` asks for, translated."""
    return _(_EXPECTED.get(kind, N_("That move is not available now.")))


def _decision_refusal(state, action, kind) -> str:
    """Why decision ``action`` is not a legal choice for the pending ``kind``, in plain words."""
    head = state.tasks[0]
    if isinstance(action, ClaimMission):
        return _mission_refusal(state, action, kind)
    if kind == TaskKind.CHOOSE_EDGE and isinstance(action, ChooseEdge):
        return _("A starting edge is north, east, south or west.")
    if kind == TaskKind.MOVEMENT and isinstance(action, MoveCart):
        if action.cart in state.moved:
            return _("That cart has already moved this turn.")
        return _("Choose one of your carts on the board that has not moved yet.")
    if kind == TaskKind.EXIT and isinstance(action, ChooseExit):
        cart = state.carts[head.cart]
        tile = state.tiles[cart.square]
        if action.side == cart.back:
            return _(
                "A cart never turns back: it leaves by another exit than the one it came in by."
            )
        if not (
            isinstance(action.side, str) and action.side in board.SIDES and action.side in tile
        ):
            return _("The tile has no exit that way.")
        return _("No cart may go into the chasm while another way on is open.")
    if kind == TaskKind.PICKUP and isinstance(action, TakeGem):
        if action.gem == "rock":
            return _("Rocks are taken first, by themselves: choose one of the jewels here.")
        if action.gem in GEM_INDEX:
            return _(_NO_GEM_HERE[action.gem])
        return _("Choose a ruby, an emerald, a gold or a diamond from this deposit.")
    if kind == TaskKind.SPLIT and isinstance(action, SplitLoad):
        load = state.carts[head.hit].load
        return ngettext(
            "The first pile holds {half} of the {count} gem in the cart ({gems}).",
            "The first pile holds {half} of the {count} gems in the cart ({gems}).",
            sum(load),
        ).format(half=larger_half(sum(load)), count=sum(load), gems=gems_text(load))
    if kind == TaskKind.DROP and isinstance(action, DropGems):
        load = state.carts[head.hit].load
        return ngettext(
            "The cart drops {half} of its {count} gem ({gems}).",
            "The cart drops {half} of its {count} gems ({gems}).",
            sum(load),
        ).format(half=larger_half(sum(load)), count=sum(load), gems=gems_text(load))
    if kind == TaskKind.PICK and isinstance(action, PickPile):
        return _("There are two piles: pick the first or the second.")
    if kind == TaskKind.CHASM_PLACE and isinstance(action, PlaceChasmToken):
        colour = head.colour
        if (action.row, action.col) in state.chasm:
            return _("That square is already a chasm.")
        if colour in state.chasm.values():
            return _("The {colour} chasm token goes on a square next to a {colour} chasm.").format(
                colour=colour_word(colour, "chasm token")
            )
        return _("The chasm token goes on a square next to a chasm.")
    return _expected(kind)


def _mission_refusal(state, action, kind) -> str:
    """Why ``ClaimMission`` ``action`` cannot be taken now (rules, "Missions"; OR-D11)."""
    if state.solo:
        return _("The solo game has no missions.")
    if action.mission not in state.missions:
        if any(action.mission in taken for taken in state.taken):
            return _("That mission has already been taken.")
        return _("That mission is not face up.")
    if state.claimed:
        return _("You have already taken a mission this turn: at most one per turn.")
    if kind not in (TaskKind.ACTIONS, TaskKind.MISSION):
        return _expected(kind)
    if kind == TaskKind.ACTIONS and action.mission not in HOLDING_MISSIONS:
        return _("That mission is taken right after a cart's move fulfils it.")
    return _("You have not fulfilled that mission.")


# =============================================================================================
# Applying decisions and chance outcomes
# =============================================================================================
def apply_action(state: OTRState, action) -> list:
    """Apply ``action`` and run everything that follows automatically; returns the events.

    Raises :class:`IllegalAction` (state unchanged) for anything the rules forbid.
    """
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    events: list = []
    _HANDLERS[type(action)](state, events, action)
    _advance(state, events)
    return events


def _do_choose_edge(state, events, action):
    _task_done(state, events)
    _take_edge(state, events, 0, action.edge, "chose")
    if state.num_players >= 2:
        _take_edge(state, events, 1, board.OPPOSITE_EDGE[action.edge], "took")


def _do_draw_edge(state, events, action):
    _task_done(state, events)
    _take_edge(state, events, 2, action.edge, "drew")
    if state.num_players == 4:
        _take_edge(state, events, 3, board.OPPOSITE_EDGE[action.edge], "took")


def _take_edge(state, events, player, edge, how):
    _emit(state, events, EdgeTaken(player, edge, board.EDGE_COLOUR[edge], how))


def _do_deal_mission(state, events, action):
    _task_done(state, events)
    _emit(state, events, MissionDealt(action.mission))


def _do_reveal(state, events, action):
    head = state.tasks[0]
    colour, number = action.colour, action.number
    if head.kind == TaskKind.SETUP_CARD:
        row, col = board.mine_square(colour, number)
        _emit(state, events, CardRevealed(colour, number, row, col, False))
        _replace_head(state, events, DrawGems(row, col, DEPOSIT_GEMS[number]))
    elif head.kind == TaskKind.DEPOSIT:
        if colour == CHASM:
            _emit(state, events, ChasmCardRevealed(state.player))
            _task_done(state, events)
        else:
            row, col = board.mine_square(colour, number)
            _emit(state, events, CardRevealed(colour, number, row, col, True))
            _replace_head(state, events, DrawGems(row, col, DEPOSIT_GEMS[number]))
    elif head.kind == TaskKind.CHASM_DECK:
        _task_done(state, events)
        _open_chasm(state, events, colour, board.mine_square(colour, number), card=number)
    else:  # solo: a card names the square of a chasm token
        cards = head.cards
        if colour == CHASM:
            _emit(state, events, ChasmCardShuffledBack())  # the card goes back into the deck
            cards -= 1
        else:
            square = board.mine_square(colour, number)
            if square in state.chasm or state.token_supply[colour] == 0:
                _emit(state, events, CardSkipped(colour, number))  # reveal the next card
            else:
                _open_chasm(state, events, colour, square, card=number)
                cards -= 1
        _replace_head(state, events, SoloReveal(cards))


def _do_draw_gem(state, events, action):
    head = state.tasks[0]
    if head.kind == TaskKind.SOLO_GEM:
        row, col = board.mine_square(head.colour, head.number)
        _emit(state, events, GemPlaced(row, col, action.gem))
        _task_done(state, events)
    else:
        _emit(state, events, GemPlaced(head.row, head.col, action.gem))
        _replace_head(state, events, DrawGems(head.row, head.col, head.count - 1))


def _do_place_tile(state, events, action):
    _emit(state, events, TilePlaced(state.player, action.row, action.col, action.exits))


def _do_upgrade(state, events, action):
    old = state.tiles[(action.row, action.col)]
    _emit(state, events, TileUpgraded(state.player, action.row, action.col, old, action.exits))


def _do_place_cart(state, events, action):
    cart = state.carts[action.cart]
    facing = board.INWARD[cart_edge(state, action.cart)]
    _emit(
        state,
        events,
        CartPlaced(state.player, action.cart, cart.label, action.row, action.col, facing),
    )


def _do_speed(state, events, action):
    cart = state.carts[action.cart]
    _emit(
        state,
        events,
        SpeedChanged(state.player, action.cart, cart.label, cart.speed, cart.speed + action.delta),
    )


def _do_end_actions(state, events, action):
    _task_done(state, events)
    _emit(state, events, ActionsEnded(state.player))


def _do_move_cart(state, events, action):
    _start_cart(state, events, action.cart)


def _do_choose_exit(state, events, action):
    cart_id = state.tasks[0].cart
    cart = state.carts[cart_id]
    _emit(
        state,
        events,
        ExitChosen(cart.owner, cart_id, cart.label, cart.square[0], cart.square[1], action.side),
    )
    _task_done(state, events)


def _do_take_gem(state, events, action):
    head = state.tasks[0]
    _take(state, events, head.cart, GEM_INDEX[action.gem])
    _replace_head(state, events, Pickup(head.cart, head.gems - 1))


def _do_split(state, events, action):
    hit_id = state.tasks[0].hit
    hit = state.carts[hit_id]
    pile = action.pile
    rest = sub(hit.load, pile)
    _emit(state, events, LoadSplit(hit.owner, hit_id, (sum(pile), sum(rest)), (pile, rest)))
    _task_done(state, events)


def _do_pick(state, events, action):
    hit_id = state.tasks[0].hit
    dropped = state.piles_split[action.pile]
    _task_done(state, events)
    _drop(state, events, hit_id, dropped)


def _do_drop(state, events, action):
    hit_id = state.tasks[0].hit
    _task_done(state, events)
    _drop(state, events, hit_id, tuple(action.gems))


def _do_claim(state, events, action):
    if state.tasks[0].kind == TaskKind.MISSION:
        _task_done(state, events)
    _emit(state, events, MissionClaimed(state.player, action.mission))


def _do_place_token(state, events, action):
    colour = state.tasks[0].colour
    _task_done(state, events)
    _open_chasm(state, events, colour, (action.row, action.col))


def _do_draw_token(state, events, action):
    _emit(state, events, ChasmTokenDrawn(action.colour))
    roll = state.chasm_die and _free_die_numbers(state, action.colour)
    _replace_head(
        state,
        events,
        ColourStep(TaskKind.CHASM_DIE if roll else TaskKind.CHASM_PLACE, action.colour),
    )


def _do_roll_die(state, events, action):
    colour = state.tasks[0].colour
    _task_done(state, events)
    _emit(state, events, ChasmDieRolled(colour, action.number))
    _open_chasm(state, events, colour, board.mine_square(colour, action.number))


_HANDLERS = {
    ChooseEdge: _do_choose_edge,
    DrawEdge: _do_draw_edge,
    DealMission: _do_deal_mission,
    RevealCard: _do_reveal,
    DrawGem: _do_draw_gem,
    PlaceTile: _do_place_tile,
    UpgradeTile: _do_upgrade,
    PlaceCart: _do_place_cart,
    ChangeSpeed: _do_speed,
    EndActions: _do_end_actions,
    MoveCart: _do_move_cart,
    ChooseExit: _do_choose_exit,
    TakeGem: _do_take_gem,
    SplitLoad: _do_split,
    PickPile: _do_pick,
    DropGems: _do_drop,
    ClaimMission: _do_claim,
    PlaceChasmToken: _do_place_token,
    DrawChasmToken: _do_draw_token,
    RollChasmDie: _do_roll_die,
}


# =============================================================================================
# The automatic part: run tasks until a decision or a chance node
# =============================================================================================
def _advance(state: OTRState, events: list) -> None:
    while state.tasks and not state.over:
        task = state.tasks[0]
        step = _AUTO.get(task.kind)
        if step is None or not step(state, events, task):
            return


def _auto_draw_gems(state, events, task):
    if task.count <= 0 or sum(state.bag) == 0 or (task.row, task.col) in state.chasm:
        _task_done(state, events)  # as many as remain in the bag
        return True
    return False


def _auto_start_turn(state, events, task):
    _emit(state, events, TurnStarted(task.player, state.turn + 1))
    _replace_head(state, events, *TURN)
    return True


def _carts_to_move(state) -> list:
    on_board = CartPlace.BOARD
    return [
        cart_id
        for cart_id in state.carts_of(state.player)
        if state.carts[cart_id].where == on_board and cart_id not in state.moved
    ]


def _auto_movement(state, events, task):
    todo = _carts_to_move(state)
    if not todo:
        # the movement phase is over: a mission the player holds now is taken before the
        # deposit phase, also when no cart moved (rules, "Missions")
        _replace_head(state, events, MISSION)
        return True
    if len(todo) == 1:
        _start_cart(state, events, todo[0])
        return True
    return False  # the player chooses which cart moves first


def _start_cart(state, events, cart_id):
    """A cart's movement begins. "No cart may move onto a chasm square by choice": a cart resting
    on a junction whose chosen exit now leads into the chasm chooses again among the ways still
    open (or takes the only one), and :class:`CartTurnedFromChasm` says so."""
    cart = state.carts[cart_id]
    facing = cart.facing
    if cart.square in state.tiles:
        ways = ways_on(state, cart.square, cart.back)
        if facing not in ways:
            facing = ways[0] if len(ways) == 1 else None
            if cart.facing is not None:  # its chosen exit leads into the chasm now
                row, col = cart.square
                turned = CartTurnedFromChasm(
                    cart.owner, cart_id, cart.label, row, col, cart.facing, facing
                )
                _emit(state, events, turned)
    _emit(state, events, CartStarted(cart.owner, cart_id, cart.label, facing))
    choose = [CartStep(TaskKind.EXIT, cart_id)] if facing is None else []
    _queue_first(
        state, events, *choose, Run(cart_id, cart.speed), CartStep(TaskKind.CART_DONE, cart_id)
    )


def _auto_run(state, events, task):
    """The moving cart rolls on (rules, "Movement phase", "Collisions", "The Chasm") until
    something happens: it arrives on a deposit it can take from or at a junction where its owner
    chooses, its movement ends, or its next step leaves the mine, falls into the chasm, meets a
    cart or derails. One :class:`CartMoved` says the whole way."""
    cart_id = task.cart
    cart = state.carts[cart_id]
    if cart.where != CartPlace.BOARD:
        _task_done(state, events)
        return True
    if task.steps <= 0:
        _replace_head(state, events, CartStep(TaskKind.STOP, cart_id))
        return True
    path = [cart.square]
    square, facing, steps = cart.square, cart.facing, task.steps
    room = sum(cart.load) < CART_CAPACITY
    while True:
        ahead = board.step(square, facing)
        if not board.on_grid(ahead) or ahead in state.chasm:
            path.append(ahead)
            end = "leave" if not board.on_grid(ahead) else "fall"
            break
        # a loop of track may bring the cart back to the square it set out from: empty now
        if _other_cart_at(state, ahead, cart_id) is not None or derail_cause(state, ahead, facing):
            end = "blocked"
            break
        ways = ways_on(state, ahead, OPPOSITE[facing])
        path.append(ahead)
        square, steps = ahead, steps - 1
        facing = ways[0] if len(ways) == 1 else None
        pickup = room and ahead in state.gems
        if steps == 0 or pickup or facing is None:
            end = "stop" if steps == 0 else "pause"
            break
    if len(path) > 1:
        _emit(state, events, CartMoved(cart.owner, cart_id, cart.label, tuple(path), facing))
    if end == "leave":
        # any edge, at any speed; movement left over is lost (OR-D10: exiting never collides)
        _leave(state, events, cart_id, path[-1])
        _task_done(state, events)
    elif end == "fall":
        _fall(state, events, cart_id, path[-1])
        _task_done(state, events)
    elif end == "stop":
        _replace_head(state, events, CartStep(TaskKind.STOP, cart_id))
    elif end == "pause":  # a deposit to take from, or a junction to choose the exit of
        then = [Pickup(cart_id, 1)] if pickup else []
        if facing is None:
            then.append(CartStep(TaskKind.EXIT, cart_id))
        _replace_head(state, events, *then, Run(cart_id, steps))
    else:
        ahead = board.step(square, facing)
        hit_id = _other_cart_at(state, ahead, cart_id)
        if hit_id is not None:
            _collide(state, events, cart_id, hit_id)
        else:
            _derail(state, events, cart_id, derail_cause(state, ahead, facing), ahead)
            _task_done(state, events)
    return True


def _other_cart_at(state, square, moving: int) -> int | None:
    """Id of the cart on ``square`` other than cart ``moving``, or None: a moving cart has left
    the square its run set out from, so it never meets itself (rules, "Collisions": another
    cart)."""
    found = state.cart_at(square)
    return None if found == moving else found


def _auto_stop(state, events, task):
    """The cart's movement ends: it takes gems up to 2 in all here and, on a junction, its owner
    chooses its exit; a cart stopped on its surface square goes back to the supply (OR-D10)."""
    cart_id = task.cart
    cart = state.carts[cart_id]
    then = []
    if cart.where == CartPlace.BOARD:
        if board.on_grid(cart.square):
            if cart.square in state.gems and state.taken_here < 2:
                then.append(Pickup(cart_id, 2 - state.taken_here))
            if cart.facing is None:
                then.append(CartStep(TaskKind.EXIT, cart_id))
        else:
            row, col = cart.square
            _emit(state, events, CartReturned(cart.owner, cart_id, cart.label, row, col))
    _replace_head(state, events, *then)
    return True


def picks_left(state) -> int:
    """How many more gems the moving cart takes on the square it stands on, one question each
    when it chooses among jewels (rules, "Gems": up to the pick under way — 1 entering a
    deposit, 2 in all ending there —, what the cart has room for, :data:`CART_CAPACITY`, and
    what lies there); 0 when no pick is under way."""
    head = state.tasks[0] if state.tasks else None
    if not isinstance(head, Pickup):
        return 0
    cart = state.carts[head.cart]
    here = sum(state.gems.get(cart.square, ())) if cart.where == CartPlace.BOARD else 0
    return max(0, min(head.gems, CART_CAPACITY - sum(cart.load), here))


def _auto_pickup(state, events, task):
    """Rocks are taken before jewels; a cart holds at most 5 gems. The owner chooses among the
    jewels only when the choice matters: a cart that takes every gem here anyway (they fit in
    what it may still take) takes them without asking (OR-D13)."""
    cart = state.carts[task.cart]
    here = state.gems.get(cart.square) if cart.where == CartPlace.BOARD else None
    if task.gems <= 0 or not here or sum(cart.load) >= CART_CAPACITY:
        _task_done(state, events)
        return True
    kinds = [gem for gem in JEWELS if here[gem]]
    takes_all = sum(here) <= min(task.gems, CART_CAPACITY - sum(cart.load))
    if here[0] or len(kinds) == 1 or takes_all:
        _take(state, events, task.cart, 0 if here[0] else kinds[0])
        _replace_head(state, events, Pickup(task.cart, task.gems - 1))
        return True
    return False  # the owner chooses among the jewels


def _auto_collision_end(state, events, task):
    """Each cart that held no jewels before the collision derails, one that held only rocks
    too (rules, "Collisions": the page's «драгоценностей» are rubies, emeralds, gold and
    diamonds; its «самоцветы», rocks included, are the gems)."""
    _task_done(state, events)
    mover, hit = state.carts[task.mover], state.carts[task.hit]
    if task.hit_had_no_jewels and hit.where == CartPlace.BOARD:
        _derail(state, events, task.hit, DerailCause.COLLISION, hit.square)
    if task.mover_had_no_jewels and mover.where == CartPlace.BOARD:
        _derail(state, events, task.mover, DerailCause.COLLISION, mover.square)
    return True


def _auto_cart_done(state, events, task):
    _replace_head(state, events, MISSION)
    return True


def _auto_mission(state, events, task):
    """Missions are taken at once, at most one per turn (rules, "Missions"; OR-D11)."""
    options = _claimable(state)
    if len(options) > 1:
        return False  # the player chooses one
    if options:
        _emit(state, events, MissionClaimed(state.player, options[0]))
    _emit(state, events, MissionsChecked())
    _task_done(state, events)
    return True


def _auto_deposit(state, events, task):
    if state.solo:
        _replace_head(state, events, SoloReveal(4 if state.turn == 1 else 1))
        return True
    if state.chasm_phase:
        _emit(state, events, ChasmTurnBegan(state.player))
        _replace_head(state, events, Step(TaskKind.CHASM_DRAW))
        return True
    if not state.piles:
        _task_done(state, events)
        return True
    return False


def _auto_chasm_draw(state, events, task):
    if sum(state.token_supply.values()) == 0:
        _task_done(state, events)
        return True
    return False


def _auto_solo_reveal(state, events, task):
    if task.cards <= 0 or len(state.chasm) >= TOTAL_TOKENS or not state.solo_deck:
        _task_done(state, events)
        return True
    return False


def _auto_end_turn(state, events, task):
    """End of a turn: game end checks, the Chasm card's final turns, next player."""
    if state.solo:
        in_play = any(cart.where != CartPlace.LOST for cart in state.carts)
        if len(state.chasm) >= TOTAL_TOKENS or not in_play:
            _emit(state, events, GameEndReached("tokens" if in_play else "no carts"))
            _replace_all(state, events, Step(TaskKind.GAME_END))
        else:
            _replace_head(state, events, StartTurn(0))
        return True
    if state.chasm_turn:
        on_board = any(cart.where == CartPlace.BOARD for cart in state.carts)
        if not on_board or len(state.chasm) >= TOTAL_TOKENS:
            _emit(state, events, GameEndReached("no carts" if not on_board else "tokens"))
            _replace_all(state, events, Step(TaskKind.GAME_END))
            return True
    following = (state.player + 1) % state.num_players
    if state.chasm_card_seen and not state.chasm_phase:
        if not state.revealed_chasm_now:
            _emit(state, events, FinalTurnPlayed(state.player, state.final_turns_left - 1))
        if state.final_turns_left <= 0:
            _replace_head(
                state,
                events,
                *[ColourStep(TaskKind.CHASM_DECK, colour) for colour in COLOURS],
                Step(TaskKind.BEGIN_CHASM),
                StartTurn(following),
            )
            return True
    _replace_head(state, events, StartTurn(following))
    return True


def _auto_begin_chasm(state, events, task):
    _emit(state, events, ChasmPhaseBegan())
    _task_done(state, events)
    return True


def _auto_game_end(state, events, task):
    """End of the game: carts still on the board derail; Dirty Goblins; final scores."""
    for cart_id, cart in enumerate(state.carts):
        if cart.where == CartPlace.BOARD:
            _derail(state, events, cart_id, DerailCause.GAME_END, cart.square)
    if not state.solo and DIRTY_GOBLINS in state.missions:
        rocks = [stock[0] for stock in state.stockpiles]
        best = max(rocks)
        if best > 0 and rocks.count(best) == 1:
            _emit(state, events, MissionClaimed(rocks.index(best), DIRTY_GOBLINS))
    sheet = score_sheet(state)
    result = sheet["solo"]["result"] if state.solo else None
    summary = (
        sheet["solo"]["summary"]
        if state.solo
        else " and ".join(f"Player {w + 1}" for w in sheet["winners"]) + " won."
    )
    _replace_all(state, events)
    _emit(
        state,
        events,
        GameEnded(
            tuple(sheet["winners"]), tuple(row[-1] for row in sheet["rows"]), summary, result
        ),
    )
    return True


_AUTO = {
    TaskKind.DRAW_GEMS: _auto_draw_gems,
    TaskKind.START_TURN: _auto_start_turn,
    TaskKind.MOVEMENT: _auto_movement,
    TaskKind.RUN: _auto_run,
    TaskKind.STOP: _auto_stop,
    TaskKind.PICKUP: _auto_pickup,
    TaskKind.COLLISION_END: _auto_collision_end,
    TaskKind.CART_DONE: _auto_cart_done,
    TaskKind.MISSION: _auto_mission,
    TaskKind.DEPOSIT: _auto_deposit,
    TaskKind.CHASM_DRAW: _auto_chasm_draw,
    TaskKind.SOLO_REVEAL: _auto_solo_reveal,
    TaskKind.END_TURN: _auto_end_turn,
    TaskKind.BEGIN_CHASM: _auto_begin_chasm,
    TaskKind.GAME_END: _auto_game_end,
}


# =============================================================================================
# Rule pieces
# =============================================================================================
def ways_on(state, square, entered_by) -> list:
    """The sides a cart on ``square`` that came in by ``entered_by`` may leave by, in N-E-S-W
    order (rules, "The Chasm"): every other exit of the tile, except the exits into a chasm
    square while another exit exists; only when every way on leads into the chasm is the cart
    forced in. One side means no choice."""
    exits = [side for side in state.tiles[square] if side != entered_by]
    open_ways = [side for side in exits if board.step(square, side) not in state.chasm]
    return open_ways or exits


def derail_cause(state, square, facing) -> DerailCause | None:
    """Why a cart heading ``facing`` cannot enter grid ``square`` (rules, "Derail"): a mine
    centre, no track, or a tile with no exit towards it; None when it can (chasm squares and
    carts are the caller's business)."""
    if square in board.CENTRE_SQUARES:
        return DerailCause.MINE_CENTRE
    tile = state.tiles.get(square)
    if tile is None:
        return DerailCause.NO_TRACK
    if OPPOSITE[facing] not in tile:
        return DerailCause.NO_EXIT
    return None


def cart_edge(state, cart_id) -> str:
    """The edge a cart enters from: its owner's edge, or its colour's edge in solo."""
    if state.solo:
        return board.COLOUR_EDGE[state.carts[cart_id].colour]
    return state.edges[state.carts[cart_id].owner]


def cart_place_refusal(state, cart_id) -> str | None:
    """Why cart ``cart_id`` cannot be put on the board now (rules, "A turn": place a cart from
    your supply while you have fewer than 2 carts on the board; solo: all four may be), or
    None."""
    cart = state.carts[cart_id]
    if cart.where == CartPlace.LOST:
        return _("That cart has left the game.")
    if cart.where != CartPlace.SUPPLY:
        return _("That cart is already on the board.")
    if not state.solo:
        on_board = CartPlace.BOARD
        if (
            sum(1 for other in state.carts if other.owner == cart.owner and other.where == on_board)
            >= 2
        ):
            return _("You may place a cart only while you have fewer than 2 on the board.")
    return None


def _take(state, events, cart_id, gem):
    cart = state.carts[cart_id]
    row, col = cart.square
    _emit(state, events, GemTaken(cart.owner, cart_id, cart.label, row, col, GEMS[gem]))


def _leave(state, events, cart_id, surface_square):
    """Leaving the mine: the load goes to the owner's stockpile, the cart back to the supply."""
    cart = state.carts[cart_id]
    edge = board.SURFACE_EDGE[surface_square]
    _emit(
        state,
        events,
        CartLeftMine(
            cart.owner, cart_id, cart.label, edge, surface_square[0], surface_square[1], cart.load
        ),
    )


def _fall(state, events, cart_id, square):
    """A cart entering a chasm square falls in: cart and gems leave the game."""
    cart = state.carts[cart_id]
    _emit(state, events, CartFell(cart.owner, cart_id, cart.label, square[0], square[1], cart.load))


def _derail(state, events, cart_id, cause, toward):
    """Derail: gems back to the bag, cart to its owner's supply (solo: it leaves the game)."""
    cart = state.carts[cart_id]
    row, col = cart.square
    _emit(
        state,
        events,
        CartDerailed(
            cart.owner,
            cart_id,
            cart.label,
            row,
            col,
            toward[0],
            toward[1],
            cart.load,
            cause,
            state.solo,
        ),
    )


def collision_kind(state, facing: str, hit_id: int) -> CollisionKind:
    """Rules, "Collisions": what a cart moving towards ``facing`` (a side, "N"…) makes of
    running into cart ``hit_id``: a bump when the hit cart's tile has no exit towards the mover,
    a head-on collision when the hit cart heads towards it, else a rear collision."""
    hit = state.carts[hit_id]
    towards_mover = OPPOSITE[facing]
    if towards_mover not in state.tiles.get(hit.square, ""):
        return CollisionKind.BUMP
    if hit.facing == towards_mover:
        return CollisionKind.HEAD_ON
    return CollisionKind.REAR


def _collide(state, events, mover_id, hit_id):
    """Rules, "Collisions": the mover stops and turns round; a bump, a rear or a head-on
    collision; the hit cart drops half its gems (one is always dropped, OR-D7) unless it is a
    bump or the Bumper Carts option is on; then each cart that held no jewels derails
    (:func:`_auto_collision_end`)."""
    mover, hit = state.carts[mover_id], state.carts[hit_id]
    kind = collision_kind(state, mover.facing, hit_id)
    mover_had_no_jewels = not jewels(mover.load)
    hit_load = hit.load
    _emit(
        state,
        events,
        Collided(
            mover.owner,
            mover_id,
            hit_id,
            hit.owner,
            kind,
            mover.square[0],
            mover.square[1],
            hit.square[0],
            hit.square[1],
            mover.label,
            hit.label,
        ),
    )
    _emit(
        state,
        events,
        CartTurned(
            mover.owner, mover_id, mover.label, mover.square[0], mover.square[1], mover.back
        ),
    )
    if kind == CollisionKind.HEAD_ON:
        _emit(
            state,
            events,
            CartTurned(hit.owner, hit_id, hit.label, hit.square[0], hit.square[1], hit.back),
        )
    if kind == CollisionKind.BUMP or state.bumper:
        _replace_head(state, events, CartStep(TaskKind.STOP, mover_id))
        return
    then = []
    if sum(hit_load) == 1:
        _drop(state, events, hit_id, hit_load)  # one gem is always dropped (OR-D7)
    elif sum(hit_load) >= 2:
        if state.split_rule == "choose":
            then = [
                HitStep(TaskKind.SPLIT, hit_id, mover_id),
                HitStep(TaskKind.PICK, hit_id, mover_id),
            ]
        else:
            then = [HitStep(TaskKind.DROP, hit_id, mover_id)]
    _replace_head(
        state,
        events,
        *then,
        CollisionEnd(mover_id, hit_id, mover_had_no_jewels, not jewels(hit_load)),
        CartStep(TaskKind.STOP, mover_id),
    )


def _drop(state, events, hit_id, dropped):
    hit = state.carts[hit_id]
    row, col = hit.square
    _emit(state, events, GemsDropped(hit.owner, hit_id, hit.label, row, col, tuple(dropped)))


def _splits(load) -> list:
    """The owner's possible splits: the first pile holds ceil(n/2) gems (OR-D7). With an even
    count a split and its mirror are both listed: the owner also chooses which pile is the
    first, so the piles' order tells the mover nothing (a pile 1 always holding the cheaper
    gems would show which pile is which)."""
    return list(sub_multisets(load, larger_half(sum(load))))


def _claimable(state, holding_only=False) -> list:
    """Face-up missions the active player fulfils now (none in solo or once one was taken this
    turn); ``holding_only``: only those fulfilled by what the player holds (HOLDING_MISSIONS)."""
    if state.solo or state.claimed:
        return []
    player = state.player
    on_board = CartPlace.BOARD
    loads = [cart.load for cart in state.carts if cart.owner == player and cart.where == on_board]
    stockpile = state.stockpiles[player]
    if holding_only:
        return [
            mission for mission in state.missions if fulfilled_by_holding(mission, stockpile, loads)
        ]
    return [
        mission
        for mission in state.missions
        if mission != DIRTY_GOBLINS and mission_fulfilled(mission, state.facts, stockpile, loads)
    ]


def _open_chasm(state, events, colour, square, card=0):
    """A chasm token on ``square``: tile, gems and any cart there leave the game."""
    cart_id = state.cart_at(square)
    _emit(
        state,
        events,
        ChasmOpened(
            colour,
            square[0],
            square[1],
            state.tiles.get(square, ""),
            state.gems.get(square, zero()),
            -1 if cart_id is None else cart_id,
            card,
        ),
    )
    if cart_id is not None:
        _fall(state, events, cart_id, square)


def token_squares(state, colour) -> list:
    """Squares for a chasm token: next to a token of its colour (fallbacks: next to any chasm,
    then any free square)."""

    def around(wanted):
        found = set()
        for square, token in state.chasm.items():
            if wanted is None or token == wanted:
                found.update(n for n in board.neighbours(square) if n not in state.chasm)
        return sorted(found)

    squares = around(colour) or around(None)
    return squares or [square for square in board.ALL_SQUARES if square not in state.chasm]


def _free_die_numbers(state, colour) -> list:
    return [
        number for number in range(1, 9) if board.mine_square(colour, number) not in state.chasm
    ]


# =============================================================================================
# Scoring (rules: "End of the game and scoring", "Solo rules")
# =============================================================================================
def scores(state) -> list:
    """Per seat: dict of categories (gems by kind, gem points, ruby bonus, carts, missions,
    total) and the tie-break's counts: ``gems`` (every gem in the stockpile, rocks included)
    and ``jewels`` (rocks not counted)."""
    out = []
    for player in range(state.num_players):
        stock = state.stockpiles[player]
        gem_points = value(stock)
        ruby_bonus = RUBY_BONUS if has_most_rubies(state.stockpiles, player) else 0
        carts = CART_POINTS * sum(
            1 for cart in state.carts if cart.owner == player and cart.where == CartPlace.SUPPLY
        )
        missions = MISSION_POINTS * len(state.taken[player])
        total = gem_points + ruby_bonus + carts + missions
        out.append(
            {
                "rocks": stock[0],
                "rubies": stock[1],
                "emeralds": stock[2],
                "gold": stock[3],
                "diamonds": stock[4],
                "gem_points": gem_points,
                "ruby_bonus": ruby_bonus,
                "carts": carts,
                "missions": missions,
                "total": total,
                "jewels": jewels(stock),
                "gems": sum(stock),
            }
        )
    return out


def solo_result(state) -> dict:
    """Solo grading: right/wrong-edge sets, result level and high score."""
    right_sets = min(state.delivered[JEWEL_EDGE[gem]][gem] for gem in JEWELS)
    totals = [sum(state.delivered[edge][gem] for edge in EDGES) for gem in range(5)]
    all_sets = min(totals[gem] for gem in JEWELS)
    wrong_sets = all_sets - right_sets
    jewel_count = sum(totals[gem] for gem in JEWELS)
    if right_sets >= 2:
        result = "major victory"
    elif right_sets >= 1:
        result = "victory"
    elif all_sets >= 1:
        result = "partial victory"
    else:
        result = "loss"
    return {
        "result": result,
        "right_sets": right_sets,
        "wrong_sets": wrong_sets,
        "jewels": jewel_count,
        "high_score": jewel_count + 10 * wrong_sets + 100 * right_sets,
    }


def winners(state) -> list:
    """Seats with the best (total, gems, -rocks); ties beyond that share the win (rules,
    "End of the game and scoring": more gems in the stockpile, rocks included - the page's
    «самоцветы» - then fewer rocks)."""
    if state.solo:
        return [0] if solo_result(state)["result"] != "loss" else []
    keys = [(row["total"], row["gems"], -row["rocks"]) for row in scores(state)]
    best = max(keys)
    return [player for player, key in enumerate(keys) if key == best]


def returns(state) -> list:
    """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
    if not state.over:
        return [0.0] * state.num_players
    best = winners(state)
    return [1.0 if player in best else 0.0 for player in range(state.num_players)]


def score_sheet(state) -> dict:
    """The game-over table (engine/core.py GameState docstring shape), in the language in use.

    Clan game: one column per scoring category, so each total is the sum of its row; the gems
    behind the gem points and the missions taken are one note per player ("Player N" for the
    scene to name). Solo: jewels and sets delivered, the high score and what the result lacked.
    """
    if state.solo:
        return _solo_sheet(state)
    rows_by_seat = scores(state)
    columns = [_("Gem points"), _("Most rubies"), _("Carts in supply"), _("Missions"), _("Total")]
    rows = [
        [row["gem_points"], row["ruby_bonus"], row["carts"], row["missions"], row["total"]]
        for row in rows_by_seat
    ]
    best = winners(state)
    notes = []
    best_total = max(row["total"] for row in rows_by_seat)
    tied = [player for player, row in enumerate(rows_by_seat) if row["total"] == best_total]
    if len(tied) > 1:
        if len(best) < len(tied):
            notes.append(
                _(
                    "Tie on points between {players}: broken by more gems in the stockpile, "
                    "rocks included, then by fewer rocks."
                ).format(players=join_and(player_name(None, player) for player in tied))
            )
        else:
            notes.append(_("Tie on points, gems and rocks: the win is shared."))
    for player in range(state.num_players):
        notes.append(player_note(state, player))
    return {"columns": columns, "rows": rows, "winners": best, "notes": notes}


def player_note(state, player) -> str:
    """One line for the score sheet: "Player 1, blue clan: 2 rubies and a rock; mission: Red
    Leader." (the scene puts the seat's name in)."""
    edge = state.edges[player] if player < len(state.edges) else None
    gems = state.stockpiles[player]
    parts = [
        gems_text(tuple(gems[gem] if index == gem else 0 for index in range(5)))
        for gem in (1, 2, 3, 4, 0)
        if gems[gem]
    ]  # jewels first, rocks last
    words = join_and(parts) if parts else _("no gems")
    taken = state.taken[player]
    missions = _(", ").join(mission_name(mission) for mission in taken)
    if edge and taken:
        line = ngettext(
            "{player}, {colour} clan: {gems}; mission: {missions}.",
            "{player}, {colour} clan: {gems}; missions: {missions}.",
            len(taken),
        )
    elif edge:
        line = _("{player}, {colour} clan: {gems}.")
    elif taken:
        line = ngettext(
            "{player}: {gems}; mission: {missions}.",
            "{player}: {gems}; missions: {missions}.",
            len(taken),
        )
    else:
        line = _("{player}: {gems}.")
    return line.format(
        player=player_name(None, player),
        colour=colour_word(board.EDGE_COLOUR[edge], "clan") if edge else "",
        gems=words,
        missions=missions,
    )


_RESULTS = {
    "major victory": N_("Major victory, high score {score}"),
    "victory": N_("Victory, high score {score}"),
    "partial victory": N_("Partial victory, high score {score}"),
    "loss": N_("Loss, high score {score}"),
}
_SO_FAR = {
    "major victory": N_("So far: major victory · high score {score}"),
    "victory": N_("So far: victory · high score {score}"),
    "partial victory": N_("So far: partial victory · high score {score}"),
    "loss": N_("So far: no set delivered · high score {score}"),
}


def solo_summary(result) -> str:
    """The solo headline: "Partial victory, high score 29"."""
    return _(_RESULTS[result["result"]]).format(score=result["high_score"])


def solo_tally(result) -> str:
    """The solo result while the game runs: "So far: no set delivered · high score 0"."""
    return _(_SO_FAR[result["result"]]).format(score=result["high_score"])


def _solo_sheet(state) -> dict:
    result = solo_result(state)
    totals = [sum(state.delivered[edge][gem] for edge in EDGES) for gem in range(5)]
    notes = [
        _(
            "The total is the high score: 1 per jewel delivered, 10 per set to other edges, "
            "100 per set to their own edges."
        )
    ]
    if result["result"] == "loss":
        missing = [jewels_plural(GEMS[gem]) for gem in JEWELS if not totals[gem]]
        if missing:
            notes.append(
                _("No full set: no {jewels} reached the surface.").format(jewels=join_or(missing))
            )
    elif result["result"] == "partial victory":
        notes.append(
            _(
                "For a victory, bring one of each jewel out by its own edge: rubies north, "
                "gold east, emeralds south, diamonds west."
            )
        )
    elif result["result"] == "victory":
        notes.append(
            _(
                "For a major victory, bring two of each jewel out by its own edge: rubies "
                "north, gold east, emeralds south, diamonds west."
            )
        )
    return {
        "columns": [
            _("Jewels delivered"),
            _("Sets to other edges"),
            _("Sets to own edges"),
            _("Total"),
        ],
        "rows": [
            [result["jewels"], result["wrong_sets"], result["right_sets"], result["high_score"]]
        ],
        "winners": winners(state),
        "notes": notes,
        "solo": {
            "won": result["result"] != "loss",
            "result": result["result"],
            "summary": solo_summary(result),
        },
    }


# =============================================================================================
# Observation and words
# =============================================================================================
def observation(state: OTRState, player: int) -> OTRState:
    """A copy for ``player``: a split waiting for the mover's pick is masked unless ``player``
    made it (OR-D7); everything else in this game is public (decks are multisets)."""
    seen = state.clone()
    if state.piles_split and state.tasks and state.tasks[0].kind == TaskKind.PICK:
        owner = state.carts[state.tasks[0].hit].owner
        if player != owner:
            seen.piles_split = _masked_split(add(*state.piles_split))
            seen._legal = None
    return seen


def possible_splits(load) -> list:
    """The splits the owner of a hit cart holding ``load`` may make (OR-D7): the first pile of
    each, holding ceil(n/2) gems (with n even, a split and its mirror are both listed: the
    owner chooses the piles' order too). What the mover may know of a split it cannot see."""
    return _splits(load)


def with_split(state: OTRState, piles: tuple) -> OTRState:
    """A copy of ``state``, a pick waiting on a split, with the split ``piles`` (two gem
    counts): one of the positions the mover cannot tell apart (a bot's sample of what it may
    know; never the true split unless the caller made it). Raises ``ValueError`` when no pick
    is waiting or ``piles`` do not add up to the hit cart's load."""
    if not (state.piles_split and state.tasks and state.tasks[0].kind == TaskKind.PICK):
        raise ValueError("No pick is waiting for a split.")
    if add(*piles) != add(*state.piles_split):
        raise ValueError("The piles must hold the split load.")
    copy = state.clone()
    copy.piles_split = (tuple(piles[0]), tuple(piles[1]))
    copy._legal = None
    return copy


def _masked_split(load) -> tuple:
    """An even, made-up split of ``load`` (gems dealt alternately), hiding the owner's choice."""
    gems = [gem for gem in range(5) for _ in range(load[gem])]
    first, second = [0] * 5, [0] * 5
    for index, gem in enumerate(gems):
        (first if index % 2 == 0 else second)[gem] += 1
    return (tuple(first), tuple(second))


_START_FROM = {
    "north": N_("Start from the north edge (red clan)"),
    "east": N_("Start from the east edge (yellow clan)"),
    "south": N_("Start from the south edge (green clan)"),
    "west": N_("Start from the west edge (blue clan)"),
}
_DRAW_EDGE = {
    "north": N_("Draw the north edge"),
    "east": N_("Draw the east edge"),
    "south": N_("Draw the south edge"),
    "west": N_("Draw the west edge"),
}
_LEAVE_JUNCTION = {
    "N": N_("Leave the junction north"),
    "E": N_("Leave the junction east"),
    "S": N_("Leave the junction south"),
    "W": N_("Leave the junction west"),
}
_TAKE_GEM = {
    "rock": N_("Take the rock"),
    "ruby": N_("Take the ruby"),
    "emerald": N_("Take the emerald"),
    "gold": N_("Take the gold"),
    "diamond": N_("Take the diamond"),
}
_UPGRADE_TO = {
    "T-junction": N_("Upgrade {square} to a T-junction"),
    "cross": N_("Upgrade {square} to a cross"),
}


def action_to_string(state: OTRState, action, names=None) -> str:
    """Plain words for an action in the language in use, naming squares as the board labels
    them, e.g. ``"Place a north-east curve on D4"``; ``names`` (one per seat) is accepted like
    the other games' but no action's words name a seat."""

    def cart_name(cart_id):
        return the_cart(state.carts[cart_id].label, "object")

    if isinstance(action, ChooseEdge):
        return _(_START_FROM[action.edge])
    if isinstance(action, PlaceTile):
        return _("Place {tile} on {square}").format(
            tile=tile_words(action.exits), square=square_name(action.row, action.col)
        )
    if isinstance(action, UpgradeTile):
        kind = board.tile_kind(action.exits)  # which T-junction: the hint's ghost tile shows it
        return _(_UPGRADE_TO[kind]).format(square=square_name(action.row, action.col))
    if isinstance(action, PlaceCart):
        return _("Put {cart} in at {square}").format(
            cart=cart_name(action.cart), square=square_name(action.row, action.col)
        )
    if isinstance(action, ChangeSpeed):
        sentence = _("Speed up {cart}") if action.delta > 0 else _("Slow down {cart}")
        return sentence.format(cart=cart_name(action.cart))
    if isinstance(action, EndActions):
        return _("End the action phase and move")
    if isinstance(action, MoveCart):
        return _("Move {cart} now").format(cart=cart_name(action.cart))
    if isinstance(action, ChooseExit):
        return _(_LEAVE_JUNCTION[action.side])
    if isinstance(action, TakeGem):
        return _(_TAKE_GEM[action.gem])
    if isinstance(action, SplitLoad):
        return _("Split the load: {gems} in the first pile").format(gems=gems_text(action.pile))
    if isinstance(action, DropGems):
        return _("Drop {gems}").format(gems=gems_text(action.gems))
    if isinstance(action, PickPile):
        return _("Pick pile {number}").format(number=action.pile + 1)
    if isinstance(action, ClaimMission):
        return _("Take the mission {mission}").format(mission=mission_name(action.mission))
    if isinstance(action, PlaceChasmToken):
        return _("Open the chasm on {square}").format(square=square_name(action.row, action.col))
    if isinstance(action, DrawEdge):
        return _(_DRAW_EDGE[action.edge])
    if isinstance(action, DealMission):
        return _("Deal the mission {mission}").format(mission=mission_name(action.mission))
    if isinstance(action, RevealCard):
        if action.colour == CHASM:
            return _("Reveal the Chasm card")
        return _("Reveal {colour} {number}").format(
            colour=colour_word(action.colour, "card"), number=action.number
        )
    if isinstance(action, DrawGem):
        return _("Draw {gem}").format(gem=article(action.gem))
    if isinstance(action, DrawChasmToken):
        return _("Draw a {colour} chasm token").format(
            colour=colour_word(action.colour, "chasm token")
        )
    if isinstance(action, RollChasmDie):
        return _("Roll {number} on the Chasm Die").format(number=action.number)
    return type(action).__name__
