"""API load: many concurrent 2-player games played over HTTP against gunicorn.

The script creates a database of its own on a Postgres server (dropped at the end), applies
the migrations, starts gunicorn (the API's gevent workers, each with a listening socket of its
own, as deploy/gunicorn.conf.py has them; `--worker-class` for another) on a free port of
127.0.0.1, and creates
two accounts per game slot. Each slot plays 2-player games one after the other for the
duration: the seat whose turn it is reads its view (GET .../view), picks one of the view's
legal actions (mostly clues and discards, so that games run to the end of the deck) and
posts it with the version it saw (POST .../actions). So every action is one GET and one
POST, as a bot plays. Requests made during the warm-up are not counted.

It prints actions/s, the p50/p95/p99 latency of the action POST and of the view GET, the
games completed, and the CPU time each part used (gunicorn workers, Postgres, this load
generator) per action, with the part of the workers' that the kernel spent on their system
calls: on a small machine the three share the cores, and so does anything
else running (shown as "other processes"), and on a virtual machine the host may give the
cores to other guests ("stolen by the hypervisor"). It also shows how busy each gunicorn
worker was: a worker cannot use more than one core (its GIL), so an uneven spread of the
connections over the workers caps the whole. Before and after the run it times the
engine's random self-play on one core (µs per turn): how fast the machine runs Python just
then, to compare runs of different days or machines.

By default every game acts as fast as the server answers: that measures the most actions/s,
and the latency is then mostly queueing (50 games with one request each in flight at 1000
requests/s wait 50 ms on average, by Little's law). `--rate` offers a fixed load instead (each
game paces its actions to reach that total, at random moments: a Poisson process per game, as
independent players would), which measures the latency at that load. It then also counts the
actions that fell due in the measured window: random arrivals offer the rate asked for give
or take about the square root of the count, so the server kept up when the actions done match
the actions due.

    .venv/bin/python tests/bench/api_load.py                      # 50 games, 30 s, local Postgres
    .venv/bin/python tests/bench/api_load.py --embedded           # an embedded pgserver instead
    .venv/bin/python tests/bench/api_load.py --workers 2 --pool 4 --games 50 --duration 30
    .venv/bin/python tests/bench/api_load.py --no-reuse-port      # all workers accept from one socket
    .venv/bin/python tests/bench/api_load.py --worker-class gevent   # gunicorn's own gevent worker
    .venv/bin/python tests/bench/api_load.py --rate 200           # latency at 200 actions/s offered
    .venv/bin/python tests/bench/api_load.py --profile /tmp/prof  # py-spy stacks of each worker

Requests go to 127.0.0.1 only; the script stops by itself after warm-up + duration.
"""

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import engine_throughput  # tests/bench/engine_throughput.py, beside this script
import orjson
import uvloop
from hanabi.store.database import connect, start_embedded_postgres
from hanabi.store.migrate import apply_migrations
from psycopg import sql
from psycopg.conninfo import make_conninfo

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from tests.waiting import until

DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/test"
VENV_BIN = Path(sys.executable).parent
WORKER_CLASS = "hanabi.runtime.api_worker.ApiWorker"
ACTION_WEIGHTS = {"color_clue": 3, "rank_clue": 3, "discard": 4, "play": 1}
"""The cheap policy: a kind of action by these weights among the legal ones, then one at random."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def with_database(server_url: str, name: str) -> str:
    if "://" in server_url:
        return urlunsplit(urlsplit(server_url)._replace(path="/" + quote(name)))
    return make_conninfo(server_url, dbname=name)


def add_database_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the benchmarks that work on a database of their own: the Postgres server
    to create it on, or an embedded one (see `database_server`)."""
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_SERVER),
        help=f"the Postgres server; a database is created on it and dropped (default {DEFAULT_SERVER})",
    )
    parser.add_argument("--embedded", action="store_true", help="use an embedded pgserver in a temporary folder")


def database_server(args: argparse.Namespace) -> str | None:
    """The server of `add_database_arguments`' options, for `scratch_database` (None: embedded)."""
    return None if args.embedded else args.database_url


@contextmanager
def scratch_database(server_url: str | None, prefix: str) -> Iterator[tuple[str, Path]]:
    """A migrated database of its own on `server_url` (on an embedded pgserver when None), and a
    temporary folder: their URL and path, both gone at the end."""
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    try:
        if server_url is None:
            server_url = start_embedded_postgres(scratch / "pg", delete_on_exit=True)
        name = f"bench_{os.getpid()}_{secrets.token_hex(3)}"
        with connect(server_url) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        try:
            url = with_database(server_url, name)
            apply_migrations(url)
            yield url, scratch
        finally:
            with connect(server_url) as admin:
                admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


class Bench:
    """The database and the gunicorn server of one run."""

    def __init__(self, args):
        self.args = args
        self.pgdata = None
        self.database = f"bench_{os.getpid()}_{secrets.token_hex(3)}"
        self.server_process = None
        self.server_log = None

    def __enter__(self):
        if self.args.embedded:
            self.pgdata = Path(tempfile.mkdtemp(prefix="hanabi-bench-pg-"))
            self.server_url = start_embedded_postgres(self.pgdata / "data", delete_on_exit=True)
        else:
            self.server_url = self.args.database_url
        with connect(self.server_url) as admin:
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(self.database)))
        self.url = with_database(self.server_url, self.database)
        try:
            return self._start_server()
        except BaseException:
            self.__exit__()
            raise

    def _start_server(self):
        """Migrate the run's database and start gunicorn on it."""
        if self.args.synchronous_commit:
            with connect(self.server_url) as admin:
                admin.execute(
                    sql.SQL("ALTER DATABASE {} SET synchronous_commit = {}").format(
                        sql.Identifier(self.database), sql.Literal(self.args.synchronous_commit)
                    )
                )
        apply_migrations(self.url)
        self.port = free_port()
        env = {
            **os.environ,
            "DATABASE_URL": self.url,
            "HANABI_DB_POOL_MIN": str(self.args.pool),
            "HANABI_DB_POOL_MAX": str(self.args.pool),
        }
        command = [
            str(VENV_BIN / "gunicorn"),
            "-k",
            self.args.worker_class,
            "-w",
            str(self.args.workers),
            "-b",
            f"127.0.0.1:{self.port}",
            "--backlog",
            "2048",
            "--keep-alive",
            "30",
            "hanabi.runtime.wsgi:app",
        ]
        if self.args.reuse_port:
            command[-1:-1] = ["--reuse-port"]  # as deploy/gunicorn.conf.py
        if self.args.access_log:
            command[-1:-1] = ["--access-logfile", self.args.access_log, "--access-logformat", "%(m)s %(U)s %(s)s %(D)s"]
        self.server_log = None if self.args.verbose else tempfile.TemporaryFile()  # noqa: SIM115 (closed in stop)
        self.server_process = subprocess.Popen(command, env=env, stderr=self.server_log)
        return self

    def wait_ready(self, base: str) -> None:
        import urllib.request

        def ready() -> bool:
            if self.server_process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.server_log_tail()}")
            try:
                with urllib.request.urlopen(f"{base}/ready", timeout=2) as response:
                    return response.status == 200 and len(self.worker_pids()) == self.args.workers
            except OSError:
                return False

        until(ready, 30, "gunicorn did not become ready", 0.2)

    def server_log_tail(self) -> str:
        if self.server_log is None:
            return "see its log above"
        self.server_log.seek(0)
        return self.server_log.read().decode(errors="replace")[-2000:]

    def worker_pids(self) -> list[int]:
        children = Path(f"/proc/{self.server_process.pid}/task/{self.server_process.pid}/children")
        return [int(pid) for pid in children.read_text().split()] if children.exists() else []

    def __exit__(self, *exc):
        if self.server_process is not None:
            self.server_process.send_signal(signal.SIGTERM)
            try:
                self.server_process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.server_process.kill()
                self.server_process.wait()
        if self.server_log is not None:
            self.server_log.close()
        with connect(self.server_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(self.database)))
        if self.pgdata is not None:
            shutil.rmtree(self.pgdata, ignore_errors=True)


def process_times(pids) -> dict[int, tuple[float, float]]:
    """User and system CPU time of each process still running."""
    ticks = os.sysconf("SC_CLK_TCK")
    times = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        times[pid] = (int(fields[11]) / ticks, int(fields[12]) / ticks)
    return times


def cpu_seconds(pids) -> dict[int, float]:
    """User + system CPU time of each process still running."""
    return _both(process_times(pids))


def _both(times: dict[int, tuple[float, float]]) -> dict[int, float]:
    return {pid: user + system for pid, (user, system) in times.items()}


def _system(times: dict[int, tuple[float, float]]) -> dict[int, float]:
    return {pid: system for pid, (_, system) in times.items()}


def cpu_used(before: dict[int, float], after: dict[int, float]) -> float:
    return sum(after[pid] - before[pid] for pid in before.keys() & after.keys())


def machine_seconds() -> tuple[float, float]:
    """CPU time all processes of the machine used, and the time the hypervisor gave the machine's
    cores to other guests (steal), from /proc/stat: to see what else ran."""
    fields = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    user, nice, system, idle, iowait, irq, softirq, steal = (int(value) for value in fields[:8])
    ticks = os.sysconf("SC_CLK_TCK")
    return (user + nice + system + irq + softirq) / ticks, steal / ticks


def machine_busy_seconds() -> float:
    """CPU time the machine's cores were busy: for this guest's processes or for other guests."""
    return sum(machine_seconds())


def machine_reference(games: int = 300) -> float:
    """µs per turn of the engine's random self-play (2 players, one core, as
    tests/bench/engine_throughput.py measures it): how fast this machine runs Python at the
    moment, so that runs on different days or machines can be compared. On a shared VM it moves."""
    return engine_throughput.run(2, games, "engine", clock=time.perf_counter)["microseconds_per_turn"]


def postgres_pids(url: str) -> list[int]:
    """The server processes of the benchmark: the backends connected to its database, and the
    server's background processes (WAL writer, checkpointer, ...), not other databases' backends."""
    with connect(url) as conn:
        rows = conn.execute(
            """SELECT pid FROM pg_stat_activity
                WHERE (datname = current_database() OR datname IS NULL) AND pid <> pg_backend_pid()"""
        ).fetchall()
    return [pid for (pid,) in rows]


class HttpConnection:
    """One keep-alive HTTP/1.1 connection, written and read by hand: the load generator shares
    the cores with the server, so it spends as little as it can per request (a little over
    half of what aiohttp spent). It understands what gunicorn answers: a status line, headers and a
    body of Content-Length bytes."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port
        self.reader = self.writer = None

    async def connect(self) -> None:
        """Open the connection now (else the first request opens it)."""
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)

    async def request(self, method: str, path: str, headers: dict, body: bytes | None) -> tuple[int, bytes]:
        for attempt in (1, 2):
            if self.writer is None:
                await self.connect()
            lines = [f"{method} {path} HTTP/1.1", f"Host: {self.host}:{self.port}"]
            lines += [f"{name}: {value}" for name, value in headers.items()]
            lines.append(f"Content-Length: {len(body) if body else 0}")
            self.writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b""))
            try:
                head = await self.reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError):
                self.close()
                if attempt == 2:
                    raise
                continue
            status_line, *header_lines = head.decode("latin-1").split("\r\n")
            status = int(status_line.split(" ", 2)[1])
            length, close = 0, False
            for line in header_lines:
                name, _, value = line.partition(":")
                name = name.lower()
                if name == "content-length":
                    length = int(value)
                elif name == "connection" and value.strip().lower() == "close":
                    close = True
            payload = await self.reader.readexactly(length) if length else b""
            if close:
                self.close()
            return status, payload
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Load:
    """The load generator: `games` slots, each playing games one after the other over a
    connection of its own."""

    def __init__(self, host: str, port: int, prefix: str, rng: random.Random, interval: float):
        self.host, self.port = host, port
        self.prefix = prefix
        """The API's path prefix, e.g. "/v1"."""
        self.rng = rng
        self.interval = interval
        """Mean seconds between the starts of two actions of one game (0: as fast as the server
        answers). The gaps are random (exponential), as between the moves of independent
        players: with equal gaps the games fell into step after any slow moment and sent their
        requests in bursts of 50. A game keeps its schedule: one that fell behind (a slow answer,
        the setting up of its next game) acts at once until it has caught up, so the offered
        rate is the rate asked for as long as the server keeps up."""
        self.measuring = False
        self.window = (float("inf"), float("inf"))
        """The measured moments (perf_counter): actions due in it are counted in `offered`."""
        self.offered = 0
        """Paced actions due in the window. With random gaps this is itself random (about
        rate x duration, give or take its square root), so keeping up means `actions` ≈ `offered`."""
        self.stopping = False
        self.latencies = {"POST action": [], "GET view": []}
        self.actions = 0
        self.games_completed = 0
        self.errors = Counter()
        self._connections: dict[asyncio.Task | None, HttpConnection] = {}

    def _connection(self) -> HttpConnection:
        task = asyncio.current_task()
        connection = self._connections.get(task)
        if connection is None:
            connection = self._connections[task] = HttpConnection(self.host, self.port)
        return connection

    def close(self) -> None:
        for connection in self._connections.values():
            connection.close()

    async def request(self, method: str, path: str, token: str | None, body=None, label: str | None = None):
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        data = None
        if body is not None:
            headers["Content-Type"] = "application/json"
            data = orjson.dumps(body)
        start = time.perf_counter()
        status, raw = await self._connection().request(method, self.prefix + path, headers, data)
        payload = orjson.loads(raw) if raw else {}
        elapsed = time.perf_counter() - start
        if label and self.measuring:
            self.latencies[label].append(elapsed)
        if status >= 400:
            self.errors[f"{method} {path.split('/')[-1] if label else path} {status} {payload.get('code')}"] += 1
        return status, payload

    async def account(self, name: str) -> str:
        status, body = await self.request("POST", "/accounts", None, {"name": name, "kind": "bot"})
        if status != 201:
            raise RuntimeError(f"cannot create account {name}: {status} {body}")
        return body["token"]

    async def slot(self, tokens: list[str]) -> None:
        schedule = [time.perf_counter()]
        """When the slot's next action is due (kept from one game to the next)."""
        while not self.stopping:
            status, game = await self.request("POST", "/games", tokens[0], {"options": {"players": 2}})
            if status != 201:
                raise RuntimeError(f"cannot create a game: {status} {game}")
            for token in tokens:
                await self.request("POST", f"/games/{game['id']}/join", token)
            if await self.play(game["id"], tokens, schedule):
                self.games_completed += self.measuring

    async def play(self, game_id: int, tokens: list[str], schedule: list[float]) -> bool:
        """Play until the game ends (True) or the run stops (False)."""
        seat = 0
        while not self.stopping:
            if self.interval:
                schedule[0] += self.rng.expovariate(1 / self.interval)
                await asyncio.sleep(schedule[0] - time.perf_counter())
                self.offered += self.window[0] <= schedule[0] < self.window[1]
            status, view = await self.request("GET", f"/games/{game_id}/view", tokens[seat], label="GET view")
            if status != 200:
                continue
            if view["is_over"]:
                return True
            if view["current_seat"] != seat:
                seat = view["current_seat"]
                continue
            action = self.choose(view["legal_actions"])
            action["expected_version"] = view["version"]
            status, after = await self.request(
                "POST", f"/games/{game_id}/actions", tokens[seat], action, label="POST action"
            )
            if status == 200:
                self.actions += self.measuring
                if after["is_over"]:
                    return True
                seat = after["current_seat"]
        return False

    def choose(self, legal: list[dict]) -> dict:
        by_kind = {}
        for action in legal:
            by_kind.setdefault(action["kind"], []).append(action)
        kinds = list(by_kind)
        kind = self.rng.choices(kinds, [ACTION_WEIGHTS.get(k, 1) for k in kinds])[0]
        action = dict(self.rng.choice(by_kind[kind]))
        del action["seat"]
        return action


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))] if ordered else float("nan")


async def drive(bench: Bench, args) -> dict:
    load = Load("127.0.0.1", bench.port, "/v1", random.Random(args.seed), args.games / args.rate if args.rate else 0.0)
    prefix = secrets.token_hex(3)
    semaphore = asyncio.Semaphore(args.games)

    async def make(index: int) -> str:
        async with semaphore:
            return await load.account(f"bench-{prefix}-{index}")

    try:
        tokens = await asyncio.gather(*(make(i) for i in range(2 * args.games)))
        return await play_and_measure(bench, args, load, tokens)
    finally:
        load.close()


async def play_and_measure(bench, args, load: Load, tokens: list[str]) -> dict:
    """A slot per two of `tokens` plays while `measure` runs on `bench`; the slots stop after."""
    slots = [asyncio.create_task(load.slot(tokens[2 * i : 2 * i + 2])) for i in range(args.games)]
    try:
        return await measure(bench, args, load, slots)
    finally:
        for slot in slots:
            slot.cancel()
        await asyncio.gather(*slots, return_exceptions=True)


async def measure(bench: Bench, args, load: Load, slots: list[asyncio.Task]) -> dict:
    """Let the slots warm up, then measure for the duration and stop them."""
    await asyncio.sleep(args.warmup)

    workers, databases = bench.worker_pids(), postgres_pids(bench.url)
    worker_times = process_times(workers)
    cpu_before = (_both(worker_times), cpu_seconds(databases), time.process_time(), *machine_seconds())
    kernel_before = _system(worker_times)
    profilers = start_profilers(workers, args) if args.profile else []
    load.measuring = True
    started = time.perf_counter()
    load.window = (started, started + args.duration)
    await asyncio.sleep(args.duration)
    load.measuring = False
    elapsed = time.perf_counter() - started
    worker_times = process_times(workers)
    cpu_after = (_both(worker_times), cpu_seconds(databases), time.process_time(), *machine_seconds())
    kernel_after = _system(worker_times)
    load.stopping = True
    await asyncio.gather(*slots, return_exceptions=False)
    for profiler in profilers:
        profiler.wait()

    cpu = {
        "gunicorn": cpu_used(cpu_before[0], cpu_after[0]),
        "postgres": cpu_used(cpu_before[1], cpu_after[1]),
        "load generator": cpu_after[2] - cpu_before[2],
    }
    machine = cpu_after[3] - cpu_before[3]
    cores_busy = {name: round(seconds / elapsed, 2) for name, seconds in cpu.items()}
    cores_busy["other processes"] = round(max(0.0, machine - sum(cpu.values())) / elapsed, 2)
    cores_busy["stolen by the hypervisor"] = round((cpu_after[4] - cpu_before[4]) / elapsed, 2)
    each_worker = [
        round((cpu_after[0][pid] - cpu_before[0][pid]) / elapsed, 2)
        for pid in workers
        if pid in cpu_before[0] and pid in cpu_after[0]
    ]
    return {
        "games": args.games,
        "offered_rate": args.rate or None,
        "workers": args.workers,
        "worker_class": args.worker_class,
        "reuse_port": args.reuse_port,
        "pool": args.pool,
        "seconds": round(elapsed, 2),
        "actions": load.actions,
        "actions_per_second": round(load.actions / elapsed, 1),
        "offered_actions": load.offered if args.rate else None,
        "offered_actions_per_second": round(load.offered / args.duration, 1) if args.rate else None,
        "games_completed": load.games_completed,
        "latency_ms": {
            label: {
                "count": len(values),
                "p50": round(1000 * percentile(values, 0.50), 2),
                "p95": round(1000 * percentile(values, 0.95), 2),
                "p99": round(1000 * percentile(values, 0.99), 2),
            }
            for label, values in load.latencies.items()
        },
        "cpu_ms_per_action": {name: round(1000 * seconds / max(load.actions, 1), 2) for name, seconds in cpu.items()},
        "gunicorn_kernel_cpu_ms_per_action": round(
            1000 * cpu_used(kernel_before, kernel_after) / max(load.actions, 1), 2
        ),
        "cpu_cores_busy": cores_busy,
        "gunicorn_worker_cores_busy": each_worker,
        "cores": os.cpu_count(),
        "errors": dict(load.errors),
    }


def start_profilers(workers: list[int], args) -> list[subprocess.Popen]:
    """py-spy on each gunicorn worker for the measured duration, sampling the thread that holds the
    GIL (where the worker spends CPU, not where it waits); it slows the workers a little."""
    folder = Path(args.profile)
    folder.mkdir(parents=True, exist_ok=True)
    return [
        subprocess.Popen(
            [
                str(VENV_BIN / "py-spy"),
                "record",
                "--pid",
                str(pid),
                "--duration",
                str(int(args.duration)),
                "--format",
                "raw",
                "--rate",
                "200",
                "--gil",
                "--output",
                str(folder / f"worker-{pid}.txt"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        for pid in workers
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--duration", type=float, default=30, help="measured seconds (default 30)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds of load before measuring (default 5)")
    parser.add_argument(
        "--rate",
        type=float,
        default=0,
        help="offered actions/s over all games (each game paces itself); default: as fast as answered",
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (default 3)")
    parser.add_argument(
        "--worker-class", default=WORKER_CLASS, help=f"gunicorn's worker class (default {WORKER_CLASS}, as deployed)"
    )
    parser.add_argument(
        "--no-reuse-port",
        dest="reuse_port",
        action="store_false",
        help="one listening socket for all workers (default: one per worker, SO_REUSEPORT, as deployed)",
    )
    parser.add_argument("--pool", type=int, default=2, help="database connections per worker (default 2)")
    add_database_arguments(parser)
    parser.add_argument(
        "--synchronous-commit",
        choices=("on", "off", "local", "remote_write", "remote_apply"),
        help="an experiment: this setting for the benchmark's database only (default: the server's)",
    )
    parser.add_argument("--profile", metavar="DIR", help="record py-spy stacks of each worker into DIR")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--access-log", metavar="FILE", help="gunicorn's access log, with the time in µs of each request"
    )
    parser.add_argument("--verbose", action="store_true", help="show gunicorn's log")
    args = parser.parse_args()

    reference_before = machine_reference()
    with Bench(args) as bench:
        bench.wait_ready(f"http://127.0.0.1:{bench.port}/v1")
        result = uvloop.run(drive(bench, args))
    result["machine_reference_us_per_turn"] = [reference_before, machine_reference()]
    if args.json:
        print(json.dumps(result, indent=2))
        return
    offered = f", offered {result['offered_rate']:g} actions/s" if result["offered_rate"] else ", unpaced"
    print(
        f"{result['games']} games{offered}, gunicorn -k {result['worker_class'].rsplit('.', 1)[-1]}"
        f" -w {result['workers']}"
        f"{' --reuse-port' if result['reuse_port'] else ''}, "
        f"pool {result['pool']}/worker, {result['seconds']} s measured"
    )
    print(
        f"actions/s: {result['actions_per_second']}  "
        f"({result['actions']} actions, {result['games_completed']} games completed)"
    )
    if result["offered_actions"] is not None:
        print(
            f"offered in the window: {result['offered_actions_per_second']}/s ({result['offered_actions']} actions due;"
            " random arrivals: about the rate asked for, give or take the square root of the count)"
        )
    for label, figures in result["latency_ms"].items():
        print(
            f"{label:>12}: p50 {figures['p50']:6.2f} ms  p95 {figures['p95']:6.2f} ms  "
            f"p99 {figures['p99']:6.2f} ms  ({figures['count']} requests)"
        )
    print(
        "CPU ms/action: "
        + ", ".join(f"{k} {v}" for k, v in result["cpu_ms_per_action"].items())
        + f" (gunicorn's in the kernel: {result['gunicorn_kernel_cpu_ms_per_action']})"
    )
    print(f"cores busy (of {result['cores']}): " + ", ".join(f"{k} {v}" for k, v in result["cpu_cores_busy"].items()))
    print("cores busy per gunicorn worker: " + " / ".join(str(v) for v in result["gunicorn_worker_cores_busy"]))
    print(
        "machine reference (engine self-play, µs per turn; lower is faster) before and after: "
        + " / ".join(str(value) for value in result["machine_reference_us_per_turn"])
    )
    if result["errors"]:
        print(f"errors: {result['errors']}")


if __name__ == "__main__":
    main()
