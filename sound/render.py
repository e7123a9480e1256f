"""Render every missing sound into a cache folder, in a process of its own.

    python -m sound.render FOLDER

The board runs this when the cache is incomplete (the first start, or after the recipes
changed), so the pure-Python synthesis never competes with the game's frames for the
interpreter. Exit status 0 when every sound is stored, 3 when the folder refused a write.
"""

from __future__ import annotations

import sys
from pathlib import Path

from sound import library
from sound.cache import SoundCache


def render_into(folder: Path) -> bool:
    """Render and store whatever ``folder`` lacks; True when all of it is stored."""
    store = SoundCache(folder)
    for key in library.keys():
        store.wav(*key)
    store.finish()
    return store.writable


def main(argv=None) -> int:
    """``python -m sound.render FOLDER``: returns 0 when every sound is stored, 3 when the
    folder refused a write, 2 for a wrong command line."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m sound.render FOLDER", file=sys.stderr)
        return 2
    return 0 if render_into(Path(args[0])) else 3


if __name__ == "__main__":
    sys.exit(main())
