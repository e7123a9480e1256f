"""The Diced Tomatoes table: wiring of its layout, drawing, input and animations on the kit.

Click (or drag) a rolled die, then a glowing token or vine; karma on the right (its letter
keys), P passes the dice that fit nowhere, E ends the turn. What may be done comes from the
engine's legal actions (:mod:`.input`); nothing is decided or drawn here.
"""

from __future__ import annotations

import math

import pygame

from engine.diced_tomatoes import rules
from engine.diced_tomatoes import state as dt
from scenes import kit
from scenes.table.protocol import Button, GameTable, Handled, Row, Select, TableContext
from scenes.tables.diced_tomatoes import animate, draw, tips
from scenes.tables.diced_tomatoes import input as table_input
from scenes.tables.diced_tomatoes.input import Selection
from scenes.tables.diced_tomatoes.layout import Layout
from scenes.tables.diced_tomatoes.words import roll_words
from sprites import diced_tomatoes_art as da
from translation import _, current_language

QUIET = (dt.DieDrawn, dt.DieRolled)
"""Events the log sums up in one line per roll (:func:`.words.roll_words`)."""


class DicedTomatoesTable(GameTable):
    """Diced Tomatoes on the table kit."""

    pass_before_chance = True  # hot-seat: you see your own dice tumble

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.selection = Selection()
        self.drag: dict | None = None  # {"die": slot, "start": pos, "moved": bool, "was": bool}
        self.hint_picked: int | None = None  # the slot the hint picked up, until the next click

    @property
    def selected(self) -> int | None:
        """The hand slot picked up, if any."""
        return self.selection.die

    # --- what the engine and the layout say now ---------------------------------------------
    def layout(self) -> Layout:
        ctx = self.ctx
        shown, state = ctx.shown, ctx.match.state
        cap = rules.KARMA_MAX_IN_TURN_2023 if state.options["update_2023"] else rules.KARMA_MAX
        key = (
            ctx.size,
            state.num_players,
            max(len(shown.hand), len(state.hand)),
            cap,
            state.options["overload"] and not state.solo,  # bits: none to earn alone
            tips.badge_labels(state),
            ctx.column_width,
        )
        return ctx.cached("layout", (key, current_language()), lambda: Layout(*key))

    def targets(self) -> list:
        ctx = self.ctx
        legal, lay, viewer = ctx.legal(), self.layout(), ctx.viewer_seat()
        return ctx.cached(
            "targets",
            (ctx.shown, self.selection, tuple(legal), lay, viewer),
            lambda: tips.targets(
                lay, ctx.shown, legal, self.selection, tuple(ctx.match.names), viewer, ctx.humans
            ),
        )

    def tooltip_avoid(self, target) -> list:
        """Off the other players' boards where it can (a tooltip over the bot's board hid its
        vines)."""
        return [a for a in self.layout().areas if not a.collidepoint(target.bounds.center)]

    # --- the buttons ------------------------------------------------------------------------
    def controls(self) -> list[Row]:
        """Three rows of karma buttons, then the action row: the pending choice, or Pass and
        End turn."""
        ctx = self.ctx
        state, legal = ctx.match.state, ctx.legal()
        playing = ctx.replay is None and not ctx.finished
        rows = table_input.karma_rows(state, legal, self.selection, playing)
        mine = playing and ctx.own_turn()
        choices = table_input.choices(state, legal, self.selection, ctx.match.names) if mine else []
        rows.append(
            Row(
                tuple(
                    Button(
                        "choice:" + label,
                        label,
                        (label, tip) if tip else (label,),
                        enabled,
                    )
                    for label, _intent, tip, enabled in choices
                ),
                40,
            )
        )
        return rows

    def press(self, key: str):
        ctx = self.ctx
        kind, _sep, name = key.partition(":")
        if kind == "karma":
            return table_input.choose_karma(name, ctx.match.state, ctx.legal(), self.selection)
        if kind == "choice":
            if name == table_input.end_turn_label():
                return self.end_turn()
            row = table_input.choices(ctx.match.state, ctx.legal(), self.selection, ctx.match.names)
            for label, intent, _tip, _enabled in row:
                if label == name:
                    return intent
        return None

    def end_turn(self):
        """End the turn (the dice that fit nowhere are passed first); refused while a die that
        fits is left (:func:`table_input.end_turn`)."""
        return table_input.end_turn(self.ctx.match.state, self.ctx.legal())

    # --- choices ----------------------------------------------------------------------------
    def reset(self) -> None:
        self.selection, self.drag = Selection(), None

    def cancel(self) -> bool:
        """Esc drops a die the player picked up; one the hint picked up is no choice of the
        player's, so Esc opens the menu at once (play-test: the first Esc only cleared it)."""
        hinted = self.hint_picked is not None and self.selection == Selection(die=self.hint_picked)
        had = not self.selection.empty and not hinted
        self.reset()
        self.hint_picked = None
        return had

    def acted(self, action, done: bool) -> None:
        self.reset()

    def landed(self, step, last: bool) -> None:
        if not last:
            return
        state = self.ctx.match.state
        die = self.selection.die
        if die is not None and (die >= len(state.hand) or not isinstance(state.hand[die], dt.Die)):
            self.reset()

    def on_hint(self, action):
        """A hinted die is picked up, so its spots glow (or Pass shows the way)."""
        if isinstance(action, (dt.PassDie, dt.PlaceDie)) and not self.selection.karma:
            self.hint_picked = action.die
            self.selection = Selection(die=action.die)
        return None

    def hint_words(self, words: str) -> str:
        """A karma hint says which button makes it (a tester's Russian hint, «Превратить
        красный 5 в 6…», named no action to take)."""
        karma = _karma_of(self.ctx.current_hint())
        if karma is None:
            return words
        return _("{hint} Make it with the framed button: {action}.").format(
            hint=words, action=karma.label
        )

    def hinted_button(self) -> str | None:
        """A hinted karma action frames its button."""
        karma = _karma_of(self.ctx.current_hint())
        return None if karma is None else "karma:" + karma.kind

    def reason_names_move(self, action) -> bool:
        """The reason says the move ("Seeds your top token with the red 6…") except for
        ending the turn and for a die that completes or clears a vine, where it tells only
        the harvest: the move (which die) is said first there."""
        if isinstance(action, dt.EndTurn):
            return False
        if isinstance(action, dt.PlaceDie):
            events = self.ctx.match.state.clone().apply_action(action)
            return not any(isinstance(e, (dt.VineHarvested, dt.VineCleared)) for e in events)
        return True

    # --- steps and words --------------------------------------------------------------------
    def group(self, events) -> list[list]:
        return animate.group(events)

    def animate(self, events, before, after, stage):
        return animate.animate_step(events, before, after, stage)

    def cues(self, step) -> list:
        """A roll's landings fall within its tumble (one landing per die)."""
        rolled = any(isinstance(e, (dt.DieRolled, dt.FirstRollMade)) for e in step.events)
        if rolled and step.animations:
            return [(list(step.events), max(a.delay + a.duration for a in step.animations))]
        return [(list(step.events), None)]

    def banner_rect(self) -> pygame.Rect:
        return self.layout().banner_rect()

    def log_line(self, event) -> str:
        """Draws and rolls are summed up in one line per roll (:meth:`log_summary`)."""
        if isinstance(event, QUIET):
            return ""
        return super().log_line(event)

    def log_summary(self, events) -> list:
        line = roll_words(events, self.ctx.match.names)
        return [line] if line else []

    def chance_status(self) -> str:
        state = self.ctx.match.state
        if state.phase == dt.Phase.START:
            return _("Rolling for the turn order…")
        name = self.ctx.match.names[state.turn_owner()]
        if state.to_draw:
            return _("{name} draws dice…").format(name=name)
        return _("{name} rolls…").format(name=name)

    def status(self, name: str) -> str:
        words = table_input.status(self.ctx.match.state, self.ctx.person_legal(), self.selection)
        return _("{name}: {words}").format(name=name, words=words)

    # --- input ------------------------------------------------------------------------------
    def handle(self, event):
        ctx = self.ctx
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag["moved"] |= math.dist(event.pos, self.drag["start"]) > kit.DRAG_THRESHOLD
            return None
        state, legal = ctx.match.state, ctx.legal()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return Select(Selection()) if self.cancel() else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = ctx.key_at(event.pos)
            plain = not self.selection.karma and not self.selection.choices
            hinted, self.hint_picked = self.hint_picked, None
            if plain and key and key[0] == "die" and isinstance(state.hand[key[1]], dt.Die):
                # the player's first click on the die the hint picked up keeps it in hand
                kept = hinted == key[1] == self.selection.die
                was = self.selection.die == key[1] and not kept
                intent = None
                if not was and not kept:
                    intent = table_input.click(key, state, legal, self.selection)
                self.drag = {"die": key[1], "start": event.pos, "moved": False, "was": was}
                return intent or Handled()
            return table_input.click(key, state, legal, self.selection) or Handled()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                return table_input.drop(drag["die"], ctx.key_at(event.pos), legal) or Handled()
            if drag["was"]:
                return Select(Selection())  # clicked again: put it back
            return Handled()
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            if event.key == table_input.END_TURN_KEY or event.key in kit.ENTER_KEYS:
                return self.end_turn()
            return table_input.key_press(event.key, state, legal, self.selection)
        return None

    # --- what the board shows ---------------------------------------------------------------
    def view(self) -> draw.View:
        ctx = self.ctx
        legal = ctx.legal()
        spots, karma_dice, karma_vines = table_input.glow(legal, self.selection)
        dragging = self.drag["die"] if self.drag and self.drag["moved"] else None
        return draw.View(
            time=ctx.time,
            names=tuple(ctx.match.names),
            viewer=ctx.viewer_seat(),
            humans=ctx.humans,
            hidden=ctx.hidden(),
            busy=ctx.animating,
            selected=self.selection.die,
            spots=spots,
            karma_dice=karma_dice,
            karma_vines=karma_vines,
            hint=tuple(table_input.hint_rects(self.layout(), ctx.shown, ctx.current_hint())),
            dragging=dragging,
            mine=bool(legal),
        )

    def backdrop(self, view) -> tuple:
        return draw.board_backdrop(self.layout(), self.ctx.shown)

    def draw(self, surface, view) -> None:
        draw.draw_board(surface, self.layout(), self.ctx.shown, view)

    def draw_over_animations(self, surface, view) -> None:
        draw.draw_titles(surface, self.layout(), self.ctx.shown, view)

    def draw_over(self, surface, view) -> bool:
        """The dragged die at the mouse (in place of the tooltip)."""
        ctx = self.ctx
        if self.drag and self.drag["moved"] and ctx.legal():
            die = ctx.match.state.hand[self.drag["die"]]
            if die is not None:
                da.blit_die(surface, ctx.mouse, self.layout().die_big, die.colour, die.face, True)
            return True
        return False

    def draw_summary(self, surface, rect) -> bool:
        """Under the score sheet: each player's score track as dice."""
        draw.draw_summary(surface, rect, self.ctx.match.state, self.ctx.match.names)
        return True


def _karma_of(action) -> table_input.Karma | None:
    """The karma button that makes ``action``, or None for a move that is no karma action."""
    return next((karma for karma in table_input.KARMA if isinstance(action, karma.action)), None)
