"""Position evaluation and quick move values for the Tea Time bots.

The score of a column depends only on its final size (0 → 5, 1 → 1, 2 → 3, 3 → 6, 4 → 10,
5+ → 15), and only its owner's takes change it. So a position is judged by each player's
**prospect**: for every column, the points it should be worth at the end given the cards still
to come that could join it. A column keeps its side, so those are the cards of its character and
side on the table plus half of the deck's (a dealt card shows either side); an empty column may
start on either side. :func:`column_prospect` lets each of those cards join with a fixed chance
``SHARE / players`` (a Poisson number of cards) and takes the expected points. With nothing left
to come, the prospect is exactly the column's points.

``evaluate(state, player)`` is the player's prospect minus the best opponent's (Alice's 4 points
count for whoever has taken her in the last round); a finished game gives ±100 plus the margin.
:func:`take_values` values every legal take without copying the state, which keeps the greedy
policy (Medium, and Hard's playouts) fast.
"""

from __future__ import annotations

from functools import cache
from math import exp

from engine.tea_time.rules import ALICE_POINTS, column_points, rounds_for, winners
from engine.tea_time.state import ALICE, CHARACTERS, Phase, Side

SHARE = 1.4
"""Expected cards one player gets of each card that could join a column, times the number of
players. Tuned with greedy self-play (Medium against Medium with another share): 1.2–1.5 play
best; 0.6 lost 30–37% of its games to 1.4 and counting every card of the character, whatever its
side, lost more still."""

MAX_COUNT = 16
STEPS_PER_CARD = 2
"""The prospect table's resolution: half cards, since half the deck counts."""
MAX_STEP = 100


def _prospect_table(chance: float) -> list:
    """``table[count][steps]``: expected final points of a column of ``count`` cards when
    ``steps / STEPS_PER_CARD`` cards could still join it, each with ``chance`` (Poisson)."""
    points = [column_points(count) for count in range(MAX_COUNT + 80)]
    table = []
    for count in range(MAX_COUNT):
        row = []
        for step in range(MAX_STEP + 1):
            mean = chance * step / STEPS_PER_CARD
            probability, expected = exp(-mean), 0.0
            for extra in range(80):
                expected += probability * points[count + extra]
                probability *= mean / (extra + 1)
            row.append(expected)
        table.append(row)
    return table


@cache
def _prospects(num_players: int) -> list:
    """The prospect table of a game of ``num_players`` (2–4), worked out when first asked: a
    fixed function of the player count, so keeping it changes no decision, and a program that
    never plays Tea Time against a bot never pays for it."""
    return _prospect_table(SHARE / num_players)


def still_to_come(state) -> dict:
    """``{character: [normal on the table, mirror on the table, in the deck]}``."""
    remaining = {character: [0, 0, state.deck[character]] for character in CHARACTERS}
    for row in state.table:
        for card in row:
            if card is not None and card.character != ALICE:
                remaining[card.character][0 if card.side == Side.NORMAL else 1] += 1
    return remaining


def _steps(normal: int, mirror: int, remaining) -> int:
    """How many cards (in half cards) could still join a column of ``normal`` and ``mirror``
    cards: its side's on the table plus half the deck; either side's for an empty column."""
    if normal:
        table = remaining[0]
    elif mirror:
        table = remaining[1]
    else:
        table = max(remaining[0], remaining[1])
    return min(table * STEPS_PER_CARD + remaining[2] * STEPS_PER_CARD // 2, MAX_STEP)


def column_prospect(num_players: int, normal: int, mirror: int, remaining) -> float:
    """Expected final points of a column of ``normal`` and ``mirror`` cards (one is 0) in a game
    of ``num_players``, with ``remaining`` its character's ``[normal on the table, mirror on the
    table, in the deck]``; exactly the column's points when nothing is left to come."""
    return _prospects(num_players)[min(normal + mirror, MAX_COUNT - 1)][
        _steps(normal, mirror, remaining)
    ]


def _last_round(state) -> bool:
    return state.round >= rounds_for(state.num_players)


def _alice_kept(state) -> bool:
    """Alice's 4 points count for her holder once she is taken in the last round (or at the
    end); before that she goes back on the table."""
    return state.phase == Phase.OVER or (
        _last_round(state) and state.phase == Phase.PLAY and state.turn >= 2
    )


def _seat_prospect(table, columns, remaining) -> float:
    total = 0.0
    for character in CHARACTERS:
        normal, mirror = columns[character]
        total += table[min(normal + mirror, MAX_COUNT - 1)][
            _steps(normal, mirror, remaining[character])
        ]
    return total


def prospects(state) -> list:
    """Each seat's expected final score (see the module docstring)."""
    remaining = still_to_come(state)
    table = _prospects(state.num_players)
    alice = _alice_kept(state)
    return [
        _seat_prospect(table, columns, remaining)
        + (ALICE_POINTS if alice and state.alice == seat else 0)
        for seat, columns in enumerate(state.collections)
    ]


def final_value(totals, winning, player: int) -> float:
    """A finished game for ``player``: +100 for a win (shared or not), -100 for a loss, plus
    the margin over the best other total."""
    others = max(total for seat, total in enumerate(totals) if seat != player)
    return (100.0 if player in winning else -100.0) + totals[player] - others


def evaluate(state, player: int) -> float:
    """Heuristic value of ``state`` for seat ``player`` (higher is better): its prospect minus
    the best opponent's; at the end ±100 plus the margin."""
    if state.phase == Phase.OVER:
        sheet = state.score_sheet()
        return final_value([row[-1] for row in sheet["rows"]], sheet["winners"], player)
    scores = prospects(state)
    return scores[player] - max(score for seat, score in enumerate(scores) if seat != player)


# --- quick move values -------------------------------------------------------------------------
class TakeEffect:
    """What taking a line does to the mover, worked out without copying the state.

    ``before``/``after``: ``{character: (normal, mirror)}`` of the columns the take touches
    (after cancelling); ``taken``: ``{character: cards taken}``; ``alice``: Alice is taken;
    ``cancelled``: ``{character: pairs}``; ``ends_round``: the table is empty afterwards.
    """

    __slots__ = ("before", "after", "taken", "alice", "cancelled", "ends_round")

    def __init__(self, state, cells):
        player = state.active
        columns = state.collections[player]
        self.before, self.after, self.taken, self.cancelled = {}, {}, {}, {}
        self.alice = False
        for row, column in cells:
            card = state.table[row][column]
            if card.character == ALICE:
                self.alice = True
                continue
            character = card.character
            if character not in self.after:
                self.before[character] = tuple(columns[character])
                self.after[character] = list(columns[character])
                self.taken[character] = 0
            self.taken[character] += 1
            self.after[character][0 if card.side == Side.NORMAL else 1] += 1
        for character, (normal, mirror) in self.after.items():
            pairs = min(normal, mirror)
            if pairs:
                self.cancelled[character] = pairs
            self.after[character] = (normal - pairs, mirror - pairs)
        # on turn 1 Alice takes the place of the card, so the table never empties then
        self.ends_round = state.turn != 1 and state.cards_on_table() == len(cells)


def take_values(state, player: int, legal=None, own_only: bool = False) -> list:
    """``[(value, action), ...]`` for each legal take of the player to move (``legal``, default
    all): the :func:`evaluate` value for ``player`` of the position right after it, worked out
    without copying the state (a take that ends the last round gives the final result).

    With ``own_only`` the value is the mover's own prospect alone, ignoring the opponents
    (how a beginner looks at a move)."""
    mover = state.active
    remaining = still_to_come(state)
    table = _prospects(state.num_players)
    last_round = _last_round(state)
    base = [_seat_prospect(table, columns, remaining) for columns in state.collections]
    seats = [mover] if own_only else range(state.num_players)
    out = []
    for action in state.legal_actions() if legal is None else legal:
        effect = TakeEffect(state, action.cells)
        # on turn 1 Alice goes on the table; taking her keeps her (in the last round, for good)
        alice_holder = mover if effect.alice else None if state.turn == 1 else state.alice
        final = effect.ends_round and last_round
        left = {character: list(remaining[character]) for character in effect.taken}
        for row, column in action.cells:
            card = state.table[row][column]
            if card.character != ALICE:
                left[card.character][0 if card.side == Side.NORMAL else 1] -= 1
        scores = {}
        for seat in seats:
            columns = state.collections[seat]
            if final:
                total = 0.0
                for character in CHARACTERS:
                    if seat == mover and character in effect.after:
                        total += column_points(sum(effect.after[character]))
                    else:
                        total += column_points(columns[character].count)
            else:
                total = base[seat]
                for character in effect.taken:
                    normal, mirror = columns[character]
                    old = table[min(normal + mirror, MAX_COUNT - 1)][
                        _steps(normal, mirror, remaining[character])
                    ]
                    if seat == mover:
                        normal, mirror = effect.after[character]
                    total += (
                        table[min(normal + mirror, MAX_COUNT - 1)][
                            _steps(normal, mirror, left[character])
                        ]
                        - old
                    )
            if last_round and alice_holder == seat:
                total += ALICE_POINTS
            scores[seat] = total
        if own_only:
            out.append((scores[mover], action))
        elif final:
            totals = [round(scores[seat]) for seat in seats]
            out.append(
                (final_value(totals, winners(_Holder(alice_holder), totals), player), action)
            )
        else:
            best_other = max(score for seat, score in scores.items() if seat != player)
            out.append((scores[player] - best_other, action))
    return out


class _Holder:
    """Just enough of a state for rules.winners: who holds Alice."""

    __slots__ = ("alice",)

    def __init__(self, alice: int | None):
        self.alice = alice


def best_take(state, player: int | None = None):
    """The greedy choice of the player to move: the take with the best :func:`take_values`
    value (the first listed among equals)."""
    player = state.active if player is None else player
    best, best_value = None, None
    for value, action in take_values(state, player):
        if best_value is None or value > best_value + 1e-9:
            best, best_value = action, value
    return best
