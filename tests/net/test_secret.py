"""Off the Rails' hidden split online (OR-D7): commit, answer, reveal (net/secret.py)."""

from __future__ import annotations

import json

from engine import registry
from engine.match import HUMAN
from engine.off_the_rails.state import EndActions, PickPile, SplitLoad
from net.autoplay import random_chooser, step
from net.log import OnlineSeat, commitment, make_header, state_hash
from net.outcomes import SecretAsked, Stopped
from net.session import OnlineMatch
from net.transport import MemoryHub, MemoryTransport
from tests.engine.off_the_rails.helpers import blank, lay, put_cart

SPEC = registry.get("off-the-rails")


def collision_header():
    """Ana's cart (seat 0) runs into Ben's loaded cart (seat 1) when Ana ends her actions."""
    s = blank()
    lay(s, {(2, c): "EW" for c in range(12)})
    put_cart(s, 0, (2, 1), "E", speed=4, load=(0, 1, 0, 0, 0))
    put_cart(s, 2, (2, 4), "E", load=(1, 1, 0, 0, 1))
    seats = [OnlineSeat(HUMAN, "Ana", player="ana"), OnlineSeat(HUMAN, "Ben", player="ben")]
    return make_header(SPEC, seats, seed=4, start=SPEC.notation.format(s))


def computers(header):
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0])
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1])
    watcher = OnlineMatch(header, MemoryTransport(hub, "cid"), [])
    return hub, [ana, ben, watcher]


def settle(sessions, choosers, rounds=40):
    outcomes = []
    for _ in range(rounds):
        moved = False
        for session, choose in zip(sessions, choosers):
            if choose is None:  # only listens
                did, found = False, session.poll()
            else:
                did, found = step(session, choose)
            outcomes.extend(found)
            moved |= did or bool(found)
        if not moved:
            break
    return outcomes


SPLIT = SplitLoad((0, 1, 0, 0, 1))


def test_or_d7_split_travels_committed_then_revealed():
    """OR-D7: Ben's split goes out as a commitment; Ana picks without it; the reveal is
    checked against the commitment and every computer then plays split and pick alike."""
    hub, (ana, ben, watcher) = computers(collision_header())
    ana.match.apply(EndActions())
    ana.poll()
    ben_choose = lambda legal: SPLIT if SPLIT in legal else legal[0]  # noqa: E731
    outcomes = settle([ana, ben, watcher], [None, ben_choose, None])
    assert ben.match.history[-1].action == SPLIT  # Ben's computer plays its own split
    kinds = [json.loads(data)["kind"] for data, _sender in hub.items]
    assert kinds == ["turn", "commit"]
    assert "SplitLoad" not in json.dumps(hub.items)  # the split itself has not travelled
    assert any(isinstance(o, SecretAsked) and o.seat == 0 for o in outcomes)
    choice = ana.secret_choice()
    assert choice is not None and choice.legal == [PickPile(0), PickPile(1)]
    assert choice.view.split_piles() != ben.match.state.split_piles()  # Ana sees a stand-in
    ana.answer_secret(PickPile(0))
    settle([ana, ben, watcher], [lambda legal: legal[0], ben_choose, lambda legal: legal[0]])
    kinds = [json.loads(data)["kind"] for data, _sender in hub.items]
    assert kinds[:4] == ["turn", "commit", "turn", "reveal"]
    reveal = json.loads(hub.items[3][0])
    commit = json.loads(hub.items[1][0])
    assert commitment(reveal["nonce"], reveal["actions"]) == commit["commit"]
    assert len(reveal["nonce"]) == 32
    for session in (ana, ben, watcher):
        actions = [h.action for h in session.match.history]
        assert SPLIT in actions and PickPile(0) in actions
        assert session.match.state.carts[2].load == (1, 0, 0, 0, 0)  # pile 0 was dropped
    assert state_hash(ana.match.state) == state_hash(ben.match.state)
    assert state_hash(watcher.match.state) == state_hash(ana.match.state)


def test_or_d7_reveal_that_breaks_its_commitment_stops():
    """A revealed split that is not the one committed to stops the game; nothing is played."""
    hub, (ana, ben, watcher) = computers(collision_header())
    ana.match.apply(EndActions())
    ben_choose = lambda legal: SPLIT if SPLIT in legal else legal[0]  # noqa: E731
    settle([ana, ben], [None, ben_choose])
    ana.answer_secret(PickPile(1))
    ana.poll()
    commit = json.loads(hub.items[1][0])
    other = SplitLoad((1, 1, 0, 0, 0))
    forged = {
        "kind": "reveal",
        "turn": 3,
        "step": commit["step"],
        "seat": 1,
        "nonce": "0" * 32,
        "actions": [other.to_dict()],
        "hash": "0" * 64,
    }
    hub.inject(json.dumps(forged), "ben")
    before = [h.action for h in ana.match.history]
    outcomes = ana.poll()
    assert any(isinstance(o, Stopped) for o in outcomes)
    assert ana.stopped and "not the one committed to" in ana.stopped
    assert [h.action for h in ana.match.history] == before


def test_or_d7_random_play_on_after_the_split():
    """After the reveal the game goes on to its end with the same position everywhere."""
    hub, sessions = computers(collision_header())
    ana, ben, watcher = sessions
    ana.match.apply(EndActions())
    chooser_a, chooser_b = random_chooser(1), random_chooser(2)
    for _ in range(3000):
        moved = False
        for session, choose in ((ana, chooser_a), (ben, chooser_b), (watcher, None)):
            if (choice := session.secret_choice()) is not None:
                session.answer_secret(choose(choice.legal))
            did, _outcomes = step(session, choose)
            assert session.stopped is None
            moved |= did
        if all(s.match.is_terminal() for s in sessions):
            break
    for session in sessions:
        session.poll()
    assert all(s.match.is_terminal() for s in sessions)
    assert len({state_hash(s.match.state) for s in sessions}) == 1
