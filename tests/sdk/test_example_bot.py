"""sdk/examples/simple_bot.py, run as its readers would run it: three instances, one per seat,
against the real server, until the game is over."""

import re
import subprocess
import sys
import uuid
from pathlib import Path

from hanabi_client.api.games import get_game
from hanabi_client.models import Game

EXAMPLE = Path(__file__).resolve().parents[2] / "sdk" / "examples" / "simple_bot.py"


def run_bot(api_url: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(EXAMPLE), "--url", api_url, "--poll", "0.02", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def test_three_example_bots_create_join_and_finish_a_game(api_url, new_account):
    suffix = uuid.uuid4().hex[:8]
    creator = run_bot(api_url, "--name", f"ex-a-{suffix}", "--create", "3", "--seed", suffix)
    account_line = creator.stdout.readline()
    seated_line = creator.stdout.readline()
    match = re.fullmatch(r"game (\d+): ex-a-\w+ sits at seat 0\n", seated_line)
    assert match, account_line + seated_line + creator.stdout.read()
    game_id = match.group(1)
    token_holder, client = new_account(prefix="ex-b")
    others = [
        run_bot(api_url, "--token", token_holder.token, "--game", game_id),
        run_bot(api_url, "--name", f"ex-c-{suffix}", "--game", game_id),
    ]

    outputs = [bot.communicate(timeout=120)[0] for bot in [creator, *others]]

    assert [bot.returncode for bot in [creator, *others]] == [0, 0, 0], outputs
    game = get_game.sync(int(game_id), client=client)
    assert isinstance(game, Game), game
    assert game.status == "finished"
    assert {seat.account for seat in game.seats} == {f"ex-a-{suffix}", token_holder.name, f"ex-c-{suffix}"}
    for output in outputs:
        assert output.splitlines()[-1] == f"game {game_id} over: score {game.score} ({game.end_condition})"
