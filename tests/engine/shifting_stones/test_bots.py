"""Shifting Stones' computer players (engine/shifting_stones/bots.py): they decide from their
observation alone, sampling the hidden cards; the search of payments is exact; each level plays
legal moves; Hard finds the better turn."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.bots import make_bot
from engine.match import Match, Seat
from engine.shifting_stones import GAME
from engine.shifting_stones.bots import sample_hidden
from engine.shifting_stones.data import CARDS, SOLO_DECK
from engine.shifting_stones.heuristics import payments_away, search_plans
from engine.shifting_stones.state import HIDDEN, Pay, Score
from tests.engine.shifting_stones.helpers import brute_distance, check_components, pos
from tests.soak import keep_first

LEVELS = ("easy", "medium", "hard")


def positions(players: int, count: int, seed: int) -> list:
    """States at a player's decision from a seeded game of Easy bots (chance by the match)."""
    match = Match(GAME, [Seat("bot", f"B{i}", "easy") for i in range(players)], seed=seed)
    found = []
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        found.append(match.state.clone())
        match.play_bot_turn_now(make_bot)
    step = max(1, len(found) // count)
    return found[::step][:count]


def other_hidden_cards(state, player: int, rng: random.Random):
    """The same position for ``player`` with every card they may not see dealt anew: the other
    hands and the deck (and in solo the cards out of play) exchanged at random."""
    other = state.clone()
    places = [seat for seat in range(state.num_players) if seat != player]
    unseen = [c for seat in places for c in state.hands[seat]] + state.deck + state.out_of_play
    rng.shuffle(unseen)
    for seat in places:
        other.hands[seat] = [unseen.pop() for _ in state.hands[seat]]
    if state.solo:
        # the deck keeps its values (8 / 4 / 3 / 1 in play): swap cards of equal value only
        by_value: dict = {}
        for card in state.deck + state.out_of_play:
            by_value.setdefault(CARDS[card].points, []).append(card)
        for cards in by_value.values():
            rng.shuffle(cards)
        counts = Counter(CARDS[card].points for card in state.deck)
        other.deck = sorted(c for v, cards in by_value.items() for c in cards[: counts[v]])
        other.out_of_play = sorted(set(state.deck + state.out_of_play) - set(other.deck))
    else:
        other.deck = sorted(unseen)
    other._legal = None
    return other


@pytest.mark.parametrize("players", [1, 2, 3])
@pytest.mark.long
def test_a_bots_choice_is_the_same_whatever_the_hidden_cards_are(players):
    """Secret hands: two positions that differ only in the cards the mover may not see give the
    mover the same observation, which holds no hidden card, and every level the same choice."""
    rng = random.Random(players)
    changed = 0
    for index, state in enumerate(positions(players, 4, seed=40 + players)):
        mover = state.current_player()
        other = other_hidden_cards(state, mover, rng)
        changed += other.to_dict() != state.to_dict()
        check_components(other)
        seen = state.observation(mover)
        assert seen.to_dict() == other.observation(mover).to_dict()
        assert all(
            set(hand) == {HIDDEN} for s, hand in enumerate(seen.hands) if s != mover and hand
        )
        assert set(seen.deck) <= {HIDDEN} and set(seen.out_of_play) <= {HIDDEN}
        for level in LEVELS:
            choices = {
                make_bot(GAME, level).choose(
                    s.observation(mover), s.legal_actions(), random.Random(index)
                )
                for s in (state, other)
            }
            assert len(choices) == 1, (level, choices)
    assert changed  # the hidden cards did differ


@pytest.mark.parametrize("players", [1, 2, 4])
@pytest.mark.long
def test_sampled_hidden_cards_fit_the_observation(players):
    """Information-set sampling: the sample shows the viewer exactly what they saw, keeps every
    hand's size, places each card once, and in solo keeps the deck's 8 / 4 / 3 / 1 values."""
    for state in positions(players, 3, seed=60 + players):
        mover = state.current_player()
        seen = state.observation(mover)
        for seed in range(3):
            sample = sample_hidden(seen, random.Random(seed))
            assert sample.viewer is None and HIDDEN not in sample.deck
            assert sample.observation(mover).to_dict() == seen.to_dict()
            check_components(sample)
            if players == 1:
                in_play = [
                    c
                    for pile in (*sample.hands, sample.deck, sample.discard, *sample.scored)
                    for c in pile
                ]
                assert Counter(CARDS[c].points for c in in_play) == SOLO_DECK


@pytest.mark.long
def test_payments_away_is_the_fewest_moves_to_a_match():
    """The hand display's "N payments away", against a search over grids written for the test."""
    rng = random.Random(5)
    for state in positions(2, 6, seed=70):
        grid = state.grid_text()
        for card in rng.sample(sorted(CARDS), 12):
            assert payments_away(grid, card) == brute_distance(grid, card), (grid, card)
            assert state.payments_away(card) == payments_away(grid, card)


def test_the_search_may_pay_with_a_matching_card_to_reach_a_better_one():
    """Hand: a fish in the centre (1 point) matches; Moon–·–· / ·–Fish–· / ·–·–Fish (5 points)
    is 3 payments away. Scoring the 1 first would leave only 2 cards to pay: the best turn
    pays with it and scores the 5."""
    state = pos(PAY_TO_REACH)
    assert Score(12) in state.legal_actions()
    assert payments_away(state.grid_text(), 35) == 3
    best = max(search_plans(state.grid_text(), state.hands[0]), key=lambda plan: plan.points)
    assert best.scored == (35,) and best.points == 5
    action = make_bot(GAME, "hard").choose(
        state.observation(0), state.legal_actions(), random.Random(1)
    )
    assert isinstance(action, Pay)


PAY_TO_REACH = "grid=THM/EFO/OEB hands=35,12,5,17/-"


@pytest.mark.parametrize(
    "level, players",
    keep_first(
        [("easy", 3), ("medium", 5), ("hard", 1), ("easy", 1), ("easy", 5), ("medium", 1)]
        + [("medium", 3), ("hard", 2), ("hard", 3), ("hard", 5)],
        count=3,
    ),
)
@pytest.mark.long
def test_every_level_plays_whole_games(level, players):
    """Whole games of bots of one level to the end, every component kept (Hard's bigger
    tables are soak cases: its playouts make a game of 5 cost a minute)."""
    match = Match(GAME, [Seat("bot", f"B{i}", level) for i in range(players)], seed=players)
    steps = 0
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
        else:
            match.play_bot_turn_now(make_bot)
        steps += 1
        assert steps < 3000
    check_components(match.state)
    assert match.state.score_sheet()["rows"]


def _ending_position(behind: bool) -> str:
    """Ana (seat 0, 8 cards, 11 points, five 1-point cards) holds Tree over Horse (39, matching
    now), Moon-any-any (31, a flip and a swap away), a 3 × 3 Moon card (51) and any-Seed over
    Boat-any (23); Ben went first and has 9 cards, 14 points (five 1-point cards; with
    ``behind``, a 5-point card for one of them: 18). Scoring 39 and 31 brings Ana to 10 cards:
    the game ends, Ana at 14 and the 3 for the most 1-point cards."""
    hand = [31, 39, 51, 23]
    free = [card for card in CARDS if card not in hand]
    by_points = {points: [c for c in free if CARDS[c].points == points] for points in (1, 2, 3, 5)}
    ana = by_points[1][:5] + by_points[2][:3]
    ben = by_points[1][5:10] + by_points[2][3:6] + by_points[3][:1]
    ben_hand = by_points[1][10:12] + by_points[2][6:8]
    if behind:
        ben = by_points[1][5:9] + by_points[5][:1] + by_points[2][3:6] + by_points[3][:1]
    text = ",".join
    return (
        f"players=2 grid=TSO/HBH/EFT first=1 active=0 hands={text(map(str, hand))}/"
        f"{text(map(str, ben_hand))} scored={text(map(str, ana))}/{text(map(str, ben))}"
    )


def test_a_plan_that_ends_the_game_ahead_is_worth_the_win_to_hard():
    """Play-test: the hint spent a matching card to score one 1-point card, where scoring it
    and flipping the Sun to a Moon for Moon-any-any ended the game with Ana ahead (rules: the
    cards that end the game, the 3 for the most 1-point cards). Hard (and so the hint) values
    a plan ending the game by who wins it; ending it behind is worse than playing on. Medium
    counts only points (given this too, it closed on Hard: heuristics.RESULT)."""
    from engine.shifting_stones.bots import HARD, MEDIUM, ranked_plans

    ahead = pos(_ending_position(False)).observation(0)
    assert ranked_plans(ahead, HARD)[0].scored == (39, 31)  # 14 + 3 against 14: a win
    behind = pos(_ending_position(True)).observation(0)  # 17 against 18: ending loses
    best = ranked_plans(behind, HARD)[0]
    assert len(best.scored) + 8 < 10, best.scored
    ending = next(plan for plan in ranked_plans(behind, MEDIUM) if len(plan.scored) + 8 >= 10)
    assert ending.parts["result"] == 0.0  # Medium counts only points


def _first_player_ending(ben_scored: str) -> str:
    """Ana went first (seat 0, mid-turn) with 9 cards, 15 points and four 1-point cards; she
    holds “row: any, Horse, Bird” (45) and “column: Boat, Fish” (10, 1 point, matching now).
    Ben has 7 cards and four 1-point cards among ``ben_scored``. Scoring 10 ends the game
    with Ana's 16 and the 3 for the most 1-point cards hers alone, and Ben plays a last turn.
    Found in a seeded game (test_hints.py, seed 530's 23rd sampled decision)."""
    return (
        "players=2 grid=OHE/FME/EOB first=0 active=0 hands=45,10/69,37,46,60 "
        f"scored=67,50,70,43,56,19,5,13,59/{ben_scored} acted=yes"
    )


def test_hard_ends_the_game_ahead_by_its_chance_of_winning_the_last_turn():
    """Hard used to pay with the matching 1-point card rather than end the game 19 to 12 as
    the first player: a plan after which the others still play a last turn was worth its
    points only. Now it counts the win by its chance (heuristics.win_chance, the others'
    last turns as heuristics.LAST_TURN): Ben wins with two 1-point cards, or 5 points with
    one, and ties with 4 points with one or 7 without: 0.825, worth 10 × (2 × 0.825 − 1) =
    6.5. At 19 to 15 Ben ties or wins far more often: 0.42, −1.6."""
    from engine.shifting_stones.bots import HARD, ranked_plans
    from engine.shifting_stones.heuristics import outlook, win_chance

    ahead = pos(_first_player_ending("57,15,4,18,54,7,11")).observation(0)
    best = ranked_plans(ahead, HARD)[0]
    assert best.scored == (10,)
    assert best.parts["result"] == pytest.approx(6.5)
    assert win_chance(outlook(ahead, 0), best, (5, 4)) == pytest.approx(0.825)
    closer = pos(_first_player_ending("57,15,4,18,54,33,11")).observation(0)  # 7 → 33: 5 points
    plan = next(plan for plan in ranked_plans(closer, HARD) if plan.scored == (10,))
    assert win_chance(outlook(closer, 0), plan, (5, 4)) == pytest.approx(0.42)
    assert plan.parts["result"] == pytest.approx(-1.6)


def test_hard_scores_rather_than_stall_once_the_hands_hold_every_card():
    """A benchmark game (Hard v Medium, seed 1325) never ended: both players had 9 of the 10
    cards that end it, Medium hoarded 38 cards it never spent (a plan that ends the game keeps
    no promise) and Hard, behind, waited with 16, the deck and the discard pile empty. With
    fewer cards left to draw than a skip draws Hard scores what it can. Here Ana (9 cards, 9
    points, going second) is 20 points behind: “column: Boat, Fish” matches and ends the game
    lost (the planner's best plan ends the turn at once), and Hard scores it."""
    from engine.shifting_stones.bots import HARD, HardBot, ranked_plans

    rest = [card for card in range(28, 73) if card not in (32, 34)]  # 32, 34: scored
    ben_hand = ",".join(str(card) for card in [11, 14, 17, 19, 22, 23, 25, *rest])
    state = pos(
        f"players=2 grid=OHE/FME/EOB first=1 active=0 hands=10,6,7,8/{ben_hand} "
        "scored=1,9,12,13,15,16,21,24,34/2,3,4,5,18,20,26,27,32 deck=- discard=-"
    )
    seen = state.observation(0)
    assert not seen.deck and not seen.discard and state.points(1) - state.points(0) == 20
    assert ranked_plans(seen, HARD)[0].scored == ()
    assert HardBot().choose(seen, state.legal_actions(), random.Random(0)) == Score(10)


@pytest.mark.long  # forty Hard searches
@pytest.mark.parametrize("timed", [True, False])
def test_a_short_search_does_not_skip_where_a_card_worth_2_is_one_flip_away(timed):
    """Play-test: the hint (Hard with a timed search on a busy computer, one or two sampled
    futures) skipped where one flip scored “column: any, any, Moon” for 2 points. The
    planner's values count as PRIOR_SAMPLES samples in both searches, timed and fixed (one
    rule): without them 7 of these 40 one-sample searches skipped."""
    from engine.shifting_stones.bots import HardBot
    from engine.shifting_stones.state import Skip
    from tests.engine.shifting_stones.test_hints import PLAY_TEST_FIRST_TURN

    state = pos(PLAY_TEST_FIRST_TURN)
    seen, legal = state.observation(0), state.legal_actions()

    def one_sample():  # timed: a clock that never moves and a turn's work of one sample
        bot = HardBot(budget=1e-6, clock=lambda: 0.0) if timed else HardBot(samples=1)
        assert bot.search.timed == timed
        return bot

    choices = [one_sample().choose(seen, legal, random.Random(seed)) for seed in range(40)]
    assert Skip() in legal and Skip() not in choices
    assert all(isinstance(choice, Pay) for choice in choices)


def test_a_timed_hards_next_step_is_the_one_its_hint_named():
    """Play-test: following the hints step by step, a player was told to score a card, then
    at the next step to pay with it: the plan remembered from the turn's first decision was
    not the plan the hint had just described. Each step of a followed plan is the next step
    the hint for the step before named (:func:`hint_for`)."""
    from engine.bots.search import TurnClock
    from engine.shifting_stones.bots import hint_for
    from tests.clock import SteppingClock

    checked = 0
    for seed in (0, 3):  # turns where the remembered rest once differed from the hint
        match = Match(GAME, [Seat("human", "A"), Seat("bot", "B", "medium")], seed=seed)
        rng, turns = random.Random(seed), TurnClock()
        for _turn in range(2):
            while match.current_player() != 0 and not match.is_terminal():
                if match.is_chance():
                    match.advance_chance()
                else:
                    medium = make_bot(GAME, "medium")
                    seen = match.state.observation(1)
                    match.apply(medium.choose(seen, match.legal_actions(), rng))
            if match.is_terminal():
                break
            named: list = []
            while match.current_player() == 0:
                hard = make_bot(GAME, "hard", 1.0, SteppingClock(0.01), turns=turns)
                seen = match.state.observation(0)
                key = ("hint", seed, match.turn_count())
                action = hard.choose(seen, tuple(match.legal_actions()), match.bot_rng(), turn=key)
                if named:
                    assert action == named[0], (seed, action, named)
                    checked += 1
                hint = hint_for(match.state, action)
                named = list(hint.steps[1:]) if hint is not None else []
                match.apply(action)
                while match.is_chance():
                    match.advance_chance()
    assert checked >= 6


def test_a_payment_and_its_move_taken_at_once_keep_the_plan_the_hint_named():
    """Play-test: a player dragged the framed card's move (the payment and the move at once)
    and the next hint named another plan. The remembered plan goes on from any position it
    passes through (:func:`rest_of_plan`)."""
    from engine.bots.search import TurnClock
    from engine.shifting_stones.bots import hint_for, rest_of_plan
    from tests.clock import SteppingClock

    checked = 0
    for seed in range(8):
        match = Match(GAME, [Seat("human", "A"), Seat("bot", "B", "medium")], seed=seed)
        rng, turns = random.Random(seed), TurnClock()
        while match.current_player() != 0:
            if match.is_chance():
                match.advance_chance()
            else:
                seen = match.state.observation(1)
                match.apply(make_bot(GAME, "medium").choose(seen, match.legal_actions(), rng))
        hard = make_bot(GAME, "hard", 1.0, SteppingClock(0.01), turns=turns)
        key = ("hint", seed, match.turn_count())
        first = hard.choose(match.state.observation(0), tuple(match.legal_actions()), rng, turn=key)
        steps = hint_for(match.state, first).steps
        if not (len(steps) >= 3 and isinstance(steps[0], Pay)):
            continue
        remembered = hard.search.turns.plan
        match.apply(steps[0])
        match.apply(steps[1])  # the payment's move, at the same drag
        seen = match.state.observation(0)
        assert rest_of_plan(seen, *remembered)[: len(steps) - 2] == list(steps[2:])
        hard = make_bot(GAME, "hard", 1.0, SteppingClock(0.01), turns=turns)
        action = hard.choose(seen, tuple(match.legal_actions()), rng, turn=key)
        assert action == steps[2], (seed, action, steps)
        checked += 1
    assert checked >= 2


def test_hard_among_many_counts_a_fresh_card_and_the_one_point_race_for_half():
    """Against two or more opponents (rules, "Scoring": the most 1-point cards win 3 points,
    every tied player too) more rivals contest the race and spoil a card drawn afresh before
    Hard's next turn: Hard values both at half what it does against one."""
    from engine.shifting_stones import bots

    two, three, four = (bots.hard_style(players).weights for players in (2, 3, 4))
    assert two == bots.HARD.weights
    assert three == four == bots.HARD_AMONG_MANY.weights
    assert (three.fresh, three.bonus) == (two.fresh / 2, two.bonus / 2) == (0.3, 0.5)
    assert (three.keep, three.horizon, three.result) == (two.keep, two.horizon, two.result)
