"""`hanabi serve` with no broker configured runs a worker itself: bot seats play over real HTTP."""

import http.client
import json
import os
import random
import signal
import socket
import urllib.error
import urllib.parse
import urllib.request
import uuid

import psycopg
import pytest

from tests.waiting import until

from .game_log import assert_one_event_per_turn
from .processes import alive, children, command_line, start_hanabi, stop
from .webhook_receiver import Receiver, verified

STOP_WINDOW_SECONDS = 8


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Http:
    def __init__(self, base: str, token: str | None = None):
        self.base = base
        self.token = token

    def request(self, method: str, path: str, body: dict | None = None):
        headers = {"Content-Type": "application/json"} if body is not None else {}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self.base + path, data=data, headers=headers, method=method)
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, json.loads(response.read())

    def get(self, path: str):
        return self.request("GET", path)

    def post(self, path: str, body: dict | None = None):
        return self.request("POST", path, body if body is not None else {})


@pytest.fixture
def served(worker_database, tmp_path):
    """A `hanabi serve` on the test database, with neither CELERY_BROKER_URL nor a worker of its own."""
    port = free_port()
    env = {key: value for key, value in os.environ.items() if key != "CELERY_BROKER_URL"}
    env.update(DATABASE_URL=worker_database, HANABI_DATA_DIR=str(tmp_path / "data"))
    log = tmp_path / "serve.log"
    server = start_hanabi(["serve", "--port", str(port), "--workers", "1"], env, log)
    http = Http(f"http://127.0.0.1:{port}/v1")

    def ready() -> bool:
        try:
            return http.get("/ready")[0] == 200
        except (urllib.error.URLError, ConnectionError):
            assert server.poll() is None, log.read_text()
            return False

    until(ready, 60, f"hanabi serve was not ready (log: {log})", 0.1)
    try:
        yield server, http, log
    finally:
        stop(server)


def wait_for_game(http: Http, game_id: int, condition, timeout: float = 60) -> dict:
    return until(
        lambda: condition(game := http.get(f"/games/{game_id}")[1]) and game,
        timeout,
        "the game did not get there",
        0.05,
    )


def test_hanabi_serve_with_nothing_configured_plays_bot_seats_and_stops_its_worker(served, worker_database):
    server, anonymous, log = served
    worker_pids = [pid for pid in children(server.pid) if "worker" in command_line(pid)]
    assert len(worker_pids) == 1, log.read_text()
    status, account = anonymous.post("/accounts", {"name": f"served-{uuid.uuid4().hex[:10]}", "kind": "human"})
    http = Http(anonymous.base, account["token"])

    bots = [{"kind": "bot", "strategy": name} for name in ("basic", "hat", "random", "basic")]
    status, all_bots = http.post("/games", {"options": {"players": 4}, "seats": bots, "seed": "served bots"})
    assert status == 201 and all_bots["status"] == "running"

    seats = [{"kind": "bot", "strategy": "hat"}, {"kind": "open"}, {"kind": "bot", "strategy": "basic"}]
    status, game = http.post("/games", {"options": {"players": 3}, "seats": seats, "seed": "served person"})
    game_id = game["id"]
    assert http.post(f"/games/{game_id}/join")[1]["status"] == "running"
    rng = random.Random(2)
    while True:
        game = wait_for_game(http, game_id, lambda game: game["status"] == "finished" or game["current_seat"] == 1, 10)
        if game["status"] == "finished":
            break
        legal = http.get(f"/games/{game_id}/view")[1]["legal_actions"]
        move = rng.choice([action for action in legal if action["kind"] != "play"] or legal)
        http.post(f"/games/{game_id}/actions", {key: value for key, value in move.items() if key != "seat"})

    assert (
        wait_for_game(http, all_bots["id"], lambda game: game["status"] == "finished")["end_condition"] != "in_progress"
    )
    assert_one_event_per_turn(worker_database, all_bots["id"])
    assert_one_event_per_turn(worker_database, game_id)

    server.send_signal(signal.SIGTERM)
    # Well inside the window a supervisor gives it before SIGKILL (Docker's stop: 10 s); a run
    # of tests/bench/serve_stop.py says how long it takes.
    assert server.wait(STOP_WINDOW_SECONDS) == 0, log.read_text()
    assert not alive(worker_pids[0]), "the worker outlived hanabi serve"
    said = log.read_text()
    assert "was sent SIGKILL" not in said, "gunicorn had to kill its worker after the graceful timeout"
    assert "-------------- celery@" not in said, "Celery's banner"
    assert "superuser privileges" not in said


def test_stopping_hanabi_serve_answers_a_waiting_request_and_closes_an_idle_connection(served, worker_database):
    """SIGTERM does not wait out gunicorn's graceful timeout for a client's keep-alive connection
    or a long poll: the poll is answered (its connection closing after it), the idle connection
    closed."""
    server, anonymous, log = served
    _, account = anonymous.post("/accounts", {"name": f"stop-{uuid.uuid4().hex[:10]}", "kind": "bot"})
    address = urllib.parse.urlsplit(anonymous.base)
    idle = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    idle.request("GET", "/v1/ready")
    assert idle.getresponse().read() and idle.sock is not None
    waiting = http.client.HTTPConnection(address.hostname, address.port, timeout=30)
    waiting.request("GET", "/v1/me/turn?wait=60", headers={"Authorization": f"Bearer {account['token']}"})

    def listening() -> bool:
        with psycopg.connect(worker_database) as conn:
            return (
                conn.execute(
                    "SELECT count(*) FROM pg_stat_activity"
                    " WHERE datname = current_database() AND application_name = %s",
                    ("hanabi-listener",),
                ).fetchone()[0]
                > 0
            )

    until(listening, 30, "the long poll did not wait", 0.05)
    server.send_signal(signal.SIGTERM)
    answer = waiting.getresponse()
    assert answer.status == 200, answer.read()
    assert isinstance(json.loads(answer.read()), dict)
    assert answer.getheader("Connection") == "close"
    assert idle.sock.recv(1) == b"", "the idle connection was left open"
    assert server.wait(STOP_WINDOW_SECONDS) == 0, log.read_text()
    assert "Worker graceful timeout" not in log.read_text()
    idle.close()
    waiting.close()


def test_hanabi_serve_on_loopback_delivers_webhooks_to_this_machine_and_refuses_the_metadata_address(served):
    """With HANABI_WEBHOOK_ALLOWED_NETWORKS unset, `hanabi serve` on 127.0.0.1 lets a bot
    developer receive webhooks on their own machine; other internal addresses stay refused."""
    _, anonymous, log = served
    receiver = Receiver()
    try:
        alice, bob = (
            Http(
                anonymous.base,
                anonymous.post("/accounts", {"name": f"{who}-{uuid.uuid4().hex[:10]}", "kind": "human"})[1]["token"],
            )
            for who in ("alice", "bob")
        )
        with pytest.raises(urllib.error.HTTPError) as refused:
            alice.post("/webhooks", {"url": "http://169.254.169.254/latest/meta-data/"})
        problem = json.loads(refused.value.read())
        assert (refused.value.code, problem["code"]) == (422, "webhook_url_not_allowed")
        assert "link-local" in problem["detail"]
        status, hook = alice.post("/webhooks", {"url": receiver.url("/served")})
        assert status == 201
        game_id = alice.post("/games", {"options": {"players": 2}, "start_when_full": False})[1]["id"]
        alice.post(f"/games/{game_id}/join")
        bob.post(f"/games/{game_id}/join")
        alice.post(f"/games/{game_id}/abort")

        [request] = receiver.wait_for("/served", 1, timeout=30)
        assert verified(request, hook["secret"])["type"] == "game_over"
        assert "webhooks may also reach 127.0.0.0/8, ::1/128" in log.read_text()
    finally:
        receiver.close()
