"""The API's CPU per empty long poll of "my turn", over HTTP, one server against another.

The script creates a database of its own on a Postgres server (dropped at the end) and
`--bots` bot accounts without a game, and starts `hanabi serve` with its defaults from this
checkout ("new") and, with `--server-source DIR`, a second one from another checkout's
`service/` ("old"; `--server-python` runs it with another virtual environment's Python and
packages), each on a free port of 127.0.0.1 with a data folder of its own. Then, in
rounds that take turns between the servers (so that whatever else the machine runs hits both
alike), every bot long-polls `GET /v1/me/turn?wait=<--wait>` on a keep-alive connection of its
own to one server for `--window` seconds, again and again; every answer is empty, and the window
ends when the last poll in flight has answered. A round's figure is the CPU of that server's API
processes (gunicorn's master and workers, not the embedded Celery worker) over the window,
divided by the polls answered 200 and empty in it. The first round of each server warms it up
(each bot's first poll reads its token) and is not counted.

It prints each round, the median per server, their ratio (old / new), and the load average
before and after. `--profile DIR` records py-spy stacks (raw, the thread holding the GIL) of
the new server's workers from the first counted round on, so only its own windows show in them.

    .venv/bin/python tests/bench/empty_polls.py                                   # this checkout only
    .venv/bin/python tests/bench/empty_polls.py --server-source /tmp/old/service  # old against new
    .venv/bin/python tests/bench/empty_polls.py --bots 300 --window 8 --rounds 5 --profile /tmp/prof
"""

import argparse
import asyncio
import os
import signal
import statistics
import subprocess
import sys
import time
from pathlib import Path

import uvloop

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import (
    VENV_BIN,
    HttpConnection,
    add_database_arguments,
    cpu_seconds,
    cpu_used,
    database_server,
    free_port,
    scratch_database,
)
from waiting_bots import api_processes, make_accounts, raise_open_files_limit, start_server, wait_ready

EMPTY_PAGE = b'{"items":[],"next_cursor":null}\n'


class Server:
    def __init__(self, name: str, url: str, scratch: Path, source: Path | None, python: Path | None = None):
        self.name = name
        folder = scratch / name
        folder.mkdir()
        self.port = free_port()
        self.process = start_server(url, folder, self.port, source, python)
        wait_ready(self.process, self.port, folder)
        self.cpu_per_poll: list[float] = []

    def api_pids(self) -> list[int]:
        return api_processes(self.process.pid)[0]

    def worker_pids(self) -> list[int]:
        return [pid for pid in self.api_pids() if pid != self.process.pid]

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


async def window(server: Server, tokens: list[str], connections: dict, args) -> tuple[int, int, float]:
    """Every bot polls `server` until `args.window` seconds have passed: the polls answered
    200 and empty, the other answers, and the API's CPU seconds."""
    end = time.perf_counter() + args.window
    counts = {"empty": 0, "other": 0}

    async def bot(token: str) -> None:
        key = (server.name, token)
        if key not in connections:
            connections[key] = HttpConnection("127.0.0.1", server.port)
        connection = connections[key]
        while time.perf_counter() < end:
            try:
                status, body = await connection.request(
                    "GET", f"/v1/me/turn?wait={args.wait}", {"Authorization": f"Bearer {token}"}, None
                )
            except (OSError, asyncio.IncompleteReadError):
                connection.close()
                counts["other"] += 1
                continue
            counts["empty" if status == 200 and body == EMPTY_PAGE else "other"] += 1

    pids = server.api_pids()
    before = cpu_seconds(pids)
    await asyncio.gather(*(bot(token) for token in tokens))
    return counts["empty"], counts["other"], cpu_used(before, cpu_seconds(pids))


async def drive(servers: list[Server], tokens: list[str], args) -> None:
    connections: dict = {}
    profilers: list[subprocess.Popen] = []
    for round_number in range(args.rounds + 1):
        if round_number == 1 and args.profile:
            seconds = args.rounds * len(servers) * (args.window + args.wait)
            profilers = profile(servers[0], seconds, args.profile)
        order = servers if round_number % 2 == 0 else servers[::-1]
        for server in order:
            empty, other, cpu = await window(server, tokens, connections, args)
            per_poll = cpu / empty if empty else float("nan")
            counted = round_number > 0
            if counted:
                server.cpu_per_poll.append(per_poll)
            print(
                f"round {round_number}{'' if counted else ' (warm-up)'} {server.name}: {empty} empty polls"
                f" ({other} other answers), {1000 * per_poll:.3f} ms of API CPU per poll",
                flush=True,
            )
    for connection in connections.values():
        connection.close()
    for profiler in profilers:
        profiler.wait()


def profile(server: Server, seconds: float, folder: Path) -> list[subprocess.Popen]:
    folder.mkdir(parents=True, exist_ok=True)
    return [
        subprocess.Popen(
            [
                str(VENV_BIN / "py-spy"),
                "record",
                "--pid",
                str(pid),
                "--duration",
                str(int(seconds)),
                "--format",
                "raw",
                "--rate",
                "500",
                "--gil",
                "--output",
                str(folder / f"worker-{pid}.txt"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        for pid in server.worker_pids()
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_database_arguments(parser)
    parser.add_argument("--bots", type=int, default=200, help="bots polling at once (default 200)")
    parser.add_argument("--wait", type=int, default=1, help="seconds each poll waits (default 1)")
    parser.add_argument("--window", type=float, default=6, help="seconds of polling per round and server (default 6)")
    parser.add_argument("--rounds", type=int, default=4, help="counted rounds per server (default 4)")
    parser.add_argument("--server-source", type=Path, help="another checkout's service/, compared as 'old'")
    parser.add_argument("--server-python", type=Path, help="another .venv's Python for 'old' (its packages)")
    parser.add_argument("--profile", type=Path, metavar="DIR", help="py-spy stacks of the new server's workers")
    args = parser.parse_args()
    raise_open_files_limit(2 * args.bots)
    load_before = os.getloadavg()
    with scratch_database(database_server(args), "empty-polls-") as (url, scratch):
        _, bots = make_accounts(url, args.bots)
        servers: list[Server] = []
        try:
            servers.append(Server("new", url, scratch, None))
            if args.server_source is not None or args.server_python is not None:
                servers.append(Server("old", url, scratch, args.server_source, args.server_python))
            uvloop.run(drive(servers, [bot.token for bot in bots], args))
        finally:
            for server in servers:
                server.stop()
    medians = {server.name: statistics.median(server.cpu_per_poll) for server in servers}
    print(
        "API CPU per empty poll, median of "
        f"{args.rounds} rounds of {args.window:g} s, {args.bots} bots, wait={args.wait}: "
        + ", ".join(f"{name} {1000 * value:.3f} ms" for name, value in medians.items())
        + (f"; old / new = {medians['old'] / medians['new']:.2f}" if "old" in medians else "")
    )
    print(f"load average before {[round(x, 2) for x in load_before]}, after {[round(x, 2) for x in os.getloadavg()]}")


if __name__ == "__main__":
    main()
