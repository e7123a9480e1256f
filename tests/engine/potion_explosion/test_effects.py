"""docs/rules/potion_explosion.md, "Potion effects", with PE-D7 … PE-D10."""

import pytest

from engine.core import IllegalAction
from engine.potion_explosion.state import (
    CompletedPotion,
    CopyPotion,
    Drink,
    EndTurn,
    FilterMarbles,
    FinishEffect,
    MarblesReturned,
    MarbleTaken,
    PlaceMarble,
    PoolStolen,
    PotionDrunk,
    RegularPick,
    TakeBottom,
    TakeMarble,
    TakePair,
    TakePool,
    TakeRun,
)
from tests.engine.potion_explosion.helpers import FULL, of_type, pos


def desk(done, pool="-", hand="-", slots="-,-"):
    return f"{slots}/{pool}/{hand}/{done}/0.0.-.0.0.0"


def drunk(s, code):
    s.apply_action(Drink([potion.tile for potion in s.desks[0].completed].index(code)))
    return s


def test_effect_wisdom_takes_any_one_marble():
    """Potion of Wisdom: take any 1 marble from the dispenser."""
    s = drunk(pos(f"tracks=RBY/K/// turn=p p0={desk('WIS4')}"), "WIS4")
    assert s.effect_choices() == [
        TakeMarble(0, 0),
        TakeMarble(0, 1),
        TakeMarble(0, 2),
        TakeMarble(1, 0),
        FinishEffect(),
    ]
    assert "Wisdom" in s.effect_prompt()
    with pytest.raises(IllegalAction, match="no marble"):
        s.apply_action(TakeMarble(2, 0))
    with pytest.raises(IllegalAction, match="Finish the effect"):
        s.apply_action(RegularPick(0, 0))
    s.apply_action(TakeMarble(0, 1))
    assert s.desks[0].hand == [0, 1, 0, 0] and s.effect is None


def test_effect_magnetical_attraction_two_adjacent_different_colours():
    """Potion of Magnetical Attraction: 2 adjacent marbles of different colours, one track."""
    s = drunk(pos(f"tracks=RRBB//// turn=p p0={desk('MAG4')}"), "MAG4")
    assert s.effect_choices() == [TakePair(0, 1), FinishEffect()]
    with pytest.raises(IllegalAction, match="different colours"):
        s.apply_action(TakePair(0, 0))
    ev = s.apply_action(TakePair(0, 1))
    assert s.tracks[0] == ["R", "B"] and s.desks[0].hand == [1, 1, 0, 0]
    assert all(e.reason == "potion" for e in of_type(ev, MarbleTaken))


def test_pe_d9_balm_takes_a_run_or_part_of_one():
    """PE-D9: Balm takes an unbroken same-colour run of >= 2, or part of one (>= 2)."""
    s = drunk(pos(f"tracks=KYYYB//// turn=p p0={desk('BAL4')}"), "BAL4")
    assert s.effect_choices() == [
        TakeRun(0, 1, 2),
        TakeRun(0, 1, 3),
        TakeRun(0, 2, 2),
        FinishEffect(),
    ]
    with pytest.raises(IllegalAction, match="2 or more"):
        s.apply_action(TakeRun(0, 0, 2))
    s.apply_action(TakeRun(0, 2, 2))
    assert s.tracks[0] == ["K", "Y", "B"] and s.desks[0].hand == [0, 0, 2, 0]


def test_effect_abyssal_draft_takes_one_bottom_marble_of_each_colour_one_per_track():
    """Abyssal Draft («возьмите по 1 ингредиенту каждого цвета с нижнего ряда дозатора. Вы
    можете брать только один ингредиент с каждой дорожки»): one marble of each colour showing
    at the bottom of the tracks, one per track; it ends by itself once every colour is taken."""
    s = drunk(pos(f"tracks=RB/RK/BY/Y/K turn=p p0={desk('ABY4')}"), "ABY4")
    assert s.effect_choices() == [TakeBottom(t) for t in range(5)]  # no "finish"
    s.apply_action(TakeBottom(0))  # red; track 0 now shows blue at the bottom
    assert s.effect_choices() == [TakeBottom(2), TakeBottom(3), TakeBottom(4)]
    with pytest.raises(IllegalAction, match="not taken yet"):
        s.apply_action(TakeBottom(1))  # a second red
    with pytest.raises(IllegalAction, match="not taken yet"):
        s.apply_action(TakeBottom(0))  # the same track again
    s.apply_action(TakeBottom(2))
    s.apply_action(TakeBottom(3))
    assert s.effect is not None
    s.apply_action(TakeBottom(4))  # all four colours: the effect ends by itself
    assert s.effect is None and s.desks[0].hand == [1, 1, 1, 1]


def test_pe_d14_abyssal_draft_cannot_be_stopped_while_a_colour_at_the_bottom_is_left():
    """PE-D14 / Abyssal Draft: it takes a marble of *each* colour at the bottom, so it cannot be
    finished with a colour left untaken; its only choice is which track when two show one
    colour (here two reds: either, then the other red is no longer taken)."""
    s = drunk(pos(f"tracks=R/R/Y/Y/Y turn=p p0={desk('ABY4')}"), "ABY4")
    assert FinishEffect() not in s.legal_actions()
    with pytest.raises(IllegalAction, match="still there to take"):
        s.apply_action(FinishEffect())
    s.apply_action(TakeBottom(1))
    assert s.effect_choices() == [TakeBottom(2), TakeBottom(3), TakeBottom(4)]
    with pytest.raises(IllegalAction, match="a yellow marble is still there to take"):
        s.apply_action(FinishEffect())
    s.apply_action(TakeBottom(4))
    assert s.effect is None and s.desks[0].hand == [1, 0, 1, 0]
    assert s.tracks == [["R"], [], ["Y"], ["Y"], []]


def test_pe_d14_abyssal_draft_of_one_colour_takes_one_marble():
    """Abyssal Draft: every track showing the same colour gives one marble, then it ends."""
    s = drunk(pos(f"tracks=KR/K/K/K/K turn=p p0={desk('ABY4')}"), "ABY4")
    s.apply_action(TakeBottom(0))
    assert s.effect is None and s.desks[0].hand == [0, 0, 0, 1] and s.tracks[0] == ["R"]


def test_pe_d14_abyssal_draft_with_nothing_at_the_bottom_may_be_stopped():
    """PE-D14: an Abyssal Draft drunk while every track is empty has nothing to take; stopping
    it is its one move, so the turn is never stuck."""
    s = drunk(pos(f"tracks=//// turn=p p0={desk('ABY4')}"), "ABY4")
    assert s.legal_actions() == [FinishEffect()]
    s.apply_action(FinishEffect())
    assert s.effect is None


def test_pe_d14_abyssal_draft_copied_by_sands_of_time_cannot_be_stopped_either():
    """PE-D8 with PE-D14: Sands of Time using a drunk Abyssal Draft again takes every colour
    at the bottom as the Draft does."""
    s = pos(f"tracks=R/B/// turn=p p0={desk('ABY4!,SAN4')}")
    drunk(s, "SAN4")
    s.apply_action(CopyPotion(0))
    assert s.effect_choices() == [TakeBottom(0), TakeBottom(1)]
    s.apply_action(TakeBottom(1))
    with pytest.raises(IllegalAction, match="a red marble is still there"):
        s.apply_action(FinishEffect())
    s.apply_action(TakeBottom(0))
    assert s.effect is None and s.desks[0].hand == [1, 1, 0, 0]


def test_pe_d14_blind_love_takes_an_opponents_pool_and_cannot_be_stopped():
    """Elixir of Blind Love / PE-D14: all marbles of one opponent's pool go to your hand; the
    only choice is whose."""
    s = pos(
        f"n=3 tracks=R//// turn=p p0={desk('BLI4')} p1={desk('-', pool='RBk')} "
        f"p2={desk('-', pool='Y')}"
    )
    drunk(s, "BLI4")
    assert s.effect_choices() == [TakePool(1), TakePool(2)]
    with pytest.raises(IllegalAction):
        s.apply_action(TakePool(0))
    with pytest.raises(IllegalAction, match="choose whose"):
        s.apply_action(FinishEffect())
    ev = s.apply_action(TakePool(1))
    assert of_type(ev, PoolStolen)[0].colours == ("R", "B", "K")
    assert s.desks[0].hand == [1, 1, 0, 1]
    assert s.desks[1].pool == [0, 0, 0, 0] and s.desks[1].wild == [0, 0, 0, 0]


def test_pe_d14_blind_love_with_one_opponent_has_one_choice():
    """PE-D14: the Elixir takes "all marbles from one opponent's pool", so with
    one opponent the only choice is their pool, even an empty one (the table then asks
    nothing)."""
    s = pos(f"n=2 tracks=R//// turn=p p0={desk('BLI4')} p1={desk('-', pool='-')}")
    drunk(s, "BLI4")
    assert s.legal_actions() == [TakePool(1)]
    ev = s.apply_action(TakePool(1))
    assert of_type(ev, PoolStolen)[0].colours == () and s.effect is None
    assert (
        of_type(ev, PoolStolen)[0].text(["Ana", "Ben"])
        == "The pool of Ben was empty: Ana took nothing."
    )


def test_pe_d10_prismatic_joy_pool_marbles_become_wild_this_turn():
    """PE-D10: marbles in the pool when drunk fill any hole this turn; leaving the pool or the
    end of the turn removes this."""
    s = pos(f"tracks=RBY//// turn=p p0={desk('PRI4', pool='KKB', slots='WIS4:,-')}")
    drunk(s, "PRI4")
    assert s.desks[0].wild == [0, 1, 0, 2] and s.effect is None
    assert s.legal_holes("pool", "K") == [(0, "R"), (0, "Y")]
    s.apply_action(PlaceMarble("pool", "K", 0, "R"))
    assert s.desks[0].slots[0].placed == ("RK",)
    s.apply_action(PlaceMarble("pool", "B", 0, "Y"))
    # A wild marble that leaves the pool loses it:
    from engine.potion_explosion.state import MoveToHand, MoveToPool

    s.apply_action(MoveToHand("K"))
    s.apply_action(MoveToPool("K"))
    assert s.desks[0].wild == [0, 0, 0, 0]
    assert s.legal_holes("pool", "K") == []
    # Marbles added to the pool after drinking are not wild.
    s2 = pos(f"tracks=RBY//// turn=p p0={desk('PRI4', pool='K', hand='B', slots='WIS4:,-')}")
    drunk(s2, "PRI4")
    s2.apply_action(MoveToPool("B"))
    assert s2.legal_holes("pool", "B") == [] and s2.legal_holes("pool", "K") == [(0, "R"), (0, "Y")]
    # Completion returns the real colours; the end of turn ends the wildness.
    s3 = pos(f"tracks=RBY//// turn=p p0={desk('PRI4', pool='K', slots='WIS4:RRY,-')}")
    drunk(s3, "PRI4")
    s3.apply_action(PlaceMarble("pool", "K", 0, "Y"))
    assert s3.tank == [2, 0, 1, 1]
    s4 = pos(f"tracks=RBY//// turn=p p0={desk('PRI4', pool='KKK', slots='WIS4:,-')}")
    drunk(s4, "PRI4")
    s4.apply_action(EndTurn())
    assert s4.desks[0].wild == [0, 0, 0, 0]


def test_effect_filter_of_lavamancing_returns_up_to_five_of_one_colour():
    """Filter of Lavamancing: one track, one colour, up to 5 marbles (not adjacent) to the tank."""
    s = drunk(pos(f"tracks=RKRKRRRR/B/// turn=p p0={desk('FIL4')}"), "FIL4")
    choices = s.effect_choices()
    assert FilterMarbles(0, "R", (0, 2, 4, 5, 6)) in choices
    assert FilterMarbles(1, "B", (0,)) in choices
    assert not any(len(a.positions) > 5 for a in choices if isinstance(a, FilterMarbles))
    with pytest.raises(IllegalAction, match="1 to 5"):
        s.apply_action(FilterMarbles(0, "R", (0, 2, 4, 5, 6, 7)))
    with pytest.raises(IllegalAction, match="1 to 5"):
        s.apply_action(FilterMarbles(0, "R", (0, 1)))  # position 1 is black
    ev = s.apply_action(FilterMarbles(0, "R", (0, 2, 4, 5, 6)))
    assert s.tracks[0] == ["K", "K", "R"]
    assert s.tank == [5, 0, 0, 0]
    returned = of_type(ev, MarblesReturned)[0]
    assert returned.text(["Ana", "Ben"]) == "5 red marbles return to the tank from track 1."


def test_effect_filter_of_lavamancing_log_names_the_track():
    """The log says which track the Filter emptied ("from track 3"), not whose."""
    s = drunk(pos(f"tracks=//KYK// turn=p p0={desk('FIL4')}"), "FIL4")
    ev = s.apply_action(FilterMarbles(2, "K", (2,)))
    texts = [e.text(["Ana", "Ben"]) for e in ev]
    assert "1 black marble returns to the tank from track 3." in texts


def test_pe_d7_a_drunk_potion_cannot_be_drunk_again():
    """PE-D7: a drunk potion is turned over and can never be drunk again."""
    s = pos(f"tracks=RBY//// turn=p p0={desk('WIS4!')}")
    assert s.drinkable() == []
    with pytest.raises(IllegalAction, match="already been drunk"):
        s.apply_action(Drink(0))


def test_pe_d8_sands_of_time_copies_a_drunk_potion():
    """PE-D8 / Sands of Time: use again the effect of one of your drunk potions."""
    s = pos(f"tracks=RBY//// turn=p p0={desk('WIS4!,SAN4!,SAN4')}")
    assert s.drinkable() == [2]
    ev = s.apply_action(Drink(2))
    assert of_type(ev, PotionDrunk)[0].tile == "SAN4"
    assert s.effect_choices() == [CopyPotion(0), FinishEffect()]
    s.apply_action(CopyPotion(0))
    assert s.effect.kind == "WIS"
    s.apply_action(TakeMarble(0, 0))
    assert s.desks[0].hand == [1, 0, 0, 0]
    assert s.desks[0].completed[0] == CompletedPotion("WIS4", True)


def test_pe_d8_sands_of_time_cannot_copy_sands_of_time():
    """PE-D8: Sands of Time cannot copy a Sands of Time, nor an undrunk potion."""
    s = pos(f"tracks=RBY//// turn=p p0={desk('SAN4!,WIS4,SAN4')}")
    assert s.drinkable() == [1]  # nothing drunk to copy: Sands refused
    with pytest.raises(IllegalAction, match="Sands of Time needs"):
        s.apply_action(Drink(2))
    s = pos(f"tracks=RBY//// turn=p p0={desk('SAN4!,MAG4!,SAN4')}")
    s.apply_action(Drink(2))
    with pytest.raises(IllegalAction, match=r"other than a Sands of Time\."):
        s.apply_action(CopyPotion(0))
    assert s.effect_choices() == [CopyPotion(1), FinishEffect()]


def test_effects_drink_in_the_same_turn_as_completion_and_end_turn_waits():
    """A turn: a completed potion may be drunk the same turn; end turn waits for the effect."""
    s = pos(f"tracks={'/'.join([FULL] * 5)} turn=p p0={desk('-', pool='Y', slots='WIS4:RRY,-')}")
    s.apply_action(PlaceMarble("pool", "Y", 0, "Y"))
    assert s.drinkable() == [0]
    s.apply_action(Drink(0))
    assert "Finish the effect" in s.end_turn_refusal()
    s.apply_action(FinishEffect())
    assert s.end_turn_refusal() is None


def test_the_filter_of_lavamancing_hint_names_the_places_of_the_marbles_it_returns():
    """Play-test: "returns the blue marble of track 1" while track 1 held three blues. The
    reason names the places (Filter of Lavamancing: one track, one colour, any of its marbles)."""
    from engine.potion_explosion.heuristics import explain_move

    s = drunk(pos(f"tracks=RKRKRRRR/B/// turn=p p0={desk('FIL4')}"), "FIL4")
    one = explain_move(s, FilterMarbles(0, "R", (2,)), ["Ana", "Ben"])
    assert one.startswith("Returns the red marble at place 3 of track 1 to the tank")
    several = explain_move(s, FilterMarbles(0, "R", (0, 2, 4)), ["Ana", "Ben"])
    assert several.startswith("Returns 3 red marbles at places 1, 3 and 5 of track 1 to the tank")


def test_a_filter_hint_names_the_pick_that_brings_most_for_the_potions():
    """Play-test: a Filter of Lavamancing hint said a pick's explosion but not why a smaller
    one was better. Rules, "Explosions": a pick takes the marble and every marble that explodes.
    The reason names the pick whose marbles fill most empty holes, and how many do."""
    from engine.potion_explosion.heuristics import explain_move

    reds_and_blues = desk("FIL4", slots="ABY4:,-")  # empty holes: 2 red, 2 blue
    s = drunk(pos(f"tracks=RBRYYBYYK//// turn=- p0={reds_and_blues}"), "FIL4")
    assert explain_move(s, FilterMarbles(0, "K", (8,)), ["Ana", "Ben"]) == (
        "Returns the black marble at place 9 of track 1 to the tank: then picking the blue "
        "marble at place 2 there explodes 2 marbles, and 3 of the marbles it brings fit your "
        "potions."
    )
    reds_and_yellows = desk("FIL4", slots="WIS4:,-")  # 2 red, 2 yellow: the 4 yellows win
    s = drunk(pos(f"tracks=RBRYYBYYK//// turn=- p0={reds_and_yellows}"), "FIL4")
    assert "blue marble at place 6 there explodes 4 marbles, and 2 of" in explain_move(
        s, FilterMarbles(0, "K", (8,)), ["Ana", "Ben"]
    )


def test_the_abyssal_draft_hint_names_every_colour_it_takes():
    """Play-test: the reason for drinking an Abyssal Draft named only the blue marble it takes
    first, while the effect also takes the yellow (a bottom marble of each colour)."""
    from engine.potion_explosion.heuristics import explain_move

    s = pos(f"tracks=B/Y/Y/Y/Y turn=p p0={desk('ABY4')}")
    drink = Drink([potion.tile for potion in s.desks[0].completed].index("ABY4"))
    words = explain_move(s, drink, ["Ana", "Ben"])
    assert words == (
        "Drinking your Abyssal Draft lets you take a bottom marble of each colour: takes the "
        "blue and yellow marbles from the bottoms of the tracks."
    )


def test_pe_d14_the_hint_for_an_empty_pool_says_only_what_is_true_of_the_others():
    """Play-test: a hint for the Elixir of Blind Love on an empty pool said "empty like every
    other one" while another opponent's pool held three marbles. It says so only when every
    other pool is empty too."""
    from engine.potion_explosion.heuristics import explain_move

    names = ["Ana", "Ben", "Cy"]
    s = pos(f"n=3 tracks=R//// turn=p p0={desk('BLI4')} p1={desk('-')} p2={desk('-', pool='RBB')}")
    drunk(s, "BLI4")
    assert explain_move(s, TakePool(1), names) == (
        "Takes the pool of Ben, which is empty: nothing is taken."
    )
    s = pos(f"n=3 tracks=R//// turn=p p0={desk('BLI4')} p1={desk('-')} p2={desk('-')}")
    drunk(s, "BLI4")
    assert explain_move(s, TakePool(1), names) == (
        "Takes the pool of Ben, empty like every other one."
    )
