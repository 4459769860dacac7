"""The email outbox: mail to send, written in the transaction of what causes it (a new email
address, a password reset, and, through migration 0017's trigger, an account's events), and
sent by the workers (hanabi.worker.email), so a crash loses none."""

from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import class_row
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


NOTIFICATION_KINDS = ("your_turn", "game_over", "deadline_reminder", "digest")
"""Mail an account may turn off; the others (verify_email, reset_password) it asked for."""
MAX_ATTEMPTS = 10


@dataclass(frozen=True)
class Mail:
    id: int
    account_id: int
    kind: str
    to_address: str
    game_id: int | None
    payload: dict
    attempts: int
    created_at: datetime


@dataclass(frozen=True)
class Recipient:
    """What a mail needs of its account, read when it is sent."""

    name: str
    email: str | None
    email_verified: bool
    notify_your_turn: str
    notify_game_over: str
    notify_deadline_reminder: str
    unsubscribe_key: str


def claim_due_mail(conn: psycopg.Connection, turn_delay_seconds: float) -> Mail | None:
    """Inside the caller's transaction, lock the next mail due (a `your_turn` once it has waited
    `turn_delay_seconds`) that no other transaction holds; None when there is none. The lock is
    held until the caller marks the mail and commits, or its connection dies: then the mail is
    due again."""
    return (
        conn.cursor(row_factory=class_row(Mail))
        .execute(
            """SELECT id, account_id, kind, to_address, game_id, payload, attempts, created_at FROM email_outbox
                WHERE outcome IS NULL AND NOT digest AND send_after <= now()
                  AND (kind <> 'your_turn' OR created_at <= now() - make_interval(secs => %s))
                ORDER BY send_after, id
                LIMIT 1 FOR UPDATE SKIP LOCKED""",
            (turn_delay_seconds,),
        )
        .fetchone()
    )


def recipient(conn: psycopg.Connection, account_id: int) -> Recipient:
    return (
        conn.cursor(row_factory=class_row(Recipient))
        .execute(
            """SELECT name, email, email_verified_at IS NOT NULL AS email_verified, notify_your_turn,
                      notify_game_over, notify_deadline_reminder, unsubscribe_key
                 FROM accounts WHERE id = %s""",
            (account_id,),
        )
        .fetchone()
    )


def reason_to_skip(conn: psycopg.Connection, mail: Mail, account: Recipient) -> str | None:
    """Why a mail should not be sent now that its turn came (None: send it): its account turned
    that mail off or changed its address since, or the turn it is about was taken."""
    if mail.kind not in NOTIFICATION_KINDS:
        return None
    if not account.email_verified or (account.email or "").lower() != mail.to_address.lower():
        return "the account's verified email address changed"
    setting = {
        "your_turn": account.notify_your_turn,
        "game_over": account.notify_game_over,
        "deadline_reminder": account.notify_deadline_reminder,
    }.get(mail.kind)
    if setting == "off":
        return "the account turned this mail off"
    if mail.kind in ("your_turn", "deadline_reminder") and not still_their_turn(
        conn, mail.game_id, mail.account_id, mail.payload.get("turn")
    ):
        return "the turn was taken"
    return None


def still_their_turn(conn: psycopg.Connection, game_id: int, account_id: int, turn: int | None) -> bool:
    return (
        conn.execute(
            "SELECT 1 FROM games WHERE id = %s AND status = 'running' AND turn_account_id = %s AND turn = %s",
            (game_id, account_id, turn),
        ).fetchone()
        is not None
    )


def finish_mail(conn: psycopg.Connection, mail_id: int, outcome: str, error: str | None = None) -> None:
    """Mark a mail sent, skipped or failed; a link's token is erased from it."""
    conn.execute(
        """UPDATE email_outbox SET outcome = %s, finished_at = now(), last_error = %s, payload = payload - 'token',
                  attempts = attempts + CASE WHEN %s = 'skipped' THEN 0 ELSE 1 END
            WHERE id = %s""",
        (outcome, error, outcome, mail_id),
    )


def retry_mail_later(conn: psycopg.Connection, mail_id: int, error: str, delay_seconds: float) -> None:
    conn.execute(
        """UPDATE email_outbox SET attempts = attempts + 1, last_error = %s,
                  send_after = now() + make_interval(secs => %s)
            WHERE id = %s""",
        (error, delay_seconds, mail_id),
    )


def queue_deadline_reminders(conn: psycopg.Connection, before_seconds: float) -> int:
    """A reminder for each turn whose deadline is at most `before_seconds` away, of a turn at
    least twice that long, to an account with a verified address that wants reminders; once
    per account, game and turn. How many were put in."""
    return conn.execute(
        """INSERT INTO email_outbox (account_id, kind, to_address, game_id, payload)
           SELECT a.id, 'deadline_reminder', a.email, g.id,
                  jsonb_build_object('turn', g.turn, 'seat', g.current_seat, 'deadline', g.deadline)
             FROM games g JOIN accounts a ON a.id = g.turn_account_id
            WHERE g.status = 'running' AND g.deadline IS NOT NULL
              AND g.deadline > now() AND g.deadline <= now() + make_interval(secs => %(before)s)
              AND g.deadline - g.turn_started_at >= make_interval(secs => 2 * %(before)s)
              AND a.email_verified_at IS NOT NULL AND a.notify_deadline_reminder = 'immediately'
           ON CONFLICT DO NOTHING""",
        {"before": before_seconds},
    ).rowcount


def fold_digests(conn: psycopg.Connection) -> int:
    """Fold each account's notifications waiting for the digest into one `digest` mail (its
    payload lists them: games still waiting on the account, games that ended); how many
    digests were put in. An account whose address is no longer verified gets none."""
    folded = 0
    accounts = [
        account_id
        for (account_id,) in conn.execute(
            "SELECT DISTINCT account_id FROM email_outbox WHERE outcome IS NULL AND digest"
        ).fetchall()
    ]
    for account_id in accounts:
        with conn.transaction():
            rows = conn.execute(
                """SELECT id, kind, game_id, payload FROM email_outbox
                    WHERE account_id = %s AND outcome IS NULL AND digest ORDER BY id FOR UPDATE SKIP LOCKED""",
                (account_id,),
            ).fetchall()
            if not rows:
                continue
            account = recipient(conn, account_id)
            ids = [row[0] for row in rows]
            if not account.email_verified:
                conn.execute(
                    "UPDATE email_outbox SET outcome = 'skipped', finished_at = now() WHERE id = ANY(%s)", (ids,)
                )
                continue
            waiting = sorted(
                {
                    game_id
                    for _, kind, game_id, payload in rows
                    if kind == "your_turn" and still_their_turn(conn, game_id, account_id, payload.get("turn"))
                }
            )
            ended = [
                {"game_id": game_id, "score": payload.get("score"), "end_condition": payload.get("end_condition")}
                for _, kind, game_id, payload in rows
                if kind == "game_over"
            ]
            digest_id = None
            if waiting or ended:
                digest_id = queue_mail(
                    conn, account_id, "digest", account.email, {"your_turn": waiting, "game_over": ended}
                )
                folded += 1
            conn.execute(
                """UPDATE email_outbox SET outcome = CASE WHEN %s::bigint IS NULL THEN 'skipped' ELSE 'folded' END,
                          folded_into = %s, finished_at = now()
                    WHERE id = ANY(%s)""",
                (digest_id, digest_id, ids),
            )
    return folded


def game_summary(conn: psycopg.Connection, game_id: int) -> dict | None:
    """What a mail says of a game: its status, turn, deadline, score and players' names."""
    row = conn.execute(
        """SELECT g.status, g.turn, g.deadline, g.score, g.end_condition, g.options->>'variant',
                  array_agg(coalesce(a.name, s.bot_strategy) ORDER BY s.seat)
             FROM games g JOIN game_seats s ON s.game_id = g.id LEFT JOIN accounts a ON a.id = s.account_id
            WHERE g.id = %s GROUP BY g.id""",
        (game_id,),
    ).fetchone()
    if row is None:
        return None
    keys = ("status", "turn", "deadline", "score", "end_condition", "variant", "players")
    return dict(zip(keys, row, strict=True))
