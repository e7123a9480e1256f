"""The Matrix path through the program's screens, against a real homeserver on 127.0.0.1
(tests/net/homeserver.py): Settings → Online signs in, New game makes the room and invites the
friend, the table plays; "another computer" (a fresh data folder with the same sign-in) finds
the game under Online games, opens it by reading the room, and plays it to the end alike with
the friend (issue 43, items 2 and 4)."""

from __future__ import annotations

import shutil
import time

import pygame
import pytest

from net.autoplay import random_chooser, step
from net.log import parse_header, state_hash
from net.session import OnlineMatch
from scenes import routes
from scenes.game_over import GameOverScene
from scenes.table.scene import TableScene
from tests.scenes.driver import click, close_apps, find_button, frames, make_app, settle
from tests.scenes.test_online_screens import choose


def run(app, friend, until, seconds=120.0):
    """Frames of the program and steps of the friend's computer until ``until()``."""
    deadline = time.monotonic() + seconds
    chooser = random_chooser(3)
    while time.monotonic() < deadline:
        if until():
            return
        settle(app.manager.top)
        app.step(0.05, events=pygame.event.get(), draw=False)
        if friend is not None:
            for _move in range(20):
                if not step(friend, chooser)[0]:
                    break
        time.sleep(0.01)
    raise AssertionError(f"timed out; the top scene is {app.manager.top}")


@pytest.mark.long
def test_matrix_through_the_screens_with_a_rejoin_from_another_computer(
    homeserver, tmp_path, monkeypatch
):
    # matrix-nio costs ~1 CPU-s to import: only where a test runs, not in every collection
    from net import matrix_account
    from net.matrix import MatrixTransport

    server = homeserver
    server.register("ana2", "ana-password")
    server.register("ben2", "ben-password")
    for user in ("ana2", "ben2"):
        server.lift_rate_limit(f"@{user}:localhost")
    first = tmp_path / "first"
    first.mkdir()
    monkeypatch.setenv("XDG_DATA_HOME", str(first))
    app = make_app(autoplay=True)
    try:
        # Settings -> Online…: sign in (in the background)
        routes.push(app, "title")
        frames(app, 1)
        click(app, find_button(app, "Settings"))
        click(app, find_button(app, "Online…"))
        screen = app.manager.top
        screen.entries["homeserver"].set_text(server.url)
        screen.entries["user"].set_text("ana2")
        screen.entries["password"].set_text("ana-password")
        click(app, find_button(app, "Sign in"))
        run(app, None, lambda: not screen.busy())
        assert screen.account is not None and screen.account.user_id == "@ana2:localhost"
        assert "ana-password" not in matrix_account.account_path().read_text("utf-8")

        # New game: an Online friend @ben2:localhost; Play online through Matrix
        routes.to_title(app)
        frames(app, 1)
        click(app, find_button(app, "New game"))
        form = app.manager.top
        form.choose_game([spec.id for spec in form.games].index("tea-time"))
        frames(app, 1)
        form.seat_widgets[0][1].set_text("Ana")
        form.seed_entry.set_text("4")
        choose(form, "#seat_kind_1", "Online friend")
        form.seat_widgets[1][1].set_text("@ben2:localhost")
        click(app, find_button(app, "Start"))
        setup = app.manager.top
        assert setup.way == "matrix"  # signed in: Matrix first
        click(app, find_button(app, "Start"))
        run(app, None, lambda: isinstance(app.manager.top, TableScene))
        table = app.manager.top
        room_id = table.online.play.transport["room_id"]

        # Ben's computer (its own data folder): the invitation is listed; he joins
        monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "ben"))
        ben_account = matrix_account.sign_in(server.url, "ben2", "ben-password")
        monkeypatch.setenv("XDG_DATA_HOME", str(first))
        invited = [game for game in matrix_account.list_games(ben_account) if game.invited]
        assert [(game.room_id, game.inviter) for game in invited] == [(room_id, "@ana2:localhost")]
        transport = MatrixTransport(ben_account, room_id, sync_ms=2000)
        assert transport.ready.wait(60)
        ben = OnlineMatch(parse_header(transport.header()), transport, [1])
        run(app, ben, lambda: len(ben.log) >= 6)
        table.open_pause()
        frames(app, 1)
        click(app, find_button(app, "Quit to title"))
        frames(app, 1)

        # Another computer: a fresh data folder with the same sign-in only
        second = tmp_path / "second"
        (second / "tabletop-trio").mkdir(parents=True)
        shutil.copy(first / "tabletop-trio" / matrix_account.ACCOUNT_FILE, second / "tabletop-trio")
        monkeypatch.setenv("XDG_DATA_HOME", str(second))
        click(app, find_button(app, "Online games"))
        listing = app.manager.top
        run(app, None, lambda: not listing.busy())
        assert listing.infos == [] and [room.room_id for room in listing.rooms] == [room_id]
        click(app, find_button(app, "Open"))
        run(app, ben, lambda: isinstance(app.manager.top, TableScene))
        table = app.manager.top
        assert table.online.session.local == {0}
        run(app, ben, lambda: isinstance(app.manager.top, GameOverScene))
        run(app, ben, lambda: ben.match.is_terminal())
        assert state_hash(ben.match.state) == state_hash(table.match.state)
        ben.close()
    finally:
        close_apps()
