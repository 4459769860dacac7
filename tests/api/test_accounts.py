import re
import uuid
from pathlib import Path

import hanabi.api.health
import hanabi.web
import jsonschema_rs
import pytest
from hanabi.api import create_app
from psycopg_pool import ConnectionPool

from .conftest import Player, assert_problem


def unique(prefix="acct"):
    return f"{prefix}-{uuid.uuid4().hex[:10]}"


def test_creating_an_account_returns_its_token_once(client):
    name = unique()
    response = client.post("/v1/accounts", json={"name": name, "kind": "bot"})

    assert response.status_code == 201
    body = response.json
    assert (body["name"], body["kind"]) == (name, "bot")
    assert body["token"].startswith("hnb_")
    assert response.headers["Location"] == f"/v1/accounts/{body['id']}"

    me = client.get("/v1/accounts/me", headers={"Authorization": f"Bearer {body['token']}"})
    assert me.status_code == 200
    assert me.json == {key: value for key, value in body.items() if key not in ("token", "scopes")}
    located = client.get(response.headers["Location"], headers={"Authorization": f"Bearer {body['token']}"})
    assert located.json == {key: body[key] for key in ("id", "name", "kind", "created_at")}


def test_account_names_are_unique_regardless_of_case(client, new_player):
    player = new_player()
    response = client.post("/v1/accounts", json={"name": player.name.upper(), "kind": "human"})
    assert_problem(response, 409, "account_name_taken")


def test_bad_account_requests_are_422_per_field(client):
    body = assert_problem(client.post("/v1/accounts", json={"name": "", "kind": "robot"}), 422, "invalid_request")
    assert set(body["errors"]) == {"name", "kind"}
    body = assert_problem(client.post("/v1/accounts", json={"name": unique(), "kind": "human", "admin": True}), 422)
    assert set(body["errors"]) == {"admin"}
    assert_problem(client.post("/v1/accounts", json={"name": "two words", "kind": "human"}), 422)
    assert_problem(client.post("/v1/accounts", json=["not", "an", "object"]), 422)


def test_a_name_with_a_trailing_newline_is_422_and_takes_nothing(client):
    name = unique()

    body = assert_problem(
        client.post("/v1/accounts", json={"name": name + "\n", "kind": "human"}), 422, "invalid_request"
    )

    assert set(body["errors"]) == {"name"}
    assert client.post("/v1/accounts", json={"name": name, "kind": "human"}).status_code == 201


NAMES = {
    "plain": unique(),
    "punctuation": unique() + "_x.y-Z9",
    "64-long": unique().ljust(64, "n"),
    "65-long": unique().ljust(65, "n"),
    "trailing-newline": unique() + "\n",
    "trailing-crlf": unique() + "\r\n",
    "leading-newline": "\n" + unique(),
    "space": unique() + " x",
    "e-acute": unique() + "\u00e9",
    "arabic-digit": unique() + "\u0663",
    "one-dot": ".",
    "two-dots": "..",
    "64-dots": "." * 64,
    "dots-around": f".{unique()}.",
    "one-letter": "x",
}


@pytest.fixture(scope="module")
def published_name(openapi_document):
    """The published schema of an account's name, as JSON Schema (ECMA-262) reads its pattern."""
    schema = openapi_document["components"]["schemas"]["AccountRequest"]["properties"]["name"]
    return jsonschema_rs.validator_for(schema)


@pytest.mark.parametrize("name", NAMES.values(), ids=NAMES.keys())
def test_the_app_accepts_exactly_the_names_the_published_pattern_accepts(client, published_name, name):
    """As JSON Schema (ECMA-262) reads the pattern, the way schemathesis and other clients do."""
    published = published_name.is_valid(name)

    response = client.post("/v1/accounts", json={"name": name, "kind": "bot"})

    assert response.status_code == (201 if published else 422), response.json


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("two words", "A name is 1 to 64 ASCII letters, digits, '_', '.' or '-'."),
        ("n" * 65, "A name is 1 to 64 ASCII letters, digits, '_', '.' or '-'."),
        ("..", "A name is not only dots: '.' and '..' step through paths and URLs."),
        ("." * 65, "A name is not only dots: '.' and '..' step through paths and URLs."),
    ],
)
def test_a_refused_name_is_told_why_in_a_sentence(client, name, reason):
    body = assert_problem(client.post("/v1/accounts", json={"name": name, "kind": "human"}), 422, "invalid_request")
    assert body["errors"] == {"name": [reason]}


def test_the_sign_in_page_checks_a_new_name_by_the_published_rule(openapi_document):
    """signin.js says what fits before the server is asked: the published pattern, in the same
    spelling, and the published maxLength as the field's maxlength."""
    published = openapi_document["components"]["schemas"]["AccountRequest"]["properties"]["name"]
    script = (Path(hanabi.web.__file__).parent / "static" / "js" / "signin.js").read_text(encoding="utf-8")
    (pattern,) = re.findall(r"^const NAME_PATTERN = /(.*)/;$", script, re.M)
    (field,) = re.findall(r'const name = h\("input", \{(.*?)\}\);', script, re.S)
    assert pattern == published["pattern"]
    assert f"maxlength: {published['maxLength']}," in field


def test_an_unknown_account_is_404(new_player):
    assert_problem(new_player().get("/v1/accounts/999999999"), 404, "account_not_found")


def test_a_new_token_works_alongside_the_first(new_player):
    player = new_player()
    response = player.post("/v1/tokens")
    assert response.status_code == 201
    second = response.json["token"]
    assert second != player.token and response.json["account"] == player.name

    for token in (player.token, second):
        me = player.app.test_client().get("/v1/accounts/me", headers={"Authorization": f"Bearer {token}"})
        assert me.json["name"] == player.name


def test_a_revoked_token_stops_working_at_once_and_its_siblings_keep_working(new_player):
    first = new_player()
    revoked, sibling = (Player(first.app, first.name, first.post("/v1/tokens").json["token"], first.id) for _ in "ab")

    response = revoked.delete("/v1/tokens/current")
    assert response.status_code == 204
    assert response.get_data() == b""

    body = assert_problem(revoked.get("/v1/accounts/me"), 401, "unauthorized")
    assert "revoked" in body["detail"]
    assert_problem(revoked.delete("/v1/tokens/current"), 401, "unauthorized")
    assert sibling.get("/v1/accounts/me").status_code == 200
    assert first.get("/v1/accounts/me").status_code == 200, "revoking a token leaves the token that issued it"


def test_requests_without_a_valid_token_are_401_with_a_bearer_challenge(client, new_player):
    player = new_player()
    for headers in (
        {},
        {"Authorization": "Basic abc"},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer hnb_nope"},
    ):
        for method, path in (
            ("get", "/v1/accounts/me"),
            ("get", "/v1/games"),
            ("post", "/v1/games"),
            ("post", "/v1/tokens"),
        ):
            response = getattr(client, method)(path, headers=headers)
            assert_problem(response, 401, "unauthorized")
            assert response.headers["WWW-Authenticate"].startswith("Bearer")
    scheme_in_lower_case = client.get("/v1/accounts/me", headers={"Authorization": f"bearer {player.token}"})
    assert scheme_in_lower_case.status_code == 200


def test_health_needs_no_database_and_ready_asks_it(client):
    assert client.get("/v1/health").json == {"status": "ok"}
    assert client.get("/v1/ready").json == {"status": "ready"}


def test_ready_is_503_with_retry_after_when_the_database_is_away(monkeypatch):
    monkeypatch.setattr(hanabi.api.health, "READY_TIMEOUT_SECONDS", 0.5)  # how long it waits is not checked here
    pool = ConnectionPool(
        "host=127.0.0.1 port=9 dbname=none connect_timeout=1", min_size=0, max_size=1, open=False, timeout=0.5
    )
    pool.open(wait=False)
    try:
        client = create_app(pool=pool).test_client()
        assert client.get("/v1/health").status_code == 200
        response = client.get("/v1/ready")
        assert_problem(response, 503, "database_unavailable")
        assert int(response.headers["Retry-After"]) > 0
        response = client.get("/v1/accounts/me", headers={"Authorization": "Bearer hnb_x"})
        assert_problem(response, 503, "database_unavailable")
    finally:
        pool.close()
