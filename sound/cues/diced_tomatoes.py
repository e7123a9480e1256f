"""Diced Tomatoes' sounds: dice rattle and land, dice set down and passed, harvests, karma."""

from __future__ import annotations

from engine.diced_tomatoes import state as dt
from sound.cues import SoundCue

ROLL = SoundCue("dice_roll")
"""One die; :func:`sound.cues.sounds_for_events` adds up the dice of a roll's events."""

CUES = {
    dt.FirstRollMade: ROLL,
    dt.FirstRollTied: None,
    dt.TurnOrderChosen: None,
    dt.TurnStarted: None,  # the app chimes when a person's turn starts
    dt.DieDrawn: None,  # its roll sounds
    dt.DieRolled: ROLL,
    dt.DiePlaced: SoundCue("die_placed"),
    dt.DiePassed: SoundCue("die_passed"),
    dt.VineCompleted: None,  # the harvest or clearing that follows sounds
    dt.VineHarvested: SoundCue("harvest"),
    dt.VineCleared: SoundCue("die_passed", volume=0.8),
    dt.VineKept: None,
    dt.DecisionsPending: None,  # bookkeeping: the table asks the owners
    dt.KarmaGained: SoundCue("karma_gain"),
    dt.KarmaBitGained: SoundCue("karma_gain", volume=0.5),
    dt.KarmaBitsTraded: None,  # the KarmaGained that follows sounds
    dt.KarmaSpent: SoundCue("karma_spend"),
    dt.KarmaLost: SoundCue("karma_spend", volume=0.5),
    dt.DieChanged: SoundCue("die_placed", volume=0.7),
    dt.RerollStarted: None,  # its roll sounds
    dt.SeedFlipped: SoundCue("die_placed", volume=0.7),
    dt.TurnEnded: None,
    dt.NextPlayer: None,
    dt.FinalRound: None,
    dt.GameEnded: None,  # the score sheet plays the fanfare
}
