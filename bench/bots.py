"""Bot strength and speed: seeded games between two levels, seats swapped every other game.

    python -m bench.bots --game diced-tomatoes --a hard --b easy --games 200 [--players 2]
    python -m bench.bots --game potion-explosion --a medium --b easy --games 200 --jobs 2
    python -m bench.bots --game diced-tomatoes --solo --games 200      (Hard's matched slots)
    python -m bench.bots --game shifting-stones --a hard --b medium --games 200 --fixed
    python -m bench.bots --game shifting-stones --solo --games 100     (cards scored, wins)
    python -m bench.bots --game diced-tomatoes --fixed ...   (Hard's fixed budget, no clock)

Prints, per level: its win share with a 95% Wilson interval (draws count half; level B's
seats count as one side), its mean final score, Little Help tokens per bot per game (Potion
Explosion), its think time per **turn** (a seat's decisions from one turn start to the next,
p50/p95/max) and per decision (p95, max). With more than 2 players, level A takes one seat
(rotating) and level B the others. Hard thinks ``--budget`` seconds per turn of the clock
(its work as at the table, on one core), or with ``--fixed`` its fixed budget (the same moves
on any machine: the figures of the README's ladder). ``--jobs N`` plays games on N worker
processes (default: every core); each game is seeded by its number, so the figures do not
depend on N. Ctrl-C or SIGTERM stops the run and prints the games finished so far.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import signal
import statistics
import sys
import time

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    """95% Wilson score interval of a proportion ``wins / n``: ``(low, high)`` in 0..1."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by the nearest rank; 0.0 for none."""
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def play(game_id: str, levels, seed: int, budget: float | None) -> dict:
    """One game of bots at ``levels`` (one per seat), Hard thinking ``budget`` seconds per turn
    (None: its fixed budget, whatever the machine's load).

    Returns plain data (it crosses processes): ``sheet`` (the score sheet), ``times``
    (``{level: [seconds per decision]}``), ``turns`` (``{level: [seconds per turn]}``: a seat's
    decisions between two turn starts) and ``helps`` (Little Help actions per seat).
    """
    spec = registry.get(game_id)
    seats = [Seat("bot", f"{level}-{seat}", level) for seat, level in enumerate(levels)]
    match = Match(spec, seats, seed=seed)
    times: dict = {}
    turns: dict = {}
    helps = [0] * len(levels)
    bots = {}
    thinking: dict = {}  # (seat, turn) -> seconds

    def bot_for(spec_, level):
        # one bot per level for the game, as a table keeps its seats' bots
        if level not in bots:
            bots[level] = (
                make_bot(spec_, level)
                if budget is None
                else make_bot(spec_, level, budget=budget, clock=time.monotonic)
            )
        return bots[level]

    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        player = match.current_player()
        bot, observation, legal, rng, length = match.bot_request(bot_for)
        turn = match.turn_count()
        start = time.perf_counter()
        if hasattr(bot, "search"):  # engine.bots.PolicyBot: a timed Hard shares the turn
            action = bot.choose(observation, legal, rng, turn=(player, turn))
        else:
            action = bot.choose(observation, legal, rng)
        spent = time.perf_counter() - start
        times.setdefault(levels[player], []).append(spent)
        thinking[(player, turn)] = thinking.get((player, turn), 0.0) + spent
        helps[player] += type(action).__name__ == "LittleHelp"
        match.apply_bot_move(action, length)
    for (player, _turn), seconds in thinking.items():
        turns.setdefault(levels[player], []).append(seconds)
    return {"sheet": match.state.score_sheet(), "times": times, "turns": turns, "helps": helps}


def _play_task(task: tuple) -> tuple:
    index, game_id, levels, seed, budget = task
    return index, levels, play(game_id, levels, seed, budget)


def _ignore_interrupts() -> None:
    # workers leave Ctrl-C to the parent, which stops the pool and reports what finished
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run_games(tasks: list, jobs: int, on_result) -> None:
    """Play ``tasks`` (``(index, game_id, levels, seed, budget)``) on ``jobs`` processes and
    call ``on_result(index, levels, result)`` as each game finishes (in any order)."""
    if jobs <= 1:
        for task in tasks:
            on_result(*_play_task(task))
        return
    pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupts)
    try:
        for outcome in pool.imap_unordered(_play_task, tasks):
            on_result(*outcome)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="diced-tomatoes")
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="easy")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--budget", type=float, default=2.0, help="Hard's seconds per turn")
    p.add_argument(
        "--fixed",
        action="store_true",
        help="Hard searches a fixed amount, no clock (comparisons free of the load)",
    )
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes (default: the cores)",
    )
    p.add_argument("--solo", action="store_true")
    args = p.parse_args(argv)
    spec = registry.get(args.game)
    # a long run stopped with Ctrl-C or SIGTERM still reports the games it finished
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    if args.fixed:
        args.budget = None
    started = time.monotonic()
    report = Solo(spec, args) if args.solo else Duel(spec, args)
    try:
        run_games(report.tasks(), max(1, args.jobs), report.add)
    except KeyboardInterrupt:
        print("stopped early", file=sys.stderr)
    report.print()
    for level, seconds in sorted(report.turns.items()):
        decisions = report.times.get(level, [0.0])
        print(
            f"  {level:6s} think per turn ({len(seconds)} turns): "
            f"p50 {percentile(seconds, 0.5) * 1000:.0f} ms, "
            f"p95 {percentile(seconds, 0.95) * 1000:.0f} ms, max {max(seconds) * 1000:.0f} ms; "
            f"per decision ({len(decisions)}): p95 {percentile(decisions, 0.95) * 1000:.0f} ms, "
            f"max {max(decisions) * 1000:.0f} ms"
        )
    print(f"  {args.jobs} jobs, {time.monotonic() - started:.0f} s of wall time")


class Solo:
    """Level ``args.a``'s mean solo result (the score sheet's last column: Diced Tomatoes'
    matched slots, Shifting Stones' cards scored) over the solo games it finished."""

    def __init__(self, spec, args):
        self.spec, self.args = spec, args
        self.matched: list = []
        self.wins = 0
        self.times: dict = {}
        self.column = ""
        self.turns: dict = {}

    def tasks(self) -> list:
        return [
            (g, self.spec.id, (self.args.a,), self.args.seed + g, self.args.budget)
            for g in range(self.args.games)
        ]

    def add(self, index, levels, result) -> None:
        sheet = result["sheet"]
        self.column = sheet["columns"][-1]
        self.matched.append(sheet["rows"][0][-1])
        self.wins += bool(sheet.get("solo", {}).get("won"))
        _merge_times(self.times, result["times"])
        _merge_times(self.turns, result["turns"])
        print(f"  game {index + 1}: {self.matched[-1]}", file=sys.stderr, flush=True)

    def print(self) -> None:
        if self.matched:
            print(
                f"{self.spec.title} solo, {self.args.a}: {len(self.matched)} games, "
                f"{self.column.lower()} mean {statistics.mean(self.matched):.2f} "
                f"(sd {statistics.pstdev(self.matched):.2f}), {self.wins} wins"
            )


class Duel:
    """Level ``args.a``'s wins/draws/losses against ``args.b`` over the games finished."""

    def __init__(self, spec, args):
        self.spec, self.args = spec, args
        self.wins = self.draws = self.losses = 0
        self.scores: dict = {"a": [], "b": []}
        self.helps: dict = {"a": [], "b": []}
        self.times: dict = {}
        self.turns: dict = {}

    def tasks(self) -> list:
        players = self.args.players
        tasks = []
        for g in range(self.args.games):
            seat_a = g % players
            levels = tuple(
                self.args.a if seat == seat_a else self.args.b for seat in range(players)
            )
            tasks.append((g, self.spec.id, levels, self.args.seed + g, self.args.budget))
        return tasks

    def add(self, index, levels, result) -> None:
        seat_a = index % self.args.players
        sheet = result["sheet"]
        winners = sheet["winners"]
        if seat_a in winners:
            if len(winners) > 1:
                self.draws += 1
            else:
                self.wins += 1
        else:
            self.losses += 1
        for seat, row in enumerate(sheet["rows"]):
            side = "a" if seat == seat_a else "b"
            self.scores[side].append(row[-1])
            self.helps[side].append(result["helps"][seat])
        _merge_times(self.times, result["times"])
        _merge_times(self.turns, result["turns"])
        print(
            f"  game {index + 1}: W {self.wins} / D {self.draws} / L {self.losses}",
            file=sys.stderr,
            flush=True,
        )

    def print(self) -> None:
        a, b = self.args.a, self.args.b
        n = self.wins + self.draws + self.losses
        if not n:
            return
        budget = "fixed budget" if self.args.budget is None else f"{self.args.budget} s per turn"
        print(
            f"{self.spec.title}, {self.args.players} players, {budget}: {a} vs {b} over {n} "
            f"games: W {self.wins} / D {self.draws} / L {self.losses}"
        )
        fair = 1 / self.args.players
        sides = (
            (a, "a", self.wins + self.draws / 2),
            (b, "b", self.losses + self.draws / 2),
        )
        for level, side, share in sides:
            low, high = wilson(share, n)
            seats = 1 if side == "a" else self.args.players - 1
            line = (
                f"  {level:6s} ({seats} seat{'s' if seats > 1 else ''}):"
                f" win share {share / n:.1%} (95% CI {low:.1%}–{high:.1%})"
            )
            if side == "a" and self.args.players > 2:
                line += f", {share / n / fair:.2f} × its fair share"
            line += f"; mean score {statistics.mean(self.scores[side]):.2f}"
            if self.spec.id == "potion-explosion":
                line += f"; Little Help per game {statistics.mean(self.helps[side]):.2f}"
            print(line)


def _merge_times(into: dict, times: dict) -> None:
    for level, seconds in times.items():
        into.setdefault(level, []).extend(seconds)


if __name__ == "__main__":
    main()
