"""Drive an online match without a table: what the table kit's driver does, one step at a
time, with a chooser for the local people's decisions (tests and :mod:`net.play`)."""

from __future__ import annotations

import random
from collections.abc import Callable

from engine.core import Action
from net.session import OnlineMatch, Outcome


def random_chooser(seed: int) -> Callable[[list[Action]], Action]:
    """A chooser that picks a random legal decision, repeatably from ``seed``."""
    rng = random.Random(seed)
    return lambda legal: legal[rng.randrange(len(legal))]


def step(session: OnlineMatch, choose: Callable[[list[Action]], Action]) -> tuple[bool, list]:
    """Poll, then take one step if one can be taken: chance, a bot's turn, a queued remote
    decision, a local seat's decision (``choose(legal)``) or a hidden-choice answer.

    Returns ``(moved, outcomes)``; ``moved`` False means the game waits for another computer
    (or is over, or stopped)."""
    outcomes: list[Outcome] = session.poll()
    match = session.match
    if session.stopped is not None or match.is_terminal():
        return False, outcomes
    if match.is_chance():
        match.advance_chance()
    elif session.remote_ready():
        session.play_remote()
    elif match.is_bot_turn():
        session.play_bot()
    elif match.current_player() in session.local:
        match.apply(choose(match.legal_actions()))
    elif (choice := session.secret_choice()) is not None:
        session.answer_secret(choose(choice.legal))
    else:
        return False, outcomes
    return True, outcomes
