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
    ours = {name: module for name, module in sys.modules.items() if name.split(".")[0] == "i18n"}
    for name in ours:
        del sys.modules[name]
    saved_path = list(sys.path)
    sys.path[:] = [entry for entry in sys.path if os.path.abspath(entry or os.curdir) != project]
    try:
        importlib.import_module("pygame_gui")
    finally:
        sys.path[:] = saved_path
        # python-i18n's modules stay alive through pygame_gui; off the module table, its
        # submodules (i18n.config, i18n.translations…) can never stand in for ours
        for name in [name for name in sys.modules if name.split(".")[0] == "i18n"]:
            del sys.modules[name]
        sys.modules.update(ours)  # if ours was not imported yet, the next import finds it


_import_pygame_gui()
