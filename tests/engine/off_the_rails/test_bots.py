"""Off the Rails computer players (issue 9): every level plays legal moves, delivers a loaded
cart, explains its hints and never reads the hidden split (rules, "Collisions", OR-D7)."""

import random

import pytest

from engine.bots import make_bot
from engine.bots.search import Search
from engine.core import CHANCE, TERMINAL
from engine.match import pick_outcome
from engine.off_the_rails import GAME, board, bots, heuristics
from engine.off_the_rails.rules import possible_splits as rules_possible_splits
from engine.off_the_rails.state import (
    CartLeftMine,
    CartMoved,
    CartPlace,
    ChangeSpeed,
    ChooseExit,
    EndActions,
    Pending,
    PickPile,
    PlaceTile,
    SplitLoad,
    TakeGem,
    UpgradeTile,
)
from tests.clock import SteppingClock
from tests.engine.off_the_rails.helpers import blank, lay, put_cart, put_gems

LEVELS = ("easy", "medium", "hard")


def positions(seed, count):
    """Positions at a player's decision, reached by bot-like random play (track-laying policy)."""
    from engine.off_the_rails import rules
    from tests.engine.off_the_rails.helpers import track_policy

    rng = random.Random(seed)
    s = rules.new_state(2, {})
    out = []
    while s.current_player() != TERMINAL and len(out) < count:
        p = s.current_player()
        if p == CHANCE:
            s.apply_action(pick_outcome(s.chance_outcomes(), rng))
            continue
        if rng.random() < 0.2:
            out.append(s.clone())
        s.apply_action(track_policy(s, rng))
    return out


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.long
def test_every_level_returns_legal_actions_from_random_positions(level):
    for i, s in enumerate(positions(31, 12)):
        p = s.current_player()
        legal = s.legal_actions()
        bot = make_bot(GAME, level)  # no clock: a fixed amount of search
        assert isinstance(bot.bot, bots.PlannerBot)
        assert bot.choose(s.observation(p), legal, random.Random(i)) in legal


def delivery_position():
    """North player's white cart at (2,3) facing north with a diamond and a gold, speed 3; the
    square (0,3) next to the edge has no track yet, so rolling without building derails."""
    s = blank()
    lay(s, {(r, 3): "NS" for r in range(1, 6)})
    put_cart(s, 0, (2, 3), "N", speed=3, load=(0, 0, 0, 1, 1))
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_or_d12_every_level_ends_an_action_phase_with_no_action_left(level):
    """OR-D12: after the fourth action the phase waits for EndActions; a bot that could also
    take a held mission (The Spice of Life) still answers with a legal action."""
    s = blank()
    s.missions, s.dealt = [10, 3, 7], [10, 3, 7]
    s.stockpiles[0] = (0, 1, 1, 1, 1)
    for c in range(4):
        s.apply_action(PlaceTile(0, c, "EW"))
    legal = s.legal_actions()
    assert len(legal) == 2 and EndActions() in legal
    assert make_bot(GAME, level).choose(s.clone(), legal, random.Random(1)) in legal


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_deliver_a_loaded_cart_next_to_their_edge(level):
    s = delivery_position()
    rng = random.Random(5)
    delivered = []
    for _ in range(60):
        p = s.current_player()
        if p == CHANCE or p == TERMINAL or s.player != 0:
            break
        bot = make_bot(GAME, level)
        a = bot.choose(s.observation(p), s.legal_actions(), rng)
        delivered += [e for e in s.apply_action(a) if isinstance(e, CartLeftMine)]
    assert delivered and delivered[0].gems == (0, 0, 0, 1, 1)
    assert s.stockpiles[0] == (0, 0, 0, 1, 1)


def test_medium_builds_towards_a_deposit_and_puts_a_cart_in():
    """From an empty board with a rich deposit below the north edge, Medium lays track on a
    route from its edge to the deposit (a tile or a cart on the route, never a random square)."""
    s = blank()
    put_gems(s, (3, 3), (0, 0, 0, 1, 1))
    route = heuristics.routes(s, 0, limit=1)[0]
    assert route.target == (3, 3)
    a = make_bot(GAME, "medium").choose(s.observation(0), s.legal_actions(), random.Random(1))
    assert a in route.actions or a == route.entry


def test_explain_move_returns_a_sentence_for_every_kind_of_action():
    s = blank()
    put_gems(s, (3, 3), (0, 1, 0, 0, 1))
    lay(s, {(0, 3): "NS"})
    put_cart(s, 0, (0, 3), "S", speed=2)
    for a in s.legal_actions()[::37] + [EndActions()]:
        text = heuristics.explain_move(s, a)
        assert isinstance(text, str) and text.endswith(".") and len(text) > 10
    route = heuristics.routes(s, 0, limit=1)[0]
    # spoken to the player to move, naming the cart and the squares as the board labels them
    assert heuristics.explain_move(s, route.actions[0]) == (
        "Lays a north-south straight on D2: track toward a ruby and a diamond on D4; at speed 2, "
        "your white cart gets there later."
    )
    assert (
        heuristics.explain_move(s, ChangeSpeed(0, 1))
        == "At speed 3, your white cart would derail at D2 and go back to your supply."
    )
    # three gems of one kind are named as such, not "3 gems with a ruby" (read as one ruby)
    s.gems[(3, 3)] = (0, 3, 0, 0, 0)
    route = heuristics.routes(s, 0, limit=1)[0]
    assert heuristics.explain_move(s, route.actions[0]) == (
        "Lays a north-south straight on D2: track toward 3 rubies on D4; at speed 2, your white "
        "cart gets there later."
    )


@pytest.mark.long
def test_hint_reasons_say_your_and_stay_short():
    """Hints speak to the player to move ("your"), never name them in the third person, and
    stay short: at most about two lines of the framed card a long message shows in at
    1024x640 (the top bar says up to two lines of 14 px itself); three for the end of the
    actions, which says what each of two carts does."""
    count = 0
    for s in positions(5, 30):
        p = s.current_player()
        for a in s.legal_actions()[::7] + [EndActions()] * (EndActions() in s.legal_actions()):
            text = heuristics.explain_move(s, a)
            assert f"Player {p + 1}" not in text, text
            assert len(text) <= (170 if isinstance(a, EndActions) else 130), text
            count += 1
    assert count > 100


@pytest.mark.long
def test_solo_hints_give_real_reasons():
    """Solo: a tile on the way to a deposit, a way out for a loaded cart (by the edge where its
    jewel counts) and a jewel taken are explained, not "A sensible move."."""
    s = blank(1)
    put_gems(s, (8, 8), (0, 1, 2, 0, 1))
    reasons = {heuristics.explain_move(s, a) for a in s.legal_actions()}
    assert "A sensible move." not in reasons
    assert (
        "Lays a north-south straight on I10: track for your green cart to reach 4 gems "
        "with a diamond on I9."
    ) in reasons
    assert (
        "Puts your green cart in at the south edge, column I, to fetch 4 gems with a diamond on I9."
    ) in reasons
    s = blank(1)
    put_cart(s, 3, (5, 1), "W", speed=1, load=(0, 0, 0, 0, 1))  # the blue cart, a diamond
    assert (
        heuristics.explain_move(s, PlaceTile(5, 0, "EW"))
        == "Lays an east-west straight on A6 to bring your blue cart's diamond out west."
    )
    assert (
        heuristics.explain_move(s, TakeGem("diamond"))
        == "Takes the diamond: diamonds count at the west edge."
    )


@pytest.mark.parametrize("level", LEVELS)
def test_planner_never_reads_the_hidden_split(level):
    """OR-D7: two positions that differ only in the owner's split look the same to the mover,
    and the planner picks the same pile in both (fixed seed)."""

    def position(split):
        return collision_after_split(split, load=(1, 1, 0, 0, 1), heading="E")

    a, b = position((0, 1, 0, 0, 1)), position((1, 1, 0, 0, 0))
    mover = a.current_player()
    assert a.pending() == "pick" and a.split_piles() != b.split_piles()
    oa, ob = a.observation(mover), b.observation(mover)
    assert oa.split_piles() == ob.split_piles()
    picks = {make_bot(GAME, level).choose(o, o.legal_actions(), random.Random(3)) for o in (oa, ob)}
    assert len(picks) == 1 and picks.pop() in (PickPile(0), PickPile(1))


def test_owner_split_keeps_the_worse_pick_cheap():
    """The owner of a hit cart splits so the more valuable pile is worth as little as possible."""
    s = collision_before_split(load=(0, 2, 0, 0, 2), heading="E")
    a = make_bot(GAME, "medium").choose(s.observation(1), s.legal_actions(), random.Random(0))
    assert isinstance(a, SplitLoad) and a.pile == (0, 1, 0, 0, 1)


def test_hard_respects_its_budget_with_a_clock():
    s = blank()
    put_gems(s, (3, 3), (0, 0, 1, 1, 1))
    put_gems(s, (3, 8), (0, 2, 1, 0, 0))
    clock = SteppingClock(0.01)  # each read of the clock is 10 ms of "thinking"
    bot = make_bot(GAME, "hard", budget=0.3, clock=clock)
    a = bot.choose(s.observation(0), s.legal_actions(), random.Random(2))
    assert clock.now <= 0.3 + 0.05  # it stops at its budget, not well past it
    assert a in s.legal_actions()


@pytest.mark.long
def test_a_bot_game_replays_exactly():
    """Same seed, same levels: the same moves."""
    from engine.match import Match, Seat

    def play():
        m = Match(GAME, [Seat("bot", "A", "easy"), Seat("bot", "B", "medium")], seed=17)
        for _ in range(150):
            if m.is_terminal():
                break
            if m.is_chance():
                m.advance_chance()
            else:
                m.play_bot_turn_now(lambda spec, lv: make_bot(spec, lv))
        return m.history

    first = play()
    assert play() == first


def test_cancel_stops_a_thinking_hard_bot():
    import threading
    import time

    s = blank()
    put_gems(s, (3, 3), (0, 0, 1, 1, 1))
    put_gems(s, (3, 8), (0, 2, 1, 0, 0))
    bot = make_bot(GAME, "hard", budget=30.0, clock=time.monotonic)
    result = {}
    worker = threading.Thread(
        target=lambda: result.setdefault(
            "a", bot.choose(s.observation(0), s.legal_actions(), random.Random(1))
        )
    )
    worker.start()
    time.sleep(0.05)
    bot.cancel()
    worker.join(timeout=5)
    assert not worker.is_alive() and result["a"] in s.legal_actions()


@pytest.mark.long
def test_hard_spends_more_work_on_more_futures_of_the_same_candidates(monkeypatch):
    """With work to spare, Hard's look-ahead samples every one of its ``lookahead`` candidates
    on more futures (the same future for all candidates in a round), not more candidates on
    fewer futures: a budget of 6 futures per candidate gives 6 rounds."""
    s = blank()
    put_gems(s, (3, 3), (0, 0, 1, 1, 1))
    put_gems(s, (3, 8), (0, 2, 1, 0, 0))
    calls = []
    real = bots._second_turn

    def counting(cand, me, rng, *rest):
        calls.append((id(cand), rng.random()))
        return real(cand, me, rng, *rest)

    monkeypatch.setattr(bots, "_second_turn", counting)
    lookahead = bots.LEVELS["hard"]["lookahead"]
    allowance = Search(lookahead * 6, 1.0).decision()
    bots.plan_actions(s, 0, bots.LEVELS["hard"], random.Random(5), allowance)
    candidates = {c for c, _ in calls}
    assert len(candidates) == lookahead
    assert len(calls) == len(candidates) * 6
    futures = {}
    for cand, first_draw in calls:
        futures.setdefault(cand, []).append(first_draw)
    assert len({tuple(v) for v in futures.values()}) == 1  # common random numbers


@pytest.mark.long
def test_evaluation_route_costs_equal_the_route_searches_costs():
    """The evaluation's whole-cost-at-a-time searches (exit_units, reach_units) give exactly the
    costs of exit_costs and reach_costs, on every square and side, in random positions."""
    every_square = (1 << (12 * 12)) - 1
    checked = 0
    for s in [position for seed in range(8) for position in positions(seed, 80)]:
        crossings = heuristics.Crossings.of(s)
        exit_table, _succ = heuristics.exit_costs(s)
        assert heuristics.exit_units(crossings, every_square) == exit_table.data
        for player in range(s.num_players):
            reach_table, _pred = heuristics.reach_costs(s, player)
            assert heuristics.reach_units(s, player, crossings, every_square) == reach_table.data
            checked += sum(units < 10**9 for units in reach_table.data)
    assert checked > 50_000  # most departure states were reachable and compared


def test_collisions_a_bot_never_rams_with_a_cart_of_rocks_it_would_lose():
    """Rules, "Collisions": a cart that held no jewels derails, one holding only rocks too. The
    bots' pre-screen of a speed scores ramming with such a cart like ramming with an empty one
    (its cart is lost), and ramming with a jewel aboard as a gain."""
    s = blank()
    lay(s, {(2, col): "EW" for col in range(12)})
    put_cart(s, 0, (2, 1), "E", speed=2, load=(2, 0, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(0, 0, 1, 0, 0))
    cost_out: dict = {}
    rocks_only = bots._roll_score(s, 0, 3, cost_out, tactics=True)
    s.carts[0].load = (0, 0, 0, 0, 0)
    empty = bots._roll_score(s, 0, 3, cost_out, tactics=True)
    s.carts[0].load = (2, 1, 0, 0, 0)
    with_a_ruby = bots._roll_score(s, 0, 3, cost_out, tactics=True)
    assert rocks_only == empty == 0.5 * 2 - 1.0
    assert with_a_ruby == 0.5 * 2 + 1.5


def test_hard_picks_a_pile_by_information_set_search_never_by_the_true_split(monkeypatch):
    """Issue 39, OR-D7: the mover cannot see the split, so Hard values each pick over every
    split the owner may have made, each equally likely (as OpenSpiel's information-set MCTS
    samples the hidden part), never over the true one: whatever the true split is, Hard
    samples the same positions and picks the same pile."""
    load = (1, 1, 0, 1, 1)  # a rock, a ruby, a gold and a diamond: 2 + 2 gems

    def position(split):
        return collision_after_split(split, load, heading="E")  # run into from behind

    splits = rules_possible_splits(load)
    assert len(splits) == 6  # rock+ruby | gold+diamond, ... and each the other way round
    sampled: list = []
    real = bots.with_split

    def spying(state, piles):
        sampled.append(piles)
        return real(state, piles)

    monkeypatch.setattr(bots, "with_split", spying)
    picks = set()
    for split in splits:
        truth = position(split)
        assert truth.split_piles()[0] == split
        sampled.clear()
        seen = truth.observation(truth.current_player())
        picks.add(make_bot(GAME, "hard").choose(seen, seen.legal_actions(), random.Random(3)))
        # both picks were valued on every split the owner could have made, the true one no more
        assert sorted(piles[0] for piles in sampled) == sorted(splits * 2)
    assert len(picks) == 1


def test_the_pick_and_split_reasons_say_what_is_true():
    """Issue 39: "Picks pile 1, the one with more gems" was said of equal piles, and "worth
    about as much as the other" of 2 rocks against an emerald."""
    s = blank()
    lay(s, {(2, c): "EW" for c in range(12)})
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(2, 0, 1, 0, 0))  # 2 rocks and an emerald
    s.apply_action(EndActions())
    assert s.pending() == "split"
    reasons = {a.pile: heuristics.explain_move(s, a, ["Ana", "Ben"]) for a in s.legal_actions()}
    assert reasons[(2, 0, 0, 0, 0)] == "Puts 2 rocks in the first pile; the second is empty." or (
        reasons[(2, 0, 0, 0, 0)]
        == "Puts 2 rocks in the first pile (0 points) and an emerald in the second (2 points): "
        "at worst the pick costs you 2 points."
    )
    s.apply_action(SplitLoad((2, 0, 0, 0, 0)))
    seen = s.observation(s.current_player())
    # 2 rocks | an emerald or a rock and an emerald | a rock: 1.0 point a pile on average
    assert heuristics.explain_move(seen, PickPile(0), ["Ana", "Ben"]) == (
        "Picks pile 1, the larger one: 2 of the 3 gems drop from Ben's cart; over the splits "
        "Ben could have made, both piles are worth 1.0 points on average."
    )
    assert heuristics.explain_move(seen, PickPile(1), ["Ana", "Ben"]) == (
        "Picks pile 2, the smaller one: 1 of the 3 gems drops from Ben's cart; over the splits "
        "Ben could have made, both piles are worth 1.0 points on average."
    )
    even = blank()
    lay(even, {(2, c): "EW" for c in range(12)})
    put_cart(even, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(even, 2, (2, 4), "E", load=(0, 1, 0, 0, 1))  # a ruby and a diamond
    even.apply_action(EndActions())
    even.apply_action(SplitLoad((0, 1, 0, 0, 0)))
    seen = even.observation(even.current_player())
    assert heuristics.explain_move(seen, PickPile(1), ["Ana", "Ben"]) == (
        "Picks pile 2: both piles hold 1 gem and are worth the same on average over the splits "
        "Ben could have made."
    )


def collision_before_split(load=(0, 1, 0, 1, 0), heading="W"):
    """The play-test's collision: the mover's cart runs into Ben's cart holding ``load`` (a
    ruby and a gold) and heading ``heading`` ("W": head-on; "E": from behind); Ben splits."""
    s = blank()
    lay(s, {(2, c): "EW" for c in range(12)})
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), heading, load=load)
    s.apply_action(EndActions())
    assert s.pending() == "split"
    return s


def collision_after_split(split, load=(0, 1, 0, 1, 0), heading="W"):
    """:func:`collision_before_split`, Ben having split as ``split`` (the first pile)."""
    s = collision_before_split(load, heading)
    s.apply_action(SplitLoad(split))
    assert s.pending() == "pick"
    return s


@pytest.mark.parametrize("level", LEVELS)
def test_or_d7_the_pick_and_its_words_are_the_same_whichever_pile_holds_the_gold(level):
    """Play-test: Ben split a ruby and a gold into two piles of 1 and the hint said "Picks pile
    1 … it is worth 1.0 points on average, the other 3.0": just what the piles held, as the
    owner could only ever put the ruby first. Swapping the hidden piles changes neither the
    pick nor its words, and piles of as many gems are worth the same (2.0 each)."""
    ruby_first = collision_after_split((0, 1, 0, 0, 0))
    gold_first = collision_after_split((0, 0, 0, 1, 0))
    assert ruby_first.split_piles() == gold_first.split_piles()[::-1]
    picks, words = set(), set()
    for truth in (ruby_first, gold_first):
        seen = truth.observation(truth.current_player())
        pick = make_bot(GAME, level).choose(seen, seen.legal_actions(), random.Random(5))
        picks.add(pick)
        words.add(bots.BOTS.explain(seen, pick, ["Ana", "Ben"]))
        assert heuristics.split_pick_values(seen) == (1, 1, 2.0, 2.0)
    assert len(picks) == 1 and len(words) == 1
    assert words.pop() == (
        "Picks pile 1: both piles hold 1 gem and are worth the same on average over the splits "
        "Ben could have made."
    )


def test_or_d7_hard_picks_the_pile_worth_more_on_average():
    """The picked pile's gems drop from the hit cart (rules, "Collisions"): of a rock, a ruby
    and 3 gold split 3 | 2, the larger pile is worth 6.5 points on average over Ben's 4 splits,
    the smaller 3.5; Hard (and the hint) picks the larger and says so, whatever the split."""
    load = (1, 1, 0, 3, 0)
    reasons = set()
    for split in rules_possible_splits(load):
        truth = collision_after_split(split, load)
        seen = truth.observation(truth.current_player())
        pick = make_bot(GAME, "hard").choose(seen, seen.legal_actions(), random.Random(1))
        assert pick == PickPile(0)
        reasons.add(bots.BOTS.explain(seen, pick, ["Ana", "Ben"]))
    big, small, first, second = heuristics.split_pick_values(seen)
    assert (big, small, first, second) == (3, 2, 6.5, 3.5)
    assert reasons == {
        "Picks pile 1, the larger one: 3 of the 5 gems drop from Ben's cart, worth 6.5 points "
        "on average over the splits Ben could have made (the other pile 3.5)."
    }


def test_or_d7_a_bot_owner_puts_either_pile_first():
    """A bot splitting a ruby and a gold puts either one in pile 1 (its own random numbers),
    so the piles' order tells the mover nothing."""
    s = collision_before_split()
    seen = s.observation(1)
    firsts = {
        make_bot(GAME, "hard").choose(seen, s.legal_actions(), random.Random(seed)).pile
        for seed in range(12)
    }
    assert firsts == {(0, 1, 0, 0, 0), (0, 0, 0, 1, 0)}


def junction_before_ben(my_load, ben_load):
    """Ana's white cart at speed 3 rolls from B3 onto the T on C3 (exits east, south, west)
    with 2 squares left; Ben's white cart stands on D3 facing it; an emerald waits on C5."""
    s = blank()
    lay(s, {(2, 0): "EW", (2, 1): "EW", (2, 2): "ESW", (2, 3): "EW", (3, 2): "NS", (4, 2): "NS"})
    put_gems(s, (4, 2), (0, 0, 1, 0, 0))
    put_cart(s, 0, (2, 1), "E", speed=3, load=my_load)
    put_cart(s, 2, (2, 3), "W", load=ben_load)
    s.apply_action(EndActions())
    assert s.pending() == Pending.EXIT
    return s


@pytest.mark.parametrize(
    ("my_load", "ben_load", "east"),
    [
        ((0, 1, 0, 0, 0), (0, 1, 0, 1, 0), "which drops gems there"),
        ((0, 0, 0, 0, 0), (0, 1, 0, 1, 0), "and derails, holding no jewels"),
        ((0, 1, 0, 0, 0), (1, 0, 0, 0, 0), "which derails, holding no jewels"),
    ],
)
def test_or_d6_a_junction_reason_says_what_the_exit_leads_to(my_load, ben_load, east):
    """Play-test: the hint said only "Steers your white cart east from F4." and east ran
    head-on into the bot's cart. A junction choice's reason says what the exit leads to."""
    s = junction_before_ben(my_load, ben_load)
    seen = s.observation(0)
    assert bots.BOTS.explain(seen, ChooseExit("E"), ["Ana", "Ben"]) == (
        f"Steers your white cart east from C3: it crashes into Ben's white cart on D3, {east}."
        if east.startswith("which")
        else f"Steers your white cart east from C3: it crashes into Ben's white cart on D3 {east}."
    )
    assert bots.BOTS.explain(seen, ChooseExit("S"), ["Ana", "Ben"]) == (
        "Steers your white cart south from C3: it picks up gems on the way and stops on C5."
    )


def test_a_route_beyond_the_carts_speed_is_not_said_to_reach_the_gems():
    """Play-test: "Upgrades F4 to a T-junction: track for your white cart to reach 2 gold on
    F6" while at speed 3 from D4 the cart stops on F5. Gems farther along the route than the
    cart's speed are not said to be reached: the speed is said."""
    s = blank()
    lay(s, {(3, 3): "ES", (3, 4): "EW", (3, 5): "ES", (4, 3): "NS", (5, 3): "NW"})
    put_gems(s, (5, 5), (0, 0, 0, 2, 0))
    put_cart(s, 0, (3, 3), "E", speed=3)
    route = heuristics.routes(s, 0, limit=1)[0]
    assert route.target == (5, 5) and route.squares.index((5, 5)) + 1 == 4
    assert route.actions[0] == UpgradeTile(3, 5, "ESW")
    assert heuristics.explain_move(s, UpgradeTile(3, 5, "ESW")) == (
        "Upgrades F4 to a T-junction: a way toward 2 gold on F6; at speed 3, your white cart "
        "gets there later."
    )
    s.carts[0].speed = 4
    assert heuristics.explain_move(s, UpgradeTile(3, 5, "ESW")) == (
        "Upgrades F4 to a T-junction: a way for your white cart to turn toward 2 gold on F6."
    )


def solo_fork():
    """Solo: the blue cart with a diamond on B3 heading north to a T on B2 whose north exit
    is laid to the edge; the west one needs a tile on A2. Diamonds count at the west edge."""
    s = blank(1)
    lay(s, {(2, 1): "NS", (1, 1): "NSW", (0, 1): "NS"})
    put_cart(s, 3, (2, 1), "N", speed=2, load=(0, 0, 0, 0, 1))
    return s


def test_solo_load_value_counts_a_jewel_most_at_its_own_edge():
    """Issue 39 item 6, solo rules: a jewel scores 1 anywhere; at the edge of its colour it is
    a step towards a victory (the first of a kind 10 more, the second 5, then nothing)."""
    s = blank(1)
    diamond = (0, 0, 0, 0, 1)
    assert heuristics.solo_load_value(s, diamond, "west") == 1 + heuristics.SOLO_FIRST_RIGHT
    assert heuristics.solo_load_value(s, diamond, "north") == 1
    assert heuristics.solo_load_value(s, (3, 0, 0, 0, 0), "west") == 0  # rocks score nothing
    s.delivered["west"] = (0, 0, 0, 0, 1)
    assert heuristics.solo_load_value(s, diamond, "west") == 1 + heuristics.SOLO_SECOND_RIGHT
    assert heuristics.solo_progress(s) == heuristics.SOLO_FIRST_RIGHT
    s.delivered["west"] = (0, 0, 0, 0, 2)
    assert heuristics.solo_load_value(s, diamond, "west") == 1


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_solo_bot_delivers_a_jewel_to_its_own_edge_not_the_nearest(level):
    """Issue 39 item 6: a diamond is taken out west (a tile to lay) rather than north (laid
    already): only at its own edge does it count towards a victory."""
    s = solo_fork()
    rng = random.Random(5)
    left = []
    for _ in range(60):
        p = s.current_player()
        if p == TERMINAL or left:
            break
        if p == CHANCE:
            s.apply_action(pick_outcome(s.chance_outcomes(), rng))
            continue
        action = make_bot(GAME, level).choose(s.observation(p), s.legal_actions(), rng)
        left += [e for e in s.apply_action(action) if isinstance(e, CartLeftMine)]
    assert [(e.edge, e.gems) for e in left] == [("west", (0, 0, 0, 0, 1))]
    assert s.delivered["west"] == (0, 0, 0, 0, 1)


def test_solo_hint_sends_a_jewel_to_its_own_edge_and_says_so():
    """Issue 39 item 6: the hint (Hard's move) lays the west way out and its reason names the
    edge where the diamond counts."""
    s = solo_fork()
    hint = make_bot(GAME, "hard").choose(s.observation(0), s.legal_actions(), random.Random(1))
    assert hint == PlaceTile(1, 0, "EW")
    assert heuristics.explain_move(s, hint) == (
        "Lays an east-west straight on A2 to bring your blue cart's diamond out west."
    )


def next_draws(state, seed) -> list:
    """The outcomes of the next six draws after the mover ends its action phase at once (the
    first legal move after that), drawn as a match seeded ``seed`` would."""
    future = state.clone()
    future.apply_action(EndActions())
    draws: list = []
    rng = random.Random(f"{seed}")
    while len(draws) < 6 and future.current_player() != TERMINAL:
        if future.current_player() == CHANCE:
            draws.append(pick_outcome(future.chance_outcomes(), rng))
            future.apply_action(draws[-1])
        else:
            future.apply_action(future.legal_actions()[0])
    return draws


@pytest.mark.long
def test_hard_plans_the_same_whatever_the_future_draws_hold():
    """Issue 39: the state hides no future draw — the bag and the decks are multisets and each
    draw a chance node the match resolves with its own seed — so Hard's sampled futures come
    from what its seat may know. At positions of the action phase, matches whose next draws
    differ (their seeds) get the same choice from Hard, though each hands it a generator of
    its own."""
    checked = 0
    for state in positions(seed=8, count=60):
        if state.pending() != Pending.ACTIONS or len(state.legal_actions()) < 3:
            continue
        futures = {repr(next_draws(state, seed)) for seed in range(4)}
        assert len(futures) > 1  # the hidden future differs between the matches
        seen = state.observation(state.current_player())
        choices = {
            make_bot(GAME, "hard").choose(
                seen.clone(), seen.legal_actions(), random.Random(f"bot:{seed}:{checked}")
            )
            for seed in range(4)
        }
        assert len(choices) == 1
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def test_chasm_hard_counts_the_chance_the_chasm_deck_opens_under_its_cart():
    """Rules, "The Chasm": once the Chasm card is seen, the chasm deck opens one square of each
    colour, a number of that colour not seen yet. Hard's evaluation (``foresight``) counts that
    chance for its cart on such a square, and nothing on a square whose card was seen; Medium's
    evaluation counts nothing."""
    s = blank()
    s.chasm_card_seen = True
    s.final_turns_left = 2
    s.unseen = {**s.unseen, "red": (2, 6)}
    risk = heuristics.opening_risk(s)
    assert risk[board.mine_square("red", 2)] == 0.5
    assert risk[board.mine_square("red", 6)] == 0.5
    assert board.mine_square("red", 1) not in risk
    assert risk[board.mine_square("yellow", 1)] == 1 / 8
    put_cart(s, 0, board.mine_square("red", 2), "N", load=(0, 0, 0, 2, 0))
    assert heuristics.evaluate(s, 0, foresight=True) < heuristics.evaluate(s, 0) - 1.5
    put_cart(s, 0, board.mine_square("red", 1), "N")
    assert heuristics.evaluate(s, 0, foresight=True) == heuristics.evaluate(s, 0)
    s.chasm_phase = True  # the chasm deck has opened: no more of this risk
    assert heuristics.opening_risk(s) == {}


def test_chasm_hard_counts_a_token_for_every_opponent_turn():
    """Rules, "The Chasm": in the chasm phase each player places a token on their turn, so two
    opponents place two before Hard's cart moves again: a square one token reaches with chance
    1/2 is reached with chance 3/4; Hard's empty cart there is valued 3/4 of a cart lower
    (Medium's evaluation: 1/2)."""
    s = blank(3)
    s.chasm_phase = True
    s.chasm = {(3, 3): "red"}
    s.token_supply = {"red": 1, "yellow": 1, "green": 0, "blue": 0}
    put_cart(s, 0, (3, 2), "W")
    plain = heuristics.evaluate(s, 0)
    seen = heuristics.evaluate(s, 0, foresight=True)
    assert plain - seen == pytest.approx(0.25 * 3)


def test_chasm_hard_knows_the_turns_the_last_tokens_leave():
    """Rules, "End of the game and scoring": the game ends once all 20 chasm tokens are placed,
    one at the end of each turn, and carts still on the board derail with their gems. With 3
    tokens left at seat 0's turn of 3 players, seats 1 and 2 play once more and seat 0 never:
    Hard's evaluation counts a load of seat 0 that would need another turn as nothing."""
    s = blank(3)
    s.chasm_phase = True
    s.chasm = {(3, 3): "red"}
    s.token_supply = {"red": 0, "yellow": 1, "green": 1, "blue": 1}
    assert [heuristics.units_left(s, q) for q in range(3)] == [0.0, 12.0, 12.0]
    s.token_supply = {"red": 1, "yellow": 1, "green": 1, "blue": 1}
    assert [heuristics.units_left(s, q) for q in range(3)] == [12.0, 12.0, 12.0]
    s.token_supply = {"red": 0, "yellow": 0, "green": 0, "blue": 1}
    assert [heuristics.units_left(s, q) for q in range(3)] == [0.0, 0.0, 0.0]
    s.token_supply = {"red": 0, "yellow": 1, "green": 1, "blue": 1}
    put_cart(s, 0, (9, 6), "N", load=(0, 0, 0, 2, 2))
    assert heuristics.evaluate(s, 0, foresight=True) < heuristics.evaluate(s, 0) - 5
    s.chasm_phase = False
    assert heuristics.units_left(s, 0) is None


def test_hard_counts_half_a_deposit_another_player_gets_to_first():
    """At 3-4 players many carts race for the same deposits, and the first to get there takes
    its gems (rules, "Gems"). Seat 0 (north edge) reaches the rubies on (3, 3) in 19 route
    units and the gold on (4, 8) in 23; seat 2's cart on the east edge's track reaches the gold
    in 12: the gold is seat 0's contested deposit, the rubies seat 2's. Hard's evaluation
    (``foresight``) counts each player's contested deposits at half; at 2 players, and for
    Medium, nothing changes."""
    s = blank(3)
    put_gems(s, (3, 3), (0, 2, 0, 0, 0))
    put_gems(s, (4, 8), (0, 0, 0, 2, 0))
    lay(s, {(4, 11): "EW"})
    put_cart(s, s.carts_of(2)[0], (4, 11), "W", speed=2)
    crossings = heuristics.Crossings.of(s)
    deposits = heuristics._square_set(s.gems)
    cost_in = [heuristics.reach_units(s, q, crossings, deposits) for q in range(3)]
    units = [
        [min(costs[(row * 12 + col) * 4 + side] for side in range(4)) for row, col in s.gems]
        for costs in cost_in
    ]
    assert units == [[19, 23], [39, 35], [36, 12]]
    assert heuristics.first_to(s, cost_in) == [
        frozenset({(4, 8)}),
        frozenset({(3, 3), (4, 8)}),
        frozenset({(3, 3)}),
    ]
    assert heuristics.evaluate(s, 0) == pytest.approx(-0.398333, abs=1e-5)
    assert heuristics.evaluate(s, 0, foresight=True) == pytest.approx(-1.1625, abs=1e-5)
    two = blank(2)
    put_gems(two, (3, 3), (0, 2, 0, 0, 0))
    put_gems(two, (4, 8), (0, 0, 0, 2, 0))
    assert heuristics.evaluate(two, 0, foresight=True) == heuristics.evaluate(two, 0)


def test_hard_turns_a_cart_from_the_chasm_further_along_its_roll():
    """Rules, "The Chasm": a cart forced onto a chasm square falls in with its gems, but at a
    junction the exits into the chasm are not offered while another exit exists. Seat 0's
    cart with a gold and a diamond rolls at speed 6 north onto a curve that turns it east into
    the chasm, two steps away: slowing down by four still rolls it in, and no way out can be
    built this turn (another cart stands west of the curve, the chasm north of it). Hard
    upgrades the curve to a T-junction: the cart turns west, bumps into the other cart and
    stops, keeping its load (seed 3047 of the 3-player bench lost 14 points this way)."""
    s = blank(2)
    s.chasm_phase = True
    s.chasm = {(8, 5): "green", (7, 4): "blue"}
    s.token_supply = {"red": 4, "yellow": 4, "green": 4, "blue": 4}
    lay(s, {(10, 4): "NS", (9, 4): "NS", (8, 4): "ES", (8, 3): "NS"})
    mine = s.carts_of(0)[0]
    put_cart(s, mine, (9, 4), "N", speed=6, load=(0, 0, 0, 1, 1))
    put_cart(s, s.carts_of(1)[0], (8, 3), "N", speed=1)
    assert bots._tiles_before_chasm(s, mine) == [(8, 4)]
    plan = bots.plan_actions(s, 0, bots.LEVELS["hard"], random.Random(0))
    assert plan == [UpgradeTile(8, 4, "ESW"), EndActions()]
    after = bots._simulate(s, 0, plan[:1])
    cart = after.carts[mine]
    assert (cart.where, cart.square, cart.load) == (CartPlace.BOARD, (8, 4), (0, 0, 0, 1, 1))
    # Medium looks for no such escape: the cart falls in with its load
    plan = bots.plan_actions(s, 0, bots.LEVELS["medium"], random.Random(0))
    lost = bots._simulate(s, 0, [a for a in plan if not isinstance(a, EndActions)])
    assert lost.carts[mine].where == CartPlace.LOST


def test_the_end_of_actions_hint_says_when_no_cart_of_yours_would_roll():
    """Play-test: "Ends your actions: your carts roll now." was said with no cart on the
    board; it says none would roll then."""
    from engine.off_the_rails.state import EndActions, PlaceCart
    from tests.engine.off_the_rails.helpers import blank, lay

    s = blank()
    lay(s, {(r, 6): "NS" for r in range(0, 4)})
    assert EndActions() in s.legal_actions()
    none = heuristics.explain_move(s, EndActions())
    assert none == "Ends your actions: none of your carts is on the board to roll."
    s.apply_action(PlaceCart(0, -1, 6))
    assert (
        heuristics.explain_move(s, EndActions())
        == "Ends your actions: your white cart stops on G3."
    )


def test_the_end_of_actions_hint_says_what_each_cart_does_a_derail_too():
    """Play-test: "your carts roll now" did not say that the white cart's derail was the
    point. Rules, "Derail": the cart goes back to its owner's supply (its gems to the bag)."""
    from engine.off_the_rails.state import EndActions
    from tests.engine.off_the_rails.helpers import blank, lay

    s = blank()
    lay(s, {(0, 3): "NS", (5, 5): "EW", (5, 6): "EW", (5, 7): "EW"})
    put_cart(s, 0, (0, 3), "S", speed=2)
    put_cart(s, 1, (5, 5), "E", speed=2)
    assert heuristics.explain_move(s, EndActions()) == (
        "Ends your actions: your white cart would derail at D2 and go back to your "
        "supply; your black cart stops on H6."
    )
    s.carts[0].load = (0, 1, 0, 0, 0)
    assert heuristics.explain_move(s, EndActions()).startswith(
        "Ends your actions: your white cart would derail at D2, its gems going back to the bag;"
    )


def test_a_chasm_token_on_track_names_whose_way_it_cuts():
    """Play-test: "cutting a route" did not say whose. The token's hint names the cart that
    rolls over the square now, or says none does."""
    from engine.off_the_rails.state import PlaceChasmToken
    from tests.engine.off_the_rails.helpers import blank, lay

    s = blank()
    lay(s, {(0, 3): "NS", (5, 5): "EW", (5, 6): "EW", (5, 7): "EW"})
    put_cart(s, 2, (5, 5), "E", speed=2)
    assert heuristics.explain_move(s, PlaceChasmToken(5, 6), ["Ana", "Bo"]) == (
        "Opens the chasm on the track at G6, in the way of Bo's white cart."
    )
    assert heuristics.explain_move(s, PlaceChasmToken(0, 3), ["Ana", "Bo"]) == (
        "Opens the chasm on the track at D1: no cart rolls over it now."
    )
    put_gems(s, (5, 6), (0, 2, 0, 1, 0))  # a deposit on the square falls in with it
    assert heuristics.explain_move(s, PlaceChasmToken(5, 6), ["Ana", "Bo"]) == (
        "Opens the chasm on the track at G6, in the way of Bo's white cart. The 3 gems there "
        "fall in too."
    )


def test_a_roll_hint_turns_from_the_chasm_and_stops_at_a_junction_as_the_engine_does():
    """Play-test: "your white cart would fall into the chasm on E7" while the cart turned
    away from it (rules, "The Chasm": no cart moves onto a chasm square while another way is
    open), and a summary followed one exit of a junction its owner chooses. The hint rolls as
    the engine does."""
    s = blank()
    lay(s, {(3, 2): "EW", (3, 3): "ESW", (3, 4): "EW", (4, 3): "NS", (5, 3): "NS", (6, 3): "NS"})
    put_cart(s, 0, (3, 3), "E", back="W", speed=2)
    s.chasm[(3, 4)] = "red"
    del s.tiles[(3, 4)]
    assert heuristics.explain_move(s, EndActions()) == (
        "Ends your actions: your white cart stops on D6."
    )
    played = s.clone()
    played.apply_action(EndActions())
    assert played.carts[0].square == (5, 3)  # D6, as said
    t = blank()
    lay(t, {(3, 1): "EW", (3, 2): "EW", (3, 3): "ESW", (3, 4): "EW", (4, 3): "NS"})
    put_cart(t, 0, (3, 1), "E", speed=4)
    assert heuristics.explain_move(t, EndActions()) == (
        "Ends your actions: your white cart reaches the junction on D4, where you choose the way."
    )
    assert heuristics.explain_move(t, ChangeSpeed(0, -1)) == (
        "At speed 3, your white cart reaches the junction on D4, where you choose the way, with "
        "1 square still to roll."
    )
    rolled = t.clone()
    moved = [e for e in rolled.apply_action(EndActions()) if isinstance(e, CartMoved)]
    assert rolled.pending() == Pending.EXIT and rolled.carts[0].square == (3, 3)
    assert sum(len(e.path) - 1 for e in moved) == 2  # 2 of its 4 squares: 2 still to roll
    put_gems(t, (3, 2), (1, 2, 0, 0, 0))
    t.carts[0].speed = 1
    assert heuristics.explain_move(t, EndActions()) == (
        "Ends your actions: your white cart stops on the gems on C4, taking rocks first."
    )


def test_a_deposit_in_a_hint_counts_its_best_gems():
    """Play-test: "to fetch 3 gems with a ruby on D6" where D6 held a rock and 2 rubies."""
    assert heuristics._deposit_words((1, 2, 0, 0, 0)) == "3 gems with 2 rubies"
    assert heuristics._deposit_words((2, 1, 0, 0, 0)) == "3 gems with a ruby"


def test_a_stopped_carts_exit_toward_gems_is_for_its_next_move():
    """Play-test: "Steers your white cart onto the gems on D5" read as a move, while the cart
    had stopped on its junction (its speed spent) and the exit only set its way for next
    turn (OR-D6)."""
    s = blank()
    lay(s, {(2, 0): "EW", (2, 1): "EW", (2, 2): "ESW", (2, 3): "EW", (3, 2): "NS"})
    put_gems(s, (3, 2), (0, 0, 1, 0, 0))
    put_cart(s, 0, (2, 1), "E", speed=1)
    s.apply_action(EndActions())
    assert s.pending() == Pending.EXIT and s.carts[0].square == (2, 2)
    assert heuristics.explain_move(s, ChooseExit("S")) == (
        "Turns your white cart to the gems on C4, for its next move."
    )


def test_a_roll_hint_says_a_crash_into_your_own_cart_holds_unless_that_one_moves_first():
    """Play-tests: a speed hint's reason was a bump into the player's own cart, which the
    player could move away first (rules, "Moving carts": the owner chooses the order), and a
    hint said "bump" of a collision that made the hit cart drop its gems. The hint names the
    collision the engine makes (rules, "Collisions": a bump only where the hit cart's tile has
    no way towards the mover) and says when the player's own cart may move away first."""
    from engine.off_the_rails.state import (
        ChangeSpeed,
        Collided,
        CollisionKind,
        EndActions,
        MoveCart,
    )

    def lane(other_cart, tile="EW"):  # the white cart behind another on an east-west track
        s = blank()
        lay(s, {(5, c): "EW" for c in range(3, 9)})
        lay(s, {(5, 6): tile})
        put_cart(s, 0, (5, 4), "E", speed=1)
        put_cart(s, other_cart, (5, 6), "E" if "E" in tile else "S", speed=1)
        return s

    s = lane(1)
    assert heuristics.explain_move(s, ChangeSpeed(0, 1)) == (
        "At speed 2, your white cart would crash into your black cart on G6, unless that one "
        "moves first."
    )
    s.apply_action(ChangeSpeed(0, 1))
    s.apply_action(EndActions())
    assert MoveCart(0) in s.legal_actions()  # the player chooses which moves first
    assert heuristics.explain_move(s, MoveCart(0)) == (
        "Goes first: your white cart would crash into your black cart on G6."
    )
    crashed = s.clone()
    events = crashed.apply_action(MoveCart(0))
    assert [e.kind for e in events if isinstance(e, Collided)] == [CollisionKind.REAR]
    s.apply_action(MoveCart(1))  # the black cart first: the white one rolls on freely
    assert s.carts[0].square == (5, 6) and s.carts[1].square == (5, 7)
    assert heuristics.explain_move(lane(2), ChangeSpeed(0, 1)) == (
        "At speed 2, your white cart would crash into the cart on G6."
    )
    bumped = lane(2, tile="NS")  # no way west from the hit cart's tile: a bump
    assert heuristics.explain_move(bumped, ChangeSpeed(0, 1)) == (
        "At speed 2, your white cart would bump into the cart on G6."
    )
    bumped.apply_action(ChangeSpeed(0, 1))
    events = bumped.apply_action(EndActions())
    assert [e.kind for e in events if isinstance(e, Collided)] == [CollisionKind.BUMP]


def test_of_plans_ending_alike_the_planner_keeps_the_one_with_fewest_speed_changes():
    """Seeded game (seed 500, step 128, Medium to act with 3 actions): its cart ends alike at
    speed 1 and speed 5, and each step, planning afresh, took the other: its speed went up,
    down, up, the action phase spent for nothing. Of equal plans the one with the fewest speed
    changes is played, so the phase slows the cart once and ends."""
    state, played = _medium_phase("otr-cart-facing-a-cart.txt")
    assert state.actions_left == 3 and state.carts[0].speed == 2
    assert played == [ChangeSpeed(0, -1), EndActions()]


def _medium_phase(data_file: str) -> tuple:
    """``(the position in tests/engine/data/data_file, the actions a Medium seat 0 plays
    through its action phase from there)``."""
    from pathlib import Path

    from engine.positions import read_position

    state = read_position(GAME, (Path(__file__).parent.parent / "data" / data_file).read_text())
    start, bot, played = state.clone(), make_bot(GAME, "medium"), []
    while state.current_player() == 0 and state.pending() == Pending.ACTIONS:
        action = bot.choose(state.observation(0), state.legal_actions(), random.Random(1))
        played.append(action)
        state.apply_action(action)
    return start, played


def test_a_medium_that_plans_afresh_never_turns_a_speed_change_back():
    """Seeded game (seed 1029, turn 17): a Medium slowed its cart, then, planning afresh, laid
    two tiles and sped it up again, two actions for nothing. The two tiles at the old speed
    were not among its first plans (every plan used all four actions); plans that leave
    actions over are now, so it lays the tiles and keeps its speed."""
    state, played = _medium_phase("otr-speed-down-then-up.txt")
    assert state.actions_left == 4 and state.carts[1].speed == 6
    assert played == [PlaceTile(6, 6, "NE"), UpgradeTile(5, 5, "NEW"), EndActions()]


def test_a_full_cart_starts_no_route_to_a_deposit_only_its_way_out():
    """Play-test: with a full cart (5 gems, rules "Gems": no room for more) hints laid track
    "for your white cart to reach 3 gems" it then rolled past, taking nothing. A full cart's
    routes are ways out; a deposit's route starts where a cart can still take gems."""
    s = blank()
    lay(s, {(5, c): "EW" for c in range(2, 6)})
    put_cart(s, 0, (5, 2), "E", speed=1, load=(1, 1, 1, 2, 0))
    put_gems(s, (5, 7), (0, 1, 1, 0, 1))
    found = heuristics.routes(s, 0, limit=8)
    assert not [route for route in found if route.cart == 0 and route.target is not None]
    assert [route.target for route in found if route.cart == 0] == [None]  # its way out
    assert (5, 7) in [route.target for route in found]  # a new cart's route
    s.carts[0].load = (1, 1, 1, 1, 0)  # room for one more: the deposit is its route again
    assert (0, (5, 7)) in [(route.cart, route.target) for route in heuristics.routes(s, 0, 8)]


def test_value_features_are_the_evaluations_terms_per_seat():
    """``heuristics.value_features`` (the terms ``bench/otr_value.py`` fits to how Medium's
    games end) splits :func:`heuristics.evaluate` into its terms, unweighted, per seat: seat 0's
    cart carries 2 blue 3 squares below its edge (6 points, 5.58 on the way out), seat 1's a
    ruby (3.5 with half the ruby bonus); weighted as the evaluation weighs them (0.3 a cart in
    the mine, the best deposit 0.6, the next two 0.25) they give its value back. 8 of the 17
    deposit cards drawn and no chasm token placed leave 25 of 33 steps of the game."""
    s = blank()
    lay(s, {(0, 3): "NS", (1, 3): "NS"})
    put_cart(s, s.carts_of(0)[0], (1, 3), "N", load=(0, 0, 0, 2, 0))
    put_cart(s, s.carts_of(1)[0], (10, 5), "N", load=(0, 1, 0, 0, 0))
    put_gems(s, (3, 3), (0, 2, 0, 0, 0))
    put_gems(s, (6, 6), (1, 0, 2, 0, 0))
    s.piles = s.piles[2:]
    assert heuristics.game_phase(s) == pytest.approx(25 / 33)
    mine, theirs = heuristics.value_features(s)
    assert mine == pytest.approx(
        {
            **dict.fromkeys(heuristics.TERMS, 0.0),
            "carts": 1,
            "load": 6,
            "carried": 5.58,
            "best_deposit": 17 / 15,
            "next_deposits": 0.4,
            "supply": 1,
        }
    )
    assert (theirs["load"], theirs["carried"], theirs["best_deposit"]) == pytest.approx(
        (3.5, 2.205, 0.95)
    )

    def worth(terms):
        return (
            0.3 * terms["carts"]
            + terms["carried"]
            + 0.6 * terms["best_deposit"]
            + 0.25 * terms["next_deposits"]
        )

    assert heuristics.points(s, 0) == heuristics.points(s, 1) == 6
    assert heuristics.evaluate(s, 0, foresight=True) == pytest.approx(worth(mine) - worth(theirs))
    assert heuristics.evaluate(s, 0, foresight=True) == pytest.approx(3.443333, abs=1e-5)


def test_track_laid_on_the_gems_square_is_under_them_not_toward_them():
    """Play-test: "Lays a north-east curve on G7: track toward a ruby and a gold on G7" of a
    tile laid on G7 itself."""
    for speed, after in (
        (1, "; at speed 1, your white cart gets there later."),
        (6, ", for your white cart to reach them."),
    ):
        s = blank()
        lay(s, {(1, col): "EW" for col in range(1, 5)})
        put_cart(s, 0, (1, 1), "E", speed=speed)
        put_gems(s, (1, 5), (0, 1, 0, 1, 0))
        assert heuristics.explain_move(s, PlaceTile(1, 5, "NW")) == (
            f"Lays a north-west curve on F2: track under a ruby and a gold on F2{after}"
        )


def test_a_way_for_a_cart_standing_on_the_gems_carries_them_off_not_turns_toward_them():
    """Play-test: "Upgrades G7 to a T-junction: a way for your white cart to turn toward a
    rock and a diamond on G6" while the white cart stood on G6."""
    s = blank()
    lay(s, {(5, 1): "NS", (6, 1): "NS", (7, 1): "NS"})
    put_cart(s, 0, (5, 1), "S", speed=1)
    put_gems(s, (5, 1), (1, 0, 0, 0, 1))
    assert heuristics.explain_move(s, UpgradeTile(6, 1, "NSW")) == (
        "Upgrades B7 to a T-junction: a way for your white cart to carry off a rock and a "
        "diamond from B6."
    )
