"""Sending the email outbox (hanabi.store.outbox) through the SMTP relay of HANABI_SMTP_URL.

Beat sends `send_mail` every HANABI_SWEEP_SECONDS: it puts in the deadline reminders that are
due, then sends each due mail, one at a time, inside a transaction that holds the mail's row
(SELECT ... FOR UPDATE SKIP LOCKED) from before the SMTP dialogue until the sent mark commits.
So several workers never take the same mail, and a worker that dies while sending (its
connection to Postgres dies with it, which releases the row) leaves the mail due again: none
is lost. What remains is SMTP's own window, which no client can close: a worker that dies
after the relay accepted the message (its reply to the final ".") and before the sent mark
commits sends the mail again. The copy carries the same Message-ID (`<mail-ID@DOMAIN>`, from
the outbox row), which lets relays and mail programs that look at it drop the second.

`send_digests` (daily, at HANABI_DIGEST_HOUR UTC) folds each account's notifications set to
'daily' into one digest mail, and deletes the counts of failed sign-ins no window needs.
"""

import logging
import smtplib
from datetime import UTC, datetime
from email.message import EmailMessage
from email.utils import format_datetime, parseaddr
from urllib.parse import unquote, urlsplit

from hanabi.store import credentials, outbox
from hanabi.store.outbox import Mail, Recipient

SMTP_TIMEOUT_SECONDS = 30
MAILS_PER_RUN = 200
RETRY_BASE_SECONDS = 30
RETRY_MAX_SECONDS = 3600
ATTEMPTS_KEPT_SECONDS = 7 * 24 * 3600

log = logging.getLogger(__name__)


def send_mail(app) -> int:
    """Queue the reminders due, then send the mail due (at most MAILS_PER_RUN); how many were
    sent. Without HANABI_SMTP_URL, mail waits in the outbox."""
    settings = app.hanabi_settings
    if not settings.smtp_url:
        return 0
    sent = 0
    with app.database().connection() as conn:
        reminders = outbox.queue_deadline_reminders(conn, settings.deadline_reminder_seconds)
        if reminders:
            log.info("queued %d deadline reminders", reminders)
        for _ in range(MAILS_PER_RUN):
            with conn.transaction():
                mail = outbox.claim_due_mail(conn, settings.turn_email_delay_seconds)
                if mail is None:
                    break
                sent += _send_one(conn, settings, mail)
    return sent


def _send_one(conn, settings, mail: Mail) -> int:
    account = outbox.recipient(conn, mail.account_id)
    reason = outbox.reason_to_skip(conn, mail, account)
    if reason is not None:
        outbox.finish_mail(conn, mail.id, "skipped", reason)
        log.info("mail %d (%s) skipped: %s", mail.id, mail.kind, reason)
        return 0
    try:
        message = compose(mail, account, settings, outbox.game_summary(conn, mail.game_id) if mail.game_id else None)
    except Exception as error:  # a mail that cannot be written must not hold up the others
        log.exception("mail %d (%s) cannot be written", mail.id, mail.kind)
        return _failed(conn, mail, f"cannot be written: {error!r}", permanent=True)
    try:
        deliver(settings.smtp_url, message)
    except smtplib.SMTPResponseException as error:
        return _failed(conn, mail, f"{error.smtp_code} {error.smtp_error!r}", permanent=error.smtp_code >= 500)
    except smtplib.SMTPRecipientsRefused as error:
        codes = [code for code, _ in error.recipients.values()]
        return _failed(conn, mail, f"recipient refused: {codes}", permanent=all(code >= 500 for code in codes))
    except (TimeoutError, smtplib.SMTPException, OSError) as error:
        return _failed(conn, mail, f"{type(error).__name__}: {error}", permanent=False)
    outbox.finish_mail(conn, mail.id, "sent")
    log.info("mail %d (%s) sent", mail.id, mail.kind)
    return 1


def _failed(conn, mail: Mail, error: str, *, permanent: bool) -> int:
    if permanent or mail.attempts + 1 >= outbox.MAX_ATTEMPTS:
        outbox.finish_mail(conn, mail.id, "failed", error)
        log.warning("mail %d (%s) failed for good: %s", mail.id, mail.kind, error)
    else:
        delay = min(RETRY_BASE_SECONDS * 2**mail.attempts, RETRY_MAX_SECONDS)
        outbox.retry_mail_later(conn, mail.id, error, delay)
        log.warning("mail %d (%s) failed, retried in %d s: %s", mail.id, mail.kind, delay, error)
    return 0


def deliver(smtp_url: str, message: EmailMessage) -> None:
    """Hand `message` to the relay: smtps:// speaks TLS from the start; smtp:// upgrades with
    STARTTLS when the relay offers it; a user in the URL logs in."""
    parts = urlsplit(smtp_url)
    secure = parts.scheme == "smtps"
    connect = smtplib.SMTP_SSL if secure else smtplib.SMTP
    with connect(parts.hostname, parts.port or (465 if secure else 25), timeout=SMTP_TIMEOUT_SECONDS) as client:
        client.ehlo()
        if not secure and client.has_extn("starttls"):
            client.starttls()
            client.ehlo()
        if parts.username:
            client.login(unquote(parts.username), unquote(parts.password or ""))
        client.send_message(message)


def message_id(mail_id: int, sender: str) -> str:
    """The same for every attempt of one mail, so a copy sent twice can be recognised."""
    domain = parseaddr(sender)[1].rpartition("@")[2] or "localhost"
    return f"<mail-{mail_id}@{domain}>"


def compose(mail: Mail, account: Recipient, settings, game: dict | None) -> EmailMessage:
    base = settings.public_url
    subject, lines = _text(mail, account, base, game)
    message = EmailMessage()
    message["From"] = settings.email_from
    message["To"] = mail.to_address
    message["Subject"] = subject
    message["Message-ID"] = message_id(mail.id, settings.email_from)
    message["Date"] = format_datetime(mail.created_at)
    if mail.kind in outbox.NOTIFICATION_KINDS:
        unsubscribe = f"{base}/mail/unsubscribe/{account.unsubscribe_key}"
        message["List-Unsubscribe"] = f"<{unsubscribe}>"
        message["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
        lines += ["", f"No more of these mails: {unsubscribe}", f"Your settings: {base}/"]
    message.set_content("\n".join(lines) + "\n")
    return message


def _text(mail: Mail, account: Recipient, base: str, game: dict | None) -> tuple[str, list[str]]:
    payload = mail.payload
    hello = f"Hello {account.name},"
    if mail.kind == "verify_email":
        return "Confirm your email address", [
            hello,
            "",
            "Open this link to confirm that this address is yours (it works once, for 48 hours):",
            f"{base}/?verify_email={payload['token']}",
            "",
            "If you did not give this address to Hanabi, ignore this mail.",
        ]
    if mail.kind == "reset_password":
        return "Reset your password", [
            hello,
            "",
            "Open this link to choose a new password (it works once, for an hour):",
            f"{base}/?reset_password={payload['token']}",
            "",
            "If you did not ask for this, ignore this mail: your password stays as it is.",
        ]
    link = f"{base}/#/game/{mail.game_id}"
    if mail.kind == "your_turn":
        return f"Your turn in game {mail.game_id}", [
            hello,
            "",
            f"Game {mail.game_id}{_players(game)} waits on you.{_time_left(game)}",
            f"Play: {link}",
        ]
    if mail.kind == "deadline_reminder":
        return f"Your turn in game {mail.game_id} ends soon", [
            hello,
            "",
            f"Game {mail.game_id}{_players(game)} still waits on you.{_time_left(game)}",
            f"Play: {link}",
        ]
    if mail.kind == "game_over":
        return f"Game {mail.game_id} is over: {payload.get('score')} points", [
            hello,
            "",
            f"Game {mail.game_id}{_players(game)} ended ({payload.get('end_condition')}) with "
            f"{payload.get('score')} points.",
            f"Replay: {base}/#/replay/{mail.game_id}/0",
        ]
    lines = [hello, ""]
    if payload.get("your_turn"):
        lines.append("Games waiting on you:")
        lines += [f"  game {game_id}: {base}/#/game/{game_id}" for game_id in payload["your_turn"]]
    if payload.get("game_over"):
        lines.append("Games that ended:")
        lines += [
            f"  game {ended['game_id']}: {ended['score']} points ({ended['end_condition']})"
            for ended in payload["game_over"]
        ]
    return "Your Hanabi day", lines


def _players(game: dict | None) -> str:
    if not game or not game.get("players"):
        return ""
    return f" ({', '.join(name or 'open seat' for name in game['players'])})"


def _time_left(game: dict | None) -> str:
    if not game or game.get("deadline") is None:
        return ""
    seconds = max(0, int((game["deadline"] - datetime.now(UTC)).total_seconds()))
    hours, minutes = seconds // 3600, seconds % 3600 // 60
    return f" Time left: {hours} h {minutes:02d} min (until {game['deadline']:%Y-%m-%d %H:%M} UTC)."


def send_digests(app) -> int:
    """Fold the daily notifications into digests (sent by the next `send_mail`); delete the
    counts of failed sign-ins older than a week. How many digests."""
    with app.database().connection() as conn:
        digests = outbox.fold_digests(conn)
        credentials.purge_attempts(conn, ATTEMPTS_KEPT_SECONDS)
    log.info("folded %d daily digests", digests)
    return digests
