"""The window's first frame (issue 38, item 2: "opens fast"): the felt and the program's name
are shown before pygame_gui, the scenes, the engines and the catalogues load, and the title's
menu then appears on the same felt, the name where it was."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]

FIRST_FLIP = """
import json, sys, pygame
sys.argv = ["main.py", "--screenshot", {shot!r}, "--frames", "2"] + {extra!r}
flip = pygame.display.flip
def first():
    if not getattr(first, "done", False):
        first.done = True
        pygame.image.save(pygame.display.get_surface(), {first!r})
        loaded = sorted(
            name for name in sys.modules
            if name.split(".")[0] in ("pygame_gui", "i18n", "yaml", "scenes", "engine", "saves")
        )
        print("LOADED", json.dumps(loaded), flush=True)
    flip()
pygame.display.flip = first
import main
sys.exit(main.main())
"""


def first_and_title(tmp_path, *extra: str) -> tuple[list[str], pygame.Surface, pygame.Surface]:
    """Run the program in a new process: the modules loaded when its first frame was shown,
    that frame, and the title's frame after it."""
    first, shot = tmp_path / "first.png", tmp_path / "title.png"
    code = FIRST_FLIP.format(shot=str(shot), first=str(first), extra=list(extra))
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    line = next(line for line in out.stdout.splitlines() if line.startswith("LOADED"))
    return json.loads(line.split(" ", 1)[1]), pygame.image.load(first), pygame.image.load(shot)


@pytest.mark.long
def test_the_first_frame_shows_the_felt_and_the_name_before_the_rest_loads(tmp_path):
    loaded, first, title = first_and_title(tmp_path, "--size", "1024x640", "--language", "ja")
    assert not [name for name in loaded if name.split(".")[0] in ("pygame_gui", "i18n", "yaml")]
    games = [name for name in loaded if name.startswith("engine.") and name.count(".") >= 1]
    assert games == ["engine.registry"]  # no game's rules, no engine core
    assert set(name for name in loaded if name.startswith("scenes.")) <= {
        "scenes.desktop",
        "scenes.font_files",
        "scenes.window",
    }
    # the settings read through saves.files: the save folder and its format load later
    assert set(name for name in loaded if name.startswith("saves.")) <= {
        "saves.files",
        "saves.folders",
        "saves.settings",
    }
    width, height = first.get_size()
    # the name, in gold, where the title draws it: the same pixels in both frames
    band = pygame.Rect(0, int(height * 0.08), width, int(height * 0.1))
    gold = [
        (x, y)
        for x in range(band.left, band.right, 3)
        for y in range(band.top, band.bottom, 3)
        if first.get_at((x, y))[:3] == (238, 196, 84)
    ]
    assert len(gold) > 100
    assert all(title.get_at(point)[:3] == (238, 196, 84) for point in gold)
    # the felt under it, and the title's menu only in the title's frame
    new_game = (width // 2, int(height * 0.33) + 15)  # the menu's first button
    assert first.get_at(new_game)[1] > first.get_at(new_game)[0]  # green felt
    assert title.get_at(new_game) != first.get_at(new_game)


@pytest.mark.long
def test_stored_player_names_load_no_engine_core_before_the_first_frame(tmp_path):
    """The settings check the names they keep (``engine.names``) without loading the match
    and the engine's core (~17 ms before the first frame)."""
    from saves.settings import Settings, load_settings, save_settings

    save_settings(Settings(player_names=("Ana", "Борис")))
    assert load_settings().player_names == ("Ana", "Борис")
    loaded, _first, _title = first_and_title(tmp_path)
    assert [name for name in loaded if name.startswith("engine.")] == [
        "engine.names",
        "engine.registry",
    ]
