"""A gunicorn worker that serves each client connection on a thread of its own.

gunicorn's gthread worker passes every request from its main thread, which polls the
kept-alive connections, to a thread pool and back: per request, a round of selector and pipe
system calls, a future, and two hand-overs of the GIL between threads. Here the main thread
only accepts connections; the connection's thread reads a request, calls the app, writes the
answer and waits on its own socket for the next request. On the API's hot path that is less
CPU per request and far less waiting (docs/benchmarks.md, decisions).

    gunicorn -k hanabi.connection_threads.ThreadPerConnectionWorker ...

gunicorn's master imports a worker class before the config's `on_starting` sets
PROMETHEUS_MULTIPROC_DIR, so this module imports nothing of the app (as hanabi.logs, whose
GunicornLogger a config names likewise).

It follows gunicorn's settings as gthread does:

- `threads`: the most requests the app serves at once; a connection whose request finds them
  all taken waits for one (a long poll holds one while it waits, but no database connection).
- `worker_connections`: the most connections (each a thread) held at once; when full, the
  worker accepts no more until one closes.
- `keepalive`: seconds a connection may stay silent, between requests or within one, or leave
  its answer unread, before it is closed (0: one request per connection, 5 s of silence). A
  client that stops reading so frees the request's slot (gthread's threads would wait for it
  for ever).
- `max_requests`, `graceful_timeout`, the `pre_request`/`post_request` hooks, the access log, TLS.

HTTP/2 is not offered. On SIGTERM (or after `max_requests`) the worker stops accepting,
answers requests in progress and requests that arrive within STOP_LINGER seconds with
`Connection: close`, then closes the connections that are idle, and exits when the last
request is done or `graceful_timeout` has passed.
"""

import errno
import os
import selectors
import socket
import ssl
import struct
import threading
import time
from collections import deque
from datetime import timedelta

from gunicorn import sock, util
from gunicorn.workers import base

from hanabi.http1 import Exchange, HttpConnection, HttpError, Limits, Request

STOP_LINGER = 1.0
"""Seconds a stopping worker keeps idle connections open, for a request already on its way."""

SILENCE_WITHOUT_KEEPALIVE = 5.0
"""Seconds a connection may stay silent when `keepalive` is 0 (gthread waits as long)."""


class _Connection:
    __slots__ = ("idle", "socket")

    def __init__(self, client: socket.socket):
        self.socket = client
        self.idle = True


class RequestSlots:
    """The requests the app may serve at once (`threads`), taken in the order they were asked
    for: a slot given back goes straight to the longest-waiting request. With a semaphore (or
    a queue of tokens) whichever thread runs first takes it, and at full load some requests
    lost that race again and again (POST p99 223 and 232 ms at `--rate 500`, against 145 and
    131 ms in this order)."""

    def __init__(self, count: int):
        self.free = count
        self.waiting: deque[threading.Lock] = deque()
        self.lock = threading.Lock()

    def take(self) -> None:
        with self.lock:
            if self.free:
                self.free -= 1
                return
            turn = threading.Lock()
            turn.acquire()
            self.waiting.append(turn)
        turn.acquire()

    def give_back(self) -> None:
        with self.lock:
            if self.waiting:
                self.waiting.popleft().release()
            else:
                self.free += 1


class ThreadPerConnectionWorker(base.Worker):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.connections: set[_Connection] = set()
        self.changed = threading.Condition()
        self.app_slots = RequestSlots(max(self.cfg.threads, 1))
        self.keepalive = self.cfg.keepalive
        self.max_connections = self.cfg.worker_connections
        self.limits = Limits(self.cfg)

    def run(self) -> None:
        if "h2" in self.cfg.http_protocols:
            self.log.warning("HTTP/2 is not supported by %s; serving HTTP/1.1 only.", type(self).__name__)
        if self.cfg.proxy_protocol not in (None, False, "off"):
            self.log.warning("The PROXY protocol is not supported by %s: its requests will be refused.", type(self).__name__)
        with selectors.DefaultSelector() as selector:
            for listener in self.sockets:
                listener.setblocking(False)
                selector.register(listener, selectors.EVENT_READ)
            selector.register(self.PIPE[0], selectors.EVENT_READ)
            while self.alive:
                self.notify()
                if self._wait_for_room(timeout=1.0):
                    for key, _ in selector.select(timeout=1.0):
                        if key.fileobj == self.PIPE[0]:
                            self._drain_wakeups()
                        elif self.alive:
                            self._accept(key.fileobj)
                if self.ppid != os.getppid():
                    self.log.info("Parent changed, shutting down: %s", self)
                    self.alive = False
        self._stop()

    def _wait_for_room(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: len(self.connections) < self.max_connections, timeout)

    def _drain_wakeups(self) -> None:
        try:
            while os.read(self.PIPE[0], 4096):
                pass
        except BlockingIOError:
            pass

    def _accept(self, listener: socket.socket) -> None:
        try:
            client, address = listener.accept()
        except OSError as error:
            if error.errno in (errno.EAGAIN, errno.EWOULDBLOCK, errno.ECONNABORTED, errno.EINTR):
                return
            raise
        client.setblocking(True)
        connection = _Connection(client)
        with self.changed:
            self.connections.add(connection)
        server = listener.getsockname()
        threading.Thread(
            target=self._serve, args=(connection, address, server), name=f"connection {address}", daemon=True
        ).start()

    def _serve(self, connection: _Connection, address, server) -> None:
        client = connection.socket
        try:
            silence = self.keepalive or SILENCE_WITHOUT_KEEPALIVE
            if self.cfg.is_ssl:
                client.settimeout(silence)
                client = sock.ssl_wrap_socket(client, self.cfg)
            else:
                # Timeouts in the kernel rather than socket.settimeout(), which would poll()
                # before every recv and send.
                client.setsockopt(socket.SOL_SOCKET, socket.SO_RCVTIMEO, _timeval(silence))
                client.setsockopt(socket.SOL_SOCKET, socket.SO_SNDTIMEO, _timeval(silence))
            http = HttpConnection(client, address, server, self.limits)
            while (request := http.next_request()) is not None:
                connection.idle = False
                if not self.handle_request(http, request):
                    break
                http.finish(request)
                connection.idle = True
        except HttpError as error:
            self._answer_refused(client, error)
        except (BlockingIOError, TimeoutError):
            pass
        except ssl.SSLError as error:
            if error.args[0] != ssl.SSL_ERROR_EOF:
                self.log.exception("TLS error on a connection from %s", address)
        except OSError as error:
            if error.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN):
                self.log.exception("Socket error processing request.")
        except Exception:
            self.log.exception("Error handling request")
        finally:
            util.close_graceful(client)
            with self.changed:
                self.connections.discard(connection)
                self.changed.notify_all()

    def _answer_refused(self, client, error: HttpError) -> None:
        try:
            client.sendall(error.response())
        except OSError:
            pass

    def handle_request(self, http: HttpConnection, request: Request) -> bool:
        """Answer one request; whether the connection stays open for another."""
        environ = {}
        exchange = None
        try:
            self.cfg.pre_request(self, request)
            started = time.perf_counter()
            environ = http.environ(request)
            exchange = Exchange(http, request)
            self.nr += 1
            if self.nr >= self.max_requests and self.alive:
                self.log.info("Autorestarting worker after current request.")
                self.alive = False
            if not self.alive or not self.keepalive:
                exchange.force_close()
            self.app_slots.take()
            try:
                body = self.wsgi(environ, exchange.start_response)
                try:
                    if not self.alive:
                        exchange.force_close()
                    for chunk in body:
                        exchange.write(chunk)
                    exchange.close()
                finally:
                    if self.log.access_log_enabled:
                        self.log.access(exchange, request, environ, timedelta(seconds=time.perf_counter() - started))
                    if hasattr(body, "close"):
                        body.close()
            except OSError:
                raise
            except Exception:
                self.log.exception("Error handling request %s %s", request.method, request.path)
                if exchange.headers_sent:
                    return False
                raise HttpError(500, "internal_error", "The server could not answer this request.") from None
            finally:
                self.app_slots.give_back()
            return not exchange.should_close()
        finally:
            try:
                self.cfg.post_request(self, request, environ, exchange)
            except Exception:
                self.log.exception("Exception in post_request hook")

    def _stop(self) -> None:
        """Stop accepting, let requests in progress finish, close idle connections once
        STOP_LINGER has passed, and return when none is left or graceful_timeout has passed."""
        for listener in self.sockets:
            listener.close()
        started = time.monotonic()
        linger_ends, grace_ends = started + STOP_LINGER, started + self.cfg.graceful_timeout
        with self.changed:
            while self.connections and time.monotonic() < grace_ends:
                if time.monotonic() >= linger_ends:
                    for connection in self.connections:
                        if connection.idle:
                            _stop_reading(connection.socket)
                self.changed.wait(timeout=0.1)
                self.notify()
        if self.connections:
            self.log.warning(
                "%d connections still open after the graceful timeout",
                len(self.connections),
            )


def _timeval(seconds: float) -> bytes:
    whole = int(seconds)
    return struct.pack("ll", whole, int((seconds - whole) * 1e6))


def _stop_reading(client: socket.socket) -> None:
    """Wake the connection's thread from waiting for a request: its read sees the end."""
    try:
        client.shutdown(socket.SHUT_RD)
    except OSError:
        pass
