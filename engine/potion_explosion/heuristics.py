"""Heuristics for Potion Explosion bots: a position evaluation and hint reasons.

``evaluate(state, player)`` values a position for ``player`` (higher is better): the score so
far, plus progress on brewing potions (their VP weighted by the share of holes filled), plus pool
marbles that fit an empty hole, minus half the best opponent's value. ``explain_move`` gives a
hint's reason from what the move does.
"""
from __future__ import annotations

from engine.core import IllegalAction
from engine.potion_explosion.data import COLOUR_NAMES, COLOURS, TILES
from engine.potion_explosion.rules import chain_preview, empty_holes, score
from engine.potion_explosion.state import (ChooseStack, DraftStarter, Drink, EndTurn, LittleHelp,
                                           MoveToPool, Phase, PlaceMarble, PotionCompleted,
                                           RegularPick, SkillTokenEarned, TieBreakPick)


_OVER, _PLAY = Phase.OVER, Phase.PLAY   # read once: Enum member lookups are slow (3.11)


def _desk_value(desk) -> float:
    value = float(score(desk))
    frees = []
    for brewing in desk.slots:
        if brewing is None:
            continue
        tile = TILES[brewing.tile]
        # Linear in filled holes, so placing a fitting marble always beats keeping it.
        value += 0.8 * tile.vp * len(brewing.placed) / tile.holes
        frees.append(empty_holes(brewing))
    for colour_index in range(len(COLOURS)):
        fits = sum(free[colour_index] for free in frees)
        if desk.pool[colour_index]:
            value += 0.35 * min(fits, desk.pool[colour_index]) + 0.05 * desk.pool[colour_index]
        if desk.hand[colour_index]:
            value += 0.3 * min(fits, desk.hand[colour_index])   # placed before the turn ends
    return value


def evaluate(state, player: int) -> float:
    """Value of ``state`` for ``player``; a winner of a finished game gets +5.

    The same scale holds for finished and unfinished games, and a turn in progress is worth a
    little less than the same position after "end turn", so a one-step greedy bot never stalls
    (moving marbles back and forth) instead of ending a turn, even its losing last turn.
    """
    mine = _desk_value(state.desks[player])
    others = [_desk_value(desk) for seat, desk in enumerate(state.desks) if seat != player]
    value = mine - 0.5 * max(others)
    if state.phase == _OVER:
        return value + (5.0 if player in state.winners else 0.0)
    if state.phase == _PLAY and state.player == player:
        if state.effect is not None:
            value += 0.6         # a potion effect still to use
        if state.picked:
            value -= 0.05        # nothing better to do: prefer ending the turn
    return value


def explain_move(state, action) -> str:
    """A one-line reason for a hint (``GameSpec.explain_move``), from what the move does.

    Examples: ``"explodes 3 red marbles into your hand"``, ``"most VP on offer (5); drink it
    to take any 1 marble"`` (starter draft); ``""`` when there is nothing to say.
    """
    if isinstance(action, DraftStarter):
        return _explain_draft(state, action.tile)
    if isinstance(action, ChooseStack):
        return _explain_stack(state, action.stack)
    if isinstance(action, (RegularPick, TieBreakPick)):
        track = state.tracks[action.track]
        boom, more = chain_preview(track, action.position)
        if boom:
            counts = {}
            for position in boom:
                counts[track[position]] = counts.get(track[position], 0) + 1
            what = " and ".join(f"{count} {COLOUR_NAMES[colour]}"
                                for colour, count in counts.items())
            verb = "sets off a chain:" if len(counts) > 1 else "explodes"
            return f"{verb} {what} marbles into your hand" + (", maybe more" if more else "")
        return "takes a marble you can use"
    try:
        events = state.clone().apply_action(action)
    except IllegalAction:       # a hint for a move no longer legal has nothing to say
        return ""
    done = [event for event in events if isinstance(event, PotionCompleted)]
    tokens = [event for event in events if isinstance(event, SkillTokenEarned)]
    if done:
        tile = TILES[done[0].tile]
        extra = " and earns a skill token" if tokens else ""
        return f"completes your {tile.name} for {tile.vp} VP{extra}"
    if isinstance(action, PlaceMarble):
        return "fills a hole of your potion"
    if isinstance(action, Drink):
        return "its effect brings you closer to a potion"
    if isinstance(action, MoveToPool):
        return "keeps the marble for a later turn"
    if isinstance(action, LittleHelp):
        return "this marble is worth the 2 VP"
    if isinstance(action, EndTurn):
        return "nothing better is left this turn"
    return ""


DRINK_TO = {
    "SAN": "reuse a drunk potion's effect",
    "MAG": "take 2 adjacent marbles of 2 colours",
    "WIS": "take any 1 marble",
    "BAL": "take a run of one colour",
    "PRI": "make your pool marbles wild",
    "BLI": "take an opponent's pool",
    "ABY": "take a bottom marble of each colour",
    "FIL": "return up to 5 of one colour",
}
"""Each potion type's effect, short enough for a hint: "drink it to ..." (data.POTION_TYPES)."""


def _colour_words(colours) -> str:
    names = [COLOUR_NAMES[c] for c in colours]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _explain_stack(state, stack: int) -> str:
    """Why this stack's top tile: the pool marbles it takes at once, else its VP per hole."""
    code = state.stacks[stack].top
    if code is None:
        return ""
    tile = TILES[code]
    pool = state.desks[state.player].pool
    fits = sum(min(need, have) for need, have in zip(tile.recipe, pool, strict=True))
    if fits:
        return f"{_plural(fits, 'marble')} in your pool fit it at once"
    best = max(TILES[stack.top].vp / TILES[stack.top].holes for stack in state.stacks
               if stack.top is not None)
    if tile.vp / tile.holes >= best:
        return f"the most VP per hole on offer ({tile.vp} VP, {tile.holes} holes)"
    return f"{tile.vp} VP for {tile.holes} holes"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _explain_draft(state, code: str) -> str:
    """Why draft this starter: its VP against the others on offer, how its colours sit with the
    potion already on your desk (the last drafter takes two), and its drink effect."""
    tile = TILES[code]
    effect = f"drink it to {DRINK_TO[tile.type]}"
    others = {other for other in state.revealed if other != code}
    if not others:
        return f"the only starter on offer; {effect}"
    desk = state.desks[state.current_player()]
    mine = [TILES[brewing.tile] for brewing in desk.slots if brewing is not None]
    if mine:
        have = mine[0]
        shared = [colour for index, colour in enumerate(COLOURS)
                  if tile.recipe[index] and have.recipe[index]]
        if not shared:
            return "its colours differ from your first potion's: more marbles fit"
        if len(shared) == sum(1 for count in tile.recipe if count):
            return f"shares {_colour_words(shared)} with your first potion: marbles feed both"
    best = max(TILES[code].vp for code in others)
    if tile.vp > best:
        return f"most VP on offer ({tile.vp}); {effect}"
    if tile.vp == best:
        return f"joint most VP ({tile.vp}); {effect}"
    return effect
