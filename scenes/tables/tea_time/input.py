"""Clicks, drags and keys on the Tea Time table → an intent; no display needed.

Every function here is pure: it takes the shown state, the person's legal actions (the
engine's list) and the UI :class:`Selection` — the places chosen so far — and returns what a
gesture means: :class:`Act` (one of the legal :class:`TakeCards`), :class:`Select` (a new
selection), :class:`Refuse` (the engine's reason, for the error tone) or :class:`Say`.

Nothing here decides a rule. A card may join the selection when the selection and the card
together lie within one of the legal lines; a selection is taken when it *is* a legal line and
no legal line is longer (so on a round's first turn one click takes a card, and the third card
of a line of three takes the line), or when the player presses Enter or Take. Anything else is
refused with the engine's own sentence (``rules.refusal``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

import pygame

from engine.tea_time.rules import column_points, refusal
from engine.tea_time.state import (
    ALICE,
    CHARACTERS,
    CardsCancelled,
    CardsTaken,
    Side,
    TakeCards,
    card_name,
)
from scenes import kit
from scenes.kit import Target
from scenes.table.protocol import Act, Refuse, Say, Select
from scenes.tables.tea_time.layout import Layout
from scenes.tables.tea_time.words import title
from translation import _, ngettext

TAKE_KEYS = kit.ENTER_KEYS
BACK_KEY = pygame.K_BACKSPACE


@dataclass(frozen=True)
class Selection:
    """The places chosen so far, in the order chosen (``(row, column)`` pairs)."""

    cells: tuple = ()

    @property
    def empty(self) -> bool:
        return not self.cells

    def plus(self, cell) -> Selection:
        return Selection(self.cells + (tuple(cell),))

    def minus(self, cell) -> Selection:
        return Selection(tuple(c for c in self.cells if c != tuple(cell)))


# --- what the legal lines allow -------------------------------------------------------------
def lines_within(legal, cells) -> list:
    """The legal :class:`TakeCards` whose places include every one of ``cells``."""
    wanted = set(cells)
    return [
        action for action in legal if isinstance(action, TakeCards) and wanted <= set(action.cells)
    ]


def takeable(legal) -> frozenset:
    """Places some legal line takes (the cards a click may choose)."""
    return frozenset(
        cell for action in legal if isinstance(action, TakeCards) for cell in action.cells
    )


def partners(legal, cell) -> frozenset:
    """The places that share a legal line with ``cell`` (what it can be taken with)."""
    return frozenset(
        other
        for action in lines_within(legal, [cell])
        for other in action.cells
        if other != tuple(cell)
    )


def extensions(legal, selection: Selection) -> frozenset:
    """Places that may join ``selection``: together they lie within a legal line."""
    if selection.empty:
        return takeable(legal)
    chosen = set(selection.cells)
    return frozenset(
        cell
        for action in lines_within(legal, selection.cells)
        for cell in action.cells
        if cell not in chosen
    )


def chosen_action(legal, selection: Selection):
    """The legal :class:`TakeCards` taking exactly the selection, or None."""
    if selection.empty:
        return None
    action = TakeCards(tuple(selection.cells))
    return action if action in legal else None


def complete(legal, selection: Selection) -> bool:
    """Whether the selection is a legal line that no legal line goes beyond (so a click that
    makes it takes it at once)."""
    action = chosen_action(legal, selection)
    return action is not None and all(
        len(other.cells) == len(action.cells) for other in lines_within(legal, selection.cells)
    )


def why_not(state, cells) -> str:
    """The engine's reason why the cards at ``cells`` cannot be taken now."""
    return refusal(state, TakeCards(tuple(cells))) or _("Those cards cannot be taken together.")


# --- gestures --------------------------------------------------------------------------------
def click(key, state, legal, selection: Selection):
    """What a click on the target ``key`` means (None: nothing). A card joins the selection
    (or leaves it, if chosen already); the line is taken once it cannot grow."""
    if not key or key[0] != "cell" or not legal:
        return None
    cell = (key[1], key[2])
    if state.table[cell[0]][cell[1]] is None:
        return Say(_("That place is empty: its card was taken."))
    if cell in selection.cells:
        return Select(selection.minus(cell))
    grown = selection.plus(cell)
    if not lines_within(legal, grown.cells):
        return Refuse(why_not(state, grown.cells))
    if complete(legal, grown):
        return Act(chosen_action(legal, grown))
    return Select(grown)


def take(state, legal, selection: Selection, hint=None):
    """Take the selection (Enter, the Take button): the legal line it makes, else the engine's
    reason it is not one. With nothing chosen, a hinted take on screen (``hint``, a
    :class:`TakeCards` the engine still lists in ``legal``) is taken, as a hint's "Enter takes
    it" says."""
    if selection.empty:
        if hint is not None and hint in legal:
            return Act(hint)
        return Say(_("Click the cards you want first (or drag across them)."))
    action = chosen_action(legal, selection)
    if action is not None:
        return Act(action)
    return Refuse(why_not(state, selection.cells))


def drag_over(cell, legal, selection: Selection) -> Selection:
    """The selection as a drag enters the place ``cell``: it joins when the line allows it; going
    back onto the card before the last drops the last; a card the line cannot reach replaces
    the last one when that makes a line (a diagonal drag clipping a corner); else nothing
    changes."""
    cell = tuple(cell)
    if cell in selection.cells:
        if len(selection.cells) >= 2 and selection.cells[-2] == cell:
            return Selection(selection.cells[:-1])
        return selection
    grown = selection.plus(cell)
    if lines_within(legal, grown.cells):
        return grown
    if len(selection.cells) >= 2:
        swapped = Selection(selection.cells[:-1] + (cell,))
        if lines_within(legal, swapped.cells):
            return swapped
    return selection


def drop(state, legal, selection: Selection):
    """A drag let go: the dragged line is taken, or refused with the engine's reason."""
    action = chosen_action(legal, selection)
    if action is not None:
        return Act(action)
    return Refuse(why_not(state, selection.cells))


def key_press(key: int, state, legal, selection: Selection, hint=None):
    """Enter takes the selection (or, with nothing chosen, the hinted take ``hint``: see
    :func:`take`); Backspace drops the last card chosen."""
    if key in TAKE_KEYS:
        return take(state, legal, selection, hint)
    if key == BACK_KEY and not selection.empty:
        return Select(Selection(selection.cells[:-1]))
    return None


# --- what a take would do ------------------------------------------------------------------
@dataclass(frozen=True)
class Preview:
    """What a take does to the mover's collection, as the engine plays it: ``columns``
    ``{character: (count before, count after)}`` for the columns it touches, ``cancelled``
    ``{character: pairs}``, ``alice`` (she is taken), ``score`` (before, after) if the game
    ended now."""

    columns: dict
    cancelled: dict
    alice: bool
    score: tuple


def preview(state, action) -> Preview | None:
    """The :class:`Preview` of a legal ``action`` (the engine applies it to a copy)."""
    if action is None:
        return None
    player = state.active
    after = state.clone()
    events = after.apply_action(action)
    taken = {card[0] for event in events if isinstance(event, CardsTaken) for card in event.cards}
    columns = {
        character: (
            state.collections[player][character].count,
            after.collections[player][character].count,
        )
        for character in CHARACTERS
        if character in taken
    }
    cancelled = {
        event.character: event.pairs for event in events if isinstance(event, CardsCancelled)
    }
    return Preview(
        columns,
        cancelled,
        ALICE in taken,
        (state.total_points(player), after.total_points(player)),
    )


def previewed_action(legal, selection: Selection, hovered):
    """The take the board previews: the selection with the hovered card added when that is a
    legal line, else the selection when it is one, else the hovered card alone."""
    if hovered is not None and hovered not in selection.cells:
        action = chosen_action(legal, selection.plus(hovered))
        if action is not None:
            return action
    action = chosen_action(legal, selection)
    if action is not None:
        return action
    if selection.empty and hovered is not None:
        return chosen_action(legal, Selection((hovered,)))
    return None


def highlights(state, legal, selection: Selection, hovered) -> dict:
    """What glows for the person now, as :class:`.draw.View` fields: ``selected`` places,
    ``joinable`` (places that may join the selection, or the hovered card's partners),
    ``hovered``, ``links`` (pairs of places to join with a line: the hovered card to its
    partners in each legal line) and ``dimmed`` (cards the hovered one cannot be taken with)."""
    if not legal:
        return {}
    out = {"selected": tuple(selection.cells), "hovered": hovered}
    cards = {
        (row, column)
        for row, places in enumerate(state.table)
        for column, card in enumerate(places)
        if card is not None
    }
    if selection.empty:
        if hovered is not None and hovered in takeable(legal):
            mates = partners(legal, hovered)
            out["joinable"] = mates
            out["links"] = _links(lines_within(legal, [hovered]))
            out["dimmed"] = frozenset(cards - mates - {hovered})
        else:
            out["joinable"] = frozenset()
    else:
        joinable = extensions(legal, selection)
        out["joinable"] = joinable
        out["links"] = (
            _links([TakeCards(tuple(selection.cells))]) if len(selection.cells) > 1 else ()
        )
        out["dimmed"] = frozenset(cards - joinable - set(selection.cells))
    return out


def _links(actions) -> tuple:
    """Neighbouring places along each line, as ``(place, place)`` pairs (each once)."""
    seen = set()
    for action in actions:
        for a, b in itertools.pairwise(action.cells):
            seen.add((a, b))
    return tuple(sorted(seen))


# --- targets and their tooltips ------------------------------------------------------------
def targets(lay: Layout, state, legal, viewer: int, names) -> list:
    """Everything the mouse can point at, most specific first, with tooltips; ``active``
    marks the cards a click may choose now (their tooltips stay quiet: the top bar and the
    panel preview the take)."""
    out = []
    can_take = takeable(legal)
    for row, places in enumerate(state.table):
        for column, card in enumerate(places):
            rect = lay.cell(row, column)
            if card is None:
                out.append(Target(("cell", row, column), rect))
                continue
            tip = () if legal else card_tip(card)
            out.append(
                Target(
                    ("cell", row, column),
                    rect,
                    tooltip=tip,
                    active=(row, column) in can_take,
                )
            )
    for seat in range(state.num_players):
        for index, character in enumerate(CHARACTERS):
            out.append(
                Target(
                    ("column", seat, index),
                    lay.column(seat, index),
                    tooltip=column_tip(state, seat, character, names, viewer),
                )
            )
        out.append(
            Target(
                ("seat", seat),
                lay.header(seat),
                tooltip=seat_tip(state, seat, names, viewer),
            )
        )
    parts = lay.info_parts()
    out.append(Target(("deck",), parts["deck"].union(parts["deck_count"]), tooltip=deck_tip(state)))
    out.append(
        Target(
            ("round",),
            parts["round"].union(parts["turn"]),
            tooltip=round_tip(state, names),
        )
    )
    out.append(
        Target(
            ("legend",),
            lay.legend,
            tooltip=(
                _("A column's worth at the end"),
                _(
                    "Each character column scores by its number of cards: none 5, one 1, two 3, "
                    "three 6, four 10, five or more 15. Alice is worth 4 to whoever holds her at "
                    "the end, and wins them a tie."
                ),
                _("A normal and a mirror card of one character cancel each other."),
            ),
        )
    )
    return out


def card_tip(card) -> tuple:
    """A table card's tooltip: its name and what its side means."""
    if card.is_alice:
        return (
            title(ALICE),
            _(
                "Take her in a line like any card: she is worth 4 points to whoever "
                "holds her at the end, and her holder goes first next round."
            ),
        )
    name = title(card.character)
    if card.side == Side.MIRROR:
        return (
            _("Mirror {character}").format(character=name),
            _("It cancels a normal {character} in the collection of whoever takes it.").format(
                character=name
            ),
        )
    return (
        name,
        _("It cancels a mirror {character} in the collection of whoever takes it.").format(
            character=name
        ),
    )


def column_tip(state, seat: int, character: str, names, viewer: int) -> tuple:
    """A collection column's tooltip: what it holds, what it is worth, what one more makes."""
    column = state.collections[seat][character]
    name = title(character)
    if seat == viewer:
        heading = _("Your {character} column").format(character=name)
    else:
        heading = _("The {character} column of {name}").format(name=names[seat], character=name)
    count = column.count
    if count == 0:
        held = _("Empty: worth 5 points now.")
    else:
        points = column_points(count)
        if column.side == Side.MIRROR:
            held = ngettext(
                "{count} mirror card: worth {points} points now.",
                "{count} mirror cards: worth {points} points now.",
                count,
            )
        else:
            held = ngettext(
                "{count} normal card: worth {points} points now.",
                "{count} normal cards: worth {points} points now.",
                count,
            )
        held = held.format(count=count, points=points)
    grow = _("One more of its side makes {count}, worth {points}.").format(
        count=count + 1, points=column_points(count + 1)
    )
    if column.side is None:
        cancel = _("Its first card decides its side; a card of the other side cancels one.")
    else:
        if column.side == Side.MIRROR:
            cancel = ngettext(
                "A normal one cancels a card: {count} left, worth {points}.",
                "A normal one cancels a card: {count} left, worth {points}.",
                count - 1,
            )
        else:
            cancel = ngettext(
                "A mirror one cancels a card: {count} left, worth {points}.",
                "A mirror one cancels a card: {count} left, worth {points}.",
                count - 1,
            )
        cancel = cancel.format(count=count - 1, points=column_points(count - 1))
    return (heading, held, grow, cancel)


def seat_tip(state, seat: int, names, viewer: int) -> tuple:
    """A panel header's tooltip: the seat's score if the game ended now, and Alice."""
    total = state.total_points(seat)
    lines = [
        ngettext(
            "{name}: {points} point if the game ended now",
            "{name}: {points} points if the game ended now",
            total,
        ).format(name=names[seat], points=total)
    ]
    if state.alice == seat:
        if seat == viewer:
            lines.append(
                _("You hold Alice: 4 points at the end, the first turn next round, and a tie won.")
            )
        else:
            lines.append(
                _(
                    "{name} holds Alice: 4 points at the end, the first turn next round, and a "
                    "tie won."
                ).format(name=names[seat])
            )
    if state.active == seat:
        lines.append(_("Taking cards now."))
    return tuple(lines)


def deck_tip(state) -> tuple:
    """The deck's tooltip: how many cards are left and of which characters, or that it
    is empty."""
    left = sum(state.deck.values())
    if not left:
        return (_("The deck is empty"), _("Every card has been laid out."))
    counts = _(", ").join(
        _("{character} {count}").format(character=title(c), count=state.deck[c])
        for c in CHARACTERS
        if state.deck[c]
    )
    return (
        ngettext("The deck: {count} card", "The deck: {count} cards", left).format(count=left),
        _("Still to come: {counts}. A card's side depends on its place in the layout.").format(
            counts=counts
        ),
    )


def round_tip(state, names) -> tuple:
    """The round's tooltip: which round, who laid it out and how many cards each turn
    may take."""
    first = names[state.first_player] if state.first_player is not None else "—"
    return (
        _("Round {round} of {rounds}").format(round=state.round, rounds=state.rounds),
        _(
            "{name} laid out this round. It ends when the table is empty; whoever took "
            "Alice lays out the next one."
        ).format(name=first),
        _("Turn 1 takes one card (Alice goes in its place), turn 2 one or two, then one to three."),
    )


def hint_cells(state, hint) -> tuple:
    """The places of the hinted take that still hold cards."""
    if not isinstance(hint, TakeCards):
        return ()
    return tuple(
        cell
        for cell in hint.cells
        if 0 <= cell[0] < state.rows
        and 0 <= cell[1] < state.columns
        and state.table[cell[0]][cell[1]] is not None
    )


# --- the top bar -----------------------------------------------------------------------------
def status(state, legal, selection: Selection, hovered, hint=None) -> str:
    """What the person is to do now, in words (the top bar, after their name). Short: it must
    hold one line at 1024 pixels in a language a third longer than English. A hinted take
    still on the table (``hint``) is what Enter takes while nothing is chosen."""
    most = state.most_cards()
    if selection.empty:
        if hovered is None and hint is not None and hint in legal:
            return _("Enter takes the framed hint, or choose your own cards.")
        if hovered is not None and hovered in takeable(legal):
            name = card_name(state.table[hovered[0]][hovered[1]])
            if most == 1:
                return _("click to take {card}; Alice goes in its place.").format(card=name)
            if partners(legal, hovered):
                return _("{card}: click it, or drag a line through the glowing cards.").format(
                    card=name
                )
            return _("{card} has no neighbour left: a click takes it alone.").format(card=name)
        if most == 1:
            return _("take one card (click it); Alice goes in its place.")
        longest = max((len(action.cells) for action in legal), default=0)
        if longest == 1:  # the cards left have no neighbours: the turn allows more, the table not
            if len(legal) == 1:
                return _("take the last card (click it).")
            return _("take one card (click it): no two cards left are side by side.")
        if most == 2 or longest == 2:
            return _("take 1 or 2 cards side by side: click them, or drag across.")
        return _("take 1 to 3 cards in a line: click them, or drag across.")
    if chosen_action(legal, selection) is None:
        return _("click the card between them to make a line.")
    count = len(selection.cells)
    more = bool(extensions(legal, selection))
    if count == 1:
        row, column = selection.cells[0]
        name = card_name(state.table[row][column])
        if more:
            return _("{card} chosen: Enter takes it, or add a glowing card.").format(card=name)
        return _("{card} chosen: Enter takes it.").format(card=name)
    if more:
        return ngettext(
            "{count} card chosen: Enter takes them, or add a glowing card.",
            "{count} cards chosen: Enter takes them, or add a glowing card.",
            count,
        ).format(count=count)
    return ngettext(
        "{count} card chosen: Enter takes them.", "{count} cards chosen: Enter takes them.", count
    ).format(count=count)
