"""Tokens carry scopes (migration 0012): tokens issued before it keep every scope; a token may
be limited to a time."""

import hashlib
import uuid

from hanabi.store.accounts import (
    SCOPES,
    Token,
    create_account,
    issue_token,
    token_of_hash,
)
from hanabi.store.database import connect
from hanabi.store.migrate import MIGRATIONS_DIR, apply_migrations, yoyo_url
from yoyo import get_backend, read_migrations

SCOPED_TOKENS_MIGRATION = "0012_apps_and_scoped_tokens"


def test_tokens_issued_before_scopes_keep_every_scope(create_database):
    url = create_database()
    backend = get_backend(yoyo_url(url))
    try:
        migrations = read_migrations(str(MIGRATIONS_DIR))
        earlier = migrations.filter(lambda migration: migration.id < SCOPED_TOKENS_MIGRATION)
        with backend.lock():
            backend.apply_migrations(backend.to_apply(earlier))
    finally:
        backend.connection.close()
    digest = hashlib.sha256(b"hnb_old").digest()
    with connect(url) as conn:
        (account_id,) = conn.execute("INSERT INTO accounts (name, kind) VALUES ('old', 'bot') RETURNING id").fetchone()
        conn.execute("INSERT INTO api_tokens (token_hash, account_id) VALUES (%s, %s)", (digest, account_id))
    assert SCOPED_TOKENS_MIGRATION in apply_migrations(url)
    with connect(url) as conn:
        token = token_of_hash(conn, digest)
    assert token.account.name == "old"
    assert token.scopes == frozenset(SCOPES)
    assert token.game_id is None and token.expires_at is None


def test_a_token_keeps_its_scopes_and_stops_at_its_time(conn):
    account, _ = create_account(conn, f"scoped-{uuid.uuid4().hex[:8]}", "bot")
    narrow = issue_token(conn, account.id, ["play", "read"])
    assert token_of_hash(conn, hashlib.sha256(narrow.encode()).digest()) == Token(account, frozenset({"read", "play"}))
    brief = issue_token(conn, account.id, ["read"], seconds=0.001)
    conn.execute("SELECT pg_sleep(0.01)")
    assert token_of_hash(conn, hashlib.sha256(brief.encode()).digest()) is None
