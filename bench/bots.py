"""Bot strength and speed: seeded games between two levels, seats swapped every other game.

    python -m bench.bots --game diced-tomatoes --a hard --b easy --games 200 [--players 2]
    python -m bench.bots --game diced-tomatoes --solo --games 200      (Hard's matched slots)

Prints wins/draws/losses of level A with a 95% Wilson interval of A's win share (draws count
half), and p50/p95/max decision time of each level. With more than 2 players, level A takes one
seat (rotating) and level B the others.
"""
from __future__ import annotations

import argparse
import math
import signal
import statistics
import sys
import time

from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat


def wilson(wins: float, n: int, z: float = 1.96) -> tuple:
    """95% Wilson score interval of a proportion ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def percentile(values, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else 0.0


def play(spec, levels, seed, budget, times):
    """One game; returns the score sheet. ``times[level]`` collects decision seconds."""
    seats = [Seat("bot", f"{lv}-{i}", lv) for i, lv in enumerate(levels)]
    match = Match(spec, seats, seed=seed)
    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        level = levels[match.current_player()]
        bot, obs, legal, rng, n = match.bot_request(
            lambda s, lv: make_bot(s, lv, budget=budget, clock=time.monotonic))
        start = time.perf_counter()
        action = bot.choose(obs, legal, rng)
        times.setdefault(level, []).append(time.perf_counter() - start)
        match.apply_bot_move(action, n)
    return match.state.score_sheet()


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="diced-tomatoes")
    p.add_argument("--a", default="hard")
    p.add_argument("--b", default="easy")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--budget", type=float, default=1.5)
    p.add_argument("--seed", type=int, default=1000)
    p.add_argument("--solo", action="store_true")
    args = p.parse_args(argv)
    spec = registry.get(args.game)
    times: dict = {}
    # a long run stopped with Ctrl-C or SIGTERM still reports the games it finished
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt))
    if args.solo:
        solo(spec, args, times)
    else:
        duel(spec, args, times)
    for level, ts in sorted(times.items()):
        print(f"  {level:6s} decisions {len(ts):6d}: p50 {percentile(ts, .5) * 1000:7.1f} ms, "
              f"p95 {percentile(ts, .95) * 1000:7.1f} ms, max {max(ts) * 1000:7.1f} ms")


def solo(spec, args, times) -> None:
    """Print level ``args.a``'s mean matched slots over the solo games it finished."""
    matched = []
    wins = 0
    try:
        for g in range(args.games):
            sheet = play(spec, [args.a], args.seed + g, args.budget, times)
            matched.append(sheet["rows"][0][-1])
            wins += bool(sheet.get("solo", {}).get("won"))
            print(f"  game {g + 1}: matched {matched[-1]}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("stopped early", file=sys.stderr)
    if matched:
        print(f"{spec.title} solo, {args.a}: {len(matched)} games, matched slots mean "
              f"{statistics.mean(matched):.2f} (sd {statistics.pstdev(matched):.2f}), "
              f"{wins} wins (6 harvests)")


def duel(spec, args, times) -> None:
    """Print level ``args.a``'s wins/draws/losses against ``args.b`` over the games finished."""
    w = d = l = 0
    try:
        for g in range(args.games):
            seat_a = g % args.players
            levels = [args.a if i == seat_a else args.b for i in range(args.players)]
            sheet = play(spec, levels, args.seed + g, args.budget, times)
            winners = sheet["winners"]
            if seat_a in winners:
                if len(winners) > 1:
                    d += 1
                else:
                    w += 1
            else:
                l += 1
            print(f"  game {g + 1}: W {w} / D {d} / L {l}", file=sys.stderr, flush=True)
    except KeyboardInterrupt:
        print("stopped early", file=sys.stderr)
    n = w + d + l
    if n:
        lo, hi = wilson(w + d / 2, n)
        print(f"{spec.title}, {args.players} players, budget {args.budget} s: {args.a} vs "
              f"{args.b} over {n} games: W {w} / D {d} / L {l}; {args.a}'s share "
              f"{(w + d / 2) / n:.0%} (95% CI {lo:.0%}–{hi:.0%})")


if __name__ == "__main__":
    main()
