"""The cache of authenticated tokens: a token revoked anywhere stops working in every API
process, and the cache trusts nothing while it cannot hear revocations."""

import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime

import pytest
from hanabi.api import create_app
from hanabi.api.accounts_cache import (
    FRESH_SECONDS,
    RELEASED_TOGETHER,
    AccountsCache,
    DatabaseBusy,
    TokenReadFailed,
)
from hanabi.api.context import _accounts_cache
from hanabi.api.notifications import APPLICATION_NAME, TOKEN_APPLICATION_NAME
from hanabi.config import load_settings
from hanabi.store.accounts import Account, hash_token, tokens_of_hashes
from hanabi.store.database import connect, create_pool

from tests.waiting import until

from .conftest import assert_problem

ACCOUNT = Account(id=1, name="ann", kind="human", created_at=datetime(2026, 1, 1, tzinfo=UTC))
DIGEST = hash_token("hnb_example")


class Subscriptions:
    """Stands in for the notification listener: records who subscribed."""

    def __init__(self):
        self.subscribers = []

    def subscribe_tokens(self, subscriber):
        self.subscribers.append(subscriber)


def connected_cache(ttl: float = 60.0) -> AccountsCache:
    """A cache whose listener is connected and has heard everything committed until now."""
    cache = AccountsCache(Subscriptions(), ttl=ttl)
    cache.listening_changed(True)
    cache.heard_until(time.monotonic() + 3600)
    return cache


@pytest.mark.parametrize(
    "change",
    [
        "UPDATE api_tokens SET revoked_at = now() WHERE token_hash = %s",
        "DELETE FROM api_tokens WHERE token_hash = %s",
    ],
    ids=["revoked", "deleted"],
)
def test_a_token_revoked_outside_this_process_stops_working_within_a_moment(new_player, database_url, change):
    player = new_player()
    assert player.get("/v1/accounts/me").status_code == 200  # now remembered by this process

    with connect(database_url) as conn:
        conn.execute(change, (hash_token(player.token),))
    refused = until(
        lambda: (response := player.get("/v1/accounts/me")).status_code != 200 and response,
        5,
        "the revoked token still works",
        0.01,
    )
    assert_problem(refused, 401, "unauthorized")


def test_a_token_revoked_in_another_process_is_refused_there_once_the_revocation_has_answered(database_url):
    """Two apps with caches of their own, as two API processes have: a token the second one
    remembers, revoked through the first, is refused by the second as soon as the first has
    answered, before or without its announcement."""
    pool = create_pool(database_url, min_size=1, max_size=4)
    try:
        first, second = (
            create_app(load_settings({"DATABASE_URL": database_url, "HANABI_TOKEN_CACHE_SECONDS": ttl}), pool=pool)
            for ttl in ("60", "59")
        )
        caches = []
        for app in (first, second):
            with app.app_context():
                caches.append(_accounts_cache())
        until(lambda: all(cache._trusted for cache in caches), 10, "the listeners connect")
        for _ in range(10):
            token = (
                first.test_client()
                .post("/v1/accounts", json={"name": f"two-{uuid.uuid4().hex[:8]}", "kind": "bot"})
                .json["token"]
            )
            headers = {"Authorization": f"Bearer {token}"}
            until(
                lambda: (
                    second.test_client().get("/v1/tokens/current", headers=headers).status_code == 200
                    and caches[1].get(hash_token(token))
                ),
                10,
                "the second app does not remember the token",
                0.01,
            )
            assert first.test_client().delete("/v1/tokens/current", headers=headers).status_code == 204
            assert_problem(second.test_client().get("/v1/tokens/current", headers=headers), 401, "unauthorized")
    finally:
        pool.close()


def test_the_cache_remembers_an_account_while_connected():
    cache = connected_cache()
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    assert cache.get(DIGEST) == ACCOUNT


def test_nothing_is_trusted_while_the_listener_has_not_caught_up_lately():
    cache = AccountsCache(Subscriptions())
    cache.listening_changed(True)
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    assert cache.get(DIGEST) is None, "connected, but no round trip has told what it heard"
    cache.heard_until(time.monotonic())
    assert cache.get(DIGEST) == ACCOUNT
    cache.heard_until(time.monotonic() - FRESH_SECONDS)
    assert cache.get(DIGEST) is None, "the last round trip began too long ago"


class RoundTrips:
    """Stands in for the listener's round trips: tells `cache` it heard everything until now,
    over and over, from a thread of its own, starting `after` seconds from now."""

    def __init__(self, cache: AccountsCache, after: float):
        self.cache = cache
        self.after = after
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self) -> None:
        self.stop.wait(self.after)
        while not self.stop.is_set():
            self.cache.heard_until(time.monotonic())
            self.stop.wait(0.01)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stop.set()
        self.thread.join()


def stale_cache() -> AccountsCache:
    """A connected cache that remembers DIGEST, whose listener's last round trip began too long ago."""
    cache = connected_cache()
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    cache.heard_until(time.monotonic() - FRESH_SECONDS)
    return cache


def test_a_lookup_while_the_listener_is_behind_waits_for_its_next_round_trip_rather_than_read():
    cache = stale_cache()
    reads = []
    with RoundTrips(cache, after=FRESH_SECONDS / 10):  # the lookup below begins before it
        found = cache.look_up(DIGEST, lambda digest: reads.append(digest) or ACCOUNT)
    assert found == ACCOUNT
    assert reads == [], "the round trip came within the wait: no read"
    assert cache.get(DIGEST) == ACCOUNT


def test_a_lookup_reads_the_token_when_no_round_trip_comes_within_its_wait():
    cache = stale_cache()
    reads = []
    other = Account(id=2, name="bob", kind="human", created_at=ACCOUNT.created_at)
    assert cache.look_up(DIGEST, lambda digest: reads.append(digest) or other) == other
    assert reads == [DIGEST]
    assert cache.get(DIGEST, FRESH_SECONDS) is None, "still behind, nothing trusted"


def test_nothing_is_trusted_before_the_listener_connects_or_after_it_disconnects():
    cache = AccountsCache(Subscriptions())
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    assert cache.get(DIGEST) is None

    cache.listening_changed(True)
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    cache.listening_changed(False)
    assert cache.get(DIGEST) is None
    cache.listening_changed(True)
    assert cache.get(DIGEST) is None, "what was remembered before a disconnection is forgotten"


def test_a_lookup_that_began_before_a_revocation_was_heard_is_not_remembered():
    cache = connected_cache()
    epoch = cache.epoch
    cache.token_revoked(DIGEST.hex())
    cache.remember(DIGEST, ACCOUNT, epoch)
    assert cache.get(DIGEST) is None


def test_a_revocation_forgets_only_that_token():
    cache = connected_cache()
    other = hash_token("hnb_other")
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    cache.remember(other, ACCOUNT, cache.epoch)
    cache.token_revoked(DIGEST.hex())
    assert cache.get(DIGEST) is None
    assert cache.get(other) == ACCOUNT


def test_entries_expire():
    cache = connected_cache(ttl=0.05)
    cache.remember(DIGEST, ACCOUNT, cache.epoch)
    time.sleep(0.06)  # past the entry's time to live
    assert cache.get(DIGEST) is None


def test_with_no_token_cache_a_revocation_needs_no_announcement(database_url):
    settings = load_settings({"DATABASE_URL": database_url, "HANABI_TOKEN_CACHE_SECONDS": "0"})
    pool = create_pool(database_url, min_size=1, max_size=2)
    try:
        client = create_app(settings, pool=pool).test_client()
        token = client.post("/v1/accounts", json={"name": f"nocache-{uuid.uuid4().hex[:8]}", "kind": "bot"}).json[
            "token"
        ]
        headers = {"Authorization": f"Bearer {token}"}
        assert client.get("/v1/accounts/me", headers=headers).status_code == 200

        with connect(database_url) as conn:
            conn.execute("UPDATE api_tokens SET revoked_at = now() WHERE token_hash = %s", (hash_token(token),))

        assert_problem(client.get("/v1/accounts/me", headers=headers), 401, "unauthorized")
    finally:
        pool.close()


def test_the_listeners_connect_to_the_listen_database_url(create_database):
    """HANABI_LISTEN_DATABASE_URL (e.g. Postgres itself, with DATABASE_URL a PgBouncer): the API's
    listeners connect there, not through the pool's URL (a database of its own, so that no other
    app's listener is on it)."""
    database_url = create_database(migrated=True)
    unreachable = "postgresql://postgres@127.0.0.1:9/nowhere?connect_timeout=1"
    settings = load_settings(
        {
            "DATABASE_URL": database_url,
            "HANABI_LISTEN_DATABASE_URL": unreachable,
            "HANABI_LISTENER_WAIT_SECONDS": "0.2",
        }
    )
    pool = create_pool(database_url, min_size=1, max_size=2)
    try:
        client = create_app(settings, pool=pool).test_client()
        token = client.post("/v1/accounts", json={"name": f"listen-{uuid.uuid4().hex[:8]}", "kind": "bot"}).json[
            "token"
        ]
        headers = {"Authorization": f"Bearer {token}"}
        for _ in range(3):
            assert client.get("/v1/accounts/me", headers=headers).status_code == 200
        waited = client.get("/v1/me/turn?wait=1", headers=headers)
        assert waited.status_code == 200 and waited.json["items"] == []
        time.sleep(0.5)  # time for a listener to connect to the pool's database, were it to: nothing to wait on

        with connect(database_url) as conn:
            listeners = conn.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND application_name = ANY(%s)",
                ([APPLICATION_NAME, TOKEN_APPLICATION_NAME],),
            ).fetchone()[0]
            conn.execute("UPDATE api_tokens SET revoked_at = now() WHERE token_hash = %s", (hash_token(token),))
        assert listeners == 0
        assert_problem(client.get("/v1/accounts/me", headers=headers), 401, "unauthorized")
    finally:
        pool.close()


def test_tokens_asked_for_while_a_read_runs_are_read_together_in_the_next(new_player, database_url):
    """Eight requests for tokens the process does not know: the first one's read runs alone, the
    seven that asked meanwhile are read in one query after it; each gets its own token (an
    unknown digest none), and the cache remembers them."""
    players = [new_player(kind="bot") for _ in range(7)]
    digests = [hash_token(player.token) for player in players] + [hash_token("hnb_nobody")]
    cache = connected_cache()
    reads = cache.reads
    batches: list[list[bytes]] = []

    def read_many(asked: list[bytes]):
        batches.append(list(asked))
        if len(batches) == 1:
            until(
                lambda: sum(len(batch.digests) for batch in reads._open) >= len(digests) - 1,
                10,
                "the other requests did not ask while the first read ran",
                0.01,
            )
        with connect(database_url) as conn:
            return tokens_of_hashes(conn, asked)

    with ThreadPoolExecutor(len(digests)) as threads:
        first = threads.submit(reads.read, digests[0], read_many, 20)
        until(lambda: batches, 10, "the first read did not start", 0.01)
        others = [threads.submit(reads.read, digest, read_many, 20) for digest in digests[1:]]
        found = [first.result()] + [future.result() for future in others]

    assert [len(batch) for batch in batches] == [1, len(digests) - 1]
    assert [token.account.id if token else None for token in found] == [player.id for player in players] + [None]
    assert all(cache.get(digest) == token for digest, token in zip(digests[:-1], found, strict=False))


def test_a_failed_read_fails_its_requests_and_the_next_read_runs(new_player, database_url):
    player = new_player(kind="bot")
    reads = connected_cache().reads
    with pytest.raises(TokenReadFailed):
        reads.read(hash_token(player.token), lambda asked: None, 5)

    def read_many(asked):
        with connect(database_url) as conn:
            return tokens_of_hashes(conn, asked)

    assert reads.read(hash_token(player.token), read_many, 5).account.id == player.id


def test_a_failed_read_fails_the_reads_waiting_behind_it(new_player, database_url):
    """The database away: the requests queued behind a read that failed take the full path at
    once instead of each waiting for a read of its own to fail."""
    players = [new_player(kind="bot") for _ in range(3)]
    reads = connected_cache().reads
    calls = []

    def failing(asked):
        calls.append(list(asked))
        until(lambda: sum(len(batch.digests) for batch in reads._open) >= 2, 10, "the others did not queue", 0.01)
        return None

    def outcome(player):
        try:
            return reads.read(hash_token(player.token), failing, 20)
        except TokenReadFailed:
            return "failed"

    with ThreadPoolExecutor(3) as threads:
        first = threads.submit(outcome, players[0])
        until(lambda: calls, 10, "the first read did not start", 0.01)
        others = [threads.submit(outcome, player) for player in players[1:]]
        outcomes = [first.result()] + [future.result() for future in others]
    assert outcomes == ["failed"] * 3
    assert len(calls) == 1


def test_a_read_the_database_is_too_busy_for_runs_again_while_its_request_waits(new_player, database_url):
    player = new_player(kind="bot")
    reads = connected_cache().reads
    calls = []

    def busy_once(asked):
        calls.append(list(asked))
        if len(calls) == 1:
            raise DatabaseBusy
        with connect(database_url) as conn:
            return tokens_of_hashes(conn, asked)

    assert reads.read(hash_token(player.token), busy_once, 5).account.id == player.id
    assert calls == [[hash_token(player.token)]] * 2


def test_a_token_the_busy_database_does_not_read_within_the_wait_fails_and_is_not_read_after(new_player, database_url):
    """The read runs again while the request waits; once it has given up, its token is no
    longer read, and the next request's read runs."""
    players = [new_player(kind="bot") for _ in range(2)]
    reads = connected_cache().reads
    calls = []

    def busy(asked):
        calls.append(list(asked))
        raise DatabaseBusy

    with pytest.raises(TokenReadFailed):
        reads.read(hash_token(players[0].token), busy, 0.5)
    until(lambda: not reads._reading, 10, "the reads did not stop once no request waited", 0.01)
    assert len(calls) >= 2

    def read_many(asked):
        calls.append(list(asked))
        with connect(database_url) as conn:
            return tokens_of_hashes(conn, asked)

    assert reads.read(hash_token(players[1].token), read_many, 5).account.id == players[1].id
    assert calls[-1] == [hash_token(players[1].token)]


def test_one_query_reads_the_tokens_of_several_groups_and_wakes_them_all(new_player, database_url):
    """More requests than are woken together (RELEASED_TOGETHER) are read in one query."""
    player = new_player(kind="bot")
    reads = connected_cache().reads
    batches: list[list[bytes]] = []
    asking = RELEASED_TOGETHER + 5

    def read_many(asked):
        batches.append(list(asked))
        if len(batches) == 1:
            until(lambda: sum(len(batch.digests) for batch in reads._open) >= asking, 10, "no requests queued", 0.01)
        with connect(database_url) as conn:
            return tokens_of_hashes(conn, asked)

    with ThreadPoolExecutor(asking + 1) as threads:
        first = threads.submit(reads.read, hash_token("hnb_first"), read_many, 20)
        until(lambda: batches, 10, "the first read did not start", 0.01)
        others = [threads.submit(reads.read, hash_token(player.token), read_many, 20) for _ in range(asking)]
        found = [future.result() for future in others]
    assert first.result() is None
    assert [len(batch) for batch in batches] == [1, asking]
    assert all(token.account.id == player.id for token in found)
