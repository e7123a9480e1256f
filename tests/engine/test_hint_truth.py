"""Every hint reason is true (issue 39 item 5): over positions of seeded games of every game,
each claim a move's reason makes — points, slots, karma, explosions, piles, columns — is
checked against what the engine does when the move is played. The default run checks a few
positions per game; ``-m soak`` checks about a thousand (tests/soak.py)."""

from __future__ import annotations

import random
import re

import pytest

from engine import registry
from engine.bots import make_bot
from engine.bots.rollout import settle
from tests.engine.test_hints import NAMES, positions
from tests.soak import keep_first

GAMES = ("potion-explosion", "diced-tomatoes", "off-the-rails", "tea-time")


def played(state, action):
    """``(state after, its events)``."""
    after = state.clone()
    return after, after.apply_action(action)


def check_diced_tomatoes(state, action, reason: str) -> int:
    """DT claims: a harvest's value and slot, a 6th tomato (said whenever it is one), karma
    earned, a seed's or a vine's worth, a face a karma action turns a die into, the number of
    dice of a grown vine."""
    from engine.diced_tomatoes import rules
    from engine.diced_tomatoes.state import FinalRound, KarmaGained, VineHarvested

    after, events = played(state, action)
    harvests = [e for e in events if isinstance(e, VineHarvested)]
    claims = 0
    found = re.search(r"[Hh]arvests .* worth (\d+) into slot (\d+)", reason)
    if found:
        assert [(h.value, h.slot) for h in harvests][:1] == [(int(found[1]), int(found[2]))], reason
        claims += 1
    found = re.search(r"[Cc]ompletes .*, worth only (\d+) to .* earns you (\d+) karma", reason)
    if found:
        assert harvests and harvests[0].value == int(found[1]), reason
        gained = sum(e.amount for e in events if isinstance(e, KarmaGained))
        assert gained == int(found[2]), reason
        claims += 1
    if "6th tomato" in reason:  # the first 6th harvest: +2 points and the final round
        assert any(isinstance(e, FinalRound) for e in events), reason
        claims += 1
    else:
        assert not any(isinstance(e, FinalRound) for e in events), reason
    found = re.search(r"[Ss]eeds .* with the \w+ (\d): a vine worth (\d+)", reason)
    if found:
        assert found[1] == found[2], reason
        vine = after.vines[action.owner][action.token]
        assert len(vine) == 1 and vine[0].face == int(found[2]), reason
        claims += 1
    found = re.search(r"[Gg]rows .* to (\d) dice with .* \(a (set|sequence) worth (\d+)\)", reason)
    if found:
        vine = after.vines[action.owner][action.token]
        assert len(vine) == int(found[1]), reason
        assert rules.vine_kind(vine) == found[2] and rules.vine_value(vine) == int(found[3])
        claims += 1
    found = re.search(r"[Tt]urns the \w+ (\d) into an? (\d)", reason)
    if found:
        assert state.hand[action.die].face == int(found[1]), reason
        assert after.hand[action.die].face == int(found[2]), reason
        claims += 1
    found = re.search(r"[Rr]e-rolls the \w+ \d(?: you cannot place|, which (fits|could))", reason)
    if found:
        me, places = state.turn_owner(), die_places(state, action.die)
        if found[1] is None:
            assert places == set(), reason
        elif found[1] == "fits":  # other players' vines (perhaps their seeds too), none its own
            assert all(o != me for o, _k in places), reason
            assert "vine" in {k for _o, k in places}, reason
        else:  # only as a seed on another player's empty token
            assert places and all(o != me and k == "seed" for o, k in places), reason
        claims += 1
    return claims


def die_places(state, die: int) -> set:
    """``{(owner, "vine" | "seed")}``: where hand die ``die`` could be placed now, by the
    engine's legal placements (played on a copy after any karma action waits: placing is
    legal in the same phase)."""
    from engine.diced_tomatoes.state import PlaceDie

    places = set()
    for action in state.legal_actions():
        if isinstance(action, PlaceDie) and action.die == die:
            vine = state.vines[action.owner][action.token]
            places.add((action.owner, "vine" if vine else "seed"))
    return places


def check_tea_time(state, action, reason: str) -> int:
    """Tea Time claims: each column named reaches the count and the points said, and a take
    of two characters names both columns (issue 42)."""
    from engine.tea_time.rules import column_points
    from engine.tea_time.state import CHARACTER_PLURALS, character_name
    from translation import _

    me = state.active
    after, _events = played(state, action)
    columns = after.collections[me]
    taken = {state.table[r][c].character for r, c in action.cells if not state.table[r][c].is_alice}
    by_name = {character_name(character): character for character in taken}
    claims = 0
    reached = re.findall(r"[Yy]our ([^,]+?) column reaches (\d+), worth (\d+)", reason)
    for name, count, points in reached:
        assert columns[by_name[name]].count == int(count), reason
        assert column_points(int(count)) == int(points), reason
        claims += 1
    for name, points in re.findall(r"starts your ([^,]+?) column, worth (\d+)", reason):
        before = state.collections[me][by_name[name]].count
        assert before == 0 and column_points(columns[by_name[name]].count) == int(points), reason
        claims += 1
    for more, target in re.findall(r"now and (\d+) at (\d+) cards", reason):
        # the first size worth more than an empty column, above the column's size now
        count = columns[next(iter(by_name.values()))].count if len(by_name) == 1 else None
        sizes = [n for n in range(1, 6) if column_points(n) > column_points(0)]
        assert column_points(int(target)) == int(more) and int(target) == sizes[0], reason
        assert count is None or count < int(target), reason
        claims += 1
    words = [(character_name(character), _(CHARACTER_PLURALS[character])) for character in taken]
    about_mine = "your" in reason.lower() or "leaves you" in reason  # not a denial's words
    if (
        len(taken) == 2
        and about_mine
        and any(one in reason or many in reason for one, many in words)
    ):
        assert all(one in reason or many in reason for one, many in words), reason  # both
        claims += 1
    return claims


def check_off_the_rails(state, action, reason: str) -> int:
    """OtR claims: a pick's pile is the larger or smaller one, with the gems said; equal piles
    are said to be equal."""
    piles = state.split_piles() if hasattr(state, "split_piles") else None
    claims = 0
    found = re.search(r"Picks pile (\d), the (larger|smaller) one: (\d+) of the (\d+) gems", reason)
    if found and piles:
        mine, other = piles[int(found[1]) - 1], piles[2 - int(found[1])]
        assert sum(mine) == int(found[3]) and sum(mine) + sum(other) == int(found[4]), reason
        assert (sum(mine) > sum(other)) == (found[2] == "larger"), reason
        claims += 1
    found = re.search(r"Picks pile \d: both piles hold (\d+) gems?", reason)
    if found and piles:
        assert sum(piles[0]) == sum(piles[1]) == int(found[1]), reason
        claims += 1
    if piles and reason.startswith("Picks pile"):
        # worth on average over every split the owner could have made, never the split itself
        means = pile_means(piles)
        mine, other = means[action.pile], means[1 - action.pile]
        found = re.search(
            r"worth (\d+\.\d) points on average .* \(the other pile (\d+\.\d)\)", reason
        )
        if found:
            assert (found[1], found[2]) == (f"{mine:.1f}", f"{other:.1f}"), (reason, means)
            claims += 1
        found = re.search(r"both piles are worth (\d+\.\d) points on average", reason)
        if found:
            assert found[1] == f"{mine:.1f}" == f"{other:.1f}", (reason, means)
            claims += 1
        if "are worth the same on average" in reason:
            assert abs(mine - other) < 1e-9, (reason, means)
            claims += 1
    assert "the one with more gems" not in reason, reason
    found = re.search(
        r"(?:track for (.+) to reach|a way for (.+) to turn toward) .+ on ([A-L]\d+)\.", reason
    )
    if found:
        reached = already_reached(state, found[1] or found[2])
        assert found[3] not in reached, (reason, reached)
        claims += 1
    found = re.search(r"toward .+ on ([A-L]\d+); at speed (\d), (.+) gets there later", reason)
    if found:  # the gems lie farther than the cart rolls this turn
        cart = named_cart(state, found[3])
        assert cart is not None and cart.speed == int(found[2]), reason
        claims += 1
    claims += check_junction(state, action, reason)
    return claims


def named_cart(state, cart_words: str):
    """The player to move's cart on the board named by ``cart_words`` ("your white cart")."""
    from engine.off_the_rails.heuristics import _your
    from engine.off_the_rails.state import CartPlace

    for ci in state.carts_of(state.current_player()):
        if _your(state, ci) == cart_words and state.carts[ci].where == CartPlace.BOARD:
            return state.carts[ci]
    return None


def check_junction(state, action, reason: str) -> int:
    """OtR junction claims (OR-D6): the crash, bump, stop or junction a chosen exit leads to,
    checked against the events of the exit played."""
    from engine.off_the_rails.state import (
        CartDerailed,
        CartMoved,
        ChooseExit,
        Collided,
        CollisionKind,
        GemsDropped,
    )
    from engine.off_the_rails.words import square_name

    if not isinstance(action, ChooseExit) or ": it " not in reason:
        return 0
    cart_id = state.moving_cart()
    after, events = played(state, action)
    hits = [e for e in events if isinstance(e, Collided) and e.cart == cart_id]
    found = re.search(r"it (crashes|bumps) into .+ on ([A-L]\d+)", reason)
    if found:
        assert hits and square_name(hits[0].other_row, hits[0].other_col) == found[2], reason
        bump = hits[0].kind == CollisionKind.BUMP or state.bumper  # Bumper Carts: no drop
        assert bump == (found[1] == "bumps"), reason
        if "which drops gems there" in reason:  # a split or a pick waits, or one gem dropped
            dropped = any(isinstance(e, GemsDropped) for e in events)
            assert dropped or after.pending() in ("split", "drop", "pick"), reason
        return 1
    assert not hits, reason
    found = re.search(
        r"it (stops on|rolls on to the junction on|reaches the gems on) ([A-L]\d+)", reason
    )
    if found:
        moved = [e for e in events if isinstance(e, CartMoved) and e.cart == cart_id]
        assert moved and square_name(*moved[-1].path[-1]) == found[2], reason
        return 1
    found = re.search(r"it runs off the track at ([A-L]\d+)", reason)
    if found:
        off = [e for e in events if isinstance(e, CartDerailed) and e.cart == cart_id]
        assert off and square_name(off[0].toward_row, off[0].toward_col) == found[1], reason
        return 1
    return 0


def pile_means(piles) -> tuple:
    """The points each pile of a split is worth on average over every ordered split of the
    load into piles of these sizes (OR-D7: the owner chooses the split and the piles' order),
    each equally likely: from the load alone, as the mover knows it."""
    from itertools import product

    from engine.off_the_rails.data import GEM_VALUES

    load = [a + b for a, b in zip(piles[0], piles[1], strict=True)]
    size = sum(piles[0])
    firsts = [
        pile
        for pile in product(*(range(held + 1) for held in load))
        if sum(pile) == size and (sum(load) % 2 == 0 or size > sum(load) - size)
    ]
    worth = [sum(n * v for n, v in zip(pile, GEM_VALUES, strict=True)) for pile in firsts]
    total = sum(n * v for n, v in zip(load, GEM_VALUES, strict=True))
    first = sum(worth) / len(worth)
    return first, total - first


def already_reached(state, cart_words: str) -> list:
    """The squares (as the board names them) the cart named by ``cart_words`` ("your white
    cart's") rolls over on the track already laid, until a junction (a T or a cross, OR-D6),
    a gap or the edge."""
    from engine.off_the_rails import board
    from engine.off_the_rails.heuristics import _your, next_step
    from engine.off_the_rails.state import CartPlace
    from engine.off_the_rails.words import square_name

    named = [
        ci
        for ci in state.carts_of(state.current_player())
        if _your(state, ci, "of") == cart_words
        and state.carts[ci].where == CartPlace.BOARD
        and state.carts[ci].facing is not None
    ]
    if not named:
        return []  # a cart still off the board reaches nothing yet
    cart = state.carts[named[0]]
    square, facing, seen = cart.square, cart.facing, []
    for _step in range(4 * 144):
        step = next_step(state, square, facing)
        if step[0] != "track":
            break
        square, exits = step[1], step[2]
        seen.append(square_name(*square))
        others = [side for side in exits if side != board.OPPOSITE[facing]]
        if len(others) != 1:
            break  # a T or a cross: its owner chooses (OR-D6)
        facing = others[0]
    return seen


def check_potion_explosion(state, action, reason: str) -> int:
    """PE claims: a placed marble leaves the empty holes said, or completes the potion for the
    VP said (and a skill token when said); a pick that explodes marbles brings the number of
    marbles said (at least, when more may follow)."""
    from engine.potion_explosion.data import TILES
    from engine.potion_explosion.rules import empty_holes

    me = state.current_player()
    claims = 0
    found = re.search(r"\((\d+) holes? still empty\)", reason)
    if found:
        after, _events = played(state, action)
        brewing = after.desks[me].slots[action.slot]
        assert brewing is not None and sum(empty_holes(brewing)) == int(found[1]), reason
        claims += 1
    found = re.search(r"it is complete, for (\d+) VP( and earns a skill token)?", reason)
    if found:
        desk = state.desks[me]
        after, _events = played(state, action)
        completed = after.desks[me].completed
        assert len(completed) == len(desk.completed) + 1, reason
        assert TILES[completed[-1].tile].vp == int(found[1]), reason
        assert (after.desks[me].tokens > desk.tokens) == bool(found[2]), reason
        claims += 1
    found = re.search(r"explodes .* on track (\d)( \(maybe more\))?: (\d+) marbles", reason)
    if found:
        assert int(found[1]) == action.track + 1, reason
        before = sum(state.desks[me].hand)
        after, _events = played(state, action)
        settle(after, random.Random(len(reason)))  # the track refills, then the seam explodes
        gained = sum(after.desks[me].hand) - before
        if found[2]:
            assert gained >= int(found[3]), (reason, gained)
        else:
            assert gained == int(found[3]), (reason, gained)
        claims += 1
    return claims


def test_a_hint_never_says_track_reaches_gems_the_cart_already_reaches():
    """Play-test: the white cart already rolled onto I9's ruby and diamond on its track, yet
    the hint laying J9 beyond said "track for your white cart to reach a ruby and a diamond on
    I9". Track past a deposit is for carrying its gems off."""
    from engine.off_the_rails.state import PlaceTile
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems

    state = blank()
    put_cart(state, 0, (10, 8), "N", speed=2)
    lay(state, {(9, 8): "NS", (8, 8): "ES"})
    put_gems(state, (8, 8), (0, 1, 0, 0, 1))
    assert "I9" in already_reached(state, "your white cart")
    spec = registry.get("off-the-rails")
    reason = spec.bots.explain(state, PlaceTile(8, 9, "EW"), NAMES[:2])
    assert reason == (
        "Lays an east-west straight on J9: track for your white cart to carry off a ruby and a "
        "diamond from I9."
    )
    assert check_off_the_rails(state, PlaceTile(8, 9, "EW"), reason) == 0  # no reach claim


CHECKS = {
    "potion-explosion": check_potion_explosion,
    "diced-tomatoes": check_diced_tomatoes,
    "off-the-rails": check_off_the_rails,
    "tea-time": check_tea_time,
}


def split_positions(count: int, seed: int) -> list:
    """Off the Rails: ``count`` positions where a hit cart's load of 1-5 random gems waits for
    its owner's split, and as many where a split waits for the mover's pick (random games
    seldom reach them)."""
    from engine.off_the_rails.state import EndActions, SplitLoad
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart

    rng = random.Random(seed)
    found = []
    for _ in range(count):
        load = [0] * 5
        for _gem in range(1 + int(rng.random() * 5)):
            load[int(rng.random() * 5)] += 1
        s = blank()
        lay(s, {(2, c): "EW" for c in range(12)})
        put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
        put_cart(s, 2, (2, 4), "E", load=tuple(load))
        s.apply_action(EndActions())
        if s.pending() != "split":
            continue
        found.append(s.clone())
        splits = [a for a in s.legal_actions() if isinstance(a, SplitLoad)]
        s.apply_action(splits[int(rng.random() * len(splits))])
        found.append(s)
    return found


def junction_positions(count: int, seed: int) -> list:
    """Off the Rails: ``count`` positions where a cart waits at a T (OR-D6) whose east exit
    runs into a cart holding random gems and whose south exit leads to a deposit or off the
    track (random games seldom reach them)."""
    from engine.off_the_rails.state import EndActions
    from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems

    rng = random.Random(seed)
    found = []
    for _ in range(count):
        loads = [[0] * 5, [0] * 5]
        for load in loads:
            for _gem in range(int(rng.random() * 4)):
                load[int(rng.random() * 5)] += 1
        s = blank(bumper_carts=rng.random() < 0.2)
        south = {(3, 2): "NS", (4, 2): "NS"} if rng.random() < 0.7 else {(3, 2): "NS"}
        lay(s, {(2, 0): "EW", (2, 1): "EW", (2, 2): "ESW", (2, 3): "EW"} | south)
        put_gems(s, (4, 2), (0, 0, 1, 0, 0))
        put_cart(s, 0, (2, 1), "E", speed=2 + int(rng.random() * 3), load=tuple(loads[0]))
        put_cart(s, 2, (2, 3), rng.choice("EW"), load=tuple(loads[1]))
        s.apply_action(EndActions())
        if s.pending() == "exit":
            found.append(s)
    return found


def check_positions(game: str, players: int, count: int, seed: int) -> tuple:
    """Check every legal move's reason in ``count`` positions, and Hard's hint in some:
    ``(claims checked, reasons read)``."""
    spec = registry.get(game)
    names = NAMES[:players]
    claims = reasons = 0
    states = positions(game, players, count, seed)
    if game == "off-the-rails" and players == 2:
        states += split_positions(count, seed) + junction_positions(count, seed)
    for index, state in enumerate(states):
        player = state.current_player()
        seen = state.observation(player)  # a hint's reason knows what the player may know
        legal = state.legal_actions()
        for action in legal:
            reason = spec.bots.explain(seen, action, names)
            reasons += 1
            claims += CHECKS[game](seen, action, reason)
        if index % 4 == 0:  # the hint itself: Hard's move
            hint = make_bot(spec, "hard").choose(seen.clone(), legal, random.Random(index))
            reasons += 1
            claims += CHECKS[game](seen, hint, spec.bots.explain(seen, hint, names))
            if game == "off-the-rails" and seen.pending() == "pick":
                # the picked pile drops from the hit cart: never the one worth less
                means = pile_means(seen.split_piles())
                assert means[hint.pile] >= means[1 - hint.pile] - 1e-9, means
    return claims, reasons


@pytest.mark.parametrize(
    ("players", "count"), keep_first([(2, 8), (3, 60), (2, 120), (3, 120)], count=1)
)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.long
def test_every_claim_of_a_hint_reason_is_what_the_engine_does(game, players, count):
    """Issue 39 item 5: each claim of each reason, checked against the move played."""
    claims, reasons = check_positions(game, players, count, seed=900 + players)
    assert reasons >= count and claims >= 1, (claims, reasons)
