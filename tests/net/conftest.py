"""The Matrix tests' homeserver: one Synapse per test process, started when first asked."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from tests.net import homeserver as synapse


@pytest.fixture(scope="session")
def homeserver():
    if not synapse.available():
        pytest.skip("matrix-synapse is not installed (requirements-dev.txt installs it)")
    folder = Path(tempfile.mkdtemp(prefix="trio-synapse-"))
    server = synapse.start(folder)
    print(f"\nSynapse answered {server.started_in:.2f} s after it was started")
    yield server
    server.stop()
