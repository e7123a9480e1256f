"""A real Matrix homeserver for the tests: Synapse (requirements-dev.txt) on 127.0.0.1, with
SQLite, in a temporary folder; users registered through the shared secret.

Messages are rate-limited harder than a public server (a burst of 3, then one in 5 s, so a
loaded machine still meets the limit), except
for the users the tests name as fast (the admin API lifts their limit): the Matrix tests meet
a real ``M_LIMIT_EXCEEDED`` without a slow game.
"""

from __future__ import annotations

import hashlib
import hmac
import importlib.util
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

SECRET = "tabletop-trio-tests"
CONFIG = """\
server_name: "localhost"
pid_file: {folder}/homeserver.pid
listeners:
  - port: {port}
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources: [{{names: [client], compress: false}}]
database:
  name: sqlite3
  args: {{database: {folder}/homeserver.db}}
log_config: {folder}/log.yaml
media_store_path: {folder}/media
registration_shared_secret: "{secret}"
report_stats: false
macaroon_secret_key: "macaroon-{secret}"
form_secret: "form-{secret}"
signing_key_path: {folder}/signing.key
trusted_key_servers: []
suppress_key_server_warning: true
enable_metrics: false
bcrypt_rounds: 4
presence: {{enabled: false}}
url_preview_enabled: false
rc_message: {{per_second: 0.2, burst_count: 3}}
rc_login:
  address: {{per_second: 100, burst_count: 100}}
  account: {{per_second: 100, burst_count: 100}}
  failed_attempts: {{per_second: 100, burst_count: 100}}
rc_registration: {{per_second: 100, burst_count: 100}}
rc_joins:
  local: {{per_second: 100, burst_count: 100}}
rc_invites:
  per_room: {{per_second: 100, burst_count: 100}}
  per_user: {{per_second: 100, burst_count: 100}}
"""
LOG_CONFIG = """\
version: 1
formatters: {plain: {format: '%(asctime)s %(levelname)s %(name)s %(message)s'}}
handlers: {file: {class: logging.FileHandler, filename: FILE, formatter: plain}}
root: {level: WARNING, handlers: [file]}
disable_existing_loggers: false
"""


def available() -> bool:
    return importlib.util.find_spec("synapse") is not None


@dataclass
class Homeserver:
    url: str
    folder: Path
    process: subprocess.Popen
    started_in: float
    admin_token: str = ""
    passwords: dict = field(default_factory=dict)

    def request(self, method: str, path: str, body: dict | None = None, token: str = "") -> dict:
        """One call of the admin or client API. A server slowed by a busy machine may answer
        503 or 429 (or not at once): the harness waits and asks again, a few times, so a test
        fails only for what it checks."""
        data = json.dumps(body).encode() if body is not None else None
        for attempt in range(6):
            request = urllib.request.Request(self.url + path, data=data, method=method)
            request.add_header("Content-Type", "application/json")
            if token:
                request.add_header("Authorization", f"Bearer {token}")
            try:
                with urllib.request.urlopen(request, timeout=30) as response:
                    return json.loads(response.read() or b"{}")
            except urllib.error.HTTPError as err:
                if err.code not in (429, 502, 503, 504) or attempt == 5:
                    raise
            except (urllib.error.URLError, TimeoutError, ConnectionError):
                if attempt == 5:
                    raise
            time.sleep(0.5 * (attempt + 1))
        raise AssertionError("unreachable")

    def register(self, user: str, password: str, admin: bool = False) -> str:
        """Register ``user`` through the shared secret; returns the access token."""
        nonce = self.request("GET", "/_synapse/admin/v1/register")["nonce"]
        mac = hmac.new(SECRET.encode(), digestmod=hashlib.sha1)
        mac.update(
            b"\x00".join(
                [
                    nonce.encode(),
                    user.encode(),
                    password.encode(),
                    b"admin" if admin else b"notadmin",
                ]
            )
        )
        answer = self.request(
            "POST",
            "/_synapse/admin/v1/register",
            {
                "nonce": nonce,
                "username": user,
                "password": password,
                "admin": admin,
                "mac": mac.hexdigest(),
            },
        )
        self.passwords[user] = password
        return answer["access_token"]

    def lift_rate_limit(self, user_id: str) -> None:
        self.request(
            "POST",
            f"/_synapse/admin/v1/users/{user_id}/override_ratelimit",
            {"messages_per_second": 0, "burst_count": 0},
            token=self.admin_token,
        )

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(folder: Path, timeout: float = 90) -> Homeserver:
    """Start Synapse in ``folder``; returns once it answers. Raises ``RuntimeError`` with its
    log when it does not start."""
    from signedjson.key import generate_signing_key, write_signing_keys

    began = time.monotonic()
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / "signing.key", "w") as keys:
        write_signing_keys(keys, [generate_signing_key("test")])
    (folder / "log.yaml").write_text(LOG_CONFIG.replace("FILE", str(folder / "homeserver.log")))
    port = free_port()
    (folder / "homeserver.yaml").write_text(CONFIG.format(folder=folder, port=port, secret=SECRET))
    output = open(folder / "stdout.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-m", "synapse.app.homeserver", "-c", str(folder / "homeserver.yaml")],
        stdout=output,
        stderr=subprocess.STDOUT,
        cwd=folder,
    )
    server = Homeserver(f"http://127.0.0.1:{port}", folder, process, 0.0)
    while time.monotonic() - began < timeout:
        if process.poll() is not None:
            break
        try:
            server.request("GET", "/_matrix/client/versions")
            server.started_in = time.monotonic() - began
            server.admin_token = server.register("admin", "admin-password", admin=True)
            return server
        except (urllib.error.URLError, ConnectionError, OSError):
            time.sleep(0.1)
    server.stop()
    log = (folder / "stdout.log").read_text(errors="replace")[-3000:]
    raise RuntimeError(f"Synapse did not start:\n{log}")
