"""Diced Tomatoes: one test (or more) per section and numbered decision of
docs/rules/diced_tomatoes.md. Positions come from the notation
(engine/diced_tomatoes/notation.py)."""

from __future__ import annotations

import json

import pytest

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.diced_tomatoes import GAME, RULES_SUMMARY, format_position, rules
from engine.diced_tomatoes.state import (
    CleanVine,
    ClearVine,
    DicedTomatoesState,
    Die,
    DrawDie,
    EndTurn,
    FlipSeed,
    KeepVine,
    PassDie,
    PlaceDie,
    Reroll,
    RollDie,
    RollOver,
    SetDie,
    Shift,
    StartRoll,
    VineCleared,
    VineCompleted,
    VineHarvested,
)

from .helpers import end_turn, event_types, place, placements, pos, resolve


def snapshot(state):
    return json.dumps(state.to_dict(), sort_keys=True)


# ------------------------------------------------------------------------------------------
# Terms; Players and variants; Setup
# ------------------------------------------------------------------------------------------
def test_terms_state_uses_the_games_names():
    """Terms: bushel, tomato tokens, vines, karma, karma bits, score track, last player."""
    s = GAME.new_state(2, GAME.default_options())
    for name in ("bushel", "vines", "karma", "bits", "score", "last_player"):
        assert hasattr(s, name)
    assert len(s.vines[0]) == 3


def test_players_and_variants_options_all_off_by_default():
    """Players and variants: 1–6 players, every option off by default, solo mode flagged."""
    assert (GAME.id, GAME.title, GAME.min_players, GAME.max_players, GAME.solo) == (
        "diced-tomatoes",
        "Diced Tomatoes",
        1,
        6,
        True,
    )
    assert GAME.default_options() == {
        "golden": False,
        "dicey": False,
        "overload": False,
        "update_2023": False,
        "open_empty": False,
        "clean_any": False,
    }
    with pytest.raises(ValueError):
        GAME.new_state(7, GAME.default_options())
    from engine import registry

    assert registry.get("diced-tomatoes") is GAME


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_setup_bushel_karma_and_tokens(n):
    """Setup: 11 red + 2 black per player (+1 gold with Sunny Golden Hybrid), karma 3, empty
    tokens and score tracks."""
    s = GAME.new_state(n, GAME.default_options())
    assert s.karma == [3] * n and s.bits == [0] * n
    assert all(v == [] for seat in s.vines for v in seat) and s.score == [[]] * n
    total = dict(s.bushel)
    for d in s.hand:
        total[d[0]] += 1
    assert total == {"r": 11 * n, "b": 2 * n, "g": 0}
    g = GAME.new_state(n, dict(GAME.default_options(), golden=True))
    assert sum(g.bushel.values()) + len(g.hand) == 14 * n


def test_setup_first_player_roll_lowest_is_last_player():
    """Setup: the lowest roller takes the last player marker; the next seat is first."""
    s = GAME.new_state(3, {})
    assert s.current_player() == CHANCE and s.phase == "start"
    assert [a for a, _ in s.chance_outcomes()] == [StartRoll(f) for f in range(1, 7)]
    resolve(s, faces=[3, 1, 5])
    assert s.last_player == 1 and s.active == 2


def test_dt_d1_ties_for_lowest_reroll_among_the_tied():
    """DT-D1: ties for the lowest first-player roll re-roll among the tied players."""
    s = GAME.new_state(3, {})
    for face in (4, 2, 2):
        events = s.apply_action(StartRoll(face))
    assert "FirstRollTied" in event_types(events)
    assert s.rollers == (1, 2) and s.phase == "start"
    s.apply_action(StartRoll(5))
    events = s.apply_action(StartRoll(3))
    assert s.last_player == 2 and s.active == 0 and s.phase == "turn"
    assert "TurnOrderChosen" in event_types(events)


# ------------------------------------------------------------------------------------------
# A turn
# ------------------------------------------------------------------------------------------
def test_dt_d2_turn_draws_three_dice_weighted_by_colour():
    """A turn, step 1 / DT-D2: 3 dice are drawn at random, each draw a chance node weighted by
    the colours left in the bushel."""
    s = pos("players=2 active=0 bushel=r6,b2,g0 draw=3")
    assert s.current_player() == CHANCE
    assert s.chance_outcomes() == [(DrawDie("r"), 0.75), (DrawDie("b"), 0.25)]
    s.apply_action(DrawDie("b"))
    assert s.bushel == {"r": 6, "b": 1, "g": 0} and s.hand == [("b", None)]
    resolve(s, faces=[2, 3, 4], colours=["r", "r"])
    assert s.hand == [("b", 2), ("r", 3), ("r", 4)]
    assert s.current_player() == 0


def test_a_turn_fewer_dice_when_fewer_remain_and_passed_dice_join():
    """A turn, step 1: fewer dice when fewer remain; dice passed to you are rolled with yours."""
    s = pos("players=2 active=0 hand=- passed=b vines=-|-|-/-|-|- bushel=r2,b0,g0")
    events = end_turn(s)
    assert s.active == 1 and s.to_draw == 2 and s.hand == [("b", None)]
    assert event_types(events)[-1] == "TurnStarted" and events[-1].passed == 1
    resolve(s, faces=[1, 2, 3])
    assert s.hand == [("b", 1), ("r", 2), ("r", 3)]


def test_a_turn_every_die_must_be_placed_before_end_turn():
    """A turn, step 3: End turn only when every rolled die is placed or passed."""
    s = pos("players=2 hand=4r,x")
    assert EndTurn() not in s.legal_actions()
    assert "placed or passed" in s.end_turn_refusal()
    with pytest.raises(IllegalAction):
        s.apply_action(EndTurn())
    place(s, 0, 0, 0)
    assert s.end_turn_refusal() is None and EndTurn() in s.legal_actions()


def test_a_turn_karma_may_be_spent_between_placements():
    """A turn, step 4: karma at any moment of your own turn, including between placements."""
    s = pos("players=2 hand=4r,5r karma=3,3")
    place(s, 0, 0, 0)
    s.apply_action(Shift(1, -1))
    assert s.hand[1] == ("r", 4) and s.karma[0] == 1
    place(s, 1, 0, 0)
    assert s.vines[0][0] == [("r", 4), ("r", 4)]


# ------------------------------------------------------------------------------------------
# Placement
# ------------------------------------------------------------------------------------------
def test_placement_worked_example_legal_plays():
    """Placement, worked example: A empty, B [1], C [1,2], roll 1,2,3."""
    s = pos("players=1 vines=-|1r|1r2r hand=1r,2r,3r")
    # 1 on B or as a seed on A; 2 as a seed on A or on B; 3 as a seed on A or on C.
    assert placements(s) == {(0, 0, 0), (0, 0, 1), (1, 0, 0), (1, 0, 1), (2, 0, 0), (2, 0, 2)}
    # Not legal: 1 or 2 on C.
    for die in (0, 1):
        with pytest.raises(IllegalAction, match="sequence"):
            place(s, die, 0, 2)


def test_placement_worked_example_sequences():
    """Placement, worked example: 3 on A then 2 then 1; seed 2 with 1 and 3; 2 and 3 on B."""
    s = pos("players=1 vines=-|1r|1r2r hand=1r,2r,3r")
    a = s.clone()
    for die in (2, 1, 0):
        place(a, die, 0, 0)
    assert [f for _, f in a.vines[0][0]] == [3, 2, 1]
    b = s.clone()
    for die in (1, 0, 2):
        place(b, die, 0, 0)
    assert [f for _, f in b.vines[0][0]] == [2, 1, 3]
    c = s.clone()
    place(c, 1, 0, 1)
    place(c, 2, 0, 1)
    assert [f for _, f in c.vines[0][1]] == [1, 2, 3] and c.vine_kind(0, 1) == "sequence"
    d = s.clone()
    place(d, 2, 0, 2)
    assert [f for _, f in d.vines[0][2]] == [1, 2, 3]


def test_placement_on_any_players_tokens():
    """Placement: a die can go on any player's tokens, yours or an opponent's."""
    s = pos("players=3 hand=5r")
    assert placements(s) == {(0, p, t) for p in range(3) for t in range(3)}
    assert s.targets_for_die(0) == [(p, t) for p in range(3) for t in range(3)]


def test_placement_black_and_gold_never_seeds_but_fit_by_face():
    """Placement: black and gold dice can never be seeds; they follow the rules by face."""
    s = pos("players=2 options=g vines=-|2r|4r4r/-|-|- hand=3b,4g,5b")
    assert placements(s) == {(0, 0, 1), (1, 0, 2)}
    with pytest.raises(IllegalAction, match="never be a seed"):
        place(s, 0, 0, 0)
    assert s.targets_for_die(2) == [] and not s.must_pass(2)  # passing comes last
    place(s, 0, 0, 1)
    place(s, 1, 0, 2)
    assert s.must_pass(2)


def test_placement_sequence_seed_in_the_middle_and_no_wrap():
    """Placement: a sequence takes one below its lowest or above its highest; the seed may end
    in the middle; no duplicates and no wrap from 6 to 1."""
    assert rules.fits([Die("r", 2), Die("r", 1)], 3)
    assert rules.fits([Die("r", 2), Die("r", 1)], 0) is False
    vine = [Die("r", 3), Die("r", 2), Die("r", 4)]
    assert [f for f in range(1, 7) if rules.fits(vine, f)] == [1, 5]
    assert [f for f in range(1, 7) if rules.fits([Die("r", 6), Die("r", 5)], f)] == [4]
    assert not rules.fits([Die("r", 6)], 1) and not rules.fits([Die("r", 1)], 6)


def test_placement_second_die_fixes_set_or_sequence():
    """Placement: a vine's second die fixes set or sequence for good."""
    set_vine = [Die("r", 3), Die("r", 3)]
    seq_vine = [Die("r", 3), Die("r", 4)]
    assert rules.vine_kind(set_vine) == "set" and rules.vine_kind(seq_vine) == "sequence"
    assert [f for f in range(1, 7) if rules.fits(set_vine, f)] == [3]
    assert [f for f in range(1, 7) if rules.fits(seq_vine, f)] == [2, 5]
    assert [f for f in range(1, 7) if rules.fits([Die("r", 3)], f)] == [2, 3, 4]


def test_dt_d3_open_token_blocks_seventh_vine():
    """DT-D3: a token is open while harvests + active vines < 6; option "open = empty"."""
    s = pos("players=2 vines=1r|2r|-/-|-|- score=1,2,3,4/- hand=5r")
    assert not s.token_open(0, 2) and (0, 0, 2) not in placements(s)
    with pytest.raises(IllegalAction, match="not open"):
        place(s, 0, 0, 2)
    e = pos("players=2 options=e vines=1r|2r|-/-|-|- score=1,2,3,4/- hand=5r")
    assert e.token_open(0, 2) and (0, 0, 2) in placements(e)
    full = pos("players=2 options=e vines=1r|-|-/-|-|- score=1,2,3,4,5,6/- hand=1r")
    assert not full.token_open(0, 1) and not any(o == 0 for _, o, _ in placements(full))


# ------------------------------------------------------------------------------------------
# Vine value and harvest
# ------------------------------------------------------------------------------------------
def test_harvest_value_with_black_and_gold_and_bushel_return():
    """Vine value and harvest: seed − blacks + golds; 4th die harvests at once; seed to the
    next score slot, the rest to the bushel, token empty again."""
    s = pos("players=2 options=g vines=4r4b4g|-|-/-|-|- score=2/- hand=4r,2r")
    before = dict(s.bushel)
    events = place(s, 0, 0, 0)
    harvest = [e for e in events if isinstance(e, VineHarvested)][0]
    assert (harvest.value, harvest.slot, harvest.returned) == (4, 2, ("b", "g", "r"))
    assert s.score[0] == [2, 4] and s.vines[0][0] == []
    assert s.bushel == {"r": before["r"] + 1, "b": before["b"] + 1, "g": before["g"] + 1}
    # The freed token takes the next die this turn.
    assert (1, 0, 0) in placements(s)
    two_black = pos("players=2 vines=5r5b5b|-|-/-|-|- hand=5r")
    place(two_black, 0, 0, 0)
    assert two_black.score[0] == [3]


def test_dt_d4_complete_vine_worth_zero_or_seven_is_not_harvested_and_earns_nothing():
    """DT-D4: a complete vine worth 0 or less, or 7 or more, stays and gives no karma."""
    s = pos("players=2 vines=-|-|-/1r1b1r|-|- hand=1b karma=2,3")
    events = place(s, 0, 1, 0)
    done = [e for e in events if isinstance(e, VineCompleted)][0]
    assert (done.value, done.harvested) == (-1, False)
    assert len(s.vines[1][0]) == 4 and s.score[1] == [] and s.karma[0] == 2
    assert not any(o == 1 and t == 0 for _, o, t in placements(s))
    g = pos("players=2 options=g vines=-|-|-/6r6g6r|-|- hand=6r karma=2,3")
    place(g, 0, 1, 0)
    assert len(g.vines[1][0]) == 4 and g.karma[0] == 2 and g.vine_value(1, 0) == 7


# ------------------------------------------------------------------------------------------
# Clearing
# ------------------------------------------------------------------------------------------
def test_clearing_overripe_vines_must_be_cleared():
    """Clearing: every vine worth more than 6 is cleared at the end of the turn."""
    s = pos("players=2 options=g vines=-|-|-/6r6g|6r6g6r6r|- hand=-")
    b = dict(s.bushel)
    events = end_turn(s)
    cleared = [e for e in events if isinstance(e, VineCleared)]
    assert [(e.owner, e.token, e.reason) for e in cleared] == [
        (1, 0, "overripe"),
        (1, 1, "overripe"),
    ]
    assert s.vines[1] == [[], [], []]
    assert s.bushel["g"] == b["g"] + 2 and s.bushel["r"] == b["r"] + 4


def test_dt_d5_zero_vine_owner_decides_clear():
    """DT-D5 / Clearing: a vine worth 0 or less may be cleared; its owner decides."""
    s = pos("players=3 vines=-|-|-/1r1b|-|-/2r2b2b|-|- hand=-")
    end_turn(s)
    assert s.phase == "cleanup" and s.pending == [(1, 0), (2, 0)]
    assert s.current_player() == 1 and s.turn_owner() == 0
    assert s.legal_actions() == [ClearVine(1, 0), KeepVine(1, 0)]
    assert s.pending_cleanup() == (1, 0)
    assert s.end_turn_refusal() == (
        "The turn is over: first choose, for each vine worth 0 or less, whether to clear it "
        "or keep it."
    )
    with pytest.raises(IllegalAction):
        s.apply_action(ClearVine(2, 0))
    s.apply_action(ClearVine(1, 0))
    assert s.vines[1][0] == [] and s.current_player() == 2
    events = s.apply_action(KeepVine(2, 0))
    assert len(s.vines[2][0]) == 3 and "VineKept" in event_types(events)
    assert s.phase == "turn" and s.active == 1


def test_dt_d5_greedy_bot_owner_clears():
    """DT-D5: a bot owner clears (the heuristic rates a vine worth 0 or less as a burden)."""
    import random

    from engine.bots import make_bot

    s = pos("players=2 vines=-|-|-/1r1b|-|- hand=-")
    end_turn(s)
    bot = make_bot(GAME, "medium")
    assert bot.choose(s.observation(1), s.legal_actions(), random.Random(1)) == ClearVine(1, 0)


# ------------------------------------------------------------------------------------------
# Karma
# ------------------------------------------------------------------------------------------
def test_karma_table_for_completing_an_opponents_vine():
    """Karma: 1–2 → 1, 3–4 → 2, 5–6 → 3, for completing an opponent's vine; own vines give none."""
    assert [rules.karma_for_harvest(v, False) for v in range(1, 7)] == [1, 1, 2, 2, 3, 3]
    s = pos("players=2 vines=5r5r5r|-|-/5r5r5r|-|- hand=5r,5r karma=0,0")
    place(s, 0, 1, 0)
    assert s.karma == [3, 0] and s.score[1] == [5]
    place(s, 1, 0, 0)
    assert s.karma == [3, 0] and s.score[0] == [5]


def test_karma_overload_value_and_bits():
    """Karma Overload: karma equal to the value; a bit per die on an opponent's vine and per die
    passed; 3 bits make 1 karma."""
    assert rules.karma_for_harvest(4, True) == 4
    s = pos("players=2 options=o vines=-|-|-/4r4r4r|-|- hand=4r,2b karma=1,3 bits=1,0")
    events = place(s, 0, 1, 0)
    assert s.bits[0] == 2 and s.karma[0] == 5
    assert "KarmaBitGained" in event_types(events)
    s.apply_action(PassDie(1))
    assert s.bits[0] == 0 and s.karma[0] == 6


def test_dt_d6_bits_count_dice_passed_to_you_and_rolled_this_turn():
    """DT-D6: a die passed to you and rolled this turn is yours: passing it on earns a bit."""
    s = pos("players=2 options=o vines=5r5r|6r6r|4r4r/5r5r|6r6r|4r4r hand=1b bits=0,0")
    s.apply_action(PassDie(0))
    assert s.bits == [1, 0]
    end_turn(s)
    assert s.active == 1 and s.hand[0] == ("b", None)
    resolve(s, faces=[1, 1, 1, 1], colours=["r", "r", "r"])
    assert s.hand[0] == ("b", 1) and s.must_pass(0)
    s.apply_action(PassDie(0))
    assert s.bits[1] == 1


def test_dt_d7_karma_cap_and_unaffordable_actions():
    """DT-D7: karma is capped at 6 (excess lost); an action you cannot afford is illegal."""
    s = pos("players=2 vines=-|-|-/6r6r6r|-|- hand=6r,3r karma=5,3")
    events = place(s, 0, 1, 0)
    gained = [e for e in events if type(e).__name__ == "KarmaGained"][0]
    assert s.karma[0] == 6 and (gained.amount, gained.lost) == (1, 2)
    poor = pos("players=2 hand=3r karma=0,3")
    assert not any(isinstance(a, Reroll) for a in poor.legal_actions())
    before = snapshot(poor)
    with pytest.raises(IllegalAction, match="cannot afford"):
        poor.apply_action(Reroll(0))
    assert snapshot(poor) == before


def test_karma_reroll_costs_one_and_is_a_chance_node():
    """Karma, re-roll (1): one rolled, unplaced die is rolled again."""
    s = pos("players=2 hand=3r,x karma=1,3")
    s.apply_action(Reroll(0))
    assert s.karma[0] == 0 and s.current_player() == CHANCE
    assert [a for a, _ in s.chance_outcomes()] == [RollDie(0, f) for f in range(1, 7)]
    s.apply_action(RollDie(0, 5))
    assert s.hand[0] == ("r", 5) and s.current_player() == 0
    with pytest.raises(IllegalAction):
        s.apply_action(Reroll(1))  # a placed die


def test_dt_d8_shift_costs_two_without_wrap():
    """DT-D8 / Karma, shift (2): ±1 within 1–6, no wrap."""
    s = pos("players=2 hand=6r,1r karma=6,3")
    shifts = {(a.die, a.delta) for a in s.legal_actions() if isinstance(a, Shift)}
    assert shifts == {(0, -1), (1, 1)}
    with pytest.raises(IllegalAction, match="within 1 to 6"):
        s.apply_action(Shift(0, 1))
    s.apply_action(Shift(0, -1))
    assert s.hand[0] == ("r", 5) and s.karma[0] == 4


def test_dt_d9_clean_own_vine_costs_three_option_any_vine():
    """DT-D9 / Karma, clean a vine (3): your own vines; option: any player's vine."""
    s = pos("players=2 vines=2r3r|-|-/4r|-|- hand=x karma=3,3")
    assert [a for a in s.legal_actions() if isinstance(a, CleanVine)] == [CleanVine(0, 0)]
    with pytest.raises(IllegalAction, match="only one of your own"):
        s.apply_action(CleanVine(1, 0))
    r = s.bushel["r"]
    events = s.apply_action(CleanVine(0, 0))
    assert s.vines[0][0] == [] and s.bushel["r"] == r + 2 and s.karma[0] == 0
    assert [e.reason for e in events if isinstance(e, VineCleared)] == ["cleaned"]
    a = pos("players=2 options=c vines=2r3r|-|-/4r|-|- hand=x karma=3,3")
    assert CleanVine(1, 0) in a.legal_actions()


def test_karma_roll_over_costs_four_only_one_or_six():
    """Karma, roll over (4): a rolled 1 becomes 6, a 6 becomes 1; nothing else."""
    s = pos("players=2 hand=1r,6r,3r karma=6,3")
    assert [a for a in s.legal_actions() if isinstance(a, RollOver)] == [RollOver(0), RollOver(1)]
    with pytest.raises(IllegalAction, match="1 into a 6"):
        s.apply_action(RollOver(2))
    s.apply_action(RollOver(0))
    assert s.hand[0] == ("r", 6) and s.karma[0] == 2


def test_dt_d10_flip_seed_costs_five_any_players_token():
    """DT-D10 / Karma, flip a seed (5): 1↔6, 2↔5, 3↔4 on any player's token if the vine stays
    a legal set or sequence."""
    s = pos("players=2 vines=2r|1r2r|-/3r|2r3r4r|- hand=x karma=5,3")
    flips = [a for a in s.legal_actions() if isinstance(a, FlipSeed)]
    # lone seeds flip; [1,2] would become [6,2] (illegal); [2,3,4] becomes [5,3,4] (a sequence).
    assert flips == [FlipSeed(0, 0), FlipSeed(1, 0), FlipSeed(1, 1)]
    with pytest.raises(IllegalAction, match="break the vine"):
        s.apply_action(FlipSeed(0, 1))
    s.apply_action(FlipSeed(1, 0))
    assert s.vines[1][0] == [("r", 4)] and s.karma[0] == 0


def test_karma_set_costs_six_to_any_other_face():
    """Karma, set (6): one rolled, unplaced die to any face."""
    s = pos("players=2 hand=2r karma=6,3")
    assert [a.face for a in s.legal_actions() if isinstance(a, SetDie)] == [1, 3, 4, 5, 6]
    with pytest.raises(IllegalAction):
        s.apply_action(SetDie(0, 2))
    s.apply_action(SetDie(0, 6))
    assert s.hand[0] == ("r", 6) and s.karma[0] == 0
    assert s.karma_actions()["set"] == []


def test_karma_spent_only_during_own_turn():
    """Karma: spend only during your own turn (not during an owner's clean-up decision)."""
    s = pos("players=2 vines=-|-|-/1r1b|-|- hand=- karma=6,6")
    end_turn(s)
    assert s.current_player() == 1
    with pytest.raises(IllegalAction, match="turn is over"):
        s.apply_action(CleanVine(1, 0))


def test_karma_actions_helper_lists_targets():
    """Karma: the scene's helper lists each affordable action with its targets."""
    s = pos("players=2 vines=3r|-|-/-|-|- hand=6r karma=4,3")
    k = s.karma_actions()
    assert k["reroll"] == [Reroll(0)] and k["shift"] == [Shift(0, -1)]
    assert k["clean"] == [CleanVine(0, 0)] and k["roll_over"] == [RollOver(0)]
    assert k["flip"] == [] and k["set"] == []
    assert s.karma_actions_for_die(0) == [Reroll(0), Shift(0, -1), RollOver(0)]
    assert s.karma_actions_for_vine(0, 0) == [CleanVine(0, 0)]


def test_scene_helpers_for_dice_and_slots():
    """Helpers for the table scene: dice to place or pass, and starred score slots."""
    s = pos("players=2 options=d vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r hand=3b,5r,x score=1,3/-")
    assert s.dice_to_pass() == [] and s.placeable_dice() == [1]
    assert s.targets_for_die(1) == [(0, 0), (1, 0)] and s.targets_for_die(2) == []
    assert s.targets_for_die(0) == []  # passed only once the 5 is placed (passing last)
    assert s.slot_stars(0) == [True, False] and s.rolled_dice() == [(0, "b", 3), (1, "r", 5)]


# ------------------------------------------------------------------------------------------
# Passing
# ------------------------------------------------------------------------------------------
def test_passing_only_a_die_with_no_legal_spot():
    """A turn, step 3: a die with no legal spot is passed to the next player (only then)."""
    s = pos("players=2 vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r hand=3b,5r")
    assert not any(isinstance(a, PassDie) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="must be placed"):
        s.apply_action(PassDie(1))
    place(s, 1, 0, 0)
    assert [a for a in s.legal_actions() if isinstance(a, PassDie)] == [PassDie(0)]
    events = s.apply_action(PassDie(0))
    assert s.passed == ["b"] and events[0].to_player == 1


def test_passing_comes_last_while_any_die_has_a_spot():
    """A turn, step 3 (passing comes last): a die may be passed only when no die in the hand
    has a legal spot, even a die that fits nowhere itself."""
    s = pos("players=2 vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r hand=3b,5r")
    assert s.targets_for_die(0) == [] and s.targets_for_die(1) == [(0, 0), (1, 0)]
    assert not s.must_pass(0) and s.dice_to_pass() == []
    before = s.to_dict()
    with pytest.raises(IllegalAction) as refused:
        s.apply_action(PassDie(0))
    assert refused.value.reason == (
        "Place the red 5 first: dice are passed only when none of your dice has a legal spot."
    )
    assert s.to_dict() == before


def test_passing_comes_last_placing_one_die_opens_a_spot_for_another():
    """A turn, step 3: placing one die can open a spot for another, which then must be placed:
    the red 4 completes the top vine (harvested, the token is free again), so the red 6 that
    fitted nowhere must now be placed as a seed."""
    s = pos("players=1 vines=4r4r4r|1r2r3r|5r5r hand=4r,6r")
    assert placements(s) == {(0, 0, 0), (0, 0, 1)}
    with pytest.raises(IllegalAction, match="Place the red 4 first"):
        s.apply_action(PassDie(1))
    place(s, 0, 0, 0)
    assert s.score == [[4]] and s.vines[0][0] == []
    assert placements(s) == {(1, 0, 0)} and PassDie(1) not in s.legal_actions()
    with pytest.raises(IllegalAction, match="must be placed"):
        s.apply_action(PassDie(1))


def test_passing_when_no_die_has_a_spot_every_die_may_be_passed():
    """A turn, step 3: with no legal spot for any die, each die may be passed, in any order."""
    s = pos("players=2 vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r hand=3b,2b,x")
    assert [a for a in s.legal_actions() if isinstance(a, PassDie)] == [PassDie(0), PassDie(1)]
    s.apply_action(PassDie(1))
    assert s.legal_actions()[0] == PassDie(0)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_passing_comes_last_bots_and_hints_place_first(level):
    """A turn, step 3: bots (and hints, which ask the same bots) choose among the legal
    actions, so with one die placeable they place it and never pass first."""
    import random

    from engine.bots import make_bot

    s = pos("players=2 vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r hand=3b,5r karma=0,0")
    bot = make_bot(GAME, level)
    choice = bot.choose(s.observation(0), s.legal_actions(), random.Random(4))
    assert isinstance(choice, PlaceDie) and choice.die == 1


def test_passing_extra_dice_rolled_by_next_player():
    """A turn, step 3: the passed die is rolled by the next player with their own 3."""
    s = pos("players=3 vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r/-|-|- hand=3b,x")
    s.apply_action(PassDie(0))
    events = end_turn(s)
    assert s.active == 1 and s.to_draw == 3 and len(s.hand) == 1
    assert events[-1].passed == 1
    resolve(s)
    assert len(s.hand) == 4 and s.passed == []


# ------------------------------------------------------------------------------------------
# End of the game
# ------------------------------------------------------------------------------------------
def test_end_final_round_after_sixth_harvest_ends_with_last_player():
    """End of the game: any 6th harvest makes this round the last; it ends after the last
    player's turn."""
    s = pos("players=3 active=0 last=2 vines=4r4r4r|-|-/-|-|-/-|-|- score=1,2,3,4,5/-/- hand=4r")
    events = place(s, 0, 0, 0)
    assert "FinalRound" in event_types(events)
    assert s.final_round and s.first_six == 0
    end_turn(s)
    assert s.active == 1 and not s.is_terminal()
    t = pos("players=3 active=1 last=2 final=yes first6=0 score=1,2,3,4,5,4/-/- hand=-")
    end_turn(t)
    assert t.active == 2 and not t.is_terminal()
    u = pos("players=3 active=2 last=2 final=yes first6=0 score=1,2,3,4,5,4/-/- hand=-")
    events = end_turn(u)
    assert u.is_terminal() and u.current_player() == TERMINAL and u.ended == "final"
    assert event_types(events)[-1] == "GameEnded"


def test_end_last_player_triggering_final_round_ends_at_once_after_turn():
    """End of the game: if the last player harvests the 6th tomato, the game ends after that
    same turn."""
    s = pos("players=2 active=1 last=1 vines=-|-|-/3r3r3r|-|- score=-/1,2,3,4,5 hand=3r")
    place(s, 0, 1, 0)
    end_turn(s)
    assert s.is_terminal()


def test_end_empty_bushel_at_turn_start_ends_at_once_even_with_passed_dice():
    """End of the game: an empty bushel at the start of a turn ends the game immediately;
    passed dice do not prevent it in multiplayer."""
    s = pos("players=2 hand=- passed=r bushel=r0,b0,g0 vines=1r2r|-|-/3r|-|-")
    events = end_turn(s)
    assert s.is_terminal() and s.ended == "bushel" and s.passed == ["r"]
    assert event_types(events)[-1] == "GameEnded"


# ------------------------------------------------------------------------------------------
# Scoring
# ------------------------------------------------------------------------------------------
def test_scoring_all_end_game_points():
    """Scoring: slots, +2 first to six, +1 per 2 unused karma, +1 per vine with 3 dice."""
    s = pos(
        "players=2 phase=over end=final first6=0 karma=5,2 "
        "score=1,2,3,4,5,6/6,6 vines=1r2r3r|4r4r4r|5r/2r2r2r|-|-"
    )
    sheet = s.score_sheet()
    assert sheet["columns"] == ["Tomatoes", "First to six", "Karma", "3-dice vines", "Total"]
    assert sheet["rows"] == [[21, 2, 2, 2, 27], [12, 0, 1, 1, 14]]
    assert sheet["winners"] == [0] and s.returns() == [1.0, 0.0]
    # the karma column is points: the sheet says so (a play-tester read 5 karma as "2")
    assert sheet["notes"][0] == "Karma scores 1 point for every 2 left."


def test_running_score_counts_harvests_and_bonuses_so_far():
    """Scoring, during the game: what is already certain — the harvested values, +2 for the
    first to six — and not what only the end scores (karma, 3-dice vines)."""
    s = pos(
        "players=2 first6=0 final=yes karma=5,2 score=1,2,3,4,5,6/6,4 vines=1r2r3r|-|-/2r2r2r|-|-"
    )
    assert rules.running_score(s, 0)["total"] == 21 + 2
    assert rules.running_score(s, 1) == {
        "tomatoes": 10,
        "dicey_bonus": 0,
        "first_six": 0,
        "total": 10,
        "slot_points": [6, 4],
        "missed": [],
    }
    # the end adds karma (5 // 2) and one 3-dice vine to the same running points
    assert rules.score_parts(s, 0)["total"] == 23 + 2 + 1


def test_running_score_shows_dicey_matches_with_their_points():
    """Dicey Tomato Rules: a matching slot scores 6 in total (7 with the 2023 update, DT-D12),
    already during the game."""
    s = pos("players=2 options=d score=1,5,3/2 vines=-|-|-/-|-|-")
    assert rules.running_score(s, 0)["slot_points"] == [6, 5, 6]
    assert rules.running_score(s, 0)["total"] == 17
    assert rules.running_score(s, 0)["dicey_bonus"] == 8
    u = pos("players=2 options=du score=1/- vines=-|-|-/-|-|-")
    assert rules.running_score(u, 0)["slot_points"] == [7]


def test_running_score_solo_counts_matched_slots_and_marks_the_missed_ones():
    """Single-player mode: a point per slot whose harvest is worth its number; a slot
    harvested with another value has missed its target."""
    s = pos("players=1 score=1,3,3 vines=-|-|-")
    score = rules.running_score(s, 0)
    assert score["total"] == 2 and score["slot_points"] == [1, 0, 1]
    assert score["missed"] == [2]
    assert score["total"] == s.score_sheet()["rows"][0][-1]


def test_dt_d11_ties_share_the_win():
    """DT-D11: no tie-break: tied players share the victory."""
    s = pos("players=3 phase=over end=bushel score=3,3/6/1 karma=0,0,0")
    sheet = s.score_sheet()
    assert sheet["winners"] == [0, 1] and s.returns() == [1.0, 1.0, 0.0]


def test_dicey_tomato_rules_matching_bonus_2021_and_red_dice():
    """Dicey Tomato Rules: a harvest equal to its slot scores 6 in total with a gold star;
    +1 per 3 red dice on vines instead of 3-dice vines."""
    s = pos("players=2 options=d vines=1r1r1b|-|-/-|-|- hand=1r karma=0,0")
    events = place(s, 0, 0, 0)
    harvest = [e for e in events if isinstance(e, VineHarvested)]
    assert harvest == []  # 1 − 1 black = 0: not harvested
    s = pos(
        "players=2 options=d score=1,5,3,4/2 karma=0,0 "
        "vines=1r2r3r|4r4b|-/5r5r5r|-|- phase=over end=bushel"
    )
    parts = rules.score_parts(s, 0)
    assert (parts["tomatoes"], parts["dicey_bonus"], parts["red_dice"]) == (13, 5 + 3 + 2, 1)
    assert parts["stars"] == [1, 3, 4] and parts["vines"] == 0
    assert s.score_sheet()["columns"][1] == "Dicey bonus"
    live = pos("players=2 options=d vines=-|-|-/4r4r4r|-|- score=-/1,5,1 hand=4r")
    events = place(live, 0, 1, 0)
    assert [e.star for e in events if isinstance(e, VineHarvested)] == [True]


def test_dt_d12_2023_update_karma_up_to_12_in_turn_and_dicey_seven():
    """DT-D12: karma may rise to 12 during your turn, above 6 lost at its end; a Dicey match is
    worth 7 in total."""
    s = pos("players=2 options=ou vines=-|-|-/5r5r5r|-|- hand=5r karma=6,3")
    place(s, 0, 1, 0)
    assert s.karma[0] == 11 and s.karma_cap() == 12
    events = end_turn(s)
    assert s.karma[0] == 6 and "KarmaLost" in event_types(events)
    d = pos("players=2 options=du score=1,2,4/- phase=over end=bushel karma=0,0")
    assert rules.score_parts(d, 0)["dicey_bonus"] == 6 + 5
    assert rules.harvest_points(d, 4, 4) == 7
    old = pos("players=2 options=d")
    assert rules.harvest_points(old, 4, 4) == 6


# ------------------------------------------------------------------------------------------
# Single-player mode
# ------------------------------------------------------------------------------------------
def test_single_player_setup_and_own_vine_karma():
    """Single-player mode: 13 dice (14 with gold); karma for completing your own vines."""
    s = GAME.new_state(1, {})
    assert s.phase == "turn" and s.active == 0 and s.last_player == 0 and s.to_draw == 3
    assert GAME.new_state(1, {"golden": True}).bushel["g"] == 1
    k = pos("players=1 vines=3r3r3r|-|- hand=3r karma=0")
    place(k, 0, 0, 0)
    assert k.karma == [2] and k.score == [[3]]


def test_single_player_karma_is_graded_by_the_seed_value_not_the_score():
    """Single-player mode: karma "for each completed tomato based on the seed value" (ru
    «столько сколько на кубике семени»): a seed 5 with a black die harvests 4 but earns the
    karma of a 5 (3, not 2); a seed 2 with a gold die harvests 3 but earns the karma of a 2."""
    black = pos("players=1 vines=5r5b5r|-|- hand=5r karma=0")
    events = place(black, 0, 0, 0)
    assert black.score == [[4]] and black.karma == [3]
    gained = [e for e in events if type(e).__name__ == "KarmaGained"]
    assert [(e.amount, e.vine) for e in gained] == [(3, (0, 0))]
    gold = pos("players=1 options=g vines=2r2g2r|-|- hand=2r karma=0")
    place(gold, 0, 0, 0)
    assert gold.score == [[3]] and gold.karma == [1]


def test_single_player_karma_overload_earns_the_seed_value():
    """Single-player mode with Karma Overload: karma equal to the seed value (5 for a seed 5
    with a black die, harvested as 4)."""
    s = pos("players=1 options=o vines=5r5b5r|-|- hand=5r karma=0")
    place(s, 0, 0, 0)
    assert s.score == [[4]] and s.karma == [5]


def test_karma_for_an_opponents_vine_is_still_graded_by_the_score_harvested():
    """Karma: completing an opponent's vine earns by the value the opponent harvests (a seed 5
    with a black die is worth 4: 2 karma); only solo grades by the seed."""
    s = pos("players=2 vines=-|-|-/5r5b5r|-|- hand=5r karma=0,3")
    place(s, 0, 1, 0)
    assert s.score[1] == [4] and s.karma[0] == 2


def test_single_player_karma_overload_gives_no_bit_for_a_die_set_aside():
    """Single-player mode with Karma Overload: a die that fits nowhere is set aside and comes
    back to you; there is no opponent to pass it to, so it earns no karma bit."""
    s = pos("players=1 options=o vines=5r5r|6r6r|1r1r hand=3b,3b,3b bushel=r0,b0,g0 bits=2")
    events = []
    for die in range(3):
        events += s.apply_action(PassDie(die))
    assert s.bits == [2] and s.karma == [3]
    assert not [e for e in events if type(e).__name__ in ("KarmaBitGained", "KarmaGained")]
    many = pos("players=2 options=o vines=5r5r|6r6r|1r1r/5r5r|6r6r|1r1r hand=3b bits=2,0")
    many.apply_action(PassDie(0))  # with an opponent, passing still earns the bit
    assert many.bits[0] == 0 and many.karma[0] == 4


def test_single_player_passed_dice_come_back_and_empty_bushel_with_dice_goes_on():
    """Single-player mode: unplaceable dice come back to you; the game does not end on an
    empty bushel while you hold dice."""
    s = pos("players=1 vines=5r5r|6r6r|1r1r hand=3b,x bushel=r0,b0,g0")
    s.apply_action(PassDie(0))
    end_turn(s)
    assert not s.is_terminal() and s.active == 0 and s.hand == [("b", None)] and s.to_draw == 0


def test_single_player_win_with_six_harvests():
    """Single-player mode: 6 harvests win; +1 per matching slot."""
    s = pos("players=1 vines=6r6r6r|-|- score=1,2,3,4,2 hand=6r")
    place(s, 0, 0, 0)  # the sixth harvest ends the game (DT-D13)
    sheet = s.score_sheet()
    assert s.is_terminal() and sheet["solo"]["won"] and sheet["winners"] == [0]
    assert sheet["rows"] == [[6, 5, 5]] and "5 of 6" in sheet["solo"]["summary"]
    assert s.returns() == [1.0]


def test_single_player_loss_when_bushel_and_hand_empty():
    """Single-player mode: a loss when the bushel and your hand are empty before the 6th
    harvest."""
    s = pos("players=1 vines=5r5r|6r|- score=1,2 hand=- bushel=r0,b0,g0")
    end_turn(s)
    sheet = s.score_sheet()
    assert s.is_terminal() and not sheet["solo"]["won"] and sheet["winners"] == []
    assert sheet["rows"] == [[2, 2, 2]] and s.returns() == [0.0]


def test_single_player_always_ends_looping_position_ends_as_a_loss():
    """Single-player mode, "The game must always end": a kept vine worth 0 on every blocked
    token, the third token closed, an empty bushel: the dice passed back could never be placed,
    so the game ends as a loss at the end of that turn instead of cycling forever."""
    s = pos("players=1 score=1,2,3,4 vines=1r1b1r1r|2r2b2b2r|- hand=1r,6b bushel=r0,b0,g0")
    assert not s.token_open(0, 2) and placements(s) == set()
    s.apply_action(PassDie(0))
    s.apply_action(PassDie(1))
    end_turn(s)
    assert s.pending == [(0, 0), (0, 1)]
    s.apply_action(KeepVine(0, 0))
    events = s.apply_action(KeepVine(0, 1))
    assert s.is_terminal() and s.ended == "stuck" and s.passed == ["r", "b"]
    assert event_types(events)[-1] == "GameEnded"
    assert events[-1].text(["Ana"]) == (
        "Game over: the bushel is empty and no die held can "
        "ever be placed. Ana lost, 4 slots matched."
    )
    sheet = s.score_sheet()
    assert not sheet["solo"]["won"] and sheet["winners"] == [] and s.returns() == [0.0]


def test_single_player_goes_on_while_a_held_die_could_still_be_placed():
    """Single-player mode: with an empty bushel the game goes on while a held die could be
    placed on a later roll: clearing a vine frees its token, and a vine of 1 to 3 dice takes
    some face (the passed dice are rolled again)."""
    s = pos("players=1 score=1,2,3,4 vines=1r1b1r1r|2r2b2b2r|- passed=r,b hand=- bushel=r0,b0,g0")
    end_turn(s)
    s.apply_action(ClearVine(0, 0))
    s.apply_action(KeepVine(0, 1))
    assert not s.is_terminal() and s.to_draw == 3 and s.active == 0
    growing = pos("players=1 score=1,2,3,4 vines=1r1b1r1r|5r6r|- passed=b hand=- bushel=r0,b0,g0")
    end_turn(growing)
    growing.apply_action(KeepVine(0, 0))
    assert not growing.is_terminal() and growing.hand == [("b", None)]
    black_only = pos(
        "players=1 score=1,2,3 vines=1r1b1r1r|2r2b2b2r|- passed=b hand=- bushel=r0,b0,g0"
    )
    end_turn(black_only)  # the third token is open, but a black die is never a seed
    black_only.apply_action(KeepVine(0, 0))
    black_only.apply_action(KeepVine(0, 1))
    assert black_only.is_terminal() and black_only.ended == "stuck"


@pytest.mark.long
def test_single_player_random_games_always_end_even_keeping_every_vine():
    """Single-player mode, "The game must always end": 60 seeded solo games where the player
    keeps every vine worth 0 or less (the choice that used to loop) and plays random dice
    otherwise all end."""
    import random

    from engine.match import pick_outcome

    endings = set()
    for seed in range(60):
        rng = random.Random(seed)
        s = GAME.new_state(1, {"golden": seed % 2 == 0})
        for _ in range(3000):
            if s.is_terminal():
                break
            if s.current_player() == CHANCE:
                s.apply_action(pick_outcome(s.chance_outcomes(), rng))
                continue
            legal = s.legal_actions()
            keep = [a for a in legal if isinstance(a, KeepVine)]
            plain = [
                a
                for a in legal
                if not isinstance(a, (Reroll, Shift, CleanVine, RollOver, FlipSeed, SetDie))
            ]
            s.apply_action(keep[0] if keep else rng.choice(plain or legal))
        assert s.is_terminal(), seed
        endings.add(s.ended)
    assert "stuck" in endings


# ------------------------------------------------------------------------------------------
# Contract details
# ------------------------------------------------------------------------------------------
def test_illegal_action_leaves_state_unchanged_and_names_the_rule():
    """Contract: apply_action refuses with a plain sentence and changes nothing."""
    s = pos("players=2 vines=3r3r|-|-/-|-|- hand=4r,1b karma=1,3")
    before = snapshot(s)
    for action in (
        PlaceDie(0, 0, 0),
        PlaceDie(1, 1, 1),
        PassDie(0),
        SetDie(0, 3),
        ClearVine(0, 0),
        EndTurn(),
        DrawDie("r"),
        PlaceDie(5, 0, 0),
        PlaceDie(0, 4, 0),
    ):
        with pytest.raises(IllegalAction) as err:
            s.apply_action(action)
        reason = err.value.reason
        assert reason[0].isupper() and reason.endswith(".") and "DT-D" not in reason
        assert snapshot(s) == before


BOOKKEEPING = {"NextPlayer", "DecisionsPending", "KarmaBitsTraded"}
"""Events that only tell the state what changes (a player need not read them): no log line."""


def test_every_event_has_a_sentence_and_actions_plain_words():
    """Events: every event type but the bookkeeping ones prints a sentence; actions read in
    plain words."""
    import random

    from engine.match import pick_outcome

    rng = random.Random(3)
    seen = set()
    for n in (1, 3):
        s = GAME.new_state(n, {"golden": True, "overload": True, "dicey": True})
        while not s.is_terminal():
            if s.current_player() == CHANCE:
                a = pick_outcome(s.chance_outcomes(), rng)
            else:
                acts = s.legal_actions()
                a = acts[int(rng.random() * len(acts))]
                text = s.action_to_string(a, ["Ana", "Bo", "Cy"])
                assert text and "(" not in text.split(" ")[0]
            for e in s.apply_action(a):
                text = e.text(["Ana", "Bo", "Cy"])
                if type(e).__name__ in BOOKKEEPING:
                    assert text == ""  # the log leaves these out
                else:
                    assert text[0].isupper() and text.endswith("."), text
                seen.add(type(e).__name__)
    assert {
        "DieDrawn",
        "DieRolled",
        "DiePlaced",
        "VineHarvested",
        "GameEnded",
        "KarmaSpent",
        "TurnStarted",
        "TurnEnded",
    } <= seen
    s = pos("players=2 vines=-|-|-/3r|-|- hand=4r")
    assert s.action_to_string(PlaceDie(0, 0, 0)) == "Place the red 4 as a seed on your top token"
    assert (
        s.action_to_string(PlaceDie(0, 1, 0), ["Ana", "Bo"])
        == "Place the red 4 on the top vine of Bo"
    )


def test_rules_summary_has_headings_bullets_and_every_option():
    """GameSpec: a player-facing summary with headings, bullets and every option explained."""
    lines = RULES_SUMMARY.splitlines()
    assert lines[0].startswith("# ") and any(x.startswith("## ") for x in lines)
    assert any(x.startswith("- ") for x in lines)
    for option in GAME.options:
        assert option.label in RULES_SUMMARY


def test_state_dict_round_trip_and_equality():
    """Contract: from_dict(to_dict) round-trips; equality via to_dict; clone is independent."""
    s = pos(
        "players=3 options=gdo vines=1r2r|4r|-/6r6g|-|-/-|-|- hand=4r,x,?b score=2/-/- "
        "karma=4,0,12 bits=2,1,0"
    )
    d = json.loads(json.dumps(s.to_dict()))
    t = DicedTomatoesState.from_dict(d)
    assert t == s and t.to_dict() == s.to_dict()
    c = s.clone()
    c.vines[0][0].append(("r", 3))
    c.bushel["r"] -= 1
    assert s.vines[0][0] == [("r", 1), ("r", 2)] and c != s
    assert format_position(s).startswith("players=3 options=gdo")


def test_dt_d13_alone_the_sixth_harvest_ends_the_game_at_once():
    """DT-D13 (issue 42: solo still asked for actions after the 6th tomato): the harvest of the
    sixth tomato ends a solo game there, with the dice still in hand; the result counts the
    matched slots."""
    s = pos("players=1 score=1,2,3,4,5 vines=6r6r6r|-|- hand=6r,2r karma=0")
    events = place(s, 0, 0, 0)
    assert s.score == [[1, 2, 3, 4, 5, 6]]
    assert s.is_terminal() and s.legal_actions() == []
    ended = [e for e in events if type(e).__name__ == "GameEnded"]
    assert [(e.reason, e.winners, e.totals) for e in ended] == [("harvested", (0,), (6,))]
    assert ended[0].text(["Ana"]).startswith("Game over: all six tomatoes are harvested.")
    two = pos("players=2 score=1,2,3,4,5/- vines=6r6r6r|-|-/-|-|- hand=6r,2r")
    place(two, 0, 0, 0)
    assert not two.is_terminal()  # with others at the table the final round is played out
