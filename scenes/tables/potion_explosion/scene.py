"""The Potion Explosion table scene: wiring only.

It builds the buttons, turns mouse and keys into intents (:mod:`.input`), applies the actions
through the match (the base, :mod:`scenes.table_base`), gives the base its steps
(:mod:`.animate`) and fills the :class:`.draw.View` that :mod:`.draw` paints. No rule is decided
here and nothing is drawn here: what may be done comes from the engine's legal actions.
"""

from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

import translation
from engine.potion_explosion import state as pe
from engine.potion_explosion.data import COLOUR_NAMES
from engine.potion_explosion.state import Phase
from scenes import kit
from scenes.table_base import TableScene
from scenes.tables.potion_explosion import animate, draw
from scenes.tables.potion_explosion import input as table_input
from scenes.tables.potion_explosion.input import Act, PlaceAll, Say, Select, Selection
from scenes.tables.potion_explosion.layout import Layout
from sprites import potion_explosion_art as pa
from translation import _, ngettext, pgettext

QUIET = (pe.MarbleRefilled, pe.MarblesSlid)
"""Events the log leaves out: the dispenser shows them (40 refill lines would drown the log)."""


class PotionExplosionTable(TableScene):
    """Play Potion Explosion: hover a marble to see what explodes, click to pick; click a hand
    marble to place it (or drag it), P places every sure marble; click a completed potion to
    drink it."""

    log_width = 300

    def __init__(self, app, match, replay=None):
        super().__init__(app, match, replay)
        self.selection = Selection()
        self.drag = None  # {"marble": (source, colour), "start": pos, "moved": bool}
        self.last_turns = draw.last_turns(match.events, match.state.num_players)
        self.forced_pending = False
        self._cache = {}
        self._context = ()

    # --- what the engine and the layout say now ----------------------------------------------
    @property
    def patterns(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind_patterns", False))

    @property
    def layout(self) -> Layout:
        key = (self.app.size, self.shown.num_players, self.viewer_seat())
        if self._cache.get("layout_key") != (key, translation.current_language()):  # labels' widths
            self._cache = {
                "layout_key": (key, translation.current_language()),
                "layout": Layout(*key, self.log_width),
            }
        return self._cache["layout"]

    def targets(self) -> list:
        legal = self.legal()
        key = (self.shown, self.selection, legal, self.layout, self.last_turns)
        if self._cache.get("targets_key") != key:
            self._cache["targets_key"] = key
            self._cache["targets"] = table_input.targets(
                self.layout, self.shown, legal, self.selection, self.viewer_seat(), self.last_turns
            )
        return self._cache["targets"]

    def tooltip_avoid(self) -> list:
        """Also the holes the hovered hand or pool marble fits, and the pool or hand it may go
        to: its tooltip says "click a glowing hole", so it must leave them in sight."""
        avoid = super().tooltip_avoid()
        key = self.key_at(self.mouse)
        if key and key[0] in ("hand", "pool"):
            fits = {(a.slot, a.hole) for a in table_input.placements(self.legal(), *key)}
            avoid += [
                t.bounds
                for t in self.targets()
                if t.key[0] == "hole" and (t.key[1], t.key[2]) in fits
            ]
            avoid.append(self.layout.pool_zone() if key[0] == "hand" else self.layout.hand_zone())
        return avoid

    # --- controls ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        ui, c = self.app.ui, self.container
        row = self.control_row()
        half = (row.width - 6) // 2
        self.help_button = UIButton(
            pygame.Rect(row.x, row.y, half, row.height),
            _("Little Help (-2)"),
            ui,
            container=c,
            command=self.toggle_help,
        )  # its tip follows its label: refresh_controls
        self.end_button = UIButton(
            pygame.Rect(row.x + half + 6, row.y, row.width - half - 6, row.height),
            _("End turn"),
            ui,
            container=c,
            command=self.end_turn,
        )
        row = self.control_row()
        self.place_button = UIButton(
            pygame.Rect(row.x, row.y, half, row.height),
            _("Place all"),
            ui,
            container=c,
            command=self.place_all,
        )
        self.explain_button(self.place_button, _("Put every marble whose hole is sure into it (P)"))
        self.choice_row = pygame.Rect(row.x + half + 6, row.y, row.width - half - 6, row.height)
        self.choice_buttons, self._choices = [], None

    def on_controls_built(self) -> None:
        self.refresh_controls()

    def help_tip(self) -> str:
        """The Little Help button's tip: what it does, or, once chosen, what Cancel does (the
        old tip stayed under the new label: play-test)."""
        if self.selection.help_mode:
            return _("Take no marble with the Little Help after all (L)")
        return _(
            "Once per turn: take any one marble (no explosion) for a Little Help token worth "
            "-2 VP. (L)"
        )

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; the second row offers the pending choice."""
        if self.container is None:
            return
        state, legal = self.match.state, self.legal()
        mine = self.replay is None and self.match.is_human_turn()
        kit.set_enabled(self.help_button, any(isinstance(a, pe.LittleHelp) for a in legal))
        label = _("Cancel help") if self.selection.help_mode else _("Little Help (-2)")
        if self.help_button.text != label:
            self.help_button.set_text(label)
        self.explain_button(self.help_button, self.help_tip())
        playing = mine and state.phase == Phase.PLAY and state.effect is None
        kit.set_enabled(self.end_button, playing)
        self.explain_button(
            self.end_button,
            (
                kit.with_key(state.end_turn_refusal(), "E")
                if playing and state.end_turn_refusal()
                else None
            )
            or _(
                "End your turn: marbles left in your hand go back to the tank; then refill "
                "empty slots from the stacks. (E)"
            ),
        )
        kit.set_enabled(self.place_button, table_input.sure_placement(state, legal) is not None)
        choices = table_input.choices(state, legal, self.selection) if mine else []
        if [label for label, _intent, _tip in choices] != self._choices:
            for button in self.choice_buttons:
                self.button_tips.pop(button, None)
                button.kill()
            self._choices = [label for label, _intent, _tip in choices]
            self.choice_buttons = []
            row = self.choice_row
            if len(choices) > 1:  # two choices take the row: Place all waits
                row = row.union(self.place_button.relative_rect)
                self.place_button.hide()
            else:
                self.place_button.show()
            width = (row.width - 6 * (len(choices) - 1)) // max(1, len(choices))
            for i, (label, _intent, tip) in enumerate(choices):
                button = UIButton(
                    pygame.Rect(row.x + i * (width + 6), row.y, width, row.height),
                    label,
                    self.app.ui,
                    container=self.container,
                    command=kit.bind(self.choose, label),
                )
                self.explain_button(button, tip)
                self.choice_buttons.append(button)

    def choose(self, label: str) -> None:
        """A second-row button: its intent, asked again now (the selection may have moved)."""
        if self.human_to_move():
            for choice, intent, _tip in table_input.choices(
                self.match.state, self.legal(), self.selection
            ):
                if choice == label:
                    self.apply(intent)

    # --- steps, log, landing -----------------------------------------------------------------
    def steps(self, events, before) -> list:
        humans = tuple(i for i, seat in enumerate(self.match.seats) if not seat.is_bot)
        stage = animate.Stage(
            self.layout,
            tuple(self.match.names),
            self.patterns,
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
        """Leave out what the dispenser shows by itself (refills, slides, plain meetings)."""
        if isinstance(event, QUIET) or (isinstance(event, pe.SeamCollision) and not event.explodes):
            return ""
        return super().log_line(event)

    def log_summary(self, events) -> list:
        """One line summing up what a pick brought: the picked marble and its explosions ("Ana
        took 6 marbles: the one picked, then 3 yellow, then 2 red exploded.")."""
        booms = [e for e in events if isinstance(e, pe.Exploded)]
        if not booms:
            return []
        parts = _(", then ").join(
            _("{count} {colour}").format(
                count=len(e.positions), colour=pgettext("marbles", COLOUR_NAMES[e.colour])
            )
            for e in booms
        )
        total = 1 + sum(len(e.positions) for e in booms)  # the picked marble never explodes
        who = self.match.names[booms[0].player]
        return [
            ngettext(
                "{name} took {total} marble: the one picked, then {parts} exploded.",
                "{name} took {total} marbles: the one picked, then {parts} exploded.",
                total,
            ).format(name=who, parts=parts, total=total)
        ]

    def on_shown(self) -> None:
        self.last_turns = draw.last_turns(self.match.events, self.match.state.num_players)
        self.refresh_controls()

    def land(self, step, lines, last) -> None:
        super().land(step, lines, last)
        self.forced_pending = last  # the engine leaves one choice: make it next frame

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.forced_pending and self.human_to_move():
            self.forced_pending = False
            action = table_input.forced_choice(self.match.state, self.legal())
            if action is not None:
                self.act(action)
        if self._context != (self.human_to_move(), self.selection):
            self._context = (self.human_to_move(), self.selection)
            self.refresh_controls()

    # --- commands ----------------------------------------------------------------------------
    def reset_selection(self) -> None:
        self.selection, self.drag = Selection(), None
        self.forced_pending = False  # after an undo the one choice waits for a click

    def cancel_selection(self) -> bool:
        had = not self.selection.empty
        self.reset_selection()
        if had:
            self.clear_message()  # its prompt ("Now click the other end…") no longer holds
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
        elif isinstance(intent, Select):
            self.selection = intent.selection
            if intent.message:
                self.say(intent.message, 8)
            else:
                self.clear_message()
        elif isinstance(intent, Say):
            self.say(intent.message, 6)
        elif isinstance(intent, PlaceAll):
            self.place_all()

    def toggle_help(self) -> None:
        if self.human_to_move():
            self.apply(
                table_input.key_press(
                    table_input.HELP_KEY, self.match.state, self.legal(), self.selection
                )
            )

    def end_turn(self) -> None:
        if self.human_to_move():
            self.apply(
                table_input.key_press(
                    table_input.END_TURN_KEY, self.match.state, self.legal(), self.selection
                )
            )

    def place_all(self) -> None:
        """Place every marble whose hole is sure, one after another (P)."""
        if not self.human_to_move():
            return
        self.reset_selection()
        self.clear_message()
        self.try_actions(
            lambda: table_input.sure_placement(self.match.state, self.match.legal_actions())
        )

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
            if table_input.drags(key) and state.effect is None and state.phase == Phase.PLAY:
                self.drag = {"marble": (key[0], key[1]), "start": event.pos, "moved": False}
                return True
            self.apply(table_input.click(key, state, legal, self.selection, self.viewer_seat()))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            key = self.key_at(event.pos)
            if drag["moved"]:
                self.apply(table_input.drop(*drag["marble"], key, legal))
            else:
                self.apply(
                    table_input.click(
                        self.key_at(drag["start"]), state, legal, self.selection, self.viewer_seat()
                    )
                )
            return True
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            intent = table_input.key_press(event.key, state, legal, self.selection)
            if intent is not None:
                self.apply(intent)
                return True
        return False

    # --- what the board shows ----------------------------------------------------------------
    def view(self) -> draw.View:
        busy = self.anims.busy
        key = None if busy else self.key_at(self.mouse)
        marks = table_input.highlights(self.match.state, self.legal(), self.selection, key)
        hint = table_input.hint_rects(
            self.layout, self.shown, self.current_hint(), self.viewer_seat()
        )
        return draw.View(
            time=self.time,
            names=tuple(self.match.names),
            patterns=self.patterns,
            hidden=frozenset(self.anims.hidden()),
            busy=busy,
            mouse=self.mouse,
            dragging=bool(self.drag and self.drag["moved"]),
            last_turns=self.last_turns,
            hint=tuple(hint),
            **marks,
        )

    def board_backdrop(self) -> tuple:
        return draw.board_backdrop(self.layout, self.shown, self.frame_view())

    def draw_board(self, surface) -> None:
        draw.draw_board(surface, self.layout, self.shown, self.frame_view())

    def draw_over(self, surface) -> None:
        """The dragged marble; the zoomed desk under the mouse; else the tooltip."""
        if self.drag and self.drag["moved"] and self.human_to_move():
            pa.blit_marble(
                surface, self.mouse, self.layout.md, self.drag["marble"][1], self.patterns
            )
            return
        key = self.key_at(self.mouse) if not self.anims.busy else None
        if key and key[0] == "desk" and self.app.manager.top is self:
            draw.draw_zoom(
                surface,
                self.layout,
                self.shown,
                key[1],
                self.view(),
                self.layout.boxes[key[1]],
                self.tooltip_avoid(),
            )
            return
        self.draw_tooltip(surface)

    def draw_sheet(self, surface, rect, sheet) -> None:
        """The score sheet: each player's points, potions, tokens and Little Help."""
        draw.draw_score_sheet(
            surface, rect, self.match.state, self.match.names, sheet, self.patterns
        )

    # --- the top bar ---------------------------------------------------------------------------
    def chance_status(self) -> str:
        setup = self.match.state.phase in (Phase.STARTERS, Phase.FIRST)
        return _("Setting up…") if setup else _("The dispenser rolls…")

    def reason_names_move(self, action) -> bool:
        """The reason says the move ("Takes the red marble…") except for a starter or stack
        chosen at set-up and ending the turn, where it tells only why."""
        return not isinstance(action, (pe.DraftStarter, pe.ChooseStack, pe.EndTurn))

    def human_status(self, name: str) -> str:
        state, legal = self.match.state, self.person_legal()
        words = table_input.preview_words(state, legal, self.selection, self.key_at(self.mouse))
        return words or _("{name}: {status}").format(
            name=name, status=table_input.status(state, legal, self.selection)
        )
