"""The short path of a bot's empty long poll of "my turn" (`GET /v1/me/turn?wait=N`).

A bot that waits for its turn asks again and again, and most of its polls end empty; after a
restart or a break in the network, thousands ask at once. When such a poll's account has no
game waiting for it (the long-poll listener follows every running game's turn) and its token is
valid, with the `read` scope and not limited to a game (from the cache of authenticated tokens,
or read once and remembered as the full path does, in one query with the other tokens asked for
meanwhile), and no CORS origin is to be answered,
`WaitingTurns` marks a bot online for the arena (as the full path does, in memory: api/arena.py),
waits (counted from when the request's bytes arrived, `waited_unread`) and answers it before
Flask is reached, with the same answer, headers, rate-limit counts and metrics that the full
path gives, and its access line at most once per interval per connection (`EmptyPollLines`).
Everything else, a poll that is woken included, goes on to the app unchanged: the short path
decides nothing that the full path would decide differently. The API's gunicorn worker calls
`answer_empty` itself, before gunicorn builds the request's environ (hanabi.runtime.api_worker).
"""

import random
import socket
import sys
from collections.abc import Callable, Iterable
from time import monotonic, perf_counter

import psycopg
from psycopg_pool import PoolTimeout

from hanabi.runtime.logs import REQUEST_ID
from hanabi.store.accounts import Token, hash_token, tokens_of_hashes

from .accounts_cache import FRESH_SECONDS, AccountsCache, DatabaseBusy, TokenReadFailed, accounts_cache_for
from .arena import mark_seen
from .context import (
    DATABASE_HEALTH_EXTENSION,
    LISTEN_CONNINFO_EXTENSION,
    POOL_EXTENSION,
    TOKEN_CACHE_SECONDS_EXTENSION,
    unexpired,
)
from .instrumentation import ARRIVED_ENVIRON, EmptyPollLines, record_request, request_id_of
from .notifications import MAX_WAIT_SECONDS, listener_for, turn_key, wait_jitter_of
from .ratelimits import COUNTED_ACCOUNT, COUNTED_ENVIRON, COUNTED_TOKEN, RateLimiter

TURN_PATH = "/v1/me/turn"
TURN_ENDPOINT = "me.MyTurn"
TURN_OPERATION = "list_my_turn"
READ_SCOPE = "read"
POOL_WAIT_SECONDS = 5.0
"""How long a read of tokens the process does not know waits for a connection of the pool: past
that the requests it reads for take the full path, with its own wait and its answer when the
database is away. A process that falls behind (a reconnect storm) is slow to take a connection
it was given, so this is longer than a read takes."""
EMPTY_PAGE = b'{"items":[],"next_cursor":null}\n'
"""The answer of a turn poll that ends empty, as the app's JSON provider writes it."""
TRIED_ENVIRON = "hanabi.short_path_tried"
"""In the environ of a poll the short path looked at and left to the full path."""


def empty_page_headers(request_id: str) -> list[tuple[str, str]]:
    """The headers of an empty poll's answer, as the app gives them."""
    return [
        ("Content-Type", "application/json"),
        ("Content-Length", str(len(EMPTY_PAGE))),
        ("X-Request-Id", request_id),
    ]


StartResponse = Callable[..., object]


def wait_of(query: str) -> int | None:
    """The seconds of a query that is exactly `wait=N` (digits, 1 to MAX_WAIT_SECONDS); None for
    any other query, which the full path reads (and refuses where it must)."""
    name, equals, value = query.partition("=")
    if name != "wait" or not equals or not (value.isascii() and value.isdigit()) or len(value) > 2:
        return None
    seconds = int(value)
    return seconds if 1 <= seconds <= MAX_WAIT_SECONDS else None


TCP_INFO_BYTES = 104
LAST_DATA_RECEIVED = slice(52, 56)
"""Where Linux's `struct tcp_info` holds `tcpi_last_data_recv`: milliseconds since the connection's
last bytes arrived."""
KERNEL_TICK_SECONDS = 0.01
"""The kernel counts that time in ticks (of 10 ms at the coarsest): a wait is shortened by one
tick less, so that it never ends early."""


def waited_unread(wsgi_environ: dict) -> float:
    """How long the request's last bytes have waited for this process to read them (from the
    kernel's TCP_INFO), at most MAX_WAIT_SECONDS; 0 where that is not known. A process that
    falls behind (thousands of clients reconnecting at once) reads requests late: a wait counted
    from the request's arrival, not from its reading, still ends on time."""
    sock = wsgi_environ.get("gunicorn.socket")
    tcp_info = getattr(socket, "TCP_INFO", None)
    if sock is None or tcp_info is None:
        return 0.0
    try:
        info = sock.getsockopt(socket.IPPROTO_TCP, tcp_info, TCP_INFO_BYTES)
    except (OSError, AttributeError):
        return 0.0
    if len(info) < LAST_DATA_RECEIVED.stop:
        return 0.0
    unread = int.from_bytes(info[LAST_DATA_RECEIVED], sys.byteorder) / 1000 - KERNEL_TICK_SECONDS
    return min(max(unread, 0.0), MAX_WAIT_SECONDS)


def bearer_of(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


class WaitingTurns:
    """WSGI middleware around the app's `wsgi_app`: the short path of empty turn polls."""

    def __init__(
        self, app, limiter: RateLimiter | None, listener_wait_seconds: float, empty_poll_log_seconds: float = 0.0
    ):
        """`listener_wait_seconds`: how long a poll waits for the process's listener to connect
        (the first polls after a start); past that the full path takes it.
        `empty_poll_log_seconds`: how often a connection's empty polls get an access line
        (`EmptyPollLines`; 0: every one)."""
        self.wsgi_app = app.wsgi_app
        self.listener_wait_seconds = listener_wait_seconds
        self.lines = EmptyPollLines(empty_poll_log_seconds)
        self.extensions = app.extensions
        self.limiter = limiter

    def __call__(self, wsgi_environ: dict, start_response: StartResponse) -> Iterable[bytes]:
        if TRIED_ENVIRON not in wsgi_environ:
            request_id = self.answer_empty(wsgi_environ)
            if request_id is not None:
                start_response("200 OK", empty_page_headers(request_id))
                return [EMPTY_PAGE]
        return self.wsgi_app(wsgi_environ, start_response)

    def answer_empty(self, wsgi_environ: dict) -> str | None:
        """Wait and record an empty poll that the short path takes: its request id, for an answer
        of the empty page with `empty_page_headers`. None: the full path answers it, with what
        this put in `wsgi_environ` (its keys begin with `hanabi.`; TRIED_ENVIRON among them
        once it was looked at). Reads of the environ: PATH_INFO, REQUEST_METHOD, HTTP_ORIGIN,
        QUERY_STRING, HTTP_AUTHORIZATION, HTTP_X_REQUEST_ID, `gunicorn.socket` and
        REQUEST_ON_CONNECTION_ENVIRON."""
        token_cache_seconds = self.extensions[TOKEN_CACHE_SECONDS_EXTENSION]
        if (
            wsgi_environ.get("PATH_INFO") != TURN_PATH
            or wsgi_environ.get("REQUEST_METHOD") != "GET"
            or not token_cache_seconds
            or "HTTP_ORIGIN" in wsgi_environ
        ):
            return None
        arrived = perf_counter() - waited_unread(wsgi_environ)
        wsgi_environ[ARRIVED_ENVIRON] = arrived
        seconds = wait_of(wsgi_environ.get("QUERY_STRING", ""))
        token = bearer_of(wsgi_environ.get("HTTP_AUTHORIZATION"))
        if seconds is None or token is None:
            return None
        listen_conninfo = self.extensions[LISTEN_CONNINFO_EXTENSION]
        listener = listener_for(listen_conninfo)
        if listener.connection_within(self.listener_wait_seconds) is None:
            return None
        cache = accounts_cache_for(listen_conninfo, token_cache_seconds)
        digest = hash_token(token)
        found = unexpired(cache.get(digest, FRESH_SECONDS))
        if found is None:
            found = self.authenticated(cache, token, digest, wsgi_environ, seconds)
        if found is None or READ_SCOPE not in found.scopes or found.game_id is not None:
            return None
        mark_seen(self.extensions, found.account)
        key = turn_key(found.account.id)
        if not listener.has_nothing(key):
            return None
        if self.limiter is not None:
            if not self.limiter.allows_read(found, TURN_ENDPOINT):
                return None
            wsgi_environ[COUNTED_ENVIRON] = COUNTED_ACCOUNT
        deadline = arrived + seconds * (1 - wait_jitter_of(wsgi_environ) * random.random())
        with listener.watch(key) as watch:
            connection = listener.connection
            if connection is None or not listener.has_nothing(key):
                woken = True
            else:
                woken = watch.wait(max(deadline - perf_counter(), 0)) or listener.connection != connection
        if woken:
            return None
        request_id = request_id_of(wsgi_environ)
        marker = REQUEST_ID.set(request_id)
        try:
            record_request(
                "GET",
                TURN_PATH,
                TURN_OPERATION,
                200,
                perf_counter() - arrived,
                found.account.id,
                self.lines.polls_to_log(wsgi_environ.get("gunicorn.socket"), found.account.id),
            )
        finally:
            REQUEST_ID.reset(marker)
        return request_id

    def authenticated(
        self, cache: AccountsCache, token: str, digest: bytes, wsgi_environ: dict, seconds: int
    ) -> Token | None:
        """A token the cache does not know, looked up as the full path would: counted for the
        token first (a flood of bad tokens is slowed before it reaches the database), then read
        and remembered, in one query with the other tokens asked for meanwhile (`TokenReads`),
        for which it waits as long as the poll would (`seconds`): the full path, where it would
        go instead, costs more. None (the full path answers) when it is over its limit, unknown
        or expired, or when the database is not at hand."""
        if self.limiter is not None:
            if not self.limiter.allows_token_read(token, TURN_ENDPOINT):
                return None
            wsgi_environ[COUNTED_ENVIRON] = COUNTED_TOKEN
        if self.extensions[DATABASE_HEALTH_EXTENSION].out_of_reach:
            return None
        found = cache.get(digest)
        if found is None:
            try:
                found = cache.reads.read(digest, self.read_tokens, max(seconds, POOL_WAIT_SECONDS))
            except TokenReadFailed:
                return None
        return unexpired(found)

    def read_tokens(self, digests: list[bytes]) -> dict[bytes, Token] | None:
        """The valid tokens among `digests`, read in one query; None when the database is not at
        hand, DatabaseBusy when the pool gave the read no connection in time while it gave
        others theirs (judged as the full path judges it)."""
        pool = self.extensions[POOL_EXTENSION]
        health = self.extensions[DATABASE_HEALTH_EXTENSION]
        waited_since = monotonic()
        try:
            with pool.connection(timeout=POOL_WAIT_SECONDS) as conn:
                found = tokens_of_hashes(conn, digests)
        except PoolTimeout:
            health.timed_out(waited_since)
            if health.out_of_reach:
                return None
            raise DatabaseBusy from None
        except psycopg.Error:
            return None
        health.reached()
        return found
