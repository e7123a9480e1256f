"""Clicks, keys, the wheel and buttons on the Off the Rails table → an intent; no display needed.

Every function here is pure: it takes the layout, the state, the person's legal actions (the
engine's list) and the UI :class:`Selection` (the tool in hand, each tool's rotation, the cart
chosen for the speed buttons), and returns what an input means — :class:`Act` (one of the legal
actions, or one the engine refuses with its own reason), :class:`Select` (a new selection),
:class:`Say` (a sentence) or :class:`Refuse` (a refusal, with the rule in plain words) — or None.

The top bar's words (:func:`status`) are worked out here too; the questions the engine asks
with buttons are :mod:`.prompts`. Nothing here decides a rule: what a click may do
comes from the legal actions, refusals from ``state.refusal``, and a question with one legal
answer is answered only because the engine lists one (:func:`forced_choice`). Where the carts
would roll is :mod:`.paths`, what the board marks :mod:`.marks`, the tooltips :mod:`.tips`.

Each key does one thing: Enter (and Move carts) ends the action phase, asking first while
actions are left or a cart's path ends badly (:func:`end_actions`); a hint never rides on a key,
it prepares the controls so one click on what it frames makes the move (:func:`hint_selection`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from engine.off_the_rails import words as W
from engine.off_the_rails.data import (
    mission_goal,
    mission_name,
)
from engine.off_the_rails.state import CartPlace, Pending
from scenes import kit
from scenes.table.protocol import Act, Confirm, Refuse, Say, Select
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.prompts import Prompt
from translation import N_, _, ngettext, sentences

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
MOVE_KEYS = kit.ENTER_KEYS
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
FATES = {
    "derail": N_("Your {colour} cart derails."),
    "fell": N_("Your {colour} cart falls into the chasm."),
    "collision": N_("Your {colour} cart crashes into another cart."),
    "crash-derail": N_("Your {colour} cart crashes into another cart and derails."),
}
"""What the ends of a path that go badly (:class:`.paths.Path`'s ``end``) say when ending the
action phase asks first (translated where asked)."""


@dataclass(frozen=True)
class Selection:
    """The person's half-made choice: ``tool`` in hand (one of :data:`TOOLS`, or None), the
    rotation each turning tool keeps (``turns``: straight, curve, upgrade), the square each
    was last turned on (``turned_at``: there the rotation wins over the track's own line,
    :func:`tile_turn`, :func:`upgrade_turn`) and ``cart``, the cart the speed buttons change."""

    tool: str | None = None
    turns: tuple = (0, 0, 0)
    cart: int | None = None
    turned_at: tuple = (None, None, None)

    def turned(self, by: int, state=None, square=None) -> Selection:
        """The tool in hand turned ``by`` steps from the shape it shows on ``square`` (the
        pointer's; None: off the board, where the rotation turns as it was) in ``state``; the
        rotation is kept for the next time."""
        if self.tool not in TURNED:
            return self
        index = TURNED.index(self.tool)
        start = self.turns[index]
        if state is not None and self.tool in TILE_SHAPES:
            start = tile_turn(state, self, self.tool, square)
        elif state is not None:
            start = upgrade_turn(state, self, square)
        turns, at = list(self.turns), list(self.turned_at)
        turns[index] = start + by
        if square is not None:
            at[index] = square
        return replace(self, turns=tuple(turns), turned_at=tuple(at))


# --- what the engine allows, read for the table ---------------------------------------------------
def own_carts_on_board(state, player: int) -> list:
    """The cart numbers of seat ``player`` that are on the board (grid or
    surface)."""
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


def tile_turn(state, selection: Selection, tool: str, square) -> int:
    """The rotation of tile tool ``tool`` (an index into its :data:`TILE_SHAPES`, taken
    modulo their number) on ``square``: the one the person left it in on the square they
    last turned it on, else the engine's best shape that joins the track or a cart next to
    the square (``state.joining_placements``: play-test, S below a cart facing south laid
    east–west straights), else the rotation kept from last time, turned on to the first
    legal shape that leads nowhere dead (``state.open_placements``: no exit off the board,
    into a mine centre or the chasm; play-test: curves started turned into them) when the
    kept one does and another does not."""
    index = TURNED.index(tool)
    kept = selection.turns[index]
    if square is None or square == selection.turned_at[index] or not B.on_grid(square):
        return kept
    shapes = TILE_SHAPES[tool]
    joining = [a.exits for a in state.joining_placements(*square) if a.exits in shapes]
    if joining:
        return shapes.index(joining[0])
    clear = {a.exits for a in state.open_placements(*square)}
    for more in range(len(shapes)):
        if shapes[(kept + more) % len(shapes)] in clear:
            return kept + more
    return kept


def upgrade_turn(state, selection: Selection, square) -> int:
    """The rotation of the Upgrade tool (an index into ``state.upgrades_at(square)``) on
    ``square``, as :func:`tile_turn` for a tile: the one the person left it in on the square
    they last turned it on, else the engine's best upgrade whose added exit joins the track
    or a cart next to the square (``state.joining_upgrades``), else the rotation kept from
    last time."""
    index = TURNED.index("upgrade")
    if square is None or square == selection.turned_at[index] or not B.on_grid(square):
        return selection.turns[index]
    joining = state.joining_upgrades(*square)
    ups = state.upgrades_at(*square)
    return ups.index(joining[0]) if joining else selection.turns[index]


def ghost(state, selection: Selection, square):
    """``(exits, action, legal)`` for the tile the tool in hand would lay on ``square`` (an
    upgrade: the upgrade it would make there), or None when there is nothing to show."""
    tool = selection.tool
    if square is None or not B.on_grid(square):
        return None
    if tool in TILE_SHAPES:
        shapes = TILE_SHAPES[tool]
        exits = shapes[tile_turn(state, selection, tool, square) % len(shapes)]
        action = S.PlaceTile(square[0], square[1], exits)
        return exits, action, action in state.placements_at(*square)
    if tool == "upgrade":
        ups = state.upgrades_at(*square)
        if not ups:
            return None
        action = ups[upgrade_turn(state, selection, square) % len(ups)]
        return action.exits, action, True
    return None


def forced_choice(state, legal):
    """The one legal answer of a question asked during movement or the chasm phase (a split
    with one way to split, the only square left for a chasm token), else None. The action
    phase's end (the last look) and the edge are never answered for the person."""
    if len(legal) == 1 and state.pending() in QUESTIONS:
        return legal[0]
    return None


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
# --- clicks, keys, the wheel ----------------------------------------------------------------------
def choose_tool(tool: str, state, legal, selection: Selection, toggle: bool = True):
    """A tool button (``toggle``): take the tool, or put it down when it is in hand. A tool's
    key (``toggle`` False) only takes it: pressed with that tool in hand it keeps it (play-test:
    S after a hint put the straight down, and the click that followed built nothing). The
    rotation stays as the person left it."""
    if state.pending() != Pending.ACTIONS:
        return Refuse(_("That can only be done in the action phase."))
    if selection.tool == tool and toggle:
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
        "cart": N_("Click a glowing square of your edge to put a cart there."),
    }
    if tool == "upgrade":  # the top bar names the T-junction under the pointer (upgrade_status)
        return Select(replace(selection, tool=tool))
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
        placements = cart_placements(legal, square, selection)
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


def cart_placements(legal, square, selection: Selection) -> list:
    """The legal ways to put a cart on ``square``, the chosen cart's first (a hinted one)."""
    placements = [a for a in legal if isinstance(a, S.PlaceCart) and (a.row, a.col) == square]
    return sorted(placements, key=lambda a: a.cart != selection.cart)


def key_press(
    key: int,
    mod: int,
    state,
    legal,
    selection: Selection,
    ask: Prompt | None = None,
    paths=(),
    hover=None,
):
    """What a key means, one thing each: R turns the tool in hand (Shift+R back), S C U P take
    a tool (the one in hand stays: :func:`choose_tool`), − and + change the chosen cart's
    speed, 1-9 answer the question on screen, and Enter ends the action phase
    (:func:`end_actions`, which asks first when ``paths``, the carts' previews, show a cart
    ending badly or actions are left). A hint never rides on a key: it prepares the controls
    (:func:`hint_selection`). R turns from the shape shown on ``hover``, the pointer's square."""
    if key == pygame.K_r and selection.tool in TURNED:
        return Select(selection.turned(-1 if mod & pygame.KMOD_SHIFT else 1, state, hover))
    if ask is not None and pygame.K_1 <= key <= pygame.K_9:
        index = key - pygame.K_1
        return Act(ask.options[index].action) if index < len(ask.options) else None
    if state.pending() != Pending.ACTIONS:
        return None
    if key in TOOL_KEYS:
        return choose_tool(TOOL_KEYS[key], state, legal, selection, toggle=False)
    if key in SLOWER_KEYS or key in FASTER_KEYS:
        return change_speed(-1 if key in SLOWER_KEYS else 1, state, selection)
    if key in MOVE_KEYS:
        return end_actions(state, legal, paths)
    return None


def end_actions(state, legal, paths=()):
    """Move carts (Enter): end the action phase — at once when every action is spent and no
    cart's path (``paths``: :func:`.paths.preview_paths`) ends badly, else a :class:`Confirm`
    whose question says what is at stake ("End the action phase with 3 actions left? Your
    white cart derails."). None when the action phase cannot end now."""
    if S.EndActions() not in legal:
        return None
    from scenes.tables.off_the_rails.paths import crashes_by_order  # it reads FATES here

    left = state.actions_left
    crashes = crashes_by_order(state, paths)
    sure = {(crash.first, crash.then) for crash in crashes if crash.always}
    fates = [_fate(state, path, sure) for path in paths if path.end in FATES]
    said = {(path.toward, path.cart) for path in paths if path.end in FATES}
    for crash in crashes:
        if (state.carts[crash.first].square, crash.then) not in said:  # said by _fate
            fates.append(_order_fate(state, crash))
    if left <= 0 and not fates:
        return Act(S.EndActions())
    if left > 0:
        first = ngettext(
            "End the action phase with {count} action left?",
            "End the action phase with {count} actions left?",
            left,
        ).format(count=left)
    else:
        first = _("End the action phase?")
    return Confirm(sentences(first, *fates), Act(S.EndActions()), _("Move carts"))


OWN_CRASH = {
    (False, False): N_(
        "Your {colour} cart crashes into your {other} cart, unless that one moves first."
    ),
    (False, True): N_(
        "Your {colour} cart crashes into your {other} cart and derails, unless that one moves "
        "first."
    ),
    (True, False): N_("Your {colour} cart crashes into your {other} cart, whichever moves first."),
    (True, True): N_(
        "Your {colour} cart crashes into your {other} cart and derails, whichever moves first."
    ),
}
"""What ending the action phase says of a crash into the player's own cart, by ``(whichever
moves first, it derails)`` (translated where said)."""


def _fate(state, path, sure=frozenset()) -> str:
    """What a path that ends badly says when ending the action phase asks first; a crash into
    the player's own other cart holds "unless that one moves first" (a tester read "crashes"
    of a crash that never came), or "whichever moves first" where the other order crashes in
    every way too (``sure``: ``(first, then)`` pairs, :func:`.paths.crashes_by_order`; a
    tester's slow cart moved first and the fast one still ran into it)."""
    colour = W.cart_colour(state.carts[path.cart].label)
    other = state.cart_at(path.toward) if path.toward is not None else None
    if path.end in ("collision", "crash-derail") and other is not None:
        if state.carts[other].owner == state.carts[path.cart].owner:
            words = OWN_CRASH[((other, path.cart) in sure, path.end == "crash-derail")]
            theirs = W.cart_colour(state.carts[other].label, "object")
            return _(words).format(colour=colour, other=theirs)
    return _(FATES[path.end]).format(colour=colour)


def _order_fate(state, crash) -> str:
    """What ending the action phase says of a crash the other order brings
    (:class:`.paths.OrderCrash`)."""
    colour = W.cart_colour(state.carts[crash.then].label)
    other = W.cart_colour(state.carts[crash.first].label)
    if not crash.always:
        return _(
            "If your {other} cart moves first, your {colour} cart may crash into it, by the "
            "ways you choose at junctions."
        ).format(colour=colour, other=other)
    if crash.derails:
        return _(
            "If your {other} cart moves first, your {colour} cart crashes into it and derails."
        ).format(colour=colour, other=other)
    return _("If your {other} cart moves first, your {colour} cart crashes into it.").format(
        colour=colour, other=other
    )


def wheel(y: int, selection: Selection, state=None, hover=None):
    """The mouse wheel turns the tool in hand, from the shape shown on ``hover`` (the
    pointer's square) in ``state``."""
    if selection.tool in TURNED and y:
        return Select(selection.turned(1 if y > 0 else -1, state, hover))
    return None


def change_speed(delta: int, state, selection: Selection):
    """Speed − / Speed +: the chosen cart's speed by ``delta``."""
    cart_id = speed_cart(state, selection)
    if cart_id is None:
        if not own_carts_on_board(state, state.player):
            return Refuse(_("Only a cart on the board can change speed."))
        return Say(_("Click one of your carts on the board first to choose which one."))
    return Act(S.ChangeSpeed(cart_id, delta))


# --- the hint -------------------------------------------------------------------------------------
def hint_selection(state, hint, selection: Selection) -> Selection | None:
    """The controls made ready for the hinted action ``hint``, so one click on what the hint
    frames makes it: a tile's tool in hand turned to the hinted shape (an upgrade: to the
    hinted T-junction), Place cart with the hinted cart chosen, or the cart whose speed it
    changes chosen for Speed − / Speed +. None when nothing needs preparing: the framed cart,
    square, arrow, card or button takes the hint on a click as it is."""
    if isinstance(hint, S.PlaceTile):
        for tool, shapes in TILE_SHAPES.items():
            if hint.exits in shapes:
                return _turned_to(selection, tool, shapes.index(hint.exits), (hint.row, hint.col))
        return None
    if isinstance(hint, S.UpgradeTile):
        ups = state.upgrades_at(hint.row, hint.col)
        if hint not in ups:
            return None
        return _turned_to(selection, "upgrade", ups.index(hint), (hint.row, hint.col))
    if isinstance(hint, S.PlaceCart):
        return replace(selection, tool="cart", cart=hint.cart)
    if isinstance(hint, S.ChangeSpeed):
        return replace(selection, tool=None, cart=hint.cart)
    return None


def _turned_to(selection: Selection, tool: str, turn: int, square=None) -> Selection:
    turns, at = list(selection.turns), list(selection.turned_at)
    turns[TURNED.index(tool)] = turn
    at[TURNED.index(tool)] = square
    return replace(selection, tool=tool, turns=tuple(turns), turned_at=tuple(at))


def hint_how(hint, ask: Prompt | None = None) -> str:
    """How the hinted move is made once :func:`hint_selection` has prepared it: the sentence
    that follows the hint's words ("" when there is nothing to click)."""
    if isinstance(hint, (S.PlaceTile, S.UpgradeTile, S.PlaceCart, S.PlaceChasmToken)):
        return _("Click the framed square to make this move.")
    if isinstance(hint, S.MoveCart):
        return _("Click the framed cart to make this move.")
    if isinstance(hint, S.ChangeSpeed):
        button = _("Speed +") if hint.delta > 0 else _("Speed −")
        return _("Your cart is chosen: click {button} to make this move.").format(button=button)
    if isinstance(hint, S.ChooseExit):
        return _("Click the framed arrow to make this move.")
    if isinstance(hint, S.EndActions):
        return _("Click Move carts to make this move.")
    if ask is not None and any(option.action == hint for option in ask.options):
        return _("Click the framed button to make this move.")
    if isinstance(hint, S.ClaimMission):
        return _("Click the framed mission to take it.")
    return ""


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
    event, target_key, state, legal, selection: Selection, ask: Prompt | None, paths=(), hover=None
):
    """What a mouse or key event means at the table (``target_key``: the target under the
    mouse for a click; ``paths``: the carts' previews, for Enter; ``hover``: the square under
    the pointer, which R and the wheel turn the tool on): the wheel turns the tool, a right
    click puts it down, a left click and the keys as :func:`click` and :func:`key_press`;
    None when it means nothing."""
    if event.type == pygame.MOUSEWHEEL:
        return wheel(event.y, selection, state, hover)
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
        return Select(replace(selection, tool=None)) if selection.tool is not None else None
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return click(target_key, state, legal, selection, ask)
    if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
        return key_press(event.key, event.mod, state, legal, selection, ask, paths, hover)
    return None


def status(state, legal, selection: Selection, names, hover=None) -> str:
    """What the person is to do now, in words (the top bar, after their name). ``hover`` is
    the square under the pointer (or None): with Upgrade in hand the words name the
    T-junction a click there lays, and that R turns it."""
    pending = state.pending()
    if pending == Pending.EDGE:
        return _("choose the edge your clan starts from (click an edge or a button).")
    if pending == Pending.ACTIONS:
        left = state.actions_left
        count = ngettext("{count} action left", "{count} actions left", left).format(count=left)
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
            return upgrade_status(state, selection, hover, count)
        if tool == "cart":
            return _("click a glowing square of your edge · {actions}").format(actions=count)
        held = [a.mission for a in legal if isinstance(a, S.ClaimMission)]
        if held:
            return _("you may take {mission} now — click its card · {actions}").format(
                mission=mission_name(held[0]), actions=count
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


def upgrade_status(state, selection: Selection, hover, count: str) -> str:
    """The top bar with Upgrade in hand: over a tile it upgrades, the tile a click lays there
    and, when there are two T-junctions to choose from, that R turns it (``count``: the
    actions left, in words)."""
    shown = ghost(state, selection, hover)
    if shown is None:
        return _(
            "click a glowing tile to upgrade it to the T-junction shown (R or the wheel "
            "turns it) · {actions}"
        ).format(actions=count)
    exits, _action, _ok = shown
    words = {"square": W.square_name(*hover), "tile": W.tile_words(exits), "actions": count}
    if len(state.upgrades_at(*hover)) > 1:
        return _(
            "click to upgrade {square} to {tile} (R or the wheel turns it) · {actions}"
        ).format(**words)
    return _("click to upgrade {square} to {tile} · {actions}").format(**words)
