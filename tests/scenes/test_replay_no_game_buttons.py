"""Play-test: the Tea Time replay showed greyed Take and Clear buttons. A replay has no use for
a game's action buttons: every game's replay shows none in the column."""

from __future__ import annotations

import pytest

from tests.scenes.driver import frames
from tests.scenes.test_replay_scrub import open_replay, played

GAMES = ["diced-tomatoes", "potion-explosion", "off-the-rails", "tea-time", "shifting-stones"]


@pytest.mark.parametrize("game_id", GAMES)
def test_a_replay_shows_no_game_action_buttons(app, game_id):
    match, _states = played(game_id, steps=40)
    table = open_replay(app, match)
    frames(app, 2)
    assert all(row.buttons == () for row in table.controls())
    assert table.column.buttons() == {}
