"""Clicks, drags and keys on the Diced Tomatoes table → an intent; no display needed.

Every function here is pure: it takes the state, the person's legal actions (the engine's list)
and the UI :class:`Selection`, and returns what a click means — :class:`Act` (one of the legal
actions, or an action the engine will refuse with its own reason), :class:`Select` (a new
selection and what to tell the player) or :class:`Say` (a sentence) — or None. Nothing here
decides a rule: where a die may go, what karma may change and whether a die is passed all come
from the legal actions. The tooltips' words come from the engine's rules too.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

from engine.diced_tomatoes import OPTIONS, rules
from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.state import COLOUR_NAMES, TOKEN_NAMES
from scenes.kit import Target
from scenes.tables.diced_tomatoes.draw import bushel_counts
from scenes.tables.diced_tomatoes.layout import SLOTS, TOKENS, Layout

END_TURN_KEY = pygame.K_e
PASS_KEY = pygame.K_p


@dataclass(frozen=True)
class Karma:
    """A karma action's button: ``kind`` (as in :meth:`DicedTomatoesState.karma_actions`),
    ``label``, the action class (its cost is the engine's ``KARMA_COSTS``), its ``key``, what
    it targets (``"die"`` or ``"vine"``) and what it does."""

    kind: str
    label: str
    action: type
    key: int
    target: str
    does: str

    @property
    def cost(self) -> int:
        return dt.KARMA_COSTS[self.action]

    @property
    def key_name(self) -> str:
        return pygame.key.name(self.key).upper()


KARMA = (
    Karma("reroll", "Re-roll", dt.Reroll, pygame.K_r, "die", "Re-roll one of your rolled dice."),
    Karma("shift", "Shift ±1", dt.Shift, pygame.K_s, "die",
          "Turn one rolled die up or down by one (no wrap from 6 to 1)."),
    Karma("clean", "Clean vine", dt.CleanVine, pygame.K_c, "vine",
          "Return every die of one of your vines to the bushel."),
    Karma("roll_over", "Roll over", dt.RollOver, pygame.K_o, "die",
          "Turn a rolled 1 into a 6, or a 6 into a 1."),
    Karma("flip", "Flip seed", dt.FlipSeed, pygame.K_f, "vine",
          "Flip a seed to its opposite face (1↔6, 2↔5, 3↔4) if its vine stays a set or a "
          "sequence."),
    Karma("set", "Set a die", dt.SetDie, pygame.K_t, "die", "Turn one rolled die to any face."),
)
"""The karma panel, in order of cost."""
KARMA_BY_KIND = {karma.kind: karma for karma in KARMA}

BADGES = {"golden": "Golden dice", "dicey": "Dicey", "overload": "Overload",
          "update_2023": "2023 update", "open_empty": "Open = empty", "clean_any": "Clean any"}
"""The short label of each variant's badge (the tooltip gives the option's full name)."""


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


@dataclass(frozen=True)
class Act:
    """Apply ``action`` (through the match, which refuses it with the rule if illegal)."""
    action: object


@dataclass(frozen=True)
class ActAll:
    """Apply ``actions`` one after another (passing every die that fits nowhere)."""
    actions: tuple


@dataclass(frozen=True)
class Select:
    """Change the selection to ``selection`` and tell the player ``message``."""
    selection: Selection
    message: str = ""


@dataclass(frozen=True)
class Say:
    """Tell the player ``message`` (nothing else changes)."""
    message: str


# --- what the engine allows, read for the table ---------------------------------------------------
def spots(legal, die: int | None) -> frozenset:
    """``(owner, token)`` where hand slot ``die`` may be placed now."""
    if die is None:
        return frozenset()
    return frozenset((a.owner, a.token) for a in legal if isinstance(a, dt.PlaceDie)
                     and a.die == die)


def passable(legal) -> list:
    """Hand slots that may be passed now (all of them once no die has a spot, else none)."""
    return [a.die for a in legal if isinstance(a, dt.PassDie)]


def karma_options(legal, kind: str) -> dict:
    """The legal karma actions of ``kind`` by target: ``{("die", slot) | ("vine", owner,
    token): [actions]}``."""
    action_class = KARMA_BY_KIND[kind].action
    out: dict = {}
    for action in legal:
        if type(action) is action_class:
            key = ("die", action.die) if hasattr(action, "die") else \
                ("vine", action.owner, action.token)
            out.setdefault(key, []).append(action)
    return out


def die_words(die) -> str:
    """"the red 4" ("the red die" while unrolled)."""
    face = die.face if die.face is not None else "die"
    return f"the {COLOUR_NAMES[die.colour]} {face}"


def choice_label(action) -> str:
    return f"{action.delta:+d}" if isinstance(action, dt.Shift) else str(action.face)


# --- clicks ---------------------------------------------------------------------------------------
def click(key, state, legal, selection: Selection):
    """What a click on the target ``key`` means (None: nothing). ``legal`` is the person's
    legal actions now."""
    if selection.choices:
        if key is None:
            return None
        return Say("Choose the new face on the right (or press its number); Esc cancels.")
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
    if slot in passable(legal):
        where = "set aside for your next turn" if state.solo else "passed to the next player"
        return Select(picked, f"{die_words(state.hand[slot]).capitalize()} fits nowhere: it is "
                              f"{where} (Pass, P) — or spend karma on it first.")
    reason = rules.refusal(state, dt.PassDie(slot)) or "This die fits nowhere yet."
    return Select(picked, f"{die_words(state.hand[slot]).capitalize()} fits nowhere now. "
                          f"{reason}")


def vine_click(owner: int, token: int, state, legal, selection: Selection):
    """A token or vine clicked: the picked-up die goes there (the engine says why not); with
    no die picked up, the one die that fits there, if only one does."""
    if selection.die is not None:
        return Act(dt.PlaceDie(selection.die, owner, token))
    fits = [a for a in legal if isinstance(a, dt.PlaceDie) and a.owner == owner
            and a.token == token]
    if len({a.die for a in fits}) == 1:
        return Act(fits[0])
    if fits:
        return Say("More than one of your dice fits there: click the die first.")
    if any(isinstance(a, dt.PlaceDie) for a in legal):
        return Say("None of your dice fits there: click a die to see where it goes.")
    return None


def karma_click(key, state, legal, selection: Selection):
    """Karma mode: ``key`` (a die or a vine) is the target; one action is taken at once,
    several (a new face to choose) go to the buttons on the right."""
    karma = KARMA_BY_KIND[selection.karma]
    options = karma_options(legal, karma.kind)
    target = None
    if key is not None and key[0] in ("die", "vine"):
        target = key
    found = options.get(target, [])
    if not found:
        what = "die" if karma.target == "die" else "vine"
        return Say(f"{karma.label}: click a glowing {what}, or Esc to cancel.")
    if len(found) == 1:
        return Act(found[0])
    return Select(replace(selection, choices=tuple(found),
                          die=key[1] if key[0] == "die" else None),
                  "Choose the new face on the right (or press its number); Esc cancels.")


def choose_karma(kind: str, state, legal, selection: Selection):
    """A karma button (or its key): choose what it changes next; pressed again, cancel. A die
    already picked up is the target at once when the action may change it."""
    karma = KARMA_BY_KIND[kind]
    if selection.karma == kind:
        return Select(Selection())
    options = karma_options(legal, kind)
    if not options:
        return Say(karma_refusal(karma, state))
    if selection.die is not None and ("die", selection.die) in options:
        return karma_click(("die", selection.die), state, legal,
                           Selection(die=selection.die, karma=kind))
    what = "one of your rolled dice" if karma.target == "die" else "a vine"
    return Select(Selection(karma=kind), f"{karma.label} ({karma.cost} karma): click {what} "
                                         f"(glowing). Right-click or Esc cancels.")


def karma_refusal(karma: Karma, state) -> str:
    """Why a karma action cannot be used now, in plain words."""
    player = state.current_player()
    if player < 0 or state.phase != dt.Phase.TURN:
        return "Karma is spent during your own turn, while you have rolled dice."
    have = state.karma[player]
    if have < karma.cost:
        return f"{karma.label} costs {karma.cost} karma; you have {have}."
    if karma.target == "die":
        return f"{karma.label} needs a rolled die that is not placed yet."
    if karma.kind == "clean":
        return "There is no vine of yours to clean."
    return "No seed can be flipped now: its vine would stop being a set or a sequence."


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
            return Say("A die that has a legal spot must be placed; only dice that fit nowhere "
                       "are passed.")
        return Say("No die is left to pass.")
    return ActAll(tuple(dt.PassDie(slot) for slot in slots))


def end_turn(state, legal):
    if dt.EndTurn() in legal:
        return Act(dt.EndTurn())
    return Say(state.end_turn_refusal() or "You cannot end your turn now.")


# --- keys -----------------------------------------------------------------------------------------
def key_press(key: int, state, legal, selection: Selection):
    """A key on the table: E ends the turn, P passes the dice that fit nowhere, the karma
    letters choose a karma action, 1–6 (or − and +) choose a new face."""
    if selection.choices:
        for action in selection.choices:
            label = choice_label(action)
            keys = {pygame.K_0 + int(label[-1]) if label[-1].isdigit() else None}
            if isinstance(action, dt.Shift):
                keys = {pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS} if action.delta > 0 \
                    else {pygame.K_MINUS, pygame.K_KP_MINUS}
            if key in keys:
                return Act(action)
    if key == END_TURN_KEY:
        return end_turn(state, legal)
    if key == PASS_KEY:
        return pass_all(state, legal)
    for karma in KARMA:
        if key == karma.key:
            return choose_karma(karma.kind, state, legal, selection)
    return None


# --- the buttons of the action row ---------------------------------------------------------------
def choices(state, legal, selection: Selection, names) -> list:
    """The action row's buttons: ``[(label, intent, tooltip, enabled)]`` — the new faces of a
    karma action, the clean-up decision, or Pass and End turn."""
    if selection.choices:
        return [(choice_label(a), Act(a), f"Choose {choice_label(a)} (key "
                 f"{'+/−' if isinstance(a, dt.Shift) else choice_label(a)})", True)
                for a in selection.choices]
    pending = state.pending_cleanup()
    if pending and any(isinstance(a, (dt.ClearVine, dt.KeepVine)) for a in legal):
        owner, token = pending
        value = state.vine_value(owner, token)
        return [("Clear vine", Act(dt.ClearVine(owner, token)),
                 f"Clear your {TOKEN_NAMES[token]} vine worth {value}: its dice go back to the "
                 f"bushel and the token is free.", True),
                ("Keep vine", Act(dt.KeepVine(owner, token)),
                 "Keep it: it stays on its token (a complete vine blocks the token).", True)]
    out = []
    slots = passable(legal)
    if slots:
        if state.solo:
            label, tip = "Set aside", (f"Set {len(slots)} dice that fit nowhere aside: they "
                                       f"come back to you, rolled, next turn. (P)")
        else:
            to = name_of_seat(names, rules.next_player(state))
            label, tip = "Pass dice", (f"Pass the {len(slots)} dice that fit nowhere to {to}, "
                                       f"who rolls them with their own. (P)")
        out.append((label, pass_all(state, legal), tip, True))
    refusal = state.end_turn_refusal() if state.phase == dt.Phase.TURN else None
    out.append(("End turn", end_turn(state, legal),
                refusal or "Finish your turn: overripe vines are cleared, then the next player "
                           "draws. (E)", state.phase == dt.Phase.TURN))
    return out


def name_of_seat(names, seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


# --- the top bar ----------------------------------------------------------------------------------
def status(state, legal, selection: Selection) -> str:
    """What the person is to do now, in words (after their name in the top bar)."""
    pending = state.pending_cleanup()
    if pending and any(isinstance(a, (dt.ClearVine, dt.KeepVine)) for a in legal):
        owner, token = pending
        return (f"your {TOKEN_NAMES[token]} vine is worth {state.vine_value(owner, token)}: "
                f"clear it or keep it?")
    if selection.choices:
        return "choose the new face on the right (or press its number); Esc cancels."
    if selection.karma:
        karma = KARMA_BY_KIND[selection.karma]
        what = "die" if karma.target == "die" else "vine"
        return f"{karma.label}: click a glowing {what} (Esc cancels)."
    if selection.die is not None:
        if spots(legal, selection.die):
            return "click a glowing token or vine (or drag the die there); Esc puts it back."
        if selection.die in passable(legal):
            verb = "set it aside" if state.solo else "pass it"
            return f"this die fits nowhere: {verb} (P), or spend karma on it first."
        return "this die fits nowhere now: place your other dice first."
    if state.rolled_dice():
        if any(isinstance(a, dt.PlaceDie) for a in legal):
            return "click a die, then where it goes — or spend karma (right)."
        verb = "set them aside" if state.solo else "pass them"
        return f"no die fits anywhere: {verb} (P), or spend karma first."
    return "every die is placed: End turn (E)."


# --- targets and their tooltips -------------------------------------------------------------------
def targets(lay: Layout, state, legal, selection: Selection, names, viewer: int,
            humans=()) -> list:
    """Everything the mouse can point at, most specific first, with tooltips; ``active``
    marks what a click may use now."""
    out = []
    mine = bool(legal)
    glowing = spots(legal, selection.die)
    karma_targets = karma_options(legal, selection.karma) if selection.karma else {}
    you = _You(names, viewer, humans)
    for slot, die in enumerate(state.hand):
        if die is None:
            continue
        rolled = isinstance(die, dt.Die)
        active = mine and rolled and (not selection.karma or ("die", slot) in karma_targets)
        out.append(Target(("die", slot), lay.hand_die(slot),
                          tooltip=die_tip(state, legal, slot, names) if rolled else (),
                          active=active))
    for seat in range(state.num_players):
        for token in range(TOKENS):
            active = (seat, token) in glowing or ("vine", seat, token) in karma_targets
            out.append(Target(("vine", seat, token), lay.vine_row(seat, token),
                              tooltip=vine_tip(state, seat, token, you), active=active))
        for slot in range(SLOTS):
            out.append(Target(("slot", seat, slot), lay.slot_rect(seat, slot),
                              tooltip=slot_tip(state, seat, slot, you)))
        parts = lay.header_parts(seat)
        out.append(Target(("score", seat), parts["score"], tooltip=score_tip(state, seat, you)))
        out.append(Target(("karma", seat), lay.karma_track(seat),
                          tooltip=karma_tip(state, seat, you)))
        if state.last_player == seat:
            out.append(Target(("marker", seat), parts["marker"], tooltip=(
                "Last player",
                f"{you.name(seat)} {you.verb(seat, 'holds', 'hold')} the ketchup splatter: once "
                f"someone harvests a 6th tomato, the game ends after "
                f"{you.whose(seat)} turn.")))
        if "bits" in parts:
            out.append(Target(("bits", seat), parts["bits"], tooltip=(
                f"Karma bits: {state.bits[seat]} of 3",
                "Karma Overload: a bit for each die placed on an opponent's vine and each die "
                "passed on; 3 bits make 1 karma.")))
    for index, (rect, tip) in enumerate(zip(lay.badge_rects(), badge_tips(state),
                                            strict=True)):
        out.append(Target(("badge", index), rect, tooltip=tip))
    out.append(Target(("passed",), lay.passed_zone, tooltip=passed_tip(state, you)))
    out.append(Target(("bushel",), lay.bushel, tooltip=(
        f"Bushel: {state.bushel_size()} dice", bushel_counts(state) + ".",
        "Each turn starts by drawing 3 dice from it; the game ends when it is empty at the "
        "start of a turn.")))
    return out


def badge_options(state) -> list:
    """The variants that are on, as the engine's option specs, in the registry's order."""
    return [option for option in OPTIONS if state.options.get(option.name)]


STANDARD = ("Standard rules", "No variant is on: the rules as printed.")


def badge_labels(state) -> tuple:
    """The badges' labels for the variants that are on ("Standard rules" for none)."""
    return tuple(BADGES[option.name] for option in badge_options(state)) or (STANDARD[0],)


def badge_tips(state) -> list:
    """Each badge's tooltip, in the order of :func:`badge_labels`."""
    options = badge_options(state)
    if not options:
        return [("Variants", STANDARD[1])]
    return [(f"Variant: {option.label}", option.description) for option in options]


class _You:
    """Names for tooltips: "your" for the viewer when a person plays it, else the seat's
    name."""

    def __init__(self, names, viewer: int, humans):
        self.names, self.viewer, self.humans = tuple(names), viewer, tuple(humans)

    def you(self, seat: int) -> bool:
        return seat == self.viewer and seat in self.humans

    def name(self, seat: int) -> str:
        return "You" if self.you(seat) else name_of_seat(self.names, seat)

    def whose(self, seat: int) -> str:
        return "your" if self.you(seat) else f"{name_of_seat(self.names, seat)}'s"

    def verb(self, seat: int, third: str, second: str) -> str:
        return second if self.you(seat) else third


def die_tip(state, legal, slot: int, names) -> tuple:
    die = state.hand[slot]
    title = f"{COLOUR_NAMES[die.colour].capitalize()} {die.face}"
    places = spots(legal, slot)
    if places:
        count = len(places)
        what = (f"Fits {count} spot{'s' if count > 1 else ''}: click it, then a glowing token "
                f"or vine — or drag it there.")
    elif slot in passable(legal):
        to = "is set aside for your next turn" if state.solo else \
            f"goes to {name_of_seat(names, rules.next_player(state))}"
        what = f"Fits nowhere: it {to} (Pass, P)."
    elif legal:
        what = "Fits nowhere now; place your other dice first (passing comes last)."
    else:
        what = "Waiting to be placed."
    return (title, what)


def vine_tip(state, seat: int, token: int, you: _You) -> tuple:
    """What hovering a token tells: its vine, how it is drawn, its value, what it takes next
    and what completing it does — or why an empty token is closed (DT-D3)."""
    vine = state.vines[seat][token]
    where = f"{TOKEN_NAMES[token]}"
    if not vine:
        title = f"{you.whose(seat).capitalize()} {where} token"
        if state.token_open(seat, token):
            return (title, "Empty and open: a red die may start a vine here as its seed.")
        if rules.score_track_full(state, seat):
            return (title, "Closed: the score track is full.")
        return (title, "Closed: harvests plus vines already fill the 6 score slots (nobody "
                       "holds more vines than free slots).")
    title = f"{you.whose(seat).capitalize()} {where} vine"
    kind = rules.vine_kind(vine)
    value = rules.vine_value(vine)
    faces = ", ".join(str(vine[k].face) for k, _ in _order(vine))
    blacks = sum(1 for die in vine if die.colour == "b")
    golds = sum(1 for die in vine if die.colour == "g")
    extra = "".join([f", −{blacks} for black" if blacks else "",
                     f", +{golds} for gold" if golds else ""])
    shape = {"seed": "A lone seed", "set": "A set (a stack of equal faces)",
             "sequence": "A sequence (in order of value)"}[kind]
    lines = [title, f"{shape}: {faces}; seed {vine[0].face}{extra}: worth {value}."]
    if len(vine) == 4:
        if rules.is_overripe(value):
            lines.append("Complete but overripe (more than 6): cleared at the end of the turn.")
        else:
            lines.append("Complete but worth 0 or less: its owner may clear it at the end of "
                         "the turn.")
        return tuple(lines)
    faces_next = rules.accepted_faces(vine)
    if faces_next and not rules.score_track_full(state, seat):
        words = " or ".join(str(face) for face in faces_next)
        lines.append(f"Takes a {words} next ({4 - len(vine)} more to complete).")
    if not rules.is_harvestable(value):
        lines.append("At this value it cannot be harvested (only 1 to 6).")
    elif state.solo:
        slot = len(state.score[seat]) + 1
        aim = "matches" if rules.slot_matches(slot, value) else "would miss"
        lines.append(f"Completed now, it is harvested into slot {slot} and {aim} its target.")
    else:
        karma = rules.karma_for_harvest(value, state.options["overload"])
        slot = len(state.score[seat]) + 1
        owner = "you" if you.you(seat) else name_of_seat(you.names, seat)
        lines.append(f"Completed, it goes to {you.whose(seat)} score slot {slot}; completing "
                     f"it earns {karma} karma for anyone but {owner}.")
    return tuple(lines)


def _order(vine) -> list:
    """The vine's dice in drawing order (:func:`draw.vine_places` without the geometry)."""
    if rules.vine_kind(vine) == "set":
        return [(k, None) for k in range(len(vine))]
    return [(k, None) for k in sorted(range(len(vine)), key=lambda k: vine[k].face)]


def slot_tip(state, seat: int, slot: int, you: _You) -> tuple:
    number = slot + 1
    track = state.score[seat]
    title = f"{you.whose(seat).capitalize()} score slot {number}"
    if slot >= len(track):
        if state.solo:
            return (title, f"Empty: the goal is a harvest worth exactly {number} here.")
        if state.options["dicey"]:
            points = rules.harvest_points(state, number, number)
            return (title, f"Empty. Dicey Tomato Rules: a harvest worth {number} here scores "
                           f"{points} and earns a gold star.")
        return (title, "Empty: harvests fill the score slots in order.")
    value = track[slot]
    if state.solo:
        if rules.slot_matches(number, value):
            return (title, f"Holds a {value}: it matches its number (1 point).")
        return (title, f"Holds a {value}: it misses its target (a {number}) for good.")
    points = rules.running_score(state, seat)["slot_points"][slot]
    if points != value:
        return (title, f"Holds a {value}, matching its number: it scores {points} (Dicey "
                       f"Tomato Rules) and earns a gold star.")
    return (title, f"Holds a {value}: it scores {value}.")


def score_tip(state, seat: int, you: _You) -> tuple:
    score = rules.running_score(state, seat)
    if state.solo:
        missed = score["missed"]
        lines = [f"{score['total']} of 6 slots matched so far",
                 "Single player: a point for each slot harvested with exactly its number; "
                 "6 harvests win."]
        if missed:
            lines.append("Missed for good: slot " + ", ".join(map(str, missed)) + ".")
        return tuple(lines)
    parts = [f"tomatoes {score['tomatoes']}"]
    if score["dicey_bonus"]:
        parts.append(f"Dicey matches +{score['dicey_bonus']}")
    if score["first_six"]:
        parts.append(f"first to six +{score['first_six']}")
    end = rules.score_parts(state, seat)
    later = [f"karma +{end['karma']} (1 per 2 unused)"]
    if state.options["dicey"]:
        later.append(f"red dice on vines +{end['red_dice']} (1 per 3)")
    else:
        later.append(f"{rules.THREE_DICE_VINES} +{end['vines']}")
    return (f"{you.name(seat)}: {score['total']} points so far", ", ".join(parts) + ".",
            "At the end also " + ", ".join(later) + f": {end['total']} if it ended now.")


def karma_tip(state, seat: int, you: _You) -> tuple:
    cap = "up to 12 during your own turn (2023 update), 6 after it" if \
        state.options["update_2023"] else "up to 6; more is lost"
    earn = ("Earned by completing your own vines (single player)." if state.solo else
            "Earned by completing an opponent's vine: worth 1–2 → 1, 3–4 → 2, 5–6 → 3" +
            (" (Karma Overload: its value)." if state.options["overload"] else "."))
    return (f"{you.whose(seat).capitalize()} karma: {state.karma[seat]}", earn,
            "Spend it in your turn: 1 re-roll, 2 shift, 3 clean a vine, 4 roll over, 5 flip a "
            f"seed, 6 set a die. Karma goes {cap}; at the end 1 point per 2 unused.")


def passed_tip(state, you: _You) -> tuple:
    count = len(state.passed)
    if state.solo:
        return ("Set aside", f"{count} dice that fit nowhere come back to you, rolled, next "
                             f"turn." if count else "Dice that fit nowhere wait here for your "
                                                    "next turn.")
    if state.active is None:
        return ()
    to = rules.next_player(state)
    who = "you" if you.you(to) else name_of_seat(you.names, to)
    return (f"Passed to {who}", f"{count} dice that fit nowhere: rolled with {who}'s dice "
                                f"next turn." if count and who != "you" else
            f"Dice that fit nowhere go to {who}, rolled with the next turn's dice.")


def hint_rects(lay: Layout, state, hint) -> list:
    """Where the hinted action ``hint`` is on the board (rects to frame; may be empty)."""
    if hint is None:
        return []
    out = []
    die = getattr(hint, "die", None)
    if die is not None and die < len(state.hand):
        out.append(lay.hand_die(die))
    owner = getattr(hint, "owner", None)
    if owner is not None and 0 <= owner < state.num_players:
        out.append(lay.vine_row(owner, hint.token))
    return out

