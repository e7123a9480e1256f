"""Fuzz the saves: hostile edits of real saves, their checksums recomputed, then loaded and played.

    python -m bench.fuzz_saves [--cases 300] [--game ID] [--seed 0] [--show 3]

Each case takes a real save of a seeded random game (from the set-up, or from a position; some
claiming older rules, whose loading goes on from the snapshot), changes its plain data as a
determined hand would (tests/fuzz.py: a field replaced, a count moved, a list cut, a seat's
name, the start or the snapshot edited), recomputes the checksum so the edit is not caught
by it, writes the file and asks the program to list and load it. A save that loads is then
played to its end with random legal moves. Prints per game the count of cases, refused,
played, hangs and tracebacks (the first ``--show`` of each kind in full).
"""

from __future__ import annotations

import argparse
import collections
import json
import random
import tempfile
import time
from pathlib import Path

from engine import registry
from engine.match import Match, Seat
from engine.validation import check_position
from saves import format as fmt
from saves import store
from saves.format import SaveError
from tests.fuzz import Hang, Outcome, mutate_data, play_to_end, sample_states, time_limit


def real_saves(spec, seed: int) -> list[dict]:
    """Envelopes of a random game of ``spec`` at a few points: from its set-up, from a
    position, and one claiming older rules."""
    rng = random.Random(seed)
    states = sample_states(spec, seed, count=6)
    envelopes = []
    for index, state in enumerate(states[1:-1] or states[:1]):
        seats = [Seat("human", f"P{n}") for n in range(state.num_players)]
        match = Match(spec, seats, {}, seed)
        if index % 2:
            match.set_position(check_position(spec, state))
        while rng.random() < 0.9 and not match.is_terminal():
            if match.is_chance():
                match.resolve_chance()
            else:
                match.apply(rng.choice(match.legal_actions()))
        envelope = fmt.make_envelope(match)
        if index == 2:
            envelope["rules_version"] = 1
            envelope["history"] = envelope["history"][: len(envelope["history"]) // 2]
            envelope["checksum"] = fmt.checksum(envelope)
        envelopes.append(envelope)
    return envelopes


def run_case(spec, envelope: dict, others: list, folder: Path, seed: int) -> Outcome:
    rng = random.Random(seed)
    part = rng.choice(["snapshot", "start", "seats", "options", "", ""])
    if part in envelope and rng.random() < 0.6:  # a position edited: the validators' work
        donors = [other[part] for other in others if part in other]
        changed = dict(envelope)
        changed[part] = mutate_data(envelope[part], donors, rng)
    else:
        changed = mutate_data(envelope, others, rng)
    if isinstance(changed, dict):
        changed["checksum"] = fmt.checksum(changed) if _spellable(changed) else "x"
    text = json.dumps(changed)
    path = folder / f"case-{seed}.json"
    path.write_text(text, encoding="utf-8")
    try:
        with time_limit(20.0):
            store.read_info(path)  # the list never fails on one file
            try:
                match = store.load(path)
            except SaveError as refusal:
                return Outcome("refused", str(refusal))
            play_to_end(match.spec, match.state, rng)
    except Hang as hang:
        return Outcome("hang", str(hang), text)
    except Exception:  # noqa: BLE001 - what the fuzzer counts
        import traceback

        return Outcome("traceback", traceback.format_exc()[-1500:], text)
    finally:
        path.unlink(missing_ok=True)
    return Outcome("played")


def _spellable(envelope: dict) -> bool:
    try:
        fmt.checksum(envelope)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=300, help="cases per game")
    parser.add_argument("--game", help="one game id (default: every game)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--show", type=int, default=3, help="details shown per kind")
    args = parser.parse_args(argv)
    games = [registry.get(args.game)] if args.game else registry.games()
    print(
        f"{'game':18s} {'cases':>6s} {'refused':>8s} {'played':>7s} {'hangs':>6s} "
        f"{'tracebacks':>11s} {'s':>6s}"
    )
    with tempfile.TemporaryDirectory() as folder:
        for spec in games:
            began = time.perf_counter()
            counts: collections.Counter = collections.Counter()
            shown: dict = collections.defaultdict(int)
            envelopes: list = []
            for case in range(args.cases):
                if case % 30 == 0:
                    envelopes = real_saves(spec, args.seed + case)
                envelope = envelopes[case % len(envelopes)]
                case_seed = args.seed * 100_000 + case
                outcome = run_case(spec, envelope, envelopes, Path(folder), case_seed)
                counts[outcome.kind] += 1
                if outcome.kind in ("hang", "traceback") and shown[outcome.kind] < args.show:
                    shown[outcome.kind] += 1
                    print(f"  {outcome.kind}: {outcome.detail.strip()}")
                    print(f"  case: {outcome.case[:500]}")
            print(
                f"{spec.id:18s} {args.cases:6d} {counts['refused']:8d} {counts['played']:7d} "
                f"{counts['hang']:6d} {counts['traceback']:11d} "
                f"{time.perf_counter() - began:6.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
