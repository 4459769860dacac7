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
- A request that gunicorn's parser refuses (`limit_request_line`, `limit_request_fields`,
  `limit_request_field_size`, a malformed head) gets the API's problem+json, 414
  `uri_too_long`, 431 `request_headers_too_large` or 400 `malformed_request`, and the
  connection closes. The app bounds the body's size (413 `payload_too_large`).

gevent must patch the standard library before psycopg is imported: psycopg chooses how it waits
for its sockets when first imported, and one chosen before the patching blocks the whole
process. `hanabi serve` and deploy/gunicorn.conf.py patch first thing; a worker that finds
psycopg imported unpatched refuses to start.
"""

import sys

from gunicorn.http.errors import LimitRequestHeaders, LimitRequestLine, ParseException
from gunicorn.util import write_nonblock
from gunicorn.workers.ggevent import GeventWorker

REFUSED = {
    LimitRequestLine: (414, "uri_too_long", "The request target is longer than the server reads (4094 bytes)."),
    LimitRequestHeaders: (
        431,
        "request_headers_too_large",
        "The request has more headers (over 100), or a longer header (over 8190 bytes), than the server reads.",
    ),
}


class ApiWorker(GeventWorker):
    def patch(self):
        super().patch()
        require_cooperative_psycopg()

    def load_wsgi(self):
        super().load_wsgi()
        self.wsgi = whole_bodies(self.wsgi)

    def handle_error(self, req, client, addr, exc):
        """A request gunicorn's parser refuses: the API's problem+json (then the connection
        closes) instead of gunicorn's HTML page."""
        if not isinstance(exc, ParseException):
            return super().handle_error(req, client, addr, exc)
        from hanabi.api.errors import problem_response

        status, code, detail = REFUSED.get(
            type(exc), (400, "malformed_request", f"The request is not HTTP/1.1 that the server reads: {exc}.")
        )
        self.log.warning("Invalid request from ip=%s: %s", (addr or ("",))[0], exc)
        response = problem_response(status, code, detail)
        body = response.get_data()
        head = f"HTTP/1.1 {response.status}\r\nConnection: close\r\nContent-Type: {response.content_type}\r\nContent-Length: {len(body)}\r\n\r\n"
        try:
            write_nonblock(client, head.encode("latin-1") + body)
        except OSError:
            self.log.debug("Failed to send error message.")

    def handle_request(self, listener_name, req, sock, addr):
        sock.settimeout(self.cfg.keepalive or None)
        try:
            super().handle_request(listener_name, req, sock, addr)
        finally:
            sock.settimeout(None)


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


def require_cooperative_psycopg() -> None:
    waiting = sys.modules.get("psycopg.waiting")
    if waiting is not None and waiting.wait is getattr(waiting, "wait_c", None):
        raise RuntimeError(
            "psycopg was imported before gevent patched the standard library, so its waits would block"
            " the whole worker: call gevent.monkey.patch_all() first (as deploy/gunicorn.conf.py does)"
        )
