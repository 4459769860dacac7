"""The API app on the test Postgres (see tests/conftest.py), driven through Flask's test client
with real tokens: one `Player` per account."""

import dataclasses
import os
import threading
import uuid

import pytest
import yaml
from hanabi.api.context import POOL_EXTENSION
from hanabi.api.openapi import openapi_yaml
from hanabi.config import load_settings
from hanabi.runtime.composition import api_app

from tests.sdk.conftest import served

PROBLEM_KEYS = {"type", "title", "status", "detail", "code"}


@pytest.fixture(scope="session")
def app(database_url):
    """The API as the composition root builds it, with no worker: commits set off nothing.
    Passwords are hashed with the cheapest argon2id parameters (tests/store/test_password_hashing.py
    checks the default's)."""
    settings = dataclasses.replace(
        load_settings(), database_url=database_url, pool_min_size=1, pool_max_size=8, password_hashing="cheapest"
    )
    app = api_app(settings, with_worker=False)
    yield app
    app.extensions[POOL_EXTENSION].close()


@pytest.fixture(scope="session")
def openapi_text() -> str:
    """The OpenAPI description the app makes (`hanabi openapi`'s YAML), made once per test process."""
    return openapi_yaml()


@pytest.fixture(scope="session")
def openapi_document(openapi_text) -> dict:
    """`openapi_text` read as JSON Schema tools read it, once per test process: tests read it and
    change nothing in it."""
    return yaml.load(openapi_text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


@pytest.fixture(scope="module")
def live_server(create_database, tmp_path_factory) -> str:
    """The base URL of a real `hanabi serve` (gunicorn, hanabi.runtime.api_worker) on a database of its own,
    rate limits off and the cheapest password hashing, for the tests that need real HTTP."""
    env = {
        **os.environ,
        "DATABASE_URL": create_database(),
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("data")),
        "HANABI_RATE_LIMITS": "off",
        "HANABI_PASSWORD_HASHING": "cheapest",
    }
    with served(env, tmp_path_factory.mktemp("serve") / "serve.log") as base_url:
        yield base_url


@pytest.fixture
def client(app):
    return app.test_client()


class Player:
    """An account and its token, making requests as that account."""

    def __init__(self, app, name: str, token: str, account_id: int):
        self.app = app
        self.name = name
        self.token = token
        self.id = account_id

    def headers(self, extra=None) -> dict:
        return {"Authorization": f"Bearer {self.token}", **(extra or {})}

    def get(self, path, headers=None, **kwargs):
        return self.app.test_client().get(path, headers=self.headers(headers), **kwargs)

    def post(self, path, json=None, headers=None, **kwargs):
        return self.app.test_client().post(path, json=json, headers=self.headers(headers), **kwargs)

    def delete(self, path, headers=None, **kwargs):
        return self.app.test_client().delete(path, headers=self.headers(headers), **kwargs)

    def view(self, game_id) -> dict:
        response = self.get(f"/v1/games/{game_id}/view")
        assert response.status_code == 200, response.json
        return response.json

    def act(self, game_id, **action):
        return self.post(f"/v1/games/{game_id}/actions", json=action)


@pytest.fixture
def new_player(app):
    def make(kind: str = "human", prefix: str = "player") -> Player:
        name = f"{prefix}-{uuid.uuid4().hex[:10]}"
        response = app.test_client().post("/v1/accounts", json={"name": name, "kind": kind})
        assert response.status_code == 201, response.json
        return Player(app, name, response.json["token"], response.json["id"])

    return make


@pytest.fixture
def started_game(new_player):
    """A running game created and joined through the API: (game id, players by seat)."""

    def start(players: int = 2, seed: str = "api tests", **options):
        seated = [new_player() for _ in range(players)]
        created = seated[0].post("/v1/games", json={"options": {"players": players, **options}, "seed": seed})
        assert created.status_code == 201, created.json
        game_id = created.json["id"]
        for player in seated:
            joined = player.post(f"/v1/games/{game_id}/join")
            assert joined.status_code == 200, joined.json
        assert joined.json["status"] == "running"
        return game_id, seated

    return start


def action_body(action: dict) -> dict:
    """A legal action of a view, as the body of POST /actions (the seat is the caller's)."""
    return {key: value for key, value in action.items() if key != "seat"}


def assert_problem(response, status: int, code: str | None = None) -> dict:
    assert response.status_code == status, (response.status_code, response.get_data(as_text=True))
    assert response.mimetype == "application/problem+json"
    body = response.json
    assert set(body) >= PROBLEM_KEYS
    assert body["status"] == status
    assert body["type"] == f"urn:hanabi:problem:{body['code']}"
    assert isinstance(body["detail"], str) and body["detail"]
    if code is not None:
        assert body["code"] == code, body
    return body


def run_together(*functions):
    """Run the functions in threads released at the same moment; return their results."""
    barrier = threading.Barrier(len(functions))
    results = [None] * len(functions)

    def run(index, function):
        barrier.wait()
        results[index] = function()

    threads = [threading.Thread(target=run, args=(i, f)) for i, f in enumerate(functions)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return results
