"""What the Off the Rails board marks for the person, as :class:`.draw.View` fields.

The squares a click may use glow, the tile or cart the tool in hand would make shows under the
mouse, the junction's arrows and the question's buttons stand on the board, and the hinted
move is framed and labelled. All of it is read from the engine's legal actions.
"""

from __future__ import annotations

import pygame

from engine.off_the_rails import state as S
from engine.off_the_rails.state import Pending
from scenes import kit
from scenes.tables.off_the_rails.input import (
    Selection,
    cart_placements,
    exit_arrows,
    ghost,
    glow_squares,
)
from scenes.tables.off_the_rails.layout import Layout, tag_size
from scenes.tables.off_the_rails.paths import Tag, squares_of
from scenes.tables.off_the_rails.prompts import Prompt, prompt_boxes
from sprites import off_the_rails_art as oa
from translation import _

CART_GLOW = (250, 250, 250)
"""The glow on your edge's squares while putting a cart in: white stands out on every clan's
strip (the usual yellow read as orange on red and vanished on yellow)."""


def token_glow(colour: str) -> tuple:
    """The glow on the squares the drawn chasm token of clan ``colour`` may go on: nearly
    white with a touch of the clan, as it lies mostly on that clan's mine (play-test: the
    clan's colour lightened a little vanished into the red mine's floor)."""
    return tuple(int(c + (255 - c) * 0.75) for c in oa.clan(colour))


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


def hint_in_hand(state, selection: Selection, hint) -> bool:
    """Whether a click on the hinted square with the tool in hand makes the hinted tile or
    upgrade ``hint`` (the hint's ghost tile is drawn only then: after S put the straight down
    it still showed, and the click built nothing)."""
    if not isinstance(hint, (S.PlaceTile, S.UpgradeTile)):
        return False
    shown = ghost(state, selection, (hint.row, hint.col))
    return shown is not None and shown[1] == hint


def hint_tag(lay: Layout, state, hint, rects, avoid=(), tags=()) -> Tag | None:
    """The "Hint" label of the hinted move, so a hint never looks like the player's own
    preview: beside the square it is about (off it, the mine centres and the paths' ``tags``,
    and off the ``avoid`` rects where it can: the carts' paths, the deposits (play-test: it
    sat on a deposit's gems beside the hinted square) and the mine numbers, then off the
    track where that keeps it near), or above the button or card it frames."""
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
        never = lay.mine_centres() + [tag.rect.inflate(4, 4) for tag in tags]
        deposits = [lay.square(spot) for spot in state.gems]
        track = [lay.square(spot) for spot in state.tiles]
        away = [*avoid, *deposits, *lay.mine_numbers()]
        rect = lay.tag_rect(size, square, clear, away, never, track)
        return Tag(words, rect, square, "hint")
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
    may use (``glow`` in ``glow_colour``, ``glow_strong`` for the chasm token's), the
    ``ghost`` tile or ``ghost_cart`` under the mouse (``hover``, a square or None), the
    ``chosen`` cart, the junction's ``arrows``, the question's ``prompt_boxes``, the
    ``hint`` (``hint_rects``, ``hint_ghost`` — only while the tool in hand makes it:
    :func:`hint_in_hand` —, and ``hint_tag``, which keeps off the carts' ``paths`` and
    their ``tags``) and the missions a click takes (``takeable``). All of it is read from
    the engine's ``legal`` actions."""
    acting = bool(legal) and state.pending() == Pending.ACTIONS
    ghost_tile = ghost_cart = None
    if acting and hover is not None:
        shown = ghost(state, selection, hover)
        if shown is not None:
            ghost_tile = (hover, shown[0], shown[2])
        if selection.tool == "cart":
            puts = cart_placements(legal, hover, selection)
            ghost_cart = (puts[0].cart, hover) if puts else None
    glow_colour: tuple = kit.HILITE
    if selection.tool == "cart" or state.pending() == Pending.EDGE:
        # on a clan strip yellow vanishes into yellow and turns red orange and blue grey
        glow_colour = CART_GLOW
    if state.pending() == Pending.CHASM_TOKEN and legal:
        glow_colour = token_glow(state.drawn_token())
    hint_rects, hint_ghost = hint_marks(lay, state, hint, ask)
    if hint_ghost is not None and not hint_in_hand(state, selection, hint):
        hint_ghost = None  # another tool or turn in hand: a click would not build the hint's tile
    busy = [lay.square(sq) for path in paths for sq in squares_of(path)]
    answer = ask is not None and any(option.action == hint for option in ask.options)
    # a hinted answer is framed in its panel: a label above it would cover the question
    label = None if answer else hint_tag(lay, state, hint, hint_rects, busy, tags)
    return {
        "hover": hover,
        "glow": glow_squares(state, legal, selection),
        "glow_colour": glow_colour,
        "glow_strong": state.pending() == Pending.CHASM_TOKEN,
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
