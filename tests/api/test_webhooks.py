"""Webhooks through the API: registration and its validation (URLs whose host is, or resolves
to, an address that is not on the public internet are refused), who may see and delete a
webhook, and the outbox: deliveries written with the game changes that concern an account
(their sending by workers is tested in tests/worker/test_webhooks.py)."""

import ipaddress

import pytest
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.api.webhooks import ADDRESSES_EXTENSION
from hanabi.config import load_settings
from hanabi.store.webhooks import MAX_WEBHOOKS_PER_ACCOUNT
from hanabi.webhooks.addresses import WebhookAddresses, resolve

from .conftest import Player, action_body, assert_problem

HOOK_URL = "https://example.test/hanabi/hook"
"""A name that never resolves (.test): accepted, each delivery checks it again."""
PUBLIC = "93.184.216.34"
TEST_NAMES = {
    "public.example.test": [PUBLIC, "2606:2800:220:1:248:1893:25c8:1946"],
    "internal.example.test": ["10.20.30.40"],
    "metadata.example.test": ["::ffff:169.254.169.254"],
    "mixed.example.test": [PUBLIC, "192.168.7.7"],
}
"""Names the test resolver answers; any other name goes to the system's resolver."""


def resolve_test_names(host: str, port: int):
    if host in TEST_NAMES:
        return [ipaddress.ip_address(address) for address in TEST_NAMES[host]]
    return resolve(host, port)


@pytest.fixture(autouse=True)
def test_names(app):
    """The API resolves webhook hosts with resolve_test_names during each test of this module."""
    before = app.extensions[ADDRESSES_EXTENSION]
    app.extensions[ADDRESSES_EXTENSION] = WebhookAddresses(before.allowed_networks, resolve_test_names)
    yield
    app.extensions[ADDRESSES_EXTENSION] = before


def register(player, url=HOOK_URL, **kwargs):
    response = player.post("/v1/webhooks", json={"url": url}, **kwargs)
    assert response.status_code == 201, response.json
    return response


def deliveries(player, webhook_id, **query):
    response = player.get(f"/v1/webhooks/{webhook_id}/deliveries", query_string=query)
    assert response.status_code == 200, response.json
    return response.json


def test_register_shows_the_secret_once_and_lists_without_it(new_player):
    alice = new_player()
    created = register(alice, f"http://{PUBLIC}:9/hook?x=1")
    body = created.json
    assert set(body) == {"id", "url", "secret", "created_at"}
    assert body["url"] == f"http://{PUBLIC}:9/hook?x=1"
    assert body["secret"].startswith("whsec_") and len(body["secret"]) > 30
    assert created.headers["Location"] == f"/v1/webhooks/{body['id']}"
    second = register(alice).json
    assert second["secret"] != body["secret"]

    listed = alice.get("/v1/webhooks")
    assert listed.status_code == 200
    assert listed.json == {
        "items": [
            {"id": body["id"], "url": body["url"], "created_at": body["created_at"]},
            {"id": second["id"], "url": HOOK_URL, "created_at": second["created_at"]},
        ]
    }


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"url": "ftp://example.test/hook"},
        {"url": "example.test/hook"},
        {"url": "/relative/hook"},
        {"url": "http://exa mple.test/hook"},
        {"url": "javascript:alert(1)"},
        {"url": "https://example.test/" + "a" * 2000},
        {"url": 42},
        {"url": HOOK_URL, "secret": "mine"},
        {"url": "https://example.test:70000/hook"},
    ],
)
def test_registration_rejects_what_is_not_an_http_url(new_player, body):
    alice = new_player()
    problem = assert_problem(alice.post("/v1/webhooks", json=body), 422, "invalid_request")
    assert problem["errors"]
    assert alice.get("/v1/webhooks").json == {"items": []}


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://127.0.0.1:9/hook", "is a loopback address"),
        ("http://127.200.3.4/", "is a loopback address"),
        ("http://[::1]:8080/hook", "is a loopback address"),
        ("http://localhost:8080/hook", "resolves to a loopback address"),
        ("http://2130706433/hook", "resolves to a loopback address"),
        ("http://10.0.0.1/hook", "is a private address"),
        ("http://172.16.5.4/hook", "is a private address"),
        ("http://192.168.1.1/hook", "is a private address"),
        ("http://100.64.0.1/hook", "is a carrier-grade NAT address"),
        ("http://169.254.169.254/latest/meta-data/", "is a link-local address"),
        ("http://[fe80::1]/hook", "is a link-local address"),
        ("http://[fc00::1]/hook", "is a unique-local address"),
        ("http://[fd12:3456::1]/hook", "is a unique-local address"),
        ("http://224.0.0.1/hook", "is a multicast address"),
        ("http://[ff02::1]/hook", "is a multicast address"),
        ("http://0.0.0.0:8000/hook", "is an unspecified address"),
        ("http://[::]/hook", "is an unspecified address"),
        ("http://[64:ff9b::a00:1]/hook", "is an IPv6 address that carries a private address"),
        ("http://192.0.2.10/hook", "is an address reserved for special use"),
        ("http://240.0.0.1/hook", "is an address reserved for special use"),
        ("https://internal.example.test/hook", "resolves to a private address"),
        ("https://metadata.example.test/hook", "resolves to an IPv4-mapped form of a link-local address"),
        ("https://mixed.example.test/hook", "resolves to a private address"),
    ],
)
def test_registration_refuses_a_host_that_is_not_on_the_public_internet(new_player, url, reason):
    alice = new_player()
    problem = assert_problem(alice.post("/v1/webhooks", json={"url": url}), 422, "webhook_url_not_allowed")
    assert reason in problem["detail"] and "public internet" in problem["detail"]
    assert alice.get("/v1/webhooks").json == {"items": []}


@pytest.mark.parametrize(
    "url",
    [
        f"http://{PUBLIC}/hook",
        "http://[2606:4700:4700::1111]:8443/hook",
        "https://public.example.test/hook",
        "https://not-yet.example.test/hook",
    ],
)
def test_registration_accepts_public_hosts_and_names_that_do_not_resolve_yet(new_player, url):
    assert register(new_player(), url).json["url"] == url


def test_the_operator_allows_networks(database_url, app):
    settings = load_settings({"DATABASE_URL": database_url, "HANABI_WEBHOOK_ALLOWED_NETWORKS": "10.1.0.0/16, fd00::/8"})
    allowing = create_app(settings, pool=app.extensions[POOL_EXTENSION])
    name = "operator-" + str(id(allowing))
    created = allowing.test_client().post("/v1/accounts", json={"name": name, "kind": "human"}).json
    alice = Player(allowing, name, created["token"], created["id"])
    for url in ("http://10.1.2.3:8080/hook", "http://[fd00::5]/hook", f"http://{PUBLIC}/hook"):
        register(alice, url)
    for url in ("http://10.2.0.1/hook", "http://127.0.0.1/hook", "http://169.254.169.254/"):
        assert_problem(alice.post("/v1/webhooks", json={"url": url}), 422, "webhook_url_not_allowed")


def test_an_account_has_a_limited_number_of_webhooks(new_player):
    alice = new_player()
    for _ in range(MAX_WEBHOOKS_PER_ACCOUNT):
        register(alice)
    assert_problem(alice.post("/v1/webhooks", json={"url": HOOK_URL}), 409, "too_many_webhooks")


def test_registration_with_an_idempotency_key_registers_once(new_player):
    alice = new_player()
    first = register(alice, headers={"Idempotency-Key": "hook-1"})
    again = alice.post("/v1/webhooks", json={"url": HOOK_URL}, headers={"Idempotency-Key": "hook-1"})
    assert again.status_code == 201
    assert again.headers["Idempotent-Replayed"] == "true"
    assert again.json == first.json
    assert len(alice.get("/v1/webhooks").json["items"]) == 1
    other = alice.post("/v1/webhooks", json={"url": HOOK_URL + "2"}, headers={"Idempotency-Key": "hook-1"})
    assert_problem(other, 422, "idempotency_key_reused")


def test_webhooks_need_a_token(client):
    for response in (
        client.get("/v1/webhooks"),
        client.post("/v1/webhooks", json={"url": HOOK_URL}),
        client.delete("/v1/webhooks/1"),
        client.get("/v1/webhooks/1/deliveries"),
    ):
        assert_problem(response, 401, "unauthorized")
        assert response.headers["WWW-Authenticate"] == 'Bearer realm="hanabi"'


def test_another_accounts_webhook_is_not_found(new_player):
    alice, mallory = new_player(), new_player()
    hook = register(alice).json
    assert mallory.get("/v1/webhooks").json == {"items": []}
    assert_problem(mallory.get(f"/v1/webhooks/{hook['id']}/deliveries"), 404, "webhook_not_found")
    assert_problem(mallory.delete(f"/v1/webhooks/{hook['id']}"), 404, "webhook_not_found")
    assert [item["id"] for item in alice.get("/v1/webhooks").json["items"]] == [hook["id"]]


def test_delete_removes_the_webhook_and_its_deliveries(new_player, started_game):
    game_id, (alice, _) = started_game()
    hook = register(alice).json
    alice.post(f"/v1/games/{game_id}/resign")
    assert deliveries(alice, hook["id"])["items"]
    deleted = alice.delete(f"/v1/webhooks/{hook['id']}")
    assert deleted.status_code == 204
    assert alice.get("/v1/webhooks").json == {"items": []}
    assert_problem(alice.get(f"/v1/webhooks/{hook['id']}/deliveries"), 404, "webhook_not_found")
    assert_problem(alice.delete(f"/v1/webhooks/{hook['id']}"), 404, "webhook_not_found")


def test_a_game_writes_deliveries_for_the_accounts_it_concerns(new_player):
    alice, bob, carol = new_player(), new_player(), new_player()
    hooks = {player.name: register(player).json["id"] for player in (alice, bob, carol)}
    game_id = alice.post("/v1/games", json={"options": {"players": 2}, "seed": "webhooks"}).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    assert deliveries(alice, hooks[alice.name])["items"] == []
    bob.post(f"/v1/games/{game_id}/join")  # the last seat: the game starts, seat 0 to move

    started = {name: deliveries(player, hooks[player.name])["items"] for name, player in (("a", alice), ("b", bob))}
    assert [(d["type"], d["seat"]) for d in started["a"]] == [("your_turn", 0), ("game_started", 0)]
    assert [(d["type"], d["seat"]) for d in started["b"]] == [("game_started", 1)]
    for item in started["a"] + started["b"]:
        assert item["game_id"] == game_id and item["version"] == 3
        assert item["status"] == "pending" and item["attempts"] == 0 and item["next_attempt_at"]
        assert item["last_status_code"] is None and item["last_failure"] is None and item["delivered_at"] is None

    view = alice.view(game_id)
    reorder = {"kind": "reorder", "cards": list(reversed([card["id"] for card in view["hands"][0]]))}
    assert alice.act(game_id, **reorder).status_code == 200  # not a turn: nobody is told
    assert len(deliveries(bob, hooks[bob.name])["items"]) == 1
    clue = next(action for action in alice.view(game_id)["legal_actions"] if action["kind"] == "rank_clue")
    assert alice.act(game_id, **action_body(clue)).status_code == 200
    newest = deliveries(bob, hooks[bob.name])["items"][0]
    assert (newest["type"], newest["seat"], newest["version"]) == ("your_turn", 1, 5)
    assert len(deliveries(alice, hooks[alice.name])["items"]) == 2

    bob.post(f"/v1/games/{game_id}/resign")
    for player in (alice, bob):
        newest = deliveries(player, hooks[player.name])["items"][0]
        assert (newest["type"], newest["version"]) == ("game_over", 6)
    assert deliveries(carol, hooks[carol.name])["items"] == []


def test_deliveries_are_paged_newest_first(new_player, started_game):
    game_id, (alice, bob) = started_game()
    hook = register(alice).json["id"]
    for _ in range(3):
        clue = next(a for a in alice.view(game_id)["legal_actions"] if a["kind"] == "rank_clue")
        alice.act(game_id, **action_body(clue))
        clue = next(a for a in bob.view(game_id)["legal_actions"] if a["kind"] == "rank_clue")
        bob.act(game_id, **action_body(clue))
    everything = deliveries(alice, hook, limit=200)["items"]
    assert len(everything) == 3 and all(d["type"] == "your_turn" for d in everything)
    first = deliveries(alice, hook, limit=2)
    assert first["items"] == everything[:2]
    rest = deliveries(alice, hook, limit=2, cursor=first["next_cursor"])
    assert rest["items"] == everything[2:] and rest["next_cursor"] is None
    assert_problem(
        alice.get(f"/v1/webhooks/{hook}/deliveries", query_string={"cursor": "nope"}), 422, "invalid_request"
    )
    assert_problem(alice.get(f"/v1/webhooks/{hook}/deliveries", query_string={"limit": 0}), 422, "invalid_request")
    assert_problem(alice.get(f"/v1/webhooks/{hook}/deliveries", query_string={"status": "x"}), 422, "invalid_request")


def test_a_seat_reserved_for_an_account_writes_it_an_invitation(new_player):
    host, guest = new_player(), new_player()
    hooks = {player.name: register(player).json["id"] for player in (host, guest)}
    seats = [{"kind": "account", "account": host.name}, {"kind": "account", "account": guest.name}]
    game_id = host.post("/v1/games", json={"options": {"players": 2}, "seats": seats}).json["id"]

    invited = deliveries(guest, hooks[guest.name])["items"]
    assert [(d["type"], d["game_id"], d["seat"], d["version"]) for d in invited] == [("invited", game_id, 1, 0)]
    assert deliveries(host, hooks[host.name])["items"] == []  # the creator's own seat is no invitation
