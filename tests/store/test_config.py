from pathlib import Path

import pytest

from hanabi.config import ConfigError, load_settings


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
