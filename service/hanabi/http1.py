"""HTTP/1.1 on one blocking socket, for the worker of hanabi.connection_threads: requests parsed
by llhttp (the C parser of the `httptools` package), each turned into a WSGI environ, each
answer written with as few sends as it takes.

gunicorn's own parser, environ builder and response writer are pure Python: on this project's
2-core machine they took about 225 µs of a worker's CPU per request, against about 50 µs here
(docs/benchmarks.md, seventh round). It keeps what gunicorn does for a WSGI app:

- gunicorn's settings `limit_request_line` (the request target's length: 414),
  `limit_request_fields` and `limit_request_field_size` (431), `header_map` (a header name with
  an underscore is dropped, refused or mapped), `forwarded_allow_ips` with
  `secure_scheme_headers` (https behind a trusted proxy), and the SCRIPT_NAME environment variable;
- request bodies of a known length or chunked, read as the app asks for them (what the app
  leaves unread is skipped, so the connection serves the next request), `Expect: 100-continue`;
  a body that ends early (the client closes, or stays silent for `keepalive` seconds) is an
  error for the app, never a shorter body, and the connection ends;
- keep-alive as the client asks (HTTP/1.0 or 1.1, `Connection`), answers of a known length or
  chunked, none for HEAD, 1xx, 204 and 304, and `Connection: close` when the connection ends.

A request the parser refuses gets a problem+json answer (400, 414 or 431) and the connection
closes. Upgrades are not offered: a request with `Upgrade:` is answered by the app like any
other, and the connection closes after it; CONNECT gets a 400.
"""

import io
import ipaddress
import os
import sys
import time
from collections import deque
from email.utils import formatdate
from urllib.parse import unquote_to_bytes

import httptools
import orjson

RECEIVE_BYTES = 65536
"""The most read from the socket at once, and so what is parsed ahead of what the app asks for."""

HOP_BY_HOP = frozenset(
    {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade"}
)
"""Headers of one connection, which the server writes itself: an app's are dropped."""

NO_BODY_STATUSES = frozenset({204, 304})

MAX_REQUEST_LINE = 8190
MAX_HEADERS = 32768
MAX_HEADER_FIELD_SIZE = 8190
UNLIMITED_REQUEST_LINE = 1024 * 1024
"""gunicorn's bounds for its limits: what it takes a limit of 0 (or out of range) to mean."""

STATUS_PHRASES = {400: "Bad Request", 414: "URI Too Long", 431: "Request Header Fields Too Large", 500: "Internal Server Error"}


class HttpError(Exception):
    """A request this server answers itself, closing the connection after the answer."""

    def __init__(self, status: int, code: str, detail: str):
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail

    def response(self) -> bytes:
        body = orjson.dumps(
            {
                "type": f"urn:hanabi:problem:{self.code}",
                "title": STATUS_PHRASES[self.status],
                "status": self.status,
                "code": self.code,
                "detail": self.detail,
            }
        )
        return (
            f"HTTP/1.1 {self.status} {STATUS_PHRASES[self.status]}\r\n"
            f"Content-Type: application/problem+json\r\nContent-Length: {len(body)}\r\n"
            f"{http_date()}Connection: close\r\n\r\n"
        ).encode("latin-1") + body


class Limits:
    """What a worker allows of a request, and whom it trusts with X-Forwarded-Proto and the
    like: read once from gunicorn's settings."""

    def __init__(self, cfg):
        self.request_line = _request_line_limit(cfg.limit_request_line)
        self.fields = cfg.limit_request_fields if 0 < cfg.limit_request_fields <= MAX_HEADERS else MAX_HEADERS
        self.field_size = cfg.limit_request_field_size if cfg.limit_request_field_size > 0 else MAX_HEADER_FIELD_SIZE
        self.header_map = cfg.header_map
        self.secure_scheme_headers = {
            "HTTP_" + name.upper().replace("-", "_"): value for name, value in cfg.secure_scheme_headers.items()
        }
        allowed = cfg.forwarded_allow_ips
        self.trust_every_peer = "*" in allowed
        self.trusted_networks = [] if self.trust_every_peer else [ipaddress.ip_network(ip) for ip in allowed]
        self.header_bytes = RECEIVE_BYTES + self.request_line + 4 + self.fields * (self.field_size + 4)
        """The most a request's line and headers may take in all: parsed headers are buffered
        until each ends, so one endless header line would otherwise take any amount of memory.
        With one read more, as the read that ends the headers is counted whole (with the body
        or the next requests that came with them)."""
        self.is_ssl = cfg.is_ssl
        self.script_name = os.environ.get("SCRIPT_NAME", "")

    def trusts(self, peer) -> bool:
        if self.trust_every_peer:
            return True
        if not isinstance(peer, tuple):
            return False  # a Unix socket: gunicorn trusts none but "*" either
        try:
            address = ipaddress.ip_address(peer[0])
        except ValueError:
            return False
        return any(address in network for network in self.trusted_networks)


def _request_line_limit(setting: int) -> int:
    """gunicorn's `limit_request_line`: 0 for none (here, as in its C parser, 1 MiB), at most 8190."""
    if setting == 0:
        return UNLIMITED_REQUEST_LINE
    return MAX_REQUEST_LINE if setting < 0 else min(setting, MAX_REQUEST_LINE)


class Request:
    """One request as parsed: what the pre_request and post_request hooks and gunicorn's access
    log see of it (method, path, query, version, headers) and its body as it arrives."""

    __slots__ = (
        "body", "complete", "headers_complete", "keep_alive", "method", "path", "query", "raw_headers", "uri", "version",
    )  # fmt: skip

    def __init__(self):
        self.headers_complete = False
        self.raw_headers: list[tuple[bytes, bytes]] = []
        self.body: deque[bytes] = deque()
        self.complete = False

    @property
    def headers(self) -> list[tuple[str, str]]:
        """gunicorn's form: upper-case names."""
        return [(name.decode("latin-1").upper(), value.decode("latin-1")) for name, value in self.raw_headers]


class _Parsing:
    """httptools' callbacks, filling in the requests of one connection."""

    __slots__ = ("connection", "header_bytes", "reading_body", "request", "url")

    def __init__(self, connection: "HttpConnection"):
        self.connection = connection
        self.request: Request | None = None
        self.url = b""
        self.header_bytes = 0
        """Bytes received since the last request's headers (or a chunk's header) ended, counted
        while no body is read: the last chunk's header is followed by a trailer, headers too."""
        self.reading_body = False

    def on_message_begin(self) -> None:
        self.request = Request()
        self.url = b""

    def on_url(self, url: bytes) -> None:
        self.url += url
        limit = self.connection.limits.request_line
        if len(self.url) > limit:
            raise HttpError(414, "uri_too_long", f"The request target is longer than {limit} bytes.")

    def on_header(self, name: bytes, value: bytes) -> None:
        """A header, or a field of a chunked body's trailer: held to the same limits, but never
        seen by the app (gunicorn's workers do not show trailers either)."""
        limits = self.connection.limits
        headers = self.request.raw_headers
        if len(headers) >= limits.fields:
            raise HttpError(431, "request_headers_too_large", f"A request may have at most {limits.fields} headers.")
        if len(name) + len(value) + 2 > limits.field_size:
            raise HttpError(431, "request_headers_too_large", f"A header may be at most {limits.field_size} bytes long.")
        if not self.request.headers_complete:
            headers.append((name, value))

    def on_headers_complete(self) -> None:
        connection = self.connection
        request = self.request
        parser = connection.parser
        request.method = parser.get_method().decode("latin-1")
        request.version = parser.get_http_version()
        request.keep_alive = parser.should_keep_alive()
        request.uri = self.url.decode("latin-1")
        url = httptools.parse_url(self.url)
        request.path = (url.path or b"/").decode("latin-1")
        request.query = url.query.decode("latin-1") if url.query else ""
        request.headers_complete = True
        self.header_bytes = 0
        self.reading_body = True
        connection.ready.append(request)

    def on_body(self, body: bytes) -> None:
        request = self.request
        if request is not self.connection.discarding:
            request.body.append(body)
        self.reading_body = True

    def on_chunk_header(self) -> None:
        self.header_bytes = 0
        self.reading_body = False

    def on_message_complete(self) -> None:
        self.request.complete = True
        self.reading_body = False


class HttpConnection:
    """The requests of one client connection, parsed as they are needed: `next_request()` for
    the next request's line and headers, `environ()` for the app, `Exchange` for the answer."""

    def __init__(self, client, peer, server, limits: Limits):
        self.socket = client
        self.limits = limits
        self.callbacks = _Parsing(self)
        self.parser = httptools.HttpRequestParser(self.callbacks)
        self.ready: deque[Request] = deque()
        self.discarding: Request | None = None
        self.ended = False
        self.upgraded = False
        self.environ_base = self._environ_base(peer, server, limits)

    def _environ_base(self, peer, server, limits: Limits) -> dict:
        base = {
            "wsgi.version": (1, 0),
            "wsgi.errors": sys.stderr,
            "wsgi.multithread": True,
            "wsgi.multiprocess": True,
            "wsgi.run_once": False,
            "wsgi.input_terminated": True,
            "wsgi.url_scheme": "https" if limits.is_ssl else "http",
            "SERVER_SOFTWARE": "hanabi",
            "SCRIPT_NAME": limits.script_name,
        }
        if isinstance(peer, tuple):
            base["REMOTE_ADDR"] = peer[0]
            base["REMOTE_PORT"] = str(peer[1])
        else:
            base["REMOTE_ADDR"] = peer.decode() if isinstance(peer, bytes) else str(peer)
        if isinstance(server, tuple):
            base["SERVER_NAME"], base["SERVER_PORT"] = server[0], str(server[1])
        else:
            base["SERVER_NAME"], base["SERVER_PORT"] = str(server), ""
        self.trusted_peer = limits.trusts(peer)
        return base

    def receive(self) -> None:
        """Read what the socket has (waiting for it) and parse it; `ended` at the client's end."""
        if self.ended:
            return
        data = self.socket.recv(RECEIVE_BYTES)
        if not data:
            self.ended = True
            return
        callbacks = self.callbacks
        if not callbacks.reading_body:
            callbacks.header_bytes += len(data)
            if callbacks.header_bytes > self.limits.header_bytes:
                raise HttpError(431, "request_headers_too_large", "The request's headers are too large.")
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserUpgrade:
            self.upgraded = True
            self.ended = True
        except httptools.HttpParserError as error:  # a callback's HttpError comes wrapped in one
            if isinstance(error.__context__, HttpError):
                raise error.__context__ from None
            raise HttpError(400, "malformed_request", "The request is not valid HTTP/1.1.") from None

    def next_request(self) -> Request | None:
        """The next request, once its line and headers are in; None when the client is done."""
        while not self.ready:
            if self.ended:
                return None
            self.receive()
        return self.ready.popleft()

    def finish(self, request: Request) -> None:
        """Skip what the app left unread of `request`'s body, so that the next request can be read."""
        request.body.clear()
        if not request.complete:
            self.discarding = request
            while not request.complete and not self.ended:
                self.receive()
            self.discarding = None

    def environ(self, request: Request) -> dict:
        wsgi_environ = self.environ_base.copy()
        wsgi_environ["REQUEST_METHOD"] = request.method
        wsgi_environ["RAW_URI"] = request.uri
        wsgi_environ["QUERY_STRING"] = request.query
        wsgi_environ["SERVER_PROTOCOL"] = f"HTTP/{request.version}"
        path = request.path
        if "%" in path:
            path = unquote_to_bytes(path).decode("latin-1")
        script_name = self.limits.script_name
        if script_name:
            if not path.startswith(script_name):
                raise HttpError(400, "malformed_request", f"The request's path does not start with {script_name!r}.")
            path = path[len(script_name) :]
        wsgi_environ["PATH_INFO"] = path
        repeated = None
        expects_continue = False
        header_map = self.limits.header_map
        for raw_name, raw_value in request.raw_headers:
            key = _environ_key(raw_name)
            value = raw_value.decode("latin-1")
            if b"_" in raw_name:
                if header_map == "refuse":
                    raise HttpError(400, "malformed_request", "A header name may not contain '_'.")
                if header_map != "dangerous":
                    continue
            if key == "HTTP_EXPECT" and value.lower() == "100-continue":
                expects_continue = True
            if key in wsgi_environ:
                if key in ("CONTENT_TYPE", "CONTENT_LENGTH", "HTTP_HOST"):
                    raise HttpError(400, "malformed_request", f"The request has more than one {raw_name.decode('latin-1')} header.")
                repeated = repeated or {}
                repeated.setdefault(key, [wsgi_environ[key]]).append(value)
            wsgi_environ[key] = value
        if repeated:
            for key, values in repeated.items():
                wsgi_environ[key] = ",".join(values)
        if self.trusted_peer and not self.limits.is_ssl:
            for key, secure_value in self.limits.secure_scheme_headers.items():
                if key in wsgi_environ:
                    wsgi_environ["wsgi.url_scheme"] = "https" if wsgi_environ[key] == secure_value else "http"
        if request.complete:
            wsgi_environ["wsgi.input"] = io.BytesIO(b"".join(request.body))
            request.body.clear()
        else:
            if expects_continue:
                self.socket.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
            wsgi_environ["wsgi.input"] = Body(self, request)
        return wsgi_environ


_ENVIRON_KEYS: dict[bytes, str] = {b"content-type": "CONTENT_TYPE", b"content-length": "CONTENT_LENGTH"}


def _environ_key(name: bytes) -> str:
    key = _ENVIRON_KEYS.get(name)
    if key is None:
        lowered = name.lower()
        key = _ENVIRON_KEYS.get(lowered) or "HTTP_" + lowered.decode("latin-1").upper().replace("-", "_")
        if len(_ENVIRON_KEYS) < 512:
            _ENVIRON_KEYS[name] = key
    return key


class Body(io.RawIOBase):
    """A request body still arriving: read from the connection as the app asks for it."""

    def __init__(self, connection: HttpConnection, request: Request):
        self.connection = connection
        self.request = request

    def readable(self) -> bool:
        return True

    def _fill(self, wanted: int | None) -> None:
        request = self.request
        while not request.complete and not self.connection.ended and (wanted is None or _buffered(request) < wanted):
            self._receive()

    def _receive(self) -> None:
        """More of the body. A body the parser refuses, or that stops coming for the connection's
        silence limit, ends there, and so does the connection."""
        try:
            self.connection.receive()
        except (HttpError, BlockingIOError, TimeoutError):
            self.connection.ended = True

    def read(self, size: int | None = -1) -> bytes:
        """Up to `size` bytes of the body (all of it without); ConnectionResetError once a body
        that ended early has been read up to where it ended, so that the app (werkzeug: a 400)
        never takes it for the whole body."""
        wanted = None if size is None or size < 0 else size
        self._fill(wanted)
        data = b"".join(self.request.body)
        self.request.body.clear()
        if not data and wanted != 0 and not self.request.complete:
            raise ConnectionResetError("the request's body ended before its end")
        if wanted is not None and len(data) > wanted:
            self.request.body.append(data[wanted:])
            data = data[:wanted]
        return data

    def readinto(self, buffer) -> int:
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def readline(self, size: int | None = -1) -> bytes:
        request = self.request
        while True:
            data = b"".join(request.body)
            end = data.find(b"\n") + 1
            limit = None if size is None or size < 0 else size
            if end or request.complete or self.connection.ended or (limit is not None and len(data) >= limit):
                break
            request.body.clear()
            request.body.append(data)
            self._receive()
        cut = end or len(data)
        if limit is not None:
            cut = min(cut, limit)
        request.body.clear()
        if cut < len(data):
            request.body.append(data[cut:])
        return data[:cut]


def _buffered(request: Request) -> int:
    return sum(map(len, request.body))


_date_cache: tuple[int, str] = (0, "")


def http_date() -> str:
    """The Date header's line, formatted once a second."""
    global _date_cache
    second = int(time.time())
    cached_second, line = _date_cache
    if cached_second != second:
        line = f"Date: {formatdate(second, usegmt=True)}\r\n"
        _date_cache = (second, line)
    return line


class Exchange:
    """The answer to one request: the WSGI `start_response`, then `write` for each piece of the
    body and `close` at its end. `status`, `headers` and `sent` are what gunicorn's access log reads."""

    __slots__ = ("chunked", "headers", "headers_sent", "length", "must_close", "no_body", "request", "sent", "socket", "status")

    def __init__(self, connection: HttpConnection, request: Request):
        self.socket = connection.socket
        self.request = request
        self.status: str | None = None
        self.headers: list[tuple[str, str]] = []
        self.sent = 0
        self.headers_sent = False
        self.must_close = not request.keep_alive or connection.upgraded
        self.length: int | None = None
        self.chunked = False
        self.no_body = False

    def force_close(self) -> None:
        self.must_close = True

    def should_close(self) -> bool:
        return self.must_close

    def start_response(self, status: str, headers: list, exc_info=None):
        if exc_info is not None:
            try:
                if self.headers_sent:
                    raise exc_info[1].with_traceback(exc_info[2])
            finally:
                exc_info = None
        elif self.status is not None:
            raise AssertionError("start_response was called twice without exc_info")
        self.status = status
        kept = []
        for name, value in headers:
            if "\n" in value or "\r" in value or "\n" in name or "\r" in name or ":" in name:
                raise ValueError(f"Invalid header {name!r} from the app")
            lowered = name.lower()
            if lowered in HOP_BY_HOP:
                if lowered == "connection" and value.lower() == "close":
                    self.must_close = True
                continue
            if lowered == "content-length":
                self.length = int(value)
            kept.append((name, value))
        self.headers = kept
        return self.write

    def _head_bytes(self) -> bytes:
        code = int(self.status[:3])
        request = self.request
        self.no_body = request.method == "HEAD" or code < 200 or code in NO_BODY_STATUSES
        lines = [f"HTTP/{request.version if request.version == '1.0' else '1.1'} {self.status}\r\n"]
        lines.extend(f"{name}: {value}\r\n" for name, value in self.headers)
        if self.length is None and not self.no_body:
            if request.version == "1.0":
                self.must_close = True
            else:
                self.chunked = True
                lines.append("Transfer-Encoding: chunked\r\n")
        lines.append(http_date())
        if self.must_close:
            lines.append("Connection: close\r\n")
        elif request.version == "1.0":
            lines.append("Connection: keep-alive\r\n")
        lines.append("\r\n")
        return "".join(lines).encode("latin-1")

    def write(self, data: bytes) -> None:
        """Send a piece of the body (the headers with the first one)."""
        if self.status is None:
            raise AssertionError("The app wrote before it called start_response")
        head = b""
        if not self.headers_sent:
            head = self._head_bytes()
            self.headers_sent = True
        if self.no_body or not data:
            if head:
                self.socket.sendall(head)
            return
        if self.length is not None:
            data = data[: self.length - self.sent]
        self.sent += len(data)
        if self.chunked:
            data = b"%x\r\n%b\r\n" % (len(data), data)
        self.socket.sendall(head + data if head else data)

    def close(self) -> None:
        """The body is complete: send what is left (the headers of an empty body, the chunked
        ending), and close the connection after the answer if it fell short of its length."""
        if not self.headers_sent:
            self.write(b"")
        if self.chunked:
            self.socket.sendall(b"0\r\n\r\n")
        elif self.length is not None and self.sent < self.length and not self.no_body:
            self.must_close = True
