"""Webhooks through the API: registration and its validation, who may see and delete a webhook,
and the outbox: deliveries written with the game changes that concern an account (their
sending by workers is tested in tests/worker/test_webhooks.py)."""

import pytest
from hanabi.store.webhooks import MAX_WEBHOOKS_PER_ACCOUNT

from .conftest import action_body, assert_problem

HOOK_URL = "https://example.test/hanabi/hook"


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
    created = register(alice, "http://127.0.0.1:9/hook?x=1")
    body = created.json
    assert set(body) == {"id", "url", "secret", "created_at"}
    assert body["url"] == "http://127.0.0.1:9/hook?x=1"
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
    ],
)
def test_registration_rejects_what_is_not_an_http_url(new_player, body):
    alice = new_player()
    problem = assert_problem(alice.post("/v1/webhooks", json=body), 422, "invalid_request")
    assert problem["errors"]
    assert alice.get("/v1/webhooks").json == {"items": []}


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
        assert item["last_status_code"] is None and item["last_error"] is None and item["delivered_at"] is None

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
    assert_problem(alice.get(f"/v1/webhooks/{hook}/deliveries", query_string={"cursor": "nope"}), 422, "invalid_cursor")
    assert_problem(alice.get(f"/v1/webhooks/{hook}/deliveries", query_string={"limit": 0}), 422, "invalid_request")
    assert_problem(alice.get(f"/v1/webhooks/{hook}/deliveries", query_string={"status": "x"}), 422, "invalid_request")
