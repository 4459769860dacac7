"""Each account's own event log: invitations, its games starting and ending, its turns, and
its games' chat (migration 0015 writes it, in the transaction of each change, and numbers each
account's events 1, 2, 3, ... in commit order). The account's event stream reads it."""

from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import class_row
from psycopg.types.json import Jsonb

ACCOUNT_EVENT_TYPES = ("invited", "game_started", "your_turn", "game_over", "chat")


@dataclass(frozen=True)
class AccountEvent:
    id: int
    type: str
    game_id: int
    payload: dict
    created_at: datetime
    chat_text: str | None = None
    """A chat event's message."""


def record_invitations(
    conn: psycopg.Connection, game_id: int, invitations: list[tuple[int, int]], by: int | None
) -> None:
    """An `invited` event for each (account, seat) of `invitations`, in the caller's transaction,
    accounts in the order of their ids (so two games inviting the same accounts at once never
    wait for each other in a cycle)."""
    for account_id, seat in sorted(invitations):
        conn.execute(
            "SELECT account_events_append(ARRAY[%s]::bigint[], 'invited', %s, %s)",
            (account_id, game_id, Jsonb({"seat": seat, "by_id": by})),
        )


def account_events_after(conn: psycopg.Connection, account_id: int, after: int, limit: int) -> list[AccountEvent]:
    """The account's events with id > `after`, oldest first, at most `limit`."""
    return (
        conn.cursor(row_factory=class_row(AccountEvent))
        .execute(
            """SELECT e.id, e.type, e.game_id, e.payload, e.created_at, c.text AS chat_text
                 FROM account_events e
                 LEFT JOIN game_chat c
                   ON e.type = 'chat' AND c.game_id = e.game_id AND c.id = (e.payload->>'message_id')::bigint
                WHERE e.account_id = %s AND e.id > %s ORDER BY e.id LIMIT %s""",
            (account_id, after, limit),
        )
        .fetchall()
    )


def last_account_event_id(conn: psycopg.Connection, account_id: int) -> int:
    """The id of the account's newest event (0 when it has none)."""
    return conn.execute(
        "SELECT coalesce(max(id), 0) FROM account_events WHERE account_id = %s", (account_id,)
    ).fetchone()[0]
