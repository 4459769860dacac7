"""Accounts (people, bots and apps) and their API tokens.

A token is 32 random bytes, shown once when it is issued. Only its SHA-256 digest is stored,
so a copy of the database does not let anyone act as an account. A token carries scopes (what
it may do, SCOPES), and may be limited to one game and to a time (a table link, see apps).
"""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Iterable

import psycopg
from psycopg.rows import class_row

from .errors import Conflict, InvalidRequest, NotFound

ACCOUNT_KINDS = ("human", "bot", "app")
SCOPES = ("read", "play", "games:write", "webhooks", "tokens", "apps")
"""What a token may do; a token without a scope is refused the endpoints that need it:
`read` every GET of games, accounts and your own lists; `play` join, leave, resign, act, chat
and notes; `games:write` create, start, abort and import games; `webhooks` your webhooks and
their deliveries; `tokens` issue more tokens; `apps` an app's players and their tokens."""
ALL_SCOPES = frozenset(SCOPES)
TOKEN_PREFIX = "hnb_"
"""Marks a string as a Hanabi token, for people reading logs and for secret scanners."""


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    kind: str
    created_at: datetime


@dataclass(frozen=True)
class Token:
    """What a token lets its holder do: act as `account`, within `scopes` (and `game_id`)."""

    account: Account
    scopes: frozenset[str]
    game_id: int | None = None
    expires_at: datetime | None = None


_ACCOUNT_COLUMNS = "id, name, kind, created_at"


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8")).digest()


def create_account(
    conn: psycopg.Connection, name: str, kind: str, scopes: Iterable[str] = SCOPES
) -> tuple[Account, str]:
    """Create an account and its first token (with `scopes`). Returns the account and the token (shown only now)."""
    if kind not in ACCOUNT_KINDS:
        raise InvalidRequest(f"An account is {' or '.join(ACCOUNT_KINDS)}, not {kind!r}.", "invalid_account_kind")
    try:
        with conn.transaction():
            account = (
                conn.cursor(row_factory=class_row(Account))
                .execute(f"INSERT INTO accounts (name, kind) VALUES (%s, %s) RETURNING {_ACCOUNT_COLUMNS}", (name, kind))
                .fetchone()
            )
            token = issue_token(conn, account.id, scopes)
    except psycopg.errors.UniqueViolation as error:
        if error.diag.constraint_name == "accounts_name_key":
            raise Conflict(f"The name {name!r} is taken.", "account_name_taken") from None
        raise
    return account, token


def issue_token(
    conn: psycopg.Connection,
    account_id: int,
    scopes: Iterable[str] = SCOPES,
    *,
    seconds: float | None = None,
    game_id: int | None = None,
    issued_by_app: int | None = None,
) -> str:
    """A new token for an existing account, with `scopes` (in SCOPES); valid for `seconds`
    and in game `game_id` only, when given. The account's other tokens stay valid."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    conn.execute(
        """INSERT INTO api_tokens (token_hash, account_id, scopes, expires_at, game_id, issued_by_app)
           VALUES (%s, %s, %s, now() + make_interval(secs => %s), %s, %s)""",
        (hash_token(token), account_id, [scope for scope in SCOPES if scope in set(scopes)], seconds, game_id, issued_by_app),
    )
    return token


def authenticate(conn: psycopg.Connection, token: str) -> Account | None:
    """The account a token belongs to, or None for an unknown, revoked or expired token."""
    found = token_of_hash(conn, hash_token(token))
    return found.account if found else None


def token_of_hash(conn: psycopg.Connection, token_hash: bytes) -> Token | None:
    """The token whose SHA-256 digest is `token_hash`, unless it is revoked or expired."""
    row = conn.execute(
        """SELECT a.id, a.name, a.kind, a.created_at, t.scopes, t.game_id, t.expires_at
            FROM api_tokens t JOIN accounts a ON a.id = t.account_id
            WHERE t.token_hash = %s AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())""",
        (token_hash,),
    ).fetchone()
    if row is None:
        return None
    return Token(Account(*row[:4]), frozenset(row[4]), row[5], row[6])


def revoke_token(conn: psycopg.Connection, token: str) -> bool:
    """Revoke a token. False when it was unknown or already revoked."""
    cursor = conn.execute(
        "UPDATE api_tokens SET revoked_at = now() WHERE token_hash = %s AND revoked_at IS NULL",
        (hash_token(token),),
    )
    return cursor.rowcount == 1


def get_account(conn: psycopg.Connection, account_id: int) -> Account:
    account = (
        conn.cursor(row_factory=class_row(Account))
        .execute(f"SELECT {_ACCOUNT_COLUMNS} FROM accounts WHERE id = %s", (account_id,))
        .fetchone()
    )
    if account is None:
        raise NotFound(f"There is no account {account_id}.", "account_not_found")
    return account


def find_account(conn: psycopg.Connection, name: str) -> Account | None:
    """The account with this name, compared without regard to case."""
    return (
        conn.cursor(row_factory=class_row(Account))
        .execute(f"SELECT {_ACCOUNT_COLUMNS} FROM accounts WHERE lower(name) = lower(%s)", (name,))
        .fetchone()
    )


def account_names(conn: psycopg.Connection, account_ids: Iterable[int]) -> dict[int, str]:
    """The names of the given accounts, by id (unknown ids are left out)."""
    ids = sorted({account_id for account_id in account_ids if account_id is not None})
    if not ids:
        return {}
    return dict(conn.execute("SELECT id, name FROM accounts WHERE id = ANY(%s)", (ids,)).fetchall())
