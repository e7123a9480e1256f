"""No module of the program's interface, saves, sound, sprites or network passes 800 lines
(docs/DESIGN.md, "Layout"): a job big enough gets its own module. The engine's rules modules
are exempt: a game's rules read best in one place."""

from __future__ import annotations

from pathlib import Path

LIMIT = 800
PACKAGES = ("scenes", "saves", "sound", "sprites", "net", "translation")
ROOT = Path(__file__).resolve().parent.parent


def test_no_module_of_the_program_passes_800_lines():
    files = [path for package in PACKAGES for path in (ROOT / package).rglob("*.py")]
    assert len(files) > 100  # the packages were found
    long = {
        str(path.relative_to(ROOT)): lines
        for path in files
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > LIMIT
    }
    assert long == {}
