"""The performance budget: every figure beside its baseline measured in the same run, the
ratio, the goal — and a non-zero exit when a goal is missed.

    python -m bench.budget [--baseline REF] [--only startup,table,frames,engine,suite]

* **startup** — the program's first title frame (the felt and the program's name, drawn before
  pygame_gui and the scenes load: :mod:`scenes.window`) against a bare pygame window's first
  frame (each a new process, run alternately; medians). Goal: ≤ 1.5×. The first frame of the
  title's menu is shown beside it.
* **table** — the longest frame while a table opens with typed names (Cyrillic and Japanese
  too), in a real window, after a few seconds on the title (whose idle loop works ahead, as it
  does while a player chooses), against a 60 fps frame. Goal: ≤ 50 ms.
* **frames** — frame intervals (flip and wait included) while a Hard bot thinks, against a
  bare 60 fps loop run at the same time (:mod:`bench.frames`). Goal: p99 ≤ 1.25× the bare
  loop's p99 (on a quiet machine that is ≤ 20 ms).
* **engine** — Potion Explosion's random playouts per CPU-second against the code at
  ``--baseline`` (a commit; checked out in a temporary work tree), run alternately. Goal: ≥ 2×.
  The other games are shown beside it.
* **suite** — the test suite's CPU seconds (every worker), against nothing but its goal:
  ≤ 80 CPU-seconds. Slow: only with ``--only suite`` or ``--all``.

The machine may be busy: every ratio compares runs made in the same minutes, so a load that
slows both cancels out.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.window import window_env

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "bdad9e6"
"""The commit the round started from: Potion Explosion's engine before it was made faster."""
FIGURES = ("startup", "table", "frames", "engine")


# --- measurements in child processes -----------------------------------------------------------
BARE_FIRST_FRAME = """
import time, pygame
pygame.display.init()
screen = pygame.display.set_mode((1280, 800))
screen.fill((20, 60, 40))
pygame.display.flip()
print("FIRST", time.time(), flush=True)
"""

PROGRAM_FIRST_FRAME = """
import sys, time
sys.argv = ["main.py", "--screenshot", "{shot}", "--frames", "1"]
import pygame
flip = pygame.display.flip
shown = []
def timed_flip():  # the first: the felt and the name; the second: the title with its menu
    flip()
    shown.append(time.time())
    if len(shown) <= 2:
        print(("FIRST", "MENU")[len(shown) - 1], shown[-1], flush=True)
pygame.display.flip = timed_flip
import main
main.main()
"""


def first_frame(code: str, env: dict, mark: str = "FIRST") -> dict[str, float]:
    """Seconds from starting a Python process running ``code`` to each line it prints of a
    time: ``FIRST`` (its first frame shown) and, for the program, ``MENU`` (the title's menu
    drawn). ``RuntimeError`` when no frame was shown."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env
    )
    times = {
        line.split()[0]: float(line.split()[1]) - start
        for line in out.stdout.splitlines()
        if line.startswith(("FIRST", "MENU"))
    }
    if mark not in times:
        raise RuntimeError("no frame was drawn: " + out.stderr[-800:])
    return times


def startup(env: dict, runs: int) -> tuple[float, float, float]:
    """Medians of the program's first frame (the felt and its name, :mod:`scenes.window`),
    of its title menu's first frame, and of a bare window's first frame, run alternately."""
    program, menu, bare = [], [], []
    with tempfile.TemporaryDirectory() as folder:
        code = PROGRAM_FIRST_FRAME.format(shot=Path(folder, "first.png"))
        first_frame(code, env)  # once first: the modules compiled, as after installing
        for _ in range(runs):
            times = first_frame(code, env)
            program.append(times["FIRST"])
            menu.append(times.get("MENU", float("nan")))
            bare.append(first_frame(BARE_FIRST_FRAME, env)["FIRST"])
    return statistics.median(program), statistics.median(menu), statistics.median(bare)


TABLE_OPEN = """
import json, time, pygame
from engine import registry
from engine.match import Match, Seat
from saves.settings import Settings
from scenes.app import App
from scenes.routes import open_match
from scenes.title import TitleScene
app = App(Settings(animation_speed="normal"), size=(1280, 800), think_in_process=True)
app.manager.push(TitleScene(app))
frames = []
due = [time.perf_counter() + 6.0]  # a player spends a few seconds on the title and menus
games = {games!r}
worst = {{}}
opened = []
to_open = []
step = App.step
def timed(self, *args, **kwargs):
    start, cpu = time.perf_counter(), time.thread_time()
    if to_open:  # the click that opens a table is part of its frame
        game = to_open.pop()
        spec = registry.get(game)
        seats = [Seat("human", "Anastasia"), Seat("human", "Борис"), Seat("human", "さくら")]
        opened.append((game, len(frames)))
        open_match(self, Match(spec, seats[: max(2, spec.min_players)], seed=5))
        due[0] = time.perf_counter() + 1.5
    step(self, *args, **kwargs)
    pygame.display.flip()
    frames.append(((time.perf_counter() - start) * 1000, (time.thread_time() - cpu) * 1000))
    if time.perf_counter() < due[0]:
        if opened:  # a table: no idle wait, every frame timed
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))
        return  # the title rests, and its idle loop works ahead as it does for a player
    if opened:
        game, first = opened.pop()
        shown = frames[first:] or [(0.0, 0.0)]
        worst[game] = (max(wall for wall, _cpu in shown), max(cpu for _wall, cpu in shown))
    if not games:
        self.running = False
        return
    to_open.append(games.pop(0))
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
App.step = timed
app.run()
print(json.dumps(worst))
"""


def table_open(env: dict) -> dict:
    """Per game, the longest frame interval in the 1.5 s after its table opens, the frame
    that opens it included, and the most CPU time the main thread spent in one of those
    frames: ``{game: (ms, ms)}`` (on a busy machine the first is longer than the second)."""
    from engine import registry

    games = [spec.id for spec in registry.games()]
    out = subprocess.run(
        [sys.executable, "-c", TABLE_OPEN.format(games=games)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-1500:])
    return json.loads(out.stdout.strip().splitlines()[-1])


ENGINE = """
import json, random, sys, time
sys.path.insert(0, {root!r})
from engine import registry
from engine.match import pick_outcome
out = {{}}
for spec in registry.games():
    games, used = 0, 0.0
    while used < {seconds}:
        start = time.process_time()
        rng = random.Random(games)
        state = spec.new_state(2, spec.default_options(2))
        steps = 0
        while not state.is_terminal() and steps < 20000:
            if state.current_player() < 0:
                state.apply_action(pick_outcome(state.chance_outcomes(), rng))
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            steps += 1
        used += time.process_time() - start
        games += 1
    out[spec.id] = games / used
print(json.dumps(out))
"""


def engine_rates(root: Path, seconds: float) -> dict:
    """Random playouts per CPU-second of each game, with the engine found under ``root``."""
    out = subprocess.run(
        [sys.executable, "-c", ENGINE.format(root=str(root), seconds=seconds)],
        capture_output=True,
        text=True,
        cwd=root,
        timeout=600,
    )
    if out.returncode != 0:
        raise RuntimeError(out.stderr[-1500:])
    return json.loads(out.stdout.strip().splitlines()[-1])


def engine(baseline: str, seconds: float, runs: int) -> tuple[dict, dict]:
    """Median playouts per CPU-second per game, today's code and ``baseline``'s, alternately."""
    folder = Path(tempfile.mkdtemp(prefix="bench-baseline-"))
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(folder), baseline],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    try:
        now: list[dict] = []
        then: list[dict] = []
        for _ in range(runs):
            now.append(engine_rates(ROOT, seconds))
            then.append(engine_rates(folder, seconds))
    finally:
        subprocess.run(
            ["git", "worktree", "remove", "--force", str(folder)], cwd=ROOT, capture_output=True
        )

    def median(samples: list[dict]) -> dict:
        return {game: statistics.median(s[game] for s in samples) for game in samples[0]}

    return median(now), median(then)


def suite_cpu() -> float:
    """CPU seconds of the test suite's quick run (README's test command, tests/soak.py; this
    process's children: every worker), run as a developer runs it again: with its modules'
    compiled files kept. ``RuntimeError`` when a test fails (a failing suite's time means
    nothing)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q"], cwd=ROOT, capture_output=True, text=True, env=env
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if out.returncode != 0:
        raise RuntimeError("the suite failed:\n" + out.stdout[-2000:])
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# --- the report --------------------------------------------------------------------------------
class Report:
    """Rows of ``figure, value, baseline, ratio, goal, met``."""

    def __init__(self) -> None:
        self.missed = 0

    def row(self, name: str, value: float, base: float, unit: str, goal: str, met: bool) -> None:
        ratio = value / base if base else float("nan")
        self.missed += not met
        mark = "ok" if met else "MISSED"
        print(
            f"{name:<44} {value:9.2f} {unit:<6} {base:9.2f} {ratio:7.2f}  {goal:<18} {mark}",
            flush=True,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--baseline", default=BASELINE, help="the commit the engine is measured against"
    )
    parser.add_argument("--only", help="comma-separated: " + ", ".join(FIGURES) + ", suite")
    parser.add_argument("--all", action="store_true", help="also the suite's CPU time")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    chosen = args.only.split(",") if args.only else list(FIGURES) + (["suite"] if args.all else [])
    report = Report()
    print(f"{'figure':<44} {'value':>9} {'':6} {'baseline':>9} {'ratio':>7}  {'goal':<18}")
    with window_env() as env, tempfile.TemporaryDirectory() as folder:
        env["XDG_DATA_HOME"], env["XDG_CONFIG_HOME"] = f"{folder}/data", f"{folder}/config"
        # as a player's computer runs it: compiled modules are kept (pip writes them on install)
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        if "startup" in chosen:
            program, menu, bare = startup(env, args.runs)
            report.row(
                "first title frame vs a bare window",
                program,
                bare,
                "s",
                "ratio <= 1.5",
                program <= 1.5 * bare,
            )
            report.row("the title's menu drawn (shown)", menu, bare, "s", "(shown)", True)
        if "table" in chosen:
            for game, (worst, cpu) in table_open(env).items():
                report.row(
                    f"longest frame opening {game}",
                    worst,
                    1000 / 60,
                    "ms",
                    "<= 50 ms",
                    worst <= 50.0,
                )
                shown = f"  its main thread's CPU, {game}"
                report.row(shown, cpu, 1000 / 60, "ms", "(shown)", True)
        if "frames" in chosen:
            from bench.frames import GAMES, run_pair

            for game in GAMES:
                beside, measured = run_pair(game, 15.0, "process", env)
                p99, bare_p99 = measured["thinking"]["p99"], beside["all"]["p99"]
                report.row(
                    f"frame p99 while Hard thinks, {game}",
                    p99,
                    bare_p99,
                    "ms",
                    "ratio <= 1.25",
                    p99 <= 1.25 * bare_p99,
                )
    if "engine" in chosen:
        now, then = engine(args.baseline, 3.0, args.runs)
        for game in now:
            goal = game == "potion-explosion"
            report.row(
                f"{game} playouts per CPU-second",
                now[game],
                then.get(game, 0.0),
                "/s",
                ">= 2x" if goal else "(shown)",
                not goal or now[game] >= 2 * then[game],
            )
    if "suite" in chosen:
        cpu = suite_cpu()
        report.row("test suite CPU seconds", cpu, 80.0, "s", "<= 80", cpu <= 80.0)
    print(f"\n{report.missed} goal(s) missed" if report.missed else "\nevery goal met")
    return 1 if report.missed else 0


if __name__ == "__main__":
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    sys.exit(main())
