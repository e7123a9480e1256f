"""Diced Tomatoes words a new player reads: token names that match the table, karma sentences
that say which number is the karma, and hint reasons for karma spending (GameSpec.explain_move).
Positions come from the notation (engine/diced_tomatoes/notation.py)."""

from __future__ import annotations

from engine.diced_tomatoes.heuristics import explain_move
from engine.diced_tomatoes.state import (
    TOKEN_NAMES,
    CleanVine,
    FlipSeed,
    KarmaGained,
    KarmaLost,
    KarmaSpent,
    PassDie,
    PlaceDie,
    Reroll,
    RerollStarted,
    RollOver,
    SetDie,
    Shift,
    TurnStarted,
)

from .helpers import end_turn, place, pos

NAMES = ["Ana", "Bo"]


def texts(events, cls):
    return [e.text(NAMES) for e in events if isinstance(e, cls)]


def test_tokens_are_named_as_the_table_stacks_them_top_to_bottom():
    """The table draws each player's 3 tomato tokens one above the other (token 0 on top), so
    the log, hints and tooltips say top / middle / bottom, never left / right."""
    assert TOKEN_NAMES == ("top", "middle", "bottom")
    s = pos("players=2 vines=-|-|-/-|3r|- hand=4r,3r,4r")
    assert (
        s.action_to_string(PlaceDie(0, 0, 2), NAMES)
        == "Place the red 4 as a seed on your bottom token"
    )
    assert (
        s.action_to_string(PlaceDie(1, 1, 1), NAMES) == "Place the red 3 on the middle vine of Bo"
    )
    events = place(s, 0, 0, 0)
    assert events[0].text(NAMES) == "Ana placed a red 4 as a seed on their own top token."


def test_karma_spent_sentence_names_the_karma_not_the_die():
    """Karma: "spent 1 karma to re-roll a die, now 2" read as the die's new face; every karma
    sentence says "karma now N"."""
    s = pos("players=2 vines=-|-|-/-|-|- hand=4r karma=3,3")
    assert texts(s.apply_action(Reroll(0)), KarmaSpent) == [
        "Ana spent 1 karma to re-roll a die; karma now 2."
    ]
    s = pos("players=2 vines=-|-|-/-|-|- hand=4r karma=6,3")
    assert texts(s.apply_action(SetDie(0, 2)), KarmaSpent) == [
        "Ana spent 6 karma to set a die; karma now 0."
    ]


def test_log_lines_of_a_turn_share_the_past_tense():
    """The log tells what happened, in the past tense: a karma re-roll followed by its roll read
    "re-rolled … rolled", and a turn's start "started … drew" (a play-test saw "re-rolls" next
    to "rolled")."""
    s = pos("players=2 vines=-|-|-/-|-|- hand=4r karma=3,3")
    assert texts(s.apply_action(Reroll(0)), RerollStarted) == ["Ana re-rolled a red 4."]
    started = [
        e for e in end_turn(pos("players=2 vines=-|-|-/-|-|- hand=x")) if isinstance(e, TurnStarted)
    ]
    assert started[0].text(NAMES) == "Bo started a turn and drew 3 dice from the bushel."


def test_karma_gained_and_lost_sentences_say_karma_now():
    """Karma gained for an opponent's vine (value 5 → 3 karma, 1 over the cap of 6 lost), and
    karma above 6 lost at the end of the turn with the 2023 update (DT-D12)."""
    s = pos("players=2 vines=-|-|-/5r5r5r|-|- hand=5r karma=4,3")
    assert texts(place(s, 0, 1, 0), KarmaGained) == [
        "Ana gained 2 karma for completing the top vine of Bo (1 lost over the cap); karma now 6."
    ]
    u = pos("players=2 options=u vines=-|-|-/5r5r5r|-|- hand=5r karma=6,3")
    place(u, 0, 1, 0)
    assert texts(end_turn(u), KarmaLost) == [
        "Ana lost 3 karma above 6 at the end of the turn; karma now 6."
    ]


def test_karma_hints_say_what_the_changed_die_does():
    """A hint for shift, roll over and set names the new face and where it then goes."""
    s = pos("players=2 vines=3r4r5r|-|-/-|-|- hand=5r karma=6,3")
    assert explain_move(s, Shift(0, 1)) == "turns the red 5 into a 6 to complete your top vine"
    assert explain_move(s, SetDie(0, 2)) == "turns the red 5 into a 2 to complete your top vine"
    r = pos("players=2 vines=-|5r|-/-|-|- hand=6b karma=6,3")
    assert explain_move(r, RollOver(0)) == "turns the black 6 into a 1"  # fits nowhere still
    t = pos("players=2 vines=-|2r|-/-|-|- hand=6b karma=6,3")
    assert explain_move(t, SetDie(0, 1)) == "turns the black 6 into a 1 that fits your middle vine"
    seed = pos("players=2 vines=-|-|-/-|-|- hand=2r karma=6,3")
    assert explain_move(seed, Shift(0, 1)) == "turns the red 2 into a 3, a seed worth 1 more"
    solo = pos("players=1 vines=-|-|- score=1 karma=6 hand=3r")
    assert explain_move(solo, Shift(0, -1)) == "turns the red 3 into a 2, the seed slot 2 needs"


def test_karma_hints_for_rerolls_give_the_dies_trouble():
    """A re-roll hint says why the die is worth re-rolling: it fits nowhere, it only helps an
    opponent, or how many other faces would suit the player's own vines."""
    s = pos("players=2 vines=3r4r5r|-|-/-|-|- hand=1b karma=3,3")
    assert explain_move(s, Reroll(0)) == "re-rolls the black 1 you cannot place"
    o = pos("players=2 vines=5r|-|-/3r|-|- hand=2b karma=3,3")
    assert (
        explain_move(o, Reroll(0)) == "re-rolls the black 2, which fits only other players' vines"
    )
    seed = pos("players=2 vines=1r|1r|1r/-|-|- hand=6r karma=3,3")
    # a play-test: the 6 fit no vine at all, only another player's empty token as a seed
    assert (
        explain_move(seed, Reroll(0))
        == "re-rolls the red 6, which could only seed another player's vine"
    )
    g = pos("players=2 vines=3r4r5r|-|-/-|-|- hand=3b karma=3,3")
    # a black die never seeds, and the 3-4-5 vine takes only a 2 or a 6
    assert explain_move(g, Reroll(0)) == "re-rolls the black 3 you cannot place"
    m = pos("players=2 vines=3r4r|1r|-/-|-|- hand=2b karma=3,3")
    # the 2 already fits both vines; with no 3-dice vine no face would complete one
    assert explain_move(m, Reroll(0)) == "re-rolls the black 2 hoping for a better face"
    low = pos("players=2 vines=-|-|-/-|-|- hand=1r karma=3,3")
    assert (
        explain_move(low, Reroll(0)) == "re-rolls the red 1: as a seed it makes a vine worth only 1"
    )


def test_karma_hints_for_cleaning_and_flipping_vines():
    """Clean: a vine worth too little (or too much) to harvest, or (solo) one that misses the
    slot it needs; flip: a seed worth more to you, or less to an opponent."""
    s = pos("players=2 vines=1r1b|2r|-/5r|-|- karma=6,3 hand=4r")
    assert explain_move(s, CleanVine(0, 0)) == "cleans your top vine worth 0, too low to harvest"
    assert explain_move(s, FlipSeed(0, 1)) == "flips your middle seed from 2 to 5: worth 3 more"
    assert (
        explain_move(s, FlipSeed(1, 0))
        == "flips the top seed of Player 2 from 5 to 2: worth 3 less to them"
    )
    solo = pos("players=1 vines=4r5r|3r|- score=1 karma=6 hand=6r")
    assert explain_move(solo, CleanVine(0, 0)) == "cleans your top vine worth 4; slot 2 needs a 2"
    assert explain_move(solo, FlipSeed(0, 1)) == "flips your middle seed from 3 to 4"
    two = pos("players=1 vines=-|5r|- score=1 karma=6 hand=6r")
    assert (
        explain_move(two, FlipSeed(0, 1))
        == "flips your middle seed from 5 to 2, the value slot 2 needs"
    )


def test_every_karma_hint_is_a_short_reason():
    """Each legal karma action in busy positions gets a reason of about 60 characters."""
    s = pos("players=3 vines=3r4r5r|2r|-/5r5r|-|1r/-|-|- hand=5r,1b,6r karma=6,3,3")
    karma = [
        a
        for a in s.legal_actions()
        if isinstance(a, (Reroll, Shift, RollOver, SetDie, CleanVine, FlipSeed))
    ]
    assert len(karma) > 10
    for a in karma:
        reason = explain_move(s, a)
        assert reason and "karma well spent" not in reason and len(reason) <= 66, (a, reason)


def test_karma_for_a_vine_names_whose_vine_was_completed():
    """Karma is earned for completing an opponent's vine (rules, Karma); the log names that
    vine, so with 2+ players it never reads as if completing your own vine earned karma. In
    solo your own vines earn it (Single-player mode), named the same way."""
    s = pos("players=3 vines=-|-|-/-|-|-/-|3r3r3r|- hand=3r karma=3,3,3")
    line = [e.text(["Ana", "Bo", "Cy"]) for e in place(s, 0, 2, 1) if isinstance(e, KarmaGained)]
    assert line == ["Ana gained 2 karma for completing the middle vine of Cy; karma now 5."]
    assert "own" not in line[0] and "your" not in line[0]
    solo = pos("players=1 vines=-|-|2r2r2r hand=2r karma=3")
    assert [e.text(["Ana"]) for e in place(solo, 0, 0, 2) if isinstance(e, KarmaGained)] == [
        "Ana gained 1 karma for completing their own bottom vine; karma now 4."
    ]


def test_solo_dice_with_no_spot_are_set_aside_not_passed():
    """Single-player mode: a die with no legal spot comes back to you next turn; the log, the
    move's words and the refusals say it is set aside, never passed."""
    s = pos("players=1 vines=5r6r|-|- score=1,2,3 hand=1b,4r")
    assert s.action_to_string(PassDie(0), ["Ana"]) == "Set the black 1 aside for your next turn"
    assert "set aside" in s.end_turn_refusal() and "passed" not in s.end_turn_refusal()
    events = s.apply_action(PlaceDie(1, 0, 0))
    events = s.apply_action(PassDie(0))
    assert events[0].text(["Ana"]) == (
        "Ana set aside a black 1 for the next turn: it had no legal spot."
    )
    events = end_turn(s)
    started = [e for e in events if isinstance(e, TurnStarted)]
    assert started[0].text(["Ana"]) == (
        "Ana started a turn and drew 3 dice from the bushel, plus 1 set aside last turn."
    )
    two = pos("players=2 vines=-|-|-/-|-|- hand=1b")
    assert two.action_to_string(PassDie(0), ["Ana", "Bo"]) == "Pass the black 1 to Bo"


def test_dice_passed_to_you_are_named_with_who_passed_them():
    s = pos("players=3 active=0 hand=x passed=b vines=-|-|-/-|-|-/-|-|-")
    started = [e for e in end_turn(s) if isinstance(e, TurnStarted)]
    assert started[0].text(["Ana", "Bo", "Cy"]) == (
        "Bo started a turn and drew 3 dice from the bushel, plus 1 passed by Ana."
    )


def test_a_turn_of_passed_dice_alone_says_so_without_a_draw_of_none():
    """Play-test (Japanese): "…drew no dice from the bushel, plus 3 set aside last turn" read
    as "also 3" with nothing drawn. A turn the bushel gives nothing to says where its dice come
    from, and that the bushel gave none."""
    from engine.diced_tomatoes.state import TurnStarted

    names = ["Ana", "Ben"]
    assert (
        TurnStarted(0, 0, 3, 0).text(names)
        == "Ana started a turn with the 3 dice set aside last turn; the bushel gave none."
    )
    assert (
        TurnStarted(1, 0, 1, 0).text(names)
        == "Ben started a turn with the 1 die passed by Ana; the bushel gave none."
    )
    assert TurnStarted(0, 3, 2, 1).text(names) == (
        "Ana started a turn and drew 3 dice from the bushel, plus 2 passed by Ben."
    )
