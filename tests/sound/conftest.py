"""Sounds rendered once per test session into a shared cache folder (rendering takes ~1.5 s)."""

import pytest

from sound import cache, library


@pytest.fixture(scope="session")
def rendered(tmp_path_factory):
    """A cache folder holding every sound of this version."""
    folder = tmp_path_factory.mktemp("sounds") / library.version()
    store = cache.SoundCache(folder)
    for key in library.keys():
        store.wav(*key)
    store.finish()
    return folder
