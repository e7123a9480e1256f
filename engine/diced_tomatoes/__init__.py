"""Diced Tomatoes (Arkadiusz Greniuk, Agrypelago Games 2018) for Tabletop Trio.

``GAME`` is the registry entry (engine/registry.py lists this package). The rules are in
:mod:`engine.diced_tomatoes.rules`, the data in :mod:`.state`, the position notation in
:mod:`.notation`, the bots' heuristics in :mod:`.heuristics`.
"""

from __future__ import annotations

import importlib
from typing import Any

from translation import N_

ID = "diced-tomatoes"
TITLE = N_("Diced Tomatoes")
"""The game's id and title, known without loading its rules (the title screen, ``--help``)."""


def __getattr__(name: str) -> Any:
    """``GAME`` and the rest of the registry entry (:mod:`.spec`), loaded when first asked."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module(f"{__name__}.spec"), name)
