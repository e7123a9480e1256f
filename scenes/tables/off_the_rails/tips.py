"""What the mouse can point at on the Off the Rails table, and what its tooltip says.

:func:`targets` lists the question's buttons, the junction's arrows, every square, the
missions, the players and the deck, each with its tooltip, ``active`` where a click may use
it now (from the engine's legal actions); nothing here decides a rule.
"""

from __future__ import annotations

from engine.off_the_rails import board as B
from engine.off_the_rails import rules as R
from engine.off_the_rails import state as S
from engine.off_the_rails import words as W
from engine.off_the_rails.data import (
    CART_POINTS,
    MISSION_POINTS,
    gems_text,
    mission_goal,
    mission_name,
)
from engine.off_the_rails.state import CartPlace, Pending, square_name
from scenes.kit import Target
from scenes.tables.off_the_rails.input import TILE_SHAPES, Selection, exit_arrows, glow_squares
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.prompts import Prompt, prompt_boxes, seat_name
from translation import _, ngettext


def cart_name(state, cart_id: int, names) -> str:
    """ "The white cart of Ana"; "The red cart" in solo (it begins a sentence)."""
    cart = state.carts[cart_id]
    if state.solo:
        return W.capitalised(W.the_cart(cart.label))
    seats = [seat_name(names, seat) for seat in range(max(2, state.num_players))]
    return W.capitalised(W.cart_phrase(seats, cart.owner, cart.label))


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


def around_square(lay: Layout, square) -> list:
    """What a player reads beside a hovered ``square``, for its tooltip to leave in sight:
    the squares next to it (diagonals too; grid or surface) and every mine with a square at
    most two squares away, whole (a play-tester's find: a cart's tooltip hid the top squares
    of the mine beside it). Rects in pixels."""
    row, col = square
    out = [
        lay.square((row + dr, col + dc))
        for dr in (-1, 0, 1)
        for dc in (-1, 0, 1)
        if (dr or dc)
        and (B.on_grid((row + dr, col + dc)) or (row + dr, col + dc) in B.SURFACE_EDGE)
    ]
    for r, c in B.MINE_CENTRES.values():
        if max(abs(r - row), abs(c - col)) <= 3:  # a mine square within two squares
            out.append(lay.square((r - 1, c - 1)).union(lay.square((r + 1, c + 1))))
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
    """A mission card's tooltip: its name and points, its goal, and who took it,
    or that the player may take it now (``takeable``), or that it is face up."""
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
    """A player row's tooltip: name and clan, the score shown and that it counts the carts
    still in supply (:func:`score_words`), stockpile and missions taken."""
    name = seat_name(names, seat)
    edge = state.edges[seat] if seat < len(state.edges) else None
    title = _("{name} · {edge}").format(name=name, edge=W.edge_clan(edge)) if edge else name
    taken = [mission_name(m) for m in state.taken[seat]]
    lines = [
        score_words(state, seat),
        _("Stockpile: {gems}.").format(gems=gems_text(state.stockpiles[seat])),
    ]
    if taken:
        lines.append(_("Missions: {missions}.").format(missions=_(", ").join(taken)))
    return (title,) + tuple(lines)


def score_words(state, seat: int) -> str:
    """What seat ``seat``'s points ("6 pts") are made of: they count :data:`CART_POINTS` for
    each cart still in supply (rules: scoring), so a new player's 6 points before anyone plays,
    and 3 once a cart is put in, read as the rule, not a punishment (play-test)."""
    points = R.scores(state)[seat]["total"]
    supply = sum(1 for c in state.carts_of(seat) if state.carts[c].where == CartPlace.SUPPLY)
    if not supply:
        return _(
            "Score so far: {points}; no cart is left in supply (each would count {each})."
        ).format(points=points, each=CART_POINTS)
    return ngettext(
        "Score so far: {points}, counting {each} for each cart still in supply ({count} cart).",
        "Score so far: {points}, counting {each} for each cart still in supply ({count} carts).",
        supply,
    ).format(points=points, each=CART_POINTS, count=supply)


def deck_tip(state) -> tuple:
    """The deck's tooltip: cards left and how far the chasm is, gems in the bag (solo:
    cards left and chasm tokens placed)."""
    if state.solo:
        return (
            _("The deck"),
            ngettext(
                "{count} card left; each turn's card opens a chasm on the square it names.",
                "{count} cards left; each turn's card opens a chasm on the square it names.",
                len(state.solo_deck),
            ).format(count=len(state.solo_deck)),
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
        ngettext(
            "{count} card left; each turn's card puts gems on the mine square it names.",
            "{count} cards left; each turn's card puts gems on the mine square it names.",
            left,
        ).format(count=left),
        chasm,
        _("Gems in the bag: {count}.").format(count=sum(state.bag)),
    )
