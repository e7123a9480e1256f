"""Where computer players and hints think: beside the window, never in its way.

A search in pure Python holds the interpreter lock, so a search in a thread of the game's
process halves the frame rate while it runs. :class:`ProcessThinker` runs every search in a
worker process instead; the window only sends the question (the seat's observation, the legal
moves, the seeded generator) and collects the answer. That worker has helpers, one more process
per core of the computer: a Hard search hands them its independent work (rollouts, sampled
futures) through :class:`engine.bots.search.Parallel`, so a 4-core laptop searches about four
times as much in the same time; with a fixed budget the move is the same on any number of cores.
:class:`ThreadThinker` (the tests' default: no process to start) and :class:`InlineThinker`
(fast-forward: nobody watches) answer the same questions on one core. No pygame here.

A question is a :class:`Question`; :meth:`Thinker.ask` returns a :class:`Job` to poll. The
answer is the bot's own: the same observation, moves and generator give the same move in any
thinker (``tests/scenes/table/test_thinking.py``). A thinker keeps each bot seat's
:class:`engine.bots.search.TurnClock`, so the decisions of one turn share the turn's thinking
time (the question's ``turn`` says which turn it is).
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol

from engine.core import Action

CANCEL_POLL_SECONDS = 0.05
"""How often the worker looks whether its search was cancelled."""
WORKER_NICENESS = 10
"""How much the thinking process yields to the window for the processor (POSIX ``nice``) where
it cannot wait for idle time (:func:`step_aside`)."""


def step_aside() -> None:  # pragma: no cover - runs in worker processes
    """Let the window have the processor first: on Linux the calling process (and the threads
    it starts) runs only on time nothing else wants (``SCHED_IDLE``), elsewhere at a lower
    priority (``nice``). At ``nice`` 10 the window's frames while Hard thought still waited
    for a worker's time slice now and then (p99 20.5–21.6 ms at 60 fps)."""
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        try:
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return
        except OSError:
            pass
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)


@dataclass(frozen=True)
class Question:
    """One decision to think about.

    ``game`` is the registry id, ``level`` "easy"/"medium"/"hard", ``budget`` Hard's seconds
    (with ``timed``; else a fixed search so the answer repeats), ``observation`` the seat's view
    of the state (never the whole state: a bot sees only what its seat may), ``legal`` the legal
    actions in the engine's order and ``rng`` the match's seeded generator for this decision.
    ``seat`` (``-1``: none) and ``turn`` (any value naming the turn, e.g. the match's turn
    number; None: a turn of its own) let a timed bot share a turn's thinking time between the
    turn's decisions (Hard's ``budget`` is seconds per turn) and keep the plan its first
    decision made; a hint names the person's seat and a turn of its own kind, so hints
    followed step by step keep to one plan.
    ``online`` asks for the bot every computer of an online game plays alike
    (:func:`net.bots.online_bot`: no clock, the fixed search, whatever ``budget`` says).
    """

    game: str
    level: str
    budget: float
    timed: bool
    observation: Any
    legal: Sequence[Action]
    rng: Any
    seat: int = -1
    online: bool = False
    turn: Any = None


def answer(question: Question, make: Callable[[Question], Any] | None = None) -> Action:
    """Think about ``question`` here and now (the bot chooses): what every thinker runs."""
    bot = (make or make_bot_for)(question)
    return choose(bot, question)


def choose(bot, question: Question) -> Action:
    """``bot``'s move for ``question`` (the turn passed on to a bot that shares it)."""
    legal = list(question.legal)
    if hasattr(bot, "search"):  # engine.bots.PolicyBot
        return bot.choose(question.observation, legal, question.rng, turn=question.turn)
    return bot.choose(question.observation, legal, question.rng)


def make_bot_for(question: Question, parallel=None, turns: dict | None = None):
    """The bot a question asks for, built from the game registry (:func:`engine.bots.make_bot`):
    Hard thinks ``budget`` seconds per turn of the process's clock when ``timed``, its work run
    by ``parallel`` (:class:`engine.bots.search.Parallel`; default: on this thread). ``turns``
    keeps each bot seat's :class:`engine.bots.search.TurnClock` between questions. An
    ``online`` question gets :func:`net.bots.online_bot`, the same on every computer."""
    from engine import registry
    from engine.bots import make_bot
    from engine.bots.search import TurnClock

    spec = registry.get(question.game)
    if question.online:
        from net.bots import online_bot

        return online_bot(spec, question.level)
    clock = time.monotonic if question.timed else None
    clocks = None
    if turns is not None and question.timed and question.seat >= 0:
        clocks = turns.setdefault((question.game, question.level, question.seat), TurnClock())
    return make_bot(
        spec, question.level, budget=question.budget, clock=clock, parallel=parallel, turns=clocks
    )


class Job(Protocol):
    """A question being thought about."""

    def done(self) -> bool:
        """True once the answer (or an error) is in."""
        ...

    def result(self) -> Action:
        """The chosen action; raises what the search raised. Call after :meth:`done`."""
        ...

    def cancel(self) -> None:
        """Stop thinking (undo, load, quit): the answer, if any, is dropped."""
        ...

    def wait(self, timeout: float) -> bool:
        """Block up to ``timeout`` seconds for the answer; True once it is in (tests)."""
        ...


class Thinker(Protocol):
    """Thinks about questions one at a time, in order."""

    def ask(self, question: Question) -> Job:
        """Start thinking about ``question``; poll the returned job."""
        ...

    def close(self) -> None:
        """Stop every search and free the worker (the program ends)."""
        ...


class DoneJob:
    """An answer already worked out (:class:`InlineThinker`, a hint given before)."""

    def __init__(self, action: Action | None = None, error: BaseException | None = None):
        self._action, self._error = action, error

    def done(self) -> bool:
        return True

    def result(self) -> Action:
        if self._error is not None:
            raise self._error
        assert self._action is not None
        return self._action

    def cancel(self) -> None:
        """Nothing runs any more."""

    def wait(self, timeout: float) -> bool:
        return True


class InlineThinker:
    """Answers at once on the caller's thread (fast-forward games nobody watches)."""

    def __init__(self, make: Callable[[Question], Any] | None = None):
        self._turns: dict = {}
        self.make = make or (lambda question: make_bot_for(question, turns=self._turns))

    def ask(self, question: Question) -> Job:
        try:
            return DoneJob(answer(question, self.make))
        except Exception as err:  # the caller's result() raises it, as a worker's would
            return DoneJob(error=err)

    def close(self) -> None:
        """Nothing to stop."""


class _ThreadJob:
    def __init__(self, future: Future, bot_box: list):
        self.future = future
        self._bot_box = bot_box

    def done(self) -> bool:
        return self.future.done()

    def result(self) -> Action:
        return self.future.result()

    def cancel(self) -> None:
        self.future.cancel()
        for bot in self._bot_box:
            if hasattr(bot, "cancel"):
                bot.cancel()

    def wait(self, timeout: float) -> bool:
        from concurrent.futures import wait

        wait([self.future], timeout=timeout)
        return self.future.done()


class ThreadThinker:
    """Thinks in one worker thread of this process (tests: no process to start; the frames a
    test spins meanwhile are not drawn)."""

    def __init__(self, make: Callable[[Question], Any] | None = None):
        self._turns: dict = {}
        self.make = make or (lambda question: make_bot_for(question, turns=self._turns))
        self._executor: ThreadPoolExecutor | None = None

    def ask(self, question: Question) -> Job:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        bot = self.make(question)
        box = [bot]
        future = self._executor.submit(choose, bot, question)
        return _ThreadJob(future, box)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None


# --- the worker process and its helpers ----------------------------------------------------


def helper_count() -> int:
    """How many helper processes the thinking process gets: one per core beside its own."""
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(0, cores - 1)


def _leave_with(parent: int) -> None:  # pragma: no cover - runs in worker processes
    """Start a thread that ends this worker when the window's process ``parent`` is gone (a
    killed program, SIGKILL or a crash, cannot tell its workers to stop; nobody will ask or
    close)."""

    def orphaned() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=orphaned, daemon=True, name="parent").start()


def _help(tasks, results, current, parent: int) -> None:  # pragma: no cover - helper process
    """A helper's loop: run each ``(job, index, function, item)`` of ``tasks`` whose job is
    still ``current`` (a shared integer: a cancelled or finished search's work is skipped) and
    put ``(job, index, result, error text)`` on ``results``. ``None`` ends the loop; so does
    the window's process ``parent`` ending without a word."""
    step_aside()
    _leave_with(parent)
    while True:
        task = tasks.get()
        if task is None:
            return
        job, index, function, item = task
        if job != current.value:
            continue
        try:
            results.put((job, index, function(item), None))
        except Exception as err:  # sent back: the search raises it
            results.put((job, index, None, f"{type(err).__name__}: {err}"))


STALL_SECONDS = 20.0
"""A search's work no helper has answered for this long is finished by the thinking process
itself (a helper that died never answers)."""


class PoolMap:
    """The thinking process's map over its helpers (:class:`engine.bots.search.Parallel`):
    ``map(function, items)`` puts every item on the shared task queue, runs items itself while
    it waits, and returns the results in order. :meth:`abandon` (a cancelled search) makes it
    return at once, ``None`` for what is not done; the helpers skip the rest."""

    def __init__(self, tasks, results, current):
        self.tasks, self.results, self.current = tasks, results, current
        self.job = 0
        self.abandoned = False

    def abandon(self) -> None:
        """Stop waiting for the work under way (from the cancel thread)."""
        self.abandoned = True
        self.current.value = 0

    def __call__(self, function: Callable, items: Sequence) -> list:
        self.job += 1
        job = self.job
        self.current.value = job
        for index, item in enumerate(items):
            self.tasks.put((job, index, function, item))
        results: dict[int, Any] = {}
        waited = 0.0
        while len(results) < len(items) and not self.abandoned:
            try:
                got, index, value, error = self.results.get_nowait()
            except queue.Empty:
                if self._run_one(job, results):
                    continue
                try:
                    got, index, value, error = self.results.get(timeout=0.25)
                except queue.Empty:
                    waited += 0.25
                    if waited >= STALL_SECONDS:  # a helper died: finish here
                        for index, item in enumerate(items):
                            results.setdefault(index, function(item))
                    continue
            waited = 0.0
            if got == job:
                if error is not None:
                    raise RuntimeError(error)
                results.setdefault(index, value)
        self.current.value = 0  # what is left of this job on the queue is skipped
        return [results.get(index) for index in range(len(items))]

    def _run_one(self, job: int, results: dict) -> bool:
        """Take one task off the queue and run it here; False when none is waiting."""
        try:
            task = self.tasks.get_nowait()
        except queue.Empty:
            return False
        got, index, function, item = task
        if got == job and index not in results and not self.abandoned:
            results[index] = function(item)
        return True


def _serve(
    requests,
    answers,
    cancel_number,
    parent: int,
    ready,
    tasks=None,
    results=None,
    current=None,
    helpers=0,
) -> None:  # pragma: no cover - worker
    """The worker's loop: answer each ``(number, question)`` from ``requests`` on ``answers``
    as ``(number, action, error text)``. ``cancel_number`` (a shared integer) set to a
    question's number stops its search, and only its own: the worker may have gone on to the
    next. ``ready`` (a shared flag) is set once the games are loaded. ``None`` ends the loop;
    so does the window's process ``parent`` ending without a word (the worker's parent is
    another). Nothing shared waits on the other side (no event or condition: one side killed
    while the other waits would hang it), so both poll. With ``tasks``, ``results`` and
    ``current``, a search's work is shared with ``helpers`` helper processes
    (:class:`PoolMap`)."""
    from engine.bots.search import SERIAL, Parallel

    current_bots: list = []  # [(number, bot)] of the search running now
    step_aside()  # the window comes first when both want the processor
    _leave_with(parent)
    parallel, pool = SERIAL, None
    if tasks is not None and helpers > 0:
        pool = PoolMap(tasks, results, current)
        parallel = Parallel(pool, helpers + 1)
    turns: dict = {}

    def watch() -> None:
        while True:
            time.sleep(CANCEL_POLL_SECONDS)
            for number, bot in list(current_bots):
                if number == cancel_number.value and hasattr(bot, "cancel"):
                    bot.cancel()
                    if pool is not None:
                        pool.abandon()

    threading.Thread(target=watch, daemon=True, name="cancel").start()
    from engine import bots, registry  # noqa: F401 - loaded before the first question

    registry.games()  # every game's rules: the first question waits for none of them
    ready.value = 1
    while True:
        item = requests.get()
        if item is None:
            return
        number, question = item
        if pool is not None:
            pool.abandoned = False
        try:
            bot = make_bot_for(question, parallel, turns)
            current_bots[:] = [(number, bot)]
            answers.put((number, choose(bot, question), None))
        except Exception as err:  # sent back: the window thinks again itself
            answers.put((number, None, f"{type(err).__name__}: {err}"))
        finally:
            current_bots[:] = []


class _ProcessJob:
    def __init__(self, thinker: ProcessThinker, number: int):
        self.thinker = thinker
        self.number = number

    def done(self) -> bool:
        return self.thinker._collect(self.number, 0.0)

    def result(self) -> Action:
        action, error = self.thinker._answers.pop(self.number)
        if error is not None:
            raise error
        assert action is not None, "the worker answers an action or an error"
        return action

    def cancel(self) -> None:
        self.thinker._cancel(self.number)

    def wait(self, timeout: float) -> bool:
        return self.thinker._collect(self.number, timeout)


class ProcessThinker:
    """Thinks in a worker process started on first use (``spawn``: the same on every OS, and
    nothing of the window is copied into it). A worker that cannot start or dies is replaced
    by thinking in a thread of this process, so a game never stops for want of a worker."""

    def __init__(self, helpers: int | None = None) -> None:
        self.helpers = helper_count() if helpers is None else helpers
        """Helper processes beside the thinking one (default: one per other core)."""
        self._helpers: list = []
        self._tasks: Any = None
        self._results: Any = None
        self._current: Any = None
        self._process: Any = None
        self._requests: Any = None
        self._replies: Any = None
        self._cancel_number: Any = None
        self._number = 0
        self._answers: dict[int, tuple[Action | None, BaseException | None]] = {}
        self._waiting: set[int] = set()
        self._ready: Any = None
        self._fallback: ThreadThinker | None = None
        self._meanwhile: ThreadThinker | None = None
        """Thinks while the worker is still starting (a loaded machine may take seconds)."""
        self._fallback_jobs: dict[int, Job] = {}
        self.failed: str | None = None
        """Why the worker process is not used (it could not start, or it stopped), or None."""

    def start(self) -> None:
        """Start the worker now (after the first frame: its start-up costs the window nothing
        but is then done before the first question)."""
        if self._process is not None or self.failed is not None:
            return
        try:
            context = multiprocessing.get_context("spawn")
            self._requests = context.Queue()
            self._replies = context.Queue()
            self._cancel_number = context.Value("q", 0, lock=False)
            self._ready = context.Value("b", 0, lock=False)
            tasks = results = current = None
            if self.helpers:  # kept on self: a queue collected too soon breaks the children's
                self._tasks, self._results = context.Queue(), context.Queue()
                self._current = context.Value("q", 0, lock=False)
                tasks, results, current = self._tasks, self._results, self._current
                self._helpers = [
                    context.Process(
                        target=_help,
                        args=(tasks, results, current, os.getpid()),
                        name=f"tabletop-trio-helper-{number + 1}",
                        daemon=True,
                    )
                    for number in range(self.helpers)
                ]
            self._process = context.Process(
                target=_serve,
                args=(
                    self._requests,
                    self._replies,
                    self._cancel_number,
                    os.getpid(),
                    self._ready,
                    tasks,
                    results,
                    current,
                    self.helpers,
                ),
                name="tabletop-trio-thinker",
                daemon=True,
            )
            self._process.start()
            for helper in self._helpers:
                helper.start()
        except (OSError, ValueError, RuntimeError) as err:
            self.failed = str(err) or type(err).__name__
            self._process = None

    def wait_ready(self, timeout: float) -> bool:
        """Start the worker and wait up to ``timeout`` seconds until it takes questions."""
        self.start()
        deadline = time.monotonic() + timeout
        while self._ready is not None and not self._ready.value:
            if time.monotonic() > deadline or self._process is None:
                return False
            time.sleep(0.02)
        return self._ready is not None

    def _use_fallback(self, why: str) -> ThreadThinker:
        if self.failed is None:
            self.failed = why
        if self._fallback is None:
            self._fallback = ThreadThinker()
        return self._fallback

    def ask(self, question: Question) -> Job:
        self._number += 1
        number = self._number
        self.start()
        if self._process is None or not self._process.is_alive():
            job = self._use_fallback(self.failed or "the worker stopped").ask(question)
            self._fallback_jobs[number] = job
            return job
        if not self._ready.value:  # still starting: no question waits for it
            if self._meanwhile is None:
                self._meanwhile = ThreadThinker()
            return self._meanwhile.ask(question)
        self._waiting.add(number)
        self._requests.put((number, question))
        return _ProcessJob(self, number)

    def _collect(self, number: int, timeout: float) -> bool:
        """Take the worker's answers off the pipe; True once ``number``'s is in."""
        deadline = time.monotonic() + timeout
        while number not in self._answers:
            left = deadline - time.monotonic()
            try:
                if left > 0:
                    got, action, error = self._replies.get(timeout=left)
                else:
                    got, action, error = self._replies.get_nowait()
            except queue.Empty:
                if self._process is not None and not self._process.is_alive():
                    self._answers[number] = (None, RuntimeError("the thinking process stopped"))
                    self._use_fallback("the thinking process stopped")
                    self._process = None
                    return True
                return False
            if got in self._waiting:
                self._waiting.discard(got)
                self._answers[got] = (action, RuntimeError(error) if error else None)
        return True

    def _cancel(self, number: int) -> None:
        if number in self._waiting and self._cancel_number is not None:
            self._cancel_number.value = number
        self._waiting.discard(number)
        self._answers.pop(number, None)

    def close(self) -> None:
        if self._process is not None:
            try:
                self._cancel_number.value = self._number  # the search running now stops
                self._requests.put(None)
                for _helper in self._helpers:
                    self._tasks.put(None)
                for process in [self._process, *self._helpers]:
                    process.join(timeout=0.5)
                    if process.is_alive():
                        process.terminate()
                channels = (self._requests, self._replies, self._tasks, self._results)
                for channel in channels:
                    if channel is not None:
                        channel.cancel_join_thread()  # a dead reader must not hold up the exit
                        channel.close()
            except (OSError, ValueError):
                pass
            self._process = None
            self._helpers = []
        for thinker in (self._fallback, self._meanwhile):
            if thinker is not None:
                thinker.close()
