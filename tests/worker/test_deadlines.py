"""Time controls: deadlines written with each commit, expired by a real worker (a scheduled task
or the sweeper), the clock's arithmetic, and the API's validation of time controls."""

import random
import time
import uuid
from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest
from hanabi.api import create_app
from hanabi.api.context import POOL_EXTENSION
from hanabi.bots import safe_move
from hanabi.config import load_settings
from hanabi.engine import (
    ColorClue,
    Discard,
    EndCondition,
    EndGame,
    GameOptions,
    Play,
    RankClue,
    Reorder,
    new_game,
    view,
)
from hanabi.runtime.composition import api_app
from hanabi.store.accounts import create_account
from hanabi.store.deadlines import TimeControl, turn_clock
from hanabi.store.errors import VersionConflict
from hanabi.store.followups import NO_FOLLOWUPS
from hanabi.store.games import create_game, load_game
from hanabi.store.moves import make_move
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from hanabi.worker.deadlines import MOVED, SERVER_TIMEOUT, overdue_turns
from hanabi.worker.game_tasks import STALE
from hanabi.worker.tasks import EXPIRE_TURN, SWEEP

from tests.waiting import until

EXPIRY_LAG_SECONDS = 1.0
"""The target: a short deadline expires within this time of passing."""


def two_person_game(service, time_control: dict, *, expiry: bool = True):
    """A running 2-player game of two accounts (nobody moves unless told), with `time_control`;
    and the accounts' API tokens, by seat. Without `expiry`, the commit that starts the game
    schedules no expiry of its first turn (as if its message was lost)."""
    with service.connect() as conn:
        accounts = [create_account(conn, f"clock-{uuid.uuid4().hex[:10]}", "human") for _ in range(2)]
        people = [account for account, _ in accounts]
        created = create_game(
            conn,
            GameOptions(players=2),
            [SeatPlan.open()] * 2,
            seed="deadlines",
            time_control=TimeControl.from_dict(time_control),
            followups=service.followups,
        )
        join_seat(conn, created.game.id, people[0].id, followups=service.followups)
    with service.connect() as conn:
        game = join_seat(
            conn, created.game.id, people[1].id, followups=service.followups if expiry else NO_FOLLOWUPS
        ).game
    assert game.status == "running" and game.current_seat == 0
    return game, [token for _, token in accounts]


def terminate(service, game_id: int) -> None:
    """End the game unless it has ended (the worker may be expiring a turn of it meanwhile)."""
    with service.connect() as conn:
        while (game := load_game(conn, game_id).game).status == "running":
            try:
                make_move(
                    conn,
                    game_id,
                    EndGame(-1, EndCondition.TERMINATED),
                    expected_version=game.version,
                    followups=service.followups,
                )
            except VersionConflict:
                continue


def test_a_per_turn_deadline_is_written_with_the_commit_that_begins_the_turn(service):
    game, tokens = two_person_game(service, {"kind": "per_turn", "seconds": 30})
    assert game.deadline - game.turn_started_at == timedelta(seconds=30)
    with service.connect() as conn:
        hand = load_game(conn, game.id).state.hands[0]
        reordered = make_move(conn, game.id, Reorder(0, tuple(reversed(hand))), followups=service.followups).game
        assert reordered.deadline == game.deadline, "reordering one's hand is not a turn"
        time.sleep(0.05)  # so that the next turn begins later and its deadline is later
        moved = make_move(
            conn, game.id, ColorClue(0, 1, _a_color_of(conn, game.id, 1)), followups=service.followups
        ).game
        assert moved.current_seat == 1 and moved.deadline - moved.turn_started_at == timedelta(seconds=30)
        assert moved.deadline > game.deadline
        ended = make_move(conn, game.id, EndGame(-1, EndCondition.TERMINATED), followups=service.followups).game
        assert ended.deadline is None


def _a_color_of(conn, game_id, seat) -> int:
    _, state = load_game(conn, game_id)
    return next(
        clue.color
        for clue in state.legal_actions(state.current_seat)
        if isinstance(clue, ColorClue) and clue.target == seat
    )


def test_a_correspondence_deadline_is_days_away(service):
    game, tokens = two_person_game(service, {"kind": "correspondence", "days": 3, "on_timeout": "move"})
    assert game.deadline - game.turn_started_at == timedelta(days=3)
    with service.connect() as conn:
        assert (game.id, game.version) not in overdue_turns(conn)
    terminate(service, game.id)


def test_a_game_without_a_time_control_has_no_deadline(service):
    game, tokens = two_person_game(service, {"kind": "none"})
    assert game.deadline is None and game.time_control == TimeControl()
    terminate(service, game.id)


def test_a_two_second_turn_that_runs_out_ends_the_game_with_timeout_and_score_0(service):
    game, tokens = two_person_game(service, {"kind": "per_turn", "seconds": 2, "on_timeout": "end"})
    with service.connect() as conn:
        # Seat 0 gives a clue in time; seat 1 lets its turn run out.
        moved = make_move(
            conn, game.id, ColorClue(0, 1, _a_color_of(conn, game.id, 1)), followups=service.followups
        ).game
    assert moved.deadline - moved.turn_started_at == timedelta(seconds=2)
    finished = service.wait_finished(game.id, timeout=10)
    assert finished.end_condition == "timeout" and finished.score == 0
    last = service.events(game.id)[-1]
    assert last.seq == moved.version + 1
    assert (last.type, last.seat) == ("end_game", 1)
    assert last.payload == {"kind": "end_game", "seat": 1, "condition": "timeout", "by": SERVER_TIMEOUT}
    lag = (last.created_at - moved.deadline).total_seconds()
    assert 0 <= lag < EXPIRY_LAG_SECONDS, f"the timeout was written {lag:.3f} s after the deadline"


def test_a_two_second_turn_that_runs_out_gets_a_safe_server_move_and_the_game_goes_on(service):
    game, tokens = two_person_game(service, {"kind": "per_turn", "seconds": 2, "on_timeout": "move"})
    try:
        moved = service.wait_until(game.id, lambda current: current.version > game.version, 10, "the server's move")
        assert moved.status == "running" and moved.current_seat == 1
        assert moved.deadline - moved.turn_started_at == timedelta(seconds=2)
        event = service.events(game.id)[game.version]
        assert event.seq == game.version + 1 and event.seat == 0
        assert event.payload["by"] == SERVER_TIMEOUT
        assert event.type in ("discard", "color_clue", "rank_clue")
        assert (event.created_at - game.deadline).total_seconds() < EXPIRY_LAG_SECONDS
        state = new_game(game.options, game.deck)
        expected = safe_move.choose(view(state, 0), random.Random(f"hanabi timeout {game.id} {game.version}"))
        assert {key: value for key, value in event.payload.items() if key != "by"} == expected._asdict()

        api = create_app(pool=service.pool, followups=service.followups).test_client()
        events = api.get(f"/v1/games/{game.id}/events", headers={"Authorization": f"Bearer {tokens[1]}"}).json
        shown = [entry for entry in events["events"] if entry["seq"] == event.seq]
        assert shown and shown[0]["by"] == SERVER_TIMEOUT and shown[0]["seat"] == 0
    finally:
        terminate(service, game.id)


def test_a_move_before_the_deadline_makes_the_scheduled_expiry_do_nothing(service):
    game, tokens = two_person_game(service, {"kind": "per_turn", "seconds": 2, "on_timeout": "end"})
    with service.connect() as conn:
        moved = make_move(
            conn,
            game.id,
            ColorClue(0, 1, _a_color_of(conn, game.id, 1)),
            expected_version=game.version,
            followups=service.followups,
        ).game
    assert service.wait_for_outcomes(EXPIRE_TURN, (game.id, game.version), 1, timeout=10) == [STALE]
    events = service.events(game.id)
    assert "by" not in events[game.version].payload, "the person's clue stands"
    assert not any(event.type == "end_game" and event.seq <= moved.version for event in events)
    terminate(service, game.id)


def test_the_sweeper_alone_expires_an_overdue_turn(service):
    game, tokens = two_person_game(service, {"kind": "per_turn", "seconds": 1, "on_timeout": "move"}, expiry=False)
    try:
        with service.connect() as conn:
            until(lambda: (game.id, game.version) in overdue_turns(conn), 10, "the turn's deadline passed")
            assert load_game(conn, game.id).game.version == game.version, "no expiry was scheduled"
            assert (game.id, game.version) in overdue_turns(conn)
        service.app.send_task(SWEEP)
        assert service.wait_for_outcomes(EXPIRE_TURN, (game.id, game.version), 1, timeout=10) == [MOVED]
        assert service.events(game.id)[game.version].payload["by"] == SERVER_TIMEOUT
    finally:
        terminate(service, game.id)


# ---- the clock, with timestamps of our choosing ----------------------------------------------


START = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def test_a_clock_gives_each_seat_its_base_then_takes_each_turns_time_and_adds_the_increment():
    clock = TimeControl.from_dict({"kind": "clock", "base_seconds": 60, "increment_seconds": 5})
    first = turn_clock(
        clock, now=START, players=3, banks=None, previous_seat=None, previous_turn_started_at=None, next_seat=0
    )
    assert first.banks == [60.0, 60.0, 60.0] and first.deadline == START + timedelta(seconds=60)

    after_seat_0 = START + timedelta(seconds=12.5)
    second = turn_clock(
        clock,
        now=after_seat_0,
        players=3,
        banks=first.banks,
        previous_seat=0,
        previous_turn_started_at=START,
        next_seat=1,
    )
    assert second.banks == [52.5, 60.0, 60.0], "60 - 12.5 + 5"
    assert second.deadline == after_seat_0 + timedelta(seconds=60)

    after_seat_1 = after_seat_0 + timedelta(seconds=70)
    third = turn_clock(
        clock,
        now=after_seat_1,
        players=3,
        banks=second.banks,
        previous_seat=1,
        previous_turn_started_at=after_seat_0,
        next_seat=2,
    )
    assert third.banks == [52.5, 5.0, 60.0], "an overdrawn bank is empty, then gets the increment"

    after_seat_2 = after_seat_1 + timedelta(seconds=1)
    fourth = turn_clock(
        clock,
        now=after_seat_2,
        players=3,
        banks=third.banks,
        previous_seat=2,
        previous_turn_started_at=after_seat_1,
        next_seat=0,
    )
    assert fourth.banks == [52.5, 5.0, 64.0]
    assert fourth.deadline == after_seat_2 + timedelta(seconds=52.5)


def test_fixed_turn_lengths_ignore_the_time_taken():
    per_turn = TimeControl.from_dict({"kind": "per_turn", "seconds": 45})
    days = TimeControl.from_dict({"kind": "correspondence", "days": 2, "on_timeout": "move"})
    later = START + timedelta(hours=5)
    for control, length in ((per_turn, timedelta(seconds=45)), (days, timedelta(days=2))):
        clock = turn_clock(
            control, now=later, players=2, banks=None, previous_seat=1, previous_turn_started_at=START, next_seat=0
        )
        assert clock.deadline == later + length and clock.banks is None
    assert days.on_timeout == "move" and per_turn.on_timeout == "end"


def test_the_clock_of_a_game_is_kept_by_the_store(service):
    game, tokens = two_person_game(service, {"kind": "clock", "base_seconds": 100, "increment_seconds": 3})
    assert game.clock_banks == (100.0, 100.0)
    assert game.deadline - game.turn_started_at == timedelta(seconds=100)
    with service.connect() as conn:
        time.sleep(0.2)  # time spent on the turn, which the mover's bank loses
        moved = make_move(
            conn, game.id, ColorClue(0, 1, _a_color_of(conn, game.id, 1)), followups=service.followups
        ).game
    spent = (moved.turn_started_at - game.turn_started_at).total_seconds()
    assert moved.clock_banks == pytest.approx((100 - spent + 3, 100.0))
    assert moved.deadline - moved.turn_started_at == timedelta(seconds=100)
    terminate(service, game.id)


# ---- the safe move ---------------------------------------------------------------------------


def test_the_safe_move_discards_the_oldest_unclued_card_else_clues_the_next_player():
    state = new_game(GameOptions(players=3), seed="safe move")
    rng = random.Random(0)
    clued = ColorClue(0, 1, next(a.color for a in state.legal_actions(0) if isinstance(a, ColorClue) and a.target == 1))
    state = state.apply(clued)
    oldest_unclued = [card for card in reversed(state.hands[1]) if card not in state.history[-1].touched][0]
    assert safe_move.choose(view(state, 1), rng) == Discard(1, oldest_unclued)

    full = new_game(GameOptions(players=3), seed="safe move")
    move = safe_move.choose(view(full, 0), rng)
    assert isinstance(move, (ColorClue, RankClue)) and move.target == 1, "no discard with 8 clue tokens"
    assert not isinstance(move, Play)


# ---- the API ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def api(database_url):
    app = api_app(replace(load_settings(), database_url=database_url, pool_max_size=4), with_worker=False)
    client = app.test_client()
    account = client.post("/v1/accounts", json={"name": f"timer-{uuid.uuid4().hex[:10]}", "kind": "human"}).json
    yield client, {"Authorization": f"Bearer {account['token']}"}
    app.extensions[POOL_EXTENSION].close()


@pytest.mark.parametrize(
    "time_control, field",
    [
        ({"kind": "per_turn"}, "seconds"),
        ({"kind": "per_turn", "seconds": 0}, "seconds"),
        ({"kind": "per_turn", "seconds": 86401}, "seconds"),
        ({"kind": "per_turn", "seconds": 2.5}, "seconds"),
        ({"kind": "per_turn", "seconds": "30"}, "seconds"),
        ({"kind": "per_turn", "seconds": 30, "days": 1}, "days"),
        ({"kind": "correspondence", "days": 31}, "days"),
        ({"kind": "correspondence", "days": 0}, "days"),
        ({"kind": "clock", "base_seconds": 60}, "increment_seconds"),
        ({"kind": "clock", "base_seconds": 0, "increment_seconds": 1}, "base_seconds"),
        ({"kind": "clock", "base_seconds": 60, "increment_seconds": 3601}, "increment_seconds"),
        ({"kind": "per_turn", "seconds": 30, "on_timeout": "pass"}, "on_timeout"),
        ({"kind": "none", "on_timeout": "end"}, "on_timeout"),
        ({"kind": "blitz"}, "kind"),
        ({"seconds": 30}, "kind"),
        ({"kind": "per_turn", "seconds": 30, "extra": 1}, "extra"),
    ],
)
def test_an_invalid_time_control_is_a_422_naming_the_field(api, time_control, field):
    client, headers = api
    response = client.post("/v1/games", json={"options": {"players": 2}, "time_control": time_control}, headers=headers)
    assert response.status_code == 422, response.json
    assert response.json["code"] == "invalid_request"
    assert f"time_control.{field}" in response.json["errors"], response.json


def test_the_summary_and_the_view_carry_the_time_control_and_the_utc_deadline(api):
    client, headers = api
    seats = [{"kind": "open"}, {"kind": "bot", "strategy": "basic"}]
    control = {"kind": "correspondence", "days": 2, "on_timeout": "move"}
    created = client.post(
        "/v1/games", json={"options": {"players": 2}, "seats": seats, "time_control": control}, headers=headers
    )
    assert created.status_code == 201, created.json
    assert created.json["time_control"] == control and created.json["deadline"] is None
    joined = client.post(f"/v1/games/{created.json['id']}/join", headers=headers).json
    deadline = datetime.fromisoformat(joined["deadline"])
    assert deadline.utcoffset() == timedelta(0)
    assert deadline - datetime.fromisoformat(joined["turn_started_at"]) == timedelta(days=2)
    game_view = client.get(f"/v1/games/{created.json['id']}/view", headers=headers).json
    assert datetime.fromisoformat(game_view["deadline"]) == deadline
    clock = {"kind": "clock", "base_seconds": 300, "increment_seconds": 10}
    default = client.post("/v1/games", json={"options": {"players": 2}, "time_control": clock}, headers=headers).json
    assert default["time_control"] == {**clock, "on_timeout": "end"} and default["clock"] is None
    untimed = client.post("/v1/games", json={"options": {"players": 2}}, headers=headers).json
    assert untimed["time_control"] == {"kind": "none"} and untimed["deadline"] is None
    client.post(f"/v1/games/{created.json['id']}/abort", headers=headers)
