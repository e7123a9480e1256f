"""A stand-in for ``pygame.mixer`` that records what would be heard (tests only)."""

from __future__ import annotations

import pygame

from sound import cache, library


class FakeSound:
    def __init__(self, file):
        self.data = file.read()


class FakeChannel:
    def __init__(self, mixer):
        self.mixer = mixer
        self.volume = 1.0
        self.sound = None
        self.faded_ms = None

    def set_volume(self, value):
        self.volume = value

    def play(self, sound, loops=0, maxtime=-1, fade_ms=0):
        self.sound = sound
        self.mixer.plays.append(Play(self.mixer.key_of(sound), self.volume, loops, fade_ms, self))

    def get_sound(self):
        return self.sound

    def fadeout(self, ms):
        self.faded_ms = ms


class Play:
    """One sound started: ``key`` is (name, step, variant)."""

    def __init__(self, key, volume, loops, fade_ms, channel):
        self.key, self.volume, self.loops, self.fade_ms, self.channel = (
            key,
            volume,
            loops,
            fade_ms,
            channel,
        )

    @property
    def name(self):
        return self.key[0]


class FakeMixer:
    """``fail``: ``init`` raises like a machine without an audio device."""

    def __init__(self, folder=None, fail=False):
        self.fail = fail
        self.opened = None
        self.plays: list[Play] = []
        self.stopped = False
        self.faded_all = None
        self._keys = {}
        if folder is not None:
            store = cache.SoundCache(folder)
            for key in library.keys():
                self._keys[store.wav(*key)] = key

    def key_of(self, sound):
        return self._keys.get(sound.data, ("?", 0, 0))

    def get_init(self):
        return self.opened

    def init(self, **settings):
        if self.fail:
            raise pygame.error("ALSA: Couldn't open audio device: No such file or directory")
        self.opened = (settings["frequency"], settings["size"], settings["channels"])

    def set_num_channels(self, count):
        self.channels = count

    def Sound(self, file):
        return FakeSound(file)

    def find_channel(self, force=False):
        return FakeChannel(self)

    def stop(self):
        self.stopped = True

    def fadeout(self, ms):
        self.faded_all = ms

    def names(self):
        return [play.name for play in self.plays]
