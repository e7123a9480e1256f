"""The online screens driven with synthetic events (issue 43, items 3–6): New game with an
Online friend seat, Play online, the table waiting for a friend, hosting on this network and a
friend joining, play by file (Send turn, Open turn file), Online games on the title, handing
a seat over, and a stopped game.

The friend's computer is a headless session (:mod:`net.autoplay`) in the test's thread: one
program window runs at a time.
"""

from __future__ import annotations

import json
import time

import pygame
import pygame_gui
import pytest

from engine import registry
from engine.match import HUMAN
from net.autoplay import random_chooser, step
from net.files import FileTransport, read_turn_file, write_turn_file
from net.lan import LanGuest
from net.log import OnlineSeat, make_header, parse_header, state_hash
from net.secret import PEEK_NOTICE
from net.session import OnlineMatch
from net.store import game_path, load_game
from saves import stats
from scenes import routes
from scenes.game_over import GameOverScene
from scenes.online_dialog import OnlineDialog
from scenes.online_setup import OnlineSetupScene
from scenes.table.scene import TableScene
from scenes.turn_files import TurnFilesScene, turn_folder
from tests.scenes.driver import click, find_button, frames, make_app, settle
from translation import _


def choose(scene, object_id: str, text: str) -> None:
    """Pick ``text`` in the scene's drop-down ``object_id`` (as pygame_gui reports it)."""
    scene.handle_event(
        pygame.event.Event(
            pygame_gui.UI_DROP_DOWN_MENU_CHANGED,
            {"ui_object_id": f"container.{object_id}", "text": text},
        )
    )


def new_online_game(
    app, game_id: str, friend: str, way: str, seed: int = 3, clock: str | None = None
) -> TableScene:
    """Title → New game → the game, seat 2 an Online friend named ``friend`` → Start → Play
    online ``way`` → Start: the table."""
    routes.push(app, "title")
    frames(app, 1)
    click(app, find_button(app, "New game"))
    form = app.manager.top
    form.choose_game([spec.id for spec in form.games].index(game_id))
    frames(app, 1)
    form.seat_widgets[0][1].set_text("Ana")
    form.seed_entry.set_text(str(seed))
    choose(form, "#seat_kind_1", "Online friend")
    frames(app, 1)
    assert form.seat_widgets[1][1].get_text() == ""  # no "Player 2" to clear first
    form.seat_widgets[1][1].set_text(friend)
    click(app, find_button(app, "Start"))
    setup = app.manager.top
    assert isinstance(setup, OnlineSetupScene)
    assert " ".join(setup.peek).startswith(_(PEEK_NOTICE)[:40])  # said where it is set up
    ways = {"lan": "On this network (you host)", "file": "By file (e-mail)"}
    choose(setup, "#online_way", ways[way])
    if clock is not None:
        choose(setup, "#online_clock", clock)
    frames(app, 1)
    click(app, find_button(app, "Start"))
    frames(app, 2)
    table = app.manager.find(TableScene)  # (under the first turn file's notice, by file)
    assert isinstance(table, TableScene) and table.online is not None, setup.error
    return table


def run(app, table, friend=None, choose_for_friend=None, until=None, limit=4000, here=False):
    """Frames of the program and steps of the friend's computer until ``until()`` (default:
    both games over, or the score sheet); ``here``: the person here takes the first legal
    move whenever it is theirs."""
    choose_for_friend = choose_for_friend or random_chooser(7)
    for _round in range(limit):
        if here and table is not None and table.human_to_move():
            table.act(table.legal()[0])
        if until is not None and until():
            return
        if until is None and isinstance(app.manager.top, GameOverScene):
            return
        settle(app.manager.top)
        app.step(0.05, events=pygame.event.get(), draw=False)
        if friend is not None:
            for _move in range(20):
                moved, _outcomes = step(friend, choose_for_friend)
                if not moved:
                    break
        time.sleep(0.002)
    raise AssertionError(f"still waiting: {table.status_text() if table else app.manager.top}")


@pytest.mark.long
def test_hosting_on_this_network_a_friend_joins_and_both_finish_alike(home):
    """New game → Online friend "Ben" → On this network: the table waits for Ben to join at
    its address; Ben's computer joins with that address and his name; the game is played to
    the end on both (this computer's person by --autoplay's Easy bot through the table), the
    positions agree, the score sheet offers no "Play again", the game is recorded from this
    computer's side, and Online games lists it finished."""
    app = make_app(autoplay=True)
    table = new_online_game(app, "diced-tomatoes", "Ben", "lan")
    address = table.online.play.address
    assert address.startswith("ws://")
    port = address.rsplit(":", 1)[1]
    run(app, table, until=lambda: table.online.waiting_for() == 1 or table.match.history)
    if table.online.waiting_for() == 1:
        assert table.status_text() == f"Waiting for Ben to join at {address}"
    guest = LanGuest(f"ws://127.0.0.1:{port}", "Ben")
    assert guest.welcomed.wait(10)
    ben = OnlineMatch(parse_header(guest.header()), guest, [1])
    seen = []
    run(
        app,
        table,
        ben,
        until=lambda: (
            seen.append(table.status_text()) or isinstance(app.manager.top, GameOverScene)
        ),
    )
    for _round in range(20):
        step(ben, random_chooser(1))
    assert ben.match.is_terminal()
    assert state_hash(ben.match.state) == state_hash(table.match.state)
    assert "Waiting for Ben…" in seen
    sheet = app.manager.top
    labels = [button.text for button in sheet.container.elements if hasattr(button, "text")]
    assert _("Play again") not in labels and _("Replay") in labels
    records, _damaged = stats.read_all()
    assert len(records) == 1 and records[0].opponents == "people"
    scores = table.match.state.score_sheet()["winners"]
    assert records[0].person_won == (0 in scores)
    guest.close()
    routes.to_title(app)
    frames(app, 1)
    click(app, find_button(app, "Online games"))
    listing = app.manager.top
    assert [info.finished for info in listing.infos] == [True]
    assert listing.infos[0].names == ("Ana", "Ben")


@pytest.mark.long
def test_a_game_by_file_send_turn_and_open_turn_file_to_the_end(home):
    """By file: Send turn writes the moves since Ben's last turn into Documents/Tabletop
    Trio; Ben's computer reads it, plays, and writes its own into Downloads; Open turn file
    on the table lists it and reads it. Round after round, to the end, alike on both."""
    app = make_app(autoplay=True)
    table = new_online_game(app, "diced-tomatoes", "Ben", "file")
    ben = None
    rounds = 0
    while not table.match.is_terminal():
        rounds += 1
        assert rounds < 60
        run(app, table, until=lambda: table.online.waiting_for() == 1 or table.match.is_terminal())
        if table.match.is_terminal():
            break
        frames(app, 2)
        if isinstance(app.manager.top, OnlineDialog):  # the first turn file, written at once
            assert app.manager.top.title == _("Turn file written")
        else:
            assert table.status_text() == "Send turn writes your turn to a file for Ben.", (
                rounds,
                [e.to_dict()["kind"] + str(e.seat) for e in table.online.session.log],
                [e.to_dict()["kind"] + str(e.seat) for e in ben.log] if ben else None,
                table.current_message(),
            )
            assert table.column.button("online:send").is_selected
            click(app, table.column.button("online:send"))
        dialog = app.manager.top
        assert isinstance(dialog, OnlineDialog) and dialog.title == _("Turn file written")
        assert "0 moves" not in dialog.message and "Ben" in dialog.message
        assert ("invitation" in dialog.message) == (not table.online.session.log)
        click(app, find_button(app, _("OK")))
        assert table.status_text() == "Waiting for Ben's turn file: Open turn file reads it."
        sent = max(turn_folder().glob("*.json"), key=lambda path: path.stat().st_mtime)
        turn_file = read_turn_file(sent)
        if ben is None:
            ben = OnlineMatch(turn_file.header, FileTransport(turn_file.header.data), [1])
        ben.transport.load(turn_file)
        while step(ben, random_chooser(rounds))[0]:
            pass
        back = home / "downloads" / f"ben-turn-{rounds}.json"
        write_turn_file(ben, back)
        click(app, table.column.button("online:open"))
        picker = app.manager.top
        assert isinstance(picker, TurnFilesScene) and picker.files[0] == back
        click(app, find_button(app, picker_label(picker, back)))
        assert app.manager.top is table
        assert table.current_message().startswith("Turn file read: ")
        frames(app, 2)  # the table reads the log
        assert table.online.waiting_for() is None
        if rounds == 1:  # the same file again: said to hold nothing new, and nothing changes
            played = len(table.online.session.log)
            click(app, table.column.button("online:open"))
            click(app, find_button(app, picker_label(app.manager.top, back)))
            assert table.current_message() == (
                "This turn file holds nothing new: every move in it is played here."
            )
            frames(app, 2)
            assert len(table.online.session.log) == played
    run(app, table, until=lambda: isinstance(app.manager.top, GameOverScene))
    if not ben.match.is_terminal():  # this computer played the last turn: Ben gets it
        ben.transport.load(read_turn_file(write_last(table)))
        for _round in range(40):
            step(ben, random_chooser(0))
    assert state_hash(ben.match.state) == state_hash(table.match.state)


def picker_label(picker, path) -> str:
    for element in picker.container.elements:
        if isinstance(element, pygame_gui.elements.UIButton) and element.text.startswith(path.name):
            return element.text
    raise LookupError(path)


def write_last(table):
    path = turn_folder() / "last.json"
    write_turn_file(table.online.session, path)
    return path


def test_open_turn_file_of_a_new_game_asks_the_seat_and_plays_it(home):
    """Ana (elsewhere) starts a game by file and sends her first turn; on this computer
    Online games → Open turn file lists it; it asks which seat is yours, and the table opens
    at Ben's turn, after Ana's."""
    spec = registry.get("tea-time")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=2)  # Ana begins
    ana = OnlineMatch(header, FileTransport(header.data), [0])
    for _round in range(20):
        step(ana, random_chooser(2))
    assert ana.log and ana.mover() == 1
    sent = home / "downloads" / "tea-time-from-ana-turn-1.json"
    write_turn_file(ana, sent)
    app = make_app()
    routes.push(app, "title")
    frames(app, 1)
    click(app, find_button(app, "Online games"))
    click(app, find_button(app, "Open turn file…"))
    picker = app.manager.top
    assert picker.files == [sent]
    click(app, find_button(app, picker_label(picker, sent)))
    question = app.manager.top
    assert isinstance(question, OnlineDialog) and question.title == "A new game of Tea Time"
    assert _(PEEK_NOTICE) in question.message
    click(app, find_button(app, "I am Ben"))
    frames(app, 3)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.online.session.local == {1}
    run(app, table, until=lambda: table.human_to_move())
    assert table.match.current_player() == 1 and len(table.match.history) >= len(ana.match.history)
    assert state_hash(ana.match.state) == state_hash(table.online.session._base)


@pytest.mark.long
def test_a_friend_past_their_time_is_handed_over_after_asking(home):
    """With a clock, a friend past their time: the status says so and Hand over asks first
    (the level, or Cancel); after it a bot plays the seat, the table says the game no longer
    counts in Statistics."""
    app = make_app()
    table = new_online_game(app, "tea-time", "Ben", "file", seed=3, clock="1 minute a move")
    session = table.online.session
    assert session.header.clock == 60
    run(app, table, until=lambda: table.online.waiting_for() == 1, here=True)
    frames(app, 2)
    if isinstance(app.manager.top, OnlineDialog):
        click(app, find_button(app, _("OK")))
    assert not table.column.button("online:hand").is_enabled
    session.turn_since -= 61
    frames(app, 2)
    assert table.status_text() == "Ben is past their time: Hand over gives the seat to a bot."
    click(app, table.column.button("online:hand"))
    ask = app.manager.top
    assert isinstance(ask, OnlineDialog) and "no longer counts in Statistics" in ask.message
    click(app, find_button(app, "Cancel"))
    assert app.manager.top is table and not session.handed
    click(app, table.column.button("online:hand"))
    click(app, find_button(app, "Easy"))
    frames(app, 2)
    assert session.handed == [1] and table.match.seats[1].is_bot
    assert "no longer counts in Statistics" in table.current_message()
    run(app, table, here=True)
    assert stats.read_all()[0] == []  # not recorded


def test_a_game_that_stops_says_why_and_offers_quit_to_title(home):
    """A turn whose position differs stops the game: a dialog says why and offers Quit to
    title; the table no longer lets anyone move, and its status says the game stopped."""
    app = make_app()
    table = new_online_game(app, "tea-time", "Ben", "file")
    run(app, table, until=lambda: table.human_to_move() or table.online.waiting_for() == 1)
    if isinstance(app.manager.top, OnlineDialog):
        click(app, find_button(app, _("OK")))
    session = table.online.session
    while session.mover() == 0:
        table.act(table.legal()[0])
        frames(app, 2)
    forged = {
        "kind": "turn",
        "turn": len(session.log),
        "step": len(session.match.history),
        "seat": 1,
        "actions": [session.match.legal_actions()[0].to_dict()],
        "hash": "0" * 64,
    }
    turn_file = read_turn_file(write_last(table))
    turn_file.entries.append(forged)
    # as on a live line (LAN, Matrix): a file's differing hash is only refused, the file
    # being perhaps damaged (tests/net/test_files_and_store.py)
    session.transport.hand_carried = False
    session.transport.load(turn_file)
    frames(app, 3)
    dialog = app.manager.top
    assert isinstance(dialog, OnlineDialog) and dialog.title == "This game has stopped"
    assert "different positions" in dialog.message
    click(app, find_button(app, "See the table"))
    assert app.manager.top is table and not table.human_to_move()
    assert table.status_text().startswith("This game has stopped")
    kept = json.loads(next((home / "data").rglob("online/*.json")).read_text("utf-8"))
    assert "different positions" in kept["summary"]["stopped"]  # the list says why
    table.open_pause()
    frames(app, 1)
    click(app, find_button(app, "Save"))
    assert any("keeps itself" in message for message in app.messages)
    click(app, find_button(app, "Quit to title"))
    frames(app, 1)
    assert type(app.manager.top).__name__ == "TitleScene"


@pytest.mark.long
def test_joining_from_the_title_a_wrong_name_is_refused_then_the_game_opens(home):
    """Online games → Join a friend's game: a name the host has no seat for is refused in the
    host's words and nothing opens; the right name opens the table, and the game is played
    to the end with the host elsewhere."""
    from net import reopen

    spec = registry.get("diced-tomatoes")
    seats = [OnlineSeat(HUMAN, "Ana", player="Ana"), OnlineSeat(HUMAN, "Ben", player="Ben")]
    header = make_header(spec, seats, seed=5)
    hosted = reopen.host_lan(header, "Ana", 0, "127.0.0.1")
    ana = hosted.session
    (home / "data" / "tabletop-trio" / "online" / f"{header.game_id}.json").unlink()  # Ana's
    app = make_app(autoplay=True)
    routes.push(app, "title")
    frames(app, 1)
    click(app, find_button(app, "Online games"))
    click(app, find_button(app, "Join a friend's game…"))
    join = app.manager.top
    join.address_entry.set_text(hosted.address)
    join.name_entry.set_text("Cid")
    click(app, find_button(app, "Join"))
    run(app, None, until=lambda: join.guest is None)
    assert join.failed and join.status == "This game has no seat for Cid. Join as Ben."
    assert app.manager.top is join
    join.name_entry.set_text("Ben")
    click(app, find_button(app, "Join"))
    run(app, None, until=lambda: isinstance(app.manager.top, TableScene))
    table = app.manager.top
    assert table.online.session.local == {1} and table.online.kind == "lan-guest"
    run(app, table, ana)
    for _round in range(20):
        step(ana, random_chooser(1))
    assert state_hash(ana.match.state) == state_hash(table.match.state)
    ana.close()


@pytest.mark.long
def test_continue_opens_a_kept_game_waiting_for_you(home):
    """Online games lists a kept game with whose turn it is; once the friend's turn file is
    read, "Your turn" comes first, and Continue opens the table for the person to move."""
    app = make_app()
    table = new_online_game(app, "tea-time", "Ben", "file", seed=2)  # Ana begins
    run(app, table, until=lambda: table.online.waiting_for() == 1, here=True)
    frames(app, 2)
    click(app, table.column.button("online:send"))
    click(app, find_button(app, _("OK")))
    sent = max(turn_folder().glob("*.json"), key=lambda path: path.stat().st_mtime)
    listing = to_online_games(app, table)
    [info] = listing.infos
    assert info.to_move == "Ben" and not info.your_turn
    turn_file = read_turn_file(sent)
    ben = OnlineMatch(turn_file.header, FileTransport(turn_file.header.data), [1])
    ben.transport.load(turn_file)
    for _round in range(20):
        step(ben, random_chooser(4))
    write_turn_file(ben, home / "downloads" / "from-ben-turn-1.json")
    click(app, find_button(app, "Open turn file…"))
    picker = app.manager.top
    click(app, find_button(app, picker_label(picker, picker.files[0])))
    frames(app, 3)
    table = app.manager.find(TableScene)
    run(app, table, until=lambda: table.human_to_move())
    listing = to_online_games(app, table)
    [info] = listing.infos
    assert info.your_turn and whose_turn_words(info) == "Your turn · by file"
    click(app, find_button(app, "Continue"))
    frames(app, 3)
    table = app.manager.top
    assert isinstance(table, TableScene) and table.online is not None
    run(app, table, until=lambda: table.human_to_move())
    assert table.match.current_player() == 0
    assert state_hash(table.match.state) == state_hash(ben.match.state)


def whose_turn_words(info) -> str:
    from scenes.online_games import whose_turn

    return whose_turn(info)


def test_or_d7_a_hidden_choice_is_asked_in_a_dialog_and_sent(home):
    """OR-D7: Ben (elsewhere) splits his hit cart's load hidden from Ana; Ana's table asks her
    to pick a pile in a dialog that cannot be dismissed, sends her pick, and plays Ben's
    revealed split and her pick from the log."""
    from engine.off_the_rails.state import EndActions, PickPile, SplitLoad
    from net.reopen import OnlinePlay
    from net.transport import MemoryHub, MemoryTransport
    from tests.net.test_secret import collision_header

    header = collision_header()
    hub = MemoryHub(header.data)
    ana = OnlineMatch(header, MemoryTransport(hub, "ana"), [0])
    ben = OnlineMatch(header, MemoryTransport(hub, "ben"), [1])
    app = make_app()
    routes.push(app, "title")
    table = routes.open_online(app, OnlinePlay(ana, {"kind": "matrix", "room_id": "!r"}))
    frames(app, 2)
    run(app, table, until=lambda: table.human_to_move())
    table.act(EndActions())
    split = SplitLoad((0, 1, 0, 0, 1))
    run(
        app,
        table,
        ben,
        choose_for_friend=lambda legal: split if split in legal else legal[0],
        until=lambda: isinstance(app.manager.top, OnlineDialog),
    )
    dialog = app.manager.top
    assert dialog.title == "A hidden choice" and not dialog.escape
    assert "Ben has made a choice that stays hidden from you" in dialog.message
    frames(app, 1, events=[pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)])
    assert app.manager.top is dialog  # it must be answered
    click(app, find_button(app, "Pick pile 2"))
    run(
        app,
        table,
        ben,
        choose_for_friend=lambda legal: legal[0],
        until=lambda: PickPile(1) in [h.action for h in table.match.history],
    )
    assert split in [h.action for h in table.match.history]


def test_settings_online_signs_in_in_the_background_and_says_a_refusal(home, monkeypatch):
    """Settings → Online…: the sign-in runs in a thread (the window keeps drawing, the screen
    says it waits), a refusal is said in the homeserver's words and the password is never
    kept; a sign-in that works shows who is signed in, and Sign out forgets the token."""
    import threading

    from net import matrix_account

    release = threading.Event()
    asked = []

    def slow_sign_in(homeserver, user, password):
        asked.append((homeserver, user, password))
        release.wait(10)
        if password != "right":
            raise matrix_account.MatrixError("The homeserver refused the sign-in (403 Forbidden).")
        account = matrix_account.MatrixAccount(homeserver, "@ana:example.org", "DEV", "TOKEN")
        matrix_account.save_account(account)
        return account

    def sign_out(account):
        matrix_account.account_path().unlink()

    monkeypatch.setattr(matrix_account, "sign_in", slow_sign_in)
    monkeypatch.setattr(matrix_account, "sign_out", sign_out)
    app = make_app()
    routes.push(app, "title")
    frames(app, 1)
    click(app, find_button(app, "Settings"))
    click(app, find_button(app, "Online…"))
    screen = app.manager.top
    screen.entries["homeserver"].set_text("example.org")
    screen.entries["user"].set_text("ana")
    screen.entries["password"].set_text("wrong")
    click(app, find_button(app, "Sign in"))
    drawn = app.frame_count
    frames(app, 5)
    assert app.frame_count == drawn + 5 and screen.busy()  # not blocked while it waits
    assert screen.status == "Signing in to https://example.org…"
    assert screen.entries["password"].get_text() == ""  # not kept on screen either
    release.set()
    for _round in range(100):
        if not screen.busy():
            break
        frames(app, 1)
    assert screen.failed and screen.status == "The homeserver refused the sign-in (403 Forbidden)."
    assert not matrix_account.account_path().exists()
    screen.entries["password"].set_text("right")
    click(app, find_button(app, "Sign in"))
    for _round in range(100):
        if not screen.busy():
            break
        frames(app, 1)
    assert asked[-1] == ("https://example.org", "ana", "right")
    assert screen.account is not None and screen.status == "Signed in."
    assert "right" not in matrix_account.account_path().read_text("utf-8")
    click(app, find_button(app, "Sign out"))
    for _round in range(100):
        if not screen.busy():
            break
        frames(app, 1)
    assert screen.account is None and not matrix_account.account_path().exists()
    find_button(app, "Sign in")  # the form again


def test_a_friend_through_matrix_needs_a_matrix_id_and_a_sign_in(home):
    """Play online through Matrix: without a sign-in, or with a friend who is no Matrix id,
    Start says what to do in plain words and nothing starts."""
    app = make_app()
    routes.push(app, "title")
    frames(app, 1)
    click(app, find_button(app, "New game"))
    form = app.manager.top
    choose(form, "#seat_kind_1", "Online friend")
    form.seat_widgets[1][1].set_text("ben")
    click(app, find_button(app, "Start"))
    setup = app.manager.top
    choose(setup, "#online_way", "Through Matrix")
    frames(app, 1)
    click(app, find_button(app, "Start"))
    assert setup.error.startswith("Sign in to Matrix first")
    from net import matrix_account

    matrix_account.save_account(
        matrix_account.MatrixAccount("https://example.org", "@ana:example.org", "D", "T")
    )
    setup.relayout()
    click(app, find_button(app, "Start"))
    assert setup.error == "A friend through Matrix is a Matrix id like @ben:matrix.org, not “ben”."
    assert app.manager.top is setup and setup.errand is None


def test_off_the_rails_online_at_1024_keeps_the_player_panels_under_the_buttons(home):
    """Play-test: online at 1024×640 the online row pushed Move carts down over the first
    player's panel (the layout placed the game's rows where they start offline)."""
    app = make_app(size=(1024, 640))
    table = new_online_game(app, "off-the-rails", "Ben", "file")
    frames(app, 2)
    lay = table.game.layout()
    buttons = [
        element.get_abs_rect()
        for element in table.container.elements
        if isinstance(element, pygame_gui.elements.UIButton) and element.visible
    ]
    panels = [lay.player_rect(seat) for seat in range(2)]
    assert not any(panel.colliderect(button) for panel in panels for button in buttons)
    assert lay.control_rows[0].y > table.column.rows[0].y  # under the online row


def test_a_seat_handed_to_a_bot_still_shows_only_its_own_hand(home, monkeypatch):
    """Shifting Stones online: once this computer's seat is handed to a bot, no person sits
    here; the table must go on drawing that seat's hand, never the hand of whoever moves."""
    app = make_app()
    table = new_online_game(app, "shifting-stones", "Ben", "file")
    frames(app, 2)
    assert table.viewer_seat() == 0 == table.home_seat
    monkeypatch.setattr(type(table), "humans", property(lambda self: ()))
    for _turn in range(3):
        assert table.viewer_seat() == 0


def test_undo_restart_and_hint_rest_while_a_friend_elsewhere_moves(home):
    """Play-test: Undo, Restart and Hint looked usable while the table waited for the friend
    (Undo then said there was nothing to undo)."""
    app = make_app()
    table = new_online_game(app, "tea-time", "Ben", "file", seed=2)
    run(app, table, until=lambda: table.online.waiting_for() == 1, here=True)
    frames(app, 2)
    assert table.online.waiting_for() == 1, (app.manager.top, table.online.waiting_for())
    assert not any(table.top_buttons[name].is_enabled for name in ("undo", "restart", "hint")), (
        app.manager.top,
        table._controls_key,
        [table.top_buttons[n].is_enabled for n in ("undo", "restart", "hint")],
    )


def _hosting_until_bens_turn(app, seed: int = 3):
    """Ana hosts Diced Tomatoes on this network; Ben's computer joins; play until Ben is to
    move. Returns ``(table, guest transport, Ben's session)``."""
    table = new_online_game(app, "diced-tomatoes", "Ben", "lan", seed=seed)
    port = table.online.play.address.rsplit(":", 1)[1]
    guest = LanGuest(f"ws://127.0.0.1:{port}", "Ben")
    assert guest.welcomed.wait(10)
    ben = OnlineMatch(parse_header(guest.header()), guest, [1])
    run(app, table, ben, until=lambda: table.online.waiting_for() == 1, here=True)
    frames(app, 2)  # Ana's turn and the chance after it go out
    return table, guest, ben


def _bens_turn(ben) -> int:
    """Ben plays his whole turn; the log's length on his side once it went out."""
    for _round in range(400):
        step(ben, random_chooser(3))
        if ben.log and ben.log[-1].seat == 1:
            return len(ben.log)
        time.sleep(0.002)
    raise AssertionError("Ben's turn did not go out")


@pytest.mark.long
def test_a_friends_turn_arriving_under_the_pause_menu_is_taken_in_and_kept(home):
    """Play-test: Ben's turn came while Ana's pause menu was open; she quit to the title and
    her stored game never had it, so her restarted host waited for Ben, who waited for her.
    Under the pause menu the table still takes in and stores what arrives."""
    app = make_app()
    table, guest, ben = _hosting_until_bens_turn(app)
    table.open_pause()
    frames(app, 1)
    assert app.manager.top is not table
    logged = _bens_turn(ben)
    for _frame in range(200):
        if len(table.online.session.log) >= logged:
            break
        app.step(0.05, events=pygame.event.get(), draw=False)
        time.sleep(0.005)
    assert len(table.online.session.log) == logged
    kept, _transport = load_game(game_path(table.online.session.header.game_id))
    assert len(kept["log"]) == logged
    guest.close()


@pytest.mark.long
def test_a_friends_turn_not_read_yet_is_kept_when_the_table_closes(home):
    """A turn the transport holds but the table has not read yet is judged and stored when the
    table closes (quit to title, the program ending)."""
    app = make_app()
    table, guest, ben = _hosting_until_bens_turn(app)
    session = table.online.session
    logged = _bens_turn(ben)
    relay = session.transport
    for _wait in range(400):  # arrived in the host's transport, unread by the table
        if len(relay._relay) >= logged:
            break
        time.sleep(0.005)
    assert len(session.log) == logged - 1
    table.online.close()
    kept, _transport = load_game(game_path(session.header.game_id))
    assert len(kept["log"]) == logged
    guest.close()


@pytest.mark.long
def test_the_host_is_told_when_a_friend_joins_and_leaves(home):
    """Play-test: nothing told the host that the guest had joined."""
    app = make_app()
    table = new_online_game(app, "diced-tomatoes", "Ben", "lan")
    frames(app, 2)
    port = table.online.play.address.rsplit(":", 1)[1]
    guest = LanGuest(f"ws://127.0.0.1:{port}", "Ben")
    assert guest.welcomed.wait(10)
    assert said(app, table, "Ben joined the game.")
    guest.close()
    assert said(app, table, "Ben left the game; it goes on when they come back.")


def said(app, table, words: str, limit: int = 200) -> bool:
    """Whether the table's top bar says ``words`` within ``limit`` frames."""
    for _frame in range(limit):
        app.step(0.05, events=pygame.event.get(), draw=False)
        if table.current_message() == words:
            return True
        time.sleep(0.01)
    return False


def test_deleting_an_online_game_asks_with_the_apps_question_then_forgets_it(home):
    """Play-test: pygame_gui's dialog had buttons too small for "Cancelar". Delete asks with
    the app's question; No keeps the game, Delete forgets its file here."""
    from scenes.confirm import ConfirmScene

    app = make_app()
    table = new_online_game(app, "tea-time", "Ben", "file", seed=2)
    frames(app, 2)
    listing = to_online_games(app, table)
    [info] = listing.infos
    listing.ask_delete(info)
    frames(app, 1)
    assert isinstance(app.manager.top, ConfirmScene)
    click(app, find_button(app, "No"))
    frames(app, 1)
    assert app.manager.top is listing and info.path.exists()
    listing.ask_delete(info)
    frames(app, 1)
    click(app, find_button(app, "Delete"))
    frames(app, 1)
    assert app.manager.top is listing and not info.path.exists()
    assert app.manager.top.infos == []


def to_online_games(app, table):
    """Pause → Quit to title → Online games: the list."""
    table.open_pause()
    frames(app, 1)
    click(app, find_button(app, "Quit to title"))
    frames(app, 1)
    click(app, find_button(app, "Online games"))
    return app.manager.top
