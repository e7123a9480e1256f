"""Listen by numbers: every sound's length and level, and what the real mixer puts out.

    python -m bench.sounds [--out DIR]            # render every sound to DIR/*.wav and measure
    python -m bench.sounds --disk [--out DIR]     # play them through pygame's mixer into a file
    python -m bench.sounds --game ID [--steps N]  # the cues of a short seeded game, mixed

The first form writes each sound (variant 0; every explosion chain step; a 1.5 s cart rumble;
a dice roll of three) as a mono 16-bit WAV with the ``wave`` module and prints its length in
seconds and its peak and RMS level in dBFS. ``--disk`` plays the same list one after another
through :class:`sound.board.SoundBoard` with SDL's disk audio driver (``SDL_AUDIODRIVER=disk``,
``SDL_DISKAUDIOFILE``), in real time, then cuts the recording at the silences and measures each
piece: the audible length (above -60 dBFS) and levels as heard at 100 % volume. ``--game``
plays the cues of the first ``--steps`` steps of a seeded all-bot game, one step every 0.35 s
as a table would, and reports the mix's peak (it must not clip where sounds overlap).
Nothing is written inside the repository: the default ``--out`` is a temporary folder.
"""

from __future__ import annotations

import argparse
import array
import os
import random
import sys
import tempfile
import time
import wave
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MIX_RATE = 44100
GAP = 0.35
"""Seconds of silence between two sounds in ``--disk``; between two steps in ``--game``."""


def catalogue() -> list[tuple[str, dict]]:
    """(label, play keywords) of every sound in the order they are measured."""
    from sound import library

    items = []
    for name in library.SOUNDS:
        if name == "explosion":
            items += [
                (f"explosion chain {step}", {"name": name, "chain": step})
                for step in library.steps(name)
            ]
        elif name == "cart_rolling":
            items.append(("cart_rolling 1.5 s", {"name": name, "duration": 1.5}))
        else:
            items.append((name, {"name": name}))
    items.append(("dice_roll of 3", {"name": "dice_roll", "dice": 3, "duration": 0.9}))
    return items


def row(label: str, seconds: float, peak: float, rms: float) -> str:
    from sound.synth import dbfs

    return f"{label:24s} {seconds:6.2f} s   peak {dbfs(peak):6.1f} dBFS   rms {dbfs(rms):6.1f} dBFS"


def render_all(out: Path) -> None:
    """Render each sound with the synthesiser and write it with the ``wave`` module."""
    from sound import library, synth

    started = time.perf_counter()
    print(f"{'sound':24s} {'length':>8s}   {'peak':>15s}   {'rms':>14s}")
    for label, play in catalogue():
        name = play["name"]
        if name == "cart_rolling":
            samples = library.render_rumble(play["duration"])
        elif name == "dice_roll":
            samples = library.render("dice_rattle")
            for i in range(play["dice"]):
                samples = synth.mix(
                    samples, library.render("die_land", i % 3), at=0.9 * 0.36 + 0.07 * i
                )
        else:
            samples = library.render(name, 0, play.get("chain", 1))
        (out / f"{label.replace(' ', '_')}.wav").write_bytes(synth.wav_bytes(samples))
        print(row(label, synth.duration(samples), synth.peak(samples), synth.rms(samples)))
    print(
        f"rendered {len(library.keys())} variants of {len(library.SOUNDS)} sounds in "
        f"{time.perf_counter() - started:.2f} s; WAV files in {out}"
    )


def _record(out: Path, script) -> list:
    """Run ``script(board)`` with the mixer writing to a file; returns the mono mix (floats)."""
    raw = out / "mixer-output.raw"
    os.environ["SDL_AUDIODRIVER"] = "disk"
    os.environ["SDL_DISKAUDIOFILE"] = str(raw)
    import pygame

    from saves.settings import Settings
    from sound.board import SoundBoard

    board = SoundBoard(Settings(master_volume=100))
    board.start()
    board.wait(60)
    if not board.live:
        sys.exit("the mixer did not start with SDL's disk driver")
    script(board)
    board.close()
    pygame.mixer.quit()
    data = array.array("h")
    body = raw.read_bytes()
    data.frombytes(body[: len(body) // 4 * 4])
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(out / "mixer-output.wav"), "wb") as wav:
        wav.setnchannels(2)
        wav.setsampwidth(2)
        wav.setframerate(MIX_RATE)
        wav.writeframes(data.tobytes())
    raw.unlink()
    return [(data[i] + data[i + 1]) / 65534.0 for i in range(0, len(data) - 1, 2)]


def _run_clock(board, seconds: float) -> None:
    """Let ``seconds`` pass in real time, updating the board like frames at 60 fps."""
    end = time.perf_counter() + seconds
    last = time.perf_counter()
    while (now := time.perf_counter()) < end:
        board.update(now - last)
        last = now
        time.sleep(1 / 60)


def pieces(mix: list, threshold_db: float = -60.0, gap: float = 0.12) -> list:
    """Cut a recording at silences longer than ``gap`` seconds: (start, end) sample indices of
    the audible pieces."""
    level = 10 ** (threshold_db / 20)
    quiet = int(gap * MIX_RATE)
    out: list[tuple[int, int]] = []
    start: int | None = None
    last_loud = 0
    for i, x in enumerate(mix):
        if abs(x) > level:
            if start is None:
                start = i
            last_loud = i
        elif start is not None and i - last_loud > quiet:
            out.append((start, last_loud + 1))
            start = None
    if start is not None:
        out.append((start, last_loud + 1))
    return out


def disk(out: Path) -> None:
    """Play every sound through the real mixer into a file and measure what came out."""
    items = catalogue()

    def script(board):
        time.sleep(0.3)
        for _, play in items:
            keywords = dict(play)
            board.play(keywords.pop("name"), **keywords)
            _run_clock(
                board,
                play.get("duration", 0) + 2.0
                if play["name"] in ("fanfare", "chasm_collapse", "cart_rolling", "dice_roll")
                else 1.2,
            )

    mix = _record(out, script)
    found = pieces(mix)
    print(f"{'as heard (mixer, 100 %)':24s} {'length':>8s}   {'peak':>15s}   {'rms':>14s}")
    if len(found) != len(items):
        print(
            f"(found {len(found)} pieces for {len(items)} sounds: a sound with a silence "
            f"inside it splits in two)"
        )
    for (label, _), (start, end) in zip(items, found):
        piece = mix[start:end]
        rms = (sum(x * x for x in piece) / len(piece)) ** 0.5
        print(row(label, (end - start) / MIX_RATE, max(map(abs, piece)), rms))
    print(f"the mix is in {out / 'mixer-output.wav'} ({len(mix) / MIX_RATE:.1f} s)")


def game(out: Path, game_id: str, steps: int) -> None:
    """Play the cues of a short seeded all-bot game, a step every :data:`GAP` seconds."""
    from engine import registry
    from engine.bots import make_bot
    from engine.match import Match, Seat, pick_outcome
    from sound.cues import sounds_for_events

    spec = registry.get(game_id)
    seats = [Seat("bot", f"Bot {i + 1}", "easy") for i in range(max(2, spec.min_players))]
    match = Match(spec, seats, seed=17)
    rng = random.Random(17)
    played: list[str] = []

    def script(board):
        for _ in range(steps):
            if match.is_terminal():
                break
            if match.is_chance():
                events = match.resolve_chance(pick_outcome(match.state.chance_outcomes(), rng))
            else:
                bot = make_bot(spec, "easy")
                action = bot.choose(
                    match.state.observation(match.current_player()), match.legal_actions(), rng
                )
                events = match.apply(action)
            for cue in sounds_for_events(events):
                board.play_cue(cue)
                played.append(cue.name)
            _run_clock(board, GAP)
        _run_clock(board, 2.0)

    mix = _record(out, script)
    peak = max(map(abs, mix))
    rms = (sum(x * x for x in mix) / len(mix)) ** 0.5
    print(f"{game_id}: {steps} steps, {len(played)} cues ({', '.join(sorted(set(played)))})")
    print(row("the whole mix", len(mix) / MIX_RATE, peak, rms))
    print(f"the mix is in {out / 'mixer-output.wav'}")


def main(argv=None) -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--out", type=Path, default=None, help="folder for the WAV files")
    p.add_argument("--disk", action="store_true", help="play through the mixer into a file")
    p.add_argument("--game", metavar="ID", help="the cues of a short seeded game, mixed")
    p.add_argument("--steps", type=int, default=40)
    args = p.parse_args(argv)
    out = args.out or Path(tempfile.mkdtemp(prefix="tabletop-trio-sounds-"))
    out.mkdir(parents=True, exist_ok=True)
    if args.game:
        game(out, args.game, args.steps)
    elif args.disk:
        disk(out)
    else:
        render_all(out)


if __name__ == "__main__":
    main()
