"""Settings of the service, read from environment variables in this one place.

DATABASE_URL         Postgres to use; unset: an embedded Postgres in HANABI_DATA_DIR/postgres
HANABI_DATA_DIR      folder for the service's own data (default: .hanabi in the working directory)
HANABI_DB_POOL_MIN   connections a process keeps open (default 1)
HANABI_DB_POOL_MAX   most connections a process opens (default 10)
HANABI_LISTEN_DATABASE_URL  the Postgres the API's listeners LISTEN on (long polls, revoked
                     tokens); default DATABASE_URL. Set it to Postgres itself when
                     DATABASE_URL is a PgBouncer in transaction mode, which drops LISTEN
HANABI_DB_PREPARED_STATEMENTS  on or off (default on): psycopg prepares a query it runs often;
                     off for a PgBouncer in transaction mode older than 1.21
HANABI_TOKEN_CACHE_SECONDS  how long an API process trusts a token it checked (default 60;
                     0: check every request's token in the database)
CELERY_BROKER_URL    the workers' broker (e.g. redis://host:6379/0); unset: kombu's filesystem
                     transport in HANABI_DATA_DIR/broker, which needs no server (one machine only)
HANABI_QUEUE         the Celery queue of the service's tasks (default "hanabi")
HANABI_SWEEP_SECONDS how often `hanabi beat` schedules the sweeper (default 5)
HANABI_BOT_STALL_SECONDS  a bot's turn with no move for this long is enqueued again (default 10)
HANABI_IDEMPOTENCY_KEY_HOURS  how long an Idempotency-Key's response is kept before the
                     workers' hourly purge may delete it (default 24)
HANABI_WEBHOOK_TIMEOUT_SECONDS      how long one webhook POST may take (default 5)
HANABI_WEBHOOK_MAX_ATTEMPTS         attempts before a delivery is failed (default 8)
HANABI_WEBHOOK_BACKOFF_SECONDS      the wait before the second attempt, doubling after (default 1)
HANABI_WEBHOOK_BACKOFF_MAX_SECONDS  the longest wait between attempts (default 300)
HANABI_WEBHOOK_ALLOWED_NETWORKS     networks (CIDR, comma-separated) webhooks may reach besides
                     public addresses; "none" for none. Unset: none, except that `hanabi
                     serve` on a loopback host allows loopback (hanabi.webhooks.addresses)
HANABI_LOG_FORMAT    json (one JSON object per line) or text; unset: text when stderr is a
                     terminal, json otherwise
HANABI_LOG_LEVEL     DEBUG, INFO, WARNING or ERROR (default INFO; WARNING drops the access lines)
HANABI_RATE_LIMITS   on or off (default on)
HANABI_RATE_LIMIT_STORAGE   where the counts live: memory:// (default: each process counts
                     alone) or redis://host:6379/N (every process and replica shares the counts)
HANABI_RATE_LIMIT_ACCOUNTS  accounts created per client address: POST /v1/accounts and an app's
                     POST /v1/players together (default "1000 per hour")
HANABI_RATE_LIMIT_PLAYERS   POST /v1/players per app (default "1000 per hour")
HANABI_RATE_LIMIT_READS     each GET endpoint per token, and per account (default "6000 per minute")
HANABI_RATE_LIMIT_WRITES    each POST/DELETE endpoint per token, and per account (default "3000 per minute")
HANABI_RATE_LIMIT_APPS      all requests of an app and its players together (default "60000 per minute")
HANABI_LOBBY_GAMES_PER_ACCOUNT  games one account may have waiting in the lobby (default 10; 0: no cap)
HANABI_LOBBY_GAMES_PER_APP  games an app and its players together may have waiting in the lobby
                     (default 100; 0: no cap)
HANABI_TRUSTED_PROXIES      how many proxies in front of the API append to X-Forwarded-For
                     (default 0: the client address is the connection's)
HANABI_WORKER_METRICS_PORT  `hanabi worker` serves Prometheus metrics on this port (default: none)
HANABI_WORKER_METRICS_HOST  the address it listens on (default 0.0.0.0)
HANABI_CORS_ORIGINS  origins (scheme://host[:port], comma-separated, or *) whose browser apps
                     may call the API (default: none)
HANABI_EMBED_ORIGINS origins (as HANABI_CORS_ORIGINS) whose pages may show the embeddable table
                     (/embed/games/{id}) in a frame (default: none)
HANABI_PUBLIC_URL    the address people reach the service at, for the links in mail
                     (default http://localhost:8000)
HANABI_SMTP_URL      the SMTP relay mail goes through: smtp://[user:password@]host[:port] (plain,
                     STARTTLS when the relay offers it), smtps:// (TLS from the start);
                     unset: mail waits in the outbox
HANABI_EMAIL_FROM    the sender of the service's mail (default "Hanabi <hanabi@localhost>")
HANABI_SIGN_IN_LIMIT_ACCOUNT  failed sign-ins per account, from anywhere (default "20 per hour")
HANABI_SIGN_IN_LIMIT_ADDRESS  failed sign-ins per client address (default "100 per hour")
HANABI_PASSWORD_RESET_LIMIT   password-reset mails per client address, and per account (default "5 per hour")
HANABI_TURN_EMAIL_DELAY_SECONDS  a "your turn" mail waits this long and is dropped if the turn
                     was taken meanwhile (default 120)
HANABI_DEADLINE_REMINDER_SECONDS a reminder is mailed this long before a turn's deadline, for
                     turns at least twice as long (default 43200: 12 hours)
HANABI_DIGEST_HOUR   the hour (UTC, 0-23) of the daily digest (default 7)
HANABI_VACATION_DAYS days of vacation an account may take per calendar year (default 30; 0: none)
HANABI_IDLE_GAME_DAYS running games without a time control end after this many days with no
                     move (default 30)
HANABI_DEAL_SECRET   the key that turns a game's seed into its deal (at least 32 characters);
                     unset: a secret the database generates once and keeps (table deal_secret)
HANABI_ARENA         on or off (default off): `hanabi beat` schedules arena rounds (docs/arena.md)
HANABI_ARENA_ROUND_SECONDS  how often a round is scheduled (default 10)
HANABI_ARENA_MAX_GAMES  most arena games being played at once (default 4)
HANABI_ARENA_TABLES_PER_DEAL  tables a deal is played at, reference partners' included (default 4)
HANABI_ARENA_TURN_SECONDS  each turn's time in arena games; a time-out ends the game (default 10)
HANABI_ARENA_ONLINE_SECONDS  a bot seen waiting for work this recently is online (default 60)
HANABI_ARENA_PARTNERS  the built-in reference partners, comma-separated; the first is the anchor
                     every bot is compared with (default "basic")
HANABI_ARENA_GAMES_PER_BOT  most arena games one bot plays at once (default 2)
HANABI_ARENA_CHALLENGE_SECONDS  how long a challenge waits for the bot's answer (default 60)
HANABI_ARENA_SECRET  the key that turns an arena deal's seed into its deck (at least 32
                     characters); unset: a secret the database draws once and keeps (arena_secret)
HANABI_ARENA_KEEP_DAYS  arena rounds delete published deals older than this, with their games
                     and rating-history points; ratings and figures stay whole (default 90)
"""

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from hanabi.webhooks.addresses import Network, parse_networks

LOG_FORMATS = ("json", "text")
LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
RATE_LIMIT_STORAGE_SCHEMES = ("memory", "redis", "rediss", "redis+unix", "redis+sentinel", "redis+cluster")
DEFAULT_RATE_LIMIT_ACCOUNTS = "1000 per hour"
DEFAULT_RATE_LIMIT_READS = "6000 per minute"
DEFAULT_RATE_LIMIT_WRITES = "3000 per minute"
DEFAULT_RATE_LIMIT_APPS = "60000 per minute"
DEFAULT_RATE_LIMIT_PLAYERS = "1000 per hour"
DEFAULT_LOBBY_GAMES_PER_ACCOUNT = 10
DEFAULT_LOBBY_GAMES_PER_APP = 100
MIN_DEAL_SECRET_CHARACTERS = 32
DEFAULT_PUBLIC_URL = "http://localhost:8000"
DEFAULT_EMAIL_FROM = "Hanabi <hanabi@localhost>"
DEFAULT_SIGN_IN_LIMIT_ACCOUNT = "20 per hour"
DEFAULT_SIGN_IN_LIMIT_ADDRESS = "100 per hour"
DEFAULT_PASSWORD_RESET_LIMIT = "5 per hour"
SMTP_SCHEMES = ("smtp", "smtps")
_SWITCHES = {"on": True, "true": True, "1": True, "yes": True, "off": False, "false": False, "0": False, "no": False}


class ConfigError(ValueError):
    """An environment variable holds a value the service cannot use."""


@dataclass(frozen=True)
class Settings:
    database_url: str | None
    """None means: start the embedded Postgres in `data_dir`."""
    data_dir: Path
    pool_min_size: int = 1
    pool_max_size: int = 10
    listen_database_url: str | None = None
    """None means: DATABASE_URL (or the embedded Postgres)."""
    prepared_statements: bool = True
    """psycopg's server-side prepared statements (after 5 runs of a query on a connection): a
    PgBouncer in transaction mode before 1.21 hands the next transaction another connection, where
    the statement does not exist."""
    token_cache_seconds: float = 60.0
    celery_broker_url: str | None = None
    """None means: kombu's filesystem transport in `broker_dir`."""
    queue: str = "hanabi"
    sweep_seconds: float = 5.0
    bot_stall_seconds: float = 10.0
    idempotency_key_hours: float = 24.0
    webhook_timeout_seconds: float = 5.0
    webhook_max_attempts: int = 8
    webhook_backoff_seconds: float = 1.0
    webhook_backoff_max_seconds: float = 300.0
    webhook_allowed_networks: tuple[Network, ...] | None = None
    """None means unset: no network (`hanabi serve` on a loopback host: loopback)."""
    log_format: str = "json"
    log_level: str = "INFO"
    rate_limits: bool = True
    rate_limit_storage: str = "memory://"
    rate_limit_accounts: str = DEFAULT_RATE_LIMIT_ACCOUNTS
    """Flask-Limiter's notation: "100 per minute", "10/second; 1000/day"."""
    rate_limit_reads: str = DEFAULT_RATE_LIMIT_READS
    rate_limit_writes: str = DEFAULT_RATE_LIMIT_WRITES
    rate_limit_apps: str = DEFAULT_RATE_LIMIT_APPS
    rate_limit_players: str = DEFAULT_RATE_LIMIT_PLAYERS
    lobby_games_per_account: int = DEFAULT_LOBBY_GAMES_PER_ACCOUNT
    """0 means no cap (and so for lobby_games_per_app)."""
    lobby_games_per_app: int = DEFAULT_LOBBY_GAMES_PER_APP
    trusted_proxies: int = 0
    worker_metrics_port: int | None = None
    worker_metrics_host: str = "0.0.0.0"
    cors_origins: tuple[str, ...] = ()
    embed_origins: tuple[str, ...] = ()
    """Origins whose pages may frame the embeddable table; "*" for any."""
    """Origins whose pages may call the API from a browser; "*" for any."""
    deal_secret: str | None = field(default=None, repr=False)
    """None means: the secret kept in the database (see store.deals)."""
    public_url: str = DEFAULT_PUBLIC_URL
    smtp_url: str | None = field(default=None, repr=False)
    """None means: no relay; mail waits in the outbox."""
    email_from: str = DEFAULT_EMAIL_FROM
    sign_in_limit_account: str = DEFAULT_SIGN_IN_LIMIT_ACCOUNT
    sign_in_limit_address: str = DEFAULT_SIGN_IN_LIMIT_ADDRESS
    password_reset_limit: str = DEFAULT_PASSWORD_RESET_LIMIT
    turn_email_delay_seconds: float = 120.0
    deadline_reminder_seconds: float = 43200.0
    digest_hour: int = 7
    vacation_days: int = 30
    idle_game_days: float = 30.0
    arena: bool = False
    arena_round_seconds: float = 10.0
    arena_max_games: int = 4
    arena_tables_per_deal: int = 4
    arena_turn_seconds: int = 10
    arena_online_seconds: float = 60.0
    arena_partners: tuple[str, ...] = ("basic",)
    arena_games_per_bot: int = 2
    arena_challenge_seconds: float = 60.0
    arena_keep_days: float = 90.0
    arena_secret: str | None = field(default=None, repr=False)
    """None means: the secret kept in the database (see arena.store)."""

    @property
    def embedded_postgres_dir(self) -> Path:
        return self.data_dir / "postgres"

    @property
    def broker_dir(self) -> Path:
        return self.data_dir / "broker"


def load_settings(environ: Mapping[str, str] | None = None) -> Settings:
    """Settings from `environ` (default: the process environment). Empty variables count as unset."""
    env = os.environ if environ is None else environ
    pool_min = _positive_int(env, "HANABI_DB_POOL_MIN", 1, allow_zero=True)
    pool_max = _positive_int(env, "HANABI_DB_POOL_MAX", 10)
    if pool_min > pool_max:
        raise ConfigError(f"HANABI_DB_POOL_MIN ({pool_min}) is larger than HANABI_DB_POOL_MAX ({pool_max}).")
    return Settings(
        database_url=env.get("DATABASE_URL") or None,
        data_dir=Path(env.get("HANABI_DATA_DIR") or ".hanabi").resolve(),
        pool_min_size=pool_min,
        pool_max_size=pool_max,
        listen_database_url=env.get("HANABI_LISTEN_DATABASE_URL") or None,
        prepared_statements=_switch(env, "HANABI_DB_PREPARED_STATEMENTS", True),
        token_cache_seconds=_seconds_or_zero(env, "HANABI_TOKEN_CACHE_SECONDS", 60.0),
        celery_broker_url=env.get("CELERY_BROKER_URL") or None,
        queue=env.get("HANABI_QUEUE") or "hanabi",
        sweep_seconds=_positive_seconds(env, "HANABI_SWEEP_SECONDS", 5.0),
        bot_stall_seconds=_positive_seconds(env, "HANABI_BOT_STALL_SECONDS", 10.0),
        idempotency_key_hours=_positive_number(env, "HANABI_IDEMPOTENCY_KEY_HOURS", 24.0, "hours"),
        webhook_timeout_seconds=_positive_seconds(env, "HANABI_WEBHOOK_TIMEOUT_SECONDS", 5.0),
        webhook_max_attempts=_positive_int(env, "HANABI_WEBHOOK_MAX_ATTEMPTS", 8),
        webhook_backoff_seconds=_positive_seconds(env, "HANABI_WEBHOOK_BACKOFF_SECONDS", 1.0),
        webhook_backoff_max_seconds=_positive_seconds(env, "HANABI_WEBHOOK_BACKOFF_MAX_SECONDS", 300.0),
        webhook_allowed_networks=_networks(env, "HANABI_WEBHOOK_ALLOWED_NETWORKS"),
        log_format=_log_format(env),
        log_level=_choice(env, "HANABI_LOG_LEVEL", LOG_LEVELS, "INFO"),
        rate_limits=_switch(env, "HANABI_RATE_LIMITS", True),
        rate_limit_storage=_rate_limit_storage(env),
        rate_limit_accounts=_rate_limit(env, "HANABI_RATE_LIMIT_ACCOUNTS", DEFAULT_RATE_LIMIT_ACCOUNTS),
        rate_limit_reads=_rate_limit(env, "HANABI_RATE_LIMIT_READS", DEFAULT_RATE_LIMIT_READS),
        rate_limit_writes=_rate_limit(env, "HANABI_RATE_LIMIT_WRITES", DEFAULT_RATE_LIMIT_WRITES),
        rate_limit_apps=_rate_limit(env, "HANABI_RATE_LIMIT_APPS", DEFAULT_RATE_LIMIT_APPS),
        rate_limit_players=_rate_limit(env, "HANABI_RATE_LIMIT_PLAYERS", DEFAULT_RATE_LIMIT_PLAYERS),
        lobby_games_per_account=_positive_int(
            env, "HANABI_LOBBY_GAMES_PER_ACCOUNT", DEFAULT_LOBBY_GAMES_PER_ACCOUNT, allow_zero=True
        ),
        lobby_games_per_app=_positive_int(
            env, "HANABI_LOBBY_GAMES_PER_APP", DEFAULT_LOBBY_GAMES_PER_APP, allow_zero=True
        ),
        trusted_proxies=_positive_int(env, "HANABI_TRUSTED_PROXIES", 0, allow_zero=True),
        worker_metrics_port=_port(env, "HANABI_WORKER_METRICS_PORT"),
        worker_metrics_host=env.get("HANABI_WORKER_METRICS_HOST") or "0.0.0.0",
        cors_origins=_origins(env, "HANABI_CORS_ORIGINS"),
        embed_origins=_origins(env, "HANABI_EMBED_ORIGINS"),
        deal_secret=_deal_secret(env),
        public_url=_public_url(env),
        smtp_url=_smtp_url(env),
        email_from=env.get("HANABI_EMAIL_FROM") or DEFAULT_EMAIL_FROM,
        sign_in_limit_account=_single_rate(env, "HANABI_SIGN_IN_LIMIT_ACCOUNT", DEFAULT_SIGN_IN_LIMIT_ACCOUNT),
        sign_in_limit_address=_single_rate(env, "HANABI_SIGN_IN_LIMIT_ADDRESS", DEFAULT_SIGN_IN_LIMIT_ADDRESS),
        password_reset_limit=_single_rate(env, "HANABI_PASSWORD_RESET_LIMIT", DEFAULT_PASSWORD_RESET_LIMIT),
        turn_email_delay_seconds=_seconds_or_zero(env, "HANABI_TURN_EMAIL_DELAY_SECONDS", 120.0),
        deadline_reminder_seconds=_positive_seconds(env, "HANABI_DEADLINE_REMINDER_SECONDS", 43200.0),
        digest_hour=_hour(env, "HANABI_DIGEST_HOUR", 7),
        vacation_days=_positive_int(env, "HANABI_VACATION_DAYS", 30, allow_zero=True),
        idle_game_days=_positive_number(env, "HANABI_IDLE_GAME_DAYS", 30.0, "days"),
        arena=_switch(env, "HANABI_ARENA", False),
        arena_round_seconds=_positive_seconds(env, "HANABI_ARENA_ROUND_SECONDS", 10.0),
        arena_max_games=_positive_int(env, "HANABI_ARENA_MAX_GAMES", 4),
        arena_tables_per_deal=_arena_tables(env),
        arena_turn_seconds=_positive_int(env, "HANABI_ARENA_TURN_SECONDS", 10),
        arena_online_seconds=_positive_seconds(env, "HANABI_ARENA_ONLINE_SECONDS", 60.0),
        arena_partners=_arena_partners(env),
        arena_games_per_bot=_positive_int(env, "HANABI_ARENA_GAMES_PER_BOT", 2),
        arena_challenge_seconds=_positive_seconds(env, "HANABI_ARENA_CHALLENGE_SECONDS", 60.0),
        arena_keep_days=_positive_number(env, "HANABI_ARENA_KEEP_DAYS", 90.0, "days"),
        arena_secret=_secret(env, "HANABI_ARENA_SECRET"),
    )


def _positive_int(env: Mapping[str, str], name: str, default: int, *, allow_zero: bool = False) -> int:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a whole number, not {raw!r}.") from None
    if value < (0 if allow_zero else 1):
        raise ConfigError(f"{name} must be {'0 or more' if allow_zero else 'at least 1'}, not {value}.")
    return value


def _seconds_or_zero(env: Mapping[str, str], name: str, default: float) -> float:
    if env.get(name) in ("0", "0.0"):
        return 0.0
    return _positive_seconds(env, name, default)


def _positive_seconds(env: Mapping[str, str], name: str, default: float) -> float:
    return _positive_number(env, name, default, "seconds")


def _positive_number(env: Mapping[str, str], name: str, default: float, unit: str) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of {unit}, not {raw!r}.") from None
    if not 0 < value < float("inf"):
        raise ConfigError(f"{name} must be a positive number of {unit}, not {raw}.")
    return value


def _choice(env: Mapping[str, str], name: str, choices: tuple[str, ...], default: str) -> str:
    raw = env.get(name)
    if not raw:
        return default
    if raw.upper() in choices:
        return raw.upper()
    if raw.lower() in choices:
        return raw.lower()
    raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {raw!r}.")


def _log_format(env: Mapping[str, str]) -> str:
    """Unset: text for a person at a terminal, JSON for a log collector."""
    if env.get("HANABI_LOG_FORMAT"):
        return _choice(env, "HANABI_LOG_FORMAT", LOG_FORMATS, "json")
    return "text" if sys.stderr is not None and sys.stderr.isatty() else "json"


def _switch(env: Mapping[str, str], name: str, default: bool) -> bool:
    raw = env.get(name)
    if not raw:
        return default
    try:
        return _SWITCHES[raw.strip().lower()]
    except KeyError:
        raise ConfigError(f"{name} must be on or off, not {raw!r}.") from None


def _rate_limit_storage(env: Mapping[str, str]) -> str:
    raw = env.get("HANABI_RATE_LIMIT_STORAGE")
    if not raw:
        return "memory://"
    scheme, separator, _ = raw.partition("://")
    if not separator or scheme.lower() not in RATE_LIMIT_STORAGE_SCHEMES:
        raise ConfigError(
            f"HANABI_RATE_LIMIT_STORAGE must be memory:// or a Redis URL (redis://host:6379/0), not {raw!r}."
        )
    return raw


def _rate_limit(env: Mapping[str, str], name: str, default: str) -> str:
    raw = env.get(name)
    if not raw:
        return default
    from limits import parse_many

    try:
        parse_many(raw)
    except ValueError:
        raise ConfigError(
            f'{name} must be a rate such as "100 per minute" or "10/second; 1000/day", not {raw!r}.'
        ) from None
    return raw


def _networks(env: Mapping[str, str], name: str) -> tuple[Network, ...] | None:
    raw = env.get(name)
    if not raw:
        return None
    if raw.strip().lower() == "none":
        return ()
    try:
        return parse_networks(raw)
    except ValueError as error:
        raise ConfigError(f"{name} must list networks or say none: {error}.") from None


def _origins(env: Mapping[str, str], name: str) -> tuple[str, ...]:
    """Web origins, comma-separated: `https://app.example.com`, `http://localhost:5173`, or `*`."""
    origins = tuple(part.strip() for part in (env.get(name) or "").split(",") if part.strip())
    for origin in origins:
        if origin == "*":
            continue
        try:
            parts = urlsplit(origin)
            parts.port  # noqa: B018 (reading it raises ValueError on a bad port)
        except ValueError:
            parts = None
        if (
            parts is None
            or parts.scheme not in ("http", "https")
            or not parts.hostname
            or "@" in parts.netloc
            or origin != f"{parts.scheme}://{parts.netloc}"
        ):
            raise ConfigError(
                f"{name} must list origins such as https://app.example.com (a scheme and a host, "
                f"an optional port, no path), or *, not {origin!r}."
            )
    return origins


def _port(env: Mapping[str, str], name: str) -> int | None:
    if not env.get(name):
        return None
    port = _positive_int(env, name, 0)
    if port > 65535:
        raise ConfigError(f"{name} must be a port number from 1 to 65535, not {port}.")
    return port


def _deal_secret(env: Mapping[str, str]) -> str | None:
    return _secret(env, "HANABI_DEAL_SECRET")


def _secret(env: Mapping[str, str], name: str) -> str | None:
    raw = env.get(name)
    if not raw:
        return None
    if len(raw) < MIN_DEAL_SECRET_CHARACTERS:
        raise ConfigError(
            f"{name} must have at least {MIN_DEAL_SECRET_CHARACTERS} characters, not {len(raw)} "
            "(e.g. the output of `openssl rand -hex 32`)."
        )
    return raw


def _public_url(env: Mapping[str, str]) -> str:
    raw = env.get("HANABI_PUBLIC_URL")
    if not raw:
        return DEFAULT_PUBLIC_URL
    parts = urlsplit(raw)
    if parts.scheme not in ("http", "https") or not parts.hostname or parts.query or parts.fragment:
        raise ConfigError(
            f"HANABI_PUBLIC_URL must be an http(s) address such as https://hanabi.example.org, not {raw!r}."
        )
    return raw.rstrip("/")


def _smtp_url(env: Mapping[str, str]) -> str | None:
    raw = env.get("HANABI_SMTP_URL")
    if not raw:
        return None
    try:
        parts = urlsplit(raw)
        _ = parts.port
    except ValueError:
        parts = None
    if parts is None or parts.scheme not in SMTP_SCHEMES or not parts.hostname:
        raise ConfigError(
            "HANABI_SMTP_URL must be smtp://[user:password@]host[:port] or smtps://..., not the value given."
        )
    return raw


def _single_rate(env: Mapping[str, str], name: str, default: str) -> str:
    """One rate, "N per period" ("20 per hour", "5 per 15 minutes")."""
    raw = _rate_limit(env, name, default)
    from limits import parse_many

    if len(parse_many(raw)) != 1:
        raise ConfigError(f'{name} must be one rate such as "20 per hour", not {raw!r}.')
    return raw


def _hour(env: Mapping[str, str], name: str, default: int) -> int:
    value = _positive_int(env, name, default, allow_zero=True)
    if value > 23:
        raise ConfigError(f"{name} must be an hour from 0 to 23, not {value}.")
    return value


def _arena_tables(env: Mapping[str, str]) -> int:
    tables = _positive_int(env, "HANABI_ARENA_TABLES_PER_DEAL", 4)
    if tables < 2:
        raise ConfigError(f"HANABI_ARENA_TABLES_PER_DEAL must be at least 2 (a deal compares tables), not {tables}.")
    return tables


def _arena_partners(env: Mapping[str, str]) -> tuple[str, ...]:
    raw = env.get("HANABI_ARENA_PARTNERS")
    if not raw:
        return ("basic",)
    from hanabi.bots import STRATEGIES

    names = tuple(dict.fromkeys(part.strip() for part in raw.split(",") if part.strip()))
    unknown = [name for name in names if name not in STRATEGIES]
    if not names or unknown:
        raise ConfigError(
            f"HANABI_ARENA_PARTNERS must list built-in bots ({', '.join(sorted(STRATEGIES))}), not {raw!r}."
        )
    return names
