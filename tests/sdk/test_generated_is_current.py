"""The SDK committed in sdk/hanabi-sdk/ is exactly what openapi-python-client generates from
the committed openapi.yaml with sdk/openapi-python-client.yaml (`make sdk` regenerates it)."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SDK = REPO / "sdk" / "hanabi-sdk"
NOT_GENERATED = {"__pycache__", ".ruff_cache"}  # caches of Python and of ruff
INSTALL_METADATA_SUFFIX = ".egg-info"  # written by `pip install -e`
HAND_WRITTEN = {"hanabi_client/session.py"}
"""Modules written by hand beside the generated ones (the generator's --overwrite keeps them)."""


def tree(root: Path) -> dict[str, bytes]:
    files = {}
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = [
            name for name in subfolders if name not in NOT_GENERATED and not name.endswith(INSTALL_METADATA_SUFFIX)
        ]
        for name in names:
            path = Path(folder) / name
            files[path.relative_to(root).as_posix()] = path.read_bytes()
    return files


def test_the_committed_sdk_is_what_the_generator_makes_of_openapi_yaml(tmp_path):
    output = tmp_path / "hanabi-sdk"
    tools = str(Path(sys.executable).parent)  # the generator's post-hooks run this environment's ruff
    command = [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(REPO / "openapi.yaml")]
    command += ["--meta", "setup", "--config", str(REPO / "sdk" / "openapi-python-client.yaml")]
    command += ["--output-path", str(output), "--fail-on-warning"]
    env = {**os.environ, "PATH": tools + os.pathsep + os.environ.get("PATH", "")}
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr

    generated = tree(output)
    committed = {name: content for name, content in tree(SDK).items() if name not in HAND_WRITTEN}

    stale = sorted(name for name in generated.keys() & committed.keys() if generated[name] != committed[name])
    assert (sorted(generated.keys() - committed.keys()), sorted(committed.keys() - generated.keys()), stale) == (
        [],
        [],
        [],
    ), "sdk/hanabi-sdk/ differs from the generator's output (missing, extra, different files): run `make sdk`"


def test_make_sdk_keeps_the_hand_written_modules_as_they_are(tmp_path):
    """`make sdk` regenerates over the committed SDK (--overwrite): the hand-written modules
    survive it unchanged (its post-hooks run ruff over them: they are formatted as ruff would)."""
    output = tmp_path / "hanabi-sdk"
    shutil.copytree(SDK, output, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info", ".ruff_cache"))
    tools = str(Path(sys.executable).parent)
    command = [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(REPO / "openapi.yaml")]
    command += ["--meta", "setup", "--config", str(REPO / "sdk" / "openapi-python-client.yaml")]
    command += ["--output-path", str(output), "--overwrite", "--fail-on-warning"]
    env = {**os.environ, "PATH": tools + os.pathsep + os.environ.get("PATH", "")}
    result = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    for name in HAND_WRITTEN:
        assert (output / name).read_bytes() == (SDK / name).read_bytes(), name
