"""Rules, "Collisions" (OR-D7, OR-D10) and the Bumper Carts option."""

import pytest

from engine.core import CHANCE, IllegalAction
from engine.off_the_rails.state import (
    CartDerailed,
    CartLeftMine,
    CartReturned,
    Collided,
    DropGems,
    EndActions,
    GemsDropped,
    LoadSplit,
    PickPile,
    PlaceCart,
    SplitLoad,
)
from tests.engine.off_the_rails.helpers import blank, events_of, gem_total, lay, put_cart


def line(s, r=2, cols=range(0, 12)):
    lay(s, {(r, c): "EW" for c in cols})


def test_rear_collision_mover_turns_round_other_does_not():
    """Collisions: the mover stops where it is and turns round; a rear hit turns only the mover;
    the hit cart drops its single gem (OR-D7) and the empty mover derails."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4)
    put_cart(s, 2, (2, 4), "E", load=(0, 0, 0, 1, 0))
    total = gem_total(s)
    ev = s.apply_action(EndActions())
    hit = events_of(ev, Collided)[0]
    assert hit.kind == "rear" and (hit.row, hit.col) == (2, 3)
    assert (hit.other_row, hit.other_col) == (2, 4)
    assert s.carts[2].facing == "E"  # not turned
    assert events_of(ev, GemsDropped)[0].gems == (0, 0, 0, 1, 0)
    assert s.gems[(2, 4)] == (0, 0, 0, 1, 0)
    assert events_of(ev, CartDerailed)[0].cart == 0  # the mover held no gems before
    assert s.carts[0].where == "supply" and s.carts[2].where == "board"
    assert gem_total(s) == total


def test_head_on_both_turn_round():
    """Collisions: if the other cart could leave towards the mover, it is head-on: both turn."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "W", load=(0, 1, 0, 0, 0))
    ev = s.apply_action(EndActions())
    assert events_of(ev, Collided)[0].kind == "head-on"
    assert s.carts[0].facing == "W" and s.carts[0].back == "E" and s.carts[0].square == (2, 3)
    assert s.carts[2].facing == "E" and s.carts[2].back == "W"
    assert s.carts[2].load == (0, 0, 0, 0, 0) and s.gems[(2, 4)] == (0, 1, 0, 0, 0)
    assert s.carts[0].where == "board" and s.carts[2].where == "board"  # neither was empty


def test_side_bump_nothing_dropped_nobody_derails():
    """Collisions: if the other cart's tile has no exit towards the mover, it is only a bump."""
    s = blank()
    lay(s, {(0, 5): "NS", (1, 5): "NS", (2, 5): "EW", (2, 4): "EW"})
    put_cart(s, 0, (0, 5), "S", speed=3)
    put_cart(s, 2, (2, 5), "E", load=(0, 2, 0, 0, 0))
    ev = s.apply_action(EndActions())
    assert events_of(ev, Collided)[0].kind == "bump"
    assert not events_of(ev, GemsDropped) and not events_of(ev, CartDerailed)
    assert s.carts[0].square == (1, 5) and s.carts[0].facing == "N"
    assert s.carts[2].load == (0, 2, 0, 0, 0)


def test_collision_with_own_cart():
    """Collisions: the opposing cart may be your own."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=2, load=(0, 1, 0, 0, 0))
    put_cart(s, 1, (2, 3), "E")
    s.moved = []
    ev = s.apply_action(EndActions())
    assert s.pending() in ("move_cart", "chance")
    if s.pending() == "move_cart":
        ev = s.apply_action(s.legal_actions()[0])
    kinds = [e.kind for e in events_of(ev, Collided)]
    assert kinds and kinds[0] == "rear"
    assert events_of(ev, CartDerailed)[0].cart == 1  # the empty own cart derails


def test_both_empty_carts_derail():
    """Collisions: each cart that held no jewels before the collision derails, empty ones too."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4)
    put_cart(s, 2, (2, 4), "W")
    ev = s.apply_action(EndActions())
    assert sorted(e.cart for e in events_of(ev, CartDerailed)) == [0, 2]
    assert s.carts[2].where == "supply"


def test_collision_a_hit_cart_holding_only_a_rock_drops_it_and_derails():
    """Collisions: a cart without jewels («драгоценностей»: rubies, emeralds, gold, diamonds)
    derails; a rock is a gem but not a jewel. The hit cart drops its only gem, the rock, which
    stays on its square, then derails; the mover, holding a ruby, stays on the track."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(1, 0, 0, 0, 0))
    total = gem_total(s)
    ev = s.apply_action(EndActions())
    assert events_of(ev, GemsDropped)[0].gems == (1, 0, 0, 0, 0)
    assert s.gems[(2, 4)] == (1, 0, 0, 0, 0)
    derailed = events_of(ev, CartDerailed)
    assert [(e.cart, e.cause) for e in derailed] == [(2, "collision")]
    assert s.carts[2].where == "supply" and s.carts[0].where == "board"
    assert s.carts[0].load == (0, 1, 0, 0, 0)
    assert gem_total(s) == total


def test_collision_a_mover_holding_only_rocks_derails_and_its_rocks_go_back_to_the_bag():
    """Collisions: the moving cart too derails when it held no jewels, only rocks; its rocks go
    back to the bag like any derailed cart's gems."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(2, 0, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(0, 0, 1, 0, 0))
    bag_rocks = s.bag[0]
    total = gem_total(s)
    ev = s.apply_action(EndActions())
    derailed = events_of(ev, CartDerailed)
    assert [(e.cart, e.gems) for e in derailed] == [(0, (2, 0, 0, 0, 0))]
    assert s.carts[0].where == "supply" and s.bag[0] == bag_rocks + 2
    assert s.carts[2].where == "board" and s.carts[2].load == (0, 0, 0, 0, 0)
    assert gem_total(s) == total


def test_collision_carts_holding_a_jewel_beside_rocks_stay_on_the_track():
    """Collisions: one jewel is enough to stay on the track, whatever rocks ride with it."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(3, 0, 0, 0, 1))
    put_cart(s, 2, (2, 4), "W", load=(0, 1, 0, 0, 0))
    ev = s.apply_action(EndActions())
    assert events_of(ev, Collided)[0].kind == "head-on"
    assert not events_of(ev, CartDerailed)
    assert s.carts[0].where == "board" and s.carts[2].where == "board"


def test_bumper_carts_option_a_cart_of_rocks_does_not_derail():
    """Option Bumper Carts: nobody derails, a cart holding only rocks neither."""
    s = blank(bumper_carts=True)
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(1, 0, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(2, 0, 0, 0, 0))
    ev = s.apply_action(EndActions())
    assert events_of(ev, Collided) and not events_of(ev, CartDerailed)
    assert s.carts[0].load == (1, 0, 0, 0, 0) and s.carts[2].load == (2, 0, 0, 0, 0)


def test_or_d7_owner_splits_hidden_mover_picks():
    """OR-D7: the owner splits ceil(n/2)/floor(n/2); the mover picks a pile without seeing it;
    the picked pile stays on the hit cart's square; the turn stays the mover's."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(1, 1, 0, 0, 1))
    s.apply_action(EndActions())
    assert s.pending() == "split" and s.current_player() == 1 and s.turn_owner() == 0
    splits = s.legal_actions()
    assert SplitLoad((1, 1, 0, 0, 0)) in splits and all(sum(a.pile) == 2 for a in splits)
    ev = s.apply_action(SplitLoad((0, 1, 0, 0, 1)))
    assert events_of(ev, LoadSplit)[0].sizes == (2, 1)
    assert s.pending() == "pick" and s.current_player() == 0
    seen = s.observation(0)
    assert seen.split_piles() != s.split_piles()  # the mover cannot see the owner's split
    assert s.observation(1).split_piles() == ((0, 1, 0, 0, 1), (1, 0, 0, 0, 0))
    assert seen.legal_actions() == [PickPile(0), PickPile(1)]
    ev = s.apply_action(PickPile(0))
    assert events_of(ev, GemsDropped)[0].gems == (0, 1, 0, 0, 1)
    assert s.carts[2].load == (1, 0, 0, 0, 0)
    assert s.gems[(2, 4)] == (0, 1, 0, 0, 1)


def test_or_d7_an_even_split_and_its_mirror_are_both_the_owners_choice():
    """OR-D7: with an even load the owner also chooses which pile is the first, so a split
    and its mirror (the piles the other way round) are both listed: were only one listed, pile
    1 would always hold the same gems of a ruby and an emerald and the mover would know which
    pile it picks."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(0, 1, 1, 0, 0))
    s.apply_action(EndActions())
    assert s.legal_actions() == [SplitLoad((0, 1, 0, 0, 0)), SplitLoad((0, 0, 1, 0, 0))]
    mirrored = s.clone()
    mirrored.apply_action(SplitLoad((0, 0, 1, 0, 0)))
    assert mirrored.split_piles() == ((0, 0, 1, 0, 0), (0, 1, 0, 0, 0))


def test_or_d7_a_pile_of_the_wrong_size_is_refused_with_the_sizes_in_words():
    """OR-D7: the first pile holds ceil(n/2) gems; another size is refused in words."""
    s = blank()
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(0, 1, 1, 0, 0))
    s.apply_action(EndActions())
    with pytest.raises(IllegalAction) as err:
        s.apply_action(SplitLoad((0, 1, 1, 0, 0)))
    assert err.value.reason == (
        "The first pile holds 1 of the 2 gems in the cart (a ruby and an emerald)."
    )
    ev = s.apply_action(SplitLoad((0, 1, 0, 0, 0)))
    assert events_of(ev, LoadSplit)[0].sizes == (1, 1)
    assert s.split_piles() == ((0, 1, 0, 0, 0), (0, 0, 1, 0, 0))


def test_split_rule_option_drop_the_larger_half():
    """Option split rule "larger": the owner chooses the ceil(n/2) gems dropped; no pick."""
    s = blank(split_rule="larger")
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(0, 2, 0, 0, 1))
    s.apply_action(EndActions())
    assert s.pending() == "drop" and s.current_player() == 1
    assert DropGems((0, 2, 0, 0, 0)) in s.legal_actions()
    s.apply_action(DropGems((0, 2, 0, 0, 0)))
    assert s.carts[2].load == (0, 0, 0, 0, 1) and s.current_player() == CHANCE


def test_bumper_carts_option_no_drop_no_derail_but_turning():
    """Option Bumper Carts: no gems dropped and nobody derails; the turning round still applies."""
    s = blank(bumper_carts=True)
    line(s)
    put_cart(s, 0, (2, 1), "E", speed=4)
    put_cart(s, 2, (2, 4), "W", load=(0, 3, 0, 0, 0))
    ev = s.apply_action(EndActions())
    assert events_of(ev, Collided)[0].kind == "head-on"
    assert not events_of(ev, GemsDropped) and not events_of(ev, CartDerailed)
    assert s.carts[0].facing == "W" and s.carts[2].facing == "E"
    assert s.carts[2].load == (0, 3, 0, 0, 0)


def test_or_d10_exiting_never_collides():
    """OR-D10: a cart leaving the grid is never stopped by a cart on the surface."""
    s = blank()
    lay(s, {(0, 3): "NS", (1, 3): "NS"})
    s.apply_action(PlaceCart(0, -1, 3))
    put_cart(s, 1, (1, 3), "N", speed=2, load=(0, 1, 0, 0, 0))
    s.carts[0].speed = 1
    ev = s.apply_action(EndActions())
    if s.pending() == "move_cart":
        ev += s.apply_action(s.legal_actions()[1])  # the black cart first
    assert events_of(ev, CartLeftMine) and not events_of(ev, Collided)


def test_or_d10_cart_stopped_on_surface_goes_back_to_supply():
    """OR-D10: a cart cannot stay on the surface after its owner's turn."""
    s = blank()
    lay(s, {(0, 3): "EW"})
    put_cart(s, 2, (0, 3), "E", load=(0, 1, 0, 0, 0))
    s.apply_action(PlaceCart(0, -1, 3))
    ev = s.apply_action(EndActions())
    assert events_of(ev, Collided)[0].kind == "bump"
    assert events_of(ev, CartReturned)[0].cart == 0
    assert s.carts[0].where == "supply"
