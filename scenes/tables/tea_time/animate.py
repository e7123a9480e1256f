"""Tea Time's events → the steps the table plays (:class:`scenes.table.steps.Step`).

One step per event (the cancellings of one take show column by column). Each step's
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

import functools

import pygame

import translation
from engine.tea_time import state as tt
from engine.tea_time.state import ALICE_CARD, CHARACTERS, Card, Side
from scenes import kit
from scenes.table.steps import Stage
from scenes.tables.tea_time import draw
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
from translation import _, ngettext

DEAL_SECONDS = 0.11
TAKE_SECONDS = 0.6
CANCEL_SECONDS = 1.0


def animate(group, before, after, stage: Stage) -> tuple:
    """``(animations, caption)`` of one step (``group`` of events from ``before`` to
    ``after``)."""
    e = group[0]
    names = stage.names
    if isinstance(e, tt.CardDealt):
        placed = before.cards_on_table() + 1
        total = before.rows * before.columns
        who = names[before.first_player] if before.first_player is not None else ""
        caption = _("{name} lays out the cards ({placed} of {total})").format(
            name=who, placed=placed, total=total
        )
        return deal(e, stage), caption
    if isinstance(e, tt.CardsTaken):
        return take(e, before, stage), ""
    if isinstance(e, tt.AlicePlaced):
        return place_alice(e, stage), ""
    if isinstance(e, tt.CardsCancelled):
        return cancel(e, before, after, stage), ""
    if isinstance(e, tt.FirstPlayerChosen):
        words = _("{name} goes first and receives Alice").format(name=names[e.player])
        return [stage.banner(words, 1.4)], ""
    if isinstance(e, tt.RoundStarted):
        words = _("Round {round} of {rounds}").format(round=e.round, rounds=e.rounds)
        if e.round == e.rounds and e.rounds > 1:
            words = _("Last round: {round} of {rounds}").format(round=e.round, rounds=e.rounds)
        caption = _("{round}: {name} lays out the cards").format(
            round=words, name=names[e.first_player]
        )
        return [stage.banner(words, 1.2)], caption
    if isinstance(e, tt.TurnStarted):
        if e.player == stage.viewer and e.player in stage.humans:
            return [stage.banner(_("Your turn"), 0.7)], ""
        return [], ""
    if isinstance(e, tt.RoundEnded):
        words = _("Round {round} is over").format(round=e.round)
        return [stage.banner(words, 1.3)], ""
    if isinstance(e, tt.GameEnded):
        return [stage.banner(_("Game over"), 1.2)], ""
    return [], ""


def _scaled(card: Card, rect: pygame.Rect, base: tuple, named: bool = True) -> pygame.Surface:
    """The card drawn at ``base`` size, with its name on its plate when ``named`` (as the
    table shows it), scaled to ``rect`` (in-between sizes are not cached): a flying card keeps
    its name, shrinking or growing with it."""
    if named:
        img = _named_card(card, tuple(base), translation.current_language(), kit.ui_scale())
    else:
        img = ta.card(card.character, str(card.side), *base)
    if img.get_size() == rect.size:
        return img
    return pygame.transform.smoothscale(img, (max(2, rect.width), max(2, rect.height)))


@functools.lru_cache(maxsize=32)
def _named_card(card: Card, size: tuple, language: str, scale: float) -> pygame.Surface:
    """``card`` at ``size`` with its name, as :func:`.draw.draw_card` draws it on the table
    (``language`` and ``scale`` key the cache: the name's words and size follow them)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    draw.draw_card(img, img.get_rect(), card)
    return img


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
    """Each card lifts off the table and arcs into the taker's column (Alice to the header),
    to the place the column will draw it (normal cards above mirror ones, as
    :func:`.draw.draw_column` stacks them); a card that will cancel lands like any other, the
    cancelling shows next."""
    lay = stage.layout
    seat = e.player
    held = {character: list(before.collections[seat][character]) for character in CHARACTERS}
    taken = {(character, side): 0 for character in CHARACTERS for side in Side}
    for character, side in e.cards:
        if character in held:
            taken[(character, Side(side))] += 1
    placed = dict.fromkeys(taken, 0)
    out = []
    for n, ((row, column), (character, side)) in enumerate(zip(e.cells, e.cards, strict=True)):
        start = lay.cell(row, column)
        if character == ALICE_CARD.character:
            card = ALICE_CARD
            end = lay.alice_spot(seat)
        else:
            face = Side(side)
            card = Card(character, face)
            normal, mirror = held[character]
            normals = normal + taken[(character, Side.NORMAL)]
            total = normals + mirror + taken[(character, Side.MIRROR)]
            if face == Side.NORMAL:
                position = normal + placed[(character, Side.NORMAL)]
            else:
                position = normals + mirror + placed[(character, Side.MIRROR)]
            placed[(character, face)] += 1
            end = lay.stack_card(seat, CHARACTERS.index(character), position, total)

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
def cancel(e, before, after, stage: Stage) -> list:
    """The normal and mirror cards that cancel come out of the column side by side, rush
    together, flash and vanish; the cards that stay are drawn as they will be."""
    lay = stage.layout
    seat, index = e.player, CHARACTERS.index(e.character)
    normal, mirror = before.collections[seat][e.character]
    left = after.collections[seat][e.character]
    total = normal + mirror
    leaving = [
        (
            lay.stack_card(seat, index, normal - e.pairs + k, total),
            lay.stack_card(seat, index, total - e.pairs + k, total),
        )
        for k in range(e.pairs)
    ]
    width, height = lay.column_card_size(seat)
    big = (int(width * 1.2), int(height * 1.2))
    apart = width * 0.6
    if e.pairs == 1:
        words = _("Cancelled!")
    else:
        words = ngettext("{count} pair cancels!", "{count} pairs cancel!", e.pairs).format(
            count=e.pairs
        )

    def card_at(surface, mirrored: bool, centre, scale: float = 1.0) -> None:
        rect = pygame.Rect(0, 0, max(2, int(big[0] * scale)), max(2, int(big[1] * scale)))
        rect.center = (int(centre[0]), int(centre[1]))
        side = Side.MIRROR if mirrored else Side.NORMAL
        surface.blit(_scaled(Card(e.character, side), rect, big, named=False), rect)

    area = lay.panels[seat].copy()
    area.top = lay.header(seat).bottom + 2
    area.height = lay.panels[seat].bottom - area.top
    points = after.total_points(seat)

    def show(surface, p):
        # the column shows the cards that stay, so the header's total is theirs too
        draw.draw_score(surface, lay, seat, points)
        draw.draw_column(surface, lay, seat, index, left.normal, left.mirror)
        for k, (normal_rect, mirror_rect) in enumerate(leaving):
            meet = lerp_point(normal_rect.center, mirror_rect.center, 0.5)
            meet = (meet[0], meet[1] + k * 6)
            if p < 0.3:  # out of the column, side by side, growing
                q = ease_in_out(p / 0.3)
                for rect, sign in ((normal_rect, -1), (mirror_rect, 1)):
                    goal = (meet[0] + sign * apart, meet[1])
                    scale = (rect.width + (big[0] - rect.width) * q) / big[0]
                    card_at(surface, sign > 0, lerp_point(rect.center, goal, q), scale)
            elif p < 0.5:  # they rush together
                q = ((p - 0.3) / 0.2) ** 2
                for sign in (-1, 1):
                    card_at(surface, sign > 0, (meet[0] + sign * apart * (1 - q * 0.9), meet[1]))
            else:  # a flash, and they are gone
                q = (p - 0.5) / 0.5
                shrink = max(0.0, 1 - q * 2)
                if shrink > 0:
                    for sign in (-1, 1):
                        card_at(
                            surface,
                            sign > 0,
                            (meet[0] + sign * apart * 0.1 * shrink, meet[1]),
                            shrink,
                        )
                particles.flash(surface, meet, q, width * 0.7, 1.2)
                particles.burst(
                    surface,
                    meet,
                    q,
                    ta.CHARACTER_COLOURS[e.character],
                    width * 0.8,
                    seed=seat * 31 + index * 7 + k,
                )
        if p > 0.5:
            first = lerp_point(leaving[0][0].center, leaving[0][1].center, 0.5)
            alpha = int(255 * min(1.0, (p - 0.5) * 5, (1 - p) * 5))
            img = kit.text(words, 15, draw.LOSS, True).copy()
            img.set_alpha(alpha)
            place = img.get_rect(
                midbottom=(int(first[0]), int(first[1] - height * 0.6 - 20 * (p - 0.5)))
            )
            surface.blit(img, place.clamp(area))  # in the collection, never over the header

    return [
        Animation(
            stage.seconds(CANCEL_SECONDS),
            show,
            ease=linear,
            hide={("column", seat, index), ("score", seat)},
        )
    ]
