"""A saved game played to its end by bots in a process that has played nothing before.

:func:`resumed_in_a_fresh_process` forks each resumption from multiprocessing's fork server: a
process started once per test process that only imported the engine and the save format, then
forks a new process per task (``max_tasks_per_child=1``). Each resumption so remembers no earlier
move, as when a player saves, quits and comes back; only the imports (the same in every process)
are shared, which spares each one the engine's import (~0.4 CPU-seconds without bytecode files).
"""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

from engine import registry

registry.games()  # imported here, every game's package is imported once in the fork server

PRELOADED = ["__main__", "concurrent.futures.process", "engine.bots", "saves.format", __name__]
"""What the fork server imports before it forks anything (``__main__`` as by default)."""


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
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(PRELOADED)
    with ProcessPoolExecutor(1, mp_context=context, max_tasks_per_child=1) as pool:
        return json.loads(pool.submit(play_to_the_end, save_text).result(timeout=timeout))
