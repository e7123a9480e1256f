"""pygame_gui's own ``i18n`` (python-i18n) and the project's ``i18n`` live side by side."""
import i18n
import pygame_gui.core.utility
import pygame_gui.ui_manager

import scenes


def test_pygame_gui_has_python_i18n_and_the_project_has_its_own():
    root = scenes._import_pygame_gui.__code__.co_filename
    assert hasattr(pygame_gui.ui_manager.i18n, "set")          # python-i18n's API
    assert pygame_gui.core.utility.i18n is pygame_gui.ui_manager.i18n
    assert hasattr(i18n, "N_")                                  # the project's
    assert "site-packages" not in i18n.__file__
    assert i18n.__file__.startswith(root.rsplit("scenes", 1)[0])
