"""Tea Time's sounds: cards flicked down as a round is laid out, swept up when taken, and two
snaps with a falling pair of notes when a normal and a mirror card cancel."""

from __future__ import annotations

from engine.tea_time import state as tt
from sound.cues import SoundCue

CUES = {
    tt.FirstPlayerChosen: None,
    tt.RoundStarted: None,  # its cards being dealt sound
    tt.CardDealt: SoundCue("card_dealt", volume=0.6),
    tt.TurnStarted: None,  # the app chimes when a person's turn starts
    tt.CardsTaken: SoundCue("cards_taken"),
    tt.AlicePlaced: SoundCue("card_dealt"),
    tt.CardsCancelled: SoundCue("cards_cancel"),
    tt.RoundEnded: None,
    tt.GameEnded: None,  # the score sheet plays the fanfare
}
