"""GET /metrics: requests by operation and status, their latency histogram, actions appended.

The test app runs in one process (no PROMETHEUS_MULTIPROC_DIR), so its counts are this
process's; each test compares a scrape after its requests with one before them."""

import math

from tests.prometheus import buckets, value

from .conftest import action_body

REQUESTS = "hanabi_http_requests_total"
DURATION = "hanabi_http_request_duration_seconds"
ACTIONS = "hanabi_actions_appended_total"


def scrape(client) -> str:
    response = client.get("/metrics")
    assert response.status_code == 200
    assert response.mimetype == "text/plain"
    return response.get_data(as_text=True)


def test_requests_are_counted_by_operation_and_status_with_a_latency_histogram(client, new_player):
    player = new_player()
    before = scrape(client)
    for _ in range(3):
        assert player.get("/v1/accounts/me").status_code == 200
    assert player.get("/v1/games/999999999").status_code == 404
    assert client.get("/v1/accounts/me").status_code == 401
    assert client.get("/v1/no/such/path").status_code == 404
    assert client.delete("/v1/accounts/me").status_code == 405
    after = scrape(client)

    def grew(name, **labels):
        return value(after, name, **labels) - value(before, name, **labels)

    assert grew(REQUESTS, operation="get_my_account", status=200) == 3
    assert grew(REQUESTS, operation="get_my_account", status=401) == 1
    assert grew(REQUESTS, operation="get_game", status=404) == 1
    assert grew(REQUESTS, operation="unmatched", status=404) == 1, "a path no route serves has one bounded label"
    assert grew(REQUESTS, operation="unmatched", status=405) == 1
    assert grew(f"{DURATION}_count", operation="get_my_account") == 4
    assert grew(f"{DURATION}_sum", operation="get_my_account") > 0
    histogram = buckets(after, DURATION, operation="get_my_account")
    assert histogram[-1][0] == math.inf and histogram[-1][1] == value(
        after, f"{DURATION}_count", operation="get_my_account"
    )
    counts = [count for _, count in histogram]
    assert counts == sorted(counts), "buckets are cumulative"
    assert not any("/v1/games/999999999" in line for line in after.splitlines()), "no raw path becomes a label"


def test_actions_appended_are_counted_by_kind_once_even_when_a_request_is_replayed(client, started_game):
    game_id, (first, second) = started_game()
    before = scrape(client)
    clue = next(action for action in first.view(game_id)["legal_actions"] if action["kind"] == "rank_clue")
    key = {"Idempotency-Key": "metrics-clue"}
    assert first.post(f"/v1/games/{game_id}/actions", json=action_body(clue), headers=key).status_code == 200
    replayed = first.post(f"/v1/games/{game_id}/actions", json=action_body(clue), headers=key)
    assert replayed.headers.get("Idempotent-Replayed") == "true"
    assert first.act(game_id, kind="discard", card=0).status_code == 409, "not seat 0's turn any more"
    assert second.post(f"/v1/games/{game_id}/resign").status_code == 200
    after = scrape(client)

    def grew(**labels):
        return value(after, ACTIONS, **labels) - value(before, ACTIONS, **labels)

    assert grew(kind="clue", source="api") == 1
    assert grew(kind="rank_clue", source="api") == 0, "a clue counts as clue: in Duck its kind is hidden"
    assert grew(kind="discard", source="api") == 0
    assert grew(kind="end_game", source="api") == 1
    assert (
        value(after, REQUESTS, operation="act", status=200) - value(before, REQUESTS, operation="act", status=200) == 2
    )


def test_metrics_need_no_token_and_speak_openmetrics_when_asked(client):
    response = client.get("/metrics", headers={"Accept": "application/openmetrics-text; version=1.0.0"})
    assert response.status_code == 200
    assert response.mimetype == "application/openmetrics-text"
    assert response.get_data(as_text=True).rstrip().endswith("# EOF")


def test_the_scrape_reports_whether_the_broker_answered_the_queue_depth(client):
    text = scrape(client)
    up = value(text, "hanabi_celery_broker_up")
    assert up in (0, 1)
    depths = [line for line in text.splitlines() if line.startswith("hanabi_celery_queue_depth{")]
    assert len(depths) == up, "a depth only when the broker answered"
