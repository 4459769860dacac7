"""CORS: a browser app on an origin of HANABI_CORS_ORIGINS may call every API endpoint, long
polls included; preflights need no token and are not rate limited; other origins get no
`Access-Control-Allow-Origin`. Over real HTTP (a `hanabi serve`) and, for every route, through
the app."""

import os
import re

import httpx
import pytest
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.config import ConfigError, load_settings

from tests.sdk.conftest import served

ALLOWED = "https://tables.example.com"
ALSO_ALLOWED = "http://localhost:5173"
REFUSED = "https://evil.example.net"
REQUESTED_HEADERS = "authorization, content-type, idempotency-key, if-none-match"


@pytest.fixture(scope="module")
def cors_server(create_database, tmp_path_factory) -> str:
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        "HANABI_CORS_ORIGINS": f"{ALLOWED}, {ALSO_ALLOWED}",
        "HANABI_RATE_LIMIT_READS": "2 per minute",
        "HANABI_RATE_LIMIT_WRITES": "2 per minute",
    }
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


def preflight(base_url: str, path: str, origin: str, method: str = "GET") -> httpx.Response:
    return httpx.options(
        base_url + path,
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": method,
            "Access-Control-Request-Headers": REQUESTED_HEADERS,
        },
    )


def assert_allowed_preflight(response: httpx.Response, origin: str, method: str) -> None:
    assert response.status_code == 200, response.text
    assert response.headers["Access-Control-Allow-Origin"] == origin
    assert method in response.headers["Access-Control-Allow-Methods"].split(", ")
    allowed = {name.strip().lower() for name in response.headers["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type", "idempotency-key", "if-none-match"} <= allowed
    assert int(response.headers["Access-Control-Max-Age"]) > 0
    assert "Access-Control-Allow-Credentials" not in response.headers


def test_preflights_from_an_allowed_origin_need_no_token(cors_server):
    for path, method in [
        ("/v1/games", "POST"),
        ("/v1/games/1/actions", "POST"),
        ("/v1/games/1/events?after=0&wait=30", "GET"),
        ("/v1/me/turn?wait=60", "GET"),
        ("/v1/games/1/view", "GET"),
        ("/v1/tokens/current", "DELETE"),
        ("/v1/games/1/notes/3", "PUT"),
    ]:
        assert_allowed_preflight(preflight(cors_server, path, ALLOWED, method), ALLOWED, method)
    assert_allowed_preflight(preflight(cors_server, "/v1/games", ALSO_ALLOWED, "POST"), ALSO_ALLOWED, "POST")


def test_preflights_from_a_refused_origin_get_no_permission(cors_server):
    response = preflight(cors_server, "/v1/games", REFUSED, "POST")
    assert response.status_code == 200
    assert not any(name.lower().startswith("access-control-") for name in response.headers)


def test_preflights_are_not_rate_limited(cors_server):
    for _ in range(5):
        assert preflight(cors_server, "/v1/games", ALLOWED, "POST").status_code == 200


def test_an_allowed_origin_reads_answers_problems_and_headers(cors_server):
    created = httpx.post(
        cors_server + "/v1/accounts", json={"name": "cors-alice", "kind": "human"}, headers={"Origin": ALLOWED}
    )
    assert created.status_code == 201
    assert created.headers["Access-Control-Allow-Origin"] == ALLOWED
    exposed = {name.strip().lower() for name in created.headers["Access-Control-Expose-Headers"].split(",")}
    assert {"etag", "location", "retry-after", "x-request-id"} <= exposed
    assert "Origin" in created.headers["Vary"]
    token = created.json()["token"]
    anonymous = httpx.get(cors_server + "/v1/games", headers={"Origin": ALLOWED})
    assert anonymous.status_code == 401
    assert anonymous.headers["Access-Control-Allow-Origin"] == ALLOWED
    auth = {"Origin": ALLOWED, "Authorization": f"Bearer {token}"}
    for _ in range(2):
        preflight(cors_server, "/v1/games", ALLOWED)  # preflights use none of the token's budget
    assert httpx.get(cors_server + "/v1/games", headers=auth).status_code == 200
    assert httpx.get(cors_server + "/v1/games", headers=auth).status_code == 200
    limited = httpx.get(cors_server + "/v1/games", headers=auth)
    assert limited.status_code == 429
    assert limited.headers["Access-Control-Allow-Origin"] == ALLOWED
    refused = httpx.get(cors_server + "/v1/accounts/me", headers={**auth, "Origin": REFUSED})
    assert refused.status_code == 200
    assert "Access-Control-Allow-Origin" not in refused.headers


def test_every_api_route_answers_its_preflight(app):
    cors_app = create_app(load_settings({"HANABI_CORS_ORIGINS": ALLOWED}), pool=app.extensions[POOL_EXTENSION])
    client = cors_app.test_client()
    rules = [rule for rule in cors_app.url_map.iter_rules() if rule.rule.startswith("/v1/")]
    assert len(rules) > 20
    for rule in rules:
        path = re.sub(r"<[^>]+>", "1", rule.rule)
        for method in sorted(rule.methods - {"OPTIONS", "HEAD"}):
            response = client.options(
                path,
                headers={
                    "Origin": ALLOWED,
                    "Access-Control-Request-Method": method,
                    "Access-Control-Request-Headers": REQUESTED_HEADERS,
                },
            )
            assert response.status_code == 200, (path, method, response.get_data(as_text=True))
            assert response.headers["Access-Control-Allow-Origin"] == ALLOWED, (path, method)


def test_without_the_setting_no_origin_is_allowed(client):
    response = client.options("/v1/games", headers={"Origin": ALLOWED, "Access-Control-Request-Method": "POST"})
    assert "Access-Control-Allow-Origin" not in response.headers


@pytest.mark.parametrize(
    "value",
    [
        "tables.example.com",
        "https://tables.example.com/",
        "ftp://x.example",
        "https://user@tables.example.com",
        "https://tables.example.com:99999",
    ],
)
def test_an_origin_that_is_not_one_is_a_configuration_error(value):
    with pytest.raises(ConfigError, match="HANABI_CORS_ORIGINS"):
        load_settings({"HANABI_CORS_ORIGINS": value})


def test_origins_are_read_from_a_comma_separated_list():
    assert load_settings({"HANABI_CORS_ORIGINS": f" {ALLOWED},*"}).cors_origins == (ALLOWED, "*")
