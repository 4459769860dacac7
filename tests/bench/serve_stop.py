"""How long `hanabi serve` takes to stop on SIGTERM, idle and after its embedded worker has played
a bot game, and whether a SIGKILLed serve leaves its embedded Postgres behind.

Each run starts `hanabi serve --workers 1` with nothing configured (an embedded Postgres and the
embedded worker on the filesystem broker) in a fresh data folder, waits for /v1/ready, and either
stops it at once (idle) or first plays a 4-bot game to its end (bot game), then sends SIGTERM and
times the exit. The orphan check SIGKILLs a serve, notes its Postgres, starts the next serve on
the same folder, stops it and says whether that Postgres is gone. Prints each time and the most.

    .venv/bin/python tests/bench/serve_stop.py              # 3 runs of each
    .venv/bin/python tests/bench/serve_stop.py --runs 5
"""

import argparse
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tests.waiting
from tests.waiting import until


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def call(base: str, method: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def start(data_dir: Path, log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL")}
    env["HANABI_DATA_DIR"] = str(data_dir)
    with open(log, "ab") as out:
        server = subprocess.Popen(
            [sys.executable, "-m", "hanabi.runtime.cli", "serve", "--port", str(port), "--workers", "1"],
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}/v1"

    def ready() -> bool:
        try:
            call(base, "GET", "/ready")
            return True
        except (urllib.error.URLError, ConnectionError):
            if server.poll() is not None:
                raise SystemExit(f"serve did not start:\n{log.read_text()[-3000:]}") from None
            return False

    until(ready, 120, f"serve did not start (log: {log})", 0.1)
    return server, base


def play_a_bot_game(base: str) -> None:
    account = call(base, "POST", "/accounts", {"name": f"stop-{uuid.uuid4().hex[:10]}", "kind": "human"})
    seats = [{"kind": "bot", "strategy": name} for name in ("basic", "hat", "random", "basic")]
    game = call(base, "POST", "/games", {"options": {"players": 4}, "seats": seats}, account["token"])
    until(
        lambda: call(base, "GET", f"/games/{game['id']}", token=account["token"])["status"] == "finished",
        120,
        "the bot game did not finish",
        0.1,
    )


def timed_stop(server: subprocess.Popen) -> float:
    started = time.monotonic()
    server.send_signal(signal.SIGTERM)
    server.wait(60)
    return time.monotonic() - started


def postgres_pid(data_dir: Path) -> int | None:
    pid_file = data_dir / "postgres" / "postmaster.pid"
    if not pid_file.exists():
        return None
    pid = int(pid_file.read_text().split()[0])
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    return pid


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="serve-stop-") as folder:
        root = Path(folder)
        log = root / "serve.log"
        for label, play in (("idle", False), ("after a bot game", True)):
            times = []
            for run in range(args.runs):
                server, base = start(root / f"{label.replace(' ', '-')}-{run}", log)
                if play:
                    play_a_bot_game(base)
                times.append(timed_stop(server))
                if server.returncode != 0:
                    raise SystemExit(f"serve exited {server.returncode}:\n{log.read_text()[-3000:]}")
            print(
                f"SIGTERM to exit, {label}: " + ", ".join(f"{t:.2f} s" for t in times) + f" (most {max(times):.2f} s)"
            )
        data_dir = root / "orphan"
        killed, _ = start(data_dir, log)
        orphan = postgres_pid(data_dir)
        killed.kill()  # serve alone, as a supervisor's SIGKILL of its main process
        killed.wait()
        time.sleep(2)  # time for what it started to exit, were it to
        left = subprocess.run(["pgrep", "-s", str(killed.pid)], capture_output=True, text=True).stdout.split()
        print(f"after SIGKILL: processes left in its session: {len(left)}")
        print(f"after SIGKILL: its Postgres (pid {orphan}) {'runs' if postgres_pid(data_dir) else 'is gone'}")
        server, _ = start(data_dir, log)
        timed_stop(server)
        time.sleep(1)  # time for that Postgres to stop, were it to
        print(f"after the next serve stopped: that Postgres {'runs' if postgres_pid(data_dir) else 'is gone'}")
        if "was sent SIGKILL" in log.read_text():
            print("gunicorn had to SIGKILL a worker in some run")


if __name__ == "__main__":
    main()
