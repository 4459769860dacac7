"""Webhooks: register a URL that gets a signed POST for each event that concerns your account
(`invited`, `game_started`, `your_turn`, `game_over`), list and delete them, and list their deliveries.

A URL whose host is, or resolves to, an address webhooks may not reach (hanabi.webhooks.addresses:
loopback, private, link-local, ... unless the operator allows its network) is a 422
`webhook_url_not_allowed`. A name that does not resolve yet is accepted: each delivery checks
the host again."""

import marshmallow as ma
from flask import Response, current_app
from flask.views import MethodView
from marshmallow import RAISE, fields, validate

from hanabi.store.lobby import MAX_PAGE
from hanabi.store.webhooks import (
    DELIVERY_STATUSES,
    EVENT_TYPES,
    FAILURES,
    create_webhook,
    delete_webhook,
    list_deliveries,
    list_webhooks,
)
from hanabi.webhooks.addresses import AddressRefused, WebhookAddresses, url_host_port
from hanabi.webhooks.delivery import DELIVERY_HEADER, SIGNATURE_HEADER

from .context import Reply, current_account, db, idempotent_write
from .docs import idempotent, links_to, problems
from .errors import Problem
from .inputs import Blueprint
from .present import decode_cursor, encode_cursor
from .schemas import COMPONENT, DEFAULT_PAGE, FullMatch, OneOfKinds, StrictSchema, cursor_field
from .scopes import requires

blp = Blueprint("webhooks", __name__, url_prefix="/v1/webhooks", description="Webhooks: signed POSTs of your events")

WEBHOOK_ID = "id:webhook_id"
MAX_URL_LENGTH = 2000
ADDRESSES_EXTENSION = "hanabi.webhooks.addresses"
"""app.extensions[ADDRESSES_EXTENSION]: the WebhookAddresses registrations are checked with."""


def _url_pattern() -> str:
    """An absolute http or https URL: a host name (dot-separated labels of letters, digits, '-'
    and '_'), an IPv4 address or a bracketed IPv6 address (RFC 3986's grammar), an optional port
    (1 to 65535), a path and a query of RFC 3986's characters, no fragment. Every URL it matches
    is a `uri`, in JSON Schema's sense, that Python's urlsplit reads."""
    octet = r"(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
    ipv4 = rf"{octet}(\.{octet}){{3}}"
    h16 = r"[0-9A-Fa-f]{1,4}"
    ls32 = rf"({h16}:{h16}|{ipv4})"
    ipv6 = "|".join(
        [
            rf"({h16}:){{6}}{ls32}",
            rf"::({h16}:){{5}}{ls32}",
            rf"({h16})?::({h16}:){{4}}{ls32}",
            rf"(({h16}:){{0,1}}{h16})?::({h16}:){{3}}{ls32}",
            rf"(({h16}:){{0,2}}{h16})?::({h16}:){{2}}{ls32}",
            rf"(({h16}:){{0,3}}{h16})?::{h16}:{ls32}",
            rf"(({h16}:){{0,4}}{h16})?::{ls32}",
            rf"(({h16}:){{0,5}}{h16})?::{h16}",
            rf"(({h16}:){{0,6}}{h16})?::",
        ]
    )
    name = r"([A-Za-z0-9_-]{1,63}\.)*[A-Za-z0-9_-]{1,63}"
    port = r"(6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[1-9][0-9]{0,3})"
    character = r"([A-Za-z0-9._~!$&'()*+,;=:@/-]|%[0-9A-Fa-f]{2})"
    return rf"^[Hh][Tt][Tt][Pp][Ss]?://({name}|\[({ipv6})\])(:{port})?(/{character}*)?(\?({character}|\?)*)?$"


URL_PATTERN = _url_pattern()


class CreateWebhookRequestSchema(StrictSchema):
    url = fields.String(
        required=True,
        validate=[
            validate.Length(max=MAX_URL_LENGTH),
            FullMatch(URL_PATTERN, error="Not a valid URL: an absolute http or https URL, without a fragment."),
        ],
        metadata={"format": "uri", "description": "An absolute http or https URL that accepts POSTs"},
    )

    @ma.validates("url")
    def _port(self, value: str, **kwargs) -> None:
        try:
            url_host_port(value)
        except ValueError:
            raise ma.ValidationError("Not a valid port.") from None


class WebhookSchema(ma.Schema):
    id = fields.Integer(required=True)
    url = fields.String(required=True)
    created_at = fields.DateTime(required=True)


class NewWebhookSchema(WebhookSchema):
    secret = fields.String(
        required=True,
        metadata={"description": "Signs every delivery (HMAC-SHA256); shown only in this response"},
    )


class WebhookListSchema(ma.Schema):
    items = fields.List(fields.Nested(WebhookSchema), required=True)


class DeliverySchema(ma.Schema):
    id = fields.Integer(required=True, metadata={"description": "Also sent as X-Hanabi-Delivery"})
    type = fields.String(required=True, validate=validate.OneOf(EVENT_TYPES))
    game_id = fields.Integer(required=True)
    version = fields.Integer(required=True, metadata={"description": "The game's version after the event"})
    seat = fields.Integer(required=True, allow_none=True, metadata={"description": "Your seat in the game"})
    occurred_at = fields.DateTime(required=True)
    status = fields.String(required=True, validate=validate.OneOf(DELIVERY_STATUSES))
    attempts = fields.Integer(required=True)
    next_attempt_at = fields.DateTime(required=True, allow_none=True, metadata={"description": "While pending"})
    last_attempt_at = fields.DateTime(required=True, allow_none=True)
    last_status_code = fields.Integer(
        required=True, allow_none=True, metadata={"description": "The receiver's answer to the last attempt"}
    )
    last_failure = fields.String(
        required=True,
        allow_none=True,
        metadata={
            COMPONENT: "DeliveryFailure",
            "description": f"Why the last attempt failed, one of {', '.join(FAILURES)}: no connection (refused, "
            "broken, TLS failed, the name does not resolve), no answer in time, an answer other than 2xx (in "
            "last_status_code), or the host is, or resolved to, an address webhooks may not reach; null when "
            "it did not fail",
        },
    )
    delivered_at = fields.DateTime(required=True, allow_none=True)


class DeliveryPageSchema(ma.Schema):
    items = fields.List(fields.Nested(DeliverySchema), required=True)
    next_cursor = fields.String(required=True, allow_none=True)


EVENT_OCCASIONS = {
    "invited": "A seat of a new game is reserved for the account (not a seat its creator reserved for itself); "
    "`version` is 0",
    "game_started": "A game the account sits in starts",
    "your_turn": "A turn begins for the account's seat (also at the start; a reorder is not a turn)",
    "game_over": "A game the account sits in ends (any end condition, an abort too)",
}
"""When the service delivers each type of event (EVENT_TYPES) to a webhook."""
SUMMARIES = {
    "invited": "You are invited to a game",
    "game_started": "A game of yours started",
    "your_turn": "It is your turn",
    "game_over": "A game of yours ended",
}
WEBHOOK_EVENT_NAMES = {kind: "".join(word.title() for word in kind.split("_")) + "WebhookEvent" for kind in EVENT_TYPES}


class WebhookEventSchema(ma.Schema):
    """The JSON body of a delivery, as hanabi.webhooks.delivery.payload writes it: what happened
    in which game and to whom, never a card. A union on `type`, every type with the same fields."""

    ONE_OF_KINDS = OneOfKinds(dict.fromkeys(EVENT_TYPES, ((), ())), (), WEBHOOK_EVENT_NAMES, key="type")

    id = fields.Integer(
        required=True, metadata={"description": "The delivery's id, also sent as X-Hanabi-Delivery: ignore repeats"}
    )
    type = fields.String(required=True, validate=validate.OneOf(EVENT_TYPES))
    game_id = fields.Integer(required=True)
    version = fields.Integer(
        required=True, metadata={"description": "The game's version after the event: orders a game's deliveries"}
    )
    seat = fields.Integer(
        required=True,
        allow_none=True,
        metadata={"description": "The account's seat in the game (an app's: one of its players' seats)"},
    )
    account = fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "The name of the account in that seat (for an app's webhook, which of its players)"},
    )
    occurred_at = fields.DateTime(required=True, metadata={"description": "When the event happened (UTC)"})


def describe_webhooks(spec) -> None:
    """Give the apispec `spec` its `webhooks` and their bodies' components (InvitedWebhookEvent,
    ...). Describing WebhookEventSchema makes them; the union itself is no component, since
    each webhook names the member of its type."""
    spec.components.schema("WebhookEvent", schema=WebhookEventSchema)
    del spec.components.schemas["WebhookEvent"]
    spec.options["webhooks"] = webhook_operations()


def webhook_operations() -> dict:
    """The description's `webhooks`: per type of event, the POST a webhook's URL receives."""
    headers = [
        {
            "name": SIGNATURE_HEADER,
            "in": "header",
            "required": True,
            "description": "`sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the webhook's secret: "
            "check it over the raw bytes before parsing them",
            "schema": {"type": "string", "pattern": "^sha256=[0-9a-f]{64}$"},
        },
        {
            "name": DELIVERY_HEADER,
            "in": "header",
            "required": True,
            "description": "The delivery's id (the body's `id`)",
            "schema": {"type": "string", "pattern": "^[0-9]+$"},
        },
    ]
    retried = (
        "not delivered: tried again after a backoff (1, 2, 4, ... seconds by default, 8 attempts in all), as "
        "are a redirect, a timeout and a network error"
    )
    return {
        kind: {
            "post": {
                "operationId": f"{kind}_webhook",
                "tags": ["webhooks"],
                "summary": SUMMARIES[kind],
                "description": f"{occasion}. The service POSTs this to each of the account's webhooks (and its "
                "app's); docs/api.md#webhooks.",
                "security": [],
                "parameters": headers,
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{name}"}}},
                },
                "responses": {
                    "2XX": {"description": "Delivered: answer with any 2xx, quickly (within 5 s by default)"},
                    "4XX": {"description": f"Any 4xx: {retried}"},
                    "5XX": {"description": f"Any 5xx: {retried}"},
                },
            }
        }
        for kind, occasion in EVENT_OCCASIONS.items()
        for name in (WEBHOOK_EVENT_NAMES[kind],)
    }


class DeliveryQuerySchema(StrictSchema):
    limit = fields.Integer(strict=False, load_default=DEFAULT_PAGE, validate=validate.Range(1, MAX_PAGE))
    cursor = cursor_field()


@blp.route("")
class Webhooks(MethodView):
    @blp.doc(operationId="list_webhooks")
    @requires("webhooks")
    @blp.response(200, WebhookListSchema)
    @problems(401)
    def get(self):
        """List your webhooks (without their secrets), oldest first"""
        account = current_account()
        return {"items": list_webhooks(db(), account.id)}

    @blp.doc(operationId="create_webhook")
    @requires("webhooks")
    @links_to("webhook_id", ("delete_webhook", "list_webhook_deliveries"))
    @blp.arguments(CreateWebhookRequestSchema)
    @blp.response(201, NewWebhookSchema, headers={"Location": {"schema": {"type": "string"}}})
    @problems(401, 409, 422)
    @idempotent
    def post(self, data):
        """Register a URL for your events

        The response holds the webhook's secret, shown only here: every delivery carries
        `X-Hanabi-Signature: sha256=<hex HMAC-SHA256 of the body keyed with the secret>`.
        A URL whose host is, or resolves to, a loopback, private, link-local or other address
        that is not on the public internet is a 422 `webhook_url_not_allowed`.
        """
        account = current_account()
        check_destination(data["url"])

        def write(conn):
            webhook = create_webhook(conn, account.id, data["url"])
            body = NewWebhookSchema().dump(webhook)
            return Reply(201, body, {"Location": f"/v1/webhooks/{webhook.id}"})

        return idempotent_write(write)


def check_destination(url: str) -> None:
    """Refuse a URL whose host webhooks may not reach (422 `webhook_url_not_allowed`)."""
    addresses: WebhookAddresses = current_app.extensions[ADDRESSES_EXTENSION]
    try:
        addresses.check_url(url)
    except AddressRefused as refused:
        raise Problem(422, "webhook_url_not_allowed", str(refused)) from None
    except OSError:
        pass  # the name does not resolve (yet): every delivery checks it again


@blp.route(f"/<{WEBHOOK_ID}>")
class WebhookById(MethodView):
    @blp.doc(operationId="delete_webhook")
    @requires("webhooks")
    @blp.response(204)
    @problems(401, 404)
    def delete(self, webhook_id):
        """Delete one of your webhooks and its deliveries; pending deliveries are not sent"""
        account = current_account()
        delete_webhook(db(), account.id, webhook_id)
        return Response(status=204)


@blp.route(f"/<{WEBHOOK_ID}>/deliveries")
class WebhookDeliveries(MethodView):
    @blp.doc(operationId="list_webhook_deliveries")
    @requires("webhooks")
    @blp.arguments(DeliveryQuerySchema, location="query", unknown=RAISE)
    @blp.response(200, DeliveryPageSchema)
    @problems(401, 404, 422)
    def get(self, query, webhook_id):
        """List a webhook's deliveries, newest first (cursor pagination)"""
        account = current_account()
        limit = query["limit"]
        deliveries = list_deliveries(
            db(), account.id, webhook_id, before_id=decode_cursor(query.get("cursor")), limit=limit
        )
        return {
            "items": deliveries,
            "next_cursor": encode_cursor(deliveries[-1].id) if len(deliveries) == limit else None,
        }
