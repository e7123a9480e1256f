"""Tea Time for Tabletop Trio: take lines of cards from a grid; a mirror image cancels its twin.

``GAME`` is the registry entry (engine/registry.py lists this package). The rules are in
:mod:`engine.tea_time.rules`, the data in :mod:`.state`, each event's effect in :mod:`.events`,
the position notation in :mod:`.notation`, the bots' heuristics in :mod:`.heuristics` and what
computer players know in :mod:`.bots`.
"""

from __future__ import annotations

import importlib
from typing import Any

from translation import N_

ID = "tea-time"
TITLE = N_("Tea Time")
"""The game's id and title, known without loading its rules (the title screen, ``--help``)."""


def __getattr__(name: str) -> Any:
    """``GAME`` and the rest of the registry entry (:mod:`.spec`), loaded when first asked."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module(f"{__name__}.spec"), name)
