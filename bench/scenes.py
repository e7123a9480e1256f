"""CPU per scene push: what opening each screen costs (building its widgets).

    python -m bench.scenes [--pushes 12] [--size 1280x800] [--language en] [--only title,rules]

Runs headless (SDL's dummy video driver) in one process, as the tests do. For each case the
scene is pushed ``--pushes`` times on a fresh stack under the title (popped in between) and the
CPU time of each push (``time.process_time`` around ``SceneManager.push``: the scene's ``enter``
and ``build``) is taken; the first push is shown apart (it loads fonts and fills caches), then
the median of the others. ``app`` is the cost of a new :class:`scenes.app.App` (the window and
its UIManager), ``title-under-table`` the cost of opening a table from the title the way
Continue does (``open_match``: the stack becomes title → table). Saves go to a temporary folder
holding one autosave and one named save, so Load game lists them and Continue is enabled.
A bench, not a test: other processes share the cores, so compare CPU times, not wall time.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
MENUS = ("title", "new", "load", "statistics", "settings", "pause")
TABLE_SEATS = "human,bot:easy"


def private_folders() -> None:
    """Saves, settings and records in a temporary folder, with one autosave and one save."""
    folder = Path(tempfile.mkdtemp(prefix="bench-scenes-"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        os.environ[name] = str(folder / name.lower())
    from engine import registry
    from engine.match import Match
    from main import parse_seats
    from saves import store

    match = Match(registry.get("potion-explosion"), parse_seats(TABLE_SEATS, False), {}, 1)
    store.autosave(match)
    store.save(match, "Bench")


def cases(games) -> list:
    return [
        "app",
        *MENUS,
        *(f"rules:{game}" for game in games),
        *(f"table:{game}" for game in games),
        "title-under-table",
    ]


def make_scene(app, case: str):
    """A new scene for ``case`` (pushed by the caller)."""
    from engine import registry
    from engine.match import Match
    from main import parse_seats

    kind, _sep, game = case.partition(":")
    if kind == "title":
        from scenes.title import TitleScene

        return TitleScene(app)
    if kind == "new":
        from scenes.new_game import NewGameScene

        return NewGameScene(app)
    if kind == "load":
        from scenes.load_game import LoadGameScene

        return LoadGameScene(app)
    if kind == "statistics":
        from scenes.statistics import StatisticsScene

        return StatisticsScene(app)
    if kind == "settings":
        from scenes.settings import SettingsScene

        return SettingsScene(app)
    if kind == "rules":
        from scenes.rules_help import RulesScene

        return RulesScene(app, game)
    if kind == "table":
        from scenes.routes import table_for as make_table

        spec = registry.get(game)
        return make_table(app, Match(spec, parse_seats(TABLE_SEATS, False), {}, 1))
    raise ValueError(f"unknown case {case!r}")


def end(scene) -> None:
    if hasattr(scene, "shutdown"):
        scene.shutdown()


def measure(app, case: str, pushes: int) -> list:
    """CPU seconds of each of ``pushes`` pushes of ``case``."""
    from scenes.title import TitleScene

    times = []
    for _ in range(pushes):
        if case == "app":
            from saves.settings import load_settings
            from scenes.app import App

            start = time.process_time()
            App(load_settings(), size=app.size)
            times.append(time.process_time() - start)
            continue
        if case == "title-under-table":
            from engine import registry
            from engine.match import Match
            from main import parse_seats
            from scenes.routes import open_match

            spec = registry.get("potion-explosion")
            match = Match(spec, parse_seats(TABLE_SEATS, False), {}, 1)
            start = time.process_time()
            open_match(app, match)
            times.append(time.process_time() - start)
            end(app.manager.top)
            app.manager.reset(TitleScene(app))
            continue
        if case == "pause":
            from scenes.pause import PauseScene

            table = make_scene(app, "table:potion-explosion")
            app.manager.push(table)
            start = time.process_time()
            app.manager.push(PauseScene(app, table))
            times.append(time.process_time() - start)
            app.manager.pop()
            app.manager.pop()
            end(table)
            continue
        scene = make_scene(app, case)
        start = time.process_time()
        app.manager.push(scene)
        times.append(time.process_time() - start)
        app.manager.pop()
        end(scene)
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pushes", type=int, default=12)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--language", default="en")
    parser.add_argument("--only", default="", help="comma-separated cases (default: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    private_folders()
    from engine import registry
    from saves.settings import Settings, save_settings
    from scenes.app import App
    from scenes.title import TitleScene

    settings = Settings(animation_speed="instant", language=args.language)
    save_settings(settings)
    size = tuple(int(part) for part in args.size.split("x"))
    app = App(settings, size=size, instant=True)
    app.timed_bots = False
    app.manager.push(TitleScene(app))
    chosen = [c for c in args.only.split(",") if c] or cases([g.id for g in registry.games()])
    print(f"CPU ms per push, {args.size}, {args.language}, {args.pushes} pushes")
    print(f"{'case':28s} {'first':>8s} {'median':>8s} {'min':>8s}")
    total = 0.0
    for case in chosen:
        times = [1000 * t for t in measure(app, case, args.pushes)]
        rest = times[1:] or times
        total += statistics.median(rest)
        print(
            f"{case:28s} {times[0]:8.1f} {statistics.median(rest):8.1f} {min(rest):8.1f}",
            flush=True,
        )
    print(f"{'sum of medians':28s} {'':8s} {total:8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
