"""The Shifting Stones table: wiring of its layout, drawing, input and animations on the table kit.

Drag a stone onto its neighbour to swap them or click it to flip it, then click the card that
pays (or the card first, then the stone); click a matching card to score it; Skip and End turn
are buttons. Whether anything may be done is the engine's answer (:mod:`.input`). The board is
drawn from the viewer's observation only: another hand never reaches the drawing.
"""

from __future__ import annotations

import math

import pygame

from engine.shifting_stones.bots import hint_for
from engine.shifting_stones.data import card_name, card_words, face_name, points_words
from engine.shifting_stones.state import HIDDEN, EndTurn, Flip, Pay, Phase, Score, Shift, Skip
from scenes import kit
from scenes.table.protocol import Button, GameTable, Handled, Row, Select, TableContext
from scenes.tables.shifting_stones import animate, draw
from scenes.tables.shifting_stones import input as table_input
from scenes.tables.shifting_stones.input import Selection
from scenes.tables.shifting_stones.layout import Layout
from translation import _, ngettext


class ShiftingStonesTable(GameTable):
    """Shifting Stones on the table kit."""

    secret_hands = True  # hot-seat: a pass screen before every person's turn, the first too
    hints_follow_plans = True  # a hint is a plan of payments and moves: each next step shown

    def __init__(self, ctx: TableContext):
        super().__init__(ctx)
        self.selection = Selection()
        self.drag: dict | None = None  # a press on a stone: a click (flip) or a drag (swap)

    # --- what the engine and the layout say now ---------------------------------------------
    def layout(self) -> Layout:
        ctx = self.ctx
        key = (ctx.size, ctx.shown.num_players, ctx.viewer_seat(), ctx.column_width)
        return ctx.cached("layout", key, lambda: Layout(*key))

    def seen(self):
        """The position shown, as the seat in front of the screen may see it."""
        ctx = self.ctx
        shown, viewer = ctx.shown, ctx.viewer_seat()
        return ctx.cached("seen", (shown, viewer), lambda: shown.observation(viewer))

    def covered(self) -> bool:
        """Hot-seat with a screen over the table (the pass screen): no hand face up."""
        return len(self.ctx.humans) > 1 and not self.ctx.is_top()

    def away(self) -> dict:
        """``{card: payments away}`` for the viewer's hand (the engine's count)."""
        seen = self.seen()
        hand = tuple(seen.hands[self.ctx.viewer_seat()])
        grid = seen.grid_text()
        return self.ctx.cached(
            "away",
            (grid, hand),
            lambda: {card: seen.payments_away(card) for card in hand if card != HIDDEN},
        )

    def hand(self) -> list:
        return list(self.seen().hands[self.ctx.viewer_seat()])

    def targets(self) -> list:
        ctx = self.ctx
        lay, seen, legal = self.layout(), self.seen(), tuple(ctx.legal())
        covered = self.covered()

        def work_out() -> list:
            out = []
            hand = seen.hands[ctx.viewer_seat()]
            away = self.away()
            for index in reversed(range(len(hand))):
                card = hand[index]
                if card == HIDDEN or covered:
                    continue
                tip = (card_words(card), draw.away_label(away.get(card)))
                active = Score(card) in legal or Pay(card) in legal
                out.append(
                    kit.Target(
                        ("card", card), lay.hand_card(index, len(hand)), tooltip=tip, active=active
                    )
                )
            for square in range(9):
                face = seen.grid[square]
                if face is None:
                    continue
                tip = (
                    face_name(face),
                    _("Click to flip it; drag it onto a neighbour to swap them."),
                )
                out.append(
                    kit.Target(
                        ("stone", square), lay.stone(square), tooltip=tip, active=bool(legal)
                    )
                )
            for seat in range(seen.num_players):  # small beside a name: the tooltip names it
                out.extend(self.scored_targets(seat))
            return out

        return ctx.cached("targets", (seen, legal, lay, covered), work_out)

    def scored_targets(self, seat: int) -> list:
        """A target for each scored card of ``seat`` shown face up, naming it, and for each
        stack (:meth:`Layout.scored_spots`), listing its cards; a click on them does nothing."""
        seen = self.seen()
        scored, most = seen.scored[seat], max(len(cards) for cards in seen.scored)
        name = self.stage_names()[seat]
        by = _("Scored by {name}").format(name=name)
        out = []
        for spot in self.layout().scored_spots(seat, draw.scored_points(scored), most):
            cards = [scored[index] for index in spot.indices]
            if spot.points is None:
                tip: tuple = (card_words(cards[0]), by)
                out.append(kit.Target(("scored", seat, spot.indices[0]), spot.rect, tooltip=tip))
                continue
            title = ngettext(
                "{count} card worth {points}", "{count} cards worth {points} each", len(cards)
            ).format(count=len(cards), points=points_words(spot.points))
            tip = (title, *(card_name(card) for card in cards), by)
            out.append(kit.Target(("stack", seat, spot.points), spot.rect, tooltip=tip))
        return out

    def tooltip_avoid(self, target) -> list:
        """Off the players' rows and the deck and discard line where it can (a stone's
        tooltip hid an opponent's scored cards, then the deck's and the discard's counts),
        unless the target is in one of them."""
        lay = self.layout()
        rows = [lay.info] + [lay.player_row(seat) for seat in range(lay.num_players)]
        return [row for row in rows if not row.collidepoint(target.bounds.center)]

    def tooltip_area(self, target) -> pygame.Rect | None:
        """A stone's tooltip stays over the grid and a hand card's over the hand, beside what
        the pointer is on: kept off every other stone or card, it went far from the pointer
        (a play-test, after a stone was dragged)."""
        lay = self.layout()
        kind = target.key[0]
        return lay.grid if kind == "stone" else lay.hand_area if kind == "card" else None

    def hint_marks(self) -> tuple[tuple, int | None]:
        """``(squares, card)`` the hint frames: a hinted payment frames its card, and once the
        player has chosen that card, the stones of the move the hint pays for (play-test:
        clicking the framed card left nothing marked)."""
        hint = self.ctx.current_hint()
        if isinstance(hint, Pay) and self.selection.card == hint.card:
            hint = self.hinted_move(hint)
        if isinstance(hint, Flip):
            return (hint.square,), None
        if isinstance(hint, Shift):
            return (hint.first, hint.second), None
        if isinstance(hint, (Pay, Score)):
            return (), hint.card
        return (), None

    def hinted_move(self, pay: Pay):
        """The move the hinted payment ``pay`` is for in the hint's plan (the engine's
        ``hint_for``, from what this seat sees), or None."""
        state = self.seen()  # the viewer's observation: no other hand reaches the planning

        def work_out():
            plan = hint_for(state, pay)
            moves = [step for step in plan.steps if isinstance(step, (Shift, Flip))] if plan else []
            return moves[0] if moves else None

        return self.ctx.cached("hinted move", (len(self.ctx.match.history), pay), work_out)

    # --- the buttons ------------------------------------------------------------------------
    def controls(self) -> list[Row]:
        """Skip (when the rules allow it) and End turn; Clear drops a half-made move."""
        state, legal = self.ctx.match.state, self.ctx.legal()
        why_not = table_input.skip_refusal(state) if state.phase == Phase.PLAY else None
        skip_tip = _("Take no action this turn and draw 2 cards")
        if why_not and legal:
            skip_tip = why_not
        return [
            Row(
                (
                    Button("skip", _("Skip"), skip_tip, enabled=Skip() in legal),
                    Button(
                        "end",
                        _("End turn"),
                        _("End your turn and draw back up to 4 cards (Enter)"),
                        enabled=EndTurn() in legal,
                    ),
                )
            ),
            Row(
                (
                    Button(
                        "clear",
                        _("Clear"),
                        _("Drop the chosen stone or card (Esc or right-click)"),
                        enabled=not self.selection.empty,
                    ),
                )
            ),
        ]

    def press(self, key: str):
        state, legal = self.ctx.match.state, self.ctx.legal()
        if key == "skip":
            return table_input.skip(state, legal)
        if key == "end":
            return table_input.end_turn(state, legal)
        if key == "clear":
            return Select(Selection())
        return None

    def hint_tip(self) -> str:
        return _("What would the Hard computer player do here? (H) Its stones or card are framed.")

    def hint_words(self, words: str) -> str:
        """The hint, and what one click on what it frames does."""
        hint = self.ctx.current_hint()
        if isinstance(hint, Score):
            return _("{hint} Click the framed card.").format(hint=words)
        if isinstance(hint, (Skip, EndTurn)):
            return _("{hint} Click the framed button.").format(hint=words)
        if isinstance(hint, Pay):
            # the hint frames the card and chooses nothing: a drag made meanwhile pays with
            # the card the player chose, never one the hint chose for them (play-test)
            return _("{hint} Click the framed card, then make the move it names.").format(
                hint=words
            )
        return words

    def hinted_button(self) -> str | None:
        """A hinted skip frames Skip, a hinted end of the turn End turn."""
        hint = self.ctx.current_hint()
        if isinstance(hint, Skip):
            return "skip"
        if isinstance(hint, EndTurn):
            return "end"
        return None

    # --- choices ----------------------------------------------------------------------------
    def reset(self) -> None:
        self.selection, self.drag = Selection(), None

    def cancel(self) -> bool:
        had = not self.selection.empty
        self.reset()
        return had

    def acted(self, action, done: bool) -> None:
        if done:
            self.reset()

    def landed(self, step, last: bool) -> None:
        if last and not self.ctx.own_turn():
            self.reset()

    # --- steps and words --------------------------------------------------------------------
    def animate(self, events, before, after, stage):
        return animate.animate(events, before, after, stage)

    def banner_rect(self) -> pygame.Rect:
        return self.layout().banner_rect()

    def chance_status(self) -> str:
        return _("Drawing cards…")

    def status(self, name: str) -> str:
        return _("{name}: {what}").format(
            name=name,
            what=table_input.status(self.ctx.match.state, self.ctx.person_legal(), self.selection),
        )

    # --- input ------------------------------------------------------------------------------
    def handle(self, event):
        ctx = self.ctx
        if event.type == pygame.MOUSEMOTION:
            if (
                self.drag is not None
                and math.dist(event.pos, self.drag["start"]) > kit.DRAG_THRESHOLD
            ):
                self.drag["moved"] = True
            return None
        state, legal = ctx.match.state, ctx.legal()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return Select(Selection()) if self.cancel() else None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            key = ctx.key_at(event.pos)
            if key is None or not legal:
                return None
            if key[0] == "card":
                return table_input.choose_card(state, legal, self.selection, key[1])
            if key[0] == "stone":
                self.drag = {"start": event.pos, "square": key[1], "moved": False}
                return Handled()
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if not legal:
                return None
            if not drag["moved"]:
                return table_input.choose_move(state, legal, self.selection, Flip(drag["square"]))
            target = self.layout().square_at(event.pos)
            if target is None or target == drag["square"]:
                return Handled()  # put back where it was
            return table_input.choose_move(
                state, legal, self.selection, Shift(drag["square"], target)
            )
        if event.type == pygame.KEYDOWN and event.key in kit.ENTER_KEYS and legal:
            return table_input.end_turn(state, legal)  # the turn's main step, as on every table
        return None

    # --- what the board shows ---------------------------------------------------------------
    def view(self) -> draw.View:
        ctx = self.ctx
        lay = self.layout()
        busy = ctx.animating
        key = None if busy else ctx.key_at(ctx.mouse)
        drag = drop = None
        if self.drag is not None and self.drag["moved"] and not busy:
            drag = (self.drag["square"], ctx.mouse)
            over = lay.square_at(ctx.mouse)
            drop = over if over not in (None, self.drag["square"]) else None
        squares, card = self.hint_marks()
        covered = self.covered()
        return draw.View(
            seen=self.seen(),
            names=tuple(ctx.match.names),
            viewer=ctx.viewer_seat(),
            time=ctx.time,
            hidden=frozenset(ctx.hidden()),
            covered=covered,
            selection=self.selection,
            hovered_square=key[1] if key and key[0] == "stone" and ctx.legal() else None,
            hovered_card=key[1] if key and key[0] == "card" and not covered else None,
            drag=drag,
            drop=drop,
            hint_squares=squares,
            hint_card=card,
            away={} if covered else self.away(),
        )

    def draw(self, surface, view) -> None:
        draw.draw_board(surface, self.layout(), view)

    def draw_over(self, surface, view) -> bool:
        """A dragged stone, in place of the tooltip (the drag says what it does)."""
        if view.drag is None:
            return False
        draw.draw_dragged(surface, self.layout(), view)
        return True

    def draw_summary(self, surface, rect) -> bool:
        """Under the score sheet, every player's scored cards, the one under the pointer
        large beside it."""
        match = self.ctx.match
        cards = draw.draw_scored_summary(surface, rect, match.state, match.names)
        draw.draw_zoomed_card(surface, cards, pygame.mouse.get_pos())
        return True
