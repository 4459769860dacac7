"""What lets a person keep an account: a password, an email address proved by a link, and the
one-time links of a password reset; and the counts that limit guessing.

Passwords are hashed with argon2id and the parameters of a profile (HANABI_PASSWORD_HASHING; by
default argon2-cffi's, RFC 9106's second recommended profile: 64 MiB, 3 passes, 4 lanes); a hash
made with other parameters is replaced at the next sign-in. Links are 32 random bytes shown once,
in the mail; only their SHA-256 digest is kept.

Guessing is limited by counting failures in Postgres, so every API process and replica sees the
same counts: failed sign-ins per account (from any address) and per client address, each over a
sliding window (`Rate`). A name that does not exist costs the same hash as one that does, so the
answer's time does not tell which names exist.
"""

import math
import secrets
import sys
from dataclasses import dataclass
from datetime import datetime, timedelta
from functools import cached_property

import psycopg
from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from limits import parse
from psycopg.rows import class_row

from .accounts import Account, hash_token
from .errors import Conflict, InvalidRequest, StoreError

MIN_PASSWORD_LENGTH = 8
MAX_PASSWORD_LENGTH = 1024
NOTIFICATION_MODES = ("immediately", "daily", "off")
REMINDER_MODES = ("immediately", "off")
LINK_PURPOSES = ("verify_email", "reset_password")
VERIFY_EMAIL_HOURS = 48
RESET_PASSWORD_HOURS = 1

PASSWORD_HASHING_PROFILES = {
    "rfc9106-low-memory": profiles.RFC_9106_LOW_MEMORY,
    "cheapest": profiles.CHEAPEST,
}
"""argon2id's parameters by the name HANABI_PASSWORD_HASHING gives them. `cheapest` (8 KiB, one
pass) protects nothing: it is for tests, which hash hundreds of passwords."""


class PasswordHashing:
    """Hashing and checking passwords with argon2id and the parameters of one profile of
    PASSWORD_HASHING_PROFILES."""

    def __init__(self, profile: str):
        self.hasher = PasswordHasher.from_parameters(PASSWORD_HASHING_PROFILES[profile])

    @cached_property
    def unused_hash(self) -> str:
        """Verified against when the name is unknown, so that it costs what a wrong password costs."""
        return self.hasher.hash(secrets.token_urlsafe(16))

    def hash(self, password: str) -> str:
        check_password_length(password)
        return _off_the_event_loop(self.hasher.hash, password)

    def verify(self, stored: str | None, password: str) -> bool:
        """Whether `password` is the one `stored` is the hash of (False when there is none)."""
        try:
            verified = _off_the_event_loop(self.hasher.verify, stored or self.unused_hash, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return False
        return verified and stored is not None

    def is_outdated(self, stored: str) -> bool:
        """Whether `stored` was made with other parameters than this profile's."""
        return self.hasher.check_needs_rehash(stored)


def _off_the_event_loop(function, *args):
    """`function(*args)` in an operating-system thread when gevent runs the process (the API's
    gunicorn worker): argon2 works with the GIL released, so the worker's other requests go on
    while a password is hashed instead of waiting for it."""
    gevent = sys.modules.get("gevent")
    if gevent is None or not gevent.monkey.is_module_patched("threading"):
        return function(*args)
    value, error = gevent.get_hub().threadpool.apply(_value_or_error, (function, args))
    if error is not None:
        raise error
    return value


def _value_or_error(function, args):
    """What `function(*args)` returns, or what it raises: gevent's thread pool prints the traceback
    of an exception raised in its thread, and a wrong password is no error to log."""
    try:
        return function(*args), None
    except Exception as error:
        return None, error


class InvalidCredentials(StoreError):
    """The name or the password is wrong (HTTP 401)."""

    code = "invalid_credentials"


class TooManyAttempts(StoreError):
    """Too many failures lately (HTTP 429); `retry_after` seconds until the next is counted."""

    code = "too_many_sign_in_attempts"

    def __init__(self, message: str, retry_after: int, code: str | None = None):
        super().__init__(message, code)
        self.retry_after = retry_after


class InvalidLink(StoreError):
    """A mailed link that is unknown, used or expired (HTTP 400)."""

    code = "invalid_link"


class WrongPassword(StoreError):
    """The current password given to change a password is wrong (HTTP 403)."""

    code = "wrong_password"


@dataclass(frozen=True)
class Rate:
    """At most `amount` in any `seconds`, from limits' notation ("20 per hour")."""

    amount: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> "Rate":
        item = parse(text)
        return cls(item.amount, item.get_expiry())


@dataclass(frozen=True)
class Credentials:
    """An account's own settings, which only its tokens may read."""

    id: int
    name: str
    kind: str
    created_at: datetime
    has_password: bool
    email: str | None
    email_verified: bool
    notify_your_turn: str
    notify_game_over: str
    notify_deadline_reminder: str

    @property
    def account(self) -> Account:
        return Account(self.id, self.name, self.kind, self.created_at)


_CREDENTIAL_COLUMNS = """id, name, kind, created_at, password_hash IS NOT NULL AS has_password, email,
    email_verified_at IS NOT NULL AS email_verified, notify_your_turn, notify_game_over, notify_deadline_reminder"""


def check_password_length(password: str) -> None:
    if len(password) < MIN_PASSWORD_LENGTH:
        raise InvalidRequest(f"A password has at least {MIN_PASSWORD_LENGTH} characters.", "password_too_short")
    if len(password) > MAX_PASSWORD_LENGTH:
        raise InvalidRequest(f"A password has at most {MAX_PASSWORD_LENGTH} characters.", "password_too_long")


def credentials(conn: psycopg.Connection, account_id: int) -> Credentials:
    return (
        conn.cursor(row_factory=class_row(Credentials))
        .execute(f"SELECT {_CREDENTIAL_COLUMNS} FROM accounts WHERE id = %s", (account_id,))
        .fetchone()
    )


def change_password(
    conn: psycopg.Connection, hashing: PasswordHashing, account_id: int, current: str | None, new: str
) -> None:
    """Set the account's password; when it has one, `current` must be it (else `WrongPassword`)."""
    new_hash = hashing.hash(new)
    with conn.transaction():
        (stored,) = conn.execute(
            "SELECT password_hash FROM accounts WHERE id = %s FOR UPDATE", (account_id,)
        ).fetchone()
        if stored is not None and (current is None or not hashing.verify(stored, current)):
            raise WrongPassword(
                "To change your password, give your current one as current_password."
                if current is None
                else "The current password is wrong.",
                "wrong_password",
            )
        conn.execute("UPDATE accounts SET password_hash = %s WHERE id = %s", (new_hash, account_id))


def sign_in(
    conn: psycopg.Connection,
    hashing: PasswordHashing,
    name: str,
    password: str,
    address: str,
    per_account: Rate,
    per_address: Rate,
) -> Account:
    """The account named `name` (without regard to case) when `password` is its password.

    `TooManyAttempts` when the address, or the account, has failed as often as its rate allows
    within its window (checked before the password, which is then not tried);
    `InvalidCredentials`, counted against both, when the name is unknown, the account has no
    password or the password is wrong. Sign-ins of one account take turns (a lock to the end
    of the transaction), so parallel guesses cannot pass the count together."""
    with conn.transaction():
        _refuse_when_over(conn, "sign_in_failed", "address = %s", address, per_address, "from your address")
        row = conn.execute(
            "SELECT id, name, kind, created_at, password_hash FROM accounts WHERE lower(name) = lower(%s)", (name,)
        ).fetchone()
        account = Account(*row[:4]) if row else None
        if account is not None:
            conn.execute("SELECT pg_advisory_xact_lock(hashtext('sign_in'), %s)", (account.id % 2147483647,))
            _refuse_when_over(conn, "sign_in_failed", "account_id = %s", account.id, per_account, "for this account")
        stored = row[4] if row else None
        if stored is None or not hashing.verify(stored, password):
            _record(conn, "sign_in_failed", account.id if account else None, address)
            failed = InvalidCredentials("The name or the password is wrong.", "invalid_credentials")
        else:
            failed = None
            if hashing.is_outdated(stored):
                conn.execute(
                    "UPDATE accounts SET password_hash = %s WHERE id = %s", (hashing.hash(password), account.id)
                )
    if failed is not None:
        raise failed  # after the commit, which keeps the failure counted
    return account


def _refuse_when_over(
    conn: psycopg.Connection, kind: str, where: str, value, rate: Rate, whose: str, code: str | None = None
) -> None:
    oldest, count, now = conn.execute(
        f"""SELECT min(at), count(*), now() FROM (
                SELECT at FROM sign_in_attempts
                 WHERE kind = %s AND {where} AND at > now() - make_interval(secs => %s)
                 ORDER BY at DESC LIMIT %s) AS recent""",
        (kind, value, rate.seconds, rate.amount),
    ).fetchone()
    if count >= rate.amount:
        retry_after = max(1, math.ceil((oldest + timedelta(seconds=rate.seconds) - now).total_seconds()))
        what = "failed sign-ins" if kind == "sign_in_failed" else "password-reset requests"
        raise TooManyAttempts(
            f"Too many {what} {whose}: at most {rate.amount} in {_duration(rate.seconds)}. "
            f"Try again in {_duration(retry_after)}.",
            retry_after,
            code or ("too_many_sign_in_attempts" if kind == "sign_in_failed" else "too_many_password_resets"),
        )


def _duration(seconds: int) -> str:
    if seconds % 3600 == 0:
        hours = seconds // 3600
        return "an hour" if hours == 1 else f"{hours} hours"
    if seconds % 60 == 0 or seconds > 120:
        minutes = math.ceil(seconds / 60)
        return "a minute" if minutes == 1 else f"{minutes} minutes"
    return "a second" if seconds == 1 else f"{seconds} seconds"


def _record(conn: psycopg.Connection, kind: str, account_id: int | None, address: str) -> None:
    conn.execute(
        "INSERT INTO sign_in_attempts (kind, account_id, address) VALUES (%s, %s, %s)", (kind, account_id, address)
    )


def purge_attempts(conn: psycopg.Connection, older_than_seconds: int) -> int:
    """Delete the counts no window looks at any more; how many."""
    return conn.execute(
        "DELETE FROM sign_in_attempts WHERE at < now() - make_interval(secs => %s)", (older_than_seconds,)
    ).rowcount


def set_notifications(conn: psycopg.Connection, account_id: int, settings: dict[str, str]) -> None:
    """Set some of the account's notification modes: {your_turn|game_over|deadline_reminder: mode}."""
    columns = {
        "your_turn": "notify_your_turn",
        "game_over": "notify_game_over",
        "deadline_reminder": "notify_deadline_reminder",
    }
    for key, mode in settings.items():
        conn.execute(f"UPDATE accounts SET {columns[key]} = %s WHERE id = %s", (mode, account_id))


def set_email(conn: psycopg.Connection, account_id: int, email: str | None) -> str | None:
    """Give the account a new, unverified email address (None: none). Returns the link's token
    to mail to it for its verification (None when there is no address, or it is unchanged)."""
    with conn.transaction():
        (current,) = conn.execute("SELECT email FROM accounts WHERE id = %s FOR UPDATE", (account_id,)).fetchone()
        if email is not None and current is not None and current.lower() == email.lower():
            return None
        conn.execute("UPDATE accounts SET email = %s, email_verified_at = NULL WHERE id = %s", (email, account_id))
        conn.execute(
            "UPDATE account_links SET used_at = now() WHERE account_id = %s AND used_at IS NULL", (account_id,)
        )
        if email is None:
            return None
        return create_link(conn, account_id, "verify_email", email, VERIFY_EMAIL_HOURS)


def create_link(conn: psycopg.Connection, account_id: int, purpose: str, email: str, hours: float) -> str:
    token = secrets.token_urlsafe(32)
    conn.execute(
        """INSERT INTO account_links (token_hash, account_id, purpose, email, expires_at)
           VALUES (%s, %s, %s, %s, now() + make_interval(secs => %s))""",
        (hash_token(token), account_id, purpose, email, hours * 3600),
    )
    return token


def use_link(conn: psycopg.Connection, token: str, purpose: str) -> tuple[int, str]:
    """Mark a link used, once; (account id, email) of a link valid until now, for the account's
    present email address. `InvalidLink` otherwise."""
    row = conn.execute(
        """UPDATE account_links l SET used_at = now()
             FROM accounts a
            WHERE l.token_hash = %s AND l.purpose = %s AND l.used_at IS NULL AND l.expires_at > now()
              AND a.id = l.account_id AND lower(a.email) = lower(l.email)
           RETURNING l.account_id, l.email""",
        (hash_token(token), purpose),
    ).fetchone()
    if row is None:
        raise InvalidLink("This link is unknown, was used already, or has expired: ask for a new one.", "invalid_link")
    return row


def verify_email(conn: psycopg.Connection, token: str) -> tuple[int, str]:
    """Mark the account's email address verified by the link's token; (account id, email)."""
    try:
        with conn.transaction():
            account_id, email = use_link(conn, token, "verify_email")
            conn.execute("UPDATE accounts SET email_verified_at = now() WHERE id = %s", (account_id,))
    except psycopg.errors.UniqueViolation as error:
        if error.diag.constraint_name == "accounts_verified_email":
            raise Conflict(
                "Another account uses this email address already: give yours another one.", "email_taken"
            ) from None
        raise
    return account_id, email


def request_password_reset(
    conn: psycopg.Connection, email: str, address: str, per_address: Rate, per_account: Rate
) -> tuple[int, str, str] | None:
    """A reset link for the account whose verified address is `email`: (account id, address,
    the link's token), or None when there is no such account or it asked too often (which the
    caller must not tell apart). `TooManyAttempts` when the client address asked too often."""
    with conn.transaction():
        _refuse_when_over(conn, "password_reset", "address = %s", address, per_address, "from your address")
        row = conn.execute(
            "SELECT id, email FROM accounts WHERE lower(email) = lower(%s) AND email_verified_at IS NOT NULL",
            (email,),
        ).fetchone()
        if row is None:
            _record(conn, "password_reset", None, address)
            return None
        account_id, stored = row
        try:
            _refuse_when_over(conn, "password_reset", "account_id = %s", account_id, per_account, "for this account")
        except TooManyAttempts:
            _record(conn, "password_reset", None, address)
            return None
        _record(conn, "password_reset", account_id, address)
        return account_id, stored, create_link(conn, account_id, "reset_password", stored, RESET_PASSWORD_HOURS)


def reset_password(conn: psycopg.Connection, hashing: PasswordHashing, token: str, password: str) -> int:
    """Set a new password through a reset link; the account's id. The caller revokes its tokens
    in the same transaction."""
    new_hash = hashing.hash(password)
    account_id, _ = use_link(conn, token, "reset_password")
    conn.execute("UPDATE accounts SET password_hash = %s WHERE id = %s", (new_hash, account_id))
    conn.execute(
        "UPDATE account_links SET used_at = now() "
        "WHERE account_id = %s AND purpose = 'reset_password' AND used_at IS NULL",
        (account_id,),
    )
    return account_id


def unsubscribe(conn: psycopg.Connection, key: str) -> Credentials | None:
    """Turn every notification mail of the account with this unsubscribe key off."""
    row = conn.execute(
        """UPDATE accounts SET notify_your_turn = 'off', notify_game_over = 'off', notify_deadline_reminder = 'off'
            WHERE unsubscribe_key = %s RETURNING id""",
        (key,),
    ).fetchone()
    return credentials(conn, row[0]) if row else None
