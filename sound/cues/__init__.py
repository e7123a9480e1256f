"""Which sound each engine event makes: one table per game, event class → cue.

A table scene plays an event's cue when its step starts (:mod:`scenes.table.scene`, ``play_cues``).
Each game's module (``sound/cues/<game package>.py``) defines ``CUES``: every event class of the
game maps to a :class:`SoundCue`, to a function ``event -> SoundCue | None`` (when the event
decides: the explosion's chain step, the length of a cart's path), or to None for an event that
is quiet (bookkeeping the player does not see happen). A test walks seeded random games of every
registered game and fails on an event class without an entry.
"""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import TypeAlias


@dataclass(frozen=True)
class SoundCue:
    """A sound to play: ``name`` (see :data:`sound.library.SOUNDS`, or ``dice_roll``),
    ``volume`` 0.0–1.0, ``chain`` the explosion's chain step (1 = first), ``duration`` seconds
    at normal animation speed for a sound that lasts as long as its animation (a cart's rumble,
    a dice roll; None: the sound's own length), ``dice`` the dice that land in a ``dice_roll``.
    """

    name: str
    volume: float = 1.0
    chain: int = 0
    duration: float | None = None
    dice: int = 1


Entry: TypeAlias = SoundCue | Callable[..., SoundCue | None] | None


def cue_module(game_id: str) -> str:
    """The name of a game's cue module: ``sound/cues/<game package>.py``, the package named as
    the engine's (``potion-explosion`` → ``sound.cues.potion_explosion``)."""
    return "sound.cues." + game_id.replace("-", "_")


_tables: dict[str, dict] = {}


def cue_table(game_id: str) -> dict:
    """The ``CUES`` of a game's module ({event class: entry}); empty for a game without one."""
    if game_id not in _tables:
        name = cue_module(game_id)
        table: dict = {}
        if importlib.util.find_spec(name) is not None:
            table = importlib.import_module(name).CUES
        _tables[game_id] = table
    return _tables[game_id]


_merged: dict = {}


def _all_entries() -> dict:
    if not _merged:
        from engine import registry

        for spec in registry.games():
            _merged.update(cue_table(spec.id))
    return _merged


def has_entry(event_class: type) -> bool:
    """True when ``event_class`` is in a game's table (mapped to a sound or to None)."""
    return event_class in _all_entries()


def sound_for_event(event) -> SoundCue | None:
    """The cue for one event, or None for a quiet (or unknown) event."""
    entry = _all_entries().get(type(event))
    if entry is None or isinstance(entry, SoundCue):
        return entry
    return entry(event)


def cues_for(what) -> list[SoundCue]:
    """The cues of ``what``: a sound name, a :class:`SoundCue`, one event, or a sequence of
    events played together (merged by :func:`sounds_for_events`)."""
    if what is None:
        return []
    if isinstance(what, str):
        return [SoundCue(what)]
    if isinstance(what, SoundCue):
        return [what]
    if isinstance(what, Sequence):
        return sounds_for_events(what)
    return sounds_for_events([what])


def sounds_for_events(events: Sequence) -> list[SoundCue]:
    """The cues of a run of events played together, merged so a group sounds once per kind:
    equal cues in a row play once (five marbles rolling in are one slide), and the dice of
    ``dice_roll`` cues in a row add up (three DieRolled events are one roll of three dice)."""
    out: list[SoundCue] = []
    for event in events:
        cue = sound_for_event(event)
        if cue is None:
            continue
        if out and out[-1].name == cue.name == "dice_roll":
            out[-1] = replace(out[-1], dice=out[-1].dice + cue.dice)
        elif out and out[-1] == cue:
            continue
        else:
            out.append(cue)
    return out
