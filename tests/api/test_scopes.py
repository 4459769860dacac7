"""Scoped tokens: each endpoint declares the one scope it needs (stated in the description as
its security requirement's scopes); a token without it gets 403 `insufficient_scope` naming
it. The endpoints are read from the app's url_map and its description, so an endpoint added
without a scope fails here."""

import re
from datetime import datetime, timedelta

import pytest
from hanabi.api import PUBLIC_ENDPOINTS
from hanabi.api.openapi import openapi_spec
from hanabi.api.scopes import required_scope
from hanabi.store.accounts import SCOPES

from .conftest import Player, assert_problem

HTTP_METHODS = ("get", "put", "post", "delete", "patch")


def operations() -> list[tuple[str, str, str, list[str]]]:
    """(method, path with ids filled in, operationId, scopes) of every operation with a token."""
    found = []
    for path, item in openapi_spec()["paths"].items():
        for method, operation in item.items():
            if method not in HTTP_METHODS or operation.get("security") == []:
                continue
            (requirement,) = operation["security"]
            found.append(
                (method.upper(), re.sub(r"\{[^}]+\}", "1", path), operation["operationId"], requirement["bearerAuth"])
            )
    return found


OPERATIONS = operations()


def test_every_route_of_the_app_declares_its_scope(app):
    undeclared = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint in PUBLIC_ENDPOINTS or not rule.rule.startswith("/v1/"):
            continue
        for method in rule.methods - {"OPTIONS", "HEAD"}:
            with app.test_request_context():
                if required_scope(rule.endpoint, method) is None:
                    undeclared.append(f"{method} {rule.rule}")
    assert not undeclared, f"endpoints without @requires(scope): {undeclared}"


def test_the_description_names_one_scope_per_operation():
    assert len(OPERATIONS) > 25
    for _method, _path, operation_id, scopes in OPERATIONS:
        if operation_id in ("get_current_token", "revoke_current_token"):
            assert scopes == [], "a token may always read and revoke itself"
            continue
        assert len(scopes) == 1 and scopes[0] in SCOPES, (operation_id, scopes)


def token_with(player: Player, scopes: list[str]) -> Player:
    response = player.post("/v1/tokens", json={"scopes": scopes})
    assert response.status_code == 201, response.json
    assert response.json["scopes"] == [scope for scope in SCOPES if scope in scopes]
    return Player(player.app, player.name, response.json["token"], player.id)


@pytest.mark.parametrize(
    "method, path, operation_id, scopes",
    [op for op in OPERATIONS if op[3]],
    ids=lambda v: v if isinstance(v, str) and v.islower() and "/" not in v else None,
)
def test_every_operation_refuses_a_token_without_its_scope(new_player, method, path, operation_id, scopes):
    (scope,) = scopes
    owner = new_player()
    narrow = token_with(owner, [other for other in SCOPES if other != scope])
    response = narrow.app.test_client().open(path, method=method, headers=narrow.headers())
    body = assert_problem(response, 403, "insufficient_scope")
    assert body["scope"] == scope
    assert repr(scope) in body["detail"]
    assert f'scope="{scope}"' in response.headers["WWW-Authenticate"]
    wide = token_with(owner, [scope])
    response = wide.app.test_client().open(path, method=method, headers=wide.headers())
    assert not (response.status_code == 403 and response.json.get("code") == "insufficient_scope"), operation_id


def test_a_read_and_play_token_plays_but_cannot_create_or_hook(started_game, new_player):
    game_id, (first, _) = started_game()
    bot = token_with(first, ["read", "play"])
    view = bot.view(game_id)
    action = {key: value for key, value in view["legal_actions"][0].items() if key != "seat"}
    assert bot.act(game_id, **action).status_code == 200
    assert_problem(bot.post("/v1/games", json={"options": {"players": 2}}), 403, "insufficient_scope")
    assert_problem(bot.post("/v1/webhooks", json={"url": "https://example.com/x"}), 403, "insufficient_scope")
    assert_problem(bot.post("/v1/tokens"), 403, "insufficient_scope")
    assert bot.delete("/v1/tokens/current").status_code == 204


def test_a_new_token_has_every_scope_of_its_maker_by_default(new_player):
    player = new_player()
    response = player.post("/v1/tokens")
    assert response.status_code == 201
    assert response.json["scopes"] == list(SCOPES)
    narrow = token_with(player, ["read", "tokens"])
    response = narrow.post("/v1/tokens")
    assert response.json["scopes"] == ["read", "tokens"]
    current = narrow.get("/v1/tokens/current")
    assert current.json == {"account": player.name, "scopes": ["read", "tokens"], "game_id": None, "expires_at": None}


def test_a_token_cannot_give_a_scope_it_lacks(new_player):
    narrow = token_with(new_player(), ["read", "tokens"])
    body = assert_problem(narrow.post("/v1/tokens", json={"scopes": ["read", "play"]}), 403, "insufficient_scope")
    assert body["scope"] == "play"


def test_an_account_may_be_created_with_a_narrow_first_token(client):
    response = client.post(
        "/v1/accounts", json={"name": "narrow-first", "kind": "human", "scopes": ["read", "play", "games:write"]}
    )
    assert response.status_code == 201
    assert response.json["scopes"] == ["read", "play", "games:write"]
    headers = {"Authorization": f"Bearer {response.json['token']}"}
    assert_problem(client.get("/v1/webhooks", headers=headers), 403, "insufficient_scope")
    assert client.get("/v1/games", headers=headers).status_code == 200


@pytest.mark.parametrize("scopes", [["admin"], [], "read", [1], ["read", "read"]])
def test_scopes_are_a_list_of_known_names(new_player, scopes):
    assert_problem(new_player().post("/v1/tokens", json={"scopes": scopes}), 422, "invalid_request")


def test_a_token_that_expires_issues_tokens_that_expire_with_it(new_player):
    app = new_player(kind="app", prefix="expiring")
    player = app.post("/v1/players", json={"user": "kim"}).json
    brief = app.post(f"/v1/players/{player['id']}/tokens", json={"scopes": ["read", "tokens"], "seconds": 600}).json
    holder = Player(app.app, player["name"], brief["token"], player["id"])
    issued = holder.post("/v1/tokens")
    assert issued.status_code == 201
    issued_end, brief_end = (
        datetime.fromisoformat(value) for value in (issued.json["expires_at"], brief["expires_at"])
    )
    assert brief_end - timedelta(seconds=5) <= issued_end <= brief_end
    assert new_player().post("/v1/tokens").json["expires_at"] is None
