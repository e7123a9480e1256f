"""The save envelope: format name, schema version, migrations, checksum.

docs/DESIGN.md, "Matches, undo, saves". A save is one JSON object::

    {"format": "tabletop-trio-save", "schema_version": 2, "game": "diced-tomatoes",
     "options": {...}, "seats": [...], "seed": 7, "history": [...], "snapshot": {...},
     "title": "Diced Tomatoes — Ana vs Bot", "turn": 12, "saved_at": "2026-11-29T15:00:00+00:00",
     "checksum": "<sha256 hex of the canonical JSON of everything else>"}

Loading verifies the checksum, migrates older schema versions one step at a time (one registered
function per step), replays the history and compares it with the snapshot. Every failure is a
:class:`SaveError` whose message a player understands.
"""
from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone

FORMAT = "tabletop-trio-save"
SCHEMA_VERSION = 3

MIGRATIONS: dict[int, object] = {}
"""``MIGRATIONS[v]`` turns a version-``v`` envelope (a dict) into version ``v + 1``."""


class SaveError(Exception):
    """A save that cannot be written or loaded; ``str(err)`` is a sentence for the player."""


def migration(from_version: int):
    """Decorator registering the step from ``from_version`` to ``from_version + 1``."""
    def register(func):
        MIGRATIONS[from_version] = func
        return func
    return register


@migration(0)
def _from_v0(envelope: dict) -> dict:
    """Version 0 (development builds) had no title or turn; fill them in."""
    envelope.setdefault("title", envelope.get("game", "Saved game"))
    envelope.setdefault("turn", 0)
    return envelope


@migration(1)
def _from_v1(envelope: dict) -> dict:
    """Version 1 Potion Explosion histories may hold steps today's rules no longer ask (the
    last turn's stack choices; a Blind Love stopped unused):
    :func:`engine.potion_explosion.legacy.upgrade_history` replays them under today's rules."""
    if envelope.get("game") != "potion-explosion":
        return envelope
    from engine import registry
    from engine.potion_explosion import legacy
    if not legacy.needs_upgrade(envelope):
        return envelope
    try:
        return legacy.upgrade_history(registry.get("potion-explosion"), envelope)
    except (KeyError, TypeError, ValueError) as err:
        raise SaveError(f"this save from an earlier version cannot be upgraded: {err}.") \
            from None


@migration(2)
def _from_v2(envelope: dict) -> dict:
    """Version 2 Off the Rails histories end the action phase by itself after the fourth action
    and answer jewel questions today's rules no longer ask:
    :func:`engine.off_the_rails.legacy.upgrade_history` replays them under today's rules."""
    if envelope.get("game") != "off-the-rails":
        return envelope
    from engine import registry
    from engine.off_the_rails import legacy
    try:
        return legacy.upgrade_history(registry.get("off-the-rails"), envelope)
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise SaveError(f"this save from an earlier version cannot be upgraded: {err}.") \
            from None


def canonical_json(data) -> str:
    """The one JSON spelling the checksum is taken over: sorted keys, no spaces, UTF-8."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def checksum(envelope: dict) -> str:
    """SHA-256 hex of the canonical JSON of ``envelope`` without its ``checksum`` field."""
    body = {k: v for k, v in envelope.items() if k != "checksum"}
    return hashlib.sha256(canonical_json(body).encode("utf-8")).hexdigest()


def match_title(match) -> str:
    """A short title for the save list: "Diced Tomatoes — Ana, Bot (Easy)"."""
    seats = ", ".join(s.name for s in match.seats)
    return f"{match.spec.title} — {seats}"


def make_envelope(match, title: str | None = None, now: datetime | None = None) -> dict:
    """The complete, checksummed envelope for ``match`` (an :class:`engine.match.Match`)."""
    envelope = {"format": FORMAT, "schema_version": SCHEMA_VERSION}
    envelope.update(match.to_save())
    envelope["title"] = title or match_title(match)
    envelope["turn"] = match.turn_count()
    envelope["saved_at"] = (now or datetime.now(timezone.utc)).isoformat(timespec="seconds")
    envelope["checksum"] = checksum(envelope)
    return envelope


def dumps(envelope: dict) -> str:
    """The text written to disk (readable, indented; the checksum ignores formatting)."""
    return json.dumps(envelope, indent=1, ensure_ascii=False) + "\n"


def parse(text: str, where: str = "this save") -> dict:
    """Check and migrate a save's text; returns the current-version envelope.

    Raises :class:`SaveError` for text that is not JSON, not a save, from a future version,
    damaged (checksum mismatch) or missing fields. ``where`` names the file in messages.
    """
    try:
        envelope = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise SaveError(f"{where} is not a readable save file (it is damaged or cut short: "
                        f"{err.msg if hasattr(err, 'msg') else err}).") from None
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise SaveError(f"{where} is not a Tabletop Trio save file.")
    version = envelope.get("schema_version")
    if not isinstance(version, int) or version < 0:
        raise SaveError(f"{where} has no valid schema version.")
    if version > SCHEMA_VERSION:
        raise SaveError(f"{where} was made by a newer version of Tabletop Trio "
                        f"(save format {version}; this program reads up to {SCHEMA_VERSION}).")
    if envelope.get("checksum") != checksum(envelope):
        raise SaveError(f"{where} has been changed or damaged since it was saved "
                        f"(its checksum does not match).")
    while version < SCHEMA_VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            raise SaveError(f"{where} uses save format {version}, which cannot be upgraded.")
        envelope = step(dict(envelope))
        version += 1
        envelope["schema_version"] = version
    missing = [k for k in ("game", "options", "seats", "seed", "history", "snapshot")
               if k not in envelope]
    if missing:
        raise SaveError(f"{where} is missing {', '.join(missing)}.")
    shapes = {"game": str, "options": dict, "seats": list, "seed": int, "history": list,
              "snapshot": dict}
    wrong = [k for k, kind in shapes.items() if not isinstance(envelope[k], kind)]
    if wrong:
        raise SaveError(f"{where} has damaged fields: {', '.join(wrong)}.")
    return envelope


def load_match(envelope: dict, where: str = "this save"):
    """Rebuild the :class:`engine.match.Match` of a checked envelope by replaying its history.

    Raises :class:`SaveError` for an unknown game or a history that does not replay.
    """
    from engine import registry
    from engine.match import Match

    try:
        spec = registry.get(envelope["game"])
    except KeyError:
        raise SaveError(f"{where} is a game this program does not know "
                        f"({envelope['game']!r}).") from None
    try:
        return Match.from_save(spec, envelope)
    except Exception as err:  # any failure to rebuild the game means a damaged save
        raise SaveError(f"{where} cannot be replayed: {err}.") from None
