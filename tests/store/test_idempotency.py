from datetime import timedelta

import pytest

from hanabi.store import idempotency
from hanabi.store.database import connect
from hanabi.store.errors import IdempotencyKeyReused
from hanabi.store.games import append_action, get_game

from .conftest import run_in_thread, wait_until_blocked


def test_a_retry_gets_the_first_response(conn, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("POST", "/v1/games", b'{"players": 2}')

    with conn.transaction():
        assert idempotency.claim(conn, account.id, "key-1", digest) is None
        idempotency.save(conn, account.id, "key-1", 201, {"Location": "/v1/games/7"}, {"id": 7})

    with conn.transaction():
        stored = idempotency.claim(conn, account.id, "key-1", digest)
    assert stored == idempotency.StoredResponse(201, {"Location": "/v1/games/7"}, {"id": 7})


def test_the_same_key_with_another_request_is_an_error(conn, make_account):
    account, _ = make_account()
    with conn.transaction():
        idempotency.claim(conn, account.id, "key", idempotency.request_hash("POST", "/a", b"{}"))
        idempotency.save(conn, account.id, "key", 200, {}, {})

    with pytest.raises(IdempotencyKeyReused) as error, conn.transaction():
        idempotency.claim(conn, account.id, "key", idempotency.request_hash("POST", "/a", b'{"x": 1}'))
    assert error.value.code == "idempotency_key_reused"


def test_keys_belong_to_one_account(conn, make_account):
    alice, bob = make_account()[0], make_account()[0]
    digest = idempotency.request_hash("POST", "/a")
    with conn.transaction():
        idempotency.claim(conn, alice.id, "shared", digest)
        idempotency.save(conn, alice.id, "shared", 200, {}, {"for": "alice"})
    with conn.transaction():
        assert idempotency.claim(conn, bob.id, "shared", digest) is None


def test_a_claim_rolled_back_with_its_change_leaves_nothing(conn, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("POST", "/a")

    with pytest.raises(ZeroDivisionError), conn.transaction():
        idempotency.claim(conn, account.id, "failed", digest)
        1 / 0

    with conn.transaction():
        assert idempotency.claim(conn, account.id, "failed", digest) is None


def test_a_concurrent_retry_waits_for_the_first_and_gets_its_response(conn, database_url, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("POST", "/a")

    def retry(other):
        with other.transaction():
            return idempotency.claim(other, account.id, "racing", digest)

    with connect(database_url) as other:
        with conn.transaction():
            assert idempotency.claim(conn, account.id, "racing", digest) is None
            thread, outcome = run_in_thread(retry, other)
            wait_until_blocked(database_url, other.info.backend_pid)
            idempotency.save(conn, account.id, "racing", 202, {}, {"done": True})
        thread.join(10)

    assert outcome == {"result": idempotency.StoredResponse(202, {}, {"done": True})}


def test_an_idempotent_action_is_applied_once(conn, running_game):
    (game, state), (alice, _) = running_game()
    action = state.legal_actions()[0]
    digest = idempotency.request_hash("POST", f"/v1/games/{game.id}/actions", repr(action))

    def post_action():
        with conn.transaction():
            stored = idempotency.claim(conn, alice.id, "move-1", digest)
            if stored is not None:
                return stored
            new_game, _ = append_action(conn, game.id, action)
            idempotency.save(conn, alice.id, "move-1", 200, {"ETag": str(new_game.version)}, {"version": new_game.version})
            return idempotency.StoredResponse(200, {"ETag": str(new_game.version)}, {"version": new_game.version})

    first = post_action()
    retry = post_action()
    assert retry == first
    assert get_game(conn, game.id).version == game.version + 1


def test_claim_outside_a_transaction_is_refused(conn, make_account):
    account, _ = make_account()
    with pytest.raises(RuntimeError):
        idempotency.claim(conn, account.id, "k", idempotency.request_hash("x"))


def test_old_keys_are_purged(conn, make_account):
    account, _ = make_account()
    digest = idempotency.request_hash("x")
    with conn.transaction():
        idempotency.claim(conn, account.id, "old", digest)
        idempotency.save(conn, account.id, "old", 200, {}, None)
    conn.execute("UPDATE idempotency_keys SET created_at = now() - interval '2 days' WHERE account_id = %s", (account.id,))

    assert idempotency.purge(conn, timedelta(days=1)) >= 1
    with conn.transaction():
        assert idempotency.claim(conn, account.id, "old", digest) is None
