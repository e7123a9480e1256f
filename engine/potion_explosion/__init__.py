"""Potion Explosion (Horrible Games, 2015) as docs/rules/potion_explosion.md states it.

``GAME`` is the registry entry. Modules: :mod:`.data` (components), :mod:`.state` (state,
actions, events), :mod:`.rules` (the rules), :mod:`.events` (what each event does:
``apply_event``), :mod:`.notation`, :mod:`.heuristics`, :mod:`.bots`.
"""

from __future__ import annotations

import importlib
from typing import Any

from translation import N_

ID = "potion-explosion"
TITLE = N_("Potion Explosion")
"""The game's id and title, known without loading its rules (the title screen, ``--help``)."""


def __getattr__(name: str) -> Any:
    """``GAME`` and the rest of the registry entry (:mod:`.spec`), loaded when first asked."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module(f"{__name__}.spec"), name)
