"""Clicks, drags and keys on the Potion Explosion table → intents, without a display (issue 17).

Positions come from the notation; the legal actions are the engine's; targets come from a real
:class:`Layout`, so a click lands where a player's would."""

import pygame
import pytest

from engine.potion_explosion import state as pe
from engine.potion_explosion.rules import legal_actions
from scenes import kit
from scenes.tables.potion_explosion import input as table_input
from scenes.tables.potion_explosion.input import (
    Act,
    PlaceAll,
    Refuse,
    Select,
    Selection,
    click,
    drop,
    forced_choice,
    key_press,
    sure_placement,
)
from scenes.tables.potion_explosion.layout import Layout
from scenes.tables.potion_explosion.tips import targets
from tests.engine.potion_explosion.helpers import pos
from tests.soak import WINDOW_SIZES

NONE = Selection()
TRACKS = "tracks=RBRYKRBY/YYBBKKRR/RRRBBYKK/KBYRKBYR/BYRKBYRK"


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    kit.reset_caches()  # fonts made before an earlier pygame.quit() are dead
    yield
    kit.reset_caches()


def desk(slots="WIS4:,MAG4:", pool="-", hand="-", done="-"):
    return f"{slots}/{pool}/{hand}/{done}/0.0.-.0.0.0"


def state_of(p0, turn="p", n=2, extra=""):
    return pos(f"n={n} {TRACKS} turn={turn} {extra} p0={p0}")


def at(state, key, viewer=0, selection=NONE, size=(1280, 800)):
    """The intent of a click at the centre of target ``key``, found by hit-testing the
    targets the scene would build."""
    lay = Layout(size, state.num_players, viewer)
    legal = legal_actions(state)
    found = [t for t in targets(lay, state, legal, selection, viewer) if t.key == key]
    assert found, key
    hit = kit.hit_test(targets(lay, state, legal, selection, viewer), found[0].bounds.center)
    assert hit is not None and hit.key == key
    return click(hit.key, state, legal, selection, viewer)


def test_a_marble_that_fits_exactly_one_hole_goes_there_on_one_click():
    s = state_of(desk("WIS4:RR,MAG4:", hand="Y"))  # Wisdom R2 Y2; Magnetism B2 K2
    assert at(s, ("hand", "Y")) == Act(pe.PlaceMarble("hand", "Y", 0, "Y"))
    s = state_of(desk("WIS4:RR,MAG4:", pool="K"))
    assert at(s, ("pool", "K")) == Act(pe.PlaceMarble("pool", "K", 1, "K"))


def test_a_marble_that_fits_two_potions_is_picked_up_then_goes_to_the_clicked_hole():
    s = state_of(desk("WIS4:,WIS5:", hand="R"))  # both need red
    intent = at(s, ("hand", "R"))
    assert isinstance(intent, Select) and intent.selection.marble == ("hand", "R")
    assert "more than one hole" in intent.message
    chosen = intent.selection
    assert at(s, ("hole", 1, "R"), selection=chosen) == Act(pe.PlaceMarble("hand", "R", 1, "R"))
    assert at(s, ("hand", "R"), selection=chosen) == Select(Selection())  # put back


def test_a_hand_marble_no_hole_takes_goes_to_the_pool_while_it_has_room():
    s = state_of(desk("WIS4:RRYY,-", hand="B"))
    assert at(s, ("hand", "B")) == Act(pe.MoveToPool("B"))
    full = state_of(desk("WIS4:RRYY,-", pool="KKK", hand="B"))
    intent = at(full, ("hand", "B"))
    assert isinstance(intent, Select) and "pool is full" in intent.message


def test_a_picked_up_marble_moves_between_hand_and_pool():
    s = state_of(desk("WIS4:,WIS5:", pool="B", hand="R"))
    picked = Selection(marble=("hand", "R"))
    assert at(s, ("poolzone",), selection=picked) == Act(pe.MoveToPool("R"))
    back = Selection(marble=("pool", "B"))
    assert at(s, ("handzone",), selection=back) == Act(pe.MoveToHand("B"))


def test_dragging_still_places_and_moves():
    s = state_of(desk("WIS4:,WIS5:", hand="R"))
    legal = legal_actions(s)
    assert drop("hand", "R", ("hole", 0, "R"), legal) == Act(pe.PlaceMarble("hand", "R", 0, "R"))
    assert drop("hand", "R", ("poolzone",), legal) == Act(pe.MoveToPool("R"))
    assert drop("hand", "R", ("stack", 1), legal) is None


def test_the_regular_pick_and_the_little_help_by_click():
    s = state_of(desk(), turn="-")
    assert at(s, ("marble", 2, 3)) == Act(pe.RegularPick(2, 3))
    helping = Selection(help_mode=True)
    assert at(s, ("marble", 2, 3), selection=helping) == Act(pe.LittleHelp(2, 3))
    picked = state_of(desk(), turn="p")
    assert isinstance(at(picked, ("marble", 2, 3)), Refuse)


def test_sure_placement_fills_what_every_choice_fills_and_leaves_real_choices():
    # three red marbles for the three red holes left on two potions: all go, whichever first
    s = state_of(desk("WIS4:R,WIS5:", hand="RRR"))  # WIS4 R2 Y2, WIS5 R2 B1 K2
    assert sure_placement(s, legal_actions(s)) == pe.PlaceMarble("hand", "R", 0, "R")
    # one red marble, red holes on both potions: a real choice, left to the player
    s = state_of(desk("WIS4:,WIS5:", hand="R"))
    assert sure_placement(s, legal_actions(s)) is None
    # the hand before the pool; a wild marble stays for the player
    s = state_of(desk("WIS4:RR,MAG4:", pool="Y", hand="Y"))
    assert sure_placement(s, legal_actions(s)) == pe.PlaceMarble("hand", "Y", 0, "Y")
    wild = state_of(desk("WIS4:RRY,MAG4:", pool="k"))  # a wild black marble
    assert sure_placement(wild, legal_actions(wild)) == pe.PlaceMarble("pool", "K", 1, "K")


def test_place_all_repeats_until_only_choices_are_left():
    s = state_of(desk("WIS4:,WIS5:", hand="RRRYYB"))  # 3 red for 4 red holes
    placed = []
    while (action := sure_placement(s, legal_actions(s))) is not None:
        s.apply_action(action)
        placed.append(action)
    assert sorted((a.colour, a.slot) for a in placed) == [("B", 1), ("Y", 0), ("Y", 0)]
    assert s.desks[0].hand == [3, 0, 0, 0]  # the reds: the player's choice
    assert key_press(table_input.PLACE_ALL_KEY, s, legal_actions(s), NONE) == Refuse(
        "No marble has a sure hole: click a marble, then a glowing hole."
    )
    fresh = state_of(desk("WIS4:,WIS5:", hand="B"))
    assert key_press(table_input.PLACE_ALL_KEY, fresh, legal_actions(fresh), NONE) == PlaceAll()


def test_magnetical_attraction_takes_the_pair_the_player_clicks_both_marbles_of():
    # track 1 from the bottom: R B R Y K ...; effect pending
    s = state_of(desk(done="MAG6!"), extra="effect=MAG:-:-:0")
    intent = at(s, ("marble", 0, 0))  # one partner: still asks
    assert isinstance(intent, Select) and intent.selection.anchor == (0, 0)
    assert at(s, ("marble", 0, 1), selection=intent.selection) == Act(pe.TakePair(0, 0))
    intent = at(s, ("marble", 0, 2))  # B below, Y above
    assert isinstance(intent, Select) and intent.selection.anchor == (0, 2)
    assert at(s, ("marble", 0, 1), selection=intent.selection) == Act(pe.TakePair(0, 1))
    assert at(s, ("marble", 0, 3), selection=intent.selection) == Act(pe.TakePair(0, 2))
    outlined = table_input.outlined(s, legal_actions(s), intent.selection, (0, 3))
    assert outlined == {(0, 2), (0, 3)}


def test_magnetical_attraction_follows_the_clicks_an_illegal_pair_goes_to_the_engine():
    # the reported game: track 1 is Y Y K ...; clicking place 1 then place 2 (both yellow)
    # must not take place 2 and the black above it
    s = state_of(desk(done="MAG6!"), extra="effect=MAG:-:-:0").clone()
    s.tracks[0] = list("YYKRYYYY")
    s.changed()  # set by hand, not by an event
    first = at(s, ("marble", 0, 0))
    assert isinstance(first, Refuse) and "yellow" in first.message  # both neighbours yellow
    anchored = Select(Selection(anchor=(0, 0)))
    second = at(s, ("marble", 0, 1), selection=anchored.selection)
    assert second == Act(pe.TakePair(0, 0))  # the clicked pair
    assert pe.TakePair(0, 0) not in legal_actions(s)  # the engine refuses it
    upper = at(s, ("marble", 0, 1))  # a first click on place 2
    assert isinstance(upper, Select) and upper.selection.anchor == (0, 1)
    assert table_input.outlined(s, legal_actions(s), NONE, (0, 1)) == set()


def test_the_balm_takes_a_run_in_one_click_when_only_one_run_goes_through_it():
    s = state_of(desk(done="BAL6!"), extra="effect=BAL:-:-:0")  # track 2: Y Y B B K K R R
    assert at(s, ("marble", 1, 0)) == Act(pe.TakeRun(1, 0, 2))
    three = state_of(desk(done="BAL6!"), extra="effect=BAL:-:-:0").clone()
    three.tracks[2] = list("RRRBBYKK")
    three.changed()  # set by hand, not by an event
    intent = at(three, ("marble", 2, 1))  # R R R: three runs
    assert isinstance(intent, Select) and intent.selection.anchor == (2, 1)
    assert at(three, ("marble", 2, 2), selection=intent.selection) == Act(pe.TakeRun(2, 1, 2))


def test_blind_love_with_one_opponent_is_chosen_for_the_player_with_two_it_asks():
    two = state_of(desk(done="BLI6!"), extra="effect=BLI:-:-:0")
    assert forced_choice(two, legal_actions(two)) == pe.TakePool(1)
    three = state_of(desk(done="BLI6!"), n=3, extra="effect=BLI:-:-:0")
    assert forced_choice(three, legal_actions(three)) is None
    assert at(three, ("desk", 2)) == Act(pe.TakePool(2))
    plain = state_of(desk())
    assert forced_choice(plain, [pe.EndTurn()]) is None  # never outside an effect


def test_the_stack_choice_with_one_stack_left_is_made_for_the_player():
    s = pos(f"n=2 {TRACKS} phase=end stacks=-+0/WIS5+0/-+0/-+0/-+0 p0=-,MAG4:/-/-/-/0.0.-.0.0.0")
    assert forced_choice(s, legal_actions(s)) == pe.ChooseStack(1)
    assert at(s, ("stack", 1)) == Act(pe.ChooseStack(1))


def test_on_a_last_turn_the_stack_is_chosen_for_the_player():
    """Issue 42: on a player's last turn (the end triggered) a tile drawn can never be brewed,
    whichever stack it comes from: the table makes that choice, it asks no question."""
    stacks = "stacks=WIS5+0/WIS5+0/-+0/-+0/-+0"
    asked = pos(f"n=2 {TRACKS} phase=end {stacks} p0=-,MAG4:/-/-/-/0.0.-.0.0.0")
    assert len(legal_actions(asked)) == 2 and forced_choice(asked, legal_actions(asked)) is None
    last = pos(f"n=2 {TRACKS} phase=end {stacks} end=1 p0=-,MAG4:/-/-/-/0.0.-.0.0.0")
    assert forced_choice(last, legal_actions(last)) == legal_actions(last)[0]


def test_the_last_starter_of_the_draft_is_taken_for_the_player():
    """Issue 42: taking the last remaining starter asked a question (in hot-seat even behind a
    pass screen) though there was nothing to choose."""
    draft = pos(f"n=2 {TRACKS} phase=draft draft=1:WIS4 p0=-,-/-/-/-/0.0.-.0.0.0")
    legal = legal_actions(draft)
    assert len(legal) == 1 and forced_choice(draft, legal) == legal[0]


def test_the_filter_chooses_marbles_of_one_colour_and_returns_them_with_enter():
    s = state_of(desk(done="FIL6!"), extra="effect=FIL:-:-:0")  # track 3: R R R B B ...
    first = at(s, ("marble", 2, 0))
    second = at(s, ("marble", 2, 2), selection=first.selection)
    assert second.selection.filter_places == (0, 2)
    other = at(s, ("marble", 2, 3), selection=second.selection)  # blue: starts again
    assert other.selection.filter_places == (3,)
    assert key_press(pygame.K_RETURN, s, legal_actions(s), second.selection) == Act(
        pe.FilterMarbles(2, "R", (0, 2))
    )


def test_drinking_and_copying_by_clicking_your_completed_potions():
    s = state_of(desk(done="WIS4,SAN4,MAG4!"))
    assert at(s, ("completed", 0, 0)) == Act(pe.Drink(0))
    assert isinstance(at(s, ("completed", 0, 2)), Refuse)  # already drunk
    san = state_of(desk(done="WIS4,SAN4!,MAG4!"), extra="effect=SAN:-:-:1")
    assert at(san, ("completed", 0, 2)) == Act(pe.CopyPotion(2))


@pytest.mark.parametrize("size", WINDOW_SIZES)
def test_every_target_is_on_the_board_and_your_desk_follows_the_viewer(size):
    s = state_of(desk(hand="RB", done="WIS4"), n=4)
    for viewer in range(4):
        lay = Layout(size, 4, viewer)
        found = targets(lay, s, legal_actions(s) if viewer == 0 else [], NONE, viewer)
        assert all(lay.board.contains(t.bounds) for t in found)
        desks = {t.key[1] for t in found if t.key[0] == "desk"}
        assert desks == {seat for seat in range(4) if seat != viewer}
        hands = [t for t in found if t.key[0] == "hand"]
        assert bool(hands) == (viewer == 0)  # only the viewer's hand is big


def test_every_choice_button_names_its_key_and_d_stops_an_effect():
    s = state_of(desk(done="FIL6!"), extra="effect=FIL:-:-:0")
    legal = legal_actions(s)
    assert pe.FinishEffect() in legal
    assert key_press(table_input.DONE_KEY, s, legal, NONE) == Act(pe.FinishEffect())
    shown = table_input.choices(s, legal, NONE)
    assert [tip for _, _, tip in shown] == [
        "Return the chosen marbles to the tank (Enter)",
        "Stop using this potion's effect (D)",
    ]
    # the Filter gives marbles back: its stop button never says "Take nothing" (a play-test)
    # and with nothing chosen, not "Return 0" beside "Return nothing" (a play-tester)
    assert [label for label, _, _ in shown] == ["Return the chosen", "Return nothing"]
    plain = state_of(desk())  # no effect running: D means nothing
    assert key_press(table_input.DONE_KEY, plain, legal_actions(plain), NONE) is None


def test_little_help_mode_offers_one_cancel_its_own_button():
    """The Little Help button turns into "Cancel help"; the second row adds no other Cancel.
    A picked-up marble still gets its Cancel."""
    s = state_of(desk("WIS4:RR,MAG4:", hand="YB"))
    legal = legal_actions(s)
    assert table_input.choices(s, legal, Selection(help_mode=True)) == []
    labels = [
        label for label, _, _ in table_input.choices(s, legal, Selection(marble=("hand", "Y")))
    ]
    assert labels == ["Cancel"]


def test_the_stars_under_an_opponents_desk_are_explained_on_hover():
    """The strip under an opponent's desk shows a star per potion completed in its last
    turn: hovering it says so and names the potions."""
    from scenes.tables.potion_explosion.last_turn import LastTurn

    s = state_of(desk())
    lay = Layout((1280, 800), s.num_players, 0)
    turns = {1: LastTurn(["R", "R", "B"], ["WIS4"])}
    found = [t for t in targets(lay, s, legal_actions(s), NONE, 0, turns) if t.key == ("strip", 1)]
    assert len(found) == 1
    title, taken, stars = found[0].tooltip
    assert title == "Last turn" and taken == "Marbles taken: 2 red, 1 blue."
    assert stars == "Each star is a potion completed: Potion of Wisdom."
    hit = kit.hit_test(targets(lay, s, legal_actions(s), NONE, 0, turns), found[0].bounds.center)
    assert hit.key == ("strip", 1)


def test_the_hover_badge_counts_the_picked_marble_as_the_hint_does():
    """Play-test: the badge said "5" where the hint said "6 marbles" for the same pick (it left
    out the marble picked). It counts the picked marble and the exploded ones."""
    from scenes.tables.potion_explosion.draw import preview_label

    assert preview_label(5, False) == "6"
    assert preview_label(0, False) == "1"
    assert preview_label(2, True) == "3+"


def test_a_hint_frames_a_marble_with_a_ring_and_a_tile_with_its_corners():
    """Play-test: the hint's ring around a starter tile was a pill spilling past the tile."""
    import pygame

    from scenes.tables.potion_explosion.draw import hint_radius

    assert hint_radius(pygame.Rect(0, 0, 40, 40)) == 20
    assert hint_radius(pygame.Rect(0, 0, 124, 164)) == 12
