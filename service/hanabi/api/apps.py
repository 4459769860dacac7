"""Apps and their players: an account of kind `app` creates accounts for its own users, named
`<app name>/<user>` (no one else can take such a name), and issues and revokes their tokens.

Every endpoint here needs the scope `apps` and an app's token (else 403 `not_an_app`); an
account the app did not create is a 404 `player_not_found`, like one that does not exist.
The scope `apps` is the power to act as the app's players: a player's token (or table link)
may have any scope but `apps`, whatever the scopes of the app's token that issues it; it never
outlives that token and is revoked with it. The app's webhooks receive the events of its players'
games (store.webhooks), and its
requests and its players' count together against HANABI_RATE_LIMIT_APPS (ratelimits).
"""

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.accounts import (
    PLAYER_KINDS,
    SCOPES,
    Account,
    create_player,
    get_player,
    list_players,
    revoke_player_tokens,
)
from hanabi.store.lobby import MAX_PAGE

from .context import Reply, current_account, db, idempotent_write, issue_child_token, revoked
from .docs import idempotent, links_to, problems
from .errors import Problem
from .inputs import Blueprint
from .present import decode_cursor, encode_cursor
from .schemas import DEFAULT_PAGE, StrictSchema, account_name_field, cursor_field
from .scopes import requires
from .tokens import scopes_field

blp = Blueprint("apps", __name__, url_prefix="/v1/players", description="An app's players and their tokens")

PLAYER_ID = "id:player_id"
PLAYER_SCOPES = tuple(scope for scope in SCOPES if scope != "apps")
DEFAULT_PLAYER_SCOPES = ("read", "play", "games:write")
MAX_TOKEN_SECONDS = 366 * 24 * 3600


class PlayerRequestSchema(StrictSchema):
    user = account_name_field(
        required=True, metadata={"description": "Your name for the user; the account is named `<app>/<user>`"}
    )
    kind = fields.String(load_default="human", validate=validate.OneOf(PLAYER_KINDS))


class PlayerSchema(ma.Schema):
    id = fields.Integer(required=True)
    name = fields.String(
        required=True, metadata={"description": "`<app>/<user>`: the name games and other players see"}
    )
    user = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(PLAYER_KINDS))
    created_at = fields.DateTime(required=True)
    app = fields.String(required=True, metadata={"description": "The app that created the account"})


class PlayerPageSchema(ma.Schema):
    items = fields.List(fields.Nested(PlayerSchema), required=True)
    next_cursor = fields.String(required=True, allow_none=True)


class PlayerPageQuerySchema(StrictSchema):
    limit = fields.Integer(strict=False, load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    cursor = cursor_field()


class PlayerTokenRequestSchema(StrictSchema):
    scopes = scopes_field(
        f"What the token may do (default: {', '.join(DEFAULT_PLAYER_SCOPES)}); any scope but apps", PLAYER_SCOPES
    )
    seconds = fields.Integer(
        strict=True,
        validate=validate.Range(60, MAX_TOKEN_SECONDS),
        metadata={
            "description": "The token stops working after this many seconds (default: when revoked), and when "
            "your token does"
        },
    )


class PlayerTokenSchema(ma.Schema):
    token = fields.String(
        required=True, metadata={"description": "The player's new API token, shown only in this response"}
    )
    account = fields.String(required=True)
    scopes = fields.List(fields.String(validate=validate.OneOf(SCOPES)), required=True)
    expires_at = fields.DateTime(required=True, allow_none=True)


def current_app_account() -> Account:
    account = current_account()
    if account.kind != "app":
        raise Problem(
            403, "not_an_app", "Only an account of kind app has players: create one with POST /v1/accounts (kind app)."
        )
    return account


@blp.route("")
class Players(MethodView):
    @blp.doc(operationId="create_player")
    @requires("apps")
    @links_to("player_id", ("get_player", "create_player_token", "revoke_player_tokens"))
    @blp.arguments(PlayerRequestSchema)
    @blp.response(201, PlayerSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(401, 403, 409, 422)
    @idempotent
    def post(self, data):
        """Create an account for one of your users

        It is named `<your app's name>/<user>` (409 `account_name_taken` when you already have
        that user) and has no token until you issue one.
        """
        app = current_app_account()

        def write(conn):
            player = create_player(conn, app, data["user"], data["kind"])
            return Reply(201, PlayerSchema().dump(player), {"Location": f"/v1/players/{player.id}"})

        return idempotent_write(write)

    @blp.doc(operationId="list_players")
    @requires("apps")
    @blp.arguments(PlayerPageQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, PlayerPageSchema)
    @problems(401, 403, 422)
    def get(self, query):
        """List your players, newest first (cursor pagination)"""
        app = current_app_account()
        limit = query["limit"]
        players = list_players(db(), app, limit, decode_cursor(query.get("cursor")))
        return {"items": players, "next_cursor": encode_cursor(players[-1].id) if len(players) == limit else None}


@blp.route(f"/<{PLAYER_ID}>")
class PlayerById(MethodView):
    @blp.doc(operationId="get_player")
    @requires("apps")
    @blp.response(200, PlayerSchema)
    @problems(401, 403, 404)
    def get(self, player_id):
        """One of your players"""
        return get_player(db(), current_app_account(), player_id)


@blp.route(f"/<{PLAYER_ID}>/tokens")
class PlayerTokens(MethodView):
    @blp.doc(operationId="create_player_token")
    @requires("apps")
    @blp.arguments(PlayerTokenRequestSchema, required=False)
    @blp.response(201, PlayerTokenSchema)
    @problems(401, 403, 404, 422)
    def post(self, data, player_id):
        """Issue a token for one of your players

        Hand it to the user's client (a browser page, a bot). It stops working when your token
        does, and is revoked with it. Idempotency-Key is not supported here: the response holds
        a secret that the server never stores.
        """
        app = current_app_account()
        data = data or {}
        player = get_player(db(), app, player_id)
        scopes = [scope for scope in PLAYER_SCOPES if scope in data.get("scopes", DEFAULT_PLAYER_SCOPES)]
        token, expires_at = issue_child_token(player.id, scopes, seconds=data.get("seconds"), issued_by_app=app.id)
        return {"token": token, "account": player.name, "scopes": scopes, "expires_at": expires_at}, 201

    @blp.doc(operationId="revoke_player_tokens")
    @requires("apps")
    @blp.response(204)
    @problems(401, 403, 404)
    def delete(self, player_id):
        """Revoke every token of one of your players, and every token issued from them, at once"""
        revoked(revoke_player_tokens(db(), current_app_account(), player_id))
        return Response(status=204)
