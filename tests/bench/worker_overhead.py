"""gunicorn's own CPU per request, by worker class: a WSGI app that answers at once
(tests/api/connection_probe.py's `/pid`), so nearly all the worker's CPU is the server's.

For each worker class in turn (rounds alternate them, so that drift of the machine hits them
alike) it starts `gunicorn -w 1` on a free port of 127.0.0.1, sends `--requests` requests over
`--connections` kept-alive connections (each connection one request at a time, from a thread
of this script), and prints the worker process's CPU (user + system) per request, the median
round of each class.

    .venv/bin/python tests/bench/worker_overhead.py
    .venv/bin/python tests/bench/worker_overhead.py --connections 8 --requests 20000 --rounds 5
"""

import argparse
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from api_load import VENV_BIN, WORKER_CLASS, cpu_seconds, cpu_used, free_port  # noqa: E402

PROBE_FOLDER = Path(__file__).resolve().parents[1] / "api"
REQUEST = b"GET /pid HTTP/1.1\r\nHost: bench\r\n\r\n"


def serve(worker_class: str, threads: int) -> tuple[subprocess.Popen, int, int]:
    """gunicorn with one worker serving the probe: the process, its port and the worker's pid."""
    port = free_port()
    server = subprocess.Popen(
        [str(VENV_BIN / "gunicorn"), "-k", worker_class, "-w", "1", "--threads", str(threads),
         "--keep-alive", "30", "-b", f"127.0.0.1:{port}", "--pythonpath", str(PROBE_FOLDER), "connection_probe:app"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 30
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=2) as probe:
                probe.sendall(REQUEST)
                worker = int(read_response(probe.makefile("rb")))
            return server, port, worker
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError(f"gunicorn -k {worker_class} did not start") from None
            time.sleep(0.1)


def read_response(reader) -> bytes:
    length = 0
    reader.readline()
    while (line := reader.readline()) not in (b"\r\n", b""):
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return reader.read(length)


def drive(port: int, requests: int) -> None:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as connection:
        reader = connection.makefile("rb")
        for _ in range(requests):
            connection.sendall(REQUEST)
            read_response(reader)


def measure(worker_class: str, args) -> float:
    """µs of the worker's CPU per request."""
    server, port, worker = serve(worker_class, args.threads)
    try:
        each = args.requests // args.connections
        before = cpu_seconds([worker])
        clients = [threading.Thread(target=drive, args=(port, each)) for _ in range(args.connections)]
        for client in clients:
            client.start()
        for client in clients:
            client.join()
        return cpu_used(before, cpu_seconds([worker])) / (each * args.connections) * 1e6
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--requests", type=int, default=20000, help="requests per round (default 20000)")
    parser.add_argument("--connections", type=int, default=8, help="kept-alive connections at once (default 8)")
    parser.add_argument("--threads", type=int, default=4, help="gunicorn --threads (default 4)")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    classes = {"thread per connection": WORKER_CLASS, "gthread": "gthread"}
    figures = {label: [] for label in classes}
    for _ in range(args.rounds):
        for label, worker_class in classes.items():
            figures[label].append(measure(worker_class, args))
    print(f"{args.requests} requests per round over {args.connections} connections, --threads {args.threads}, "
          f"{args.rounds} rounds; gunicorn worker CPU per request (median round, all rounds):")  # fmt: skip
    for label, values in figures.items():
        print(f"  {label:>22}: {statistics.median(values):6.1f} µs  ({', '.join(f'{v:.1f}' for v in values)})")


if __name__ == "__main__":
    main()
