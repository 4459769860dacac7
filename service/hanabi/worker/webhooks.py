"""Webhook deliveries: POST each row of the outbox (hanabi.store.webhooks) to its URL.

`enable_webhook_deliveries(app)` makes this process send `deliver_webhook(delivery_id, 1)`
after each commit that recorded deliveries. The task claims attempt number `attempt` (so two
copies of one message make one attempt), POSTs

    {"id", "type", "game_id", "version", "seat", "occurred_at"}

with `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body, keyed with the webhook's secret>`
and `X-Hanabi-Delivery: <id>`, and counts any 2xx as delivered. Anything else (a network
error, a timeout, a redirect, another status) schedules the next attempt after a backoff that
doubles from HANABI_WEBHOOK_BACKOFF_SECONDS up to HANABI_WEBHOOK_BACKOFF_MAX_SECONDS, until
HANABI_WEBHOOK_MAX_ATTEMPTS attempts have failed: then the delivery is `failed`. The sweeper
(`enqueue_due_webhook_deliveries`) sends again any attempt whose message was lost.
"""

import hashlib
import hmac
import json
import logging
import urllib.error
import urllib.request

import psycopg
from celery import Celery

from hanabi.config import Settings
from hanabi.store import webhooks as store

from .dispatch import TaskSender

DELIVER_WEBHOOK = "hanabi.deliver_webhook"
SIGNATURE_HEADER = "X-Hanabi-Signature"
DELIVERY_HEADER = "X-Hanabi-Delivery"
USER_AGENT = "hanabi-webhooks/1"
MAX_ERROR_LENGTH = 500
LEASE_MARGIN_SECONDS = 30
"""An attempt not finished this long after its timeout counts as lost (its worker died)."""
MAX_PER_SWEEP = 1000

log = logging.getLogger(__name__)


def register(app: Celery) -> None:
    @app.task(name=DELIVER_WEBHOOK, bind=True, shared=False)
    def deliver_webhook_task(task, delivery_id: int, attempt: int) -> str:
        return deliver(task.app, delivery_id, attempt)


def enqueue_delivery(app: TaskSender, delivery_id: int, attempt: int, countdown: float | None = None) -> None:
    app.send_task(DELIVER_WEBHOOK, args=(delivery_id, attempt), countdown=countdown)


class WebhookSender:
    """The outbox's sender: enqueues the first attempt of each delivery once it is committed."""

    def __init__(self, app: TaskSender):
        self.app = app

    def __call__(self, delivery_ids: list[int]) -> None:
        for delivery_id in delivery_ids:
            enqueue_delivery(self.app, delivery_id, 1)


def enable_webhook_deliveries(app: TaskSender) -> WebhookSender:
    """From now on, deliveries recorded by this process's commits are enqueued on `app`'s broker."""
    sender = WebhookSender(app)
    store.SENDERS.append(sender)
    return sender


def disable_webhook_deliveries(sender: WebhookSender) -> None:
    store.SENDERS.remove(sender)


def payload(delivery: store.Delivery) -> bytes:
    """The body of a delivery: what happened, never a card."""
    return json.dumps(
        {
            "id": delivery.id,
            "type": delivery.type,
            "game_id": delivery.game_id,
            "version": delivery.version,
            "seat": delivery.seat,
            "occurred_at": delivery.occurred_at.isoformat(),
        },
        separators=(",", ":"),
    ).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def backoff_seconds(settings: Settings, attempts_made: int) -> float:
    """The wait after failed attempt number `attempts_made`: base, 2 base, 4 base, ..., capped."""
    return min(settings.webhook_backoff_seconds * 2 ** (attempts_made - 1), settings.webhook_backoff_max_seconds)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is an answer other than 2xx, not a second request (which would drop the POST)."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


_opener = urllib.request.build_opener(_NoRedirects)


def post(url: str, body: bytes, headers: dict, timeout: float) -> tuple[int | None, str | None]:
    """POST `body`; returns (status code, error): a code without error for 2xx, else what went wrong."""
    request = urllib.request.Request(url, data=body, method="POST", headers=headers)
    try:
        with _opener.open(request, timeout=timeout) as response:
            return response.status, None
    except urllib.error.HTTPError as error:
        error.close()
        return error.code, f"HTTP {error.code}"
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        return None, f"{type(reason).__name__}: {reason}"[:MAX_ERROR_LENGTH]


def deliver(app, delivery_id: int, attempt: int) -> str:
    """Make attempt number `attempt` of a delivery; returns the delivery's status after it, or
    `skipped` when that attempt is not due (already made by a copy of this task, or done)."""
    settings = app.hanabi_settings
    timeout = settings.webhook_timeout_seconds
    with app.database().connection() as conn:
        claimed = store.claim_attempt(conn, delivery_id, attempt - 1, timeout + LEASE_MARGIN_SECONDS)
        if claimed is None:
            return "skipped"
        body = payload(claimed.delivery)
        headers = {
            "Content-Type": "application/json",
            "User-Agent": USER_AGENT,
            SIGNATURE_HEADER: signature(claimed.secret, body),
            DELIVERY_HEADER: str(delivery_id),
        }
    status_code, error = post(claimed.url, body, headers, timeout)
    delivered = error is None
    retry_in = None if delivered or attempt >= settings.webhook_max_attempts else backoff_seconds(settings, attempt)
    with app.database().connection() as conn:
        status = store.finish_attempt(
            conn, delivery_id, attempt, delivered=delivered, status_code=status_code, error=error, retry_in=retry_in
        )
    if status == "pending":
        enqueue_delivery(app, delivery_id, attempt + 1, countdown=retry_in)
    elif status == "failed":
        log.warning("webhook delivery %s failed after %s attempts: %s", delivery_id, attempt, error)
    return status


def enqueue_due_webhook_deliveries(app, conn: psycopg.Connection) -> int:
    """A check of the sweeper: pending deliveries overdue by more than a sweep interval (their
    message was lost, or their worker died mid-attempt) get their next attempt enqueued."""
    due = store.due_deliveries(conn, app.hanabi_settings.sweep_seconds, MAX_PER_SWEEP)
    for delivery_id, attempts_made in due:
        enqueue_delivery(app, delivery_id, attempts_made + 1)
    return len(due)
