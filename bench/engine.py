"""Engine speed per game: random playouts, legal-action generation, clone, to_dict+from_dict.

    python -m bench.engine [--seconds 2] [--players 2] [--game ID ...] [--playouts N]

Prints operations per CPU-second of this process, each measured over roughly ``--seconds``;
``--playouts N`` plays exactly N seeded random games per game instead (and times the other
operations over a fixed number of calls), so two versions of the engine do the same work and
a whole-process timer can compare them run by run.
"""

from __future__ import annotations

import argparse
import random
import time

from engine import registry
from engine.match import pick_outcome

CALLS_PER_PLAYOUT = 200
"""With ``--playouts N``: legal, clone and round-trip calls timed per playout played."""


def playout(spec, players: int, seed: int):
    """One random game from the start; returns (states seen at decisions, steps)."""
    rng = random.Random(seed)
    state = spec.new_state(players, spec.default_options(players))
    seen, steps = [], 0
    while not state.is_terminal() and steps < 20000:
        if state.current_player() < 0:
            state.apply_action(pick_outcome(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
            if steps % 7 == 0:
                seen.append(state.clone())
        steps += 1
    return seen, steps


def rate(func, items, seconds: float, calls: int | None = None, prepare=None) -> float:
    """Calls of ``func`` over ``items`` (cycled) per CPU-second: for about ``seconds``, or
    exactly ``calls`` calls when given. ``prepare(item)`` makes what each call gets, outside the
    timing (e.g. a fresh state that has worked nothing out yet)."""
    n, spent = 0, 0.0
    batch = 100
    while (n < calls) if calls is not None else (spent < seconds):
        size = batch if calls is None else min(batch, calls - n)
        ready = [items[(n + k) % len(items)] for k in range(size)]
        if prepare is not None:
            ready = [prepare(item) for item in ready]
        start = time.process_time()
        for item in ready:
            func(item)
        spent += time.process_time() - start
        n += size
    return n / max(spent, 1e-9)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--game", action="append", help="game ids (default: every game)")
    p.add_argument("--playouts", type=int, help="play exactly this many games per game")
    args = p.parse_args(argv)
    print(
        f"{'game':18s} {'playouts/s':>11s} {'steps/game':>10s} {'legal/s':>9s} "
        f"{'clone/s':>9s} {'dict rt/s':>9s}"
    )
    specs = [registry.get(game) for game in args.game] if args.game else registry.games()
    for spec in specs:
        games, steps, start, states = 0, 0, time.process_time(), []
        while (
            games < args.playouts
            if args.playouts is not None
            else time.process_time() - start < args.seconds
        ):
            seen, n = playout(spec, args.players, games)
            states.extend(seen[:50])
            steps += n
            games += 1
        playouts = games / (time.process_time() - start)
        calls = None if args.playouts is None else args.playouts * CALLS_PER_PLAYOUT
        # legal moves of a position met for the first time (a state may keep them once made)
        legal = rate(
            lambda s: s.legal_actions(),
            [s.to_dict() for s in states],
            args.seconds / 2,
            calls,
            prepare=spec.state_from_dict,
        )
        clones = rate(lambda s: s.clone(), states, args.seconds / 2, calls)
        trips = rate(
            lambda s, spec=spec: spec.state_from_dict(s.to_dict()),
            states,
            args.seconds / 2,
            calls,
        )
        print(
            f"{spec.id:18s} {playouts:11.1f} {steps / games:10.0f} {legal:9.0f} "
            f"{clones:9.0f} {trips:9.0f}"
        )


if __name__ == "__main__":
    main()
