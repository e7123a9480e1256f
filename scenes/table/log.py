"""A table's game log: its sentences, as played, in the language in use.

Each event's sentence comes from the game (:meth:`GameTable.log_line`, a summary line after a
step's own: :meth:`GameTable.log_summary`); the lines appear as their steps land, so the log
never runs ahead of the board. After an undo, a load, a replay jump or another language the
whole log is made again from the match's events, step by step as it was played.
"""

from __future__ import annotations

import itertools

import pygame

import translation
from engine.match import Match
from scenes.log_panel import LogPanel
from scenes.table.protocol import GameTable

CAP = 300
"""Lines kept (the panel scrolls over them)."""


class TableLog:
    """The log of ``match`` as ``game`` words it; ``box`` is its panel once the table is
    built."""

    def __init__(self, match: Match, game: GameTable):
        self.match = match
        self.game = game
        self.lines = self.made_again()
        self.language = translation.current_language()
        """The language ``lines`` are in."""
        self.box: LogPanel | None = None

    def place(self, rect: pygame.Rect) -> None:
        """Show the log in ``rect`` (the table is built); a new language makes it again."""
        if self.language != translation.current_language():
            self.language = translation.current_language()
            self.lines = self.made_again()
        self.box = LogPanel(rect, self.lines)

    def add(self, lines: list[str]) -> None:
        """Append ``lines`` (a step landed)."""
        self.lines.extend(lines)
        if len(self.lines) > CAP + 50:
            self.lines = self.lines[-CAP:]
        if self.box is not None:
            self.box.extend(lines)

    def follow(self) -> None:
        """Show the newest lines (the person's own turn began)."""
        if self.box is not None:
            self.box.follow()

    def rebuild(self) -> None:
        """The whole log again from the match (after load, undo or a replay jump)."""
        self.lines = self.made_again()
        if self.box is not None:
            self.box.set(self.lines)

    def lines_of(self, events) -> list[str]:
        """The lines of one step's ``events``: each event's sentence."""
        return [line for line in map(self.game.log_line, events) if line]

    def made_again(self) -> list[str]:
        """The log's lines for every event of the match, in the language in use."""
        # as played: each decision alone, each run of chance steps together (advance_chance)
        history = self.match.history
        run_start: dict[int, int] = {}
        group = -1
        for i, entry in enumerate(history):
            if entry.player >= 0 or group < 0 or history[i - 1].player >= 0:
                group = i
            run_start[i] = group
        lines: list[str] = []
        for _group, step in itertools.groupby(
            self.match.events, key=lambda item: run_start.get(item[0], item[0])
        ):
            events = [event for _index, event in step]
            lines += self.lines_of(events) + self.game.log_summary(events)
        return lines[-CAP:]
