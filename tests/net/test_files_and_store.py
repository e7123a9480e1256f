"""Play by e-mail (net/files.py) and this computer's list of online games (net/store.py)."""

from __future__ import annotations

import json

import pytest

from engine import registry
from engine.match import BOT, HUMAN
from net import store
from net.autoplay import random_chooser, step
from net.files import FileTransport, read_turn_file, write_turn_file
from net.log import BadEntry, OnlineSeat, make_header, state_hash
from net.session import OnlineMatch


def header_for(game_id="diced-tomatoes", seed=5):
    spec = registry.get(game_id)
    seats = [
        OnlineSeat(HUMAN, "Ana", player="Ana"),
        OnlineSeat(HUMAN, "Ben", player="Ben"),
        OnlineSeat(BOT, "Bot 1", level="easy"),
    ]
    return make_header(spec, seats, seed=seed)


def play_until_waiting(session, choose):
    for _ in range(10_000):
        moved, _outcomes = step(session, choose)
        if not moved:
            return
    raise AssertionError("never waits")


@pytest.mark.long
def test_a_whole_game_by_turn_files(tmp_path):
    """Each "Send turn" writes the log since the friend's last turn; the friend opens it,
    plays, and sends back; both end with the same position."""
    header = header_for()
    ana = OnlineMatch(header, FileTransport(header.data), [0])
    ben = None
    choosers = [random_chooser(1), random_chooser(2)]
    sizes = []
    for exchange in range(500):
        sender, chooser = (ana, choosers[0]) if exchange % 2 == 0 else (ben, choosers[1])
        assert sender is not None
        play_until_waiting(sender, chooser)
        path = tmp_path / f"turn-{exchange}.json"
        sizes.append(write_turn_file(sender, path))
        turn_file = read_turn_file(path)
        if ben is None:  # the first file is the invitation: the game starts from it
            ben = OnlineMatch(turn_file.header, FileTransport(turn_file.header.data), [1])
        receiver = ben if sender is ana else ana
        receiver.transport.load(turn_file)
        play_until_waiting(receiver, choosers[0] if receiver is ana else choosers[1])
        if ana.match.is_terminal() and ben.match.is_terminal():
            break
    assert ben is not None and ana.match.is_terminal() and ben.match.is_terminal()
    assert state_hash(ana.match.state) == state_hash(ben.match.state)
    assert max(sizes) < len(ana.log)  # a file holds the turns since, not the whole log


def test_bad_turn_files_are_refused_in_words(tmp_path):
    header = header_for()
    session = OnlineMatch(header, FileTransport(header.data), [0])
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    with pytest.raises(BadEntry, match="damaged JSON"):
        read_turn_file(junk)
    other = tmp_path / "other.json"
    write_turn_file(OnlineMatch(header_for(seed=6), FileTransport({}), [0]), other)
    with pytest.raises(BadEntry, match="another game"):
        session.transport.load(read_turn_file(other))
    wrong = tmp_path / "wrong.json"
    data = json.loads(other.read_text())
    data["header"]["rules_version"] = 999
    wrong.write_text(json.dumps(data))
    with pytest.raises(BadEntry, match="other rules") as caught:
        read_turn_file(wrong)
    assert caught.value.stop


def test_online_games_are_kept_listed_and_reopened():
    header = header_for("tea-time", seed=2)
    session = OnlineMatch(header, FileTransport(header.data), [0])
    session.match.advance_chance()
    session.poll()
    path = store.save_game(session, {"kind": "file"})
    (store.online_dir() / "broken.json").write_text("{")
    listed = {info.path.name: info for info in store.list_games()}
    mine = listed[path.name]
    assert mine.title == "Tea Time" and mine.names == ("Ana", "Ben", "Bot 1")
    assert mine.to_move == "Ben" and not mine.your_turn and mine.transport == "file"
    assert listed["broken.json"].problem
    data, transport = store.load_game(path)
    again = OnlineMatch.restore(data, FileTransport(data["header"]))
    assert transport == {"kind": "file"}
    assert state_hash(again.match.state) == state_hash(session.match.state)


@pytest.mark.parametrize("seed, first", [(2, "Ana"), (3, "Ben")])
def test_a_new_games_summary_names_who_moves_after_the_opening_luck(seed, first):
    """Before anyone played, the log's position waits for luck (who begins); the list still
    says whose turn it is — the seat the seeded luck gives — and whether it is this
    computer's."""
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=seed)
    ana = OnlineMatch(header, FileTransport(header.data), [0])
    assert ana.mover() < 0 and not ana.match.history
    summary = store.summary(ana)
    assert summary["to_move"] == first and summary["your_turn"] == (first == "Ana")
    ana.match.advance_chance()
    assert ana.match.names[ana.match.current_player()] == first


def test_an_online_game_open_in_another_window_is_refused():
    """Play-test: Continue on a game another window was hosting quietly hosted it twice on
    another port. The second window is told the game is open elsewhere, as saves are."""
    from net import reopen
    from saves import locks
    from saves.store import SaveError
    from tests.saves.test_two_copies import another_copy_playing

    header = header_for("tea-time", seed=2)
    session = OnlineMatch(header, FileTransport(header.data), [0])
    session.match.advance_chance()
    path = store.save_game(session, {"kind": "file"})
    with another_copy_playing(path):
        with pytest.raises(SaveError, match="open in another window"):
            reopen.reopen(path)
    play = reopen.reopen(path)  # that window closed: this one plays it, holding its lock
    assert locks.held_here(path) and play.kind == "file"
    locks.release(path)


def test_the_list_names_who_moves_after_a_friends_turn_that_waits_to_be_shown(tmp_path):
    """Play-test: a friend's turn arrived and was kept, then the program was killed before
    the table showed it: the list still named the friend. The summary counts the turn."""
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=3)  # Ben begins
    ana = OnlineMatch(header, FileTransport(header.data), [0])
    ben = OnlineMatch(header, FileTransport(header.data), [1])
    play_until_waiting(ben, random_chooser(4))
    path = tmp_path / "turn.json"
    write_turn_file(ben, path)
    ana.match.advance_chance()
    ana.transport.load(read_turn_file(path))
    ana.poll()
    assert ana.remote_ready()  # kept, not yet shown by the table
    assert ana.match.current_player() == 1
    summary = store.summary(ana)
    assert summary["to_move"] == "Ana" and summary["your_turn"]
    while ana.remote_ready():
        ana.play_remote()
    while ana.match.is_chance():
        ana.match.advance_chance()
    assert ana.match.current_player() == 0 and store.summary(ana)["to_move"] == "Ana"


def test_a_turn_file_whose_turn_gives_another_position_is_refused_not_the_game(tmp_path):
    """Play-test: a damaged turn file (its turn's position changed) stopped the game for good;
    the right file opened after it could not be played. A file is refused in words and the
    game waits for the right one (on a live line the same mismatch stops the game)."""
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=3)  # Ben begins
    ana = OnlineMatch(header, FileTransport(header.data), [0])
    ben = OnlineMatch(header, FileTransport(header.data), [1])
    play_until_waiting(ben, random_chooser(4))
    path = tmp_path / "turn.json"
    write_turn_file(ben, path)
    damaged = tmp_path / "damaged.json"
    data = json.loads(path.read_text())
    data["entries"][-1]["hash"] = "0" * 64
    damaged.write_text(json.dumps(data))
    ana.match.advance_chance()
    ana.transport.load(read_turn_file(damaged))
    said = " ".join(getattr(outcome, "message", "") for outcome in ana.poll())
    assert "damaged or edited file" in said and "Ask Ben to send it again" in said
    assert ana.stopped is None and not ana.remote_ready()
    ana.transport.load(read_turn_file(path))
    ana.poll()
    assert ana.remote_ready()
    while ana.remote_ready():
        ana.play_remote()
    assert state_hash(ana.match.state) == state_hash(ben.match.state)
