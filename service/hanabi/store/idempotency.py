"""Stored responses for requests sent with an Idempotency-Key.

Use inside ONE transaction with the change the request makes:

    with conn.transaction():
        stored = claim(conn, account_id, key, request_hash, scope="POST /v1/games")
        if stored is not None:
            return stored                     # a retry: answer as the first time, write nothing
        ...make the change...
        save(conn, account_id, key, status, headers, body, scope="POST /v1/games")

A key belongs to an account and a scope (the API's: the request's method and path): the same
key in another scope is another key.

`claim` inserts the key first. A concurrent request with the same key waits on that insert
until the first transaction ends, then reads its saved response; if the first rolled back,
the second proceeds as if it were first. The same key with another request is an error.

`purge` deletes keys older than the retention (the workers run it every hour); until then a
key behaves as above, after it a retry with the same key is a new request.
"""

import hashlib
from dataclasses import dataclass
from datetime import timedelta

import psycopg
from psycopg.pq import TransactionStatus
from psycopg.types.json import Jsonb

from .errors import IdempotencyKeyReused, StoreError


@dataclass(frozen=True)
class StoredResponse:
    status: int
    headers: dict
    body: object


def request_hash(*parts: str | bytes) -> bytes:
    """A digest of what identifies a request (method, path, body, ...), for `claim`."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.digest()


def claim(
    conn: psycopg.Connection, account_id: int, key: str, request_digest: bytes, *, scope: str
) -> StoredResponse | None:
    """None when this key is new (the caller goes on and calls `save`), else the stored response.
    Raises IdempotencyKeyReused when the key was used with a different request."""
    if conn.info.transaction_status != TransactionStatus.INTRANS:
        raise RuntimeError("claim() must run inside the transaction that makes the change and saves the response")
    while True:
        inserted = conn.execute(
            """INSERT INTO idempotency_keys (account_id, scope, key, request_hash) VALUES (%s, %s, %s, %s)
               ON CONFLICT (account_id, scope, key) DO NOTHING RETURNING 1""",
            (account_id, scope, key, request_digest),
        ).fetchone()
        if inserted:
            return None
        stored = conn.execute(
            """SELECT request_hash, response_status, response_headers, response_body
                 FROM idempotency_keys WHERE account_id = %s AND scope = %s AND key = %s""",
            (account_id, scope, key),
        ).fetchone()
        if stored is not None:
            break
        # A purge deleted the key between the two statements: claim it again, now as a new key.
    stored_digest, status, headers, body = stored
    if bytes(stored_digest) != request_digest:
        raise IdempotencyKeyReused(key)
    if status is None:
        raise StoreError(
            f"Idempotency-Key {key!r} was claimed but no response was saved.", "idempotency_key_unfinished"
        )
    return StoredResponse(status, headers, body)


def save(
    conn: psycopg.Connection, account_id: int, key: str, status: int, headers: dict, body: object, *, scope: str
) -> None:
    """Store the response for a key claimed in this transaction."""
    cursor = conn.execute(
        """UPDATE idempotency_keys SET response_status = %s, response_headers = %s, response_body = %s
            WHERE account_id = %s AND scope = %s AND key = %s AND response_status IS NULL""",
        (status, Jsonb(headers), Jsonb(body), account_id, scope, key),
    )
    if cursor.rowcount != 1:
        raise RuntimeError(f"Idempotency-Key {key!r} was not claimed in this transaction")


PURGE_BATCH_SIZE = 1000


def purge(conn: psycopg.Connection, older_than: timedelta, batch_size: int = PURGE_BATCH_SIZE) -> int:
    """Forget keys created more than `older_than` ago (by the database's clock); returns how many.

    Deletes at most `batch_size` keys per statement: on an autocommit connection each batch is a
    short transaction of its own, so a purge that is far behind never holds many row locks or one
    long transaction. The cutoff is read once, as a value, which the planner can estimate against
    the index `idempotency_keys_by_age`; keys claimed during the purge are newer than it."""
    if batch_size < 1:
        raise ValueError(f"batch_size must be at least 1, not {batch_size}")
    cutoff = conn.execute("SELECT now() - %s", (older_than,)).fetchone()[0]
    purged = 0
    while True:
        deleted = conn.execute(
            """DELETE FROM idempotency_keys WHERE ctid = ANY(ARRAY(
                   SELECT ctid FROM idempotency_keys WHERE created_at < %s LIMIT %s))""",
            (cutoff, batch_size),
        ).rowcount
        purged += deleted
        if deleted < batch_size:
            return purged
