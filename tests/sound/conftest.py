"""Sounds rendered once per test run into a shared cache folder (rendering takes ~2 s of CPU).

The test processes of one run (pytest-xdist workers) share the folder: the first renders it
under a file lock, the others read the files back (the cache checks each one's SHA-256).
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
def rendered(tmp_path_factory):
    """A cache folder holding every sound of this version (read only: tests copy it)."""
    base = tmp_path_factory.getbasetemp()
    shared = fcntl is not None and os.environ.get("PYTEST_XDIST_WORKER")
    if shared:
        base = base.parent  # the run's folder, above each worker's own
    folder = base / "rendered-sounds" / library.version()
    with _locked(base / "rendered-sounds.lock") if shared else contextlib.nullcontext():
        store = cache.SoundCache(folder)
        for key in library.keys():
            store.wav(*key)
        store.finish()
    return folder
