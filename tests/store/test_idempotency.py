from datetime import timedelta

import psycopg
import pytest
from hanabi.store import idempotency
from hanabi.store.database import connect
from hanabi.store.errors import IdempotencyKeyReused
from hanabi.store.games import get_game
from hanabi.store.moves import make_move

from .conftest import run_in_thread, wait_until_blocked


def test_a_retry_gets_the_first_response(conn, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("POST", "/v1/games", b'{"players": 2}')

    with conn.transaction():
        assert idempotency.claim(conn, account.id, "key-1", digest, scope="POST /a") is None
        idempotency.save(conn, account.id, "key-1", 201, {"Location": "/v1/games/7"}, {"id": 7}, scope="POST /a")

    with conn.transaction():
        stored = idempotency.claim(conn, account.id, "key-1", digest, scope="POST /a")
    assert stored == idempotency.StoredResponse(201, {"Location": "/v1/games/7"}, {"id": 7})


def test_the_same_key_with_another_request_is_an_error(conn, make_account):
    account, _ = make_account()
    with conn.transaction():
        idempotency.claim(conn, account.id, "key", idempotency.request_hash("POST", "/a", b"{}"), scope="POST /a")
        idempotency.save(conn, account.id, "key", 200, {}, {}, scope="POST /a")

    with pytest.raises(IdempotencyKeyReused) as error, conn.transaction():
        idempotency.claim(conn, account.id, "key", idempotency.request_hash("POST", "/a", b'{"x": 1}'), scope="POST /a")
    assert error.value.code == "idempotency_key_reused"


def test_keys_belong_to_one_account(conn, make_account):
    alice, bob = make_account()[0], make_account()[0]
    digest = idempotency.request_hash("POST", "/a")
    with conn.transaction():
        idempotency.claim(conn, alice.id, "shared", digest, scope="POST /a")
        idempotency.save(conn, alice.id, "shared", 200, {}, {"for": "alice"}, scope="POST /a")
    with conn.transaction():
        assert idempotency.claim(conn, bob.id, "shared", digest, scope="POST /a") is None


def test_a_claim_rolled_back_with_its_change_leaves_nothing(conn, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("POST", "/a")

    with pytest.raises(ZeroDivisionError), conn.transaction():
        idempotency.claim(conn, account.id, "failed", digest, scope="POST /a")
        raise ZeroDivisionError

    with conn.transaction():
        assert idempotency.claim(conn, account.id, "failed", digest, scope="POST /a") is None


def test_a_concurrent_retry_waits_for_the_first_and_gets_its_response(conn, database_url, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("POST", "/a")

    def retry(other):
        with other.transaction():
            return idempotency.claim(other, account.id, "racing", digest, scope="POST /a")

    with connect(database_url) as other:
        with conn.transaction():
            assert idempotency.claim(conn, account.id, "racing", digest, scope="POST /a") is None
            thread, outcome = run_in_thread(retry, other)
            wait_until_blocked(database_url, other.info.backend_pid)
            idempotency.save(conn, account.id, "racing", 202, {}, {"done": True}, scope="POST /a")
        thread.join(10)

    assert outcome == {"result": idempotency.StoredResponse(202, {}, {"done": True})}


def test_an_idempotent_action_is_applied_once(conn, running_game):
    (game, state), (alice, _) = running_game()
    action = state.legal_actions()[0]
    digest = idempotency.request_hash("POST", f"/v1/games/{game.id}/actions", repr(action))

    def post_action():
        with conn.transaction():
            stored = idempotency.claim(conn, alice.id, "move-1", digest, scope="POST /a")
            if stored is not None:
                return stored
            new_game, _ = make_move(conn, game.id, action)
            idempotency.save(
                conn,
                alice.id,
                "move-1",
                200,
                {"ETag": str(new_game.version)},
                {"version": new_game.version},
                scope="POST /a",
            )
            return idempotency.StoredResponse(200, {"ETag": str(new_game.version)}, {"version": new_game.version})

    first = post_action()
    retry = post_action()
    assert retry == first
    assert get_game(conn, game.id).version == game.version + 1


def test_claim_outside_a_transaction_is_refused(conn, make_account):
    account, _ = make_account()
    with pytest.raises(RuntimeError):
        idempotency.claim(conn, account.id, "k", idempotency.request_hash("x"), scope="POST /a")


def insert_keys(conn, account_id: int, prefix: str, count: int, age: timedelta) -> None:
    """`count` answered keys `prefix-0`, `prefix-1`, ... created `age` ago."""
    conn.execute(
        """INSERT INTO idempotency_keys (account_id, key, request_hash, response_status, created_at)
           SELECT %s, %s || '-' || i, '\\x00', 200, now() - %s FROM generate_series(0, %s - 1) AS i""",
        (account_id, prefix, age, count),
    )


def keys_of(conn, account_id: int) -> set[str]:
    return {key for (key,) in conn.execute("SELECT key FROM idempotency_keys WHERE account_id = %s", (account_id,))}


@pytest.fixture
def no_old_keys(conn):
    """Whatever keys older than a day earlier tests of this database left are gone."""
    idempotency.purge(conn, timedelta(days=1))


def test_a_purge_deletes_only_the_keys_older_than_the_cutoff_and_counts_them(conn, make_account, no_old_keys):
    account, _ = make_account()
    insert_keys(conn, account.id, "old", 3, timedelta(hours=25))
    insert_keys(conn, account.id, "young", 2, timedelta(hours=23))

    assert idempotency.purge(conn, timedelta(hours=24)) == 3
    assert keys_of(conn, account.id) == {"young-0", "young-1"}
    assert idempotency.purge(conn, timedelta(hours=24)) == 0


def test_after_its_purge_a_key_is_claimed_as_new_even_for_another_request(conn, make_account, no_old_keys):
    account, _ = make_account()
    with conn.transaction():
        idempotency.claim(conn, account.id, "old", idempotency.request_hash("first"), scope="POST /a")
        idempotency.save(conn, account.id, "old", 200, {}, None, scope="POST /a")
    conn.execute(
        "UPDATE idempotency_keys SET created_at = now() - interval '2 days' WHERE account_id = %s", (account.id,)
    )

    assert idempotency.purge(conn, timedelta(days=1)) == 1
    with conn.transaction():
        assert idempotency.claim(conn, account.id, "old", idempotency.request_hash("second"), scope="POST /a") is None


@pytest.fixture
def delete_statements(conn):
    """Records each DELETE statement on idempotency_keys: (its transaction id, rows deleted)."""
    conn.execute("CREATE TABLE purge_statements (xact bigint, deleted bigint)")
    conn.execute(
        """CREATE FUNCTION record_purge_statement() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
               INSERT INTO purge_statements SELECT txid_current(), count(*) FROM old_rows;
               RETURN NULL;
           END $$"""
    )
    conn.execute(
        """CREATE TRIGGER record_purge_statement AFTER DELETE ON idempotency_keys
           REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_purge_statement()"""
    )
    try:
        yield lambda: conn.execute("SELECT xact, deleted FROM purge_statements").fetchall()
    finally:
        conn.execute("DROP TRIGGER record_purge_statement ON idempotency_keys")
        conn.execute("DROP FUNCTION record_purge_statement()")
        conn.execute("DROP TABLE purge_statements")


def test_a_purge_deletes_in_batches_each_its_own_transaction(conn, make_account, no_old_keys, delete_statements):
    account, _ = make_account()
    insert_keys(conn, account.id, "old", 25, timedelta(days=2))
    insert_keys(conn, account.id, "young", 1, timedelta(0))

    assert idempotency.purge(conn, timedelta(days=1), batch_size=10) == 25
    assert keys_of(conn, account.id) == {"young-0"}
    statements = delete_statements()
    assert [deleted for _, deleted in statements] == [10, 10, 5]
    assert len({xact for xact, _ in statements}) == 3


def test_a_purge_needs_a_positive_batch_size(conn):
    with pytest.raises(ValueError):
        idempotency.purge(conn, timedelta(days=1), batch_size=0)


class PurgeAfterTheFirstInsert(psycopg.Cursor):
    """A cursor that, right after the first INSERT into idempotency_keys, purges the keys older
    than a day from another connection: a purge that runs between claim's two statements."""

    database_url: str
    purged: list[int]

    def execute(self, query, params=None, **kwargs):
        super().execute(query, params, **kwargs)
        if str(query).lstrip().startswith("INSERT INTO idempotency_keys") and not self.purged:
            with connect(self.database_url) as other:
                self.purged.append(idempotency.purge(other, timedelta(days=1)))
        return self


def test_a_key_purged_between_the_statements_of_a_claim_is_claimed_as_new(
    conn, database_url, make_account, no_old_keys
):
    account, _ = make_account()
    digest = idempotency.request_hash("x")
    with conn.transaction():
        idempotency.claim(conn, account.id, "expiring", digest, scope="POST /a")
        idempotency.save(conn, account.id, "expiring", 200, {}, {"first": True}, scope="POST /a")
    conn.execute(
        "UPDATE idempotency_keys SET created_at = now() - interval '2 days' WHERE account_id = %s", (account.id,)
    )

    purged: list[int] = []
    cursor = type("Cursor", (PurgeAfterTheFirstInsert,), {"database_url": database_url, "purged": purged})
    with connect(database_url) as retrying:
        retrying.cursor_factory = cursor
        with retrying.transaction():
            assert idempotency.claim(retrying, account.id, "expiring", digest, scope="POST /a") is None
            idempotency.save(retrying, account.id, "expiring", 200, {}, {"second": True}, scope="POST /a")
    assert purged == [1]
    with conn.transaction():
        assert idempotency.claim(conn, account.id, "expiring", digest, scope="POST /a") == idempotency.StoredResponse(
            200, {}, {"second": True}
        )


def test_a_key_is_scoped(conn, make_account):
    account, _ = make_account()
    with conn.transaction():
        idempotency.claim(conn, account.id, "key", idempotency.request_hash("first"), scope="POST /a")
        idempotency.save(conn, account.id, "key", 200, {}, {"for": "a"}, scope="POST /a")
    with conn.transaction():
        assert idempotency.claim(conn, account.id, "key", idempotency.request_hash("second"), scope="POST /b") is None
        idempotency.save(conn, account.id, "key", 200, {}, {"for": "b"}, scope="POST /b")
    with conn.transaction():
        stored = idempotency.claim(conn, account.id, "key", idempotency.request_hash("first"), scope="POST /a")
    assert stored.body == {"for": "a"}
