"""`hanabi serve`'s HTTP server as clients meet it: waiting requests hold no thread, and what it
answers to requests it will not read."""

import json
import os
import select
import signal
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from hanabi.api.notifications import NEW_CONNECTION_WAIT_JITTER
from hanabi.runtime.api_worker import per_address_cap

from tests.sdk.conftest import free_port, wait_until_ready

pytestmark = pytest.mark.slow  # gunicorn processes over real sockets

WAITING = 300
"""More long polls at once than any thread-per-request server of the project ever had threads."""


@contextmanager
def serving(database: str, folder: Path, *options: str):
    """`hanabi serve --workers 1 --no-run-worker` with `options`, rate limits off, on a database
    of its own: its base URL and its process id."""
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database, "HANABI_DATA_DIR": str(folder / "data"), "HANABI_RATE_LIMITS": "off"}
    command = [
        sys.executable,
        "-m",
        "hanabi.runtime.cli",
        "serve",
        "--port",
        str(port),
        "--workers",
        "1",
        "--no-run-worker",
    ]
    log_path = folder / "serve.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            [*command, *options], env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    base_url = f"http://127.0.0.1:{port}"
    try:
        wait_until_ready(base_url, process, log_path)
        yield base_url, process.pid
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="module")
def server(create_database, tmp_path_factory):
    """A `hanabi serve --workers 1` of its own: its base URL and its process id."""
    with serving(create_database(), tmp_path_factory.mktemp("serving")) as served:
        yield served


def threads_of_tree(pid: int) -> int:
    count, todo = 0, [pid]
    while todo:
        current = todo.pop()
        tasks = list(Path(f"/proc/{current}/task").iterdir())
        count += len(tasks)
        for task in tasks:
            todo += [int(child) for child in (task / "children").read_text().split()]
    return count


def address(base_url: str) -> tuple[str, int]:
    host, port = base_url.removeprefix("http://").split(":")
    return host, int(port)


def answer_of(connection: socket.socket) -> tuple[bytes, dict]:
    """The status line and the JSON body of the one answer a connection gets."""
    data = b""
    while True:
        chunk = connection.recv(65536)
        if not chunk:
            break
        data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        length = next(
            (int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")),
            None,
        )
        if length is not None and len(body) >= length:
            break
    head, _, body = data.partition(b"\r\n\r\n")
    return head, json.loads(body)


def test_hundreds_of_waiting_requests_hold_no_thread_and_others_are_answered_meanwhile(server):
    base_url, pid = server
    token = httpx.post(f"{base_url}/v1/accounts", json={"name": "waiting-many", "kind": "bot"}).json()["token"]
    request = f"GET /v1/me/turn?wait=5 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\r\n".encode()
    polls = []
    try:
        for _ in range(WAITING):
            connection = socket.create_connection(address(base_url), timeout=60)
            connection.sendall(request)
            polls.append(connection)
        me = httpx.get(f"{base_url}/v1/accounts/me", headers={"Authorization": f"Bearer {token}"}, timeout=30)
        threads = threads_of_tree(pid)
        still_waiting, _, _ = select.select(polls, [], [], 0)
        assert me.status_code == 200
        assert len(still_waiting) == 0, "a poll answered before its wait was over"
        assert threads < 20, f"{threads} threads while {WAITING} requests wait"
        answers = [answer_of(connection) for connection in polls]
    finally:
        for connection in polls:
            connection.close()
    assert all(head.startswith(b"HTTP/1.1 200 ") and body["items"] == [] for head, body in answers)


def bot_token(base_url: str, name: str) -> str:
    return httpx.post(f"{base_url}/v1/accounts", json={"name": name, "kind": "bot"}).json()["token"]


def read_answer(connection: socket.socket, pending: bytearray, with_body: bool = True) -> tuple[bytes, bytes]:
    """The next answer on a keep-alive connection (head and body, by its Content-Length); what
    came after it stays in `pending`."""
    while b"\r\n\r\n" not in pending:
        chunk = connection.recv(65536)
        assert chunk, "the connection closed before an answer"
        pending += chunk
    head, _, rest = bytes(pending).partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":")[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")
    )
    length = length if with_body else 0
    while len(rest) < length:
        chunk = connection.recv(65536)
        assert chunk, "the connection closed inside a body"
        rest += chunk
    pending[:] = rest[length:]
    return head, rest[:length]


def test_answers_on_one_connection_are_whole_and_framed_by_their_length(server):
    """Answers whose head and body leave in one send (hanabi.runtime.api_worker.OneSendResponse): an empty
    poll of the short path, Flask's JSON, a HEAD and a problem, one after the other on one
    keep-alive connection, each with its head, its length's worth of body and nothing more."""
    base_url, _ = server
    token = bot_token(base_url, "one-connection")
    requests = [
        (f"GET /v1/me/turn?wait=1 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\r\n", 200, True),
        (f"GET /v1/accounts/me HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\r\n", 200, True),
        ("HEAD /v1/health HTTP/1.1\r\nHost: test\r\n\r\n", 200, False),
        ("GET /v1/games/0/view HTTP/1.1\r\nHost: test\r\n\r\n", 401, True),
    ]
    pending = bytearray()
    with socket.create_connection(address(base_url), timeout=30) as connection:
        answers = []
        for request, _, with_body in requests:
            connection.sendall(request.encode())
            answers.append(read_answer(connection, pending, with_body))
        connection.sendall(requests[0][0].encode())
        answers.append(read_answer(connection, pending))
        assert pending == b""
    for (head, body), (_, status, with_body) in zip(answers, [*requests, requests[0]], strict=True):
        lines = head.split(b"\r\n")
        assert lines[0].startswith(b"HTTP/1.1 %d " % status)
        assert b"Connection: keep-alive" in lines and any(line.startswith(b"Date: ") for line in lines)
        if with_body:
            assert json.loads(body)
    assert json.loads(answers[0][1]) == {"items": [], "next_cursor": None}
    assert json.loads(answers[1][1])["name"] == "one-connection"
    assert answers[2][1] == b""
    assert json.loads(answers[3][1])["status"] == 401


def test_waits_begun_together_end_apart_within_their_wait(server):
    """Polls that arrive together, each the first request of its connection, end at random over
    the last half of their wait (api.md), not all at once, not bunched in a shorter part of it,
    and none after it."""
    base_url, _ = server
    wait, count = 4, 40
    token = bot_token(base_url, "jittered")
    request = f"GET /v1/me/turn?wait={wait} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\r\n"
    polls = [socket.create_connection(address(base_url), timeout=60) for _ in range(count)]
    try:
        started = time.monotonic()
        for connection in polls:
            connection.sendall(request.encode())
        ended: dict[socket.socket, float] = {}
        while len(ended) < count:
            readable, _, _ = select.select([c for c in polls if c not in ended], [], [], 30)
            assert readable, "a poll was not answered within 30 s"
            for connection in readable:
                ended[connection] = time.monotonic() - started
                head, body = read_answer(connection, bytearray())
                assert head.startswith(b"HTTP/1.1 200 ") and json.loads(body)["items"] == []
    finally:
        for connection in polls:
            connection.close()
    times = sorted(ended.values())
    assert times[0] >= wait / 2 - 0.05, "a poll ended before the last half of its wait"
    assert times[-1] <= wait + 1.0, "a poll ended well after its wait"
    assert times[-1] - times[0] > wait * 0.3, (
        f"the waits ended within a short part of it: {times[0]:.2f}-{times[-1]:.2f} s"
    )


def test_a_later_poll_on_a_connection_ends_in_the_last_quarter_of_its_wait(server):
    """Only a connection's first request ends in the last half of its wait: a client that keeps
    its connection polls no more often for it (api.md)."""
    base_url, _ = server
    wait, count = 2, 20
    token = bot_token(base_url, "kept-connection")
    request = f"GET /v1/me/turn?wait={wait} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\r\n"
    polls = [socket.create_connection(address(base_url), timeout=60) for _ in range(count)]
    elapsed: list[float] = []
    try:
        for connection in polls:
            connection.sendall(request.encode())
        pending = {connection: bytearray() for connection in polls}
        for connection in polls:
            read_answer(connection, pending[connection])
        started = time.monotonic()
        for connection in polls:
            connection.sendall(request.encode())
        for connection in polls:
            head, body = read_answer(connection, pending[connection])
            assert head.startswith(b"HTTP/1.1 200 ") and json.loads(body)["items"] == []
            elapsed.append(time.monotonic() - started)
    finally:
        for connection in polls:
            connection.close()
    assert min(elapsed) >= wait * 3 / 4 - 0.05, (
        f"a later poll ended before the last quarter of its wait: {min(elapsed):.2f} s"
    )
    assert max(elapsed) <= wait + 1.0, "a poll ended well after its wait"


def test_the_first_polls_of_many_new_bots_at_once_are_answered_after_their_wait(server):
    """A reconnect storm in small: bots the server has not seen poll at once, each on a
    connection of its own, so their tokens are read together (api.accounts_cache.TokenReads)."""
    base_url, _ = server
    wait, count = 2, 100
    tokens = [bot_token(base_url, f"storm-{n}") for n in range(count)]
    polls = [socket.create_connection(address(base_url), timeout=60) for _ in range(count)]
    try:
        started = time.monotonic()
        for connection, token in zip(polls, tokens, strict=True):
            connection.sendall(
                f"GET /v1/me/turn?wait={wait} HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {token}\r\n\r\n".encode()
            )
        answers = [read_answer(connection, bytearray()) for connection in polls]
        elapsed = time.monotonic() - started
    finally:
        for connection in polls:
            connection.close()
    assert all(head.startswith(b"HTTP/1.1 200 ") and json.loads(body)["items"] == [] for head, body in answers)
    assert elapsed >= wait * (1 - NEW_CONNECTION_WAIT_JITTER) - 0.05


def test_a_waiting_poll_is_answered_with_the_game_when_its_turn_comes(server):
    base_url, _ = server
    alice, bob = bot_token(base_url, "turn-alice"), bot_token(base_url, "turn-bob")
    as_alice, as_bob = ({"Authorization": f"Bearer {token}"} for token in (alice, bob))
    game_id = httpx.post(f"{base_url}/v1/games", json={"options": {"players": 2}}, headers=as_alice).json()["id"]
    for headers in (as_alice, as_bob):
        assert httpx.post(f"{base_url}/v1/games/{game_id}/join", headers=headers).status_code == 200
    view = httpx.get(f"{base_url}/v1/games/{game_id}/view", headers=as_alice).json()
    mover, waiter = (as_alice, bob) if view["current_seat"] == view["seat"] else (as_bob, alice)
    if mover is as_bob:
        view = httpx.get(f"{base_url}/v1/games/{game_id}/view", headers=as_bob).json()
    request = f"GET /v1/me/turn?wait=30 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer {waiter}\r\n\r\n"
    with socket.create_connection(address(base_url), timeout=60) as connection:
        connection.sendall(request.encode())
        readable, _, _ = select.select([connection], [], [], 1.0)
        assert not readable, "the poll answered before its turn came"
        action = {key: value for key, value in view["legal_actions"][0].items() if key != "seat"}
        acted = httpx.post(f"{base_url}/v1/games/{game_id}/actions", json=action, headers=mover)
        assert acted.status_code == 200, acted.text
        readable, _, _ = select.select([connection], [], [], 10)
        assert readable, "the poll was not answered within 10 s of its turn"
        head, body = read_answer(connection, bytearray())
    assert head.startswith(b"HTTP/1.1 200 ")
    assert [game["id"] for game in json.loads(body)["items"]] == [game_id]


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (b"GET /v1/health?" + b"a" * 5000 + b" HTTP/1.1\r\nHost: test\r\n\r\n", 414, "uri_too_long"),
        (
            b"GET /v1/health HTTP/1.1\r\nHost: test\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(120)) + b"\r\n",
            431,
            "request_headers_too_large",
        ),
        (b"GET /v1/health HTTP/1.1\r\nHost: test\r\nX: \x01\r\n\r\n", 400, "malformed_request"),
        (
            b"POST /v1/accounts HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
            b'5\r\n{"nam\r\nZZ\r\n',
            400,
            "malformed_request",
        ),
    ],
    ids=["long target", "many headers", "bad header", "broken chunked body"],
)
def test_a_request_the_server_will_not_read_gets_a_problem(server, request_bytes, status, code):
    with socket.create_connection(address(server[0]), timeout=30) as connection:
        connection.sendall(request_bytes)
        head, problem = answer_of(connection)
    assert head.startswith(b"HTTP/1.1 %d " % status)
    assert b"content-type: application/problem+json" in head.lower()
    assert (problem["status"], problem["code"]) == (status, code) and problem["detail"]


def test_a_client_that_sends_its_request_head_a_byte_at_a_time_is_cut_off(server):
    """The server's deadline is for the whole head (its keep-alive time, 10 s), however steadily
    the bytes come: this head would take 30 s."""
    head = b"GET /v1/health HTTP/1.1\r\nHost: test\r\nX-Slow: " + b"a" * 80 + b"\r\n\r\n"
    with socket.create_connection(address(server[0]), timeout=60) as connection:
        for byte in head:
            readable, _, _ = select.select([connection], [], [], 0.3)
            if readable:
                assert connection.recv(65536) == b""
                return
            connection.sendall(bytes([byte]))
    pytest.fail("the server read a head sent over 30 s")


SMALL_CONNECTIONS = 200


@pytest.fixture(scope="module")
def small_server(create_database, tmp_path_factory):
    """A `hanabi serve --workers 1 --connections 200` of its own: its base URL."""
    with serving(
        create_database(), tmp_path_factory.mktemp("small"), "--connections", str(SMALL_CONNECTIONS)
    ) as served:
        yield served[0]


def test_one_address_holding_half_sent_heads_leaves_connections_to_the_others(small_server):
    """Twice as many half-sent request heads from one address as the worker has connections: the
    connections it may not take are refused at once (503 `too_many_connections`), and another
    address is answered while the held ones still wait for their heads (none is cut meanwhile)."""
    partial = b"GET /v1/health HTTP/1.1\r\nHost: test\r\n"
    held = []
    try:
        for _ in range(2 * SMALL_CONNECTIONS):
            connection = socket.create_connection(address(small_server), timeout=60)
            connection.sendall(partial)
            held.append(connection)
        other = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=60)
        health = other.get(f"{small_server}/v1/health")
        readable, _, _ = select.select(held, [], [], 0)
        answered = {connection: connection.recv(65536) for connection in readable}
        waiting = [connection for connection in held if connection not in answered]
        if waiting:
            waiting[0].sendall(b"\r\n")
            finished = answer_of(waiting[0])
    finally:
        for connection in held:
            connection.close()
    assert health.status_code == 200
    cut = [connection for connection, data in answered.items() if data == b""]
    assert not cut, f"{len(cut)} half-sent heads were cut by the head deadline before another address was answered"
    refused = [data for data in answered.values() if data]
    assert refused and all(data.startswith(b"HTTP/1.1 503 ") and b"too_many_connections" in data for data in refused)
    assert all(b"\r\nRetry-After: 1\r\n" in data for data in refused)
    assert len(waiting) == per_address_cap(SMALL_CONNECTIONS), "the address held more or fewer connections than its cap"
    assert finished[0].startswith(b"HTTP/1.1 200 "), "a held connection was not served once its head came"
