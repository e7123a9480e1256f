"""The Diced Tomatoes table scene: wiring only.

It builds the buttons, turns mouse and keys into intents (:mod:`.input`), applies the actions
through the match (the base, :mod:`scenes.table_base`), gives the base its steps
(:mod:`.animate`) and fills the :class:`.draw.View` that :mod:`.draw` paints. No rule is decided
here and nothing is drawn here: what may be done comes from the engine's legal actions.
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from engine.diced_tomatoes import rules
from engine.diced_tomatoes import state as dt
from scenes import kit
from scenes.table_base import TableScene
from scenes.tables.diced_tomatoes import animate, draw
from scenes.tables.diced_tomatoes import input as table_input
from scenes.tables.diced_tomatoes.input import KARMA, Act, ActAll, Say, Select, Selection
from scenes.tables.diced_tomatoes.layout import Layout
from scenes.tables.diced_tomatoes.words import roll_words
from sprites import diced_tomatoes_art as da
from translation import _, current_language

QUIET = (dt.DieDrawn, dt.DieRolled)
"""Events the log sums up in one line per roll (:func:`.animate.roll_words`)."""


class DicedTomatoesTable(TableScene):
    """Play Diced Tomatoes: click (or drag) a rolled die, then a glowing token or vine; karma
    on the right (its letter keys), P passes the dice that fit nowhere, E ends the turn."""

    log_width = 300
    pass_before_chance = True  # hot-seat: you see your own dice tumble

    def __init__(self, app, match, replay=None):
        super().__init__(app, match, replay)
        self.selection = Selection()
        self.drag = None  # {"die": slot, "start": pos, "moved": bool, "was": bool}
        self.hint_picked = None  # the slot the hint picked up, until the next click
        self._cache = {}
        self._context = ()
        self._choices = None
        self.choice_buttons = []

    # --- what the engine and the layout say now ----------------------------------------------
    @property
    def selected(self) -> int | None:
        """The hand slot picked up, if any."""
        return self.selection.die

    @property
    def layout(self) -> Layout:
        shown, state = self.shown, self.match.state
        cap = rules.KARMA_MAX_IN_TURN_2023 if state.options["update_2023"] else rules.KARMA_MAX
        key = (
            self.app.size,
            state.num_players,
            max(len(shown.hand), len(state.hand)),
            cap,
            state.options["overload"],
            table_input.badge_labels(state),
            current_language(),
        )
        if self._cache.get("layout_key") != key:
            self._cache = {
                "layout_key": key,
                "layout": Layout(key[0], key[1], key[2], key[3], key[4], key[5], self.log_width),
            }
        return self._cache["layout"]

    def humans(self) -> tuple:
        return tuple(seat for seat, s in enumerate(self.match.seats) if not s.is_bot)

    def targets(self) -> list:
        legal = self.legal()
        lay = self.layout
        key = (self.shown, self.selection, legal, lay, self.viewer_seat())
        if self._cache.get("targets_key") != key:
            self._cache["targets_key"] = key
            self._cache["targets"] = table_input.targets(
                lay,
                self.shown,
                legal,
                self.selection,
                tuple(self.match.names),
                self.viewer_seat(),
                self.humans(),
            )
        return self._cache["targets"]

    # --- controls ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        ui, c = self.app.ui, self.container
        self.karma_buttons = {}
        for index in range(0, len(KARMA), 2):
            row = self.control_row(34)
            half = (row.width - 8) // 2
            for col, karma in enumerate(KARMA[index : index + 2]):
                button = UIButton(
                    pygame.Rect(row.x + col * (half + 8), row.y, half, row.height),
                    table_input.karma_button_label(karma, half),
                    ui,
                    container=c,
                    command=kit.bind(self.choose_karma, karma.kind),
                )
                self.karma_buttons[karma.kind] = button
                self.button_tip(
                    button,
                    _("{action}: {cost} karma ({key})").format(
                        action=karma.label, cost=karma.cost, key=karma.key_name
                    ),
                    table_input.karma_does(karma, self.match.state.options),
                )
        self.action_row = self.control_row(40)
        self.choice_buttons, self._choices = [], None

    def on_controls_built(self) -> None:
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; the action row offers the pending choice."""
        if self.container is None:
            return
        state, legal = self.match.state, self.legal()
        mine = self.replay is None and self.match.is_human_turn() and not self.finished
        for kind, button in self.karma_buttons.items():
            if self.replay is not None or self.finished:
                button.hide()
                continue
            kit.set_enabled(button, bool(table_input.karma_options(legal, kind)))
            width = button.relative_rect.width
            label = (
                table_input.button_text(_("Cancel"), width)
                if self.selection.karma == kind
                else table_input.karma_button_label(table_input.KARMA_BY_KIND[kind], width)
            )
            if button.text != label:
                button.set_text(label)
        choices = (
            table_input.choices(state, legal, self.selection, self.match.names) if mine else []
        )
        signature = [(label, enabled, tip) for label, _intent, tip, enabled in choices]
        if signature != self._choices:
            for button in self.choice_buttons:
                self.button_tips.pop(button, None)
                button.kill()
            self._choices, self.choice_buttons = signature, []
            row = self.action_row
            width = (row.width - 6 * (len(choices) - 1)) // max(1, len(choices))
            for i, (label, _intent, tip, enabled) in enumerate(choices):
                button = UIButton(
                    pygame.Rect(row.x + i * (width + 6), row.y, width, row.height),
                    table_input.button_text(label, width),
                    self.app.ui,
                    container=self.container,
                    command=kit.bind(self.choose, label),
                )
                if not enabled:
                    button.disable()
                self.button_tip(button, label, tip)
                self.choice_buttons.append(button)

    def choose(self, label: str) -> None:
        """An action-row button: its intent, asked again now (the selection may have moved)."""
        if not self.human_to_move():
            return
        row = table_input.choices(self.match.state, self.legal(), self.selection, self.match.names)
        for choice, intent, _tip, _enabled in row:
            if choice == label:
                if label == table_input.end_turn_label():
                    self.end_turn()
                else:
                    self.apply(intent)
                return

    def choose_karma(self, kind: str) -> None:
        if self.human_to_move():
            self.apply(
                table_input.choose_karma(kind, self.match.state, self.legal(), self.selection)
            )

    def end_turn(self) -> None:
        """End the turn; refused while dice are left, and if some fit nowhere, one is picked
        up to show the way (Pass)."""
        if not self.human_to_move():
            return
        legal = self.legal()
        intent = table_input.end_turn(self.match.state, legal)
        stuck = table_input.passable(legal)
        if isinstance(intent, Say) and stuck:
            advice = (
                _("Those dice fit nowhere: Set aside (P) keeps them.")
                if self.match.state.solo
                else _("Those dice fit nowhere: Pass dice (P) gives them on.")
            )
            self.selection = Selection(die=stuck[0])
            self.refuse(_("{refusal} {advice}").format(refusal=intent.message, advice=advice), 8)
            return
        self.apply(intent)

    # --- steps, log, landing -----------------------------------------------------------------
    def steps(self, events, before) -> list:
        stage = animate.Stage(
            self.layout,
            tuple(self.match.names),
            self.duration,
            self.banner,
            self.match.spec.apply_event,
            self.viewer_seat(),
            self.humans(),
        )
        return animate.steps(events, before, stage)

    def play_cues(self, step) -> None:
        """A roll's landings fall within its tumble (one landing per die)."""
        if (
            any(isinstance(e, (dt.DieRolled, dt.FirstRollMade)) for e in step.events)
            and step.animations
        ):
            seconds = max(a.delay + a.duration for a in step.animations)
            self.play_sound(list(step.events), duration=seconds)
            return
        super().play_cues(step)

    def banner_rect(self) -> pygame.Rect:
        return self.layout.banner_rect()

    def log_line(self, event) -> str:
        """Draws and rolls are summed up in one line per roll (:meth:`log_summary`)."""
        if isinstance(event, QUIET):
            return ""
        return super().log_line(event)

    def log_summary(self, events) -> list:
        line = roll_words(events, self.match.names)
        return [line] if line else []

    def on_shown(self) -> None:
        state = self.match.state
        die = self.selection.die
        if die is not None and (die >= len(state.hand) or not isinstance(state.hand[die], dt.Die)):
            self.reset_selection()
        self.refresh_controls()

    def update(self, dt_: float) -> None:
        super().update(dt_)
        context = (self.human_to_move(), self.selection, self.match.turn_owner())
        if self._context != context:
            self._context = context
            self.refresh_controls()

    # --- commands ----------------------------------------------------------------------------
    def reset_selection(self) -> None:
        self.selection, self.drag = Selection(), None

    def cancel_selection(self) -> bool:
        had = not self.selection.empty
        self.reset_selection()
        if had:
            self.clear_message()
        return had

    def act(self, action) -> bool:
        """Apply a person's action (a refusal shows the engine's reason)."""
        self.reset_selection()
        self.clear_message()
        return self.try_action(action)

    def apply(self, intent) -> None:
        """Carry out an intent from :mod:`.input`."""
        if isinstance(intent, Act):
            self.act(intent.action)
        elif isinstance(intent, ActAll):
            self.reset_selection()
            self.clear_message()
            queue = list(intent.actions)
            self.try_actions(lambda: queue.pop(0) if queue else None)
        elif isinstance(intent, Select):
            self.selection = intent.selection
            if intent.message:
                self.say(intent.message, 8)
            else:
                self.clear_message()
        elif isinstance(intent, Say):
            self.refuse(intent.message, 6)

    def reason_names_move(self, action) -> bool:
        """The reason says the move ("Seeds your top token with the red 6…") except for
        ending the turn and for a die that completes or clears a vine, where it tells only
        the harvest: the move (which die) is said first there."""
        if isinstance(action, dt.EndTurn):
            return False
        if isinstance(action, dt.PlaceDie):
            events = self.match.state.clone().apply_action(action)
            return not any(isinstance(e, (dt.VineHarvested, dt.VineCleared)) for e in events)
        return True

    def on_hint(self, action) -> None:
        """A hinted die is picked up, so its spots glow (or Pass shows the way)."""
        if isinstance(action, (dt.PassDie, dt.PlaceDie)) and not self.selection.karma:
            self.selection = Selection(die=action.die)
            self.hint_picked = action.die

    # --- input -------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self.drag["moved"] |= math.dist(event.pos, self.drag["start"]) > 6
            return False
        if not self.human_to_move():
            return False
        state, legal = self.match.state, self.legal()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel_selection()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            key = self.key_at(event.pos)
            plain = not self.selection.karma and not self.selection.choices
            hinted, self.hint_picked = self.hint_picked, None
            if plain and key and key[0] == "die" and isinstance(state.hand[key[1]], dt.Die):
                # the player's first click on the die the hint picked up keeps it in hand
                kept = hinted == key[1] == self.selection.die
                was = self.selection.die == key[1] and not kept
                if not was and not kept:
                    self.apply(table_input.click(key, state, legal, self.selection))
                self.drag = {"die": key[1], "start": event.pos, "moved": False, "was": was}
                return True
            self.apply(table_input.click(key, state, legal, self.selection))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                intent = table_input.drop(drag["die"], self.key_at(event.pos), legal)
                if intent is not None:
                    self.apply(intent)
            elif drag["was"]:
                self.apply(Select(Selection()))  # clicked again: put it back
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            if event.key == table_input.END_TURN_KEY:
                self.end_turn()
                return True
            intent = table_input.key_press(event.key, state, legal, self.selection)
            if intent is not None:
                self.apply(intent)
                return True
        return False

    # --- what the board shows ----------------------------------------------------------------
    def view(self) -> draw.View:
        legal = self.legal()
        selection = self.selection
        spots, karma_dice, karma_vines = table_input.glow(legal, selection)
        dragging = self.drag["die"] if self.drag and self.drag["moved"] else None
        return draw.View(
            time=self.time,
            names=tuple(self.match.names),
            viewer=self.viewer_seat(),
            humans=self.humans(),
            hidden=frozenset(self.anims.hidden()),
            busy=self.anims.busy,
            selected=selection.die,
            spots=spots,
            karma_dice=karma_dice,
            karma_vines=karma_vines,
            hint=tuple(table_input.hint_rects(self.layout, self.shown, self.current_hint())),
            dragging=dragging,
            mine=bool(legal),
        )

    def board_backdrop(self) -> tuple:
        return draw.board_backdrop(self.layout, self.shown)

    def draw_board(self, surface) -> None:
        draw.draw_board(surface, self.layout, self.shown, self.frame_view())

    def draw_board_over(self, surface) -> None:
        draw.draw_titles(surface, self.layout, self.shown, self.frame_view())

    def draw_over(self, surface) -> None:
        """The dragged die at the mouse; else the tooltip."""
        if self.drag and self.drag["moved"] and self.human_to_move():
            die = self.match.state.hand[self.drag["die"]]
            if die is not None:
                da.blit_die(surface, self.mouse, self.layout.die_big, die.colour, die.face, True)
            return
        self.draw_tooltip(surface)

    def tooltip_rect(self, target) -> pygame.Rect:
        """Beside the target as the base places it, also keeping off the other players'
        boards where it can (a tooltip over the bot's board hid its vines)."""
        w, h = self.app.size
        size = kit.tooltip_size(target.tooltip)
        others = [a for a in self.layout.areas if not a.collidepoint(target.bounds.center)]
        avoid = [r for r in self.tooltip_avoid() if r != target.bounds] + others
        return kit.place_tip(size, target.bounds, pygame.Rect(0, 44, w, h - 44), avoid)

    def draw_summary(self, surface, rect) -> None:
        """Under the score sheet: each player's score track as dice."""
        draw.draw_summary(surface, rect, self.match.state, self.match.names)

    # --- the top bar ---------------------------------------------------------------------------
    def chance_status(self) -> str:
        state = self.match.state
        if state.phase == dt.Phase.START:
            return _("Rolling for the turn order…")
        name = self.match.names[state.turn_owner()]
        return (
            _("{name} draws dice…").format(name=name)
            if state.to_draw
            else _("{name} rolls…").format(name=name)
        )

    def human_status(self, name: str) -> str:
        words = table_input.status(self.match.state, self.person_legal(), self.selection)
        return _("{name}: {words}").format(name=name, words=words)
