"""pygame scenes: the scene stack, menus, and one table scene per game."""
import importlib
import os
import sys

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on stdout


def _import_pygame_gui() -> None:
    """Import pygame_gui with the ``i18n`` it expects.

    pygame_gui does ``import i18n`` meaning the python-i18n package; the project's own ``i18n``
    package (our translations) has the same name and comes first on the path, so pygame_gui would
    get ours and fail (``module 'i18n' has no attribute 'set'``). pygame_gui binds the name when
    it is imported, so import it once with the project folder off the path, then give the name
    ``i18n`` back to ours."""
    if "pygame_gui" in sys.modules:
        return
    project = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    ours = sys.modules.pop("i18n", None)
    saved_path = list(sys.path)
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or os.curdir) != project]
    try:
        importlib.import_module("pygame_gui")
    finally:
        sys.path[:] = saved_path
        if ours is not None:
            sys.modules["i18n"] = ours
        else:
            sys.modules.pop("i18n", None)  # the next ``import i18n`` finds ours


_import_pygame_gui()
