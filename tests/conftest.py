"""Shared fixtures. Service tests run against a real Postgres: DATABASE_URL when set, else an
embedded server (pgserver) started by the test session.

Each test process (each pytest-xdist worker too) gets its own database on that server, a copy of
a migrated template database (migrated once per server and set of migrations). The workers of
one run share one embedded server; the last process to exit stops it and deletes its files, the
databases with it. On DATABASE_URL's server the databases are dropped at the end of the session.
"""

import hashlib
import os
import pathlib
import tempfile
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg
import pytest
from hanabi.store.database import connect, start_embedded_postgres
from hanabi.store.migrate import MIGRATIONS_DIR, apply_migrations
from psycopg import sql

REPO = pathlib.Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"

SLOW_FOLDERS = {
    "web": "a browser",
    "worker": "Celery worker processes",
    "sdk": "the SDK over real HTTP to a server process",
    "faults": "a service under injected faults",
    "cluster": "the production topology on network namespaces",
    "deploy": "the image, compose files and packaged wheel",
}
"""The folders whose every test is `slow` (`make test-fast` leaves them out), with what each runs."""
SLOW_FIXTURES = {"live_server", "two_servers", "limited_server", "cors_server", "hanabi_serve", "chromium"}
"""Fixtures that start `hanabi serve` processes or a browser: the tests that use them are `slow` too."""
ONE_AT_A_TIME_FOLDERS = {"web", "cluster"}
"""The folders whose tests run in one pytest-xdist worker, one after another (`--dist loadgroup`):
the cluster's dozen processes starve a browser test's server of CPU when the two run together."""


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    tests = REPO / "tests"
    for item in items:
        parts = item.path.relative_to(tests).parts if item.path.is_relative_to(tests) else ()
        if (len(parts) > 1 and parts[0] in SLOW_FOLDERS) or SLOW_FIXTURES.intersection(item.fixturenames):
            item.add_marker(pytest.mark.slow)
        if len(parts) > 1 and parts[0] in ONE_AT_A_TIME_FOLDERS:
            item.add_marker(pytest.mark.xdist_group("one_at_a_time"))


@pytest.fixture
def fixtures_dir() -> pathlib.Path:
    """Real games exported from hanab.live (copied from the project's shared fixtures)."""
    return FIXTURES / "hanablive"


def url_with_database(url: str, dbname: str) -> str:
    if "://" in url:
        return urlunsplit(urlsplit(url)._replace(path="/" + quote(dbname)))
    return psycopg.conninfo.make_conninfo(url, dbname=dbname)


EMBEDDED_SERVER_SETTINGS = {"fsync": "off", "full_page_writes": "off", "synchronous_commit": "off"}
"""The embedded test server's files are deleted at the end of the run, so they need not survive
a crash of the machine: the checkpoints of DROP DATABASE and of the server's stop then wait for no
disk. Postgres itself stopping or crashing still loses nothing (the OS keeps what it wrote)."""


@pytest.fixture(scope="session")
def embedded_server() -> bool:
    """Whether the test server is the embedded one this run started (DATABASE_URL unset)."""
    return not os.environ.get("DATABASE_URL")


@pytest.fixture(scope="session")
def server_url(embedded_server) -> str:
    """DATABASE_URL, else an embedded server shared by the processes of this test run.

    Its folder is outside pytest's temporary folders, which pytest keeps closed to other users:
    the `pgserver` user (when tests run as root) must reach it to stop the server."""
    if not embedded_server:
        return os.environ["DATABASE_URL"]
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    pgdata = Path(tempfile.gettempdir()) / f"hanabi-test-postgres-{run_id}"
    url = start_embedded_postgres(pgdata, delete_on_exit=True)
    with connect(url) as admin:
        for name, value in EMBEDDED_SERVER_SETTINGS.items():
            admin.execute(sql.SQL("ALTER SYSTEM SET {} = {}").format(sql.Identifier(name), sql.Literal(value)))
        admin.execute("SELECT pg_reload_conf()")
    return url


@pytest.fixture(scope="session")
def create_database(server_url, embedded_server):
    """A factory of databases on the test server: empty, or with `migrated=True` a copy of the
    migrated template. Dropped when the session ends (with the embedded server, when it is deleted)."""
    created: list[str] = []

    def create(migrated: bool = False) -> str:
        name = f"hanabi_test_{os.getpid()}_{len(created)}"
        template = migrated_template(server_url) if migrated else "template1"
        with connect(server_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            admin.execute(
                sql.SQL("CREATE DATABASE {} TEMPLATE {}").format(sql.Identifier(name), sql.Identifier(template))
            )
        created.append(name)
        return url_with_database(server_url, name)

    yield create
    if embedded_server:
        return
    with connect(server_url) as admin:
        for name in created:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


def migrated_template(server_url: str) -> str:
    """The name of a database with every migration applied, made on the server the first time a
    test process asks (under an advisory lock, so only one process makes it). It is named by a
    hash of the migrations, so a changed migration makes a new one; nothing connects to it after,
    as CREATE DATABASE ... TEMPLATE requires."""
    digest = hashlib.sha256()
    for path in sorted(MIGRATIONS_DIR.glob("*.sql")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    name = f"hanabi_test_template_{digest.hexdigest()[:16]}"
    with connect(server_url) as admin:
        admin.execute("SELECT pg_advisory_lock(hashtext('hanabi test template'))")
        try:
            if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
                building = f"{name}_building"
                admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(building)))
                admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(building)))
                apply_migrations(url_with_database(server_url, building))
                admin.execute(
                    sql.SQL("ALTER DATABASE {} RENAME TO {}").format(sql.Identifier(building), sql.Identifier(name))
                )
        finally:
            admin.execute("SELECT pg_advisory_unlock(hashtext('hanabi test template'))")
    return name


@pytest.fixture(scope="session")
def database_url(create_database) -> str:
    """This test process's migrated database."""
    return create_database(migrated=True)


def pytest_terminal_summary(terminalreporter):
    """The figures the cluster test (tests/cluster/) keeps with its reports, at the end of the run:
    pytest-xdist's workers do not pass their output on, their reports they do."""
    lines = [
        value
        for outcome in ("passed", "failed")
        for report in terminalreporter.stats.get(outcome, [])
        for name, value in getattr(report, "user_properties", [])
        if name == "cluster_figures"
    ]
    if lines:
        terminalreporter.section("cluster figures")
        for line in lines:
            terminalreporter.write_line(line)
