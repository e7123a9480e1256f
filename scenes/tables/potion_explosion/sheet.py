"""The Potion Explosion score sheet: a row per player with the points of potions, skill tokens
and Little Help, every completed potion and the total, then the sheet's notes."""

from __future__ import annotations

import pygame

from engine.potion_explosion.data import TILES
from engine.potion_explosion.rules import score_parts
from scenes import kit
from scenes.tables.potion_explosion.layout import tile_row
from sprites import potion_explosion_art as pa
from translation import _


def draw_score_sheet(surface, area: pygame.Rect, state, names, sheet: dict, patterns=False) -> None:
    """The score sheet filling ``area``: one row per player — name (a star for the winners),
    the points of potions, skill tokens and Little Help, every completed potion (drunk ones
    turned over, with a check; its points on its badge; its name under it) and the total —
    then the sheet's notes (the tie-break)."""
    notes = [kit.with_names(note, names) for note in sheet.get("notes", [])][:3]
    rows = state.num_players
    px = kit.px
    body = pygame.Rect(area.x, area.y, area.width, area.height - px(22) * len(notes))
    row_h = max(px(44), min(px(150), (body.height - px(6) * (rows - 1)) // rows))
    name_w = min(px(230), area.width // 5)
    total_w = px(90)
    winners = set(sheet.get("winners", []))
    for seat in range(rows):
        row = pygame.Rect(body.x, body.y + seat * (row_h + px(6)), body.width, row_h)
        kit.draw_panel(
            surface, row, (14, 20, 22, 200), radius=10, border=kit.GOLD if seat in winners else None
        )
        desk = state.desks[seat]
        potions, tokens, helps = score_parts(desk)
        colour = kit.SEAT_COLOURS[seat % len(kit.SEAT_COLOURS)]
        pygame.draw.circle(surface, colour, (row.x + px(14), row.y + px(15)), px(7))
        text, size = kit.fit_label(names[seat], 17, name_w - px(50), bold=True, min_size=11)
        r = kit.blit_text(
            surface,
            text,
            size,
            (row.x + px(26), row.y + px(5)),
            kit.HILITE if seat in winners else kit.INK,
            True,
        )
        if seat in winners:
            star = pa.art.star(px(9))
            surface.blit(star, star.get_rect(midleft=(r.right + px(6), r.centery)))
        lines = [
            _("Potions: {points} VP").format(points=potions),
            _("Skill tokens: {count} (+{points})").format(count=desk.tokens, points=tokens)
            if desk.tokens
            else _("No skill token"),
            _("Little Help: {count} ({points})").format(count=desk.helps, points=helps)
            if desk.helps
            else _("No Little Help"),
        ]
        if row_h < px(74):
            lines = [
                _("Potions {points} VP").format(points=potions),
                _("Tokens +{tokens} · Help {helps}").format(tokens=tokens, helps=helps),
            ]
        step = px(15)
        for i, line in enumerate(lines):
            text, size = kit.fit_label(line, 13, name_w - px(16), min_size=9)
            kit.blit_text(
                surface,
                text,
                size,
                (row.x + px(12), row.y + px(27) + i * step),
                kit.INK if i == 0 else kit.INK_DIM,
            )
        total = kit.blit_text(
            surface,
            str(state.scores()[seat]),
            28,
            (row.right - px(16), row.centery - px(6)),
            kit.HILITE if seat in winners else kit.INK,
            True,
            "midright",
        )
        kit.blit_text(
            surface, _("VP"), 12, (total.centerx, total.bottom), kit.INK_DIM, anchor="midtop"
        )
        strip = pygame.Rect(row.x + name_w, row.y + px(5), row.width - name_w - total_w, 0)
        draw_potion_strip(surface, strip, row.bottom - px(4), desk.completed, patterns)


def draw_potion_strip(surface, strip: pygame.Rect, bottom: int, completed, patterns) -> None:
    """Completed potions in a row from ``strip``'s top down to ``bottom``, each with its name
    under it (on two lines if need be, left out if it cannot be read)."""
    count = len(completed)
    if not count:
        kit.blit_text(
            surface,
            _("No completed potion"),
            13,
            (strip.x, (strip.y + bottom) // 2),
            kit.INK_DIM,
            anchor="midleft",
        )
        return
    label_h = kit.px(26)
    area = pygame.Rect(strip.x, strip.y, strip.width, bottom - strip.y - label_h)
    if bottom - strip.y < kit.px(90) or tile_row(area, 0, count, gap=8).width < kit.px(56):
        # too small to read a tile's name under it: named labels instead
        draw_potion_chips(
            surface, pygame.Rect(strip.x, strip.y, strip.width, bottom - strip.y), completed
        )
        return
    for index, potion in enumerate(completed):
        rect = tile_row(area, index, count, gap=8)
        rect.y = area.y
        pa.draw_potion(surface, rect, potion.tile, [], patterns, back=potion.drunk)
        name = pa.short_name(TILES[potion.tile].type)
        room = rect.width - 2  # names of neighbouring tiles must not run together
        words = kit.wrap(name, 10, room)
        if len(words) > 2 or any(kit.text_size(w, 10)[0] > room for w in words):
            words = [kit.fit_label(name, 10, room, min_size=8)[0]]
        for i, word in enumerate(words):
            kit.blit_text(
                surface,
                word,
                10,
                (rect.centerx, rect.bottom + 1 + i * kit.px(12)),
                kit.INK_DIM,
                anchor="midtop",
            )


def draw_potion_chips(surface, area: pygame.Rect, completed) -> None:
    """Completed potions as small labels in rows (for little room): the potion's colours, its
    points, its name, and a check once drunk."""
    px = kit.px
    rows = max(1, (area.height + px(4)) // px(26))
    size = 12
    chips = []
    for potion in completed:
        tile = TILES[potion.tile]
        name = pa.short_name(tile.type)
        chips.append(
            (
                potion,
                tile,
                name,
                kit.text_size(name, size)[0] + px(42) + (px(14) if potion.drunk else 0),
            )
        )
    x, y, row = area.x, area.y, 0
    for potion, tile, name, width in chips:
        if x + width > area.right and x > area.x:
            row += 1
            x, y = area.x, y + px(26)
        if row >= rows:
            kit.blit_text(surface, "…", 14, (x, y - px(13)), kit.INK_DIM)
            return
        rect = pygame.Rect(x, y, min(width, area.right - x), px(22))
        liquid, tint = pa.TYPE_STYLE[tile.type]
        body = tint if not potion.drunk else tuple(int(c * 0.6) for c in tint)
        pygame.draw.rect(surface, body, rect, border_radius=8)
        pygame.draw.rect(surface, liquid, rect, 1, border_radius=8)
        pygame.draw.circle(surface, kit.GOLD, (rect.x + px(11), rect.centery), px(9))
        kit.blit_text(
            surface, str(tile.vp), 11, (rect.x + px(11), rect.centery), kit.INK_DARK, True, "center"
        )
        kit.blit_text(
            surface, name, size, (rect.x + px(24), rect.centery), kit.INK, anchor="midleft"
        )
        if potion.drunk:
            cx, cy = rect.right - px(11), rect.centery
            pygame.draw.lines(
                surface, kit.INK, False, [(cx - 4, cy), (cx - 1, cy + 3), (cx + 4, cy - 4)], 2
            )
        x += width + px(6)
