"""The Diced Tomatoes table: tomato tokens and vines, score tracks, karma, the tray and bushel.

The scene decides no rule: targets come from ``state.targets_for_die``, karma choices from
``state.karma_actions``, refusals from the engine. Events become animations (dice drawn from the
bushel, tumbling rolls, placements, harvests, clearing, karma heart moves, passed dice); each
animation group, when it lands, shows the state after its events as the engine's ``apply_event``
gives it, and the board catches up with the engine's state at the end.
"""
from __future__ import annotations

import functools
import math

import pygame
from pygame_gui.elements import UIButton

from engine.diced_tomatoes import rules as dt_rules
from engine.diced_tomatoes import state as dt
from engine.diced_tomatoes.events import apply_event
from scenes import kit
from scenes.table_base import TableScene
from sprites import art
from sprites.tween import Animation, arc_point, bounce_out, ease_in_out, ease_out_back, lerp_point

COLOUR_KEYS = {"r": "red", "b": "black", "g": "gold"}
KARMA_BUTTONS = (
    ("reroll", "Re-roll", dt.Reroll, "Re-roll one of your rolled dice."),
    ("shift", "Shift ±1", dt.Shift, "Turn one rolled die up or down by one (no wrap from 6 to 1)."),
    ("clean", "Clean vine", dt.CleanVine, "Return every die of one of your vines to the bushel."),
    ("roll_over", "Roll over", dt.RollOver, "Turn a rolled 1 into a 6, or a 6 into a 1."),
    ("flip", "Flip seed", dt.FlipSeed, "Flip a lone seed to its opposite face: 1↔6, 2↔5, 3↔4."),
    ("set", "Set a die", dt.SetDie, "Turn one rolled die to any face you like."),
)
"""The karma panel: kind (as in ``state.karma_actions()``), label, action class (its cost comes
from the engine's ``KARMA_COSTS``), tooltip."""
KARMA_DIE_KINDS = {"reroll", "shift", "roll_over", "set"}


def die_surface(size: int, colour: str, face, glow=False) -> pygame.Surface:
    """A die for colour code "r"/"b"/"g"; an unrolled die (face None) shows no pips."""
    return art.die_face(size, face or 0, COLOUR_KEYS[colour], glow)


class Layout:
    """Where everything sits for ``n`` players in ``board`` (a Rect) with ``cap`` karma."""

    def __init__(self, board: pygame.Rect, n: int, cap: int, hand_len: int):
        self.board = board
        self.n = n
        self.cap = cap
        strip_h = 150 if board.height >= 660 else 124
        self.strip = pygame.Rect(board.x + 8, board.bottom - strip_h - 8, board.width - 16,
                                 strip_h)
        region = pygame.Rect(board.x + 8, board.y + 8, board.width - 16,
                             self.strip.y - board.y - 16)
        best = None
        for cols in range(1, n + 1):
            rows = math.ceil(n / cols)
            aw = (region.width - (cols - 1) * 10) / cols
            ah = (region.height - (rows - 1) * 10) / rows
            d = min(58, (aw - 100) / 6.5, (ah - 40) / 3.7)
            if best is None or d > best[0] + 0.5:
                best = (d, cols, rows)
        d, cols, rows = best
        self.d = d = max(20, int(d))
        self.gap = max(5, d // 6)
        self.header = max(20, int(d * 0.45))
        slot = max(16, int(d * 0.78))
        content_w = 6 + 4 * (d + 4) + 52 + 8 + 3 * (slot + 5) + 10
        area_w = min((region.width - (cols - 1) * 10) // cols, content_w)
        area_h = self.header + 14 + 3 * (d + self.gap) + 6
        total_w = cols * area_w + (cols - 1) * 10
        total_h = rows * area_h + (rows - 1) * 10
        x0 = region.x + (region.width - total_w) // 2
        y0 = region.y + max(0, (region.height - total_h) // 2)
        self.areas = []
        for p in range(n):
            r, c = divmod(p, cols)
            self.areas.append(pygame.Rect(x0 + c * (area_w + 10), y0 + r * (area_h + 10),
                                          area_w, area_h))
        self.slot = max(16, int(d * 0.78))
        # tray and bushel
        self.die_big = min(64, self.strip.height - 56)
        self.tray = pygame.Rect(self.strip.x, self.strip.y, int(self.strip.width * 0.66),
                                self.strip.height)
        self.bushel = pygame.Rect(self.tray.right + 10, self.strip.y,
                                  self.strip.right - self.tray.right - 10, self.strip.height)
        slots = max(3, hand_len)
        self.tray_step = min(self.die_big + 16, (self.tray.width - 30) // max(1, slots))

    # --- player area pieces ---------------------------------------------------------------
    def vine_row(self, owner: int, token: int) -> pygame.Rect:
        a = self.areas[owner]
        y = a.y + self.header + 12 + token * (self.d + self.gap)
        return pygame.Rect(a.x + 6, y - 3, 4 * (self.d + 4) + 52, self.d + 6)

    def vine_die(self, owner: int, token: int, position: int) -> pygame.Rect:
        row = self.vine_row(owner, token)
        return pygame.Rect(row.x + 6 + position * (self.d + 4), row.y + 3, self.d, self.d)

    def right_block_x(self, owner: int) -> int:
        return self.vine_row(owner, 0).right + 8

    def slot_rect(self, owner: int, slot: int) -> pygame.Rect:
        """Score slot ``slot`` (0-based) of ``owner``: 3 across, 2 down."""
        a = self.areas[owner]
        col, row = slot % 3, slot // 3
        x = self.right_block_x(owner) + col * (self.slot + 5)
        y = a.y + self.header + 12 + row * (self.slot + 5)
        return pygame.Rect(x, y, self.slot, self.slot)

    def karma_cell(self, owner: int, value: int) -> pygame.Rect:
        """The karma track cell for ``value`` (0..cap), 7 cells a row."""
        row_cells = 7
        width = 3 * (self.slot + 5) - 5
        cell = max(10, min(int(self.slot * 0.55), width // row_cells - 2))
        top = self.slot_rect(owner, 3).bottom + 20
        r, c = divmod(value, row_cells)
        return pygame.Rect(self.right_block_x(owner) + c * (cell + 2), top + r * (cell + 3),
                           cell, cell)

    # --- tray -------------------------------------------------------------------------------
    def hand_die(self, slot: int) -> pygame.Rect:
        s = self.die_big
        return pygame.Rect(self.tray.x + 20 + slot * self.tray_step,
                           self.tray.y + 36 + (self.tray.height - 36 - s) // 2 - 4, s, s)

    def bushel_centre(self) -> tuple:
        return (self.bushel.centerx, self.bushel.y + self.bushel.height // 2 + 8)


class DicedTomatoesTable(TableScene):
    """Play Diced Tomatoes: click (or drag) a rolled die, then a highlighted token or vine."""

    log_width = 300

    def __init__(self, app, match, replay=None):
        super().__init__(app, match, replay)
        self.selected: int | None = None
        self.karma_kind: str | None = None
        self.choices: list = []
        self.drag = None
        self.mouse = (0, 0)
        self.banner = None

    # --- widgets ------------------------------------------------------------------------------
    def log_top(self) -> int:
        return 48 + 30 + 3 * 38 + 10 + 44 + 10

    def build_controls(self) -> None:
        w, _ = self.app.size
        x = w - self.log_width - 8
        ui, c = self.app.ui, self.container
        self.karma_buttons = {}
        bw = (self.log_width - 8) // 2
        for i, (kind, label, action_class, tip) in enumerate(KARMA_BUTTONS):
            cost = dt.KARMA_COSTS[action_class]
            col, row = i % 2, i // 2
            b = UIButton(pygame.Rect(x + col * (bw + 8), 48 + 30 + row * 38, bw, 34),
                         f"{label}  ({cost})", ui, container=c,
                         tool_tip_text=f"Costs {cost} karma. {tip}",
                         command=kit.bind(self.choose_karma, kind))
            self.karma_buttons[kind] = b
        self.action_y = 48 + 30 + 3 * 38 + 10
        self.action_buttons = []
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; rebuild the action row for the current mode."""
        if self.container is None:
            return
        for b in self.action_buttons:
            b.kill()
        self.action_buttons = []
        state = self.match.state
        my_turn = self.human_to_move() or (self.replay is None and self.match.is_human_turn())
        karma = state.karma_actions() if my_turn and state.phase == dt.Phase.TURN else {}
        for kind, b in self.karma_buttons.items():
            if self.replay is not None or self.finished:
                b.hide()
            elif karma.get(kind):
                b.enable()
            else:
                b.disable()
        w, _ = self.app.size
        x = w - self.log_width - 8
        y = self.action_y
        ui, c = self.app.ui, self.container

        def add(label, command, width, tip=None):
            nonlocal x
            b = UIButton(pygame.Rect(x, y, width, 40), label, ui, container=c, command=command,
                         tool_tip_text=tip)
            self.action_buttons.append(b)
            x += width + 6
        if not my_turn:
            return
        pending = state.pending_cleanup()
        if pending:
            owner, token = pending
            add("Clear vine", kit.bind(self.cleanup, True), 146,
                "Return its dice to the bushel and free the token.")
            add("Keep vine", kit.bind(self.cleanup, False), 146,
                "Leave it on the token (it blocks the token until cleared).")
            return
        if self.choices:
            width = (self.log_width - 6 * (len(self.choices) - 1)) // len(self.choices)
            for action in self.choices:
                label = (f"{action.delta:+d}" if isinstance(action, dt.Shift) else str(action.face))
                add(label, kit.bind(self.try_action_and_reset, action), width)
            return
        if self.selected is not None and state.must_pass(self.selected):
            add("Pass die", kit.bind(self.try_action_and_reset, dt.PassDie(self.selected)), 120,
                "This die has no legal spot: pass it to the next player.")
        refusal = state.end_turn_refusal()
        add("End turn", self.end_turn, self.log_width - (x - (w - self.log_width - 8)),
            refusal or "Finish your turn; vines are cleaned up.")

    def on_shown(self) -> None:
        if not self.human_to_move():
            self.reset_selection()
        self.refresh_controls()

    def _human_turn_starts(self) -> None:
        was = self.last_human
        super()._human_turn_starts()
        if was != self.last_human:
            self.refresh_controls()

    # --- commands ------------------------------------------------------------------------------
    def reset_selection(self) -> None:
        self.clear_message()  # the prompt of a finished or cancelled choice goes
        self.selected = None
        self.karma_kind = None
        self.choices = []
        self.drag = None

    def cancel_selection(self) -> bool:
        had = self.selected is not None or self.karma_kind is not None or bool(self.choices)
        self.reset_selection()
        if had:
            self.refresh_controls()
        return had

    def try_action_and_reset(self, action) -> None:
        self.reset_selection()
        self.try_action(action)
        self.refresh_controls()

    def on_hint(self, action) -> None:
        """A hinted die is selected, so its targets glow (and Pass die shows when it fits
        nowhere)."""
        if isinstance(action, (dt.PassDie, dt.PlaceDie)) and not self.karma_kind:
            self.selected = action.die
            self.refresh_controls()

    def end_turn(self) -> None:
        state = self.match.state
        refusal = state.end_turn_refusal()
        if refusal:
            stuck = [i for i in range(len(state.hand)) if state.hand[i] and state.must_pass(i)]
            if stuck:   # show the way: select a die that must be passed, its button appears
                self.reset_selection()
                self.selected = stuck[0]
                self.refresh_controls()
                refusal += " This die fits nowhere: Pass die (on the right) gives it on."
            self.say(refusal, 8)
            return
        self.try_action_and_reset(dt.EndTurn())

    def cleanup(self, clear: bool) -> None:
        owner, token = self.match.state.pending_cleanup()
        self.try_action_and_reset(dt.ClearVine(owner, token) if clear
                                  else dt.KeepVine(owner, token))

    def choose_karma(self, kind: str) -> None:
        if not self.human_to_move():
            return
        chosen_die = self.selected
        self.reset_selection()
        if not self.match.state.karma_actions().get(kind):
            return
        self.karma_kind = kind
        if chosen_die is not None and kind in KARMA_DIE_KINDS \
                and self.karma_targets().get(("die", chosen_die)):
            self.karma_click(("die", chosen_die))    # the die already selected is the target
            return
        label = dict((k, l) for k, l, _, _ in KARMA_BUTTONS)[kind]
        what = "a rolled die" if kind in KARMA_DIE_KINDS else "a vine"
        self.say(f"{label}: click {what} (highlighted). Right-click or Esc cancels.", 8)
        self.refresh_controls()

    def undo(self) -> None:
        self.reset_selection()
        super().undo()
        self.refresh_controls()

    def restart_turn(self) -> None:
        self.reset_selection()
        super().restart_turn()
        self.refresh_controls()

    # --- targets --------------------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        state = self.shown
        return Layout(self.board_rect(), state.num_players, self.match.state.karma_cap(),
                      len(state.hand))

    def die_targets(self) -> list:
        """``(owner, token)`` spots the selected die may go to (from the engine)."""
        if self.selected is None or self.karma_kind or not self.human_to_move():
            return []
        return self.match.state.targets_for_die(self.selected)

    def karma_targets(self) -> dict:
        """Karma mode: ``{("die", slot) or ("vine", owner, token): [actions]}``."""
        if not self.karma_kind or not self.human_to_move() or self.choices:
            return {}
        out: dict = {}
        for a in self.match.state.karma_actions().get(self.karma_kind, []):
            key = ("die", a.die) if hasattr(a, "die") else ("vine", a.owner, a.token)
            out.setdefault(key, []).append(a)
        return out

    def hit_areas(self) -> list:
        """Clickable places now: ``[(rect, ("die", slot)) | (rect, ("vine", owner, token))]``."""
        lay = self.layout
        areas = []
        for slot, colour, face in self.match.state.rolled_dice():
            areas.append((lay.hand_die(slot), ("die", slot)))
        for owner in range(self.match.state.num_players):
            for token in range(3):
                areas.append((lay.vine_row(owner, token), ("vine", owner, token)))
        return areas

    def target_at(self, pos):
        for rect, key in self.hit_areas():
            if rect.collidepoint(pos):
                return key
        return None

    # --- input --------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self.drag["moved"] |= math.dist(event.pos, self.drag["start"]) > 6
            return False
        if not self.human_to_move():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel_selection()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                key = self.target_at(event.pos)
                if key and key[0] == "vine" and (key[1], key[2]) in self.die_targets():
                    self.try_action_and_reset(dt.PlaceDie(drag["die"], key[1], key[2]))
                return True
        return False

    def karma_click(self, key) -> None:
        """Karma mode: ``key`` (a die or vine) is the target; one action is taken at once,
        several (a new face to choose) go to the panel."""
        options = self.karma_targets().get(key if key is None or key[0] == "die"
                                           else ("vine", key[1], key[2]))
        if not options:
            self.say("Choose one of the highlighted targets, or right-click to cancel.")
        elif len(options) == 1:
            self.try_action_and_reset(options[0])
        else:
            self.choices = options
            self.selected = key[1] if key[0] == "die" else None
            self.say("Choose the new face in the panel on the right.", 8)
            self.refresh_controls()

    def click(self, pos) -> bool:
        key = self.target_at(pos)
        if self.karma_kind:
            self.karma_click(key)
            return True
        if key is None:
            return False
        if key[0] == "die":
            self.selected = key[1]
            self.drag = {"die": key[1], "start": pos, "moved": False}
            targets = self.die_targets()
            if not targets and self.match.state.must_pass(key[1]):
                self.say("This die fits nowhere: pass it to the next player (button on the right).")
            elif not targets:   # fits nowhere, but passing comes last: the engine says why
                self.say(dt_rules.refusal(self.match.state, dt.PassDie(key[1]))
                         or "This die fits nowhere.")
            self.refresh_controls()
            return True
        if self.selected is not None:
            owner, token = key[1], key[2]
            if (owner, token) in self.die_targets():
                self.try_action_and_reset(dt.PlaceDie(self.selected, owner, token))
            else:
                self.say(dt_rules.refusal(self.match.state, dt.PlaceDie(self.selected, owner,
                                                                         token))
                         or "That die does not fit there.")
            return True
        return False

    # --- status -----------------------------------------------------------------------------
    def chance_status(self) -> str:
        return "Rolling…"

    def human_status(self, name: str) -> str:
        state = self.match.state
        pending = state.pending_cleanup()
        if pending:
            value = state.vine_value(*pending)
            return (f"{name}: your {dt.TOKEN_NAMES[pending[1]]} vine is worth {value}. "
                    f"Clear it or keep it?")
        if self.choices:
            return f"{name}: choose the new face."
        if self.selected is not None:
            return f"{name}: click a highlighted token or vine (right-click cancels)."
        if state.rolled_dice():
            return f"{name}: click a die, then where it goes. Karma on the right."
        return f"{name}: all dice placed — End turn when ready."

    # --- drawing ----------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        lay = self.layout
        state = self.shown
        hidden = self.anims.hidden()
        targets = set(self.die_targets())
        karma = self.karma_targets()
        for p in range(state.num_players):
            self.draw_area(surface, lay, state, p, hidden, targets, karma)
        self.draw_tray(surface, lay, state, hidden, karma)
        self.draw_bushel(surface, lay, state)
        self.draw_hint(surface, lay)
        if state.final_round and not state.is_terminal():
            self.draw_banner(surface, f"Final round — it ends after "
                             f"{self.match.names[state.last_player]}'s turn")

    def draw_hint(self, surface, lay) -> None:
        """Ring the pieces of the hinted move: the die and where it goes, or the vine."""
        hint = self.current_hint()
        if hint is None:
            return
        rects = []
        if hasattr(hint, "die") and hint.die < len(self.shown.hand):
            rects.append(lay.hand_die(hint.die))
        if hasattr(hint, "owner"):
            rects.append(lay.vine_row(hint.owner, hint.token))
        pulse = 160 + int(90 * math.sin(self.time * 7))
        for r in rects:
            pygame.draw.rect(surface, (120, 230, 255, pulse), r.inflate(8, 8), 3,
                             border_radius=10)

    def draw_summary(self, surface, rect: pygame.Rect) -> None:
        """For the score sheet: each player's score track as dice, stars on matches."""
        state = self.match.state
        n = state.num_players
        row_h = min(52, rect.height // max(1, n))
        size = max(18, row_h - 12)
        width = 200 + 6 * (size + 8)
        x0 = rect.centerx - width // 2
        for p in range(n):
            stars = state.slot_stars(p)
            y = rect.y + p * row_h
            name = kit_trim(self.match.names[p], 16, 180)
            kit.blit_text(surface, name, 16, (x0, y + size // 2), kit.INK, True, "midleft")
            for slot in range(6):
                r = pygame.Rect(x0 + 200 + slot * (size + 8), y, size, size)
                if slot < len(state.score[p]):
                    value = state.score[p][slot]
                    surface.blit(art.die_face(size, value, "red"), r)
                    if stars[slot]:
                        st = art.star(max(6, size // 4))
                        surface.blit(st, st.get_rect(center=r.topright))
                else:
                    pygame.draw.rect(surface, (30, 36, 40), r, border_radius=6)
                    kit.blit_text(surface, str(slot + 1), size // 2, r.center, (80, 90, 96),
                                  True, "center")

    def draw_banner(self, surface, message: str, alpha: float = 1.0) -> None:
        board = self.board_rect()
        size = kit.fit_text(message, 20, board.width - 80, bold=True)
        img = kit.text(message, size, kit.INK_DARK, True)
        rect = img.get_rect(midtop=(board.centerx, board.y + 2)).inflate(40, 10)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (238, 196, 84, int(235 * alpha)), layer.get_rect(),
                         border_radius=10)
        img = img.copy()
        img.set_alpha(int(255 * alpha))
        layer.blit(img, img.get_rect(center=layer.get_rect().center))
        surface.blit(layer, rect)

    def draw_area(self, surface, lay, state, p, hidden, targets, karma) -> None:
        area = lay.areas[p]
        colour = kit.SEAT_COLOURS[p % len(kit.SEAT_COLOURS)]
        active = state.active == p and not state.is_terminal()
        kit.draw_panel(surface, area, (20, 28, 30, 200),
                       border=kit.GOLD if active else (60, 76, 80))
        # header: seat colour, name, last-player marker, karma bits
        hy = area.y + 6 + lay.header // 2
        pygame.draw.circle(surface, colour, (area.x + 14, hy), max(5, lay.header // 3))
        name = self.match.names[p]
        size = max(12, min(18, lay.header - 4))
        r = kit.blit_text(surface, kit_trim(name, size, area.width // 2), size,
                          (area.x + 26, hy), kit.INK, True, "midleft")
        if state.last_player == p:
            self.draw_splatter(surface, (r.right + 16, hy), max(7, lay.header // 3))
        if state.options.get("overload"):
            bits = state.bits[p]
            for i in range(3):
                c = (232, 90, 110) if i < bits else (70, 60, 64)
                pygame.draw.polygon(surface, c, diamond((area.right - 16 - i * 14, hy), 5))
            kit.blit_text(surface, "bits", 12, (area.right - 58, hy), kit.INK_DIM, anchor="midright")
        # vines
        for token in range(3):
            self.draw_vine(surface, lay, state, p, token, hidden, targets, karma)
        # score slots
        stars = state.slot_stars(p)
        for slot in range(6):
            rect = lay.slot_rect(p, slot)
            if slot < len(state.score[p]) and ("slot", p, slot) not in hidden:
                value = state.score[p][slot]
                surface.blit(art.die_face(rect.width, value, "red"), rect)
                if stars[slot]:
                    st = art.star(max(6, rect.width // 4))
                    surface.blit(st, st.get_rect(center=rect.topright))
            else:
                pygame.draw.rect(surface, (14, 18, 20), rect, border_radius=6)
                pygame.draw.rect(surface, (70, 86, 90), rect, 1, border_radius=6)
                kit.blit_text(surface, str(slot + 1), max(10, rect.width // 2), rect.center,
                              (90, 104, 108), True, "center")
        # karma track with the heart
        cap = lay.cap
        for value in range(cap + 1):
            cell = lay.karma_cell(p, value)
            pygame.draw.rect(surface, (40, 34, 40) if value <= 6 else (60, 40, 50), cell,
                             border_radius=3)
            if cell.width >= 14:
                kit.blit_text(surface, str(value), max(9, cell.width // 2 + 1), cell.center,
                              (120, 110, 116), anchor="center")
        if ("heart", p) not in hidden:
            cell = lay.karma_cell(p, min(state.karma[p], cap))
            draw_heart(surface, cell.center, cell.width * 0.62)
        k = lay.karma_cell(p, 0)
        kit.blit_text(surface, f"karma {state.karma[p]}", max(11, min(14, k.height + 2)),
                      (k.x, k.y - 2), (240, 150, 170), True, "bottomleft")

    def draw_vine(self, surface, lay, state, p, token, hidden, targets, karma) -> None:
        row = lay.vine_row(p, token)
        vine = state.vines[p][token]
        is_target = (p, token) in targets or ("vine", p, token) in karma
        if is_target:
            glow = pygame.Surface(row.size, pygame.SRCALPHA)
            pulse = 120 + int(80 * math.sin(self.time * 6))
            pygame.draw.rect(glow, (255, 226, 110, 50), glow.get_rect(), border_radius=8)
            pygame.draw.rect(glow, (255, 226, 110, pulse), glow.get_rect(), 3, border_radius=8)
            surface.blit(glow, row)
        seed_rect = lay.vine_die(p, token, 0)
        open_token = not vine and state.token_open(p, token)
        draw_tomato(surface, seed_rect.center, lay.d * 0.5, dim=not vine and not open_token)
        if ("vine", p, token) in hidden:
            return
        for i, (colour, face) in enumerate(vine):
            rect = lay.vine_die(p, token, i)
            surface.blit(die_surface(lay.d, colour, face), rect)
        if vine:
            value = state.vine_value(p, token)
            kind = state.vine_kind(p, token)
            x = lay.vine_die(p, token, len(vine)).x + 2
            colour = kit.INK_DIM if dt_rules.is_harvestable(value) else kit.DANGER
            kit.blit_text(surface, f"= {value}", max(11, lay.d // 3), (x, row.centery), colour,
                          True, "midleft")
            if len(vine) < 4 and lay.d >= 30:
                kit.blit_text(surface, kind, max(10, lay.d // 4), (x, row.centery + lay.d // 3),
                              kit.INK_DIM, anchor="midleft")

    def draw_splatter(self, surface, centre, r) -> None:
        """The last-player marker: a ketchup splatter."""
        x, y = centre
        red = (196, 30, 36)
        pygame.draw.circle(surface, red, (x, y), r)
        for i in range(6):
            a = i * math.pi / 3 + 0.4
            pygame.draw.circle(surface, red, (int(x + math.cos(a) * r * 1.1),
                                              int(y + math.sin(a) * r * 1.1)), max(2, r // 3))
        kit.blit_text(surface, "last", 12, (x + r + 6, y), (240, 150, 140), anchor="midleft")

    def draw_tray(self, surface, lay, state, hidden, karma) -> None:
        kit.draw_panel(surface, lay.tray, (60, 40, 26, 220), border=(140, 100, 60))
        who = state.active
        title = "Dice" if who is None else f"{self.match.names[who]}'s dice"
        kit.blit_text(surface, title, 16, (lay.tray.x + 14, lay.tray.y + 8), kit.INK, True)
        if state.solo:
            note = "Goal: harvest n worth exactly n (1st worth 1, 2nd worth 2 …)"
        elif self.human_to_move() and self.match.state.rolled_dice():
            note = "click a die, then a glowing spot · drag works too"
        else:
            note = ""
        if note:
            kit.blit_text(surface, note, kit.fit_text(note, 13, lay.tray.width - 180),
                          (lay.tray.right - 12, lay.tray.y + 11), kit.INK_DIM, anchor="topright")
        for slot, die in enumerate(state.hand):
            if die is None or ("hand", slot) in hidden:
                continue
            if self.drag and self.drag["moved"] and self.drag["die"] == slot:
                continue
            colour, face = die
            rect = lay.hand_die(slot)
            selected = slot == self.selected or ("die", slot) in karma
            if selected:
                rect = rect.move(0, -6)
            surface.blit(die_surface(lay.die_big, colour, face, glow=selected), rect)

    def draw_bushel(self, surface, lay, state) -> None:
        b = lay.bushel
        kit.draw_panel(surface, b, (60, 40, 26, 220), border=(140, 100, 60))
        kit.blit_text(surface, f"Bushel · {state.bushel_size()}", 16, (b.x + 12, b.y + 8),
                      kit.INK, True)
        cx, cy = lay.bushel_centre()
        bw, bh = min(b.width - 30, 170), min(b.height - 72, 70)
        basket = pygame.Rect(0, 0, bw, bh)
        basket.center = (cx, cy)
        pygame.draw.ellipse(surface, (120, 78, 40), basket)
        # a heap of little dice, coloured by what is left
        colours = ["r"] * state.bushel["r"] + ["b"] * state.bushel["b"] + ["g"] * state.bushel["g"]
        shown = colours[:: max(1, math.ceil(len(colours) / 18))][:18]
        s = max(12, min(22, bh // 3))
        for i, c in enumerate(shown):
            ang = i * 2.399
            rad = (i / max(1, len(shown))) ** 0.5 * (bw / 2 - s)
            x = cx + math.cos(ang) * rad - s / 2
            y = cy - 4 + math.sin(ang) * rad * 0.35 - s / 2
            surface.blit(art.die_face(s, 1 + i % 6, COLOUR_KEYS[c]), (x, y))
        pygame.draw.arc(surface, (150, 100, 56), basket, math.pi, 2 * math.pi, 5)
        counts = [f"{state.bushel[c]} {COLOUR_KEYS[c]}" for c in ("r", "b", "g")
                  if c != "g" or state.options.get("golden")]
        line = " · ".join(counts)
        kit.blit_text(surface, line, kit.fit_text(line, 14, b.width - 16), (cx, b.bottom - 8),
                      kit.INK_DIM, anchor="midbottom")

    def vine_info(self, owner: int, token: int) -> str:
        """What hovering a token tells: its vine, its value, or why it is closed (DT-D3)."""
        state = self.shown
        name = self.match.names[owner]
        where = f"{name}'s {dt.TOKEN_NAMES[token]} token"
        vine = state.vines[owner][token]
        if not vine:
            if state.token_open(owner, token):
                return f"{where}: empty, open for a red seed"
            return (f"{where}: closed — {name}'s harvests plus vines already fill the score "
                    f"track")
        value = state.vine_value(owner, token)
        kind = state.vine_kind(owner, token)
        faces = ", ".join(str(f) for _, f in vine)
        note = ""
        if len(vine) == 4:
            note = " — complete, cleared at the end of the turn"
        elif not dt_rules.is_harvestable(value):
            note = " — cannot be harvested at this value"
        return f"{where}: {kind} ({faces}), worth {value}{note}"

    def draw_over(self, surface) -> None:
        if not self.drag and self.app.manager.top is self:
            key = self.target_at(self.mouse)
            if key and key[0] == "vine":
                info = self.vine_info(key[1], key[2])
                size = 14
                width = kit.font(size).size(info)[0] + 20
                box = self.tip_rect(width, 26)
                kit.draw_panel(surface, box, (12, 16, 18, 235), radius=6,
                               border=(120, 140, 150))
                kit.blit_text(surface, info, size, (box.x + 10, box.centery), kit.INK,
                              anchor="midleft")
        if self.drag and self.drag["moved"] and self.human_to_move():
            slot = self.drag["die"]
            die = self.match.state.hand[slot] if slot < len(self.match.state.hand) else None
            if die:
                img = die_surface(self.layout.die_big, die[0], die[1], glow=True)
                surface.blit(img, img.get_rect(center=self.mouse))

    # --- animations -------------------------------------------------------------------------
    def animate(self, events, before, after) -> list:
        """Animation groups for one step's ``events``, each ``(animations, on_done)``.

        The engine says what each event changes: the scene walks the events with the engine's
        ``apply_event`` from ``before``, and each group lands by showing the state after its
        events (an event without an animation, like a karma bit, lands with the next group or
        at the end). A run of draws, or of rolls, flies as one group.
        """
        lay = Layout(self.board_rect(), after.num_players, after.karma_cap(),
                     max(len(before.hand), len(after.hand)))
        groups = []
        shown = before
        index = 0
        while index < len(events):
            run = [events[index]]
            if isinstance(run[0], (dt.DieDrawn, dt.DieRolled)):
                while (index + len(run) < len(events)
                       and type(events[index + len(run)]) is type(run[0])):
                    run.append(events[index + len(run)])
            index += len(run)
            prior = shown
            for event in run:
                shown = apply_event(shown, event)
            animations = self.animations_for(lay, run, prior)
            if animations is not None:
                groups.append((animations, self.landing(shown)))
        return groups

    def animations_for(self, lay, run, prior):
        """The animations of ``run`` (one event, or a run of draws or rolls) drawn over
        ``prior``, the state before it; ``None`` for an event the table does not animate."""
        event = run[0]
        if isinstance(event, dt.TurnStarted):
            return self.anim_turn_banner(event)
        if isinstance(event, dt.DieDrawn):
            return self.anim_draws(lay, run)
        if isinstance(event, dt.DieRolled):
            return self.anim_rolls(lay, run)
        if isinstance(event, dt.DiePlaced):
            return self.anim_place(lay, event)
        if isinstance(event, dt.VineHarvested):
            return self.anim_harvest(lay, event, prior)
        if isinstance(event, dt.VineCleared):
            return self.anim_clear(lay, event, prior)
        if isinstance(event, dt.DiePassed):
            return self.anim_pass(lay, event)
        if isinstance(event, (dt.KarmaGained, dt.KarmaSpent, dt.KarmaLost)):
            return self.anim_heart(lay, event, prior)
        if isinstance(event, dt.DieChanged):
            return self.anim_change(lay, event)
        if isinstance(event, dt.RerollStarted):
            return []                       # the die leaves the tray to be rolled again
        if isinstance(event, dt.SeedFlipped):
            return self.anim_flip(lay, event, prior)
        if isinstance(event, dt.FinalRound):
            return self.anim_message(f"Final round! It ends after "
                                     f"{self.match.names[event.last_player]}'s turn", 1.4)
        return None

    def landing(self, state):
        """An ``on_done`` that shows ``state`` (the engine's state after the group's events)."""
        def done():
            self.shown = state
        return done

    def anim_turn_banner(self, event):
        return self.anim_message(f"{self.match.names[event.player]}'s turn", 0.7)

    def anim_message(self, message: str, seconds: float):
        def draw(surface, p):
            alpha = min(1.0, p * 4, (1 - p) * 4)
            self.draw_banner(surface, message, alpha)
        return [Animation(self.duration(seconds), draw, ease=lambda t: t)]

    def anim_draws(self, lay, draws):
        start = lay.bushel_centre()
        anims = []
        for i, event in enumerate(draws):
            end = lay.hand_die(event.die)

            def draw(surface, p, event=event, end=end):
                x, y = arc_point(start, end.topleft, p, 90)
                surface.blit(die_surface(lay.die_big, event.colour, None), (x, y))
            anims.append(Animation(self.duration(0.4), draw, delay=self.duration(0.1) * i,
                                   hide={("hand", event.die)}))
        return anims

    def anim_rolls(self, lay, rolls):
        anims = []
        for i, event in enumerate(rolls):
            end = lay.hand_die(event.die)
            start = (end.x - 140 - 30 * i, end.y - 40)

            def draw(surface, p, event=event, end=end, start=start):
                x = start[0] + (end.x - start[0]) * p
                y = end.y - (end.y - start[1]) * (1 - bounce_out(p))
                if p < 0.86:
                    face = 1 + int(p * 23 + event.die * 5) % 6
                else:
                    face = event.face
                img = die_surface(lay.die_big, event.colour, face)
                angle = (1 - p) ** 1.5 * 540 * (1 if event.die % 2 else -1)
                img = pygame.transform.rotozoom(img, angle, 1.0)
                surface.blit(img, img.get_rect(center=(x + end.width / 2, y + end.height / 2)))
            anims.append(Animation(self.duration(0.9), draw, ease=ease_in_out,
                                   delay=self.duration(0.06) * i, hide={("hand", event.die)}))
        return anims

    def anim_place(self, lay, event):
        start = lay.hand_die(event.die)
        end = lay.vine_die(event.owner, event.token, event.position)

        def draw(surface, p):
            size = int(lay.die_big + (lay.d - lay.die_big) * p)
            x, y = arc_point(start.center, end.center, p, 40)
            img = scaled(die_surface(lay.die_big, event.colour, event.face), size)
            surface.blit(img, img.get_rect(center=(x, y)))
        return [Animation(self.duration(0.38), draw, hide={("hand", event.die)})]

    def anim_harvest(self, lay, event, prior):
        vine = prior.vines[event.owner][event.token]
        slot = lay.slot_rect(event.owner, event.slot - 1)
        seed_start = lay.vine_die(event.owner, event.token, 0)
        anims = []

        def seed(surface, p):
            size = int(lay.d + (slot.width - lay.d) * p)
            x, y = arc_point(seed_start.center, slot.center, p, 60)
            img = scaled(art.die_face(lay.d, event.value, "red"), size)
            surface.blit(img, img.get_rect(center=(x, y)))
        anims.append(Animation(self.duration(0.6), seed,
                               hide={("vine", event.owner, event.token),
                                     ("slot", event.owner, event.slot - 1)}))
        target = lay.bushel_centre()
        for i, (colour, face) in enumerate(vine[1:4], start=1):
            start = lay.vine_die(event.owner, event.token, i)

            def back(surface, p, start=start, colour=colour, face=face):
                x, y = arc_point(start.center, target, p, 50)
                img = die_surface(lay.d, colour, face)
                surface.blit(img, img.get_rect(center=(x, y)))
            anims.append(Animation(self.duration(0.55), back, delay=self.duration(0.08) * i))
        if event.star:
            def pop(surface, p):
                st = art.star(max(6, int(slot.width * 0.5 * ease_out_back(p))))
                surface.blit(st, st.get_rect(center=slot.topright))
            anims.append(Animation(self.duration(0.35), pop, delay=self.duration(0.6)))
        return anims

    def anim_clear(self, lay, event, prior):
        """Each die of the cleared vine tumbles back to the bushel on its own arc (higher for
        dice further along the vine)."""
        vine = prior.vines[event.owner][event.token]
        target = lay.bushel_centre()
        anims = []
        for i, (colour, face) in enumerate(vine):
            start = lay.vine_die(event.owner, event.token, i)
            spin = 200 + 90 * i
            height = 80 + 15 * i

            def scatter(surface, p, start=start, colour=colour, face=face, spin=spin,
                        height=height):
                x, y = arc_point(start.center, target, p, height)
                img = pygame.transform.rotozoom(die_surface(lay.d, colour, face), spin * p, 1)
                surface.blit(img, img.get_rect(center=(x, y)))
            anims.append(Animation(self.duration(0.55), scatter, delay=self.duration(0.05) * i,
                                   hide={("vine", event.owner, event.token)}))
        return anims

    def anim_pass(self, lay, event):
        start = lay.hand_die(event.die)
        end = lay.areas[event.to_player]

        def draw(surface, p):
            x, y = lerp_point(start.center, (end.right - 30, end.y + 20), p)
            img = scaled(die_surface(lay.die_big, event.colour, event.face),
                         int(lay.die_big * (1 - 0.4 * p)))
            surface.blit(img, img.get_rect(center=(x, y)))
        return [Animation(self.duration(0.5), draw, hide={("hand", event.die)})]

    def anim_heart(self, lay, event, prior):
        player = event.player
        old = min(prior.karma[player], lay.cap)
        new = min(event.karma, lay.cap)
        start, end = lay.karma_cell(player, old).center, lay.karma_cell(player, new).center

        def draw(surface, p):
            x, y = arc_point(start, end, p, 18)
            draw_heart(surface, (x, y), lay.karma_cell(player, 0).width * (0.62 + 0.3 * math.sin(
                p * math.pi)))
        return [Animation(self.duration(0.35), draw, hide={("heart", player)})]

    def anim_change(self, lay, event):
        rect = lay.hand_die(event.die)

        def draw(surface, p):
            face = event.old if p < 0.5 else event.new
            squash = abs(math.cos(p * math.pi))
            img = die_surface(lay.die_big, event.colour, face, glow=True)
            img = pygame.transform.smoothscale(img, (max(2, int(img.get_width() * squash)),
                                                     img.get_height()))
            surface.blit(img, img.get_rect(center=rect.center))
        return [Animation(self.duration(0.35), draw, hide={("hand", event.die)})]

    def anim_flip(self, lay, event, prior):
        rect = lay.vine_die(event.owner, event.token, 0)
        colour = prior.vines[event.owner][event.token][0].colour

        def draw(surface, p):
            face = event.old if p < 0.5 else event.new
            squash = abs(math.cos(p * math.pi))
            img = die_surface(lay.d, colour, face, glow=True)
            img = pygame.transform.smoothscale(img, (img.get_width(),
                                                     max(2, int(img.get_height() * squash))))
            surface.blit(img, img.get_rect(center=rect.center))
        return [Animation(self.duration(0.4), draw, hide={("vine", event.owner, event.token)})]


def scaled(img: pygame.Surface, size: int) -> pygame.Surface:
    """A cached die surface resized for one animation frame (no new gradient per size)."""
    size = max(2, size)
    return pygame.transform.smoothscale(img, (size, size))


def kit_trim(name: str, size: int, width: int) -> str:
    """Shorten a name with an ellipsis to fit ``width`` pixels."""
    f = kit.font(size, True)
    if f.size(name)[0] <= width:
        return name
    while name and f.size(name + "…")[0] > width:
        name = name[:-1]
    return name + "…"


def diamond(centre, r) -> list:
    x, y = centre
    return [(x, y - r), (x + r, y), (x, y + r), (x - r, y)]


def draw_heart(surface, centre, size: float) -> None:
    """The karma heart."""
    x, y = centre
    r = max(2, size / 3.2)
    colour = (232, 56, 84)
    pygame.draw.circle(surface, colour, (int(x - r * 0.9), int(y - r * 0.4)), int(r))
    pygame.draw.circle(surface, colour, (int(x + r * 0.9), int(y - r * 0.4)), int(r))
    pygame.draw.polygon(surface, colour, [(x - r * 1.85, y - r * 0.1), (x + r * 1.85, y - r * 0.1),
                                          (x, y + r * 2.0)])
    pygame.draw.circle(surface, (255, 170, 180), (int(x - r * 1.0), int(y - r * 0.7)),
                       max(1, int(r * 0.35)))


def draw_tomato(surface, centre, r: float, dim: bool = False) -> None:
    """A tomato token under a vine's seed; ``dim`` for a token that is not open (DT-D3)."""
    img = _tomato(max(4, int(r)), dim)
    surface.blit(img, img.get_rect(center=(int(centre[0]) + 1, int(centre[1]) + 1)))


@functools.lru_cache(maxsize=32)
def _tomato(r: int, dim: bool) -> pygame.Surface:
    size = r * 2 + 8
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    x = y = size // 2 - 1
    body = (90, 60, 60) if dim else (210, 48, 40)
    pygame.draw.circle(surf, (0, 0, 0, 80), (x + 2, y + 3), r)
    pygame.draw.circle(surf, body, (x, y), r)
    pygame.draw.circle(surf, (240, 120, 100) if not dim else (120, 90, 90),
                       (int(x - r * 0.35), int(y - r * 0.35)), max(2, int(r * 0.25)))
    leaf = (60, 150, 60) if not dim else (60, 80, 60)
    for i in range(5):
        a = -math.pi / 2 + i * 2 * math.pi / 5
        pygame.draw.line(surf, leaf, (x, y - r * 0.85),
                         (x + math.cos(a) * r * 0.45, y - r * 0.85 + math.sin(a) * r * 0.3), 3)
    return surf
