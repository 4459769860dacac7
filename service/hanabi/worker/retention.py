"""Retention: deleting what the service keeps only for a while.

`purge_idempotency_keys` deletes the Idempotency-Key records (their stored responses) older
than HANABI_IDEMPOTENCY_KEY_HOURS, in batches (hanabi.store.idempotency.purge). Beat sends it
every hour, on the hour (PURGE_SCHEDULE): a crontab rather than an interval, so that a beat
restarted more often than hourly still sends it. A retry of a purged key is a new request.
"""

import logging
from datetime import timedelta

from celery import Celery
from celery.schedules import crontab

from hanabi import metrics
from hanabi.store import idempotency

PURGE_IDEMPOTENCY_KEYS = "hanabi.purge_idempotency_keys"
PURGE_SCHEDULE = crontab(minute=0)
PURGE_EXPIRES_SECONDS = 3600
"""A purge that waited this long in the queue is dropped: the next one does its work."""

log = logging.getLogger(__name__)


def register(app: Celery) -> None:
    @app.task(name=PURGE_IDEMPOTENCY_KEYS, bind=True, shared=False)
    def purge_idempotency_keys_task(task) -> int:
        return purge_idempotency_keys(task.app)


def purge_idempotency_keys(app) -> int:
    """Delete the keys older than the retention; returns how many."""
    hours = app.hanabi_settings.idempotency_key_hours
    with app.database().connection() as conn:
        purged = idempotency.purge(conn, timedelta(hours=hours))
    metrics.IDEMPOTENCY_KEYS_PURGED.inc(purged)
    log.info("purged %d idempotency keys older than %g hours", purged, hours)
    return purged
