"""The quick run, the long run and the soak run of the tests.

* **Quick** (README's test command, ``python -m pytest``): every test not marked below, about
  a minute on two cores.
* **Long** (``python -m pytest -m long``; CI runs it after the quick run): whole games played
  through the tables, Hard searches, real processes, sockets and the homeserver, and the other
  languages, sizes and games of a sweep whose first cases run quick (:func:`quick_first`).
* **Soak** (``python -m pytest -m soak``, on demand): more seeds and more seats of a test whose
  first cases run quick (:func:`keep_first`): more random games and bigger tables with the
  same checks.

``-m "soak or long or not (soak or long)"`` runs everything.
"""

from __future__ import annotations

import pytest


def keep_first(cases, count: int = 1, *, one_argument: bool = False) -> list:
    """``cases`` (parameter values or tuples) for ``pytest.mark.parametrize``: the first
    ``count`` in every run, the rest marked ``soak``. ``one_argument``: each case is the value
    of a single parameter, even a tuple (a window size)."""
    return _marked(cases, count, one_argument, pytest.mark.soak)


def quick_first(cases, count: int = 1, *, one_argument: bool = False) -> list:
    """As :func:`keep_first`, the rest marked ``long``: run by CI, not in the quick run."""
    return _marked(cases, count, one_argument, pytest.mark.long)


def _marked(cases, count: int, one_argument: bool, mark) -> list:
    return [
        case
        if index < count
        else pytest.param(*((case,) if one_argument else _values(case)), marks=mark)
        for index, case in enumerate(cases)
    ]


def _values(case) -> tuple:
    return case if isinstance(case, tuple) else (case,)


WINDOW_SIZES = quick_first([(1024, 640), (1280, 800)], one_argument=True)
"""The two window sizes a scene is checked at, for ``parametrize("size", …)``: 1024 × 640, where
space runs out first, in the quick run; 1280 × 800 in the long tests."""
