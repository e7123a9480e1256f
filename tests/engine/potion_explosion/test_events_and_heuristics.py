"""Events read as plain sentences (log) and the heuristics order and value sensibly."""

import dataclasses

from engine.core import Event
from engine.potion_explosion import state as st
from engine.potion_explosion.heuristics import evaluate
from engine.potion_explosion.state import EndTurn, PlaceMarble, RegularPick
from tests.engine.potion_explosion.helpers import pos

DUMMY = {
    "player": 0,
    "seat": 1,
    "opponent": 1,
    "track": 2,
    "position": 3,
    "slot": 0,
    "stack": 4,
    "index": 0,
    "start": 1,
    "distance": 2,
    "chain_step": 2,
    "marbles": 3,
    "colour": "R",
    "below": "K",
    "above": "K",
    "hole": "B",
    "tile": "WIS4",
    "source": "hand",
    "dest": "pool",
    "types": ("SAN", "MAG", "WIS", "PRI", "BLI", "ABY"),
    "positions": (1, 2),
    "colours": ("R", "B"),
    "returned": ("R",),
    "players": (0, 1),
    "winners": (0,),
    "totals": (12, 9),
    "explodes": True,
    "round_over": True,
    "effect": "Take any 1 marble.",
    "potion": "WIS",
    "potion_type": "WIS",
    "kind": "WIS",
    "phase": "draft",
    "sizes": (9, 9, 8, 8, 8),
}
REASONS = {"MarbleTaken": "pick", "SkillTokenEarned": "mastery", "GameEndTriggered": "because"}


def test_every_event_has_a_plain_sentence():
    """Contract: every Event subclass overrides text(names) with a sentence, except the
    bookkeeping events a player need not read, whose text is "" (the log leaves them out)."""
    names = ["Ana", "Ben"]
    classes = [
        c
        for c in vars(st).values()
        if isinstance(c, type) and issubclass(c, Event) and c.__module__ == st.__name__
    ]
    assert sorted(c.__name__ for c in classes) == sorted(c.__name__ for c in st.EVENT_CLASSES)
    for cls in classes:
        fields = {
            f.name: (REASONS[cls.__name__] if f.name == "reason" else DUMMY[f.name])
            for f in dataclasses.fields(cls)
        }
        event = cls(**fields)
        text = event.text(names)
        if cls in st.BOOKKEEPING_EVENTS:
            assert text == "", cls.__name__
        else:
            assert text and text != cls.__name__ and text[-1] in ".!:", (cls.__name__, text)
        assert event.to_dict()["type"] == cls.__name__


def test_explosion_event_text_and_chain():
    """Explosions: the log names the colour, the count and the chain reaction."""
    e = st.Exploded(0, 1, (2, 3, 4), "Y", 2)
    assert e.text(["Ana"]) == "3 yellow marbles explode into the hand of Ana (chain reaction 2)!"


def test_heuristics_evaluate_prefers_progress_and_ending_the_turn():
    """heuristics.evaluate: placing a fitting marble beats keeping it; ending a finished turn
    beats shuffling marbles (so greedy bots never stall)."""
    s = pos("tracks=RBR//// turn=p p0=WIS4:,-/R/-/-/0.0.-.0.0.0")
    placed = s.clone()
    placed.apply_action(PlaceMarble("pool", "R", 0, "R"))
    assert evaluate(placed, 0) > evaluate(s, 0)
    ended = placed.clone()
    ended.apply_action(EndTurn())
    assert evaluate(ended, 0) > evaluate(placed, 0)


def test_heuristics_explain_move_for_hints():
    """A hint's reason says what the move does to the board (rules, "Explosions", "A turn"):
    the marbles a pick surely brings and what they complete, or the hole a marble fills."""
    from engine.potion_explosion.heuristics import explain_move

    s = pos("tracks=RBR//// turn=- p0=WIS4:RY,-/Y/-/-/0.0.-.0.0.0")
    # the picked blue and the 2 reds that meet (they reach the top: refills may add more)
    assert explain_move(s, RegularPick(0, 1)) == (
        "Taking the blue marble explodes 2 red marbles on track 1 (maybe more): 3 marbles, "
        "enough to complete your Potion of Wisdom (5 VP)."
    )
    chain = pos("tracks=YRBRYKBR//// turn=- p0=WIS4:,-/-/-/-/0.0.-.0.0.0")
    assert explain_move(chain, RegularPick(0, 2)) == (
        "Taking the blue marble explodes 2 red and 2 yellow marbles on track 1: 5 marbles, "
        "enough to complete your Potion of Wisdom (5 VP)."
    )
    # marbles for two potions count every hole they fill (the first hint said 2 of 4)
    both = pos("tracks=BYRYYKBK//// turn=- p0=WIS4:,FIL4:/-/-/-/0.0.-.0.0.0")
    assert explain_move(both, RegularPick(0, 2)) == (
        "Taking the red marble explodes 3 yellow marbles on track 1: 4 marbles for 4 empty "
        "holes of your Potion of Wisdom and Filter of Lavamancing."
    )
    done = pos("tracks=RBR//// turn=p p0=WIS4:RRY,-/Y/-/-/0.0.-.0.0.0")
    assert explain_move(done, PlaceMarble("pool", "Y", 0, "Y")) == (
        "Fills the last empty hole, a yellow hole of your Potion of Wisdom: it is complete, "
        "for 5 VP."
    )


def test_turn_started_event_counts_turns_in_a_match():
    """GameSpec.turn_started: TurnStarted marks each turn for the match's turn count."""
    from engine.match import Match, Seat
    from engine.potion_explosion import GAME

    m = Match(
        GAME,
        [Seat("human", "A"), Seat("human", "B")],
        {"types": "first_game", "first_player": "seat1"},
        seed=1,
    )
    while m.state.phase != "play" or m.is_chance():
        if m.is_chance():
            m.advance_chance()
        else:
            m.apply(m.legal_actions()[0])
    assert m.turn_count() == 1
    assert isinstance(m.events[-1][1], st.TurnStarted) or any(
        isinstance(e, st.TurnStarted) for _, e in m.events
    )


def test_heuristics_explain_move_gives_a_reason_for_a_starter_draft():
    """Setup, the starter draft: the dispenser is still empty, so the hint's reason is the
    starter's VP against the others on offer, its colours against the potion already drafted
    (the last drafter takes two), and what drinking it does."""
    from engine.potion_explosion.heuristics import explain_move
    from engine.potion_explosion.state import DraftStarter

    s = pos("phase=draft player=0 draft=0:WIS4,BAL4,PRI4,BLI4")
    assert s.current_player() == 0 and all(not t for t in s.tracks)
    assert (
        explain_move(s, DraftStarter("WIS4"))
        == "The Potion of Wisdom is worth the most VP on offer (5); drink it to take any 1 marble."
    )
    assert (
        explain_move(s, DraftStarter("BAL4"))
        == "Drink your Balm of Uttermost Stickiness to take a run of one colour."
    )
    tie = pos("phase=draft player=0 draft=0:WIS4,FIL4,MAG4")
    assert explain_move(tie, DraftStarter("FIL4")) == (
        "The Filter of Lavamancing is worth the joint most VP (5); drink it to return up to 5 "
        "of one colour."
    )
    # the second pick: Wisdom (R2 Y2) already on the desk
    second = pos("phase=draft player=1 draft=2:ABY4,MAG4,BLI4 p1=WIS4:,-/-/-/-/0.0.-.0.0.0")
    assert explain_move(second, DraftStarter("MAG4")) == (
        "The colours of the Potion of Magnetical Attraction differ from those of your first "
        "potion: more marbles fit."
    )
    again = pos("phase=draft player=1 draft=2:WIS4,MAG4 p1=WIS4:,-/-/-/-/0.0.-.0.0.0")
    assert (
        explain_move(again, DraftStarter("WIS4"))
        == "The Potion of Wisdom shares red and yellow with your first potion: marbles feed both."
    )
    last = pos("phase=draft player=0 draft=3:SAN4 p0=MAG4:,-/-/-/-/0.0.-.0.0.0")
    assert explain_move(last, DraftStarter("SAN4")) == (
        "The Sands of Time is the only starter on offer; drink it to reuse a drunk potion's effect."
    )


def test_log_sentences_read_in_the_past_in_plain_word_order():
    """The game log tells what happened: past tense, the way taken after the marble."""
    from engine.potion_explosion.state import LittleHelpTaken, MarbleTaken, PotionDrunk

    names = ["Pat", "Bot"]
    assert (
        MarbleTaken(0, 0, 2, "Y", "potion").text(names)
        == "Pat took a yellow marble from track 1 with a potion."
    )
    assert MarbleTaken(0, 4, 0, "R", "pick").text(names) == "Pat picked a red marble from track 5."
    assert LittleHelpTaken(1).text(names) == "Bot took a Little Help token (-2 VP)."
    drunk = PotionDrunk(0, 0, "WIS4", "Take any 1 marble.").text(names)
    assert drunk.startswith("Pat drank ") and "your" not in drunk and "Take" not in drunk


def test_hint_for_a_stack_names_the_pool_marbles_it_takes_or_its_vp():
    """GameSpec.explain_move at the end of a turn (rules, "A turn": fill the empty slot)."""
    from engine.potion_explosion.heuristics import explain_move
    from engine.potion_explosion.state import ChooseStack

    s = pos("phase=end stacks=WIS5+3/MAG5+3/ABY5+3/SAN5+3/PRI5+3 p0=-,MAG4:/RB/-/-/0.0.-.0.0.0")
    # WIS5 is R2 B1 K2: the red and the blue of the pool fit it, placed on the next turn
    assert (
        explain_move(s, ChooseStack(0))
        == "2 marbles in your pool fit the Potion of Wisdom, for your next turn."
    )
    s = pos("phase=end stacks=WIS5+3/MAG5+3/ABY5+3/SAN5+3/PRI5+3 p0=-,MAG4:/-/-/-/0.0.-.0.0.0")
    assert (
        explain_move(s, ChooseStack(2))
        == "The Abyssal Draft gives the most VP per hole on offer (6 VP, 5 holes)."
    )
    assert explain_move(s, ChooseStack(3)) == "The Sands of Time gives 4 VP for 5 holes."


def test_fill_order_puts_the_potion_the_marbles_complete_first():
    """Play-test 50: the one-click placement follows the hint's plan (heuristics.fill_order).
    Two blue marbles complete the Elixir of Blind Love (slot 0, 2 blue holes empty) but not
    the Abyssal Draft (slot 1, 7 holes): the Elixir comes first whatever the slots' order; one
    blue marble (a tie) keeps the slots' order, as the hint's reason names them."""
    from engine.potion_explosion.heuristics import best_fill, fill_order

    state = pos("n=2 tracks=//// p0=ABY7:,BLI5:BYY/-/BB/-/0.0.-.0.0.0")
    desk = state.desks[0]
    assert fill_order(desk) == (1, 0)
    empty_handed = pos("n=2 tracks=//// p0=ABY7:,BLI5:BYY/-/-/-/0.0.-.0.0.0").desks[0]
    assert fill_order(empty_handed, (0, 2, 0, 0)) == (1, 0)  # a pick's 2 blue marbles
    one = pos("n=2 tracks=//// p0=ABY7:,BLI5:BYY/-/B/-/0.0.-.0.0.0").desks[0]
    assert fill_order(one) == (0, 1)
    assert best_fill(empty_handed, (0, 2, 0, 0)) == ([1], {1: 2, 0: 0})


def test_a_hint_tells_two_brewing_potions_of_one_type_apart_by_their_vp():
    """Play-test: "fills a hole of your Filter of Lavamancing" with two of them brewing (5 and
    11 VP): the hint names each with its VP; one of a kind keeps its plain name."""
    from engine.potion_explosion.heuristics import explain_move, slot_name

    s = pos("tracks=RBR//// turn=p p0=FIL4:,FIL7:/-/KY/-/0.0.-.0.0.0")
    desk = s.desks[0]
    assert [slot_name(desk, slot) for slot in (0, 1)] == [
        "Filter of Lavamancing (5 VP)",
        "Filter of Lavamancing (11 VP)",
    ]
    words = explain_move(s, PlaceMarble("hand", "Y", 1, "Y"))
    assert "your Filter of Lavamancing (11 VP)" in words, words
    single = pos("tracks=RBR//// turn=p p0=WIS4:,FIL7:/-/KY/-/0.0.-.0.0.0")
    assert slot_name(single.desks[0], 1) == "Filter of Lavamancing"
