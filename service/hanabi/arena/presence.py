"""Which bots are online: marks that API processes take where bots already wait for work.

A bot is online while its event stream is open (the stream marks each time it wakes, at least
every 15 s, see api/me.py) or when it long-polled (`wait`) lately. Marking is a set insertion
in the request; a thread of each API process writes the marks of the last FLUSH_SECONDS in one
statement (`store.mark_seen`), so the waiting path gains no database round trip. A bot is then
online for HANABI_ARENA_ONLINE_SECONDS after its last mark reached the database.
"""

import logging
import threading
import time

from psycopg_pool import ConnectionPool

from .store import mark_seen

FLUSH_SECONDS = 5.0

log = logging.getLogger(__name__)


class PresenceMarks:
    def __init__(self, pool: ConnectionPool, flush_seconds: float = FLUSH_SECONDS):
        self._pool = pool
        self._flush_seconds = flush_seconds
        self._seen: set[int] = set()
        self._thread: threading.Thread | None = None
        self._start_lock = threading.Lock()
        self._flush_lock = threading.Lock()

    def mark(self, account_id: int) -> None:
        self._seen.add(account_id)
        if self._thread is None:
            self._start()

    def flush(self) -> int:
        """Write the marks taken since the last flush; returns how many accounts. When it returns,
        every mark taken before the call is in the database, those a flush of the thread was
        writing meanwhile included."""
        with self._flush_lock:
            seen, self._seen = self._seen, set()
            if seen:
                with self._pool.connection() as conn:
                    mark_seen(conn, list(seen))
            return len(seen)

    def _start(self) -> None:
        with self._start_lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="hanabi-presence", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            time.sleep(self._flush_seconds)
            try:
                self.flush()
            except Exception as error:  # the database may be away: marks of the next period come again
                log.warning("could not write bots' presence: %s", error)
