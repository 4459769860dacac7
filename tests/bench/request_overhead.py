"""The CPU that the request hooks add: request id, access log line, metrics, rate limits.

The script creates a database of its own on a Postgres server (dropped at the end), starts a
2-player game and drives the app in this process through Flask's test client (no HTTP, no
gunicorn: only the app's own work is timed). The same requests go to four apps on one pool:

    bare          no hooks of hanabi.api.instrumentation, rate limits off
    no access     request id and metrics, no access line (HANABI_LOG_LEVEL=WARNING); rate limits off
    instrumented  request id, JSON access line (to /dev/null), metrics; rate limits off
    + limits      as instrumented, with the rate limits counted in memory (the default)
    + redis       as instrumented, with the counts in Redis (skipped when none answers)

It prints the CPU time (this process's user + system) per request of each, by request:
`GET /v1/games/{id}/view` (the hot path's read), `GET /v1/health` (no database, not limited)
and `GET /v1/accounts/me` (a token check, limited). Rounds alternate the apps so that drift
of the machine hits them alike; the median round is shown.

    .venv/bin/python tests/bench/request_overhead.py                  # local Postgres
    .venv/bin/python tests/bench/request_overhead.py --embedded       # an embedded pgserver instead
    .venv/bin/python tests/bench/request_overhead.py --requests 2000 --rounds 7
"""

import argparse
import logging
import os
import secrets
import statistics
import sys
import time
from pathlib import Path

import redis
from hanabi.api import create_app, instrumentation
from hanabi.config import load_settings
from hanabi.runtime.logs import configure_logging
from hanabi.store.database import create_pool

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import add_database_arguments, database_server, scratch_database

REDIS_URL = "redis://127.0.0.1:6379/15"


def without_instrumentation(app):
    """The app with the hooks of hanabi.api.instrumentation taken out again."""
    ours = {"begin_request", "end_request", "forget_request_id"}
    for hooks in (app.before_request_funcs, app.after_request_funcs, app.teardown_request_funcs):
        for name, functions in hooks.items():
            hooks[name] = [
                f for f in functions if not (f.__module__ == instrumentation.__name__ and f.__name__ in ours)
            ]
    return app


def json_logs_to_devnull() -> None:
    """The service's logging (JSON, INFO), written to /dev/null instead of stderr."""
    configure_logging(load_settings({"HANABI_LOG_FORMAT": "json"}))
    logging.getLogger().handlers[0].setStream(open(os.devnull, "w"))  # noqa: SIM115 (open as long as the process)


def redis_answers() -> bool:
    try:
        return bool(redis.Redis.from_url(REDIS_URL, socket_connect_timeout=0.5).ping())
    except redis.RedisError:
        return False


def start_game(client) -> tuple[int, dict]:
    tokens = []
    for n in range(2):
        name = f"overhead-{n}-{secrets.token_hex(4)}"
        tokens.append(client.post("/v1/accounts", json={"name": name, "kind": "bot"}).json["token"])
    headers = [{"Authorization": f"Bearer {token}"} for token in tokens]
    game_id = client.post("/v1/games", json={"options": {"players": 2}, "seed": "overhead"}, headers=headers[0]).json[
        "id"
    ]
    for header in headers:
        client.post(f"/v1/games/{game_id}/join", headers=header)
    return game_id, headers[0]


def cpu_per_request(client, path: str, headers: dict, count: int) -> float:
    start = time.process_time()
    for _ in range(count):
        response = client.get(path, headers=headers)
        assert response.status_code == 200, response.get_data(as_text=True)
    return (time.process_time() - start) / count


def measure(url: str, args) -> None:
    json_logs_to_devnull()
    pool = create_pool(url, min_size=2, max_size=4)
    base = {"HANABI_RATE_LIMIT_READS": "1000000/minute"}
    apps = {
        "bare": without_instrumentation(create_app(load_settings({**base, "HANABI_RATE_LIMITS": "off"}), pool=pool)),
        "no access": create_app(load_settings({**base, "HANABI_RATE_LIMITS": "off"}), pool=pool),
        "instrumented": create_app(load_settings({**base, "HANABI_RATE_LIMITS": "off"}), pool=pool),
        "+ limits": create_app(load_settings(base), pool=pool),
    }
    if redis_answers():
        apps["+ redis"] = create_app(load_settings({**base, "HANABI_RATE_LIMIT_STORAGE": REDIS_URL}), pool=pool)
    clients = {name: app.test_client() for name, app in apps.items()}
    game_id, headers = start_game(clients["bare"])
    paths = {"view": f"/v1/games/{game_id}/view", "health": "/v1/health", "me": "/v1/accounts/me"}
    results = {(name, what): [] for name in clients for what in paths}
    for client in clients.values():  # warm-up
        for path in paths.values():
            cpu_per_request(client, path, headers, 50)
    access_log = logging.getLogger("hanabi.access")
    for _ in range(args.rounds):
        for what, path in paths.items():
            for name, client in clients.items():
                access_log.setLevel(logging.WARNING if name == "no access" else logging.NOTSET)
                results[(name, what)].append(cpu_per_request(client, path, headers, args.requests))
    pool.close()
    print(f"CPU per request (median of {args.rounds} rounds of {args.requests} requests), and the difference to bare:")
    for what in paths:
        bare = statistics.median(results[("bare", what)])
        cells = []
        for name in clients:
            value = statistics.median(results[(name, what)])
            cells.append(f"{name} {value * 1e6:.0f} us" + ("" if name == "bare" else f" ({(value - bare) * 1e6:+.0f})"))
        print(f"  {what:7s} " + ", ".join(cells))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_database_arguments(parser)
    parser.add_argument("--requests", type=int, default=1000, help="requests per app, path and round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()  # fmt: skip

    with scratch_database(database_server(args), "hanabi-bench-overhead-") as (url, _):
        measure(url, args)


if __name__ == "__main__":
    main()
