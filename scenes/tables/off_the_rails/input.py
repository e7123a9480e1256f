"""Clicks, keys and the wheel on the Off the Rails table → an intent; no display needed.

Every function here is pure: it takes the layout, the state, the person's legal actions (the
engine's list) and the UI :class:`Selection` (the tool in hand, each tool's rotation, the cart
chosen for the speed buttons), and returns what an input means — :class:`Act` (one of the legal
actions, or one the engine refuses with its own reason), :class:`Select` (a new selection),
:class:`Say` (a sentence) or :class:`Refuse` (a refusal, with the rule in plain words) — or None.

Nothing here decides a rule: what a click may do comes from the legal actions, refusals from
``state.refusal``, the path a cart would take from the engine playing the move on a copy
(:func:`preview_paths`), and a question with one legal answer is answered only because the
engine lists one (:func:`forced_choice`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from engine.off_the_rails import words as W
from engine.off_the_rails.data import (
    CART_POINTS,
    GEMS,
    MISSION_POINTS,
    gems_text,
    mission_goal,
    mission_name,
    one,
    sub,
)
from engine.off_the_rails.state import CartPlace, Pending, square_name
from scenes import kit
from scenes.kit import Target
from scenes.table.protocol import Act, Refuse, Say, Select
from scenes.tables.off_the_rails.draw import BAD_ENDS, END_WORDS
from scenes.tables.off_the_rails.layout import Layout, tag_size
from sprites import off_the_rails_art as oa
from translation import N_, _, ngettext

TOOLS = ("straight", "curve", "upgrade", "cart")
TOOL_ACTIONS = {
    "straight": S.PlaceTile,
    "curve": S.PlaceTile,
    "upgrade": S.UpgradeTile,
    "cart": S.PlaceCart,
}
"""The kind of legal action each tool makes: a tool is available while one is legal."""
BUTTONS = (
    (("straight", N_("Straight")), ("curve", N_("Curve")), ("upgrade", N_("Upgrade"))),
    (("cart", N_("Place cart")), ("slower", N_("Speed −")), ("faster", N_("Speed +"))),
    (("move", N_("Move carts")),),
)
"""The action buttons, row by row: (key, label)."""
BUTTON_TIPS = {
    "straight": N_("Lay a straight on an empty square: 1 action. R or the wheel turns it. (S)"),
    "curve": N_("Lay a curve on an empty square: 1 action. R or the wheel turns it. (C)"),
    "upgrade": N_(
        "Straight or curve to a T-junction, T-junction to a cross, where no cart "
        "stands: 1 action. (U)"
    ),
    "cart": N_("Put a cart from your supply on your own edge, at speed 3: 1 action. (P)"),
    "slower": N_("Slow the chosen cart by 1: 1 action. Click one of your carts to choose it. (−)"),
    "faster": N_("Speed the chosen cart up by 1 (at most 6): 1 action. (+)"),
    "move": N_(
        "End the action phase: each of your carts rolls its speed. Until then every "
        "action can be undone. (Enter)"
    ),
}
"""Each action button's tooltip (translated where shown)."""
TILE_SHAPES = {"straight": B.STRAIGHTS, "curve": B.CURVES}
TURNED = ("straight", "curve", "upgrade")
"""The tools whose shape R or the mouse wheel turns; each keeps its own rotation."""
TOOL_KEYS = {pygame.K_s: "straight", pygame.K_c: "curve", pygame.K_u: "upgrade", pygame.K_p: "cart"}
SLOWER_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS)
FASTER_KEYS = (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS)
MOVE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
QUESTIONS = (
    Pending.MOVE_CART,
    Pending.EXIT,
    Pending.GEM,
    Pending.SPLIT,
    Pending.DROP,
    Pending.PICK,
    Pending.MISSION,
    Pending.CHASM_TOKEN,
)
"""Decisions taken during a turn's movement or chasm phase (not the action phase or the edge):
one with a single legal answer is answered without asking (:func:`forced_choice`)."""
HIDDEN = (Pending.SPLIT, Pending.DROP, Pending.PICK)
"""Decisions taken by the owner of a hit cart or about its split piles (a pass screen first in
hot-seat)."""
CART_GLOW = (250, 250, 250)
"""The glow on your edge's squares while putting a cart in: white stands out on every clan's
strip (the usual yellow read as orange on red and vanished on yellow)."""


@dataclass(frozen=True)
class Selection:
    """The person's half-made choice: ``tool`` in hand (one of :data:`TOOLS`, or None), the
    rotation each turning tool keeps (``turns``: straight, curve, upgrade) and ``cart``, the
    cart the speed buttons change."""

    tool: str | None = None
    turns: tuple = (0, 0, 0)
    cart: int | None = None

    def turn(self, tool: str) -> int:
        return self.turns[TURNED.index(tool)] if tool in TURNED else 0

    def turned(self, by: int) -> Selection:
        """The tool in hand turned ``by`` steps (its rotation is kept for the next time)."""
        if self.tool not in TURNED:
            return self
        turns = list(self.turns)
        turns[TURNED.index(self.tool)] += by
        return replace(self, turns=tuple(turns))


@dataclass(frozen=True)
class Option:
    """One answer of a :class:`Prompt`: ``label`` (the button's words, or its tooltip when the
    button shows gem pictures), the ``action`` it takes and the gem counts it pictures
    (``left``; ``right`` is the other pile of a split)."""

    label: str
    action: object
    left: tuple | None = None
    right: tuple | None = None


@dataclass(frozen=True)
class Prompt:
    """A question the engine asks with buttons (the edge, a jewel, a split, a drop, a pile, a
    mission): ``title``, ``options``, the ``focus`` squares it is about (the panel keeps off
    them) and whether its buttons show gem ``pictures``."""

    title: str
    options: tuple
    focus: tuple = ()
    pictures: bool = False

    @property
    def columns(self) -> int:
        return 2 if self.pictures and len(self.options) > 3 else 1


@dataclass(frozen=True)
class Choice:
    """A question the engine would ask on the way: on ``square``, ``kind`` "gem" (which jewel
    the cart takes: ``options`` are gem names) or "exit" (a junction's way on: sides)."""

    square: tuple
    kind: str
    options: tuple


@dataclass(frozen=True)
class Path:
    """Where ``cart`` would roll if it moved now: ``squares`` (its square first) and ``end``:
    "stop", "choice" (a junction: the player chooses the way on), "left" (out of the mine),
    "derail", "fell" (into the chasm), "collision" or "crash-derail" (a collision that derails
    it). ``choices`` are the questions on the way (a jewel to take; the junction at the end),
    ``branches`` the path from the junction for each way on, as the engine plays it."""

    cart: int
    squares: tuple
    end: str
    choices: tuple = ()
    branches: tuple = ()

    @property
    def heading(self):
        """The square the cart would enter next, beyond the end (where track is missing when
        it derails), or None off the grid or with no direction."""
        if len(self.squares) < 2:
            return None
        (r0, c0), (r1, c1) = self.squares[-2], self.squares[-1]
        ahead = (2 * r1 - r0, 2 * c1 - c0)
        return ahead if B.on_grid(ahead) else None


@dataclass(frozen=True)
class Tag:
    """A word on a plate over the board about ``square`` (a leader line joins them when they
    are apart): ``words`` (translated), its ``rect``, its ``tone`` ("good", "bad", "choice",
    "hint"), the ``gems`` it pictures after the words, whether it is ``small`` (a branch's
    end) and the ``cart`` whose path it is on (None: the hint's)."""

    words: str
    rect: pygame.Rect
    square: tuple | None
    tone: str
    gems: tuple = ()
    small: bool = False
    cart: int | None = None


def _squares_of(path) -> list:
    """A path's squares, its branches' and the squares they head for."""
    out = list(path.squares) + ([path.heading] if path.heading else [])
    for branch in path.branches:
        out += _squares_of(branch)
    return out


def path_tags(lay: Layout, state, paths, building=None) -> tuple:
    """The tags of the carts' paths (:class:`Tag`): each path's end ("stop", "derail", "you
    choose the way" …), the jewels to choose from on the way, and each branch's end beyond a
    junction. A tag never covers its own path or the square the cart heads for (where track
    is missing when it derails), keeps off the other paths, the carts, the mine squares'
    numbers and the other tags where it can, and stays inside the grid, off the edge labels
    (:meth:`Layout.tag_rect`). ``building``: the square the tool in hand would lay or
    upgrade a tile on (its preview must be seen), kept clear by every tag, or None."""

    preview = [lay.square(building)] if building is not None else []
    covers = [[lay.square(sq) for sq in _squares_of(path)] + preview for path in paths]
    carts = [lay.square(cart.square) for cart in state.carts if cart.where == CartPlace.BOARD]
    numbers = lay.mine_numbers()
    tags: list = []

    def place(index, words, square, tone, gems=(), small=False):
        others = [rect for i, rects in enumerate(covers) if i != index for rect in rects]
        rect = lay.tag_rect(
            tag_size(words, gems, small),
            square,
            covers[index],
            others + carts + numbers + [tag.rect.inflate(4, 4) for tag in tags],
        )
        tags.append(Tag(words, rect, square, tone, gems, small, paths[index].cart))

    def tone_of(end):
        return "bad" if end in BAD_ENDS else "choice" if end == "choice" else "good"

    def tag_on_the_way(index, path, small):
        for choice in path.choices:
            if choice.kind == "gem":
                place(index, _("you pick one:"), choice.square, "choice", choice.options, small)
        for branch in path.branches:
            end = branch.end
            place(index, _(END_WORDS[end]), branch.squares[-1], tone_of(end), small=True)
            tag_on_the_way(index, branch, True)

    for index, path in enumerate(paths):
        place(index, _(END_WORDS[path.end]), path.squares[-1], tone_of(path.end))
    for index, path in enumerate(paths):
        tag_on_the_way(index, path, False)
    return tuple(tags)


# --- what the engine allows, read for the table ---------------------------------------------------
def cart_name(state, cart_id: int, names) -> str:
    """ "The white cart of Ana"; "The red cart" in solo (it begins a sentence)."""
    cart = state.carts[cart_id]
    if state.solo:
        return W.capitalised(W.the_cart(cart.label))
    seats = [seat_name(names, seat) for seat in range(max(2, state.num_players))]
    return W.capitalised(W.cart_phrase(seats, cart.owner, cart.label))


def seat_name(names, seat: int) -> str:
    """Seat ``seat``'s name ("Player 2" when ``names`` has none for it)."""
    return names[seat] if seat < len(names) else _("Player {number}").format(number=seat + 1)


def own_carts_on_board(state, player: int) -> list:
    return [c for c in state.carts_of(player) if state.carts[c].where == CartPlace.BOARD]


def speed_cart(state, selection: Selection):
    """The cart the speed buttons change: the chosen one, or the player's only cart on the
    board; None when there is no such cart (or two and none chosen)."""
    if state.pending() != Pending.ACTIONS:
        return None
    mine = own_carts_on_board(state, state.player)
    if selection.cart in mine:
        return selection.cart
    return mine[0] if len(mine) == 1 else None


def ghost(state, selection: Selection, square):
    """``(exits, action, legal)`` for the tile the tool in hand would lay on ``square`` (an
    upgrade: the upgrade it would make there), or None when there is nothing to show."""
    tool = selection.tool
    if square is None or not B.on_grid(square):
        return None
    if tool in TILE_SHAPES:
        shapes = TILE_SHAPES[tool]
        exits = shapes[selection.turn(tool) % len(shapes)]
        action = S.PlaceTile(square[0], square[1], exits)
        return exits, action, action in state.placements_at(*square)
    if tool == "upgrade":
        ups = state.upgrades_at(*square)
        if not ups:
            return None
        action = ups[selection.turn(tool) % len(ups)]
        return action.exits, action, True
    return None


def forced_choice(state, legal):
    """The one legal answer of a question asked during movement or the chasm phase (a split
    with one way to split, the only square left for a chasm token), else None. The action
    phase's end (the last look) and the edge are never answered for the person."""
    if len(legal) == 1 and state.pending() in QUESTIONS:
        return legal[0]
    return None


def preview_paths(state) -> tuple:
    """The path of each of the current player's carts on the board if it moved now (first, as
    the engine would play it on a copy; the carts that come after it are not moved), during
    the action phase and while choosing which cart moves first. Where the engine would ask
    which jewel to take the path goes on (the way does not depend on it) and names the
    jewels; at a junction it splits into a branch per way on (:class:`Path`)."""
    pending = state.pending()
    if pending not in (Pending.ACTIONS, Pending.MOVE_CART) or state.current_player() < 0:
        return ()
    out = []
    for cart_id in own_carts_on_board(state, state.player):
        if pending == Pending.MOVE_CART and cart_id not in state.carts_to_move():
            continue
        work = state.clone()
        events = []
        if work.pending() == Pending.ACTIONS:
            events += work.apply_action(S.EndActions())
        if work.pending() == Pending.MOVE_CART:
            if cart_id not in work.carts_to_move():
                continue
            events += work.apply_action(S.MoveCart(cart_id))
        out.append(_follow(state.carts[cart_id].square, work, cart_id, events, BRANCH_DEPTH))
    return tuple(out)


BRANCH_DEPTH = 2
"""How many junctions deep a preview splits (beyond, a branch ends at its junction)."""
ON_THE_WAY = (Pending.GEM, Pending.MISSION)
"""Questions asked while a cart rolls that do not change its way: the preview answers them
with the first answer and goes on."""


def _follow(start, work, cart_id: int, events: list, depth: int) -> Path:
    """The path of ``cart_id`` from ``start`` given ``events`` so far on the copy ``work``:
    questions on the way answered with their first answer, a junction split (``depth``)."""
    choices = []
    for _guard in range(40):
        if work.moving_cart() != cart_id or work.pending() not in ON_THE_WAY:
            break
        legal = work.legal_actions()
        if work.pending() == Pending.GEM and len(legal) > 1:
            square = work.carts[cart_id].square
            choices.append(Choice(square, "gem", tuple(a.gem for a in legal)))
        events = events + work.apply_action(legal[0])
    path = _path_of(start, work, cart_id, events)
    if path.end != "choice" or work.pending() != Pending.EXIT:
        return replace(path, choices=tuple(choices))
    square = path.squares[-1]
    sides = tuple(a.side for a in work.legal_actions() if isinstance(a, S.ChooseExit))
    choices.append(Choice(square, "exit", sides))
    branches: tuple = ()
    if depth > 0:
        branches = tuple(
            _branch(square, work, cart_id, S.ChooseExit(side), depth - 1) for side in sides
        )
    return replace(path, choices=tuple(choices), branches=branches)


def _branch(square, work, cart_id: int, answer, depth: int) -> Path:
    branch = work.clone()
    return _follow(square, branch, cart_id, branch.apply_action(answer), depth)


def _path_of(start, work, cart_id: int, events) -> Path:
    squares: list = []
    end, started = "stop", False
    for event in events:
        if isinstance(event, S.CartMoved):
            if event.cart != cart_id:
                if started:
                    break  # another cart's move: this one's is over
                continue
            started = True
            squares.extend(event.path if not squares else event.path[1:])
        elif getattr(event, "cart", None) == cart_id and end in ("stop", "collision"):
            if isinstance(event, S.CartLeftMine):
                end = "left"
            elif isinstance(event, S.CartDerailed):
                end = "crash-derail" if end == "collision" else "derail"
            elif isinstance(event, S.CartFell):
                end = "fell"
            elif isinstance(event, S.Collided):
                end = "collision"
    if not squares:
        squares = [start]
    if end == "stop" and work.moving_cart() == cart_id:
        end = "choice"
    return Path(cart_id, tuple(squares), end)


def glow_squares(state, legal, selection: Selection) -> frozenset:
    """Squares a click may use now, to glow: the squares of the tool in hand (upgrades, a
    cart's placements), the carts to move first, the chasm token's squares, the edges."""
    pending = state.pending()
    if not legal:
        return frozenset()
    if pending == Pending.ACTIONS:
        if selection.tool == "upgrade":
            return frozenset((a.row, a.col) for a in legal if isinstance(a, S.UpgradeTile))
        if selection.tool == "cart":
            return frozenset((a.row, a.col) for a in legal if isinstance(a, S.PlaceCart))
        return frozenset()
    if pending == Pending.MOVE_CART:
        return frozenset(state.carts[a.cart].square for a in legal if isinstance(a, S.MoveCart))
    if pending == Pending.CHASM_TOKEN:
        return frozenset((a.row, a.col) for a in legal if isinstance(a, S.PlaceChasmToken))
    if pending == Pending.EDGE:
        return frozenset(
            sq for a in legal if isinstance(a, S.ChooseEdge) for sq in B.surface_squares(a.edge)
        )
    return frozenset()


def exit_arrows(lay: Layout, state, legal) -> list:
    """``[(side, rect)]``: an arrow beside the moving cart for each exit it may take."""
    if state.pending() != Pending.EXIT:
        return []
    cart = state.carts[state.moving_cart()]
    return [
        (a.side, lay.exit_arrow(cart.square, a.side)) for a in legal if isinstance(a, S.ChooseExit)
    ]


# --- the questions asked with buttons -------------------------------------------------------------
def prompt(state, legal, names) -> Prompt | None:
    """The buttons for the question the engine asks now, or None (the action phase, a junction
    — arrows on the board —, a cart to move or a chasm square: clicks on the board)."""
    pending = state.pending()
    if not legal:
        return None
    if pending == Pending.EDGE:
        player = seat_name(names, state.current_player())
        return Prompt(
            _("{name}: choose the edge your clan starts from").format(name=player),
            tuple(Option(W.capitalised(W.edge_clan(a.edge)), a) for a in legal),
            focus=tuple(sorted(state.gems)),
        )  # the deposits help to choose
    if pending == Pending.GEM:
        cart_id = state.moving_cart()
        cart = state.carts[cart_id]
        return Prompt(
            _("Your {colour} cart takes one jewel here: which?").format(
                colour=W.cart_colour(cart.label)
            ),
            tuple(Option(state.action_to_string(a), a, one(GEMS.index(a.gem))) for a in legal),
            focus=(cart.square,),
        )
    if pending == Pending.SPLIT:
        hit = state.carts[state.hit_cart()]
        mover = state.carts[state.moving_cart()]
        who = seat_name(names, state.player)
        options = tuple(
            Option(
                _("{first} | {second}").format(
                    first=gems_text(a.pile), second=gems_text(sub(hit.load, a.pile))
                ),
                a,
                a.pile,
                sub(hit.load, a.pile),
            )
            for a in legal
        )
        return Prompt(
            _("Split your {colour} cart's load: {name} picks a pile unseen").format(
                colour=W.cart_colour(hit.label, "of"), name=who
            ),
            options,
            focus=(hit.square, mover.square),
            pictures=True,
        )
    if pending == Pending.DROP:
        hit = state.carts[state.hit_cart()]
        mover = state.carts[state.moving_cart()]
        return Prompt(
            _("Your {colour} cart drops the larger half: which gems?").format(
                colour=W.cart_colour(hit.label)
            ),
            tuple(
                Option(_("Drop {gems}").format(gems=gems_text(a.gems)), a, a.gems) for a in legal
            ),
            focus=(hit.square, mover.square),
            pictures=True,
        )
    if pending == Pending.PICK:
        hit_id = state.hit_cart()
        hit = state.carts[hit_id]
        mover = state.carts[state.moving_cart()]
        owner = seat_name(names, hit.owner)
        piles = state.split_piles() or ((), ())
        options = []
        for a in legal:
            size = sum(piles[a.pile]) if piles[a.pile] else 0
            label = (
                ngettext("Pile {number} ({count} gem)", "Pile {number} ({count} gems)", size)
                if size
                else _("Pile {number} (?)")
            )
            options.append(Option(label.format(number=a.pile + 1, count=size), a))
        return Prompt(
            _(
                "Pick one of the piles of {name}: those gems drop on the square of the "
                "{colour} cart"
            ).format(name=owner, colour=W.cart_colour(hit.label, "of")),
            tuple(options),
            focus=(hit.square, mover.square),
        )
    if pending == Pending.MISSION:
        return Prompt(
            _("You fulfilled two missions at once: take one"),
            tuple(
                Option(_("Take {mission}").format(mission=mission_name(a.mission)), a)
                for a in legal
            ),
        )
    return None


# --- clicks, keys, the wheel ----------------------------------------------------------------------
def choose_tool(tool: str, state, legal, selection: Selection):
    """A tool button (or its key): take the tool, or put it down when it is in hand; its
    rotation stays as the person left it."""
    if state.pending() != Pending.ACTIONS:
        return Refuse(_("That can only be done in the action phase."))
    if selection.tool == tool:
        return Select(replace(selection, tool=None))
    if state.actions_left <= 0:
        return Refuse(
            _(
                "You have already used your 4 actions this turn: Move carts (Enter) "
                "when you are ready."
            )
        )
    if not any(isinstance(a, TOOL_ACTIONS[tool]) for a in legal):
        if tool == "cart":
            return Refuse(_cart_refusal(state))
        if tool == "upgrade":
            return Refuse(_("No tile can be upgraded now: there is none without a cart on it."))
        return Refuse(_("No square is free for a tile."))
    words = {
        "straight": N_("Click an empty square to lay a straight (R or the wheel turns it)."),
        "curve": N_("Click an empty square to lay a curve (R or the wheel turns it)."),
        "upgrade": N_("Click a glowing tile to upgrade it (R or the wheel: the other T-junction)."),
        "cart": N_("Click a glowing square of your edge to put a cart there."),
    }
    return Select(replace(selection, tool=tool), _(words[tool]))


def _cart_refusal(state) -> str:
    """Why no cart of the player can be put in now, in the engine's words."""
    carts = sorted(
        state.carts_of(state.player), key=lambda c: state.carts[c].where != CartPlace.SUPPLY
    )
    edge = B.surface_squares(_edge_of(state, carts[0]))[0]
    return state.refusal(S.PlaceCart(carts[0], *edge)) or _("No cart can be put in now.")


def _edge_of(state, cart_id: int) -> str:
    if state.solo:
        return B.COLOUR_EDGE[state.carts[cart_id].colour]
    return state.edges[state.player] or "north"


def click(key, state, legal, selection: Selection, ask: Prompt | None = None):
    """What a click on the target ``key`` means (None: nothing): ``legal`` is the person's
    legal actions now and ``ask`` the question on screen (:func:`prompt`)."""
    if key is None:
        return None
    kind = key[0]
    pending = state.pending()
    if kind == "choice":
        if ask is not None and 0 <= key[1] < len(ask.options):
            return Act(ask.options[key[1]].action)
        return None
    if kind == "exit":
        return Act(S.ChooseExit(key[1]))
    if kind == "mission":
        claim = S.ClaimMission(key[1])
        if claim in legal:
            return Act(claim)
        return Say(
            _("{mission}: {goal}").format(mission=mission_name(key[1]), goal=mission_goal(key[1]))
        )
    if kind != "square":
        return None
    square = (key[1], key[2])
    if pending == Pending.EDGE:
        edge = B.SURFACE_EDGE.get(square)
        return Act(S.ChooseEdge(edge)) if edge else Say(_("Click one of the four edges."))
    if pending == Pending.EXIT:
        cart = state.carts[state.moving_cart()]
        for side in B.SIDES:
            if B.step(cart.square, side) == square and S.ChooseExit(side) in legal:
                return Act(S.ChooseExit(side))
        return Say(_("Click one of the arrows next to your cart to choose its way on."))
    if pending == Pending.MOVE_CART:
        cart_id = state.cart_at(square)
        if cart_id is not None and S.MoveCart(cart_id) in legal:
            return Act(S.MoveCart(cart_id))
        return Say(_("Click one of your glowing carts: it moves first."))
    if pending == Pending.CHASM_TOKEN:
        action = S.PlaceChasmToken(*square)
        if action in legal:
            return Act(action)
        return Refuse(state.refusal(action) or _("Place the chasm token on a glowing square."))
    if pending != Pending.ACTIONS:
        return None
    return action_click(square, state, legal, selection)


def action_click(square, state, legal, selection: Selection):
    """A click on ``square`` in the action phase, with the tool in hand."""
    tool = selection.tool
    cart_id = state.cart_at(square)
    if cart_id is not None and state.carts[cart_id].owner == state.player and tool != "cart":
        # nothing is built under a cart: a click on your cart chooses it for the speed buttons
        label = state.carts[cart_id].label
        return Select(
            replace(selection, cart=cart_id),
            _("Speed − and Speed + now change your {colour} cart.").format(
                colour=W.cart_colour(label, "object")
            ),
        )
    if tool in TILE_SHAPES:
        shown = ghost(state, selection, square)
        if shown is None:
            return Refuse(_("Track goes only on the underground grid, never on the surface."))
        _exits, action, ok = shown
        return Act(action) if ok else Refuse(state.refusal(action) or _("No tile can go there."))
    if tool == "upgrade":
        shown = ghost(state, selection, square)
        if shown is not None:
            return Act(shown[1])
        old = state.tiles.get(square)
        probe = (B.upgrades(old) or ("NESW",))[0] if old else "NESW"
        return Refuse(
            state.refusal(S.UpgradeTile(square[0], square[1], probe))
            or _("That tile cannot be upgraded.")
        )
    if tool == "cart":
        placements = [a for a in legal if isinstance(a, S.PlaceCart) and (a.row, a.col) == square]
        if placements:
            return Act(placements[0])
        supply = [
            c for c in state.carts_of(state.player) if state.carts[c].where == CartPlace.SUPPLY
        ]
        probe = S.PlaceCart(supply[0] if supply else state.carts_of(state.player)[0], *square)
        return Refuse(state.refusal(probe) or _("Put the cart on a glowing square of your edge."))
    if state.actions_left <= 0:
        return Say(_("No action left: Move carts (Enter) when you are ready."))
    return Say(_("Choose an action first: Straight, Curve, Upgrade or Place cart."))


def key_press(
    key: int, mod: int, state, legal, selection: Selection, ask: Prompt | None = None, hint=None
):
    """What a key means: R turns the tool in hand (Shift+R back), S C U P take a tool, − and +
    change the chosen cart's speed, 1-9 answer the question on screen, and Enter takes the
    hinted action ``hint`` while the engine still lists it in ``legal`` (whatever is asked:
    a track, a cart, a chasm square…), else moves the carts. With a hint up, Enter never ends
    the action phase unless that is the hint."""
    if key in MOVE_KEYS and hint is not None and hint in legal:
        return Act(hint)
    if key == pygame.K_r and selection.tool in TURNED:
        return Select(selection.turned(-1 if mod & pygame.KMOD_SHIFT else 1))
    if ask is not None and pygame.K_1 <= key <= pygame.K_9:
        index = key - pygame.K_1
        return Act(ask.options[index].action) if index < len(ask.options) else None
    if state.pending() != Pending.ACTIONS:
        return None
    if key in TOOL_KEYS:
        return choose_tool(TOOL_KEYS[key], state, legal, selection)
    if key in SLOWER_KEYS or key in FASTER_KEYS:
        return change_speed(-1 if key in SLOWER_KEYS else 1, state, selection)
    if key in MOVE_KEYS:
        return Act(S.EndActions())
    return None


def wheel(y: int, selection: Selection):
    """The mouse wheel turns the tool in hand."""
    if selection.tool in TURNED and y:
        return Select(selection.turned(1 if y > 0 else -1))
    return None


def change_speed(delta: int, state, selection: Selection):
    """Speed − / Speed +: the chosen cart's speed by ``delta``."""
    cart_id = speed_cart(state, selection)
    if cart_id is None:
        if not own_carts_on_board(state, state.player):
            return Refuse(_("Only a cart on the board can change speed."))
        return Say(_("Click one of your carts on the board first to choose which one."))
    return Act(S.ChangeSpeed(cart_id, delta))


@dataclass(frozen=True)
class Controls:
    """What the action buttons show: the keys of :data:`BUTTONS` ``enabled`` and ``selected``
    (the tool in hand; Move carts at the last look), the ``selection`` to keep and the speed
    buttons' ``tips`` (naming the cart they change)."""

    enabled: frozenset
    selected: frozenset
    selection: Selection
    tips: dict


def controls(state, legal, selection: Selection) -> Controls:
    """The action buttons for the person's ``legal`` actions now. ``legal`` is empty while the
    table animates or another player moves: every button is off then, but the tool in hand
    stays in hand; it is put down only when the person may act and the engine no longer
    allows it (no action left, nothing it can make)."""
    acting = bool(legal) and state.pending() == Pending.ACTIONS
    spare = acting and state.actions_left > 0
    enabled = {
        key
        for key, kind in TOOL_ACTIONS.items()
        if spare and any(isinstance(a, kind) for a in legal)
    }
    cart = speed_cart(state, selection) if acting else None
    speeds = {a.delta for a in legal if isinstance(a, S.ChangeSpeed) and a.cart == cart}
    if spare and -1 in speeds:
        enabled.add("slower")
    if spare and 1 in speeds:
        enabled.add("faster")
    if acting:
        enabled.add("move")
    if legal and selection.tool is not None and selection.tool not in enabled:
        selection = replace(selection, tool=None)
    selected = {selection.tool} if selection.tool is not None else set()
    if acting and state.actions_left <= 0:
        selected.add("move")
    tips = {}
    for key in ("slower", "faster"):
        tip = _(BUTTON_TIPS[key])
        if cart is not None:
            tip = _("{tip} Now: your {colour} cart.").format(
                tip=tip, colour=W.cart_colour(state.carts[cart].label)
            )
        tips[key] = tip
    return Controls(frozenset(enabled), frozenset(selected), selection, tips)


def event_intent(
    event, target_key, state, legal, selection: Selection, ask: Prompt | None, hint=None
):
    """What a mouse or key event means at the table (``target_key``: the target under the
    mouse for a click; ``hint``: the hinted action on screen, or None): the wheel turns the
    tool, a right click puts it down, a left click and the keys as :func:`click` and
    :func:`key_press`; None when it means nothing."""
    if event.type == pygame.MOUSEWHEEL:
        return wheel(event.y, selection)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        return Select(replace(selection, tool=None)) if selection.tool is not None else None
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return click(target_key, state, legal, selection, ask)
    if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
        return key_press(event.key, event.mod, state, legal, selection, ask, hint)
    return None


# --- targets and their tooltips -------------------------------------------------------------------
def prompt_boxes(lay: Layout, ask: Prompt) -> tuple:
    """``(panel, [option rects])`` of the question's panel on the board (:meth:`Layout.
    prompt_rect`: never over the squares it is about)."""
    cols = ask.columns
    rows = -(-len(ask.options) // cols)
    title_w = kit.text_size(ask.title, 15, True)[0] + 30
    label_w = max(kit.text_size(o.label, 16)[0] for o in ask.options) + 30
    if ask.pictures:
        label_w = 2 * (5 * (lay.gem_size + 3)) + 40
    width = max(title_w, cols * label_w + (cols - 1) * 8 + 20, kit.px(260))
    step = kit.px(38)  # a row of buttons: their text grows with the UI scale
    height = step + rows * step + 4
    panel = lay.prompt_rect(width, height, ask.focus)
    bw = (panel.width - 20 - (cols - 1) * 8) // cols
    rects = []
    for index in range(len(ask.options)):
        col, row = index % cols, index // cols
        top = panel.y + step - 2 + row * step
        rects.append(pygame.Rect(panel.x + 10 + col * (bw + 8), top, bw, step - 6))
    return panel, rects


def targets(lay: Layout, state, legal, selection: Selection, ask: Prompt | None, names) -> list:
    """Everything the mouse can point at, most specific first, with tooltips; ``active``
    marks what a click may use now."""
    out = []
    if ask is not None:
        _panel, rects = prompt_boxes(lay, ask)
        for index, (option, rect) in enumerate(zip(ask.options, rects)):
            out.append(
                Target(
                    ("choice", index),
                    rect,
                    tooltip=(option.label,) if ask.pictures else (),
                    active=True,
                )
            )
    for side, rect in exit_arrows(lay, state, legal):
        tip = _(W.GO_WAY[side])
        out.append(Target(("exit", side), rect, tooltip=(tip,), active=True))
    glow = glow_squares(state, legal, selection)
    placing = selection.tool in TILE_SHAPES and state.pending() == Pending.ACTIONS and legal
    for row in range(-1, 13):
        for col in range(-1, 13):
            square = (row, col)
            if not (B.on_grid(square) or square in B.SURFACE_EDGE):
                continue
            active = square in glow or bool(placing and state.placements_at(row, col))
            out.append(
                Target(
                    ("square", row, col),
                    lay.square(square),
                    tooltip=square_tip(state, square, names),
                    active=active,
                )
            )
    if not state.solo:
        takeable = {a.mission for a in legal if isinstance(a, S.ClaimMission)}
        for index, mission in enumerate(state.dealt):
            out.append(
                Target(
                    ("mission", mission),
                    lay.mission_rect(index),
                    tooltip=mission_tip(state, mission, names, mission in takeable),
                    active=mission in takeable,
                )
            )
        for seat in range(state.num_players):
            out.append(
                Target(
                    ("player", seat), lay.player_rect(seat), tooltip=player_tip(state, seat, names)
                )
            )
    out.append(Target(("deck",), lay.deck_rect(), tooltip=deck_tip(state)))
    return out


def square_tip(state, square, names) -> tuple:
    """A square's tooltip when something lies on it: the gems (also under a cart or a tile
    being laid), the cart with its speed and load, a chasm; () for an empty square."""
    lines = []
    gems = state.gems.get(square)
    if gems:
        lines.append(_("Gems here: {gems}.").format(gems=gems_text(gems)))
    cart_id = state.cart_at(square)
    if cart_id is not None:
        cart = state.carts[cart_id]
        name = cart_name(state, cart_id, names)
        line = (
            _("{cart}: speed {speed}, {facing}, holding {gems}.")
            if cart.facing
            else _("{cart}: speed {speed}, holding {gems}.")
        )
        lines.append(
            line.format(
                cart=name,
                speed=cart.speed,
                gems=gems_text(cart.load),
                facing=_(W.FACING[cart.facing]) if cart.facing else "",
            )
        )
    if square in state.chasm:
        lines.append(
            _("A {colour} chasm: nothing may enter it.").format(
                colour=W.colour_word(state.chasm[square], "chasm")
            )
        )
    if not lines:
        return ()
    key = B.SQUARE_OF_MINE.get(square)
    title = square_name(*square)
    if key is not None:
        title = _("{square} ({colour} mine square {number})").format(
            square=title, colour=W.colour_word(key[0], "mine (of)"), number=key[1]
        )
    return (title[0].upper() + title[1:],) + tuple(lines)


def mission_tip(state, mission: int, names, takeable: bool) -> tuple:
    name, words = mission_name(mission), mission_goal(mission)
    owner = next((p for p, taken in enumerate(state.taken) if mission in taken), None)
    if owner is not None:
        status = _("Taken by {name}.").format(name=seat_name(names, owner))
    elif takeable:
        status = _("You fulfil it: click to take it now (no action spent).")
    else:
        status = _("Face up: the first to fulfil it takes it (one mission per turn).")
    return (
        _("{mission} · {points} points").format(mission=name, points=MISSION_POINTS),
        words,
        status,
    )


def player_tip(state, seat: int, names) -> tuple:
    name = seat_name(names, seat)
    edge = state.edges[seat] if seat < len(state.edges) else None
    title = _("{name} · {edge}").format(name=name, edge=W.edge_clan(edge)) if edge else name
    supply = sum(1 for c in state.carts_of(seat) if state.carts[c].where == CartPlace.SUPPLY)
    taken = [mission_name(m) for m in state.taken[seat]]
    lines = [
        _("Stockpile: {gems}.").format(gems=gems_text(state.stockpiles[seat])),
        _("Carts in supply: {count} ({points} points each at the end).").format(
            count=supply, points=CART_POINTS
        ),
    ]
    if taken:
        lines.append(_("Missions: {missions}.").format(missions=_(", ").join(taken)))
    return (title,) + tuple(lines)


def deck_tip(state) -> tuple:
    if state.solo:
        return (
            _("The deck"),
            _("{count} cards left; each turn's card opens a chasm on the square it names.").format(
                count=len(state.solo_deck)
            ),
            _("Chasm tokens placed: {count} of 20.").format(count=len(state.chasm)),
        )
    left = sum(sum(pile) for pile in state.piles)
    if state.chasm_phase:
        chasm = _("The chasm phase: {count} of 20 chasm tokens placed.").format(
            count=len(state.chasm)
        )
    elif state.chasm_card_seen:
        chasm = _("The Chasm card is out: everyone has one last turn.")
    else:
        chasm = _("The Chasm card is still in the deck (among the last cards).")
    return (
        _("The deposit deck"),
        _("{count} cards left; each turn's card puts gems on the mine square it names.").format(
            count=left
        ),
        chasm,
        _("Gems in the bag: {count}.").format(count=sum(state.bag)),
    )


def hint_marks(lay: Layout, state, hint, ask: Prompt | None) -> tuple:
    """``(rects, ghost)`` showing the hinted action on the board: rects to frame, and
    ``(square, exits)`` for a hinted tile (drawn as a see-through tile), or None."""
    if hint is None:
        return (), None
    if isinstance(hint, (S.PlaceTile, S.UpgradeTile)):
        square = (hint.row, hint.col)
        return (lay.square(square),), (square, hint.exits)
    if isinstance(hint, (S.PlaceCart, S.PlaceChasmToken)):
        return (lay.square((hint.row, hint.col)),), None
    if isinstance(hint, (S.MoveCart, S.ChangeSpeed)):
        cart = state.carts[hint.cart]
        return ((lay.square(cart.square),) if cart.square else ()), None
    if isinstance(hint, S.ChooseExit) and state.moving_cart() is not None:
        cart = state.carts[state.moving_cart()]
        return (lay.exit_arrow(cart.square, hint.side),), None
    if (
        isinstance(hint, S.ClaimMission)
        and hint.mission in state.dealt
        and not (ask and any(o.action == hint for o in ask.options))
    ):
        return (lay.mission_rect(state.dealt.index(hint.mission)),), None
    if ask is not None:
        _panel, rects = prompt_boxes(lay, ask)
        for option, rect in zip(ask.options, rects):
            if option.action == hint:
                return (rect,), None
    return (), None


def hint_tag(lay: Layout, state, hint, rects, avoid=()) -> Tag | None:
    """The "Hint" label of the hinted move, so a hint never looks like the player's own
    preview: beside the square it is about (off it, and off the ``avoid`` rects where it can:
    the carts' paths and their tags), or above the button or card it frames."""
    if hint is None or not rects:
        return None
    words = _("Hint")
    size = tag_size(words)
    square = None
    if isinstance(hint, (S.PlaceTile, S.UpgradeTile, S.PlaceCart, S.PlaceChasmToken)):
        square = (hint.row, hint.col)
    elif isinstance(hint, (S.MoveCart, S.ChangeSpeed)):
        square = state.carts[hint.cart].square
    if square is not None:
        clear = [lay.square(square).inflate(8, 8)]
        return Tag(words, lay.tag_rect(size, square, clear, avoid), square, "hint")
    rect = pygame.Rect(0, 0, *size)
    rect.midbottom = (rects[0].centerx, rects[0].top - 5)
    if rect.top < lay.board.top:
        rect.midtop = (rects[0].centerx, rects[0].bottom + 5)
    rect.clamp_ip(pygame.Rect((0, 0), lay.size))
    return Tag(words, rect, None, "hint")


def board_marks(
    lay: Layout, state, legal, selection: Selection, hover, ask, hint, paths=(), tags=()
) -> dict:
    """What the board marks for the person, as :class:`.draw.View` fields: the squares a click
    may use (``glow`` in ``glow_colour``), the ``ghost`` tile or ``ghost_cart`` under the mouse
    (``hover``, a square or None), the ``chosen`` cart, the junction's ``arrows``, the question's
    ``prompt_boxes``, the ``hint`` (``hint_rects``, ``hint_ghost``, and ``hint_tag``, which
    keeps off the carts' ``paths`` and their ``tags``) and the missions a click takes
    (``takeable``). All of it is read from the engine's ``legal`` actions."""
    acting = bool(legal) and state.pending() == Pending.ACTIONS
    ghost_tile = ghost_cart = None
    if acting and hover is not None:
        shown = ghost(state, selection, hover)
        if shown is not None:
            ghost_tile = (hover, shown[0], shown[2])
        if selection.tool == "cart":
            puts = [a for a in legal if isinstance(a, S.PlaceCart) and (a.row, a.col) == hover]
            ghost_cart = (puts[0].cart, hover) if puts else None
    glow_colour: tuple = kit.HILITE
    if selection.tool == "cart":
        glow_colour = CART_GLOW  # on the edge's clan strip, yellow would vanish into the colour
    if state.pending() == Pending.CHASM_TOKEN and legal:
        clan_rgb = oa.clan(state.drawn_token())
        glow_colour = tuple(int(c + (255 - c) * 0.3) for c in clan_rgb)
    hint_rects, hint_ghost = hint_marks(lay, state, hint, ask)
    busy = [lay.square(sq) for path in paths for sq in _squares_of(path)]
    label = hint_tag(lay, state, hint, hint_rects, busy + [tag.rect for tag in tags])
    return {
        "hover": hover,
        "glow": glow_squares(state, legal, selection),
        "glow_colour": glow_colour,
        "ghost": ghost_tile,
        "ghost_cart": ghost_cart,
        "chosen": selection.cart if acting else None,
        "arrows": tuple(exit_arrows(lay, state, legal)),
        "hint_rects": hint_rects,
        "hint_ghost": hint_ghost,
        "hint_tag": label,
        "prompt_boxes": prompt_boxes(lay, ask) if ask is not None else None,
        "takeable": frozenset(a.mission for a in legal if isinstance(a, S.ClaimMission)),
    }


def status(state, legal, selection: Selection, names, hint=None) -> str:
    """What the person is to do now, in words (the top bar, after their name). With a hint up
    that Enter takes (``hint``, still in ``legal``: :func:`key_press`), the words say Enter
    makes the hinted move, never that it moves the carts."""
    enter_takes_hint = hint is not None and hint in legal and hint != S.EndActions()
    pending = state.pending()
    if pending == Pending.EDGE:
        return _("choose the edge your clan starts from (click an edge or a button).")
    if pending == Pending.ACTIONS:
        left = state.actions_left
        count = ngettext("{count} action left", "{count} actions left", left).format(count=left)
        if left <= 0 and enter_takes_hint:
            return _(
                "last look: Enter makes the hinted move; Move carts when ready, or Undo (Ctrl+Z)."
            )
        if left <= 0:
            return _(
                "last look — each cart's path is drawn: Move carts (Enter) when ready, or "
                "Undo (Ctrl+Z)."
            )
        tool = selection.tool
        if tool in TILE_SHAPES:
            words = (
                _("click an empty square for the straight (R or the wheel turns it)")
                if tool == "straight"
                else _("click an empty square for the curve (R or the wheel turns it)")
            )
            return _("{instruction} · {actions}").format(instruction=words, actions=count)
        if tool == "upgrade":
            return _("click a glowing tile to upgrade it · {actions}").format(actions=count)
        if tool == "cart":
            return _("click a glowing square of your edge · {actions}").format(actions=count)
        held = [a.mission for a in legal if isinstance(a, S.ClaimMission)]
        if held:
            return _("you may take {mission} now — click its card · {actions}").format(
                mission=mission_name(held[0]), actions=count
            )
        if enter_takes_hint:
            return _("{actions}: Enter makes the hinted move — or make your own.").format(
                actions=count
            )
        return _(
            "{actions}: build, place a cart or change a speed; then Move carts (Enter)."
        ).format(actions=count)
    if pending == Pending.MOVE_CART:
        return _("click the cart that moves first (each one's path is drawn).")
    if pending == Pending.EXIT:
        cart = state.carts[state.moving_cart()]
        return _("your {colour} cart is at a junction — click an arrow for its way on.").format(
            colour=W.cart_colour(cart.label)
        )
    if pending == Pending.GEM:
        return _("choose the jewel your cart takes.")
    if pending == Pending.SPLIT:
        return _("your cart was hit — split its load into two piles.")
    if pending == Pending.DROP:
        return _("your cart was hit — choose the gems it drops.")
    if pending == Pending.PICK:
        return _("pick a pile: those gems drop from the hit cart.")
    if pending == Pending.MISSION:
        return _("choose the mission you take.")
    if pending == Pending.CHASM_TOKEN:
        return _("place the {colour} chasm token on a glowing square.").format(
            colour=W.colour_word(state.drawn_token(), "chasm token")
        )
    return ""


__all__ = [
    "TOOLS",
    "Act",
    "Option",
    "Path",
    "Prompt",
    "Refuse",
    "Say",
    "Select",
    "Selection",
    "click",
    "forced_choice",
    "glow_squares",
    "key_press",
    "preview_paths",
    "prompt",
    "status",
    "targets",
    "wheel",
]
