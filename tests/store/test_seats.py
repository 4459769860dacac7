import threading

import pytest
from hanabi.engine import GameOptions
from hanabi.store.database import connect
from hanabi.store.errors import Conflict, InvalidRequest
from hanabi.store.games import create_game, list_events
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat, leave_seat, start_game


def new_lobby(conn, plan):
    return create_game(conn, GameOptions(players=len(plan)), plan, seed="seats").game


def test_joining_the_last_free_seat_starts_the_game(conn, make_account):
    game = new_lobby(conn, [SeatPlan.open(), SeatPlan.open(), SeatPlan.bot("random")])
    alice, bob = make_account()[0], make_account()[0]

    game, _ = join_seat(conn, game.id, alice.id)
    assert (game.status, game.free_seats, game.seat_of(alice.id)) == ("lobby", 1, 0)

    game, state = join_seat(conn, game.id, bob.id)
    assert (game.status, game.free_seats, game.seat_of(bob.id)) == ("running", 0, 1)
    assert game.current_seat == state.current_seat
    assert [event.type for event in list_events(conn, game.id)] == ["seat_joined", "seat_joined", "game_started"]


def test_a_reserved_seat_is_kept_for_its_account(conn, make_account):
    alice, bob, carol = (make_account()[0] for _ in range(3))
    game = new_lobby(conn, [SeatPlan.open(), SeatPlan.reserved(bob.id)])

    with pytest.raises(Conflict) as error:
        join_seat(conn, game.id, alice.id, seat=1)
    assert error.value.code == "seat_reserved"

    game, _ = join_seat(conn, game.id, bob.id)
    assert game.seat_of(bob.id) == 1
    with pytest.raises(Conflict) as error:
        join_seat(conn, game.id, bob.id)
    assert error.value.code == "already_seated"

    game, _ = join_seat(conn, game.id, carol.id)
    assert game.seat_of(carol.id) == 0 and game.status == "running"


def test_a_taken_seat_or_a_full_game_is_a_conflict(conn, make_account):
    alice, bob, carol = (make_account()[0] for _ in range(3))
    game = new_lobby(conn, [SeatPlan.open(), SeatPlan.open()])
    join_seat(conn, game.id, alice.id, seat=1)

    with pytest.raises(Conflict) as error:
        join_seat(conn, game.id, bob.id, seat=1)
    assert error.value.code == "seat_taken"
    with pytest.raises(InvalidRequest) as error:
        join_seat(conn, game.id, bob.id, seat=2)
    assert error.value.code == "invalid_seat"

    join_seat(conn, game.id, bob.id)
    with pytest.raises(Conflict) as error:
        join_seat(conn, game.id, carol.id)
    assert error.value.code == "game_full"


def test_leaving_frees_the_seat(conn, make_account):
    alice, bob = make_account()[0], make_account()[0]
    game = new_lobby(conn, [SeatPlan.open(), SeatPlan.open()])
    join_seat(conn, game.id, alice.id)

    game, _ = leave_seat(conn, game.id, alice.id)
    assert game.seat_of(alice.id) is None and game.free_seats == 2
    with pytest.raises(Conflict) as error:
        leave_seat(conn, game.id, alice.id)
    assert error.value.code == "not_seated"

    join_seat(conn, game.id, bob.id)
    game, _ = join_seat(conn, game.id, alice.id)
    assert game.status == "running"
    with pytest.raises(Conflict) as error:
        leave_seat(conn, game.id, alice.id)
    assert error.value.code == "game_not_in_lobby"


def test_a_full_game_that_does_not_start_by_itself_is_started_explicitly(conn, make_account):
    alice, bob = make_account()[0], make_account()[0]
    game = new_lobby(conn, [SeatPlan.open(), SeatPlan.open()])
    join_seat(conn, game.id, alice.id, start_when_full=False)

    with pytest.raises(Conflict) as error:
        start_game(conn, game.id)
    assert error.value.code == "seats_free"

    game, _ = join_seat(conn, game.id, bob.id, start_when_full=False)
    assert game.status == "lobby" and game.free_seats == 0
    game, _ = start_game(conn, game.id)
    assert game.status == "running"
    with pytest.raises(Conflict) as error:
        start_game(conn, game.id)
    assert error.value.code == "game_not_in_lobby"


@pytest.mark.parametrize("attempt", range(5))
def test_two_accounts_taking_the_last_seat_at_once_one_wins(attempt, conn, database_url, make_account):
    first, second, third = (make_account()[0] for _ in range(3))
    game = new_lobby(conn, [SeatPlan.open(), SeatPlan.open()])
    join_seat(conn, game.id, first.id)
    barrier = threading.Barrier(2)
    outcomes = {}

    def join(account):
        with connect(database_url) as own:
            barrier.wait()
            try:
                outcomes[account.id] = join_seat(own, game.id, account.id)
            except Conflict as error:
                outcomes[account.id] = error

    threads = [threading.Thread(target=join, args=(account,)) for account in (second, third)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)

    winners = [account for account in (second, third) if not isinstance(outcomes[account.id], Conflict)]
    losers = [outcomes[account.id] for account in (second, third) if isinstance(outcomes[account.id], Conflict)]
    assert len(winners) == 1 and len(losers) == 1
    assert losers[0].code == "game_full"
    final = outcomes[winners[0].id].game
    assert {final.seat_of(first.id), final.seat_of(winners[0].id)} == {0, 1}
    assert final.status == "running"
