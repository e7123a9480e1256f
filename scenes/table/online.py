"""The table's online part: what an online game adds to a table (issue 43).

Every frame it reads the game's log through the driver (:meth:`MatchDriver.poll_network`) and
says what came, in plain words: a refused entry, a turn taken back, a lost connection and its
retry, a seat handed to a bot; a game that stopped says why and offers Quit to title, never
going on silently. The status line says whose turn it is and that the table waits for them
(with their time left on a clock). Its own row of buttons sits over the game's: Send turn and
Open turn file (play by file), Copy address (the host of a local game), and Hand over — a
seat past its time (or gone) to a bot, after asking. The game itself is stored by its session
after every change (:class:`net.reopen.Keeper`), never in the autosave slot.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from net import outcomes as news
from scenes import kit, routes
from scenes.table import chrome
from scenes.table.protocol import Button, Row
from translation import N_, _, ngettext, sentences

if TYPE_CHECKING:
    from net.reopen import OnlinePlay
    from scenes.table.parts import Table

POLL_SECONDS = 0.25
"""How often an idle table reads the log (a waiting table draws no more than that)."""
MESSAGE = 8.0
"""Seconds a network message stays in the top bar."""
LEVELS = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}


def clock_words(seconds: float) -> str:
    """Time left on a clock in words: "2:05" under an hour, "5 h 20 min" under two days,
    else "3 days"."""
    seconds = max(0, int(seconds))
    if seconds < 3600:
        return f"{seconds // 60}:{seconds % 60:02d}"
    if seconds < 2 * 86400:
        return _("{hours} h {minutes} min").format(
            hours=seconds // 3600, minutes=seconds % 3600 // 60
        )
    days = seconds // 86400
    return ngettext("{count} day", "{count} days", days).format(count=days)


class TableOnline:
    """The online part of ``table`` (:class:`scenes.table.parts.Table`) for ``play``."""

    def __init__(self, table: Table, play: OnlinePlay):
        self.table = table
        self.play = play
        self.session = play.session
        self.trouble: str | None = None
        """The connection's trouble while it lasts (the status line says it)."""
        self.halt_shown = False
        self.asking = False
        """True while the hidden-choice question is on screen."""
        self.problem_said: str | None = None
        self.first_sent = False
        self.closed = False
        self.stored_end = False
        self.present: set[str] | None = None
        """The players connected to this host at the last frame (a host's table only)."""
        if play.notice:
            table.say(play.notice, 12.0)

    @property
    def kind(self) -> str:
        return self.play.kind

    def name(self, seat: int) -> str:
        return self.table.match.names[seat]

    # --- every frame ------------------------------------------------------------------------
    def update(self) -> None:
        """Read the log; say what it brought."""
        found = self.table.driver.poll_network()
        for outcome in found.outcomes if found is not None else ():
            self.tell(outcome)
        if self.table.match.is_terminal() and not self.stored_end:
            self.stored_end = True
            self.store()  # the list says it is finished (the last steps were not the log's)
        if self.kind == "lan-host":
            self.tell_comings_and_goings()
        problem = getattr(self.session.on_change, "problem", None)
        if problem and problem != self.problem_said:
            self.table.app.notify(problem, seconds=MESSAGE)
        self.problem_said = problem

    def tell(self, outcome: Any) -> None:
        """Say one of the session's outcomes (:mod:`net.outcomes`)."""
        table = self.table
        if isinstance(outcome, news.Refused):
            table.say(outcome.message, MESSAGE)
        elif isinstance(outcome, news.LocalTurnLost):
            table.refuse(outcome.message, MESSAGE)
            table.replay_jumped()  # the board shows the match as the log has it now
        elif isinstance(outcome, news.SeatHandedOver):
            table.say(
                _(
                    "{name}'s seat is played by a computer player ({level}) from now on; "
                    "this game no longer counts in Statistics."
                ).format(name=self.name(outcome.seat), level=_(LEVELS[outcome.level])),
                MESSAGE,
            )
            table.replay_jumped()
        elif isinstance(outcome, news.ConnectionLost):
            if table.match.is_terminal() and not self.unsent():
                return  # the game is over and every move is out: nothing to reconnect for
            self.trouble = outcome.message
            table.say(outcome.message, MESSAGE)
        elif isinstance(outcome, news.Reconnected):
            self.trouble = None
            table.say(_("Connected again."))
        elif isinstance(outcome, news.TurnSent) and self.kind == "file" and self.turn_done(outcome):
            table.say(_("Your turn is done: Send turn writes it to a file for your friends."))
        elif isinstance(outcome, news.Stopped):
            self.halted(outcome.message)

    def tell_comings_and_goings(self) -> None:
        """A host says when a friend joins or leaves (a play-test: the host was never told)."""
        present = set(self.session.transport.connected())  # type: ignore[attr-defined]
        before, self.present = self.present, present
        if before is None:
            return
        seats = self.session.header.seats
        for index, seat in enumerate(seats):
            if seat.player in present - before:
                self.table.say(_("{name} joined the game.").format(name=self.name(index)), MESSAGE)
            elif seat.player in before - present:
                words = _("{name} left the game; it goes on when they come back.")
                self.table.say(words.format(name=self.name(index)), MESSAGE)

    def turn_done(self, sent: news.TurnSent) -> bool:
        """Whether ``sent`` is a turn played here (not a seat handed over)."""
        log = self.session.log
        return 0 <= sent.turn < len(log) and log[sent.turn].kind != "handover"

    def store(self) -> None:
        """Keep the game as it is now (:class:`net.reopen.Keeper`)."""
        keep = self.session.on_change
        if keep is not None:
            keep(self.session)

    def waiting(self, seat: int) -> None:
        """The driver waits for ``seat`` elsewhere: a game by file whose first move is a
        friend's writes its first turn file at once (they need it to begin)."""
        if self.kind == "file" and not self.session.log and not self.first_sent:
            self.first_sent = True
            self.send_turn()

    def secret(self, choice: Any) -> None:
        """A person here chooses without seeing the other's hidden choice: ask once."""
        if self.asking:
            return
        self.asking = True
        view, names = choice.view, self.table.match.names
        buttons = [
            (view.action_to_string(action, names), self._answer(action), "")
            for action in choice.legal
        ]
        owner = self.session.mover()
        routes.push(
            self.table.app,
            "online_dialog",
            _("A hidden choice"),
            _(
                "{name} has made a choice that stays hidden from you until you answer. "
                "{you}, choose:"
            ).format(name=self.name(owner), you=self.name(choice.seat)),
            buttons,
            escape=False,
        )

    def _answer(self, action):
        def answer() -> None:
            self.table.app.manager.pop()
            self.asking = False
            refused = self.table.driver.answer_secret(action)
            if refused is not None:
                self.table.refuse(refused.reason)

        return answer

    def halted(self, message: str) -> None:
        """The game stopped: say why, once, offering Quit to title."""
        if self.halt_shown:
            return
        self.halt_shown = True
        self.table.app.sound.play("error")
        routes.push(
            self.table.app,
            "online_dialog",
            _("This game has stopped"),
            message,
            [
                (_("Quit to title"), self.quit_to_title, _("The game stays in Online games")),
                (_("See the table"), self.table.app.manager.pop, _("Back to the table (Esc)")),
            ],
        )

    def quit_to_title(self) -> None:
        self.table.shutdown()
        routes.to_title(self.table.app)

    # --- what the table shows ---------------------------------------------------------------
    def waiting_for(self) -> int | None:
        """The seat elsewhere the game waits for now, or None."""
        session, match = self.session, self.table.match
        if session.stopped is not None or match.is_terminal() or session.remote_ready():
            return None
        mover = match.current_player()
        if mover >= 0 and session.is_remote(mover):
            return mover if session.secret_choice() is None else None
        return None

    def status(self) -> str | None:
        """The status line when the online game has its own words, else None."""
        session = self.session
        if session.stopped is not None:
            return _("This game has stopped: Quit to title is in the menu (Esc).")
        seat = self.waiting_for()
        left = session.time_left()
        if seat is None:
            mover = self.table.match.current_player()
            if left is not None and mover in session.local and self.table.driver.person_to_move():
                words = self.table.game.status(self.name(mover))
                return _("{status} ({time} left)").format(status=words, time=clock_words(left))
            return None
        if self.trouble:
            return self.trouble
        name = self.name(seat)
        if self.kind == "lan-host" and session.header.seats[seat].player not in (
            self.session.transport.connected()  # type: ignore[attr-defined]
        ):
            return _("Waiting for {name} to join at {address}").format(
                name=name, address=self.play.address
            )
        if self.kind == "file" and self.unsent():
            return _("Send turn writes your turn to a file for {name}.").format(name=name)
        if left is not None and left < 0:
            return _("{name} is past their time: Hand over gives the seat to a bot.").format(
                name=name
            )
        if self.kind == "file":
            return _("Waiting for {name}'s turn file: Open turn file reads it.").format(name=name)
        if left is not None:
            return _("Waiting for {name}… ({time} left)").format(name=name, time=clock_words(left))
        return _("Waiting for {name}…").format(name=name)

    def unsent(self) -> int:
        """This computer's entries not yet written to a turn file (play by file)."""
        return int(getattr(self.session.transport, "unsent", 0))

    def busy(self) -> bool:
        """A checked turn from the log waits to be played."""
        return self.session.remote_ready()

    def wake_in(self) -> float:
        """The log is read again this soon while the table waits (often when nobody
        watches: two programs playing each other headless)."""
        return 0.05 if self.table.app.fast_forward else POLL_SECONDS

    def rest_top_buttons(self, buttons: dict, takes_back: bool) -> None:
        """Undo, Restart and Hint rest while a friend elsewhere moves (Undo and Restart for good
        when the game never ``takes_back``)."""
        waiting = self.waiting_for() is not None
        for name in ("undo", "restart", "hint"):
            kit.set_enabled(buttons[name], not waiting and (name == "hint" or takes_back))

    # --- the row of buttons -----------------------------------------------------------------
    def hand_over_seat(self) -> int | None:
        """The seat this computer may hand to a bot now, or None."""
        mover = self.session.mover()
        return mover if mover >= 0 and self.session.can_hand_over(mover) else None

    def key(self) -> tuple:
        """What the row's buttons depend on (asked again when it changes)."""
        return (self.hand_over_seat(), self.unsent() > 0, self.session.stopped is None)

    def rows(self) -> list[Row]:
        """The online row over the game's buttons (two rows when the words need them; the
        same count for a language and a size, as the column reserves them once)."""
        going = self.session.stopped is None
        buttons = []
        if self.kind == "file":
            unsent = self.unsent() > 0
            buttons.append(
                Button(
                    "online:send",
                    _("Send turn"),
                    _("Write the moves since your friends' last turn to a file to send them"),
                    going,
                    unsent,
                    shorter=(_("Send"),),
                )
            )
            buttons.append(
                Button(
                    "online:open",
                    _("Open turn file"),
                    _("Read the turn file a friend sent you"),
                    going,
                    shorter=(_("Open file"),),
                )
            )
        if self.kind == "lan-host":
            buttons.append(
                Button(
                    "online:copy",
                    _("Copy address"),
                    _("Copy what friends type to join: {address}").format(
                        address=self.play.address
                    ),
                    shorter=(_("Address"),),
                )
            )
        seat = self.hand_over_seat()
        tip = (
            _("Let a computer player take {name}'s seat").format(name=self.name(seat))
            if seat is not None
            else _("A friend's seat past its time (or gone) can be given to a computer player")
        )
        enabled = seat is not None and going
        buttons.append(
            Button("online:hand", _("Hand over"), tip, enabled, shorter=(_("To a bot"),))
        )
        width = self.table.log_width
        if chrome.labels_fit([b.label for b in buttons], width, small=True):
            return [Row(tuple(buttons), small=True)]
        short = [replace(b, label=b.shorter[0]) if b.shorter else b for b in buttons]
        if chrome.labels_fit([b.label for b in short], width, small=True):
            return [Row(tuple(short), small=True)]  # shared out by the shorter words
        # a language whose words are longer (Russian): two buttons a row
        return [Row(tuple(buttons[i : i + 2]), small=True) for i in range(0, len(buttons), 2)]

    def press(self, key: str) -> None:
        if key == "online:send":
            self.send_turn()
        elif key == "online:open":
            routes.push(self.table.app, "turn_files", self.table)
        elif key == "online:copy":
            from scenes.clipboard import copy_text

            copied = copy_text(self.play.address or "")
            self.table.app.notify(
                _("Address copied: {address}").format(address=self.play.address)
                if copied
                else _("The clipboard is not available here: friends type {address}").format(
                    address=self.play.address
                )
            )
        elif key == "online:hand":
            self.ask_hand_over()

    def send_turn(self) -> None:
        """Write the log since the friends' last turn to a turn file and say where."""
        from net.files import write_turn_file
        from saves.store import SaveError
        from scenes.turn_files import turn_file_path

        session = self.session
        path = turn_file_path(session)
        try:
            count = write_turn_file(session, path)
        except (SaveError, OSError) as err:
            self.table.app.notify(str(err), seconds=MESSAGE)
            return
        seats = range(len(session.header.seats))
        friends = ", ".join(self.name(seat) for seat in seats if session.is_remote(seat))
        if not session.log:
            said = _(
                "The invitation for {names} is in {path}. Send them the file (by e-mail, for "
                "example): Open turn file on their computer starts the game."
            ).format(names=friends, path=path)
        elif not count:
            said = _(
                "Nothing new since the last turn file: {path} holds the game as it stands. "
                "Send it to {names} again if they did not get the last one."
            ).format(names=friends, path=path)
        else:
            said = ngettext(
                "{count} move for {names} is in {path}. Send it to them (by e-mail, for "
                "example): Open turn file on their computer plays it.",
                "{count} moves for {names} are in {path}. Send them the file (by e-mail, for "
                "example): Open turn file on their computer plays it.",
                count,
            ).format(count=count, names=friends, path=path)
        routes.push(
            self.table.app,
            "online_dialog",
            _("Turn file written"),
            said,
            [
                (_("Copy path"), lambda: self.copy_path(path), _("Copy where the file is")),
                (_("OK"), self.table.app.manager.pop, _("Back to the table (Esc)")),
            ],
        )
        self.table.refresh_controls()

    def copy_path(self, path) -> None:
        from scenes.clipboard import copy_text

        if copy_text(str(path)):
            self.table.app.notify(_("Path copied"))
        else:
            self.table.app.notify(_("The clipboard is not available here."))

    def ask_hand_over(self) -> None:
        seat = self.hand_over_seat()
        if seat is None:
            return
        left = self.session.time_left()
        why = (
            _("{name} is past their time.")
            if left is not None
            else _("{name} has not played for a while.")
        ).format(name=self.name(seat))
        buttons: list[tuple[str, Any, str]] = [
            (_(label), self._hand(seat, level), "") for level, label in LEVELS.items()
        ]
        buttons.append((_("Cancel"), self.table.app.manager.pop, _("Back to the table (Esc)")))
        routes.push(
            self.table.app,
            "online_dialog",
            _("Hand {name}'s seat to a computer player?").format(name=self.name(seat)),
            sentences(
                why,
                _(
                    "Every computer plays that seat with a bot from now on, at the level you "
                    "choose, and this game no longer counts in Statistics."
                ),
            ),
            buttons,
        )

    def _hand(self, seat: int, level: str):
        def hand() -> None:
            self.table.app.manager.pop()
            try:
                self.session.hand_over(seat, level)
            except ValueError as err:
                self.table.refuse(str(err))
            self.table.refresh_controls()

        return hand

    # --- the end ----------------------------------------------------------------------------
    def close(self, linger: float = 0.0) -> None:
        """Stop the transport; with ``linger`` seconds, first let the last entries go out
        (the program is ending) and a host serve its guests until they have them all."""
        import time

        if self.closed:
            return
        self.closed = True
        session = self.session
        session.keep_up()  # what arrived and was not read yet is judged and stored
        until = time.monotonic() + linger
        outbox = getattr(session.transport, "outbox_size", lambda: 0)
        connected = getattr(session.transport, "connected", None)
        while time.monotonic() < until:
            session.poll()
            guests = len(connected()) - 1 if connected is not None else 0
            finished = session.match.is_terminal() or session.stopped is not None
            if not outbox() and (guests <= 0 or not finished):
                break
            time.sleep(0.05)
        self.store()  # the steps played since the log last changed (chance, bots)
        session.close()
