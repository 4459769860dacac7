"""hanabi.http1, the HTTP/1.1 of ThreadPerConnectionWorker, under a real gunicorn over real
sockets: what clients send and get, byte for byte (the probe app: tests/api/connection_probe.py)."""

import json
import socket
import time

import pytest

from tests.api.test_connection_threads import gunicorn


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    with gunicorn(tmp_path_factory.mktemp("http1"), "--keep-alive", "30") as (port, _):
        yield port


class Client:
    """A connection written byte by byte and read as it comes, to see exactly what the server
    sends and when it closes."""

    def __init__(self, port: int, timeout: float = 5):
        self.socket = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.buffer = b""

    def send(self, data: bytes) -> None:
        self.socket.sendall(data)

    def _more(self) -> bytes:
        data = self.socket.recv(65536)
        if not data:
            raise ConnectionError("the server closed the connection")
        self.buffer += data
        return data

    def _take_until(self, marker: bytes) -> bytes:
        while marker not in self.buffer:
            self._more()
        taken, _, self.buffer = self.buffer.partition(marker)
        return taken

    def _take(self, count: int) -> bytes:
        while len(self.buffer) < count:
            self._more()
        taken, self.buffer = self.buffer[:count], self.buffer[count:]
        return taken

    def response(self, head_only: bool = False) -> tuple[int, dict[str, str], bytes]:
        """One answer: its status, headers (lower-case names) and body, however it is delimited."""
        status_line, *lines = self._take_until(b"\r\n\r\n").decode("latin-1").split("\r\n")
        headers = {}
        for line in lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if head_only:
            return int(status_line.split()[1]), headers, b""
        if headers.get("transfer-encoding") == "chunked":
            body = b""
            while size := int(self._take_until(b"\r\n"), 16):
                body += self._take(size)
                assert self._take(2) == b"\r\n"
            assert self._take(2) == b"\r\n"
        elif "content-length" in headers:
            body = self._take(int(headers["content-length"]))
        else:
            body = self.until_closed()
        return int(status_line.split()[1]), headers, body

    def until_closed(self) -> bytes:
        try:
            while self._more():
                pass
        except ConnectionError:
            pass
        taken, self.buffer = self.buffer, b""
        return taken

    def closed_by_server(self) -> bool:
        try:
            return self.socket.recv(1) == b""
        except TimeoutError:
            return False

    def close(self) -> None:
        self.socket.close()


def exchange(port: int, data: bytes, **client) -> tuple[int, dict[str, str], bytes]:
    connection = Client(port, **client)
    try:
        connection.send(data)
        return connection.response()
    finally:
        connection.close()


def problem_of(response) -> dict:
    status, headers, body = response
    assert headers["content-type"] == "application/problem+json"
    problem = json.loads(body)
    assert problem["status"] == status
    return problem


def test_the_app_sees_the_request_as_wsgi_says(port):
    body = b'{"kind": "discard"}'
    status, _, answer = exchange(
        port,
        b"POST /environ/a%20b?x=1&y=%20 HTTP/1.1\r\nHost: probe:8000\r\nX-Note: one\r\nX-Note: two\r\n"
        b"Content-Type: application/json\r\nContent-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body,
    )
    environ = json.loads(answer)
    assert status == 200
    assert {key: environ[key] for key in (
        "REQUEST_METHOD", "PATH_INFO", "QUERY_STRING", "RAW_URI", "SERVER_PROTOCOL", "REMOTE_ADDR",
        "HTTP_HOST", "HTTP_X_NOTE", "CONTENT_TYPE", "CONTENT_LENGTH", "SCRIPT_NAME", "wsgi.url_scheme", "body",
    )} == {
        "REQUEST_METHOD": "POST",
        "PATH_INFO": "/environ/a b",
        "QUERY_STRING": "x=1&y=%20",
        "RAW_URI": "/environ/a%20b?x=1&y=%20",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "REMOTE_ADDR": "127.0.0.1",
        "HTTP_HOST": "probe:8000",
        "HTTP_X_NOTE": "one,two",
        "CONTENT_TYPE": "application/json",
        "CONTENT_LENGTH": str(len(body)),
        "SCRIPT_NAME": "",
        "wsgi.url_scheme": "http",
        "body": body.decode(),
    }  # fmt: skip
    assert "HTTP_CONTENT_TYPE" not in environ and "HTTP_CONTENT_LENGTH" not in environ


def test_a_header_name_with_an_underscore_is_dropped(port):
    environ = json.loads(exchange(port, b"GET /environ HTTP/1.1\r\nHost: p\r\nX_Account: 7\r\nX-Kept: 1\r\n\r\n")[2])
    assert environ["HTTP_X_KEPT"] == "1"
    assert "HTTP_X_ACCOUNT" not in environ


def test_a_header_name_with_an_underscore_is_refused_under_header_map_refuse(tmp_path):
    with gunicorn(tmp_path, "--header-map", "refuse") as (port, _):
        connection = Client(port)
        connection.send(b"GET /environ HTTP/1.1\r\nHost: p\r\nX_Account: 7\r\n\r\n")
        assert problem_of(connection.response())["code"] == "malformed_request"
        assert connection.closed_by_server()


def test_a_trusted_proxy_may_say_the_client_came_over_https(port):
    forwarded = b"GET /environ HTTP/1.1\r\nHost: p\r\nX-Forwarded-Proto: https\r\n\r\n"
    assert json.loads(exchange(port, forwarded)[2])["wsgi.url_scheme"] == "https"
    assert json.loads(exchange(port, b"GET /environ HTTP/1.1\r\nHost: p\r\n\r\n")[2])["wsgi.url_scheme"] == "http"


def test_a_peer_that_is_not_trusted_cannot_say_so(tmp_path):
    with gunicorn(tmp_path, "--forwarded-allow-ips", "10.9.8.7") as (port, _):
        forwarded = b"GET /environ HTTP/1.1\r\nHost: p\r\nX-Forwarded-Proto: https\r\n\r\n"
        assert json.loads(exchange(port, forwarded)[2])["wsgi.url_scheme"] == "http"


def test_requests_beyond_gunicorns_limits_get_a_problem_and_the_connection_closes(tmp_path):
    limits = ("--limit-request-line", "100", "--limit-request-fields", "5", "--limit-request-field_size", "200")
    with gunicorn(tmp_path, *limits) as (port, _):
        cases = {
            b"GET /" + b"x" * 150 + b" HTTP/1.1\r\nHost: p\r\n\r\n": (414, "uri_too_long"),
            b"GET / HTTP/1.1\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(6)) + b"\r\n": (
                431,
                "request_headers_too_large",
            ),
            b"GET / HTTP/1.1\r\nX-Long: " + b"y" * 300 + b"\r\n\r\n": (431, "request_headers_too_large"),
        }
        for request, (status, code) in cases.items():
            connection = Client(port)
            connection.send(request)
            problem = problem_of(connection.response())
            assert (problem["status"], problem["code"]) == (status, code)
            assert connection.closed_by_server()
            connection.close()
        assert exchange(port, b"GET /pid HTTP/1.1\r\nHost: p\r\n\r\n")[0] == 200


def test_an_endless_header_line_is_cut_off(port):
    connection = Client(port, timeout=10)
    connection.send(b"GET /pid HTTP/1.1\r\nHost: p\r\nX-Endless: ")
    sent = 0
    try:
        while sent < 64 * 1024 * 1024:
            connection.send(b"z" * 65536)
            sent += 65536
    except OSError:
        pass  # the server stopped reading and closed
    assert sent < 8 * 1024 * 1024
    assert problem_of(connection.response())["code"] == "request_headers_too_large"


def test_what_is_not_http_gets_a_problem(port):
    connection = Client(port)
    connection.send(b"HELLO THERE\r\n\r\n")
    assert problem_of(connection.response())["code"] == "malformed_request"
    assert connection.closed_by_server()


def test_a_chunked_body_reaches_the_app_whole(port):
    status, _, body = exchange(
        port,
        b"POST /echo HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nhello \r\n5\r\nworld\r\n0\r\n\r\n",
    )
    assert (status, body) == (200, b"hello world")


def test_a_body_sent_in_pieces_reaches_the_app_whole(port):
    connection = Client(port)
    connection.send(b"POST /echo HTTP/1.1\r\nHost: p\r\nContent-Length: 16\r\n\r\n")
    for piece in (b"slow", b" and ", b"steady", b"!"):
        time.sleep(0.05)
        connection.send(piece)
    assert connection.response()[2] == b"slow and steady!"


def test_a_client_that_expects_100_continue_is_told_to_send_its_body(port):
    connection = Client(port)
    connection.send(b"POST /echo HTTP/1.1\r\nHost: p\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n")
    assert connection._take_until(b"\r\n\r\n") == b"HTTP/1.1 100 Continue"
    connection.send(b"hello")
    status, _, body = connection.response()
    assert (status, body) == (200, b"hello")


def test_an_unread_chunked_body_is_skipped_and_the_connection_serves_on(port):
    connection = Client(port)
    chunks = b"".join(b"%x\r\n%b\r\n" % (10_000, b"c" * 10_000) for _ in range(20)) + b"0\r\n\r\n"
    connection.send(b"POST /pid HTTP/1.1\r\nHost: p\r\nTransfer-Encoding: chunked\r\n\r\n" + chunks)
    status, headers, pid = connection.response()
    assert status == 200 and headers.get("connection") != "close"
    connection.send(b"GET /pid HTTP/1.1\r\nHost: p\r\n\r\n")
    assert connection.response()[:3:2] == (200, pid)


def test_pipelined_requests_are_answered_in_order(port):
    connection = Client(port)
    connection.send(
        b"POST /echo HTTP/1.1\r\nHost: p\r\nContent-Length: 3\r\n\r\none"
        b"POST /echo HTTP/1.1\r\nHost: p\r\nContent-Length: 3\r\n\r\ntwo"
        b"GET /environ HTTP/1.1\r\nHost: p\r\n\r\n"
    )
    assert connection.response()[2] == b"one"
    assert connection.response()[2] == b"two"
    assert json.loads(connection.response()[2])["REQUEST_METHOD"] == "GET"


def test_keep_alive_is_what_the_client_asks_for(port):
    old = Client(port)
    old.send(b"GET /pid HTTP/1.0\r\n\r\n")
    status, headers, _ = old.response()
    assert status == 200 and headers["connection"] == "close"
    assert old.closed_by_server()

    kept = Client(port)
    kept.send(b"GET /pid HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    assert kept.response()[1]["connection"] == "keep-alive"
    kept.send(b"GET /pid HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    assert kept.response()[0] == 200

    closing = Client(port)
    closing.send(b"GET /pid HTTP/1.1\r\nHost: p\r\nConnection: close\r\n\r\n")
    assert closing.response()[1]["connection"] == "close"
    assert closing.closed_by_server()

    default = Client(port, timeout=1)
    default.send(b"GET /pid HTTP/1.1\r\nHost: p\r\n\r\n")
    assert default.response()[1].get("connection", "keep-alive") == "keep-alive"
    assert not default.closed_by_server()


def test_head_gets_the_headers_of_get_and_no_body(port):
    connection = Client(port)
    connection.send(b"GET /pid HTTP/1.1\r\nHost: p\r\n\r\n")
    _, got, pid = connection.response()
    connection.send(b"HEAD /pid HTTP/1.1\r\nHost: p\r\n\r\n")
    status, headed, _ = connection.response(head_only=True)
    assert status == 200 and headed["content-length"] == got["content-length"] == str(len(pid))
    connection.send(b"GET /pid HTTP/1.1\r\nHost: p\r\n\r\n")
    assert connection.response()[2] == pid  # no body bytes were left before it


def test_an_answer_of_unknown_length_is_chunked_for_http_1_1_and_ends_the_connection_for_1_0(port):
    pieces = b"".join(b"piece %d;" % n for n in range(5))
    connection = Client(port)
    connection.send(b"GET /stream?5 HTTP/1.1\r\nHost: p\r\n\r\n")
    status, headers, body = connection.response()
    assert (status, headers["transfer-encoding"], body) == (200, "chunked", pieces)
    connection.send(b"GET /stream?0 HTTP/1.1\r\nHost: p\r\n\r\n")
    assert connection.response()[2] == b""

    old = Client(port)
    old.send(b"GET /stream?5 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
    status, headers, body = old.response()
    assert (status, headers["connection"], body) == (200, "close", pieces)
    assert "transfer-encoding" not in headers


def test_an_app_that_fails_gets_a_problem_and_the_worker_serves_on(port):
    problem = problem_of(exchange(port, b"GET /raise HTTP/1.1\r\nHost: p\r\n\r\n"))
    assert (problem["status"], problem["code"]) == (500, "internal_error")
    assert "fails on purpose" not in json.dumps(problem)
    assert exchange(port, b"GET /pid HTTP/1.1\r\nHost: p\r\n\r\n")[0] == 200
