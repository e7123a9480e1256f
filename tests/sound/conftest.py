"""Sounds rendered once into a shared cache folder (rendering takes ~2.5 CPU-seconds)."""

import pytest

from sound import cache, library


@pytest.fixture(scope="session")
def rendered(request, tmp_path_factory):
    """A cache folder holding every sound of this version. It is kept between runs in pytest's
    own cache (``.pytest_cache``), as the program keeps the player's: the folder is named by
    :func:`sound.library.version`, a hash of the synthesis code, so a changed recipe renders
    again, and :class:`sound.cache.SoundCache` renders again any file its index does not vouch
    for. Without pytest's cache (``-p no:cacheprovider``) a temporary folder is used."""
    pytest_cache = getattr(request.config, "cache", None)
    root = pytest_cache.mkdir("sounds") if pytest_cache else tmp_path_factory.mktemp("sounds")
    folder = root / library.version()
    store = cache.SoundCache(folder)
    for key in library.keys():
        store.wav(*key)
    store.finish()
    return folder
