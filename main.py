"""Tabletop Trio: play Potion Explosion, Off the Rails, Diced Tomatoes and Tea Time on one computer.

Run ``python main.py`` for the title screen, or ``python main.py --help`` for the options.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path
from typing import NoReturn

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

HERE = Path(__file__).resolve().parent
if __package__ and str(HERE) not in sys.path:
    # Installed (``tabletop_trio.main``): the game's packages sit beside this file and import
    # by their own names (``engine``, ``scenes``...), as they do in the source tree.
    sys.path.insert(0, str(HERE))

# after the path above: installed, these packages are found only through it
import translation  # noqa: E402
from translation import _  # noqa: E402


class PlainParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one plain line and exits with status 2."""

    def error(self, message):
        print(_("main.py: {message} (see --help)").format(message=message), file=sys.stderr)
        sys.exit(2)


def build_parser() -> argparse.ArgumentParser:
    """The command line of ``python main.py`` (``--game``, ``--seats``, ``--seed``,
    ``--option``...); a bad argument exits with status 2 in one plain line."""
    from engine import registry

    p = PlainParser(description=_("Tabletop Trio: board games against bots or friends."))
    p.add_argument(
        "--game",
        metavar="ID",
        help=_("start this game directly: {ids}").format(
            ids=", ".join(game_id for game_id, _title in registry.listed())
        ),
    )
    p.add_argument(
        "--seats",
        metavar="LIST",
        help=_(
            "seats, comma-separated: human, human:NAME (at most 24 characters), "
            "bot:easy|medium|hard"
        ),
    )
    p.add_argument("--seed", type=int, help=_("seed for the game's luck (default: random)"))
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=_("set a game option (repeatable), e.g. --option overload=on"),
    )
    p.add_argument("--load", metavar="FILE", help=_("open a saved game"))
    p.add_argument(
        "--position",
        metavar="TEXT",
        help=_(
            "start from a position in the game's notation (Copy in the pause "
            "menu gives one); with --game, or the game is found from the text"
        ),
    )
    p.add_argument(
        "--replay",
        metavar="FILE",
        help=_("watch a game record (a finished game's Save record), step by step"),
    )
    p.add_argument(
        "--host",
        action="store_true",
        help=_(
            "host an online game on the local network (with --game and --seats holding "
            "online:NAME seats); prints the address friends join at"
        ),
    )
    p.add_argument(
        "--join",
        metavar="ADDRESS",
        help=_("join the online game hosted at ADDRESS (ws://HOST:PORT) as --as NAME"),
    )
    p.add_argument(
        "--as", dest="player", metavar="NAME", help=_("your name in the game you --join")
    )
    p.add_argument(
        "--port", type=int, default=0, help=_("the port --host opens (default: any free one)")
    )
    p.add_argument(
        "--bind",
        default="0.0.0.0",
        metavar="ADDRESS",
        help=_("where --host listens (default 0.0.0.0: the whole local network)"),
    )
    p.add_argument(
        "--autoplay",
        action="store_true",
        help=_("bots take every seat (online: a bot plays your seat)"),
    )
    p.add_argument("--instant", action="store_true", help=_("turn animations off"))
    p.add_argument(
        "--quit-at-end",
        action="store_true",
        help=_("exit when the game ends and print one JSON line with the result"),
    )
    p.add_argument(
        "--screenshot", metavar="FILE", help=_("save a PNG after --frames frames and exit")
    )
    p.add_argument(
        "--frames",
        type=int,
        default=None,
        metavar="N",
        help=_("render N frames, then exit (with --screenshot: before it, default 30)"),
    )
    p.add_argument("--size", metavar="WxH", help=_("window size, e.g. 1024x640"))
    p.add_argument(
        "--scene",
        choices=(
            "title",
            "new",
            "load",
            "settings",
            "rules",
            "statistics",
            "online",
            "join",
            "matrix",
            "turn-files",
        ),
        help=_("open this menu scene first (for screenshots)"),
    )
    p.add_argument(
        "--language",
        choices=translation.LANGUAGES,
        help=_(
            "speak this language for this run (default: the settings, else the system's language)"
        ),
    )
    p.add_argument(
        "--ui-scale",
        type=int,
        choices=(100, 125, 150, 175, 200),
        metavar="PERCENT",
        help=_("size of text and buttons for this run: 100, 125, 150, 175 or 200"),
    )
    p.add_argument(
        "--install-desktop-entry",
        action="store_true",
        help=_(
            "Linux: add Tabletop Trio to the applications menu (a .desktop file "
            "and its icon in ~/.local/share) and exit"
        ),
    )
    p.add_argument(
        "--export-icon", metavar="FILE", help=_("write the icon as a 256x256 PNG and exit")
    )
    return p


def fail(message: str) -> NoReturn:
    """Print ``message`` on stderr as "main.py: message" and exit with status 2."""
    print(_("main.py: {message}").format(message=message), file=sys.stderr)
    sys.exit(2)


def parse_seats(text: str, autoplay: bool):
    """``"human,bot:easy"`` → list of Seat; raises ValueError in plain words."""
    from engine.match import Seat, bot_name

    seats, bots = [], 0
    for i, item in enumerate(p.strip() for p in text.split(",")):
        kind, _sep, extra = item.partition(":")
        if autoplay and kind == "human":
            kind, extra = "bot", "easy"
        if kind == "human":
            seats.append(Seat("human", extra or _("Player {number}").format(number=i + 1)))
        elif kind == "bot":
            level = extra or "medium"
            bots += 1
            seats.append(Seat("bot", bot_name(bots, level), level))
        else:
            raise ValueError(_("a seat is 'human' or 'bot:LEVEL', not {item!r}").format(item=item))
    return seats


def parse_option(spec, text: str, num_players: int | None = None):
    """``NAME=VALUE`` -> ``(name, value)``; a choice must exist for ``num_players`` seats (Off
    the Rails' game length). Raises ``ValueError`` naming the values allowed."""
    name, sep, raw = text.partition("=")
    known = {o.name: o for o in spec.options}
    if not sep or name not in known:
        if not known:
            raise ValueError(
                _("unknown option {text!r}; {game} has no options").format(
                    text=text, game=_(spec.title)
                )
            )
        raise ValueError(
            _("unknown option {text!r}; {game} has: {names}").format(
                text=text, game=_(spec.title), names=", ".join(known)
            )
        )
    opt = known[name]
    if opt.kind == "bool":
        if raw.lower() not in ("on", "off", "true", "false", "1", "0", "yes", "no"):
            raise ValueError(
                _("option {name} is on or off, not {raw!r}").format(name=name, raw=raw)
            )
        return name, raw.lower() in ("on", "true", "1", "yes")
    choices = opt.choices_for(num_players)
    for choice in choices:
        if str(choice) == raw:
            return name, choice
    if choices != opt.choices:
        raise ValueError(
            _("option {name} is one of {choices} with {count} players, not {raw!r}").format(
                name=name, choices=", ".join(map(str, choices)), count=num_players, raw=raw
            )
        )
    raise ValueError(
        _("option {name} is one of {choices}, not {raw!r}").format(
            name=name, choices=", ".join(map(str, choices)), raw=raw
        )
    )


MIN_SIZE = (1024, 640)
MAX_SIZE = (7680, 4320)
"""Window sizes --size accepts, in pixels: the smallest layout up to an 8K screen."""


def parse_size(text: str) -> tuple:
    """``"1280x800"`` → ``(1280, 800)``; raises ValueError in plain words."""
    try:
        width, height = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(
            _("--size must look like 1280x800, not {text!r}").format(text=text)
        ) from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise ValueError(
            _("--size must be at least 1024x640 (the smallest window), not {text}").format(
                text=text
            )
        )
    if width > MAX_SIZE[0] or height > MAX_SIZE[1]:
        raise ValueError(_("--size must be at most 7680x4320, not {text}").format(text=text))
    return width, height


def check_screenshot(text: str) -> None:
    """Raise ValueError unless a PNG can be written at ``text`` (its folder exists)."""
    path = Path(text)
    if path.is_dir():
        raise ValueError(
            _("--screenshot needs a file name, not the folder {path}").format(path=text)
        )
    folder = path.parent
    if not folder.is_dir():
        raise ValueError(
            _("--screenshot cannot be written: the folder {folder} does not exist").format(
                folder=folder
            )
        )


def check_not_empty(args) -> None:
    """An option given an empty value is a mistake, never silently ignored."""
    for flag in ("game", "seats", "load", "replay", "position", "screenshot", "size", "join"):
        value = getattr(args, flag)
        if value is not None and not value.strip():
            raise ValueError(_("--{flag} needs a value, not an empty one").format(flag=flag))
    if any(not o.strip() for o in args.option):
        raise ValueError(_("--option needs NAME=VALUE, not an empty value"))


def speaks(stream, text: str) -> bool:
    """Whether ``stream`` (stdout, stderr) can write ``text`` in its encoding."""
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeError, LookupError):
        return False
    return True


def safe_output() -> None:
    """A message is never a traceback for want of an encoding: what stdout or stderr cannot
    write becomes "?" (``PYTHONIOENCODING=ascii``, a C locale, an old Windows console)."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue  # not a text stream of ours (a test's capture): it writes what it is given
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError):
            pass


def console_language(argv) -> None:
    """The command line's own words (``--help``, a bad argument, a save that cannot be
    loaded) in English when the output cannot write the language in use (Russian or
    Japanese to an ASCII output): English a reader can read rather than question marks. The
    window speaks the language chosen (:func:`start_language` again before it opens)."""
    sample = _("Tabletop Trio: board games against bots or friends.") + _(
        "start this game directly: {ids}"
    )
    if not (speaks(sys.stdout, sample) and speaks(sys.stderr, sample)):
        translation.set_language("en")


def start_language(argv) -> None:
    """Speak, from the first message on, the language of ``--language`` (when given and
    known), else of the settings, else the system's."""
    argv = list(sys.argv[1:] if argv is None else argv)
    wanted = None
    for index, item in enumerate(argv):
        if item == "--language" and index + 1 < len(argv):
            wanted = argv[index + 1]
        elif item.startswith("--language="):
            wanted = item.partition("=")[2]
    if wanted not in translation.LANGUAGES:
        from saves.settings import load_settings

        wanted = load_settings().language or translation.system_language()
    translation.set_language(wanted)


def match_from_arguments(args):
    """The match of ``--position TEXT`` (with ``--game``, ``--seats``, ``--seed``,
    ``--option``); exits with one plain line when the position cannot be read or played."""
    from engine import registry
    from engine.positions import match_from_position, players_in, read_position

    try:
        if args.game:
            try:
                spec = registry.get(args.game)
            except KeyError as err:
                raise ValueError(err.args[0]) from None
            state = read_position(spec, args.position)
        else:
            from scenes.position import detect

            spec, state = detect(args.position)
        players = players_in(state) or 2
        default = ",".join(["human"] + ["bot:medium"] * (players - 1))
        seats = parse_seats(args.seats or default, args.autoplay)
        options = dict(parse_option(spec, o, len(seats)) for o in args.option)
        seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
        return match_from_position(spec, seats, options, seed, state)
    except ValueError as err:
        fail(str(err))


def online_choices(text: str) -> list:
    """``"human:Ana,online:Ben,bot:easy"`` → New game's ``(kind, name)`` per seat (a bot's
    kind is its level). Raises ValueError in plain words."""
    choices = []
    for item in (part.strip() for part in text.split(",")):
        kind, _sep, extra = item.partition(":")
        if kind in ("human", "online") and extra:
            choices.append((kind, extra))
        elif kind == "bot":
            choices.append((extra or "medium", ""))
        else:
            raise ValueError(
                _("an online seat is human:NAME, online:NAME or bot:LEVEL, not {item!r}").format(
                    item=item
                )
            )
    return choices


def online_play(args):
    """The online game of ``--host`` or ``--join`` (the host prints its address as one JSON
    line); exits with one plain line when it cannot be started."""
    import json

    from engine import registry
    from net import reopen
    from net.log import BadEntry, make_header

    try:
        if args.join:
            if not args.player:
                raise ValueError(_("--join needs --as NAME: your name in the game"))
            if args.game or args.seats:
                raise ValueError(_("--join takes the game and its seats from the host"))
            guest = reopen.join_lan(args.join, args.player)
            for _wait in range(300):
                if guest.welcomed.wait(0.1):
                    return reopen.joined(guest)
                if guest.trouble is not None and guest.trouble.retry_in is None:
                    break
            guest.close()
            trouble = guest.trouble
            raise ValueError(trouble.message if trouble else _("the host did not answer"))
        if not args.game or not args.seats:
            raise ValueError(_("--host needs --game and --seats (with online:NAME seats)"))
        try:
            spec = registry.get(args.game)
        except KeyError as err:
            raise ValueError(err.args[0]) from None
        choices = online_choices(args.seats)
        seats = reopen.online_seats(choices, "lan")
        options = dict(parse_option(spec, o, len(seats)) for o in args.option)
        header = make_header(spec, seats, options, args.seed)
        here = next(seat.player for (kind, _n), seat in zip(choices, seats) if kind == "human")
        play = reopen.host_lan(header, here or "", args.port, args.bind)
    except (ValueError, BadEntry, OSError) as err:
        fail(str(err))
    print(json.dumps({"address": play.address}), flush=True)
    return play


def desktop_files(args) -> int:
    """--install-desktop-entry / --export-icon: write the files, say where, exit."""
    from scenes import desktop
    from sprites.icon import save_png

    try:
        if args.export_icon:
            check_screenshot(args.export_icon)
            save_png(args.export_icon)
            print(f"wrote {args.export_icon}")
        if args.install_desktop_entry:
            for path in desktop.install_entry():
                print(f"wrote {path}")
    except (ValueError, OSError) as err:
        fail(str(err).replace("--screenshot", "--export-icon"))
    except Exception as err:  # pygame.error: the PNG could not be written
        fail(f"could not write the icon ({err})")
    return 0


def no_screen(environment, platform: str) -> bool:
    """True on Linux when no X or Wayland display is named and no SDL video driver is chosen:
    SDL would then draw off-screen, and the program ran on with no window anyone could see.
    ``environment`` is ``os.environ``; ``platform`` is ``sys.platform``."""
    return platform.startswith("linux") and not any(
        environment.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")
    )


def run_settings(args):
    """The settings this run uses (``saves.settings.Settings``): the stored ones, with
    ``--language`` and ``--ui-scale`` for this run only (the settings are written as read)."""
    from saves.settings import load_settings

    settings = load_settings()
    if args.language:
        settings.for_this_run("language", args.language)
    if args.ui_scale:
        settings.for_this_run("ui_scale", args.ui_scale)
    return settings


def first_frame(settings, size):
    """Open the window (``size``: ``--size``, or None for the ``settings``' size) and show its
    first frame, the felt and the program's name, before pygame_gui and the scenes load;
    returns the ``scenes.window.OpenedWindow``."""
    from scenes import window

    opened = window.open_window(settings, size)
    window.draw_first_frame(
        opened.screen,
        window.fitting_scale(settings.ui_scale, opened.screen.get_size()),
        settings.language or translation.system_language(),
    )
    return opened


def main(argv=None) -> int:
    """Run the program with the arguments ``argv`` (None: ``sys.argv[1:]``); returns the exit
    status. A bad argument is one plain line on stderr and ``SystemExit(2)``. Callable more
    than once in one process (the tests call it): a run that opens the window ends with
    ``pygame.quit()`` and puts the SIGTERM handler back as it found it."""
    safe_output()
    start_language(argv)
    console_language(argv)
    args = build_parser().parse_args(argv)
    size = None
    try:
        check_not_empty(args)
        if args.size:
            size = parse_size(args.size)
        if args.screenshot:
            check_screenshot(args.screenshot)
    except ValueError as err:
        fail(str(err))
    if args.frames is not None and args.frames < 1:
        fail(_("--frames must be at least 1"))
    if (
        not args.screenshot
        and not args.quit_at_end
        and args.frames is None
        and no_screen(os.environ, sys.platform)
    ):
        fail(_("there is no screen to open the window on (no display is set)"))

    import pygame

    if not getattr(pygame, "IS_CE", False):
        fail(
            _(
                "Tabletop Trio needs pygame-ce, but plain pygame is installed. "
                "Run: pip uninstall -y pygame && pip install -r requirements.txt"
            )
        )
    if args.install_desktop_entry or args.export_icon:
        return desktop_files(args)
    settings = opened = None
    if not any(
        (args.host, args.join, args.replay, args.load, args.position, args.game, args.seats)
        + (args.option, args.seed is not None)
    ):  # nothing left that could fail: the window opens now
        settings = run_settings(args)
        opened = first_frame(settings, size)

    from engine import registry
    from engine.match import Match
    from saves import store
    from saves.format import SaveError

    match = None
    replay_record = None
    play = None
    if args.host or args.join:
        if args.load or args.replay or args.position:
            fail(_("--host and --join start an online game on their own"))
        play = online_play(args)
    elif args.replay:
        from saves.record import RecordError, load_record

        if args.load or args.game:
            fail("--replay opens a game record on its own, without --load or --game")
        try:
            replay_record = load_record(args.replay)
        except RecordError as err:
            fail(f"{args.replay}: {err}")
    if args.load:
        try:
            match = store.load(args.load)
        except SaveError as err:
            fail(str(err))
        if args.autoplay:
            from engine.match import BOT_LEVELS, Seat

            match.seats = [
                Seat("bot", s.name, s.level if s.level in BOT_LEVELS else "easy")
                for s in match.seats
            ]
    elif args.position:
        match = match_from_arguments(args)
    elif args.game and play is None:
        try:
            spec = registry.get(args.game)
        except KeyError as err:
            fail(err.args[0])
        try:
            seats = parse_seats(
                args.seats
                or ("human,bot:medium" if spec.min_players <= 2 else "human,bot:medium,bot:medium"),
                args.autoplay,
            )
            options = dict(parse_option(spec, o, len(seats)) for o in args.option)
            seed = args.seed if args.seed is not None else random.SystemRandom().randrange(10**9)
            match = Match(spec, seats, options, seed)
        except ValueError as err:
            fail(str(err))
    elif play is None and (args.seats or args.option or args.seed is not None):
        fail(_("--seats, --seed and --option need --game"))

    start_language(argv)  # the window speaks the language chosen, whatever the console
    settings = settings or run_settings(args)
    opened = opened or first_frame(settings, size)
    from scenes import routes
    from scenes.app import App

    app = App(
        settings,
        size=size,
        instant=args.instant,
        quit_at_end=args.quit_at_end,
        autoplay=args.autoplay,
        think_in_process=True,
        window=opened,
    )
    app.keeps_games = not args.screenshot
    for problem in (settings.problem, store.storage_problem()):
        if problem:  # said, and the game is played without saving what cannot be saved
            app.notify(problem, seconds=8.0)
    store.clean_stray_temps()
    routes.push(app, "title")

    def settle() -> None:
        """The statistics checked and a game finished before a kill recorded, after the first
        frame (it reads the statistics and may load a save); the screens then read again."""
        from saves import finish

        def slots() -> set:
            try:
                return set(store.saves_dir().glob("autosave-*.json"))
            except (OSError, SaveError):
                return set()

        before = slots()
        for note in finish.settle():
            app.notify(note, seconds=8.0)
        if slots() != before:
            app.manager.relayout()  # Continue no longer offers a slot settled just now

    app.at_start.append(settle)
    if play is not None:
        routes.open_online(app, play)
    elif replay_record is not None:
        app.manager.push(routes.table_for(app, replay_record.fresh_match(), replay_record.history))
    elif match is not None:
        routes.open_match(app, match)
    elif args.scene and args.scene != "title":
        names = {
            "new": "new_game",
            "load": "load_game",
            "online": "online_games",
            "join": "online_join",
            "matrix": "online_settings",
            "turn-files": "turn_files",
        }
        routes.push(app, names.get(args.scene, args.scene))
    frames = args.frames if args.frames is not None else (30 if args.screenshot else None)
    return app.run(frames=frames, screenshot=args.screenshot)


def entry() -> None:
    """The installed command ``tabletop-trio`` (pyproject.toml's GUI entry point)."""
    sys.exit(main())


if __name__ == "__main__":
    sys.exit(main())
