"""The short path of a bot's empty long poll of "my turn" (`GET /v1/me/turn?wait=N`).

A bot that waits for its turn asks again and again, and most of its polls end empty. When this
process already knows everything such a poll needs (the token valid, with the `read` scope and
not limited to a game, in the cache of authenticated tokens; the account found with no turn, in
the long-poll listener's memory; no CORS origin to answer), `WaitingTurns` waits and answers it
before Flask is reached, with the same answer, headers, rate-limit counts, access line and
metrics that the full path gives. Everything else, and a poll that is woken, goes on to the
app unchanged: the short path decides nothing the full path would decide differently, so the
first poll after a restart (nothing remembered yet) takes the full path, reads the database
and leaves the memory the next poll finds.
"""

import random
from collections.abc import Callable, Iterable
from time import perf_counter

from hanabi.logs import REQUEST_ID
from hanabi.store.accounts import hash_token

from .accounts_cache import accounts_cache_for
from .context import unexpired
from .instrumentation import ARRIVED_ENVIRON, record_request, request_id_of
from .notifications import MAX_WAIT_SECONDS, WAIT_JITTER, listener_for, turn_key
from .ratelimits import COUNTED_ENVIRON, RateLimiter

TURN_PATH = "/v1/me/turn"
TURN_ENDPOINT = "me.MyTurn"
TURN_OPERATION = "list_my_turn"
READ_SCOPE = "read"
EMPTY_PAGE = b'{"items":[],"next_cursor":null}\n'
"""The answer of a turn poll that ends empty, as the app's JSON provider writes it."""

StartResponse = Callable[..., object]


def wait_of(query: str) -> int | None:
    """The seconds of a query that is exactly `wait=N` (digits, 1 to MAX_WAIT_SECONDS); None for
    any other query, which the full path reads (and refuses where it must)."""
    name, equals, value = query.partition("=")
    if name != "wait" or not equals or not (value.isascii() and value.isdigit()) or len(value) > 2:
        return None
    seconds = int(value)
    return seconds if 1 <= seconds <= MAX_WAIT_SECONDS else None


def bearer_of(header: str | None) -> str | None:
    if not header:
        return None
    scheme, _, token = header.partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and token else None


class WaitingTurns:
    """WSGI middleware around the app's `wsgi_app`: the short path of empty turn polls."""

    def __init__(self, wsgi_app, listen_conninfo: str, token_cache_seconds: float, limiter: RateLimiter | None):
        self.wsgi_app = wsgi_app
        self.listen_conninfo = listen_conninfo
        self.token_cache_seconds = token_cache_seconds
        self.limiter = limiter

    def __call__(self, environ: dict, start_response: StartResponse) -> Iterable[bytes]:
        if (
            environ.get("PATH_INFO") != TURN_PATH
            or environ.get("REQUEST_METHOD") != "GET"
            or not self.token_cache_seconds
            or "HTTP_ORIGIN" in environ
        ):
            return self.wsgi_app(environ, start_response)
        arrived = perf_counter()
        environ[ARRIVED_ENVIRON] = arrived
        seconds = wait_of(environ.get("QUERY_STRING", ""))
        token = bearer_of(environ.get("HTTP_AUTHORIZATION"))
        if seconds is None or token is None:
            return self.wsgi_app(environ, start_response)
        cache = accounts_cache_for(self.listen_conninfo, self.token_cache_seconds)
        found = unexpired(cache.get(hash_token(token)))
        if found is None or READ_SCOPE not in found.scopes or found.game_id is not None:
            return self.wsgi_app(environ, start_response)
        listener = listener_for(self.listen_conninfo)
        key = turn_key(found.account.id)
        if not listener.has_nothing(key):
            return self.wsgi_app(environ, start_response)
        if self.limiter is not None:
            if not self.limiter.allows_read(found, TURN_ENDPOINT):
                return self.wsgi_app(environ, start_response)
            environ[COUNTED_ENVIRON] = True
        deadline = arrived + seconds * (1 - WAIT_JITTER * random.random())
        with listener.watch(key) as watch:
            connection = listener.connection
            if connection is None or not listener.has_nothing(key):
                woken = True
            else:
                woken = watch.wait(max(deadline - perf_counter(), 0)) or listener.connection != connection
        if woken:
            return self.wsgi_app(environ, start_response)
        request_id = request_id_of(environ)
        start_response(
            "200 OK",
            [
                ("Content-Type", "application/json"),
                ("Content-Length", str(len(EMPTY_PAGE))),
                ("X-Request-Id", request_id),
            ],
        )
        marker = REQUEST_ID.set(request_id)
        try:
            record_request("GET", TURN_PATH, TURN_OPERATION, 200, perf_counter() - arrived, found.account.id)
        finally:
            REQUEST_ID.reset(marker)
        return [EMPTY_PAGE]
