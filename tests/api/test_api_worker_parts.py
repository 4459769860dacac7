"""The API worker's parts in place of gunicorn's (hanabi.runtime.api_worker): answers leave in as
few sends as they can (OneSendResponse: gunicorn's parser reads a real request from one end of a
socket pair, the response writes to it, and the other end reads what was sent), the base environ
is made once, the settings are read once, a peer's address is checked against an allow list once,
the server accepts many connections at a time, and the worker answers an empty poll of the short
path from the parsed request, as gunicorn and the app would answer it."""

import socket

import pytest
from gunicorn.config import Config
from gunicorn.http import get_parser
from gunicorn.http.message import _ip_in_allow_list
from gunicorn.http.wsgi import Response
from hanabi.api.waiting_turns import EMPTY_PAGE, TURN_PATH, empty_page_headers
from hanabi.runtime.api_worker import (
    ACCEPTS_PER_TURN,
    JOINED_BODY_BYTES,
    AcceptingServer,
    ApiWorker,
    BaseEnviron,
    OneSendResponse,
    PeerAllowed,
    SettledConfig,
    ShortPath,
    numbering_create,
)


class RecordedSocket(socket.socket):
    """A socket that notes each piece it is given to send, and sends it."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.sends: list[bytes] = []

    def sendall(self, data, *args):
        self.sends.append(bytes(data))
        return super().sendall(data, *args)


@pytest.fixture
def connection():
    server_end, client_end = socket.socketpair()
    server_side = RecordedSocket(fileno=server_end.detach())
    yield server_side, client_end
    server_side.close()
    client_end.close()


def answer(connection, response_class, request: bytes, headers, pieces):
    server_side, client_end = connection
    client_end.sendall(request)
    cfg = Config()
    request_read = next(get_parser(cfg, server_side, ("127.0.0.1", 1)))
    response = response_class(request_read, server_side, cfg)
    response.start_response("200 OK", headers)
    for piece in pieces:
        response.write(piece)
    response.close()
    client_end.settimeout(5)
    received = b""
    while len(received) < sum(len(piece) for piece in server_side.sends):
        received += client_end.recv(1 << 20)
    return server_side.sends, received


GET = b"GET /v1/me/turn?wait=1 HTTP/1.1\r\nHost: test\r\n\r\n"
BODY = b'{"items":[],"next_cursor":null}\n'
JSON_HEADERS = [("Content-Type", "application/json"), ("Content-Length", str(len(BODY)))]


def test_an_answer_of_one_piece_is_one_send_of_its_head_and_body(connection):
    sends, received = answer(connection, OneSendResponse, GET, JSON_HEADERS, [BODY])
    assert len(sends) == 1
    head, _, body = received.partition(b"\r\n\r\n")
    assert body == BODY
    lines = head.split(b"\r\n")
    assert lines[0] == b"HTTP/1.1 200 OK"
    assert {b"Connection: keep-alive", b"Content-Length: %d" % len(BODY), b"Content-Type: application/json"} <= set(
        lines
    )
    assert any(line.startswith(b"Date: ") and line.endswith(b" GMT") for line in lines)
    assert any(line.startswith(b"Server: ") for line in lines)


def test_gunicorn_sends_the_head_and_the_body_apart(connection):
    sends, _ = answer(connection, Response, GET, JSON_HEADERS, [BODY])
    assert len(sends) == 2


def test_the_head_says_what_gunicorns_head_says(connection):
    _, ours = answer(connection, OneSendResponse, GET, JSON_HEADERS, [BODY])
    server_end, client_end = socket.socketpair()
    with RecordedSocket(fileno=server_end.detach()) as server_side, client_end:
        _, theirs = answer((server_side, client_end), Response, GET, JSON_HEADERS, [BODY])

    def without_date(answer: bytes) -> list[bytes]:
        return [line for line in answer.split(b"\r\n") if not line.startswith(b"Date: ")]

    assert without_date(ours) == without_date(theirs)


def test_a_chunked_answer_sends_its_head_with_the_first_chunk_and_ends_with_the_last(connection):
    sends, received = answer(connection, OneSendResponse, GET, [("Content-Type", "text/plain")], [b"one", b"two"])
    assert len(sends) == 3
    assert sends[0].endswith(b"\r\n\r\n3\r\none\r\n") and b"Transfer-Encoding: chunked" in sends[0]
    assert sends[1:] == [b"3\r\ntwo\r\n", b"0\r\n\r\n"]
    assert received.endswith(b"\r\n\r\n3\r\none\r\n3\r\ntwo\r\n0\r\n\r\n")


def test_an_answer_without_a_body_is_its_head_alone(connection):
    head_request = b"HEAD /v1/health HTTP/1.1\r\nHost: test\r\n\r\n"
    sends, received = answer(connection, OneSendResponse, head_request, JSON_HEADERS, [BODY])
    assert len(sends) == 1 and received.endswith(b"\r\n\r\n")


def test_a_long_first_piece_follows_the_head(connection):
    long_body = b"x" * (JOINED_BODY_BYTES + 1)
    headers = [("Content-Type", "text/plain"), ("Content-Length", str(len(long_body)))]
    sends, received = answer(connection, OneSendResponse, GET, headers, [long_body])
    assert len(sends) == 2 and sends[1] == long_body
    assert received.endswith(b"\r\n\r\n" + long_body)


def test_each_request_gets_a_copy_of_a_base_environ_made_once_until_the_logs_reopen():
    made = []

    def make(cfg):
        made.append(cfg)
        return {"wsgi.errors": object(), "wsgi.version": (1, 0)}

    base = BaseEnviron(make)
    cfg = Config()
    first, second = base(cfg), base(cfg)
    assert first == second and first is not second and len(made) == 1
    first["REQUEST_METHOD"] = "GET"
    assert "REQUEST_METHOD" not in base(cfg)
    base.forget()
    assert base(cfg)["wsgi.errors"] is not second["wsgi.errors"] and len(made) == 2


def test_the_server_accepts_many_connections_at_a_time_though_gunicorn_asks_for_one():
    server = AcceptingServer(("127.0.0.1", 0), handle=lambda client, address: None)
    server.max_accept = 1
    assert server.max_accept == ACCEPTS_PER_TURN > 1


def test_a_worker_reads_each_setting_of_gunicorns_config_once_and_as_it_is():
    config = Config()
    config.set("keepalive", 10)
    settled = SettledConfig(config)
    names = ("keepalive", "limit_request_line", "is_ssl", "forwarded_allow_ips")
    assert [getattr(settled, name) for name in names] == [getattr(config, name) for name in names]
    assert settled.keepalive == 10
    assert "keepalive" in vars(settled)
    with pytest.raises(AttributeError):
        getattr(settled, "no_such_setting")  # noqa: B009


def test_a_peers_address_is_checked_against_an_allow_list_once_and_as_gunicorn_checks_it():
    checked = []

    def check(ip, allow_list, networks):
        checked.append(ip)
        return _ip_in_allow_list(ip, allow_list, networks)

    config = Config()
    allowed = PeerAllowed(check)
    for ip in ("127.0.0.1", "10.0.0.7", "127.0.0.1", "::1", "not an address", "10.0.0.7"):
        expected = _ip_in_allow_list(ip, config.forwarded_allow_ips, config.forwarded_allow_networks())
        assert allowed(ip, config.forwarded_allow_ips, config.forwarded_allow_networks()) is expected
    assert checked == ["127.0.0.1", "10.0.0.7", "::1", "not an address"]
    assert allowed("10.0.0.7", ["*"], []) is True


def test_the_short_paths_answer_is_what_gunicorn_writes_for_the_apps():
    short_path = ShortPath(StubWaitingTurns(), TURN_PATH, "number", empty_page_headers, EMPTY_PAGE)
    for request, close in ((GET, False), (GET.replace(b"Host", b"Connection: close\r\nHost"), True)):
        server_end, client_end = socket.socketpair()
        with RecordedSocket(fileno=server_end.detach()) as server_side, client_end:
            _, theirs = answer((server_side, client_end), Response, request, empty_page_headers("id-1"), [EMPTY_PAGE])
        ours = short_path.answer("id-1", close)
        assert [line for line in ours.split(b"\r\n") if not line.startswith(b"Date: ")] == [
            line for line in theirs.split(b"\r\n") if not line.startswith(b"Date: ")
        ]


class StubWaitingTurns:
    """Notes the environs it is given, and answers with `request_id` (None: the full path)."""

    def __init__(self, request_id: str | None = "id-1", noted: dict | None = None):
        self.environs: list[dict] = []
        self.request_id = request_id
        self.noted = noted or {}

    def answer_empty(self, environ: dict) -> str | None:
        self.environs.append(dict(environ))
        environ.update(self.noted)
        return self.request_id


class StubWorker:
    """What `ApiWorker.answered_empty` reads of its worker."""

    answered_empty = ApiWorker.answered_empty

    def __init__(self, waiting_turns):
        self.short_path = ShortPath(waiting_turns, TURN_PATH, "number", empty_page_headers, EMPTY_PAGE)
        self.nr, self.max_requests, self.alive = 0, 1000, True
        self.cfg = Config()


def parsed(connection, request: bytes):
    server_side, client_end = connection
    client_end.sendall(request)
    return next(get_parser(Config(), server_side, ("127.0.0.1", 1)))


POLL = b"GET /v1/me/turn?wait=5 HTTP/1.1\r\nHost: test\r\nAuthorization: Bearer abc\r\nX-Request-Id: mine\r\n\r\n"


def test_the_worker_answers_an_empty_poll_from_the_parsed_request(connection):
    server_side, client_end = connection
    waiting_turns = StubWaitingTurns()
    worker = StubWorker(waiting_turns)
    assert worker.answered_empty(parsed(connection, POLL), server_side) is True
    assert waiting_turns.environs == [
        {
            "PATH_INFO": TURN_PATH,
            "REQUEST_METHOD": "GET",
            "QUERY_STRING": "wait=5",
            "gunicorn.socket": server_side,
            "number": 1,
            "HTTP_AUTHORIZATION": "Bearer abc",
            "HTTP_X_REQUEST_ID": "mine",
        }
    ]
    assert server_side.sends == [worker.short_path.answer("id-1", False)]
    assert worker.nr == 1


@pytest.mark.parametrize(
    "request_bytes",
    [
        POLL.replace(b"/v1/me/turn", b"/v1/me/%74urn"),
        POLL.replace(b"GET", b"HEAD"),
        POLL.replace(b"HTTP/1.1", b"HTTP/1.0"),
        POLL.replace(b"Host: test", b"Authorization: Bearer other"),
        POLL.replace(b"Host: test", b"X-Request-Id: another"),
    ],
)
def test_the_worker_leaves_other_requests_to_gunicorn_and_the_app(connection, request_bytes):
    server_side, _ = connection
    waiting_turns = StubWaitingTurns()
    assert StubWorker(waiting_turns).answered_empty(parsed(connection, request_bytes), server_side) is False
    assert waiting_turns.environs == []
    assert server_side.sends == []


def test_a_poll_the_short_path_leaves_reaches_the_app_with_what_it_noted(connection):
    server_side, _ = connection
    waiting_turns = StubWaitingTurns(None, {"hanabi.arrived": 12.5, "other": 1})
    request = parsed(connection, POLL)
    assert StubWorker(waiting_turns).answered_empty(request, server_side) is False
    _, environ = numbering_create("number")(request, server_side, ("127.0.0.1", 1), "127.0.0.1:8000", Config())
    assert (environ["hanabi.arrived"], environ["number"], "other" in environ) == (12.5, 1, False)
    assert server_side.sends == []


def test_a_poll_asking_to_close_its_connection_is_answered_and_the_connection_ends(connection):
    server_side, _ = connection
    worker = StubWorker(StubWaitingTurns())
    with pytest.raises(StopIteration):
        worker.answered_empty(parsed(connection, POLL.replace(b"Host", b"Connection: close\r\nHost")), server_side)
    assert server_side.sends == [worker.short_path.answer("id-1", True)]
