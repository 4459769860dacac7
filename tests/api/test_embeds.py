"""Links to the embeddable table: a watch link reads one game only, a table link plays one
seat of an app's player in one game only, both for a while; the page's frame policy is the
server's list of origins."""

import pytest
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.config import load_settings

from .conftest import Player, action_body, assert_problem
from .test_apps import add_player, player_token


def link_player(owner: Player, link: dict) -> Player:
    return Player(owner.app, owner.name, link["token"], owner.id)


def test_a_watch_link_reads_one_game_and_nothing_else(started_game, new_player):
    game_id, (first, _) = started_game()
    spectator = new_player()
    assert_problem(spectator.post(f"/v1/games/{game_id}/watch-links"), 403, "not_a_player")
    response = first.post(f"/v1/games/{game_id}/watch-links", json={"seconds": 600})
    assert response.status_code == 201, response.json
    link = response.json
    assert link["url"].endswith(f"/embed/games/{game_id}#token={link['token']}")
    assert link["scopes"] == ["read"] and link["game_id"] == game_id
    link_holder = link_player(first, link)
    assert link_holder.view(game_id)["seat"] == 0
    assert link_holder.get("/v1/tokens/current").json["game_id"] == game_id
    assert_problem(link_holder.act(game_id, kind="discard", card=0), 403, "insufficient_scope")
    assert_problem(link_holder.get("/v1/games"), 403, "token_limited_to_game")
    other_game, _ = started_game()
    assert_problem(link_holder.get(f"/v1/games/{other_game}"), 403, "token_limited_to_game")


def test_anyone_may_link_to_a_game_that_allows_spectators(new_player):
    first, second, spectator = new_player(), new_player(), new_player()
    game_id = first.post("/v1/games", json={"options": {"players": 2}, "spectators": True}).json["id"]
    first.post(f"/v1/games/{game_id}/join")
    second.post(f"/v1/games/{game_id}/join")
    link = spectator.post(f"/v1/games/{game_id}/watch-links").json
    view = link_player(spectator, link).view(game_id)
    assert view["seat"] is None and all(card["suit"] is not None for hand in view["hands"] for card in hand)


def test_a_table_link_plays_one_seat_of_an_apps_player(new_app_and_game):
    app, (alice, _), game_id = new_app_and_game()
    response = app.post(f"/v1/players/{alice['id']}/table-links", json={"game_id": game_id, "seconds": 300})
    assert response.status_code == 201, response.json
    link = response.json
    assert link["scopes"] == ["read", "play"]
    seat = Player(app.app, alice["name"], link["token"], alice["id"])
    view = seat.view(game_id)
    assert view["seat"] == 0 and view["legal_actions"]
    assert seat.act(game_id, **action_body(view["legal_actions"][0])).status_code == 200
    assert_problem(seat.post("/v1/games", json={"options": {"players": 2}}), 403, "insufficient_scope")
    stranger = add_player(app, "stranger")
    assert_problem(
        app.post(f"/v1/players/{stranger['id']}/table-links", json={"game_id": game_id}), 403, "not_a_player"
    )
    assert_problem(
        app.post(f"/v1/players/{alice['id']}/table-links", json={"game_id": game_id, "seconds": 86401}),
        422,
        "invalid_request",
    )


@pytest.fixture
def new_app_and_game(new_player):
    def make():
        app = new_player(kind="app", prefix="embedapp")
        alice, bob = add_player(app, "alice"), add_player(app, "bob")
        tokens = [player_token(app, alice), player_token(app, bob)]
        seats = [{"kind": "account", "account": alice["name"]}, {"kind": "account", "account": bob["name"]}]
        game_id = tokens[0].post("/v1/games", json={"options": {"players": 2}, "seats": seats}).json["id"]
        for token in tokens:
            assert token.post(f"/v1/games/{game_id}/join").status_code == 200
        return app, (alice, bob), game_id

    return make


def test_the_table_page_may_be_framed_only_by_the_listed_origins(app, client):
    page = client.get("/embed/games/1")
    assert page.status_code == 200 and b"/web/embed/game.js" in page.data
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    assert page.headers["Referrer-Policy"] == "no-referrer"
    listed = create_app(
        load_settings({"HANABI_EMBED_ORIGINS": "https://site.example, http://localhost:5173"}),
        pool=app.extensions[POOL_EXTENSION],
    )
    policy = listed.test_client().get("/embed/games/1").headers["Content-Security-Policy"]
    assert "frame-ancestors https://site.example http://localhost:5173" in policy
    assert "script-src 'self'" in policy
