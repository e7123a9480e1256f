"""What every table scene shares: driving the match, bots off the main thread, animations, the
game log, undo, autosave, the pause menu, hot-seat pass screens, replay and the end of the game.

A table scene never decides a rule (docs/DESIGN.md, "Scenes and sprites"): it asks the match for
legal actions, applies the player's choice through the match, and animates the returned events.

What goes where (the table pattern, issue 17):

* **Steps.** After the match applies a step (a person's action, a bot's, chance), the base asks
  the table for :meth:`TableScene.steps` — each a :class:`Step`: the events it shows, their
  animations and the state after them (the engine's ``apply_event``). The base queues them: as a
  step starts its sound cues play (:meth:`TableScene.play_cues`) and the top bar shows its
  caption; when it ends it *lands* — ``self.shown`` becomes ``step.after`` and its log lines
  appear — so the board and the log never run ahead of what was shown. Skipping (click, Space)
  lands every queued step at once; at instant speed one step lands at once. A table that does
  not define ``steps`` still gives groups through the older :meth:`TableScene.animate`.
* **Banner** (:meth:`TableScene.banner`): "Your turn", "Chain ×2!", the last round.
* **Hit-testing** (:meth:`TableScene.targets` → :class:`scenes.kit.Target`), and tooltips drawn
  by the base beside what they describe, never over the buttons, the log or what may be clicked
  next.
* **Controls**: Menu, Undo, Restart, Hint in the top row; the table reserves rows under them with
  :meth:`TableScene.control_row`; the log starts below the last row (``log_top``).
  Undo and Restart call the table's :meth:`TableScene.reset_selection`.
* **The viewer** (:meth:`TableScene.viewer_seat`): whose private, big view is drawn.

Sound: each step's cues play as it starts (:meth:`TableScene.play_cues`, through
:meth:`TableScene.sound_hook`); an older table's group may carry a third element,
``self.sound_hook(events)``. Nothing sounds at instant speed. A refusal goes through
:meth:`TableScene.refuse` (the message and an error tone).

Two parts live in their own modules as mixins of :class:`TableScene`: the replay controls
(:mod:`scenes.table_replay`) and autosave, named saves and the leave question
(:mod:`scenes.table_saving`).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import pygame
from pygame_gui.elements import UIButton

import translation
from engine.bots import make_bot
from engine.core import IllegalAction, TurnStarted
from engine.replay import ReplayCursor
from scenes import kit
from scenes.log_panel import LogPanel
from scenes.manager import Scene
from scenes.table_replay import ReplayControls
from scenes.table_saving import SavingAndLeaving
from sound.cues import cues_for
from sprites.tween import Animation, AnimationQueue, linear
from translation import _

TOP_BUTTON_PAD = 10
"""Room either side of a top-row button's label, in pixels at 100 %."""


def top_button_rects(labels, x: int, width: int, gap: int = 6) -> list:
    """Rects for the row of buttons over the log (Menu, Undo, Restart, Hint), ``width`` pixels
    from ``x``: each as wide as its label needs (labels are longer in some languages) with
    :data:`TOP_BUTTON_PAD` either side, the spare room shared out. When the labels need more
    than ``width`` (Russian at 1024 × 640) the row ends at the same place but starts further
    left, taking the room from the top bar's message (:meth:`TableScene.top_bar_right`)."""
    font = kit.font(kit.top_button_font(), True)
    needs = [font.size(label)[0] + 2 * kit.px(TOP_BUTTON_PAD) for label in labels]
    gaps = gap * (len(labels) - 1)
    room = max(width, sum(needs) + gaps)
    spare = room - gaps - sum(needs)
    widths = [need + spare // len(needs) for need in needs]
    widths[-1] = room - gaps - sum(widths[:-1])
    rects, left = [], x + width - room
    for button_width in widths:
        rects.append(pygame.Rect(left, 8, button_width, 32))
        left += button_width + gap
    return rects


def button_widths(labels, width: int, gap: int = 6, small: bool = False) -> list:
    """Widths of buttons with ``labels`` sharing a row ``width`` pixels wide: equal when each
    label fits that (:func:`kit.button_needs`), else each as wide as its label needs with the
    spare room shared out, or all shrunk alike when even that is too wide."""
    room = width - gap * (len(labels) - 1)
    needs = kit.button_needs(labels, small)
    equal = room // len(labels)
    if max(needs) <= equal:
        return [equal] * len(labels)
    spare = room - sum(needs)
    if spare >= 0:
        widths = [need + spare // len(needs) for need in needs]
    else:
        widths = [need * room // sum(needs) for need in needs]
    widths[-1] = room - sum(widths[:-1])
    return widths


TOP_BAR_ROOM = 44
"""Pixels above the tables' boards (they start at y = 44) a two-line top-bar message may use."""


@dataclass
class Step:
    """One step of what a match step shows: ``events`` (shown together), ``animations``
    (:class:`sprites.tween.Animation`, played together) and ``after``, the state once they
    happened (the engine's ``apply_event`` over ``events``). ``caption`` is the top bar's line
    while it plays ("" for the first log line of its events)."""

    events: tuple
    animations: list = field(default_factory=list)
    after: Any = None
    caption: str = ""


LOG_CAP = 300

BUTTON_LABEL = object()
"""In a button's tooltip lines (:meth:`TableScene.button_tip`): the button's label now."""


class TableScene(ReplayControls, SavingAndLeaving, Scene):
    """Base of the table scenes. ``replay`` is a history to step through instead of playing."""

    paints_window = True  # its draw starts with the felt

    log_width = 300
    keyboard_focus = False  # the table's keys are its own; tooltips name them
    pass_before_chance = False
    """Hot-seat: show the pass screen before the luck that opens a person's turn (their
    dice roll), so they see it themselves; the table's chance steps wait until it is gone."""

    def __init__(self, app, match, replay=None):
        super().__init__(app)
        self.match = match
        self.anims = AnimationQueue(on_skip=app.sound.cut)
        self.backdrop = kit.Backdrop()
        self._frame_top_bar: tuple | None = None  # the top bar of the frame being drawn
        self._frame_view = None  # and its view
        self.shown = match.state.clone()
        """The state the board shows: it catches up with the match as animations finish."""
        self.executor: ThreadPoolExecutor | None = None
        self.future = None
        self.bot = None
        self.hint_bot = None
        self.hint_future = None
        self.hint = None
        self.hint_for = -1
        self.future_n = -1
        self.bot_wait = 0.0
        self.message = ""
        self.message_until = 0.0
        self.last_owner = match.turn_owner()
        self.events_seen = len(match.events)
        self.last_human = None
        self.seated = None
        """The person at the keyboard (hot-seat): set once their pass screen is gone."""
        self.finished = False
        self.end_wait = None
        self.replay = list(replay) if replay is not None else None
        self.cursor = ReplayCursor(match, self.replay) if replay is not None else None
        """Where the replay stands (scrubbing: by step, by turn, to any step), or None."""
        self.replay_playing = True
        self.replay_wait = 0.0
        self.replay_target: int | None = None
        """A step the slider was dragged to, jumped to on the next frame (a drag sends many)."""
        self.log_lines = self.full_log()  # as played: a loaded game's log has its summaries
        self.log_language = translation.current_language()
        """The language ``log_lines`` are in."""
        if match.notice:  # e.g. a save from older rules goes on from its position
            self.log_lines.append(match.notice)
            self.say(match.notice, 12.0)
        self.time = 0.0
        self.caption = ""
        """What the step playing now shows (the top bar's line while the board animates)."""
        self.mouse = (0, 0)
        self._column_y = 48
        self.top_row: pygame.Rect | None = None
        """The top row of buttons (Menu, Undo, Restart, Hint) once built."""
        self.turn_chimed: tuple | None = None
        """(turn count, player) of the last person's turn the chime announced."""
        self._chime_checked = -1
        self.button_tips: dict = {}
        """``{button: tooltip lines}`` drawn like the table's tooltips (:meth:`button_tip`)."""
        self._tip_button = None
        self._tip_since = 0.0
        self._tip_clicked: pygame.Rect | None = None
        """Where a button was just clicked: no button tip there until the pointer leaves (a
        button made anew in its place, as Diced Tomatoes' choices are, included)."""
        self._tip_off = None  # the key of a target clicked: its tooltip waits for another
        self.slot_checked = False
        self.autosave_off: str | None = None
        """Why this game must not autosave (its slot holds another game that could not be
        moved aside), or None."""
        self.last_autosave_error: str | None = None
        self.thinking_since = 0.0
        """When the bot now thinking started (monotonic seconds)."""
        self.hint_since = 0.0
        self.saved_as: str | None = None
        self.queued_key: tuple | None = None
        """``(key event, turn)`` pressed while the person's own step animated."""
        """The name the player saved this game under (Ctrl+S saves there again), or None."""
        self._saved_marker = None
        self.puzzle = None
        """The set-up puzzle this game started from (:class:`engine.puzzles.Puzzle`), or None;
        the table says when its goal is reached."""
        self.puzzle_solved = False

    # --- layout ------------------------------------------------------------------------------
    def board_rect(self) -> pygame.Rect:
        """Where the board is drawn: everything left of the log column, under the top bar."""
        w, h = self.app.size
        return pygame.Rect(0, 44, w - self.log_width - 16, h - 44)

    def build(self) -> None:
        # the right column grows with the UI scale; the table's layout is made again for it
        self.log_width = kit.px(type(self).log_width)
        self.button_tips.clear()  # the buttons are made anew
        cache = getattr(self, "_cache", None)
        if isinstance(cache, dict):
            cache.pop("layout_key", None)
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        lw = self.log_width
        x = w - lw - 8
        if self.replay is not None:
            labels = (
                _("Menu"),
                _("Pause") if self.replay_playing else _("Play"),
                _("Step"),
                _("To end"),
            )
        else:
            labels = (_("Menu"), _("Undo"), _("Restart"), _("Hint"))
        rects = top_button_rects(labels, x, lw)
        self.top_row = rects[0].unionall(rects[1:])
        self.menu_button = UIButton(
            rects[0],
            labels[0],
            ui,
            container=c,
            object_id="#top_button",
            command=self.open_pause,
        )
        self.explain_button(self.menu_button, _("Pause menu (Esc)"))
        if self.replay is not None:
            self.build_replay_controls(rects[0].right + 6, x + lw)
        else:
            self.undo_button = UIButton(
                rects[1],
                labels[1],
                ui,
                container=c,
                object_id="#top_button",
                command=self.undo,
            )
            self.explain_button(
                self.undo_button,
                _(
                    "Take back your last step (Ctrl+Z). Never across a "
                    "roll, a draw or another player's move."
                ),
            )
            self.restart_button = UIButton(
                rects[2],
                labels[2],
                ui,
                container=c,
                object_id="#top_button",
                command=self.restart_turn,
            )
            self.explain_button(
                self.restart_button,
                _(
                    "Restart your turn: back to its start, or to "
                    "just after the latest roll or draw "
                    "(Ctrl+Shift+Z)"
                ),
            )
            self.hint_button = UIButton(
                rects[3],
                labels[3],
                ui,
                container=c,
                object_id="#top_button",
                command=self.ask_hint,
            )
            self.explain_button(
                self.hint_button, _("What would the Hard computer player do here? (H)")
            )
        self._column_y = 48
        if self.log_language != translation.current_language():  # the language changed: the log
            self.log_language = translation.current_language()  # reads in the new one (its
            self.log_lines = self.full_log()  # sentences come from the events)
        if self.replay is not None:
            self.build_replay_rows()
        self.build_controls()
        log_top = self.log_top()
        self.log_box = LogPanel(pygame.Rect(x, log_top, lw, h - log_top - 8), self.log_lines)
        self.on_controls_built()

    def control_row(self, height: int = 36, exact: bool = False) -> pygame.Rect:
        """Reserve the next row of the column under the top buttons (above the log) and return
        its rect; call it from :meth:`build_controls`. The log starts below the last row.
        ``height`` is pixels at 100 % (the row grows with the UI scale), or with ``exact``
        pixels as they are (the height of a rect the table's layout made)."""
        w, _height = self.app.size
        rows = height if exact else kit.px(height)
        rect = pygame.Rect(w - self.log_width - 8, self._column_y, self.log_width, rows)
        self._column_y = rect.bottom + 6
        return rect

    def button_row(self, buttons, height: int = 36, gap: int = 6, small: bool = False) -> dict:
        """Reserve a row (:meth:`control_row`) and fill it with buttons: ``buttons`` is
        ``[(key, label, command, tooltip)]`` with the texts already translated; returns
        ``{key: UIButton}``. Call it from :meth:`build_controls`. The buttons are of equal
        width, or when a label would not fit that (Russian), each as wide as its label needs
        (:func:`button_widths`); ``small`` draws the labels in the theme's ``#small_button``
        font (:meth:`labels_fit` tells when a table's rows need it)."""
        row = self.control_row(height)
        labels = [label for _key, label, _command, _tip in buttons]
        widths = button_widths(labels, row.width, gap, small)
        out = {}
        x = row.x
        for (key, label, command, tip), width in zip(buttons, widths, strict=True):
            out[key] = UIButton(
                pygame.Rect(x, row.y, width, row.height),
                label,
                self.app.ui,
                container=self.container,
                command=command,
                object_id="#small_button" if small else None,
            )
            self.explain_button(out[key], tip)
            x += width + gap
        return out

    def labels_fit(self, labels, gap: int = 6, small: bool = False) -> bool:
        """Whether buttons with ``labels`` fit one row of the column, each label with
        :data:`kit.BUTTON_PAD` either side, at the normal font (or the ``small`` one)."""
        needs = kit.button_needs(labels, small)
        return sum(needs) + gap * (len(labels) - 1) <= self.log_width

    def log_top(self) -> int:
        """Top of the log panel: below the rows reserved with :meth:`control_row`."""
        return self._column_y + 2

    def on_controls_built(self) -> None:
        """Called once the widgets and the log exist (subclasses enable what applies now)."""

    def tip_rect(self, width: int, height: int) -> pygame.Rect:
        """Where a hover tooltip of ``width`` x ``height`` pixels goes: below right of the mouse,
        flipped left or up to stay on the table, never over the buttons and log on the right
        while the mouse is on the table."""
        mx, my = self.mouse
        w, h = self.app.size
        right = self.log_box.rect.x - 6 if mx < self.log_box.rect.x else w - 4
        rect = pygame.Rect(mx + 16, my + 16, width, height)
        if rect.right > right:
            rect.right = mx - 8
        if rect.bottom > h - 4:
            rect.bottom = my - 8
        rect.clamp_ip(pygame.Rect(0, 0, w, h))
        return rect

    def toast_area(self) -> tuple | None:
        """Toasts ("Saved", a kept game) go over the top of the game log, never over the
        board where they would hide a player's desk."""
        if self.container is None:
            return None
        return self.log_box.rect.inflate(-kit.px(12), 0).move(0, kit.px(26)), "top"

    def tooltip_avoid(self) -> list:
        """Rects a tooltip must not cover: the buttons and log column, and every target a click
        may use now (one rect around all the active targets of each kind)."""
        w, h = self.app.size
        column = pygame.Rect(w - self.log_width - 16, 0, self.log_width + 16, h)
        kinds: dict = {}
        for target in self.targets():
            if target.active:
                kind = target.key[0]
                kinds[kind] = kinds[kind].union(target.bounds) if kind in kinds else target.bounds
        return [column] + list(kinds.values())

    def button_tip(self, button, *lines) -> None:
        """Give ``button`` a tooltip drawn like the table's (title first), beside the button
        over the board, off the log and the other buttons with a tip where it can (pygame_gui's
        drops below the button, over the next row: a play tester's find). A line that is
        :data:`BUTTON_LABEL` reads the button's label as it is when the tip shows."""
        self.button_tips[button] = tuple(lines)

    def explain_button(self, button, tip: str | None) -> None:
        """``button``'s tooltip: its label as the title, then ``tip`` (none when ``tip`` is
        empty)."""
        self.button_tip(button, *((BUTTON_LABEL, tip) if tip else ()))

    def tip_lines(self, button) -> tuple:
        """The lines of ``button``'s tooltip as they show now (empty when it has none)."""
        return tuple(
            button.text if line is BUTTON_LABEL else line
            for line in self.button_tips.get(button, ())
        )

    def _button_tip(self, surface) -> bool:
        """Draw the tooltip of the button under the mouse (enabled or not) once the mouse has
        rested on it a moment; True if one shows."""
        hovered = next(
            (
                button
                for button, lines in self.button_tips.items()
                if lines
                and button.alive()
                and button.visible
                and button.get_abs_rect().collidepoint(self.mouse)
            ),
            None,
        )
        if hovered is not self._tip_button:
            self._tip_button, self._tip_since = hovered, self.time
        if self._tip_clicked is not None and not self._tip_clicked.collidepoint(self.mouse):
            self._tip_clicked = None  # the pointer left the place clicked
        if hovered is None or self._tip_clicked is not None or self.time - self._tip_since < 0.5:
            return False
        lines = self.tip_lines(hovered)
        w, h = self.app.size
        log = self.log_box.rect if self.container is not None else pygame.Rect(0, 0, 0, 0)
        # off the log and the other buttons: the next click may be there (a play tester's find:
        # Speed's tip covered Move carts)
        buttons = [
            button.get_abs_rect()
            for button in self.button_tips
            if button is not hovered and button.alive() and button.visible
        ]
        rect = kit.place_tip(
            kit.tooltip_size(lines),
            hovered.get_abs_rect(),
            pygame.Rect(0, 44, w, h - 44),
            [log, *buttons],
        )
        kit.draw_tooltip(surface, rect, lines)
        return True

    def draw_tooltip(self, surface) -> None:
        """The hovered target's tooltip, beside it (:func:`scenes.kit.place_tip`), or the
        hovered button's (:meth:`button_tip`). A target just clicked shows none until the
        pointer is on another target (its tooltip would be old, or cover the next click)."""
        if self.app.manager.top is not self or self._button_tip(surface):
            return
        if self.anims.busy:
            return
        target = self.target_at(self.mouse)
        if target is None or not target.tooltip:
            self._tip_off = None
            return
        if self._tip_off is not None:
            # a click acts on the target: its tooltip (old, or the same target changed) would
            # cover the next place to click, so it comes back only on another target
            if self._tip_off == target.key:
                return
            self._tip_off = None
        kit.draw_tooltip(surface, self.tooltip_rect(target), target.tooltip)

    def tooltip_rect(self, target) -> pygame.Rect:
        """Where ``target``'s tooltip goes: beside it, off everything in :meth:`tooltip_avoid`
        (below the top bar)."""
        w, h = self.app.size
        size = kit.tooltip_size(target.tooltip)
        avoid = [r for r in self.tooltip_avoid() if r != target.bounds]
        return kit.place_tip(size, target.bounds, pygame.Rect(0, 44, w, h - 44), avoid)

    def build_controls(self) -> None:
        """Subclasses add their buttons here, in rows from :meth:`control_row`."""

    # --- hit-testing -------------------------------------------------------------------------
    def targets(self) -> list:
        """What the mouse can point at on the table now, most specific first
        (:class:`scenes.kit.Target`); tables override (and cache) it."""
        return []

    def target_at(self, pos):
        """The target under ``pos`` (:func:`scenes.kit.hit_test`), or None."""
        return kit.hit_test(self.targets(), pos)

    def key_at(self, pos):
        """The key of the target under ``pos``, or None."""
        target = self.target_at(pos)
        return target.key if target is not None else None

    # --- the viewer --------------------------------------------------------------------------
    def viewer_seat(self) -> int:
        """The seat whose private, big view is drawn: against bots the person's seat (the first
        person), stable through the bots' turns; in hot-seat the person whose turn it is, from
        the moment the pass screen lets them in (until the next person's); with bots only, the
        seat whose turn it is."""
        humans = [seat for seat, s in enumerate(self.match.seats) if not s.is_bot]
        if not humans:
            owner = self.shown.turn_owner()
            return owner if 0 <= owner < len(self.match.seats) else 0
        if len(humans) > 1 and self.seated in humans:
            return self.seated
        return humans[0]

    # --- log ---------------------------------------------------------------------------------
    def log_line(self, event) -> str:
        """The log's sentence for ``event``; subclasses return "" to leave an event out."""
        return event.text(self.match.names)

    def log_lines_for(self, events) -> list:
        """The log's lines for the events of one match step: each event's line, then
        :meth:`log_summary`."""
        return [line for line in (self.log_line(e) for e in events) if line] + self.log_summary(
            events
        )

    def log_summary(self, events) -> list:
        """Lines summing up a match step's ``events`` after their own lines (default none)."""
        return []

    def add_log(self, events, lines=None) -> None:
        """Append the sentences of one step's events (or the given ``lines``) to the game log
        (:class:`LogPanel`)."""
        if lines is None:
            lines = self.log_lines_for(events)
        self.log_lines.extend(lines)
        if len(self.log_lines) > LOG_CAP + 50:
            self.log_lines = self.log_lines[-LOG_CAP:]
        if self.container is not None:
            self.log_box.extend(lines)

    def rebuild_log(self) -> None:
        """The whole log again from the match (after load or undo), step by step as it was."""
        self.log_lines = self.full_log()
        self.log_box.set(self.log_lines)

    def full_log(self) -> list:
        """The log's lines for every event of the match, in the language in use."""
        # as played: each decision alone, each run of chance steps together (advance_chance)
        history = self.match.history
        run_start, group = {}, None
        for i, entry in enumerate(history):
            if entry.player >= 0 or group is None or history[i - 1].player >= 0:
                group = i
            run_start[i] = group
        lines = []
        for _group, step in itertools.groupby(
            self.match.events, key=lambda item: run_start.get(item[0], item[0])
        ):
            lines += self.log_lines_for([event for _index, event in step])
        return lines[-LOG_CAP:]

    # --- messages ----------------------------------------------------------------------------
    def say(self, message: str, seconds: float = 5.0) -> None:
        """Show a message (a refusal's reason, a hint) in the top bar for a while."""
        self.message = message
        self.message_until = time.monotonic() + seconds

    def refuse(self, reason: str, seconds: float = 5.0) -> None:
        """Refuse a move: say why (the rule in plain words) and sound the error tone."""
        self.say(reason, seconds)
        self.app.sound.play("error")

    def clear_message(self) -> None:
        """Drop the top bar's message now (the status line shows again)."""
        self.message_until = 0.0

    def current_message(self) -> str:
        return self.message if time.monotonic() < self.message_until else ""

    # --- playing events ----------------------------------------------------------------------
    def duration(self, seconds: float) -> float:
        """An animation length scaled by the speed setting (0 when instant)."""
        return seconds * self.app.speed_factor

    def present(self, events, before) -> None:
        """Animate ``events`` that took ``before`` to the match's current state; their log
        lines appear when the animations land, so the log never runs ahead of the table."""
        if type(self).steps is not TableScene.steps:
            self._present_steps(list(events), before)
            return
        after = self.match.state.clone()
        groups = self.animate(events, before, after) if self.app.speed_factor > 0 else []
        for group in groups:
            if isinstance(group, tuple):
                self.anims.add(*group)
            else:
                self.anims.add(group)

        def catch_up():
            self.shown = after
            self.add_log(events)
            self.on_shown()

        self.anims.add([], catch_up)
        self.anims.update(0.0)
        self._after_step()

    def animate(self, events, before, after) -> list:
        """Return groups for ``events``, played one after another: each a list of Animations,
        or ``(animations, on_done)`` where ``on_done`` updates ``self.shown`` as it lands, or
        ``(animations, on_done, on_start)`` where ``on_start`` is usually
        ``self.sound_hook(the group's events)``. (The older way; a table that defines
        :meth:`steps` does not need it.)"""
        return []

    def steps(self, events: list, before) -> list:
        """The :class:`Step` list showing ``events``, which took ``before`` to the match's
        state; each step's ``after`` is ``before`` with the events so far applied by the
        engine's ``apply_event``. Tables override this (their ``animate`` module)."""
        return []

    def _present_steps(self, events: list, before) -> None:
        after = self.match.state.clone()
        steps = self.steps(events, before) if self.app.speed_factor > 0 else []
        if not steps or steps[-1].after is None:
            steps = [Step(tuple(events), [], after)]
        summary = self.log_summary(events)
        for index, step in enumerate(steps):
            last = index == len(steps) - 1
            lines = [line for line in (self.log_line(e) for e in step.events) if line]
            if last:
                lines += summary
            caption = step.caption or next(iter(lines), "")
            self.anims.add(
                list(step.animations),
                lambda step=step, lines=lines, last=last: self.land(step, lines, last),
                lambda step=step, caption=caption: self._start_step(step, caption),
            )
        self.anims.update(0.0)
        self._after_step()

    def _start_step(self, step: Step, caption: str) -> None:
        self.caption = kit.with_names(caption, self.match.names)
        self.play_cues(step)

    def play_cues(self, step: Step) -> None:
        """Play the sound cues of ``step``'s events as it starts (:mod:`sound.cues`; nothing
        at instant speed). A table whose sound must last as long as an animation overrides
        this and passes ``duration`` to :meth:`play_sound`."""
        self.play_sound(list(step.events))

    def land(self, step: Step, lines: list, last: bool) -> None:
        """``step`` ended: the board shows ``step.after`` and the log gains ``lines``; after the
        last step of a match step the table refreshes (:meth:`on_shown`)."""
        self.shown = step.after
        self.add_log(step.events, lines)
        if last:
            self.caption = ""
            self.on_shown()

    # --- banner ------------------------------------------------------------------------------
    def banner_rect(self) -> pygame.Rect:
        """Where banners are centred (tables may choose a part of their board)."""
        board = self.board_rect()
        return pygame.Rect(board.x, board.y + int(board.height * 0.42) - 30, board.width, 60)

    def draw_banner(
        self, surface, message: str, alpha: float = 1.0, scale: float = 1.0, colour=kit.BANNER
    ) -> None:
        kit.draw_banner(surface, self.banner_rect(), message, alpha, scale=scale, colour=colour)

    def banner(
        self, message: str, seconds: float, scale: float = 1.0, colour=kit.BANNER
    ) -> Animation:
        """An animation showing ``message`` on the banner for ``seconds`` (scaled by the speed
        setting), fading in and out; ``scale`` and ``colour`` say how big the moment is."""

        def draw(surface, progress):
            alpha = min(1.0, progress * 5, (1 - progress) * 4)
            grow = scale * (0.85 + 0.15 * min(1.0, progress * 6))
            self.draw_banner(surface, message, alpha, grow, colour)

        return Animation(self.duration(seconds), draw, ease=linear)

    # --- sound -------------------------------------------------------------------------------
    def sound_hook(self, what, *, duration: float | None = None):
        """A callable that plays the sound of ``what`` — an event, a list of events played
        together, a :class:`sound.cues.SoundCue` or a sound name — for
        ``AnimationQueue.add(..., on_start=...)`` or ``Animation(on_start=...)``; None when
        there is nothing to hear (a quiet event, instant speed).

        ``duration`` is the animation's length in seconds as played (already scaled by the
        speed setting): a cart's rumble lasts that long and a dice roll lands within it.
        Without it, a cue's own ``duration`` (normal speed) is scaled by the speed setting.
        """
        if not self.app.table_sounds:
            return None
        cues = cues_for(what)
        if not cues:
            return None
        board, factor = self.app.sound, self.app.speed_factor

        def play() -> None:
            for cue in cues:
                seconds = (
                    duration
                    if duration is not None
                    else (cue.duration * factor if cue.duration is not None else None)
                )
                board.play_cue(cue, duration=seconds)

        return play

    def play_sound(self, what, *, duration: float | None = None) -> None:
        """Play the sound of ``what`` now (see :meth:`sound_hook`)."""
        hook = self.sound_hook(what, duration=duration)
        if hook is not None:
            hook()

    def on_shown(self) -> None:
        """Called when the board has caught up with the match (subclasses refresh widgets)."""

    def check_puzzle(self) -> None:
        """Say once when the puzzle's goal is reached (the engine's state decides, via the
        puzzle's own test)."""
        if self.puzzle is None or self.puzzle_solved:
            return
        events = [event for _, event in self.match.events]
        if self.puzzle.check(self.match.start_state(), self.match.state, events):
            self.puzzle_solved = True
            self.app.notify(
                _("Puzzle solved! {goal}").format(goal=_(self.puzzle.goal)), seconds=8.0
            )

    def _after_step(self) -> None:
        """Autosave after every completed step (in the background: :mod:`saves.autosaver`),
        so a closed window or a crash loses nothing; note when a turn begins."""
        self.check_puzzle()
        if self.message and self.message == getattr(self, "hint_said", None):
            self.clear_message()  # a hint is about the position before this step
        owner = self.match.turn_owner()
        new = self.match.events[self.events_seen :]
        self.events_seen = len(self.match.events)
        began = any(isinstance(event, TurnStarted) for _index, event in new)
        if owner >= 0 and (owner != self.last_owner or began):
            self.last_owner = owner
        self.autosave()

    def enter(self) -> None:
        super().enter()
        if not self.slot_checked:
            self.slot_checked = True
            self.app.autosaver.flush()  # another table's last write lands first
            self.keep_unfinished()

    def try_action(self, action) -> bool:
        """Apply a human's action; a refusal shows the rule in plain words. True if applied."""
        if self.anims.busy:
            self.anims.skip()
        before = self.match.state.clone()
        try:
            events = self.match.apply(action)
        except IllegalAction as err:
            self.refuse(err.reason)
            return False
        self.present(events, before)
        return True

    def try_actions(self, next_action: Callable[[], Any], limit: int = 40) -> int:
        """Apply a person's actions one after another while ``next_action()`` (asked again after
        each) gives one, animating them in turn ("Place all"); stops at a refusal (its reason
        is shown). Returns how many were applied."""
        if self.anims.busy:
            self.anims.skip()
        done = 0
        while done < limit:
            action = next_action()
            if action is None:
                break
            before = self.match.state.clone()
            try:
                events = self.match.apply(action)
            except IllegalAction as err:
                self.refuse(err.reason)
                break
            self.present(events, before)
            done += 1
        return done

    def cached(self, name: str, key, compute: Callable[[], Any]):
        """``compute()``'s value, kept while ``key`` stays equal: what a table asks many times
        a frame (its layout, the legal actions, the targets) is worked out once. Nothing here
        decides a rule; :meth:`forget` drops a value."""
        memo = self.__dict__.setdefault("_memo", {})
        held = memo.get(name)
        if held is None or held[0] != key:
            held = (key, compute())
            memo[name] = held
        return held[1]

    def forget(self, *names: str) -> None:
        """Drop values kept by :meth:`cached` (the next ask works them out again)."""
        memo = self.__dict__.get("_memo", {})
        for name in names:
            memo.pop(name, None)

    def person_legal(self) -> list:
        """The legal actions of the person whose turn it is, even while a menu or dialog covers
        the table: the top bar keeps saying what to do, not "no die fits" for want of a list.
        Empty while a bot plays or a replay runs."""
        if self.replay is not None or not self.match.is_human_turn():
            return []
        key = (len(self.match.history), self.match.state)
        return self.cached("person_legal", key, self.match.legal_actions)

    def legal(self) -> list:
        """The person's legal actions now: empty while a bot plays, the table animates or
        another scene covers it (what a click or key may use)."""
        if not self.human_to_move():
            return []
        return self.person_legal()

    def human_to_move(self) -> bool:
        """True when a human may act now (not animating, not a bot, not replaying)."""
        return (
            self.replay is None
            and not self.anims.busy
            and self.match.is_human_turn()
            and self.app.manager.top is self
        )

    # --- undo --------------------------------------------------------------------------------
    def undo(self) -> None:
        """Take back the person's last step (Ctrl+Z)."""
        self._undo(self.match.undo)

    def restart_turn(self) -> None:
        """Back to the start of the person's turn (Ctrl+Shift+Z)."""
        self._undo(self.match.undo_turn)

    def reset_selection(self) -> None:
        """Forget any half-made choice (a picked-up marble, a chosen die); tables override.
        Undo and Restart call it."""

    def _undo(self, how) -> None:
        if self.replay is not None or not self.match.is_human_turn():
            return
        if self.hint_bot is not None:
            self.hint_bot.cancel()
            self.hint_future = None
        self.queued_key = None
        self.anims.skip()
        self.reset_selection()
        if not how():
            self.refuse(
                _("Nothing to undo: a roll, a draw or another player's move is in the way.")
            )
            self.on_shown()
            return
        self.shown = self.match.state.clone()
        self.rebuild_log()
        self.on_shown()
        self.autosave()  # else Continue would bring back the step taken back

    # --- bots --------------------------------------------------------------------------------
    def _drive_bot(self, dt: float) -> bool:
        """Advance a bot's turn; True if it applied a move this frame."""
        if self.future is None:
            if self.bot_wait > 0:
                self.bot_wait -= dt
                return False
            bot, obs, legal, rng, n = self.match.bot_request(self.bot_factory)
            self.bot = bot
            if self.app.fast_forward:
                self._apply_bot(bot.choose(obs, legal, rng), n)
                return True
            if self.executor is None:
                self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
            self.future = self.executor.submit(bot.choose, obs, legal, rng)
            self.future_n = n
            self.thinking_since = time.monotonic()
            return False
        if not self.future.done():
            return False
        action, self.future = self.future.result(), None
        self._apply_bot(action, self.future_n)
        self.bot_wait = self.duration(0.35)
        return True

    def _apply_bot(self, action, n) -> None:
        before = self.match.state.clone()
        try:
            events = self.match.apply_bot_move(action, n)
        except IllegalAction:
            return  # the position changed meanwhile (undo, load): ask again
        self.present(events, before)

    def bot_factory(self, spec, level):
        """Bots think for the budget in settings; without a watcher, a fixed search instead."""
        clock = None if self.app.fast_forward or not self.app.timed_bots else time.monotonic
        return make_bot(spec, level, budget=self.app.settings.bot_budget, clock=clock)

    # --- hints -------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """Ask the Hard bot, in the worker, for the human's best next action (H)."""
        if not self.human_to_move() or self.hint_future is not None:
            return
        player = self.match.current_player()
        self.hint_bot = self.bot_factory(self.match.spec, "hard")
        obs = self.match.state.observation(player)
        legal = self.match.legal_actions()
        if self.executor is None:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bot")
        self.hint_future = self.executor.submit(
            self.hint_bot.choose, obs, legal, self.match.bot_rng()
        )
        self.hint = None  # an older hint must not pass for this one while it is thought of
        self.hint_for = len(self.match.history)
        self.hint_since = time.monotonic()
        self.say(_("Thinking about a hint…"), 30)

    def _collect_hint(self) -> None:
        if self.hint_future is None or not self.hint_future.done():
            return
        action, self.hint_future = self.hint_future.result(), None
        if self.hint_for != len(self.match.history):
            return
        self.hint = action
        self.hint_said = self.hint_message(action)
        self.say(self.hint_said, 12)
        self.app.sound.play("hint")
        self.on_hint(action)

    def hint_message(self, action) -> str:
        """The hint's words for ``action``: the move said once, then what the engine's reason
        adds. A reason that already says the move (:meth:`reason_names_move`) stands alone;
        without a reason, the move's description alone."""
        bots = self.match.spec.bots
        reason = bots.explain(self.match.state, action, self.match.names) if bots else ""
        if reason and self.reason_names_move(action):
            return _("Hint: {reason}").format(reason=reason)
        words = self.match.state.action_to_string(action, self.match.names)
        if reason:
            return _("Hint: {move}. {reason}").format(move=words, reason=reason)
        return _("Hint: {move}.").format(move=words)

    def reason_names_move(self, action) -> bool:
        """Whether the engine's hint reason for ``action`` starts by saying the move itself
        ("Opens the chasm on D5…"), so the move's description would repeat it. Games whose
        reasons say only why (Tea Time) or skip the move for some actions override this."""
        return True

    def on_hint(self, action) -> None:
        """Called when a hint arrives (subclasses may prepare the controls it needs)."""

    def current_hint(self):
        """The hinted action while it still applies to the position, else None."""
        if self.hint is not None and self.hint_for == len(self.match.history):
            return self.hint
        return None

    def bot_thinking(self) -> bool:
        return self.future is not None and not self.future.done()

    def shutdown(self) -> None:
        """Stop a thinking bot (quit, load, game over); drop the backdrop's surfaces."""
        self.backdrop.release()
        for bot in (self.bot, self.hint_bot):
            if bot is not None and hasattr(bot, "cancel"):
                bot.cancel()
        self.hint_future = None
        if self.future is not None:
            self.future.cancel()
            self.future = None
        if self.executor is not None:
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = None

    # --- the frame ---------------------------------------------------------------------------
    def busy(self) -> bool:
        """True while the table plays on by itself: an animation, luck, a bot (thinking or
        about to move), a hint being thought of, a replay running, the moment before the score
        sheet. A table waiting for a person is not busy: the app waits for events."""
        if self.anims.busy or self.future is not None or self.hint_future is not None:
            return True
        if self.match.is_terminal():
            return not self.finished
        if self.replay is not None:
            return self.replay_playing
        return not self.match.is_human_turn()

    def wake_in(self) -> float | None:
        """The top bar's message goes away by itself: a frame is due then."""
        left = self.message_until - time.monotonic()
        return left if left > 0 else None

    def rest(self) -> None:
        """Pulses are ``sin(self.time * k)`` with whole ``k``: at a whole number of turns they
        all stand at their middle, so the still table shows them half lit. A button's tip
        keeps the rest it has had (its wait is counted on the same clock)."""
        rested = round(self.time / math.tau) * math.tau
        self._tip_since += rested - self.time
        self.time = rested

    def update(self, dt: float) -> None:
        self.time += dt
        if self.replay_target is not None:
            target, self.replay_target = self.replay_target, None
            if target != self.cursor.position:
                self.replay_go(target)
        self._drive(dt)
        if self.replay is None and self.match.is_terminal() and self.undo_button.is_enabled:
            for button in (self.undo_button, self.restart_button, self.hint_button):
                button.disable()  # nothing to take back or hint at any more

    def _drive(self, dt: float) -> None:
        self._collect_hint()
        self.anims.update(dt)
        if self.anims.busy or self.app.manager.top is not self:
            return
        started = time.perf_counter()
        while not self.anims.busy:
            if self.match.is_terminal():
                self._finish(dt)
                return
            if self.replay is not None:
                self.replay_wait -= dt
                if not self.replay_playing or self.replay_wait > 0:
                    return
                self.replay_step()
                self.replay_wait = max(0.05, self.duration(0.35))
                return
            if self.match.is_chance():
                if self.pass_before_chance and self._pass_screen_first():
                    return
                # Consecutive chance steps (three draws, three rolls) animate together.
                before = self.match.state.clone()
                self.present(self.match.advance_chance(), before)
            elif self.match.is_bot_turn():
                if not self._drive_bot(dt):
                    return
            else:
                self._human_turn_starts()
                return
            if not self.app.fast_forward or time.perf_counter() - started > 0.02:
                return

    def _pass_screen_first(self) -> bool:
        """Hot-seat (:attr:`pass_before_chance`): before the luck that opens another person's
        turn, push their pass screen; True while it must show first. Once it is gone that
        person is at the keyboard, and the roll plays before their eyes."""
        owner = self.match.turn_owner()
        humans = [s for s in self.match.seats if not s.is_bot]
        if not (0 <= owner < len(self.match.seats)) or self.match.seats[owner].is_bot:
            return False
        if len(humans) < 2 or not self.app.settings.pass_screen or self.last_human is None:
            return False
        if owner != self.last_human:
            from scenes.pass_screen import PassScreen

            self.last_human = owner
            self.app.manager.push(PassScreen(self.app, self.match.names[owner]))
            return True
        self.seated = owner
        return False

    def hidden_decision(self) -> bool:
        """True when the decision now must not be seen by the other people at the table (a
        hit cart's owner splitting its load): in hot-seat the pass screen comes before it
        even when the setting leaves it out between turns. Tables override this."""
        return False

    def _human_turn_starts(self) -> None:
        player = self.match.current_player()
        humans = [s for s in self.match.seats if not s.is_bot]
        if (
            self.last_human is not None
            and player != self.last_human
            and len(humans) > 1
            and (self.app.settings.pass_screen or self.hidden_decision())
        ):
            from scenes.pass_screen import PassScreen

            self.last_human = player
            self.app.manager.push(PassScreen(self.app, self.match.names[player]))
            return
        self.last_human = player
        self.seated = player  # past the pass screen: at the keyboard now
        if self.queued_key is not None:
            self._play_queued_key()
        if len(self.match.events) != self._chime_checked:  # this runs every frame: count rarely
            self._chime_checked = len(self.match.events)
            turn = (self.match.turn_count(), player)
            if turn != self.turn_chimed:
                self.turn_chimed = turn  # once per turn, not once per decision
                self.app.sound.play("turn_start")

    def _finish(self, dt: float) -> None:
        if self.finished or (self.replay is not None and not self.replay_playing):
            return  # a replay looked at step by step stays at the table
        if self.end_wait is None:
            self.end_wait = self.duration(2.5)  # a moment to see the final table
        self.end_wait -= dt
        if self.end_wait > 0:
            return
        self.finished = True
        self.shutdown()
        if self.replay is None:
            self._drop_autosave()
            self.record_statistics()
        self.app.sound.play("fanfare")
        self.show_score_sheet()

    def show_score_sheet(self) -> None:
        """Cover the finished table with the score sheet ("See the table" comes back here)."""
        from scenes.game_over import GameOverScene

        self.app.manager.push(GameOverScene(self.app, self.match))

    # --- input -------------------------------------------------------------------------------
    def button_pressed(self, button) -> None:
        """No button tip where a button was just clicked until the pointer leaves: it would
        cover where the next click goes (play-test: End turn's, back under the pointer after
        Shift, hid the vine the die was going to)."""
        self._tip_clicked = button.get_abs_rect()

    def open_pause(self) -> None:
        from scenes.pause import PauseScene

        self.app.manager.push(PauseScene(self.app, self))

    def handle_event(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos  # tooltips follow it, over the log too
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
            clicked = self.target_at(event.pos)
            self._tip_off = clicked.key if clicked is not None else None
        if self.log_box.handle_event(event):
            return True
        if (
            event.type == pygame.KEYDOWN
            and self.finished
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.show_score_sheet()
            return True
        if self.replay is not None and self.handle_replay_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                if self.anims.busy:
                    self.anims.skip()
                elif not self.cancel_selection():
                    self.open_pause()
                return True
            if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
                if event.mod & pygame.KMOD_SHIFT:
                    self.restart_turn()
                else:
                    self.undo()
                return True
            if event.key == pygame.K_s and event.mod & pygame.KMOD_CTRL:
                self.save_now()
                return True
            if event.key == pygame.K_h and not event.mod & pygame.KMOD_CTRL:
                self.ask_hint()
                return True
            if event.key == pygame.K_SPACE and self.anims.busy:
                self.anims.skip()
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and self.anims.busy:
            self.anims.skip()
            return True
        if event.type == pygame.KEYDOWN and self._own_turn_animating():
            # P or E pressed while the person's own pick still explodes: done once it lands
            self.queued_key = (event, self.match.turn_count())
            return True
        return self.handle_input(event)

    def _own_turn_animating(self) -> bool:
        """The board still plays what a person at the keyboard did (or the luck it brought)."""
        if not self.anims.busy or self.replay is not None:
            return False
        owner = self.match.turn_owner()
        return 0 <= owner < len(self.match.seats) and not self.match.seats[owner].is_bot

    def _play_queued_key(self) -> None:
        """A key pressed during the person's own animations acts once the person may act, in
        the same turn only (never carried into a later turn)."""
        event, turn = self.queued_key
        self.queued_key = None
        if turn == self.match.turn_count():
            self.handle_input(event)

    def cancel_selection(self) -> bool:
        """Drop a half-made choice (Esc, right click); True if there was one."""
        return False

    def handle_input(self, event) -> bool:
        """Subclasses turn clicks into actions here."""
        return False

    def exit(self) -> None:
        self.app.autosaver.flush()  # the title's Continue reads the newest step
        self.backdrop.release()
        super().exit()

    def resume(self) -> None:
        """Uncovered again (the score sheet's "See the table", a closed menu): the pointer
        rests where it clicked on the scene above, so the target under it shows no tooltip
        until the pointer reaches another (play-test: a vine's tooltip greeted the table).
        The controls are enabled afresh: rebuilt while covered (another language, size or UI
        scale) they offered nothing, as a covered table has no move to offer."""
        super().resume()
        self._tip_off = self.key_at(self.mouse)
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Enable the table's own buttons as the engine allows now (tables override)."""

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        """The felt and the panels that lie on it come from the cached backdrop
        (:class:`kit.Backdrop`, one opaque blit); the board, the animations, the top bar and
        the log are drawn over it as before."""
        self._frame_top_bar = self.top_bar(surface.get_width())  # one message per frame
        self._frame_view = None
        self.backdrop.begin(surface, self.backdrop_layers(surface.get_width()))
        try:
            self.draw_board(surface)
            self.anims.draw(surface)
            self.draw_board_over(surface)
            self.draw_top_bar(surface)
            self.log_box.draw(surface)
        finally:
            self.backdrop.end()
            self._frame_top_bar = self._frame_view = None

    def frame_view(self):
        """The table's ``view()`` for the frame being drawn, worked out once for its backdrop,
        board and titles (outside a frame, a fresh one)."""
        if self._frame_view is None:
            view = self.view()
            if self._frame_top_bar is None:
                return view
            self._frame_view = view
        return self._frame_view

    def view(self):
        """What a table's drawing shows besides the state (its ``draw.View``): tables say."""
        return None

    def backdrop_layers(self, window_width: int) -> list:
        """The layers the backdrop holds this frame, in drawing order: the board's
        (:meth:`board_backdrop`), then — when no animation plays, so nothing flies under
        them — the top bar's panel and the whole log."""
        layers = list(self.board_backdrop())
        if not self.anims.busy:
            layers.append(self.top_bar_panel(window_width))
            layers.append(self.log_box.layer())
        return layers

    def board_backdrop(self) -> tuple:
        """The layers :meth:`draw_board` draws straight on the felt, in its order, for the
        backdrop (panels and cached images; nothing drawn before one may reach under it):
        none by default."""
        return ()

    def draw_board_over(self, surface) -> None:
        """Over the animations, under the widgets: what a flying piece must never hide (a
        table's panel titles); nothing by default."""

    def draw_board(self, surface) -> None:
        """Subclasses draw ``self.shown`` here, skipping ``self.anims.hidden()`` pieces."""

    def draw_over(self, surface) -> None:
        """Over the widgets: the hovered target's tooltip (tables may add more)."""
        self.draw_tooltip(surface)

    def status_text(self) -> str:
        """The top bar's line: whose turn, what to do."""
        if self.finished:
            return _("The game is over. Press Enter for the score sheet.")
        if self.replay is not None:
            return _("Replay · turn {turn} of {turns} · step {step} of {steps}").format(
                turn=self.cursor.turn_at(),
                turns=self.cursor.turn_total,
                step=self.cursor.position,
                steps=self.cursor.length,
            )
        if self.anims.busy and self.caption:
            return self.caption  # what the board shows now: the end's last steps too
        if self.match.is_terminal():
            return _("The game is over.")
        p = self.match.current_player()
        if p < 0:
            return self.chance_status()
        seat, name = self.match.seats[p], self.match.names[p]
        if seat.is_bot:
            dots = "." * (1 + int(self.time * 3) % 3)
            return (
                _("{name} is thinking").format(name=name) + dots
                if self.bot_thinking()
                else _("{name} plays").format(name=name)
            )
        if self.anims.busy:  # the table is still catching up: no instructions yet
            return self.chance_status() or _("{name} plays").format(name=name)
        return self.human_status(name)

    def chance_status(self) -> str:
        """The top bar while luck decides (subclasses: "Rolling…")."""
        return ""

    def human_status(self, name: str) -> str:
        """The top bar when a person is to move: what to do now (subclasses say more)."""
        return _("{name}, your move").format(name=name)

    def message_lines(self, msg: str, width: int, largest: int = 16, bold: bool = False) -> tuple:
        """``(size, lines)`` for a top-bar message (or the status line: ``largest`` 17,
        ``bold``) ``width`` pixels wide: one line at 14 px or more when it fits, else two lines
        at 14 px (smaller only for a very long message)."""
        size = kit.fit_text(msg, largest, width, bold=bold)
        if size >= 14:
            return size, [msg]
        size = 14
        lines = kit.wrap(msg, size, width, bold=bold)
        while len(lines) > 2 and size > 11:
            size -= 1
            lines = kit.wrap(msg, size, width, bold=bold)
        while size > 6 and self._two_lines_height(size) > TOP_BAR_ROOM:
            size -= 1  # the board starts under the bar: at a large UI scale two lines shrink
            lines = kit.wrap(msg, size, width, bold=bold)
        return size, lines

    @staticmethod
    def _two_lines_height(size: int) -> int:
        return (kit.font(size).get_linesize() - 2) * 2 + 6

    def top_bar_right(self, window_width: int) -> int:
        """Where the top bar (the status line or a message) ends: before the log's column, and
        before the top row of buttons when its labels reach further left."""
        right = window_width - self.log_width - 16
        return right if self.top_row is None else min(right, self.top_row.x - 8)

    def thinking_progress(self) -> float | None:
        """How far a Hard search (a Hard bot's move or a hint) is through its thinking time,
        0–1, or None when none runs (or it searches a fixed amount, not a time)."""
        if not self.app.timed_bots or self.app.fast_forward:
            return None
        since = None
        if self.hint_future is not None and not self.hint_future.done():
            since = self.hint_since
        elif self.bot_thinking():
            seat = (
                self.match.seats[self.match.current_player()]
                if self.match.current_player() >= 0
                else None
            )
            if seat is not None and seat.level == "hard":
                since = self.thinking_since
        if since is None:
            return None
        budget = max(0.05, self.app.settings.bot_budget)
        return max(0.0, min(1.0, (time.monotonic() - since) / budget))

    def draw_thinking_bar(self, surface, bar: pygame.Rect) -> None:
        """A thin bar along the bottom of the top bar, filling over Hard's thinking time."""
        progress = self.thinking_progress()
        if progress is None:
            return
        track = pygame.Rect(bar.x + 10, bar.bottom - 6, bar.width - 20, 4)
        pygame.draw.rect(surface, (40, 52, 56), track, border_radius=2)
        fill = track.copy()
        fill.width = max(4, int(track.width * progress))
        pygame.draw.rect(surface, kit.GOLD, fill, border_radius=2)

    def top_bar(self, window_width: int) -> tuple:
        """``(bar, message, size, lines)``: the top bar's rect for a window ``window_width``
        wide and the message it shows (``""`` for the status line) at ``size`` in ``lines``.
        A message that does not fit one readable line wraps to two lines in a slightly
        taller bar."""
        w = self.top_bar_right(window_width)
        msg = self.current_message()
        if msg:
            size, lines = self.message_lines(msg, w - 28)
        else:  # the status line: two lines rather than a size nobody reads (Russian, 1024)
            size, lines = self.message_lines(self.status_text(), w - 28, largest=17, bold=True)
        if len(lines) > 1:
            step = kit.font(size).get_linesize() - 2
            # at a large UI scale two lines are taller than the bar: it hangs over the board
            return pygame.Rect(8, 4, w - 8, max(40, step * 2 + 6)), msg, size, lines
        return pygame.Rect(8, 8, w - 8, 32), msg, size, lines

    def top_bar_panel(self, window_width: int) -> kit.Panel:
        """The top bar's panel, as :meth:`draw_top_bar` draws it."""
        bar = (self._frame_top_bar or self.top_bar(window_width))[0]
        return kit.Panel(tuple(bar), (14, 20, 22, 200), 8)

    def draw_top_bar(self, surface) -> None:
        """The status line, or a message (a refusal, a hint and its reason) on one or two
        lines (:meth:`top_bar`). While Hard thinks a bar along its bottom fills over the
        thinking time."""
        bar, msg, size, lines = self._frame_top_bar or self.top_bar(surface.get_width())
        kit.draw_layer(surface, self.top_bar_panel(surface.get_width()))
        colour, bold = (kit.HILITE, False) if msg else (kit.INK, True)
        if len(lines) > 1:
            step = kit.font(size).get_linesize() - 2
            top = bar.centery - step * len(lines[:2]) // 2
            for i, line in enumerate(lines[:2]):
                kit.blit_text(surface, line, size, (bar.x + 10, top + i * step), colour, bold)
        else:
            kit.blit_text(
                surface, lines[0], size, (bar.x + 10, bar.centery), colour, bold, "midleft"
            )
        self.draw_thinking_bar(surface, bar)
