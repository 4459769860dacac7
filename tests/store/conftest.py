"""Fixtures of the store's tests: connections, accounts, started games, concurrency helpers.

The database itself (a real Postgres, one database per test process) comes from tests/conftest.py.
"""

import threading
import uuid

import pytest
from hanabi.engine import GameOptions
from hanabi.store.accounts import create_account
from hanabi.store.database import connect
from hanabi.store.games import create_game
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat

from tests.waiting import until


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
    query = "SELECT wait_event_type FROM pg_stat_activity WHERE pid = %s"
    with connect(url) as monitor:
        until(
            lambda: (monitor.execute(query, (backend_pid,)).fetchone() or (None,))[0] == "Lock",
            timeout,
            f"session {backend_pid} never waited for a lock",
            0.01,
        )


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
