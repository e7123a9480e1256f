"""Shifting Stones' sounds: stones grinding past each other for a swap, a stone lifted and set
down for a flip, a card snapped onto the scored row with two rising notes; a wooden knock for a
stone laid at set-up, a card flicked down when one is paid or drawn, and the error buzz for a
solo strike."""

from __future__ import annotations

from engine.shifting_stones import state as ss
from sound.cues import SoundCue

CUES = {
    ss.StonePlaced: SoundCue("tile_placed", volume=0.5),
    ss.SoloCardChosen: None,  # face down, out of sight
    ss.CardDrawn: SoundCue("card_dealt", volume=0.6),
    ss.FirstPlayerChosen: None,
    ss.TurnStarted: None,  # the app chimes when a person's turn starts
    ss.TurnSkipped: None,  # its cards being drawn sound
    ss.CardPaid: SoundCue("card_dealt"),
    ss.StonesShifted: SoundCue("stone_slide"),
    ss.StoneFlipped: SoundCue("stone_flip"),
    ss.CardScored: SoundCue("card_scored"),
    ss.LastRound: None,
    ss.TurnEnded: None,
    ss.DeckReshuffled: SoundCue("cards_taken", volume=0.7),
    ss.NothingToDraw: None,
    ss.StrikeGiven: SoundCue("error"),
    ss.BonusAwarded: None,
    ss.GameEnded: None,  # the score sheet plays the fanfare
    ss.SoloGameEnded: None,
}
