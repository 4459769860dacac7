"""`hanabi replay` on real files: as the installed console script (a file and standard input), and
the rest in this process through the CLI's `main(argv)`."""

import contextlib
import io
import json
import pathlib
import subprocess
import sys

import pytest
from hanabi.runtime.cli import main

HANABI = pathlib.Path(sys.executable).parent / "hanabi"


def run_replay_script(*args: str, stdin: str | None = None) -> tuple[int, dict]:
    """The installed console script's exit status and the one JSON line it printed."""
    result = subprocess.run([str(HANABI), "replay", *args], input=stdin, capture_output=True, text=True, timeout=60)
    lines = result.stdout.splitlines()
    assert len(lines) == 1, result.stdout + result.stderr
    return result.returncode, json.loads(lines[0])


def run_replay(*args: str) -> tuple[int, dict]:
    """`main(["replay", ...])`'s status and the one JSON line it printed."""
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        status = main(["replay", *args])
    lines = printed.getvalue().splitlines()
    assert len(lines) == 1, printed.getvalue()
    return status, json.loads(lines[0])


def write_game(tmp_path: pathlib.Path, data: dict) -> pathlib.Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def load(fixtures_dir: pathlib.Path, name: str) -> dict:
    return json.loads((fixtures_dir / name).read_text(encoding="utf-8"))


def test_the_console_script_is_installed():
    assert HANABI.is_file(), f"{HANABI} is missing: install the project with pip install -e ."


def test_the_console_script_replays_the_five_player_fixture(fixtures_dir):
    status, result = run_replay_script(str(fixtures_dir / "no_variant_5p.json"))
    assert status == 0
    assert result["score"] == 23
    assert result["turns"] == 53
    assert result["end_condition"] == "normal"
    assert result["fireworks"] == [3, 5, 5, 5, 5]
    assert set(result) == {"score", "fireworks", "strikes", "clue_tokens", "turns", "end_condition"}


def test_replays_the_three_player_fixture(fixtures_dir):
    status, result = run_replay(str(fixtures_dir / "example_game.json"))
    assert status == 0
    assert (result["score"], result["end_condition"]) == (25, "normal")
    assert result["fireworks"] == [5] * 5


def test_replays_an_unfinished_game(fixtures_dir, tmp_path):
    data = load(fixtures_dir, "no_variant_5p.json")
    data["actions"] = data["actions"][:20]
    status, result = run_replay(str(write_game(tmp_path, data)))
    assert status == 0
    assert (result["turns"], result["end_condition"]) == (20, "in_progress")


def test_the_console_script_reads_standard_input(fixtures_dir):
    status, result = run_replay_script("-", stdin=(fixtures_dir / "example_game.json").read_text(encoding="utf-8"))
    assert (status, result["score"]) == (0, 25)


@pytest.mark.parametrize("index", [0, 17, 52])
def test_an_illegal_move_is_reported_with_its_index(fixtures_dir, tmp_path, index):
    data = load(fixtures_dir, "no_variant_5p.json")
    players = len(data["players"])
    seat_to_move = index % players
    data["actions"][index] = {"type": 3, "target": seat_to_move, "value": 1}

    status, result = run_replay(str(write_game(tmp_path, data)))

    assert status != 0
    assert result["action_index"] == index
    assert set(result) == {"error", "action_index"}
    assert result["error"].startswith(f"Action {index}: ")


def test_a_play_of_someone_elses_card_is_reported(fixtures_dir, tmp_path):
    data = load(fixtures_dir, "example_game.json")
    data["actions"][0] = {"type": 0, "target": 5, "value": 0}
    status, result = run_replay(str(write_game(tmp_path, data)))
    assert (status != 0, result["action_index"]) == (True, 0)
    assert "not in your hand (seat 1," in result["error"]


def test_a_malformed_game_has_no_action_index(fixtures_dir, tmp_path):
    data = load(fixtures_dir, "example_game.json")
    data["options"]["variant"] = "Mix (6 Suits)"
    status, result = run_replay(str(write_game(tmp_path, data)))
    assert status != 0
    assert result["action_index"] is None
    assert "Mix (6 Suits)" in result["error"]


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "not valid JSON"),
        (b'{"players": ["Alice", "Bob"],', "not valid JSON"),
        (b"\xff\xfe not text", "not valid JSON"),
        (b"[1, 2, 3]", "must be a JSON object"),
        (b'"a game"', "must be a JSON object"),
    ],
)
def test_a_file_that_is_not_a_game_object_is_reported(tmp_path, content, words):
    path = tmp_path / "broken.json"
    path.write_bytes(content)
    status, result = run_replay(str(path))
    assert status != 0
    assert result["action_index"] is None
    assert words in result["error"]


def test_a_missing_file_is_reported(tmp_path):
    status, result = run_replay(str(tmp_path / "nowhere.json"))
    assert status != 0
    assert result == {
        "error": f"Cannot read {tmp_path / 'nowhere.json'}: No such file or directory.",
        "action_index": None,
    }
