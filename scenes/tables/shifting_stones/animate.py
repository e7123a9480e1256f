"""Shifting Stones' events → the steps the table plays (:class:`scenes.table.steps.Step`).

One step per event; each step's ``after`` is the engine's ``apply_event`` over it, so the board
between two steps is exactly the position between those events. The animations:

* a swap: the two stones slide past each other, one bowing to each side of the line between;
* a flip: the stone lifts and turns over (squashed edge-on half way, then its other face);
* a scored card flies from the hand (another player's row) to the end of the scored strip,
  or onto the stack of its value;
* a paid card flies face up to the discard pile; a drawn card flies face down from the deck;
* banners: who goes first, "Your turn", the last round, a solo strike, the end.

A card drawn shows only its back, whoever draws it: an animation never shows more than the
seat in front of the screen may see. Pieces in flight are hidden from the board
(``("stone", square)``, ``("hand", card)``, ``("scored", seat, index)``, ``("discard",)``).
"""

from __future__ import annotations

import math

import pygame

from engine.shifting_stones import state as ss
from engine.shifting_stones.state import HIDDEN
from scenes.table.steps import Stage
from scenes.tables.shifting_stones import draw
from scenes.tables.shifting_stones.layout import Layout
from sprites import shifting_stones_art as art
from sprites.tween import Animation, arc_point, ease_in_out, ease_out_cubic
from translation import _

SLIDE_SECONDS = 0.45
FLIP_SECONDS = 0.5
FLY_SECONDS = 0.55
DRAW_SECONDS = 0.18


def animate(group, before, after, stage: Stage) -> tuple:
    """``(animations, caption)`` of one step (``group`` of events from ``before`` to
    ``after``)."""
    e = group[0]
    lay: Layout = stage.layout
    names = stage.names
    if isinstance(e, ss.StonesShifted):
        return slide(e, lay, stage), ""
    if isinstance(e, ss.StoneFlipped):
        return flip(e, lay, stage), ""
    if isinstance(e, ss.CardScored):
        return score(e, before, lay, stage), ""
    if isinstance(e, ss.CardPaid):
        return pay(e, before, lay, stage), ""
    if isinstance(e, ss.CardDrawn):
        return drawn(e, before, lay, stage), ""
    if isinstance(e, ss.FirstPlayerChosen):
        words = _("{name} goes first").format(name=names[e.player])
        return [stage.banner(words, 1.2)], ""
    if isinstance(e, ss.TurnStarted):
        if stage.you(e.player):
            return [stage.banner(_("Your turn"), 0.7)], ""
        return [], ""
    if isinstance(e, ss.LastRound):
        words = draw.last_round_words(names[e.player], e.count, e.target)
        return [stage.banner(words, 1.6)], ""
    if isinstance(e, ss.StrikeGiven):
        words = _("Strike {count} of 4").format(count=e.strikes)
        return [stage.banner(words, 1.2, colour=(220, 110, 90))], ""
    if isinstance(e, (ss.GameEnded, ss.SoloGameEnded)):
        return [stage.banner(_("Game over"), 1.2)], ""
    return [], ""


# --- stones ------------------------------------------------------------------------------
def slide(e, lay: Layout, stage: Stage) -> list:
    """The two stones slide past each other: each travels to the other's square, bowing out
    to opposite sides of the line between them so they never cover each other."""
    start, end = lay.stone(e.first), lay.stone(e.second)
    size = start.width
    bow = size * 0.35

    def show(surface, p):
        for face, a, b, side in ((e.second_face, end, start, -1), (e.first_face, start, end, 1)):
            x, y = arc_point(a.center, b.center, p, 0)
            dx, dy = b.centerx - a.centerx, b.centery - a.centery
            length = math.hypot(dx, dy) or 1.0
            lift = math.sin(math.pi * p) * bow * side
            centre = (x - dy / length * lift, y + dx / length * lift)
            img = art.stone(face, size)
            grow = 1.0 + 0.08 * math.sin(math.pi * p) * (1 if side > 0 else 0)
            if grow != 1.0:
                img = pygame.transform.smoothscale(img, (int(size * grow), int(size * grow)))
            surface.blit(img, img.get_rect(center=(int(centre[0]), int(centre[1]))))

    hide = {("stone", e.first), ("stone", e.second)}
    return [Animation(stage.seconds(SLIDE_SECONDS), show, ease=ease_in_out, hide=hide)]


def flip(e, lay: Layout, stage: Stage) -> list:
    """The stone lifts and turns over: its old face narrows to its edge, the new one widens."""
    rect = lay.stone(e.square)
    size = rect.width

    def show(surface, p):
        squash = abs(1 - 2 * p)
        face = e.was if p < 0.5 else e.face
        lift = int(math.sin(math.pi * p) * size * 0.12)
        width = max(2, int(size * squash))
        img = art.stone(face, size) if width > 4 else art.stone_blank(size)
        img = pygame.transform.smoothscale(img, (width, size))
        at = img.get_rect(center=(rect.centerx, rect.centery - lift))
        shadow = pygame.Rect(0, 0, width, size // 8)
        shadow.midtop = (rect.centerx, rect.bottom - size // 10)
        pygame.draw.ellipse(surface, (16, 20, 22), shadow)
        surface.blit(img, at)

    return [
        Animation(stage.seconds(FLIP_SECONDS), show, ease=ease_in_out, hide={("stone", e.square)})
    ]


# --- cards -------------------------------------------------------------------------------
def _fly(card: int, start: pygame.Rect, end: pygame.Rect, seconds: float, hide, height: float = 40):
    """A card (face up, or its back for :data:`HIDDEN`) flying from ``start`` to ``end`` along
    an arc, shrinking or growing to ``end``'s size."""

    def show(surface, p):
        w = int(start.width + (end.width - start.width) * p)
        h = int(start.height + (end.height - start.height) * p)
        rect = pygame.Rect(0, 0, max(4, w), max(6, h))
        rect.center = tuple(int(v) for v in arc_point(start.center, end.center, p, height))
        draw.draw_card(surface, rect, card)

    return Animation(seconds, show, ease=ease_out_cubic, hide=hide)


def _from(seat: int, card: int, state, lay: Layout, stage: Stage) -> tuple[pygame.Rect, int]:
    """Where ``seat``'s card leaves from, and the card as the viewer may see it: the viewer's
    hand card itself, else the hand badge of ``seat``'s row."""
    if seat == stage.viewer:
        hand = state.hands[seat]
        if card in hand:
            return lay.hand_card(hand.index(card), len(hand)), card
    badge = lay.hand_badge(seat)
    return pygame.Rect(badge.x, badge.y, lay.mini_w, lay.mini_h), HIDDEN


def score(e, before, lay: Layout, stage: Stage) -> list:
    """The scored card flies to the end of its player's scored strip, or onto the stack of its
    value (face up: scoring shows it to everyone)."""
    start, _shown = _from(e.player, e.card, before, lay, stage)
    index = len(before.scored[e.player])
    points = draw.scored_points([*before.scored[e.player], e.card])
    most = max(len(cards) for cards in before.scored)
    spots = lay.scored_spots(e.player, points, most)
    end = next(spot for spot in spots if index in spot.indices).rect
    hide = {("hand", e.card), ("scored", e.player, index)}
    seconds = stage.seconds(FLY_SECONDS)
    return [
        _fly(e.card, start, end, seconds, hide, 60),
        *_close_gap(e, before, lay, stage, seconds),
    ]


def pay(e, before, lay: Layout, stage: Stage) -> list:
    """The paid card flies face up onto the discard pile."""
    start, _shown = _from(e.player, e.card, before, lay, stage)
    hide = {("hand", e.card), ("discard",)}
    seconds = stage.seconds(FLY_SECONDS * 0.8)
    return [
        _fly(e.card, start, lay.discard(), seconds, hide, 30),
        *_close_gap(e, before, lay, stage, seconds),
    ]


def _close_gap(e, before, lay: Layout, stage: Stage, seconds: float) -> list:
    """The viewer's cards right of one leaving the hand slide left into its place while it
    flies (they jumped there when it landed, and a framed card seemed to change)."""
    hand = before.hands[e.player]
    if e.player != stage.viewer or e.card not in hand:
        return []
    gone, count = hand.index(e.card), len(hand)
    moves = []
    for index in range(gone + 1, count):
        card = hand[index]
        start, end = lay.hand_card(index, count), lay.hand_card(index - 1, count - 1)

        def show(surface, p, card=card, start=start, end=end):
            x = start.x + (end.x - start.x) * p
            draw.draw_card(surface, pygame.Rect(int(x), end.y, end.width, end.height), card)

        moves.append(Animation(seconds, show, ease=ease_in_out, hide={("hand", card)}))
    return moves


def drawn(e, before, lay: Layout, stage: Stage) -> list:
    """A drawn card flies face down from the deck to its player's hand."""
    if e.player == stage.viewer:
        hand = before.hands[e.player]
        end = lay.hand_card(len(hand), len(hand) + 1)
    else:
        end = lay.hand_badge(e.player)
        end = pygame.Rect(end.x, end.y, lay.mini_w, lay.mini_h)
    return [_fly(HIDDEN, lay.deck(), end, stage.seconds(DRAW_SECONDS), set(), 20)]
