"""Soak runs: more seeds and more seats of a test, run on demand, not in every run.

The default run (README's test command) keeps the first cases of each such test; the cases
marked ``soak`` play more random games and bigger tables with the same checks:
``python -m pytest -m soak`` runs only them (``-m "soak or not soak"``: everything).
"""

from __future__ import annotations

import pytest


def keep_first(cases, count: int = 1) -> list:
    """``cases`` (parameter values or tuples) for ``pytest.mark.parametrize``: the first
    ``count`` in every run, the rest marked ``soak``."""
    return [
        case if index < count else pytest.param(*_values(case), marks=pytest.mark.soak)
        for index, case in enumerate(cases)
    ]


def _values(case) -> tuple:
    return case if isinstance(case, tuple) else (case,)
