"""The purge of old Idempotency-Key records: the task itself on a real Postgres, the same task
run by a real worker on each broker, and its place in beat's schedule."""

import uuid
from datetime import timedelta

import pytest
from celery.schedules import crontab
from hanabi.store.accounts import create_account
from hanabi.store.database import connect, create_pool
from hanabi.worker.celery_app import celery_config, create_celery
from hanabi.worker.retention import purge_idempotency_keys
from hanabi.worker.tasks import PURGE_IDEMPOTENCY_KEYS
from prometheus_client import REGISTRY

from tests.logcapture import json_log_lines

from .conftest import worker_settings


def purged_total() -> float:
    return REGISTRY.get_sample_value("hanabi_idempotency_keys_purged_total") or 0.0


def account_with_keys(database_url: str, ages: dict[str, timedelta]) -> int:
    """A new account with an answered key of each name, created that long ago."""
    with connect(database_url) as conn:
        account, _ = create_account(conn, f"retention-{uuid.uuid4().hex[:12]}", "human")
        for key, age in ages.items():
            conn.execute(
                """INSERT INTO idempotency_keys
                       (account_id, key, request_hash, response_status, created_at)
                   VALUES (%s, %s, '\\x00', 200, now() - %s)""",
                (account.id, key, age),
            )
    return account.id


def keys_of(database_url: str, account_id: int) -> set[str]:
    with connect(database_url) as conn:
        rows = conn.execute("SELECT key FROM idempotency_keys WHERE account_id = %s", (account_id,))
        return {key for (key,) in rows}


@pytest.fixture
def app(worker_database, tmp_path):
    """The service's app with a retention of 2 hours, its pool on the module's database."""
    settings = worker_settings(tmp_path, worker_database, None, HANABI_IDEMPOTENCY_KEY_HOURS="2")
    pool = create_pool(worker_database, min_size=1, max_size=2)
    try:
        yield create_celery(settings, pool)
    finally:
        pool.close()


def test_the_task_purges_the_keys_older_than_the_setting(app, worker_database):
    purge_idempotency_keys(app)
    account_id = account_with_keys(
        worker_database,
        {
            "three-hours": timedelta(hours=3),
            "two-days": timedelta(days=2),
            "one-hour": timedelta(hours=1),
        },
    )
    before = purged_total()

    with json_log_lines() as lines:
        assert purge_idempotency_keys(app) == 2
    assert keys_of(worker_database, account_id) == {"one-hour"}
    assert purged_total() - before == 2
    logged = [line for line in lines() if line["logger"] == "hanabi.worker.retention"]
    assert [line["message"] for line in logged] == ["purged 2 idempotency keys older than 2 hours"]


def test_a_worker_runs_the_purge_by_its_name(service):
    account_id = account_with_keys(
        service.database_url,
        {"old": timedelta(hours=25), "new": timedelta(hours=23)},
    )
    service.app.send_task(PURGE_IDEMPOTENCY_KEYS)
    assert service.wait_for_outcomes(PURGE_IDEMPOTENCY_KEYS, (), 1, timeout=20) == [1]
    assert keys_of(service.database_url, account_id) == {"new"}


def test_beat_sends_the_purge_every_hour_on_the_hour(app):
    entry = celery_config(app.hanabi_settings)["beat_schedule"]["purge_idempotency_keys"]
    assert entry == {
        "task": PURGE_IDEMPOTENCY_KEYS,
        "schedule": crontab(minute=0),
        "options": {"expires": 3600},
    }
    assert PURGE_IDEMPOTENCY_KEYS in app.tasks
