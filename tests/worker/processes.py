"""Real `hanabi` processes for the tests: started with their own log file, stopped for sure."""

import os
import signal
import subprocess
import sys
from pathlib import Path


def start_hanabi(arguments: list[str], env: dict, log_path: Path) -> subprocess.Popen:
    """`hanabi <arguments>` in a session of its own (so a signal can reach all its processes)."""
    with open(log_path, "ab") as log:
        return subprocess.Popen(
            [sys.executable, "-m", "hanabi.runtime.cli", *arguments],
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def stop(process: subprocess.Popen, timeout: float = 30) -> int:
    """Ask the process to stop (SIGTERM: it stops its own children); if it has not stopped
    within `timeout`, kill it and everything it started."""
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            kill(process)
    return process.returncode


def kill(process: subprocess.Popen) -> None:
    """SIGKILL the process and every process of its session, as a crash of the machine would."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait()


def children(pid: int) -> list[int]:
    """The child processes of `pid` (Linux)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    """Whether `pid` is a process that has not exited (a zombie counts as exited)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return False
    return "\nState:\tZ" not in status


def command_line(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/cmdline").read_bytes().decode().split("\0")
