"""hanabi.http1, the HTTP/1.1 layer of hanabi.connection_threads.ThreadPerConnectionWorker, under a
real gunicorn over real sockets: what its docstring promises and a client relies on (limits,
malformed requests, request bodies, keep-alive, answer framing, the WSGI environ, app errors).
The probe app is tests/api/connection_probe.py."""

import json
import threading
import time
from typing import NamedTuple

import pytest

from tests.api.test_connection_threads import Connection, gunicorn


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    """One gunicorn with gunicorn's default limits, header_map and forwarded_allow_ips, shared by
    the tests that need nothing else."""
    with gunicorn(tmp_path_factory.mktemp("http1"), "--keep-alive", "30", "--threads", "4") as (port, _):
        yield port


class Answer(NamedTuple):
    protocol: str
    status: int
    headers: dict[str, str]
    """Lower-case names."""
    body: bytes


def connect(port: int, timeout: float = 5) -> Connection:
    return Connection(port, timeout=timeout)


def read_answer(connection: Connection, *, head: bool = False) -> Answer:
    """One answer, its body framed as its headers say: a Content-Length, chunked (decoded here,
    strictly), or (neither) up to the end of the connection."""
    reader = connection.reader
    status_line = reader.readline()
    if not status_line:
        raise ConnectionError("the server closed the connection")
    protocol, status, _ = status_line.decode("latin-1").split(" ", 2)
    headers: dict[str, str] = {}
    while (line := reader.readline()) != b"\r\n":
        assert line.endswith(b"\r\n"), f"the answer's headers end early: {line!r}"
        name, _, value = line.decode("latin-1").partition(":")
        assert name.lower() not in headers, f"{name} sent twice"
        headers[name.lower()] = value.strip()
    code = int(status)
    if head or code < 200 or code in (204, 304):
        body = b""
    elif headers.get("transfer-encoding", "").lower() == "chunked":
        assert "content-length" not in headers
        body = b""
        while True:
            size_line = reader.readline()
            assert size_line.endswith(b"\r\n"), f"bad chunk header {size_line!r}"
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                assert reader.readline() == b"\r\n"
                break
            body += reader.read(size)
            assert reader.read(2) == b"\r\n", "a chunk does not end with CRLF"
    elif "content-length" in headers:
        body = reader.read(int(headers["content-length"]))
        assert len(body) == int(headers["content-length"]), "the body ends early"
    else:
        body = reader.read()
    return Answer(protocol, code, headers, body)


def exchange(connection: Connection, request: bytes, *, head: bool = False) -> Answer:
    connection.socket.sendall(request)
    return read_answer(connection, head=head)


def closed_by_server(connection: Connection) -> bool:
    """Whether the server ends the connection (with nothing more to read) within its timeout."""
    try:
        return connection.reader.read(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def assert_problem(answer: Answer, status: int, code: str) -> None:
    assert answer.status == status, answer
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["connection"].lower() == "close"
    problem = json.loads(answer.body)
    assert (problem["status"], problem["code"]) == (status, code)
    assert problem["title"] and problem["detail"]


def get(path: str, *headers: str, version: str = "1.1", method: str = "GET") -> bytes:
    lines = [f"{method} {path} HTTP/{version}", "Host: probe", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def post(path: str, body: bytes, *headers: str, version: str = "1.1") -> bytes:
    return get(path, f"Content-Length: {len(body)}", *headers, version=version, method="POST") + body


def chunked(*pieces: bytes, trailer: bytes = b"") -> bytes:
    return b"".join(b"%x\r\n%b\r\n" % (len(piece), piece) for piece in pieces) + b"0\r\n" + trailer + b"\r\n"


def environ_of(port: int, request: bytes) -> dict:
    connection = connect(port)
    try:
        answer = exchange(connection, request)
        assert answer.status == 200, answer
        return json.loads(answer.body)
    finally:
        connection.close()


def refused(port: int, request: bytes, status: int, code: str) -> None:
    """`request` gets a problem+json answer with `status` and `code`, and the connection closes."""
    connection = connect(port)
    try:
        assert_problem(exchange(connection, request), status, code)
        assert closed_by_server(connection)
    finally:
        connection.close()


def served(port: int, request: bytes) -> Answer:
    connection = connect(port)
    try:
        return exchange(connection, request)
    finally:
        connection.close()


# Limits


def test_gunicorns_default_limits_give_414_and_431(port):
    # limit_request_line 4094, limit_request_fields 100, limit_request_field_size 8190.
    assert served(port, get("/pid?" + "x" * 4000)).status == 200
    refused(port, get("/pid?" + "x" * 5000), 414, "uri_too_long")
    assert served(port, get("/pid", *(f"X-Header-{n}: {n}" for n in range(90)))).status == 200
    refused(port, get("/pid", *(f"X-Header-{n}: {n}" for n in range(100))), 431, "request_headers_too_large")
    assert served(port, get("/pid", "X-Long: " + "x" * 8000)).status == 200
    refused(port, get("/pid", "X-Long: " + "x" * 9000), 431, "request_headers_too_large")


def test_the_limits_follow_gunicorns_settings(tmp_path):
    limits = ("--limit-request-line", "100", "--limit-request-fields", "5", "--limit-request-field_size", "60")
    with gunicorn(tmp_path, "--keep-alive", "30", *limits) as (port, _):
        assert served(port, get("/pid?" + "x" * 70)).status == 200
        refused(port, get("/pid?" + "x" * 120), 414, "uri_too_long")
        assert served(port, get("/pid", *(f"X-{n}: {n}" for n in range(4)))).status == 200  # and Host
        refused(port, get("/pid", *(f"X-{n}: {n}" for n in range(5))), 431, "request_headers_too_large")
        assert served(port, get("/pid", "X-Long: " + "x" * 40)).status == 200
        refused(port, get("/pid", "X-Long: " + "x" * 80), 431, "request_headers_too_large")
        # The limits are the headers': a body, or requests sent one after the other in one
        # write, may well be larger than all the headers allowed.
        answer = served(port, post("/echo", b"b" * 5000))
        assert (answer.status, answer.body) == (200, b"b" * 5000)
        pieces = [b"%03d" % n * 30 for n in range(300)]
        answer = served(port, get("/echo", "Transfer-Encoding: chunked", method="POST") + chunked(*pieces))
        assert (answer.status, answer.body) == (200, b"".join(pieces))
        connection = connect(port)
        connection.socket.sendall(get("/pid") * 30)
        assert [read_answer(connection).status for _ in range(30)] == [200] * 30
        connection.close()


class EndlessSender(threading.Thread):
    """Sends "a" after "a" on a connection, until the server stops reading or the connection
    ends: 64 MB are far more than any limit allows plus what the sockets' buffers hold."""

    def __init__(self, connection: Connection):
        super().__init__(daemon=True)
        self.connection = connection
        self.sent = 0
        self.stopped_by: OSError | None = None

    def run(self) -> None:
        piece = b"a" * 65536
        try:
            while self.sent < 64 * 1024 * 1024:
                self.connection.socket.sendall(piece)
                self.sent += len(piece)
        except OSError as error:
            self.stopped_by = error

    def assert_stopped(self) -> None:
        self.join(timeout=10)
        assert self.stopped_by is not None, f"the server read all {self.sent} bytes"


def read_to_the_end(connection: Connection) -> bytes:
    """What the server still sends, up to the end of the connection (failing if it does not end)."""
    received = b""
    try:
        while data := connection.reader.read1(65536):
            received += data
    except ConnectionResetError:
        pass
    except TimeoutError:
        pytest.fail(f"the connection stays open after {received!r}")
    return received


def test_an_endless_header_line_gets_431_and_is_not_read_to_its_end(port):
    connection = connect(port)
    connection.socket.sendall(b"GET /pid HTTP/1.1\r\nHost: probe\r\nX-Endless: ")
    sender = EndlessSender(connection)
    sender.start()
    try:
        assert_problem(read_answer(connection), 431, "request_headers_too_large")
        assert read_to_the_end(connection) == b""
        sender.assert_stopped()
    finally:
        connection.close()
    assert served(port, get("/pid")).status == 200


def test_an_endless_trailer_line_is_not_read_to_its_end(port):
    """A chunked body's trailer is a header section too."""
    connection = connect(port)
    head = get("/pid", "Transfer-Encoding: chunked", method="POST")
    connection.socket.sendall(head + b"5\r\nhello\r\n0\r\nX-Endless: ")
    sender = EndlessSender(connection)
    sender.start()
    try:
        # The app answers without reading the body; the server, skipping it, stops where the
        # trailer goes over the limits and ends the connection rather than wait for its end.
        assert read_answer(connection).status == 200
        read_to_the_end(connection)
        sender.assert_stopped()
    finally:
        connection.close()
    assert served(port, get("/pid")).status == 200


# Malformed requests


@pytest.mark.parametrize(
    "request_bytes",
    [
        b"HELLO THERE\r\n\r\n",
        b"GET /pid HTTP/1.1\r\nHost probe\r\n\r\n",
        b"GET /pid HTTP/1.1\r\nHost: probe\r\nContent-Length: ten\r\n\r\n",
        b"GET /pid HTTP/9.9\r\nHost: probe\r\n\r\n",
        b"POST /echo HTTP/1.1\r\nHost: probe\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n",
        # Both lengths: a request a proxy in front may read otherwise (request smuggling).
        b"POST /echo HTTP/1.1\r\nHost: probe\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        b"GET /pid HTTP/1.1\r\nHost: probe\r\nHost: other\r\n\r\n",
    ],
    ids=["not-http", "header-without-colon", "bad-content-length", "bad-version", "bad-chunk-size", "two-lengths", "two-hosts"],
)
def test_a_malformed_request_gets_400_and_the_connection_closes(port, request_bytes):
    refused(port, request_bytes, 400, "malformed_request")


# header_map


def test_a_header_name_with_an_underscore_is_dropped_by_default(port):
    environ = environ_of(port, get("/environ", "X_Secret: smuggled", "X-Secret: real"))
    assert environ["HTTP_X_SECRET"] == "real"
    assert "smuggled" not in json.dumps(environ)


def test_a_header_name_with_an_underscore_is_refused_under_header_map_refuse(tmp_path):
    with gunicorn(tmp_path, "--header-map", "refuse") as (port, _):
        refused(port, get("/environ", "X_Secret: smuggled"), 400, "malformed_request")
        assert environ_of(port, get("/environ", "X-Secret: real"))["HTTP_X_SECRET"] == "real"


# Request bodies


def test_a_chunked_request_body_reaches_the_app_whole(port):
    connection = connect(port)
    head = get("/echo", "Transfer-Encoding: chunked", method="POST")
    answer = exchange(connection, head + chunked(b"hello", b" ", b"world" * 1000))
    assert (answer.status, answer.body) == (200, b"hello " + b"world" * 1000)
    # With chunk extensions and a trailer, and the connection still serving.
    body = b"5;name=value\r\nhello\r\n1\r\n!\r\n" + b"0\r\nX-Checksum: 1234\r\n\r\n"
    answer = exchange(connection, head + body)
    assert (answer.status, answer.body) == (200, b"hello!")
    environ = json.loads(exchange(connection, head.replace(b"/echo", b"/environ") + chunked(b"abc", b"def")).body)
    assert environ["body"] == "abcdef"
    assert "CONTENT_LENGTH" not in environ
    connection.close()


def test_a_trailer_never_reaches_the_app_as_a_header(port):
    head = get("/environ", "Transfer-Encoding: chunked", "X-Kept: 1", method="POST")
    environ = environ_of(port, head + chunked(b"abc", trailer=b"Authorization: Bearer forged\r\nX-Late: 2\r\n"))
    assert (environ["body"], environ["HTTP_X_KEPT"]) == ("abc", "1")
    assert "HTTP_AUTHORIZATION" not in environ and "HTTP_X_LATE" not in environ


def test_a_body_sent_slowly_in_pieces_reaches_the_app_whole(port):
    connection = connect(port)
    pieces = [b"first piece;", b"second piece;", b"third piece"]
    connection.socket.sendall(get("/echo", f"Content-Length: {sum(map(len, pieces))}", method="POST"))
    for piece in pieces:
        time.sleep(0.1)
        connection.socket.sendall(piece)
    answer = read_answer(connection)
    assert (answer.status, answer.body) == (200, b"".join(pieces))
    # Chunked, cut in the middle of its chunks' framing.
    body = chunked(b"hello", b" slow ", b"world")
    connection.socket.sendall(get("/echo", "Transfer-Encoding: chunked", method="POST"))
    for start in range(0, len(body), 7):
        time.sleep(0.05)
        connection.socket.sendall(body[start : start + 7])
    answer = read_answer(connection)
    assert (answer.status, answer.body) == (200, b"hello slow world")
    connection.close()


def test_expect_100_continue_gets_100_continue_before_the_body_is_sent(port):
    connection = connect(port)
    connection.socket.sendall(get("/echo", "Content-Length: 11", "Expect: 100-continue", method="POST"))
    assert connection.has_answer_within(3), "no 100 Continue"
    interim = read_answer(connection)
    assert (interim.protocol, interim.status) == ("HTTP/1.1", 100)
    connection.socket.sendall(b"hello world")
    answer = read_answer(connection)
    assert (answer.status, answer.body) == (200, b"hello world")
    assert exchange(connection, get("/pid")).status == 200
    connection.close()


def test_a_chunked_body_the_app_leaves_unread_is_skipped(port):
    connection = connect(port)
    head = get("/pid", "Transfer-Encoding: chunked", method="POST")
    pid = exchange(connection, head + chunked(*[b"x" * 1000] * 300)).body
    assert exchange(connection, get("/pid")).body == pid
    # The app answers before the body has arrived; what comes after is skipped all the same.
    connection.socket.sendall(head + b"400\r\n" + b"y" * 100)
    assert read_answer(connection).body == pid
    time.sleep(0.1)
    connection.socket.sendall(b"y" * 924 + b"\r\n" + chunked(b"z" * 5000) + post("/echo", b"next"))
    answer = read_answer(connection)
    assert (answer.status, answer.body) == (200, b"next")
    connection.close()


def test_pipelined_requests_are_answered_in_order(port):
    connection = connect(port)
    connection.socket.sendall(
        post("/echo", b"first")
        + get("/environ?second")
        + get("/echo", "Transfer-Encoding: chunked", method="POST")
        + chunked(b"thi", b"rd")
        + get("/pid", method="HEAD")
        + get("/stream?2")
    )
    assert read_answer(connection).body == b"first"
    assert json.loads(read_answer(connection).body)["QUERY_STRING"] == "second"
    assert read_answer(connection).body == b"third"
    head = read_answer(connection, head=True)
    assert (head.status, head.body) == (200, b"")
    assert read_answer(connection).body == b"piece 0;piece 1;"
    connection.close()


# Keep-alive


def test_http_1_0_without_keep_alive_ends_the_connection_after_the_answer(port):
    connection = connect(port)
    answer = exchange(connection, get("/pid", version="1.0"))
    assert (answer.protocol, answer.status) == ("HTTP/1.0", 200)
    assert answer.headers["connection"].lower() == "close"
    assert closed_by_server(connection)


def test_http_1_0_with_keep_alive_keeps_the_connection_open(port):
    connection = connect(port)
    first = exchange(connection, get("/pid", "Connection: keep-alive", version="1.0"))
    assert (first.status, first.headers["connection"].lower()) == (200, "keep-alive")
    second = exchange(connection, post("/echo", b"again", "Connection: keep-alive", version="1.0"))
    assert (second.status, second.body, second.headers["connection"].lower()) == (200, b"again", "keep-alive")
    connection.close()


def test_http_1_1_with_connection_close_ends_the_connection_after_the_answer(port):
    connection = connect(port)
    assert exchange(connection, get("/pid")).headers.get("connection", "keep-alive").lower() != "close"
    answer = exchange(connection, get("/pid", "Connection: close"))
    assert (answer.status, answer.headers["connection"].lower()) == (200, "close")
    assert closed_by_server(connection)


# Answers


def test_head_gets_the_headers_of_get_and_no_body(port):
    connection = connect(port)
    got = exchange(connection, get("/big?1234"))
    assert (got.status, got.headers["content-length"], len(got.body)) == (200, "1234", 1234)
    head = exchange(connection, get("/big?1234", method="HEAD"), head=True)
    assert (head.status, head.headers["content-length"]) == (200, "1234")
    assert head.headers["content-type"] == got.headers["content-type"]
    # Had the body been sent, it would be read here in place of the next answer.
    assert not connection.has_answer_within(0.2)
    answer = exchange(connection, post("/echo", b"after head"))
    assert (answer.status, answer.body) == (200, b"after head")
    connection.close()


def test_an_answer_without_content_length_is_chunked_for_http_1_1(port):
    connection = connect(port)
    answer = exchange(connection, get("/stream?5"))
    assert answer.headers["transfer-encoding"].lower() == "chunked"
    assert answer.body == b"piece 0;piece 1;piece 2;piece 3;piece 4;"
    assert exchange(connection, get("/stream?0")).body == b""
    assert exchange(connection, post("/echo", b"still open")).body == b"still open"
    connection.close()


def test_an_answer_without_content_length_ends_with_the_connection_for_http_1_0(port):
    for headers in ((), ("Connection: keep-alive",)):
        connection = connect(port)
        answer = exchange(connection, get("/stream?3", *headers, version="1.0"))
        assert "transfer-encoding" not in answer.headers and "content-length" not in answer.headers
        assert answer.headers["connection"].lower() == "close"
        assert answer.body == b"piece 0;piece 1;piece 2;"  # read up to the end of the connection
        connection.close()


# The WSGI environ


def test_the_environ(port):
    body = b'{"a": 1}'
    environ = environ_of(
        port,
        b"POST /environ/a%20b/%E9t%C3%A9?x=1&y=%20z HTTP/1.1\r\nHost: probe.example:8080\r\n"
        b"Content-Type: application/json\r\nContent-Length: 8\r\nX-Repeated: one\r\nAccept: text/plain\r\n"
        b"x-repeated: two\r\nX-Repeated: three\r\n\r\n" + body,
    )
    assert environ["REQUEST_METHOD"] == "POST"
    assert environ["PATH_INFO"] == "/environ/a b/\xe9t\xc3\xa9"  # percent-decoded, as latin-1
    assert environ["QUERY_STRING"] == "x=1&y=%20z"
    assert environ["RAW_URI"] == "/environ/a%20b/%E9t%C3%A9?x=1&y=%20z"
    assert environ["SERVER_PROTOCOL"] == "HTTP/1.1"
    assert environ["REMOTE_ADDR"] == "127.0.0.1"
    assert environ["HTTP_HOST"] == "probe.example:8080"
    assert environ["CONTENT_TYPE"] == "application/json"
    assert environ["CONTENT_LENGTH"] == "8"
    assert "HTTP_CONTENT_TYPE" not in environ and "HTTP_CONTENT_LENGTH" not in environ
    assert environ["HTTP_X_REPEATED"] == "one,two,three"
    assert environ["HTTP_ACCEPT"] == "text/plain"
    assert environ["wsgi.url_scheme"] == "http"
    assert environ["body"] == body.decode()
    assert environ["SCRIPT_NAME"] == ""
    plain = environ_of(port, get("/environ", version="1.0"))
    assert (plain["PATH_INFO"], plain["QUERY_STRING"], plain["SERVER_PROTOCOL"]) == ("/environ", "", "HTTP/1.0")
    assert "CONTENT_TYPE" not in plain and "HTTP_X_REPEATED" not in plain


def test_the_url_scheme_is_https_behind_a_trusted_proxy(port):
    # forwarded_allow_ips is 127.0.0.1 by default.
    assert environ_of(port, get("/environ", "X-Forwarded-Proto: https"))["wsgi.url_scheme"] == "https"
    assert environ_of(port, get("/environ", "X-Forwarded-Proto: http"))["wsgi.url_scheme"] == "http"
    assert environ_of(port, get("/environ"))["wsgi.url_scheme"] == "http"


def test_the_url_scheme_stays_http_for_a_peer_that_is_not_trusted(tmp_path):
    with gunicorn(tmp_path, "--forwarded-allow-ips", "10.9.8.7") as (port, _):
        environ = environ_of(port, get("/environ", "X-Forwarded-Proto: https"))
        assert environ["wsgi.url_scheme"] == "http"


# App errors


def test_an_app_that_raises_gets_a_500_and_the_worker_serves_on(port):
    kept_alive = connect(port)
    pid = exchange(kept_alive, get("/pid")).body
    refused(port, get("/raise"), 500, "internal_error")
    assert exchange(kept_alive, get("/pid")).body == pid
    assert served(port, get("/pid")).body == pid
    kept_alive.close()
