"""Webhook deliveries: POST each row of the outbox (hanabi.store.webhooks) to its URL.

After each commit that recorded deliveries, `deliver_webhook(delivery_id, 1)` is sent for each
(dispatch.Dispatch, the store's `Followups.webhook_deliveries`). The task claims attempt number `attempt` (so two
copies of one message make one attempt), POSTs

    {"id", "type", "game_id", "version", "seat", "account", "occurred_at"}

with `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body, keyed with the webhook's secret>`
and `X-Hanabi-Delivery: <id>`, and counts any 2xx as delivered.

Before each attempt the URL's host is resolved and checked (hanabi.webhooks.addresses, the
app's `webhook_addresses`), and the POST connects to an address that was checked, sending the
URL's host in the Host header and, for https, as the TLS server name whose certificate must
match. A host that is or resolves to an address webhooks may not reach fails the delivery at
once (`blocked`). Any other failure (`connection_failed`, `timeout`, `http_status`: a redirect
or another status) schedules the next attempt after a backoff that doubles from
HANABI_WEBHOOK_BACKOFF_SECONDS up to HANABI_WEBHOOK_BACKOFF_MAX_SECONDS, until
HANABI_WEBHOOK_MAX_ATTEMPTS attempts have failed: then the delivery is `failed`. The account
sees only that class; the worker's log has the error. The sweeper
(`enqueue_due_webhook_deliveries`) sends again any attempt whose message was lost.
"""

import hashlib
import hmac
import http.client
import json
import logging
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

import psycopg

from hanabi.config import Settings
from hanabi.store import webhooks as store
from hanabi.webhooks.addresses import (
    AddressRefused,
    IPAddress,
    WebhookAddresses,
    url_host_port,
)
from hanabi.worker.dispatch import enqueue_delivery

SIGNATURE_HEADER = "X-Hanabi-Signature"
DELIVERY_HEADER = "X-Hanabi-Delivery"
USER_AGENT = "hanabi-webhooks/1"
LEASE_MARGIN_SECONDS = 30
"""An attempt not finished this long after its timeout counts as lost (its worker died)."""
MAX_PER_SWEEP = 1000

log = logging.getLogger(__name__)


def payload(attempt: store.Attempt) -> bytes:
    """The body of a delivery: what happened and to whom, never a card."""
    delivery = attempt.delivery
    return json.dumps(
        {
            "id": delivery.id,
            "type": delivery.type,
            "game_id": delivery.game_id,
            "version": delivery.version,
            "seat": delivery.seat,
            "account": attempt.account,
            "occurred_at": delivery.occurred_at.isoformat(),
        },
        separators=(",", ":"),
    ).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def backoff_seconds(settings: Settings, attempts_made: int) -> float:
    """The wait after failed attempt number `attempts_made`: base, 2 base, 4 base, ..., capped."""
    return min(settings.webhook_backoff_seconds * 2 ** (attempts_made - 1), settings.webhook_backoff_max_seconds)


TLS_CONTEXT = ssl.create_default_context()
"""Verifies the receiver's certificate against the URL's host name."""


@dataclass(frozen=True)
class Outcome:
    """What an attempt got: a status code from the receiver, and the class of the failure
    (one of store.FAILURES), None when the receiver answered 2xx."""

    status_code: int | None
    failure: str | None
    detail: str | None = None
    """The error, for the worker's log only."""


def _connect(addresses: list[IPAddress], port: int, timeout: float) -> socket.socket:
    """A TCP connection to the first of `addresses` that answers, all within `timeout`."""
    deadline = time.monotonic() + timeout
    error: OSError = TimeoutError("no time left to connect")
    for address in addresses:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        try:
            return socket.create_connection((str(address), port), remaining)
        except OSError as failed:
            error = failed
    raise error


class _PinnedHTTPConnection(http.client.HTTPConnection):
    """An HTTP connection for `host` (the Host header) made to one of `addresses`."""

    def __init__(self, host: str, port: int, addresses: list[IPAddress], timeout: float):
        super().__init__(host, port, timeout=timeout)
        self.addresses = addresses

    def connect(self):
        self.sock = _connect(self.addresses, self.port, self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    """An HTTPS connection for `host` (the Host header, the TLS server name and the name the
    certificate must be for) made to one of `addresses`."""

    def __init__(self, host: str, port: int, addresses: list[IPAddress], timeout: float, tls: ssl.SSLContext):
        super().__init__(host, port, timeout=timeout, context=tls)
        self.addresses = addresses
        self.tls = tls

    def connect(self):
        self.sock = self.tls.wrap_socket(_connect(self.addresses, self.port, self.timeout), server_hostname=self.host)


def post(
    url: str, body: bytes, headers: dict, timeout: float, addresses: WebhookAddresses, tls: ssl.SSLContext = TLS_CONTEXT
) -> Outcome:
    """POST `body` to `url` at an address `addresses` allows (no proxy, no redirect followed);
    https checks the receiver's certificate with `tls`."""
    try:
        host, port = url_host_port(url)
        pinned = addresses.check(host, port)
        parts = urlsplit(url)
        if parts.scheme.lower() == "https":
            connection = _PinnedHTTPSConnection(host, port, pinned, timeout, tls)
        else:
            connection = _PinnedHTTPConnection(host, port, pinned, timeout)
        try:
            connection.request("POST", (parts.path or "/") + (f"?{parts.query}" if parts.query else ""), body, headers)
            status = connection.getresponse().status
        finally:
            connection.close()
    except AddressRefused as refused:
        return Outcome(None, store.BLOCKED, str(refused))
    except TimeoutError as error:
        return Outcome(None, store.TIMEOUT, f"{type(error).__name__}: {error}")
    except (OSError, http.client.HTTPException, ValueError) as error:
        return Outcome(None, store.CONNECTION_FAILED, f"{type(error).__name__}: {error}")
    if 200 <= status < 300:
        return Outcome(status, None)
    return Outcome(status, store.HTTP_STATUS, f"HTTP {status}")


def deliver(app, delivery_id: int, attempt: int) -> str:
    """Make attempt number `attempt` of a delivery; returns the delivery's status after it, or
    `skipped` when that attempt is not due (already made by a copy of this task, or done)."""
    settings = app.hanabi_settings
    timeout = settings.webhook_timeout_seconds
    with app.database().connection() as conn:
        claimed = store.claim_attempt(conn, delivery_id, attempt - 1, timeout + LEASE_MARGIN_SECONDS)
        if claimed is None:
            return "skipped"
        body = payload(claimed)
        headers = {
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            SIGNATURE_HEADER: signature(claimed.secret, body),
            DELIVERY_HEADER: str(delivery_id),
        }
    outcome = post(claimed.url, body, headers, timeout, app.webhook_addresses)
    done = outcome.failure in (None, store.BLOCKED) or attempt >= settings.webhook_max_attempts
    retry_in = None if done else backoff_seconds(settings, attempt)
    with app.database().connection() as conn:
        status = store.finish_attempt(
            conn,
            delivery_id,
            attempt,
            delivered=outcome.failure is None,
            status_code=outcome.status_code,
            failure=outcome.failure,
            retry_in=retry_in,
        )
    if outcome.failure is not None:
        log.log(
            logging.WARNING if status == "failed" else logging.INFO,
            "webhook delivery %s attempt %s: %s (%s); now %s",
            delivery_id,
            attempt,
            outcome.failure,
            outcome.detail,
            status,
        )
    if status == "pending":
        enqueue_delivery(app, delivery_id, attempt + 1, countdown=retry_in)
    return status


def enqueue_due_webhook_deliveries(app, conn: psycopg.Connection) -> int:
    """A check of the sweeper: pending deliveries overdue by more than a sweep interval (their
    message was lost, or their worker died mid-attempt) get their next attempt enqueued."""
    due = store.due_deliveries(conn, app.hanabi_settings.sweep_seconds, MAX_PER_SWEEP)
    for delivery_id, attempts_made in due:
        enqueue_delivery(app, delivery_id, attempts_made + 1)
    return len(due)
