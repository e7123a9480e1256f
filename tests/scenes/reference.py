"""Reference images of the tables: key moments of each game drawn at two window sizes.

``python -m tests.scenes.reference [GAME ...]`` draws them again (every game's, or only those
named) into ``tests/scenes/reference/`` (after a change of layout or drawing that is meant);
:mod:`tests.scenes.test_reference_images` compares each frame with its image. The images are
kept at half size: a moved panel, a lost label or a colour gone wrong still shows, and the files
stay small.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame

from engine import registry
from engine.match import Match, Seat
from scenes.routes import open_match
from scenes.tables import TABLES
from scenes.title import TitleScene
from tests.scenes.driver import close_apps, frames, make_app, wait_for_human

FOLDER = Path(__file__).with_name("reference")
SIZES = ((1280, 800), (1024, 640))
MOMENTS = {"start": 0, "later": 12}
"""Each moment: how many steps the person has taken (random legal ones, seeded)."""


def cases() -> list[tuple[str, tuple[int, int], str]]:
    """Every ``(game, size, moment)`` drawn."""
    games = [spec.id for spec in registry.games() if spec.id in TABLES]
    return [(game, size, moment) for game in games for size in SIZES for moment in MOMENTS]


def file_for(game: str, size: tuple[int, int], moment: str) -> Path:
    return FOLDER / f"{game}-{size[0]}x{size[1]}-{moment}.png"


def draw_case(game: str, size: tuple[int, int], moment: str) -> pygame.Surface:
    """The window at ``moment`` of a seeded game of ``game`` (a person and a Medium bot), at
    rest: no pointer over the board, the pulses at their middle, no message. Half size."""
    spec = registry.get(game)
    app = make_app(size=size)
    try:
        app.manager.push(TitleScene(app))
        seats = [Seat("human", "Ana")] + [
            Seat("bot", f"Bot {n}", "medium") for n in range(1, max(2, spec.min_players))
        ]
        table = open_match(app, Match(spec, seats, seed=7))
        rng = random.Random(11)
        wait_for_human(app, table)
        for _step in range(MOMENTS[moment]):
            legal = table.legal()
            if table.match.is_terminal() or not legal:
                break
            table.act(rng.choice(legal))
            wait_for_human(app, table)
        far = pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0))
        frames(app, 1, events=[far], draw=False)
        table.clear_message()
        app._toasts.clear()  # "kept in Load game" depends on the tests run before
        table.time = 0.0  # every glow at the same point of its pulse
        app.draw()
        return pygame.transform.smoothscale(app.screen, (size[0] // 2, size[1] // 2))
    finally:
        close_apps()


def difference(image: pygame.Surface, reference: pygame.Surface) -> tuple[float, float]:
    """``(mean, share)``: the mean difference of the channels (0–255) and the share of
    pixels that differ by more than 48 in some channel (worked out by pygame in C)."""
    if image.get_size() != reference.get_size():
        return 255.0, 1.0
    a = image.convert(24) if image.get_bitsize() != 24 else image
    b = reference.convert(24) if reference.get_bitsize() != 24 else reference
    up = a.copy()
    up.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)  # max(a - b, 0) per channel
    down = b.copy()
    down.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    up.blit(down, (0, 0), special_flags=pygame.BLEND_RGB_ADD)  # |a - b|
    colour = pygame.transform.average_color(up)
    mean = sum(colour[:3]) / 3
    near = pygame.transform.threshold(
        None, up, (0, 0, 0), (49, 49, 49), set_behavior=0, inverse_set=False
    )
    pixels = up.get_width() * up.get_height()
    return mean, (pixels - near) / pixels


def main(games: list[str] | None = None) -> None:
    """Draw every reference image again, or only those of ``games`` (game ids)."""
    FOLDER.mkdir(exist_ok=True)
    for game, size, moment in cases():
        if games and game not in games:
            continue
        path = file_for(game, size, moment)
        pygame.image.save(draw_case(game, size, moment), path)
        print(path)


if __name__ == "__main__":
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import sys

    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    main(sys.argv[1:])
