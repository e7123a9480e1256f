"""Rules, "The Chasm" and "End of the game" (OR-D8): from the Chasm card to the end."""

import pytest

from engine.core import CHANCE, TERMINAL, IllegalAction
from engine.off_the_rails import board
from engine.off_the_rails.state import (
    CartDerailed,
    CartFell,
    CartMoved,
    CartTurnedFromChasm,
    ChasmCardRevealed,
    ChasmOpened,
    ChooseExit,
    DrawChasmToken,
    EndActions,
    GameEnded,
    GameEndReached,
    PlaceChasmToken,
    RevealCard,
    RollChasmDie,
)
from engine.off_the_rails.tasks import tasks_from_lists
from tests.engine.off_the_rails.helpers import blank, events_of, gem_total, lay, put_cart


def finish_deposit(s):
    while s.current_player() == CHANCE and s.tasks[0].kind in ("deposit", "draw_gems"):
        s.apply_action(s.chance_outcomes()[0][0])


def test_chasm_sequence_final_turns_revealer_last_then_chasm_deck_then_end():
    s = blank(2)
    s.piles = [[0, 0, 0, 0, 1], [1, 1, 1, 1, 0]]
    lay(s, {(3, 5): "NS"})
    s.gems[(5, 5)] = (0, 1, 0, 0, 0)
    s.bag = (12, 23, 15, 10, 5)
    put_cart(s, 2, (5, 5), "E", speed=1)  # rolls to (5, 6), yellow 7, which will open
    lay(s, {(5, 5): "EW", (5, 6): "EW"})
    ev = s.apply_action(EndActions())
    assert s.chance_outcomes() == [(RevealCard("chasm", 0), 1.0)]
    ev = s.apply_action(RevealCard("chasm", 0))
    assert events_of(ev, ChasmCardRevealed)[0].player == 0
    assert s.current_player() == 1 and s.final_turns_left == 2
    # seat 1's final turn: a normal turn with a deposit
    s.apply_action(EndActions())  # cart 2 rolls to (5, 6)
    assert s.chance_outcomes()[0][0].colour != "chasm"
    finish_deposit(s)
    assert s.current_player() == 0 and not s.chasm_phase  # the revealer plays last
    s.apply_action(EndActions())
    finish_deposit(s)
    # after the revealer's final turn the chasm deck is revealed, one card per colour
    outcomes = [a for a, _ in s.chance_outcomes()]
    assert all(a.colour == "red" for a in outcomes)
    s.apply_action(RevealCard("red", 3))  # (3, 5): the tile falls in
    s.apply_action(RevealCard("yellow", 7))  # (5, 6): seat 1's cart falls in
    s.apply_action(RevealCard("green", 2))
    ev = s.apply_action(RevealCard("blue", 3))
    assert (3, 5) not in s.tiles and s.chasm[(3, 5)] == "red"
    assert s.carts[2].where == "lost"
    assert s.chasm_phase and s.current_player() == 1
    # chasm phase: a token is drawn and placed by the active player next to its colour
    s.apply_action(EndActions())
    assert s.current_player() == CHANCE
    s.apply_action(DrawChasmToken("red"))
    assert s.pending() == "chasm_token"
    assert set(s.chasm_token_squares()) == {(2, 5), (3, 4), (3, 6), (4, 5)}
    ev = s.apply_action(PlaceChasmToken(2, 5))
    # no cart on the board at the end of a chasm-phase turn: the game ends, and says why
    assert s.current_player() == TERMINAL and s.is_terminal()
    (why,) = events_of(ev, GameEndReached)
    assert why.text([]) == "No cart is left on the board: the game ends."
    assert ev.index(why) < ev.index(events_of(ev, GameEnded)[0])
    assert gem_total(s) == 66


def test_chasm_token_must_touch_its_colour():
    s = blank(2)
    s.chasm = {(3, 3): "red", (3, 8): "yellow"}
    s.chasm_phase = True
    s.tasks = tasks_from_lists(("chasm_place", "yellow"), ("end_turn",))
    s._legal = None
    assert s.chasm_token_squares() == [(2, 8), (3, 7), (3, 9), (4, 8)]
    with pytest.raises(Exception):
        s.apply_action(PlaceChasmToken(2, 3))


def test_chasm_token_may_go_on_a_mine_centre():
    """The page: "in any place" orthogonally next to a token of its colour; a mine centre
    holds nothing to swallow, but the token is spent there and the end comes nearer."""
    s = blank(2)
    s.chasm = {(3, 4): "red"}
    s.chasm_phase = True
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("end_turn",))
    s._legal = None
    assert (4, 4) in s.chasm_token_squares()  # the red mine's centre
    s.apply_action(PlaceChasmToken(4, 4))
    assert s.chasm[(4, 4)] == "red"


def test_chasm_token_swallows_cart_with_gems():
    s = blank(2)
    s.chasm = {(3, 3): "red"}
    lay(s, {(2, 3): "NS"})
    put_cart(s, 0, (2, 3), "S", load=(0, 2, 0, 0, 0))
    s.tasks = tasks_from_lists(("chasm_place", "red"), ("end_turn",))
    s.chasm_phase = True
    s._legal = None
    ev = s.apply_action(PlaceChasmToken(2, 3))
    assert events_of(ev, ChasmOpened)[0].cart == 0 and events_of(ev, CartFell)
    assert s.lost == (0, 2, 0, 0, 0) and (2, 3) not in s.tiles


def test_or_d8_chasm_die_rolls_free_squares_then_player_chooses():
    """OR-D8: the d8 picks that numbered square of the token's mine; taken squares are rolled
    again (only free numbers can come up); with all 8 taken the player chooses."""
    s = blank(2, chasm_die=True)
    s.chasm_phase = True
    s.chasm = {(3, 3): "red", (3, 4): "red"}
    s.tasks = tasks_from_lists(("chasm_draw",), ("end_turn",))
    s._legal = None
    s.apply_action(DrawChasmToken("red"))
    rolls = dict(s.chance_outcomes())
    assert sorted(a.number for a in rolls) == [3, 4, 5, 6, 7, 8]
    assert all(p == pytest.approx(1 / 6) for p in rolls.values())
    s.apply_action(RollChasmDie(6))
    assert s.chasm[(5, 4)] == "red"
    # a mine with no free square: the player places as usual
    s2 = blank(2, chasm_die=True)
    s2.chasm_phase = True
    s2.chasm = {board.mine_square("blue", n): "blue" for n in range(1, 9)}
    s2.tasks = tasks_from_lists(("chasm_draw",), ("end_turn",))
    s2._legal = None
    s2.apply_action(DrawChasmToken("blue"))
    assert s2.pending() == "chasm_token"


def test_twenty_tokens_end_the_game_carts_derail():
    """End: when all 20 chasm tokens are placed the game ends; carts still on the board derail
    (and so score as carts in the supply)."""
    s = blank(2)
    squares = [(r, c) for r in range(10, 12) for c in range(12)][:19]
    s.chasm = {sq: "green" for sq in squares}
    s.chasm_phase = True
    s.token_supply = {"red": 1, "yellow": 0, "green": 0, "blue": 0}
    lay(s, {(2, 2): "NS", (3, 2): "NS"})
    put_cart(s, 0, (2, 2), "S", speed=1, load=(0, 1, 0, 0, 0))
    s.apply_action(EndActions())
    s.apply_action(DrawChasmToken("red"))
    ev = s.apply_action(s.legal_actions()[0])
    assert s.is_terminal()
    assert events_of(ev, CartDerailed)[0].cause == "the game ended"
    assert s.carts[0].where == "supply"
    assert events_of(ev, GameEnded)
    assert [e.text([]) for e in events_of(ev, GameEndReached)] == [
        "Every chasm token is placed: the game ends."
    ]
    assert s.score_sheet()["columns"][2] == "Carts in supply"
    assert s.score_sheet()["rows"][0][2] == 6


def test_game_goes_on_while_a_cart_is_on_the_board():
    s = blank(2)
    s.chasm = {(11, 11): "green"}
    s.chasm_phase = True
    lay(s, {(r, 0): "NS" for r in range(12)})
    put_cart(s, 2, (0, 0), "S", speed=1)
    s.apply_action(EndActions())
    s.apply_action(DrawChasmToken("green"))
    s.apply_action(PlaceChasmToken(10, 11))
    assert not s.is_terminal() and s.current_player() == 1


def junction_with_chasm(chasm_sides):
    """Seat 0's cart comes in from the west onto a cross on (5, 2) at speed 2; the squares next
    to the cross towards ``chasm_sides`` are chasm, the others hold a straight to go on."""
    s = blank(2)
    lay(s, {(5, 1): "EW", (5, 2): "NESW", (4, 2): "NS", (6, 2): "NS", (5, 3): "EW"})
    for side in chasm_sides:
        square = board.step((5, 2), side)
        del s.tiles[square]
        s.chasm[square] = "blue"
    put_cart(s, 0, (5, 1), "E", speed=2, load=(0, 1, 0, 0, 0))
    return s


def test_no_cart_drives_into_the_chasm_by_choice_at_a_junction():
    """The Chasm: "no cart may move onto a chasm square by choice": at a junction whose other
    exits are open, the exit into a chasm square is not offered (and refused)."""
    s = junction_with_chasm("N")
    s.apply_action(EndActions())
    assert s.pending() == "exit" and s.exit_choices() == ["E", "S"]
    with pytest.raises(IllegalAction) as err:
        s.apply_action(ChooseExit("N"))
    assert err.value.reason == "No cart may go into the chasm while another way on is open."
    # with one way left open the cart takes it by itself: there is nothing to choose
    s = junction_with_chasm("NS")
    ev = s.apply_action(EndActions())
    assert s.carts[0].square == (5, 3) and s.carts[0].where == "board"
    assert events_of(ev, CartMoved)[0].path == ((5, 1), (5, 2), (5, 3))
    assert not events_of(ev, CartFell)


def test_a_cart_is_forced_into_the_chasm_only_when_every_way_on_leads_there():
    """The Chasm: when every way on from a junction leads into the chasm, those exits are offered
    and the cart falls in with its gems (cart and gems leave the game)."""
    s = junction_with_chasm("NES")
    s.apply_action(EndActions())
    assert s.pending() == "exit" and s.exit_choices() == ["N", "E", "S"]
    ev = s.apply_action(ChooseExit("E"))
    assert events_of(ev, CartFell)[0].gems == (0, 1, 0, 0, 0)
    assert s.carts[0].where == "lost" and s.lost == (0, 1, 0, 0, 0)


def test_a_cart_resting_on_a_junction_chooses_again_when_its_exit_became_chasm():
    """The Chasm: a cart whose chosen exit from a junction turned into a chasm square while it
    stood there is not driven in by that old choice: its owner chooses again among the open
    ways (or it takes the only one)."""
    s = junction_with_chasm("")
    del s.tiles[(5, 1)]
    put_cart(s, 0, (5, 2), "N", back="W", speed=1)
    s.chasm[(4, 2)] = "red"
    del s.tiles[(4, 2)]
    s.apply_action(EndActions())
    assert s.pending() == "exit" and s.exit_choices() == ["E", "S"]
    s.apply_action(ChooseExit("S"))
    assert s.carts[0].square == (6, 2) and s.carts[0].where == "board"


def test_a_cart_turning_away_from_the_chasm_says_so_and_which_way_it_goes():
    """The Chasm, "no cart may move onto a chasm square by choice" (play-test: Bot 2's cart on
    C8 had chosen east, a chasm token came on D8, and the log only said the cart derailed, as
    if a rule had slipped). When its move starts, a cart whose chosen exit now leads into the
    chasm says it turned away and the way it takes; with two ways left, that its owner
    chooses again."""
    s = blank(2)
    lay(s, {(7, 2): "ESW", (7, 1): "EW"})
    s.chasm[(7, 3)] = "blue"
    put_cart(s, 0, (7, 2), "E", back="S", speed=1)
    ev = s.apply_action(EndActions())
    (turned,) = events_of(ev, CartTurnedFromChasm)
    assert (turned.row, turned.col, turned.away_from, turned.facing) == (7, 2, "E", "W")
    assert ev.index(turned) < ev.index(events_of(ev, CartMoved)[0])
    assert turned.text(["Ana", "Ben"]) == (
        "Ana's white cart on C8 turned away from the chasm and headed west."
    )
    assert s.carts[0].square == (7, 1)
    # two ways still open: the owner chooses again, and the log says so
    s = junction_with_chasm("")
    del s.tiles[(5, 1)]
    put_cart(s, 0, (5, 2), "N", back="W", speed=1)
    s.chasm[(4, 2)] = "red"
    del s.tiles[(4, 2)]
    ev = s.apply_action(EndActions())
    (turned,) = events_of(ev, CartTurnedFromChasm)
    assert (turned.away_from, turned.facing) == ("N", None)
    assert turned.text(["Ana", "Ben"]) == (
        "Ana's white cart on C6 turned away from the chasm; Ana chooses another way on."
    )
    assert s.pending() == "exit"
    # a cart that still goes its chosen way, or has no other way, says nothing of it
    s = junction_with_chasm("NES")
    assert events_of(s.apply_action(EndActions()), CartTurnedFromChasm) == []
