"""The service's settings: each declared once below, as a field of `Settings` with the environment
variable that sets it, how it is read, its default and its help text.

`load_settings()` reads them through environs (on marshmallow), with this module's parsers; an
empty variable counts as unset, and a value the service cannot use is a ConfigError that names
the variable. deploy/README.md's settings reference and deploy/.env.example are generated from
these declarations (`hanabi settings --write`; tests/deploy checks the committed files).
"""

import dataclasses
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from environs import Env, EnvNotSetError, EnvValidationError

from hanabi.webhooks.addresses import Network

from .parsers import (
    PARSERS,
    bot_names,
    choice,
    folder,
    networks,
    number,
    origins,
    port,
    public_url,
    rate_limit_storage,
    rates,
    seconds,
    secret,
    smtp_url,
    switch,
    text,
    whole,
)

LOG_FORMATS = ("json", "text")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
PASSWORD_HASHINGS = ("rfc9106-low-memory", "cheapest")


class ConfigError(ValueError):
    """An environment variable holds a value the service cannot use."""


@dataclass(frozen=True)
class Declaration:
    """How a field of Settings is set: `variable` read by `parse` (with `options`) when it is set."""

    variable: str
    parse: Callable[..., Any]
    options: dict[str, Any]
    help: str
    unset: str | None
    """The default in words, for a default that is not a plain value (`None`, or one that depends)."""
    shown: str | None
    """The default cell of the settings reference, when neither the value nor `unset` says it."""


def setting(
    variable: str,
    parse: Callable[..., Any],
    default: Any,
    *,
    help: str,
    unset: str | None = None,
    shown: str | None = None,
    **options: Any,
) -> Any:
    """A field of Settings with its declaration (in the field's metadata)."""
    declaration = Declaration(variable, parse, options, help, unset, shown)
    return dataclasses.field(default=default, metadata={"setting": declaration}, repr=parse not in (secret, smtp_url))


@dataclass(frozen=True)
class Settings:
    """Every setting of the service. Each field is declared with `setting(VARIABLE, parser, default,
    help=...)`; the help texts are deploy/README.md's settings reference."""

    database_url: str | None = setting(
        "DATABASE_URL",
        text,
        None,
        unset="an embedded Postgres in `$HANABI_DATA_DIR/postgres`, for one machine only",
        help="the Postgres of the service, a libpq URL (`postgresql://user:password@host:5432/db`) or "
        "`key=value` string; the same for every process",
    )
    celery_broker_url: str | None = setting(
        "CELERY_BROKER_URL",
        text,
        None,
        unset="a broker in files in `$HANABI_DATA_DIR/broker`, for one machine only",
        help="the workers' broker, e.g. `redis://redis:6379/0`; the API sends tasks to it too",
    )
    data_dir: Path = setting(
        "HANABI_DATA_DIR",
        folder,
        Path(".hanabi"),
        shown="`.hanabi` in the working directory; `/var/lib/hanabi` in the image",
        help="the service's own files: the beat's schedule file, and the embedded Postgres and broker when "
        "those are used",
    )
    pool_min_size: int = setting(
        "HANABI_DB_POOL_MIN",
        whole,
        1,
        minimum=0,
        help="connections each process keeps open (0 or more)",
    )
    pool_max_size: int = setting(
        "HANABI_DB_POOL_MAX",
        whole,
        10,
        minimum=1,
        help="most connections each process opens; see [Connection pools](#connection-pools)",
    )
    queue: str = setting(
        "HANABI_QUEUE",
        text,
        "hanabi",
        help="the Celery queue of the service's tasks; must be the same for the API, the workers and the beat",
    )
    sweep_seconds: float = setting(
        "HANABI_SWEEP_SECONDS",
        seconds,
        5.0,
        help="how often the beat schedules the sweeper, which re-sends lost bot turns, expiries and webhook "
        "deliveries: the longest a lost message delays anything",
    )
    bot_stall_seconds: float = setting(
        "HANABI_BOT_STALL_SECONDS",
        seconds,
        10.0,
        help="a bot seat's turn with no move for this long is sent to the workers again",
    )
    idempotency_key_hours: float = setting(
        "HANABI_IDEMPOTENCY_KEY_HOURS",
        number,
        24.0,
        unit="hours",
        help="how long an `Idempotency-Key` and its stored response are kept (a positive number of hours); "
        "the workers' hourly purge then deletes them, and a retry with that key runs as a new request",
    )
    webhook_timeout_seconds: float = setting(
        "HANABI_WEBHOOK_TIMEOUT_SECONDS",
        seconds,
        5.0,
        help="how long one webhook POST may take",
    )
    webhook_max_attempts: int = setting(
        "HANABI_WEBHOOK_MAX_ATTEMPTS",
        whole,
        8,
        minimum=1,
        help="attempts before a webhook delivery is marked failed",
    )
    webhook_backoff_seconds: float = setting(
        "HANABI_WEBHOOK_BACKOFF_SECONDS",
        seconds,
        1.0,
        help="the wait before a delivery's second attempt, doubling after each",
    )
    webhook_backoff_max_seconds: float = setting(
        "HANABI_WEBHOOK_BACKOFF_MAX_SECONDS",
        seconds,
        300.0,
        help="the longest wait between two attempts",
    )
    webhook_allowed_networks: tuple[Network, ...] | None = setting(
        "HANABI_WEBHOOK_ALLOWED_NETWORKS",
        networks,
        None,
        unset="none (`hanabi serve` on a loopback host: `127.0.0.0/8, ::1/128`)",
        help="networks in CIDR notation, separated by commas, that webhooks may reach besides public internet"
        " addresses (`none`: none, even for `hanabi serve` on a loopback host); the same for the API and"
        " the workers. See [Webhooks and your network](#webhooks-and-your-network)",
    )
    log_format: str = setting(
        "HANABI_LOG_FORMAT",
        choice,
        "json",
        choices=LOG_FORMATS,
        unset="`text` when standard error is a terminal, `json` otherwise (so `json` in a container)",
        help="`json`: one JSON object per log line, for a log collector; `text`: lines for people",
    )
    log_level: str = setting(
        "HANABI_LOG_LEVEL",
        choice,
        "INFO",
        choices=LOG_LEVELS,
        help="`DEBUG`, `INFO`, `WARNING` or `ERROR`; `WARNING` drops the API's access lines",
    )
    listen_database_url: str | None = setting(
        "HANABI_LISTEN_DATABASE_URL",
        text,
        None,
        unset="`DATABASE_URL`",
        help="the Postgres on which each API process LISTENs (long polls, revoked tokens); set it to Postgres"
        " itself when `DATABASE_URL` is a PgBouncer in transaction mode",
    )
    prepared_statements: bool = setting(
        "HANABI_DB_PREPARED_STATEMENTS",
        switch,
        True,
        help="`on` or `off`: psycopg prepares a query a connection runs for the sixth time; `off` behind a "
        "PgBouncer in transaction mode older than 1.21, which hands each transaction any server "
        "connection, where the statement does not exist ([PgBouncer](#pgbouncer))",
    )
    token_cache_seconds: float = setting(
        "HANABI_TOKEN_CACHE_SECONDS",
        seconds,
        60.0,
        zero=True,
        help="how long an API process trusts a token it has checked (revocations are heard at once through "
        "the listener); `0`: every request's token is checked in the database",
    )
    listener_wait_seconds: float = setting(
        "HANABI_LISTENER_WAIT_SECONDS",
        seconds,
        5.0,
        help="how long an empty turn poll (`wait`) waits for its process's listener to connect (the first polls "
        "after a start) before the full path answers it",
    )
    empty_poll_log_seconds: float = setting(
        "HANABI_EMPTY_POLL_LOG_SECONDS",
        seconds,
        60.0,
        zero=True,
        help='an empty long poll of "my turn" that the short path answers gets an access line at most once in '
        "this time per connection, the line counting the polls since the connection's previous one "
        "(`empty_polls`); every poll is counted in the metrics; `0`: a line for every poll",
    )
    rate_limits: bool = setting(
        "HANABI_RATE_LIMITS",
        switch,
        True,
        help="`on` or `off`: the API's rate limits",
    )
    rate_limit_storage: str = setting(
        "HANABI_RATE_LIMIT_STORAGE",
        rate_limit_storage,
        "memory://",
        help="where the rate limits' counts live: `memory://` (each process counts alone, so a cluster allows"
        " N times the limit) or a Redis URL (every process and replica shares the counts; the compose "
        "file uses `redis://redis:6379/1`)",
    )
    rate_limit_accounts: str = setting(
        "HANABI_RATE_LIMIT_ACCOUNTS",
        rates,
        "1000 per hour",
        help="accounts created per client address: `POST /v1/accounts` and the players apps create from that "
        "address (`POST /v1/players`), together",
    )
    rate_limit_players: str = setting(
        "HANABI_RATE_LIMIT_PLAYERS",
        rates,
        "1000 per hour",
        help="players an app creates (`POST /v1/players`), per app, whatever its addresses",
    )
    rate_limit_reads: str = setting(
        "HANABI_RATE_LIMIT_READS",
        rates,
        "6000 per minute",
        help="each GET endpoint, per token and per account (all its tokens together)",
    )
    rate_limit_writes: str = setting(
        "HANABI_RATE_LIMIT_WRITES",
        rates,
        "3000 per minute",
        help="each POST and DELETE endpoint, per token and per account (all its tokens together)",
    )
    rate_limit_apps: str = setting(
        "HANABI_RATE_LIMIT_APPS",
        rates,
        "60000 per minute",
        help="every request of an app and of its players' tokens, all endpoints together, per app "
        "([docs/apps.md](../docs/apps.md))",
    )
    lobby_games_per_account: int = setting(
        "HANABI_LOBBY_GAMES_PER_ACCOUNT",
        whole,
        10,
        minimum=0,
        help="games one account may have waiting in the lobby (created, not yet started); past it "
        "`create_game` is a 409 `too_many_lobby_games`; `0`: no cap. Not a rate limit: "
        "`HANABI_RATE_LIMITS=off` leaves it on",
    )
    lobby_games_per_app: int = setting(
        "HANABI_LOBBY_GAMES_PER_APP",
        whole,
        100,
        minimum=0,
        help="games an app and all its players together may have waiting in the lobby; `0`: no cap",
    )
    trusted_proxies: int = setting(
        "HANABI_TRUSTED_PROXIES",
        whole,
        0,
        minimum=0,
        help="how many proxies in front of the API append to `X-Forwarded-For` (0: the client's address is "
        "the connection's); behind the compose file's proxy it is 1",
    )
    cors_origins: tuple[str, ...] = setting(
        "HANABI_CORS_ORIGINS",
        origins,
        (),
        unset="none",
        help="web origins (`https://app.example.com`, `http://localhost:5173`; scheme, host and port, no "
        "path), separated by commas, whose pages may call the API from a browser; `*` for any. See "
        "[Browser apps on other origins](#browser-apps-on-other-origins-cors)",
    )
    embed_origins: tuple[str, ...] = setting(
        "HANABI_EMBED_ORIGINS",
        origins,
        (),
        unset="none",
        help="origins (as for `HANABI_CORS_ORIGINS`) of the sites whose pages may show the embeddable table "
        "(`/embed/games/{id}`) in an iframe: its `Content-Security-Policy: frame-ancestors`; `*` for "
        "any. Unset: no site may frame it ([docs/apps.md](../docs/apps.md))",
    )
    worker_metrics_port: int | None = setting(
        "HANABI_WORKER_METRICS_PORT",
        port,
        None,
        unset="none",
        help="`hanabi worker` serves its Prometheus metrics on this port",
    )
    worker_metrics_host: str = setting(
        "HANABI_WORKER_METRICS_HOST",
        text,
        "0.0.0.0",
        help="the address on which it listens",
    )
    deal_secret: str | None = setting(
        "HANABI_DEAL_SECRET",
        secret,
        None,
        unset="a secret that the database draws once and keeps",
        help="the key that turns a game's seed into its deal (at least 32 characters); the same for every API"
        " process. See [The deal secret](#the-deal-secret)",
    )
    public_url: str = setting(
        "HANABI_PUBLIC_URL",
        public_url,
        "http://localhost:8000",
        help="the address people reach the service at: the links in mail (verify an address, reset a "
        "password, unsubscribe) start with it, and its host is the site of passkeys (a host name, not an"
        " address)",
    )
    smtp_url: str | None = setting(
        "HANABI_SMTP_URL",
        smtp_url,
        None,
        unset="mail waits in the outbox",
        help="the SMTP relay the workers send mail through: `smtp://[user:password@]host[:port]` (STARTTLS "
        "when the relay offers it) or `smtps://...` (TLS from the start)",
    )
    email_from: str = setting(
        "HANABI_EMAIL_FROM",
        text,
        "Hanabi <hanabi@localhost>",
        help="the sender of the service's mail",
    )
    sign_in_limit_account: str = setting(
        "HANABI_SIGN_IN_LIMIT_ACCOUNT",
        rates,
        "20 per hour",
        single=True,
        help="failed sign-ins per account, from any address, before `POST /v1/sessions` answers 429 "
        "([docs/security.md](../docs/security.md#passwords-and-guessing))",
    )
    sign_in_limit_address: str = setting(
        "HANABI_SIGN_IN_LIMIT_ADDRESS",
        rates,
        "100 per hour",
        single=True,
        help="failed sign-ins per client address",
    )
    password_reset_limit: str = setting(
        "HANABI_PASSWORD_RESET_LIMIT",
        rates,
        "5 per hour",
        single=True,
        help="password-reset requests per client address (then 429), and reset mails per account",
    )
    password_hashing: str = setting(
        "HANABI_PASSWORD_HASHING",
        choice,
        "rfc9106-low-memory",
        choices=PASSWORD_HASHINGS,
        help="argon2id's parameters for passwords: `rfc9106-low-memory` (64 MiB, 3 passes, 4 lanes) or "
        "`cheapest` (8 KiB, 1 pass), which protects nothing and is for tests only",
    )
    turn_email_delay_seconds: float = setting(
        "HANABI_TURN_EMAIL_DELAY_SECONDS",
        seconds,
        120.0,
        zero=True,
        help='a "your turn" mail waits this long and is dropped if the turn was taken meanwhile (`0`: at the '
        "next send)",
    )
    deadline_reminder_seconds: float = setting(
        "HANABI_DEADLINE_REMINDER_SECONDS",
        seconds,
        43200.0,
        help="a reminder is mailed this long before a turn's deadline, for turns at least twice as long "
        "(correspondence games)",
    )
    digest_hour: int = setting(
        "HANABI_DIGEST_HOUR",
        whole,
        7,
        minimum=0,
        maximum=23,
        unit="an hour from 0 to 23",
        help="the hour (UTC, 0-23) at which the daily digests are made",
    )
    vacation_days: int = setting(
        "HANABI_VACATION_DAYS",
        whole,
        30,
        minimum=0,
        help="vacation days an account may take per calendar year (`0`: none)",
    )
    idle_game_days: float = setting(
        "HANABI_IDLE_GAME_DAYS",
        number,
        30.0,
        unit="days",
        help="a running game without a time control that nobody moved for this many days is ended by the workers",
    )
    arena: bool = setting(
        "HANABI_ARENA",
        switch,
        False,
        help="`on`: `hanabi beat` schedules arena rounds, which seat online bots that entered the arena "
        "beside built-in partners on duplicate deals and rate them ([docs/arena.md](../docs/arena.md))",
    )
    arena_round_seconds: float = setting(
        "HANABI_ARENA_ROUND_SECONDS",
        seconds,
        10.0,
        help="how often beat schedules an arena round (it publishes finished deals, then deals while there is room)",
    )
    arena_max_games: int = setting(
        "HANABI_ARENA_MAX_GAMES",
        whole,
        4,
        minimum=1,
        help="most arena games being played at once: the share of the workers the arena takes",
    )
    arena_tables_per_deal: int = setting(
        "HANABI_ARENA_TABLES_PER_DEAL",
        whole,
        4,
        minimum=2,
        why="a deal compares tables",
        help="tables a deal is played at (at least 2), the reference partners' tables included",
    )
    arena_turn_seconds: int = setting(
        "HANABI_ARENA_TURN_SECONDS",
        whole,
        10,
        minimum=1,
        help="each turn's time in arena games; a time-out ends the game and counts against the seat",
    )
    arena_online_seconds: float = setting(
        "HANABI_ARENA_ONLINE_SECONDS",
        seconds,
        60.0,
        help="a bot whose event stream or long poll was seen this recently is online",
    )
    arena_partners: tuple[str, ...] = setting(
        "HANABI_ARENA_PARTNERS",
        bot_names,
        ("basic",),
        help="the built-in reference partners, comma-separated; the first is the anchor every bot's paired "
        "difference is taken against",
    )
    arena_games_per_bot: int = setting(
        "HANABI_ARENA_GAMES_PER_BOT",
        whole,
        2,
        minimum=1,
        help="most arena games one bot plays at once",
    )
    arena_challenge_seconds: float = setting(
        "HANABI_ARENA_CHALLENGE_SECONDS",
        seconds,
        60.0,
        help="how long a challenge to a bot waits for its answer before it expires",
    )
    arena_keep_days: float = setting(
        "HANABI_ARENA_KEEP_DAYS",
        number,
        90.0,
        unit="days",
        help="arena rounds delete published deals older than this many days, with their games and "
        "rating-history points; what they added to the figures is kept, and ratings are unchanged "
        "([docs/arena.md](../docs/arena.md#retention))",
    )
    arena_secret: str | None = setting(
        "HANABI_ARENA_SECRET",
        secret,
        None,
        unset="a secret that the database draws once and keeps",
        help="the key that turns an arena deal's seed into its deck (at least 32 characters); the arena's "
        "own, so a published arena seed names no deal anyone else can be dealt",
    )
    metrics_dir: str | None = setting(
        "PROMETHEUS_MULTIPROC_DIR",
        text,
        None,
        unset="`hanabi serve`, `hanabi worker` (with a metrics port) and `gunicorn.conf.py` each make a fresh folder",
        help="the folder in which the processes of one server (gunicorn workers, Celery's pool) write their "
        "metrics for `/metrics` to add up; when you set it, it must be empty at each start. Plain "
        "`gunicorn hanabi.runtime.wsgi:app` without it reports only the process that answers the scrape",
    )
    access_log: str | None = setting(
        "HANABI_ACCESS_LOG",
        text,
        None,
        unset="no access log",
        help="where gunicorn writes its access log (`-`: standard output); read by `hanabi serve` and "
        "`gunicorn.conf.py`",
    )

    @property
    def embedded_postgres_dir(self) -> Path:
        return self.data_dir / "postgres"

    @property
    def broker_dir(self) -> Path:
        return self.data_dir / "broker"


def declarations() -> list[tuple[str, Declaration, Any]]:
    """(field name, declaration, default) of every setting, in the order of the reference."""
    return [(f.name, f.metadata["setting"], f.default) for f in dataclasses.fields(Settings)]


class _Environment(Env):
    """environs' reader on a mapping (default: the process environment), with this module's
    parsers; an empty variable counts as unset."""

    def __init__(self, environ: Mapping[str, str]):
        super().__init__(eager=True)
        self._mapping = environ
        for parse in PARSERS:
            self.add_parser(parse.__name__, parse)

    def _get_value(self, env_key: str, default: Any) -> Any:
        return self._mapping.get(env_key) or default


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `environ` (default: the process environment)."""
    import os

    env = _Environment(os.environ if environ is None else environ)
    values = {}
    for name, declaration, _ in declarations():
        read = getattr(env, declaration.parse.__name__)
        try:
            values[name] = read(declaration.variable, **declaration.options)
        except EnvNotSetError:
            continue
        except EnvValidationError as error:
            raise ConfigError(f"{declaration.variable} {error.error_messages[0]}") from None
    values.setdefault("data_dir", folder(".hanabi"))
    if "log_format" not in values:
        values["log_format"] = "text" if sys.stderr is not None and sys.stderr.isatty() else "json"
    settings = Settings(**values)
    if settings.pool_min_size > settings.pool_max_size:
        raise ConfigError(
            f"HANABI_DB_POOL_MIN ({settings.pool_min_size}) is larger than "
            f"HANABI_DB_POOL_MAX ({settings.pool_max_size})."
        )
    return settings
