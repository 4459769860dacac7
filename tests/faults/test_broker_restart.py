"""A `hanabi worker` and a restart of Redis. Workers hold the expiry of every turn with a
deadline as an unacknowledged message until the deadline (Celery's ETA), so at any moment of a
real-time game a worker holds messages; when Redis goes away then, the worker must reconnect
and go on. With kombu's own Redis transport, Celery 5.7.0 does not: after losing the
connection it closes it a second time, through a transport already detached
(kombu/transport/redis.py `_connparams`: AttributeError), calls that unrecoverable, and the
worker exits with status 0. hanabi.worker.redis_broker is the fix; this test fails without it.
See docs/faults.md."""

import time
from datetime import UTC, datetime, timedelta

from hanabi.config import load_settings
from hanabi.engine import GameOptions
from hanabi.runtime.composition import followups
from hanabi.store.database import connect
from hanabi.store.games import create_game, load_game
from hanabi.store.records import SeatPlan
from hanabi.worker.celery_app import create_celery
from hanabi.worker.tasks import EXPIRE_TURN

from tests.cluster.local import Cluster, tail
from tests.waiting import until

from .conftest import CLUSTER_ENVIRON

IDLE_SECONDS = 2.0
"""How long the worker waits on Redis, holding the expiry, before Redis goes away."""


def test_a_worker_holding_a_scheduled_expiry_plays_bot_seats_after_redis_restarts(redis_server, tmp_path):
    with Cluster(tmp_path / "cluster", apis=0, workers=1, environ=CLUSTER_ENVIRON) as cluster:
        celery = create_celery(load_settings(cluster.environ("test")))
        celery.send_task(EXPIRE_TURN, args=(0, 0), eta=datetime.now(UTC) + timedelta(minutes=5))
        log = cluster.log("worker-0")
        until(lambda: b"expire_turn" in log.read_bytes(), 10, "the worker taking the scheduled expiry")
        time.sleep(IDLE_SECONDS)

        cluster.redis.kill()
        time.sleep(1)  # Redis away for a second
        cluster.redis.start()

        with connect(cluster.database_url) as conn:
            game_id = create_game(
                conn, GameOptions(players=2), [SeatPlan.bot("basic")] * 2, seed="redis", followups=followups(celery)
            ).game.id

            def finished() -> bool:
                assert cluster.workers[0].poll() is None, f"the worker exited: {tail(log, 600)}"
                return load_game(conn, game_id).game.status == "finished"

            until(finished, 30, "the end of a bot game after Redis restarted")
