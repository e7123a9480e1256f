"""The game log panel: scrolling reaches both ends."""

import pygame

from scenes.log_panel import LogPanel


def test_scrolling_up_reaches_the_first_line_and_down_the_last(fonts, monkeypatch):
    """Play-test: the wheel stopped one row short of the log's first line (the rows it may
    scroll were counted in a taller panel than the one drawn)."""
    panel = LogPanel(pygame.Rect(0, 0, 300, 240), [f"Line {n} of the log." for n in range(40)])
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: panel.rect.center)
    for _ in range(30):
        panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    drawn = []
    monkeypatch.setattr(
        "scenes.kit.blit_text", lambda surface, text, *rest, **named: drawn.append(text)
    )
    panel.draw(pygame.Surface(panel.rect.size))
    assert drawn[1] == "Line 0 of the log."  # after the panel's title
    assert len(drawn) - 1 == panel.visible_rows
    for _ in range(30):
        panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    drawn.clear()
    panel.draw(pygame.Surface(panel.rect.size))
    assert drawn[-1] == "Line 39 of the log."


def shown(panel, monkeypatch) -> list[str]:
    """The texts the panel draws: its title, the rows in view, then the marker's words."""
    drawn: list[str] = []
    monkeypatch.setattr(
        "scenes.kit.blit_text", lambda surface, text, *rest, **named: drawn.append(text)
    )
    panel.draw(pygame.Surface(panel.rect.size))
    monkeypatch.undo()
    return drawn


def test_the_log_follows_new_lines_at_the_bottom_and_marks_them_when_scrolled_up(
    fonts, monkeypatch
):
    """Play-test: scrolled up once, the log stayed there through later turns and new lines
    came in out of sight with no sign. At the bottom it follows them; scrolled up it stays on
    what the player reads and shows "New entries below", which a click follows."""
    panel = LogPanel(pygame.Rect(0, 0, 300, 240), [f"Line {n} of the log." for n in range(40)])
    panel.extend(["Line 40 of the log."])
    assert shown(panel, monkeypatch)[-1] == "Line 40 of the log."
    assert panel.marker_rect() is None
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: panel.rect.center)
    panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    before = shown(panel, monkeypatch)
    panel.extend(["Line 41 of the log.", "Line 42 of the log."])
    after = shown(panel, monkeypatch)
    assert after[:-1] == before  # the same rows, then the marker
    assert after[-1] == "New entries below"
    marker = panel.marker_rect()
    assert marker is not None and panel.rect.contains(marker)
    click = pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=marker.center)
    assert panel.handle_event(click)
    drawn = shown(panel, monkeypatch)
    assert drawn[-1] == "Line 42 of the log." and "New entries below" not in drawn
    assert panel.marker_rect() is None


def test_scrolling_back_down_by_hand_clears_the_marker(fonts, monkeypatch):
    panel = LogPanel(pygame.Rect(0, 0, 300, 240), [f"Line {n} of the log." for n in range(40)])
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: panel.rect.center)
    panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    panel.extend(["Line 40 of the log."])
    assert panel.marker_rect() is not None
    panel.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))
    assert panel.scroll == 0 and panel.marker_rect() is None
    assert shown(panel, monkeypatch)[-1] == "Line 40 of the log."


def test_the_log_shows_the_newest_lines_when_the_players_own_turn_starts(app, monkeypatch):
    """Play-test: after one scroll up the log stayed there through the bots' turns. Scrolled
    up while a bot plays, it follows the newest lines again when the person's turn starts."""
    from engine import registry
    from engine.match import Match, Seat
    from scenes.routes import open_match
    from tests.scenes.driver import frames, wait_for_human
    from tests.scenes.test_diced_tomatoes_table import human_step

    match = Match(
        registry.get("diced-tomatoes"), [Seat("human", "Ana"), Seat("bot", "Bo", "easy")], {}, 12
    )
    open_match(app, match)
    frames(app, 2)
    table = app.manager.top
    wait_for_human(app, table)
    for _ in range(40):  # Ana plays her turn out
        if match.current_player() != 0:
            break
        human_step(app, table)
    assert match.current_player() != 0
    box = table.log.box
    box.extend([f"Earlier line {n}." for n in range(30)])  # enough to scroll
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: box.rect.center)
    box.handle_event(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2))
    assert box.scroll > 0
    wait_for_human(app, table)
    frames(app, 2)  # the frame that tells the table the person may act
    assert match.current_player() == 0
    assert box.scroll == 0 and box.marker_rect() is None
    assert box.layer().rows[-1] == box.rows[-1]


LONG = "Bot 2 placed a north-south straight on H12 and ended the action phase at once."


def test_the_view_stays_full_and_a_cut_entry_is_marked_at_the_top(fonts, monkeypatch):
    """Play-tests: the replay's log at 1024 × 640 showed "H12." — the end of a wrapped entry —
    alone on top; then the log left empty rows above instead. The view is full, the newest row
    at the bottom, and an entry cut at the top shows an ellipsis before its row."""
    cuts = 0
    for height in (86, 108, 130, 152):
        panel = LogPanel(pygame.Rect(0, 0, 240, height), [LONG] * 6 + ["Turn 11: Bot 1 to play."])
        assert any(not first for _text, first in panel.rows)  # LONG wraps
        layer = panel.layer()
        assert layer.rows == tuple(panel.rows[-panel.visible_rows :])
        assert layer.top == panel.rows_top  # no empty rows above
        drawn = shown(panel, monkeypatch)
        rows = [text for text, _first in layer.rows]
        if layer.rows[0][1]:
            assert not layer.cut and drawn[1:] == rows
        else:
            cuts += 1
            assert layer.cut and drawn[1:] == ["\u2026", *rows]
    assert cuts >= 2  # the heights cut LONG at the top, and not always


def test_an_entry_longer_than_the_view_shows_its_beginning(fonts):
    panel = LogPanel(pygame.Rect(0, 0, 240, 64), ["Turn 11: Bot 1 to play.", LONG])
    assert panel.visible_rows == 1
    assert panel.layer().rows == (panel.rows[1],)  # LONG's first row, not its last words
