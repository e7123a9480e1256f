"""Under the Off the Rails score sheet: what each player gathered (solo: the jewels each edge
received), and each seat's colour on the sheet."""

from __future__ import annotations

import pygame

from engine.off_the_rails import board as B
from engine.off_the_rails.data import GEMS, JEWEL_EDGE, mission_name
from scenes import kit
from scenes.tables.off_the_rails.draw import EDGE_WORDS, JEWEL_NAMES, clan_of
from sprites import off_the_rails_art as oa
from translation import _


def seat_colour(state, seat: int) -> tuple:
    """Seat ``seat``'s colour on the score sheet: its clan's (gold in solo)."""
    return kit.GOLD if state.solo else oa.clan(clan_of(state, seat))


def draw_summary(surface, rect, state, names, patterns: bool = False) -> None:
    """Under the score sheet: each player's stockpile as gems with their counts and points
    (rock 0, ruby 1, emerald 2, gold 3, diamond 4) and the missions taken; in solo, the jewels
    delivered to each edge (own edges framed). Rows shrink to fit ``rect``."""
    if state.solo:
        draw_solo_summary(surface, rect, state)
        return
    rows = state.num_players
    row_h = max(22, min(40, rect.height // max(1, rows)))
    gem = max(14, min(24, row_h - 12))
    slot_w = gem + kit.text_size("×12", 15, True)[0] + 14
    name_w = 190
    lists = [_(", ").join(mission_name(m) for m in state.taken[seat]) for seat in range(rows)]
    wanted = max((kit.text_size(words, 14)[0] + 14 for words in lists if words), default=0)
    missions_w = max(0, min(wanted, 330, rect.width - name_w - 5 * slot_w - 20))
    width = name_w + 5 * slot_w + missions_w
    x0 = rect.centerx - width // 2
    for seat in range(rows):
        y = rect.y + seat * row_h
        if y + row_h > rect.bottom + 4:
            break
        middle = y + row_h // 2
        colour = clan_of(state, seat)
        if colour:
            oa.emblem(surface, colour, (x0 + 10, middle), 10)
        name = names[seat] if seat < len(names) else _("Player {number}").format(number=seat + 1)
        words, size = kit.fit_label(name, 16, name_w - 34, bold=True)
        kit.blit_text(surface, words, size, (x0 + 26, middle), kit.INK, True, "midleft")
        stock = state.stockpiles[seat]
        for kind in range(5):
            x = x0 + name_w + kind * slot_w
            img = oa.gem(GEMS[kind], gem)
            if not stock[kind]:
                img = img.copy()
                img.set_alpha(70)
            surface.blit(img, img.get_rect(midleft=(x, middle)))
            kit.blit_text(
                surface,
                f"×{stock[kind]}",
                15,
                (x + gem + 3, middle),
                kit.INK if stock[kind] else kit.INK_DIM,
                bool(stock[kind]),
                "midleft",
            )
        if lists[seat] and missions_w > 60:
            words, size = kit.fit_label(lists[seat], 14, missions_w - 10)
            kit.blit_text(
                surface,
                words,
                size,
                (x0 + name_w + 5 * slot_w + 10, middle),
                kit.HILITE,
                anchor="midleft",
            )


def draw_solo_summary(surface, rect, state) -> None:
    """Solo: the jewels delivered by each edge, a row per edge, the own jewel framed."""
    row_h = max(20, min(34, rect.height // 5))
    gem = max(14, min(22, row_h - 10))
    col_w = 80
    width = 130 + 4 * col_w
    x0 = rect.centerx - width // 2
    for j, name in enumerate(JEWEL_NAMES):
        img = oa.gem(name, gem)
        surface.blit(
            img, img.get_rect(center=(x0 + 130 + j * col_w + col_w // 2, rect.y + row_h // 2))
        )
    for e, edge in enumerate(B.EDGES):
        y = rect.y + (e + 1) * row_h
        if y + row_h > rect.bottom + 4:
            break
        middle = y + row_h // 2
        colour = B.EDGE_COLOUR[edge]
        oa.emblem(surface, colour, (x0 + 10, middle), 9)
        words, size = kit.fit_label(_(EDGE_WORDS[edge]), 15, 96)
        kit.blit_text(surface, words, size, (x0 + 26, middle), kit.INK_DIM, anchor="midleft")
        got = state.delivered.get(edge, (0,) * 5)
        for j, name in enumerate(JEWEL_NAMES):
            cell = pygame.Rect(x0 + 130 + j * col_w + 10, y + 2, col_w - 20, row_h - 4)
            kind = GEMS.index(name)
            if JEWEL_EDGE[kind] == edge:
                pygame.draw.rect(surface, oa.clan(colour), cell, 2, border_radius=5)
            kit.blit_text(
                surface,
                str(got[kind]),
                16,
                cell.center,
                kit.INK if got[kind] else kit.INK_DIM,
                got[kind] > 0,
                "center",
            )
