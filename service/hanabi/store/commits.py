"""Work that waits for a commit: the store hands the games a transaction changed to the
connection's hooks only once that transaction has committed (the worker enqueues a bot's turn
that way, so no task ever names a version that could still roll back).

Store writes run in `transaction(conn)`, or in `statement(conn)` when they write with a single
statement (an action: no BEGIN and COMMIT round trips when no transaction is open); callers that
combine several store writes in one
transaction (the API, for an Idempotency-Key) open it with `transaction(conn)` too. The games a
transaction changed are collected on its connection and handed to its hooks' `game_changed`,
one call per game with the game as it was after its last change, when the outermost
transaction commits; a rolled-back transaction or savepoint forgets its changes.
`after_commit(conn, callback)` queues any other work the same way (the webhook outbox's sends).

The hooks are `CommitHooks`, which a connection carries from when it is opened
(`database.connect`, `database.create_pool`): the composition root (hanabi.composition) gives
each process's connections the worker's. A connection opened without them (or by psycopg
itself) runs none.
"""

import logging
import threading
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import psycopg
from psycopg.pq import TransactionStatus

from .records import Game


def _nothing(_) -> None:
    pass


@dataclass(frozen=True)
class CommitHooks:
    """What runs in the committing process once a transaction commits. A hook that raises is
    logged, never re-raised: the change is committed, and the worker's sweeper is the safety
    net for a notice that got lost."""

    game_changed: Callable[[Game], None] = _nothing
    """Called once per game the transaction changed, with the game as it is after the change."""
    deliveries_recorded: Callable[[list[int]], None] = _nothing
    """Called with the ids of the webhook deliveries the transaction recorded (see `webhooks`)."""


NO_HOOKS = CommitHooks()


class Connection(psycopg.Connection):
    """A psycopg connection that carries the hooks its commits run (`commit_hooks`)."""

    commit_hooks: CommitHooks = NO_HOOKS

    @classmethod
    def connect(cls, conninfo: str = "", *, commit_hooks: CommitHooks = NO_HOOKS, **kwargs) -> "Connection":
        conn = super().connect(conninfo, **kwargs)
        conn.commit_hooks = commit_hooks
        return conn


def hooks_of(conn: psycopg.Connection) -> CommitHooks:
    """The hooks `conn` carries; none for a plain psycopg connection."""
    return getattr(conn, "commit_hooks", NO_HOOKS)


log = logging.getLogger(__name__)

_pending: weakref.WeakKeyDictionary[psycopg.Connection, list[Game | Callable[[], None]]] = weakref.WeakKeyDictionary()
_pending_lock = threading.Lock()


def changed(conn: psycopg.Connection, game: Game) -> None:
    """Record that the transaction open on `conn` changed `game` (as it is now)."""
    _changes(conn).append(game)


def after_commit(conn: psycopg.Connection, callback: Callable[[], None]) -> None:
    """Call `callback` once the transaction open on `conn` commits (never if it rolls back).
    Like a hook, a callback that raises is logged, never re-raised."""
    _changes(conn).append(callback)


@contextmanager
def transaction(conn: psycopg.Connection) -> Iterator[None]:
    """`conn.transaction()` that, when it is the outermost and commits, calls the hooks."""
    changes = _changes(conn)
    mark = len(changes)
    try:
        with conn.transaction():
            yield
    except BaseException:
        del changes[mark:]
        raise
    if conn.info.transaction_status == TransactionStatus.IDLE:
        _publish(conn)


@contextmanager
def statement(conn: psycopg.Connection) -> Iterator[None]:
    """Around work whose writes are one statement. With no transaction open (an autocommit
    connection) that statement commits by itself: no BEGIN or COMMIT is sent, and the hooks
    are called after it. Inside a transaction it is `transaction(conn)`, a savepoint."""
    if conn.info.transaction_status != TransactionStatus.IDLE:
        with transaction(conn):
            yield
        return
    changes = _changes(conn)
    mark = len(changes)
    try:
        yield
    except BaseException:
        del changes[mark:]
        raise
    _publish(conn)


def _changes(conn: psycopg.Connection) -> list[Game | Callable[[], None]]:
    with _pending_lock:
        return _pending.setdefault(conn, [])


def _publish(conn: psycopg.Connection) -> None:
    with _pending_lock:
        changes = _pending.pop(conn, [])
    latest = {change.id: change for change in changes if not callable(change)}
    game_changed = hooks_of(conn).game_changed
    for game in latest.values():
        try:
            game_changed(game)
        except Exception:
            log.exception("a hook failed on game %s at version %s", game.id, game.version)
    for callback in (change for change in changes if callable(change)):
        try:
            callback()
        except Exception:
            log.exception("a callback after commit failed")
