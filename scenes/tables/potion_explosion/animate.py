"""Potion Explosion's events → the steps the table plays (:class:`scenes.table.steps.Step`).

One step per event, or per run of events that move together (marbles rolling in from the tank,
starters revealed). Each step's ``after`` is the state before it with its events applied by the
engine (``apply_event``), so the board between two steps is exactly the position between those
events; the animations are drawn from the states captured here, never from the scene. A marble in
flight is hidden from the board (``Animation.hide``: ``("track", t, q)``, ``("pool", seat, i)``,
``("slot", seat, slot)``, ``("completed", seat, i)``).

Explosions build up: each exploding marble shakes, flashes and bursts into sparks
(:mod:`sprites.particles`) before flying to the hand, and a chain reaction's banner ("Chain ×2!")
grows bigger and hotter with every step of the chain.
"""

from __future__ import annotations

import math

import pygame

from engine.potion_explosion import state as pe
from engine.potion_explosion.data import (
    COLOURS,
    TILES,
    TRACK_LENGTH,
)
from scenes import kit
from scenes.table.steps import Stage
from scenes.tables.potion_explosion.chips import draw_named_chip
from scenes.tables.potion_explosion.draw import pool_list
from scenes.tables.potion_explosion.layout import Layout
from sprites import particles
from sprites import potion_explosion_art as pa
from sprites.tween import (
    Animation,
    arc_point,
    ease_in_out,
    ease_out_back,
    lerp_point,
    linear,
)
from translation import _, ngettext

CHAIN_COLOURS = ((238, 196, 84), (250, 160, 70), (248, 110, 60), (240, 70, 60))
"""The banner's colour along a chain reaction: gold, then hotter and hotter."""


GROUPED = (pe.MarbleRefilled, pe.StarterRevealed)
"""Events that play together when they come in a row."""


def group(events) -> list[list]:
    """The events split into steps: marbles rolling in from the tank, and starters revealed,
    play together when they come in a row."""
    out = []
    i = 0
    while i < len(events):
        j = i + 1
        if isinstance(events[i], GROUPED):
            while j < len(events) and type(events[j]) is type(events[i]):
                j += 1
        out.append(list(events[i:j]))
        i = j
    return out


def animate_step(events, before, after, stage: Stage) -> tuple[list, str]:
    """``(animations, caption)`` of one step (the caption is its first log line)."""
    filtered = stage.memo.setdefault("filtered", {})  # track → places the Filter returned
    return animate(events, before, after, stage, filtered), ""


def animate(group, before, after, stage: Stage, filtered: dict) -> list:
    """The animations of one step (``group`` of events from ``before`` to ``after``)."""
    e = group[0]
    lay = stage.layout
    if isinstance(e, pe.MarbleRefilled):
        return refills(group, stage)
    if isinstance(e, pe.StarterRevealed):
        return [Animation(stage.seconds(0.5), None)]
    if isinstance(e, pe.MarbleTaken):
        return take(e, stage)
    if isinstance(e, pe.MarblesSlid):
        if e.track in filtered:
            return slide_over(after, e.track, filtered.pop(e.track), stage)
        return slide(after, e.track, e.start, e.distance, stage)
    if isinstance(e, pe.SeamCollision):
        return seam(e, stage)
    if isinstance(e, pe.Exploded):
        return explode(e, before, stage)
    if isinstance(e, pe.MarbleMoved):
        return move(e, before, stage)
    if isinstance(e, pe.MarblePlaced):
        return place(e, before, stage)
    if isinstance(e, pe.PotionCompleted):
        return complete(e, before, stage)
    if isinstance(e, pe.SkillTokenEarned):
        if e.source == "none":
            return [stage.banner(_("No skill token is left"), 1.0)]
        earned_for = {
            "mastery": _("+4 Mastery"),
            "variety": _("+4 Variety"),
            "tenth": _("+4 10th potion"),
        }
        return token(e.player, "skill", earned_for[e.reason], stage)
    if isinstance(e, pe.LittleHelpTaken):
        return token(e.player, "help", _("-2 VP"), stage)
    if isinstance(e, pe.PotionDrunk):
        return drink(e, before, stage)
    if isinstance(e, pe.EffectCopied):
        return [
            stage.banner(
                _("Sands of Time: {potion} again").format(potion=pe.potion_name(e.tile)), 0.9
            )
        ]
    if isinstance(e, pe.PoolStolen):
        return steal(e, before, stage)
    if isinstance(e, pe.PoolMadeWild):
        return [stage.banner(_("Prismatic Joy: your pool marbles fill any hole"), 0.9)]
    if isinstance(e, pe.MarblesReturned):
        if e.source == "track":
            filtered[e.track] = tuple(e.positions)
            return return_from_track(e, before, stage)
        return return_from_hand(e, stage)
    if isinstance(e, pe.TileDrawn):
        return tile_drawn(e, stage)
    if isinstance(e, pe.TileRevealed):
        return reveal(e, stage)
    if isinstance(e, pe.StarterDrafted):
        return drafted(e, before, stage)
    if isinstance(e, pe.LastRoundBegun):
        return [stage.banner(_("Last round! The countdown stack is empty"), 1.6)]
    if isinstance(e, pe.GameEndTriggered):
        if before.countdown == 0:  # LastRoundBegun announced it when the stack emptied
            return []
        reason = _(e.reason)
        return [
            stage.banner(
                _("Last round! {reason}").format(reason=reason[:1].upper() + reason[1:]), 1.6
            )
        ]
    if isinstance(e, pe.TieBreakStarted):
        return [stage.banner(_("Tie! One more pick each decides"), 1.4)]
    if isinstance(e, pe.TieBreakResult):
        return [
            stage.banner(
                ngettext(
                    "{name} took {count} marble", "{name} took {count} marbles", e.marbles
                ).format(name=stage.names[e.player], count=e.marbles),
                1.0,
            )
        ]
    if isinstance(e, pe.TurnStarted):
        mine = e.player == stage.viewer and e.player in stage.humans
        words = _("Your turn") if mine else _("{name} plays").format(name=stage.names[e.player])
        return [stage.banner(words, 0.8)]
    if isinstance(e, pe.GameOver):
        return [stage.banner(_("Game over"), 1.0)]
    del lay
    return []


# --- marbles in the dispenser ----------------------------------------------------------------
def refills(batch, stage: Stage) -> list:
    """Marbles refilled from the tank: each rolls up its track to its place, one after another."""
    lay = stage.layout
    stagger = 0.03 if len(batch) > 8 else 0.07
    out = []
    for i, e in enumerate(batch):
        start = lay.tank_point(e.track)
        end = lay.marble_centre(e.track, e.position)

        def draw(surface, p, e=e, start=start, end=end):
            x, y = lerp_point(start, end, p)
            size = lay.marble_size(e.position + (1 - p) * 1.5)
            pa.blit_marble(surface, (x, y), size, e.colour, stage.patterns)

        out.append(
            Animation(
                stage.seconds(0.32), draw, ease=ease_out_back, delay=stage.seconds(stagger) * i
            )
        )
    return out


def take(e, stage: Stage) -> list:
    """A marble lifts out of its track and arcs into the taker's hand."""
    lay = stage.layout
    start = lay.marble_centre(e.track, e.position)
    end = lay.hand_point(e.player, e.colour)
    size = lay.marble_size(e.position)
    last = lay.seat_marble_size(e.player)

    def draw(surface, p):
        if p < 0.3:
            q = p / 0.3
            pa.glow_disc(surface, start, size * (0.6 + 0.4 * q), (255, 245, 200), 120)
            pa.blit_marble(
                surface,
                (start[0], start[1] - 8 * q),
                int(size * (1 + 0.25 * q)),
                e.colour,
                stage.patterns,
            )
        else:
            q = ease_in_out((p - 0.3) / 0.7)
            x, y = arc_point((start[0], start[1] - 8), end, q, 60)
            pa.blit_marble(
                surface,
                (x, y),
                int(size * 1.25 + (last - size * 1.25) * q),
                e.colour,
                stage.patterns,
            )

    return [
        Animation(stage.seconds(0.55), draw, ease=linear, hide={("track", e.track, e.position)})
    ]


def slide(after, track: int, start: int, distance: int, stage: Stage) -> list:
    """The marbles of ``track`` from ``start`` up slide down ``distance`` places (the state
    ``after`` already shows them in their new places)."""
    return slide_over(
        after, track, None, stage, {q: distance for q in range(start, TRACK_LENGTH + 2)}
    )


def slide_over(after, track: int, removed, stage: Stage, offsets=None) -> list:
    """Every marble of ``track`` (in ``after``) slides from where it was before ``removed``
    places left the track (or by ``offsets``: new place → places fallen)."""
    lay = stage.layout
    marbles = after.tracks[track]
    if offsets is None:
        gone = sorted(removed)
        offsets = {}
        new = 0
        for old in range(len(marbles) + len(gone)):
            if old in gone:
                continue
            offsets[new] = old - new
            new += 1
    moving = {q: o for q, o in offsets.items() if o and q < len(marbles)}
    if not moving:
        return []

    def draw(surface, p):
        for q, fallen in moving.items():
            place = q + fallen * (1 - p)
            pa.blit_marble(
                surface,
                lay.marble_centre(track, place),
                lay.marble_size(place),
                marbles[q],
                stage.patterns,
            )

    return [
        Animation(
            stage.seconds(0.3), draw, ease=ease_out_back, hide={("track", track, q) for q in moving}
        )
    ]


def seam(e, stage: Stage) -> list:
    """Where the gap closed, the two marbles meet: a clink, or a white flash if they match."""
    lay = stage.layout
    mid = lerp_point(
        lay.marble_centre(e.track, e.position - 1), lay.marble_centre(e.track, e.position), 0.5
    )
    if not e.explodes:

        def clink(surface, p):
            pa.glow_disc(surface, mid, lay.d * 0.35 * (1 - p) + 2, (200, 200, 220), 90)

        return [Animation(stage.seconds(0.14), clink, ease=linear)]

    def flash(surface, p):
        particles.flash(surface, mid, p, lay.d * 0.8, 1.3)

    return [Animation(stage.seconds(0.25), flash, ease=linear)]


def explode(e, before, stage: Stage) -> list:
    """The run bursts: each marble shakes, flashes and throws sparks, then flies to the hand;
    from the second step of a chain a banner counts it, bigger and hotter each time."""
    lay = stage.layout
    rgb = pa.art.MARBLE_COLOURS[pa.COLOUR_KEY[e.colour]]
    intensity = 1.0 + 0.45 * (e.chain_step - 1)
    end = lay.hand_point(e.player, e.colour)
    last = lay.seat_marble_size(e.player)
    out = []
    for n, q in enumerate(e.positions):
        start = lay.marble_centre(e.track, q)
        size = lay.marble_size(q)

        def draw(surface, p, start=start, size=size, n=n):
            if p < 0.45:
                k = p / 0.45
                shake = math.sin(k * 40 + n) * 3 * (1 - k) * intensity
                if k < 0.7:
                    pa.blit_marble(
                        surface, (start[0] + shake, start[1]), size, e.colour, stage.patterns
                    )
                particles.flash(surface, start, k, size * 0.7, intensity)
                particles.burst(
                    surface,
                    start,
                    k,
                    rgb,
                    size * 0.9,
                    seed=e.track * 97 + e.chain_step * 13 + n,
                    intensity=intensity,
                )
            else:
                k = ease_in_out((p - 0.45) / 0.55)
                x, y = arc_point(start, end, k, 80 + 12 * n)
                pa.blit_marble(
                    surface, (x, y), int(size + (last - size) * k), e.colour, stage.patterns
                )

        out.append(
            Animation(
                stage.seconds(0.85 + 0.1 * (intensity - 1)),
                draw,
                ease=linear,
                delay=stage.seconds(0.03) * n,
                hide={("track", e.track, q)},
            )
        )
    count = _("{count} {colour}").format(
        count=len(e.positions), colour=pe.colours_for(e.colour, len(e.positions))
    )
    if e.chain_step == 1:
        at = lay.marble_centre(e.track, max(e.positions))

        def label(surface, p):
            img = kit.text(f"{count}!", 18, (255, 200, 120), True).copy()
            img.set_alpha(int(255 * min(1.0, (1 - p) * 3)))
            half = img.get_width() / 2 + 4
            x = min(max(at[0], lay.disp.x + half), lay.disp.right - half)
            y = max(lay.tracks_rect().y + 10, at[1] - lay.d - 24 * p)
            surface.blit(img, img.get_rect(center=(x, y)))

        out.append(Animation(stage.seconds(0.9), label, ease=linear))
    else:
        colour = CHAIN_COLOURS[min(len(CHAIN_COLOURS) - 1, e.chain_step - 1)]
        out.append(
            stage.banner(
                _("Chain ×{step}! {count}").format(step=e.chain_step, count=count),
                1.0,
                1.0 + 0.18 * (e.chain_step - 1),
                colour,
            )
        )
    del before
    return out


# --- desks ---------------------------------------------------------------------------------------
def pool_index(desk, colour: str, after_insert: bool) -> int:
    """Where a ``colour`` marble is (or will be) in the drawn pool."""
    pool = pool_list(desk)
    if after_insert:
        pool = sorted(pool + [colour], key=COLOURS.index)
        return len(pool) - 1 - pool[::-1].index(colour)
    return pool.index(colour) if colour in pool else 0


def fly(stage: Stage, start, end, colour, sizes, seconds, height, delay=0.0, hide=()) -> list:
    """A marble of ``colour`` flying on an arc ``height`` pixels high from ``start`` to ``end``
    (pixels), growing from ``sizes[0]`` to ``sizes[1]`` pixels, over ``seconds`` after ``delay``
    (both before the speed setting); ``hide``: the pieces in flight."""
    s0, s1 = sizes

    def draw(surface, p):
        x, y = arc_point(start, end, p, height)
        pa.blit_marble(surface, (x, y), int(s0 + (s1 - s0) * p), colour, stage.patterns)

    return [
        Animation(
            stage.seconds(seconds), draw, ease=ease_in_out, delay=stage.seconds(delay), hide=hide
        )
    ]


def move(e, before, stage: Stage) -> list:
    """A marble moved: it flies between the seat's hand and its pool."""
    lay = stage.layout
    desk = before.desks[e.player]
    size = lay.seat_marble_size(e.player)
    if e.dest == "pool":
        start = lay.hand_point(e.player, e.colour)
        end = lay.seat_pool_point(e.player, pool_index(desk, e.colour, True))
        return fly(stage, start, end, e.colour, (size, size), 0.28, 30)
    index = pool_index(desk, e.colour, False)
    start = lay.seat_pool_point(e.player, index)
    return fly(
        stage,
        start,
        lay.hand_point(e.player, e.colour),
        e.colour,
        (size, size),
        0.28,
        30,
        hide={("pool", e.player, index)},
    )


def hole_point(lay: Layout, before, seat: int, slot: int, hole: str, index: int) -> tuple:
    """Centre and size of the ``index``-th ``hole`` of ``seat``'s potion in ``slot``."""
    rect = lay.slot_rect(seat, slot)
    brewing = before.desks[seat].slots[slot]
    if not lay.is_big(seat) or brewing is None:
        return rect.center, max(6, rect.height - 6)
    holes, size = pa.hole_layout(rect.width - 2, rect.height - 3, brewing.tile)
    k = 0
    for x, y, colour in holes:
        if colour == hole:
            if k == index:
                return (rect.x + x, rect.y + y), size
            k += 1
    return rect.center, size


def place(e, before, stage: Stage) -> list:
    """A marble placed: it flies from the hand or the pool into its hole of the potion in
    brewing; nothing when the slot is empty."""
    lay = stage.layout
    brewing = before.desks[e.player].slots[e.slot]
    if brewing is None:
        return []
    index = sum(1 for placed in brewing.placed if placed[0] == e.hole)
    end, size = hole_point(lay, before, e.player, e.slot, e.hole, index)
    marble = lay.seat_marble_size(e.player)
    hide: set[tuple[str, int, int]] = set()
    if e.source == "hand":
        start = lay.hand_point(e.player, e.colour)
    else:
        where = pool_index(before.desks[e.player], e.colour, False)
        start = lay.seat_pool_point(e.player, where)
        hide = {("pool", e.player, where)}
    return fly(stage, start, end, e.colour, (marble, size), 0.3, 40, hide=hide)


def complete(e, before, stage: Stage) -> list:
    """The full potion glows, its marbles pour back into the tank, the tile joins the
    completed potions."""
    lay = stage.layout
    rect = lay.slot_rect(e.player, e.slot)
    brewing = before.desks[e.player].slots[e.slot]

    def glow(surface, p):
        if brewing is not None and lay.is_big(e.player):
            pa.draw_potion(surface, rect, brewing.tile, brewing.placed, stage.patterns)
        elif brewing is not None:
            draw_named_chip(surface, rect, brewing.tile, brewing.placed, stage.patterns)
        aura = pygame.Surface((rect.width + 30, rect.height + 30), pygame.SRCALPHA)
        alpha = int(200 * math.sin(p * math.pi))
        pygame.draw.rect(aura, (255, 230, 130, alpha // 3), aura.get_rect(), border_radius=16)
        pygame.draw.rect(aura, (255, 240, 170, alpha), aura.get_rect(), 4, border_radius=16)
        surface.blit(aura, (rect.x - 15, rect.y - 15))
        star = pa.art.star(max(6, int(rect.width * 0.25 * ease_out_back(min(1, p * 1.5)))))
        surface.blit(star, star.get_rect(center=(rect.centerx, rect.y + 6)))

    out = [Animation(stage.seconds(0.5), glow, ease=linear)]
    tank = lay.tank_point(2)
    if brewing is not None:
        seen: dict[str, int] = {}
        for n, (hole, marble) in enumerate(brewing.placed):
            k = seen.get(hole, 0)
            seen[hole] = k + 1
            start, size = hole_point(lay, before, e.player, e.slot, hole, k)
            out += fly(
                stage,
                start,
                (tank[0] + (n - 3) * 8, tank[1]),
                marble,
                (size, 12),
                0.6,
                120,
                delay=0.5 + 0.04 * n,
            )
    count = len(before.desks[e.player].completed) + 1
    target = lay.seat_completed(e.player, count - 1, count)

    def to_row(surface, p):
        r = pygame.Rect(
            0,
            0,
            int(rect.width + (target.width - rect.width) * p),
            int(rect.height + (target.height - rect.height) * p),
        )
        r.center = lerp_point(rect.center, target.center, p)
        pa.draw_potion(surface, r, e.tile, [], stage.patterns)

    out.append(
        Animation(
            stage.seconds(0.6),
            to_row,
            ease=ease_in_out,
            delay=stage.seconds(0.5),
            hide={("slot", e.player, e.slot)},
        )
    )
    return out


def token(seat: int, kind: str, label: str, stage: Stage) -> list:
    """A skill token (``kind`` "skill") or a Little Help token ("help") flies from the pile to
    ``seat``'s tokens, with ``label`` ("+4 Mastery", "-2 VP") above it."""
    lay = stage.layout
    icon = lay.pile_icon()
    start = icon.center if kind == "skill" else (icon.centerx, lay.stacks.bottom - 12)
    end = lay.token_point(seat)
    size = 26

    def draw(surface, p):
        x, y = arc_point(start, end, p, 70)
        s = int(size * (1 + 0.5 * math.sin(p * math.pi)))
        img = pa.skill_token(s) if kind == "skill" else pa.help_token(s)
        surface.blit(img, img.get_rect(center=(x, y)))
        kit.blit_text(
            surface, label, 15, (x, y - s / 2 - 4), kit.HILITE, True, "midbottom", shadow=True
        )

    return [Animation(stage.seconds(0.6), draw, ease=ease_in_out)]


def drink(e, before, stage: Stage) -> list:
    """The potion flips over (turned, as drunk) and its effect shows on the banner."""
    lay = stage.layout
    count = len(before.desks[e.player].completed)
    rect = lay.seat_completed(e.player, e.index, count)
    tile = TILES[e.tile]
    # the name only: the effect is in the top bar and the log; a long banner hid the stacks
    message = _("{potion}!").format(potion=pe.potion_name(tile.code))

    def draw(surface, p):
        squash = abs(math.cos(min(1.0, p * 2) * math.pi))
        width = max(2, int(rect.width * (squash if p < 0.5 else 1)))
        r = pygame.Rect(0, 0, width, rect.height)
        r.center = rect.center
        pa.draw_potion(
            surface, r, e.tile, [], stage.patterns, back=p > 0.25, glow=math.sin(p * math.pi)
        )

    return [
        Animation(stage.seconds(1.3), draw, ease=linear, hide={("completed", e.player, e.index)}),
        stage.banner(message, 1.3),
    ]


def steal(e, before, stage: Stage) -> list:
    """Blind Love: the opponent's pool marbles fly across the table into the thief's hand."""
    lay = stage.layout
    out = []
    start_size = lay.seat_marble_size(e.opponent)
    end_size = lay.seat_marble_size(e.player)
    for n, colour in enumerate(pool_list(before.desks[e.opponent])):
        start = lay.seat_pool_point(e.opponent, n)
        out += fly(
            stage,
            start,
            lay.hand_point(e.player, colour),
            colour,
            (start_size, end_size),
            0.7,
            90,
            delay=0.08 * n,
            hide={("pool", e.opponent, n)},
        )
    who = stage.names[e.opponent]
    count = len(e.colours)
    words = (
        ngettext(
            "Blind Love: {count} marble from the pool of {name}",
            "Blind Love: {count} marbles from the pool of {name}",
            count,
        ).format(count=count, name=who)
        if count
        else _("Blind Love: the pool of {name} is empty").format(name=who)
    )
    out.append(stage.banner(words, 1.0))
    return out


def return_from_hand(e, stage: Stage) -> list:
    """Marbles returned from a hand: each flies back into the tank."""
    lay = stage.layout
    tank = lay.tank_point(2)
    size = lay.seat_marble_size(e.player)
    out = []
    for n, colour in enumerate(e.colours):
        out += fly(
            stage,
            lay.hand_point(e.player, colour),
            (tank[0] + (n % 5 - 2) * 10, tank[1]),
            colour,
            (size, 12),
            0.5,
            90,
            delay=0.04 * n,
        )
    return out


def return_from_track(e, before, stage: Stage) -> list:
    """The Filter: the chosen marbles rise back into the tank (the rest slides down next)."""
    lay = stage.layout
    out = []
    for n, q in enumerate(e.positions):
        out += fly(
            stage,
            lay.marble_centre(e.track, q),
            lay.tank_point(e.track),
            before.tracks[e.track][q],
            (lay.marble_size(q), 12),
            0.5,
            30,
            delay=0.05 * n,
            hide={("track", e.track, q)},
        )
    return out


# --- tiles ----------------------------------------------------------------------------------------
def tile_drawn(e, stage: Stage) -> list:
    """A potion drawn: the card flies from its stack to the empty brewing slot."""
    lay = stage.layout
    start = lay.stack_card(e.stack)
    end = lay.slot_rect(e.player, e.slot)

    def draw(surface, p):
        pa.draw_potion(surface, card_between(start, end, p, 40), e.tile, [], stage.patterns)

    return [
        Animation(stage.seconds(0.5), draw, ease=ease_in_out, hide={("slot", e.player, e.slot)})
    ]


def card_between(start: pygame.Rect, end: pygame.Rect, progress: float, lift: int) -> pygame.Rect:
    """A potion card flying from ``start`` to ``end`` at ``progress`` (0..1) along an arc
    ``lift`` pixels high: it keeps the card's shape, shrinking or growing to fit ``end``
    (an opponent's slot is a flat chip: the card must not stretch into a capsule)."""
    fit = min(end.width / start.width, end.height / start.height)
    scale = 1 + (fit - 1) * progress
    rect = pygame.Rect(0, 0, max(2, int(start.width * scale)), max(2, int(start.height * scale)))
    rect.center = arc_point(start.center, end.center, progress, lift)
    return rect


def reveal(e, stage: Stage) -> list:
    """A stack's new top card turns over from its back."""
    rect = stage.layout.stack_card(e.stack)

    def draw(surface, p):
        squash = abs(math.cos(p * math.pi))
        r = pygame.Rect(0, 0, max(2, int(rect.width * squash)), rect.height)
        r.center = rect.center
        if p < 0.5:
            surface.blit(
                pygame.transform.smoothscale(pa.card_back(rect.width, rect.height), r.size), r
            )
        else:
            pa.draw_potion(surface, r, e.tile, [], stage.patterns)

    return [Animation(stage.seconds(0.35), draw, ease=linear)]


def drafted(e, before, stage: Stage) -> list:
    """A starter drafted: it flies from the draft's offer to the brewing slot."""
    lay = stage.layout
    cards = lay.offer_cards(len(before.revealed))
    start = cards[before.revealed.index(e.tile)]
    end = lay.slot_rect(e.player, e.slot)

    def draw(surface, p):
        pa.draw_potion(surface, card_between(start, end, p, 50), e.tile, [], stage.patterns)

    return [Animation(stage.seconds(0.5), draw, ease=ease_in_out)]
