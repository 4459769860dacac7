"""Bots from outside in a live arena: `hanabi bot` runners over HTTP against a real server (for
the convergence test and tests/bench/arena_throughput.py)."""

import os
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx

from tests.waiting import until

TUTORIAL_BOT = "my_bot.py:FirstBot"
"""The tutorial's bot (docs/bots.md#write-your-own), written out by `write_tutorial_bot`."""


def write_tutorial_bot(folder: Path) -> None:
    from tests.sdk.test_tutorial import tutorial_blocks

    for _, text in tutorial_blocks():
        if text.startswith("# my_bot.py"):
            (folder / "my_bot.py").write_text(text)
            return
    raise AssertionError("docs/bots.md has no my_bot.py block")


@contextmanager
def bot_runner(url: str, token: str, strategy: str, cwd: Path, log_path: Path) -> Iterator[subprocess.Popen]:
    """`hanabi bot --strategy STRATEGY` for the token's account, stopped (SIGTERM, then SIGKILL)."""
    with open(log_path, "w") as log:
        runner = subprocess.Popen(
            [sys.executable, "-m", "hanabi.runtime.cli", "bot", "--url", url, "--token", token, "--strategy", strategy],
            cwd=cwd,
            env={**os.environ, "PYTHONPATH": os.pathsep.join([str(cwd), os.environ.get("PYTHONPATH", "")])},
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        yield runner
    finally:
        runner.send_signal(signal.SIGTERM)
        try:
            runner.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(runner.pid, signal.SIGKILL)
            runner.wait()


def enter(url: str, strategy: str, player_counts: list[int]) -> dict:
    """A new bot account, entered in the arena: {name, token, entry, strategy}."""
    name = f"{strategy.split(':')[-1].lower()}-{uuid.uuid4().hex[:6]}"
    token = httpx.post(f"{url}/v1/accounts", json={"name": name, "kind": "bot"}, timeout=30).json()["token"]
    entered = httpx.put(
        f"{url}/v1/arena/entry",
        json={"version": "v1", "player_counts": player_counts},
        headers={"Authorization": f"Bearer {token}"},
        timeout=30,
    )
    entered.raise_for_status()
    return {"name": name, "token": token, "entry": entered.json()["id"], "strategy": strategy}


@contextmanager
def arena_bots(url: str, strategies: list[str], player_counts: list[int], folder: Path) -> Iterator[list[dict]]:
    """One entered bot account per strategy, each played by its runner while the block runs."""
    write_tutorial_bot(folder)
    bots = [enter(url, strategy, player_counts) for strategy in strategies]
    with ExitStack() as stack:
        for bot in bots:
            stack.enter_context(bot_runner(url, bot["token"], bot["strategy"], folder, folder / f"{bot['name']}.log"))
        yield bots


def leaderboard(url: str, players: int) -> dict[int, dict]:
    """The leaderboard's standings by entry id."""
    board = httpx.get(f"{url}/v1/arena/leaderboard", params={"players": players}, timeout=30).json()
    return {standing["entry"]["id"]: standing for standing in board["standings"]}


def wait_for_deals(url: str, players: int, entries: list[int], deals: int, timeout: float) -> dict[int, dict]:
    """The standings once every entry has `deals` rated deals."""

    def standings_when_rated() -> dict[int, dict] | None:
        standings = leaderboard(url, players)
        rated = [standings.get(entry, {}).get("rated_deals", 0) for entry in entries]
        return standings if min(rated) >= deals else None

    return until(standings_when_rated, timeout, f"the entries did not get {deals} rated deals each", 2)
