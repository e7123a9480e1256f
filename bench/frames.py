"""Frame times of each table scene, frames while a Hard bot thinks, start-up, and peak memory.

    python -m bench.frames [--frames 600] [--game ID] [--sound off|on|cold]

Runs under the dummy video driver at 1280x800. For each game: an all-bot game (Easy bots) at
normal animation speed, timing ``update + draw`` of every frame for ``--frames`` frames (median,
p95, p99, max); then a game against a Hard bot, reporting the longest frame while it thinks.
Also the time from process start to the first drawn title frame, and the peak RSS.

``--sound on`` opens the real mixer with SDL's disk audio driver (writing to a temporary file;
SDL refuses /dev/null), loads
the sounds before timing, and plays every step's cues as the step is shown, so the mixer works
as hard as in play (until the tables start their own cues, the bench starts them). ``--sound
cold`` does the same with an empty cache folder: the sounds are rendered in the background
while the frames are timed (a first start after installing or upgrading).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def use_sound(mode: str) -> None:
    """Route audio for ``--sound``: the dummy driver (off) or SDL's disk driver (on, cold)."""
    if mode == "off":
        os.environ["SDL_AUDIODRIVER"] = "dummy"
        return
    import atexit
    import tempfile

    handle, path = tempfile.mkstemp(prefix="bench-audio-", suffix=".raw")
    os.close(handle)

    def remove() -> None:
        if os.path.exists(path):
            os.remove(path)

    atexit.register(remove)
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = path


def start_sound(app, table, mode: str) -> None:
    """Open the mixer and (unless ``cold``) wait for the sounds; play each step's cues."""
    if mode == "off":
        return
    if mode == "cold":
        import tempfile

        from sound import library

        app.sound.folder = Path(tempfile.mkdtemp(prefix="bench-sounds-")) / library.version()
    app.sound.start()
    if mode == "on":
        app.sound.wait(60)
        if not app.sound.live:
            raise SystemExit("--sound on: the mixer did not start with SDL's disk driver")
    present = table.present

    def present_with_sound(events, before):
        table.play_sound(list(events))
        present(events, before)

    table.present = present_with_sound


def run_table(game_id: str, seats, frames: int, watch_bot: bool = False, sound: str = "off"):
    """(frame times, frame times while a Hard bot thinks, CPU times) in seconds of ``frames``
    frames of a table scene at 60 fps pacing. The CPU times are the main thread's own per
    frame: the work itself, without the time the system gave to other threads and processes
    (on a busy machine the two differ)."""
    import pygame

    from engine import registry
    from engine.match import Match
    from saves.settings import Settings
    from scenes.app import App
    from scenes.routes import open_match

    app = App(Settings(animation_speed="normal", pass_screen=False), size=(1280, 800))
    spec = registry.get(game_id)
    match = Match(spec, seats, seed=17)
    table = open_match(app, match)
    start_sound(app, table, sound)
    times, thinking, cpu = [], [], []
    for _ in range(frames):
        start, used = time.perf_counter(), time.thread_time()
        app.step(1 / 60, events=[])
        elapsed = time.perf_counter() - start
        times.append(elapsed)
        cpu.append(time.thread_time() - used)
        if watch_bot and table.bot_thinking():
            thinking.append(elapsed)
        # keep wall time like a real 60 fps loop so a bot thread gets its share
        rest = 1 / 60 - elapsed
        if rest > 0:
            time.sleep(rest)
        if match.is_terminal():
            break
    table.shutdown()
    app.sound.close()
    pygame.quit()
    return times, thinking, cpu


def startup_time() -> float:
    """Seconds from launching a Python process for ``main.py`` to its first drawn title frame.

    The child prints the moment its first frame is drawn; the parent measures from just before
    it started the process, so interpreter start-up and imports are included.
    """
    code = (
        "import sys, time\n"
        "sys.argv = ['main.py', '--screenshot', '/tmp/first-frame.png', '--frames', '1']\n"
        "import scenes.app as a\n"
        "draw = a.App.draw\n"
        "def first(self):\n"
        "    draw(self)\n"
        "    if self.frame_count == 0:\n"
        "        print('FIRST', time.time(), flush=True)\n"
        "a.App.draw = first\n"
        "import main\n"
        "main.main()\n"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    start = time.time()
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root)
    for line in out.stdout.splitlines():
        if line.startswith("FIRST"):
            return float(line.split()[1]) - start
    raise RuntimeError("main.py drew no frame: " + out.stderr[-500:])


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--frames", type=int, default=600)
    p.add_argument("--game", default=None)
    p.add_argument("--sound", choices=("off", "on", "cold"), default="off")
    args = p.parse_args(argv)
    use_sound(args.sound)
    print(f"sound: {args.sound}")
    from engine import registry
    from engine.match import Seat

    print(f"first title frame: {startup_time():.2f} s after launch")
    for spec in registry.games():
        if args.game and spec.id != args.game:
            continue
        n = max(2, spec.min_players)
        bots = [Seat("bot", f"Bot {i + 1}", "easy") for i in range(n)]
        times, _, cpu_seconds = run_table(spec.id, bots, args.frames, sound=args.sound)
        ms = [t * 1000 for t in times]
        cpu = [t * 1000 for t in cpu_seconds]
        print(
            f"{spec.id:18s} {len(ms)} frames: median {statistics.median(ms):5.1f} ms, "
            f"p95 {percentile(ms, 0.95):5.1f}, p99 {percentile(ms, 0.99):5.1f}, "
            f"max {max(ms):5.1f}; CPU per frame median {statistics.median(cpu):4.1f}, "
            f"p99 {percentile(cpu, 0.99):4.1f}"
        )
        seats = [Seat("bot", "Hard", "hard")] + [Seat("bot", "Easy", "easy")] * (n - 1)
        _, thinking, _ = run_table(spec.id, seats, args.frames, watch_bot=True, sound=args.sound)
        if thinking:
            print(
                f"{'':18s} while Hard thinks ({len(thinking)} frames): longest "
                f"{max(thinking) * 1000:5.1f} ms, p95 {percentile(thinking, 0.95) * 1000:5.1f}"
            )
        else:
            print(f"{'':18s} (the Hard bot did not think within {args.frames} frames)")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {peak:.0f} MB")


if __name__ == "__main__":
    main()
