"""CPU used while the program idles: seconds of CPU per 10 s on each screen waiting for a person.

    python -m bench.idle [--seconds 10] [--warmup 3] [--only title,bare-wait,...]

Each case runs in a child process with a real window (under Xvfb at 1280x800: the bench starts
one when ``DISPLAY`` is not set and ``Xvfb`` is on the PATH; otherwise SDL's dummy video driver,
which says less). The child opens the screen, lets it settle for ``--warmup`` seconds, then reads
its own CPU time (every thread: ``time.process_time``) over ``--seconds`` seconds of wall time
with nobody touching it, once the screen has settled (the title's props at rest, a table's
opening moves played and a person to move). Audio is SDL's dummy driver (no mixer runs). Saves
and settings go to a temporary folder.

The cases: the two bare loops the issue compares with (``bare-flip``: fill and flip at 60 fps;
``bare-wait``: wait for events), the menus (title, new game, load game, settings, rules, the
pause menu over a table) and each table with a person to move against an Easy bot. The figures
are CPU seconds per 10 s (so 0.5 is 5 % of one core) and the ratios to the two bare loops.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZE = (1280, 800)
MENUS = ("title", "new", "load", "settings", "rules")
TABLES = {
    "potion-explosion": "human,bot:easy",
    "off-the-rails": "human,bot:easy",
    "diced-tomatoes": "human,bot:easy",
    "tea-time": "human,bot:easy",
}
CASES = ("bare-flip", "bare-wait", *MENUS, "pause", *TABLES)


# --- the child: one case ---------------------------------------------------------------------
def _bare(case: str, stop: threading.Event, frames: list) -> None:
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode(SIZE, pygame.RESIZABLE)
    clock = pygame.time.Clock()
    while not stop.is_set():
        frames[0] += 1
        if case == "bare-flip":
            pygame.event.get()
            screen.fill((20, 60, 40))
            pygame.display.flip()
            clock.tick(60)
        else:
            pygame.event.wait(250)  # wakes now and then to see the stop flag
    pygame.quit()


def _app(case: str):
    """The App showing ``case``, built the way ``main.py`` builds it."""
    from engine import registry
    from engine.match import Match
    from main import parse_seats
    from saves.settings import load_settings
    from scenes.app import App
    from scenes.routes import open_match
    from scenes.title import TitleScene

    app = App(load_settings(), size=SIZE)
    app.manager.push(TitleScene(app))
    if case in TABLES or case == "pause":
        game = case if case in TABLES else "potion-explosion"
        spec = registry.get(game)
        open_match(app, Match(spec, parse_seats(TABLES[game], False), {}, 1))
        if case == "pause":
            from scenes.pause import PauseScene

            app.manager.push(PauseScene(app, app.manager.top))
    elif case != "title":
        from scenes.load_game import LoadGameScene
        from scenes.new_game import NewGameScene
        from scenes.rules_help import RulesScene
        from scenes.settings import SettingsScene

        cls = {
            "new": NewGameScene,
            "load": LoadGameScene,
            "settings": SettingsScene,
            "rules": RulesScene,
        }[case]
        app.manager.push(cls(app))
    return app


SETTLE_LIMIT = 60.0
"""Seconds a screen may take to settle (a table's opening moves) before measuring anyway."""


def settled(app) -> bool:
    """True once nothing on screen moves by itself: the opening animations and the bots'
    first moves are over and, at a table, a person is to move. (Read from another thread:
    a glance, not a decision.)"""
    top = app.manager.top
    if top is None or getattr(top, "busy", lambda: False)() or getattr(app.sound, "waiting", 0):
        return False
    match = getattr(top, "match", None)
    return match is None or match.is_human_turn()


def child(case: str, seconds: float, warmup: float) -> dict:
    """Run ``case`` and return ``{"case", "cpu", "wall", "frames", "waiting"}``: CPU seconds
    and frames drawn over the measured ``wall`` seconds; ``waiting`` says whether a table was
    waiting for a person at the end (None for other screens)."""
    import pygame

    marks: dict = {}
    stop = threading.Event()
    bare_frames = [0]

    def mark_start():
        marks["cpu0"], marks["wall0"] = time.process_time(), time.monotonic()
        marks["frames0"] = app.frame_count if app else bare_frames[0]

    def mark_end():
        marks["cpu1"], marks["wall1"] = time.process_time(), time.monotonic()
        marks["frames1"] = app.frame_count if app else bare_frames[0]
        stop.set()
        if app is not None:
            app.running = False
            pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # wake a waiting loop

    def measure():
        time.sleep(warmup)
        deadline = time.monotonic() + SETTLE_LIMIT
        while app is not None and time.monotonic() < deadline and not settled(app):
            time.sleep(0.2)
        mark_start()
        time.sleep(seconds)
        mark_end()

    app = None
    if not case.startswith("bare"):
        app = _app(case)
    threading.Thread(target=measure, daemon=True).start()
    waiting = None
    if app is None:
        _bare(case, stop, bare_frames)
    else:
        table = app.manager.top
        app.run()
        if hasattr(table, "match"):
            waiting = bool(table.match.is_human_turn() and not table.player.busy)
    wall = marks["wall1"] - marks["wall0"]
    return {
        "case": case,
        "cpu": (marks["cpu1"] - marks["cpu0"]) * 10.0 / wall,
        "wall": wall,
        "frames": marks["frames1"] - marks["frames0"],
        "waiting": waiting,
    }


# --- the parent: every case ------------------------------------------------------------------
def _start_xvfb():
    """Start Xvfb on a free display; returns (process, display) or (None, None)."""
    if not shutil.which("Xvfb"):
        return None, None
    for number in range(140, 160):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        process = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", f"{SIZE[0]}x{SIZE[1]}x24"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        if process.poll() is None:
            return process, f":{number}"
    return None, None


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--only", help="comma-separated cases: " + ", ".join(CASES))
    parser.add_argument("--case", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.case:
        print(json.dumps(child(args.case, args.seconds, args.warmup)), flush=True)
        return 0

    cases = args.only.split(",") if args.only else list(CASES)
    unknown = [c for c in cases if c not in CASES]
    if unknown:
        parser.error(f"unknown case {unknown[0]!r}; the cases are {', '.join(CASES)}")
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    xvfb = None
    if not env.get("DISPLAY"):
        xvfb, display = _start_xvfb()
        if display:
            env["DISPLAY"] = display
        else:
            env["SDL_VIDEODRIVER"] = "dummy"
            print("no DISPLAY and no Xvfb: the dummy video driver is used", file=sys.stderr)
    results = []
    try:
        with tempfile.TemporaryDirectory() as folder:
            env["XDG_DATA_HOME"] = str(Path(folder, "data"))
            env["XDG_CONFIG_HOME"] = str(Path(folder, "config"))
            for case in cases:
                out = subprocess.run(
                    [
                        sys.executable,
                        "-m",
                        "bench.idle",
                        "--case",
                        case,
                        "--seconds",
                        str(args.seconds),
                        "--warmup",
                        str(args.warmup),
                    ],
                    cwd=ROOT,
                    env=env,
                    capture_output=True,
                    text=True,
                )
                if out.returncode != 0:
                    print(f"{case}: failed\n{out.stderr[-2000:]}", file=sys.stderr)
                    continue
                result = json.loads(out.stdout.strip().splitlines()[-1])
                results.append(result)
                print(
                    f"  {case:<17} {result['cpu']:6.2f} CPU s / 10 s  "
                    f"{result['frames'] / result['wall']:5.1f} fps",
                    file=sys.stderr,
                )
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
    by_case = {r["case"]: r["cpu"] for r in results}
    flip, wait = by_case.get("bare-flip"), by_case.get("bare-wait")
    print(
        f"\n{'case':<18}{'CPU s/10 s':>11}{'% core':>8}{'fps':>7}"
        f"{'÷ flip':>8}{'÷ wait':>8}  waiting"
    )
    for r in results:
        ratio_flip = f"{r['cpu'] / flip:.2f}" if flip else "-"
        ratio_wait = f"{r['cpu'] / wait:.1f}" if wait else "-"
        waiting = {None: "", True: "yes", False: "NO"}[r["waiting"]]
        print(
            f"{r['case']:<18}{r['cpu']:11.2f}{r['cpu'] * 10:7.1f}%"
            f"{r['frames'] / r['wall']:7.1f}{ratio_flip:>8}{ratio_wait:>8}  {waiting}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
