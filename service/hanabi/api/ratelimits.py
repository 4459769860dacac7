"""Rate limits, counted per token, per account and per endpoint by the `limits` library.

| requests | counted per | limit (default) |
|---|---|---|
| POST /v1/accounts, and an app's POST /v1/players | client address (both) | HANABI_RATE_LIMIT_ACCOUNTS (1000/hour) |
| POST /v1/players | app | HANABI_RATE_LIMIT_PLAYERS (1000/hour) |
| every GET with a token | token, and account, each endpoint apart | HANABI_RATE_LIMIT_READS (6000/minute) |
| every POST or DELETE with a token | token, and account, each endpoint apart | HANABI_RATE_LIMIT_WRITES (3000/minute) |
| every request of an app and of its players | app, all endpoints together | HANABI_RATE_LIMIT_APPS (60000/minute) |
| health, readiness, the OpenAPI document, /metrics, the web page, OPTIONS (CORS preflights) | — | none |

Each endpoint counts apart, so a bot's long polls never use up the budget of its moves. A
request is counted for its token before the token is checked, so a flood of bad tokens is
slowed down before it reaches the database (the key is a hash of the token, never the token);
once the token is known, it is counted for its account, so a token that issues more tokens
gets no more requests from them. An account's count is never below any of its tokens', so a
token the process already knows as valid (accounts_cache) is counted for its account only:
one count per request, not two. An app creates players from its own address: they count with
the accounts created from that address, so an app lets nobody create more accounts than the
address may. A request with no
token counts for its client address (the connection's, or X-Forwarded-For's as seen through
HANABI_TRUSTED_PROXIES proxies). Over the limit: 429 `rate_limited`, with `Retry-After`.

The counts live in HANABI_RATE_LIMIT_STORAGE: memory:// (each process counts alone, so a
server of N worker processes lets a token make up to N times the limit) or Redis (all
processes and replicas share one count). Windows are fixed, which makes `Retry-After` exact: the
seconds until the window closes, rounded up. In Redis they are `limits`' fixed windows (a window as
long as the limit's period opens with the first request it counts); in memory they are
`ProcessWindows`, windows aligned to multiples of the period in one dict, which needs no timer
thread to expire its keys as `limits`' own MemoryStorage does (docs/benchmarks.md, decisions).
When Redis does not answer, the process counts in its own memory for SHARED_RETRY_SECONDS before
it asks Redis again, rather than failing requests or waiting on Redis for each.

`limits` is used directly, not through Flask-Limiter, which resolves its limits, exemptions and
scopes anew for every request (docs/benchmarks.md, decisions).
"""

import hashlib
import logging
import threading
import time

from apispec import BasePlugin
from flask import Flask, request
from limits import RateLimitItem, WindowStats, parse_many
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter

from hanabi.config import Settings
from hanabi.store.accounts import Token

from .context import bearer_token, current_token, remembered_token
from .errors import PROBLEM_CONTENT_TYPE, Problem

ACCOUNTS_ENDPOINT = "accounts.Accounts"
ACCOUNTS_OPERATION = "create_account"
PLAYERS_ENDPOINT = "apps.Players"
PLAYERS_OPERATION = "create_player"
TO_THIS_ENDPOINT = "requests to this endpoint"
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
APP_ENDPOINTS = "all endpoints"
REDIS_TIMEOUT_SECONDS = 0.5
SHARED_RETRY_SECONDS = 5.0
KEY_PREFIX = "hanabi"
COUNTED_ENVIRON = "hanabi.rate_limits_counted"
"""What the short path of waiting turns (api.waiting_turns) counted of a request it hands on:
COUNTED_TOKEN (for its token) or COUNTED_ACCOUNT (for its account and app)."""
COUNTED_TOKEN = "token"
COUNTED_ACCOUNT = "account"

log = logging.getLogger(__name__)


class RateLimiter:
    """The limits of the settings, checked by `check` before each request."""

    def __init__(self, settings: Settings, public_endpoints: frozenset[str]):
        self.accounts = parse_many(settings.rate_limit_accounts)
        self.reads = parse_many(settings.rate_limit_reads)
        self.writes = parse_many(settings.rate_limit_writes)
        self.apps = parse_many(settings.rate_limit_apps)
        self.players = parse_many(settings.rate_limit_players)
        self.unlimited = public_endpoints - {ACCOUNTS_ENDPOINT}
        self.public = public_endpoints
        self.local = ProcessWindows()
        if settings.rate_limit_storage.startswith("memory"):
            self.shared = self.local
        else:
            storage = storage_from_string(
                settings.rate_limit_storage,
                wrap_exceptions=True,
                socket_timeout=REDIS_TIMEOUT_SECONDS,
                socket_connect_timeout=REDIS_TIMEOUT_SECONDS,
            )
            self.shared = FixedWindowRateLimiter(storage)
        self.shared_down_until = 0.0

    def check(self) -> None:
        """Count the request; a 429 problem when it is one too many."""
        endpoint = request.endpoint
        if endpoint is None or endpoint in self.unlimited or request.method == "OPTIONS":
            return
        if request.environ.get(COUNTED_ENVIRON) in (COUNTED_TOKEN, COUNTED_ACCOUNT):
            return
        if endpoint == ACCOUNTS_ENDPOINT:
            items, key, per = self.accounts, self.address_key(), "client address"
        else:
            items = self.reads if request.method in READ_METHODS else self.writes
            token = bearer_token()
            if token and remembered_token() is not None:
                return  # a valid token: check_account counts it for its account, never less than for the token
            if token:
                self.count_token(items, token, endpoint)
                return
            key, per = self.address_key(), "client address"
        self.hit(items, key, endpoint, per)

    def check_account(self) -> None:
        """After the per-token count (this needs the token's account): count the request for
        its account (each endpoint apart, with the token's limits), for its app (all endpoints
        together), and a new player with the accounts of its client address and of its app."""
        endpoint = request.endpoint
        if endpoint is None or endpoint in self.public or request.method == "OPTIONS":
            return
        if request.environ.get(COUNTED_ENVIRON) == COUNTED_ACCOUNT:
            return
        token = current_token()
        self.count_account(self.reads if request.method in READ_METHODS else self.writes, token, endpoint)
        if endpoint == PLAYERS_ENDPOINT and request.method == "POST":
            created = "accounts created (POST /v1/accounts and apps' players together)"
            self.hit(self.accounts, self.address_key(), ACCOUNTS_ENDPOINT, "client address", created)
            self.hit(self.players, f"app:{token.account.id}", PLAYERS_ENDPOINT, "app", "players created")

    def count_token(self, items: list[RateLimitItem], token: str, endpoint: str) -> None:
        """Count a request of `endpoint` for a token not known yet (a hash of it)."""
        self.hit(items, self.token_key(token), endpoint, "token")

    def count_account(self, items: list[RateLimitItem], token: Token, endpoint: str) -> None:
        """Count a request of `endpoint` by a valid token for its account (this endpoint), then
        for its app (all endpoints together)."""
        self.hit(items, f"account:{token.account.id}", endpoint, "account")
        if token.app_id is not None:
            self.hit(self.apps, f"app:{token.app_id}", APP_ENDPOINTS, "app", "requests of this app and its players")

    def allows_token_read(self, token: str, endpoint: str) -> bool:
        """Count a read of `endpoint` by a token not known yet, as `check` does; False when that
        is one too many."""
        return self._allows(self.count_token, self.reads, token, endpoint)

    def allows_read(self, token: Token, endpoint: str) -> bool:
        """Count a read of `endpoint` by a token known as valid, as `check_account` does; False
        when that is one too many (the full path, counting it again, then answers the 429)."""
        return self._allows(self.count_account, self.reads, token, endpoint)

    @staticmethod
    def _allows(count, *arguments) -> bool:
        try:
            count(*arguments)
        except Problem:
            return False
        return True

    def hit(self, items: list[RateLimitItem], key: str, endpoint: str, per: str, what: str = TO_THIS_ENDPOINT) -> None:
        for item in items:
            limiter = self.limiter()
            try:
                allowed = limiter.hit(item, KEY_PREFIX, key, endpoint)
            except StorageError as error:
                self.shared_down_until = time.monotonic() + SHARED_RETRY_SECONDS
                log.warning(
                    "rate limit storage does not answer (%s): counting in this process for %.0f s",
                    error.storage_error,
                    SHARED_RETRY_SECONDS,
                )
                limiter = self.local
                allowed = limiter.hit(item, KEY_PREFIX, key, endpoint)
            if not allowed:
                raise self.too_many(limiter, item, key, endpoint, per, what)

    def limiter(self) -> "FixedWindowRateLimiter | ProcessWindows":
        return self.local if self.shared_down_until > time.monotonic() else self.shared

    @staticmethod
    def token_key(token: str) -> str:
        return "token:" + hashlib.blake2b(token.encode(), digest_size=16, person=b"hanabi-limits").hexdigest()

    @staticmethod
    def address_key() -> str:
        return "address:" + (request.remote_addr or "unknown")

    @staticmethod
    def too_many(limiter, item: RateLimitItem, key: str, endpoint: str, per: str, what: str) -> Problem:
        try:
            reset_time = limiter.get_window_stats(item, KEY_PREFIX, key, endpoint).reset_time
        except StorageError:
            reset_time = time.time() + item.get_expiry()
        retry_after = int(max(reset_time - time.time(), 0)) + 1  # Redis gives whole seconds, rounded down
        return Problem(
            429,
            "rate_limited",
            f"Too many {what}: at most {item} per {per}; try again in {retry_after} s.",
            headers={"Retry-After": str(retry_after)},
        )


class ProcessWindows:
    """Fixed windows counted in this process's memory, with the two methods of `limits`'
    FixedWindowRateLimiter that RateLimiter uses. A window of a limit of period p seconds is
    [k p, (k + 1) p); counts of closed windows are dropped once a minute."""

    PRUNE_SECONDS = 60.0

    def __init__(self):
        self._counts: dict[tuple, int] = {}
        self._lock = threading.Lock()
        self._next_prune = 0.0

    def hit(self, item: RateLimitItem, *identifiers: str) -> bool:
        now = time.time()
        key = self._key(item, identifiers, now)
        with self._lock:
            if now >= self._next_prune:
                self._prune(now)
            count = self._counts.get(key, 0)
            if count >= item.amount:
                return False
            self._counts[key] = count + 1
            return True

    def get_window_stats(self, item: RateLimitItem, *identifiers: str) -> WindowStats:
        now = time.time()
        key = self._key(item, identifiers, now)
        period = item.get_expiry()
        return WindowStats((key[-1] + 1) * period, max(item.amount - self._counts.get(key, 0), 0))

    @staticmethod
    def _key(item: RateLimitItem, identifiers: tuple[str, ...], now: float) -> tuple:
        period = item.get_expiry()
        return (item.amount, period, *identifiers, int(now // period))

    def _prune(self, now: float) -> None:
        self._counts = {key: count for key, count in self._counts.items() if (key[-1] + 1) * key[1] > now}
        self._next_prune = now + self.PRUNE_SECONDS


def install_rate_limits(app: Flask, settings: Settings, public_endpoints: frozenset[str]) -> RateLimiter | None:
    """Limit the app's requests as the settings say (nothing when HANABI_RATE_LIMITS is off)."""
    if not settings.rate_limits:
        return None
    limiter = RateLimiter(settings, public_endpoints)
    app.before_request(limiter.check)
    app.before_request(limiter.check_account)
    return limiter


class RateLimitDocumentation(BasePlugin):
    """An apispec plugin: each limited operation documents its 429 and its limit (also as
    `x-rate-limit`), from the same settings that the limiter uses."""

    def __init__(self, settings: Settings):
        super().__init__()
        self.settings = settings

    def operation_helper(self, path=None, operations=None, **kwargs):
        if not self.settings.rate_limits:
            return
        for method, operation in (operations or {}).items():
            limit, per, setting = self._limit_of(method, operation)
            if limit is None:
                continue
            operation["x-rate-limit"] = {"limit": limit, "per": per, "setting": setting}
            also = (
                f"; and it creates an account, at most {self.settings.rate_limit_accounts} per client address "
                f"(HANABI_RATE_LIMIT_ACCOUNTS, with POST /v1/accounts) and {self.settings.rate_limit_players} "
                "per app (HANABI_RATE_LIMIT_PLAYERS)"
                if operation.get("operationId") == PLAYERS_OPERATION
                else ""
            )
            operation.setdefault("responses", {})["429"] = {
                "description": f"Too many requests (`rate_limited`): this endpoint allows {limit} per {per} "
                f"({setting}){also}; `Retry-After` gives the seconds to wait.",
                "headers": {
                    "Retry-After": {"description": "Seconds to wait before trying again", "schema": {"type": "integer"}}
                },
                "content": {PROBLEM_CONTENT_TYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}},
            }

    def _limit_of(self, method: str, operation: dict):
        if operation.get("operationId") == ACCOUNTS_OPERATION:
            return self.settings.rate_limit_accounts, "client address", "HANABI_RATE_LIMIT_ACCOUNTS"
        if operation.get("security") == []:
            return None, None, None
        if method.upper() in READ_METHODS:
            return self.settings.rate_limit_reads, "token and per account", "HANABI_RATE_LIMIT_READS"
        return self.settings.rate_limit_writes, "token and per account", "HANABI_RATE_LIMIT_WRITES"
