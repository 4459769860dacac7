"""A thin hand-written layer over the generated client (the rest of `hanabi_client` is generated
from openapi.yaml; this module is not, and regenerating keeps it).

    from hanabi_client.api.play import get_view
    from hanabi_client.session import ApiError, Session

    with Session("http://127.0.0.1:8000", token) as session:
        view = session.call(get_view, game_id)                    # a View; ApiError otherwise
        session.act(game_id, view.legal_actions[0], view.version)  # a legal action as it stands
        for event in session.stream_events():                     # the account's event stream
            ...

- An answer that is not a 2xx raises `ApiError`, which carries the problem's `status`, `code`
  and `detail` (a 2xx gives the generated function's parsed model, or None).
- Network errors, 429 (after its Retry-After) and 502/503/504 are retried with capped
  exponential backoff. A request is retried only when sending it twice is safe: a read, or a
  write with an Idempotency-Key, which `call` adds (one key for all the tries of one call)
  when the operation takes one and the caller gave none; `act` keys a move by its game and
  version, so a move is never made twice, even by a restarted bot.
- The timeout outlasts the longest long poll (`wait` is at most 60 s).
- `AsyncSession` is the same with `await` and `async for`.
"""

import asyncio
import inspect
import json
import random
import time
import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from types import ModuleType

import attrs
import httpx

from .client import AuthenticatedClient
from .models import (
    ColorClueEvent,
    ColorClueRequest,
    DiscardEvent,
    DiscardRequest,
    EndGameEvent,
    GameStartedEvent,
    HiddenClueEvent,
    PlayEvent,
    PlayRequest,
    RankClueEvent,
    RankClueRequest,
    ReorderEvent,
    ReorderRequest,
    SeatJoinedEvent,
    SeatLeftEvent,
)

LegalAction = PlayRequest | DiscardRequest | ColorClueRequest | RankClueRequest
"""An item of a view's legal_actions (openapi.yaml's LegalAction): the request model of its kind,
with its `seat` (the caller's), a body of `act` as it stands."""

ActionRequest = PlayRequest | DiscardRequest | ColorClueRequest | RankClueRequest | ReorderRequest
"""The body of POST /actions: one model per kind (openapi.yaml's ActionRequest, a oneOf on `kind`)."""
ACTION_REQUESTS: dict[str, type[ActionRequest]] = {
    "play": PlayRequest,
    "discard": DiscardRequest,
    "color_clue": ColorClueRequest,
    "rank_clue": RankClueRequest,
    "reorder": ReorderRequest,
}

Event = (
    SeatJoinedEvent
    | SeatLeftEvent
    | GameStartedEvent
    | PlayEvent
    | DiscardEvent
    | ColorClueEvent
    | RankClueEvent
    | HiddenClueEvent
    | ReorderEvent
    | EndGameEvent
)
"""An item of an event page's `events` (openapi.yaml's Event, a oneOf on `type`): `event.type_`
says which model it is, and each has only the fields of its type."""

MAX_WAIT_SECONDS = 60
"""The longest long poll the API grants (`wait`)."""
TIMEOUT = httpx.Timeout(MAX_WAIT_SECONDS + 15, connect=5)
"""Long enough for the longest long poll, and for a stream's keep-alive lines (every 15 s)."""
RETRY_STATUSES = frozenset({429, 502, 503, 504})
MIN_BACKOFF = 0.5
MAX_BACKOFF = 10.0
MAX_RETRY_AFTER = 60.0
"""The longest a Retry-After is obeyed; a longer one waits this long, then tries again."""
STREAM_PATH = "/v1/me/stream"


class ApiError(Exception):
    """The API answered with a problem (RFC 9457): `status`, `code`, `detail` and the whole `body`."""

    def __init__(self, status: int, code: str | None, detail: str, body: dict | None = None):
        super().__init__(f"{status} {code}: {detail}")
        self.status = status
        self.code = code
        self.detail = detail
        self.body = body or {}


class RetriesExhausted(Exception):
    """The server stayed unreachable or unavailable for every try; `__cause__` is the last failure."""


def action_request(action: ActionRequest | dict, expected_version: int) -> ActionRequest:
    """`action` (a legal action of a view, any request model, or the fields of either as a dict)
    as the request model of its kind that plays it on the game at `expected_version`."""
    request = ACTION_REQUESTS[action["kind"]].from_dict(action) if isinstance(action, dict) else action
    return attrs.evolve(request, expected_version=expected_version)


def move_key(game_id: int, version: int) -> str:
    """The Idempotency-Key of a move: one per game and version, so a move is made at most once."""
    return f"hanabi-move-{game_id}-{version}"


def error_of(response: httpx.Response) -> ApiError:
    """The ApiError of a response that is not a 2xx."""
    content = response.content
    try:
        body = json.loads(content)
    except ValueError:
        body = None
    if not isinstance(body, dict):
        return ApiError(response.status_code, None, content.decode(errors="replace")[:500] or "no body")
    return ApiError(response.status_code, body.get("code"), body.get("detail") or "", body)


class _Retrying:
    """When to try again and how long to wait before it."""

    def __init__(
        self,
        max_tries: int | None,
        min_backoff: float,
        max_backoff: float,
        on_retry: Callable[[Exception, float], None] | None,
    ):
        self.max_tries = max_tries
        self.min_backoff = min_backoff
        self.max_backoff = max_backoff
        self.on_retry = on_retry

    def next_delay(self, delays: Iterator[float], failure: Exception, retry_after: float | None = None) -> float:
        """How long to wait before the next try; RetriesExhausted (from `failure`) when none is left."""
        delay = next(delays, None)
        if delay is None:
            raise RetriesExhausted(f"gave up after repeated failures: {failure}") from failure
        if retry_after is not None:
            delay = retry_after
        if self.on_retry is not None:
            self.on_retry(failure, delay)
        return delay

    def delays(self) -> Iterator[float]:
        """Delays between tries: capped exponential with full jitter, max_tries - 1 of them."""
        delay, tries = self.min_backoff, 1
        while self.max_tries is None or tries < self.max_tries:
            yield random.uniform(delay / 2, delay)
            delay = min(delay * 2, self.max_backoff)
            tries += 1

    @staticmethod
    def retry_after(response) -> float | None:
        value = response.headers.get("Retry-After")
        try:
            return min(max(float(value), 0.0), MAX_RETRY_AFTER) if value is not None else None
        except ValueError:
            return None


def _prepared(operation: ModuleType, args: tuple, kwargs: dict) -> tuple[dict, bool]:
    """The request of a call, as the generated operation makes it (with an Idempotency-Key when
    the operation takes one and the caller gave none), and whether it is safe to send twice."""
    if "idempotency_key" in inspect.signature(operation.sync_detailed).parameters:
        kwargs = {"idempotency_key": f"hanabi-sdk-{uuid.uuid4()}", **kwargs}
    request = operation._get_kwargs(*args, **kwargs)
    return request, request["method"].lower() in ("get", "head") or "idempotency_key" in kwargs


def _result(operation: ModuleType, client: AuthenticatedClient, response: httpx.Response):
    """The generated operation's parsed 2xx answer; ApiError for any other (whatever its body:
    a proxy's 502 page is no problem+json)."""
    if 200 <= response.status_code < 300:
        return operation._parse_response(client=client, response=response)
    raise error_of(response)


class Session:
    """The generated client with errors raised, safe retries and a long-poll timeout."""

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: httpx.Timeout = TIMEOUT,
        max_tries: int | None = 8,
        min_backoff: float = MIN_BACKOFF,
        max_backoff: float = MAX_BACKOFF,
        on_retry: Callable[[Exception, float], None] | None = None,
    ):
        """`max_tries` None: retry forever (a bot that rides out an outage). `on_retry(failure,
        delay)` is told of each failure that is retried, before the wait."""
        self.client = AuthenticatedClient(base_url.rstrip("/"), token=token, timeout=timeout)
        self.retrying = _Retrying(max_tries, min_backoff, max_backoff, on_retry)

    def __enter__(self) -> "Session":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()

    def close(self) -> None:
        self.client.get_httpx_client().close()

    def call(self, operation: ModuleType, *args, **kwargs):
        """Call a generated operation (its module, e.g. `hanabi_client.api.play.get_view`) with
        the generated function's arguments, less `client`: its parsed 2xx answer, else ApiError."""
        request, safe = _prepared(operation, args, kwargs)
        http = self.client.get_httpx_client()
        return _result(operation, self.client, self._send(lambda: http.request(**request), safe))

    def call_json(self, operation: ModuleType, *args, **kwargs):
        """`call`, but the answer's JSON as it came (dicts and lists, no model)."""
        request, safe = _prepared(operation, args, kwargs)
        http = self.client.get_httpx_client()
        response = self._send(lambda: http.request(**request), safe)
        if not 200 <= response.status_code < 300:
            raise error_of(response)
        return response.json() if response.content else None

    def act(self, game_id: int, action: ActionRequest | dict, expected_version: int):
        """Play an action (see action_request) on the game at `expected_version`: the new View.
        Keyed by (game, version): retried, or sent again by a restarted bot, it is played once."""
        from .api.play import act

        return self.call(
            act,
            game_id,
            body=action_request(action, expected_version),
            idempotency_key=move_key(game_id, expected_version),
        )

    def _send(self, send, safe: bool):
        delays = self.retrying.delays()
        while True:
            try:
                response = send()
            except httpx.TransportError as error:
                if not safe and not isinstance(error, httpx.ConnectError):
                    raise
                time.sleep(self.retrying.next_delay(delays, error))
                continue
            if response.status_code not in RETRY_STATUSES:
                return response
            time.sleep(self.retrying.next_delay(delays, error_of(response), self.retrying.retry_after(response)))

    def stream_events(self, after: int | None = None) -> Iterator[dict]:
        """The account's event stream, event by event, for as long as the caller reads: dicts
        with the fields of the SDK's model of their `type` (YourTurnAccountEvent, ...: openapi.yaml's
        AccountEvent; plain dicts, so a type of event newer than this SDK reads too). The first
        is `stream_started`; a cut connection is opened again
        from the last event's id (another `stream_started`), so nothing is missed or repeated.
        Keep-alive lines are skipped."""
        delays = self.retrying.delays()
        http = self.client.get_httpx_client()
        while True:
            params = {} if after is None else {"after": after}
            try:
                with http.stream("GET", STREAM_PATH, params=params) as response:
                    if response.status_code in RETRY_STATUSES:
                        response.read()
                        time.sleep(
                            self.retrying.next_delay(delays, error_of(response), self.retrying.retry_after(response))
                        )
                        continue
                    if response.status_code != 200:
                        response.read()
                        raise error_of(response)
                    for line in response.iter_lines():
                        if not line:
                            continue
                        event = json.loads(line)
                        after = event["id"]
                        delays = self.retrying.delays()
                        yield event
            except httpx.TransportError as error:
                time.sleep(self.retrying.next_delay(delays, error))


class AsyncSession:
    """Session for asyncio: `await session.call(...)`, `await session.act(...)`,
    `async for event in session.stream_events()`."""

    def __init__(
        self,
        base_url: str,
        token: str,
        *,
        timeout: httpx.Timeout = TIMEOUT,
        max_tries: int | None = 8,
        min_backoff: float = MIN_BACKOFF,
        max_backoff: float = MAX_BACKOFF,
        on_retry: Callable[[Exception, float], None] | None = None,
    ):
        self.client = AuthenticatedClient(base_url.rstrip("/"), token=token, timeout=timeout)
        self.retrying = _Retrying(max_tries, min_backoff, max_backoff, on_retry)

    async def __aenter__(self) -> "AsyncSession":
        return self

    async def __aexit__(self, *exc_info) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        await self.client.get_async_httpx_client().aclose()

    async def call(self, operation: ModuleType, *args, **kwargs):
        request, safe = _prepared(operation, args, kwargs)
        http = self.client.get_async_httpx_client()
        return _result(operation, self.client, await self._send(lambda: http.request(**request), safe))

    async def act(self, game_id: int, action: ActionRequest | dict, expected_version: int):
        from .api.play import act

        return await self.call(
            act,
            game_id,
            body=action_request(action, expected_version),
            idempotency_key=move_key(game_id, expected_version),
        )

    async def _send(self, send, safe: bool):
        delays = self.retrying.delays()
        while True:
            try:
                response = await send()
            except httpx.TransportError as error:
                if not safe and not isinstance(error, httpx.ConnectError):
                    raise
                await asyncio.sleep(self.retrying.next_delay(delays, error))
                continue
            if response.status_code not in RETRY_STATUSES:
                return response
            await asyncio.sleep(
                self.retrying.next_delay(delays, error_of(response), self.retrying.retry_after(response))
            )

    async def stream_events(self, after: int | None = None) -> AsyncIterator[dict]:
        delays = self.retrying.delays()
        http = self.client.get_async_httpx_client()
        while True:
            params = {} if after is None else {"after": after}
            try:
                async with http.stream("GET", STREAM_PATH, params=params) as response:
                    if response.status_code in RETRY_STATUSES:
                        await response.aread()
                        await asyncio.sleep(
                            self.retrying.next_delay(delays, error_of(response), self.retrying.retry_after(response))
                        )
                        continue
                    if response.status_code != 200:
                        await response.aread()
                        raise error_of(response)
                    async for line in response.aiter_lines():
                        if not line:
                            continue
                        event = json.loads(line)
                        after = event["id"]
                        delays = self.retrying.delays()
                        yield event
            except httpx.TransportError as error:
                await asyncio.sleep(self.retrying.next_delay(delays, error))
