"""Clicks, drags and keys on the Potion Explosion table → an :class:`Intent`; no display needed.

Every function here is pure: it takes the layout, the state, the human's legal actions (the
engine's list) and the UI :class:`Selection`, and returns what a click means — :class:`Act` (one
of the legal actions, or an action the engine will refuse with its own reason), :class:`Select`
(a new selection and what to tell the player) or :class:`Say` (a sentence) — or None. Nothing
here decides a rule: a marble "fits one hole" when the legal actions hold exactly one placement
for it; "Place all" places only where every choice ends the same (:func:`sure_placement`).
The buttons' choices, what the board highlights and the top bar's words are worked out here
too; what the mouse points at and its tooltip is :mod:`.tips`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from engine.potion_explosion import state as pe
from engine.potion_explosion.data import COLOUR_NAMES, COLOURS, TILES, TYPE_CODES
from engine.potion_explosion.state import Phase, Source, potion_name
from scenes import kit
from scenes.table.protocol import Act, Intent, Refuse, Say, Select
from scenes.tables.potion_explosion.layout import Layout
from translation import _, ngettext, pgettext

PLACE_ALL_KEY = pygame.K_p
HELP_KEY = pygame.K_l
END_TURN_KEY = pygame.K_e
DONE_KEY = pygame.K_d
"""Stop using a potion's effect ("Take nothing")."""


@dataclass(frozen=True)
class Selection:
    """A half-made choice: ``marble`` (``(source, colour)``) picked up to place or move;
    ``help_mode`` (the next marble clicked is a Little Help); ``anchor`` (``(track, place)``:
    the first marble of a Balm's run or of a Magnetical Attraction pair); the Filter's chosen
    ``filter_places`` in ``filter_track``."""

    marble: tuple | None = None
    help_mode: bool = False
    anchor: tuple | None = None
    filter_track: int | None = None
    filter_places: tuple = ()

    @property
    def empty(self) -> bool:
        return self == Selection()


@dataclass(frozen=True)
class PlaceAll:
    """Place every marble whose hole is sure (:func:`sure_placement`), one after another."""


# --- what the engine allows, read for the table ---------------------------------------------------
def placements(legal, source: str, colour: str) -> list:
    """The legal placements of a ``colour`` marble from ``source``."""
    return [
        a
        for a in legal
        if isinstance(a, pe.PlaceMarble) and a.source == source and a.colour == colour
    ]


def sure_placement(state, legal):
    """A placement that every way of finishing the turn makes too, or None: for one colour,
    the marbles of that colour in hand and pool fill every empty hole of that colour (or those
    holes lie on one potion only), so which hole comes first changes nothing. The hand's marbles
    go first (the pool keeps its marbles). A wild Prismatic Joy marble is never placed in
    another colour's hole: that is the player's choice."""
    player = state.current_player()
    if player < 0 or state.effect is not None:
        return None
    desk = state.desks[player]
    own = [a for a in legal if isinstance(a, pe.PlaceMarble) and a.hole == a.colour]
    for index, colour in enumerate(COLOURS):
        options = [a for a in own if a.colour == colour]
        if not options:
            continue
        slots = sorted({a.slot for a in options})
        holes = sum(state.empty_holes(player, slot)[colour] for slot in slots)
        supply = desk.hand[index] + desk.pool[index]
        if supply >= holes or len(slots) == 1:
            hand = [a for a in options if a.source == Source.HAND]
            return (hand or options)[0]
    return None


def forced_choice(state, legal):
    """A choice that is no choice, made for the person: the one legal action when a potion's
    effect, the draft or the stack choice leaves exactly one (Blind Love with one opponent,
    the last starter, a single stack left); and the stack on a player's last turn (the end is
    triggered: a tile drawn then can never be brewed, whichever stack it comes from). Else
    None."""
    if len(legal) == 1 and (state.effect is not None or state.phase in (Phase.END, Phase.DRAFT)):
        return legal[0]
    if state.phase == Phase.END and legal and (state.ending or state.countdown == 0):
        return legal[0]
    return None


def pickable(state, legal, selection: Selection) -> frozenset:
    """Marbles ``(track, place)`` a click may take now (for highlighting)."""
    out = set()
    for a in legal:
        picks = (pe.LittleHelp,) if selection.help_mode else (pe.RegularPick, pe.TieBreakPick)
        if isinstance(a, picks) or isinstance(a, pe.TakeMarble):
            out.add((a.track, a.position))
        elif isinstance(a, pe.TakePair):
            pair = {(a.track, a.position), (a.track, a.position + 1)}
            if selection.anchor is None or selection.anchor in pair:
                out |= pair
        elif isinstance(a, pe.TakeRun):
            out |= {(a.track, a.start + i) for i in range(a.length)}
        elif isinstance(a, pe.TakeBottom):
            out.add((a.track, 0))
        elif (
            isinstance(a, pe.FilterMarbles)
            and len(a.positions) == 1
            and (
                selection.filter_track is None
                or (
                    a.track == selection.filter_track
                    and a.colour == state.tracks[a.track][selection.filter_places[0]]
                )
            )
        ):
            out.add((a.track, a.positions[0]))
    return frozenset(out)


def outlined(state, legal, selection: Selection, hovered) -> frozenset:
    """Marbles an effect choice would take with the mouse at ``hovered``: the pair or run
    the click makes, the Filter's chosen marbles, the anchor."""
    out = set()
    if selection.anchor is not None:
        out.add(selection.anchor)
    if selection.filter_track is not None:
        out |= {(selection.filter_track, q) for q in selection.filter_places}
    if hovered is None or state.effect is None:
        return frozenset(out)
    track, place = hovered
    kind = state.effect.kind
    if kind == "MAG" and selection.anchor is not None:  # the player clicks both marbles
        pairs = _pairs(legal, track, place, selection)
        if len(pairs) == 1:
            out |= {(track, pairs[0].position), (track, pairs[0].position + 1)}
    elif kind == "BAL":
        run = _run(legal, track, place, selection)
        if run is not None:
            out |= {(track, run.start + i) for i in range(run.length)}
    return frozenset(out)


def _pairs(legal, track: int, place: int, selection: Selection) -> list:
    """Magnetical Attraction: the legal pairs a click at ``(track, place)`` could mean; with
    an anchor, only the pair of the anchor and this marble."""
    anchor = selection.anchor
    if anchor is not None and anchor[0] == track and abs(anchor[1] - place) == 1:
        pair = pe.TakePair(track, min(anchor[1], place))
        return [pair] if pair in legal else []
    return [
        a
        for a in legal
        if isinstance(a, pe.TakePair) and a.track == track and a.position in (place - 1, place)
    ]


def _runs(legal, track: int, place: int) -> list:
    return [
        a
        for a in legal
        if isinstance(a, pe.TakeRun) and a.track == track and a.start <= place < a.start + a.length
    ]


def _run(legal, track: int, place: int, selection: Selection):
    """The Balm's run a click at ``(track, place)`` takes: from the anchor to here, or the only
    run through this marble; None when the click is not enough."""
    anchor = selection.anchor
    if anchor is not None and anchor[0] == track and anchor[1] != place:
        low, high = sorted((anchor[1], place))
        run = pe.TakeRun(track, low, high - low + 1)
        return run if run in legal else None
    runs = _runs(legal, track, place)
    return runs[0] if len(runs) == 1 else None


def filter_action(state, selection: Selection):
    """The Filter of Lavamancing's return of the chosen marbles, or None if none chosen."""
    if selection.filter_track is None or not selection.filter_places:
        return None
    track = selection.filter_track
    colour = state.tracks[track][selection.filter_places[0]]
    return pe.FilterMarbles(track, colour, tuple(sorted(selection.filter_places)))


def potion_words(code: str) -> str:
    """A potion's tooltip title: "Potion name · 4 VP · 5 holes" (``code``: its tile)."""
    tile = TILES[code]
    return ngettext(
        "{potion} · {vp} VP · {holes} hole", "{potion} · {vp} VP · {holes} holes", tile.holes
    ).format(potion=potion_name(code), vp=tile.vp, holes=tile.holes)


# --- clicks ---------------------------------------------------------------------------------------
def click(key, state, legal, selection: Selection, viewer: int, prefer=None):
    """What a click on the target ``key`` means (None: nothing). ``legal`` is the human's legal
    actions now, ``viewer`` the seat whose desk is big; ``prefer(placements)`` picks where a
    marble that fits more than one hole goes on one click (None: it is picked up to choose)."""
    phase = state.phase
    kind = key[0] if key else None
    if phase == Phase.TYPES:
        return Act(pe.ChoosePotionType(key[1])) if kind == "type" else None
    if phase == Phase.DRAFT:
        if kind == "offer":
            return Act(pe.DraftStarter(key[1]))
        return Say(_("Click one of the revealed starter potions to take it."))
    if phase == Phase.END:
        if kind == "stack":
            return Act(pe.ChooseStack(key[1]))
        return Say(_("Choose a stack (glowing) for your empty brewing slot."))
    if phase == Phase.TIEBREAK:
        return Act(pe.TieBreakPick(key[1], key[2])) if kind == "marble" else None
    if key is None:
        return None
    if state.effect is not None:
        return effect_click(key, state, legal, selection, viewer)
    if kind == "marble":
        track, place = key[1], key[2]
        if selection.help_mode:
            return Act(pe.LittleHelp(track, place))
        if not state.picked:
            return Act(pe.RegularPick(track, place))
        return Refuse(
            _(
                "You have made your regular pick. A Little Help (-2) or a drunk potion "
                "can take more marbles."
            )
        )
    chosen = selection.marble
    if chosen and chosen[0] == "hand" and kind in ("pool", "poolzone"):
        return Act(pe.MoveToPool(chosen[1]))
    if chosen and chosen[0] == "pool" and kind in ("hand", "handzone"):
        return Act(pe.MoveToHand(chosen[1]))
    if kind in ("hand", "pool"):
        return marble_click(kind, key[1], state, legal, selection, prefer)
    if kind == "hole":
        return hole_click(key[1], key[2], state, legal, selection)
    if kind == "completed":
        seat, index = key[1], key[2]
        if seat != viewer:
            return None
        if state.desks[seat].completed[index].drunk:
            return Refuse(_("That potion has been drunk already (each potion is drunk once)."))
        return Act(pe.Drink(index))  # the engine says why not, if it cannot be
    if kind == "stack":
        return Say(_("At the end of your turn you choose a stack for each empty brewing slot."))
    return None


def marble_click(source: str, colour: str, state, legal, selection: Selection, prefer=None):
    """A hand or pool marble clicked: it goes to its hole when exactly one fits, or where
    ``prefer`` puts it when several do (a second click on it moves it to another: the table);
    a hand marble that fits none goes to the pool while the pool has room; else it is picked
    up."""
    if selection.marble == (source, colour):
        return Select(replace(selection, marble=None))
    fits = placements(legal, source, colour)
    if len({(a.slot, a.hole) for a in fits}) == 1:
        return Act(fits[0])
    if fits and prefer is not None:
        return Act(prefer(fits))
    name = pgettext("a marble", COLOUR_NAMES[colour])
    picked = Selection(marble=(source, colour))
    if fits:
        return Select(
            picked,
            _("The {colour} marble fits more than one hole: click a glowing hole.").format(
                colour=name
            ),
        )
    if source == Source.HAND:
        if pe.MoveToPool(colour) in legal:
            return Act(pe.MoveToPool(colour))
        return Select(
            picked,
            _(
                "No hole takes the {colour} marble and your pool is full: it "
                "goes back to the tank when you end your turn."
            ).format(colour=name),
        )
    if pe.MoveToHand(colour) in legal:
        return Select(
            picked,
            _("No hole takes the {colour} marble: click your hand to take it back.").format(
                colour=name
            ),
        )
    return Refuse(_("No hole takes the {colour} marble.").format(colour=name))


def hole_click(slot: int, hole: str, state, legal, selection: Selection):
    """An empty hole clicked: the picked-up marble goes there; with none picked up, the one
    marble that fits it (the hand's first)."""
    if selection.marble is not None:
        source, colour = selection.marble
        return Act(pe.PlaceMarble(source, colour, slot, hole))
    fits = [a for a in legal if isinstance(a, pe.PlaceMarble) and a.slot == slot and a.hole == hole]
    own = [a for a in fits if a.colour == hole]
    if own or fits:
        hand = [a for a in own if a.source == Source.HAND]
        return Act((hand or own or fits)[0])
    return Refuse(
        _("No marble you hold can fill that {hole} hole.").format(
            hole=pgettext("a hole", COLOUR_NAMES[hole])
        )
    )


def effect_click(key, state, legal, selection: Selection, viewer: int):
    """A click while a drunk potion's effect waits for its choice (from the engine's list)."""
    kind = state.effect.kind
    prompt = state.effect_prompt() or ""
    if kind in ("WIS", "MAG", "BAL", "ABY", "FIL"):
        if key[0] != "marble":
            return Say(prompt)
        track, place = key[1], key[2]
        if kind == "WIS":
            return Act(pe.TakeMarble(track, place))
        if kind == "ABY":
            return Act(pe.TakeBottom(track))
        if kind == "FIL":
            return filter_click(track, place, state, selection)
        if selection.anchor == (track, place):
            return Select(replace(selection, anchor=None))
        if kind == "MAG":
            return magnet_click(track, place, state, legal, selection)
        run = _run(legal, track, place, selection)
        if run is not None:
            return Act(run)
        if _runs(legal, track, place):
            return Select(
                replace(selection, anchor=(track, place)),
                _("Now click the other end of the run (same colour, 2 or more)."),
            )
        return Refuse(_("The Balm takes 2 or more adjacent marbles of one colour."))
    if kind == "BLI":
        if key[0] == "desk" or (key[0] in ("completed", "chip") and key[1] != viewer):
            return Act(pe.TakePool(key[1]))
        return Say(_("Click an opponent's desk (glowing) to take their pool."))
    if kind == "SAN":
        if key[0] == "completed" and key[1] == viewer:
            return Act(pe.CopyPotion(key[2]))
        return Say(_("Click one of your drunk potions (glowing) to use its effect again."))
    return Say(prompt)


def magnet_click(track: int, place: int, state, legal, selection: Selection):
    """Magnetical Attraction: the player clicks both marbles of the pair. The first click
    chooses one (refused at once when no neighbour of it makes a legal pair); a click next to
    it asks the engine for that very pair (an illegal one is refused with the rule); a click
    elsewhere chooses again."""
    anchor = selection.anchor
    if anchor is not None and anchor[0] == track and abs(anchor[1] - place) == 1:
        return Act(pe.TakePair(track, min(anchor[1], place)))
    if not _pairs(legal, track, place, Selection()):
        colour = state.tracks[track][place]
        return Refuse(
            _(
                "Magnetical Attraction takes 2 adjacent marbles of different colours: "
                "no marble next to this {colour} one makes such a pair."
            ).format(colour=COLOUR_NAMES[colour])
        )
    return Select(
        replace(selection, anchor=(track, place)),
        _("Now click its partner: the marble just above or below it, of another colour."),
    )


def filter_click(track: int, place: int, state, selection: Selection):
    """The Filter: choose up to 5 marbles of one colour in one track (a click toggles one)."""
    colour = state.tracks[track][place]
    chosen = list(selection.filter_places)
    if selection.filter_track != track or not chosen or state.tracks[track][chosen[0]] != colour:
        chosen = [place]
    elif place in chosen:
        chosen.remove(place)
    elif len(chosen) < 5:
        chosen.append(place)
    else:
        return Refuse(_("The Filter returns at most 5 marbles."))
    return Select(
        replace(selection, filter_track=track if chosen else None, filter_places=tuple(chosen))
    )


# --- dragging -------------------------------------------------------------------------------------
def drags(key) -> bool:
    """Whether pressing on ``key`` picks up a marble to drag (a hand or pool marble)."""
    return bool(key) and key[0] in ("hand", "pool")


def drop(source: str, colour: str, key, legal):
    """A dragged marble dropped on ``key``: into a hole, into the pool, back to the hand."""
    if not key:
        return None
    if key[0] == "hole":
        return Act(pe.PlaceMarble(source, colour, key[1], key[2]))
    if source == Source.HAND and key[0] in ("poolzone", "pool"):
        return Act(pe.MoveToPool(colour))
    if source == Source.POOL and key[0] in ("handzone", "hand"):
        return Act(pe.MoveToHand(colour))
    return None


# --- keys -----------------------------------------------------------------------------------------
def key_press(key: int, state, legal, selection: Selection):
    """A key on the table: P places every sure marble, L toggles the Little Help, E ends the
    turn, Enter returns the Filter's chosen marbles."""
    if key == PLACE_ALL_KEY:
        return (
            PlaceAll()
            if sure_placement(state, legal) is not None
            else Refuse(_("No marble has a sure hole: click a marble, then a glowing hole."))
        )
    if key == HELP_KEY:
        if not any(isinstance(a, pe.LittleHelp) for a in legal):
            return Refuse(_("No Little Help now (one per turn)."))
        return Select(
            Selection(help_mode=not selection.help_mode),
            _("Little Help: click any marble to take it (no explosion, -2 VP).")
            if not selection.help_mode
            else "",
        )
    if key == END_TURN_KEY:
        if pe.EndTurn() in legal:
            return Act(pe.EndTurn())
        return Refuse(state.end_turn_refusal() or _("You cannot end your turn now."))
    if key == DONE_KEY and pe.FinishEffect() in legal:
        return Act(pe.FinishEffect())
    if key in kit.ENTER_KEYS and state.effect is not None and state.effect.kind == "FIL":
        action = filter_action(state, selection)
        return (
            Act(action)
            if action
            else Refuse(_("Click marbles of one colour in one track first (up to 5)."))
        )
    if key in kit.ENTER_KEYS:  # the turn's main step, as on every table: End turn
        return key_press(END_TURN_KEY, state, legal, selection)
    return None


def hint_rects(lay: Layout, state, hint, viewer: int) -> list:
    """Where the hinted action ``hint`` is on the board (rects to frame; may be empty)."""
    if hint is None:
        return []
    tracks = state.tracks

    def marble(track, place):
        ok = 0 <= track < len(tracks) and 0 <= place < len(tracks[track])
        return [lay.marble_rect(track, place)] if ok else []

    if isinstance(hint, pe.TakePair):
        return marble(hint.track, hint.position) + marble(hint.track, hint.position + 1)
    if isinstance(hint, pe.TakeRun):
        return [r for i in range(hint.length) for r in marble(hint.track, hint.start + i)]
    if isinstance(hint, pe.TakeBottom):
        return marble(hint.track, 0)
    if isinstance(hint, pe.FilterMarbles):
        return [r for q in hint.positions for r in marble(hint.track, q)]
    if isinstance(hint, (pe.RegularPick, pe.LittleHelp, pe.TakeMarble, pe.TieBreakPick)):
        return marble(hint.track, hint.position)
    if isinstance(hint, pe.PlaceMarble):
        source = (
            lay.hand_group(COLOURS.index(hint.colour))
            if hint.source == Source.HAND
            else lay.pool_zone()
        )
        return [lay.card(hint.slot), source]
    if isinstance(hint, (pe.MoveToPool, pe.MoveToHand)):
        return [lay.pool_zone(), lay.hand_zone()]
    if isinstance(hint, (pe.Drink, pe.CopyPotion)):
        return [lay.completed_rect(hint.index, len(state.desks[viewer].completed))]
    if isinstance(hint, pe.ChooseStack):
        return [lay.stack_card(hint.stack)]
    if isinstance(hint, pe.TakePool) and hint.opponent in lay.boxes:
        return [lay.boxes[hint.opponent]]
    if isinstance(hint, pe.DraftStarter) and hint.tile in state.revealed:
        return [lay.offer_cards(len(state.revealed))[state.revealed.index(hint.tile)]]
    if isinstance(hint, pe.ChoosePotionType) and hint.potion in TYPE_CODES:
        return [lay.offer_cards(len(TYPE_CODES))[TYPE_CODES.index(hint.potion)]]
    return []


def status(state, legal, selection: Selection) -> str:
    """What the person is to do now, in words (the top bar)."""
    phase = state.phase
    if phase == Phase.TYPES:
        return _("choose the potion types for this game ({count} of 6).").format(
            count=len(state.types)
        )
    if phase == Phase.DRAFT:
        return _("take one of the starter potions.")
    if phase == Phase.END:
        return _("choose a stack (glowing) for your empty brewing slot.")
    if phase == Phase.TIEBREAK:
        return _("tie-break — pick one marble; most marbles wins.")
    if state.effect is not None:
        kind = state.effect.kind
        if kind in ("BAL", "MAG") and selection.anchor:
            return (
                _("click the other end of the run.")
                if kind == "BAL"
                else _("click the partner marble, above or below it.")
            )
        if kind == "FIL" and selection.filter_places:
            count = len(selection.filter_places)
            return _(
                "{count} chosen (one track, one colour, up to 5) — Return {count} (Enter) "
                "sends them to the tank."
            ).format(count=count)
        return state.effect_prompt() or ""
    if selection.help_mode:
        return _("Little Help — click any marble (no explosion).")
    if selection.marble:
        return (
            _("click a glowing hole, or your pool.")
            if selection.marble[0] == "hand"
            else _("click a glowing hole, or your hand.")
        )
    if not state.picked:
        return _("pick a marble — hover to see what explodes.")
    desk = state.desks[state.current_player()]
    if sure_placement(state, legal) is not None:
        return _("click a marble in your hand to place it, or Place all (P).")
    if any(isinstance(a, pe.PlaceMarble) for a in legal):
        return _("click a marble, then a glowing hole.")
    if sum(desk.hand) and any(isinstance(a, pe.MoveToPool) for a in legal):
        return _("click hand marbles to keep them in your pool (up to 3), then End turn (E).")
    if any(isinstance(a, pe.Drink) for a in legal):
        return _("drink a completed potion (click it), or End turn (E).")
    return _("End turn (E) when ready.")


def choices(state, legal, selection: Selection) -> list:
    """The second row's buttons for the pending choice: ``[(label, intent, tooltip)]`` — the
    Filter's return, stopping an effect, or dropping a half-made choice."""
    out: list[tuple[str, Intent, str]] = []
    if state.effect is not None and state.effect.kind == "FIL":
        count = len(selection.filter_places)
        action = filter_action(state, selection)
        out.append(
            (
                # "Return 0" beside "Return nothing" read as two ways to return nothing
                _("Return {count}").format(count=count) if count else _("Return the chosen"),
                Act(action)
                if action
                else Refuse(_("Click marbles of one colour in one track first (up to 5).")),
                _("Return the chosen marbles to the tank (Enter)"),
            )
        )
    if pe.FinishEffect() in legal:
        # an effect with something taken ends by itself or cannot stop (the Abyssal Draft);
        # the Filter gives marbles back rather than taking any (a play-test)
        filtering = state.effect is not None and state.effect.kind == "FIL"
        out.append(
            (
                _("Return nothing") if filtering else _("Take nothing"),
                Act(pe.FinishEffect()),
                _("Stop using this potion's effect (D)"),
            )
        )
    elif (
        not selection.empty and selection != Selection(help_mode=True) and state.effect is None
    ):  # Little Help's button says "Cancel help"
        out.append(
            (_("Cancel"), Select(Selection()), _("Drop the current choice (Esc or right-click)"))
        )
    return out


def highlights(state, legal, selection: Selection, hover_key) -> dict:
    """What glows for the person now, as :class:`.draw.View` fields: the marbles a click may
    take (and what the hovered pick explodes, the pair or run an effect takes), the holes the
    picked-up marble fits, the pool or hand it may move to, drinkable potions, the pools Blind
    Love may take, the stacks to choose from."""
    hovered = (hover_key[1], hover_key[2]) if hover_key and hover_key[0] == "marble" else None
    preview: frozenset[tuple[int, int]] = frozenset()
    more = False
    if (
        hovered
        and not selection.help_mode
        and (pe.RegularPick(*hovered) in legal or pe.TieBreakPick(*hovered) in legal)
    ):
        places, more = state.chain_preview(*hovered)
        preview = frozenset((hovered[0], q) for q in places)
    marble = selection.marble
    return {
        "pickable": pickable(state, legal, selection) if legal else frozenset(),
        "ring_pickable": state.effect is not None or selection.help_mode,
        "outlined": outlined(state, legal, selection, hovered),
        "preview": preview,
        "preview_more": more,
        "hovered": hovered,
        "selected": marble,
        "holes": frozenset((a.slot, a.hole) for a in placements(legal, *marble))
        if marble
        else frozenset(),
        "pool_target": bool(marble and marble[0] == "hand" and pe.MoveToPool(marble[1]) in legal),
        "hand_target": bool(marble and marble[0] == "pool" and pe.MoveToHand(marble[1]) in legal),
        "drinkable": frozenset(a.index for a in legal if isinstance(a, pe.Drink)),
        "copyable": frozenset(a.index for a in legal if isinstance(a, pe.CopyPotion)),
        "blind": frozenset(a.opponent for a in legal if isinstance(a, pe.TakePool)),
        "stacks": frozenset(a.stack for a in legal if isinstance(a, pe.ChooseStack)),
        "hover_key": hover_key,
    }


def preview_words(state, legal, selection: Selection, hover_key):
    """The top bar's sentence while the mouse is on a marble the regular pick may take: what
    it explodes; None elsewhere."""
    if not (hover_key and hover_key[0] == "marble") or selection.help_mode:
        return None
    if pe.RegularPick(hover_key[1], hover_key[2]) not in legal:
        return None
    places, more = state.chain_preview(hover_key[1], hover_key[2])
    if places:
        if more:
            return ngettext(
                "Picking here explodes {count} marble, maybe more with the marbles rolling in.",
                "Picking here explodes {count} marbles, maybe more with the marbles rolling in.",
                len(places),
            ).format(count=len(places))
        return ngettext(
            "Picking here explodes {count} marble.",
            "Picking here explodes {count} marbles.",
            len(places),
        ).format(count=len(places))
    if more:
        return _("Picking here explodes nothing yet: a marble rolling in may match.")
    return _("Picking here explodes nothing: you take just this marble.")
