"""What the mouse can point at on the Diced Tomatoes table, and what its tooltip says.

:func:`targets` lists the board's targets (dice, tokens and vines, score slots, karma tracks,
the variant badges, the passed dice, the bushel) with their tooltips; the badges' labels
come from here too. The words come from the engine's rules; nothing here decides one.
"""

from __future__ import annotations

from engine.diced_tomatoes import OPTIONS, rules
from engine.diced_tomatoes import state as dt
from scenes.kit import Target, fit_label
from scenes.tables.diced_tomatoes.input import Selection, glow, passable, spots
from scenes.tables.diced_tomatoes.layout import NAME_FONT, SLOTS, TOKENS, Layout
from scenes.tables.diced_tomatoes.words import (
    bushel_counts,
    colour_word,
    header_name,
    name_of_seat,
    token_word,
)
from translation import N_, _, ngettext

BADGES = {
    "golden": N_("Golden dice"),
    "dicey": N_("Dicey"),
    "overload": N_("Overload"),
    "update_2023": N_("2023 update"),
    "open_empty": N_("Open = empty"),
    "clean_any": N_("Clean any"),
}
"""The short label of each variant's badge (the tooltip gives the option's full name)."""


def die_title(die) -> str:
    """ "Red 4": a die's tooltip title."""
    return _("{colour} {face}").format(colour=colour_word(die.colour), face=die.face).capitalize()


# --- targets and their tooltips -------------------------------------------------------------------
def targets(lay: Layout, state, legal, selection: Selection, names, viewer: int, humans=()) -> list:
    """Everything the mouse can point at, most specific first, with tooltips; ``active``
    marks what a click may use now."""
    out = []
    mine = bool(legal)
    glowing, karma_dice, karma_vines = glow(legal, selection)
    choosing = bool(selection.karma or selection.choices)
    you = _You(names, viewer, humans)
    for slot, die in enumerate(state.hand):
        if die is None:
            continue
        rolled = isinstance(die, dt.Die)
        active = mine and rolled and (not choosing or slot in karma_dice)
        out.append(
            Target(
                ("die", slot),
                lay.hand_die_of(state.hand, slot),
                tooltip=die_tip(state, legal, slot, names) if rolled and not choosing else (),
                active=active,
            )
        )
    for seat in range(state.num_players):
        for token in range(TOKENS):
            active = (seat, token) in glowing or (seat, token) in karma_vines
            out.append(
                Target(
                    ("vine", seat, token),
                    lay.vine_row(seat, token),
                    tooltip=vine_tip(state, seat, token, you),
                    active=active,
                )
            )
        for slot in range(SLOTS):
            out.append(
                Target(
                    ("slot", seat, slot),
                    lay.slot_rect(seat, slot),
                    tooltip=slot_tip(state, seat, slot, you),
                )
            )
        parts = lay.header_parts(seat)
        name = header_name(names, seat, viewer, humans)
        if fit_label(name, NAME_FONT, parts["name"].width, True, 11)[0] != name:
            out.append(Target(("name", seat), parts["name"], tooltip=(name,)))  # cut short
        out.append(Target(("score", seat), parts["score"], tooltip=score_tip(state, seat, you)))
        out.append(
            Target(("karma", seat), lay.karma_track(seat), tooltip=karma_tip(state, seat, you))
        )
        if state.last_player == seat:
            out.append(Target(("marker", seat), parts["marker"], tooltip=marker_tip(seat, you)))
        if "bits" in parts:
            out.append(
                Target(
                    ("bits", seat),
                    parts["bits"],
                    tooltip=(
                        _("Karma bits: {count} of 3").format(count=state.bits[seat]),
                        _(
                            "Karma Overload: a bit for each die placed on an opponent's vine "
                            "and each die passed on; 3 bits make 1 karma."
                        ),
                    ),
                )
            )
    for index, (rect, tip) in enumerate(zip(lay.badge_rects(), badge_tips(state), strict=True)):
        out.append(Target(("badge", index), rect, tooltip=tip))
    out.append(Target(("passed",), lay.passed_zone, tooltip=passed_tip(state, you)))
    size = state.bushel_size()
    out.append(
        Target(
            ("bushel",),
            lay.bushel,
            tooltip=(
                ngettext("Bushel: {count} die", "Bushel: {count} dice", size).format(count=size),
                bushel_counts(state) + ".",
                _(
                    "Each turn starts by drawing 3 dice from it; the game ends when it is "
                    "empty at the start of a turn."
                ),
            ),
        )
    )
    return out


def badge_options(state) -> list:
    """The variants that are on, as the engine's option specs, in the registry's order."""
    return [option for option in OPTIONS if state.options.get(option.name)]


STANDARD = (N_("Standard rules"), N_("No variant is on: the rules as printed."))


def badge_labels(state) -> tuple:
    """The badges' labels for the variants that are on ("Standard rules" for none)."""
    return tuple(_(BADGES[option.name]) for option in badge_options(state)) or (_(STANDARD[0]),)


def badge_tips(state) -> list:
    """Each badge's tooltip, in the order of :func:`badge_labels`."""
    options = badge_options(state)
    if not options:
        return [(_("Variants"), _(STANDARD[1]))]
    return [
        (_("Variant: {name}").format(name=_(option.label)), _(option.description))
        for option in options
    ]


class _You:
    """Names for tooltips: "you" for the viewer when a person plays it, else the seat's
    name."""

    def __init__(self, names, viewer: int, humans):
        self.names, self.viewer, self.humans = tuple(names), viewer, tuple(humans)

    def you(self, seat: int) -> bool:
        return seat == self.viewer and seat in self.humans

    def name(self, seat: int) -> str:
        return name_of_seat(self.names, seat)

    def pick(self, seat: int, yours: str, theirs: str, **values) -> str:
        """``yours`` (words about the viewer) or ``theirs`` (about the seat, ``{name}``), both
        translated by the caller, formatted with ``values`` and the seat's name."""
        return (yours if self.you(seat) else theirs).format(name=self.name(seat), **values)


def marker_tip(seat: int, you: _You) -> tuple:
    """The last player marker's (ketchup splatter's) tooltip: the game ends after the
    turn of ``seat`` once someone harvests a 6th tomato."""
    return (
        _("Last player"),
        you.pick(
            seat,
            _(
                "You hold the ketchup splatter: once someone harvests a 6th tomato, the game "
                "ends after your turn."
            ),
            _(
                "{name} holds the ketchup splatter: once someone harvests a 6th tomato, the game "
                "ends after their turn."
            ),
        ),
    )


def die_tip(state, legal, slot: int, names) -> tuple:
    """The tooltip of the rolled die in hand slot ``slot``: how many spots it fits, or that
    it is passed (set aside in solo), or that it must wait."""
    die = state.hand[slot]
    places = spots(legal, slot)
    if places:
        count = len(places)
        what = ngettext(
            "Fits {count} spot: click it, then a glowing token or vine — or drag it there.",
            "Fits {count} spots: click it, then a glowing token or vine — or drag it there.",
            count,
        ).format(count=count)
    elif slot in passable(legal):
        what = (
            _("Fits nowhere: it is set aside for your next turn (Set aside, P).")
            if state.solo
            else _("Fits nowhere: it goes to {name} (Pass dice, P).").format(
                name=name_of_seat(names, rules.next_player(state))
            )
        )
    elif legal:
        what = _("Fits nowhere now; place your other dice first (passing comes last).")
    else:
        what = _("Waiting to be placed.")
    return (die_title(die), what)


def vine_title(seat: int, token: int, you: _You, empty: bool) -> str:
    """A token's tooltip title: "Your top token" / "The middle vine of Ana" (``empty``: no
    dice on it yet)."""
    if empty:
        return you.pick(
            seat, _("Your {token} token"), _("The {token} token of {name}"), token=token_word(token)
        )
    return you.pick(
        seat, _("Your {token} vine"), _("The {token} vine of {name}"), token=token_word(token)
    )


def vine_tip(state, seat: int, token: int, you: _You) -> tuple:
    """What hovering a token tells: its vine, how it is drawn, its value, what it takes next
    and what completing it does — or why an empty token is closed (DT-D3)."""
    vine = state.vines[seat][token]
    title = vine_title(seat, token, you, not vine)
    if not vine:
        if state.token_open(seat, token):
            return (title, _("Empty and open: a red die may start a vine here as its seed."))
        if rules.score_track_full(state, seat):
            return (title, _("Closed: the score track is full."))
        return (
            title,
            _(
                "Closed: harvests plus vines already fill the 6 score slots (nobody "
                "holds more vines than free slots)."
            ),
        )
    kind = rules.vine_kind(vine)
    value = rules.vine_value(vine)
    faces = _(", ").join(str(vine[k].face) for k in _order(vine))
    blacks = sum(1 for die in vine if die.colour == "b")
    golds = sum(1 for die in vine if die.colour == "g")
    shape = {
        "seed": _("A lone seed: {faces}"),
        "set": _("A set (a stack of equal faces): {faces}"),
        "sequence": _("A sequence (in order of value): {faces}"),
    }[kind].format(faces=faces)
    parts = [shape, _("seed {face}").format(face=vine[0].face)]
    if blacks:
        parts.append(_("−{count} for black").format(count=blacks))
    if golds:
        parts.append(_("+{count} for gold").format(count=golds))
    lines = [title, _("{parts}: worth {value}.").format(parts=_("; ").join(parts), value=value)]
    if len(vine) == 4:
        if rules.is_overripe(value):
            lines.append(_("Complete but overripe (more than 6): cleared at the end of the turn."))
        else:
            lines.append(
                _("Complete but worth 0 or less: its owner may clear it at the end of the turn.")
            )
        return tuple(lines)
    faces_next = rules.accepted_faces(vine)
    if faces_next and not rules.score_track_full(state, seat):
        left = 4 - len(vine)
        lines.append(
            ngettext(
                "Takes a {faces} next ({count} more to complete).",
                "Takes a {faces} next ({count} more to complete).",
                left,
            ).format(faces=_(" or ").join(str(face) for face in faces_next), count=left)
        )
    slot = len(state.score[seat]) + 1
    if not rules.is_harvestable(value):
        lines.append(_("At this value it cannot be harvested (only 1 to 6)."))
    elif state.solo:
        words = (
            _("Completed now, it is harvested into slot {slot} and matches its target.")
            if rules.slot_matches(slot, value)
            else _("Completed now, it is harvested into slot {slot} and would miss its target.")
        )
        lines.append(words.format(slot=slot))
    else:
        karma = rules.karma_for_harvest(value, state.options["overload"])
        lines.append(
            you.pick(
                seat,
                ngettext(
                    "Completed, it goes to your score slot {slot}; an opponent who "
                    "completes it earns {count} karma.",
                    "Completed, it goes to your score slot {slot}; an opponent who "
                    "completes it earns {count} karma.",
                    karma,
                ),
                ngettext(
                    "Completed, it goes to score slot {slot} of {name}; completing it earns "
                    "{count} karma for anyone but {name}.",
                    "Completed, it goes to score slot {slot} of {name}; completing it earns "
                    "{count} karma for anyone but {name}.",
                    karma,
                ),
                slot=slot,
                count=karma,
            )
        )
    return tuple(lines)


def _order(vine) -> list:
    """The vine's dice indices in drawing order (:func:`draw.vine_places` without the
    geometry): a set as laid, a sequence by value."""
    if rules.vine_kind(vine) == "set":
        return list(range(len(vine)))
    return sorted(range(len(vine)), key=lambda k: vine[k].face)


def slot_tip(state, seat: int, slot: int, you: _You) -> tuple:
    """The tooltip of score slot ``slot`` (0-based) of ``seat``: empty or what it holds
    and scores (solo: whether it matches its number; Dicey Tomato Rules: the gold star)."""
    number = slot + 1
    track = state.score[seat]
    title = you.pick(
        seat, _("Your score slot {number}"), _("Score slot {number} of {name}"), number=number
    )
    if slot >= len(track):
        if state.solo:
            return (
                title,
                _("Empty: the goal is a harvest worth exactly {number} here.").format(
                    number=number
                ),
            )
        if state.options["dicey"]:
            points = rules.harvest_points(state, number, number)
            return (
                title,
                _(
                    "Empty. Dicey Tomato Rules: a harvest worth {number} here scores "
                    "{points} and earns a gold star."
                ).format(number=number, points=points),
            )
        return (title, _("Empty: harvests fill the score slots in order."))
    value = track[slot]
    if state.solo:
        if rules.slot_matches(number, value):
            return (
                title,
                _("Holds a {value}: it matches its number (1 point).").format(value=value),
            )
        return (
            title,
            _("Holds a {value}: it misses its target (a {number}) for good.").format(
                value=value, number=number
            ),
        )
    points = rules.running_score(state, seat)["slot_points"][slot]
    if points != value:
        return (
            title,
            _(
                "Holds a {value}, matching its number: it scores {points} (Dicey "
                "Tomato Rules) and earns a gold star."
            ).format(value=value, points=points),
        )
    return (title, _("Holds a {value}: it scores {value}.").format(value=value))


def score_tip(state, seat: int, you: _You) -> tuple:
    """The score's tooltip of ``seat``: the points so far by part and what the end would
    add now (solo: the slots matched and missed)."""
    score = rules.running_score(state, seat)
    total = score["total"]
    if state.solo:
        lines = [
            ngettext(
                "{count} of 6 slots matched so far", "{count} of 6 slots matched so far", total
            ).format(count=total),
            _(
                "Single player: a point for each slot harvested with exactly its number; "
                "6 harvests win."
            ),
        ]
        if score["missed"]:
            lines.append(
                _("Missed for good: slot {slots}.").format(
                    slots=_(", ").join(map(str, score["missed"]))
                )
            )
        return tuple(lines)
    parts = [_("tomatoes {points}").format(points=score["tomatoes"])]
    if score["dicey_bonus"]:
        parts.append(_("Dicey matches +{points}").format(points=score["dicey_bonus"]))
    if score["first_six"]:
        parts.append(_("first to six +{points}").format(points=score["first_six"]))
    end = rules.score_parts(state, seat)
    later = [_("karma +{points} (1 per 2 unused)").format(points=end["karma"])]
    if state.options["dicey"]:
        later.append(_("red dice on vines +{points} (1 per 3)").format(points=end["red_dice"]))
    else:
        later.append(_("3-dice vines +{points}").format(points=end["vines"]))
    title = you.pick(
        seat,
        ngettext("You: {count} point so far", "You: {count} points so far", total),
        ngettext("{name}: {count} point so far", "{name}: {count} points so far", total),
        count=total,
    )
    return (
        title,
        _("{parts}.").format(parts=_(", ").join(parts)),
        _("At the end also {parts}: {total} if it ended now.").format(
            parts=_(", ").join(later), total=end["total"]
        ),
    )


def karma_tip(state, seat: int, you: _You) -> tuple:
    """The karma track's tooltip of ``seat``: how karma is earned under the options in
    play, what each action costs, the cap and the end bonus."""
    cap = (
        _("Karma goes up to 12 during your own turn (2023 update), 6 after it.")
        if state.options["update_2023"]
        else _("Karma goes up to 6; more is lost.")
    )
    if state.solo and state.options["overload"]:
        earn = _(
            "Earned by completing your own vines: as much as the seed's face (single player, "
            "Karma Overload)."
        )
    elif state.solo:
        earn = _(
            "Earned by completing your own vines, by the seed's face: 1–2 → 1, 3–4 → 2, "
            "5–6 → 3 (single player)."
        )
    elif state.options["overload"]:
        earn = _("Earned by completing an opponent's vine: as much as its value (Karma Overload).")
    else:
        earn = _("Earned by completing an opponent's vine: worth 1–2 → 1, 3–4 → 2, 5–6 → 3.")
    title = you.pick(
        seat, _("Your karma: {count}"), _("Karma of {name}: {count}"), count=state.karma[seat]
    )
    return (
        title,
        earn,
        _(
            "Spend it in your turn: 1 re-roll, 2 shift, 3 clean a vine, 4 roll over, 5 flip "
            "a seed, 6 set a die."
        ),
        cap,
        _("At the end, 1 point per 2 unused."),
    )


def passed_tip(state, you: _You) -> tuple:
    """The passed dice's tooltip: who gets the dice that fit nowhere (solo: set aside for
    the next turn); nothing between turns."""
    count = len(state.passed)
    if state.solo:
        return (
            _("Set aside"),
            ngettext(
                "{count} die that fits nowhere comes back to you, rolled, next turn.",
                "{count} dice that fit nowhere come back to you, rolled, next turn.",
                count,
            ).format(count=count)
            if count
            else _("Dice that fit nowhere wait here for your next turn."),
        )
    if state.active is None:
        return ()
    to = rules.next_player(state)
    if you.you(to):
        return (
            _("Passed to you") if count else _("For you"),
            _("Dice that fit nowhere come to you, rolled with your next turn's dice."),
        )
    name = you.name(to)
    title = (_("Passed to {name}") if count else _("For {name}")).format(name=name)
    if count:
        return (
            title,
            ngettext(
                "{count} die that fits nowhere: {name} rolls it with their own dice next turn.",
                "{count} dice that fit nowhere: {name} rolls them with their own dice next turn.",
                count,
            ).format(count=count, name=name),
        )
    return (
        title,
        _("Dice that fit nowhere go to {name}, rolled with the next turn's dice.").format(
            name=name
        ),
    )
