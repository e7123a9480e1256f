"""Drive the real app headless with synthetic events (tests only)."""

from __future__ import annotations

import weakref

import pygame

from saves.settings import Settings
from scenes.app import App


def make_app(
    size=(1280, 800), instant=True, pass_screen=False, background_saves=False, **kw
) -> App:
    """A headless app; bots search a fixed amount (no clock) so games repeat exactly.
    ``background_saves`` writes autosaves in the worker thread as the real program does (the
    newest request wins), for tests that play hundreds of steps and never read the slot."""
    app = App(
        Settings(animation_speed="instant" if instant else "normal", pass_screen=pass_screen),
        size=size,
        instant=instant,
        **kw,
    )
    app.timed_bots = False
    if background_saves:
        app.autosaver.start()
    _APPS.add(app)
    return app


_APPS: weakref.WeakSet = weakref.WeakSet()


def close_apps() -> None:
    """End every app a test made, as the program ends: bots stop thinking, autosaves are
    written, the sound stops, and the events left in pygame's queue are dropped. pygame itself
    keeps running, so the next test starts with warm fonts and drawing caches (after
    ``pygame.quit()`` every font loads its glyphs again: ~40 ms of a table's first frame)."""
    for app in list(_APPS):
        for scene in app.manager.stack:
            if hasattr(scene, "shutdown"):
                scene.shutdown()
            if getattr(scene, "online", None) is not None:
                scene.online.close()  # its transport's threads and port
        app.autosaver.close()
        app.close_thinker()
        app.sound.close()
    _APPS.clear()
    pygame.event.clear()


def frames(app, n=1, dt=1 / 60, events=None, draw=True):
    """Run ``n`` frames; ``events`` are delivered in the first one, after the events pygame_gui
    itself queued (button presses, dropdown changes), as the real loop would. ``draw=False``
    draws only the last of them (waiting loops: a frame nobody looks at need not be drawn)."""
    for i in range(n):
        queued = pygame.event.get()
        app.step(
            dt,
            events=queued + (list(events or []) if i == 0 else []),
            draw=draw or i == n - 1,
        )


def click_at(app, pos, button=1):
    """Move to ``pos``, press and release there. Only the frame after the release is drawn:
    hover and press change what the widgets and tables hold in their updates, and the click
    is taken where the last drawn frame put things."""
    down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60, events=pygame.event.get() + [motion], draw=False)
    app.step(1 / 60, events=pygame.event.get() + [down], draw=False)
    frames(app, 2, events=[up], draw=False)


def click(app, element):
    """Click the centre of a pygame_gui element."""
    click_at(app, element.get_abs_rect().center)


def key(app, k, mod=0):
    frames(
        app, 2, events=[pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)]
    )


def find_button(app, text):
    """The visible UIButton whose text is ``text`` (in the top scene's container)."""
    from pygame_gui.elements import UIButton

    for el in app.ui.get_sprite_group().sprites():
        if isinstance(el, UIButton) and el.text == text and el.visible:
            return el
    raise LookupError(f"no visible button {text!r}")


def settle(table, timeout=10.0):
    """Block until the bot's or the hint's search running in ``table``'s worker thread ends:
    frames spun meanwhile would only take the GIL from it (a person's frames come 1/60 s
    apart; a test's, undrawn, a few microseconds)."""
    driver = getattr(table, "driver", None)
    if driver is not None:
        driver.settle(timeout)


def wait_for_human(app, table, limit=3000, dt=0.25):
    """Run frames until a person may act at ``table``, the game is over or another scene (a
    pass screen, the score sheet) covers the table. Only the last frame is drawn: how many
    frames a bot's thread takes varies, so the state the test acts on must be drawn, and the
    frames between draw nothing a test reads (the step-by-step tests draw animations)."""
    for _ in range(limit):
        if table.human_to_move() or table.match.is_terminal() or app.manager.top is not table:
            app.draw()  # what the person sees now: targets and layout follow the last drawing
            return
        settle(table)
        app.step(dt, events=pygame.event.get(), draw=False)


def ask_hint(app, table, limit=400):
    """Press H and run frames until the hint arrives; returns it (None if it never came)."""
    key(app, pygame.K_h)
    for _ in range(limit):
        if table.current_hint() is not None:
            break
        settle(table)
        frames(app, 1, dt=0.05)
    return table.current_hint()


def area(table, key):
    """The rect of the target ``key`` in ``table.targets()`` (a circle's square), or of the hit
    area ``key`` in ``table.hit_areas()`` (tables not yet rebuilt); ``LookupError`` if absent."""
    for target in table.targets():
        if target.key == key:
            return target.bounds
    for rect, k in getattr(table, "hit_areas", list)():
        if k == key:
            return rect
    raise LookupError(key)


def play_to_end(app, table, human_step, limit=4000):
    """Let ``human_step(app, table)`` make every human decision until the score sheet shows;
    each step must change the match (else the message in the top bar is reported). Autosaves
    go to the worker thread as in the real program (the newest request wins): nobody reads the
    slot mid-game, and writing each of hundreds of steps at once was most of such a test."""
    from scenes.game_over import GameOverScene

    app.autosaver.start()
    match = table.match
    for _ in range(limit):
        if isinstance(app.manager.top, GameOverScene):
            return app.manager.top
        wait_for_human(app, table)
        if match.is_terminal():
            frames(app, 3, dt=0.5)
            continue
        before = len(match.history)
        human_step(app, table)
        assert len(match.history) > before, table.current_message()
    raise AssertionError("the game did not end")


def play_out_animations(table, surface, dt=0.1, draw_every=3):
    """Run ``table``'s animations to their end, drawing every ``draw_every``-th frame and the
    one they end on: each animation is still drawn at several points along its way, and a
    frame between two drawn ones shows nothing the test could tell apart."""
    count = 0
    while table.player.busy:
        table.player.update(dt)
        count += 1
        if count % draw_every == 0 or not table.player.busy:
            table.draw(surface)


def run_to_score_sheet(app, limit=6000, dt=0.25):
    """Run frames while bots play until the score sheet shows (or ``limit`` frames); returns
    the top scene. Every sixteenth frame is drawn, and the last; autosaves go to the worker
    thread as in the real program."""
    from scenes.game_over import GameOverScene

    app.autosaver.start()
    for count in range(limit):
        if isinstance(app.manager.top, GameOverScene):
            break
        settle(app.manager.top)
        app.step(dt, events=pygame.event.get(), draw=count % 16 == 15)
    app.draw()
    return app.manager.top


def present(table, events, before):
    """Show ``events`` (which took ``before`` to the match's state) at ``table``, as the table
    shows a step it applied itself."""
    from scenes.table.driver import Stepped

    table.present(Stepped(tuple(events), before, "person"))


def click_move(app, label):
    """Click the move ``label`` on the generic table (its list of legal moves)."""
    table = app.manager.top
    for target in table.targets():
        if target.key[0] == "move" and target.tooltip and target.tooltip[0] == label:
            click_at(app, target.bounds.center)
            return
    raise LookupError(f"no move {label!r}")


def past_pass_screens(app, n: int = 2) -> None:
    """Confirm every pass screen on top (hot-seat with secret hands puts one before every
    person's turn, the first included), drawing ``n`` frames after each."""
    from scenes.pass_screen import PassScreen

    while isinstance(app.manager.top, PassScreen):
        app.manager.pop()
        frames(app, n)
