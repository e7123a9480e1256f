"""The :class:`SoundBoard`: opens pygame's mixer and plays the program's sounds.

The App owns one board. :meth:`SoundBoard.start` returns at once: a loader thread opens the
mixer and reads each sound from the cache folder (:mod:`sound.cache`), so the first frame never
waits for audio and the main thread never synthesises. When the cache lacks sounds (the first
start), a separate process renders them (:mod:`sound.render`): pure-Python synthesis in a thread
would hold the interpreter lock and slow the frames. Should that process fail, or the folder
refuse writes, the loader thread renders them in memory. A sound asked for before it is loaded
is skipped. No audio device, ``SDL_AUDIODRIVER=dummy``, or a mixer that fails to start leaves
the board silent: every call still works and nothing is printed.

Volume comes from the settings at each play: ``master_volume`` (0–100 %) as an amplitude of
``(percent / 100) ** 2`` (so the slider feels even to the ear) and ``sound_effects`` (off: no
sound). The board keeps its own clock, advanced by :meth:`update` with each frame's ``dt``, for
sounds scheduled inside a cue (the landings after a dice rattle) and for stopping a looped
rumble when its cart stops.
"""

from __future__ import annotations

import contextlib
import heapq
import io
import itertools
import os
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

from sound import cache as sound_cache
from sound import library

MIXER_SETTINGS = dict(frequency=44100, size=-16, channels=2, buffer=512)
"""Mixer format; a 512-sample buffer is about 12 ms of latency."""
CHANNELS = 16
"""Sounds that may play at once; the oldest is cut when all are busy."""
VOLUME_JITTER = 0.06
"""Each play's level varies by up to this fraction, so repeats are not identical."""

COMPOSITES = frozenset({"dice_roll"})
"""Names that play several sounds: ``dice_roll`` is a rattle then one landing per die."""
LANDING_SPACING = 0.07
"""Seconds between the landings of two dice of one roll."""

RENDER_TIMEOUT = 120.0
"""Seconds the render process may take before the loader gives up on it."""
ROOT = Path(__file__).resolve().parents[1]

_DEFAULT = object()


def render_command(folder: Path) -> list[str]:
    """The command that renders the missing sounds of ``folder`` in another process."""
    return [sys.executable, "-m", "sound.render", str(folder)]


@contextlib.contextmanager
def _quiet_stderr():
    """Silence file descriptor 2 for a moment: audio back-ends (ALSA) print their probing
    failures straight to it, and a machine without a sound card must start without a word."""
    try:
        saved = os.dup(2)
        devnull = os.open(os.devnull, os.O_WRONLY)
    except OSError:
        yield
        return
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def known(name: str) -> bool:
    """True for a name :meth:`SoundBoard.play` accepts."""
    return name in library.SOUNDS or name in COMPOSITES


class SoundBoard:
    """Plays named sounds (:data:`sound.library.SOUNDS`, plus ``dice_roll``).

    ``settings`` is read at every play (``master_volume``, ``sound_effects``); ``folder`` is the
    cache folder (default :func:`sound.cache.default_folder`; None renders in memory only);
    ``mixer`` is pygame's mixer module (tests pass a fake).
    """

    def __init__(self, settings, folder=_DEFAULT, mixer=None):
        self.settings = settings
        self.folder: Path | None = sound_cache.default_folder() if folder is _DEFAULT else folder
        self.real_mixer = mixer is None
        if mixer is None:
            import pygame

            mixer = pygame.mixer
        self.mixer = mixer
        self.sounds: dict[tuple[str, int], list] = {}
        """(name, chain step) -> loaded variants (pygame Sounds)."""
        self.ready = threading.Event()
        """Set when every sound is loaded (or loading gave up)."""
        self.live = False
        """True once the mixer is open: sounds can be heard."""
        self.rendered = 0
        """Variants the loader thread had to render (0 when all came from the cache)."""
        self.rendered_elsewhere = False
        """True when a render process filled the cache for this start."""
        self.time = 0.0
        """The board's clock in seconds, advanced by :meth:`update`."""
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._pending: list = []  # heap of (time, order, name, volume)
        self._held: list = []  # [stop time, channel, sound] of looped sounds
        self._order = itertools.count()
        self._last: dict[tuple[str, int], int] = {}
        self._rng = random.Random()  # which variant sounds: never a game decision

    # --- starting and stopping ---------------------------------------------------------------
    def start(self) -> None:
        """Open the mixer and load the sounds in a background thread (returns at once). With
        pygame's mixer and ``SDL_AUDIODRIVER=dummy`` nothing is started: nothing can be heard."""
        if self._thread is not None or self.ready.is_set():
            return
        if self.real_mixer and os.environ.get("SDL_AUDIODRIVER", "").strip().lower() == "dummy":
            self.ready.set()
            return
        self._thread = threading.Thread(target=self._load, name="sound-loader", daemon=True)
        self._thread.start()

    def _load(self) -> None:
        try:
            if not self.mixer.get_init():
                with _quiet_stderr():
                    self.mixer.init(**MIXER_SETTINGS)
            self.mixer.set_num_channels(CHANNELS)
            self.live = True
            store = sound_cache.SoundCache(self.folder)
            if store.writable and store.missing(library.keys()):
                self.rendered_elsewhere = self._render_elsewhere()
                store = sound_cache.SoundCache(self.folder)
            for name, step, variant in library.keys():
                if self._stop.is_set():
                    return
                data = store.wav(name, step, variant)
                sound = self.mixer.Sound(file=io.BytesIO(data))
                self.sounds.setdefault((name, step), []).append(sound)
            store.finish()
            self.rendered = store.rendered
        except Exception:  # any failure of audio means silence, never a crash or a message
            self.live = False
        finally:
            self.ready.set()

    def _render_elsewhere(self) -> bool:
        """Run :mod:`sound.render` for the cache folder and wait for it (stopping it if the
        board closes meanwhile); True when it stored everything."""
        if self.folder is None:
            return False
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        try:
            child = subprocess.Popen(
                render_command(self.folder),
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            return False
        deadline = time.monotonic() + RENDER_TIMEOUT
        while child.poll() is None:
            if self._stop.is_set() or time.monotonic() > deadline:
                child.kill()
                child.wait()
                return False
            time.sleep(0.05)
        return child.returncode == 0

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until loading is over (tests and benches); True if it is."""
        return self.ready.wait(timeout)

    def close(self) -> None:
        """Stop loading and silence everything (before ``pygame.quit``)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2.0)
        if self.live:
            with contextlib.suppress(Exception):
                self.mixer.stop()
        self.live = False
        self._pending.clear()
        self._held.clear()

    # --- levels ------------------------------------------------------------------------------
    @property
    def enabled(self) -> bool:
        """True when a play can be heard: the mixer is open and effects are on."""
        return self.live and bool(getattr(self.settings, "sound_effects", True))

    @property
    def master(self) -> float:
        """The master volume as an amplitude factor, 0.0–1.0."""
        percent = max(0, min(100, getattr(self.settings, "master_volume", 100)))
        return (percent / 100.0) ** 2

    # --- playing -----------------------------------------------------------------------------
    def play(
        self,
        name: str,
        *,
        volume: float = 1.0,
        chain: int = 0,
        duration: float | None = None,
        dice: int = 1,
    ) -> None:
        """Play sound ``name`` now at ``volume`` (0.0–1.0, times the master volume).

        ``chain`` is the explosion's chain step (1 = first; 0 is taken as 1; above
        :data:`sound.library.MAX_CHAIN` sounds like the last). ``duration`` (seconds) is how long
        a looped sound (``cart_rolling``) lasts, and for ``dice_roll`` the roll's animation: the
        landings fall in its second third. ``dice`` is how many dice land in a ``dice_roll``.
        Raises ``KeyError`` for an unknown name, even while silent.
        """
        if not known(name):
            raise KeyError(f"no sound named {name!r}")
        if not self.enabled:
            return
        if name == "dice_roll":
            self._dice_roll(volume, duration, dice)
            return
        step = max(1, min(library.MAX_CHAIN, chain)) if name == "explosion" else 1
        self._start(name, step, volume, duration)

    def play_cue(self, cue, *, duration: float | None = None) -> None:
        """Play a :class:`sound.cues.SoundCue`; ``duration`` overrides the cue's own."""
        self.play(
            cue.name,
            volume=cue.volume,
            chain=cue.chain,
            duration=cue.duration if duration is None else duration,
            dice=cue.dice,
        )

    def _dice_roll(self, volume: float, duration: float | None, dice: int) -> None:
        self._start("dice_rattle", 1, volume, None)
        first = 0.3 if duration is None else max(0.15, duration * 0.36)
        for i in range(max(1, dice)):
            at = first + i * LANDING_SPACING * (0.7 + 0.6 * self._rng.random())
            self.schedule("die_land", at, volume=volume * (1.0 - 0.04 * i))

    def schedule(self, name: str, delay: float, *, volume: float = 1.0) -> None:
        """Play ``name`` after ``delay`` seconds of the board's clock (dropped by :meth:`cut`)."""
        if not known(name):
            raise KeyError(f"no sound named {name!r}")
        if self.enabled:
            heapq.heappush(self._pending, (self.time + delay, next(self._order), name, volume))

    def _start(self, name: str, step: int, volume: float, duration: float | None) -> None:
        variants = self.sounds.get((name, step))
        if not variants:
            return  # not loaded yet
        index = self._rng.randrange(len(variants))
        if len(variants) > 1 and index == self._last.get((name, step)):
            index = (index + 1) % len(variants)
        self._last[(name, step)] = index
        gain = volume * self.master * (1.0 + VOLUME_JITTER * (2 * self._rng.random() - 1))
        try:
            channel = self.mixer.find_channel(True)
            if channel is None:
                return
            channel.set_volume(max(0.0, min(1.0, gain)))
            sound = variants[index]
            if name in library.LOOPED:
                seconds = max(0.2, duration if duration is not None else library.LOOP_SECONDS)
                channel.play(sound, loops=-1, fade_ms=int(library.LOOP_FADE_IN * 1000))
                self._held.append(
                    [self.time + max(0.0, seconds - library.LOOP_FADE_OUT), channel, sound]
                )
            else:
                channel.play(sound)
        except Exception:  # the mixer went away (quit): stay silent
            self.live = False

    # --- the clock ---------------------------------------------------------------------------
    @property
    def waiting(self) -> bool:
        """True while a sound is scheduled to start or a looped one to fade: :meth:`update`
        must keep being called (the app's loop does not sleep meanwhile)."""
        return bool(self._pending or self._held)

    def update(self, dt: float) -> None:
        """Advance the board's clock by ``dt`` seconds: start due scheduled sounds, fade out
        looped ones whose time is up. Cheap when nothing is due."""
        self.time += dt
        while self._pending and self._pending[0][0] <= self.time:
            _, _, name, volume = heapq.heappop(self._pending)
            if self.enabled:
                self.play(name, volume=volume)
        if self._held:
            due = [held for held in self._held if held[0] <= self.time]
            for held in due:
                self._held.remove(held)
                self._fade(held, library.LOOP_FADE_OUT)

    def _fade(self, held, seconds: float) -> None:
        _, channel, sound = held
        with contextlib.suppress(Exception):
            if channel.get_sound() is sound:
                channel.fadeout(max(1, int(seconds * 1000)))

    def cut(self) -> None:
        """The table skipped its animations: drop scheduled sounds and fade out looped ones
        now (sounds already started ring out)."""
        self._pending.clear()
        for held in self._held:
            self._fade(held, 0.08)
        self._held.clear()

    def silence(self) -> None:
        """Stop everything at once with a short fade (muting)."""
        self._pending.clear()
        self._held.clear()
        if self.live:
            with contextlib.suppress(Exception):
                self.mixer.fadeout(80)
