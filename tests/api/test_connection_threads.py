"""hanabi.connection_threads.ThreadPerConnectionWorker under a real gunicorn, over real
sockets, serving a probe app (tests/api/connection_probe.py)."""

import select
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hanabi.connection_threads import RequestSlots

from tests.sdk.conftest import free_port

GUNICORN = Path(sys.executable).with_name("gunicorn")
WORKER = "hanabi.connection_threads.ThreadPerConnectionWorker"


class Connection:
    """One kept-alive HTTP/1.1 connection, written and read by hand so that the test sees
    exactly when the server keeps it open or closes it."""

    def __init__(self, port: int, timeout: float = 10):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.reader = self.socket.makefile("rb")

    def send(self, method: str, path: str, body: bytes = b"") -> None:
        head = f"{method} {path} HTTP/1.1\r\nHost: probe\r\nContent-Length: {len(body)}\r\n\r\n"
        self.socket.sendall(head.encode() + body)

    def response(self) -> tuple[int, dict[str, str], bytes]:
        status_line = self.reader.readline()
        if not status_line:
            raise ConnectionError("the server closed the connection")
        headers = {}
        while (line := self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            headers[name.strip().lower()] = value.strip()
        body = self.reader.read(int(headers.get("content-length", 0)))
        return int(status_line.split()[1]), headers, body

    def request(self, method: str, path: str, body: bytes = b"") -> tuple[int, dict[str, str], bytes]:
        self.send(method, path, body)
        return self.response()

    def has_answer_within(self, seconds: float) -> bool:
        return bool(select.select([self.socket], [], [], seconds)[0])

    def closed_by_server(self) -> bool:
        """Whether the server closes the connection before the socket's timeout."""
        try:
            return self.reader.read(1) == b""
        except TimeoutError:
            return False

    def close(self) -> None:
        self.reader.close()
        self.socket.close()


@contextmanager
def gunicorn(tmp_path: Path, *options: str) -> Iterator[tuple[int, subprocess.Popen]]:
    """gunicorn with one ThreadPerConnectionWorker serving the probe app: its port, once it answers."""
    port = free_port()
    log = tmp_path / "gunicorn.log"
    with open(log, "w") as output:
        server = subprocess.Popen(
            [str(GUNICORN), "-k", WORKER, "-w", "1", "-b", f"127.0.0.1:{port}",
             "--pythonpath", str(Path(__file__).parent), *options, "connection_probe:app"],
            stdout=output,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                probe = Connection(port, timeout=2)
                probe.request("GET", "/pid")
                probe.close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"gunicorn did not start:\n{log.read_text()}") from None
                time.sleep(0.1)
        yield port, server
    finally:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=30)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def concurrently(function, arguments: list) -> list:
    results = [None] * len(arguments)

    def run(index):
        results[index] = function(arguments[index])

    threads = [threading.Thread(target=run, args=(index,)) for index in range(len(arguments))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_a_connection_serves_request_after_request(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "30") as (port, _):
        connection = Connection(port)
        pids = {connection.request("GET", "/pid")[2] for _ in range(20)}
        assert len(pids) == 1
        status, headers, body = connection.request("POST", "/echo", b"hello")
        assert (status, body) == (200, b"hello")
        assert headers.get("connection", "keep-alive").lower() != "close"
        # A body the app leaves unread is skipped; the next request on the connection is answered.
        assert connection.request("POST", "/pid", b"x" * 100_000)[2] in pids
        assert connection.request("GET", "/pid")[2] in pids
        connection.close()


def test_a_request_that_is_not_http_gets_a_400_and_the_connection_closes(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "30") as (port, _):
        connection = Connection(port, timeout=5)
        connection.socket.sendall(b"HELLO THERE\r\n\r\n")
        assert connection.response()[0] == 400
        assert connection.closed_by_server()
        assert Connection(port).request("GET", "/pid")[0] == 200


def test_every_connection_is_served_at_once_up_to_threads_requests_in_the_app(tmp_path):
    def sleep(port):
        connection = Connection(port)
        try:
            return int(connection.request("GET", "/sleep?1")[2])
        finally:
            connection.close()

    with gunicorn(tmp_path, "--threads", "10") as (port, _):
        assert max(concurrently(sleep, [port] * 10)) == 10
    with gunicorn(tmp_path, "--threads", "2") as (port, _):
        in_the_app = concurrently(sleep, [port] * 6)
        assert max(in_the_app) == 2


def test_a_silent_connection_is_closed_after_the_keepalive_timeout(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "1") as (port, _):
        after_a_request, never_used = Connection(port, timeout=5), Connection(port, timeout=5)
        after_a_request.request("GET", "/pid")
        assert after_a_request.closed_by_server()
        assert never_used.closed_by_server()


def test_a_client_that_leaves_its_answer_unread_is_dropped_and_frees_its_slot(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "1", "--threads", "1") as (port, _):
        stalled = socket.socket()
        stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        stalled.connect(("127.0.0.1", port))
        stalled.sendall(b"GET /big?32000000 HTTP/1.1\r\nHost: probe\r\n\r\n")
        time.sleep(0.5)
        # The only slot is the stalled request's until its answer has waited a second unread.
        assert Connection(port, timeout=20).request("GET", "/pid")[0] == 200
        stalled.close()


def test_without_keepalive_each_response_closes_its_connection(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "0") as (port, _):
        connection = Connection(port, timeout=5)
        status, headers, _ = connection.request("GET", "/pid")
        assert (status, headers["connection"]) == (200, "close")
        assert connection.closed_by_server()


def test_sigterm_finishes_the_requests_in_progress_and_closes_idle_connections(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "30", "--graceful-timeout", "30") as (port, server):
        busy, idle = Connection(port), Connection(port)
        idle.request("GET", "/pid")
        busy.send("GET", "/sleep?2")
        time.sleep(0.5)
        stopping = time.monotonic()
        server.send_signal(signal.SIGTERM)
        status, headers, _ = busy.response()
        assert (status, headers["connection"]) == (200, "close")
        assert busy.closed_by_server()
        assert idle.closed_by_server()
        assert server.wait(timeout=25) == 0
        # It stopped once its connections were done, not at the end of the graceful timeout.
        assert time.monotonic() - stopping < 20


def test_worker_connections_caps_the_connections_held_at_once(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "30", "--worker-connections", "2") as (port, _):
        first, second = Connection(port), Connection(port)
        first.request("GET", "/pid")
        second.request("GET", "/pid")
        third = Connection(port)
        third.send("GET", "/pid")
        assert not third.has_answer_within(1.5)
        first.close()
        assert third.response()[0] == 200


def test_max_requests_restarts_the_worker(tmp_path):
    with gunicorn(tmp_path, "--keep-alive", "30", "--max-requests", "3") as (port, _):
        # The start-up probe was request 1.
        connection = Connection(port)
        first_pid = connection.request("GET", "/pid")[2]
        status, headers, body = connection.request("GET", "/pid")
        assert (status, headers["connection"], body) == (200, "close", first_pid)
        assert connection.closed_by_server()
        deadline = time.monotonic() + 30
        while True:
            try:
                pid = Connection(port, timeout=5).request("GET", "/pid")[2]
                if pid != first_pid:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "no new worker"
            time.sleep(0.2)


def test_a_slot_given_back_goes_to_the_request_that_has_waited_longest():
    slots = RequestSlots(1)
    slots.take()
    served = []

    def request(name):
        slots.take()
        served.append(name)

    first = threading.Thread(target=request, args=("first",))
    first.start()
    wait_for(lambda: len(slots.waiting) == 1)
    second = threading.Thread(target=request, args=("second",))
    second.start()
    wait_for(lambda: len(slots.waiting) == 2)
    slots.give_back()
    first.join(timeout=10)
    assert served == ["first"]
    slots.give_back()
    second.join(timeout=10)
    assert served == ["first", "second"]
    slots.give_back()
    assert (slots.free, len(slots.waiting)) == (1, 0)


def wait_for(condition, timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline
        time.sleep(0.01)
