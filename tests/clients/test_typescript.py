"""The contract as other people's tools read it (docs/clients.md runs the same commands):
openapi-typescript generates types from openapi.yaml, `tsc --strict` compiles play.mts on them
(a game played with openapi-fetch, and bodies the server refuses that must not compile: its
`@ts-expect-error` lines fail the compile once such a body becomes valid), node runs it against a
live server, and Redocly's recommended rules find nothing in the description.

The npm packages of package.json (pinned by package-lock.json) are installed with `npm ci` once
into a cache directory named after the lock's hash. Without node and npm the tests skip, saying
so; under CI (CI set) they fail instead."""

import hashlib
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hanabi.api.openapi import OPENAPI_FILE

HERE = Path(__file__).resolve().parent
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "hanabi-client-checks"
TIMEOUT_SECONDS = 600


@pytest.fixture(scope="module")
def node_modules() -> Path:
    missing = [tool for tool in ("node", "npm") if shutil.which(tool) is None]
    if missing:
        message = f"{' and '.join(missing)} not found: the TypeScript client checks need Node.js 20+ and npm"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    lock = (HERE / "package-lock.json").read_bytes()
    folder = CACHE / hashlib.sha256(lock).hexdigest()[:16]
    if not (folder / "node_modules" / ".bin" / "tsc").exists():
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("package.json", "package-lock.json"):
            shutil.copy(HERE / name, folder / name)
        run(["npm", "ci", "--no-audit", "--no-fund"], folder)
    return folder / "node_modules"


def run(command: list[str], cwd: Path, env: dict | None = None) -> str:
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT_SECONDS, check=False
    )
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_a_typescript_client_generated_from_the_description_compiles_strictly_and_plays_a_game(
    node_modules, live_server, tmp_path
):
    (tmp_path / "node_modules").symlink_to(node_modules)
    shutil.copy(HERE / "play.mts", tmp_path / "play.mts")
    bin_ = node_modules / ".bin"
    run([str(bin_ / "openapi-typescript"), str(OPENAPI_FILE), "--output", "hanabi.d.mts"], tmp_path)
    run(
        [str(bin_ / "tsc"), "--strict", "--module", "nodenext", "--moduleResolution", "nodenext"]
        + ["--target", "es2022", "--outDir", "out", "play.mts"],
        tmp_path,
    )
    played = json.loads(run(["node", "out/play.mjs"], tmp_path, {**os.environ, "HANABI_URL": live_server}))
    assert played["end_condition"] != "in_progress" and played["moves"] > 0, played
    assert played["log_turns"] >= played["moves"] and played["cards"], played  # played and discarded cards


def test_redocly_recommended_rules_find_nothing(node_modules, tmp_path):
    output = run(
        [str(node_modules / ".bin" / "redocly"), "lint", str(OPENAPI_FILE), "--extends=recommended"]
        + ["--format=json", "--max-problems=1000"],
        tmp_path,
    )
    problems = json.loads(output[output.index("{") :])["problems"]
    assert [(problem["severity"], problem["ruleId"], problem["message"]) for problem in problems] == []
