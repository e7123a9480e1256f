"""What the table scene's parts (its frame, its input, its replay controls) may use of it.

The parts are composed by :class:`scenes.table.scene.TableScene` and see it through this typed
protocol, not through the class: the scene imports its parts, never the other way round (a
part speaks to another only through the scene).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from engine.match import Match
    from scenes.kit import Backdrop, Target
    from scenes.table.chrome import Column
    from scenes.table.driver import MatchDriver, Stepped
    from scenes.table.log import TableLog
    from scenes.table.online import TableOnline
    from scenes.table.protocol import GameTable
    from scenes.table.saving import TableSaves
    from scenes.table.steps import StepPlayer


class Table(Protocol):
    """The table scene as its parts see it."""

    app: Any
    container: Any
    match: Match
    game: GameTable
    driver: MatchDriver
    player: StepPlayer
    log: TableLog
    saves: TableSaves
    backdrop: Backdrop
    column: Column | None
    top_row: pygame.Rect | None
    log_width: int
    mouse: tuple[int, int]
    time: float
    caption: str
    finished: bool
    shown: Any
    ready_due: bool
    hint_said: str | None
    online: TableOnline | None

    @property
    def replay(self) -> list | None: ...

    def is_top(self) -> bool: ...

    def own_turn(self) -> bool: ...

    def human_to_move(self) -> bool: ...

    def current_hint(self) -> Any: ...

    def seconds(self, normal: float) -> float: ...

    def targets(self) -> list[Target]: ...

    def target_at(self, pos: tuple[int, int]) -> Target | None: ...

    def say(self, message: str, seconds: float = ...) -> None: ...

    def refuse(self, reason: str, seconds: float = ...) -> None: ...

    def clear_message(self) -> None: ...

    def current_message(self) -> str: ...

    def fits_top_bar(self, message: str, easily: bool = False) -> bool:
        """Whether ``message`` shows whole in the top bar, never cut with "…" (``easily``: in
        one line or two at 14 px, read without effort)."""
        ...

    def reads_easily(self, message: str) -> bool:
        """Whether ``message`` reads without effort: in the top bar (one line or two at 14
        px) or whole in the message card over the game log."""
        ...

    def refresh_controls(self) -> None: ...

    def present(self, stepped: Stepped) -> None: ...

    def replay_jumped(self) -> None: ...

    def replay_status(self) -> str | None:
        """The status line of a replay ("Replay · turn 3 of 20…"), or None while playing."""
        ...

    def show_score_sheet(self) -> None: ...

    def shutdown(self) -> None: ...

    def open_pause(self) -> None: ...

    def take_back(self, whole_turn: bool) -> bool: ...

    def ask_hint(self) -> None: ...

    def bot_thinking(self) -> bool: ...

    def thinking_progress(self) -> float | None: ...

    def backdrop_layers(self, window_width: int) -> list: ...
