"""Fuzz the positions of every game: hostile plain data and pasted text through the door.

    python -m bench.fuzz_positions [--cases 500] [--game ID] [--seed 0] [--show 3]

Each case changes a real position of a seeded random game (tests/fuzz.py: a field replaced by
a near value or another position's, a list cut or stretched, a notation field swapped or its
digits changed), sends it through the door every position from outside takes
(``engine.validation.position_from_data`` for plain data, ``engine.positions.read_position``
for text) and plays an accepted one to its end with random legal moves. Prints per game and
source the count of cases, refused, played, hangs and tracebacks (the first ``--show`` of each
kind in full). A traceback or a hang is a defect of the game's validator.
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from engine import registry
from tests.fuzz import data_case, run_case, sample_states, text_case


def fuzz(spec, cases: int, seed: int, source: str) -> collections.Counter:
    """Run ``cases`` cases of ``source`` ("data" or "text") for ``spec``; returns the counts
    and the first few details under ``("detail", kind)``."""
    counts: collections.Counter = collections.Counter()
    details: dict = collections.defaultdict(list)
    rng = random.Random(f"{spec.id}:{source}:{seed}")
    pool: list = []
    for case in range(cases):
        if case % 40 == 0:
            pool = sample_states(spec, seed + case)
        base = rng.choice(pool)
        if source == "data":
            donors = [state.to_dict() for state in pool]
            make = data_case(spec, base.to_dict(), donors, rng)
        else:
            donors = [spec.notation.format(state) for state in pool]
            make = text_case(spec, spec.notation.format(base), donors, rng)
        outcome = run_case(spec, make, seed + case)
        counts[outcome.kind] += 1
        if outcome.kind in ("hang", "traceback"):
            details[outcome.kind].append(outcome.detail)
            if fuzz.keep is not None:  # type: ignore[attr-defined]
                fuzz.keep.append((spec.id, source, outcome))  # type: ignore[attr-defined]
    counts["cases"] = cases
    fuzz.details = details  # type: ignore[attr-defined]
    return counts


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=500, help="cases per game and source")
    parser.add_argument("--game", help="one game id (default: every game)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="details shown per kind")
    parser.add_argument("--cases-to", help="write each hang's and traceback's position here")
    args = parser.parse_args(argv)
    fuzz.keep = [] if args.cases_to else None  # type: ignore[attr-defined]
    games = [registry.get(args.game)] if args.game else registry.games()
    print(
        f"{'game':18s} {'source':6s} {'cases':>6s} {'refused':>8s} {'played':>7s} "
        f"{'hangs':>6s} {'tracebacks':>11s} {'s':>6s}"
    )
    for spec in games:
        for source in ("data", "text"):
            began = time.perf_counter()
            counts = fuzz(spec, args.cases, args.seed, source)
            print(
                f"{spec.id:18s} {source:6s} {counts['cases']:6d} {counts['refused']:8d} "
                f"{counts['played']:7d} {counts['hang']:6d} {counts['traceback']:11d} "
                f"{time.perf_counter() - began:6.1f}",
                flush=True,
            )
            for kind, found in fuzz.details.items():  # type: ignore[attr-defined]
                seen: set = set()
                for detail in found:
                    last = detail.strip().splitlines()[-1] if detail.strip() else kind
                    if last in seen or len(seen) >= args.show:
                        continue
                    seen.add(last)
                    print(f"  {kind}: {detail.strip()}")
    if args.cases_to:
        with open(args.cases_to, "w", encoding="utf-8") as out:
            for game_id, source, outcome in fuzz.keep:  # type: ignore[attr-defined]
                out.write(f"{game_id} {source} {outcome.kind}\n{outcome.case}\n\n")


if __name__ == "__main__":
    main()
