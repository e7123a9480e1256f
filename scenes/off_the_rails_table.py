"""The Off the Rails table: the mine grid, rails, gems, minecarts, the chasm, missions and decks.

The scene decides no rule. Legal squares come from ``state.legal_by_square`` and friends, refusals
from ``state.refusal``, and the path a hovered cart would take from the engine itself, applied to
a throw-away clone. Events become animations (tiles dropping in, carts running square by square,
gems hopping, collisions, derailments, the chasm opening); each animation group, when it lands,
replays its event on a copy of the displayed state, and the board catches up with the engine's
state at the end.
"""
from __future__ import annotations

import math

import pygame
from pygame_gui.elements import UIButton

from engine.core import IllegalAction
from engine.off_the_rails import board as B
from engine.off_the_rails import rules as R
from engine.off_the_rails import state as S
from engine.off_the_rails.data import (GEMS, JEWEL_EDGE, MISSION_POINTS, MISSIONS, START_SPEED,
                                       gems_text, one, sub, zero)
from engine.off_the_rails.events import apply_event
from engine.off_the_rails.state import CartPlace, Pending
from scenes import kit
from scenes.table_base import TableScene
from sprites import art
from sprites import off_the_rails_art as oa
from sprites.tween import Animation, arc_point, bounce_out, ease_in_out, ease_out_back, linear

TILE_MODES = {"straight": B.STRAIGHTS, "curve": B.CURVES}
MOVEMENT_DECISIONS = (Pending.MOVE_CART, Pending.EXIT, Pending.GEM, Pending.SPLIT, Pending.PICK,
                      Pending.DROP, Pending.MISSION)
HIT_DECISIONS = (Pending.SPLIT, Pending.DROP, Pending.PICK)
JEWEL_NAMES = ("ruby", "emerald", "gold", "diamond")
SIDE_WORD = {"N": "north", "E": "east", "S": "south", "W": "west"}
DIR_ANGLE = {(-1, 0): 0.0, (0, -1): 90.0, (1, 0): 180.0, (0, 1): 270.0}


def _trim(name: str, size: int, width: int, bold: bool = True) -> str:
    f = kit.font(size, bold)
    if f.size(name)[0] <= width:
        return name
    while name and f.size(name + "…")[0] > width:
        name = name[:-1]
    return name + "…"


class Layout:
    """Where everything sits: the 14x14 frame (grid plus surface strips) and the side panel."""

    SIDE_MIN = 212

    def __init__(self, board: pygame.Rect):
        self.board = board
        cell = int(min((board.height - 12) / 14, (board.width - 26 - self.SIDE_MIN) / 14))
        self.cell = cell = max(18, cell)
        total = 14 * cell
        self.frame = pygame.Rect(board.x + 8, board.y + (board.height - total) // 2, total, total)
        self.grid = pygame.Rect(self.frame.x + cell, self.frame.y + cell, 12 * cell, 12 * cell)
        x = self.frame.right + 10
        self.side = pygame.Rect(x, board.y + 6, board.right - 8 - x, board.height - 12)

    def square(self, sq) -> pygame.Rect:
        """The rect of a grid or surface square ``(row, col)`` (rows/cols -1..12)."""
        r, c = sq
        return pygame.Rect(self.frame.x + (c + 1) * self.cell, self.frame.y + (r + 1) * self.cell,
                           self.cell, self.cell)

    def centre(self, sq) -> tuple:
        """Centre of a square; fractional squares give points in between."""
        r, c = sq
        return (self.frame.x + (c + 1.5) * self.cell, self.frame.y + (r + 1.5) * self.cell)

    def square_at(self, pos):
        """The grid or surface square under ``pos`` (corners excluded), or None."""
        if not self.frame.collidepoint(pos):
            return None
        c = (pos[0] - self.frame.x) // self.cell - 1
        r = (pos[1] - self.frame.y) // self.cell - 1
        sq = (int(r), int(c))
        if B.on_grid(sq) or sq in B.SURFACE_EDGE:
            return sq
        return None


def path_track(lay, path):
    """A function ``t -> ((x, y), angle)`` for a cart rolling along ``path`` (squares), with
    ``t`` from 0 to ``len(path) - 1``: straight through straights, a quarter circle round the
    corner on a curve, from the centre of the first square to the centre of the last."""
    h = lay.cell / 2
    dirs = [(b[1] - a[1], b[0] - a[0]) for a, b in zip(path, path[1:])]  # (dx, dy) per step
    n = len(dirs)

    def heading(d):
        return DIR_ANGLE.get((d[1], d[0]), 0.0)

    def track(t):
        if n == 0:
            return lay.centre(path[0]), 0.0
        t = max(0.0, min(float(n), t))
        if t <= 0.5:  # leaving the first square: centre to its exit edge
            cx, cy = lay.centre(path[0])
            d = dirs[0]
            return (cx + d[0] * h * 2 * t, cy + d[1] * h * 2 * t), heading(d)
        if t >= n - 0.5:  # entering the last square: its entry edge to the centre
            cx, cy = lay.centre(path[-1])
            d = dirs[-1]
            v = (n - t) * 2
            return (cx - d[0] * h * v, cy - d[1] * h * v), heading(d)
        j = int(t - 0.5)  # square path[j + 1], entered by dirs[j], left by dirs[j + 1]
        v = t - 0.5 - j
        d_in, d_out = dirs[j], dirs[j + 1]
        cx, cy = lay.centre(path[j + 1])
        m_in = (cx - d_in[0] * h, cy - d_in[1] * h)
        if d_in == d_out or (d_in[0] == -d_out[0] and d_in[1] == -d_out[1]):
            m_out = (cx + d_out[0] * h, cy + d_out[1] * h)
            return (m_in[0] + (m_out[0] - m_in[0]) * v, m_in[1] + (m_out[1] - m_in[1]) * v), \
                heading(d_out)
        corner = (m_in[0] + d_out[0] * h, m_in[1] + d_out[1] * h)
        a0 = math.atan2(m_in[1] - corner[1], m_in[0] - corner[0])
        m_out = (cx + d_out[0] * h, cy + d_out[1] * h)
        a1 = math.atan2(m_out[1] - corner[1], m_out[0] - corner[0])
        da = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        a = a0 + da * v
        h0, h1 = heading(d_in), heading(d_out)
        dh = (h1 - h0 + 180) % 360 - 180
        return (corner[0] + math.cos(a) * h, corner[1] + math.sin(a) * h), h0 + dh * v

    return track


class OffTheRailsTable(TableScene):
    """Play Off the Rails: pick an action on the right, then a square on the board."""

    log_width = 300

    def __init__(self, app, match, replay=None):
        super().__init__(app, match, replay)
        self.mode: str | None = None
        self.rot = 0
        self.mouse = (0, 0)
        self.hover = None
        self.selected_cart: int | None = None
        self.upgrade_square = None
        self.dialog_buttons: list = []
        self.dialog_rect: pygame.Rect | None = None
        self.dialog_title = ""
        self.dialog_icons: list = []
        self._preview = (None, None)
        self.last_card = None

    # --- layout -------------------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        return Layout(self.board_rect())

    def log_top(self) -> int:
        return 48 + 3 * 38 + 34

    # --- widgets ------------------------------------------------------------------------------
    def build_controls(self) -> None:
        w, _ = self.app.size
        x = w - self.log_width - 8
        ui, c = self.app.ui, self.container
        lw = self.log_width
        bw = (lw - 12) // 3
        self.buttons = {}

        def add_button(key, label, rect, command, tip):
            self.buttons[key] = UIButton(pygame.Rect(rect), label, ui, container=c,
                                         command=command, tool_tip_text=tip)
        add_button("straight", "Straight", (x, 48, bw, 34), kit.bind(self.set_mode, "straight"),
                   "Place a straight on an empty square (1 action). R or the wheel rotates.")
        add_button("curve", "Curve", (x + bw + 6, 48, bw, 34), kit.bind(self.set_mode, "curve"),
                   "Place a curve on an empty square (1 action). R or the wheel rotates.")
        add_button("upgrade", "Upgrade", (x + 2 * (bw + 6), 48, bw, 34),
                   kit.bind(self.set_mode, "upgrade"),
                   "Straight or curve to a T-junction, T-junction to a cross (1 action); "
                   "not under a cart.")
        add_button("cart", "Place cart", (x, 86, bw, 34), kit.bind(self.set_mode, "cart"),
                   "Put a cart from your supply on your own edge, at speed 3 (1 action).")
        add_button("slower", "Speed −", (x + bw + 6, 86, bw, 34), kit.bind(self.change_speed, -1),
                   "Slow the selected cart by 1 (1 action). Click a cart to select it.")
        add_button("faster", "Speed +", (x + 2 * (bw + 6), 86, bw, 34),
                   kit.bind(self.change_speed, 1),
                   "Speed the selected cart up by 1 (1 action, at most 6).")
        add_button("move", "Move carts", (x, 124, lw, 34), self.end_actions,
                   "End the action phase: every cart of yours on the board moves its speed.")
        self.dialog_buttons = []
        self.refresh_controls()

    def my_turn(self) -> bool:
        """A human decides now (animations may still be landing)."""
        return self.replay is None and self.match.is_human_turn() and not self.match.is_terminal()

    def refresh_controls(self) -> None:
        """Enable what the engine allows now; rebuild the choice dialog for the pending step."""
        if self.container is None:
            return
        state = self.match.state
        mine = self.my_turn()
        pending = state.pending() if mine else None
        acting = pending == Pending.ACTIONS and state.actions_left > 0
        by_sq = state.legal_by_square() if acting else {}
        can_place = acting and any(isinstance(a, S.PlaceTile) for v in by_sq.values() for a in v)
        can_up = acting and any(isinstance(a, S.UpgradeTile) for v in by_sq.values() for a in v)
        can_cart = acting and bool(state.cart_placements())
        cart = self.speed_cart()
        checks = {"straight": can_place, "curve": can_place, "upgrade": can_up, "cart": can_cart,
                  "slower": acting and cart is not None and bool(
                      [a for a in state.speed_changes(cart) if a.delta < 0]),
                  "faster": acting and cart is not None and bool(
                      [a for a in state.speed_changes(cart) if a.delta > 0]),
                  "move": pending == Pending.ACTIONS}
        if self.mode and not checks.get(self.mode):
            self.mode = None
        for key, b in self.buttons.items():
            if checks[key]:
                b.enable()
            else:
                b.disable()
            selected = key == self.mode
            if selected and not b.is_selected:
                b.select()
            elif not selected and b.is_selected:
                b.unselect()
        self.build_dialog(state if mine else None)

    def build_dialog(self, state) -> None:
        """Choice buttons over the board for exits, jewels, splits, piles, missions and edges."""
        for b in self.dialog_buttons:
            b.kill()
        self.dialog_buttons = []
        self.dialog_rect = None
        self.dialog_icons = []
        if state is None:
            return
        pending = state.pending()
        names = self.match.names
        options: list = []
        title = ""
        if pending == Pending.EDGE:
            title = f"{names[state.current_player()]}: choose the edge your clan starts from"
            options = [(f"{e.capitalize()} ({B.EDGE_COLOUR[e]} clan)", a)
                       for e, a in ((a.edge, a) for a in state.legal_actions())]
        elif pending == Pending.EXIT:
            k = state.carts[state.moving_cart()]
            title = f"Your {k.label} cart is at a junction: which way?"
            options = [(f"Go {SIDE_WORD[a.side]}", a) for a in state.legal_actions()]
        elif pending == Pending.GEM:
            k = state.carts[state.moving_cart()]
            title = f"Your {k.label} cart takes a jewel: which one?"
            options = [(f"Take the {a.gem}", a, (one(GEMS.index(a.gem)), None))
                       for a in state.legal_actions()]
        elif pending == Pending.SPLIT:
            k = state.carts[state.hit_cart()]
            mover = names[state.player]
            title = f"Split your {k.label} cart's load: {mover} picks a pile unseen"
            for a in state.legal_actions():
                rest = sub(k.load, a.pile)
                options.append((f"{gems_text(a.pile)}   |   {gems_text(rest)}", a,
                                (a.pile, rest)))
        elif pending == Pending.DROP:
            k = state.carts[state.hit_cart()]
            title = f"Your {k.label} cart drops the larger half: which gems?"
            options = [(f"Drop {gems_text(a.gems)}", a, (a.gems, None))
                       for a in state.legal_actions()]
        elif pending == Pending.PICK:
            oi = state.hit_cart()
            owner = names[state.carts[oi].owner] if state.carts[oi].owner < len(names) else "?"
            piles = state.split_piles() or ((), ())
            title = f"Pick one of {owner}'s piles: those gems drop on the square"
            options = [(f"Pile {a.pile + 1} ({sum(piles[a.pile]) if piles[a.pile] else '?'} "
                        f"gem{'s' if not piles[a.pile] or sum(piles[a.pile]) != 1 else ''})", a)
                       for a in state.legal_actions()]
        elif pending == Pending.MISSION:
            title = "You fulfilled two missions at once: take one"
            options = [(f"Take {MISSIONS[a.mission][0]}", a) for a in state.legal_actions()]
        elif pending == Pending.ACTIONS and self.mode == "upgrade" and self.upgrade_square:
            r, c = self.upgrade_square
            ups = state.upgrades_at(r, c)
            if len(ups) > 1:
                title = f"Upgrade the tile on {S.square_name(r, c)} to:"
                options = [(f"T-junction open {'-'.join(SIDE_WORD[x] for x in a.exits)}", a)
                           for a in ups]
        if not options:
            return
        lay = self.layout
        options = [o if len(o) == 3 else (o[0], o[1], None) for o in options]
        # gem piles are shown as pictures; many of them go in two columns
        pictures = pending in (Pending.SPLIT, Pending.DROP)
        cols = 2 if pictures and len(options) > 3 else 1
        rows = -(-len(options) // cols)
        width = min(lay.grid.width - 20, 470)
        bh = 32
        height = 40 + rows * (bh + 6) + 6
        x = lay.grid.centerx - width // 2
        focus = self.focus_square(state)
        if focus is not None and lay.square(focus).centery < lay.grid.centery:
            y = lay.grid.bottom - height - 8
        else:
            y = lay.grid.y + 8
        self.dialog_rect = pygame.Rect(x, y, width, height)
        self.dialog_title = title
        self.dialog_icons = []
        bw = (width - 20 - (cols - 1) * 8) // cols
        for i, (label, action, icons) in enumerate(options):
            col, row = i % cols, i // cols
            rect = pygame.Rect(x + 10 + col * (bw + 8), y + 38 + row * (bh + 6), bw, bh)
            text = "" if pictures else (label if kit.font(16).size(label)[0] < bw - 20
                                        else _trim(label, 16, bw - 30, False))
            b = UIButton(rect, text, self.app.ui, container=self.container,
                         command=kit.bind(self.choose, action), tool_tip_text=label)
            self.dialog_buttons.append(b)
            if icons is not None:
                self.dialog_icons.append((rect, icons, pictures))

    def focus_square(self, state):
        """The square the current decision is about (to keep the dialog off it)."""
        ci = state.moving_cart()
        if ci is not None and state.carts[ci].square:
            return state.carts[ci].square
        if state.pending() in HIT_DECISIONS:
            return state.carts[state.hit_cart()].square
        return None

    def on_shown(self) -> None:
        state = self.match.state
        if (self.selected_cart is not None
                and state.carts[self.selected_cart].owner != state.player):
            self.selected_cart = None  # hot-seat: the last player's choice does not carry over
        self.refresh_controls()

    def _human_turn_starts(self) -> None:
        """Hot-seat: a pass screen before every hidden decision (the split), and between turns
        when the setting asks for it."""
        was = self.last_human
        player = self.match.current_player()
        humans = [s for s in self.match.seats if not s.is_bot]
        hidden = self.match.state.pending() in HIT_DECISIONS
        if (was is not None and player != was and len(humans) > 1 and hidden
                and not self.app.settings.pass_screen):
            from scenes.pass_screen import PassScreen
            self.last_human = player
            self.app.manager.push(PassScreen(self.app, self.match.seats[player].name))
        else:
            super()._human_turn_starts()
        if was != self.last_human:
            self.refresh_controls()

    # --- commands -----------------------------------------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Choose what a click on the board does (toggle)."""
        if not self.my_turn():
            return
        self.mode = None if self.mode == mode else mode
        self.upgrade_square = None
        if mode in TILE_MODES and self.mode:
            self.rot = 0  # each tile kind starts from its first orientation
        hints = {"straight": "Click an empty square to place a straight (R or the wheel rotates).",
                 "curve": "Click an empty square to place a curve (R or the wheel rotates).",
                 "upgrade": "Click a glowing tile to upgrade it.",
                 "cart": "Click a glowing square of your edge to put a cart there."}
        if self.mode:
            self.say(hints[self.mode], 4)
        self.refresh_controls()

    def choose(self, action) -> None:
        """A dialog button: apply its action."""
        self.upgrade_square = None
        self.try_action(action)
        self.refresh_controls()

    def act(self, action) -> bool:
        ok = self.try_action(action)
        self.refresh_controls()
        return ok

    def speed_cart(self):
        """The cart the speed buttons change: the selected one, or the only one on the board."""
        state = self.match.state
        if not self.my_turn():
            return None
        p = state.player
        mine = [i for i in state.carts_of(p) if state.carts[i].where == CartPlace.BOARD]
        if self.selected_cart in mine:
            return self.selected_cart
        return mine[0] if len(mine) == 1 else None

    def change_speed(self, delta: int) -> None:
        cart = self.speed_cart()
        if cart is None:
            self.say("Click one of your carts on the board first to choose which one.")
            return
        self.act(S.ChangeSpeed(cart, delta))

    def end_actions(self) -> None:
        self.mode = None
        self.act(S.EndActions())

    def cancel_selection(self) -> bool:
        had = self.mode is not None or self.upgrade_square is not None
        self.mode = None
        self.upgrade_square = None
        if had:
            self.refresh_controls()
        return had

    def undo(self) -> None:
        self.mode, self.upgrade_square = None, None
        super().undo()
        self.refresh_controls()

    def restart_turn(self) -> None:
        self.mode, self.upgrade_square = None, None
        super().restart_turn()
        self.refresh_controls()

    # --- what the mouse would do ------------------------------------------------------------------
    def ghost_exits(self) -> str | None:
        """The tile shape the ghost shows in a tile mode."""
        if self.mode in TILE_MODES:
            shapes = TILE_MODES[self.mode]
            return shapes[self.rot % len(shapes)]
        return None

    def ghost_at(self, sq):
        """``(exits, legal, reason)`` for placing the current ghost on ``sq`` (engine's answer)."""
        exits = self.ghost_exits()
        if exits is None or sq is None or not B.on_grid(sq):
            return None
        state = self.match.state
        action = S.PlaceTile(sq[0], sq[1], exits)
        legal = action in state.placements_at(*sq)
        return (exits, legal, None if legal else state.refusal(action))

    def target_squares(self) -> set:
        """Squares to glow for the current mode or decision (from the legal actions)."""
        if not self.human_to_move():
            return set()
        state = self.match.state
        pending = state.pending()
        if pending == Pending.ACTIONS:
            if self.mode == "upgrade":
                return {sq for sq, acts in state.legal_by_square().items()
                        if any(isinstance(a, S.UpgradeTile) for a in acts)}
            if self.mode == "cart":
                return {(a.row, a.col) for a in state.cart_placements()}
            return set()
        if pending == Pending.MOVE_CART:
            return {state.carts[i].square for i in state.carts_to_move()}
        if pending == Pending.CHASM_TOKEN:
            return set(state.chasm_token_squares())
        if pending == Pending.EDGE:
            return {sq for a in state.legal_actions() for sq in B.surface_squares(a.edge)}
        return set()

    def exit_arrows(self) -> list:
        """``[(side, rect)]`` arrows on the board for a junction choice."""
        if not self.human_to_move() or self.match.state.pending() != Pending.EXIT:
            return []
        state = self.match.state
        k = state.carts[state.moving_cart()]
        lay = self.layout
        out = []
        for side in state.exit_choices():
            dr, dc = B.DELTA[side]
            cx, cy = lay.centre((k.square[0] + dr * 0.78, k.square[1] + dc * 0.78))
            size = max(18, int(lay.cell * 0.62))
            out.append((side, pygame.Rect(int(cx - size / 2), int(cy - size / 2), size, size)))
        return out

    def preview_path(self, ci):
        """The engine's path for cart ``ci`` if the player moved now: ``(squares, end)`` where end
        is "stop", "choice", "left", "derail", "fell" or "collision"; None if not available."""
        key = (len(self.match.history), ci)
        if self._preview[0] == key:
            return self._preview[1]
        result = None
        state = self.match.state
        if (self.my_turn() and state.pending() in (Pending.ACTIONS, Pending.MOVE_CART)
                and state.carts[ci].owner == state.player and state.carts[ci].where == CartPlace.BOARD):
            work = state.clone()
            events = []
            try:
                if work.pending() == Pending.ACTIONS:
                    events += work.apply_action(S.EndActions())
                if work.pending() == Pending.MOVE_CART and ci in work.carts_to_move():
                    events += work.apply_action(S.MoveCart(ci))
            except IllegalAction:
                events = None
            if events is not None:
                path, end, started = [], "stop", False
                for e in events:
                    if isinstance(e, S.CartMoved):
                        if e.cart != ci:
                            if started:
                                break
                            continue
                        started = True
                        path.extend(e.path if not path else e.path[1:])
                    elif getattr(e, "cart", None) == ci:
                        if isinstance(e, S.CartLeftMine):
                            end = "left"
                        elif isinstance(e, S.CartDerailed):
                            end = "derail"
                        elif isinstance(e, S.CartFell):
                            end = "fell"
                        elif isinstance(e, S.Collided):
                            end = "collision"
                if not path:
                    path = [state.carts[ci].square]
                if end == "stop" and work.moving_cart() == ci:
                    end = "choice"
                result = (path, end)
        self._preview = (key, result)
        return result

    def hit_areas(self) -> list:
        """Clickable places: ``("square", r, c)`` for grid and surface squares, ``("exit", side)``
        arrows at a junction, ``("mission", number)`` cards in the side panel."""
        lay = self.layout
        areas = [(rect, ("exit", side)) for side, rect in self.exit_arrows()]
        for r in range(-1, 13):
            for c in range(-1, 13):
                if B.on_grid((r, c)) or (r, c) in B.SURFACE_EDGE:
                    areas.append((lay.square((r, c)), ("square", r, c)))
        for m, rect in self.mission_rects(lay).items():
            areas.append((rect, ("mission", m)))
        return areas

    # --- input --------------------------------------------------------------------------------
    def handle_input(self, event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover = self.layout.square_at(event.pos)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.mode in TILE_MODES or self.mode == "upgrade":
                self.rot += 1 if event.y > 0 else -1
                return True
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            if self.mode in TILE_MODES or self.mode == "upgrade":
                self.rot += -1 if event.mod & pygame.KMOD_SHIFT else 1
                return True
            return False
        if not self.human_to_move():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            return self.cancel_selection()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.dialog_rect and self.dialog_rect.collidepoint(event.pos):
                return True
            return self.click(event.pos)
        return False

    def click(self, pos) -> bool:
        self.mouse = pos
        for side, rect in self.exit_arrows():
            if rect.collidepoint(pos):
                self.choose(S.ChooseExit(side))
                return True
        state = self.match.state
        for mission, rect in self.mission_rects(self.layout).items():
            if rect.collidepoint(pos) and S.ClaimMission(mission) in state.legal_actions():
                self.act(S.ClaimMission(mission))  # a mission the player holds, taken now
                return True
        sq = self.layout.square_at(pos)
        if sq is None:
            return False
        pending = state.pending()
        r, c = sq
        if pending == Pending.EDGE:
            edge = B.SURFACE_EDGE.get(sq)
            if edge:
                self.act(S.ChooseEdge(edge))
            return True
        if pending == Pending.EXIT:
            k = state.carts[state.moving_cart()]
            d = (r - k.square[0], c - k.square[1])
            side = next((x for x, v in B.DELTA.items() if v == d), None)
            if side in state.exit_choices():
                self.choose(S.ChooseExit(side))
            else:
                self.say("Click one of the arrows next to the cart to choose its exit.")
            return True
        if pending == Pending.MOVE_CART:
            ci = state.cart_at(sq)
            if ci is not None and ci in state.carts_to_move():
                self.act(S.MoveCart(ci))
            else:
                self.say("Click one of your glowing carts: it moves first.")
            return True
        if pending == Pending.CHASM_TOKEN:
            if sq in state.chasm_token_squares():
                self.act(S.PlaceChasmToken(r, c))
            else:
                self.say(R.refusal(state, S.PlaceChasmToken(r, c))
                         or "Place the chasm token on a glowing square.")
            return True
        if pending != Pending.ACTIONS:
            return False
        own = state.cart_at(sq)
        if own is not None and state.carts[own].owner == state.player and self.mode != "cart":
            # nothing can be built under a cart: a click on your cart selects it (for speed)
            self.selected_cart = own
            self.refresh_controls()
            return True
        if self.mode in TILE_MODES:
            exits, legal, reason = self.ghost_at(sq) or (None, False,
                                                         "Track goes only on the underground grid.")
            if legal:
                self.act(S.PlaceTile(r, c, exits))
                self.hover = None  # no red ghost on the new tile until the mouse moves
            else:
                self.say(reason or "You cannot place that there.")
            return True
        if self.mode == "upgrade":
            ups = state.upgrades_at(r, c)
            if len(ups) == 1:
                self.upgrade_square = None
                self.act(ups[0])
            elif ups:
                self.upgrade_square = sq
                self.refresh_controls()
            else:
                old = state.tiles.get(sq)
                new = (B.upgrades(old) or ("NESW",))[0] if old else "NESW"
                self.say(state.refusal(S.UpgradeTile(r, c, new)) or "That tile cannot be upgraded.")
            return True
        if self.mode == "cart":
            placements = [a for a in state.cart_placements() if (a.row, a.col) == sq]
            if placements:
                self.mode = None
                if self.act(placements[0]):
                    self.selected_cart = placements[0].cart
            else:
                mine = [i for i in state.carts_of(state.player) if state.carts[i].where == CartPlace.SUPPLY]
                probe = S.PlaceCart(mine[0] if mine else 0, r, c)
                self.say(state.refusal(probe) or "Put the cart on a glowing square of your edge.")
            return True
        self.say("Choose an action on the right first: Straight, Curve, Upgrade or Place cart.")
        return True

    # --- status -------------------------------------------------------------------------------
    def chance_status(self) -> str:
        return "The mine settles…"

    def human_status(self, name: str) -> str:
        state = self.match.state
        pending = state.pending()
        if pending == Pending.EDGE:
            return f"{name}: choose your starting edge (click an edge or a button)."
        if pending == Pending.ACTIONS:
            n = state.actions_left
            if n == 0:
                return f"{name}: no actions left — click Move carts."
            if self.mode in TILE_MODES:
                return f"{name}: click a square for the {self.mode} (R or wheel rotates) · {n} left"
            if self.mode == "upgrade":
                return f"{name}: click a glowing tile to upgrade it · {n} action(s) left"
            if self.mode == "cart":
                return f"{name}: click a glowing square of your edge · {n} action(s) left"
            held = [a.mission for a in state.legal_actions() if isinstance(a, S.ClaimMission)]
            if held:
                return (f"{name}: you may take {MISSIONS[held[0]][0]} now — click its card · "
                        f"{n} action(s) left")
            return (f"{name}: {n} action(s) left — build, place a cart or change speed, "
                    f"then Move carts")
        if pending == Pending.MOVE_CART:
            return f"{name}: click the cart that moves first."
        if pending == Pending.EXIT:
            return f"{name}: your cart is at a junction — click an arrow to choose the exit."
        if pending == Pending.GEM:
            return f"{name}: choose the jewel your cart takes."
        if pending in (Pending.SPLIT, Pending.DROP):
            return f"{name}: your cart was hit — choose how its load is split."
        if pending == Pending.PICK:
            return f"{name}: pick a pile; those gems drop from the hit cart."
        if pending == Pending.MISSION:
            return f"{name}: choose the mission you take."
        if pending == Pending.CHASM_TOKEN:
            return f"{name}: place the {state.drawn_token()} chasm token on a glowing square."
        return super().status_text()

    # --- drawing ------------------------------------------------------------------------------
    def draw_board(self, surface) -> None:
        lay = self.layout
        state = self.shown
        hidden = self.anims.hidden()
        cell = lay.cell
        mines = tuple(sorted(B.MINE_CENTRES.items()))
        numbers = tuple((sq[0], sq[1], col, n) for (col, n), sq in sorted(B.MINE_SQUARES.items()))
        surface.blit(oa.board_base(cell, tuple((c, (r - 1 + 1, cc - 1 + 1)) for c, (r, cc) in
                                               mines), numbers), lay.frame)
        for sq, colour in state.chasm.items():
            if ("chasm", sq) not in hidden:
                surface.blit(oa.chasm_pit(cell, oa.clan(colour)), lay.square(sq))
        for sq, exits in state.tiles.items():
            if ("tile", sq) not in hidden:
                surface.blit(oa.track_tile(exits, cell), lay.square(sq))
        self.draw_targets(surface, lay)
        for sq, counts in state.gems.items():
            if ("gems", sq) not in hidden:
                self.draw_gems(surface, lay, sq, counts)
        if self.selected_cart is not None and self.my_turn():
            k = state.carts[self.selected_cart]
            if (k.where == CartPlace.BOARD and k.square and self.match.state.pending() == Pending.ACTIONS
                    and k.owner == self.match.state.player):  # never the last player's cart
                ring = art.glow_ring(int(cell * 1.25))
                surface.blit(ring, ring.get_rect(center=lay.centre(k.square)))
        for ci, k in enumerate(state.carts):
            if k.where == CartPlace.BOARD and k.square and ("cart", ci) not in hidden:
                self.draw_cart(surface, lay, k, lay.centre(k.square),
                               oa.FACING_ANGLE.get(k.facing or (k.back and B.OPPOSITE[k.back])
                                                   or "N", 0))
        self.draw_ghost(surface, lay)
        self.draw_hint(surface, lay)
        self.draw_preview(surface, lay)
        for side, rect in self.exit_arrows():
            self.draw_arrow(surface, rect, side)
        self.draw_side(surface, lay, state)
        self.draw_action_pips(surface)
        if self.dialog_rect is not None:
            kit.draw_panel(surface, self.dialog_rect.inflate(6, 6), (16, 20, 24, 235),
                           border=kit.GOLD)
            t = self.dialog_title
            kit.blit_text(surface, t, kit.fit_text(t, 16, self.dialog_rect.width - 20, True),
                          (self.dialog_rect.centerx, self.dialog_rect.y + 8), kit.GOLD, True,
                          "midtop")

    def draw_action_pips(self, surface) -> None:
        """Actions left this turn, under the action bar in the right column."""
        w, _ = self.app.size
        x = w - self.log_width - 8
        y = 48 + 3 * 38 + 12
        state = self.match.state
        if state.is_terminal() or state.current_player() < 0:
            return
        if state.pending() != Pending.ACTIONS:
            label = "Movement" if state.pending() in MOVEMENT_DECISIONS else ""
            if state.pending() == Pending.CHASM_TOKEN:
                label = "Chasm phase"
            kit.blit_text(surface, label, 14, (x, y), kit.INK_DIM, anchor="midleft")
            return
        kit.blit_text(surface, "Actions left", 14, (x, y), kit.INK_DIM, anchor="midleft")
        for i in range(4):
            on = i < state.actions_left
            pygame.draw.circle(surface, kit.GOLD if on else (70, 70, 70), (x + 104 + i * 20, y), 7)
            pygame.draw.circle(surface, (30, 20, 10), (x + 104 + i * 20, y), 7, 1)
        cart = self.speed_cart()
        if cart is not None:
            k = state.carts[cart]
            kit.blit_text(surface, f"speed: {k.label} cart", 13, (x + self.log_width, y),
                          kit.INK_DIM, anchor="midright")

    def draw_targets(self, surface, lay) -> None:
        targets = self.target_squares()
        if not targets:
            return
        pulse = 120 + int(90 * math.sin(self.time * 6))
        colour = (255, 226, 110)
        state = self.match.state
        if state.pending() == Pending.CHASM_TOKEN:  # glow in the drawn token's colour
            colour = tuple(int(c + (255 - c) * 0.3) for c in oa.clan(state.drawn_token()))
        glow = pygame.Surface((lay.cell, lay.cell), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*colour, 45), glow.get_rect(), border_radius=6)
        pygame.draw.rect(glow, (*colour, pulse), glow.get_rect(), 3, border_radius=6)
        for sq in targets:
            surface.blit(glow, lay.square(sq))

    def draw_gems(self, surface, lay, sq, counts, offset=(0, 0)) -> None:
        names = oa.gem_list(counts)
        size = int(lay.cell * (0.34 if len(names) <= 3 else 0.28))
        cx, cy = lay.centre(sq)
        for (dx, dy), g in zip(oa.gem_spots(len(names), lay.cell), names):
            img = oa.gem(g, size)
            surface.blit(img, img.get_rect(center=(cx + dx + offset[0], cy + dy + offset[1])))

    def draw_cart(self, surface, lay, k, centre, angle, alpha=255, scale=1.0, load=None,
                  speed=None) -> None:
        """A cart with its load and speed die at ``centre``, turned ``angle`` degrees."""
        size = max(8, int(lay.cell * 0.84 * scale))
        img = oa.cart_sprite(size, oa.clan(k.colour), k.marker, None, angle)
        if alpha < 255:
            img = img.copy()
            img.set_alpha(int(alpha))
        surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))
        load = k.load if load is None else load
        names = oa.gem_list(load)
        if names and scale > 0.4:
            g = max(5, int(lay.cell * 0.2 * scale))
            for i, name in enumerate(names[:5]):
                dx = (i % 2 - 0.5) * g * 0.9 if len(names) > 1 else 0
                dy = (i // 2 - (len(names) - 1) // 4) * g * 0.75 - g * 0.1
                surface.blit(oa.gem(name, g), oa.gem(name, g).get_rect(
                    center=(centre[0] + dx, centre[1] + dy)))
        if alpha > 200 and scale > 0.6:
            ds = max(14, int(lay.cell * 0.42))  # the speed die must be readable
            die = art.die_face(ds, speed if speed is not None else k.speed, "black")
            surface.blit(die, (centre[0] + lay.cell * 0.5 - ds - 1, centre[1] - lay.cell * 0.5))

    def draw_ghost(self, surface, lay) -> None:
        if not self.human_to_move() or self.match.state.pending() != Pending.ACTIONS:
            return
        sq = self.hover
        if sq is None:
            return
        if self.mode in TILE_MODES:
            g = self.ghost_at(sq)
            if g is None:
                return
            exits, legal, _ = g
            surface.blit(oa.track_tile(exits, lay.cell, "ok" if legal else "bad"), lay.square(sq))
        elif self.mode == "upgrade":
            state = self.match.state
            ups = state.upgrades_at(*sq) if self.upgrade_square is None else \
                state.upgrades_at(*self.upgrade_square)
            target = sq if self.upgrade_square is None else self.upgrade_square
            if ups:
                exits = ups[self.rot % len(ups)].exits
                surface.blit(oa.track_tile(exits, lay.cell, "ok"), lay.square(target))
        elif self.mode == "cart":
            state = self.match.state
            acts = [a for a in state.cart_placements() if (a.row, a.col) == sq]
            if acts:  # a see-through cart where it would stand, facing into the mine
                k = state.carts[acts[0].cart]
                edge = B.SURFACE_EDGE[sq]
                self.draw_cart(surface, lay, k, lay.centre(sq),
                               float(oa.FACING_ANGLE[B.INWARD[edge]]), alpha=150, load=zero(),
                               speed=START_SPEED)

    def draw_hint(self, surface, lay) -> None:
        """Show the base's hint (the Hard bot's suggestion) on the board where it has a place."""
        hint = self.current_hint() if hasattr(self, "current_hint") else None
        if hint is None or not self.human_to_move():
            return
        state = self.match.state
        sq = None
        if isinstance(hint, (S.PlaceTile, S.UpgradeTile)):
            sq = (hint.row, hint.col)
            surface.blit(oa.track_tile(hint.exits, lay.cell, "ok"), lay.square(sq))
        elif isinstance(hint, (S.PlaceCart, S.PlaceChasmToken)):
            sq = (hint.row, hint.col)
        elif isinstance(hint, (S.MoveCart, S.ChangeSpeed)):
            sq = state.carts[hint.cart].square
        elif isinstance(hint, S.ChooseExit):
            k = state.carts[state.moving_cart()] if state.moving_cart() is not None else None
            if k is not None and k.square:
                sq = B.step(k.square, hint.side)
        if sq is not None:
            ring = art.glow_ring(int(lay.cell * 1.4), (120, 230, 255))
            surface.blit(ring, ring.get_rect(center=lay.centre(sq)))

    def draw_preview(self, surface, lay) -> None:
        """Hovering your cart shows where it would go now (the engine's answer on a copy)."""
        if not self.human_to_move() or self.hover is None:
            return
        state = self.match.state
        ci = state.cart_at(self.hover)
        if ci is None or state.carts[ci].owner != state.player:
            return
        pv = self.preview_path(ci)
        if not pv:
            return
        path, end = pv
        pts = [lay.centre(sq) for sq in path]
        if len(pts) >= 2:
            pygame.draw.lines(surface, (255, 240, 160), False, pts, 3)
        for p in pts[1:]:
            pygame.draw.circle(surface, (255, 240, 160), (int(p[0]), int(p[1])), 5)
        x, y = pts[-1]
        mark = {"stop": "stop", "choice": "?", "left": "exit", "derail": "derail",
                "fell": "chasm!", "collision": "crash"}[end]
        colour = kit.DANGER if end in ("derail", "fell", "collision") else kit.HILITE
        kit.blit_text(surface, mark, 14, (x, y - lay.cell * 0.55), colour, True, "center",
                      shadow=True)

    def draw_arrow(self, surface, rect, side) -> None:
        pulse = 0.85 + 0.15 * math.sin(self.time * 7)
        r = rect.width / 2 * pulse
        cx, cy = rect.center
        pts = [(0, -r), (r * 0.8, r * 0.2), (r * 0.3, r * 0.2), (r * 0.3, r), (-r * 0.3, r),
               (-r * 0.3, r * 0.2), (-r * 0.8, r * 0.2)]
        ang = math.radians(-oa.FACING_ANGLE[side])
        rot = [(cx + x * math.cos(ang) - y * math.sin(ang), cy + x * math.sin(ang) + y * math.cos(ang))
               for x, y in pts]
        pygame.draw.polygon(surface, (30, 20, 10), [(x + 2, y + 2) for x, y in rot])
        pygame.draw.polygon(surface, kit.HILITE, rot)
        pygame.draw.polygon(surface, (120, 80, 10), rot, 2)

    # --- side panel ---------------------------------------------------------------------------
    def player_rects(self, lay, n) -> list:
        h = 70 if lay.side.height >= 620 else 62
        return [pygame.Rect(lay.side.x, lay.side.y + i * (h + 6), lay.side.width, h)
                for i in range(n)]

    def deck_rect(self, lay, n) -> pygame.Rect:
        if self.shown.solo:
            top = lay.side.y + 62 + 6 + 150 + 6
        else:
            top = self.player_rects(lay, n)[-1].bottom + 6
        return pygame.Rect(lay.side.x, top, lay.side.width, 64)

    def mission_rects(self, lay) -> dict:
        state = self.shown
        if state.solo:
            return {}
        top = self.deck_rect(lay, state.num_players).bottom + 6 + 24
        rh = 22
        return {m: pygame.Rect(lay.side.x + 4, top + i * rh, lay.side.width - 8, rh - 2)
                for i, m in enumerate(state.dealt)}

    def draw_side(self, surface, lay, state) -> None:
        if state.solo:
            self.draw_solo_panel(surface, lay, state)
        else:
            scores = R.scores(state)
            for p, rect in enumerate(self.player_rects(lay, state.num_players)):
                self.draw_player(surface, rect, state, p, scores[p]["total"])
        self.draw_deck(surface, lay, state)
        if not state.solo:
            self.draw_missions(surface, lay, state)

    def stock_rect(self, lay, p) -> pygame.Rect:
        """Where a player's stockpile row is (gems fly there)."""
        if self.shown.solo:
            return pygame.Rect(lay.side.x, lay.side.y + 68, lay.side.width, 150)
        rect = self.player_rects(lay, self.shown.num_players)[p]
        return pygame.Rect(rect.x + 8, rect.y + 24, rect.width - 16, 20)

    def seat_colour(self, p: int) -> tuple:
        """Seat ``p``'s colour as the table shows it: its clan's (grey before the edges are
        chosen; in solo the player's own panel colour). For the score screen's seat dots."""
        state = self.match.state
        if state.solo:
            return kit.GOLD
        edge = state.edges[p] if p < len(state.edges) else None
        return oa.clan(B.EDGE_COLOUR[edge] if edge else None)

    def draw_player(self, surface, rect, state, p, score) -> None:
        active = state.player == p and not state.over
        colour = oa.clan(state.edges[p]) if state.edges[p] is None else \
            oa.clan(B.EDGE_COLOUR[state.edges[p]])
        kit.draw_panel(surface, rect, (20, 26, 28, 215), radius=10,
                       border=kit.GOLD if active else (70, 80, 84))
        pygame.draw.rect(surface, colour, (rect.x + 6, rect.y + 6, 8, rect.height - 12),
                         border_radius=4)
        name = self.match.names[p] if p < len(self.match.names) else f"Player {p + 1}"
        edge = f" · {state.edges[p]}" if state.edges[p] else ""
        kit.blit_text(surface, _trim(name + edge, 14, rect.width - 80), 14, (rect.x + 20, rect.y + 4),
                      kit.INK, True)
        kit.blit_text(surface, f"{score} pts", 15, (rect.right - 8, rect.y + 4), kit.GOLD, True,
                      "topright")
        stock = state.stockpiles[p]
        x = rect.x + 20
        y = rect.y + 34
        step = (rect.width - 28) // 5
        for g in range(5):
            img = oa.gem(GEMS[g], 16)
            surface.blit(img, img.get_rect(midleft=(x + g * step, y)))
            kit.blit_text(surface, str(stock[g]), 13, (x + g * step + 18, y),
                          kit.INK if stock[g] else kit.INK_DIM, anchor="midleft")
        y = rect.bottom - 12
        x = rect.x + 20
        for ci in state.carts_of(p):
            k = state.carts[ci]
            img = oa.cart_sprite(18, colour, k.marker, "E")
            if k.where != CartPlace.SUPPLY:
                img = img.copy()
                img.set_alpha(70)
            surface.blit(img, img.get_rect(midleft=(x, y)))
            if k.where == CartPlace.LOST:
                pygame.draw.line(surface, kit.DANGER, (x, y - 7), (x + 16, y + 7), 2)
            x += 22
        kit.blit_text(surface, "in supply", 12, (x + 2, y), kit.INK_DIM, anchor="midleft")
        taken = state.taken[p]
        if taken:
            label = f"{len(taken)} mission{'s' if len(taken) > 1 else ''}"  # no ★: not in the font
            kit.blit_text(surface, label, 12, (rect.right - 8, y), kit.HILITE, anchor="midright")

    def draw_solo_panel(self, surface, lay, state) -> None:
        rect = pygame.Rect(lay.side.x, lay.side.y, lay.side.width, 62)
        kit.draw_panel(surface, rect, (20, 26, 28, 215), radius=10, border=kit.GOLD)
        name = self.match.names[0]
        kit.blit_text(surface, _trim(name, 15, rect.width - 20), 15, (rect.x + 10, rect.y + 4),
                      kit.INK, True)
        x = rect.x + 12
        y = rect.y + 42
        for k in state.carts:
            img = oa.cart_sprite(20, oa.clan(k.colour), k.marker, "E")
            if k.where != CartPlace.SUPPLY:
                img = img.copy()
                img.set_alpha(80)
            surface.blit(img, img.get_rect(midleft=(x, y)))
            if k.where == CartPlace.LOST:
                pygame.draw.line(surface, kit.DANGER, (x, y - 8), (x + 18, y + 8), 2)
            x += 26
        kit.blit_text(surface, "carts in supply", 12, (x + 2, y), kit.INK_DIM, anchor="midleft")
        # the delivered-jewel tracker: edges down, jewels across; own-colour cells outlined
        box = pygame.Rect(lay.side.x, rect.bottom + 6, lay.side.width, 150)
        kit.draw_panel(surface, box, (20, 26, 28, 215), radius=10)
        kit.blit_text(surface, "Jewels delivered", 14, (box.x + 10, box.y + 4), kit.INK, True)
        col_w = (box.width - 64) // 4
        for j, g in enumerate(JEWEL_NAMES):
            img = oa.gem(g, 16)
            surface.blit(img, img.get_rect(center=(box.x + 64 + j * col_w + col_w // 2, box.y + 32)))
        for i, edge in enumerate(B.EDGES):
            y = box.y + 50 + i * 20
            rgb = oa.clan(B.EDGE_COLOUR[edge])
            pygame.draw.rect(surface, rgb, (box.x + 8, y - 6, 10, 12), border_radius=3)
            kit.blit_text(surface, edge, 12, (box.x + 22, y), kit.INK_DIM, anchor="midleft")
            got = state.delivered.get(edge, [0] * 5)
            for j, g in enumerate(JEWEL_NAMES):
                cx = box.x + 64 + j * col_w + col_w // 2
                n = got[GEMS.index(g)]
                if JEWEL_EDGE[GEMS.index(g)] == edge:
                    pygame.draw.rect(surface, rgb, (cx - 13, y - 9, 26, 18), 2, border_radius=4)
                kit.blit_text(surface, str(n), 13, (cx, y), kit.INK if n else kit.INK_DIM,
                              n > 0, "center")
        line = R.solo_tally(R.solo_result(state))
        kit.blit_text(surface, line, kit.fit_text(line, 13, box.width - 16), (box.x + 10,
                      box.bottom - 14), kit.HILITE, anchor="midleft")

    def draw_deck(self, surface, lay, state) -> None:
        rect = self.deck_rect(lay, state.num_players)
        kit.draw_panel(surface, rect, (20, 26, 28, 215), radius=10)
        cw, ch = 34, 48
        card_rect = pygame.Rect(rect.x + 8, rect.y + 8, cw, ch)
        if state.solo:
            left = len(state.solo_deck)
        else:
            left = sum(sum(p) for p in state.piles)
        if left:
            surface.blit(oa.deposit_card(cw, ch, None, None), card_rect.move(3, -3) if left > 1
                         else card_rect)
            surface.blit(oa.deposit_card(cw, ch, None, None), card_rect)
        else:
            pygame.draw.rect(surface, (60, 60, 60), card_rect, 1, border_radius=6)
        if self.last_card is not None:
            colour, number = self.last_card
            surface.blit(oa.deposit_card(cw, ch, colour, number), card_rect.move(cw // 2 + 4, 4))
        x = card_rect.right + cw // 2 + 12
        tokens = len(state.chasm)
        kit.blit_text(surface, f"Deposit deck: {left}", 13, (x, rect.y + 8), kit.INK, True)
        third = f"Bag: {sum(state.bag)} gems"
        if state.solo or state.chasm_phase:
            line = f"Chasm: {tokens}/20 tokens"
        elif state.chasm_card_seen:
            line = "Chasm card is out!"
            if state.final_turns_left > 0:
                third = f"Last turns left: {state.final_turns_left}"
        else:
            line = "Chasm card: not yet"
        colour = kit.DANGER if state.chasm_card_seen or state.chasm_phase else kit.INK_DIM
        width = rect.right - x - 6
        kit.blit_text(surface, _trim(line, 13, width, False), 13, (x, rect.y + 27), colour)
        kit.blit_text(surface, _trim(third, 12, width, False), 12, (x, rect.y + 45), kit.INK_DIM)

    def draw_missions(self, surface, lay, state) -> None:
        rects = self.mission_rects(lay)
        if not rects:
            return
        top = self.deck_rect(lay, state.num_players).bottom + 6
        bottom = max(r.bottom for r in rects.values()) + 6
        box = pygame.Rect(lay.side.x, top, lay.side.width, bottom - top)
        kit.draw_panel(surface, box, (20, 26, 28, 215), radius=10)
        kit.blit_text(surface, "Missions · 4 pts each", 13, (box.x + 10, box.y + 4), kit.INK, True)
        owners = {m: p for p, ms in enumerate(state.taken) for m in ms}
        takeable = ({a.mission for a in self.match.state.legal_actions()
                     if isinstance(a, S.ClaimMission)} if self.human_to_move() else set())
        for m, r in rects.items():
            name = MISSIONS[m][0]
            hovered = r.collidepoint(self.mouse)
            if m in owners:
                p = owners[m]
                rgb = oa.clan(B.EDGE_COLOUR[state.edges[p]]) if state.edges[p] else (150, 150, 150)
                pygame.draw.rect(surface, (36, 36, 36), r, border_radius=5)
                pygame.draw.circle(surface, rgb, (r.x + 9, r.centery), 6)
                who = self.match.names[p] if p < len(self.match.names) else ""
                label = _trim(f"{name} — {who}", 12, r.width - 24, False)
                kit.blit_text(surface, label, 12, (r.x + 20, r.centery), kit.INK_DIM,
                              anchor="midleft")
            else:
                pygame.draw.rect(surface, (226, 212, 170) if not hovered else (250, 236, 190), r,
                                 border_radius=5)
                pygame.draw.rect(surface, kit.HILITE if m in takeable else (140, 110, 60), r,
                                 3 if m in takeable else 1, border_radius=5)
                kit.blit_text(surface, _trim(name, 12, r.width - 12), 12, (r.x + 8, r.centery),
                              kit.INK_DARK, True, "midleft")

    def draw_over(self, surface) -> None:
        """Gem pictures on dialog buttons; tooltips: why a ghost is illegal, what a mission asks."""
        for rect, (left, right), pictures in self.dialog_icons:
            size = 20
            if not pictures:
                for g in oa.gem_list(left):
                    surface.blit(oa.gem(g, size), oa.gem(g, size).get_rect(
                        midleft=(rect.x + 10, rect.centery)))
                continue
            halves = [left] if right is None else [left, right]
            for h, counts in enumerate(halves):
                names = oa.gem_list(counts)
                span = rect.width / len(halves)
                step = min(size + 2, (span - 12) / max(1, len(names)))
                x0 = rect.x + h * span + (span - step * len(names)) / 2 + step / 2
                for j, g in enumerate(names):
                    img = oa.gem(g, size)
                    surface.blit(img, img.get_rect(center=(x0 + j * step, rect.centery)))
            if right is not None:
                pygame.draw.line(surface, kit.GOLD, (rect.centerx, rect.y + 6),
                                 (rect.centerx, rect.bottom - 6), 2)
        tip = None
        if self.human_to_move() and self.mode in TILE_MODES and self.hover:
            g = self.ghost_at(self.hover)
            if g and not g[1] and g[2]:
                tip = g[2]
        if tip is None:
            for m, r in self.mission_rects(self.layout).items():
                if r.collidepoint(self.mouse):
                    tip = f"{MISSIONS[m][0]}: {MISSIONS[m][1]}"
        if tip:
            size = 14
            width = min(kit.font(size).size(tip)[0] + 20, 420)
            size = kit.fit_text(tip, size, width - 16)
            rect = self.tip_rect(width, 28)
            kit.draw_panel(surface, rect, (16, 16, 18, 240), radius=6, border=(200, 80, 70))
            kit.blit_text(surface, tip, size, (rect.x + 8, rect.centery), kit.INK, anchor="midleft")

    # --- banners ------------------------------------------------------------------------------
    def draw_banner(self, surface, message: str, alpha: float = 1.0) -> None:
        lay = self.layout
        size = kit.fit_text(message, 22, lay.grid.width - 60, bold=True)
        img = kit.text(message, size, kit.INK_DARK, True)
        rect = img.get_rect(center=lay.grid.center).inflate(40, 16)
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (238, 196, 84, int(235 * alpha)), layer.get_rect(), border_radius=12)
        img = img.copy()
        img.set_alpha(int(255 * alpha))
        layer.blit(img, img.get_rect(center=layer.get_rect().center))
        surface.blit(layer, rect)

    def anim_message(self, message: str, seconds: float, e=None):
        def draw(surface, p):
            self.draw_banner(surface, message, min(1.0, p * 5, (1 - p) * 4))
        return ([Animation(self.duration(seconds), draw, ease=linear)],
                self.land(e) if e is not None else None)

    # --- animations ---------------------------------------------------------------------------
    def land(self, *events):
        """An ``on_done`` that moves the displayed state on by ``events`` (the engine's own
        effect of each event, :func:`engine.off_the_rails.events.apply_event`). Groups land in
        order, so the displayed state is then exactly the state before these events."""
        def done():
            for event in events:
                self.shown = apply_event(self.shown, event)
        return done

    def animate(self, events, before, after) -> list:
        lay = self.layout
        groups = []
        i = 0
        events = list(events)
        # Animations are built from ``self.sim``: the state just before each event (the step
        # starts from ``before``; the groups before it have landed when it plays).
        self.sim = before.clone()
        while i < len(events):
            e = events[i]
            if isinstance(e, S.GemPlaced):
                j = i
                while j < len(events) and isinstance(events[j], S.GemPlaced):
                    j += 1
                groups.append(self.anim_gems_fall(lay, events[i:j]))
                for x in events[i:j]:
                    self.sim = apply_event(self.sim, x)
                i = j
                continue
            groups.append(self.anim_event(lay, e))
            self.sim = apply_event(self.sim, e)
            i += 1
        return groups

    def _cart(self, ci):
        """A copy of cart ``ci`` as it is just before the event being animated."""
        return self.sim.carts[ci].clone()

    def anim_event(self, lay, e):
        names = self.match.names
        if isinstance(e, S.TurnStarted):
            if self.shown.solo:
                return self.anim_message(f"Turn {e.turn}", 0.6, e)
            return self.anim_message(f"{names[e.player]}'s turn", 0.7, e)
        if isinstance(e, S.TilePlaced):
            return self.anim_tile(lay, e, e.exits, None)
        if isinstance(e, S.TileUpgraded):
            return self.anim_tile(lay, e, e.new, e.old)
        if isinstance(e, S.CartPlaced):
            return self.anim_cart_placed(lay, e)
        if isinstance(e, S.SpeedChanged):
            return self.anim_speed(lay, e)
        if isinstance(e, S.CartMoved):
            return self.anim_move(lay, e)
        if isinstance(e, S.GemTaken):
            return self.anim_gem_taken(lay, e)
        if isinstance(e, S.Collided):
            return self.anim_collision(lay, e)
        if isinstance(e, S.CartTurned):
            return self.anim_turn(lay, e)
        if isinstance(e, S.GemsDropped):
            return self.anim_dropped(lay, e)
        if isinstance(e, S.CartDerailed):
            return self.anim_derail(lay, e)
        if isinstance(e, S.CartFell):
            return self.anim_fall(lay, e)
        if isinstance(e, S.CartLeftMine):
            return self.anim_left(lay, e)
        if isinstance(e, S.CartReturned):
            return self.anim_fade_cart(lay, e)
        if isinstance(e, S.CardRevealed):
            return self.anim_card(lay, e)
        if isinstance(e, S.ChasmOpened):
            return self.anim_chasm(lay, e)
        if isinstance(e, S.MissionClaimed):
            return self.anim_message(f"{names[e.player]} completes {MISSIONS[e.mission][0]}! "
                                     f"+{MISSION_POINTS}",
                                     1.2, e)
        if isinstance(e, S.ChasmCardRevealed):
            return self.anim_message("The Chasm card! One last turn each", 1.5, e)
        if isinstance(e, S.ChasmTokenDrawn):
            return self.anim_message(f"A {e.colour} chasm token is drawn", 0.6, e)
        if isinstance(e, S.ChasmDieRolled):
            return self.anim_message(f"Chasm Die: {e.colour} mine square {e.number}", 0.7, e)
        if isinstance(e, S.LoadSplit):
            return self.anim_message(f"{names[e.player]} split the load: {e.sizes[0]} and "
                                     f"{e.sizes[1]} gems", 0.8, e)
        if isinstance(e, S.ChasmCardShuffledBack):
            return self.anim_message("The Chasm card: shuffled back", 0.7, e)
        if isinstance(e, S.EdgeTaken):
            return self.anim_message(f"{names[e.player]}: {e.edge} edge ({e.colour})", 0.6, e)
        if isinstance(e, S.GameEnded):
            return self.anim_message("The mine has collapsed — game over", 1.2, e)
        if isinstance(e, S.ExitChosen):
            return ([], self.land(e))
        return ([], self.land(e))

    def cart_angle(self, k) -> float:
        side = k.facing or (k.back and B.OPPOSITE[k.back]) or "N"
        return float(oa.FACING_ANGLE.get(side, 0))

    def anim_tile(self, lay, e, exits, old):
        sq = (e.row, e.col)
        rect = lay.square(sq)

        def draw(surface, p):
            if old is not None:
                surface.blit(oa.track_tile(old, lay.cell), rect)
            scale = 1.6 - 0.6 * p
            size = max(4, int(lay.cell * scale))
            img = pygame.transform.smoothscale(oa.track_tile(exits, lay.cell), (size, size))
            img.set_alpha(int(120 + 135 * p))
            shadow = pygame.Rect(0, 0, size, size)
            shadow.center = (rect.centerx + 6 * (1 - p), rect.centery + 10 * (1 - p))
            pygame.draw.rect(surface, (0, 0, 0), shadow.inflate(-size // 3, -size // 3), 0, 6)
            surface.blit(img, img.get_rect(center=rect.center))
        return ([Animation(self.duration(0.32), draw, ease=bounce_out, hide={("tile", sq)})],
                self.land(e))

    def anim_cart_placed(self, lay, e):
        k = self._cart(e.cart)
        sq = (e.row, e.col)
        dr, dc = B.DELTA[e.facing]
        start = (sq[0] - dr * 1.2, sq[1] - dc * 1.2)
        angle = float(oa.FACING_ANGLE[e.facing])

        def draw(surface, p):
            pos = lay.centre((start[0] + (sq[0] - start[0]) * p, start[1] + (sq[1] - start[1]) * p))
            self.draw_cart(surface, lay, k, pos, angle, alpha=80 + 175 * p, load=zero(),
                           speed=START_SPEED)
        return ([Animation(self.duration(0.4), draw, ease=ease_out_back, hide={("cart", e.cart)})],
                self.land(e))

    def anim_speed(self, lay, e):
        k = self._cart(e.cart)
        if not k.square:
            return ([], self.land(e))
        x, y = lay.centre(k.square)
        ds = max(10, int(lay.cell * 0.34))

        def draw(surface, p):
            face = e.old if p < 0.5 else e.new
            squash = abs(math.cos(p * math.pi))
            big = int(ds * (1 + 0.5 * math.sin(p * math.pi)))
            img = pygame.transform.smoothscale(art.die_face(big, face, "black"),
                                               (max(2, int(big * squash)), big))
            surface.blit(img, img.get_rect(center=(x + lay.cell * 0.5 - ds / 2,
                                                   y - lay.cell * 0.5 + ds / 2)))
        return ([Animation(self.duration(0.3), draw, ease=ease_in_out)], self.land(e))

    def anim_move(self, lay, e):
        k = self._cart(e.cart)
        path = [tuple(sq) for sq in e.path]
        n = max(1, len(path) - 1)
        load, speed = k.load, k.speed
        track = path_track(lay, path)

        def draw(surface, p):
            pos, angle = track(p * n)
            self.draw_cart(surface, lay, k, pos, angle, load=load, speed=speed)
        return ([Animation(self.duration(0.2 * n + 0.05), draw, ease=linear,
                           hide={("cart", e.cart)})], self.land(e))

    def anim_gem_taken(self, lay, e):
        sq = (e.row, e.col)
        start = lay.centre(sq)
        start = (start[0] - lay.cell * 0.3, start[1] + lay.cell * 0.2)
        end = lay.centre(sq)
        size = int(lay.cell * 0.34)

        def draw(surface, p):
            x, y = arc_point(start, end, p, lay.cell * 0.8)
            img = oa.gem(e.gem, int(size * (1 - 0.35 * p)))
            surface.blit(img, img.get_rect(center=(x, y)))
        return ([Animation(self.duration(0.3), draw, ease=ease_in_out)], self.land(e))

    def anim_collision(self, lay, e):
        a, b = self._cart(e.cart), self._cart(e.other)
        if not a.square or not b.square:
            return ([], self.land(e))
        label = {S.CollisionKind.BUMP: "Bump!", S.CollisionKind.REAR: "Crash!",
                 S.CollisionKind.HEAD_ON: "Head-on!"}[e.kind]

        def draw(surface, p):
            for k, sgn in ((a, 1), (b, -1)):
                cx, cy = lay.centre(k.square)
                dx = math.sin(p * 40) * (1 - p) * lay.cell * 0.14 * sgn
                self.draw_cart(surface, lay, k, (cx + dx, cy - dx * 0.5), self.cart_angle(k))
            mid = ((lay.centre(a.square)[0] + lay.centre(b.square)[0]) / 2,
                   (lay.centre(a.square)[1] + lay.centre(b.square)[1]) / 2)
            burst = art.star(max(5, int(lay.cell * 0.3 * ease_out_back(min(1, p * 2)))))
            surface.blit(burst, burst.get_rect(center=mid))
            kit.blit_text(surface, label, 18, (mid[0], mid[1] - lay.cell * 0.7), kit.HILITE, True,
                          "center", shadow=True)
        return ([Animation(self.duration(0.6), draw, ease=linear,
                           hide={("cart", e.cart), ("cart", e.other)})], self.land(e))

    def anim_turn(self, lay, e):
        k = self._cart(e.cart)
        if not k.square:
            return ([], self.land(e))
        start = self.cart_angle(k)
        end = float(oa.FACING_ANGLE[e.facing])
        diff = (end - start + 180) % 360 - 180 or 180

        def draw(surface, p):
            self.draw_cart(surface, lay, k, lay.centre(k.square), start + diff * p)
        return ([Animation(self.duration(0.3), draw, ease=ease_in_out, hide={("cart", e.cart)})],
                self.land(e))

    def anim_dropped(self, lay, e):
        k = self._cart(e.cart)
        sq = (e.row, e.col)
        centre = lay.centre(sq)
        names = oa.gem_list(e.gems)
        spots = oa.gem_spots(len(names) + len(oa.gem_list(self.sim.gems.get(sq, zero()))),
                             lay.cell)
        size = int(lay.cell * 0.3)
        anims = []
        for i, g in enumerate(names):
            dx, dy = spots[i % len(spots)] if spots else (0, 0)
            end = (centre[0] + dx * 1.2, centre[1] + dy * 1.2)

            def draw(surface, p, g=g, end=end):
                x, y = arc_point(centre, end, p, lay.cell * 0.6)
                surface.blit(oa.gem(g, size), oa.gem(g, size).get_rect(center=(x, y)))
            anims.append(Animation(self.duration(0.4), draw, delay=self.duration(0.05) * i))
        del k
        return (anims, self.land(e))

    def anim_derail(self, lay, e):
        k = self._cart(e.cart)
        if not k.square:
            return ([], self.land(e))
        centre = lay.centre(k.square)
        toward = lay.centre((e.toward_row, e.toward_col))
        start_angle = self.cart_angle(k)
        names = oa.gem_list(k.load)
        size = int(lay.cell * 0.28)

        def draw(surface, p):
            pos = (centre[0] + (toward[0] - centre[0]) * 0.35 * p,
                   centre[1] + (toward[1] - centre[1]) * 0.35 * p)
            self.draw_cart(surface, lay, k, pos, start_angle + 100 * p, alpha=255 * (1 - p),
                           scale=1 - 0.35 * p, load=zero())
            for i, g in enumerate(names):
                a = i * 2.4
                x = pos[0] + math.cos(a) * lay.cell * 0.8 * p
                y = pos[1] + math.sin(a) * lay.cell * 0.8 * p
                img = oa.gem(g, size).copy()
                img.set_alpha(int(255 * (1 - p)))
                surface.blit(img, img.get_rect(center=(x, y)))
            if p < 0.7:
                kit.blit_text(surface, "Derailed!", 16, (centre[0], centre[1] - lay.cell * 0.7),
                              kit.DANGER, True, "center", shadow=True)
        return ([Animation(self.duration(0.7), draw, ease=ease_in_out, hide={("cart", e.cart)})],
                self.land(e))

    def anim_fall(self, lay, e):
        k = self._cart(e.cart)
        sq = (e.row, e.col)
        start = lay.centre(k.square) if k.square else lay.centre(sq)
        end = lay.centre(sq)
        angle = self.cart_angle(k)

        def draw(surface, p):
            pos = (start[0] + (end[0] - start[0]) * min(1, p * 2),
                   start[1] + (end[1] - start[1]) * min(1, p * 2))
            self.draw_cart(surface, lay, k, pos, angle + 200 * p, alpha=255 * (1 - p * 0.8),
                           scale=max(0.05, 1 - p))
        return ([Animation(self.duration(0.6), draw, ease=ease_in_out, hide={("cart", e.cart)})],
                self.land(e))

    def anim_left(self, lay, e):
        k = self._cart(e.cart)
        sq = (e.row, e.col)
        centre = lay.centre(sq)
        side = next((s for s, ed in B.EDGE_OF_SIDE.items() if ed == e.edge), "N")
        dr, dc = B.DELTA[side]
        angle = float(oa.FACING_ANGLE[side])
        stock = self.stock_rect(lay, e.player)
        names = oa.gem_list(e.gems)
        size = int(lay.cell * 0.3)
        anims = []

        def drive(surface, p):
            pos = lay.centre((sq[0] + dr * 0.8 * p, sq[1] + dc * 0.8 * p))
            self.draw_cart(surface, lay, k, pos, angle, alpha=255 * (1 - p), load=zero())
        anims.append(Animation(self.duration(0.5), drive, ease=ease_in_out,
                               hide={("cart", e.cart)}))
        for i, g in enumerate(names):
            def fly(surface, p, g=g, i=i):
                end = (stock.x + 10 + (i % 5) * 30, stock.centery)
                x, y = arc_point(centre, end, p, 80)
                surface.blit(oa.gem(g, size), oa.gem(g, size).get_rect(center=(x, y)))
            anims.append(Animation(self.duration(0.6), fly, delay=self.duration(0.2 + 0.07 * i),
                                   ease=ease_in_out))
        return (anims, self.land(e))

    def anim_fade_cart(self, lay, e):
        k = self._cart(e.cart)
        if not k.square:
            return ([], self.land(e))
        centre = lay.centre(k.square)

        def draw(surface, p):
            self.draw_cart(surface, lay, k, centre, self.cart_angle(k), alpha=255 * (1 - p))
        return ([Animation(self.duration(0.35), draw, hide={("cart", e.cart)})], self.land(e))

    def anim_card(self, lay, e):
        rect = self.deck_rect(lay, self.sim.num_players)
        cw, ch = 34, 48
        start = (rect.x + 8 + cw / 2, rect.y + 8 + ch / 2)
        end = lay.centre((e.row, e.col))

        def draw(surface, p):
            flip = min(1.0, p * 2)
            squash = abs(math.cos(flip * math.pi))
            face = (e.colour, e.number) if flip >= 0.5 else (None, None)
            scale = 1.6 if p < 0.5 else 1.6 - 0.6 * (p - 0.5) * 2
            img = oa.deposit_card(int(cw * scale), int(ch * scale), *face)
            img = pygame.transform.smoothscale(img, (max(2, int(img.get_width() * squash)),
                                                     img.get_height()))
            pos = start if p < 0.5 else arc_point(start, end, (p - 0.5) * 2, 40)
            if p >= 0.5:
                img.set_alpha(int(255 * (1 - (p - 0.5) * 1.6)))
            surface.blit(img, img.get_rect(center=pos))

        def done():
            self.last_card = (e.colour, e.number)
        land = self.land(e)

        def on_done():
            done()
            land()
        return ([Animation(self.duration(0.55), draw, ease=linear)], on_done)

    def anim_gems_fall(self, lay, events):
        anims = []
        size = int(lay.cell * 0.32)
        counts: dict = {}
        for i, e in enumerate(events):
            sq = (e.row, e.col)
            n = counts.get(sq, 0)
            counts[sq] = n + 1
            cx, cy = lay.centre(sq)
            total = sum(self.sim.gems.get(sq, zero())) + n
            spots = oa.gem_spots(total + 1, lay.cell)
            dx, dy = spots[-1]

            def draw(surface, p, e=e, cx=cx + dx, cy=cy + dy):
                y = cy - lay.cell * 2.2 * (1 - p)
                img = oa.gem(e.gem, size)
                surface.blit(img, img.get_rect(center=(cx, y)))
            delay = self.duration(min(0.06, 1.2 / max(1, len(events)))) * i
            anims.append(Animation(self.duration(0.4), draw, ease=bounce_out, delay=delay))

        return (anims, self.land(*events))

    def anim_chasm(self, lay, e):
        sq = (e.row, e.col)
        rect = lay.square(sq)
        tile = self.sim.tiles.get(sq)
        gems = self.sim.gems.get(sq)
        colour = oa.clan(e.colour)

        def draw(surface, p):
            pit = oa.chasm_pit(lay.cell, colour)
            size = max(2, int(lay.cell * ease_out_back(min(1.0, p * 1.3))))
            img = pygame.transform.smoothscale(pit, (size, size))
            if tile:
                t = pygame.transform.smoothscale(oa.track_tile(tile, lay.cell),
                                                 (max(2, int(lay.cell * (1 - p))),) * 2)
                t.set_alpha(int(255 * (1 - p)))
                surface.blit(t, t.get_rect(center=(rect.centerx, rect.centery + p * 8)))
            surface.blit(img, img.get_rect(center=rect.center))
            if gems and p < 0.8:
                for i, g in enumerate(oa.gem_list(gems)):
                    s_ = max(3, int(lay.cell * 0.3 * (1 - p)))
                    a = i * 2.2 + p * 6
                    x = rect.centerx + math.cos(a) * lay.cell * 0.2 * (1 - p)
                    y = rect.centery + math.sin(a) * lay.cell * 0.2 * (1 - p)
                    surface.blit(oa.gem(g, s_), oa.gem(g, s_).get_rect(center=(x, y)))
            shake = math.sin(p * 50) * (1 - p) * 3
            pygame.draw.rect(surface, colour, rect.move(shake, 0), 2, border_radius=4)
        return ([Animation(self.duration(0.6), draw, ease=linear,
                           hide={("tile", sq), ("gems", sq), ("chasm", sq)})], self.land(e))
