"""Particles: bursts of sparks and a flash, drawn as pure functions of their progress.

A burst is described by its seed; every spark's angle, speed and size come from a
``random.Random(seed)`` of its own (never the global generator), so the same burst draws the same
at the same progress — tests and screenshots repeat, and skipping to the end draws nothing.
``intensity`` (1 = a plain explosion) makes it bigger, brighter and longer-lived: chain
reactions build up.
"""

from __future__ import annotations

import functools
import math
import random

import pygame


@functools.lru_cache(maxsize=256)
def _sparks(seed: int, count: int) -> tuple:
    """``((angle, speed, size, hot), ...)`` of a burst's sparks (cached per seed)."""
    rng = random.Random(seed)
    return tuple(
        (
            rng.uniform(0, 2 * math.pi),
            rng.uniform(0.45, 1.0),
            rng.uniform(0.5, 1.0),
            rng.random() < 0.4,
        )
        for _ in range(count)
    )


def _lighter(colour, amount: float) -> tuple:
    return tuple(int(c + (255 - c) * amount) for c in colour[:3])


def burst(
    surface,
    centre,
    progress: float,
    colour,
    radius: float,
    seed: int,
    intensity: float = 1.0,
    count: int = 20,
) -> None:
    """Sparks flying out of ``centre`` at ``progress`` 0..1, falling a little and fading.
    ``radius`` is the burst's size at intensity 1 (pixels); ``colour`` the marble's colour."""
    if progress <= 0 or progress >= 1:
        return
    x, y = centre
    reach = radius * (1.6 + 0.9 * (intensity - 1))
    fade = 1 - progress
    for angle, speed, size, hot in _sparks(seed, int(count * (0.8 + 0.4 * intensity))):
        dist = reach * speed * (1 - (1 - progress) ** 2)
        px = x + math.cos(angle) * dist
        py = y + math.sin(angle) * dist + radius * 0.8 * progress * progress
        r = max(1, int(radius * 0.28 * size * fade * (0.8 + 0.3 * intensity)))
        tint = _lighter(colour, 0.75) if hot else _lighter(colour, 0.2)
        pygame.draw.circle(surface, tint, (int(px), int(py)), r)
        if hot and r > 1:  # a bright core on the hottest sparks
            pygame.draw.circle(surface, (255, 252, 235), (int(px), int(py)), max(1, r // 2))


def flash(surface, centre, progress: float, radius: float, intensity: float = 1.0) -> None:
    """A white-hot flash that swells and fades: a disc and a shock ring."""
    if progress <= 0 or progress >= 1:
        return
    grow = radius * (0.6 + 1.8 * progress) * (0.9 + 0.25 * intensity)
    alpha = int(min(255, 240 * (1 - progress) * (0.8 + 0.2 * intensity)))
    core = max(2, int(radius * (1.3 - progress) * (0.9 + 0.2 * intensity)))
    size = int(max(grow, core) * 2 + 8)
    layer = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    for i in range(4):  # a hot core, brightest in the middle
        pygame.draw.circle(
            layer,
            (255, 184 + 20 * i, 80 + 40 * i, alpha * (i + 1) // 5),
            (c, c),
            max(1, core * (5 - i) // 5),
        )
    pygame.draw.circle(
        layer,
        (255, 250, 230, alpha),
        (c, c),
        max(2, int(grow)),
        max(2, int(radius * 0.3 * (1 - progress) + 1)),
    )
    surface.blit(layer, (int(centre[0]) - c, int(centre[1]) - c))
