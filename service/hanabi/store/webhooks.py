"""Webhooks: URLs that accounts register, and the outbox of their deliveries.

Every change to a game records its deliveries in the statement that makes the change
(store.games.append_events puts `outbox_insert` in it): the events that concern accounts with
webhooks (`game_started`, `your_turn`, `game_over`) get one delivery row per webhook, so the
rows commit or roll back with the change; a new game's reserved seats give `invited` to the
accounts they are reserved for (`record_invitations`, in the game's creating transaction). An
app's webhooks get the events of its players. Once the transaction commits, the new rows' ids
go to the change's `Followups.webhook_deliveries` (the worker enqueues their POSTs there).

A delivery is `pending` until it is `delivered` or, after its last attempt, `failed`. A failed
attempt is recorded as one of FAILURES (with the receiver's status code for `http_status`),
never as the network's error text. An attempt is claimed by `claim_attempt` with the number of
attempts made so far, so of two copies of a task, one makes the attempt. `next_attempt_at` is
when the next attempt is due; while an attempt runs it is the time after which the attempt
counts as lost (the sweeper then sends it again). The secret is stored as given: it signs
every delivery.
"""

import secrets
from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import class_row
from psycopg.types.json import Jsonb

from .errors import Conflict, NotFound
from .records import Game

SECRET_PREFIX = "whsec_"
MAX_WEBHOOKS_PER_ACCOUNT = 10
EVENT_TYPES = ("invited", "game_started", "your_turn", "game_over")
DELIVERY_STATUSES = ("pending", "delivered", "failed")
CONNECTION_FAILED = "connection_failed"
TIMEOUT = "timeout"
HTTP_STATUS = "http_status"
BLOCKED = "blocked"
FAILURES = (CONNECTION_FAILED, TIMEOUT, HTTP_STATUS, BLOCKED)


@dataclass(frozen=True)
class Webhook:
    id: int
    account_id: int
    url: str
    secret: str
    created_at: datetime


@dataclass(frozen=True)
class Delivery:
    id: int
    webhook_id: int
    type: str
    game_id: int
    version: int
    seat: int | None
    occurred_at: datetime
    status: str
    attempts: int
    next_attempt_at: datetime | None
    last_attempt_at: datetime | None
    last_status_code: int | None
    last_failure: str | None
    delivered_at: datetime | None
    created_at: datetime


@dataclass(frozen=True)
class Attempt:
    """A claimed attempt: what to send, where, and how to sign it."""

    delivery: Delivery
    url: str
    secret: str
    account: str | None
    """The name of the account in the delivery's seat (an app's webhook hears of all its players)."""


_WEBHOOK_COLUMNS = "id, account_id, url, secret, created_at"
_DELIVERY_COLUMNS = """d.id, d.webhook_id, d.type, d.game_id, d.version, d.seat, d.occurred_at, d.status,
    d.attempts, d.next_attempt_at, d.last_attempt_at, d.last_status_code, d.last_failure, d.delivered_at,
    d.created_at"""


def create_webhook(conn: psycopg.Connection, account_id: int, url: str) -> Webhook:
    """Register `url` for the account with a new secret. At most MAX_WEBHOOKS_PER_ACCOUNT each
    (Conflict `too_many_webhooks`)."""
    secret = SECRET_PREFIX + secrets.token_urlsafe(32)
    with conn.transaction():
        conn.execute("SELECT 1 FROM accounts WHERE id = %s FOR UPDATE", (account_id,))
        count = conn.execute("SELECT count(*) FROM webhooks WHERE account_id = %s", (account_id,)).fetchone()[0]
        if count >= MAX_WEBHOOKS_PER_ACCOUNT:
            raise Conflict(
                f"An account has at most {MAX_WEBHOOKS_PER_ACCOUNT} webhooks; delete one first.", "too_many_webhooks"
            )
        return (
            conn.cursor(row_factory=class_row(Webhook))
            .execute(
                f"INSERT INTO webhooks (account_id, url, secret) VALUES (%s, %s, %s) RETURNING {_WEBHOOK_COLUMNS}",
                (account_id, url, secret),
            )
            .fetchone()
        )


def list_webhooks(conn: psycopg.Connection, account_id: int) -> list[Webhook]:
    return (
        conn.cursor(row_factory=class_row(Webhook))
        .execute(f"SELECT {_WEBHOOK_COLUMNS} FROM webhooks WHERE account_id = %s ORDER BY id", (account_id,))
        .fetchall()
    )


def delete_webhook(conn: psycopg.Connection, account_id: int, webhook_id: int) -> None:
    """Delete the account's webhook and its deliveries (NotFound `webhook_not_found` when the
    account has no such webhook): pending deliveries are not sent."""
    deleted = conn.execute(
        "DELETE FROM webhooks WHERE id = %s AND account_id = %s RETURNING id", (webhook_id, account_id)
    ).fetchone()
    if deleted is None:
        raise _webhook_not_found(webhook_id)


def list_deliveries(
    conn: psycopg.Connection, account_id: int, webhook_id: int, before_id: int | None = None, limit: int = 50
) -> list[Delivery]:
    """The webhook's deliveries, newest first, with id < before_id when given."""
    if (
        conn.execute("SELECT 1 FROM webhooks WHERE id = %s AND account_id = %s", (webhook_id, account_id)).fetchone()
        is None
    ):
        raise _webhook_not_found(webhook_id)
    return (
        conn.cursor(row_factory=class_row(Delivery))
        .execute(
            f"""SELECT {_DELIVERY_COLUMNS} FROM webhook_deliveries d
                 WHERE d.webhook_id = %s AND (%s::bigint IS NULL OR d.id < %s)
                 ORDER BY d.id DESC LIMIT %s""",
            (webhook_id, before_id, before_id, limit),
        )
        .fetchall()
    )


def get_delivery(conn: psycopg.Connection, delivery_id: int) -> Delivery | None:
    return (
        conn.cursor(row_factory=class_row(Delivery))
        .execute(f"SELECT {_DELIVERY_COLUMNS} FROM webhook_deliveries d WHERE d.id = %s", (delivery_id,))
        .fetchone()
    )


def events_of_change(before: Game, after: Game) -> list[tuple[str, int]]:
    """The (type, seat) of the notices a change of a game gives: `game_started` and `game_over`
    to every seat, `your_turn` to the seat whose turn began (a new turn, or the start; a reorder
    is not a turn). Bot seats (fixed when the game is created) get none."""
    seats = [seat.seat for seat in after.seats if seat.bot_strategy is None]
    events = []
    if before.status != "running" and after.status == "running":
        events += [("game_started", seat) for seat in seats]
    if after.status == "running" and (
        before.status != "running" or before.turn != after.turn or before.current_seat != after.current_seat
    ):
        events += [("your_turn", seat) for seat in seats if seat == after.current_seat]
    if before.status != "finished" and after.status == "finished":
        events += [("game_over", seat) for seat in seats]
    return events


def outbox_insert(change: str) -> str:
    """The INSERT of a change's deliveries (one row per notice and webhook of the account in the
    notice's seat, and of the app that created that account), for the WITH clause of the statement
    that makes the change: it inserts only if `change`, the name of that statement's UPDATE ...
    RETURNING (with the change's `updated_at`, the deliveries' `occurred_at`), has a row. Seats are
    read in the change's transaction: a seat taken by the same change counts. Its parameters come
    from `outbox_parameters`; it returns the new deliveries' ids."""
    return f"""INSERT INTO webhook_deliveries (webhook_id, type, game_id, version, seat, occurred_at, next_attempt_at)
               SELECT w.id, n.notice->>0, s.game_id, %(outbox_version)s, s.seat, c.updated_at, now()
                 FROM {change} c
                CROSS JOIN jsonb_array_elements(%(outbox_notices)s) AS n(notice)
                 JOIN game_seats s ON s.game_id = %(outbox_game_id)s AND s.seat = (n.notice->>1)::smallint
                 JOIN accounts a ON a.id = s.account_id
                 JOIN webhooks w ON w.account_id IN (a.id, a.created_by_app)
                ORDER BY w.id, n.notice->>0
               ON CONFLICT DO NOTHING
               RETURNING id"""


def outbox_parameters(before: Game, after: Game) -> dict:
    """The parameters of `outbox_insert` for the change of `before` into `after`."""
    return {
        "outbox_version": after.version,
        "outbox_notices": Jsonb(events_of_change(before, after)),
        "outbox_game_id": after.id,
    }


def record_invitations(conn: psycopg.Connection, game_id: int, creator_id: int | None) -> list[int]:
    """An `invited` delivery for each webhook of an account a seat of the new game is reserved
    for (and of the app that created that account), the creator's own seat aside; returns their ids."""
    rows = conn.execute(
        """INSERT INTO webhook_deliveries (webhook_id, type, game_id, version, seat, occurred_at, next_attempt_at)
           SELECT w.id, 'invited', s.game_id, 0, s.seat, now(), now()
             FROM game_seats s
             JOIN accounts a ON a.id = s.reserved_for
             JOIN webhooks w ON w.account_id IN (a.id, a.created_by_app)
            WHERE s.game_id = %s AND s.reserved_for IS DISTINCT FROM %s
            ORDER BY w.id
           ON CONFLICT DO NOTHING
           RETURNING id""",
        (game_id, creator_id),
    ).fetchall()
    return [row[0] for row in rows]


def claim_attempt(
    conn: psycopg.Connection, delivery_id: int, attempts_made: int, lease_seconds: float
) -> Attempt | None:
    """Start attempt number `attempts_made + 1` of a pending delivery: count it and mark the
    delivery as taken for `lease_seconds`. None when the delivery is done, gone, or that attempt
    was already claimed (a copy of the task, or a later attempt)."""
    row = conn.execute(
        """UPDATE webhook_deliveries d
              SET attempts = attempts + 1, last_attempt_at = now(),
                  next_attempt_at = now() + make_interval(secs => %s)
             FROM webhooks w
            WHERE d.id = %s AND d.status = 'pending' AND d.attempts = %s AND w.id = d.webhook_id
        RETURNING d.id, w.url, w.secret,
                  (SELECT a.name FROM game_seats s JOIN accounts a ON a.id = coalesce(s.account_id, s.reserved_for)
                    WHERE s.game_id = d.game_id AND s.seat = d.seat)""",
        (lease_seconds, delivery_id, attempts_made),
    ).fetchone()
    if row is None:
        return None
    return Attempt(get_delivery(conn, delivery_id), row[1], row[2], row[3])


def finish_attempt(
    conn: psycopg.Connection,
    delivery_id: int,
    attempt: int,
    *,
    delivered: bool,
    status_code: int | None,
    failure: str | None,
    retry_in: float | None,
) -> str:
    """Record the outcome of attempt number `attempt`: delivered, or failed (`failure`, one of
    FAILURES) for good when `retry_in` is None, or pending with the next attempt due in
    `retry_in` seconds. Returns the delivery's status."""
    status = "delivered" if delivered else ("pending" if retry_in is not None else "failed")
    row = conn.execute(
        """UPDATE webhook_deliveries
              SET status = %(status)s, last_status_code = %(code)s, last_failure = %(failure)s,
                  delivered_at = CASE WHEN %(status)s = 'delivered' THEN now() END,
                  next_attempt_at = CASE WHEN %(status)s = 'pending'
                                         THEN now() + make_interval(secs => %(retry_in)s) END
            WHERE id = %(id)s AND attempts = %(attempt)s AND status = 'pending'
        RETURNING status""",
        {
            "status": status,
            "code": status_code,
            "failure": failure,
            "retry_in": retry_in or 0,
            "id": delivery_id,
            "attempt": attempt,
        },
    ).fetchone()
    return row[0] if row else "gone"


def due_deliveries(conn: psycopg.Connection, overdue_seconds: float, limit: int) -> list[tuple[int, int]]:
    """(delivery id, attempts made) of pending deliveries whose next attempt has been due for
    more than `overdue_seconds` (its message was lost, or its worker died mid-attempt), oldest first."""
    return conn.execute(
        """SELECT id, attempts FROM webhook_deliveries
            WHERE status = 'pending' AND next_attempt_at < now() - make_interval(secs => %s)
            ORDER BY next_attempt_at LIMIT %s""",
        (overdue_seconds, limit),
    ).fetchall()


def _webhook_not_found(webhook_id: int) -> NotFound:
    return NotFound(f"You have no webhook {webhook_id}.", "webhook_not_found")
