"""Bot seats through Celery: throughput of many all-bot games, and how soon a bot answers a person.

The script creates a database of its own on a Postgres server (dropped at the end), applies the
migrations and starts a real `hanabi worker` process (prefork pool, `--concurrency` processes)
on a Redis broker, with a queue of its own. Two measurements follow, one after the other:

1. Throughput. `--games` five-bot games (half `basic`, half `hat`) are created at once through
   the store; each commit enqueues the next bot's turn, so the worker plays them all to the end.
   Prints bot moves per second (action events committed, from the first game's start to the
   last move, by the events' created_at) and the games completed, with the CPU time per move of
   the worker processes, Postgres and everything else on the machine.

2. Latency. gunicorn serves the API (on a free port of 127.0.0.1, with the same broker, so its
   commits enqueue bot turns as in production). `--humans` people play at once over HTTP, each
   in games of `--players` seats: the person at seat 0, bots after it. For each move a person
   POSTs (not the game's last), it records, from the moment the POST was sent,
       committed   until the next bot's event was written (its created_at, the start of the
                   bot's transaction, on the same machine's clock)
       seen        until the person's long poll (GET .../events?after=<version>&wait=5) returned it
   and prints p50/p95/p99/max over `--moves` such moves. `--background-games N` keeps N five-bot
   games running meanwhile, so the worker is busy as well.

    .venv/bin/python tests/bench/celery_bots.py                        # 50 games, 200 moves, 2 worker processes
    .venv/bin/python tests/bench/celery_bots.py --concurrency 4 --background-games 10
    .venv/bin/python tests/bench/celery_bots.py --skip-throughput --moves 400

Requests go to 127.0.0.1 only; every wait is bounded, and at the end the script stops gunicorn
and the worker, drops the database and deletes the Redis keys of its queue.
"""

import argparse
import os
import random
import secrets
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime
from pathlib import Path

import httpx
import redis
from hanabi.config import load_settings
from hanabi.engine import GameOptions
from hanabi.runtime.composition import followups as worker_followups
from hanabi.store.database import connect
from hanabi.store.games import create_game
from hanabi.store.migrate import apply_migrations
from hanabi.store.records import SeatPlan
from hanabi.worker.celery_app import create_celery
from psycopg import sql

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from api_load import (
    ACTION_WEIGHTS,
    DEFAULT_SERVER,
    cpu_seconds,
    free_port,
    machine_busy_seconds,
    percentile,
    with_database,
)
from long_poll_latency import wait_ready

from tests.waiting import until

VENV_BIN = Path(sys.executable).parent
DEFAULT_BROKER = "redis://127.0.0.1:6379/13"
STRATEGIES = ("basic", "hat")
MOVE_TYPES = ("play", "discard", "color_clue", "rank_clue")
WAIT_SECONDS = 5
STOP_TIMEOUT_SECONDS = 30


def start_process(command: list[str], env: dict, log: Path) -> subprocess.Popen:
    """A process in a session of its own, so that stopping it can reach all its children."""
    with open(log, "ab") as output:
        return subprocess.Popen(
            command,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop_process(process: subprocess.Popen) -> None:
    """SIGTERM (Celery and gunicorn finish what they run, then exit); SIGKILL of the whole
    session if that takes longer than STOP_TIMEOUT_SECONDS."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(STOP_TIMEOUT_SECONDS)
            return
        except subprocess.TimeoutExpired:
            pass
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def descendants(pid: int) -> list[int]:
    found = [pid]
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            found += descendants(int(child))
    return found


def postgres_background_pids(conn) -> list[int]:
    rows = conn.execute("SELECT pid FROM pg_stat_activity WHERE datname IS NULL").fetchall()
    return [pid for (pid,) in rows]


def postgres_backend_pids(conn) -> list[int]:
    rows = conn.execute(
        "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
    ).fetchall()
    return [pid for (pid,) in rows]


def create_bot_games(conn, followups, count: int, label: str) -> list[int]:
    return [
        create_game(
            conn,
            GameOptions(players=5),
            [SeatPlan.bot(STRATEGIES[n % len(STRATEGIES)])] * 5,
            seed=f"{label} {n}",
            followups=followups,
        ).game.id
        for n in range(count)
    ]


def unfinished(conn, game_ids: list[int]) -> int:
    return conn.execute(
        "SELECT count(*) FROM games WHERE id = ANY(%s) AND status <> 'finished'",
        (game_ids,),
    ).fetchone()[0]


def wait_finished(conn, game_ids: list[int], timeout: float, log: Path) -> None:
    until(
        lambda: unfinished(conn, game_ids) == 0,
        timeout,
        f"some of the {len(game_ids)} games did not finish (worker log: {log})",
        0.1,
    )


def throughput(conn, followups, worker: subprocess.Popen, args, log: Path) -> dict:
    """Play `args.games` five-bot games at once to the end; moves/s by the events' timestamps."""
    workers = descendants(worker.pid)
    background = postgres_background_pids(conn)
    before = (
        cpu_seconds(workers),
        cpu_seconds(background),
        time.process_time(),
        machine_busy_seconds(),
    )
    backends_before = cpu_seconds(postgres_backend_pids(conn))
    started = time.monotonic()
    game_ids = create_bot_games(conn, followups, args.games, "throughput")
    wait_finished(conn, game_ids, args.timeout, log)
    wall = time.monotonic() - started
    backends = postgres_backend_pids(conn)
    after = (
        cpu_seconds(workers),
        cpu_seconds(background),
        time.process_time(),
        machine_busy_seconds(),
    )
    backends_after = cpu_seconds(backends)
    moves, first_move, last_move = conn.execute(
        "SELECT count(*), min(created_at), max(created_at) FROM game_events WHERE game_id = ANY(%s) AND type = ANY(%s)",
        (game_ids, list(MOVE_TYPES)),
    ).fetchone()
    first_start = conn.execute(
        "SELECT min(created_at) FROM game_events WHERE game_id = ANY(%s) AND type = 'game_started'",
        (game_ids,),
    ).fetchone()[0]
    scores = (
        conn.execute(
            "SELECT bot_strategy, avg(g.score) FROM games g JOIN game_seats s ON s.game_id = g.id AND s.seat = 0"
            " WHERE g.id = ANY(%s) GROUP BY bot_strategy",
            (game_ids,),
        ).fetchall()
        if args.scores
        else []
    )
    seconds = (last_move - first_start).total_seconds()
    worker_cpu = sum(after[0].get(pid, 0) - before[0].get(pid, 0) for pid in after[0])
    postgres_cpu = sum(after[1][pid] - before[1][pid] for pid in before[1].keys() & after[1].keys()) + sum(
        backends_after[pid] - backends_before.get(pid, 0) for pid in backends_after
    )
    bench_cpu = after[2] - before[2]
    other_cpu = max(0.0, after[3] - before[3] - worker_cpu - postgres_cpu - bench_cpu)
    return {
        "games": args.games,
        "games_completed": args.games - unfinished(conn, game_ids),
        "moves": moves,
        "seconds": seconds,
        "moves_per_second": moves / seconds,
        "wall_seconds": wall,
        "first_move_after_start_ms": (first_move - first_start).total_seconds() * 1000,
        "cpu_ms_per_move": {
            "worker": 1000 * worker_cpu / moves,
            "postgres": 1000 * postgres_cpu / moves,
            "this script": 1000 * bench_cpu / moves,
            "other processes": 1000 * other_cpu / moves,
        },
        "cores_busy": {
            "worker": worker_cpu / wall,
            "postgres": postgres_cpu / wall,
            "other processes": other_cpu / wall,
        },
        "average_score": dict(scores),
    }


class Person:
    """One person at seat 0 of games with bots after it, playing over HTTP until told to stop."""

    def __init__(
        self,
        base_url: str,
        players: int,
        rng: random.Random,
        samples: list,
        stop: threading.Event,
    ):
        self.players = players
        self.rng = rng
        self.samples = samples
        self.stop = stop
        self.errors: list[str] = []
        name = f"bench-person-{secrets.token_hex(5)}"
        token = httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "human"}, timeout=30).json()["token"]
        self.client = httpx.Client(
            base_url=f"{base_url}/v1",
            headers={"Authorization": f"Bearer {token}"},
            timeout=WAIT_SECONDS + 30,
        )

    def new_game(self) -> int:
        bots = [{"kind": "bot", "strategy": STRATEGIES[n % len(STRATEGIES)]} for n in range(self.players - 1)]
        body = {
            "options": {"players": self.players},
            "seats": [{"kind": "open"}, *bots],
        }
        created = self.client.post("/games", json=body)
        if created.status_code != 201:
            raise RuntimeError(f"cannot create a game: {created.status_code} {created.text}")
        game_id = created.json()["id"]
        self.client.post(f"/games/{game_id}/join").raise_for_status()
        return game_id

    def run(self) -> None:
        try:
            game_id = self.new_game()
            while not self.stop.is_set():
                view = self.client.get(f"/games/{game_id}/view").json()
                if view["is_over"]:
                    game_id = self.new_game()
                elif view["current_seat"] == 0:
                    self.move(game_id, view)
                else:
                    self.wait_events(game_id, view["version"])
        except (
            httpx.HTTPError,
            RuntimeError,
            KeyError,
        ) as error:  # reported, the others go on
            self.errors.append(repr(error))
        finally:
            self.client.close()

    def move(self, game_id: int, view: dict) -> None:
        action = self.choose(view["legal_actions"])
        action["expected_version"] = view["version"]
        sent = time.time()
        response = self.client.post(f"/games/{game_id}/actions", json=action)
        if response.status_code != 200:
            self.errors.append(f"POST action {response.status_code} {response.text[:200]}")
            return
        after = response.json()
        if after["is_over"]:
            return
        events = self.wait_events(game_id, after["version"])
        seen = time.time()
        if not events:
            self.errors.append(f"no bot move in game {game_id} within {WAIT_SECONDS} s")
            return
        committed = datetime.fromisoformat(events[0]["created_at"]).timestamp()
        self.samples.append((committed - sent, seen - sent))

    def wait_events(self, game_id: int, after: int) -> list[dict]:
        response = self.client.get(f"/games/{game_id}/events", params={"after": after, "wait": WAIT_SECONDS})
        response.raise_for_status()
        return response.json()["events"]

    def choose(self, legal: list[dict]) -> dict:
        """Mostly clues and discards, few plays, so that games run long."""
        by_kind: dict[str, list[dict]] = {}
        for action in legal:
            by_kind.setdefault(action["kind"], []).append(action)
        kinds = list(by_kind)
        kind = self.rng.choices(kinds, [ACTION_WEIGHTS.get(k, 1) for k in kinds])[0]
        return {key: value for key, value in self.rng.choice(by_kind[kind]).items() if key != "seat"}


def keep_bot_games_running(conn_url: str, followups, count: int, stop: threading.Event) -> None:
    """Keep `count` five-bot games running until `stop` (the load beside the people); `followups`
    enqueue their bot turns."""
    with connect(conn_url) as conn:
        running: list[int] = []
        round_number = 0
        while not stop.is_set():
            running = [game_id for game_id in running if unfinished(conn, [game_id])]
            if len(running) < count:
                running += create_bot_games(conn, followups, count - len(running), f"background {round_number}")
                round_number += 1
            stop.wait(0.5)


def latency(url: str, followups, env: dict, args, scratch: Path) -> dict:
    port = free_port()
    server = start_process(
        [str(VENV_BIN / "gunicorn"), "-k", "gthread", "-w", str(args.gunicorn_workers), "--threads", "4",
         "-b", f"127.0.0.1:{port}", "hanabi.runtime.wsgi:app"],
        env,
        scratch / "gunicorn.log",
    )  # fmt: skip
    stop = threading.Event()
    samples: list[tuple[float, float]] = []
    threads: list[threading.Thread] = []
    try:
        base_url = f"http://127.0.0.1:{port}"
        wait_ready(base_url)
        loader = threading.Thread(target=keep_bot_games_running, args=(url, followups, args.background_games, stop))
        if args.background_games:
            loader.start()
            threads.append(loader)
        people = [
            Person(base_url, args.players, random.Random(f"{args.seed} {n}"), samples, stop) for n in range(args.humans)
        ]
        for person in people:
            thread = threading.Thread(target=person.run)
            thread.start()
            threads.append(thread)
        deadline = time.monotonic() + args.timeout
        while len(samples) < args.moves + args.warmup_moves and time.monotonic() < deadline:
            if not any(thread.is_alive() for thread in threads[-len(people) :]):
                break
            time.sleep(0.1)  # sampling ends at enough moves, the people stopping or the timeout: none fails
    finally:
        stop.set()
        for thread in threads:
            thread.join(WAIT_SECONDS + 35)
        stop_process(server)
    measured = samples[args.warmup_moves :]
    if len(measured) < args.moves:
        errors = [error for person in people for error in person.errors]
        raise SystemExit(f"only {len(measured)} of {args.moves} moves measured within {args.timeout} s: {errors[:5]}")
    return {
        "moves": len(measured),
        "humans": args.humans,
        "players": args.players,
        "background_games": args.background_games,
        "committed_ms": summary([committed for committed, _ in measured]),
        "seen_ms": summary([seen for _, seen in measured]),
        "errors": [error for person in people for error in person.errors],
    }


def summary(values: list[float]) -> dict:
    return {
        "p50": 1000 * percentile(values, 0.50),
        "p95": 1000 * percentile(values, 0.95),
        "p99": 1000 * percentile(values, 0.99),
        "max": 1000 * max(values),
        "mean": 1000 * statistics.mean(values),
    }


KOMBU_SHARED_KEYS = {
    b"_kombu.binding_deadlines",
    b"_kombu.binding.celery.pidbox",
    b"_kombu.binding.reply.celery.pidbox",
    b"unacked",
    b"unacked_index",
    b"unacked_mutex",
}
"""Keys kombu keeps for every queue and worker of a Redis database, not for one queue."""


def delete_queue_keys(broker_url: str, queue: str, keys_before: set[bytes]) -> list[bytes]:
    """Delete the keys of this run's queue; and kombu's shared keys if this run created them and
    nothing else started using the database meanwhile."""
    client = redis.Redis.from_url(broker_url)
    try:
        new = set(client.scan_iter()) - keys_before
        ours = {key for key in new if queue.encode() in key}
        if all(key in ours or key in KOMBU_SHARED_KEYS for key in new):
            ours = new
        if ours:
            client.delete(*ours)
        return sorted(ours)
    finally:
        client.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_SERVER),
        help=f"the Postgres server; a database is created on it and dropped (default {DEFAULT_SERVER})",
    )
    parser.add_argument("--broker-url", default=DEFAULT_BROKER, help=f"Redis (default {DEFAULT_BROKER})")
    parser.add_argument(
        "--concurrency",
        type=int,
        default=2,
        help="worker processes (prefork pool; default 2)",
    )
    parser.add_argument("--pool", choices=("prefork", "threads"), default="prefork")
    parser.add_argument(
        "--games",
        type=int,
        default=50,
        help="five-bot games played at once (default 50)",
    )
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--skip-latency", action="store_true")
    parser.add_argument("--moves", type=int, default=200, help="measured moves of people (default 200)")
    parser.add_argument("--warmup-moves", type=int, default=10)
    parser.add_argument("--humans", type=int, default=4, help="people playing at once (default 4)")
    parser.add_argument(
        "--players",
        type=int,
        default=3,
        help="seats of their games: the person, then bots (default 3)",
    )
    parser.add_argument(
        "--background-games",
        type=int,
        default=0,
        help="five-bot games kept running meanwhile",
    )
    parser.add_argument("--gunicorn-workers", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=300, help="seconds each part may take at most")
    parser.add_argument(
        "--scores",
        action="store_true",
        help="also print the average score per strategy",
    )
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()  # fmt: skip

    redis.Redis.from_url(args.broker_url, socket_connect_timeout=1).ping()
    keys_before = set(redis.Redis.from_url(args.broker_url).scan_iter())
    queue = f"hanabi-bench-{os.getpid()}-{secrets.token_hex(3)}"
    scratch = Path(tempfile.mkdtemp(prefix="hanabi-bench-celery-"))
    database = f"bench_celery_{os.getpid()}_{secrets.token_hex(3)}"
    with connect(args.database_url) as admin:
        admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(database)))
    worker = None
    results = {}
    try:
        url = with_database(args.database_url, database)
        apply_migrations(url)
        environ = {
            "DATABASE_URL": url,
            "CELERY_BROKER_URL": args.broker_url,
            "HANABI_QUEUE": queue,
            "HANABI_DATA_DIR": str(scratch / "data"),
        }
        env = {**os.environ, **environ}
        followups = worker_followups(create_celery(load_settings(environ)))
        log = scratch / "worker.log"
        worker = start_process(
            [sys.executable, "-m", "hanabi.runtime.cli", "worker", "--pool", args.pool,
             "--concurrency", str(args.concurrency), "--loglevel", "WARNING"],
            env,
            log,
        )  # fmt: skip
        with connect(url) as conn:
            wait_finished(conn, create_bot_games(conn, followups, args.concurrency, "warm-up"), 120, log)
            if not args.skip_throughput:
                results["throughput"] = throughput(conn, followups, worker, args, log)
                report_throughput(results["throughput"], args)
        if not args.skip_latency:
            results["latency"] = latency(url, followups, env, args, scratch)
            report_latency(results["latency"])
    finally:
        if worker is not None:
            stop_process(worker)
        with connect(args.database_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(database)))
        delete_queue_keys(args.broker_url, queue, keys_before)
        shutil.rmtree(scratch, ignore_errors=True)


def report_throughput(result: dict, args) -> None:
    print(f"Throughput: {result['games']} five-bot games at once, `hanabi worker --pool {args.pool} "
          f"--concurrency {args.concurrency}` on Redis")  # fmt: skip
    print(f"  {result['games_completed']} games completed, {result['moves']} bot moves in {result['seconds']:.1f} s: "
          f"{result['moves_per_second']:.0f} moves/s")  # fmt: skip
    cpu = result["cpu_ms_per_move"]
    print("  CPU ms per move: " + ", ".join(f"{name} {value:.2f}" for name, value in cpu.items()))
    print("  cores busy: " + ", ".join(f"{name} {value:.2f}" for name, value in result["cores_busy"].items()))
    for strategy, score in result["average_score"].items():
        print(f"  average score, {strategy}: {score:.1f}")


def report_latency(result: dict) -> None:
    background = f", {result['background_games']} five-bot games running beside" if result["background_games"] else ""
    print(f"Latency: {result['moves']} moves of {result['humans']} people at once in {result['players']}-seat games "
          f"(person at seat 0, bots after){background}; from sending the POST to the next bot's move")  # fmt: skip
    for label in ("committed", "seen"):
        values = result[f"{label}_ms"]
        print(f"  {label:<10} " + "   ".join(f"{name} {value:6.1f} ms" for name, value in values.items()))
    if result["errors"]:
        print(f"  errors: {result['errors'][:5]}")


if __name__ == "__main__":
    main()
