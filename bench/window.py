"""A real window for the benchmarks: Xvfb on a free display when ``DISPLAY`` is not set."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scenes.desktop import use_plain_framebuffer

SIZE = (1280, 800)


def start_xvfb(size: tuple[int, int] = SIZE) -> tuple[subprocess.Popen | None, str | None]:
    """Start Xvfb on a free display; returns ``(process, display)`` or ``(None, None)``."""
    if not shutil.which("Xvfb"):
        return None, None
    for number in range(140, 160):
        if Path(f"/tmp/.X11-unix/X{number}").exists() or Path(f"/tmp/.X{number}-lock").exists():
            continue
        process = subprocess.Popen(
            ["Xvfb", f":{number}", "-screen", "0", f"{size[0]}x{size[1]}x24"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(1.0)
        if process.poll() is None:
            return process, f":{number}"
    return None, None


@contextmanager
def window_env(size: tuple[int, int] = SIZE) -> Iterator[dict]:
    """An environment for child processes with a real window (the caller's ``DISPLAY``, or a
    new Xvfb; SDL's dummy driver when neither exists, said on stderr) and no audio. The picture
    goes to the screen as the program sends it (``scenes.desktop.use_plain_framebuffer``), in
    the bare baselines too: a ratio says what the program adds, not how SDL is set."""
    env = dict(os.environ, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    use_plain_framebuffer(env)
    env.pop("SDL_VIDEODRIVER", None)
    xvfb = None
    if not env.get("DISPLAY"):
        xvfb, display = start_xvfb(size)
        if display:
            env["DISPLAY"] = display
        else:
            env["SDL_VIDEODRIVER"] = "dummy"
            print("no DISPLAY and no Xvfb: the dummy video driver is used", file=sys.stderr)
    try:
        yield env
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait()
