"""Schemathesis against a live `hanabi serve` over HTTP, with real tokens: every check
(`--checks all`, positive_data_acceptance included) in every phase (coverage, fuzzing, and
stateful sequences along the links it infers), with valid and deliberately invalid data.

It finds nothing: no 5xx, every response (problems included) conforms to the description, a
request the description forbids is a 4xx, and one it allows is never refused as malformed.
A second run uses tokens with the `read` scope only: every operation that needs another scope
answers 403 `insufficient_scope`, which must conform to the description too (that run leaves
out positive_data_acceptance, since such a token is refused whatever the data, the coverage
phase, whose many cases would each meet the same refusal, and the stateful phase, whose
sequences start from resources such a token cannot create).
The hooks (schemathesis_hooks.py) give every request a fresh token and aim some of them at real
games; schemathesis.toml lists the operations whose answer depends on stored data, which may
refuse a schema-valid request with a 422 whose code names the rule (see docs/api.md,
"What the API accepts")."""

import os
import subprocess
import sys
import uuid
from pathlib import Path

import httpx
import pytest

pytestmark = pytest.mark.slow  # schemathesis's every phase against a `hanabi serve` process

HERE = Path(__file__).parent
MAX_EXAMPLES = 15
"""Per operation and phase: enough to reach every rule of the description."""
RUN_TIMEOUT_SECONDS = 1800
"""The whole run's bound on a shared machine."""


def account(base_url: str, prefix: str) -> dict:
    created = httpx.post(f"{base_url}/v1/accounts", json={"name": f"{prefix}-{uuid.uuid4().hex[:8]}", "kind": "bot"})
    created.raise_for_status()
    return created.json()


def known_games(base_url: str, me: dict, other: dict) -> list[int]:
    """A lobby game, a running game and a finished game, all with `me` seated (but the lobby's)."""

    def post(who: dict, path: str, body=None) -> dict:
        answer = httpx.post(f"{base_url}/v1{path}", json=body, headers={"Authorization": f"Bearer {who['token']}"})
        answer.raise_for_status()
        return answer.json()

    lobby = post(me, "/games", {"options": {"players": 3}})["id"]
    running, finished = (post(me, "/games", {"options": {"players": 2}})["id"] for _ in range(2))
    for game_id in (running, finished):
        post(me, f"/games/{game_id}/join")
        post(other, f"/games/{game_id}/join")
    post(me, f"/games/{finished}/resign")
    return [lobby, running, finished]


RUNS = {
    "every scope": ({}, MAX_EXAMPLES, []),
    "read only": (
        {"HANABI_ST_SCOPES": "read"},
        5,
        ["--exclude-checks", "positive_data_acceptance", "--phases", "examples,fuzzing"],
    ),
}
"""Per run: the hooks' environment, the examples per operation and phase, more arguments."""


@pytest.mark.parametrize("run_name", list(RUNS))
def test_schemathesis_finds_nothing(live_server, tmp_path, run_name):
    scoped, max_examples, arguments = RUNS[run_name]
    me, other = account(live_server, "schemathesis"), account(live_server, "opponent")
    env = {
        **os.environ,
        **scoped,
        "SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks",
        "PYTHONPATH": os.pathsep.join([str(HERE.parent.parent), os.environ.get("PYTHONPATH", "")]),
        "HANABI_ST_URL": live_server,
        "HANABI_ST_TOKEN": me["token"],
        "HANABI_ST_GAMES": ",".join(map(str, known_games(live_server, me, other))),
    }
    run = subprocess.run(
        [
            str(Path(sys.executable).with_name("schemathesis")),
            "--config-file",
            str(HERE / "schemathesis.toml"),
            "run",
            f"{live_server}/v1/openapi.json",
            "--url",
            live_server,
            "--checks",
            "all",
            "--max-examples",
            str(max_examples),
            "--no-color",
            *arguments,
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=RUN_TIMEOUT_SECONDS,
    )
    assert run.returncode == 0, run.stdout[-20000:] + run.stderr[-5000:]
