"""A real Postgres for the store's tests: DATABASE_URL when set, else an embedded server.

Each test process (each pytest-xdist worker too) gets its own database on that server, created
empty, migrated, and dropped at the end of the session. The workers of one run share one
embedded server; the last process to exit stops it and deletes its files.
"""

import os
import tempfile
import threading
import time
import uuid
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg
import pytest
from psycopg import sql

from hanabi.engine import GameOptions
from hanabi.store.accounts import create_account
from hanabi.store.database import connect, start_embedded_postgres
from hanabi.store.games import SeatPlan, create_game
from hanabi.store.migrate import apply_migrations
from hanabi.store.seats import join_seat


def url_with_database(url: str, dbname: str) -> str:
    if "://" in url:
        return urlunsplit(urlsplit(url)._replace(path="/" + quote(dbname)))
    return psycopg.conninfo.make_conninfo(url, dbname=dbname)


@pytest.fixture(scope="session")
def server_url() -> str:
    """DATABASE_URL, else an embedded server shared by the processes of this test run.

    Its folder is outside pytest's temporary folders, which pytest keeps closed to other users:
    the `pgserver` user (when tests run as root) must reach it to stop the server."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    pgdata = Path(tempfile.gettempdir()) / f"hanabi-test-postgres-{run_id}"
    return start_embedded_postgres(pgdata, delete_on_exit=True)


@pytest.fixture(scope="session")
def create_database(server_url):
    """A factory of empty databases on the test server, all dropped when the session ends."""
    created: list[str] = []

    def create() -> str:
        name = f"hanabi_test_{os.getpid()}_{len(created)}"
        with connect(server_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        created.append(name)
        return url_with_database(server_url, name)

    yield create
    with connect(server_url) as admin:
        for name in created:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def database_url(create_database) -> str:
    url = create_database()
    apply_migrations(url)
    return url


@pytest.fixture
def conn(database_url):
    with connect(database_url) as connection:
        yield connection


@pytest.fixture
def make_account(conn):
    """Create an account with a unique name; returns (account, token)."""

    def make(kind: str = "human", prefix: str = "player"):
        return create_account(conn, f"{prefix}-{uuid.uuid4().hex[:12]}", kind)

    return make


@pytest.fixture
def running_game(conn, make_account):
    """A started 2-player game: returns (loaded game, [account of seat 0, account of seat 1])."""

    def start(seed: str = "store tests", players: int = 2):
        accounts = [make_account()[0] for _ in range(players)]
        game = create_game(conn, GameOptions(players=players), [SeatPlan.open()] * players, seed=seed)
        for account in accounts:
            loaded = join_seat(conn, game.game.id, account.id)
        return loaded, accounts

    return start


def wait_until_blocked(url: str, backend_pid: int, timeout: float = 10.0) -> None:
    """Wait until the session `backend_pid` waits for a lock held by another transaction.
    Watches from a connection of its own: inside a transaction pg_stat_activity does not change."""
    deadline = time.monotonic() + timeout
    with connect(url) as monitor:
        while time.monotonic() < deadline:
            query = "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s"
            row = monitor.execute(query, (backend_pid,)).fetchone()
            if row and row[0] == "Lock":
                return
            time.sleep(0.01)
    raise AssertionError(f"session {backend_pid} never waited for a lock")


def run_in_thread(function, *args, **kwargs) -> tuple[threading.Thread, dict]:
    """Start `function` in a thread; the dict gets its "result" or "error" once it ends."""
    outcome: dict = {}

    def target():
        try:
            outcome["result"] = function(*args, **kwargs)
        except Exception as error:  # the test inspects whatever was raised
            outcome["error"] = error

    thread = threading.Thread(target=target)
    thread.start()
    return thread, outcome
