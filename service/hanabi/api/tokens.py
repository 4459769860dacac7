"""API tokens: issue another token for your account (with the scopes you choose), revoke the
token you are using (and every token issued from it), revoke all your account's tokens."""

import marshmallow as ma
from flask import Response
from flask.views import MethodView
from marshmallow import fields, validate

from hanabi.store.accounts import SCOPES, revoke_all_tokens, revoke_token

from .context import bearer_token, current_account, current_token, db, issue_child_token, revoked
from .docs import problems
from .errors import Problem
from .inputs import Blueprint
from .schemas import StrictSchema
from .scopes import ANY_TOKEN, requires

blp = Blueprint("tokens", __name__, url_prefix="/v1/tokens", description="API tokens")


def _each_once(scopes: list[str]) -> None:
    if len(set(scopes)) != len(scopes):
        raise ma.ValidationError("Name each scope once.")


def scopes_field(description: str, choices: tuple[str, ...] = SCOPES) -> fields.List:
    return fields.List(
        fields.String(validate=validate.OneOf(choices)),
        validate=[validate.Length(min=1, max=len(choices)), _each_once],
        metadata={"description": description, "uniqueItems": True},
    )


class TokenRequestSchema(StrictSchema):
    scopes = scopes_field(
        "What the token may do (default: every scope of the token making the request): `read`, "
        "`play`, `games:write`, `webhooks`, `tokens`, `apps`; at most the scopes of that token"
    )


class CurrentTokenSchema(ma.Schema):
    account = fields.String(required=True, metadata={"description": "The account's name"})
    scopes = fields.List(
        fields.String(validate=validate.OneOf(SCOPES)), required=True, metadata={"description": "What the token may do"}
    )
    game_id = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The one game the token acts in (a table link); null: any"},
    )
    expires_at = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={"description": "When the token stops working; null: when it is revoked"},
    )


class TokenSchema(ma.Schema):
    token = fields.String(required=True, metadata={"description": "The new API token, shown only in this response"})
    account = fields.String(required=True, metadata={"description": "The account's name"})
    scopes = fields.List(
        fields.String(validate=validate.OneOf(SCOPES)), required=True, metadata={"description": "What the token may do"}
    )
    expires_at = fields.DateTime(
        required=True,
        allow_none=True,
        metadata={
            "description": "When the token stops working: when the token that issued it does; null: when revoked"
        },
    )


def narrower_scopes(asked: list[str] | None) -> list[str]:
    """The scopes of a new token: those asked for (default: all of the current token's), each
    one the current token has (403 `insufficient_scope` otherwise); in SCOPES' order."""
    held = current_token().scopes
    asked = set(held if asked is None else asked)
    beyond = [scope for scope in SCOPES if scope in asked - held]
    if beyond:
        raise Problem(
            403,
            "insufficient_scope",
            f"A token can give only scopes it has itself; this one lacks {', '.join(repr(s) for s in beyond)}.",
            scope=beyond[0],
        )
    return [scope for scope in SCOPES if scope in asked]


@blp.route("")
class Tokens(MethodView):
    @blp.doc(operationId="revoke_all_tokens")
    @requires("tokens")
    @blp.response(204)
    @problems(401, 403)
    def delete(self):
        """Revoke every token of your account, this one too: sign out everywhere

        And every token issued from them: watch links, and for an app its table links and the
        tokens it issued for its players. They stop working at once, as with
        `DELETE /v1/tokens/current`. The account stays: with a password, sign in again
        (`POST /v1/sessions`); an account without one has no way to get a token back.
        """
        revoked(revoke_all_tokens(db(), current_account().id))
        return Response(status=204)

    @blp.doc(operationId="create_token")
    @requires("tokens")
    @blp.arguments(TokenRequestSchema, required=False)
    @blp.response(201, TokenSchema)
    @problems(401, 403, 422)
    def post(self, data):
        """Issue a new token for your account

        With `scopes`, the token may do only that (give a bot script `["read", "play"]`); a
        token never gets a scope the token asking for it lacks, nor outlives it (a token that
        expires issues tokens that expire with it). Your other tokens stay valid.
        Idempotency-Key is not supported here: the response holds a secret that the server
        never stores.
        """
        account = current_account()
        scopes = narrower_scopes((data or {}).get("scopes"))
        token, expires_at = issue_child_token(account.id, scopes)
        return {"token": token, "account": account.name, "scopes": scopes, "expires_at": expires_at}, 201


@blp.route("/current")
class CurrentToken(MethodView):
    @blp.doc(operationId="get_current_token")
    @requires(ANY_TOKEN)
    @blp.response(200, CurrentTokenSchema)
    @problems(401)
    def get(self):
        """What the token of this request may do: its scopes, and its game and end for a table link"""
        token = current_token()
        return {
            "account": token.account.name,
            "scopes": [scope for scope in SCOPES if scope in token.scopes],
            "game_id": token.game_id,
            "expires_at": token.expires_at,
        }

    @blp.doc(operationId="revoke_current_token")
    @requires(ANY_TOKEN)
    @blp.response(204)
    @problems(401)
    def delete(self):
        """Revoke the token of this request and every token issued from it; they stop working at once

        Every token issued from it: the tokens, watch links, table links and player tokens its
        requests issued, and theirs, transitively. No API process accepts them once this
        request has answered (it waits about half a second for every process to have heard).
        """
        current_account()
        revoked(revoke_token(db(), bearer_token()))
        return Response(status=204)
