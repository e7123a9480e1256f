"""Rules, "Missions" (OR-D11) and "End of the game and scoring" (ruby bonus, carts, tie-breaks)."""

import pytest

from engine.core import IllegalAction
from engine.off_the_rails import heuristics, rules
from engine.off_the_rails.state import ClaimMission, EndActions, MissionClaimed, MoveCart, PlaceTile
from engine.off_the_rails.tasks import tasks_from_lists
from tests.engine.off_the_rails.helpers import blank, events_of, lay, put_cart


def exit_north(load, missions, edge_side="N", stock=None):
    """Seat 0 (north edge) sends a loaded cart off the grid by ``edge_side``."""
    s = blank(2)
    s.missions = list(missions)
    if stock:
        s.stockpiles[0] = stock
    sq = {"N": (0, 3), "S": (11, 3)}[edge_side]
    lay(s, {sq: "NS"})
    put_cart(s, 0, sq, edge_side, speed=2, load=load)
    ev = s.apply_action(EndActions())
    return s, ev


def claimed(ev):
    return [e.mission for e in events_of(ev, MissionClaimed)]


def test_mission_1_behind_enemy_lines_opponent_edge_only():
    s, ev = exit_north((0, 1, 0, 0, 0), [1], edge_side="S")
    assert claimed(ev) == [1] and s.taken[0] == [1] and s.missions == []
    s, ev = exit_north((0, 1, 0, 0, 0), [1], edge_side="N")  # own edge: no
    assert claimed(ev) == []


def test_mission_3_diamonds_arent_forever():
    s, ev = exit_north((0, 0, 0, 0, 1), [3])
    assert claimed(ev) == [3]


def test_mission_6_green_fingers_9_red_leader_11_gold():
    assert claimed(exit_north((0, 0, 2, 0, 0), [6])[1]) == [6]
    assert claimed(exit_north((0, 0, 1, 0, 0), [6])[1]) == []
    assert claimed(exit_north((0, 4, 0, 0, 0), [9])[1]) == [9]
    assert claimed(exit_north((0, 3, 0, 0, 0), [9])[1]) == []
    assert claimed(exit_north((0, 0, 0, 2, 0), [11])[1]) == [11]


def test_mission_10_spice_of_life_from_stockpile():
    s, ev = exit_north((0, 0, 0, 0, 1), [10], stock=(0, 1, 1, 1, 0))
    assert claimed(ev) == [10]


def test_mission_5_gem_collector_five_jewels_no_rocks():
    s = blank(2)
    s.missions = [5]
    lay(s, {(0, 2): "NS", (1, 2): "NS", (2, 2): "NS"})
    s.gems[(1, 2)] = (0, 1, 0, 0, 0)
    s.bag = (12, 23, 15, 10, 5)
    put_cart(s, 0, (0, 2), "S", speed=2, load=(0, 2, 2, 0, 0))
    ev = s.apply_action(EndActions())
    assert s.carts[0].load == (0, 3, 2, 0, 0) and claimed(ev) == [5]


def collide(missions, mover_load, other_load, other_facing="E"):
    s = blank(2)
    s.missions = list(missions)
    lay(s, {(2, c): "EW" for c in range(12)})
    put_cart(s, 0, (2, 1), "E", speed=4, load=mover_load)
    put_cart(s, 2, (2, 4), other_facing, load=other_load)
    ev = s.apply_action(EndActions())
    return s, ev


def test_mission_2_bumper_carts_derail_opponent_in_collision():
    s, ev = collide([2], (0, 1, 0, 0, 0), (0, 0, 0, 0, 0))
    assert claimed(ev) == [2]


def test_mission_7_head_to_head():
    s, ev = collide([7], (0, 1, 0, 0, 0), (0, 0, 0, 0, 0), other_facing="W")
    assert claimed(ev) == [7]


def test_mission_8_jewel_heist_not_for_rocks():
    s, ev = collide([8], (0, 1, 0, 0, 0), (0, 0, 1, 0, 0))
    assert claimed(ev) == [8]
    s, ev = collide([8], (0, 1, 0, 0, 0), (1, 0, 0, 0, 0))
    assert claimed(ev) == []


def test_mission_4_dirty_goblins_at_the_end_ties_nobody():
    s = blank(2)
    s.missions = [4]
    s.stockpiles = [(3, 0, 0, 0, 0), (1, 0, 0, 0, 0)]
    s.tasks = tasks_from_lists(("game_end",))
    rules._advance(s, [])
    assert s.taken[0] == [4]
    s = blank(2)
    s.missions = [4]
    s.stockpiles = [(2, 0, 0, 0, 0), (2, 0, 0, 0, 0)]
    s.tasks = tasks_from_lists(("game_end",))
    rules._advance(s, [])
    assert s.taken == [[], []]


def test_or_d11_two_missions_at_once_player_chooses_one():
    """OR-D11: one move fulfilling two missions: the player chooses one."""
    s, ev = exit_north((0, 0, 0, 2, 1), [3, 11])
    assert s.pending() == "mission" and s.legal_actions() == [ClaimMission(3), ClaimMission(11)]
    # the hint's reason: the other is worth as much and stays (a play-tester read "for 4
    # points" as if the other were worth less)
    assert heuristics.explain_move(s, ClaimMission(11)) == (
        "Takes the mission There's Gold in Them Hills; Diamonds aren't Forever is worth 4 "
        "points too and stays face up for a later turn."
    )
    s.apply_action(ClaimMission(11))
    assert s.taken[0] == [11] and s.missions == [3]


def test_missions_at_most_one_per_turn():
    s = blank(2)
    s.missions = [3, 9]
    lay(s, {(0, 3): "NS", (0, 6): "NS"})
    put_cart(s, 0, (0, 3), "N", speed=1, load=(0, 0, 0, 0, 1))
    put_cart(s, 1, (0, 6), "N", speed=1, load=(0, 4, 0, 0, 0))
    s.apply_action(EndActions())
    ev = s.apply_action(MoveCart(0))
    assert claimed(ev) == [3] and s.missions == [9] and s.stockpiles[0] == (0, 4, 0, 0, 1)


def finished(stockpiles, taken=None, lost=()):
    s = blank(len(stockpiles))
    s.stockpiles = [tuple(x) for x in stockpiles]
    s.taken = taken or [[] for _ in stockpiles]
    for ci in lost:
        s.carts[ci].where = "lost"
    s.over = True
    s.tasks = []
    return s


def test_scoring_gems_ruby_bonus_carts_missions():
    """Score: gem values, +5 for most rubies (ties share), +3 per cart in supply, +4 per mission."""
    s = finished([(2, 3, 1, 1, 1), (0, 3, 0, 0, 0)], taken=[[1], []], lost=(3,))
    sheet = s.score_sheet()
    # one column per scoring category, each row adding up to its total
    assert sheet["columns"] == ["Gem points", "Most rubies", "Carts in supply", "Missions", "Total"]
    # seat 0: 3+2+3+4 = 12 gems, +5 rubies (tie), +6 carts, +4 mission = 27
    assert sheet["rows"][0] == [12, 5, 6, 4, 27]
    # seat 1: 3 gems, +5, one cart lost in the chasm: +3
    assert sheet["rows"][1] == [3, 5, 3, 0, 11]
    assert sheet["winners"] == [0] and s.returns() == [1.0, 0.0]
    # the gems behind the points and the missions, per player ("Player N" becomes the name)
    assert sheet["notes"] == [
        "Player 1, red clan: 3 rubies, an emerald, a gold, a diamond and 2 rocks; "
        "mission: Behind Enemy Lines.",
        "Player 2, green clan: 3 rubies.",
    ]


def test_ruby_bonus_needs_at_least_one_ruby():
    s = finished([(0, 0, 1, 0, 0), (0, 0, 0, 1, 0)])
    assert [r[1] for r in s.score_sheet()["rows"]] == [0, 0]


def test_tie_break_more_gems_rocks_included_then_fewer_rocks_then_shared():
    """Ties (the page: «побеждает игрок с большим количеством самоцветов», and «самоцветы» are
    every gem, rocks too; then «с меньшим количеством камней»)."""
    s = finished([(0, 0, 0, 0, 1), (0, 0, 2, 0, 0)])  # 4 points each; seat 1 has 2 gems
    assert s.score_sheet()["winners"] == [1]
    assert s.score_sheet()["notes"][0] == (
        "Tie on points between Player 1 and Player 2: broken by more gems in the stockpile, "
        "rocks included, then by fewer rocks."
    )
    # 4 points each: seat 0 has 3 gems (2 of them rocks), seat 1 has 2 jewels: rocks count
    s = finished([(2, 0, 0, 0, 1), (0, 0, 2, 0, 0)])
    assert rules.scores(s)[0]["gems"] == 3 and rules.scores(s)[1]["gems"] == 2
    assert s.score_sheet()["winners"] == [0] and s.returns() == [1.0, 0.0]
    # 4 points and 2 gems each: fewer rocks wins
    s = finished([(1, 0, 0, 0, 1), (0, 0, 2, 0, 0)])
    assert s.score_sheet()["winners"] == [1]
    s = finished([(1, 0, 2, 0, 0), (0, 0, 2, 0, 0)])  # same points: more gems (the rock) wins
    assert s.score_sheet()["winners"] == [0]
    s = finished([(0, 0, 2, 0, 0), (0, 0, 2, 0, 0)])
    assert s.score_sheet()["winners"] == [0, 1] and s.returns() == [1.0, 1.0]
    assert s.score_sheet()["notes"][0] == "Tie on points, gems and rocks: the win is shared."


def spice_position(missions=(10,)):
    """Seat 0 holds a ruby, an emerald, a gold and a diamond in the stockpile (The Spice of
    Life holds) at the start of its action phase, with no cart on the board."""
    s = blank(2)
    s.missions = list(missions)
    s.stockpiles[0] = (0, 1, 1, 1, 1)
    s.bag = (12, 23, 14, 9, 4)
    return s


def test_mission_10_spice_of_life_can_be_taken_at_any_point_of_the_turn():
    """Missions: a mission fulfilled by what the player holds may be taken at any point of the
    turn once it holds, not only right after a cart moved: in the action phase it is offered (it
    costs no action)."""
    s = spice_position()
    assert ClaimMission(10) in s.legal_actions()
    s.apply_action(PlaceTile(5, 0, "NS"))
    ev = s.apply_action(ClaimMission(10))
    assert claimed(ev) == [10] and s.taken[0] == [10] and s.actions_left == 3
    assert ClaimMission(10) not in s.legal_actions()


def test_mission_10_spice_of_life_is_taken_by_the_end_of_the_movement_without_a_cart():
    """Missions: taken at once once it holds: a player who does not take it in the action phase
    and moves no cart still takes it when the movement phase ends."""
    s = spice_position()
    ev = s.apply_action(EndActions())
    assert claimed(ev) == [10] and s.taken[0] == [10]


def test_missions_held_are_still_one_per_turn():
    """Missions: at most one per turn, also for a mission the player holds."""
    s, ev = exit_north((0, 0, 0, 0, 1), [3, 10], stock=(0, 1, 1, 1, 0))
    assert s.pending() == "mission"  # OR-D11: the move fulfils both
    s.apply_action(ClaimMission(3))
    assert s.taken[0] == [3] and s.missions == [10]
    s = spice_position((10,))
    s.claimed = True
    s._legal = None
    assert ClaimMission(10) not in s.legal_actions()
    with pytest.raises(IllegalAction) as err:
        s.apply_action(ClaimMission(10))
    assert err.value.reason == "You have already taken a mission this turn: at most one per turn."
    assert s.apply_action(EndActions()) and s.taken[0] == []


def test_or_d11_two_held_missions_at_once_in_the_action_phase():
    """OR-D11: The Spice of Life and Gem Collector both hold: both are offered, the player takes
    one; a mission fulfilled by a cart's move is not offered in the action phase."""
    s = spice_position((5, 10, 3))
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", load=(0, 2, 1, 1, 1))
    claims = [a for a in s.legal_actions() if isinstance(a, ClaimMission)]
    assert claims == [ClaimMission(5), ClaimMission(10)]
    with pytest.raises(IllegalAction) as err:
        s.apply_action(ClaimMission(3))
    assert err.value.reason == "That mission is taken right after a cart's move fulfils it."
    s.apply_action(ClaimMission(5))
    assert s.taken[0] == [5] and s.missions == [10, 3]
