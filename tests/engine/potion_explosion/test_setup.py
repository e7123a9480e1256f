"""docs/rules/potion_explosion.md, "Players, setup" (with PE-D1, PE-D11) and the options."""

import pytest

from engine.core import CHANCE, IllegalAction
from engine.potion_explosion import GAME
from engine.potion_explosion.rules import draft_order, unseen_tiles
from engine.potion_explosion.state import (
    ChooseFirstPlayer,
    ChoosePotionType,
    ChooseTypes,
    DraftStarter,
    MarbleRollsIn,
    RevealStarter,
    RevealTile,
)

SIX = ("SAN", "MAG", "WIS", "PRI", "BLI", "ABY")


def start(n, **options):
    return GAME.new_state(n, GAME.resolve_options(options, n))


def test_setup_random_types_chance_node():
    """Setup: 6 of the 8 types at random (default): 28 equally likely sets."""
    s = start(2)
    assert s.current_player() == CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 28 and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    s.apply_action(ChooseTypes(SIX))
    assert s.types == list(SIX) and s.phase == "first"


def test_setup_option_first_game_removes_balm_and_filter():
    """Setup option "first game": remove Balm of Uttermost Stickiness and Filter of
    Lavamancing."""
    s = start(3, types="first_game")
    assert s.types == ["SAN", "MAG", "WIS", "PRI", "BLI", "ABY"]
    assert s.phase == "first" and s.current_player() == CHANCE


def test_setup_option_chosen_types():
    """Setup option: the six types are chosen (by seat 1, one at a time)."""
    s = start(2, types="chosen")
    assert s.current_player() == 0 and len(s.legal_actions()) == 8
    for t in ("FIL", "BAL", "WIS", "MAG", "SAN", "ABY"):
        s.apply_action(ChoosePotionType(t))
    assert s.types == ["SAN", "MAG", "WIS", "BAL", "ABY", "FIL"]
    assert s.phase == "first"
    with pytest.raises(IllegalAction):
        start(2, types="chosen").apply_action(ChoosePotionType("XYZ"))


def test_setup_first_player_random_or_seat1():
    """Setup: random first player, or chosen in setup (option seat 1)."""
    s = start(4, types="first_game")
    assert [a.seat for a, _ in s.chance_outcomes()] == [0, 1, 2, 3]
    s.apply_action(ChooseFirstPlayer(2))
    assert s.first == 2 and s.phase == "starters"
    s = start(4, types="first_game", first_player="seat1")
    assert s.first == 0 and s.phase == "starters"


def test_setup_starter_draft_snake_order_and_stacks():
    """Setup: 2 x players starters revealed; draft in seating order, the last player takes two in
    a row, back in reverse; the rest (undrafted starters too) form 5 stacks, as even as
    possible; then the dispenser is filled (PE-D1)."""
    s = start(3, types="first_game")
    s.apply_action(ChooseFirstPlayer(1))
    outcomes = dict(s.chance_outcomes())
    assert set(a.tile for a in outcomes) == {"SAN4", "MAG4", "WIS4", "PRI4", "BLI4", "ABY4"}
    for t in ("WIS4", "WIS4", "MAG4", "SAN4", "ABY4", "PRI4"):
        s.apply_action(RevealStarter(t))
        if t == "MAG4":  # both Wisdom starters are out: no third can be revealed
            assert "WIS4" not in [a.tile for a, _ in s.chance_outcomes()]
    assert s.phase == "draft" and draft_order(s) == [1, 2, 0, 0, 2, 1]
    order = []
    for tile in ("WIS4", "MAG4", "SAN4", "WIS4", "ABY4", "PRI4"):
        order.append(s.current_player())
        s.apply_action(DraftStarter(tile))
    assert order == [1, 2, 0, 0, 2, 1]
    assert [brewing.tile for brewing in s.desks[1].slots] == ["WIS4", "PRI4"]
    assert [brewing.tile for brewing in s.desks[0].slots] == ["SAN4", "WIS4"]
    # 48 tiles of the six types - 6 drafted = 42 in stacks of 9, 9, 8, 8, 8
    assert [stack.face_down for stack in s.stacks] == [9, 9, 8, 8, 8]
    unseen = unseen_tiles(s)
    assert sum(unseen.values()) == 42 and "WIS4" not in unseen and unseen["BLI4"] == 2
    while s.current_player() == CHANCE:
        a, _ = s.chance_outcomes()[0]
        s.apply_action(a)
    assert all(stack.top is not None for stack in s.stacks)
    assert [stack.face_down for stack in s.stacks] == [8, 8, 7, 7, 7]
    assert [len(t) for t in s.tracks] == [8] * 5 and sum(s.tank) == 40
    assert s.current_player() == 1 and s.phase == "play"


def test_setup_marble_chance_weighted_by_tank():
    """Issue / PE-D1: a marble rolling in is drawn by colour, weighted by the tank's counts."""
    from tests.engine.potion_explosion.helpers import pos

    s = pos("tracks=//// tank=R3B1Y0K0")
    assert s.chance_outcomes() == [(MarbleRollsIn(0, "R"), 0.75), (MarbleRollsIn(0, "B"), 0.25)]
    with pytest.raises(IllegalAction):
        s.apply_action(MarbleRollsIn(0, "Y"))
    with pytest.raises(IllegalAction):
        s.apply_action(MarbleRollsIn(1, "R"))


def test_setup_skill_token_countdown_players_plus_two():
    """Setup / PE-D11: a countdown stack of players + 2 tokens (7 or 8 with 5–6 players), the
    rest of the 15 in the supply; one 80-marble dispenser for every player count."""
    for n in range(2, 7):
        s = start(n)
        assert (s.countdown, s.supply) == (n + 2, 13 - n)
        assert sum(s.tank) == 80
    assert start(5).countdown == 7 and start(6).countdown == 8


def test_setup_chance_outcomes_reveal_tiles_from_unseen():
    """Issue: a stack's new top is drawn from all unseen tiles (weighted by copies)."""
    s = start(2, types="first_game", first_player="seat1")
    for t in ("WIS4", "MAG4", "SAN4", "PRI4"):
        s.apply_action(RevealStarter(t))
    for t in ("WIS4", "MAG4", "SAN4", "PRI4"):
        s.apply_action(DraftStarter(t))
    outcomes = s.chance_outcomes()
    assert all(isinstance(a, RevealTile) and a.stack == 0 for a, _ in outcomes)
    probs = {a.tile: p for a, p in outcomes}
    assert probs["WIS4"] == pytest.approx(1 / 44) and probs["BLI4"] == pytest.approx(2 / 44)
    assert s.turn_owner() == 0


def test_registry_lists_potion_explosion():
    """The GameSpec is registered without editing registry.py (checked the way
    registry.games() finds it, so another game's package being mid-edit cannot break this)."""
    import importlib

    from engine import registry
    from engine.core import GameSpec

    assert "engine.potion_explosion" in registry.GAME_PACKAGES
    spec = importlib.import_module("engine.potion_explosion").GAME
    assert isinstance(spec, GameSpec) and spec.id == "potion-explosion"
    assert spec.title == "Potion Explosion" and (spec.min_players, spec.max_players) == (2, 6)
    assert spec.default_options(3) == {"types": "random", "first_player": "random"}
    assert "# Potion Explosion" in spec.rules_summary and "## Options" in spec.rules_summary
    with pytest.raises(ValueError):
        spec.check_players(7)
