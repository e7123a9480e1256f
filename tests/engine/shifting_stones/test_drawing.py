"""Drawing and the new deck (docs/rules/shifting_stones.md, A turn; SS-D6)."""

from __future__ import annotations

from engine.shifting_stones.data import CARD_IDS
from engine.shifting_stones.state import DrawCard, EndTurn, Score
from tests.engine.shifting_stones.helpers import check_components, draw, event_types, pos

HANDS = [8, 41, 7, 14, 5, 6, 9, 10]


def rest(*left_out: int) -> str:
    return ",".join(str(c) for c in CARD_IDS if c not in HANDS and c not in left_out)


def test_ss_d6_an_empty_deck_takes_the_discard_pile_as_a_new_deck():
    state = pos(
        f"grid=SFB/HOE/TTO hands=8,41,7,14/5,6,9,10 first=0 active=0 deck=- discard={rest()}"
    )
    state.apply_action(Score(8))
    events = state.apply_action(EndTurn())
    assert event_types(events) == ["TurnEnded", "DeckReshuffled"]
    assert events[1].text([]) == (
        "The deck ran out: the discard pile's 64 cards were shuffled into a new deck."
    )
    assert state.discard == [] and len(state.deck) == 64
    outcomes = dict(state.chance_outcomes())
    assert len(outcomes) == 64 and abs(sum(outcomes.values()) - 1) < 1e-9
    draw(state, 1)
    assert state.hands[0] == [41, 7, 14, 1] and state.current_player() == 1
    check_components(state)


def test_ss_d6_with_deck_and_discard_empty_the_player_draws_what_there_is():
    state = pos(
        f"grid=SFB/HOE/TTO hands=8,41,7,14/5,6,9,10 first=0 active=0 deck=- "
        f"scored={rest()}/- last=no"
    )
    state.apply_action(Score(8))
    events = state.apply_action(EndTurn())
    assert event_types(events) == ["TurnEnded", "NothingToDraw", "TurnStarted"]
    assert events[1].text(["Ana"]) == (
        "The deck and the discard pile are empty: Ana draws 1 card fewer."
    )
    assert state.hands[0] == [41, 7, 14] and state.current_player() == 1


def test_a_draw_runs_out_halfway_and_the_discard_pile_refills_it():
    left = rest(1)
    state = pos(f"grid=SFB/HOE/TTO hands=8,41,7,14/5,6,9,10 first=0 active=0 deck=1 discard={left}")
    state.apply_action(Score(8))
    state.apply_action(Score(41))
    state.apply_action(EndTurn())
    assert [action for action, _ in state.chance_outcomes()] == [DrawCard(1)]
    events = state.apply_action(DrawCard(1))
    assert event_types(events) == ["CardDrawn", "DeckReshuffled"]
    assert len(state.deck) == 63 and state.to_draw == 1
