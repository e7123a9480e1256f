"""The rules of Off the Rails, as the engine plays them (rules/off_the_rails.md).

How the game runs
-----------------
The state keeps a short to-do list, ``state.tasks``, head first. Each task is a tuple such as
``("run", cart, steps_left)``. :func:`_advance` carries out every task that needs nobody's input
(a cart rolling one square, a forced pick-up, the end of a turn) and stops at the first task that
needs a player's decision or a chance outcome; that head task decides ``current_player()``.

Tasks and the rule each one implements:

* setup: ``setup_card`` (4 open deposits), ``draw_gems`` (gems from the bag), ``deal_mission``,
  ``choose_edge`` / ``draw_edge`` (Setup); solo: ``solo_gem`` (one gem per mine square).
* a turn: ``start_turn`` -> ``actions`` (Action phase) -> ``movement`` (Movement phase) ->
  ``deposit`` (Deposit phase, or the chasm phase / solo chasm reveals) -> ``end_turn``; the end
  of ``movement`` becomes a ``mission`` check for missions the player holds.
* movement of one cart: ``run`` (one step at a time), ``pickup`` (1 gem when entering, 2 in all
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
* With an even load a split and its mirror are the same choice: one is listed, the mirror is
  accepted as it (OR-D7).
"""
from __future__ import annotations

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.off_the_rails import board
from engine.off_the_rails.board import COLOURS, EDGES, OPPOSITE
from engine.off_the_rails.data import (ACTIONS_PER_TURN, BAG, CART_CAPACITY, CHASM, DEPOSIT_GEMS,
                                       DIRTY_GOBLINS, GEM_INDEX, GEMS, HOLDING_MISSIONS, JEWELS,
                                       MAX_SPEED, MIN_SPEED, MISSION_POINTS, MISSIONS,
                                       SOLO_MINE_GEMS, START_SPEED, TOKENS_PER_COLOUR,
                                       TOTAL_TOKENS, add, default_length, fulfilled_by_holding,
                                       gems_text, jewels, length_refusal, mission_fulfilled,
                                       new_facts, one, piles_for_length, sub, sub_multisets,
                                       value, zero)
from engine.off_the_rails.state import (Cart, CardRevealed, CardSkipped, CartDerailed, CartFell,
                                        CartLeftMine, CartMoved, CartPlaced, CartReturned,
                                        CartTurned, ChangeSpeed, ChasmCardRevealed,
                                        ChasmCardShuffledBack, ChasmDieRolled, ChasmOpened,
                                        ChasmTokenDrawn, ChooseEdge, ChooseExit, ClaimMission,
                                        Collided, DealMission, DrawChasmToken, DrawEdge, DrawGem,
                                        DropGems, EdgeTaken, EndActions, ExitChosen, GameEnded,
                                        GemPlaced, GemsDropped, GemTaken, LoadSplit,
                                        MissionClaimed, MissionDealt, MoveCart, OTRState,
                                        PickPile, PlaceCart, PlaceChasmToken, PlaceTile, UpgradeTile,
                                        RevealCard, RollChasmDie, SpeedChanged, SplitLoad,
                                        TakeGem, TilePlaced, TileUpgraded, TurnStarted,
                                        ActionsEnded, article, square_name, tile_words)

CHANCE_TASKS = frozenset({"setup_card", "draw_gems", "deal_mission", "draw_edge", "deposit",
                          "chasm_draw", "chasm_die", "chasm_deck", "solo_gem", "solo_reveal"})
OWNER_TASKS = frozenset({"split", "drop"})
"""Decisions taken by the owner of the hit cart, not by the active player."""

# Pre-built action tuples so legal_actions stays cheap (it is called after every step).
_PLACE = {sq: tuple(PlaceTile(sq[0], sq[1], ex) for ex in board.PLACEABLE) for sq in board.BUILDABLE}
_UPGRADE = {(sq, ex): tuple(UpgradeTile(sq[0], sq[1], new) for new in board.upgrades(ex))
            for sq in board.BUILDABLE for ex in board.ALL_TILES}


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
        raise ValueError("Off the Rails is played by 1 to 4 players.")
    length = options.get("game_length", default_length(num_players))
    reason = length_refusal(num_players, length)
    if reason:
        raise ValueError(reason)
    s = OTRState()
    s.num_players = num_players
    s.solo = num_players == 1
    s.bumper = bool(options.get("bumper_carts", False))
    s.chasm_die = bool(options.get("chasm_die", False))
    s.length = int(length)
    s.split_rule = options.get("split_rule", "choose")
    s.bag = BAG
    s.lost = zero()
    s.stockpiles = [zero() for _ in range(num_players)]
    s.taken = [[] for _ in range(num_players)]
    s.facts = new_facts()
    s.unseen = {c: list(range(1, 9)) for c in COLOURS}
    if s.solo:
        s.carts = [Cart(0, c, c) for c in COLOURS]
        s.edges = [None]
        s.solo_pool = list(SOLO_MINE_GEMS)
        s.bag = sub(BAG, SOLO_MINE_GEMS)
        s.solo_deck = [(c, n) for c in COLOURS for n in range(1, 9)] + [(CHASM, 0)]
        s.token_supply = {c: TOKENS_PER_COLOUR for c in COLOURS}
        s.delivered = {e: [0, 0, 0, 0, 0] for e in EDGES}
        s.tasks = ([("solo_gem", c, n) for c in COLOURS for n in range(1, 9)]
                   + [("start_turn", 0)])
    else:
        s.carts = [Cart(p, None, m) for p in range(num_players) for m in ("white", "black")]
        s.edges = [None] * num_players
        # one token of each colour waits on the chasm deck
        s.token_supply = {c: TOKENS_PER_COLOUR - 1 for c in COLOURS}
        piles = piles_for_length(s.length)
        s.piles = [[1, 1, 1, 1, 0] for _ in range(piles)]
        # the Chasm card is shuffled among the 5th-8th cards from the bottom
        s.piles[piles - 2][4] = 1
        s.tasks = ([("setup_card", c) for c in COLOURS]
                   + [("deal_mission",)] * (num_players + 1)
                   + [("choose_edge",)]
                   + ([("draw_edge",)] if num_players >= 3 else [])
                   + [("start_turn", 0)])
    _advance(s, _Log())
    return s


# =============================================================================================
# The contract
# =============================================================================================
def current_player(s: OTRState) -> int:
    """The seat to decide (the owner of a hit cart splits its load), CHANCE or TERMINAL."""
    if s.over or not s.tasks:
        return TERMINAL
    head = s.tasks[0]
    kind = head[0]
    if kind in CHANCE_TASKS:
        return CHANCE
    if kind == "choose_edge":
        return 0
    if kind in OWNER_TASKS:
        return s.carts[head[1]].owner
    return s.player


def pending(s: OTRState) -> str:
    """What the game waits for, by name (see :meth:`OTRState.pending`)."""
    if s.over:
        return "over"
    kind = s.tasks[0][0]
    if kind in CHANCE_TASKS:
        return "chance"
    return {"choose_edge": "edge", "actions": "actions", "movement": "move_cart", "exit": "exit",
            "pickup": "gem", "split": "split", "drop": "drop", "pick": "pick",
            "mission": "mission", "chasm_place": "chasm_token"}[kind]


def moving_cart(s: OTRState):
    """The cart whose movement waits for a decision (exit, gem, split, pick), or None."""
    if s.tasks and s.tasks[0][0] in ("exit", "pickup") and s.moved:
        return s.tasks[0][1]
    if s.tasks and s.tasks[0][0] in ("split", "drop", "pick"):
        return s.tasks[0][2]
    return None


def legal_actions(s: OTRState) -> list:
    """The current player's actions in a stable order."""
    if s.over or not s.tasks:
        return []
    head = s.tasks[0]
    kind = head[0]
    if kind in CHANCE_TASKS:
        return []
    if kind == "choose_edge":
        return [ChooseEdge(e) for e in EDGES]
    if kind == "actions":
        return _action_phase_actions(s)
    if kind == "movement":
        return [MoveCart(i) for i in _carts_to_move(s)]
    if kind == "exit":
        cart = s.carts[head[1]]
        return [ChooseExit(x) for x in ways_on(s, cart.square, cart.back)]
    if kind == "pickup":
        here = s.gems.get(s.carts[head[1]].square, zero())
        return [TakeGem(GEMS[g]) for g in JEWELS if here[g] > 0]
    if kind == "split":
        return [SplitLoad(p) for p in _splits(s.carts[head[1]].load)]
    if kind == "drop":
        load = s.carts[head[1]].load
        return [DropGems(p) for p in sub_multisets(load, (sum(load) + 1) // 2)]
    if kind == "pick":
        return [PickPile(0), PickPile(1)]
    if kind == "mission":
        return [ClaimMission(m) for m in _claimable(s)]
    if kind == "chasm_place":
        return [PlaceChasmToken(r, c) for (r, c) in _token_squares(s, head[1])]
    raise AssertionError(f"unknown task {head!r}")


def _action_phase_actions(s: OTRState) -> list:
    acts = []
    p = s.player
    if s.actions_left > 0:
        occupied = _occupied(s)
        tiles, chasm = s.tiles, s.chasm
        for sq in board.BUILDABLE:
            ex = tiles.get(sq)
            if ex is None:
                if sq not in chasm:
                    acts.extend(_PLACE[sq])
            elif sq not in occupied:
                acts.extend(_UPGRADE[(sq, ex)])
        for ci in s.carts_of(p):
            if _cart_place_refusal(s, ci) is None:
                for sq in board.surface_squares(_cart_edge(s, ci)):
                    if sq not in occupied:
                        acts.append(PlaceCart(ci, sq[0], sq[1]))
        for ci in s.carts_of(p):
            cart = s.carts[ci]
            if cart.where == "board":
                if cart.speed > MIN_SPEED:
                    acts.append(ChangeSpeed(ci, -1))
                if cart.speed < MAX_SPEED:
                    acts.append(ChangeSpeed(ci, 1))
    acts.extend(ClaimMission(m) for m in _claimable(s, holding_only=True))
    acts.append(EndActions())
    return acts


def chance_outcomes(s: OTRState) -> list:
    """``[(action, probability)]`` at a chance node (probabilities sum to 1), else []."""
    if s.over or not s.tasks:
        return []
    head = s.tasks[0]
    kind = head[0]
    if kind == "setup_card":
        nums = s.unseen[head[1]]
        return [(RevealCard(head[1], n), 1 / len(nums)) for n in nums]
    if kind == "draw_gems":
        return _gem_outcomes(s.bag)
    if kind == "solo_gem":
        return _gem_outcomes(s.solo_pool)
    if kind == "deal_mission":
        left = [m for m in MISSIONS if m not in s.dealt]
        return [(DealMission(m), 1 / len(left)) for m in left]
    if kind == "draw_edge":
        left = [e for e in EDGES if e not in s.edges]
        return [(DrawEdge(e), 1 / len(left)) for e in left]
    if kind == "deposit":
        pile = s.piles[0]
        size = sum(pile)
        out = []
        for i, c in enumerate(COLOURS):
            if pile[i]:
                nums = s.unseen[c]
                out.extend((RevealCard(c, n), pile[i] / size / len(nums)) for n in nums)
        if pile[4]:
            out.append((RevealCard(CHASM, 0), pile[4] / size))
        return out
    if kind == "chasm_deck":
        nums = s.unseen[head[1]]
        return [(RevealCard(head[1], n), 1 / len(nums)) for n in nums]
    if kind == "chasm_draw":
        total = sum(s.token_supply.values())
        return [(DrawChasmToken(c), s.token_supply[c] / total) for c in COLOURS
                if s.token_supply[c]]
    if kind == "chasm_die":
        free = _free_die_numbers(s, head[1])
        return [(RollChasmDie(n), 1 / len(free)) for n in free]
    if kind == "solo_reveal":
        return [(RevealCard(c, n), 1 / len(s.solo_deck)) for (c, n) in s.solo_deck]
    return []


def _gem_outcomes(pool) -> list:
    total = sum(pool)
    return [(DrawGem(GEMS[g]), pool[g] / total) for g in range(5) if pool[g]]


def refusal(s: OTRState, a) -> str | None:
    """Why ``a`` cannot be applied now (a sentence naming the rule), or None if it is legal."""
    if s.over:
        return "The game is over."
    head = s.tasks[0]
    kind = head[0]
    if kind in CHANCE_TASKS:
        if isinstance(a, (DrawEdge, DealMission, RevealCard, DrawGem, DrawChasmToken,
                          RollChasmDie)):
            if a in [o for o, _ in chance_outcomes(s)]:
                return None
            return "That outcome cannot happen here."
        return "The game is waiting for a draw or a roll."
    if isinstance(a, (DrawEdge, DealMission, RevealCard, DrawGem, DrawChasmToken, RollChasmDie)):
        return "Nothing is left to chance right now."
    if isinstance(a, (PlaceTile, UpgradeTile, PlaceCart, ChangeSpeed, EndActions)):
        if kind != "actions":
            return "That can only be done in the action phase. " + _EXPECTED[kind]
        return _action_refusal(s, a)
    if isinstance(a, SplitLoad) and kind == "split":
        return None if _listed_split(s.carts[head[1]].load, a.pile) else _decision_refusal(s, a,
                                                                                           kind)
    if a in legal_actions(s):
        return None
    return _decision_refusal(s, a, kind)


def _action_refusal(s: OTRState, a) -> str | None:
    if isinstance(a, EndActions):
        return None
    if s.actions_left <= 0:
        return "You have already used your 4 actions this turn."
    if isinstance(a, PlaceTile):
        sq = (a.row, a.col)
        if a.exits not in board.PLACEABLE:
            return ("You may place only a straight or a curve; T-junctions and crosses come from "
                    "upgrades.")
        if not board.on_grid(sq):
            return "Track goes only on the underground grid, never on the surface."
        if sq in board.CENTRE_SQUARES:
            return "No track may be placed on a mine centre."
        if sq in s.chasm:
            return "No track may be placed on a chasm square."
        if sq in s.tiles:
            return "That square already holds a tile; you may upgrade it instead."
        return None
    if isinstance(a, UpgradeTile):
        sq = (a.row, a.col)
        old = s.tiles.get(sq)
        if old is None:
            return "There is no tile on that square to upgrade."
        if sq in _occupied(s):
            return "A tile with a cart on it cannot be upgraded."
        if old == "NESW":
            return "A cross is the last upgrade; it cannot be upgraded."
        if a.exits not in board.upgrades(old):
            return ("An upgrade keeps every exit of the old tile and goes one step: a straight or "
                    "curve becomes a T-junction, a T-junction becomes a cross.")
        return None
    if isinstance(a, PlaceCart):
        if not 0 <= a.cart < len(s.carts) or s.carts[a.cart].owner != s.player:
            return "That is not one of your carts."
        reason = _cart_place_refusal(s, a.cart)
        if reason:
            return reason
        sq = (a.row, a.col)
        edge = _cart_edge(s, a.cart)
        if sq not in board.surface_squares(edge):
            if s.solo:
                return f"The {s.carts[a.cart].colour} cart starts only on the {edge} edge, its colour."
            return "A cart starts on a square of your own surface edge."
        if sq in _occupied(s):
            return "That surface square already holds a cart."
        return None
    if isinstance(a, ChangeSpeed):
        if not 0 <= a.cart < len(s.carts) or s.carts[a.cart].owner != s.player:
            return "That is not one of your carts."
        cart = s.carts[a.cart]
        if cart.where != "board":
            return "Only a cart on the board can change speed."
        if a.delta not in (1, -1):
            return "One action changes a cart's speed by exactly 1."
        if not MIN_SPEED <= cart.speed + a.delta <= MAX_SPEED:
            return "A cart's speed stays between 1 and 6."
        return None
    return "Off the Rails has no such move."


_EXPECTED = {
    "choose_edge": "The game starts once the first player has chosen a starting edge.",
    "actions": "Finish your action phase first.",
    "movement": "Now choose which of your carts moves next.",
    "exit": "Now choose the exit your cart leaves the junction by.",
    "pickup": "Now choose the jewel your cart takes from this deposit.",
    "split": "Now split the hit cart's load into two piles as equal as possible.",
    "drop": "Now choose the gems the hit cart drops: the larger half of its load.",
    "pick": "Now pick one of the two piles.",
    "mission": "Now choose the mission you take.",
    "chasm_place": "Now place the drawn chasm token.",
}
"""What each pending decision asks for, as a sentence (refusals of a move of another kind)."""


def _decision_refusal(s, a, kind) -> str:
    """Why decision ``a`` is not a legal choice for the pending ``kind``, in plain words."""
    head = s.tasks[0]
    if isinstance(a, ClaimMission):
        return _mission_refusal(s, a, kind)
    if kind == "choose_edge" and isinstance(a, ChooseEdge):
        return "A starting edge is north, east, south or west."
    if kind == "movement" and isinstance(a, MoveCart):
        if a.cart in s.moved:
            return "That cart has already moved this turn."
        return "Choose one of your carts on the board that has not moved yet."
    if kind == "exit" and isinstance(a, ChooseExit):
        cart = s.carts[head[1]]
        tile = s.tiles[cart.square]
        if a.side == cart.back:
            return "A cart never turns back: it leaves by another exit than the one it came in by."
        if not (isinstance(a.side, str) and a.side in board.SIDES and a.side in tile):
            return "The tile has no exit that way."
        return "No cart may go into the chasm while another way on is open."
    if kind == "pickup" and isinstance(a, TakeGem):
        if a.gem == "rock":
            return "Rocks are taken first, by themselves: choose one of the jewels here."
        if a.gem in GEM_INDEX:
            return f"There is no {a.gem} on this deposit."
        return "Choose a ruby, an emerald, a gold or a diamond from this deposit."
    if kind == "split" and isinstance(a, SplitLoad):
        load = s.carts[head[1]].load
        return (f"The first pile holds {(sum(load) + 1) // 2} of the {sum(load)} gems in the "
                f"cart ({gems_text(load)}).")
    if kind == "drop" and isinstance(a, DropGems):
        load = s.carts[head[1]].load
        return (f"The cart drops {(sum(load) + 1) // 2} of its {sum(load)} gems "
                f"({gems_text(load)}).")
    if kind == "pick" and isinstance(a, PickPile):
        return "There are two piles: pick the first or the second."
    if kind == "chasm_place" and isinstance(a, PlaceChasmToken):
        colour = head[1]
        if (a.row, a.col) in s.chasm:
            return "That square is already a chasm."
        if any(c == colour for c in s.chasm.values()):
            return f"The {colour} chasm token goes on a square next to a {colour} chasm."
        return "The chasm token goes on a square next to a chasm."
    return _EXPECTED.get(kind, "That move is not available now.")


def _mission_refusal(s, a, kind) -> str:
    """Why ``ClaimMission`` ``a`` cannot be taken now (rules, "Missions"; OR-D11)."""
    if s.solo:
        return "The solo game has no missions."
    if a.mission not in s.missions:
        if any(a.mission in taken for taken in s.taken):
            return "That mission has already been taken."
        return "That mission is not face up."
    if s.claimed:
        return "You have already taken a mission this turn: at most one per turn."
    if kind not in ("actions", "mission"):
        return _EXPECTED.get(kind, "That move is not available now.")
    if kind == "actions" and a.mission not in HOLDING_MISSIONS:
        return "That mission is taken right after a cart's move fulfils it."
    return "You have not fulfilled that mission."


def _listed_split(load, pile):
    """The listed split (OR-D7) that ``pile`` stands for: itself, or the listed split it mirrors
    when both piles are the same size; None when ``pile`` is no split of ``load``."""
    if not (isinstance(pile, tuple) and len(pile) == 5
            and all(isinstance(n, int) and 0 <= n <= held for n, held in zip(pile, load))):
        return None
    splits = _splits(load)
    if pile in splits:
        return pile
    mirror = sub(load, pile)
    return mirror if mirror in splits and sum(mirror) == sum(pile) else None


def apply_action(s: OTRState, a) -> list:
    """Apply ``a`` and run everything that follows automatically; returns the events.

    Raises :class:`IllegalAction` (state unchanged) for anything the rules forbid.
    """
    reason = refusal(s, a)
    if reason is not None:
        raise IllegalAction(reason)
    log = _Log()
    _HANDLERS[type(a)](s, log, a)
    s._legal = None
    _advance(s, log)
    log.flush(s)
    s._legal = None
    return log.events


# =============================================================================================
# Events with cart paths
# =============================================================================================
class _Log:
    """Collects events; consecutive steps of one cart are merged into one CartMoved(path)."""

    def __init__(self):
        self.events = []
        self.path = None  # [cart, [squares]]

    def step(self, s, ci, to_square):
        if self.path is not None and self.path[0] == ci:
            self.path[1].append(to_square)
        else:
            self.flush(s)
            self.path = [ci, [s.carts[ci].square, to_square]]

    def flush(self, s):
        if self.path is not None:
            ci, squares = self.path
            cart = s.carts[ci]
            self.path = None
            self.events.append(CartMoved(cart.owner, ci, cart.label, tuple(squares),
                                         cart.facing if cart.where == "board" else None))

    def add(self, s, event):
        self.flush(s)
        self.events.append(event)


# =============================================================================================
# Applying decisions and chance outcomes
# =============================================================================================
def _do_choose_edge(s, log, a):
    s.tasks.pop(0)
    _set_edge(s, log, 0, a.edge, "chose")
    if s.num_players >= 2:
        _set_edge(s, log, 1, OPPOSITE_EDGE[a.edge], "took")


def _do_draw_edge(s, log, a):
    s.tasks.pop(0)
    _set_edge(s, log, 2, a.edge, "drew")
    if s.num_players == 4:
        _set_edge(s, log, 3, OPPOSITE_EDGE[a.edge], "took")


OPPOSITE_EDGE = board.OPPOSITE_EDGE


def _set_edge(s, log, p, edge, how):
    s.edges[p] = edge
    colour = board.EDGE_COLOUR[edge]
    for ci in s.carts_of(p):
        s.carts[ci].colour = colour
    log.add(s, EdgeTaken(p, edge, colour, how))


def _do_deal_mission(s, log, a):
    s.tasks.pop(0)
    s.dealt.append(a.mission)
    s.missions.append(a.mission)
    log.add(s, MissionDealt(a.mission))


def _do_reveal(s, log, a):
    kind = s.tasks[0][0]
    if kind == "setup_card":
        s.unseen[a.colour].remove(a.number)
        r, c = board.mine_square(a.colour, a.number)
        log.add(s, CardRevealed(a.colour, a.number, r, c))
        s.tasks[0] = ("draw_gems", r, c, DEPOSIT_GEMS[a.number])
    elif kind == "deposit":
        pile = s.piles[0]
        idx = 4 if a.colour == CHASM else COLOURS.index(a.colour)
        pile[idx] -= 1
        if sum(pile) == 0:
            s.piles.pop(0)
        if a.colour == CHASM:
            s.chasm_card_seen = True
            s.revealed_chasm_now = True
            s.final_turns_left = s.num_players
            log.add(s, ChasmCardRevealed(s.player))
            s.tasks.pop(0)
        else:
            s.unseen[a.colour].remove(a.number)
            r, c = board.mine_square(a.colour, a.number)
            log.add(s, CardRevealed(a.colour, a.number, r, c))
            s.tasks[0] = ("draw_gems", r, c, DEPOSIT_GEMS[a.number])
    elif kind == "chasm_deck":
        s.unseen[a.colour].remove(a.number)
        s.tasks.pop(0)
        _open_chasm(s, log, a.colour, board.mine_square(a.colour, a.number))
    elif kind == "solo_reveal":
        k = s.tasks[0][1]
        if a.colour == CHASM:
            log.add(s, ChasmCardShuffledBack())  # the card goes back into the deck
            k -= 1
        else:
            s.solo_deck.remove((a.colour, a.number))
            sq = board.mine_square(a.colour, a.number)
            if sq in s.chasm or s.token_supply[a.colour] == 0:
                log.add(s, CardSkipped(a.colour, a.number))  # reveal the next card
            else:
                s.token_supply[a.colour] -= 1
                _open_chasm(s, log, a.colour, sq)
                k -= 1
        s.tasks[0] = ("solo_reveal", k)


def _do_draw_gem(s, log, a):
    g = GEM_INDEX[a.gem]
    head = s.tasks[0]
    if head[0] == "solo_gem":
        s.solo_pool[g] -= 1
        sq = board.mine_square(head[1], head[2])
        s.gems[sq] = add(s.gems.get(sq, zero()), one(g))
        s.tasks.pop(0)
    else:
        _, r, c, k = head
        sq = (r, c)
        s.bag = sub(s.bag, one(g))
        s.gems[sq] = add(s.gems.get(sq, zero()), one(g))
        s.tasks[0] = ("draw_gems", r, c, k - 1)
    log.add(s, GemPlaced(sq[0], sq[1], a.gem))


def _do_place_tile(s, log, a):
    s.tiles[(a.row, a.col)] = a.exits
    s.actions_left -= 1
    log.add(s, TilePlaced(s.player, a.row, a.col, a.exits))


def _do_upgrade(s, log, a):
    sq = (a.row, a.col)
    old = s.tiles[sq]
    s.tiles[sq] = a.exits
    s.actions_left -= 1
    log.add(s, TileUpgraded(s.player, a.row, a.col, old, a.exits))


def _do_place_cart(s, log, a):
    cart = s.carts[a.cart]
    edge = _cart_edge(s, a.cart)
    cart.where = "board"
    cart.square = (a.row, a.col)
    cart.facing = board.INWARD[edge]
    cart.back = OPPOSITE[cart.facing]
    cart.speed = START_SPEED
    cart.load = zero()
    s.actions_left -= 1
    log.add(s, CartPlaced(s.player, a.cart, cart.label, a.row, a.col, cart.facing))


def _do_speed(s, log, a):
    cart = s.carts[a.cart]
    old = cart.speed
    cart.speed += a.delta
    s.actions_left -= 1
    log.add(s, SpeedChanged(s.player, a.cart, cart.label, old, cart.speed))


def _do_end_actions(s, log, a):
    s.tasks.pop(0)
    log.add(s, ActionsEnded(s.player))


def _do_move_cart(s, log, a):
    _start_cart(s, log, a.cart)


def _do_choose_exit(s, log, a):
    ci = s.tasks[0][1]
    cart = s.carts[ci]
    cart.facing = a.side
    s.tasks.pop(0)
    log.add(s, ExitChosen(cart.owner, ci, cart.label, cart.square[0], cart.square[1], a.side))


def _do_take_gem(s, log, a):
    _, ci, k = s.tasks[0]
    _take(s, log, ci, GEM_INDEX[a.gem])
    s.tasks[0] = ("pickup", ci, k - 1)


def _do_split(s, log, a):
    _, oi, ci = s.tasks[0]
    other = s.carts[oi]
    pile = _listed_split(other.load, a.pile)  # the mirror of a listed even split is the same
    s.piles_split = (pile, sub(other.load, pile))
    s.tasks.pop(0)
    log.add(s, LoadSplit(other.owner, oi, (sum(pile), sum(other.load) - sum(pile))))


def _do_pick(s, log, a):
    _, oi, ci = s.tasks[0]
    dropped = s.piles_split[a.pile]
    s.piles_split = None
    s.tasks.pop(0)
    _drop(s, log, oi, ci, dropped)


def _do_drop(s, log, a):
    _, oi, ci = s.tasks[0]
    s.tasks.pop(0)
    _drop(s, log, oi, ci, tuple(a.gems))


def _do_claim(s, log, a):
    if s.tasks[0][0] == "mission":
        s.tasks.pop(0)
    _claim(s, log, a.mission)


def _do_place_token(s, log, a):
    colour = s.tasks[0][1]
    s.tasks.pop(0)
    _open_chasm(s, log, colour, (a.row, a.col))


def _do_draw_token(s, log, a):
    s.tasks.pop(0)
    s.token_supply[a.colour] -= 1
    log.add(s, ChasmTokenDrawn(a.colour))
    if s.chasm_die and _free_die_numbers(s, a.colour):
        s.tasks.insert(0, ("chasm_die", a.colour))
    else:
        s.tasks.insert(0, ("chasm_place", a.colour))


def _do_roll_die(s, log, a):
    colour = s.tasks[0][1]
    s.tasks.pop(0)
    log.add(s, ChasmDieRolled(colour, a.number))
    _open_chasm(s, log, colour, board.mine_square(colour, a.number))


_HANDLERS = {
    ChooseEdge: _do_choose_edge, DrawEdge: _do_draw_edge, DealMission: _do_deal_mission,
    RevealCard: _do_reveal, DrawGem: _do_draw_gem, PlaceTile: _do_place_tile,
    UpgradeTile: _do_upgrade, PlaceCart: _do_place_cart, ChangeSpeed: _do_speed,
    EndActions: _do_end_actions, MoveCart: _do_move_cart, ChooseExit: _do_choose_exit,
    TakeGem: _do_take_gem, SplitLoad: _do_split, PickPile: _do_pick, DropGems: _do_drop,
    ClaimMission: _do_claim, PlaceChasmToken: _do_place_token, DrawChasmToken: _do_draw_token,
    RollChasmDie: _do_roll_die,
}


# =============================================================================================
# The automatic part: run tasks until a decision or a chance node
# =============================================================================================
def _advance(s: OTRState, log: _Log) -> None:
    while s.tasks and not s.over:
        head = s.tasks[0]
        step = _AUTO.get(head[0])
        if step is None or not step(s, log, head):
            return


def _auto_draw_gems(s, log, head):
    _, r, c, k = head
    if k <= 0 or sum(s.bag) == 0 or (r, c) in s.chasm:
        s.tasks.pop(0)  # as many as remain in the bag
        return True
    return False


def _auto_start_turn(s, log, head):
    s.player = head[1]
    s.turn += 1
    s.actions_left = ACTIONS_PER_TURN
    s.moved = []
    s.claimed = False
    s.facts = new_facts()
    s.chasm_turn = False
    s.revealed_chasm_now = False
    s.tasks[0:1] = [("actions",), ("movement",), ("deposit",), ("end_turn",)]
    log.add(s, TurnStarted(s.player, s.turn))
    return True


def _auto_actions(s, log, head):
    if s.actions_left <= 0:
        s.tasks.pop(0)  # four actions used: the action phase ends by itself
        return True
    return False


def _carts_to_move(s) -> list:
    return [i for i in s.carts_of(s.player)
            if s.carts[i].where == "board" and i not in s.moved]


def _auto_movement(s, log, head):
    todo = _carts_to_move(s)
    if not todo:
        # the movement phase is over: a mission the player holds now is taken before the
        # deposit phase, also when no cart moved (rules, "Missions")
        s.tasks[0] = ("mission",)
        return True
    if len(todo) == 1:
        _start_cart(s, log, todo[0])
        return True
    return False  # the player chooses which cart moves first


def _start_cart(s, log, ci):
    s.moved.append(ci)
    s.taken_here = 0
    cart = s.carts[ci]
    choose = []
    if cart.square in s.tiles:
        # "No cart may move onto a chasm square by choice": a cart resting on a junction whose
        # chosen exit now leads into the chasm chooses again among the ways still open.
        ways = ways_on(s, cart.square, cart.back)
        if cart.facing not in ways:
            cart.facing = ways[0] if len(ways) == 1 else None
            if cart.facing is None:
                choose = [("exit", ci)]
            else:
                log.add(s, ExitChosen(cart.owner, ci, cart.label, cart.square[0],
                                      cart.square[1], cart.facing))
    s.tasks[0:0] = choose + [("run", ci, cart.speed), ("cart_done", ci)]


def _auto_run(s, log, head):
    """One step of a moving cart (rules, "Movement phase", "Collisions", "The Chasm")."""
    _, ci, k = head
    cart = s.carts[ci]
    if cart.where != "board":
        s.tasks.pop(0)
        return True
    if k <= 0:
        s.tasks[0] = ("stop", ci)
        return True
    nxt = board.step(cart.square, cart.facing)
    if not board.on_grid(nxt):
        # Leaving the mine: any edge, any speed; movement left over is lost (OR-D10: no collision)
        log.step(s, ci, nxt)
        _leave(s, log, ci, nxt)
        s.tasks.pop(0)
        return True
    if nxt in s.chasm:
        log.step(s, ci, nxt)
        _fall(s, log, ci, nxt)
        s.tasks.pop(0)
        return True
    oi = s.cart_at(nxt)
    if oi is not None:
        _collide(s, log, ci, oi)
        return True
    tile = s.tiles.get(nxt)
    side_in = OPPOSITE[cart.facing]
    if nxt in board.CENTRE_SQUARES:
        cause = "a mine centre"
    elif tile is None:
        cause = "no track ahead"
    elif side_in not in tile:
        cause = "the track ahead has no exit towards it"
    else:
        cause = None
    if cause:
        _derail(s, log, ci, cause, nxt)
        s.tasks.pop(0)
        return True
    log.step(s, ci, nxt)
    cart.square = nxt
    cart.back = side_in
    ways = ways_on(s, nxt, side_in)
    cart.facing = ways[0] if len(ways) == 1 else None
    s.taken_here = 0
    if k - 1 == 0:
        s.tasks[0] = ("stop", ci)
    else:
        new = []
        if nxt in s.gems:
            new.append(("pickup", ci, 1))
        if cart.facing is None:
            new.append(("exit", ci))
        new.append(("run", ci, k - 1))
        s.tasks[0:1] = new
    return True


def _auto_stop(s, log, head):
    """The cart's movement ends: take gems up to 2 in all here; OR-D10 for surface squares."""
    ci = head[1]
    cart = s.carts[ci]
    new = []
    if cart.where == "board":
        if board.on_grid(cart.square):
            if cart.square in s.gems and s.taken_here < 2:
                new.append(("pickup", ci, 2 - s.taken_here))
            if cart.facing is None:
                new.append(("exit", ci))
        else:
            sq = cart.square
            _to_supply(s, ci)
            log.add(s, CartReturned(cart.owner, ci, cart.label, sq[0], sq[1]))
    s.tasks[0:1] = new
    return True


def _auto_pickup(s, log, head):
    """Rocks are taken before jewels; a cart holds at most 5 gems."""
    _, ci, k = head
    cart = s.carts[ci]
    here = s.gems.get(cart.square) if cart.where == "board" else None
    if k <= 0 or not here or sum(cart.load) >= CART_CAPACITY:
        s.tasks.pop(0)
        return True
    if here[0]:
        _take(s, log, ci, 0)
        s.tasks[0] = ("pickup", ci, k - 1)
        return True
    kinds = [g for g in JEWELS if here[g]]
    if len(kinds) == 1:
        _take(s, log, ci, kinds[0])
        s.tasks[0] = ("pickup", ci, k - 1)
        return True
    return False  # the owner chooses among the jewels


def _auto_collision_end(s, log, head):
    """Each cart that held no gems before the collision derails."""
    _, ci, oi, mover_empty, other_empty = head
    s.tasks.pop(0)
    mover, other = s.carts[ci], s.carts[oi]
    if other_empty and other.where == "board":
        _derail(s, log, oi, "collision", other.square)
        if other.owner != mover.owner:
            s.facts["derailed_opponent"] = True
    if mover_empty and mover.where == "board":
        _derail(s, log, ci, "collision", mover.square)
    return True


def _auto_cart_done(s, log, head):
    s.tasks[0] = ("mission",)
    return True


def _auto_mission(s, log, head):
    """Missions are taken at once, at most one per turn (rules, "Missions"; OR-D11)."""
    options = _claimable(s)
    if len(options) <= 1:
        if options:
            _claim(s, log, options[0])
        s.facts = new_facts()
        s.tasks.pop(0)
        return True
    return False


def _auto_deposit(s, log, head):
    if s.solo:
        s.tasks[0] = ("solo_reveal", 4 if s.turn == 1 else 1)
        return True
    if s.chasm_phase:
        s.chasm_turn = True
        s.tasks[0] = ("chasm_draw",)
        return True
    if not s.piles:
        s.tasks.pop(0)
        return True
    return False


def _auto_chasm_draw(s, log, head):
    if sum(s.token_supply.values()) == 0:
        s.tasks.pop(0)
        return True
    return False


def _auto_solo_reveal(s, log, head):
    if head[1] <= 0 or len(s.chasm) >= TOTAL_TOKENS or not s.solo_deck:
        s.tasks.pop(0)
        return True
    return False


def _auto_end_turn(s, log, head):
    """End of a turn: game end checks, the Chasm card's final turns, next player."""
    if s.solo:
        in_play = any(k.where != "lost" for k in s.carts)
        if len(s.chasm) >= TOTAL_TOKENS or not in_play:
            s.tasks[0:] = [("game_end",)]
            return True
        s.tasks[0] = ("start_turn", 0)
        return True
    if s.chasm_turn:
        on_board = any(k.where == "board" for k in s.carts)
        if not on_board or len(s.chasm) >= TOTAL_TOKENS:
            s.tasks[0:] = [("game_end",)]
            return True
    nxt = (s.player + 1) % s.num_players
    if s.chasm_card_seen and not s.chasm_phase:
        if not s.revealed_chasm_now:
            s.final_turns_left -= 1
        if s.final_turns_left <= 0:
            s.tasks[0:1] = ([("chasm_deck", c) for c in COLOURS]
                            + [("begin_chasm",), ("start_turn", nxt)])
            return True
    s.tasks[0] = ("start_turn", nxt)
    return True


def _auto_begin_chasm(s, log, head):
    s.chasm_phase = True
    s.tasks.pop(0)
    return True


def _auto_game_end(s, log, head):
    """End of the game: carts still on the board derail; Dirty Goblins; final scores."""
    for ci, cart in enumerate(s.carts):
        if cart.where == "board":
            _derail(s, log, ci, "the game ended", cart.square)
    if not s.solo and DIRTY_GOBLINS in s.missions:
        rocks = [st[0] for st in s.stockpiles]
        best = max(rocks)
        if best > 0 and rocks.count(best) == 1:
            p = rocks.index(best)
            s.missions.remove(DIRTY_GOBLINS)
            s.taken[p].append(DIRTY_GOBLINS)
            log.add(s, MissionClaimed(p, DIRTY_GOBLINS))
    s.tasks = []
    s.over = True
    sheet = score_sheet(s)
    s.result = sheet["solo"]["result"] if s.solo else None
    summary = (sheet["solo"]["summary"] if s.solo else
               " and ".join(f"Player {w + 1}" for w in sheet["winners"]) + " won.")
    log.add(s, GameEnded(tuple(sheet["winners"]), tuple(r[-1] for r in sheet["rows"]), summary))
    return True


_AUTO = {
    "draw_gems": _auto_draw_gems, "start_turn": _auto_start_turn, "actions": _auto_actions,
    "movement": _auto_movement, "run": _auto_run, "stop": _auto_stop, "pickup": _auto_pickup,
    "collision_end": _auto_collision_end, "cart_done": _auto_cart_done,
    "mission": _auto_mission, "deposit": _auto_deposit, "chasm_draw": _auto_chasm_draw,
    "solo_reveal": _auto_solo_reveal, "end_turn": _auto_end_turn,
    "begin_chasm": _auto_begin_chasm, "game_end": _auto_game_end,
}


# =============================================================================================
# Rule pieces
# =============================================================================================
def _occupied(s) -> set:
    return {k.square for k in s.carts if k.where == "board"}


def ways_on(s, square, entered_by) -> list:
    """The sides a cart on ``square`` that came in by ``entered_by`` may leave by, in N-E-S-W
    order (rules, "The Chasm"): every other exit of the tile, except the exits into a chasm
    square while another exit exists; only when every way on leads into the chasm is the cart
    forced in. One side means no choice."""
    exits = [side for side in s.tiles[square] if side != entered_by]
    open_ways = [side for side in exits if board.step(square, side) not in s.chasm]
    return open_ways or exits


def _cart_edge(s, ci) -> str:
    """The edge a cart enters from: its owner's edge, or its colour's edge in solo."""
    if s.solo:
        return board.COLOUR_EDGE[s.carts[ci].colour]
    return s.edges[s.carts[ci].owner]


def _cart_place_refusal(s, ci) -> str | None:
    cart = s.carts[ci]
    if cart.where == "lost":
        return "That cart has left the game."
    if cart.where != "supply":
        return "That cart is already on the board."
    if not s.solo:
        on_board = sum(1 for i in s.carts_of(cart.owner) if s.carts[i].where == "board")
        if on_board >= 2:
            return "You may place a cart only while you have fewer than 2 on the board."
    return None


def _take(s, log, ci, g):
    cart = s.carts[ci]
    sq = cart.square
    cart.load = add(cart.load, one(g))
    left = sub(s.gems[sq], one(g))
    if sum(left):
        s.gems[sq] = left
    else:
        del s.gems[sq]
    s.taken_here += 1
    if jewels(cart.load) == CART_CAPACITY and cart.load[0] == 0 and cart.owner == s.player:
        s.facts["collector"] = True
    log.add(s, GemTaken(cart.owner, ci, cart.label, sq[0], sq[1], GEMS[g]))


def _to_supply(s, ci, where="supply"):
    cart = s.carts[ci]
    cart.where = where
    cart.square = None
    cart.back = None
    cart.facing = None
    cart.load = zero()
    cart.speed = START_SPEED


def _leave(s, log, ci, surface_square):
    """Leaving the mine: the load goes to the owner's stockpile, the cart back to the supply."""
    cart = s.carts[ci]
    edge = board.SURFACE_EDGE[surface_square]
    load = cart.load
    owner = cart.owner
    s.stockpiles[owner] = add(s.stockpiles[owner], load)
    enemy = any(e == edge for q, e in enumerate(s.edges) if q != owner)
    s.facts["exits"].append((load, enemy))
    if s.solo:
        s.delivered[edge] = [a + b for a, b in zip(s.delivered[edge], load)]
    _to_supply(s, ci)
    log.add(s, CartLeftMine(owner, ci, cart.label, edge, surface_square[0], surface_square[1], load))


def _fall(s, log, ci, square):
    """A cart entering a chasm square falls in: cart and gems leave the game."""
    cart = s.carts[ci]
    load = cart.load
    s.lost = add(s.lost, load)
    _to_supply(s, ci, "lost")
    log.add(s, CartFell(cart.owner, ci, cart.label, square[0], square[1], load))


def _derail(s, log, ci, cause, toward):
    """Derail: gems back to the bag, cart to its owner's supply (solo: it leaves the game)."""
    cart = s.carts[ci]
    load = cart.load
    sq = cart.square
    s.bag = add(s.bag, load)
    _to_supply(s, ci, "lost" if s.solo else "supply")
    log.add(s, CartDerailed(cart.owner, ci, cart.label, sq[0], sq[1], toward[0], toward[1], load,
                            cause, s.solo))


def _collide(s, log, ci, oi):
    """Rules, "Collisions": the mover stops and turns round; bump, rear or head-on."""
    mover, other = s.carts[ci], s.carts[oi]
    towards_mover = OPPOSITE[mover.facing]
    tile = s.tiles.get(other.square, "")
    mover.back, mover.facing = mover.facing, mover.back
    if towards_mover not in tile:
        kind = "bump"
    elif other.facing == towards_mover:
        kind = "head-on"
    else:
        kind = "rear"
    log.add(s, Collided(mover.owner, ci, oi, other.owner, kind, mover.square[0], mover.square[1],
                        other.square[0], other.square[1], mover.label, other.label))
    log.add(s, CartTurned(mover.owner, ci, mover.label, mover.square[0], mover.square[1],
                          mover.facing))
    if kind == "head-on":
        other.back, other.facing = other.facing, other.back
        log.add(s, CartTurned(other.owner, oi, other.label, other.square[0], other.square[1],
                              other.facing))
        s.facts["head_on"] = True
    if kind == "bump" or s.bumper:
        s.tasks[0] = ("stop", ci)
        return
    n = sum(other.load)
    mover_empty = sum(mover.load) == 0
    other_empty = n == 0
    new = []
    if n == 1:
        _drop(s, log, oi, ci, other.load)  # one gem is always dropped (OR-D7)
    elif n >= 2:
        if s.split_rule == "choose":
            new += [("split", oi, ci), ("pick", oi, ci)]
        else:
            new += [("drop", oi, ci)]
    new += [("collision_end", ci, oi, mover_empty, other_empty), ("stop", ci)]
    s.tasks[0:1] = new


def _drop(s, log, oi, ci, dropped):
    other = s.carts[oi]
    other.load = sub(other.load, dropped)
    sq = other.square
    s.gems[sq] = add(s.gems.get(sq, zero()), dropped)
    if jewels(dropped) and other.owner != s.carts[ci].owner:
        s.facts["heist"] = True
    log.add(s, GemsDropped(other.owner, oi, other.label, sq[0], sq[1], tuple(dropped)))


def _splits(load) -> list:
    """The owner's possible splits: the first pile holds ceil(n/2) gems (OR-D7). With an even
    count, a split and its mirror are the same choice, so only one of them is listed."""
    n = sum(load)
    out = []
    for pile in sub_multisets(load, (n + 1) // 2):
        rest = sub(load, pile)
        if n % 2 == 0 and rest > pile:
            continue
        out.append(pile)
    return out


def _claimable(s, holding_only=False) -> list:
    """Face-up missions the active player fulfils now (none in solo or once one was taken this
    turn); ``holding_only``: only those fulfilled by what the player holds (HOLDING_MISSIONS)."""
    if s.solo or s.claimed:
        return []
    p = s.player
    loads = [k.load for k in s.carts if k.owner == p and k.where == "board"]
    if holding_only:
        return [m for m in s.missions if fulfilled_by_holding(m, s.stockpiles[p], loads)]
    return [m for m in s.missions if m != DIRTY_GOBLINS
            and mission_fulfilled(m, s.facts, s.stockpiles[p], loads)]


def _claim(s, log, m):
    s.missions.remove(m)
    s.taken[s.player].append(m)
    s.claimed = True
    log.add(s, MissionClaimed(s.player, m))


def _open_chasm(s, log, colour, sq):
    """A chasm token on ``sq``: tile, gems and any cart there leave the game."""
    tile = s.tiles.pop(sq, "")
    gems = s.gems.pop(sq, zero())
    s.lost = add(s.lost, gems)
    s.chasm[sq] = colour
    oi = s.cart_at(sq)
    log.add(s, ChasmOpened(colour, sq[0], sq[1], tile, gems, -1 if oi is None else oi))
    if oi is not None:
        _fall(s, log, oi, sq)


def _token_squares(s, colour) -> list:
    """Squares for a chasm token: next to a token of its colour (fallbacks: next to any chasm,
    then any free square)."""
    def around(pred):
        found = set()
        for sq, col in s.chasm.items():
            if pred(col):
                found.update(n for n in board.neighbours(sq) if n not in s.chasm)
        return sorted(found)
    squares = around(lambda col: col == colour) or around(lambda col: True)
    return squares or [sq for sq in board.ALL_SQUARES if sq not in s.chasm]


def _free_die_numbers(s, colour) -> list:
    return [n for n in range(1, 9) if board.mine_square(colour, n) not in s.chasm]


# =============================================================================================
# Scoring (rules: "End of the game and scoring", "Solo rules")
# =============================================================================================
def scores(s) -> list:
    """Per seat: dict of categories (gems by kind, gem points, ruby bonus, carts, missions, total)."""
    n = s.num_players
    most_rubies = max(st[1] for st in s.stockpiles)
    out = []
    for p in range(n):
        st = s.stockpiles[p]
        gem_points = value(st)
        ruby_bonus = 5 if most_rubies >= 1 and st[1] == most_rubies else 0
        carts = 3 * sum(1 for k in s.carts if k.owner == p and k.where == "supply")
        missions = MISSION_POINTS * len(s.taken[p])
        total = gem_points + ruby_bonus + carts + missions
        out.append({"rocks": st[0], "rubies": st[1], "emeralds": st[2], "gold": st[3],
                    "diamonds": st[4], "gem_points": gem_points, "ruby_bonus": ruby_bonus,
                    "carts": carts, "missions": missions, "total": total,
                    "jewels": jewels(st)})
    return out


def solo_result(s) -> dict:
    """Solo grading: right/wrong-edge sets, result level and high score."""
    own = {1: "north", 3: "east", 2: "south", 4: "west"}  # ruby-red, gold-yellow, emerald-green, diamond-blue
    right_sets = min(s.delivered[own[g]][g] for g in JEWELS)
    totals = [sum(s.delivered[e][g] for e in EDGES) for g in range(5)]
    all_sets = min(totals[g] for g in JEWELS)
    wrong_sets = all_sets - right_sets
    jewel_count = sum(totals[g] for g in JEWELS)
    if right_sets >= 2:
        result = "major victory"
    elif right_sets >= 1:
        result = "victory"
    elif all_sets >= 1:
        result = "partial victory"
    else:
        result = "loss"
    return {"result": result, "right_sets": right_sets, "wrong_sets": wrong_sets,
            "jewels": jewel_count, "high_score": jewel_count + 10 * wrong_sets + 100 * right_sets}


def winners(s) -> list:
    """Seats with the best (total, jewels, -rocks); ties beyond that share the win."""
    if s.solo:
        return [0] if solo_result(s)["result"] != "loss" else []
    sc = scores(s)
    keys = [(x["total"], x["jewels"], -x["rocks"]) for x in sc]
    best = max(keys)
    return [p for p, k in enumerate(keys) if k == best]


def returns(s) -> list:
    """1.0 for each winner, 0.0 for the others (all 0.0 before the end)."""
    if not s.over:
        return [0.0] * s.num_players
    w = winners(s)
    return [1.0 if p in w else 0.0 for p in range(s.num_players)]


def score_sheet(s) -> dict:
    """The game-over table (engine/core.py GameState docstring shape).

    Clan game: one column per scoring category, so each total is the sum of its row; the gems
    behind the gem points and the missions taken are one note per player ("Player N" for the
    scene to name). Solo: jewels and sets delivered, the high score and what the result lacked.
    """
    if s.solo:
        return _solo_sheet(s)
    sc = scores(s)
    cols = ["Gem points", "Most rubies", "Carts in supply", "Missions", "Total"]
    rows = [[x["gem_points"], x["ruby_bonus"], x["carts"], x["missions"], x["total"]]
            for x in sc]
    w = winners(s)
    notes = []
    best_total = max(x["total"] for x in sc)
    tied = [p for p, x in enumerate(sc) if x["total"] == best_total]
    if len(tied) > 1:
        if len(w) < len(tied):
            notes.append(f"Tie on points between {' and '.join(f'Player {p + 1}' for p in tied)}:"
                         " broken by more jewels, then fewer rocks.")
        else:
            notes.append("Tie on points, jewels and rocks: the win is shared.")
    for p in range(s.num_players):
        notes.append(player_note(s, p))
    return {"columns": cols, "rows": rows, "winners": w, "notes": notes}


def player_note(s, p) -> str:
    """One line for the score sheet: "Player 1, blue clan: 2 rubies and a rock; mission: Red
    Leader." (the scene puts the seat's name in)."""
    edge = s.edges[p] if p < len(s.edges) else None
    clan = f", {board.EDGE_COLOUR[edge]} clan" if edge else ""
    gems = s.stockpiles[p]
    parts = [gems_text(tuple(gems[g] if i == g else 0 for i in range(5)))
             for g in (1, 2, 3, 4, 0) if gems[g]]  # jewels first, rocks last
    words = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else \
        (parts[0] if parts else "no gems")
    line = f"Player {p + 1}{clan}: {words}"
    if s.taken[p]:
        line += "; mission" + ("s" if len(s.taken[p]) > 1 else "") + ": " \
            + ", ".join(MISSIONS[m][0] for m in s.taken[p])
    return line + "."


_JEWEL_PLURAL = {1: "rubies", 2: "emeralds", 3: "gold", 4: "diamonds"}
_OWN_EDGE = {1: "north", 3: "east", 2: "south", 4: "west"}
"""Solo: the edge each jewel counts at (ruby-red, gold-yellow, emerald-green, diamond-blue)."""


def solo_summary(r) -> str:
    """The solo headline: "Partial victory, high score 29"."""
    return f"{r['result'].capitalize()}, high score {r['high_score']}"


def solo_tally(r) -> str:
    """The solo result while the game runs: "So far: no set delivered · high score 0"."""
    what = "no set delivered" if r["result"] == "loss" else r["result"]
    return f"So far: {what} · high score {r['high_score']}"


def _solo_sheet(s) -> dict:
    r = solo_result(s)
    totals = [sum(s.delivered[e][g] for e in EDGES) for g in range(5)]
    notes = ["The total is the high score: 1 per jewel delivered, 10 per set to other edges, "
             "100 per set to their own edges."]
    own = ", ".join(f"{_JEWEL_PLURAL[g]} {_OWN_EDGE[g]}" for g in (1, 3, 2, 4))
    if r["result"] == "loss":
        missing = [_JEWEL_PLURAL[g] for g in JEWELS if not totals[g]]
        if missing:
            notes.append("No full set: no " + " or ".join(missing) + " reached the surface.")
    elif r["result"] == "partial victory":
        notes.append(f"For a victory, bring one of each jewel out by its own edge: {own}.")
    elif r["result"] == "victory":
        notes.append(f"For a major victory, bring two of each jewel out by its own edge: {own}.")
    return {"columns": ["Jewels delivered", "Sets to other edges", "Sets to own edges", "Total"],
            "rows": [[r["jewels"], r["wrong_sets"], r["right_sets"], r["high_score"]]],
            "winners": winners(s),
            "notes": notes,
            "solo": {"won": r["result"] != "loss", "result": r["result"],
                     "summary": solo_summary(r)}}


# =============================================================================================
# Observation and words
# =============================================================================================
def observation(s: OTRState, player: int) -> OTRState:
    """A copy for ``player``: a split waiting for the mover's pick is masked unless ``player``
    made it (OR-D7); everything else in this game is public (decks are multisets)."""
    o = s.clone()
    if s.piles_split and s.tasks and s.tasks[0][0] == "pick":
        owner = s.carts[s.tasks[0][1]].owner
        if player != owner:
            o.piles_split = _masked_split(add(*s.piles_split))
            o._legal = None
    return o


def _masked_split(load) -> tuple:
    """An even, made-up split of ``load`` (gems dealt alternately), hiding the owner's choice."""
    gems = [g for g in range(5) for _ in range(load[g])]
    a, b = [0] * 5, [0] * 5
    for i, g in enumerate(gems):
        (a if i % 2 == 0 else b)[g] += 1
    return (tuple(a), tuple(b))


def action_to_string(s: OTRState, a) -> str:
    """Plain words for an action, naming squares as the board labels them, e.g. ``"Place a
    north-east curve on D4"``."""
    def cart_name(ci):
        k = s.carts[ci]
        return f"the {k.label} cart"
    if isinstance(a, ChooseEdge):
        return f"Start from the {a.edge} edge ({board.EDGE_COLOUR[a.edge]} clan)"
    if isinstance(a, PlaceTile):
        return f"Place {tile_words(a.exits)} on {square_name(a.row, a.col)}"
    if isinstance(a, UpgradeTile):
        kind = board.tile_kind(a.exits)  # which T-junction: the hint's ghost tile shows it
        return f"Upgrade {square_name(a.row, a.col)} to a {kind}"
    if isinstance(a, PlaceCart):
        return f"Put {cart_name(a.cart)} in at {square_name(a.row, a.col)}"
    if isinstance(a, ChangeSpeed):
        return f"{'Speed up' if a.delta > 0 else 'Slow down'} {cart_name(a.cart)}"
    if isinstance(a, EndActions):
        return "End the action phase and move"
    if isinstance(a, MoveCart):
        return f"Move {cart_name(a.cart)} now"
    if isinstance(a, ChooseExit):
        return f"Leave the junction {board.SIDE_NAMES[a.side]}"
    if isinstance(a, TakeGem):
        return f"Take the {a.gem}"
    if isinstance(a, SplitLoad):
        return f"Split the load: {gems_text(a.pile)} in the first pile"
    if isinstance(a, DropGems):
        return f"Drop {gems_text(a.gems)}"
    if isinstance(a, PickPile):
        return f"Pick pile {a.pile + 1}"
    if isinstance(a, ClaimMission):
        return f"Take the mission {MISSIONS[a.mission][0]}"
    if isinstance(a, PlaceChasmToken):
        return f"Open the chasm on {square_name(a.row, a.col)}"
    if isinstance(a, DrawEdge):
        return f"Draw the {a.edge} edge"
    if isinstance(a, DealMission):
        return f"Deal the mission {MISSIONS[a.mission][0]}"
    if isinstance(a, RevealCard):
        return "Reveal the Chasm card" if a.colour == CHASM else f"Reveal {a.colour} {a.number}"
    if isinstance(a, DrawGem):
        return f"Draw {article(a.gem)}"
    if isinstance(a, DrawChasmToken):
        return f"Draw a {a.colour} chasm token"
    if isinstance(a, RollChasmDie):
        return f"Roll {a.number} on the Chasm Die"
    return type(a).__name__
