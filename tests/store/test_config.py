from pathlib import Path

import pytest
from hanabi.config import ConfigError, load_settings
from hanabi.store.database import pool_from_settings


def test_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = load_settings({})
    assert settings.database_url is None
    assert settings.data_dir == tmp_path / ".hanabi"
    assert settings.embedded_postgres_dir == tmp_path / ".hanabi" / "postgres"
    assert (settings.pool_min_size, settings.pool_max_size) == (1, 10)


def test_values_from_the_environment(tmp_path):
    settings = load_settings(
        {
            "DATABASE_URL": "postgresql://db/hanabi",
            "HANABI_DATA_DIR": str(tmp_path),
            "HANABI_DB_POOL_MIN": "0",
            "HANABI_DB_POOL_MAX": "4",
        }
    )
    assert settings.database_url == "postgresql://db/hanabi"
    assert settings.data_dir == Path(tmp_path)
    assert (settings.pool_min_size, settings.pool_max_size) == (0, 4)


def test_an_empty_variable_counts_as_unset():
    assert load_settings({"DATABASE_URL": ""}).database_url is None


@pytest.mark.parametrize(
    "environ",
    [
        {"HANABI_DB_POOL_MAX": "many"},
        {"HANABI_DB_POOL_MAX": "0"},
        {"HANABI_DB_POOL_MIN": "-1"},
        {"HANABI_DB_POOL_MIN": "5", "HANABI_DB_POOL_MAX": "2"},
    ],
)
def test_unusable_values_are_reported(environ):
    with pytest.raises(ConfigError):
        load_settings(environ)


def test_observability_and_rate_limit_defaults(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    settings = load_settings({"HANABI_LOG_FORMAT": "json"})
    assert (settings.log_format, settings.log_level) == ("json", "INFO")
    assert settings.rate_limits and settings.rate_limit_storage == "memory://"
    assert settings.rate_limit_accounts == "1000 per hour"
    assert (settings.rate_limit_reads, settings.rate_limit_writes) == ("6000 per minute", "3000 per minute")
    assert settings.trusted_proxies == 0
    assert (settings.worker_metrics_port, settings.worker_metrics_host) == (None, "0.0.0.0")


def test_log_format_unset_is_text_at_a_terminal_and_json_otherwise(monkeypatch):
    class Terminal:
        def __init__(self, tty: bool):
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    monkeypatch.setattr("sys.stderr", Terminal(True))
    assert load_settings({}).log_format == "text"
    monkeypatch.setattr("sys.stderr", Terminal(False))
    assert load_settings({}).log_format == "json"
    assert load_settings({"HANABI_LOG_FORMAT": "TEXT"}).log_format == "text"


def test_observability_and_rate_limit_values_from_the_environment():
    settings = load_settings(
        {
            "HANABI_LOG_FORMAT": "text",
            "HANABI_LOG_LEVEL": "warning",
            "HANABI_RATE_LIMITS": "off",
            "HANABI_RATE_LIMIT_STORAGE": "redis://redis:6379/3",
            "HANABI_RATE_LIMIT_ACCOUNTS": "10/minute; 100/day",
            "HANABI_RATE_LIMIT_READS": "50 per second",
            "HANABI_RATE_LIMIT_WRITES": "20 per 10 seconds",
            "HANABI_TRUSTED_PROXIES": "2",
            "HANABI_WORKER_METRICS_PORT": "9108",
            "HANABI_WORKER_METRICS_HOST": "127.0.0.1",
        }
    )
    assert (settings.log_format, settings.log_level, settings.rate_limits) == ("text", "WARNING", False)
    assert settings.rate_limit_storage == "redis://redis:6379/3"
    assert settings.rate_limit_accounts == "10/minute; 100/day"
    assert (settings.rate_limit_reads, settings.rate_limit_writes) == ("50 per second", "20 per 10 seconds")
    assert settings.trusted_proxies == 2
    assert (settings.worker_metrics_port, settings.worker_metrics_host) == (9108, "127.0.0.1")


@pytest.mark.parametrize(
    "environ",
    [
        {"HANABI_LOG_FORMAT": "xml"},
        {"HANABI_LOG_LEVEL": "loud"},
        {"HANABI_RATE_LIMITS": "maybe"},
        {"HANABI_RATE_LIMIT_STORAGE": "memcached://cache:11211"},
        {"HANABI_RATE_LIMIT_STORAGE": "redis-server"},
        {"HANABI_RATE_LIMIT_READS": "many per minute"},
        {"HANABI_RATE_LIMIT_WRITES": "10 per fortnight"},
        {"HANABI_RATE_LIMIT_ACCOUNTS": "-1/hour"},
        {"HANABI_TRUSTED_PROXIES": "-1"},
        {"HANABI_WORKER_METRICS_PORT": "0"},
        {"HANABI_WORKER_METRICS_PORT": "70000"},
        {"HANABI_WORKER_METRICS_PORT": "http"},
    ],
)
def test_unusable_observability_and_rate_limit_values_are_reported(environ):
    (name,) = environ
    with pytest.raises(ConfigError, match=name):
        load_settings(environ)


def test_listen_database_url_and_token_cache():
    assert (load_settings({}).listen_database_url, load_settings({}).token_cache_seconds) == (None, 60.0)
    settings = load_settings(
        {"HANABI_LISTEN_DATABASE_URL": "postgresql://postgres-itself/hanabi", "HANABI_TOKEN_CACHE_SECONDS": "0"}
    )
    assert (settings.listen_database_url, settings.token_cache_seconds) == ("postgresql://postgres-itself/hanabi", 0.0)
    assert load_settings({"HANABI_TOKEN_CACHE_SECONDS": "2.5"}).token_cache_seconds == 2.5


def test_prepared_statements_are_on_unless_turned_off_for_pgbouncer(database_url):
    assert load_settings({}).prepared_statements is True
    settings = load_settings({"HANABI_DB_PREPARED_STATEMENTS": "off", "DATABASE_URL": database_url})
    assert settings.prepared_statements is False
    pool = pool_from_settings(settings)
    try:
        with pool.connection() as conn:
            assert conn.prepare_threshold is None
    finally:
        pool.close()
    with pytest.raises(ConfigError, match="HANABI_DB_PREPARED_STATEMENTS"):
        load_settings({"HANABI_DB_PREPARED_STATEMENTS": "sometimes"})


@pytest.mark.parametrize("value", ["-1", "soon", "inf"])
def test_an_unusable_token_cache_time_is_reported(value):
    with pytest.raises(ConfigError, match="HANABI_TOKEN_CACHE_SECONDS"):
        load_settings({"HANABI_TOKEN_CACHE_SECONDS": value})


def test_the_deal_secret_is_long_or_unset_and_never_printed():
    assert load_settings({}).deal_secret is None
    secret = "s3cret-" + "x" * 25
    settings = load_settings({"HANABI_DEAL_SECRET": secret})
    assert settings.deal_secret == secret
    assert secret not in repr(settings)
    with pytest.raises(ConfigError, match="at least 32 characters"):
        load_settings({"HANABI_DEAL_SECRET": "short"})
