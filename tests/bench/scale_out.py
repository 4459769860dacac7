"""Scale-out: the same HTTP load against 1 and then 2 API processes of the production topology.

For each count of API processes the script starts a fresh `tests.cluster.local.Cluster` (a Postgres
server of its own from pgserver's binaries, with fsync on; a redis-server of its own; N API
processes `hanabi serve --no-run-worker --workers W`, each a gunicorn on its own
port; two `hanabi worker` and one `hanabi beat`), then runs tests/bench/api_load.py's load
generator against it: `--games` slots each playing 2-player games over HTTP, one GET of the
view and one POST of an action per move. The load generator sends each request to the next API
process in turn, on keep-alive connections (client-side round robin: no proxy, so none of the
figures is a proxy's). It prints, for each count, actions/s and the p50/p95/p99 latency of the action POST and of the
view GET, the CPU each part used, the machine's load average before the run, and the speed-up.

Rate limits are switched off (HANABI_RATE_LIMITS=off): the benchmark measures the API, not
the limiter's answers.

    .venv/bin/python tests/bench/scale_out.py                     # 50 games, 30 s each, 1 and 2 APIs
    .venv/bin/python tests/bench/scale_out.py --games 50 --duration 30 --api-workers 1 --pool 8
    .venv/bin/python tests/bench/scale_out.py --counts 1 2 3 --json

On one machine the API processes share its cores with Postgres and the load generator, so the
speed-up shows how far the API is the bottleneck there; see docs/benchmarks.md.
"""

import argparse
import asyncio
import itertools
import json
import os
import random
import secrets
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.cluster.local

from api_load import (  # tests/bench/api_load.py, beside this script
    WORKER_CLASS,
    HttpConnection,
    Load,
    play_and_measure,
)

from tests.cluster.local import Cluster
from tests.worker.processes import children


class SpreadLoad(Load):
    """api_load's load generator with its requests spread over several API processes: each
    request goes to the next process in turn, on a keep-alive connection of the slot's to it."""

    def __init__(self, ports: list[int], rng: random.Random, interval: float):
        super().__init__("127.0.0.1", ports[0], "/v1", rng, interval)
        self.ports = ports
        self.turns = itertools.count()

    def _connection(self) -> HttpConnection:
        port = self.ports[next(self.turns) % len(self.ports)]
        key = (asyncio.current_task(), port)
        connection = self._connections.get(key)
        if connection is None:
            connection = self._connections[key] = HttpConnection(self.host, port)
        return connection


class ClusterProcesses:
    """What api_load's `measure` reads of a server: the processes serving the API, and the database."""

    def __init__(self, cluster: Cluster):
        self.cluster = cluster
        self.url = cluster.database_url

    def worker_pids(self) -> list[int]:
        """Each API process (gunicorn's master) and its gunicorn workers."""
        pids = []
        for process in self.cluster.apis:
            pids += [process.pid, *children(process.pid)]
        return pids


async def drive(cluster: Cluster, args) -> dict:
    load = SpreadLoad(cluster.api_ports, random.Random(args.seed), args.games / args.rate if args.rate else 0.0)
    prefix = secrets.token_hex(3)
    try:
        tokens = [await load.account(f"scale-{prefix}-{index}") for index in range(2 * args.games)]
        return await play_and_measure(ClusterProcesses(cluster), args, load, tokens)
    finally:
        load.close()


def run(count: int, args) -> dict:
    load_average = os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="hanabi-scale-out-") as folder:
        cluster = Cluster(
            Path(folder),
            apis=count,
            workers=2,
            api_workers=args.api_workers,
            worker_concurrency=1,
            environ={
                "HANABI_RATE_LIMITS": "off",
                "HANABI_DB_POOL_MIN": str(args.pool),
                "HANABI_DB_POOL_MAX": str(args.pool),
                "HANABI_LOG_LEVEL": "WARNING",
            },
            postgres_fsync=True,
        )
        with cluster:
            result = asyncio.run(drive(cluster, args))
    return {"api_processes": count, "load_average_before": [round(value, 2) for value in load_average], **result}


def report(result: dict) -> None:
    print(
        f"{result['api_processes']} API process(es) x gunicorn -w {result['workers']}, pool {result['pool']}, "
        f"{result['games']} games, {result['seconds']} s measured, load average before "
        f"{' '.join(str(value) for value in result['load_average_before'])}"
    )
    print(
        f"  actions/s: {result['actions_per_second']}  "
        f"({result['actions']} actions, {result['games_completed']} games completed)"
    )
    for label, figures in result["latency_ms"].items():
        print(
            f"  {label:>12}: p50 {figures['p50']:6.2f} ms  p95 {figures['p95']:6.2f} ms  p99 {figures['p99']:6.2f} ms"
            f"  ({figures['count']} requests)"
        )
    print("  cores busy: " + ", ".join(f"{name} {value}" for name, value in result["cpu_cores_busy"].items()))
    if result["errors"]:
        print(f"  errors: {result['errors']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--counts", type=int, nargs="+", default=[1, 2], help="API process counts to run (default 1 2)")
    parser.add_argument("--games", type=int, default=50, help="concurrent games (default 50)")
    parser.add_argument("--duration", type=float, default=30, help="measured seconds per run (default 30)")
    parser.add_argument("--warmup", type=float, default=5, help="seconds of load before measuring (default 5)")
    parser.add_argument(
        "--rate", type=float, default=0, help="offered actions/s over all games; default: as fast as answered"
    )
    parser.add_argument("--api-workers", type=int, default=1, help="gunicorn workers per API process (default 1)")
    parser.add_argument("--pool", type=int, default=8, help="database connections per gunicorn worker (default 8)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    args.workers = args.api_workers  # the names api_load's `measure` reports
    args.reuse_port = False  # each API is a `hanabi serve`, whose workers share one socket
    args.worker_class = WORKER_CLASS  # as `hanabi serve` runs them
    args.profile = None

    results = [run(count, args) for count in args.counts]
    if args.json:
        print(json.dumps(results, indent=2))
        return
    for result in results:
        report(result)
    base = results[0]["actions_per_second"]
    for result in results[1:]:
        print(
            f"{result['api_processes']} vs {results[0]['api_processes']} API process(es): "
            f"{result['actions_per_second'] / base:.2f}x the actions/s"
        )


if __name__ == "__main__":
    main()
