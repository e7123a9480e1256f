"""Every test process writes saves, records and settings in a temporary folder of its own.

Without this the tests wrote autosaves and finished games into the user's real data folder,
and the test runner's processes raced on the same autosave slots. The sound cache stays the
user's: rendering the sounds again in every process would only cost time.
"""

from __future__ import annotations

import os
import shutil
import tempfile

_FOLDERS: list[str] = []


def pytest_configure(config) -> None:
    for variable in ("XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        folder = tempfile.mkdtemp(prefix=f"trio-tests-{variable.split('_')[1].lower()}-")
        _FOLDERS.append(folder)
        os.environ[variable] = folder


def pytest_unconfigure(config) -> None:
    for folder in _FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)
