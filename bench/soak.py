"""Soak: many autoplay games of every game through the real table scenes, checking as they go.

    python -m bench.soak --games 20 [--game ID] [--players N]

Each game runs in the real App and table scene (dummy video driver, instant animations, bots in
every seat). After every action: the state round-trips through ``to_dict``/``from_dict`` and the
notation, and a clone equals it; at the end the save replays to the same position. Any exception
writes the match as a save file (reproducible: seed + history) and prints its path.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def check(spec, state) -> None:
    """Invariants every game promises (docs/DESIGN.md, Testing); raises AssertionError."""
    data = state.to_dict()
    assert spec.state_from_dict(data).to_dict() == data, "to_dict/from_dict round trip"
    assert state.clone().to_dict() == data, "clone differs"
    text = spec.notation.format(state)
    assert spec.notation.format(spec.notation.parse(text)) == text, "notation round trip"


def soak_one(spec, players: int, seed: int, out: Path) -> str | None:
    """Play one game; returns None, or the path of the saved failing match."""
    import pygame

    from engine.match import Match, Seat
    from saves.format import dumps, make_envelope
    from saves.settings import Settings
    from scenes.app import App
    from scenes.game_over import GameOverScene
    from scenes.routes import open_match

    app = App(
        Settings(animation_speed="instant", pass_screen=False),
        size=(1280, 800),
        instant=True,
        autoplay=True,
        quit_at_end=False,
    )

    class CheckedMatch(Match):
        """A match that checks the invariants after every action, chance included."""

        def apply(self, action):
            events = super().apply(action)
            check(spec, self.state)
            return events

        def resolve_chance(self, outcome=None):
            events = super().resolve_chance(outcome)
            check(spec, self.state)
            return events

    seats = [Seat("bot", f"Bot {i + 1}", "easy") for i in range(players)]
    match = CheckedMatch(spec, seats, seed=seed)
    try:
        open_match(app, match)
        for _ in range(200000):
            app.step(0.016, events=[])
            if isinstance(app.manager.top, GameOverScene):
                break
        assert match.is_terminal(), "the game did not end"
        again = Match.from_save(spec, match.to_save())
        assert again.state.to_dict() == match.state.to_dict(), "replay differs"
        return None
    except Exception:
        path = out / f"soak-{spec.id}-{seed}.json"
        path.write_text(dumps(make_envelope(match, title=f"soak failure seed {seed}")))
        (out / f"soak-{spec.id}-{seed}.txt").write_text(traceback.format_exc())
        return str(path)
    finally:
        pygame.quit()


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=5)
    p.add_argument("--game", default=None)
    p.add_argument("--players", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", default=None, help="folder for failing matches (default: temp)")
    args = p.parse_args(argv)
    from engine import registry

    out = Path(args.out or tempfile.mkdtemp(prefix="soak-"))
    out.mkdir(parents=True, exist_ok=True)
    failures = 0
    for spec in registry.games():
        if args.game and spec.id != args.game:
            continue
        start = time.perf_counter()
        for g in range(args.games):
            players = args.players or (
                spec.min_players + g % (spec.max_players - spec.min_players + 1)
            )
            players = max(spec.min_players, min(spec.max_players, players))
            failed = soak_one(spec, players, args.seed + g, out)
            if failed:
                failures += 1
                print(
                    f"FAILED {spec.id} seed {args.seed + g} ({players} players): {failed}",
                    flush=True,
                )
        print(f"{spec.id}: {args.games} games in {time.perf_counter() - start:.1f} s", flush=True)
    print(f"{failures} failures" + (f"; matches saved in {out}" if failures else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
