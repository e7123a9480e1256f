"""Start from a position: paste or type a position in a game's notation, or pick a puzzle.

Opened from New game. The game is the one whose notation reads the text (the game chosen in the
form is tried first); the seats come from the form, their number set to the position's. A text
no game reads is refused with the chosen game's reason: what is wrong and where.
"""

from __future__ import annotations

from datetime import datetime

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextEntryBox

from engine import registry
from engine.notation_fields import ForeignField
from engine.positions import match_from_position, players_in, read_position
from saves import store
from saves.format import SaveError
from scenes import kit, routes
from scenes.manager import Scene
from translation import _, ngettext


def detect(text: str, first=None):
    """``(spec, state)`` of the first game whose notation reads ``text``, trying ``first`` (a
    GameSpec) before the others. Raises ``ValueError`` when none does, with the reason of the
    first game tried whose fields the text uses (a Tea Time position with one wrong value was
    refused in Potion Explosion's words, naming its fields), else ``first``'s (or the first
    game's)."""
    specs = registry.games()
    if first is not None:
        specs = [first] + [spec for spec in specs if spec.id != first.id]
    reasons: list[ValueError] = []
    for spec in specs:
        try:
            return spec, read_position(spec, text)
        except ValueError as err:
            reasons.append(err)
    own = [reason for reason in reasons if not isinstance(reason, ForeignField)]
    raise (own or reasons or [ValueError(_("This position cannot be read: there is no text."))])[0]


class PositionScene(Scene):
    """Over the new-game form (``form``, a :class:`scenes.new_game.NewGameScene`)."""

    overlay = True

    def __init__(self, app, form, text: str = ""):
        super().__init__(app)
        self.form = form
        self.text = text
        self.error = ""
        self.goal = ""
        self.puzzle = None
        """The puzzle picked, while the box still holds its position."""

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, min(900, w - 60), min(520, h - 60))
        rect.center = (w // 2, h // 2)
        return rect

    def build(self) -> None:
        ui, c = self.app.ui, self.container
        panel = self.panel_rect()
        puzzles = self.puzzles()
        titles = [_(puzzle.title) for puzzle in puzzles]
        # as wide as the longest title needs (Russian), up to a third of the panel
        list_w = (
            min(max([kit.px(250), *kit.button_needs(titles)]), panel.width // 3) if puzzles else 0
        )
        box_w = panel.width - 40 - (list_w + 16 if list_w else 0)
        box_h = panel.height - 190
        self.box = UITextEntryBox(
            pygame.Rect(panel.x + 20, panel.y + 80, box_w, box_h), self.text, ui, container=c
        )
        self.puzzle_buttons = []
        if puzzles:
            x = panel.x + 20 + box_w + 16
            y = panel.y + 80
            row = min(40, (box_h - 4 * (len(puzzles) - 1)) // max(1, len(puzzles)))
            for puzzle, title in zip(puzzles, titles):
                self.puzzle_buttons.append(
                    UIButton(
                        pygame.Rect(x, y, list_w, row),
                        title,
                        ui,
                        container=c,
                        command=kit.bind(self.choose_puzzle, puzzle),
                        tool_tip_text=_(puzzle.goal),
                    )
                )
                y += row + 4
        bottom = panel.bottom - 58
        UIButton(
            pygame.Rect(panel.x + 20, bottom, 130, 42),
            _("Paste"),
            ui,
            container=c,
            command=self.paste,
            tool_tip_text=_("Paste a position from the clipboard"),
        )
        UIButton(
            pygame.Rect(panel.right - 330, bottom, 140, 42),
            _("Cancel"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )
        UIButton(
            pygame.Rect(panel.right - 180, bottom, 160, 42),
            _("Start"),
            ui,
            container=c,
            command=self.start,
            tool_tip_text=_("Start a game from this position with the seats of the form"),
        )

    def puzzles(self) -> list:
        """The set-up puzzles of the game chosen in the form."""
        from engine.puzzles import puzzles_for

        return puzzles_for(self.form.spec.id) if self.form.spec else []

    def choose_puzzle(self, puzzle) -> None:
        self.box.set_text(puzzle.position)
        self.puzzle = puzzle
        self.goal = _(puzzle.goal)
        self.error = ""

    def paste(self) -> None:
        from scenes.clipboard import paste_text

        text = paste_text()
        if text is None:
            self.error = _("The clipboard holds no text. Type the position instead.")
            return
        self.box.set_text(text)
        self.error = ""

    def start(self) -> None:
        """Read the position, fit the form's seats to it and open the table; a text that can't
        be read stays in the box with the reason under it."""
        self.text = self.box.get_text()
        try:
            spec, state = detect(self.text, self.form.spec)
        except ValueError as err:
            self.error = str(err)
            return
        form = self.form
        if spec is not form.spec:
            form.game_index = [g.id for g in form.games].index(spec.id)
        players = players_in(state)
        if players is not None and not spec.min_players <= players <= spec.max_players:
            self.error = ngettext(
                "This position is for {count} player; {game} is played by {low} to {high}.",
                "This position is for {count} players; {game} is played by {low} to {high}.",
                players,
            ).format(count=players, game=_(spec.title), low=spec.min_players, high=spec.max_players)
            return
        if players is not None:
            form.seat_count = players
        form._clamp_seats()
        form._read_form()
        try:
            seed = int(form.seed_text or "0")
            match = match_from_position(spec, form.seats(), form.options, seed, state)
        except ValueError as err:
            self.error = str(err)
            return
        puzzle = self.puzzle
        if puzzle is not None and " ".join(self.text.split()) != " ".join(puzzle.position.split()):
            puzzle = None  # its position was edited: a position of the player's own
        keep_in_own_save(match, puzzle)
        routes.open_match(self.app, match)
        if puzzle is not None:
            self.app.manager.top.puzzle = puzzle
            self.app.notify(_("Goal: {goal}").format(goal=_(puzzle.goal)), seconds=10.0)

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        return event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED

    def draw(self, surface) -> None:
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 150))
        surface.blit(veil, (0, 0))
        panel = self.panel_rect()
        kit.draw_panel(surface, panel, (20, 26, 30, 240), border=(93, 116, 128))
        kit.blit_text(
            surface,
            _("Start from a position"),
            26,
            (panel.centerx, panel.y + 12),
            kit.GOLD,
            True,
            "midtop",
        )
        hint = _("Paste a position (Paste, or Ctrl+V in the box), type one, or pick a puzzle.")
        kit.blit_text(
            surface,
            hint,
            kit.fit_text(hint, 15, panel.width - 40),
            (panel.x + 20, panel.y + 52),
            kit.INK_DIM,
        )
        words, colour = (self.error, kit.DANGER) if self.error else (self.goal, kit.HILITE)
        if words:
            if not self.error:
                words = _("Goal: {goal}").format(goal=words)
            top = panel.bottom - 104
            for index, line in enumerate(kit.wrap(words, 15, panel.width - 40)[:2]):
                kit.blit_text(surface, line, 15, (panel.x + 20, top + index * 20), colour)


def keep_in_own_save(match, puzzle) -> None:
    """A puzzle's game keeps itself in the puzzle's own save, titled with its name (opened
    again, it starts afresh there); a pasted position's in a save named for the game and the
    time it was pasted — neither takes the game's autosave slot, so the player's unfinished
    game stays where it is and Load shows readable names."""
    try:
        if puzzle is not None:
            title = _("Puzzle: {title}").format(title=_(puzzle.title))
            store.give_own_slot(match, f"puzzle-{puzzle.id}", title)
        else:
            now = datetime.now()
            title = _("{game} from a position, {date} {time}").format(
                game=_(match.spec.title), date=now.strftime("%Y-%m-%d"), time=now.strftime("%H:%M")
            )
            stamp = now.strftime("%Y%m%d-%H%M%S")
            store.give_own_slot(match, f"position-{match.spec.id}-{stamp}", title)
    except SaveError:
        pass  # no saves folder: the table says so at its first autosave
