"""Root conftest: headless pygame, and every test gets its own data, config and cache folders."""

import os
import sys

import pytest

# Bytecode of our modules and of pytest's assert-rewritten tests is kept even where
# PYTHONDONTWRITEBYTECODE is set (many containers set it): otherwise every run compiles every
# module again in every worker, ~8 CPU-s each (git ignores __pycache__).
sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["LANGUAGE"] = "en"  # the settings' default language is the system's: tests speak
# English whatever the machine's locale (child processes too)


@pytest.fixture(autouse=True)
def private_user_folders(tmp_path, monkeypatch):
    """Saves, settings and cached sounds go to a temporary folder, never the player's."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path


@pytest.fixture(autouse=True)
def english_after_each_test():
    """A test that switches the language (the App, --language) leaves English behind."""
    yield
    import translation

    translation.set_language("en")


@pytest.fixture(autouse=True)
def normal_ui_scale_after_each_test():
    """A test that grows the UI (the UI scale setting) leaves 100 % behind for the layout
    tests that measure text without an App."""
    yield
    import sys

    kit = sys.modules.get("scenes.kit")
    if kit is not None:
        kit.set_ui_scale(1.0)
