"""The project's ``i18n`` package lives beside pygame_gui's python-i18n, which it shadows."""
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import i18n  # noqa: E402


def test_our_translation_functions_and_pygame_guis_library_both_answer():
    import pygame
    import pygame_gui

    assert i18n._("End turn") == "End turn"
    assert i18n.N_("Easy") == "Easy"
    assert i18n.get("file_format") in ("yml", "json")      # python-i18n's config, lent
    pygame.init()
    try:
        manager = pygame_gui.UIManager((320, 200))            # calls i18n.set and load_path
        assert i18n.get("file_format") == "json"
        assert manager.get_locale() == "en"
    finally:
        pygame.quit()
