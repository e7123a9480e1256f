"""The Potion Explosion table: wiring of its layout, drawing, input and animations on the kit.

Hover a marble to see what explodes, click to pick; click a hand marble to place it (or drag
it), P places every sure marble; click a completed potion to drink it. What may be done comes
from the engine's legal actions (:mod:`.input`); nothing is decided or drawn here.
"""

from __future__ import annotations

import functools
import math

import pygame

import translation
from engine.potion_explosion import heuristics
from engine.potion_explosion import state as pe
from engine.potion_explosion.state import Phase
from scenes import kit
from scenes.table.protocol import (
    ActAll,
    Button,
    GameTable,
    Handled,
    Instead,
    Row,
    Select,
    TableContext,
)
from scenes.tables.potion_explosion import animate, draw, tips
from scenes.tables.potion_explosion import input as table_input
from scenes.tables.potion_explosion.input import PlaceAll, Selection
from scenes.tables.potion_explosion.last_turn import last_turns
from scenes.tables.potion_explosion.layout import Layout
from scenes.tables.potion_explosion.sheet import draw_score_sheet
from sprites import potion_explosion_art as pa
from translation import _, ngettext

QUIET = (pe.MarbleRefilled, pe.MarblesSlid)
"""Events the log leaves out: the dispenser shows them (40 refill lines would drown the log)."""


class PotionExplosionTable(GameTable):
    """Potion Explosion on the table kit."""

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.selection = Selection()
        self.drag: dict | None = None  # {"marble": (source, colour), "start": pos, "moved": bool}
        self.last_turns = last_turns(ctx.match.events, ctx.match.state.num_players)
        """What each seat did on its last turn (the strip under its desk), as landed."""
        self._moving = False
        self.placed: tuple | None = None
        """``(placement, the other placements)`` of a marble one click put where the hint
        would: a click on it moves it to the next of the others."""
        self.hinted_plan: tuple | None = None
        """``((seat, turns taken), slot order)``: the plan of the hint given this turn
        (:func:`heuristics.fill_order`), which one-click placements follow."""

    # --- what the engine and the layout say now ---------------------------------------------
    def layout(self) -> Layout:
        ctx = self.ctx
        key = (ctx.size, ctx.shown.num_players, ctx.viewer_seat(), ctx.column_width)
        # labels' widths: the layout is made again in another language
        return ctx.cached("layout", (key, translation.current_language()), lambda: Layout(*key))

    def targets(self) -> list:
        ctx = self.ctx
        legal, lay, last = ctx.legal(), self.layout(), self.last_turns
        return ctx.cached(
            "targets",
            (ctx.shown, self.selection, tuple(legal), lay, last),
            lambda: tips.targets(lay, ctx.shown, legal, self.selection, ctx.viewer_seat(), last),
        )

    def tooltip_avoid(self, target) -> list:
        """The holes the hovered hand or pool marble fits, and the pool or hand it may go to:
        its tooltip says "click a glowing hole", so it must leave them in sight."""
        key = target.key
        if not key or key[0] not in ("hand", "pool"):
            return []
        fits = {(a.slot, a.hole) for a in table_input.placements(self.ctx.legal(), *key)}
        avoid = [
            t.bounds for t in self.targets() if t.key[0] == "hole" and (t.key[1], t.key[2]) in fits
        ]
        lay = self.layout()
        avoid.append(lay.pool_zone() if key[0] == "hand" else lay.hand_zone())
        return avoid

    # --- the buttons ------------------------------------------------------------------------
    def help_tip(self) -> str:
        """The Little Help button's tip: what it does, or, once chosen, what Cancel does."""
        if self.selection.help_mode:
            return _("Take no marble with the Little Help after all (L)")
        return _(
            "Once per turn: take any one marble (no explosion) for a Little Help token worth "
            "-2 VP. (L)"
        )

    def hinted_button(self) -> str | None:
        """A hinted Little Help frames its button until it is pressed (a play-test: the hint
        named the marble, and clicking it was refused as a second take)."""
        hint = self.ctx.current_hint()
        if isinstance(hint, pe.LittleHelp) and not self.selection.help_mode:
            return "help"
        return None

    def controls(self) -> list[Row]:
        """Little Help and End turn; Place all and the pending choice (two choices take the
        whole row)."""
        ctx = self.ctx
        state, legal = ctx.match.state, ctx.legal()
        mine = ctx.replay is None and ctx.match.is_human_turn()
        playing = mine and state.phase == Phase.PLAY and state.effect is None
        refusal = state.end_turn_refusal() if playing else None
        end_tip = (kit.with_key(refusal, "E") if refusal else None) or _(
            "End your turn: marbles left in your hand go back to the tank; then refill "
            "empty slots from the stacks. (E)"
        )
        first = (
            Button(
                "help",
                _("Cancel help") if self.selection.help_mode else _("Little Help (-2)"),
                self.help_tip(),
                any(isinstance(a, pe.LittleHelp) for a in legal),
            ),
            Button("end", _("End turn"), end_tip, playing),
        )
        place = Button(
            "place",
            _("Place all"),
            _("Put every marble whose hole is sure into it (P)"),
            table_input.sure_placement(state, legal) is not None,
        )
        choices = table_input.choices(state, legal, self.selection) if mine else []
        second = tuple(Button("choice:" + label, label, tip) for label, _intent, tip in choices)
        if len(second) < 2:
            second = (place, *second)  # with two choices, Place all waits
        return [Row(first), Row(second)]

    def press(self, key: str):
        ctx = self.ctx
        state, legal = ctx.match.state, ctx.legal()
        if key == "help":
            return table_input.key_press(table_input.HELP_KEY, state, legal, self.selection)
        if key == "end":
            return table_input.key_press(table_input.END_TURN_KEY, state, legal, self.selection)
        if key == "place":
            return self.place_all()
        kind, _sep, name = key.partition(":")
        if kind == "choice":
            for label, intent, _tip in table_input.choices(state, legal, self.selection):
                if label == name:
                    return intent
        return None

    def place_all(self):
        """Place every marble whose hole is sure, one after another (P)."""
        self.reset()
        match = self.ctx.match
        return ActAll(next=lambda: table_input.sure_placement(match.state, match.legal_actions()))

    # --- choices ----------------------------------------------------------------------------
    def reset(self) -> None:
        self.selection, self.drag = Selection(), None

    def cancel(self) -> bool:
        had = not self.selection.empty
        self.reset()
        return had

    def acted(self, action, done: bool) -> None:
        self.reset()
        if self.placed is not None and action != self.placed[0]:
            self.placed = None

    def on_hint(self, action):
        """The hint's plan for the marbles it brings is kept for the turn: one click puts a
        hand marble where the hint's reason said ("for an empty hole of your …")."""
        state = self.ctx.match.state
        gained = heuristics.hinted_gain(state, action)
        if gained is not None and state.current_player() >= 0:
            desk = state.desks[state.current_player()]
            self.hinted_plan = (self._turn(), heuristics.fill_order(desk, gained))
        return None

    def _turn(self) -> tuple:
        state = self.ctx.match.state
        seat = state.current_player()
        return (seat, state.desks[seat].turns if seat >= 0 else -1)

    def prefer(self, options: list):
        """Where a marble that fits more than one hole goes on one click: the hinted
        placement itself; else the first potion of the plan of this turn's hint (the potion
        its reason named), or without one of the plan the hint makes for the marbles held
        (:func:`heuristics.fill_order`: completions first, then holes filled); among holes
        of one potion, the one the game's evaluation of the position likes best (the others,
        in order of preference, are one click away)."""
        state = self.ctx.match.state
        player = state.current_player()
        bots = self.ctx.match.spec.bots
        hint = self.ctx.current_hint()
        if self.hinted_plan is not None and self.hinted_plan[0] == self._turn():
            order = self.hinted_plan[1]
        else:
            order = heuristics.fill_order(state.desks[player])

        def rank(action) -> tuple:
            after = state.clone()
            after.apply_action(action)
            worth = bots.evaluate(after, player) if bots is not None else 0.0
            planned = order.index(action.slot) if action.slot in order else len(order)
            return (action != hint, planned, -worth)

        ranked = sorted(options, key=rank)
        distinct = list({(a.slot, a.hole): a for a in reversed(ranked)}.values())[::-1]
        self.placed = (distinct[0], tuple(distinct[1:]))
        return distinct[0]

    def moved_again(self, key):
        """A click on the marble one click just placed: it goes to the next hole it fits
        instead (the engine takes the placement back first)."""
        if self.placed is None or not key or key[0] != "hole":
            return None
        placement, others = self.placed
        if (key[1], key[2]) != (placement.slot, placement.hole) or not others:
            return None
        if not self._still_placed():
            return None
        self.placed = (others[0], (*others[1:], placement))
        self._moving = True  # the take-back that comes first keeps what was placed
        return Instead(others[0])

    def _still_placed(self) -> bool:
        """True while the marble one click placed still sits in its potion: a marble that
        completed the potion went with it, and cannot be moved to another."""
        if self.placed is None:
            return False
        placement = self.placed[0]
        state = self.ctx.match.state
        if state.current_player() < 0:
            return False
        brewing = state.desks[state.current_player()].slots[placement.slot]
        return brewing is not None and placement.hole + placement.colour in brewing.placed

    def landed(self, step, last: bool) -> None:
        if last:
            match = self.ctx.match
            self.last_turns = last_turns(match.events, match.state.num_players)

    def position_changed(self) -> None:
        if not self._moving:
            self.placed = None  # taken back by the person: the marble is in hand again
        self._moving = False
        match = self.ctx.match
        self.last_turns = last_turns(match.events, match.state.num_players)

    def ready(self):
        """The engine leaves one choice (a single stack, Blind Love with one opponent): made
        at once."""
        action = table_input.forced_choice(self.ctx.match.state, self.ctx.legal())
        return None if action is None else table_input.Act(action)

    def reason_names_move(self, action) -> bool:
        """The reason says the move ("Takes the red marble…") except for a starter or stack
        chosen at set-up and ending the turn, where it tells only why."""
        return not isinstance(action, (pe.DraftStarter, pe.ChooseStack, pe.EndTurn))

    # --- steps and words --------------------------------------------------------------------
    def group(self, events) -> list[list]:
        return animate.group(events)

    def animate(self, events, before, after, stage):
        return animate.animate_step(events, before, after, stage)

    def banner_rect(self) -> pygame.Rect:
        return self.layout().banner_rect()

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
        pieces = [
            _("{count} {colour}").format(
                count=len(e.positions), colour=pe.colours_for(e.colour, len(e.positions))
            )
            for e in booms
        ]
        parts = functools.reduce(
            # TRANSLATORS: explosions one after the other: "3 yellow, then 2 red"
            lambda earlier, later: _("{earlier}, then {later}").format(
                earlier=earlier, later=later
            ),
            pieces,
        )
        total = 1 + sum(len(e.positions) for e in booms)  # the picked marble never explodes
        who = self.ctx.match.names[booms[0].player]
        return [
            ngettext(
                "{name} took {total} marble: the one picked, then {parts} exploded.",
                "{name} took {total} marbles: the one picked, then {parts} exploded.",
                total,
            ).format(name=who, parts=parts, total=total)
        ]

    def chance_status(self) -> str:
        setup = self.ctx.match.state.phase in (Phase.STARTERS, Phase.FIRST)
        return _("Setting up…") if setup else _("The dispenser rolls…")

    def status(self, name: str) -> str:
        ctx = self.ctx
        state, legal = ctx.match.state, ctx.person_legal()
        if self.placed is not None and self.placed[1] and legal and self._still_placed():
            placed, instead = self.placed[0], self.placed[1][0]
            other = state.desks[state.current_player()].slots[instead.slot]
            if other is not None and instead.slot == placed.slot:
                # a wild marble's other hole in the same potion (a play-test: it named the
                # potion the marble was already in)
                return _(
                    "{name}: the {colour} marble went where the hint would put it; click it "
                    "to move it to another hole of {potion}."
                ).format(
                    name=name,
                    colour=pe.colours_for(placed.colour, 1),
                    potion=pe.potion_name(other.tile),
                )
            if other is not None:
                return _(
                    "{name}: the {colour} marble went where the hint would put it; click it "
                    "to move it to {potion} instead."
                ).format(
                    name=name,
                    colour=pe.colours_for(self.placed[0].colour, 1),
                    potion=pe.potion_name(other.tile),
                )
        words = table_input.preview_words(state, legal, self.selection, ctx.key_at(ctx.mouse))
        return words or _("{name}: {status}").format(
            name=name, status=table_input.status(state, legal, self.selection)
        )

    # --- input ------------------------------------------------------------------------------
    def handle(self, event):
        ctx = self.ctx
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag["moved"] |= math.dist(event.pos, self.drag["start"]) > kit.DRAG_THRESHOLD
            return None
        state, legal = ctx.match.state, ctx.legal()
        viewer = ctx.viewer_seat()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return Select(Selection()) if self.cancel() else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = ctx.key_at(event.pos)
            if table_input.drags(key) and state.effect is None and state.phase == Phase.PLAY:
                self.drag = {"marble": (key[0], key[1]), "start": event.pos, "moved": False}
                return Handled()
            again = self.moved_again(key)
            if again is not None:
                return again
            intent = table_input.click(key, state, legal, self.selection, viewer, self.prefer)
            return intent or Handled()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                return table_input.drop(*drag["marble"], ctx.key_at(event.pos), legal) or Handled()
            key = ctx.key_at(drag["start"])
            intent = table_input.click(key, state, legal, self.selection, viewer, self.prefer)
            return intent or Handled()
        if event.type == pygame.KEYDOWN and not event.mod & pygame.KMOD_CTRL:
            intent = table_input.key_press(event.key, state, legal, self.selection)
            return self.place_all() if isinstance(intent, PlaceAll) else intent
        return None

    # --- what the board shows ---------------------------------------------------------------
    def view(self) -> draw.View:
        ctx = self.ctx
        busy = ctx.animating
        key = None if busy else ctx.key_at(ctx.mouse)
        marks = table_input.highlights(ctx.match.state, ctx.legal(), self.selection, key)
        hint = table_input.hint_rects(
            self.layout(), ctx.shown, ctx.current_hint(), ctx.viewer_seat()
        )
        return draw.View(
            time=ctx.time,
            names=tuple(ctx.match.names),
            patterns=ctx.patterns,
            hidden=ctx.hidden(),
            busy=busy,
            mouse=ctx.mouse,
            dragging=bool(self.drag and self.drag["moved"]),
            last_turns=self.last_turns,
            hint=tuple(hint),
            **marks,
        )

    def backdrop(self, view) -> tuple:
        return draw.board_backdrop(self.layout(), self.ctx.shown, view)

    def draw(self, surface, view) -> None:
        draw.draw_board(surface, self.layout(), self.ctx.shown, view)

    def draw_over(self, surface, view) -> bool:
        """The dragged marble; the zoomed desk under the mouse (in place of the tooltip)."""
        ctx = self.ctx
        if self.drag and self.drag["moved"] and ctx.legal():
            pa.blit_marble(
                surface, ctx.mouse, self.layout().md, self.drag["marble"][1], ctx.patterns
            )
            return True
        key = ctx.key_at(ctx.mouse) if not ctx.animating else None
        if key and key[0] == "desk" and ctx.is_top():
            target = next(t for t in self.targets() if t.key == key)
            avoid = ctx.tip_avoid(target)
            lay = self.layout()
            draw.draw_zoom(surface, lay, ctx.shown, key[1], view, lay.boxes[key[1]], avoid)
            return True
        return False

    def draw_sheet(self, surface, rect, sheet) -> bool:
        """The score sheet: each player's points, potions, tokens and Little Help."""
        ctx = self.ctx
        draw_score_sheet(surface, rect, ctx.match.state, ctx.match.names, sheet, ctx.patterns)
        return True
