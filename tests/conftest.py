"""Shared fixtures. Service tests run against a real Postgres: DATABASE_URL when set, else an
embedded server (pgserver) started by the test session.

Each test process (each pytest-xdist worker too) gets its own database on that server, created
empty, migrated, and dropped at the end of the session. The workers of one run share one
embedded server; the last process to exit stops it and deletes its files.
"""

import os
import pathlib
import tempfile
from pathlib import Path
from urllib.parse import quote, urlsplit, urlunsplit

import psycopg
import pytest
from hanabi.store.database import connect, start_embedded_postgres
from hanabi.store.migrate import apply_migrations
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


@pytest.fixture(scope="session")
def server_url() -> str:
    """DATABASE_URL, else an embedded server shared by the processes of this test run.

    Its folder is outside pytest's temporary folders, which pytest keeps closed to other users:
    the `pgserver` user (when tests run as root) must reach it to stop the server."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    run_id = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    pgdata = Path(tempfile.gettempdir()) / f"hanabi-test-postgres-{run_id}"
    return start_embedded_postgres(pgdata, delete_on_exit=True)


@pytest.fixture(scope="session")
def create_database(server_url):
    """A factory of empty databases on the test server, all dropped when the session ends."""
    created: list[str] = []

    def create() -> str:
        name = f"hanabi_test_{os.getpid()}_{len(created)}"
        with connect(server_url) as admin:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
            admin.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        created.append(name)
        return url_with_database(server_url, name)

    yield create
    with connect(server_url) as admin:
        for name in created:
            admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))


@pytest.fixture(scope="session")
def database_url(create_database) -> str:
    url = create_database()
    apply_migrations(url)
    return url


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
