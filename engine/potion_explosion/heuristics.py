"""Heuristics for Potion Explosion bots: a position evaluation and hint reasons.

``evaluate(state, player)`` values a position for ``player`` (higher is better): the score so
far, plus progress on brewing potions (their VP weighted by the share of holes filled), plus pool
marbles that fit an empty hole, minus half the best opponent's value. ``explain_move`` gives a
hint's reason from what the move does to the board.
"""

from __future__ import annotations

from engine.core import IllegalAction
from engine.potion_explosion.data import (
    COLOUR_NAMES,
    COLOURS,
    LITTLE_HELP_VP,
    SKILL_TOKEN_VP,
    TILES,
)
from engine.potion_explosion.rules import chain_preview, empty_holes, places_words
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
    potion_name,
)
from translation import N_, _, ngettext, pgettext

_OVER, _PLAY = Phase.OVER, Phase.PLAY  # read once: Enum member lookups are slow (3.11)


def _desk_value(desk) -> float:
    """The score of ``desk`` plus its progress on brewing potions and the marbles in its hand
    and pool that fit their empty holes (see :func:`evaluate`). The bots' hottest function:
    written out by hand, each sum in the same order as the plain loops, so values stay equal
    to the last bit."""
    # score(desk), without its calls
    value = float(
        sum([TILES[potion.tile].vp for potion in desk.completed])
        + SKILL_TOKEN_VP * desk.tokens
        + LITTLE_HELP_VP * desk.helps
    )
    fits = [0, 0, 0, 0]  # empty holes per colour, over all brewing potions
    for brewing in desk.slots:
        if brewing is None:
            continue
        tile = TILES[brewing.tile]
        # Linear in filled holes, so placing a fitting marble always beats keeping it.
        value += 0.8 * tile.vp * len(brewing.placed) / tile.holes
        free = brewing.free
        fits[0] += free[0]
        fits[1] += free[1]
        fits[2] += free[2]
        fits[3] += free[3]
    pool, hand = desk.pool, desk.hand
    for colour_index in (0, 1, 2, 3):
        in_pool, in_hand = pool[colour_index], hand[colour_index]
        if in_pool:
            value += 0.35 * min(fits[colour_index], in_pool) + 0.05 * in_pool
        if in_hand:
            value += 0.3 * min(fits[colour_index], in_hand)  # placed before the turn ends
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
            value += 0.6  # a potion effect still to use
        if state.picked:
            value -= 0.05  # nothing better to do: prefer ending the turn
    return value


def explain_move(state, action, names=None) -> str:
    """A hint's reason for ``action`` in ``state``: one sentence, from what the move does to the
    board in the player's terms, naming the marbles' colours and track, the potion, and seats
    by ``names`` (one per seat; "Player N" without). ``""`` for a move no longer legal. In the
    language in use: each sentence is one catalogue message with the names, counts and marbles
    put in (no sentence is glued from pieces a translator cannot reorder).

    Examples: "Sets off an explosion on track 2: 3 red marbles and a blue one into your hand,
    enough to complete your Potion of Wisdom (5 VP).", "Fills the last empty hole of your
    Potion of Wisdom: it is complete, for 5 VP."
    """
    try:
        after = state.clone()
        events = after.apply_action(action)
    except IllegalAction:  # a hint for a move no longer legal has nothing to say
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
        what = _("the {colour} marble from track {track}").format(
            colour=_colour(colour), track=action.track + 1
        )
        taken = _explain_taken(state, what, gained)
        if best_fill(state.desks[player], gained)[0]:
            return _sentence(
                _("{taken}; worth more than the Little Help's 2 VP").format(taken=taken)
            )
        return _sentence(_("{taken}; the Little Help costs 2 VP").format(taken=taken))
    if isinstance(action, (TakeMarble, TakePair, TakeRun, TakeBottom)):
        colours = [event.colour for event in events if isinstance(event, MarbleTaken)]
        marbles = _marble_words(_counts(colours), True)
        if isinstance(action, TakeBottom):
            what = _("{marbles} from the bottom of track {track}").format(
                marbles=marbles, track=action.track + 1
            )
        else:
            what = _("{marbles} from track {track}").format(marbles=marbles, track=action.track + 1)
        return _sentence(_explain_taken(state, what, _counts(colours)))
    if isinstance(action, TakePool):
        stolen = [
            colour for event in events if isinstance(event, PoolStolen) for colour in event.colours
        ]
        owner = _seat(names, action.opponent)
        if not stolen:
            if any(  # a play-test: "empty like every other one" beside a pool of three
                sum(desk.pool)
                for seat, desk in enumerate(state.desks)
                if seat not in (player, action.opponent)
            ):
                return _sentence(
                    _("Takes the pool of {name}, which is empty: nothing is taken").format(
                        name=owner
                    )
                )
            return _sentence(
                _("Takes the pool of {name}, empty like every other one").format(name=owner)
            )
        what = _("the pool of {name}: {marbles}").format(
            name=owner, marbles=_marble_words(_counts(stolen))
        )
        return _sentence(_explain_taken(state, what, _counts(stolen)))
    if isinstance(action, PlaceMarble):
        return _sentence(_explain_place(state, action, events))
    if isinstance(action, MoveToPool):
        return _sentence(
            _(
                "Keeps the {colour} marble in your pool for a later turn: marbles "
                "left in your hand go back to the tank"
            ).format(colour=_colour(action.colour))
        )
    if isinstance(action, MoveToHand):
        return _sentence(
            _(
                "Takes the {colour} marble out of your pool to make room for marbles you need more"
            ).format(colour=_colour(action.colour))
        )
    if isinstance(action, (Drink, CopyPotion)):
        return _sentence(_explain_drink(state, action, after, names))
    if isinstance(action, FilterMarbles):
        return _sentence(_explain_filter(state, action, after))
    if isinstance(action, FinishEffect):
        return _sentence(
            _("Stops using your {potion}: nothing more it could do helps your potions").format(
                potion=potion_name(state.effect.kind)
            )
        )
    if isinstance(action, EndTurn):
        return _sentence(
            _("Every marble that fits a hole is placed: nothing more to gain this turn")
        )
    return ""


def _sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and the language's full stop."""
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?。！？" else _("{sentence}.").format(sentence=text)


def _seat(names, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return _("Player {number}").format(number=seat + 1)


def _colour(colour: str) -> str:
    """The colour's word beside one marble ("the red marble")."""
    return pgettext("a marble", COLOUR_NAMES[colour])


def _counts(colours) -> list:
    """Marble counts per colour (COLOURS order) of a list of colour codes."""
    counts = [0] * len(COLOURS)
    for colour in colours:
        counts[COLOURS.index(colour)] += 1
    return counts


def _marble_words(counts, definite: bool = False) -> str:
    """ "3 red marbles and a blue one", "a red marble" ("the red marble" when ``definite``),
    "2 red and 2 black marbles"; the larger counts first."""
    parts = sorted(
        ((count, colour) for colour, count in zip(COLOURS, counts, strict=True) if count),
        key=lambda part: -part[0],
    )
    if sum(counts) == 1:
        single = _("the {colour} marble") if definite else _("a {colour} marble")
        return single.format(colour=_colour(parts[0][1]))
    if len(parts) == 1:
        count, colour = parts[0]
        return ngettext("{count} {colour} marble", "{count} {colour} marbles", count).format(
            count=count, colour=pgettext("marbles", COLOUR_NAMES[colour])
        )
    if definite and all(count == 1 for count, _colour_code in parts):
        return _("the {colours} marbles").format(
            colours=_and([_colour(colour) for _count, colour in parts])
        )
    several = [(count, colour) for count, colour in parts if count > 1]
    ones = [
        _("a {colour} one").format(colour=_colour(colour)) for count, colour in parts if count == 1
    ]
    many = ""
    if several:
        many = ngettext("{counts} marble", "{counts} marbles", several[-1][0]).format(
            counts=_and(
                [
                    _("{count} {colour}").format(
                        count=count, colour=pgettext("marbles", COLOUR_NAMES[colour])
                    )
                    for count, colour in several
                ]
            )
        )
    if not ones:
        return many
    if not many:
        first = [colour for count, colour in parts if count == 1][0]
        many = _("a {colour} marble").format(colour=_colour(first))
        ones.pop(0)
    return _and([many] + ones)


def _and(words) -> str:
    """ "a", "a and b", "a, b and c"."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return _("{first} and {last}").format(first=_(", ").join(words[:-1]), last=words[-1])


def best_fill(desk, gained) -> tuple:
    """``(completed slots, {slot: holes filled})``: the most ``desk``'s brewing potions gain
    from marbles ``gained`` (counts per colour, COLOURS order) on top of the marbles already in
    its hand and pool, each marble in a hole of its colour (rules, "A turn": a potion whose holes
    are all filled is completed). Completions count first (by VP), then holes filled; wild pool
    marbles count for their own colour only."""
    have = [hand + pool for hand, pool in zip(desk.hand, desk.pool, strict=True)]
    total = [a + b for a, b in zip(have, gained, strict=True)]
    plan = _best_order(desk, have, total)
    return ([], {}) if plan is None else (plan[1], plan[2])


def fill_order(desk, gained=(0, 0, 0, 0)) -> tuple:
    """The brewing slots of ``desk`` in the order the hint's plan fills them (:func:`best_fill`:
    each marble goes to the first slot in this order with an empty hole of its colour), for the
    marbles in its hand and pool and ``gained`` (counts per colour). With nothing ``gained`` the
    plan is for the marbles held now: the potions they complete first (by VP), then the most
    holes filled. ``()`` without a brewing potion."""
    have = [hand + pool for hand, pool in zip(desk.hand, desk.pool, strict=True)]
    total = [a + b for a, b in zip(have, gained, strict=True)]
    before = have if any(gained) else [0, 0, 0, 0]
    plan = _best_order(desk, before, total)
    return () if plan is None else plan[0]


def _best_order(desk, before, total):
    """``(order, completed slots, {slot: holes filled})`` of the better of the two orders of
    ``desk``'s brewing slots for marbles ``total`` (counts per colour) over ``before``: the
    completions ``total`` adds count first (by VP), then the holes it adds; the first order on
    a tie. None without a brewing potion."""
    slots = [slot for slot, brewing in enumerate(desk.slots) if brewing is not None]
    if not slots:
        return None
    holes = {slot: empty_holes(desk.slots[slot]) for slot in slots}
    best = None
    for order in (slots, slots[::-1]):
        was = _fill(holes, order, before)
        now = _fill(holes, order, total)
        done = [slot for slot in order if now[slot][1] and not was[slot][1]]
        filled = {slot: now[slot][0] - was[slot][0] for slot in order}
        key = (sum(TILES[desk.slots[slot].tile].vp for slot in done), sum(filled.values()))
        if best is None or key > best[0]:
            best = (key, tuple(order), done, filled)
    return best[1:]


def hinted_gain(state, action):
    """The marbles (counts per colour) a hint's ``action`` surely brings to the hand, whose use
    its reason tells (:func:`explain_move`): a regular pick's haul (:func:`pick_haul`), a Little
    Help's marble, the marbles a potion takes; None for any other action or one not legal."""
    if isinstance(action, RegularPick):
        return pick_haul(state.tracks[action.track], action.position)[0]
    if isinstance(action, LittleHelp):
        return _counts([state.tracks[action.track][action.position]])
    if isinstance(action, (TakeMarble, TakePair, TakeRun, TakeBottom, TakePool)):
        try:
            events = state.clone().apply_action(action)
        except IllegalAction:
            return None
        colours = [event.colour for event in events if isinstance(event, MarbleTaken)]
        colours += [c for event in events if isinstance(event, PoolStolen) for c in event.colours]
        return _counts(colours)
    return None


def pick_haul(track, position: int) -> tuple:
    """``(counts per colour, more)``: the marbles a regular pick at ``position`` of ``track``
    surely brings, the picked one and those the explosions decided by the marbles already in
    the track blow into the hand (rules, "Explosions"); ``more`` when refills may add some."""
    boom, more = chain_preview(track, position)
    return _counts([track[position]] + [track[place] for place in boom]), more


def slot_name(desk, slot: int) -> str:
    """The name of ``desk``'s brewing potion in ``slot``, with its VP when the other slot
    brews the same type ("Filter of Lavamancing (11 VP)": a play-tester could not tell which
    of two the hint meant)."""
    tile = desk.slots[slot].tile
    twin = any(
        other is not None and index != slot and TILES[other.tile].type == TILES[tile].type
        for index, other in enumerate(desk.slots)
    )
    if twin:
        return _("{potion} ({vp} VP)").format(potion=potion_name(tile), vp=TILES[tile].vp)
    return potion_name(tile)


def _marbles_use(desk, gained) -> tuple:
    """What marbles ``gained`` (counts per colour) do for ``desk`` (:func:`best_fill`):
    ``("complete", potions)`` (words: "your Potion of Wisdom (5 VP)"), ``("holes", count,
    potion name)``, or ``("none",)`` when they fill no hole."""
    done, filled = best_fill(desk, gained)
    if done:
        potions = _and(
            [
                _("your {potion} ({vp} VP)").format(
                    potion=potion_name(desk.slots[slot].tile), vp=TILES[desk.slots[slot].tile].vp
                )
                for slot in done
            ]
        )
        return ("complete", potions)
    useful = [slot for slot, count in sorted(filled.items()) if count]
    if not useful:
        return ("none",)
    count = sum(filled[slot] for slot in useful)  # every potion they feed, not the first
    # each name on its own: a language that quotes names quotes each («A» и «B»)
    names = [
        pgettext("a potion's name in a list", "{potion}").format(potion=slot_name(desk, slot))
        for slot in useful
    ]
    return ("holes", count, _and(names))


def _fill(holes, order, have) -> dict:
    """``{slot: (holes filled, complete?)}`` placing ``have`` (counts per colour) into the
    brewing potions in ``order``, each colour into holes of its own colour; ``holes``: each
    slot's empty holes (:func:`empty_holes`)."""
    left = list(have)
    result = {}
    for slot in order:
        free = holes[slot]
        filled = 0
        for colour, need in enumerate(free):
            used = min(need, left[colour])
            left[colour] -= used
            filled += used
        result[slot] = (filled, filled == sum(free))
    return result


def _explain_taken(state, what: str, gained) -> str:
    """ "takes {what}, enough to complete your …" / "…, for your pool: …"."""
    use = _marbles_use(state.desks[state.current_player()], gained)
    if use[0] == "complete":
        return _("takes {what}, enough to complete {potions}").format(what=what, potions=use[1])
    if use[0] == "holes":
        return ngettext(
            "takes {what} for an empty hole of your {potion}",
            "takes {what} for {count} empty holes of your {potion}",
            use[1],
        ).format(what=what, count=use[1], potion=use[2])
    if sum(gained) == 1:
        return _("takes {what} for your pool (no empty hole of your potions needs it now)").format(
            what=what
        )
    return _("takes {what} for your pool (no empty hole of your potions needs them now)").format(
        what=what
    )


def _explain_pick(state, track_index: int, position: int, tie_break: bool = False) -> str:
    """A pick's reason: the marbles it surely brings (the picked one and the explosion the
    marbles in the track decide, rules "Explosions") and what they do."""
    track = state.tracks[track_index]
    gained, more = pick_haul(track, position)
    if sum(gained) == 1:
        what = _("the {colour} marble from track {track}").format(
            colour=_colour(track[position]), track=track_index + 1
        )
        if tie_break:
            return _("takes {what} for the tie-break").format(what=what)
        return _explain_taken(state, what, gained)
    # say what is picked and what explodes apart: the picked marble does not explode
    exploded = list(gained)
    exploded[COLOURS.index(track[position])] -= 1
    head = (
        _("taking the {colour} marble explodes {marbles} on track {track} (maybe more)")
        if more
        else _("taking the {colour} marble explodes {marbles} on track {track}")
    ).format(
        colour=_colour(track[position]), marbles=_marble_words(exploded), track=track_index + 1
    )
    total = sum(gained)
    marbles = ngettext("{count} marble", "{count} marbles", total).format(count=total)
    if tie_break:
        return _("{head}: {marbles} for the tie-break").format(head=head, marbles=marbles)
    use = _marbles_use(state.desks[state.current_player()], gained)
    if use[0] == "complete":
        return _("{head}: {marbles}, enough to complete {potions}").format(
            head=head, marbles=marbles, potions=use[1]
        )
    if use[0] == "holes":
        return ngettext(
            "{head}: {marbles} for an empty hole of your {potion}",
            "{head}: {marbles} for {count} empty holes of your {potion}",
            use[1],
        ).format(head=head, marbles=marbles, count=use[1], potion=use[2])
    return _("{head}: {marbles} to keep in your pool").format(head=head, marbles=marbles)


def _explain_place(state, action, events) -> str:
    desk = state.desks[state.current_player()]
    name = slot_name(desk, action.slot)
    hole = pgettext("a hole", COLOUR_NAMES[action.hole])
    wild = action.hole != action.colour
    done = [event for event in events if isinstance(event, PotionCompleted)]
    tokens = [event for event in events if isinstance(event, SkillTokenEarned)]
    values: dict = {"hole": hole, "potion": name, "colour": _colour(action.colour)}
    if done:
        values.update(vp=TILES[done[0].tile].vp, token=SKILL_TOKEN_VP)
        if wild:
            sentence = (
                _(
                    "fills the last empty hole, a {hole} hole of your {potion} with your "
                    "wild {colour} marble: it is complete, for {vp} VP and earns a skill "
                    "token ({token} VP)"
                )
                if tokens
                else _(
                    "fills the last empty hole, a {hole} hole of your {potion} with your "
                    "wild {colour} marble: it is complete, for {vp} VP"
                )
            )
        else:
            sentence = (
                _(
                    "fills the last empty hole, a {hole} hole of your {potion}: it is "
                    "complete, for {vp} VP and earns a skill token ({token} VP)"
                )
                if tokens
                else _(
                    "fills the last empty hole, a {hole} hole of your {potion}: it is "
                    "complete, for {vp} VP"
                )
            )
        return sentence.format(**values)
    left = sum(empty_holes(desk.slots[action.slot])) - 1
    if wild:
        sentence = ngettext(
            "fills a {hole} hole of your {potion} with your wild {colour} "
            "marble ({count} hole still empty)",
            "fills a {hole} hole of your {potion} with your wild {colour} "
            "marble ({count} holes still empty)",
            left,
        )
    else:
        sentence = ngettext(
            "fills a {hole} hole of your {potion} ({count} hole still empty)",
            "fills a {hole} hole of your {potion} ({count} holes still empty)",
            left,
        )
    return sentence.format(count=left, **values)


def _explain_drink(state, action, after, names) -> str:
    """Drinking (or copying with Sands of Time): the effect, and its best use now."""
    desk = state.desks[state.current_player()]
    name = potion_name(desk.completed[action.index].tile)
    kind = TILES[desk.completed[action.index].tile].type
    head = (
        _("drinking your {potion} lets you {effect}")
        if isinstance(action, Drink)
        else _("uses the effect of your {potion} again to {effect}")
    ).format(potion=name, effect=_(DRINK_TO[kind]))
    if after.effect is None or after.current_player() != state.current_player():
        return head
    if kind == "ABY":  # every colour at the bottoms is taken, not only the first one named
        bottoms = list(dict.fromkeys(track[0] for track in after.tracks if track))
        if len(bottoms) > 1:
            return _("{head}: takes {marbles} from the bottoms of the tracks").format(
                head=head, marbles=_marble_words(_counts(bottoms), True)
            )
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
    then = follow[:1].lower() + follow[1:]
    if then[-1:] in (".", "。"):
        then = then[:-1]
    return _("{head}: {then}").format(head=head, then=then)


def _explain_filter(state, action, after) -> str:
    count = len(action.positions)
    # the places too: a track often holds more marbles of the colour (a play-test)
    if count == 1:
        head = _("returns the {colour} marble at place {place} of track {track} to the tank")
    else:
        head = ngettext(
            "returns {count} {colours} marble at places {places} of track {track} to the tank",
            "returns {count} {colours} marbles at places {places} of track {track} to the tank",
            count,
        )
    head = head.format(
        colour=_colour(action.colour),
        count=count,
        colours=pgettext("marbles", COLOUR_NAMES[action.colour]),
        track=action.track + 1,
        place=min(action.positions) + 1,
        places=places_words(action.positions),
    )
    desk = state.desks[state.current_player()]
    if not state.picked:
        track = after.tracks[action.track]
        needed = [0] * len(COLOURS)  # empty holes per colour over the potions brewing
        for brewing in desk.slots:
            if brewing is not None:
                needed = [n + free for n, free in zip(needed, empty_holes(brewing), strict=True)]

        def pick(place: int) -> tuple:
            """(marbles taken that fit an empty hole, marbles exploded, place): a pick is
            worth what it brings the potions first (a play-tester saw a smaller explosion
            hinted over a bigger one, unexplained), then its size."""
            exploded = chain_preview(track, place)[0]
            taken = [track[place]] + [track[i] for i in exploded]
            fit = sum(
                min(needed[i], sum(1 for c in taken if c == colour))
                for i, colour in enumerate(COLOURS)
            )
            return fit, len(exploded), place

        explosions = [found for found in map(pick, range(len(track))) if found[1]]
        if explosions:
            fit, count, place = max(explosions)
            reason = ngettext(
                "{head}: then picking the {colour} marble at place {place} there "
                "explodes {count} marble",
                "{head}: then picking the {colour} marble at place {place} there "
                "explodes {count} marbles",
                count,
            ).format(head=head, colour=_colour(track[place]), place=place + 1, count=count)
            if not fit:
                return reason
            return ngettext(
                "{reason}, and {count} marble it brings fits your potions",
                "{reason}, and {count} of the marbles it brings fit your potions",
                fit,
            ).format(reason=reason, count=fit)
    index = COLOURS.index(action.colour)
    if not any(empty_holes(brewing)[index] for brewing in desk.slots if brewing is not None):
        return _("{head}, a colour none of your potions needs").format(head=head)
    return _("{head}: the marbles above slide down").format(head=head)


DRINK_TO = {
    "SAN": N_("reuse a drunk potion's effect"),
    "MAG": N_("take 2 adjacent marbles of 2 colours"),
    "WIS": N_("take any 1 marble"),
    "BAL": N_("take a run of one colour"),
    "PRI": N_("make your pool marbles wild"),
    "BLI": N_("take an opponent's pool"),
    "ABY": N_("take a bottom marble of each colour"),
    "FIL": N_("return up to 5 of one colour"),
}
"""Each potion type's effect, short enough for a hint: "drink it to ..." (data.POTION_TYPES);
English, translated with ``_`` where used."""


def _explain_stack(state, stack: int) -> str:
    """Why this stack's top tile: the pool marbles that fit it, placed on the next turn (a
    play-tester read "at once" as "now", and an opponent's Blind Love took them meanwhile),
    else its VP per hole."""
    code = state.stacks[stack].top
    if code is None:
        return ""
    tile = TILES[code]
    pool = state.desks[state.player].pool
    fits = sum(min(need, have) for need, have in zip(tile.recipe, pool, strict=True))
    if fits:
        return ngettext(
            "{count} marble in your pool fits the {potion}, for your next turn",
            "{count} marbles in your pool fit the {potion}, for your next turn",
            fits,
        ).format(count=fits, potion=potion_name(code))
    best = max(
        TILES[stack.top].vp / TILES[stack.top].holes
        for stack in state.stacks
        if stack.top is not None
    )
    if tile.vp / tile.holes >= best:
        return _(
            "the {potion} gives the most VP per hole on offer ({vp} VP, {holes} holes)"
        ).format(potion=potion_name(code), vp=tile.vp, holes=tile.holes)
    return _("the {potion} gives {vp} VP for {holes} holes").format(
        potion=potion_name(code), vp=tile.vp, holes=tile.holes
    )


def _explain_draft(state, code: str) -> str:
    """Why draft this starter: its VP against the others on offer, how its colours sit with the
    potion already on your desk (the last drafter takes two), and its drink effect."""
    tile = TILES[code]
    name, effect = potion_name(code), _(DRINK_TO[tile.type])
    others = {other for other in state.revealed if other != code}
    if not others:
        return _("the {potion} is the only starter on offer; drink it to {effect}").format(
            potion=name, effect=effect
        )
    desk = state.desks[state.current_player()]
    mine = [TILES[brewing.tile] for brewing in desk.slots if brewing is not None]
    if mine:
        have = mine[0]
        shared = [
            colour
            for index, colour in enumerate(COLOURS)
            if tile.recipe[index] and have.recipe[index]
        ]
        if not shared:
            return _(
                "the colours of the {potion} differ from those of your first potion: more "
                "marbles fit"
            ).format(potion=name)
        if len(shared) == sum(1 for count in tile.recipe if count):
            return _(
                "the {potion} shares {colours} with your first potion: marbles feed both"
            ).format(
                potion=name,
                colours=_and([pgettext("a marble", COLOUR_NAMES[colour]) for colour in shared]),
            )
    best = max(TILES[other].vp for other in others)
    if tile.vp > best:
        return _("the {potion} is worth the most VP on offer ({vp}); drink it to {effect}").format(
            potion=name, vp=tile.vp, effect=effect
        )
    if tile.vp == best:
        return _("the {potion} is worth the joint most VP ({vp}); drink it to {effect}").format(
            potion=name, vp=tile.vp, effect=effect
        )
    return _("drink your {potion} to {effect}").format(potion=name, effect=effect)
