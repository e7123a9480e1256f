"""Clicks, drags, keys and buttons on the Diced Tomatoes table → an intent; no display needed.

Every function here is pure: it takes the state, the person's legal actions (the engine's list)
and the UI :class:`Selection`, and returns what a click means — :class:`Act` (one of the legal
actions, or an action the engine will refuse with its own reason), :class:`Select` (a new
selection and what to tell the player) or :class:`Say` (a sentence) — or None. Nothing here
decides a rule: where a die may go, what karma may change and whether a die is passed all come
from the legal actions. The buttons on the right and the top bar's words are worked out here
too; what the mouse points at and its tooltip is :mod:`.tips`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from engine.diced_tomatoes import rules
from engine.diced_tomatoes import state as dt
from scenes.kit import with_key
from scenes.table.protocol import Act, ActAll, Button, Refuse, Row, Say, Select
from scenes.tables.diced_tomatoes.layout import Layout
from scenes.tables.diced_tomatoes.words import colour_word, name_of_seat, token_word
from translation import N_, _, ngettext

END_TURN_KEY = pygame.K_e
PASS_KEY = pygame.K_p


@dataclass(frozen=True)
class Karma:
    """A karma action's button: ``kind`` (as in :meth:`DicedTomatoesState.karma_actions`),
    ``name`` (its English label, translated by :attr:`label`), the action class (its cost is
    the engine's ``KARMA_COSTS``), its ``key``, what it targets (``"die"`` or ``"vine"``) and
    ``text``, what it does (translated by :attr:`does`)."""

    kind: str
    name: str
    action: type
    key: int
    target: str
    text: str

    @property
    def cost(self) -> int:
        return dt.KARMA_COSTS[self.action]

    @property
    def key_name(self) -> str:
        return pygame.key.name(self.key).upper()

    @property
    def label(self) -> str:
        """The button's words, translated."""
        return _(self.name)

    @property
    def does(self) -> str:
        """What the action does, translated."""
        return _(self.text)


KARMA = (
    Karma(
        "reroll",
        N_("Re-roll"),
        dt.Reroll,
        pygame.K_r,
        "die",
        N_("Re-roll one of your rolled dice."),
    ),
    Karma(
        "shift",
        N_("Shift ±1"),
        dt.Shift,
        pygame.K_s,
        "die",
        N_("Turn one rolled die up or down by one (no wrap from 6 to 1)."),
    ),
    Karma(
        "clean",
        N_("Clean vine"),
        dt.CleanVine,
        pygame.K_c,
        "vine",
        N_("Return every die of one of your vines to the bushel."),
    ),
    Karma(
        "roll_over",
        N_("Roll over"),
        dt.RollOver,
        pygame.K_o,
        "die",
        N_("Turn a rolled 1 into a 6, or a 6 into a 1."),
    ),
    Karma(
        "flip",
        N_("Flip seed"),
        dt.FlipSeed,
        pygame.K_f,
        "vine",
        N_(
            "Flip a seed to its opposite face (1↔6, 2↔5, 3↔4) if its vine stays a set or a "
            "sequence."
        ),
    ),
    Karma(
        "set", N_("Set a die"), dt.SetDie, pygame.K_t, "die", N_("Turn one rolled die to any face.")
    ),
)
"""The karma panel, in order of cost."""
KARMA_BY_KIND = {karma.kind: karma for karma in KARMA}


def karma_does(karma: Karma, options) -> str:
    """What ``karma`` does under the game's ``options`` (Clean any: any player's vine)."""
    if karma.kind == "clean" and options.get("clean_any"):
        return _("Return every die of any player's vine to the bushel.")
    return karma.does


def karma_button_label(karma: Karma) -> str:
    """A karma button's words, "Re-roll  (1)" (the column fits them: :func:`chrome.row_labels`)."""
    return _("{action}  ({cost})").format(action=karma.label, cost=karma.cost)


@dataclass(frozen=True)
class Selection:
    """A half-made choice: ``die`` (the hand slot picked up), ``karma`` (the kind of karma
    action whose target is to be clicked), ``choices`` (the karma actions left to choose
    among: the new face of Set a die, the direction of a shift)."""

    die: int | None = None
    karma: str | None = None
    choices: tuple = ()

    @property
    def empty(self) -> bool:
        return self == Selection()


# --- what the engine allows, read for the table ---------------------------------------------------
def spots(legal, die: int | None) -> frozenset:
    """``(owner, token)`` where hand slot ``die`` may be placed now."""
    if die is None:
        return frozenset()
    return frozenset(
        (a.owner, a.token) for a in legal if isinstance(a, dt.PlaceDie) and a.die == die
    )


def glow(legal, selection: Selection) -> tuple:
    """What glows for ``selection``: ``(spots, karma dice, karma vines)`` — the spots of the
    die picked up (and the vine whose owner is to clear or keep it); or, choosing a karma
    action's target, the dice and vines it may change; or, choosing a new face, only the die
    being changed."""
    if selection.choices:
        return frozenset(), frozenset({selection.die} - {None}), frozenset()
    if selection.karma:
        options = karma_options(legal, selection.karma)
        return (
            frozenset(),
            frozenset(k[1] for k in options if k[0] == "die"),
            frozenset((k[1], k[2]) for k in options if k[0] == "vine"),
        )
    deciding = frozenset(
        (a.owner, a.token)
        for a in legal
        if isinstance(a, dt.ClearVine) and dt.KeepVine(a.owner, a.token) in legal
    )
    return spots(legal, selection.die), frozenset(), deciding  # clear it or keep it?


def passable(legal) -> list:
    """Hand slots that may be passed now (all of them once no die has a spot, else none)."""
    return [a.die for a in legal if isinstance(a, dt.PassDie)]


def karma_options(legal, kind: str) -> dict:
    """The legal karma actions of ``kind`` by target: ``{("die", slot) | ("vine", owner,
    token): [actions]}``."""
    action_class = KARMA_BY_KIND[kind].action
    out: dict[tuple, list[dt.Action]] = {}
    for action in legal:
        if type(action) is not action_class:
            continue
        if isinstance(action, (dt.CleanVine, dt.FlipSeed)):
            out.setdefault(("vine", action.owner, action.token), []).append(action)
        elif isinstance(action, (dt.Reroll, dt.Shift, dt.RollOver, dt.SetDie)):
            out.setdefault(("die", action.die), []).append(action)
    return out


def die_words(die) -> str:
    """ "the red 4" ("the red die" while unrolled)."""
    if die.face is None:
        return _("the {colour} die").format(colour=colour_word(die.colour))
    return _("the {colour} {face}").format(colour=colour_word(die.colour), face=die.face)


def choice_label(action) -> str:
    """A new-face button's label: "−1"/"+1" for Shift, the face for Set a die."""
    if isinstance(action, dt.Shift):
        return "+1" if action.delta > 0 else "−1"
    return str(action.face)


SHIFT_KEYS = {
    1: ({pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS}, "+"),
    -1: ({pygame.K_MINUS, pygame.K_KP_MINUS}, "−"),
}
"""Shift's direction → (the keys that choose it, the key's name as shown)."""


def choice_keys(action) -> set:
    """The keys that choose a new-face button: − or + for Shift, the face's digit (on the
    main row or the keypad) for Set a die."""
    if isinstance(action, dt.Shift):
        return SHIFT_KEYS[action.delta][0]
    return {pygame.K_0 + action.face, getattr(pygame, f"K_KP_{action.face}")}


def choice_prompt(selection: Selection, status: bool = False) -> str:
    """What the top bar says while new-face buttons wait (``status``: the line after the
    player's name, which starts in lower case): the buttons and keys really shown."""
    if any(isinstance(action, dt.Shift) for action in selection.choices):
        if status:
            return _("choose −1 or +1 on the right (or press − or +); Esc cancels.")
        return _("Choose −1 or +1 on the right (or press − or +); Esc cancels.")
    if status:
        return _("choose the new face on the right (or press its number); Esc cancels.")
    return _("Choose the new face on the right (or press its number); Esc cancels.")


# --- clicks ---------------------------------------------------------------------------------------
def click(key, state, legal, selection: Selection):
    """What a click on the target ``key`` means (None: nothing). ``legal`` is the person's
    legal actions now."""
    if selection.choices:
        if key is None:
            return None
        return Say(choice_prompt(selection))
    if selection.karma:
        return karma_click(key, state, legal, selection)
    if key is None:
        return None
    kind = key[0]
    if kind == "die":
        return die_click(key[1], state, legal, selection)
    if kind == "vine":
        return vine_click(key[1], key[2], state, legal, selection)
    return None


def die_click(slot: int, state, legal, selection: Selection):
    """A die in the tray clicked: it is picked up (its spots glow), or put back."""
    if slot >= len(state.hand) or not isinstance(state.hand[slot], dt.Die):
        return None
    if selection.die == slot:
        return Select(Selection())
    picked = Selection(die=slot)
    if spots(legal, slot):
        return Select(picked)
    die = die_words(state.hand[slot])
    if slot in passable(legal):
        if state.solo:
            words = _(
                "{die} fits nowhere: set it aside for your next turn (Set aside, P) — or "
                "spend karma on it first."
            )
        else:
            words = _(
                "{die} fits nowhere: pass it to the next player (Pass dice, P) — or "
                "spend karma on it first."
            )
        return Select(picked, capital(words.format(die=die)))
    reason = rules.refusal(state, dt.PassDie(slot)) or _("This die fits nowhere yet.")
    return Select(
        picked, capital(_("{die} fits nowhere now. {reason}").format(die=die, reason=reason))
    )


def capital(text: str) -> str:
    """``text`` with its first letter a capital (the rest unchanged)."""
    return text[:1].upper() + text[1:]


def vine_click(owner: int, token: int, state, legal, selection: Selection):
    """A token or vine clicked: the picked-up die goes there (the engine says why not); with
    no die picked up, the one die that fits there, if only one does (or only twins do: the
    same colour and face, so either makes the same move)."""
    if selection.die is not None:
        return Act(dt.PlaceDie(selection.die, owner, token))
    fits = [
        a for a in legal if isinstance(a, dt.PlaceDie) and a.owner == owner and a.token == token
    ]
    if len({state.hand[a.die] for a in fits}) == 1:  # one die, or twins: either is the same
        return Act(fits[0])
    if fits:
        return Say(_("More than one of your dice fits there: click the die first."))
    if any(isinstance(a, dt.PlaceDie) for a in legal):
        return Say(_("None of your dice fits there: click a die to see where it goes."))
    return None


def karma_click(key, state, legal, selection: Selection):
    """Karma mode: ``key`` (a die or a vine) is the target; one action is taken at once,
    several (a new face to choose) go to the buttons on the right."""
    if selection.karma is None:
        return None  # not aiming a karma action
    karma = KARMA_BY_KIND[selection.karma]
    options = karma_options(legal, karma.kind)
    target = None
    if key is not None and key[0] in ("die", "vine"):
        target = key
    found = options.get(target, [])
    if not found:
        words = (
            _("{action}: click a glowing die, or Esc to cancel.")
            if karma.target == "die"
            else _("{action}: click a glowing vine, or Esc to cancel.")
        )
        return Say(words.format(action=karma.label))
    if len(found) == 1:
        return Act(found[0])
    choosing = replace(selection, choices=tuple(found), die=key[1] if key[0] == "die" else None)
    return Select(choosing, choice_prompt(choosing))


def choose_karma(kind: str, state, legal, selection: Selection):
    """A karma button (or its key): choose what it changes next; pressed again, cancel. A die
    already picked up is the target at once when the action may change it."""
    karma = KARMA_BY_KIND[kind]
    if selection.karma == kind:
        return Select(Selection())
    options = karma_options(legal, kind)
    if not options:
        return Refuse(karma_refusal(karma, state))
    if selection.die is not None and ("die", selection.die) in options:
        return karma_click(
            ("die", selection.die), state, legal, Selection(die=selection.die, karma=kind)
        )
    words = (
        _(
            "{action} ({cost} karma): click one of your rolled dice (glowing). Right-click "
            "or Esc cancels."
        )
        if karma.target == "die"
        else _("{action} ({cost} karma): click a vine (glowing). Right-click or Esc cancels.")
    )
    return Select(Selection(karma=kind), words.format(action=karma.label, cost=karma.cost))


def karma_refusal(karma: Karma, state) -> str:
    """Why a karma action cannot be used now, in plain words."""
    player = state.current_player()
    if player < 0 or state.phase != dt.Phase.TURN:
        return _("Karma is spent during your own turn, while you have rolled dice.")
    have = state.karma[player]
    if have < karma.cost:
        return _("{action} costs {cost} karma; you have {have}.").format(
            action=karma.label, cost=karma.cost, have=have
        )
    if karma.target == "die":
        return _("{action} needs a rolled die that is not placed yet.").format(action=karma.label)
    if karma.kind == "clean":
        return _("There is no vine of yours to clean.")
    return _("No seed can be flipped now: its vine would stop being a set or a sequence.")


def drop(die: int, key, legal):
    """A dragged die dropped on ``key``: onto a vine (the engine says why not)."""
    if key and key[0] == "vine":
        return Act(dt.PlaceDie(die, key[1], key[2]))
    return None


def pass_all(state, legal):
    """Pass (solo: set aside) every die with no legal spot, once none has one."""
    slots = passable(legal)
    if not slots:
        if any(isinstance(a, dt.PlaceDie) for a in legal):
            if state.solo:
                return Refuse(
                    _(
                        "A die that has a legal spot must be placed; only dice that fit "
                        "nowhere are set aside."
                    )
                )
            return Refuse(
                _(
                    "A die that has a legal spot must be placed; only dice that fit "
                    "nowhere are passed."
                )
            )
        return Refuse(
            _("No die is left to set aside.") if state.solo else _("No die is left to pass.")
        )
    return ActAll(tuple(dt.PassDie(slot) for slot in slots))


def end_turn(state, legal):
    """End turn (button or E): act when the engine allows it; when every die left fits
    nowhere, pass them (solo: set them aside) and end, as the player means (rules, "A turn":
    such dice must be passed anyway); else refuse with the engine's reason (a die that fits
    must be placed first)."""
    if dt.EndTurn() in legal:
        return Act(dt.EndTurn())
    slots = passable(legal)
    if slots:
        return ActAll((*(dt.PassDie(slot) for slot in slots), dt.EndTurn()))
    return Refuse(state.end_turn_refusal() or _("You cannot end your turn now."))


# --- keys -----------------------------------------------------------------------------------------
def key_press(key: int, state, legal, selection: Selection):
    """A key on the table: E ends the turn, P passes the dice that fit nowhere, the karma
    letters choose a karma action, 1–6 (or − and +) choose a new face."""
    if selection.choices:
        for action in selection.choices:
            if key in choice_keys(action):
                return Act(action)
    if key == END_TURN_KEY:
        return end_turn(state, legal)
    if key == PASS_KEY:
        return pass_all(state, legal)
    for karma in KARMA:
        if key == karma.key:
            return choose_karma(karma.kind, state, legal, selection)
    return None


# --- the buttons ---------------------------------------------------------------------------------
def karma_rows(state, legal, selection: Selection, playing: bool) -> list[Row]:
    """The karma panel: three rows of two buttons (none while not ``playing``: a replay, the
    game over), each enabled while the engine offers its action. The karma being aimed shows
    Cancel."""
    rows = []
    for index in range(0, len(KARMA), 2):
        buttons = []
        for karma in KARMA[index : index + 2]:
            label = _("Cancel") if selection.karma == karma.kind else karma_button_label(karma)
            tip = (
                _("{action}: {cost} karma ({key})").format(
                    action=karma.label, cost=karma.cost, key=karma.key_name
                ),
                karma_does(karma, state.options),
            )
            enabled = playing and bool(karma_options(legal, karma.kind))
            buttons.append(Button("karma:" + karma.kind, label, tip, enabled))
        rows.append(Row(tuple(buttons) if playing else (), 34))
    return rows


def choices(state, legal, selection: Selection, names) -> list:
    """The action row's buttons: ``[(label, intent, tooltip, enabled)]`` — the new faces of a
    karma action, the clean-up decision, or Pass and End turn."""
    if selection.choices:
        return [
            (
                choice_label(a),
                Act(a),
                _("Choose {face} (key {key})").format(
                    face=choice_label(a),
                    key=SHIFT_KEYS[a.delta][1] if isinstance(a, dt.Shift) else choice_label(a),
                ),
                True,
            )
            for a in selection.choices
        ]
    pending = state.pending_cleanup()
    if pending and any(isinstance(a, (dt.ClearVine, dt.KeepVine)) for a in legal):
        owner, token = pending
        value = state.vine_value(owner, token)
        return [
            (
                _("Clear vine"),
                Act(dt.ClearVine(owner, token)),
                _(
                    "Clear your {token} vine worth {value}: its dice go back to the bushel and "
                    "the token is free."
                ).format(token=token_word(token), value=value),
                True,
            ),
            (
                _("Keep vine"),
                Act(dt.KeepVine(owner, token)),
                _("Keep it: it stays on its token (a complete vine blocks the token)."),
                True,
            ),
        ]
    out = []
    slots = passable(legal)
    if slots:
        count = len(slots)
        if state.solo:
            label = _("Set aside")
            tip = ngettext(
                "Set the die that fits nowhere aside: it comes back to you, rolled, next turn. (P)",
                "Set the {count} dice that fit nowhere aside: they come back to "
                "you, rolled, next turn. (P)",
                count,
            ).format(count=count)
        else:
            label = _("Pass dice")
            tip = ngettext(
                "Pass the die that fits nowhere to {name}, who rolls it with their own. (P)",
                "Pass the {count} dice that fit nowhere to {name}, who rolls them "
                "with their own. (P)",
                count,
            ).format(count=count, name=name_of_seat(names, rules.next_player(state)))
        out.append((label, pass_all(state, legal), tip, True))
    refusal = state.end_turn_refusal() if state.phase == dt.Phase.TURN else None
    if slots:
        refusal = None
        finish = (
            _("Set aside the dice that fit nowhere and finish your turn. (E)")
            if state.solo
            else _("Pass the dice that fit nowhere to {name} and finish your turn. (E)").format(
                name=name_of_seat(names, rules.next_player(state))
            )
        )
    else:
        finish = _("Finish your turn: overripe vines are cleared, then the next player draws. (E)")
    out.append(
        (
            end_turn_label(),
            end_turn(state, legal),
            (with_key(refusal, "E") if refusal else None) or finish,
            state.phase == dt.Phase.TURN,
        )
    )
    return out


def end_turn_label() -> str:
    """The End turn button's label, in the language in use."""
    return _("End turn")


# --- the top bar ----------------------------------------------------------------------------------
def status(state, legal, selection: Selection) -> str:
    """What the person is to do now, in words (after their name in the top bar)."""
    pending = state.pending_cleanup()
    if pending and any(isinstance(a, (dt.ClearVine, dt.KeepVine)) for a in legal):
        owner, token = pending
        return _("your {token} vine is worth {value}: clear it or keep it?").format(
            token=token_word(token), value=state.vine_value(owner, token)
        )
    if selection.choices:
        return choice_prompt(selection, status=True)
    if selection.karma:
        aimed = KARMA_BY_KIND[selection.karma]
        words = (
            _("{action}: click a glowing die (Esc cancels).")
            if aimed.target == "die"
            else _("{action}: click a glowing vine (Esc cancels).")
        )
        return words.format(action=aimed.label)
    # karma is offered only when some karma action is affordable now (play-test: "or spend
    # karma first" with no karma left)
    karma = any(type(action) in dt.KARMA_COSTS for action in legal)
    if selection.die is not None:
        if spots(legal, selection.die):
            return _("click a glowing token or vine (or drag the die there); Esc puts it back.")
        if selection.die in passable(legal):
            if not karma:
                return (
                    _("this die fits nowhere: set it aside (P).")
                    if state.solo
                    else _("this die fits nowhere: pass it (P).")
                )
            return (
                _("this die fits nowhere: set it aside (P), or spend karma on it first.")
                if state.solo
                else _("this die fits nowhere: pass it (P), or spend karma on it first.")
            )
        return _("this die fits nowhere now: place your other dice first.")
    if state.rolled_dice():
        if any(isinstance(a, dt.PlaceDie) for a in legal):
            if not karma:
                return _("click a die, then where it goes.")
            return _("click a die, then where it goes — or spend karma (right).")
        if not karma:
            return (
                _("no die fits anywhere: set them aside (P).")
                if state.solo
                else _("no die fits anywhere: pass them (P).")
            )
        return (
            _("no die fits anywhere: set them aside (P), or spend karma first.")
            if state.solo
            else _("no die fits anywhere: pass them (P), or spend karma first.")
        )
    if state.passed and state.solo:
        return ngettext(
            "every die is placed or set aside ({count} for your next turn): End turn (E).",
            "every die is placed or set aside ({count} for your next turn): End turn (E).",
            len(state.passed),
        ).format(count=len(state.passed))
    if state.passed:
        return ngettext(
            "every die is placed or passed ({count} passed to the next player): End turn (E).",
            "every die is placed or passed ({count} passed to the next player): End turn (E).",
            len(state.passed),
        ).format(count=len(state.passed))
    return _("every die is placed: End turn (E).")


def hint_rects(lay: Layout, state, hint) -> list:
    """Where the hinted action ``hint`` is on the board (rects to frame; may be empty)."""
    if hint is None:
        return []
    out = []
    die = getattr(hint, "die", None)
    if die is not None and die < len(state.hand):
        out.append(lay.hand_die_of(state.hand, die))
    owner = getattr(hint, "owner", None)
    if owner is not None and 0 <= owner < state.num_players:
        out.append(lay.vine_row(owner, hint.token))
    return out
