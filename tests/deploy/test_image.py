"""deploy/Dockerfile: its base, user and commands, and that what it installs (a regular, not
editable, install of the project) carries everything the service reads at run time."""

import os
import re
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.specifiers import SpecifierSet

from .conftest import environment
from .files import (
    DEPLOY,
    PACKAGE,
    REPO,
    copies_from_context,
    dockerfile_instructions,
    dockerignored,
    env_example,
    exec_form,
    load_compose,
    readme_settings,
)

GUNICORN_CONFIG = [destination for source, destination in copies_from_context() if source == "deploy/gunicorn.conf.py"]


def stages() -> list[list[tuple[str, str]]]:
    """The Dockerfile's instructions, one list per FROM."""
    found = []
    for instruction, arguments in dockerfile_instructions():
        if instruction == "FROM":
            found.append([])
        found[-1].append((instruction, arguments))
    return found


def final_stage() -> dict[str, str]:
    """The final stage's instructions (the last of each kind)."""
    return dict(stages()[-1])


def compose() -> dict:
    return load_compose({**env_example(), "POSTGRES_PASSWORD": "0123abcd"})


def test_every_stage_is_one_python_image_whose_python_the_project_supports():
    """The venv built in the first stage is copied into the last: both stages need the same image,
    and its Python must be one pyproject.toml's requires-python admits."""
    images = {stage[0][1].split()[0] for stage in stages()}
    assert len(images) == 1, images
    (image,) = images
    version = re.fullmatch(r"python:(\d+\.\d+)(-[\w.-]+)?", image)
    assert version, f"{image} is not an official python image with its version in its tag"
    requires = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert SpecifierSet(requires).contains(version[1]), (image, requires)


def test_the_service_runs_as_a_user_that_is_not_root():
    user = final_stage()["USER"]
    assert user not in ("root", "0")
    assert any(
        instruction == "RUN" and "useradd" in arguments and user in arguments for instruction, arguments in stages()[-1]
    )


def test_the_default_command_is_the_api_under_gunicorn_with_the_deploy_config():
    command = exec_form(final_stage()["CMD"])
    assert command == compose()["services"]["api"]["command"]
    assert command[:3] == ["gunicorn", "--config", GUNICORN_CONFIG[0]]
    assert command[3] == "hanabi.runtime.wsgi:app"


def test_the_health_check_asks_the_api_for_v1_health():
    healthcheck = final_stage()["HEALTHCHECK"]
    command = exec_form(healthcheck.split(" CMD ", 1)[1])
    assert command == compose()["services"]["api"]["healthcheck"]["test"][1:]
    assert "http://127.0.0.1:8000/v1/health" in command[-1]


def test_the_build_context_holds_what_the_dockerfile_copies_and_little_else():
    for source, _ in copies_from_context():
        assert (REPO / source).exists(), source
        assert not dockerignored(source), f"COPY {source}: .dockerignore leaves it out of the build context"
    for unwanted in (
        ".git",
        ".venv",
        ".hanabi",
        "tests",
        "sdk",
        "service/hanabi/__pycache__",
        "service/hanabi_service.egg-info",
    ):
        assert dockerignored(unwanted), unwanted


def package_files() -> set[str]:
    """Every file of the `hanabi` package in the source tree (through the migrations link), as
    `hanabi/...` paths."""
    files = set()
    for folder, directories, names in os.walk(PACKAGE, followlinks=True):
        directories[:] = [name for name in directories if name != "__pycache__"]
        for name in names:
            if not name.endswith(".pyc"):
                files.add("hanabi/" + (Path(folder) / name).relative_to(PACKAGE).as_posix())
    return files


def test_the_wheel_holds_every_file_of_the_package_with_the_migrations_and_web_files(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(archive.read(name).decode() for name in names if name.endswith("entry_points.txt"))
    expected = package_files()
    migrations = {f"hanabi/migrations/{path.name}" for path in (REPO / "migrations").glob("*.sql")}
    assert migrations and migrations <= expected
    missing = expected - names
    assert not missing, f"left out of the wheel (add them to package-data in pyproject.toml): {sorted(missing)}"
    assert re.search(r"^hanabi = hanabi\.runtime\.cli:main$", entry_points, re.M)


def test_hanabi_migrate_from_the_installed_package_applies_every_migration(installed, create_database, tmp_path):
    env = environment(installed, DATABASE_URL=create_database())
    where = subprocess.run(
        [sys.executable, "-c", "import hanabi.store.migrate as m; print(m.__file__); print(m.MIGRATIONS_DIR)"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert all(Path(path).is_relative_to(installed) for path in where)
    result = subprocess.run(
        [sys.executable, "-m", "hanabi.runtime.cli", "migrate"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    ids = sorted(path.stem for path in (REPO / "migrations").glob("*.sql") if not path.stem.endswith(".rollback"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"applied: {', '.join(ids)}"


@pytest.mark.parametrize("service", ["migrate", "worker", "beat"])
def test_the_compose_commands_are_hanabi_commands_with_their_options(service, installed, tmp_path):
    command = compose()["services"][service]["command"]
    assert command[0] == "hanabi"
    result = subprocess.run(
        [sys.executable, "-m", "hanabi.runtime.cli", *command[1:], "--help"],
        env=environment(installed),
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"usage: hanabi {command[1]}")
    for option in (argument for argument in command[2:] if argument.startswith("--")):
        assert option in result.stdout, f"hanabi {command[1]} has no option {option}"


def gunicorn_settings(env: dict[str, str], tmp_path) -> dict[str, str]:
    """The settings gunicorn derives from deploy/gunicorn.conf.py and `env`."""
    result = subprocess.run(
        [
            str(Path(sys.executable).with_name("gunicorn")),
            "--config",
            str(DEPLOY / "gunicorn.conf.py"),
            "--print-config",
            "hanabi.runtime.wsgi:app",
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return dict(re.findall(r"^(\w+)\s+= (.*)$", result.stdout, re.M))


def test_gunicorn_runs_the_gevent_api_workers_on_port_8000_tunable_from_the_environment(installed, tmp_path):
    defaults = gunicorn_settings(environment(installed), tmp_path)
    readme = readme_settings()["gunicorn (the API containers)"]
    assert defaults["worker_class"] == "hanabi.runtime.api_worker.ApiWorker"
    assert defaults["worker_connections"] == "10000"  # waiting clients hold a connection each, no thread
    assert compose()["services"]["api"]["ulimits"]["nofile"] > int(defaults["worker_connections"])  # a file each
    assert defaults["bind"] == "['0.0.0.0:8000']"
    assert defaults["workers"] == readme["WEB_CONCURRENCY"].strip("`")
    assert defaults["preload_app"] == "False"  # each worker process opens its own pool after the fork
    assert defaults["reuse_port"] == "True"  # the kernel spreads connections over the workers
    tuned = gunicorn_settings(
        environment(installed, WEB_CONCURRENCY="3", GUNICORN_CMD_ARGS="--worker-connections 500"), tmp_path
    )
    assert (tuned["workers"], tuned["worker_connections"]) == ("3", "500")


def test_the_image_installs_the_server_extra():
    """`pip install .` alone is the light install (no Flask, Postgres driver, Celery, gunicorn):
    the image's build stage must ask for the extra `server`."""
    installs = [
        arguments for instruction, arguments in stages()[0] if instruction == "RUN" and "pip install" in arguments
    ]
    assert installs and all(re.search(r"""pip install ["']?\.\[server\]""", arguments) for arguments in installs), (
        installs
    )
