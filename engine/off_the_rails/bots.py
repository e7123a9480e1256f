"""Off the Rails computer players: a turn planner over whole action phases (issue 9).

The generic bots (engine/bots) choose one action at a time, so they cannot see that four tiles
and a cart placed together make a route. :class:`PlannerBot` plans the whole action phase:

1. :func:`heuristics.routes` proposes concrete routes (tiles in path order, the cart to put in)
   from the player's carts or edge through the richest deposits and out of the mine, and ways out
   for loaded carts.
2. Candidate action sequences combine a route's next tiles, putting a cart in, and speed changes
   (speeds pre-screened by rolling each cart along the finished track).
3. Each sequence is played on a clone of the observation, the carts roll with a simple default
   policy, and :func:`heuristics.evaluate` scores the result. The best sequence's first step
   is played. Each call plans afresh from the position it is given, with the phase's own
   random numbers (:func:`phase_rng`), so the next step re-makes the same plan: nothing is
   remembered between calls, and a game resumed from a save plays on exactly as it would have.

Levels (see :data:`LEVELS`): **Easy** is a beginner: it plans over its best route and its best
route that builds (Medium's routes too when neither beats doing nothing), never ends its action
phase with nothing built while building would help its carts, and picks among its few best plans by
a softmax of their values (:func:`engine.bots.beginner.softmax_pick`), so it misjudges which good
plan is best. **Medium** plans one turn over three routes. **Hard** plans one turn over five
routes, also tries ramming opponents' loaded carts, then plays its four best candidates one round
further (the deposit sampled with its ``rng``, common to all candidates; the opponents' answer and
its own next turn by the Medium plan; chasm tokens placed greedily) and keeps the one that holds up
best on average; spare ``budget`` (with a ``clock``) buys more sampled futures, up to six.
Hard's evaluation has ``foresight`` (:func:`heuristics.evaluate`, level option ``foresight``):
the chance the chasm deck opens under its carts during the Chasm card's final turns, a chasm token
for every opponent's turn before its carts move again, and, in the chasm phase, nothing for a load
or deposit no cart can bring out before the last token ends the game; at 3-4 players a deposit
another player gets to first counts half (:func:`heuristics.first_to`).

Measured at 3 and 4 players (2026-12-06, ``bench/bots.py --fixed``, Hard in one seat, rotating,
against Mediums; seeds 3000-3039 and 4000-4039): before, 3p 20-1-18 (53 %, 1.58 x fair share,
39 games), 4p 14-1-25 (36 %, 1.45 x); with the chasm deck's opening seen, 3p 20-1-19 (51 %,
1.54 x), 4p 16-1-23 (41 %, 1.65 x); with every opponent's token too, 3p 20-1-19 (51 %, 1.54 x);
with nothing valued that the last token leaves behind too (all three, as now), 3p 21-0-19
(52.5 %, 1.58 x; mean score 22.8 v 19.1), 4p 15-0-25 (37.5 %, 1.50 x; 21.2 v 17.3): not yet
twice the fair share. Tried and dropped: one round of futures per opponent (2.5 x the work per
game, stopped at 4 games, 2-0-2), route units counted ``players / 2`` times (3p 6-0-10 after 16
games, 4p 4-0-8 after 12); at 3-4 players, a load's worth multiplied by 0.85 for each turn of
work to a way out and by 0.88 for each opponent's turn meanwhile (3p 22-0-18, 1.65 x; 4p
14-0-26, 1.40 x: no better), no look-ahead (3p 8-0-12 over seeds 3000-3019, against 10-0-10 as
now), two rounds of futures (7-0-13 there, twice the work), a sampled future counted half of a
candidate's value instead of 0.7 (3p 18-0-22, 1.35 x), and its own next turn in a future planned
with its own options (look-ahead aside) instead of Medium's (3p 24-0-16, 1.80 x; 4p 13-0-27,
1.30 x: 37 of 80 against 36). On fresh seeds 3100-3139, as now: 3p 19-0-21 (1.43 x): a 40-game
run moves by about 15 points by luck alone. At 2 players, as now: 167-1-73
over 241 games (69.5 %, 63-75; seeds 1000-1240, stopped at 241 of 400), mean score 31.2 v 25.3.

Tried 2026-12-07 and dropped (fresh seeds 3040-3159, where Hard as now went 50-0-70, 1.25 x;
4040-4079, 18-0-22, 1.80 x): the evaluation's terms weighted by a least-squares fit to what
1,500 Medium games went on to score (31-0-62 over 93 games where Hard now went 36-0-57: the fit
weighs deposits in reach below zero late, a likeness in Medium's games, not a cause); a position
valued against the opponents' mean, not the best one's (3p 56-1-63; 4p, seeds 4040-4079,
13-0-27 against 18-0-22); the deposits in reach at half their weight at 3-4 players (3p
57-1-62; 4p 16-0-24 against 18-0-22); no ramming tactics at 3-4 players (35-0-53 over 88, as
now).

Why Hard falls further behind its fair share at 3 players than at 2 (2026-12-07, seeded games
logged per seat): at 2 players Hard picks up 23.1 points of gems a game where Medium in its
seat picks up 18.9 (seeds 1000-1039); at 3 players both pick up 17.0 (seeds 3040-3099), and
Hard's edge is only missions and fewer gems lost to rams. 58 % of Hard's plans at 3 players
head for a deposit another player reaches in fewer route units (43 % at 2 players); an
opponent then takes from it first half the time and Hard a fifth, against Hard nearly three
times in four when it is the closer. Kept: at 3-4 players Hard's evaluation counts a deposit
another player gets to first at half its worth, each player's alike
(:func:`heuristics.first_to`, :data:`heuristics.CONTESTED`): 3p 58-1-61 on seeds 3040-3159
(1.46 x, against 50-0-70), 4p 19-0-21 on 4040-4079 (1.90 x, against 18-0-22); the share of
its plans heading for such a deposit fell to 52 %; on fresh seeds 3160-3199, 20-0-20 where
Hard before it went 23-0-17: over the 160 games 78-1-81 against 73-0-87, within the luck of
the draw, and far from twice the fair share. 2 players are untouched (the same moves).
Dropped: the routes ranked by the same halving too, so Hard's five candidates favour
uncontested deposits (3p 50-1-69), and a deposit halved once for each player who gets there
first (3p 17-0-25 after 42 games, where the kept rule went 22-0-20), and only Hard's own
contested deposits halved, not its opponents' (3p 18-0-22 after 40, against 22-0-18).

Tried 2026-12-07 for issue 39 (Hard at twice its fair share at 3-4 players) and dropped, on
seeds 3040-3159 where Hard as now went 58-1-61 (1.46 x): who gets to a deposit first weighed
by turn order too, a player's route units counted ``UNITS_PER_TURN / players`` more for each
other player's turn before its own next one (56-1-63, 1.41 x), and by whole turns of
``UNITS_PER_TURN`` units, turn order breaking ties (29-1-48 after 78 games, 1.13 x,
stopped). Twice the sampled futures (``FUTURES_WITHOUT_CLOCK`` 8: two rounds; a turn's p95
2.07 s, over the budget) went 63-0-57 (1.58 x), within luck: search is not what holds Hard
back. Nor is the chasm: over seeds 3040-3069 Hard lost 0.37 carts and 1.4 gem points a game
to it, each Medium 0.53 and 2.7.

Hard also turns a cart of its away from the chasm further along its roll, not only at its next
step (:func:`_escapes`, :func:`_tiles_before_chasm`): an upgrade of a tile it rolls through
before a chasm square gives it another way (track, a bump into a cart, a derail that keeps the
cart). Seed 3047 lost a cart with 14 points of gems two steps from the chasm at speed 6 where
one upgrade bumped it to a stop. 3p 60-1-59 on seeds 3040-3159 (1.51 x, against 58-1-61), 4p
18-0-22 on 4040-4079 (1.80 x, against 19-0-21), 25-1-34 on fresh seeds 3200-3259 as Hard
before it: the same strength, a sure loss fewer (kept as a fix, not for the win share).

Tried 2026-12-07 for issue 39 (a Hard clearly stronger at 2 players) and dropped, on seeds
1000-1099 where Hard as now went 70-0-30 (mean score 31.6 v 24.5): Diced Tomatoes' way, the
end of each sampled future valued by the evaluation's terms (:func:`heuristics.value_features`)
differenced between the seats, each weighted ``weight + change * phase`` as fitted by least
squares to the final margin beyond the points now of Medium-v-Medium games
(``bench/otr_value.py``), the candidate's own value still 0.3 of it: 72-0-28 with the deposit
deck's share as the phase (1,500 games fitted), 67-1-32 with the share of the game left (cards
and chasm tokens, 800 games); the candidates ranked by the fitted value too, 71-0-29. The fit
explains little more of the margin than the evaluation does (R² 0.20 against 0.16), and with
one sampled future per candidate the future's end decides little.

Bots use only the observation they are given: the action phase plans with :func:`phase_rng`,
every other decision with the ``rng`` passed to :meth:`choose`.
"""

from __future__ import annotations

import random
from typing import Any

from engine.bots import GameBots, as_sentence
from engine.bots.beginner import softmax_pick
from engine.bots.search import Allowance, Parallel, Search, never
from engine.core import CHANCE, IllegalAction
from engine.match import pick_outcome
from engine.off_the_rails import heuristics
from engine.off_the_rails.board import OPPOSITE
from engine.off_the_rails.data import (
    CART_CAPACITY,
    GEM_INDEX,
    GEM_VALUES,
    MAX_SPEED,
    MIN_SPEED,
    START_SPEED,
    jewels,
    value,
)
from engine.off_the_rails.rules import possible_splits, ways_on, with_split
from engine.off_the_rails.state import (
    CartPlace,
    ChangeSpeed,
    EndActions,
    OTRState,
    Pending,
    PickPile,
    PlaceCart,
    PlaceTile,
    UpgradeTile,
)

MAX_FUTURES = 24
"""Hard's look-ahead samples at most this many futures per candidate."""
FUTURES_WITHOUT_CLOCK = 4
"""Hard's sampled futures in all (over its look-ahead candidates) for a decision of the action
phase with a fixed budget (tests, benchmarks, online games): one round."""
FUTURE_RATE = 25.0
"""Hard's sampled futures per CPU-second of one core, for a timed search's work: about 0.8 of
the 31 measured over a whole game against Medium, the planning around them included
(2026-12-06, this project's machine)."""

LEVELS: dict[str, dict[str, Any]] = {
    # routes considered, speed targets kept per cart, look-ahead candidates; a beginner picks
    # among its ``top`` plans within ``margin`` points by a softmax at ``temperature`` (points),
    # measured with bench/bots.py
    "easy": dict(
        routes=2, speeds=2, lookahead=0, beginner=True, temperature=2.0, top=3, margin=4.0
    ),
    "medium": dict(routes=3, speeds=2, lookahead=0),
    # Hard's look-ahead: the opponents answer by the Medium plan, then Hard's own next turn
    # (measured at 1.5 s against Medium: 33-21 this way, 38-34 with an Easy answer alone)
    # ``foresight``: its evaluation sees the chasm deck's opening coming (heuristics.opening_risk)
    "hard": dict(
        routes=5,
        speeds=3,
        lookahead=4,
        tactics=True,
        reply="medium",
        second=True,
        escapes=True,
        foresight=True,
    ),
}


# =============================================================================================
# Default policy for the movement phase (used inside simulations)
# =============================================================================================
def _exit_score(state, cart_id, side, cost_out=None) -> float:
    """Quick value of leaving the moving cart's junction by ``side``."""
    k = state.carts[cart_id]
    what = heuristics.next_step(state, k.square, side)
    loaded = value(k.load)
    if what[0] == "exit":
        return 10 + loaded if sum(k.load) else -1.0
    if what[0] in ("chasm",):
        return -50 - loaded
    if what[0] == "derail":
        return -20 - loaded
    if what[0] == "cart":
        return -3.0
    sq = what[1]
    score = 1.0
    if sq in state.gems and sum(k.load) < CART_CAPACITY:
        score += 2 + heuristics.deposit_value(state.gems[sq])
    if cost_out is not None and loaded:
        outs = [cost_out.get((sq, g), 200) for g in what[2] if g != OPPOSITE[side]]
        score -= 0.1 * min(outs, default=200) * (1 + loaded / 4)
    return score


def default_action(state, legal):
    """A quick, sensible choice for any decision but the action phase (simulations)."""
    kind = state.pending()
    if kind == Pending.EXIT:
        ci = state.moving_cart()
        return max(legal, key=lambda action: _exit_score(state, ci, action.side))
    if kind == Pending.GEM:
        return max(legal, key=lambda action: GEM_VALUES[GEM_INDEX[action.gem]])
    if kind == Pending.SPLIT:
        return split_choice(state, legal)
    if kind == Pending.DROP:
        return min(legal, key=lambda action: value(action.gems))
    return legal[0]


def split_choice(state, legal, rng=None):
    """OR-D7: the mover picks a pile blind, so make the worse pick cost as little as possible:
    a split whose more valuable pile is worth least. With ``rng`` (a bot's own decision) one of
    those equally good splits at random, a split and its mirror alike, so the piles' order
    tells the mover nothing; without (a simulation), the first of them with the cheaper pile
    first."""
    load = state.carts[state.hit_cart()].load

    def worst(action):
        rest = tuple(x - y for x, y in zip(load, action.pile))
        return max(value(action.pile), value(rest))

    least = min(worst(action) for action in legal)
    best = [action for action in legal if worst(action) == least]
    if rng is not None:
        return best[int(rng.random() * len(best))]
    return min(best, key=lambda action: value(action.pile))


def pick_by_information_set(observation, legal) -> tuple:
    """``(pick, {pick: mean value})``: the pile to pick (OR-D7: the split is hidden from the
    mover). Each pick is valued over every split the hit cart's owner may have made
    (:func:`rules.possible_splits`, a split and its mirror alike), each equally likely: the
    points the pile drops from the hit cart on average (:func:`heuristics.split_pick_values`)
    first, as the rules make them the mover's gain (the opponent loses them); then, between
    piles worth the same, each split put in the observation (:func:`rules.with_split`), the pick
    played, the movement finished by the default policy and the position valued for the mover
    (the returned means). The evaluation alone preferred leaving a gold in the hit cart to
    dropping it on its square, counting a deposit under the cart as nearly its own, though a
    cart takes nothing from the square it stands on. Information-set search: the true split is
    never read (the observation masks it), so the choice is the same whatever it is."""
    me = observation.current_player()
    piles = observation.split_piles()
    load = tuple(a + b for a, b in zip(piles[0], piles[1], strict=True))
    splits = possible_splits(load)
    _big, _small, first, second = heuristics.split_pick_values(observation)
    dropped = {0: round(first, 6), 1: round(second, 6)}
    means = {}
    for action in legal:
        total = 0.0
        for pile in splits:
            sample = with_split(observation, (pile, tuple(a - b for a, b in zip(load, pile))))
            sample.apply_action(action)
            finish_turn(sample, me)
            total += heuristics.evaluate(sample, me)
        means[action] = total / len(splits)
    # a pick and its mirror sum the same values in another order: round the float noise off
    best = max(
        legal,
        key=lambda action: (dropped[action.pile], round(means[action], 6), -legal.index(action)),
    )
    return best, means


def finish_turn(state, me, rng=None, chance=False) -> None:
    """Play ``state`` forward with :func:`default_action` until ``me``'s movement is over (a chance
    node, another player's action phase or the end); with ``chance`` also resolve chance nodes
    and stop at the next action phase."""
    for _ in range(200):
        p = state.current_player()
        if p == CHANCE:
            if not chance:
                return
            state.apply_action(pick_outcome(state.chance_outcomes(), rng))
            continue
        if p < 0:
            return
        kind = state.pending()
        if kind == Pending.ACTIONS:
            if state.actions_left == 4 and (chance or state.player != me):
                return
            state.apply_action(EndActions())
            continue
        if kind in (Pending.CHASM_TOKEN, Pending.EDGE):
            if not chance:
                return
            state.apply_action(state.legal_actions()[0])
            continue
        state.apply_action(default_action(state, state.legal_actions()))


# =============================================================================================
# Action-phase planning
# =============================================================================================
def _apply_all(state, actions) -> bool:
    for a in actions:
        if state.current_player() != state.player or state.pending() != Pending.ACTIONS:
            return False
        try:
            state.apply_action(a)
        except IllegalAction:
            return False
    return True


def _roll_score(state, cart_id, speed, cost_out, tactics=False) -> float:
    """Local value of moving cart ``cart_id`` at ``speed`` on the present track (pre-screening)."""
    k = state.carts[cart_id]
    sq, f = k.square, k.facing
    load = value(k.load)
    taken = 0
    gained = 0.0
    if f is None:
        return 0.0
    for i in range(speed):
        what = heuristics.next_step(state, sq, f, cart_id)
        if what[0] == "exit":
            return (load + gained) * 1.2 + (0 if load + gained else -0.5)
        if what[0] in ("chasm", "derail"):
            return -(load + gained) - 1.0 - (5 if what[0] == "chasm" else 0)
        if what[0] == "cart":
            other = state.carts[what[1]]
            if tactics and other.owner != k.owner:
                # ramming: the hit cart drops half its load (missions: Jewel Heist, Head to
                # Head, Bumper Carts); a rammer with no jewel derails, so only one holding a
                # jewel rams
                return 0.5 * value(other.load) + (1.5 if jewels(k.load) else -1.0)
            return 0.1 * i - 0.5
        _, sq, tile = what
        if sq in state.gems and sum(k.load) + taken < CART_CAPACITY:
            taken += 1
            gained += heuristics.deposit_value(state.gems[sq]) / 2
        outs = ways_on(state, sq, OPPOSITE[f])
        f = max(outs, key=lambda side: -cost_out.get((sq, side), 500) if load + gained else 0)
    end = 0.0
    if sq in state.gems:
        end += heuristics.deposit_value(state.gems[sq]) / 2
    if load + gained:
        end -= 0.05 * cost_out.get((sq, f), 200)
    return gained + end + 0.05 * speed


def _speed_targets(state, cart_id, keep, cost_out, reach, tactics=False) -> list:
    k = state.carts[cart_id]
    opts = []
    for v in range(max(MIN_SPEED, k.speed - reach), min(MAX_SPEED, k.speed + reach) + 1):
        opts.append(
            (_roll_score(state, cart_id, v, cost_out, tactics) - 0.01 * abs(v - k.speed), v)
        )
    opts.sort(reverse=True)
    return [v for _, v in opts[:keep]]


def _sequences(state, me, cfg) -> list:
    """Candidate action sequences for the rest of ``me``'s action phase."""
    n = state.actions_left
    tables = (
        heuristics.exit_costs(state),
        heuristics.reach_costs(state, me, heuristics.gem_sources(state, me)),
    )
    if cfg.get("beginner"):
        # a beginner looks at its best route and, for track to lay, its best routes that build
        found = heuristics.routes(state, me, limit=8, tables=tables)
        rts = (
            found[:1]
            + [route for route in found[1:] if route.actions or route.entry][: cfg["routes"] - 1]
        )
    else:
        rts = heuristics.routes(state, me, limit=cfg["routes"], tables=tables)
    cost_out = tables[0][0]
    seqs = []
    seen = set()

    def add(seq):
        t = tuple(seq)
        if t not in seen:
            seen.add(t)
            seqs.append(list(seq))

    options: list[tuple] = [(r, False, None) for r in rts]
    options += [(r, True, None) for r in rts if r.entry is not None]
    options.append((None, False, None))
    if cfg.get("escapes"):
        # a cart of mine that rolls into the chasm on its next move is saved by an upgrade of
        # its tile (a cart on a junction chooses again: rules, "The Chasm"), then the routes
        options += [
            (route, False, upgrade) for upgrade in _escapes(state, me) for route in [None, *rts[:1]]
        ]
    for route, place, escape in options:
        base = ([escape] if escape is not None else []) + ([route.entry] if place else [])
        tiles = _tile_list([route] + [r for r in rts if r is not route]) if route else []
        # the track this route would have, to pre-screen speeds on it
        probe = state.clone()
        _apply_all(probe, base + tiles[: n - len(base)])
        carts = [ci for ci in state.carts_of(me) if probe.carts[ci].where == CartPlace.BOARD]
        left = n - len(base)
        per_cart = []
        for ci in carts:
            targets = _speed_targets(
                probe, ci, cfg["speeds"], cost_out, left, cfg.get("tactics", False)
            )
            cur = state.carts[ci].speed if state.carts[ci].where == CartPlace.BOARD else START_SPEED
            if cur not in targets:
                targets.append(cur)
            per_cart.append([(ci, v - cur) for v in targets])
        combos: list[list[tuple[int, int]]] = [[]]
        for opts in per_cart:
            combos = [c + [o] for c in combos for o in opts]
        for combo in combos:
            spend = sum(abs(d) for _, d in combo)
            if spend > left:
                continue
            speed_acts = [
                ChangeSpeed(ci, 1 if d > 0 else -1) for ci, d in combo for _ in range(abs(d))
            ]
            k_tiles = left - spend
            add(base + tiles[:k_tiles] + speed_acts)
            if not spend:
                # fewer tiles and actions left over: each step plans afresh, and a plan of
                # one speed change and two tiles, replanned after the change, found the two
                # tiles better at the old speed and turned the speed back
                for shorter in range(1, k_tiles):
                    add(base + tiles[:shorter])
    return seqs


def _escapes(state, me) -> list:
    """The upgrades that give another way to a cart of ``me`` that would otherwise roll into the
    chasm on its next move: its own tile when its next step leads there
    (:func:`heuristics.forced_into_chasm`), else each tile with no cart on it that the cart
    rolls through at its speed before a chasm square it cannot turn from
    (:func:`_tiles_before_chasm`): a junction there turns it away, onto track, into a cart (a
    bump stops it) or off the track (a derail keeps the cart)."""
    upgrades = []
    for ci in state.carts_of(me):
        cart = state.carts[ci]
        if cart.where != CartPlace.BOARD:
            continue
        if heuristics.forced_into_chasm(state, cart):
            upgrades += state.upgrades_at(*cart.square)
            continue
        for square in _tiles_before_chasm(state, ci):
            upgrades += state.upgrades_at(*square)
    return upgrades


def _tiles_before_chasm(state, cart_id) -> list:
    """The squares cart ``cart_id`` rolls through at its speed, on the present track, before a
    chasm square it has no other way from (rules, "The Chasm": a cart forced onto one falls
    in); [] when it does not roll there (a junction on the way with another exit, track ending,
    a cart in the way, a way out): :func:`heuristics.ways_ahead`."""
    passed: list[tuple[int, int]] = []
    for kind, square, ways in heuristics.ways_ahead(state, cart_id, state.carts[cart_id].speed):
        if kind == "chasm":
            return passed
        if kind != "track" or len(ways) != 1:
            return []
        passed.append(square)
    return []


def _tile_list(found) -> list:
    """The routes' tile actions in order (the first route's first), leftover actions going to
    the next routes; a square claimed by an earlier route is not touched again."""
    out, used = [], set()
    for r in found:
        mine = set()
        for a in r.actions:
            sq = (a.row, a.col)
            if sq in used:
                continue
            out.append(a)
            mine.add(sq)
        used |= mine
    return out


def _simulate(state, me, seq):
    """The position after ``seq``, the end of the action phase and ``me``'s movement; None when
    the sequence is not legal here."""
    t = state.clone()
    if not _apply_all(t, seq):
        return None
    if t.current_player() == me and t.pending() == Pending.ACTIONS:
        t.apply_action(EndActions())
    finish_turn(t, me)
    return t


def plan_actions(state, me, cfg, rng, allowance: Allowance | None = None, stopped=None) -> list:
    """The best action sequence for the rest of ``me``'s action phase (EndActions appended when
    actions are left over). ``allowance`` (:class:`engine.bots.search.Allowance`) is Hard's
    budget: its futures (:func:`_look_ahead`), its deadline and its cancel; without one the
    plan is made in full, with one sampled future per look-ahead candidate. ``stopped()``
    (default: the allowance's) returning True ends the scoring with what is scored."""
    if stopped is None and allowance is not None:
        stopped = allowance.stopped
    scored = _scored(state, me, _sequences(state, me, cfg), stopped, cfg.get("foresight", False))
    if not scored:
        return [EndActions()]
    best = scored[0]
    if cfg.get("beginner"):
        if not _building_beats_idle(scored, _idle_value(state, me, scored)):
            # its own few routes leave it idle: a beginner then looks as wide as Medium, so it
            # never idles while a plan that builds would help its carts
            wider = _sequences(state, me, LEVELS["medium"])
            seen = [row[1] for row in scored]
            scored = sorted(
                scored + _scored(state, me, [seq for seq in wider if seq not in seen], None),
                key=lambda row: -row[0],
            )
        best = _beginner_plan(state, me, scored, cfg, rng)
    elif cfg["lookahead"] and len(scored) > 1 and not (stopped and stopped()):
        best = _look_ahead(me, scored[: cfg["lookahead"]], cfg, rng, allowance) or best
    seq = _without_idle_speed(state, me, list(best[1]))
    if not seq or len(seq) < state.actions_left:
        seq.append(EndActions())  # OR-D12: the phase ends only when the player ends it
    return seq


def _without_idle_speed(state, me, seq: list) -> list:
    """``seq`` without the speed changes of a cart that leaves the board this turn either way
    with the same stockpile (its speed counts for nothing once it is off the board): a hint
    told a play-tester to speed up twice a loaded cart that left the mine at its own speed."""
    for cart_id in sorted({action.cart for action in seq if isinstance(action, ChangeSpeed)}):
        kept = [a for a in seq if not (isinstance(a, ChangeSpeed) and a.cart == cart_id)]
        played, plain = _simulate(state, me, seq), _simulate(state, me, kept)
        if played is None or plain is None:
            continue
        gone = all(after.carts[cart_id].where != CartPlace.BOARD for after in (played, plain))
        if gone and _carts_alike(played, plain, cart_id):
            seq = kept
    return seq


def _carts_alike(one, other, cart_id: int) -> bool:
    """Whether two positions have the same stockpiles and carts, ``cart_id``'s speed aside."""
    if one.stockpiles != other.stockpiles:
        return False
    for index, (a, b) in enumerate(zip(one.carts, other.carts, strict=True)):
        mine, theirs = a.to_dict(), b.to_dict()
        if index == cart_id:
            mine.pop("speed", None)
            theirs.pop("speed", None)
        if mine != theirs:
            return False
    return True


def _scored(state, me, sequences, stopped=None, foresight: bool = False) -> list:
    """``[(value, sequence, position after)]`` of the legal ``sequences``, best first; of equal
    values the one with the fewest speed changes, then the one proposed first (two plans
    ending alike, at speed 1 and speed 5, made a Medium change its speed up and down all
    phase long as each step planned afresh); stops early, keeping what has been scored, once
    ``stopped()`` is True (out of time or cancelled). ``foresight``: see
    :func:`heuristics.evaluate`."""
    scored: list[tuple[float, list, OTRState]] = []
    for seq in sequences:
        if scored and stopped is not None and stopped():
            break  # out of time or cancelled: keep what has been scored
        after = _simulate(state, me, seq)
        if after is None:
            continue
        scored.append((heuristics.evaluate(after, me, foresight), seq, after))
    scored.sort(key=lambda row: (-round(row[0], 9), _speed_changes(row[1])))
    return scored


def _speed_changes(sequence) -> int:
    return sum(1 for action in sequence if isinstance(action, ChangeSpeed))


def _idle_value(state, me, scored) -> float:
    """The value of doing nothing this action phase (from ``scored`` when it holds the empty
    plan)."""
    idle = next((row[0] for row in scored if not row[1]), None)
    if idle is None:
        after = _simulate(state, me, [])
        idle = heuristics.evaluate(after, me) if after is not None else scored[-1][0]
    return idle


def _building_beats_idle(scored, idle: float) -> bool:
    return any(builds(row[1]) and row[0] > idle for row in scored)


def builds(sequence) -> bool:
    """Whether an action sequence lays track, upgrades a tile or puts a cart in (not only speed
    changes or nothing)."""
    return any(isinstance(action, (PlaceTile, UpgradeTile, PlaceCart)) for action in sequence)


def _beginner_plan(state, me, scored, cfg, rng):
    """Easy's plan among ``scored`` (``(value, sequence, after)``, best first): never one that
    builds nothing (only speed changes, or nothing at all) while a building plan beats doing
    nothing, nor one valued below doing nothing; then a softmax over the ``top`` best within
    ``margin`` of the best."""
    idle = _idle_value(state, me, scored)
    pool = scored
    if _building_beats_idle(scored, idle):
        pool = [row for row in scored if builds(row[1]) and row[0] >= idle]
    best = pool[0][0]
    near = [row for row in pool[: cfg["top"]] if row[0] >= best - cfg["margin"]]
    return near[softmax_pick([row[0] for row in near], rng, cfg["temperature"])]


def _look_ahead(me, top, cfg, rng, allowance: Allowance | None = None):
    """Hard: for each candidate ``(value, seq, after)``, sample futures: the deposit, the
    opponents' answer (their turn by the ``cfg["reply"]`` plan, chasm tokens placed greedily)
    and, with ``cfg["second"]``, ``me``'s next turn (Medium); score each. Every candidate meets
    the same futures, round by round (common random numbers: the comparison between candidates
    is not drowned by the luck of the draw). ``allowance.work`` futures in all (at least one
    round; without an allowance one round), run by ``allowance.run``; a round not finished in
    time is left out for every candidate. Returns the best candidate by mean (or None).

    More work buys more sampled futures, not more candidates: measured with bench/bots.py at
    1.5 s, eight candidates scored on one or two futures each lost to Medium (25-30), as the
    best of many noisy scores is mostly the luckiest."""
    if len(top) < 2:
        return None
    rounds = 1 if allowance is None else max(1, min(MAX_FUTURES, allowance.work // len(top)))
    seeds = [rng.random() for _ in range(rounds)]
    shared = (
        me,
        cfg.get("reply", "medium"),
        cfg.get("second", True),
        top,
        cfg.get("foresight", False),
    )
    items = [(index, seed) for seed in seeds for index in range(len(top))]
    if allowance is None:
        values = [future_value(shared, item) for item in items]
    else:
        values = allowance.run(future_value, shared, items)
    totals = [0.0] * len(top)
    complete = 0
    for round_ in range(rounds):
        row = values[round_ * len(top) : (round_ + 1) * len(top)]
        numbers = [value for value in row if value is not None]
        if len(numbers) < len(row):
            break  # the deadline came first: this round and the later ones are not compared
        totals = [total + value for total, value in zip(totals, numbers, strict=True)]
        complete += 1
    if not complete:
        return None
    best = max(range(len(top)), key=lambda index: (totals[index], -index))
    return top[best]


def future_value(shared: tuple, item: tuple, stopped=never) -> float | None:
    """One sampled future of one look-ahead candidate, a unit of Hard's work
    (:meth:`engine.bots.search.Allowance.run`): ``shared`` is ``(me, the opponents' level,
    whether me plays a second turn, candidates, me's foresight)``, ``item`` ``(candidate index,
    seed)``."""
    me, reply, full, top, foresight = shared
    index, seed = item
    return _second_turn(
        top[index],
        me,
        random.Random(seed),
        LEVELS[reply],
        LEVELS["medium"],
        full,
        stopped,
        foresight,
    )


def _second_turn(
    candidate, me, rng, easy, medium, full=True, stopped=never, foresight=False
) -> float | None:
    """One sampled continuation of a candidate ``(value, seq, after)``: the deposit, the
    opponents' answer (Easy plan) and, when ``full``, ``me``'s next turn (Medium plan), scored
    for ``me`` (with ``foresight``: see :func:`heuristics.evaluate`); None when ``stopped()``
    ended it midway."""
    v1, _, after = candidate
    t = after.clone()
    if not _play_until_my_turn(t, me, rng, easy, stopped) or not full:
        return None if stopped() else 0.3 * v1 + 0.7 * heuristics.evaluate(t, me, foresight)
    plan = plan_actions(t, me, medium, rng, stopped=stopped)
    if stopped():
        return None
    _apply_all(t, [a for a in plan if not isinstance(a, EndActions)])
    if t.current_player() == me and t.pending() == Pending.ACTIONS:
        t.apply_action(EndActions())
    finish_turn(t, me)
    return 0.3 * v1 + 0.7 * heuristics.evaluate(t, me, foresight)


def _play_until_my_turn(state, me, rng, cfg, stopped=never) -> bool:
    """Advance a simulated position to ``me``'s next action phase (chance by ``rng``, other
    players by ``cfg``'s plan); False when the game ends first or ``stopped()`` says so."""
    for _ in range(400):
        if stopped():
            return False
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(pick_outcome(state.chance_outcomes(), rng))
            continue
        if p < 0:
            return False
        kind = state.pending()
        if kind == Pending.ACTIONS:
            if state.player == me:
                return True
            plan = plan_actions(state, state.player, cfg, rng, stopped=stopped)
            _apply_all(state, [a for a in plan if not isinstance(a, EndActions)])
            if state.current_player() == state.player and state.pending() == Pending.ACTIONS:
                state.apply_action(EndActions())
            continue
        if kind == Pending.CHASM_TOKEN:
            state.apply_action(_chasm_choice(state, state.legal_actions()))
            continue
        state.apply_action(default_action(state, state.legal_actions()))
    return False


def _chasm_choice(state, legal):
    me = state.current_player()
    best, best_v = legal[0], None
    for a in legal:
        t = state.clone()
        t.apply_action(a)
        v = heuristics.evaluate(t, me)
        if best_v is None or v > best_v:
            best, best_v = a, v
    return best


def phase_rng(state, level: str) -> random.Random:
    """The random generator of one action phase, drawn from what the phase's actions leave
    unchanged (level, turn, player, the gems in the mine, on the board, lost and in the
    stockpiles). Every step of the phase plans with the same numbers: the same softmax draws, the
    same sampled futures, so the plan chosen at its first step stays the best at the next ones
    (their candidates are the rests of the first step's) and is played through coherently,
    with no plan remembered between decisions. Re-planning with fresh numbers at each step
    mixed plans: untimed Hard won 18 of 40 games against Medium instead of 27."""
    stable = (
        level,
        state.turn,
        state.player,
        tuple(state.bag),
        tuple(state.lost),
        tuple(tuple(pile) for pile in state.stockpiles),
        tuple(sorted((square, tuple(gems)) for square, gems in state.gems.items())),
    )
    return random.Random(repr(stable))


# =============================================================================================
# The bot
# =============================================================================================
class PlannerBot:
    """An Off the Rails computer player for ``level`` ("easy", "medium" or "hard").

    ``choose(observation, legal_actions, rng)`` returns one legal action. ``budget`` (seconds)
    and ``clock`` (e.g. ``time.monotonic``) bound Hard's look-ahead; without a clock a fixed
    number of candidates is examined. ``cancel()`` makes a running search stop early.
    """

    def __init__(
        self,
        level: str = "medium",
        budget: float = 2.0,
        clock=None,
        futures: int = FUTURES_WITHOUT_CLOCK,
        parallel: Parallel | None = None,
    ):
        self.level = level
        self.cfg = LEVELS[level]
        self.search = Search(futures, FUTURE_RATE, budget, clock, parallel)

    def cancel(self) -> None:
        """Stop thinking as soon as possible (undo, load, quit)."""
        self.search.cancel()

    def choose(self, observation, legal_actions, rng):
        """The action to play for ``observation.current_player()``; ``ValueError`` if none."""
        if not legal_actions:
            raise ValueError("No legal action to choose from.")
        if len(legal_actions) == 1:
            return legal_actions[0]
        s = observation
        kind = s.pending()
        if kind == Pending.ACTIONS:
            action = self._action_phase(s, legal_actions, rng)
        elif kind in (Pending.MOVE_CART, Pending.EXIT, Pending.GEM):
            action = self._movement(s, legal_actions, rng)
        elif kind == Pending.SPLIT:
            action = split_choice(s, legal_actions, rng)
        elif kind == Pending.DROP:
            action = min(legal_actions, key=lambda action: value(action.gems))
        elif kind == Pending.PICK:
            if self.level == "hard":
                action = pick_by_information_set(s, legal_actions)[0]
            else:
                sizes = [sum(p) for p in s.split_piles()] if s.split_piles() else [1, 1]
                action = PickPile(0) if sizes[0] >= sizes[1] else PickPile(1)
        elif kind in (Pending.CHASM_TOKEN, Pending.EDGE, Pending.MISSION):
            action = self._one_step(s, legal_actions, rng)
        else:
            action = legal_actions[0]
        return action if action in legal_actions else legal_actions[0]

    # --- decisions ------------------------------------------------------------------------
    def _action_phase(self, state, legal, rng):
        # ``rng`` is new at every step; the phase's own generator makes each step re-make the
        # same plan (see phase_rng), so the plan is played through without being remembered.
        # A timed search (the table) remembers it instead, in the seat's TurnClock (the table
        # builds a new bot for each decision): the later steps of the phase take the plan's
        # next action at once while the position is the one the plan leads to.
        me = state.player
        remembered = self.search.recall()
        if remembered is not None:
            expected, rest = remembered
            if rest and rest[0] in legal and state.to_dict() == expected:
                return self._follow(state, rest)
        allowance = self.search.decision()
        plan = plan_actions(state, me, self.cfg, phase_rng(state, self.level), allowance)
        self.search.finished(allowance)
        return self._follow(state, plan) if self.search.timed else plan[0]

    def _follow(self, state, plan: list):
        """Play ``plan[0]``, remembering (:meth:`Search.remember`) the rest of ``plan`` and the
        position it leads to."""
        action = plan[0]
        if len(plan) > 1:
            after = state.clone()
            try:
                after.apply_action(action)
            except IllegalAction:
                return action
            self.search.remember((after.to_dict(), plan[1:]))
        return action

    def _movement(self, state, legal, rng):
        me = state.current_player()
        valued = []
        for a in legal:
            t = state.clone()
            t.apply_action(a)
            finish_turn(t, me)
            valued.append((self._value(t, me) + rng.random() * 1e-6, a))
        return self._pick(valued, rng)

    def _one_step(self, state, legal, rng):
        me = state.current_player()
        if len(legal) > 40:
            legal = legal[:40]
        valued = []
        for a in legal:
            t = state.clone()
            t.apply_action(a)
            valued.append((self._value(t, me) + rng.random() * 1e-6, a))
        return self._pick(valued, rng)

    def _value(self, state, me) -> float:
        return heuristics.evaluate(state, me, self.cfg.get("foresight", False))

    def _pick(self, valued, rng):
        """The best of ``[(value, action)]`` (the first of equals); a beginner's softmax among
        the best few within its margin."""
        best = max(valued, key=lambda row: row[0])
        if not self.cfg.get("beginner"):
            return best[1]
        ranked = sorted(valued, key=lambda row: row[0], reverse=True)[: self.cfg["top"]]
        near = [row for row in ranked if row[0] >= best[0] - self.cfg["margin"]]
        return near[softmax_pick([row[0] for row in near], rng, self.cfg["temperature"])][1]


class OffTheRailsBots(GameBots):
    """What Off the Rails' computer players and hints know (``GAME.bots``): every level is a
    :class:`PlannerBot` (also in the solo game, where the routes start from each cart's colour
    edge), planning whole action phases more or less far ahead."""

    def evaluate(self, state, player: int) -> float:
        return heuristics.evaluate(state, player)

    def explain(self, state, action, names) -> str:
        return as_sentence(heuristics.explain_move(state, action, names), names)

    def make(self, level: str, budget: float = 2.0, clock=None, parallel=None):
        return PlannerBot(level, budget, clock, parallel=parallel)


BOTS = OffTheRailsBots()
"""The game's :class:`engine.bots.GameBots`."""

__all__ = [
    "BOTS",
    "OffTheRailsBots",
    "PlannerBot",
    "plan_actions",
    "finish_turn",
    "default_action",
    "builds",
    "LEVELS",
]
