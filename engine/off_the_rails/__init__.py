"""Off the Rails (Andrew Platt, Rotten Games, 2018) for 1-4 players, as
docs/rules/off_the_rails.md says.

``GAME`` is the registry entry; ``RULES_SUMMARY`` the player-facing rules text.
"""

from __future__ import annotations

import importlib
from typing import Any

from translation import N_

ID = "off-the-rails"
TITLE = N_("Off the Rails")
"""The game's id and title, known without loading its rules (the title screen, ``--help``)."""


def __getattr__(name: str) -> Any:
    """``GAME`` and the rest of the registry entry (:mod:`.spec`), loaded when first asked."""
    if name.startswith("__"):
        raise AttributeError(name)
    return getattr(importlib.import_module(f"{__name__}.spec"), name)
