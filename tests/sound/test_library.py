"""Every sound's shape: length, level below clipping, not silent, varied, and the special ones
(a dice rattle's several knocks, the explosion's rising chain, the rumble's requested length)."""

from __future__ import annotations

import functools

import pytest

from sound import cache, library, synth
from tests.sound.levels import transients, zero_crossing_rate

CLIP = 0.9
"""No sound may peak above 90 % of full scale."""

LENGTHS = {
    "button_click": (0.02, 0.08),
    "fanfare": (1.2, 2.5),
    "chasm_collapse": (1.0, 2.0),
    "cart_rolling": (library.LOOP_SECONDS - 0.01, library.LOOP_SECONDS + 0.01),
}
"""Seconds (shortest, longest) where a sound differs from the usual 0.04–1.2 s."""


@pytest.fixture(scope="module")
def heard(rendered):
    """The samples of one variant as the game plays them: read from the run's rendered cache
    (16-bit, as the mixer gets them), so each sound is rendered once per run, not per test.
    Call as ``heard(name, variant=0, step=1)``; returns a tuple of floats in -1..1."""
    store = cache.SoundCache(rendered)

    @functools.cache
    def samples(name: str, variant: int = 0, step: int = 1) -> tuple:
        return tuple(synth.read_wav(store.wav(name, step, variant)))

    return samples


@pytest.mark.parametrize("name,step,variant", library.keys())
def test_each_sound_has_a_sane_length_and_level(heard, name, step, variant):
    samples = heard(name, variant, step)
    low, high = LENGTHS.get(name, (0.04, 1.2))
    assert low <= synth.duration(samples) <= high
    assert synth.peak(samples) <= CLIP
    assert synth.dbfs(synth.peak(samples)) >= -20.0, "too quiet to hear among the others"
    assert synth.dbfs(synth.rms(samples)) >= -40.0, "almost silent"
    assert samples[-1] == pytest.approx(0.0, abs=0.02) or name in library.LOOPED, (
        "a sound must end at rest, or it clicks when it stops"
    )


@pytest.mark.parametrize("name", [n for n, d in library.SOUNDS.items() if d.variants > 1])
def test_variants_of_a_sound_differ(heard, name):
    renders = [heard(name, v) for v in range(library.SOUNDS[name].variants)]
    assert all(a != b for i, a in enumerate(renders) for b in renders[i + 1 :])


def test_rendering_is_repeatable():
    assert library.render("dice_rattle", 1) == library.render("dice_rattle", 1)


def test_a_dice_rattle_has_several_transients(heard):
    for variant in range(library.SOUNDS["dice_rattle"].variants):
        assert transients(heard("dice_rattle", variant)) >= 6


def test_a_landing_bounces_and_a_click_is_one_strike(heard):
    assert all(transients(heard("die_land", v)) >= 2 for v in range(3))
    assert all(transients(heard("button_click", v)) == 1 for v in range(3))


def test_explosions_rise_in_level_and_pitch_along_the_chain(heard):
    for variant in range(library.SOUNDS["explosion"].variants):
        chain = [heard("explosion", variant, step) for step in library.steps("explosion")]
        peaks = [synth.dbfs(synth.peak(s)) for s in chain]
        assert peaks == pytest.approx([-8.0, -6.5, -5.0, -3.5, -2.0], abs=0.01)
        assert zero_crossing_rate(chain[-1]) > 1.15 * zero_crossing_rate(chain[0])


@pytest.mark.parametrize("seconds", [0.25, 1.0, 2.65, 4.0])
def test_a_rumble_lasts_as_long_as_asked(seconds):
    rumble = library.render_rumble(seconds)
    assert synth.duration(rumble) == pytest.approx(seconds, abs=1 / synth.RATE)
    middle = rumble[len(rumble) // 3 : 2 * len(rumble) // 3]
    assert synth.dbfs(synth.rms(middle)) > -35.0
    assert abs(rumble[-1]) < 0.01 and abs(rumble[0]) < 0.01  # faded in and out


def test_version_changes_with_the_recipes(monkeypatch, tmp_path):
    before = library.version()
    assert len(before) == 12 and before == library.version()
    copy = tmp_path / "library.py"
    copy.write_text(open(library.__file__).read() + "\n# changed\n")
    monkeypatch.setattr(library, "__file__", str(copy))
    assert library.version() != before
