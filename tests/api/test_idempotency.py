from .conftest import action_body, assert_problem, run_together


def count_games(player) -> int:
    return len(player.get("/v1/me/games?limit=200").json["items"])


def test_a_retried_action_returns_the_first_response_and_writes_nothing(started_game):
    game_id, (alice, _) = started_game()
    action = action_body(alice.view(game_id)["legal_actions"][0])
    key = {"Idempotency-Key": "move-1"}

    first = alice.post(f"/v1/games/{game_id}/actions", json=action, headers=key)
    retry = alice.post(f"/v1/games/{game_id}/actions", json=action, headers=key)

    assert first.status_code == retry.status_code == 200
    assert retry.json == first.json
    assert retry.headers["ETag"] == first.headers["ETag"]
    assert retry.headers["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first.headers
    assert alice.view(game_id)["version"] == first.json["version"]
    events = alice.get(f"/v1/games/{game_id}/events").json["events"]
    assert [event["seq"] for event in events][-1] == first.json["version"]


def test_the_same_body_in_another_key_order_is_the_same_request(started_game):
    game_id, (alice, _) = started_game()
    action = action_body(next(a for a in alice.view(game_id)["legal_actions"] if a["kind"] == "rank_clue"))
    reordered = dict(reversed(list(action.items())))
    first = alice.post(f"/v1/games/{game_id}/actions", json=action, headers={"Idempotency-Key": "k"})
    retry = alice.post(f"/v1/games/{game_id}/actions", json=reordered, headers={"Idempotency-Key": "k"})
    assert retry.json == first.json and retry.headers["Idempotent-Replayed"] == "true"


def test_a_key_reused_for_another_request_is_422(started_game):
    game_id, (alice, _) = started_game()
    legal = alice.view(game_id)["legal_actions"]
    first = alice.post(f"/v1/games/{game_id}/actions", json=action_body(legal[0]), headers={"Idempotency-Key": "once"})

    other = alice.post(f"/v1/games/{game_id}/actions", json=action_body(legal[1]), headers={"Idempotency-Key": "once"})
    assert_problem(other, 422, "idempotency_key_reused")
    assert alice.get(f"/v1/games/{game_id}").json["version"] == first.json["version"]


def test_a_key_is_scoped_to_its_method_and_path(started_game, new_player):
    """A bot that numbers its keys per endpoint or per game reuses them elsewhere freely."""
    game_id, (alice, _) = started_game()
    other_game, (bob, _) = started_game()
    legal = alice.view(game_id)["legal_actions"]
    acted = alice.post(f"/v1/games/{game_id}/actions", json=action_body(legal[0]), headers={"Idempotency-Key": "1"})
    assert acted.status_code == 200, acted.json
    created = alice.post("/v1/games", json={"options": {"players": 2}}, headers={"Idempotency-Key": "1"})
    assert created.status_code == 201, created.json
    joined = alice.post(f"/v1/games/{created.json['id']}/join", headers={"Idempotency-Key": "1"})
    assert joined.status_code == 200 and "Idempotent-Replayed" not in joined.headers
    resigned = alice.post(f"/v1/games/{game_id}/resign", headers={"Idempotency-Key": "1"})
    assert resigned.status_code == 200 and resigned.json["status"] == "finished"
    retried = alice.post("/v1/games", json={"options": {"players": 2}}, headers={"Idempotency-Key": "1"})
    assert retried.headers["Idempotent-Replayed"] == "true" and retried.json["id"] == created.json["id"]


def test_creating_a_game_twice_with_one_key_creates_one_game(new_player):
    alice = new_player()
    body = {"options": {"players": 3}, "seed": "once"}
    first = alice.post("/v1/games", json=body, headers={"Idempotency-Key": "create"})
    retry = alice.post("/v1/games", json=body, headers={"Idempotency-Key": "create"})
    assert first.status_code == retry.status_code == 201
    assert retry.headers["Location"] == first.headers["Location"] and retry.json == first.json
    page = alice.get("/v1/games?status=lobby&limit=200").json["items"]
    assert sum(1 for game in page if game["creator"] == alice.name) == 1


def test_keys_belong_to_one_account(new_player):
    alice, bob = new_player(), new_player()
    body = {"options": {"players": 2}}
    mine = alice.post("/v1/games", json=body, headers={"Idempotency-Key": "shared"})
    theirs = bob.post("/v1/games", json=body, headers={"Idempotency-Key": "shared"})
    assert mine.json["id"] != theirs.json["id"] and theirs.json["creator"] == bob.name


def test_a_failed_request_is_not_stored_and_may_be_retried(new_player):
    alice, bob = new_player(), new_player()
    game_id = alice.post("/v1/games", json={"options": {"players": 2}, "start_when_full": False}).json["id"]
    alice.post(f"/v1/games/{game_id}/join")
    key = {"Idempotency-Key": "start"}
    assert_problem(alice.post(f"/v1/games/{game_id}/start", headers=key), 409, "seats_free")
    bob.post(f"/v1/games/{game_id}/join")
    started = alice.post(f"/v1/games/{game_id}/start", headers=key)
    assert started.status_code == 200 and started.json["status"] == "running"


def test_concurrent_retries_with_one_key_write_once(new_player):
    alice = new_player()
    body = {"options": {"players": 2}, "seed": "concurrent"}
    results = run_together(
        *(lambda: alice.post("/v1/games", json=body, headers={"Idempotency-Key": "c"}) for _ in range(3))
    )
    assert {r.status_code for r in results} == {201}
    assert len({r.json["id"] for r in results}) == 1


def test_an_empty_or_overlong_key_is_400(new_player):
    alice = new_player()
    assert_problem(
        alice.post("/v1/games", json={"options": {"players": 2}}, headers={"Idempotency-Key": "x" * 256}),
        400,
        "invalid_idempotency_key",
    )


def test_a_key_names_the_resource_however_its_id_is_written(started_game):
    game_id, (alice, _) = started_game()
    legal = alice.view(game_id)["legal_actions"]
    first = alice.post(f"/v1/games/{game_id}/actions", json=action_body(legal[0]), headers={"Idempotency-Key": "id"})
    retry = alice.post(f"/v1/games/0{game_id}/actions", json=action_body(legal[0]), headers={"Idempotency-Key": "id"})
    assert retry.headers["Idempotent-Replayed"] == "true" and retry.json == first.json
