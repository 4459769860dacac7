"""Passkeys (WebAuthn, through the `webauthn` package): register one on your account, sign in
with it on any device that holds it, list and remove yours.

The relying party is the host of HANABI_PUBLIC_URL and the origin is that URL's: a browser
creates and uses passkeys only on that site (a host name such as localhost, not an address).
Passkeys are discoverable credentials, so signing in asks for no name: the authenticator
offers the passkeys it holds for the site. Registration and sign-in are two steps each: the
options (with a challenge, good for one answer within 5 minutes), then the browser's answer
(`navigator.credentials.create()` / `.get()`, sent as its `toJSON()`).
"""

import json
from urllib.parse import urlsplit

import marshmallow as ma
from flask import Response, current_app
from flask.views import MethodView
from marshmallow import fields, validate
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url, parse_client_data_json
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from hanabi.config import Settings
from hanabi.store.passkeys import (
    InvalidPasskey,
    add_passkey,
    delete_passkey,
    find_passkey,
    new_challenge,
    passkeys_of,
    record_use,
    use_challenge,
)

from .context import current_account, db
from .docs import problems
from .inputs import Blueprint
from .schemas import COMPONENT, StrictSchema
from .scopes import requires
from .sessions import SessionSchema, new_session

blp = Blueprint("passkeys", __name__, url_prefix="/v1", description="Passkeys (WebAuthn)")
RELYING_PARTY_EXTENSION = "hanabi_relying_party"
PUBLIC_ENDPOINTS = frozenset({"passkeys.PasskeySignInOptions", "passkeys.PasskeySessions"})
RP_NAME = "Hanabi"
UNVERIFIED = (WebAuthnException, KeyError, TypeError, ValueError, AttributeError)
"""What the webauthn package raises for an answer it cannot read or verify."""


class RelyingParty:
    def __init__(self, settings: Settings):
        parts = urlsplit(settings.public_url)
        self.id = parts.hostname
        self.origin = f"{parts.scheme}://{parts.netloc}"


def _party() -> RelyingParty:
    return current_app.extensions[RELYING_PARTY_EXTENSION]


BASE64URL = {"type": "string", "pattern": "^[A-Za-z0-9_-]*$", "description": "Bytes in base64url, unpadded"}
CREDENTIAL_TYPE = {"type": "string", "const": "public-key"}
TRANSPORTS = {
    "type": "array",
    "items": {"type": "string"},
    "description": "How the authenticator is reached (usb, nfc, ble, hybrid, internal, ...): WebAuthn lets "
    "the list grow, so any string",
}
OPEN = (
    "Open (additionalProperties): browsers add members as WebAuthn grows (Level 3 added several), and the "
    "server ignores members it does not know"
)
PASSKEY_COMPONENTS: dict[str, dict] = {
    "UserVerificationRequirement": {
        "type": "string",
        "enum": ["discouraged", "preferred", "required"],
        "description": "Whether the authenticator verifies the person (a PIN, a fingerprint): the server prefers it",
    },
    "AuthenticationExtensionsClientOutputs": {
        "type": "object",
        "description": "The browser's results of WebAuthn extensions (none asked for). Open: each extension "
        "defines its own members",
        "additionalProperties": True,
    },
    "PublicKeyCredentialRpEntity": {
        "type": "object",
        "description": "The relying party: this service, whose id is the host of HANABI_PUBLIC_URL",
        "properties": {"id": {"type": "string"}, "name": {"type": "string"}},
        "required": ["id", "name"],
        "additionalProperties": False,
    },
    "PublicKeyCredentialUserEntity": {
        "type": "object",
        "description": "Your account: id is its id's digits in base64url, name and displayName its name",
        "properties": {"id": BASE64URL, "name": {"type": "string"}, "displayName": {"type": "string"}},
        "required": ["id", "name", "displayName"],
        "additionalProperties": False,
    },
    "PublicKeyCredentialParameters": {
        "type": "object",
        "description": "A key type the server verifies: alg is its COSE algorithm number",
        "properties": {"type": CREDENTIAL_TYPE, "alg": {"type": "integer"}},
        "required": ["type", "alg"],
        "additionalProperties": False,
    },
    "AuthenticatorSelectionCriteria": {
        "type": "object",
        "description": "A discoverable credential (signing in asks for no name), verified when it can be",
        "properties": {
            "authenticatorAttachment": {"type": "string", "enum": ["platform", "cross-platform"]},
            "residentKey": {"type": "string", "enum": ["discouraged", "preferred", "required"]},
            "requireResidentKey": {"type": "boolean"},
            "userVerification": {"$ref": "#/components/schemas/UserVerificationRequirement"},
        },
        "additionalProperties": False,
    },
    "AuthenticatorAttestationResponse": {
        "type": "object",
        "description": "AuthenticatorAttestationResponseJSON: what the server verifies is clientDataJSON "
        f"and attestationObject; the rest is for clients that cannot read attestationObject. {OPEN}",
        "properties": {
            "clientDataJSON": BASE64URL,
            "attestationObject": BASE64URL,
            "authenticatorData": BASE64URL,
            "transports": TRANSPORTS,
            "publicKey": BASE64URL,
            "publicKeyAlgorithm": {"type": "integer"},
        },
        "required": ["clientDataJSON", "attestationObject"],
        "additionalProperties": True,
    },
    "AuthenticatorAssertionResponse": {
        "type": "object",
        "description": f"AuthenticatorAssertionResponseJSON. {OPEN}",
        "properties": {
            "clientDataJSON": BASE64URL,
            "authenticatorData": BASE64URL,
            "signature": BASE64URL,
            "userHandle": {
                "anyOf": [BASE64URL, {"type": "null"}],
                "description": "The account's user id of the creation options (a discoverable credential)",
            },
        },
        "required": ["clientDataJSON", "authenticatorData", "signature"],
        "additionalProperties": True,
    },
    "PublicKeyCredentialDescriptor": {
        "type": "object",
        "description": "A credential the ceremony names (WebAuthn's PublicKeyCredentialDescriptorJSON)",
        "properties": {"id": BASE64URL, "type": CREDENTIAL_TYPE, "transports": TRANSPORTS},
        "required": ["id", "type"],
        "additionalProperties": False,
    },
    "PublicKeyCredentialCreationOptions": {
        "type": "object",
        "description": "The options of navigator.credentials.create() as the server makes them (WebAuthn's "
        "PublicKeyCredentialCreationOptionsJSON): give them to PublicKeyCredential.parseCreationOptionsFromJSON",
        "properties": {
            "rp": {"$ref": "#/components/schemas/PublicKeyCredentialRpEntity"},
            "user": {"$ref": "#/components/schemas/PublicKeyCredentialUserEntity"},
            "challenge": {**BASE64URL, "description": "Good for one answer within 5 minutes (base64url)"},
            "pubKeyCredParams": {
                "type": "array",
                "description": "The key types the server verifies, preferred first (COSE algorithm numbers)",
                "items": {"$ref": "#/components/schemas/PublicKeyCredentialParameters"},
            },
            "timeout": {"type": "integer", "description": "Milliseconds the browser may take"},
            "excludeCredentials": {
                "type": "array",
                "description": "Your passkeys already registered: an authenticator holding one makes no other",
                "items": {"$ref": "#/components/schemas/PublicKeyCredentialDescriptor"},
            },
            "authenticatorSelection": {"$ref": "#/components/schemas/AuthenticatorSelectionCriteria"},
            "attestation": {"type": "string", "enum": ["none", "indirect", "direct", "enterprise"]},
            "hints": {
                "type": "array",
                "items": {"type": "string", "enum": ["security-key", "client-device", "hybrid"]},
            },
        },
        "required": ["rp", "user", "challenge", "pubKeyCredParams"],
        "additionalProperties": False,
    },
    "PublicKeyCredentialRequestOptions": {
        "type": "object",
        "description": "The options of navigator.credentials.get() as the server makes them (WebAuthn's "
        "PublicKeyCredentialRequestOptionsJSON): give them to PublicKeyCredential.parseRequestOptionsFromJSON",
        "properties": {
            "challenge": {**BASE64URL, "description": "Good for one answer within 5 minutes (base64url)"},
            "timeout": {"type": "integer", "description": "Milliseconds the browser may take"},
            "rpId": {"type": "string", "description": "The host of HANABI_PUBLIC_URL"},
            "allowCredentials": {
                "type": "array",
                "description": "Empty: the authenticator offers any passkey it holds for the site",
                "items": {"$ref": "#/components/schemas/PublicKeyCredentialDescriptor"},
            },
            "userVerification": {"$ref": "#/components/schemas/UserVerificationRequirement"},
        },
        "required": ["challenge"],
        "additionalProperties": False,
    },
    "RegistrationCredential": {
        "type": "object",
        "description": "The browser's answer to the creation options: navigator.credentials.create()'s toJSON() "
        f"(WebAuthn's RegistrationResponseJSON). {OPEN}",
        "properties": {
            "id": BASE64URL,
            "rawId": BASE64URL,
            "type": CREDENTIAL_TYPE,
            "response": {"$ref": "#/components/schemas/AuthenticatorAttestationResponse"},
            "authenticatorAttachment": {"type": ["string", "null"]},
            "clientExtensionResults": {"$ref": "#/components/schemas/AuthenticationExtensionsClientOutputs"},
        },
        "required": ["id", "rawId", "type", "response"],
        "additionalProperties": True,
    },
    "AuthenticationCredential": {
        "type": "object",
        "description": "The browser's answer to the request options: navigator.credentials.get()'s toJSON() "
        f"(WebAuthn's AuthenticationResponseJSON). {OPEN}",
        "properties": {
            "id": BASE64URL,
            "rawId": BASE64URL,
            "type": CREDENTIAL_TYPE,
            "response": {"$ref": "#/components/schemas/AuthenticatorAssertionResponse"},
            "authenticatorAttachment": {"type": ["string", "null"]},
            "clientExtensionResults": {"$ref": "#/components/schemas/AuthenticationExtensionsClientOutputs"},
        },
        "required": ["id", "rawId", "type", "response"],
        "additionalProperties": True,
    },
}
"""WebAuthn's JSON objects (its Level 3 *JSON dictionaries), named components of the description:
what the server sends is closed (the webauthn package writes exactly these members), what a
browser sends stays open where WebAuthn lets it grow. The server reads the browser's answer as
a whole object and the webauthn package verifies it: a malformed one is 400 invalid_passkey."""


class PasskeyRegistrationOptionsSchema(ma.Schema):
    options = fields.Dict(
        required=True,
        metadata={COMPONENT: "PublicKeyCredentialCreationOptions", "description": "For navigator.credentials.create()"},
    )


class PasskeySignInOptionsSchema(ma.Schema):
    options = fields.Dict(
        required=True,
        metadata={COMPONENT: "PublicKeyCredentialRequestOptions", "description": "For navigator.credentials.get()"},
    )


class RegistrationSchema(StrictSchema):
    credential = fields.Dict(
        required=True,
        metadata={COMPONENT: "RegistrationCredential", "description": "navigator.credentials.create()'s toJSON()"},
    )
    name = fields.String(
        validate=validate.Length(1, 64), metadata={"description": "A name for you to tell your passkeys apart"}
    )


class AssertionSchema(StrictSchema):
    credential = fields.Dict(
        required=True,
        metadata={COMPONENT: "AuthenticationCredential", "description": "navigator.credentials.get()'s toJSON()"},
    )


class PasskeySchema(ma.Schema):
    id = fields.String(required=True, metadata={"description": "The credential's id (base64url)"})
    name = fields.String(required=True)
    created_at = fields.DateTime(required=True)
    last_used_at = fields.DateTime(required=True, allow_none=True)


class PasskeyListSchema(ma.Schema):
    items = fields.List(fields.Nested(PasskeySchema), required=True)


def _present(passkey) -> dict:
    return {
        "id": bytes_to_base64url(passkey.credential_id),
        "name": passkey.name,
        "created_at": passkey.created_at,
        "last_used_at": passkey.last_used_at,
    }


def _challenge_of(credential: dict) -> bytes:
    try:
        return parse_client_data_json(base64url_to_bytes(credential["response"]["clientDataJSON"])).challenge
    except UNVERIFIED:
        raise InvalidPasskey(
            "This is not a passkey answer (its clientDataJSON is missing).", "invalid_passkey"
        ) from None


def _credential_id(credential: dict) -> bytes:
    try:
        return base64url_to_bytes(credential["rawId"])
    except UNVERIFIED:
        raise InvalidPasskey("This is not a passkey answer (its rawId is missing).", "invalid_passkey") from None


@blp.route("/passkey-registration-options")
class PasskeyRegistrationOptions(MethodView):
    @blp.doc(operationId="passkey_registration_options")
    @requires("tokens")
    @blp.response(200, PasskeyRegistrationOptionsSchema)
    @problems(401, 403)
    def post(self):
        """Begin registering a passkey on your account: the options for navigator.credentials.create()"""
        account = current_account()
        conn = db()
        party = _party()
        challenge = new_challenge(conn, "register", account.id)
        options = generate_registration_options(
            rp_id=party.id,
            rp_name=RP_NAME,
            user_id=str(account.id).encode(),
            user_name=account.name,
            challenge=challenge,
            authenticator_selection=AuthenticatorSelectionCriteria(
                resident_key=ResidentKeyRequirement.REQUIRED,
                user_verification=UserVerificationRequirement.PREFERRED,
            ),
            exclude_credentials=[
                PublicKeyCredentialDescriptor(id=passkey.credential_id) for passkey in passkeys_of(conn, account.id)
            ],
        )
        return {"options": json.loads(options_to_json(options))}


@blp.route("/passkeys")
class Passkeys(MethodView):
    @blp.doc(operationId="register_passkey")
    @requires("tokens")
    @blp.arguments(RegistrationSchema)
    @blp.response(201, PasskeySchema)
    @problems(400, 401, 403, 422)
    def post(self, data):
        """Finish registering a passkey: the browser's answer to the registration options

        400 `invalid_passkey` when the answer is not to a challenge of yours, is for another
        site, or does not verify; `passkey_registered` when the passkey is registered already.
        """
        account = current_account()
        conn = db()
        party = _party()
        credential = data["credential"]
        with conn.transaction():
            challenge = _challenge_of(credential)
            use_challenge(conn, challenge, "register", account.id)
            try:
                verified = verify_registration_response(
                    credential=credential,
                    expected_challenge=challenge,
                    expected_rp_id=party.id,
                    expected_origin=party.origin,
                )
            except UNVERIFIED as error:
                raise InvalidPasskey(f"The passkey could not be verified: {error}", "invalid_passkey") from None
            passkey = add_passkey(
                conn,
                account.id,
                verified.credential_id,
                verified.credential_public_key,
                verified.sign_count,
                data.get("name") or "passkey",
            )
        return _present(passkey), 201

    @blp.doc(operationId="list_passkeys")
    @requires("read")
    @blp.response(200, PasskeyListSchema)
    @problems(401)
    def get(self):
        """Your passkeys"""
        return {"items": [_present(passkey) for passkey in passkeys_of(db(), current_account().id)]}


@blp.route("/passkeys/<string:passkey_id>")
class PasskeyById(MethodView):
    @blp.doc(operationId="delete_passkey")
    @requires("tokens")
    @blp.response(204)
    @problems(401, 403, 404)
    def delete(self, passkey_id):
        """Remove one of your passkeys: it signs in no more (the tokens it gave stay valid)"""
        try:
            credential_id = base64url_to_bytes(passkey_id)
        except ValueError:
            credential_id = b""
        delete_passkey(db(), current_account().id, credential_id)
        return Response(status=204)


@blp.route("/sessions/passkey-options")
class PasskeySignInOptions(MethodView):
    @blp.doc(operationId="passkey_sign_in_options", security=[])
    @blp.response(200, PasskeySignInOptionsSchema)
    def post(self):
        """Begin signing in with a passkey: the options for navigator.credentials.get()"""
        conn = db()
        options = generate_authentication_options(
            rp_id=_party().id,
            challenge=new_challenge(conn, "sign_in"),
            user_verification=UserVerificationRequirement.PREFERRED,
        )
        return {"options": json.loads(options_to_json(options))}


@blp.route("/sessions/passkey")
class PasskeySessions(MethodView):
    @blp.doc(operationId="sign_in_with_passkey", security=[])
    @blp.arguments(AssertionSchema)
    @blp.response(201, SessionSchema)
    @problems(400, 422)
    def post(self, data):
        """Sign in with a passkey: the browser's answer to the sign-in options gives a new token

        400 `invalid_passkey` when the passkey is unknown, the answer is not to a challenge of
        this server, or it does not verify.
        """
        conn = db()
        party = _party()
        credential = data["credential"]
        with conn.transaction():
            challenge = _challenge_of(credential)
            use_challenge(conn, challenge, "sign_in")
            passkey = find_passkey(conn, _credential_id(credential))
            if passkey is None:
                raise InvalidPasskey("This passkey is not registered here.", "invalid_passkey")
            try:
                verified = verify_authentication_response(
                    credential=credential,
                    expected_challenge=challenge,
                    expected_rp_id=party.id,
                    expected_origin=party.origin,
                    credential_public_key=passkey.public_key,
                    credential_current_sign_count=passkey.sign_count,
                )
            except UNVERIFIED as error:
                raise InvalidPasskey(f"The passkey could not be verified: {error}", "invalid_passkey") from None
            record_use(conn, passkey.credential_id, verified.new_sign_count)
            session = new_session(passkey.account_id)
        return session, 201
