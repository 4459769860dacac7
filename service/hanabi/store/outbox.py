"""The email outbox: mail to send, written in the transaction of what causes it (a new email
address, a password reset, and, through migration 0017's trigger, an account's events), and
sent by the workers (hanabi.worker.email), so a crash loses none."""

import psycopg
from psycopg.types.json import Jsonb

MAIL_KINDS = ("verify_email", "reset_password", "your_turn", "game_over", "deadline_reminder", "digest")


def queue_mail(
    conn: psycopg.Connection, account_id: int, kind: str, to_address: str, payload: dict, game_id: int | None = None
) -> int:
    """Put a mail in the outbox, in the caller's transaction; its id."""
    return conn.execute(
        """INSERT INTO email_outbox (account_id, kind, to_address, game_id, payload)
           VALUES (%s, %s, %s, %s, %s) RETURNING id""",
        (account_id, kind, to_address, game_id, Jsonb(payload)),
    ).fetchone()[0]
