"""The process-wide cache of game states, so that reading a game replays only its newest events.

`STATES` is shared by every connection of the process; `cache_key` names a game in it.
"""

import threading
from collections import OrderedDict

import psycopg

from .records import LoadedGame


class StateCache:
    """The states of the games this process read last, each with its game as read with it (its
    version is the state's; its options, deck and other fixed columns are reused).

    The log is append-only, so the state of a game at version v never changes: a later read
    of the game replays only the events after v. Entries are keyed by server, database and
    game, and checked against the game's creation time, so a database dropped and created
    again under the same name cannot hand out another game's state. Only states read from
    committed data are stored (see `games.load_game`), never one a transaction may still roll back.
    """

    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[tuple, LoadedGame] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: tuple) -> LoadedGame | None:
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            return entry

    def put(self, key: tuple, entry: LoadedGame) -> None:
        with self._lock:
            current = self._entries.get(key)
            if (
                current is None
                or current.game.created_at != entry.game.created_at
                or current.game.version < entry.game.version
            ):
                self._entries[key] = entry
            self._entries.move_to_end(key)
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


STATES = StateCache(size=1000)
"""This process's cache of game states (some kB each: states share their deck and tables)."""


def cache_key(conn: psycopg.Connection, game_id: int) -> tuple:
    return (conn.info.host, conn.info.port, conn.info.dbname, game_id)
