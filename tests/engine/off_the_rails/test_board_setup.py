"""Board geometry (OR-D1), components, setup and options."""

import pytest

from engine.core import CHANCE
from engine.off_the_rails import GAME, board, rules
from engine.off_the_rails.data import (
    BAG,
    DEPOSIT_GEMS,
    TOTAL_GEMS,
    default_length,
    lengths_for,
    piles_for_length,
)
from engine.off_the_rails.state import ChooseEdge, DealMission, DrawEdge, DrawGem, RevealCard
from engine.off_the_rails.tasks import tasks_from_lists


def test_or_d1_board_mines_centres_and_numbering():
    """OR-D1: 12x12 grid, four 3x3 mines, squares numbered clockwise from the top-left."""
    assert board.GRID == 12
    assert board.MINE_CENTRES == {"red": (4, 4), "yellow": (4, 7), "green": (7, 7), "blue": (7, 4)}
    assert board.mine_square("red", 1) == (3, 3)
    assert board.mine_square("red", 2) == (3, 4)
    assert board.mine_square("red", 4) == (4, 5)
    assert board.mine_square("yellow", 8) == (4, 6)
    assert board.mine_square("green", 6) == (8, 7)
    assert board.mine_square("blue", 7) == (8, 3)
    mine_squares = set(board.MINE_SQUARES.values())
    assert len(mine_squares) == 32  # the four mines form the central 6x6 block with the centres
    assert mine_squares | board.CENTRE_SQUARES == {(r, c) for r in range(3, 9) for c in range(3, 9)}


def test_or_d1_surface_edges_and_colours():
    """OR-D1: 12 surface squares per edge, corners excluded; north red, east yellow, south green,
    west blue."""
    assert board.surface_squares("north")[0] == (-1, 0)
    assert board.surface_squares("east")[11] == (11, 12)
    assert all(len(board.surface_squares(e)) == 12 for e in board.EDGES)
    assert (-1, -1) not in board.SURFACE_EDGE
    assert board.EDGE_COLOUR == {"north": "red", "east": "yellow", "south": "green", "west": "blue"}
    assert board.INWARD["west"] == "E"


def test_or_d4_tiles_and_upgrades_only_add_exits():
    """OR-D4 / "A turn": straight or curve -> T-junction keeping its exits; T -> cross."""
    assert board.upgrades("NS") == ("NES", "NSW")
    assert board.upgrades("NE") == ("NES", "NEW")
    assert board.upgrades("ESW") == ("NESW",)
    assert board.upgrades("NESW") == ()
    assert board.tile_kind("EW") == "straight" and board.tile_kind("SW") == "curve"
    assert board.canonical("WN") == "NW"


def test_or_d2_bag_and_or_d3_deposit_gems():
    """OR-D2: 12 rocks, 66 gems; OR-D3: 2 gems for cards 1-5, 3 for 6-8."""
    assert BAG == (12, 24, 15, 10, 5) and TOTAL_GEMS == 66
    assert [DEPOSIT_GEMS[n] for n in range(1, 9)] == [2, 2, 2, 2, 2, 3, 3, 3]


def test_setup_two_players_deposits_missions_edges():
    """Setup: 4 open deposits, players + 1 missions, first player picks, second opposite."""
    s = rules.new_state(2, {})
    assert s.current_player() == CHANCE
    assert [a for a, _ in s.chance_outcomes()] == [RevealCard("red", n) for n in range(1, 9)]
    s.apply_action(RevealCard("red", 7))
    # three gems for a 7, drawn one at a time weighted by the bag
    outcomes = dict(s.chance_outcomes())
    assert outcomes[DrawGem("ruby")] == pytest.approx(24 / 66)
    for g in ("ruby", "rock", "diamond"):
        s.apply_action(DrawGem(g))
    assert s.gems[(5, 3)] == (1, 1, 0, 0, 1)
    for colour in ("yellow", "green", "blue"):
        s.apply_action(RevealCard(colour, 1))
        s.apply_action(DrawGem("ruby"))
        s.apply_action(DrawGem("emerald"))
    assert s.current_player() == CHANCE
    for m in (1, 5, 9):
        s.apply_action(DealMission(m))
    assert s.missions == [1, 5, 9]
    assert s.current_player() == 0 and s.pending() == "edge"
    s.apply_action(ChooseEdge("east"))
    assert s.edges == ["east", "west"]
    assert s.carts[0].colour == "yellow" and s.carts[2].colour == "blue"
    assert s.pending() == "actions" and s.turn == 1
    assert sum(s.bag) == 66 - 9


def test_setup_third_player_draws_edge_fourth_opposite():
    """Setup: the third player's edge is drawn among the remaining two; the fourth opposite."""
    s = rules.new_state(4, {})
    while s.current_player() == CHANCE:
        s.apply_action(s.chance_outcomes()[0][0])
    s.apply_action(ChooseEdge("north"))
    assert s.current_player() == CHANCE
    assert sorted(a.edge for a, _ in s.chance_outcomes()) == ["east", "west"]
    s.apply_action(DrawEdge("west"))
    assert s.edges == ["north", "south", "west", "east"]


def test_setup_deck_piles_and_chasm_card_position():
    """Setup: piles of 4 (one per colour), the Chasm card among the 5th-8th from the bottom."""
    s = rules.new_state(4, {})
    assert s.length == 25 and len(s.piles) == 5
    assert s.piles[3] == (1, 1, 1, 1, 1)  # second pile from the bottom holds the Chasm card
    assert all(p == (1, 1, 1, 1, 0) for i, p in enumerate(s.piles) if i != 3)
    # 1 each on the chasm deck
    assert s.token_supply == {"red": 4, "yellow": 4, "green": 4, "blue": 4}


@pytest.mark.parametrize("length,piles", [(13, 2), (17, 3), (21, 4), (25, 5)])
def test_game_length_option_piles(length, piles):
    """Option game length: 13/17/21/25 cards in all = 4 open + piles of 4 + the Chasm card."""
    assert piles_for_length(length) == piles
    s = rules.new_state(4, {"game_length": length})
    assert len(s.piles) == piles
    assert sum(map(sum, s.piles)) + 4 == length


@pytest.mark.parametrize("players", [2, 3])
def test_setup_two_or_three_players_always_remove_one_more_card_of_each_colour(players):
    """Setup, game length: with 2-3 players one more card of each colour is removed, so 25 cards
    do not exist for them; 13, 17 and 21 do, and each colour keeps 2 cards out of the game."""
    assert lengths_for(players) == (13, 17, 21)
    for length in (13, 17, 21):
        s = rules.new_state(players, {"game_length": length})
        used_per_colour = 1 + 1 + len(s.piles)  # open deposit, chasm deck, one per pile
        assert 8 - used_per_colour >= 2
    with pytest.raises(ValueError) as err:
        rules.new_state(players, {"game_length": 25})
    assert str(err.value) == (
        f"With {players} players the game length is 13, 17 or 21 cards, not 25."
    )


def test_setup_four_players_offer_all_four_lengths_and_remove_one_card_per_colour_at_25():
    """Setup, game length: 4 players have 13, 17, 21 and 25 cards; at 25 one card of each
    colour is removed. Solo uses all 33 cards and has no length to choose."""
    assert lengths_for(4) == (13, 17, 21, 25)
    s = rules.new_state(4, {"game_length": 25})
    assert 8 - (2 + len(s.piles)) == 1
    assert lengths_for(1) == ()
    with pytest.raises(ValueError, match="13, 17, 21 or 25 cards, not 19"):
        rules.new_state(4, {"game_length": 19})


def test_game_length_option_data_come_from_the_engine_rule():
    """The option's lengths and defaults per seat count (OptionSpec.by_players) are the engine's
    lengths_for and default_length, so the new-game screen, --option and new_state agree."""
    option = next(o for o in GAME.options if o.name == "game_length")
    for players in (2, 3, 4):
        assert option.choices_for(players) == lengths_for(players)
        assert option.default_for(players) == default_length(players)


def test_game_length_default_and_choices_depend_on_seats():
    """Setup: default 25 cards with 4 players and 21 with 2-3; with 2-3 players one more card
    of each colour is removed, so no 25-card game exists for them (OptionSpec.by_players)."""
    assert GAME.default_options(4)["game_length"] == 25
    assert GAME.default_options(3)["game_length"] == 21
    assert GAME.default_options(2)["game_length"] == 21
    assert GAME.default_options(4)["bumper_carts"] is False
    length = next(option for option in GAME.options if option.name == "game_length")
    assert length.choices_for(2) == length.choices_for(3) == (13, 17, 21)
    assert length.choices_for(4) == (13, 17, 21, 25)
    assert GAME.resolve_options({"game_length": 25}, 4)["game_length"] == 25
    with pytest.raises(
        ValueError,
        match="Very short \\(13 cards\\), Short \\(17 cards\\), "
        "Medium \\(21 cards\\) with 3 players",
    ):
        GAME.resolve_options({"game_length": 25}, 3)
    with pytest.raises(ValueError):
        GAME.resolve_options({"game_length": 21.0}, 3)  # a number of the wrong type


def test_deposit_reveal_odds_follow_the_top_pile():
    """Deposit phase: a revealed card's colour comes from the top pile, its number uniformly from
    that colour's unseen numbers (multiset deck, no hidden order)."""
    s = rules.new_state(2, {})
    s.tasks = tasks_from_lists(("deposit",), ("end_turn",))
    s.piles = [[1, 0, 0, 1, 1]]
    s.unseen["red"] = [2, 5]
    s._legal = None
    out = dict(s.chance_outcomes())
    assert out[RevealCard("red", 2)] == pytest.approx(1 / 6)
    assert out[RevealCard("chasm", 0)] == pytest.approx(1 / 3)
    assert sum(out.values()) == pytest.approx(1)
    assert not any(a.colour == "yellow" for a in out)


def test_registry_lists_the_game():
    from engine import registry

    spec = registry.get("off-the-rails")
    assert spec.title == "Off the Rails" and spec.min_players == 1 and spec.max_players == 4
    assert spec.solo is True
    assert "## Setup" in spec.rules_summary and "Bumper Carts" in spec.rules_summary


def test_deposit_phase_draws_as_many_gems_as_remain():
    """Deposit phase: the card's gems are drawn from the bag, as many as remain."""
    s = rules.new_state(2, {})
    s.tasks = tasks_from_lists(("deposit",), ("end_turn",))
    s.bag = (0, 1, 0, 0, 0)
    s.lost = (12, 23, 15, 10, 5)
    s._legal = None
    s.apply_action(RevealCard("green", 8))  # a card for 3 gems
    assert s.chance_outcomes() == [(DrawGem("ruby"), 1.0)]
    s.apply_action(DrawGem("ruby"))
    assert s.gems[board.mine_square("green", 8)] == (0, 1, 0, 0, 0)
    assert s.current_player() != CHANCE or s.tasks[0].kind != "draw_gems"


def test_or_d14_the_bumper_carts_option_leaves_the_bumper_carts_mission_out():
    """OR-D14: with the Bumper Carts option nobody derails in a collision, so the mission of
    that name (derail an opponent's cart) is never dealt; without it, it may be."""

    def mission_deal(options):
        s = rules.new_state(2, options)
        while s.current_player() == CHANCE and s.tasks[0].kind != "deal_mission":
            s.apply_action(s.chance_outcomes()[0][0])
        return s

    with_option = mission_deal({"bumper_carts": True})
    outcomes = dict(with_option.chance_outcomes())
    assert DealMission(2) not in outcomes and len(outcomes) == 10
    assert sum(outcomes.values()) == pytest.approx(1.0)
    assert DealMission(2) in dict(mission_deal({}).chance_outcomes())
