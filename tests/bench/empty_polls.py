"""The API's CPU per empty long poll of "my turn", over HTTP, one server against another.

The script creates a database of its own on a Postgres server (dropped at the end) and
`--bots` bot accounts without a game, and starts `hanabi serve` with its defaults from this
checkout ("new") and, with `--server-source DIR`, a second one from another checkout's
`service/` ("old"; `--server-python` runs it with another virtual environment's Python and
packages), each on a free port of 127.0.0.1 with a data folder of its own and `--workers`
gunicorn workers. Then, in rounds that take turns between the servers (so that whatever else
the machine runs hits both alike), every bot long-polls `GET /v1/me/turn?wait=<--wait>` on a
keep-alive connection of its own to one server for `--window` seconds, again and again; every
answer is empty, and the window ends when the last poll in flight has answered. With
`--at-once`, each server has bots of its own and both are polled in the same windows instead:
the machine's moments then fall on both alike, and each round gives a ratio. A round's figure
is the CPU of that server's API processes (gunicorn's master and workers, not the embedded
Celery worker) over the window, divided by the polls answered 200 and empty in it. The first
round of each server warms it up (each bot's first poll reads its token) and is not counted.

The workers of a server share one listening socket and take its connections as they come, so
how the bots' connections fall on the workers differs from one start of a server to another;
a worker's poll costs less CPU when it has more of them (its loop's turns serve more polls). So
the script prints each server's CPU split between its workers, and `--workers 1` compares two
versions of the code without that difference.

It prints each round (with `--at-once` its ratio), the median per server, their ratio (old /
new; with `--at-once` the median of the rounds' ratios and their range), the CPU split, and
the load average before and after. `--profile DIR` records py-spy stacks (raw, the thread
holding the GIL) of the new server's workers from the first counted round on, so only its own
windows show in them.

    .venv/bin/python tests/bench/empty_polls.py                                   # this checkout only
    .venv/bin/python tests/bench/empty_polls.py --server-source /tmp/old/service  # old against new
    .venv/bin/python tests/bench/empty_polls.py --server-source /tmp/old/service --workers 1 --at-once
    .venv/bin/python tests/bench/empty_polls.py --bots 300 --window 8 --rounds 5 --profile /tmp/prof
"""

import argparse
import asyncio
import os
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
from waiting_bots import (
    api_processes,
    make_accounts,
    raise_open_files_limit,
    start_server,
    stop_group,
    wait_ready,
)

EMPTY_PAGE = b'{"items":[],"next_cursor":null}\n'


class Server:
    def __init__(
        self, name: str, url: str, scratch: Path, source: Path | None, python: Path | None = None, workers: int = 2
    ):
        self.name = name
        folder = scratch / name
        folder.mkdir()
        self.port = free_port()
        self.process = start_server(url, folder, self.port, source, python, ("--workers", str(workers)))
        wait_ready(self.process, self.port, folder)
        self.cpu_per_poll: list[float] = []
        self.worker_cpu: dict[int, float] = {}
        """CPU seconds of each worker in the counted rounds."""

    def api_pids(self) -> list[int]:
        return api_processes(self.process.pid)[0]

    def worker_pids(self) -> list[int]:
        return [pid for pid in self.api_pids() if pid != self.process.pid]

    def stop(self) -> None:
        stop_group(self.process)


async def poll_until(end: float, name: str, port: int, tokens: list[str], connections: dict, wait: float) -> dict:
    """Every token long-polls `GET /v1/me/turn?wait=<wait>` on a keep-alive connection of its own
    (kept in `connections` under (name, token) for the next window) until `end`: the answers
    200 and empty, and the others."""
    counts = {"empty": 0, "other": 0}

    async def bot(token: str) -> None:
        key = (name, token)
        if key not in connections:
            connections[key] = HttpConnection("127.0.0.1", port)
        connection = connections[key]
        while time.perf_counter() < end:
            try:
                status, body = await connection.request(
                    "GET", f"/v1/me/turn?wait={wait}", {"Authorization": f"Bearer {token}"}, None
                )
            except (OSError, asyncio.IncompleteReadError):
                connection.close()
                counts["other"] += 1
                continue
            counts["empty" if status == 200 and body == EMPTY_PAGE else "other"] += 1

    await asyncio.gather(*(bot(token) for token in tokens))
    return counts


async def window(server: Server, tokens: list[str], connections: dict, args) -> tuple[int, int, float, dict]:
    """Every bot polls `server` until `args.window` seconds have passed: the polls answered
    200 and empty, the other answers, the API's CPU seconds and each worker's."""
    end = time.perf_counter() + args.window
    pids = server.api_pids()
    before = cpu_seconds(pids)
    counts = await poll_until(end, server.name, server.port, tokens, connections, args.wait)
    after = cpu_seconds(pids)
    workers = {pid: after[pid] - before[pid] for pid in server.worker_pids() if pid in before and pid in after}
    return counts["empty"], counts["other"], cpu_used(before, after), workers


def note(server: Server, round_number: int, empty: int, other: int, cpu: float, workers: dict[int, float]) -> float:
    """Record and print a server's window; its CPU per poll."""
    per_poll = cpu / empty if empty else float("nan")
    counted = round_number > 0
    if counted:
        server.cpu_per_poll.append(per_poll)
        for pid, seconds in workers.items():
            server.worker_cpu[pid] = server.worker_cpu.get(pid, 0.0) + seconds
    print(
        f"round {round_number}{'' if counted else ' (warm-up)'} {server.name}: {empty} empty polls"
        f" ({other} other answers), {1000 * per_poll:.3f} ms of API CPU per poll",
        flush=True,
    )
    return per_poll


async def drive(servers: list[Server], tokens: list[str], args) -> list[float]:
    """The rounds; with `--at-once`, each round's ratio (old / new)."""
    connections: dict = {}
    profilers: list[subprocess.Popen] = []
    ratios = []
    for round_number in range(args.rounds + 1):
        if round_number == 1 and args.profile:
            windows = 1 if args.at_once else len(servers)
            profilers = profile(servers[0], args.rounds * windows * (args.window + args.wait), args.profile)
        if args.at_once:
            shares = [tokens[i :: len(servers)] for i in range(len(servers))]
            results = await asyncio.gather(
                *(window(server, share, connections, args) for server, share in zip(servers, shares, strict=True))
            )
            per_poll = [note(server, round_number, *result) for server, result in zip(servers, results, strict=True)]
            if len(servers) == 2 and round_number > 0:
                ratios.append(per_poll[1] / per_poll[0])
                print(f"round {round_number}: old / new = {ratios[-1]:.2f}", flush=True)
            continue
        order = servers if round_number % 2 == 0 else servers[::-1]
        for server in order:
            note(server, round_number, *await window(server, tokens, connections, args))
    for connection in connections.values():
        connection.close()
    for profiler in profilers:
        profiler.wait()
    return ratios


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
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers of each server (default 2)")
    parser.add_argument(
        "--at-once", action="store_true", help="poll both servers in the same windows, each with --bots of its own"
    )
    parser.add_argument("--server-source", type=Path, help="another checkout's service/, compared as 'old'")
    parser.add_argument("--server-python", type=Path, help="another .venv's Python for 'old' (its packages)")
    parser.add_argument("--profile", type=Path, metavar="DIR", help="py-spy stacks of the new server's workers")
    args = parser.parse_args()
    comparing = args.server_source is not None or args.server_python is not None
    bots_made = args.bots * (2 if args.at_once and comparing else 1)
    raise_open_files_limit(2 * bots_made)
    load_before = os.getloadavg()
    with scratch_database(database_server(args), "empty-polls-") as (url, scratch):
        _, bots = make_accounts(url, bots_made)
        servers: list[Server] = []
        try:
            servers.append(Server("new", url, scratch, None, workers=args.workers))
            if comparing:
                servers.append(Server("old", url, scratch, args.server_source, args.server_python, args.workers))
            ratios = uvloop.run(drive(servers, [bot.token for bot in bots], args))
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
    if ratios:
        print(
            f"old / new, median of the rounds' ratios: {statistics.median(ratios):.2f}"
            f" (from {min(ratios):.2f} to {max(ratios):.2f})"
        )
    for server in servers:
        total = sum(server.worker_cpu.values()) or float("nan")
        split = ", ".join(f"{100 * cpu / total:.0f}%" for cpu in sorted(server.worker_cpu.values(), reverse=True))
        print(f"{server.name}: the workers' shares of its CPU: {split}")
    print(f"load average before {[round(x, 2) for x in load_before]}, after {[round(x, 2) for x in os.getloadavg()]}")


if __name__ == "__main__":
    main()
