"""Sounds rendered once into a shared cache folder (rendering takes ~2.5 s of CPU).

The folder is kept in pytest's own cache (``.pytest_cache``) between runs, as the program keeps
the player's: it is named by :func:`sound.library.version`, a hash of the synthesis code, so a
changed recipe renders again, and :class:`sound.cache.SoundCache` renders again any file whose
SHA-256 its index does not vouch for. Without pytest's cache (``-p no:cacheprovider``) it is
kept for the run only. The test processes of one run (pytest-xdist workers) share it: the first
renders it under a file lock, the others read the files back.
"""

import contextlib
import os

import pytest

from sound import cache, library

try:
    import fcntl
except ImportError:  # Windows: each process renders its own folder
    fcntl = None


@contextlib.contextmanager
def _locked(path):
    """Hold an exclusive lock on the file ``path`` (created if missing) while inside."""
    with open(path, "a") as handle:
        fcntl.lockf(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.lockf(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def rendered(request, tmp_path_factory):
    """A cache folder holding every sound of this version (read only: tests copy it)."""
    pytest_cache = getattr(request.config, "cache", None)
    shared = fcntl is not None and (pytest_cache or os.environ.get("PYTEST_XDIST_WORKER"))
    if pytest_cache:
        base = pytest_cache.mkdir("sounds")
    else:
        base = tmp_path_factory.getbasetemp()
        if shared:
            base = base.parent  # the run's folder, above each worker's own
    folder = base / "rendered-sounds" / library.version()
    with _locked(base / "rendered-sounds.lock") if shared else contextlib.nullcontext():
        store = cache.SoundCache(folder)
        for key in library.keys():
            store.wav(*key)
        store.finish()
    return folder
