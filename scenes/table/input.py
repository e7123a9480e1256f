"""A click, a key or a button at a table, and what it comes to: written once for every game.

The keys every table shares are handled here (Esc, Ctrl+Z, Ctrl+Shift+Z, Ctrl+S, H, Space over
an animation); any other event goes to the game (:meth:`GameTable.handle`), which answers with
an intent (:mod:`scenes.table.protocol`). :meth:`TableInput.carry_out` does what an intent asks
the same way for every game: an action through the match (a refusal shows the rule with the
error tone), a new selection, a message.

A click during the person's own step lands it at once and then acts (the board is where the
person sees it); a click during a bot's step only lands it. A key pressed during the person's
own step waits and acts once the board has caught up, in that turn only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from scenes import routes
from scenes.table.driver import HintReady, Refused, Stepped
from scenes.table.protocol import (
    Act,
    ActAll,
    Confirm,
    Handled,
    Instead,
    Intent,
    Refuse,
    Say,
    Select,
)
from translation import _

if TYPE_CHECKING:
    from scenes.table.parts import Table

PLACE_LIMIT = 40
"""Actions a run ("Place all") applies at most, one after another."""


class TableInput:
    """Input and intents for ``table`` (the table scene, :class:`scenes.table.parts.Table`)."""

    def __init__(self, table: Table):
        self.table = table
        self.queued_key: tuple | None = None
        """``(key event, turn)`` pressed while the person's own step animated."""
        self.follow_hint: tuple[int, int] | None = None
        """``(seat, turn)`` that took the hinted step of a plan, until its next is asked."""
        self.hint_wanted: int | None = None
        """The turn a hint was asked in while a step still played: asked once it lands."""

    # --- intents ----------------------------------------------------------------------------
    def carry_out(self, intent: Intent | None) -> None:
        """Do what the game's table asks."""
        table = self.table
        if intent is None or isinstance(intent, Handled):
            return
        if isinstance(intent, Act):
            self.act(intent.action)
        elif isinstance(intent, ActAll):
            queue = list(intent.actions)
            self.act_all(intent.next or (lambda: queue.pop(0) if queue else None))
        elif isinstance(intent, Select):
            table.game.select(intent.selection)
            if intent.message:
                table.say(intent.message)
            else:
                table.clear_message()
        elif isinstance(intent, Refuse):
            if intent.selection is not None:
                table.game.select(intent.selection)
            table.refuse(intent.message)
        elif isinstance(intent, Say):
            table.say(intent.message)
        elif isinstance(intent, Confirm):
            then = intent.then
            routes.push(
                table.app, "confirm", intent.question, lambda: self.carry_out(then), intent.yes
            )
        elif isinstance(intent, Instead):
            if table.take_back(False):
                self.act(intent.action)
        table.refresh_controls()

    def act(self, action: Any) -> bool:
        """Apply a person's action; a refusal shows the rule in plain words. True if applied."""
        table = self.table
        table.clear_message()
        if table.player.busy:
            table.player.skip()
        hinted, mover = table.current_hint(), table.match.current_player()
        outcome = table.driver.apply(action)
        table.game.acted(action, isinstance(outcome, Stepped))
        if isinstance(outcome, Refused):
            table.refuse(outcome.reason)
            return False
        table.present(outcome)
        self._took(action, hinted, mover)
        return True

    def _took(self, first: Any, hinted: Any, mover: int) -> None:
        """The person took ``first`` (the first of their actions) where ``hinted`` was hinted:
        the plan's next step is to be hinted when the game's hints follow plans."""
        table = self.table
        taken = hinted is not None and first == hinted and table.game.hints_follow_plans
        self.follow_hint = (mover, table.match.turn_count()) if taken else None

    def follow_plan(self) -> None:
        """Once the person is to move: the hint asked for while a step still played (in the
        same turn), or, when the hinted step was taken (:attr:`GameTable.hints_follow_plans`)
        and the same person is to move again in the same turn, the plan's next step."""
        table, follow = self.table, self.follow_hint
        if self.hint_wanted is not None and table.driver.person_to_move():
            wanted, self.hint_wanted = self.hint_wanted, None
            if wanted == table.match.turn_count():
                self.ask_hint()
                return
        if follow is None or not table.driver.person_to_move():
            return
        self.follow_hint = None
        if follow == (table.match.current_player(), table.match.turn_count()):
            self.ask_hint()

    def act_all(self, next_action: Callable[[], Any], limit: int = PLACE_LIMIT) -> int:
        """Apply a person's actions while ``next_action()`` gives one, each animated in turn;
        stops at a refusal (its reason is shown). Returns how many were applied."""
        table = self.table
        table.clear_message()  # as act does: the prompt that led here has been answered
        if table.player.busy:
            table.player.skip()
        done = 0
        start = len(table.match.history)
        hinted, mover, first = table.current_hint(), table.match.current_player(), None
        while done < limit:
            action = next_action()
            if action is None:
                break
            outcome = table.driver.apply(action)
            table.game.acted(action, isinstance(outcome, Stepped))
            if isinstance(outcome, Refused):
                table.refuse(outcome.reason)
                break
            table.present(outcome)
            first = action if done == 0 else first
            done += 1
        table.driver.acted_together(start, len(table.match.history))
        if done:
            self._took(first, hinted, mover)
        return done

    def press(self, key: str) -> None:
        """A game button was clicked: while the person's own step still plays, it lands first
        (as a click on the board does) and the button works."""
        table = self.table
        if table.player.busy and table.own_turn():
            table.player.skip()
        if table.human_to_move():
            self.carry_out(table.game.press(key))

    # --- hints ------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """Ask the Hard computer player, on the thinker, for the person's best move (H)."""
        table = self.table
        if table.own_turn() and table.player.busy:
            # H pressed as a step still plays (a play-tester's press after a harvest was lost)
            self.hint_wanted = table.match.turn_count()
        elif table.human_to_move() and table.driver.ask_hint():
            table.say(_("Thinking about a hint…"), 30)

    def hint_message(self, action: Any) -> str:
        """The hint's words: the move said once, then what the engine's reason adds."""
        match, game = self.table.match, self.table.game
        bots = match.spec.bots
        state = match.state
        if state.current_player() >= 0:  # the reason knows what the person may know, no more
            state = state.observation(state.current_player())
        names = list(game.stage_names())  # as the log says them ("Bot 1", not "Bot 1 (Hard)")
        reason = bots.explain(state, action, names) if bots else ""
        if reason and game.reason_names_move(action):
            return _("Hint: {reason}").format(reason=reason)
        words = match.state.action_to_string(action, names)
        if reason:
            return _("Hint: {move}. {reason}").format(move=words, reason=reason)
        return _("Hint: {move}.").format(move=words)

    def hint_arrived(self, ready: HintReady, seconds: float) -> None:
        """The hint came: say it for ``seconds``, with its sound, and show it on the board."""
        table = self.table
        self.carry_out(table.game.on_hint(ready.action))  # first: a Select clears messages
        words = self.hint_message(ready.action)
        said = table.game.hint_words(words)
        if said != words and not table.reads_easily(said):
            # the hint whole, without how to take it, rather than cut short or set small (a
            # play-test: Japanese at 1024 × 640 read 11 px)
            said = words
        table.hint_said = said
        table.say(table.hint_said, seconds)
        table.app.sound.play("hint")
        table.refresh_controls()

    def take_back(self, whole_turn: bool) -> bool:
        """Undo (Ctrl+Z) the person's last step, or with ``whole_turn`` restart the turn
        (Ctrl+Shift+Z): back to its start, or to just after the latest roll or draw. True
        when something was taken back."""
        table = self.table
        if not table.driver.person_to_move():
            return False
        refusal = table.game.undo_refusal()
        if refusal and not table.match.can_undo():
            table.refuse(refusal)
            return False
        self.queued_key = None
        table.player.skip()
        table.game.reset()
        table.ready_due = False
        outcome = table.driver.undo(whole_turn)
        if outcome is None:
            return False
        if not outcome.done:
            table.refuse(
                _("Nothing to undo: a roll, a draw or another player's move is in the way.")
            )
            table.refresh_controls()
            return False
        table.clear_message()  # a refusal or a hint was about the position taken back
        table.shown = table.match.state.clone()
        table.log.rebuild()
        table.game.position_changed()
        table.refresh_controls()
        table.saves.autosave()  # else Continue would bring back the step taken back
        return True

    # --- events -----------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """One event the widgets, the log and the replay controls did not use; True when
        the table used it."""
        table = self.table
        if event.type == pygame.KEYDOWN and self.table_key(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and table.player.busy:
            own = self.own_turn_animating()
            table.player.skip()
            if not own or not table.human_to_move():
                return True  # a click over a bot's step only shows it at once
        if event.type == pygame.KEYDOWN and self.own_turn_animating():
            # P or E pressed while the person's own pick still explodes: done once it lands
            self.queued_key = (event, table.match.turn_count())
            return True
        if event.type != pygame.MOUSEMOTION and not table.human_to_move():
            return False
        intent = table.game.handle(event)
        self.carry_out(intent)
        return intent is not None

    def table_key(self, event: pygame.event.Event) -> bool:
        """The keys every table shares: Esc, Ctrl+Z, Ctrl+Shift+Z, Ctrl+S, H, Space."""
        table = self.table
        ctrl = event.mod & pygame.KMOD_CTRL
        if event.key == pygame.K_ESCAPE:
            if table.player.busy:
                table.player.skip()
            elif table.game.cancel():
                table.clear_message()
                table.refresh_controls()
            else:
                table.open_pause()
            return True
        if event.key == pygame.K_z and ctrl:
            table.take_back(bool(event.mod & pygame.KMOD_SHIFT))
            return True
        if event.key == pygame.K_s and ctrl:
            table.saves.save_now(table)
            return True
        if event.key == pygame.K_h and not ctrl:
            table.ask_hint()
            return True
        if event.key == pygame.K_SPACE and table.player.busy:
            table.player.skip()
            return True
        return False

    def pointer_down(self) -> None:
        """A press (before the widgets see it) while the person's own step still plays lands
        the step and brings the buttons up to date: a button it enables (End turn) takes this
        same click, which pressed a disabled button before (a play-tester's lost click)."""
        table = self.table
        if table.is_top() and self.own_turn_animating():
            table.player.skip()
            table.refresh_controls()

    def own_turn_animating(self) -> bool:
        """The board still plays what a person at the keyboard did (or the luck it brought)."""
        table = self.table
        if not table.player.busy or table.replay is not None:
            return False
        owner = table.match.turn_owner()
        return 0 <= owner < len(table.match.seats) and not table.match.seats[owner].is_bot

    def play_queued_key(self) -> None:
        """A key pressed during the person's own step acts now, in the same turn only (never
        carried into a later turn)."""
        if self.queued_key is None:
            return
        event, turn = self.queued_key
        self.queued_key = None
        if turn == self.table.match.turn_count():
            self.carry_out(self.table.game.handle(event))
