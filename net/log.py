"""The turn log of a game played at a distance: its header, its entries, and their checks.

docs/DESIGN.md, "Playing at a distance". Only the decisions of human seats travel: every
computer replays them with its own engine, draws every chance outcome itself from the header's
seed (as :meth:`engine.match.Match.resolve_chance` does: ``random.Random(f"{seed}:{step}")``)
and plays the bots itself (:mod:`net.bots`). Each entry carries a hash of the state after it,
so a computer that reached another position stops instead of playing a different game.

The header (plain data, :func:`parse_header`)::

    {"format": "tabletop-trio-online", "protocol": 1, "game_id": "9f2c...",
     "game": "potion-explosion", "rules_version": 3, "program_version": "0.9.0",
     "options": {...}, "seed": 812, "clock": null,
     "seats": [{"kind": "human", "name": "Ana", "player": "@ana:example.org"},
               {"kind": "human", "name": "Ben", "player": "Ben"},
               {"kind": "bot", "name": "Bot 1 (Hard)", "level": "hard"}]}

A human seat's ``player`` says who plays it: a Matrix id, or a name on a local network or by
file. Entries (:func:`parse_entry`), ``turn`` being the entry's place in the log and ``step``
the match's history length before it:

* ``turn``: ``{"kind": "turn", "turn", "step", "seat", "actions": [...], "hash"}`` — a seat's
  consecutive decisions until another seat is to move (chance between them is not sent);
  ``hash`` is the state after them and the chance that followed (None only for the answer to a
  commitment, which nobody can hash before the reveal).
* ``commit``: ``{"kind": "commit", ..., "seat", "commit"}`` — a secret decision's hash.
* ``reveal``: ``{"kind": "reveal", ..., "seat", "nonce", "actions", "hash"}`` — the secret.
* ``handover``: ``{"kind": "handover", ..., "seat", "target", "level"}`` — seat ``seat`` hands
  seat ``target`` (past its time, or gone) to a bot of ``level``.

Every check refuses with :class:`BadEntry` (a sentence for the player): size, JSON, keys,
types and ranges here; the seat, the turn and each action's legality in :mod:`net.session`.
"""

from __future__ import annotations

import hashlib
import json
import re
import secrets
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path
from typing import Any

from engine import registry
from engine.core import Action, GameSpec
from engine.match import BOT, BOT_LEVELS, HUMAN, Seat
from engine.positions import players_in, read_position
from translation import N_, _, ngettext

FORMAT = "tabletop-trio-online"
PROTOCOL = 1
MAX_ENTRY_BYTES = 64 * 1024
"""An entry is refused above this size (a whole Potion Explosion turn is about 2 KB)."""
MAX_HEADER_BYTES = 16 * 1024
MAX_ACTIONS = 500
"""The most decisions in one entry (the longest turn of thousands of random games: ~60)."""
MAX_INDEX = 10_000_000
MAX_PLAYER_ID = 255
"""A Matrix id is at most 255 characters; so is a seat's ``player``."""
KINDS = ("turn", "commit", "reveal", "handover")
CLOCK_CHOICES: tuple[int | None, ...] = (None, 60, 180, 600, 43_200, 86_400, 259_200, 604_800)
"""Seconds a seat has for each turn, as the website's speeds (live: 1, 3 or 10 minutes;
turn-based: 12 hours, a day, three days, a week); None: no clock (the default)."""

_HEX64 = re.compile(r"[0-9a-f]{64}")
_HEX32 = re.compile(r"[0-9a-f]{32}")
_GAME_ID = re.compile(r"[0-9a-f]{16,64}")


class BadEntry(ValueError):
    """An entry or header that cannot be used; ``str(err)`` is a sentence for the player.
    ``stop`` is True when the game cannot go on (another rules version)."""

    def __init__(self, message: str, stop: bool = False):
        super().__init__(message)
        self.stop = stop


def canonical(data: Any) -> bytes:
    """The one spelling of plain data every computer agrees on: JSON with sorted keys, no
    spaces, UTF-8, no NaN. Raises ``ValueError`` for what JSON cannot hold."""
    return json.dumps(
        data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def state_hash(state) -> str:
    """SHA-256 (hex) of the canonical JSON of ``state.to_dict()``: equal on two computers
    exactly when their positions are."""
    return hashlib.sha256(canonical(state.to_dict())).hexdigest()


def new_nonce() -> str:
    """32 hex digits from the operating system's secure generator (never the game's luck)."""
    return secrets.token_hex(16)


def commitment(nonce: str, actions: list[dict]) -> str:
    """The hash a secret decision is committed to: SHA-256 of ``{"nonce", "actions"}``."""
    return hashlib.sha256(canonical({"nonce": nonce, "actions": actions})).hexdigest()


def new_game_id() -> str:
    """A random id for a new online game (16 hex digits)."""
    return secrets.token_hex(8)


def program_version() -> str:
    """This program's version: the installed package's, else the source's pyproject.toml."""
    try:
        return metadata.version("tabletop-trio")
    except metadata.PackageNotFoundError:
        pass
    try:
        text = (Path(__file__).resolve().parent.parent / "pyproject.toml").read_text("utf-8")
    except OSError:
        return "unknown"
    found = re.search(r'^version\s*=\s*"([^"]+)"', text, flags=re.MULTILINE)
    return found.group(1) if found else "unknown"


# --- the header ------------------------------------------------------------------------------
@dataclass(frozen=True)
class OnlineSeat:
    """A seat of an online game: ``kind`` human or bot; a human's ``player`` (a Matrix id or a
    name) says who plays it; a bot has a ``level``."""

    kind: str
    name: str
    player: str | None = None
    level: str | None = None

    def to_dict(self) -> dict:
        if self.kind == BOT:
            return {"kind": BOT, "name": self.name, "level": self.level}
        return {"kind": HUMAN, "name": self.name, "player": self.player}

    def seat(self) -> Seat:
        """The match's seat (a remote human is a human seat to the engine)."""
        return Seat(self.kind, self.name, self.level)


@dataclass(frozen=True)
class Header:
    """A validated header (:func:`parse_header`); ``data`` is its plain form."""

    game_id: str
    spec: GameSpec
    options: dict
    seed: int
    seats: tuple[OnlineSeat, ...]
    program_version: str
    clock: int | None
    data: dict
    start: str | None = None
    """The position the game starts from, in the game's notation (None: the set-up)."""

    def players(self) -> list[str | None]:
        """Each seat's player (None for a bot), in seat order."""
        return [seat.player for seat in self.seats]


def make_header(
    spec: GameSpec,
    seats: list[OnlineSeat],
    options: dict | None = None,
    seed: int | None = None,
    clock: int | None = None,
    start: str | None = None,
) -> Header:
    """A new game's header: a fresh game id, this program's version, the game's rules version,
    a random seed unless given. Raises :class:`BadEntry` for a bad seat, option or clock."""
    data = {
        "format": FORMAT,
        "protocol": PROTOCOL,
        "game_id": new_game_id(),
        "game": spec.id,
        "rules_version": spec.rules_version,
        "program_version": program_version(),
        "options": spec.resolve_options(options, len(seats)),
        "seed": secrets.randbelow(2**31) if seed is None else seed,
        "clock": clock,
        "seats": [seat.to_dict() for seat in seats],
    }
    if start is not None:
        data["start"] = start
    return parse_header(data)


def _is_int(value: Any, low: int, high: int) -> bool:
    return type(value) is int and low <= value < high


def parse_header(data: Any) -> Header:
    """The header of ``data`` (plain data, or JSON text), checked: format, protocol, a known
    game with this program's rules version, its options, the seed, the seats and the clock.

    Raises :class:`BadEntry`; ``stop`` is set when the game exists but this program's rules
    differ (then no game may be played from it)."""
    data = _plain(data, MAX_HEADER_BYTES, "header")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise BadEntry(_("This is not a Tabletop Trio online game."))
    if data.get("protocol") != PROTOCOL:
        raise BadEntry(
            _(
                "This online game needs another version of Tabletop Trio (protocol {number})."
            ).format(number=str(data.get("protocol"))[:12]),
            stop=True,
        )
    game_id, game = data.get("game_id"), data.get("game")
    if not isinstance(game_id, str) or not _GAME_ID.fullmatch(game_id):
        raise BadEntry(_("The online game has no valid id."))
    try:
        spec = registry.get(game) if isinstance(game, str) else None
    except KeyError:
        spec = None
    if spec is None:
        raise BadEntry(
            _("This program does not know the game {game!r}.").format(game=str(game)[:40]),
            stop=True,
        )
    version, program = data.get("rules_version"), data.get("program_version")
    if not isinstance(program, str) or len(program) > 40:
        raise BadEntry(_("The online game names no program version."))
    if version != spec.rules_version:
        raise BadEntry(
            _(
                "This game of {game} follows other rules (version {theirs}, from Tabletop Trio "
                "{program}) than this program's (version {ours}). Play it with the same version "
                "of Tabletop Trio."
            ).format(
                game=_(spec.title),
                theirs=str(version)[:12],
                program=program,
                ours=spec.rules_version,
            ),
            stop=True,
        )
    seed, clock = data.get("seed"), data.get("clock")
    if not isinstance(seed, int) or not _is_int(seed, 0, 2**63):
        raise BadEntry(_("The online game's seed is not a whole number."))
    if clock not in CLOCK_CHOICES or isinstance(clock, bool):
        raise BadEntry(_("The online game's clock is not one this program offers."))
    raw_seats = data.get("seats")
    if not isinstance(raw_seats, list) or not (
        spec.min_players <= len(raw_seats) <= spec.max_players
    ):
        raise BadEntry(
            _("{game} is played by {fewest} to {most} players.").format(
                game=_(spec.title), fewest=spec.min_players, most=spec.max_players
            )
        )
    seats = tuple(_parse_seat(seat) for seat in raw_seats)
    players = [seat.player for seat in seats if seat.player is not None]
    if len(set(players)) != len(players):
        raise BadEntry(_("Two seats of the online game name the same player."))
    options = data.get("options")
    if not isinstance(options, dict):
        raise BadEntry(_("The online game's options are damaged."))
    try:
        options = spec.resolve_options(options, len(seats))
    except ValueError as err:
        raise BadEntry(str(err)) from None
    start = data.get("start")
    if set(data) - {"start"} != _HEADER_KEYS or not (start is None or isinstance(start, str)):
        raise BadEntry(_("The online game's description has missing or unknown parts."))
    if start is not None:
        try:
            state = read_position(spec, start)
        except ValueError as err:
            raise BadEntry(str(err)) from None
        if players_in(state) not in (None, len(seats)):
            raise BadEntry(
                ngettext(
                    "This position is for {count} player, not {seats}.",
                    "This position is for {count} players, not {seats}.",
                    players_in(state) or 0,
                ).format(count=players_in(state), seats=len(seats))
            )
    return Header(game_id, spec, options, seed, seats, program, clock, data, start)


_HEADER_KEYS = {
    "format",
    "protocol",
    "game_id",
    "game",
    "rules_version",
    "program_version",
    "options",
    "seed",
    "clock",
    "seats",
}


def _parse_seat(data: Any) -> OnlineSeat:
    if not isinstance(data, dict):
        raise BadEntry(_("A seat of the online game is damaged."))
    kind, name = data.get("kind"), data.get("name")
    if not isinstance(name, str):
        raise BadEntry(_("A seat of the online game is damaged."))
    try:
        if kind == BOT and set(data) == {"kind", "name", "level"}:
            Seat(BOT, name, data.get("level"))  # checks the name and the level
            return OnlineSeat(BOT, name, level=data["level"])
        player = data.get("player")
        if kind == HUMAN and set(data) == {"kind", "name", "player"}:
            if isinstance(player, str) and 0 < len(player) <= MAX_PLAYER_ID:
                Seat(HUMAN, name)
                return OnlineSeat(HUMAN, name, player=player)
    except (ValueError, TypeError):
        pass
    raise BadEntry(_("A seat of the online game is damaged."))


# --- entries ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Entry:
    """One validated entry of the log (see the module's docstring for the kinds)."""

    kind: str
    turn: int
    step: int
    seat: int
    actions: tuple[Action, ...] = ()
    hash: str | None = None
    commit: str | None = None
    nonce: str | None = None
    target: int | None = None
    level: str | None = None

    def to_dict(self) -> dict:
        """The entry's plain data, as it travels."""
        data: dict[str, Any] = {
            "kind": self.kind,
            "turn": self.turn,
            "step": self.step,
            "seat": self.seat,
        }
        if self.kind in ("turn", "reveal"):
            data["actions"] = [action.to_dict() for action in self.actions]
            data["hash"] = self.hash
        if self.kind == "commit":
            data["commit"] = self.commit
        if self.kind == "reveal":
            data["nonce"] = self.nonce
        if self.kind == "handover":
            data["target"] = self.target
            data["level"] = self.level
        return data

    def same_as(self, other: Entry) -> bool:
        """True when both say the same thing (a duplicate)."""
        return canonical(self.to_dict()) == canonical(other.to_dict())


_KEYS = {
    "turn": {"kind", "turn", "step", "seat", "actions", "hash"},
    "commit": {"kind", "turn", "step", "seat", "commit"},
    "reveal": {"kind", "turn", "step", "seat", "actions", "hash", "nonce"},
    "handover": {"kind", "turn", "step", "seat", "target", "level"},
}


_PLAIN_PROBLEMS = {
    "entry": {
        "large": N_("A move from the network is too large ({size} KB)."),
        "text": N_("A move from the network is not text."),
        "json": N_("A move from the network is not readable (damaged JSON)."),
        "plain": N_("A move from the network is not plain data."),
    },
    "header": {
        "large": N_("The online game's description is too large ({size} KB)."),
        "text": N_("The online game's description is not text."),
        "json": N_("The online game's description is not readable (damaged JSON)."),
        "plain": N_("The online game's description is not plain data."),
    },
}
"""What is wrong with an entry's or a header's form, whole sentences (English)."""


def _plain(data: Any, limit: int, kind: str) -> Any:
    """``data`` as plain data: JSON text (str or bytes) is parsed, at most ``limit`` bytes.
    ``kind`` ("entry" or "header") chooses the sentences of :data:`_PLAIN_PROBLEMS`."""
    problems = _PLAIN_PROBLEMS[kind]
    if isinstance(data, (bytes, bytearray)):
        if len(data) > limit:
            raise BadEntry(_(problems["large"]).format(size=len(data) // 1024))
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadEntry(_(problems["text"])) from None
    if isinstance(data, str):
        size = len(data.encode("utf-8"))
        if size > limit:
            raise BadEntry(_(problems["large"]).format(size=size // 1024))
        try:
            return json.loads(data)
        except (ValueError, RecursionError):
            raise BadEntry(_(problems["json"])) from None
    try:
        size = len(canonical(data))
    except (ValueError, TypeError, RecursionError):
        raise BadEntry(_(problems["plain"])) from None
    if size > limit:
        raise BadEntry(_(problems["large"]).format(size=size // 1024))
    return data


def parse_entry(data: Any, header: Header) -> Entry:
    """The entry of ``data`` (plain data, or JSON text) for the game of ``header``: its size,
    keys, kinds, ranges and actions (decoded by the game's codec; whether they are legal is
    checked when the entry is played). Raises :class:`BadEntry` in plain words."""
    data = _plain(data, MAX_ENTRY_BYTES, "entry")
    if not isinstance(data, dict) or data.get("kind") not in KINDS:
        raise BadEntry(_("A move from the network is not a Tabletop Trio move."))
    kind = data["kind"]
    if set(data) != _KEYS[kind]:
        raise BadEntry(_("A move from the network has missing or unknown parts."))
    seats = len(header.seats)
    turn, step, seat = data["turn"], data["step"], data["seat"]
    if not (_is_int(turn, 0, MAX_INDEX) and _is_int(step, 0, MAX_INDEX)):
        raise BadEntry(_("A move from the network has no valid turn number."))
    if not _is_int(seat, 0, seats):
        raise BadEntry(_("A move from the network names no seat of this game."))
    actions: tuple[Action, ...] = ()
    if kind in ("turn", "reveal"):
        raw = data["actions"]
        if not isinstance(raw, list) or not 0 < len(raw) <= MAX_ACTIONS:
            raise BadEntry(_("A move from the network holds no valid list of decisions."))
        try:
            actions = tuple(header.spec.action_codec.from_dict(item) for item in raw)
        except (ValueError, TypeError) as err:
            raise BadEntry(
                _("A move from the network holds a damaged decision ({error}).").format(
                    error=str(err)[:80]
                )
            ) from None
        digest = data["hash"]
        if not (digest is None and kind == "turn") and not (
            isinstance(digest, str) and _HEX64.fullmatch(digest)
        ):
            raise BadEntry(_("A move from the network has a damaged position check."))
    entry = Entry(kind, turn, step, seat, actions, data.get("hash"))
    if kind == "commit":
        if not isinstance(data["commit"], str) or not _HEX64.fullmatch(data["commit"]):
            raise BadEntry(_("A hidden choice from the network is damaged."))
        entry = Entry(kind, turn, step, seat, commit=data["commit"])
    elif kind == "reveal":
        if not isinstance(data["nonce"], str) or not _HEX32.fullmatch(data["nonce"]):
            raise BadEntry(_("A revealed choice from the network is damaged."))
        entry = Entry(kind, turn, step, seat, actions, data["hash"], nonce=data["nonce"])
    elif kind == "handover":
        target, level = data["target"], data["level"]
        if not _is_int(target, 0, seats) or target == seat or level not in BOT_LEVELS:
            raise BadEntry(_("A request to hand a seat to a bot is damaged."))
        entry = Entry(kind, turn, step, seat, target=target, level=level)
    return entry
