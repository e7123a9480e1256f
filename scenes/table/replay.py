"""A table's replay controls: Play/Pause, the turn box, step buttons, the slider and keys.

The replay walks the match with :class:`engine.replay.ReplayCursor` through the table's
driver (the engine replays; these controls only choose the position and show it).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UITextEntryLine

from scenes import kit
from translation import _

if TYPE_CHECKING:
    from scenes.table.chrome import Column
    from scenes.table.parts import Table
    from scenes.table.protocol import Row

STEP_SECONDS = 0.35
"""Seconds between two steps while a replay plays (at normal speed)."""


class TrackSlider(UIHorizontalSlider):
    """A slider whose track answers a click: the value jumps to the place clicked (pygame_gui's
    moves only when its button is dragged; a click on the track did nothing: play-test)."""

    def process_event(self, event: pygame.event.Event) -> bool:
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.hover_point(*event.pos)
            and not self._on_a_button(event.pos)
        ):
            self.set_current_value(self.value_at(event.pos[0]), False)
            pygame.event.post(
                pygame.event.Event(
                    pygame_gui.UI_HORIZONTAL_SLIDER_MOVED,
                    {"value": self.current_value, "ui_element": self, "ui_object_id": ""},
                )
            )
            return True
        return super().process_event(event)

    def _on_a_button(self, pos: tuple[int, int]) -> bool:
        buttons = (self.sliding_button, self.left_button, self.right_button)
        return any(b is not None and b.rect.collidepoint(pos) for b in buttons)

    def value_at(self, x: int) -> int:
        """The value whose place on the track is nearest ``x`` (window pixels)."""
        start = self.rect.x + self.arrow_button_width + self.sliding_button_width / 2
        share = (x - start) / max(1, self.scrollable_width)
        low, high = self.value_range
        return int(round(low + max(0.0, min(1.0, share)) * (high - low)))


class ReplayPanel:
    """The replay's buttons and keys on ``table`` (a replaying table scene)."""

    def __init__(self, table: Table):
        self.table = table
        self.playing = True
        self.wait = 0.0
        self.target: int | None = None
        """A step the slider was dragged to, jumped to on the next frame (a drag sends many)."""
        self.play_button: UIButton | None = None
        self.turn_entry: UITextEntryLine | None = None
        self.slider: TrackSlider | None = None
        self.buttons: dict[str, UIButton] = {}

    @property
    def cursor(self):
        cursor = self.table.driver.cursor
        assert cursor is not None
        return cursor

    def play_label(self) -> str:
        return _("Pause") if self.playing else _("Play")

    def status(self) -> str:
        cursor = self.cursor
        return _("Replay · turn {turn} of {turns} · step {step} of {steps}").format(
            turn=cursor.turn_at(),
            turns=cursor.turn_total,
            step=cursor.position,
            steps=cursor.length,
        )

    # --- building ---------------------------------------------------------------------------
    def build(self, left: int, right: int) -> None:
        """The top row in a replay, after Menu (from ``left`` to ``right``): Play/Pause, and
        "Turn [n] of N" to jump to a turn."""
        table = self.table
        ui, c, px = table.app.ui, table.container, kit.px
        assert table.column is not None
        height = max(32, px(32))
        self.play_button = UIButton(
            pygame.Rect(left, 8, px(76), height),
            self.play_label(),
            ui,
            container=c,
            object_id="#top_button",
            command=self.toggle,
        )
        table.column.explain(self.play_button, _("Stop or go on (Space)"))
        self.turn_entry = UITextEntryLine(
            pygame.Rect(left + px(82), 8, px(56), height),
            ui,
            container=c,
            initial_text=str(self.cursor.turn_at()),
        )
        self.turn_entry.set_allowed_characters("numbers")
        self.turn_entry.set_text_length_limit(4)
        table.column.tips[self.turn_entry] = (_("Type a turn and press Enter to jump to it"),)
        UILabel(
            pygame.Rect(left + px(140), 8, max(40, right - left - px(140)), height),
            _("of {count}").format(count=self.cursor.turn_total),
            ui,
            container=c,
        )

    def without_buttons(self, rows: list[Row]) -> list[Row]:
        """The game's ``rows`` a replay shows: only the spaces the game draws in
        (``Row.drawn``), without buttons. A replay has no use for a game's actions (greyed Take
        and Clear only looked broken), and their empty rows took the log's room: at 1024 × 640
        Off the Rails' log showed one line (a play-test)."""
        return [dataclasses.replace(row, buttons=()) for row in rows if row.drawn]

    def build_rows(self, column: Column) -> None:
        """Under the top row: the step buttons, then the slider over the whole game."""
        table = self.table
        ui, c = table.app.ui, table.container
        row = column.reserve(34)
        buttons = (
            ("|<", self.home, _("To the start (Home)")),
            (
                "<<",
                self.previous_turn,
                _("Back to this turn's start, or the turn before (Page Up)"),
            ),
            ("<", self.back, _("One step back (Left)")),
            (">", self.step, _("One step forward (Right)")),
            (">>", self.next_turn, _("To the next turn (Page Down)")),
            (">|", self.to_end, _("To the end (End)")),
        )
        gap = 4
        width = (row.width - gap * (len(buttons) - 1)) // len(buttons)
        self.buttons = {}
        for index, (label, command, tip) in enumerate(buttons):
            self.buttons[label] = UIButton(
                pygame.Rect(row.x + index * (width + gap), row.y, width, row.height),
                label,
                ui,
                container=c,
                command=command,
            )
            column.tips[self.buttons[label]] = (tip,)
        row = column.reserve(26)
        self.slider = TrackSlider(
            row,
            self.cursor.position,
            (0, max(1, self.cursor.length)),
            ui,
            container=c,
            click_increment=1,
        )
        self.sync()

    def sync(self) -> None:
        """Slider, turn box and buttons follow the replay's position."""
        if self.table.container is None or self.slider is None or self.turn_entry is None:
            return
        cursor = self.cursor
        if int(self.slider.get_current_value()) != cursor.position:
            self.slider.set_current_value(cursor.position)
        if not self.turn_entry.is_focused and self.turn_entry.get_text() != str(cursor.turn_at()):
            self.turn_entry.set_text(str(cursor.turn_at()))
        for label in ("|<", "<<", "<"):
            kit.set_enabled(self.buttons[label], cursor.position > 0)
        for label in (">", ">>", ">|"):
            kit.set_enabled(self.buttons[label], not cursor.at_end)

    # --- moving -----------------------------------------------------------------------------
    def update(self) -> None:
        """A slider drag lands on the next frame (a drag sends many)."""
        if self.target is not None:
            target, self.target = self.target, None
            if target != self.cursor.position:
                self.go(target)

    def play_on(self, dt: float) -> None:
        """While playing: the next step once the pause between steps is over."""
        self.wait -= dt
        if not self.playing or self.wait > 0:
            return
        self.step()
        self.wait = max(0.05, self.table.seconds(STEP_SECONDS))

    def toggle(self) -> None:
        self.playing = not self.playing
        if self.playing and self.cursor.at_end:
            self.go(0)  # Play at the end plays it again
            self.playing = True
        if self.table.container is not None and self.play_button is not None:
            self.play_button.set_text(self.play_label())

    def pause(self) -> None:
        """Stop playing on (the player is looking at one position)."""
        if self.playing:
            self.toggle()

    def go(self, position: int) -> None:
        """Show the game after ``position`` steps at once; the log follows."""
        self.table.player.skip()
        self.table.driver.replay_go(position)
        self.table.replay_jumped()
        self.sync()

    def to_end(self) -> None:
        self.pause()
        self.go(self.cursor.length)

    def home(self) -> None:
        """The game as it opens, the set-up dealt (:attr:`ReplayCursor.opening`)."""
        self.pause()
        self.go(self.cursor.opening)

    def back(self) -> None:
        """One step back, the luck after it with it (no animation: the board shows the
        position before it; :meth:`ReplayCursor.previous_stop`)."""
        self.pause()
        self.go(self.cursor.previous_stop())

    def previous_turn(self) -> None:
        self.pause()
        self.go(self.cursor.previous_turn())

    def next_turn(self) -> None:
        self.pause()
        self.go(self.cursor.next_turn())

    def turn(self, turn: int) -> None:
        """Jump to the start of turn ``turn`` (clamped to the game's turns)."""
        self.pause()
        self.go(self.cursor.turn_position(turn))

    def step(self) -> None:
        """One step forward with the luck it brought, animated (a click during an animation
        finishes it)."""
        if self.table.player.busy:
            self.table.player.skip()
            return
        stepped = self.table.driver.replay_step()
        if stepped is None:
            return
        self.table.present(stepped)
        self.sync()

    # --- input ------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        """Keys, the slider and the turn box of a replay; True when handled."""
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.slider:
            self.pause()
            self.target = int(event.value)
            return True
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and event.ui_element is self.turn_entry
            and self.turn_entry is not None
        ):
            text = self.turn_entry.get_text()
            if text.isdigit():
                self.turn(int(text))
            self.turn_entry.unfocus()
            self.sync()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        keys = {
            pygame.K_LEFT: self.back,
            pygame.K_RIGHT: self.step,
            pygame.K_HOME: self.home,
            pygame.K_END: self.to_end,
            pygame.K_PAGEUP: self.previous_turn,
            pygame.K_PAGEDOWN: self.next_turn,
            pygame.K_UP: self.previous_turn,
            pygame.K_DOWN: self.next_turn,
        }
        if event.key in keys:
            if event.key == pygame.K_RIGHT:
                self.pause()
            keys[event.key]()
            return True
        if event.key == pygame.K_SPACE and not self.table.player.busy:
            self.toggle()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor.at_end:
            self.table.show_score_sheet()
            return True
        return False
