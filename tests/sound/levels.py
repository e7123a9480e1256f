"""Measuring rendered sounds in tests: loudness over time and the count of transients."""

from __future__ import annotations

import math

from sound import synth

BLOCK = 0.004
"""Seconds per block when following the loudness."""


def envelope(samples: list) -> list:
    """The RMS of each :data:`BLOCK`-second block."""
    size = synth.frames(BLOCK)
    return [
        math.sqrt(sum(x * x for x in samples[i : i + size]) / size)
        for i in range(0, len(samples) - size + 1, size)
    ]


def transients(samples: list, rise_db: float = 6.0, floor_db: float = -45.0) -> int:
    """How many sudden rises of loudness (a knock, a click) the buffer holds: a block at least
    ``rise_db`` louder than the quietest of the three before it and above ``floor_db`` dBFS,
    counted once per burst."""
    env = [0.0] * 3 + envelope(samples)  # silence before: the first strike counts too
    count, last = 0, -10
    for i in range(3, len(env)):
        level = env[i]
        before = min(env[i - 3 : i])
        if synth.dbfs(level) < floor_db:
            continue
        if level >= before * 10 ** (rise_db / 20) and i - last > 2:
            count += 1
            last = i
    return count


def zero_crossing_rate(samples: list) -> float:
    """Sign changes per second: higher for a brighter, higher-pitched sound."""
    changes = sum(1 for a, b in zip(samples, samples[1:]) if (a < 0) != (b < 0))
    return changes / synth.duration(samples)
