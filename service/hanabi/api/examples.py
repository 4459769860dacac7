"""The examples of the description: a view, an event log, a game and the common problems, made
by the engine and the API's own presenters and error handler from a game played offline, so
each is an answer the server gives (tests/api/test_openapi_models.py validates them)."""

import json
from datetime import UTC, datetime, timedelta

from hanabi.engine import (
    Discard,
    GameOptions,
    IllegalAction,
    Play,
    RankClue,
    action_to_dict,
    get_variant,
    new_game,
    shuffled_deck,
)
from hanabi.runtime.logs import REQUEST_ID
from hanabi.store.errors import NotFound, VersionConflict
from hanabi.store.records import Game, GameEvent, Seat

from .errors import handle_error
from .events import EventPageSchema
from .games import CreateGameRequestSchema
from .inputs import NOT_FOUND
from .present import game_summary, public_events, view_payload
from .schemas.games import GameSchema
from .scopes import insufficient_scope

GAME_ID = 42
NAMES = {1: "alice", 2: "bob"}
STARTED = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)
REQUEST = "5f0c6b2ad0e94c7f8a3e1b9d2c4f6a80"
"""The id of the request each problem example answers (a problem carries its request's id)."""


def _moment(seq: int) -> datetime:
    return STARTED + timedelta(seconds=10 * seq)


def _played_game():
    """A game of two players (alice, seat 0, and bob) after a clue, a discard and a play: its
    row, its event log and its state."""
    options = GameOptions(players=2)
    deck = shuffled_deck(get_variant(options.variant), "example")
    state = new_game(options, deck)
    events = [
        GameEvent(GAME_ID, 1, "seat_joined", 0, {"account_id": 1}, _moment(1)),
        GameEvent(GAME_ID, 2, "seat_joined", 1, {"account_id": 2}, _moment(2)),
        GameEvent(GAME_ID, 3, "game_started", None, {}, _moment(3)),
    ]
    bobs_newest = state.hands[1][0]
    alices_one = next((card for card in state.hands[0] if state.card(card).rank == 1), state.hands[0][0])
    moves = (
        RankClue(0, 1, state.card(bobs_newest).rank),
        Discard(1, state.hands[1][-1]),
        Play(0, alices_one, None),
    )
    for move in moves:
        state = state.apply(move)
        seq = len(events) + 1
        events.append(GameEvent(GAME_ID, seq, move.kind, move.seat, action_to_dict(move), _moment(seq)))
    seats = tuple(Seat(seat, None, account_id, None, _moment(seat + 1)) for seat, account_id in enumerate(NAMES))
    game = Game(
        id=GAME_ID,
        options=options,
        deck=deck,
        seed=None,
        creator_id=1,
        status="running",
        version=len(events),
        free_seats=0,
        turn=state.turn,
        current_seat=state.current_seat,
        score=state.score,
        end_condition=state.end_condition.label,
        created_at=STARTED,
        updated_at=events[-1].created_at,
        deadline=None,
        seats=seats,
        turn_started_at=events[-1].created_at,
    )
    return game, events, state


def _problem(error: Exception) -> dict:
    answering = REQUEST_ID.set(REQUEST)
    try:
        return json.loads(handle_error(error).get_data(as_text=True))
    finally:
        REQUEST_ID.reset(answering)


def _problems(game: Game, state) -> list[dict]:
    code, sentence = NOT_FOUND["game_id"]
    out_of_turn = Discard(1 - state.current_seat, state.hands[1 - state.current_seat][0])
    try:
        state.apply(out_of_turn)
        raise AssertionError("a move out of turn is illegal")
    except IllegalAction as error:
        not_your_turn = _problem(error)
    try:
        CreateGameRequestSchema().load({"options": {"players": 7}, "seats": [{"kind": "bot"}]})
        raise AssertionError("seven players is not a game")
    except Exception as error:  # marshmallow's ValidationError
        invalid_request = _problem(error)
    return [
        _problem(NotFound(sentence.format(7), code)),
        not_your_turn,
        _problem(VersionConflict(game.id, game.version, game.version - 1)),
        invalid_request,
        _problem(insufficient_scope(["play"], "POST", f"/v1/games/{game.id}/actions")),
    ]


def schema_examples() -> dict[str, list]:
    """The examples of each named schema of the description that has some."""
    game, events, state = _played_game()
    seat_of_view = 0
    log = public_events(game, events, seat_of_view, NAMES)
    return {
        "View": [json.loads(json.dumps(view_payload(game, state, seat_of_view), default=str))],
        "EventPage": [EventPageSchema().dump({"events": log, "last_seq": log[-1]["seq"], "has_more": False})],
        "Game": [GameSchema().dump(game_summary(game, NAMES))],
        "Problem": _problems(game, state),
    }


def add_examples(spec) -> None:
    """Give the apispec `spec`'s schemas their examples (`examples`, JSON Schema's keyword)."""
    schemas = spec.components.schemas
    for name, examples in schema_examples().items():
        schemas[name]["examples"] = examples
