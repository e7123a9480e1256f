"""Soak the engines: thousands of seeded random games per game, each checked at every step.

    python -m bench.random_games [--games 500] [--game ID] [--first-seed 0]

The test suite plays a few dozen random games per game; this plays many more with the same
checks (the engine contract of ``tests/contract.py`` and each game's own invariants, from its
``tests/engine/<game>/test_random_games.py``) and prints games per second. Any failure stops with
the seed and step, which the test's ``play_random_games([seed])`` reproduces.
"""

from __future__ import annotations

import argparse
import importlib
import time

from engine import registry
from tests.contract import contract_check


def player(game_id: str):
    """The game's own ``play_random_games(seeds)``, or the bare contract check."""
    module_name = f"tests.engine.{game_id.replace('-', '_')}.test_random_games"
    try:
        module = importlib.import_module(module_name)
        return module.play_random_games
    except (ImportError, AttributeError):
        spec = registry.get(game_id)
        return lambda seeds: contract_check(spec, seeds=list(seeds), deep_every=5)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500, help="random games per game")
    parser.add_argument("--game", help="one game id (default: every game)")
    parser.add_argument(
        "--first-seed", type=int, default=10_000, help="first seed (the tests use 0 upwards)"
    )
    args = parser.parse_args(argv)
    games = [args.game] if args.game else [spec.id for spec in registry.games()]
    for game_id in games:
        play = player(game_id)
        seeds = range(args.first_seed, args.first_seed + args.games)
        started = time.perf_counter()
        play(seeds)
        seconds = time.perf_counter() - started
        print(
            f"{game_id:18} {args.games} games in {seconds:7.1f} s "
            f"({args.games / seconds:6.1f} games/s)"
        )


if __name__ == "__main__":
    main()
