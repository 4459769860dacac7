"""The floor under an empty long poll's CPU: HTTP servers that do nothing but wait and answer.

Each server is given the same load as tests/bench/empty_polls.py gives `hanabi serve`: `--bots`
keep-alive connections, each sending `GET /v1/me/turn?wait=1` with a bearer token again and
again; the server waits (its event loop's sleep, not a thread) for a random moment in the last
quarter of the wait, as the API's empty poll does, then answers the API's empty page with a
Content-Type, a Content-Length and an `X-Request-Id`. No database, no logging, no metrics. A
round's figure is the CPU of the server's processes over a window, divided by the answers in
it; the servers take turns, the order rotating every round, and the first round of each warms
it up. The servers, each with one process serving (gunicorn: one worker, its master counted):

- `gunicorn-gevent`: gunicorn's own gevent worker (`-k gevent`), the app a plain WSGI function
  that calls `gevent.sleep`;
- `api-worker`: the API's worker (hanabi.runtime.api_worker.ApiWorker) with the same app;
- `pywsgi`: gevent's own WSGI server (gevent.pywsgi), the same app;
- `uvicorn`: uvicorn with httptools and uvloop, an ASGI app that awaits `asyncio.sleep`;
- `granian`: granian's ASGI interface (its Rust HTTP server, one worker, uvloop), the same ASGI app;
- `hanabi`: `hanabi serve --workers 1` on a database of its own (as empty_polls.py), for the
  figure in the same session.

uvicorn, httptools and granian are not the project's dependencies: a server whose package is
missing is left out, saying so (`.venv/bin/pip install uvicorn httptools granian`).

    .venv/bin/python tests/bench/poll_floor.py                      # every server, 6 rounds of 6 s
    .venv/bin/python tests/bench/poll_floor.py --servers gunicorn-gevent,hanabi --rounds 4
"""

import argparse
import asyncio
import importlib.util
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

BODY = b'{"items":[],"next_cursor":null}\n'
HEADERS = [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))]
JITTER = 0.25
"""The part of its wait in which a poll ends (the API's, on a connection's later requests)."""


def wait_seconds(query: str) -> float:
    _, _, value = query.partition("=")
    return int(value or 1) * (1 - JITTER * random.random())


def wsgi_app(environ, start_response):
    import gevent

    gevent.sleep(wait_seconds(environ.get("QUERY_STRING", "")))
    start_response("200 OK", [*HEADERS, ("X-Request-Id", os.urandom(16).hex())])
    return [BODY]


async def asgi_app(scope, receive, send):
    if scope["type"] != "http":
        return
    await asyncio.sleep(wait_seconds(scope["query_string"].decode("latin-1")))
    headers = [(name.lower().encode(), value.encode()) for name, value in HEADERS]
    headers.append((b"x-request-id", os.urandom(16).hex().encode()))
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": BODY})


BENCH = Path(__file__).resolve().parent
PYTHON = sys.executable
GUNICORN = [PYTHON, "-m", "gunicorn", "--chdir", str(BENCH), "-w", "1", "--worker-connections", "10000"]
GUNICORN += ["--keep-alive", "75", "--backlog", "4096", "--log-level", "warning"]
SERVERS = {
    "gunicorn-gevent": (
        None,
        lambda port: [*GUNICORN, "-k", "gevent", "-b", f"127.0.0.1:{port}", "poll_floor:wsgi_app"],
    ),
    "api-worker": (
        None,
        lambda port: [
            *GUNICORN,
            "-k",
            "hanabi.runtime.api_worker.ApiWorker",
            "-b",
            f"127.0.0.1:{port}",
            "poll_floor:wsgi_app",
        ],
    ),
    "pywsgi": (None, lambda port: [PYTHON, str(BENCH / "poll_floor.py"), "--serve-pywsgi", str(port)]),
    "uvicorn": (
        ("uvicorn", "httptools"),
        lambda port: [PYTHON, str(BENCH / "poll_floor.py"), "--serve-uvicorn", str(port)],
    ),
    "granian": (
        ("granian",),
        lambda port: [
            PYTHON,
            "-m",
            "granian",
            "--interface",
            "asgi",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
            "--loop",
            "uvloop",
            "--backlog",
            "4096",
            "--no-access-log",
            "--log-level",
            "warning",
            "--working-dir",
            str(BENCH),
            "poll_floor:asgi_app",
        ],
    ),  # fmt: skip
}


def serve_pywsgi(port: int) -> None:
    from gevent import monkey

    monkey.patch_all()
    from gevent.pywsgi import WSGIServer

    WSGIServer(("127.0.0.1", port), wsgi_app, log=None, backlog=4096).serve_forever()


def serve_uvicorn(port: int) -> None:
    import uvicorn

    uvicorn.run(
        asgi_app, host="127.0.0.1", port=port, loop="uvloop", http="httptools", lifespan="off",
        access_log=False, log_level="warning", backlog=4096, timeout_keep_alive=75,
    )  # fmt: skip


class Floor:
    """One server of this module's."""

    def __init__(self, name: str, scratch: Path):
        from api_load import free_port
        from waiting_bots import until

        self.name = name
        self.port = free_port()
        self.log = scratch / f"{name}.log"
        with open(self.log, "w") as log:
            self.process = subprocess.Popen(
                SERVERS[name][1](self.port), stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=BENCH
            )
        until(self.ready, 60, f"{name} did not start: {self.log}", 0.2)
        self.cpu_per_poll: list[float] = []

    def ready(self) -> bool:
        import socket

        if self.process.poll() is not None:
            raise RuntimeError(f"{self.name} exited: {self.log.read_text()[-2000:]}")
        try:
            socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
        except OSError:
            return False
        return True

    def pids(self) -> list[int]:
        from waiting_bots import process_tree

        return process_tree(self.process.pid)

    def stop(self) -> None:
        from waiting_bots import stop_group

        stop_group(self.process)


async def window(server, tokens: list[str], connections: dict, args) -> tuple[int, int, float]:
    """Every bot polls `server` for `args.window` seconds: the empty answers, the others, the
    server's CPU seconds."""
    from api_load import cpu_seconds, cpu_used
    from empty_polls import poll_until

    end = time.perf_counter() + args.window
    pids = server.api_pids() if hasattr(server, "api_pids") else server.pids()
    before = cpu_seconds(pids)
    counts = await poll_until(end, server.name, server.port, tokens, connections, 1)
    after = cpu_seconds(pids)
    return counts["empty"], counts["other"], cpu_used(before, after)


async def drive(servers: list, tokens: list[str], args) -> None:
    connections: dict = {}
    for round_number in range(args.rounds + 1):
        shift = round_number % len(servers)
        for server in servers[shift:] + servers[:shift]:
            empty, other, cpu = await window(server, tokens, connections, args)
            per_poll = cpu / empty if empty else float("nan")
            if round_number:
                server.cpu_per_poll.append(per_poll)
            print(
                f"round {round_number}{'' if round_number else ' (warm-up)'} {server.name}: {empty} empty answers"
                f" ({other} other), {1000 * per_poll:.3f} ms of CPU per poll",
                flush=True,
            )
    for connection in connections.values():
        connection.close()


def main() -> None:
    sys.path.insert(0, str(BENCH))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    from api_load import add_database_arguments

    add_database_arguments(parser)
    parser.add_argument("--servers", default=",".join([*SERVERS, "hanabi"]), help="comma-separated (default: all)")
    parser.add_argument("--bots", type=int, default=200, help="connections polling at once (default 200)")
    parser.add_argument("--window", type=float, default=6, help="seconds of polling per round and server (default 6)")
    parser.add_argument("--rounds", type=int, default=6, help="counted rounds per server (default 6)")
    parser.add_argument("--serve-pywsgi", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--serve-uvicorn", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve_pywsgi:
        return serve_pywsgi(args.serve_pywsgi)
    if args.serve_uvicorn:
        return serve_uvicorn(args.serve_uvicorn)

    import tempfile

    import uvloop
    from api_load import database_server, scratch_database
    from waiting_bots import make_accounts, raise_open_files_limit

    names = [name for name in args.servers.split(",") if name]
    for name in list(names):
        missing = [
            package for package in (SERVERS.get(name, (None,))[0] or ()) if not importlib.util.find_spec(package)
        ]
        if missing:
            print(f"{name}: left out, not installed: {' '.join(missing)}")
            names.remove(name)
    raise_open_files_limit(args.bots)
    load_before = os.getloadavg()
    scratch = Path(tempfile.mkdtemp(prefix="poll-floor-"))
    measured: list = []
    try:
        if "hanabi" in names:
            from empty_polls import Server

            with scratch_database(database_server(args), "poll-floor-") as (url, database_scratch):
                _, bots = make_accounts(url, args.bots)
                try:
                    measured.append(Server("hanabi", url, database_scratch, None, workers=1))
                    measured += [Floor(name, scratch) for name in names if name != "hanabi"]
                    uvloop.run(drive(measured, [bot.token for bot in bots], args))
                finally:
                    for server in measured:
                        server.stop()
        else:
            try:
                measured += [Floor(name, scratch) for name in names]
                uvloop.run(drive(measured, [os.urandom(16).hex() for _ in range(args.bots)], args))
            finally:
                for server in measured:
                    server.stop()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    print(f"CPU per empty poll, median of {args.rounds} rounds of {args.window:g} s, {args.bots} connections, wait=1:")
    for server in measured:
        values = server.cpu_per_poll
        print(
            f"  {server.name}: {1000 * statistics.median(values):.3f} ms"
            f" (rounds {1000 * min(values):.3f} to {1000 * max(values):.3f})"
        )
    print(f"load average before {[round(x, 2) for x in load_before]}, after {[round(x, 2) for x in os.getloadavg()]}")


if __name__ == "__main__":
    main()
