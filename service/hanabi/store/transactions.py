"""Transactions, and the work that waits for their commit (in the manner of Django's
`transaction.on_commit`).

    with transaction(conn) as tx:   # BEGIN ... COMMIT; inside another transaction, a savepoint
        ...
        tx.on_commit(callback)      # called once the outermost transaction has committed
    with statement(conn) as tx:     # work whose writes are one statement: outside a transaction
        ...                         # it commits by itself (no BEGIN and COMMIT round trips)

A callback registered inside a savepoint that rolls back is dropped with it. A callback that
raises is logged, never re-raised: the change is committed, and the worker's sweeper is the
safety net for a notice that got lost. The transactions open on a connection are known to the
code running in the same context (thread or greenlet), so a store function called inside the
API's transaction for an Idempotency-Key adds its callbacks to that transaction.
"""

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

import psycopg
from psycopg.pq import TransactionStatus

log = logging.getLogger(__name__)


class Transaction:
    """An open transaction of `conn` (or a savepoint of one) and what waits for its commit."""

    def __init__(self, conn: psycopg.Connection, outer: "Transaction | None"):
        self.conn = conn
        self._callbacks: list[Callable[[], None]] = outer._callbacks if outer is not None else []

    def on_commit(self, callback: Callable[[], None]) -> None:
        """Call `callback` once the outermost transaction commits (never if this one rolls back)."""
        self._callbacks.append(callback)


_open: ContextVar[tuple[Transaction, ...]] = ContextVar("hanabi_open_transactions", default=())


def _outer(conn: psycopg.Connection) -> Transaction | None:
    for open_transaction in reversed(_open.get()):
        if open_transaction.conn is conn:
            return open_transaction
    return None


def opened(conn: psycopg.Connection) -> Transaction:
    """The innermost `transaction` or `statement` open on `conn` in this context."""
    found = _outer(conn)
    if found is None:
        raise RuntimeError("no transaction or statement of hanabi.store.transactions is open on this connection")
    return found


@contextmanager
def transaction(conn: psycopg.Connection) -> Iterator[Transaction]:
    """`conn.transaction()`, whose on-commit callbacks run once the outermost one commits."""
    outer = _outer(conn)
    with _tracked(conn, outer) as tx, conn.transaction():
        yield tx
    if outer is None and conn.info.transaction_status == TransactionStatus.IDLE:
        _run(tx._callbacks)


@contextmanager
def statement(conn: psycopg.Connection) -> Iterator[Transaction]:
    """Around work that writes with one statement (after any reads). With no transaction open on
    `conn` (autocommit) that statement commits by itself and the callbacks run after the block;
    inside a transaction this is `transaction(conn)`, a savepoint."""
    if conn.info.transaction_status != TransactionStatus.IDLE:
        with transaction(conn) as tx:
            yield tx
        return
    with _tracked(conn, None) as tx:
        yield tx
    _run(tx._callbacks)


@contextmanager
def _tracked(conn: psycopg.Connection, outer: Transaction | None) -> Iterator[Transaction]:
    tx = Transaction(conn, outer)
    mark = len(tx._callbacks)
    token = _open.set((*_open.get(), tx))
    try:
        yield tx
    except BaseException:
        del tx._callbacks[mark:]
        raise
    finally:
        _open.reset(token)


def _run(callbacks: list[Callable[[], None]]) -> None:
    for callback in callbacks:
        try:
            callback()
        except Exception:
            log.exception("work after a commit failed")
