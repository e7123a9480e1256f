"""Fit a value for the end of Shifting Stones Hard's playouts from how Medium's games end.

    python -m bench.ss_value --games 1500 --seed 60000 [--diff] [--save rows.json]
    python -m bench.ss_value --load rows.json [--diff]      (fit noted positions again)

Plays two-player games of Medium against Medium and, at the start of every turn before the last
round, notes each seat's features (:func:`seat_features`: its hand's points by payments away
from the grid, cards in hand, 1-point cards, bonus share now, cards scored), the game's progress
(the most cards a seat has scored over the cards that end the game) and how the game ended. Fits
by least squares what the features add to the final margin of the player to move beyond the
card points already scored: the mover's features and the other's, each weight ``weight +
change * progress``, with a term for the move itself (``--diff``: each seat's features less its
opponent's, as ``bench/dt_value.py`` fits Diced Tomatoes). Prints the weights and how much of
the rest of the margin they explain (R²) against the planner's promise of the hands
(``heuristics.PLAIN``'s keep weights) and the bonus now. A game that stalls (two Mediums
hoarding the last cards, 5 in 1500) is left out. Figures, not tests: 10 minutes on one core
for 1500 games.

Measured (2026-12-07, seeds 60000–61499, 21 071 turn starts): R² 0.15 (``--diff`` 0.18; the
planner's promise 0.02): a card in the mover's hand matching the grid is worth 0.35 of its
points early, 0.95 at the end, 1 payment away 0.2–0.4, 2 away 0.15, further nothing; a 1-point
card scored 1.6 points more early (the race for the bonus), 0.5 at the end; but each card
scored *costs* 2.6 points early and each card held 0.95 — what goes with them, likely not what
they cause (a seat ahead in cards may have scored its cheap ones; a seat holding 6 cards has
skipped for want of a reachable one). Hard's playouts (``bots.playout_value``) ending on it,
against Medium at the fixed search over seeds 1000–1099, where Hard went 76-8-16: the whole fit
replacing the bonus edge (fitted on the first 1000 games: a card scored counted 2.5 points
less early), 10-4-17 after 31 games; the hands' terms only (the mover's and the other's fitted
apart), 65-9-26; the ``--diff`` hands' terms without the cards held, 65-11-24. Not kept. The
rival's real hand is no nearer the grid than the sampled one (at the start of a Medium's turn
the other's cards match it 5.0 % of the time, 26 % are 1 payment away, against 6.9 % and 26 %
for cards drawn from the unseen ones, 120 games): inferring it from what it did would change
little.
"""

from __future__ import annotations

import argparse
import json
import sys

from bench.dt_value import least_squares, margin_rows, r_squared
from bench.medium_games import Stalled, medium_game, turn_starts
from engine.shifting_stones import heuristics
from engine.shifting_stones.data import CARDS
from engine.shifting_stones.rules import target_for

NAMES = ("near0", "near1", "near2", "far", "cards", "ones", "bonus", "scored")
"""What :func:`seat_features` notes of a seat, in order: the points of its hand's cards 0, 1
and 2 payments away from the grid and further (the planner's notion,
``heuristics.distances``), its cards in hand, its 1-point cards scored, its share of the
1-point bonus if the game ended now and its cards scored."""
REACH = 2
"""How many payments away :func:`seat_features` looks (beyond: ``far``): a playout's end is a
grid not searched yet, and the grids within 2 moves are about 150, within 3 about 1,600."""
STALL = 1000
"""Actions after which a game is left out as stalled (a whole game takes about 100)."""


def seat_features(code: int, hand, one_point, scored: int, seat: int) -> list:
    """Seat ``seat``'s features (:data:`NAMES`) on the grid ``code``, holding ``hand``,
    ``one_point`` being each seat's 1-point cards scored and ``scored`` its cards scored."""
    near = [0.0] * (REACH + 2)
    for card, away in heuristics.distances(code, hand, REACH).items():
        near[REACH + 1 if away is None else away] += CARDS[card].points
    ones = float(one_point[seat])
    return [*near, float(len(hand)), ones, heuristics.bonus_share(one_point, seat), float(scored)]


def positions(seed: int) -> list:
    """One Medium-v-Medium game: ``[(progress, mover, [features per seat], [points per seat],
    [final total per seat]), ...]`` at each turn start before the last round; [] for a game
    that stalls."""
    match = medium_game("shifting-stones", seed)
    noted = []
    target = target_for(2)
    try:
        for started in turn_starts(match, STALL):
            state = match.state
            if state.last_round:
                continue
            code = heuristics.encode(state.grid_text())
            ones = [sum(1 for card in cards if CARDS[card].points == 1) for cards in state.scored]
            features = [
                seat_features(code, state.hands[p], ones, len(state.scored[p]), p) for p in range(2)
            ]
            progress = max(len(cards) for cards in state.scored) / target
            noted.append(
                (progress, started[-1].player, features, [state.points(p) for p in range(2)])
            )
    except Stalled:
        return []  # two Mediums hoarding the last cards: a game that never ends
    totals = [row[-1] for row in match.state.score_sheet()["rows"]]
    return [(*note, totals) for note in noted]


def row(note) -> tuple:
    """A noted position's ``(x, y, plain)``: the mover's features and the other's (each also
    times the progress), a constant and the progress; the rest of the mover's final margin;
    and the planner's promise of the hands plus the bonus now, mover less other (for
    comparison)."""
    progress, mover, features, points, totals = note
    mine, theirs = features[mover], features[1 - mover]
    x = mine + theirs + [v * progress for v in mine + theirs] + [1.0, progress]
    y = totals[mover] - totals[1 - mover] - (points[mover] - points[1 - mover])
    return x, y, _plain(mine) - _plain(theirs)


def diff_rows(note) -> list:
    """Both seats' ``(x, y, plain)`` of a noted position, fitted as Diced Tomatoes' are
    (``bench/dt_value.py``): the seat's features less its opponent's (each also times the
    progress) and whether it is to move (±1, also times the progress); the rest of its final
    margin; the planner's promise plus the bonus now, seat less opponent."""
    return margin_rows(
        note, lambda mine, theirs: [a - b for a, b in zip(mine, theirs, strict=True)], _plain
    )


def _plain(f: list) -> float:
    """The planner's promise (:data:`heuristics.PLAIN` keep weights) and the bonus share now."""
    weights = heuristics.PLAIN
    promise = sum(f[i] * weights.keep[i] for i in range(3)) + f[3] * weights.keep[3]
    return promise + f[NAMES.index("bonus")]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=1500)
    p.add_argument("--seed", type=int, default=60000)
    p.add_argument("--save", help="write the noted positions to this JSON file")
    p.add_argument("--load", help="fit the positions of a --save file instead of playing")
    p.add_argument("--diff", action="store_true", help="fit seat less opponent (diff_rows)")
    args = p.parse_args(argv)
    xs, ys, plain = [], [], []
    stalled = 0
    games = []
    if args.load:
        with open(args.load, encoding="utf-8") as file:
            games = json.load(file)
        stalled = sum(1 for noted in games if not noted)
    for game in range(0 if args.load else args.games):
        games.append(positions(args.seed + game))
        if game % 100 == 99:
            print(f"  {game + 1} games", file=sys.stderr, flush=True)
    if args.save:
        with open(args.save, "w", encoding="utf-8") as file:
            json.dump(games, file)
    for noted in games:
        stalled += 0 if args.load else not noted
        for note in noted:
            for x, y, g in diff_rows(note) if args.diff else [row(note)]:
                xs.append(x)
                ys.append(y)
                plain.append(g)
    coefficients = least_squares(xs, ys)
    fitted = [sum(c * v for c, v in zip(coefficients, x, strict=True)) for x in xs]
    slope = least_squares([[g, 1.0] for g in plain], ys)
    first, last = args.seed, args.seed + len(games) - 1
    print(f"{len(games)} games (seeds {first}-{last}, {stalled}", end=" ")
    print(f"stalled and left out), {len(ys)} rows")
    print(f"R² of the rest of the margin: fitted {r_squared(fitted, ys):.3f}, plain", end=" ")
    print(f"{r_squared([slope[0] * g + slope[1] for g in plain], ys):.3f}")
    count = len(NAMES)
    if args.diff:
        for index, name in enumerate(NAMES):
            print(f'    "{name}": ({coefficients[index]:.2f}, {coefficients[count + index]:.2f}),')
        print(f"  to move: {coefficients[-2]:.2f} + {coefficients[-1]:.2f} * progress (±)")
        return
    for index, name in enumerate(NAMES):
        mover, other = coefficients[index], coefficients[count + index]
        mover_change = coefficients[2 * count + index]
        other_change = coefficients[3 * count + index]
        print(f'    "{name}": ({mover:.2f}, {mover_change:.2f}, {other:.2f}, {other_change:.2f}),')
    print(f"  the move: {coefficients[-2]:.2f} + {coefficients[-1]:.2f} * progress")


if __name__ == "__main__":
    main()
