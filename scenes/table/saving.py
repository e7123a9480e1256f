"""A table's saves: the autosave after each step, saving under a name, asking before leaving
an unsaved game, and adding a finished game to the statistics.

Writing is :mod:`saves` (the autosave in the background: :mod:`saves.autosaver`); a failure is
a message to the player and never stops the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.match import Match
from saves import finish, store
from saves.format import SaveError
from scenes import routes
from translation import N_, _

ONLINE_KEPT = N_(
    "An online game keeps itself after every turn: Online games on the title screen opens it."
)


class TableSaves:
    """The saves of one table's ``match``; ``say(message)`` shows a message in its top bar;
    ``replaying`` tables never save (a finished game saved at a step shown and played on would
    end again and count twice). An ``online`` game (:class:`net.reopen.OnlinePlay`) is kept
    by its session after every change of its log, never in the autosave slot nor under a
    name: a save opened later would let this computer play its friends' seats."""

    def __init__(
        self,
        app: Any,
        match: Match,
        say: Callable[[str], None],
        replaying: bool,
        online: Any = None,
    ):
        self.app = app
        self.match = match
        self.say = say
        self.replaying = replaying
        self.online = online
        self.saved_as: str | None = None
        """The name the player saved this game under (Ctrl+S saves there again), or None."""
        self._saved_marker: tuple | None = None
        self.autosave_off: str | None = None
        """Why this game must not autosave (its slot holds another game that could not be
        moved aside), or None."""
        self.last_error: str | None = None

    def keep_unfinished(self) -> None:
        """Before this game autosaves, move another unfinished game of the same kind out of the
        autosave slot to a save of its own, and tell the player. Every way a game is opened
        comes through here; the slot's own game (Continue) and games of bots only (which never
        autosave) leave it alone."""
        if self.replaying or self.app.fast_forward or self.online is not None:
            return
        if not getattr(self.app, "keeps_games", True):
            return  # a screenshot run: the player's games stay as they are
        if not all(seat.is_bot for seat in self.match.seats):
            try:  # a finished game left in the slot is recorded, not kept as unfinished
                finish.settle_slot(store.slot_for(self.match))
            except SaveError:
                pass  # no folder: said by autosave, once
        try:
            kept = store.keep_unfinished_for(self.match)
        except SaveError as err:
            self.autosave_off = _(
                "{problem}, so this game will not autosave and the "
                "unfinished one stays where it is."
            ).format(problem=str(err).rstrip("."))
            self.app.notify(self.autosave_off)
            return
        if kept is not None:
            self.app.notify(
                _("Your unfinished game of {game} is kept in Load game.").format(
                    game=_(self.match.spec.title)
                )
            )

    def puzzle(self) -> Any:
        """The puzzle (:class:`engine.puzzles.Puzzle`) this game is played from when it goes on
        in the puzzle's own save (loaded from it), else None."""
        puzzle_id = store.puzzle_id_of(self.match)
        if puzzle_id is None:
            return None
        from engine import puzzles

        try:
            puzzle = puzzles.get(puzzle_id)
        except KeyError:
            return None
        return puzzle if puzzle.game == self.match.spec.id else None

    def autosave(self) -> None:
        """Write the game's autosave slot, unless replaying, fast-forwarding, or only bots play
        (a game to watch must not take the slot of the player's own game), or the slot holds
        another game that could not be moved aside. The last step too: the slot keeps the
        finished game until it is recorded (:mod:`saves.finish`). A failure is said once."""
        if self.replaying or self.app.fast_forward or not getattr(self.app, "keeps_games", True):
            return
        if self.online is not None:
            return
        if all(seat.is_bot for seat in self.match.seats) or self.autosave_off:
            return
        try:
            self.app.autosaver.request(self.match)
            error = self.app.autosaver.error  # the latest finished write's
        except SaveError as err:
            error = str(err)
        if error and error != self.last_error:  # a folder that can't be made: once
            self.say(error)
        self.last_error = error

    def keep_for_continue(self) -> None:
        """The table is left for the title or the window is closed: an unfinished game its
        autosave slot does not hold as it is now is written there, so Continue resumes the
        game just left (another game loaded takes the slot's place itself). A game loaded
        from a save under a name and left before a step had never autosaved, and Continue
        stayed greyed (a play-test). A game kept in a save of its own (a puzzle's, a
        position's) is left alone: Continue reads only the autosave slots, and a puzzle only
        looked at needs no save."""
        if self.replaying or self.online is not None or self.match.is_terminal():
            return
        if store.has_own_slot(self.match) or all(seat.is_bot for seat in self.match.seats):
            return
        if self.app.fast_forward or not getattr(self.app, "keeps_games", True):
            return
        try:
            if store.holds(store.slot_for(self.match), self.match, exactly=True):
                return
        except SaveError:
            return  # no folder: said by autosave, once
        self.autosave()

    def _history_marker(self) -> tuple:
        history = self.match.history
        return (len(history), history[-1] if history else None)

    def mark_saved(self, name: str) -> None:
        """The game was just saved under ``name`` (Ctrl+S saves there again)."""
        self.saved_as = name
        self._saved_marker = self._history_marker()

    def is_saved(self) -> bool:
        """True when a save under a name holds the game as it is now, and is still there (a
        play-tester deleted it in Load game, then quit unasked)."""
        if self.saved_as is None or self._saved_marker != self._history_marker():
            return False
        try:
            return store.find_save(self.saved_as) is not None
        except SaveError:  # the folder cannot be read: the player is asked, nothing is lost
            return False

    def ask_before_leaving(self, table: Any, then: Callable[[], None]) -> bool:
        """Closing the window or Quit to title: an unfinished game with a person seated that is
        not saved as it is now asks Save and quit / Quit / Cancel (:mod:`scenes.leave`)."""
        if (
            self.replaying
            or self.online is not None
            or self.match.is_terminal()
            or self.is_saved()
            or all(seat.is_bot for seat in self.match.seats)
        ):
            return False
        routes.push(self.app, "leave", table, then)
        return True

    def save_now(self, table: Any) -> None:
        """Ctrl+S: save under the game's name; the first time, ask for the name."""
        if self.replaying:
            return
        if self.online is not None:
            self.app.notify(_(ONLINE_KEPT))
            return
        if self.saved_as is None:
            routes.push(self.app, "pause", table, naming=True)
            return
        try:
            path = store.save(self.match, self.saved_as)
        except SaveError as err:
            self.app.notify(str(err))
            return
        self.mark_saved(self.saved_as)
        self.app.notify(_("Saved \u201c{name}\u201d").format(name=store.read_info(path).title))

    def finished(self, seconds_played: float) -> None:
        """The game is over: add it to the player's statistics (a game with a person seated,
        played here, not replayed), then delete its autosave — in that order, so a kill
        between the two loses neither (:func:`saves.finish.record_and_clear`). A problem is a
        toast and never stops the game."""
        self.app.autosaver.flush()  # the finished game is in its slot, no late write to come
        if not getattr(self.app, "keeps_games", True):
            return  # a screenshot run plays for nobody's record
        if self.app.fast_forward:
            self.drop_autosave()
            return
        if self.online is None:
            notes = finish.record_and_clear(self.match, seconds_played)
        elif self.online.session.counts_in_statistics:  # not once a seat went to a bot
            local = sorted(self.online.session.local)
            notes = finish.record_and_clear(self.match, seconds_played, people=local, clear=False)
        else:
            return
        for note in notes:
            self.app.notify(note, seconds=8.0)

    def release(self) -> None:
        """The table has left the stack (not a rebuild for another size): another copy of the
        program may open this game's save and autosave slot now (:mod:`saves.locks`)."""
        store.release(self.match)

    def drop_autosave(self) -> None:
        if self.online is not None:
            return
        self.app.autosaver.flush()  # no late write may bring the slot back
        try:
            store.drop_autosave_of(self.match)
        except SaveError as err:
            self.say(str(err))
