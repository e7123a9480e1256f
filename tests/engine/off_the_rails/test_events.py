"""Issue 16: the engine owns its events. One small test per event class: a position, one event
played with events.apply_event, the exact fields it must change (and nothing of the input)."""

import pytest

from engine.off_the_rails import rules
from engine.off_the_rails.data import NO_FACTS, CartExit, MoveFacts
from engine.off_the_rails.events import _PLAY, apply_event, play_event
from engine.off_the_rails.state import (
    EVENTS,
    ActionsEnded,
    CardRevealed,
    CardSkipped,
    CartDerailed,
    CartFell,
    CartLeftMine,
    CartMoved,
    CartPlace,
    CartPlaced,
    CartReturned,
    CartStarted,
    CartTurned,
    ChasmCardRevealed,
    ChasmCardShuffledBack,
    ChasmDieRolled,
    ChasmOpened,
    ChasmPhaseBegan,
    ChasmTokenDrawn,
    ChasmTurnBegan,
    Collided,
    CollisionKind,
    EdgeTaken,
    ExitChosen,
    FinalTurnPlayed,
    GameEnded,
    GemPlaced,
    GemsDropped,
    GemTaken,
    LoadSplit,
    MissionClaimed,
    MissionDealt,
    MissionsChecked,
    SpeedChanged,
    TasksChanged,
    TilePlaced,
    TileUpgraded,
    TurnStarted,
)
from engine.off_the_rails.tasks import (
    ACTIONS,
    MOVEMENT,
    CartStep,
    DrawGems,
    Run,
    TaskKind,
    tasks_from_lists,
)
from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems


def played(state, event):
    """The state after ``event``; the input is unchanged."""
    before = state.to_dict()
    after = apply_event(state, event)
    assert state.to_dict() == before, "apply_event changed its input"
    return after


def changed(state, event) -> dict:
    """``{field: new value}`` of the to_dict fields ``event`` changes."""
    before, after = state.to_dict(), played(state, event).to_dict()
    return {key: after[key] for key in after if after[key] != before[key]}


def test_every_event_class_has_one_effect():
    assert set(_PLAY) == set(EVENTS)


def test_play_event_changes_in_place_and_drops_the_legal_cache():
    s = blank(2)
    s.legal_actions()
    play_event(s, TilePlaced(0, 5, 0, "NS"))
    assert s.tiles[(5, 0)] == "NS" and s._legal is None


def test_edge_taken_colours_the_seat_and_its_carts():
    s = rules.new_state(2, {})
    assert changed(s, EdgeTaken(1, "east", "yellow", "took")) == {
        "edges": [None, "east"],
        "carts": [c.to_dict() for c in s.carts[:2]]
        + [{**c.to_dict(), "colour": "yellow"} for c in s.carts[2:]],
    }


def test_mission_dealt_goes_face_up():
    s = blank(2)
    assert changed(s, MissionDealt(7)) == {"missions": [7], "dealt": [7]}


def test_card_revealed_from_the_deposit_deck_leaves_the_top_pile():
    s = blank(2)
    s.piles = [(1, 0, 1, 0, 1), (1, 1, 1, 1, 0)]
    assert changed(s, CardRevealed("green", 6, 8, 7, True)) == {
        "piles": [[1, 0, 0, 0, 1], [1, 1, 1, 1, 0]],
        "unseen": {**s.to_dict()["unseen"], "green": [1, 2, 3, 4, 5, 7, 8]},
    }
    # at setup the card comes from the colour's own cards, not the deck
    assert changed(s, CardRevealed("red", 1, 3, 3, False)) == {
        "unseen": {**s.to_dict()["unseen"], "red": [2, 3, 4, 5, 6, 7, 8]}
    }


def test_chasm_card_revealed_starts_the_last_turns():
    s = blank(3)
    s.piles = [(0, 0, 0, 0, 1), (1, 1, 1, 1, 0)]
    assert changed(s, ChasmCardRevealed(1)) == {
        "piles": [[1, 1, 1, 1, 0]],
        "chasm_card_seen": True,
        "revealed_chasm_now": True,
        "final_turns_left": 3,
    }


def test_gem_placed_comes_from_the_bag_or_the_solo_pool():
    s = blank(2)
    assert changed(s, GemPlaced(3, 4, "gold")) == {
        "gems": {"3,4": [0, 0, 0, 1, 0]},
        "bag": [12, 24, 15, 9, 5],
    }
    solo = rules.new_state(1, {})
    pool = list(solo.solo_pool)
    pool[4] -= 1
    assert changed(solo, GemPlaced(3, 3, "diamond")) == {
        "gems": {"3,3": [0, 0, 0, 0, 1]},
        "solo_pool": pool,
    }


def test_turn_started_resets_the_turn():
    s = blank(2)
    s.actions_left, s.moved, s.claimed = 0, [0], True
    s.chasm_turn, s.revealed_chasm_now = True, True
    s.facts = MoveFacts(head_on=True)
    assert changed(s, TurnStarted(1, 2)) == {
        "player": 1,
        "turn": 2,
        "actions_left": 4,
        "moved": [],
        "claimed": False,
        "facts": NO_FACTS.to_dict(),
        "chasm_turn": False,
        "revealed_chasm_now": False,
    }


def test_tile_placed_and_upgraded_spend_an_action():
    s = blank(2)
    assert changed(s, TilePlaced(0, 2, 5, "NE")) == {"tiles": {"2,5": "NE"}, "actions_left": 3}
    lay(s, {(2, 5): "NE"})
    assert changed(s, TileUpgraded(0, 2, 5, "NE", "NES")) == {
        "tiles": {"2,5": "NES"},
        "actions_left": 3,
    }


def test_cart_placed_stands_on_the_surface_facing_in_at_speed_3():
    s = blank(2)
    after = played(s, CartPlaced(0, 1, "black", -1, 6, "S"))
    assert after.carts[1].to_dict() == {
        "owner": 0,
        "colour": "red",
        "marker": "black",
        "where": "board",
        "square": [-1, 6],
        "back": "N",
        "facing": "S",
        "speed": 3,
        "load": [0, 0, 0, 0, 0],
    }
    assert after.actions_left == 3


def test_speed_changed_spends_an_action():
    s = blank(2)
    put_cart(s, 0, (0, 3), "S", speed=3)
    after = played(s, SpeedChanged(0, 0, "white", 3, 4))
    assert (after.carts[0].speed, after.actions_left) == (4, 3)


@pytest.mark.parametrize(
    "event", [ActionsEnded(0), ChasmDieRolled("red", 3), ChasmCardShuffledBack()]
)
def test_telling_events_change_nothing(event):
    s = blank(2)
    assert changed(s, event) == {}


def test_cart_moved_stands_on_the_last_square_its_back_to_the_one_before():
    s = blank(2)
    lay(s, {(0, 3): "NS", (1, 3): "NE", (1, 4): "EW"})
    put_cart(s, 0, (0, 3), "S")
    s.taken_here = 2
    after = played(s, CartMoved(0, 0, "white", ((0, 3), (1, 3), (1, 4)), "E"))
    cart = after.carts[0]
    assert (cart.square, cart.back, cart.facing, after.taken_here) == ((1, 4), "W", "E", 0)


def test_cart_moved_only_off_the_grid_keeps_the_gems_count_of_its_square():
    s = blank(2)
    lay(s, {(0, 3): "NS"})
    put_cart(s, 0, (0, 3), "N")
    s.taken_here = 1
    after = played(s, CartMoved(0, 0, "white", ((0, 3), (-1, 3)), "N"))
    assert (after.carts[0].square, after.taken_here) == ((-1, 3), 1)


def test_exit_chosen_turns_the_cart_towards_it():
    s = blank(2)
    lay(s, {(4, 1): "NES"})
    put_cart(s, 0, (4, 1), "E", back="N")
    s.carts[0].facing = None
    assert played(s, ExitChosen(0, 0, "white", 4, 1, "S")).carts[0].facing == "S"


def test_gem_taken_moves_a_gem_from_the_deposit_into_the_cart():
    s = blank(2)
    lay(s, {(3, 3): "NS"})
    put_gems(s, (3, 3), (0, 1, 1, 0, 0))
    put_cart(s, 0, (3, 3), "S", load=(0, 2, 1, 0, 0))
    after = played(s, GemTaken(0, 0, "white", 3, 3, "ruby"))
    assert after.carts[0].load == (0, 3, 1, 0, 0) and after.gems[(3, 3)] == (0, 0, 1, 0, 0)
    assert after.taken_here == 1 and after.facts == NO_FACTS
    # the fifth jewel of the active player's cart, no rock: Gem Collector's deed
    after = played(after, GemTaken(0, 0, "white", 3, 3, "emerald"))
    assert (3, 3) not in after.gems and after.facts.collector


def test_collided_head_on_is_noted_for_head_to_head():
    s = blank(2)
    event = Collided(0, 0, 2, 1, CollisionKind.HEAD_ON, 2, 1, 2, 2, "white", "white")
    assert changed(s, event) == {"facts": {**NO_FACTS.to_dict(), "head_on": True}}
    assert changed(s, Collided(0, 0, 2, 1, CollisionKind.REAR, 2, 1, 2, 2, "white", "white")) == {}


def test_cart_turned_swaps_back_and_front_also_on_a_curve():
    s = blank(2)
    lay(s, {(5, 5): "SW"})
    put_cart(s, 0, (5, 5), "S", back="W")
    cart = played(s, CartTurned(0, 0, "white", 5, 5, "W")).carts[0]
    assert (cart.back, cart.facing) == ("S", "W")


def test_load_split_keeps_the_piles_for_the_pick():
    s = blank(2)
    piles = ((0, 1, 0, 0, 1), (1, 0, 0, 0, 0))
    assert played(s, LoadSplit(1, 2, (2, 1), piles)).piles_split == piles


def test_gems_dropped_make_a_deposit_and_end_the_split():
    s = blank(2)
    lay(s, {(2, 4): "EW"})
    put_cart(s, 2, (2, 4), "E", load=(1, 1, 0, 0, 1))
    s.piles_split = ((0, 1, 0, 0, 1), (1, 0, 0, 0, 0))
    after = played(s, GemsDropped(1, 2, "white", 2, 4, (0, 1, 0, 0, 1)))
    assert after.carts[2].load == (1, 0, 0, 0, 0) and after.gems[(2, 4)] == (0, 1, 0, 0, 1)
    assert after.piles_split is None and after.facts.heist  # an opponent's jewels: Jewel Heist
    own = played(s, GemsDropped(0, 2, "white", 2, 4, (0, 1, 0, 0, 1)))
    assert not own.facts.heist


def test_cart_derailed_returns_its_gems_to_the_bag():
    s = blank(2)
    lay(s, {(2, 4): "EW"})
    put_cart(s, 2, (2, 4), "E", load=(0, 2, 0, 0, 0))
    after = played(s, CartDerailed(1, 2, "white", 2, 4, 2, 4, (0, 2, 0, 0, 0), "collision", False))
    assert after.bag == (12, 24, 15, 10, 5) and after.carts[2].where == CartPlace.SUPPLY
    assert after.carts[2].load == (0, 0, 0, 0, 0) and after.facts.derailed_opponent
    solo = blank(1)
    put_cart(solo, 1, (2, 4), "E")
    gone = played(
        solo, CartDerailed(0, 1, "yellow", 2, 4, 2, 5, (0, 0, 0, 0, 0), "no track ahead", True)
    )
    assert gone.carts[1].where == CartPlace.LOST and not gone.facts.derailed_opponent


def test_cart_fell_takes_its_gems_out_of_the_game():
    s = blank(2)
    put_cart(s, 0, (3, 2), "S", load=(0, 0, 1, 0, 0))
    after = played(s, CartFell(0, 0, "white", 4, 2, (0, 0, 1, 0, 0)))
    assert after.lost == (0, 0, 1, 0, 0) and after.carts[0].where == CartPlace.LOST
    assert after.carts[0].square is None


def test_cart_left_mine_stockpiles_its_load():
    s = blank(2)
    put_cart(s, 0, (-1, 3), "N", load=(0, 1, 0, 0, 1))
    after = played(s, CartLeftMine(0, 0, "white", "south", 12, 3, (0, 1, 0, 0, 1)))
    assert after.stockpiles[0] == (0, 1, 0, 0, 1) and after.carts[0].where == CartPlace.SUPPLY
    assert after.facts.exits == (CartExit((0, 1, 0, 0, 1), True),)  # south is seat 1's edge
    solo = blank(1)
    put_cart(solo, 0, (-1, 3), "N", load=(0, 2, 0, 0, 0))
    assert played(solo, CartLeftMine(0, 0, "red", "north", -1, 3, (0, 2, 0, 0, 0))).delivered[
        "north"
    ] == (0, 2, 0, 0, 0)


def test_cart_returned_goes_back_to_the_supply():
    s = blank(2)
    put_cart(s, 0, (-1, 3), "S")
    cart = played(s, CartReturned(0, 0, "white", -1, 3)).carts[0]
    assert (cart.where, cart.square, cart.speed) == (CartPlace.SUPPLY, None, 3)


def test_mission_claimed_is_the_turns_one_mission_but_dirty_goblins_at_the_end():
    s = blank(2)
    s.missions = [4, 9]
    assert changed(s, MissionClaimed(0, 9)) == {
        "missions": [4],
        "taken": [[9], []],
        "claimed": True,
    }
    assert changed(s, MissionClaimed(1, 4)) == {"missions": [9], "taken": [[], [4]]}


def test_chasm_token_drawn_leaves_the_supply():
    s = blank(2)
    assert played(s, ChasmTokenDrawn("blue")).token_supply["blue"] == 3


def test_chasm_opened_swallows_tile_and_gems_and_takes_the_card():
    s = blank(2)
    lay(s, {(3, 3): "NS"})
    put_gems(s, (3, 3), (0, 1, 0, 0, 0))
    after = played(s, ChasmOpened("red", 3, 3, "NS", (0, 1, 0, 0, 0), -1, 1))
    assert (3, 3) not in after.tiles and (3, 3) not in after.gems
    assert after.chasm == {(3, 3): "red"} and after.lost == (0, 1, 0, 0, 0)
    assert 1 not in after.unseen["red"] and after.token_supply == s.token_supply
    solo = blank(1)
    solo.solo_deck = [("red", 1), ("red", 2)]
    after = played(solo, ChasmOpened("red", 3, 3, "", (0, 0, 0, 0, 0), -1, 1))
    assert after.solo_deck == [("red", 2)] and after.token_supply["red"] == 4
    # a token placed in the chasm phase names no card
    assert changed(s, ChasmOpened("red", 2, 3, "", (0, 0, 0, 0, 0), -1, 0)) == {
        "chasm": {"2,3": "red"}
    }


def test_card_skipped_leaves_the_solo_deck():
    solo = blank(1)
    solo.solo_deck = [("red", 1), ("blue", 8)]
    assert played(solo, CardSkipped("blue", 8)).solo_deck == [("red", 1)]


def test_game_ended_is_over_with_the_solo_result():
    s = blank(1)
    after = played(s, GameEnded((0,), (123,), "Victory, high score 123", "victory"))
    assert (after.over, after.result) == (True, "victory")


def test_tasks_changed_replaces_the_head_tasks():
    s = blank(2)
    after = played(s, TasksChanged(1, (Run(0, 3), CartStep(TaskKind.CART_DONE, 0))))
    assert after.tasks[:3] == [Run(0, 3), CartStep(TaskKind.CART_DONE, 0), MOVEMENT]
    assert played(s, TasksChanged(0, (DrawGems(1, 1, 2),))).tasks[:2] == [
        DrawGems(1, 1, 2),
        ACTIONS,
    ]
    assert played(s, TasksChanged(4, ())).tasks == []


def test_tasks_changed_round_trips_as_plain_lists():
    event = TasksChanged(1, (Run(0, 3),))
    assert event.to_dict() == {"type": "TasksChanged", "replace": 1, "tasks": [["run", 0, 3]]}
    assert TasksChanged(1, (["run", 0, 3],)) == event
    assert tasks_from_lists(("run", 0, 3)) == [Run(0, 3)]


def test_cart_started_counts_the_cart_as_moved():
    s = blank(2)
    lay(s, {(4, 1): "NES"})
    put_cart(s, 0, (4, 1), "E", back="N")
    s.taken_here = 2
    after = played(s, CartStarted(0, 0, "white", None))
    assert (after.moved, after.taken_here, after.carts[0].facing) == ([0], 0, None)


def test_missions_checked_forgets_the_deeds():
    s = blank(2)
    s.facts = MoveFacts(heist=True)
    assert played(s, MissionsChecked()).facts == NO_FACTS


def test_chasm_turn_final_turn_and_chasm_phase_flags():
    s = blank(2)
    assert changed(s, ChasmTurnBegan(0)) == {"chasm_turn": True}
    assert changed(s, FinalTurnPlayed(0, 1)) == {"final_turns_left": 1}
    assert changed(s, ChasmPhaseBegan()) == {"chasm_phase": True}


def test_every_state_between_two_events_says_what_it_waits_for():
    """Play-test crash: a click while carts rolled asked the shown state (events applied one
    by one) what it waits for, and a turn starting (an automatic task) raised KeyError. A
    state between two events answers RUNNING where the game runs its own steps."""
    import random

    from engine import registry
    from engine.match import Match, Seat
    from engine.off_the_rails.state import Pending

    spec = registry.get("off-the-rails")
    match = Match(spec, [Seat("human", "A"), Seat("human", "B")], {}, 5)
    rng = random.Random(5)
    seen = set()
    for _ in range(400):
        if match.is_terminal():
            break
        shown = match.state.clone()
        if match.is_chance():
            events = match.resolve_chance()
        else:
            events = match.apply(rng.choice(match.legal_actions()))
        for event in events:
            shown = apply_event(shown, event)
            seen.add(shown.pending())
    assert Pending.RUNNING in seen and Pending.ACTIONS in seen
