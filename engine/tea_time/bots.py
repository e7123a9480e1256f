"""What Tea Time's computer players and hints know (``GAME.bots``).

* **Easy** looks only at its own collection, one move ahead: among the takes that do not hurt it
  (within :data:`EasyBot.harm_margin` points of its best), it picks by a noisy estimate, so it
  often misjudges which is best and never denies an opponent on purpose.
* **Medium** is greedy on :func:`heuristics.evaluate` (its prospect minus the best opponent's).
* **Hard** searches the rest of the round: the whole layout is dealt when a round starts, so
  within a round Tea Time is a game of perfect information. Each candidate take is played out to
  the round's end with every player following the Medium policy; in the last round that is the
  final score. When the round will end soon, the playout goes on through the next round, laid
  out from the deck by sampling (its order is unknown), and sampled playouts are shared between
  the candidates by sequential halving.
"""

from __future__ import annotations

import random

from engine.bots import GameBots, as_sentence
from engine.bots.halving import PairedSeeds, sequential_halving
from engine.bots.search import Parallel, Search, never
from engine.core import CHANCE
from engine.match import pick_outcome
from engine.tea_time import heuristics
from engine.tea_time.rules import column_points, rounds_for
from engine.tea_time.state import (
    CHARACTER_PLURALS,
    Phase,
    Side,
    card_name,
    character_name,
    seat_name,
)
from translation import _, ngettext

PLAYOUT_RATE = 300.0
"""Hard's sampled playouts per CPU-second of one core, for a timed search's work: about 0.8 of
the 378 measured over a whole game against Medium (2026-12-06, this project's machine)."""


class TeaTimeBots(GameBots):
    """Evaluation, hint reasons and the three levels of Tea Time's computer players."""

    def evaluate(self, state, player: int) -> float:
        return heuristics.evaluate(state, player)

    def explain(self, state, action, names) -> str:
        return as_sentence(explain_take(state, action, names), names)

    def make(self, level: str, budget: float = 2.0, clock=None, parallel=None):
        if level == "easy":
            return EasyBot()
        if level == "medium":
            return MediumBot()
        return RoundSearchBot(budget, clock, parallel=parallel)


# --- Easy and Medium ------------------------------------------------------------------------------
class EasyBot:
    """A beginner: values each take by its own prospect alone, keeps those within
    ``harm_margin`` points of the best (so never a self-harming take), and picks the best after
    adding up to ``noise`` points of error to each."""

    def __init__(self, noise: float = 1.5, harm_margin: float = 2.0):
        self.noise = noise
        self.harm_margin = harm_margin

    def choose(self, observation, legal_actions, rng):
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        me = observation.current_player()
        values = heuristics.take_values(observation, me, legal_actions, own_only=True)
        best = max(value for value, _ in values)
        sensible = [(value, action) for value, action in values if value >= best - self.harm_margin]
        return max(sensible, key=lambda item: item[0] + (rng.random() * 2 - 1) * self.noise)[1]


class MediumBot:
    """Greedy: the take with the best :func:`heuristics.evaluate` value right after it (the
    first listed among equals, so it replays without luck)."""

    def choose(self, observation, legal_actions, rng):
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        me = observation.current_player()
        best, best_value = None, None
        for value, action in heuristics.take_values(observation, me, legal_actions):
            if best_value is None or value > best_value + 1e-9:
                best, best_value = action, value
        return best


# --- Hard ----------------------------------------------------------------------------------------
def play_round(state, me: int, rng=None, stopped=never) -> float | None:
    """Greedy play by everyone on ``state`` until the round ends; with ``rng``, on through the
    next round's sampled layout to its end too. The value for ``me``; None when ``stopped()``
    ended it midway."""
    rounds_left = 2 if rng is not None else 1
    current = state.round
    while True:
        phase = state.phase
        if phase == Phase.OVER:
            break
        if stopped():
            return None
        if phase == Phase.PLAY:
            state.apply_action(heuristics.best_take(state))
            continue
        # a new round is being laid out
        if state.round != current:
            rounds_left -= 1
            current = state.round
        if rounds_left <= 0 or rng is None:
            break
        while state.current_player() == CHANCE:
            state.apply_action(pick_outcome(state.chance_outcomes(), rng))
    return heuristics.evaluate(state, me)


def playout_value(shared: tuple, item: tuple, stopped=never) -> float | None:
    """One playout, a unit of Hard's work (:meth:`engine.bots.search.Allowance.run`):
    ``shared`` is ``(state, me)``, ``item`` ``(take, seed)``; the take is played, then the rest
    of the round (and with a ``seed``, not None, the next round laid out by a generator seeded
    with it)."""
    state, me = shared
    action, seed = item
    trial = state.clone()
    trial.apply_action(action)
    return play_round(trial, me, None if seed is None else random.Random(seed), stopped)


class RoundSearchBot:
    """Plays every candidate take out to the end of the round by the Medium policy (perfect
    information: one playout each), and for the leading candidates further through the next
    round with sampled layouts when the current one is about to end.

    Its search (:class:`engine.bots.search.Search`): without a clock ``samples`` sampled
    playouts in all, so a test's game replays; with ``clock`` ``budget`` seconds per turn at
    :data:`PLAYOUT_RATE` playouts per CPU-second, run by ``parallel``. ``cancel()`` stops it.
    """

    def __init__(
        self,
        budget: float = 2.0,
        clock=None,
        samples: int = 24,
        candidates: int = 8,
        lookahead_turns: int = 4,
        parallel: Parallel | None = None,
    ):
        self.search = Search(samples, PLAYOUT_RATE, budget, clock, parallel)
        self.candidates = candidates
        self.lookahead_turns = lookahead_turns
        self.last_playouts = 0

    def cancel(self) -> None:
        """Stop searching as soon as possible (undo, load, quit)."""
        self.search.cancel()

    def choose(self, observation, legal_actions, rng):
        """The take to play for ``observation.current_player()``; ``ValueError`` if none."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        if len(legal_actions) == 1:
            return legal_actions[0]
        allowance = self.search.decision()
        me = observation.current_player()
        ranked = sorted(
            heuristics.take_values(observation, me, legal_actions), key=lambda item: -item[0]
        )
        shared = (observation, me)
        values = allowance.run(playout_value, shared, [(action, None) for _, action in ranked])
        scored = [
            (value, -index, action)
            for index, ((_, action), value) in enumerate(zip(ranked, values, strict=True))
            if value is not None
        ]
        self.last_playouts = len(scored)
        if not scored:  # cancelled (or out of time) before the first playout
            self.search.finished(allowance, 0)
            return ranked[0][1]
        scored.sort(key=lambda item: item[:2], reverse=True)
        best = scored[0][2]
        last_round = observation.round >= rounds_for(observation.num_players)
        soon = observation.cards_on_table() <= self.lookahead_turns * observation.num_players
        if last_round or not soon or allowance.stopped():
            self.search.finished(allowance, 0)
            return best
        # the round ends soon: look into the next one, sampling its layout
        candidates = [action for _value, _index, action in scored[: self.candidates]]
        seeds = PairedSeeds(rng)  # the k-th playout of every candidate meets the same layout
        best, made = sequential_halving(
            candidates,
            lambda pairs: allowance.run(playout_value, shared, [(c, seeds[k]) for c, k in pairs]),
            allowance.work,
            allowance.stopped,
        )
        self.last_playouts += made
        self.search.finished(allowance, made)
        return best


# --- hint reasons ---------------------------------------------------------------------------------
def _side_of(column: tuple) -> str | None:
    normal, mirror = column
    return Side.NORMAL if normal else Side.MIRROR if mirror else None


def explain_take(state, action, names=None) -> str:
    """Why a take is good for the player to move, in their terms and the current language;
    seats named from ``names`` ("Player N" without them).

    Only the reason: the hint already names the cards taken (``action_to_string``), so the
    reason does not repeat them; a take that touches two or three columns names each. E.g. "your
    Dormouse column reaches 4, worth 10", "your White
    Rabbit column cancels out and is empty again, worth 5", "Alice is worth 4 points at the
    end", or, when the take is about the others, "it keeps a normal Mad Hatter from Player 2,
    whose column of 4 would reach 5". "" for a position where nobody takes cards.
    """
    if state.phase != Phase.PLAY or action not in state.legal_actions():
        return ""
    mover = state.active
    effect = heuristics.TakeEffect(state, action.cells)
    reasons: list[tuple[float, str]] = []  # (points gained, words)
    pays_off: dict[str, str] = {}  # words -> the same with the column size that pays off
    for character in effect.taken:
        before, after = effect.before[character], effect.after[character]
        count_before, count_after = sum(before), sum(after)
        gain = _column_gain(effect, character)
        fields = {
            "character": character_name(character),
            "count": count_after,
            "points": column_points(count_after),
        }
        if character in effect.cancelled:
            if count_after == 0:
                words = _("your {character} column cancels out and is empty again, worth {points}")
            elif _side_of(after) == Side.MIRROR:
                words = ngettext(
                    "cancelling leaves you {count} mirror {character}, worth {points}",
                    "cancelling leaves you {count} mirror {characters}, worth {points}",
                    count_after,
                )
            else:
                words = ngettext(
                    "cancelling leaves you {count} normal {character}, worth {points}",
                    "cancelling leaves you {count} normal {characters}, worth {points}",
                    count_after,
                )
        elif count_before == 0:
            empty = column_points(0)  # an empty column beats 1 or 2 cards
            words = (
                # a tester read "worth 1" as a gain: the empty column was worth more
                _("it starts your {character} column, worth {points}, not {empty} as empty")
                if column_points(count_after) < empty
                else _("it starts your {character} column, worth {points}")
            )
            fields["empty"] = empty
            target = next((n for n in range(count_after + 1, 6) if column_points(n) > empty), 0)
            side = _side_of(after)
            if (
                target
                and side
                and _still_to_come(state, action, character, side) >= (target - count_after)
            ):
                pays_off[words.format(**fields)] = ngettext(
                    "it starts your {character} column, worth {points} now and {more} at "
                    "{target} card",
                    "it starts your {character} column, worth {points} now and {more} at "
                    "{target} cards",
                    target,
                ).format(**fields, more=column_points(target), target=target)
        else:
            words = _("your {character} column reaches {count}, worth {points}")
        fields["characters"] = _(CHARACTER_PLURALS[character])
        reasons.append((gain, words.format(**fields)))
    reasons.sort(key=lambda item: -item[0])
    if len(reasons) == 2:  # a take that touches two columns names both (issue 42)
        reasons = [
            (
                reasons[0][0] + reasons[1][0],
                _("{first}, and {second}").format(first=reasons[0][1], second=reasons[1][1]),
            )
        ]
    elif len(reasons) == 3:  # and three, all three (a play-tester missed a column started)
        first, second, third = (words for _gain, words in reasons)
        # TRANSLATORS: three columns a take changes, the one that gains most first: "your
        # Dormouse column reaches 4, worth 10, your March Hare column …, and it starts …"
        joined = _("{first}, {second}, and {third}").format(first=first, second=second, third=third)
        reasons = [(sum(gain for gain, _words in reasons), joined)]
    last_round = state.round >= rounds_for(state.num_players)
    if effect.alice:  # said beside the columns, never instead of them (a play-tester's take)
        if last_round:
            reasons.append((4, _("Alice is worth 4 points at the end")))
        else:
            reasons.append((0.5, _("with Alice you go first next round")))
        reasons.sort(key=lambda item: -item[0])
        if len(reasons) == 2:
            reasons = [
                (
                    reasons[0][0] + reasons[1][0],
                    _("{first}, and {second}").format(first=reasons[0][1], second=reasons[1][1]),
                )
            ]
    total = reasons[0][0] if reasons else 0.0
    denial = _denial(state, action, mover, names)
    if denial and total <= 0:
        if not reasons:
            return denial
        # the columns it changes too (a play-tester read only whom a take of three kept from)
        # TRANSLATORS: whom a take keeps a card from, then the columns it changes: "it keeps a
        # normal Cheshire Cat from Bob, …; it starts your Cheshire Cat column, worth 1"
        return _("{denial}; {columns}").format(denial=denial, columns=reasons[0][1])
    if not reasons:
        return ""
    words = reasons[0][1]
    if total < 0:
        # a column started at a loss: say when it pays, unless every other line costs more
        # true only when it is so: on the first turn every single card costs the same
        change = _points_change(state, action)
        others = [
            _points_change(state, other) for other in state.legal_actions() if other != action
        ]
        if others and all(other < change for other in others):
            return _("{reason}; every other line costs you more").format(reason=words)
        if others and all(other <= change for other in others):
            return _("{reason}; no line costs you less").format(reason=words)
        return pays_off.get(words, words)
    return words


def _still_to_come(state, action, character: str, side: str) -> int:
    """How many more ``character`` cards showing ``side`` the mover could still take after
    ``action``: those on the table outside the take, and the deck's while a round is still to
    be laid out (a card's side comes from its place). A hint says when a column pays off only
    if that many can still come (a play-test: "at 3 cards" in the last round, with 2 left)."""
    on_table = sum(
        1
        for row, line in enumerate(state.table)
        for column, card in enumerate(line)
        if card is not None
        and (row, column) not in action.cells
        and card.character == character
        and card.side == side
    )
    later = state.deck.get(character, 0) if state.round < rounds_for(state.num_players) else 0
    return on_table + later


def _column_gain(effect, character) -> int:
    """The points the mover's ``character`` column gains (< 0: loses) by the take ``effect``
    (a :class:`heuristics.TakeEffect`)."""
    return column_points(sum(effect.after[character])) - column_points(
        sum(effect.before[character])
    )


def _points_change(state, action) -> int:
    """How many points the player to move gains (or loses, < 0) on their columns by ``action``
    now (Alice left out)."""
    effect = heuristics.TakeEffect(state, action.cells)
    return sum(_column_gain(effect, character) for character in effect.taken)


def _denial(state, action, mover: int, names=None) -> str:
    """Words for the opponent who loses most by this take, when some column of theirs of 3 or
    more cards would have grown from a taken card of its side; else ""."""
    best = None
    for row, column in action.cells:
        card = state.table[row][column]
        if card.is_alice:
            continue
        for seat, columns in enumerate(state.collections):
            if seat == mover:
                continue
            held = columns[card.character]
            if held.count >= 3 and held.side == card.side:
                if best is None or held.count > best[0]:
                    best = (held.count, seat, card)
    if best is None:
        return ""
    count, seat, card = best
    return _("it keeps {card} from {name}, whose column of {count} would reach {more}").format(
        card=card_name(card), name=seat_name(names, seat), count=count, more=count + 1
    )


__all__ = ["BOTS", "EasyBot", "MediumBot", "RoundSearchBot", "TeaTimeBots", "explain_take"]

BOTS = TeaTimeBots()
"""The game's :class:`engine.bots.GameBots`."""
