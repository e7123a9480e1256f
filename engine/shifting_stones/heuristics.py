"""What Shifting Stones' bots and hints compute: how many payments a card is from matching, the
turn plans a hand allows, and what a plan is worth.

**Payments away.** Every shift or flip costs one card, so a card is *N payments away* when N
moves (of the 21: 12 swaps of neighbouring stones, 9 flips) make the grid match it. The grid is
9 faces, coded 3 bits each in one integer (a flip is one bit: the faces of a stone are paired
codes); a breadth-first search over grids (:func:`reach`) finds every grid within a few moves —
about 1,600 within three — and each card is checked against them by masks, one per place its
box fits. :func:`reach` keeps the last searches (a pure function of its input: a search never
changes a decision, it only repeats one).

**Turn plans.** A turn is a path of moves through the grids, scoring cards of the hand where
they match; every move is paid by a card not scored on the way. :func:`turn_plans` lists the
plans of a player who looks at one card at a time (score what matches now, then reach the
nearest grid where another card matches); :func:`search_plans` searches every path of up to
three moves and scores along it as many matched cards as the cards left can afford.

**Value.** :func:`plan_value` adds the points scored, the edge the 3 points for the most 1-point
cards give (:func:`bonus_edge`), what the kept cards promise for the next turn (by how many
payments away they are) and what the cards drawn afresh promise. What a grid leaves the next
player is judged by the Hard bot's playouts on sampled hands (``bots.playout_value``): nothing
here reads a hidden card.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.shifting_stones.data import (
    ANY,
    CARDS,
    FACES,
    HAND_SIZE,
    SIDE,
    SQUARES,
)
from engine.shifting_stones.rules import ADJACENT, target_for
from engine.shifting_stones.state import (
    HIDDEN,
    ONE_POINT_BONUS,
    EndTurn,
    Flip,
    Pay,
    Phase,
    Score,
    Shift,
    ShiftingStonesState,
    Skip,
)

# ------------------------------------------------------------------------------------------
# Grids as integers, and the 21 moves
# ------------------------------------------------------------------------------------------
FACE_CODE = {face: index for index, face in enumerate(FACES)}
"""Each face's 3-bit code: S0 M1 F2 B3 H4 O5 E6 T7 — a stone's two faces differ in the last
bit, so a flip is an exclusive or with 1."""

MOVES: tuple = tuple(Shift(first, second) for first, second in ADJACENT) + tuple(
    Flip(square) for square in range(SQUARES)
)
"""The 21 moves a payment buys, in the order ``legal_actions`` lists them once a card is
paid: the 12 shifts, then the 9 flips. A plan's moves are indices into it."""

_SHIFT_BITS = tuple((3 * first, 3 * second) for first, second in ADJACENT)
_FLIP_BITS = tuple(1 << (3 * square) for square in range(SQUARES))

MAX_PAYMENTS = 3
"""How far :func:`payments_away` looks by default (a hand of 4 pays 3 moves for its 4th)."""


def encode(grid: str) -> int:
    """The grid's code: face letters row by row, 3 bits each from the lowest."""
    return sum(FACE_CODE[face] << (3 * square) for square, face in enumerate(grid))


def decode(code: int) -> str:
    """The grid of a code, as 9 face letters."""
    return "".join(FACES[(code >> (3 * square)) & 7] for square in range(SQUARES))


def apply_move(code: int, move: int) -> int:
    """The grid after move ``move`` (an index into :data:`MOVES`)."""
    if move >= len(_SHIFT_BITS):
        return code ^ _FLIP_BITS[move - len(_SHIFT_BITS)]
    first, second = _SHIFT_BITS[move]
    diff = ((code >> first) ^ (code >> second)) & 7
    return code ^ (diff << first) ^ (diff << second)


def successors(code: int) -> list[tuple[int, int]]:
    """``(move, grid)`` for every move that changes the grid (a swap of two equal faces
    changes nothing and is left out)."""
    out = []
    for move, (first, second) in enumerate(_SHIFT_BITS):
        diff = ((code >> first) ^ (code >> second)) & 7
        if diff:
            out.append((move, code ^ (diff << first) ^ (diff << second)))
    flips = len(_SHIFT_BITS)
    for index, bit in enumerate(_FLIP_BITS):
        out.append((flips + index, code ^ bit))
    return out


@functools.lru_cache(maxsize=512)
def reach(code: int, depth: int) -> dict[int, tuple[int, int, int]]:
    """Every grid within ``depth`` moves of ``code``: ``{grid: (moves, parent grid, move)}``
    in breadth-first order (the start is ``(0, -1, -1)``). Shared between callers: do not
    change it."""
    tree = {code: (0, -1, -1)}
    frontier = [code]
    for moves in range(1, depth + 1):
        found = []
        for grid in frontier:
            for move, after in successors(grid):
                if after not in tree:
                    tree[after] = (moves, grid, move)
                    found.append(after)
        frontier = found
    return tree


def path_to(tree: dict, grid: int) -> list[int]:
    """The moves from the tree's start to ``grid``, in order."""
    moves: list[int] = []
    while True:
        _depth, parent, move = tree[grid]
        if parent < 0:
            return moves[::-1]
        moves.append(move)
        grid = parent


# ------------------------------------------------------------------------------------------
# Matching by masks
# ------------------------------------------------------------------------------------------
def _targets(card: int) -> tuple[tuple[int, int], ...]:
    """``(mask, value)`` per place the card's box fits: the grid matches there when
    ``grid & mask == value``."""
    pattern = CARDS[card]
    out = []
    for top in range(SIDE - pattern.height + 1):
        for left in range(SIDE - pattern.width + 1):
            mask = value = 0
            for row, column, face in pattern.faces:
                square = (top + row) * SIDE + left + column
                mask |= 7 << (3 * square)
                value |= FACE_CODE[face] << (3 * square)
            out.append((mask, value))
    return tuple(out)


TARGETS = {card: _targets(card) for card in CARDS}
"""Each card's ``(mask, value)`` pairs, one per place its box fits."""


def matches_code(code: int, card: int) -> bool:
    """Whether the grid ``code`` matches ``card`` (as :func:`rules.matches`)."""
    for mask, value in TARGETS[card]:
        if code & mask == value:
            return True
    return False


def distances(code: int, cards: Iterable[int], limit: int = MAX_PAYMENTS) -> dict:
    """``{card: payments}`` for each of ``cards`` (hidden ones left out): the fewest moves
    after which the grid matches it, or None beyond ``limit``."""
    left = {card for card in cards if card != HIDDEN}
    found: dict = dict.fromkeys(left)
    if not left:
        return found
    for grid, (moves, _parent, _move) in reach(code, limit).items():
        hit = [card for card in left if matches_code(grid, card)]
        for card in hit:
            found[card] = moves
            left.discard(card)
        if not left:
            break
    return found


def payments_away(grid: str, card: int, limit: int = MAX_PAYMENTS) -> int | None:
    """How many card payments ``card`` is from matching ``grid`` (9 face letters): 0 when it
    matches now, N when N shifts or flips make it match, None when more than ``limit`` are
    needed. The hand display's "matches now" / "N payments away"."""
    if ANY in grid:
        return None
    return distances(encode(grid), [card], limit)[card]


# ------------------------------------------------------------------------------------------
# Turn plans
# ------------------------------------------------------------------------------------------
@dataclass
class TurnPlan:
    """The rest of a turn: ``moves`` (indices into :data:`MOVES`) in order, ``scores`` as
    ``(moves made before, card)`` in order, ``payers`` the cards that pay the moves in order
    (a move already paid for needs none), ``final`` the grid code after it, ``kept`` the hand
    left, and ``value`` once valued."""

    moves: tuple[int, ...]
    scores: tuple[tuple[int, int], ...]
    payers: tuple[int, ...]
    final: int
    kept: tuple[int, ...]
    skip: bool = False
    value: float = 0.0
    parts: dict = field(default_factory=dict)

    @property
    def scored(self) -> tuple[int, ...]:
        return tuple(card for _when, card in self.scores)

    @property
    def points(self) -> int:
        return sum(CARDS[card].points for card in self.scored)

    def steps(self, paid: bool = False) -> list:
        """The plan as actions in order (ending before the turn's end): each card scored as
        soon as it matches, each move after its payment (``paid``: the first move is paid
        for already)."""
        out: list = []
        payers = list(self.payers)
        for index in range(len(self.moves) + 1):
            out += [Score(card) for when, card in self.scores if when == index]
            if index == len(self.moves):
                break
            if index > 0 or not paid:
                out.append(Pay(payers.pop(0)))
            out.append(MOVES[self.moves[index]])
        if self.skip:
            out.append(Skip())
        return out

    def first_action(self, paid: bool = False):
        """What to do now: the plan's first step, or the turn's end (or the skip)."""
        steps = self.steps(paid)
        return steps[0] if steps else EndTurn()


def _walk(code: int, moves: Sequence[int], hand: Sequence[int], start: int) -> tuple:
    """Play ``moves`` from ``code`` scoring greedily: ``(scores, final grid, hand left)``;
    ``start`` is the number of moves already in the plan."""
    scores = []
    left = list(hand)
    grid = code
    for offset, move in enumerate(moves):
        grid = apply_move(grid, move)
        for card in [card for card in left if matches_code(grid, card)]:
            scores.append((start + offset + 1, card))
            left.remove(card)
    return scores, grid, left


def turn_plans(
    grid: str,
    hand: Sequence[int],
    paid: bool = False,
    targets_per_card: int = 6,
    stages: int = 2,
) -> list[TurnPlan]:
    """The plans a player who looks at one card at a time compares, for a hand on a grid
    (``paid``: a card is paid already, so the first move is free and must come). Each plan
    scores what matches now; then goes to one of up to ``targets_per_card`` nearest grids where
    a card of the hand matches, for up to ``stages`` cards in turn, scoring on the way whatever
    matches. Payers are chosen later (:func:`choose_payers`): here a plan is feasible when the
    cards not scored can pay its moves. The plan that ends the turn at once is first (without
    ``paid``)."""
    hand = [card for card in hand if card != HIDDEN]
    start = encode(grid)
    free = 1 if paid else 0
    now = [] if paid else [card for card in hand if matches_code(start, card)]
    rest = [card for card in hand if card not in now]
    plans: list[TurnPlan] = []
    seen: set = set()

    def add(moves: tuple, scores: list, final: int, left: list) -> bool:
        payments = max(0, len(moves) - free)
        if payments > len(left) or (paid and not moves):
            return False
        key = (moves, tuple(card for _when, card in scores))
        if key in seen:
            return False
        seen.add(key)
        plans.append(TurnPlan(moves, tuple(scores), (), final, tuple(left)))
        return True

    base = [(0, card) for card in now]
    add((), base, start, rest)

    def extend(code: int, moves: tuple, scores: list, left: list, stage: int) -> None:
        # the moves still affordable: every card not scored pays one, the target excepted
        budget = min(len(left) - 1 + free - len(moves), MAX_PAYMENTS)
        if stage >= stages or budget <= 0:
            return
        tree = reach(code, budget)
        wanted = set(left)
        picked: dict = {card: [] for card in left}
        for grid_code, (depth, _parent, _move) in tree.items():
            if depth == 0:
                continue
            for card in [card for card in wanted if matches_code(grid_code, card)]:
                if not picked[card] or picked[card][0][0] == depth:
                    picked[card].append((depth, grid_code))
                    if len(picked[card]) >= targets_per_card:
                        wanted.discard(card)
                else:
                    wanted.discard(card)
            if not wanted:
                break
        for card in left:
            for _depth, grid_code in picked[card]:
                path = tuple(path_to(tree, grid_code))
                more, final, after = _walk(code, path, left, len(moves))
                all_moves = moves + path
                if add(all_moves, scores + more, final, after):
                    extend(final, all_moves, scores + more, after, stage + 1)

    extend(start, (), base, rest, 0)
    if paid:
        # a move is owed: when nothing helps, flip a stone and flip nothing back
        if not plans:
            final = apply_move(start, len(_SHIFT_BITS))
            plans.append(TurnPlan((len(_SHIFT_BITS),), (), (), final, tuple(rest)))
    return plans


def search_plans(
    grid: str, hand: Sequence[int], paid: bool = False, depth: int = 3, per_set: int = 4
) -> list[TurnPlan]:
    """Every way to play the rest of the turn with up to ``depth`` moves, searched move by move:
    along each path, the cards of the hand that match some grid on it may be scored, as many as
    the cards left can afford — the moves are paid by cards not scored — the most points first.
    A card that matches may also pay: scoring every match at once is not always best. Paths
    reaching the same grid having matched the same cards are one (about 3,000 for 3 moves).
    Keeps up to ``per_set`` plans for each set of cards scored and number of moves (the first
    found), the plan that ends the turn at once first."""
    cards = [card for card in hand if card != HIDDEN]
    start = encode(grid)
    free = 1 if paid else 0
    kept: dict = {}
    order: list = []

    def record(moves: tuple, final: int, matched: dict) -> None:
        room = len(cards) + free - len(moves)
        if room < 0 or (paid and not moves):
            return
        ranked = sorted(matched, key=lambda card: (-CARDS[card].points, card))[:room]
        key = (frozenset(ranked), len(moves))
        plans = kept.setdefault(key, [])
        if len(plans) >= per_set:
            return
        if not plans:
            order.append(key)
        scores = tuple(sorted((matched[card], card) for card in ranked))
        left = tuple(card for card in cards if card not in ranked)
        plans.append(TurnPlan(moves, scores, (), final, left))

    first = {card: 0 for card in cards if not paid and matches_code(start, card)}
    layer = {(start, frozenset(first)): ((), first)}
    record((), start, first)
    most = min(depth, len(cards) + free)
    for moves_made in range(1, most + 1):
        following: dict = {}
        for (code, _matched_set), (moves, matched) in layer.items():
            for move, after in successors(code):
                if moves and moves[-1] == move:
                    continue  # the same swap or flip again only takes it back
                more = matched
                for card in cards:
                    if card not in matched and matches_code(after, card):
                        if more is matched:
                            more = dict(matched)
                        more[card] = moves_made
                key = (after, frozenset(more))
                if key not in following:
                    following[key] = (moves + (move,), more)
        for (code, _matched_set), (moves, matched) in following.items():
            record(moves, code, matched)
        layer = following
    return [plan for key in order for plan in kept[key]]


# ------------------------------------------------------------------------------------------
# Value
# ------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Weights:
    """How a plan is valued, in points. ``keep``: what a kept card is worth next turn per
    point, by payments away (0–3), ``far`` beyond (another player moves first and may spoil
    it, hence less than 1); ``fresh``: the worth of a card drawn afresh; ``bonus``: how much of
    a change in the edge of the 1-point bonus counts while the game goes on; ``horizon``: how
    many payments away a kept card is looked for (beyond: ``far``); ``result``: what ending the
    game as its winner is worth beyond the points (:data:`RESULT` for an expert, 0 for a
    player who counts only points)."""

    keep: tuple[float, float, float, float] = (0.55, 0.45, 0.33, 0.22)
    far: float = 0.1
    fresh: float = 0.35
    bonus: float = 1.0
    horizon: int = MAX_PAYMENTS
    result: float = 0.0


PLAIN = Weights()
"""The weights of a player who does not think of the others."""


@dataclass(frozen=True)
class Outlook:
    """What a player's observation says beyond the grid and the hand, for valuing plans:
    ``me``, ``unseen`` (the cards the observation hides: deck and other hands), ``next_hand``
    (cards in the next player's hand; 0 in solo), ``one_point`` (each seat's 1-point cards
    scored), ``scored`` (each seat's cards scored), ``points`` (each seat's card points),
    ``target`` (cards that end the game), ``last_round``, ``solo``, ``before_end`` (the
    players after ``me`` who still play once the game is ending: up to the first player)."""

    me: int
    unseen: tuple[int, ...]
    next_hand: int
    one_point: tuple[int, ...]
    scored: tuple[int, ...]
    points: tuple[int, ...]
    target: int
    last_round: bool
    solo: bool
    before_end: int

    def ends_with(self, plan: TurnPlan) -> bool:
        """Whether this is ``me``'s last turn once ``plan`` is played: the last round is on,
        or the plan's cards reach the number that ends the game (never in solo)."""
        if self.solo:
            return False
        return self.last_round or self.scored[self.me] + len(plan.scored) >= self.target


def outlook(state: ShiftingStonesState, player: int) -> Outlook:
    """The :class:`Outlook` of ``state`` for ``player``, from what ``player`` sees (the unseen
    cards are the observation's hidden ones, however ``state`` was given)."""
    seen = state if state.viewer == player else state.observation(player)
    players = state.num_players
    first = state.first_player if state.first_player is not None else 0
    return Outlook(
        player,
        tuple(seen.hidden_cards()),
        0 if players == 1 else len(state.hands[(player + 1) % players]),
        tuple(sum(1 for card in cards if CARDS[card].points == 1) for cards in state.scored),
        tuple(len(cards) for cards in state.scored),
        tuple(state.points(seat) for seat in range(players)),
        target_for(players),
        state.last_round,
        players == 1,
        (first - player - 1) % players,
    )


def bonus_share(one_point: Sequence[int], me: int) -> float:
    """My share of the 3 points for the most 1-point cards if the game ended now: 3 for the
    most alone, 3 for each of the tied (SS-D5), nothing without any."""
    most = max(one_point)
    if most == 0 or one_point[me] < most:
        return 0.0
    return float(ONE_POINT_BONUS)


def bonus_edge(one_point: Sequence[int], me: int, progress: float, final: bool) -> float:
    """What the 3 points for the most 1-point cards are worth to ``me`` over the best other
    seat, by the lead in 1-point cards: at the end exactly (3 ahead, 0 tied — both get it —,
    3 behind, SS-D5), before it ``3 × tanh(lead × sharpness)``, the sharper the nearer the end
    (``progress``: the most cards scored by a seat over the cards that end the game)."""
    others = max(count for seat, count in enumerate(one_point) if seat != me)
    if final:
        return bonus_share(one_point, me) - max(
            bonus_share(one_point, seat) for seat in range(len(one_point)) if seat != me
        )
    return ONE_POINT_BONUS * math.tanh((one_point[me] - others) * (0.4 + 1.6 * progress))


def keep_value(card: int, payments: int | None, weights: Weights = PLAIN) -> float:
    """What a kept card promises for the next turn, by how many payments it is away."""
    weight = weights.far if payments is None else weights.keep[min(payments, 3)]
    return CARDS[card].points * weight


def choose_payers(
    plan: TurnPlan, kept_distance: dict, paid: bool = False, weights: Weights = PLAIN
) -> None:
    """Fill ``plan.payers`` and ``plan.kept``: its moves are paid by the cards worth least to
    keep (``kept_distance``: payments away from the plan's final grid), worst first."""
    needed = max(0, len(plan.moves) - (1 if paid else 0))
    pool = plan.kept + plan.payers
    ranked = sorted(
        pool, key=lambda card: (keep_value(card, kept_distance.get(card), weights), -card)
    )
    plan.payers = tuple(ranked[:needed])
    plan.kept = tuple(card for card in pool if card not in plan.payers)


RESULT = 10.0
"""What ending the game as its winner is worth to Hard beyond the points, in points (half of it
for a shared victory; as much again lost for ending it behind): a play-test saw the hint pass
up a turn that scored the cards that end the game while ahead, for one that left the next
player a turn to win. Hard's alone (:attr:`Weights.result`): given to Medium too, it narrowed
Hard's lead over Medium at 2 players from 64 % to 60 % over the same 400 seeds (2026-12-07)."""


def final_totals(points: Sequence[int], one_point: Sequence[int]) -> list[int]:
    """Each seat's total if the game ended with these card ``points`` and 1-point cards: the
    points and the 3 for the most 1-point cards, every tied seat getting them (SS-D5)."""
    most = max(one_point)
    return [
        total + (ONE_POINT_BONUS if most and count == most else 0)
        for total, count in zip(points, one_point, strict=True)
    ]


def result_value(win: float, margin: float) -> float:
    """What ending the game ``margin`` points ahead of the best other seat is worth beyond the
    points: ``win`` for winning, half of it for a shared victory, as much lost for losing."""
    return win if margin > 0 else win / 2 if margin == 0 else -win


def final_margin(view: Outlook, plan: TurnPlan, one_point: Sequence[int]) -> float:
    """``view.me``'s total less the best other total if the game ended with ``plan``: card
    points and the 3 for the most 1-point cards, every tied seat getting them (SS-D5)."""
    points = list(view.points)
    points[view.me] += plan.points
    totals = final_totals(points, one_point)
    return totals[view.me] - max(total for seat, total in enumerate(totals) if seat != view.me)


LAST_TURN = (
    (0, 0, 0.02),
    (1, 1, 0.21),
    (2, 0, 0.13),
    (2, 2, 0.08),
    (3, 0, 0.14),
    (3, 1, 0.20),
    (4, 0, 0.05),
    (4, 1, 0.04),
    (4, 2, 0.02),
    (5, 0, 0.045),
    (5, 1, 0.015),
    (6, 1, 0.015),
    (7, 0, 0.02),
    (7, 2, 0.015),
)
"""What a player's last turn scores, as ``(points, 1-point cards among them, chance)``:
Medium's last turns in 700 games of two Mediums (415 turns, 2026-12-07; 7 stands for 7 or
more), rounded."""


def win_chance(view: Outlook, plan: TurnPlan, one_point: Sequence[int]) -> float:
    """The chance that ``view.me`` wins when ``plan`` ends the game and the
    ``view.before_end`` players after it each play a last turn scoring as :data:`LAST_TURN`
    says (each against ``view.me`` alone; a tie counts half). ``one_point``: each seat's
    1-point cards after the plan."""
    me = view.me
    points = list(view.points)
    points[me] += plan.points
    players = len(points)
    later = {(me + step) % players for step in range(1, view.before_end + 1)}
    chance = 1.0
    for seat in range(players):
        if seat == me:
            continue
        share = 0.0
        for gained, ones, odds in LAST_TURN if seat in later else ((0, 0, 1.0),):
            after = list(points)
            after[seat] += gained
            counts = list(one_point)
            counts[seat] += ones
            totals = final_totals(after, counts)
            margin = totals[me] - totals[seat]
            share += odds * (1.0 if margin > 0 else 0.5 if margin == 0 else 0.0)
        chance *= share
    return chance


def plan_value(plan: TurnPlan, view: Outlook, weights: Weights, kept_distance: dict) -> float:
    """The plan's worth to ``view.me`` in points: the points scored; the change in the edge
    the 1-point bonus gives (:func:`bonus_edge`); what the kept cards and the cards
    drawn afresh promise (nothing on a player's last turn); and, when the game ends with this
    turn (no one plays after it), ``weights.result`` for winning ("Equal totals share the
    victory", half of it) or against losing; when the others still play a last turn, as much
    times the chance of winning less that of losing (:func:`win_chance`). Sets
    ``plan.value`` and ``plan.parts``."""
    me = view.me
    points = plan.points
    one_point = list(view.one_point)
    one_point[me] += sum(1 for card in plan.scored if CARDS[card].points == 1)
    final_turn = view.ends_with(plan)
    bonus = 0.0
    if not view.solo:
        progress = min(1.0, max(view.scored) / view.target)
        weight = 1.0 if final_turn else weights.bonus
        bonus = weight * (
            bonus_edge(one_point, me, progress, final_turn)
            - bonus_edge(view.one_point, me, progress, final_turn)
        )
    future = 0.0
    if not final_turn:
        future += sum(keep_value(card, kept_distance.get(card), weights) for card in plan.kept)
        drawn = 2 if plan.skip else max(0, HAND_SIZE - len(plan.kept))
        future += weights.fresh * drawn
    result = 0.0
    if final_turn and view.before_end == 0:
        margin = final_margin(view, plan, one_point)
        result = result_value(weights.result, margin)
    elif final_turn and weights.result and not view.solo:
        # others play a last turn after it: the win is as likely as they fall short
        result = weights.result * (2 * win_chance(view, plan, one_point) - 1)
    solo = 0.0
    if view.solo and plan.scored:
        solo = 1.5  # a turn that scores is a turn without a strike
    plan.parts = {
        "points": points,
        "bonus": bonus,
        "future": future,
        "result": result,
    }
    plan.value = points + bonus + future + result + solo
    return plan.value


def value_plans(
    plans: list[TurnPlan],
    view: Outlook,
    weights: Weights = PLAIN,
    paid: bool = False,
    closely: int | None = None,
    start: int = 0,
) -> list[TurnPlan]:
    """Choose each plan's payers and value it (see :func:`plan_value`); the plans, best first
    (ties in listed order). With ``closely``, the kept cards of every plan are first judged by
    how far they are from ``start``, the grid now (one search for all), and only the
    ``closely`` best plans are valued with their distances from the grid each plan leaves; the
    others follow,
    by that first estimate."""
    if closely is not None and len(plans) > closely:
        cards = {card for plan in plans for card in plan.kept + plan.payers}
        now = distances(start, cards, MAX_PAYMENTS)
        for plan in plans:
            choose_payers(plan, now, paid, weights)
            plan_value(plan, view, weights, now)
        order = sorted(range(len(plans)), key=lambda index: (-plans[index].value, index))
        ranked = [plans[index] for index in order]
        return value_plans(ranked[:closely], view, weights, paid) + ranked[closely:]
    for plan in plans:
        kept_distance = distances(plan.final, plan.kept + plan.payers, weights.horizon)
        choose_payers(plan, kept_distance, paid, weights)
        plan_value(plan, view, weights, kept_distance)
    order = sorted(range(len(plans)), key=lambda index: (-plans[index].value, index))
    return [plans[index] for index in order]


def skip_plan(grid: str, hand: Sequence[int]) -> TurnPlan:
    """The skip as a plan: nothing moves, the whole hand is kept, 2 cards are drawn."""
    code = encode(grid)
    return TurnPlan((), (), (), code, tuple(card for card in hand if card != HIDDEN), skip=True)


# ------------------------------------------------------------------------------------------
# A position's worth (GameBots.evaluate)
# ------------------------------------------------------------------------------------------
def evaluate(state: ShiftingStonesState, player: int) -> float:
    """How good ``state`` is for ``player``, in points: their card points and share of the
    1-point bonus, what their hand promises on the grid now, less the best other seat's
    (solo: cards scored, less strikes). Reads only what ``player`` sees."""
    hand = [card for card in state.hands[player] if card != HIDDEN]
    grid = state.grid_text()
    promise = 0.0
    if ANY not in grid and state.phase != Phase.OVER:
        near = distances(encode(grid), hand, MAX_PAYMENTS)
        promise = sum(keep_value(card, near[card]) for card in hand)
    if state.num_players == 1:
        return len(state.scored[0]) * 2.0 - state.strikes * 3.0 + promise
    view_one = [sum(1 for card in cards if CARDS[card].points == 1) for cards in state.scored]

    def total(seat: int) -> float:
        return state.points(seat) + bonus_share(view_one, seat)

    best_other = max(total(seat) for seat in range(state.num_players) if seat != player)
    return total(player) + promise - best_other


def turn_outlook_ready(state: ShiftingStonesState) -> bool:
    """Whether ``state`` is at a player's decision with a full grid (plans can be made)."""
    return state.phase == Phase.PLAY and ANY not in state.grid_text()


__all__ = [
    "MOVES",
    "Outlook",
    "TurnPlan",
    "distances",
    "encode",
    "evaluate",
    "matches_code",
    "outlook",
    "payments_away",
    "reach",
    "turn_plans",
    "value_plans",
]
