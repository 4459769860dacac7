"""The production topology on this machine, made of real processes a test can kill and restart.

A `Cluster` runs a Postgres server and a redis-server of its own (on free ports of 127.0.0.1,
so stopping them touches nothing else), N API processes (`hanabi serve --no-run-worker`: gunicorn,
each on a port of its own), M `hanabi worker` processes and one `hanabi beat`, all with the
DATABASE_URL and CELERY_BROKER_URL of those two servers. Every process writes its own log in the
cluster's folder (`api-0.log`, `worker-1.log`, `beat.log`, `postgres.log`, `redis.log`).

    with Cluster(folder, apis=2, workers=2) as cluster:
        cluster.kill_api(0); cluster.start_api(0)
        cluster.postgres.stop(); cluster.postgres.start()

With `supervise=True` a thread restarts any API, worker or beat process that exits without
being told to (after `RESTART_DELAY_SECONDS`), as `restart: unless-stopped` does in
deploy/compose.yaml, and keeps a list of those exits (`unexpected_exits`).

Used by tests/faults/ and tests/bench/scale_out.py.
"""

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
import redis
from hanabi.store.migrate import apply_migrations

from tests.waiting import until
from tests.worker.processes import kill, start_hanabi

SERVICE_VARIABLES = ("DATABASE_URL", "CELERY_BROKER_URL", "HANABI_DATA_DIR", "HANABI_QUEUE")
"""Variables of the surrounding environment a cluster's processes must not inherit."""

RESTART_DELAY_SECONDS = 1.0

POSTGRES_USER = "pgserver"
"""As root, Postgres runs as this OS user (Postgres refuses to run as root); pgserver creates it too."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def redis_server_binary() -> str | None:
    return shutil.which("redis-server")


def _pgserver_commands():
    """pgserver's `_commands` and `utils` modules, imported without its XDG_RUNTIME_DIR warning."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*XDG_RUNTIME_DIR.*")
        from pgserver import _commands, utils
    return _commands, utils


@dataclass(frozen=True)
class Exit:
    """A process of the cluster that exited when nobody had asked it to."""

    process: str
    at: float
    returncode: int
    reason: str
    """The last line of its log that names an error (its last line if none does)."""


class Postgres:
    """A Postgres server from pgserver's binaries with its files in `folder`, listening on TCP
    127.0.0.1:`port` only. `start` and `stop` may be called any number of times: the data stays."""

    def __init__(self, folder: Path, port: int | None = None, *, fsync: bool = False):
        self.folder = Path(folder)
        self.fsync = fsync
        self.data = self.folder / "data"
        self.port = port or free_port()
        self.log_path = self.folder / "postgres.log"
        self.process: subprocess.Popen | None = None

    @property
    def server_url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def url(self, database: str) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def initdb(self) -> None:
        commands, utils = _pgserver_commands()
        bin_path = commands.POSTGRES_BIN_PATH
        self.folder.mkdir(parents=True, exist_ok=True)
        user = self._os_user()
        if user is not None:
            import pwd

            utils.ensure_user_exists(user)
            utils.ensure_prefix_permissions(self.folder)
            utils.ensure_folder_permissions(bin_path, 0o055)  # read and execute for all
            utils.ensure_folder_permissions(bin_path.parent / "lib", 0o044)
            entry = pwd.getpwnam(user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        subprocess.run(
            [
                str(bin_path / "initdb"),
                "-D",
                str(self.data),
                "--auth=trust",
                "--encoding=utf8",
                "--username=postgres",
                "--no-sync",
            ],
            user=user,
            cwd=self.folder,
            check=True,
            capture_output=True,
        )

    def start(self, timeout: float = 60) -> None:
        """Start the server and wait until it accepts connections (after crash recovery, if any)."""
        commands, _ = _pgserver_commands()

        assert self.process is None or self.process.poll() is not None, "Postgres is running"
        # Without fsync a crash of the server's processes still loses nothing (the WAL is handed to
        # the OS at each commit); only a crash of the machine would, and no test crashes the machine.
        settings = {
            "listen_addresses": "127.0.0.1",
            "unix_socket_directories": "",
            "max_connections": "300",
            "fsync": "on" if self.fsync else "off",
            "full_page_writes": "on" if self.fsync else "off",
        }
        command = [str(commands.POSTGRES_BIN_PATH / "postgres"), "-D", str(self.data), "-p", str(self.port)]
        for name, value in settings.items():
            command += ["-c", f"{name}={value}"]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                command,
                user=self._os_user(),
                cwd=self.folder,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )

        def accepts() -> bool:
            try:
                with psycopg.connect(self.server_url, connect_timeout=2, autocommit=True) as conn:
                    conn.execute("SELECT 1")
                return True
            except psycopg.OperationalError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"Postgres exited: {tail(self.log_path)}") from None
                return False

        with log_on_timeout(self.log_path):
            until(accepts, timeout, "Postgres did not accept connections", 0.1)

    def stop(self, *, immediate: bool = False, timeout: float = 60) -> None:
        """Stop the server: a fast shutdown (SIGINT), or with `immediate` one that ends every
        process at once without a checkpoint (SIGQUIT), as a crash does: the next start replays the WAL."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGQUIT if immediate else signal.SIGINT)
        try:
            self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            kill(self.process)

    @staticmethod
    def _os_user() -> str | None:
        return POSTGRES_USER if os.geteuid() == 0 else None


class Redis:
    """A redis-server on 127.0.0.1:`port` that keeps nothing on disk: after a restart it is empty,
    as a Redis without persistence that crashed would be (every queued message is gone)."""

    def __init__(self, folder: Path, port: int | None = None):
        self.folder = Path(folder)
        self.port = port or free_port()
        self.log_path = self.folder / "redis.log"
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30) -> None:
        binary = redis_server_binary()
        assert binary is not None, "no redis-server on PATH"
        assert self.process is None or self.process.poll() is not None, "Redis is running"
        self.folder.mkdir(parents=True, exist_ok=True)
        command = [
            binary,
            "--bind",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(self.folder),
        ]
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        client = redis.Redis.from_url(self.url, socket_connect_timeout=1, socket_timeout=1)

        def answers() -> bool:
            try:
                return client.ping()
            except redis.RedisError:
                if self.process.poll() is not None:
                    raise RuntimeError(f"redis-server exited: {tail(self.log_path)}") from None
                return False

        with log_on_timeout(self.log_path):
            until(answers, timeout, "redis-server did not answer")

    def kill(self) -> None:
        """SIGKILL: what was queued is lost."""
        if self.process is not None and self.process.poll() is None:
            kill(self.process)


class Cluster:
    """Postgres, Redis, `apis` API processes, `workers` workers and one beat (see the module)."""

    def __init__(
        self,
        folder: Path,
        *,
        apis: int = 2,
        workers: int = 2,
        api_workers: int = 1,
        worker_concurrency: int = 2,
        worker_pool: str = "prefork",
        environ: dict | None = None,
        supervise: bool = False,
        postgres_fsync: bool = False,
    ):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        # Postgres's folder is outside pytest's temporary folders, which pytest keeps closed to
        # other users: as root the server runs as another user, who must reach its files.
        self.postgres_folder = Path(tempfile.mkdtemp(prefix="hanabi-cluster-postgres-"))
        self.postgres = Postgres(self.postgres_folder, fsync=postgres_fsync)
        self.redis = Redis(self.folder / "redis")
        self.api_ports = [free_port() for _ in range(apis)]
        self.api_command = ["serve", "--no-run-worker", "--workers", str(api_workers)]
        self.worker_command = [
            "worker",
            "--pool",
            worker_pool,
            "--concurrency",
            str(worker_concurrency),
            "--loglevel",
            "INFO",
        ]
        self.extra_environ = dict(environ or {})
        self.processes: dict[str, subprocess.Popen] = {}
        self.down: set[str] = set()
        """Processes stopped on purpose (killed by a test, or the cluster closing)."""
        self.log_offsets: dict[str, int] = {}
        self.unexpected_exits: list[Exit] = []
        self.lock = threading.RLock()
        self.closing = threading.Event()
        self.supervisor = (
            threading.Thread(target=self._supervise, name="cluster-supervisor", daemon=True) if supervise else None
        )
        self.api_names = [f"api-{index}" for index in range(apis)]
        self.worker_names = [f"worker-{index}" for index in range(workers)]

    @property
    def database_url(self) -> str:
        return self.postgres.url("hanabi")

    @property
    def api_urls(self) -> list[str]:
        """The base URL (.../v1) of each API process."""
        return [f"http://127.0.0.1:{port}/v1" for port in self.api_ports]

    @property
    def apis(self) -> list[subprocess.Popen]:
        return [self.processes[name] for name in self.api_names]

    @property
    def workers(self) -> list[subprocess.Popen]:
        return [self.processes[name] for name in self.worker_names]

    def environ(self, name: str) -> dict:
        env = {key: value for key, value in os.environ.items() if key not in SERVICE_VARIABLES}
        env.update(
            DATABASE_URL=self.database_url,
            CELERY_BROKER_URL=self.redis.url,
            HANABI_DATA_DIR=str(self.folder / f"data-{name}"),
            **self.extra_environ,
        )
        return env

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def start(self) -> None:
        self.postgres.initdb()
        self.postgres.start()
        with psycopg.connect(self.postgres.server_url, autocommit=True) as admin:
            admin.execute("CREATE DATABASE hanabi")
        apply_migrations(self.database_url)
        self.redis.start()
        for name in [*self.api_names, *self.worker_names, "beat"]:
            self._start(name)
        for index in range(len(self.api_names)):
            self.wait_api_ready(index)
        for index in range(len(self.worker_names)):
            self.wait_worker_ready(index)
        if self.supervisor is not None:
            self.supervisor.start()

    def close(self) -> None:
        """Stop every process: SIGTERM to all at once, then SIGKILL to any still running after 15 s."""
        self.closing.set()
        if self.supervisor is not None and self.supervisor.is_alive():
            self.supervisor.join()
        with self.lock:
            self.down.update(self.processes)
            running = [process for process in self.processes.values() if process.poll() is None]
            for process in running:
                process.send_signal(signal.SIGTERM)
            deadline = time.monotonic() + 15
            for process in running:
                try:
                    process.wait(max(0.1, deadline - time.monotonic()))
                except subprocess.TimeoutExpired:
                    kill(process)
        self.redis.kill()
        self.postgres.stop()
        shutil.rmtree(self.postgres_folder, ignore_errors=True)

    def _command(self, name: str) -> list[str]:
        if name in self.api_names:
            return [*self.api_command, "--port", str(self.api_ports[self.api_names.index(name)])]
        if name in self.worker_names:
            return self.worker_command
        return ["beat", "--loglevel", "INFO"]

    def _start(self, name: str) -> None:
        with self.lock:
            current = self.processes.get(name)
            assert current is None or current.poll() is not None, f"{name} is running"
            log = self.log(name)
            self.log_offsets[name] = log.stat().st_size if log.exists() else 0
            self.processes[name] = start_hanabi(self._command(name), self.environ(name), log)
            self.down.discard(name)

    def _kill(self, name: str) -> None:
        """SIGKILL the process and every process it started (gunicorn's workers, Celery's pool)."""
        with self.lock:
            self.down.add(name)
            kill(self.processes[name])

    def _supervise(self) -> None:
        while not self.closing.wait(0.2):
            with self.lock:
                exited = [
                    (name, process.returncode)
                    for name, process in self.processes.items()
                    if name not in self.down and process.poll() is not None
                ]
                for name, returncode in exited:
                    self.unexpected_exits.append(Exit(name, time.time(), returncode, last_error(self.log(name))))
                    self.down.add(name)
            for name, _ in exited:
                threading.Timer(RESTART_DELAY_SECONDS, self._restart_unless_closing, (name,)).start()

    def _restart_unless_closing(self, name: str) -> None:
        with self.lock:
            if not self.closing.is_set() and name in self.down:
                self._start(name)

    # API processes

    def start_api(self, index: int, *, wait: bool = True) -> None:
        self._start(self.api_names[index])
        if wait:
            self.wait_api_ready(index)

    def kill_api(self, index: int) -> None:
        """SIGKILL the API process (gunicorn's master and its workers), as a crash would."""
        self._kill(self.api_names[index])

    def wait_api_ready(self, index: int, timeout: float = 60) -> None:
        name = self.api_names[index]
        url = self.api_urls[index] + "/ready"

        def ready() -> bool:
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        return True
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if self.processes[name].poll() is not None:
                raise RuntimeError(f"{name} exited: {tail(self.log(name))}")
            return False

        with log_on_timeout(self.log(name)):
            until(ready, timeout, f"{name} was not ready", 0.1)

    # Workers

    def start_worker(self, index: int, *, wait: bool = True) -> None:
        self._start(self.worker_names[index])
        if wait:
            self.wait_worker_ready(index)

    def kill_worker(self, index: int) -> None:
        """SIGKILL the worker and its pool's processes: the tasks they held are not acknowledged."""
        self._kill(self.worker_names[index])

    def wait_worker_ready(self, index: int, timeout: float = 60) -> None:
        """Until the worker's log says it is ready (Celery's "celery@... ready.") since its last start."""
        name = self.worker_names[index]
        log = self.log(name)

        def ready() -> bool:
            if log.exists():
                with open(log, "rb") as f:
                    f.seek(self.log_offsets.get(name, 0))
                    if b" ready." in f.read():
                        return True
            if self.processes[name].poll() is not None:
                raise RuntimeError(f"{name} exited: {tail(log)}")
            return False

        with log_on_timeout(log):
            until(ready, timeout, f"{name} was not ready", 0.1)


def last_error(log: Path) -> str:
    """What the end of the log says went wrong: of a JSON log, the last CRITICAL entry's message,
    else the last ERROR's; of a text log, the last line that names an error."""
    lines, critical = [], []
    for line in tail(log, 20000).splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            entry = None
        if isinstance(entry, dict):
            line = entry.get("message", "")
            if entry.get("level") == "CRITICAL":
                critical.append(line)
        lines.append(line.strip())
    errors = [line for line in lines if "rror" in line]
    return (critical or errors or [line for line in lines if line] or [""])[-1][:300]


def tail(path: Path, characters: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-characters:]
    except OSError as error:
        return f"(no log: {error})"


@contextmanager
def log_on_timeout(path: Path) -> Iterator[None]:
    """A wait's timeout (`until`'s AssertionError) as a RuntimeError with the end of the log at `path`."""
    try:
        yield
    except AssertionError as error:
        raise RuntimeError(f"{error}: {tail(path)}") from None
