"""Engine speed per game: random playouts, legal-action generation, clone, to_dict+from_dict.

    python -m bench.engine [--seconds 2] [--players 2]

Prints operations per second measured over roughly ``--seconds`` each.
"""

from __future__ import annotations

import argparse
import random
import time

from engine import registry
from engine.match import pick_outcome


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


def rate(func, items, seconds: float) -> float:
    """Calls of ``func`` over ``items`` (cycled) per second."""
    n, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        func(items[n % len(items)])
        n += 1
    return n / (time.perf_counter() - start)


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--players", type=int, default=2)
    args = p.parse_args(argv)
    print(
        f"{'game':18s} {'playouts/s':>11s} {'steps/game':>10s} {'legal/s':>9s} "
        f"{'clone/s':>9s} {'dict rt/s':>9s}"
    )
    for spec in registry.games():
        games, steps, start, states = 0, 0, time.perf_counter(), []
        while time.perf_counter() - start < args.seconds:
            seen, n = playout(spec, args.players, games)
            states.extend(seen[:50])
            steps += n
            games += 1
        playouts = games / (time.perf_counter() - start)
        legal = rate(lambda s: s.legal_actions(), states, args.seconds / 2)
        clones = rate(lambda s: s.clone(), states, args.seconds / 2)
        trips = rate(
            lambda s, spec=spec: spec.state_from_dict(s.to_dict()), states, args.seconds / 2
        )
        print(
            f"{spec.id:18s} {playouts:11.1f} {steps / games:10.0f} {legal:9.0f} "
            f"{clones:9.0f} {trips:9.0f}"
        )


if __name__ == "__main__":
    main()
