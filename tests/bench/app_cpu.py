"""The CPU the app spends on the two hot requests, without HTTP: GET .../view and POST .../actions.

The script creates a database of its own on a Postgres server (dropped at the end) and drives
the app in this process with plain WSGI calls (no gunicorn, no test client), as configured by
default: request ids, a JSON access line (to /dev/null), metrics and rate limits. Two accounts
play 2-player games one after the other as tests/bench/api_load.py's players do (a view, then
one of its legal actions with the version seen). Only the app's call is timed, with this
thread's CPU clock, so the figures leave out the database server's work and what the load
generator and gunicorn add (see api_load.py for those).

It prints the median and mean CPU per request of each. Being one thread on one core, the
figures move less than api_load.py's from run to run, which makes them the ones to compare
two versions of the code by: run both at the same time (one per core), so that the machine's
drift hits them alike, e.g. with a second checkout of the old commit:

    PYTHONPATH=/tmp/old/service .venv/bin/python tests/bench/app_cpu.py & .venv/bin/python tests/bench/app_cpu.py; wait

    .venv/bin/python tests/bench/app_cpu.py                         # 2000 actions, local Postgres
    .venv/bin/python tests/bench/app_cpu.py --profile /tmp/app.prof # and cProfile's stats of the timed calls
    .venv/bin/python tests/bench/app_cpu.py --pause-ms 5            # each timed request after 5 ms asleep
    .venv/bin/python tests/bench/app_cpu.py --token-cache-seconds 0 # every request's token read from the database

Back to back, a request finds the code and data it needs still in the core's caches. Under a
real load it does not: between two requests of a gunicorn worker, other processes (Postgres,
other workers, the clients) run on the same cores. `--pause-ms` sleeps before each timed
request to show the difference (docs/benchmarks.md has the figures).
"""

import argparse
import cProfile
import io
import logging
import os
import random
import secrets
import statistics
import sys
import threading
import time
from pathlib import Path

import orjson
from hanabi.api import create_app
from hanabi.config import load_settings
from hanabi.runtime.logs import configure_logging
from hanabi.store.database import create_pool

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import (
    ACTION_WEIGHTS,
    add_database_arguments,
    database_server,
    scratch_database,
)

BASE_ENVIRON = {
    "SERVER_NAME": "127.0.0.1",
    "SERVER_PORT": "8000",
    "SERVER_PROTOCOL": "HTTP/1.1",
    "REMOTE_ADDR": "127.0.0.1",
    "SCRIPT_NAME": "",
    "QUERY_STRING": "",
    "HTTP_HOST": "127.0.0.1:8000",
    "wsgi.url_scheme": "http",
    "wsgi.version": (1, 0),
    "wsgi.multithread": True,
    "wsgi.multiprocess": True,
    "wsgi.run_once": False,
}


class Driver:
    """Calls the app as gunicorn would, timing the calls it is asked to time."""

    def __init__(self, app, profiler: cProfile.Profile | None, pause: float = 0.0):
        self.app = app
        self.profiler = profiler
        self.pause = pause
        """Seconds to sleep before each timed call."""

    def call(self, method: str, path: str, token: str | None = None, body=None, timings: list | None = None):
        data = orjson.dumps(body) if body is not None else b""
        path, _, query = path.partition("?")
        environ = {**BASE_ENVIRON, "REQUEST_METHOD": method, "PATH_INFO": path, "QUERY_STRING": query,
                   "wsgi.input": io.BytesIO(data), "wsgi.errors": sys.stderr}  # fmt: skip
        if token is not None:
            environ["HTTP_AUTHORIZATION"] = f"Bearer {token}"
        if body is not None:
            environ["CONTENT_TYPE"] = "application/json"
            environ["CONTENT_LENGTH"] = str(len(data))
        statuses = []
        profiling = self.profiler is not None and timings is not None
        if self.pause and timings is not None:
            time.sleep(self.pause)
        if profiling:
            self.profiler.enable()
        started = time.thread_time()
        output = b"".join(self.app(environ, lambda status, headers, exc_info=None: statuses.append(status)))
        spent = time.thread_time() - started
        if profiling:
            self.profiler.disable()
        if timings is not None:
            timings.append(spent)
        status = int(statuses[0][:3])
        payload = orjson.loads(output) if output else None
        if status >= 300:
            raise RuntimeError(f"{method} {path}: {status} {payload}")
        return payload


def choose(rng: random.Random, legal: list[dict]) -> dict:
    by_kind = {}
    for action in legal:
        by_kind.setdefault(action["kind"], []).append(action)
    kinds = list(by_kind)
    action = dict(rng.choice(by_kind[rng.choices(kinds, [ACTION_WEIGHTS.get(k, 1) for k in kinds])[0]]))
    del action["seat"]
    return action


def play(driver: Driver, actions: int, seed: int) -> tuple[list[float], list[float]]:
    rng = random.Random(seed)
    tokens = [
        driver.call("POST", "/v1/accounts", body={"name": f"cpu-{n}-{secrets.token_hex(3)}", "kind": "bot"})["token"]
        for n in range(2)
    ]
    views, posts = [], []
    while len(posts) < actions:
        game = driver.call("POST", "/v1/games", tokens[0], {"options": {"players": 2}})
        for token in tokens:
            driver.call("POST", f"/v1/games/{game['id']}/join", token)
        seat = 0
        while True:
            view = driver.call("GET", f"/v1/games/{game['id']}/view", tokens[seat], timings=views)
            if view["is_over"]:
                break
            if view["current_seat"] != seat:
                seat = view["current_seat"]
                continue
            action = {**choose(rng, view["legal_actions"]), "expected_version": view["version"]}
            after = driver.call("POST", f"/v1/games/{game['id']}/actions", tokens[seat], action, timings=posts)
            if after["is_over"]:
                break
            seat = after["current_seat"]
    return views, posts


def empty_polls(driver: Driver, polls: int, at_once: int) -> list[float]:
    """`polls` long polls of `/v1/me/turn?wait=1` that end empty, `at_once` bots (accounts with
    no game) polling again and again, each in a thread of its own: the CPU of each, in its thread."""
    tokens = [
        driver.call("POST", "/v1/accounts", body={"name": f"poll-{n}-{secrets.token_hex(3)}", "kind": "bot"})["token"]
        for n in range(at_once)
    ]
    for token in tokens:
        driver.call("GET", "/v1/me/turn", token)
    driver.call("GET", "/v1/me/turn?wait=1", tokens[0])  # the listener runs
    timings: list[float] = []

    def bot(token: str) -> None:
        while len(timings) < polls:
            page = driver.call("GET", "/v1/me/turn?wait=1", token, timings=timings)
            if page["items"]:
                raise RuntimeError(f"a bot with no game was given one: {page}")

    threads = [threading.Thread(target=bot, args=(token,)) for token in tokens]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return timings


def measure(url: str, args) -> None:
    configure_logging(load_settings({"HANABI_LOG_FORMAT": "json"}))
    logging.getLogger().handlers[0].setStream(open(os.devnull, "w"))  # noqa: SIM115 (open as long as the process)
    pool = create_pool(url, min_size=1, max_size=2)
    profiler = cProfile.Profile(time.thread_time) if args.profile else None
    try:
        settings = load_settings({"HANABI_TOKEN_CACHE_SECONDS": str(args.token_cache_seconds)})
        driver = Driver(create_app(settings, pool=pool), profiler, args.pause_ms / 1000)
        if args.empty_polls:
            polls = empty_polls(driver, args.empty_polls, args.bots)
        else:
            views, posts = play(driver, args.actions, args.seed)
    finally:
        pool.close()
    if args.empty_polls:
        warm = len(polls) // 10
        median, mean = statistics.median(polls[warm:]) * 1e6, statistics.fmean(polls[warm:]) * 1e6
        print(
            f"empty poll (GET me/turn?wait=1): CPU median {median:5.0f} µs, "
            f"mean {mean:5.0f} µs  ({len(polls) - warm} polls after warm-up)"
        )
        return
    warm = len(posts) // 10
    for label, timings in (("GET view", views[warm:]), ("POST action", posts[warm:])):
        print(f"{label:>12}: CPU median {statistics.median(timings) * 1e6:5.0f} µs, "
              f"mean {statistics.fmean(timings) * 1e6:5.0f} µs  ({len(timings)} requests after warm-up)")  # fmt: skip
    if profiler is not None:
        profiler.dump_stats(args.profile)
        print(f"cProfile stats of the timed calls: {args.profile}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--actions", type=int, default=2000, help="actions to post (default 2000)")
    add_database_arguments(parser)
    parser.add_argument(
        "--profile", metavar="FILE", help="write cProfile's stats of the timed calls (in CPU time) to FILE"
    )
    parser.add_argument(
        "--pause-ms", type=float, default=0.0, help="sleep this long before each timed request (default 0)"
    )
    parser.add_argument(
        "--empty-polls", type=int, metavar="N", help="time N long polls that end empty instead (GET me/turn?wait=1)"
    )
    parser.add_argument("--bots", type=int, default=50, help="with --empty-polls: bots polling at once (default 50)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--token-cache-seconds", type=float, default=60.0, help="HANABI_TOKEN_CACHE_SECONDS (default 60; 0: no cache)"
    )
    args = parser.parse_args()  # fmt: skip

    with scratch_database(database_server(args), "hanabi-bench-app-cpu-") as (url, _):
        measure(url, args)


if __name__ == "__main__":
    main()
