"""How much a Hard bot thinks: its budget, its clock and its cancel, in one place (issues 37
and 39), and how its search runs on the computer's cores.

A Hard bot's search is counted in **work**: rollouts, playouts, sampled futures — units each
game's bot defines — never in seconds, so its strength does not depend on the machine's load.

* **A fixed budget** (no clock: tests, benchmarks, online games, where every computer must
  reach the same move): each decision makes the game's fixed number of units, whatever the
  load or the number of cores. Nothing is remembered between decisions, so a game resumed
  from a save plays on as it would have.
* **At the table** (a clock): the thinking time chosen in Settings is the budget of a whole
  *turn*. The turn's work is that many seconds at the game's reference rate
  (:attr:`Search.rate`, units per CPU-second of one core) times the processes the search runs
  on; its first decision gets :data:`FIRST_SHARE` of the work and of the time, each later one
  :data:`LATER_SHARE` of what is left. :data:`TURN_RESERVE` of the seconds is no decision's:
  it pays for the last unit of work each decision finishes past its deadline and for the
  quick answers of decisions that come once the rest is spent, so the whole turn stays within
  its seconds. The clock is only a safety deadline: on a busy computer the search stops
  there, a little weaker, instead of keeping the player waiting.
* **Later decisions reuse the first** (timed search): a bot whose first decision plans the
  rest of the turn (Off the Rails' action phase, Shifting Stones' turn plan) keeps the plan in
  the seat's :class:`TurnClock` (:meth:`Search.remember`) and plays its next step at once
  while the position is the one the plan leads to (:meth:`Search.recall`). The TurnClock
  outlives the bot (the table builds a bot for each question), so the plan does too. A fixed
  search remembers nothing: each decision plans again, alike on every computer, and a game
  resumed from a save mid-turn plays on as it would have.

**Work on the cores.** A search hands its independent units — each seeded by its own number,
so its result depends on nothing else — to :meth:`Allowance.run`, which splits them into
chunks for :class:`Parallel`'s ``map``: serial by default, a pool of worker processes when the
program's thinker supplies one. The results come back in order, so a fixed budget chooses the
same move on one core or eight (``tests/engine/test_search.py``).

The engine reads no clock of its own: the clock is injected (``time.monotonic`` at the table,
a fake one in tests) and only ever stops a search.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

FIRST_SHARE = 0.7
"""Of a turn's work and time, what its first decision may use (timed search)."""
LATER_SHARE = 0.6
"""Of what is left of the turn, what each later decision may use (timed search)."""
TURN_RESERVE = 0.1
"""Of a turn's seconds, what no decision's deadline may use (timed search): time for each
decision's last unit of work past its deadline and for the quick answers once the rest is
spent (measured: a Potion Explosion turn of 23 decisions ended 47 ms past 2 s without it)."""
CHUNKS_PER_WORKER = 2
"""A batch of work is cut in this many chunks per worker process, so a slow chunk does not
keep the others idle."""


def serial_map(function: Callable, items: Sequence) -> list:
    """``[function(item) for item in items]``: the map of a search with no process pool."""
    return list(builtins.map(function, items))


@dataclass(frozen=True)
class Parallel:
    """How a search's independent work runs: ``map(function, items)`` returns
    ``[function(item) ...]`` in order (``function`` a module-level function and ``items``
    picklable when ``map`` crosses processes); ``workers`` is how many processes it runs on
    (the more, the more a timed search does in its time)."""

    map: Callable[[Callable, Sequence], list] = serial_map
    workers: int = 1


SERIAL = Parallel()
"""No process pool: everything on the caller's thread."""


class TurnClock:
    """What is left of one seat's turn: its work share and its seconds (timed search only).

    Kept per seat between decisions (the table's thinker keeps one for each bot seat), so the
    decisions of a turn share its budget; a decision of another turn (``turn`` differs) starts
    afresh. ``turn`` is any value that names the turn, e.g. the match's turn number.
    """

    def __init__(self) -> None:
        self.turn: Any = object()
        self.share_left = 1.0
        self.seconds_left = 0.0
        self.decisions = 0
        self.plan: Any = None
        """What a decision of the turn left for the later ones (:meth:`Search.remember`)."""

    def enter(self, turn: Any, seconds: float) -> None:
        """Start ``turn`` afresh unless it is the turn under way: its decisions share
        ``seconds`` less :data:`TURN_RESERVE` of it, and no plan."""
        if turn is None or turn != self.turn:
            self.turn, self.share_left, self.decisions = turn, 1.0, 0
            self.seconds_left, self.plan = seconds * (1.0 - TURN_RESERVE), None

    def begin(self, turn: Any, seconds: float) -> float:
        """The share of the turn's budget the decision starting now may use (0..1)."""
        self.enter(turn, seconds)
        share = FIRST_SHARE if self.decisions == 0 else LATER_SHARE
        self.decisions += 1
        return share

    def spend(self, share: float, seconds: float) -> None:
        """Note what a decision used: ``share`` of the turn's work, ``seconds`` of its time."""
        self.share_left = max(0.0, self.share_left - share)
        self.seconds_left = max(0.0, self.seconds_left - seconds)


class Search:
    """A Hard bot's thinking: ``fixed`` units per decision without a clock; with ``clock`` (e.g.
    ``time.monotonic``) ``seconds`` of thinking per turn, the turn's work being
    ``seconds * rate * parallel.workers`` units. ``parallel`` runs the work
    (:class:`Parallel`); ``turns`` keeps the turn's budget between decisions (a new
    :class:`TurnClock` by default, for a bot that lives through the game).

    A bot asks :meth:`decision` when a decision starts and gets an :class:`Allowance`;
    :meth:`cancel` (undo, load, quit; from another thread) stops every search at its next check.
    """

    def __init__(
        self,
        fixed: int,
        rate: float,
        seconds: float = 2.0,
        clock: Callable[[], float] | None = None,
        parallel: Parallel | None = None,
        turns: TurnClock | None = None,
    ):
        if fixed < 1:
            raise ValueError("A search makes at least one unit of work.")
        self.fixed = fixed
        self.rate = rate
        self.seconds = seconds
        self.clock = clock
        self.parallel = parallel or SERIAL
        self.turns = turns if turns is not None else TurnClock()
        self.turn: Any = None
        """The turn the next decision belongs to (None: a turn of its own); set by
        :class:`engine.bots.PolicyBot` from what the table or the benchmark says."""
        self.cancelled = False

    @property
    def timed(self) -> bool:
        """Whether the search has a clock (the table), not a fixed budget."""
        return self.clock is not None

    def cancel(self) -> None:
        """Stop searching as soon as possible (undo, load, quit)."""
        self.cancelled = True

    def decision(self, share: float = 1.0) -> Allowance:
        """The allowance of the decision starting now. A fixed search gets ``share`` of its fixed
        units (a decision that needs less than a whole search asks for less); a timed one its
        part of the turn (see the module docstring), its work scaled by ``share`` too."""
        if self.clock is None:
            return Allowance(max(1, round(self.fixed * share)), None, None, self, 0.0, 0.0)
        now = self.clock()
        part = self.turns.begin(self.turn, self.seconds)
        turn_work = max(1.0, self.seconds * self.rate * max(1, self.parallel.workers))
        work = max(1, round(turn_work * self.turns.share_left * part * share))
        seconds = self.turns.seconds_left * part
        return Allowance(work, now + seconds, self.clock, self, now, turn_work)

    def remember(self, plan: Any) -> None:
        """Keep ``plan`` (any value: e.g. the position a plan leads to and its next steps) for
        the later decisions of this turn (:meth:`recall`). Only a timed search of a named turn
        remembers: a fixed search and a turn of its own (a hint) forget it."""
        if self.clock is not None and self.turn is not None:
            self.turns.enter(self.turn, self.seconds)  # a first decision that made no search
            self.turns.plan = plan

    def recall(self) -> Any:
        """The plan :meth:`remember` kept in this turn, once (it is forgotten as it is given);
        None when there is none, in a fixed search, or in another turn."""
        if self.clock is None or self.turn is None or self.turns.turn != self.turn:
            return None
        plan, self.turns.plan = self.turns.plan, None
        return plan

    def finished(self, allowance: Allowance, made: int | None = None) -> None:
        """Note that the decision of ``allowance`` is over, having made ``made`` units of work
        (None: all it was allowed): the rest of the turn keeps what it did not use."""
        if self.clock is not None:
            used = allowance.work if made is None else made
            self.turns.spend(used / allowance.turn_work, self.clock() - allowance.started)


@dataclass
class Allowance:
    """One decision's budget: ``work`` units, stopping at ``deadline`` (a reading of ``clock``;
    None without a clock) or when the search is cancelled. ``started`` is the clock's reading
    when the decision began and ``turn_work`` the whole turn's units (timed search)."""

    work: int
    deadline: float | None
    clock: Callable[[], float] | None
    search: Search
    started: float
    turn_work: float

    def stopped(self) -> bool:
        """Whether to stop now: the search was cancelled or its deadline has passed."""
        if self.search.cancelled:
            return True
        return (
            self.deadline is not None and self.clock is not None and self.clock() >= self.deadline
        )

    @property
    def workers(self) -> int:
        """The processes the search's work runs on."""
        return max(1, self.search.parallel.workers)

    def run(
        self, task: Callable[[Any, Any, Callable[[], bool]], Any], shared: Any, items: Sequence
    ):
        """``[task(shared, item, stopped) for item in items]``, the items cut into chunks for the
        workers (:class:`Parallel`). ``task`` is a module-level function whose result depends only
        on ``shared`` and its item, so the results are the same on any number of processes;
        ``stopped()`` tells it the deadline has passed (or, on this process, the search was
        cancelled), and a task stopped midway returns ``None``. An item not begun in time gives
        ``None`` too."""
        if not items:
            return []
        workers = self.workers
        if workers == 1 or len(items) == 1:  # here: a cancel stops it between two items too
            return _run_items(task, shared, items, self.stopped)
        count = min(len(items), workers * CHUNKS_PER_WORKER)
        size, extra = divmod(len(items), count)
        chunks, start = [], 0
        for index in range(count):
            end = start + size + (1 if index < extra else 0)
            chunks.append((task, shared, list(items[start:end]), self.deadline, self.clock))
            start = end
        results: list = []
        for part in self.search.parallel.map(run_chunk, chunks):
            results.extend(part)
        return results


def never() -> bool:
    """A ``stopped()`` for work with no deadline."""
    return False


class _Deadline:
    """``stopped()`` of a chunk run on a worker: the clock has reached the deadline."""

    def __init__(self, deadline: float, clock: Callable[[], float]):
        self.deadline, self.clock = deadline, clock

    def __call__(self) -> bool:
        return self.clock() >= self.deadline


def run_chunk(chunk: tuple) -> list:
    """Run one chunk of a search's work: ``(task, shared, items, deadline, clock)`` gives
    ``[task(shared, item, stopped) ...]``, ``None`` for each item reached after ``deadline`` (a
    worker process checks its own clock: ``time.monotonic`` is the same for every process)."""
    task, shared, items, deadline, clock = chunk
    stopped = never if deadline is None or clock is None else _Deadline(deadline, clock)
    return _run_items(task, shared, items, stopped)


def _run_items(task, shared, items, stopped) -> list:
    """``[task(shared, item, stopped) ...]`` until ``stopped()``; ``None`` for the rest."""
    results = []
    for item in items:
        if stopped():
            break
        results.append(task(shared, item, stopped))
    return results + [None] * (len(items) - len(results))


__all__ = [
    "FIRST_SHARE",
    "LATER_SHARE",
    "TURN_RESERVE",
    "Allowance",
    "Parallel",
    "SERIAL",
    "Search",
    "TurnClock",
    "never",
    "run_chunk",
    "serial_map",
]
