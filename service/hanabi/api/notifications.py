"""Long polling: a request that finds nothing new waits until a commit announces something.

Migration 0003 makes Postgres announce committed changes on two channels: `hanabi_game`
(a game's log grew; the payload is the game id) and `hanabi_turn` (a game's turn changed;
the payload names the account whose turn it is), and migration 0008 a third, `hanabi_chat`
(a game's chat grew; the payload is the game id), and migration 0015 a fourth, `hanabi_account`
(an account's event log grew; the payload is the account id). Each API process has one `Listener` per
database: a daemon thread with a connection of its own that LISTENs on these channels and wakes
the requests waiting for that game or that account. It starts with the first waiting request
and, once its connection fails, stops if no request is waiting. The cache of authenticated
tokens (`accounts_cache`) has a listener of its own, on another channel, `hanabi_token`
(migration 0006): it keeps running for as long as the process lives and hears only revoked
tokens, not the notices of every move.

Nothing is missed: a request registers its wait before it reads the database, so a commit
that comes after the read wakes it. While the listener is not connected (the database went
away; it reconnects with backoff), waiting requests read the database again every
`RECHECK_SECONDS` instead, and when it connects again every waiting request reads again.
A waiting request holds no database connection between its reads. In the API's gevent workers a
wait is a timer of the hub's loop and a switch to the hub (`GreenletWatch`).

A wait that ends with no wake-up, the listener connected since before the request's last read,
answers with that read: nothing about its game or account was committed since, so a read would
find the same. The listener also keeps whose turn it is in every running game: it reads them
all when it connects (after its LISTEN, so nothing is missed) and again every
`TURNS_RELOAD_SECONDS`, and follows `hanabi_turn` between. A wait for "my turn" of an account
with no game waiting for it then answers without reading at all, its first one included (the
first wait of every bot after a restart). Each wait ends at a random moment in
the last `WAIT_JITTER` of its time (`NEW_CONNECTION_WAIT_JITTER` for a connection's first
request), so that requests that began together (clients that all reconnected after a restart)
neither end nor come back together.

When the process begins to stop (`end_waits`), every waiting request reads once more and
answers, and every wait that begins after answers at once: a stopping server does not hold its
waiting clients until its graceful timeout.
"""

import json
import logging
import os
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, Protocol, TypeVar

import psycopg
from marshmallow import fields, validate

from hanabi.store.lobby import turn_accounts

from .instrumentation import REQUEST_ON_CONNECTION_ENVIRON

GAME_CHANNEL = "hanabi_game"
CHAT_CHANNEL = "hanabi_chat"
TURN_CHANNEL = "hanabi_turn"
TOKEN_CHANNEL = "hanabi_token"
ACCOUNT_CHANNEL = "hanabi_account"
MAX_WAIT_SECONDS = 60
WAIT_JITTER = 0.25
"""An empty wait of `wait` seconds ends between (1 - WAIT_JITTER) * wait and wait seconds..."""
NEW_CONNECTION_WAIT_JITTER = 0.5
"""... or between (1 - NEW_CONNECTION_WAIT_JITTER) * wait and wait seconds when it is the first
request of its connection (or the server does not say which it is): clients that all
reconnected at once end their first waits over twice as long a time, while a client that keeps
its connection does not poll more often for it."""
TURNS_RELOAD_SECONDS = 60.0
"""How often the listener reads every running game's turn again (it follows them by their
notifications between): a bound on what a lost notification could leave wrong."""
RECHECK_SECONDS = 1.0
"""How often a waiting request reads the database while the listener is not listening."""
HEALTH_CHECK_SECONDS = 10.0
"""How long the listener waits for a notification before it checks its connection."""
TOKEN_SYNC_SECONDS = 0.1
"""How often the listener of revoked tokens makes a round trip on its connection: Postgres
sends a listening connection every notification committed before a query began ahead of that
query's answer, so each round trip tells the tokens' subscribers up to when they heard everything
(as soon as its answer has come and what came before it is dispatched, before the wait for the next)."""
MAX_RECONNECT_DELAY = 5.0
APPLICATION_NAME = "hanabi-listener"
"""The long-poll listener's connection, as pg_stat_activity names it."""
TOKEN_APPLICATION_NAME = "hanabi-token-listener"
"""The connection of the listener for revoked tokens."""
LONG_POLL_CHANNELS = (GAME_CHANNEL, TURN_CHANNEL, CHAT_CHANNEL, ACCOUNT_CHANNEL)

log = logging.getLogger(__name__)

T = TypeVar("T")


def game_key(game_id: int) -> tuple:
    """What waits for a game's next event."""
    return ("game", game_id)


def chat_key(game_id: int) -> tuple:
    """What waits for a game's next chat message."""
    return ("chat", game_id)


def turn_key(account_id: int) -> tuple:
    """What waits for an account's next turn."""
    return ("turn", account_id)


def account_key(account_id: int) -> tuple:
    """What waits for an account's next event (its event stream)."""
    return ("account", account_id)


def wait_jitter_of(wsgi_environ: dict) -> float:
    """The part of its wait in which a request's empty wait ends: NEW_CONNECTION_WAIT_JITTER for
    the first request of a connection or one the server does not number, else WAIT_JITTER."""
    return WAIT_JITTER if wsgi_environ.get(REQUEST_ON_CONNECTION_ENVIRON, 1) > 1 else NEW_CONNECTION_WAIT_JITTER


class WaitSeconds(fields.Integer):
    """`wait`: whole seconds, 0 to MAX_WAIT_SECONDS, written as digits only ("5"; not "5.0",
    " 5" or "+5")."""

    def __init__(self, **kwargs):
        super().__init__(
            load_default=0,
            validate=validate.Range(0, MAX_WAIT_SECONDS),
            metadata={
                "description": f"Seconds (0 to {MAX_WAIT_SECONDS}) to wait for something new when there is "
                "nothing yet; the answer comes as soon as something is committed, or empty when the wait ends (at a "
                "random moment in its last quarter, or in its last half on a new connection)"
            },
            **kwargs,
        )

    def _deserialize(self, value, attr, data, **kwargs):
        if not (isinstance(value, str) and value.isascii() and value.isdigit()):
            raise self.make_error("invalid")
        return super()._deserialize(value, attr, data, **kwargs)


def event_class() -> type:
    """`threading.Event`, or gevent's own where gevent has patched `threading` (the API's gunicorn
    workers): the same promises, with a wait that costs a fraction of the patched one's."""
    global _event_class
    if _event_class is None:
        _event_class = threading.Event
        try:
            from gevent import monkey
        except ImportError:
            return _event_class
        if monkey.is_module_patched("threading"):
            from gevent.event import Event

            _event_class = Event
    return _event_class


_event_class: type | None = None


class Watch:
    """One waiting request's wake-up call."""

    def __init__(self):
        self._event = event_class()()

    def wake(self) -> None:
        self._event.set()

    def wait(self, timeout: float) -> bool:
        """Sleep until woken (True) or `timeout` seconds (False). A wake-up that came since the
        last wait returns at once: wake-ups are never lost, only merged."""
        woken = self._event.wait(timeout)
        self._event.clear()
        return woken

    def pending(self) -> bool:
        """Woken since the last wait."""
        return self._event.is_set()


class GreenletWatch(Watch):
    """`Watch` where gevent has patched `threading` (the API's gunicorn workers): a wait is a
    timer of the hub's loop and a switch to the hub, where gevent's `Event` with a timeout
    starts a `Timeout` and, when it expires, throws it into the waiting greenlet."""

    def __init__(self):
        self._woken = False
        self._waiter: Any = None

    def wake(self) -> None:
        if not self._woken:
            self._woken = True
            waiter = self._waiter
            if waiter is not None:
                waiter.hub.loop.run_callback_threadsafe(waiter.switch, True)

    def wait(self, timeout: float) -> bool:
        if not self._woken:
            from gevent.hub import Waiter, get_hub

            hub = get_hub()
            waiter = self._waiter = Waiter(hub)
            timer = hub.loop.timer(max(timeout, 0.0))
            timer.start(waiter.switch, False)
            try:
                waiter.get()
            finally:
                timer.close()
                self._waiter = None
        woken, self._woken = self._woken, False
        return woken

    def pending(self) -> bool:
        return self._woken


def watch_class() -> type[Watch]:
    """`GreenletWatch` where gevent has patched `threading`, else `Watch`."""
    return GreenletWatch if event_class().__module__.startswith("gevent") else Watch


class TokenSubscriber(Protocol):
    def token_revoked(self, digest_hex: str) -> None:
        """A token was revoked (its SHA-256 digest, in hex)."""

    def listening_changed(self, listening: bool) -> None:
        """The listener connected (True) or lost its connection (False)."""

    def heard_until(self, moment: float) -> None:
        """Every revocation committed before `moment` (time.monotonic()) has been told."""


class Listener:
    """LISTENs on `channels` over a connection of its own, and wakes the watches of the
    game or account a notification names."""

    def __init__(
        self, conninfo: str, channels: tuple[str, ...] = LONG_POLL_CHANNELS, application_name: str = APPLICATION_NAME
    ):
        self.conninfo = conninfo
        self.channels = channels
        self.application_name = application_name
        self._lock = threading.Lock()
        self._watches: dict[tuple, set[Watch]] = {}
        self._listening = False
        self._connections = 0
        self._turn_of_game: dict[int, int] = {}
        self._turns_of_account: Counter[int] = Counter()
        """How many running games wait for each account's move (accounts with none are absent)."""
        self._turns_connection: int | None = None
        """The connection on which the turns were read and followed since (None: not known)."""
        self._thread: threading.Thread | None = None
        self._keep_running = False
        self._token_subscribers: list[TokenSubscriber] = []
        self._listening_event = event_class()()
        self.ending = False
        """The process is stopping: waits end at once."""

    @property
    def listening(self) -> bool:
        return self._listening

    @property
    def connection(self) -> int | None:
        """The listener's current connection (a number that changes with every connection and
        disconnection), None while it is not listening: while it stays the same, every
        notification since was heard."""
        return self._connections if self._listening else None

    def connection_within(self, timeout: float) -> int | None:
        """`connection`, starting the listener when it is not running and waiting up to
        `timeout` seconds for it to connect."""
        if self._listening:
            return self.connection
        with self._lock:
            self._start()
        self._listening_event.wait(timeout)
        return self.connection

    def has_nothing(self, key: tuple) -> bool:
        """No running game waits for the move of the account of `key` (a `turn_key`), as the
        listener knows from the turns it read and every notification it heard since."""
        kind, account_id = key
        return (
            kind == "turn"
            and self._turns_connection is not None
            and self._turns_connection == self.connection
            and account_id not in self._turns_of_account
        )

    def subscribe_tokens(self, subscriber: "TokenSubscriber") -> None:
        """Tell `subscriber` of every revoked token and of every connection and disconnection,
        and keep listening (reconnecting as needed) for as long as the process lives."""
        with self._lock:
            self._token_subscribers.append(subscriber)
            self._keep_running = True
            self._start()
            listening = self._listening
        if listening:
            subscriber.listening_changed(True)

    def watching(self, key: tuple) -> int:
        """How many requests wait on `key` now."""
        with self._lock:
            return len(self._watches.get(key, ()))

    def end_waits(self) -> None:
        """Wake every watch, now and from now on (`ending`): the process is stopping."""
        with self._lock:
            self.ending = True
            watches = [watch for keyed in self._watches.values() for watch in keyed]
        for watch in watches:
            watch.wake()

    @contextmanager
    def watch(self, key: tuple) -> Iterator[Watch]:
        """A watch woken by every notification about `key`, while the block runs (and at once
        once the listener is `ending`)."""
        watch = watch_class()()
        with self._lock:
            self._start()
            self._watches.setdefault(key, set()).add(watch)
            if self.ending:
                watch.wake()
        try:
            yield watch
        finally:
            with self._lock:
                watches = self._watches[key]
                watches.discard(watch)
                if not watches:
                    del self._watches[key]

    def _start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="hanabi-listener", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        """Listen until the connection fails; then reconnect with backoff while requests wait,
        or end (the next waiting request starts a new listener)."""
        delay = 0.1
        failures = 0
        while True:
            try:
                with psycopg.connect(self.conninfo, autocommit=True, application_name=self.application_name) as conn:
                    for channel in self.channels:
                        conn.execute(f"LISTEN {channel}")
                    self._set_listening(True, self._read_turns(conn))
                    turns_read_at = time.monotonic()
                    delay = 0.1
                    failures = 0
                    while True:
                        asked_at = time.monotonic()
                        conn.execute("SELECT 1")
                        for notify in conn.notifies(timeout=0):
                            self._dispatch(notify.channel, notify.payload)
                        self._heard_until(asked_at)
                        wait = TOKEN_SYNC_SECONDS if self._token_subscribers else HEALTH_CHECK_SECONDS
                        for notify in conn.notifies(timeout=wait):
                            self._dispatch(notify.channel, notify.payload)
                        if time.monotonic() - turns_read_at >= TURNS_RELOAD_SECONDS:
                            self._replace_turns(self._read_turns(conn))
                            turns_read_at = time.monotonic()
            except Exception as error:
                self._set_listening(False)
                with self._lock:
                    if not self._watches and not self._keep_running:
                        self._thread = None
                        log.info("long-poll listener disconnected (%s); no request waits", error)
                        return
                failures += 1
                log.log(
                    logging.WARNING if failures == 1 else logging.INFO,
                    "notification listener disconnected (%s); reconnecting in %.1f s",
                    error,
                    delay,
                )
            time.sleep(delay)
            delay = min(delay * 2, MAX_RECONNECT_DELAY)

    def _read_turns(self, conn: psycopg.Connection) -> list[tuple[int, int]] | None:
        """Every running game's turn account, when this listener hears of turns."""
        return turn_accounts(conn) if TURN_CHANNEL in self.channels else None

    def _replace_turns(self, turns: list[tuple[int, int]] | None) -> None:
        """Take `turns` as whose turn it is; the notifications heard after they were read
        follow (those of commits they already show only repeat an older state, then a newer)."""
        with self._lock:
            self._turn_of_game = dict(turns or ())
            self._turns_of_account = Counter(self._turn_of_game.values())

    def _set_listening(self, listening: bool, turns: list[tuple[int, int]] | None = None) -> None:
        """Every waiting request reads again: after a reconnection, because notifications sent
        while disconnected are lost; after a disconnection, to start reading periodically."""
        self._replace_turns(turns)
        with self._lock:
            self._listening = listening
            self._connections += 1
            self._turns_connection = self._connections if listening and turns is not None else None
            watches = [watch for group in self._watches.values() for watch in group]
            subscribers = list(self._token_subscribers)
        if listening:
            self._listening_event.set()
        else:
            self._listening_event.clear()
        for subscriber in subscribers:
            subscriber.listening_changed(listening)
        for watch in watches:
            watch.wake()

    def _heard_until(self, moment: float) -> None:
        """The notifications that came with the round trip begun at `moment` (psycopg keeps
        them for `notifies`, which gave them first) have been dispatched."""
        with self._lock:
            subscribers = list(self._token_subscribers)
        for subscriber in subscribers:
            subscriber.heard_until(moment)

    def _dispatch(self, channel: str, payload: str) -> None:
        if channel == TOKEN_CHANNEL:
            with self._lock:
                subscribers = list(self._token_subscribers)
            for subscriber in subscribers:
                subscriber.token_revoked(payload)
            return
        try:
            if channel == GAME_CHANNEL:
                key = game_key(int(payload))
            elif channel == CHAT_CHANNEL:
                key = chat_key(int(payload))
            elif channel == ACCOUNT_CHANNEL:
                key = account_key(int(payload))
            else:
                turn = json.loads(payload)
                game_id, account_id = int(turn["game_id"]), turn["account_id"]
                self._follow_turn(game_id, account_id)
                if account_id is None:
                    return
                key = turn_key(account_id)
        except (ValueError, KeyError, TypeError):
            log.warning("long-poll listener: unreadable notification on %s: %r", channel, payload)
            return
        with self._lock:
            for watch in self._watches.get(key, ()):
                watch.wake()

    def _follow_turn(self, game_id: int, account_id: int | None) -> None:
        """Game `game_id`'s turn is now `account_id`'s (None: no account's, or it is not running)."""
        with self._lock:
            previous = self._turn_of_game.pop(game_id, None)
            if previous is not None:
                self._turns_of_account[previous] -= 1
                if self._turns_of_account[previous] <= 0:
                    del self._turns_of_account[previous]
            if account_id is not None:
                self._turn_of_game[game_id] = account_id
                self._turns_of_account[account_id] += 1


_listeners: dict[tuple[int, str, tuple[str, ...]], Listener] = {}
_listeners_lock = threading.Lock()
_listeners_here: dict[tuple[str, tuple[str, ...]], Listener] = {}
"""This process's listeners, found without a lock (or a system call for the process id): a
forked child starts with none."""
os.register_at_fork(after_in_child=_listeners_here.clear)


def listener_for(
    conninfo: str, channels: tuple[str, ...] = LONG_POLL_CHANNELS, application_name: str = APPLICATION_NAME
) -> Listener:
    """This process's listener on `channels` of the database of `conninfo` (a forked child gets
    its own); its connection is named `application_name` in pg_stat_activity."""
    listener = _listeners_here.get((conninfo, channels))
    if listener is not None:
        return listener
    key = (os.getpid(), conninfo, channels)
    with _listeners_lock:
        listener = _listeners.get(key)
        if listener is None:
            listener = _listeners[key] = Listener(conninfo, channels, application_name)
        _listeners_here[(conninfo, channels)] = listener
        return listener


def end_waits() -> None:
    """Every waiting request of this process answers now, and every later one at once: the
    process is stopping."""
    for listener in list(_listeners_here.values()):
        listener.end_waits()


def long_poll(
    listener: Listener,
    key: tuple,
    read: Callable[[], T],
    found: Callable[[T], bool],
    seconds: float,
    pause: Callable[[], None] = lambda: None,
    nothing: T | None = None,
    started: float | None = None,
    jitter: float = WAIT_JITTER,
) -> T:
    """`read()` until `found(result)` or the wait is over; return the last result.

    The wait lasts `seconds` from `started` (`time.perf_counter()`; default: now), less a random
    part of up to `jitter` of them (`wait_jitter_of`): the API starts it when the request arrived, so that a
    request that queued in a busy server behind others is not answered that much later. Between reads the
    request sleeps until a notification about `key` (or, while the listener is not listening,
    for at most RECHECK_SECONDS); `pause()` runs before each sleep (the API gives its database
    connection back to the pool there). A wait that ends unwoken, the listener connected
    throughout, returns the last read's result without reading again. With `seconds` 0, one read.
    Once the listener is `ending`, the first read's result.

    `nothing` is what `read()` returns when it finds nothing, given when that depends on `key`
    alone: while the listener knows that `key` has nothing (`has_nothing`), the request takes
    `nothing` instead of reading."""
    if seconds <= 0:
        return read()
    deadline = (started or time.perf_counter()) + seconds * (1 - jitter * random.random())
    with listener.watch(key) as watch:
        while True:
            connection = listener.connection
            if nothing is not None and listener.has_nothing(key):
                result = nothing
            else:
                result = read()
            remaining = deadline - time.perf_counter()
            if found(result) or remaining <= 0 or listener.ending:
                return result
            pause()
            woken = watch.wait(remaining if connection is not None else min(remaining, RECHECK_SECONDS))
            if not woken and connection is not None and listener.connection == connection:
                return result
