"""The HTTP API: a Flask app with flask-smorest blueprints, described by OpenAPI 3.1.

    from hanabi.api import create_app
    app = create_app(settings, pool=pool, followups=followups)

A server builds it through the composition root (hanabi.runtime.composition.api_app), which hands it the
`Followups` that send the worker's tasks after a change of a game (a bot's turn, a turn's expiry,
webhooks) and the broker's queue depth for /metrics; the
API imports nothing of the worker. The app is stateless: everything lives in Postgres, reached
through one connection pool per process. Every error is an RFC 9457 problem (see `errors`).
Each request gets an id, an access log line and metrics (`instrumentation`, `GET /metrics`),
and is rate limited (`ratelimits`).
"""

from collections.abc import Iterable

from flask import Flask, request
from flask_smorest import Api as SmorestApi
from flask_smorest.utils import prepare_response
from prometheus_client.registry import Collector
from psycopg_pool import ConnectionPool
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from hanabi import web
from hanabi.config import Settings, load_settings
from hanabi.store.credentials import PasswordHashing
from hanabi.store.followups import NO_FOLLOWUPS, Followups
from hanabi.store.lobby import LobbyCap
from hanabi.web import embed
from hanabi.webhooks.addresses import WebhookAddresses

from . import (
    accounts,
    apps,
    arena,
    embeds,
    events,
    games,
    hanablive,
    health,
    me,
    passkeys,
    play,
    replays,
    sessions,
    table,
    tokens,
    webhooks,
)
from .context import (
    DATABASE_HEALTH_EXTENSION,
    DEAL_SECRET_EXTENSION,
    FOLLOWUPS_EXTENSION,
    LISTEN_CONNINFO_EXTENSION,
    POOL_EXTENSION,
    TOKEN_CACHE_SECONDS_EXTENSION,
    DatabaseHealth,
    current_account,
    release_db,
)
from .cors import install_cors
from .docs import DeclaredAnswers, problem_response_headers
from .errors import PROBLEM_CONTENT_TYPE, handle_error
from .examples import add_examples
from .inputs import (
    API_BLUEPRINTS_EXTENSION,
    ApiRequest,
    CardConverter,
    IdConverter,
    JsonProvider,
    card_parameter_schema,
    check_request,
    id_parameter_schema,
)
from .instrumentation import instrument
from .metrics import ENDPOINT as METRICS_ENDPOINT
from .metrics import add_metrics_route
from .ratelimits import RateLimitDocumentation, install_rate_limits
from .schemas import JsonSchemaRules, ProblemSchema, enum_components
from .scopes import check_scope
from .waiting_turns import WaitingTurns

API_VERSION = "1.0.0"
MAX_BODY_BYTES = 1024 * 1024
PUBLIC_ENDPOINTS = frozenset(
    {"health.Health", "health.Ready", "accounts.Accounts", "api-docs.openapi_json", "static", METRICS_ENDPOINT}
    | web.PUBLIC_ENDPOINTS
    | embed.PUBLIC_ENDPOINTS
    | sessions.PUBLIC_ENDPOINTS
    | arena.PUBLIC_ENDPOINTS
    | passkeys.PUBLIC_ENDPOINTS
)
"""Everything else needs a bearer token, checked before the request's body or query is read."""
BLUEPRINTS = (
    health.blp,
    accounts.blp,
    tokens.blp,
    sessions.blp,
    passkeys.blp,
    apps.blp,
    embeds.blp,
    games.blp,
    play.blp,
    events.blp,
    me.blp,
    hanablive.blp,
    webhooks.blp,
    replays.blp,
    table.blp,
    arena.blp,
)


class App(Flask):
    """Flask, told that every view and hook of this app is synchronous: Flask would otherwise
    ask `inspect` whether each one is a coroutine function, on every call of every request.
    Requests and their JSON bodies are read as `inputs` says."""

    request_class = ApiRequest
    json_provider_class = JsonProvider

    def ensure_sync(self, func):
        return func


class Api(SmorestApi):
    """flask-smorest's Api with problem+json errors, documented as such."""

    ERROR_SCHEMA = ProblemSchema

    def handle_http_exception(self, error):
        return handle_error(error)

    def _register_responses(self):
        from http import HTTPStatus

        for status in HTTPStatus:
            response = {"description": status.phrase, "headers": problem_response_headers(status)}
            if not (100 <= status < 200) and status not in (204, 304):
                response["schema"] = self.ERROR_SCHEMA
            prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
            self.spec.components.response(status.name, response, lazy=True)
        response = {
            "description": "A problem (RFC 9457)",
            "schema": self.ERROR_SCHEMA,
            "headers": problem_response_headers(500),
        }
        prepare_response(response, self.spec, PROBLEM_CONTENT_TYPE)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, response, lazy=True)

    def _register_pagination_header(self):
        """Nothing: pages here have cursors of their own, not flask-smorest's page numbers (whose
        header would put an unused PaginationMetadata schema into the description)."""


def create_app(
    settings: Settings | None = None,
    *,
    pool: ConnectionPool,
    followups: Followups = NO_FOLLOWUPS,
    collectors: Iterable[Collector] = (),
) -> Flask:
    """The API app with `settings` (default: the environment) on `pool`; `followups` carry out
    what its changes of games set off. /metrics reports `collectors` beside the API's own metrics."""
    settings = settings or load_settings()
    app = App("hanabi.api")
    app.config.update(
        API_TITLE="Hanabi",
        API_VERSION=API_VERSION,
        OPENAPI_VERSION="3.1.0",
        OPENAPI_URL_PREFIX="/v1",
        OPENAPI_JSON_PATH="openapi.json",
        MAX_CONTENT_LENGTH=MAX_BODY_BYTES,
        API_SPEC_OPTIONS={
            "info": {
                "description": "Play Hanabi over HTTP: accounts and tokens, a lobby, per-seat views, "
                "an event log, hanab.live JSON. Errors are RFC 9457 problems with a stable `code`.",
                "license": {"name": "MIT", "identifier": "MIT"},
            },
            "servers": [
                {
                    "url": "/",
                    "description": "The server that serves this description (at /v1/openapi.json): "
                    "every path is on its origin",
                },
                {
                    "url": "http://127.0.0.1:8000",
                    "description": "`hanabi serve` (or `make run`) on this machine, at its default address",
                },
            ],
            "security": [{"bearerAuth": []}],
            "components": {"securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer"}}},
        },
    )
    app.extensions[POOL_EXTENSION] = pool
    app.extensions[FOLLOWUPS_EXTENSION] = followups
    app.extensions[DATABASE_HEALTH_EXTENSION] = DatabaseHealth()
    app.extensions[LISTEN_CONNINFO_EXTENSION] = settings.listen_database_url or pool.conninfo
    app.extensions[TOKEN_CACHE_SECONDS_EXTENSION] = settings.token_cache_seconds
    app.extensions[webhooks.ADDRESSES_EXTENSION] = WebhookAddresses(settings.webhook_allowed_networks or ())
    app.extensions[DEAL_SECRET_EXTENSION] = settings.deal_secret
    app.extensions[table.CHAT_LIMITED_EXTENSION] = settings.rate_limits
    app.extensions[games.LOBBY_CAP_EXTENSION] = LobbyCap(settings.lobby_games_per_account, settings.lobby_games_per_app)
    app.url_map.converters["id"] = IdConverter
    app.url_map.converters["card"] = CardConverter
    api = Api(
        app,
        spec_kwargs={"extra_plugins": [RateLimitDocumentation(settings), JsonSchemaRules(), DeclaredAnswers()]},
    )
    api.register_converter(IdConverter, id_parameter_schema)
    api.register_converter(CardConverter, card_parameter_schema)
    for name, component in hanablive.HANABLIVE_COMPONENTS.items():
        api.spec.components.schema(name, component)
    for name, component in passkeys.PASSKEY_COMPONENTS.items():
        api.spec.components.schema(name, component)
    for name, component in enum_components().items():
        api.spec.components.schema(name, component)
    api.spec.components.schema(me.ACCOUNT_EVENT_COMPONENT, schema=me.AccountEventSchema)
    webhooks.describe_webhooks(api.spec)
    for blueprint in BLUEPRINTS:
        api.register_blueprint(blueprint)
    add_examples(api.spec)
    app.extensions[API_BLUEPRINTS_EXTENSION] = frozenset(blueprint.name for blueprint in BLUEPRINTS)
    app.register_blueprint(web.blp)
    app.register_blueprint(embed.blp)
    app.register_blueprint(sessions.mail_links)
    app.extensions[sessions.RATES_EXTENSION] = sessions.SignInRates(settings)
    app.extensions[accounts.PASSWORD_HASHING_EXTENSION] = PasswordHashing(settings.password_hashing)
    app.extensions[me.VACATION_DAYS_EXTENSION] = settings.vacation_days
    app.extensions[passkeys.RELYING_PARTY_EXTENSION] = passkeys.RelyingParty(settings)
    app.extensions[embed.EMBED_ORIGINS_EXTENSION] = settings.embed_origins
    add_metrics_route(app, collectors)
    app.register_error_handler(HTTPException, handle_error)
    app.register_error_handler(Exception, handle_error)
    instrument(app)
    install_cors(app, settings)
    limiter = install_rate_limits(
        app, settings, PUBLIC_ENDPOINTS
    )  # before the token check: floods never reach the database
    app.before_request(_require_token)
    app.before_request(_check_scope)
    app.before_request(check_request)
    arena.install(app, settings, pool)
    app.teardown_request(release_db)
    app.wsgi_app = WaitingTurns(app, limiter, settings.listener_wait_seconds, settings.empty_poll_log_seconds)
    if settings.trusted_proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=settings.trusted_proxies, x_proto=settings.trusted_proxies)
    return app


def _require_token() -> None:
    if request.method == "OPTIONS":
        return
    if request.endpoint is not None and request.endpoint not in PUBLIC_ENDPOINTS:
        current_account()


def _check_scope() -> None:
    check_scope(PUBLIC_ENDPOINTS)
