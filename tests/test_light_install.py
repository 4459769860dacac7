"""The light install: `pip install hanabi-service` without the extra `server` gives a bot developer
the engine, the bots, the simulator, the bot runner and the SDK, and none of the server's
dependencies; the server's commands then say what to install."""

import json
import os
import subprocess

import pytest

from .light_install import build_wheel, make_venv, pip_install

pytestmark = pytest.mark.slow  # builds the wheel and installs it into fresh virtual environments

SERVER_MODULES = ("flask", "flask_smorest", "psycopg", "psycopg_pool", "pgserver", "celery", "gunicorn", "gevent")
LIGHT_MODULES = (
    "hanabi.engine",
    "hanabi.bots",
    "hanabi.bots.simulator",
    "hanabi.bots.runner",
    "hanabi_client",
    "httpx",
)


@pytest.fixture(scope="module")
def light_python(tmp_path_factory):
    """A fresh virtual environment with the project's wheel and only the dependencies it declares
    (from the package index pip is configured with)."""
    workdir = tmp_path_factory.mktemp("light")
    wheel = build_wheel(workdir)
    python = make_venv(workdir / "venv")
    installed = pip_install(python, str(wheel))
    if installed.returncode != 0:
        message = f"pip could not install the light package's dependencies: {installed.stderr.strip()[-500:]}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message + " (this test needs the package index)")
    return python


def importable(python, module: str) -> bool:
    code = f"import importlib.util, sys; sys.exit(importlib.util.find_spec({module!r}) is None)"
    return subprocess.run([str(python), "-c", code], timeout=60).returncode == 0


def test_the_light_install_has_the_bot_developers_modules_and_none_of_the_servers(light_python):
    assert [m for m in LIGHT_MODULES if not importable(light_python, m)] == []
    assert [m for m in SERVER_MODULES if importable(light_python, m)] == []


def test_hanabi_simulate_runs_from_the_light_install(light_python):
    hanabi = light_python.parent / "hanabi"
    result = subprocess.run(
        [str(hanabi), "simulate", "--players", "3", "--bot", "basic", "--games", "4", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["games"] == 4 and 0 <= report["mean"] <= 25


def test_the_bot_runner_and_the_sdk_import_in_the_light_install(light_python):
    code = "import hanabi.bots.runner, hanabi_client.session, hanabi_client.api.play; print('ok')"
    result = subprocess.run([str(light_python), "-c", code], capture_output=True, text=True, timeout=120)
    assert result.stdout.strip() == "ok", result.stderr
    hanabi = light_python.parent / "hanabi"
    result = subprocess.run([str(hanabi), "bot", "--help"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and "--strategy" in result.stdout, result.stderr


@pytest.mark.parametrize("command", ["serve", "migrate", "worker"])
def test_a_server_command_says_what_to_install(light_python, command):
    hanabi = light_python.parent / "hanabi"
    result = subprocess.run([str(hanabi), command], capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 2
    assert "hanabi-service[server]" in result.stderr and "flask" in result.stderr
    assert "Traceback" not in result.stderr
