"""Retention: deleting what the service keeps only for a while.

`purge_idempotency_keys` deletes the Idempotency-Key records (their stored responses) older
than HANABI_IDEMPOTENCY_KEY_HOURS, in batches (hanabi.store.idempotency.purge). Beat sends it
every hour, on the hour (tasks.PURGE_SCHEDULE). A retry of a purged key is a new request.
"""

import logging
from datetime import timedelta

from hanabi.runtime import metrics
from hanabi.store import idempotency

log = logging.getLogger(__name__)


def purge_idempotency_keys(app) -> int:
    """Delete the keys older than the retention; returns how many."""
    hours = app.hanabi_settings.idempotency_key_hours
    with app.database().connection() as conn:
        purged = idempotency.purge(conn, timedelta(hours=hours))
    metrics.IDEMPOTENCY_KEYS_PURGED.inc(purged)
    log.info("purged %d idempotency keys older than %g hours", purged, hours)
    return purged
