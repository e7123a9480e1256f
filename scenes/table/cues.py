"""A table's sounds: the cues of what happens (:mod:`sound.cues`), each as long as the game
says (a cart's roll) or its own length scaled by the speed setting."""

from __future__ import annotations

from typing import Any

from sound.cues import cues_for


def play(app: Any, what: Any, duration: float | None = None) -> None:
    """Play the sound of ``what`` now — an event, events played together, a cue or a sound
    name — lasting ``duration`` seconds as played, else its own length scaled by the speed
    setting. Nothing at instant speed or with table sounds off."""
    if not app.table_sounds:
        return
    for cue in cues_for(what):
        seconds: float | None
        if duration is not None:
            seconds = duration
        else:
            seconds = cue.duration * app.speed_factor if cue.duration is not None else None
        app.sound.play_cue(cue, duration=seconds)
