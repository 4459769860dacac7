"""The SDK committed in sdk/hanabi-sdk/ is exactly what openapi-python-client generates from
the committed openapi.yaml with sdk/openapi-python-client.yaml (`make sdk` regenerates it)."""

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SDK = REPO / "sdk" / "hanabi-sdk"
NOT_GENERATED = {"__pycache__", ".ruff_cache"}  # caches of Python and of ruff
INSTALL_METADATA_SUFFIX = ".egg-info"  # written by `pip install -e`


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

    generated, committed = tree(output), tree(SDK)

    stale = sorted(name for name in generated.keys() & committed.keys() if generated[name] != committed[name])
    assert (sorted(generated.keys() - committed.keys()), sorted(committed.keys() - generated.keys()), stale) == (
        [],
        [],
        [],
    ), "sdk/hanabi-sdk/ differs from the generator's output (missing, extra, different files): run `make sdk`"
