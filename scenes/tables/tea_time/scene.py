"""The Tea Time table scene: wiring only.

It builds the buttons, turns mouse and keys into intents (:mod:`.input`), applies the takes
through the match (the base, :mod:`scenes.table_base`), gives the base its steps
(:mod:`.animate`) and fills the :class:`.draw.View` that :mod:`.draw` paints. No rule is decided
here and nothing is drawn here: what may be taken comes from the engine's legal actions.
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from engine.tea_time import state as tt
from scenes import kit
from scenes.table_base import TableScene
from scenes.tables.tea_time import animate, draw
from scenes.tables.tea_time import input as table_input
from scenes.tables.tea_time.input import Act, Refuse, Say, Select, Selection
from scenes.tables.tea_time.layout import Layout
from translation import N_, _, ngettext

NOTHING_TO_UNDO = N_("A take is your whole turn: once taken, cards stay taken.")
"""Why Undo and Restart never apply here (translated where shown)."""


class TeaTimeTable(TableScene):
    """Play Tea Time: hover a card to see the lines it can join; click cards (or drag across
    them) to choose a line of 1–3; the line is taken when it cannot grow, or with Enter or
    Take."""

    log_width = 300

    def __init__(self, app, match, replay=None):
        super().__init__(app, match, replay)
        self.selection = Selection()
        self.drag = None  # {"start": pos, "moved": bool, "selection": Selection}
        self._cache = {}

    # --- what the engine and the layout say now ----------------------------------------------
    @property
    def layout(self) -> Layout:
        key = (self.app.size, self.shown.num_players, self.viewer_seat())
        if self._cache.get("layout_key") != key:
            self._cache = {"layout_key": key, "layout": Layout(*key, self.log_width)}
        return self._cache["layout"]

    def targets(self) -> list:
        legal = self.legal()
        key = (self.shown, legal, self.layout, self.viewer_seat())
        if self._cache.get("targets_key") != key:
            self._cache["targets_key"] = key
            self._cache["targets"] = table_input.targets(
                self.layout, self.shown, legal, self.viewer_seat(), self.match.names
            )
        return self._cache["targets"]

    def hovered_cell(self):
        """The place under the mouse (None over a gap, off the table, or while animating)."""
        if self.anims.busy:
            return None
        return self.layout.cell_at(self.mouse)

    # --- controls ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        row = self.control_row()
        half = (row.width - 6) // 2
        self.take_button = UIButton(
            pygame.Rect(row.x, row.y, half, row.height),
            _("Take"),
            self.app.ui,
            container=self.container,
            command=self.take,
        )
        self.explain_button(self.take_button, _("Take the chosen cards (Enter)"))
        self.clear_button = UIButton(
            pygame.Rect(row.x + half + 6, row.y, row.width - half - 6, row.height),
            _("Clear"),
            self.app.ui,
            container=self.container,
            command=self.cancel_selection,
        )
        self.explain_button(self.clear_button, _("Drop the chosen cards (Esc or right-click)"))
        self._controls = None

    def on_controls_built(self) -> None:
        if self.replay is None:
            # One take is the whole turn, and undo never crosses another player's decision
            # (docs/DESIGN.md), so there is never a step of the person's own to take back.
            for button, key in (
                (self.undo_button, "Ctrl+Z"),
                (self.restart_button, "Ctrl+Shift+Z"),
            ):
                kit.set_enabled(button, False)
                self.explain_button(button, kit.with_key(_(NOTHING_TO_UNDO), key))
            self.explain_button(
                self.hint_button,
                _(
                    "What would the Hard computer player take here? (H) Its cards are framed; "
                    "Enter or Take takes them."
                ),
            )
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Take is enabled when the chosen cards make a legal line, or, with nothing chosen,
        when a hint is on the table (Take and Enter take it); Clear when any card is chosen."""
        if self.container is None:
            return
        legal = self.legal()
        action = table_input.chosen_action(legal, self.selection)
        hinted = self.selection.empty and self.hinted_take() is not None
        state = (action is not None, hinted, not self.selection.empty, len(self.selection.cells))
        if state == self._controls:
            return
        self._controls = state
        kit.set_enabled(self.take_button, action is not None or hinted)
        count = len(self.selection.cells)
        if action is not None:
            label = ngettext("Take {count} card", "Take {count} cards", count).format(count=count)
            tip = _("Take the chosen cards (Enter)")
        elif hinted:
            label = _("Take the hint")
            tip = _("Take the cards the hint frames (Enter)")
        else:
            label = _("Take")
            tip = _("Take the chosen cards (Enter)")
        if self.take_button.text != label:
            self.take_button.set_text(label)
        self.explain_button(self.take_button, tip)
        kit.set_enabled(self.clear_button, not self.selection.empty)

    def hinted_take(self):
        """The hinted take while it is the person's to make and still legal, else None."""
        hint = self.current_hint()
        return hint if hint is not None and hint in self.legal() else None

    def reason_names_move(self, action) -> bool:
        """Tea Time's reasons say only why (the hint names the cards taken first)."""
        return False

    def on_hint(self, action) -> None:
        """The hint says that Enter (or Take) takes it while nothing else is chosen."""
        self.hint_said = _("{hint} Enter takes it.").format(hint=self.hint_said)
        self.say(self.hint_said, 12)
        self._controls = None

    # --- steps, log, landing -----------------------------------------------------------------
    def steps(self, events, before) -> list:
        humans = tuple(i for i, seat in enumerate(self.match.seats) if not seat.is_bot)
        stage = animate.Stage(
            self.layout,
            tuple(self.match.names),
            self.duration,
            self.banner,
            self.match.spec.apply_event,
            self.viewer_seat(),
            humans,
        )
        return animate.steps(events, before, stage)

    def banner_rect(self) -> pygame.Rect:
        return self.layout.banner_rect()

    def log_line(self, event) -> str:
        """Dealt cards stay out of the log: the table shows them."""
        if isinstance(event, tt.CardDealt):
            return ""
        return super().log_line(event)

    def on_shown(self) -> None:
        self._controls = None
        self.refresh_controls()

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.human_to_move() and not self.selection.empty and not self.anims.busy:
            self.reset_selection()
        self.refresh_controls()

    # --- commands ----------------------------------------------------------------------------
    def undo(self) -> None:
        """Ctrl+Z: says why nothing can be taken back (see :meth:`on_controls_built`)."""
        if self.match.can_undo():
            super().undo()
        elif self.replay is None and self.match.is_human_turn():
            self.refuse(_(NOTHING_TO_UNDO))

    def restart_turn(self) -> None:
        if self.match.can_undo():
            super().restart_turn()
        elif self.replay is None and self.match.is_human_turn():
            self.refuse(_(NOTHING_TO_UNDO))

    def reset_selection(self) -> None:
        self.selection, self.drag = Selection(), None

    def cancel_selection(self) -> bool:
        had = not self.selection.empty
        self.reset_selection()
        self.clear_message()
        return had

    def apply(self, intent) -> None:
        """Carry out an intent from :mod:`.input`."""
        if isinstance(intent, Act):
            self.reset_selection()
            self.clear_message()
            self.try_action(intent.action)
        elif isinstance(intent, Select):
            self.selection = intent.selection
            self.clear_message()
        elif isinstance(intent, Refuse):
            self.refuse(intent.reason)
        elif isinstance(intent, Say):
            self.say(intent.message, 5)

    def take(self) -> None:
        if self.human_to_move():
            self.apply(
                table_input.take(self.match.state, self.legal(), self.selection, self.hinted_take())
            )

    # --- input -------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None and self.human_to_move():
                self.drag_to(event.pos)
            return False
        if not self.human_to_move():
            return False
        state, legal = self.match.state, self.legal()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel_selection()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            cell = self.layout.cell_at(event.pos)
            if cell is not None and cell in table_input.takeable(legal):
                # a press on a card: a click, or the start of a drag across a line
                self.drag = {
                    "start": event.pos,
                    "cell": cell,
                    "before": self.selection,
                    "moved": False,
                    "entered": False,
                    "rejected": (),
                }
                return True
            self.apply(table_input.click(self.key_at(event.pos), state, legal, self.selection))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if not drag["entered"]:
                self.selection = drag["before"]
                self.apply(table_input.click(("cell", *drag["cell"]), state, legal, self.selection))
            elif len(self.selection.cells) > 1:
                self.apply(table_input.drop(state, legal, self.selection))
            else:  # back on the first card, or nothing could join it
                self.selection = drag["before"]
                if drag["rejected"]:
                    self.apply(
                        Refuse(table_input.why_not(state, (drag["cell"],) + drag["rejected"][:1]))
                    )
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            intent = table_input.key_press(
                event.key, state, legal, self.selection, self.hinted_take()
            )
            if intent is not None:
                self.apply(intent)
                return True
        return False

    def drag_to(self, pos) -> None:
        """The mouse moved with the button down: once it leaves the pressed card the drag
        chooses a fresh line from it, and each card it crosses joins (:func:`drag_over`)."""
        drag = self.drag
        if not drag["moved"]:
            if math.dist(pos, drag["start"]) <= 8:
                return
            drag["moved"] = True
            self.selection = Selection((drag["cell"],))
        cell = self.drag_cell(pos)
        if cell is None or cell == drag["cell"] and len(self.selection.cells) == 1:
            return
        drag["entered"] = True
        grown = table_input.drag_over(cell, self.legal(), self.selection)
        if cell not in grown.cells and cell not in drag["rejected"]:
            drag["rejected"] += (cell,)
        self.selection = grown

    def drag_cell(self, pos):
        """The place a drag is over: its card's middle part only, so a diagonal drag across a
        corner does not catch the cards beside it."""
        cell = self.layout.cell_at(pos)
        if cell is None:
            return None
        rect = self.layout.cell(*cell)
        return cell if rect.inflate(-rect.width // 4, -rect.height // 4).collidepoint(pos) else None

    # --- what the board shows ----------------------------------------------------------------
    def last_take(self):
        """``(seat, places)`` of the latest take of this round whose places are still empty."""
        for _step, event in reversed(self.match.events):
            if isinstance(event, (tt.RoundStarted, tt.CardDealt)):
                return None
            if isinstance(event, tt.CardsTaken):
                cells = tuple(
                    cell for cell in event.cells if self.shown.table[cell[0]][cell[1]] is None
                )
                return (event.player, cells) if cells else None
        return None

    def view(self) -> draw.View:
        busy = self.anims.busy
        legal = self.legal()
        hovered = self.hovered_cell()
        marks = (
            table_input.highlights(self.match.state, legal, self.selection, hovered)
            if legal
            else {}
        )
        action = table_input.previewed_action(legal, self.selection, hovered) if legal else None
        key = (self.match.state, len(self.match.history), action)
        if self._cache.get("preview_key") != key:
            self._cache["preview_key"] = key
            self._cache["preview"] = table_input.preview(self.match.state, action)
        viewer = self.viewer_seat()
        return draw.View(
            time=self.time,
            names=tuple(self.match.names),
            viewer=viewer,
            you=not self.match.seats[viewer].is_bot,
            hidden=frozenset(self.anims.hidden()),
            busy=busy,
            hint=table_input.hint_cells(self.shown, self.current_hint()),
            preview=self._cache["preview"],
            last_take=self.last_take(),
            **marks,
        )

    def board_backdrop(self) -> tuple:
        return draw.board_backdrop(self.layout, self.shown)

    def draw_board(self, surface) -> None:
        draw.draw_board(surface, self.layout, self.shown, self.frame_view())

    def draw_sheet(self, surface, rect, sheet) -> None:
        """The score sheet: every player's points per character column, Alice and the total."""
        draw.draw_score_sheet(surface, rect, self.match.state, self.match.names, sheet)

    # --- the top bar ---------------------------------------------------------------------------
    def chance_status(self) -> str:
        return _("Laying out the cards…")

    def human_status(self, name: str) -> str:
        what = table_input.status(
            self.match.state,
            self.person_legal(),
            self.selection,
            self.hovered_cell(),
            self.hinted_take(),
        )
        return _("{name}: {what}").format(name=name, what=what)
