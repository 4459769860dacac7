"""A person plays through the SDK over HTTP against built-in bot seats, which the real server's
own Celery worker (started by `hanabi serve` with nothing configured) plays as soon as it is
their turn."""

import random
import time

from hanabi_client.api.events import list_events
from hanabi_client.api.games import create_game, get_game, join_game
from hanabi_client.api.play import act, get_view
from hanabi_client.models import (
    AccountSeatRequest,
    BotSeatRequest,
    CreateGameRequest,
    EventPage,
    Game,
    OptionsRequest,
    View,
)
from hanabi_client.session import action_request

from .test_end_to_end import assert_shows_others_but_not_own_cards, choose

TURN_ACTIONS = {"play", "discard", "color_clue", "rank_clue"}


def test_a_person_and_two_bot_seats_finish_a_game_the_bots_moving_on_their_own(new_account):
    account, client = new_account(prefix="human")
    seats = [
        AccountSeatRequest(kind="account", account=account.name),
        BotSeatRequest(kind="bot", strategy="basic"),
        BotSeatRequest(kind="bot", strategy="hat"),
    ]
    game = create_game.sync(client=client, body=CreateGameRequest(options=OptionsRequest(players=3), seats=seats))
    assert isinstance(game, Game), game
    game = join_game.sync(game.id, client=client)
    assert isinstance(game, Game) and game.status == "running", game

    rng = random.Random(game.id)
    my_moves = 0
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        view = get_view.sync(game.id, client=client)
        assert isinstance(view, View), view
        if view.is_over:
            break
        assert_shows_others_but_not_own_cards(view)
        if view.current_seat != view.seat:
            page = list_events.sync(game.id, client=client, after=view.version, wait=3)
            assert isinstance(page, EventPage), page
            continue
        after = act.sync(game.id, client=client, body=action_request(choose(view, rng), view.version))
        assert isinstance(after, View), after
        my_moves += 1
    else:
        raise AssertionError("the game did not finish within 120 s")

    summary = get_game.sync(game.id, client=client)
    assert isinstance(summary, Game) and summary.status == "finished", summary
    events, after = [], 0
    while True:
        page = list_events.sync(game.id, client=client, after=after, limit=500)
        events += page.events
        if not page.has_more:
            break
        after = page.last_seq
    turns = [event for event in events if event.type_ in TURN_ACTIONS]
    assert [event.seat for event in turns] == [turn % 3 for turn in range(len(turns))], "seats moved in turn"
    assert len(turns) == summary.turn
    assert sum(event.seat == 0 for event in turns) == my_moves
    assert {1, 2} <= {event.seat for event in turns}, "both bot seats moved"
