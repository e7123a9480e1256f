"""Shifting Stones online (issue 40, item 2): only decisions travel, and what a seat's computer
sends never names a card another seat holds or the deck holds (docs/DESIGN.md, "Playing at a
distance", "Secret hands").

Three people on three computers and a bot play a whole game through the in-memory log; every
message is then read against the position at its step: the cards it names (a payment, a scored
card) are the sender's own, played face up; no chance outcome (a deal, a draw, the first
player) travels; the header holds no position; and a card a seat held but never played stays
off the network, even from that seat.
"""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.match import BOT, HUMAN
from engine.shifting_stones.state import CHANCE_CLASSES, CardPaid, CardScored, Pay, Score
from net.log import OnlineSeat, make_header, state_hash
from net.session import OnlineMatch
from net.transport import MemoryHub, MemoryTransport
from tests.net.test_memory_games import play_out

SPEC = registry.get("shifting-stones")
PEOPLE = ("ana", "ben", "cid")


def three_computers(seed: int):
    seats = [OnlineSeat(HUMAN, name.title(), player=name) for name in PEOPLE]
    seats.append(OnlineSeat(BOT, "Bot", level="easy"))
    header = make_header(SPEC, seats, seed=seed)
    hub = MemoryHub(header.data)
    sessions = [
        OnlineMatch(header, MemoryTransport(hub, name), [seat]) for seat, name in enumerate(PEOPLE)
    ]
    return hub, sessions


def positions_before_each_step(match) -> list:
    """The position before every step of ``match`` (and after the last one)."""
    state = match.start_state()
    positions = [state.clone()]
    for step in match.history:
        state.apply_action(step.action)
        positions.append(state.clone())
    return positions


@pytest.mark.long
def test_only_decisions_travel_and_they_name_only_the_senders_own_cards():
    hub, sessions = three_computers(seed=21)
    play_out(sessions, seed=4)
    match = sessions[0].match
    assert match.is_terminal()
    assert len({state_hash(s.match.state) for s in sessions}) == 1
    assert "start" not in hub.header  # no position (no hand) in the header
    positions = positions_before_each_step(match)
    named: dict[int, set] = {seat: set() for seat in range(len(PEOPLE))}
    for data, sender in hub.items:
        entry = json.loads(data)
        assert entry["kind"] == "turn" and set(entry) == {
            "kind",
            "turn",
            "step",
            "seat",
            "actions",
            "hash",
        }
        seat = entry["seat"]
        assert sender == PEOPLE[seat]
        before = positions[entry["step"]]  # the turn's start: every card it pays is held
        others = {card for other, hand in enumerate(before.hands) if other != seat for card in hand}
        for plain in entry["actions"]:
            action = SPEC.action_codec.from_dict(plain)
            assert not isinstance(action, CHANCE_CLASSES), plain
            if isinstance(action, (Pay, Score)):
                assert action.card in before.hands[seat]
                assert action.card not in others and action.card not in before.deck
                named[seat].add(action.card)
            else:
                assert "card" not in plain
    played = {seat: set() for seat in named}
    for _index, event in match.events:
        if isinstance(event, (CardPaid, CardScored)) and event.player in played:
            played[event.player].add(event.card)
    assert named == played  # exactly the cards each seat played face up, nothing more
    assert all(named.values())
