"""The deal of a new game: from its seed keyed with the server's secret, or from fresh randomness.

A seed names a deal on one server: every game created with the same seed (and the same cards,
see the engine's `keyed_deck`) gets the same deck, so players can compare results on one deal.
The deck is shuffled under the key HMAC-SHA256(secret, seed), so knowing a seed, or trying
seeds offline with the engine's documented shuffle, tells nothing about a deck without the
secret. The secret is HANABI_DEAL_SECRET when it is set, else a random one that the database
draws once and keeps (table `deal_secret`): every process and replica of a server shares its
database, so they deal alike without any setting. A game without a seed is shuffled under a
fresh random key that is kept nowhere.
"""

import hashlib
import hmac
import secrets

import psycopg

from hanabi.engine import Card, GameOptions, keyed_deck

SECRET_BYTES = 32


def deal_key(secret: bytes, seed: str) -> bytes:
    """The key of the deal that `seed` names under `secret`."""
    return hmac.new(secret, seed.encode("utf-8"), hashlib.sha256).digest()


def new_deck(
    conn: psycopg.Connection, options: GameOptions, seed: str | None, secret: str | None = None
) -> tuple[Card, ...]:
    """The deck of a new game: the deal `seed` names on this server (under `secret`, default the
    database's), or a random deck when there is no seed."""
    if seed is None:
        key = secrets.token_bytes(SECRET_BYTES)
    else:
        key = deal_key(secret.encode("utf-8") if secret is not None else database_secret(conn), seed)
    return keyed_deck(options.variant_rules, key)


def database_secret(conn: psycopg.Connection) -> bytes:
    """The secret kept in the database, drawn by the first caller. Of two first callers at once,
    the second waits for the first's transaction and then reads its secret."""
    row = conn.execute("SELECT secret FROM deal_secret").fetchone()
    if row is None:
        conn.execute(
            "INSERT INTO deal_secret (secret) VALUES (%s) ON CONFLICT DO NOTHING", (secrets.token_bytes(SECRET_BYTES),)
        )
        row = conn.execute("SELECT secret FROM deal_secret").fetchone()
    return bytes(row[0])
