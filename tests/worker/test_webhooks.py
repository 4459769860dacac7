"""Webhook deliveries with a real worker (filesystem broker and Redis) and a real HTTP receiver:
signed POSTs reach the right accounts, failures are retried with backoff until delivered or
failed and shown to the account as a class, copies of a message make one attempt, and the
sweeper sends what a lost message left.

Where deliveries may go: the operator allows 127.0.0.1/32 (where the receiver listens) with
HANABI_WEBHOOK_ALLOWED_NETWORKS; names are resolved by a test resolver (NAMES) in the API and
the worker. A name resolving to the receiver gets its delivery at the address that was checked
(the system's resolver does not know the name); a name that resolves to a public address at
registration and to an internal one at delivery, and URLs stored without the registration's
check, are `blocked` without a connection."""

import ipaddress
import socket
import time
from datetime import datetime

import pytest
from celery.contrib.testing.worker import start_worker
from celery.signals import task_postrun
from hanabi.api.context import POOL_EXTENSION
from hanabi.api.webhooks import ADDRESSES_EXTENSION
from hanabi.engine import EndCondition, EndGame
from hanabi.runtime.composition import api_app, worker_celery
from hanabi.store import webhooks as outbox
from hanabi.store.database import connect
from hanabi.store.moves import make_move
from hanabi.webhooks.addresses import WebhookAddresses
from hanabi.worker import sweeper
from hanabi.worker.dispatch import enqueue_delivery
from hanabi.worker.tasks import DELIVER_WEBHOOK

from tests.waiting import until

from .conftest import BROKERS, forget_redis_queue, require_redis, worker_settings
from .webhook_receiver import Receiver, described_webhooks, verified

MAX_ATTEMPTS = 4
BACKOFF_SECONDS = 0.1
BACKOFF_MAX_SECONDS = 0.3
"""Waits between the attempts: 0.1, 0.2, then 0.3 s (capped)."""
TIMEOUT_SECONDS = 1
SWEEP_SECONDS = 0.5
ALLOWED_NETWORKS = "127.0.0.1/32"
PUBLIC = "93.184.216.34"
NAMES: dict[str, list[str]] = {}
"""What the test resolver answers for a name; tests set their names' addresses."""


def resolve_names(host: str, port: int):
    if host not in NAMES:
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
    return [ipaddress.ip_address(address) for address in NAMES[host]]


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
        HANABI_WEBHOOK_TIMEOUT_SECONDS=str(TIMEOUT_SECONDS),
        HANABI_SWEEP_SECONDS=str(SWEEP_SECONDS),
        HANABI_WEBHOOK_ALLOWED_NETWORKS=ALLOWED_NETWORKS,
        HANABI_DB_POOL_MAX="8",
    )
    app = worker_celery(settings)
    addresses = WebhookAddresses(settings.webhook_allowed_networks, resolve_names)
    app.webhook_addresses = addresses
    api = api_app(settings)
    api.extensions[ADDRESSES_EXTENSION] = addresses
    try:
        with start_worker(app, pool="threads", concurrency=4, perform_ping_check=False, shutdown_timeout=30):
            yield app, api
    finally:
        api.extensions[POOL_EXTENSION].close()
        app.database().close()
        forget_redis_queue(broker_url, settings.queue)


class Client:
    def __init__(self, api, name: str):
        self.api = api
        self.name = name
        created = api.test_client().post("/v1/accounts", json={"name": name, "kind": "human"})
        assert created.status_code == 201, created.json
        self.token = created.json["token"]
        self.id = created.json["id"]

    def call(self, method: str, path: str, **kwargs):
        response = getattr(self.api.test_client(), method)(
            path, headers={"Authorization": f"Bearer {self.token}"}, **kwargs
        )
        assert response.status_code < 300, (response.status_code, response.json)
        return response.json

    def register(self, url: str) -> dict:
        return self.call("post", "/v1/webhooks", json={"url": url})

    def deliveries(self, webhook_id: int) -> list[dict]:
        return self.call("get", f"/v1/webhooks/{webhook_id}/deliveries")["items"]

    def wait_for_deliveries(self, webhook_id: int, done, timeout: float = 20) -> list[dict]:
        """The webhook's deliveries once `done(deliveries)` holds."""
        return until(
            lambda: done(items := self.deliveries(webhook_id)) and items, timeout, "the deliveries were not done", 0.05
        )


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


def full_lobby(alice: Client, bob: Client) -> int:
    """A game alice and bob joined that waits for a start: its abort is one notice, game_over."""
    game_id = alice.call("post", "/v1/games", json={"options": {"players": 2}, "start_when_full": False})["id"]
    alice.call("post", f"/v1/games/{game_id}/join")
    bob.call("post", f"/v1/games/{game_id}/join")
    return game_id


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
        time.sleep(0.2)  # time for a fourth request, which must not come
        assert len(receiver.received(paths[player.name])) == 3, "a delivery was sent twice"
        bodies = [verified(request, hooks[player.name]["secret"]) for request in requests]
        assert sorted((b["type"], b["version"], b["seat"]) for b in bodies) == sorted(expected[player.name])
        assert {b["game_id"] for b in bodies} == {game_id}
        assert {b["account"] for b in bodies} == {player.name}
        listed = player.wait_for_deliveries(
            hooks[player.name]["id"], lambda items: all(d["status"] == "delivered" for d in items)
        )
        assert sorted(d["id"] for d in listed) == sorted(b["id"] for b in bodies)
        for delivery in listed:
            assert delivery["attempts"] == 1 and delivery["last_status_code"] == 204
            assert delivery["last_failure"] is None and delivery["delivered_at"] and delivery["next_attempt_at"] is None


def test_an_invitation_is_delivered_naming_the_invited_account(service, receiver):
    _, api = service
    host, guest = Client(api, unique("host")), Client(api, unique("guest"))
    path = f"/{guest.name}-invited"
    hook = guest.register(receiver.url(path))
    seats = [{"kind": "open"}, {"kind": "account", "account": guest.name}]
    game_id = host.call("post", "/v1/games", json={"options": {"players": 2}, "seats": seats})["id"]

    [request] = receiver.wait_for(path, 1)
    body = verified(request, hook["secret"])
    assert (body["type"], body["game_id"], body["seat"], body["account"]) == ("invited", game_id, 1, guest.name)


def test_a_failing_receiver_is_retried_until_it_answers(service, receiver):
    _, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    path = f"/{alice.name}-flaky"
    receiver.failures_left[path] = 2
    hook = alice.register(receiver.url(path))
    game_id = full_lobby(alice, bob)
    alice.call("post", f"/v1/games/{game_id}/abort")  # one notice: game_over

    requests = receiver.wait_for(path, 3)
    bodies = [verified(request, hook["secret"]) for request in requests]
    assert {b["id"] for b in bodies} == {bodies[0]["id"]} and bodies[0]["type"] == "game_over"
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] != "pending")
    assert delivery["status"] == "delivered" and delivery["attempts"] == 3
    assert delivery["last_status_code"] == 204 and delivery["last_failure"] is None


def test_an_unreachable_url_fails_after_the_last_attempt(service):
    _, api = service
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    hook = alice.register(f"http://127.0.0.1:{closed_port}/nobody-listens")
    game_id = full_lobby(alice, bob)
    alice.call("post", f"/v1/games/{game_id}/abort")

    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] != "pending")
    assert delivery["status"] == "failed" and delivery["attempts"] == MAX_ATTEMPTS
    assert delivery["last_status_code"] is None and delivery["last_failure"] == "connection_failed"
    assert delivery["next_attempt_at"] is None and delivery["delivered_at"] is None
    waited = datetime.fromisoformat(delivery["last_attempt_at"]) - datetime.fromisoformat(delivery["occurred_at"])
    assert waited.total_seconds() >= BACKOFF_SECONDS + 2 * BACKOFF_SECONDS + BACKOFF_MAX_SECONDS


def test_copies_of_a_message_make_one_attempt(service, receiver):
    app, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    path = f"/{alice.name}-copies"
    hook = alice.register(receiver.url(path))
    game_id = full_lobby(alice, bob)
    alice.call("post", f"/v1/games/{game_id}/abort")
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] == "delivered")
    copies = []

    def ran(task=None, args=None, **kwargs):
        if task.name == DELIVER_WEBHOOK and tuple(args) == (delivery["id"], 1):
            copies.append(kwargs.get("retval"))

    task_postrun.connect(ran, weak=False)
    try:
        for _ in range(3):
            enqueue_delivery(app, delivery["id"], 1)
        until(lambda: len(copies) >= 3, 20, "the three copies ran")
    finally:
        task_postrun.disconnect(ran)
    assert len(receiver.received(path)) == 1
    assert alice.deliveries(hook["id"])[0]["attempts"] == 1


def test_the_sweeper_sends_a_delivery_whose_message_was_lost(service, receiver):
    app, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    path = f"/{alice.name}-lost"
    hook = alice.register(receiver.url(path))
    game_id = full_lobby(alice, bob)
    with connect(app.hanabi_settings.database_url) as conn:  # no hooks: the deliveries' message is lost
        make_move(conn, game_id, EndGame(-1, EndCondition.TERMINATED))
    time.sleep(0.5)  # time for a delivery, which must not be made
    assert receiver.received(path) == []
    assert alice.deliveries(hook["id"])[0]["status"] == "pending"

    until(lambda: sweeper.sweep(app)["enqueue_due_webhook_deliveries"] >= 1, 10, "the sweeper found the delivery due")
    [request] = receiver.wait_for(path, 1)
    assert verified(request, hook["secret"])["type"] == "game_over"
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items[0]["status"] == "delivered")
    assert delivery["attempts"] == 1


def test_a_name_gets_its_delivery_at_the_address_that_was_checked(service, receiver):
    _, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    name = f"{alice.name}.hooks.example"
    NAMES[name] = ["127.0.0.1"]  # the system's resolver does not know the name
    path = f"/{alice.name}-named"
    hook = alice.register(receiver.url(path, host=name))
    alice.call("post", f"/v1/games/{full_lobby(alice, bob)}/abort")

    [request] = receiver.wait_for(path, 1)
    assert verified(request, hook["secret"])["type"] == "game_over"
    assert request["headers"]["Host"] == f"{name}:{receiver.port}"
    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] != "pending")
    assert (delivery["status"], delivery["last_status_code"], delivery["last_failure"]) == ("delivered", 204, None)


def test_a_name_that_rebinds_to_an_internal_address_is_blocked(service, receiver):
    _, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    name = f"{alice.name}.rebinding.example"
    NAMES[name] = [PUBLIC]
    hook = alice.register(f"http://{name}:{receiver.port}/{alice.name}-rebinding")
    NAMES[name] = ["169.254.169.254"]
    alice.call("post", f"/v1/games/{full_lobby(alice, bob)}/abort")

    [delivery] = alice.wait_for_deliveries(hook["id"], lambda items: items and items[0]["status"] != "pending")
    assert (delivery["status"], delivery["attempts"]) == ("failed", 1)
    assert (delivery["last_failure"], delivery["last_status_code"]) == ("blocked", None)
    assert receiver.received(f"/{alice.name}-rebinding") == []


def test_deliveries_to_addresses_off_the_public_internet_are_blocked(service, receiver):
    """URLs stored without the registration's check (registered before it, or before the
    operator narrowed the networks): each delivery is blocked, the receiver gets nothing."""
    app, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    NAMES[f"{alice.name}.private.example"] = ["192.168.1.10"]
    NAMES[f"{alice.name}.mapped.example"] = ["::ffff:127.0.0.2"]
    port = receiver.port
    refused = [
        f"http://127.0.0.2:{port}/a",  # loopback, outside the allowed 127.0.0.1/32
        f"http://[::1]:{port}/b",
        f"http://0.0.0.0:{port}/c",  # Linux connects it to this machine
        "http://169.254.169.254/latest/meta-data/",
        "http://10.0.0.1/",
        "http://100.64.0.1/",
        "http://[fd00::1]/",
        "http://224.0.0.1/",
        f"http://{alice.name}.private.example:{port}/d",
        f"http://{alice.name}.mapped.example:{port}/e",
    ]
    with app.database().connection() as conn:
        hooks = [outbox.create_webhook(conn, alice.id, url).id for url in refused]
    bob.register(receiver.url(f"/{bob.name}-control"))
    alice.call("post", f"/v1/games/{full_lobby(alice, bob)}/abort")

    receiver.wait_for(f"/{bob.name}-control", 1)
    for hook, url in zip(hooks, refused):
        [delivery] = alice.wait_for_deliveries(hook, lambda items: items and items[0]["status"] != "pending")
        assert (delivery["status"], delivery["attempts"], delivery["last_failure"]) == ("failed", 1, "blocked"), url
        assert delivery["last_status_code"] is None
    assert {request["path"] for request in receiver.requests} & {"/a", "/b", "/c", "/d", "/e"} == set()


def test_the_account_sees_the_class_of_a_failure_not_the_error(service, receiver):
    _, api = service
    alice, bob = Client(api, unique("alice")), Client(api, unique("bob"))
    paths = {kind: f"/{alice.name}-{kind}" for kind in ("error", "redirect", "slow")}
    receiver.statuses[paths["error"]] = 503
    receiver.statuses[paths["redirect"]] = 302
    receiver.delays[paths["slow"]] = TIMEOUT_SECONDS + 0.5
    hooks = {kind: alice.register(receiver.url(path))["id"] for kind, path in paths.items()}
    alice.call("post", f"/v1/games/{full_lobby(alice, bob)}/abort")

    expected = {"error": ("http_status", 503), "redirect": ("http_status", 302), "slow": ("timeout", None)}
    for kind, hook in hooks.items():
        [delivery] = alice.wait_for_deliveries(hook, lambda items: items and items[0]["status"] != "pending")
        assert (delivery["status"], delivery["attempts"]) == ("failed", MAX_ATTEMPTS), kind
        assert (delivery["last_failure"], delivery["last_status_code"]) == expected[kind]
    assert len(receiver.received(paths["redirect"])) == MAX_ATTEMPTS
    assert receiver.received(paths["redirect"] + "-redirected") == []


def test_the_description_declares_a_webhook_for_each_type_of_event_delivered():
    assert set(described_webhooks()["webhooks"]) == set(outbox.EVENT_TYPES)
