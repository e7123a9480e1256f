"""Rules, "Solo rules": setup, four carts on their colour edges, the chasm reveals, results."""

import pytest

from engine.core import CHANCE, IllegalAction
from engine.off_the_rails import rules
from engine.off_the_rails.state import (
    CardSkipped,
    CartDerailed,
    ChasmCardShuffledBack,
    ChasmOpened,
    DrawGem,
    EndActions,
    PlaceCart,
    RevealCard,
)
from engine.off_the_rails.tasks import SoloReveal
from tests.engine.off_the_rails.helpers import blank, events_of, gem_total, lay, put_cart


def solo_started():
    s = rules.new_state(1, {})
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[-1][0])
    return s


def test_solo_setup_one_jewel_on_every_mine_square():
    s = rules.new_state(1, {})
    assert dict(s.chance_outcomes())[DrawGem("ruby")] == pytest.approx(10 / 32)
    assert not any(a.gem == "rock" for a, _ in s.chance_outcomes())
    s = solo_started()
    assert len(s.gems) == 32 and all(sum(g) == 1 for g in s.gems.values())
    totals = [sum(g[i] for g in s.gems.values()) for i in range(5)]
    assert totals == [0, 10, 9, 8, 5]
    assert gem_total(s) == 66 and s.missions == []
    assert len(s.solo_deck) == 33


def test_solo_four_carts_each_on_its_colour_edge_all_on_board():
    s = solo_started()
    assert [k.colour for k in s.carts] == ["red", "yellow", "green", "blue"]
    assert {(a.row, a.col) for a in s.cart_placements(1)} == {(r, 12) for r in range(12)}
    with pytest.raises(IllegalAction, match="blue cart starts only on the west edge"):
        s.apply_action(PlaceCart(3, -1, 0))
    s.apply_action(PlaceCart(0, -1, 0))
    s.apply_action(PlaceCart(1, 0, 12))
    s.apply_action(PlaceCart(2, 12, 0))
    s.apply_action(PlaceCart(3, 0, -1))  # all four may be on the board
    assert all(k.where == "board" for k in s.carts)


def test_solo_first_phase_four_chasms_then_one_chasm_card_shuffled_back_skips():
    s = solo_started()
    s.apply_action(EndActions())
    assert s.tasks[0] == SoloReveal(4)
    s.apply_action(RevealCard("red", 1))
    ev = s.apply_action(RevealCard("chasm", 0))
    assert events_of(ev, ChasmCardShuffledBack) and ("chasm", 0) in s.solo_deck
    s.apply_action(RevealCard("red", 2))
    s.apply_action(RevealCard("blue", 5))
    # the Chasm card was one of the four reveals: it placed no token
    assert len(s.chasm) == 3 and s.token_supply["red"] == 3
    assert s.turn == 2 and s.current_player() == 0
    s.apply_action(EndActions())
    assert s.tasks[0] == SoloReveal(1)
    # a colour with no token left is skipped and the next card revealed
    s.token_supply["yellow"] = 0
    ev = s.apply_action(RevealCard("yellow", 3))
    assert events_of(ev, CardSkipped) and s.current_player() == CHANCE
    ev = s.apply_action(RevealCard("red", 3))
    assert events_of(ev, ChasmOpened)[0].colour == "red" and s.turn == 3


def test_solo_derailed_cart_leaves_the_game():
    s = blank(1)
    put_cart(s, 0, (0, 0), "S", speed=1)
    ev = s.apply_action(EndActions())
    assert events_of(ev, CartDerailed)[0].removed and s.carts[0].where == "lost"


def delivered(**per_edge):
    s = blank(1)
    for edge, counts in per_edge.items():
        s.delivered[edge] = tuple(counts)
    s.over = True
    s.tasks = []
    return s


def test_solo_major_victory():
    s = delivered(
        north=(0, 2, 0, 0, 0), east=(0, 0, 0, 2, 0), south=(0, 0, 3, 0, 0), west=(0, 0, 0, 0, 2)
    )
    r = rules.solo_result(s)
    assert r["result"] == "major victory" and r["right_sets"] == 2 and r["high_score"] == 9 + 200
    assert s.score_sheet()["solo"]["won"] and s.returns() == [1.0]


def test_solo_victory_and_partial_victory_and_loss():
    s = delivered(
        north=(0, 1, 1, 0, 0), east=(0, 0, 0, 1, 0), south=(0, 0, 1, 0, 0), west=(0, 0, 0, 0, 1)
    )
    r = rules.solo_result(s)
    assert r["result"] == "victory" and r["right_sets"] == 1 and r["wrong_sets"] == 0
    s = delivered(north=(0, 1, 1, 1, 1))
    r = rules.solo_result(s)
    assert r["result"] == "partial victory" and r["high_score"] == 4 + 10
    s = delivered(north=(0, 3, 1, 1, 0))
    r = rules.solo_result(s)
    assert r["result"] == "loss" and r["high_score"] == 5
    sheet = s.score_sheet()
    assert sheet["winners"] == [] and not sheet["solo"]["won"] and sheet["rows"] == [[5, 0, 0, 5]]


def test_solo_game_ends_when_all_carts_are_gone():
    s = blank(1)
    for ci in (1, 2, 3):
        s.carts[ci].where = "lost"
    put_cart(s, 0, (0, 0), "S", speed=1)
    s.apply_action(EndActions())
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
    assert s.is_terminal() and s.result == "loss"


def test_solo_deliveries_recorded_by_edge():
    s = blank(1)
    lay(s, {(0, 3): "NS"})
    put_cart(s, 0, (0, 3), "N", speed=1, load=(0, 2, 0, 0, 1))
    s.apply_action(EndActions())
    assert s.delivered["north"] == (0, 2, 0, 0, 1) and s.carts[0].where == "supply"


def test_solo_summary_is_short_and_notes_say_what_was_missing():
    """The headline fits the score screen at 1024 wide; the notes explain the high score and
    what the result lacked."""
    s = delivered(north=(0, 1, 1, 1, 1))
    sheet = s.score_sheet()
    assert sheet["solo"]["summary"] == "Partial victory, high score 14"
    assert sheet["columns"] == [
        "Jewels delivered",
        "Sets to other edges",
        "Sets to own edges",
        "Total",
    ]
    assert sheet["notes"][1] == (
        "For a victory, bring one of each jewel out by its own edge: "
        "rubies north, gold east, emeralds south, diamonds west."
    )
    s = delivered(north=(0, 3, 1, 0, 0))
    sheet = s.score_sheet()
    assert sheet["solo"]["summary"] == "Loss, high score 4"
    assert sheet["notes"][1] == "No full set: no gold or diamonds reached the surface."


def test_solo_tally_reads_as_a_running_count():
    """The table's solo status: nothing alarming before anything happened."""
    s = blank(1)
    assert rules.solo_tally(rules.solo_result(s)) == "So far: no set delivered · high score 0"
    s = delivered(north=(0, 1, 1, 1, 1))
    assert rules.solo_tally(rules.solo_result(s)) == "So far: partial victory · high score 14"


def test_solo_match_counts_every_turn():
    """A solo game has one player, so the match counts turns by the engine's TurnStarted
    (TurnStarted events), not by changes of player: it matches the game's own turn."""
    from engine.bots import make_bot
    from engine.match import Match, Seat
    from engine.off_the_rails import GAME

    m = Match(GAME, [Seat("bot", "Solo", "easy")], seed=5)
    steps = 0
    while not m.is_terminal() and m.state.turn < 4 and steps < 3000:
        if m.is_chance():
            m.advance_chance()
        else:
            m.play_bot_turn_now(lambda s, lv: make_bot(s, lv))
        steps += 1
    assert m.state.turn >= 4
    assert m.turn_count() == m.state.turn
