"""The workers' correspondence sweep: turns that come to an account on vacation are paused,
vacations that ran out end (their turns get their time back), and running games without a time
control that nobody moved in HANABI_IDLE_GAME_DAYS end (`idle_timeout`)."""

import dataclasses
import uuid

import psycopg
import pytest
from hanabi.api.context import POOL_EXTENSION
from hanabi.config import load_settings
from hanabi.runtime.composition import api_app
from hanabi.worker.celery_app import create_celery
from hanabi.worker.correspondence import sweep_correspondence

CORRESPONDENCE = {"kind": "correspondence", "days": 2, "on_timeout": "end"}


@pytest.fixture(scope="module")
def environ(worker_database, tmp_path_factory) -> dict:
    return {
        "DATABASE_URL": worker_database,
        "HANABI_DATA_DIR": str(tmp_path_factory.mktemp("correspondence")),
        "HANABI_RATE_LIMITS": "off",
        "HANABI_IDLE_GAME_DAYS": "30",
    }


@pytest.fixture(scope="module")
def celery(environ):
    app = create_celery(load_settings(environ))
    yield app
    app.database().close()


@pytest.fixture(scope="module")
def api(environ):
    app = api_app(dataclasses.replace(load_settings(environ), pool_max_size=4), with_worker=False)
    yield app.test_client()
    app.extensions[POOL_EXTENSION].close()


def sql(environ, statement, params=()):
    with psycopg.connect(environ["DATABASE_URL"], autocommit=True) as conn:
        cursor = conn.execute(statement, params)
        return cursor.fetchall() if cursor.description else None


def person(api) -> dict:
    created = api.post("/v1/accounts", json={"name": f"p-{uuid.uuid4().hex[:10]}", "kind": "human"}).json
    return {**created, "headers": {"Authorization": f"Bearer {created['token']}"}}


def game(api, first, second, time_control=None) -> int:
    body = {"options": {"players": 2}, **({"time_control": time_control} if time_control else {})}
    game_id = api.post("/v1/games", json=body, headers=first["headers"]).json["id"]
    for player in (first, second):
        assert api.post(f"/v1/games/{game_id}/join", headers=player["headers"]).status_code == 200
    return game_id


def move(api, player, game_id):
    view = api.get(f"/v1/games/{game_id}/view", headers=player["headers"]).json
    action = {key: value for key, value in view["legal_actions"][0].items() if key != "seat"}
    assert api.post(f"/v1/games/{game_id}/actions", json=action, headers=player["headers"]).status_code == 200


def summary(api, player, game_id):
    return api.get(f"/v1/games/{game_id}", headers=player["headers"]).json


def test_a_turn_that_comes_to_you_on_vacation_is_paused_and_resumed_when_the_vacation_runs_out(api, celery, environ):
    alice, bob = person(api), person(api)
    game_id = game(api, bob, alice, CORRESPONDENCE)
    assert api.post("/v1/me/vacation", json={"days": 2}, headers=alice["headers"]).status_code == 200
    move(api, bob, game_id)
    assert summary(api, alice, game_id)["deadline"] is not None, "the move path set the turn's deadline"

    assert sweep_correspondence(celery)["paused_turns"] >= 1

    assert summary(api, alice, game_id)["deadline"] is None
    sql(
        environ,
        "UPDATE vacations SET ends_at = now(), started_at = now() - interval '1 day' WHERE account_id = %s",
        (alice["id"],),
    )
    assert sweep_correspondence(celery)["ended_vacations"] >= 1
    assert summary(api, alice, game_id)["deadline"] is not None
    vacation = api.get("/v1/me/vacation", headers=alice["headers"]).json
    assert (vacation["active"], vacation["days_taken_this_year"]) == (False, 1)


def test_a_turn_taken_while_paused_is_not_resumed(api, celery, environ):
    alice, bob = person(api), person(api)
    game_id = game(api, alice, bob, CORRESPONDENCE)
    api.post("/v1/me/vacation", json={"days": 1}, headers=alice["headers"])
    move(api, alice, game_id)
    bob_deadline = summary(api, bob, game_id)["deadline"]
    assert api.delete("/v1/me/vacation", headers=alice["headers"]).status_code == 200
    assert summary(api, bob, game_id)["deadline"] == bob_deadline


def test_idle_games_without_a_time_control_end_after_the_idle_days(api, celery, environ):
    alice, bob = person(api), person(api)
    idle, recent, timed = game(api, alice, bob), game(api, alice, bob), game(api, alice, bob, CORRESPONDENCE)
    sql(environ, "UPDATE games SET updated_at = now() - interval '31 days' WHERE id = ANY(%s)", ([idle, timed],))

    assert sweep_correspondence(celery)["ended_idle_games"] >= 1

    ended = summary(api, alice, idle)
    assert (ended["status"], ended["end_condition"]) == ("finished", "idle_timeout")
    assert summary(api, alice, recent)["status"] == "running"
    assert summary(api, alice, timed)["status"] == "running", "a time control ends its own games"
    events = api.get(f"/v1/games/{idle}/events", headers=alice["headers"]).json["events"]
    assert events[-1]["type"] == "end_game"
