"""The rules of Diced Tomatoes, as ``rules/diced_tomatoes.md`` states them.

Read this module top to bottom to learn the game.

The game in one paragraph
-------------------------
Everybody shares a **bushel** of dice (11 red and 2 black per player, plus 1 gold per player with
Sunny Golden Hybrid). Each player has 3 **tomato tokens**. On your turn you draw 3 dice from the
bushel (plus any dice passed to you), roll them, and place every one somewhere: as a **seed** on an
empty *open* token of *any* player, or added to any player's **vine** so that the vine stays a
**set** (all the same face) or a **sequence** (distinct consecutive faces). A vine is complete with
its 4th die; if its **value** (seed face, −1 per black die, +1 per gold die) is 1–6 its owner
**harvests** it at once: the seed moves to the owner's next **score slot**, the other dice go back
to the bushel. Completing an *opponent's* vine earns you **karma**, which you spend during your turn
to bend the dice (re-roll, shift, roll over, set), clean one of your vines or flip a seed.
Passing comes last: only when no die in your hand has a legal spot are the rest **passed** to the
next player (placing one die can open a spot for another). At the end of the turn overripe vines (worth
more than 6) are cleared and the owners of vines worth 0 or less decide whether to clear them. The
first 6th harvest starts the final round; the highest score wins.

How the code is laid out
------------------------
* Setup and the first-player roll: :func:`setup`, :func:`_apply_start_roll`.
* Placement: :func:`vine_kind`, :func:`fits`, :func:`token_open`, :func:`die_targets`.
* Value and harvest: :func:`vine_value`, :func:`_complete_vine`.
* Karma: :func:`karma_for_harvest`, :func:`karma_cap`, :func:`_gain_karma`, :func:`_gain_bit`
  and the six spending actions in :func:`_karma_refusal` / :func:`_apply_karma`.
* A turn: :func:`_start_turn`, draws and rolls (:func:`chance_outcomes`), placement, passing,
  :func:`end_turn_refusal`, clean-up (:func:`_end_turn`, :func:`_after_cleanup`).
* The end and the score: :func:`_end_game`, :func:`score_sheet`.

Where the sources are silent (numbered decisions of the rules file)
------------------------------------------------------------------
* DT-D1 ties in the first-player roll re-roll among the tied (:func:`_apply_start_roll`).
* DT-D2 draws are chance nodes weighted by the colours left (:func:`chance_outcomes`).
* DT-D3 a token is open while harvests + vines < 6; option "open = empty" (:func:`token_open`).
  With that option a player whose score track is full takes no more dice at all.
* DT-D4 a complete vine worth ≤ 0 or ≥ 7 is not harvested and earns no karma
  (:func:`_complete_vine`); clean-up deals with it.
* DT-D5 the owner of a vine worth ≤ 0 decides at clean-up: the actions ``ClearVine`` /
  ``KeepVine`` are taken by that owner (``current_player()`` is the owner, the turn still
  belongs to the active player).
* DT-D6 karma bits: every die placed on an opponent's vine and every die passed (in solo, a
  passed die comes back to you and still earns its bit) (:func:`_gain_bit`).
* DT-D7 karma 0–6, excess lost; DT-D12 up to 12 inside your turn (:func:`karma_cap`).
* DT-D8 shift ±1 without wrap; DT-D9 clean your own vines (option: any);
  DT-D10 flip any seed whose vine stays a set or sequence (:func:`_karma_refusal`). A complete
  vine can never pass that test, so flips only touch growing vines.
* DT-D11 tied totals share the win (:func:`score_sheet`).
* Solo: the single player needs no first-player roll; they are first and last player. The game
  always ends: with an empty bushel and no held die that could ever be placed, it is lost at the
  end of that turn (:func:`_can_ever_be_placed`).

Every function that applies an action first checks it (``_refusal`` functions return the reason
a player would read) and only then changes the state, so a refused action changes nothing.
"""
from __future__ import annotations

from typing import Sequence

from engine.core import CHANCE, IllegalAction
from engine.diced_tomatoes.state import (
    CLEANUP, COLOUR_NAMES, COLOURS, END_BUSHEL, END_FINAL, END_STUCK, KARMA_COSTS, OPTION_NAMES, OVER,
    SLOTS, START, TOKEN_NAMES, TOKENS, TURN, CleanVine, ClearVine, DieChanged,
    DieDrawn, DiePassed, DiePlaced, DieRolled, DrawDie, EndTurn, FinalRound, FirstRollMade,
    FirstRollTied, FlipSeed, GameEnded, KarmaBitGained, KarmaGained, KarmaLost, KarmaSpent,
    KeepVine, PassDie, PlaceDie, Reroll, RerollStarted, RollDie, RollOver, SeedFlipped, SetDie,
    Shift, StartRoll, TurnEnded, TurnOrderChosen, TurnStarted, VineCleared, VineCompleted,
    VineHarvested, VineKept)

# ==========================================================================================
# Setup (rules, Setup; Players and variants)
# ==========================================================================================
RED_PER_PLAYER = 11
BLACK_PER_PLAYER = 2
GOLD_PER_PLAYER = 1          # only with Sunny Golden Hybrid
START_KARMA = 3
KARMA_MAX = 6                # DT-D7
KARMA_MAX_IN_TURN_2023 = 12  # DT-D12
BITS_PER_KARMA = 3           # Karma Overload


def dice_per_player(options: dict) -> int:
    """13 dice per player, 14 with Sunny Golden Hybrid (rules, Setup)."""
    return RED_PER_PLAYER + BLACK_PER_PLAYER + (GOLD_PER_PLAYER if options.get("golden") else 0)


def full_bushel(num_players: int, options: dict) -> dict:
    """The bushel at setup: ``{"r": 11n, "b": 2n, "g": n or 0}``."""
    return {"r": RED_PER_PLAYER * num_players, "b": BLACK_PER_PLAYER * num_players,
            "g": GOLD_PER_PLAYER * num_players if options.get("golden") else 0}


def setup(state, num_players: int, options: dict) -> None:
    """Fill ``state`` with a new game (rules, Setup).

    Each player gets 3 empty tokens, an empty score track, karma 3 and no bits; all dice go to the
    bushel. With 2+ players the first-player roll follows (a chance node, DT-D1). The single
    player simply starts (they are both first and last player). Raises ``ValueError`` for a bad
    player count or unknown option.
    """
    if not 1 <= num_players <= 6:
        raise ValueError(f"Diced Tomatoes is played by 1 to 6 players, not {num_players}.")
    unknown = set(options) - set(OPTION_NAMES)
    if unknown:
        raise ValueError(f"Diced Tomatoes has no option {sorted(unknown)[0]!r}.")
    state.num_players = num_players
    state.options = {k: bool(options.get(k, False)) for k in OPTION_NAMES}
    state.karma = [START_KARMA] * num_players
    state.bits = [0] * num_players
    state.first_six = None
    state.final_round = False
    state.bushel = full_bushel(num_players, state.options)
    state.to_draw = 0
    state.hand = []
    state.passed = []
    state.vines = [[[] for _ in range(TOKENS)] for _ in range(num_players)]
    state.score = [[] for _ in range(num_players)]
    state.pending = []
    state.ended = None
    state.rolls = []
    if num_players == 1:
        state.rollers = ()
        state.last_player = 0
        state.active = 0
        state.phase = TURN
        _start_turn(state, 0, [])
    else:
        state.rollers = tuple(range(num_players))
        state.last_player = None
        state.active = None
        state.phase = START


def _apply_start_roll(state, face: int, events: list) -> None:
    """One die of the first-player roll. When everyone has rolled, the lowest roller becomes the
    last player and the next seat starts; a tie for lowest re-rolls among the tied (DT-D1)."""
    player = state.rollers[len(state.rolls)]
    state.rolls.append(face)
    events.append(FirstRollMade(player, face))
    if len(state.rolls) < len(state.rollers):
        return
    low = min(state.rolls)
    tied = tuple(p for p, f in zip(state.rollers, state.rolls) if f == low)
    state.rolls = []
    if len(tied) > 1:
        state.rollers = tied
        events.append(FirstRollTied(tied, low))
        return
    state.rollers = ()
    state.last_player = tied[0]
    first = (tied[0] + 1) % state.num_players
    events.append(TurnOrderChosen(tied[0], first))
    state.phase = TURN
    _start_turn(state, first, events)


# ==========================================================================================
# Placement (rules, Placement)
# ==========================================================================================
def vine_kind(vine) -> str:
    """``"empty"``, ``"seed"`` (one die), ``"set"`` (all faces equal) or ``"sequence"``.

    ``vine`` is a list of ``(colour, face)``. A vine's second die fixes whether it is a set or a
    sequence for good.
    """
    n = len(vine)
    if n == 0:
        return "empty"
    if n == 1:
        return "seed"
    return "set" if vine[0][1] == vine[1][1] else "sequence"


def is_set_or_sequence(faces) -> bool:
    """True when ``faces`` are all equal, or distinct and consecutive (no wrap from 6 to 1)."""
    distinct = set(faces)
    if len(distinct) == 1:
        return True
    return len(distinct) == len(faces) and max(faces) - min(faces) == len(faces) - 1


def fits(vine, face: int) -> bool:
    """Can a die showing ``face`` be *added* to ``vine`` (1–3 dice)?

    * a lone seed takes the same face (becoming a set) or one away from it (a sequence);
    * a set takes only its face;
    * a sequence takes one below its lowest or one above its highest face (so the seed may end
      up in the middle), never a duplicate, never wrapping 6 → 1.
    Die colours do not matter here: black and gold dice fit by their face like any die.
    """
    n = len(vine)
    if n == 0 or n >= 4 or not 1 <= face <= 6:
        return False
    seed = vine[0][1]
    if n == 1:
        return abs(face - seed) <= 1
    if vine[0][1] == vine[1][1]:   # a set
        return face == seed
    low = min(d[1] for d in vine)
    high = max(d[1] for d in vine)
    return face == low - 1 or face == high + 1


def can_seed(colour: str) -> bool:
    """Only red dice can be seeds; black and gold dice can only be added to vines."""
    return colour == "r"


def token_open(state, owner: int, token: int) -> bool:
    """Is ``owner``'s token empty and open for a seed? (DT-D3)

    A token is open when the owner's harvested count plus active vines is below 6, so nobody
    holds more vines than free score slots. With the "open = empty" option every empty token is
    open, as long as the owner's score track still has a free slot.
    """
    if state.vines[owner][token]:
        return False
    harvested = len(state.score[owner])
    if harvested >= SLOTS:
        return False
    if state.options["open_empty"]:
        return True
    active = sum(1 for v in state.vines[owner] if v)
    return harvested + active < SLOTS


def can_place(state, colour: str, face: int, owner: int, token: int) -> bool:
    """Can this die go on ``owner``'s token: as a seed (red, empty open token) or added to the
    vine there? A player whose score track is full takes no more dice (only possible with the
    "open = empty" option)."""
    vine = state.vines[owner][token]
    if not vine:
        return can_seed(colour) and token_open(state, owner, token)
    if len(state.score[owner]) >= SLOTS:
        return False
    return fits(vine, face)


_ACCEPTED: dict = {}


def accepted_faces(vine) -> tuple:
    """The faces a vine of 1–3 dice takes (same logic as :func:`fits`), as a tuple."""
    key = tuple(vine)
    faces = _ACCEPTED.get(key)
    if faces is None:
        faces = _ACCEPTED[key] = _accepted_faces(vine)
    return faces


def _accepted_faces(vine) -> tuple:
    n = len(vine)
    if n == 0 or n >= 4:
        return ()
    seed = vine[0][1]
    if n == 1:
        return tuple(f for f in (seed - 1, seed, seed + 1) if 1 <= f <= 6)
    if vine[1][1] == seed:
        return (seed,)
    faces = [f for _, f in vine]
    low, high = min(faces), max(faces)
    return tuple(f for f in (low - 1, high + 1) if 1 <= f <= 6)


def spot_table(state) -> list:
    """Every token once: ``[(owner, token, seed_open, accepted_faces), ...]`` in seat then token
    order. ``seed_open`` is True for an empty open token (red dice of any face may seed it);
    ``accepted_faces`` lists the faces the vine there takes. Same rules as :func:`can_place`,
    computed once per position so listing moves stays fast."""
    table = []
    for p in range(state.num_players):
        seat = state.vines[p]
        harvested = len(state.score[p])
        if state.options["open_empty"]:
            room = harvested < SLOTS
        else:
            room = harvested + sum(1 for v in seat if v) < SLOTS
        full = harvested >= SLOTS
        for t in range(TOKENS):
            vine = seat[t]
            if not vine:
                table.append((p, t, room, ()))
            else:
                table.append((p, t, False, () if full else accepted_faces(vine)))
    return table


def die_targets(state, die: int) -> list:
    """``[(owner, token), ...]`` where rolled hand die ``die`` may go now, seat order then token
    order; ``[]`` for a placed, passed or unrolled die."""
    if not 0 <= die < len(state.hand):
        return []
    d = state.hand[die]
    if d is None or d[1] is None:
        return []
    colour, face = d
    red = colour == "r"
    return [(p, t) for p, t, seed_open, faces in spot_table(state)
            if (seed_open and red) or face in faces]


# ==========================================================================================
# Vine value and harvest (rules, Vine value and harvest)
# ==========================================================================================
def vine_value(vine) -> int:
    """Seed face − 1 per black die + 1 per gold die (0 for an empty token)."""
    if not vine:
        return 0
    value = vine[0][1]
    for colour, _ in vine:
        if colour == "b":
            value -= 1
        elif colour == "g":
            value += 1
    return value


def harvest_points(state, slot: int, value: int) -> int:
    """What a harvest in score slot ``slot`` (1–6) worth ``value`` scores: the value, or with
    Dicey Tomato Rules 6 in total when value equals the slot number (7 with the 2023 update,
    DT-D12)."""
    if state.options["dicey"] and value == slot:
        return 7 if state.options["update_2023"] else 6
    return value


def _complete_vine(state, owner: int, token: int, events: list) -> None:
    """The 4th die is on ``owner``'s vine: harvest it at once if worth 1–6 (the seed to the next
    score slot, the rest to the bushel), earning the active player karma for an opponent's vine
    (or their own in solo). Otherwise it stays until clean-up and earns nothing (DT-D4)."""
    vine = state.vines[owner][token]
    value = vine_value(vine)
    if not 1 <= value <= 6:
        events.append(VineCompleted(owner, token, value, False))
        return
    events.append(VineCompleted(owner, token, value, True))
    state.score[owner].append(value)
    slot = len(state.score[owner])
    returned = tuple(c for c, _ in vine[1:])
    for c in returned:
        state.bushel[c] += 1
    state.vines[owner][token] = []
    star = state.options["dicey"] and value == slot
    events.append(VineHarvested(owner, token, value, slot, returned, star))
    if owner != state.active or state.solo:
        reason = "completing your own vine" if state.solo else "completing an opponent's vine"
        _gain_karma(state, state.active, karma_for_harvest(value, state.options["overload"]),
                    reason, events)
    if slot == SLOTS:
        if state.first_six is None:
            state.first_six = owner
        if not state.final_round:
            state.final_round = True
            events.append(FinalRound(owner, state.last_player))


# ==========================================================================================
# Karma (rules, Karma)
# ==========================================================================================
def karma_for_harvest(value: int, overload: bool) -> int:
    """Karma for completing a vine worth ``value`` (1–6): 1–2 → 1, 3–4 → 2, 5–6 → 3; with
    Karma Overload the value itself."""
    if overload:
        return value
    return (value + 1) // 2


def karma_cap(state) -> int:
    """6 (DT-D7); with the 2023 update 12 during the player's own turn (DT-D12)."""
    if state.options["update_2023"] and state.phase == TURN:
        return KARMA_MAX_IN_TURN_2023
    return KARMA_MAX


def _gain_karma(state, player: int, amount: int, reason: str, events: list) -> None:
    """Add karma up to the cap; the excess is lost at once (DT-D7)."""
    if amount <= 0:
        return
    cap = karma_cap(state)
    new = min(cap, state.karma[player] + amount)
    gained = new - state.karma[player]
    state.karma[player] = new
    events.append(KarmaGained(player, gained, amount - gained, new, reason))


def _gain_bit(state, player: int, reason: str, events: list) -> None:
    """Karma Overload: one karma bit; 3 bits become 1 karma (DT-D6)."""
    state.bits[player] += 1
    events.append(KarmaBitGained(player, state.bits[player], reason))
    if state.bits[player] >= BITS_PER_KARMA:
        state.bits[player] -= BITS_PER_KARMA
        _gain_karma(state, player, 1, "three karma bits", events)


def _unplaced(state, die: int):
    """The rolled, unplaced die in hand slot ``die``, or None."""
    if 0 <= die < len(state.hand):
        d = state.hand[die]
        if d is not None and d[1] is not None:
            return d
    return None


def _karma_refusal(state, action) -> str | None:
    """Why this karma action is not allowed now (None if it is). Spending needs enough karma
    (DT-D7) and a target as the Karma table says."""
    cost = KARMA_COSTS[type(action)]
    if state.karma[state.active] < cost:
        return (f"That costs {cost} karma and you have {state.karma[state.active]} "
                f"(an action you cannot afford is illegal).")
    kind = type(action)
    if kind in (Reroll, Shift, RollOver, SetDie):
        d = _unplaced(state, action.die)
        if d is None:
            return "Karma can change only one of your rolled dice that is not placed yet."
        face = d[1]
        if kind is Shift:
            if action.delta not in (1, -1):
                return "A shift moves a die by exactly 1 up or down."
            if not 1 <= face + action.delta <= 6:
                return ("A shift stays within 1 to 6; roll over turns a 1 into a 6 or "
                        "a 6 into a 1.")
        elif kind is RollOver:
            if face not in (1, 6):
                return "Roll over only turns a 1 into a 6 or a 6 into a 1."
        elif kind is SetDie:
            if not 1 <= action.face <= 6 or action.face == face:
                return "Set turns a die to a different face from 1 to 6."
        return None
    if not (0 <= action.owner < state.num_players and 0 <= action.token < TOKENS):
        return "There is no such tomato token."
    vine = state.vines[action.owner][action.token]
    if not vine:
        return "There is no vine on that token."
    if kind is CleanVine:
        if action.owner != state.active and not state.options["clean_any"]:
            return "You may clean only one of your own vines."
        return None
    # FlipSeed (DT-D10)
    faces = [7 - vine[0][1]] + [f for _, f in vine[1:]]
    if not is_set_or_sequence(faces):
        return "Flipping that seed would break the vine's set or sequence."
    return None


def _apply_karma(state, action, events: list) -> None:
    """Pay and do a karma action already checked by :func:`_karma_refusal`."""
    p = state.active
    cost = KARMA_COSTS[type(action)]
    state.karma[p] -= cost
    kind = type(action)
    if kind in (Reroll, Shift, RollOver, SetDie):
        colour, face = state.hand[action.die]
        if kind is Reroll:
            events.append(KarmaSpent(p, cost, "re-roll a die", state.karma[p]))
            events.append(RerollStarted(p, action.die, colour, face))
            state.hand[action.die] = (colour, None)   # a chance node rolls it again
            return
        if kind is Shift:
            new, how, what = face + action.delta, "shift", "shift a die"
        elif kind is RollOver:
            new, how, what = 7 - face, "roll over", "roll a die over"
        else:
            new, how, what = action.face, "set", "set a die"
        events.append(KarmaSpent(p, cost, what, state.karma[p]))
        state.hand[action.die] = (colour, new)
        events.append(DieChanged(p, action.die, colour, face, new, how))
        return
    if kind is CleanVine:
        events.append(KarmaSpent(p, cost, "clean a vine", state.karma[p]))
        _clear(state, action.owner, action.token, "cleaned", events)
        return
    vine = state.vines[action.owner][action.token]
    colour, old = vine[0]
    vine[0] = (colour, 7 - old)
    events.append(KarmaSpent(p, cost, "flip a seed", state.karma[p]))
    events.append(SeedFlipped(p, action.owner, action.token, old, 7 - old))


# ==========================================================================================
# A turn (rules, A turn)
# ==========================================================================================
def _start_turn(state, player: int, events: list) -> None:
    """Start ``player``'s turn: the game ends at once if the bushel is empty (in solo only if no
    passed dice are waiting either, or none of them could ever be placed); else the passed dice join the hand and up to 3 dice are
    drawn (chance nodes), then everything is rolled (chance nodes)."""
    state.active = player
    total = sum(state.bushel.values())
    if total == 0 and (not state.solo or not state.passed):
        _end_game(state, END_BUSHEL, events)
        return
    if total == 0 and not _can_ever_be_placed(state, state.passed):
        _end_game(state, END_STUCK, events)
        return
    state.hand = [(c, None) for c in state.passed]
    passed = len(state.passed)
    state.passed = []
    state.to_draw = min(3, total)
    events.append(TurnStarted(player, state.to_draw, passed))


def _can_ever_be_placed(state, colours) -> bool:
    """Single-player mode, "The game must always end": could any of the held dice (``colours``,
    re-rolled every turn) ever be placed? Yes if a red die can seed an empty open token, or any
    vine of 1 to 3 dice takes some face. Otherwise the same dice would only come back again and
    again, so with an empty bushel the game ends as a loss. Karma does not count: the rules
    name only the tokens and the dice."""
    red = "r" in colours
    return any(faces or (seed_open and red) for _, _, seed_open, faces in spot_table(state))


def next_player(state) -> int:
    """The seat after the active one (yourself in solo)."""
    return (state.active + 1) % state.num_players


def end_turn_refusal(state) -> str | None:
    """None when the active player may end the turn now, else why not: every rolled die must be
    placed or passed first."""
    if state.phase != TURN or state.current_player() != state.active:
        if state.phase == CLEANUP:
            return "The turn is over; the clean-up decisions are being taken."
        if state.phase == OVER:
            return "The game is over."
        return "Wait for the dice to be drawn and rolled."
    left = sum(1 for d in state.hand if d is not None)
    if left:
        return (f"Every rolled die must be placed or passed before the turn ends "
                f"({left} left).")
    return None


def _end_turn(state, events: list) -> None:
    """End of turn: with the 2023 update karma above 6 is lost; overripe vines (worth more than
    6) are cleared; each vine worth 0 or less waits for its owner's decision (DT-D5), in seat
    order from the active player."""
    p = state.active
    events.append(TurnEnded(p))
    state.phase = CLEANUP   # from here the karma cap is 6 again
    if state.karma[p] > KARMA_MAX:
        lost = state.karma[p] - KARMA_MAX
        state.karma[p] = KARMA_MAX
        events.append(KarmaLost(p, lost, KARMA_MAX))
    n = state.num_players
    pending = []
    for k in range(n):
        owner = (p + k) % n
        for t in range(TOKENS):
            vine = state.vines[owner][t]
            if not vine:
                continue
            value = vine_value(vine)
            if value > 6:
                _clear(state, owner, t, "overripe", events)
            elif value <= 0:
                pending.append((owner, t))
    state.pending = pending
    if not pending:
        _after_cleanup(state, events)


def _clear(state, owner: int, token: int, reason: str, events: list) -> None:
    """All dice of the vine, seed included, back to the bushel."""
    vine = state.vines[owner][token]
    returned = tuple(c for c, _ in vine)
    for c in returned:
        state.bushel[c] += 1
    state.vines[owner][token] = []
    events.append(VineCleared(owner, token, vine_value(vine), reason, returned))


def _after_cleanup(state, events: list) -> None:
    """After clean-up: the game ends once the last player has finished the final round;
    otherwise the next player starts."""
    state.pending = []
    if state.final_round and state.active == state.last_player:
        _end_game(state, END_FINAL, events)
        return
    state.phase = TURN
    _start_turn(state, next_player(state), events)


# ==========================================================================================
# Listing and applying actions
# ==========================================================================================
def chance_outcomes(state) -> list:
    """``[(action, probability), ...]`` at a chance node: the first-player roll, a draw from the
    bushel (weighted by the colours left, DT-D2), or the roll of the first unrolled die."""
    if state.phase == START:
        return [(_act(StartRoll, f), 1 / 6) for f in range(1, 7)]
    if state.phase != TURN:
        return []
    if state.to_draw:
        total = sum(state.bushel.values())
        return [(_act(DrawDie, c), state.bushel[c] / total) for c in COLOURS if state.bushel[c]]
    for i, d in enumerate(state.hand):
        if d is not None and d[1] is None:
            return [(_act(RollDie, i, f), 1 / 6) for f in range(1, 7)]
    return []


_ACTIONS: dict = {}


def _act(cls, *args):
    """A shared instance of an (immutable) action: listing moves is the engine's hot loop."""
    key = (cls, args)
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = cls(*args)
    return action


def legal_actions(state) -> list:
    """The current player's actions, in a stable order.

    During a turn: place each rolled die on each target (dice in slot order, seats, tokens);
    only when no die has a spot, pass each die (passing comes last: placing one die can open a
    spot for another); end the turn (only with no dice left); then the affordable
    karma actions (re-roll, shift, clean, roll over, flip, set). At clean-up: clear or keep the
    pending vine.
    """
    phase = state.phase
    if phase == CLEANUP:
        o, t = state.pending[0]
        return [_act(ClearVine, o, t), _act(KeepVine, o, t)]
    if phase != TURN or state.to_draw:
        return []
    hand = state.hand
    rolled = []
    for i, d in enumerate(hand):
        if d is None:
            continue
        if d[1] is None:
            return []          # chance node: a die is still unrolled
        rolled.append((i, d[0], d[1]))
    n = state.num_players
    table = spot_table(state)
    actions = []
    for i, colour, face in rolled:
        red = colour == "r"
        for p, t, seed_open, faces in table:
            if (seed_open and red) or face in faces:
                actions.append(_act(PlaceDie, i, p, t))
    if not actions:    # passing comes last: only when no die in hand has a legal spot
        actions.extend(_act(PassDie, i) for i, _, _ in rolled)
    if not rolled:
        actions.append(_act(EndTurn))
    karma = state.karma[state.active]
    if karma >= 1:
        actions.extend(_act(Reroll, i) for i, _, _ in rolled)
    if karma >= 2:
        for i, _, face in rolled:
            if face > 1:
                actions.append(_act(Shift, i, -1))
            if face < 6:
                actions.append(_act(Shift, i, 1))
    if karma >= 3:
        owners = range(n) if state.options["clean_any"] else (state.active,)
        actions.extend(_act(CleanVine, p, t) for p in owners for t in range(TOKENS)
                       if state.vines[p][t])
    if karma >= 4:
        actions.extend(_act(RollOver, i) for i, _, face in rolled if face in (1, 6))
    if karma >= 5:
        for p, t, _, _ in table:
            vine = state.vines[p][t]
            if vine and is_set_or_sequence([7 - vine[0][1]] + [f for _, f in vine[1:]]):
                actions.append(_act(FlipSeed, p, t))
    if karma >= 6:
        actions.extend(_act(SetDie, i, f) for i, _, face in rolled for f in range(1, 7)
                       if f != face)
    return actions


def _chance_refusal(state, action) -> str | None:
    if state.current_player() != CHANCE:
        return "Nothing is left to chance right now."
    if isinstance(action, StartRoll):
        if state.phase != START:
            return "The turn order is already decided."
        return None if 1 <= action.face <= 6 else "A die shows 1 to 6."
    if isinstance(action, DrawDie):
        if not state.to_draw:
            return "No die is being drawn now."
        if action.colour not in COLOURS or state.bushel[action.colour] <= 0:
            return "The bushel holds no die of that colour."
        return None
    # RollDie
    if state.to_draw:
        return "The dice are still being drawn."
    first = next((i for i, d in enumerate(state.hand) if d is not None and d[1] is None), None)
    if first is None:
        return "No die is waiting to be rolled; the turn order is rolled for first."
    if action.die != first:
        return "That die is not the one being rolled."
    return None if 1 <= action.face <= 6 else "A die shows 1 to 6."


def refusal(state, action) -> str | None:
    """Why ``action`` is illegal now, in plain words naming the rule, or None if it is legal."""
    kind = type(action)
    if kind in (StartRoll, DrawDie, RollDie):
        return _chance_refusal(state, action)
    if state.phase == OVER:
        return "The game is over."
    if state.phase == START or state.current_player() == CHANCE:
        return "Wait for the dice: luck decides next."
    if state.phase == CLEANUP:
        if kind in (ClearVine, KeepVine):
            if (action.owner, action.token) != state.pending[0]:
                return "That is not the vine whose owner decides now."
            return None
        return ("The turn is over: only the owner of a vine worth 0 or less decides now "
                "whether to clear it.")
    if kind in (ClearVine, KeepVine):
        return ("Vines worth 0 or less are cleared only at the end of the turn; use karma to "
                "clean one now.")
    if kind is EndTurn:
        return end_turn_refusal(state)
    if kind is PlaceDie:
        d = _unplaced(state, action.die)
        if d is None:
            return "That die is not one of your rolled, unplaced dice."
        if not (0 <= action.owner < state.num_players and 0 <= action.token < TOKENS):
            return "There is no such tomato token."
        colour, face = d
        vine = state.vines[action.owner][action.token]
        if not vine:
            if not can_seed(colour):
                return f"A {COLOUR_NAMES[colour]} die can never be a seed; add it to a vine."
            if not token_open(state, action.owner, action.token):
                return ("That token is not open: a player may not hold more vines than free "
                        "score slots.")
            return None
        if len(state.score[action.owner]) >= SLOTS:
            return "That player's score track is full; their vines take no more dice."
        if len(vine) >= 4:
            return "That vine is complete; it takes no more dice."
        if not fits(vine, face):
            kind_name = vine_kind(vine)
            if kind_name == "seed":
                return f"A {face} does not fit a lone seed {vine[0][1]}: it must be equal or one away."
            if kind_name == "set":
                return f"That vine is a set of {vine[0][1]}s; it takes only another {vine[0][1]}."
            return ("That vine is a sequence; it takes only one below its lowest or one above its "
                    "highest face.")
        return None
    if kind is PassDie:
        d = _unplaced(state, action.die)
        if d is None:
            return "That die is not one of your rolled, unplaced dice."
        if die_targets(state, action.die):
            return "A die that has a legal spot must be placed; only a die with none is passed."
        placeable = next((i for i in range(len(state.hand)) if die_targets(state, i)), None)
        if placeable is not None:
            return (f"Place {_hand_die(state, placeable)} first: dice are passed only when "
                    f"none of your dice has a legal spot.")
        return None
    if kind in KARMA_COSTS:
        return _karma_refusal(state, action)
    return "Diced Tomatoes has no such move."


def apply_action(state, action) -> list:
    """Check ``action`` and apply it; return the events. Raises :class:`IllegalAction` (with the
    state unchanged) when :func:`refusal` gives a reason."""
    reason = refusal(state, action)
    if reason is not None:
        raise IllegalAction(reason)
    events: list = []
    kind = type(action)
    if kind is StartRoll:
        _apply_start_roll(state, action.face, events)
    elif kind is DrawDie:
        state.bushel[action.colour] -= 1
        state.to_draw -= 1
        state.hand.append((action.colour, None))
        events.append(DieDrawn(state.active, len(state.hand) - 1, action.colour))
    elif kind is RollDie:
        colour = state.hand[action.die][0]
        state.hand[action.die] = (colour, action.face)
        events.append(DieRolled(state.active, action.die, colour, action.face))
    elif kind is PlaceDie:
        _place(state, action, events)
    elif kind is PassDie:
        colour, face = state.hand[action.die]
        state.hand[action.die] = None
        state.passed.append(colour)
        events.append(DiePassed(state.active, action.die, colour, face, next_player(state)))
        if state.options["overload"]:
            _gain_bit(state, state.active, "passing a die", events)
    elif kind is EndTurn:
        _end_turn(state, events)
    elif kind is ClearVine:
        state.pending.pop(0)
        _clear(state, action.owner, action.token, "zero", events)
        if not state.pending:
            _after_cleanup(state, events)
    elif kind is KeepVine:
        state.pending.pop(0)
        events.append(VineKept(action.owner, action.token,
                               vine_value(state.vines[action.owner][action.token])))
        if not state.pending:
            _after_cleanup(state, events)
    else:
        _apply_karma(state, action, events)
    return events


def _place(state, action, events: list) -> None:
    """Put the die on the token; a 4th die completes the vine; Overload gives a bit for a die
    placed on an opponent's vine."""
    colour, face = state.hand[action.die]
    vine = state.vines[action.owner][action.token]
    as_seed = not vine
    vine.append((colour, face))
    state.hand[action.die] = None
    events.append(DiePlaced(state.active, action.die, colour, face, action.owner, action.token,
                            len(vine) - 1, as_seed))
    if state.options["overload"] and action.owner != state.active:
        _gain_bit(state, state.active, "a die on an opponent's vine", events)
    if len(vine) == 4:
        _complete_vine(state, action.owner, action.token, events)


# ==========================================================================================
# The end of the game and the score (rules, End of the game; Scoring; Single-player mode)
# ==========================================================================================
def _end_game(state, reason: str, events: list) -> None:
    state.phase = OVER
    state.ended = reason
    state.to_draw = 0
    if not any(state.hand):
        state.hand = []      # the last turn's dice are all placed or passed
    sheet = score_sheet(state)
    totals = tuple(row[-1] for row in sheet["rows"])
    events.append(GameEnded(reason, tuple(sheet["winners"]), totals))


def score_parts(state, player: int) -> dict:
    """One player's points by category: ``{"tomatoes", "dicey_bonus", "first_six", "karma",
    "vines", "red_dice", "total", "stars"}`` (rules, Scoring).

    Tomatoes: the harvested values. Dicey bonus: the extra points of matching slots. First six:
    +2 for the first player to harvest a 6th tomato. Karma: 1 per 2 unused. Regular rules: +1 per
    vine with exactly 3 dice; Dicey Tomato Rules: +1 per 3 red dice on the vines instead.
    """
    slots = state.score[player]
    tomatoes = sum(slots)
    stars = [i + 1 for i, v in enumerate(slots) if v == i + 1] if state.options["dicey"] else []
    bonus = sum(harvest_points(state, i + 1, v) - v for i, v in enumerate(slots))
    first = 2 if state.first_six == player else 0
    karma = state.karma[player] // 2
    vines = red = 0
    if state.options["dicey"]:
        red = sum(1 for v in state.vines[player] for c, _ in v if c == "r") // 3
    else:
        vines = sum(1 for v in state.vines[player] if len(v) == 3)
    total = tomatoes + bonus + first + karma + vines + red
    return {"tomatoes": tomatoes, "dicey_bonus": bonus, "first_six": first, "karma": karma,
            "vines": vines, "red_dice": red, "total": total, "stars": stars}


def score_sheet(state) -> dict:
    """The score sheet (shape in engine/core.py): per seat tomatoes, Dicey bonus (with Dicey
    Tomato Rules), first to six, karma points, unfinished vines or red dice, total; winners
    are all seats with the highest total (DT-D11). Solo: matched slots, won with 6 harvests.

    Extra key ``"slots"``: each seat's score track values, and ``"stars"``: slot numbers with a
    gold star (Dicey Tomato Rules).
    """
    n = state.num_players
    slots = [list(s) for s in state.score]
    if state.solo:
        matched = state.matched_slots(0)
        won = len(state.score[0]) == SLOTS
        if state.phase == OVER:
            summary = (f"{'Won' if won else 'Lost'}: {matched} of 6 slots matched")
        else:
            summary = f"{matched} of 6 slots matched so far"
        return {"columns": ["Harvests", "Slots matched", "Total"],
                "rows": [[len(state.score[0]), matched, matched]],
                "winners": [0] if won else [],
                "notes": [f"Score track: {', '.join(map(str, state.score[0])) or 'empty'}."],
                "solo": {"won": won, "summary": summary},
                "slots": slots, "stars": [[i + 1 for i, v in enumerate(state.score[0])
                                           if v == i + 1]]}
    dicey = state.options["dicey"]
    columns = ["Tomatoes"] + (["Dicey bonus"] if dicey else []) + ["First to six", "Karma"]
    columns += ["Red dice" if dicey else "Unfinished vines", "Total"]
    rows, stars = [], []
    for p in range(n):
        parts = score_parts(state, p)
        row = [parts["tomatoes"]] + ([parts["dicey_bonus"]] if dicey else [])
        row += [parts["first_six"], parts["karma"],
                parts["red_dice"] if dicey else parts["vines"], parts["total"]]
        rows.append(row)
        stars.append(parts["stars"])
    best = max(r[-1] for r in rows)
    winners = [p for p in range(n) if rows[p][-1] == best]
    notes = []
    if state.first_six is not None:
        notes.append(f"Player {state.first_six + 1} was first to six tomatoes.")
    if len(winners) > 1:
        notes.append("Tied players share the victory.")
    return {"columns": columns, "rows": rows, "winners": winners, "notes": notes,
            "slots": slots, "stars": stars}


# ==========================================================================================
# Plain words
# ==========================================================================================
def _name(names, seat: int) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def _token_words(state, owner: int, token: int, names) -> str:
    whose = "your" if owner == state.active else f"{_name(names, owner)}'s"
    return f"{whose} {TOKEN_NAMES[token]} token"


def _hand_die(state, die: int) -> str:
    if 0 <= die < len(state.hand) and state.hand[die] is not None:
        colour, face = state.hand[die]
        return f"the {COLOUR_NAMES[colour]} {face if face is not None else 'die'}"
    return f"die {die + 1}"


def describe_action(state, action, names: Sequence[str] | None = None) -> str:
    """``action`` in plain words for ``state``, e.g. "Place the red 4 as a seed on your top
    token" or "Place the black 2 on Ana's middle vine"."""
    kind = type(action)
    cost = f" ({KARMA_COSTS[kind]} karma)" if kind in KARMA_COSTS else ""
    if kind is StartRoll:
        return f"Roll {action.face} for the turn order"
    if kind is DrawDie:
        return f"Draw a {COLOUR_NAMES.get(action.colour, action.colour)} die"
    if kind is RollDie:
        return f"Roll a {action.face}"
    if kind is PlaceDie:
        die = _hand_die(state, action.die)
        if 0 <= action.owner < state.num_players and 0 <= action.token < TOKENS:
            if not state.vines[action.owner][action.token]:
                return f"Place {die} as a seed on {_token_words(state, action.owner, action.token, names)}"
            whose = "your" if action.owner == state.active else f"{_name(names, action.owner)}'s"
            return f"Place {die} on {whose} {TOKEN_NAMES[action.token]} vine"
        return f"Place {die}"
    if kind is PassDie:
        return f"Pass {_hand_die(state, action.die)} to the next player"
    if kind is EndTurn:
        return "End the turn"
    if kind is Reroll:
        return f"Re-roll {_hand_die(state, action.die)}{cost}"
    if kind is Shift:
        return f"Shift {_hand_die(state, action.die)} {'up' if action.delta > 0 else 'down'} by 1{cost}"
    if kind is CleanVine:
        return f"Clean the vine on {_token_words(state, action.owner, action.token, names)}{cost}"
    if kind is RollOver:
        return f"Roll over {_hand_die(state, action.die)}{cost}"
    if kind is FlipSeed:
        return f"Flip the seed on {_token_words(state, action.owner, action.token, names)}{cost}"
    if kind is SetDie:
        return f"Set {_hand_die(state, action.die)} to {action.face}{cost}"
    if kind is ClearVine:
        return f"Clear the {TOKEN_NAMES[action.token]} vine worth 0 or less"
    if kind is KeepVine:
        return f"Keep the {TOKEN_NAMES[action.token]} vine worth 0 or less"
    return kind.__name__
