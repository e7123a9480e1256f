"""Off the Rails' events → the steps the table plays (:class:`scenes.table.steps.Step`).

One step per event a player sees (gems falling on a deposit play together), with the bookkeeping
events that follow it. Each step's ``after`` is the state before it with its events applied by
the engine (``apply_event``), so between two steps the board shows exactly the position between
those events; the animations are drawn from the states captured here. A piece in flight is
hidden from the board (``Animation.hide``: ``("cart", id)``, ``("tile", square)``,
``("gems", square)``, ``("chasm", square)``).

Carts roll along their path (straight through straights, round the corner on a curve); a
collision shakes both carts, a derailment tumbles the cart off the track, a chasm opens under
what stands there. The game's end shows each last derailment, then the banner, slowly.
"""

from __future__ import annotations

import itertools
import math

import pygame

from engine.off_the_rails import board as B
from engine.off_the_rails import state as S
from engine.off_the_rails import words as W
from engine.off_the_rails.data import GEMS, MISSION_POINTS, START_SPEED, mission_name
from scenes import kit
from scenes.table.steps import Stage
from scenes.tables.off_the_rails.layout import Layout
from scenes.tables.off_the_rails.pieces import (
    cart_angle,
    draw_cart,
    draw_standing_cart,
    gem_stacks,
    stack_spots,
)
from sprites import art
from sprites import off_the_rails_art as oa
from sprites.tween import (
    Animation,
    arc_point,
    bounce_out,
    ease_in_out,
    ease_out_back,
    linear,
)
from translation import N_, _, ngettext

SECONDS_PER_SQUARE = 0.2
"""A cart rolls one square in this long at normal speed (plus :data:`ROLL_EXTRA`)."""
ROLL_EXTRA = 0.05
QUIET = S.BOOKKEEPING_EVENTS + (S.ActionsEnded,)
"""Events with nothing to show by themselves: they ride along with the step before them."""
DIR_ANGLE = {(-1, 0): 0.0, (0, -1): 90.0, (1, 0): 180.0, (0, 1): 270.0}


def group(events) -> list[list]:
    """The events split into steps: what goes quietly with the event before it, and the gems
    landing on one square, play with it."""
    groups: list = []
    for event in events:
        if groups and (
            isinstance(event, QUIET)
            or (isinstance(event, S.GemPlaced) and isinstance(groups[-1][0], S.GemPlaced))
        ):
            groups[-1].append(event)
        else:
            groups.append([event])
    return groups


def animate_step(events, before, after, stage: Stage) -> tuple[list, str]:
    """``(animations, caption)`` of one step: ``events`` took ``before`` to ``after``."""
    return animate(events, before, stage), caption(events, before, stage)


def caption(group, before, stage: Stage) -> str:
    """The top bar's line while a step plays ("" for its first log line)."""
    event = group[0]
    if isinstance(event, S.GemPlaced):
        count = sum(1 for e in group if isinstance(e, S.GemPlaced))
        where = S.square_name(event.row, event.col)
        return ngettext(
            "{count} gem lands on {square}.", "{count} gems land on {square}.", count
        ).format(count=count, square=where)
    if isinstance(event, S.CartMoved):
        who = cart_words(event.player, event.label, stage)
        squares = len(event.path) - 1
        return ngettext(
            "{cart} rolls {count} square…", "{cart} rolls {count} squares…", squares
        ).format(cart=who, count=squares)
    if isinstance(event, QUIET):
        return "…"
    return ""


def cart_words(player: int, label: str, stage: Stage) -> str:
    """ "Ana's white cart" (solo: "The red cart"), capitalised, for a caption."""
    return W.capitalised(W.cart_phrase(stage.names, player, label))


def last_card_of(events):
    """``(colour, number)`` of the last card revealed in ``events`` (a deposit card, the Chasm
    card, or a card naming a chasm square), or None."""
    for event in reversed(events):
        if isinstance(event, S.CardRevealed):
            return (event.colour, event.number)
        if isinstance(event, S.ChasmCardRevealed):
            return ("chasm", 0)
        if isinstance(event, S.ChasmOpened) and event.card:
            return (event.colour, event.card)
    return None


def sound_cues(events) -> list:
    """``[(what, seconds)]`` to play for a step's ``events``: each cart's roll alone, its
    rumble lasting as long as the roll at normal speed (:func:`roll_seconds`), then the other
    events together (``seconds`` None: their cues' own lengths)."""
    rolls = [e for e in events if isinstance(e, S.CartMoved)]
    rest = [e for e in events if not isinstance(e, S.CartMoved)]
    cues = [(event, roll_seconds(event.path)) for event in rolls]
    return cues + ([(rest, None)] if rest else [])


def roll_seconds(path) -> float:
    """How long a cart's roll along ``path`` lasts at normal speed."""
    return SECONDS_PER_SQUARE * max(1, len(path) - 1) + ROLL_EXTRA


def animate(group, before, stage: Stage) -> list:
    """The animations of one step (``group`` of events, played from ``before``)."""
    e = group[0]
    names = stage.names
    if isinstance(e, S.GemPlaced):
        return gems_fall(group, before, stage)
    if isinstance(e, S.TurnStarted):
        if len(names) <= 1:
            return [stage.banner(_("Turn {turn}").format(turn=e.turn), 0.7)]
        mine = e.player == stage.viewer and e.player in stage.humans
        return [
            stage.banner(
                _("Your turn") if mine else _("{name} plays").format(name=names[e.player]), 0.8
            )
        ]
    if isinstance(e, S.TilePlaced):
        return tile_drop(e.row, e.col, e.exits, None, stage)
    if isinstance(e, S.TileUpgraded):
        return tile_drop(e.row, e.col, e.new, e.old, stage)
    if isinstance(e, S.CartPlaced):
        return cart_placed(e, before, stage)
    if isinstance(e, S.SpeedChanged):
        return speed_changed(e, before, stage)
    if isinstance(e, S.CartMoved):
        return roll(e, before, stage)
    if isinstance(e, S.ExitChosen):
        return exit_flash((e.row, e.col), e.side, stage)
    if isinstance(e, S.CartTurnedFromChasm):  # the one way left flashes; else the owner asks
        return exit_flash((e.row, e.col), e.facing, stage) if e.facing else []
    if isinstance(e, S.GemTaken):
        return gem_taken(e, stage)
    if isinstance(e, S.Collided):
        return collided(e, before, stage)
    if isinstance(e, S.CartTurned):
        return turned(e, before, stage)
    if isinstance(e, S.GemsDropped):
        return dropped(e, before, stage)
    if isinstance(e, S.CartDerailed):
        return derailed(e, before, stage)
    if isinstance(e, S.CartFell):
        return fell(e, before, stage)
    if isinstance(e, S.CartLeftMine):
        return left_mine(e, before, stage)
    if isinstance(e, S.CartReturned):
        return fade_cart(e, before, stage)
    if isinstance(e, S.CardRevealed):
        return card_revealed(e, stage)
    if isinstance(e, S.ChasmOpened):
        return chasm_opened(e, before, stage)
    if isinstance(e, S.MissionClaimed):
        return [
            stage.banner(
                _("{name} completes {mission}! +{points}").format(
                    name=names[e.player], mission=mission_name(e.mission), points=MISSION_POINTS
                ),
                1.3,
            )
        ]
    if isinstance(e, S.ChasmCardRevealed):
        words = _("The Chasm card! One more turn each, then the chasm opens")
        return [stage.banner(words, 1.6, 1.1, kit.DANGER)]
    if isinstance(e, S.ChasmPhaseBegan):
        return [stage.banner(_("The mine collapses: the chasm phase begins"), 1.6, 1.1, kit.DANGER)]
    if isinstance(e, S.ChasmTokenDrawn):
        return [
            stage.banner(
                _("Chasm token drawn: {colour}").format(
                    colour=W.colour_word(e.colour, "chasm token")
                ),
                0.8,
            )
        ]
    if isinstance(e, S.ChasmDieRolled):
        return [
            stage.banner(
                _("Chasm Die: {colour} mine square {number}").format(
                    colour=W.colour_word(e.colour, "mine (of)"), number=e.number
                ),
                0.8,
            )
        ]
    if isinstance(e, S.LoadSplit):
        return [
            stage.banner(
                _("{name} split the load: {first} and {second} gems").format(
                    name=names[e.player], first=e.sizes[0], second=e.sizes[1]
                ),
                0.9,
            )
        ]
    if isinstance(e, S.ChasmCardShuffledBack):
        return [stage.banner(_("The Chasm card: shuffled back"), 0.8)]
    if isinstance(e, S.CardSkipped):
        return [
            stage.banner(
                W.capitalised(
                    _("{colour} mine square {number}: already a chasm").format(
                        colour=W.colour_word(e.colour, "mine (of)"), number=e.number
                    )
                ),
                0.6,
            )
        ]
    if isinstance(e, S.EdgeTaken):
        return [
            stage.banner(
                _("{name}: {edge}").format(name=names[e.player], edge=W.edge_clan(e.edge)),
                0.7,
            )
        ]
    if isinstance(e, S.GameEnded):
        return [stage.banner(_("The mine has collapsed — game over"), 2.2, 1.15)]
    if isinstance(e, S.MissionDealt):
        return [Animation(stage.seconds(0.15), None)]
    return []


def shout(surface, lay: Layout, words: str, size: int, centre, colour) -> None:
    """A word over the board ("Crash!", "Derailed!") centred on ``centre``, moved in to stay
    on the underground grid by a square at the board's edge."""
    width, height = kit.text_size(words, size, True)
    rect = pygame.Rect(0, 0, width + 2, height + 2)
    rect.center = (int(centre[0]), int(centre[1]))
    rect.clamp_ip(lay.grid)
    kit.blit_text(surface, words, size, rect.center, colour, True, "center", shadow=True)


# --- track and carts ------------------------------------------------------------------------------
def tile_drop(row: int, col: int, exits: str, old, stage: Stage) -> list:
    """A tile drops onto its square (an upgrade over the old tile)."""
    lay = stage.layout
    square = (row, col)
    rect = lay.square(square)

    def draw(surface, p):
        if old is not None:
            surface.blit(oa.track_tile(old, lay.cell), rect)
        size = max(4, int(lay.cell * (1.6 - 0.6 * p)))
        img = pygame.transform.smoothscale(oa.track_tile(exits, lay.cell), (size, size))
        img.set_alpha(int(120 + 135 * p))
        shadow = pygame.Rect(0, 0, size, size)
        shadow.center = (rect.centerx + 6 * (1 - p), rect.centery + 10 * (1 - p))
        pygame.draw.rect(surface, (0, 0, 0), shadow.inflate(-size // 3, -size // 3), 0, 6)
        surface.blit(img, img.get_rect(center=rect.center))

    return [Animation(stage.seconds(0.32), draw, ease=bounce_out, hide={("tile", square)})]


def cart_placed(e, before, stage: Stage) -> list:
    """The cart rolls in from beyond its edge onto its surface square."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    square = (e.row, e.col)
    dr, dc = B.DELTA[e.facing]
    start = (square[0] - dr * 1.2, square[1] - dc * 1.2)
    angle = float(oa.FACING_ANGLE[e.facing])

    def draw(surface, p):
        pos = lay.centre(
            (start[0] + (square[0] - start[0]) * p, start[1] + (square[1] - start[1]) * p)
        )
        draw_cart(
            surface,
            lay,
            cart,
            pos,
            angle,
            stage.patterns,
            alpha=80 + 175 * p,
            load=(0, 0, 0, 0, 0),
            speed=START_SPEED,
        )

    return [Animation(stage.seconds(0.4), draw, ease=ease_out_back, hide={("cart", e.cart)})]


def speed_changed(e, before, stage: Stage) -> list:
    """The cart's speed die flips from the old number to the new one."""
    lay = stage.layout
    cart = before.carts[e.cart]
    if not cart.square:
        return []
    x, y = lay.centre(cart.square)
    ds = max(14, int(lay.cell * 0.4))

    def draw(surface, p):
        face = e.old if p < 0.5 else e.new
        squash = abs(math.cos(p * math.pi))
        big = int(ds * (1 + 0.5 * math.sin(p * math.pi)))
        img = pygame.transform.smoothscale(
            art.die_face(big, face, "black"), (max(2, int(big * squash)), big)
        )
        surface.blit(
            img, img.get_rect(center=(x + lay.cell * 0.5 - ds / 2 - 1, y - lay.cell * 0.5 + ds / 2))
        )

    return [Animation(stage.seconds(0.3), draw, ease=ease_in_out)]


def path_track(lay: Layout, path):
    """A function ``t -> ((x, y), angle)`` for a cart rolling along ``path`` (squares), with
    ``t`` from 0 to ``len(path) - 1``: straight through straights, a quarter circle round the
    corner on a curve, from the centre of the first square to the centre of the last."""
    half = lay.cell / 2
    dirs = [(b[1] - a[1], b[0] - a[0]) for a, b in itertools.pairwise(path)]
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
            return (cx + d[0] * half * 2 * t, cy + d[1] * half * 2 * t), heading(d)
        if t >= n - 0.5:  # entering the last square: its entry edge to the centre
            cx, cy = lay.centre(path[-1])
            d = dirs[-1]
            v = (n - t) * 2
            return (cx - d[0] * half * v, cy - d[1] * half * v), heading(d)
        j = int(t - 0.5)  # square path[j + 1], entered by dirs[j], left by dirs[j + 1]
        v = t - 0.5 - j
        d_in, d_out = dirs[j], dirs[j + 1]
        cx, cy = lay.centre(path[j + 1])
        m_in = (cx - d_in[0] * half, cy - d_in[1] * half)
        if d_in == d_out or (d_in[0] == -d_out[0] and d_in[1] == -d_out[1]):
            m_out = (cx + d_out[0] * half, cy + d_out[1] * half)
            return (
                (m_in[0] + (m_out[0] - m_in[0]) * v, m_in[1] + (m_out[1] - m_in[1]) * v),
                heading(d_out),
            )
        corner = (m_in[0] + d_out[0] * half, m_in[1] + d_out[1] * half)
        a0 = math.atan2(m_in[1] - corner[1], m_in[0] - corner[0])
        m_out = (cx + d_out[0] * half, cy + d_out[1] * half)
        a1 = math.atan2(m_out[1] - corner[1], m_out[0] - corner[0])
        da = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        a = a0 + da * v
        h0, h1 = heading(d_in), heading(d_out)
        dh = (h1 - h0 + 180) % 360 - 180
        return ((corner[0] + math.cos(a) * half, corner[1] + math.sin(a) * half), h0 + dh * v)

    return track


def roll(e, before, stage: Stage) -> list:
    """The cart rolls along its path, square by square."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    path = [tuple(square) for square in e.path]
    n = max(1, len(path) - 1)
    track = path_track(lay, path)

    def draw(surface, p):
        pos, angle = track(p * n)
        draw_cart(surface, lay, cart, pos, angle, stage.patterns)

    return [
        Animation(stage.seconds(roll_seconds(path)), draw, ease=linear, hide={("cart", e.cart)})
    ]


def exit_flash(square, side: str, stage: Stage) -> list:
    """A flash of the arrow the cart on the junction ``square`` will leave it by."""
    lay = stage.layout
    rect = lay.exit_arrow(square, side)

    def draw(surface, p):
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.circle(
            layer, (255, 226, 110, int(200 * (1 - p))), layer.get_rect().center, rect.width // 2
        )
        surface.blit(layer, rect)

    return [Animation(stage.seconds(0.25), draw, ease=linear)]


def gem_taken(e, stage: Stage) -> list:
    """A gem hops from the deposit into the cart."""
    lay = stage.layout
    square = (e.row, e.col)
    end = lay.centre(square)
    start = (end[0] - lay.cell * 0.3, end[1] + lay.cell * 0.25)
    size = lay.gem_size

    def draw(surface, p):
        x, y = arc_point(start, end, p, lay.cell * 0.8)
        img = oa.gem(e.gem, int(size * (1 - 0.3 * p)))
        surface.blit(img, img.get_rect(center=(x, y)))

    return [Animation(stage.seconds(0.32), draw, ease=ease_in_out)]


def collided(e, before, stage: Stage) -> list:
    """Both carts shake; "Bump!", "Crash!" or "Head-on!" between them."""
    lay = stage.layout
    a, b = before.carts[e.cart].clone(), before.carts[e.other].clone()
    if not a.square or not b.square:
        return []
    label = _(
        {
            S.CollisionKind.BUMP: N_("Bump!"),
            S.CollisionKind.REAR: N_("Crash!"),
            S.CollisionKind.HEAD_ON: N_("Head-on!"),
        }[e.kind]
    )
    mid = tuple(
        (p + q) / 2 for p, q in zip(lay.centre(a.square), lay.centre(b.square), strict=True)
    )

    def draw(surface, p):
        for cart, sign in ((a, 1), (b, -1)):
            dx = math.sin(p * 40) * (1 - p) * lay.cell * 0.14 * sign
            gems = before.gems.get(cart.square)
            draw_standing_cart(surface, lay, cart, stage.patterns, gems, shake=(dx, -dx * 0.5))
        burst = art.star(max(5, int(lay.cell * 0.32 * ease_out_back(min(1, p * 2)))))
        surface.blit(burst, burst.get_rect(center=mid))
        shout(surface, lay, label, 19, (mid[0], mid[1] - lay.cell * 0.75), kit.HILITE)

    hide = {("cart", e.cart), ("cart", e.other), ("gems", a.square), ("gems", b.square)}
    return [Animation(stage.seconds(0.8), draw, ease=linear, hide=hide)]


def turned(e, before, stage: Stage) -> list:
    """The cart turns round on its square."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    if not cart.square:
        return []
    start = cart_angle(cart)
    end = float(oa.FACING_ANGLE[e.facing])
    diff = (end - start + 180) % 360 - 180 or 180

    gems = before.gems.get(cart.square)

    def draw(surface, p):
        draw_standing_cart(surface, lay, cart, stage.patterns, gems, angle=start + diff * p)

    hide = {("cart", e.cart), ("gems", cart.square)}
    return [Animation(stage.seconds(0.3), draw, ease=ease_in_out, hide=hide)]


def dropped(e, before, stage: Stage) -> list:
    """The hit cart's gems tumble out onto its square."""
    lay = stage.layout
    square = (e.row, e.col)
    centre = lay.centre(square)
    names = oa.gem_list(e.gems)
    size = lay.gem_size
    out = []
    for i, name in enumerate(names):
        angle = i * 2 * math.pi / max(1, len(names)) + 0.6
        end = (
            centre[0] + math.cos(angle) * lay.cell * 0.32,
            centre[1] + math.sin(angle) * lay.cell * 0.32,
        )

        def draw(surface, p, name=name, end=end):
            x, y = arc_point(centre, end, p, lay.cell * 0.6)
            surface.blit(oa.gem(name, size), oa.gem(name, size).get_rect(center=(x, y)))

        out.append(Animation(stage.seconds(0.45), draw, delay=stage.seconds(0.05) * i))
    del before
    return out


def derailed(e, before, stage: Stage) -> list:
    """The cart tumbles off the track, its gems scattering; "Derailed!" over it."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    if not cart.square:
        return []
    centre = lay.centre(cart.square)
    toward = lay.centre((e.toward_row, e.toward_col))
    start_angle = cart_angle(cart)
    names = oa.gem_list(cart.load)
    size = lay.gem_size
    end_of_game = e.cause == S.DerailCause.GAME_END

    def draw(surface, p):
        pos = (
            centre[0] + (toward[0] - centre[0]) * 0.35 * p,
            centre[1] + (toward[1] - centre[1]) * 0.35 * p,
        )
        draw_cart(
            surface,
            lay,
            cart,
            pos,
            start_angle + 100 * p,
            stage.patterns,
            alpha=255 * (1 - p),
            scale=1 - 0.35 * p,
            load=(0, 0, 0, 0, 0),
            die=False,
        )
        for i, name in enumerate(names):
            a = i * 2.4
            img = oa.gem(name, size).copy()
            img.set_alpha(int(255 * (1 - p)))
            surface.blit(
                img,
                img.get_rect(
                    center=(
                        pos[0] + math.cos(a) * lay.cell * 0.8 * p,
                        pos[1] + math.sin(a) * lay.cell * 0.8 * p,
                    )
                ),
            )
        if p < 0.8:
            shout(
                surface,
                lay,
                _("Derailed!"),
                17,
                (centre[0], centre[1] - lay.cell * 0.7),
                kit.DANGER,
            )

    seconds = 1.0 if end_of_game else 0.75
    return [Animation(stage.seconds(seconds), draw, ease=ease_in_out, hide={("cart", e.cart)})]


def fell(e, before, stage: Stage) -> list:
    """The cart spins down into the chasm."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    square = (e.row, e.col)
    start = lay.centre(cart.square) if cart.square else lay.centre(square)
    end = lay.centre(square)
    angle = cart_angle(cart)

    def draw(surface, p):
        k = min(1.0, p * 2)
        pos = (start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k)
        draw_cart(
            surface,
            lay,
            cart,
            pos,
            angle + 200 * p,
            stage.patterns,
            alpha=255 * (1 - p * 0.8),
            scale=max(0.05, 1 - p),
            die=False,
        )

    return [Animation(stage.seconds(0.8), draw, ease=ease_in_out, hide={("cart", e.cart)})]


def left_mine(e, before, stage: Stage) -> list:
    """The cart drives off the board; its gems fly to its owner's stockpile."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    square = (e.row, e.col)
    centre = lay.centre(square)
    side = next((s for s, edge in B.EDGE_OF_SIDE.items() if edge == e.edge), "N")
    dr, dc = B.DELTA[side]
    angle = float(oa.FACING_ANGLE[side])
    size = lay.gem_size

    def drive(surface, p):
        pos = lay.centre((square[0] + dr * 0.8 * p, square[1] + dc * 0.8 * p))
        draw_cart(
            surface,
            lay,
            cart,
            pos,
            angle,
            stage.patterns,
            alpha=255 * (1 - p),
            load=(0, 0, 0, 0, 0),
        )

    out = [Animation(stage.seconds(0.5), drive, ease=ease_in_out, hide={("cart", e.cart)})]
    for i, name in enumerate(oa.gem_list(e.gems)):
        gem = GEMS.index(name)
        slot = (
            lay.stock_slot(e.player, gem)
            if not lay.solo
            else lay.delivered_cell(B.EDGES.index(e.edge), max(0, gem - 1))
        )
        end = (slot.x + 6, slot.centery)

        def fly(surface, p, name=name, end=end):
            x, y = arc_point(centre, end, p, 80)
            surface.blit(oa.gem(name, size), oa.gem(name, size).get_rect(center=(x, y)))

        out.append(
            Animation(
                stage.seconds(0.65), fly, delay=stage.seconds(0.2 + 0.07 * i), ease=ease_in_out
            )
        )
    return out


def fade_cart(e, before, stage: Stage) -> list:
    """A cart that stayed on the surface fades out on its square (OR-D10; ``e`` a
    :class:`CartReturned`); nothing for a cart with no square."""
    lay = stage.layout
    cart = before.carts[e.cart].clone()
    if not cart.square:
        return []
    gems = before.gems.get(cart.square)

    def draw(surface, p):
        draw_standing_cart(surface, lay, cart, stage.patterns, gems, alpha=255 * (1 - p))

    return [Animation(stage.seconds(0.35), draw, hide={("cart", e.cart), ("gems", cart.square)})]


# --- deposits and the chasm -----------------------------------------------------------------------
def card_revealed(e, stage: Stage) -> list:
    """The deposit card flips over by the deck and flies to the square it names."""
    lay = stage.layout
    card = lay.deck_card()
    start = card.center
    end = lay.centre((e.row, e.col))

    def draw(surface, p):
        flip = min(1.0, p * 2)
        squash = abs(math.cos(flip * math.pi))
        face = (e.colour, e.number) if flip >= 0.5 else (None, None)
        scale = 1.6 if p < 0.5 else 1.6 - 0.6 * (p - 0.5) * 2
        img = oa.deposit_card(int(card.width * scale), int(card.height * scale), *face)
        img = pygame.transform.smoothscale(
            img, (max(2, int(img.get_width() * squash)), img.get_height())
        )
        pos = start if p < 0.5 else arc_point(start, end, (p - 0.5) * 2, 40)
        if p >= 0.5:
            img.set_alpha(int(255 * (1 - (p - 0.5) * 1.6)))
        surface.blit(img, img.get_rect(center=pos))

    return [Animation(stage.seconds(0.6), draw, ease=linear)]


def gems_fall(group, before, stage: Stage) -> list:
    """Gems drop onto their deposit one after another."""
    lay = stage.layout
    placed = [e for e in group if isinstance(e, S.GemPlaced)]
    size = lay.gem_size
    out = []
    final: dict = {}  # each square's gems once they have landed
    for e in placed:
        square = (e.row, e.col)
        counts = list(final.get(square, before.gems.get(square) or (0,) * len(GEMS)))
        counts[GEMS.index(e.gem)] += 1
        final[square] = tuple(counts)
    for i, e in enumerate(placed):
        square = (e.row, e.col)
        cx, cy = lay.centre(square)
        stacks = [name for name, _ in gem_stacks(final[square])]
        spots = stack_spots(len(stacks), lay.cell)
        dx, dy = spots[stacks.index(e.gem)] if stacks.index(e.gem) < len(spots) else (0, 0)

        def draw(surface, p, e=e, x=cx + dx, y=cy + dy):
            img = oa.gem(e.gem, size)
            surface.blit(img, img.get_rect(center=(x, y - lay.cell * 2.2 * (1 - p))))

        delay = stage.seconds(min(0.08, 1.2 / max(1, len(placed)))) * i
        out.append(Animation(stage.seconds(0.4), draw, ease=bounce_out, delay=delay))
    return out


def chasm_opened(e, before, stage: Stage) -> list:
    """The ground gives way: the tile and gems sink, the pit opens in the token's colour."""
    lay = stage.layout
    square = (e.row, e.col)
    rect = lay.square(square)
    tile = before.tiles.get(square)
    gems = before.gems.get(square)
    colour = oa.clan(e.colour)
    mark = e.colour if stage.patterns else None

    def draw(surface, p):
        pit = oa.chasm_pit(lay.cell, colour, mark)
        size = max(2, int(lay.cell * ease_out_back(min(1.0, p * 1.3))))
        if tile:
            t = pygame.transform.smoothscale(
                oa.track_tile(tile, lay.cell), (max(2, int(lay.cell * (1 - p))),) * 2
            )
            t.set_alpha(int(255 * (1 - p)))
            surface.blit(t, t.get_rect(center=(rect.centerx, rect.centery + p * 8)))
        img = pygame.transform.smoothscale(pit, (size, size))
        surface.blit(img, img.get_rect(center=rect.center))
        if gems and p < 0.8:
            for i, name in enumerate(oa.gem_list(gems)):
                s = max(3, int(lay.gem_size * (1 - p)))
                a = i * 2.2 + p * 6
                x = rect.centerx + math.cos(a) * lay.cell * 0.2 * (1 - p)
                y = rect.centery + math.sin(a) * lay.cell * 0.2 * (1 - p)
                surface.blit(oa.gem(name, s), oa.gem(name, s).get_rect(center=(x, y)))
        shake = math.sin(p * 50) * (1 - p) * 3
        pygame.draw.rect(surface, colour, rect.move(shake, 0), 2, border_radius=4)
        if p < 0.85:
            shout(surface, lay, _("The chasm opens!"), 15, (rect.centerx, rect.y - 10), kit.DANGER)

    return [
        Animation(
            stage.seconds(0.9),
            draw,
            ease=linear,
            hide={("tile", square), ("gems", square), ("chasm", square)},
        )
    ]
