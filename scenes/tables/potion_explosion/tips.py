"""What the mouse can point at on the Potion Explosion table, and what its tooltip says.

:func:`targets` lists the offer at set-up, the dispenser's marbles, the viewer's desk (holes,
hand, pool, potions), the other desks and their last-turn strips, the stacks and the skill
tokens' pile, each ``active`` where a click may use it now (from the engine's legal actions);
nothing here decides a rule.
"""

from __future__ import annotations

from engine.potion_explosion import state as pe
from engine.potion_explosion.data import (
    COLOUR_NAMES,
    COLOURS,
    NUM_STACKS,
    TILES,
    TYPE_BY_CODE,
    TYPE_CODES,
)
from engine.potion_explosion.state import Phase, potion_name
from scenes.kit import Target
from scenes.tables.potion_explosion.draw import colour_words, pool_list
from scenes.tables.potion_explosion.input import Selection, pickable, placements, potion_words
from scenes.tables.potion_explosion.layout import Layout
from sprites import potion_explosion_art as pa
from translation import _, ngettext, pgettext


def targets(lay: Layout, state, legal, selection: Selection, viewer: int, last_turns=None) -> list:
    """Everything the mouse can point at, most specific first, with tooltips; ``active``
    marks what a click may use now. ``last_turns`` (:func:`.last_turn.last_turns`) explains the
    strip under each opponent's desk."""
    out = []
    phase = state.phase
    if phase == Phase.TYPES:
        for code, rect in zip(TYPE_CODES, lay.offer_cards(len(TYPE_CODES))):
            out.append(
                Target(
                    ("type", code),
                    rect,
                    tooltip=(potion_name(code), _(TYPE_BY_CODE[code].effect)),
                    active=bool(legal),
                )
            )
    elif phase in (Phase.STARTERS, Phase.DRAFT):
        for code, rect in zip(state.revealed, lay.offer_cards(len(state.revealed))):
            out.append(
                Target(
                    ("offer", code),
                    rect,
                    tooltip=(potion_words(code), _(TYPE_BY_CODE[TILES[code].type].effect)),
                    active=bool(legal),
                )
            )
        return out + _desk_targets(lay, state, legal, selection, viewer, last_turns)
    marbles = pickable(state, legal, selection)
    for track, colours in enumerate(state.tracks):
        for place in range(len(colours)):
            centre = lay.marble_centre(track, place)
            radius = lay.marble_size(place) / 2 + 1
            out.append(
                Target(
                    ("marble", track, place),
                    circle=(centre, radius),
                    active=(track, place) in marbles,
                )
            )
    out += _desk_targets(lay, state, legal, selection, viewer, last_turns)
    choose = {a.stack for a in legal if isinstance(a, pe.ChooseStack)}
    for index in range(NUM_STACKS):
        top = state.stacks[index].top
        more = ngettext(
            "Stack {stack}: {count} more below.",
            "Stack {stack}: {count} more below.",
            state.stacks[index].face_down,
        ).format(stack=index + 1, count=state.stacks[index].face_down)
        tip = (
            (potion_words(top), _(TYPE_BY_CODE[TILES[top].type].effect), recipe_words(top), more)
            if top
            else (
                _("Stack {stack}").format(stack=index + 1),
                _("Empty.") if not state.stacks[index].face_down else more,
            )
        )
        out.append(
            Target(("stack", index), lay.stack_card(index), tooltip=tip, active=index in choose)
        )
    out.append(
        Target(
            ("pile",),
            lay.pile,
            tooltip=(
                _("Skill tokens: +4 VP each"),
                _(
                    "Earned for every 3 potions of one type (the 3rd, the 6th, ...), for "
                    "potions of 5 different types and, with 5 or 6 players, for a 10th potion."
                ),
                _(
                    "The countdown stack holds {countdown}; the game ends after the round in "
                    "which it empties. The supply holds {supply} more."
                ).format(countdown=state.countdown, supply=state.supply),
            ),
        )
    )
    return out


def recipe_words(code: str) -> str:
    """The marbles tile ``code``'s holes take: "Marbles needed: 2 red, 2 blue, 1 yellow." (a
    stack's tile is drawn too small at 1024x640 to count its holes)."""
    colours = [colour for colour, count in zip(COLOURS, TILES[code].recipe) for _n in range(count)]
    return _("Marbles needed: {marbles}.").format(marbles=colour_words(colours))


def _strip_tip(state, seat: int, last_turns) -> tuple:
    """The tooltip of an opponent's bottom strip: the marbles in its hand now, or what it took
    in its last turn and the potions it completed (a star each)."""
    desk = state.desks[seat]
    held = [c for k, c in enumerate(COLOURS) for _n in range(desk.hand[k])]
    if held:
        return (_("In hand now"), colour_words(held) + ".")
    last = (last_turns or {}).get(seat)
    if last is None or not (last.colours or last.completed):
        return ()
    taken = colour_words(last.colours)
    lines = [
        _("Last turn"),
        _("Marbles taken: {marbles}.").format(marbles=taken) if taken else _("No marble taken."),
    ]
    if last.completed:
        names = _(", ").join(potion_name(code) for code in last.completed)
        lines.append(_("Each star is a potion completed: {potions}.").format(potions=names))
    return tuple(lines)


def _desk_targets(
    lay: Layout, state, legal, selection: Selection, viewer: int, last_turns=None
) -> list:
    out = []
    desk = state.desks[viewer]
    mine = bool(legal) and state.current_player() == viewer
    holes = set()
    if selection.marble is not None:
        holes = {(a.slot, a.hole) for a in placements(legal, *selection.marble)}
    for slot, brewing in enumerate(desk.slots):
        if brewing is None:
            continue
        card = lay.card(slot)
        spots, size = pa.hole_layout(card.width - 2, card.height - 3, brewing.tile)
        for x, y, colour in spots:
            out.append(
                Target(
                    ("hole", slot, colour),
                    circle=((card.x + x, card.y + y), size / 2 + 2),
                    active=(slot, colour) in holes,
                )
            )
    hand = [c for k, c in enumerate(COLOURS) if desk.hand[k]]
    for colour in hand:
        out.append(
            Target(
                ("hand", colour),
                lay.hand_group(COLOURS.index(colour)),
                tooltip=_marble_tip("hand", colour, desk, legal) if mine else (),
                active=mine,
            )
        )
    for index, colour in enumerate(pool_list(desk)):
        x, y = lay.pool_point(index)
        out.append(
            Target(
                ("pool", colour),
                circle=((x, y), lay.md / 2 + 2),
                tooltip=_marble_tip("pool", colour, desk, legal) if mine else (),
                active=mine,
            )
        )
    out.append(
        Target(
            ("poolzone",),
            lay.pool_zone(),
            active=bool(selection.marble and selection.marble[0] == "hand"),
        )
    )
    out.append(
        Target(
            ("handzone",),
            lay.hand_zone(),
            active=bool(selection.marble and selection.marble[0] == "pool"),
        )
    )
    for slot, brewing in enumerate(desk.slots):
        if brewing is not None:
            tile = TILES[brewing.tile]
            need = state.empty_holes(viewer, slot)
            missing = colour_words([c for c in COLOURS for _hole in range(need[c])])
            out.append(
                Target(
                    ("card", slot),
                    lay.card(slot).union(lay.caption(slot)),
                    tooltip=(
                        potion_words(brewing.tile),
                        _(TYPE_BY_CODE[tile.type].effect),
                        _("Still needs {marbles}.").format(marbles=missing)
                        if missing
                        else _("Complete."),
                    ),
                )
            )
    drink = {a.index for a in legal if isinstance(a, (pe.Drink, pe.CopyPotion))}
    for index, potion in enumerate(desk.completed):
        tile = TILES[potion.tile]
        status = (
            _("Drunk (turned over).")
            if potion.drunk and index not in drink
            else _("Click to use its effect again.")
            if index in drink and potion.drunk
            else _("Click to drink it.")
            if index in drink
            else _("Not drunk yet.")
        )
        out.append(
            Target(
                ("completed", viewer, index),
                lay.completed_rect(index, len(desk.completed)),
                tooltip=(potion_words(potion.tile), _(TYPE_BY_CODE[tile.type].effect), status),
                active=index in drink,
            )
        )
    blind = {a.opponent for a in legal if isinstance(a, pe.TakePool)}
    for seat in lay.others:
        tip = _strip_tip(state, seat, last_turns)
        if tip and seat not in blind:  # Blind Love's invitation takes the strip then
            out.append(Target(("strip", seat), lay.last_turn_strip(seat), tooltip=tip))
        out.append(Target(("desk", seat), lay.boxes[seat], active=seat in blind))
    return out


def _marble_tip(source: str, colour: str, desk, legal) -> tuple:
    count = desk.hand[COLOURS.index(colour)] if source == "hand" else pool_list(desk).count(colour)
    fits = {(a.slot, a.hole) for a in placements(legal, source, colour)}
    if len(fits) == 1:
        slot = next(iter(fits))[0]
        what = _("Click: into your {potion}.").format(potion=potion_name(desk.slots[slot].tile))
    elif fits:
        what = _(
            "Click: where the hint would put it (it fits more than one hole); click it there "
            "again to move it to another."
        )
    elif source == "hand" and pe.MoveToPool(colour) in legal:
        what = _("Click: into your pool.")
    elif source == "pool" and pe.MoveToHand(colour) in legal:
        what = _("Click, then your hand, to take it back.")
    else:
        what = _("No hole takes it now.")
    title = (
        _("{colour} marble ×{count} (hand)")
        if source == "hand"
        else _("{colour} marble ×{count} (pool)")
    )
    named = title.format(colour=pgettext("a marble", COLOUR_NAMES[colour]), count=count)
    return (
        named[:1].upper() + named[1:],  # the title's first word, not the colour ("Canica negra")
        what,
        _("Or drag it where it goes."),
    )
