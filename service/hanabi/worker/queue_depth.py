"""The depth of the service's Celery queue, measured when Prometheus scrapes.

    hanabi_celery_queue_depth{queue}    messages waiting in the broker for a worker
    hanabi_celery_broker_up             1 when the broker answered that question, else 0

The broker is asked through kombu, the way Celery itself talks to it: a passive declaration of
the queue, which returns its message count (Redis: the length of the queue's lists; the
filesystem broker: its message files; RabbitMQ: the queue's ready messages). Messages a
worker has already taken (running tasks, and tasks with an ETA held until due) do not count.
A queue Redis does not know is empty. A broker that does not answer within the timeout
makes the scrape report `hanabi_celery_broker_up 0` and no depth, rather than fail.
"""

import logging

from kombu import Connection
from kombu.exceptions import ChannelError
from prometheus_client.core import GaugeMetricFamily

from hanabi.config import Settings

from .celery_app import celery_config

TIMEOUT_SECONDS = 1.0

log = logging.getLogger(__name__)


def queue_depth(settings: Settings, timeout: float = TIMEOUT_SECONDS) -> int:
    """Messages waiting in the broker in the service's queue (raises when the broker does not answer)."""
    config = celery_config(settings)
    options = {
        **config.get("broker_transport_options", {}),
        "socket_timeout": timeout,
        "socket_connect_timeout": timeout,
        "max_retries": 0,
    }
    with Connection(
        config["broker_url"],
        transport=config.get("broker_transport"),
        transport_options=options,
        connect_timeout=timeout,
    ) as connection:
        try:
            return connection.default_channel.queue_declare(queue=settings.queue, passive=True).message_count
        except ChannelError:
            return 0


class QueueDepthCollector:
    """A prometheus_client collector that asks the broker at each scrape."""

    def __init__(self, settings: Settings, timeout: float = TIMEOUT_SECONDS):
        self.settings = settings
        self.timeout = timeout

    def collect(self):
        try:
            depth = queue_depth(self.settings, self.timeout)
        except Exception as error:
            log.warning("queue depth unknown: the broker did not answer (%s: %s)", type(error).__name__, error)
            depth = None
        if depth is not None:
            gauge = GaugeMetricFamily(
                "hanabi_celery_queue_depth", "Messages waiting in the broker for a worker, by queue", labels=["queue"]
            )
            gauge.add_metric([self.settings.queue], depth)
            yield gauge
        yield GaugeMetricFamily(
            "hanabi_celery_broker_up",
            "1 when the broker answered the queue depth query of this scrape",
            value=int(depth is not None),
        )
