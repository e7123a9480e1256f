"""Easy plays like a beginner, never in a self-harming pattern (issue 21).

Each pattern players found is counted over seeded games of Easy bots (no clock, so the games
replay): the count must be zero, or within the issue's limit. Tests that count over the same
games share them (:func:`recorded_easy_games`); more seeds run with ``-m soak``.
"""

from __future__ import annotations

import functools

import pytest

from engine import registry
from engine.bots import make_bot
from engine.core import TurnStarted
from engine.match import Match, Seat
from tests.soak import keep_first

DT_GAMES = 10
"""Diced Tomatoes games of three Easy bots a test reads at once: the first ten in every run,
thirty more (three seeds further on) in the soak run."""
DT_FIRST_SEEDS = keep_first([330, 340, 350, 360])


def easy_games(game: str, games: int, players: int = 2, seed: int = 300, options=None):
    """Yield ``(turn, step)`` for every Easy decision of ``games`` seeded games once applied:
    ``turn`` is ``(game, turns begun before the decision)`` (``TurnStarted`` events, chance
    steps' included), ``step`` is ``(player, state before, legal actions, action, its events)``."""
    spec = registry.get(game)
    for game_index in range(games):
        match = Match(
            spec,
            [Seat("bot", f"Easy {seat + 1}", "easy") for seat in range(players)],
            options,
            seed=seed + game_index,
        )
        turn = seen = 0
        while not match.is_terminal():
            if match.is_chance():
                match.advance_chance()
                continue
            turn += sum(isinstance(event, TurnStarted) for _, event in match.events[seen:])
            bot, observation, legal, rng, length = match.bot_request(make_bot)
            before = match.state.clone()
            action = bot.choose(observation, legal, rng)
            seen = len(match.events)
            events = match.apply_bot_move(action, length)
            yield (game_index, turn), (before.current_player(), before, legal, action, events)


@functools.cache
def recorded_easy_games(game: str, games: int, players: int, seed: int) -> tuple:
    """:func:`easy_games` played once a process and kept: the tests that count a pattern over
    the same games read them from here."""
    return tuple(easy_games(game, games, players, seed))


# --- Potion Explosion ---------------------------------------------------------------------
@pytest.mark.long
def test_pe_easy_takes_a_little_help_only_to_complete_a_potion_that_turn():
    """Rules, "A turn": a Little Help costs 2 VP. Easy takes one only when, later in that same
    turn, it completes a potion (and may drink it); at most one per bot per game on average."""
    from engine.potion_explosion.state import LittleHelp, PotionCompleted

    helps = 0
    waiting = set()  # turns with a Little Help not yet followed by a potion
    games = 3
    for turn, (player, _, _, action, events) in easy_games("potion-explosion", games):
        if isinstance(action, LittleHelp):
            helps += 1
            waiting.add(turn)
        if any(isinstance(event, PotionCompleted) and event.player == player for event in events):
            waiting.discard(turn)
    wasted = len(waiting)
    assert wasted == 0
    assert helps / (games * 2) <= 1.0


@pytest.mark.long
def test_pe_easy_never_shuffles_marbles_between_pool_and_hand():
    """Rules, "A turn": marbles move between hand and pool freely, but pool marbles are placed
    from the pool and hand marbles must be placed before any goes to the pool. Easy never takes
    a marble back from its pool, and never moves into its pool a marble that it then places
    from the pool in a hole of its colour in the same turn (a shuffle for nothing)."""
    from engine.potion_explosion.state import MoveToHand, MoveToPool, PlaceMarble

    back_to_hand = pointless = 0
    moved = {}  # turn -> colours moved into the pool
    for turn, (_, _, _, action, _) in easy_games("potion-explosion", 3, seed=310):
        if isinstance(action, MoveToHand):
            back_to_hand += 1
        elif isinstance(action, MoveToPool):
            moved.setdefault(turn, []).append(action.colour)
        elif (
            isinstance(action, PlaceMarble)
            and action.source == "pool"
            and action.hole == action.colour
            and action.colour in moved.get(turn, [])
        ):
            pointless += 1  # a wild marble (Prismatic Joy) goes to the pool to be wild
    assert (back_to_hand, pointless) == (0, 0)


# --- Diced Tomatoes -----------------------------------------------------------------------
@pytest.mark.parametrize("seed", DT_FIRST_SEEDS)
@pytest.mark.long
def test_dt_easy_never_spends_karma_to_undo_its_own_spending(seed):
    """Rules, "Karma": karma buys a re-roll, a shift, a roll-over or a set of one die. Easy never
    spends karma on a die whose face it has just bought (shift a 5 to a 4, then re-roll it), and
    a die whose face it bought is never then passed or given to another player's token. (A die
    re-rolled to a face that still fits nothing may be re-rolled again: that is luck.)"""
    from engine.diced_tomatoes.state import PassDie, PlaceDie, Reroll, RollOver, SetDie, Shift

    twice = wasted = spent = 0
    bought: dict = {}  # hand slot -> the karma action that set its face this turn
    this_turn = None
    for turn, (player, _, _, action, _) in recorded_easy_games("diced-tomatoes", DT_GAMES, 3, seed):
        if turn != this_turn:
            bought.clear()
            this_turn = turn
        face_bought = action.die in bought if hasattr(action, "die") else False
        if isinstance(action, (Reroll, Shift, RollOver, SetDie)):
            spent += 1
            twice += face_bought
        elif isinstance(action, PassDie) and face_bought:
            wasted += 1
        elif isinstance(action, PlaceDie) and face_bought and action.owner != player:
            wasted += 1
        if isinstance(action, (Shift, RollOver, SetDie)):
            bought[action.die] = action
        elif isinstance(action, Reroll):
            bought.pop(action.die, None)
    assert spent > 0  # Easy does use karma
    assert (twice, wasted) == (0, 0)


@pytest.mark.parametrize("seed", DT_FIRST_SEEDS)
@pytest.mark.long
def test_dt_easy_never_seeds_a_six_on_an_opponents_token_by_choice(seed):
    """Rules, "Placement": a die may seed any player's open token, and that vine is worth its
    seed. Easy never gives an opponent a 6 seed while it could place a die elsewhere."""
    from engine.diced_tomatoes.state import PlaceDie

    gifts = seeds = 0
    for _, (player, before, legal, action, _) in recorded_easy_games(
        "diced-tomatoes", DT_GAMES, 3, seed
    ):
        if not isinstance(action, PlaceDie) or before.vines[action.owner][action.token]:
            continue
        seeds += 1
        gift = action.owner != player and before.hand[action.die].face == 6

        def other(move, player=player, before=before):
            return isinstance(move, PlaceDie) and not (
                move.owner != player
                and not before.vines[move.owner][move.token]
                and before.hand[move.die].face == 6
            )

        if gift and any(other(move) for move in legal):
            gifts += 1
    assert seeds > 0 and gifts == 0


# --- Off the Rails ------------------------------------------------------------------------
@pytest.mark.long
def test_otr_easy_never_idles_through_an_action_phase_when_building_helps():
    """Rules, "A turn": up to 4 actions (place or upgrade track, put a cart in, change speed).
    Easy never ends an action phase having built nothing (no track, no cart put in: only speed
    changes, or nothing) while a plan that builds would be worth more to it than doing nothing,
    as the game's evaluation judges the plans Medium considers."""
    from engine.off_the_rails import bots, heuristics
    from engine.off_the_rails.state import Pending

    phases = idle = 0
    start = None  # (player, position) at the start of the action phase
    built = False
    for _, (player, before, _, action, _) in easy_games("off-the-rails", 2, seed=340):
        if before.pending() != Pending.ACTIONS:
            continue
        if before.actions_left == 4:
            start, built = (player, before), False
        built = built or bots.builds([action])
        if before.actions_left == 1 or action == bots.EndActions():
            phases += 1
            seat, position = start
            if not built and _building_helps(position, seat, bots, heuristics):
                idle += 1
    assert phases > 20 and idle == 0


def _building_helps(state, me, bots, heuristics) -> bool:
    idle = heuristics.evaluate(bots._simulate(state, me, []), me)
    for sequence in bots._sequences(state, me, bots.LEVELS["medium"]):
        if bots.builds(sequence):
            after = bots._simulate(state, me, sequence)
            if after is not None and heuristics.evaluate(after, me) > idle:
                return True
    return False


def test_dt_easy_karma_only_rerolls_a_die_that_fits_none_of_its_tokens():
    """Rules, "Karma": a re-roll costs 1, a shift 2, a roll-over or a set more. Easy never buys
    a die's face (so no face it paid for can be re-rolled, passed or given away), and re-rolls
    only a die that fits none of its own tokens while no die in its hand grows one of its vines."""
    from engine.diced_tomatoes import parse_position
    from engine.diced_tomatoes.bots import BOTS
    from engine.diced_tomatoes.state import Reroll, RollOver, SetDie, Shift

    # own tokens: seed 3, set of 5s, sequence 1-2; the 6 fits none of them
    stuck = parse_position("players=2 vines=3r|5r5r|1r2r/-|-|- hand=6r karma=6,3")
    legal = stuck.legal_actions()
    assert any(isinstance(move, Shift) for move in legal)
    kept = BOTS.sensible_moves(stuck, legal)
    assert Reroll(0) in kept
    assert not [move for move in kept if isinstance(move, (Shift, RollOver, SetDie))]
    # the 4 grows the seed 3: no karma on the 6 while the 4 waits
    growing = parse_position("players=2 vines=3r|5r5r|1r2r/-|-|- hand=4r,6r karma=6,3")
    assert Reroll(1) in growing.legal_actions()
    assert not [
        move
        for move in BOTS.sensible_moves(growing, growing.legal_actions())
        if isinstance(move, (Reroll, Shift, RollOver, SetDie))
    ]


def test_otr_easy_builds_when_only_a_route_beyond_its_own_few_helps():
    """Rules, "A turn": up to 4 actions. In this position (from a seeded Easy game) the green
    cart's two nearest routes are worth less built than leaving the track alone, but a third
    route, to the deposit on I7, is worth more: Easy looks that far before idling, as
    Medium does, and builds."""
    from pathlib import Path

    from engine.off_the_rails import bots, heuristics, notation

    text = (Path(__file__).parent / "data" / "otr-easy-far-route.txt").read_text(encoding="utf-8")
    state = notation.parse(text)
    me = state.player
    assert _building_helps(state, me, bots, heuristics)
    plan = bots.plan_actions(state, me, bots.LEVELS["easy"], bots.phase_rng(state, "easy"))
    assert bots.builds(plan)
    after = bots._simulate(state, me, [action for action in plan if action != bots.EndActions()])
    idle = heuristics.evaluate(bots._simulate(state, me, []), me)
    assert heuristics.evaluate(after, me) > idle


def test_dt_easy_keeps_its_karma_in_the_final_round_where_two_unused_karma_score_a_point():
    """Rules, "Scoring": +1 per 2 unused karma. The final round is each player's last turn, so
    Easy gambles no karma on a re-roll there (a play tester saw it re-roll twice on its last
    turn, pass the die anyway and lose an end point); the same position earlier re-rolls."""
    from engine.diced_tomatoes import parse_position
    from engine.diced_tomatoes.bots import BOTS
    from engine.diced_tomatoes.state import Reroll

    position = "players=2 vines=3r|5r5r|1r2r/-|-|- hand=6r karma=6,3"
    earlier = parse_position(position)
    last_turn = parse_position(position + " final=yes")
    assert last_turn.final_round and not earlier.final_round
    assert Reroll(0) in last_turn.legal_actions()
    assert Reroll(0) in BOTS.sensible_moves(earlier, earlier.legal_actions())
    assert Reroll(0) not in BOTS.sensible_moves(last_turn, last_turn.legal_actions())
