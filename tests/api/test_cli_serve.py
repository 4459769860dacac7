"""`hanabi migrate` and `hanabi serve`, run as a user runs them."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import urllib.request
from pathlib import Path

import pytest
from hanabi.runtime.cli import main
from hanabi.store.database import connect
from hanabi.store.migrate import MIGRATIONS_DIR

from tests.waiting import until

pytestmark = pytest.mark.slow  # `hanabi serve` processes, started and stopped

MIGRATIONS = sorted(path.stem for path in MIGRATIONS_DIR.glob("*.sql") if not path.stem.endswith(".rollback"))


def test_hanabi_migrate_applies_the_migrations_to_database_url(create_database, monkeypatch, capsys):
    url = create_database()
    monkeypatch.setenv("DATABASE_URL", url)

    assert main(["migrate"]) == 0
    assert capsys.readouterr().out.strip() == f"applied: {', '.join(MIGRATIONS)}"
    assert main(["migrate"]) == 0
    assert capsys.readouterr().out.strip() == "the schema is up to date"
    with connect(url) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def request(url: str, body: dict | None = None, token: str | None = None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as response:
        return response.status, json.loads(response.read())


@pytest.fixture
def data_dir():
    """Outside pytest's temporary folders, which the `pgserver` user (as root) cannot reach."""
    folder = Path(tempfile.mkdtemp(prefix="hanabi-serve-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_hanabi_serve_with_nothing_configured_runs_an_embedded_postgres_and_stops_it(data_dir):
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "DATABASE_URL"}
    env["HANABI_DATA_DIR"] = str(data_dir)
    server = subprocess.Popen(
        [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:
        until(lambda: answers(server, f"{base}/ready"), 60, "the server did not become ready", 0.2)
        assert request(f"{base}/ready") == (200, {"status": "ready"})
        status, account = request(f"{base}/accounts", {"name": f"served-{port}", "kind": "human"})
        assert status == 201
        status, game = request(f"{base}/games", {"options": {"players": 2}}, account["token"])
        assert status == 201 and game["creator"] == account["name"]
        assert (data_dir / "postgres" / "PG_VERSION").exists()
    finally:
        server.send_signal(signal.SIGTERM)
        output, _ = server.communicate(timeout=30)
    assert server.returncode == 0, output
    assert "applied migrations" in output
    assert not (data_dir / "postgres" / "postmaster.pid").exists(), "the embedded Postgres is still running"


def start_serve(data_dir: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env["HANABI_DATA_DIR"] = str(data_dir)
    server = subprocess.Popen(
        [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1", "--no-run-worker"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    base = f"http://127.0.0.1:{port}/v1"
    until(lambda: answers(server, f"{base}/ready"), 90, "the server did not become ready", 0.2)
    return server, base


def answers(server: subprocess.Popen, url: str) -> bool:
    """Whether the running `server` answers `url` (with any status)."""
    try:
        request(url)
    except OSError:
        assert server.poll() is None, server.stdout.read()
        return False
    return True


def postgres_of(data_dir: Path) -> int | None:
    """The pid of the embedded Postgres of `data_dir`, while it runs."""
    pid_file = data_dir / "postgres" / "postmaster.pid"
    if not pid_file.exists():
        return None
    pid = int(pid_file.read_text().split()[0])
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    return pid


def test_the_embedded_postgres_of_a_killed_serve_is_stopped_by_the_next_serve(data_dir):
    """SIGKILL leaves serve no time to stop its Postgres; the next start on the same folder
    takes the orphan over and stops it when it stops."""
    killed, _ = start_serve(data_dir)
    orphan = postgres_of(data_dir)
    assert orphan is not None
    killed.kill()
    killed.communicate(timeout=30)

    server, base = start_serve(data_dir)
    assert postgres_of(data_dir) == orphan, "the next start reuses the running server"
    server.send_signal(signal.SIGTERM)
    output, _ = server.communicate(timeout=60)
    assert server.returncode == 0, output
    until(lambda: postgres_of(data_dir) is None, 10, f"the embedded Postgres still runs:\n{output}", 0.1)


def test_hanabi_serve_says_when_the_open_files_limit_holds_fewer_connections_than_asked(data_dir):
    """Each connection is an open file: a hard limit below --connections is said at start, before
    anything else can fail (here the database, which is out of reach)."""
    import resource

    def low_hard_limit():
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, 1024))

    env = {**os.environ, "DATABASE_URL": "postgresql://postgres@127.0.0.1:1/none", "HANABI_DATA_DIR": str(data_dir)}
    result = subprocess.run(
        [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(free_port()), "--connections", "5000"],
        env=env,
        preexec_fn=low_hard_limit,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode != 0
    assert "may open 1024 files" in result.stdout and "--connections 5000" in result.stdout
