"""What Diced Tomatoes' computer players and hints know (``GAME.bots``).

Easy is the generic :class:`engine.bots.BeginnerBot` on the moves :func:`beginner_moves` keeps;
Medium is the generic greedy bot on :func:`heuristics.evaluate`. Hard is a
:class:`engine.bots.RolloutBot`, flat Monte Carlo over whole sampled turns: the dice decide most
turns, and measured with bench/bots.py a tree search was only level with Medium (43-55%) while
rollouts beat it 42-3-16; at the default 1.5 s, 141-9-50 over 200 games (73%). Its rollouts end
valued by :func:`heuristics.hard_evaluate` (:meth:`DicedTomatoesBots.leaf_value`), weights fitted
to how Medium's games end, instead of the greedy evaluation: with its fixed budget 304-26-70
against Medium over 400 games (seeds 1000-1399), 79.2% (75.0-82.9), where it was 263-23-114
(68.6%); about twice its fair share at 3 and 4 players (1.98x over 78 games, 2.08x over 80).
Their moves stay greedy on :func:`heuristics.evaluate`.
"""

from __future__ import annotations

from engine.bots import GameBots, as_sentence
from engine.core import Action
from engine.diced_tomatoes import heuristics, rules
from engine.diced_tomatoes.state import (
    CleanVine,
    ClearVine,
    FlipSeed,
    PlaceDie,
    Reroll,
    RollOver,
    SetDie,
    Shift,
)

GIFT_SEED = 4
"""A seed of this face or more on an opponent's empty token is a gift (a vine worth that much)
a beginner never makes while another move exists."""


def own_use(state, colour: str, face: int, me: int) -> int:
    """How a die of ``colour`` showing ``face`` serves seat ``me``'s own tokens now: 2 when it
    completes or grows one of its vines (rules, "Placement"), 1 when it can only seed an open
    token of its own, 0 when it fits none of them."""
    use = 0
    for spot in rules.spot_table(state):
        if spot.owner != me:
            continue
        if face in spot.faces:
            return 2
        if spot.seed_open and rules.can_seed(colour):
            use = 1
    return use


def beginner_moves(state, moves) -> list:
    """The moves Easy considers (:meth:`DicedTomatoesBots.sensible_moves`), so it never spends
    karma to undo its own spending nor makes a gift:

    * no seed of :data:`GIFT_SEED` or more on an opponent's empty token while another placement
      exists (if none does, the lowest face);
    * of the karma actions on dice, only the re-roll, the one a beginner reaches for: of a die
      that fits none of its own tokens at all, while no die in the hand grows one of its own
      vines, and never in the final round (karma left at the end scores, 1 point per 2). A
      beginner never buys a face (shift, roll-over, set), so no die whose face it bought can
      go to waste on another player's token or be re-rolled;
    * a seed flipped only on its own lone seed, to a higher face (solo: to the face the next
      score slot needs); never cleaning a vine with karma.

    A die that grows one of its own vines may still go on another player's vine when Easy
    misjudges that as better (it may earn karma there): a beginner's mistake, not a waste.
    Measured with bench/bots.py over 200 games, Medium beat Easy 62% while Easy kept such dice
    on its own vines and bought faces; 73% (seeds 1000+) and 78% (seeds 5000+) now, within the
    goal of 60-85%.
    """
    me = state.current_player()
    hand = state.hand
    uses = {
        slot: own_use(state, die.colour, die.face, me)
        for slot, die in enumerate(hand)
        if die is not None and die.face is not None
    }
    places = [move for move in moves if isinstance(move, PlaceDie)]
    placed_well = [move for move in places if not _gift(state, move, me)]
    if not placed_well and places:  # only gifts: the smallest one
        lowest = min(hand[move.die].face for move in places)
        placed_well = [move for move in places if hand[move.die].face == lowest]
    # the final round is each player's last turn: karma kept is worth points (1 per 2)
    karma_for_dice = 2 not in uses.values() and not state.final_round
    kept: list[Action] = []
    for move in moves:
        if isinstance(move, PlaceDie):
            if move in placed_well:
                kept.append(move)
        elif isinstance(move, Reroll):
            if karma_for_dice and uses[move.die] == 0:
                kept.append(move)
        elif isinstance(move, FlipSeed):
            if move.owner == me and _flip_gains(state, move):
                kept.append(move)
        elif not isinstance(move, (Shift, RollOver, SetDie, CleanVine)):
            kept.append(move)
    return kept


def _gift(state, move: PlaceDie, me: int) -> bool:
    """Whether ``move`` seeds an opponent's empty token with a high face."""
    return (
        move.owner != me
        and not state.vines[move.owner][move.token]
        and state.hand[move.die].face >= GIFT_SEED
    )


def _flip_gains(state, move: FlipSeed) -> bool:
    vine = state.vines[move.owner][move.token]
    if len(vine) != 1:
        return False
    old = vine[0].face
    new = rules.opposite_face(old)
    if state.solo:
        return rules.slot_matches(len(state.score[move.owner]) + 1, new)
    return new > old


def position_key(state) -> tuple:
    """:meth:`DicedTomatoesBots.position_key`: a tuple equal for positions that differ only in
    the slots of the hand's dice or in which of a seat's tokens holds which vine."""
    return (
        state.phase,
        state.active,
        state.last_player,
        tuple(sorted((die.colour, die.face or 0) for die in state.hand if die is not None)),
        tuple(sorted(state.passed)),
        tuple(tuple(sorted(tuple(vine) for vine in seat)) for seat in state.vines),
        tuple(tuple(track) for track in state.score),
        tuple(state.karma),
        tuple(state.bits),
        state.to_draw,
        tuple(state.bushel.values()),
        tuple((owner, tuple(state.vines[owner][token])) for owner, token in state.pending),
        state.first_six,
        state.final_round,
        state.ended,
    )


class DicedTomatoesBots(GameBots):
    """Evaluation, hint reasons and the rules' forced bot move for Diced Tomatoes."""

    EASY_TEMPERATURE = 5.0
    EASY_TOP = 5
    EASY_MARGIN = 8.0
    HARD_RATE = 280.0
    """About 0.8 of the 355 rollouts per CPU-second measured over a whole game against Medium
    (2026-12-06, this project's machine)."""

    def evaluate(self, state, player: int) -> float:
        return heuristics.evaluate(state, player)

    def leaf_value(self, state, player: int) -> float:
        """Hard's rollouts end valued by :func:`heuristics.hard_evaluate`, fitted to what
        Medium's games end with; their moves stay greedy on :meth:`evaluate`."""
        return heuristics.hard_evaluate(state, player)

    def explain(self, state, action, names) -> str:
        return as_sentence(heuristics.explain_move(state, action, names), names)

    def forced_move(self, observation, legal_actions):
        """DT-D5: a computer player always clears its own vine worth 0 or less at clean-up."""
        for action in legal_actions:
            if isinstance(action, ClearVine):
                return action
        return None

    def considered_moves(self, observation, moves) -> list:
        """No karma spent on a die for nothing (:func:`heuristics.karma_buys`): the die,
        changed and paid for, serves its best placement better than it does now (issue 42; a
        hint is Hard's move). Checked at the bot's own decisions, not in its rollouts: it costs
        as much as the rollouts themselves."""
        return [action for action in moves if heuristics.karma_buys(observation, action)]

    def sensible_moves(self, observation, moves) -> list:
        return beginner_moves(observation, moves)

    def position_key(self, state):
        """The position up to what the rules cannot tell apart: the hand as a bag of dice (two
        red 5s in other slots are the same hand) and each seat's vines as a bag (a seat's three
        tomato tokens follow the same rules, so a seed on its top or bottom empty token plays
        alike; rules, "Placement" and DT-D3). Clean-up decisions name their vine by its dice."""
        return position_key(state)


BOTS = DicedTomatoesBots()
"""The game's :class:`engine.bots.GameBots`."""

__all__ = ["BOTS", "DicedTomatoesBots", "beginner_moves", "own_use", "position_key"]
