"""Save and load (with the replay check) of a full, long game of each game.

    python -m bench.saves [--players 4] [--repeat 5]

Plays a seeded game between Easy bots to its end, then times ``store.save`` and ``store.load``
(checksum, migration, replay of the whole history, comparison with the snapshot) in a temporary
folder, and prints the file size.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat
from saves import store


def long_game(spec, players: int, seed: int = 1) -> Match:
    players = max(spec.min_players, min(spec.max_players, players))
    match = Match(spec, [Seat("bot", f"Bot {i + 1}", "easy") for i in range(players)], seed=seed)
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
        else:
            match.play_bot_turn_now(make_bot)
    return match


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--repeat", type=int, default=5)
    args = p.parse_args(argv)
    print(f"{'game':18s} {'steps':>6s} {'save ms':>8s} {'load ms':>8s} {'size KB':>8s}")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        for spec in registry.games():
            match = long_game(spec, args.players)
            saves, loads = [], []
            for _ in range(args.repeat):
                t = time.perf_counter()
                path = store.save(match, spec.id, folder=folder)
                saves.append(time.perf_counter() - t)
                t = time.perf_counter()
                store.load(path)
                loads.append(time.perf_counter() - t)
            print(
                f"{spec.id:18s} {len(match.history):6d} {statistics.median(saves) * 1000:8.1f} "
                f"{statistics.median(loads) * 1000:8.1f} {path.stat().st_size / 1024:8.1f}"
            )


if __name__ == "__main__":
    main()
