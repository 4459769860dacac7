"""The caller's games: all of them, and those waiting for the caller's move."""

from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.lobby import MAX_PAGE, games_awaiting_move, games_of_account

from .context import current_account, db, listen_conninfo, release_db
from .docs import problems
from .games import game_page
from .inputs import Blueprint
from .instrumentation import request_started
from .notifications import WaitSeconds, listener_for, long_poll, turn_key
from .present import decode_cursor
from .schemas import DEFAULT_PAGE, GamePageSchema, PageQuerySchema, StrictSchema
from .scopes import requires

blp = Blueprint("me", __name__, url_prefix="/v1/me", description="Your games")


class TurnQuerySchema(StrictSchema):
    limit = fields.Integer(load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    wait = WaitSeconds()


@blp.route("/games")
class MyGames(MethodView):
    @blp.doc(operationId="list_my_games")
    @requires("read")
    @blp.arguments(PageQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, GamePageSchema)
    @problems(401, 422)
    def get(self, query):
        """The games you have a seat in, newest first (cursor pagination)"""
        account = current_account()
        conn = db()
        games = games_of_account(
            conn,
            account.id,
            status=query.get("status"),
            before_id=decode_cursor(query.get("cursor")),
            limit=query["limit"],
        )
        return game_page(games, query["limit"])


@blp.route("/turn")
class MyTurn(MethodView):
    @blp.doc(operationId="list_my_turn")
    @requires("read")
    @blp.arguments(TurnQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, GamePageSchema)
    @problems(401, 422)
    def get(self, query):
        """Running games where it is your turn, most urgent first

        The nearest deadline first, then the turn that has waited longest. One page only
        (`next_cursor` is null): take your turns and ask again. With `wait`, when no game is
        waiting for you, the answer comes as soon as one is, or empty when the wait ends, at a random
        moment in its last quarter.
        """
        account = current_account()
        games = long_poll(
            listener_for(listen_conninfo()),
            turn_key(account.id),
            read=lambda: games_awaiting_move(db(), account.id, limit=query["limit"]),
            found=bool,
            seconds=query["wait"],
            started=request_started(),
            pause=release_db,
            nothing=[],
        )
        body = game_page(games, query["limit"])
        body["next_cursor"] = None
        return body
