"""Heuristics for Potion Explosion bots: a position evaluation and hint reasons.

``evaluate(state, player)`` values a position for ``player`` (higher is better): the score so
far, plus progress on brewing potions (their VP weighted by the share of holes filled), plus pool
marbles that fit an empty hole, minus half the best opponent's value. ``explain_move`` gives a
hint's reason from what the move does to the board.
"""
from __future__ import annotations

from engine.core import IllegalAction
from engine.potion_explosion.data import COLOUR_NAMES, COLOURS, SKILL_TOKEN_VP, TILES, TYPE_BY_CODE
from engine.potion_explosion.rules import chain_preview, empty_holes, score
from engine.potion_explosion.state import (
    ChooseStack,
    CopyPotion,
    DraftStarter,
    Drink,
    EndTurn,
    FilterMarbles,
    FinishEffect,
    LittleHelp,
    MarbleTaken,
    MoveToHand,
    MoveToPool,
    Phase,
    PlaceMarble,
    PoolStolen,
    PotionCompleted,
    RegularPick,
    SkillTokenEarned,
    TakeBottom,
    TakeMarble,
    TakePair,
    TakePool,
    TakeRun,
    TieBreakPick,
)

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


def explain_move(state, action, names=None) -> str:
    """A hint's reason for ``action`` in ``state``: one sentence, from what the move does to the
    board in the player's terms, naming the marbles' colours and track, the potion, and seats
    by ``names`` (one per seat; "Player N" without). ``""`` for a move no longer legal.

    Examples: "Sets off an explosion on track 2: 3 red marbles and a blue one into your hand,
    enough to complete your Potion of Wisdom (5 VP).", "Fills the last empty hole of your
    Potion of Wisdom: it is complete, for 5 VP."
    """
    try:
        after = state.clone()
        events = after.apply_action(action)
    except IllegalAction:       # a hint for a move no longer legal has nothing to say
        return ""
    player = state.current_player()
    if isinstance(action, DraftStarter):
        return _sentence(_explain_draft(state, action.tile))
    if isinstance(action, ChooseStack):
        return _sentence(_explain_stack(state, action.stack))
    if isinstance(action, TieBreakPick):
        return _sentence(_explain_pick(state, action.track, action.position, tie_break=True))
    if isinstance(action, RegularPick):
        return _sentence(_explain_pick(state, action.track, action.position))
    if isinstance(action, LittleHelp):
        colour = state.tracks[action.track][action.position]
        gained = _counts([colour])
        cost = ("worth more than the Little Help's 2 VP"
                if best_fill(state.desks[player], gained)[0] else "the Little Help costs 2 VP")
        return _sentence(_explain_taken(state, f"the {COLOUR_NAMES[colour]} marble from track "
                                        f"{action.track + 1}", gained) + f"; {cost}")
    if isinstance(action, (TakeMarble, TakePair, TakeRun, TakeBottom)):
        taken = [event.colour for event in events if isinstance(event, MarbleTaken)]
        where = (f"the bottom of track {action.track + 1}" if isinstance(action, TakeBottom)
                 else f"track {action.track + 1}")
        return _sentence(_explain_taken(state, f"{_marble_words(_counts(taken), True)} from "
                                        f"{where}", _counts(taken)))
    if isinstance(action, TakePool):
        stolen = [colour for event in events if isinstance(event, PoolStolen)
                  for colour in event.colours]
        owner = _seat(names, action.opponent)
        if not stolen:
            return _sentence(f"Takes {owner}'s pool, empty like every other one")
        return _sentence(_explain_taken(state, f"{owner}'s pool: "
                                        f"{_marble_words(_counts(stolen))}", _counts(stolen)))
    if isinstance(action, PlaceMarble):
        return _sentence(_explain_place(state, action, events))
    if isinstance(action, MoveToPool):
        return _sentence(f"Keeps the {COLOUR_NAMES[action.colour]} marble in your pool for a later "
                         f"turn: marbles left in your hand go back to the tank")
    if isinstance(action, MoveToHand):
        return _sentence(f"Takes the {COLOUR_NAMES[action.colour]} marble out of your pool to "
                         f"make room for marbles you need more")
    if isinstance(action, (Drink, CopyPotion)):
        return _sentence(_explain_drink(state, action, after, names))
    if isinstance(action, FilterMarbles):
        return _sentence(_explain_filter(state, action, after))
    if isinstance(action, FinishEffect):
        name = TYPE_BY_CODE[state.effect.kind].name
        return _sentence(f"Stops using your {name}: nothing more it could do helps your "
                         f"potions")
    if isinstance(action, EndTurn):
        return _sentence("Every marble that fits a hole is placed: nothing more to gain this "
                         "turn")
    return ""


def _sentence(text: str) -> str:
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def _seat(names, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def _counts(colours) -> list:
    """Marble counts per colour (COLOURS order) of a list of colour codes."""
    counts = [0] * len(COLOURS)
    for colour in colours:
        counts[COLOURS.index(colour)] += 1
    return counts


def _marble_words(counts, definite: bool = False) -> str:
    """"3 red marbles and a blue one", "a red marble" ("the red marble" when ``definite``),
    "2 red and 2 black marbles"; the larger counts first."""
    parts = sorted(((count, COLOUR_NAMES[colour]) for colour, count in zip(COLOURS, counts,
                                                                         strict=True)
                    if count), key=lambda part: -part[0])
    if sum(counts) == 1:
        return f"{'the' if definite else 'a'} {parts[0][1]} marble"
    if len(parts) == 1:
        return f"{parts[0][0]} {parts[0][1]} marbles"
    if definite and all(count == 1 for count, _ in parts):
        return "the " + " and ".join(name for _, name in parts) + " marbles"
    many = _and([f"{count} {name}" for count, name in parts if count > 1])
    ones = [f"a {name} one" for count, name in parts if count == 1]
    if not ones:
        return many + " marbles"
    head = many + " marbles" if many else ones.pop(0).replace(" one", " marble")
    return _and([head] + ones)


def _and(words) -> str:
    """"a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def best_fill(desk, gained) -> tuple:
    """``(completed slots, {slot: holes filled})``: the most ``desk``'s brewing potions gain
    from marbles ``gained`` (counts per colour, COLOURS order) on top of the marbles already in
    its hand and pool, each marble in a hole of its colour (rules, "A turn": a potion whose holes
    are all filled is completed). Completions count first (by VP), then holes filled; wild pool
    marbles count for their own colour only."""
    have = [hand + pool for hand, pool in zip(desk.hand, desk.pool, strict=True)]
    total = [a + b for a, b in zip(have, gained, strict=True)]
    slots = [slot for slot, brewing in enumerate(desk.slots) if brewing is not None]
    best = None
    for order in (slots, slots[::-1]):
        before = _fill(desk, order, have)
        with_gain = _fill(desk, order, total)
        done = [slot for slot in order if with_gain[slot][1] and not before[slot][1]]
        filled = {slot: with_gain[slot][0] - before[slot][0] for slot in order}
        key = (sum(TILES[desk.slots[slot].tile].vp for slot in done), sum(filled.values()))
        if best is None or key > best[0]:
            best = (key, done, filled)
    return ([], {}) if best is None else (best[1], best[2])


def pick_haul(track, position: int) -> tuple:
    """``(counts per colour, more)``: the marbles a regular pick at ``position`` of ``track``
    surely brings, the picked one and those the explosions decided by the marbles already in
    the track blow into the hand (rules, "Explosions"); ``more`` when refills may add some."""
    boom, more = chain_preview(track, position)
    return _counts([track[position]] + [track[place] for place in boom]), more


def _what_marbles_do(desk, gained) -> str:
    """What marbles ``gained`` (counts per colour) do for ``desk`` (:func:`best_fill`), to follow
    the words naming them: ", enough to complete your Potion of Wisdom (5 VP)", " for 2 empty
    holes of your Potion of Wisdom", or "" when they fill no hole."""
    done, filled = best_fill(desk, gained)
    if done:
        potions = " and ".join(f"your {TILES[desk.slots[slot].tile].name} "
                               f"({TILES[desk.slots[slot].tile].vp} VP)" for slot in done)
        return f", enough to complete {potions}"
    useful = [(count, slot) for slot, count in filled.items() if count]
    if not useful:
        return ""
    count, slot = max(useful)
    name = TILES[desk.slots[slot].tile].name
    holes = "an empty hole" if count == 1 else f"{count} empty holes"
    return f" for {holes} of your {name}"


def _fill(desk, order, have) -> dict:
    """``{slot: (holes filled, complete?)}`` placing ``have`` (counts per colour) into the
    brewing potions in ``order``, each colour into holes of its own colour."""
    left = list(have)
    result = {}
    for slot in order:
        free = empty_holes(desk.slots[slot])
        filled = 0
        for colour, need in enumerate(free):
            used = min(need, left[colour])
            left[colour] -= used
            filled += used
        result[slot] = (filled, filled == sum(free))
    return result


def _explain_taken(state, what: str, gained) -> str:
    """"Takes {what}, enough to complete your …" / "…, for your pool: …"."""
    desk = state.desks[state.current_player()]
    use = _what_marbles_do(desk, gained)
    if use:
        return f"takes {what}{use}"
    return f"takes {what} for your pool (no empty hole of your potions needs {_it(gained)} now)"


def _it(gained) -> str:
    return "it" if sum(gained) == 1 else "them"


def _explain_pick(state, track_index: int, position: int, tie_break: bool = False) -> str:
    """A pick's reason: the marbles it surely brings (the picked one and the explosion the
    marbles in the track decide, rules "Explosions") and what they do."""
    track = state.tracks[track_index]
    gained, more = pick_haul(track, position)
    if sum(gained) == 1:
        what = f"the {COLOUR_NAMES[track[position]]} marble from track {track_index + 1}"
        if tie_break:
            return f"takes {what} for the tie-break"
        return _explain_taken(state, what, gained)
    maybe = " (maybe more)" if more else ""
    head = f"sets off an explosion on track {track_index + 1}: {_marble_words(gained)}"
    if tie_break:
        return f"{head}{maybe} for the tie-break"
    use = _what_marbles_do(state.desks[state.current_player()], gained)
    if use:
        return f"{head}{maybe}{use}"
    return f"{head}{maybe}, to keep in your pool"


def _explain_place(state, action, events) -> str:
    desk = state.desks[state.current_player()]
    name = TILES[desk.slots[action.slot].tile].name
    colour = COLOUR_NAMES[action.colour]
    hole = COLOUR_NAMES[action.hole]
    marble = (f"a {hole} hole of your {name} with your wild {colour} marble"
              if action.hole != action.colour else f"a {hole} hole of your {name}")
    done = [event for event in events if isinstance(event, PotionCompleted)]
    tokens = [event for event in events if isinstance(event, SkillTokenEarned)]
    if done:
        vp = TILES[done[0].tile].vp
        extra = f" and earns a skill token ({SKILL_TOKEN_VP} VP)" if tokens else ""
        return f"fills the last empty hole, {marble}: it is complete, for {vp} VP{extra}"
    left = sum(empty_holes(desk.slots[action.slot])) - 1
    return f"fills {marble} ({_plural(left, 'hole')} still empty)"


def _explain_drink(state, action, after, names) -> str:
    """Drinking (or copying with Sands of Time): the effect, and its best use now."""
    desk = state.desks[state.current_player()]
    name = TILES[desk.completed[action.index].tile].name
    kind = TILES[desk.completed[action.index].tile].type
    head = (f"drinking your {name} lets you {DRINK_TO[kind]}" if isinstance(action, Drink)
            else f"uses your {name}'s effect again to {DRINK_TO[kind]}")
    if after.effect is None or after.current_player() != state.current_player():
        return head
    me = state.current_player()
    best = None
    for choice in after.legal_actions():
        if isinstance(choice, FinishEffect):
            continue
        trial = after.clone()
        try:
            trial.apply_action(choice)
        except IllegalAction:
            continue
        value = evaluate(trial, me)
        if best is None or value > best[0]:
            best = (value, choice)
    if best is None:
        return head
    follow = explain_move(after, best[1], names)
    if not follow:
        return head
    verb, _, rest = follow.partition(" ")
    verb = {"Takes": "take", "Returns": "return", "Uses": "use"}.get(verb, verb.lower())
    return f"{head}: {verb} {rest}"


def _explain_filter(state, action, after) -> str:
    colour = COLOUR_NAMES[action.colour]
    count = len(action.positions)
    what = (f"the {colour} marble" if count == 1 else f"{count} {colour} marbles")
    head = f"returns {what} of track {action.track + 1} to the tank"
    if not state.picked:
        track = after.tracks[action.track]
        best = max(((len(chain_preview(track, place)[0]), place) for place in range(len(track))),
                   default=(0, 0))
        if best[0]:
            return (f"{head}: then picking the {COLOUR_NAMES[track[best[1]]]} marble at place "
                    f"{best[1] + 1} there explodes {best[0]} marbles")
    desk = state.desks[state.current_player()]
    index = COLOURS.index(action.colour)
    if not any(empty_holes(brewing)[index] for brewing in desk.slots if brewing is not None):
        return f"{head}, a colour none of your potions needs"
    return f"{head}: the marbles above slide down"


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
        verb = "fits" if fits == 1 else "fit"
        return f"{_plural(fits, 'marble')} in your pool {verb} the {tile.name} at once"
    best = max(TILES[stack.top].vp / TILES[stack.top].holes for stack in state.stacks
               if stack.top is not None)
    if tile.vp / tile.holes >= best:
        return (f"the {tile.name} gives the most VP per hole on offer ({tile.vp} VP, "
                f"{tile.holes} holes)")
    return f"the {tile.name} gives {tile.vp} VP for {tile.holes} holes"


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def _explain_draft(state, code: str) -> str:
    """Why draft this starter: its VP against the others on offer, how its colours sit with the
    potion already on your desk (the last drafter takes two), and its drink effect."""
    tile = TILES[code]
    effect = f"drink it to {DRINK_TO[tile.type]}"
    others = {other for other in state.revealed if other != code}
    if not others:
        return f"the {tile.name} is the only starter on offer; {effect}"
    desk = state.desks[state.current_player()]
    mine = [TILES[brewing.tile] for brewing in desk.slots if brewing is not None]
    if mine:
        have = mine[0]
        shared = [colour for index, colour in enumerate(COLOURS)
                  if tile.recipe[index] and have.recipe[index]]
        if not shared:
            return (f"the {tile.name}'s colours differ from your first potion's: more marbles "
                    f"fit")
        if len(shared) == sum(1 for count in tile.recipe if count):
            return (f"the {tile.name} shares {_colour_words(shared)} with your first potion: "
                    f"marbles feed both")
    best = max(TILES[other].vp for other in others)
    if tile.vp > best:
        return f"the {tile.name} is worth the most VP on offer ({tile.vp}); {effect}"
    if tile.vp == best:
        return f"the {tile.name} is worth the joint most VP ({tile.vp}); {effect}"
    return f"{effect.replace('it', f'your {tile.name}', 1)}"
