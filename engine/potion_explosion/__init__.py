"""Potion Explosion (Horrible Games, 2015) as docs/rules/potion_explosion.md states it.

``GAME`` is the registry entry. Modules: :mod:`.data` (components), :mod:`.state` (state,
actions, events), :mod:`.rules` (the rules), :mod:`.events` (what each event does:
``apply_event``), :mod:`.notation`, :mod:`.heuristics`, :mod:`.bots`.
"""

from __future__ import annotations

from engine.core import GameSpec, Notation, OptionSpec
from engine.potion_explosion import legacy, rules
from engine.potion_explosion.bots import BOTS
from engine.potion_explosion.events import apply_event
from engine.potion_explosion.heuristics import evaluate
from engine.potion_explosion.notation import format_position, parse_position
from engine.potion_explosion.state import ACTION_CODEC, PotionExplosionState
from engine.potion_explosion.validate import validate
from translation import N_

RULES_SUMMARY = """# Potion Explosion

You are students at a school of magic, brewing potions from ingredient marbles that roll down a
dispenser. Complete potions for victory points, drink them for their magic, and earn skill tokens.

## Setup
- Six of the eight potion types are used (at random, chosen, or the "first game" set).
- Twice as many starter potions as players are revealed. Players draft them: one each in seating
order from the first player, then back in reverse order, so the last player takes two in a row.
Each player starts with two potions on the two brewing slots of their desk.
- All other potion tiles of the six types form five face-up stacks; their top tiles are on offer.
- The dispenser has five tracks of eight marbles, filled at random from the tank of 80 marbles
(20 red, 20 blue, 20 yellow, 20 black). Places on a track count from its bottom: place 1 is
the lowest marble, where the track's number is.
- A countdown stack of skill tokens holds players + 2 tokens.

## A turn
- Regular pick (once, required): take any marble of the dispenser. The marbles above slide down
and the track refills from the tank. If the two marbles that meet where the gap closed have the
same colour, they explode together with every marble of that colour touching them in the same
track (above and below, never in the next track), and all of them go to your hand. The track
slides and refills again and the new meeting point is checked: chain reactions can follow. Only
the marbles meeting at the gap matter, not the colour you took.
- Little Help (at most once per turn): take any one marble without explosions, for a -2 VP token.
- Place marbles from your hand into empty holes of their colour on your brewing potions. Your
ingredient pool keeps up to 3 marbles for later turns; move marbles between hand and pool freely.
- A potion whose holes are all filled is completed at once: its marbles go back to the tank and
the tile scores its victory points.
- Drink completed potions (each once per game) for their effects:
- Potion of Wisdom: take any 1 marble.
- Magnetical Attraction: take 2 touching marbles of different colours from one track.
- Balm of Uttermost Stickiness: take 2 or more touching marbles of one colour from one track.
- Abyssal Draft: take one marble of each colour showing at the bottom of the tracks, one per
track; it ends only when every colour there is taken.
- Elixir of Blind Love: take all marbles of one opponent's pool into your hand.
- Potion of Prismatic Joy: the marbles in your pool may fill holes of any colour this turn.
- Filter of Lavamancing: return up to 5 marbles of one colour from one track to the tank.
- Sands of Time: use again the effect of a potion you have already drunk (not a Sands of Time).
- You may stop using an effect early, except the Elixir of Blind Love and the Abyssal Draft.
- Marbles taken by potions or a Little Help never explode.
- To end your turn, no empty hole of your brewing potions may stay empty while a marble of its
colour is in your hand or your pool (moving it into the pool does not excuse it), and your pool
must be full if marbles remain in your hand. Those marbles go back to the tank. Then fill each
empty brewing slot with the top tile of a stack of your choice.

## Skill tokens
- Mastery: for every three potions of one type you complete (the third, the sixth, ...).
- Variety: complete potions of five different types (once).
- With 5 or 6 players: complete your tenth potion (once).
- Tokens come from the countdown stack while it lasts, then from the general supply.

## End of the game
- The end comes at the end of a turn in which the countdown stack became empty, or after which no
potion tile is left in the stacks (also the turn that drew the last one). The round is then
finished so everyone has had the same number of turns.
- The last turn of the game does not refill empty brewing slots (no tile could be brewed).
- Score: potion points + 4 per skill token - 2 per Little Help token.
- A tie is broken by one more pick each (with explosions): most marbles wins; still tied, the
victory is shared.

## Options
- Potion types: "Random six" draws six types at random; "Choose them" lets the first seat pick
the six; "First game" leaves out the Balm of Uttermost Stickiness and the Filter of Lavamancing.
- First player: chosen at random, or the first seat.

## Tips
These come from the tips players wrote on Board Game Arena's help page, in our words.
- Set the dispenser up first: drink potions and take your Little Help before your regular pick, so
the marbles line up and your pick sets off the explosion you want.
- Look for a lone marble between two marbles of a colour you need: taking it brings them together.
Prefer the pick that fills the most holes of your potions; a smaller explosion that fills the one
hole you are missing beats a bigger one that does not.
- The Filter of Lavamancing clears a colour out of a track, so the colours you need come together
where they fill your open holes. Remember that the first explosion can set off more.
- Look at what your explosion leaves behind: do not hand the next player a big chain reaction.
- Take cheap potions early; later, with many potions completed, the expensive ones bring many
points.
- Before you fill your pool at the end of the turn, look at the potions on offer to choose which
colours to keep. With the Elixir of Blind Love in play, look at what your opponents need too, and do
not keep it in your pool for them to take.
- The game ends sooner than it seems: do not save potions to drink later when they help you
complete one now. Try to complete both of your potions each turn, which usually means drinking
before and after your pick, and count the skill tokens left to see when the end comes.
"""


GAME = GameSpec(
    id="potion-explosion",
    title=N_("Potion Explosion"),
    min_players=2,
    max_players=6,
    description=N_("Take marbles, trigger explosions, brew potions and drink their magic."),
    options=(
        OptionSpec(
            "types",
            N_("Potion types"),
            "choice",
            "random",
            N_("Which six of the eight potion types are used."),
            ("random", "chosen", "first_game"),
            (N_("Random six"), N_("Choose them"), N_("First game")),
        ),
        OptionSpec(
            "first_player",
            N_("First player"),
            "choice",
            "random",
            N_("Who plays first."),
            ("random", "seat1"),
            (N_("Random"), N_("Seat 1")),
        ),
    ),
    new_state=rules.new_state,
    state_from_dict=PotionExplosionState.from_dict,
    action_codec=ACTION_CODEC,
    notation=Notation(format_position, parse_position),
    apply_event=apply_event,
    validator=validate,
    rules_summary=RULES_SUMMARY,
    bots=BOTS,
    solo=False,
    upgrade_save=legacy.upgrade_save,
    # 2: the last turn draws no tile (PE-D13); a started Blind Love cannot be stopped (PE-D14);
    # 3: an Abyssal Draft cannot be stopped with a colour left, Mastery for every 3 potions of
    # a type (issue 35)
    rules_version=4,
)

__all__ = [
    "GAME",
    "RULES_SUMMARY",
    "PotionExplosionState",
    "evaluate",
    "format_position",
    "parse_position",
]
