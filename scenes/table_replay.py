"""A table's replay controls: Play/Pause, the turn box, step buttons, the slider and keys.

A mixin of :class:`scenes.table_base.TableScene`, kept apart so the base stays readable: the
replay walks the match with :class:`engine.replay.ReplayCursor` (the engine replays; these
controls only choose the position and show it).
"""

from __future__ import annotations

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIHorizontalSlider, UILabel, UITextEntryLine

from scenes import kit
from translation import _


class ReplayControls:
    """Replay buttons and keys for a table scene (``self`` is a ``TableScene`` with a
    ``cursor``: the attributes used are the base's)."""

    def build_replay_controls(self, left: int, right: int) -> None:
        """The top row in a replay, after Menu (from ``left`` to ``right``): Play/Pause, and
        "Turn [n] of N" to jump to a turn."""
        ui, c = self.app.ui, self.container
        px = kit.px
        self.play_button = UIButton(
            pygame.Rect(left, 8, px(76), 32),
            _("Pause") if self.replay_playing else _("Play"),
            ui,
            container=c,
            object_id="#top_button",
            command=self.toggle_replay,
        )
        self.explain_button(self.play_button, _("Stop or go on (Space)"))
        self.turn_entry = UITextEntryLine(
            pygame.Rect(left + px(82), 8, px(56), 32),
            ui,
            container=c,
            initial_text=str(self.cursor.turn_at()),
        )
        self.turn_entry.set_allowed_characters("numbers")
        self.turn_entry.set_text_length_limit(4)
        self.button_tip(self.turn_entry, _("Type a turn and press Enter to jump to it"))
        self.turn_of = UILabel(
            pygame.Rect(left + px(140), 8, max(40, right - left - px(140)), 32),
            _("of {count}").format(count=self.cursor.turn_total),
            ui,
            container=c,
        )

    def build_replay_rows(self) -> None:
        """Under the top row: the step buttons, then the slider over the whole game."""
        ui, c = self.app.ui, self.container
        row = self.control_row(34)
        buttons = (
            ("|<", self.replay_home, _("To the start (Home)")),
            (
                "<<",
                self.replay_previous_turn,
                _("Back to this turn's start, or the turn before (Page Up)"),
            ),
            ("<", self.replay_back, _("One step back (Left)")),
            (">", self.replay_step, _("One step forward (Right)")),
            (">>", self.replay_next_turn, _("To the next turn (Page Down)")),
            (">|", self.replay_to_end, _("To the end (End)")),
        )
        gap = 4
        width = (row.width - gap * (len(buttons) - 1)) // len(buttons)
        self.replay_buttons = {}
        for index, (label, command, tip) in enumerate(buttons):
            self.replay_buttons[label] = UIButton(
                pygame.Rect(row.x + index * (width + gap), row.y, width, row.height),
                label,
                ui,
                container=c,
                command=command,
            )
            self.button_tip(self.replay_buttons[label], tip)
        row = self.control_row(26)
        self.replay_slider = UIHorizontalSlider(
            row,
            self.cursor.position,
            (0, max(1, self.cursor.length)),
            ui,
            container=c,
            click_increment=1,
        )
        self.sync_replay_controls()

    def sync_replay_controls(self) -> None:
        """Slider, turn box and buttons follow the replay's position."""
        if self.container is None or self.cursor is None:
            return
        cursor = self.cursor
        if int(self.replay_slider.get_current_value()) != cursor.position:
            self.replay_slider.set_current_value(cursor.position)
        if not self.turn_entry.is_focused and self.turn_entry.get_text() != str(cursor.turn_at()):
            self.turn_entry.set_text(str(cursor.turn_at()))
        for label in ("|<", "<<", "<"):
            kit.set_enabled(self.replay_buttons[label], cursor.position > 0)
        for label in (">", ">>", ">|"):
            kit.set_enabled(self.replay_buttons[label], not cursor.at_end)

    def toggle_replay(self) -> None:
        self.replay_playing = not self.replay_playing
        if self.replay_playing and self.cursor.at_end:
            self.replay_go(0)  # Play at the end plays it again
            self.replay_playing = True
        if self.container is not None:
            self.play_button.set_text(_("Pause") if self.replay_playing else _("Play"))

    def pause_replay(self) -> None:
        """Stop playing on (the player is looking at one position)."""
        if self.replay_playing:
            self.toggle_replay()

    def replay_go(self, position: int) -> None:
        """Show the game after ``position`` steps at once; the log follows."""
        self.anims.skip()
        self.cursor.go_to(position)
        self.shown = self.match.state.clone()
        self.finished = False  # scrubbed back from the end: the table plays again
        self.end_wait = None
        self.reset_selection()
        self.rebuild_log()
        self.on_shown()
        self.sync_replay_controls()

    def replay_to_end(self) -> None:
        """Jump to the final position."""
        self.pause_replay()
        self.replay_go(self.cursor.length)

    def replay_home(self) -> None:
        self.pause_replay()
        self.replay_go(0)

    def replay_back(self) -> None:
        """One step back (no animation: the board shows the position before it)."""
        self.pause_replay()
        self.replay_go(self.cursor.position - 1)

    def replay_previous_turn(self) -> None:
        self.pause_replay()
        self.replay_go(self.cursor.previous_turn())

    def replay_next_turn(self) -> None:
        self.pause_replay()
        self.replay_go(self.cursor.next_turn())

    def replay_turn(self, turn: int) -> None:
        """Jump to the start of turn ``turn`` (clamped to the game's turns)."""
        self.pause_replay()
        self.replay_go(self.cursor.turn_position(turn))

    def replay_step(self) -> None:
        """One step forward, animated (a click during an animation finishes it)."""
        if self.anims.busy:
            self.anims.skip()
            return
        before = self.match.state.clone()
        events = self.cursor.step_forward()
        if events is None:
            return
        self.present(events, before)
        self.sync_replay_controls()

    def handle_replay_event(self, event) -> bool:
        """Keys, the slider and the turn box of a replay; True when handled."""
        if event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is getattr(
            self, "replay_slider", None
        ):
            self.pause_replay()
            self.replay_target = int(event.value)
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is getattr(
            self, "turn_entry", None
        ):
            text = self.turn_entry.get_text()
            if text.isdigit():
                self.replay_turn(int(text))
            self.turn_entry.unfocus()
            self.sync_replay_controls()
            return True
        if event.type != pygame.KEYDOWN:
            return False
        keys = {
            pygame.K_LEFT: self.replay_back,
            pygame.K_RIGHT: self.replay_step,
            pygame.K_HOME: self.replay_home,
            pygame.K_END: self.replay_to_end,
            pygame.K_PAGEUP: self.replay_previous_turn,
            pygame.K_PAGEDOWN: self.replay_next_turn,
            pygame.K_UP: self.replay_previous_turn,
            pygame.K_DOWN: self.replay_next_turn,
        }
        if event.key in keys:
            if event.key == pygame.K_RIGHT:
                self.pause_replay()
            keys[event.key]()
            return True
        if event.key == pygame.K_SPACE and not self.anims.busy:
            self.toggle_replay()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.cursor.at_end:
            self.show_score_sheet()
            return True
        return False
