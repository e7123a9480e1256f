"""Our translation package leaves python-i18n, which pygame_gui imports as ``i18n``, alone."""

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


def test_pygame_gui_finds_python_i18n_and_a_manager_starts():
    import i18n
    import pygame
    import pygame_gui

    import translation

    assert hasattr(i18n, "set") and hasattr(i18n, "t")
    assert translation._("End turn") == "End turn"
    pygame.init()
    try:
        manager = pygame_gui.UIManager((320, 200))
        assert manager.get_root_container() is not None
    finally:
        pygame.quit()
