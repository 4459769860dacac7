import shutil
import tempfile
from datetime import UTC, datetime
from pathlib import Path

import psycopg
import pytest
from hanabi.config import load_settings
from hanabi.store.database import (
    EmbeddedPostgresError,
    connect,
    create_pool,
    database_url,
    stop_embedded_postgres,
)
from hanabi.store.migrate import MIGRATIONS_DIR, apply_migrations, yoyo_url
from psycopg.conninfo import conninfo_to_dict
from yoyo import get_backend, read_migrations
from yoyo.connections import parse_uri

TABLES = {"accounts", "api_tokens", "games", "game_seats", "game_events", "idempotency_keys"}
ALL_MIGRATIONS = sorted(path.stem for path in MIGRATIONS_DIR.glob("*.sql") if not path.stem.endswith(".rollback"))


def public_tables(url: str) -> set[str]:
    with connect(url) as conn:
        rows = conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public'").fetchall()
    return {name for (name,) in rows}


def test_applying_migrations_again_changes_nothing(database_url):
    assert apply_migrations(database_url) == []
    assert public_tables(database_url) >= TABLES


def test_migrations_build_the_schema_and_roll_back_cleanly(create_database):
    url = create_database()

    assert apply_migrations(url) == ALL_MIGRATIONS
    assert public_tables(url) >= TABLES

    backend = get_backend(yoyo_url(url))
    try:
        with backend.lock():
            backend.rollback_migrations(backend.to_rollback(read_migrations(str(MIGRATIONS_DIR))))
    finally:
        backend.connection.close()
    assert not TABLES & public_tables(url)

    assert apply_migrations(url) == ALL_MIGRATIONS


def test_yoyo_connects_with_the_same_parameters_as_the_url():
    for url in (
        "postgresql://postgres@/postgres?host=/tmp/pgserver%23data/x",
        "postgresql://user:p%40ss%2Fw%3Ard@db.example.org:6543/hanabi?sslmode=require",
        "postgres://u@[::1]/game%20db",
        "host=/run/postgresql dbname=hanabi user=me",
    ):
        parsed = parse_uri(yoyo_url(url))
        assert parsed.scheme == "postgresql+psycopg"
        connect_kwargs = {"dbname": parsed.database, **parsed.args}  # as yoyo's postgresql backend builds them
        assert connect_kwargs == conninfo_to_dict(url), url


@pytest.fixture
def data_dir():
    """A data folder outside pytest's temporary folders (see conftest.server_url); its
    server is stopped and its files deleted afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="hanabi-data-"))
    yield folder
    if (folder / "postgres" / "PG_VERSION").exists():
        stop_embedded_postgres(folder / "postgres")
    shutil.rmtree(folder)


@pytest.mark.slow  # initdb and a Postgres server process
def test_without_database_url_an_embedded_postgres_is_started_in_the_data_dir(data_dir):
    settings = load_settings({"HANABI_DATA_DIR": str(data_dir)})
    assert settings.database_url is None

    url = database_url(settings)

    assert (data_dir / "postgres" / "PG_VERSION").exists()
    assert apply_migrations(url) == ALL_MIGRATIONS
    pool = create_pool(url, min_size=1, max_size=2)
    try:
        with pool.connection() as conn:
            assert conn.execute("SELECT count(*) FROM games").fetchone() == (0,)
    finally:
        pool.close()
    assert database_url(settings) == url


def test_a_data_dir_with_spaces_is_refused_with_a_clear_message(tmp_path):
    settings = load_settings({"HANABI_DATA_DIR": str(tmp_path / "my games")})
    with pytest.raises(EmbeddedPostgresError, match="HANABI_DATA_DIR"):
        database_url(settings)


def test_migration_0007_names_the_account_to_move_in_games_running_before_it(create_database):
    url = create_database()
    backend = get_backend(yoyo_url(url))
    try:
        with backend.lock():
            earlier = read_migrations(str(MIGRATIONS_DIR)).filter(lambda m: m.id < "0007")
            backend.apply_migrations(backend.to_apply(earlier))
    finally:
        backend.connection.close()
    with connect(url) as conn:
        ann, bob = (
            conn.execute("INSERT INTO accounts (name, kind) VALUES (%s, 'human') RETURNING id", (name,)).fetchone()[0]
            for name in ("ann", "bob")
        )
        running, lobby = (
            conn.execute(
                """INSERT INTO games (options, deck, players, status, current_seat, free_seats, turn_started_at)
                   VALUES ('{"players": 2}', '[]', 2, %s, %s, 0, %s) RETURNING id""",
                (status, seat, started),
            ).fetchone()[0]
            for status, seat, started in (("running", 1, datetime.now(UTC)), ("lobby", None, None))
        )
        for game_id in (running, lobby):
            conn.execute(
                "INSERT INTO game_seats (game_id, seat, account_id, joined_at) "
                "VALUES (%s, 0, %s, now()), (%s, 1, %s, now())",
                (game_id, ann, game_id, bob),
            )

    assert apply_migrations(url) == [name for name in ALL_MIGRATIONS if name >= "0007"]

    with connect(url) as conn:
        turn_accounts = dict(conn.execute("SELECT id, turn_account_id FROM games").fetchall())
    assert turn_accounts == {running: bob, lobby: None}


WEBHOOK_FAILURE_CLASSES = next(name for name in ALL_MIGRATIONS if name.endswith("_webhook_failure_classes"))


def test_the_webhook_failure_migration_turns_stored_error_texts_into_their_class(create_database):
    url = create_database()
    backend = get_backend(yoyo_url(url))
    try:
        with backend.lock():
            earlier = read_migrations(str(MIGRATIONS_DIR)).filter(lambda m: m.id < WEBHOOK_FAILURE_CLASSES)
            backend.apply_migrations(backend.to_apply(earlier))
    finally:
        backend.connection.close()
    errors = {
        "HTTP 403": (403, "http_status"),
        "TimeoutError: timed out": (None, "timeout"),
        "ConnectionRefusedError: [Errno 111] Connection refused": (None, "connection_failed"),
        "RemoteDisconnected: Remote end closed connection without response": (None, "connection_failed"),
        None: (204, None),
    }
    with connect(url) as conn:
        account = conn.execute("INSERT INTO accounts (name, kind) VALUES ('ann', 'human') RETURNING id").fetchone()[0]
        game = conn.execute(
            """INSERT INTO games (options, deck, players, status, free_seats)
               VALUES ('{"players": 2}', '[]', 2, 'lobby', 2) RETURNING id"""
        ).fetchone()[0]
        webhook = conn.execute(
            "INSERT INTO webhooks (account_id, url, secret) VALUES (%s, 'http://127.0.0.1:1/x', 's') RETURNING id",
            (account,),
        ).fetchone()[0]
        ids = {}
        for version, (error, (code, _)) in enumerate(errors.items(), start=1):
            ids[error] = conn.execute(
                """INSERT INTO webhook_deliveries (webhook_id, type, game_id, version, occurred_at, status, attempts,
                                                   last_status_code, last_error)
                   VALUES (%s, 'game_over', %s, %s, now(), %s, 8, %s, %s) RETURNING id""",
                (webhook, game, version, "failed" if error else "delivered", code, error),
            ).fetchone()[0]

    assert WEBHOOK_FAILURE_CLASSES in apply_migrations(url)

    with connect(url) as conn:
        stored = {
            row[0]: row[1:] for row in conn.execute("SELECT id, last_status_code, last_failure FROM webhook_deliveries")
        }
        with pytest.raises(psycopg.errors.CheckViolation):
            conn.execute(
                "UPDATE webhook_deliveries SET last_failure = 'Connection refused' WHERE id = %s", (ids[None],)
            )
    assert {error: stored[ids[error]] for error in errors} == errors
