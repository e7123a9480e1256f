"""The new-game scene: pick a game, the seats, the options and a seed, then start."""

from __future__ import annotations

import random

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextEntryLine

from engine import registry
from engine.match import NAME_LIMIT, Match, Seat, bot_name
from scenes import kit, routes
from scenes.fonts import measure_in
from scenes.manager import Scene
from translation import N_, _, ngettext

SEAT_KINDS = {
    "human": N_("Human"),
    "online": N_("Online friend"),
    "easy": N_("Bot — Easy"),
    "medium": N_("Bot — Medium"),
    "hard": N_("Bot — Hard"),
}
"""A seat's kind (``"human"``, ``"online"`` — a friend on another computer — or a bot level)
-> its name in the seat menu."""
ENTRY_FONT = 16
"""The size of a name entry's text (the theme's default font)."""
ONLINE_NAME_LIMIT = 64
"""An online friend's entry holds a Matrix id (``@ben:matrix.org``) or a name."""


def seat_kind_labels() -> list:
    """The seat menu's entries in the language in use."""
    return [_(label) for label in SEAT_KINDS.values()]


def seat_kind_of(label: str) -> str:
    """The kind (``"human"``, ``"easy"``...) of a seat menu entry (in the language in use)."""
    for kind, english in SEAT_KINDS.items():
        if label in (_(english), english):
            return kind
    raise ValueError(f"not a seat kind: {label!r}")


def on_off() -> tuple:
    """The two entries of a yes/no option's menu, in the language in use."""
    return _("On"), _("Off")


def default_seat_name(index: int) -> str:
    """ "Player 1" for seat index 0, in the language in use."""
    return _("Player {number}").format(number=index + 1)


def seat_kind_width(shown: list, column: int, measure) -> int:
    """The seat-kind drop-downs' width in pixels: room for the widest kind ``shown`` (centred,
    clear of the arrow) and for every kind in the open list, at most 64 % of the seats'
    ``column``; the name entries get the rest (a play-tester found 「プレイヤー1」 tight).
    ``measure(text) -> pixels`` in the drop-down's own font (:func:`scenes.fonts.measure_in`)."""
    closed = max((measure(label) for label in shown), default=0) + kit.px(46)
    listed = max(measure(label) for label in seat_kind_labels()) + kit.px(16)
    return min(int(column * 0.64), max(closed, listed, column // 2))


def seat_entry_names(kinds, names, count: int, width: int | None = None) -> list:
    """What each of the first ``count`` seats' name entries shows: a bot seat the name the
    table will call it ("Bot 1 (Hard)": bots are numbered in seat order, as :meth:`NewGameScene.
    seats` names them), any other seat its name in ``names`` (play-test: a bot seat showed a
    greyed "Player 2" the table then called "Bot 1 (Hard)"). Where that name is wider than
    ``width`` pixels (an entry's text room) every bot shows its number alone ("Bot 1"), so
    the seats read alike (a play-tester saw "Bot 1" above "Bot 2 (Hard)"): the seat's menu
    beside it names the level."""
    seats = list(zip(kinds[:count], names))
    bots = [kind for kind, _name in seats if kind not in ("human", "online")]
    full = [bot_name(number, kind) for number, kind in enumerate(bots, 1)]
    short = width is not None and any(kit.text_size(n, ENTRY_FONT)[0] > width for n in full)
    shown, number = [], 0
    for kind, name in seats:
        if kind in ("human", "online"):
            shown.append(name)
            continue
        number += 1
        shown.append(_("Bot {number}").format(number=number) if short else full[number - 1])
    return shown


def players_text(spec) -> str:
    """How many players ``spec`` (a game's spec) seats, for its card: "2 players" or
    "1–4 players", in the language in use."""
    if spec.min_players == spec.max_players:
        return ngettext("{count} player", "{count} players", spec.min_players).format(
            count=spec.min_players
        )
    return _("{fewest}–{most} players").format(fewest=spec.min_players, most=spec.max_players)


OPTION_LABEL_SIZE = 16
"""An option's label: this size, on one line or two."""
OPTION_LABEL_MIN_SIZE = 14
"""The smallest an option's label may shrink to (the size of the game cards' small text),
only when two lines of :data:`OPTION_LABEL_SIZE` do not hold it."""
OPTION_NOTE_SIZE = 13
"""An option's description under its label."""
OPTION_NOTE_STEP = 16
"""Pixels (at 100 %) from one description line to the next."""


def option_label_lines(label: str, width: int) -> tuple:
    """``(lines, size)``: ``label`` in one or two lines of at most ``width`` pixels, at
    :data:`OPTION_LABEL_SIZE`, else the largest size down to :data:`OPTION_LABEL_MIN_SIZE`
    that holds it; the second line is cut with "…" only when even that is too narrow."""
    for size in range(OPTION_LABEL_SIZE, OPTION_LABEL_MIN_SIZE - 1, -1):
        lines = kit.wrap(label, size, width)
        if len(lines) <= 2 and all(kit.text_size(line, size)[0] <= width for line in lines):
            return lines, size
    first = lines[0] if kit.text_size(lines[0], size)[0] <= width else ""
    rest = label[len(first) :].strip() if first else label
    cut = kit.ellipsize(rest, width, size=size)
    return ([first, cut] if first else [cut]), size


class NewGameScene(Scene):
    """Choose a game from the registry, seats (human names or bot levels), options and seed.

    ``preset`` = ``(game_id, seats, options)`` fills the form (new game with the same settings).
    """

    paints_window = True  # its draw starts with the felt

    def __init__(self, app, preset=None):
        super().__init__(app)
        self.games = registry.games()
        self.game_index = 0
        settings = self.app.settings
        self.seat_kinds = ["human", "medium", "medium", "medium", "medium", "medium"]
        self.seat_kinds[: len(settings.seat_kinds)] = settings.seat_kinds  # as last started
        typed = settings.player_names  # the names last typed here
        self.seat_names = [
            typed[i] if i < len(typed) and typed[i] else default_seat_name(i) for i in range(6)
        ]
        self.seat_count = settings.seat_count or 2
        self.options: dict = {}
        self.chosen: set = set()  # options the player set; the others follow the seat count
        self.seed_text = str(random.SystemRandom().randrange(1, 10**6))
        self.error = ""
        ids = [g.id for g in self.games]
        if preset:
            game_id, seats, options = preset
            if game_id in ids:
                self.game_index = ids.index(game_id)
            self.seat_count = len(seats)
            for i, s in enumerate(seats):
                self.seat_kinds[i] = "human" if not s.is_bot else s.level
                if not s.is_bot:
                    self.seat_names[i] = s.name
            self.options = dict(options)
            self.chosen = set(options)
        elif self.app.settings.last_game in ids:
            # the game last started here (an unknown id, from another version, is ignored)
            self.game_index = ids.index(self.app.settings.last_game)
            self._recall_options()
        self._clamp_seats()

    def _recall_options(self) -> None:
        """The options the player set when this game was last started (kept while they suit
        the seat count: :meth:`_clamp_seats`; one of another kind is dropped)."""
        stored = self.app.settings.game_options.get(self.spec.id, {}) if self.spec else {}
        kinds = {option.name: option.kind for option in self.spec.options} if self.spec else {}
        self.options = {
            name: value
            for name, value in stored.items()
            if name in kinds and (kinds[name] == "bool") == isinstance(value, bool)
        }
        self.chosen = set(self.options)

    @property
    def spec(self):
        return self.games[self.game_index] if self.games else None

    def _clamp_seats(self):
        if self.spec:
            self.seat_count = max(
                self.spec.min_players, min(self.spec.max_players, self.seat_count)
            )
            # e.g. Off the Rails' game length is 25 cards with 4 players, 21 with fewer
            defaults = self.spec.default_options(self.seat_count)
            # a choice the player made stays while it exists for the new seat count
            kept = {
                option.name
                for option in self.spec.options
                if option.name in self.chosen
                and option.name in self.options
                and (
                    option.kind == "bool"
                    or self.options[option.name] in option.choices_for(self.seat_count)
                )
            }
            self.options = {
                name: self.options[name] if name in kept else value
                for name, value in defaults.items()
            }

    # --- layout ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        px = kit.px  # sizes at 100 %, grown by the UI scale
        self.top = px(100 if h >= px(760) else 84)
        margin = 32
        inner = w - margin * 4
        col_w = int(inner * 0.3)
        opt_w = inner - 2 * col_w
        self.cols = [margin, 2 * margin + col_w, 3 * margin + 2 * col_w]
        self.col_w = col_w
        self.opt_w = opt_w
        bottom = h - px(44) - 30  # 12 pixels above the Start button
        self.panel_rect = pygame.Rect(
            margin // 2, self.top - 12, w - margin, bottom - self.top + 12
        )
        # games
        y = self.top + px(34)
        self.game_buttons = []
        card_h = px(108 if h >= px(760) else 122)  # narrower cards wrap the description to 3 lines
        room = self.panel_rect.bottom - 8 - y  # every game's card stays inside the panel
        count = max(1, len(self.games))
        gap = 10 if (room - 10 * (count - 1)) // count >= card_h else 6
        card_h = min(card_h, (room - gap * (count - 1)) // count)
        for i, spec in enumerate(self.games):
            b = UIButton(
                pygame.Rect(self.cols[0], y, col_w, card_h),
                "",
                ui,
                container=c,
                object_id="#selected_button" if i == self.game_index else None,
                command=kit.bind(self.choose_game, i),
            )
            self.game_buttons.append((b, spec, y))
            y += card_h + gap
        self.card_texts = self._card_texts()
        # seats
        x = self.cols[1]
        y = self.top + px(34)
        UIButton(
            pygame.Rect(x, y, px(40), px(34)),
            "−",
            ui,
            container=c,
            command=lambda: self.change_seats(-1),
            tool_tip_text=_("One seat fewer"),
        )
        if self.seat_count == 1 and self.spec and self.spec.solo:
            seats_text = _("1 player (solo rules)")
        else:
            seats_text = ngettext("{count} player", "{count} players", self.seat_count).format(
                count=self.seat_count
            )
        self.count_label = UILabel(
            pygame.Rect(x + px(48), y, col_w - px(96), px(34)), seats_text, ui, container=c
        )
        UIButton(
            pygame.Rect(x + col_w - px(40), y, px(40), px(34)),
            "+",
            ui,
            container=c,
            command=lambda: self.change_seats(+1),
            tool_tip_text=_("One seat more"),
        )
        y += px(46)
        row_h = px(44 if h >= px(760) else 40)
        self.seat_widgets = []
        kind_w = seat_kind_width(
            [_(SEAT_KINDS[self.seat_kinds[i]]) for i in range(self.seat_count)],
            col_w,
            measure_in(ui.get_theme().get_font(["drop_down_menu"])),
        )
        room = col_w - kind_w - 4 - px(14)  # the entry's border and padding
        entry_names = seat_entry_names(self.seat_kinds, self.seat_names, self.seat_count, room)
        self.bot_entries = {
            i for i in range(self.seat_count) if self.seat_kinds[i] not in ("human", "online")
        }
        """The seats whose entry shows a bot's name as built (never read as a typed name)."""
        for i in range(self.seat_count):
            kind = UIDropDownMenu(
                seat_kind_labels(),
                _(SEAT_KINDS[self.seat_kinds[i]]),
                pygame.Rect(x, y, kind_w - 4, px(36)),
                ui,
                container=c,
                object_id=f"#seat_kind_{i}",
            )
            online = self.seat_kinds[i] == "online"
            name = UITextEntryLine(
                pygame.Rect(x + kind_w + 4, y, col_w - kind_w - 4, px(36)),
                ui,
                container=c,
                initial_text=entry_names[i],
                object_id=f"#seat_name_{i}",
                placeholder_text=_("@friend:server or a name") if online else None,
            )
            name.set_text_length_limit(ONLINE_NAME_LIMIT if online else NAME_LIMIT)
            if online:
                name.set_tooltip(
                    _(
                        "A friend on another computer: their Matrix id, or their name on this "
                        "network or by file"
                    )
                )
            if self.seat_kinds[i] not in ("human", "online"):
                name.disable()
            self.seat_widgets.append((kind, name))
            y += row_h
        UIButton(
            pygame.Rect(x, self.panel_rect.bottom - px(88) - 12, col_w, px(40)),
            _("Join a friend's game…"),
            ui,
            container=c,
            command=self.join,
            tool_tip_text=_("Join a game hosted on this network, or open a turn file"),
        )
        UIButton(
            pygame.Rect(x, self.panel_rect.bottom - px(40) - 12, col_w, px(40)),
            _("Start from a position…"),
            ui,
            container=c,
            command=self.from_position,
            tool_tip_text=_(
                "Paste or type a position (Copy in the pause menu gives one), or pick a puzzle"
            ),
        )
        # options
        self.options_rect = pygame.Rect(
            self.cols[2], self.top, opt_w, self.panel_rect.bottom - 6 - self.top
        )
        self.option_widgets = {}
        self.option_texts = []
        for opt, head, texts in self._option_rows(self._shown_options()):
            values, current = self._option_labels(opt)
            dd = UIDropDownMenu(
                values, current, head, ui, container=c, object_id=f"#option_{opt.name}"
            )
            self.option_widgets[opt.name] = (dd, opt)
            self.option_texts.extend(texts)
        # seed and buttons
        by = h - px(44) - 18
        seed_w = max(px(56), kit.text_size(_("Seed"), 16)[0] + 12)  # longer in Russian
        UILabel(pygame.Rect(margin, by, seed_w, px(40)), _("Seed"), ui, container=c)
        self.seed_entry = UITextEntryLine(
            pygame.Rect(margin + seed_w, by + 2, px(150), px(36)),
            ui,
            container=c,
            initial_text=self.seed_text,
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(12)
        random_w = max(90, kit.text_size(_("Random"), 17, True)[0] + 26)  # wider in Russian
        UIButton(
            pygame.Rect(margin + seed_w + px(156), by + 2, random_w, px(36)),
            _("Random"),
            ui,
            container=c,
            command=self.random_seed,
            tool_tip_text=_("A new random seed"),
        )
        left = margin + seed_w + px(174) + random_w
        self.error_label = UILabel(
            pygame.Rect(left, by, w - margin - px(330) - left, px(40)),
            self.error,
            ui,
            container=c,
            object_id="#error_label",
        )
        UIButton(
            pygame.Rect(w - margin - px(310), by, px(140), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )
        self.start_button = UIButton(
            pygame.Rect(w - margin - px(160), by, px(160), px(44)),
            _("Start"),
            ui,
            container=c,
            command=self.start,
            tool_tip_text=_("Start the game with these seats and options (Enter)"),
        )
        if not self.games:
            self.start_button.disable()

    def _shown_options(self) -> list:
        """The game's options that matter for the chosen number of seats."""
        return [o for o in (self.spec.options if self.spec else ()) if o.applies(self.seat_count)]

    def _option_rows(self, shown) -> list:
        """Lay out the options in :attr:`options_rect`, top down: ``[(option, drop-down rect,
        texts)]`` where ``texts`` are ``(line, size, colour, rect)`` for the label (one or two
        lines of :data:`OPTION_LABEL_SIZE`, never below :data:`OPTION_LABEL_MIN_SIZE`) and the
        whole description under it (:data:`OPTION_NOTE_SIZE`). The drop-downs are as wide as
        their longest choice needs, the labels take the rest of the column; the gaps between
        options shrink to fit the column, and only when even that is too little are the longest
        descriptions cut with "…"."""
        px, area = kit.px, self.options_rect
        choices = [label for opt in shown for label in self._option_labels(opt)[0]]
        needed = max((kit.text_size(label, 15)[0] for label in choices), default=0)
        # the closed menu: its text, the 20-pixel arrow, borders and padding
        dd_w = int(min(area.width - px(110), max(area.width * 0.3, needed + px(20) + 28)))
        label_w = area.width - dd_w - px(10)
        note_step = px(OPTION_NOTE_STEP)
        heads, notes = [], []
        for opt in shown:
            heads.append(option_label_lines(_(opt.label), label_w))
            notes.append(kit.wrap(_(opt.description), OPTION_NOTE_SIZE, area.width))

        def head_height(lines, size) -> int:
            return max(px(32), len(lines) * px(size + 3) + px(2))

        def total(gap) -> int:
            return sum(
                head_height(lines, size) + px(2) + len(note) * note_step + px(2)
                for (lines, size), note in zip(heads, notes)
            ) + gap * max(0, len(shown) - 1)

        gap_min, gap_max = px(4), px(12)
        while total(gap_min) > area.height - px(32) and max(map(len, notes), default=0) > 1:
            longest = max(range(len(notes)), key=lambda index: len(notes[index]))
            *kept, last = notes[longest]  # the description's last lines give way to "…"
            kept[-1] = kit.ellipsize(f"{kept[-1]} {last}", area.width, size=OPTION_NOTE_SIZE)
            notes[longest] = kept
        spare = area.height - px(32) - total(0)
        gap = max(gap_min, min(gap_max, spare // max(1, len(shown) - 1)))
        rows, y = [], area.y + px(32)
        for opt, (lines, size), note in zip(shown, heads, notes):
            height = head_height(lines, size)
            head = pygame.Rect(area.right - dd_w, y + (height - px(32)) // 2, dd_w, px(32))
            texts = []
            step = px(size + 3)
            line_y = y + (height - len(lines) * step) // 2
            for line in lines:
                line_h = kit.font(size).get_height()
                rect = pygame.Rect(area.x, line_y + (step - line_h) // 2, 0, line_h)
                rect.width = kit.text_size(line, size)[0]
                texts.append((line, size, kit.INK, rect))
                line_y += step
            y += height + px(2)
            for line in note:
                width, line_h = kit.text_size(line, OPTION_NOTE_SIZE)
                texts.append(
                    (line, OPTION_NOTE_SIZE, kit.INK_DIM, pygame.Rect(area.x, y, width, line_h))
                )
                y += note_step
            y += px(2) + gap
            rows.append((opt, head, texts))
        return rows

    def _option_labels(self, opt):
        if opt.kind == "bool":
            on, off = on_off()
            return [on, off], on if self.options.get(opt.name, opt.default) else off
        choices = opt.choices_for(self.seat_count)
        labels = [opt.label_of(choice) for choice in choices]
        value = self.options.get(opt.name, opt.default_for(self.seat_count))
        if value not in choices:
            value = opt.default_for(self.seat_count)
        return labels, labels[choices.index(value)]

    def _read_form(self):
        for i, (_kind, name) in enumerate(getattr(self, "seat_widgets", [])):
            if i in self.bot_entries:
                continue  # a bot's entry shows its name: the name typed for the seat stays
            typed = name.get_text().strip()
            online = self.seat_kinds[i] == "online"
            self.seat_names[i] = typed or ("" if online else default_seat_name(i))
        if hasattr(self, "seed_entry"):
            self.seed_text = self.seed_entry.get_text()

    # --- commands ------------------------------------------------------------------------------
    def choose_game(self, index: int) -> None:
        self._read_form()
        self.game_index = index
        self._recall_options()
        self._clamp_seats()
        self.relayout()

    def change_seats(self, delta: int) -> None:
        self._read_form()
        self.seat_count += delta
        self._clamp_seats()
        self.relayout()

    def from_position(self) -> None:
        """Open the "Start from a position" panel over the form."""
        self._read_form()
        routes.push(self.app, "position", self)

    def join(self) -> None:
        """Join a friend's game (a local network's address, a turn file)."""
        self._read_form()
        routes.push(self.app, "online_join")

    def random_seed(self) -> None:
        self.seed_entry.set_text(str(random.SystemRandom().randrange(1, 10**6)))

    def seats(self) -> list[Seat]:
        """The seats as chosen; bots are named by level, humans by their entry."""
        self._read_form()
        seats, bots = [], 0
        for i in range(self.seat_count):
            kind = self.seat_kinds[i]
            if kind == "online":
                raise ValueError(
                    _("A position is played at this computer: make the online seats Human.")
                )
            if kind == "human":
                seats.append(Seat("human", self.seat_names[i]))
            else:
                bots += 1
                seats.append(Seat("bot", bot_name(bots, kind), kind))
        return seats

    def start(self) -> None:
        """Build the match and open its table; a problem is shown under the form."""
        try:
            seed = int(self.seed_entry.get_text() or "0")
            if "online" in self.seat_kinds[: self.seat_count]:
                self._read_form()
                chosen = list(zip(self.seat_kinds, self.seat_names))[: self.seat_count]
                self.spec.check_players(self.seat_count)
                self.remember_names()
                routes.push(self.app, "online_setup", self.spec, chosen, self.options, seed)
                return
            match = Match(self.spec, self.seats(), self.options, seed)
        except ValueError as err:
            self.error = str(err)
            self.error_label.set_text(self.error)
            return
        self.remember_names()
        routes.open_match(self.app, match)  # the table keeps an unfinished game of this kind

    def remember_names(self) -> None:
        """Keep the names typed for the people's seats, the seats chosen, the game and the
        options set for it for the next New game ("" where the default "Player N" stands, so
        it follows the language); a settings file that cannot be written is said and changes
        nothing else."""
        from saves.settings import SaveError, save_settings

        settings = self.app.settings
        typed = tuple(
            "" if name == default_seat_name(i) or len(name) > NAME_LIMIT else name
            for i, name in enumerate(self.seat_names)
        )
        game_id = self.spec.id if self.spec else ""
        options = dict(settings.game_options)
        if game_id:
            options[game_id] = {
                name: value for name, value in self.options.items() if name in self.chosen
            }
        chosen = (typed, game_id, tuple(self.seat_kinds), self.seat_count, options)
        if chosen == (
            settings.player_names,
            settings.last_game,
            settings.seat_kinds,
            settings.seat_count,
            settings.game_options,
        ):
            return
        settings.player_names, settings.last_game = typed, game_id
        settings.seat_kinds, settings.seat_count = tuple(self.seat_kinds), self.seat_count
        settings.game_options = options
        try:
            save_settings(self.app.settings)
        except SaveError as err:
            self.app.notify(str(err))

    def handle_event(self, event) -> bool:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            oid = event.ui_object_id.split(".")[-1]
            if oid.startswith("#seat_kind_"):
                i = int(oid.rsplit("_", 1)[1])
                self._read_form()
                self.seat_kinds[i] = seat_kind_of(event.text)
                if self.seat_kinds[i] == "online" and self.seat_names[i] == default_seat_name(i):
                    self.seat_names[i] = ""  # the entry shows what to type
                    self.seat_widgets[i][1].set_text("")
                self.relayout()
                return True
            if oid.startswith("#option_"):
                dd, opt = self.option_widgets[oid[len("#option_") :]]
                if opt.kind == "bool":
                    self.options[opt.name] = event.text in (_("On"), "On")
                else:
                    choices = opt.choices_for(self.seat_count)
                    labels = [opt.label_of(choice) for choice in choices]
                    self.options[opt.name] = choices[labels.index(event.text)]
                self.chosen.add(opt.name)
                return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not kit.close_dropdowns(self.app.ui):
                self.app.manager.pop()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.start()
            return True
        return False

    def relayout(self) -> None:
        self._read_form()
        super().relayout()

    # --- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        kit.draw_table(surface)
        kit.draw_heading(
            surface, _("New game"), top=24 if surface.get_height() >= kit.px(760) else 16
        )
        kit.draw_panel(surface, self.panel_rect)
        for title, x in zip((_("Game"), _("Seats"), _("Options")), self.cols):
            kit.blit_text(surface, title, 20, (x, self.top), kit.GOLD, True)
        if self.spec and not self._shown_options():
            none = (
                _("This game has no options.")
                if not self.spec.options
                else ngettext(
                    "No options apply to a game of {count}.",
                    "No options apply to a game of {count}.",
                    self.seat_count,
                ).format(count=self.seat_count)
            )
            kit.blit_text(surface, none, 16, (self.cols[2], self.top + kit.px(40)), kit.INK_DIM)
        for line, size, colour, rect in self.option_texts:
            kit.blit_text(surface, line, size, rect.topleft, colour)

    def draw_over(self, surface) -> None:
        """Game cards' text, drawn over their buttons: title, player count, description."""
        for line, size, bold, colour, position in self.card_texts:
            kit.blit_text(surface, line, size, position, colour, bold)

    def _card_texts(self) -> list:
        """Each game card's text as ``(line, size, bold, colour, topleft)``: the title, the
        player count and up to three lines of description, set the same way on every card and
        as far from the card's bottom edge as the title is from its top (by the letters' ink,
        measured on the card with the most lines)."""

        def ink(line, size, bold, offset) -> pygame.Rect:
            return kit.text(line, size, kit.INK, bold).get_bounding_rect().move(0, offset)

        cards = []
        for i, (button, spec, _y) in enumerate(self.game_buttons):
            rect = pygame.Rect(button.get_abs_rect()).inflate(-4, -4)  # inside border and shadow
            # short cards (many games in a small window) set their lines closer
            if rect.height >= kit.px(104):
                spacing = (28, 47, 18)
            elif rect.height >= kit.px(84):
                spacing = (24, 42, 15)
            else:
                spacing = (22, 38, 14)
            players_y, text_y, line_h = (kit.px(length) for length in spacing)
            title = _(spec.title)
            # the chosen card is gold: dim or gold letters on it were hard to read (play-test)
            dim = kit.INK if i == self.game_index else kit.INK_DIM
            lines = [
                (title, kit.fit_text(title, 20, rect.width - 24, bold=True), True, kit.INK, 0),
                (players_text(spec), 14, True, dim, players_y),
            ]
            for j, line in enumerate(kit.wrap(_(spec.description), 14, rect.width - 24)[:3]):
                lines.append((line, 14, False, dim, text_y + j * line_h))
            # many games in a small window: the description keeps the lines the card holds,
            # the last one ending in "…"
            cut = False
            while len(lines) > 3 and (
                ink(*lines[-1][:3], lines[-1][4]).bottom - ink(*lines[0][:3], 0).top
                > rect.height - 2 * kit.px(6)
            ):
                lines.pop()
                cut = True
            if cut:
                last, size, bold, colour, offset = lines[-1]
                ended = kit.ellipsize(last.rstrip(" ,;:") + "…", rect.width - 24, size=size)
                lines[-1] = (ended, size, bold, colour, offset)
                # the whole description on hover (a play-tester read only its start)
                kit.set_tooltip(button, _(spec.description))
            cards.append((rect, lines))

        tallest = max(
            (
                ink(*lines[-1][:3], lines[-1][4]).bottom - ink(*lines[0][:3], 0).top
                for _rect, lines in cards
            ),
            default=0,
        )
        texts = []
        for rect, lines in cards:
            top_ink = ink(*lines[0][:3], 0).top
            top = rect.y + (rect.height - tallest) // 2 - top_ink
            for line, size, bold, colour, offset in lines:
                texts.append((line, size, bold, colour, (rect.x + 12, top + offset)))
        return texts
