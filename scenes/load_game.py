"""The load scene: saves newest first; damaged ones greyed with their reason; backups; delete."""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton, UILabel, UIScrollingContainer

from saves import store
from saves.format import SaveError
from scenes import kit, routes
from scenes.fonts import measure_in
from scenes.manager import Scene
from translation import N_, _, ngettext, pgettext


def when(saved_at: str) -> str:
    """ "2026-11-29T15:02:11+00:00" → "2026-11-29 15:02"."""
    return saved_at[:16].replace("T", " ") if saved_at else "?"


def fit_label(label, words: str) -> str:
    """``words`` shortened with "…" to fit ``label`` in its own themed font (a long save name
    is never cut mid-word without a sign)."""
    if label.font is None:
        return words
    return kit.ellipsize(
        words, label.relative_rect.width - 8, lambda t: label.font.get_rect(t).width
    )


def _spec(game_id: str):
    """The registry's spec of ``game_id``, or None for a game this version does not know."""
    from engine import registry

    try:
        return registry.get(game_id)
    except KeyError:
        return None


def game_title(game_id: str) -> str:
    """The game's title for the list (its id when the game is unknown)."""
    spec = _spec(game_id)
    return _(spec.title) if spec is not None else game_id


def numbered_turns(game_id: str) -> bool:
    """Whether the game's table numbers its turns across the seats (``GameSpec.numbered_turns``);
    False for a game this version does not know."""
    spec = _spec(game_id)
    return spec is not None and spec.numbered_turns


def what_it_is(info) -> str:
    """The second line of a save: its game and players, e.g. "Diced Tomatoes · Ana, Bot 1"
    (default names in the language in use: :attr:`saves.store.SaveInfo.shown_seats`)."""
    return _("{game} · {players}").format(game=game_title(info.game), players=players_words(info))


def players_words(info) -> str:
    """A save's players as the language lists names: "Ana, Bot 1", 「テス、ボット1」."""
    # TRANSLATORS: what goes between two players' names in a list ("Ana, Bot 1")
    return pgettext("between names", ", ").join(info.shown_seats)


def has_default_title(info) -> bool:
    """True when a save's title is the one the program gives ("<game> — <seats>", in any
    language: :attr:`saves.store.SaveInfo.has_default_title`): the list then shows the game's
    title and the seats once each, in the language in use, rather than the same words twice."""
    return info.has_default_title


def where_parts(info) -> list[str]:
    """The third line's parts but the file name (:func:`file_part`): whose turn, the round
    (turns counted per player, not steps) or the turn where the game numbers its turns as Off
    the Rails does — in a game set up from a position, counted on from the position's own, or
    the turns played from it where the position does not count them (its title says it is
    from a position) —, and when it was saved. An autosave says so first: at the end it was
    cut off in Russian at 1024 × 640, and the autosave and a save of the same game read alike
    (a play-test)."""
    parts = [_("autosave")] if info.is_autosave else []
    if is_kept_unfinished(info):  # its file's name read as gibberish (a play-tester)
        parts = [_("an unfinished game, kept")]
    name = info.to_move_name
    if name is not None:
        parts.append(_("{name} to play").format(name=name))
    if info.round_of_rounds:
        round_number, rounds = info.round_of_rounds
        parts.append(_("round {round} of {rounds}").format(round=round_number, rounds=rounds))
    elif info.since_position:  # its position does not say how many turns came before it
        parts.append(turns_played(info.turn))
    elif len(info.seats) == 1:
        parts.append(_("turn {count}").format(count=info.round))
    elif numbered_turns(info.game) and info.turn > 0:
        parts.append(_("turn {count}").format(count=info.turn))  # as the table numbers it
    elif info.turns_by_seat:
        parts.append(_("round {count}").format(count=info.round))
    else:
        parts.append(turns_played(info.turn))
    parts.append(_("saved {when}").format(when=when(info.saved_at)))
    return parts


def is_kept_unfinished(info) -> bool:
    """Whether ``info`` is an unfinished game moved out of its autosave slot when another game
    of its kind began (:func:`saves.store.keep_unfinished`)."""
    return info.path.name.startswith("unfinished-")


def file_part(info) -> str:
    """The save's file name without ".json" (the third line's last part), "" for an
    autosave or an unfinished game kept (the program named their files)."""
    if info.is_autosave or is_kept_unfinished(info):
        return ""
    return info.file_name.removesuffix(".json")


def where_it_is(info) -> str:
    """The third line of a save: :func:`where_parts`, then :func:`file_part`."""
    return " · ".join([*where_parts(info), *filter(None, [file_part(info)])])


def fit_where(info, width: int, measure) -> str:
    """The third line in ``width`` pixels (``measure(text) -> pixels``): whole when it fits;
    else the file name — the part least needed — is cut with "…", or left out where not even
    its start fits, before the date and time are (a play-test lost the time in Russian at
    1024 × 640)."""
    whole = where_it_is(info)
    if measure(whole) <= width:
        return whole
    head = " · ".join(where_parts(info))
    room = width - measure(head + " · ")
    if file_part(info) and room >= measure(file_part(info)[:3] + "…"):
        return head + " · " + kit.ellipsize(file_part(info), room, measure)
    return kit.ellipsize(head, width, measure)


def turns_played(count: int) -> str:
    """The turns started ("12 turns played"), where no round or turn number can be said."""
    return ngettext("{count} turn played", "{count} turns played", count).format(count=count)


def delete_question(info) -> str:
    """The Delete confirmation: the backup is mentioned only when there is one."""
    if info.has_backup:
        return _("Delete “{title}” for good? Its backup is deleted too.").format(
            title=info.shown_title
        )
    return _("Delete “{title}” for good?").format(title=info.shown_title)


NO_BACKUP = N_("No backup yet: one is kept when this save is written again.")
"""What a save without a backup says on its Backup button."""

LIST_LIMIT = 300
"""The most saves the list shows (each row is a dozen widgets), newest first."""


class LoadGameScene(Scene):
    """Lists every save; Load, Backup (when a .bak exists) and Delete (after confirming)."""

    paints_window = True  # its draw starts with the felt

    def build(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        every = store.list_saves()
        self.infos = every[:LIST_LIMIT]
        self.cut = len(every) > LIST_LIMIT
        """More saves than the list shows (the oldest stay in the folder, unlisted)."""
        self.problem = store.storage_problem() if not self.infos else None
        px = kit.px  # sizes at 100 %, grown by the UI scale
        top = px(116 if h >= px(760) else 100)
        self.list_rect = pygame.Rect(40, top, w - 80, h - top - px(90))
        scroller = UIScrollingContainer(self.list_rect, ui, container=c, allow_scroll_x=False)
        row_h = px(84)
        inner_w = self.list_rect.width - 24
        scroller.set_scrollable_area_dimensions(
            (inner_w, max(row_h * len(self.infos) + 8, self.list_rect.height - 4))
        )
        self.rows = []
        # each button as wide as its label needs (Japanese "バックアップ" touched both edges)
        labels = (_("Load"), _("Backup"), _("Delete"))
        gap = px(8)
        widths = [max(px(100), need + px(8)) for need in kit.button_needs(labels)]
        buttons_x = inner_w - px(14) - sum(widths) - gap * (len(widths) - 1)
        for i, info in enumerate(self.infos):
            y = 4 + i * row_h
            damaged = info.error is not None
            if info.error is not None:
                head = _("{file} — cannot be loaded").format(file=info.file_name)
                lines = [(info.error, "#error_label")]
            elif has_default_title(info):  # "Game — seats": said once, in today's language
                head = game_title(info.game)
                lines = [
                    (players_words(info), "#dim_label"),
                    (where_it_is(info), "#dim_label"),
                ]
            else:
                head = info.title
                lines = [(what_it_is(info), "#dim_label"), (where_it_is(info), "#dim_label")]
            rows = [(head, "#dim_label" if damaged else "#heading_label")] + lines
            for index, (words, look) in enumerate(rows):
                # the third line runs under the buttons, to their right edge (a play-test
                # lost the time of day beside empty space)
                right = inner_w - px(14) if index == 2 else buttons_x - px(20)
                rect = pygame.Rect(12, y + px(4 + index * 25), right - 12, px(26 if index else 28))
                label = UILabel(rect, "", ui, container=scroller, object_id=look)
                if index == 2 and label.font is not None:
                    width = int(label.relative_rect.width) - 8
                    label.set_text(fit_where(info, width, measure_in(label.font)))
                else:
                    label.set_text(fit_label(label, words))
            lefts = [buttons_x + sum(widths[:k]) + gap * k for k in range(len(widths))]
            load = UIButton(
                pygame.Rect(lefts[0], y + px(12), widths[0], px(38)),
                labels[0],
                ui,
                container=scroller,
                command=kit.bind(self.load, info.path),
                object_id="#damaged_button" if damaged else None,
            )
            if damaged:
                load.disable()
            # without a backup the button stays hoverable and says why (a disabled button
            # shows no tooltip: a play-tester could not tell why it was grey)
            UIButton(
                pygame.Rect(lefts[1], y + px(12), widths[1], px(38)),
                labels[1],
                ui,
                container=scroller,
                command=(
                    kit.bind(self.load, info.path, True)
                    if info.has_backup
                    else kit.bind(self.app.notify, _(NO_BACKUP))
                ),
                tool_tip_text=_("Load the save from before the last write")
                if info.has_backup
                else _(NO_BACKUP),
                object_id=None if info.has_backup else "#damaged_button",
            )
            UIButton(
                pygame.Rect(lefts[2], y + px(12), widths[2], px(38)),
                labels[2],
                ui,
                container=scroller,
                command=kit.bind(self.ask_delete, info),
            )
            self.rows.append(info)
        self.empty = not self.infos
        back = pygame.Rect(w - px(160) - 40, h - px(44) - 22, px(160), px(44))
        self.toast_room = pygame.Rect(
            40, self.list_rect.bottom + px(6), back.x - 40 - px(16), h - 8 - self.list_rect.bottom
        )
        UIButton(
            back,
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )

    def toast_area(self) -> tuple | None:
        """Under the list, left of Back: across the bottom middle a toast covered Back (a
        play-tester's Russian "no backup yet" at 1024 × 640)."""
        room = getattr(self, "toast_room", None)
        return None if room is None else (room, "bottom")

    def load(self, path, backup: bool = False) -> None:
        """Open a save (or its backup); a failure is reported and nothing is lost."""
        try:
            match = store.load_backup(path) if backup else store.load(path)
        except SaveError as err:
            self.app.notify(str(err))
            return
        named = not backup and not path.name.startswith("autosave-")
        routes.open_match(self.app, match, saved_as=match.save_title if named else None)

    def ask_delete(self, info) -> None:
        """Ask before deleting ``info``'s save (the app's question over the list, as every
        other question; the stock dialog looked like no other screen)."""
        routes.push(
            self.app, "confirm", delete_question(info), lambda: self.delete(info), _("Delete")
        )

    def delete(self, info) -> None:
        """Delete ``info``'s save and its backup; a refusal of the disk is said, nothing lost."""
        try:
            store.delete(info.path)
        except SaveError as err:  # a read-only folder: said, and the save stays
            self.app.notify(str(err))
        else:
            self.app.notify(_("Deleted “{title}”.").format(title=info.shown_title))
        self.relayout()

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        return False

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        kit.draw_heading(
            surface,
            _("Load game"),
            _("The {count} newest saves · damaged saves are greyed out").format(count=LIST_LIMIT)
            if self.cut
            else _("Newest first · damaged saves are greyed out"),
            top=24 if surface.get_height() >= kit.px(760) else 12,
        )
        kit.draw_panel(surface, self.list_rect.inflate(12, 12))
        if self.empty:
            words = self.problem or _("No saved games yet. Games autosave after every turn.")
            size = kit.fit_text(words, 18, self.list_rect.width - 40)
            kit.blit_text(surface, words, size, self.list_rect.center, kit.INK_DIM, anchor="center")
