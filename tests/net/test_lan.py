"""Two OS processes play whole games over a real local websocket (net/lan.py, net/play.py),
one of them killed in the middle and restarted from its stored game."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from engine import registry
from engine.match import HUMAN
from net.lan import LanGuest, LanHost
from net.log import OnlineSeat, make_header
from net.transport import Delivery, Restored, Trouble

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def runner(*args: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=ROOT)
    return subprocess.Popen(
        [sys.executable, "-m", "net.play", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )


def finish(process: subprocess.Popen, timeout: float = 120) -> tuple[int, dict]:
    out, err = process.communicate(timeout=timeout)
    lines = [line for line in out.splitlines() if line.startswith("{")]
    assert lines, err[-3000:]
    return process.returncode, json.loads(lines[-1])


@pytest.mark.long
def test_two_processes_play_a_whole_game_each_switched_off_once(tmp_path):
    """The host and a guest, two processes, play Diced Tomatoes with a bot to the end. The
    guest is switched off after 3 entries and started again from its stored game; then the
    host after 6, started again on the same port (the guest reconnects by itself). Both end
    with the same position."""
    common = ["--game", "diced-tomatoes", "--seats", "human:Ana,human:Ben,bot:easy", "--seed", "3"]
    ana_store, ben_store = tmp_path / "ana.json", tmp_path / "ben.json"
    ana = ["--host", *common, "--as", "Ana", "--moves", "1", "--store", str(ana_store)]
    host = runner(*ana, "--crash-after", "6")
    processes = [host]
    try:
        assert host.stdout is not None
        address = json.loads(host.stdout.readline())["address"]
        ben = ["--join", address, "--as", "Ben", "--moves", "2", "--store", str(ben_store)]
        guest = runner(*ben, "--crash-after", "3")
        processes.append(guest)
        assert guest.wait(timeout=60) == 3 and ben_store.exists()
        guest = runner(*ben)
        processes.append(guest)
        assert host.wait(timeout=60) == 3 and ana_store.exists()
        host = runner(*ana, "--port", address.rsplit(":", 1)[1])
        processes.append(host)
        code, host_end = finish(host)
        assert code == 0, host_end
        code, guest_end = finish(guest)
        assert code == 0, guest_end
    finally:
        for process in processes:
            if process.poll() is None:
                process.kill()
    assert guest_end["hash"] == host_end["hash"] and guest_end["steps"] == host_end["steps"]
    assert host_end["turns"] > 6


def test_guest_reconnects_and_gets_what_it_missed():
    """A guest whose connection drops asks again from where it was; nothing is lost."""
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=1)
    host = LanHost(header.data, "Ana", bind="127.0.0.1")
    guest = LanGuest(host.address("127.0.0.1"), "Ben")
    try:
        assert guest.welcomed.wait(10)
        assert guest.header() == header.data
        host.publish({"n": 1})
        got = _wait_for(guest, lambda items: sum(isinstance(i, Delivery) for i in items) >= 1)
        assert [i.data for i in got if isinstance(i, Delivery)] == [{"n": 1}]
        assert got[0].sender == "Ana"
        # drop the guest's connection from the host's side
        connection = host._guests["Ben"]
        host._loop.call(lambda: __import__("asyncio").ensure_future(connection.close()))
        got = _wait_for(guest, lambda items: any(isinstance(i, Trouble) for i in items))
        host.publish({"n": 2})
        guest.publish({"n": 3})
        got = _wait_for(guest, lambda items: sum(isinstance(i, Delivery) for i in items) >= 2, 20)
        assert any(isinstance(i, Restored) for i in got)
        assert [i.data for i in got if isinstance(i, Delivery)] == [{"n": 2}, {"n": 3}]
        assert [i.sender for i in got if isinstance(i, Delivery)] == ["Ana", "Ben"]
        assert [i.data for i in host.receive()] == [{"n": 1}, {"n": 2}, {"n": 3}]
    finally:
        guest.close()
        host.close()


def test_a_player_without_a_seat_is_refused():
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    host = LanHost(make_header(spec, seats).data, "Ana", bind="127.0.0.1")
    guest = LanGuest(host.address("127.0.0.1"), "Mallory")
    try:
        got = _wait_for(guest, lambda items: any(isinstance(i, Trouble) for i in items))
        trouble = [i for i in got if isinstance(i, Trouble)][0]
        assert "no seat" in trouble.message and trouble.retry_in is None
        assert guest.header() is None
    finally:
        guest.close()
        host.close()


def _wait_for(transport, done, seconds: float = 10) -> list:
    found: list = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found += transport.receive()
        if done(found):
            return found
        time.sleep(0.02)
    raise AssertionError(f"nothing arrived: {found}")


def test_the_address_shown_to_friends_is_not_the_loopback(monkeypatch):
    """Play-test: the host showed ws://127.0.0.1:PORT (its host name maps to the loopback),
    which no friend on another computer can use; the address the way out leaves from is."""
    import socket

    from net.lan import lan_address

    monkeypatch.setattr(socket, "gethostname", lambda: "localhost")
    address = lan_address()
    assert not address.startswith("127.") or not _has_a_network()


def _has_a_network() -> bool:
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))
        return not probe.getsockname()[0].startswith("127.")
    except OSError:
        return False
    finally:
        probe.close()


def test_a_first_join_at_a_wrong_address_gives_up_in_words():
    """Play-test: a wrong address was tried for ever (Join stayed greyed out), and "hello
    there" was taken for an address. Text that is no address is refused at once; an address
    where no game answers is said after a few tries."""
    import socket
    import time

    import pytest

    from net.lan import LanGuest

    with pytest.raises(ValueError, match="is not an address"):
        LanGuest("hello there", "Ben", first_join=True)
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()  # nobody listens there
    guest = LanGuest(f"ws://127.0.0.1:{port}", "Ben", first_join=True)
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if guest.trouble is not None and guest.trouble.retry_in is None:
                break
            time.sleep(0.1)
        assert guest.trouble is not None and guest.trouble.retry_in is None
        assert "Cannot reach a game at" in guest.trouble.message
    finally:
        guest.close()


def test_a_guest_sends_its_own_entries_again_to_a_host_started_again():
    """Play-test: the host had echoed Ben's turn but never stored it, and started again from its
    stored log without it; Ben's computer saw its turn come back and sent nothing, so each
    waited for the other. A guest welcomed by a new relay sends all of its own again."""
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=1)
    host = LanHost(header.data, "Ana", bind="127.0.0.1")
    port = host.port
    guest = LanGuest(host.address("127.0.0.1"), "Ben")
    again = None
    try:
        assert guest.welcomed.wait(10)
        host.publish({"n": 1})
        guest.publish({"n": 2})
        _wait_for(guest, lambda items: sum(isinstance(i, Delivery) for i in items) >= 2)
        assert guest.outbox_size() == 0  # echoed: it came back
        host.close()
        again = LanHost(header.data, "Ana", port, "127.0.0.1", relay=[({"n": 1}, "Ana")])
        _wait_for(guest, lambda items: any(isinstance(i, Restored) for i in items), 30)
        for _wait in range(400):
            if len(again._relay) >= 2:
                break
            time.sleep(0.01)
        assert [entry for entry, _sender in again._relay] == [{"n": 1}, {"n": 2}]
        assert again._relay[1][1] == "Ben"
    finally:
        guest.close()
        if again is not None:
            again.close()
