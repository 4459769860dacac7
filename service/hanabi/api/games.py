"""Games: create, list the lobby, read one, join and leave a seat, start, resign, abort."""

from collections.abc import Callable

import psycopg
from flask import Response, current_app
from flask.views import MethodView
from marshmallow import RAISE, ValidationError, fields, validate, validates_schema

from hanabi.bots import STRATEGIES, TEAM_ONLY_NOTE
from hanabi.engine import EndCondition, EndGame, GameOptions
from hanabi.engine.options import MAX_PLAYERS, MIN_PLAYERS
from hanabi.store.accounts import Account, find_account
from hanabi.store.deadlines import TimeControl
from hanabi.store.games import create_game, get_game
from hanabi.store.lobby import list_games
from hanabi.store.moves import make_move
from hanabi.store.records import Game, SeatPlan
from hanabi.store.seats import join_seat, leave_seat, start_game

from .context import Reply, current_account, db, deal_secret, followups, idempotent_write
from .docs import GAME_OPERATIONS, idempotent, links_to, problems
from .errors import Problem
from .inputs import Blueprint
from .present import decode_cursor, encode_cursor, game_summary, names_for
from .schemas import GAME_ID, NO_NUL, FullMatch, OneOfKinds, StrictBoolean, StrictSchema, account_reference_field
from .schemas.games import GamePageSchema, GameSchema, OptionsRequestSchema, PageQuerySchema, TimeControlRequestSchema
from .scopes import requires

blp = Blueprint("games", __name__, url_prefix="/v1/games", description="Games: the lobby and the seats")
LOBBY_CAP_EXTENSION = "hanabi_lobby_cap"

SEAT_FIELDS = {"open": (), "account": ("account",), "bot": ("strategy",)}
"""The field each kind of seat needs (and the only one it has besides `kind`)."""


class SeatPlanRequestSchema(StrictSchema):
    kind = fields.String(required=True, validate=validate.OneOf(tuple(SEAT_FIELDS)))
    account = account_reference_field(metadata={"description": "With kind account: the account's name"})
    strategy = fields.String(
        validate=validate.OneOf(tuple(STRATEGIES)),
        metadata={"description": f"With kind bot: the bot strategy. {TEAM_ONLY_NOTE[0].upper()}{TEAM_ONLY_NOTE[1:]}"},
    )

    ONE_OF_KINDS = OneOfKinds(
        {kind: (needed, ()) for kind, needed in SEAT_FIELDS.items()},
        ("account", "strategy"),
        {kind: f"{kind.title()}SeatRequest" for kind in SEAT_FIELDS},
    )

    @validates_schema
    def check_kind(self, data, **kwargs):
        needed = SEAT_FIELDS.get(data.get("kind"), ())
        for name in ("account", "strategy"):
            if name in needed and name not in data:
                raise ValidationError(f"A seat of kind {data['kind']!r} needs {name!r}.", name)
            if name not in needed and name in data:
                raise ValidationError(f"A seat of kind {data['kind']!r} has no {name!r}.", name)


class CreateGameRequestSchema(StrictSchema):
    """A new game's options and seat plan. The rule between the two is said in words
    (JSON_SCHEMA): as JSON Schema keywords, generators make a class per number of players of it."""

    JSON_SCHEMA = {
        "description": "A new game: its options and its seat plan. `seats`, when given, has one entry per "
        "player (options.players entries), else 422 `invalid_seat_plan`; options.starting_seat is one of the "
        "seats (below options.players), else 422 `invalid_option`."
    }

    options = fields.Nested(OptionsRequestSchema, required=True)
    seats = fields.List(
        fields.Nested(SeatPlanRequestSchema),
        validate=validate.Length(MIN_PLAYERS, MAX_PLAYERS),
        metadata={
            "description": "One entry per player (options.players entries), in seat order; default: every seat open"
        },
    )
    seed = fields.String(
        validate=[validate.Length(1, 200), FullMatch(NO_NUL, error="A seed holds no NUL character.")],
        metadata={
            "description": "Names a deal: every game created with this seed on this server gets the same deck. "
            "Whoever knows the seed can see the deal (docs/security.md); the API shows it once the game is finished"
        },
    )
    start_when_full = StrictBoolean(load_default=True, metadata={"description": "Start when the last seat is taken"})
    time_control = fields.Nested(TimeControlRequestSchema, metadata={"description": 'Default: {"kind": "none"}'})
    spectators = StrictBoolean(
        load_default=False,
        metadata={
            "description": "Let any signed-in account watch the running game (every hand shown) and use its chat"
        },
    )


class JoinRequestSchema(StrictSchema):
    seat = fields.Integer(
        strict=True,
        validate=validate.Range(0, MAX_PLAYERS - 1),
        metadata={"description": "The seat to take; default: your reserved seat, else the first open one"},
    )


def summary(conn, game) -> dict:
    return game_summary(game, names_for(conn, [game]))


GAME_SCHEMA = GameSchema()
"""One instance for every reply: a marshmallow schema copies its fields when it is made."""


def summary_body(conn, game) -> dict:
    """The summary as JSON, for replies that are stored for Idempotency-Key retries."""
    return GAME_SCHEMA.dump(summary(conn, game))


def change_game(change: Callable[[psycopg.Connection, Account], Game]) -> Response:
    """The reply of a POST that changes a game: `change(conn, account)` makes the change as the
    caller's account and returns the game as it is now, which the reply (200) summarizes.
    An Idempotency-Key is honoured (`idempotent_write`)."""
    account = current_account()
    return idempotent_write(lambda conn: Reply(200, summary_body(conn, change(conn, account)), {}))


def game_page(games, limit: int) -> dict:
    """A page of game summaries; the request's connection is taken only when there are games to name."""
    names = names_for(db(), games) if games else {}
    return {
        "items": [game_summary(game, names) for game in games],
        "next_cursor": encode_cursor(games[-1].id) if len(games) == limit else None,
    }


@blp.route("")
class Games(MethodView):
    @blp.doc(operationId="list_games")
    @requires("read")
    @blp.arguments(PageQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, GamePageSchema)
    @problems(401, 422)
    def get(self, query):
        """List games, newest first, optionally by status (cursor pagination)"""
        current_account()
        conn = db()
        games = list_games(
            conn, status=query.get("status"), before_id=decode_cursor(query.get("cursor")), limit=query["limit"]
        )
        return game_page(games, query["limit"])

    @blp.doc(operationId="create_game")
    @requires("games:write")
    @links_to("game_id", GAME_OPERATIONS)
    @blp.arguments(CreateGameRequestSchema)
    @blp.response(201, GameSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(401, 409, 422)
    @idempotent
    def post(self, data):
        """Create a game with any engine options and a seat plan

        Seats are open, reserved for a named account, or played by a built-in bot strategy. The
        creator does not take a seat by creating the game: join it like anyone else. An account
        keeps at most HANABI_LOBBY_GAMES_PER_ACCOUNT games waiting in the lobby, and an app with
        all its players HANABI_LOBBY_GAMES_PER_APP: past that, 409 `too_many_lobby_games`.
        """
        account = current_account()
        options = GameOptions(**data["options"])
        time_control = TimeControl.from_dict(data.get("time_control"))
        seats = data.get("seats") or [{"kind": "open"}] * options.players

        def write(conn):
            plan = [_seat_plan(conn, index, seat) for index, seat in enumerate(seats)]
            game, _ = create_game(
                conn,
                options,
                plan,
                creator_id=account.id,
                seed=data.get("seed"),
                deal_secret=deal_secret(),
                start_when_full=data["start_when_full"],
                time_control=time_control,
                spectators=data["spectators"],
                lobby_cap=current_app.extensions[LOBBY_CAP_EXTENSION],
                followups=followups(),
            )
            return Reply(201, summary_body(conn, game), {"Location": f"/v1/games/{game.id}"})

        return idempotent_write(write)


def _seat_plan(conn, index: int, seat: dict) -> SeatPlan:
    if seat["kind"] == "bot":
        return SeatPlan.bot(seat["strategy"])
    if seat["kind"] == "account":
        account = find_account(conn, seat["account"])
        if account is None:
            raise Problem(
                422,
                "account_not_found",
                f"Seat {index + 1} (counting from 1) is reserved for {seat['account']!r}, "
                "but there is no such account.",
                errors={f"seats.{index}.account": ["No account has this name."]},
            )
        return SeatPlan.reserved(account.id)
    return SeatPlan.open()


@blp.route(f"/<{GAME_ID}>")
class GameById(MethodView):
    @blp.doc(operationId="get_game")
    @requires("read")
    @blp.response(200, GameSchema)
    @problems(401, 404)
    def get(self, game_id):
        """A game's summary: options, status, seats, version, whose turn, score"""
        current_account()
        conn = db()
        return summary(conn, get_game(conn, game_id))


@blp.route(f"/<{GAME_ID}>/join")
class Join(MethodView):
    @blp.doc(operationId="join_game")
    @requires("play")
    @blp.arguments(JoinRequestSchema, required=False)
    @blp.response(200, GameSchema)
    @problems(401, 404, 409, 422)
    @idempotent
    def post(self, data, game_id):
        """Take a seat in a lobby game

        Taking the last free seat starts the game (unless it was created with
        `start_when_full: false`). Of two players taking the last seat at once, one gets it and
        the other a 409 (`game_full`, or `seat_taken` when they asked for that seat).
        """
        seat = (data or {}).get("seat")
        return change_game(lambda conn, account: join_seat(conn, game_id, account.id, seat, followups=followups()).game)


@blp.route(f"/<{GAME_ID}>/leave")
class Leave(MethodView):
    @blp.doc(operationId="leave_game")
    @requires("play")
    @blp.response(200, GameSchema)
    @problems(401, 404, 409)
    @idempotent
    def post(self, game_id):
        """Give up your seat in a lobby game (a running game is left by resigning)"""
        return change_game(lambda conn, account: leave_seat(conn, game_id, account.id, followups=followups()).game)


@blp.route(f"/<{GAME_ID}>/start")
class Start(MethodView):
    @blp.doc(operationId="start_game")
    @requires("games:write")
    @blp.response(200, GameSchema)
    @problems(401, 403, 404, 409)
    @idempotent
    def post(self, game_id):
        """Start a full game (creator only); 409 `seats_free` while a seat is free"""

        def start(conn, account):
            _require_creator(get_game(conn, game_id), account, "start")
            return start_game(conn, game_id, followups=followups()).game

        return change_game(start)


@blp.route(f"/<{GAME_ID}>/resign")
class Resign(MethodView):
    @blp.doc(operationId="resign_game")
    @requires("play")
    @blp.response(200, GameSchema)
    @problems(401, 403, 404, 409)
    @idempotent
    def post(self, game_id):
        """End a running game you play in: it is terminated (score 0) with your seat as the cause"""

        def resign(conn, account):
            game = get_game(conn, game_id)
            seat = game.seat_of(account.id)
            if seat is None:
                raise Problem(403, "not_a_player", f"You have no seat in game {game_id}.")
            if game.status == "lobby":
                raise Problem(409, "game_not_started", f"Game {game_id} has not started; leave your seat instead.")
            return make_move(conn, game_id, EndGame(seat, EndCondition.TERMINATED), followups=followups()).game

        return change_game(resign)


@blp.route(f"/<{GAME_ID}>/abort")
class Abort(MethodView):
    @blp.doc(operationId="abort_game")
    @requires("games:write")
    @blp.response(200, GameSchema)
    @problems(401, 403, 404, 409)
    @idempotent
    def post(self, game_id):
        """End a lobby or running game (creator only): it is terminated with no seat as the cause"""

        def abort(conn, account):
            _require_creator(get_game(conn, game_id), account, "abort")
            return make_move(conn, game_id, EndGame(-1, EndCondition.TERMINATED), followups=followups()).game

        return change_game(abort)


def _require_creator(game, account, verb: str) -> None:
    if game.creator_id != account.id:
        raise Problem(403, "not_creator", f"Only the creator of game {game.id} can {verb} it.")
