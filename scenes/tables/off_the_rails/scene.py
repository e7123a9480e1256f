"""The Off the Rails table scene: wiring only.

It builds the buttons, turns mouse and keys into intents (:mod:`.input`), applies the actions
through the match (the base, :mod:`scenes.table_base`), gives the base its steps (:mod:`.animate`)
and fills the :class:`.draw.View` that :mod:`.draw` paints. No rule is decided here and nothing
is drawn here: what may be done comes from the engine's legal actions.

The action phase ends only when the person says so (Move carts, Enter; rules OR-D12): with the
four actions spent the table shows every cart's path for a last look, and Undo still works.
"""

from __future__ import annotations

import pygame

from engine.off_the_rails import state as S
from scenes import kit
from scenes.table_base import TableScene
from scenes.tables.off_the_rails import animate, draw
from scenes.tables.off_the_rails import input as table_input
from scenes.tables.off_the_rails.input import Act, Refuse, Say, Select, Selection
from scenes.tables.off_the_rails.layout import Layout
from translation import _


class OffTheRailsTable(TableScene):
    """Play Off the Rails: take a tool on the right (Straight, Curve, Upgrade, Place cart) and
    click the board; Speed − and + change the chosen cart; Move carts when ready."""

    log_width = 300

    def __init__(self, app, match, replay=None):
        self.log_names = animate.log_names(match)
        super().__init__(app, match, replay)
        self.selection = Selection()
        self.forced_pending = False
        self.last_card = animate.last_card_of([event for _step, event in match.events])
        self._context = ()

    # --- what the engine and the layout say now ----------------------------------------------
    @property
    def patterns(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind_patterns", False))

    @property
    def layout(self) -> Layout:
        players = self.match.state.num_players
        key = (self.app.size, players, 0 if players == 1 else players + 1)
        return self.cached("layout", key, lambda: Layout(*key, self.log_width))

    def position_key(self) -> tuple:
        """What the person's legal actions depend on: the step, the state, whether they may act."""
        return (len(self.match.history), self.match.state, self.human_to_move())

    def ask(self):
        """The question on screen (:func:`.input.prompt`), or None."""
        legal = self.legal()
        return self.cached(
            "ask",
            self.position_key(),
            lambda: table_input.prompt(self.match.state, legal, self.log_names) if legal else None,
        )

    def paths(self) -> tuple:
        """Each cart's path if it moved now, while the person plans (the last look), and the
        tags on them: ``(paths, tags)``."""
        legal, lay, state = self.legal(), self.layout, self.match.state
        square = None if self.anims.busy else lay.square_at(self.mouse)
        building = square if table_input.ghost(state, self.selection, square) else None

        def work_out():
            paths = table_input.preview_paths(state) if legal else ()
            return paths, table_input.path_tags(lay, state, paths, building)

        return self.cached("paths", (self.position_key(), lay, building), work_out)

    def targets(self) -> list:
        legal, lay = self.legal(), self.layout
        state = self.match.state if legal else self.shown
        return self.cached(
            "targets",
            (self.shown, self.selection, self.position_key(), lay),
            lambda: table_input.targets(
                lay, state, legal, self.selection, self.ask(), self.log_names
            ),
        )

    # --- controls ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        commands = {
            "straight": kit.bind(self.take_tool, "straight"),
            "curve": kit.bind(self.take_tool, "curve"),
            "upgrade": kit.bind(self.take_tool, "upgrade"),
            "cart": kit.bind(self.take_tool, "cart"),
            "slower": kit.bind(self.change_speed, -1),
            "faster": kit.bind(self.change_speed, 1),
            "move": self.move_carts,
        }
        self.buttons = {}
        # a language whose labels overflow a row (Russian) gets the small font in every row
        small = not all(
            self.labels_fit([_(label) for _key, label in row]) for row in table_input.BUTTONS
        )
        for row in table_input.BUTTONS:
            self.buttons.update(
                self.button_row(
                    [
                        (key, _(label), commands[key], _(table_input.BUTTON_TIPS[key]))
                        for key, label in row
                    ],
                    small=small,
                )
            )
        if self.layout.mode == "column":
            self.control_row(self.layout.info.height, exact=True)  # the info: above the log

    def on_controls_built(self) -> None:
        self.forget("layout")  # the texts it measures may be in another language
        self.refresh_controls()

    def own_turn(self) -> bool:
        """The person is to move, perhaps while their last action still animates."""
        match = self.match
        return self.replay is None and match.is_human_turn() and self.app.manager.top is self

    def catch_up(self) -> bool:
        """A button pressed while the person's own last action animates: the animation ends
        at once (as a click on the board does) and the button works; True if they may act."""
        if self.anims.busy and self.own_turn():
            self.anims.skip()
        return self.human_to_move()

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; the tool in hand shows selected. While the
        person's own tile drops in, the buttons stay as they are (no flicker)."""
        if self.container is None:
            return
        legal = self.match.legal_actions() if self.own_turn() else []
        shown = table_input.controls(self.match.state, legal, self.selection)
        self.selection = shown.selection
        for key, button in self.buttons.items():
            on = key in shown.enabled
            chosen = on and key in shown.selected
            if button.is_selected and not chosen:
                button.unselect()  # before disable(): a disabled button must not look normal
            kit.set_enabled(button, on)
            if chosen and not button.is_selected:
                button.select()
        for key, tip in shown.tips.items():
            self.explain_button(self.buttons[key], tip)

    # --- steps, log, landing -----------------------------------------------------------------
    def steps(self, events, before) -> list:
        humans = tuple(i for i, seat in enumerate(self.match.seats) if not seat.is_bot)
        stage = animate.Stage(
            self.layout,
            tuple(self.log_names),
            self.patterns,
            self.duration,
            self.banner,
            self.match.spec.apply_event,
            self.viewer_seat(),
            humans,
        )
        return animate.steps(events, before, stage)

    def play_cues(self, step) -> None:
        """A step's sounds; a cart's rumble lasts as long as its roll on the table."""
        for what, seconds in animate.sound_cues(step.events):
            self.play_sound(what, duration=None if seconds is None else self.duration(seconds))

    def banner_rect(self) -> pygame.Rect:
        return self.layout.banner_rect()

    def log_line(self, event) -> str:
        """The event's sentence, naming computer players without their level."""
        return event.text(self.log_names)

    def land(self, step, lines, last) -> None:
        super().land(step, lines, last)
        self.last_card = animate.last_card_of(step.events) or self.last_card
        self.forced_pending = last  # a question with one answer: answered next frame

    def rebuild_log(self) -> None:
        super().rebuild_log()
        self.last_card = animate.last_card_of([event for _step, event in self.match.events])

    def on_shown(self) -> None:
        state = self.match.state
        cart = self.selection.cart
        if cart is not None and state.carts[cart].owner != state.player:
            self.selection = Selection(self.selection.tool, self.selection.turns, None)
        self.refresh_controls()

    def update(self, dt: float) -> None:
        super().update(dt)
        context = (self.human_to_move(), self.selection, len(self.match.history))
        if self._context != context:
            self._context = context
            self.refresh_controls()

    def _human_turn_starts(self) -> None:
        """A question with one legal answer is answered at once (:func:`.input.forced_choice`)."""
        if self.forced_pending:
            self.forced_pending = False
            action = table_input.forced_choice(self.match.state, self.match.legal_actions())
            if action is not None:
                self.act(action)
                return
        super()._human_turn_starts()

    def hidden_decision(self) -> bool:
        """A split, a drop or a pile to pick: a pass screen first in hot-seat."""
        return self.match.state.pending() in table_input.HIDDEN

    def seat_colour(self, seat: int) -> tuple:
        return draw.seat_colour(self.match.state, seat)

    def draw_summary(self, surface, rect) -> None:
        """Under the score sheet: the stockpiles and missions (solo: the jewels delivered)."""
        draw.draw_summary(surface, rect, self.match.state, self.match.names, self.patterns)

    # --- commands ----------------------------------------------------------------------------
    def reset_selection(self) -> None:
        self.selection = Selection(None, self.selection.turns, None)
        self.forced_pending = False  # after an undo the one answer waits for a click

    def cancel_selection(self) -> bool:
        had = self.selection.tool is not None
        self.selection = Selection(None, self.selection.turns, self.selection.cart)
        return had

    def act(self, action) -> bool:
        """Apply a person's action (a refusal shows the engine's reason): a cart put in is
        chosen for the speed buttons; Move carts puts the tool down."""
        self.clear_message()
        if isinstance(action, S.EndActions):
            self.selection = Selection(None, self.selection.turns, None)
        done = self.try_action(action)
        if done and isinstance(action, S.PlaceCart):
            self.selection = Selection(None, self.selection.turns, action.cart)
        return done

    def apply(self, intent) -> None:
        """Carry out an intent from :mod:`.input`."""
        if isinstance(intent, Act):
            self.act(intent.action)
        elif isinstance(intent, Select):
            self.selection = intent.selection
            if intent.message:
                self.say(intent.message, 6)
            else:
                self.clear_message()
        elif isinstance(intent, Refuse):
            self.refuse(intent.message)
        elif isinstance(intent, Say):
            self.say(intent.message, 6)
        self.refresh_controls()

    def take_tool(self, tool: str) -> None:
        if self.catch_up():
            self.apply(
                table_input.choose_tool(tool, self.match.state, self.legal(), self.selection)
            )

    def change_speed(self, delta: int) -> None:
        if self.catch_up():
            self.apply(table_input.change_speed(delta, self.match.state, self.selection))

    def on_hint(self, action) -> None:
        """The hint says that Enter makes the hinted move (:func:`.input.key_press`)."""
        self.hint_said = _("{hint} Enter makes this move.").format(hint=self.hint_said)
        self.say(self.hint_said, 12)

    def move_carts(self) -> None:
        """Move carts (Enter): the action phase ends and the carts roll."""
        if self.catch_up() and S.EndActions() in self.legal():
            self.act(S.EndActions())

    # --- input -------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION or not self.human_to_move():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.mouse = event.pos
        key = self.key_at(event.pos) if event.type == pygame.MOUSEBUTTONDOWN else None
        intent = table_input.event_intent(
            event,
            key,
            self.match.state,
            self.legal(),
            self.selection,
            self.ask(),
            self.current_hint(),
        )
        if intent is not None:
            self.apply(intent)
        return intent is not None or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1)

    # --- what the board shows ----------------------------------------------------------------
    def view(self) -> draw.View:
        busy = self.anims.busy
        legal = self.legal()
        key = self.key_at(self.mouse) if not busy else None
        paths, tags = self.paths()
        return draw.View(
            time=self.time,
            names=tuple(self.match.names),
            patterns=self.patterns,
            hidden=frozenset(self.anims.hidden()),
            busy=busy,
            paths=paths,
            tags=tags,
            prompt=self.ask(),
            prompt_hover=key[1] if key and key[0] == "choice" else None,
            last_card=self.last_card,
            **table_input.board_marks(
                self.layout,
                self.match.state,
                legal,
                self.selection,
                None if busy else self.layout.square_at(self.mouse),
                self.ask(),
                self.current_hint(),
                paths,
                tags,
            ),
        )

    def tooltip_avoid(self) -> list:
        """A tooltip also keeps off the question's panel (its title and buttons)."""
        ask = self.ask()
        panel = [table_input.prompt_boxes(self.layout, ask)[0].inflate(8, 8)] if ask else []
        return super().tooltip_avoid() + panel

    def board_backdrop(self) -> tuple:
        return draw.board_backdrop(self.layout, self.shown, self.frame_view())

    def draw_board(self, surface) -> None:
        draw.draw_board(surface, self.layout, self.shown, self.frame_view())

    # --- the top bar ---------------------------------------------------------------------------
    def current_message(self) -> str:
        """No message while the table animates: the top bar tells what is happening."""
        return "" if self.anims.busy else super().current_message()

    def chance_status(self) -> str:
        return _("The mine settles…")

    def human_status(self, name: str) -> str:
        state = self.match.state
        words = table_input.status(
            state, self.person_legal(), self.selection, self.log_names, self.current_hint()
        )
        if not words:
            return _("{name}, your move").format(name=name)
        return _("{name}: {instructions}").format(name=name, instructions=words)
