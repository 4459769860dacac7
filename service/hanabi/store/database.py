"""Connections to Postgres: a server given by URL, or an embedded one (pgserver) in a data folder.

Connections are in autocommit mode: every write of the store is one statement or runs in an
explicit `conn.transaction()`, so no connection sits idle inside a transaction it did not ask for.
"""

import fcntl
import os
import tempfile
import warnings
from pathlib import Path
from urllib.parse import quote

import orjson
import psycopg
from psycopg.types.json import set_json_dumps, set_json_loads
from psycopg_pool import ConnectionPool

from hanabi.config import Settings

set_json_dumps(orjson.dumps)
set_json_loads(orjson.loads)
"""JSON columns (games' options and seats, every read of a game's actions) go through orjson, which
is several times faster than the json module; every value the store writes is plain JSON."""


class EmbeddedPostgresError(RuntimeError):
    """The embedded Postgres cannot be started where it was asked to run."""


def start_embedded_postgres(pgdata: Path, *, delete_on_exit: bool = False) -> str:
    """Start (or reuse) the Postgres server whose files live in `pgdata`; return its URL.

    The server listens on a Unix socket only. Several processes may share it; it stops when
    the last of them exits, and with `delete_on_exit` its files are deleted then too. As root,
    pgserver runs Postgres as the OS user `pgserver`, which it creates, and opens the folder's
    parents for that user to traverse (they must stay open for it to stop the server).
    """
    pgdata = Path(pgdata).resolve()
    if any(character.isspace() for character in str(pgdata)):
        raise EmbeddedPostgresError(
            f"The embedded Postgres cannot run in {str(pgdata)!r}: pgserver fails on paths with spaces. "
            "Set HANABI_DATA_DIR to a folder whose path has no spaces, or set DATABASE_URL."
        )
    pgdata.mkdir(parents=True, exist_ok=True)  # pgserver's own mkdir fails when two processes race
    with open(Path(tempfile.gettempdir()) / "hanabi-pgserver.lock", "a") as lock:
        # One start at a time on the machine: as root, two first starts both create the OS user,
        # and the loser's useradd can leave initdb with a user id that no longer exists.
        fcntl.flock(lock, fcntl.LOCK_EX)
        forget_dead_users(pgdata)
        server = _pgserver().get_server(pgdata, cleanup_mode="delete" if delete_on_exit else "stop")
    socket_dir = server.get_postmaster_info().socket_dir
    return f"postgresql://postgres@/postgres?host={quote(str(socket_dir), safe='/')}"


HANDLE_PIDS = ".handle_pids.json"
"""pgserver's list of the processes using a server (in its folder): the last to exit stops it."""


def forget_dead_users(pgdata: Path) -> None:
    """Drop from pgserver's list the processes that died without saying so (killed with SIGKILL):
    pgserver stops the server only when the last process of its list exits, so one dead entry
    kept it running for good. The next start reuses the running server and, its list true again,
    stops it at its end. Called under the start lock."""
    pids_file = Path(pgdata) / HANDLE_PIDS
    try:
        pids = orjson.loads(pids_file.read_bytes())
    except (FileNotFoundError, orjson.JSONDecodeError):
        return
    alive = [pid for pid in pids if _alive(pid)]
    if alive != pids:
        pids_file.write_bytes(orjson.dumps(alive))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def stop_embedded_postgres(pgdata: Path) -> None:
    """Stop the embedded server of `pgdata` now rather than when this process exits."""
    _pgserver().get_server(Path(pgdata).resolve()).cleanup()


def _pgserver():
    """The pgserver module, imported without its warning about XDG_RUNTIME_DIR being unset."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
        import pgserver
    return pgserver


def database_url(settings: Settings) -> str:
    """DATABASE_URL when it is set, else the URL of the embedded server (started if need be)."""
    if settings.database_url:
        return settings.database_url
    return start_embedded_postgres(settings.embedded_postgres_dir)


def connect(url: str) -> psycopg.Connection:
    """A connection of its own (autocommit)."""
    return psycopg.Connection.connect(url, autocommit=True)


def create_pool(
    url: str,
    *,
    min_size: int = 1,
    max_size: int = 10,
    timeout: float = 10.0,
    prepared_statements: bool = True,
) -> ConnectionPool:
    """An open pool of autocommit connections; `timeout` is how long a request waits for a free
    connection. Without `prepared_statements` psycopg never prepares (for a PgBouncer in
    transaction mode before 1.21)."""
    options = {"autocommit": True}
    if not prepared_statements:
        options["prepare_threshold"] = None
    pool = ConnectionPool(
        url,
        min_size=min_size,
        max_size=max_size,
        timeout=timeout,
        kwargs=options,
        open=False,
        name="hanabi",
    )
    pool.open(wait=True)
    return pool


def pool_from_settings(settings: Settings) -> ConnectionPool:
    return create_pool(
        database_url(settings),
        min_size=settings.pool_min_size,
        max_size=settings.pool_max_size,
        prepared_statements=settings.prepared_statements,
    )
