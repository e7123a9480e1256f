"""Frame intervals as a player sees them, while Hard thinks and while nothing does.

    python -m bench.frames [--seconds 20] [--game ID] [--thinker process|thread|both]

Each case runs in a child process with a real window at 1280x800 (under Xvfb when ``DISPLAY``
is not set): the program's own loop (``App.run``: update, draw, flip, wait for the next frame)
plays a game of Hard bots at normal animation speed, and every flip's time is recorded. The
interval between two flips is what a player sees. Beside each game, at the same time, a bare
pygame loop fills and flips a window at 60 fps: on a busy machine both slow down alike, and
the ratio says what the program adds.

Reported per game: intervals while a Hard bot thinks and while none does (median, p95, p99,
max in ms), beside the bare loop's, and the ratio of the p99s. ``--thinker`` chooses where the
bots think: ``process`` (the program: a worker process), ``thread`` (a thread of the game's
process, as before), or ``both`` to compare them.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from bench.window import SIZE, window_env

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("potion-explosion", "off-the-rails", "diced-tomatoes", "tea-time", "shifting-stones")


def percentile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def summary(values: list[float]) -> dict:
    """Median, p95, p99 and max of ``values`` (milliseconds)."""
    return {
        "n": len(values),
        "median": statistics.median(values) if values else float("nan"),
        "p95": percentile(values, 0.95),
        "p99": percentile(values, 0.99),
        "max": max(values) if values else float("nan"),
    }


# --- the children --------------------------------------------------------------------------
def bare(seconds: float) -> dict:
    """A bare pygame loop: fill, flip, ``clock.tick(60)``; the intervals between flips."""
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode(SIZE)
    clock = pygame.time.Clock()
    stamps: list[float] = []
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        pygame.event.get()
        screen.fill((20, 60, 40))
        pygame.display.flip()
        stamps.append(time.perf_counter())
        clock.tick(60)
    pygame.quit()
    intervals = [(b - a) * 1000 for a, b in zip(stamps, stamps[1:])]
    return {"all": summary(intervals)}


def program(game: str, seconds: float, thinker: str) -> dict:
    """The program's loop at a game of Hard bots; intervals split by whether one thinks."""
    import pygame

    from engine import registry
    from engine.match import Match, Seat
    from saves.settings import Settings
    from scenes.app import App
    from scenes.routes import open_match
    from scenes.table.thinking import ProcessThinker

    app = App(Settings(animation_speed="normal"), size=SIZE, think_in_process=thinker == "process")
    spec = registry.get(game)
    seats = [Seat("bot", f"Hard {n + 1}", "hard") for n in range(max(2, spec.min_players))]
    table = open_match(app, Match(spec, seats, seed=17))
    stamps: list[tuple[float, bool]] = []
    flip = pygame.display.flip

    def recording_flip() -> None:
        flip()
        stamps.append((time.perf_counter(), table.bot_thinking()))

    pygame.display.flip = recording_flip
    if isinstance(app.thinker, ProcessThinker):
        app.thinker.start()  # as run() does after the first frame; done before measuring
    threading.Timer(seconds, lambda: setattr(app, "running", False)).start()
    app.run()
    thinking: list[float] = []
    resting: list[float] = []
    for (a, _was), (b, now) in zip(stamps, stamps[1:]):
        (thinking if now else resting).append((b - a) * 1000)
    return {"thinking": summary(thinking), "resting": summary(resting)}


# --- the parent ----------------------------------------------------------------------------
def run_pair(game: str, seconds: float, thinker: str, env: dict) -> tuple[dict, dict]:
    """The program and a bare loop, run at the same time in two child processes."""

    def child(*args: str) -> subprocess.Popen:
        return subprocess.Popen(
            [sys.executable, "-m", "bench.frames", "--child", *args, "--seconds", str(seconds)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )

    bare_child = child("bare")
    program_child = child("program", "--game", game, "--thinker", thinker)
    results = []
    for process in (bare_child, program_child):
        out, err = process.communicate()
        if process.returncode != 0:
            raise SystemExit(f"a child failed:\n{err[-2000:]}")
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results[0], results[1]


def row(label: str, figures: dict) -> str:
    return (
        f"  {label:<22} {figures['n']:5d}  {figures['median']:6.1f} {figures['p95']:6.1f} "
        f"{figures['p99']:6.1f} {figures['max']:7.1f}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--game", choices=GAMES)
    parser.add_argument("--thinker", choices=("process", "thread", "both"), default="process")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument("--child", choices=("bare", "program"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child == "bare":
        print(json.dumps(bare(args.seconds)))
        return 0
    if args.child == "program":
        print(json.dumps(program(args.game, args.seconds, args.thinker)))
        return 0
    thinkers = ("process", "thread") if args.thinker == "both" else (args.thinker,)
    games = (args.game,) if args.game else GAMES
    figures: dict = {}
    with window_env() as env, tempfile.TemporaryDirectory() as folder:
        env["XDG_DATA_HOME"], env["XDG_CONFIG_HOME"] = f"{folder}/data", f"{folder}/config"
        print(f"{'':24} {'frames':>5}  {'median':>6} {'p95':>6} {'p99':>6} {'max':>7}  (ms)")
        for game in games:
            for thinker in thinkers:
                bare_figures, program_figures = run_pair(game, args.seconds, thinker, env)
                figures[f"{game}/{thinker}"] = {"bare": bare_figures, **program_figures}
                print(f"{game} (bots think in a {thinker})")
                print(row("bare loop beside it", bare_figures["all"]))
                print(row("while Hard thinks", program_figures["thinking"]))
                print(row("while none thinks", program_figures["resting"]))
                ratio = program_figures["thinking"]["p99"] / bare_figures["all"]["p99"]
                print(f"  p99 while thinking ÷ bare p99: {ratio:.2f}")
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
