"""Clicks, keys and tooltips on the Diced Tomatoes table → intents, without a display (issue 19).

Positions come from the notation; the legal actions are the engine's; targets come from a real
:class:`Layout`, so a click lands where a player's would."""

import pygame
import pytest

from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.notation import parse_position
from scenes import kit
from scenes.tables.diced_tomatoes import input as table_input
from scenes.tables.diced_tomatoes.input import (
    Act,
    ActAll,
    Refuse,
    Say,
    Select,
    Selection,
    choices,
    choose_karma,
    click,
    key_press,
    status,
)
from scenes.tables.diced_tomatoes.layout import Layout
from scenes.tables.diced_tomatoes.tips import badge_labels, badge_tips, targets
from tests.soak import WINDOW_SIZES

NONE = Selection()
NAMES = ("Ana", "Bo")


pytestmark = pytest.mark.usefixtures("fonts")  # tests/scenes/conftest.py


def layout(state, size=(1280, 800)) -> Layout:
    """The table's layout for ``state`` as the scene builds it (its variant badges)."""
    return Layout(size, state.num_players, badges=badge_labels(state))


def at(state, key, selection=NONE, viewer=0, humans=(0,), size=(1280, 800)):
    """The intent of a click at the centre of target ``key``, found by hit-testing the
    targets the scene would build."""
    lay = layout(state, size)
    legal = state.legal_actions()
    built = targets(lay, state, legal, selection, NAMES, viewer, humans)
    found = [t for t in built if t.key == key]
    assert found, key
    hit = kit.hit_test(built, found[0].bounds.center)
    assert hit is not None and hit.key == key
    return click(hit.key, state, legal, selection)


def tip(state, key, viewer=0, humans=(0,)) -> tuple:
    lay = layout(state)
    built = targets(lay, state, state.legal_actions(), NONE, NAMES, viewer, humans)
    return next(t.tooltip for t in built if t.key == key)


def test_a_die_click_picks_it_up_and_its_spots_come_from_the_legal_actions():
    state = parse_position("players=2 hand=2b,5b vines=3r|-|-/5r|-|-")
    intent = at(state, ("die", 0))
    assert intent == Select(Selection(die=0))
    assert table_input.spots(state.legal_actions(), 0) == {(0, 0)}
    assert at(state, ("die", 0), Selection(die=0)) == Select(NONE)  # clicked again: put back


def test_a_vine_only_one_die_fits_takes_that_die_in_one_click():
    """One click instead of two: the black 2 is the only die that fits the top vine."""
    state = parse_position("players=2 hand=2b,5b vines=3r|-|-/5r|-|-")
    assert at(state, ("vine", 0, 0)) == Act(dt.PlaceDie(0, 0, 0))
    assert at(state, ("vine", 1, 0)) == Act(dt.PlaceDie(1, 1, 0))


def test_a_vine_several_dice_fit_asks_for_the_die_first():
    state = parse_position("players=2 hand=4r,2b,6r vines=3r|-|-/5r|-|-")
    assert at(state, ("vine", 0, 0)) == Say(
        "More than one of your dice fits there: click the die first."
    )
    assert at(state, ("vine", 0, 0), Selection(die=1)) == Act(dt.PlaceDie(1, 0, 0))


def test_a_vine_only_twin_dice_fit_takes_one_of_them_in_one_click():
    """A play tester's find: with two black 4s in hand a click on the vine asked which die,
    though either makes the same move."""
    state = parse_position("players=2 hand=4b,4b vines=3r|-|-/5r|-|-")
    fits = [a for a in state.legal_actions() if isinstance(a, dt.PlaceDie) and a.token == 0]
    assert {a.die for a in fits if a.owner == 0} == {0, 1}
    assert at(state, ("vine", 0, 0)) == Act(dt.PlaceDie(0, 0, 0))


def test_a_die_that_fits_nowhere_in_solo_is_set_aside_never_passed():
    """Finding 7: solo dice are set aside; the words, the button and P say so."""
    state = parse_position("players=1 hand=6b,x,x vines=1r2r3r|2r2r|4r")
    intent = at(state, ("die", 0))
    assert isinstance(intent, Select) and "set it aside" in intent.message
    assert "pass" not in intent.message.lower()
    labels = [label for label, *_ in choices(state, state.legal_actions(), NONE, ("Ana",))]
    assert labels == ["Set aside", "End turn"]
    assert key_press(table_input.PASS_KEY, state, state.legal_actions(), NONE) == ActAll(
        (dt.PassDie(0),)
    )
    assert "set them aside" in status(state, state.legal_actions(), NONE)


def test_a_die_that_fits_nowhere_with_two_players_is_passed_to_the_next_seat_by_name():
    state = parse_position("players=2 hand=6b,x,x vines=1r2r3r|2r2r|4r/-|-|-")
    legal = state.legal_actions()
    row = choices(state, legal, NONE, NAMES)
    assert [label for label, *_ in row] == ["Pass dice", "End turn"]
    assert "to Bo" in row[0][2]


def test_karma_is_offered_in_the_status_only_when_some_can_be_spent():
    """Play-test: "no die fits anywhere: pass them (P), or spend karma first" with no karma
    left. The words offer karma only when the engine allows a karma action."""
    broke = parse_position("players=2 hand=6b,x,x karma=0,3 vines=1r2r3r|2r2r|4r/-|-|-")
    assert not any(type(a) in dt.KARMA_COSTS for a in broke.legal_actions())
    assert status(broke, broke.legal_actions(), NONE) == "no die fits anywhere: pass them (P)."
    rich = parse_position("players=2 hand=6b,x,x karma=6,3 vines=1r2r3r|2r2r|4r/-|-|-")
    assert status(rich, rich.legal_actions(), NONE) == (
        "no die fits anywhere: pass them (P), or spend karma first."
    )
    fits = parse_position("players=2 hand=4r,x,x karma=0,3")
    assert status(fits, fits.legal_actions(), NONE) == "click a die, then where it goes."


def test_karma_with_the_die_already_picked_up_acts_at_once():
    state = parse_position("players=2 hand=2b,5b vines=3r|-|-/5r|-|-")
    legal = state.legal_actions()
    assert choose_karma("reroll", state, legal, Selection(die=1)) == Act(dt.Reroll(1))


def test_set_a_die_asks_for_the_new_face_and_a_number_key_chooses_it():
    state = parse_position("players=2 hand=4r,x,x karma=6,3")
    legal = state.legal_actions()
    chosen = choose_karma("set", state, legal, NONE)
    assert chosen.selection == Selection(karma="set")
    picked = click(("die", 0), state, legal, chosen.selection)
    assert isinstance(picked, Select) and picked.selection.die == 0
    faces = [label for label, *_ in choices(state, legal, picked.selection, NAMES)]
    assert faces == ["1", "2", "3", "5", "6"]  # not its own face: the engine's list
    assert key_press(pygame.K_6, state, legal, picked.selection) == Act(dt.SetDie(0, 6))
    assert key_press(pygame.K_KP_2, state, legal, picked.selection) == Act(dt.SetDie(0, 2))
    assert picked.message == (
        "Choose the new face on the right (or press its number); Esc cancels."
    )


def test_shift_asks_for_the_direction_and_plus_minus_choose_it():
    state = parse_position("players=2 hand=4r,x,x karma=6,3")
    legal = state.legal_actions()
    picked = choose_karma("shift", state, legal, Selection(die=0))
    assert [a for a in picked.selection.choices] == [dt.Shift(0, -1), dt.Shift(0, 1)]
    assert key_press(pygame.K_MINUS, state, legal, picked.selection) == Act(dt.Shift(0, -1))
    assert key_press(pygame.K_EQUALS, state, legal, picked.selection) == Act(dt.Shift(0, 1))
    assert key_press(pygame.K_1, state, legal, picked.selection) is None  # no face to press


def test_the_shift_prompt_names_the_minus_and_plus_buttons_shown_and_their_keys():
    state = parse_position("players=2 hand=4r,x,x karma=6,3")
    legal = state.legal_actions()
    picked = choose_karma("shift", state, legal, Selection(die=0))
    shown = choices(state, legal, picked.selection, NAMES)
    assert [label for label, *_ in shown] == ["−1", "+1"]
    assert [tip for _label, _intent, tip, _on in shown] == [
        "Choose −1 (key −)",
        "Choose +1 (key +)",
    ]
    prompt = "Choose −1 or +1 on the right (or press − or +); Esc cancels."
    assert picked.message == prompt
    assert status(state, legal, picked.selection) == prompt[0].lower() + prompt[1:]
    assert click(("die", 1), state, legal, picked.selection) == Say(prompt)


def test_a_karma_action_out_of_reach_says_why_in_plain_words():
    state = parse_position("players=2 hand=4r,x,x karma=1,3")
    intent = choose_karma("set", state, state.legal_actions(), NONE)
    assert intent == Refuse("Set a die costs 6 karma; you have 1.")


def test_end_turn_with_dice_left_gives_the_engines_reason():
    state = parse_position("players=2 hand=2b,5b vines=3r|-|-/5r|-|-")
    intent = key_press(table_input.END_TURN_KEY, state, state.legal_actions(), NONE)
    assert intent == Refuse(state.end_turn_refusal())
    done = parse_position("players=2 hand=x,x,x vines=3r4r5r6r|-|-/-|-|-")
    assert key_press(table_input.END_TURN_KEY, done, done.legal_actions(), NONE) == Act(
        dt.EndTurn()
    )


def test_tooltips_name_the_seats_your_vine_for_the_person_asked():
    """Finding 2: no "Player 2" when nobody is called that; "your" for the viewer."""
    state = parse_position("players=2 hand=2b,5b vines=3r|-|-/5r|-|-")
    assert tip(state, ("vine", 0, 0))[0] == "Your top vine"
    assert tip(state, ("vine", 1, 0))[0] == "The top vine of Bo"
    assert "Bo" in tip(state, ("vine", 1, 0))[-1]
    assert tip(state, ("vine", 0, 0), viewer=1, humans=(1,))[0] == "The top vine of Ana"
    assert tip(state, ("score", 1))[0] == "Bo: 0 points so far"
    for target_tip in (
        tip(state, key) for key in [("vine", 0, 1), ("slot", 1, 0), ("karma", 1), ("die", 0)]
    ):
        assert all("Player" not in line for line in target_tip)


def test_a_sequence_tooltip_lists_its_faces_in_order_of_value():
    """Finding 5: the tooltip reads the vine as it is drawn."""
    state = parse_position("players=2 vines=4r3r5r|-|-/-|-|-")
    assert tip(state, ("vine", 0, 0))[1].startswith("A sequence (in order of value): 3, 4, 5;")


def test_after_a_harvest_the_tooltip_says_what_the_token_is_now():
    """Finding 6: no stale "complete, cleared at the end of the turn" once it is harvested."""
    state = parse_position("players=2 hand=4r,x,x vines=2r1r3r|-|-/-|-|-")
    state.apply_action(dt.PlaceDie(0, 0, 0))
    assert not state.vines[0][0] and state.score[0] == [2]
    assert tip(state, ("vine", 0, 0)) == (
        "Your top token",
        "Empty and open: a red die may start a vine here as its seed.",
    )
    assert tip(state, ("slot", 0, 0)) == ("Your score slot 1", "Holds a 2: it scores 2.")


def test_the_variant_badges_name_the_options_that_are_on():
    """Finding 3: a badge per variant on, its tooltip the option's full name."""
    state = parse_position("players=2 options=do")
    assert badge_labels(state) == ("Dicey", "Overload")
    titles = [t[0] for t in badge_tips(state)]
    assert titles[0].startswith("Variant: ") and len(titles) == 2
    assert badge_labels(parse_position("players=2")) == ("Standard rules",)


def test_the_hint_is_framed_on_its_die_and_its_vine():
    state = parse_position("players=2 hand=2b,5b vines=3r|-|-/5r|-|-")
    lay = Layout((1024, 640), 2)
    rects = table_input.hint_rects(lay, state, dt.PlaceDie(1, 1, 0))
    assert rects == [lay.hand_die(1), lay.vine_row(1, 0)]


@pytest.mark.parametrize("size", WINDOW_SIZES)
@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_every_target_is_on_the_board_and_clickable_where_drawn(size, players):
    vines = "/".join(["3r|-|-"] * players)
    state = parse_position(f"players={players} hand=2b,5b,4r vines={vines}")
    lay = layout(state, size)
    built = targets(lay, state, state.legal_actions(), NONE, NAMES * 3, 0, (0,))
    for target in built:
        assert lay.board.contains(target.bounds), target.key
    for target in built:
        if target.key[0] in ("die", "vine"):
            assert kit.hit_test(built, target.bounds.center).key == target.key


def test_a_name_cut_short_in_its_header_shows_whole_in_a_tooltip():
    state = parse_position("players=6")
    names = (
        "Ana",
        "Bot 1 (Medium)",
        "Bot 2 (Medium)",
        "Bot 3 (Medium)",
        "Bot 4 (Medium)",
        "Bot 5 (Medium)",
    )
    lay = Layout((1024, 640), 6, badges=("Overload",), bits=True)
    built = targets(lay, state, state.legal_actions(), NONE, names, 0, (0,))
    tips = {t.key: t.tooltip for t in built if t.key[0] == "name"}
    assert tips.get(("name", 1)) == ("Bot 1 (Medium)",)
    assert ("name", 0) not in tips  # "Ana (you)" fits: no tooltip


def test_while_a_new_face_is_chosen_only_the_die_being_changed_glows():
    """No vine glows as a place to put the die while Set a die waits for its new face."""
    state = parse_position("players=2 hand=4r,2b,x karma=6,3")
    legal = state.legal_actions()
    picked = click(("die", 0), state, legal, Selection(karma="set")).selection
    assert picked.choices and picked.die == 0
    assert table_input.glow(legal, picked) == (frozenset(), frozenset({0}), frozenset())
    spots, dice, vines = table_input.glow(legal, Selection(karma="set"))
    assert spots == frozenset() and dice == {0, 1} and vines == frozenset()
    assert table_input.glow(legal, Selection(die=0))[0] == table_input.spots(legal, 0)


def test_the_vine_to_clear_or_keep_glows():
    state = parse_position(
        "players=3 phase=cleanup hand=x,x,x vines=1b1b1r1r|-|-/-|-|-/-|-|- "
        "pending=0.0 score=1,2,3,4,5/2/3"
    )
    assert table_input.glow(state.legal_actions(), NONE) == (
        frozenset(),
        frozenset(),
        frozenset({(0, 0)}),
    )


def test_the_prompt_after_a_die_is_passed_says_it_was_passed_not_placed():
    """A die with no legal spot is passed to the next player, not placed (rules, "A
    turn"); the top bar says so."""
    state = parse_position("players=2 hand=x,x,x passed=r vines=1r2r3r|2r2r|4r/-|-|-")
    words = status(state, state.legal_actions(), NONE)
    assert words == "every die is placed or passed (1 passed to the next player): End turn (E)."
    placed = parse_position("players=2 hand=x,x,x vines=1r2r3r|2r2r|4r/-|-|-")
    assert status(placed, placed.legal_actions(), NONE) == "every die is placed: End turn (E)."


def test_the_prompt_after_solo_dice_are_set_aside_says_so():
    state = parse_position("players=1 hand=x,x,x passed=r,b vines=1r2r3r|2r2r|4r")
    words = status(state, state.legal_actions(), NONE)
    assert words == "every die is placed or set aside (2 for your next turn): End turn (E)."
