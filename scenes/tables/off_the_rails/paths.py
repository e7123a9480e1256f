"""Where the Off the Rails carts would roll if they moved now, and the tags that say so.

:func:`preview_paths` plays the move on a copy of the state (the engine decides every square;
nothing here does) and reads each cart's :class:`Path` from the events; :func:`path_tags`
places the words on the board ("stop", "derail", "you choose the way"…), each a :class:`Tag`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from engine.off_the_rails.state import CartPlace, Pending
from scenes.tables.off_the_rails.input import FATES, own_carts_on_board
from scenes.tables.off_the_rails.layout import Layout, tag_size
from translation import N_, _, ngettext

BAD_ENDS = tuple(FATES)
CHOICE_ENDS = ("choice", "stop-choice")
"""The ends drawn in the choice tone: the player chooses the way there."""
"""The ends drawn in the bad tone; ending the action phase asks first while one shows."""
END_WORDS = {
    "stop": N_("stop"),
    "choice": N_("you choose the way"),
    "stop-choice": N_("stop; you choose the way on"),
    "left": N_("out"),
    "derail": N_("derail"),
    "fell": N_("chasm!"),
    "collision": N_("crash"),
    "crash-derail": N_("crash: derails"),
}
"""The word at the end of a cart's path (translated where drawn)."""


def pick_words(count: int) -> str:
    """The words of the tag on a square where the cart picks a jewel ``count`` times (each
    pick a question of its own, rules "Gems": 1 entering a deposit, 2 in all ending on it;
    again each time it passes), translated: "you pick one:" or "you pick 2 jewels:"."""
    if count == 1:
        return _("you pick one:")
    return ngettext("you pick {count} jewel:", "you pick {count} jewels:", count).format(
        count=count
    )


_SIDE_OF_STEP = {delta: side for side, delta in B.DELTA.items()}


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
    "stop", "choice" (a junction: the player chooses the way on), "stop-choice" (it stops on
    a junction, where its owner chooses the way of its next move), "left" (out of the mine),
    "derail", "fell" (into the chasm), "collision" or "crash-derail" (a collision that derails
    it). ``choices`` are the questions on the way (a jewel to take; the junction at the end),
    ``branches`` the path from the junction for each way on, as the engine plays it.
    ``toward``: where a path that ends badly runs off, from the engine's event — the square
    it cannot enter (derail), the cart it meets (collision) or the chasm square it falls
    into (the path's last square); None for the other ends."""

    cart: int
    squares: tuple
    end: str
    choices: tuple = ()
    branches: tuple = ()
    toward: tuple | None = None

    @property
    def last_tile(self) -> tuple:
        """The last square the cart stands on: the path's end, or the square before the
        chasm square it falls into."""
        if self.end == "fell" and len(self.squares) > 1:
            return self.squares[-2]
        return self.squares[-1]

    @property
    def runs_off(self) -> str | None:
        """The side of :attr:`last_tile` the cart leaves by towards :attr:`toward` (its exit
        after any turn on that tile), or None."""
        if self.toward is None:
            return None
        (r0, c0), (r1, c1) = self.last_tile, self.toward
        return _SIDE_OF_STEP.get((r1 - r0, c1 - c0))


@dataclass(frozen=True)
class Tag:
    """A word on a plate over the board about ``square`` (a leader line joins them when they
    are apart): ``words`` (translated), its ``rect``, its ``tone`` ("good", "bad", "choice",
    "hint"), the ``gems`` it pictures after the words, whether it is ``small`` (a branch's
    end) and the ``cart`` whose path it is on (None: the hint's); ``marker``: that cart's
    marker ("white", "black"), drawn on the tag while two carts' paths show (a tester could not
    tell whose "stop" was whose), else None."""

    words: str
    rect: pygame.Rect
    square: tuple | None
    tone: str
    gems: tuple = ()
    small: bool = False
    cart: int | None = None
    marker: str | None = None


def squares_of(path) -> list:
    """A path's squares, its branches' and the squares they run off towards (where track is
    missing when it derails, the cart it meets)."""
    out = list(path.squares) + (
        [path.toward] if path.toward and path.toward not in path.squares else []
    )
    for branch in path.branches:
        out += squares_of(branch)
    return out


def path_tags(lay: Layout, state, paths, building=None, hint_frames=()) -> tuple:
    """The tags of the carts' paths (:class:`Tag`): each path's end ("stop", "derail", "you
    choose the way" …), the jewels to choose from on the way, and each branch's end beyond a
    junction. A cart's picks on one square are one tag that counts them (:func:`pick_words`:
    it ends its move on a deposit, or passes it twice), and the same words about the same
    square show once (two branches that end alike, or two carts that would pick alike there).
    A tag never covers a mine centre or another tag, nor its own path or the square the cart
    runs off towards (where track is missing when it derails); it keeps off the other
    paths, the carts, the deposits and the mine squares' numbers where it can, then off the
    track where that keeps it near, and stays inside the grid, off the edge labels
    (:meth:`Layout.tag_rect`). ``building``: the square the tool in hand
    would lay or upgrade a tile on (its preview must be seen), kept clear by every tag, or
    None. ``hint_frames``: the rects the hint frames (drawn 4 px outside them); a tag never
    covers them either."""

    preview = [lay.square(building)] if building is not None else []
    covers = [[lay.square(sq) for sq in squares_of(path)] + preview for path in paths]
    carts = [lay.square(cart.square) for cart in state.carts if cart.where == CartPlace.BOARD]
    numbers = lay.mine_numbers()
    deposits = [lay.square(square) for square in state.gems]
    track = [lay.square(square) for square in state.tiles]
    centres = lay.mine_centres()
    frames = [rect.inflate(12, 12) for rect in hint_frames]  # the dashed frame and a gap
    tags: list = []

    # two carts' paths: each tag shows its cart's marker (the same words about the same
    # square, from both carts, then show once, unmarked)
    markers = len({path.cart for path in paths}) > 1

    def place(index, words, square, tone, gems=(), small=False):
        for number, tag in enumerate(tags):
            if (tag.words, tag.square, tag.gems) == (words, square, gems):
                # the same words about the same square (branches that end alike): one tag,
                # unmarked when it is about both carts
                if tag.cart != paths[index].cart:
                    tags[number] = replace(tag, marker=None)
                return
        label = state.carts[paths[index].cart].label if markers else None
        marker = label if label in ("white", "black") else None
        others = [rect for i, rects in enumerate(covers) if i != index for rect in rects]
        rect = lay.tag_rect(
            tag_size(words, gems, small, marker is not None),
            square,
            covers[index],
            others + carts + deposits + numbers,
            centres + frames + [tag.rect.inflate(4, 4) for tag in tags],
            track,
        )
        tags.append(Tag(words, rect, square, tone, gems, small, paths[index].cart, marker))

    def tone_of(end):
        return "bad" if end in BAD_ENDS else "choice" if end in CHOICE_ENDS else "good"

    def tag_on_the_way(index, path, small, earlier):
        # earlier: {square: (picks, jewels offered)} on the way to this branch
        picks, here = dict(earlier), []
        for choice in path.choices:
            if choice.kind == "gem":
                count, gems = picks.get(choice.square, (0, ()))
                more = tuple(gem for gem in choice.options if gem not in gems)
                picks[choice.square] = (count + 1, gems + more)
                if choice.square not in here:
                    here.append(choice.square)
        for square in here:
            count, gems = picks[square]
            place(index, pick_words(count), square, "choice", gems, small)
        for branch in path.branches:
            end = branch.end
            place(index, _(END_WORDS[end]), branch.squares[-1], tone_of(end), small=True)
            tag_on_the_way(index, branch, True, picks)

    for index, path in enumerate(paths):
        place(index, _(END_WORDS[path.end]), path.squares[-1], tone_of(path.end))
    for index, path in enumerate(paths):
        tag_on_the_way(index, path, False, {})
    return tuple(tags)


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


@dataclass(frozen=True)
class OrderCrash:
    """The player's cart ``then`` crashes into their cart ``first`` (not a bump) if ``first``
    moves before it: whatever way either takes at a junction (``always``), or by some ways
    only; ``derails``: it derails in every such crash (a cart with no jewel)."""

    first: int
    then: int
    derails: bool
    always: bool = True


def crashes_by_order(state, paths: tuple) -> tuple:
    """The :class:`OrderCrash` es of the current player's carts: what the other order brings,
    as :func:`preview_paths` shows each cart moving first. Each pair's two orders are played on
    copies by the engine, every way at a junction tried (two deep; jewel and other questions
    take their first answer), so a crash is known to come always or by some ways. A tester's
    black cart crashed head-on into the white one that moved first, though both previews
    said "stop". Only carts whose ``paths`` (:func:`preview_paths`) come within a square of
    each other are played. Empty outside the action phase."""
    if state.pending() != Pending.ACTIONS or state.current_player() < 0:
        return ()
    near = {path.cart: _near(_reach(path)[0]) for path in paths}
    out = []
    for first, around in near.items():
        for then in near:
            if first == then or not (around & _reach(_path(paths, then))[0]):
                continue
            work = state.clone()
            work.apply_action(S.EndActions())
            if work.pending() != Pending.MOVE_CART or first not in work.carts_to_move():
                continue
            ends = _movements(work, [*work.apply_action(S.MoveCart(first))], BRANCH_DEPTH * 2)
            crashes = [None if events is None else _crash(events, first, then) for events in ends]
            if any(crash is not None for crash in crashes):
                always = all(crash is not None for crash in crashes)
                derails = all(crash for crash in crashes if crash is not None)
                out.append(OrderCrash(first, then, derails, always))
    return tuple(out)


def _near(squares: set) -> set:
    """``squares`` and their four neighbours."""
    return {
        (r + dr, c + dc)
        for r, c in squares
        for dr, dc in ((0, 0), (0, 1), (0, -1), (1, 0), (-1, 0))
    }


def _path(paths: tuple, cart: int) -> Path:
    return next(path for path in paths if path.cart == cart)


def _movements(work, events: list, depth: int) -> list:
    """The events of the rest of the movement phase on ``work``, one list per way the
    junctions on it may be taken (``depth`` of them at most); None for a way not followed
    that far (not known, so no crash is said to come "always")."""
    for _guard in range(80):
        pending = work.pending()
        if pending == Pending.EXIT:
            if depth <= 0:
                return [None]
            out = []
            for action in work.legal_actions():
                branch = work.clone()
                out += _movements(branch, events + branch.apply_action(action), depth - 1)
            return out
        if pending not in (
            *ON_THE_WAY,
            Pending.MOVE_CART,
            Pending.SPLIT,
            Pending.PICK,
            Pending.DROP,
        ):
            return [events]
        events = events + work.apply_action(work.legal_actions()[0])
    return [None]


def _crash(events: list, first: int, then: int) -> bool | None:
    """None unless ``then`` crashed into ``first`` in ``events`` (a bump is no crash); else
    whether it derailed."""
    crashed = any(
        isinstance(e, S.Collided)
        and e.cart == then
        and e.other == first
        and e.kind != S.CollisionKind.BUMP
        for e in events
    )
    if not crashed:
        return None
    return any(
        isinstance(e, S.CartDerailed) and e.cart == then and e.cause == S.DerailCause.COLLISION
        for e in events
    )


def _reach(path: Path) -> tuple[set, bool]:
    """Every square ``path`` and its branches pass through or run into (:attr:`Path.toward`:
    a tester's cart would have crashed into the other, had the table not chosen the order
    for them), and whether a branch ends at a junction the preview did not follow (the way
    beyond it is not known)."""
    squares, open_end = set(path.squares), path.end == "choice" and not path.branches
    if path.toward is not None:  # the cart it crashes into: moved first, it may be gone
        squares.add(path.toward)
    for branch in path.branches:
        more, unknown = _reach(branch)
        squares |= more
        open_end = open_end or unknown
    return squares, open_end


def order_matters(paths: tuple) -> bool:
    """Whether the order the carts move in can change anything: True unless every cart's
    way (each branch, as far as the preview knows it) keeps off every other cart's, so no two
    can meet or take the same gems (the engine would only ask which moves first)."""
    seen: set = set()
    for path in paths:
        squares, unknown = _reach(path)
        if unknown or squares & seen:
            return True
        seen |= squares
    return False


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
        if all(branch.squares == (square,) and branch.end == "stop" for branch in branches):
            # its move ends on the junction: one tag, not "you choose the way" beside "stop"
            return replace(path, end="stop-choice", choices=tuple(choices))
    return replace(path, choices=tuple(choices), branches=branches)


def _branch(square, work, cart_id: int, answer, depth: int) -> Path:
    branch = work.clone()
    return _follow(square, branch, cart_id, branch.apply_action(answer), depth)


def _path_of(start, work, cart_id: int, events) -> Path:
    squares: list = []
    end, started, toward = "stop", False, None
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
                if end != "collision":  # after a crash it derails where it stands
                    toward = (event.toward_row, event.toward_col)
                end = "crash-derail" if end == "collision" else "derail"
            elif isinstance(event, S.CartFell):
                end, toward = "fell", (event.row, event.col)
            elif isinstance(event, S.Collided):
                end, toward = "collision", (event.other_row, event.other_col)
    if not squares:
        squares = [start]
    if end == "stop" and work.moving_cart() == cart_id:
        end = "choice"
    return Path(cart_id, tuple(squares), end, toward=toward)
