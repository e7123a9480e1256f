"""Cancelling (docs/rules/tea_time.md, A round; TT-D9): a player never holds both sides of one
character."""

from __future__ import annotations

from tests.engine.tea_time.helpers import column, event_types, pos, take


def test_the_pages_example_three_normal_cheshire_cats_and_a_mirror_one_leave_two_normal():
    """Holding three normal Cheshire Cats and taking a mirror one: the mirror one and one normal
    one are discarded, leaving two normal."""
    state = pos("players=2 turn=3 table=PcHm/rDpM/HrDp collections=C3/-")
    events = take(state, (0, 1))  # the mirror Cheshire Cat
    assert column(state, 0, "C") == (2, 0)
    assert state.cancelled["C"] == 2
    cancelled = events[1]
    assert event_types(events)[:2] == ["CardsTaken", "CardsCancelled"]
    assert (cancelled.character, cancelled.pairs, cancelled.left, cancelled.side_left) == (
        "C",
        1,
        2,
        "normal",
    )
    assert cancelled.text(["Ana", "Bob"]) == (
        "Ana discarded 1 normal and 1 mirror Cheshire Cat, which cancelled each other; "
        "2 normal cards remain."
    )


def test_several_pairs_may_cancel_in_one_turn():
    """Two mirror Cheshire Cats on a diagonal against two normal ones, and a mirror Dormouse
    against a normal one: three pairs leave in one turn."""
    state = pos("players=2 turn=3 table=PcHm/rDcM/HrDc collections=C2,D1/-")
    events = take(state, (0, 1), (1, 2))  # two mirror Cheshire Cats
    assert column(state, 0, "C") == (0, 0)
    assert [e.pairs for e in events if type(e).__name__ == "CardsCancelled"] == [2]
    state = pos("players=2 turn=3 table=PcHm/rDdM/HrDc collections=C1,D1/-")
    events = take(state, (0, 1), (1, 2))  # a mirror Cheshire Cat and Dormouse
    assert event_types(events) == ["CardsTaken", "CardsCancelled", "CardsCancelled", "TurnStarted"]
    assert column(state, 0, "C") == (0, 0) and column(state, 0, "D") == (0, 0)
    assert state.cancelled["C"] == 2 and state.cancelled["D"] == 2


def test_tt_d9_both_sides_taken_together_cancel_each_other():
    """A normal and a mirror March Hare side by side, taken by a player holding none: they
    cancel each other, however the line is given."""
    state = pos("players=2 turn=3 table=MmHm/rDpM/HrDp collections=-/-")
    take(state, (0, 1), (0, 0))
    assert column(state, 0, "M") == (0, 0) and state.cancelled["M"] == 2


def test_cards_of_the_side_held_just_add_up():
    state = pos("players=2 turn=3 table=PcHm/rDcM/HrDc collections=c2/-")
    events = take(state, (0, 1), (1, 2))
    assert "CardsCancelled" not in event_types(events)
    assert column(state, 0, "C") == (0, 4)


def test_cancelling_can_leave_the_other_side():
    """Holding one normal Cheshire Cat and taking two mirror ones leaves one mirror one."""
    state = pos("players=2 turn=3 table=PcHm/rDcM/HrDc collections=C1/-")
    events = take(state, (0, 1), (1, 2))
    assert column(state, 0, "C") == (0, 1)
    assert events[1].text(["Ana", "Bob"]).endswith("cancelled each other; 1 mirror card remains.")


def test_only_the_takers_collection_cancels():
    state = pos("players=2 turn=3 active=1 table=PcHm/rDcM/HrDc collections=C3/C1")
    take(state, (0, 1))
    assert column(state, 0, "C") == (3, 0)  # the other player's cards never change
    assert column(state, 1, "C") == (0, 0)
