"""kombu's Redis transport, made safe for Celery 5.7's reconnection after Redis went away.

When a worker loses Redis, Celery 5.7.0 first `collect()`s the broken connection, which
detaches its transport, and then closes it. Closing the channel gives the unacknowledged
messages back to their queues through a new Redis client, whose parameters come from the
detached transport's client: None, so kombu raises AttributeError, which Celery does not
expect there, and the worker exits (status 0) instead of reconnecting. Every worker holds
unacknowledged messages most of the time (the expiry of each timed turn waits in the worker
until its ETA), so a Redis restart stopped them all (tests/faults/test_broker_restart.py).

Here a channel whose transport is detached (or that is closed) closes, acknowledges and rejects
without touching Redis: Redis is unreachable anyway, and the messages stay in the transport's
unacknowledged set, which kombu restores after the visibility timeout; the sweeper redoes
overdue turns sooner. (A task that was running when Redis went away and finishes after the
reconnection acknowledges its message through the old, closed channel: the second way the
worker exited.)

Celery selects it through `broker_transport` (see celery_app.celery_config) for redis:// broker
URLs. The upstream report, ready to file with kombu (related: celery/celery#8030, #8091, #9054,
which do not cover the exit): docs/upstream/kombu-redis-detached-channel.md.
"""

from kombu.transport import redis


class Channel(redis.Channel):
    def close(self):
        if self._detached():
            self._qos = None
        super().close()

    def basic_ack(self, delivery_tag, multiple=False):
        """A task that ran across the loss of Redis finishes after its channel was closed: its
        message cannot be acknowledged through it (kombu would raise AttributeError and the
        worker exit). It stays unacknowledged and comes back after the visibility timeout; the
        service's tasks are idempotent, so running it again changes nothing."""
        if not self._detached():
            super().basic_ack(delivery_tag, multiple)

    def basic_reject(self, delivery_tag, requeue=False):
        if not self._detached():
            super().basic_reject(delivery_tag, requeue)

    def _detached(self) -> bool:
        return self.connection is None or self.connection.client is None


class Transport(redis.Transport):
    Channel = Channel
