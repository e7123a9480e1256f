"""What the save tests share."""

from __future__ import annotations

import pytest

from engine import registry
from saves import locks
from tests.dice_game import PIG


@pytest.fixture
def pig_registered():
    """The test dice game (tests/dice_game.py) registered for the test; every lock this
    process took is released after it."""
    registry.register(PIG)
    yield
    registry.unregister(PIG.id)
    locks.release_all()
