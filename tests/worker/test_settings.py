"""The workers' settings, read from the environment."""

import pytest
from hanabi.config import ConfigError, load_settings
from hanabi.worker.celery_app import celery_config


def test_without_a_broker_url_the_broker_is_a_folder_of_the_data_dir(tmp_path):
    settings = load_settings({"HANABI_DATA_DIR": str(tmp_path)})
    assert settings.celery_broker_url is None
    assert settings.broker_dir == tmp_path / "broker"
    config = celery_config(settings)
    assert config["broker_transport"] == "hanabi.worker.filesystem_broker:Transport"
    assert config["broker_transport_options"]["data_folder_in"] == config["broker_transport_options"]["data_folder_out"]
    assert config["broker_transport_options"]["data_folder_in"] == str(tmp_path / "broker")


def test_worker_settings_from_the_environment(tmp_path):
    settings = load_settings(
        {
            "CELERY_BROKER_URL": "redis://broker:6379/2",
            "HANABI_QUEUE": "games",
            "HANABI_SWEEP_SECONDS": "2.5",
            "HANABI_BOT_STALL_SECONDS": "30",
            "HANABI_IDEMPOTENCY_KEY_HOURS": "0.5",
        }
    )
    assert (settings.celery_broker_url, settings.queue) == ("redis://broker:6379/2", "games")
    assert (settings.sweep_seconds, settings.bot_stall_seconds) == (2.5, 30.0)
    assert settings.idempotency_key_hours == 0.5
    config = celery_config(settings)
    assert config["broker_url"] == "redis://broker:6379/2"
    assert config["broker_transport"] == "hanabi.worker.redis_broker:Transport"
    assert config["task_default_queue"] == "games"
    assert config["beat_schedule"]["sweep"]["schedule"] == 2.5
    assert config["beat_schedule"]["purge_idempotency_keys"]["task"] == "hanabi.purge_idempotency_keys"
    assert config["task_acks_late"] and config["task_reject_on_worker_lost"]
    assert config["worker_prefetch_multiplier"] == 1 and config["accept_content"] == ["json"]


@pytest.mark.parametrize("name", ["HANABI_SWEEP_SECONDS", "HANABI_BOT_STALL_SECONDS"])
@pytest.mark.parametrize("value", ["soon", "0", "-1", "nan", "inf"])
def test_unusable_durations_are_reported(name, value):
    with pytest.raises(ConfigError, match=name):
        load_settings({name: value})


def test_idempotency_keys_are_kept_24_hours_by_default():
    assert load_settings({}).idempotency_key_hours == 24.0


@pytest.mark.parametrize("value", ["a day", "0", "-1", "-0.5", "nan", "inf"])
def test_an_unusable_idempotency_key_retention_is_reported_in_hours(value):
    with pytest.raises(ConfigError, match=r"^HANABI_IDEMPOTENCY_KEY_HOURS must be a (positive )?number of hours, not "):
        load_settings({"HANABI_IDEMPOTENCY_KEY_HOURS": value})


def test_only_plain_redis_urls_get_the_fixed_redis_transport():
    for url in ("rediss://broker:6379/2", "amqp://guest@broker//", "redis+sentinel://broker:26379/0"):
        assert "broker_transport" not in celery_config(load_settings({"CELERY_BROKER_URL": url}))
