"""Rules, "Movement phase": paths, junctions (OR-D6), pick-ups, leaving the mine, derailing,
falling into the chasm."""

import pytest

from engine.off_the_rails.state import (
    CartDerailed,
    CartFell,
    CartLeftMine,
    CartMoved,
    ChooseExit,
    EndActions,
    GemTaken,
    MoveCart,
    TakeGem,
)
from tests.engine.off_the_rails.helpers import (
    blank,
    events_of,
    gem_total,
    lay,
    put_cart,
    put_gems,
    row,
    with_rows,
)


def test_straight_movement_exactly_speed_with_path():
    s = blank()
    lay(s, {(r, 2): "NS" for r in range(8)})
    put_cart(s, 0, (0, 2), "S", speed=4)
    ev = s.apply_action(EndActions())
    assert events_of(ev, CartMoved)[0].path == ((0, 2), (1, 2), (2, 2), (3, 2), (4, 2))
    assert s.carts[0].square == (4, 2) and s.carts[0].facing == "S" and s.carts[0].back == "N"


def test_curve_turns_the_cart():
    s = with_rows(blank(), {0: row(c1="ES", c2="SW"), 1: row(c1="NS", c2="NE", c3="EW")})
    put_cart(s, 0, (1, 1), "N", back="S", speed=4)
    ev = s.apply_action(EndActions())
    assert events_of(ev, CartMoved)[0].path == ((1, 1), (0, 1), (0, 2), (1, 2), (1, 3))
    assert s.carts[0].facing == "E"


def test_or_d6_junction_choice_excludes_entry_side():
    """OR-D6: at a T the owner picks among the other exits when the cart arrives."""
    s = with_rows(blank(), {1: row(c0="EW", c1="ESW", c2="EW"), 2: row(c1="NS")})
    put_cart(s, 0, (1, 0), "E", speed=3)
    s.apply_action(EndActions())
    assert s.pending() == "exit" and sorted(s.exit_choices()) == ["E", "S"]
    assert s.moving_cart() == 0
    ev = s.apply_action(ChooseExit("S"))
    assert s.carts[0].square == (3, 1) or events_of(ev, CartDerailed)
    assert events_of(ev, CartMoved)[0].path == ((1, 1), (2, 1))


def test_or_d6_cross_is_a_full_junction():
    s = with_rows(blank(), {1: row(c0="EW", c1="NESW")})
    put_cart(s, 0, (1, 0), "E", speed=1)
    s.apply_action(EndActions())
    assert sorted(s.exit_choices()) == ["E", "N", "S"]  # chosen on arrival, even at the last step
    s.apply_action(ChooseExit("N"))
    assert s.carts[0].facing == "N" and s.carts[0].back == "W"


def test_choose_which_cart_moves_first():
    s = blank()
    lay(s, {(r, c): "NS" for r in range(4) for c in (2, 5)})
    put_cart(s, 0, (0, 2), "S", speed=1)
    put_cart(s, 1, (0, 5), "S", speed=1)
    s.apply_action(EndActions())
    assert s.pending() == "move_cart" and s.carts_to_move() == [0, 1]
    ev = s.apply_action(MoveCart(1))
    paths = [e.path for e in events_of(ev, CartMoved)]
    assert paths == [((0, 5), (1, 5)), ((0, 2), (1, 2))]  # cart 1 first, then cart 0 by itself


def test_pass_through_takes_one_stop_takes_two_in_all():
    """Gems: entering a deposit takes 1; ending the movement on one takes 2 in all."""
    s = with_rows(blank(), {1: row(c2="NS+rr"), 2: row(c2="NS"), 3: row(c2="NS+ee")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=3)
    total = gem_total(s)
    s.apply_action(EndActions())
    assert s.carts[0].load == (0, 1, 2, 0, 0)
    assert s.gems[(1, 2)] == (0, 1, 0, 0, 0) and (3, 2) not in s.gems
    assert gem_total(s) == total


def test_rocks_first_then_choice_among_jewels():
    """Gems: rocks must be taken before jewels; among jewels the owner chooses."""
    s = with_rows(blank(), {1: row(c2="NS+kgd"), 2: row(c2="NS")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=1)
    ev = s.apply_action(EndActions())
    assert [e.gem for e in events_of(ev, GemTaken)] == ["rock"]
    assert s.pending() == "gem" and s.gem_choices() == ["gold", "diamond"]
    s.apply_action(TakeGem("diamond"))
    assert s.carts[0].load == (1, 0, 0, 0, 1)
    assert s.gems[(1, 2)] == (0, 0, 0, 1, 0)


def test_or_d13_no_jewel_question_when_the_cart_takes_every_gem_anyway():
    """Gems, OR-D13: stopping on a ruby and an emerald, the cart takes 2 in all, so both: it
    takes them without asking which first. With a third jewel there, or no room for both,
    the owner chooses."""
    s = with_rows(blank(), {1: row(c2="NS+re"), 2: row(c2="NS")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=1)
    ev = s.apply_action(EndActions())
    assert sorted(e.gem for e in events_of(ev, GemTaken)) == ["emerald", "ruby"]
    assert s.carts[0].load == (0, 1, 1, 0, 0) and (1, 2) not in s.gems
    assert s.pending() != "gem"
    s = with_rows(blank(), {1: row(c2="NS+reg"), 2: row(c2="NS")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=1)
    s.apply_action(EndActions())
    assert s.pending() == "gem" and s.gem_choices() == ["ruby", "emerald", "gold"]
    s = with_rows(blank(), {1: row(c2="NS+re"), 2: row(c2="NS")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=1, load=(0, 0, 0, 4, 0))  # room for one more gem
    s.apply_action(EndActions())
    assert s.pending() == "gem" and s.gem_choices() == ["ruby", "emerald"]


def test_cart_holds_at_most_five_gems():
    s = with_rows(blank(), {1: row(c2="NS+rrr"), 2: row(c2="NS")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=1, load=(0, 4, 0, 0, 0))
    s.apply_action(EndActions())
    assert s.carts[0].load == (0, 5, 0, 0, 0)
    assert s.gems[(1, 2)] == (0, 2, 0, 0, 0)


@pytest.mark.parametrize(
    "edge_side,square", [("N", (0, 3)), ("S", (11, 3)), ("E", (4, 11)), ("W", (4, 0))]
)
def test_leaving_the_mine_at_any_edge_with_movement_left(edge_side, square):
    """Leaving the mine: any edge, any speed; the load goes to the stockpile, the cart home."""
    s = blank()
    exits = "NS" if edge_side in "NS" else "EW"
    lay(s, {square: exits})
    put_cart(s, 0, square, edge_side, speed=5, load=(1, 2, 0, 0, 1))
    ev = s.apply_action(EndActions())
    left = events_of(ev, CartLeftMine)[0]
    assert left.edge == {"N": "north", "S": "south", "E": "east", "W": "west"}[edge_side]
    assert events_of(ev, CartMoved)[0].path[-1] == (left.row, left.col)
    assert len(events_of(ev, CartMoved)[0].path) == 2  # movement left over is lost
    assert s.stockpiles[0] == (1, 2, 0, 0, 1)
    assert s.carts[0].where == "supply" and s.carts[0].load == (0, 0, 0, 0, 0)


@pytest.mark.parametrize("case", ["no track", "mine centre", "no exit towards it"])
def test_each_derail_cause_returns_gems_to_bag_and_cart_to_supply(case):
    """Derail: no track, a mine centre, or a tile with no exit towards the cart."""
    s = blank()
    if case == "mine centre":
        lay(s, {(3, 4): "NS"})
        put_cart(s, 0, (3, 4), "S", speed=2, load=(0, 1, 0, 0, 0))
    else:
        lay(s, {(0, 2): "NS"})
        if case == "no exit towards it":
            lay(s, {(1, 2): "EW"})
        put_cart(s, 0, (0, 2), "S", speed=2, load=(0, 1, 0, 0, 0))
    bag = s.bag
    ev = s.apply_action(EndActions())
    d = events_of(ev, CartDerailed)[0]
    assert d.gems == (0, 1, 0, 0, 0) and not d.removed
    assert s.bag == (bag[0], bag[1] + 1) + bag[2:]
    assert s.carts[0].where == "supply"


def test_cart_entering_chasm_falls_in_with_its_gems():
    """The Chasm: a cart that would enter a chasm square falls in; cart and gems leave the game."""
    s = with_rows(blank(), {1: row(c2="#r")})
    lay(s, {(0, 2): "NS"})
    put_cart(s, 0, (0, 2), "S", speed=3, load=(0, 0, 1, 0, 0))
    ev = s.apply_action(EndActions())
    assert events_of(ev, CartFell)[0].gems == (0, 0, 1, 0, 0)
    assert s.carts[0].where == "lost" and s.lost == (0, 0, 1, 0, 0)
    assert events_of(ev, CartMoved)[0].path == ((0, 2), (1, 2))


def test_a_cart_on_a_loop_of_track_passes_the_square_it_set_out_from():
    """Rules, "Collisions": a cart collides with a cart in the square ahead; the moving cart
    has left its own square, so a loop brings it back through it (it derailed there)."""
    s = with_rows(blank(), {2: row(c8="ES", c9="SW"), 3: row(c8="NE", c9="NW")})
    put_cart(s, 0, (2, 8), "E", speed=6)
    ev = s.apply_action(EndActions())
    assert events_of(ev, CartMoved)[0].path == (
        (2, 8),
        (2, 9),
        (3, 9),
        (3, 8),
        (2, 8),
        (2, 9),
        (3, 9),
    )
    assert not events_of(ev, CartDerailed)
    assert s.carts[0].square == (3, 9) and s.carts[0].facing == "W"


def test_a_cart_back_on_the_deposit_it_paused_on_rolls_through_it():
    """A pause to take gems starts a new run from the deposit; the loop brings the cart back
    over that square without meeting itself (rules, "Movement phase", "Collisions")."""
    s = with_rows(blank(), {2: row(c8="ES", c9="SW"), 3: row(c8="NE", c9="NW")})
    put_cart(s, 0, (2, 8), "E", speed=6)
    put_gems(s, (2, 9), (1, 0, 0, 0, 0))
    ev = s.apply_action(EndActions())
    while s.pending() == "gem":
        ev += s.apply_action(next(a for a in s.legal_actions() if isinstance(a, TakeGem)))
    assert not events_of(ev, CartDerailed)
    assert s.carts[0].where.name == "BOARD" and s.carts[0].square == (3, 9)


def test_gems_picks_left_count_the_questions_still_to_come_on_the_square():
    """Rules, "Gems": a cart ending its move on a deposit takes 2 gems, one question each when
    it chooses among jewels; one more after the first; none once it is full."""
    from engine.off_the_rails.rules import picks_left
    from engine.off_the_rails.state import EndActions, Pending, TakeGem

    s = blank()
    lay(s, {(1, 3): "NS", (2, 3): "NS", (3, 3): "NS"})
    put_cart(s, 0, (1, 3), "S", speed=2)
    put_gems(s, (3, 3), (0, 2, 1, 0, 0))
    assert picks_left(s) == 0  # no pick under way
    s.apply_action(EndActions())
    assert s.pending() == Pending.GEM and picks_left(s) == 2
    s.apply_action(TakeGem("ruby"))
    assert s.pending() == Pending.GEM and picks_left(s) == 1
    full = blank()
    lay(full, {(1, 3): "NS", (2, 3): "NS", (3, 3): "NS"})
    put_cart(full, 0, (1, 3), "S", speed=2, load=(0, 1, 1, 1, 1))  # room for one
    put_gems(full, (3, 3), (0, 2, 1, 0, 0))
    full.apply_action(EndActions())
    assert full.pending() == Pending.GEM and picks_left(full) == 1
