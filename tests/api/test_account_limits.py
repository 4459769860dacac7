"""Limits that hold per account and per app, over real HTTP against `hanabi serve` with low
limits: an account's tokens share one count per endpoint; an account, and an app with its
players, keep only so many games waiting in the lobby; the players an app creates count as
accounts created, per client address and per app.

The server trusts one proxy, so each test gives its requests client addresses of its own
(X-Forwarded-For) and counts of other tests never reach it. The limits are per day: counted in
memory, a window is aligned to its period, and a test must not see one close midway."""

import os
import random
import uuid

import httpx
import pytest

from tests.sdk.conftest import served

from .test_token_lineage import Client

WRITES_PER_DAY = 12
ACCOUNTS_PER_DAY = 10
PLAYERS_PER_DAY = 6
LOBBY_PER_ACCOUNT = 3
LOBBY_PER_APP = 5


@pytest.fixture(scope="module")
def limited_server(create_database, tmp_path_factory) -> str:
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        "HANABI_TRUSTED_PROXIES": "1",
        "HANABI_RATE_LIMIT_WRITES": f"{WRITES_PER_DAY} per day",
        "HANABI_RATE_LIMIT_ACCOUNTS": f"{ACCOUNTS_PER_DAY} per day",
        "HANABI_RATE_LIMIT_PLAYERS": f"{PLAYERS_PER_DAY} per day",
        "HANABI_LOBBY_GAMES_PER_ACCOUNT": str(LOBBY_PER_ACCOUNT),
        "HANABI_LOBBY_GAMES_PER_APP": str(LOBBY_PER_APP),
    }
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


def new_address() -> str:
    return f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"


def create_account(base_url: str, kind: str = "human", address: str | None = None) -> httpx.Response:
    body = {"name": f"limits-{uuid.uuid4().hex[:10]}", "kind": kind}
    return httpx.post(f"{base_url}/v1/accounts", json=body, headers={"X-Forwarded-For": address or new_address()})


def account(base_url: str, kind: str = "human", address: str | None = None) -> Client:
    response = create_account(base_url, kind, address)
    assert response.status_code == 201, response.text
    return Client(base_url, response.json()["token"], response.json())


def problem(response: httpx.Response, status: int, code: str) -> dict:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/problem+json"
    assert response.json()["code"] == code
    return response.json()


GAME = {"options": {"players": 2}}


def test_a_token_over_its_limit_gets_nothing_more_from_a_token_it_issues(limited_server):
    player = account(limited_server)
    spare = player.mint("/v1/tokens")
    for _ in range(WRITES_PER_DAY):
        game_id = player.post("/v1/games", GAME)["id"]
        player.post(f"/v1/games/{game_id}/abort", status=200)
    problem(player.request("POST", "/v1/games", json=GAME), 429, "rate_limited")

    for fresh in (player.mint("/v1/tokens"), spare):
        over = problem(fresh.request("POST", "/v1/games", json=GAME), 429, "rate_limited")
        assert "per account" in over["detail"]
        assert int(fresh.request("POST", "/v1/games", json=GAME).headers["Retry-After"]) >= 1
    assert account(limited_server).request("POST", "/v1/games", json=GAME).status_code == 201, "others are not held"


def test_one_account_keeps_only_so_many_games_in_the_lobby_and_cannot_fill_it(limited_server):
    flooder, other = account(limited_server), account(limited_server)
    mine = [flooder.post("/v1/games", GAME)["id"] for _ in range(LOBBY_PER_ACCOUNT)]
    refused = problem(flooder.request("POST", "/v1/games", json=GAME), 409, "too_many_lobby_games")
    assert str(LOBBY_PER_ACCOUNT) in refused["detail"]
    problem(flooder.mint("/v1/tokens").request("POST", "/v1/games", json=GAME), 409, "too_many_lobby_games")

    theirs = other.post("/v1/games", GAME)["id"]
    first_page = [game["id"] for game in other.request("GET", "/v1/games?status=lobby", 200).json()["items"]]
    assert theirs in first_page

    flooder.post(f"/v1/games/{mine[0]}/abort", status=200)
    assert flooder.request("POST", "/v1/games", json=GAME).status_code == 201, "an ended game frees its place"
    bots = {"options": {"players": 2}, "seats": [{"kind": "bot", "strategy": "random"}] * 2}
    assert flooder.request("POST", "/v1/games", json=bots).status_code == 201, "a game that starts at once is no wait"


def test_an_app_and_its_players_keep_only_so_many_games_in_the_lobby(limited_server):
    app = account(limited_server, "app")
    players = [app.post("/v1/players", {"user": user}) for user in ("alice", "bob")]
    alice, bob = (app.mint(f"/v1/players/{p['id']}/tokens") for p in players)
    for _ in range(LOBBY_PER_ACCOUNT):
        alice.post("/v1/games", GAME)
    for _ in range(LOBBY_PER_APP - LOBBY_PER_ACCOUNT):
        bob.post("/v1/games", GAME)
    refused = problem(bob.request("POST", "/v1/games", json=GAME), 409, "too_many_lobby_games")
    assert "app" in refused["detail"]
    problem(app.request("POST", "/v1/games", json=GAME), 409, "too_many_lobby_games")


def test_the_players_an_app_creates_count_with_the_accounts_of_its_address(limited_server):
    address = new_address()
    app = account(limited_server, "app", address)
    for _ in range(ACCOUNTS_PER_DAY - 1 - (PLAYERS_PER_DAY - 1)):
        account(limited_server, address=address)
    from_address = {"X-Forwarded-For": address}
    for index in range(PLAYERS_PER_DAY - 1):
        created = app.request("POST", "/v1/players", json={"user": f"u{index}"}, headers=from_address)
        assert created.status_code == 201, created.text
    over = problem(app.request("POST", "/v1/players", json={"user": "over"}, headers=from_address), 429, "rate_limited")
    assert "per client address" in over["detail"]
    problem(create_account(limited_server, address=address), 429, "rate_limited")
    elsewhere = app.request(
        "POST", "/v1/players", json={"user": "elsewhere"}, headers={"X-Forwarded-For": new_address()}
    )
    assert elsewhere.status_code == 201, "the app's own count is not spent yet"


def test_an_app_creates_only_so_many_players_from_any_number_of_addresses(limited_server):
    app = account(limited_server, "app")

    def create(user: str) -> httpx.Response:
        return app.request("POST", "/v1/players", json={"user": user}, headers={"X-Forwarded-For": new_address()})

    assert [create(f"u{index}").status_code for index in range(PLAYERS_PER_DAY)] == [201] * PLAYERS_PER_DAY
    over = problem(create("over"), 429, "rate_limited")
    assert "per app" in over["detail"]
    assert account(limited_server, "app").request("POST", "/v1/players", json={"user": "u"}).status_code == 201
