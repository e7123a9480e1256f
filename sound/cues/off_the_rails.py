"""Off the Rails' sounds: wooden tiles, rumbling carts, clanging collisions, clinking gems."""

from __future__ import annotations

from engine.off_the_rails import state as otr
from sound.cues import SoundCue

SECONDS_PER_SQUARE = 0.2
"""A cart's move lasts about this long per square at normal speed (plus a twentieth of a
second); the table passes the real length of its animation when it differs."""

CARD = SoundCue("card_dealt", volume=0.6)
CLICK = SoundCue("junction_click", volume=0.7)
GEM = SoundCue("gem_placed")


def cart_moved(event: otr.CartMoved) -> SoundCue:
    """The rumble lasts as long as the cart rolls: its path's squares at normal speed."""
    squares = max(1, len(event.path) - 1)
    return SoundCue("cart_rolling", duration=SECONDS_PER_SQUARE * squares + 0.05)


CUES = {
    otr.EdgeTaken: None,
    otr.MissionDealt: CARD,
    otr.CardRevealed: CARD,
    otr.GemPlaced: GEM,
    otr.TurnStarted: None,  # the app chimes when a person's turn starts
    otr.TilePlaced: SoundCue("tile_placed"),
    otr.TileUpgraded: SoundCue("tile_upgraded"),
    otr.CartPlaced: SoundCue("tile_placed", volume=0.8),
    otr.SpeedChanged: SoundCue("junction_click", volume=0.6),
    otr.ActionsEnded: None,
    otr.CartMoved: cart_moved,
    otr.ExitChosen: SoundCue("junction_click"),
    otr.CartTurnedFromChasm: SoundCue("junction_click"),
    otr.GemTaken: GEM,
    otr.Collided: SoundCue("collision"),
    otr.CartTurned: CLICK,
    otr.LoadSplit: None,
    otr.GemsDropped: GEM,
    otr.CartDerailed: SoundCue("derail"),
    otr.CartFell: SoundCue("derail"),
    otr.CartLeftMine: SoundCue("gems_stockpile"),
    otr.CartReturned: None,
    otr.MissionClaimed: SoundCue("skill_token"),
    otr.ChasmCardRevealed: CARD,
    otr.ChasmTokenDrawn: None,  # the chasm opening sounds
    otr.ChasmDieRolled: SoundCue("dice_roll"),
    otr.ChasmOpened: SoundCue("chasm_collapse"),
    otr.CardSkipped: None,
    otr.ChasmCardShuffledBack: CARD,
    otr.GameEnded: None,  # the score sheet plays the fanfare
    otr.GameEndReached: None,  # said in the log; the end follows at once
    otr.ChasmPhaseBegan: SoundCue("chasm_collapse", volume=0.6),
    # bookkeeping: nothing happens on the table
    otr.TasksChanged: None,
    otr.CartStarted: None,
    otr.MissionsChecked: None,
    otr.ChasmTurnBegan: None,
    otr.FinalTurnPlayed: None,
}
