"""Sounds rendered into a cache folder the test runs share (rendering takes ~3.5 CPU-s).

The folder is kept in pytest's cache (``.pytest_cache``), one per version of the synthesis
code, so a run renders only when the sounds changed. The test processes of a run (pytest-xdist
workers) share it: the first renders under a file lock, the others read the files back (the
cache checks each one's SHA-256, so a damaged file is rendered again).
"""

import contextlib

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
    kept = getattr(request.config, "cache", None)
    shared = kept is not None and fcntl is not None
    # without a lock (Windows) or pytest's cache (-p no:cacheprovider): this process's folder
    base = kept.mkdir("rendered-sounds") if shared else tmp_path_factory.getbasetemp()
    folder = base / library.version()
    with _locked(base / "lock") if shared else contextlib.nullcontext():
        store = cache.SoundCache(folder)
        for key in library.keys():
            store.wav(*key)
        store.finish()
    return folder
