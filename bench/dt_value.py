"""Fit Diced Tomatoes Hard's evaluation (``heuristics.HARD_WEIGHTS``) from Medium's games.

    python -m bench.dt_value --games 2001 --seed 50000

Plays two-player games of Medium against Medium and, at the start of every turn before the final
round, notes each seat's features (``heuristics.value_features``), the share of the bushel left
(the phase) and how the game ended. Fits by least squares what the features add to the final
margin beyond the points already certain (``rules.running_score``): the seat's features minus
its opponent's, each feature's weight ``weight + change * phase``, with a term for whose turn it
is. Prints each feature's ``(weight, change)`` as ``HARD_WEIGHTS`` reads them and how much of
the rest of the margin they explain (R²) against the greedy evaluation's vine promise and karma.
Figures, not tests: a few minutes on one core.
"""

from __future__ import annotations

import argparse
import sys

from bench.medium_games import medium_game, turn_starts
from engine.diced_tomatoes import heuristics, rules

NAMES = list(heuristics.HARD_WEIGHTS)


def positions(seed: int) -> list:
    """One Medium-v-Medium game: ``[(phase, active seat, [features per seat], [certain points
    per seat], [final total per seat]), ...]`` at each turn start before the final round."""
    match = medium_game("diced-tomatoes", seed)
    noted = []
    for _started in turn_starts(match):
        state = match.state
        if state.final_round:
            continue
        full = sum(rules.full_bushel(2, state.options).values())
        noted.append(
            (
                state.bushel_size() / full,
                state.active,
                [heuristics.value_features(state, p) for p in range(2)],
                [rules.running_score(state, p)["total"] for p in range(2)],
            )
        )
    totals = [row[-1] for row in match.state.score_sheet()["rows"]]
    return [(*note, totals) for note in noted]


def rows(note) -> list:
    """Both seats' ``(x, y, greedy)`` of one noted position: the feature differences (each
    also times the phase) and whose turn it is, the rest of the final margin, and the greedy
    evaluation's karma and vine promise difference (for comparison)."""
    phase, active, features, certain, totals = note
    return margin_rows(
        (phase, active, features, certain, totals),
        lambda mine, theirs: [mine[n] - theirs[n] for n in NAMES],
        _greedy,
    )


def margin_rows(note, difference, baseline) -> list:
    """Both seats' ``(x, y, baseline)`` of ``note`` ``(phase, mover, [features per seat],
    [certain points per seat], [final total per seat])``: ``x`` the seat's features less its
    opponent's (``difference(mine, theirs)``, a list), each also times the phase, then whether
    it is to move (±1, also times the phase); ``y`` the rest of its final margin beyond the
    certain points; ``baseline(features)`` seat less opponent, for comparison."""
    phase, mover, features, certain, totals = note
    result = []
    for me in (0, 1):
        mine, theirs = features[me], features[1 - me]
        diff = difference(mine, theirs)
        turn = 1.0 if mover == me else -1.0
        x = diff + [d * phase for d in diff] + [turn, turn * phase]
        y = totals[me] - totals[1 - me] - (certain[me] - certain[1 - me])
        result.append((x, y, baseline(mine) - baseline(theirs)))
    return result


def _greedy(f: dict) -> float:
    """The greedy evaluation's karma and vine promise from the features (regular rules)."""
    promise = sum(
        (length / 4) ** 2 * 0.8 * f[name + "_value"]
        for length, name in ((1, "seed"), (2, "two_dice"), (3, "three_dice"))
    )
    return 0.5 * f["karma"] + promise + f["three_dice_vines"]


def least_squares(xs: list, ys: list) -> list:
    """The coefficients minimising the squared error of ``x · c`` against ``y`` (normal
    equations, Gaussian elimination with partial pivoting)."""
    k = len(xs[0])
    a = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi:
                row = a[i]
                for j in range(k):
                    row[j] += xi * x[j]
                row[k] += xi * y
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if abs(a[col][col]) < 1e-12:
            continue
        for r in range(k):
            if r != col and a[r][col]:
                factor = a[r][col] / a[col][col]
                a[r] = [v - factor * p for v, p in zip(a[r], a[col], strict=True)]
    return [a[i][k] / a[i][i] if abs(a[i][i]) >= 1e-12 else 0.0 for i in range(k)]


def r_squared(predicted: list, ys: list) -> float:
    """The share of the variance of ``ys`` that ``predicted`` explains."""
    mean = sum(ys) / len(ys)
    total = sum((y - mean) ** 2 for y in ys)
    return 1 - sum((y - p) ** 2 for y, p in zip(ys, predicted, strict=True)) / total


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=2001)
    p.add_argument("--seed", type=int, default=50000)
    args = p.parse_args(argv)
    xs, ys, greedy = [], [], []
    for game in range(args.games):
        for note in positions(args.seed + game):
            for x, y, g in rows(note):
                xs.append(x)
                ys.append(y)
                greedy.append(g)
        if game % 100 == 99:
            print(f"  {game + 1} games, {len(ys)} rows", file=sys.stderr, flush=True)
    print(f"{args.games} games (seeds {args.seed}-{args.seed + args.games - 1}), {len(ys)} rows")
    coefficients = print_fit(NAMES, xs, ys, greedy, "greedy")
    print(f"  whose turn: {coefficients[-2]:.2f} + {coefficients[-1]:.2f} * phase")


def print_fit(names: list, xs: list, ys: list, baseline: list, baseline_name: str) -> list:
    """Fit ``ys`` on ``xs`` by least squares and print how much of them the fit explains (R²)
    beside ``baseline`` (one number per row, scaled by its own fit), then each name's
    ``(weight, change)``: coefficient ``i`` and ``len(names) + i``. Returns the coefficients."""
    coefficients = least_squares(xs, ys)
    fitted = [sum(c * v for c, v in zip(coefficients, x, strict=True)) for x in xs]
    slope = least_squares([[b, 1.0] for b in baseline], ys)
    print(
        f"R² of the rest of the margin: fitted {r_squared(fitted, ys):.3f}, {baseline_name}",
        end=" ",
    )
    print(f"{r_squared([slope[0] * b + slope[1] for b in baseline], ys):.3f}")
    count = len(names)
    for index, name in enumerate(names):
        weight, change = coefficients[index], coefficients[count + index]
        print(f'    "{name}": ({weight:.2f}, {change:.2f}),')
    return coefficients


if __name__ == "__main__":
    main()
