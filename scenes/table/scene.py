"""The one table scene: a game's table (:class:`scenes.table.protocol.GameTable`) on the kit.

It puts the parts together and carries out what they return:

* the :class:`~scenes.table.driver.MatchDriver` says what happens next (luck, a bot's move, a
  person's turn, a hint, the end) and applies what a person does;
* the :class:`~scenes.table.steps.StepPlayer` plays each match step as animated steps, so the
  board (``shown``) and the log never run ahead of what was shown;
* the chrome (:mod:`scenes.table.chrome`) draws the top bar, the column of buttons and the tips;
* the game lays out, draws, hit-tests and turns clicks and keys into intents, which this scene
  carries out the same way for every game (:meth:`TableScene.carry_out`).

A table scene never decides a rule (docs/DESIGN.md, "Scenes and sprites"): it asks the match
for legal actions, applies the person's choice through it, and animates the returned events.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from typing import Any

import pygame
from pygame_gui.elements import UIButton

from engine.match import Match
from scenes import kit, routes
from scenes.manager import Scene
from scenes.table import chrome, cues
from scenes.table.driver import (
    GameOver,
    Halted,
    HotSeat,
    MatchDriver,
    PassScreen,
    PersonToMove,
    SecretPick,
    Stepped,
    WaitingForRemote,
)
from scenes.table.frame import Frame
from scenes.table.input import TableInput
from scenes.table.log import TableLog
from scenes.table.online import TableOnline
from scenes.table.pace import BOT_PAUSE, BotPace
from scenes.table.protocol import (
    MESSAGE_SECONDS,
    GameTable,
    Intent,
)
from scenes.table.puzzle import PuzzleWatch
from scenes.table.replay import ReplayPanel
from scenes.table.saving import TableSaves
from scenes.table.steps import Stage, Step, StepPlayer, banner_animation, plan
from translation import _

HINT_SECONDS = 12.0
AWAY = 300.0
"""Seconds between two frames counted at most as time at the table (a computer asleep)."""
END_PAUSE = 2.5
"""Seconds (at normal speed) to look at the final table before the score sheet."""


class TableScene(Scene):
    """A game at the table: ``game`` is the game's :class:`GameTable` class, ``replay`` a
    recorded history to step through instead of playing (``match`` at its start), ``online``
    the :class:`net.reopen.OnlinePlay` whose session owns ``match`` (its part:
    :mod:`scenes.table.online`)."""

    paints_window = True  # its draw starts with the felt
    keyboard_focus = False  # the table's keys are its own; tooltips name them

    def __init__(
        self, app, match: Match, game: type[GameTable], replay: list | None = None, online=None
    ):
        super().__init__(app)
        self.match = match
        self.time = 0.0
        self.mouse: tuple[int, int] = (0, 0)
        self.shown = match.state.clone()
        """The state the board shows: it catches up with the match as steps land."""
        self.pace = BotPace(match)
        """How fast a bot's turn plays (:mod:`scenes.table.pace`)."""
        self.driver = MatchDriver(
            match,
            app.thinker,
            budget=lambda: app.settings.bot_budget,
            timed=lambda: app.timed_bots and not app.fast_forward,
            pause=lambda: 0.0 if app.fast_forward else self.seconds(BOT_PAUSE) * self.pace.now(),
            hot_seat=HotSeat(
                pass_screens=lambda: bool(app.settings.pass_screen),
                before_chance=game.pass_before_chance,
                secret_hands=game.secret_hands,
                hidden_decision=lambda: self.game.hidden_decision(),
            ),
            replay=replay,
            online=online.session if online is not None else None,
            autoplay_people=app.autoplay,
        )
        self.game: GameTable = game(self)
        self.player = StepPlayer(self._start_step, self._land, app.sound.cut)
        self.messages = chrome.Messages()
        self.saves = TableSaves(app, match, self.say, replay is not None, online)
        self.online = TableOnline(self, online) if online is not None else None
        self.replay_panel = ReplayPanel(self) if replay is not None else None
        self.backdrop = kit.Backdrop()
        self.column: chrome.Column | None = None
        self.log_width = kit.px(game.log_width)
        self.top_row: pygame.Rect | None = None
        self._controls_top = 48
        """Where the game's rows of buttons start (under the top and online rows), once built."""
        self.top_buttons: dict[str, UIButton] = {}
        self.log = TableLog(match, self.game)  # as played: a loaded game's has its summaries
        if match.notice:  # e.g. a save from older rules goes on from its position
            self.log.add([match.notice])
            self.say(match.notice, 12.0)
        self.caption = ""
        """What the step playing now shows (the top bar's line while the board animates)."""
        self.hint_said: str | None = None
        self.frame = Frame(self)
        self.input = TableInput(self)
        self.ready_due = False
        """A step landed: the game may answer a one-answer question (:meth:`GameTable.ready`)."""
        self._controls_key: tuple | None = None
        self._memo: dict[str, tuple] = {}
        self.finished = False
        self.end_wait: float | None = None
        self.played = 0.0
        """Seconds of wall-clock time at the table, menus over it excluded (statistics)."""
        self._ticked: float | None = None
        self.slot_checked = False
        self.home_seat: int | None = self.driver.humans[0] if self.driver.humans else None
        """The first seat of a person here when the table opened (online: this computer's)."""
        self.puzzle_watch = PuzzleWatch(match, self.saves.puzzle())
        """The set-up puzzle this game started from: set by the position screen, or found
        again when it is resumed from the puzzle's own save."""

    # --- what the game may read (TableContext) ----------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    @property
    def column_width(self) -> int:
        return self.log_width

    @property
    def controls_top(self) -> int:
        return self._controls_top

    @property
    def animating(self) -> bool:
        return self.player.busy

    @property
    def version(self) -> int:
        return self.driver.version

    @property
    def patterns(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind_patterns", False))

    @property
    def humans(self) -> tuple[int, ...]:
        return self.driver.humans

    @property
    def replay(self) -> list | None:
        return self.driver.replay

    @property
    def cursor(self):
        return self.driver.cursor

    def is_top(self) -> bool:
        return self.app.manager.top is self

    def seconds(self, normal: float) -> float:
        return normal * self.app.speed_factor

    duration = seconds

    def hidden(self) -> frozenset:
        return frozenset(self.player.hidden())

    def current_hint(self):
        return self.driver.current_hint()

    def own_turn(self) -> bool:
        return self.driver.person_to_move() and self.is_top()

    def human_to_move(self) -> bool:
        """True when a person may act now (not animating, not a bot, not replaying, on top)."""
        return self.own_turn() and not self.player.busy

    def person_legal(self) -> list:
        """The person's legal actions, even while a menu covers the table (for words)."""
        return self.driver.legal()

    def legal(self) -> list:
        """What a click or key may use now (empty while animating or covered)."""
        return self.driver.legal() if self.human_to_move() else []

    def cached(self, name: str, key: Hashable, compute: Callable[[], Any]) -> Any:
        """``compute()``'s value, kept while ``key`` stays equal (layouts, targets)."""
        held = self._memo.get(name)
        if held is None or held[0] != key:
            held = (key, compute())
            self._memo[name] = held
        return held[1]

    def forget(self, *names: str) -> None:
        for name in names:
            self._memo.pop(name, None)

    def viewer_seat(self) -> int:
        """The seat whose private, big view is drawn: against bots the person's seat, stable
        through the bots' turns; in hot-seat the person at the keyboard (from the moment their
        pass screen lets them in); with bots only, live or replayed, the first seat when nothing
        is secret, so the panels do not swap places turn by turn as it is watched (play-testers),
        else the seat whose turn it is (its hand is the one in play)."""
        humans = self.humans
        if not humans and self.online is not None and self.home_seat is not None:
            return self.home_seat  # handed to a bot: still this computer's seat, no other's
        if not humans and not self.game.secret_hands:
            return 0
        if not humans:
            owner = self.shown.turn_owner()
            return owner if 0 <= owner < len(self.match.seats) else 0
        if len(humans) > 1 and self.driver.seated in humans:
            return self.driver.seated
        return humans[0]

    def targets(self) -> list:
        return self.game.targets()

    def target_at(self, pos):
        return kit.hit_test(self.targets(), pos)

    def key_at(self, pos):
        target = self.target_at(pos)
        return target.key if target is not None else None

    def board_rect(self) -> pygame.Rect:
        """Everything left of the column, under the top bar."""
        w, h = self.app.size
        return pygame.Rect(0, 44, w - self.log_width - 16, h - 44)

    # --- building ---------------------------------------------------------------------------
    def build(self) -> None:
        self.log_width = kit.px(self.game.log_width)  # the column grows with the UI scale
        self.forget(*list(self._memo))
        w, h = self.app.size
        x = w - self.log_width - 8
        self.column = chrome.Column(self.app.ui, self.container, x, self.log_width, self.press)
        if self.replay_panel is not None:
            labels = [_("Menu"), self.replay_panel.play_label(), _("Step"), _("To end")]
        else:
            labels = [_("Menu"), _("Undo"), _("Restart"), _("Hint")]
        rects = chrome.top_button_rects(labels, x, self.log_width)
        self.top_row = rects[0].unionall(rects[1:])
        self.column.y = self.top_row.bottom + 8
        menu = self.column.top_button(rects[0], labels[0], self.open_pause, _("Pause menu (Esc)"))
        self.top_buttons = {"menu": menu}
        if self.replay_panel is not None:
            self.replay_panel.build(rects[0].right + 6, x + self.log_width)
        else:
            undo_tip = _(
                "Take back your last step (Ctrl+Z). Never across a "
                "roll, a draw or another player's move."
            )
            restart_tip = _(
                "Restart your turn: back to its start, or to "
                "just after the latest roll or draw "
                "(Ctrl+Shift+Z)"
            )
            refusal = self.game.undo_refusal()
            self.top_buttons["undo"] = self.column.top_button(
                rects[1],
                labels[1],
                lambda: self.take_back(False),
                kit.with_key(refusal, "Ctrl+Z") if refusal else undo_tip,
            )
            self.top_buttons["restart"] = self.column.top_button(
                rects[2],
                labels[2],
                lambda: self.take_back(True),
                kit.with_key(refusal, "Ctrl+Shift+Z") if refusal else restart_tip,
            )
            self.top_buttons["hint"] = self.column.top_button(
                rects[3], labels[3], self.ask_hint, self.hint_tip()
            )
            if refusal:
                kit.set_enabled(self.top_buttons["undo"], False)
                kit.set_enabled(self.top_buttons["restart"], False)
        if self.replay_panel is not None:
            self.replay_panel.build_rows(self.column)
        rows = self.controls()
        self.column.lay_out(rows)
        ahead = len(self.online.rows()) if self.online else 0  # the online row comes first
        self._controls_top = (
            self.column.rows[ahead].y if len(self.column.rows) > ahead else self.column.y
        )
        self.column.show(rows)
        self._controls_key = None
        top = self.column.log_top()
        self.log.place(pygame.Rect(x, top, self.log_width, h - top - 8))
        self.refresh_controls()

    def hint_tip(self) -> str:
        return self.game.hint_tip() or _("What would the Hard computer player do here? (H)")

    @property
    def button_tips(self) -> dict:
        """``{button: tooltip lines}`` of every table button."""
        return self.column.tips if self.column is not None else {}

    def tip_lines(self, button) -> tuple:
        """The lines of ``button``'s tooltip as they show now (empty when it has none)."""
        return self.column.tip_lines(button) if self.column is not None else ()

    def refresh_controls(self) -> None:
        """The game's buttons as the position, the selection and the hint say now."""
        if self.container is None or self.column is None:
            return
        key = (
            self.driver.version,
            self.game.ui_key(),
            self.human_to_move(),
            self.current_hint() is not None,
            self.finished,
            self.is_top(),
            self.online.key() if self.online is not None else None,
        )
        if key == self._controls_key:
            return
        self._controls_key = key
        self.column.show(self.controls())
        if self.replay is None and self.match.is_terminal():
            for name in ("undo", "restart", "hint"):
                kit.set_enabled(self.top_buttons[name], False)  # nothing to take back any more
        elif self.replay is None and self.online is not None:
            self.online.rest_top_buttons(self.top_buttons, not self.game.undo_refusal())

    def controls(self) -> list:
        """The column's rows: the online row (an online game), then the game's (in a replay only
        the spaces it draws in: :meth:`ReplayPanel.without_buttons`)."""
        rows = (self.online.rows() if self.online else []) + self.game.controls()
        return self.replay_panel.without_buttons(rows) if self.replay_panel else rows

    def press(self, key: str) -> None:
        """A column button: the online row's, or the game's (:meth:`TableInput.press`)."""
        if self.online is not None and key.startswith("online:"):
            self.online.press(key)
        else:
            self.input.press(key)

    def carry_out(self, intent: Intent | None) -> None:
        """Do what the game's table asks (:class:`scenes.table.input.TableInput`)."""
        self.input.carry_out(intent)

    def act(self, action) -> bool:
        """Apply a person's action; a refusal shows the rule. True if applied."""
        return self.input.act(action)

    try_action = act

    # --- messages ---------------------------------------------------------------------------
    def say(self, message: str, seconds: float = MESSAGE_SECONDS) -> None:
        """Show a message (a refusal's reason, a hint) in the top bar for a while."""
        self.messages.say(message, seconds)

    def refuse(self, reason: str, seconds: float = MESSAGE_SECONDS) -> None:
        """Refuse a move: say why (the rule in plain words) and sound the error tone."""
        self.say(reason, seconds)
        self.app.sound.play("error")

    def clear_message(self) -> None:
        self.messages.clear()

    def current_message(self) -> str:
        if self.player.busy and self.game.quiet_while_busy():
            return ""
        return self.messages.current()

    def fits_top_bar(self, message: str, easily: bool = False) -> bool:
        return self.frame.fits_top_bar(message, easily)

    def reads_easily(self, message: str) -> bool:
        return self.frame.reads_easily(message)

    # --- steps ------------------------------------------------------------------------------
    def present(self, stepped: Stepped) -> None:
        """Animate a match step: its log lines appear as its steps land."""
        after = self.match.state.clone()
        steps: list[Step] = []
        if self.app.speed_factor > 0:
            pace = self.pace.for_step(stepped.before)
            steps = self.steps(stepped.events, stepped.before, pace)
            if pace < 1.0:  # the steps play one after another: their lengths add up
                played = sum(
                    max((a.delay + a.duration for a in step.animations), default=0.0)
                    for step in steps
                )
                self.pace.spent += (played + self.seconds(BOT_PAUSE) * pace) / self.app.speed_factor
        if not steps or steps[-1].after is None:
            steps = [Step(stepped.events, [], after)]
        summary = self.game.log_summary(stepped.events)
        for index, step in enumerate(steps):
            step.lines = self.log.lines_of(step.events)
            if index == len(steps) - 1:
                step.lines += summary
        self.player.play(steps, after, stepped.events)
        self._after_step(stepped)

    def steps(self, events, before, pace: float = 1.0) -> list[Step]:
        """The animated steps showing ``events``, which took ``before`` to the match's state
        (the game groups and animates them; the engine's ``apply_event`` gives each step's
        state), played ``pace`` times their length (a bot's turn goes faster)."""

        def banner(message: str, seconds: float, *args, **kwargs):
            return self.banner(message, seconds * pace, *args, **kwargs)

        stage = Stage(
            self.game.layout(),
            self.game.stage_names(),
            lambda normal: self.seconds(normal) * pace,
            banner,
            self.match.spec.apply_event or (lambda state, _event: state),
            self.viewer_seat(),
            self.humans,
            self.patterns,
        )
        return plan(tuple(events), before, stage, self.game.group, self.game.animate)

    def _start_step(self, step: Step) -> None:
        caption = step.caption or next(iter(step.lines), "")
        self.caption = kit.with_names(caption, self.match.names)
        self.play_cues(step)

    def play_cues(self, step: Step) -> None:
        """Play the sound cues of ``step``'s events as it starts (:mod:`sound.cues`; nothing
        at instant speed), lasting as long as the game says (a cart's roll)."""
        for what, seconds in self.game.cues(step):
            self.play_sound(what, duration=seconds)

    def _land(self, step: Step, last: bool) -> None:
        self.shown = step.after
        self.log.add(step.lines)
        self.game.landed(step, last)
        if last:
            self.caption = ""
            self.ready_due = True
            self.refresh_controls()

    def play_sound(self, what, *, duration: float | None = None) -> None:
        """Play the sound of ``what`` now (:func:`scenes.table.cues.play`)."""
        cues.play(self.app, what, duration)

    def banner_rect(self) -> pygame.Rect:
        rect = self.game.banner_rect()
        if rect is not None:
            return rect
        board = self.board_rect()
        return pygame.Rect(board.x, board.y + int(board.height * 0.42) - 30, board.width, 60)

    def banner(self, message: str, seconds: float, scale: float = 1.0, colour=kit.BANNER):
        """An animation showing ``message`` on the banner for ``seconds`` (at normal speed)."""
        return banner_animation(self.banner_rect, message, self.seconds(seconds), scale, colour)

    def _after_step(self, stepped: Stepped) -> None:
        """After every step: the puzzle's goal, the hint's words (about the position before),
        the autosave (in the background), so a closed window or a crash loses nothing."""
        self.check_puzzle()
        if self.hint_said and self.messages.current() == self.hint_said:
            self.clear_message()
        if stepped.save:
            self.saves.autosave()

    @property
    def puzzle(self) -> Any:
        return self.puzzle_watch.puzzle

    @puzzle.setter
    def puzzle(self, puzzle: Any) -> None:
        self.puzzle_watch.puzzle = puzzle

    def check_puzzle(self) -> None:
        said = self.puzzle_watch.check()
        if said:
            self.app.notify(said, seconds=8.0)

    @property
    def log_lines(self) -> list[str]:
        return self.log.lines

    @property
    def log_box(self):
        return self.log.box

    def rebuild_log(self) -> None:
        """The whole log again from the match (after load, undo or a replay jump)."""
        self.log.rebuild()

    # --- undo and hints ---------------------------------------------------------------------
    def take_back(self, whole_turn: bool) -> bool:
        """Undo (Ctrl+Z) or restart the turn (Ctrl+Shift+Z): :meth:`TableInput.take_back`;
        True when something was taken back (a puzzle failed may then be tried again)."""
        taken = self.input.take_back(whole_turn)
        if taken:
            self.puzzle_watch.failed = False
        return taken

    def ask_hint(self) -> None:
        """H: ask for a hint (:meth:`TableInput.ask_hint`)."""
        self.input.ask_hint()

    def hint_message(self, action) -> str:
        return self.input.hint_message(action)

    def bot_thinking(self) -> bool:
        thinking = self.driver.thinking()
        return thinking is not None and not thinking.hint

    def thinking_progress(self) -> float | None:
        """How far a Hard search (a Hard bot's move or a hint) is through its time, 0–1, or
        None when none runs (or it searches a fixed amount, not a time)."""
        if not self.app.timed_bots or self.app.fast_forward:
            return None
        thinking = self.driver.thinking()
        if thinking is None or thinking.level != "hard" or (self.online and not thinking.hint):
            return None  # an online bot searches a fixed amount, never a time
        budget = max(0.05, self.app.settings.bot_budget)
        return max(0.0, min(1.0, (self.driver.clock() - thinking.since) / budget))

    # --- the frame --------------------------------------------------------------------------
    def busy(self) -> bool:
        """True while the table plays on by itself: steps, luck, a bot, a hint, a replay
        running, the moment before the score sheet. Waiting for a person is not busy."""
        if self.player.busy or self.driver.thinking() is not None:
            return True
        if self.online is not None and self.online.busy():
            return True
        if self.match.is_terminal():
            return not self.finished
        if self.replay_panel is not None:
            return self.replay_panel.playing
        return not self.match.is_human_turn()

    def update_covered(self, dt: float) -> None:
        """Under the pause menu an online game still takes in and stores what arrives (its
        news wait for the table's next :meth:`update`)."""
        if self.online is not None:
            self.online.session.keep_up()

    def covered_wake_in(self) -> float | None:
        """An online log is read again this soon under the pause menu."""
        return self.online.wake_in() if self.online is not None else None

    def wake_in(self) -> float | None:
        """When a frame is due: the top bar's message goes, an online log is read again."""
        due = [t for t in (self.messages.left(), self.online and self.online.wake_in()) if t]
        return min(due) if due else None

    def rest(self) -> None:
        """Pulses are ``sin(self.time * k)`` with whole ``k``: at a whole number of turns they
        stand at their middle, so the still table shows them half lit."""
        rested = round(self.time / math.tau) * math.tau
        self.frame.tips.since += rested - self.time
        self.time = rested

    def update(self, dt: float) -> None:
        now = time.monotonic()
        if self._ticked is not None:
            self.played += min(now - self._ticked, AWAY)
        self._ticked = now
        self.time += dt
        if self.replay_panel is not None:
            self.replay_panel.update()
        if self.online is not None:
            self.online.update()
        self._drive(dt)
        self.refresh_controls()

    def _drive(self, dt: float) -> None:
        ready = self.driver.poll_hint()
        if ready is not None:
            self.input.hint_arrived(ready, HINT_SECONDS)
        self.player.update(dt)
        if self.player.busy or not self.is_top():
            return
        self.input.follow_plan()
        started = time.perf_counter()
        while not self.player.busy:
            if self.ready_due and self.driver.person_to_move():
                self.ready_due = False  # a question with one answer: answered before anything
                intent = self.game.ready()  # else, even a pass screen
                if intent is not None:
                    self.carry_out(intent)
                    return
            outcome = self.driver.advance(dt)
            if isinstance(outcome, GameOver):
                self._finish(dt)
                return
            if self.replay_panel is not None:
                self.replay_panel.play_on(dt)
                return
            if outcome is None:
                return
            if isinstance(outcome, PassScreen):
                routes.push(self.app, "pass", self.match.names[outcome.player])
                return
            if isinstance(outcome, PersonToMove):
                self._person_to_move(outcome)
                return
            if self.online is not None and not isinstance(outcome, Stepped):
                if isinstance(outcome, WaitingForRemote):
                    self.online.waiting(outcome.seat)
                elif isinstance(outcome, SecretPick):
                    self.online.secret(outcome.choice)
                elif isinstance(outcome, Halted):
                    self.online.halted(outcome.message)
                return
            if isinstance(outcome, Stepped):
                self.present(outcome)
            if not self.app.fast_forward or time.perf_counter() - started > 0.02:
                return

    def _person_to_move(self, outcome: PersonToMove) -> None:
        self.input.play_queued_key()
        if outcome.new_turn:
            self.app.sound.play("turn_start")
            self.log.follow()  # the player's own turn: the newest lines in view

    def _finish(self, dt: float) -> None:
        if self.finished or (self.replay_panel is not None and not self.replay_panel.playing):
            return  # a replay looked at step by step stays at the table
        if self.end_wait is None:
            self.end_wait = self.seconds(END_PAUSE)  # a moment to see the final table
        self.end_wait -= dt
        if self.end_wait > 0:
            return
        self.finished = True
        self.shutdown()
        if self.replay is None:
            self.saves.finished(self.played)
        self.app.sound.play("fanfare")
        self.show_score_sheet()

    def show_score_sheet(self) -> None:
        """Cover the finished table with the score sheet ("See the table" comes back here)."""
        routes.push(self.app, "game_over", self.match)

    def shutdown(self) -> None:
        """Stop thinking (quit, load, game over); drop the backdrop's surfaces."""
        self.backdrop.release()
        self.driver.stop()

    # --- input ------------------------------------------------------------------------------
    def pointer_down(self, event) -> None:
        self.input.pointer_down()

    def button_pressed(self, button) -> None:
        """No button tip where a button was just clicked until the pointer leaves."""
        self.frame.tips.clicked = button.get_abs_rect()

    def open_pause(self) -> None:
        routes.push(self.app, "pause", self)

    def handle_event(self, event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos  # tooltips follow it, over the log too
        if event.type == pygame.MOUSEBUTTONDOWN:
            clicked = self.target_at(event.pos)
            self.frame.tip_off = clicked.key if clicked is not None else None
        if self.log.box is not None and self.log.box.handle_event(event):
            return True
        enter = event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.finished and enter:
            self.show_score_sheet()
            return True
        if self.replay_panel is not None and self.replay_panel.handle_event(event):
            return True
        return self.input.handle_event(event)

    def replay_status(self) -> str | None:
        return self.replay_panel.status() if self.replay_panel is not None else None

    def enter(self) -> None:
        super().enter()
        self.app.hold_picture()  # built this frame, drawn from the next
        self._ticked = time.monotonic()  # the table is on screen from now
        if not self.slot_checked:
            self.slot_checked = True
            self.app.autosaver.flush()  # another table's last write lands first
            self.saves.keep_unfinished()

    def exit(self) -> None:
        self.app.autosaver.flush()  # the title's Continue reads the newest step
        if not any(scene is self for scene in self.app.manager.stack):
            self.saves.release()  # left, not rebuilt: another copy may open its files
        self.backdrop.release()
        if self.online is not None:
            self.online.close()
        super().exit()

    def end_program(self) -> None:
        """The program ends: an online game's last entries go out first; Continue will
        resume the game (:meth:`TableSaves.keep_for_continue`)."""
        self.saves.keep_for_continue()
        if self.online is not None:
            self.online.close(linger=30.0 if self.app.quit_at_end else 5.0)

    def pause(self) -> None:
        super().pause()
        self._ticked = None  # time under a menu is no time at the table

    def resume(self) -> None:
        """Uncovered again: the pointer is where it is now (it moved over the cover: a
        play-tester saw the card under its old place still offered after the pass screen); the
        target under it shows no tooltip until it moves to another; the controls are enabled
        afresh (rebuilt while covered they offered none)."""
        super().resume()
        self._ticked = time.monotonic()
        if pygame.mouse.get_focused():
            self.mouse = pygame.mouse.get_pos()
        self.frame.tip_off = self.key_at(self.mouse)
        self._controls_key = None
        self.refresh_controls()

    def replay_jumped(self) -> None:
        """A replay jumped to another position: the board, the log and the choices follow."""
        self.player.skip()
        self.shown = self.match.state.clone()
        self.finished = False  # scrubbed back from the end: the table plays again
        self.end_wait = None
        self.game.reset()
        self.rebuild_log()
        self.game.position_changed()
        self.refresh_controls()

    # --- saving (the pause menu and the leave question use these) ---------------------------
    @property
    def saved_as(self) -> str | None:
        return self.saves.saved_as

    def mark_saved(self, name: str) -> None:
        self.saves.mark_saved(name)

    def is_saved(self) -> bool:
        return self.saves.is_saved()

    def ask_before_leaving(self, then) -> bool:
        return self.saves.ask_before_leaving(self, then)

    def autosave(self) -> None:
        self.saves.autosave()

    # --- drawing (:class:`scenes.table.frame.Frame`) ---------------------------------------
    def draw(self, surface) -> None:
        self.frame.draw(surface)

    def draw_over(self, surface) -> None:
        self.frame.draw_over(surface)

    def backdrop_layers(self, window_width: int) -> list:
        """The layers the backdrop holds this frame (:meth:`Frame.backdrop_layers`)."""
        return self.frame.backdrop_layers(window_width)

    def top_bar(self, window_width: int) -> tuple:
        return self.frame.top_bar(window_width)

    def draw_top_bar(self, surface) -> None:
        """The top bar as the frame draws it, the thinking bar along its bottom."""
        chrome.draw_top_bar(surface, self.top_bar(surface.get_width()), self.thinking_progress())

    def draw_board(self, surface) -> None:
        """The board alone, as the game draws it now (tests look at it)."""
        self.game.draw(surface, self.game.view())

    def status_text(self) -> str:
        return self.frame.status_text()

    def tip_avoid(self, target) -> list:
        return self.frame.tip_avoid(target)

    def toast_area(self) -> tuple | None:
        return self.frame.toast_area() if self.container is not None else None

    # --- the score sheet asks these ---------------------------------------------------------
    def draw_sheet(self, surface, rect, sheet) -> bool:
        return self.game.draw_sheet(surface, rect, sheet)

    def draw_summary(self, surface, rect) -> bool:
        return self.game.draw_summary(surface, rect)

    def seat_colour(self, seat: int):
        return self.game.seat_colour(seat)
