"""Off the Rails bots spend no action on the speed of a cart that leaves the board this turn
whatever its speed (a play-tester's hint said to speed up, twice, a loaded cart that left the
mine at its own speed)."""

import random
from pathlib import Path

from engine.bots import make_bot
from engine.off_the_rails import GAME
from engine.off_the_rails.state import ChangeSpeed
from engine.positions import read_position

POSITION = Path(__file__).parent.parent / "data" / "otr-cart-leaving-the-mine.txt"
"""3 players, seat 1 to act with 4 actions: its white cart (cart 0) leaves by the north edge
with its load at any speed; its black cart faces another cart (seed 500 of a Hard-and-Mediums
game, step 128)."""


def test_no_speed_change_for_a_cart_that_leaves_the_mine_either_way():
    """Rules, "Leaving the mine": a cart moving off the grid leaves the board, movement left
    over is lost; its speed counts for nothing then. Hard's plan here sped it up twice."""
    state = read_position(GAME, POSITION.read_text(encoding="utf-8"))
    plan = make_bot(GAME, "hard").choose(
        state.observation(0), state.legal_actions(), random.Random(1)
    )
    assert not (isinstance(plan, ChangeSpeed) and plan.cart == 0), plan
