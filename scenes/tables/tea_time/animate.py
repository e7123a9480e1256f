"""Tea Time's events → the steps the table plays (:class:`scenes.table_base.Step`).

One step per event, except the cancellings of one take (they happen together). Each step's
``after`` is the state before it with its events applied by the engine (``apply_event``), so the
board between two steps is exactly the position between those events. The animations are drawn
from the states captured here, never from the scene:

* a dealt card flies from the deck to its place, turning face up (each card is its own step,
  so the deck flicks card by card and the board fills as they land);
* taken cards lift off the table and arc into the taker's columns (Alice to their header);
* on a round's first turn Alice leaves the first player's header for the empty place;
* cancelling cards come out of the column, meet face to face and vanish in a flash;
* banners say who goes first, the round, "Your turn", the end of a round and of the game.

A card in flight is hidden from the board (``Animation.hide``: ``("cell", row, column)``,
``("column", seat, index)`` while its animation draws the column, ``("alice", seat)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from engine.tea_time import state as tt
from engine.tea_time.state import ALICE_CARD, CHARACTERS, Card, Side
from scenes import kit
from scenes.table_base import Step
from scenes.tables.tea_time import draw
from scenes.tables.tea_time.layout import Layout
from sprites import particles
from sprites import tea_time_art as ta
from sprites.tween import (
    Animation,
    arc_point,
    ease_in_out,
    ease_out_cubic,
    lerp_point,
    linear,
)

DEAL_SECONDS = 0.11
TAKE_SECONDS = 0.6
CANCEL_SECONDS = 1.0


@dataclass
class Stage:
    """What the animations need from the scene: the ``layout``, the seats' ``names``,
    ``seconds`` (a duration at normal speed → as played), ``banner(message, seconds, scale,
    colour) -> Animation``, the engine's ``apply_event``, and ``viewer`` with ``humans`` (seats
    played by people) for "Your turn"."""

    layout: Layout
    names: tuple
    seconds: Callable[[float], float]
    banner: Callable
    apply_event: Callable
    viewer: int = 0
    humans: tuple = ()


def steps(events, before, stage: Stage) -> list:
    """The steps showing ``events``, which took ``before`` to the match's state."""
    out = []
    shown = before
    i = 0
    while i < len(events):
        j = i + 1
        if isinstance(events[i], tt.CardsCancelled):
            while j < len(events) and isinstance(events[j], tt.CardsCancelled):
                j += 1
        group = list(events[i:j])
        after = shown
        for event in group:
            after = stage.apply_event(after, event)
        animations, caption = animate(group, shown, after, stage)
        out.append(Step(tuple(group), animations, after, caption))
        shown = after
        i = j
    return out


def animate(group, before, after, stage: Stage) -> tuple:
    """``(animations, caption)`` of one step (``group`` of events from ``before`` to
    ``after``)."""
    e = group[0]
    names = stage.names
    if isinstance(e, tt.CardDealt):
        placed = before.cards_on_table() + 1
        total = before.rows * before.columns
        who = names[before.first_player] if before.first_player is not None else ""
        return deal(e, stage), f"{who} lays out the cards ({placed} of {total})"
    if isinstance(e, tt.CardsTaken):
        return take(e, before, stage), ""
    if isinstance(e, tt.AlicePlaced):
        return place_alice(e, stage), ""
    if isinstance(e, tt.CardsCancelled):
        return cancel(group, before, after, stage), ""
    if isinstance(e, tt.FirstPlayerChosen):
        return [stage.banner(f"{names[e.player]} goes first and receives Alice", 1.4)], ""
    if isinstance(e, tt.RoundStarted):
        words = f"Round {e.round} of {e.rounds}"
        if e.round == e.rounds and e.rounds > 1:
            words = f"Last round: {e.round} of {e.rounds}"
        return [stage.banner(words, 1.2)], f"{words}: {names[e.first_player]} lays out the cards"
    if isinstance(e, tt.TurnStarted):
        if e.player == stage.viewer and e.player in stage.humans:
            return [stage.banner("Your turn", 0.7)], ""
        return [], ""
    if isinstance(e, tt.RoundEnded):
        words = f"Round {e.round} is over"
        return [stage.banner(words, 1.3)], ""
    if isinstance(e, tt.GameEnded):
        return [stage.banner("Game over", 1.2)], ""
    return [], ""


def _scaled(card: Card, rect: pygame.Rect, base: tuple) -> pygame.Surface:
    """The card drawn at ``base`` size, scaled to ``rect`` (in-between sizes are not cached)."""
    img = ta.card(card.character, str(card.side), *base)
    if img.get_size() == rect.size:
        return img
    return pygame.transform.smoothscale(img, (max(2, rect.width), max(2, rect.height)))


def _between(start: pygame.Rect, end: pygame.Rect, p: float, height: float) -> pygame.Rect:
    """The rect ``p`` of the way from ``start`` to ``end`` along an arc ``height`` high."""
    rect = pygame.Rect(
        0,
        0,
        int(start.width + (end.width - start.width) * p),
        int(start.height + (end.height - start.height) * p),
    )
    rect.center = arc_point(start.center, end.center, p, height)
    return rect


# --- dealing -------------------------------------------------------------------------------
def deal(e, stage: Stage) -> list:
    """The card flies from the deck to its place, turning over half way."""
    lay = stage.layout
    start = lay.info_parts()["deck"]
    end = lay.cell(e.row, e.column)
    card = Card(e.character, Side(e.side))

    def show(surface, p):
        rect = _between(start, end, p, 30)
        squash = abs(1 - 2 * p)  # edge-on half way: the card turns over
        face = pygame.Rect(0, 0, max(2, int(rect.width * squash)), rect.height)
        face.center = rect.center
        if p < 0.5:
            img = pygame.transform.smoothscale(ta.card_back(end.width, end.height), face.size)
        else:
            img = _scaled(card, face, end.size)
        surface.blit(img, face)

    return [
        Animation(
            stage.seconds(DEAL_SECONDS),
            show,
            ease=ease_out_cubic,
            hide={("cell", e.row, e.column)},
        )
    ]


# --- taking ----------------------------------------------------------------------------------
def take(e, before, stage: Stage) -> list:
    """Each card lifts off the table and arcs into the taker's column (Alice to the header);
    a card that will cancel lands in the column like any other, the cancelling shows next."""
    lay = stage.layout
    seat = e.player
    counts = {character: before.collections[seat][character].count for character in CHARACTERS}
    totals = dict(counts)
    for character, _ in e.cards:
        if character in totals:
            totals[character] += 1
    out = []
    for n, ((row, column), (character, side)) in enumerate(zip(e.cells, e.cards, strict=True)):
        start = lay.cell(row, column)
        if character == ALICE_CARD.character:
            card = ALICE_CARD
            end = lay.alice_spot(seat)
        else:
            card = Card(character, Side(side))
            index = CHARACTERS.index(character)
            end = lay.stack_card(seat, index, counts[character], totals[character])
            counts[character] += 1

        def show(surface, p, start=start, end=end, card=card):
            if p < 0.25:
                k = p / 0.25
                rect = start.inflate(int(start.width * 0.1 * k), int(start.height * 0.1 * k))
                rect.y -= int(10 * k)
                pygame.draw.rect(
                    surface,
                    (255, 236, 170),
                    rect.inflate(8, 8),
                    border_radius=max(4, rect.width // 9),
                )
            else:
                k = ease_in_out((p - 0.25) / 0.75)
                lifted = start.inflate(int(start.width * 0.1), int(start.height * 0.1))
                lifted.y -= 10
                rect = _between(lifted, end, k, 70)
            surface.blit(_scaled(card, rect, start.size), rect)

        out.append(
            Animation(
                stage.seconds(TAKE_SECONDS),
                show,
                ease=linear,
                delay=stage.seconds(0.08) * n,
                hide={("cell", row, column)},
            )
        )
    return out


def place_alice(e, stage: Stage) -> list:
    """Alice leaves the first player's header for the place of the card just taken."""
    lay = stage.layout
    start = lay.alice_spot(e.player)
    end = lay.cell(e.row, e.column)

    def show(surface, p):
        rect = _between(start, end, p, 50)
        surface.blit(_scaled(ALICE_CARD, rect, end.size), rect)

    return [
        Animation(
            stage.seconds(0.5),
            show,
            ease=ease_in_out,
            hide={("cell", e.row, e.column), ("alice", e.player)},
        )
    ]


# --- cancelling ------------------------------------------------------------------------------
def cancel(group, before, after, stage: Stage) -> list:
    """In each column, the normal and mirror cards that cancel come out of the stack, meet
    face to face, flash and vanish; what stays is drawn as it will be."""
    lay = stage.layout
    out = []
    for e in group:
        seat, index = e.player, CHARACTERS.index(e.character)
        normal, mirror = before.collections[seat][e.character]
        left = after.collections[seat][e.character]
        total = normal + mirror
        pairs = e.pairs
        leaving = []
        for k in range(pairs):
            leaving.append(
                (
                    lay.stack_card(seat, index, normal - pairs + k, total),
                    lay.stack_card(seat, index, total - pairs + k, total),
                )
            )
        column = lay.column(seat, index)
        meet_y = column.y + lay.column_card_size(seat)[1] // 2 + 4
        size = lay.column_card_size(seat)
        big = (int(size[0] * 1.3), int(size[1] * 1.3))

        def show(
            surface,
            p,
            seat=seat,
            index=index,
            left=left,
            leaving=leaving,
            character=e.character,
            meet_y=meet_y,
            big=big,
            column=column,
            e=e,
        ):
            draw.draw_column(surface, lay, seat, index, left.normal, left.mirror)
            for k, (normal_rect, mirror_rect) in enumerate(leaving):
                centre = (column.centerx, meet_y + k * 6)
                apart = big[0] * 0.62
                if p < 0.35:  # out of the stack, side by side
                    q = ease_in_out(p / 0.35)
                    pairs_at = [
                        (normal_rect, (centre[0] - apart, centre[1])),
                        (mirror_rect, (centre[0] + apart, centre[1])),
                    ]
                    for rect, goal in pairs_at:
                        r = pygame.Rect(
                            0,
                            0,
                            int(rect.width + (big[0] - rect.width) * q),
                            int(rect.height + (big[1] - rect.height) * q),
                        )
                        r.center = lerp_point(rect.center, goal, q)
                        _blit_pair_card(surface, character, rect is mirror_rect, r, big)
                elif p < 0.55:  # they rush together
                    q = (p - 0.35) / 0.2
                    q = q * q
                    for sign, mirrored in ((-1, False), (1, True)):
                        r = pygame.Rect(0, 0, *big)
                        r.center = (centre[0] + sign * apart * (1 - q) * 0.9, centre[1])
                        _blit_pair_card(surface, character, mirrored, r, big)
                else:  # a flash, and they are gone
                    q = (p - 0.55) / 0.45
                    shrink = max(0.0, 1 - q * 1.6)
                    if shrink > 0:
                        for sign, mirrored in ((-1, False), (1, True)):
                            r = pygame.Rect(
                                0,
                                0,
                                max(2, int(big[0] * shrink)),
                                max(2, int(big[1] * shrink)),
                            )
                            r.center = (
                                centre[0] + sign * big[0] * 0.08 * shrink,
                                centre[1],
                            )
                            _blit_pair_card(surface, character, mirrored, r, big)
                    particles.flash(surface, centre, q, big[0] * 0.6, 1.2)
                    particles.burst(
                        surface,
                        centre,
                        q,
                        ta.CHARACTER_COLOURS[character],
                        big[0] * 0.7,
                        seed=seat * 31 + index * 7 + k,
                    )
            if p > 0.45:
                alpha = int(255 * min(1.0, (p - 0.45) * 4, (1 - p) * 5))
                words = "cancelled!" if e.pairs == 1 else f"{e.pairs} pairs cancel!"
                img = kit.text(words, 15, draw.LOSS, True).copy()
                img.set_alpha(alpha)
                y = column.y - 4 - 14 * (p - 0.45)
                surface.blit(img, img.get_rect(midbottom=(column.centerx, int(y))))

        out.append(
            Animation(
                stage.seconds(CANCEL_SECONDS),
                show,
                ease=linear,
                hide={("column", seat, index)},
            )
        )
    return out


def _blit_pair_card(
    surface, character: str, mirrored: bool, rect: pygame.Rect, base: tuple
) -> None:
    card = Card(character, Side.MIRROR if mirrored else Side.NORMAL)
    surface.blit(_scaled(card, rect, base), rect)
