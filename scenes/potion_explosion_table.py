"""The Potion Explosion table: the dispenser of marbles, the desks with their potion flasks, the
five stacks, skill and Little Help tokens (issue 6).

The scene decides no rule. What may be picked, placed, drunk or chosen comes from the engine's
legal actions and its helpers (``chain_preview``, ``legal_holes``, ``drinkable``,
``effect_choices``, ``end_turn_refusal``); a refused click shows the engine's sentence. Events
become animations (a marble lifting out, slides with a small bounce, seam flashes, bursts, refills
rolling in from the tank, completed potions pouring back, tiles flipping); each animation group,
when it lands, applies its events to the displayed state with the engine's
:func:`engine.potion_explosion.events.apply_event`, so the board mid-animation is exactly the
position between those events.
"""
from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from engine.potion_explosion import state as pe
from engine.potion_explosion.events import apply_event
from engine.potion_explosion.state import COLOUR_INDEX, SETUP_PHASES, Phase, Source
from engine.potion_explosion.data import (COLOUR_NAMES, COLOURS, NUM_STACKS, NUM_TRACKS,
                                          POOL_SIZE, TILES, TRACK_LENGTH, TYPE_BY_CODE,
                                          TYPE_CODES, STARTER_OF)
from scenes import kit
from scenes.table_base import TableScene
from sprites import potion_explosion_art as pa
from sprites.tween import Animation, arc_point, ease_in_out, ease_out_back, lerp_point, linear

def clamp(v, lo, hi):
    return max(lo, min(hi, v))


def trim(name: str, size: int, width: int, bold: bool = True) -> str:
    """Shorten ``name`` with an ellipsis to fit ``width`` pixels."""
    f = kit.font(size, bold)
    if f.size(name)[0] <= width:
        return name
    while name and f.size(name + "…")[0] > width:
        name = name[:-1]
    return name + "…"


def pool_list(desk) -> list:
    """The pool's marbles as colour letters in a fixed order (how the pool is drawn)."""
    return [c for k, c in enumerate(COLOURS) for _ in range(desk.pool[k])]


class Layout:
    """Where everything sits on ``board`` (a Rect) for ``n`` players; ``owner``'s desk is big.

    Left: the dispenser (tank on top, 5 tracks in perspective). Right, top to bottom: the other
    players' compact desks, the 5 stacks with the skill-token piles, the big desk.
    """

    def __init__(self, board: pygame.Rect, n: int, owner: int):
        self.board = board
        self.n = n
        self.owner = owner
        dw = int(min(board.width * 0.39, board.height * 0.62))
        self.disp = pygame.Rect(board.x + 8, board.y + 6, dw, board.height - 12)
        self.tank_h = max(50, int(self.disp.height * 0.11))
        self.tank = pygame.Rect(self.disp.x + int(dw * 0.1), self.disp.y + 8,
                                int(dw * 0.8) - 4, self.tank_h - 8)
        self.track_top = self.disp.y + self.tank_h + 30
        self.track_bottom = self.disp.bottom - 44
        spacing = (self.track_bottom - self.track_top) / (TRACK_LENGTH - 1)
        self.dx = (dw - 30) / NUM_TRACKS
        self.d = int(min(52, self.dx * 0.84, spacing * 0.92))
        # right side
        rx = self.disp.right + 10
        rw = board.right - 8 - rx
        self.right = pygame.Rect(rx, board.y + 6, rw, board.height - 12)
        # few players leave room above the stacks: the big desk grows instead
        ch = clamp(board.height * (0.28 if n <= 3 else 0.23), 96, 190 if n <= 3 else 156)
        ch = int(min(ch, (rw - 40 - 150) / 2 / 0.74))
        self.cw, self.ch = int(ch * 0.74), ch
        self.md = int(clamp((ch - 56) / 3, 16, min(self.d, 40)))
        self.comp_h = int(clamp(ch * 0.42, 44, 62))
        desk_h = 30 + ch + 10 + self.comp_h + 10
        self.desk = pygame.Rect(rx, board.bottom - 6 - desk_h, rw, desk_h)
        # stacks
        sh = clamp(board.height * 0.15, 70, 112)
        sw = min(sh * 0.74, (rw - 20 - 110 - 4 * 8) / NUM_STACKS)
        self.sw, self.sh = int(sw), int(min(sh, sw / 0.74))
        self.stacks = pygame.Rect(rx, self.desk.y - 8 - (self.sh + 26), rw, self.sh + 26)
        # other players
        region = pygame.Rect(rx, board.y + 6, rw, self.stacks.y - 8 - (board.y + 6))
        self.others = [(owner + k) % n for k in range(1, n)]
        k = len(self.others)
        cols = 1 if k <= 2 or region.height / k >= 76 else 2
        rows = max(1, math.ceil(k / cols))
        bh = int(min(170 if k <= 2 else 130, (region.height - (rows - 1) * 6) / rows))
        bw = (rw - (cols - 1) * 8) // cols
        self.boxes = {}
        for i, p in enumerate(self.others):
            r, c = divmod(i, cols)
            self.boxes[p] = pygame.Rect(rx + c * (bw + 8), region.y + r * (bh + 6), bw, bh)
        self.mh = int(clamp(bh - 30, 30, 120))
        self.mw = int(self.mh * 0.74)
        self.ms = int(clamp(self.mh / 3.4, 9, 20))

    # --- dispenser ------------------------------------------------------------------------------
    def marble_centre(self, t: int, q: float) -> tuple:
        """Centre of place ``q`` (0 = bottom; may be fractional or above the top) of track ``t``."""
        fy = q / (TRACK_LENGTH - 1)
        y = self.track_bottom - fy * (self.track_bottom - self.track_top)
        x = self.disp.centerx - 2 + (t - 2) * self.dx * (1 - 0.2 * fy)
        return (x, y)

    def marble_size(self, q: float) -> int:
        return max(6, int(self.d * (1 - 0.14 * min(1.2, q / (TRACK_LENGTH - 1)))))

    def marble_rect(self, t: int, q: int) -> pygame.Rect:
        s = self.marble_size(q)
        r = pygame.Rect(0, 0, s, s)
        r.center = (int(self.marble_centre(t, q)[0]), int(self.marble_centre(t, q)[1]))
        return r

    def tank_point(self, t: int = 2) -> tuple:
        return (self.tank.x + self.tank.width * (0.18 + 0.16 * t), self.tank.centery + 4)

    # --- big desk ------------------------------------------------------------------------------
    def card(self, slot: int) -> pygame.Rect:
        return pygame.Rect(self.desk.x + 10 + slot * (self.cw + 10), self.desk.y + 30,
                           self.cw, self.ch)

    def column_x(self) -> int:
        return self.card(1).right + 16

    def pool_zone(self) -> pygame.Rect:
        x = self.column_x()
        return pygame.Rect(x - 6, self.desk.y + 30, 3 * (self.md + 8) + 10, self.md + 22)

    def pool_point(self, i: int) -> tuple:
        z = self.pool_zone()
        return (z.x + 8 + self.md / 2 + i * (self.md + 8), z.y + 17 + self.md / 2)

    def hand_zone(self) -> pygame.Rect:
        x = self.column_x()
        top = self.pool_zone().bottom + 4
        return pygame.Rect(x - 6, top, self.desk.right - 8 - (x - 6),
                           self.card(0).bottom - top)

    def hand_group(self, k: int) -> pygame.Rect:
        """The hand's place for colour ``k`` (2 × 2 grid)."""
        z = self.hand_zone()
        gw = (z.width - 10) // 2
        gh = self.md + 4
        col, row = k % 2, k // 2
        return pygame.Rect(z.x + 4 + col * (gw + 2), z.y + 16 + row * (gh + 2), gw, gh)

    def completed_rect(self, i: int, count: int) -> pygame.Rect:
        h = self.comp_h
        w = int(h * 0.74)
        x0 = self.desk.x + 10
        avail = self.desk.right - 150 - x0
        step = min(w + 6, (avail - w) / max(1, count - 1)) if count > 1 else w + 6
        return pygame.Rect(int(x0 + i * step), self.card(0).bottom + 8, w, h)

    def token_point(self, kind: str) -> tuple:
        y = self.card(0).bottom + 8 + self.comp_h / 2
        x = self.desk.right - 130 if kind == "skill" else self.desk.right - 62
        return (x + 14, y)

    # --- compact desks ------------------------------------------------------------------------
    def mini_card(self, p: int, slot: int) -> pygame.Rect:
        b = self.boxes[p]
        return pygame.Rect(b.x + 8 + slot * (self.mw + 5), b.y + 24, self.mw, self.mh)

    def mini_pool_point(self, p: int, i: int) -> tuple:
        c = self.mini_card(p, 1)
        return (c.right + 8 + self.ms / 2, c.y + self.ms / 2 + 2 + i * (self.ms + 3))

    def mini_completed(self, p: int, i: int, count: int) -> pygame.Rect:
        b = self.boxes[p]
        h = int(min(self.mh * 0.72, 48))
        w = int(h * 0.74)
        x0 = int(self.mini_pool_point(p, 0)[0] + self.ms / 2 + 10)
        avail = b.right - 8 - x0
        step = min(w + 4, (avail - w) / max(1, count - 1)) if count > 1 else w + 4
        return pygame.Rect(int(x0 + i * step), b.bottom - 6 - h, w, h)

    # --- any player ---------------------------------------------------------------------------
    def hand_point(self, p: int, colour: str) -> tuple:
        if p == self.owner:
            g = self.hand_group(COLOUR_INDEX[colour])
            return (g.x + self.md / 2 + 4, g.centery)
        b = self.boxes.get(p)
        return b.center if b else self.desk.center

    def pool_marble_point(self, p: int, i: int) -> tuple:
        if p == self.owner:
            return self.pool_point(i)
        return self.mini_pool_point(p, i) if p in self.boxes else self.desk.center

    def slot_rect(self, p: int, slot: int) -> pygame.Rect:
        return self.card(slot) if p == self.owner else self.mini_card(p, slot)

    def player_completed(self, p: int, i: int, count: int) -> pygame.Rect:
        if p == self.owner:
            return self.completed_rect(i, count)
        return self.mini_completed(p, i, count)

    def player_token_point(self, p: int, kind: str) -> tuple:
        if p == self.owner:
            return self.token_point(kind)
        b = self.boxes[p]
        return (b.right - 90, b.y + 12)

    # --- stacks -------------------------------------------------------------------------------
    def stack_card(self, i: int) -> pygame.Rect:
        return pygame.Rect(self.stacks.x + 10 + i * (self.sw + 8), self.stacks.y + 20,
                           self.sw, self.sh)

    def token_pile(self) -> pygame.Rect:
        x = self.stack_card(NUM_STACKS - 1).right + 10
        return pygame.Rect(x, self.stacks.y + 6, self.stacks.right - 6 - x, self.stacks.height - 12)

    # --- setup overlays ----------------------------------------------------------------------
    def offer_cards(self, count: int) -> list:
        """Rects of ``count`` cards laid out in the dispenser panel (draft or type choice)."""
        if count <= 0:
            return []
        area = self.disp.inflate(-24, -24)
        area.y += 40
        area.height -= 40
        best = None
        for cols in (2, 3, 4):
            rows = math.ceil(count / cols)
            w = (area.width - (cols - 1) * 10) / cols
            h = (area.height - (rows - 1) * 22) / rows - 18
            w = min(w, h * 0.74)
            if best is None or w > best[0]:
                best = (w, cols, rows)
        w, cols, rows = best
        w = int(min(w, 120))
        h = int(w / 0.74)
        total_w = cols * w + (cols - 1) * 10
        x0 = area.x + (area.width - total_w) // 2
        out = []
        for i in range(count):
            r, c = divmod(i, cols)
            out.append(pygame.Rect(x0 + c * (w + 10), area.y + r * (h + 22), w, h))
        return out


QUIET_EVENTS = (pe.MarbleRefilled, pe.MarblesSlid)
"""Events the log leaves out (the dispenser shows them; 40 refill lines would drown the log)."""


class PotionExplosionTable(TableScene):
    """Play Potion Explosion: hover a marble to preview its explosion, click to pick; click a
    hand marble then a glowing hole or the pool (or drag it); click a completed potion to drink."""

    def __init__(self, app, match, replay=None):
        super().__init__(app, match, replay)
        self.log_lines = [line for line in self.log_lines if line]
        self.mouse = (0, 0)
        self.sel = None          # ("hand" | "pool", colour): a marble chosen to move
        self.help_mode = False   # the next marble click is a Little Help
        self.anchor = None       # Balm: the first marble of the run (track, position)
        self.filter_sel = []     # Filter: chosen positions; all of one track and colour
        self.filter_track = None
        self.drag = None
        self.action_buttons = []
        self.hover_preview = []  # (track, position) outlined by the explosion preview now
        self.preview_more = False  # a refill marble could add to the previewed chain
        self._layout = None
        self._hits = None
        self.legal_memo = None   # (position key, the human's legal actions)

    # --- sizes -----------------------------------------------------------------------------------
    log_width = 300

    @property
    def patterns(self) -> bool:
        return bool(getattr(self.app.settings, "colorblind_patterns", False))

    def desk_owner(self, state) -> int:
        """Whose desk is drawn big: the seat whose turn (or draft pick) it is."""
        if state.phase in (Phase.TYPES, Phase.FIRST, Phase.STARTERS):
            humans = [i for i, s in enumerate(self.match.seats) if not s.is_bot]
            return humans[0] if humans else 0
        if state.phase == Phase.OVER and state.winners:
            return state.winners[0]
        owner = state.turn_owner()
        return owner if 0 <= owner < state.num_players else 0

    def layout_for(self, state) -> Layout:
        key = (tuple(self.board_rect()), state.num_players, self.desk_owner(state))
        if self._layout is None or self._layout[0] != key:
            self._layout = (key, Layout(self.board_rect(), state.num_players,
                                        self.desk_owner(state)))
        return self._layout[1]

    @property
    def layout(self) -> Layout:
        return self.layout_for(self.shown)

    # --- widgets ------------------------------------------------------------------------------
    def log_top(self) -> int:
        return 48 + 2 * 42 + 4

    def build_controls(self) -> None:
        w, _ = self.app.size
        x = w - self.log_width - 8
        ui, c = self.app.ui, self.container
        bw = (self.log_width - 6) // 2
        self.help_button = UIButton(pygame.Rect(x, 48, bw, 36), "Little Help (-2)", ui,
                                    container=c, command=self.toggle_help,
                                    tool_tip_text="Once per turn: take any one marble (no "
                                    "explosion) for a Little Help token worth -2 VP.")
        self.end_button = UIButton(pygame.Rect(x + bw + 6, 48, self.log_width - bw - 6, 36),
                                   "End turn", ui, container=c, command=self.end_turn)
        self.action_buttons = []
        self._end_tip = None
        self.refresh_controls()

    def my_turn(self) -> bool:
        return self.replay is None and self.match.is_human_turn()

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; rebuild the second row for the current choice."""
        if self.container is None:
            return
        for b in self.action_buttons:
            b.kill()
        self.action_buttons = []
        state = self.match.state
        mine = self.my_turn()
        legal = state.legal_actions() if mine else []
        can_help = any(isinstance(a, pe.LittleHelp) for a in legal)
        label = "Cancel help" if self.help_mode else "Little Help (-2)"
        if self.help_button.text != label:
            self.help_button.set_text(label)
        if can_help and not self.help_button.is_enabled:
            self.help_button.enable()
        elif not can_help:
            if self.help_button.is_enabled:
                self.help_button.disable()
            self.help_mode = False
        playing = mine and state.phase == Phase.PLAY and state.effect is None
        if playing and not self.end_button.is_enabled:
            self.end_button.enable()
        elif not playing and self.end_button.is_enabled:
            self.end_button.disable()
        refusal = state.end_turn_refusal() if playing else None
        tip = refusal or ("End your turn: marbles left in your hand go back to the tank; then "
                          "refill empty slots from the stacks.")
        if tip != self._end_tip:
            self._end_tip = tip
            self.end_button.set_tooltip(tip)
        if not mine:
            return
        w, _ = self.app.size
        x0 = w - self.log_width - 8
        ui, c = self.app.ui, self.container
        buttons = []
        if state.effect is not None:
            kind = state.effect.kind
            if kind == "FIL":
                n = len(self.filter_sel)
                buttons.append((f"Return {n}", self.filter_go,
                                "Return the chosen marbles to the tank."))
            label = "Done" if kind == "ABY" and state.effect.tracks else "Take nothing"
            buttons.append((label, self.finish_effect, "Stop using this potion's effect."))
        elif self.sel or self.help_mode or self.anchor:
            buttons.append(("Cancel", self.cancel_selection, "Drop the current choice "
                            "(right-click or Esc)."))
        if buttons:
            bw = (self.log_width - 6 * (len(buttons) - 1)) // len(buttons)
            for i, (label, cmd, tip) in enumerate(buttons):
                self.action_buttons.append(UIButton(pygame.Rect(x0 + i * (bw + 6), 90, bw, 36),
                                                    label, ui, container=c, command=cmd,
                                                    tool_tip_text=tip))

    def on_shown(self) -> None:
        self.refresh_controls()

    def _human_turn_starts(self) -> None:
        was = self.last_human
        super()._human_turn_starts()
        if was != self.last_human:
            self.refresh_controls()

    def log_line(self, event) -> str:
        """Leave out what the dispenser shows by itself (refills, slides, plain meetings)."""
        if isinstance(event, QUIET_EVENTS):
            return ""
        if isinstance(event, pe.SeamCollision) and not event.explodes:
            return ""
        return super().log_line(event)

    def log_lines_for(self, events) -> list:
        """The engine's sentences, plus one line summing up a pick's explosions ("Ana's pick:
        3 yellow, then 2 red exploded (5 marbles).")."""
        lines = super().log_lines_for(events)
        booms = [e for e in events if isinstance(e, pe.Exploded)]
        if booms:
            parts = [f"{len(e.positions)} {COLOUR_NAMES[e.colour]}" for e in booms]
            lines.append(f"{self.match.names[booms[0].player]}'s pick: " + ", then ".join(parts)
                         + f" exploded ({sum(len(e.positions) for e in booms)} marbles).")
        return lines

    # --- commands -----------------------------------------------------------------------------
    def reset_selection(self) -> None:
        self.sel = None
        self.help_mode = False
        self.anchor = None
        self.filter_sel = []
        self.filter_track = None
        self.drag = None

    def cancel_selection(self) -> bool:
        had = bool(self.sel or self.help_mode or self.anchor or self.filter_sel)
        self.reset_selection()
        if had:
            self.refresh_controls()
        return had

    def act(self, action) -> bool:
        """Apply a human's action through the base (refusals show the engine's reason)."""
        self.reset_selection()
        self.clear_message()  # the hint for the old choice is done; a refusal replaces it
        ok = self.try_action(action)
        self.refresh_controls()
        return ok

    def toggle_help(self) -> None:
        if not self.human_to_move():
            return
        if self.help_mode:
            self.cancel_selection()
            return
        self.reset_selection()
        self.help_mode = True
        self.say("Little Help: click any marble to take it (no explosion, -2 VP). "
                 "Right-click cancels.", 8)
        self.refresh_controls()

    def end_turn(self) -> None:
        refusal = self.match.state.end_turn_refusal()
        if refusal:
            self.say(refusal, 6)
            return
        self.act(pe.EndTurn())

    def finish_effect(self) -> None:
        if self.human_to_move():
            self.act(pe.FinishEffect())

    def filter_go(self) -> None:
        if not self.human_to_move():
            return
        if not self.filter_sel:
            self.say("Click marbles of one colour in one track first (up to 5).")
            return
        t = self.filter_track
        colour = self.match.state.tracks[t][self.filter_sel[0]]
        self.act(pe.FilterMarbles(t, colour, tuple(sorted(self.filter_sel))))

    def undo(self) -> None:
        self.reset_selection()
        super().undo()
        self.refresh_controls()

    def restart_turn(self) -> None:
        self.reset_selection()
        super().restart_turn()
        self.refresh_controls()

    # --- hit areas -------------------------------------------------------------------------------
    def hit_areas(self) -> list:
        """Clickable places now, most specific first: ``[(rect, key)]`` with keys
        ``("marble", t, q)``, ``("hole", slot, colour)``, ``("hand", colour)``,
        ``("pool", colour)``, ``("poolzone",)``, ``("handzone",)``, ``("completed", p, i)``,
        ``("stack", i)``, ``("desk", p)``, ``("offer", code)``, ``("type", code)``."""
        key = (id(self.shown), tuple(self.board_rect()))
        if self._hits is not None and self._hits[0] == key and self._hits[1] is self.shown:
            return list(self._hits[2])
        out = self._hit_areas()
        self._hits = (key, self.shown, out)
        return list(out)

    def _hit_areas(self) -> list:
        lay = self.layout
        s = self.shown
        out = []
        if s.phase == Phase.TYPES:
            for code, rect in zip(TYPE_CODES, lay.offer_cards(len(TYPE_CODES))):
                out.append((rect, ("type", code)))
        elif s.phase in (Phase.STARTERS, Phase.DRAFT):
            for code, rect in zip(s.revealed, lay.offer_cards(len(s.revealed))):
                out.append((rect, ("offer", code)))
        for t, tr in enumerate(s.tracks):
            for q in range(len(tr)):
                out.append((lay.marble_rect(t, q), ("marble", t, q)))
        p = lay.owner
        d = s.desks[p]
        for slot, brewing in enumerate(d.slots):
            if brewing is None:
                continue
            card = lay.card(slot)
            holes, size = pa.hole_layout(card.width - 2, card.height - 3, brewing.tile)
            for x, y, c in holes:
                r = pygame.Rect(0, 0, int(size) + 4, int(size) + 4)
                r.center = (int(card.x + x), int(card.y + y))
                out.append((r, ("hole", slot, c)))
        for k, c in enumerate(COLOURS):
            if d.hand[k]:
                out.append((lay.hand_group(k), ("hand", c)))
        for i, c in enumerate(pool_list(d)):
            x, y = lay.pool_point(i)
            r = pygame.Rect(0, 0, lay.md + 4, lay.md + 4)
            r.center = (int(x), int(y))
            out.append((r, ("pool", c)))
        out.append((lay.pool_zone(), ("poolzone",)))
        out.append((lay.hand_zone(), ("handzone",)))
        for i in range(len(d.completed)):
            out.append((lay.completed_rect(i, len(d.completed)), ("completed", p, i)))
        for i in range(NUM_STACKS):
            out.append((lay.stack_card(i), ("stack", i)))
        for q in lay.others:
            dq = s.desks[q]
            for i in range(len(dq.completed)):
                out.append((lay.mini_completed(q, i, len(dq.completed)), ("completed", q, i)))
            out.append((lay.boxes[q], ("desk", q)))
        return out

    def target_at(self, pos):
        best = None
        for rect, key in self.hit_areas():
            if rect.collidepoint(pos):
                if key[0] == "completed":
                    best = key          # later (overlapping) small tiles lie on top
                    continue
                if best is not None:
                    return best
                return key
        return best

    # --- what the engine allows now ------------------------------------------------------------
    def legal(self) -> list:
        """The human's legal actions now (cached per position: highlights ask every frame)."""
        if not self.human_to_move():
            return []
        key = (len(self.match.history), id(self.match.state))
        if self.legal_memo is None or self.legal_memo[0] != key:
            self.legal_memo = (key, self.match.state.legal_actions())
        return self.legal_memo[1]

    def preview(self, t: int, q: int) -> list:
        """Places the whole chain of explosions of a regular pick at ``(t, q)`` takes, as far as
        the visible marbles decide it (engine); ``self.preview_more`` says whether a marble still
        to roll in could add more."""
        places, self.preview_more = self.match.state.chain_preview(t, q)
        return [(t, p) for p in places]

    def pair_for(self, t: int, q: int, pos) -> pe.TakePair | None:
        """Magnetical Attraction: the legal pair with ``(t, q)`` whose partner is nearest."""
        pairs = [a for a in self.legal() if isinstance(a, pe.TakePair) and a.track == t
                 and a.position in (q - 1, q)]
        if not pairs:
            return None
        lay = self.layout

        def dist(a):
            other = a.position if a.position != q else a.position + 1
            return math.dist(lay.marble_centre(t, other), pos)
        return min(pairs, key=dist)

    def run_for(self, t: int, q: int):
        """Balm: the run from the anchor to ``(t, q)`` if the engine allows it."""
        if self.anchor is None or self.anchor[0] != t:
            return None
        lo, hi = sorted((self.anchor[1], q))
        a = pe.TakeRun(t, lo, hi - lo + 1)
        return a if a in self.legal() else None

    def marble_targets(self) -> set:
        """Marbles a click may take now (for highlighting)."""
        out = set()
        for a in self.legal():
            if isinstance(a, (pe.RegularPick, pe.TieBreakPick)) and not self.help_mode:
                out.add((a.track, a.position))
            elif isinstance(a, pe.LittleHelp) and self.help_mode:
                out.add((a.track, a.position))
            elif isinstance(a, (pe.TakeMarble,)):
                out.add((a.track, a.position))
            elif isinstance(a, pe.TakePair):
                out |= {(a.track, a.position), (a.track, a.position + 1)}
            elif isinstance(a, pe.TakeRun):
                out |= {(a.track, a.start + i) for i in range(a.length)}
            elif isinstance(a, pe.TakeBottom):
                out.add((a.track, 0))
            elif isinstance(a, pe.FilterMarbles) and len(a.positions) == 1:
                if self.filter_track is None or (
                        a.track == self.filter_track and
                        self.match.state.tracks[a.track][a.positions[0]] ==
                        self.match.state.tracks[a.track][self.filter_sel[0]]):
                    out.add((a.track, a.positions[0]))
        return out

    def hole_targets(self) -> set:
        """``(slot, hole colour)`` where the chosen marble may go."""
        if not self.sel or not self.human_to_move():
            return set()
        source, colour = self.sel
        return set(self.match.state.legal_holes(source, colour))

    # --- input ----------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.drag is not None:
                self.drag["moved"] |= math.dist(event.pos, self.drag["start"]) > 6
            self.update_hover()
            return False
        if not self.human_to_move():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel_selection()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.mouse = event.pos
            return self.click(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            drag, self.drag = self.drag, None
            if drag["moved"]:
                key = self.target_at(event.pos)
                self.drop(drag["src"], key)
                return True
        return False

    def update_hover(self) -> None:
        """The explosion preview: outline what a regular pick at the hovered marble takes."""
        self.hover_preview = []
        self.preview_more = False
        if not self.human_to_move() or self.help_mode:
            return
        key = self.target_at(self.mouse)
        if not key or key[0] != "marble":
            return
        pick = (pe.RegularPick, pe.TieBreakPick)
        if any(isinstance(a, pick) and (a.track, a.position) == (key[1], key[2])
               for a in self.legal()):
            self.hover_preview = self.preview(key[1], key[2])

    def drop(self, src, key) -> None:
        source, colour = src
        if key is None:
            return
        if key[0] == "hole":
            self.act(pe.PlaceMarble(source, colour, key[1], key[2]))
        elif source == "hand" and key[0] in ("poolzone", "pool"):
            self.act(pe.MoveToPool(colour))
        elif source == "pool" and key[0] in ("handzone", "hand"):
            self.act(pe.MoveToHand(colour))

    def click(self, pos) -> bool:
        key = self.target_at(pos)
        state = self.match.state
        ph = state.phase
        if ph == Phase.TYPES:
            if key and key[0] == "type":
                self.act(pe.ChoosePotionType(key[1]))
            return True
        if ph == Phase.DRAFT:
            if key and key[0] == "offer":
                self.act(pe.DraftStarter(key[1]))
            else:
                self.say("Click one of the revealed starter potions to take it.")
            return True
        if ph == Phase.END:
            if key and key[0] == "stack":
                self.act(pe.ChooseStack(key[1]))
            else:
                self.say("Choose a stack (glowing) for your empty brewing slot.")
            return True
        if ph == Phase.TIEBREAK:
            if key and key[0] == "marble":
                self.act(pe.TieBreakPick(key[1], key[2]))
            return True
        if key is None:
            return False
        if state.effect is not None:
            return self.effect_click(key, pos)
        kind = key[0]
        if kind == "marble":
            t, q = key[1], key[2]
            if self.help_mode:
                self.act(pe.LittleHelp(t, q))
            elif not state.picked:
                self.act(pe.RegularPick(t, q))
            else:
                self.say("You have made your regular pick. A Little Help (-2) or a drunk potion "
                         "can take more marbles.")
            return True
        if self.sel and self.sel[0] == "hand" and kind == "pool":
            self.act(pe.MoveToPool(self.sel[1]))     # a pool marble lies inside the pool
            return True
        if self.sel and self.sel[0] == "pool" and kind == "hand":
            self.act(pe.MoveToHand(self.sel[1]))
            return True
        if kind in ("hand", "pool"):
            if self.sel == (kind, key[1]):
                self.cancel_selection()
                return True
            self.reset_selection()
            self.sel = (kind, key[1])
            self.drag = {"src": self.sel, "start": pos, "moved": False}
            if kind == "hand":
                where = "a glowing hole or your pool"
            elif pe.MoveToHand(key[1]) in state.legal_actions():
                where = "a glowing hole, or your hand to take it back"
            else:
                where = "a glowing hole (it went to the pool this turn, so it stays there)"
            self.say(f"{COLOUR_NAMES[key[1]].title()} marble: click {where}.", 6)
            self.refresh_controls()
            return True
        if kind == "hole":
            slot, hole = key[1], key[2]
            if self.sel:
                self.act(pe.PlaceMarble(self.sel[0], self.sel[1], slot, hole))
                return True
            fits = [a for a in state.legal_actions() if isinstance(a, pe.PlaceMarble)
                    and a.slot == slot and a.hole == hole]
            if fits:
                self.act(fits[0])
            else:
                self.say(f"No marble you hold can fill that {COLOUR_NAMES[hole]} hole.")
            return True
        if kind in ("poolzone", "handzone"):
            if self.sel and self.sel[0] == "hand" and kind == "poolzone":
                self.act(pe.MoveToPool(self.sel[1]))
            elif self.sel and self.sel[0] == "pool" and kind == "handzone":
                self.act(pe.MoveToHand(self.sel[1]))
            return True
        if kind == "completed":
            p, i = key[1], key[2]
            if p != self.desk_owner(state):
                return True
            if i in state.drinkable():
                self.act(pe.Drink(i))
            elif state.desks[p].completed[i].drunk:
                self.say("That potion has been drunk already (each potion is drunk once).")
            else:
                self.act(pe.Drink(i))    # the engine says why not
            return True
        if kind == "stack":
            self.say("At the end of your turn you choose a stack for each empty brewing slot.")
            return True
        return False

    def effect_click(self, key, pos) -> bool:
        """Turn a click into the pending potion effect's choice (from the engine's list)."""
        state = self.match.state
        kind = state.effect.kind
        if kind in ("WIS", "MAG", "BAL", "ABY", "FIL"):
            if key[0] != "marble":
                self.say(state.effect_prompt() or "")
                return True
            t, q = key[1], key[2]
            if kind == "WIS":
                self.act(pe.TakeMarble(t, q))
            elif kind == "MAG":
                a = self.pair_for(t, q, pos)
                if a is None:
                    self.say("Magnetical Attraction takes 2 adjacent marbles of different colours.")
                else:
                    self.act(a)
            elif kind == "BAL":
                if self.anchor is None or self.anchor[0] != t or self.anchor[1] == q:
                    if any(isinstance(a, pe.TakeRun) and a.track == t
                           and a.start <= q < a.start + a.length for a in self.legal()):
                        self.anchor = (t, q)
                        self.say("Now click the other end of the run (same colour, 2 or more).", 8)
                        self.refresh_controls()
                    else:
                        self.say("The Balm takes 2 or more adjacent marbles of one colour.")
                    return True
                a = self.run_for(t, q)
                if a is None:
                    self.say("The Balm takes 2 or more adjacent marbles of one colour.")
                else:
                    self.act(a)
            elif kind == "ABY":
                self.act(pe.TakeBottom(t))
            elif kind == "FIL":
                self.filter_click(t, q)
            return True
        if kind == "BLI":
            if key[0] == "desk" or (key[0] == "completed" and key[1] != state.player):
                self.act(pe.TakePool(key[1]))
            else:
                self.say("Click an opponent's desk (glowing) to take their pool.")
            return True
        if kind == "SAN":
            if key[0] == "completed" and key[1] == state.player:
                self.act(pe.CopyPotion(key[2]))
            else:
                self.say("Click one of your drunk potions (glowing) to use its effect again.")
            return True
        return True

    def filter_click(self, t: int, q: int) -> None:
        state = self.match.state
        colour = state.tracks[t][q]
        if self.filter_track != t or not self.filter_sel or \
                state.tracks[t][self.filter_sel[0]] != colour:
            self.filter_track, self.filter_sel = t, [q]
        elif q in self.filter_sel:
            self.filter_sel.remove(q)
            if not self.filter_sel:
                self.filter_track = None
        elif len(self.filter_sel) < 5:
            self.filter_sel.append(q)
        else:
            self.say("The Filter returns at most 5 marbles.")
        self.refresh_controls()

    # --- status -------------------------------------------------------------------------------
    def chance_status(self) -> str:
        return ("The dispenser rolls…"
                if self.match.state.phase not in (Phase.STARTERS, Phase.FIRST)
                else "Setting up…")

    def human_status(self, name: str) -> str:
        state = self.match.state
        if state.phase == Phase.TYPES:
            return f"{name}: choose the potion types for this game ({len(state.types)} of 6)."
        if state.phase == Phase.DRAFT:
            return f"{name}: take one of the starter potions."
        if state.phase == Phase.END:
            return f"{name}: choose a stack for your empty brewing slot."
        if state.phase == Phase.TIEBREAK:
            return f"{name}: tie-break — pick one marble; most marbles wins."
        if state.effect is not None:
            if state.effect.kind == "BAL" and self.anchor:
                return f"{name}: click the other end of the run."
            if state.effect.kind == "FIL" and self.filter_sel:
                n = len(self.filter_sel)
                return (f"{name}: {n} chosen (same track and colour, up to 5) — "
                        f"press “Return {n}” to send them to the tank.")
            return f"{name}: {state.effect_prompt()}"
        if self.help_mode:
            return f"{name}: Little Help — click any marble (no explosion)."
        if self.sel:
            other = "pool" if self.sel[0] == "hand" else "hand"
            return f"{name}: click a glowing hole, or your {other}."
        if not state.picked:
            return f"{name}: pick a marble — hover to see what explodes."
        d = state.desks[self.match.current_player()]
        if sum(d.hand):
            if any(isinstance(a, pe.PlaceMarble) and a.source == Source.HAND
                   for a in state.legal_actions()):
                return f"{name}: click a marble in your hand, then a glowing hole."
            return f"{name}: keep marbles in your pool (max 3), then End turn."
        if state.drinkable():
            return f"{name}: drink a completed potion, or End turn."
        return f"{name}: End turn when ready."

    # --- drawing --------------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        lay = self.layout
        state = self.shown
        hidden = self.anims.hidden()
        busy = self.anims.busy
        self.draw_dispenser(surface, lay, state, hidden, busy)
        self.draw_stacks(surface, lay, state, busy)
        for p in lay.others:
            self.draw_mini_desk(surface, lay, state, p, hidden, busy)
        self.draw_desk(surface, lay, state, hidden, busy)
        if state.phase == Phase.TYPES:
            self.draw_type_choice(surface, lay, state)
        elif state.phase in (Phase.STARTERS, Phase.DRAFT) and state.revealed:
            self.draw_offer(surface, lay, state, busy)
        if state.ending and state.phase in (Phase.PLAY, Phase.END):
            self.draw_banner(surface, "Last round: the game ends when this round is complete",
                             bottom=True)
        if state.phase == Phase.TIEBREAK and state.tiebreak:
            self.draw_banner(surface, "Tie-break: one pick each, most marbles wins", bottom=True)
        if not busy:
            self.draw_hint(surface, lay, state)

    def hint_rects(self, lay, state) -> list:
        """Where the Hint button's suggested action is on the board (may be empty)."""
        hint = getattr(self, "current_hint", lambda: None)()
        if hint is None:
            return []
        out = []
        if hasattr(hint, "track") and hasattr(hint, "position"):
            t = hint.track
            if 0 <= t < len(state.tracks) and 0 <= hint.position < len(state.tracks[t]):
                out.append(lay.marble_rect(t, hint.position))
                if isinstance(hint, pe.TakePair) and hint.position + 1 < len(state.tracks[t]):
                    out.append(lay.marble_rect(t, hint.position + 1))
        elif isinstance(hint, pe.TakeRun):
            out += [lay.marble_rect(hint.track, hint.start + i) for i in range(hint.length)
                    if hint.start + i < len(state.tracks[hint.track])]
        elif isinstance(hint, pe.TakeBottom) and state.tracks[hint.track]:
            out.append(lay.marble_rect(hint.track, 0))
        elif isinstance(hint, pe.FilterMarbles):
            out += [lay.marble_rect(hint.track, q) for q in hint.positions
                    if q < len(state.tracks[hint.track])]
        elif isinstance(hint, pe.PlaceMarble):
            out.append(lay.card(hint.slot))
            out.append(lay.hand_group(COLOUR_INDEX[hint.colour]) if hint.source == Source.HAND
                       else lay.pool_zone())
        elif isinstance(hint, (pe.MoveToPool, pe.MoveToHand)):
            out += [lay.pool_zone(), lay.hand_zone()]
        elif isinstance(hint, (pe.Drink, pe.CopyPotion)):
            n = len(state.desks[lay.owner].completed)
            out.append(lay.completed_rect(hint.index, n))
        elif isinstance(hint, pe.ChooseStack):
            out.append(lay.stack_card(hint.stack))
        elif isinstance(hint, pe.TakePool) and hint.opponent in lay.boxes:
            out.append(lay.boxes[hint.opponent])
        elif isinstance(hint, pe.DraftStarter) and hint.tile in state.revealed:
            cards = lay.offer_cards(len(state.revealed))
            out.append(cards[state.revealed.index(hint.tile)])
        elif isinstance(hint, pe.ChoosePotionType):
            code = getattr(hint, "potion", None) or getattr(hint, "type", None)
            if code in TYPE_CODES:
                out.append(lay.offer_cards(len(TYPE_CODES))[TYPE_CODES.index(code)])
        return out

    def draw_hint(self, surface, lay, state) -> None:
        """A pulsing cyan frame around the hinted marble, tile or place."""
        pulse = 0.5 + 0.5 * math.sin(self.time * 6)
        for rect in self.hint_rects(lay, state):
            r = rect.inflate(8, 8)
            layer = pygame.Surface(r.size, pygame.SRCALPHA)
            pygame.draw.rect(layer, (90, 230, 255, int(120 + 120 * pulse)), layer.get_rect(), 3,
                             border_radius=min(r.width, r.height) // 2)
            surface.blit(layer, r)

    def draw_banner(self, surface, message: str, alpha: float = 1.0, bottom=False) -> None:
        board = self.layout.disp if bottom else self.board_rect()
        size = kit.fit_text(message, 20 if not bottom else 14, board.width - 40, bold=True)
        img = kit.text(message, size, kit.INK_DARK, True)
        if bottom:
            rect = img.get_rect(midbottom=(board.centerx, board.bottom - 4)).inflate(16, 6)
        else:
            rect = img.get_rect(center=(board.centerx, board.y + board.height * 0.42))
            rect = rect.inflate(40, 16)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (238, 196, 84, int(235 * alpha)), layer.get_rect(),
                         border_radius=10)
        img = img.copy()
        img.set_alpha(int(255 * alpha))
        layer.blit(img, img.get_rect(center=layer.get_rect().center))
        surface.blit(layer, rect)

    def draw_dispenser(self, surface, lay, state, hidden, busy) -> None:
        disp = lay.disp
        surface.blit(pa.dispenser_back(disp.width, disp.height, lay.tank_h), disp.topleft)
        if state.phase in (Phase.TYPES, Phase.FIRST, Phase.STARTERS) or (
                state.phase == Phase.DRAFT and state.revealed):
            return          # the setup overlay covers the dispenser
        # the tank: a heap of marbles, as many as it holds (up to what fits), colours mixed
        total = sum(state.tank)
        tank = lay.tank
        ms = int(clamp(tank.height / 3.2, 8, 15))
        step_x, step_y = ms - 1, int(ms * 0.72)
        per_row = max(1, min((tank.width - 16) // step_x, int(math.sqrt(total) * 2) + 2))
        slots = []
        row = 0
        while len(slots) < total and tank.bottom - 5 - ms // 2 - row * step_y > tank.y + ms // 2:
            n_row = per_row - row
            if n_row <= 0:
                break
            x0 = tank.centerx - (n_row - 1) * step_x / 2
            y = tank.bottom - 5 - ms // 2 - row * step_y
            slots += [(x0 + i * step_x, y) for i in range(n_row)]
            row += 1
        colours = [c for k, c in enumerate(COLOURS) for _ in range(state.tank[k])]
        if colours:
            # spread colours evenly, in a fixed order so the heap does not flicker
            order = sorted(range(len(colours)), key=lambda i: (i * 7919) % 97)
            heap = [colours[i] for i in order]
            if len(heap) > len(slots):
                heap = heap[::max(1, math.ceil(len(heap) / max(1, len(slots))))]
            # fill from the middle of the bottom row outwards, like a pile
            filled = sorted(slots, key=lambda pt: (-pt[1], abs(pt[0] - tank.centerx)))
            for (x, y), c in zip(filled, heap):
                pa.blit_marble(surface, (x, y), ms, c, self.patterns)
        label = f"Tank · {total}"
        kit.blit_text(surface, label, 13, (tank.right - 8, tank.y + 4), kit.INK, True, "topright",
                      shadow=True)
        # grooves and track numbers
        for t in range(NUM_TRACKS):
            a = lay.marble_centre(t, -0.3)
            b = lay.marble_centre(t, TRACK_LENGTH - 0.6)
            pygame.draw.line(surface, (18, 12, 20), a, b, max(3, lay.d // 2))
            pygame.draw.line(surface, (70, 56, 66), (a[0] - lay.d // 4, a[1]),
                             (b[0] - lay.d // 5, b[1]), 1)
            lx, ly = lay.marble_centre(t, 0)
            kit.blit_text(surface, str(t + 1), 13, (lx, ly + lay.d * 0.5 + 4), kit.INK_DIM,
                          anchor="midtop")
        targets = self.marble_targets() if not busy else set()
        if not busy:
            self.update_hover()      # the position may have changed under a still mouse
        key = self.target_at(self.mouse) if not busy else None
        hovered = (key[1], key[2]) if key and key[0] == "marble" else None
        preview = set(self.hover_preview) if not busy else set()
        extra = set()
        state_now = self.match.state
        if hovered and not busy and state_now.effect is not None:
            kind = state_now.effect.kind
            if kind == "MAG":
                a = self.pair_for(*hovered, self.mouse)
                if a:
                    extra = {(a.track, a.position), (a.track, a.position + 1)}
            elif kind == "BAL" and self.anchor:
                a = self.run_for(*hovered)
                if a:
                    extra = {(a.track, a.start + i) for i in range(a.length)}
        if self.anchor:
            extra.add(self.anchor)
        chosen = {(self.filter_track, q) for q in self.filter_sel}
        pulse = 0.5 + 0.5 * math.sin(self.time * 6)
        for t, tr in enumerate(state.tracks):
            for q, c in enumerate(tr):
                if ("track", t, q) in hidden:
                    continue
                x, y = lay.marble_centre(t, q)
                size = lay.marble_size(q)
                lift = 0
                if (t, q) == hovered and (t, q) in targets:
                    lift = 3
                    pa.glow_disc(surface, (x, y), size * 0.75, (255, 240, 170), 90)
                pa.blit_marble(surface, (x, y - lift), size, c, self.patterns)
                if (t, q) in preview:
                    ring = (255, 120, 60)
                    pygame.draw.circle(surface, ring, (int(x), int(y)), size // 2 + 3,
                                       2 + int(pulse * 2))
                elif (t, q) in extra or (t, q) in chosen:
                    pygame.draw.circle(surface, (255, 240, 150), (int(x), int(y)),
                                       size // 2 + 3, 3)
                elif (t, q) in targets and state_now.effect is not None:
                    pygame.draw.circle(surface, (255, 226, 110, 120), (int(x), int(y)),
                                       size // 2 + 2, 1)
        if (preview or self.preview_more) and hovered:
            n = len(preview)
            x, y = lay.marble_centre(*hovered)
            if self.preview_more:
                tip = f"{n} explode, maybe more" if n else "may explode with a new marble"
            else:
                tip = f"{n} explode"
            kit.blit_text(surface, tip, 14, (x + lay.d * 0.6, y - lay.d * 0.6), (255, 150, 90),
                          True, "midleft", shadow=True)

    def draw_stacks(self, surface, lay, state, busy) -> None:
        pa.draw_panel(surface, lay.stacks, (20, 26, 30, 190))
        kit.blit_text(surface, "Potion stacks", 13, (lay.stacks.x + 10, lay.stacks.y + 3),
                      kit.INK_DIM, True)
        choose = (not busy and self.human_to_move() and self.match.state.phase == Phase.END)
        legal_stacks = {a.stack for a in self.legal() if isinstance(a, pe.ChooseStack)} \
            if choose else set()
        if state.phase in SETUP_PHASES:
            kit.blit_text(surface, "The stacks are formed after the starter draft", 13,
                          (lay.stacks.x + 14, lay.stacks.centery), kit.INK_DIM,
                          anchor="midleft")
            return
        for i in range(NUM_STACKS):
            rect = lay.stack_card(i)
            top, count = state.stacks[i].top, state.stacks[i].face_down
            if count > 0:
                surface.blit(pa.card_back(rect.width, rect.height), rect.move(3, -3))
            if top is not None:
                glow = (0.6 + 0.4 * math.sin(self.time * 5)) if i in legal_stacks else 0
                pa.draw_potion(surface, rect, top, [], self.patterns, glow=glow)
            elif count == 0:
                pygame.draw.rect(surface, (60, 70, 74), rect, 1, border_radius=6)
                kit.blit_text(surface, "empty", 12, rect.center, kit.INK_DIM, anchor="center")
            badge = kit.text(f"+{count}", 11, kit.INK, True)
            # top left, over the flask's neck: the holes stay visible
            br = badge.get_rect(topleft=(rect.x + 6, rect.y + 5)).inflate(6, 2)
            pygame.draw.rect(surface, (20, 16, 24), br, border_radius=4)
            surface.blit(badge, badge.get_rect(center=br.center))
        pile = lay.token_pile()
        if pile.width > 40:
            ts = int(clamp(pile.height * 0.34, 16, 30))
            kit.blit_text(surface, "Skill tokens", 12, (pile.centerx, pile.y), kit.INK_DIM, True,
                          "midtop")
            y = pile.y + 18
            for i in range(min(state.countdown, 8)):
                surface.blit(pa.skill_token(ts), (pile.x + 6, y + ts - 3 * i - ts // 2))
            kit.blit_text(surface, f"countdown {state.countdown}", 12,
                          (pile.x + ts + 12, y + ts // 2 + 2), kit.INK, anchor="midleft")
            kit.blit_text(surface, f"supply {state.supply}", 12,
                          (pile.x + ts + 12, y + ts // 2 + 18), kit.INK_DIM, anchor="midleft")
            surface.blit(pa.help_token(ts), (pile.x + 6, pile.bottom - ts - 2))
            kit.blit_text(surface, "Little Help", 12, (pile.x + ts + 12, pile.bottom - ts // 2 - 2),
                          kit.INK_DIM, anchor="midleft")

    def seat_header(self, surface, rect, state, p, size, tokens=False) -> None:
        """Seat colour, name and score; ``tokens`` adds the skill and Little Help tokens
        (compact desks) between name and score."""
        colour = kit.SEAT_COLOURS[p % len(kit.SEAT_COLOURS)]
        cy = rect.y + 12
        pygame.draw.circle(surface, colour, (rect.x + 12, cy), 6)
        d = state.desks[p]
        score = f"{state.scores()[p]} VP"
        x = rect.right - 8
        r = kit.blit_text(surface, score, size, (x, cy), kit.GOLD, True, "midright")
        x = r.x - 8
        if tokens:
            for count, img in ((d.helps, pa.help_token(14)), (d.tokens, pa.skill_token(14))):
                if count:
                    t = kit.blit_text(surface, f"×{count}", 11, (x, cy), kit.INK, True,
                                      "midright")
                    ir = img.get_rect(midright=(t.x - 1, cy))
                    surface.blit(img, ir)
                    x = ir.x - 6
        name = self.match.names[p]
        kit.blit_text(surface, trim(name, size, x - (rect.x + 22)), size,
                      (rect.x + 22, cy), kit.INK, True, "midleft")

    def draw_desk(self, surface, lay, state, hidden, busy) -> None:
        p = lay.owner
        d = state.desks[p]
        desk = lay.desk
        active = state.phase in (Phase.PLAY, Phase.END, Phase.TIEBREAK, Phase.DRAFT) and \
            state.turn_owner() == p
        pa.draw_panel(surface, desk, (24, 32, 36, 215),
                       border=kit.GOLD if active else (70, 86, 90))
        self.seat_header(surface, desk, state, p, 16)
        holes_ok = self.hole_targets() if not busy else set()
        for slot in range(2):
            rect = lay.card(slot)
            brewing = d.slots[slot]
            if brewing is None or ("slot", p, slot) in hidden:
                pygame.draw.rect(surface, (50, 60, 64), rect, 2, border_radius=10)
                kit.blit_text(surface, "empty slot", 12, rect.center, kit.INK_DIM,
                              anchor="center")
                continue
            code, placed = brewing.tile, brewing.placed
            holes, _ = pa.hole_layout(rect.width - 2, rect.height - 3, code)
            highlight = set()
            if holes_ok:
                counts = {}
                for hole, _m in placed:
                    counts[hole] = counts.get(hole, 0) + 1
                seen = {}
                for i, (_x, _y, c) in enumerate(holes):
                    seen[c] = seen.get(c, 0) + 1
                    if seen[c] > counts.get(c, 0) and (slot, c) in holes_ok:
                        highlight.add(i)
            pa.draw_potion(surface, rect, code, placed, self.patterns, highlight=highlight)
            name = pa.SHORT_NAMES[TILES[code].type]
            badge = int(min(rect.width, rect.height) * 0.26) + 8
            kit.blit_text(surface, trim(name, 12, rect.width - badge - 8, False), 12,
                          (rect.x + 6, rect.y + 3), kit.INK, anchor="topleft", shadow=True)
        # pool
        pz = lay.pool_zone()
        target_pool = bool(self.sel and self.sel[0] == "hand" and not busy and any(
            isinstance(a, pe.MoveToPool) for a in self.legal()))
        self.zone(surface, pz, "Pool", target_pool)
        pool = pool_list(d)
        wild = [c for k, c in enumerate(COLOURS) for _ in range(d.wild[k])]
        for i in range(POOL_SIZE):
            x, y = lay.pool_point(i)
            pygame.draw.circle(surface, (14, 12, 16), (int(x), int(y)), lay.md // 2 + 2)
            if i < len(pool) and ("pool", p, i) not in hidden:
                if pool[i] in wild:
                    wild.remove(pool[i])
                    self.rainbow(surface, (x, y), lay.md * 0.62)
                if self.drag and self.drag["moved"] and self.sel == ("pool", pool[i]):
                    continue
                pa.blit_marble(surface, (x, y), lay.md, pool[i], self.patterns)
                if self.sel == ("pool", pool[i]):
                    pygame.draw.circle(surface, kit.HILITE, (int(x), int(y)), lay.md // 2 + 3, 2)
        # hand
        hz = lay.hand_zone()
        target_hand = bool(self.sel and self.sel[0] == "pool" and not busy
                           and pe.MoveToHand(self.sel[1]) in self.legal())
        self.zone(surface, hz, f"Hand · {sum(d.hand)}", target_hand)
        for k, c in enumerate(COLOURS):
            g = lay.hand_group(k)
            n = d.hand[k]
            if not n:
                continue
            sel = self.sel == ("hand", c)
            if sel:
                pygame.draw.rect(surface, (90, 80, 40), g, border_radius=8)
                pygame.draw.rect(surface, kit.HILITE, g, 2, border_radius=8)
            cx = g.x + lay.md / 2 + 4
            if not (sel and self.drag and self.drag["moved"] and n == 1):
                pa.blit_marble(surface, (cx, g.centery), lay.md, c, self.patterns)
            kit.blit_text(surface, f"×{n}", 15, (g.x + lay.md + 10, g.centery), kit.INK, True,
                          "midleft")
        # completed potions and tokens
        mine = self.human_to_move() and not busy and self.match.state.phase == Phase.PLAY
        drinkable = set(self.match.state.drinkable()) if mine else set()
        copyable = set()
        if mine and self.match.state.effect and self.match.state.effect.kind == "SAN":
            copyable = {a.index for a in self.legal() if isinstance(a, pe.CopyPotion)}
        n = len(d.completed)
        if not n:
            r = lay.completed_rect(0, 1)
            kit.blit_text(surface, "Completed potions appear here", 12, (r.x, r.centery),
                          kit.INK_DIM, anchor="midleft")
        for i, potion in enumerate(d.completed):
            if ("completed", p, i) in hidden:
                continue
            rect = lay.completed_rect(i, n)
            glow = (0.5 + 0.5 * math.sin(self.time * 4)) if (i in drinkable or i in copyable) \
                else 0
            pa.draw_potion(surface, rect, potion.tile, [], self.patterns, back=potion.drunk,
                           glow=glow)
            if i in drinkable or i in copyable:
                # Sands of Time: the drunk potions whose effect can be used again say so
                badge = pygame.Rect(0, 0, rect.width - 4, 16)
                badge.midbottom = (rect.centerx, rect.bottom - 2)
                colour = (60, 140, 80) if i in drinkable else (150, 110, 40)
                pygame.draw.rect(surface, colour, badge, border_radius=5)
                kit.blit_text(surface, "Drink" if i in drinkable else "Again", 11, badge.center,
                              kit.INK, True, "center")
        self.draw_tokens(surface, lay.token_point("skill"), lay.token_point("help"), d,
                         int(lay.comp_h * 0.5), hidden, p)

    def draw_tokens(self, surface, skill_at, help_at, d, size, hidden, p) -> None:
        if ("tokens", p) not in hidden:
            img = pa.skill_token(size)
            surface.blit(img, img.get_rect(center=skill_at))
            kit.blit_text(surface, f"×{d.tokens}", 13, (skill_at[0] + size / 2 + 3, skill_at[1]),
                          kit.INK if d.tokens else kit.INK_DIM, True, "midleft")
        if ("helps", p) not in hidden:
            img = pa.help_token(size)
            surface.blit(img, img.get_rect(center=help_at))
            kit.blit_text(surface, f"×{d.helps}", 13, (help_at[0] + size / 2 + 3, help_at[1]),
                          kit.INK if d.helps else kit.INK_DIM, True, "midleft")

    def zone(self, surface, rect, label, target) -> None:
        colour = (40, 48, 40, 200) if not target else (70, 64, 30, 220)
        pa.draw_panel(surface, rect, colour, radius=8,
                       border=kit.HILITE if target else (70, 86, 90))
        kit.blit_text(surface, label, 12, (rect.x + 6, rect.y + 2), kit.INK_DIM, True)

    def rainbow(self, surface, centre, r) -> None:
        """The Prismatic Joy mark of a wild pool marble."""
        for i, col in enumerate(((232, 80, 72), (250, 214, 70), (80, 200, 120), (80, 140, 240))):
            a = self.time * 3 + i * math.pi / 2
            rect = pygame.Rect(centre[0] - r, centre[1] - r, 2 * r, 2 * r)
            pygame.draw.arc(surface, col, rect, a, a + math.pi / 2, 3)

    def draw_mini_desk(self, surface, lay, state, p, hidden, busy) -> None:
        box = lay.boxes[p]
        d = state.desks[p]
        blind = (not busy and self.human_to_move() and self.match.state.effect is not None
                 and self.match.state.effect.kind == "BLI"
                 and pe.TakePool(p) in self.legal())
        active = (state.phase in (Phase.PLAY, Phase.END, Phase.TIEBREAK, Phase.DRAFT)
                  and state.turn_owner() == p)
        pa.draw_panel(surface, box, (20, 28, 30, 200),
                       border=kit.HILITE if blind else (kit.GOLD if active else (60, 76, 80)))
        self.seat_header(surface, box, state, p, 14, tokens=True)
        for slot in range(2):
            rect = lay.mini_card(slot=slot, p=p)
            brewing = d.slots[slot]
            if brewing is None or ("slot", p, slot) in hidden:
                pygame.draw.rect(surface, (50, 60, 64), rect, 1, border_radius=6)
                continue
            pa.draw_potion(surface, rect, brewing.tile, brewing.placed, self.patterns)
        pool = pool_list(d)
        for i in range(POOL_SIZE):
            x, y = lay.mini_pool_point(p, i)
            pygame.draw.circle(surface, (14, 12, 16), (int(x), int(y)), lay.ms // 2 + 1)
            if i < len(pool) and ("pool", p, i) not in hidden:
                pa.blit_marble(surface, (x, y), lay.ms, pool[i], self.patterns)
        n = len(d.completed)
        for i, potion in enumerate(d.completed):
            rect = lay.mini_completed(p, i, n)
            pa.draw_potion(surface, rect, potion.tile, [], self.patterns, back=potion.drunk)
        if sum(d.hand):
            kit.blit_text(surface, f"hand {sum(d.hand)}", 12,
                          (lay.mini_pool_point(p, 0)[0] + lay.ms, box.y + 26), kit.INK_DIM,
                          anchor="topleft")
        if blind:
            kit.blit_text(surface, "take this pool", 12, (box.right - 8, box.bottom - 4),
                          kit.HILITE, True, "bottomright")

    def draw_offer(self, surface, lay, state, busy) -> None:
        veil = lay.disp.inflate(-12, -12)
        pa.draw_panel(surface, veil, (16, 20, 24, 235), border=kit.GOLD)
        kit.blit_text(surface, "Starter draft", 18, (veil.centerx, veil.y + 8), kit.GOLD, True,
                      "midtop")
        mine = not busy and self.human_to_move() and self.match.state.phase == Phase.DRAFT
        key = self.target_at(self.mouse) if mine else None
        for code, rect in zip(state.revealed, lay.offer_cards(len(state.revealed))):
            glow = 1.0 if key == ("offer", code) else 0
            pa.draw_potion(surface, rect, code, [], self.patterns, glow=glow)
            name = pa.SHORT_NAMES[TILES[code].type]
            kit.blit_text(surface, trim(name, 12, rect.width + 8, False), 12,
                          (rect.centerx, rect.bottom + 2), kit.INK, anchor="midtop")

    def draw_type_choice(self, surface, lay, state) -> None:
        veil = lay.disp.inflate(-12, -12)
        pa.draw_panel(surface, veil, (16, 20, 24, 235), border=kit.GOLD)
        kit.blit_text(surface, f"Choose 6 potion types ({len(state.types)}/6)", 16,
                      (veil.centerx, veil.y + 8), kit.GOLD, True, "midtop")
        for code, rect in zip(TYPE_CODES, lay.offer_cards(len(TYPE_CODES))):
            chosen = code in state.types
            pa.draw_potion(surface, rect, STARTER_OF[code], [], self.patterns,
                           glow=1.0 if chosen else 0)
            name = pa.SHORT_NAMES[code]
            kit.blit_text(surface, trim(name, 12, rect.width + 8, False), 12,
                          (rect.centerx, rect.bottom + 2), kit.HILITE if chosen else kit.INK,
                          chosen, "midtop")

    def draw_over(self, surface) -> None:
        """The dragged marble and the tooltip of the potion under the mouse."""
        if self.drag and self.drag["moved"] and self.human_to_move():
            colour = self.drag["src"][1]
            pa.blit_marble(surface, self.mouse, self.layout.md, colour, self.patterns)
            return
        if self.anims.busy or self.app.manager.top is not self:
            return
        key = self.target_at(self.mouse)
        code = None
        extra = ""
        s = self.shown
        if key and key[0] == "completed":
            p, i = key[1], key[2]
            if i < len(s.desks[p].completed):
                code, drunk = s.desks[p].completed[i].tile, s.desks[p].completed[i].drunk
                extra = "Drunk (turned over)." if drunk else "Not drunk yet: click to drink."
                if p != self.desk_owner(s) and not drunk:
                    extra = "Not drunk yet."
        elif key and key[0] == "stack":
            code = s.stacks[key[1]].top
            extra = f"Stack {key[1] + 1}: {s.stacks[key[1]].face_down} more face down."
        elif key and key[0] in ("offer", "type"):
            code = key[1] if key[0] == "offer" else STARTER_OF[key[1]]
        if code is None:
            return
        tile = TILES[code]
        lines = [f"{tile.name} · {tile.vp} VP · {tile.holes} holes",
                 TYPE_BY_CODE[tile.type].effect]
        if extra:
            lines.append(extra)
        width = max(kit.font(13).size(line)[0] for line in lines) + 20
        rect = self.tip_rect(width, 20 * len(lines) + 10)
        pa.draw_panel(surface, rect, (12, 16, 18, 240), radius=8, border=kit.GOLD)
        for i, line in enumerate(lines):
            kit.blit_text(surface, line, 13, (rect.x + 10, rect.y + 6 + 20 * i),
                          kit.GOLD if i == 0 else kit.INK, i == 0)

    # --- animations -------------------------------------------------------------------------------
    def land_events(self, events):
        """An ``on_done`` that moves the displayed state on by ``events`` (the engine's
        :func:`apply_event`), so the board shows the position between two animations."""
        def done():
            shown = self.shown
            for event in events:
                shown = apply_event(shown, event)
            self.shown = shown
        return done

    def land_event(self, e):
        return self.land_events((e,))

    def animate(self, events, before, after) -> list:
        """One group per event (or run of refills / starter reveals); each group lands its own
        events, in order, so every event of the step is applied exactly once."""
        lay = self.layout_for(before)
        groups = []
        filtered = any(isinstance(e, pe.MarblesReturned) and e.source == "track" for e in events)
        i = 0
        while i < len(events):
            e = events[i]
            if isinstance(e, pe.MarbleRefilled):
                j = i
                while j < len(events) and isinstance(events[j], pe.MarbleRefilled):
                    j += 1
                groups.append(self.anim_refills(lay, events[i:j]))
                i = j
                continue
            if isinstance(e, pe.StarterRevealed):
                j = i
                while j < len(events) and isinstance(events[j], pe.StarterRevealed):
                    j += 1
                batch = events[i:j]
                groups.append(([Animation(self.duration(0.5), None)], self.land_events(batch)))
                i = j
                continue
            i += 1
            if isinstance(e, pe.MarbleTaken):
                groups.append(self.anim_take(lay, e))
            elif isinstance(e, pe.MarblesSlid):
                if filtered:        # the Filter's return already slides the whole track
                    groups.append(([], self.land_event(e)))
                else:
                    anims, _ = self.anim_slide(lay, e.track, {}, e.start, e.distance)
                    groups.append((anims, self.land_event(e)))
            elif isinstance(e, pe.SeamCollision):
                anims, _ = self.anim_seam(lay, e)
                groups.append((anims, self.land_event(e)))
            elif isinstance(e, pe.Exploded):
                groups.append(self.anim_explode(lay, e))
            elif isinstance(e, pe.MarbleMoved):
                groups.append(self.anim_move(lay, e))
            elif isinstance(e, pe.MarblePlaced):
                groups.append(self.anim_place(lay, e))
            elif isinstance(e, pe.PotionCompleted):
                groups.extend(self.anim_complete(lay, e))
            elif isinstance(e, pe.SkillTokenEarned) and e.source == "none":
                groups.append(self.anim_message("No skill token is left", 1.0,
                                                self.land_event(e)))
            elif isinstance(e, pe.SkillTokenEarned):
                groups.append(self.anim_token(lay, e.player, "skill", e))
            elif isinstance(e, pe.LittleHelpTaken):
                groups.append(self.anim_token(lay, e.player, "help", e))
            elif isinstance(e, pe.PotionDrunk):
                groups.append(self.anim_drink(lay, e))
            elif isinstance(e, pe.EffectCopied):
                groups.append(self.anim_message(f"Sands of Time: {TILES[e.tile].name} again",
                                                0.9, self.land_event(e)))
            elif isinstance(e, pe.PoolStolen):
                groups.append(self.anim_steal(lay, e))
            elif isinstance(e, pe.PoolMadeWild):
                groups.append(self.anim_message("Prismatic Joy: your pool marbles fill any hole",
                                                0.9, self.land_event(e)))
            elif isinstance(e, pe.MarblesReturned):
                groups.extend(self.anim_return(lay, e))
            elif isinstance(e, pe.TileDrawn):
                groups.append(self.anim_tile_drawn(lay, e))
            elif isinstance(e, pe.TileRevealed):
                groups.append(self.anim_reveal(lay, e))
            elif isinstance(e, pe.StarterDrafted):
                groups.append(self.anim_draft(lay, before, e))
            elif isinstance(e, pe.GameEndTriggered):
                groups.append(self.anim_message("Last round! " + e.reason[0].upper() +
                                                e.reason[1:], 1.6, self.land_event(e)))
            elif isinstance(e, pe.TieBreakStarted):
                groups.append(self.anim_message("Tie! One more pick each decides", 1.4,
                                                self.land_event(e)))
            elif isinstance(e, pe.TieBreakResult):
                groups.append(self.anim_message(
                    f"{self.match.names[e.player]} took {e.marbles} marble(s)", 1.0,
                    self.land_event(e)))
            elif isinstance(e, pe.TurnStarted):
                groups.append(self.anim_message(f"{self.match.names[e.player]}'s turn", 0.8,
                                                self.land_event(e)))
            elif isinstance(e, pe.GameOver):
                groups.append(self.anim_message("Game over", 1.0, self.land_event(e)))
            else:
                groups.append(([], self.land_event(e)))
        return groups

    def anim_message(self, message: str, seconds: float, on_done):
        def draw(surface, p):
            alpha = min(1.0, p * 5, (1 - p) * 5)
            self.draw_banner(surface, message, alpha)
        return ([Animation(self.duration(seconds), draw, ease=linear)], on_done)

    def anim_refills(self, lay, batch):
        anims = []
        step = 0.03 if len(batch) > 8 else 0.07
        for i, e in enumerate(batch):
            start = lay.tank_point(e.track)
            end = lay.marble_centre(e.track, e.position)

            def draw(surface, p, e=e, start=start, end=end):
                x, y = lerp_point(start, end, p)
                size = lay.marble_size(e.position + (1 - p) * 1.5)
                pa.blit_marble(surface, (x, y), size, e.colour, self.patterns)
            anims.append(Animation(self.duration(0.32), draw, ease=ease_out_back,
                                   delay=self.duration(step) * i))
        return (anims, self.land_events(batch))

    def anim_take(self, lay, e):
        start = lay.marble_centre(e.track, e.position)
        end = lay.hand_point(e.player, e.colour)
        size = lay.marble_size(e.position)

        def draw(surface, p):
            if p < 0.3:
                q = p / 0.3
                pa.glow_disc(surface, start, size * (0.6 + 0.4 * q), (255, 245, 200), 120)
                pa.blit_marble(surface, (start[0], start[1] - 8 * q), int(size * (1 + 0.25 * q)),
                               e.colour, self.patterns)
            else:
                q = ease_in_out((p - 0.3) / 0.7)
                lifted = (start[0], start[1] - 8)
                x, y = arc_point(lifted, end, q, 60)
                s = int(size * 1.25 + (lay.md - size * 1.25) * q)
                pa.blit_marble(surface, (x, y), s, e.colour, self.patterns)
        return ([Animation(self.duration(0.55), draw, ease=linear,
                           hide={("track", e.track, e.position)})], self.land_event(e))

    def anim_slide(self, lay, t, offsets, start=None, distance=None):
        """Marbles of track ``t`` slide down: ``offsets`` maps a (landed) place to how far it
        came from; or every place from ``start`` up came down ``distance``."""
        track = self.shown.tracks[t]
        hide = set()
        if start is not None:
            offsets = {q: distance for q in range(start, TRACK_LENGTH + 2)}
        moving = {q: o for q, o in offsets.items() if o}
        hide = {("track", t, q) for q in moving}

        def draw(surface, p):
            tr = self.shown.tracks[t]
            for q, o in moving.items():
                if q >= len(tr):
                    continue
                pos = q + o * (1 - p)
                x, y = lay.marble_centre(t, pos)
                pa.blit_marble(surface, (x, y), lay.marble_size(pos), tr[q], self.patterns)
        del track
        return ([Animation(self.duration(0.3), draw, ease=ease_out_back, hide=hide)], None)

    def anim_seam(self, lay, e):
        a = lay.marble_centre(e.track, e.position - 1)
        b = lay.marble_centre(e.track, e.position)
        mid = lerp_point(a, b, 0.5)
        if not e.explodes:
            def clink(surface, p):
                pa.glow_disc(surface, mid, lay.d * 0.35 * (1 - p) + 2, (200, 200, 220), 90)
            return ([Animation(self.duration(0.14), clink, ease=linear)], None)

        def flash(surface, p):
            r = lay.d * (0.4 + 0.8 * p)
            pa.glow_disc(surface, mid, r, (255, 250, 220), int(220 * (1 - p)))
        return ([Animation(self.duration(0.25), flash, ease=linear)], None)

    def anim_explode(self, lay, e):
        colour_rgb = pa.art.MARBLE_COLOURS[pa.COLOUR_KEY[e.colour]]
        anims = []
        end = lay.hand_point(e.player, e.colour)
        for n, q in enumerate(e.positions):
            start = lay.marble_centre(e.track, q)
            size = lay.marble_size(q)

            def draw(surface, p, start=start, size=size, n=n):
                if p < 0.4:
                    k = p / 0.4
                    shake = math.sin(k * 40 + n) * 3 * (1 - k)
                    pa.blit_marble(surface, (start[0] + shake, start[1]), size, e.colour,
                                   self.patterns)
                    pa.sparks(surface, start, k, colour_rgb, n + 3 * e.chain_step, size * 0.9)
                else:
                    k = ease_in_out((p - 0.4) / 0.6)
                    x, y = arc_point(start, end, k, 80 + 12 * n)
                    pa.blit_marble(surface, (x, y), int(size + (lay.md - size) * k), e.colour,
                                   self.patterns)
            anims.append(Animation(self.duration(0.8), draw, ease=linear,
                                   delay=self.duration(0.03) * n,
                                   hide={("track", e.track, q)}))
        label = f"{len(e.positions)} {COLOUR_NAMES[e.colour]}!" if e.chain_step == 1 else \
            f"Chain ×{e.chain_step}: {len(e.positions)} {COLOUR_NAMES[e.colour]}!"
        at = lay.marble_centre(e.track, max(e.positions))

        def text(surface, p):
            y = at[1] - lay.d - 24 * p
            img = kit.text(label, 18, (255, 200, 120), True)
            img = img.copy()
            img.set_alpha(int(255 * min(1, (1 - p) * 3)))
            rect = img.get_rect(center=(clamp(at[0], lay.disp.x + img.get_width() / 2 + 4,
                                              lay.disp.right - img.get_width() / 2 - 4), y))
            surface.blit(img, rect)
        anims.append(Animation(self.duration(0.9), text, ease=linear))
        return (anims, self.land_event(e))

    def desk_pool_index(self, p, colour, after_insert: bool) -> int:
        pool = pool_list(self.shown.desks[p])
        if after_insert:
            pool = sorted(pool + [colour], key=COLOURS.index)
            return len(pool) - 1 - pool[::-1].index(colour)
        return pool.index(colour) if colour in pool else 0

    def anim_move(self, lay, e):
        if e.dest == "pool":
            start = lay.hand_point(e.player, e.colour)
            end = lay.pool_marble_point(e.player, self.desk_pool_index(e.player, e.colour, True))
        else:
            start = lay.pool_marble_point(e.player, self.desk_pool_index(e.player, e.colour, False))
            end = lay.hand_point(e.player, e.colour)
        return (self.fly(start, end, e.colour, lay.md, lay.md, 0.28, 30), self.land_event(e))

    def fly(self, start, end, colour, s0, s1, seconds, height, delay=0.0, hide=()):
        def draw(surface, p):
            x, y = arc_point(start, end, p, height)
            pa.blit_marble(surface, (x, y), int(s0 + (s1 - s0) * p), colour, self.patterns)
        return [Animation(self.duration(seconds), draw, ease=ease_in_out,
                          delay=self.duration(delay), hide=hide)]

    def hole_point(self, lay, p, slot, hole, index):
        rect = lay.slot_rect(p, slot)
        brewing = self.shown.desks[p].slots[slot]
        holes, size = pa.hole_layout(rect.width - 2, rect.height - 3, brewing.tile)
        k = 0
        for x, y, c in holes:
            if c == hole:
                if k == index:
                    return (rect.x + x, rect.y + y), size
                k += 1
        return rect.center, size

    def anim_place(self, lay, e):
        brewing = self.shown.desks[e.player].slots[e.slot]
        if brewing is None:
            return ([], self.land_event(e))
        index = sum(1 for h, _ in brewing.placed if h == e.hole)
        end, size = self.hole_point(lay, e.player, e.slot, e.hole, index)
        if e.source == "hand":
            start = lay.hand_point(e.player, e.colour)
        else:
            start = lay.pool_marble_point(e.player,
                                          self.desk_pool_index(e.player, e.colour, False))
        return (self.fly(start, end, e.colour, lay.md, size, 0.3, 40), self.land_event(e))

    def anim_complete(self, lay, e):
        rect = lay.slot_rect(e.player, e.slot)

        def glow(surface, p):
            aura = pygame.Surface((rect.width + 30, rect.height + 30), pygame.SRCALPHA)
            a = int(200 * math.sin(p * math.pi))
            pygame.draw.rect(aura, (255, 230, 130, a // 3), aura.get_rect(), border_radius=16)
            pygame.draw.rect(aura, (255, 240, 170, a), aura.get_rect(), 4, border_radius=16)
            surface.blit(aura, (rect.x - 15, rect.y - 15))
            st = pa.art.star(max(6, int(rect.width * 0.25 * ease_out_back(min(1, p * 1.5)))))
            surface.blit(st, st.get_rect(center=(rect.centerx, rect.y + 6)))
        first = ([Animation(self.duration(0.5), glow, ease=linear)], None)
        anims = []
        brewing = self.shown.desks[e.player].slots[e.slot]
        tank = lay.tank_point(2)
        if brewing is not None:
            seen = {}
            for n, (hole, m) in enumerate(brewing.placed):
                k = seen.get(hole, 0)
                seen[hole] = k + 1
                start, size = self.hole_point(lay, e.player, e.slot, hole, k)
                anims += self.fly(start, (tank[0] + (n - 3) * 8, tank[1]), m, size, 12, 0.6,
                                  120, delay=0.04 * n)
        count = len(self.shown.desks[e.player].completed) + 1
        target = lay.player_completed(e.player, count - 1, count)

        def move(surface, p):
            r = pygame.Rect(0, 0, int(rect.width + (target.width - rect.width) * p),
                            int(rect.height + (target.height - rect.height) * p))
            r.center = lerp_point(rect.center, target.center, p)
            pa.draw_potion(surface, r, e.tile, [], self.patterns)
        anims.append(Animation(self.duration(0.6), move, ease=ease_in_out,
                               hide={("slot", e.player, e.slot)}))
        return [first, (anims, self.land_event(e))]

    def anim_token(self, lay, p_, kind, e):
        pile = lay.token_pile()
        start = (pile.x + 16, pile.y + 30) if kind == "skill" else (pile.x + 16, pile.bottom - 14)
        end = lay.player_token_point(p_, kind)
        size = int(lay.comp_h * 0.5)

        label = {"mastery": "+4 Mastery", "variety": "+4 Variety", "tenth": "+4 10th potion"}.get(
            getattr(e, "reason", ""), "-2 VP")

        def draw(surface, p):
            x, y = arc_point(start, end, p, 70)
            s = int(size * (1 + 0.5 * math.sin(p * math.pi)))
            img = pa.skill_token(s) if kind == "skill" else pa.help_token(s)
            surface.blit(img, img.get_rect(center=(x, y)))
            kit.blit_text(surface, label, 15, (x, y - s / 2 - 4), kit.HILITE, True, "midbottom",
                          shadow=True)
        return ([Animation(self.duration(0.5), draw, ease=ease_in_out)], self.land_event(e))

    def anim_drink(self, lay, e):
        count = len(self.shown.desks[e.player].completed)
        rect = lay.player_completed(e.player, e.index, count)
        tile = TILES[e.tile]
        message = f"{tile.name}: {TYPE_BY_CODE[tile.type].effect}"

        def draw(surface, p):
            squash = abs(math.cos(min(1.0, p * 2) * math.pi))
            back = p > 0.25
            w = max(2, int(rect.width * (squash if p < 0.5 else 1)))
            r = pygame.Rect(0, 0, w, rect.height)
            r.center = rect.center
            pa.draw_potion(surface, r, e.tile, [], self.patterns, back=back,
                           glow=math.sin(p * math.pi))
            alpha = min(1.0, p * 5, (1 - p) * 4)
            self.draw_banner(surface, message, alpha)
        return ([Animation(self.duration(1.3), draw, ease=linear,
                           hide={("completed", e.player, e.index)})], self.land_event(e))

    def anim_steal(self, lay, e):
        anims = []
        for n, c in enumerate(e.colours):
            start = lay.pool_marble_point(e.opponent, n)
            anims += self.fly(start, lay.hand_point(e.player, c), c, lay.ms, lay.md, 0.5, 60,
                              delay=0.06 * n, hide={("pool", e.opponent, n)})
        return (anims, self.land_event(e))

    def anim_return(self, lay, e):
        tank = lay.tank_point(2)
        if e.source == "hand":
            anims = []
            for n, c in enumerate(e.colours):
                anims += self.fly(lay.hand_point(e.player, c), (tank[0] + (n % 5 - 2) * 10,
                                                                tank[1]), c, lay.md, 12, 0.5,
                                  90, delay=0.04 * n)
            return [(anims, self.land_event(e))]
        if e.source == "track":
            anims = []
            for n, q in enumerate(e.positions):
                start = lay.marble_centre(e.track, q)
                anims += self.fly(start, lay.tank_point(e.track), e.colours[n],
                                  lay.marble_size(q), 12, 0.5, 30, delay=0.05 * n,
                                  hide={("track", e.track, q)})
            # then the rest of the track slides down over the gaps
            removed = sorted(e.positions)
            offsets = {}
            length = len(self.shown.tracks[e.track])
            new = 0
            for old in range(length):
                if old in removed:
                    continue
                offsets[new] = old - new
                new += 1
            slide = self.anim_slide(lay, e.track, offsets)
            return [(anims, self.land_event(e)), slide]
        return [([], self.land_event(e))]

    def anim_tile_drawn(self, lay, e):
        start = lay.stack_card(e.stack)
        end = lay.slot_rect(e.player, e.slot)

        def draw(surface, p):
            r = pygame.Rect(0, 0, int(start.width + (end.width - start.width) * p),
                            int(start.height + (end.height - start.height) * p))
            r.center = arc_point(start.center, end.center, p, 40)
            pa.draw_potion(surface, r, e.tile, [], self.patterns)
        return ([Animation(self.duration(0.5), draw, ease=ease_in_out,
                           hide={("slot", e.player, e.slot)})], self.land_event(e))

    def anim_reveal(self, lay, e):
        rect = lay.stack_card(e.stack)

        def draw(surface, p):
            squash = abs(math.cos(p * math.pi))
            r = pygame.Rect(0, 0, max(2, int(rect.width * squash)), rect.height)
            r.center = rect.center
            if p < 0.5:
                surface.blit(pygame.transform.smoothscale(pa.card_back(rect.width, rect.height),
                                                          r.size), r)
            else:
                pa.draw_potion(surface, r, e.tile, [], self.patterns)
        return ([Animation(self.duration(0.35), draw, ease=linear)], self.land_event(e))

    def anim_draft(self, lay, before, e):
        cards = lay.offer_cards(len(self.shown.revealed))
        start = cards[self.shown.revealed.index(e.tile)]     # the engine drafts a revealed one
        end = lay.slot_rect(e.player, e.slot)

        def draw(surface, p):
            r = pygame.Rect(0, 0, int(start.width + (end.width - start.width) * p),
                            int(start.height + (end.height - start.height) * p))
            r.center = arc_point(start.center, end.center, p, 50)
            pa.draw_potion(surface, r, e.tile, [], self.patterns)
        return ([Animation(self.duration(0.5), draw, ease=ease_in_out)], self.land_event(e))
