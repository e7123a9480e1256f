"""Fake clocks for budget tests: time advances by a fixed step each time it is read
(:class:`SteppingClock`) or with the work done (:class:`WorkClock`), so a search's budget
becomes a count of clock reads or of work, and the test never depends on the machine's load."""

from __future__ import annotations

import sys


class SteppingClock:
    """``clock()`` returns 0 + step, 0 + 2 step, ...; ``reads`` counts the calls."""

    def __init__(self, step: float):
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


class WorkClock:
    """A fake clock that advances with the work done: ``per_call`` seconds for every Python
    function call made while it runs (``with clock:``, by ``sys.setprofile``), so a search's
    seconds are a count of its work, the same on a busy computer or an idle one, and a search
    that works past its deadline without looking at the clock is caught. About 1 µs a call is
    this project's machine (measured over Hard decisions of every game: 0.7–1.7 µs)."""

    def __init__(self, per_call: float = 1e-6):
        self.now, self.per_call = 0.0, per_call
        self._before = None

    def __call__(self) -> float:
        return self.now

    def _count(self, frame, event, arg) -> None:
        if event == "call":
            self.now += self.per_call

    def __enter__(self) -> WorkClock:
        self._before = sys.getprofile()
        sys.setprofile(self._count)
        return self

    def __exit__(self, *exc) -> None:
        sys.setprofile(self._before)
