"""Stored responses for requests sent with an Idempotency-Key.

Use inside ONE transaction with the change the request makes:

    with conn.transaction():
        stored = claim(conn, account_id, key, request_hash)
        if stored is not None:
            return stored                     # a retry: answer as the first time, write nothing
        ...make the change...
        save(conn, account_id, key, status, headers, body)

`claim` inserts the key first. A concurrent request with the same key waits on that insert
until the first transaction ends, then reads its saved response; if the first rolled back,
the second proceeds as if it were first. The same key with another request is an error.
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


def claim(conn: psycopg.Connection, account_id: int, key: str, request_digest: bytes) -> StoredResponse | None:
    """None when this key is new (the caller goes on and calls `save`), else the stored response.
    Raises IdempotencyKeyReused when the key was used with a different request."""
    if conn.info.transaction_status != TransactionStatus.INTRANS:
        raise RuntimeError("claim() must run inside the transaction that makes the change and saves the response")
    inserted = conn.execute(
        """INSERT INTO idempotency_keys (account_id, key, request_hash) VALUES (%s, %s, %s)
           ON CONFLICT (account_id, key) DO NOTHING RETURNING 1""",
        (account_id, key, request_digest),
    ).fetchone()
    if inserted:
        return None
    stored_digest, status, headers, body = conn.execute(
        """SELECT request_hash, response_status, response_headers, response_body
             FROM idempotency_keys WHERE account_id = %s AND key = %s""",
        (account_id, key),
    ).fetchone()
    if bytes(stored_digest) != request_digest:
        raise IdempotencyKeyReused(key)
    if status is None:
        raise StoreError(f"Idempotency-Key {key!r} was claimed but no response was saved.", "idempotency_key_unfinished")
    return StoredResponse(status, headers, body)


def save(
    conn: psycopg.Connection, account_id: int, key: str, status: int, headers: dict, body: object
) -> None:
    """Store the response for a key claimed in this transaction."""
    cursor = conn.execute(
        """UPDATE idempotency_keys SET response_status = %s, response_headers = %s, response_body = %s
            WHERE account_id = %s AND key = %s AND response_status IS NULL""",
        (status, Jsonb(headers), Jsonb(body), account_id, key),
    )
    if cursor.rowcount != 1:
        raise RuntimeError(f"Idempotency-Key {key!r} was not claimed in this transaction")


def purge(conn: psycopg.Connection, older_than: timedelta) -> int:
    """Forget keys older than `older_than`; returns how many."""
    return conn.execute("DELETE FROM idempotency_keys WHERE created_at < now() - %s", (older_than,)).rowcount
