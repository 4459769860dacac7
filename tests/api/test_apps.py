"""Apps and their players: an account of kind app creates accounts for its users in its own
namespace (`<app>/<user>`), issues and revokes their scoped tokens, lists them, hears of their
games through its webhooks, and is rate limited as a whole."""

import uuid

import pytest
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.config import load_settings

from .conftest import Player, action_body, assert_problem


@pytest.fixture
def new_app(new_player):
    def make(prefix: str = "app") -> Player:
        return new_player(kind="app", prefix=prefix)

    return make


def add_player(app: Player, user: str, **fields) -> dict:
    response = app.post("/v1/players", json={"user": user, **fields})
    assert response.status_code == 201, response.json
    assert response.headers["Location"] == f"/v1/players/{response.json['id']}"
    return response.json


def player_token(app: Player, player: dict, **fields) -> Player:
    response = app.post(f"/v1/players/{player['id']}/tokens", json=fields)
    assert response.status_code == 201, response.json
    assert response.json["account"] == player["name"]
    return Player(app.app, player["name"], response.json["token"], player["id"])


def test_an_app_creates_lists_and_reads_its_players(new_app):
    app = new_app()
    alice = add_player(app, "alice")
    bob = add_player(app, "bob", kind="bot")
    assert alice["name"] == f"{app.name}/alice" and alice["user"] == "alice" and alice["kind"] == "human"
    assert alice["app"] == app.name
    assert bob["kind"] == "bot"
    listed = app.get("/v1/players?limit=1")
    assert [item["id"] for item in listed.json["items"]] == [bob["id"]]
    rest = app.get(f"/v1/players?cursor={listed.json['next_cursor']}")
    assert [item["id"] for item in rest.json["items"]] == [alice["id"]]
    assert app.get(f"/v1/players/{alice['id']}").json == alice


def test_names_are_the_apps_own(new_app, new_player, client):
    app, other = new_app(), new_app()
    mine = add_player(app, "carol")
    assert_problem(app.post("/v1/players", json={"user": "CAROL"}), 409, "account_name_taken")
    theirs = add_player(other, "carol")
    assert theirs["name"] != mine["name"]
    assert_problem(other.get(f"/v1/players/{mine['id']}"), 404, "player_not_found")
    assert_problem(other.post(f"/v1/players/{mine['id']}/tokens"), 404, "player_not_found")
    assert_problem(other.delete(f"/v1/players/{mine['id']}/tokens"), 404, "player_not_found")
    taken = client.post("/v1/accounts", json={"name": mine["name"], "kind": "human"})
    assert_problem(taken, 422, "invalid_request")
    assert_problem(new_player().post("/v1/players", json={"user": "dave"}), 403, "not_an_app")


def test_two_players_of_an_app_play_a_game_with_scoped_tokens(new_app):
    app = new_app()
    alice, bob = add_player(app, "alice"), add_player(app, "bob")
    alice_token = player_token(app, alice)
    bob_token = player_token(app, bob, scopes=["read", "play"], seconds=3600)
    assert alice_token.get("/v1/tokens/current").json["scopes"] == ["read", "play", "games:write"]
    current = bob_token.get("/v1/tokens/current").json
    assert current["scopes"] == ["read", "play"] and current["expires_at"] is not None
    created = alice_token.post(
        "/v1/games",
        json={
            "options": {"players": 2},
            "seats": [{"kind": "account", "account": alice["name"]}, {"kind": "account", "account": bob["name"]}],
        },
    )
    assert created.status_code == 201, created.json
    game_id = created.json["id"]
    assert_problem(bob_token.post(f"/v1/games/{game_id}/abort"), 403, "insufficient_scope")
    assert alice_token.post(f"/v1/games/{game_id}/join").status_code == 200
    joined = bob_token.post(f"/v1/games/{game_id}/join")
    assert joined.json["status"] == "running"
    assert [seat["account"] for seat in joined.json["seats"]] == [alice["name"], bob["name"]]
    view = alice_token.view(game_id)
    assert alice_token.act(game_id, **action_body(view["legal_actions"][0])).status_code == 200
    assert_problem(alice_token.get("/v1/players"), 403, "insufficient_scope")


def test_an_app_revokes_its_players_tokens_at_once(new_app):
    app = new_app()
    erin = add_player(app, "erin")
    first, second = player_token(app, erin), player_token(app, erin)
    assert first.get("/v1/accounts/me").status_code == 200
    assert app.delete(f"/v1/players/{erin['id']}/tokens").status_code == 204
    assert_problem(first.get("/v1/accounts/me"), 401, "unauthorized")
    assert_problem(second.get("/v1/accounts/me"), 401, "unauthorized")
    assert player_token(app, erin).get("/v1/accounts/me").json["name"] == erin["name"]


@pytest.mark.parametrize(
    "body", [{"scopes": ["apps"]}, {"seconds": 59}, {"seconds": 1.5}, {"scopes": ["read"], "x": 1}]
)
def test_a_player_token_request_is_checked(new_app, body):
    app = new_app()
    frank = add_player(app, "frank")
    assert_problem(app.post(f"/v1/players/{frank['id']}/tokens", json=body), 422, "invalid_request")


def test_an_apps_webhook_hears_of_its_players_games(new_app):
    app = new_app()
    hook = app.post("/v1/webhooks", json={"url": f"https://{uuid.uuid4().hex}.example.com/hanabi"})
    assert hook.status_code == 201, hook.json
    grace, henry = (player_token(app, add_player(app, user)) for user in ("grace", "henry"))
    game_id = grace.post("/v1/games", json={"options": {"players": 2}}).json["id"]
    grace.post(f"/v1/games/{game_id}/join")
    henry.post(f"/v1/games/{game_id}/join")
    deliveries = app.get(f"/v1/webhooks/{hook.json['id']}/deliveries").json["items"]
    kinds = {(delivery["type"], delivery["game_id"]) for delivery in deliveries}
    assert {("game_started", game_id), ("your_turn", game_id)} <= kinds


def test_an_app_and_its_players_share_one_rate_limit(app, new_app):
    limited = create_app(load_settings({"HANABI_RATE_LIMIT_APPS": "4 per minute"}), pool=app.extensions[POOL_EXTENSION])
    owner = new_app()
    owner = Player(limited, owner.name, owner.token, owner.id)
    ivy = player_token(owner, add_player(owner, "ivy"))
    assert ivy.get("/v1/accounts/me").status_code == 200
    assert ivy.get("/v1/games").status_code == 200
    body = assert_problem(owner.get("/v1/players"), 429, "rate_limited")
    assert "per app" in body["detail"] and "Retry-After" in owner.get("/v1/players").headers
