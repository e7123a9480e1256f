"""Clicks a person makes per turn at the Diced Tomatoes table, first edition against second.

    python -m bench.clicks [--games 20] [--players 3] [--level easy]

Bots of ``--level`` choose every move; each move is then counted as the clicks it takes with the
first table (a die, then its vine; a die, then Pass die; End turn; a karma button, its target,
its new face) and with the second (:mod:`scenes.tables.diced_tomatoes.input`: a vine that only
one die fits takes it on one click; P or one button sets aside or passes every die that fits
nowhere). Prints the mean clicks per turn of each and the saving.
"""

from __future__ import annotations

import argparse
import random
import statistics

from engine import registry
from engine.bots import make_bot
from engine.diced_tomatoes import state as dt
from engine.match import pick_outcome
from scenes.tables.diced_tomatoes import input as table_input
from scenes.tables.diced_tomatoes.input import Act, Selection

KARMA_WITH_A_FACE = (dt.SetDie, dt.Shift)


def clicks_first(action) -> int:
    """The first table: every move picks its die (or karma button) and then its target."""
    if isinstance(action, dt.PlaceDie):
        return 2
    if isinstance(action, dt.PassDie):
        return 2  # the die, then Pass die
    if isinstance(action, (dt.EndTurn, dt.ClearVine, dt.KeepVine)):
        return 1
    return 3 if isinstance(action, KARMA_WITH_A_FACE) else 2


def clicks_second(action, state, legal, turn_passes: list) -> int:
    """The second table: one click on a vine when only that die fits it; every die that fits
    nowhere goes with one press (P) or one button."""
    if isinstance(action, dt.PlaceDie):
        on_vine = table_input.click(("vine", action.owner, action.token), state, legal, Selection())
        return 1 if on_vine == Act(action) else 2
    if isinstance(action, dt.PassDie):
        first = not turn_passes
        turn_passes.append(action)
        return 1 if first else 0
    if isinstance(action, (dt.EndTurn, dt.ClearVine, dt.KeepVine)):
        return 1
    if isinstance(action, KARMA_WITH_A_FACE):
        options = table_input.karma_options(
            legal, "set" if isinstance(action, dt.SetDie) else "shift"
        )
        return 2 + (len(options.get(("die", action.die), [])) > 1)
    return 2


def game(spec, players: int, level: str, seed: int) -> tuple[list, list]:
    """Clicks per human turn of one game (every seat counted): (first, second)."""
    rng = random.Random(seed)
    state = spec.new_state(players, spec.default_options(players))
    bot = make_bot(spec, level, budget=0.01)
    first: list[int] = []
    second: list[int] = []
    clicks_a, clicks_b = 0, 0
    seen: list = []
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply_action(pick_outcome(state.chance_outcomes(), rng))
            continue
        legal = state.legal_actions()
        action = bot.choose(state.observation(state.current_player()), legal, rng)
        clicks_a += clicks_first(action)
        clicks_b += clicks_second(action, state, legal, seen)
        state.apply_action(action)
        if isinstance(action, dt.EndTurn):
            first.append(clicks_a)
            second.append(clicks_b)
            clicks_a, clicks_b = 0, 0
            seen = []
    return first, second


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", default="easy")
    args = parser.parse_args()
    spec = registry.get("diced-tomatoes")
    first, second = [], []
    for seed in range(args.games):
        a, b = game(spec, args.players, args.level, seed)
        first += a
        second += b
    old, new = statistics.mean(first), statistics.mean(second)
    print(
        f"diced-tomatoes {args.players}p {args.level}: {len(first)} turns, clicks per turn "
        f"first edition {old:.2f}, second {new:.2f} ({100 * (old - new) / old:.0f}% fewer)"
    )


if __name__ == "__main__":
    main()
