"""The statistics scene: the player's record per game and per opponent level, with pictures.

One tab per game that has finished games. For the chosen game: a table (one row per opponent
group: games, wins, win rate, average and best score, current and best streak), a chart of the
score over time (one dot per game, filled for a win) and a chart of the win rate against each
opponent group. Export CSV writes every game to a file beside the database. A damaged or busy
database is said on the screen; nothing else stops.
"""

from __future__ import annotations

import pygame
from pygame_gui.elements import UIButton

from engine import registry
from saves import stats
from scenes import kit
from scenes.manager import Scene
from scenes.toasts import shown_path
from translation import N_, _, ngettext

GROUP_NAMES = {
    "easy": N_("Easy bots"),
    "medium": N_("Medium bots"),
    "hard": N_("Hard bots"),
    "mixed": N_("Mixed bots"),
    "people": N_("Friends"),
    "solo": N_("Solo"),
}
GROUP_COLOURS = {
    "easy": (110, 190, 110),
    "medium": (236, 190, 60),
    "hard": (220, 90, 80),
    "mixed": (170, 120, 210),
    "people": (90, 150, 230),
    "solo": (200, 200, 200),
}
COLUMNS = (
    N_("Opponents"),
    N_("Games"),
    N_("Wins"),
    N_("Win rate"),
    N_("Average"),
    N_("Best"),
    N_("Streak"),
    N_("Best streak"),
)
SCORE_POINTS = 60
"""The score chart shows at most this many latest games."""


def group_name(group: str) -> str:
    """An opponents group ("easy", "people", "solo"...) as the table names it, translated;
    an unknown group as it is."""
    return _(GROUP_NAMES.get(group, group))


def game_title(game_id: str) -> str:
    """The translated title of game ``game_id``, or the id itself for a game this
    program does not know (a record from another version)."""
    try:
        return _(registry.get(game_id).title)
    except KeyError:
        return game_id


def percent(rate) -> str:
    """A win rate (0 to 1) as "67%"; "–" when there is none."""
    return "–" if rate is None else f"{round(rate * 100)}%"


def number(value) -> str:
    """A score with at most one decimal ("12.5", "12"); "–" when there is none."""
    if value is None:
        return "–"
    return f"{value:.1f}".rstrip("0").rstrip(".")


def not_counted() -> str:
    """What the wins and streaks of games among friends say: a person always wins them, so
    they are not counted (a play-tester read "–" as "no data yet")."""
    # TRANSLATORS: in the statistics table, across the Wins and Win rate columns (and the
    # two streak columns) of games among friends: someone at the computer always wins them
    return _("not counted")


def summary_cells(group: str, summary: stats.Summary) -> list:
    """One table row's texts, in :data:`COLUMNS` order. Games among friends only (no bot)
    count no wins, win rate or streaks: a person always wins them. An empty cell lends its
    room to the cell before it (:meth:`StatisticsScene.draw_table`)."""
    if group == "people":
        return [
            group_name(group),
            str(summary.games),
            not_counted(),
            "",
            number(summary.average_score),
            number(summary.best_score),
            not_counted(),
            "",
        ]
    return [
        group_name(group),
        str(summary.games),
        str(summary.wins),
        percent(summary.win_rate),
        number(summary.average_score),
        number(summary.best_score),
        str(summary.current_streak),
        str(summary.best_streak),
    ]


def against_bots_or_solo(records) -> list:
    """The records a win means something in: not games among friends only."""
    return [r for r in records if r.opponents != "people"]


def counts_as_a_win(record) -> bool:
    """Whether ``record`` is drawn and counted as a win: a person won it against the bots or
    alone (among friends a person always wins, so it is never "a win")."""
    return record.person_won and record.opponents != "people"


def with_opponents(records) -> list:
    """The records played against someone: solo games are measured in their own goal (matched
    slots, jewels delivered…), never averaged with points scored against opponents."""
    return [r for r in records if r.opponents != "solo"]


def solo_records(records) -> list:
    """The solo games among ``records`` (measured in their own goal, shown apart)."""
    return [r for r in records if r.opponents == "solo"]


def total_cells(records) -> list:
    """The "All opponents" row: every game against someone and its score; wins, win rate and
    streaks over the games against the bots (not counted when there are none). Solo games are
    left to their own row: their figures are not points."""
    records = with_opponents(records)
    scored = stats.summarize(records)
    counted = against_bots_or_solo(records)
    if not counted:
        return [_("All opponents"), str(len(records)), not_counted(), ""] + [
            number(scored.average_score),
            number(scored.best_score),
            not_counted(),
            "",
        ]
    cells = summary_cells("", stats.summarize(counted))
    cells[0], cells[1] = _("All opponents"), str(len(records))
    cells[4], cells[5] = number(scored.average_score), number(scored.best_score)
    return cells


def draw_score_chart(
    surface, rect: pygame.Rect, records, title: str | None = None, legend: str | None = None
) -> None:
    """Score over time: one dot per game (oldest left), coloured by opponents, filled for a
    win, joined by a line; the lowest and highest score on the left edge. ``title`` heads it
    and ``legend`` says what a filled dot is ("Score over time", "filled: a win against the
    bots" by default: a game among friends is hollow, whoever won; the solo chart has its
    own)."""
    kit.draw_panel(surface, rect)
    heading = title if title is not None else _("Score over time")
    legend = legend if legend is not None else _("filled: a win against the bots")
    legend_w = kit.text_size(legend, 13)[0]
    kit.blit_text(
        surface,
        heading,
        kit.fit_text(heading, 17, rect.width - 28 - legend_w - 12, bold=True),
        (rect.x + 14, rect.y + 8),
        kit.GOLD,
        True,
    )
    points = [r for r in records if r.person_score is not None][-SCORE_POINTS:]
    px = kit.px
    plot = pygame.Rect(rect.x + px(54), rect.y + px(40), rect.width - px(72), rect.height - px(72))
    if not points:
        kit.blit_text(surface, _("No scores yet."), 15, plot.center, kit.INK_DIM, anchor="center")
        return
    low = min(0, min(r.person_score for r in points))
    high = max(r.person_score for r in points)
    if high == low:
        high = low + 1
    for fraction in (0, 0.5, 1):
        y = plot.bottom - int(fraction * plot.height)
        pygame.draw.line(surface, (70, 84, 88), (plot.x, y), (plot.right, y))
        if (fraction * (high - low)) % 1:
            continue  # scores are whole points: no "7.5" on the middle line
        kit.blit_text(
            surface,
            number(low + fraction * (high - low)),
            13,
            (plot.x - 8, y),
            kit.INK_DIM,
            anchor="midright",
        )
    step = plot.width / max(1, len(points) - 1)
    spots = []
    for index, record in enumerate(points):
        x = plot.x + (int(index * step) if len(points) > 1 else plot.width // 2)
        y = plot.bottom - int((record.person_score - low) / (high - low) * plot.height)
        spots.append((x, y, record))
    if len(spots) > 1:
        pygame.draw.lines(surface, (150, 160, 150), False, [(x, y) for x, y, _ in spots], 2)
    radius = 6 if len(spots) <= 30 else 4
    for x, y, record in spots:
        colour = GROUP_COLOURS.get(record.opponents, kit.INK)
        pygame.draw.circle(surface, colour, (x, y), radius, 0 if counts_as_a_win(record) else 2)
    first, last = points[0].date, points[-1].date
    kit.blit_text(surface, first, 13, (plot.x, plot.bottom + 6), kit.INK_DIM)
    if last != first:
        kit.blit_text(
            surface, last, 13, (plot.right, plot.bottom + 6), kit.INK_DIM, anchor="topright"
        )
    kit.blit_text(
        surface, legend, 13, (rect.right - 14, rect.y + 11), kit.INK_DIM, anchor="topright"
    )


def draw_win_rate_chart(surface, rect: pygame.Rect, groups: dict) -> None:
    """Win rate against each opponent group (not games among friends): one bar per group, its
    rate above it and "wins/games" under its name."""
    kit.draw_panel(surface, rect)
    kit.blit_text(
        surface, _("Win rate by opponents"), 17, (rect.x + 14, rect.y + 8), kit.GOLD, True
    )
    px = kit.px
    plot = pygame.Rect(rect.x + 20, rect.y + px(64), rect.width - 40, rect.height - px(124))
    if not groups:
        kit.blit_text(
            surface,
            _("No games against the bots yet."),
            15,
            plot.center,
            kit.INK_DIM,
            anchor="center",
        )
        return
    pygame.draw.line(surface, (90, 104, 108), (plot.x, plot.bottom), (plot.right, plot.bottom))
    slot = plot.width / len(groups)
    bar_w = int(min(70, slot * 0.6))
    for index, (group, summary) in enumerate(groups.items()):
        centre = plot.x + int(slot * (index + 0.5))
        rate = summary.win_rate or 0.0
        height = int(plot.height * rate)
        bar = pygame.Rect(centre - bar_w // 2, plot.bottom - height, bar_w, height)
        if height:
            pygame.draw.rect(
                surface,
                GROUP_COLOURS.get(group, kit.INK),
                bar,
                border_top_left_radius=5,
                border_top_right_radius=5,
            )
        kit.blit_text(
            surface, percent(summary.win_rate), 15, (centre, bar.y - 4), kit.INK, True, "midbottom"
        )
        name = group_name(group)
        size = kit.fit_text(name, 14, int(slot) - 6, min_size=12)
        lines = kit.wrap(name, size, int(slot) - 6)[:2]  # "Medium bots" over two lines
        for line_index, line in enumerate(lines):
            kit.blit_text(
                surface,
                line,
                kit.fit_text(line, size, int(slot) - 6),
                (centre, plot.bottom + 4 + line_index * (size + 1)),
                kit.INK,
                anchor="midtop",
            )
        kit.blit_text(
            surface,
            f"{summary.wins}/{summary.games}",
            13,
            (centre, plot.bottom + 8 + len(lines) * (size + 1)),
            kit.INK_DIM,
            anchor="midtop",
        )


class StatisticsScene(Scene):
    """The player's record, read from the database when the scene opens."""

    paints_window = True  # its draw starts with the felt

    def __init__(self, app):
        super().__init__(app)
        self.problem: str | None = None
        try:
            self.records, skipped = stats.read_all()
        except stats.StatsError as err:
            self.records, skipped = [], 0
            self.problem = str(err)
        if skipped and not self.problem:
            self.problem = ngettext(
                "{count} recorded game could not be read and is left out.",
                "{count} recorded games could not be read and are left out.",
                skipped,
            ).format(count=skipped)
        played = {r.game for r in self.records}
        known = [spec.id for spec in registry.games()]
        self.games = [g for g in known if g in played] + sorted(played - set(known))
        latest = self.records[-1].game if self.records else None
        self.game = latest if latest in self.games else (self.games[0] if self.games else None)

    def build(self) -> None:
        w, h = self.app.size
        ui, c = self.app.ui, self.container
        px = kit.px  # sizes at 100 %, grown by the UI scale
        self.top = px(112 if h >= px(760) else 92)
        self.tabs = {}
        if self.games:
            gap = 10
            tab_w = min(px(240), (w - 80 - gap * (len(self.games) - 1)) // len(self.games))
            x = (w - (tab_w * len(self.games) + gap * (len(self.games) - 1))) // 2
            for game in self.games:
                self.tabs[game] = UIButton(
                    pygame.Rect(x, self.top, tab_w, px(36)),
                    game_title(game),
                    ui,
                    container=c,
                    command=kit.bind(self.choose, game),
                    object_id="#selected_button" if game == self.game else None,
                )
                x += tab_w + gap
        self.export_button = UIButton(
            pygame.Rect(40, h - px(44) - 18, px(200), px(44)),
            _("Export CSV"),
            ui,
            container=c,
            command=self.export,
            tool_tip_text=_("Write every recorded game to a CSV file"),
        )
        if not self.records:
            self.export_button.disable()
        UIButton(
            pygame.Rect(w - px(160) - 40, h - px(44) - 18, px(160), px(44)),
            _("Back"),
            ui,
            container=c,
            command=self.app.manager.pop,
            tool_tip_text=_(kit.BACK_TIP),
        )

    def choose(self, game: str) -> None:
        self.game = game
        self.relayout()

    def export(self) -> None:
        try:
            path = stats.export_csv(self.records, stats.export_path())
        except stats.StatsError as err:
            self.app.notify(str(err), seconds=8.0)
            return
        self.app.notify(
            ngettext(
                "Exported {count} game to {file}",
                "Exported {count} games to {file}",
                len(self.records),
            ).format(count=len(self.records), file=shown_path(path)),
            seconds=8.0,
        )

    def toast_area(self) -> tuple:
        """Above Export CSV and Back, from the bottom: over them a toast covered their labels
        (a play-test), and beside the heading it covered the tabs."""
        w, _h = self.app.size
        return pygame.Rect(40, 0, w - 80, self.export_button.get_abs_rect().top - 8), "bottom"

    def handle_event(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.manager.pop()
            return True
        return False

    # --- drawing ------------------------------------------------------------------------------
    def chosen_records(self) -> list:
        return [r for r in self.records if r.game == self.game]

    def subtitle(self) -> str:
        """The chosen game's games in a line: finished and won (against the bots or alone),
        and those with friends (a play-tester read the whole record's line under each game's
        tab as that game's)."""
        if not self.records:
            return _("Your record against the bots and your friends")
        records = self.chosen_records() if self.game else self.records
        counted = against_bots_or_solo(records)
        overall = stats.summarize(counted)
        parts = []
        if counted:  # a win is counted against the bots or alone, never among friends
            finished = ngettext(
                "{count} game finished", "{count} games finished", len(counted)
            ).format(count=len(counted))
            # TRANSLATORS: the games won among those finished: "5 games finished, 2 won"
            won = ngettext("{count} won", "{count} won", overall.wins).format(count=overall.wins)
            # TRANSLATORS: "5 games finished", "2 won" and the rate: "5 games finished, 2 won
            # (40 %)"
            line = _("{finished}, {won} ({rate})").format(
                finished=finished, won=won, rate=percent(overall.win_rate)
            )
            if overall.shared:  # a tie with a bot is a shared victory: a win, said as such
                shared = ngettext(
                    "{count} of them shared with a bot",
                    "{count} of them shared with bots",
                    overall.shared,
                ).format(count=overall.shared)
                # TRANSLATORS: "5 games finished, 2 won (40 %)", then "1 of them shared with a
                # bot"
                line = _("{line}, {shared}").format(line=line, shared=shared)
            parts.append(line)
        friends = len(records) - len(counted)
        if friends:
            parts.append(
                ngettext("{count} game with friends", "{count} games with friends", friends).format(
                    count=friends
                )
            )
        return " · ".join(parts)

    def draw(self, surface) -> None:
        kit.draw_table(surface)
        w, h = surface.get_size()
        kit.draw_heading(
            surface, _("Statistics"), self.subtitle(), top=16 if h >= kit.px(760) else 8
        )
        bottom = h - kit.px(44) - 32
        if self.problem:
            size = kit.fit_text(self.problem, 16, w - 520)
            kit.blit_text(
                surface, self.problem, size, (w // 2, h - 40), kit.DANGER, anchor="center"
            )
        if not self.game:
            area = pygame.Rect(40, self.top, w - 80, bottom - self.top)
            kit.draw_panel(surface, area)
            words = _(
                "No finished games yet. Every game you finish against the bots or with "
                "friends is recorded here."
            )
            for i, line in enumerate(kit.wrap(words, 18, area.width - 80)):
                kit.blit_text(
                    surface,
                    line,
                    18,
                    (area.centerx, area.centery + kit.px(i * 26 - 20)),
                    kit.INK_DIM,
                    anchor="center",
                )
            return
        records = self.chosen_records()
        groups = stats.by_opponents(records)
        table_top = self.top + kit.px(48)
        row_h = kit.px(28 if h >= kit.px(760) else 26)
        rows = len(groups) + (1 if with_opponents(records) else 0)  # and the total's
        table = pygame.Rect(40, table_top, w - 80, kit.px(14) + row_h * (rows + 1))
        self.draw_table(surface, table, groups, records, row_h)
        charts_top = table.bottom + 12
        for rect, draw in self.charts(pygame.Rect(40, charts_top, w - 80, bottom - charts_top)):
            draw(surface, rect)

    def charts(self, area: pygame.Rect) -> list:
        """``[(rect, draw(surface, rect)), …]`` side by side in ``area``: the score over time
        against opponents, the solo results over time (each only when there are such games),
        and the win rate by opponents."""
        records = self.chosen_records()
        against, alone = with_opponents(records), solo_records(records)
        groups = stats.by_opponents(records)
        charts: list = []
        if against or not alone:
            charts.append(
                (
                    0.6 if not alone else 0.36,
                    lambda surface, rect: draw_score_chart(surface, rect, against),
                )
            )
        if alone:
            solo_title = _("Solo results over time")
            charts.append(
                (
                    0.6 if not against else 0.28,
                    lambda surface, rect: draw_score_chart(
                        surface, rect, alone, solo_title, _("filled: goal reached")
                    ),
                )
            )
        bars = {group: summary for group, summary in groups.items() if group != "people"}
        charts.append((None, lambda surface, rect: draw_win_rate_chart(surface, rect, bars)))
        gap = 16
        room = area.width - gap * (len(charts) - 1)
        placed, x = [], area.x
        for share, draw in charts:
            width = int(room * share) if share is not None else area.right - x
            placed.append((pygame.Rect(x, area.y, width, area.height), draw))
            x += width + gap
        return placed

    def draw_table(self, surface, rect, groups, records, row_h) -> None:
        """Rows per opponent group, then the game's total, under a header; each group's row
        starts with its colour's dot, the key to the charts below."""
        kit.draw_panel(surface, rect)
        xs, widths = table_columns(rect)
        y = rect.y + 7
        middle = y + kit.text_size("Ag", 15, True)[1] // 2  # a shrunk header stays centred
        for index, (x, title) in enumerate(zip(xs, COLUMNS)):
            words = _(title)
            kit.blit_text(
                surface,
                words,
                kit.fit_text(words, 15, widths[index], bold=True),
                (x, middle),
                kit.GOLD,
                True,
                "midleft",
            )
        rows = [
            (group, summary_cells(group, summary))
            for group, summary in groups.items()
            if group != "solo"
        ]
        if with_opponents(records):
            rows.append((None, total_cells(records)))
        if "solo" in groups:  # below the total: its figures are the solo goal's, not points
            rows.append(("solo", summary_cells("solo", groups["solo"])))
        for row_index, (group, cells) in enumerate(rows):
            y = rect.y + 7 + row_h * (row_index + 1)
            if group is None or (group == "solo" and row_index):
                pygame.draw.line(
                    surface, (90, 104, 108), (rect.x + 10, y - 3), (rect.right - 10, y - 3)
                )
            for index, (x, cell) in enumerate(zip(xs, cells)):
                room = widths[index]
                for after in range(index + 1, len(cells)):
                    if cells[after]:
                        break
                    room = xs[after] + widths[after] - x  # the empty cell's room too
                drawn = kit.blit_text(
                    surface,
                    cell,
                    kit.fit_text(cell, 16, room, bold=group is None),
                    (x, y),
                    kit.INK,
                    group is None,
                )
                if index == 0 and group is not None:
                    centre = (rect.x + LEGEND_DOT_X, drawn.centery)
                    pygame.draw.circle(
                        surface, GROUP_COLOURS.get(group, kit.INK), centre, LEGEND_DOT_RADIUS
                    )


LEGEND_DOT_X, LEGEND_DOT_RADIUS, LEGEND_GAP = 18, 5, 9
"""A group's colour dot in the table: its centre's x from the panel's left edge, its radius,
and the room between it and the group's name, in pixels."""


def table_columns(rect: pygame.Rect) -> tuple:
    """``(xs, widths)``: where each column of the table in ``rect`` starts and how wide its
    text may be, in pixels. The first column (the opponents) starts after the colour dot and
    its gap, so the dot never touches the name."""
    first_x = rect.x + LEGEND_DOT_X + LEGEND_DOT_RADIUS + LEGEND_GAP
    first_w = int(rect.width * 0.22)
    room = rect.width - first_w - 20
    # each column as wide as its heading needs, the room left shared out evenly: equal
    # columns shrank "Лучшая серия" and left "Доля побед" touching "Среднее" (a play-tester)
    needs: list[float] = [kit.text_size(_(title), 15, True)[0] + 14 for title in COLUMNS[1:]]
    spare = (room - sum(needs)) / len(needs)
    if spare < 0:  # too little room for every heading: in proportion, each shrinks alike
        needs = [need * room / sum(needs) for need in needs]
        spare = 0
    starts: list[float] = [rect.x + 14 + first_w]
    for need in needs[:-1]:
        starts.append(starts[-1] + need + spare)
    xs = [first_x] + [int(x) for x in starts]
    widths = [xs[1] - first_x - 8] + [int(need + spare) - 6 for need in needs]
    return xs, widths
