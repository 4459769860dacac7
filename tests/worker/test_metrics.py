"""Metrics and logs of a real worker (in this process, on each broker): bot move latency,
deadline lag and actions appended; the log lines of a task carry its task id and game id."""

import uuid

from hanabi.engine import GameOptions
from hanabi.store.accounts import create_account
from hanabi.store.database import connect
from hanabi.store.deadlines import TimeControl
from hanabi.store.games import create_game, list_events
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from prometheus_client import REGISTRY

from tests.logcapture import json_log_lines
from tests.waiting import until

TURN_EVENTS = {"play", "discard", "color_clue", "rank_clue"}
ACTION_LABELS = {"play", "discard", "clue"}
"""The turn actions' `kind` labels: a clue counts as `clue` (hanabi.runtime.metrics.count_action)."""


def metric(name: str, **labels) -> float:
    return REGISTRY.get_sample_value(name, labels) or 0.0


def moves_of(database_url: str, game_id: int) -> int:
    with connect(database_url) as conn:
        return sum(1 for event in list_events(conn, game_id) if event.type in TURN_EVENTS)


def test_a_worker_records_each_bot_move_with_its_latency(service):
    before = {
        "latency": metric("hanabi_bot_move_latency_seconds_count", strategy="basic"),
        "latency_sum": metric("hanabi_bot_move_latency_seconds_sum", strategy="basic"),
        "decide": metric("hanabi_bot_decide_seconds_count", strategy="basic"),
        "actions": sum(metric("hanabi_actions_appended_total", kind=kind, source="bot_seat") for kind in ACTION_LABELS),
    }
    with service.connect() as conn:
        game_id = create_game(
            conn, GameOptions(players=3), [SeatPlan.bot("basic")] * 3, seed="metrics", followups=service.followups
        ).game.id
    service.wait_finished(game_id)
    moves = moves_of(service.database_url, game_id)
    assert moves > 10
    latencies = metric("hanabi_bot_move_latency_seconds_count", strategy="basic") - before["latency"]
    assert latencies == moves
    assert metric("hanabi_bot_decide_seconds_count", strategy="basic") - before["decide"] == moves
    mean = (metric("hanabi_bot_move_latency_seconds_sum", strategy="basic") - before["latency_sum"]) / latencies
    assert 0 < mean < 5, "from the turn's start to the move's commit, on one clock"
    after_actions = sum(metric("hanabi_actions_appended_total", kind=kind, source="bot_seat") for kind in ACTION_LABELS)
    assert after_actions - before["actions"] == moves


def test_an_expired_turn_records_its_lag_behind_the_deadline_and_logs_with_its_task_and_game(service):
    before_lag = metric("hanabi_deadline_lag_seconds_count", on_timeout="end")
    before_sum = metric("hanabi_deadline_lag_seconds_sum", on_timeout="end")
    before_actions = metric("hanabi_actions_appended_total", kind="end_game", source="timeout")
    with json_log_lines() as lines:
        with service.connect() as conn:
            people = [create_account(conn, f"lag-{uuid.uuid4().hex[:10]}", "human")[0] for _ in range(2)]
            control = TimeControl.from_dict({"kind": "per_turn", "seconds": 1, "on_timeout": "end"})
            game_id = create_game(
                conn, GameOptions(players=2), [SeatPlan.open()] * 2, time_control=control, followups=service.followups
            ).game.id
            for person in people:
                join_seat(conn, game_id, person.id, followups=service.followups)
        game = service.wait_finished(game_id, timeout=30)
        assert game.end_condition == "timeout"
        until(  # the task logs and records its lag after its commit
            lambda: (
                metric("hanabi_deadline_lag_seconds_count", on_timeout="end") > before_lag
                and any("timed out" in line["message"] and line.get("game_id") == game_id for line in lines())
            ),
            10,
            "the expiry task logged the timeout",
        )
        written = lines()
    assert metric("hanabi_deadline_lag_seconds_count", on_timeout="end") - before_lag == 1
    lag = metric("hanabi_deadline_lag_seconds_sum", on_timeout="end") - before_sum
    assert 0 <= lag < 5
    assert metric("hanabi_actions_appended_total", kind="end_game", source="timeout") - before_actions == 1
    timed_out = [line for line in written if "timed out" in line["message"] and line.get("game_id") == game_id]
    assert len(timed_out) == 1, written
    assert uuid.UUID(timed_out[0]["task_id"])
    assert timed_out[0]["logger"] == "hanabi.worker.deadlines"
