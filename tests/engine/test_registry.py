"""The one list of games (issue 37): each entry's id and title agree with the game's own
GameSpec, so the title screen and --help can name the games without loading their rules."""

from __future__ import annotations

import importlib

from engine import registry


def test_the_registry_names_each_game_as_its_spec_does():
    for package, game_id, title in registry.GAMES:
        spec = importlib.import_module(package).GAME
        assert (spec.id, spec.title) == (game_id, title)
    assert [spec.id for spec in registry.games()] == [i for i, _title in registry.listed()]


def test_listing_the_games_loads_no_rules():
    """In a fresh interpreter, naming the games imports no game's rules."""
    import subprocess
    import sys

    code = (
        "import sys; from engine import registry; registry.listed(); "
        "print(any(m.endswith('.rules') for m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
