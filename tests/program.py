"""The program's command line run inside the test process, as ``python main.py ARGS`` runs it.

A new Python process costs about 0.4 CPU-seconds before it reads its first argument; calling
``main.main(args)`` here costs none of that, and the tests see what a person would: the exit
status, what is printed on stdout and stderr (both caught at the file descriptors, so what SDL
or a C library writes is seen too), the Python warnings a fresh process would print, and a
traceback as Python prints one. Only ``pygame.quit()`` at the end is skipped: pygame keeps
running, as the scene tests leave it. Tests of the process itself (a kill, SIGTERM, the sound
driver chosen before SDL starts) still start one.
"""

from __future__ import annotations

import contextlib
import signal
import sys
import threading
import traceback
import warnings
from dataclasses import dataclass

import pygame

import main as program

FRESH_PROCESS_WARNINGS = (
    ("default", DeprecationWarning, r"main\Z"),  # ``__main__`` in a fresh process
    ("ignore", DeprecationWarning, ""),
    ("ignore", PendingDeprecationWarning, ""),
    ("ignore", ImportWarning, ""),
    ("ignore", ResourceWarning, ""),
)
"""Python's own warning filters (``python -c "import warnings; print(warnings.filters)"``):
the warnings a fresh ``python main.py`` prints, and no others."""


@dataclass
class Finished:
    """How a run ended, named as :class:`subprocess.CompletedProcess` names it."""

    returncode: int
    stdout: str
    stderr: str


class Hung(BaseException):
    """The run took longer than its time limit (a read of a pipe that never ends...); not an
    ``Exception``, so no ``except Exception`` in the program can take it for its own error."""


def run_main(*args: str, capfd, monkeypatch, timeout: float = 300.0) -> Finished:
    """``python main.py *args`` in this process; the data and config folders are the ones the
    environment names (the root conftest gives each test its own).

    The exit status is main's return value, or the code of the ``SystemExit`` it raised (None
    is 0; a message is printed and is 1, as Python does); an exception is printed as a
    traceback with status 1. ``capfd`` and ``monkeypatch`` are the test's fixtures. Raises
    :class:`Hung` after ``timeout`` seconds (in the main thread, where a signal can stop it)."""
    monkeypatch.setattr(sys, "argv", ["main.py", *args])
    # pygame keeps running after the run, as the scene tests leave it (tests/scenes/driver.py):
    # the next App in this process starts with warm fonts
    monkeypatch.setattr(pygame, "quit", lambda: None)
    capfd.readouterr()  # what the test printed before is not the program's
    with warnings.catch_warnings(record=True) as caught, _time_limit(timeout):
        warnings.resetwarnings()
        for action, category, module in FRESH_PROCESS_WARNINGS:
            warnings.filterwarnings(action, category=category, module=module, append=True)
        try:
            status = program.main(list(args))
        except SystemExit as end:
            status = end.code
            if status is not None and not isinstance(status, int):
                print(status, file=sys.stderr)
                status = 1
        except Exception:
            traceback.print_exc()
            status = 1
    for warning in caught:
        sys.stderr.write(
            warnings.formatwarning(
                warning.message, warning.category, warning.filename, warning.lineno, warning.line
            )
        )
    out = capfd.readouterr()
    return Finished(status or 0, out.out, out.err)


@contextlib.contextmanager
def _time_limit(seconds: float):
    """Raise :class:`Hung` in the main thread after ``seconds`` (like ``subprocess.run``'s
    ``timeout``); elsewhere no limit can be set and none is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(_signal_number, _frame):
        raise Hung(f"main.py still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
