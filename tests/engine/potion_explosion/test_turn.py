"""docs/rules/potion_explosion.md, "A turn" (placing, pool, end turn) and PE-D2 … PE-D6."""

import pytest

from engine.core import CHANCE, IllegalAction
from engine.potion_explosion.state import (
    Brewing,
    ChooseStack,
    CompletedPotion,
    EndTurn,
    LittleHelp,
    MarblesReturned,
    MoveToHand,
    MoveToPool,
    PlaceMarble,
    PotionCompleted,
    RegularPick,
    Stack,
    TileDrawn,
)
from tests.engine.potion_explosion.helpers import FULL, of_type, pos, reveal

TRACKS = f"tracks={FULL}/{FULL}/{FULL}/{FULL}/{FULL}"
STACKS = "stacks=WIS5+2/MAG5+0/-+0/-+0/-+0"


def test_a_turn_regular_pick_exactly_once():
    """A turn: exactly one regular pick per turn."""
    s = pos("tracks=RBY////")
    s.apply_action(RegularPick(0, 0))
    assert not any(isinstance(a, RegularPick) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="already made your regular pick"):
        s.apply_action(RegularPick(0, 0))


def test_pe_d4_end_turn_before_the_pick_is_refused():
    """PE-D4: the regular pick is mandatory; "end turn" before it is refused with the reason."""
    s = pos("tracks=RBY//// p0=WIS4:/-/-/-/0.0.-.0.0.0")
    assert EndTurn() not in s.legal_actions()
    assert "regular pick" in s.end_turn_refusal()
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="regular pick"):
        s.apply_action(EndTurn())
    assert s.to_dict() == before


def test_a_turn_must_place_a_fitting_hand_marble():
    """A turn: end turn is refused while a hand marble fits an empty matching hole."""
    s = pos("tracks=KBY//// turn=p p0=WIS4:R,-/-/R/-/0.0.-.0.0.0")
    assert s.end_turn_refusal() == (
        "Your Potion of Wisdom still has an empty red hole and your hand holds a red marble: "
        "place it there before ending your turn."
    )
    assert s.legal_holes("hand", "R") == [(0, "R")]
    s.apply_action(PlaceMarble("hand", "R", 0, "R"))
    assert s.end_turn_refusal() is None
    assert EndTurn() in s.legal_actions()


def test_a_turn_placement_before_the_pool_a_fitting_pool_marble_must_be_placed():
    """A turn, "To end the turn": no empty hole may stay empty while a marble of its colour is in
    your pool (seed: "if your potions ... have free space, you must fill it"); the refusal names
    the potion, the hole's colour and where the marble is."""
    s = pos("tracks=KBY//// turn=p p0=SAN4:K,WIS4:RR/YB/-/-/0.0.-.0.0.0")
    assert EndTurn() not in s.legal_actions()
    assert s.end_turn_refusal() == (
        "Your Sands of Time still has an empty yellow hole and your pool holds a yellow marble: "
        "place it there before ending your turn."
    )
    before = s.to_dict()
    with pytest.raises(IllegalAction, match="empty yellow hole"):
        s.apply_action(EndTurn())
    assert s.to_dict() == before
    s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))
    assert s.end_turn_refusal() is None  # the blue marble fits no hole
    assert EndTurn() in s.legal_actions()


def test_a_turn_placement_before_the_pool_moving_a_fitting_marble_to_the_pool_no_dodge():
    """A turn, "To end the turn": moving a fitting hand marble into the pool does not excuse
    placing it."""
    s = pos("tracks=KBY//// turn=p p0=WIS4:,-/-/R/-/0.0.-.0.0.0")
    s.apply_action(MoveToPool("R"))
    assert s.desks[0].pool == [1, 0, 0, 0] and s.desks[0].hand == [0, 0, 0, 0]
    assert EndTurn() not in s.legal_actions()
    assert s.end_turn_refusal() == (
        "Your Potion of Wisdom still has an empty red hole and your pool holds a red marble: "
        "place it there before ending your turn."
    )
    s.apply_action(PlaceMarble("pool", "R", 0, "R"))
    assert EndTurn() in s.legal_actions()


def test_a_turn_placement_refusal_says_which_of_two_same_potions():
    """A turn: with two potions of one type brewing, the refusal says which slot has the hole."""
    s = pos("tracks=KBY//// turn=p p0=WIS5:RRBK,WIS4:RY/YBB/-/-/0.0.-.0.0.0")
    assert s.end_turn_refusal() == (
        "Your Potion of Wisdom in your second brewing slot still has an empty yellow hole and "
        "your pool holds a yellow marble: place it there before ending your turn."
    )


def test_pe_d10_wild_pool_marble_must_fill_its_own_colour_only():
    """PE-D10 with "To end the turn": a wild pool marble may fill a hole of any colour but must
    be placed only where its own colour is empty."""
    s = pos("tracks=KBY//// turn=p p0=WIS4:RY,-/k/-/PRI4!/0.0.-.0.0.0")
    assert PlaceMarble("pool", "K", 0, "R") in s.legal_actions()
    assert s.end_turn_refusal() is None and EndTurn() in s.legal_actions()
    s = pos("tracks=KBY//// turn=p p0=SAN4:Y,-/k/-/PRI4!/0.0.-.0.0.0")
    assert s.end_turn_refusal() == (
        "Your Sands of Time still has an empty black hole and your pool holds a black marble: "
        "place it there before ending your turn."
    )
    s.apply_action(PlaceMarble("pool", "K", 0, "Y"))  # used elsewhere: nothing left to place
    assert s.end_turn_refusal() is None


def test_a_turn_pool_must_be_full_if_hand_holds_marbles():
    """A turn: with marbles left in hand, the pool must be full before ending."""
    s = pos("tracks=KBY//// turn=p p0=WIS4:,-/B/KK/-/0.0.-.0.0.0")
    assert "pool still has room" in s.end_turn_refusal()
    s.apply_action(MoveToPool("K"))
    assert "pool still has room" in s.end_turn_refusal()
    s.apply_action(MoveToPool("K"))
    assert s.end_turn_refusal() is None


def test_a_turn_pool_holds_at_most_three():
    """Terms / A turn: the ingredient pool has 3 holes."""
    s = pos("tracks=KBY//// turn=p p0=WIS4:,-/BKK/K/-/0.0.-.0.0.0")
    assert MoveToPool("K") not in s.legal_actions()
    with pytest.raises(IllegalAction, match="at most 3"):
        s.apply_action(MoveToPool("K"))
    assert s.end_turn_refusal() is None  # hand has a marble but the pool is full


def test_a_turn_marbles_fit_only_their_colour():
    """A turn: a marble fills only an empty hole of its own colour."""
    s = pos("tracks=KBY//// p0=WIS4:RR,-/B/K/-/0.0.-.0.0.0")
    with pytest.raises(IllegalAction, match="no empty"):
        s.apply_action(PlaceMarble("hand", "K", 0, "K"))
    with pytest.raises(IllegalAction, match="own colour"):
        s.apply_action(PlaceMarble("pool", "B", 0, "Y"))
    with pytest.raises(IllegalAction, match="no empty red"):
        s.apply_action(PlaceMarble("hand", "R", 0, "R"))
    assert s.legal_holes("pool", "B") == []


def test_a_turn_pool_marble_placement_and_moves():
    """A turn: marbles move freely between hand and pool and are placed from either."""
    s = pos("tracks=KBY//// p0=WIS4:,-/Y/-/-/0.0.-.0.0.0")
    s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))
    assert s.desks[0].slots[0].placed == ("YY",) and sum(s.desks[0].pool) == 0
    s = pos("tracks=KBY//// p0=WIS4:,-/Y/-/-/0.0.-.0.0.0")
    s.apply_action(MoveToHand("Y"))
    assert s.desks[0].hand == [0, 0, 1, 0] and s.desks[0].pool == [0, 0, 0, 0]


def test_pe_d6_pool_marble_back_to_hand_returns_to_tank():
    """PE-D6: a marble moved from the pool to the hand may return to the tank at end of turn."""
    s = pos("tracks=KBY//// turn=p p0=WIS4:,-/BBB/K/-/0.0.-.0.0.0")
    s.apply_action(MoveToHand("B"))
    s.apply_action(MoveToPool("K"))
    assert s.end_turn_refusal() is None
    ev = s.apply_action(EndTurn())
    assert of_type(ev, MarblesReturned)[0].colours == ("B",)
    assert s.tank == [0, 1, 0, 0]
    assert s.desks[0].pool == [0, 2, 0, 1]


def test_pe_d2_and_pe_d3_completion_returns_marbles_at_once():
    """PE-D2: placed marbles stay until completion; PE-D3: they return to the tank at once and
    can come back this turn."""
    s = pos(f"{TRACKS} tank=R0B0Y0K0 p0=WIS4:RRY,-/Y/-/-/0.0.-.0.0.0")
    assert s.desks[0].slots[0].placed == ("RR", "RR", "YY")
    ev = s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))
    done = of_type(ev, PotionCompleted)
    assert done and sorted(done[0].returned) == ["R", "R", "Y", "Y"]
    assert s.tank == [2, 0, 2, 0]
    assert s.desks[0].slots[0] is None
    assert s.desks[0].completed == [CompletedPotion("WIS4", False)]
    assert s.scores()[0] == 5
    assert s.current_player() == 0  # tracks are full: nothing to refill
    s2 = pos(
        f"tracks=RBYKRBY/{FULL}/{FULL}/{FULL}/{FULL} tank=R0B0Y0K0 p0=WIS4:RRY,-/Y/-/-/0.0.-.0.0.0"
    )
    s2.apply_action(PlaceMarble("pool", "Y", 0, "Y"))
    assert s2.current_player() == CHANCE  # the returned marbles refill the short track


def test_a_turn_end_of_turn_steps():
    """A turn, end: hand to tank, fill each empty slot from a chosen stack (PE-D5), next player."""
    s = pos(f"{TRACKS} {STACKS} turn=p p0=-,WIS4:/BKK/K/-/0.0.-.0.0.0")
    ev = s.apply_action(EndTurn())
    assert s.tank == [0, 0, 0, 1] and s.desks[0].hand == [0, 0, 0, 0]
    assert s.current_player() == 0 and s.legal_actions() == [ChooseStack(0), ChooseStack(1)]
    assert s.turn_owner() == 0
    ev = s.apply_action(ChooseStack(1))  # PE-D5: the player chooses the stack
    assert of_type(ev, TileDrawn)[0].tile == "MAG5"
    assert s.desks[0].slots == [Brewing("MAG5"), Brewing("WIS4")]
    assert s.current_player() == 1 and s.desks[0].turns == 1
    assert s.picked is False and s.help_used is False


def test_a_turn_new_tile_revealed_on_stack_by_chance():
    """Components / issue: the next stack top is drawn by chance from all unseen tiles."""
    s = pos(f"{TRACKS} {STACKS} turn=p p0=-,-/RKB/-/-/0.0.-.0.0.0")
    s.apply_action(EndTurn())
    s.apply_action(ChooseStack(0))
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
    assert all(a.stack == 0 for a, _ in outcomes)
    reveal(s, "ABY7")
    assert s.stacks[0] == Stack("ABY7", 1)
    assert s.legal_actions() == [ChooseStack(0), ChooseStack(1)]  # second empty slot


def test_a_turn_little_help_once_per_turn():
    """A turn: Little Help at most once per turn, -2 VP, any one marble."""
    s = pos("tracks=RBY////")
    s.apply_action(LittleHelp(0, 1))
    assert s.desks[0].helps == 1 and s.scores()[0] == -2
    assert s.desks[0].hand == [0, 1, 0, 0]
    assert not any(isinstance(a, LittleHelp) for a in s.legal_actions())
    with pytest.raises(IllegalAction, match="once per turn"):
        s.apply_action(LittleHelp(0, 0))


def test_a_turn_illegal_actions_leave_state_unchanged():
    """Contract: a refused action changes nothing."""
    s = pos("tracks=RBY//// p0=WIS4:,-/-/-/-/0.0.-.0.0.0")
    before = s.to_dict()
    for bad in (
        RegularPick(0, 5),
        RegularPick(7, 0),
        PlaceMarble("hand", "R", 0, "R"),
        PlaceMarble("pool", "R", 1, "R"),
        MoveToHand("R"),
        ChooseStack(0),
    ):
        with pytest.raises(IllegalAction):
            s.apply_action(bad)
        assert s.to_dict() == before


def test_a_turn_prompt_helper_follows_the_turn():
    """Helper: prompt() says what the game waits for, following the rules of "A turn"."""
    s = pos("tracks=RBY//// p0=WIS4:,-/-/-/-/0.0.-.0.0.0")
    assert "regular pick" in s.prompt()
    s.apply_action(RegularPick(0, 0))
    assert s.prompt() == (
        "Your Potion of Wisdom still has an empty red hole and your hand holds "
        "a red marble: place it there before ending your turn."
    )
    s.apply_action(PlaceMarble("hand", "R", 0, "R"))
    assert s.prompt() == "Place marbles, drink potions, or end your turn."
    assert s.pickable() == []


def test_a_turn_malformed_actions_are_refused_in_plain_words():
    """Contract: the Match trusts apply_action to refuse anything illegal, even damaged data."""
    from engine.potion_explosion.state import ChooseFirstPlayer, Drink, MarbleRollsIn

    s = pos("tracks=RBY//// phase=end p0=-,-/-/-/-/0.0.-.0.0.0 stacks=WIS5+0/-+0/-+0/-+0/-+0")
    before = s.to_dict()
    for bad in (
        ChooseStack("x"),
        ChooseStack(9),
        RegularPick(0, 0),
        ChooseFirstPlayer(1),
        MarbleRollsIn(0, "R"),
        Drink(0),
        EndTurn(),
    ):
        with pytest.raises(IllegalAction):
            s.apply_action(bad)
        assert s.to_dict() == before
    s = pos("tracks=RBY//// p0=WIS4:,-/R/-/-/0.0.-.0.0.0")
    for bad in (
        PlaceMarble("pool", "R", "0", "R"),
        PlaceMarble("bag", "R", 0, "R"),
        PlaceMarble("pool", "Z", 0, "R"),
        RegularPick("0", 0),
        Drink("a"),
    ):
        with pytest.raises(IllegalAction):
            s.apply_action(bad)


def test_a_turn_empty_holes_helper():
    """Helper: empty_holes lists the holes still to fill, per colour."""
    s = pos("p0=WIS7:RB=K,-/-/-/-/0.0.-.0.0.0")
    assert s.empty_holes(0, 0) == {"R": 1, "B": 3, "Y": 0, "K": 1}
    assert s.empty_holes(0, 1) == {}


def test_a_turn_marbles_move_between_hand_and_pool_freely_but_bots_do_not_shuffle():
    """A turn: "move marbles between your hand and your pool freely" — a person may move a
    marble back the way it came; computer players (GameBots.allowed_moves) never move back a marble
    they put in the pool this turn, so their turns end. A pool marble from an earlier turn
    (PE-D6) goes back to the hand only for Hard's swap in a full pool (test_bots)."""
    from engine.potion_explosion import GAME

    s = pos("tracks=KBY//// turn=p p0=WIS4:,-/B/KB/-/0.0.-.0.0.0")
    s.apply_action(MoveToPool("B"))
    assert s.to_pool == [0, 1, 0, 0]
    assert MoveToHand("B") in s.legal_actions()
    # the old B comes back for people only: the pool is not full, there is nothing to swap
    assert MoveToHand("B") not in GAME.bots.allowed_moves(s, s.legal_actions())
    s.apply_action(MoveToHand("B"))
    assert MoveToHand("B") in s.legal_actions()  # people: freely
    assert MoveToHand("B") not in GAME.bots.allowed_moves(s, s.legal_actions())
    s.apply_action(MoveToHand("B"))
    assert s.to_pool == [0, 0, 0, 0] and s.desks[0].pool[1] == 0
    s.apply_action(MoveToPool("B"))
    s.apply_action(MoveToPool("B"))
    s.apply_action(MoveToPool("K"))
    assert s.end_turn_refusal() is None
