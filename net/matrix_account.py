"""A Matrix account for online games: sign-in, the stored access token, game rooms, the list.

Settings → Online → sign in asks the homeserver, the user and the password once: the
password goes to the homeserver and nowhere else; what is kept is the access token, in
``matrix-account.json`` in the player's data folder (:func:`saves.folders.data_path`, readable
by the user only). Every function here talks to the homeserver and blocks until it answers:
call them from a worker thread, never from the drawing loop. Each raises :class:`MatrixError`
with a sentence for the player.
"""

from __future__ import annotations

import asyncio
import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from nio import (
    AsyncClient,
    AsyncClientConfig,
    ErrorResponse,
    LoginResponse,
    RoomCreateResponse,
    SyncResponse,
)
from nio.api import RoomPreset, RoomVisibility

from net.log import parse_header
from net.matrix import ENTRY_TYPE, GAME_TYPE, TOPIC_MARK, client_for
from saves import folders
from saves.store import SaveError, read_text, write_atomic
from translation import _

ACCOUNT_FILE = "matrix-account.json"
NAME_MARK = " — Tabletop Trio"
"""Ends a game room's name ("Tea Time — Tabletop Trio"): an invitation shows the room's name
(not its state or topic), so the list recognises invitations by it; joining then reads the
header, and a room without one is no game."""


class MatrixError(Exception):
    """Something the homeserver (or the network) refused; ``str(err)`` says it plainly."""


@dataclass(frozen=True)
class MatrixAccount:
    """A signed-in account: ``homeserver`` (a URL), ``user_id`` (``@ana:example.org``),
    ``device_id`` and ``access_token``. Never the password."""

    homeserver: str
    user_id: str
    device_id: str
    access_token: str


def account_path() -> Path:
    """Where the access token is kept."""
    return folders.data_path() / ACCOUNT_FILE


def homeserver_url(text: str) -> str:
    """``example.org`` → ``https://example.org``; a URL with a scheme is kept (trailing / cut)."""
    text = text.strip().rstrip("/")
    if not text:
        raise MatrixError(_("Type the address of your homeserver, e.g. matrix.org."))
    return text if "://" in text else "https://" + text


def _run(coroutine):
    return asyncio.run(coroutine)


SIGN_IN_SECONDS = 20
"""How long a sign-in waits for the homeserver before it says so (no connection, a wrong
address that swallows the request)."""


def sign_in(homeserver: str, user: str, password: str) -> MatrixAccount:
    """Sign in and keep the access token (:func:`load_account` finds it again). ``user`` is
    ``ana`` or ``@ana:example.org``. Raises :class:`MatrixError` when refused or unreachable."""
    url = homeserver_url(homeserver)

    async def login() -> MatrixAccount:
        config = AsyncClientConfig(max_timeouts=0, request_timeout=SIGN_IN_SECONDS)
        client = AsyncClient(url, user.strip(), config=config)
        try:
            response = await asyncio.wait_for(
                client.login(password, device_name="Tabletop Trio"), SIGN_IN_SECONDS + 5
            )
        except (TimeoutError, asyncio.TimeoutError):
            raise MatrixError(
                _(
                    "{homeserver} did not answer in {seconds} s: check the address and the "
                    "connection, then sign in again."
                ).format(homeserver=url, seconds=SIGN_IN_SECONDS)
            ) from None
        except Exception as err:  # noqa: BLE001 - any network failure, in words
            raise MatrixError(_unreachable(url, err)) from None
        finally:
            await client.close()
        if not isinstance(response, LoginResponse):
            raise MatrixError(
                _("The homeserver refused the sign-in ({error}).").format(error=_words(response))
            )
        return MatrixAccount(url, response.user_id, response.device_id, response.access_token)

    account = _run(login())
    save_account(account)
    return account


def save_account(account: MatrixAccount) -> None:
    """Keep ``account`` in :func:`account_path`, readable by the user only."""
    path = account_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(asdict(account), indent=1))
        os.chmod(path, 0o600)
    except (OSError, SaveError) as err:
        raise MatrixError(
            _("The sign-in cannot be kept: {reason}").format(reason=str(err))
        ) from None


def load_account() -> MatrixAccount | None:
    """The stored account, or None when there is none or it is damaged."""
    try:
        data = json.loads(read_text(account_path(), 64 * 1024, kind="settings"))
        return MatrixAccount(**{key: str(data[key]) for key in MatrixAccount.__annotations__})
    except (SaveError, ValueError, KeyError, TypeError):
        return None


def sign_out(account: MatrixAccount) -> None:
    """End the session on the homeserver (when it can be reached) and forget the token."""

    async def logout() -> None:
        client = client_for(account, request_timeout=10)
        try:
            await client.logout()
        except Exception:  # noqa: BLE001 - forgetting the token is what matters
            pass
        finally:
            await client.close()

    _run(logout())
    try:
        account_path().unlink()
    except OSError:
        pass


def create_game_room(account: MatrixAccount, header: dict, invite: list[str]) -> str:
    """A new room for the game of ``header`` (its state event holds the header), with the
    friends' Matrix ids invited; returns the room id. Raises :class:`MatrixError`."""
    spec = parse_header(header).spec

    async def create() -> str:
        client = client_for(account)
        try:
            response = await client.room_create(
                visibility=RoomVisibility.private,
                name=_(spec.title) + NAME_MARK,
                topic=f"{TOPIC_MARK} {spec.id} {header['game_id']}",
                preset=RoomPreset.private_chat,
                invite=[player for player in invite if player != account.user_id],
                initial_state=[
                    {"type": GAME_TYPE, "state_key": "", "content": header},
                    {
                        "type": "m.room.history_visibility",
                        "state_key": "",
                        "content": {"history_visibility": "shared"},
                    },
                ],
            )
        except Exception as err:  # noqa: BLE001 - any network failure, in words
            raise MatrixError(_unreachable(account.homeserver, err)) from None
        finally:
            await client.close()
        if not isinstance(response, RoomCreateResponse):
            raise MatrixError(
                _("The homeserver refused to make the game's room ({error}).").format(
                    error=_words(response)
                )
            )
        return response.room_id

    return _run(create())


@dataclass(frozen=True)
class MatrixGame:
    """A game room of the account: ``invited`` True for an invitation not yet accepted (then
    ``header``, ``game`` and ``game_id`` are None: they are read on joining, and a room whose
    state holds no header is no game); ``game`` is the game's id; ``next_players``
    the Matrix ids the room's last "Your turn" message named (a hint for the list; the game
    itself says whose turn it is once opened)."""

    room_id: str
    game: str | None
    game_id: str | None
    invited: bool
    inviter: str | None
    header: dict | None
    next_players: tuple[str, ...]


def list_games(account: MatrixAccount) -> list[MatrixGame]:
    """The account's game rooms, joined and invited. Raises :class:`MatrixError`."""

    async def look() -> list[MatrixGame]:
        client = client_for(account, request_timeout=30)
        try:
            sync_filter = {
                "room": {
                    "timeline": {"limit": 10, "types": [ENTRY_TYPE, "m.room.message"]},
                    "state": {"types": [GAME_TYPE, "m.room.topic"]},
                    "ephemeral": {"not_types": ["*"]},
                    "account_data": {"not_types": ["*"]},
                },
                "presence": {"not_types": ["*"]},
            }
            response = await client.sync(timeout=0, sync_filter=sync_filter, full_state=True)
        except Exception as err:  # noqa: BLE001 - any network failure, in words
            raise MatrixError(_unreachable(account.homeserver, err)) from None
        finally:
            await client.close()
        if not isinstance(response, SyncResponse):
            raise MatrixError(
                _("The homeserver refused the list of games ({error}).").format(
                    error=_words(response)
                )
            )
        found = []
        for room_id, room in response.rooms.join.items():
            header = None
            for event in room.state:
                if event.source.get("type") == GAME_TYPE:
                    header = event.source.get("content")
            if not isinstance(header, dict):
                continue
            next_players: tuple[str, ...] = ()
            for event in room.timeline.events:  # the last "Your turn" names who is to play
                content = event.source.get("content")
                mentions = content.get("m.mentions") if isinstance(content, dict) else None
                hint = mentions.get("user_ids") if isinstance(mentions, dict) else None
                if isinstance(hint, list):
                    next_players = tuple(str(p) for p in hint[:8])
            found.append(
                MatrixGame(
                    room_id,
                    str(header.get("game")),
                    str(header.get("game_id")),
                    False,
                    None,
                    header,
                    next_players,
                )
            )
        for room_id, invited in response.rooms.invite.items():
            name, inviter = None, None
            for event in invited.invite_state:
                source = getattr(event, "source", {})
                if source.get("type") == "m.room.name":
                    name = source.get("content", {}).get("name")
                if source.get("type") == "m.room.member" and source.get("state_key") == (
                    account.user_id
                ):
                    inviter = source.get("sender")
            if isinstance(name, str) and name.endswith(NAME_MARK):
                found.append(MatrixGame(room_id, None, None, True, inviter, None, ()))
        return found

    return _run(look())


def _words(response) -> str:
    if isinstance(response, ErrorResponse):
        return f"{response.status_code or ''} {response.message or ''}".strip()[:120]
    return type(response).__name__


def _unreachable(homeserver: str, err: BaseException) -> str:
    return _("Cannot reach {homeserver} ({reason}).").format(
        homeserver=homeserver, reason=(str(err) or type(err).__name__)[:80]
    )
