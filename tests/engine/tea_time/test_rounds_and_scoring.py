"""The end of a round, the end of the game and scoring (docs/rules/tea_time.md; TT-D3, TT-D5)."""

from __future__ import annotations

import random

import pytest

from engine.match import Match, Seat
from engine.tea_time import GAME
from engine.tea_time.rules import column_points, total_points, winners
from engine.tea_time.state import CHARACTERS, Phase
from tests.engine.tea_time.helpers import deal, event_types, pos, take


def test_the_round_ends_when_the_table_is_empty_and_not_before():
    state = pos("players=2 round=2 turn=4 active=0 first=1 table=..../.PA./.... collections=-/-")
    events = take(state, (1, 1))
    assert event_types(events) == ["CardsTaken", "TurnStarted"]
    assert state.round == 2
    events = take(state, (1, 2))
    assert event_types(events) == ["CardsTaken", "RoundEnded", "RoundStarted"]
    assert state.round == 3 and state.phase == Phase.DEAL


def test_tt_d3_alices_holder_goes_first_next_round_and_lays_it_out():
    state = pos(
        "players=3 round=1 turn=5 active=2 first=0 table=..../..../..A./.... collections=-/-/-"
    )
    events = take(state, (2, 2))
    assert events[1].alice_holder == 2 and events[2].first_player == 2
    deal(state)
    assert state.first_player == 2 and state.active == 2 and state.turn == 1
    assert state.alice == 2  # she is in the first player's hand until turn 1
    take(state, (0, 0))
    assert state.table[0][0].is_alice and state.alice is None


def test_the_last_round_ending_ends_the_game():
    state = pos("players=2 round=5 turn=4 active=1 table=..../.A../.... deck=-")
    events = take(state, (1, 1))
    assert event_types(events) == ["CardsTaken", "RoundEnded", "GameEnded"]
    assert state.is_terminal() and state.legal_actions() == []


@pytest.mark.parametrize("players, rounds", [(2, 5), (3, 3), (4, 3)])
def test_a_whole_game_lasts_its_rounds_and_uses_every_card(players, rounds):
    """5 rounds with 2 players, 3 with 3 or 4; every layout is full and the deck ends empty."""
    match = Match(GAME, [Seat("human", f"P{n}") for n in range(players)], seed=players)
    rng = random.Random(players)
    started = []
    while not match.is_terminal():
        if match.is_chance():
            events = match.advance_chance()
        else:
            legal = match.legal_actions()
            events = match.apply(legal[int(rng.random() * len(legal))])
        started += [e.round for e in events if type(e).__name__ == "RoundStarted"]
        if match.state.phase == Phase.PLAY and match.state.turn == 1:
            assert match.state.cards_on_table() == match.state.rows * match.state.columns
    assert started == list(range(1, rounds + 1))
    assert sum(match.state.deck.values()) == 0


def test_column_scoring_by_count():
    """0 → 5, 1 → 1, 2 → 3, 3 → 6, 4 → 10, 5 or more → 15."""
    assert [column_points(count) for count in range(9)] == [5, 1, 3, 6, 10, 15, 15, 15, 15]


def test_alice_gives_four_points_at_the_end():
    state = pos(
        "players=2 phase=over round=5 turn=6 active=- deck=- collections=P5,r4,C3,h2,M1,A/P1,C1,M1"
    )
    assert total_points(state, 0) == 15 + 10 + 6 + 3 + 1 + 5 + 4
    sheet = state.score_sheet()
    assert sheet["columns"] == [
        "Caterpillar",
        "White Rabbit",
        "Cheshire Cat",
        "Mad Hatter",
        "March Hare",
        "Dormouse",
        "Alice",
        "Total",
    ]
    assert sheet["rows"][0] == [15, 10, 6, 3, 1, 5, 4, 44]
    assert sheet["rows"][1] == [1, 5, 1, 5, 1, 5, 0, 18]
    assert sheet["cards"][0] == [5, 4, 3, 2, 1, 0]
    assert sheet["winners"] == [0] and state.returns() == [1.0, 0.0]


def test_tt_d5_a_tie_goes_to_the_tied_player_holding_alice():
    # seat 0: 10 + 5 × 5 = 35; seat 1: 3 + 3 + 10 + 3 × 5 + 4 = 35
    state = pos("players=2 phase=over round=5 turn=6 active=- deck=- collections=P4/P2,R2,C4,A")
    assert [total_points(state, seat) for seat in (0, 1)] == [35, 35]
    sheet = state.score_sheet()
    assert sheet["winners"] == [1]
    assert sheet["notes"] == ["Player 2 holds Alice and wins the tie."]


def test_tt_d5_tied_players_without_alice_share_the_victory():
    # 3 players: seats 0 and 1 tie on 35 points, seat 2 holds Alice with less
    state = pos("players=3 phase=over round=3 turn=6 active=- deck=- collections=P4/R4/C2,A")
    totals = [total_points(state, seat) for seat in range(3)]
    assert totals == [35, 35, 3 + 25 + 4]
    assert winners(state, totals) == [0, 1]
    sheet = state.score_sheet()
    assert sheet["winners"] == [0, 1] and sheet["notes"] == ["Tied players share the victory."]
    assert state.returns() == [1.0, 1.0, 0.0]


def test_the_game_ended_event_names_the_winner():
    state = pos("players=2 round=5 turn=4 active=1 table=..../.A../.... deck=- collections=P6/-")
    events = take(state, (1, 1))
    assert events[-1].winners == (0,) and events[-1].totals == (15 + 25, 30 + 4)
    assert state.cancelled["P"] == 4
    assert events[-1].text(["Ana", "Bob"]) == "Game over: Ana wins with 40 points."


def test_score_sheet_before_the_end_counts_the_columns_as_they_stand():
    state = pos("players=2 turn=3 table=PrCh/mDhC/PrCh collections=c3/-")
    assert state.score_sheet()["rows"][0] == [5, 5, 6, 5, 5, 5, 4, 35]  # she holds Alice
    assert all(column in state.column_points(0) for column in CHARACTERS)


def test_the_rules_help_tip_a_new_column_pays_from_its_third_card():
    """The rules help says a new column costs points at first and pays from the third card on
    (play-test: it said the fourth): empty 5, one or two cards less, three cards more."""
    from engine.tea_time import RULES_SUMMARY
    from engine.tea_time.rules import column_points

    assert "pays from the third card on" in " ".join(RULES_SUMMARY.split())
    assert column_points(1) < column_points(2) < column_points(0) < column_points(3)
