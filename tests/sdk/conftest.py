"""A real `hanabi serve` on a free port for the SDK tests, one per test module, on a fresh
database of the test Postgres (DATABASE_URL when set, else the session's embedded server)."""

import os
import signal
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from hanabi_client import AuthenticatedClient, Client
from hanabi_client.api.accounts import create_account
from hanabi_client.models import AccountRequest, NewAccount

from tests.waiting import until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_ready(base_url: str, server: subprocess.Popen, log_path, timeout: float = 60) -> None:
    def ready() -> bool:
        try:
            if httpx.get(f"{base_url}/v1/ready", timeout=2).status_code == 200:
                return True
        except httpx.TransportError:
            pass
        if server.poll() is not None:
            raise RuntimeError(f"hanabi serve exited with {server.returncode}:\n{log_path.read_text()}")
        return False

    try:
        until(ready, timeout, "hanabi serve was not ready", 0.1)
    except AssertionError as error:
        raise RuntimeError(f"{error}:\n{log_path.read_text()}") from None


@contextmanager
def served(env: dict, log_path: Path) -> Iterator[str]:
    """`hanabi serve` (one gunicorn worker) on a free port with `env`, its output in `log_path`:
    its base URL once it is ready. Stopped with SIGTERM at the end; killed, with everything it
    started, if it has not stopped within 30 s."""
    port = free_port()
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1"],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(base_url, server, log_path)
        yield base_url
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


@pytest.fixture(scope="module")
def api_url(create_database, tmp_path_factory) -> str:
    """The base URL of a running server (what the SDK's clients take as `base_url`)."""
    env = {**os.environ, "DATABASE_URL": create_database(), "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data"))}
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


@pytest.fixture
def new_account(api_url):
    """Creates an account through the SDK; returns it (with its token) and a client acting as it."""
    clients: list[AuthenticatedClient] = []

    def create(prefix: str = "sdk", kind: str = "bot") -> tuple[NewAccount, AuthenticatedClient]:
        with Client(api_url) as anonymous:
            account = create_account.sync(
                client=anonymous, body=AccountRequest(name=f"{prefix}-{uuid.uuid4().hex[:10]}", kind=kind)
            )
        assert isinstance(account, NewAccount), account
        client = AuthenticatedClient(api_url, token=account.token)
        clients.append(client)
        return account, client

    yield create
    for client in clients:
        client.get_httpx_client().close()
