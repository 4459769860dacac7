"""Metrics and logs of real processes: `hanabi worker` serving its prefork pool's metrics on
HANABI_WORKER_METRICS_PORT, and `hanabi serve` adding up at /metrics the metrics of its
gunicorn workers and of its worker child, with JSON log lines on stderr.

(A module of its own: the in-process workers of the other worker tests would play these
games too, from this process's commits.)"""

import json
import os
import urllib.request
import uuid

from hanabi.config import load_settings
from hanabi.engine import GameOptions
from hanabi.runtime.composition import followups
from hanabi.store.database import connect
from hanabi.store.games import create_game
from hanabi.store.records import SeatPlan
from hanabi.worker.celery_app import create_celery
from hanabi.worker.tasks import PLAY_BOT_TURN

from tests.api.test_cli_serve import free_port
from tests.prometheus import total, value
from tests.waiting import until

from .processes import children, command_line, start_hanabi, stop
from .test_metrics import moves_of


def read_metrics(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.status == 200
        return response.read().decode()


def json_lines(log_path) -> list[dict]:
    return [json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{")]


def test_hanabi_worker_serves_the_metrics_of_its_pool_processes(worker_database, tmp_path):
    port = free_port()
    environ = {
        "DATABASE_URL": worker_database,
        "HANABI_DATA_DIR": str(tmp_path / "data"),
        "HANABI_QUEUE": f"hanabi-test-{uuid.uuid4().hex[:12]}",
        "HANABI_WORKER_METRICS_PORT": str(port),
        "HANABI_WORKER_METRICS_HOST": "127.0.0.1",
        "HANABI_LOG_FORMAT": "json",
    }
    env = {
        key: value for key, value in os.environ.items() if key not in ("CELERY_BROKER_URL", "PROMETHEUS_MULTIPROC_DIR")
    }
    log = tmp_path / "worker.log"
    worker = start_hanabi(
        ["worker", "--pool", "prefork", "--concurrency", "2", "--loglevel", "INFO"], {**env, **environ}, log
    )
    url = f"http://127.0.0.1:{port}/metrics"
    try:
        until(lambda: _answers(url), 30, f"the worker's metrics port (log: {log})")
        sent = followups(create_celery(load_settings(environ)))
        with connect(worker_database) as conn:
            game_id = create_game(
                conn, GameOptions(players=2), [SeatPlan.bot("hat")] * 2, seed="port", followups=sent
            ).game.id
        until(lambda: _finished(worker_database, game_id), 90, f"the game's end (log: {log})")
        moves = moves_of(worker_database, game_id)
        text = read_metrics(url)
        assert value(text, "hanabi_bot_move_latency_seconds_count", strategy="hat") == moves
        assert total(text, "hanabi_actions_appended_total", source="bot_seat") == moves
        assert value(text, "hanabi_celery_broker_up") == 1
        assert value(text, "hanabi_celery_queue_depth", queue=environ["HANABI_QUEUE"]) == 0
    finally:
        stop(worker)
    succeeded = [
        line for line in json_lines(log) if "succeeded" in line["message"] and PLAY_BOT_TURN in line["message"]
    ]
    assert len(succeeded) >= moves, "Celery's line for each task, as JSON"
    assert all(line["game_id"] == game_id and uuid.UUID(line["task_id"]) for line in succeeded)


def _answers(url: str) -> bool:
    try:
        read_metrics(url)
        return True
    except OSError:
        return False


def _finished(database_url: str, game_id: int) -> bool:
    with connect(database_url) as conn:
        return conn.execute("SELECT status FROM games WHERE id = %s", (game_id,)).fetchone()[0] == "finished"


def _gunicorn_workers(pid: int, count: int) -> list[int] | None:
    """The gunicorn workers among `hanabi serve`'s children (the other child is `hanabi worker`)."""
    workers = [child for child in children(pid) if "worker" not in command_line(child)]
    return workers if len(workers) == count else None


def http(url: str, body: dict | None = None, token: str | None = None, request_id: str | None = None):
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"} if data else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if request_id:
        headers["X-Request-Id"] = request_id
    with urllib.request.urlopen(urllib.request.Request(url, data=data, headers=headers), timeout=10) as response:
        return response.status, json.loads(response.read()), response.headers


def test_hanabi_serve_adds_up_the_metrics_of_its_gunicorn_workers_and_its_worker_child(worker_database, tmp_path):
    port = free_port()
    metrics_dir = tmp_path / "metrics"
    env = {key: value for key, value in os.environ.items() if key != "CELERY_BROKER_URL"}
    env.update(
        DATABASE_URL=worker_database,
        HANABI_DATA_DIR=str(tmp_path / "data"),
        HANABI_LOG_FORMAT="json",
        PROMETHEUS_MULTIPROC_DIR=str(metrics_dir),
    )
    log = tmp_path / "serve.log"
    server = start_hanabi(["serve", "--port", str(port), "--workers", "2"], env, log)
    base = f"http://127.0.0.1:{port}"
    health_answers = 0

    def health() -> bool:
        nonlocal health_answers
        if not _answers(f"{base}/v1/health"):
            return False
        health_answers += 1
        return True

    try:
        until(health, 60, f"the server (log: {log})")
        gunicorn_workers = until(lambda: _gunicorn_workers(server.pid, 2), 30, "two gunicorn workers")
        _, account, _ = http(f"{base}/v1/accounts", {"name": f"metrics-{port}", "kind": "human"})
        seats = [{"kind": "bot", "strategy": "basic"}] * 2
        _, game, _ = http(
            f"{base}/v1/games", {"options": {"players": 2}, "seats": seats}, account["token"], "create-game-1"
        )

        def every_worker_counted() -> bool:
            assert health()
            return all((metrics_dir / f"counter_{pid}.db").exists() for pid in gunicorn_workers)

        until(every_worker_counted, 60, "a request taken by each gunicorn worker", interval=0)
        until(
            lambda: http(f"{base}/v1/games/{game['id']}", token=account["token"])[1]["status"] == "finished",
            60,
            "the bots' game",
        )
        moves = moves_of(worker_database, game["id"])
        scrapes = [read_metrics(f"{base}/metrics") for _ in range(6)]
    finally:
        assert stop(server) == 0, log.read_text()
    for text in scrapes:
        assert value(text, "hanabi_http_requests_total", operation="health", status=200) == health_answers
        assert value(text, "hanabi_http_requests_total", operation="create_game", status=201) == 1
        assert value(text, "hanabi_bot_move_latency_seconds_count", strategy="basic") == moves, (
            "the worker child's moves"
        )
    access = [
        line
        for line in json_lines(log)
        if line["logger"] == "hanabi.access" and line.get("request_id") == "create-game-1"
    ]
    assert len(access) == 1 and access[0]["operation"] == "create_game" and access[0]["status"] == 201
    assert access[0]["account_id"] == account["id"]
