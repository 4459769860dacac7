"""kombu's Redis transport, made safe for Celery 5.7's reconnection after Redis went away.

When a worker loses Redis, Celery 5.7.0 first `collect()`s the broken connection, which
detaches its transport, and then closes it. Closing the channel gives the unacknowledged
messages back to their queues through a new Redis client, whose parameters come from the
detached transport's client: None, so kombu raises AttributeError, which Celery does not
expect there, and the worker exits (status 0) instead of reconnecting. Every worker holds
unacknowledged messages most of the time (the expiry of each timed turn waits in the worker
until its ETA), so a Redis restart stopped them all (tests/faults/test_broker_restart.py).

Here a channel whose transport is detached closes without trying to give messages back: Redis
is unreachable anyway, and the messages stay in the transport's unacknowledged set, which kombu
restores after the visibility timeout; the sweeper redoes overdue turns sooner.

Celery selects it through `broker_transport` (see celery_app.celery_config) for redis:// broker
URLs.
"""

from kombu.transport import redis


class Channel(redis.Channel):
    def close(self):
        if self.connection is not None and self.connection.client is None:
            self._qos = None
        super().close()


class Transport(redis.Transport):
    Channel = Channel
