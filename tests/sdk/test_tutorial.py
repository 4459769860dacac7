"""docs/bots.md#write-your-own, run as written: its Python block saved under the name its first
line gives, its shell blocks run in order by bash in a fresh directory, with this environment's
`hanabi` on PATH and the server at http://127.0.0.1:8000 being a real `hanabi serve` of the
test (api_url), whose embedded worker plays the game's `basic` seats. The measurement plays 200
deals instead of the tutorial's 2,000 (the same command; a tenth of the time)."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import httpx

REPO = Path(__file__).resolve().parents[2]
SECTION = "## Write your own"
TUTORIAL_URL = "http://127.0.0.1:8000"


def tutorial_blocks() -> list[tuple[str, str]]:
    """The section's fenced blocks, in order: (language, code)."""
    text = (REPO / "docs" / "bots.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    end = text.find("\n## ", start + len(SECTION))
    return re.findall(r"```(\w+)\n(.*?)```", text[start : end if end != -1 else len(text)], re.S)


def run_shell(script: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")}
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script], cwd=cwd, env=env, capture_output=True, text=True, timeout=900
    )


def test_the_tutorial_runs_as_written(api_url, tmp_path):
    blocks = tutorial_blocks()
    assert [language for language, _ in blocks] == ["python", "sh", "sh"]
    (_, bot_code), (_, measure), (_, online) = blocks
    file_name = bot_code.splitlines()[0].removeprefix("#").strip()
    (tmp_path / file_name).write_text(bot_code, encoding="utf-8")

    assert "--games 2000 " in measure
    measured = run_shell(measure.replace("--games 2000 ", "--games 200 "), tmp_path)
    assert measured.returncode == 0, measured.stdout + measured.stderr
    assert "bot my_bot.py:FirstBot" in measured.stdout, measured.stdout
    assert re.search(r"^against basic .* on the same 200 deals: ", measured.stdout, re.M), measured.stdout
    assert re.search(r"^difference: -?\d+\.\d+ ± \d+\.\d+ score", measured.stdout, re.M), measured.stdout

    assert TUTORIAL_URL in online
    played = run_shell(online.replace(TUTORIAL_URL, api_url), tmp_path)
    assert played.returncode == 0, played.stdout + played.stderr
    created = json.loads(played.stdout)
    log = played.stderr.splitlines()
    assert log[-2].startswith(f"hanabi bot: game {created['id']} over: score "), played.stderr
    assert log[-1] == "hanabi bot: no running games left", played.stderr

    token = httpx.post(f"{api_url}/v1/accounts", json={"name": "tutorial-reader", "kind": "human"}).json()["token"]
    with httpx.Client(base_url=f"{api_url}/v1", headers={"Authorization": f"Bearer {token}"}) as reader:
        game = reader.get(f"/games/{created['id']}").json()
        events = reader.get(f"/games/{created['id']}/events", params={"limit": 500}).json()["events"]
    assert game["status"] == "finished" and game["seats"][0]["account"] == "my-bot"
    moves = [event for event in events if event["type"] in ("play", "discard", "color_clue", "rank_clue")]
    mine = [line for line in log if re.match(rf"hanabi bot: game {created['id']} turn \d+ seat 0 ", line)]
    assert len(mine) == sum(1 for event in moves if event["seat"] == 0) > 0
