"""Potion Explosion's sounds: marbles clack, slide and burst; potions chime, gulp and ring."""

from __future__ import annotations

from engine.potion_explosion import state as pe
from sound.cues import SoundCue

PICK = SoundCue("marble_pick")
SLIDE = SoundCue("marbles_slide")
CARD = SoundCue("card_dealt", volume=0.6)


def exploded(event: pe.Exploded) -> SoundCue:
    """Each explosion of a pick sounds higher and louder along the chain (``chain_step``)."""
    return SoundCue("explosion", chain=event.chain_step)


def seam_collision(event: pe.SeamCollision) -> SoundCue | None:
    """Marbles that meet without exploding knock; an explosion sounds with its own event."""
    return None if event.explodes else SoundCue("marble_clack", volume=0.7)


def marbles_returned(event: pe.MarblesReturned) -> SoundCue | None:
    """Marbles going back to the tank slide softly; returning nothing is silent."""
    return SoundCue("marbles_slide", volume=0.45) if event.colours else None


CUES = {
    pe.PotionTypeChosen: None,
    pe.TypesChosen: None,
    pe.PhaseChanged: None,  # bookkeeping of the setup
    pe.StacksFormed: None,
    pe.FirstPlayerChosen: None,
    pe.StarterRevealed: CARD,
    pe.StarterDrafted: CARD,
    pe.TileRevealed: CARD,
    pe.MarbleRefilled: SoundCue("marbles_slide", volume=0.5),
    pe.MarbleTaken: PICK,
    pe.MarblesSlid: SLIDE,
    pe.SeamCollision: seam_collision,
    pe.Exploded: exploded,
    pe.ChainEnded: None,
    pe.MarbleMoved: SoundCue("marble_clack", volume=0.6),
    pe.MarblePlaced: SoundCue("marble_hole"),
    pe.PotionCompleted: SoundCue("potion_complete"),
    pe.SkillTokenEarned: SoundCue("skill_token"),
    pe.PotionDrunk: SoundCue("potion_drink"),
    pe.EffectStarted: None,  # the drink already sounded
    pe.EffectEnded: None,
    pe.EffectCopied: None,  # the drink already sounded
    pe.PoolStolen: SoundCue("marble_clack", volume=0.8),
    pe.PoolMadeWild: None,  # the drink already sounded
    pe.MarblesReturned: marbles_returned,
    pe.LittleHelpTaken: None,  # the marble it takes sounds as a pick
    pe.TurnStarted: None,  # the app chimes when a person's turn starts
    pe.TurnEnded: None,
    pe.TurnCounted: None,
    pe.TileDrawn: CARD,
    pe.NoTileLeft: None,
    pe.LastRoundBegun: None,
    pe.GameEndTriggered: None,
    pe.TieBreakStarted: None,
    pe.TieBreakTurn: None,  # the app chimes when a person's turn starts
    pe.TieBreakResult: None,
    pe.GameOver: None,  # the score sheet plays the fanfare
}
