"""A real `hanabi worker` and `hanabi beat` on Redis: a worker killed with SIGKILL mid-game and
started again loses no move and writes none twice."""

import os
import time
import uuid

from hanabi.config import load_settings
from hanabi.engine import GameOptions
from hanabi.runtime.composition import followups
from hanabi.store.database import connect
from hanabi.store.games import create_game, load_game
from hanabi.store.records import SeatPlan
from hanabi.worker.celery_app import create_celery

from tests.waiting import until

from .conftest import forget_redis_queue, require_redis
from .game_log import assert_bots_chose_from_their_view, assert_one_event_per_turn
from .processes import kill, start_hanabi, stop


def versions(database_url: str, game_ids: list[int]) -> list[int]:
    with connect(database_url) as conn:
        return [load_game(conn, game_id).game.version for game_id in game_ids]


def test_a_worker_killed_mid_game_and_restarted_finishes_the_games_without_lost_or_doubled_moves(
    worker_database, tmp_path
):
    broker_url = require_redis()
    environ = {
        "DATABASE_URL": worker_database,
        "CELERY_BROKER_URL": broker_url,
        "HANABI_QUEUE": f"hanabi-test-{uuid.uuid4().hex[:12]}",
        "HANABI_DATA_DIR": str(tmp_path),
        "HANABI_BOT_STALL_SECONDS": "1",
        "HANABI_SWEEP_SECONDS": "0.5",
    }
    env = {**os.environ, **environ}
    log = tmp_path / "processes.log"
    worker_command = ["worker", "--concurrency", "2", "--loglevel", "INFO"]
    beat = start_hanabi(["beat", "--loglevel", "INFO"], env, log)
    worker = start_hanabi(worker_command, env, log)
    try:
        sent = followups(create_celery(load_settings(environ)))
        with connect(worker_database) as conn:
            game_ids = [
                create_game(
                    conn, GameOptions(players=5), [SeatPlan.bot("hat")] * 5, seed=f"kill {n}", followups=sent
                ).game.id
                for n in range(3)
            ]
        until(lambda: min(versions(worker_database, game_ids)) >= 10, 60, "ten moves in each game")

        kill(worker)
        at_kill = versions(worker_database, game_ids)
        time.sleep(1.5)  # time in which a game would move, were something still playing it
        assert versions(worker_database, game_ids) == at_kill, "no worker runs, so no game moves"

        worker = start_hanabi(worker_command, env, log)
        with connect(worker_database) as conn:
            until(
                lambda: all(load_game(conn, game_id).game.status == "finished" for game_id in game_ids),
                90,
                f"the end of the games (log: {log})",
            )
    finally:
        stop(worker)
        stop(beat)
        forget_redis_queue(broker_url, environ["HANABI_QUEUE"])
    for game_id in game_ids:
        game, state, events = assert_one_event_per_turn(worker_database, game_id)
        assert game.end_condition == "normal"
        assert_bots_chose_from_their_view(game, events)
