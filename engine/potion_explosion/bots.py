"""Potion Explosion's Hard computer player: Monte Carlo search over whole turns (issue 9).

A one-step bot values a pick by the marbles it lands in the hand; it cannot see the potion those
marbles complete, the drink that potion gives, or the explosion it leaves for the next player.
:class:`TurnPlannerBot` looks at whole turns instead:

* **Before the regular pick** (the decision that matters most) it keeps the most promising first
  actions (one-step values from :func:`heuristics.evaluate`, Little Help only if it ranks among
  them, and every pick whose certain explosion completes a potion) and runs *rollouts* from
  each: the refills are sampled with the bot's own ``rng``, the rest of its turn is played by
  the greedy heuristic policy, then the next player's whole turn likewise, and the position is
  valued for the bot. Sequential halving shares the budget: every round each surviving
  candidate gets the same number of rollouts and the worse half is dropped.
  With one candidate left the bot stops early. The k-th rollout of every candidate meets the
  refills of the same seed (common random numbers), so picks are compared on the same luck.
  A fixed search (no clock) keeps only the 4 best one-step candidates (and the potion
  completers): among 8, 48 rollouts dropped half of them on one rollout each.
* **In the starter draft** it takes the most VP, then the colours its first potion shares.
* **Later in the turn** (placements, drinks, effect choices, the next potion tile) each of the
  best few actions is played to the end of the turn by the same greedy policy, twice when chance
  follows, and the best end-of-turn value wins. That costs milliseconds.

The engine reads no clock: with ``clock`` (e.g. ``time.monotonic``) the search before a pick
lasts about ``budget`` seconds; without, it makes a fixed number of rollouts. ``cancel()`` from
another thread stops it. Bots see only the observation (everything in this game is public) and
draw luck only from the ``rng`` passed to :meth:`TurnPlannerBot.choose`, so games replay.
"""

from __future__ import annotations

import random

from engine.bots import GameBots
from engine.bots.halving import PairedSeeds, sequential_halving
from engine.bots.search import Parallel, Search, never
from engine.core import CHANCE
from engine.match import pick_outcome
from engine.potion_explosion import heuristics, rules
from engine.potion_explosion.data import POOL_SIZE, TILES
from engine.potion_explosion.state import (
    COLOUR_INDEX,
    TURN_PHASES,
    DraftStarter,
    Drink,
    FinishEffect,
    LittleHelp,
    MoveToHand,
    MoveToPool,
    Phase,
    RegularPick,
    TakeBottom,
    TakeMarble,
    TakePair,
    TakeRun,
)

ROOT_CANDIDATES = 8
"""First actions kept for rollouts before the pick (by one-step value)."""
ROOT_CANDIDATES_WITHOUT_CLOCK = 4
"""Of them, those kept when a fixed number of rollouts is shared (bench/bots.py --fixed, Hard
against Medium over 40 games: 4 won 36, 8 won 27)."""
LATER_CANDIDATES = 10
"""Actions played to the end of the turn for a decision after the pick."""
ROLLOUTS_WITHOUT_CLOCK = 48
"""Rollouts in all before a pick when no clock is given (tests, replays, online games)."""
ROLLOUT_RATE = 120.0
"""Rollouts before a pick per CPU-second of one core, for a timed search's work
(:class:`engine.bots.search.Search`): about 0.8 of the 146 measured over a whole game against
Medium (2026-12-06, this project's machine)."""
ROLLOUT_WIDTH = 40
"""A rollout step looks at this many moves at most (a random sample of them)."""
MAX_TURN_STEPS = 80
"""A safety bound on the decisions of one simulated turn."""


def bot_moves(state, legal_actions, swaps: bool = False) -> list:
    """The moves a computer player considers. A marble from the pool to the hand only when
    ``swaps`` (Hard, which plans the whole turn) and only to swap it: when the pool is full and
    the hand holds a marble of another colour to keep instead. Otherwise it only goes back to
    the tank, or back into the pool: a move for nothing, which a bot choosing one move at a
    time made and then undid. Never a marble back to the hand that it moved to the pool this
    turn (the two moves cancel out, and a search could shuffle them forever), never a potion
    drunk for nothing (:func:`rules.drink_gains_nothing`: Blind Love on empty pools, Prismatic
    Joy with no pool marble to make wild; the potion is spent for ever). People may do all
    three (rules: "move marbles between your hand and your pool freely")."""
    desk = state.desks[rules.current_player(state)]
    swap = sum(desk.pool) >= POOL_SIZE
    kept = []
    for action in legal_actions:
        if isinstance(action, MoveToHand):
            colour = COLOUR_INDEX[action.colour]
            if not swaps or desk.pool[colour] <= state.to_pool[colour]:
                continue
            if not swap or not any(desk.hand[other] for other in range(4) if other != colour):
                continue
        elif isinstance(action, Drink) and rules.drink_gains_nothing(state, action.index):
            continue
        kept.append(action)
    return kept


def hard_moves(state, legal_actions) -> list:
    """The moves Hard (and so the hint) considers, of :func:`bot_moves`: a Little Help only for
    a marble that completes a potion this turn (it costs 2 VP: rules, "Little Help"; the hint
    then says what it completes)."""
    player = rules.current_player(state)
    desk = state.desks[player]
    completes: dict[int, bool] = {}  # colour index -> a marble of it completes a potion
    kept = []
    for action in bot_moves(state, legal_actions, swaps=True):
        if isinstance(action, LittleHelp):
            colour = COLOUR_INDEX[state.tracks[action.track][action.position]]
            if colour not in completes:
                gained = [0, 0, 0, 0]
                gained[colour] = 1
                completes[colour] = completes_a_potion(desk, gained)
            if not completes[colour]:
                continue
        kept.append(action)
    return kept or list(legal_actions)


def completes_a_potion(desk, gained) -> bool:
    """Whether marbles ``gained`` (counts per colour) complete a brewing potion of ``desk`` this
    turn with the marbles in its hand and pool (:func:`heuristics.best_fill`; rules, "A turn":
    a potion whose holes are all filled is completed, then drinkable)."""
    return bool(heuristics.best_fill(desk, gained)[0])


def beginner_moves(state, moves) -> list:
    """The moves Easy considers (:meth:`PotionExplosionBots.sensible_moves`): a Little Help only
    after the regular pick (which may bring the marble for free) and for a marble that completes
    a potion this turn (it costs 2 VP), never a marble back from the pool to the hand (pool
    marbles are placed from the pool), a marble into the pool only when no empty hole of its
    colour is waiting for it (it must be placed first anyway), no potion drunk for nothing
    (:func:`bot_moves`), and a potion's effect never stopped before it took anything (the drink
    would be wasted)."""
    player = rules.current_player(state)
    desk = state.desks[player]
    holes = [0, 0, 0, 0]
    for brewing in desk.slots:
        if brewing is not None:
            holes = [
                have + free for have, free in zip(holes, rules.empty_holes(brewing), strict=True)
            ]
    kept = []
    completes: dict[int, bool] = {}  # colour index -> a marble of it completes a potion
    for action in moves:
        if isinstance(action, LittleHelp):
            if not state.picked:
                continue
            colour = COLOUR_INDEX[state.tracks[action.track][action.position]]
            if colour not in completes:
                gained = [0, 0, 0, 0]
                gained[colour] = 1
                completes[colour] = completes_a_potion(desk, gained)
            if not completes[colour]:
                continue
        elif isinstance(action, MoveToHand):
            continue
        elif isinstance(action, MoveToPool) and holes[COLOUR_INDEX[action.colour]]:
            continue
        elif isinstance(action, Drink) and rules.drink_gains_nothing(state, action.index):
            continue
        elif isinstance(action, FinishEffect) and not state.effect.tracks and len(moves) > 1:
            continue
        kept.append(action)
    return kept


def _settle_chance(state, rng) -> None:
    """Sample every pending chance node (refills, tile reveals) with ``rng``."""
    steps = 0
    while state.current_player() == CHANCE and steps < 200:
        state.apply_action(pick_outcome(state.chance_outcomes(), rng))
        steps += 1


def _after(state, action, rng):
    """A clone of ``state`` with ``action`` applied and the chance that follows sampled."""
    return _after_and_chance(state, action, rng)[0]


def _after_and_chance(state, action, rng) -> tuple:
    """``(position, chanced)``: :func:`_after`, and whether chance followed the action."""
    after = state.clone()
    after.apply_action(action)
    chanced = after.current_player() == CHANCE
    _settle_chance(after, rng)
    return after, chanced


def _ranked(state, actions, rng, keep_help: bool = True, stopped=never) -> list:
    """``[(value, action, sampled position after it, whether chance followed)]``, best
    one-step value first; once ``stopped()`` (past a deadline) only the actions ranked so far
    (at least one: a Filter's hundreds of choices take a while)."""
    me = state.current_player()
    ranked: list = []
    for index, action in enumerate(actions):
        if ranked and stopped():
            break
        if not keep_help and isinstance(action, LittleHelp):
            continue
        after, chanced = _after_and_chance(state, action, rng)
        ranked.append((heuristics.evaluate(after, me), -index, action, after, chanced))
    ranked.sort(key=lambda item: (item[0], item[1]), reverse=True)
    return [(value, action, after, chanced) for value, _, action, after, chanced in ranked]


def greedy_turn(state, rng, luck=None, stopped=never, owner=None):
    """The position after the current player's turn is played to its end with the greedy
    heuristic policy: each step the bot move whose sampled result evaluates best, no Little
    Help unless it is the only move. The policy samples with ``rng``; the chance played (pending
    chance, the refills after the moves chosen) is drawn from ``luck`` (default ``rng``), so
    rollouts given like luck meet like refills whatever the policy sampled. Stops when another
    seat is to move or the game is over. ``state`` may be changed too; use the returned one.
    ``owner`` is the seat whose turn is played out (default: the turn's owner now): a turn that
    is already over is not played on into the next one. ``stopped()`` returning True (out of
    time) ends it midway: None."""
    luck = rng if luck is None else luck
    owner = rules.turn_owner(state) if owner is None else owner
    for _ in range(MAX_TURN_STEPS):
        if stopped():
            return None
        _settle_chance(state, luck)
        if (
            state.current_player() < 0
            or rules.turn_owner(state) != owner
            or state.phase not in TURN_PHASES
        ):
            break
        legal = bot_moves(state, state.legal_actions()) or state.legal_actions()
        # Little Help only when nothing else is legal, and left out BEFORE the width is
        # sampled: a Little Help is offered for every marble, so before a pick half of a
        # sample of 40 were Little Helps, and the player saw only about half of its picks
        legal = [action for action in legal if not isinstance(action, LittleHelp)] or legal
        if len(legal) > ROLLOUT_WIDTH:
            legal = rng.sample(legal, ROLLOUT_WIDTH)  # e.g. the Filter's hundreds of choices
        _value, action, after, chanced = _ranked(state, legal, rng)[0]
        # chosen for a lucky sample? play it on with fresh luck, or rollouts favour gambles
        state = _after(state, action, luck) if chanced else after
    return state


DANGER_PER_MARBLE = 0.15
"""A marble the next player's best pick would surely take, valued against an action taken at
the end of a turn that changes the dispenser (a Little Help, a potion's take): half (the
evaluation weighs the best opponent by a half) of a marble's worth to its owner (0.3)."""


def best_pick_size(tracks) -> int:
    """The marbles the best regular pick in ``tracks`` surely takes: the picked one and the
    explosions the marbles in the tracks decide (rules, "Explosions")."""
    best = 0
    for track in tracks:
        for position in range(len(track)):
            best = max(best, 1 + len(rules.chain_preview(track, position)[0]))
    return best


def _dispenser_danger(played, action, before: int) -> float:
    """What an action late in the turn hands the next player: :data:`DANGER_PER_MARBLE` for
    each marble the best certain pick in ``played``'s dispenser takes beyond ``before`` (the
    best pick's size before the action), for actions that take marbles from the dispenser: of
    two Little Helps of a colour, the one that sets up no explosion."""
    if not isinstance(action, (LittleHelp, TakeMarble, TakePair, TakeRun, TakeBottom)):
        return 0.0
    return DANGER_PER_MARBLE * (best_pick_size(played.tracks) - before)


def rollout_value(shared: tuple, item: tuple, stopped=never) -> float | None:
    """One rollout before a pick, a unit of the search's work
    (:meth:`engine.bots.search.Allowance.run`): ``shared`` is ``(state, me)``, ``item``
    ``(first action, seed)``. The rest of ``me``'s turn and the next player's are played by
    :func:`greedy_turn`, the refills and the policy's samples from separate generators seeded
    by ``seed`` (rollouts seeded alike meet the same refills whatever the policy sampled)."""
    state, me = shared
    action, seed = item
    rng = random.Random(seed)
    luck, policy = random.Random(rng.random()), random.Random(rng.random())
    played = greedy_turn(_after(state, action, luck), policy, luck, stopped, me)  # my turn
    if played is not None and played.current_player() >= 0 and rules.turn_owner(played) != me:
        played = greedy_turn(played, policy, luck, stopped)  # the next player's answer
    return None if played is None else heuristics.evaluate(played, me)


class TurnPlannerBot:
    """Potion Explosion's Hard level; see the module docstring.

    ``choose(observation, legal_actions, rng)`` returns one of ``legal_actions``; raises
    ``ValueError`` if there is none. Its search (:class:`engine.bots.search.Search`): without a
    clock ``rollouts`` before each regular pick; with ``clock`` ``budget`` seconds per turn at
    :data:`ROLLOUT_RATE` rollouts per CPU-second, run by ``parallel``.
    """

    def __init__(
        self,
        budget: float = 2.0,
        clock=None,
        rollouts: int = ROLLOUTS_WITHOUT_CLOCK,
        parallel: Parallel | None = None,
    ):
        self.search = Search(rollouts, ROLLOUT_RATE, budget, clock, parallel)
        self.last_rollouts = 0

    def cancel(self) -> None:
        """Stop searching as soon as possible (undo, load, quit)."""
        self.search.cancel()

    def choose(self, observation, legal_actions, rng):
        """The action to play for ``observation.current_player()``."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        if len(legal_actions) == 1:
            return legal_actions[0]
        state = observation
        if state.phase == Phase.DRAFT:
            return draft_choice(state, legal_actions)
        legal_actions = hard_moves(state, legal_actions)
        if len(legal_actions) == 1:
            return legal_actions[0]
        allowance = self.search.decision()
        if state.phase == Phase.PLAY and not state.picked and state.effect is None:
            choice, made = self._before_pick(state, legal_actions, rng, allowance)
        else:
            choice, made = self._later(state, legal_actions, rng, allowance), 0
        self.search.finished(allowance, made)
        return choice

    # --- later in the turn: play each candidate to the end of the turn ----------------------
    def _later(self, state, legal, rng, allowance):
        me = state.current_player()
        ranked = _ranked(state, legal, rng, stopped=allowance.stopped)[:LATER_CANDIDATES]
        before = best_pick_size(state.tracks)
        best, best_value = ranked[0][1], None
        for _, action, after, chanced in ranked:
            if allowance.stopped():
                break
            samples = 2 if chanced else 1
            total = 0.0
            for sample in range(samples):
                # the rest of this turn only: an action that ends it is valued as it ends it,
                # not after the next player's turn (which made ending a turn look worst of all)
                played = greedy_turn(
                    after.clone() if sample == 0 else _after(state, action, rng),
                    rng,
                    stopped=allowance.stopped,
                    owner=me,
                )
                if played is None:  # the deadline came: this candidate is not compared
                    return best
                danger = _dispenser_danger(played, action, before)
                total += heuristics.evaluate(played, me) - danger
            value = total / samples
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    # --- before the pick: sequential halving over rollouts ----------------------------------
    def _before_pick(self, state, legal, rng, allowance) -> tuple:
        me = state.current_player()
        ranked = [
            action for _, action, _, _ in _ranked(state, legal, rng, stopped=allowance.stopped)
        ]
        kept = ROOT_CANDIDATES if self.search.timed else ROOT_CANDIDATES_WITHOUT_CLOCK
        candidates = ranked[:kept]
        # a pick whose certain explosion completes a potion is always played out: one-step
        # values count its marbles in the hand, not the potion they complete
        desk = state.desks[me]
        candidates += [
            action
            for action in ranked[kept:]
            if isinstance(action, RegularPick)
            and completes_a_potion(
                desk, heuristics.pick_haul(state.tracks[action.track], action.position)[0]
            )
        ]
        seeds = PairedSeeds(rng)  # the k-th rollout of every candidate meets the same refills
        shared = (state, me)
        best, self.last_rollouts = sequential_halving(
            candidates,
            lambda pairs: allowance.run(rollout_value, shared, [(c, seeds[k]) for c, k in pairs]),
            allowance.work,
            allowance.stopped,
        )
        return best, self.last_rollouts


def draft_choice(state, legal_actions):
    """The starter to draft (rules, "Setup": the draft): the most VP, then the most colours
    shared with the potion already drafted (their marbles feed both), then the first in order.
    The tracks are not filled yet, so nothing else tells the starters apart."""
    desk = state.desks[state.current_player()]
    owned = [TILES[brewing.tile].recipe for brewing in desk.slots if brewing is not None]

    def key(item):
        index, action = item
        if not isinstance(action, DraftStarter):
            return (-1, 0, -index)
        recipe = TILES[action.tile].recipe
        shared = sum(
            1 for other in owned for colour in range(4) if other[colour] and recipe[colour]
        )
        return (TILES[action.tile].vp, shared, -index)

    return max(enumerate(legal_actions), key=key)[1]


class PotionExplosionBots(GameBots):
    """What Potion Explosion's computer players and hints know (``GAME.bots``).

    Easy and Medium are the generic greedy bots on :func:`heuristics.evaluate`; Hard is the
    :class:`TurnPlannerBot`. Bots never move a marble back to the hand that they moved to the pool
    this turn (:func:`bot_moves`).
    """

    EASY_TEMPERATURE = 0.6

    def evaluate(self, state, player: int) -> float:
        return heuristics.evaluate(state, player)

    def explain(self, state, action, names) -> str:
        return heuristics.explain_move(state, action, names)

    def allowed_moves(self, observation, legal_actions) -> list:
        return bot_moves(observation, legal_actions)

    def sensible_moves(self, observation, moves) -> list:
        return beginner_moves(observation, moves)

    def only_when_best(self, observation, action) -> bool:
        return isinstance(action, LittleHelp)

    def make(self, level: str, budget: float = 2.0, clock=None, parallel=None):
        if level == "hard":
            return TurnPlannerBot(budget, clock, parallel=parallel)
        return super().make(level, budget, clock, parallel)


BOTS = PotionExplosionBots()
"""The game's :class:`engine.bots.GameBots`."""

__all__ = [
    "BOTS",
    "PotionExplosionBots",
    "TurnPlannerBot",
    "bot_moves",
    "draft_choice",
    "greedy_turn",
]
