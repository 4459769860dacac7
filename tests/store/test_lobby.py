import pytest
from hanabi.engine import GameOptions, RankClue, Reorder
from hanabi.store.errors import InvalidRequest
from hanabi.store.games import create_game
from hanabi.store.lobby import games_awaiting_move, games_of_account, list_games
from hanabi.store.moves import make_move
from hanabi.store.records import SeatPlan
from hanabi.store.seats import join_seat


def test_the_lobby_lists_games_by_status_newest_first_in_pages(conn, running_game):
    created = [create_game(conn, GameOptions(players=2), [SeatPlan.open()] * 2).game.id for _ in range(5)]
    (started, _), _ = running_game()

    seen, before = [], None
    while True:
        page = list_games(conn, status="lobby", before_id=before, limit=2)
        if not page:
            break
        assert len(page) <= 2
        seen += [game.id for game in page]
        before = page[-1].id
    assert seen == sorted(seen, reverse=True)
    assert [game_id for game_id in seen if game_id in created] == created[::-1]
    assert started.id not in seen
    assert started.id in [game.id for game in list_games(conn, status="running")]


def test_my_games_are_the_games_i_sit_in(conn, make_account, running_game):
    (game, _), (alice, bob) = running_game()
    lobby = create_game(conn, GameOptions(players=2), [SeatPlan.open()] * 2).game
    join_seat(conn, lobby.id, alice.id)

    assert [g.id for g in games_of_account(conn, alice.id)] == [lobby.id, game.id]
    assert [g.id for g in games_of_account(conn, alice.id, status="running")] == [game.id]
    assert [g.id for g in games_of_account(conn, alice.id, before_id=lobby.id)] == [game.id]
    assert [g.id for g in games_of_account(conn, bob.id)] == [game.id]


def test_games_awaiting_my_move_follow_the_turn(conn, running_game):
    (first, state), (alice, bob) = running_game()
    mover, waiter = (alice, bob) if first.seat_of(alice.id) == state.current_seat else (bob, alice)

    assert [g.id for g in games_awaiting_move(conn, mover.id)] == [first.id]
    assert games_awaiting_move(conn, waiter.id) == []

    make_move(conn, first.id, state.legal_actions()[0])
    assert games_awaiting_move(conn, mover.id) == []
    assert [g.id for g in games_awaiting_move(conn, waiter.id)] == [first.id]


def test_games_awaiting_a_move_come_longest_waiting_first(conn, make_account):
    me = make_account()[0]
    games = []
    for _ in range(3):
        game = create_game(conn, GameOptions(players=2), [SeatPlan.reserved(me.id), SeatPlan.bot("random")]).game
        games.append(join_seat(conn, game.id, me.id))
    assert [g.id for g in games_awaiting_move(conn, me.id)] == [game.id for game, _ in games]

    reordered, state = games[0]
    make_move(conn, reordered.id, Reorder(0, state.hands[0][::-1]))

    assert [g.id for g in games_awaiting_move(conn, me.id)] == [game.id for game, _ in games], (
        "reordering a hand does not start a new turn"
    )


def test_games_awaiting_a_move_put_the_turn_that_began_last_at_the_end(conn, make_account):
    me, other = make_account()[0], make_account()[0]
    games = []
    for _ in range(2):
        game = create_game(conn, GameOptions(players=2), [SeatPlan.reserved(me.id), SeatPlan.reserved(other.id)]).game
        join_seat(conn, game.id, me.id)
        games.append(join_seat(conn, game.id, other.id))
    first, state = games[0]
    first, state = make_move(conn, first.id, RankClue(0, 1, state.card(state.hands[1][0]).rank))
    make_move(conn, first.id, RankClue(1, 0, state.card(state.hands[0][0]).rank))

    assert [g.id for g in games_awaiting_move(conn, me.id)] == [games[1].game.id, first.id]


def test_bad_filters_are_rejected(conn):
    with pytest.raises(InvalidRequest):
        list_games(conn, status="paused")
    with pytest.raises(InvalidRequest):
        list_games(conn, limit=0)
