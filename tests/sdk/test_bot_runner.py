"""`hanabi bot` as its users run it: real `hanabi bot` processes against a real server, with
SDK-driven seats beside them, and a server killed and restarted under them."""

import json
import os
import random
import signal
import subprocess
import sys
import uuid

import pytest
from hanabi.bots import basic
from hanabi.engine.hanablive import import_game
from hanabi.engine.view import view_from_dict
from hanabi_client import AuthenticatedClient, Client
from hanabi_client.api.accounts import create_account
from hanabi_client.api.events import list_events
from hanabi_client.api.games import create_game, get_game, join_game
from hanabi_client.api.hanablive import export_game
from hanabi_client.api.play import act, get_view
from hanabi_client.models import (
    AccountRequest,
    AccountSeatRequest,
    CreateGameRequest,
    Game,
    HanabLiveGame,
    OptionsRequest,
)
from hanabi_client.session import Event, action_request

from tests.waiting import until

from .conftest import free_port, wait_until_ready

ACTION_EVENTS = {"play", "discard", "color_clue", "rank_clue"}


def run_bot(api_url: str, token: str, *args: str) -> subprocess.Popen:
    """`hanabi bot` as a terminal starts it: with SIGINT's default action, which a test run
    started in the background by a shell without job control would otherwise pass on ignored."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "hanabi.runtime.cli",
            "bot",
            "--url",
            api_url,
            "--token",
            token,
            "--strategy",
            "basic",
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def finish(bots: list[subprocess.Popen]) -> list[str]:
    """Waits for the bots to exit; returns their stderr."""
    logs = [bot.communicate(timeout=60)[1] for bot in bots]
    assert [bot.returncode for bot in bots] == [0] * len(bots), logs
    return logs


def seated_game(new_account, players: int) -> tuple[int, list]:
    """A running game with one new account per seat, in seat order: (id, [(account, client)])."""
    accounts = [new_account(prefix="runner") for _ in range(players)]
    game = create_game.sync(
        client=accounts[0][1], body=CreateGameRequest(options=OptionsRequest(players=players), seed=uuid.uuid4().hex)
    )
    assert isinstance(game, Game), game
    for _, client in accounts:
        game = join_game.sync(game.id, client=client)
    assert game.status == "running"
    by_name = {account.name: (account, client) for account, client in accounts}
    return game.id, [by_name[seat.account] for seat in game.seats]


def all_events(client: AuthenticatedClient, game_id: int) -> list[Event]:
    events, after = [], 0
    while True:
        page = list_events.sync(game_id, client=client, after=after, limit=500)
        events += page.events
        after = page.last_seq
        if not page.has_more:
            return events


def assert_one_action_per_turn(events: list[Event]) -> list[Event]:
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
    actions = [e for e in events if e.type_ in ACTION_EVENTS]
    assert [e.turn for e in actions] == list(range(len(actions)))
    return actions


def assert_export_replays_to(client: AuthenticatedClient, game_id: int) -> Game:
    game = get_game.sync(game_id, client=client)
    assert game.status == "finished"
    export = export_game.sync(game_id, client=client)
    assert isinstance(export, HanabLiveGame), export
    assert import_game(export.to_dict()).state.score == game.score
    return game


def play_seat(client: AuthenticatedClient, game_id: int, moves: int | None = None) -> None:
    """Plays one seat with the basic strategy from its own view, `moves` times or to the end."""
    while moves != 0:
        response = get_view.sync_detailed(game_id, client=client)
        assert response.status_code == 200, response.content
        view = json.loads(response.content)
        if view["is_over"]:
            return
        if not view["legal_actions"]:
            list_events.sync(game_id, client=client, after=view["version"], wait=10)
            continue
        action = basic.choose(view_from_dict(view), random.Random(view["version"]))
        fields = {key: value for key, value in action._asdict().items() if key not in ("seat", "announce")}
        answer = act.sync_detailed(game_id, client=client, body=action_request(fields, view["version"]))
        assert answer.status_code == 200, answer.content
        moves = None if moves is None else moves - 1


def test_two_runners_play_a_game_to_the_end_and_log_each_move(api_url, new_account):
    game_id, seats = seated_game(new_account, 2)
    bots = [run_bot(api_url, account.token, "--game", str(game_id), "--wait", "5") for account, _ in seats]

    logs = finish(bots)

    client = seats[0][1]
    game = assert_export_replays_to(client, game_id)
    actions = assert_one_action_per_turn(all_events(client, game_id))
    for seat, log in enumerate(logs):
        moves = [line for line in log.splitlines() if f"game {game_id} turn " in line]
        assert len(moves) == sum(1 for action in actions if action.seat == seat), log
        assert log.splitlines()[-1] == f"hanabi bot: game {game_id} over: score {game.score} ({game.end_condition})"


def test_a_runner_plays_beside_a_seat_driven_through_the_sdk_and_stops_once_idle(api_url, new_account):
    game_id, seats = seated_game(new_account, 2)
    (runner_account, client), (_, human) = seats
    bot = run_bot(api_url, runner_account.token, "--once", "--wait", "2")

    play_seat(human, game_id)

    log = finish([bot])[0]
    assert log.splitlines()[-1] == "hanabi bot: no running games left"
    assert_export_replays_to(client, game_id)
    actions = assert_one_action_per_turn(all_events(client, game_id))
    assert {action.seat for action in actions} == {0, 1}


def test_a_running_runner_takes_a_seat_reserved_for_it_and_plays_the_game(api_url, new_account):
    (runner_account, _), (host_account, host) = new_account(prefix="invited"), new_account(prefix="host")
    bot = run_bot(api_url, runner_account.token)
    try:
        seats = [AccountSeatRequest(kind="account", account=name) for name in (host_account.name, runner_account.name)]
        game = create_game.sync(client=host, body=CreateGameRequest(options=OptionsRequest(players=2), seats=seats))
        join_game.sync(game.id, client=host)
        until(
            lambda: get_game.sync(game.id, client=host).status == "running",
            30,
            "the invited runner took no seat",
            interval=0.1,
        )
        play_seat(host, game.id)
        assert_export_replays_to(host, game.id)
        actions = assert_one_action_per_turn(all_events(host, game.id))
        assert {action.seat for action in actions} == {0, 1}
    finally:
        bot.send_signal(signal.SIGTERM)
    log = finish([bot])[0]
    assert f"hanabi bot: game {game.id}: took the seat reserved for this account" in log, log
    assert f"hanabi bot: game {game.id} over: score " in log, log


@pytest.fixture
def restartable_server(create_database, tmp_path):
    """Starts `hanabi serve` on one port and database; call it again to start it anew. Each
    server runs in its own process group, so that SIGKILL takes its gunicorn workers too."""
    port, env = free_port(), {**os.environ, "DATABASE_URL": create_database(), "HANABI_DATA_DIR": str(tmp_path)}
    base_url = f"http://127.0.0.1:{port}"
    servers = []

    def start() -> subprocess.Popen:
        log_path = tmp_path / f"serve-{len(servers)}.log"
        with open(log_path, "w") as log:
            server = subprocess.Popen(
                [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1"],
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        servers.append(server)
        wait_until_ready(base_url, server, log_path)
        return server

    yield base_url, start
    for server in servers:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def test_runners_survive_a_killed_server_and_never_play_twice_for_one_turn(restartable_server):
    base_url, start = restartable_server
    server = start()

    def new_account(prefix: str):
        with Client(base_url) as anonymous:
            account = create_account.sync(
                client=anonymous, body=AccountRequest(name=f"{prefix}-{uuid.uuid4().hex[:10]}", kind="bot")
            )
        return account, AuthenticatedClient(base_url, token=account.token)

    game_id, seats = seated_game(new_account, 3)
    human_account, human = seats[2]
    bots = [run_bot(base_url, account.token, "--game", str(game_id), "--wait", "5") for account, _ in seats[:2]]

    play_seat(human, game_id, moves=4)
    os.killpg(server.pid, signal.SIGKILL)
    server.wait()
    start()
    human = AuthenticatedClient(base_url, token=human_account.token)
    play_seat(human, game_id)

    logs = finish(bots)
    assert any("server unreachable" in log for log in logs), logs
    assert_export_replays_to(human, game_id)
    actions = assert_one_action_per_turn(all_events(human, game_id))
    assert [action.seat for action in actions] == [turn % 3 for turn in range(len(actions))]


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_a_waiting_runner_stops_cleanly_on_a_signal(api_url, new_account, stop):
    account, _ = new_account(prefix="idle")
    bot = run_bot(api_url, account.token, "--wait", "3")
    started = []
    while not started or started[-1] not in ("", "hanabi bot: reading this account's event stream\n"):
        started.append(bot.stderr.readline())  # once it waits for events (loading it takes a while)
    assert bot.poll() is None, (started, bot.communicate())
    bot.send_signal(stop)
    log = finish([bot])[0]
    assert log.splitlines()[-1] == "hanabi bot: interrupted; stopping"


def test_a_refused_token_is_an_error_not_a_retry(api_url):
    bot = run_bot(api_url, "hnb_not-a-token", "--once")
    _, log = bot.communicate(timeout=30)
    assert bot.returncode == 1
    assert "401" in log
