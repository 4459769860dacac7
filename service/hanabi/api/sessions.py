"""Signing in with a password, and what the links of the service's mail do: verify an email
address, reset a forgotten password, unsubscribe. None of these needs a token.

Guessing is limited in Postgres (hanabi.store.credentials): failed sign-ins per account and per
client address (HANABI_SIGN_IN_LIMIT_ACCOUNT, HANABI_SIGN_IN_LIMIT_ADDRESS), password-reset
mails per client address and per account (HANABI_PASSWORD_RESET_LIMIT): 429 with `Retry-After`.
"""

import marshmallow as ma
from flask import Blueprint as FlaskBlueprint
from flask import Response, current_app, request
from flask.views import MethodView
from markupsafe import escape
from marshmallow import fields, validate

from hanabi.config import Settings
from hanabi.store.accounts import SCOPES, issue_token, revoke_all_tokens
from hanabi.store.credentials import (
    MAX_PASSWORD_LENGTH,
    Rate,
    request_password_reset,
    reset_password,
    sign_in,
    unsubscribe,
    verify_email,
)
from hanabi.store.outbox import queue_mail

from .accounts import NotificationsSchema, email_field, my_account, password_field, password_hashing
from .context import db, revoked
from .docs import problems
from .errors import Problem
from .inputs import Blueprint
from .schemas import StrictSchema, account_name_field

blp = Blueprint("sessions", __name__, url_prefix="/v1", description="Signing in, and the links of mail")
mail_links = FlaskBlueprint("mail_links", __name__)
"""The one-click unsubscribe of RFC 8058, outside the JSON API: mail programs POST a form to it."""

RATES_EXTENSION = "hanabi_sign_in_rates"
UNSUBSCRIBE_KEY = "<string:key>"
PUBLIC_ENDPOINTS = frozenset(
    {
        "sessions.Sessions",
        "sessions.EmailVerifications",
        "sessions.PasswordResets",
        "sessions.PasswordResetRedemptions",
        "sessions.Unsubscribe",
        "mail_links.one_click_unsubscribe",
    }
)


class SignInRates:
    def __init__(self, settings: Settings):
        self.per_account = Rate.parse(settings.sign_in_limit_account)
        self.per_address = Rate.parse(settings.sign_in_limit_address)
        self.resets = Rate.parse(settings.password_reset_limit)


def _rates() -> SignInRates:
    return current_app.extensions[RATES_EXTENSION]


def _address() -> str:
    return request.remote_addr or "unknown"


class SessionRequestSchema(StrictSchema):
    name = account_name_field(required=True)
    password = fields.String(required=True, validate=validate.Length(1, MAX_PASSWORD_LENGTH))


class SessionSchema(ma.Schema):
    token = fields.String(required=True, metadata={"description": "An API token for this device, shown only here"})
    account = fields.String(required=True, metadata={"description": "The account's name"})
    account_id = fields.Integer(required=True)
    scopes = fields.List(fields.String(validate=validate.OneOf(SCOPES)), required=True)
    expires_at = fields.DateTime(
        required=True, allow_none=True, metadata={"description": "null: the token works until it is revoked"}
    )


class MailLinkSchema(StrictSchema):
    token = fields.String(required=True, validate=validate.Length(1, 100), metadata={"description": "From the link"})


class VerifiedEmailSchema(ma.Schema):
    account = fields.String(required=True)
    email = fields.String(required=True)


class PasswordResetRequestSchema(StrictSchema):
    email = email_field(required=True)


class PasswordResetSchema(StrictSchema):
    token = fields.String(required=True, validate=validate.Length(1, 100), metadata={"description": "From the link"})
    password = password_field("The new password", required=True)


class UnsubscribedSchema(ma.Schema):
    account = fields.String(required=True)
    notifications = fields.Nested(NotificationsSchema, required=True)


def _session(account_id: int, name: str) -> dict:
    token = issue_token(db(), account_id, SCOPES)
    return {"token": token, "account": name, "account_id": account_id, "scopes": list(SCOPES), "expires_at": None}


def new_session(account_id: int) -> dict:
    """A new token with every scope for the account (signing in)."""
    return _session(account_id, my_account(account_id)["name"])


@blp.route("/sessions")
class Sessions(MethodView):
    @blp.doc(operationId="sign_in", security=[])
    @blp.arguments(SessionRequestSchema)
    @blp.response(201, SessionSchema)
    @problems(401, 422, 429)
    def post(self, data):
        """Sign in with your name and password: a new API token for this device

        Sign out with `DELETE /v1/tokens/current` (this device) or `DELETE /v1/tokens`
        (everywhere); the account stays, and signing in again gives a new token. A wrong name
        or password is the same 401 `invalid_credentials`. Failed sign-ins are counted per
        account and per client address: past the limit, 429 `too_many_sign_in_attempts` with
        `Retry-After`, whatever the password.
        """
        rates = _rates()
        account = sign_in(
            db(), password_hashing(), data["name"], data["password"], _address(), rates.per_account, rates.per_address
        )
        return _session(account.id, account.name), 201


@blp.route("/email-verifications")
class EmailVerifications(MethodView):
    @blp.doc(operationId="verify_email", security=[])
    @blp.arguments(MailLinkSchema)
    @blp.response(200, VerifiedEmailSchema)
    @problems(400, 409, 422)
    def post(self, data):
        """Prove an email address with the token of the link mailed to it

        The link (`/?verify_email=TOKEN`) works once, for 48 hours, and only while the account
        still has that address: else 400 `invalid_link`. An address verified by another
        account is 409 `email_taken`.
        """
        conn = db()
        account_id, email = verify_email(conn, data["token"])
        return {"account": my_account(account_id)["name"], "email": email}


@blp.route("/password-resets")
class PasswordResets(MethodView):
    @blp.doc(operationId="request_password_reset", security=[])
    @blp.arguments(PasswordResetRequestSchema)
    @blp.response(202)
    @problems(422, 429)
    def post(self, data):
        """Mail a password-reset link to an account's verified email address

        Always 202, whether an account has that address or not (so this tells no one who has
        an account); the link (`/?reset_password=TOKEN`) works once, for an hour. Requests
        are limited per client address (429 `too_many_password_resets`) and per account
        (quietly: no more mail).
        """
        rates = _rates()
        conn = db()
        with conn.transaction():
            found = request_password_reset(conn, data["email"], _address(), rates.resets, rates.resets)
            if found is not None:
                account_id, email, token = found
                queue_mail(conn, account_id, "reset_password", email, {"token": token})
        return Response(status=202)


@blp.route("/password-resets/redeem")
class PasswordResetRedemptions(MethodView):
    @blp.doc(operationId="reset_password", security=[])
    @blp.arguments(PasswordResetSchema)
    @blp.response(201, SessionSchema)
    @problems(400, 422)
    def post(self, data):
        """Set a new password with the token of a reset link: signs you in

        Every token the account had is revoked (whoever held one is signed out), and a new one
        is given. The link works once (400 `invalid_link` after).
        """
        conn = db()
        with conn.transaction():
            account_id = reset_password(conn, password_hashing(), data["token"], data["password"])
            digests = revoke_all_tokens(conn, account_id)
            session = new_session(account_id)
        revoked(digests)
        return session, 201


@blp.route(f"/unsubscribe/{UNSUBSCRIBE_KEY}")
class Unsubscribe(MethodView):
    @blp.doc(operationId="unsubscribe", security=[])
    @blp.response(200, UnsubscribedSchema)
    @problems(404)
    def post(self, key):
        """Turn off every notification mail of the account whose mail had this link

        No sign-in: the key in the link is the account's unsubscribe key. Mail about your
        account (email verification, password reset) still comes when you ask for it.
        """
        found = unsubscribe(db(), key)
        if found is None:
            raise Problem(404, "unsubscribe_key_not_found", "This unsubscribe link is not one of this server's.")
        return {"account": found.name, "notifications": my_account(found.id)["notifications"]}


@mail_links.route(f"/mail/unsubscribe/{UNSUBSCRIBE_KEY}", methods=["GET", "POST"])
def one_click_unsubscribe(key: str) -> Response:
    """The unsubscribe link of each mail: GET shows a button (a link scanner's GET changes
    nothing), POST unsubscribes (the button, and mail programs' one-click of RFC 8058)."""
    if request.method == "GET":
        body = (
            "<!doctype html><meta charset=utf-8><title>Unsubscribe</title>"
            f'<form method=post action="/mail/unsubscribe/{escape(key)}">'
            "<p>Stop all notification mail from Hanabi?</p><button>Unsubscribe</button></form>"
        )
        return Response(body, mimetype="text/html")
    found = unsubscribe(db(), key)
    text = (
        f"{found.name} gets no more notification mail. Turn it on again in your account's settings."
        if found
        else "This unsubscribe link is not one of this server's."
    )
    return Response(text, status=200 if found else 404, mimetype="text/plain")
