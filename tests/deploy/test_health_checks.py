"""The compose file's health checks, run against real processes of the installed package: each
passes while its process works and fails once it does not."""

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.waiting import until
from tests.worker.processes import start_hanabi, stop

from .conftest import environment
from .files import DEPLOY, env_example, load_compose

STARTUP_SECONDS = 30


def healthcheck(service: str) -> list[str]:
    test = load_compose({**env_example(), "POSTGRES_PASSWORD": "0123abcd"})["services"][service]["healthcheck"]["test"]
    return test[1:] if test[0] == "CMD" else ["sh", "-c", test[1]]


def run(command: list[str], env: dict[str, str], cwd: Path) -> int:
    return subprocess.run(command, env=env, cwd=cwd, capture_output=True, timeout=60).returncode


def passes_within(command: list[str], env: dict[str, str], cwd: Path, seconds: float = STARTUP_SECONDS) -> bool:
    try:
        until(lambda: run(command, env, cwd) == 0, seconds, f"{command} passing", interval=0.3)
    except AssertionError:
        return False
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def data_dir():
    folder = Path(tempfile.mkdtemp(prefix="hanabi-deploy-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


def test_the_api_health_check_against_gunicorn_with_the_deploy_config(installed, database_url, data_dir):
    port = free_port()
    env = environment(
        installed,
        DATABASE_URL=database_url,
        HANABI_DATA_DIR=str(data_dir),
        GUNICORN_CMD_ARGS=f"--bind 127.0.0.1:{port} --workers 2",
    )
    log = data_dir / "gunicorn.log"
    with open(log, "wb") as output:
        gunicorn = subprocess.Popen(
            [
                str(Path(sys.executable).with_name("gunicorn")),
                "--config",
                str(DEPLOY / "gunicorn.conf.py"),
                "hanabi.runtime.wsgi:app",
            ],
            env=env,
            cwd=data_dir,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    check = [argument.replace("127.0.0.1:8000", f"127.0.0.1:{port}") for argument in healthcheck("api")]
    try:
        assert passes_within(check, env, data_dir), log.read_text()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/ready", timeout=5) as response:
            assert response.status == 200
        for _ in range(20):
            with pytest.raises(urllib.error.HTTPError, match="404"):
                urllib.request.urlopen(f"http://127.0.0.1:{port}/v1/no-such-page", timeout=5)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=5) as response:
            metrics = response.read().decode()
    finally:
        stop(gunicorn)
    assert run(check, env, data_dir) != 0
    # Both workers' requests are counted: the config gave them a metrics folder to share.
    assert 'hanabi_http_requests_total{operation="unmatched",status="404"} 20.0' in metrics
    lines = log.read_text().splitlines()
    assert "PROMETHEUS_MULTIPROC_DIR is not set" not in log.read_text()
    # gunicorn's own lines too are JSON (the default away from a terminal), as a log collector reads them.
    assert any(json.loads(line)["logger"].startswith("gunicorn") for line in lines)
    assert all(json.loads(line)["level"] for line in lines)


def test_the_beat_health_check_follows_its_schedule_file(installed, data_dir):
    env = environment(installed, HANABI_DATA_DIR=str(data_dir))
    beat = start_hanabi(["beat", "--loglevel", "WARNING"], env, data_dir / "beat.log")
    try:
        assert passes_within(healthcheck("beat"), env, data_dir), (data_dir / "beat.log").read_text()
        long_ago = time.time() - 600
        for path in data_dir.glob("celerybeat-schedule*"):
            os.utime(path, (long_ago, long_ago))
        assert run(healthcheck("beat"), env, data_dir) != 0
    finally:
        stop(beat)


@pytest.fixture
def redis_url(data_dir):
    """A redis-server of this test's own (Celery's remote control reaches every worker of a Redis
    database, and the check names workers by host name, which all workers of this machine share)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("no redis-server on this machine")
    port = free_port()
    server = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(data_dir),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(10)


def test_the_worker_health_check_pings_the_worker_of_its_container(installed, database_url, redis_url, data_dir):
    env = environment(
        installed,
        DATABASE_URL=database_url,
        CELERY_BROKER_URL=redis_url,
        HANABI_DATA_DIR=str(data_dir),
        HOSTNAME=socket.gethostname(),  # a container's HOSTNAME; Celery names its worker celery@<host name>
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    )
    worker = start_hanabi(["worker", "--concurrency", "1", "--loglevel", "WARNING"], env, data_dir / "worker.log")
    check = healthcheck("worker")
    quick = [argument.replace("--timeout 10", "--timeout 1") for argument in check]  # the same ping, waiting less
    assert quick != check
    try:
        assert passes_within(quick, env, data_dir), (data_dir / "worker.log").read_text()
        assert run(check, env, data_dir) == 0
    finally:
        stop(worker)
    assert run(quick, env, data_dir) != 0
