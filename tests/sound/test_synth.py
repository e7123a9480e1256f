"""The synthesis primitives: pitch, filters, envelopes, loops and WAV encoding."""

from __future__ import annotations

import random

import pytest

from sound import synth
from tests.sound.levels import zero_crossing_rate


def test_resonator_rings_at_its_frequency_and_decays():
    ring = synth.resonator(0.5, 440.0, time_constant=0.1)
    # a sine at 440 Hz crosses zero 880 times a second
    assert zero_crossing_rate(ring) == pytest.approx(880, rel=0.02)
    first, last = synth.peak(ring[:1000]), synth.peak(ring[-1000:])
    # after ~0.45 s of a 0.1 s time constant the level is about exp(-4.5) of the start
    assert last / first == pytest.approx(2.718**-4.3, rel=0.35)


def test_tone_sweeps_from_start_to_end_frequency():
    sweep = synth.tone(1.0, 200.0, end_freq=800.0)
    quarter = len(sweep) // 8
    assert zero_crossing_rate(sweep[:quarter]) == pytest.approx(2 * 220, rel=0.15)
    assert zero_crossing_rate(sweep[-quarter:]) == pytest.approx(2 * 740, rel=0.15)


def test_tone_leaves_out_harmonics_above_nyquist():
    high = synth.tone(0.1, 4000.0, harmonics=((1, 1.0), (3, 1.0)))  # 12 kHz > 11025 Hz
    assert high == synth.tone(0.1, 4000.0)


def test_lowpass_quietens_high_noise_more_than_low():
    rng = random.Random(3)
    noise = synth.white_noise(1.0, rng)
    assert synth.rms(synth.lowpass(noise, 200)) < 0.25 * synth.rms(noise)
    low = synth.tone(1.0, 50.0)
    assert synth.rms(synth.lowpass(low, 2000)) == pytest.approx(synth.rms(low), rel=0.05)


def test_bandpass_keeps_its_centre_and_cuts_far_from_it():
    centre = synth.tone(0.5, 1000.0)
    far = synth.tone(0.5, 100.0)
    kept = synth.rms(synth.bandpass(centre, 1000.0, q=4.0)[2000:]) / synth.rms(centre)
    cut = synth.rms(synth.bandpass(far, 1000.0, q=4.0)[2000:]) / synth.rms(far)
    assert kept == pytest.approx(1.0, rel=0.1)
    assert cut < 0.05


def test_decay_curve_rises_then_falls_by_its_time_constant():
    env = synth.decay_curve(1.0, time_constant=0.2, attack=0.01)
    top = env.index(max(env))
    assert top == pytest.approx(synth.frames(0.01), abs=2)
    at = top + synth.frames(0.2)
    assert env[at] == pytest.approx(1 / 2.718, rel=0.02)


def test_mix_places_a_sound_at_its_time_and_grows_the_buffer():
    dest = [0.0] * 10
    out = synth.mix(dest, [1.0, 1.0], at=20 / synth.RATE, gain=0.5)
    assert len(out) == 22 and out[20:] == [0.5, 0.5] and dest == [0.0] * 10


def test_loopable_has_no_jump_at_the_seam():
    rng = random.Random(5)
    noise = synth.lowpass(synth.white_noise(1.1, rng), 300)
    loop = synth.loopable(noise, 0.1)
    assert len(loop) == synth.frames(1.1) - synth.frames(0.1)
    steps = [abs(b - a) for a, b in zip(loop, loop[1:])]
    assert abs(loop[0] - loop[-1]) <= max(steps)


def test_normalise_sets_the_peak_in_dbfs():
    out = synth.normalise([0.1, -0.3, 0.2], -6.0)
    assert synth.dbfs(synth.peak(out)) == pytest.approx(-6.0)


def test_wav_round_trip_and_damaged_files_are_refused():
    samples = [0.0, 0.5, -0.5, 0.25]
    data = synth.wav_bytes(samples)
    assert synth.read_wav(data) == pytest.approx(samples, abs=1 / 32767)
    with pytest.raises(ValueError):
        synth.read_wav(data[:-3])  # fewer samples than the header says
    with pytest.raises(ValueError):
        synth.read_wav(b"RIFF junk")


def test_a_wav_body_is_checked_as_read_wav_checks_it_but_not_decoded():
    samples = [0.0, 0.5, -0.5, 0.25]
    data = synth.wav_bytes(samples)
    assert synth.wav_body(data) == synth.to_pcm16(samples)
    for damaged in (data[:-3], b"RIFF junk", synth.wav_bytes([])):
        with pytest.raises(ValueError):
            synth.wav_body(damaged)
