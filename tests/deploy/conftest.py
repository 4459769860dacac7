"""The project as deploy/Dockerfile installs it: a wheel built from exactly what the Dockerfile
copies out of the build context (after .dockerignore), unpacked where Python imports it from."""

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from .files import REPO, copies_from_context, dockerignored


def build_context(destination: Path) -> Path:
    """Copy what the Dockerfile's build stage copies into /src (symbolic links stay links, as
    Docker copies them) to `destination`."""
    for source, target in copies_from_context():
        if not target.startswith("."):
            continue  # copied into the final image, not into /src
        assert target.rstrip("/") in (".", f"./{source}"), (
            f"COPY {source} {target}: /src would not mirror the repository"
        )
        path = REPO / source
        if path.is_dir():
            shutil.copytree(path, destination / source, symlinks=True, ignore=_dockerignored_in(path))
        else:
            shutil.copy2(path, destination / source)
    return destination


def _dockerignored_in(folder: Path):
    def ignore(directory: str, names: list[str]) -> set[str]:
        relative = Path(directory).relative_to(REPO)
        return {name for name in names if dockerignored(str(relative / name))}

    return ignore


@pytest.fixture(scope="session")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, as `pip install .` in the image builds it (no download: the build
    uses this environment's setuptools)."""
    context = build_context(tmp_path_factory.mktemp("context"))
    output = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(output),
            str(context),
        ],
        check=True,
        cwd=context,
        timeout=120,
    )
    (built,) = output.glob("hanabi_service-*.whl")
    return built


@pytest.fixture(scope="session")
def installed(wheel, tmp_path_factory) -> Path:
    """The wheel unpacked into a folder: put it first on PYTHONPATH to import `hanabi` from it
    rather than from the source tree."""
    site = tmp_path_factory.mktemp("site")
    with zipfile.ZipFile(wheel) as archive:
        archive.extractall(site)
    return site


def environment(site: Path, **variables: str) -> dict[str, str]:
    """The environment of a process that imports `hanabi` from `site`, without this machine's
    service settings, plus `variables`."""
    env = {
        name: value
        for name, value in os.environ.items()
        if not name.startswith(("HANABI_", "CELERY_", "DATABASE_URL", "PROMETHEUS_"))
    }
    env["PYTHONPATH"] = str(site)
    env.update(variables)
    return env
