"""Accounts: create one (no token needed; its first token is shown once), read your own."""

import marshmallow as ma
from flask.views import MethodView
from marshmallow import fields, validate

from hanabi.store.accounts import ACCOUNT_KINDS, SCOPES, create_account, get_account

from .context import current_account, db
from .docs import problems
from .inputs import Blueprint
from .schemas import ACCOUNT_ID, StrictSchema, account_name_field
from .scopes import requires
from .tokens import scopes_field

blp = Blueprint("accounts", __name__, url_prefix="/v1/accounts", description="Accounts of people and bots")


class AccountRequestSchema(StrictSchema):
    name = account_name_field(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(ACCOUNT_KINDS))
    scopes = scopes_field("What the first token may do (default: everything)")


class AccountSchema(ma.Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(ACCOUNT_KINDS))
    created_at = fields.DateTime(required=True)


class NewAccountSchema(AccountSchema):
    token = fields.String(required=True, metadata={"description": "The API token, shown only in this response"})
    scopes = fields.List(
        fields.String(validate=validate.OneOf(SCOPES)), required=True, metadata={"description": "What the token may do"}
    )


@blp.route("")
class Accounts(MethodView):
    @blp.doc(operationId="create_account", security=[])
    @blp.arguments(AccountRequestSchema)
    @blp.response(201, NewAccountSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(409, 422)
    def post(self, data):
        """Create an account and its first API token

        The token is shown once, in this response; only its hash is stored. Names are unique
        regardless of case (409 `account_name_taken`). Idempotency-Key is not supported here:
        the response holds a secret that the server never stores.
        """
        conn = db()
        scopes = [scope for scope in SCOPES if scope in data.get("scopes", SCOPES)]
        account, token = create_account(conn, data["name"], data["kind"], scopes)
        return {**vars(account), "token": token, "scopes": scopes}, 201, {"Location": f"/v1/accounts/{account.id}"}


@blp.route("/me")
class Me(MethodView):
    @blp.doc(operationId="get_my_account")
    @requires("read")
    @blp.response(200, AccountSchema)
    @problems(401)
    def get(self):
        """The account of the token"""
        return current_account()


@blp.route(f"/<{ACCOUNT_ID}>")
class AccountById(MethodView):
    @blp.doc(operationId="get_account")
    @requires("read")
    @blp.response(200, AccountSchema)
    @problems(401, 404)
    def get(self, account_id):
        """An account's public details"""
        current_account()
        return get_account(db(), account_id)
