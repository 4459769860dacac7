"""Playing: post an action for your seat, read your view of a game."""

import orjson
from flask import Response, request
from flask.views import MethodView

from hanabi.store.games import load_game
from hanabi.store.moves import PlayerMove, make_move
from hanabi.store.records import Game

from .context import Reply, current_account, db, followups, idempotent_write
from .docs import IF_NONE_MATCH_PARAMETER, idempotent, problems
from .errors import Problem
from .inputs import Blueprint
from .present import seat_or_spectator, view_payload
from .schemas import GAME_ID
from .schemas.actions import ActionRequestSchema
from .schemas.views import ViewSchema
from .scopes import requires

blp = Blueprint("play", __name__, url_prefix="/v1/games", description="Playing: actions and views")


def etag(version: int) -> str:
    return f'"{version}"'


@blp.route(f"/<{GAME_ID}>/actions")
class Actions(MethodView):
    @blp.doc(operationId="act")
    @requires("play")
    @blp.arguments(ActionRequestSchema())
    @blp.response(200, ViewSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @problems(401, 403, 404, 409, 422)
    @idempotent
    def post(self, data, game_id):
        """Act for your seat: play, discard, give a clue, or reorder your hand

        Cards are named by id. The response is your view after the action. An illegal move is
        a problem naming the rule: 409 when another state of the game could allow it
        (`not_your_turn`, `no_clue_tokens`, `clue_touches_no_card`, `clue_tokens_full`,
        `card_not_in_hand`, `invalid_reorder`, `game_over`), 422 when this game never could
        (`invalid_color`, `invalid_rank`, `invalid_target`, `cannot_clue_self`, ...). With
        `expected_version`, 409 `version_conflict` (with `current_version`) when the game moved on.
        A legal action of your view is a body as it stands: its `seat` is yours (a body naming
        another seat is 403 `not_your_seat`).
        """
        account = current_account()
        move = PlayerMove(account.id, {name: value for name, value in data.items() if name != "expected_version"})

        def write(conn):
            game, state = make_move(conn, game_id, move, data.get("expected_version"), followups=followups())
            body = view_payload(game, state, game.seat_of(account.id))
            return Reply(200, body, {"ETag": etag(game.version), "Vary": "Authorization"})

        return idempotent_write(write)


@blp.route(f"/<{GAME_ID}>/view")
class GameView(MethodView):
    @blp.doc(operationId="get_view", parameters=[IF_NONE_MATCH_PARAMETER])
    @requires("read")
    @blp.response(200, ViewSchema, headers={"ETag": {"schema": {"type": "string"}}})
    @blp.alt_response(304, description="Not modified: the game is still at the version of If-None-Match")
    @problems(401, 403, 404, 409)
    def get(self, game_id):
        """Your view of a game: others' cards in full, your own as ids with what clues told you

        Players see their own view; anyone else gets the spectator's view (every hand shown) of a
        finished game, or of a running one whose creator allowed spectators (`spectators`), and
        otherwise 403 `not_a_player`. A seat always gets its own view, never the spectator's. A
        game in the lobby has no view yet (409 `game_not_started`; read the game's summary
        instead). `ETag` is the game's version: send it back as `If-None-Match` and get 304 while
        nothing changed.
        """
        account = current_account()
        game, state = load_game(db(), game_id)
        seat = _seat_of_view(game, account)
        headers = {"ETag": etag(game.version), "Vary": "Authorization"}
        if etag(game.version) in _if_none_match():
            return Response(status=304, headers=headers)
        return Response(orjson.dumps(view_payload(game, state, seat)), mimetype="application/json", headers=headers)


def _if_none_match() -> set[str]:
    header = request.headers.get("If-None-Match", "")
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}


def _seat_of_view(game: Game, account) -> int | None:
    """The seat whose view `account` gets; None for a spectator's view (see `seat_or_spectator`)."""
    if game.status == "lobby":
        raise Problem(
            409, "game_not_started", f"Game {game.id} has not started; GET /v1/games/{game.id} shows its seats."
        )
    return seat_or_spectator(game, account.id)
