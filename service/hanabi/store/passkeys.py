"""Passkeys (WebAuthn): an account's credentials, and the one-time challenges of their ceremonies.

A passkey is a key pair whose private half never leaves the person's authenticator (a phone, a
security key, the browser's password manager). The server keeps the public key, the
credential's id and its signature counter; a sign-in proves the private key by signing a
challenge the server drew. Challenges are 32 random bytes, kept for CHALLENGE_SECONDS and good
for one ceremony (deleted when used); the `webauthn` package checks everything else
(origin, relying party, flags, signature, counter).
"""

import secrets
from dataclasses import dataclass
from datetime import datetime

import psycopg
from psycopg.rows import class_row

from .errors import NotFound, StoreError

CHALLENGE_SECONDS = 300
CHALLENGE_BYTES = 32


class InvalidPasskey(StoreError):
    """A passkey ceremony the server does not accept (HTTP 400)."""

    code = "invalid_passkey"


@dataclass(frozen=True)
class Passkey:
    credential_id: bytes
    account_id: int
    public_key: bytes
    sign_count: int
    name: str
    created_at: datetime
    last_used_at: datetime | None


_COLUMNS = "credential_id, account_id, public_key, sign_count, name, created_at, last_used_at"


def new_challenge(conn: psycopg.Connection, purpose: str, account_id: int | None = None) -> bytes:
    challenge = secrets.token_bytes(CHALLENGE_BYTES)
    conn.execute(
        """INSERT INTO passkey_challenges (challenge, account_id, purpose, expires_at)
           VALUES (%s, %s, %s, now() + make_interval(secs => %s))""",
        (challenge, account_id, purpose, CHALLENGE_SECONDS),
    )
    conn.execute("DELETE FROM passkey_challenges WHERE expires_at < now() - interval '1 hour'")
    return challenge


def use_challenge(conn: psycopg.Connection, challenge: bytes, purpose: str, account_id: int | None = None) -> None:
    """Delete the challenge, once, if it is unexpired, for `purpose` (and the account);
    `InvalidPasskey` otherwise."""
    row = conn.execute(
        """DELETE FROM passkey_challenges
            WHERE challenge = %s AND purpose = %s AND expires_at > now()
              AND account_id IS NOT DISTINCT FROM %s
           RETURNING 1""",
        (challenge, purpose, account_id),
    ).fetchone()
    if row is None:
        raise InvalidPasskey(
            "This passkey answer is not to a challenge of this server, or its challenge expired or was used: "
            "start again.",
            "invalid_passkey",
        )


def add_passkey(
    conn: psycopg.Connection, account_id: int, credential_id: bytes, public_key: bytes, sign_count: int, name: str
) -> Passkey:
    try:
        with conn.transaction():
            return (
                conn.cursor(row_factory=class_row(Passkey))
                .execute(
                    f"""INSERT INTO passkeys (credential_id, account_id, public_key, sign_count, name)
                        VALUES (%s, %s, %s, %s, %s) RETURNING {_COLUMNS}""",
                    (credential_id, account_id, public_key, sign_count, name),
                )
                .fetchone()
            )
    except psycopg.errors.UniqueViolation:
        raise InvalidPasskey("This passkey is registered already.", "passkey_registered") from None


def find_passkey(conn: psycopg.Connection, credential_id: bytes) -> Passkey | None:
    return (
        conn.cursor(row_factory=class_row(Passkey))
        .execute(f"SELECT {_COLUMNS} FROM passkeys WHERE credential_id = %s", (credential_id,))
        .fetchone()
    )


def passkeys_of(conn: psycopg.Connection, account_id: int) -> list[Passkey]:
    return (
        conn.cursor(row_factory=class_row(Passkey))
        .execute(f"SELECT {_COLUMNS} FROM passkeys WHERE account_id = %s ORDER BY created_at", (account_id,))
        .fetchall()
    )


def record_use(conn: psycopg.Connection, credential_id: bytes, sign_count: int) -> None:
    conn.execute(
        "UPDATE passkeys SET sign_count = %s, last_used_at = now() WHERE credential_id = %s",
        (sign_count, credential_id),
    )


def delete_passkey(conn: psycopg.Connection, account_id: int, credential_id: bytes) -> None:
    row = conn.execute(
        "DELETE FROM passkeys WHERE account_id = %s AND credential_id = %s RETURNING 1", (account_id, credential_id)
    ).fetchone()
    if row is None:
        raise NotFound("You have no such passkey.", "passkey_not_found")
