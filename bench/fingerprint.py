"""Fingerprint of every bot decision and every state over seeded games: proof that a speed-up
changed nothing.

    python -m bench.fingerprint OUT.txt [--games N] [--game GAME_ID ...]

For each game and seed it plays a game whose seats rotate through the levels; at every bot
decision it asks every level (Easy, Medium, Hard without a clock, so a fixed amount of search)
for its move in that position, each with a generator seeded alike, and plays the seat's own
level's move. It writes one line per step: the choices of all levels, the events and a hash of
the state's ``to_dict()``. Run it before and after a change and compare the files (``cmp``):
they must be identical.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time

from engine import registry
from engine.bots import LEVELS, make_bot
from engine.match import Match, Seat

PLAYERS = {
    "potion-explosion": (2, 3),
    "off-the-rails": (1, 2, 3),
    "diced-tomatoes": (1, 2),
    "tea-time": (2,),
    "shifting-stones": (1, 2, 3),
}
"""Player counts fingerprinted per game."""


def state_digest(state) -> str:
    """A short hash of ``state.to_dict()`` (sorted JSON)."""
    text = json.dumps(state.to_dict(), sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fingerprint_game(game_id: str, players: int, seed: int, lines: list[str]) -> float:
    """Play one seeded game, append one line per step to ``lines``; returns its CPU seconds."""
    spec = registry.get(game_id)
    levels = [LEVELS[(seed + seat) % len(LEVELS)] for seat in range(players)]
    seats = [Seat("bot", f"{level}-{seat}", level) for seat, level in enumerate(levels)]
    match = Match(spec, seats, seed=seed)
    bots = {level: make_bot(spec, level) for level in LEVELS}
    started = time.process_time()
    lines.append(f"game {game_id} players {players} seed {seed} {state_digest(match.state)}")
    while not match.is_terminal():
        if match.is_chance():
            events = match.resolve_chance()
            lines.append(f"chance {match.history[-1].action!r} {events!r}")
        else:
            player = match.current_player()
            observation = match.state.observation(player)
            legal = match.state.legal_actions()
            choices = {}
            for level in LEVELS:
                rng = random.Random(f"bot:{seed}:{len(match.history)}")
                choices[level] = bots[level].choose(observation.clone(), legal, rng)
            events = match.apply(choices[levels[player]])
            lines.append(f"move {player} {choices!r} {events!r}")
        lines.append(f"state {state_digest(match.state)}")
    return time.process_time() - started


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--games", type=int, default=2, help="seeds per player count")
    parser.add_argument("--game", action="append", help="game ids (default: all with bots)")
    args = parser.parse_args(argv)
    lines: list[str] = []
    for game_id in args.game or list(PLAYERS):
        cpu = 0.0
        for players in PLAYERS[game_id]:
            for seed in range(args.games):
                cpu += fingerprint_game(game_id, players, seed, lines)
        print(f"{game_id}: {cpu:.1f} cpu-s", file=sys.stderr)
    with open(args.out, "w") as file:
        file.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
