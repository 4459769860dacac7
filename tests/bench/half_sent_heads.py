"""How long `GET /v1/health` takes from another address while one address holds half-sent
request heads on `hanabi serve --workers 1 --connections N` (hanabi.runtime.api_worker's per-address cap).

The script creates a database of its own on the local Postgres (dropped at the end), starts the
server on a free port of 127.0.0.1, opens `--heads` connections from 127.0.0.1 that each send
part of a request head and nothing more, then times one `GET /v1/health` from 127.0.0.2, and
counts the held connections that the server refused (503) or cut (closed with no answer) by
then. With `--server-source DIR` it also runs the server from another checkout's `service/`
(the change's parent, say), alternating the two, `--rounds` times each.

    .venv/bin/python tests/bench/half_sent_heads.py
    .venv/bin/python tests/bench/half_sent_heads.py --server-source /tmp/old/service --rounds 3
"""

import argparse
import os
import select
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
import psycopg

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from tests.waiting import until

PARTIAL_HEAD = b"GET /v1/health HTTP/1.1\r\nHost: bench\r\n"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_server(url: str, scratch: Path, port: int, connections: int, source: Path | None) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "HANABI_DATA_DIR": str(scratch / "data")}
    if source is not None:
        env["PYTHONPATH"] = str(source.resolve())
    command = [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1"]
    with open(scratch / "serve.log", "w") as log:
        server = subprocess.Popen(
            [*command, "--connections", str(connections), "--no-run-worker"],
            env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )  # fmt: skip

    def ready() -> bool:
        if server.poll() is not None:
            raise RuntimeError((scratch / "serve.log").read_text()[-3000:])
        try:
            return httpx.get(f"http://127.0.0.1:{port}/v1/ready", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    until(ready, 120, "hanabi serve was not ready", 0.3)
    return server


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGTERM)
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def one_round(port: int, heads: int) -> dict:
    held = []
    try:
        for _ in range(heads):
            connection = socket.create_connection(("127.0.0.1", port), timeout=60)
            connection.sendall(PARTIAL_HEAD)
            held.append(connection)
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=120)
        started = time.monotonic()
        status = other.get(f"http://127.0.0.1:{port}/v1/health").status_code
        seconds = time.monotonic() - started
        readable, _, _ = select.select(held, [], [], 0)
        answers = [connection.recv(65536) for connection in readable]
    finally:
        for connection in held:
            connection.close()
    return {
        "seconds": seconds,
        "status": status,
        "refused": sum(answer.startswith(b"HTTP/1.1 503") for answer in answers),
        "cut": sum(answer == b"" for answer in answers),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=200)
    parser.add_argument("--heads", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--server-source", type=Path, help="another checkout's service/ to compare with")
    parser.add_argument("--postgres", default="postgresql://postgres@127.0.0.1:5432/postgres")
    args = parser.parse_args()
    database = f"bench_heads_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.postgres, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {database}")
    url = args.postgres.rsplit("/", 1)[0] + f"/{database}"
    sources = {"this checkout": None} | ({"--server-source": args.server_source} if args.server_source else {})
    results = {name: [] for name in sources}
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for _ in range(args.rounds):
                for name, source in sources.items():
                    port = free_port()
                    server = start_server(url, Path(scratch), port, args.connections, source)
                    try:
                        results[name].append(one_round(port, args.heads))
                    finally:
                        stop(server)
    finally:
        with psycopg.connect(args.postgres, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
    print(f"{args.heads} half-sent heads from 127.0.0.1, --connections {args.connections}, one GET /v1/health")
    print("| server | health status | health seconds (median) | each round | refused (503) | cut unanswered |")
    print("|---|---|---|---|---|---|")
    for name, rounds in results.items():
        each = ", ".join(f"{r['seconds']:.3f}" for r in rounds)
        print(
            f"| {name} | {rounds[0]['status']} | {statistics.median(r['seconds'] for r in rounds):.3f} | {each} "
            f"| {rounds[0]['refused']} | {rounds[0]['cut']} |"
        )


if __name__ == "__main__":
    main()
