"""Checks of a finished game's event log."""

from hanabi.bots import STRATEGIES
from hanabi.engine import action_to_dict, new_game, view
from hanabi.store.database import connect
from hanabi.store.games import list_events, load_game
from hanabi.store.records import LOBBY_EVENTS
from hanabi.worker.bot_turns import bot_random


def assert_one_event_per_turn(database_url: str, game_id: int):
    """The log is contiguous, and each turn is one action by the seat whose turn it was: no
    move was written twice and none is missing. Returns the game, its state and its events."""
    with connect(database_url) as conn:
        game, state = load_game(conn, game_id)
        events = list_events(conn, game_id)
    assert [event.seq for event in events] == list(range(1, game.version + 1))
    actions = [event for event in events if event.type not in LOBBY_EVENTS]
    assert len(actions) == state.turn
    first = game.options.starting_seat
    assert [event.seat for event in actions] == [(first + turn) % game.options.players for turn in range(state.turn)]
    return game, state, events


def assert_bots_chose_from_their_view(game, events) -> None:
    """Each bot move is what its strategy chooses from that seat's view with the random source
    of (game, version): the moves are reproducible."""
    state = new_game(game.options, game.deck)
    for event in events:
        if event.type in LOBBY_EVENTS:
            continue
        strategy = game.seats[event.seat].bot_strategy
        if strategy is not None:
            expected = STRATEGIES[strategy](view(state, event.seat), bot_random(game.id, event.seq - 1))
            assert action_to_dict(expected) == event.payload, (event.seq, strategy)
        state = state.apply(event.action)
