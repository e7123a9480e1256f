"""Clicks, drags and keys on the Tea Time table → intents, without a display (issue 25).

Positions come from the notation; the legal actions are the engine's; targets come from a real
:class:`Layout`, so a click lands where a player's would."""

import pygame
import pytest

from engine.tea_time.rules import ALICE_POINTS, column_points, refusal
from engine.tea_time.state import TakeCards
from scenes import kit
from scenes.kit import hit_test
from scenes.tables.tea_time import input as table_input
from scenes.tables.tea_time.input import (
    Act,
    Refuse,
    Say,
    Select,
    Selection,
    click,
    drag_over,
    drop,
    highlights,
    key_press,
    preview,
    take,
    targets,
)
from scenes.tables.tea_time.layout import Layout
from tests.engine.tea_time.helpers import pos

NONE = Selection()
TABLE = "table=PrCh/mDhC/PrMh"
"""Three rows of four: a chessboard of sides, the top-left place normal."""


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    kit.reset_caches()  # fonts made before an earlier pygame.quit() are dead
    yield
    kit.reset_caches()


def state_at(turn: int, table: str = TABLE, collections: str = "-/-"):
    return pos(f"players=2 turn={turn} {table} collections={collections}")


def cell(row, column):
    return ("cell", row, column)


def test_a_click_on_the_first_turn_takes_the_card_at_once():
    state = state_at(1)
    legal = state.legal_actions()
    assert click(cell(1, 1), state, legal, NONE) == Act(TakeCards(((1, 1),)))


def test_clicks_choose_a_line_of_three_and_the_third_card_takes_it():
    state = state_at(3)
    legal = state.legal_actions()
    first = click(cell(0, 0), state, legal, NONE)
    assert first == Select(Selection(((0, 0),)))
    second = click(cell(1, 1), state, legal, first.selection)
    assert second == Select(Selection(((0, 0), (1, 1))))
    # the line cannot grow beyond three cards: the third click takes the diagonal
    assert click(cell(2, 2), state, legal, second.selection) == Act(
        TakeCards(((0, 0), (1, 1), (2, 2)))
    )


def test_the_second_turn_takes_two_cards_on_the_second_click():
    state = state_at(2)
    legal = state.legal_actions()
    chosen = click(cell(2, 3), state, legal, NONE).selection
    assert click(cell(2, 2), state, legal, chosen) == Act(TakeCards(((2, 2), (2, 3))))


def test_both_ends_then_the_middle_make_the_line():
    state = state_at(3)
    legal = state.legal_actions()
    ends = Selection(((0, 0), (0, 2)))
    assert click(cell(0, 2), state, legal, Selection(((0, 0),))) == Select(ends)
    # taken as they are, the ends are refused with the engine's own reason
    assert take(state, legal, ends) == Refuse(refusal(state, TakeCards(((0, 0), (0, 2)))))
    assert "next to each other" in take(state, legal, ends).message
    assert click(cell(0, 1), state, legal, ends) == Act(TakeCards(((0, 0), (0, 1), (0, 2))))


def test_a_card_off_the_line_is_refused_with_the_engines_sentence():
    state = state_at(3)
    legal = state.legal_actions()
    chosen = Selection(((0, 0),))
    intent = click(cell(1, 2), state, legal, chosen)
    assert intent == Refuse(refusal(state, TakeCards(((0, 0), (1, 2)))))
    assert intent.message == (
        "The cards must lie in a straight line: along a row, a column or a diagonal."
    )


def test_a_third_card_on_the_second_turn_is_refused_by_the_rule_of_that_turn():
    state = state_at(2)
    legal = state.legal_actions()
    intent = click(cell(0, 2), state, legal, Selection(((0, 0), (0, 1))))
    assert intent == Refuse("The second turn of a round takes one or two cards.")


def test_a_chosen_card_clicked_again_leaves_the_selection():
    state = state_at(3)
    legal = state.legal_actions()
    chosen = Selection(((0, 0), (0, 1)))
    assert click(cell(0, 0), state, legal, chosen) == Select(Selection(((0, 1),)))


def test_a_card_with_no_neighbour_left_is_taken_by_one_click():
    state = state_at(3, table="table=P.C./..../P.M.")
    legal = state.legal_actions()
    assert click(cell(0, 0), state, legal, NONE) == Act(TakeCards(((0, 0),)))
    assert click(cell(1, 1), state, legal, NONE) == Say("That place is empty: its card was taken.")


def test_enter_takes_the_selection_and_backspace_drops_the_last_card():
    state = state_at(3)
    legal = state.legal_actions()
    chosen = Selection(((1, 0), (1, 1)))
    assert key_press(pygame.K_RETURN, state, legal, chosen) == Act(TakeCards(((1, 0), (1, 1))))
    assert key_press(pygame.K_BACKSPACE, state, legal, chosen) == Select(Selection(((1, 0),)))
    assert isinstance(key_press(pygame.K_RETURN, state, legal, NONE), Say)


def test_with_nothing_chosen_enter_takes_the_hinted_line():
    state = state_at(3)
    legal = state.legal_actions()
    hint = TakeCards(((2, 0), (2, 1), (2, 2)))
    assert hint in legal
    assert key_press(pygame.K_RETURN, state, legal, NONE, hint) == Act(hint)
    assert take(state, legal, NONE, hint) == Act(hint)
    # a choice of the player's own wins over the hint
    chosen = Selection(((1, 0), (1, 1)))
    assert key_press(pygame.K_RETURN, state, legal, chosen, hint) == Act(TakeCards(chosen.cells))
    # a hint the engine no longer lists is not taken
    stale = TakeCards(((0, 0), (1, 1), (2, 2), (3, 3)))
    assert isinstance(key_press(pygame.K_RETURN, state, legal, NONE, stale), Say)


def test_the_status_says_enter_takes_the_hint_until_a_card_is_hovered():
    state = state_at(3)
    legal = state.legal_actions()
    hint = TakeCards(((2, 0), (2, 1)))
    said = table_input.status(state, legal, NONE, None, hint)
    assert said == "Enter takes the framed hint, or choose your own cards."
    assert table_input.status(state, legal, NONE, (0, 0), hint) != said
    assert table_input.status(state, legal, NONE, None) != said


def test_a_drag_follows_the_line_backs_up_and_forgives_a_clipped_corner():
    state = state_at(3)
    legal = state.legal_actions()
    start = Selection(((0, 0),))
    # going diagonally the pointer clips (0, 1) before reaching (1, 1): the diagonal wins
    clipped = drag_over((0, 1), legal, start)
    assert clipped.cells == ((0, 0), (0, 1))
    assert drag_over((1, 1), legal, clipped).cells == ((0, 0), (1, 1))
    # back onto the card before the last drops the last
    assert drag_over((0, 0), legal, clipped).cells == ((0, 0),)
    # a card no line reaches changes nothing
    assert drag_over((2, 3), legal, start) == start
    line = Selection(((0, 0), (1, 1), (2, 2)))
    assert drop(state, legal, line) == Act(TakeCards(((0, 0), (1, 1), (2, 2))))


def test_hovering_a_card_shows_the_lines_it_can_join():
    state = state_at(3)
    legal = state.legal_actions()
    marks = highlights(state, legal, NONE, (1, 1))
    lines = state.lines_through(1, 1)
    assert marks["joinable"] == {c for action in lines for c in action.cells} - {(1, 1)}
    assert ((1, 1), (2, 2)) in marks["links"] and ((0, 0), (1, 1)) in marks["links"]
    # on the second turn only its neighbours: a line of two
    second = state_at(2)
    marks = highlights(second, second.legal_actions(), NONE, (0, 0))
    assert marks["joinable"] == {(0, 1), (1, 0), (1, 1)}
    assert marks["dimmed"] == {(r, c) for r in range(3) for c in range(4)} - {
        (0, 0),
        (0, 1),
        (1, 0),
        (1, 1),
    }


def test_the_preview_cancels_as_the_engine_does():
    """The rules' example: holding three normal Cheshire Cats, taking a mirror one leaves two."""
    state = state_at(3, table="table=PcCh/mDhC/PrMh", collections="C3/-")
    legal = state.legal_actions()
    seen = preview(state, TakeCards(((0, 1),)))
    assert seen.columns == {"C": (3, 2)}
    assert seen.cancelled == {"C": 1}
    others = 5 * column_points(0) + (ALICE_POINTS if state.alice == 0 else 0)
    assert seen.score == (others + column_points(3), others + column_points(2))
    assert TakeCards(((0, 1),)) in legal


def test_targets_cover_every_card_and_the_active_ones_are_the_takeable_ones():
    state = state_at(3)
    legal = state.legal_actions()
    lay = Layout((1280, 800), 2, 0)
    found = targets(lay, state, legal, 0, ("Ana", "Bob"))
    for row in range(3):
        for column in range(4):
            target = hit_test(found, lay.cell(row, column).center)
            assert target.key == cell(row, column) and target.active
    column = hit_test(found, lay.column(1, 2).center)
    assert column.key == ("column", 1, 2)
    assert column.tooltip[0] == "The Cheshire Cat column of Bob"


def test_the_status_says_what_the_turn_allows():
    assert "one card" in table_input.status(state_at(1), state_at(1).legal_actions(), NONE, None)
    two = state_at(2)
    assert "1 or 2" in table_input.status(two, two.legal_actions(), NONE, None)
    three = state_at(3)
    words = table_input.status(three, three.legal_actions(), Selection(((0, 0),)), None)
    assert words == "a normal Caterpillar chosen: Enter takes it, or add a glowing card."
    words = table_input.status(three, three.legal_actions(), Selection(((0, 0), (0, 1))), None)
    assert words == "2 cards chosen: Enter takes them, or add a glowing card."
    words = table_input.status(three, three.legal_actions(), Selection(((0, 0), (0, 2))), None)
    assert words == "click the card between them to make a line."


def test_the_status_follows_the_cards_left_not_only_the_turn():
    """Turn 3 onwards allows three cards, but the table may no longer hold a line of three."""
    pair = state_at(5, "table=Pr../..../....")
    assert "1 or 2" in table_input.status(pair, pair.legal_actions(), NONE, None)
    apart = state_at(5, "table=P.R./..../....")
    words = table_input.status(apart, apart.legal_actions(), NONE, None)
    assert words == "take one card (click it): no two cards left are side by side."
    last = state_at(5, "table=..../..h./....")
    assert table_input.status(last, last.legal_actions(), NONE, None) == (
        "take the last card (click it)."
    )
