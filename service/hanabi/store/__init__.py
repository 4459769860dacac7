"""Postgres storage of the service: accounts and tokens, games as event logs, idempotency keys.

Functions take a connection (autocommit, from `database.create_pool` or `database.connect`)
and run their writes in one transaction each, or as a savepoint when the caller has opened one
(`transactions`), so several of them can be combined atomically (see `idempotency`). Functions
that change a game take the `Followups` that carry out what the commit sets off. The store asks
the engine for every rule: it knows how to record a game, not how to play one.

    accounts     create accounts, issue, check and revoke API tokens
    records      a game's row, seats, events and seat plan as values, read from rows
    games        create, import and load (replay) games; the one statement that writes a change
    moves        a move, top to bottom: seat, state, rules, write, what follows the commit
    followups    what a committed change of a game sets off (bot turn, turn expiry, webhooks)
    states       the process's cache of game states, so that a read replays only new events
    seats        join and leave seats, start a game
    lobby        list games: by status, by account, awaiting an account's move
    idempotency  stored responses for Idempotency-Key retries
    transactions transactions and the work that waits for their commit (`on_commit`)
    database     connections, the pool, the embedded Postgres
    migrate      apply migrations/ with yoyo
"""
