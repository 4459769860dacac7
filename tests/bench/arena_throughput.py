"""Arena throughput on this machine, and what the arena costs players' latency.

Starts a real `hanabi serve` (its embedded worker and beat) on a database of its own with the
arena on, and `--bots` bots from outside, each a `hanabi bot --strategy basic` runner over
HTTP entered for `--players`. After `--warmup` seconds and the first published deal, it counts
the deals the arena publishes (every table finished, rated) during `--duration` seconds: deals
per minute, games per minute.

With `--api-load-rate R` it measures the cost: tests/bench/api_load.py --rate R (its own
gunicorn and database on the same Postgres server and cores) runs with the arena stopped and
with it running, alternately, `--rounds` times each, and the action POST's and view GET's
p50/p99 are printed side by side. The arena and the load share the machine's cores, as they
would share a server.

    nice -n 10 .venv/bin/python tests/bench/arena_throughput.py --duration 60
    nice -n 10 .venv/bin/python tests/bench/arena_throughput.py --api-load-rate 500 --rounds 2
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import psycopg

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.arena.live import arena_bots  # noqa: E402
from tests.sdk.conftest import served  # noqa: E402
from tests.waiting import until  # noqa: E402

DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/test"


@contextmanager
def scratch_database(server_url: str):
    name = f"arena_bench_{os.getpid()}"
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield psycopg.conninfo.make_conninfo(server_url, dbname=name)
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def published(url: str) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute("SELECT count(*) FROM arena_deals WHERE published_at IS NOT NULL").fetchone()[0]


def tables(url: str) -> int:
    with psycopg.connect(url) as conn:
        return conn.execute(
            """SELECT count(*) FROM arena_tables t JOIN arena_deals d ON d.id = t.deal_id
                WHERE d.published_at IS NOT NULL"""
        ).fetchone()[0]


def first_deal(url: str, timeout: float = 600) -> None:
    """Wait until the arena has published its first deal: the bots are online and playing."""
    until(lambda: published(url), timeout, "the arena published no deal", 1)


def api_load(rate: int, duration: float) -> dict:
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "tests/bench/api_load.py"),
            "--rate",
            str(rate),
            "--duration",
            str(duration),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    result = json.loads(run.stdout[run.stdout.index("{") :])
    return {label: (figures["p50"], figures["p99"]) for label, figures in result["latency_ms"].items()} | {
        "actions_per_second": result["actions_per_second"]
    }


@contextmanager
def arena(args, folder: Path):
    with scratch_database(args.database_url) as database_url:
        env = {
            **os.environ,
            "DATABASE_URL": database_url,
            "HANABI_DATA_DIR": str(folder / "data"),
            "HANABI_ARENA": "on",
            "HANABI_ARENA_ROUND_SECONDS": "2",
            "HANABI_ARENA_MAX_GAMES": str(args.max_games),
            "HANABI_ARENA_TABLES_PER_DEAL": str(args.tables),
            "HANABI_RATE_LIMITS": "off",
        }
        env.pop("CELERY_BROKER_URL", None)
        with served(env, folder / "serve.log") as url, arena_bots(url, ["basic"] * args.bots, [args.players], folder):
            yield database_url


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_SERVER))
    parser.add_argument("--bots", type=int, default=3, help="bots from outside (default 3)")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--tables", type=int, default=4, help="HANABI_ARENA_TABLES_PER_DEAL (default 4)")
    parser.add_argument("--max-games", type=int, default=8, help="HANABI_ARENA_MAX_GAMES (default 8)")
    parser.add_argument("--warmup", type=float, default=20)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--api-load-rate", type=int, help="also measure api_load.py --rate R with the arena off and on")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as folder:
        if args.api_load_rate:
            costs = {"off": [], "on": []}
            for _ in range(args.rounds):
                costs["off"].append(api_load(args.api_load_rate, args.duration))
                with arena(args, Path(folder)) as database_url:
                    time.sleep(args.warmup)
                    first_deal(database_url)
                    before = published(database_url)
                    costs["on"].append(api_load(args.api_load_rate, args.duration))
                    costs["on"][-1]["arena_deals_per_minute"] = round(
                        (published(database_url) - before) * 60 / args.duration, 1
                    )
            for state, runs in costs.items():
                for run in runs:
                    print(f"arena {state}: " + json.dumps(run))
            return
        with arena(args, Path(folder)) as database_url:
            time.sleep(args.warmup)
            first_deal(database_url)
            deals, games = published(database_url), tables(database_url)
            time.sleep(args.duration)
            deals, games = published(database_url) - deals, tables(database_url) - games
    print(
        f"arena: {deals * 60 / args.duration:.1f} deals/min, {games * 60 / args.duration:.1f} games/min "
        f"({args.bots} bots from outside, {args.players} players, {args.tables} tables a deal, "
        f"HANABI_ARENA_MAX_GAMES {args.max_games}, {args.duration:g} s measured)"
    )


if __name__ == "__main__":
    main()
