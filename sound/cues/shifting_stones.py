"""Shifting Stones' sounds, from the sounds the other games already make until the game has its
own (a slide, a flip, a score): a wooden knock for a stone laid, swapped or turned over, a card
flicked down when one is paid or drawn, cards swept up when one is scored, and the error buzz for
a solo strike."""

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
    ss.StonesShifted: SoundCue("tile_placed"),
    ss.StoneFlipped: SoundCue("tile_placed", volume=0.8),
    ss.CardScored: SoundCue("cards_taken"),
    ss.LastRound: None,
    ss.TurnEnded: None,
    ss.DeckReshuffled: SoundCue("cards_taken", volume=0.7),
    ss.NothingToDraw: None,
    ss.StrikeGiven: SoundCue("error"),
    ss.BonusAwarded: None,
    ss.GameEnded: None,  # the score sheet plays the fanfare
    ss.SoloGameEnded: None,
}
