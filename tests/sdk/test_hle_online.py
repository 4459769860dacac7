"""An agent written for DeepMind's hanabi-learning-environment plays online unchanged: real
`hanabi bot --strategy hle:...` processes against a real server, to the end of a game."""

import signal
import subprocess
import sys
import uuid

import pytest
from hanabi_client.api.games import create_game, get_game, join_game
from hanabi_client.models import CreateGameRequest, Game, OptionsRequest

pytest.importorskip(
    "hanabi_learning_environment.rl_env",
    reason="hanabi-learning-environment is not installed; `make setup` builds it (needs cmake and g++)",
)

AGENTS = {
    "simple": "hle:hanabi_learning_environment.agents.simple_agent:SimpleAgent",
    "random": "hle:hanabi_learning_environment.agents.random_agent:RandomAgent",
}


def run_bot(api_url: str, token: str, strategy: str, game_id: int) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "hanabi.runtime.cli", "bot", "--url", api_url, "--token", token, "--strategy", strategy]
        + ["--game", str(game_id), "--wait", "5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def test_hle_sample_agents_play_a_game_online_to_the_end(api_url, new_account):
    (first, first_client), (second, second_client) = new_account(prefix="hle"), new_account(prefix="hle")
    game = create_game.sync(
        client=first_client, body=CreateGameRequest(options=OptionsRequest(players=2), seed=uuid.uuid4().hex)
    )
    assert isinstance(game, Game), game
    for client in (first_client, second_client):
        game = join_game.sync(game.id, client=client)
    assert game.status == "running"
    bots = [
        run_bot(api_url, first.token, AGENTS["simple"], game.id),
        run_bot(api_url, second.token, AGENTS["random"], game.id),
    ]
    logs = [bot.communicate(timeout=120)[1] for bot in bots]
    assert [bot.returncode for bot in bots] == [0, 0], logs
    finished = get_game.sync(game.id, client=first_client)
    assert finished.status == "finished"
    for log in logs:
        assert f"game {game.id} over" in log, log
