"""docs/apps.md runs as written: its `sh` blocks, in order, in one bash, against a real server
(curl and jq, as an app developer would), and do what the page says."""

import json
import re
import subprocess
from pathlib import Path

import httpx

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "apps.md"


def shell_blocks() -> list[str]:
    return re.findall(r"```sh\n(.*?)```", GUIDE.read_text(), flags=re.DOTALL)


def test_the_guide_takes_an_app_from_nothing_to_a_game_in_an_iframe(api_url):
    blocks = shell_blocks()
    assert len(blocks) >= 6
    script = (
        "\n".join(blocks)
        + '\necho "RESULT {\\"game\\": $GAME, \\"alice\\": \\"$ALICE_TABLE\\", '
        + '\\"bob\\": \\"$BOB_TABLE\\", \\"app\\": \\"$APP\\"}"\n'
    )
    run = subprocess.run(
        ["bash", "-e", "-o", "pipefail", "-c", script],
        env={"B": f"{api_url}/v1", "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert '["tables/bob","tables/alice"]' in lines
    assert "running" in lines
    assert "insufficient_scope" in lines
    result = json.loads(next(line for line in lines if line.startswith("RESULT "))[len("RESULT ") :])
    game_id = result["game"]
    for seat, url in enumerate((result["alice"], result["bob"])):
        assert url.startswith(f"{api_url}/embed/games/{game_id}#token=hnb_")
        token = url.split("#token=")[1]
        view = httpx.get(f"{api_url}/v1/games/{game_id}/view", headers={"Authorization": f"Bearer {token}"}).json()
        assert view["seat"] == seat
        assert httpx.get(url.split("#")[0]).status_code == 200
    app = {"Authorization": f"Bearer {result['app']}"}
    game = httpx.get(f"{api_url}/v1/games/{game_id}", headers=app).json()
    assert [seat["account"] for seat in game["seats"]] == ["tables/alice", "tables/bob"]
    (hook,) = httpx.get(f"{api_url}/v1/webhooks", headers=app).json()["items"]
    assert hook["url"] == "https://tables.example.com/hanabi-events"
    deliveries = httpx.get(f"{api_url}/v1/webhooks/{hook['id']}/deliveries", headers=app).json()["items"]
    assert {(delivery["type"], delivery["game_id"]) for delivery in deliveries} >= {
        ("game_started", game_id),
        ("your_turn", game_id),
    }
