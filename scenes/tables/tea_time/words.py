"""The Tea Time cards' names as a player reads them (plates, the score sheet, tooltips)."""

from __future__ import annotations

from engine.tea_time.state import ALICE, CHARACTER_NAMES
from translation import N_, _

CHARACTER_TITLES = {**CHARACTER_NAMES, ALICE: N_("Alice")}
"""Each card's name as its plate, the score sheet and the tooltips show it (translate with
``_`` where shown, or use :func:`title`)."""


def title(character: str) -> str:
    """The name of ``character`` (a letter of :data:`CHARACTERS`, or Alice's) in the current
    language, as a card's plate shows it: "Cheshire Cat", "Alice"."""
    return _(CHARACTER_TITLES[character])
