"""Whole deployments of real processes for the fault suite (tests/cluster/local.py): a Postgres and a
Redis of their own, API processes, workers and beat. Without a redis-server binary the suite is
skipped, except on CI (CI set), where it fails."""

import os

import pytest

from tests.cluster.local import redis_server_binary

CLUSTER_ENVIRON = {
    "HANABI_SWEEP_SECONDS": "0.5",
    "HANABI_BOT_STALL_SECONDS": "1",
    "HANABI_DB_POOL_MAX": "16",
}


@pytest.fixture
def redis_server() -> str:
    binary = redis_server_binary()
    if binary is None:
        message = "no redis-server on PATH: the fault suite runs a Redis of its own (apt-get install redis-server)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return binary
