"""What the Hard bot does in the games it wins: the figures behind the rules help's tips.

    python -m bench.win_traits --game off-the-rails --games 60 [--b medium] [--jobs 2]

Plays seeded two-player games of Hard (a fixed amount of search, no clock: the same games on
any machine) against level B, seats swapped every other game, and counts per seat what each
game's events say a player did (``TRAITS``: deliveries, collisions, karma, columns ...). Prints
each trait's mean for Hard in its wins, Hard in its losses and B in Hard's wins, so a tip can
say what wins, not what a bot merely does. Figures, not tests (docs/DESIGN.md, "Testing").
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
from collections import Counter

from bench.bots import _ignore_interrupts
from engine import registry
from engine.bots import make_bot
from engine.match import Match, Seat


def _off_the_rails(match: Match, seat: int) -> dict:
    """Deliveries, what they carried, collisions and derails, missions, carts, track."""
    from engine.off_the_rails import state as otr
    from engine.off_the_rails.data import GEM_VALUES, jewels

    names: Counter[str] = Counter()
    delivered: list[tuple] = []
    moves: list[int] = []
    first: float | None = None
    steps = max(1, len(match.history))
    for index, event in match.events:
        if isinstance(event, otr.Collided) and event.other_player == seat != event.player:
            names["rammed by others"] += 1
        if getattr(event, "player", None) != seat:
            continue
        names[type(event).__name__] += 1
        if isinstance(event, otr.CartMoved):
            moves.append(len(event.path))
        elif isinstance(event, otr.CartLeftMine):
            delivered.append(event.gems)
            first = index / steps if first is None else first
        elif isinstance(event, otr.Collided) and event.other_player != seat:
            names["rammed an opponent"] += 1
        elif isinstance(event, otr.SpeedChanged):
            names["speed up" if event.new > event.old else "speed down"] += 1
    sheet = match.state.score_sheet()
    row = dict(zip(sheet["columns"], sheet["rows"][seat], strict=True))
    loads = [sum(gems) for gems in delivered]
    values = [sum(n * v for n, v in zip(gems, GEM_VALUES, strict=True)) for gems in delivered]
    return {
        "total": row["Total"],
        "gem points": row["Gem points"],
        "most rubies bonus": row["Most rubies"],
        "carts in supply points": row["Carts in supply"],
        "mission points": row["Missions"],
        "deliveries": len(delivered),
        "gems per delivery": statistics.mean(loads) if loads else 0.0,
        "points per delivery": statistics.mean(values) if values else 0.0,
        "jewels delivered": sum(jewels(gems) for gems in delivered),
        "rocks delivered": sum(gems[0] for gems in delivered),
        "first delivery (share of the game)": 1.0 if first is None else first,
        "squares per move": statistics.mean(moves) if moves else 0.0,
        "missions taken": names["MissionClaimed"],
        "tiles laid": names["TilePlaced"],
        "upgrades": names["TileUpgraded"],
        "carts placed": names["CartPlaced"],
        "speed ups": names["speed up"],
        "speed downs": names["speed down"],
        "rammed an opponent": names["rammed an opponent"],
        "rammed by others": names["rammed by others"],
        "derails": names["CartDerailed"],
        "carts fallen in the chasm": names["CartFell"],
    }


def _diced_tomatoes(match: Match, seat: int) -> dict:
    """Harvests and their values, dice given away, karma earned and spent."""
    from engine.diced_tomatoes import state as dt
    from engine.diced_tomatoes.rules import score_parts

    names: Counter[str] = Counter()
    spent: Counter[str] = Counter()
    harvests: list[int] = []
    own: list[int] = []
    given: list[int] = []
    seeds: list[int] = []
    seeds_given: list[int] = []
    for _index, event in match.events:
        if isinstance(event, dt.VineHarvested) and event.owner == seat:
            harvests.append(event.value)
        if getattr(event, "player", None) != seat:
            continue
        names[type(event).__name__] += 1
        if isinstance(event, dt.DiePlaced):
            mine = event.owner == seat
            (own if mine else given).append(event.face)
            if event.position == 0:
                (seeds if mine else seeds_given).append(event.face)
            if event.colour == "b":
                names["black dice on own vines" if mine else "black dice on opponents' vines"] += 1
        elif isinstance(event, dt.KarmaSpent):
            spent[event.what] += event.amount
        elif isinstance(event, dt.KarmaGained) and event.vine:
            names["karma from vines"] += event.amount
    score = score_parts(match.state, seat)
    return {
        "total": score["total"],
        "harvests": len(harvests),
        "mean harvest value": statistics.mean(harvests) if harvests else 0.0,
        "harvests worth 5-6": sum(1 for value in harvests if value >= 5),
        "first to six": score["first_six"],
        "end karma points": score["karma"],
        "dice placed on own vines": len(own),
        "mean face on own vines": statistics.mean(own) if own else 0.0,
        "dice given to opponents' vines": len(given),
        "mean face given": statistics.mean(given) if given else 0.0,
        "dice passed": names["DiePassed"],
        "seeds on own tokens": len(seeds),
        "mean seed face, own": statistics.mean(seeds) if seeds else 0.0,
        "seeds put on opponents' tokens": len(seeds_given),
        "mean seed face given": statistics.mean(seeds_given) if seeds_given else 0.0,
        "black dice on opponents' vines": names["black dice on opponents' vines"],
        "black dice on own vines": names["black dice on own vines"],
        "karma from opponents' vines": names["karma from vines"],
        "karma spent": sum(spent.values()),
        **{f"karma spent to {what}": amount for what, amount in sorted(spent.items())},
        "vines cleaned by karma": names["VineCleared"],
    }


def _tea_time(match: Match, seat: int) -> dict:
    """Columns at the end (how many of each size), cancelled cards, Alice, cards per take."""
    from engine.tea_time import state as tt
    from engine.tea_time.rules import column_points

    state = match.state
    columns = [column.count for column in state.collections[seat].values()]
    takes: list[int] = []
    cancelled = 0
    for _index, event in match.events:
        if isinstance(event, tt.CardsTaken) and event.player == seat:
            takes.append(len(event.cards))
        elif isinstance(event, tt.CardsCancelled) and event.player == seat:
            cancelled += 2 * event.pairs
    sheet = state.score_sheet()
    return {
        "total": sheet["rows"][seat][-1],
        "empty columns": sum(1 for count in columns if count == 0),
        "columns of 1-2": sum(1 for count in columns if count in (1, 2)),
        "columns of 3": sum(1 for count in columns if count == 3),
        "columns of 4": sum(1 for count in columns if count == 4),
        "columns of 5+": sum(1 for count in columns if count >= 5),
        "points from columns": sum(column_points(count) for count in columns),
        "cards taken per turn": statistics.mean(takes) if takes else 0.0,
        "cards lost to cancelling": cancelled,
        "cards kept": sum(columns),
        "holds Alice": int(state.alice == seat),
    }


TRAITS = {
    "off-the-rails": _off_the_rails,
    "diced-tomatoes": _diced_tomatoes,
    "tea-time": _tea_time,
}
"""Per game: ``traits(match, seat) -> {name: number}`` of a finished game."""


def play(task: tuple) -> tuple:
    """One game (``(index, game_id, levels, seed)``): the levels and each seat's traits and
    whether it won."""
    index, game_id, levels, seed = task
    spec = registry.get(game_id)
    seats = [Seat("bot", f"{level}-{seat}", level) for seat, level in enumerate(levels)]
    match = Match(spec, seats, seed=seed)
    bots: dict = {}

    def bot_for(spec_, level):
        if level not in bots:
            bots[level] = make_bot(spec_, level)
        return bots[level]

    while not match.is_terminal():
        if match.is_chance():
            match.advance_chance()
            continue
        bot, observation, legal, rng, length = match.bot_request(bot_for)
        match.apply_bot_move(bot.choose(observation, legal, rng), length)
    winners = match.state.score_sheet()["winners"]
    traits = [TRAITS[game_id](match, seat) for seat in range(len(levels))]
    return index, levels, [(traits[seat], seat in winners) for seat in range(len(levels))]


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="off-the-rails", choices=sorted(TRAITS))
    p.add_argument("--b", default="medium")
    p.add_argument("--games", type=int, default=40)
    p.add_argument("--seed", type=int, default=3500)
    p.add_argument("--jobs", type=int, default=1)
    args = p.parse_args(argv)
    tasks = []
    for number in range(args.games):
        levels = ["hard", args.b] if number % 2 == 0 else [args.b, "hard"]
        tasks.append((number, args.game, levels, args.seed + number))
    groups: dict = {"Hard, won": [], "Hard, lost": [], f"{args.b}, Hard won": []}

    def on_result(_index, levels, seats):
        hard = levels.index("hard")
        traits, won = seats[hard]
        other = seats[1 - hard][0]
        groups["Hard, won" if won else "Hard, lost"].append(traits)
        if won:
            groups[f"{args.b}, Hard won"].append(other)
        print(".", end="", flush=True)

    _run(tasks, args.jobs, on_result)
    print()
    names = sorted({name for group in groups.values() for traits in group for name in traits})
    print(f"{args.game}: Hard v {args.b}, {args.games} games; means per seat and game")
    header = "".join(f"{label} (n={len(group)})".rjust(24) for label, group in groups.items())
    print("trait".ljust(34) + header)
    for name in names:
        cells = []
        for group in groups.values():
            values = [traits.get(name, 0) for traits in group]
            cells.append(f"{statistics.mean(values):.2f}".rjust(24) if values else "-".rjust(24))
        print(name.ljust(34) + "".join(cells))


def _run(tasks, jobs, on_result) -> None:
    """``tasks`` on ``jobs`` processes, as bench.bots.run_games plays its own (this bench needs
    each whole match, not only its score sheet)."""
    if jobs <= 1:
        for task in tasks:
            on_result(*play(task))
        return
    pool = multiprocessing.get_context("spawn").Pool(jobs, initializer=_ignore_interrupts)
    try:
        for outcome in pool.imap_unordered(play, tasks):
            on_result(*outcome)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


if __name__ == "__main__":
    main()
