"""The API's gunicorn worker: gunicorn's gevent worker, with deadlines for reading a request and
problem+json for a request it refuses.

Each connection is served by a greenlet, so a waiting request (a long poll, `?wait=`) is a
greenlet asleep on an event until a notification or its timeout, not a thread: a worker holds as
many waiting requests as it has connections (`worker_connections`). The app runs unchanged on
the standard library as gevent patches it: psycopg's waits, psycopg_pool's, the long-poll
listener's threads and events all become greenlets and hub waits.

- A request head: gunicorn's gevent worker closes a connection that has not sent a whole head
  within `keepalive` seconds of opening or of its previous answer.
- A request body and an answer: each read of the body and each write of the answer gets
  `keepalive` seconds here (gunicorn's gevent worker would wait forever). A body that stops
  short of its Content-Length, the client silent or gone, reaches the app as a client that went
  away (`whole_bodies`), which the app answers with its 400 `incomplete_body`.
- One address may hold all but a twentieth of a worker's connections (`per_address_cap`):
  another one it opens meanwhile gets a 503 `too_many_connections` and is closed at once, so
  a client that holds connections open (half-sent heads, or anything slow) cannot take every
  connection from everyone else. Behind a proxy every connection comes from the proxy's
  address; the proxy holds each client to its own cap (deploy/haproxy.cfg).
- An answer goes out in as few sends as it can (`OneSendResponse`): its head with the first
  piece of its body, so an answer of one piece (every JSON answer) is one send, where gunicorn
  sends the head and then each piece; the Date header is formatted once a second, and each
  request's environ starts from a copy of one made once.
- Stopping (SIGTERM, gunicorn's graceful stop) ends at once what would hold the worker until its
  graceful timeout (`end_idle_and_waiting`): connections idle between requests (a client's
  keep-alive, a browser's) are closed, waiting requests answer (hanabi.api.notifications'
  `end_waits`), and a connection accepted while the worker stops gets STOPPING_HEAD_SECONDS
  to send its request head. Requests being served finish, and their connections close after
  them (`closing_connections`).
- gunicorn's settings are read once per worker (`SettledConfig`), not looked up at every read,
  and whether a peer's address is in `forwarded_allow_ips` is decided once per address
  (`PeerAllowed`), not parsed again at every request.
- Each request's environ says which request of its connection it is
  (`hanabi.api.instrumentation.REQUEST_ON_CONNECTION_ENVIRON`, 1 for the first): a long poll's
  wait ends in a longer random part of it on a new connection (hanabi.api.notifications).
- An empty poll of "my turn" that the app's short path takes (hanabi.api.waiting_turns) is
  answered by the worker from the parsed request (`answered_empty`): the short path reads the
  few environ keys it needs, and the answer's bytes are what gunicorn would write for the app's
  answer, without gunicorn's environ, Response and WSGI call. Any other request, and a poll the
  short path leaves, is gunicorn's and the app's, with what the short path noted (its
  `hanabi.` environ keys). Only where nothing around the app would see the request: no pre- or
  post-request hook, no gunicorn access log, no SCRIPT_NAME.
- A worker accepts up to ACCEPTS_PER_TURN waiting connections at a time (`AcceptingServer`),
  where gunicorn's gevent worker with siblings accepts one per turn of its loop.
- A request that gunicorn's parser refuses (`limit_request_line`, `limit_request_fields`,
  `limit_request_field_size`, a malformed head) gets the API's problem+json, 414
  `uri_too_long`, 431 `request_headers_too_large` or 400 `malformed_request`, and the
  connection closes. The app bounds the body's size (413 `payload_too_large`), and the connection
  closes after a 413 (`closing_connections`): gunicorn would otherwise read and discard the
  rest of the refused body, however long a client streams it, before the next request.

gevent must patch the standard library before psycopg is imported: psycopg chooses how it waits
for its sockets when first imported, and one chosen before the patching blocks the whole
process. `hanabi serve` and deploy/gunicorn.conf.py patch first thing; a worker that finds
psycopg imported unpatched refuses to start.
"""

import os
import sys
import time
from collections import Counter
from contextlib import contextmanager
from email.utils import formatdate

import gevent
from gevent.server import StreamServer
from gunicorn import SERVER
from gunicorn.config import PostRequest, PreRequest
from gunicorn.http import message as gunicorn_message
from gunicorn.http import wsgi as gunicorn_wsgi
from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine, ParseException
from gunicorn.util import write_nonblock
from gunicorn.workers import ggevent
from gunicorn.workers.ggevent import GeventWorker

REFUSED = {
    LimitRequestLine: (414, "uri_too_long", "The request target is longer than the server reads (4094 bytes)."),
    LimitRequestHeaders: (
        431,
        "request_headers_too_large",
        "The request has more headers (over 100), or a longer header (over 8190 bytes), than the server reads.",
    ),
}


SHARE_KEPT_FROM_ONE_ADDRESS = 20
"""One in this many of a worker's connections is never given to the same address."""


def per_address_cap(worker_connections: int) -> int:
    """How many of a worker's connections one address may hold at once."""
    return worker_connections - max(1, worker_connections // SHARE_KEPT_FROM_ONE_ADDRESS)


JOINED_BODY_BYTES = 64 * 1024
"""A first piece of body up to this size goes out in the head's send; a longer one follows it
(joining them would copy the piece)."""


class HttpDate:
    """The Date header's value for the current second, formatted once a second."""

    def __init__(self):
        self.second = 0
        self.text = ""

    def now(self) -> str:
        second = int(time.time())
        if second != self.second:
            self.second, self.text = second, formatdate(second, usegmt=True)
        return self.text


http_date = HttpDate()


class OneSendResponse(gunicorn_wsgi.Response):
    """gunicorn's HTTP/1 answer, which keeps its head until the first piece of the body and sends
    both at once: an answer of one piece is one send (the last chunk of a chunked answer joins a
    head still kept), where gunicorn sends the head and then each piece, each a send of its own
    and each a wait on the socket (upstream keeps its writes per piece: benoitc/gunicorn#2756).
    Everything else is gunicorn's: which headers, the framing, when the connection closes, and
    `headers_sent`, true once the head is final (so nothing is written after it but the body).
    A file sent with sendfile gets its head sent first, as gunicorn does."""

    def __init__(self, req, sock, cfg):
        super().__init__(req, sock, cfg)
        self.kept_head = b""
        self.keeps_head = True

    def default_headers(self) -> list[str]:
        if self.upgrade:
            connection = "upgrade"
        elif self.should_close():
            connection = "close"
        else:
            connection = "keep-alive"
        version_major, version_minor = self.req.version[0], self.req.version[1]
        headers = [
            f"HTTP/{version_major}.{version_minor} {self.status}\r\n",
            f"Server: {self.version}\r\n",
            f"Date: {http_date.now()}\r\n",
            f"Connection: {connection}\r\n",
        ]
        if self.chunked:
            headers.append("Transfer-Encoding: chunked\r\n")
        return headers

    def send_headers(self) -> None:
        if self.headers_sent:
            return
        if not self.keeps_head:
            super().send_headers()
            return
        lines = self.default_headers()
        lines.extend(f"{name}: {value}\r\n" for name, value in self.headers)
        lines.append("\r\n")
        self.kept_head = "".join(lines).encode("latin-1")
        self.headers_sent = True

    def _emit_body(self, data: bytes) -> None:
        head, self.kept_head = self.kept_head, b""
        if self.chunked:
            data = b"%X\r\n%b\r\n" % (len(data), data)
        if head and len(data) > JOINED_BODY_BYTES:
            self.sock.sendall(head)
            head = b""
        self.sock.sendall(head + data if head else data)

    def close(self) -> None:
        if not self.headers_sent:
            self.send_headers()
        last = b"0\r\n\r\n" if self.chunked else b""
        if self.kept_head or last:
            self.sock.sendall(self.kept_head + last)
        self.kept_head = b""

    def sendfile(self, respiter) -> bool:
        if self.kept_head:
            self.sock.sendall(self.kept_head)
            self.kept_head = b""
        self.keeps_head = False
        return super().sendfile(respiter)


ACCEPTS_PER_TURN = 100
"""Connections a worker accepts each time its listening socket is ready (gevent's default)."""


class AcceptingServer(StreamServer):
    """gevent's StreamServer, accepting up to ACCEPTS_PER_TURN waiting connections at a time.
    gunicorn's gevent worker sets `max_accept = 1` when it has siblings, so that they share the
    connections; but then a busy worker accepts one connection per turn of its loop, and in a
    reconnect storm thousands wait in the listen queue (past its length, the kernel drops their
    SYNs and clients retry seconds later). The sibling that is less busy still takes more: it
    comes back to the socket sooner."""

    @property
    def max_accept(self) -> int:
        return ACCEPTS_PER_TURN

    @max_accept.setter
    def max_accept(self, value: int) -> None:
        pass


STOPPING_HEAD_SECONDS = 1
"""How long a connection accepted while the worker stops has to send its request head."""


class SettledConfig:
    """gunicorn's configuration as a worker reads it, each setting looked up once: gunicorn's
    `Config` looks a setting up in its table at every read, and its parser, environ and worker
    read a dozen per request. A worker's settings do not change (a reload starts new workers)."""

    def __init__(self, config):
        self._config = config

    def __getattr__(self, name: str):
        value = getattr(self._config, name)
        setattr(self, name, value)
        return value


class ApiWorker(GeventWorker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.cfg = SettledConfig(self.cfg)
        self.connections_of = Counter()
        self.per_address = per_address_cap(self.worker_connections)
        self.waiting_heads: dict = {}
        """The timeouts of the connections waiting for their next request head, and their greenlets."""

    def handle(self, listener, client, addr):
        """Serve a connection, unless its address holds its share of the worker's connections."""
        host = addr[0] if isinstance(addr, tuple) else addr
        if self.connections_of[host] >= self.per_address:
            self.log.warning("Too many connections from ip=%s: %d", host, self.connections_of[host])
            self.send_problem(
                client,
                503,
                "too_many_connections",
                f"Your address holds {self.per_address} connections to this server already, as many as one "
                "address may: close some (or wait for answers) before opening more.",
                retry_after=1,
            )
            client.close()
            return
        self.connections_of[host] += 1
        try:
            super().handle(listener, client, addr)
        finally:
            self.connections_of[host] -= 1
            if not self.connections_of[host]:
                del self.connections_of[host]

    def patch(self):
        super().patch()
        require_cooperative_psycopg()
        use_our_parts()

    def load_wsgi(self):
        super().load_wsgi()
        self.short_path = short_path_of(self.wsgi) if self.answers_in_worker() else None
        self.wsgi = closing_connections(whole_bodies(self.wsgi), lambda: self.alive)

    def answers_in_worker(self) -> bool:
        """Whether nothing around the app would see a request the worker answers itself: no
        pre- or post-request hook, no gunicorn access log, no SCRIPT_NAME."""
        return (
            self.cfg.pre_request is PreRequest.default
            and self.cfg.post_request is PostRequest.default
            and not self.log.access_log_enabled
            and not os.environ.get("SCRIPT_NAME")
        )

    def handle_error(self, req, client, addr, exc):
        """A request gunicorn's parser refuses: the API's problem+json (then the connection
        closes) instead of gunicorn's HTML page."""
        if not isinstance(exc, ParseException):
            return super().handle_error(req, client, addr, exc)
        status, code, detail = REFUSED.get(
            type(exc), (400, "malformed_request", f"The request is not HTTP/1.1 that the server reads: {exc}.")
        )
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        self.send_problem(client, status, code, detail)

    def send_problem(self, client, status: int, code: str, detail: str, retry_after: int | None = None) -> None:
        """The API's problem+json, written straight to a connection that is then closed."""
        from hanabi.api.errors import problem_response

        response = problem_response(status, code, detail)
        body = response.get_data()
        retry = f"Retry-After: {retry_after}\r\n" if retry_after is not None else ""
        head = (
            f"HTTP/1.1 {response.status}\r\nConnection: close\r\n{retry}"
            f"Content-Type: {response.content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
        )
        try:
            write_nonblock(client, head.encode("latin-1") + body)
        except OSError:
            self.log.debug("Failed to send error message.")

    def handle_usr1(self, sig, frame):
        """Reopen the log files (as gunicorn's gevent worker does, in a greenlet), then make the
        base environ again with their new streams."""

        def reopen() -> None:
            self.log.reopen_files()
            base_environ.forget()

        gevent.spawn(reopen)

    def handle_request(self, listener_name, req, sock, addr):
        sock.settimeout(self.cfg.keepalive or None)
        try:
            if self.short_path is None or not self.answered_empty(req, sock):
                super().handle_request(listener_name, req, sock, addr)
        finally:
            sock.settimeout(None)

    def answered_empty(self, req, sock) -> bool:
        """An empty poll the short path takes, answered here from the parsed request: no environ,
        no gunicorn Response, the answer's bytes written at once, as gunicorn and the app would
        write them. False: gunicorn and the app answer it, with what the short path noted in
        the request's environ (`extra_environ`)."""
        short_path = self.short_path
        if req.path != short_path.path or req.method != "GET" or req.version != (1, 1) or req._expected_100_continue:
            return False
        environ = {
            "PATH_INFO": req.path,
            "REQUEST_METHOD": "GET",
            "QUERY_STRING": req.query,
            "gunicorn.socket": sock,
            short_path.request_on_connection: req.req_number,
        }
        for name, value in req.headers:
            key = SHORT_PATH_HEADERS.get(name)
            if key is not None:
                if key in environ:
                    return False
                environ[key] = value
            elif name == "SCRIPT_NAME":
                return False
        try:
            request_id = short_path.answer_empty(environ)
        except (gevent.GreenletExit, SystemExit):
            return True
        if request_id is None:
            req.extra_environ = {key: value for key, value in environ.items() if key.startswith(HANABI_ENVIRON)}
            return False
        self.nr += 1
        if self.nr >= self.max_requests and self.alive:
            self.log.info("Autorestarting worker after current request.")
            self.alive = False
        close = not self.alive or not self.cfg.keepalive or req.should_close()
        sock.sendall(short_path.answer(request_id, close))
        if close:
            raise StopIteration()
        return True

    @contextmanager
    def timeout_ctx(self):
        """The wait for a request head: `keepalive` seconds (STOPPING_HEAD_SECONDS once the worker
        stops), or until `end_idle_and_waiting`. Either ends it as a client that closed."""
        with gevent.Timeout(self.cfg.keepalive if self.alive else STOPPING_HEAD_SECONDS, False) as timeout:
            self.waiting_heads[timeout] = gevent.getcurrent()
            try:
                yield
            finally:
                del self.waiting_heads[timeout]

    def handle_exit(self, sig, frame):
        """Stop gracefully (gunicorn's SIGTERM), without waiting for idle connections or waits."""
        super().handle_exit(sig, frame)
        gevent.spawn(self.end_idle_and_waiting)

    def end_idle_and_waiting(self) -> None:
        """Waiting requests answer, and connections waiting for a request head close (their
        wait's timeout fires now)."""
        from hanabi.api.notifications import end_waits

        end_waits()
        loop = gevent.get_hub().loop
        for timeout, greenlet in list(self.waiting_heads.items()):
            loop.run_callback(self._end_wait_for_head, timeout, greenlet)

    def _end_wait_for_head(self, timeout, greenlet) -> None:
        if timeout in self.waiting_heads:
            greenlet.throw(timeout)


def whole_bodies(app):
    """`app`, reading a body with a Content-Length as exactly that many bytes. gunicorn declares
    every body ended by the server (`wsgi.input_terminated`), and hands on a body that stops
    short of its Content-Length as if it were whole; without the declaration werkzeug holds the
    body to its length, and one that ends early is a client that went away. Chunked bodies keep
    the declaration: gunicorn ends those itself, and one that breaks off is an error."""

    def app_with_whole_bodies(wsgi_environ, start_response):
        if wsgi_environ.get("CONTENT_LENGTH"):
            wsgi_environ.pop("wsgi.input_terminated", None)
        return app(wsgi_environ, start_response)

    return app_with_whole_bodies


def closing_connections(app, alive):
    """`app`, closing the connection after a 413, and after any answer once the worker stops
    (`alive()` false; gunicorn decides when a request begins, and a long poll that began before
    would keep its connection). gunicorn's `start_response` belongs to its Response, and a forced
    close answers `Connection: close` and ends the connection, instead of reading what is left of
    a body the app refused or waiting for another request."""

    def app_closing_connections(wsgi_environ, start_response):
        def start(status, headers, exc_info=None):
            if status.startswith("413") or not alive():
                start_response.__self__.force_close()
            return start_response(status, headers, exc_info)

        return app(wsgi_environ, start)

    return app_closing_connections


def use_our_parts() -> None:
    """gunicorn's gevent worker in this process uses this module's parts, by replacing the module
    attributes it reads (in the worker process only): its HTTP/1 answers are `OneSendResponse`s
    (`gunicorn.http.wsgi.create` takes a response class, but the async workers' `handle_request`
    does not pass one; HTTP/2 has a class of its own), each request's environ starts from a copy
    of one made once (`BaseEnviron`, where gunicorn built it again, its `wsgi.errors` stream
    included), each environ says which request of its connection it is (`numbering_create`), a
    peer's address is checked against an allow list once (`PeerAllowed`), and its server accepts
    many connections at a time (`AcceptingServer`)."""
    gunicorn_wsgi.Response = OneSendResponse
    gunicorn_wsgi.base_environ = base_environ
    from hanabi.api.instrumentation import REQUEST_ON_CONNECTION_ENVIRON

    gunicorn_wsgi.create = numbering_create(REQUEST_ON_CONNECTION_ENVIRON)
    gunicorn_message._ip_in_allow_list = PeerAllowed(gunicorn_message._ip_in_allow_list)
    ggevent.StreamServer = AcceptingServer


class PeerAllowed:
    """gunicorn's check of a peer's address against an allow list (`forwarded_allow_ips` at
    every request), remembered per address and list (the networks are made of the list): gunicorn
    parses the address again at every request. Up to MAX_REMEMBERED answers are kept, then
    forgotten at once."""

    MAX_REMEMBERED = 4096

    def __init__(self, check):
        self.check = check
        self.answers: dict[tuple, bool] = {}

    def __call__(self, ip: str, allow_list, networks) -> bool:
        key = (ip, *allow_list)
        answer = self.answers.get(key)
        if answer is None:
            answer = self.check(ip, allow_list, networks)
            if len(self.answers) >= self.MAX_REMEMBERED:
                self.answers.clear()
            self.answers[key] = answer
        return answer


_gunicorn_create = gunicorn_wsgi.create


def numbering_create(key: str):
    """gunicorn's `create` (the answer and the environ of a request), the environ also saying
    under `key` which request of its connection this is (`req_number`, 1 for the first), with
    what the short path noted when it left the request to the app (`extra_environ`)."""

    def create(req, *args, **kwargs):
        resp, environ = _gunicorn_create(req, *args, **kwargs)
        environ[key] = req.req_number
        extra = getattr(req, "extra_environ", None)
        if extra:
            environ.update(extra)
        return resp, environ

    return create


HANABI_ENVIRON = "hanabi."
"""The beginning of the environ keys the app's middleware sets."""
SHORT_PATH_HEADERS = {
    "AUTHORIZATION": "HTTP_AUTHORIZATION",
    "X-REQUEST-ID": "HTTP_X_REQUEST_ID",
    "ORIGIN": "HTTP_ORIGIN",
}
"""The request headers the short path reads, under their environ keys (a request with one of them
twice, or with a SCRIPT_NAME header, is left to gunicorn and the app)."""


class ShortPath:
    """The short path of empty turn polls (hanabi.api.waiting_turns.WaitingTurns) as the worker
    calls it, and the bytes of its answer as `OneSendResponse` writes the app's."""

    def __init__(self, waiting_turns, path: str, request_on_connection: str, headers, body: bytes):
        self.answer_empty = waiting_turns.answer_empty
        self.path = path
        self.request_on_connection = request_on_connection
        self.headers = headers
        self.body = body

    def answer(self, request_id: str, close: bool) -> bytes:
        lines = [
            "HTTP/1.1 200 OK\r\n",
            f"Server: {SERVER}\r\n",
            f"Date: {http_date.now()}\r\n",
            f"Connection: {'close' if close else 'keep-alive'}\r\n",
        ]
        lines.extend(f"{name}: {value}\r\n" for name, value in self.headers(request_id))
        lines.append("\r\n")
        return "".join(lines).encode("latin-1") + self.body


def short_path_of(app) -> ShortPath | None:
    """The short path of empty turn polls in `app` (a Flask app whose `wsgi_app` is, or wraps in
    middlewares' `app`, a `WaitingTurns`), or None."""
    from hanabi.api.instrumentation import REQUEST_ON_CONNECTION_ENVIRON
    from hanabi.api.waiting_turns import EMPTY_PAGE, TURN_PATH, WaitingTurns, empty_page_headers

    layer = getattr(app, "wsgi_app", None)
    while layer is not None and not isinstance(layer, WaitingTurns):
        layer = getattr(layer, "app", None)
    if layer is None:
        return None
    return ShortPath(layer, TURN_PATH, REQUEST_ON_CONNECTION_ENVIRON, empty_page_headers, EMPTY_PAGE)


class BaseEnviron:
    """gunicorn's `base_environ(cfg)`, made once and copied for each request; made again after
    the log files are reopened (`wsgi.errors` holds their streams)."""

    def __init__(self, make):
        self.make = make
        self.made: dict | None = None

    def __call__(self, cfg) -> dict:
        if self.made is None:
            self.made = self.make(cfg)
        return self.made.copy()

    def forget(self) -> None:
        self.made = None


base_environ = BaseEnviron(gunicorn_wsgi.base_environ)


def require_cooperative_psycopg() -> None:
    waiting = sys.modules.get("psycopg.waiting")
    if waiting is not None and waiting.wait is getattr(waiting, "wait_c", None):
        raise RuntimeError(
            "psycopg was imported before gevent patched the standard library, so its waits would block"
            " the whole worker: call gevent.monkey.patch_all() first (as deploy/gunicorn.conf.py does)"
        )
