"""What the API accepts, one rule for every endpoint (hanabi.api.inputs, docs/api.md "What the
API accepts"): bodies are I-JSON sent as application/json, the query holds only declared
parameters, an id out of range is its resource's 404, and no input is a 500."""

import json
import re
import socket
import uuid

import httpx
import pytest
from hanabi.api.inputs import API_BLUEPRINTS_EXTENSION, MAX_NUMBER_DIGITS

from .conftest import action_body, assert_problem

LONG_NUMBER = "1" * (MAX_NUMBER_DIGITS + 1)


def post_raw(player, path: str, text: str, headers=None, content_type="application/json"):
    return player.app.test_client().post(
        path, data=text.encode("utf-8", "surrogatepass"), content_type=content_type, headers=player.headers(headers)
    )


@pytest.fixture
def game_in_lobby(new_player):
    alice = new_player()
    created = alice.post("/v1/games", json={"options": {"players": 2}})
    assert created.status_code == 201
    return alice, created.json["id"]


@pytest.mark.parametrize("idempotency_key", [None, "long-number"])
def test_a_number_of_more_than_4300_digits_is_a_400_everywhere(started_game, new_player, idempotency_key):
    game_id, (alice, _) = started_game()
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
    bodies = [
        ("/v1/accounts", f'{{"name": "x", "kind": {LONG_NUMBER}}}'),
        ("/v1/games", f'{{"options": {{"players": {LONG_NUMBER}}}}}'),
        (f"/v1/games/{game_id}/actions", f'{{"kind": "play", "card": {LONG_NUMBER}}}'),
        (f"/v1/games/{game_id}/join", f'{{"seat": -{LONG_NUMBER}}}'),
        (f"/v1/games/{game_id}/actions", f'{{"kind": "play", "card": 1.{LONG_NUMBER}}}'),
    ]
    for path, text in bodies:
        problem = assert_problem(post_raw(alice, path, text, headers), 400, "invalid_json")
        assert f"more than {MAX_NUMBER_DIGITS} digits" in problem["detail"], path
    exactly = "9" * MAX_NUMBER_DIGITS
    assert_problem(
        post_raw(alice, "/v1/games", f'{{"options": {{"players": {exactly}}}}}', headers), 422, "invalid_request"
    )
    assert alice.get(f"/v1/games/{game_id}").json["version"] == alice.view(game_id)["version"]


@pytest.mark.parametrize("idempotency_key", [None, "surrogate"])
def test_a_lone_surrogate_is_a_400_with_or_without_an_idempotency_key(new_player, idempotency_key):
    alice = new_player()
    headers = {"Idempotency-Key": idempotency_key} if idempotency_key else {}
    for path, text in [
        ("/v1/games", r'{"options": {"players": 2}, "seed": "\ud800"}'),
        (
            "/v1/games",
            r'{"options": {"players": 2}, "seats": [{"kind": "account", "account": "a\udfff"}, {"kind": "open"}]}',
        ),
        ("/v1/webhooks", r'{"url": "https://example.test/\uDBFF"}'),
        ("/v1/accounts", r'{"name": "x", "kind": "bot", "\ud800": 1}'),
        ("/v1/imports", r'["\ud800"]'),
    ]:
        problem = assert_problem(post_raw(alice, path, text, headers), 400, "invalid_json")
        assert "lone surrogate" in problem["detail"], path
    assert alice.get("/v1/me/games").json["items"] == []


def test_surrogate_pairs_and_escaped_backslashes_are_characters(new_player):
    alice = new_player()
    paired = post_raw(alice, "/v1/games", r'{"options": {"players": 2}, "seed": "\ud83c\udfb4 \\ud800"}')
    assert paired.status_code == 201, paired.json


def test_a_name_twice_in_one_object_is_a_400(new_player, started_game):
    game_id, (alice, _) = started_game()
    for path, text in [
        ("/v1/accounts", '{"name": "first", "name": "second", "kind": "bot"}'),
        ("/v1/games", '{"options": {"players": 2, "players": 3}}'),
        (f"/v1/games/{game_id}/actions", '{"kind": "play", "card": 0, "card": 1}'),
    ]:
        problem = assert_problem(post_raw(alice, path, text), 400, "invalid_json")
        assert "twice" in problem["detail"]


def test_nan_and_infinity_are_not_json(new_player):
    alice = new_player()
    for constant in ("NaN", "Infinity", "-Infinity"):
        text = f'{{"options": {{"players": {constant}}}}}'
        assert "not JSON" in assert_problem(post_raw(alice, "/v1/games", text), 400, "invalid_json")["detail"]


def test_a_whole_number_is_an_integer_however_it_is_written(new_player):
    alice = new_player()
    created = post_raw(alice, "/v1/games", '{"options": {"players": 3.0, "clue_tokens": 8e0}}')
    assert created.status_code == 201, created.json
    assert (created.json["options"]["players"], created.json["options"]["clue_tokens"]) == (3, 8)
    assert_problem(post_raw(alice, "/v1/games", '{"options": {"players": 2.5}}'), 422, "invalid_request")
    assert_problem(
        post_raw(alice, "/v1/games", '{"options": {"players": 2}, "start_when_full": 1}'), 422, "invalid_request"
    )


@pytest.mark.parametrize("content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml", None])
def test_a_body_that_is_not_sent_as_json_is_a_415(new_player, content_type):
    alice = new_player()
    response = alice.app.test_client().post(
        "/v1/accounts", data='{"name": "plain-text", "kind": "bot"}', content_type=content_type
    )
    problem = assert_problem(response, 415, "unsupported_media_type")
    assert "Content-Type: application/json" in problem["detail"]
    assert_problem(post_raw(alice, "/v1/games", '{"options": {"players": 2}}', content_type="text/plain"), 415)


def test_a_post_without_a_body_needs_no_content_type(game_in_lobby):
    alice, game_id = game_in_lobby
    joined = alice.app.test_client().post(f"/v1/games/{game_id}/join", headers=alice.headers())
    assert joined.status_code == 200, joined.json
    left = alice.app.test_client().post(
        f"/v1/games/{game_id}/leave", headers=alice.headers(), content_type="text/plain"
    )
    assert left.status_code == 200, left.json


def api_routes(app):
    """(method, path) of every operation of the API, its path parameters filled in with 1."""
    for rule in app.url_map.iter_rules():
        if rule.endpoint.split(".")[0] not in app.extensions[API_BLUEPRINTS_EXTENSION]:
            continue
        path = re.sub(r"<[^>]*>", "1", rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield method, path


def test_an_undeclared_query_parameter_is_a_422_on_every_operation(app, new_player):
    alice = new_player()
    routes = list(api_routes(app))
    assert ("GET", "/v1/games/1") in routes and ("POST", "/v1/games/1/join") in routes and len(routes) >= 25
    for method, path in routes:
        response = alice.app.test_client().open(f"{path}?colour=red", method=method, headers=alice.headers())
        problem = assert_problem(response, 422, "invalid_request")
        assert problem["errors"] == {"colour": ["Unknown field."]}, (method, path)
    created = alice.app.test_client().post("/v1/accounts?invite=1", json={"name": "never-made", "kind": "bot"})
    assert assert_problem(created, 422, "invalid_request")["errors"] == {"invite": ["Unknown field."]}
    assert alice.app.test_client().get("/v1/accounts/never-made").status_code == 404


def test_declared_query_parameters_still_work_beside_the_rule(started_game):
    game_id, (alice, _) = started_game()
    assert alice.get(f"/v1/games/{game_id}/events?after=0&limit=1").status_code == 200
    assert alice.get("/v1/games?status=running&limit=5").status_code == 200
    assert alice.app.test_client().head("/v1/games?limit=5", headers=alice.headers()).status_code == 200
    assert alice.app.test_client().head("/v1/games?colour=red", headers=alice.headers()).status_code == 422
    assert_problem(alice.get(f"/v1/games/{game_id}/events?after=0&colour=red"), 422, "invalid_request")


@pytest.mark.parametrize(
    "path, code",
    [
        ("/v1/games/-1", "game_not_found"),
        ("/v1/games/0", "game_not_found"),
        ("/v1/games/9223372036854775808", "game_not_found"),
        (f"/v1/games/{10**40}/view", "game_not_found"),
        ("/v1/games/-7/events", "game_not_found"),
        ("/v1/games/9223372036854775807/export", "game_not_found"),
        ("/v1/accounts/-1", "account_not_found"),
        ("/v1/accounts/9223372036854775808", "account_not_found"),
        ("/v1/webhooks/-1/deliveries", "webhook_not_found"),
    ],
)
def test_an_id_out_of_range_is_the_resources_own_404(new_player, path, code):
    alice = new_player()
    problem = assert_problem(alice.get(path), 404, code)
    assert problem["detail"].startswith(("There is no", "You have no"))
    assert_problem(alice.app.test_client().get(path), 401, "unauthorized")


def test_an_id_out_of_range_in_a_write_is_a_404_too(new_player):
    alice = new_player()
    assert_problem(alice.post("/v1/games/-3/join"), 404, "game_not_found")
    assert_problem(alice.post(f"/v1/games/{2**63}/actions", json={"kind": "play", "card": 0}), 404, "game_not_found")
    assert_problem(alice.delete("/v1/webhooks/0"), 404, "webhook_not_found")


def test_events_after_the_last_event_is_a_409_with_the_last_seq(started_game):
    game_id, (alice, _) = started_game()
    version = alice.get(f"/v1/games/{game_id}").json["version"]
    at_the_end = alice.get(f"/v1/games/{game_id}/events?after={version}")
    assert at_the_end.status_code == 200 and at_the_end.json == {"events": [], "last_seq": version, "has_more": False}
    past = assert_problem(alice.get(f"/v1/games/{game_id}/events?after={version + 1}"), 409, "after_past_last_event")
    assert past["current_version"] == version and str(version) in past["detail"]
    waited = alice.get(f"/v1/games/{game_id}/events?after={10**12}&wait=5")
    assert_problem(waited, 409, "after_past_last_event")


def test_a_move_past_the_end_of_the_log_reads_on(started_game):
    """The 409 is about the log as it is: once the game has moved on, the same `after` is fine."""
    game_id, (alice, bob) = started_game()
    version = alice.get(f"/v1/games/{game_id}").json["version"]
    assert_problem(alice.get(f"/v1/games/{game_id}/events?after={version + 1}"), 409)
    for _ in range(2):
        mover = (alice, bob)[alice.get(f"/v1/games/{game_id}").json["current_seat"]]
        assert mover.act(game_id, **action_body(mover.view(game_id)["legal_actions"][-1])).status_code == 200
    page = alice.get(f"/v1/games/{game_id}/events?after={version + 1}").json
    assert [event["seq"] for event in page["events"]] == [version + 2]


def test_the_description_says_what_is_accepted(openapi_document):
    spec = openapi_document
    schemas = spec["components"]["schemas"]
    assert "url" not in set(re.findall(r'"format": "([^"]*)"', json.dumps(spec)))
    url = schemas["CreateWebhookRequest"]["properties"]["url"]
    assert url["format"] == "uri" and url["pattern"].startswith("^[Hh][Tt][Tt][Pp][Ss]?://")

    def variants(union: str) -> dict:
        mapping = schemas[union]["discriminator"]["mapping"]
        assert [member["$ref"] for member in schemas[union]["oneOf"]] == list(mapping.values())
        return {kind: schemas[reference.rsplit("/", 1)[1]] for kind, reference in mapping.items()}

    seats = variants("SeatPlanRequest")
    assert seats["bot"]["required"] == ["kind", "strategy"] and set(seats["open"]["properties"]) == {"kind"}
    actions = variants("ActionRequest")
    assert "target" not in actions["play"]["properties"] and actions["play"]["additionalProperties"] is False
    assert "seconds" not in variants("TimeControlRequest")["none"]["properties"]
    players = schemas["HanabLiveGame"]["properties"]["players"]
    assert players["minItems"] == 2
    cursor = next(p for p in spec["paths"]["/v1/games"]["get"]["parameters"] if p["name"] == "cursor")
    assert cursor["schema"]["pattern"] == "^[0-9]{1,18}$"
    game_id = spec["paths"]["/v1/games/{game_id}"]["parameters"][0]["schema"]
    assert (game_id["minimum"], game_id["maximum"]) == (1, 2**63 - 1)
    links = spec["paths"]["/v1/games"]["post"]["responses"]["201"]["links"]
    assert links["act"] == {"operationId": "act", "parameters": {"game_id": "$response.body#/id"}}


@pytest.mark.parametrize("client_ends", ["stops sending", "closes its side"])
def test_a_body_shorter_than_its_content_length_gets_a_problem_over_a_real_socket(live_server, client_ends):
    """Once the client has stopped sending (for the server's keep-alive silence) or closed its
    side, the server answers with a problem that says what was wrong, and ends the connection."""
    name = f"short-{uuid.uuid4().hex[:8]}"
    body = json.dumps({"name": name, "kind": "bot"}).encode()  # whole JSON, but 100 bytes are announced
    host, port = live_server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        connection.sendall(
            b"POST /v1/accounts HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            b"Content-Length: 100\r\n\r\n" + body
        )
        if client_ends == "closes its side":
            connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, body = answer.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 400 ")
    assert b"content-type: application/problem+json" in head.lower()
    problem = json.loads(body)
    assert problem["code"] == "incomplete_body" and "Content-Length" in problem["detail"]
    assert httpx.post(f"{live_server}/v1/accounts", json={"name": name, "kind": "bot"}).status_code == 201, "made once"
