"""The Celery queue's depth, asked of the broker when Prometheus scrapes: messages sent and not
yet taken by a worker (none runs here), on the filesystem broker and on Redis."""

import time
import uuid

import pytest
from hanabi.config import load_settings
from hanabi.worker.celery_app import create_celery
from hanabi.worker.queue_depth import QueueDepthCollector, queue_depth
from hanabi.worker.tasks import PLAY_BOT_TURN
from prometheus_client import CollectorRegistry, generate_latest

from tests.prometheus import value

from .conftest import forget_redis_queue, require_redis


def scrape(settings) -> str:
    registry = CollectorRegistry()
    registry.register(QueueDepthCollector(settings))
    return generate_latest(registry).decode()


@pytest.mark.parametrize("broker", ["filesystem", "redis"])
def test_the_depth_is_the_number_of_messages_no_worker_took_yet(broker, tmp_path):
    broker_url = require_redis() if broker == "redis" else ""
    queue = f"hanabi-test-{uuid.uuid4().hex[:12]}"
    settings = load_settings({"HANABI_DATA_DIR": str(tmp_path), "CELERY_BROKER_URL": broker_url, "HANABI_QUEUE": queue})
    app = create_celery(settings)
    try:
        assert queue_depth(settings) == 0, "a queue nothing was sent to is empty"
        for version in range(3):
            app.send_task(PLAY_BOT_TURN, args=(1, version))
        assert queue_depth(settings) == 3
        text = scrape(settings)
        assert value(text, "hanabi_celery_queue_depth", queue=queue) == 3
        assert value(text, "hanabi_celery_broker_up") == 1
    finally:
        forget_redis_queue(broker_url or None, queue)


def test_a_broker_that_does_not_answer_makes_the_scrape_say_so_at_once(tmp_path):
    settings = load_settings({"HANABI_DATA_DIR": str(tmp_path), "CELERY_BROKER_URL": "redis://127.0.0.1:9/0"})
    started = time.monotonic()
    text = scrape(settings)
    assert time.monotonic() - started < 3
    assert value(text, "hanabi_celery_broker_up") == 0
    assert "hanabi_celery_queue_depth{" not in text
