"""Potion Explosion's Hard bot plans whole turns (engine/potion_explosion/bots.py, issue 9)."""

from __future__ import annotations

import random
import threading
import time

import pytest

from engine import registry
from engine.bots import make_bot
from engine.core import CHANCE
from engine.potion_explosion.bots import (
    BOTS,
    TurnPlannerBot,
    completes_a_potion,
    greedy_turn,
    hard_moves,
)
from engine.potion_explosion.rules import score_parts
from engine.potion_explosion.state import COLOUR_INDEX, LittleHelp, Phase, RegularPick
from tests.clock import SteppingClock
from tests.engine.potion_explosion.helpers import pos
from tests.engine.rollout_seeds import assert_common_random_numbers, rollout_seeds
from tests.engine.test_bots import random_positions

SPEC = registry.get("potion-explosion")

# Seat 0 brews a Potion of Wisdom (R2 Y2, 5 VP) that lacks one yellow and a Filter of
# Lavamancing (K4 Y3, 11 VP) that lacks one black. No two neighbouring marbles match, so no
# pick explodes (except by a lucky refill at a track's top).
TWO_POTIONS = pos(
    "types=WIS,FIL,MAG,SAN,PRI,ABY phase=play "
    "tracks=RBYKRBYK/BRKYBRKY/RBYKRBYK/BRKYBRKY/RBYKRBYK tank=R5B5Y5K5 "
    "stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 "
    "p0=WIS4:RRY,FIL7:KKKYYY/-/-/-/0.0.-.0.0.0 p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
)


def picked_colour(state, action) -> str:
    assert isinstance(action, RegularPick)
    return state.tracks[action.track][action.position]


@pytest.mark.long
def test_hard_sees_the_drink_a_completed_potion_gives():
    """Taking the black completes the 11-VP Filter at once, which a one-step bot prefers. Taking
    the yellow completes the Wisdom, whose drink (take any 1 marble) takes the black too: both
    potions, 16 VP, in one turn (rules, "Potion effects": Potion of Wisdom)."""
    s = TWO_POTIONS
    medium = make_bot(SPEC, "medium").choose(s.clone(), s.legal_actions(), random.Random(1))
    hard = make_bot(SPEC, "hard").choose(s.clone(), s.legal_actions(), random.Random(1))
    assert picked_colour(s, medium) == "K"
    assert picked_colour(s, hard) == "Y"


@pytest.mark.long
def test_hard_plays_out_every_pick_whose_explosion_completes_a_potion():
    """Rules, "Explosions": picking the blue at place 3 of track 5 lets the reds below and above
    it meet and explode; with the blue, 2 reds complete seat 0's 11-VP Potion of Wisdom (R2 B4
    K1, its blues and black placed). One-step values count those reds as 2 marbles in the hand,
    below many black-and-yellow explosions for the 6-VP Sands of Time, so the pick used to be
    left out of the search now and then; Hard now always plays it out, and takes it."""
    s = pos(
        "types=WIS,FIL,MAG,SAN,PRI,ABY phase=play "
        "tracks=KBYKYBKY/BYKYBYKY/KBYKYBYK/BYKYBKBY/YRBRKYBK tank=R5B5Y5K5 "
        "stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 "
        "p0=WIS7:BBBBK,SAN6:/-/-/-/0.0.-.0.0.0 p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
    )
    for seed in range(3):
        choice = TurnPlannerBot().choose(s.clone(), s.legal_actions(), random.Random(seed))
        assert choice == RegularPick(4, 2), seed


def test_greedy_turn_plays_the_turn_to_its_end():
    """The rollout policy ends the turn (rules, "A turn": end turn, then draw tiles): the next
    seat is to move, the hand is empty and both potions were completed and scored."""
    s = TWO_POTIONS.clone()
    s.apply_action(RegularPick(0, 2))  # the yellow at the third place of track 0
    after = greedy_turn(s, random.Random(3))
    assert (after.phase, after.player) == ("play", 1)
    assert after.desks[0].hand == [0, 0, 0, 0]
    assert score_parts(after.desks[0])[0] == 16


# Seat 0 brews only a Potion of Wisdom (Y4 K2, 8 VP), all six holes empty. Picking the blue at
# place 4 of track 1 sets off a chain reaction (rules, "Explosions"): the blacks meet and explode,
# then the yellows, then the reds: 2 blacks and 2 yellows for 4 holes. Picking the blue at place 3
# of track 2 explodes 2 yellows: 2 holes. Every other pick takes one marble, and the tank holds
# only blues (no hole needs one), so no refill adds a marble that fills a hole.
CHAIN_OR_PAIR = pos(
    "types=WIS,FIL,MAG,SAN,PRI,ABY phase=play "
    "tracks=RYKBKYRB/RYBYKBRB/KBRKBRKB/BKRBKRBK/RKBRKBRK tank=R0B20Y0K0 "
    "stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 "
    "p0=WIS6:,-/-/-/-/0.0.-.0.0.0 p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
)
CHAIN, PAIR = RegularPick(0, 3), RegularPick(1, 2)


def holes_filled(state, action) -> int:
    """Holes of seat 0's potions the marbles a pick surely brings fill (heuristics.best_fill)."""
    from engine.potion_explosion.heuristics import best_fill, pick_haul

    gained, _more = pick_haul(state.tracks[action.track], action.position)
    return sum(best_fill(state.desks[0], gained)[1].values())


@pytest.mark.long
def test_hard_takes_the_chain_reaction_that_fills_4_holes_over_a_pick_that_fills_2():
    """Rules, "Explosions": a chain reaction goes on while the marbles that meet match. With a
    small search (16 rollouts, no clock) and any of five seeds, Hard takes the chain."""
    s = CHAIN_OR_PAIR
    assert (holes_filled(s, CHAIN), holes_filled(s, PAIR)) == (4, 2)
    others = [a for a in s.legal_actions() if isinstance(a, RegularPick) and a not in (CHAIN, PAIR)]
    assert max(holes_filled(s, a) for a in others) == 1
    for seed in range(5):
        bot = TurnPlannerBot(rollouts=16)
        assert bot.choose(s.clone(), s.legal_actions(), random.Random(seed)) == CHAIN, seed
        assert bot.last_rollouts <= 16


def test_the_hint_is_the_chain_reaction_and_says_what_it_fills():
    """The hint asks Hard (issue 21: a hint once chose 2 holes over a chain's 4)."""
    from engine.potion_explosion.bots import BOTS

    s = CHAIN_OR_PAIR
    hint = make_bot(SPEC, "hard").choose(s.clone(), s.legal_actions(), random.Random(3))
    assert hint == CHAIN
    assert BOTS.explain(s, hint, ["Ana", "Bot"]) == (
        "Taking the blue marble explodes 2 red, 2 yellow and 2 black marbles on track 1: "
        "7 marbles for 4 empty holes of your Potion of Wisdom."
    )


def test_rollouts_weigh_every_pick_not_a_sample_crowded_by_little_help():
    """Rules, "Little Help" is offered for every marble, so before a pick there are as many as
    picks. The rollout policy leaves them out before it samples its 40 moves to weigh: it then
    weighs every pick and takes the chain for 4 holes in each of 20 rollouts (it did in 9 when
    Little Helps took half the sample)."""
    for seed in range(20):
        after = greedy_turn(CHAIN_OR_PAIR.clone(), random.Random(seed))
        filled = after.desks[0].slots[0].placed
        assert sorted(filled) == ["KK", "KK", "YY", "YY"], seed


@pytest.mark.long
def test_candidates_before_a_pick_meet_the_same_refills(monkeypatch):
    """Common random numbers: the k-th rollout of every candidate pick draws its refills from
    the same seed, so a comparison of picks is not drowned by the luck of the refills (rules,
    "Explosions": the dispenser refills each track from the bag at random)."""
    from engine.potion_explosion import bots as pe_bots

    bot = TurnPlannerBot(rollouts=48)
    seeds = rollout_seeds(monkeypatch, pe_bots)
    s = TWO_POTIONS
    bot.choose(s.clone(), s.legal_actions(), random.Random(4))
    assert_common_random_numbers(seeds)


def test_a_fixed_search_shares_its_rollouts_among_fewer_candidates(monkeypatch):
    """Without a clock 48 rollouts are shared among the 4 best one-step picks (and every pick
    that completes a potion), so each is played out at least 3 times before halving drops any;
    among 8 and more, half were dropped on one rollout each. With a clock, 8 are kept."""
    from engine.potion_explosion.bots import (
        ROOT_CANDIDATES,
        ROOT_CANDIDATES_WITHOUT_CLOCK,
        completes_a_potion,
    )
    from engine.potion_explosion.heuristics import pick_haul

    s = pos(
        "types=WIS,FIL,MAG,SAN,PRI,ABY phase=play "
        "tracks=RBYKRBYK/BRKYBRKY/RBYKRBYK/BRKYBRKY/RBYKRBYK tank=R5B5Y5K5 "
        "stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 "
        "p0=WIS4:R,FIL7:KKK/-/-/-/0.0.-.0.0.0 p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
    )
    desk = s.desks[0]
    assert not any(
        completes_a_potion(desk, pick_haul(s.tracks[a.track], a.position)[0])
        for a in s.legal_actions()
        if isinstance(a, RegularPick)
    )

    from engine.potion_explosion import bots as pe_bots

    def played_out(bot) -> dict:
        with monkeypatch.context() as patch:
            seeds = rollout_seeds(patch, pe_bots)
            bot.choose(s.clone(), s.legal_actions(), random.Random(2))
        return {action: len(numbers) for action, numbers in seeds.items()}

    fixed = played_out(TurnPlannerBot(rollouts=48))
    assert len(fixed) == ROOT_CANDIDATES_WITHOUT_CLOCK == 4
    assert min(fixed.values()) >= 3
    timed = played_out(TurnPlannerBot(budget=0.5, clock=SteppingClock(0.0001)))
    assert len(timed) == ROOT_CANDIDATES == 8


@pytest.mark.long
def test_hard_decision_is_reproducible_with_a_fixed_seed():
    s = TWO_POTIONS
    first = TurnPlannerBot().choose(s.clone(), s.legal_actions(), random.Random(7))
    again = TurnPlannerBot().choose(s.clone(), s.legal_actions(), random.Random(7))
    assert first == again


def test_cancel_stops_the_search_before_a_pick():
    s = TWO_POTIONS
    bot = TurnPlannerBot(budget=30.0, clock=time.monotonic)
    result = {}
    worker = threading.Thread(
        target=lambda: result.setdefault(
            "a", bot.choose(s.clone(), s.legal_actions(), random.Random(1))
        )
    )
    worker.start()
    time.sleep(0.2)
    bot.cancel()
    worker.join(timeout=5)
    assert not worker.is_alive()
    assert result["a"] in s.legal_actions()


def test_search_before_a_pick_keeps_to_its_deadline():
    """A timed search is counted in rollouts; its clock is a safety deadline: the first
    decision of a turn stops at 70 % of the turn's 0.4 s, even with rollouts left to make."""
    s = TWO_POTIONS
    clock = SteppingClock(0.002)  # each read of the clock is 2 ms of "thinking"
    bot = TurnPlannerBot(budget=0.4, clock=clock)
    bot.choose(s.clone(), s.legal_actions(), random.Random(1))
    assert clock.now <= 0.7 * 0.4 + 0.02  # it stops at its deadline, not well past it
    assert bot.last_rollouts >= 1


def test_hard_drafts_the_most_vp_then_the_colours_its_first_potion_shares():
    """Rules, "Setup" (the starter draft): Hard takes the 5-VP Wisdom (R2 Y2) over the 4-VP
    starters; with its first potion a Wisdom, of two 4-VP starters it takes the one sharing red
    (Abyssal Draft, R2 B2) over Magnetical Attraction (B2 K2)."""
    from engine.potion_explosion.bots import draft_choice
    from engine.potion_explosion.state import DraftStarter

    s = pos("types=SAN,MAG,WIS,PRI,BLI,ABY phase=draft draft=0:MAG4,WIS4,ABY4,SAN4")
    assert draft_choice(s, s.legal_actions()) == DraftStarter("WIS4")
    # the last pick of a 2-player draft is seat 0's again; it already brews a Wisdom
    s = pos(
        "types=SAN,MAG,WIS,PRI,BLI,ABY phase=draft draft=3:MAG4,ABY4 "
        "p0=WIS4:,-/-/-/-/0.0.-.0.0.0 p1=SAN4:,PRI4:/-/-/-/0.0.-.0.0.0"
    )
    assert s.current_player() == 0
    assert draft_choice(s, s.legal_actions()) == DraftStarter("ABY4")


@pytest.mark.long
def test_every_level_places_fitting_hand_and_pool_marbles_and_ends_its_turn():
    """A turn, "To end the turn": placement comes before the pool. A bot of each level whose
    hand marble (red) and pool marble (yellow) fit empty holes places them and ends its turn:
    moving a marble into the pool is no way out, and no bot gets stuck."""
    start = pos(
        "types=WIS,FIL,MAG,SAN,PRI,ABY tracks=" + "/".join(["RBYKRBYK"] * 5) + " "
        "stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 tank=R5B5Y5K5 turn=p "
        "p0=WIS4:RY,FIL7:KKKYYY/Y/R/-/0.0.-.0.0.0 p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
    )
    for level in ("easy", "medium", "hard"):
        s = start.clone()
        bot, rng = make_bot(SPEC, level), random.Random(5)
        for _ in range(40):
            if s.turn_owner() != 0:
                break
            if s.current_player() < 0:
                s.apply_action(s.chance_outcomes()[0][0])
            else:
                s.apply_action(bot.choose(s.clone(), s.legal_actions(), rng))
        assert s.turn_owner() == 1 and s.desks[0].turns == 1, level
        assert "WIS4" in [potion.tile for potion in s.desks[0].completed], level


# Seat 0 has a drunk Wisdom and, not yet drunk, an Elixir of Blind Love, a Prismatic Joy and a
# Sands of Time; its pool and every opponent's pool are empty.
NOTHING_TO_GAIN = (
    "n=3 types=WIS,BLI,PRI,SAN,MAG,ABY phase=play turn=p "
    "tracks=RBYKRBYK/BRKYBRKY/RBYKRBYK/BRKYBRKY/RBYKRBYK tank=R5B5Y5K5 "
    "stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 "
    "p0={brewing}/{pool}/-/BLI4,PRI4,SAN4,WIS4!/0.0.-.0.0.0 "
    "p1=MAG4:,SAN4:/{other}/-/-/0.0.-.0.0.0 p2=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
)


def drinks(level, text, seed=1):
    """The potions (types) a bot of ``level`` drinks from position ``text`` in a few tries."""
    from engine.potion_explosion.data import TILES
    from engine.potion_explosion.state import Drink

    s = pos(text)
    bot, drunk = make_bot(SPEC, level), set()
    for attempt in range(20):
        action = bot.choose(s.clone(), s.legal_actions(), random.Random(seed + attempt))
        if isinstance(action, Drink):
            drunk.add(TILES[s.desks[0].completed[action.index].tile].type)
    return drunk


def test_drink_gains_nothing_blind_love_on_empty_pools_prismatic_joy_with_an_empty_pool():
    """Rules, "Potion effects": Blind Love takes an opponent's pool, Prismatic Joy makes the
    pool's marbles wild (PE-D10), Sands of Time copies a drunk potion (PE-D8)."""
    from engine.potion_explosion.rules import drink_gains_nothing

    empty = pos(NOTHING_TO_GAIN.format(brewing="WIS4:RR,MAG4:", pool="-", other="-"))
    assert [drink_gains_nothing(empty, index) for index in range(3)] == [True, True, False]
    full = pos(NOTHING_TO_GAIN.format(brewing="WIS4:RR,MAG4:", pool="R", other="K"))
    assert [drink_gains_nothing(full, index) for index in range(3)] == [False, False, False]
    # a red pool marble, but the only empty holes are red: wildness gives nothing
    red_only = pos(NOTHING_TO_GAIN.format(brewing="WIS4:YY,-", pool="R", other="-"))
    assert drink_gains_nothing(red_only, 1) is True


def test_bots_never_drink_a_potion_for_nothing():
    """Easy "spends nothing for nothing" and Medium neither: no Blind Love on empty pools,
    no Prismatic Joy with an empty pool (the potion would be spent for ever)."""
    text = NOTHING_TO_GAIN.format(brewing="WIS4:RR,MAG4:", pool="-", other="-")
    for level in ("easy", "medium"):
        assert not drinks(level, text) & {"BLI", "PRI"}, level


def test_bots_still_drink_blind_love_when_an_opponent_has_a_pool():
    text = NOTHING_TO_GAIN.format(brewing="WIS4:RR,MAG4:", pool="-", other="KKK")
    assert "BLI" in drinks("medium", text)


def little_help_positions(seeds, completing: bool, picked: bool = True) -> list:
    """Positions of random games (one per seed) where the player to move may take a Little
    Help, with other moves to make, after the regular pick (``picked``) or before it: those
    where one of them would complete a potion (``completing``), or those where none would."""
    found: list = []
    for seed in seeds:
        for state in random_positions(SPEC, 400, seed=seed):
            if state.phase != Phase.PLAY or state.picked != picked or state.effect is not None:
                continue
            legal = state.legal_actions()
            helps = [a for a in legal if isinstance(a, LittleHelp)]
            if not helps or len(helps) == len(legal):
                continue
            desk = state.desks[state.current_player()]
            if any(completes_a_potion(desk, marble(state, a)) for a in helps) == completing:
                found.append(state)
    return found


@pytest.mark.long
def test_hard_takes_a_little_help_only_to_complete_a_potion_it_names():
    """Issue 39, rules "Little Help" (−2 VP): Hard, and so its hint, takes a Little Help only
    for a marble that completes a potion this turn — it never considers one that completes
    nothing (:func:`hard_moves`) — and its reason names that potion; the turn then completes
    it. Over seeded positions where a Little Help is legal (before the pick and after it,
    with and without a potion one marble short), Hard plays its turn to the end."""
    positions = (
        little_help_positions(range(3), True)[:8]
        + little_help_positions([3, 4], False)[:6]
        + little_help_positions([5], False, picked=False)[:3]
    )
    helps = passed_by = 0
    for index, start in enumerate(positions):
        me = start.current_player()
        state = start.clone()
        completed = len(state.desks[me].completed)
        promised = 0
        bot = TurnPlannerBot(rollouts=8)
        for _step in range(60):
            if state.current_player() != me or state.phase != Phase.PLAY:
                break
            legal = state.legal_actions()
            wasted = [
                a
                for a in legal
                if isinstance(a, LittleHelp)
                and not completes_a_potion(state.desks[me], marble(state, a))
            ]
            if len(wasted) < len(legal):
                assert not set(wasted) & set(hard_moves(state, legal))
            action = bot.choose(state.clone(), legal, random.Random(index))
            if isinstance(action, LittleHelp):
                helps += 1
                assert completes_a_potion(state.desks[me], marble(state, action))
                reason = BOTS.explain(state, action, ["Ana", "Ben"])
                assert "enough to complete your" in reason, reason
                promised += 1
            elif wasted:
                passed_by += 1
            state.apply_action(action)
            while state.current_player() == CHANCE:
                state.apply_action(state.chance_outcomes()[0][0])
        assert len(state.desks[me].completed) - completed >= promised
    assert helps >= 3 and passed_by >= 8  # both cases were met


def marble(state, action) -> list:
    """The marble a Little Help takes, as counts per colour."""
    gained = [0, 0, 0, 0]
    gained[COLOUR_INDEX[state.tracks[action.track][action.position]]] = 1
    return gained


# A play-test's Medium moved its pool's yellow to the hand, then back (its pool holds two
# yellows, its hand one, it moved a yellow to the pool this turn).
POOL_TO_HAND = (
    "n=2 opt=random,random types=SAN,MAG,WIS,BAL,PRI,BLI phase=play first=1 player=0 "
    "draft=4:- tracks=KBBRRBKK/KRBBKKRB/BRRBBRBK/RBKYYBKK/BYYRKKKY tank=R7B7Y9K5 "
    "stacks=WIS6+8/MAG6+6/PRI5+7/BLI7+6/MAG7+6 skill=3/11 turn=p/Y effect=- seam=- end=0 "
    "tb=- win=- tt=0 p0=-,SAN4:KY/YY/Y/BLI4!,BLI5!,SAN4,BLI6,SAN5/1.0.BLI.0.0.5 "
    "p1=BAL6:RKYRY,WIS4:RR/-/-/MAG4!,PRI4/0.0.-.0.0.6"
)


def test_only_hard_moves_a_pool_marble_to_the_hand_and_only_to_swap_it():
    """Rules, "move marbles between your hand and your pool freely": a marble moved from the
    pool to the hand goes back to the tank at the turn's end, or back to the pool. Only Hard,
    which plans the whole turn, does it, and only to make room in a full pool for a hand
    marble of another colour."""
    from engine.potion_explosion.bots import bot_moves
    from engine.potion_explosion.state import MoveToHand

    def to_hand(moves):
        return sorted(action.colour for action in moves if isinstance(action, MoveToHand))

    for pool, hand, swapped in (("Y", "R", []), ("YYK", "R", ["K", "Y"]), ("YYK", "Y", ["K"])):
        s = pos(
            "types=WIS,FIL,MAG,SAN,PRI,ABY phase=play tracks=" + "/".join(["RBYKRBYK"] * 5) + " "
            f"stacks=MAG5+3/SAN5+3/PRI5+3/ABY5+3/WIS5+3 tank=R5B5Y5K5 turn=p "
            f"p0=WIS4:RY,FIL7:KKKYYY/{pool}/{hand}/-/0.0.-.0.0.0 p1=MAG4:,SAN4:/-/-/-/0.0.-.0.0.0"
        )
        legal = s.legal_actions()
        assert to_hand(legal) == sorted(set(pool))  # people may
        assert to_hand(bot_moves(s, legal)) == [], pool
        assert to_hand(hard_moves(s, legal)) == swapped, (pool, hand)
    s = pos(POOL_TO_HAND)
    for seed in range(5):
        action = make_bot(SPEC, "medium").choose(s.clone(), s.legal_actions(), random.Random(seed))
        assert not isinstance(action, MoveToHand), action
