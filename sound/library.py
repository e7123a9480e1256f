"""Every sound of the program, each a recipe made by code from :mod:`sound.synth`.

A :class:`Design` makes one sound from a seeded ``random.Random``; each sound has a few
*variants* (different seeds: small changes of pitch, timing and texture) and the board picks one
at play time, so a sound heard ten times in a row is not ten identical copies. The Potion
Explosion explosion has one set of variants per chain step (:data:`MAX_CHAIN`): each step is
two semitones higher and 1.5 dB louder than the one before.

Names are what :meth:`sound.board.SoundBoard.play` takes. Peak levels (dBFS) are part of each
design, so the sounds are balanced against each other before the master volume applies; none
peaks above -2 dBFS (0.8 of full scale), which leaves room when two sounds overlap.

``cart_rolling`` is a seamless loop (:data:`LOOPED`): the board plays it over and over for as
long as a cart moves. :func:`render_rumble` renders a rumble of a given length the same way, for
tests and the listen-by-numbers bench.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sound import synth
from sound.synth import (
    bandpass,
    bell,
    click,
    decay_curve,
    fade,
    highpass,
    jitter,
    lowpass,
    mix,
    multiply,
    normalise,
    scale,
    semitones,
    tone,
    uniform,
    white_noise,
)

MAX_CHAIN = 5
"""Explosion chain steps with their own pitch and level; later steps sound like this one."""

END_FADE = 0.006
"""Seconds over which every sound's last samples fade to silence."""
LOOP_SECONDS = 1.0
LOOP_OVERLAP = 0.1
"""The cart's rumble is a loop of ``LOOP_SECONDS`` (its last ``LOOP_OVERLAP`` cross-faded in)."""
LOOP_FADE_IN = 0.06
LOOP_FADE_OUT = 0.15
"""Seconds a looped sound (the cart's rumble) takes to rise at its start and to fade at its end."""


@dataclass(frozen=True)
class Design:
    """How one sound is made: ``make(rng, step)`` returns samples (``step`` is the explosion's
    chain step, 1 elsewhere); ``peak`` is the level it is normalised to, in dBFS; ``variants``
    how many seeds are rendered; ``game`` where it is heard ("" for everywhere)."""

    make: Callable[[random.Random, int], list]
    peak: float
    game: str
    about: str
    variants: int = 3


# --- shared pieces -------------------------------------------------------------------------------
def _glass(rng, pitch: float = 1.0, seconds: float = 0.09) -> list:
    """Two glass marbles knocking: high, inharmonic, very short modes."""
    base = 2900.0 * pitch * jitter(rng, 0.06)
    return click(
        [base, base * 1.43, base * 2.07],
        [0.016, 0.011, 0.006],
        seconds,
        gains=[1.0, 0.6, 0.35],
        noise=0.5,
        rng=rng,
        brightness=6000,
    )


def _wood(rng, pitch: float = 1.0, seconds: float = 0.2, noise: float = 0.4) -> list:
    """A knock on wood or cardboard: low, quickly damped modes."""
    base = 190.0 * pitch * jitter(rng, 0.08)
    return click(
        [base, base * 2.3, base * 5.9],
        [0.05, 0.03, 0.012],
        seconds,
        gains=[1.0, 0.55, 0.3],
        noise=noise,
        rng=rng,
        brightness=3500,
    )


def _metal(rng, base: float, seconds: float, life: float) -> list:
    """A struck metal body (a cart, a rail): inharmonic modes that ring for ``life`` seconds."""
    ratios = (1.0, 1.48, 2.13, 2.93, 3.76, 5.1)
    freqs = [base * r * jitter(rng, 0.02) for r in ratios]
    lives = [life * (1.0 - 0.13 * i) for i in range(len(ratios))]
    return click(
        freqs,
        lives,
        seconds,
        gains=[1.0, 0.8, 0.6, 0.45, 0.3, 0.2],
        noise=0.6,
        rng=rng,
        brightness=5000,
    )


def _swish(rng, seconds: float, start: float, end: float, q: float = 1.5) -> list:
    """Air or felt brushed: band-passed noise gliding from ``start`` to ``end`` Hz."""
    body = bandpass(white_noise(seconds, rng), start, q, end_centre=end)
    env = [
        min(1.0, 6 * t) * (1.0 - t) ** 2
        for t in (i / synth.frames(seconds) for i in range(synth.frames(seconds)))
    ]
    return multiply(body, env)


def _die_knock(rng, gain: float = 1.0) -> list:
    """A plastic die hitting the table: a bright knock with a little body."""
    base = 620.0 * jitter(rng, 0.1)
    return scale(
        click(
            [base, base * 2.4, base * 4.1],
            [0.022, 0.012, 0.006],
            0.09,
            gains=[0.8, 1.0, 0.5],
            noise=0.7,
            rng=rng,
            brightness=6000,
        ),
        gain,
    )


def _note(freq: float, seconds: float, life: float = 0.12) -> list:
    """A soft mallet note (marimba-like): a sine with a quick rise and a short ring."""
    body = tone(seconds, freq, harmonics=((1, 1.0), (4, 0.12)))
    return multiply(body, decay_curve(seconds, life, attack=0.004))


# --- Potion Explosion ----------------------------------------------------------------------------
def marble_clack(rng, step):
    """Two marbles knock without exploding: one short glass click."""
    return _glass(rng)


def marble_pick(rng, step):
    """A marble lifted off a track: a glass knock, a softer second one and a brush of air."""
    out = _glass(rng, 1.05)
    out = mix(out, _glass(rng, 0.92), at=uniform(rng, 0.035, 0.06), gain=0.45)
    return mix(out, _swish(rng, 0.09, 2500, 4200, q=2.0), at=0.01, gain=0.25)


def marbles_slide(rng, step):
    """Marbles roll down a track for about half a second (a pulsing rumble of small glass
    knocks) and knock into the rest at the end."""
    seconds = 0.5 * jitter(rng, 0.1)
    n = synth.frames(seconds)
    roll = bandpass(white_noise(seconds, rng), 1300 * jitter(rng, 0.1), 3.0)
    rate = 22.0 * jitter(rng, 0.15)
    env = [
        (0.6 + 0.4 * math.sin(2 * math.pi * rate * i / synth.RATE))
        * min(1.0, 8 * i / n)
        * (1.0 - i / n) ** 0.5
        for i in range(n)
    ]
    out = scale(multiply(roll, env), 0.5)
    t = 0.02
    while t < seconds - 0.08:
        out = mix(
            out, _glass(rng, uniform(rng, 0.9, 1.2), 0.05), at=t, gain=uniform(rng, 0.12, 0.3)
        )
        t += uniform(rng, 0.03, 0.07)
    return mix(out, _glass(rng, 0.95), at=seconds - 0.06, gain=0.9)


def explosion(rng, step):
    """Marbles burst: a noise burst, a low thump, a pop and 5 + ``step`` glass shards; each
    chain ``step`` (1-5) is two semitones higher."""
    pitch = semitones(2 * (step - 1)) * jitter(rng, 0.02)
    seconds = 0.7
    burst = multiply(
        lowpass(white_noise(seconds, rng), 1800 * pitch), decay_curve(seconds, 0.09, attack=0.004)
    )
    thump = multiply(tone(0.25, 130 * pitch, 48 * pitch), decay_curve(0.25, 0.07, attack=0.003))
    out = mix(scale(burst, 1.8), thump, gain=0.9)
    pop = multiply(highpass(white_noise(0.03, rng), 1500), decay_curve(0.03, 0.006))
    out = mix(out, pop, gain=0.8)
    for _ in range(5 + step):
        out = mix(
            out,
            _glass(rng, pitch * uniform(rng, 0.9, 1.35), 0.07),
            at=uniform(rng, 0.01, 0.28),
            gain=uniform(rng, 0.1, 0.3),
        )
    return out


def marble_hole(rng, step):
    """A marble drops into a hole: a knock and a falling plop."""
    base = 950.0 * jitter(rng, 0.06)
    knock = click(
        [base, base * 2.05, base * 3.3],
        [0.02, 0.012, 0.006],
        0.15,
        gains=[1.0, 0.5, 0.25],
        noise=0.5,
        rng=rng,
    )
    plop = multiply(tone(0.08, 620 * jitter(rng, 0.05), 300), decay_curve(0.08, 0.025, 0.003))
    return mix(knock, plop, at=0.012, gain=0.6)


def potion_complete(rng, step):
    """A potion is complete: a glass knock and a rising chime (root, third, fifth,
    octave)."""
    root = 1047.0 * jitter(rng, 0.01)
    out = _glass(rng, 1.3)
    for i, interval in enumerate((0, 4, 7, 12)):
        gap = 0.075 * jitter(rng, 0.1)
        out = mix(
            out,
            bell(0.7, root * semitones(interval), 0.35),
            at=0.03 + i * gap,
            gain=0.5 if i < 3 else 0.65,
        )
    return fade(out, fade_out=0.05)


def potion_drink(rng, step):
    """A potion drunk: three falling gulps and bubbles."""
    out = synth.silence(0.05)
    t = 0.02
    for i in range(3):
        start = 330.0 * jitter(rng, 0.08) * (1.0 - 0.07 * i)
        gulp = multiply(
            tone(0.11, start, start * 0.55, harmonics=((1, 1.0), (2, 0.2))),
            decay_curve(0.11, 0.04, attack=0.015),
        )
        out = mix(out, gulp, at=t)
        t += 0.15 * jitter(rng, 0.12)
    bubbles = multiply(
        bandpass(white_noise(t + 0.1, rng), 700, 1.2), decay_curve(t + 0.1, 0.25, attack=0.05)
    )
    return mix(out, bubbles, gain=0.3)


def skill_token(rng, step):
    """A token rings like a coin: a wooden tap, a metal ring and two bell notes."""
    out = _wood(rng, 2.0, 0.1, noise=0.5)
    ring = _metal(rng, 1850.0 * jitter(rng, 0.02), 0.8, 0.32)
    out = mix(out, ring, at=0.004, gain=0.55)
    for i, interval in enumerate((7, 12)):
        out = mix(
            out, bell(0.45, 1568 * semitones(interval - 7), 0.2), at=0.09 + 0.08 * i, gain=0.3
        )
    return fade(out, fade_out=0.05)


# --- Off the Rails -------------------------------------------------------------------------------
def tile_placed(rng, step):
    """A track tile put down: a wooden knock and a lighter second knock."""
    out = _wood(rng)
    return mix(out, _wood(rng, 1.4, 0.08, noise=0.2), at=uniform(rng, 0.018, 0.03), gain=0.25)


def tile_upgraded(rng, step):
    """A tile upgraded: two wooden knocks and a rising pair of notes (a fourth)."""
    out = _wood(rng, 1.1, 0.2)
    out = mix(out, _wood(rng, 1.25, 0.2), at=0.09 * jitter(rng, 0.1), gain=0.8)
    root = 660.0 * jitter(rng, 0.02)
    out = mix(out, _note(root, 0.3), at=0.16, gain=0.35)
    return mix(out, _note(root * semitones(5), 0.35), at=0.24, gain=0.4)


def cart_rolling(rng, step):
    """One second of rumble that loops without a seam (wheels on rails, a joint clack twice)."""
    seconds = LOOP_SECONDS + LOOP_OVERLAP
    n = synth.frames(seconds)
    low = lowpass(lowpass(white_noise(seconds, rng), 160), 220)
    low = normalise(low, -4.0)
    rattle = bandpass(white_noise(seconds, rng), 650 * jitter(rng, 0.08), 2.5)
    wheel = 12.0 * jitter(rng, 0.08)
    swell = [0.55 + 0.45 * math.sin(2 * math.pi * wheel * i / synth.RATE) ** 2 for i in range(n)]
    out = mix(low, multiply(rattle, swell), gain=0.7)
    for joint in (0.05, 0.55, 0.05 + 1.0):
        for axle in (0.0, 0.075):
            knock = _metal(rng, 1150.0 * jitter(rng, 0.05), 0.06, 0.02)
            out = mix(out, knock, at=joint + axle, gain=0.5)
    return synth.loopable(out[:n], LOOP_OVERLAP)


def junction_click(rng, step):
    """A junction's switch lever clacks: two bright clicks over a little wood."""
    base = 2500.0 * jitter(rng, 0.05)
    out = click([base, base * 1.5], [0.009, 0.006], 0.06, noise=0.6, rng=rng, brightness=7000)
    out = mix(
        out,
        click([base * 0.9, base * 1.62], [0.008, 0.005], 0.06, noise=0.5, rng=rng),
        at=0.028 * jitter(rng, 0.15),
        gain=0.8,
    )
    return mix(out, _wood(rng, 1.3, 0.1, noise=0.1), gain=0.4)


def collision(rng, step):
    """Carts clang together: ringing metal, a noise burst, a low thump and a second,
    higher clang."""
    out = _metal(rng, 310.0 * jitter(rng, 0.05), 0.75, 0.22)
    burst = multiply(lowpass(white_noise(0.08, rng), 4000), decay_curve(0.08, 0.02))
    thump = multiply(tone(0.2, 95, 45), decay_curve(0.2, 0.05, 0.002))
    out = mix(out, burst, gain=0.8)
    out = mix(out, thump, gain=0.9)
    return mix(out, _metal(rng, 470.0 * jitter(rng, 0.05), 0.4, 0.12), at=0.06, gain=0.4)


def derail(rng, step):
    """A cart derails: wheels screech (a falling whistle), then a crash and five quickening
    wood-and-metal tumbles."""
    screech = _swish(rng, 0.38, 2600 * jitter(rng, 0.05), 1300, q=14.0)
    out = scale(screech, 1.0)
    out = mix(
        out,
        multiply(lowpass(white_noise(0.2, rng), 2500), decay_curve(0.2, 0.05)),
        at=0.33,
        gain=0.9,
    )
    t, gap = 0.34, 0.11
    for _ in range(5):
        out = mix(out, _wood(rng, uniform(rng, 0.7, 1.8), 0.2), at=t, gain=uniform(rng, 0.4, 0.8))
        out = mix(out, _metal(rng, uniform(rng, 380, 700), 0.2, 0.06), at=t, gain=0.3)
        t += gap * jitter(rng, 0.25)
        gap *= 0.8
    return fade(out, fade_out=0.08)


def gems_stockpile(rng, step):
    """Gems clink onto a pile: 6-9 glass clinks over half a second and a faint heap of
    noise."""
    out = synth.silence(0.1)
    count = 6 + int(rng.random() * 4)
    for i in range(count):
        at = 0.42 * (i / count) ** 0.8 + uniform(rng, 0.0, 0.03)
        out = mix(
            out,
            _glass(rng, uniform(rng, 1.1, 1.8), 0.07),
            at=at,
            gain=uniform(rng, 0.4, 1.0) * (1.0 - 0.05 * i),
        )
    heap = multiply(bandpass(white_noise(0.5, rng), 3000, 1.0), decay_curve(0.5, 0.15, 0.05))
    return mix(out, heap, gain=0.08)


def gem_placed(rng, step):
    """One gem put on a square: a glass clink and a fainter, higher one."""
    out = _glass(rng, uniform(rng, 1.2, 1.5), 0.1)
    return mix(out, _glass(rng, 1.6, 0.06), at=0.03, gain=0.3)


def chasm_collapse(rng, step):
    """A chasm opens: a deep rumble (1.6 seconds), a low boom and crumbling knocks that
    thin out."""
    seconds = 1.6
    rumble = multiply(
        lowpass(lowpass(white_noise(seconds, rng), 140), 140),
        decay_curve(seconds, 0.45, attack=0.15),
    )
    out = normalise(rumble, -6.0)
    boom = multiply(tone(0.9, 85 * jitter(rng, 0.05), 32), decay_curve(0.9, 0.3, 0.01))
    out = mix(out, boom, gain=0.7)
    t = 0.05
    while t < 1.2:
        out = mix(
            out,
            _wood(rng, uniform(rng, 0.8, 3.5), 0.12, noise=0.6),
            at=t,
            gain=uniform(rng, 0.15, 0.45) * (1.3 - t),
        )
        t += uniform(rng, 0.02, 0.09) * (1 + t)
    return fade(out, fade_out=0.1)


# --- Diced Tomatoes ------------------------------------------------------------------------------
def dice_rattle(rng, step):
    """Dice shaken in a cupped hand: 8–11 small knocks over a third of a second."""
    out = synth.silence(0.42)
    t = 0.0
    knocks = 8 + int(rng.random() * 4)
    for _ in range(knocks):
        out = mix(out, _die_knock(rng, uniform(rng, 0.35, 1.0)), at=t)
        t += uniform(rng, 0.022, 0.045)
    hand = multiply(
        bandpass(white_noise(t + 0.05, rng), 900, 0.8), decay_curve(t + 0.05, 0.2, 0.03)
    )
    return mix(out, hand, gain=0.08)


def die_land(rng, step):
    """One die landing: a knock and two smaller bounces."""
    out = _die_knock(rng)
    t = uniform(rng, 0.055, 0.085)
    out = mix(out, _die_knock(rng, 0.45), at=t)
    out = mix(out, _die_knock(rng, 0.2), at=t + uniform(rng, 0.04, 0.06))
    return mix(out, _wood(rng, 1.0, 0.12, noise=0.0), gain=0.35)


def die_placed(rng, step):
    """A die set down: a click and a little wood."""
    base = 900.0 * jitter(rng, 0.06)
    out = click([base, base * 2.3], [0.014, 0.008], 0.1, noise=0.5, rng=rng)
    return mix(out, _wood(rng, 1.1, 0.12, noise=0.0), gain=0.5)


def harvest(rng, step):
    """A harvest: a pop and a rising three-note (major triad) on mallet notes."""
    pop = multiply(tone(0.06, 520 * jitter(rng, 0.05), 240), decay_curve(0.06, 0.02, 0.002))
    out = mix(synth.silence(0.1), pop)
    root = 784.0 * jitter(rng, 0.01)
    for i, interval in enumerate((0, 4, 7)):
        out = mix(out, _note(root * semitones(interval), 0.35, 0.14), at=0.08 + 0.08 * i, gain=0.5)
    return out


def _shimmer(rng, intervals) -> list:
    out = synth.silence(0.1)
    root = 880.0 * jitter(rng, 0.015)
    for i, interval in enumerate(intervals):
        pip = multiply(
            tone(0.22, root * semitones(interval), harmonics=((1, 1.0), (2, 0.15))),
            decay_curve(0.22, 0.07, attack=0.03),
        )
        out = mix(out, pip, at=0.065 * i, gain=0.6)
    air = multiply(highpass(white_noise(0.5, rng), 5000), decay_curve(0.5, 0.15, 0.1))
    return mix(out, air, gain=0.05)


def karma_gain(rng, step):
    """Karma gained: a rising shimmer of soft pips."""
    return _shimmer(rng, (0, 3, 5, 7, 10, 12))


def karma_spend(rng, step):
    """Karma spent: a falling shimmer of soft pips and a falling whoop."""
    out = _shimmer(rng, (12, 10, 7, 5, 3))
    whoop = multiply(tone(0.3, 900, 480), decay_curve(0.3, 0.1, attack=0.02))
    return mix(out, whoop, at=0.05, gain=0.3)


def die_passed(rng, step):
    """A die slid across the felt, ending in a soft knock."""
    out = _swish(rng, 0.3, 1700 * jitter(rng, 0.06), 800, q=1.2)
    return mix(out, _die_knock(rng, 0.5), at=0.28)


# --- Tea Time ------------------------------------------------------------------------------------
def _snap(rng) -> list:
    return multiply(highpass(white_noise(0.02, rng), 1800), decay_curve(0.02, 0.003))


def card_dealt(rng, step):
    """A card flicked down: a brush of air and a snap."""
    out = _swish(rng, 0.09, 3500 * jitter(rng, 0.1), 2200, q=0.9)
    return mix(out, _snap(rng), at=0.07, gain=0.6)


def cards_taken(rng, step):
    """Cards swept up: three brushes and a knock on the table."""
    out = synth.silence(0.05)
    t = 0.0
    for _ in range(3):
        out = mix(out, _swish(rng, 0.08, 3200 * jitter(rng, 0.12), 2000, q=0.9), at=t)
        t += 0.08 * jitter(rng, 0.15)
    return mix(out, _wood(rng, 2.2, 0.08, noise=0.3), at=t + 0.03, gain=0.5)


def cards_cancel(rng, step):
    """Cards cancel: two snaps and a falling pair of notes."""
    out = mix(_snap(rng), _snap(rng), at=0.06 * jitter(rng, 0.1))
    out = mix(out, _note(659.0, 0.2, 0.07), at=0.1, gain=0.35)
    return mix(out, _note(523.0, 0.3, 0.1), at=0.2, gain=0.35)


# --- Shifting Stones -----------------------------------------------------------------------------
def stone_slide(rng, step):
    """Two stone slabs dragged past each other on wood: a low grinding brush, then a knock."""
    out = _swish(rng, 0.32, 700 * jitter(rng, 0.08), 380, q=1.1)
    out = mix(out, _swish(rng, 0.28, 520 * jitter(rng, 0.08), 300, q=1.4), at=0.03, gain=0.7)
    return mix(out, _wood(rng, 0.8, 0.16, noise=0.5), at=0.3, gain=0.8)


def stone_flip(rng, step):
    """A stone lifted with a click, turned over and set down with a heavier knock."""
    out = _wood(rng, 1.5 * jitter(rng, 0.05), 0.08, noise=0.3)
    out = mix(out, _swish(rng, 0.12, 1400, 2400, q=1.2), at=0.05, gain=0.4)
    return mix(out, _wood(rng, 0.9 * jitter(rng, 0.05), 0.18, noise=0.4), at=0.2)


def card_scored(rng, step):
    """A card snapped down onto the scored row and a bright rising pair of notes."""
    out = mix(_swish(rng, 0.1, 3000 * jitter(rng, 0.1), 1800, q=0.9), _snap(rng), at=0.08)
    out = mix(out, _note(784.0, 0.25, 0.08), at=0.12, gain=0.35)
    return mix(out, _note(1175.0, 0.35, 0.12), at=0.22, gain=0.35)


# --- everywhere ----------------------------------------------------------------------------------
def button_click(rng, step):
    """A button pressed: a soft, short tick."""
    base = 1700.0 * jitter(rng, 0.04)
    return click([base, base * 2.6], [0.006, 0.003], 0.04, noise=0.3, rng=rng, brightness=6000)


def turn_start(rng, step):
    """A turn starts: a two-note bell chime (G, then C)."""
    out = bell(0.7, 784.0 * jitter(rng, 0.005), 0.3)
    return fade(mix(out, bell(0.7, 1047.0, 0.3), at=0.12), fade_out=0.05)


def hint(rng, step):
    """A hint: three soft rising pips."""
    out = synth.silence(0.1)
    pitch, gap = jitter(rng, 0.01), 0.08 * jitter(rng, 0.1)
    for i, freq in enumerate((1319.0, 1568.0, 1976.0)):
        pip = multiply(
            tone(0.25, freq * pitch, harmonics=((1, 1.0), (2, 0.1))),
            decay_curve(0.25, 0.08, attack=0.02),
        )
        out = mix(out, pip, at=gap * i)
    return out


def fanfare(rng, step):
    """The game's end: a brass call of three notes and a held chord (about 1.6 seconds)."""
    brass = tuple((k, 1.0 / k) for k in range(1, 8))
    out = synth.silence(0.1)
    t = 0.0
    for freq, seconds in ((523.3, 0.13), (659.3, 0.13), (784.0, 0.13)):
        note = multiply(
            tone(seconds + 0.05, freq, harmonics=brass),
            decay_curve(seconds + 0.05, 0.12, attack=0.015),
        )
        out = mix(out, note, at=t, gain=0.5)
        t += seconds
    held = 1.2
    for freq, gain in ((1046.5, 0.5), (784.0, 0.25), (659.3, 0.22), (523.3, 0.25)):
        note = tone(held, freq, harmonics=brass, vibrato=0.004)
        env = decay_curve(held, 0.7, attack=0.04)
        out = mix(out, multiply(note, env), at=t, gain=gain)
    return fade(lowpass(out, 5000), fade_out=0.25)


def error(rng, step):
    """Two low falling buzzes (a refused move; a strike in Shifting Stones)."""
    square = ((1, 1.0), (3, 0.3), (5, 0.15), (7, 0.08))
    out = synth.silence(0.05)
    pitch, gap = jitter(rng, 0.02), 0.13 * jitter(rng, 0.08)
    for i, freq in enumerate((233.0, 196.0)):
        note = multiply(
            tone(0.1, freq * pitch, harmonics=square), decay_curve(0.1, 0.08, attack=0.006)
        )
        out = mix(out, fade(note, fade_out=0.02), at=gap * i)
    return lowpass(out, 2500)


SOUNDS: dict[str, Design] = {
    # Potion Explosion
    "marble_clack": Design(marble_clack, -10.0, "potion-explosion", "two marbles knock"),
    "marble_pick": Design(marble_pick, -8.0, "potion-explosion", "a marble lifted off a track"),
    "marbles_slide": Design(
        marbles_slide, -8.0, "potion-explosion", "marbles roll down a track and knock"
    ),
    "explosion": Design(
        explosion,
        -8.0,
        "potion-explosion",
        "marbles burst; each chain step higher and louder",
        variants=2,
    ),
    "marble_hole": Design(marble_hole, -10.0, "potion-explosion", "a marble drops into a hole"),
    "potion_complete": Design(potion_complete, -8.0, "potion-explosion", "a rising glass chime"),
    "potion_drink": Design(potion_drink, -10.0, "potion-explosion", "three gulps and bubbles"),
    "skill_token": Design(skill_token, -9.0, "potion-explosion", "a token rings like a coin"),
    # Off the Rails
    "tile_placed": Design(tile_placed, -8.0, "off-the-rails", "a wooden knock"),
    "tile_upgraded": Design(tile_upgraded, -9.0, "off-the-rails", "two knocks and a rising pair"),
    "cart_rolling": Design(
        cart_rolling, -10.0, "off-the-rails", "a looping rumble with rail-joint clacks", variants=2
    ),
    "junction_click": Design(junction_click, -10.0, "off-the-rails", "a switch lever clacks"),
    "collision": Design(collision, -5.0, "off-the-rails", "carts clang together"),
    "derail": Design(derail, -5.0, "off-the-rails", "wheels screech, a cart tumbles"),
    "gems_stockpile": Design(gems_stockpile, -10.0, "off-the-rails", "gems clink onto a pile"),
    "gem_placed": Design(gem_placed, -14.0, "off-the-rails", "one gem clinks"),
    "chasm_collapse": Design(chasm_collapse, -5.0, "off-the-rails", "a deep rumble and crumbling"),
    # Diced Tomatoes
    "dice_rattle": Design(dice_rattle, -10.0, "diced-tomatoes", "dice shaken in a hand"),
    "die_land": Design(die_land, -9.0, "diced-tomatoes", "one die lands and bounces"),
    "die_placed": Design(die_placed, -11.0, "diced-tomatoes", "a die set down"),
    "harvest": Design(harvest, -9.0, "diced-tomatoes", "a pop and a rising three-note"),
    "karma_gain": Design(karma_gain, -15.0, "diced-tomatoes", "a rising shimmer"),
    "karma_spend": Design(karma_spend, -15.0, "diced-tomatoes", "a falling shimmer"),
    "die_passed": Design(die_passed, -11.0, "diced-tomatoes", "a die slid across felt"),
    # Tea Time
    "card_dealt": Design(card_dealt, -12.0, "tea-time", "a card flicked down"),
    "cards_taken": Design(cards_taken, -12.0, "tea-time", "cards swept up"),
    "cards_cancel": Design(cards_cancel, -12.0, "tea-time", "two snaps and a falling pair"),
    # Shifting Stones
    "stone_slide": Design(stone_slide, -9.0, "shifting-stones", "stones slide past each other"),
    "stone_flip": Design(stone_flip, -9.0, "shifting-stones", "a stone lifted and turned over"),
    "card_scored": Design(card_scored, -10.0, "shifting-stones", "a card snapped down, two notes"),
    # everywhere
    "button_click": Design(button_click, -16.0, "", "a soft tick"),
    "turn_start": Design(turn_start, -12.0, "", "a two-note chime"),
    "hint": Design(hint, -14.0, "", "three soft rising pips"),
    "fanfare": Design(fanfare, -6.0, "", "a brass call and a held chord", variants=1),
    "error": Design(error, -18.0, "", "two low falling buzzes"),
}

LOOPED = frozenset({"cart_rolling"})
"""Sounds the board loops for a duration given at play time."""


def steps(name: str) -> range:
    """The chain steps rendered for ``name``: 1..MAX_CHAIN for the explosion, else just 1."""
    return range(1, MAX_CHAIN + 1) if name == "explosion" else range(1, 2)


def render(name: str, variant: int = 0, step: int = 1) -> list:
    """The samples of one variant of a sound (``step``: the explosion's chain step, 1–5).

    Raises ``KeyError`` for an unknown name. Deterministic: the seed is the name, step and
    variant. The explosion's peak rises 1.5 dB per chain step.
    """
    design = SOUNDS[name]
    rng = random.Random(f"{name}/{step}/{variant}")
    samples = design.make(rng, step)
    if name not in LOOPED:
        samples = fade(samples, fade_out=END_FADE)  # a cut-off tail would click
    level = design.peak + 1.5 * (step - 1)
    return normalise(samples, min(level, -2.0))


def keys() -> list[tuple[str, int, int]]:
    """Every (name, step, variant) the board loads, in a stable order."""
    return [
        (name, step, variant)
        for name, design in SOUNDS.items()
        for step in steps(name)
        for variant in range(design.variants)
    ]


def render_rumble(seconds: float, variant: int = 0) -> list:
    """A cart's rumble lasting ``seconds``: the loop repeated, rising over :data:`LOOP_FADE_IN`
    and fading over :data:`LOOP_FADE_OUT` (what the board plays for a cart that moves for
    ``seconds``)."""
    loop = render("cart_rolling", variant)
    n = synth.frames(seconds)
    out = (loop * (n // len(loop) + 1))[:n]
    return fade(out, LOOP_FADE_IN, min(LOOP_FADE_OUT, seconds / 2))


def version() -> str:
    """A short hash of the synthesis code: cached sounds are kept per version, so changing a
    recipe makes the program render its sounds again."""
    digest = hashlib.sha256()
    for module in (synth.__file__, __file__):
        digest.update(Path(module).read_bytes())
    return digest.hexdigest()[:12]
