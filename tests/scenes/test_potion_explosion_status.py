"""Play-test: the Potion Explosion status line described a position no longer shown. After a
marble completed its potion the bar still offered "click it to move it to Sands of Time
instead"; after Ctrl+Z a refusal about the position taken back ("Your ingredient pool still
has room…") stayed up. The status always describes the position shown."""

from __future__ import annotations

import pygame

from engine.match import Seat
from engine.potion_explosion import state as pe
from tests.scenes.driver import (
    area,
    click,
    click_at,
    find_button,
    key,
    wait_for_human,
)
from tests.scenes.test_potion_explosion_table import BASE, start, with_tank


def test_a_marble_that_completed_its_potion_is_not_offered_to_move_to_another(app):
    # a yellow fits the last hole of Wisdom (R2 Y2, three filled) and a hole of WIS6 (K2 Y4)
    position = with_tank(BASE.format(tank="{tank}", p0="p0=WIS4:RRY,WIS6:/-/Y/-/0.0.-.0.0.0"))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("hand", "Y")).center)
    wait_for_human(app, table)
    placed = table.match.history[-1].action
    assert isinstance(placed, pe.PlaceMarble) and placed.slot == 0  # it completed Wisdom
    assert table.match.state.desks[0].slots[0] is None
    assert "move it to" not in table.status_text()
    assert table.game.moved_again(("hole", 0, "Y")) is None


def test_undo_clears_a_refusal_about_the_position_taken_back(app):
    position = with_tank(BASE.format(tank="{tank}", p0="p0=WIS4:,WIS6:/-/YB/-/0.0.-.0.0.0"))
    table = start(app, [Seat("human", "Ana"), Seat("human", "Ben")], seed=1, position=position)
    wait_for_human(app, table)
    click_at(app, area(table, ("hand", "Y")).center)
    wait_for_human(app, table)
    click(app, find_button(app, "End turn"))  # the blue marble could go to the pool: refused
    assert "still has room" in table.current_message()
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    wait_for_human(app, table)
    assert table.current_message() == ""
    assert "still has room" not in table.status_text()
