"""pygame scenes: the scene stack, menus, and one table scene per game."""
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout


def _import_pygame_gui() -> None:
    """Import pygame_gui with the ``i18n`` it was written for (python-i18n), which this
    project's own ``i18n`` package hides while the project folder is on ``sys.path``.

    pygame_gui binds python-i18n at import time; afterwards ``import i18n`` is the project's
    again. Must run before anything imports pygame_gui (this package's import does it)."""
    if "pygame_gui" in sys.modules:
        return
    root = Path(__file__).resolve().parent.parent
    ours = sys.modules.pop("i18n", None)
    saved = sys.path[:]
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != root]
    try:
        import pygame_gui  # noqa: F401
    finally:
        sys.path[:] = saved
        sys.modules.pop("i18n", None)       # python-i18n stays bound inside pygame_gui
        if ours is not None:
            sys.modules["i18n"] = ours


_import_pygame_gui()
