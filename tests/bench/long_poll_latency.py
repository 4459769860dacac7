"""Long-poll wake-up latency across API processes.

The script creates a database of its own on a Postgres server (dropped at the end), applies
the migrations and starts two gunicorn servers (A and B, gthread workers) on free ports of
127.0.0.1. Two accounts play 2-player games: the account not to move waits on server B
(`GET /v1/games/{id}/events?after=<version>&wait=5`, or with `--endpoint turn`
`GET /v1/me/turn?wait=5`; with `--endpoint stream` each account keeps its event stream
`GET /v1/me/stream` open on B, and is woken by its `your_turn` line) while the other posts an
action through server A. For each of
`--wakes` actions it records, on one clock, when the action was sent, when its 200 came back
and when the waiting request on B answered (for me/turn and the stream, an action that ends the game is
left out: no one has a turn then), and prints p50/p90/p99/max of

    sent -> woken       from the action's request to the waiter's answer
    answered -> woken   from the action's response to the waiter's answer (may be negative:
                        the waiter can be told before the actor reads its response)

    .venv/bin/python tests/bench/long_poll_latency.py                 # local Postgres, 50 wakes
    .venv/bin/python tests/bench/long_poll_latency.py --embedded      # an embedded pgserver instead
    .venv/bin/python tests/bench/long_poll_latency.py --wakes 200 --endpoint turn
    .venv/bin/python tests/bench/long_poll_latency.py --wakes 200 --endpoint stream
"""

import argparse
import json
import os
import queue
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
from hanabi.store.database import connect, start_embedded_postgres
from hanabi.store.migrate import apply_migrations
from psycopg import sql

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from api_load import DEFAULT_SERVER, free_port, with_database

from tests.waiting import until

VENV_BIN = Path(sys.executable).parent
WAIT_SECONDS = 5


def start_gunicorn(url: str, port: int, data_dir: Path) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "HANABI_DATA_DIR": str(data_dir)}
    command = [
        str(VENV_BIN / "gunicorn"), "-k", "gthread", "-w", "1", "--threads", "8",
        "-b", f"127.0.0.1:{port}", "hanabi.runtime.wsgi:app",
    ]  # fmt: skip
    return subprocess.Popen(command, env=env, stderr=subprocess.DEVNULL)


def wait_ready(base_url: str, timeout: float = 60) -> None:
    def ready() -> bool:
        try:
            return httpx.get(f"{base_url}/v1/ready", timeout=2).status_code == 200
        except httpx.TransportError:
            return False

    until(ready, timeout, f"{base_url} was not ready", 0.1)


def account(base_url: str) -> tuple[str, httpx.Client]:
    name = f"lp-{secrets.token_hex(5)}"
    token = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "bot"}).json()["token"]
    return name, httpx.Client(base_url=f"{base_url}/v1", headers={"Authorization": f"Bearer {token}"}, timeout=70)


class StreamReader:
    """An account's event stream, read in a thread: (arrival time, event) of each line."""

    def __init__(self, client: httpx.Client):
        self.lines: queue.Queue = queue.Queue()
        self.client = client
        threading.Thread(target=self._read, daemon=True).start()
        arrived, first = self.lines.get(timeout=30)
        assert first["type"] == "stream_started", first

    def _read(self) -> None:
        try:
            with self.client.stream("GET", "/me/stream", timeout=httpx.Timeout(70)) as response:
                for line in response.iter_lines():
                    if line:
                        self.lines.put((time.monotonic(), json.loads(line)))
        except httpx.HTTPError:
            pass

    def your_turn(self, game_id: int, version: int) -> float:
        """When the `your_turn` line of the game at `version` arrived."""
        while True:
            arrived, event = self.lines.get(timeout=30)
            if event["type"] == "your_turn" and event["game_id"] == game_id and event["version"] == version:
                return arrived


def measure(server_a: str, server_b: str, wakes: int, endpoint: str) -> list[tuple[float, float]]:
    _, first_a = account(server_a)
    _, second_a = account(server_a)
    first_b = httpx.Client(base_url=f"{server_b}/v1", headers=first_a.headers, timeout=70)
    second_b = httpx.Client(base_url=f"{server_b}/v1", headers=second_a.headers, timeout=70)
    on_a, on_b = (first_a, second_a), (first_b, second_b)
    streams = [StreamReader(first_b), StreamReader(second_b)] if endpoint == "stream" else None
    game_id = first_a.post("/games", json={"options": {"players": 2}}).json()["id"]
    first_a.post(f"/games/{game_id}/join")
    version = second_a.post(f"/games/{game_id}/join").json()["version"]
    samples = []
    while len(samples) < wakes:
        view = first_a.get(f"/games/{game_id}/view").json()
        if view["is_over"]:
            game_id = first_a.post("/games", json={"options": {"players": 2}}).json()["id"]
            first_a.post(f"/games/{game_id}/join")
            version = second_a.post(f"/games/{game_id}/join").json()["version"]
            continue
        mover = view["current_seat"]
        waiter = on_b[1 - mover]
        woken = {}

        def wait(waiter=waiter, after=version):
            if endpoint == "events":
                waiter.get(f"/games/{game_id}/events", params={"after": after, "wait": WAIT_SECONDS})
            else:
                waiter.get("/me/turn", params={"wait": WAIT_SECONDS})
            woken["at"] = time.monotonic()

        thread = threading.Thread(target=wait) if streams is None else None
        if thread is not None:
            thread.start()
            time.sleep(0.05)  # the waiter's request reaches B and finds nothing new
        actor = on_a[mover]
        action = actor.get(f"/games/{game_id}/view").json()["legal_actions"][-1]
        action.pop("seat")
        sent = time.monotonic()
        response = actor.post(f"/games/{game_id}/actions", json=action)
        answered = time.monotonic()
        if thread is not None:
            thread.join()
        version = response.json()["version"]
        if endpoint != "events" and response.json()["is_over"]:
            continue  # no one's turn: the waiter ran to the end of its wait, or hears game_over
        if streams is not None:
            woken["at"] = streams[1 - mover].your_turn(game_id, version)
        samples.append((woken["at"] - sent, woken["at"] - answered))
    return samples


def report(label: str, values: list[float]) -> None:
    ordered = sorted(values)

    def at(fraction):
        return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] * 1000

    print(
        f"{label:<18} p50 {at(0.5):6.1f} ms   p90 {at(0.9):6.1f} ms   p99 {at(0.99):6.1f} ms   "
        f"max {ordered[-1] * 1000:6.1f} ms   mean {statistics.mean(values) * 1000:6.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", default=os.environ.get("DATABASE_URL", DEFAULT_SERVER))
    parser.add_argument("--embedded", action="store_true", help="run an embedded pgserver instead")
    parser.add_argument("--wakes", type=int, default=50)
    parser.add_argument("--endpoint", choices=("events", "turn", "stream"), default="events")
    args = parser.parse_args()

    pgdata = Path(tempfile.mkdtemp(prefix="hanabi-bench-pg-")) if args.embedded else None
    server_url = start_embedded_postgres(pgdata / "data", delete_on_exit=True) if pgdata else args.database_url
    database = f"bench_lp_{os.getpid()}_{secrets.token_hex(3)}"
    with connect(server_url) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
    servers = []
    data_dir = Path(tempfile.mkdtemp(prefix="hanabi-bench-data-"))
    try:
        url = with_database(server_url, database)
        apply_migrations(url)
        ports = [free_port(), free_port()]
        servers = [start_gunicorn(url, port, data_dir) for port in ports]
        server_a, server_b = (f"http://127.0.0.1:{port}" for port in ports)
        for base_url in (server_a, server_b):
            wait_ready(base_url)
        measure(server_a, server_b, 3, args.endpoint)  # warm-up: connections, listeners, caches
        samples = measure(server_a, server_b, args.wakes, args.endpoint)
        waited = {
            "events": f"events?wait={WAIT_SECONDS}",
            "turn": f"me/turn?wait={WAIT_SECONDS}",
            "stream": "me/stream",
        }
        print(f"{args.wakes} wake-ups of GET {waited[args.endpoint]} on B by actions on A")
        report("sent -> woken", [sent for sent, _ in samples])
        report("answered -> woken", [answered for _, answered in samples])
    finally:
        for server in servers:
            server.send_signal(signal.SIGTERM)
        for server in servers:
            server.wait(timeout=30)
        with connect(server_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database)))
        shutil.rmtree(data_dir, ignore_errors=True)
        if pgdata:
            shutil.rmtree(pgdata, ignore_errors=True)


if __name__ == "__main__":
    main()
