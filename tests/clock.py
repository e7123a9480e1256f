"""A fake clock for budget tests: time advances by a fixed step each time it is read, so a
search's budget becomes a count of clock reads and the test never depends on the machine's load."""

from __future__ import annotations


class SteppingClock:
    """``clock()`` returns 0 + step, 0 + 2 step, ...; ``reads`` counts the calls."""

    def __init__(self, step: float):
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now
