"""deploy/'s topology on hosts made of network namespaces (netns.py), run from deploy/'s files.

| host | runs | from |
|---|---|---|
| proxy | `haproxy -f haproxy.cfg` on :8080 | deploy/haproxy.cfg, its `server-template` line made one `server` per API |
| api1..3 | `gunicorn --config deploy/gunicorn.conf.py hanabi.runtime.wsgi:app` on :8000 | compose's `api` command |
| worker1..2 | `hanabi worker --concurrency 2` | compose's `worker` command |
| beat | `hanabi beat` | compose's `beat` command |
| redis | `redis-server --appendonly yes` on :6379 | compose's `redis` command |
| pg1, pg2 | Debian's postgresql-15, a primary and its synchronous streaming replica | deploy/postgresql.conf |
| bouncer | `pgbouncer` (transaction pooling), when a test asks for it | deploy/pgbouncer.ini |

The service's processes get compose's settings (DATABASE_URL with both Postgres hosts and
`target_session_attrs=read-write`, so that a connection always reaches the primary,
CELERY_BROKER_URL, HANABI_RATE_LIMIT_STORAGE, HANABI_TRUSTED_PROXIES=1) and, to make faults
short, a sweep every second and a bot turn re-sent after 3 s (the defaults are 5 s and 10 s).

Failover is the test's: `promote` makes the replica the primary (pg_promote) and empties its
`synchronous_standby_names` (it has no standby left), as Patroni does in its non-strict
synchronous mode; deploy/README.md says what Patroni adds.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import psycopg
import redis
from hanabi.store.migrate import apply_migrations

from .netns import Host, Network

REPO = Path(__file__).resolve().parents[2]
DEPLOY = REPO / "deploy"
POSTGRES_BIN = Path("/usr/lib/postgresql/15/bin")
BIN = Path(sys.executable).parent
"""The virtual environment's `gunicorn` and `hanabi`."""
API_PORT = 8000
PROXY_PORT = 8080
POSTGRES_PORT = 5432
REDIS_PORT = 6379
BOUNCER_PORT = 6432
POSTGRES_USER = "postgres"
"""The OS user Debian's postgresql package makes; Postgres refuses to run as root."""

SERVICE_VARIABLES = ("DATABASE_URL", "CELERY_BROKER_URL", "HANABI_DATA_DIR", "HANABI_QUEUE", "WEB_CONCURRENCY")

FAULT_SETTINGS = {
    "HANABI_SWEEP_SECONDS": "1",
    "HANABI_BOT_STALL_SECONDS": "3",
    "HANABI_DB_POOL_MAX": "8",
    "HANABI_LOG_FORMAT": "text",
    "WEB_CONCURRENCY": "1",
}
"""Besides compose's settings: shorter sweeps, one gunicorn worker per API host (2 CPUs)."""

CONNECTIONS_PER_ADDRESS = 40
"""The proxy's per-address cap in the test (HAPROXY_CONNECTIONS_PER_ADDRESS; deploy's default is 10,000)."""
PROXY_MAXCONN = 9000
"""HAProxy's `-n`, over the file's `maxconn 20000`: that needs 40,031 open files, and this
machine's hard limit is 20,000 (a container's root cannot raise it)."""


def missing_parts() -> list[str]:
    """What of the cluster's programs this machine lacks."""
    missing = [name for name in ("haproxy", "redis-server", "pgbouncer", "runuser") if shutil.which(name) is None]
    if not (POSTGRES_BIN / "postgres").exists():
        missing.append(str(POSTGRES_BIN / "postgres"))
    try:
        import pwd

        pwd.getpwnam(POSTGRES_USER)
    except KeyError:
        missing.append(f"the OS user {POSTGRES_USER}")
    return missing


def wait_until(predicate, timeout: float, what: str, interval: float = 0.1):
    deadline = time.monotonic() + timeout
    while True:
        try:
            result = predicate()
        except Exception as error:
            result, last = None, error
        else:
            last = None
        if result:
            return result
        if time.monotonic() > deadline:
            raise RuntimeError(f"{what}: not within {timeout} s ({last!r})")
        time.sleep(interval)


def http_status(url: str, timeout: float = 3) -> int | None:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(url, timeout=timeout) as answer:
            return answer.status
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, OSError):
        return None


class PostgresNode:
    """Debian's Postgres 15 in a host, its files in `folder` (owned by the OS user postgres)."""

    def __init__(self, host: Host, folder: Path):
        self.host = host
        self.data = folder / host.name

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@{self.host.address}:{POSTGRES_PORT}/{database}"

    def initdb(self, subnet: str) -> None:
        self.host.execute(
            [str(POSTGRES_BIN / "initdb"), "-D", str(self.data), "--auth=trust", "--username=postgres", "--no-sync"],
            user=POSTGRES_USER,
        )
        with open(self.data / "postgresql.conf", "a") as conf:
            conf.write(f"\ninclude '{DEPLOY / 'postgresql.conf'}'\n")
        with open(self.data / "pg_hba.conf", "a") as hba:
            # The test's hosts only, without passwords (a deployment uses scram-sha-256).
            hba.write(f"host all all {subnet} trust\nhost replication all {subnet} trust\n")

    def base_backup(self, primary: "PostgresNode") -> None:
        """A copy of the primary that follows it (standby.signal, primary_conninfo naming this host)."""
        conninfo = f"host={primary.host.address} port={POSTGRES_PORT} user=postgres application_name={self.host.name}"
        self.host.execute(
            [
                str(POSTGRES_BIN / "pg_basebackup"),
                "-d",
                conninfo,
                "-D",
                str(self.data),
                "-R",
                "-X",
                "stream",
                "--checkpoint=fast",
                "--no-sync",
            ],
            user=POSTGRES_USER,
        )

    def start(self) -> None:
        # fsync off: a crash of Postgres's processes still loses nothing (the WAL is with the OS
        # at each commit, and on the replica before the commit returns); no test crashes the machine.
        self.host.run(
            "postgres",
            [str(POSTGRES_BIN / "postgres"), "-D", str(self.data), "-c", "unix_socket_directories=", "-c", "fsync=off"],
            user=POSTGRES_USER,
        )
        wait_until(self.answers, 60, f"Postgres on {self.host.name}")

    def answers(self) -> bool:
        with psycopg.connect(self.url(), connect_timeout=2, autocommit=True) as conn:
            conn.execute("SELECT 1")
        return True

    def promote(self) -> None:
        with psycopg.connect(self.url(), connect_timeout=2, autocommit=True) as conn:
            conn.execute("SELECT pg_promote(wait => true, wait_seconds => 30)")
            conn.execute("ALTER SYSTEM SET synchronous_standby_names = ''")
            conn.execute("SELECT pg_reload_conf()")


class Cluster:
    """The hosts of the module's table; `close` kills every process and removes every host."""

    def __init__(self, folder: Path, *, apis: int = 3, workers: int = 2):
        self.folder = Path(folder)
        self.api_count = apis
        self.worker_count = workers
        self.network: Network | None = None
        self.postgres_folder: Path | None = None
        self.hosts: dict[str, Host] = {}
        self.postgres: list[PostgresNode] = []
        self.primary: PostgresNode | None = None
        self.proxy_config = self.folder / "haproxy.cfg"
        # A Unix socket's path has at most 107 bytes (HAProxy allows 97): not under pytest's folders.
        self.runtime_folder = Path(tempfile.mkdtemp(prefix="hcl-"))
        self.admin_socket = self.runtime_folder / "haproxy-admin.sock"

    def __enter__(self):
        try:
            self.start()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    # Addresses and settings

    @property
    def api_names(self) -> list[str]:
        return [f"api{index}" for index in range(1, self.api_count + 1)]

    @property
    def worker_names(self) -> list[str]:
        return [f"worker{index}" for index in range(1, self.worker_count + 1)]

    @property
    def proxy_url(self) -> str:
        return f"http://{self.hosts['proxy'].address}:{PROXY_PORT}"

    @property
    def database_url(self) -> str:
        """Both Postgres hosts: libpq takes the first that accepts writes."""
        hosts = ",".join(f"{node.host.address}:{POSTGRES_PORT}" for node in self.postgres)
        return f"postgresql://postgres@{hosts}/hanabi?target_session_attrs=read-write&connect_timeout=3"

    @property
    def redis_address(self) -> str:
        return self.hosts["redis"].address

    def environ(self, name: str, **extra: str) -> dict:
        env = {key: value for key, value in os.environ.items() if key not in SERVICE_VARIABLES}
        env.update(
            DATABASE_URL=self.database_url,
            CELERY_BROKER_URL=f"redis://{self.redis_address}:{REDIS_PORT}/0",
            HANABI_RATE_LIMIT_STORAGE=f"redis://{self.redis_address}:{REDIS_PORT}/1",
            HANABI_TRUSTED_PROXIES="1",
            HANABI_DATA_DIR=str(self.folder / f"data-{name}"),
            **FAULT_SETTINGS,
        )
        env.update(extra)
        return env

    # Start and stop

    def start(self) -> None:
        self.network = Network(self.folder)
        for name in ["proxy", *self.api_names, *self.worker_names, "beat", "redis", "pg1", "pg2"]:
            self.hosts[name] = self.network.add_host(name)
        self.start_postgres()
        self.start_redis()
        for name in self.api_names:
            self.start_api(name, wait=False)
        for name in self.api_names:
            self.wait_api(name)
        for name in self.worker_names:
            self.start_worker(name)
        self.hosts["beat"].run("beat", [str(BIN / "hanabi"), "beat"], env=self.environ("beat"))
        self.start_proxy()

    def close(self) -> None:
        if self.network is not None:
            self.network.close()
        if self.postgres_folder is not None:
            shutil.rmtree(self.postgres_folder, ignore_errors=True)
        shutil.rmtree(self.runtime_folder, ignore_errors=True)

    def start_postgres(self) -> None:
        # Outside pytest's folders, which stay closed to other users: Postgres runs as postgres.
        self.postgres_folder = Path(tempfile.mkdtemp(prefix="hanabi-cluster-pg-"))
        shutil.chown(self.postgres_folder, POSTGRES_USER, POSTGRES_USER)
        primary, replica = (PostgresNode(self.hosts[name], self.postgres_folder) for name in ("pg1", "pg2"))
        self.postgres = [primary, replica]
        self.primary = primary
        primary.initdb(str(self.network.subnet))
        primary.start()
        replica.base_backup(primary)
        replica.start()
        self.wait_synchronous()
        with psycopg.connect(primary.url(), autocommit=True) as conn:
            conn.execute("CREATE DATABASE hanabi")
        apply_migrations(self.database_url)

    def wait_synchronous(self) -> None:
        """Until the primary counts a standby as synchronous."""

        def synchronous():
            with psycopg.connect(self.primary.url(), connect_timeout=2, autocommit=True) as conn:
                states = conn.execute("SELECT sync_state FROM pg_stat_replication").fetchall()
            return any(state in ("sync", "quorum") for (state,) in states)

        wait_until(synchronous, 60, "a synchronous standby")

    @property
    def replica(self) -> PostgresNode:
        (other,) = [node for node in self.postgres if node is not self.primary]
        return other

    def fail_over(self) -> None:
        """The replica becomes the primary (the old primary is dead)."""
        new = self.replica
        new.promote()
        self.primary = new

    def start_redis(self) -> None:
        folder = self.folder / "redis"
        folder.mkdir(exist_ok=True)
        self.hosts["redis"].run(
            "redis",
            [
                "redis-server",
                "--bind",
                "0.0.0.0",
                "--port",
                str(REDIS_PORT),
                "--protected-mode",
                "no",
                "--appendonly",
                "yes",
                "--save",
                "",
                "--dir",
                str(folder),
            ],
        )
        client = redis.Redis(host=self.redis_address, port=REDIS_PORT, socket_connect_timeout=1, socket_timeout=1)
        wait_until(client.ping, 30, "Redis")

    def stop_redis(self) -> None:
        self.hosts["redis"].stop("redis")

    def start_api(self, name: str, *, wait: bool = True, **extra: str) -> None:
        self.hosts[name].run(
            "gunicorn",
            [str(BIN / "gunicorn"), "--config", str(DEPLOY / "gunicorn.conf.py"), "hanabi.runtime.wsgi:app"],
            env=self.environ(name, **extra),
            cwd=self.folder,
        )
        if wait:
            self.wait_api(name)

    def wait_api(self, name: str, timeout: float = 90) -> None:
        url = f"http://{self.hosts[name].address}:{API_PORT}/v1/ready"
        wait_until(lambda: http_status(url) == 200, timeout, f"{name} ready")

    def stop_api(self, name: str) -> None:
        """gunicorn's graceful stop (SIGTERM): requests in progress get its graceful_timeout."""
        self.hosts[name].stop("gunicorn", timeout=30)

    def start_worker(self, name: str, wait: bool = True) -> None:
        host = self.hosts[name]
        offset = host.log("worker").stat().st_size if host.log("worker").exists() else 0
        host.run(
            "worker",
            [str(BIN / "hanabi"), "worker", "--concurrency", "2", "--loglevel", "INFO"],
            env=self.environ(name),
        )
        if wait:

            def ready():
                with open(host.log("worker"), "rb") as log:
                    log.seek(offset)
                    return b" ready." in log.read()

            wait_until(ready, 90, f"{name} ready")

    # PgBouncer

    def bouncer_config_text(self) -> str:
        """deploy/pgbouncer.ini with the primary's address for `host=postgres`, and no passwords
        (trust, an auth_file naming the user postgres) instead of scram-sha-256."""
        deployed = (DEPLOY / "pgbouncer.ini").read_text()
        replacements = [
            ("host=postgres ", f"host={self.primary.host.address} "),
            ("auth_type = scram-sha-256", "auth_type = trust"),
            ("auth_file = /etc/pgbouncer/userlist.txt", f"auth_file = {self.postgres_folder / 'userlist.txt'}"),
        ]
        for old, new in replacements:
            assert deployed.count(old) == 1, f"deploy/pgbouncer.ini has no single {old!r}"
            deployed = deployed.replace(old, new)
        return deployed

    def start_bouncer(self) -> None:
        """PgBouncer on its own host, run as postgres (it refuses root), files beside Postgres's."""
        host = self.hosts["bouncer"] = self.network.add_host("bouncer")
        config = self.postgres_folder / "pgbouncer.ini"
        config.write_text(self.bouncer_config_text())
        (self.postgres_folder / "userlist.txt").write_text('"postgres" ""\n')
        for path in (config, self.postgres_folder / "userlist.txt"):
            shutil.chown(path, POSTGRES_USER, POSTGRES_USER)
        host.run("pgbouncer", ["pgbouncer", str(config)], user=POSTGRES_USER)
        wait_until(lambda: psycopg.connect(self.bouncer_url, connect_timeout=2).close() or True, 30, "PgBouncer")

    @property
    def bouncer_url(self) -> str:
        return f"postgresql://postgres@{self.hosts['bouncer'].address}:{BOUNCER_PORT}/hanabi?connect_timeout=3"

    # The proxy

    def proxy_config_text(self) -> str:
        """deploy/haproxy.cfg with its one `server-template` line replaced by the API hosts."""
        deployed = (DEPLOY / "haproxy.cfg").read_text()
        servers = "\n".join(f"    server {name} {self.hosts[name].address}:{API_PORT}" for name in self.api_names)
        config, count = re.subn(r"^\s*server-template .*$", servers, deployed, flags=re.MULTILINE)
        assert count == 1, "deploy/haproxy.cfg has no single server-template line"
        return config

    def start_proxy(self) -> None:
        self.proxy_config.write_text(self.proxy_config_text())
        env = {
            **os.environ,
            "HAPROXY_ADMIN_SOCKET": str(self.admin_socket),
            "HAPROXY_CONNECTIONS_PER_ADDRESS": str(CONNECTIONS_PER_ADDRESS),
        }
        checked = subprocess.run(
            ["haproxy", "-c", "-f", str(self.proxy_config)], env=env, capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stdout + checked.stderr
        self.hosts["proxy"].run(
            "haproxy", ["haproxy", "-db", "-n", str(PROXY_MAXCONN), "-f", str(self.proxy_config)], env=env
        )
        wait_until(
            lambda: all(s["status"] == "UP" for s in self.servers().values()), 60, "every API host UP at the proxy"
        )

    def restart_api_drained(self, name: str, drain_timeout: float = 20, **extra: str) -> dict:
        """Drain the host at the proxy (no new request goes to it), wait until its open requests
        (long polls included) have ended, stop gunicorn gracefully, start it, and put it back in
        service once the proxy sees it ready. How long each step took."""
        began = time.time()
        self.admin(f"set server api/{name} state drain")
        wait_until(lambda: self.servers()[name]["scur"] == 0, drain_timeout, f"{name} drained", interval=0.2)
        drained = time.time()
        self.stop_api(name)
        self.start_api(name, **extra)
        self.admin(f"set server api/{name} state ready")
        wait_until(lambda: self.servers()[name]["status"] == "UP", 30, f"{name} UP again")
        return {"drain_s": round(drained - began, 2), "restart_s": round(time.time() - drained, 2)}

    def admin(self, command: str) -> str:
        """One command of HAProxy's runtime API; its answer."""
        with socket.socket(socket.AF_UNIX) as conn:
            conn.settimeout(5)
            conn.connect(str(self.admin_socket))
            conn.sendall(command.encode() + b"\n")
            chunks = []
            while chunk := conn.recv(65536):
                chunks.append(chunk)
        return b"".join(chunks).decode()

    def servers(self) -> dict[str, dict]:
        """The proxy's view of each API host: status (UP, DOWN, DRAIN, MAINT, ...) and scur
        (requests it has open on the host)."""
        lines = self.admin("show stat").splitlines()
        header = lines[0].lstrip("# ").split(",")
        result = {}
        for line in lines[1:]:
            row = dict(zip(header, line.split(","), strict=False))
            if row.get("pxname") == "api" and row.get("svname") in self.api_names:
                result[row["svname"]] = {"status": row["status"], "scur": int(row["scur"] or 0)}
        return result
