"""Where the player's files live: platformdirs folders named ``tabletop-trio``.

``appauthor=False``: on Windows platformdirs otherwise repeats the name as the author
(``%LOCALAPPDATA%\\tabletop-trio\\tabletop-trio``). Saves and settings kept in that doubled
folder by earlier versions are moved up one level the first time they are looked for; if the
move fails the old folder is used, so they are always found. (On Linux and macOS the author
never appeared in the path and nothing moves.)
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP = "tabletop-trio"


def data_path() -> Path:
    """The user data folder (saves go in ``saves/``); not created here."""
    return platformdirs.user_data_path(APP, appauthor=False)


def config_path() -> Path:
    """The user config folder (``settings.json``); not created here."""
    return platformdirs.user_config_path(APP, appauthor=False)


def cache_path() -> Path:
    """The user cache folder (rendered sounds); not created here."""
    return platformdirs.user_cache_path(APP, appauthor=False)


def adopt(root: Path, name: str) -> Path:
    """``root / name``, after moving ``root / APP / name`` (the doubled folder of earlier
    versions) there when only the old one exists. Returns the old path when it cannot be
    moved, so what it holds is still found."""
    new, old = root / name, root / APP / name
    if os.path.lexists(new) or not old.exists():
        return new
    try:
        os.replace(old, new)
    except OSError:
        return old
    try:
        (root / APP).rmdir()  # only when empty
    except OSError:
        pass
    return new
