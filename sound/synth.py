"""Sound synthesis with the standard library only: noise, filters, resonators, envelopes, sweeps.

A buffer is a ``list`` of floats, mono, at :data:`RATE` samples per second, full scale ±1.0.
Times are in seconds, frequencies in Hz, levels in dBFS (0 dBFS is full scale). Every function
returns a new list and leaves its input alone. Randomness comes only from the ``random.Random``
passed in, so a sound made twice from the same seed is the same sound.

Pure Python is fast enough here (a second of sound through a few filters takes tens of
milliseconds) because the sounds are made once, off the main thread, and then cached as WAV
files (:mod:`sound.cache`); numpy would add a large dependency for a one-time cost.
"""

from __future__ import annotations

import array
import io
import itertools
import math
import operator
import random
import sys
import wave

RATE = 22050
"""Samples per second of every buffer."""


def frames(seconds: float) -> int:
    """The number of samples in ``seconds`` (at least 1)."""
    return max(1, round(seconds * RATE))


def duration(samples: list) -> float:
    """The length of a buffer in seconds."""
    return len(samples) / RATE


def uniform(rng: random.Random, low: float, high: float) -> float:
    """A float in [low, high) from ``rng.random()`` (the one call whose sequence Python keeps
    stable across versions)."""
    return low + (high - low) * rng.random()


def jitter(rng: random.Random, amount: float) -> float:
    """A factor in [1 - amount, 1 + amount): small pitch or timing variation."""
    return 1.0 + uniform(rng, -amount, amount)


def semitones(count: float) -> float:
    """The frequency ratio of ``count`` semitones (12 make an octave)."""
    return 2.0 ** (count / 12.0)


# --- sources -------------------------------------------------------------------------------------
def silence(seconds: float) -> list:
    """``seconds`` of silence (at least one sample)."""
    return [0.0] * frames(seconds)


def white_noise(seconds: float, rng: random.Random) -> list:
    """Uniform white noise in [-1, 1)."""
    r = rng.random
    return [2.0 * r() - 1.0 for _ in range(frames(seconds))]


def decay_curve(seconds: float, time_constant: float, attack: float = 0.0) -> list:
    """An envelope: a linear rise over ``attack`` seconds to 1, then ``exp(-t / time_constant)``."""
    n = frames(seconds)
    rise = min(n, int(attack * RATE))
    ratio = math.exp(-1.0 / max(1e-6, time_constant * RATE))
    tail = (
        list(itertools.accumulate(itertools.repeat(ratio, n - rise - 1), operator.mul, initial=1.0))
        if n > rise
        else []
    )
    return [i / rise for i in range(rise)] + tail


def resonator(seconds: float, freq: float, time_constant: float, phase: float = 0.0) -> list:
    """A decaying sine at ``freq`` Hz, amplitude ``exp(-t / time_constant)``: a struck object's
    mode. Made by the two-term recursion ``y[n] = 2 r cos(w) y[n-1] - r² y[n-2]``."""
    n = frames(seconds)
    w = 2.0 * math.pi * min(freq, RATE * 0.45) / RATE
    r = math.exp(-1.0 / max(1e-6, time_constant * RATE))
    c1, c2 = 2.0 * r * math.cos(w), -r * r
    y2, y1 = math.sin(phase - w) / r, math.sin(phase)
    out = [0.0] * n
    for i in range(n):
        out[i] = y1
        y2, y1 = y1, c1 * y1 + c2 * y2
    return out


def click(
    freqs,
    time_constants,
    seconds: float = 0.12,
    gains=None,
    noise: float = 0.3,
    rng: random.Random | None = None,
    brightness: float = 4000.0,
) -> list:
    """A struck object: resonant modes at ``freqs`` Hz, each fading with its time constant in
    seconds, over a short burst of noise (``noise`` is its level, lowpassed at ``brightness`` Hz)
    that gives the strike its edge."""
    gains = gains or [1.0] * len(freqs)
    out = [0.0] * frames(seconds)
    for f, tc, g in zip(freqs, time_constants, gains):
        out = mix(out, resonator(seconds, f, tc, phase=0.3), gain=g)
    if noise and rng is not None:
        tick = multiply(white_noise(0.006, rng), decay_curve(0.006, 0.0015))
        out = mix(out, lowpass(tick, brightness), gain=noise)
    return out


def tone(
    seconds: float,
    freq: float,
    end_freq: float | None = None,
    harmonics=((1, 1.0),),
    vibrato: float = 0.0,
    vibrato_rate: float = 5.5,
) -> list:
    """A steady or swept tone: ``harmonics`` are (multiple, gain) pairs of ``freq`` Hz; with
    ``end_freq`` the pitch glides exponentially to it. ``vibrato`` is the pitch wobble as a
    fraction of the frequency, at ``vibrato_rate`` Hz."""
    n = frames(seconds)
    end = end_freq or freq
    growth = (end / freq) ** (1.0 / max(1, n - 1))
    step = 2.0 * math.pi * freq / RATE
    vib = 2.0 * math.pi * vibrato_rate / RATE
    phases = [0.0] * n
    phase = 0.0
    for i in range(n):
        phases[i] = phase
        wobble = 1.0 + vibrato * math.sin(vib * i) if vibrato else 1.0
        phase += step * wobble
        step *= growth
    limit = RATE * 0.45
    out = [0.0] * n
    for multiple, gain in harmonics:
        if freq * multiple >= limit or end * multiple >= limit:
            continue  # would fold back below Nyquist as a wrong note
        sin = math.sin
        out = list(map(operator.add, out, [gain * sin(p * multiple) for p in phases]))
    return out


def bell(seconds: float, freq: float, time_constant: float = 0.4) -> list:
    """A small bell or chime at ``freq`` Hz: a few partials, the high ones fading first."""
    partials = ((1.0, 1.0, 1.0), (2.0, 0.45, 0.6), (3.01, 0.25, 0.35), (4.2, 0.12, 0.2))
    out = [0.0] * frames(seconds)
    for multiple, gain, life in partials:
        out = mix(out, resonator(seconds, freq * multiple, time_constant * life), gain=gain)
    return out


# --- filters -------------------------------------------------------------------------------------
def lowpass(samples: list, cutoff: float) -> list:
    """A one-pole lowpass at ``cutoff`` Hz (6 dB per octave)."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    return list(itertools.accumulate(samples, lambda y, x: y + a * (x - y), initial=0.0))[1:]


def highpass(samples: list, cutoff: float) -> list:
    """A one-pole highpass at ``cutoff`` Hz: the input less its lowpass."""
    return list(map(operator.sub, samples, lowpass(samples, cutoff)))


def bandpass(samples: list, centre: float, q: float = 2.0, end_centre: float | None = None) -> list:
    """A resonant two-pole bandpass (0 dB at the peak) at ``centre`` Hz with quality ``q``; with
    ``end_centre`` the peak glides exponentially to it over the buffer (a sweep or a whoosh)."""
    n = len(samples)
    end = end_centre or centre
    glide = (end / centre) ** (1.0 / max(1, n - 1))
    out = [0.0] * n
    x1 = x2 = y1 = y2 = 0.0
    f = centre
    recompute = 32 if end_centre else n + 1
    b0 = a1 = a2 = 0.0
    for i, x in enumerate(samples):
        if i % recompute == 0:
            w = 2.0 * math.pi * min(f, RATE * 0.45) / RATE
            alpha = math.sin(w) / (2.0 * q)
            norm = 1.0 + alpha
            b0, a1, a2 = alpha / norm, -2.0 * math.cos(w) / norm, (1.0 - alpha) / norm
            f *= glide**recompute
        y = b0 * (x - x2) - a1 * y1 - a2 * y2
        x2, x1, y2, y1 = x1, x, y1, y
        out[i] = y
    return out


# --- shaping and mixing --------------------------------------------------------------------------
def multiply(samples: list, envelope: list) -> list:
    """``samples`` times ``envelope``, sample by sample (the shorter length wins)."""
    return list(map(operator.mul, samples, envelope))


def scale(samples: list, gain: float) -> list:
    """``samples`` times ``gain`` (a plain factor, not dB)."""
    return [gain * x for x in samples]


def fade(samples: list, fade_in: float = 0.0, fade_out: float = 0.0) -> list:
    """Linear fades at both ends, in seconds (they keep clicks off a cut buffer's edges)."""
    out = list(samples)
    n = len(out)
    rise = min(n, int(fade_in * RATE))
    for i in range(rise):
        out[i] *= i / rise
    fall = min(n, int(fade_out * RATE))
    for i in range(fall):
        out[n - 1 - i] *= i / fall
    return out


def mix(dest: list, source: list, at: float = 0.0, gain: float = 1.0) -> list:
    """``source`` times ``gain`` added into ``dest`` starting ``at`` seconds; the result is as
    long as both need."""
    start = max(0, round(at * RATE))
    end = start + len(source)
    out = dest + [0.0] * max(0, end - len(dest))
    out[start:end] = [mixed + gain * added for mixed, added in zip(out[start:end], source)]
    return out


def pad(samples: list, seconds: float) -> list:
    """``samples`` cut or padded with silence to exactly ``seconds``."""
    n = frames(seconds)
    return samples[:n] + [0.0] * max(0, n - len(samples))


def loopable(samples: list, overlap: float) -> list:
    """Make a seamless loop: the last ``overlap`` seconds are cross-faded into the start and cut
    off, so playing the result over and over has no click at the seam."""
    n = frames(overlap)
    body = samples[: len(samples) - n]
    tail = samples[len(samples) - n :]
    for i in range(n):
        t = i / n
        body[i] = body[i] * t + tail[i] * (1.0 - t)
    return body


# --- levels --------------------------------------------------------------------------------------
def peak(samples: list) -> float:
    """The largest absolute sample (1.0 is full scale)."""
    return max(max(samples), -min(samples)) if samples else 0.0


def rms(samples: list) -> float:
    """The root-mean-square level of ``samples`` (1.0 is full scale; 0.0 for an empty buffer)."""
    return math.sqrt(sum(x * x for x in samples) / len(samples)) if samples else 0.0


def dbfs(level: float) -> float:
    """A level as dBFS (-inf for silence)."""
    return 20.0 * math.log10(level) if level > 0 else float("-inf")


def normalise(samples: list, peak_dbfs: float) -> list:
    """Scale so the peak sits at ``peak_dbfs`` (e.g. -6.0 is half of full scale)."""
    top = peak(samples)
    if top == 0.0:
        return list(samples)
    return scale(samples, 10.0 ** (peak_dbfs / 20.0) / top)


# --- encoding ------------------------------------------------------------------------------------
def to_pcm16(samples: list) -> bytes:
    """Little-endian signed 16-bit samples; values beyond ±1 are clipped."""
    # a comparison chain, not min/max calls: 3x faster, the same values (NaN becomes +1)
    pcm = array.array(
        "h", [int((x if -1.0 <= x <= 1.0 else (-1.0 if x < 0 else 1.0)) * 32767.0) for x in samples]
    )
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def from_pcm16(data: bytes) -> list:
    """The inverse of :func:`to_pcm16` (up to rounding)."""
    pcm = array.array("h")
    pcm.frombytes(data[: len(data) - len(data) % 2])
    if sys.byteorder == "big":
        pcm.byteswap()
    return [x / 32767.0 for x in pcm]


def wav_bytes(samples: list) -> bytes:
    """A whole mono 16-bit WAV file at :data:`RATE` holding ``samples``."""
    out = io.BytesIO()
    with wave.open(out, "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(to_pcm16(samples))
    return out.getvalue()


def read_wav(data: bytes) -> list:
    """The samples of a WAV file made by :func:`wav_bytes`; ``ValueError`` if it is not one (a
    different format, or fewer sample bytes than its header promises)."""
    return from_pcm16(wav_body(data))


def wav_body(data: bytes) -> bytes:
    """The 16-bit sample bytes of a WAV file made by :func:`wav_bytes`, checked but not decoded
    (what a cache needs to trust a file); ``ValueError`` as :func:`read_wav`."""
    try:
        with wave.open(io.BytesIO(data), "rb") as wav:
            if (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) != (1, 2, RATE):
                raise ValueError("not a mono 16-bit WAV at the synthesis rate")
            count = wav.getnframes()
            body = wav.readframes(count)
    except (wave.Error, EOFError) as err:
        raise ValueError(f"not a WAV file ({err})") from err
    if count == 0 or len(body) != 2 * count:
        raise ValueError("the WAV file is truncated")
    return body
