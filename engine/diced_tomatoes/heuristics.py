"""Position evaluation and move ordering for the Diced Tomatoes bots.

``evaluate(state, player)`` estimates how good ``state`` is for ``player`` (higher is better):
points already scored (rules.score_parts, karma at half a point per karma as the end scoring
does) plus a share of what the player's growing vines promise, minus the best opponent's same
estimate. In solo it counts matched slots first. A vine worth 0 or less, or more than 6, is a
burden (it blocks a token), so greedy play clears such vines at clean-up (DT-D5).
"""

from __future__ import annotations

from engine.diced_tomatoes import rules
from engine.diced_tomatoes.state import (
    CleanVine,
    Die,
    EndTurn,
    FlipSeed,
    PassDie,
    PlaceDie,
    Reroll,
    RollOver,
    SetDie,
    Shift,
)


def _vine_promise(state, player: int) -> float:
    total = 0.0
    solo = state.solo
    next_slot = len(state.score[player]) + 1
    for vine in state.vines[player]:
        if not vine:
            continue
        value = rules.vine_value(vine)
        if not rules.is_harvestable(value):
            total -= 1.5
            continue
        share = len(vine) / 4
        if solo:
            total += share * (3.0 if rules.slot_matches(next_slot, value) else 0.5)
        else:
            worth = rules.harvest_points(state, next_slot, value)
            total += share * share * worth * 0.8
    return total


def _estimate(state, player: int) -> float:
    if state.solo:
        return (
            state.matched_slots(0) * 10
            + len(state.score[0]) * 1.0
            + state.karma[0] * 0.4
            + _vine_promise(state, 0)
        )
    parts = rules.score_parts(state, player)
    return (
        parts["total"] - parts["karma"] + state.karma[player] * 0.5 + _vine_promise(state, player)
    )


def evaluate(state, player: int) -> float:
    """Heuristic value of ``state`` for seat ``player`` (higher is better; terminal states give
    ±100 for a win or loss plus the margin)."""
    if state.is_terminal():
        sheet = state.score_sheet()
        win = 100.0 if player in sheet["winners"] else -100.0
        if state.solo:
            return win + state.matched_slots(0)
        totals = [r[-1] for r in sheet["rows"]]
        others = max(t for p, t in enumerate(totals) if p != player)
        return win + totals[player] - others
    mine = _estimate(state, player)
    if state.solo:
        return mine
    return mine - max(_estimate(state, p) for p in range(state.num_players) if p != player)


_KARMA = (Reroll, Shift, CleanVine, RollOver, FlipSeed, SetDie)


def explain_move(state, action, names=None) -> str:
    """A one-line reason for a hint, from what the move does to the vines: the die, the vine or
    token and whose it is ("your" for the player asked, else the seat's name from ``names``,
    "Player N" without names). Lower case, no full stop: :meth:`DicedTomatoesBots.explain`
    makes it a sentence.

    Examples: "harvests your top vine worth 4 into slot 2", "turns the red 5 into a 6 to
    complete your top vine" (karma).
    """
    from engine.diced_tomatoes.state import (
        COLOUR_NAMES,
        TOKEN_NAMES,
        ClearVine,
        KarmaGained,
        KeepVine,
        VineCleared,
        VineHarvested,
    )

    me = state.current_player()
    if isinstance(action, _KARMA):
        return _explain_karma(state, action, me, names)
    if isinstance(action, (ClearVine, KeepVine)):
        vine = state.vines[action.owner][action.token]
        where = f"{_whose(action.owner, me, names)} {TOKEN_NAMES[action.token]}"
        value = rules.vine_value(vine)
        if isinstance(action, ClearVine):
            return f"clears {where} vine worth {value}: the token is free for a new vine"
        return f"keeps {where} vine worth {value} on its token"
    after = state.clone()
    events = after.apply_action(action)
    for event in events:
        if isinstance(event, VineHarvested):
            vine = f"{TOKEN_NAMES[event.token]} vine"
            if event.owner == me:
                star = " and earns a gold star" if event.star else ""
                return f"harvests your {vine} worth {event.value} into slot {event.slot}{star}"
            gained = sum(k.amount for k in events if isinstance(k, KarmaGained))
            owner = _name(event.owner, names)
            return (
                f"completes {owner}'s {vine}, worth only {event.value} to {owner}, and "
                f"earns you {gained} karma"
            )
        if isinstance(event, VineCleared):
            return (
                f"clears {_whose(event.owner, me, names)} {TOKEN_NAMES[event.token]} vine "
                f"worth {event.value} so the token is free again"
            )
    if isinstance(action, PlaceDie):
        colour, face = state.hand[action.die]
        die = f"the {COLOUR_NAMES[colour]} {face}"
        vine = state.vines[action.owner][action.token]
        where = f"{_whose(action.owner, me, names)} {TOKEN_NAMES[action.token]}"
        if not vine:
            if action.owner == me:
                return f"seeds {where} token with {die}: a vine worth {face}"
            only = "only " if face <= 3 else ""
            return (
                f"seeds {where} token with {die}, a vine worth {only}{face} to "
                f"{_name(action.owner, names)}"
            )
        grown = vine + [Die(colour, face)]
        kind = rules.vine_kind(grown)
        if action.owner == me:
            return (
                f"grows your {TOKEN_NAMES[action.token]} vine to {len(grown)} dice with "
                f"{die} ({_article(kind)} worth {rules.vine_value(grown)})"
            )
        head = f"puts {die} on {where} vine"
        if not any(
            spot.owner == me and spot.takes(colour, face) for spot in rules.spot_table(state)
        ):
            return f"{head}: it fits none of your vines or open tokens"
        if len(grown) == 3:
            return f"{head}, one die from complete: whoever completes it earns karma"
        return f"{head}, keeping your own vines for better dice"
    if isinstance(action, EndTurn):
        return "every die is placed or passed: nothing better is left this turn"
    if isinstance(action, PassDie):
        colour, face = state.hand[action.die]
        to = "back to you" if state.solo else f"to {_name(rules.next_player(state), names)}"
        return f"the {COLOUR_NAMES[colour]} {face} fits no vine or open token: it goes {to}"
    return ""


def _article(kind: str) -> str:
    return f"an {kind}" if kind[:1] in "aeiou" else f"a {kind}"


def _name(seat: int, names) -> str:
    if names and 0 <= seat < len(names):
        return names[seat]
    return f"Player {seat + 1}"


def _whose(owner: int, me: int, names=None) -> str:
    return "your" if owner == me else f"{_name(owner, names)}'s"


def _best_spot(state, colour: str, face: int, me: int, names=None) -> tuple:
    """The most useful place a die of ``colour`` and ``face`` could go now, as ``(rank, words)``
    (lower rank is better), or ``(9, "")`` when it fits nowhere. Words follow a die, e.g.
    "to complete your top vine", "that fits Bob's middle vine"."""
    from engine.diced_tomatoes.state import TOKEN_NAMES

    best = (9, "")
    for spot in rules.spot_table(state):
        owner, token = spot.owner, spot.token
        vine = state.vines[owner][token]
        name = TOKEN_NAMES[token]
        if vine and face in spot.faces:
            own = owner == me
            value = rules.vine_value(vine + [Die(colour, face)])
            if len(vine) == 3 and rules.is_harvestable(value):
                found = (0 if own else 3, f"to complete {_whose(owner, me, names)} {name} vine")
            else:
                found = (1 if own else 4, f"that fits {_whose(owner, me, names)} {name} vine")
        elif not vine and spot.seed_open and rules.can_seed(colour):
            found = (2 if owner == me else 5, f"to seed {_whose(owner, me, names)} {name} token")
        else:
            continue
        best = min(best, found, key=lambda ranked: ranked[0])
    return best


def _explain_karma(state, action, me: int, names=None) -> str:
    """Why spend karma: what the changed die, cleaned vine or flipped seed does next."""
    from engine.diced_tomatoes.state import COLOUR_NAMES, TOKEN_NAMES

    if isinstance(action, (Reroll, Shift, RollOver, SetDie)):
        colour, face = state.hand[action.die]
        die = f"the {COLOUR_NAMES[colour]} {face}"
        rank, _ = _best_spot(state, colour, face, me)
        if isinstance(action, Reroll):
            if rank == 9:
                return f"re-rolls {die} you cannot place"
            if rank >= 3:
                return f"re-rolls {die}, which fits only other players' vines"
            better = [
                f for f in range(1, 7) if f != face and _best_spot(state, colour, f, me)[0] < rank
            ]
            if better:
                return (
                    f"re-rolls {die}: {len(better)} other faces would suit you better"
                    if len(better) > 1
                    else f"re-rolls {die}: one other face would suit you better"
                )
            if rank == 2 and not state.solo and face <= 3:
                return f"re-rolls {die}: as a seed it makes a vine worth only {face}"
            return f"re-rolls {die} hoping for a better face"
        if isinstance(action, Shift):
            new = face + action.delta
        elif isinstance(action, RollOver):
            new = rules.opposite_face(face)
        else:
            new = action.face
        new_rank, words = _best_spot(state, colour, new, me, names)
        if new_rank == rank == 2:  # a seed either way: what the new face is worth
            next_slot = len(state.score[me]) + 1
            if state.solo and rules.slot_matches(next_slot, new):
                return f"turns {die} into a {new}, the seed slot {next_slot} needs"
            if not state.solo and new > face:
                return f"turns {die} into a {new}, a seed worth {new - face} more"
        if words:
            return f"turns {die} into a {new} {words}"
        return f"turns {die} into a {new}"
    vine = state.vines[action.owner][action.token]
    where = f"{_whose(action.owner, me, names)} {TOKEN_NAMES[action.token]}"
    next_slot = len(state.score[action.owner]) + 1
    if isinstance(action, CleanVine):
        value = rules.vine_value(vine)
        if action.owner != me:
            return f"clears {where} vine worth {value} before it is harvested"
        if not rules.is_harvestable(value):
            too = "low" if rules.is_worthless(value) else "high"
            return f"clears {where} vine worth {value}, too {too} to harvest"
        if state.solo and not rules.slot_matches(next_slot, value):
            return f"clears {where} vine worth {value}; slot {next_slot} needs a {next_slot}"
        if value <= 3:
            return f"frees {where} token from a vine worth only {value}"
        return f"frees {where} token for a new vine"
    # FlipSeed
    old = vine[0].face
    new = rules.opposite_face(old)
    flip = f"flips {where} seed from {old} to {new}"
    if state.solo and action.owner == me and rules.slot_matches(next_slot, new):
        return f"{flip}, the value slot {next_slot} needs"
    flipped = [Die(vine[0].colour, new)] + vine[1:]
    fits_now = [
        (c, f)
        for _, c, f in state.rolled_dice()
        if len(vine) < 4 and not rules.fits(vine, f) and rules.fits(flipped, f)
    ]
    if action.owner == me:
        if new > old and not state.solo:
            return f"{flip}: worth {new - old} more"
        if fits_now:
            c, f = fits_now[0]
            return f"{flip} so the {COLOUR_NAMES[c]} {f} fits it"
        return flip
    if new < old:
        return f"{flip}: worth {old - new} less to them"
    if fits_now:
        c, f = fits_now[0]
        return f"{flip} so the {COLOUR_NAMES[c]} {f} fits it"
    return flip
