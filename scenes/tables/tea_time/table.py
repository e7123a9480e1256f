"""The Tea Time table: wiring of its layout, drawing, input and animations on the table kit.

Hover a card to see the lines it can join; click cards (or drag across them) to choose a line
of 1–3; the line is taken when it cannot grow, or with Enter or Take. What may be taken comes
from the engine's legal actions (:mod:`.input`); nothing is decided or drawn here.
"""

from __future__ import annotations

import math

import pygame

from engine.tea_time import state as tt
from scenes import kit
from scenes.table.protocol import Button, GameTable, Handled, Refuse, Row, Select, TableContext
from scenes.tables.tea_time import animate, draw
from scenes.tables.tea_time import input as table_input
from scenes.tables.tea_time.input import Selection
from scenes.tables.tea_time.layout import Layout
from translation import N_, _, ngettext

NOTHING_TO_UNDO = N_("A take is your whole turn: once taken, cards stay taken.")
"""Why Undo and Restart never apply here (translated where shown)."""


class TeaTimeTable(GameTable):
    """Tea Time on the table kit."""

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.selection = Selection()
        self.drag: dict | None = None  # a press on a card: a click, or a drag across a line

    # --- what the engine and the layout say now ---------------------------------------------
    def layout(self) -> Layout:
        ctx = self.ctx
        key = (ctx.size, ctx.shown.num_players, ctx.viewer_seat(), ctx.column_width)
        return ctx.cached("layout", key, lambda: Layout(*key))

    def targets(self) -> list:
        ctx = self.ctx
        legal, lay, viewer = ctx.legal(), self.layout(), ctx.viewer_seat()
        return ctx.cached(
            "targets",
            (ctx.shown, tuple(legal), lay, viewer),
            lambda: table_input.targets(lay, ctx.shown, legal, viewer, ctx.match.names),
        )

    def tooltip_avoid(self, target) -> list:
        """Off the cards on the table and the person's own collection where it can: what the
        player chooses between (play-tests: a column's tooltip hid the cards; the round's and
        an opponent's tooltips hid the player's own columns), unless the target is on one."""
        lay = self.layout()
        desk = [lay.grid, self.own_collection()]
        return [rect for rect in desk if not rect.collidepoint(target.bounds.center)]

    def tooltip_spare(self, target) -> list:
        """Then off the round and deck strip and the scoring legend: words found elsewhere
        too (the top bar, the column tooltips), so they are covered before the cards or the
        own collection. The opponents' panels are spared nothing: a tooltip about the round
        or an opponent lies over them."""
        lay = self.layout()
        return [
            [rect for rect in (lay.info, lay.legend) if not rect.collidepoint(target.bounds.center)]
        ]

    def own_collection(self) -> pygame.Rect:
        """The columns of the seat whose panel is at the bottom (the person's, in hot-seat
        the one seated)."""
        lay = self.layout()
        viewer = lay.viewer
        return lay.column(viewer, 0).union(lay.column(viewer, len(tt.CHARACTERS) - 1))

    def hovered_cell(self):
        """The place under the mouse (None over a gap, off the table, or while animating)."""
        if self.ctx.animating:
            return None
        return self.layout().cell_at(self.ctx.mouse)

    def hinted_take(self):
        """The hinted take while it is the person's to make and still legal, else None."""
        hint = self.ctx.current_hint()
        return hint if hint is not None and hint in self.ctx.legal() else None

    # --- the buttons ------------------------------------------------------------------------
    def controls(self) -> list[Row]:
        """Take (enabled when the chosen cards make a legal line, or with nothing chosen when
        a hint is on the table) and Clear (when any card is chosen)."""
        legal = self.ctx.legal()
        action = table_input.chosen_action(legal, self.selection)
        hinted = self.selection.empty and self.hinted_take() is not None
        count = len(self.selection.cells)
        if action is not None:
            label = ngettext("Take {count} card", "Take {count} cards", count).format(count=count)
            tip = _("Take the chosen cards (Enter)")
        elif hinted:
            label, tip = _("Take the hint"), _("Take the cards the hint frames (Enter)")
        else:
            label, tip = _("Take"), _("Take the chosen cards (Enter)")
        return [
            Row(
                (
                    Button("take", label, tip, enabled=action is not None or hinted),
                    Button(
                        "clear",
                        _("Clear"),
                        _("Drop the chosen cards (Esc or right-click)"),
                        enabled=not self.selection.empty,
                    ),
                )
            )
        ]

    def ui_key(self):
        return (self.selection, self.hinted_take())

    def press(self, key: str):
        if key == "take":
            return table_input.take(
                self.ctx.match.state, self.ctx.legal(), self.selection, self.hinted_take()
            )
        if key == "clear":
            return Select(Selection())
        return None

    def hint_tip(self) -> str:
        return _(
            "What would the Hard computer player take here? (H) Its cards are framed; "
            "Enter or Take takes them."
        )

    def undo_refusal(self) -> str:
        # One take is the whole turn, and undo never crosses another player's decision
        # (docs/DESIGN.md), so there is never a step of the person's own to take back.
        return _(NOTHING_TO_UNDO)

    def reason_names_move(self, action) -> bool:
        """Tea Time's reasons say only why (the hint names the cards taken first)."""
        return False

    def hint_words(self, words: str) -> str:
        """The hint says that Enter (or Take) takes it while nothing else is chosen."""
        return _("{hint} Enter takes it.").format(hint=words)

    # --- choices ----------------------------------------------------------------------------
    def reset(self) -> None:
        self.selection, self.drag = Selection(), None

    def cancel(self) -> bool:
        had = not self.selection.empty
        self.reset()
        return had

    def acted(self, action, done: bool) -> None:
        self.reset()

    def landed(self, step, last: bool) -> None:
        if last and not self.ctx.own_turn():
            self.reset()  # another player's take: nothing half-chosen stays

    # --- steps and words --------------------------------------------------------------------
    def animate(self, events, before, after, stage):
        return animate.animate(events, before, after, stage)

    def banner_rect(self) -> pygame.Rect:
        return self.layout().banner_rect()

    def log_line(self, event) -> str:
        """Dealt cards stay out of the log: the table shows them."""
        if isinstance(event, tt.CardDealt):
            return ""
        return super().log_line(event)

    def chance_status(self) -> str:
        return _("Laying out the cards…")

    def status(self, name: str) -> str:
        ctx = self.ctx
        what = table_input.status(
            ctx.match.state,
            ctx.person_legal(),
            self.selection,
            self.hovered_cell(),
            self.hinted_take(),
        )
        return _("{name}: {what}").format(name=name, what=what)

    # --- input ------------------------------------------------------------------------------
    def handle(self, event):
        ctx = self.ctx
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag_to(event.pos)
            return None
        state, legal = ctx.match.state, ctx.legal()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return Select(Selection()) if self.cancel() else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            cell = self.layout().cell_at(event.pos)
            if cell is not None and cell in table_input.takeable(legal):
                self.drag = {
                    "start": event.pos,
                    "cell": cell,
                    "before": self.selection,
                    "moved": False,
                    "entered": False,
                    "rejected": (),
                }
                return Handled()
            return table_input.click(ctx.key_at(event.pos), state, legal, self.selection)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if not drag["entered"]:
                self.selection = drag["before"]
                return table_input.click(("cell", *drag["cell"]), state, legal, self.selection)
            if len(self.selection.cells) > 1:
                return table_input.drop(state, legal, self.selection)
            self.selection = drag["before"]  # back on the first card, or nothing could join
            if drag["rejected"]:
                return Refuse(table_input.why_not(state, (drag["cell"],) + drag["rejected"][:1]))
            return Handled()
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            return table_input.key_press(
                event.key, state, legal, self.selection, self.hinted_take()
            )
        return None

    def drag_to(self, pos) -> None:
        """The mouse moved with the button down: once it leaves the pressed card the drag
        chooses a fresh line from it, and each card it crosses joins."""
        drag = self.drag
        assert drag is not None
        if not drag["moved"]:
            if math.dist(pos, drag["start"]) <= kit.DRAG_THRESHOLD:
                return
            drag["moved"] = True
            self.selection = Selection((drag["cell"],))
        cell = self.drag_cell(pos)
        if cell is None or cell == drag["cell"] and len(self.selection.cells) == 1:
            return
        drag["entered"] = True
        grown = table_input.drag_over(cell, self.ctx.legal(), self.selection)
        if cell not in grown.cells and cell not in drag["rejected"]:
            drag["rejected"] += (cell,)
        self.selection = grown

    def drag_cell(self, pos):
        """The place a drag is over: its card's middle part only, so a diagonal drag across a
        corner does not catch the cards beside it."""
        cell = self.layout().cell_at(pos)
        if cell is None:
            return None
        rect = self.layout().cell(*cell)
        return cell if rect.inflate(-rect.width // 4, -rect.height // 4).collidepoint(pos) else None

    # --- what the board shows ---------------------------------------------------------------
    def last_take(self):
        """``(seat, places)`` of the latest take of this round whose places are still empty."""
        shown = self.ctx.shown
        for _step, event in reversed(self.ctx.match.events):
            if isinstance(event, (tt.RoundStarted, tt.CardDealt)):
                return None
            if isinstance(event, tt.CardsTaken):
                cells = tuple(cell for cell in event.cells if shown.table[cell[0]][cell[1]] is None)
                return (event.player, cells) if cells else None
        return None

    def view(self) -> draw.View:
        ctx = self.ctx
        legal = ctx.legal()
        hovered = self.hovered_cell()
        state = ctx.match.state
        marks = table_input.highlights(state, legal, self.selection, hovered) if legal else {}
        action = table_input.previewed_action(legal, self.selection, hovered) if legal else None
        preview = ctx.cached(
            "preview", (ctx.version, action), lambda: table_input.preview(state, action)
        )
        viewer = ctx.viewer_seat()
        return draw.View(
            time=ctx.time,
            names=tuple(ctx.match.names),
            viewer=viewer,
            you=not ctx.match.seats[viewer].is_bot,
            hidden=ctx.hidden(),
            busy=ctx.animating,
            hint=table_input.hint_cells(ctx.shown, ctx.current_hint()),
            preview=preview,
            last_take=self.last_take(),
            **marks,
        )

    def backdrop(self, view) -> tuple:
        return draw.board_backdrop(self.layout(), self.ctx.shown)

    def draw(self, surface, view) -> None:
        draw.draw_board(surface, self.layout(), self.ctx.shown, view)

    def draw_sheet(self, surface, rect, sheet) -> bool:
        """The score sheet: every player's points per character column, Alice and the total."""
        draw.draw_score_sheet(surface, rect, self.ctx.match.state, self.ctx.match.names, sheet)
        return True
