"""The Off the Rails table: wiring of its layout, drawing, input and animations on the kit.

Take a tool on the right (Straight, Curve, Upgrade, Place cart) and click the board; Speed −
and + change the chosen cart; Move carts when ready. The action phase ends only when the
person says so (Move carts, Enter; rules OR-D12), and asks first while actions are left or a
cart would end badly: with the four actions spent the table shows every cart's path for a
last look, and Undo still works. A hint prepares the controls; one click makes it. What may
be done comes from the engine's legal actions (:mod:`.input`); nothing is decided or drawn
here.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from engine.off_the_rails import state as S
from scenes.table import chrome
from scenes.table.protocol import (
    Act,
    Button,
    GameTable,
    Handled,
    Row,
    Select,
    TableContext,
    log_names,
)
from scenes.tables.off_the_rails import animate, draw, marks, paths, prompts, sheet, tips
from scenes.tables.off_the_rails import input as table_input
from scenes.tables.off_the_rails.input import Selection
from scenes.tables.off_the_rails.layout import CONTROL_ROWS, Layout
from scenes.tables.off_the_rails.paths import path_tags, preview_paths
from translation import _, current_language


class OffTheRailsTable(GameTable):
    """Off the Rails on the table kit."""

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.selection = Selection()
        self._log_names: tuple = ((), [])
        self.last_card = animate.last_card_of([event for _step, event in ctx.match.events])

    @property
    def log_names(self) -> list:
        """The seats' names as the log says them (a bot's level left out), in the language in
        use: kept from the table's opening, a replay's log said "Бот 1 set their white
        cart's speed…" after a switch to English (a play-test)."""
        key = (current_language(), tuple(self.ctx.match.seats))  # asked for every log line
        if self._log_names[0] != key:
            self._log_names = (key, log_names(self.ctx.match))
        return self._log_names[1]

    # --- what the engine and the layout say now ---------------------------------------------
    def layout(self) -> Layout:
        ctx = self.ctx
        players = ctx.match.state.num_players
        key = (
            ctx.size,
            players,
            0 if players == 1 else players + 1,
            ctx.column_width,
            ctx.controls_top,
            0 if ctx.replay is not None else CONTROL_ROWS,  # a replay has no buttons
        )
        return ctx.cached("layout", key, lambda: Layout(*key))

    def position_key(self) -> tuple:
        """What the person's legal actions depend on: the step, whether they may act."""
        return (self.ctx.version, bool(self.ctx.legal()))

    def ask(self):
        """The question on screen (:func:`.prompts.prompt`), or None."""
        ctx = self.ctx
        legal = ctx.legal()
        return ctx.cached(
            "ask",
            self.position_key(),
            lambda: prompts.prompt(ctx.match.state, legal, self.log_names) if legal else None,
        )

    def paths(self) -> tuple:
        """Each cart's path if it moved now, while the person plans (the last look), and the
        tags on them: ``(paths, tags)``."""
        ctx = self.ctx
        legal, lay, state = ctx.legal(), self.layout(), ctx.match.state
        square = None if ctx.animating else lay.square_at(ctx.mouse)
        building = square if table_input.ghost(state, self.selection, square) else None
        hint = ctx.current_hint()

        def work_out():
            paths = preview_paths(state) if legal else ()
            frames = marks.hint_marks(lay, state, hint, None)[0] if paths else ()
            return paths, path_tags(lay, state, paths, building, frames)

        return ctx.cached("paths", (self.position_key(), lay, building, hint), work_out)

    def targets(self) -> list:
        ctx = self.ctx
        legal, lay = ctx.legal(), self.layout()
        state = ctx.match.state if legal else ctx.shown
        return ctx.cached(
            "targets",
            (ctx.shown, self.selection, self.position_key(), lay),
            lambda: tips.targets(lay, state, legal, self.selection, self.ask(), self.log_names),
        )

    def tooltip_avoid(self, target) -> list:
        """A tooltip also keeps off the question's panel (its title and buttons)."""
        ask = self.ask()
        return [prompts.prompt_boxes(self.layout(), ask)[0].inflate(8, 8)] if ask else []

    def tooltip_spare(self, target) -> list:
        """A square's tooltip keeps off its neighbours and the mines beside it where the
        window has room (:func:`.tips.around_square`)."""
        if target.key[0] != "square":
            return []
        return [tips.around_square(self.layout(), target.key[1:])]

    # --- the buttons ------------------------------------------------------------------------
    def controls(self) -> list[Row]:
        """The tools, the speed buttons and Move carts, as the engine allows now; the tool in
        hand shows selected. In column mode the info panel takes a row above the log."""
        ctx = self.ctx
        legal = ctx.match.legal_actions() if ctx.own_turn() else []
        shown = table_input.controls(ctx.match.state, legal, self.selection)
        self.selection = shown.selection  # a tool the engine no longer allows is put down
        # a language whose labels overflow a row (Russian) gets the small font in every row
        width = ctx.column_width
        small = not all(
            chrome.labels_fit([_(label) for _key, label in row], width)
            for row in table_input.BUTTONS
        )
        rows = [
            Row(
                tuple(
                    Button(
                        key,
                        _(label),
                        shown.tips.get(key, _(table_input.BUTTON_TIPS[key])),
                        key in shown.enabled,
                        key in shown.selected,
                    )
                    for key, label in row
                ),
                small=small,
            )
            for row in table_input.BUTTONS
        ]
        lay = self.layout()
        if lay.mode == "column":
            rows.append(Row((), lay.info.height, exact=True, drawn=True))  # the info: above the log
        return rows

    def press(self, key: str):
        ctx = self.ctx
        state = ctx.match.state
        if key in table_input.TOOLS:
            return table_input.choose_tool(key, state, ctx.legal(), self.selection)
        if key in ("slower", "faster"):
            return table_input.change_speed(-1 if key == "slower" else 1, state, self.selection)
        if key == "move":
            return table_input.end_actions(state, ctx.legal(), self.paths()[0])
        return None

    # --- choices ----------------------------------------------------------------------------
    def reset(self) -> None:
        self.selection = replace(self.selection, tool=None, cart=None)

    def cancel(self) -> bool:
        had = self.selection.tool is not None
        self.selection = replace(self.selection, tool=None)
        return had

    def acted(self, action, done: bool) -> None:
        """Move carts puts the tool down; a cart put in is chosen for the speed buttons."""
        if isinstance(action, S.EndActions):
            self.selection = replace(self.selection, tool=None, cart=None)
        if done and isinstance(action, S.PlaceCart):
            self.selection = replace(self.selection, tool=None, cart=action.cart)

    def landed(self, step, last: bool) -> None:
        self.last_card = animate.last_card_of(step.events) or self.last_card
        if last:
            state = self.ctx.match.state
            cart = self.selection.cart
            if cart is not None and state.carts[cart].owner != state.player:
                self.selection = replace(self.selection, cart=None)

    def position_changed(self) -> None:
        self.last_card = animate.last_card_of([event for _step, event in self.ctx.match.events])

    def ready(self):
        """A question with one legal answer is answered at once (:func:`.input.forced_choice`),
        and so is which cart moves first when their ways can never meet (play-test: the
        question had no real choice)."""
        state, legal = self.ctx.match.state, self.ctx.match.legal_actions()
        action = table_input.forced_choice(state, legal)
        if action is None and state.pending() == S.Pending.MOVE_CART and legal:
            if not paths.order_matters(paths.preview_paths(state)):
                action = legal[0]
        return None if action is None else Act(action)

    def hidden_decision(self) -> bool:
        """A split, a drop or a pile to pick: a pass screen first in hot-seat."""
        return self.ctx.match.state.pending() in table_input.HIDDEN

    def on_hint(self, action):
        """The hint prepares the controls (:func:`.input.hint_selection`): one click on what
        it frames makes the move."""
        selection = table_input.hint_selection(self.ctx.match.state, action, self.selection)
        return None if selection is None else Select(selection)

    def hint_words(self, words: str) -> str:
        """The hint says how one click makes it (:func:`.input.hint_how`)."""
        how = table_input.hint_how(self.ctx.current_hint(), self.ask())
        return _("{hint} {how}").format(hint=words, how=how) if how else words

    def quiet_while_busy(self) -> bool:
        """No message while the table animates: the top bar tells what is happening."""
        return True

    # --- steps and words --------------------------------------------------------------------
    def stage_names(self) -> tuple:
        return tuple(self.log_names)

    def group(self, events) -> list[list]:
        return animate.group(events)

    def animate(self, events, before, after, stage):
        return animate.animate_step(events, before, after, stage)

    def cues(self, step) -> list:
        """A step's sounds; a cart's rumble lasts as long as its roll on the table."""
        return [
            (what, None if seconds is None else self.ctx.seconds(seconds))
            for what, seconds in animate.sound_cues(step.events)
        ]

    def banner_rect(self) -> pygame.Rect:
        return self.layout().banner_rect()

    def chance_status(self) -> str:
        return _("The mine settles…")

    def status(self, name: str) -> str:
        ctx = self.ctx
        hover = None if ctx.animating else self.layout().square_at(ctx.mouse)
        words = table_input.status(
            ctx.match.state, ctx.person_legal(), self.selection, self.log_names, hover
        )
        if not words:
            return _("{name}, your move").format(name=name)
        return _("{name}: {instructions}").format(name=name, instructions=words)

    # --- input ------------------------------------------------------------------------------
    def handle(self, event):
        if event.type == pygame.MOUSEMOTION:
            return None
        ctx = self.ctx
        key = ctx.key_at(event.pos) if event.type == pygame.MOUSEBUTTONDOWN else None
        intent = table_input.event_intent(
            event,
            key,
            ctx.match.state,
            ctx.legal(),
            self.selection,
            self.ask(),
            self.paths()[0] if event.type == pygame.KEYDOWN else (),
            None if ctx.animating else self.layout().square_at(ctx.mouse),
        )
        if intent is None and event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return Handled()
        return intent

    # --- what the board shows ---------------------------------------------------------------
    def view(self) -> draw.View:
        ctx = self.ctx
        busy = ctx.animating
        legal = ctx.legal()
        key = ctx.key_at(ctx.mouse) if not busy else None
        paths, tags = self.paths()
        lay = self.layout()
        return draw.View(
            time=ctx.time,
            names=tuple(ctx.match.names),
            patterns=ctx.patterns,
            hidden=ctx.hidden(),
            busy=busy,
            paths=paths,
            tags=tags,
            prompt=self.ask(),
            prompt_hover=key[1] if key and key[0] == "choice" else None,
            last_card=self.last_card,
            **marks.board_marks(
                lay,
                ctx.match.state,
                legal,
                self.selection,
                None if busy else lay.square_at(ctx.mouse),
                self.ask(),
                ctx.current_hint(),
                paths,
                tags,
            ),
        )

    def backdrop(self, view) -> tuple:
        return draw.board_backdrop(self.layout(), self.ctx.shown, view)

    def draw(self, surface, view) -> None:
        draw.draw_board(surface, self.layout(), self.ctx.shown, view)

    def seat_colour(self, seat: int):
        return sheet.seat_colour(self.ctx.match.state, seat)

    def draw_summary(self, surface, rect) -> bool:
        """Under the score sheet: the stockpiles and missions (solo: the jewels delivered)."""
        ctx = self.ctx
        sheet.draw_summary(surface, rect, ctx.match.state, ctx.match.names, ctx.patterns)
        return True
