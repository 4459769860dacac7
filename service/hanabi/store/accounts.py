"""Accounts (people, bots and apps) and their API tokens.

A token is 32 random bytes, shown once when it is issued. Only its SHA-256 digest is stored,
so a copy of the database does not let anyone act as an account. A token carries scopes (what
it may do, SCOPES), and may be limited to one game and to a time (a table link, see apps).

A token issued by a request remembers the token of that request (its parent, migration 0013):
it expires no later than its parent and stays in its parent's game, and revoking a token
revokes its descendants in the same transaction, so checking a token stays one indexed read.
"""

import hashlib
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

import psycopg
from psycopg.rows import class_row

from .errors import Conflict, InvalidRequest, NotFound, StoreError

ACCOUNT_KINDS = ("human", "bot", "app")
SCOPES = ("read", "play", "games:write", "webhooks", "tokens", "apps")
"""What a token may do; a token without a scope is refused the endpoints that need it:
`read` every GET of games, accounts and your own lists; `play` join, leave, resign, act, chat
and notes; `games:write` create, start, abort and import games; `webhooks` your webhooks and
their deliveries; `tokens` issue more tokens; `apps` an app's players and their tokens."""
ALL_SCOPES = frozenset(SCOPES)
TOKEN_PREFIX = "hnb_"
"""Marks a string as a Hanabi token, for people reading logs and for secret scanners."""


class ParentRevoked(StoreError):
    """The token asking for a new token was revoked or expired meanwhile (HTTP 401)."""

    code = "unauthorized"


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
    app_id: int | None = None
    """The app the token acts for: the account itself when it is an app, else the app that
    created the account (None for everyone else); its requests count against the app's limit."""
    digest: bytes | None = field(default=None, compare=False)
    """The token's SHA-256 digest: the parent of the tokens its requests issue."""


@dataclass(frozen=True)
class Player:
    """An account an app created for one of its users, named `<app name>/<user>`."""

    id: int
    name: str
    user: str
    kind: str
    created_at: datetime
    app: str


_ACCOUNT_COLUMNS = "id, name, kind, created_at"


def hash_token(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8")).digest()


def create_account(
    conn: psycopg.Connection, name: str, kind: str, scopes: Iterable[str] = SCOPES, password_hash: str | None = None
) -> tuple[Account, str]:
    """Create an account (with a password, by its argon2 hash) and its first token (with
    `scopes`). Returns the account and the token (shown only now)."""
    if kind not in ACCOUNT_KINDS:
        raise InvalidRequest(f"An account is {' or '.join(ACCOUNT_KINDS)}, not {kind!r}.", "invalid_account_kind")
    try:
        with conn.transaction():
            account = (
                conn.cursor(row_factory=class_row(Account))
                .execute(
                    "INSERT INTO accounts (name, kind, password_hash) VALUES (%s, %s, %s) "
                    f"RETURNING {_ACCOUNT_COLUMNS}",
                    (name, kind, password_hash),
                )
                .fetchone()
            )
            token = issue_token(conn, account.id, scopes)
    except psycopg.errors.UniqueViolation as error:
        if error.diag.constraint_name == "accounts_name_key":
            raise Conflict(f"The name {name!r} is taken.", "account_name_taken") from None
        raise
    return account, token


def issue_token(conn: psycopg.Connection, account_id: int, scopes: Iterable[str] = SCOPES, **limits) -> str:
    """A new token for an existing account, with `scopes` (in SCOPES), limited as
    `issue_limited_token` says. The account's other tokens stay valid."""
    return issue_limited_token(conn, account_id, scopes, **limits)[0]


def issue_limited_token(
    conn: psycopg.Connection,
    account_id: int,
    scopes: Iterable[str],
    *,
    seconds: float | None = None,
    until: datetime | None = None,
    game_id: int | None = None,
    issued_by_app: int | None = None,
    parent: bytes | None = None,
) -> tuple[str, datetime | None]:
    """A new token, valid for `seconds` and not past `until`, and in game `game_id` only, when
    given; issued by the app `issued_by_app` for one of its players. Returns the token and
    when it expires.

    With `parent` (the digest of the token whose request issues this one), the new token
    never outlives its parent and is limited to its parent's game when the parent is; it is
    revoked with its parent. A parent revoked or expired meanwhile is `ParentRevoked`: the
    parent's row is read FOR SHARE, so a revocation either sees the new token or makes this fail."""
    token = TOKEN_PREFIX + secrets.token_urlsafe(32)
    row = conn.execute(
        """INSERT INTO api_tokens (token_hash, account_id, scopes, expires_at, game_id, issued_by_app, parent_hash)
           SELECT %(hash)s, %(account)s, %(scopes)s,
                  LEAST(now() + make_interval(secs => %(seconds)s), %(until)s::timestamptz, p.expires_at),
                  COALESCE(p.game_id, %(game)s), %(app)s, %(parent)s::bytea
             FROM (VALUES (1)) AS one
             LEFT JOIN LATERAL (
                 SELECT token_hash, expires_at, game_id, revoked_at FROM api_tokens
                  WHERE token_hash = %(parent)s::bytea FOR SHARE
             ) AS p ON true
            WHERE %(parent)s::bytea IS NULL
               OR (p.token_hash IS NOT NULL AND p.revoked_at IS NULL AND (p.expires_at IS NULL OR p.expires_at > now()))
           RETURNING expires_at""",
        {
            "hash": hash_token(token),
            "account": account_id,
            "scopes": [scope for scope in SCOPES if scope in set(scopes)],
            "seconds": seconds,
            "until": until,
            "game": game_id,
            "app": issued_by_app,
            "parent": parent,
        },
    ).fetchone()
    if row is None:
        raise ParentRevoked("The API token is unknown, has expired or has been revoked.", "unauthorized")
    return token, row[0]


def authenticate(conn: psycopg.Connection, token: str) -> Account | None:
    """The account a token belongs to, or None for an unknown, revoked or expired token."""
    found = token_of_hash(conn, hash_token(token))
    return found.account if found else None


def token_of_hash(conn: psycopg.Connection, token_hash: bytes) -> Token | None:
    """The token whose SHA-256 digest is `token_hash`, unless it is revoked or expired."""
    row = conn.execute(
        """SELECT a.id, a.name, a.kind, a.created_at, t.scopes, t.game_id, t.expires_at,
                   CASE WHEN a.kind = 'app' THEN a.id ELSE a.created_by_app END
            FROM api_tokens t JOIN accounts a ON a.id = t.account_id
            WHERE t.token_hash = %s AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())""",
        (token_hash,),
    ).fetchone()
    if row is None:
        return None
    return Token(Account(*row[:4]), frozenset(row[4]), row[5], row[6], row[7], token_hash)


def tokens_of_hashes(conn: psycopg.Connection, token_hashes: list[bytes]) -> dict[bytes, Token]:
    """The tokens among `token_hashes` (SHA-256 digests) that are neither revoked nor expired,
    by digest: `token_of_hash` for many in one query."""
    rows = conn.execute(
        """SELECT t.token_hash, a.id, a.name, a.kind, a.created_at, t.scopes, t.game_id, t.expires_at,
                   CASE WHEN a.kind = 'app' THEN a.id ELSE a.created_by_app END
            FROM api_tokens t JOIN accounts a ON a.id = t.account_id
            WHERE t.token_hash = ANY(%s) AND t.revoked_at IS NULL AND (t.expires_at IS NULL OR t.expires_at > now())""",
        (token_hashes,),
    ).fetchall()
    return {row[0]: Token(Account(*row[1:5]), frozenset(row[5]), row[6], row[7], row[8], bytes(row[0])) for row in rows}


def revoke_token(conn: psycopg.Connection, token: str) -> list[bytes]:
    """Revoke a token and every token issued from it, transitively. The digests of those that
    were valid ([] when the token was unknown or already revoked)."""
    return _revoke_trees(conn, "token_hash = %s", (hash_token(token),))


def revoke_all_tokens(conn: psycopg.Connection, account_id: int) -> list[bytes]:
    """Sign an account out everywhere: revoke all its tokens and every token issued from them
    (its watch links; an app's table links and its players' tokens, those issued before
    tokens recorded their parent too). The digests of those that were valid."""
    return _revoke_trees(conn, "account_id = %(account)s OR issued_by_app = %(account)s", {"account": account_id})


def _revoke_trees(conn: psycopg.Connection, roots: str, params: tuple | dict) -> list[bytes]:
    """Revoke the tokens that match `roots` (SQL over api_tokens) and their descendants, in
    one transaction; the digests revoked.

    The roots are revoked (and their rows locked) first; each later statement has a newer
    snapshot, which sees every child committed before the locks were taken, and a child issued
    after waits for the lock and then finds its parent revoked (`issue_limited_token`). The
    descendants are revoked again until a pass finds none left. Revocations take turns (an
    advisory lock): two that overlap, an account's and one of its tokens', could otherwise
    each lock rows the other waits for."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(hashtext('token_revocation'))")
        revoked = [
            digest
            for (digest,) in conn.execute(
                f"UPDATE api_tokens SET revoked_at = now() WHERE {roots} AND revoked_at IS NULL RETURNING token_hash",
                params,
            )
        ]
        while True:
            found = conn.execute(
                f"""WITH RECURSIVE tree (token_hash) AS (
                        SELECT token_hash FROM api_tokens WHERE {roots}
                        UNION
                        SELECT c.token_hash FROM api_tokens c JOIN tree ON c.parent_hash = tree.token_hash
                    )
                    UPDATE api_tokens t SET revoked_at = now()
                      FROM tree WHERE t.token_hash = tree.token_hash AND t.revoked_at IS NULL
                    RETURNING t.token_hash""",
                params,
            ).fetchall()
            if not found:
                return revoked
            revoked.extend(digest for (digest,) in found)


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


PLAYER_KINDS = ("human", "bot")
_PLAYER_COLUMNS = "p.id, p.name, split_part(p.name, '/', 2) AS user, p.kind, p.created_at, a.name AS app"


def create_player(conn: psycopg.Connection, app: Account, user: str, kind: str = "human") -> Player:
    """An account of the app `app` for its user `user`, named `<app>/<user>` (so no one else can
    hold that name); it has no token until the app issues one (`issue_token` with `issued_by_app`)."""
    try:
        with conn.transaction():
            (player_id,) = conn.execute(
                "INSERT INTO accounts (name, kind, created_by_app) VALUES (%s, %s, %s) RETURNING id",
                (f"{app.name}/{user}", kind, app.id),
            ).fetchone()
    except psycopg.errors.UniqueViolation as error:
        if error.diag.constraint_name == "accounts_name_key":
            raise Conflict(f"The app already has a player {user!r}.", "account_name_taken") from None
        raise
    return get_player(conn, app, player_id)


def get_player(conn: psycopg.Connection, app: Account, player_id: int) -> Player:
    """A player of `app`; 404 `player_not_found` for any other account."""
    player = (
        conn.cursor(row_factory=class_row(Player))
        .execute(
            f"SELECT {_PLAYER_COLUMNS} FROM accounts p JOIN accounts a ON a.id = p.created_by_app "
            "WHERE p.id = %s AND p.created_by_app = %s",
            (player_id, app.id),
        )
        .fetchone()
    )
    if player is None:
        raise NotFound(f"The app has no player {player_id}.", "player_not_found")
    return player


def list_players(conn: psycopg.Connection, app: Account, limit: int, before: int | None = None) -> list[Player]:
    """The app's players, newest first, those with an id below `before` (a cursor)."""
    return (
        conn.cursor(row_factory=class_row(Player))
        .execute(
            f"SELECT {_PLAYER_COLUMNS} FROM accounts p JOIN accounts a ON a.id = p.created_by_app "
            "WHERE p.created_by_app = %s AND (%s::bigint IS NULL OR p.id < %s) ORDER BY p.id DESC LIMIT %s",
            (app.id, before, before, limit),
        )
        .fetchall()
    )


def revoke_player_tokens(conn: psycopg.Connection, app: Account, player_id: int) -> list[bytes]:
    """Revoke every token of one of the app's players (and every token issued from them); the
    digests of those that were valid."""
    get_player(conn, app, player_id)
    return revoke_all_tokens(conn, player_id)
