"""Diced Tomatoes computer players and hints: karma is spent only where it buys something
(issue 42 item 1)."""

import random

import pytest

from engine.bots import make_bot
from engine.diced_tomatoes import GAME, heuristics, parse_position
from engine.diced_tomatoes.state import PlaceDie, Reroll, Shift


def test_karma_buys_nothing_on_a_die_that_already_completes_the_slot_it_needs():
    """Solo: the red 5 completes the top vine worth 5 into slot 5 (a matched slot). Re-rolling
    it, or shifting it either way, spends karma to end no better: neither a bot nor a hint
    does it; both harvest."""
    s = parse_position("players=1 vines=5r5r5r|-|- hand=5r,2b score=1,2,3,4 karma=3")
    assert Reroll(0) in s.legal_actions() and Shift(0, -1) in s.legal_actions()
    assert not heuristics.karma_buys(s, Reroll(0))
    assert not heuristics.karma_buys(s, Shift(0, -1))
    assert not heuristics.karma_buys(s, Shift(0, 1))
    considered = GAME.bots.considered_moves(s, s.legal_actions())
    assert Reroll(0) not in considered and Shift(0, -1) not in considered
    for level in ("medium", "hard"):
        move = make_bot(GAME, level).choose(s.observation(0), s.legal_actions(), random.Random(1))
        assert move == PlaceDie(0, 0, 0)
        assert heuristics.explain_move(s, move) == "harvests your top vine worth 5 into slot 5"


def test_karma_buys_a_face_that_completes_the_slot_it_needs():
    """Solo: a red 4 on the top vine 5r5r5r makes no set; shifted to a 5 it completes slot 5:
    the shift buys a matched slot, and the hint says so."""
    s = parse_position("players=1 vines=5r5r5r|-|- hand=4r score=1,2,3,4 karma=3")
    assert heuristics.karma_buys(s, Shift(0, 1))
    assert not heuristics.karma_buys(s, Shift(0, -1))
    move = make_bot(GAME, "hard").choose(s.observation(0), s.legal_actions(), random.Random(1))
    assert move == Shift(0, 1)
    assert heuristics.explain_move(s, move) == "turns the red 4 into a 5 to complete your top vine"


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.long
def test_hard_never_spends_karma_on_a_die_for_nothing_in_random_positions(players):
    """Issue 42: in positions of a seeded game with karma to spend, every karma action Hard
    takes on a die leaves that die worth more at its best placement, the karma paid
    (heuristics.die_worth); Medium plays the game between Hard's decisions."""
    from engine.core import CHANCE, TERMINAL
    from engine.match import pick_outcome

    rng = random.Random(players)
    s = GAME.new_state(players, {})
    hard, medium = make_bot(GAME, "hard"), make_bot(GAME, "medium")
    asked = 0
    while s.current_player() != TERMINAL and asked < 12:
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(pick_outcome(s.chance_outcomes(), rng))
            continue
        legal = s.legal_actions()
        if any(isinstance(a, (Reroll, Shift)) for a in legal) and rng.random() < 0.5:
            asked += 1
            move = hard.choose(s.observation(p), legal, random.Random(asked))
            if isinstance(move, (Reroll, Shift)):
                after = s.clone()
                after.apply_action(move)
                worth = heuristics.die_worth(s, move.die, p)
                assert heuristics.die_worth(after, move.die, p) > worth
        s.apply_action(medium.choose(s.observation(p), legal, rng))
    assert asked == 12


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_solo_aims_at_matched_slots_a_vine_waits_for_its_slot(level):
    """Issue 39 item 6, solo rules (a harvest matches its slot when worth the slot's number):
    with slot 2 next, completing a vine worth 4 would waste slot 2 for good; the red 4 seeds
    another token instead. With slot 4 next, the same vine is harvested into its slot."""
    early = parse_position("players=1 vines=4r4r4r|-|- hand=4r score=1 karma=0")
    move = make_bot(GAME, level).choose(
        early.observation(0), early.legal_actions(), random.Random(1)
    )
    assert isinstance(move, PlaceDie) and move.token != 0 and not early.vines[0][move.token]
    ready = parse_position("players=1 vines=4r4r4r|-|- hand=4r score=1,2,3 karma=0")
    move = make_bot(GAME, level).choose(
        ready.observation(0), ready.legal_actions(), random.Random(1)
    )
    assert move == PlaceDie(0, 0, 0)
    assert heuristics.explain_move(ready, move) == "harvests your top vine worth 4 into slot 4"


def test_solo_evaluation_charges_a_harvest_into_a_slot_it_does_not_match():
    """Solo: slot 2 filled with a 4 counts one harvest and one wasted slot."""
    wasted = parse_position("players=1 vines=-|-|- hand=4r score=1,4 karma=0")
    matched = parse_position("players=1 vines=-|-|- hand=4r score=1,2 karma=0")
    gap = heuristics.evaluate(matched, 0) - heuristics.evaluate(wasted, 0)
    assert gap == pytest.approx(10 + heuristics.SOLO_WASTED_SLOT)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_on_the_games_last_turn_no_karma_goes_on_cleaning_a_vine_that_promises_nothing(level):
    """Play-test: on the last turn of the game, its dice placed, a Medium spent 3 karma
    (worth points at the end, 1 per 2) to clean its own vine, then ended the turn; with one
    die left that fits nowhere, it cleaned a vine to seed the token with it. Neither buys
    anything: no turn follows (rules, "End of the game"; "Scoring")."""
    from engine.diced_tomatoes.state import CleanVine, EndTurn, PassDie

    placed = parse_position(
        "players=2 active=1 last=1 final=yes first6=0 karma=2,5 hand=- "
        "vines=-|-|-/2r1r|-|- score=3,4,5,6,5,4/2,3,4"
    )
    assert CleanVine(1, 0) in placed.legal_actions()
    bot = make_bot(GAME, level)
    assert bot.choose(placed.observation(1), placed.legal_actions(), random.Random(1)) == EndTurn()
    one_die = parse_position(
        "players=2 active=1 last=1 final=yes first6=0 karma=0,6 hand=2b "
        "vines=-|-|-/6r|6r6r|2r3r4r score=3,4,5,6,5,4/2,3,4"
    )
    legal = one_die.legal_actions()
    assert CleanVine(1, 0) in legal and PassDie(0) in legal
    move = make_bot(GAME, level).choose(one_die.observation(1), legal, random.Random(1))
    assert not isinstance(move, CleanVine), move
    # before the last round, the same vine is worth cleaning only when it blocks a harvest:
    # the promise of a vine counts again once a turn follows
    ongoing = parse_position("players=2 active=1 last=1 karma=2,5 hand=- vines=-|-|-/2r1r|-|-")
    assert heuristics.dice_to_come(ongoing, 1) is None
    assert heuristics.dice_to_come(placed, 1) == 0 and heuristics.dice_to_come(one_die, 1) == 1


def test_hard_values_a_lone_low_seed_as_a_burden_and_a_high_one_as_a_promise():
    """Hard's rollouts end on the fitted weights (heuristics.HARD_WEIGHTS): a vine costs a token
    and a score slot, so a lone seed of 1 is worth less than an empty token and a seed of 6
    more, where the greedy evaluation's vine promise gave both a little. One die has left
    the bushel of 26: the phase is 25/26."""
    low = parse_position("players=2 vines=1r|-|-/-|-|- karma=3,3")
    high = parse_position("players=2 vines=6r|-|-/-|-|- karma=3,3")
    assert low.bushel_size() == high.bushel_size() == 25
    phase = 25 / 26
    seed = -2.23 + 0.81 * phase
    value = 0.63 - 0.11 * phase
    assert heuristics.hard_evaluate(low, 0) == pytest.approx(seed + value)  # about -0.93
    assert heuristics.hard_evaluate(high, 0) == pytest.approx(seed + 6 * value)  # about +1.69
    assert heuristics.hard_evaluate(low, 1) == pytest.approx(-(seed + value))
    assert heuristics.evaluate(low, 0) == pytest.approx(0.05)
    assert heuristics.evaluate(high, 0) == pytest.approx(0.3)
    assert GAME.bots.leaf_value(low, 0) == heuristics.hard_evaluate(low, 0)


def test_hard_values_points_scored_and_karma_by_the_phase():
    """Harvested points count whole; karma is worth 0.59 - 0.24 * phase a karma (a third of a
    point at the start, more as the bushel empties: it scores half a point at the end)."""
    s = parse_position("players=2 vines=-|-|-/-|-|- karma=5,1 score=4/2")
    phase = s.bushel_size() / 26
    karma = 0.59 - 0.24 * phase
    harvests = -0.18 - 0.82 * phase
    mine = 4 + harvests + 5 * karma
    theirs = 2 + harvests + 1 * karma
    assert heuristics.hard_evaluate(s, 0) == pytest.approx(mine - theirs)


def test_hard_values_a_finished_or_solo_game_as_the_greedy_evaluation_does():
    """A finished game is its result (±100 and the margin) and a solo game matched slots: the
    fitted weights are for the running two-player margin only."""
    over = parse_position(
        "players=2 phase=over vines=4r4r4r|-|-/-|-|- karma=4,3 score=6,5,4,3,2,1/6,6"
    )
    assert [row[-1] for row in over.score_sheet()["rows"]] == [24, 13]
    assert heuristics.hard_evaluate(over, 0) == 111.0  # a win by 11
    assert heuristics.hard_evaluate(over, 1) == -111.0
    solo = parse_position("players=1 vines=5r5r5r|-|- hand=5r score=1,2,3,4 karma=3")
    assert heuristics.hard_evaluate(solo, 0) == heuristics.evaluate(solo, 0)


def test_a_hint_says_when_a_completion_is_a_6th_tomato():
    """Rules, end of the game: the first 6th tomato harvested earns 2 more points and makes
    the round the last. A hint completing an opponent's vine says it hands them that; one
    harvesting the player's own 6th says so."""
    theirs = parse_position(
        "players=2 vines=-|-|-/5r5r5r|-|- hand=5r karma=3,3 score=1,2,3,4/1,2,3,4,5 last=1"
    )
    assert heuristics.explain_move(theirs, PlaceDie(0, 1, 0)) == (
        "completes the top vine of Player 2, worth only 5 to them, and earns you 3 karma, "
        "but it is their 6th tomato: 2 more points to them, and this round is the last"
    )
    fifth = parse_position(
        "players=2 vines=-|-|-/5r5r5r|-|- hand=5r karma=3,3 score=1,2,3,4/1,2,3 last=1"
    )
    assert "6th" not in heuristics.explain_move(fifth, PlaceDie(0, 1, 0))
    mine = parse_position(
        "players=2 vines=5r5r5r|-|-/-|-|- hand=5r karma=3,3 score=1,2,3,4,6/1,2 last=1"
    )
    assert heuristics.explain_move(mine, PlaceDie(0, 0, 0)) == (
        "harvests your top vine worth 5 into slot 6: your 6th tomato, 2 more points, and "
        "this round is the last"
    )
