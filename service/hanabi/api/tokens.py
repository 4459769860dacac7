"""API tokens: issue another token for your account, revoke the token you are using."""

import marshmallow as ma
from flask.views import MethodView
from marshmallow import fields

from hanabi.store.accounts import issue_token, revoke_token

from .context import bearer_token, current_account, db, forget_token
from .docs import problems
from .inputs import Blueprint

blp = Blueprint("tokens", __name__, url_prefix="/v1/tokens", description="API tokens")


class TokenSchema(ma.Schema):
    token = fields.String(required=True, metadata={"description": "The new API token, shown only in this response"})
    account = fields.String(required=True, metadata={"description": "The account's name"})


@blp.route("")
class Tokens(MethodView):
    @blp.doc(operationId="create_token")
    @blp.response(201, TokenSchema)
    @problems(401)
    def post(self):
        """Issue a new token for your account

        Your other tokens stay valid. Idempotency-Key is not supported here: the response holds
        a secret that the server never stores.
        """
        account = current_account()
        return {"token": issue_token(db(), account.id), "account": account.name}, 201


@blp.route("/current")
class CurrentToken(MethodView):
    @blp.doc(operationId="revoke_current_token")
    @blp.response(204)
    @problems(401)
    def delete(self):
        """Revoke the token of this request; it stops working at once

        At once in the API process that revoked it; the other API processes hear of the
        revocation from the database about a millisecond after it commits.
        """
        current_account()
        token = bearer_token()
        revoke_token(db(), token)
        forget_token(token)
        return None
