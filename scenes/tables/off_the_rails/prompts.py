"""The questions the Off the Rails engine asks with buttons during a turn (the edge, a jewel,
a split, a drop, a pile, a mission): :func:`prompt` words them from the legal actions, and
:func:`prompt_boxes` places their panel on the board. Nothing here decides a rule."""

from __future__ import annotations

import functools
from dataclasses import dataclass

import pygame

from engine.off_the_rails import words as W
from engine.off_the_rails.data import GEMS, gems_text, mission_name, one, sub
from engine.off_the_rails.rules import picks_left
from engine.off_the_rails.state import Pending
from scenes import kit
from scenes.tables.off_the_rails.layout import PROMPT_MARGIN, Layout
from translation import _, ngettext


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
    them), whether its buttons show gem ``pictures`` and whether it is ``compact`` (two
    buttons a row, so it fits between the mines and an edge: the edge's question keeps
    every deposit in sight); ``note``: a sentence under the title ("" for none)."""

    title: str
    options: tuple
    focus: tuple = ()
    pictures: bool = False
    compact: bool = False
    note: str = ""

    @property
    def columns(self) -> int:
        wide = (self.pictures and len(self.options) > 3) or (self.compact and len(self.options) > 2)
        return 2 if wide else 1


def seat_name(names, seat: int) -> str:
    """Seat ``seat``'s name ("Player 2" when ``names`` has none for it)."""
    return names[seat] if seat < len(names) else _("Player {number}").format(number=seat + 1)


def _jewel_question(state, cart) -> str:
    """Which jewel a cart takes, saying when it takes more than one here, each a question
    (:func:`rules.picks_left`; a tester read the second question as the first asked again)."""
    colour = W.cart_colour(cart.label)
    count = picks_left(state)
    if count >= 2:
        return ngettext(
            "Your {colour} cart takes {count} jewel here, one at a time: which first?",
            "Your {colour} cart takes {count} jewels here, one at a time: which first?",
            count,
        ).format(colour=colour, count=count)
    if state.taken_here:
        return _("Your {colour} cart takes one more jewel here: which?").format(colour=colour)
    return _("Your {colour} cart takes one jewel here: which?").format(colour=colour)


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
            focus=tuple(sorted(state.gems)),  # the deposits decide the choice: in sight
            compact=True,
        )
    if pending == Pending.GEM:
        cart_id = state.moving_cart()
        cart = state.carts[cart_id]
        return Prompt(
            _jewel_question(state, cart),
            tuple(Option(state.action_to_string(a), a, one(GEMS.index(a.gem))) for a in legal),
            focus=(cart.square,),
        )
    if pending == Pending.SPLIT:
        hit = state.carts[state.hit_cart()]
        mover = state.carts[state.moving_cart()]
        who = seat_name(names, state.player)
        options = tuple(
            Option(
                _("Pile 1: {first}; pile 2: {second}").format(
                    first=gems_text(a.pile), second=gems_text(sub(hit.load, a.pile))
                ),
                a,
                a.pile,
                sub(hit.load, a.pile),
            )
            for a in legal
        )
        # OR-D7: the mover picks by place, unseen, so the order of the piles matters
        return Prompt(
            _("Split your {colour} cart's load into two piles").format(
                colour=W.cart_colour(hit.label, "of")
            ),
            options,
            focus=(hit.square, mover.square),
            pictures=True,
            note=_("{name} picks pile 1 or pile 2 without seeing them.").format(name=who),
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
        pile_options = []
        for a in legal:
            size = sum(piles[a.pile]) if piles[a.pile] else 0
            label = (
                ngettext("Pile {number} ({count} gem)", "Pile {number} ({count} gems)", size)
                if size
                else _("Pile {number} (?)")
            )
            pile_options.append(Option(label.format(number=a.pile + 1, count=size), a))
        return Prompt(
            # the square and the owner named: both carts may be white (play-testers)
            _(
                "Pick one of {name}'s piles: those gems drop on {square}, where {cart} stands"
            ).format(
                name=owner,
                square=W.square_name(*hit.square),
                cart=W.cart_phrase(names, hit.owner, hit.label),
            ),
            tuple(pile_options),
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


def pile_caption(number: int) -> str:
    """The words over a split's pile in its button: "Pile 1", "Pile 2"."""
    return _("Pile {number}").format(number=number)


def pile_caption_width() -> int:
    """The room a split button gives each pile's caption (drawn at 11 px, bold), in pixels."""
    return max(kit.text_size(pile_caption(n), 11, True)[0] for n in (1, 2)) + 6


def prompt_boxes(lay: Layout, ask: Prompt) -> tuple:
    """``(panel, [option rects])`` of the question's panel on the board (:meth:`Layout.
    prompt_rect`: never over the squares it is about). The title sits ``kit.px(9)`` under the
    panel's top, the note under it; the panel is drawn :data:`PROMPT_MARGIN` pixels larger
    all round. Worked out once per layout, question and UI scale (asked a few times a frame):
    read the rects only."""
    return _prompt_boxes(lay, ask, kit.px(100))


@functools.lru_cache(maxsize=8)
def _prompt_boxes(lay: Layout, ask: Prompt, _scale: int) -> tuple:
    cols = ask.columns
    rows = -(-len(ask.options) // cols)
    title_w, title_h = kit.text_size(ask.title, 15, True)
    note_w, note_h = kit.text_size(ask.note, 13) if ask.note else (0, -kit.px(2))
    label_w = max(kit.text_size(o.label, 16, True)[0] for o in ask.options) + 30
    if ask.pictures:
        label_w = 2 * (5 * (lay.gem_size + 3) + pile_caption_width()) + 40
    width = max(title_w + 30, note_w + 30, cols * label_w + (cols - 1) * 8 + 20, kit.px(260))
    step = kit.px(38)  # a row of buttons: their text grows with the UI scale
    head = kit.px(9) + title_h + kit.px(2) + note_h + kit.px(4)
    height = head + rows * step - 6 + kit.px(4)
    panel = lay.prompt_rect(width, height, ask.focus, PROMPT_MARGIN)
    pad = 6 if ask.compact else 10
    bw = (panel.width - 2 * pad - (cols - 1) * 8) // cols
    rects = []
    for index in range(len(ask.options)):
        col, row = index % cols, index // cols
        top = panel.y + head + row * step
        rects.append(pygame.Rect(panel.x + pad + col * (bw + 8), top, bw, step - 6))
    return panel, tuple(rects)
