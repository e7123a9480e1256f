"""Secret decisions: which decisions the rules hide, and what the table says about them.

Off the Rails (OR-D7, docs/rules/off_the_rails.md, "Collisions"): the owner of a hit cart
splits its load into two piles "hidden from the mover", and the mover picks one without seeing
them. Online, the owner's computer publishes a commitment — SHA-256 of the split and a random
nonce from the ``secrets`` module (never the game's luck) — instead of the split; the mover's
pick is published as it is; then the owner's computer reveals the nonce and the split, and
every computer checks it against the commitment before playing both
(:mod:`net.session`). Only when the one answering is a person on another computer: a bot
answers from its observation, which hides the split anyway, and two seats on one computer are
hot-seat's business. No other game of this program hides a decision from another seat.

Shifting Stones hides cards, not decisions: its hands and its deck come from chance, which
every computer draws itself from the seed, and each of its decisions is public once made (a
card paid or scored goes face up), so it needs no commitment: a seat's messages name only the
cards it plays face up (tests/net/test_secret_hands.py). Each computer draws, and its bots
decide from, its own seat's observation.

The state itself is still held whole by every computer (each replays the game from the seed),
so among friends a modified program could look at another seat's hand, at the draws to come
or at a hidden choice: :data:`PEEK_NOTICE` says so to the players, as at a real table.
docs/DESIGN.md ("Secret hands online") says why hiding more needs another design.
"""

from __future__ import annotations

from engine.core import Action, GameSpec
from translation import N_

SECRET_ACTIONS: dict[str, frozenset[str]] = {"off-the-rails": frozenset({"SplitLoad"})}
"""Per game id, the decisions (action class names) another seat must not see before it
answers."""

PEEK_NOTICE = N_(
    "Playing online, every computer replays the whole game from the same seed, so among "
    "friends a changed program could peek at the draws to come, at the others' cards or at a "
    "hidden choice, as a friend could at a real table. Play with people you trust."
)
"""A plain sentence for the online screens (translate it with ``_`` where it is shown)."""


def is_secret(spec: GameSpec, actions: tuple[Action, ...] | list[Action]) -> bool:
    """Whether a turn of ``actions`` holds a decision the rules hide from the next seat."""
    hidden = SECRET_ACTIONS.get(spec.id, frozenset())
    return any(type(action).__name__ in hidden for action in actions)


def decides_secret(spec: GameSpec, state) -> bool:
    """Whether the seat to move in ``state`` is making a hidden decision."""
    return is_secret(spec, state.legal_actions())
