"""Processes for the saves tests that must not share this one's memory: a saved game resumed by
bots (it must play on as if the program had been quit and started again) and a writer killed in
the middle of a save.

Each runs in a process forked from multiprocessing's fork server (:func:`fork_context`): a
process started once per test process that imported the engine and the save format and then
forks one new process per task. A task so remembers no earlier move of this process or another
task; only the imports (the same in every process) are shared, which spares each task the
engine's import (~0.4 CPU-seconds when Python writes no bytecode files).
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from engine import registry

registry.games()  # imported here, every game's package is imported once in the fork server

PRELOADED = ["__main__", "concurrent.futures.process", "engine.bots", "saves.store", __name__]
"""What the fork server imports before it forks anything (``__main__`` as by default)."""


def fork_context():
    """multiprocessing's fork-server context; the server imports :data:`PRELOADED` first."""
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOADED)
    return context


def play_to_the_end(save_text: str) -> str:
    """The history (JSON text of ``[{"player", "action"}]``) of the save ``save_text`` (the JSON
    text of an envelope) loaded and played by bots to its end (runs in the forked process)."""
    from engine.bots import make_bot
    from saves.format import load_match, parse

    match = load_match(parse(save_text))
    while not match.is_terminal():
        if match.is_chance():
            match.resolve_chance()
        else:
            match.play_bot_turn_now(make_bot)
    return json.dumps([{"player": e.player, "action": e.action.to_dict()} for e in match.history])


def resumed_in_a_fresh_process(save_text: str, timeout: float = 600.0) -> list:
    """:func:`play_to_the_end` of ``save_text`` in a new process forked for it alone; raises
    what it raised, or ``TimeoutError`` after ``timeout`` seconds."""
    with ProcessPoolExecutor(1, mp_context=fork_context(), max_tasks_per_child=1) as pool:
        return json.loads(pool.submit(play_to_the_end, save_text).result(timeout=timeout))


def save_forever(folder: Path, ready) -> None:
    """Save a finished Diced Tomatoes game of two Easy bots (seed 4) as ``crash`` in ``folder``
    once, send ``"ready"`` through the connection ``ready``, then save it over and over until
    the process is killed (runs in the forked process)."""
    from engine.bots import make_bot
    from engine.match import Match, Seat
    from saves import store

    spec = registry.get("diced-tomatoes")
    match = Match(spec, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=4)
    while not match.is_terminal():
        match.advance_chance() if match.is_chance() else match.play_bot_turn_now(make_bot)
    store.save(match, "crash", folder=folder)  # one whole save first: a slow machine kills later
    ready.send("ready")
    while True:
        store.save(match, "crash", folder=folder)
