"""The tokens this process authenticated recently (their accounts and scopes), so that most requests need
no database read to know who is asking.

An entry is trusted only while the process's notification listener is connected: Postgres
announces every revoked token on `hanabi_token` (migration 0006), and the cache forgets it as
soon as the announcement arrives. Whenever the listener connects or loses its connection,
announcements may have been missed, so the cache empties itself. Entries also expire after
`ttl` seconds, whatever happens.

No process trusts a token after its revocation has been answered. The listener makes a round
trip to Postgres every TOKEN_SYNC_SECONDS, and each one tells the cache that every revocation
committed before it began has been heard (`heard_until`); the cache trusts its entries only
while that moment is less than FRESH_SECONDS old. A request that revokes tokens forgets them
in its own process and then waits FRESH_SECONDS before answering (`settle`): by then every
process has either heard the revocation or stopped trusting what it remembers. A lookup that
finds its token remembered while the listener is behind waits up to FRESH_SECONDS for its
next round trips and trusts the entry once one makes the cache fresh again (each judged, as
ever, by when it began); when none does in that time, it reads the token from the database.

Revoking a token revokes its descendants in the same transaction (store.accounts), and each
revoked row is announced on its own, so a revoked descendant is trusted exactly as long as a
revoked token: until its announcement arrives, never past `ttl`.

A lookup that started before a revocation was heard could still read the token as valid; the
cache's `epoch` changes with every announcement, and `remember` keeps nothing read in an older
epoch.
"""

import os
import threading
import time
from collections import deque
from collections.abc import Callable

from hanabi.store.accounts import Token

from .notifications import TOKEN_APPLICATION_NAME, TOKEN_CHANNEL, Listener, event_class, listener_for

DEFAULT_TTL_SECONDS = 60.0
FRESH_SECONDS = 0.5
"""How recent the listener's last round trip must be for the cache to be trusted, and how long
a revocation waits before it answers: five of the listener's round trips (TOKEN_SYNC_SECONDS),
so that a slow moment of the process or of Postgres does not stop the cache."""
MAX_ENTRIES = 100_000
"""Past this many tokens the cache starts again empty (it holds only tokens that worked)."""


class AccountsCache:
    def __init__(self, listener: Listener, ttl: float = DEFAULT_TTL_SECONDS):
        self.ttl = ttl
        self._lock = threading.Lock()
        self._entries: dict[bytes, tuple[Token, float]] = {}
        self._epoch = 0
        self._trusted = False
        self._heard_until = float("-inf")
        self._round_trip = event_class()()
        """Set by the listener's next round trip (`heard_until`), which puts a new one in its place."""
        self.reads = TokenReads(self)
        """Reads of the tokens it does not know, gathered (the short path of waiting turns')."""
        listener.subscribe_tokens(self)

    @property
    def epoch(self) -> int:
        """Read before looking a token up in the database; give it to `remember`."""
        return self._epoch

    def get(self, digest: bytes, wait: float = 0.0) -> Token | None:
        """The token of `digest` when the cache knows it and trusts it now, else None. Known but
        with the listener's last round trip too old, it waits up to `wait` seconds for round trips
        until one makes the cache fresh again."""
        deadline = None
        while True:
            round_trip = self._round_trip
            entry = self._entries.get(digest)
            if entry is None or not self._trusted:
                return None
            account, expires = entry
            now = time.monotonic()
            if now - self._heard_until < FRESH_SECONDS:
                break
            if deadline is None:
                deadline = now + wait
            if now >= deadline or not round_trip.wait(deadline - now):
                return None
        if now >= expires:
            with self._lock:
                self._entries.pop(digest, None)
            return None
        return account

    def look_up(self, digest: bytes, read: Callable[[bytes], Token | None]) -> Token | None:
        """The token of `digest`: from the cache (waiting up to FRESH_SECONDS for the listener
        when it is behind), else `read(digest)` (the database), remembered when found, unless a
        revocation came while it was read."""
        found = self.get(digest, FRESH_SECONDS)
        if found is None:
            epoch = self.epoch
            found = read(digest)
            if found is not None:
                self.remember(digest, found, epoch)
        return found

    def remember(self, digest: bytes, account: Token, epoch: int) -> None:
        with self._lock:
            if self._trusted and epoch == self._epoch:
                if len(self._entries) >= MAX_ENTRIES:
                    self._entries.clear()
                self._entries[digest] = (account, time.monotonic() + self.ttl)

    def forget(self, digest: bytes) -> None:
        with self._lock:
            self._epoch += 1
            self._entries.pop(digest, None)

    def token_revoked(self, digest_hex: str) -> None:
        try:
            digest = bytes.fromhex(digest_hex)
        except ValueError:
            self.listening_changed(self._trusted)
            return
        self.forget(digest)

    def listening_changed(self, listening: bool) -> None:
        with self._lock:
            self._epoch += 1
            self._entries.clear()
            self._trusted = listening
            self._heard_until = float("-inf")

    def heard_until(self, moment: float) -> None:
        self._heard_until = moment
        round_trip, self._round_trip = self._round_trip, event_class()()
        round_trip.set()

    @staticmethod
    def settle() -> None:
        """Wait until every process has heard the revocations committed before this call, or
        trusts none of the tokens it remembers."""
        time.sleep(FRESH_SECONDS)


RELEASED_TOGETHER = 100
"""The requests of a read resume this many at a time, with a turn of the process's loop between
(its other requests' input and output): a few hundred at once would keep it from everything
else for a while."""
TOKENS_PER_READ = 5 * RELEASED_TOGETHER
"""The most tokens one query reads (an index lookup each): a reconnect storm's 10,000 first
polls are read in 20 queries, one after the other."""
RETRY_PAUSE_SECONDS = 0.1
"""How long a read the pool had no connection for waits before it asks again."""
RELEASE_PAUSE_SECONDS = 0.001
"""The pause between two groups of RELEASED_TOGETHER requests resumed: a timer, so that the
process's loop turns (looks at its connections) before the next group."""


class TokenReadFailed(Exception):
    """The database did not answer a gathered read of tokens (in time)."""


class DatabaseBusy(Exception):
    """A read of tokens found the database at hand but busy (the pool gave it no connection in
    time while it gave others theirs): the read runs again while its requests wait."""


class _Batch:
    def __init__(self):
        self.digests: list[bytes] = []
        self.found: dict[bytes, Token] = {}
        self.failed = False
        self.done = event_class()()
        self.waited_until = float("-inf")
        """The latest moment (time.monotonic()) until which one of its requests waits."""


class TokenReads:
    """Reads of tokens a cache does not know, gathered: while one query runs, the tokens asked
    for meanwhile wait for the next, which reads them all at once (and remembers them in the
    cache). After a restart or a break in the network thousands of clients ask at once, each
    with a token the process has not seen; a query and a connection of the pool each, they
    queued for the pool's few connections. One thread of the process reads (a greenlet under
    gevent), one query at a time, while tokens wait; the requests only wait. A read the
    database is too busy for (`DatabaseBusy`) runs again for as long as one of its requests
    waits; one it does not answer fails its requests and those waiting behind it (the
    database is away)."""

    def __init__(self, cache: AccountsCache):
        self.cache = cache
        self._lock = threading.Lock()
        self._open: deque[_Batch] = deque()
        """Batches not read yet, oldest first, each of up to RELEASED_TOGETHER tokens."""
        self._reading = False

    def read(
        self, digest: bytes, read_many: Callable[[list[bytes]], dict[bytes, Token] | None], timeout: float
    ) -> Token | None:
        """The token of `digest`, None when no valid token has it. `read_many(digests)` reads
        the valid tokens among digests: None when the database did not answer (then
        TokenReadFailed), DatabaseBusy when it had no connection for the read in time (the read
        runs again). TokenReadFailed too when the token is not read within `timeout` seconds."""
        waits_until = time.monotonic() + timeout
        with self._lock:
            if not self._open or len(self._open[-1].digests) >= RELEASED_TOGETHER:
                self._open.append(_Batch())
            batch = self._open[-1]
            batch.digests.append(digest)
            batch.waited_until = max(batch.waited_until, waits_until)
            starts_reader = not self._reading
            self._reading = True
        if starts_reader:
            threading.Thread(
                target=self._read_open_batches, args=(read_many,), name="hanabi-token-reads", daemon=True
            ).start()
        if not batch.done.wait(timeout) or batch.failed:
            raise TokenReadFailed
        return batch.found.get(digest)

    def _read_open_batches(self, read_many: Callable[[list[bytes]], dict[bytes, Token] | None]) -> None:
        """Read the open batches, oldest first, up to TOKENS_PER_READ tokens a query, until none
        is left; a batch none of whose requests waits any more is not read."""
        try:
            self._read_until_none_is_left(read_many)
        except BaseException:
            self._fail([])
            raise

    def _read_until_none_is_left(self, read_many: Callable[[list[bytes]], dict[bytes, Token] | None]) -> None:
        while True:
            with self._lock:
                if not self._open:
                    self._reading = False
                    return
                taken: list[_Batch] = []
                now = time.monotonic()
                while self._open and sum(len(batch.digests) for batch in taken) < TOKENS_PER_READ:
                    batch = self._open.popleft()
                    if now < batch.waited_until:
                        taken.append(batch)
                    else:
                        batch.failed = True
                        batch.done.set()
            if not taken:
                continue
            epoch = self.cache.epoch
            try:
                found = read_many([digest for batch in taken for digest in batch.digests])
            except DatabaseBusy:
                with self._lock:
                    self._open.extendleft(reversed(taken))
                time.sleep(RETRY_PAUSE_SECONDS)
                continue
            except Exception:
                found = None
            if found is None:
                self._fail(taken)
                return
            for digest, token in found.items():
                self.cache.remember(digest, token, epoch)
            for index, batch in enumerate(taken):
                if index:
                    time.sleep(RELEASE_PAUSE_SECONDS)
                batch.found = found
                batch.done.set()

    def _fail(self, taken: list[_Batch]) -> None:
        """A read failed: so do the batches that wait behind it (their requests take the full
        path at once)."""
        with self._lock:
            failed = [*taken, *self._open]
            self._open.clear()
            self._reading = False
        for batch in failed:
            batch.failed = True
            batch.done.set()


_caches: dict[tuple[str, float], AccountsCache] = {}
_caches_lock = threading.Lock()
os.register_at_fork(after_in_child=_caches.clear)
"""A forked child starts with no cache: the parent's listener thread did not come along."""


def accounts_cache_for(conninfo: str, ttl: float = DEFAULT_TTL_SECONDS) -> AccountsCache:
    """This process's cache, listening to the database of `conninfo`, keeping entries `ttl` seconds."""
    key = (conninfo, ttl)
    cache = _caches.get(key)
    if cache is None:
        with _caches_lock:
            cache = _caches.get(key)
            if cache is None:
                cache = _caches[key] = AccountsCache(
                    listener_for(conninfo, (TOKEN_CHANNEL,), TOKEN_APPLICATION_NAME), ttl
                )
    return cache
