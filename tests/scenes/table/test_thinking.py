"""Where bots think (issue 38): a worker process answers as the window's own thread would."""

from __future__ import annotations

import os
import random

import pytest

from engine import registry
from engine.match import Match, Seat
from scenes.table.thinking import (
    InlineThinker,
    ProcessThinker,
    Question,
    ThreadThinker,
    _ProcessJob,
)


def question(game: str, seed: int, level: str = "medium") -> Question:
    spec = registry.get(game)
    match = Match(spec, [Seat("bot", "A", "easy"), Seat("bot", "B", "easy")], seed=seed)
    match.advance_chance()
    player = match.current_player()
    return Question(
        game,
        level,
        1.5,
        False,
        match.state.observation(player),
        tuple(match.legal_actions()),
        random.Random(f"bot:{seed}"),
        player,
    )


@pytest.mark.long  # a worker process: ~0.8 CPU-s to start and import
def test_a_worker_process_answers_as_the_window_thread_and_at_once_do():
    """The same question gets the same move in a worker process, a thread and inline: the
    answer is the bot's, the generator travels with the question."""
    thinkers = [InlineThinker(), ThreadThinker(), ProcessThinker()]
    try:
        assert thinkers[2].wait_ready(60.0)
        for game, seed in (("tea-time", 3), ("diced-tomatoes", 4)):
            answers = []
            for thinker in thinkers:
                job = thinker.ask(question(game, seed))
                assert job.wait(60.0)
                answers.append(job.result())
            assert answers[0] == answers[1] == answers[2], (game, answers)
        assert thinkers[2].failed is None  # the process did the thinking
    finally:
        for thinker in thinkers:
            thinker.close()


@pytest.mark.long
def test_a_cancelled_question_is_never_answered():
    thinker = ProcessThinker()
    try:
        assert thinker.wait_ready(60.0)
        first = thinker.ask(question("tea-time", 5))
        first.cancel()
        second = thinker.ask(question("tea-time", 6))
        assert second.wait(60.0)
        assert second.result() in question("tea-time", 6).legal
        assert not first.done()  # its answer, if any came, was dropped
    finally:
        thinker.close()


def test_the_worker_ends_when_the_window_process_is_killed():
    """Play-test: killing the program left its thinking process (and multiprocessing's
    resource tracker) running for good. The worker leaves when its parent is gone."""
    import os
    import signal
    import subprocess
    import sys
    import time

    child = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from scenes.table.thinking import ProcessThinker\n"
            "t = ProcessThinker(); t.start()\n"
            "print(t._process.pid, flush=True)\n"
            "time.sleep(120)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        worker = int(child.stdout.readline())
        os.kill(child.pid, signal.SIGKILL)
        child.wait(10)

        def alive() -> bool:
            try:
                os.kill(worker, 0)
            except ProcessLookupError:
                return False
            # a zombie waiting for its reaper has ended too
            with open(f"/proc/{worker}/stat") as stat:
                return stat.read().split(")")[-1].split()[0] != "Z"

        deadline = time.monotonic() + 20
        while alive() and time.monotonic() < deadline:
            time.sleep(0.2)
        assert not alive()
    finally:
        child.kill()


@pytest.mark.long
def test_a_question_asked_while_the_worker_starts_is_answered_meanwhile():
    """Play-test: on a loaded machine an Easy bot "thought" for 10 s after a save was loaded:
    its question waited for the worker process to start. Until it takes questions, a thread
    of the window's process answers them."""
    thinker = ProcessThinker()
    try:
        job = thinker.ask(question("tea-time", 7, "easy"))
        assert job.wait(30.0)
        assert job.result() in question("tea-time", 7, "easy").legal
        assert thinker._meanwhile is not None and thinker.failed is None
        assert thinker.wait_ready(60.0)
        later = thinker.ask(question("tea-time", 8, "easy"))
        assert later.wait(60.0) and isinstance(later, _ProcessJob)
    finally:
        thinker.close()


@pytest.mark.long
def test_closing_after_the_worker_was_killed_never_hangs():
    """Play-test: a window stopped with ``kill`` never exited: closing set a shared event the
    killed worker had been waiting on, and that waits for the sleeper forever."""
    import os
    import signal
    import time

    thinker = ProcessThinker()
    assert thinker.wait_ready(60.0)
    job = thinker.ask(question("tea-time", 9))
    os.kill(thinker._process.pid, signal.SIGKILL)
    thinker._process.join(10)
    job.cancel()
    started = time.monotonic()
    thinker.close()
    assert time.monotonic() - started < 5.0


@pytest.mark.long
def test_hard_with_helper_processes_chooses_as_on_one_core():
    """Issue 39: the thinking process shares a Hard search's work with helper processes (one
    per core); with a fixed budget (``timed`` off, as online) the move is the one a single
    core finds."""
    pooled = ProcessThinker(helpers=2)
    inline = InlineThinker()
    try:
        assert pooled.wait_ready(60.0)  # else a thread answers meanwhile, on one core
        for game, seed in (("diced-tomatoes", 4), ("tea-time", 8)):
            asked = question(game, seed, "hard")
            job = pooled.ask(asked)
            assert job.wait(120.0)
            assert job.result() == inline.ask(asked).result(), game
        assert pooled.failed is None and len(pooled._helpers) == 2
        assert all(helper.is_alive() for helper in pooled._helpers)
    finally:
        pooled.close()
    assert not pooled._helpers


@pytest.mark.long
@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling only")
def test_the_thinking_processes_run_only_on_time_the_window_leaves():
    """Issue 38: at ``nice`` 10 the window's frames while Hard thought still waited for a
    worker's time slice now and then; the thinking process and its helpers now take only
    time nothing else wants (``SCHED_IDLE``)."""
    pooled = ProcessThinker(helpers=1)
    try:
        assert pooled.wait_ready(60.0)
        for process in (pooled._process, *pooled._helpers):
            assert os.sched_getscheduler(process.pid) == os.SCHED_IDLE
        assert os.sched_getscheduler(0) == os.SCHED_OTHER  # the window's own stays as it was
    finally:
        pooled.close()
