"""Replays: the whole table of a finished game at any turn, every card shown."""

from flask import Response, json
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.engine import TurnOutOfRange, state_at_turn
from hanabi.store.games import get_game, list_events

from .context import current_account, db
from .docs import problems
from .errors import Problem
from .inputs import Blueprint
from .present import view_payload
from .schemas import GAME_ID, StrictSchema
from .schemas.views import ViewSchema
from .scopes import requires

blp = Blueprint("replays", __name__, url_prefix="/v1/games", description="Replays of finished games, turn by turn")


class ReplayQuerySchema(StrictSchema):
    turn = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "The turn to show: 0 is the deal, `turns` the final table"},
    )


class ReplaySchema(ViewSchema):
    """The full view of a finished game at one turn (`seat` null, every card shown, no legal
    actions), plus the number of turns the game has."""

    turns = fields.Integer(required=True, metadata={"description": "The game's last turn: valid turns are 0 to turns"})


@blp.route(f"/<{GAME_ID}>/replay")
class Replay(MethodView):
    @blp.doc(operationId="get_replay")
    @requires("read")
    @blp.arguments(ReplayQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, ReplaySchema)
    @problems(401, 404, 409, 422)
    def get(self, query, game_id):
        """A finished game's table at a turn, every card shown (imported games too)

        The table at turn N has the game's first N turns applied, and the hand reorders made
        before turn N's move; turn 0 is the deal and turn `turns` the end. Anyone may step
        through a finished game; a game in the lobby or still running has no replay (409
        `game_not_finished`), and a turn the game never reached is a 422 `invalid_turn`.
        """
        current_account()
        conn = db()
        game = get_game(conn, game_id)
        if game.status != "finished":
            raise Problem(409, "game_not_finished", f"Game {game_id} is not finished; its replay opens when it ends.")
        actions = [event.action for event in list_events(conn, game_id) if event.action is not None]
        try:
            state, turns = state_at_turn(game.options, game.deck, actions, query["turn"])
        except TurnOutOfRange as error:
            raise Problem(
                422, "invalid_turn", f"Game {game_id} has turns 0 to {error.last_turn}; there is no turn {error.turn}."
            ) from None
        body = view_payload(game, state, None)
        body["turns"] = turns
        return Response(json.dumps(body), mimetype="application/json")
