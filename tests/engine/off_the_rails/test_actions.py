"""Rules, "A turn", action phase: placing and upgrading track, carts, speed (OR-D4, OR-D5,
OR-D9)."""

import pytest

from engine.core import IllegalAction
from engine.off_the_rails.state import (
    CartMoved,
    ChangeSpeed,
    EndActions,
    PlaceCart,
    PlaceTile,
    UpgradeTile,
)
from tests.engine.off_the_rails.helpers import blank, events_of, lay, put_cart, row, with_rows


def refused(s, action, words):
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply_action(action)
    assert words in err.value.reason
    assert s.to_dict() == before  # a refused action leaves the state unchanged
    assert action not in s.legal_actions()


def test_place_straight_or_curve_anywhere_empty():
    s = blank()
    s.apply_action(PlaceTile(0, 0, "NE"))
    assert s.tiles[(0, 0)] == "NE" and s.actions_left == 3
    assert {a.exits for a in s.placements_at(5, 5)} == {"NS", "EW", "NE", "ES", "SW", "NW"}


def test_place_tile_illegal_mine_centre_chasm_occupied_surface_junction():
    s = blank()
    s.chasm[(2, 2)] = "red"
    lay(s, {(1, 1): "NS"})
    refused(s, PlaceTile(4, 4, "NS"), "mine centre")
    refused(s, PlaceTile(2, 2, "NS"), "chasm")
    refused(s, PlaceTile(1, 1, "EW"), "already holds a tile")
    refused(s, PlaceTile(-1, 3, "NS"), "never on the surface")
    refused(s, PlaceTile(0, 3, "NES"), "only a straight or a curve")
    assert s.placements_at(4, 4) == [] and s.placements_at(2, 2) == []


def test_tiles_may_go_on_deposits_and_gems_stay():
    s = with_rows(blank(), {3: row(c3=".+rr")})
    s.apply_action(PlaceTile(3, 3, "NS"))
    assert s.gems[(3, 3)] == (0, 2, 0, 0, 0)


def test_upgrade_keeps_exits_straight_to_t_to_cross():
    """Upgrade: straight/curve -> T-junction, T-junction -> cross, exits only added; gems stay."""
    s = with_rows(blank(), {2: row(c2="NS+d")})
    assert {a.exits for a in s.upgrades_at(2, 2)} == {"NES", "NSW"}
    s.apply_action(UpgradeTile(2, 2, "NES"))
    assert s.tiles[(2, 2)] == "NES" and s.gems[(2, 2)] == (0, 0, 0, 0, 1)
    s.apply_action(UpgradeTile(2, 2, "NESW"))
    assert s.tiles[(2, 2)] == "NESW"
    refused(s, UpgradeTile(2, 2, "NESW"), "cross")


def test_upgrade_illegal_removing_exit_skipping_step_no_tile_cart_on_it():
    s = blank()
    lay(s, {(2, 2): "NS", (5, 0): "EW"})
    put_cart(s, 0, (5, 0), "E")
    refused(s, UpgradeTile(2, 2, "ESW"), "keeps every exit")  # would remove N
    refused(s, UpgradeTile(2, 2, "NESW"), "one step")  # straight cannot jump to cross
    refused(s, UpgradeTile(3, 3, "NES"), "no tile")
    refused(s, UpgradeTile(5, 0, "NEW"), "cart on it")


def test_place_cart_own_surface_speed_three_facing_in():
    s = blank()
    options = s.cart_placements(0)
    assert {(a.row, a.col) for a in options} == {(-1, c) for c in range(12)}
    s.apply_action(PlaceCart(0, -1, 4))
    cart = s.carts[0]
    assert cart.where == "board" and cart.square == (-1, 4) and cart.speed == 3
    assert cart.facing == "S" and cart.back == "N"


def test_place_cart_limits_own_edge_empty_square_two_on_board():
    s = blank()
    refused(s, PlaceCart(0, 12, 4), "own surface edge")  # south is the opponent's edge
    refused(s, PlaceCart(2, -1, 4), "not one of your carts")
    s.apply_action(PlaceCart(0, -1, 4))
    refused(s, PlaceCart(1, -1, 4), "already holds a cart")
    refused(s, PlaceCart(0, -1, 5), "already on the board")
    s.apply_action(PlaceCart(1, -1, 5))
    assert s.cart_placements() == []


def test_place_cart_fewer_than_two_on_board_when_one_was_lost():
    s = blank()
    s.carts[0].where = "lost"
    refused(s, PlaceCart(0, -1, 4), "left the game")
    assert {a.cart for a in s.cart_placements()} == {1}


@pytest.mark.parametrize("speed,delta", [(1, -1), (6, 1)])
def test_or_d5_speed_stays_one_to_six(speed, delta):
    """OR-D5: speed 1-6; a change beyond either end is illegal."""
    s = blank()
    put_cart(s, 0, (-1, 3), "S", speed=speed)
    refused(s, ChangeSpeed(0, delta), "between 1 and 6")
    s.apply_action(ChangeSpeed(0, -delta))
    assert s.carts[0].speed == speed - delta


def test_speed_only_for_own_carts_on_board():
    s = blank()
    refused(s, ChangeSpeed(0, 1), "on the board")
    put_cart(s, 2, (12, 3), "N")
    refused(s, ChangeSpeed(2, 1), "not one of your carts")


def test_or_d12_after_the_fourth_action_the_phase_waits_for_the_player_to_end_it():
    """A turn: up to 4 actions, repeats allowed. OR-D12: after the fourth the action phase does
    not end by itself: the player takes a last look and ends it (EndActions), and until then
    each action can be taken back."""
    s = blank()
    lay(s, {(r, 6): "NS" for r in range(0, 4)})
    s.apply_action(PlaceCart(0, -1, 6))
    for c in range(3):
        assert s.pending() == "actions" and s.end_actions_refusal() is None
        s.apply_action(PlaceTile(0, c, "EW"))
    assert s.pending() == "actions" and s.actions_left == 0
    assert s.legal_actions() == [EndActions()]
    refused(s, PlaceTile(0, 5, "EW"), "already used your 4 actions")
    assert s.carts[0].square == (-1, 6)  # nothing has rolled yet
    events = s.apply_action(EndActions())
    assert events_of(events, CartMoved)[0].path == ((-1, 6), (0, 6), (1, 6), (2, 6))
    assert s.pending() == "chance"  # on to the deposit phase


def test_or_d12_the_fourth_action_can_be_undone_before_the_carts_roll():
    """OR-D12: with every action spent, undo still takes the fourth one back (the match's undo
    replays the history; nothing of the movement has happened)."""
    from engine.match import Match, Seat
    from engine.off_the_rails import GAME

    match = Match(GAME, [Seat("human", "Ana"), Seat("human", "Ben")], {}, seed=2)
    match.advance_chance()
    match.apply(match.legal_actions()[0])  # edge
    match.advance_chance()
    for c in range(3):
        match.apply(PlaceTile(0, c, "EW"))
    before = match.state.to_dict()
    match.apply(PlaceTile(0, 3, "EW"))
    assert match.state.actions_left == 0 and match.state.pending() == "actions"
    assert match.undo()
    assert match.state.to_dict() == before


def test_or_d9_cart_placed_this_turn_moves_with_speed_changed_this_turn():
    """OR-D9: a cart placed this turn moves this turn; the speed change applies to this move."""
    s = blank()
    lay(s, {(r, 6): "NS" for r in range(6)})
    s.apply_action(PlaceCart(0, -1, 6))
    s.apply_action(ChangeSpeed(0, 1))
    events = s.apply_action(EndActions())
    moved = events_of(events, CartMoved)
    assert moved[0].path == ((-1, 6), (0, 6), (1, 6), (2, 6), (3, 6))
    assert s.carts[0].square == (3, 6)


def test_or_d4_track_tiles_are_unlimited():
    """OR-D4: track tiles never run out."""
    s = blank()
    from engine.off_the_rails import board

    lay(s, {sq: "NS" for sq in board.BUILDABLE if sq != (11, 11)})
    assert len(s.placements_at(11, 11)) == 6


def test_undo_inside_the_action_phase_through_match():
    """Undo takes back the player's own actions within the turn (Match replays the history)."""
    from engine.match import Match, Seat
    from engine.off_the_rails import GAME

    match = Match(GAME, [Seat("human", "Ana"), Seat("human", "Ben")], {}, seed=2)
    match.advance_chance()
    match.apply(match.legal_actions()[0])  # edge
    match.advance_chance()
    before = match.state.to_dict()
    match.apply(PlaceTile(0, 0, "NS"))
    assert match.can_undo() and match.undo()
    assert match.state.to_dict() == before


def test_scene_helpers_follow_legal_actions():
    """State helpers for the table scene are derived from legal_actions."""
    s = blank()
    lay(s, {(2, 2): "NS"})
    index = s.legal_by_square()
    assert {a.exits for a in index[(2, 2)]} == {"NES", "NSW"}
    assert (4, 4) not in index and len(index[(0, 0)]) == 6
    assert {(a.row, a.col) for a in s.cart_placements()} == {(-1, c) for c in range(12)}
    assert s.refusal(PlaceTile(4, 4, "NS")) == "No track may be placed on a mine centre."
    assert s.refusal(PlaceTile(0, 0, "NS")) is None
    assert s.pending() == "actions" and s.moving_cart() is None
    assert s.action_to_string(PlaceTile(0, 0, "NE")) == "Place a north-east curve on A1"
    put_cart(s, 0, (0, 5), "S")
    assert s.speed_changes(0) == [ChangeSpeed(0, -1), ChangeSpeed(0, 1)]
    assert s.cart_at((0, 5)) == 0 and s.carts_of(1) == [2, 3]


def test_squares_are_named_as_the_board_labels_them():
    """Texts name squares by the labels drawn round the grid (columns A-L, rows 1-12 from the
    top), also inside the mines (their numbers can hide under track), surface squares by edge
    and column/row."""
    from engine.off_the_rails.state import square_name

    assert square_name(0, 0) == "A1" and square_name(11, 11) == "L12" and square_name(9, 2) == "C10"
    assert square_name(3, 3) == "D4" and square_name(8, 8) == "I9"  # red 1, green 5
    assert square_name(4, 4) == "the red mine centre"
    assert square_name(-1, 5) == "the north edge, column F"
    assert square_name(7, 12) == "the east edge, row 8"


def test_log_sentences_say_their_cart_and_name_squares():
    """The game log: no repeated name ("put their white cart in"), "an emerald", squares a
    player can find on the board, tiles by the sides they join."""
    from engine.off_the_rails.state import (
        CartPlaced,
        Collided,
        GemTaken,
        SpeedChanged,
        TilePlaced,
        TileUpgraded,
    )

    names = ["Ana", "Ben"]
    assert (
        CartPlaced(0, 0, "white", -1, 5, "S").text(names)
        == "Ana put their white cart in at the north edge, column F."
    )
    assert (
        SpeedChanged(1, 2, "black", 3, 4).text(names)
        == "Ben set their black cart's speed from 3 to 4."
    )
    assert (
        GemTaken(0, 0, "white", 3, 3, "emerald").text(names)
        == "Ana's white cart took an emerald at D4."
    )
    assert (
        GemTaken(0, 0, "white", 3, 3, "ruby").text(names) == "Ana's white cart took a ruby at D4."
    )
    assert TilePlaced(0, 2, 4, "ES").text(names) == "Ana placed a south-east curve on E3."
    assert (
        TileUpgraded(0, 2, 4, "ES", "ESW").text(names)
        == "Ana upgraded the curve on E3 to a T-junction open east, south and west."
    )
    assert (
        Collided(0, 0, 1, 0, "bump", 2, 2, 2, 3, "white", "black").text(names)
        == "Ana's white cart bumped into their own black cart."
    )
    # solo: the carts are named by colour
    assert (
        CartPlaced(0, 3, "blue", 6, -1, "E").text(["Sol"])
        == "Sol put the blue cart in at the west edge, row 7."
    )


def test_action_words_name_squares():
    s = blank()
    lay(s, {(2, 2): "NS"})
    assert (
        s.action_to_string(PlaceCart(0, -1, 2))
        == "Put the white cart in at the north edge, column C"
    )
    assert s.action_to_string(UpgradeTile(2, 2, "NES")) == "Upgrade C3 to a T-junction"
    assert s.action_to_string(PlaceTile(9, 0, "EW")) == "Place an east-west straight on A10"


def test_deposit_card_names_its_mine_square_and_the_label():
    from engine.off_the_rails.state import CardRevealed

    assert (
        CardRevealed("red", 1, 3, 3, True).text(["Ana", "Ben"])
        == "Deposit card revealed: red 1 (D4)."
    )


def test_joining_placements_carry_on_a_carts_line_and_open_track_first():
    """A tile need not connect (rules "A turn"), but the engine names the placements that
    meet the track or a cart next to a square, best first, for the table's tools: below a
    cart facing south the north-south straight and the curves open north; nothing beside a
    cart that faces away; a surface cart's line too."""
    s = blank()
    lay(s, {(3, 3): "NS", (5, 6): "EW"})
    put_cart(s, 0, (3, 3), "S")
    below = s.joining_placements(4, 3)
    assert [a.exits for a in below] == ["NS", "NW", "NE"]  # NE: east into the red mine centre
    assert s.joining_placements(3, 4) == []  # the cart faces south, its tile opens N and S
    assert s.joining_placements(2, 3)[0] == PlaceTile(2, 3, "NS")  # the tile's open north end
    assert [a.exits for a in s.joining_placements(5, 7)] == ["EW", "SW", "NW"]
    put_cart(s, 1, (-1, 8), "S")
    assert [a.exits for a in s.joining_placements(0, 8)] == ["NS", "NE", "NW"]
    lay(s, {(4, 4): "NS"})  # a mine centre takes no tile: nothing legal joins there
    assert s.joining_placements(4, 4) == []


def test_joining_shapes_that_tie_prefer_the_one_whose_other_exit_leads_somewhere():
    """Play-test: a curve joining a curve's open end started turned into the blue mine's
    centre (D8 below D7's south–west curve) or into the chasm (D4 above D5's north–west
    curve), and took 1–3 presses of R. Among shapes that join alike, those whose other exits
    lead somewhere a cart can roll come first (:meth:`OTRState.dead_end`)."""
    s = blank()
    lay(s, {(6, 3): "SW"})  # D7: its south end opens towards D8
    assert [a.exits for a in s.joining_placements(7, 3)] == ["NS", "NW", "NE"]
    s = blank()
    lay(s, {(4, 3): "NW"})  # D5: its north end opens towards D4; E4 is a chasm square
    s.chasm[(3, 4)] = "red"
    assert [a.exits for a in s.joining_placements(3, 3)] == ["NS", "SW", "ES"]


def test_a_dead_end_leads_off_the_board_into_a_centre_a_chasm_or_a_closed_tile():
    """Rules "Derail", "The Chasm" (for laying track): an exit leads nowhere a cart could
    roll on from a square when it leaves the grid, or meets a mine centre, a chasm square
    or a tile with no exit back; an empty square or a tile open towards it lead on."""
    s = blank()
    lay(s, {(5, 6): "NS", (5, 8): "EW"})
    s.chasm[(1, 3)] = "red"
    assert [side for side in "NESW" if s.dead_end((0, 0), side)] == ["N", "W"]
    assert [side for side in "NESW" if s.dead_end((3, 4), side)] == ["S"]  # the red centre
    assert [side for side in "NESW" if s.dead_end((1, 2), side)] == ["E"]  # the chasm
    assert s.dead_end((5, 5), "E") and not s.dead_end((5, 7), "E")  # NS closed, EW open


def test_open_placements_are_the_legal_shapes_with_no_dead_end():
    """Where nothing joins, the table's tile tools turn to a legal shape that leads on both
    ways: the engine names them, in :data:`board.PLACEABLE`'s order."""
    s = blank()
    assert [a.exits for a in s.open_placements(3, 4)] == ["EW", "NE", "NW"]  # S: the centre
    assert [a.exits for a in s.open_placements(0, 0)] == ["ES"]
    assert s.open_placements(4, 4) == []  # no tile goes on a mine centre


def test_joining_upgrades_open_the_added_exit_towards_a_carts_line_and_track_first():
    """An upgrade keeps every exit and adds one (rules "A turn": upgrade); the engine names
    the upgrades whose added exit meets the track or a cart next to the square, best first,
    for the table's Upgrade tool: a cart facing the square before open track; the exits the
    tile already has count for nothing; a T-junction joins as a cross; a tile under a cart
    has no legal upgrade, so nothing joins there."""
    s = blank()
    lay(s, {(5, 6): "NS", (5, 7): "EW", (5, 5): "EW", (8, 1): "NES", (8, 0): "EW"})
    put_cart(s, 0, (5, 5), "E")
    assert [a.exits for a in s.upgrades_at(5, 6)] == ["NES", "NSW"]
    assert [a.exits for a in s.joining_upgrades(5, 6)] == ["NSW", "NES"]
    assert s.joining_upgrades(8, 1) == [UpgradeTile(8, 1, "NESW")]
    lay(s, {(2, 9): "NS", (1, 9): "NS", (3, 9): "NS"})  # track on the kept ends only
    assert len(s.upgrades_at(2, 9)) == 2 and s.joining_upgrades(2, 9) == []
    lay(s, {(2, 10): "EW"})
    assert s.joining_upgrades(2, 9) == [UpgradeTile(2, 9, "NES")]
    put_cart(s, 1, (2, 9), "S")
    assert s.upgrades_at(2, 9) == [] and s.joining_upgrades(2, 9) == []
