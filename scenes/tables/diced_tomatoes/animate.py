"""Diced Tomatoes' events → the steps the table plays (:class:`scenes.table.steps.Step`).

One step per event, or per run of events that move together (the dice drawn for a turn, the
dice of one roll, the first-player roll). Each step's ``after`` is the state before it with its
events applied by the engine (``apply_event``), so the board between two steps is exactly the
position between those events; the animations are drawn from the states captured here, never
from the scene. A piece in flight is hidden from the board (``Animation.hide``: ``("hand",
slot)``, ``("vine", seat, token)``, ``("slot", seat, slot)``, ``("karma", seat)``).

Dice roll on the tray's floor, under its title; every panel's title is drawn over the
animations (:func:`.draw.draw_titles`), so a flying die never hides one.
"""

from __future__ import annotations

import math

import pygame

from engine.diced_tomatoes import state as dt
from scenes import kit
from scenes.table.steps import Stage
from scenes.tables.diced_tomatoes.draw import draw_heart_cell, draw_vine_dice, vine_places
from scenes.tables.diced_tomatoes.words import name_of_seat
from sprites import diced_tomatoes_art as da
from sprites.tween import Animation, arc_point, ease_in_out, ease_out_back, lerp_point, linear
from translation import _, ngettext

GROUPED = (dt.DieDrawn, dt.DieRolled, dt.FirstRollMade)
"""Events that play together when they come in a row (one roll sounds once, one landing per
die)."""
ROLL_SECONDS = 0.9
"""A roll's length at normal speed (its dice land in its second third)."""


def group(events) -> list[list]:
    """The events split into steps: a run of draws or of one roll's dice plays together, and
    a third karma bit becomes a karma at once (one step)."""
    out = []
    i = 0
    while i < len(events):
        j = i + 1
        if isinstance(events[i], GROUPED):
            while j < len(events) and type(events[j]) is type(events[i]):
                j += 1
        elif (
            isinstance(events[i], dt.KarmaBitGained)
            and j < len(events)
            and isinstance(events[j], dt.KarmaBitsTraded)
        ):
            j += 1  # the third bit becomes a karma at once: one step
            if j < len(events) and isinstance(events[j], dt.KarmaGained):
                j += 1
        out.append(list(events[i:j]))
        i = j
    return out


def animate_step(events, before, after, stage: Stage) -> tuple[list, str]:
    """``(animations, caption)`` of one step: ``events`` took ``before`` to ``after``."""
    return animate(events, before, after, stage), caption(events, stage)


def caption(group, stage: Stage) -> str:
    """The top bar's line while a step plays ("" for its first log line)."""
    e = group[0]
    if isinstance(e, dt.DieDrawn):
        count = len(group)
        return ngettext(
            "{name} draws {count} die from the bushel…",
            "{name} draws {count} dice from the bushel…",
            count,
        ).format(name=name_of_seat(stage.names, e.player), count=count)
    if isinstance(e, dt.DieRolled):
        return _("{name} rolls…").format(name=name_of_seat(stage.names, e.player))
    if isinstance(e, dt.FirstRollMade):
        return _("Rolling for the turn order…")
    return ""


def animate(group, before, after, stage: Stage) -> list:
    """The animations of one step (``group`` of events from ``before`` to ``after``)."""
    e = group[0]
    if isinstance(e, dt.DieDrawn):
        return draws(group, after, stage)
    if isinstance(e, dt.DieRolled):
        return rolls(group, before, stage)
    if isinstance(e, dt.FirstRollMade):
        return first_rolls(group, stage)
    if isinstance(e, dt.FirstRollTied):
        names = [name_of_seat(stage.names, p) for p in e.players]
        who = _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])
        return [
            stage.banner(_("Tie at {face}: {names} roll again").format(face=e.face, names=who), 1.2)
        ]
    if isinstance(e, dt.TurnOrderChosen):
        return turn_order(e, stage)
    if isinstance(e, dt.TurnStarted):
        return turn_started(e, before, stage)
    if isinstance(e, dt.DiePlaced):
        return place(e, before, after, stage)
    if isinstance(e, dt.DiePassed):
        return pass_die(e, before, after, stage)
    if isinstance(e, dt.VineCompleted):
        return completed(e, stage)
    if isinstance(e, dt.VineHarvested):
        return harvest(e, before, stage)
    if isinstance(e, dt.VineCleared):
        return clear(e, before, stage)
    if isinstance(e, (dt.KarmaGained, dt.KarmaSpent, dt.KarmaLost)):
        return karma_move(e, before, stage)
    if isinstance(e, dt.KarmaBitGained):
        gained = [k for k in group if isinstance(k, dt.KarmaGained)]
        return karma_move(gained[0], before, stage) if gained else []
    if isinstance(e, dt.DieChanged):
        return change(e, before, stage)
    if isinstance(e, dt.RerollStarted):
        return pick_up(e, before, stage)
    if isinstance(e, dt.SeedFlipped):
        return flip(e, before, stage)
    if isinstance(e, dt.FinalRound):
        words = (
            _("Final round! It ends after your turn")
            if stage.you(e.last_player)
            else _("Final round! It ends after the turn of {name}").format(
                name=name_of_seat(stage.names, e.last_player)
            )
        )
        return [stage.banner(words, 1.6, 1.1)]
    if isinstance(e, dt.GameEnded):
        return [stage.banner(_("Game over"), 1.0)]
    return []


# --- dice in the tray ----------------------------------------------------------------------------
def draws(group, after, stage: Stage) -> list:
    """Each die comes out of the bushel into its place in the tray, not rolled yet."""
    lay = stage.layout
    start = lay.bushel_centre()
    out = []
    for i, e in enumerate(group):
        end = lay.hand_die_of(after.hand, e.die).center

        def draw(surface, p, e=e, end=end):
            x, y = arc_point(start, end, p, 60)
            size = lay.die_big * (0.6 + 0.4 * p)
            da.blit_die_scaled(surface, (x, y), size, e.colour, None, lay.die_big)

        out.append(
            Animation(
                stage.seconds(0.4),
                draw,
                ease=ease_in_out,
                delay=stage.seconds(0.1) * i,
                hide={("hand", e.die)},
            )
        )
    return out


def tumble(
    surface, zone: pygame.Rect, end, size: int, colour: str, face: int, p: float, seed: int
) -> None:
    """A die rolling across the tray's floor (``zone``) to ``end``: it bounces (growing as it
    rises towards the eye, never above the floor's top), spins, and shows random faces until
    it settles on ``face``."""
    start_x = zone.x + size * 0.6 + (seed % 3) * size * 0.3
    x = start_x + (end[0] - start_x) * p
    room = max(0.0, end[1] - size / 2 - zone.y)
    hop = abs(math.sin(p * math.pi * 3)) * (1 - p) ** 1.5
    y = end[1] - room * hop
    shown = face if p > 0.82 else 1 + int(p * 23 + seed * 5) % 6
    angle = (1 - p) ** 1.5 * 540 * (1 if seed % 2 else -1)
    grow = 1 + 0.25 * hop
    img = da.die(int(size * grow), colour, shown)
    if angle:
        img = pygame.transform.rotozoom(img, angle, 1.0)
    rect = img.get_rect(center=(int(x), int(y)))
    rect.clamp_ip(zone.inflate(size // 3, 0))
    surface.blit(img, rect)


def rolls(group, before, stage: Stage) -> list:
    """The dice of one roll tumble across the tray's floor and settle in their places."""
    lay = stage.layout
    zone = lay.dice_zone()
    out = []
    for i, e in enumerate(group):
        end = lay.hand_die_of(before.hand, e.die).center

        def draw(surface, p, e=e, end=end):
            tumble(surface, zone, end, lay.die_big, e.colour, e.face, p, e.die)

        out.append(
            Animation(
                stage.seconds(ROLL_SECONDS),
                draw,
                ease=ease_in_out,
                delay=stage.seconds(0.06) * i,
                hide={("hand", e.die)},
            )
        )
    return out


def first_rolls(group, stage: Stage) -> list:
    """The first-player roll: each roller's die tumbles in the middle of their area."""
    lay = stage.layout
    out = []
    size = min(56, lay.d + 8)
    for i, e in enumerate(group):
        area = lay.areas[e.player]
        zone = pygame.Rect(area.x + 8, area.centery - size, area.width - 16, size * 2)
        end = (area.centerx, area.centery + size // 2)

        def draw(surface, p, e=e, zone=zone, end=end):
            tumble(surface, zone, end, size, "r", e.face, p, e.player)

        out.append(
            Animation(
                stage.seconds(ROLL_SECONDS + 0.5),
                draw,
                ease=ease_in_out,
                delay=stage.seconds(0.06) * i,
            )
        )
    return out


def turn_order(e, stage: Stage) -> list:
    """A banner names who goes first, and a ketchup splatter flies from it to the last
    player's marker (``e`` a :class:`TurnOrderChosen`)."""
    lay = stage.layout
    marker = lay.header_parts(e.last_player)["marker"]
    start = lay.banner_rect().center

    def splat(surface, p):
        x, y = arc_point(start, marker.center, p, 80)
        da.draw_splatter(surface, (x, y), int(marker.height // 3 * (1 + (1 - p))))

    first = (
        _("You go first")
        if stage.you(e.first_player)
        else _("{name} goes first").format(name=name_of_seat(stage.names, e.first_player))
    )
    return [stage.banner(first, 1.3), Animation(stage.seconds(0.8), splat, ease=ease_in_out)]


def turn_started(e, before, stage: Stage) -> list:
    """ "Your turn" (or the seat's name); the dice passed on last turn move into the tray."""
    words = (
        _("Your turn")
        if stage.you(e.player)
        else _("{name} plays").format(name=name_of_seat(stage.names, e.player))
    )
    out = [stage.banner(words, 0.8)]
    lay = stage.layout
    count = len(before.passed)
    for index, colour in enumerate(before.passed):
        start = lay.passed_point(index, count)
        end = lay.hand_die(index).center  # a new hand: slot i lies at place i

        def draw(surface, p, start=start, end=end, colour=colour):
            x, y = lerp_point(start, end, p)
            size = lay.passed_die + (lay.die_big - lay.passed_die) * p
            da.blit_die_scaled(surface, (x, y), size, colour, None, lay.die_big)

        out.append(
            Animation(
                stage.seconds(0.45),
                draw,
                ease=ease_in_out,
                delay=stage.seconds(0.05) * index,
                hide={("hand", index)},
            )
        )
    return out


def change(e, before, stage: Stage) -> list:
    """Karma turns a die in the tray over to its new face."""
    rect = stage.layout.hand_die_of(before.hand, e.die)
    size = stage.layout.die_big

    def draw(surface, p):
        face = e.old if p < 0.5 else e.new
        da.blit_die_squashed(surface, rect.center, size, e.colour, face, abs(math.cos(p * math.pi)))

    return [Animation(stage.seconds(0.35), draw, ease=linear, hide={("hand", e.die)})]


def pick_up(e, before, stage: Stage) -> list:
    """A re-roll: the die is lifted off the tray (the roll that follows tumbles it)."""
    rect = stage.layout.hand_die_of(before.hand, e.die)
    size = stage.layout.die_big

    def draw(surface, p):
        lift = math.sin(p * math.pi) * min(8, rect.y - stage.layout.dice_zone().y)
        da.blit_die(surface, (rect.centerx, rect.centery - lift), size, e.colour, e.old, True)

    return [Animation(stage.seconds(0.25), draw, ease=linear, hide={("hand", e.die)})]


def pass_die(e, before, after, stage: Stage) -> list:
    """A die with no spot slides to the passed zone (solo: set aside); the dice after it
    close up (:func:`close_up`)."""
    lay = stage.layout
    start = lay.hand_die_of(before.hand, e.die).center
    count = len(before.passed) + 1
    end = lay.passed_point(count - 1, count)

    def draw(surface, p):
        x, y = arc_point(start, end, p, 20)
        size = lay.die_big + (lay.passed_die - lay.die_big) * p
        da.blit_die_scaled(
            surface, (x, y), size, e.colour, e.face if p < 0.7 else None, lay.die_big
        )

    return [
        Animation(stage.seconds(0.45), draw, ease=ease_in_out, hide={("hand", e.die)}),
        *close_up(before, after, stage, 0.45),
    ]


def close_up(before, after, stage: Stage, seconds: float) -> list:
    """The dice in hand after one that left it (placed or passed) slide left into its room,
    as it goes, over ``seconds`` at normal speed: the tray keeps the hand together
    (:func:`.layout.hand_place`)."""
    lay = stage.layout
    out = []
    for slot, die in enumerate(after.hand):
        if die is None or slot >= len(before.hand):
            continue
        start = lay.hand_die_of(before.hand, slot).center
        end = lay.hand_die_of(after.hand, slot).center
        if start == end:
            continue

        def draw(surface, p, start=start, end=end, die=die):
            da.blit_die(surface, lerp_point(start, end, p), lay.die_big, die.colour, die.face)

        hide = {("hand", slot)}
        out.append(Animation(stage.seconds(seconds), draw, ease=ease_in_out, hide=hide))
    return out


# --- vines ---------------------------------------------------------------------------------------
def place(e, before, after, stage: Stage) -> list:
    """The die flies from the tray to its place in the vine; the vine's other dice make room
    (a sequence stays in order of value; a set grows its stack); the dice in hand after it
    close up (:func:`close_up`)."""
    lay = stage.layout
    old = before.vines[e.owner][e.token]
    new = after.vines[e.owner][e.token]
    start = lay.hand_die_of(before.hand, e.die).center
    was = dict(vine_places(lay, e.owner, e.token, old))
    now = vine_places(lay, e.owner, e.token, new)
    end = dict(now)[len(new) - 1]

    def draw(surface, p):
        moving = []
        for k, centre in now:
            if k == len(new) - 1:
                continue
            moving.append((k, lerp_point(was.get(k, centre), centre, p)))
        if moving:
            draw_vine_dice(surface, lay, e.owner, e.token, new, moving)
        x, y = arc_point(start, end, p, 40)
        size = lay.die_big + (lay.d - lay.die_big) * p
        da.blit_die_scaled(surface, (x, y), size, e.colour, e.face, lay.die_big)

    return [
        Animation(
            stage.seconds(0.4),
            draw,
            ease=ease_in_out,
            hide={("hand", e.die), ("vine", e.owner, e.token)},
        ),
        *close_up(before, after, stage, 0.4),
    ]


def completed(e, stage: Stage) -> list:
    """The complete vine glows: gold when it is harvested, red when its value is not 1–6."""
    row = stage.layout.vine_row(e.owner, e.token).inflate(12, 10)
    colour = (255, 226, 110) if e.harvested else (236, 90, 80)

    def draw(surface, p):
        alpha = int(220 * math.sin(p * math.pi))
        layer = pygame.Surface(row.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*colour, alpha // 4), layer.get_rect(), border_radius=10)
        pygame.draw.rect(layer, (*colour, alpha), layer.get_rect(), 4, border_radius=10)
        surface.blit(layer, row)

    return [Animation(stage.seconds(0.4), draw, ease=linear)]


def harvest(e, before, stage: Stage) -> list:
    """The seed flies to its score slot (with its star and points on a Dicey match); the other
    dice go back to the bushel."""
    lay = stage.layout
    vine = before.vines[e.owner][e.token]
    places = dict(vine_places(lay, e.owner, e.token, vine))
    slot = lay.slot_rect(e.owner, e.slot - 1)
    seed_start = places[0]
    hide = {("vine", e.owner, e.token), ("slot", e.owner, e.slot - 1)}

    def seed(surface, p):
        size = lay.d + (slot.width - lay.d) * p
        x, y = arc_point(seed_start, slot.center, p, 60)
        da.blit_die_scaled(surface, (x, y), size, "r", e.value, lay.d)

    out = [Animation(stage.seconds(0.65), seed, ease=ease_in_out, hide=hide)]
    target = lay.bushel_centre()
    for k in range(1, len(vine)):
        colour, face = vine[k]
        start = places[k]

        def back(surface, p, start=start, colour=colour, face=face, k=k):
            x, y = arc_point(start, target, p, 50 + 10 * k)
            da.blit_die(surface, (x, y), lay.d, colour, face, angle=200 * p)

        out.append(
            Animation(
                stage.seconds(0.6), back, ease=ease_in_out, delay=stage.seconds(0.06) * k, hide=hide
            )
        )
    if e.star:

        def pop(surface, p):
            star = da.star(max(6, int(slot.width * 0.45 * ease_out_back(p))))
            surface.blit(star, star.get_rect(center=slot.topright))

        out.append(
            Animation(stage.seconds(0.4), pop, ease=linear, delay=stage.seconds(0.65), hide=hide)
        )
    return out


def clear(e, before, stage: Stage) -> list:
    """Each die of the cleared vine tumbles back to the bushel on its own arc (higher for dice
    further along the vine)."""
    lay = stage.layout
    vine = before.vines[e.owner][e.token]
    target = lay.bushel_centre()
    out = []
    for k, start in vine_places(lay, e.owner, e.token, vine):
        colour, face = vine[k]

        def scatter(surface, p, start=start, colour=colour, face=face, k=k):
            x, y = arc_point(start, target, p, 80 + 15 * k)
            da.blit_die(surface, (x, y), lay.d, colour, face, angle=(200 + 90 * k) * p)

        out.append(
            Animation(
                stage.seconds(0.55),
                scatter,
                ease=ease_in_out,
                delay=stage.seconds(0.05) * k,
                hide={("vine", e.owner, e.token)},
            )
        )
    return out


def flip(e, before, stage: Stage) -> list:
    """Karma flips a seed to its opposite face, in its place on the vine."""
    lay = stage.layout
    vine = before.vines[e.owner][e.token]
    places = vine_places(lay, e.owner, e.token, vine)
    centre = dict(places)[0]
    colour = vine[0].colour

    def draw(surface, p):
        rest = [(k, c) for k, c in places if k != 0]
        if rest:
            draw_vine_dice(surface, lay, e.owner, e.token, vine, rest)
        face = e.old if p < 0.5 else e.new
        da.blit_die_squashed(
            surface, centre, lay.d, colour, face, abs(math.cos(p * math.pi)), vertical=True
        )

    return [Animation(stage.seconds(0.45), draw, ease=linear, hide={("vine", e.owner, e.token)})]


# --- karma ---------------------------------------------------------------------------------------
def karma_move(e, before, stage: Stage) -> list:
    """The heart moves along the karma track to the new value, with the change floating up."""
    lay = stage.layout
    seat = e.player
    old = min(before.karma[seat], lay.cap)
    new = min(e.karma, lay.cap)
    start = lay.karma_cell(seat, old)
    end = lay.karma_cell(seat, new)
    change = e.karma - before.karma[seat]
    words = _("{change} karma").format(change=f"{change:+d}") if change else _("karma full")

    def draw(surface, p):
        x, y = arc_point(start.center, end.center, p, 14)
        cell = pygame.Rect(0, 0, end.width, end.height)
        cell.center = (int(x), int(y))
        value = round(old + (new - old) * p)
        draw_heart_cell(surface, cell, value, 1 + 0.3 * math.sin(p * math.pi))
        img = kit.text(words, 14, da.KARMA_INK, True)
        layer = img.copy()
        layer.set_alpha(int(255 * min(1.0, (1 - p) * 3)))
        surface.blit(layer, layer.get_rect(midbottom=(end.centerx, end.y - 2 - 10 * p)))

    return [Animation(stage.seconds(0.45), draw, ease=ease_in_out, hide={("karma", seat)})]
