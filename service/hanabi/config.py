"""Settings of the service, read from environment variables in this one place.

    DATABASE_URL         Postgres to use; unset: an embedded Postgres in HANABI_DATA_DIR/postgres
    HANABI_DATA_DIR      folder for the service's own data (default: .hanabi in the working directory)
    HANABI_DB_POOL_MIN   connections a process keeps open (default 1)
    HANABI_DB_POOL_MAX   most connections a process opens (default 10)
    CELERY_BROKER_URL    the workers' broker (e.g. redis://host:6379/0); unset: kombu's filesystem
                         transport in HANABI_DATA_DIR/broker, which needs no server (one machine only)
    HANABI_QUEUE         the Celery queue of the service's tasks (default "hanabi")
    HANABI_SWEEP_SECONDS how often `hanabi beat` schedules the sweeper (default 5)
    HANABI_BOT_STALL_SECONDS  a bot's turn with no move for this long is enqueued again (default 10)
    HANABI_WEBHOOK_TIMEOUT_SECONDS      how long one webhook POST may take (default 5)
    HANABI_WEBHOOK_MAX_ATTEMPTS         attempts before a delivery is failed (default 8)
    HANABI_WEBHOOK_BACKOFF_SECONDS      the wait before the second attempt, doubling after (default 1)
    HANABI_WEBHOOK_BACKOFF_MAX_SECONDS  the longest wait between attempts (default 300)
"""

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping


class ConfigError(ValueError):
    """An environment variable holds a value the service cannot use."""


@dataclass(frozen=True)
class Settings:
    database_url: str | None
    """None means: start the embedded Postgres in `data_dir`."""
    data_dir: Path
    pool_min_size: int = 1
    pool_max_size: int = 10
    celery_broker_url: str | None = None
    """None means: kombu's filesystem transport in `broker_dir`."""
    queue: str = "hanabi"
    sweep_seconds: float = 5.0
    bot_stall_seconds: float = 10.0
    webhook_timeout_seconds: float = 5.0
    webhook_max_attempts: int = 8
    webhook_backoff_seconds: float = 1.0
    webhook_backoff_max_seconds: float = 300.0

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
        celery_broker_url=env.get("CELERY_BROKER_URL") or None,
        queue=env.get("HANABI_QUEUE") or "hanabi",
        sweep_seconds=_positive_seconds(env, "HANABI_SWEEP_SECONDS", 5.0),
        bot_stall_seconds=_positive_seconds(env, "HANABI_BOT_STALL_SECONDS", 10.0),
        webhook_timeout_seconds=_positive_seconds(env, "HANABI_WEBHOOK_TIMEOUT_SECONDS", 5.0),
        webhook_max_attempts=_positive_int(env, "HANABI_WEBHOOK_MAX_ATTEMPTS", 8),
        webhook_backoff_seconds=_positive_seconds(env, "HANABI_WEBHOOK_BACKOFF_SECONDS", 1.0),
        webhook_backoff_max_seconds=_positive_seconds(env, "HANABI_WEBHOOK_BACKOFF_MAX_SECONDS", 300.0),
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


def _positive_seconds(env: Mapping[str, str], name: str, default: float) -> float:
    raw = env.get(name)
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {raw!r}.") from None
    if not 0 < value < float("inf"):
        raise ConfigError(f"{name} must be a positive number of seconds, not {raw}.")
    return value
