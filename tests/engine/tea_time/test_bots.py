"""Tea Time's computer players and hints (engine/tea_time/bots.py, heuristics.py)."""

from __future__ import annotations

import random

import pytest

from engine.bots import make_bot
from engine.match import Match, Seat
from engine.tea_time import GAME, heuristics
from engine.tea_time.bots import EasyBot, MediumBot, RoundSearchBot
from engine.tea_time.rules import column_points
from engine.tea_time.state import TakeCards
from tests.engine.tea_time.helpers import pos


def positions(count: int, seed: int, players: int = 2) -> list:
    """States at a player's decision, reached by random play."""
    rng = random.Random(seed)
    match = Match(GAME, [Seat("human", str(n)) for n in range(players)], seed=seed)
    found = []
    while not match.is_terminal() and len(found) < count:
        if match.is_chance():
            match.advance_chance()
            continue
        if rng.random() < 0.3:
            found.append(match.state.clone())
        legal = match.legal_actions()
        match.apply(legal[int(rng.random() * len(legal))])
    return found


def test_a_columns_prospect_is_its_points_when_nothing_is_left_to_come():
    for count in range(8):
        assert heuristics.column_prospect(2, count, 0, [0, 0, 0]) == column_points(count)
    # with cards still to come, a column of 4 hopes for 15 and a column of 1 for more than 1
    assert 10 < heuristics.column_prospect(2, 4, 0, [3, 0, 0]) < 15
    assert heuristics.column_prospect(2, 1, 0, [3, 0, 0]) > 1
    # only cards of the column's side on the table can join it
    assert heuristics.column_prospect(2, 4, 0, [0, 3, 0]) == 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_quick_take_values_equal_the_evaluation_after_the_take(players):
    """take_values works without copying the state; it must agree with evaluate() of the
    position the take leads to, for every seat, and with the mover's own prospect."""
    for state in positions(6, seed=players, players=players):
        mover = state.current_player()
        for seat in range(players):
            for value, action in heuristics.take_values(state, seat):
                after = state.clone()
                after.apply_action(action)
                assert value == pytest.approx(heuristics.evaluate(after, seat))
        for value, action in heuristics.take_values(state, mover, own_only=True):
            after = state.clone()
            after.apply_action(action)
            assert value == pytest.approx(heuristics.prospects(after)[mover])


def test_evaluate_at_the_end_is_the_result_plus_the_margin():
    state = pos(
        "players=2 phase=over round=5 turn=6 active=- deck=- collections=P4/P2,R2,C4,A"
    )  # 35 each; Alice breaks the tie
    assert heuristics.evaluate(state, 1) == 100
    assert heuristics.evaluate(state, 0) == -100


def test_easy_never_harms_itself():
    """Easy keeps to takes within its margin of its own best, however its noise falls."""
    bot = EasyBot()
    for index, state in enumerate(positions(20, seed=8)):
        mover = state.current_player()
        own = dict(
            (action, value) for value, action in heuristics.take_values(state, mover, own_only=True)
        )
        best = max(own.values())
        for trial in range(5):
            choice = bot.choose(state, state.legal_actions(), random.Random(index * 10 + trial))
            assert own[choice] >= best - bot.harm_margin


def test_medium_takes_the_best_valued_line():
    for state in positions(10, seed=9, players=3):
        mover = state.current_player()
        choice = MediumBot().choose(state, state.legal_actions(), random.Random(0))
        best = max(value for value, _ in heuristics.take_values(state, mover))
        values = dict((action, value) for value, action in heuristics.take_values(state, mover))
        assert values[choice] == best


# Last round, two cards left far apart: whoever moves takes one and the other player the other.
# Seat 0 (to move, 36 points) has 1 Mad Hatter; seat 1 (30 + Alice = 34) has 3 Dormice. Taking
# the Mad Hatter (1 → 2 cards, +2) leaves seat 1 the Dormouse (3 → 4, +4): a tie at 38, which
# Alice's holder wins. Taking the Dormouse instead starts a column worth 1 for each: 32 to 30.
ENDGAME = (
    "players=2 round=5 turn=9 active=0 first=1 table=H.../..../..D. deck=- "
    "collections=H1,R4,C4/D3,P2,R2,C2,M4,A"
)


def test_hard_plays_the_round_out_and_finds_the_winning_take():
    state = pos(ENDGAME)
    results = {}
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        after.apply_action(after.legal_actions()[0])
        results[action] = after.score_sheet()["winners"]
    assert results == {TakeCards(((0, 0),)): [1], TakeCards(((2, 2),)): [0]}
    bot = RoundSearchBot()
    assert bot.choose(state, state.legal_actions(), random.Random(1)) == TakeCards(((2, 2),))


def test_hard_looks_into_the_next_round_with_sampled_layouts():
    """Near a round's end (not the last) Hard samples the next layout: more playouts than
    candidates, and the same choice for the same generator."""
    state = pos(
        "players=2 round=2 turn=7 active=1 first=0 table=Pr../.A../..Hm collections=P3,r1/C2,M1"
    )
    bot = RoundSearchBot(samples=24)
    first = bot.choose(state, state.legal_actions(), random.Random(4))
    assert bot.last_playouts > len(state.legal_actions())
    assert (
        RoundSearchBot(samples=24).choose(state, state.legal_actions(), random.Random(4)) == first
    )


def test_hard_keeps_to_its_budget_with_a_clock():
    ticks = iter(range(1000))
    bot = RoundSearchBot(budget=5, clock=lambda: next(ticks))
    state = positions(1, seed=3, players=4)[0]
    assert bot.choose(state, state.legal_actions(), random.Random(0)) in state.legal_actions()
    assert bot.last_playouts <= 6


def test_a_cancelled_hard_bot_still_answers_with_its_best_first_guess():
    state = positions(1, seed=3)[0]
    bot = RoundSearchBot()
    bot.cancel()
    best = max(heuristics.take_values(state, state.current_player()), key=lambda x: x[0])[1]
    assert bot.choose(state, state.legal_actions(), random.Random(0)) == best
    assert bot.last_playouts == 0


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_is_a_tea_time_bot(level):
    bot = make_bot(GAME, level)
    expected = {"easy": EasyBot, "medium": MediumBot, "hard": RoundSearchBot}[level]
    assert isinstance(bot.bot, expected)


# --- hint reasons ----------------------------------------------------------------------------
def explain(text: str, cells) -> str:
    state = pos(text)
    return GAME.bots.explain(state, TakeCards(tuple(cells)), ["Ana", "Bob"])


def test_hint_reason_names_the_column_it_grows():
    assert (
        explain("players=2 turn=3 table=PrCh/mDhC/PrMh collections=D3/-", [(1, 1)])
        == "Your Dormouse column reaches 4, worth 10."
    )


def test_a_hint_that_names_a_column_names_both_columns_of_a_take_of_two():
    """Issue 42 item 6: a take of a Dormouse and a March Hare grows one column and starts
    another; the reason named only the Dormouse. The column that gains most comes first."""
    assert (
        explain("players=2 turn=3 table=PrCh/mDhC/PrMh collections=D3/-", [(1, 1), (2, 2)])
        == "Your Dormouse column reaches 4, worth 10, and it starts your March Hare column, "
        "worth 1, not 5 as empty."
    )
    assert (
        explain("players=2 turn=3 table=PrCh/mDhC/PrMh collections=D3,M2/-", [(1, 1), (2, 2)])
        == "Your Dormouse column reaches 4, worth 10, and your March Hare column reaches 3, "
        "worth 6."
    )


def test_hint_reason_for_cancelling_down_to_an_empty_column():
    assert (
        explain("players=2 turn=3 table=PrCh/mDhC/PrMh collections=R1/-", [(0, 1)])
        == "Your White Rabbit column cancels out and is empty again, worth 5."
    )


def test_hint_reason_for_denying_an_opponent_names_them():
    assert (
        explain("players=2 turn=3 table=PrCh/mDhC/PrMh collections=-/C4", [(0, 2)])
        == "It keeps a normal Cheshire Cat from Bob, whose column of 4 would reach 5; it starts "
        "your Cheshire Cat column, worth 1, not 5 as empty."
    )


def test_hint_reason_for_alice_in_the_last_round():
    text = "players=2 round=5 turn=3 table=PrCh/mAhC/PrMh collections=-/-"
    assert explain(text, [(1, 1)]) == "Alice is worth 4 points at the end."
    assert (
        explain(text.replace("round=5", "round=2"), [(1, 1)])
        == "With Alice you go first next round."
    )


def test_a_hint_with_alice_names_the_columns_beside_her():
    """Play-test: a take of the Mad Hatter, a Cheshire Cat and Alice said only what Alice
    does. Both are said, the one worth more first."""
    text = "players=2 round=5 turn=3 table=PrCh/mAhC/PrMh collections=-/-"
    assert explain(text, [(1, 1), (1, 2)]) == (
        "Alice is worth 4 points at the end, and it starts your Mad Hatter column, worth 1, "
        "not 5 as empty."
    )


def test_hint_reasons_are_sentences_for_every_take():
    for state in positions(8, seed=12, players=3):
        for action in state.legal_actions():
            reason = GAME.bots.explain(state, action, ["Ana", "Bob", "Cy"])
            assert reason[0].isupper() and reason.endswith(".")
            assert "Player" not in reason and "TT-D" not in reason


def test_hint_reason_gives_the_reason_only_the_hint_names_the_cards():
    """The hint bar prints the move ("Take the Dormouse (row 2, column 1)…") before the reason,
    so the reason never names the take again, on the first turn of a round too."""
    first = pos("players=2 turn=1 table=PrCh/mDhC/PrMh collections=D2/-")
    assert (
        GAME.bots.explain(first, TakeCards(((1, 1),)), ["Ana", "Bob"])
        == "Your Dormouse column reaches 3, worth 6."
    )
    for state in positions(8, seed=5, players=2):
        for action in state.legal_actions():
            reason = GAME.bots.explain(state, action, ["Ana", "Bob"])
            assert not reason.startswith("Takes"), reason
            assert "in its place" not in reason, reason


def test_a_hint_says_other_lines_cost_more_only_when_each_one_does():
    """Play-test: on the first turn the hint said Mad Hatter "starts your Mad Hatter column,
    worth 1; every other line costs you more", yet every single card cost the same. The claim
    is made only when true: "no line costs you less" on a tie, nothing with no other take."""
    first = pos("players=2 turn=1 table=PrCh/mDhC/PrMh collections=-/-")
    for action in first.legal_actions():
        assert GAME.bots.explain(first, action, ["Ana", "Bob"]).endswith(
            "column, worth 1, not 5 as empty; no line costs you less."
        )
    rabbits = pos(
        "players=2 phase=play round=1 turn=4 first=1 active=0 table=Rd.c/hR.D/C... "
        "deck=P7,R8,C8,H8,M9,D8 collections=P1,m1/p2,H1,A cancelled=-"
    )
    pair = TakeCards(((0, 0), (1, 1)))
    assert GAME.bots.explain(rabbits, pair, ["Ana", "Bob"]) == (
        "It starts your White Rabbit column, worth 3, not 5 as empty; every other line costs "
        "you more."
    )
    last = pos(
        "players=2 phase=play round=4 turn=10 first=0 active=1 table=..../..../...h "
        "deck=P5,R1,H2,M2,D2 collections=P1,r2,C1,h1,M1,D2,A/p2,R1,c1,H2,M1,d2 "
        "cancelled=P2,R6,C8,H4,M6,D4"
    )
    (only,) = last.legal_actions()
    assert GAME.bots.explain(last, only, ["Ana", "Bob"]) == (
        "Cancelling leaves you 1 normal Mad Hatter, worth 1."
    )


def test_a_column_started_at_a_loss_says_when_it_pays_off():
    """A play-tester's find: the hint took a lone White Rabbit for -4 while another take
    gained, and the reason only said the new column was worth 1. Starting a column costs
    points now (an empty column is worth 5); the reason says the size at which it is worth
    more than an empty one, unless every other take costs more."""
    state = pos(
        "players=2 phase=play round=1 turn=3 first=0 active=0 table=Rd.c/hD.D/C... "
        "collections=D2/p2"
    )
    names = ["Ana", "Bob"]
    assert GAME.bots.explain(state, TakeCards(((0, 0),)), names) == (
        "It starts your White Rabbit column, worth 1 now and 6 at 3 cards."
    )
    assert GAME.bots.explain(state, TakeCards(((1, 1),)), names) == (
        "Your Dormouse column reaches 3, worth 6."
    )
    # a play-test: in the last round, with no more normal White Rabbits to come, 3 cards
    # cannot be reached, so the reason does not promise them
    last = pos(
        "players=2 phase=play round=5 turn=3 first=0 active=0 table=Rd.c/hD.D/C... "
        "deck=- collections=D2/p2,r1,h1,d1"
    )
    assert GAME.bots.explain(last, TakeCards(((0, 0),)), names) == (
        "It starts your White Rabbit column, worth 1, not 5 as empty."
    )
    # two more on the table still to take: 3 can be reached
    more = pos(
        "players=2 phase=play round=5 turn=3 first=0 active=0 table=RdRc/hD.D/C.R. "
        "deck=- collections=D2/p2,r1,h1,d1"
    )
    assert GAME.bots.explain(more, TakeCards(((0, 0),)), names) == (
        "It starts your White Rabbit column, worth 1 now and 6 at 3 cards."
    )


def test_a_hint_names_every_column_of_a_take_of_three():
    """Play-test: a take of three characters named two columns and left out the one it
    started. Each of the three is named, the column that gains most first."""
    reason = explain(
        "players=2 turn=3 table=PrCh/mDhC/PrMh collections=D3,M2/-", [(0, 0), (1, 1), (2, 2)]
    )
    assert reason == (
        "Your Dormouse column reaches 4, worth 10, your March Hare column reaches 3, worth 6, "
        "and it starts your Caterpillar column, worth 1, not 5 as empty."
    )
