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
from pygame_gui.elements import UIButton

from engine.off_the_rails import state as S
from engine.off_the_rails import words as W
from engine.off_the_rails.state import Pending
from scenes import kit
from scenes.table_base import TableScene
from scenes.tables.off_the_rails import animate, draw
from scenes.tables.off_the_rails import input as table_input
from scenes.tables.off_the_rails.input import Act, Refuse, Say, Select, Selection
from scenes.tables.off_the_rails.layout import Layout
from sprites import off_the_rails_art as oa
from translation import N_, _

BUTTONS = (
    (("straight", N_("Straight")), ("curve", N_("Curve")), ("upgrade", N_("Upgrade"))),
    (("cart", N_("Place cart")), ("slower", N_("Speed −")), ("faster", N_("Speed +"))),
    (("move", N_("Move carts")),),
)
"""The action buttons, row by row: (key, label)."""
BUTTON_TIPS = {
    "straight": N_("Lay a straight on an empty square: 1 action. R or the wheel turns it. (S)"),
    "curve": N_("Lay a curve on an empty square: 1 action. R or the wheel turns it. (C)"),
    "upgrade": N_(
        "Straight or curve to a T-junction, T-junction to a cross, where no cart "
        "stands: 1 action. (U)"
    ),
    "cart": N_("Put a cart from your supply on your own edge, at speed 3: 1 action. (P)"),
    "slower": N_("Slow the chosen cart by 1: 1 action. Click one of your carts to choose it. (−)"),
    "faster": N_("Speed the chosen cart up by 1 (at most 6): 1 action. (+)"),
    "move": N_(
        "End the action phase: each of your carts rolls its speed. Until then every "
        "action can be undone. (Enter)"
    ),
}


class OffTheRailsTable(TableScene):
    """Play Off the Rails: take a tool on the right (Straight, Curve, Upgrade, Place cart) and
    click the board; Speed − and + change the chosen cart; Move carts when ready."""

    log_width = 300

    def __init__(self, app, match, replay=None):
        self.log_names = animate.log_names(match)
        super().__init__(app, match, replay)
        self.log_lines = [line for line in self.log_lines if line]
        self.selection = Selection()
        self.forced_pending = False
        self.last_card = animate.last_card_of([event for _step, event in match.events])
        self._cache: dict = {}
        self._context = ()

    # --- what the engine and the layout say now ----------------------------------------------
    @property
    def patterns(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind_patterns", False))

    @property
    def layout(self) -> Layout:
        players = self.match.state.num_players
        key = (self.app.size, players, 0 if players == 1 else players + 1)
        if self._cache.get("layout_key") != key:
            self._cache = {"layout_key": key, "layout": Layout(*key, self.log_width)}
        return self._cache["layout"]

    def legal(self) -> list:
        """The person's legal actions now (empty while a bot plays or the table animates)."""
        if not self.human_to_move():
            return []
        key = (len(self.match.history), id(self.match.state))
        if self._cache.get("legal_key") != key:
            self._cache["legal_key"], self._cache["legal"] = key, self.match.legal_actions()
        return self._cache["legal"]

    def ask(self):
        """The question on screen (:func:`.input.prompt`), or None."""
        legal = self.legal()
        key = id(legal)
        if self._cache.get("ask_key") != key:
            self._cache["ask_key"] = key
            self._cache["ask"] = (
                table_input.prompt(self.match.state, legal, self.log_names) if legal else None
            )
        return self._cache["ask"]

    def paths(self) -> tuple:
        """Each cart's path if it moved now, while the person plans (the last look)."""
        legal = self.legal()
        key = id(legal)
        if self._cache.get("paths_key") != key:
            self._cache["paths_key"] = key
            self._cache["paths"] = table_input.preview_paths(self.match.state) if legal else ()
        return self._cache["paths"]

    def targets(self) -> list:
        legal = self.legal()
        key = (id(self.shown), self.selection, id(legal), self.layout)
        if self._cache.get("targets_key") != key:
            self._cache["targets_key"] = key
            state = self.match.state if legal else self.shown
            self._cache["targets"] = table_input.targets(
                self.layout, state, legal, self.selection, self.ask(), self.log_names
            )
        return self._cache["targets"]

    # --- controls ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        ui, c = self.app.ui, self.container
        self.buttons = {}
        commands = {
            "straight": kit.bind(self.take_tool, "straight"),
            "curve": kit.bind(self.take_tool, "curve"),
            "upgrade": kit.bind(self.take_tool, "upgrade"),
            "cart": kit.bind(self.take_tool, "cart"),
            "slower": kit.bind(self.change_speed, -1),
            "faster": kit.bind(self.change_speed, 1),
            "move": self.move_carts,
        }
        for row_buttons in BUTTONS:
            row = self.control_row()
            width = (row.width - 6 * (len(row_buttons) - 1)) // len(row_buttons)
            for i, (key, label) in enumerate(row_buttons):
                rect = pygame.Rect(row.x + i * (width + 6), row.y, width, row.height)
                self.buttons[key] = UIButton(
                    rect,
                    _(label),
                    ui,
                    container=c,
                    command=commands[key],
                    tool_tip_text=_(BUTTON_TIPS[key]),
                )
        if self.layout.mode == "column":
            self.control_row(self.layout.info.height)  # the info sits above the log

    def on_controls_built(self) -> None:
        self._cache.pop("layout_key", None)
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; the tool in hand shows selected."""
        if self.container is None:
            return
        state, legal = self.match.state, self.legal()
        acting = bool(legal) and state.pending() == Pending.ACTIONS
        spare = acting and state.actions_left > 0
        kinds = {
            "straight": S.PlaceTile,
            "curve": S.PlaceTile,
            "upgrade": S.UpgradeTile,
            "cart": S.PlaceCart,
        }
        enabled = {
            key: spare and any(isinstance(a, kind) for a in legal) for key, kind in kinds.items()
        }
        cart = table_input.speed_cart(state, self.selection) if acting else None
        speeds = {a.delta for a in legal if isinstance(a, S.ChangeSpeed) and a.cart == cart}
        enabled["slower"] = spare and -1 in speeds
        enabled["faster"] = spare and 1 in speeds
        enabled["move"] = acting
        if self.selection.tool and not enabled.get(self.selection.tool):
            self.selection = Selection(None, self.selection.turns, self.selection.cart)
        for key, button in self.buttons.items():
            kit.set_enabled(button, enabled[key])
            selected = key == self.selection.tool or (
                key == "move" and acting and state.actions_left <= 0
            )
            if selected and not button.is_selected:
                button.select()
            elif not selected and button.is_selected:
                button.unselect()
        for key in ("slower", "faster"):
            tip = _(BUTTON_TIPS[key])
            if cart is not None:
                tip = _("{tip} Now: your {colour} cart.").format(
                    tip=tip, colour=W.cart_colour(state.carts[cart].label)
                )
            kit.set_tooltip(self.buttons[key], tip)

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
        rolls = [e for e in step.events if isinstance(e, S.CartMoved)]
        rest = [e for e in step.events if not isinstance(e, S.CartMoved)]
        for event in rolls:
            self.play_sound(event, duration=self.duration(animate.roll_seconds(event.path)))
        if rest:
            self.play_sound(rest)

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
        """A question with one legal answer is answered at once; in hot-seat a pass screen comes
        before every hidden decision (a split), and between turns when the setting asks."""
        if self.forced_pending:
            self.forced_pending = False
            action = table_input.forced_choice(self.match.state, self.match.legal_actions())
            if action is not None:
                self.act(action)
                return
        was = self.last_human
        player = self.match.current_player()
        humans = [s for s in self.match.seats if not s.is_bot]
        hidden = self.match.state.pending() in table_input.HIDDEN
        if (
            was is not None
            and player != was
            and len(humans) > 1
            and hidden
            and not self.app.settings.pass_screen
        ):
            from scenes.pass_screen import PassScreen

            self.last_human = player
            self.app.manager.push(PassScreen(self.app, self.match.seats[player].name))
            return
        super()._human_turn_starts()

    def seat_colour(self, seat: int) -> tuple:
        """Seat ``seat``'s colour on the score sheet: its clan's (gold in solo)."""
        state = self.match.state
        if state.solo:
            return kit.GOLD
        return oa.clan(draw.clan_of(state, seat))

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
        """Apply a person's action (a refusal shows the engine's reason)."""
        self.clear_message()
        placed = isinstance(action, S.PlaceCart)
        done = self.try_action(action)
        if done and placed:
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
        if self.human_to_move():
            self.apply(
                table_input.choose_tool(tool, self.match.state, self.legal(), self.selection)
            )

    def change_speed(self, delta: int) -> None:
        if self.human_to_move():
            self.apply(table_input.change_speed(delta, self.match.state, self.selection))

    def move_carts(self) -> None:
        """Move carts (Enter): the action phase ends and the carts roll."""
        if self.human_to_move() and S.EndActions() in self.legal():
            self.selection = Selection(None, self.selection.turns, None)
            self.act(S.EndActions())

    # --- input -------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            return False
        if not self.human_to_move():
            return False
        state, legal = self.match.state, self.legal()
        if event.type == pygame.MOUSEWHEEL:
            intent = table_input.wheel(event.y, self.selection)
            if intent is not None:
                self.apply(intent)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel_selection()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            self.apply(
                table_input.click(self.key_at(event.pos), state, legal, self.selection, self.ask())
            )
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            intent = table_input.key_press(
                event.key, event.mod, state, legal, self.selection, self.ask()
            )
            if isinstance(intent, Act) and isinstance(intent.action, S.EndActions):
                self.move_carts()
                return True
            if intent is not None:
                self.apply(intent)
                return True
        return False

    # --- what the board shows ----------------------------------------------------------------
    def view(self) -> draw.View:
        busy = self.anims.busy
        state, legal = self.match.state, self.legal()
        lay = self.layout
        hover = None if busy else lay.square_at(self.mouse)
        ghost = ghost_cart = None
        acting = bool(legal) and state.pending() == Pending.ACTIONS
        if acting and hover is not None:
            shown = table_input.ghost(state, self.selection, hover)
            if shown is not None:
                ghost = (hover, shown[0], shown[2])
            if self.selection.tool == "cart":
                puts = [a for a in legal if isinstance(a, S.PlaceCart) and (a.row, a.col) == hover]
                ghost_cart = (puts[0].cart, hover) if puts else None
        ask = self.ask()
        boxes = table_input.prompt_boxes(lay, ask) if ask is not None else None
        key = self.key_at(self.mouse) if not busy else None
        hint_rects, hint_ghost = table_input.hint_marks(lay, state, self.current_hint(), ask)
        glow_colour = kit.HILITE
        if state.pending() == Pending.CHASM_TOKEN and legal:
            glow_colour = tuple(int(c + (255 - c) * 0.3) for c in oa.clan(state.drawn_token()))
        chosen = self.selection.cart if acting and self.selection.cart is not None else None
        return draw.View(
            time=self.time,
            names=tuple(self.match.names),
            patterns=self.patterns,
            hidden=frozenset(self.anims.hidden()),
            busy=busy,
            hover=hover,
            glow=table_input.glow_squares(state, legal, self.selection),
            glow_colour=glow_colour,
            ghost=ghost,
            ghost_cart=ghost_cart,
            chosen=chosen,
            paths=self.paths(),
            arrows=tuple(table_input.exit_arrows(lay, state, legal)),
            hint_rects=hint_rects,
            hint_ghost=hint_ghost,
            prompt=ask,
            prompt_boxes=boxes,
            prompt_hover=key[1] if key and key[0] == "choice" else None,
            last_card=self.last_card,
            takeable=frozenset(a.mission for a in legal if isinstance(a, S.ClaimMission)),
        )

    def tooltip_avoid(self) -> list:
        """A tooltip also keeps off the question's panel (its title and buttons)."""
        ask = self.ask()
        panel = [table_input.prompt_boxes(self.layout, ask)[0].inflate(8, 8)] if ask else []
        return super().tooltip_avoid() + panel

    def draw_board(self, surface) -> None:
        draw.draw_board(surface, self.layout, self.shown, self.view())

    # --- the top bar ---------------------------------------------------------------------------
    def current_message(self) -> str:
        """No message while the table animates: the top bar tells what is happening."""
        return "" if self.anims.busy else super().current_message()

    def chance_status(self) -> str:
        return _("The mine settles…")

    def human_status(self, name: str) -> str:
        state = self.match.state
        words = table_input.status(state, self.legal(), self.selection, self.log_names)
        if not words:
            return _("{name}, your move").format(name=name)
        return _("{name}: {instructions}").format(name=name, instructions=words)
