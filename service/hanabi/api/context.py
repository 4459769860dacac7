"""What a request works with: its database connection, the account its token belongs to, and
the Idempotency-Key protocol around its write.

A request borrows one connection from the app's pool the first time it needs one and gives it
back when the request ends. The API keeps nothing else between requests.
"""

import json
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import NamedTuple

import orjson
import psycopg
from flask import Response, current_app, g, request, url_for
from psycopg_pool import ConnectionPool, PoolTimeout

from hanabi.store import idempotency
from hanabi.store.accounts import Account, ParentRevoked, Token, hash_token, issue_limited_token, token_of_hash
from hanabi.store.followups import Followups
from hanabi.store.transactions import transaction

from .accounts_cache import AccountsCache, accounts_cache_for
from .errors import Problem

POOL_EXTENSION = "hanabi_pool"
FOLLOWUPS_EXTENSION = "hanabi_followups"
LISTEN_CONNINFO_EXTENSION = "hanabi_listen_conninfo"
TOKEN_CACHE_SECONDS_EXTENSION = "hanabi_token_cache_seconds"
DATABASE_HEALTH_EXTENSION = "hanabi_database_health"
DEAL_SECRET_EXTENSION = "hanabi_deal_secret"
IDEMPOTENCY_HEADER = "Idempotency-Key"
MAX_IDEMPOTENCY_KEY_LENGTH = 255


def pool() -> ConnectionPool:
    return current_app.extensions[POOL_EXTENSION]


def followups() -> Followups:
    """What carries out the work a change of a game sets off (the worker's queue in a server)."""
    return current_app.extensions[FOLLOWUPS_EXTENSION]


def listen_conninfo() -> str:
    """The database the API's listeners LISTEN on (HANABI_LISTEN_DATABASE_URL, else the pool's)."""
    return current_app.extensions[LISTEN_CONNINFO_EXTENSION]


def deal_secret() -> str | None:
    """HANABI_DEAL_SECRET (None: the database's secret deals; see store.deals)."""
    return current_app.extensions[DEAL_SECRET_EXTENSION]


class DatabaseHealth:
    """Whether this process's requests lately found the database out of reach: a connection
    that broke, or none to be had within the pool's timeout while no other request got one
    either (a pool that is only busy, its connections going from request to request, is not an
    outage). Until a request gets a connection again, the next ones wait for one at most
    UNREACHABLE_WAIT_SECONDS instead of the pool's timeout: in an outage every request
    would otherwise hold its thread that long before its 503, and the health checks would
    queue behind them."""

    UNREACHABLE_WAIT_SECONDS = 1.0

    def __init__(self):
        self.out_of_reach = False
        self.last_reached = float("-inf")

    def wait_seconds(self) -> float | None:
        """How long the next request waits for a connection (None: the pool's timeout)."""
        return self.UNREACHABLE_WAIT_SECONDS if self.out_of_reach else None

    def unreachable(self) -> None:
        self.out_of_reach = True

    def reached(self) -> None:
        self.out_of_reach = False
        self.last_reached = time.monotonic()

    def timed_out(self, waited_since: float) -> None:
        """A request waited for a connection from `waited_since` (time.monotonic()) and got none."""
        if self.last_reached < waited_since:
            self.unreachable()


def db() -> psycopg.Connection:
    """This request's connection (autocommit; writes open their own transaction)."""
    context = g._get_current_object()
    if "db_conn" not in context:
        health = current_app.extensions[DATABASE_HEALTH_EXTENSION]
        connection = pool().connection(timeout=health.wait_seconds())
        waited_since = time.monotonic()
        try:
            context.db_conn = connection.__enter__()
        except PoolTimeout:
            health.timed_out(waited_since)
            raise
        context.db_context = connection
        health.reached()
    return context.db_conn


def release_db(error: BaseException | None = None) -> None:
    """Give the request's connection back to the pool (which drops it if it broke)."""
    context = g.pop("db_context", None)
    conn = g.pop("db_conn", None)
    if context is not None:
        if conn.broken:
            current_app.extensions[DATABASE_HEALTH_EXTENSION].unreachable()
        context.__exit__(None, None, None)


def bearer_token() -> str | None:
    header = request.headers.get("Authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return None
    return token.strip()


def current_account() -> Account:
    """The account of the request's bearer token; 401 `unauthorized` without a valid one.
    Tokens seen lately are known without reading the database (see `accounts_cache`)."""
    return current_token().account


def current_token() -> Token:
    """The request's bearer token: its account and scopes; 401 `unauthorized` without a valid one."""
    if "token" not in g:
        token = bearer_token()
        found = unexpired(_authenticate(token)) if token else None
        if found is None:
            detail = (
                "This request needs an API token: send 'Authorization: Bearer <token>'."
                if token is None
                else "The API token is unknown, has expired or has been revoked."
            )
            raise unauthorized(detail)
        g.token = found
        g.account = found.account
    return g.token


def remembered_token() -> Token | None:
    """The request's token when this process's cache knows it as valid, found without reading
    the database (then it is the request's token); None otherwise, valid or not."""
    if "token" in g:
        return g.token
    token = bearer_token()
    cache = _accounts_cache()
    if token is None or cache is None:
        return None
    found = unexpired(cache.get(hash_token(token)))
    if found is not None:
        g.token = found
        g.account = found.account
    return found


def unexpired(token: Token | None) -> Token | None:
    """`token`, or None once it has expired."""
    if token is not None and token.expires_at is not None and token.expires_at <= datetime.now(UTC):
        return None
    return token


def unauthorized(detail: str) -> Problem:
    return Problem(401, "unauthorized", detail, headers={"WWW-Authenticate": 'Bearer realm="hanabi"'})


def issue_child_token(account_id: int, scopes, **limits) -> tuple[str, datetime | None]:
    """A token issued by this request's token (its parent): for `account_id`, with `scopes`,
    limited as `issue_limited_token` says, never past the parent's end nor outside its game,
    and revoked with it. 401 when the parent was revoked meanwhile."""
    parent = current_token()
    try:
        return issue_limited_token(db(), account_id, scopes, parent=parent.digest, **limits)
    except ParentRevoked as error:
        forget_digest(parent.digest)
        raise unauthorized(error.message) from None


def _accounts_cache() -> AccountsCache | None:
    """This process's cache of authenticated tokens; None when HANABI_TOKEN_CACHE_SECONDS is 0."""
    ttl = current_app.extensions[TOKEN_CACHE_SECONDS_EXTENSION]
    return accounts_cache_for(listen_conninfo(), ttl) if ttl else None


def _authenticate(token: str) -> Token | None:
    digest = hash_token(token)
    cache = _accounts_cache()
    if cache is None:
        return token_of_hash(db(), digest)
    return cache.look_up(digest, lambda digest: token_of_hash(db(), digest))


def forget_digest(digest: bytes) -> None:
    """Stop trusting the token whose SHA-256 digest is `digest` in this process at once."""
    cache = _accounts_cache()
    if cache is not None:
        cache.forget(digest)


def revoked(digests: list[bytes]) -> None:
    """After a revocation has committed, before its response: forget the tokens it revoked
    here, and wait until no process trusts a token revoked before it (`AccountsCache.settle`)."""
    cache = _accounts_cache()
    if cache is not None:
        for digest in digests:
            cache.forget(digest)
        cache.settle()


class Reply(NamedTuple):
    """A successful response of a write, as it is stored for Idempotency-Key retries."""

    status: int
    body: object
    headers: dict


def idempotent_write(write: Callable[[psycopg.Connection], Reply]) -> Response:
    """Run `write`; with an Idempotency-Key, in one transaction that claims the key first and
    stores the reply, so a retry gets the first reply and writes nothing.

    `write` makes its change in one transaction of the store (which becomes a savepoint of
    the key's transaction), so without a key it needs no transaction around it: that saves
    the savepoint's two round trips to the database on every action.

    The key belongs to the caller's account and the request's method and path (its scope); the
    request is identified by its body too (JSON compared by value, so whitespace and key order
    do not matter). Only successful replies are stored: a request that failed rolled its claim
    back and may be retried."""
    account = current_account()
    key = request.headers.get(IDEMPOTENCY_HEADER)
    conn = db()
    if key is None:
        reply = write(conn)
        return _json_response(reply.status, reply.body, reply.headers)
    if not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY_LENGTH:
        raise Problem(
            400,
            "invalid_idempotency_key",
            f"An Idempotency-Key is 1 to {MAX_IDEMPOTENCY_KEY_LENGTH} characters long.",
        )
    with transaction(conn):
        scope = f"{request.method} {url_for(request.endpoint, **request.view_args)}"  # /games/05 is /games/5
        digest = idempotency.request_hash(scope, _canonical_body())
        stored = idempotency.claim(conn, account.id, key, digest, scope=scope)
        if stored is not None:
            response = _json_response(stored.status, stored.body, stored.headers)
            response.headers["Idempotent-Replayed"] = "true"
            return response
        reply = write(conn)
        idempotency.save(conn, account.id, key, reply.status, reply.headers, reply.body, scope=scope)
    return _json_response(reply.status, reply.body, reply.headers)


def _canonical_body() -> bytes:
    """The body parsed by `inputs.check_request`, written in one form; a body that is not JSON as sent."""
    body = request.get_json(silent=True)
    if body is None:
        return request.get_data(cache=True)
    return json.dumps(body, sort_keys=True, separators=(",", ":")).encode()


def _json_response(status: int, body: object, headers: dict) -> Response:
    """A response of `body`, JSON-ready (a view, or a schema's dump), encoded by orjson."""
    if body is None:
        response = Response(status=status)
    else:
        response = Response(orjson.dumps(body), status=status, mimetype="application/json")
    for name, value in headers.items():
        response.headers[name] = value
    return response
