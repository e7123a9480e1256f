"""Position evaluation and move ordering for the Diced Tomatoes bots.

``evaluate(state, player)`` estimates how good ``state`` is for ``player`` (higher is better):
points already scored (rules.score_parts, karma at half a point per karma as the end scoring
does) plus a share of what the player's growing vines promise, minus the best opponent's same
estimate. In solo it counts matched slots first. A vine worth 0 or less, or more than 6, is a
burden (it blocks a token), so greedy play clears such vines at clean-up (DT-D5).

``hard_evaluate(state, player)`` is Hard's value where its rollouts end: the points already
certain plus what karma, harvests and growing vines add by the end, by weights
(:data:`HARD_WEIGHTS`) fitted to how Medium's games end (``bench/dt_value.py``).
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
from translation import _, ngettext


def dice_to_come(state, player: int) -> int | None:
    """How many more dice seat ``player`` may still place in this game: None (a turn or more
    to come) before the final round and, in it (rules, "End of the game"), for the players
    after the active one up to the last player; the dice in its hand for the active player,
    whose turn is its last; 0 for the others. A vine those dice cannot complete promises
    nothing: on its last turn a Medium cleaned its own vine with karma to seed the token with
    its last die, for nothing (a play-test; the karma was worth points at the end)."""
    if not state.final_round:
        return None
    active, last = state.active, state.last_player
    if player == active:
        return sum(1 for die in state.hand if die is not None)
    seat = active
    while seat is not None and seat != last:
        seat = (seat + 1) % state.num_players
        if seat == player:
            return None
    return 0


BURDEN = -1.5
"""What a vine that can never be harvested (worth 0 or less, or more than 6) costs its owner:
it blocks a token until it is cleared (both evaluations count it)."""


def _vine_promise(state, player: int) -> float:
    left = dice_to_come(state, player)
    total = 0.0
    solo = state.solo
    next_slot = len(state.score[player]) + 1
    for vine in state.vines[player]:
        if not vine or left is not None and len(vine) + left < 4:
            continue  # empty, or never to be completed: the game ends first
        value = rules.vine_value(vine)
        if not rules.is_harvestable(value):
            total += BURDEN
            continue
        share = len(vine) / 4
        if solo:  # a vine worth a later slot's number waits for that slot
            total += share * (
                3.0
                if rules.slot_matches(next_slot, value)
                else SOLO_LATER_MATCH
                if value > next_slot
                else 0.5
            )
        else:
            worth = rules.harvest_points(state, next_slot, value)
            total += share * share * worth * 0.8
    return total


SOLO_WASTED_SLOT = 2.0
"""Solo: what a harvest into a slot it does not match costs (the slot can never match)."""
SOLO_LATER_MATCH = 1.5
"""Solo: a growing vine whose value is a later slot's number, per full vine (it may wait)."""


def _estimate(state, player: int) -> float:
    if state.solo:  # the goal: matched slots (rules, "Single player")
        matched = state.matched_slots(0)
        return (
            matched * 10
            + len(state.score[0]) * 1.0
            - (len(state.score[0]) - matched) * SOLO_WASTED_SLOT
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
        return _as_ended([r[-1] for r in sheet["rows"]], player, player in sheet["winners"])
    if not state.solo and state.final_round and state.active == state.last_player:
        # the game's last turn: its result is the score now and what the dice in hand may
        # still harvest, won or lost as at the end (valued as an ongoing game, anything but
        # ending looked better than a sure loss, and a Medium spent karma, worth points, on
        # cleaning its own vines)
        projected = [
            rules.score_parts(state, seat)["total"] + _vine_promise(state, seat)
            for seat in range(state.num_players)
        ]
        ahead = projected[player] >= max(projected[:player] + projected[player + 1 :])
        return _as_ended(projected, player, ahead)
    mine = _estimate(state, player)
    if state.solo:
        return mine
    return mine - max(_estimate(state, p) for p in range(state.num_players) if p != player)


def _as_ended(totals: list, player: int, won: bool) -> float:
    """A game over (or as good as over) for seat ``player``: ±100 for a win or a loss, plus
    the margin of ``totals`` over the best other seat's."""
    others = max(total for seat, total in enumerate(totals) if seat != player)
    return (100.0 if won else -100.0) + totals[player] - others


HARD_WEIGHTS = {
    "karma": (0.59, -0.24),
    "harvests": (-0.18, -0.82),
    "seed_vines": (-2.23, 0.81),
    "seed_value": (0.63, -0.11),
    "two_dice_vines": (-1.73, -0.51),
    "two_dice_value": (0.62, 0.21),
    "three_dice_vines": (-0.78, -0.69),
    "three_dice_value": (0.76, 0.12),
}
"""Hard's evaluation (:func:`hard_evaluate`): each feature of :func:`value_features` as
``(weight, change)``, its weight in points being ``weight + change * phase`` (phase: the
share of the bushel left, 1 at the start, 0 when it is empty). Fitted by ``bench/dt_value.py``
(least squares, 2001 two-player games of Medium against Medium, seeds 50000–52000): what a
seat's karma, harvests and growing vines are worth in the final margin beyond the points it
has already scored. A vine costs a token and a score slot, so a low one is a burden: a lone
seed of 1 is worth about -1.5 points, of 6 about +1.6 (the greedy evaluation: +0.05 and
+0.3)."""


def value_features(state, player: int) -> dict:
    """The features :data:`HARD_WEIGHTS` weighs for seat ``player``: its karma, its harvests,
    and for its vines of 1, 2 and 3 dice that can still be harvested how many there are and
    the sum of what they would score in the next slot (:func:`rules.harvest_points`); and
    ``burdens``, its vines that never can (:data:`BURDEN`)."""
    features = dict.fromkeys(HARD_WEIGHTS, 0)
    features["burdens"] = 0
    features["karma"] = state.karma[player]
    features["harvests"] = len(state.score[player])
    next_slot = len(state.score[player]) + 1
    for vine in state.vines[player]:
        if not vine:
            continue
        value = rules.vine_value(vine)
        if not rules.is_harvestable(value) or len(vine) >= 4:
            features["burdens"] += 1
            continue
        name = _VINE_FEATURES[len(vine)]
        features[name + "_vines"] += 1
        features[name + "_value"] += rules.harvest_points(state, next_slot, value)
    return features


_VINE_FEATURES = {1: "seed", 2: "two_dice", 3: "three_dice"}


def hard_estimate(state, player: int) -> float:
    """Seat ``player``'s points already certain (:func:`rules.running_score`) plus what
    :data:`HARD_WEIGHTS` says its karma, harvests and vines will add by the end."""
    phase = state.bushel_size() / sum(rules.full_bushel(state.num_players, state.options).values())
    features = value_features(state, player)
    total = rules.running_score(state, player)["total"] + features["burdens"] * BURDEN
    for name, (weight, change) in HARD_WEIGHTS.items():
        total += (weight + change * phase) * features[name]
    return total


def hard_evaluate(state, player: int) -> float:
    """Hard's value of ``state`` for seat ``player``, where its rollouts end
    (:meth:`DicedTomatoesBots.leaf_value`): :func:`hard_estimate` of the seat minus the best
    opponent's; a finished game, or a solo one, as :func:`evaluate` says. The greedy
    evaluation stays the rollouts' policy and Medium's: Hard's own choices in the rollouts
    valued this way played worse (measured with bench/bots.py: 65 % against 80 %)."""
    if state.is_terminal() or state.solo:
        return evaluate(state, player)
    mine = hard_estimate(state, player)
    return mine - max(hard_estimate(state, p) for p in range(state.num_players) if p != player)


_KARMA = (Reroll, Shift, CleanVine, RollOver, FlipSeed, SetDie)
_DIE_KARMA = (Reroll, Shift, RollOver, SetDie)
KARMA_MARGIN = 0.05
"""How much better (in :func:`evaluate`'s points) a die must serve after karma is spent on it,
its cost counted, for the spending to buy something (:func:`karma_buys`)."""


def die_worth(state, slot: int, me: int) -> float:
    """What the die in hand ``slot`` is worth to seat ``me``: :func:`evaluate` after its best
    placement (the position as it is when no placement is legal). A state at a chance node
    (a die being rolled) is worth its outcomes' mean, each weighted by its chance."""
    from engine.core import CHANCE

    if state.current_player() == CHANCE:
        total = 0.0
        for outcome, chance in state.chance_outcomes():
            after = state.clone()
            after.apply_action(outcome)
            total += chance * die_worth(after, slot, me)
        return total
    best = None
    for action in state.legal_actions():
        if isinstance(action, PlaceDie) and action.die == slot:
            after = state.clone()
            after.apply_action(action)
            value = evaluate(after, me)
            best = value if best is None else max(best, value)
    return evaluate(state, me) if best is None else best


def karma_buys(state, action) -> bool:
    """Whether karma spent by ``action`` on a die (a re-roll, a shift, a roll-over, a set face)
    leaves the player to move better off than the same die without it: the die, changed and
    the karma paid, is worth :data:`KARMA_MARGIN` more at its best placement
    (:func:`die_worth`; a re-roll by its faces' mean). Issue 42: a hint never spends karma for
    nothing (re-rolling a 5 that fits, then shifting the new 4 back). Other actions: True."""
    if not isinstance(action, _DIE_KARMA):
        return True
    me = state.current_player()
    after = state.clone()
    after.apply_action(action)
    return die_worth(after, action.die, me) > die_worth(state, action.die, me) + KARMA_MARGIN


def explain_move(state, action, names=None) -> str:
    """A one-line reason for a hint, from what the move does to the vines: the die, the vine or
    token and whose it is ("your" for the player asked, else the seat's name from ``names``,
    "Player N" without names), in the current language. Lower case, no full stop:
    :meth:`DicedTomatoesBots.explain` makes it a sentence.

    Examples: "harvests your top vine worth 4 into slot 2", "turns the red 5 into a 6 to
    complete your top vine" (karma).
    """
    from engine.diced_tomatoes.state import (
        ClearVine,
        FinalRound,
        KarmaGained,
        KeepVine,
        VineCleared,
        VineHarvested,
        the_die_words,
    )

    me = state.current_player()
    if isinstance(action, _KARMA):
        return _explain_karma(state, action, me, names)
    if isinstance(action, (ClearVine, KeepVine)):
        vine = state.vines[action.owner][action.token]
        where = _vine(action.owner, action.token, me, names)
        value = rules.vine_value(vine)
        if isinstance(action, ClearVine):
            return _("clears {vine} worth {value}: the token is free for a new vine").format(
                vine=where, value=value
            )
        return _("keeps {vine} worth {value} on its token").format(vine=where, value=value)
    after = state.clone()
    events = after.apply_action(action)
    final = any(isinstance(event, FinalRound) for event in events)
    for event in events:
        if isinstance(event, VineHarvested):
            if event.owner == me:
                if final:
                    words = _(
                        "harvests {vine} worth {value} into slot {slot}: your 6th tomato, "
                        "2 more points, and this round is the last"
                    )
                elif event.star:
                    words = _(
                        "harvests {vine} worth {value} into slot {slot} and earns a gold star"
                    )
                else:
                    words = _("harvests {vine} worth {value} into slot {slot}")
                return words.format(
                    vine=_vine(me, event.token, me, names), value=event.value, slot=event.slot
                )
            gained = sum(k.amount for k in events if isinstance(k, KarmaGained))
            words = (
                ngettext(
                    "completes {vine}, worth only {value} to them, and earns you {count} "
                    "karma, but it is their 6th tomato: 2 more points to them, and this round "
                    "is the last",
                    "completes {vine}, worth only {value} to them, and earns you {count} "
                    "karma, but it is their 6th tomato: 2 more points to them, and this round "
                    "is the last",
                    gained,
                )
                if final
                else ngettext(
                    "completes {vine}, worth only {value} to them, and earns you {count} karma",
                    "completes {vine}, worth only {value} to them, and earns you {count} karma",
                    gained,
                )
            )
            return words.format(
                vine=_vine(event.owner, event.token, me, names),
                value=event.value,
                count=gained,
            )
        if isinstance(event, VineCleared):
            return _("clears {vine} worth {value} so the token is free again").format(
                vine=_vine(event.owner, event.token, me, names), value=event.value
            )
    if isinstance(action, PlaceDie):
        colour, face = state.hand[action.die]
        die = the_die_words(colour, face)
        vine = state.vines[action.owner][action.token]
        token = _token(action.owner, action.token, me, names)
        if not vine:
            if action.owner == me:
                return _("seeds {token} with {die}: a vine worth {value}").format(
                    token=token, die=die, value=face
                )
            words = (
                _("seeds {token} with {die}, a vine worth only {value} to {name}")
                if face <= 3
                else _("seeds {token} with {die}, a vine worth {value} to {name}")
            )
            return words.format(token=token, die=die, value=face, name=_name(action.owner, names))
        grown = vine + [Die(colour, face)]
        kind = rules.vine_kind(grown)
        if action.owner == me:
            words = (
                ngettext(
                    "grows {vine} to {count} die with {die} (a set worth {value})",
                    "grows {vine} to {count} dice with {die} (a set worth {value})",
                    len(grown),
                )
                if kind == "set"
                else ngettext(
                    "grows {vine} to {count} die with {die} (a sequence worth {value})",
                    "grows {vine} to {count} dice with {die} (a sequence worth {value})",
                    len(grown),
                )
            )
            return words.format(
                vine=_vine(me, action.token, me, names),
                count=len(grown),
                die=die,
                value=rules.vine_value(grown),
            )
        where = _vine(action.owner, action.token, me, names)
        if not any(
            spot.owner == me and spot.takes(colour, face) for spot in rules.spot_table(state)
        ):
            words = _("puts {die} on {vine}: it fits none of your vines or open tokens")
        elif len(grown) == 3:
            words = _(
                "puts {die} on {vine}, one die from complete: whoever completes it earns karma"
            )
        else:
            words = _("puts {die} on {vine}, keeping your own vines for better dice")
        return words.format(die=die, vine=where)
    if isinstance(action, EndTurn):
        return _("every die is placed or passed: nothing better is left this turn")
    if isinstance(action, PassDie):
        colour, face = state.hand[action.die]
        die = the_die_words(colour, face)
        if state.solo:
            return _("{die} fits no vine or open token: it comes back to you").format(die=die)
        return _("{die} fits no vine or open token: it goes to {name}").format(
            die=die, name=_name(rules.next_player(state), names)
        )
    return ""


def _name(seat: int, names) -> str:
    from engine.diced_tomatoes.state import seat_name

    return seat_name(names, seat)


def _vine(owner: int, token: int, me: int, names=None) -> str:
    """ "your top vine" or "the top vine of Bo" (a noun phrase a sentence takes whole)."""
    from engine.diced_tomatoes.state import token_word

    if owner == me:
        return _("your {token} vine").format(token=token_word(token))
    return _("the {token} vine of {name}").format(token=token_word(token), name=_name(owner, names))


def _token(owner: int, token: int, me: int, names=None) -> str:
    """ "your top token" or "the top token of Bo"."""
    from engine.diced_tomatoes.state import token_word

    if owner == me:
        return _("your {token} token").format(token=token_word(token))
    return _("the {token} token of {name}").format(
        token=token_word(token), name=_name(owner, names)
    )


def _seed(owner: int, token: int, me: int, names=None) -> str:
    """ "your top seed" or "the top seed of Bo" (the seed die of that token's vine)."""
    from engine.diced_tomatoes.state import token_word

    if owner == me:
        return _("your {token} seed").format(token=token_word(token))
    return _("the {token} seed of {name}").format(token=token_word(token), name=_name(owner, names))


def _best_spot(state, colour: str, face: int, me: int, names=None) -> tuple:
    """The most useful place a die of ``colour`` and ``face`` could go now, as ``(rank, kind,
    where)`` (lower rank is better; ``kind`` is "complete", "fits" or "seed", ``where`` the
    vine or token in words), or ``(9, "", "")`` when it fits nowhere."""
    best = (9, "", "")
    for spot in rules.spot_table(state):
        owner, token = spot.owner, spot.token
        vine = state.vines[owner][token]
        if vine and face in spot.faces:
            own = owner == me
            value = rules.vine_value(vine + [Die(colour, face)])
            where = _vine(owner, token, me, names)
            if len(vine) == 3 and rules.is_harvestable(value):
                found = (0 if own else 3, "complete", where)
            else:
                found = (1 if own else 4, "fits", where)
        elif not vine and spot.seed_open and rules.can_seed(colour):
            found = (2 if owner == me else 5, "seed", _token(owner, token, me, names))
        else:
            continue
        best = min(best, found, key=lambda ranked: ranked[0])
    return best


def _explain_karma(state, action, me: int, names=None) -> str:
    """Why spend karma: what the changed die, cleaned vine or flipped seed does next."""
    from engine.diced_tomatoes.state import the_die_words

    if isinstance(action, (Reroll, Shift, RollOver, SetDie)):
        colour, face = state.hand[action.die]
        die = the_die_words(colour, face)
        rank = _best_spot(state, colour, face, me)[0]
        if isinstance(action, Reroll):
            if rank == 9:
                return _("re-rolls {die} you cannot place").format(die=die)
            if rank == 5:  # no vine takes it; only another player's empty token, as a seed
                return _("re-rolls {die}, which could only seed another player's vine").format(
                    die=die
                )
            if rank >= 3:
                return _("re-rolls {die}, which fits only other players' vines").format(die=die)
            better = [
                f for f in range(1, 7) if f != face and _best_spot(state, colour, f, me)[0] < rank
            ]
            if better:
                return ngettext(
                    "re-rolls {die}: {count} other face would suit you better",
                    "re-rolls {die}: {count} other faces would suit you better",
                    len(better),
                ).format(die=die, count=len(better))
            if rank == 2 and not state.solo and face <= 3:
                return _("re-rolls {die}: as a seed it makes a vine worth only {value}").format(
                    die=die, value=face
                )
            return _("re-rolls {die} hoping for a better face").format(die=die)
        if isinstance(action, Shift):
            new = face + action.delta
        elif isinstance(action, RollOver):
            new = rules.opposite_face(face)
        else:
            new = action.face
        new_rank, kind, where = _best_spot(state, colour, new, me, names)
        if new_rank == rank == 2:  # a seed either way: what the new face is worth
            next_slot = len(state.score[me]) + 1
            if state.solo and rules.slot_matches(next_slot, new):
                return _("turns {die} into a {face}, the seed slot {slot} needs").format(
                    die=die, face=new, slot=next_slot
                )
            if not state.solo and new > face:
                return _("turns {die} into a {face}, a seed worth {more} more").format(
                    die=die, face=new, more=new - face
                )
        words = {
            "complete": _("turns {die} into a {face} to complete {where}"),
            "fits": _("turns {die} into a {face} that fits {where}"),
            "seed": _("turns {die} into a {face} to seed {where}"),
        }.get(kind, _("turns {die} into a {face}"))
        return words.format(die=die, face=new, where=where)
    vine = state.vines[action.owner][action.token]
    where = _vine(action.owner, action.token, me, names)
    token = _token(action.owner, action.token, me, names)
    next_slot = len(state.score[action.owner]) + 1
    if isinstance(action, CleanVine):
        value = rules.vine_value(vine)
        if action.owner != me:
            return _("cleans {vine} worth {value} before it is harvested").format(
                vine=where, value=value
            )
        if not rules.is_harvestable(value):
            words = (
                _("cleans {vine} worth {value}, too low to harvest")
                if rules.is_worthless(value)
                else _("cleans {vine} worth {value}, too high to harvest")
            )
            return words.format(vine=where, value=value)
        if state.solo and not rules.slot_matches(next_slot, value):
            return _("cleans {vine} worth {value}; slot {slot} needs a {slot}").format(
                vine=where, value=value, slot=next_slot
            )
        if value <= 3:
            return _("frees {token} from a vine worth only {value}").format(
                token=token, value=value
            )
        return _("frees {token} for a new vine").format(token=token)
    # FlipSeed
    old = vine[0].face
    new = rules.opposite_face(old)
    flip = {"seed": _seed(action.owner, action.token, me, names), "old": old, "new": new}
    if state.solo and action.owner == me and rules.slot_matches(next_slot, new):
        return _("flips {seed} from {old} to {new}, the value slot {slot} needs").format(
            slot=next_slot, **flip
        )
    flipped = [Die(vine[0].colour, new)] + vine[1:]
    fits_now = [
        (c, f)
        for _slot, c, f in state.rolled_dice()
        if len(vine) < 4 and not rules.fits(vine, f) and rules.fits(flipped, f)
    ]
    if action.owner == me and new > old and not state.solo:
        return _("flips {seed} from {old} to {new}: worth {more} more").format(
            more=new - old, **flip
        )
    if action.owner != me and new < old:
        return _("flips {seed} from {old} to {new}: worth {less} less to them").format(
            less=old - new, **flip
        )
    if fits_now:
        colour, face = fits_now[0]
        return _("flips {seed} from {old} to {new} so {die} fits it").format(
            die=the_die_words(colour, face), **flip
        )
    return _("flips {seed} from {old} to {new}").format(**flip)
