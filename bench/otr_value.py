"""Fit Off the Rails' evaluation terms (``heuristics.TERMS``) to how Medium's games end.

    python -m bench.otr_value --games 800 --seed 60000 [--save notes.py | --load notes.py]

Plays two-player games of Medium against Medium and, at the start of every turn, notes each
seat's terms (``heuristics.value_features``), the share of the game left (the phase,
``heuristics.game_phase``), its points now (``heuristics.points``) and how the game ended. Fits
by least squares what the terms add to the final margin beyond the points now: the seat's terms
minus its opponent's, each term's weight ``weight + change * phase``, with a term for whose turn
it is (Diced Tomatoes' way, ``bench/dt_value.py``). Prints each term's ``(weight, change)`` and
how much of the rest of the margin they explain (R²) against the usual evaluation
(``heuristics.evaluate``, foresight). Figures, not tests: about 15 minutes on one core.

Measured 2026-12-07 (issue 39): R² 0.203 against 0.163 (800 games, seeds 60000-60799); with the
deposit deck's share as the phase, 0.201 against 0.163 (1500 games). Hard's sampled futures
ended on those weights (the candidate's own value still 0.3 of each future's) went 72-0-28 and
67-1-32 against Medium over seeds 1000-1099, and with its candidates ranked by them too 71-0-29,
where Hard as it is went 70-0-30: the fitted terms barely explain more of the margin, and a
better ending of Hard's one sampled future per candidate does not make it stronger. Not kept.
"""

from __future__ import annotations

import argparse
import ast
import sys

from bench.dt_value import print_fit
from bench.medium_games import medium_game, turn_starts
from engine.off_the_rails import heuristics
from engine.off_the_rails.rules import scores

NAMES = list(heuristics.TERMS)


def positions(seed: int) -> list:
    """One Medium-v-Medium game: ``[(phase, active seat, [terms per seat], [points now per
    seat], [usual evaluation per seat], [final total per seat]), ...]`` at each turn start."""
    match = medium_game("off-the-rails", seed)
    noted = []
    for _started in turn_starts(match):
        state = match.state
        noted.append(
            (
                heuristics.game_phase(state),
                state.player,
                heuristics.value_features(state),
                [heuristics.points(state, p) for p in range(2)],
                [heuristics.evaluate(state, p, True) for p in range(2)],
            )
        )
    totals = [row["total"] for row in scores(match.state)]
    return [(*note, totals) for note in noted]


def rows(note) -> list:
    """Both seats' ``(x, y, usual)`` of one noted position: the term differences (each also
    times the phase) and whose turn it is, the rest of the final margin, and the usual
    evaluation minus the points margin (for comparison)."""
    phase, active, features, now, usual, totals = note
    result = []
    for me in (0, 1):
        mine, theirs = features[me], features[1 - me]
        diff = [mine[n] - theirs[n] for n in NAMES]
        turn = 1.0 if active == me else -1.0
        x = diff + [d * phase for d in diff] + [turn, turn * phase, 1.0]
        margin_now = now[me] - now[1 - me]
        y = totals[me] - totals[1 - me] - margin_now
        result.append((x, y, usual[me] - margin_now))
    return result


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1500)
    p.add_argument("--seed", type=int, default=60000)
    p.add_argument("--save", help="also write the noted positions here (a Python literal)")
    p.add_argument("--load", help="fit the positions noted there instead of playing games")
    args = p.parse_args(argv)
    notes = []
    if args.load:
        with open(args.load) as source:
            notes = ast.literal_eval(source.read())
    else:
        for game in range(args.games):
            notes.extend(positions(args.seed + game))
            if game % 100 == 99:
                print(f"  {game + 1} games, {len(notes)} positions", file=sys.stderr, flush=True)
    if args.save:
        with open(args.save, "w") as out:
            out.write(repr(notes))
    xs, ys, usual = [], [], []
    for note in notes:
        for x, y, u in rows(note):
            xs.append(x)
            ys.append(y)
            usual.append(u)
    if args.load:
        print(f"{len(notes)} positions from {args.load}, {len(ys)} rows")
    else:
        print(
            f"{args.games} games (seeds {args.seed}-{args.seed + args.games - 1}), {len(ys)} rows"
        )
    coefficients = print_fit(NAMES, xs, ys, usual, "usual")
    print(f"  whose turn: {coefficients[-3]:.2f} + {coefficients[-2]:.2f} * phase")


if __name__ == "__main__":
    main()
