"""What Shifting Stones' computer players and hints know (``GAME.bots``).

Hands are secret, so every level decides from its observation alone (``state.observation``:
the other hands and the deck are hidden cards). Where a bot needs the hidden cards it samples
them (:func:`sample_hidden`): the unseen cards — the deck and the other hands, and in solo the
cards out of play — dealt at random into the places they may be, consistent with everything the
observation shows. It never reads the true position.

Each decision plans the rest of the turn (score what matches, pay cards to reach grids where
other cards match) and plays the plan's first step; the next decision plans again from there
(Hard with a clock plays its first decision's plan through instead).

* **Easy** looks at one card at a time (:func:`heuristics.turn_plans`), scores what matches at
  once, picks among the few best plans by a noisy estimate, and pays with any card it does not
  mean to score.
* **Medium** looks at one card at a time too, scores what matches at once, and takes the best
  plan by its points, the 1-point bonus and what the cards it keeps promise, paying with the
  cards worth least to keep.
* **Hard** searches every way to play the rest of the turn (:func:`heuristics.search_plans`,
  several cards in one path, paying with a matching card when that reaches a better one), values
  the plans with the bonus's edge and the end of the game in mind (its last turn keeps nothing
  for later; a plan that ends the game counts its chance of winning), and settles close calls
  by playouts on samples of its information set: the next player's turn from the grid it
  leaves — what scoring it leaves open — then its own next turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from engine.bots import GameBots, as_sentence
from engine.bots.beginner import softmax_pick
from engine.bots.search import Parallel, Search, never
from engine.core import IllegalAction
from engine.shifting_stones import heuristics
from engine.shifting_stones.data import (
    CARDS,
    OTHER_FACE,
    SKIP_DRAW,
    SOLO_DECK,
    card_name,
    card_words,
    face_name,
    square_name,
)
from engine.shifting_stones.heuristics import MOVES, TurnPlan
from engine.shifting_stones.rules import cards_to_draw, could_end_first, is_last_turn
from engine.shifting_stones.state import (
    HIDDEN,
    EndTurn,
    Flip,
    Pay,
    Phase,
    Score,
    Shift,
    ShiftingStonesState,
    Skip,
)
from translation import _, ngettext


# --- information-set sampling --------------------------------------------------------------------
def _shuffled(cards: Sequence[int], rng: random.Random) -> list[int]:
    """A copy of ``cards`` in random order, using only ``rng.random()`` (games replay on any
    Python: ``shuffle`` may change between versions)."""
    out = list(cards)
    for index in range(len(out) - 1, 0, -1):
        other = int(rng.random() * (index + 1))
        out[index], out[other] = out[other], out[index]
    return out


def sample_hidden(observation: ShiftingStonesState, rng: random.Random) -> ShiftingStonesState:
    """A whole position its viewer could be in: the observation's hidden cards dealt at random
    from the cards the viewer has not seen. With several players the unseen cards fill the
    other hands (in seat order) and the rest is the deck. In solo the deck holds as many cards
    of each value as the 16 still lack (8 / 4 / 3 / 1 less those seen), drawn from the unseen
    cards of that value; the others are out of play. A whole position is returned as a copy."""
    if observation.viewer is None:
        return observation.clone()
    whole = observation.clone()
    whole.viewer = None
    unseen = _shuffled(observation.hidden_cards(), rng)
    if observation.solo:
        seen = [card for pile in (*whole.hands, whole.discard, *whole.scored) for card in pile]
        lacking = dict(SOLO_DECK)
        for card in seen:
            lacking[CARDS[card].points] -= 1
        deck = []
        for card in unseen:
            if lacking[CARDS[card].points] > 0:
                lacking[CARDS[card].points] -= 1
                deck.append(card)
        whole.deck = sorted(deck)
        whole.out_of_play = sorted(card for card in unseen if card not in set(deck))
        return whole
    for seat, hand in enumerate(whole.hands):
        if seat != observation.viewer:
            whole.hands[seat] = [unseen.pop() for _card in hand]
    whole.deck = sorted(unseen)
    return whole


# --- the levels ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Style:
    """How a level plans: ``search`` every path of up to three moves
    (:func:`heuristics.search_plans`), or else ``stages`` cards reached in turn trying ``targets``
    grids each (:func:`heuristics.turn_plans`); the ``weights`` plans are valued by, and how many
    best plans are valued ``closely`` (None: all)."""

    stages: int
    targets: int
    weights: heuristics.Weights = heuristics.PLAIN
    search: bool = False
    closely: int | None = None


EASY = Style(stages=1, targets=1)
MEDIUM = Style(stages=1, targets=1)
HARD = Style(
    stages=0,
    targets=0,
    weights=heuristics.Weights(
        keep=(0.8, 0.6, 0.4, 0.25), fresh=0.6, bonus=1.0, horizon=2, result=heuristics.RESULT
    ),
    search=True,
    closely=20,
)
HARD_AMONG_MANY = replace(HARD, weights=replace(HARD.weights, fresh=0.3, bonus=0.5))
"""Hard against two or more opponents: a card drawn afresh and the lead in the 1-point race
count half as much as against one (more rivals spoil a fresh card's chances and contest the
race). Measured with bench/bots.py, fixed search, Hard against Mediums (2026-12-07): 3 players
109-14-77 over seeds 3100-3299 (1.74x its fair share; :data:`HARD` there 89-21-90, 1.49x) and
95-21-84 over 3300-3499 (1.58x; :data:`HARD` 84-15-101, 1.37x): 1.66x over the 400 against
1.43x; 4 players 53-11-56 over 4100-4219 (1.95x; :data:`HARD` 45-11-64, 1.68x). Each change
alone, at 3 players over 3100-3299: ``bonus`` 0.5, 96-23-81 (1.61x); ``fresh`` 0.3, 98-17-85
(1.60x); the keep weights halved, 91-24-85 (1.55x)."""


def hard_style(players: int) -> Style:
    """Hard's :class:`Style` for a game of ``players``: :data:`HARD_AMONG_MANY` at three or
    more, else :data:`HARD` (at two, neither change was better: ``HardBot``)."""
    return HARD_AMONG_MANY if players >= 3 else HARD


def ranked_plans(observation: ShiftingStonesState, style: Style) -> list[TurnPlan]:
    """The plans for the rest of the player to move's turn, best first by
    :func:`heuristics.value_plans` (the skip among them when it is allowed)."""
    me = observation.current_player()
    paid = observation.paid is not None
    hand = observation.hands[me]
    grid = observation.grid_text()
    if style.search:
        plans = heuristics.search_plans(grid, hand, paid)
    else:
        plans = heuristics.turn_plans(
            grid,
            hand,
            paid,
            targets_per_card=style.targets,
            stages=style.stages,
        )
    if Skip() in observation.legal_actions():
        plans.append(heuristics.skip_plan(grid, hand))
    view = heuristics.outlook(observation, me)
    start = heuristics.encode(grid)
    return heuristics.value_plans(plans, view, style.weights, paid, style.closely, start)


def _legal_or_end(action, legal_actions):
    if action in legal_actions:
        return action
    return EndTurn() if EndTurn() in legal_actions else legal_actions[0]


def _best_score(legal_actions) -> Score | None:
    """The matching card worth most (the lowest id among equals): scoring first never costs."""
    scores = [action for action in legal_actions if isinstance(action, Score)]
    if not scores:
        return None
    return max(scores, key=lambda action: (CARDS[action.card].points, -action.card))


class MediumBot:
    """Plays the first step of the best plan (see the module docstring)."""

    style = MEDIUM

    def choose(self, observation, legal_actions, rng):
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        score = _best_score(legal_actions)
        if score is not None:
            return score
        plans = ranked_plans(observation, self.style)
        paid = observation.paid is not None
        return _legal_or_end(plans[0].first_action(paid), legal_actions)


class EasyBot:
    """A beginner: among the ``top`` best single-card plans it picks by a softmax of their
    values at ``temperature`` (points), and pays with any card it does not mean to score."""

    def __init__(self, temperature: float = 0.8, top: int = 3):
        self.temperature = temperature
        self.top = top

    def choose(self, observation, legal_actions, rng):
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        score = _best_score(legal_actions)
        if score is not None:
            return score
        plans = ranked_plans(observation, EASY)[: self.top]
        paid = observation.paid is not None
        plan = plans[softmax_pick([plan.value for plan in plans], rng, self.temperature)]
        action = plan.first_action(paid)
        if isinstance(action, Pay):
            spare = [card for card in plan.payers + plan.kept]
            action = Pay(spare[int(rng.random() * len(spare))])
        return _legal_or_end(action, legal_actions)


SAMPLES_WITHOUT_CLOCK = 10
"""Hard's sampled futures per decision with a fixed budget (tests, benchmarks, online games)."""
SAMPLE_RATE = 60.0
"""Hard's sampled futures (each played out for every candidate plan) per CPU-second of one
core, for a timed search's work (:class:`engine.bots.search.Search`): about 0.8 of the 78
measured over random positions, 3.5 candidates on average (2026-12-06, this project's
machine)."""

PRIOR_SAMPLES = 3
"""How many sampled futures the planner's values (:func:`ranked_plans`) count for when Hard
compares its candidates' playouts: each candidate's playout total gets this many times its
value less the best plan's. A play-test's hint (a timed search on a busy computer, one or two
samples) skipped where a card worth 2 could be scored: over 400 samples of that position the
skip won 17 % of one-sample searches without it, 1 % with it (2026-12-07). The fixed search
(tests, benchmarks, online games) counts it too, so both searches follow one rule: against
Medium over 400 two-player games (seeds 1000–1399) 284-26-90, 74.2 % (69.7–78.3), where it
went 269-34-97 (71.5 %) without it; at 3 players 52-11-37 (1.72× its fair share, seeds
3100–3199, 51-11-38 without), at 4 players 54-10-56 (1.97×, seeds 4100–4219, 53-11-56)."""


class HardBot:
    """Plans with :func:`hard_style`; when plans beginning differently are within ``margin`` points
    of the best, it plays the best of each (``candidates`` at most) out on sampled positions
    of its information set (the same samples for every candidate): the next player's turn with
    their sampled hand, then its own next turn with the cards it kept and sampled draws, both
    as Medium would play them. It keeps the candidate worth most on average
    (:func:`playout_value`). The playouts made Hard win 69 % of 80 games against Medium, against
    59 % without them (bench/bots, README); at the fixed search 238-34-128 over 400 games
    (seeds 1000–1399, 2026-12-06): 64 % (59–68).

    A plan that ends the game while others still play a last turn is worth its chance of winning
    (:func:`heuristics.win_chance`), in the planning and in its playouts (the reply is that last
    turn, :func:`playout_value`): it was worth its points only, and Hard the first player played
    on rather than end the game 3 to 9 points ahead (5 of its losses in 30 traced games followed
    such a turn). With it 269-34-97 over 400 games (seeds 1000–1399, 2026-12-07): 71.5 %
    (66.9–75.7) against 65 % (60.2–69.5); at 3 players 18-5-16 (1.58× its fair share), at 4
    13-3-24 (1.45×). With next to nothing left to draw it scores what it can rather than wait: a
    Medium one card from the end hoards a hand it never spends, and a game stalled. Against two
    or more opponents it plans with :data:`HARD_AMONG_MANY` (:func:`hard_style`): 1.66x its fair
    share at 3 players over 400 games, 1.95x at 4 over 120.

    Tried at 2 players (2026-12-07, fixed search, 100 games of seeds 1000–1099, where Hard
    then went 69-8-23) and not kept, none being better beyond a run's luck: ``fresh`` 0.35,
    69-8-23; ``bonus`` 0.6, 67-5-28; Medium's keep weights, 66-7-27; keep weights fitted to
    how often a kept card is scored on the next turn (1 payment away 29–40 %, a fresh card
    33 %: 0.35/0.35/0.3/0.15, far 0.05, ``fresh`` 0.5), 71-10-19 but 54-8-38 on seeds
    1100–1199 (Hard then 58-11-31); playouts valuing by who wins every end of the game they
    reach, 64-6-30, and 46-7-19 in 72 games with the win chance; the chance that the next
    player ends the game first, 72-10-18 (with the win chance, against its 75-8-17). Its own
    next turn in a playout planned by its full search (7× the thinking) and the rival's
    played exactly as Medium (about 9×) were stopped for their cost, no better (4-2-2 in 8
    games, 18-2-14 in 34).

    Tried at 3 players (2026-12-06, fixed search, Hard in one seat against two Mediums, seeds
    3000–3038; these playouts: 15-3-21, 1.27× its fair share) and not kept, none being better:
    playouts of the whole round (every opponent's turn from the grid the one before leaves,
    then its own) valued against the opponent ahead at its end, 12-4-23 (1.08×); against the
    opponents' mean, 12-6-21 (1.15×); against the next player only, 3-1-9 in 13 games
    (0.81×); and these playouts over up to 8 candidates within 4 points, 7-1-11 in 19 games
    (1.18×). With 10 samples the choice agreed with a 100-sample search's in 69 of 80
    decisions (20 positions of 3-player games, 4 seeds each), with 30 in 68: more samples do
    not sharpen it.

    Traced at 3 players (2026-12-07, :data:`HARD_AMONG_MANY`, 250 games of seeds 3100–3249 and
    3300–3399): Hard scores 2.65 points a turn to a Medium's 2.35 and beats each Medium alone in
    65.5 % of the pairings (seeds 3300–3399; 71.5 % against one at 2 players). Not the cause:
    gifts (what the next player scores that Hard's moves brought nearer: 0.67–0.73 points a
    turn, a Medium's 0.70–0.76); cards spoilt by two rivals' moves (Hard keeps 0.15 cards a turn
    and spends the rest, a Medium 0.7); ending the game (in 151 decisions with a plan that ends
    it among the 6 best, seeds 3100–3159, Hard ended it in 150). What goes with its losses: the
    1-point race (the best Medium is ahead in 1-point cards even in Hard's wins; in 54 of 100
    games the 3 points are a Medium's alone, and Hard loses 30 of them); the game's end by a
    Medium (Hard wins 84 % of the games it ends, 30 % of the rest, 7 % of the 22 a Medium ended
    as the round's last player); and in 18 of 100 games Hard's last turn was one it did not know
    was its last (a Medium after it ended the game that round), 16 of them lost. Tried and not
    kept, none better beyond a run's luck (fixed search, Hard against two Mediums; Hard of this
    docstring 51-11-38 over seeds 3100–3199, 58-3-39 over 3200–3299, 47-12-41 over 3300–3399):
    each card scored worth 0.5 more while the game goes on (the race to end it), 47-13-40 over
    3100–3199; its own next turn in a playout valued by the planner's promise of the cards kept
    and drawn (the others' turns move the grid first), 52-13-35 and 49-9-42 over 3100–3299
    (1.68x, against 1.74x); a later player's chance of ending the game this round (a Medium
    scores 1 card or more in 98 % of its turns, 2 or more in 41 %) discounting the promise of
    the next turn and counting the end's result by it, and a playout's reply that ends the game
    ending the playout, 52-11-37, 51-11-38 and 49-13-38 over 3100–3399 (1.69x, as Hard's
    156-26-118), at 4 players 51-17-52 over 4100–4219 (1.98x, Hard 1.95x); the next player's
    reply in a playout counted whole (1.0, as against one opponent, not 0.6), 54-11-35 and
    50-13-37 over 3100–3299 (116 of 200, as Hard's).

    Tried at 3 players for twice the fair share (2026-12-07, fixed search, Hard against two
    Mediums; Hard of this docstring 51-11-38 over seeds 3100–3199 again, 109-14-77 over
    3100–3299) and not kept, none better beyond a run's luck: the 1-point race judged by every
    seat's chance of winning it (each seat scoring as many more cards as the most advanced
    seat lacks, each a 1-point card with chance 0.4; Hard's chance of the 3 points less the
    best other seat's, counted whole instead of ``bonus`` 0.5 of the lead's edge), 55-9-36 and
    52-9-39 over 3100–3299 (107-18-75, as Hard's); playouts of the whole round (each opponent's
    turn from the grid the one before leaves, 0.5 of each one's points against Hard's, the
    game ended where a reply ends it, then its own turn), 44-8-35 in 87 games of 3100–3186
    (1.66x); the next player's reply in a playout counted 0.9 when they lead the other
    opponents (points and the 1-point bonus now), else 0.3, 55-7-38 and 51-8-41 over 3100–3299
    (106-15-79); up to 8 candidates within 4 points played out, 49-13-38 over 3100–3199; a
    plan valued as if the game ended after it (its points, the exact bonus, the end's result by
    :func:`heuristics.win_chance`, nothing kept) by the chance that an opponent before the
    round's end ends it (1 card short 0.98, 2 short 0.41, 3 short 0.1), the rest as now,
    53-12-35 and 50-13-37 over 3100–3299 (103-25-72).

    Its search (:class:`engine.bots.search.Search`): without a clock ``samples`` sampled futures
    per decision, so a game replays; with ``clock`` ``budget`` seconds per turn at
    :data:`SAMPLE_RATE`, the playouts run by ``parallel``, and the plan chosen at the turn's
    first decision is played through (its later steps are not searched again while the
    position is the one the plan leads to; the rest is planned again from each step, as the
    hint for that step names it, :func:`_best_from`). ``cancel()`` stops it."""

    def __init__(
        self,
        budget: float = 1.5,
        clock=None,
        samples: int = SAMPLES_WITHOUT_CLOCK,
        candidates: int = 5,
        margin: float = 2.5,
        parallel: Parallel | None = None,
    ):
        self.samples = samples
        self.candidates = candidates
        self.margin = margin
        self.search = Search(max(1, samples), SAMPLE_RATE, budget, clock, parallel)

    def cancel(self) -> None:
        """Stop searching as soon as possible (undo, load, quit)."""
        self.search.cancel()

    def choose(self, observation: ShiftingStonesState, legal_actions: Sequence, rng: random.Random):
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        remembered = self.search.recall()
        steps = None if remembered is None else rest_of_plan(observation, *remembered)
        if steps and steps[0] in legal_actions:
            # the plan's next step, with the rest planned again from here as a hint names it
            # (:func:`hint_for`): the remembered rest once differed from what the hint had
            # just said, and a player following the hints was sent one way, then another (a
            # play-test)
            return self._follow(observation, _best_from(observation, steps), legal_actions)
        paid = observation.paid is not None
        plans = ranked_plans(observation, hard_style(observation.num_players))
        best = plans[0]
        if len(observation.deck) + len(observation.discard) < SKIP_DRAW and not best.scored:
            # next to nothing is left to draw, the hands hold the cards: waiting only stalls the
            # game (a Medium at the end's edge hoards a hand it never spends), so Hard scores
            scoring = next((plan for plan in plans if plan.scored), None)
            if scoring is not None:
                return self._follow(observation, _turn_steps(scoring, paid), legal_actions)
        candidates: list[TurnPlan] = []
        firsts: set = set()
        for plan in plans:
            if plan.value < best.value - self.margin or len(candidates) >= self.candidates:
                break
            action = plan.first_action(paid)
            if action not in firsts and action in legal_actions:
                firsts.add(action)
                candidates.append(plan)
        if len(candidates) <= 1 or observation.num_players == 1 or not self.samples:
            return self._follow(observation, _turn_steps(best, paid), legal_actions)
        allowance = self.search.decision()
        seeds = [rng.random() for _ in range(allowance.work)]
        items = [(index, seed) for seed in seeds for index in range(len(candidates))]
        values = allowance.run(sample_value, (observation, candidates), items)
        totals = [0.0] * len(candidates)
        played = 0
        for sample in range(len(seeds)):
            row = values[sample * len(candidates) : (sample + 1) * len(candidates)]
            if any(value is None for value in row):
                break  # out of time: this sample and the later ones are not compared
            totals = [total + value for total, value in zip(totals, row, strict=True)]
            played += 1
        self.search.finished(allowance, played)
        if not played:
            return self._follow(observation, _turn_steps(best, paid), legal_actions)
        # the planner's own values weigh as PRIOR_SAMPLES samples, in both searches: a search
        # cut short by a busy computer (one or two samples) is noise, and once chose a skip
        # over a card worth 2
        totals = [
            total + PRIOR_SAMPLES * (plan.value - best.value)
            for total, plan in zip(totals, candidates, strict=True)
        ]
        chosen = max(range(len(candidates)), key=lambda index: (totals[index], -index))
        return self._follow(observation, _turn_steps(candidates[chosen], paid), legal_actions)

    def _follow(self, observation, steps: list, legal_actions):
        """Play ``steps[0]`` (or the turn's end when it is not legal), remembering the rest of
        the plan and the position it leads to (:meth:`engine.bots.search.Search.remember`)."""
        action = _legal_or_end(steps[0], legal_actions)
        if action == steps[0] and len(steps) > 1:
            after = observation.clone()
            try:
                after.apply_action(action)
            except IllegalAction:
                return action
            self.search.remember((after, steps[1:]))
        return action


def rest_of_plan(observation: ShiftingStonesState, after: ShiftingStonesState, steps) -> list:
    """The steps of a remembered plan still to play from ``observation``: the plan led to
    ``after`` and goes on with ``steps``. A person following a hint may take several of them
    at once (the framed card and its move at one drag: a play-tester's plan changed after
    it); [] when ``observation`` is no position the plan passes through."""
    seen, position = observation.to_dict(), after.clone()
    for index, step in enumerate(steps):
        if position.to_dict() == seen:
            return list(steps[index:])
        try:
            position.apply_action(step)
        except IllegalAction:
            return []
    return []


def _best_from(observation: ShiftingStonesState, steps: list) -> list:
    """The rest of the turn from ``observation`` by the best plan that begins with
    ``steps[0]`` (:func:`ranked_plans`, as :func:`hint_for` finds it), or ``steps`` when no
    plan begins with it."""
    paid = observation.paid is not None
    first = steps[0]
    for plan in ranked_plans(observation, hard_style(observation.num_players)):
        if plan.first_action(paid) == first:
            return _turn_steps(plan, paid)
    return steps


def _turn_steps(plan: TurnPlan, paid: bool) -> list:
    """The rest of the turn by ``plan``: its steps, then the turn's end (unless it skips)."""
    steps = plan.steps(paid)
    return steps if steps and isinstance(steps[-1], Skip) else steps + [EndTurn()]


def sample_value(shared: tuple, item: tuple, stopped=never) -> float:
    """One candidate's playout on one sampled future, a unit of Hard's work
    (:meth:`engine.bots.search.Allowance.run`): ``shared`` is ``(observation, candidate
    plans)``, ``item`` ``(candidate index, seed)`` (:func:`playout_value`)."""
    observation, candidates = shared
    index, seed = item
    return playout_value(observation, candidates[index], random.Random(seed))


RIVAL = Style(stages=1, targets=1, weights=heuristics.Weights(horizon=1))
"""How a playout plays the others' turns and the player's own next turn: as Medium does,
looking at fewer grids per card."""


def _play_turn(whole: ShiftingStonesState, seat: int, grid: int, hand: Sequence[int]) -> TurnPlan:
    plans = heuristics.turn_plans(
        heuristics.decode(grid),
        hand,
        targets_per_card=RIVAL.targets,
        stages=RIVAL.stages,
    )
    return heuristics.value_plans(plans, heuristics.outlook(whole, seat), RIVAL.weights)[0]


def _final_result(observation: ShiftingStonesState, me: int, gains: dict) -> float:
    """What the game's end is worth to ``me`` beyond the points (:data:`HARD`'s
    ``result``: won, half of it shared, as much against lost), ``gains`` (``{seat: cards}``)
    scored on top of the observation's scored cards."""
    scored = [
        list(cards) + list(gains.get(seat, ())) for seat, cards in enumerate(observation.scored)
    ]
    totals = heuristics.final_totals(
        [sum(CARDS[card].points for card in cards) for cards in scored],
        [sum(1 for card in cards if CARDS[card].points == 1) for cards in scored],
    )
    margin = totals[me] - max(total for seat, total in enumerate(totals) if seat != me)
    return heuristics.result_value(HARD.weights.result, margin)


def playout_value(observation: ShiftingStonesState, plan: TurnPlan, luck: random.Random) -> float:
    """The plan's worth after one sampled future: the hidden cards dealt by ``luck``
    (:func:`sample_hidden`), the next player plays their turn from the grid the plan leaves
    (unless the game ends first), then — if the game goes on — this player plays the next turn
    with the cards kept and as many drawn at random from the sampled deck. The value is this
    player's points over both turns less the rival's (with more than 2 players, 0.6 of it:
    they are one rival among several), their shares of the 1-point bonus included. A plan
    that ends the game counts :attr:`heuristics.Weights.result` for winning as well (half of
    it shared, as much against losing), once the reply, the last turn, is played."""
    me = observation.current_player()
    whole = sample_hidden(observation, luck)
    players = observation.num_players
    view = heuristics.outlook(observation, me)
    value = plan.points + plan.parts.get("bonus", 0.0)
    last = view.ends_with(plan)
    if last and view.before_end == 0:
        return value + plan.parts.get("result", 0.0)  # the game ends: won or lost now
    rival = (me + 1) % players
    reply = _play_turn(whole, rival, plan.final, whole.hands[rival])
    weight = 1.0 if players == 2 else 0.6
    value -= weight * (reply.points + reply.parts.get("bonus", 0.0))
    if last:
        if view.before_end == 1:  # the reply was the game's last turn: won or lost then
            value += _final_result(observation, me, {me: plan.scored, rival: reply.scored})
        return value
    deck = [card for card in whole.deck if card not in reply.scored]
    drawn = 2 if plan.skip else max(0, 4 - len(plan.kept))
    hand = list(plan.kept) + _shuffled(deck, luck)[:drawn]
    mine = _play_turn(whole, me, reply.final, hand)
    return value + mine.points + mine.parts.get("bonus", 0.0)


# --- what the game tells the bots ----------------------------------------------------------------
class StonesBots(GameBots):
    """Evaluation, hint reasons, allowed moves and the three levels of Shifting Stones."""

    def evaluate(self, state, player: int) -> float:
        return heuristics.evaluate(state, player)

    def allowed_moves(self, observation, legal_actions):
        """A computer player never ends its turn (nor skips) while a card of its hand matches
        — scoring it costs nothing — and never pays to swap two stones showing the same face
        (nothing would change). It may pay with a matching card: that can reach a better one."""
        grid = observation.grid_text()
        scoring = any(isinstance(action, Score) for action in legal_actions)
        return [
            action
            for action in legal_actions
            if not (isinstance(action, Shift) and grid[action.first] == grid[action.second])
            and not (scoring and isinstance(action, (EndTurn, Skip)))
        ]

    def explain(self, state, action, names) -> str:
        return as_sentence(explain_action(state, action), names)

    def make(self, level: str, budget: float = 1.5, clock=None, parallel=None):
        """Easy, Medium or Hard (its playouts run by ``parallel``)."""
        if level == "easy":
            return EasyBot()
        if level == "medium":
            return MediumBot()
        return HardBot(budget, clock, parallel=parallel)


# --- hints ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hint:
    """What a hint claims, each checked by the tests against the engine: ``steps`` (the rest
    of the turn as actions, starting with the hinted one), ``scored`` (cards those steps score,
    in order), ``kept`` (a card of the hand left after them that the steps bring nearer to
    matching, or None) with ``kept_away`` (payments it is then from matching) and
    ``kept_before`` (payments it was away before them, None beyond 3), and ``out_of_reach``
    (no card of the hand can be scored this turn, for a hint to end the turn or skip),
    ``draws`` (the cards the end of the turn then draws: back up to 4; a skip's 2, fewer when
    the deck and the discard pile hold fewer, none on the player's last turn, where a card
    drawn is never played), ``hand_after`` (the cards held after a skip, for the next turn)
    and ``last_turn`` (:func:`rules.is_last_turn` after the steps)."""

    steps: tuple
    scored: tuple[int, ...]
    kept: int | None
    kept_away: int | None
    out_of_reach: bool
    draws: int
    kept_before: int | None = None
    hand_after: int = 0
    last_turn: bool = False


def hint_for(state: ShiftingStonesState, action) -> Hint | None:
    """The plan a hint explains for ``action`` (the player to move's), from their observation:
    the best plan Hard's planning finds that starts with ``action``; None when no plan does
    (a move the planning would not make) or nobody is to move."""
    if state.phase != Phase.PLAY or action not in state.legal_actions():
        return None
    me = state.current_player()
    seen = state.observation(me)
    paid = seen.paid is not None
    if isinstance(action, Score):
        return Hint(
            (action,), (action.card,), None, None, False, 0, last_turn=is_last_turn(seen, 1)
        )
    plans = ranked_plans(seen, hard_style(seen.num_players))
    chosen = next((plan for plan in plans if plan.first_action(paid) == action), None)
    if chosen is None:
        return None
    steps = tuple(chosen.steps(paid)) or (EndTurn(),)
    kept_distance = heuristics.distances(chosen.final, chosen.kept)
    before = heuristics.distances(heuristics.encode(seen.grid_text()), chosen.kept)
    # only a card the plan brings nearer: "X is then 1 payment away" of a card already 1
    # payment away presented a skip as a gain (play-test)
    nearer = [
        card
        for card in chosen.kept
        if kept_distance[card] is not None
        and (before[card] is None or kept_distance[card] < before[card])
    ]
    kept = min(
        nearer,
        key=lambda card: (kept_distance[card], -CARDS[card].points, card),
        default=None,
    )
    out_of_reach = False
    if isinstance(action, (EndTurn, Skip)):
        hand = [card for card in seen.hands[me] if card != HIDDEN]
        budget = len(hand) - 1 + (1 if paid else 0)
        near = heuristics.distances(heuristics.encode(seen.grid_text()), hand)
        out_of_reach = all(near[card] is None or near[card] > budget for card in hand)
    last_turn = is_last_turn(seen, len(chosen.scored))
    draws = 0 if last_turn else cards_to_draw(len(chosen.kept))
    hand_after = 0
    if chosen.skip:
        draws = 0 if last_turn else min(SKIP_DRAW, len(seen.deck) + len(seen.discard))
        hand_after = len(chosen.kept) + draws
    return Hint(
        steps,
        chosen.scored,
        kept,
        None if kept is None else kept_distance[kept],
        out_of_reach,
        draws,
        None if kept is None else before[kept],
        hand_after,
        last_turn,
    )


def _step_words(action, grid: str) -> str:
    """One step of a plan as a clause, the grid being ``grid`` before it."""
    if isinstance(action, Score):
        return _("score {card}").format(card=card_words(action.card))
    if isinstance(action, Flip):
        face = grid[action.square]
        return _("flip the stone at {square} ({face} to {other})").format(
            square=square_name(action.square),
            face=face_name(face),
            other=face_name(OTHER_FACE[face]),
        )
    if isinstance(action, Shift):
        return _("swap the {first_face} at {first} and the {second_face} at {second}").format(
            first_face=face_name(grid[action.first]),
            first=square_name(action.first),
            second_face=face_name(grid[action.second]),
            second=square_name(action.second),
        )
    if isinstance(action, Skip):
        return _("skip the turn to draw 2 cards")
    return _("end the turn")


def plan_words(steps: Sequence, grid: str) -> str:
    """The steps of a plan in words, every move and every card scored named with its points,
    each payment joined to the move it pays for: "pay with “row: Sun, Moon” to flip the stone
    at centre (Horse to Boat), then pay with “row: Bird” to swap the Fish at top and the Bird
    at centre, then score “column: Tree, Bird” (1 point)" (a play-tester could not tell which
    move "then 1 more move" was; another, which card "then pay again" meant: a hint too long
    for the top bar reads whole over the game log)."""
    clauses: list[str] = []
    code = heuristics.encode(grid)
    payer = None
    for action in steps:
        if isinstance(action, Pay):
            payer = action.card
            continue
        text = _step_words(action, heuristics.decode(code))
        if isinstance(action, (Shift, Flip)):
            if payer is not None:
                text = _("pay with {card} to {move}").format(card=card_name(payer), move=text)
            code = heuristics.apply_move(code, MOVES.index(action))
            payer = None
        clauses.append(text)
    # TRANSLATORS: joins the steps of a turn: "flip …, then score …"
    return _(", then ").join(clauses)


def kept_words(card: int, away: int | None) -> str:
    """What a kept card is then: "“row: Horse, Boat” then matches the grid", "“row: Horse,
    Boat” is then 2 payments away", "… is then more than 3 payments away"."""
    if away is None:
        return _("{card} is then more than 3 payments away").format(card=card_name(card))
    if away == 0:
        return _("{card} then matches the grid").format(card=card_name(card))
    return ngettext(
        "{card} is then {count} payment away",
        "{card} is then {count} payments away",
        away,
    ).format(card=card_name(card), count=away)


def bonus_words(state: ShiftingStonesState, hint: Hint) -> str:
    """What the 1-point cards a plan scores do to the race for the 3 points for the most
    1-point cards (rules, "Score"; SS-D5: the tied share them): "" unless another seat has one
    and they take the player to move from behind or level to the lead or a share of it, else
    the counts after, e.g.
    "you then lead the race for the 3 points for the most 1-point cards, 3 to 2" (a
    play-tester took a hint chasing a 1-point card for a mistake: it never said why)."""
    if state.num_players < 2:
        return ""
    me = state.current_player()
    gained = sum(1 for card in hint.scored if CARDS[card].points == 1)
    ones = [sum(1 for card in cards if CARDS[card].points == 1) for cards in state.scored]
    other = max(count for seat, count in enumerate(ones) if seat != me)
    mine = ones[me] + gained
    if not gained or not other or ones[me] > other or mine < other:
        return ""  # no card, no race yet (nobody else has one), already ahead, or still behind
    if mine > other:
        return _(
            "you then lead the race for the 3 points for the most 1-point cards, {mine} to {other}"
        ).format(mine=mine, other=other)
    # not "share": every player tied gets all 3 (SS-D5; a play-tester read "3 points, 2 each")
    return _(
        "you then tie for the most 1-point cards, {mine} each: every player tied gets the 3 points"
    ).format(mine=mine)


def explain_action(state: ShiftingStonesState, action) -> str:
    """Why ``action`` is good for the player to move, naming the cards and the moves: the rest
    of the turn it begins and what it leaves, e.g. "Pay with “row: Sun, Moon” to flip the
    stone at centre (Horse to Boat), then score “column: Tree, Bird” (1 point); “row: Horse,
    Boat” is then 1 payment away" — a kept card only when the plan brings it nearer; a skip
    says what it gains (the cards of the next turn). "" when no plan begins with it. Every
    claim is :func:`hint_for`'s, which the tests check against the engine."""
    hint = hint_for(state, action)
    if hint is None:
        return ""
    bonus = bonus_words(state, hint)
    if isinstance(action, Score):
        words = _("{card} matches the grid now: score it before anything moves").format(
            card=card_words(action.card)
        )
        return _("{steps}; {bonus}").format(steps=words, bonus=bonus) if bonus else words
    empty = not state.hands[state.current_player()]  # nothing to score: say so plainly
    if isinstance(action, (Skip, EndTurn)) and hint.last_turn and (empty or hint.out_of_reach):
        # nothing drawn then is ever played (a play-test: "end the turn to draw new cards"
        # on the last round)
        words = (
            _("your hand is empty and this is your last turn")
            if empty
            else _("no card in your hand can be scored on your last turn")
        )
    elif isinstance(action, Skip):
        if hint.out_of_reach and empty:
            words = _("your hand is empty: skip to draw 2 cards")
        elif hint.out_of_reach:
            words = _("no card in your hand can be scored this turn: skip to draw 2 cards")
        elif hint.draws and could_end_first(state):  # a later opponent may end the game
            words = ngettext(
                "skip the turn to draw 2 cards: if no opponent ends the game first, your next "
                "turn starts with {count} card",
                "skip the turn to draw 2 cards: if no opponent ends the game first, your next "
                "turn starts with {count} cards",
                hint.hand_after,
            ).format(count=hint.hand_after)
        elif hint.draws:  # what a skip gains: more cards to pay with next turn
            words = ngettext(
                "skip the turn to draw 2 cards: your next turn starts with {count} card",
                "skip the turn to draw 2 cards: your next turn starts with {count} cards",
                hint.hand_after,
            ).format(count=hint.hand_after)
        else:
            words = _("skip the turn to draw 2 cards")
    elif isinstance(action, EndTurn):
        if empty:
            words = _("your hand is empty: end the turn to draw new cards")
        elif hint.out_of_reach:
            words = _("no card in your hand can be scored this turn")
        else:
            words = _("end the turn and keep your cards for the next")
    else:
        words = plan_words(hint.steps, state.grid_text())
    if bonus:  # why the plan scores a 1-point card, before what it leaves (the bar is short)
        return _("{steps}; {bonus}").format(steps=words, bonus=bonus)
    if hint.kept is not None:
        return _("{steps}; {kept}").format(steps=words, kept=kept_words(hint.kept, hint.kept_away))
    moves = sum(1 for step in hint.steps if isinstance(step, (Shift, Flip)))
    if hint.draws and not isinstance(action, (Skip, EndTurn)) and (moves <= 1 or not hint.scored):
        # after a plan of several moves that scores, the draw is left unsaid (the hint must fit
        # its bar); one that scores nothing is for the cards it draws (a play-test: "a hint of
        # three swaps gives no reason")
        return ngettext(
            "{steps}; the end of your turn then draws {count} new card",
            "{steps}; the end of your turn then draws {count} new cards",
            hint.draws,
        ).format(steps=words, count=hint.draws)
    return words


__all__ = [
    "BOTS",
    "EasyBot",
    "HardBot",
    "Hint",
    "MediumBot",
    "StonesBots",
    "bonus_words",
    "explain_action",
    "hint_for",
    "plan_words",
    "rest_of_plan",
    "sample_hidden",
]

BOTS = StonesBots()
"""The game's :class:`engine.bots.GameBots`."""
