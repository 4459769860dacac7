"""Webhook deliveries with a real worker (filesystem broker and Redis) and a real HTTP receiver:
signed POSTs reach the right accounts, failures are retried with backoff until delivered or
failed, copies of a message make one attempt, and the sweeper sends what a lost message left."""

import hashlib
import hmac
import json
import socket
import threading
import time
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from celery.contrib.testing.worker import start_worker
from hanabi.api import create_app
from hanabi.store import webhooks as outbox
from hanabi.store.database import create_pool
from hanabi.worker import sweeper
from hanabi.worker.celery_app import create_celery
from hanabi.worker.dispatch import bot_turns_enabled
from hanabi.worker.webhooks import (
    DELIVERY_HEADER,
    SIGNATURE_HEADER,
    disable_webhook_deliveries,
    enable_webhook_deliveries,
    enqueue_delivery,
)

from .conftest import BROKERS, forget_redis_queue, require_redis, worker_settings

MAX_ATTEMPTS = 4
BACKOFF_SECONDS = 0.1
BACKOFF_MAX_SECONDS = 0.3
"""Waits between the attempts: 0.1, 0.2, then 0.3 s (capped)."""
SWEEP_SECONDS = 0.5
PAYLOAD_KEYS = {"id", "type", "game_id", "version", "seat", "occurred_at"}


class Receiver:
    """An HTTP server on 127.0.0.1 that records every POST; a path can be told to answer 500
    a number of times before it answers 204."""

    def __init__(self):
        self.requests: list[dict] = []
        self.failures_left: dict[str, int] = {}
        self.lock = threading.Condition()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers["Content-Length"]))
                with receiver.lock:
                    receiver.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
                    failing = receiver.failures_left.get(self.path, 0) > 0
                    if failing:
                        receiver.failures_left[self.path] -= 1
                    receiver.lock.notify_all()
                self.send_response(500 if failing else 204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"

    def received(self, path: str) -> list[dict]:
        with self.lock:
            return [request for request in self.requests if request["path"] == path]

    def wait_for(self, path: str, count: int, timeout: float = 20) -> list[dict]:
        deadline = time.monotonic() + timeout
        with self.lock:
            while len(self.received(path)) < count:
                remaining = deadline - time.monotonic()
                assert remaining > 0, f"{path} got {len(self.received(path))} requests, not {count}"
                self.lock.wait(remaining)
            return self.received(path)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture(scope="module")
def receiver():
    receiver = Receiver()
    yield receiver
    receiver.close()


@pytest.fixture(scope="module", params=BROKERS)
def service(request, worker_database, tmp_path_factory):
    """(Celery app, API app): an in-process worker on the broker of the parameter with small
    backoffs; commits of this process enqueue bot turns and webhook deliveries on it."""
    broker_url = require_redis() if request.param == "redis" else None
    settings = worker_settings(
        tmp_path_factory.mktemp(f"webhooks-{request.param}"),
        worker_database,
        broker_url,
        HANABI_WEBHOOK_MAX_ATTEMPTS=str(MAX_ATTEMPTS),
        HANABI_WEBHOOK_BACKOFF_SECONDS=str(BACKOFF_SECONDS),
        HANABI_WEBHOOK_BACKOFF_MAX_SECONDS=str(BACKOFF_MAX_SECONDS),
        HANABI_WEBHOOK_TIMEOUT_SECONDS="2",
        HANABI_SWEEP_SECONDS=str(SWEEP_SECONDS),
    )
    pool = create_pool(worker_database, min_size=1, max_size=8)
    app = create_celery(settings, pool)
    try:
        with (
            start_worker(app, pool="threads", concurrency=4, perform_ping_check=False, shutdown_timeout=30),
            bot_turns_enabled(app),
        ):
            sender = enable_webhook_deliveries(app)
            try:
                yield app, create_app(pool=pool)
            finally:
                disable_webhook_deliveries(sender)
    finally:
        pool.close()
        forget_redis_queue(broker_url, settings.queue)


class Client:
    def __init__(self, api, name: str):
        self.api = api
        self.name = name
        created = api.test_client().post("/v1/accounts", json={"name": name, "kind": "human"})
        assert created.status_code == 201, created.json
        self.token = created.json["token"]

    def call(self, method: str, path: str, **kwargs):
        response = getattr(self.api.test_client(), method)(path, headers={"Authorization": f"Bearer {self.token}"}, **kwargs)
        assert response.status_code < 300, (response.status_code, response.json)
        return response.json

    def register(self, url: str) -> dict:
        return self.call("post", "/v1/webhooks", json={"url": url})

    def deliveries(self, webhook_id: int) -> list[dict]:
        return self.call("get", f"/v1/webhooks/{webhook_id}/deliveries")["items"]

    def wait_for_deliveries(self, webhook_id: int, done, timeout: float = 20) -> list[dict]:
        """The webhook's deliveries once `done(deliveries)` holds."""
        deadline = time.monotonic() + timeout
        while not done(items := self.deliveries(webhook_id)):
            assert time.monotonic() < deadline, f"deliveries still {items}"
            time.sleep(0.05)
        return items


def unique(prefix: str) -> str:
    return f"{prefix}-{time.monotonic_ns() % 10**12}"


def two_player_game(alice: Client, bob: Client) -> int:
    """A game alice and bob join (it starts on alice's turn), alice clues (bob's turn), bob resigns."""
    game_id = alice.call("post", "/v1/games", json={"options": {"players": 2}, "seed": "webhooks"})["id"]
    alice.call("post", f"/v1/games/{game_id}/join")
    bob.call("post", f"/v1/games/{game_id}/join")
    clue = next(a for a in alice.call("get", f"/v1/games/{game_id}/view")["legal_actions"] if a["kind"] == "rank_clue")
    alice.call("post", f"/v1/games/{game_id}/actions", json={k: v for k, v in clue.items() if k != "seat"})
    bob.call("post", f"/v1/games/{game_id}/resign")
    return game_id


def verified(request: dict, secret: str) -> dict:
    """The JSON body of a received delivery, once its signature is checked with the secret."""
    expected = "sha256=" + hmac.new(secret.encode(), request["body"], hashlib.sha256).hexdigest()
    assert hmac.compare_digest(request["headers"][SIGNATURE_HEADER], expected)
    assert request["headers"]["Content-Type"] == "application/json"
    body = json.loads(request["body"])
    assert set(body) == PAYLOAD_KEYS
    assert request["headers"][DELIVERY_HEADER] == str(body["id"])
    return body


def test_a_game_is_delivered_signed_to_each_account(service, receiver):
    _, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    paths = {alice.name: f"/{alice.name}", bob.name: f"/{bob.name}"}
    hooks = {player.name: player.register(receiver.url(paths[player.name])) for player in (alice, bob)}
    game_id = two_player_game(alice, bob)

    expected = {
        alice.name: [("game_started", 3, 0), ("your_turn", 3, 0), ("game_over", 5, 0)],
        bob.name: [("game_started", 3, 1), ("your_turn", 4, 1), ("game_over", 5, 1)],
    }
    for player in (alice, bob):
        requests = receiver.wait_for(paths[player.name], 3)
        time.sleep(0.2)
        assert len(receiver.received(paths[player.name])) == 3, "a delivery was sent twice"
        bodies = [verified(request, hooks[player.name]["secret"]) for request in requests]
        assert sorted((b["type"], b["version"], b["seat"]) for b in bodies) == sorted(expected[player.name])
        assert {b["game_id"] for b in bodies} == {game_id}
        listed = player.wait_for_deliveries(hooks[player.name]["id"], lambda items: all(d["status"] == "delivered" for d in items))
        assert sorted(d["id"] for d in listed) == sorted(b["id"] for b in bodies)
        for delivery in listed:
            assert delivery["attempts"] == 1 and delivery["last_status_code"] == 204
            assert delivery["last_error"] is None and delivery["delivered_at"] and delivery["next_attempt_at"] is None


def test_a_failing_receiver_is_retried_until_it_answers(service, receiver):
    _, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    path = f"/{alice.name}-flaky"
    receiver.failures_left[path] = 2
    hook = alice.register(receiver.url(path))
    game_id = alice.call("post", "/v1/games", json={"options": {"players": 2}, "start_when_full": False})["id"]
    alice.call("post", f"/v1/games/{game_id}/join")
    bob.call("post", f"/v1/games/{game_id}/join")
    alice.call("post", f"/v1/games/{game_id}/abort")  # one notice: game_over

    requests = receiver.wait_for(path, 3)
    bodies = [verified(request, hook["secret"]) for request in requests]
    assert {b["id"] for b in bodies} == {bodies[0]["id"]} and bodies[0]["type"] == "game_over"
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] != "pending")
    assert delivery["status"] == "delivered" and delivery["attempts"] == 3
    assert delivery["last_status_code"] == 204 and delivery["last_error"] is None


def test_an_unreachable_url_fails_after_the_last_attempt(service):
    _, api = service
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    hook = alice.register(f"http://127.0.0.1:{closed_port}/nobody-listens")
    game_id = alice.call("post", "/v1/games", json={"options": {"players": 2}, "start_when_full": False})["id"]
    alice.call("post", f"/v1/games/{game_id}/join")
    bob.call("post", f"/v1/games/{game_id}/join")
    alice.call("post", f"/v1/games/{game_id}/abort")

    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] != "pending")
    assert delivery["status"] == "failed" and delivery["attempts"] == MAX_ATTEMPTS
    assert delivery["last_status_code"] is None and "Connection" in delivery["last_error"]
    assert delivery["next_attempt_at"] is None and delivery["delivered_at"] is None
    waited = datetime.fromisoformat(delivery["last_attempt_at"]) - datetime.fromisoformat(delivery["occurred_at"])
    assert waited.total_seconds() >= BACKOFF_SECONDS + 2 * BACKOFF_SECONDS + BACKOFF_MAX_SECONDS


def test_copies_of_a_message_make_one_attempt(service, receiver):
    app, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    path = f"/{alice.name}-copies"
    hook = alice.register(receiver.url(path))
    game_id = alice.call("post", "/v1/games", json={"options": {"players": 2}, "start_when_full": False})["id"]
    alice.call("post", f"/v1/games/{game_id}/join")
    bob.call("post", f"/v1/games/{game_id}/join")
    alice.call("post", f"/v1/games/{game_id}/abort")
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] == "delivered")
    for _ in range(3):
        enqueue_delivery(app, delivery["id"], 1)
    time.sleep(1)
    assert len(receiver.received(path)) == 1
    assert alice.deliveries(hook["id"])[0]["attempts"] == 1


def test_the_sweeper_sends_a_delivery_whose_message_was_lost(service, receiver):
    app, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    path = f"/{alice.name}-lost"
    hook = alice.register(receiver.url(path))
    game_id = alice.call("post", "/v1/games", json={"options": {"players": 2}, "start_when_full": False})["id"]
    alice.call("post", f"/v1/games/{game_id}/join")
    bob.call("post", f"/v1/games/{game_id}/join")
    senders = list(outbox.SENDERS)
    outbox.SENDERS.clear()
    try:
        alice.call("post", f"/v1/games/{game_id}/abort")
    finally:
        outbox.SENDERS.extend(senders)
    time.sleep(0.5)
    assert receiver.received(path) == []
    assert alice.deliveries(hook["id"])[0]["status"] == "pending"

    time.sleep(SWEEP_SECONDS)
    assert sweeper.sweep(app)["enqueue_due_webhook_deliveries"] >= 1
    [request] = receiver.wait_for(path, 1)
    assert verified(request, hook["secret"])["type"] == "game_over"
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items[0]["status"] == "delivered")
    assert delivery["attempts"] == 1
