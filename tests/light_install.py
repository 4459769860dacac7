"""The project's wheel and fresh virtual environments with the light install or the full one,
shared by tests/test_light_install.py and tests/bench/install_size.py."""

import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "migrations", "service", "sdk/hanabi-sdk/hanabi_client")
"""What the wheel is built from: the package `hanabi` and the generated SDK's `hanabi_client`."""
NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def build_wheel(workdir: Path) -> Path:
    """The project's wheel, built offline with this environment's setuptools from a copy of the
    sources (building in the repository would write build/ and egg-info there)."""
    source = workdir / "source"
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, source / name, symlinks=True, ignore=NOT_SOURCES)
        else:
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, source / name)
    output = workdir / "wheel"
    pip = [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation"]
    subprocess.run([*pip, "--wheel-dir", str(output), str(source)], check=True, cwd=source, timeout=300)
    (wheel,) = output.glob("hanabi_service-*.whl")
    return wheel


def make_venv(path: Path) -> Path:
    """A fresh virtual environment without pip (this environment's pip installs into it); its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(path)], check=True, timeout=120)
    return path / "bin" / "python"


def pip_install(python: Path, *requirements: str, timeout: float = 900) -> subprocess.CompletedProcess:
    """This environment's pip installing `requirements` into the environment of `python`."""
    command = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", *requirements]
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, check=False)


def site_packages(python: Path) -> Path:
    (path,) = (python.parent.parent / "lib").glob("python3*/site-packages")
    return path
