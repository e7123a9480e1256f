"""Enter does the turn's main step on every table (a play-tester found it did something else in
each game, or nothing): Off the Rails moves the carts and Tea Time takes the cards (their own
tests), the other games end the turn as E or End turn does, refusals and questions alike."""

from __future__ import annotations

import pygame

from engine.match import Seat
from engine.shifting_stones.state import EndTurn
from scenes.confirm import ConfirmScene
from tests.scenes import test_diced_tomatoes_table as dt_tests
from tests.scenes import test_potion_explosion_table as pe_tests
from tests.scenes import test_shifting_stones_table as ss_tests
from tests.scenes.driver import frames, key, wait_for_human


def refusal_after(app, table, pressed: int) -> str:
    key(app, pressed)
    frames(app, 2)
    said = table.current_message()
    table.clear_message()
    return said


def test_enter_ends_a_shifting_stones_turn_asking_first_while_a_card_matches(app):
    """Rules, "A turn": a card of the hand matches the grid, so ending the turn asks first
    (as End turn does); Enter asks the same question."""
    table = ss_tests.against_bot(app)
    assert EndTurn() in table.match.legal_actions()
    key(app, pygame.K_RETURN)
    frames(app, 1)
    asked = app.manager.top
    assert isinstance(asked, ConfirmScene)
    assert asked.question.startswith("End the turn without scoring")


def test_enter_ends_a_diced_tomatoes_turn_as_e_does(app):
    """Rules, "A turn": a die that fits must be placed first. Enter is refused with E's reason,
    and nothing is passed."""
    table = dt_tests.start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=3)
    wait_for_human(app, table)
    before = len(table.match.history)
    by_e = refusal_after(app, table, pygame.K_e)
    by_enter = refusal_after(app, table, pygame.K_RETURN)
    assert "must be placed or passed before the turn ends" in by_enter
    assert by_enter == by_e and len(table.match.history) == before


def test_enter_ends_a_potion_explosion_turn_as_e_does(app):
    """Rules, "A turn": a marble is taken before the turn ends. Enter is refused with E's
    reason while none is taken."""
    table = pe_tests.start(app, [Seat("human", "Ana"), Seat("bot", "Bo", "easy")], seed=2)
    wait_for_human(app, table)
    before = len(table.match.history)
    by_e = refusal_after(app, table, pygame.K_e)
    by_enter = refusal_after(app, table, pygame.K_RETURN)
    assert by_enter and by_enter == by_e and len(table.match.history) == before
