"""Root conftest: headless pygame, and every test gets its own data, config and cache folders."""

import itertools
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


USER_FOLDERS = ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
_folder_numbers = itertools.count()


@pytest.fixture(autouse=True)
def private_user_folders(request, tmp_path_factory):
    """Saves, settings and cached sounds go to a folder of the test's own, never the player's:
    its ``tmp_path`` when it asks for one, else a fresh name under the run's temporary folder,
    made only when the program writes there (a ``tmp_path`` per test cost ~0.5 ms, in 2,000
    tests that never write). After the test: English again (a test that switches the language
    leaves English behind) and a UI scale of 100 % (for the layout tests that measure text
    without an App)."""
    if "tmp_path" in request.fixturenames:
        folder = request.getfixturevalue("tmp_path")
    else:
        folder = tmp_path_factory.getbasetemp() / f"user-{next(_folder_numbers)}"
    before = {name: os.environ.get(name) for name in USER_FOLDERS}
    for name, part in zip(USER_FOLDERS, ("data", "config", "cache"), strict=True):
        os.environ[name] = str(folder / part)
    yield folder
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    translation = sys.modules.get("translation")
    if translation is not None:
        translation.set_language("en")
    kit = sys.modules.get("scenes.kit")
    if kit is not None:
        kit.set_ui_scale(1.0)
