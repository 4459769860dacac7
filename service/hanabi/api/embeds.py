"""Links to the embeddable table (`/embed/games/{id}`, hanabi.web.embed): a short-lived token
that works in one game only, handed to the page in the URL's fragment (which browsers never
send to a server, nor in a Referer).

- A watch link shows a game to whoever opens it: `read` only, for a game the caller may watch
  (one that allows spectators, a finished one: its replay, or one the caller plays in).
- A table link opens one of an app's players' seat: `read` and `play`, issued by the app, so
  the app's user plays in the frame without the app handing over a long-lived token.

A link never outlives the token that made it and is revoked with it (`issue_child_token`).
"""

import marshmallow as ma
from flask import request
from flask.views import MethodView
from marshmallow import fields, validate

from hanabi.store.accounts import SCOPES, get_player
from hanabi.store.games import get_game

from .apps import PLAYER_ID, current_app_account
from .context import current_account, db, issue_child_token
from .docs import problems
from .errors import Problem
from .inputs import Blueprint
from .present import seat_or_spectator
from .schemas import GAME_ID, MAX_ID, StrictSchema
from .scopes import requires

blp = Blueprint("embeds", __name__, url_prefix="/v1", description="Links to the embeddable table")

DEFAULT_LINK_SECONDS = 3600
MAX_LINK_SECONDS = 86400
WATCH_SCOPES = ("read",)
TABLE_SCOPES = ("read", "play")


def seconds_field() -> fields.Integer:
    return fields.Integer(
        strict=True,
        load_default=DEFAULT_LINK_SECONDS,
        validate=validate.Range(60, MAX_LINK_SECONDS),
        metadata={
            "description": f"How long the link works (default {DEFAULT_LINK_SECONDS}); never past the end of "
            "the token that asks for it"
        },
    )


class WatchLinkRequestSchema(StrictSchema):
    seconds = seconds_field()


class TableLinkRequestSchema(StrictSchema):
    game_id = fields.Integer(strict=True, required=True, validate=validate.Range(1, MAX_ID))
    seconds = seconds_field()


class LinkSchema(ma.Schema):
    url = fields.String(
        required=True,
        metadata={"description": "The table's address, the token in its fragment: the `src` of an iframe"},
    )
    token = fields.String(required=True, metadata={"description": "The link's token, shown only in this response"})
    game_id = fields.Integer(required=True)
    scopes = fields.List(fields.String(validate=validate.OneOf(SCOPES)), required=True)
    expires_at = fields.DateTime(required=True)


def link(account_id: int, game_id: int, scopes: tuple[str, ...], seconds: int, app_id: int | None = None) -> dict:
    token, expires_at = issue_child_token(account_id, scopes, seconds=seconds, game_id=game_id, issued_by_app=app_id)
    return {
        "url": f"{request.host_url}embed/games/{game_id}#token={token}",
        "token": token,
        "game_id": game_id,
        "scopes": list(scopes),
        "expires_at": expires_at,
    }


@blp.route(f"/games/<{GAME_ID}>/watch-links")
class WatchLinks(MethodView):
    @blp.doc(operationId="create_watch_link")
    @requires("read")
    @blp.arguments(WatchLinkRequestSchema, required=False)
    @blp.response(201, LinkSchema)
    @problems(401, 403, 404, 422)
    def post(self, data, game_id):
        """A link that shows this game in the embeddable table, for a while

        For a game you may watch: one that allows spectators, a finished one (its replay), or
        one you play in (then the link shows your seat's view). The link's token may only read
        this game, stops working when the token that asked for it does, and is revoked with it.
        Idempotency-Key is not supported here: the response holds a secret.
        """
        account = current_account()
        seat_or_spectator(get_game(db(), game_id), account.id)
        return link(account.id, game_id, WATCH_SCOPES, (data or {}).get("seconds", DEFAULT_LINK_SECONDS)), 201


@blp.route(f"/players/<{PLAYER_ID}>/table-links")
class TableLinks(MethodView):
    @blp.doc(operationId="create_table_link")
    @requires("apps")
    @blp.arguments(TableLinkRequestSchema)
    @blp.response(201, LinkSchema)
    @problems(401, 403, 404, 422)
    def post(self, data, player_id):
        """A link that opens one of your players' seat in the embeddable table, for a while

        The player must sit in the game (403 `not_a_player`). The link's token may read and
        play that game only, and stops working after `seconds` or when your token does;
        revoking your token revokes it.
        Idempotency-Key is not supported here: the response holds a secret.
        """
        app = current_app_account()
        conn = db()
        player = get_player(conn, app, player_id)
        game = get_game(conn, data["game_id"])
        if game.seat_of(player.id) is None:
            raise Problem(403, "not_a_player", f"{player.name} has no seat in game {game.id}.")
        return link(player.id, game.id, TABLE_SCOPES, data["seconds"], app.id), 201
