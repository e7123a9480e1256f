"""Every word of the online screens fits, in a font that has it, in every language (issue 41):
Play online in each of its ways, Online games with a game of each kind kept, joining, Open turn
file, Settings → Online signed out and signed in, a table played by file (your turn, waiting
for a friend) and the dialogs it opens, at the sizes of :mod:`tests.scenes.test_words_fit`.
"""

from __future__ import annotations

import pytest

from engine import registry
from engine.match import HUMAN
from net import reopen
from net.log import OnlineSeat, make_header
from scenes import routes
from scenes.online_setup import WAYS
from tests.scenes.fit import Finding, Recorder
from tests.scenes.test_words_fit import LANGUAGES, in_turn, look, opened, player
from translation import _

GAMES = [spec.id for spec in registry.games()]
FRIEND = "太郎"
"""A friend's name in Japanese: drawn in every interface language, never as boxes."""


@pytest.fixture
def home(home):
    """The scenes' ``home`` (tests/scenes/conftest.py), and English again after the test."""
    yield home
    import translation

    translation.set_language("en")


def file_game(game: str, seat: int):
    """A game of ``game`` by file between Player 1 and :data:`FRIEND`, kept on this computer,
    ``seat`` being this computer's person."""
    seats = [
        OnlineSeat(HUMAN, player(1), player="one"),
        OnlineSeat(HUMAN, FRIEND, player="ben"),
    ]
    return reopen.new_file_game(make_header(registry.get(game), seats, seed=3), seat)


@pytest.mark.parametrize(("language", "size"), in_turn(LANGUAGES, offset=1))
@pytest.mark.long
def test_every_online_screen_fits_in_every_language(language, size, home):
    app = opened(language, size)
    found: list[Finding] = []
    with Recorder() as recorder:

        def check(where, show=lambda: None, frames_run=2):
            shown, findings = look(app, recorder, where, show, frames_run)
            found.extend(findings)
            return shown

        spec = registry.get(GAMES[0])
        seats = [(HUMAN, player(1)), ("online", FRIEND), ("online", "Иван"), ("medium", "")]
        setup = check("play online", lambda: routes.push(app, "online_setup", spec, seats, {}, 3))
        for way in WAYS:

            def choose(way=way):
                setup.way = way
                setup.relayout()

            check(f"play online: {way}", choose)
        app.manager.pop()
        check("online games: none", lambda: routes.push(app, "online_games"))
        app.manager.pop()
        for name in ("online_join", "turn_files", "online_settings"):
            check(name, lambda name=name: routes.push(app, name))
            app.manager.pop()
        from net import matrix_account  # matrix-nio: ~1 CPU-s, only in the process that runs this

        matrix_account.save_account(
            matrix_account.MatrixAccount("https://example.org", "@ana:example.org", "D", "T")
        )
        check("online settings: signed in", lambda: routes.push(app, "online_settings"))
        app.manager.pop()
        plays = {}
        for game in GAMES:
            for seat in (0, 1):
                plays[game, seat] = file_game(game, seat)
        for (game, seat), play in plays.items():
            table = check(
                f"{game}: online, seat {seat}", lambda p=play: routes.open_online(app, p), 3
            )

            def back_to_table(table=table):
                while app.manager.top is not table:
                    app.manager.pop()

            back_to_table()  # a dialog it opened itself (a first turn file written) is checked
            online = table.online
            if online.hand_over_seat() is not None:
                check(f"{game}: hand over", online.ask_hand_over)
                back_to_table()
            check(f"{game}: turn file written", online.send_turn)
            back_to_table()
            stop = _("This computer's game went another way than the log says.")
            check(f"{game}: stopped", lambda o=online, stop=stop: o.halted(stop))
            back_to_table()
        check("online games: kept", lambda: routes.push(app, "online_games"))
    assert not found, "\n".join(str(finding) for finding in dict.fromkeys(found))
