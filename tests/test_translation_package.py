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


def test_decimals_are_written_as_the_language_writes_them():
    """A player's find: the Russian settings said "1.5 с"; Russian and Spanish write "1,5"."""
    import translation
    from scenes.settings import budget_label

    try:
        translation.set_language("ru")
        assert translation.decimal(1.5) == "1,5" and budget_label(1.5) == "1,5 с"
        translation.set_language("es")
        assert translation.decimal(0.5) == "0,5"
        translation.set_language("en")
        assert budget_label(3.0) == "3.0 s"
    finally:
        translation.set_language("en")


def test_a_compiled_catalogue_is_kept_and_an_edited_one_compiled_again(tmp_path, monkeypatch):
    """Issue 38: reading a catalogue with Babel cost every start in Russian ~0.2 s; the
    compiled catalogue is kept (named by the .po's hash) and read back at the next start, and a
    changed .po is compiled again."""
    import translation

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = translation._compile("ru")
    kept = list((tmp_path / "tabletop-trio" / "catalogues").glob("ru-*.mo"))
    assert len(kept) == 1
    again = translation._compile("ru")
    assert again.gettext("End turn") == first.gettext("End turn") != "End turn"
    kept[0].write_bytes(b"damaged")  # a damaged cache file is compiled again, not trusted
    assert translation._compile("ru").gettext("End turn") == first.gettext("End turn")
