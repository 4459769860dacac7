import random
import subprocess
import sys
import threading

import psycopg
import pytest
from hanabi.engine import (
    Discard,
    EndCondition,
    EndGame,
    GameOptions,
    IllegalAction,
    Play,
    RankClue,
    full_view,
    replay,
    stacked_deck,
)
from hanabi.store.database import connect
from hanabi.store.deadlines import TimeControl
from hanabi.store.deals import new_deck
from hanabi.store.errors import Conflict, Forbidden, InvalidRequest, NotFound, VersionConflict
from hanabi.store.games import (
    append_events,
    create_game,
    get_game,
    list_events,
    load_game,
)
from hanabi.store.moves import PlayerMove, make_move
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat
from hanabi.store.webhooks import create_webhook

from .conftest import run_in_thread, wait_until_blocked


def delivery_count(conn, game_id: int) -> int:
    return conn.execute("SELECT count(*) FROM webhook_deliveries WHERE game_id = %s", (game_id,)).fetchone()[0]


def event_count(conn, game_id: int) -> int:
    return conn.execute("SELECT count(*) FROM game_events WHERE game_id = %s", (game_id,)).fetchone()[0]


def test_a_new_game_stores_the_deal_its_seed_names(conn):
    options = GameOptions(players=3, variant="Rainbow (6 Suits)")
    game, state = create_game(conn, options, [SeatPlan.open()] * 3, seed="deck seed")

    stored = get_game(conn, game.id)
    assert stored.options == options
    assert stored.deck == new_deck(conn, options, "deck seed")
    assert stored.seed == "deck seed"
    assert (stored.status, stored.version, stored.free_seats) == ("lobby", 0, 3)
    assert state.deck == stored.deck


def test_a_given_deck_is_stored_as_given(conn):
    options = GameOptions(players=2)
    deck = stacked_deck(options.variant_rules, [(0, 5), (1, 4), (2, 3)])
    game, _ = create_game(conn, options, [SeatPlan.open()] * 2, deck=deck)

    assert load_game(conn, game.id).game.deck == deck


def test_without_seed_or_deck_each_game_gets_its_own_random_deck(conn):
    options = GameOptions(players=2)
    first, _ = create_game(conn, options, [SeatPlan.open()] * 2)
    second, _ = create_game(conn, options, [SeatPlan.open()] * 2)
    assert first.seed is None and second.seed is None
    assert first.deck != second.deck


def test_a_seat_plan_must_have_a_seat_per_player(conn):
    with pytest.raises(InvalidRequest) as error:
        create_game(conn, GameOptions(players=3), [SeatPlan.open()] * 2)
    assert error.value.code == "invalid_seat_plan"


def test_a_game_of_bots_only_starts_at_once(conn):
    game, state = create_game(conn, GameOptions(players=2), [SeatPlan.bot("random")] * 2, seed="bots")

    assert game.status == "running"
    assert game.current_seat == state.current_seat == 0
    assert [event.type for event in list_events(conn, game.id)] == ["game_started"]


def test_loading_a_game_replays_its_log_through_the_engine(conn, running_game):
    (game, state), _ = running_game(seed="replay me")
    rng = random.Random(7)
    actions = []
    for _ in range(12):
        action = rng.choice([a for a in state.legal_actions() if not isinstance(a, Play)])
        game, state = make_move(conn, game.id, action)
        actions.append(action)

    loaded_game, loaded_state = load_game(conn, game.id)
    expected = replay(GameOptions(players=2), loaded_game.deck, actions)
    assert full_view(loaded_state).to_dict() == full_view(expected).to_dict()
    assert loaded_game == game
    events = list_events(conn, game.id)
    assert [event.type for event in events[:3]] == ["seat_joined", "seat_joined", "game_started"]
    assert loaded_game.version == len(events) == 3 + len(actions)
    assert (loaded_game.turn, loaded_game.current_seat, loaded_game.score) == (
        expected.turn,
        expected.current_seat,
        expected.score,
    )
    assert [event.action for event in events[3:]] == actions


def test_events_since_a_sequence_number(conn, running_game):
    (game, state), _ = running_game()
    game, state = make_move(conn, game.id, state.legal_actions()[0])

    events = list_events(conn, game.id, after_seq=game.version - 1)
    assert [event.seq for event in events] == [game.version]
    assert events[0].payload["kind"] == events[0].type
    assert list_events(conn, game.id, after_seq=game.version) == []
    with pytest.raises(NotFound):
        list_events(conn, 10**12)


def test_a_finished_game_records_the_engine_result(conn, running_game):
    (game, state), _ = running_game(seed="play to the end")
    rng = random.Random(3)
    while not state.is_over:
        game, state = make_move(conn, game.id, rng.choice(state.legal_actions()))

    stored = get_game(conn, game.id)
    assert stored.status == "finished"
    assert stored.current_seat is None
    assert stored.score == state.score
    assert stored.end_condition == state.end_condition.label
    assert stored.end_condition != "in_progress"
    with pytest.raises(IllegalAction) as error:
        make_move(conn, game.id, Discard(0, state.hands[0][0]))
    assert error.value.code == "game_over"
    assert get_game(conn, game.id).version == stored.version


def test_an_illegal_action_writes_nothing(conn, running_game):
    (game, state), _ = running_game()
    other_seat = 1 - state.current_seat

    with pytest.raises(IllegalAction) as error:
        make_move(conn, game.id, Play(other_seat, state.hands[other_seat][0]))

    assert error.value.code == "not_your_turn"
    assert get_game(conn, game.id) == game
    assert event_count(conn, game.id) == game.version


def test_an_expected_version_that_is_not_current_is_a_conflict(conn, running_game):
    (game, state), _ = running_game()
    action = state.legal_actions()[0]
    game, state = make_move(conn, game.id, action, expected_version=game.version)

    with pytest.raises(VersionConflict) as error:
        make_move(conn, game.id, state.legal_actions()[0], expected_version=game.version - 1)

    assert error.value.code == "version_conflict"
    assert error.value.current_version == game.version
    assert event_count(conn, game.id) == game.version


def test_a_writer_that_loses_the_race_for_the_next_event_gets_a_version_conflict(conn, database_url, running_game):
    """The second writer reads the game before the first commits; the primary key decides."""
    (game, state), _ = running_game()
    seat = state.current_seat
    first = RankClue(seat, 1 - seat, state.card(state.hands[1 - seat][0]).rank)
    second = Play(seat, state.hands[seat][0])

    with connect(database_url) as other:
        with conn.transaction():
            make_move(conn, game.id, first)
            thread, outcome = run_in_thread(make_move, other, game.id, second)
            wait_until_blocked(database_url, other.info.backend_pid)
        thread.join(10)

    assert isinstance(outcome.get("error"), VersionConflict), outcome
    assert outcome["error"].current_version == game.version + 1
    events = list_events(conn, game.id, after_seq=game.version)
    assert [event.action for event in events] == [first]
    assert get_game(conn, game.id).version == game.version + 1


def test_a_change_made_from_a_stale_read_writes_neither_events_nor_webhook_deliveries(conn, running_game):
    """The change is one statement guarded by the version it was made from: all or nothing."""
    (game, state), accounts = running_game()
    for account in accounts:
        create_webhook(conn, account.id, "https://example.com/hook")
    stale_game, stale_state = game, state
    game, state = make_move(conn, game.id, state.legal_actions()[0])
    deliveries_before = delivery_count(conn, game.id)
    events_before = event_count(conn, game.id)

    action = stale_state.legal_actions()[-1]
    with pytest.raises(VersionConflict) as error:
        append_events(
            conn, stale_game, [(action.kind, action.seat, {})], status="running", state=stale_state.apply(action)
        )

    assert error.value.current_version == game.version
    assert event_count(conn, game.id) == events_before
    assert delivery_count(conn, game.id) == deliveries_before > 0
    assert get_game(conn, game.id).version == game.version


def test_two_simultaneous_actions_for_the_same_version_make_exactly_one_event(database_url, conn, running_game):
    (game, state), _ = running_game()
    seat = state.current_seat
    candidates = [Play(seat, state.hands[seat][0]), Play(seat, state.hands[seat][1])]
    barrier = threading.Barrier(len(candidates))
    outcomes = []

    def act(action):
        with connect(database_url) as own:
            barrier.wait()
            try:
                outcomes.append(make_move(own, game.id, action, expected_version=game.version))
            except VersionConflict as error:
                outcomes.append(error)

    threads = [threading.Thread(target=act, args=(action,)) for action in candidates]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)

    conflicts = [o for o in outcomes if isinstance(o, VersionConflict)]
    assert len(outcomes) == 2 and len(conflicts) == 1
    assert conflicts[0].current_version == game.version + 1
    assert event_count(conn, game.id) == game.version + 1


def test_a_game_in_the_lobby_takes_no_turns_but_can_be_aborted(conn, make_account):
    game, state = create_game(conn, GameOptions(players=2), [SeatPlan.open()] * 2, seed="lobby")

    with pytest.raises(Conflict) as error:
        make_move(conn, game.id, Play(0, state.hands[0][0]))
    assert error.value.code == "game_not_started"

    game, state = make_move(conn, game.id, EndGame(-1, EndCondition.TERMINATED))
    assert (game.status, game.end_condition, game.score) == ("finished", "terminated", 0)


def test_unknown_game(conn):
    with pytest.raises(NotFound) as error:
        load_game(conn, 10**12)
    assert error.value.code == "game_not_found"


def test_events_cannot_be_changed_or_deleted(conn, running_game):
    (game, _), _ = running_game()
    before = list_events(conn, game.id)

    for statement in (
        "UPDATE game_events SET payload = '{}' WHERE game_id = %s",
        "DELETE FROM game_events WHERE game_id = %s",
    ):
        with pytest.raises(psycopg.errors.RestrictViolation):
            conn.execute(statement, (game.id,))
    with pytest.raises(psycopg.errors.RestrictViolation):
        conn.execute("TRUNCATE game_events CASCADE")

    assert list_events(conn, game.id) == before


def test_an_action_at_a_version_this_process_cached_fails_if_another_process_moved_the_game_on(
    conn, database_url, running_game
):
    """The process's cached state is not read again before the write; the write's own check on
    the version catches a move made by another process in the meantime."""
    (game, state), _ = running_game()
    load_game(conn, game.id)  # cached by this process at game.version
    other_process = subprocess.run(
        [sys.executable, "-c", APPEND_FIRST_LEGAL_ACTION, database_url, str(game.id)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert other_process.returncode == 0, other_process.stderr

    with pytest.raises(VersionConflict) as error:
        make_move(conn, game.id, state.legal_actions()[-1], expected_version=game.version)

    assert error.value.current_version == game.version + 1
    assert event_count(conn, game.id) == game.version + 1
    events = list_events(conn, game.id, after_seq=game.version)
    assert [event.action for event in events] == [state.legal_actions()[0]]


def test_a_move_the_cached_state_refuses_is_a_version_conflict_once_another_process_moved_the_game_on(
    conn, database_url, running_game
):
    """A refusal read from the cached state is the answer only while the game is at that version."""
    (game, state), _ = running_game()
    load_game(conn, game.id)
    out_of_turn = Discard(1 - state.current_seat, state.hands[1 - state.current_seat][0])
    with pytest.raises(IllegalAction) as refused:
        make_move(conn, game.id, out_of_turn, expected_version=game.version)
    assert refused.value.code == "not_your_turn"

    other_process = subprocess.run(
        [sys.executable, "-c", APPEND_FIRST_LEGAL_ACTION, database_url, str(game.id)],
        check=False,
        capture_output=True,
        text=True,
    )
    assert other_process.returncode == 0, other_process.stderr

    with pytest.raises(VersionConflict) as error:
        make_move(conn, game.id, out_of_turn, expected_version=game.version)
    assert error.value.current_version == game.version + 1
    assert event_count(conn, game.id) == game.version + 1


def test_a_player_acts_for_the_seat_the_store_finds_for_the_account(conn, running_game, make_account):
    (game, state), accounts = running_game()
    player = accounts[state.current_seat]
    card = state.hands[state.current_seat][0]

    with pytest.raises(Forbidden) as outsider:
        make_move(conn, game.id, PlayerMove(make_account()[0].id, {"kind": "play", "card": card}), game.version)
    assert outsider.value.code == "not_a_player"
    with pytest.raises(InvalidRequest) as malformed:
        make_move(conn, game.id, PlayerMove(player.id, {"kind": "juggle", "card": card}), game.version)
    assert malformed.value.code == "invalid_action"
    assert event_count(conn, game.id) == game.version

    after, _ = make_move(conn, game.id, PlayerMove(player.id, {"kind": "play", "card": card}), game.version)

    assert [event.action for event in list_events(conn, game.id, after_seq=game.version)] == [
        Play(state.current_seat, card)
    ]
    assert after.version == game.version + 1


APPEND_FIRST_LEGAL_ACTION = """
import sys
from hanabi.store.database import connect
from hanabi.store.games import load_game
from hanabi.store.moves import make_move

with connect(sys.argv[1]) as conn:
    game, state = load_game(conn, int(sys.argv[2]))
    make_move(conn, game.id, state.legal_actions()[0], expected_version=game.version)
"""


def test_a_timed_turn_begins_at_the_instant_its_event_is_dated(conn, make_account):
    """The deadline is computed from the database's clock; that same reading dates the change."""
    accounts = [make_account()[0] for _ in range(2)]
    game, state = create_game(
        conn,
        GameOptions(players=2),
        [SeatPlan.reserved(account.id) for account in accounts],
        seed="timed",
        time_control=TimeControl.from_dict({"kind": "per_turn", "seconds": 60, "on_timeout": "end"}),
    )
    for account in accounts:
        game, state = join_seat(conn, game.id, account.id)
    game, state = make_move(conn, game.id, state.legal_actions()[0])

    event = list_events(conn, game.id, after_seq=game.version - 1)[0]
    assert game.turn_started_at == event.created_at == game.updated_at
    assert (game.deadline - game.turn_started_at).total_seconds() == 60
