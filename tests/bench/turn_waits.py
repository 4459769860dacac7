"""Requests a bot makes to play its seat of a 3-player game, by how it waits for its turn.

The script creates a database of its own on a Postgres server (dropped at the end), applies the
migrations and starts one gunicorn server (gthread) on a free port of 127.0.0.1. Three accounts
play `--games` games of 3 players in each mode, the modes taking turns game by game; each seat
is a thread that plays the last legal action of its view (so a game runs until the deck is
out) and counts its requests:

    any      GET /games/{id}/events?after=<seq>&wait=30, then GET /view after each answer (the
             loop of a bot that wakes at every event and reads whether it is its turn)
    my_turn  GET /games/{id}/events?after=<seq>&wait=30&wake=my_turn, then GET /view
    stream   one GET /me/stream for the whole game; GET /view at each `your_turn` line

and POST /actions for each of its moves. It prints, per mode, the requests per game of all
three seats and per move.

    .venv/bin/python tests/bench/turn_waits.py                 # local Postgres, 10 games per mode
    .venv/bin/python tests/bench/turn_waits.py --games 30
"""

import argparse
import json
import os
import secrets
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

import httpx
from hanabi.store.database import connect
from hanabi.store.migrate import apply_migrations
from psycopg import sql

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import DEFAULT_SERVER, free_port, with_database
from long_poll_latency import account, start_gunicorn, wait_ready

MODES = ("any", "my_turn", "stream")
WAIT = 30


def play(client: httpx.Client, game_id: int, mode: str, counts: list[int], moves: list[int]) -> None:
    """Plays the account's seat of the game to its end; adds its requests and moves."""

    def get(path, **params):
        counts[0] += 1
        return client.get(path, params=params).json()

    def act(view) -> None:
        action = dict(view["legal_actions"][-1])
        action.pop("seat")
        counts[0] += 1
        moves[0] += 1
        client.post(f"/games/{game_id}/actions", json={**action, "expected_version": view["version"]})

    if mode == "stream":
        counts[0] += 1
        with client.stream("GET", "/me/stream", params={"after": 0}, timeout=httpx.Timeout(70)) as response:
            for line in response.iter_lines():
                event = json.loads(line) if line else {}
                if event.get("game_id") != game_id:
                    continue
                if event["type"] == "game_over":
                    return
                if event["type"] == "your_turn":
                    view = get(f"/games/{game_id}/view")
                    if view.get("legal_actions"):
                        act(view)
        return
    after = 0
    while True:
        params = {"after": after, "wait": WAIT, "limit": 500}
        if mode == "my_turn":
            params["wake"] = "my_turn"
        after = get(f"/games/{game_id}/events", **params)["last_seq"]
        view = get(f"/games/{game_id}/view")
        if "is_over" not in view:  # 409 game_not_started: the others are still joining
            continue
        if view["is_over"]:
            return
        if view["legal_actions"]:
            act(view)


def one_game(clients: list[httpx.Client], names: list[str], mode: str) -> tuple[int, int]:
    seats = [{"kind": "account", "account": name} for name in names]
    game_id = clients[0].post("/games", json={"options": {"players": 3}, "seats": seats}).json()["id"]
    counts, moves = [[0] for _ in clients], [[0] for _ in clients]
    threads = [
        threading.Thread(target=play, args=(client, game_id, mode, counts[seat], moves[seat]))
        for seat, client in enumerate(clients)
    ]
    for thread in threads:
        thread.start()
    for client in clients[1:]:
        client.post(f"/games/{game_id}/join")
    clients[0].post(f"/games/{game_id}/join")
    for thread in threads:
        thread.join()
    return sum(count[0] for count in counts), sum(move[0] for move in moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_SERVER))
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()

    database = f"bench_tw_{os.getpid()}_{secrets.token_hex(3)}"
    with connect(args.database_url) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
    server = None
    data_dir = Path(tempfile.mkdtemp(prefix="hanabi-bench-data-"))
    try:
        url = with_database(args.database_url, database)
        apply_migrations(url)
        port = free_port()
        server = start_gunicorn(url, port, data_dir)
        base_url = f"http://127.0.0.1:{port}"
        wait_ready(base_url)
        players = [account(base_url) for _ in range(3)]
        names, clients = [name for name, _ in players], [client for _, client in players]
        totals = {mode: [0, 0] for mode in MODES}
        for _ in range(args.games):
            for mode in MODES:
                requests, moves = one_game(clients, names, mode)
                totals[mode][0] += requests
                totals[mode][1] += moves
        print(f"{args.games} games of 3 players per mode, the modes taking turns; requests of the three seats")
        for mode, (requests, moves) in totals.items():
            print(
                f"{mode:<8} {requests / args.games:7.1f} requests per game   {requests / moves:5.2f} per move"
                f"   ({moves / args.games:.1f} moves per game)"
            )
    finally:
        if server is not None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        with connect(args.database_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database)))
        shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    main()
