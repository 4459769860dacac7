"""The Redis transport's channel after Redis went away: a message taken before cannot be
acknowledged or rejected through the closed channel, and that must not raise (kombu's own
channel raises AttributeError there, which stopped the worker when a task that ran across a
Redis restart finished)."""

import pytest
from kombu import Connection, Exchange, Queue

from tests.cluster.local import Redis

from .conftest import redis_server  # noqa: F401  (skips, or fails under CI, without redis-server)

TRANSPORT = "hanabi.worker.redis_broker:Transport"


@pytest.mark.parametrize("settle", ["ack", "reject"])
def test_a_message_taken_before_redis_went_away_is_settled_without_error(redis_server, tmp_path, settle):  # noqa: F811
    server = Redis(tmp_path / "redis")
    server.start()
    try:
        with Connection(server.url, transport=TRANSPORT, transport_options={"max_retries": 0}) as connection:
            channel = connection.channel()
            queue = Queue("jobs", Exchange("jobs"), "jobs", channel=channel)
            queue.declare()
            connection.Producer(channel).publish({"job": 1}, exchange="jobs", routing_key="jobs")
            message = queue.get(no_ack=False)
            assert message.payload == {"job": 1}

            server.kill()
            # What Celery 5.7's consumer does when it loses the broker: collect the connection
            # (errors ignored), then close it (connection errors ignored).
            try:
                connection.collect()
            except Exception:
                pass
            try:
                connection.close()
            except connection.connection_errors:
                pass

            getattr(message, settle)()
    finally:
        server.kill()
