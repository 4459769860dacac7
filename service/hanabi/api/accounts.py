"""Accounts: create one (no token needed; its first token is shown once), read and change your
own (password, email address, notification settings)."""

import marshmallow as ma
from flask import current_app
from flask.views import MethodView
from marshmallow import fields, validate

from hanabi.store.accounts import ACCOUNT_KINDS, SCOPES, create_account, get_account
from hanabi.store.credentials import (
    MAX_PASSWORD_LENGTH,
    MIN_PASSWORD_LENGTH,
    NOTIFICATION_MODES,
    REMINDER_MODES,
    PasswordHashing,
    change_password,
    credentials,
    set_email,
    set_notifications,
)
from hanabi.store.outbox import queue_mail

from .context import current_account, db
from .docs import problems
from .inputs import Blueprint
from .schemas import ACCOUNT_ID, StrictSchema, account_name_field
from .scopes import requires
from .tokens import scopes_field

blp = Blueprint("accounts", __name__, url_prefix="/v1/accounts", description="Accounts of people and bots")
PASSWORD_HASHING_EXTENSION = "hanabi_password_hashing"


def password_hashing() -> PasswordHashing:
    """The app's argon2id parameters (HANABI_PASSWORD_HASHING)."""
    return current_app.extensions[PASSWORD_HASHING_EXTENSION]


def password_field(description: str, **kwargs) -> fields.String:
    return fields.String(
        validate=validate.Length(MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH),
        metadata={"description": description},
        **kwargs,
    )


def email_field(**kwargs) -> fields.Email:
    return fields.Email(validate=validate.Length(max=254), **kwargs)


class AccountRequestSchema(StrictSchema):
    name = account_name_field(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(ACCOUNT_KINDS))
    scopes = scopes_field("What the first token may do (default: everything)")
    password = password_field(
        f"Lets you sign in on any device (POST /v1/sessions): {MIN_PASSWORD_LENGTH} to {MAX_PASSWORD_LENGTH} characters"
    )
    email = email_field(
        metadata={"description": "Where mail goes (notifications, password resets) once a link mailed to it is opened"}
    )


class NotificationsSchema(StrictSchema):
    your_turn = fields.String(
        validate=validate.OneOf(NOTIFICATION_MODES),
        metadata={"description": "Mail when a game waits on you: immediately, in a daily digest, or off"},
    )
    game_over = fields.String(
        validate=validate.OneOf(NOTIFICATION_MODES),
        metadata={"description": "Mail when a game you are in ends: immediately, daily, or off"},
    )
    deadline_reminder = fields.String(
        validate=validate.OneOf(REMINDER_MODES),
        metadata={"description": "Mail before the deadline of a turn waiting on you: immediately or off"},
    )


class MyAccountSchema(ma.Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(ACCOUNT_KINDS))
    created_at = fields.DateTime(required=True)
    has_password = fields.Boolean(required=True, metadata={"description": "Whether you can sign in with a password"})
    email = fields.String(allow_none=True, required=True)
    email_verified = fields.Boolean(
        required=True, metadata={"description": "Whether the email address was proved by its link; mail goes only then"}
    )
    notifications = fields.Nested(NotificationsSchema, required=True)


class AccountChangeSchema(StrictSchema):
    password = password_field("A new password")
    current_password = fields.String(
        validate=validate.Length(max=MAX_PASSWORD_LENGTH),
        metadata={"description": "Your password, needed to change it when you have one"},
    )
    email = email_field(
        allow_none=True,
        metadata={"description": "A new email address (mailed a link to verify it), or null for none"},
    )
    notifications = fields.Nested(NotificationsSchema)


def my_account(account_id: int) -> dict:
    found = credentials(db(), account_id)
    return {
        **vars(found),
        "notifications": {
            "your_turn": found.notify_your_turn,
            "game_over": found.notify_game_over,
            "deadline_reminder": found.notify_deadline_reminder,
        },
    }


def queue_verification(conn, account_id: int, email: str, token: str | None) -> None:
    if token is not None:
        queue_mail(conn, account_id, "verify_email", email, {"token": token})


class AccountSchema(ma.Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    kind = fields.String(required=True, validate=validate.OneOf(ACCOUNT_KINDS))
    created_at = fields.DateTime(required=True)


class NewAccountSchema(MyAccountSchema):
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
        regardless of case (409 `account_name_taken`). With a `password`, you can sign in again
        on any device (`POST /v1/sessions`); with an `email`, a link to verify it is mailed.
        Idempotency-Key is not supported here: the response holds a secret that the server
        never stores.
        """
        conn = db()
        scopes = [scope for scope in SCOPES if scope in data.get("scopes", SCOPES)]
        password_hash = password_hashing().hash(data["password"]) if "password" in data else None
        with conn.transaction():
            account, token = create_account(conn, data["name"], data["kind"], scopes, password_hash)
            if data.get("email"):
                queue_verification(conn, account.id, data["email"], set_email(conn, account.id, data["email"]))
        body = {**my_account(account.id), "token": token, "scopes": scopes}
        return body, 201, {"Location": f"/v1/accounts/{account.id}"}


@blp.route("/me")
class Me(MethodView):
    @blp.doc(operationId="get_my_account")
    @requires("read")
    @blp.response(200, MyAccountSchema)
    @problems(401)
    def get(self):
        """The account of the token, with its settings"""
        return my_account(current_account().id)

    @blp.doc(operationId="update_my_account")
    @requires("tokens")
    @blp.arguments(AccountChangeSchema, required=False)
    @blp.response(200, MyAccountSchema)
    @problems(401, 403, 409, 422)
    def patch(self, data):
        """Change your password, email address or notification settings

        A new `password` needs `current_password` when the account has one (403
        `wrong_password`); your tokens stay valid (sign out everywhere with
        `DELETE /v1/tokens`). A new `email` is unverified until the link mailed to it is
        opened (`POST /v1/email-verifications`); mail goes only to a verified address.
        `notifications` sets any of your_turn, game_over (immediately, daily, off) and
        deadline_reminder (immediately, off).
        """
        account = current_account()
        conn = db()
        data = data or {}
        if "password" in data:
            change_password(conn, password_hashing(), account.id, data.get("current_password"), data["password"])
        with conn.transaction():
            if "email" in data:
                queue_verification(conn, account.id, data["email"], set_email(conn, account.id, data["email"]))
            if data.get("notifications"):
                set_notifications(conn, account.id, data["notifications"])
        return my_account(account.id)


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
