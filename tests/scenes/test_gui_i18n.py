"""pygame_gui and the project both have a module called ``i18n`` (scenes/__init__.py)."""
import sys

import pygame_gui

import i18n
import scenes  # noqa: F401  (imports pygame_gui with its own i18n)


def test_pygame_gui_has_python_i18n_and_everyone_else_has_ours():
    assert hasattr(i18n, "ngettext") and i18n._("Take") == "Take"
    assert sys.modules["i18n"] is i18n
    gui_i18n = pygame_gui.ui_manager.i18n
    assert gui_i18n is not i18n and callable(gui_i18n.set) and callable(gui_i18n.t)
    # python-i18n's submodules are off the module table: none can stand in for one of ours
    assert not [name for name in sys.modules if name.startswith("i18n.")
                and "site-packages" in (getattr(sys.modules[name], "__file__", "") or "")]
